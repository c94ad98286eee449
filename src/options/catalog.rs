//! The catalog: every option ferrock models, declared once — its RocksDB name (which is also
//! its name in the OPTIONS file), its section of the OPTIONS file, its Rust field and type,
//! its RocksDB 11.8.1 default, whether RocksDB lets SetOptions / SetDBOptions change it
//! (`OptionTypeFlags::kMutable` in RocksDB's `options/cf_options.cc` and
//! `options/db_options.cc` type-info tables), whether ferrock writes it in OPTIONS files, and
//! how its value is written and parsed (a codec of `value.rs`).
//!
//! The `options_catalog!` table below generates from those lines: the structs `Options` and
//! `BlockBasedTableOptions` with their defaults, the OPTIONS writer's `name=value` lines
//! (`catalog_entries`, used by `file.rs`), the loader's and SetOptions' parsing of a value
//! (`set_from_string`, used by `load.rs` and `mutable.rs`), and `CATALOG`, the list the
//! C accessor generator (`capi-tests/tools/gen_option_accessors.py`) and the tests read.
//!
//! Fields that are not options with a text value (the comparator, plugin objects such as
//! merge operators, listeners, caches, the file system) are declared after the catalog
//! entries of each struct, with their defaults; `file.rs` and `load.rs` write and read the
//! ones an OPTIONS file names (comparator, merge_operator, prefix_extractor) by hand.

use super::value::{
    BottommostCompression, Codec, Compression, CompressionOpts, FilterPolicy, IntList, LogLevel, Num, RecoveryMode, Text,
};
use super::{CompressionType, WalRecoveryMode, DEFAULT_COMPRESSION_LEVEL};
use crate::error::Result;
use crate::util::comparator::Comparator;
use std::sync::Arc;

/// The section of an OPTIONS file an option is written in.
// Reached from the Rust API only through the hidden catalog methods (db_bench's `--option=value`).
#[allow(unnameable_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// `[DBOptions]` (RocksDB's DBOptions; changed at run time by SetDBOptions).
    Db,
    /// `[CFOptions "<name>"]` (ColumnFamilyOptions; changed by SetOptions).
    Cf,
    /// `[TableOptions/BlockBasedTable "<name>"]` (BlockBasedTableOptions).
    Table,
}

impl Section {
    /// The key of `rocksdb_option_names.txt`.
    pub fn key(self) -> &'static str {
        match self {
            Section::Db => "db",
            Section::Cf => "cf",
            Section::Table => "table",
        }
    }
    /// The section title in an OPTIONS file.
    pub fn title(self) -> &'static str {
        match self {
            Section::Db => "DBOptions",
            Section::Cf => "CFOptions",
            Section::Table => "TableOptions/BlockBasedTable",
        }
    }
}

/// One catalog line, as data.
#[allow(unnameable_types)]
#[derive(Clone, Copy, Debug)]
pub struct OptionInfo {
    /// RocksDB's option name, also its name in the OPTIONS file.
    pub name: &'static str,
    pub section: Section,
    /// The Rust field (of `Options`, or of `BlockBasedTableOptions` for `Section::Table`).
    pub field: &'static str,
    /// The Rust type, as written in the catalog.
    pub rust_type: &'static str,
    /// The codec (`value.rs`); `Num` is a plain number or boolean.
    pub codec: &'static str,
    /// RocksDB lets SetOptions (CF) / SetDBOptions (DB) change it.
    pub mutable: bool,
    /// ferrock writes it in OPTIONS files (some are left out: RocksDB 7.8.3's tools would
    /// refuse a name they do not know).
    pub written: bool,
}

macro_rules! catalog_flag {
    (mutable) => {
        true
    };
    (immutable) => {
        false
    };
    (written) => {
        true
    };
    (unwritten) => {
        false
    };
}

