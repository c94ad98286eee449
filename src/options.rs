//! Options with RocksDB 11.8.1's defaults. Each field names its RocksDB option;
//! `capi::options` stores every other option a C caller sets so that getters
//! read them back, and tells the info LOG which ones the engine ignores.

use crate::util::comparator::Comparator;
use std::sync::Arc;

/// RocksDB's `CompressionType` byte values (also the block trailer's type byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum CompressionType {
    None = 0,
    Snappy = 1,
    Zlib = 2,
    BZip2 = 3,
    Lz4 = 4,
    Lz4hc = 5,
    Xpress = 6,
    Zstd = 7,
}

impl CompressionType {
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
    TolerateCorruptedTailRecords = 0,
    AbsoluteConsistency = 1,
    PointInTime = 2,
    SkipAnyCorruptedRecords = 3,
}

/// The memtable representation (RocksDB's memtable_factory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemTableRep {
    /// SkipListFactory, the default.
    SkipList,
    /// HashSkipListRepFactory(bucket_count, skiplist_height, skiplist_branching_factor): keys
    /// bucketed by prefix; a prefix-mode iterator walks one bucket (`iter::prefix_bucket`).
    /// Without a prefix extractor RocksDB falls back to the skiplist, and so does ferrock.
    HashSkipList { bucket_count: usize, height: i32, branching: i32 },
}

/// Options of the block-based table format.
#[derive(Clone)]
pub struct BlockBasedTableOptions {
    /// block_size, default 4 KiB (uncompressed bytes per data block).
    pub block_size: usize,
    /// block_restart_interval, default 16.
    pub block_restart_interval: usize,
    /// index_block_restart_interval, default 1.
    pub index_block_restart_interval: usize,
    /// Bits per key of the full bloom filter; 0 means no filter (RocksDB's default).
    /// With `ribbon_bloom_before_level` these are the Bloom-equivalent bits of a Ribbon policy.
    pub bloom_bits_per_key: f64,
    /// A Ribbon policy (NewRibbonFilterPolicy(bits, bloom_before_level)): tables of levels
    /// >= this (a flush counts as level -1) get Standard128 Ribbon filters, the others Bloom
    /// filters; -1 = always Ribbon, i32::MAX = always Bloom. None: a Bloom policy.
    pub ribbon_bloom_before_level: Option<i32>,
    /// whole_key_filtering, default true.
    pub whole_key_filtering: bool,
    /// The block cache; `None` gives each database a 32 MiB cache of its own (RocksDB's default).
    pub block_cache: Option<Arc<crate::table::cache::BlockCache>>,
    /// no_block_cache, default false.
    pub no_block_cache: bool,
    /// cache_index_and_filter_blocks, default false (they are held by the table reader).
    pub cache_index_and_filter_blocks: bool,
    /// format_version: ferrock writes 5 (RocksDB 7.8.3 rejects 6).
    pub format_version: u32,
}

impl Default for BlockBasedTableOptions {
    fn default() -> Self {
        BlockBasedTableOptions {
            block_size: 4096,
            block_restart_interval: 16,
            index_block_restart_interval: 1,
            bloom_bits_per_key: 0.0,
            ribbon_bloom_before_level: None,
            whole_key_filtering: true,
            block_cache: None,
            no_block_cache: false,
            cache_index_and_filter_blocks: false,
            format_version: 5,
        }
    }
}

impl BlockBasedTableOptions {
    /// Whether a table built for `levelish` (its output level; -1 for a flush, i32::MAX - 1
    /// when unknown, as for SstFileWriter) gets a Ribbon filter (RibbonFilterPolicy::GetBuilderWithContext).
    pub fn ribbon_filter_for(&self, levelish: i32) -> bool {
        matches!(self.ribbon_bloom_before_level, Some(before) if levelish >= before)
    }
}

