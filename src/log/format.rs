//! Constants of the log format shared by the WAL and the MANIFEST
//! (docs/format/log.md, RocksDB's `db/log_format.h`).

/// Logs are a sequence of blocks of this size; no physical record crosses a block boundary.
pub const BLOCK_SIZE: usize = 32768;
/// `fixed32 masked_crc | fixed16 length | u8 type`.
pub const HEADER_SIZE: usize = 7;
/// The legacy header followed by the low 32 bits of the log number.
pub const RECYCLABLE_HEADER_SIZE: usize = 11;

/// Physical record types (the byte at header offset 6).
pub mod record_type {
    /// Preallocated, never-written space.
    pub const ZERO: u8 = 0;
    pub const FULL: u8 = 1;
    pub const FIRST: u8 = 2;
    pub const MIDDLE: u8 = 3;
    pub const LAST: u8 = 4;
    pub const RECYCLABLE_FULL: u8 = 5;
    pub const RECYCLABLE_FIRST: u8 = 6;
    pub const RECYCLABLE_MIDDLE: u8 = 7;
    pub const RECYCLABLE_LAST: u8 = 8;
    /// WAL compression marker; payload is a fixed32 CompressionType.
    pub const SET_COMPRESSION_TYPE: u8 = 9;

    /// Offset added to a legacy fragment type to get its recyclable variant.
    pub const RECYCLABLE_OFFSET: u8 = RECYCLABLE_FULL - FULL;
}
