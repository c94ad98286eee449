//! c.h's `rocksdb_options_t`: create, copy, destroy, the optimize_* presets, and
//! the setters that need more than a scalar (compression, recovery mode,
//! table factory, comparator, merge operator, ...). The scalar setter/getter
//! pairs are generated in `option_accessors.rs`.
//!
//! An option the engine does not use is stored and read back (named by
//! `ignored_option_names` for the info LOG). An option that would change results
//! or files makes open fail with "Not implemented: <what>" (`check_supported`).

use super::cache::rocksdb_cache_t;
use super::table_options::rocksdb_block_based_table_options_t;
use super::*;
use crate::options::{CompressionType, Options, WalRecoveryMode};
use libc::{c_int, c_uchar};

/// Database and column family options (`rocksdb_options_t`).
#[derive(Clone)]
pub struct rocksdb_options_t {
    pub(crate) opts: Options,
    pub(crate) stored: Stored,
    /// Features set on this handle that ferrock lacks and that change results or files.
    pub(crate) unsupported: Vec<String>,
    /// Text options stored for their getters (db_log_dir, db_host_id, ...).
    pub(crate) stored_text: std::collections::BTreeMap<&'static str, String>,
    /// compression_per_level as set (the engine has no per-level codec yet).
    pub(crate) compression_per_level: Vec<c_int>,
    /// Set-valued options (option_sets.rs), present once touched.
    pub(crate) int_sets:
        std::collections::BTreeMap<&'static str, std::collections::BTreeSet<c_int>>,
}

impl rocksdb_options_t {
    pub(crate) fn new() -> Self {
        rocksdb_options_t {
            opts: Options::default(),
            stored: Stored::default(),
            unsupported: Vec::new(),
            stored_text: Default::default(),
            compression_per_level: Vec::new(),
            int_sets: Default::default(),
        }
    }

    /// Err("Not implemented: <what>") when an option set here would change results or files.
    pub(crate) fn check_supported(&self) -> Result<()> {
        if let Some(what) = self.unsupported.first() {
            return Err(Error::not_supported(what.clone()));
        }
        // FIFO compaction (style 2) drops old files; universal (1) only schedules differently.
        if self.stored.get("compaction_style") == Some(2) {
            return Err(Error::not_supported("FIFO compaction"));
        }
        for (name, what) in super::option_accessors::CHANGES_RESULTS {
            if self.stored.get(name).is_some_and(|v| v != 0) {
                return Err(Error::not_supported(*what));
            }
        }
        Ok(())
    }

    /// Options a caller set that the engine accepts but does not use (for the info LOG).
    pub fn ignored_option_names(&self) -> Vec<&'static str> {
        let mut names = self.stored.names();
        names.extend(self.stored_text.keys().copied());
        if !self.compression_per_level.is_empty() {
            names.push("compression_per_level");
        }
        names
    }

    pub(crate) fn mark_unsupported(&mut self, what: &str) {
        if !self.unsupported.iter().any(|w| w == what) {
            self.unsupported.push(what.to_string());
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_create() -> *mut rocksdb_options_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_options_t::new()))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_create_copy(
    options: *mut rocksdb_options_t,
) -> *mut rocksdb_options_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(handle(options, "options")?.clone()))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_destroy(options: *mut rocksdb_options_t) {
    drop_handle(options)
}

/// RocksDB's IncreaseParallelism: background jobs follow the thread count.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_increase_parallelism(
    opt: *mut rocksdb_options_t,
    total_threads: c_int,
) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.max_background_jobs = total_threads;
        Ok(())
    })
}

/// RocksDB's OptimizeForPointLookup: a bloom filter and a block cache of the given size.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_optimize_for_point_lookup(
    opt: *mut rocksdb_options_t,
    block_cache_size_mb: u64,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.table.bloom_bits_per_key = 10.0;
        let bytes =
            usize::try_from(block_cache_size_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        o.opts.table.block_cache = Some(crate::table::cache::BlockCache::new(bytes, -1));
        // The hash index inside data blocks is a speed-up ferrock lacks; the memtable bloom is kept.
        o.opts.memtable_prefix_bloom_size_ratio = 0.02;
        o.opts.memtable_whole_key_filtering = true;
        Ok(())
    })
}