/// Database and column family options (RocksDB's DBOptions + ColumnFamilyOptions).
#[derive(Clone)]
pub struct Options {
    // DBOptions
    pub create_if_missing: bool,
    pub create_missing_column_families: bool,
    pub error_if_exists: bool,
    pub paranoid_checks: bool,
    /// max_open_files, default -1 (all tables stay open).
    pub max_open_files: i32,
    /// max_background_jobs, default 2.
    pub max_background_jobs: i32,
    /// max_total_wal_size, default 0 (= 4 x the sum of write buffers).
    pub max_total_wal_size: u64,
    pub wal_recovery_mode: WalRecoveryMode,
    /// wal_dir, default "" (the database directory).
    pub wal_dir: String,
    /// use_fsync, default false (fdatasync).
    pub use_fsync: bool,
    /// bytes_per_sync / wal_bytes_per_sync, default 0.
    pub bytes_per_sync: u64,
    pub wal_bytes_per_sync: u64,
    /// delayed_write_rate, default 16 MiB/s.
    pub delayed_write_rate: u64,
    /// keep_log_file_num for the info LOG, default 1000.
    pub keep_log_file_num: usize,
    /// info_log_level, default INFO (1): above INFO, the LOG file gets nothing (ferrock writes
    /// INFO lines only).
    pub info_log_level: i32,
    /// A user's logger instead of the LOG file (RocksDB's options.info_log).
    pub info_log: Option<Arc<crate::env::info_log::UserLogger>>,
    /// stats_dump_period_sec, default 600.
    pub stats_dump_period_sec: u32,
    /// avoid_flush_during_shutdown, default false.
    pub avoid_flush_during_shutdown: bool,
    /// rate_limiter, default none: flush and compaction writes are charged to it.
    pub rate_limiter: Option<Arc<crate::util::rate_limiter::RateLimiter>>,
    /// allow_2pc, default false; a TransactionDB turns it on, as RocksDB's does. With it a
    /// checkpoint or backup always flushes first (prepared sections live only in the WAL).
    pub allow_2pc: bool,
    /// write_dbid_to_manifest, default true (RocksDB 11.8.1): the DB id is recorded in the
    /// MANIFEST, so copies of the database (checkpoints, backups) keep it.
    pub write_dbid_to_manifest: bool,
    /// write_identity_file, default true: the DB id is also written to IDENTITY; with false an
    /// IDENTITY file is deleted after a successful open. Both false is refused.
    pub write_identity_file: bool,
    /// allow_concurrent_memtable_write, default true. ferrock's write leader inserts a group's
    /// batches itself, so the value changes no result; open refuses it with
    /// inplace_update_support, as RocksDB does.
    pub allow_concurrent_memtable_write: bool,
    /// enable_statistics (C API `rocksdb_options_enable_statistics`).
    pub statistics: bool,
    /// The statistics object shared by the databases opened with these options (created by
    /// `enable_statistics`, or at open when `statistics` is set).
    pub stats: Option<Arc<crate::stats::Statistics>>,
    /// The file system (RocksDB's `env`); None means the POSIX one. Tests pass the
    /// fault-injecting file system here.
    pub fs: Option<Arc<dyn crate::env::FileSystem>>,

    // ColumnFamilyOptions
    pub comparator: Comparator,
    /// write_buffer_size, default 64 MiB.
    pub write_buffer_size: usize,
    /// max_write_buffer_number, default 2.
    pub max_write_buffer_number: i32,
    /// min_write_buffer_number_to_merge, default 1.
    pub min_write_buffer_number_to_merge: i32,
    /// compression, default LZ4 (RocksDB 11.8.1's default when LZ4 is built in).
    pub compression: CompressionType,
    /// bottommost_compression, default disabled (None here = use `compression`).
    pub bottommost_compression: Option<CompressionType>,
    /// compression_opts.level; i32::MIN (32767 in RocksDB) means the codec's default.
    pub compression_level: i32,
    pub num_levels: i32,
    pub level0_file_num_compaction_trigger: i32,
    pub level0_slowdown_writes_trigger: i32,
    pub level0_stop_writes_trigger: i32,
    pub target_file_size_base: u64,
    pub target_file_size_multiplier: i32,
    pub max_bytes_for_level_base: u64,
    pub max_bytes_for_level_multiplier: f64,
    pub max_bytes_for_level_multiplier_additional: Vec<i32>,
    pub level_compaction_dynamic_level_bytes: bool,
    /// max_compaction_bytes, default 0 (= 25 x target_file_size_base).
    pub max_compaction_bytes: u64,
    pub soft_pending_compaction_bytes_limit: u64,
    pub hard_pending_compaction_bytes_limit: u64,
    pub disable_auto_compactions: bool,
    pub max_subcompactions: u32,
    pub table: BlockBasedTableOptions,
    /// merge_operator, default none (Merge writes are then refused).
    pub merge_operator: Option<Arc<dyn crate::merge::MergeOperator>>,
    /// compaction_filter / compaction_filter_factory, default none.
    pub compaction_filter: Option<Arc<dyn crate::compaction::CompactionFilter>>,
    pub compaction_filter_factory: Option<Arc<dyn crate::compaction::CompactionFilterFactory>>,
    /// listeners, default none: told about flushes, compactions, ingestions, stalls, sealed
    /// memtables and background errors (src/db/listener.rs).
    pub listeners: Vec<Arc<dyn crate::db::listener::Listener>>,
    /// prefix_extractor, default none.
    pub prefix_extractor: Option<Arc<dyn crate::prefix::SliceTransform>>,
    /// memtable_prefix_bloom_size_ratio, default 0 (no memtable bloom); clipped to 0.25.
    pub memtable_prefix_bloom_size_ratio: f64,
    /// memtable_whole_key_filtering, default false (the memtable bloom holds prefixes only).
    pub memtable_whole_key_filtering: bool,
    /// inplace_update_support, default false: a Put whose key's newest memtable entry is a Put
    /// with a value at least as long replaces that entry's value and keeps its sequence
    /// (RocksDB's MemTable::Update), so snapshots see the new value.
    pub inplace_update_support: bool,
    /// inplace_update_num_locks, default 10000 (RocksDB's lock stripes for in-place updates;
    /// ferrock's updates publish the new value atomically and need no locks: stored, written to OPTIONS).
    pub inplace_update_num_locks: usize,
    /// memtable_factory, default the skiplist.
    pub memtable_rep: MemTableRep,
}

