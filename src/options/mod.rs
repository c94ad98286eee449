//! Options with RocksDB 11.8.1's defaults. Each option ferrock models is declared once, in
//! `catalog.rs` (its RocksDB name, section, type, default, mutability, OPTIONS-file
//! spelling), which generates the `Options` and `BlockBasedTableOptions` structs; `value.rs`
//! writes and parses values as RocksDB does; `file.rs` is the OPTIONS file (writing and
//! parsing its sections), `load.rs` turns a file or an option string into `Options`, and
//! `mutable.rs` is SetOptions / SetDBOptions (what may change at run time, all or nothing).
//! `capi::options` stores every other option a C caller sets so that getters read them back,
//! and tells the info LOG which ones the engine ignores.

pub mod catalog;
pub mod compaction_style;
pub mod file;
pub mod load;
pub mod mutable;
pub mod value;

pub use catalog::{BlockBasedTableOptions, Options, Section};

use std::sync::Arc;

/// RocksDB's `CompressionType` byte values (also the block trailer's type byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum CompressionType {
    /// No compression (`kNoCompression`).
    None = 0,
    /// Snappy (`kSnappyCompression`).
    Snappy = 1,
    /// Zlib's raw deflate (`kZlibCompression`).
    Zlib = 2,
    /// BZip2 (`kBZip2Compression`).
    BZip2 = 3,
    /// LZ4 (`kLZ4Compression`).
    Lz4 = 4,
    /// LZ4 high compression (`kLZ4HCCompression`).
    Lz4hc = 5,
    /// Windows' Xpress (`kXpressCompression`): not supported for writing.
    Xpress = 6,
    /// ZSTD (`kZSTD`).
    Zstd = 7,
}

impl CompressionType {
    /// The type with RocksDB's byte value `v`, None for an unknown one.
    pub fn from_u8(v: u8) -> Option<CompressionType> {
        Some(match v {
            0 => CompressionType::None,
            1 => CompressionType::Snappy,
            2 => CompressionType::Zlib,
            3 => CompressionType::BZip2,
            4 => CompressionType::Lz4,
            5 => CompressionType::Lz4hc,
            6 => CompressionType::Xpress,
            7 => CompressionType::Zstd,
            _ => return None,
        })
    }
    /// The name RocksDB writes in the `rocksdb.compression` table property.
    pub fn name(self) -> &'static str {
        match self {
            CompressionType::None => "NoCompression",
            CompressionType::Snappy => "Snappy",
            CompressionType::Zlib => "Zlib",
            CompressionType::BZip2 => "BZip2",
            CompressionType::Lz4 => "LZ4",
            CompressionType::Lz4hc => "LZ4HC",
            CompressionType::Xpress => "Xpress",
            CompressionType::Zstd => "ZSTD",
        }
    }
    /// Whether ferrock can write tables with this codec.
    pub fn supported_for_writing(self) -> bool {
        !matches!(self, CompressionType::Xpress)
    }
}

/// RocksDB's `WALRecoveryMode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalRecoveryMode {
    /// Tolerate an incomplete record at the end of the last WAL (`kTolerateCorruptedTailRecords`).
    TolerateCorruptedTailRecords = 0,
    /// Any WAL corruption fails the open (`kAbsoluteConsistency`).
    AbsoluteConsistency = 1,
    /// Recover up to the first corruption, dropping what follows (`kPointInTimeRecovery`, the default).
    PointInTime = 2,
    /// Skip corrupted records and go on (`kSkipAnyCorruptedRecords`).
    SkipAnyCorruptedRecords = 3,
}

/// RocksDB's marker for "the codec's default level" (CompressionOptions::kDefaultCompressionLevel).
pub const DEFAULT_COMPRESSION_LEVEL: i32 = 32767;

impl Options {
    /// RocksDB's SanitizeCfOptions: out-of-range values are clipped, not refused (a program
    /// that calls `rocksdb_options_optimize_level_style_compaction(opts, 0)` gets a 64 KiB
    /// write buffer, as with RocksDB).
    pub(crate) fn sanitized(&self) -> Options {
        let mut o = self.clone();
        o.write_buffer_size = o.write_buffer_size.clamp(64 << 10, 64 << 30);
        o.max_write_buffer_number = o.max_write_buffer_number.max(2);
        o.min_write_buffer_number_to_merge = o.min_write_buffer_number_to_merge.min(o.max_write_buffer_number - 1).max(1);
        if o.num_levels < 2 {
            o.num_levels = 2;
        }
        if o.max_bytes_for_level_multiplier <= 0.0 {
            o.max_bytes_for_level_multiplier = 1.0;
        }
        if o.level0_file_num_compaction_trigger == 0 {
            o.level0_file_num_compaction_trigger = 1;
        }
        if o.level0_slowdown_writes_trigger < o.level0_file_num_compaction_trigger {
            o.level0_slowdown_writes_trigger = o.level0_file_num_compaction_trigger;
        }
        if o.level0_stop_writes_trigger < o.level0_slowdown_writes_trigger {
            o.level0_stop_writes_trigger = o.level0_slowdown_writes_trigger;
        }
        o
    }

    /// RocksDB's `Options::statistics = CreateDBStatistics()`.
    pub fn enable_statistics(&mut self) -> Arc<crate::stats::Statistics> {
        self.statistics = true;
        self.stats.get_or_insert_with(crate::stats::Statistics::new).clone()
    }