/// RocksDB's OptimizeLevelStyleCompaction for a memtable budget (the same fields,
/// including no compression on L0 and L1 and LZ4 below).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_optimize_level_style_compaction(
    opt: *mut rocksdb_options_t,
    memtable_memory_budget: u64,
) {
    guarded((), || {
        let h = handle_mut(opt, "options")?;
        let o = &mut h.opts;
        o.write_buffer_size = usize::try_from(memtable_memory_budget / 4).unwrap_or(usize::MAX);
        o.min_write_buffer_number_to_merge = 2;
        o.max_write_buffer_number = 6;
        o.level0_file_num_compaction_trigger = 2;
        o.target_file_size_base = memtable_memory_budget / 8;
        o.max_bytes_for_level_base = memtable_memory_budget;
        let levels = o.num_levels.max(0);
        h.stored.set("compaction_style", 0);
        h.compression_per_level = (0..levels)
            .map(|i| {
                if i < 2 {
                    CompressionType::None as c_int
                } else {
                    CompressionType::Lz4 as c_int
                }
            })
            .collect();
        Ok(())
    })
}

/// RocksDB's OptimizeUniversalStyleCompaction: universal compaction is recorded
/// (ferrock compacts level-style, which gives the same results).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_optimize_universal_style_compaction(
    opt: *mut rocksdb_options_t,
    memtable_memory_budget: u64,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.write_buffer_size =
            usize::try_from(memtable_memory_budget / 4).unwrap_or(usize::MAX);
        o.opts.min_write_buffer_number_to_merge = 2;
        o.opts.max_write_buffer_number = 6;
        o.stored.set("compaction_style", 1);
        Ok(())
    })
}

/// RocksDB's PrepareForBulkLoad: no automatic compactions, large L0 triggers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_prepare_for_bulk_load(opt: *mut rocksdb_options_t) {
    guarded((), || {
        let o = &mut handle_mut(opt, "options")?.opts;
        o.disable_auto_compactions = true;
        o.level0_file_num_compaction_trigger = 1 << 30;
        o.level0_slowdown_writes_trigger = 1 << 30;
        o.level0_stop_writes_trigger = 1 << 30;
        o.soft_pending_compaction_bytes_limit = 0;
        o.hard_pending_compaction_bytes_limit = 0;
        o.max_write_buffer_number = 6;
        o.min_write_buffer_number_to_merge = 1;
        o.max_background_jobs = 4;
        o.max_subcompactions = 4;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_enable_statistics(opt: *mut rocksdb_options_t) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.enable_statistics();
        Ok(())
    })
}

/// The level of the options' statistics object; without one (no enable_statistics) nothing changes,
/// as in RocksDB.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_statistics_level(opt: *mut rocksdb_options_t, level: c_int) {
    guarded((), || {
        if let Some(s) = &handle_mut(opt, "options")?.opts.stats {
            s.set_stats_level(level);
        }
        Ok(())
    })
}

/// The statistics object's level; rocksdb_statistics_level_disable_all without one.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_statistics_level(opt: *mut rocksdb_options_t) -> c_int {
    guarded(0, || {
        Ok(handle(opt, "options")?.opts.stats.as_ref().map_or(crate::stats::STATS_LEVEL_DISABLE_ALL, |s| s.stats_level()))
    })
}

/// Compression by RocksDB's type byte (`rocksdb_*_compression`); an unknown byte is stored as given.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_compression(opt: *mut rocksdb_options_t, t: c_int) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        match u8::try_from(t).ok().and_then(CompressionType::from_u8) {
            Some(c) if c.supported_for_writing() => o.opts.compression = c,
            Some(c) => {
                o.opts.compression = c;
                o.mark_unsupported(&format!("compression type {}", c.name()));
            }
            None => o.mark_unsupported(&format!("compression type {t}")),
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_compression(opt: *mut rocksdb_options_t) -> c_int {
    guarded(0, || Ok(handle(opt, "options")?.opts.compression as c_int))
}

