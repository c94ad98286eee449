//! c.h's `rocksdb_wait_for_compact` and its options: wait until no flush or
//! compaction is pending or running, optionally flushing first and closing after;
//! and the switches for background work: `rocksdb_disable_manual_compaction` /
//! `_enable_` and `rocksdb_cancel_all_background_work`; `rocksdb_compact_range_opt`, and
//! `rocksdb_compact_files` with its `rocksdb_compaction_options_t`.

use super::db::rocksdb_t;
use super::*;
use crate::db::ColumnFamilyHandle;
use crate::options::FlushOptions;
use libc::{c_int, c_uchar};

/// Options of `rocksdb_wait_for_compact` (`rocksdb_wait_for_compact_options_t`), RocksDB's defaults.
#[derive(Default)]
pub struct rocksdb_wait_for_compact_options_t {
    abort_on_pause: bool,
    flush: bool,
    close_db: bool,
    wait_for_purge: bool,
    timeout_micros: u64,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_create(
) -> *mut rocksdb_wait_for_compact_options_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_wait_for_compact_options_t::default()))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_destroy(
    opt: *mut rocksdb_wait_for_compact_options_t,
) {
    drop_handle(opt)
}

unsafe fn set_flag(
    opt: *mut rocksdb_wait_for_compact_options_t,
    v: c_uchar,
    pick: fn(&mut rocksdb_wait_for_compact_options_t) -> &mut bool,
) {
    guarded((), || {
        *pick(handle_mut(opt, "wait-for-compact options")?) = v != 0;
        Ok(())
    })
}