/// RocksDB's marker for "the codec's default level" (CompressionOptions::kDefaultCompressionLevel).
pub const DEFAULT_COMPRESSION_LEVEL: i32 = 32767;

impl Options {
    /// RocksDB's SanitizeCfOptions: out-of-range values are clipped, not refused (a program
    /// that calls `rocksdb_options_optimize_level_style_compaction(opts, 0)` gets a 64 KiB
    /// write buffer, as with RocksDB).
    pub fn sanitized(&self) -> Options {
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

impl Default for Options {
    fn default() -> Self {
        Options {
            create_if_missing: false,
            create_missing_column_families: false,
            error_if_exists: false,
            paranoid_checks: true,
            max_open_files: -1,
            max_background_jobs: 2,
            max_total_wal_size: 0,
            wal_recovery_mode: WalRecoveryMode::PointInTime,
            wal_dir: String::new(),
            use_fsync: false,
            bytes_per_sync: 0,
            wal_bytes_per_sync: 0,
            delayed_write_rate: 16 * 1024 * 1024,
            keep_log_file_num: 1000,
            info_log_level: 1,
            info_log: None,
            stats_dump_period_sec: 600,
            avoid_flush_during_shutdown: false,
            rate_limiter: None,
            allow_2pc: false,
            write_dbid_to_manifest: true,
            write_identity_file: true,
            allow_concurrent_memtable_write: true,
            statistics: false,
            stats: None,
            fs: None,
            comparator: Comparator::Bytewise,
            write_buffer_size: 64 << 20,
            max_write_buffer_number: 2,
            min_write_buffer_number_to_merge: 1,
            compression: CompressionType::Lz4,
            bottommost_compression: None,
            compression_level: DEFAULT_COMPRESSION_LEVEL,
            num_levels: 7,
            level0_file_num_compaction_trigger: 4,
            level0_slowdown_writes_trigger: 20,
            level0_stop_writes_trigger: 36,
            target_file_size_base: 64 << 20,
            target_file_size_multiplier: 1,
            max_bytes_for_level_base: 256 << 20,
            max_bytes_for_level_multiplier: 10.0,
            max_bytes_for_level_multiplier_additional: vec![1; 7],
            level_compaction_dynamic_level_bytes: true,
            max_compaction_bytes: 0,
            soft_pending_compaction_bytes_limit: 64 << 30,
            hard_pending_compaction_bytes_limit: 256 << 30,
            disable_auto_compactions: false,
            max_subcompactions: 1,
            table: BlockBasedTableOptions::default(),
            merge_operator: None,
            compaction_filter: None,
            compaction_filter_factory: None,
            listeners: Vec::new(),
            prefix_extractor: None,
            memtable_prefix_bloom_size_ratio: 0.0,
            memtable_whole_key_filtering: false,
            inplace_update_support: false,
            inplace_update_num_locks: 10000,
            memtable_rep: MemTableRep::SkipList,
        }
    }
}

/// RocksDB's ReadOptions (the fields ferrock honours).
#[derive(Clone, Default)]
pub struct ReadOptions {
    pub verify_checksums: bool,
    pub fill_cache: bool,
    /// Read at this snapshot's sequence instead of the latest.
    pub snapshot: Option<crate::db::Snapshot>,
    pub iterate_lower_bound: Option<Vec<u8>>,
    pub iterate_upper_bound: Option<Vec<u8>>,
    pub total_order_seek: bool,
    /// auto_prefix_mode: total-order results even with a prefix extractor (ferrock then skips no source).
    pub auto_prefix_mode: bool,
    pub prefix_same_as_start: bool,
    pub tailing: bool,
    pub pin_data: bool,
    pub readahead_size: usize,
}

impl ReadOptions {
    pub fn new() -> Self {
        ReadOptions { verify_checksums: true, fill_cache: true, ..Default::default() }
    }

    /// Whether seeks may skip the sources whose prefix filter rules out the
    /// target's prefix (RocksDB's prefix mode): an extractor is set and
    /// neither `total_order_seek` (unless `prefix_same_as_start`) nor
    /// `auto_prefix_mode` asks for total order.
    pub fn prefix_seek_filtering(&self, extractor: Option<&Arc<dyn crate::prefix::SliceTransform>>) -> bool {
        extractor.is_some() && !self.auto_prefix_mode && (!self.total_order_seek || self.prefix_same_as_start)
    }
}

/// RocksDB's WriteOptions.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions {
    pub sync: bool,
    pub disable_wal: bool,
    pub ignore_missing_column_families: bool,
    pub no_slowdown: bool,
    pub low_pri: bool,
}

/// RocksDB's FlushOptions.
#[derive(Clone, Copy, Debug)]
pub struct FlushOptions {
    pub wait: bool,
    pub allow_write_stall: bool,
}

impl Default for FlushOptions {
    fn default() -> Self {
        FlushOptions { wait: true, allow_write_stall: false }
    }
}