/// 0xFF (kDisableCompressionOption) means "use `compression`", RocksDB's default.
const DISABLE_COMPRESSION_OPTION: c_int = 0xFF;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_bottommost_compression(
    opt: *mut rocksdb_options_t,
    t: c_int,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if t == DISABLE_COMPRESSION_OPTION {
            o.opts.bottommost_compression = None;
            return Ok(());
        }
        match u8::try_from(t).ok().and_then(CompressionType::from_u8) {
            Some(c) => {
                o.opts.bottommost_compression = Some(c);
                if !c.supported_for_writing() {
                    o.mark_unsupported(&format!("compression type {}", c.name()));
                }
            }
            None => o.mark_unsupported(&format!("compression type {t}")),
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_bottommost_compression(
    opt: *mut rocksdb_options_t,
) -> c_int {
    guarded(DISABLE_COMPRESSION_OPTION, || {
        Ok(match handle(opt, "options")?.opts.bottommost_compression {
            Some(c) => c as c_int,
            None => DISABLE_COMPRESSION_OPTION,
        })
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_wal_recovery_mode(
    opt: *mut rocksdb_options_t,
    mode: c_int,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.wal_recovery_mode = match mode {
            0 => WalRecoveryMode::TolerateCorruptedTailRecords,
            1 => WalRecoveryMode::AbsoluteConsistency,
            2 => WalRecoveryMode::PointInTime,
            3 => WalRecoveryMode::SkipAnyCorruptedRecords,
            _ => return Err(Error::invalid_argument("unknown WAL recovery mode")),
        };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_wal_recovery_mode(
    opt: *mut rocksdb_options_t,
) -> c_int {
    guarded(2, || {
        Ok(handle(opt, "options")?.opts.wal_recovery_mode as c_int)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_max_bytes_for_level_multiplier_additional(
    opt: *mut rocksdb_options_t,
    level_values: *mut c_int,
    num_levels: size_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if level_values.is_null() && num_levels > 0 {
            return Err(Error::invalid_argument("level_values is NULL"));
        }
        let mut v = Vec::with_capacity(num_levels);
        for i in 0..num_levels {
            v.push(*level_values.add(i));
        }
        o.opts.max_bytes_for_level_multiplier_additional = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_wal_dir(
    opt: *mut rocksdb_options_t,
    v: *const c_char,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.wal_dir = if v.is_null() {
            String::new()
        } else {
            c_str(v, "wal_dir")?.to_string()
        };
        Ok(())
    })
}

/// The table factory becomes block-based with a copy of the table options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_block_based_table_factory(
    opt: *mut rocksdb_options_t,
    table_options: *mut rocksdb_block_based_table_options_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.table_factory = crate::table::factory::TableFactory::BlockBased;
        if let Some(t) = table_options.as_ref() {
            o.opts.table = t.t.clone();
            // The block-based factory replaces a cuckoo one.
            o.opts.cuckoo_table = None;
            if let Some(what) = &t.unsupported {
                o.mark_unsupported(what);
            }
        }
        Ok(())
    })
}

/// The family writes PlainTable files (`table::plain`) with these options; reading opens any file by its magic.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_plain_table_factory(
    opt: *mut rocksdb_options_t,
    user_key_len: u32,
    bloom_bits_per_key: c_int,
    hash_table_ratio: f64,
    index_sparseness: size_t,
    huge_page_tlb_size: size_t,
    encoding_type: c_char,
    full_scan_mode: c_uchar,
    store_index_in_file: c_uchar,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        let encoding = match crate::table::plain::encoding_from_u8(encoding_type as u8) {
            Some(e) => e,
            None => {
                o.mark_unsupported(&format!("PlainTable encoding type {}", encoding_type as u8));
                crate::table::plain::key_coding::KeyEncoding::Plain
            }
        };
        // The plain factory replaces a cuckoo one (the last factory set wins).
        o.opts.cuckoo_table = None;
        o.opts.table_factory = crate::table::factory::TableFactory::Plain(crate::table::plain::PlainTableOptions {
            user_key_len,
            bloom_bits_per_key,
            hash_table_ratio,
            index_sparseness,
            huge_page_tlb_size,
            encoding_type: encoding,
            full_scan_mode: full_scan_mode != 0,
            store_index_in_file: store_index_in_file != 0,
        });
        Ok(())
    })
}

/// The row cache is a performance option ferrock does not use; its capacity is recorded.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_row_cache(
    opt: *mut rocksdb_options_t,
    cache: *mut rocksdb_cache_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        let cap = cache.as_ref().map(|c| c.capacity() as u64).unwrap_or(0);
        o.stored.set("row_cache", cap);
        Ok(())
    })
}

/// Text options ferrock stores without using; getters hand back a malloc'd copy.
unsafe fn set_text(opt: *mut rocksdb_options_t, name: &'static str, v: *const c_char) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if v.is_null() {
            o.stored_text.remove(name);
        } else {
            o.stored_text.insert(name, c_str(v, name)?.to_string());
        }
        Ok(())
    })
}