    /// The file system these options name (the POSIX one by default).
    pub fn file_system(&self) -> Arc<dyn crate::env::FileSystem> {
        self.fs.clone().unwrap_or_else(crate::env::default_fs)
    }
}


/// The memtable representation (RocksDB's memtable_factory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemTableRep {
    /// SkipListFactory, the default.
    SkipList,
    /// HashSkipListRepFactory(bucket_count, skiplist_height, skiplist_branching_factor): keys
    /// bucketed by prefix; a prefix-mode iterator walks one bucket (`iter::prefix_bucket`).
    /// Without a prefix extractor RocksDB falls back to the skiplist, and so does ferrock.
    HashSkipList {
        /// Hash buckets (RocksDB's default 1,000,000).
        bucket_count: usize,
        /// The height of each bucket's skiplist (4).
        height: i32,
        /// The skiplists' branching factor (4).
        branching: i32,
    },
}

impl BlockBasedTableOptions {
    /// Whether a table built for `levelish` (its output level; -1 for a flush, i32::MAX - 1
    /// when unknown, as for SstFileWriter) gets a Ribbon filter (RibbonFilterPolicy::GetBuilderWithContext).
    pub(crate) fn ribbon_filter_for(&self, levelish: i32) -> bool {
        matches!(self.ribbon_bloom_before_level, Some(before) if levelish >= before)
    }
}

/// RocksDB's DbPath: a directory for table files and the bytes it should hold; the
/// compaction picker puts a level's outputs in the first path its size still fits
/// (`crate::compaction::paths`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbPath {
    /// The directory.
    pub path: String,
    /// The bytes of tables this directory should hold before later levels move on.
    pub target_size: u64,
}


/// RocksDB's ReadOptions::table_filter: whether an iterator reads the point entries of the table with
/// these properties (its range tombstones apply either way). With them come the table's (smallest,
/// largest) key sequence numbers, which RocksDB 11.8.1 records among a table's properties and ferrock's
/// 7.8.3-format tables keep in the MANIFEST.
pub type TableFilter = Arc<dyn Fn(&crate::table::TableProperties, (u64, u64)) -> bool + Send + Sync>;

/// RocksDB's ReadOptions (the fields ferrock honours).
#[derive(Clone, Default)]
pub struct ReadOptions {
    /// Check the checksum of every block read (true).
    pub verify_checksums: bool,
    /// Put blocks read into the block cache (true).
    pub fill_cache: bool,
    /// Read at this snapshot's sequence instead of the latest.
    pub snapshot: Option<crate::db::Snapshot>,
    /// An iterator stops before keys below this one (inclusive bound).
    pub iterate_lower_bound: Option<Vec<u8>>,
    /// An iterator stops at this key (exclusive bound).
    pub iterate_upper_bound: Option<Vec<u8>>,
    /// Seek in total order even when a prefix extractor is set.
    pub total_order_seek: bool,
    /// auto_prefix_mode: total-order results even with a prefix extractor (ferrock then skips no source).
    pub auto_prefix_mode: bool,
    /// With a prefix extractor, an iterator stays within the seek target's prefix.
    pub prefix_same_as_start: bool,
    /// A tailing iterator: it sees writes made after it was created.
    pub tailing: bool,
    /// Keep the blocks under the iterator's keys and values pinned while it lives.
    pub pin_data: bool,
    /// Bytes read ahead by iterators over table files (0: RocksDB's automatic readahead).
    pub readahead_size: usize,
    /// Asked once per table as an iterator opens it (RocksDB's TableCache::NewIterator).
    pub table_filter: Option<TableFilter>,
}

impl ReadOptions {
    /// RocksDB's default read options: checksums verified, the cache filled. (`Default` gives
    /// both false.)
    pub fn new() -> Self {
        ReadOptions { verify_checksums: true, fill_cache: true, ..Default::default() }
    }

    /// Whether seeks may skip the sources whose prefix filter rules out the
    /// target's prefix (RocksDB's prefix mode): an extractor is set and
    /// neither `total_order_seek` (unless `prefix_same_as_start`) nor
    /// `auto_prefix_mode` asks for total order.
    pub(crate) fn prefix_seek_filtering(&self, extractor: Option<&Arc<dyn crate::prefix::SliceTransform>>) -> bool {
        extractor.is_some() && !self.auto_prefix_mode && (!self.total_order_seek || self.prefix_same_as_start)
    }
}

/// RocksDB's WriteOptions.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions {
    /// Sync the WAL before the write returns (fsync/fdatasync).
    pub sync: bool,
    /// Do not write the WAL: the write is lost on a crash unless flushed.
    pub disable_wal: bool,
    /// Skip writes to dropped or unknown column families instead of failing.
    pub ignore_missing_column_families: bool,
    /// Fail with `Incomplete` instead of waiting when writes are stalled.
    pub no_slowdown: bool,
    /// A low-priority write: slowed down first while compactions are behind.
    pub low_pri: bool,
}

/// RocksDB's FlushOptions.
#[derive(Clone, Copy, Debug)]
pub struct FlushOptions {
    /// Wait for the flush to finish (true).
    pub wait: bool,
    /// Flush even if that stalls writes; otherwise wait until it would not (false).
    pub allow_write_stall: bool,
}

impl Default for FlushOptions {
    fn default() -> Self {
        FlushOptions { wait: true, allow_write_stall: false }
    }
}
