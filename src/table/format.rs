//! Block handles, the table footer and the block trailer of RocksDB's
//! block-based tables (docs/format/primitives.md, §5.2, §5.8), and `read_block`,
//! which fetches one block with a positional read, checks its trailer and
//! decompresses it.
//!
//! Everything here is plain data or a pure function; thread-safe.

use crate::env::RandomAccessFile;
use crate::error::{Error, Result};
use crate::table::compression::decompress_block;
use crate::table::xxh3::xxh3_64;
use crate::table::xxhash::{xxh32, xxh64};
use crate::util::coding::{decode_fixed32, decode_fixed64, get_varint64, put_fixed32, put_fixed64, put_varint64};
use crate::util::crc;

/// Bytes after every block: compression type byte + fixed32 checksum.
pub const BLOCK_TRAILER_SIZE: usize = 5;
/// Footer length for format_version >= 1.
pub const FOOTER_SIZE: usize = 53;
/// Footer length of the legacy format 0.
pub const LEGACY_FOOTER_SIZE: usize = 48;
pub const MAX_BLOCK_HANDLE_LEN: usize = 20;
pub const BLOCK_BASED_TABLE_MAGIC: u64 = 0x88e2_41b7_85f4_cff7;
pub const LEGACY_BLOCK_BASED_TABLE_MAGIC: u64 = 0xdb47_7524_8b80_fb57;
/// Magic numbers of RocksDB's other table formats, recognised only to name them.
pub const PLAIN_TABLE_MAGIC: u64 = 0x8242_2296_63bf_9564;
pub const LEGACY_PLAIN_TABLE_MAGIC: u64 = 0x4f34_18eb_7a8f_13b8;
pub const CUCKOO_TABLE_MAGIC: u64 = 0x9267_89d0_c5f1_7873;
/// The format_version ferrock writes (7.8.3 cannot read 6 or 7).
pub const FORMAT_VERSION: u32 = 5;

/// RocksDB's ChecksumType codes.
pub const CHECKSUM_NONE: u8 = 0;
pub const CHECKSUM_CRC32C: u8 = 1;
pub const CHECKSUM_XXHASH: u8 = 2;
pub const CHECKSUM_XXHASH64: u8 = 3;
pub const CHECKSUM_XXH3: u8 = 4;

/// Where a block lives: offset and size, the size excluding the trailer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockHandle {
    pub offset: u64,
    pub size: u64,
}

impl BlockHandle {
    pub fn new(offset: u64, size: u64) -> Self {
        BlockHandle { offset, size }
    }
    pub fn encode_to(&self, dst: &mut Vec<u8>) {
        put_varint64(dst, self.offset);
        put_varint64(dst, self.size);
    }
    pub fn decode_from(src: &mut &[u8]) -> Result<BlockHandle> {
        match (get_varint64(src), get_varint64(src)) {
            (Some(offset), Some(size)) => Ok(BlockHandle { offset, size }),
            _ => Err(Error::corruption("bad block handle")),
        }
    }
    pub fn is_null(&self) -> bool {
        self.offset == 0 && self.size == 0
    }
}

/// The 4 bytes after the checksum type in a format_version 6+ footer.
pub const EXTENDED_MAGIC: [u8; 4] = [0x3e, 0x00, 0x7a, 0x00];

/// The table footer. Format 1..=5: checksum type, metaindex and index handles,
/// padding, version, magic. Format 6 and 7 (RocksDB 8.x+, not readable by
/// 7.8.3): checksum type, extended magic, the footer's own checksum, the base
/// context checksum, the metaindex size (the metaindex ends right before the
/// footer), padding, version, magic; the index handle moves into the metaindex
/// under `rocksdb.index`, so `index_handle` is null until the reader fills it.
/// Legacy format 0 decodes too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footer {
    pub checksum_type: u8,
    pub metaindex_handle: BlockHandle,
    pub index_handle: BlockHandle,
    pub format_version: u32,
    /// Format 6+: mixed into every block checksum with the block's offset
    /// (`context_modifier`); 0 (no context) for older formats.
    pub base_context_checksum: u32,
}

