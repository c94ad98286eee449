//! c.h's `rocksdb_wait_for_compact` and its options: wait until no flush or
//! compaction is pending or running, optionally flushing first and closing after;
//! and the switches for background work: `rocksdb_disable_manual_compaction` /
//! `_enable_` and `rocksdb_cancel_all_background_work`.

use super::db::rocksdb_t;
use super::*;
use crate::db::ColumnFamilyHandle;
use crate::options::FlushOptions;
use libc::c_uchar;

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
/// needs nothing more; ferrock never pauses background work, so abort_on_pause
/// has nothing to abort.
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
        d.wait_for_background_work()?;
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

/// Compacts like `rocksdb_compact_range_cf`. Moving the result to another level
/// (change_level) is not implemented: the call then does nothing, as c.h gives
/// it no way to report an error. The other options tune how, not what.
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
        match cf {
            Some(cf) => d.compact_range_cf(&handle(cf, "column family handle")?.cf, start, limit),
            None => d.compact_range_cf(&d.default_column_family(), start, limit),
        }
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