/// Generates a struct of options from its catalog lines (see the module comment).
macro_rules! options_catalog {
    (
        $(#[$smeta:meta])*
        pub struct $S:ident {
            $(
                $(#[$m:meta])*
                $section:ident $name:literal => $field:ident : $ty:ty = $default:expr, $codec:ident, $mutab:ident, $written:ident;
            )*
        }
        other {
            $(
                $(#[$om:meta])*
                $ofield:ident : $oty:ty = $odefault:expr;
            )*
        }
    ) => {
        $(#[$smeta])*
        #[derive(Clone)]
        pub struct $S {
            $( $(#[$m])* pub $field: $ty, )*
            $( $(#[$om])* pub $ofield: $oty, )*
        }

        impl Default for $S {
            fn default() -> Self {
                $S { $( $field: $default, )* $( $ofield: $odefault, )* }
            }
        }

        impl $S {
            /// This struct's catalog lines, in OPTIONS-file order.
            #[doc(hidden)]
            pub const CATALOG: &'static [OptionInfo] = &[
                $( OptionInfo {
                    name: $name,
                    section: Section::$section,
                    field: stringify!($field),
                    rust_type: stringify!($ty),
                    codec: stringify!($codec),
                    mutable: catalog_flag!($mutab),
                    written: catalog_flag!($written),
                }, )*
            ];

            /// The `name=value` lines of `section` that ferrock writes in an OPTIONS file.
            #[doc(hidden)]
            pub fn catalog_entries(&self, section: Section) -> Vec<(&'static str, String)> {
                let mut out = Vec::new();
                $(
                    if Section::$section == section && catalog_flag!($written) {
                        out.push(($name, <$codec as Codec<$ty>>::write(&self.$field)));
                    }
                )*
                out
            }

            /// Sets the option `name` of `section` from its text. None when the catalog has
            /// no such option; Some(Err) with RocksDB's text when the value does not parse
            /// (the field is then unchanged).
            #[doc(hidden)]
            pub fn set_from_string(&mut self, section: Section, name: &str, value: &str) -> Option<Result<()>> {
                $(
                    if Section::$section == section && name == $name {
                        return Some(<$codec as Codec<$ty>>::parse($name, value).map(|v| self.$field = v));
                    }
                )*
                None
            }

            /// The value of option `name` of `section` as the OPTIONS file spells it.
            #[doc(hidden)]
            pub fn get_as_string(&self, section: Section, name: &str) -> Option<String> {
                $(
                    if Section::$section == section && name == $name {
                        return Some(<$codec as Codec<$ty>>::write(&self.$field));
                    }
                )*
                None
            }
        }
    };
}

options_catalog! {
    /// Options of the block-based table format (RocksDB's BlockBasedTableOptions).
    pub struct BlockBasedTableOptions {
        /// Uncompressed bytes per data block.
        Table "block_size" => block_size: usize = 4096, Num, immutable, written;
        /// Keys between restart points of a data block (16).
        Table "block_restart_interval" => block_restart_interval: usize = 16, Num, immutable, written;
        /// Keys between restart points of an index block (1).
        Table "index_block_restart_interval" => index_block_restart_interval: usize = 1, Num, immutable, written;
        /// The filter holds whole keys (true); with a prefix extractor it also holds prefixes.
        Table "whole_key_filtering" => whole_key_filtering: bool = true, Num, immutable, written;
        /// Read blocks without a block cache.
        Table "no_block_cache" => no_block_cache: bool = false, Num, immutable, written;
        /// Keep index and filter blocks in the block cache (false: the table reader holds them).
        Table "cache_index_and_filter_blocks" => cache_index_and_filter_blocks: bool = false, Num, immutable, written;
        /// ferrock writes 5 (RocksDB 7.8.3 rejects 6; 11.8.1's default is 7).
        Table "format_version" => format_version: u32 = 5, Num, immutable, written;
        /// Bits per key of the full Bloom filter; 0 means no filter (RocksDB's default).
        Table "filter_policy" => bloom_bits_per_key: f64 = 0.0, FilterPolicy, immutable, written;
    }
    other {
        /// The block cache; `None` gives each database a 32 MiB cache of its own (RocksDB's default).
        block_cache: Option<Arc<crate::table::cache::BlockCache>> = None;
        /// A Ribbon policy (NewRibbonFilterPolicy(bits, bloom_before_level)): tables of levels
        /// >= this (a flush counts as level -1) get Standard128 Ribbon filters, the others Bloom
        /// filters; -1 = always Ribbon, i32::MAX = always Bloom. None: a Bloom policy. Written
        /// and read with filter_policy (`file.rs`, `load.rs`).
        ribbon_bloom_before_level: Option<i32> = None;
    }
}

options_catalog! {
    /// Database and column family options (RocksDB's DBOptions + ColumnFamilyOptions).
    pub struct Options {
        /// Create the database if it does not exist (false: opening a missing one fails).
        Db "create_if_missing" => create_if_missing: bool = false, Num, immutable, written;
        /// Create the column families `open_cf` names that the database lacks.
        Db "create_missing_column_families" => create_missing_column_families: bool = false, Num, immutable, written;
        /// Fail the open if the database exists.
        Db "error_if_exists" => error_if_exists: bool = false, Num, immutable, written;
        /// Check files aggressively: a corruption found in the background stops writes (true).
        Db "paranoid_checks" => paranoid_checks: bool = true, Num, immutable, written;
        /// Table files kept open (-1: all of them stay open).
        Db "max_open_files" => max_open_files: i32 = -1, Num, mutable, written;
        /// Flushes and compactions that may run at once (2).
        Db "max_background_jobs" => max_background_jobs: i32 = 2, Num, mutable, written;
        /// Key ranges one compaction may be split into, run in parallel (1).
        Db "max_subcompactions" => max_subcompactions: u32 = 1, Num, mutable, written;
        /// WAL bytes past which the column families holding the oldest WAL are flushed
        /// (0: 4 x the sum of the write buffers).
        Db "max_total_wal_size" => max_total_wal_size: u64 = 0, Num, mutable, written;
        /// How the WAL is replayed at open when it is damaged.
        Db "wal_recovery_mode" => wal_recovery_mode: WalRecoveryMode = WalRecoveryMode::PointInTime, RecoveryMode, immutable, written;
        /// Sync with fsync instead of fdatasync (false).
        Db "use_fsync" => use_fsync: bool = false, Num, immutable, written;
        /// Sync table files in the background every this many bytes written (0: only at the end).
        Db "bytes_per_sync" => bytes_per_sync: u64 = 0, Num, mutable, written;
        /// Sync the WAL in the background every this many bytes written (0: never).
        Db "wal_bytes_per_sync" => wal_bytes_per_sync: u64 = 0, Num, mutable, written;
        /// Write rate while writes are slowed down, bytes per second (16 MiB/s).
        Db "delayed_write_rate" => delayed_write_rate: u64 = 16 * 1024 * 1024, Num, mutable, written;
        /// Info LOG files kept (1000).
        Db "keep_log_file_num" => keep_log_file_num: usize = 1000, Num, immutable, written;
        /// INFO (1): above INFO, the LOG file gets nothing (ferrock writes INFO lines only).
        Db "info_log_level" => info_log_level: i32 = 1, LogLevel, immutable, written;
        /// Seconds between statistics dumps to the LOG (600; 0: never).
        Db "stats_dump_period_sec" => stats_dump_period_sec: u32 = 600, Num, mutable, written;
        /// Close without flushing memtables whose data the WAL holds.
        Db "avoid_flush_during_shutdown" => avoid_flush_during_shutdown: bool = false, Num, mutable, written;
        /// A TransactionDB turns it on, as RocksDB's does. With it a checkpoint or backup
        /// always flushes first (prepared sections live only in the WAL).
        Db "allow_2pc" => allow_2pc: bool = false, Num, immutable, written;
        /// ferrock's write leader inserts a group's batches itself, so the value changes no
        /// result; open refuses it with inplace_update_support, as RocksDB does.
        Db "allow_concurrent_memtable_write" => allow_concurrent_memtable_write: bool = true, Num, immutable, written;
        /// true (RocksDB 11.8.1): the DB id is recorded in the MANIFEST, so copies of the
        /// database (checkpoints, backups) keep it.
        Db "write_dbid_to_manifest" => write_dbid_to_manifest: bool = true, Num, immutable, written;
        /// true: the DB id is also written to IDENTITY; with false an IDENTITY file is deleted
        /// after a successful open. Both false is refused. Not written: the file says
        /// rocksdb_version=7.8.3, which does not know it and would refuse the file.
        Db "write_identity_file" => write_identity_file: bool = true, Num, immutable, unwritten;
        /// "": the database directory. Not written (RocksDB writes it; ferrock never has).
        Db "wal_dir" => wal_dir: String = String::new(), Text, immutable, unwritten;
        /// Table files are read through mmap in RocksDB; ferrock reads them alike either way, but a
        /// cuckoo table, as in RocksDB, opens only with it ("File is not mmaped").
        Db "allow_mmap_reads" => allow_mmap_reads: bool = false, Num, immutable, written;

        /// Bytes a memtable holds before it is sealed and flushed (64 MiB).
        Cf "write_buffer_size" => write_buffer_size: usize = 64 << 20, Num, mutable, written;
        /// Memtables (active and immutable) a column family may hold before writes stall (2).
        Cf "max_write_buffer_number" => max_write_buffer_number: i32 = 2, Num, mutable, written;
        /// Immutable memtables merged into one flush (1).
        Cf "min_write_buffer_number_to_merge" => min_write_buffer_number_to_merge: i32 = 1, Num, immutable, written;
        /// The codec of new tables' blocks: LZ4 (RocksDB 11.8.1's default when LZ4 is built in).
        Cf "compression" => compression: CompressionType = CompressionType::Lz4, Compression, mutable, written;
        /// The codec of the last level's tables; None (kDisableCompressionOption): `compression`.
        Cf "bottommost_compression" => bottommost_compression: Option<CompressionType> = None, BottommostCompression, mutable, written;
        /// compression_opts.level; i32::MIN or 32767 (RocksDB's marker) mean the codec's default.
        Cf "compression_opts" => compression_level: i32 = DEFAULT_COMPRESSION_LEVEL, CompressionOpts, mutable, written;
        /// LSM levels (7).
        Cf "num_levels" => num_levels: i32 = 7, Num, immutable, written;
        /// Level-0 files that start a compaction into level 1 (4).
        Cf "level0_file_num_compaction_trigger" => level0_file_num_compaction_trigger: i32 = 4, Num, mutable, written;
        /// Level-0 files at which writes slow down (20).
        Cf "level0_slowdown_writes_trigger" => level0_slowdown_writes_trigger: i32 = 20, Num, mutable, written;
        /// Level-0 files at which writes stop (36).
        Cf "level0_stop_writes_trigger" => level0_stop_writes_trigger: i32 = 36, Num, mutable, written;
        /// Target size of a level-1 table (64 MiB).
        Cf "target_file_size_base" => target_file_size_base: u64 = 64 << 20, Num, mutable, written;
        /// Each level's target table size is the previous level's times this (1).
        Cf "target_file_size_multiplier" => target_file_size_multiplier: i32 = 1, Num, mutable, written;
        /// Target size of level 1 (256 MiB).
        Cf "max_bytes_for_level_base" => max_bytes_for_level_base: u64 = 256 << 20, Num, mutable, written;
        /// Each level's target size is the previous level's times this (10).
        Cf "max_bytes_for_level_multiplier" => max_bytes_for_level_multiplier: f64 = 10.0, Num, mutable, written;
        /// Per-level extra factors of the level targets (all 1).
        Cf "max_bytes_for_level_multiplier_additional" => max_bytes_for_level_multiplier_additional: Vec<i32> = vec![1; 7], IntList, mutable, written;
        /// Size levels from the last one up (RocksDB 11.8.1's default true).
        Cf "level_compaction_dynamic_level_bytes" => level_compaction_dynamic_level_bytes: bool = true, Num, immutable, written;
        /// Bytes one compaction may read (0: 25 x target_file_size_base).
        Cf "max_compaction_bytes" => max_compaction_bytes: u64 = 0, Num, mutable, written;
        /// Estimated compaction debt at which writes slow down (64 GiB).
        Cf "soft_pending_compaction_bytes_limit" => soft_pending_compaction_bytes_limit: u64 = 64 << 30, Num, mutable, written;
        /// Estimated compaction debt at which writes stop (256 GiB).
        Cf "hard_pending_compaction_bytes_limit" => hard_pending_compaction_bytes_limit: u64 = 256 << 30, Num, mutable, written;
        /// No automatic compactions; only manual ones run.
        Cf "disable_auto_compactions" => disable_auto_compactions: bool = false, Num, mutable, written;
        /// Share of the write buffer given to a memtable prefix Bloom filter (0: none; clipped to 0.25).
        Cf "memtable_prefix_bloom_size_ratio" => memtable_prefix_bloom_size_ratio: f64 = 0.0, Num, mutable, written;
        /// The memtable Bloom filter also holds whole keys (false: prefixes only).
        Cf "memtable_whole_key_filtering" => memtable_whole_key_filtering: bool = false, Num, mutable, written;
        /// A Put whose key's newest memtable entry is a Put with a value at least as long
        /// replaces that entry's value and keeps its sequence (RocksDB's MemTable::Update), so
        /// snapshots see the new value.
        Cf "inplace_update_support" => inplace_update_support: bool = false, Num, immutable, written;
        /// RocksDB's lock stripes for in-place updates (ferrock's updates publish the new value
        /// atomically and need no locks: stored, written to OPTIONS).
        Cf "inplace_update_num_locks" => inplace_update_num_locks: usize = 10000, Num, mutable, written;
    }
    other {
        /// A user's logger instead of the LOG file (RocksDB's options.info_log).
        info_log: Option<Arc<crate::env::info_log::UserLogger>> = None;
        /// The memtable memory budget shared with other column families and databases
        /// (RocksDB's write_buffer_manager; src/memtable/write_buffer_manager.rs).
        write_buffer_manager: Option<Arc<crate::memtable::write_buffer_manager::WriteBufferManager>> = None;
        /// Tracks the table files' space, enforces max_allowed_space_usage and deletes obsolete
        /// tables at a rate (RocksDB's sst_file_manager; src/env/sst_file_manager.rs).
        sst_file_manager: Option<Arc<crate::env::sst_file_manager::SstFileManager>> = None;
        /// Flush and compaction writes are charged to it.
        rate_limiter: Option<Arc<crate::util::rate_limiter::RateLimiter>> = None;
        /// enable_statistics (C API `rocksdb_options_enable_statistics`).
        statistics: bool = false;
        /// The statistics object shared by the databases opened with these options (created by
        /// `enable_statistics`, or at open when `statistics` is set).
        stats: Option<Arc<crate::stats::Statistics>> = None;
        /// The file system (RocksDB's `env`); None means the POSIX one. Tests pass the
        /// fault-injecting file system here.
        fs: Option<Arc<dyn crate::env::FileSystem>> = None;
        /// The user-key order (immutable; written as `comparator` by `file.rs`).
        comparator: Comparator = Comparator::Bytewise;
        /// The block-based table options (used when `table_factory` is block-based).
        table: BlockBasedTableOptions = BlockBasedTableOptions::default();
        /// Some: the table factory is RocksDB's CuckooTable with these options (src/table/cuckoo/):
        /// flushes and compactions write cuckoo tables; None: block-based tables (`table`).
        cuckoo_table: Option<crate::table::cuckoo::CuckooTableOptions> = None;
        /// The format new tables are written in (table_factory; `table`'s options apply to BlockBased).
        table_factory: crate::table::factory::TableFactory = crate::table::factory::TableFactory::BlockBased;
        /// Merge writes are refused without one.
        merge_operator: Option<Arc<dyn crate::merge::MergeOperator>> = None;
        /// Asked about each key a compaction reads (RocksDB's compaction_filter); one object for every compaction.
        compaction_filter: Option<Arc<dyn crate::compaction::CompactionFilter>> = None;
        /// Makes a compaction filter for each compaction (RocksDB's compaction_filter_factory).
        compaction_filter_factory: Option<Arc<dyn crate::compaction::CompactionFilterFactory>> = None;
        /// Told about flushes, compactions, ingestions, stalls, sealed memtables and
        /// background errors (src/db/listener.rs).
        listeners: Vec<Arc<dyn crate::db::listener::Listener>> = Vec::new();
        /// ColumnFamilyOptions::compaction_options_universal and _fifo: kept and written to the
        /// OPTIONS file; they do not drive compaction (src/options/compaction_style.rs).
        compaction_options_universal: super::compaction_style::CompactionOptionsUniversal = Default::default();
        /// See `compaction_options_universal`.
        compaction_options_fifo: super::compaction_style::CompactionOptionsFifo = Default::default();
        /// DBOptions::wal_filter: decides on each WAL record recovery replays (src/db/wal_filter.rs).
        wal_filter: Option<Arc<dyn crate::db::wal_filter::WalFilter>> = None;
        /// Maps keys to prefixes for prefix filters and prefix seeks (RocksDB's prefix_extractor).
        prefix_extractor: Option<Arc<dyn crate::prefix::SliceTransform>> = None;
        /// The memtable representation (memtable_factory, written by `file.rs`).
        memtable_rep: super::MemTableRep = super::MemTableRep::SkipList;
        /// DBOptions::db_paths: directories for table files with their target sizes; empty means
        /// the database directory alone (RocksDB's SanitizeOptions). At most four.
        db_paths: Vec<super::DbPath> = Vec::new();
        /// ColumnFamilyOptions::cf_paths: the family's own table directories; empty means db_paths.
        cf_paths: Vec<super::DbPath> = Vec::new();
    }
}

/// The kind of value an option RocksDB has and ferrock does not model takes (so that
/// SetOptions checks the value as RocksDB would before accepting it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Bool,
    /// RocksDB's kInt (ParseInt).
    Int,
    /// kUInt / kUInt32T.
    UInt32,
    /// kUInt8T.
    UInt8,
    /// kUInt64T / kSizeT.
    UInt64,
    Double,
    Compression,
    /// A value ferrock does not check (structs, temperatures, strings, customizables).
    Any,
}

impl Kind {
    /// Checks `value` as RocksDB's parser for this kind would.
    pub fn check(self, name: &str, value: &str) -> Result<()> {
        use super::value::*;
        match self {
            Kind::Bool => parse_bool(name, value).map(|_| ()),
            Kind::Int => parse_int(name, value).map(|_| ()),
            Kind::UInt32 => parse_uint32(name, value).map(|_| ()),
            Kind::UInt8 => {
                let v = parse_uint64(name, value)?;
                if v > 255 {
                    return Err(crate::error::Error::invalid_argument(format!("Error parsing {name}:{value}")));
                }
                Ok(())
            }
            Kind::UInt64 => parse_uint64(name, value).map(|_| ()),
            Kind::Double => parse_double(name, value).map(|_| ()),
            Kind::Compression => <Compression as Codec<CompressionType>>::parse(name, value).map(|_| ()),
            Kind::Any => Ok(()),
        }
    }
}

/// Options RocksDB 11.8.1 marks mutable that ferrock does not model: SetOptions /
/// SetDBOptions accept them (their value checked as RocksDB would) and keep them in the
/// database's record of what was set (`mutable.rs`), as RocksDB accepts them. Deprecated
/// names RocksDB still accepts are included.
pub const UNMODELLED_MUTABLE: &[(Section, &str, Kind)] = &[
    (Section::Db, "allow_os_buffer", Kind::Bool),
    (Section::Db, "base_background_compactions", Kind::Int),
    (Section::Db, "max_background_compactions", Kind::Int),
    (Section::Db, "writable_file_max_buffer_size", Kind::UInt64),
    (Section::Db, "delete_obsolete_files_period_micros", Kind::UInt64),
    (Section::Db, "stats_persist_period_sec", Kind::UInt32),
    (Section::Db, "stats_history_buffer_size", Kind::UInt64),
    (Section::Db, "strict_bytes_per_sync", Kind::Bool),
    (Section::Db, "compaction_readahead_size", Kind::UInt64),
    (Section::Db, "max_background_flushes", Kind::Int),
    (Section::Db, "max_manifest_file_size", Kind::UInt64),
    (Section::Db, "max_manifest_space_amp_pct", Kind::Int),
    (Section::Db, "manifest_preallocation_size", Kind::UInt64),
    (Section::Db, "verify_manifest_content_on_close", Kind::Bool),
    (Section::Db, "optimize_manifest_for_recovery", Kind::Bool),
    (Section::Db, "daily_offpeak_time_utc", Kind::Any),
    (Section::Db, "max_compaction_trigger_wakeup_seconds", Kind::UInt64),
    (Section::Db, "fast_sst_open", Kind::Bool),
    (Section::Cf, "report_bg_io_stats", Kind::Bool),
    (Section::Cf, "filter_deletes", Kind::Bool),
    (Section::Cf, "check_flush_compaction_key_order", Kind::Bool),
    (Section::Cf, "paranoid_file_checks", Kind::Bool),
    (Section::Cf, "verify_output_flags", Kind::UInt32),
    (Section::Cf, "verify_checksums_in_compaction", Kind::Bool),
    (Section::Cf, "hard_rate_limit", Kind::Double),
    (Section::Cf, "soft_rate_limit", Kind::Double),
    (Section::Cf, "ignore_max_compaction_bytes_for_input", Kind::Bool),
    (Section::Cf, "expanded_compaction_factor", Kind::Int),
    (Section::Cf, "max_grandparent_overlap_factor", Kind::Int),
    (Section::Cf, "source_compaction_factor", Kind::Int),
    (Section::Cf, "target_file_size_is_upper_bound", Kind::Bool),
    (Section::Cf, "arena_block_size", Kind::UInt64),
    (Section::Cf, "max_successive_merges", Kind::UInt64),
    (Section::Cf, "strict_max_successive_merges", Kind::Bool),
    (Section::Cf, "memtable_huge_page_size", Kind::UInt64),
    (Section::Cf, "memtable_prefix_bloom_huge_page_tlb_size", Kind::UInt64),
    (Section::Cf, "memtable_prefix_bloom_bits", Kind::UInt32),
    (Section::Cf, "memtable_prefix_bloom_probes", Kind::UInt32),
    (Section::Cf, "min_partial_merge_operands", Kind::UInt32),
    (Section::Cf, "snap_refresh_nanos", Kind::UInt64),
    (Section::Cf, "max_sequential_skip_in_iterations", Kind::UInt64),
    (Section::Cf, "compaction_options_fifo", Kind::Any),
    (Section::Cf, "compaction_options_universal", Kind::Any),
    (Section::Cf, "ttl", Kind::UInt64),
    (Section::Cf, "periodic_compaction_seconds", Kind::UInt64),
    (Section::Cf, "read_triggered_compaction_threshold", Kind::Double),
    (Section::Cf, "preclude_last_level_data_seconds", Kind::UInt64),
    (Section::Cf, "preserve_internal_time_seconds", Kind::UInt64),
    (Section::Cf, "bottommost_temperature", Kind::Any),
    (Section::Cf, "last_level_temperature", Kind::Any),
    (Section::Cf, "default_write_temperature", Kind::Any),
    (Section::Cf, "min_blob_size", Kind::UInt64),
    (Section::Cf, "blob_file_size", Kind::UInt64),
    (Section::Cf, "blob_compression_type", Kind::Compression),
    (Section::Cf, "blob_compression_opts", Kind::Any),
    (Section::Cf, "enable_blob_garbage_collection", Kind::Bool),
    (Section::Cf, "blob_garbage_collection_age_cutoff", Kind::Double),
    (Section::Cf, "blob_garbage_collection_force_threshold", Kind::Double),
    (Section::Cf, "blob_compaction_readahead_size", Kind::UInt64),
    (Section::Cf, "blob_file_starting_level", Kind::Int),
    (Section::Cf, "prepopulate_blob_cache", Kind::Any),
    (Section::Cf, "sample_for_compression", Kind::UInt64),
    (Section::Cf, "bottommost_compression_opts", Kind::Any),
    (Section::Cf, "compression_per_level", Kind::Any),
    (Section::Cf, "experimental_mempurge_threshold", Kind::Double),
    (Section::Cf, "memtable_protection_bytes_per_key", Kind::UInt32),
    (Section::Cf, "bottommost_file_compaction_delay", Kind::UInt32),
    (Section::Cf, "uncache_aggressiveness", Kind::UInt32),
    (Section::Cf, "block_protection_bytes_per_key", Kind::UInt8),
    (Section::Cf, "paranoid_memory_checks", Kind::Bool),
    (Section::Cf, "memtable_veirfy_per_key_checksum_on_seek", Kind::Bool),
    (Section::Cf, "memtable_verify_per_key_checksum_on_seek", Kind::Bool),
    (Section::Cf, "compression_manager", Kind::Any),
    (Section::Cf, "memtable_max_range_deletions", Kind::UInt32),
    (Section::Cf, "memtable_op_scan_flush_trigger", Kind::UInt32),
    (Section::Cf, "memtable_avg_op_scan_flush_trigger", Kind::UInt32),
    (Section::Cf, "min_tombstones_for_range_conversion", Kind::UInt32),
];

/// Mutable options that would change results or files, which ferrock lacks: SetOptions
/// refuses a value that turns them on with "Not implemented: <what>" (the C options refuse
/// them at open the same way).
pub const UNSUPPORTED_WHEN_ON: &[(Section, &str, &str)] = &[(Section::Cf, "enable_blob_files", "blob files (enable_blob_files)")];

/// The catalog line of (section, name).
pub fn find(section: Section, name: &str) -> Option<&'static OptionInfo> {
    let list = if section == Section::Table { BlockBasedTableOptions::CATALOG } else { Options::CATALOG };
    list.iter().find(|i| i.section == section && i.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every catalog name is one RocksDB writes in that section (so the loader's check of
    /// known names lets it through), and no name is declared twice.
    #[test]
    fn catalog_names_are_rocksdbs() {
        let known = include_str!("rocksdb_option_names.txt");
        let mut seen = std::collections::BTreeSet::new();
        for i in Options::CATALOG.iter().chain(BlockBasedTableOptions::CATALOG) {
            assert!(known.lines().any(|l| l == format!("{} {}", i.section.key(), i.name)), "{} {}", i.section.key(), i.name);
            assert!(seen.insert((i.section, i.name)), "{} declared twice", i.name);
        }
        for (section, name, _) in UNMODELLED_MUTABLE {
            assert!(find(*section, name).is_none(), "{name} is modelled");
        }
    }

    /// What is written parses back to the same value, for every written line.
    #[test]
    fn written_values_parse_back() {
        let mut o = Options { write_buffer_size: 1 << 20, compression: CompressionType::Zstd, ..Options::default() };
        o.table.bloom_bits_per_key = 7.5;
        o.max_bytes_for_level_multiplier = 2.5;
        for section in [Section::Db, Section::Cf] {
            for (name, value) in o.catalog_entries(section) {
                let mut back = Options::default();
                back.set_from_string(section, name, &value).unwrap().unwrap();
                assert_eq!(back.get_as_string(section, name).unwrap(), value, "{name}");
            }
        }
        for (name, value) in o.table.catalog_entries(Section::Table) {
            let mut back = BlockBasedTableOptions::default();
            back.set_from_string(Section::Table, name, &value).unwrap().unwrap();
            assert_eq!(back.get_as_string(Section::Table, name).unwrap(), value, "{name}");
        }
        assert!(o.set_from_string(Section::Cf, "max_background_jobs", "1").is_none(), "a DB option is not a CF option");
        assert_eq!(
            o.set_from_string(Section::Cf, "write_buffer_size", "x").unwrap().unwrap_err().to_string(),
            "Invalid argument: Error parsing write_buffer_size:stoull"
        );
        assert_eq!(o.write_buffer_size, 1 << 20, "a failed parse changes nothing");
    }

    /// Mutability as RocksDB 11.8.1's type-info tables mark it (a sample of each kind).
    #[test]
    fn mutability_follows_rocksdb() {
        for name in ["write_buffer_size", "level0_file_num_compaction_trigger", "disable_auto_compactions", "compression", "max_bytes_for_level_multiplier_additional"] {
            assert!(find(Section::Cf, name).unwrap().mutable, "{name}");
        }
        for name in ["num_levels", "min_write_buffer_number_to_merge", "level_compaction_dynamic_level_bytes"] {
            assert!(!find(Section::Cf, name).unwrap().mutable, "{name}");
        }
        for name in ["max_background_jobs", "stats_dump_period_sec", "max_total_wal_size", "bytes_per_sync", "max_open_files"] {
            assert!(find(Section::Db, name).unwrap().mutable, "{name}");
        }
        for name in ["create_if_missing", "wal_recovery_mode", "keep_log_file_num", "info_log_level"] {
            assert!(!find(Section::Db, name).unwrap().mutable, "{name}");
        }
    }
}