unsafe fn get_flag(
    opt: *mut rocksdb_wait_for_compact_options_t,
    pick: fn(&rocksdb_wait_for_compact_options_t) -> bool,
) -> c_uchar {
    guarded(0, || {
        Ok(pick(handle(opt, "wait-for-compact options")?) as c_uchar)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_set_abort_on_pause(
    opt: *mut rocksdb_wait_for_compact_options_t,
    v: c_uchar,
) {
    set_flag(opt, v, |o| &mut o.abort_on_pause)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_get_abort_on_pause(
    opt: *mut rocksdb_wait_for_compact_options_t,
) -> c_uchar {
    get_flag(opt, |o| o.abort_on_pause)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_set_flush(
    opt: *mut rocksdb_wait_for_compact_options_t,
    v: c_uchar,
) {
    set_flag(opt, v, |o| &mut o.flush)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_get_flush(
    opt: *mut rocksdb_wait_for_compact_options_t,
) -> c_uchar {
    get_flag(opt, |o| o.flush)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_set_close_db(
    opt: *mut rocksdb_wait_for_compact_options_t,
    v: c_uchar,
) {
    set_flag(opt, v, |o| &mut o.close_db)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_get_close_db(
    opt: *mut rocksdb_wait_for_compact_options_t,
) -> c_uchar {
    get_flag(opt, |o| o.close_db)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_set_wait_for_purge(
    opt: *mut rocksdb_wait_for_compact_options_t,
    v: c_uchar,
) {
    set_flag(opt, v, |o| &mut o.wait_for_purge)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_get_wait_for_purge(
    opt: *mut rocksdb_wait_for_compact_options_t,
) -> c_uchar {
    get_flag(opt, |o| o.wait_for_purge)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_set_timeout(
    opt: *mut rocksdb_wait_for_compact_options_t,
    micros: u64,
) {
    guarded((), || {
        handle_mut(opt, "wait-for-compact options")?.timeout_micros = micros;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact_options_get_timeout(
    opt: *mut rocksdb_wait_for_compact_options_t,
) -> u64 {
    guarded(0, || {
        Ok(handle(opt, "wait-for-compact options")?.timeout_micros)
    })
}

/// Waits for background flushes and compactions (NULL options = RocksDB's
/// defaults). A timeout cannot be honoured yet: a non-zero one is Not implemented.
/// Obsolete files are deleted by the same background work, so wait_for_purge
/// needs nothing more; with abort_on_pause, paused background work (rocksdb_pause_background_work)
/// answers "Operation aborted", without it the call waits until work is continued (RocksDB's).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wait_for_compact(
    db: *mut rocksdb_t,
    options: *mut rocksdb_wait_for_compact_options_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        let defaults = rocksdb_wait_for_compact_options_t::default();
        let o = options.as_ref().unwrap_or(&defaults);
        if o.timeout_micros != 0 {
            return Err(Error::not_supported(
                "rocksdb_wait_for_compact with a timeout",
            ));
        }
        if o.flush {
            let fo = FlushOptions::default();
            let ids: Vec<(u32, String)> = d
                .inner
                .cfs
                .read()
                .values()
                .map(|cf| (cf.id, cf.name.clone()))
                .collect();
            for (id, name) in ids {
                d.flush_cf(&fo, &ColumnFamilyHandle { id, name })?;
            }
        }
        d.wait_for_background_work_with(o.abort_on_pause)?;
        if o.close_db {
            d.close()?;
        }
        Ok(())
    })
}

/// Options of `rocksdb_compact_range_opt` (`rocksdb_compactoptions_t`); the scalar
/// pairs are in `option_accessors.rs`.
pub struct rocksdb_compactoptions_t {
    pub(crate) stored: Stored,
    full_history_ts_low: Option<Vec<u8>>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactoptions_create() -> *mut rocksdb_compactoptions_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_compactoptions_t {
            stored: Stored::default(),
            full_history_ts_low: None,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactoptions_destroy(opt: *mut rocksdb_compactoptions_t) {
    drop_handle(opt)
}

/// Stored: it only matters with user-defined timestamps, which open refuses.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactoptions_set_full_history_ts_low(
    opt: *mut rocksdb_compactoptions_t,
    ts: *mut c_char,
    tslen: size_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "compact options")?;
        o.full_history_ts_low = if ts.is_null() {
            None
        } else {
            Some(bytes(ts, tslen)?.to_vec())
        };
        Ok(())
    })
}

/// Compacts like `rocksdb_compact_range_cf`, with the options' max_subcompactions.
/// Moving the result to another level (change_level) is not implemented: the call
/// then does nothing, as c.h gives it no way to report an error. The other options
/// tune how, not what.
unsafe fn compact_range_with(
    db: *mut rocksdb_t,
    cf: Option<*mut super::cf::rocksdb_column_family_handle_t>,
    opt: *mut rocksdb_compactoptions_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
) {
    guarded((), || {
        let d = &handle(db, "db")?.db;
        let o = handle(opt, "compact options")?;
        if o.stored.get("change_level").is_some_and(|v| v != 0) {
            return Err(Error::not_supported("compact_range with change_level"));
        }
        let start = if start_key.is_null() {
            None
        } else {
            Some(bytes(start_key, start_key_len)?)
        };
        let limit = if limit_key.is_null() {
            None
        } else {
            Some(bytes(limit_key, limit_key_len)?)
        };
        // RocksDB's CompactRangeOptions::max_subcompactions: 0 (unset) means the db's option.
        let max_subcompactions = o.stored.get("max_subcompactions").map_or(0, |v| (v as i64).max(0) as u32);
        let cf = match cf {
            Some(cf) => handle(cf, "column family handle")?.cf.clone(),
            None => d.default_column_family(),
        };
        d.compact_range_cf_subcompactions(&cf, start, limit, max_subcompactions)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_range_opt(
    db: *mut rocksdb_t,
    opt: *mut rocksdb_compactoptions_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
) {
    compact_range_with(
        db,
        None,
        opt,
        start_key,
        start_key_len,
        limit_key,
        limit_key_len,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_range_cf_opt(
    db: *mut rocksdb_t,
    column_family: *mut super::cf::rocksdb_column_family_handle_t,
    opt: *mut rocksdb_compactoptions_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
) {
    compact_range_with(
        db,
        Some(column_family),
        opt,
        start_key,
        start_key_len,
        limit_key,
        limit_key_len,
    )
}

/// Manual compactions fail with "Result incomplete: Manual compaction paused" until matched by
/// `rocksdb_enable_manual_compaction`; returns once none is running.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_disable_manual_compaction(db: *mut rocksdb_t) {
    guarded((), || {
        super::db::db_ref(db)?.disable_manual_compaction();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_enable_manual_compaction(db: *mut rocksdb_t) {
    guarded((), || {
        super::db::db_ref(db)?.enable_manual_compaction();
        Ok(())
    })
}

/// Stops background flushes and compactions (flushing writes made without the WAL first);
/// with `wait`, returns when the background threads are done. Close the database afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cancel_all_background_work(db: *mut rocksdb_t, wait: c_uchar) {
    guarded((), || super::db::db_ref(db)?.cancel_all_background_work(wait != 0))
}

/// RocksDB's PauseBackgroundWork: no background flush or compaction starts until the matching
/// `rocksdb_continue_background_work`; returns once the running ones have finished.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_pause_background_work(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || super::db::db_ref(db)?.pause_background_work())
}

/// RocksDB's ContinueBackgroundWork; "Invalid argument: Background work already unpaused"
/// without an unmatched pause.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_continue_background_work(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || super::db::db_ref(db)?.continue_background_work())
}

/// Options of `rocksdb_compact_files` (`rocksdb_compaction_options_t`, RocksDB's
/// `CompactionOptions`), with RocksDB's defaults.
pub struct rocksdb_compaction_options_t {
    opts: crate::db::compact_files::CompactFilesOptions,
    /// CompressionType; RocksDB's default kDisableCompressionOption (0xff) keeps the
    /// output level's codec.
    compression: c_int,
    /// Temperature (CompactionOptions::output_temperature_override). Stored and accepted:
    /// RocksDB hands it to the FileSystem as a placement hint and records it in the MANIFEST
    /// (NewFile4 field kTemperature); ferrock's file systems take no hints and its MANIFEST
    /// records no temperature, so it has no effect on the output.
    output_temperature_override: c_int,
    /// From `rocksdb_compaction_options_canceled_create`; checked when the call starts.
    canceled: *mut c_uchar,
}

const DISABLE_COMPRESSION_OPTION: c_int = 0xff;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_create() -> *mut rocksdb_compaction_options_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_compaction_options_t {
            opts: Default::default(),
            compression: DISABLE_COMPRESSION_OPTION,
            output_temperature_override: 0,
            canceled: std::ptr::null_mut(),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_destroy(opt: *mut rocksdb_compaction_options_t) {
    drop_handle(opt)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_set_max_subcompactions(opt: *mut rocksdb_compaction_options_t, v: u32) {
    guarded((), || {
        handle_mut(opt, "compaction options")?.opts.max_subcompactions = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_get_max_subcompactions(opt: *mut rocksdb_compaction_options_t) -> u32 {
    guarded(0, || Ok(handle(opt, "compaction options")?.opts.max_subcompactions))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_set_output_file_size_limit(opt: *mut rocksdb_compaction_options_t, v: u64) {
    guarded((), || {
        handle_mut(opt, "compaction options")?.opts.output_file_size_limit = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_get_output_file_size_limit(opt: *mut rocksdb_compaction_options_t) -> u64 {
    guarded(0, || Ok(handle(opt, "compaction options")?.opts.output_file_size_limit))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_set_allow_trivial_move(opt: *mut rocksdb_compaction_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "compaction options")?.opts.allow_trivial_move = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_get_allow_trivial_move(opt: *mut rocksdb_compaction_options_t) -> c_uchar {
    guarded(0, || Ok(handle(opt, "compaction options")?.opts.allow_trivial_move as c_uchar))
}

/// Stored; `rocksdb_compact_files` refuses any value but kDisableCompressionOption (0xff).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_set_compression(opt: *mut rocksdb_compaction_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "compaction options")?.compression = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_get_compression(opt: *mut rocksdb_compaction_options_t) -> c_int {
    guarded(0, || Ok(handle(opt, "compaction options")?.compression))
}

/// Stored; accepted by `rocksdb_compact_files` without effect (ferrock has no tiered storage
/// and records no file temperature).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_set_output_temperature_override(opt: *mut rocksdb_compaction_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "compaction options")?.output_temperature_override = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_get_output_temperature_override(opt: *mut rocksdb_compaction_options_t) -> c_int {
    guarded(0, || Ok(handle(opt, "compaction options")?.output_temperature_override))
}

/// A cancellation flag for `rocksdb_compaction_options_set_canceled` (an atomic boolean, as
/// RocksDB's), freed by `rocksdb_compaction_options_canceled_destroy`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_canceled_create() -> *mut c_uchar {
    guarded(std::ptr::null_mut(), || Ok(into_handle(std::sync::atomic::AtomicBool::new(false)) as *mut c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_canceled_destroy(canceled: *mut c_uchar) {
    drop_handle(canceled as *mut std::sync::atomic::AtomicBool)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_canceled_set(canceled: *mut c_uchar, value: c_uchar) {
    guarded((), || {
        handle(canceled as *const std::sync::atomic::AtomicBool, "canceled flag")?.store(value != 0, std::sync::atomic::Ordering::Release);
        Ok(())
    })
}

/// A compaction started while the flag is set answers "Incomplete: Manual compaction paused",
/// as RocksDB's; the flag is read when `rocksdb_compact_files` starts.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_options_set_canceled(opt: *mut rocksdb_compaction_options_t, canceled: *mut c_uchar) {
    guarded((), || {
        handle_mut(opt, "compaction options")?.canceled = canceled;
        Ok(())
    })
}

/// RocksDB's CompactFiles; `output_file_names` receives the new tables' paths (malloc'd,
/// freed by `rocksdb_compact_files_output_file_names_destroy`). `compaction_job_info` can
/// only be NULL (ferrock creates no such object) and is left alone.
unsafe fn compact_files_with(
    db: *mut rocksdb_t,
    cf: Option<*mut super::cf::rocksdb_column_family_handle_t>,
    options: *const rocksdb_compaction_options_t,
    input_file_names: *const *const c_char,
    num_input_file_names: size_t,
    output_level: c_int,
    output_path_id: c_int,
    output_file_names: *mut *mut *mut c_char,
    num_output_file_names: *mut size_t,
    compaction_job_info: *mut super::listener::rocksdb_compactionjobinfo_t,
    errptr: *mut *mut c_char,
) {
    set_out(output_file_names, std::ptr::null_mut());
    set_out(num_output_file_names, 0);
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        let o = handle(options, "compaction options")?;
        let mut opts = o.opts.clone();
        if o.compression != DISABLE_COMPRESSION_OPTION {
            let c = u8::try_from(o.compression).ok().and_then(crate::options::CompressionType::from_u8);
            match c {
                Some(c) if c.supported_for_writing() => opts.compression = Some(c),
                Some(c) => {
                    return Err(Error::invalid_argument(format!("Compression type {} is not linked with the binary.", c.name())))
                }
                None => return Err(Error::invalid_argument(format!("Invalid compression type {}", o.compression))),
            }
        }
        if !o.canceled.is_null()
            && handle(o.canceled as *const std::sync::atomic::AtomicBool, "canceled flag")?.load(std::sync::atomic::Ordering::Acquire)
        {
            return Err(Error::with_subcode(
                crate::error::Code::Incomplete,
                crate::error::SubCode::ManualCompactionPaused,
                "",
            ));
        }
        if num_input_file_names > 0 && input_file_names.is_null() {
            return Err(Error::invalid_argument("input file names are NULL"));
        }
        let mut names = Vec::with_capacity(num_input_file_names);
        for i in 0..num_input_file_names {
            names.push(c_str(*input_file_names.add(i), "input file name")?.to_string());
        }
        let cf = match cf {
            Some(cf) => handle(cf, "column family handle")?.cf.clone(),
            None => d.default_column_family(),
        };
        // -1 is RocksDB's "choose the path" (C++'s default argument).
        opts.output_path_id = output_path_id;
        let (out, info) = crate::db::listener::capture_compaction_info(|| d.compact_files_cf(&cf, &opts, &names, output_level));
        if let (Some(info), Some(dst)) = (info, compaction_job_info.as_mut()) {
            super::listener::set_compactionjobinfo(dst, &info);
        }
        let out = out?;
        if !output_file_names.is_null() {
            let arr = libc::malloc(std::mem::size_of::<*mut c_char>() * out.len().max(1)) as *mut *mut c_char;
            if arr.is_null() {
                return Err(Error::aborted("out of memory"));
            }
            for (i, n) in out.iter().enumerate() {
                *arr.add(i) = malloc_cstring(n);
            }
            set_out(output_file_names, arr);
            set_out(num_output_file_names, out.len());
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_files(
    db: *mut rocksdb_t,
    options: *const rocksdb_compaction_options_t,
    input_file_names: *const *const c_char,
    num_input_file_names: size_t,
    output_level: c_int,
    output_path_id: c_int,
    output_file_names: *mut *mut *mut c_char,
    num_output_file_names: *mut size_t,
    compaction_job_info: *mut super::listener::rocksdb_compactionjobinfo_t,
    errptr: *mut *mut c_char,
) {
    compact_files_with(
        db,
        None,
        options,
        input_file_names,
        num_input_file_names,
        output_level,
        output_path_id,
        output_file_names,
        num_output_file_names,
        compaction_job_info,
        errptr,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_files_cf(
    db: *mut rocksdb_t,
    column_family: *mut super::cf::rocksdb_column_family_handle_t,
    options: *const rocksdb_compaction_options_t,
    input_file_names: *const *const c_char,
    num_input_file_names: size_t,
    output_level: c_int,
    output_path_id: c_int,
    output_file_names: *mut *mut *mut c_char,
    num_output_file_names: *mut size_t,
    compaction_job_info: *mut super::listener::rocksdb_compactionjobinfo_t,
    errptr: *mut *mut c_char,
) {
    compact_files_with(
        db,
        Some(column_family),
        options,
        input_file_names,
        num_input_file_names,
        output_level,
        output_path_id,
        output_file_names,
        num_output_file_names,
        compaction_job_info,
        errptr,
    )
}