/// RocksDB's ChecksumModifierForContext: what a format 6+ file adds to the
/// checksum of the block at `offset` (0 when `base` is 0, i.e. older formats).
pub fn context_modifier(base: u32, offset: u64) -> u32 {
    if base == 0 {
        return 0;
    }
    base ^ (offset as u32).wrapping_add((offset >> 32) as u32)
}

impl Footer {
    /// Encodes a format 1..=5 footer (what ferrock writes).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FOOTER_SIZE);
        out.push(self.checksum_type);
        self.metaindex_handle.encode_to(&mut out);
        self.index_handle.encode_to(&mut out);
        out.resize(1 + 2 * MAX_BLOCK_HANDLE_LEN, 0);
        put_fixed32(&mut out, self.format_version);
        put_fixed64(&mut out, BLOCK_BASED_TABLE_MAGIC);
        out
    }

    /// Encodes a format 6+ footer that starts at file offset `footer_offset`,
    /// its own checksum included (`index_handle` is not part of it).
    pub fn encode_with_context(&self, footer_offset: u64) -> Vec<u8> {
        let mut out = Vec::with_capacity(FOOTER_SIZE);
        out.push(self.checksum_type);
        out.extend_from_slice(&EXTENDED_MAGIC);
        put_fixed32(&mut out, 0);
        put_fixed32(&mut out, self.base_context_checksum);
        put_fixed32(&mut out, self.metaindex_handle.size as u32);
        out.resize(1 + 2 * MAX_BLOCK_HANDLE_LEN, 0);
        put_fixed32(&mut out, self.format_version);
        put_fixed64(&mut out, BLOCK_BASED_TABLE_MAGIC);
        let c = footer_checksum(self.checksum_type, &out)
            .unwrap_or(0)
            .wrapping_add(context_modifier(self.base_context_checksum, footer_offset));
        out[5..9].copy_from_slice(&c.to_le_bytes());
        out
    }

    /// Decodes the footer from the last bytes of a file (`tail` ends at EOF
    /// and starts at file offset `tail_offset`).
    pub fn decode(tail: &[u8], tail_offset: u64) -> Result<Footer> {
        if tail.len() < LEGACY_FOOTER_SIZE {
            return Err(Error::corruption("file is too short to be an sstable"));
        }
        let magic = decode_fixed64(&tail[tail.len() - 8..]);
        if magic == LEGACY_BLOCK_BASED_TABLE_MAGIC {
            let mut p = &tail[tail.len() - LEGACY_FOOTER_SIZE..];
            let metaindex_handle = BlockHandle::decode_from(&mut p)?;
            let index_handle = BlockHandle::decode_from(&mut p)?;
            return Ok(Footer {
                checksum_type: CHECKSUM_CRC32C,
                metaindex_handle,
                index_handle,
                format_version: 0,
                base_context_checksum: 0,
            });
        }
        match magic {
            PLAIN_TABLE_MAGIC | LEGACY_PLAIN_TABLE_MAGIC => {
                return Err(Error::not_supported("PlainTable SST files (only block-based tables are read)"))
            }
            CUCKOO_TABLE_MAGIC => {
                return Err(Error::not_supported("CuckooTable SST files (only block-based tables are read)"))
            }
            _ => {}
        }
        if magic != BLOCK_BASED_TABLE_MAGIC {
            return Err(Error::corruption(format!(
                "Bad table magic number: expected {}, found {}",
                BLOCK_BASED_TABLE_MAGIC, magic
            )));
        }
        if tail.len() < FOOTER_SIZE {
            return Err(Error::corruption("Input is too short to be an SST file"));
        }
        let f = &tail[tail.len() - FOOTER_SIZE..];
        let format_version = decode_fixed32(&f[41..45]);
        if format_version > 7 {
            return Err(Error::corruption(format!(
                "Corrupt or unsupported format_version {} for magic {}",
                format_version, magic
            )));
        }
        let checksum_type = f[0];
        if checksum_type > CHECKSUM_XXH3 {
            return Err(Error::corruption(format!("Corrupt or unsupported checksum type: {}", checksum_type)));
        }
        if format_version >= 6 {
            let footer_offset = tail_offset + (tail.len() - FOOTER_SIZE) as u64;
            return Self::decode_with_context(f, footer_offset, checksum_type, format_version);
        }
        let mut p = &f[1..41];
        let metaindex_handle = BlockHandle::decode_from(&mut p)?;
        let index_handle = BlockHandle::decode_from(&mut p)?;
        Ok(Footer { checksum_type, metaindex_handle, index_handle, format_version, base_context_checksum: 0 })
    }

    fn decode_with_context(f: &[u8], footer_offset: u64, checksum_type: u8, format_version: u32) -> Result<Footer> {
        if f[1..5] != EXTENDED_MAGIC {
            return Err(Error::corruption(format!("Bad extended magic number: 0x{}", hex(&f[1..5]))));
        }
        let stored = decode_fixed32(&f[5..9]);
        let base_context_checksum = decode_fixed32(&f[9..13]);
        if base_context_checksum == 0 {
            return Err(Error::corruption("Invalid base context checksum"));
        }
        if checksum_type != CHECKSUM_NONE {
            let mut copy = f.to_vec();
            copy[5..9].fill(0);
            let computed = footer_checksum(checksum_type, &copy)?
                .wrapping_add(context_modifier(base_context_checksum, footer_offset));
            if computed != stored {
                return Err(Error::corruption(format!("Footer at {} checksum mismatch", footer_offset)));
            }
        }
        let metaindex_size = decode_fixed32(&f[13..17]) as u64;
        if decode_fixed64(&f[33..41]) != 0 {
            return Err(Error::not_supported("File uses a future feature not supported in this version"));
        }
        let metaindex_offset = footer_offset
            .checked_sub(BLOCK_TRAILER_SIZE as u64 + metaindex_size)
            .ok_or_else(|| Error::corruption("metaindex size in footer larger than the file"))?;
        Ok(Footer {
            checksum_type,
            metaindex_handle: BlockHandle::new(metaindex_offset, metaindex_size),
            index_handle: BlockHandle::default(),
            format_version,
            base_context_checksum,
        })
    }
}