/// The stored text (owned by the options, valid while they live and the option is not set again).
unsafe fn get_text(
    opt: *mut rocksdb_options_t,
    name: &'static str,
    default: &'static str,
    size: *mut size_t,
) -> *const c_char {
    set_out(size, 0);
    guarded(std::ptr::null(), || {
        let o = handle(opt, "options")?;
        let text = o
            .stored_text
            .get(name)
            .map(String::as_str)
            .unwrap_or(default);
        set_out(size, text.len());
        Ok(text.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_db_log_dir(
    opt: *mut rocksdb_options_t,
    v: *const c_char,
) {
    set_text(opt, "db_log_dir", v)
}

/// "" when unset, RocksDB's default; the bytes belong to the options (not NUL-terminated).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_db_log_dir(
    opt: *mut rocksdb_options_t,
    size: *mut size_t,
) -> *const c_char {
    get_text(opt, "db_log_dir", "", size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_daily_offpeak_time_utc(
    opt: *mut rocksdb_options_t,
    v: *const c_char,
) {
    set_text(opt, "daily_offpeak_time_utc", v)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_daily_offpeak_time_utc(
    opt: *mut rocksdb_options_t,
    size: *mut size_t,
) -> *const c_char {
    get_text(opt, "daily_offpeak_time_utc", "", size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_db_host_id(
    opt: *mut rocksdb_options_t,
    v: *const c_char,
) {
    set_text(opt, "db_host_id", v)
}

/// RocksDB's default host id is the marker "__hostname__" (the host name is written at open).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_db_host_id(
    opt: *mut rocksdb_options_t,
    size: *mut size_t,
) -> *const c_char {
    get_text(opt, "db_host_id", "__hostname__", size)
}

/// The WAL directory ("" = the database directory); the bytes belong to the options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_wal_dir(
    opt: *mut rocksdb_options_t,
    size: *mut size_t,
) -> *const c_char {
    set_out(size, 0);
    guarded(std::ptr::null(), || {
        let dir = &handle(opt, "options")?.opts.wal_dir;
        set_out(size, dir.len());
        Ok(dir.as_ptr() as *const c_char)
    })
}

/// Per-level compression: stored; a codec ferrock cannot write makes open fail.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_compression_per_level(
    opt: *mut rocksdb_options_t,
    level_values: *const c_int,
    num_levels: size_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if level_values.is_null() && num_levels > 0 {
            return Err(Error::invalid_argument("level_values is NULL"));
        }
        let mut levels = Vec::with_capacity(num_levels);
        for i in 0..num_levels {
            let t = *level_values.add(i);
            match u8::try_from(t).ok().and_then(CompressionType::from_u8) {
                Some(c) if c.supported_for_writing() => {}
                Some(c) => o.mark_unsupported(&format!("compression type {}", c.name())),
                None => o.mark_unsupported(&format!("compression type {t}")),
            }
            levels.push(t);
        }
        o.compression_per_level = levels;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::option_accessors::*;
    use super::*;

    #[test]
    fn engine_options_and_stored_options_read_back() {
        unsafe {
            let o = rocksdb_options_create();
            rocksdb_options_set_write_buffer_size(o, 1 << 20);
            assert_eq!((*o).opts.write_buffer_size, 1 << 20);
            assert_eq!(rocksdb_options_get_write_buffer_size(o), 1 << 20);
            // Not an engine field: stored, and its getter starts at RocksDB's default.
            assert_eq!(rocksdb_options_get_max_file_opening_threads(o), 16);
            rocksdb_options_set_max_file_opening_threads(o, 3);
            assert_eq!(rocksdb_options_get_max_file_opening_threads(o), 3);
            assert!((*o)
                .ignored_option_names()
                .contains(&"max_file_opening_threads"));
            rocksdb_options_destroy(o);
        }
    }

    #[test]
    fn result_changing_options_refuse_open() {
        unsafe {
            let o = rocksdb_options_create();
            assert!((*o).check_supported().is_ok());
            rocksdb_options_set_enable_blob_files(o, 1);
            assert_eq!(
                (*o).check_supported().unwrap_err().to_string(),
                "Not implemented: blob files (enable_blob_files)"
            );
            rocksdb_options_destroy(o);

            let o = rocksdb_options_create();
            // Snappy (1) is written since issue 8; Xpress (6) is Windows-only.
            rocksdb_options_set_compression(o, 1);
            assert!((*o).check_supported().is_ok());
            rocksdb_options_set_compression(o, 6);
            assert_eq!(
                (*o).check_supported().unwrap_err().to_string(),
                "Not implemented: compression type Xpress"
            );
            crate::capi::merge::rocksdb_options_set_uint64add_merge_operator(o);
            rocksdb_options_destroy(o);

            let o = rocksdb_options_create();
            rocksdb_options_set_compaction_style(o, 1);
            assert!((*o).check_supported().is_ok());
            rocksdb_options_set_compaction_style(o, 2);
            assert_eq!(
                (*o).check_supported().unwrap_err().to_string(),
                "Not implemented: FIFO compaction"
            );
            rocksdb_options_destroy(o);
        }
    }

    #[test]
    fn bottommost_compression_defaults_to_disabled_marker() {
        unsafe {
            let o = rocksdb_options_create();
            assert_eq!(rocksdb_options_get_bottommost_compression(o), 0xFF);
            rocksdb_options_set_bottommost_compression(o, 4);
            assert_eq!(rocksdb_options_get_bottommost_compression(o), 4);
            rocksdb_options_destroy(o);
        }
    }
}