/// The footer's own checksum: RocksDB's ComputeBuiltinChecksum over all 53
/// bytes, i.e. the block rule with the last byte in the place of the type byte.
fn footer_checksum(checksum_type: u8, footer: &[u8]) -> Result<u32> {
    match footer.split_last() {
        Some((last, body)) => compute_checksum(checksum_type, body, *last),
        None => Ok(0),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{:02x}", x)).collect()
}

/// The 32-bit checksum stored in a trailer for `block` followed by `type_byte`.
pub fn compute_checksum(checksum_type: u8, block: &[u8], type_byte: u8) -> Result<u32> {
    match checksum_type {
        CHECKSUM_NONE => Ok(0),
        CHECKSUM_CRC32C => Ok(crc::mask(crc::extend(crc::value(block), &[type_byte]))),
        CHECKSUM_XXH3 => {
            // The type byte is folded in by multiplication, not hashed (§5.2).
            Ok((xxh3_64(block) as u32) ^ (type_byte as u32).wrapping_mul(0x6B90_83D9))
        }
        // The old xxHash types hash the type byte as one more input byte.
        CHECKSUM_XXHASH => Ok(xxh32(&with_type_byte(block, type_byte))),
        CHECKSUM_XXHASH64 => Ok(xxh64(&with_type_byte(block, type_byte)) as u32),
        other => Err(Error::corruption(format!("Corrupt or unsupported checksum type: {}", other))),
    }
}

fn with_type_byte(block: &[u8], type_byte: u8) -> Vec<u8> {
    let mut v = Vec::with_capacity(block.len() + 1);
    v.extend_from_slice(block);
    v.push(type_byte);
    v
}

/// Appends `block` and its trailer (CRC32C) to `out`.
pub fn append_block_with_trailer(out: &mut Vec<u8>, block: &[u8], type_byte: u8) {
    out.extend_from_slice(block);
    out.push(type_byte);
    let c = crc::mask(crc::extend(crc::value(block), &[type_byte]));
    put_fixed32(out, c);
}

/// Reads exactly `buf.len()` bytes at `offset`, or fails with Corruption
/// when the file ends first.
pub fn read_exact_at(file: &dyn RandomAccessFile, offset: u64, buf: &mut [u8], file_name: &str) -> Result<()> {
    let mut done = 0;
    while done < buf.len() {
        let n = file.read_at(offset + done as u64, &mut buf[done..])?;
        if n == 0 {
            return Err(Error::corruption(format!(
                "truncated block read from {} offset {}, expected {} bytes, got {}",
                file_name,
                offset,
                buf.len(),
                done
            )));
        }
        done += n;
    }
    Ok(())
}

/// Reads the block at `handle`, verifies its trailer when `verify` (and the
/// file has checksums, per `footer`), and returns its uncompressed contents.
/// With `maybe_compressed` false the type byte is ignored and the block is
/// returned as stored: RocksDB's rule for a table whose `rocksdb.compression`
/// property says "NoCompression".
pub fn read_block(
    file: &dyn RandomAccessFile,
    footer: &Footer,
    handle: &BlockHandle,
    verify: bool,
    maybe_compressed: bool,
    file_name: &str,
) -> Result<Vec<u8>> {
    let size = usize::try_from(handle.size)
        .ok()
        .filter(|s| *s <= (1usize << 40))
        .ok_or_else(|| Error::corruption(format!("block size {} too large in {}", handle.size, file_name)))?;
    with_read_buffer(size + BLOCK_TRAILER_SIZE, |buf| {
        read_exact_at(file, handle.offset, buf, file_name)?;
        verify_and_decode_block(footer, handle, buf, verify, maybe_compressed, file_name)
    })
}

/// The largest read a thread keeps its buffer for; larger blocks (rare: big metadata or
/// filter blocks) get a buffer of their own, so a thread does not hold megabytes for good.
const KEPT_READ_BUFFER: usize = 256 << 10;

thread_local! {
    /// The bytes of the last block read on this thread, reused by the next read: a block read
    /// from the file is either decompressed into a new buffer or copied out, so its raw bytes
    /// are scratch. Reusing them saves zero-filling a fresh buffer on every block-cache miss.
    static READ_BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on a buffer of `len` bytes (its contents unspecified): this thread's kept buffer
/// when `len` is small enough and the buffer is not already in use, else a new one.
fn with_read_buffer<T>(len: usize, f: impl FnOnce(&mut [u8]) -> Result<T>) -> Result<T> {
    if len <= KEPT_READ_BUFFER {
        let kept = READ_BUFFER.with(|b| b.try_borrow_mut().ok().map(|mut v| std::mem::take(&mut *v)));
        if let Some(mut v) = kept {
            if v.len() < len {
                v.resize(len, 0);
            }
            let r = f(&mut v[..len]);
            READ_BUFFER.with(|b| {
                if let Ok(mut slot) = b.try_borrow_mut() {
                    *slot = v;
                }
            });
            return r;
        }
    }
    f(&mut vec![0u8; len])
}

/// The checks and decoding of `read_block` on the block's bytes as read (`buf`: contents then
/// trailer).
fn verify_and_decode_block(
    footer: &Footer,
    handle: &BlockHandle,
    buf: &[u8],
    verify: bool,
    maybe_compressed: bool,
    file_name: &str,
) -> Result<Vec<u8>> {
    let size = buf.len() - BLOCK_TRAILER_SIZE;
    let type_byte = buf[size];
    let checksum_type = footer.checksum_type;
    if verify && checksum_type != CHECKSUM_NONE {
        // Format 6+ adds a per-offset modifier; removing it gives the plain checksum.
        let stored = decode_fixed32(&buf[size + 1..])
            .wrapping_sub(context_modifier(footer.base_context_checksum, handle.offset));
        let computed = compute_checksum(checksum_type, &buf[..size], type_byte)?;
        if stored != computed {
            let (s, c) = if checksum_type == CHECKSUM_CRC32C {
                (crc::unmask(stored), crc::unmask(computed))
            } else {
                (stored, computed)
            };
            return Err(Error::corruption(format!(
                "block checksum mismatch: stored = {}, computed = {}, type = {}  in {} offset {} size {}",
                s, c, checksum_type, file_name, handle.offset, handle.size
            )));
        }
    }
    let contents = &buf[..size];
    if type_byte == 0 || !maybe_compressed {
        Ok(contents.to_vec())
    } else if footer.format_version < 2 {
        // Formats 0 and 1 frame compressed blocks differently (§5.3).
        Err(Error::not_supported("compressed blocks of format_version < 2"))
    } else {
        decompress_block(type_byte, contents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footer_round_trip_and_bytes() {
        let f = Footer {
            checksum_type: CHECKSUM_CRC32C,
            metaindex_handle: BlockHandle::new(0x74, 0x1f),
            index_handle: BlockHandle::new(0x1a, 0x0d),
            format_version: 5,
            base_context_checksum: 0,
        };
        let b = f.encode();
        assert_eq!(b.len(), FOOTER_SIZE);
        assert_eq!(&b[..5], &[0x01, 0x74, 0x1f, 0x1a, 0x0d]);
        assert!(b[5..41].iter().all(|&x| x == 0));
        assert_eq!(&b[41..], &[5, 0, 0, 0, 0xf7, 0xcf, 0xf4, 0x85, 0xb7, 0x41, 0xe2, 0x88]);
        assert_eq!(Footer::decode(&b, 1000).unwrap(), f);
    }

    #[test]
    fn footer_rejects_bad_input() {
        let f = Footer {
            checksum_type: 1,
            metaindex_handle: BlockHandle::new(1, 2),
            index_handle: BlockHandle::new(3, 4),
            format_version: 8,
            base_context_checksum: 0,
        };
        let e = Footer::decode(&f.encode(), 0).unwrap_err();
        assert!(e.to_string().contains("unsupported format_version 8"), "{}", e);
        let mut b = Footer { format_version: 5, ..f }.encode();
        b[50] ^= 1;
        assert!(Footer::decode(&b, 0).unwrap_err().to_string().contains("Bad table magic number"));
        assert!(Footer::decode(&b[..10], 0).unwrap_err().is_corruption());
        let mut plain = vec![0u8; 48];
        plain[40..].copy_from_slice(&PLAIN_TABLE_MAGIC.to_le_bytes());
        assert_eq!(
            Footer::decode(&plain, 0).unwrap_err().to_string(),
            "Not implemented: PlainTable SST files (only block-based tables are read)"
        );
        plain[40..].copy_from_slice(&CUCKOO_TABLE_MAGIC.to_le_bytes());
        assert!(Footer::decode(&plain, 0).unwrap_err().to_string().contains("CuckooTable"));
        // A format 6 footer written with the old layout has no extended magic.
        let b = Footer { format_version: 6, ..f }.encode();
        assert!(Footer::decode(&b, 0).unwrap_err().to_string().contains("Bad extended magic number"));
    }

    #[test]
    fn context_footer_round_trip_and_checks() {
        let f = Footer {
            checksum_type: CHECKSUM_CRC32C,
            metaindex_handle: BlockHandle::new(900, 60),
            index_handle: BlockHandle::default(),
            format_version: 6,
            base_context_checksum: 0xdead_beef,
        };
        let at = 965; // metaindex 900..960, its trailer 960..965, then the footer
        let b = f.encode_with_context(at);
        assert_eq!(b.len(), FOOTER_SIZE);
        assert_eq!(&b[1..5], &EXTENDED_MAGIC);
        assert_eq!(&b[9..13], &0xdead_beefu32.to_le_bytes());
        assert_eq!(&b[13..17], &60u32.to_le_bytes());
        assert_eq!(Footer::decode(&b, at).unwrap(), f);
        // The footer's checksum depends on where it sits.
        assert!(Footer::decode(&b, at + 1).unwrap_err().to_string().contains("Footer at 966 checksum mismatch"));
        let mut z = b.clone();
        z[9..13].fill(0);
        assert!(Footer::decode(&z, at).unwrap_err().to_string().contains("Invalid base context checksum"));
    }

    #[test]
    fn checksum_types() {
        // §7 example: empty-ish block checksums are checked there; here the XXH3 rule.
        let block = b"hello";
        let want = (0x9555e8555c62dcfdu64 as u32) ^ 0u32;
        assert_eq!(compute_checksum(CHECKSUM_XXH3, block, 0).unwrap(), want);
        let want4 = (0x9555e8555c62dcfdu64 as u32) ^ 4u32.wrapping_mul(0x6B90_83D9);
        assert_eq!(compute_checksum(CHECKSUM_XXH3, block, 4).unwrap(), want4);
        assert_eq!(compute_checksum(CHECKSUM_NONE, block, 4).unwrap(), 0);
    }
}
