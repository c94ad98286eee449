//! c.h's flush functions (flush, flush_cf, flush_cfs, flush_wal) and
//! `rocksdb_flushoptions_t` create/destroy; its scalar pairs are in `option_accessors.rs`.

use super::cf::rocksdb_column_family_handle_t;
use super::db::rocksdb_t;
use super::*;
use crate::options::FlushOptions;
use libc::{c_int, c_uchar};

/// Flush options (`rocksdb_flushoptions_t`).
pub struct rocksdb_flushoptions_t {
    pub(crate) fo: FlushOptions,
    pub(crate) stored: Stored,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushoptions_create() -> *mut rocksdb_flushoptions_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_flushoptions_t {
            fo: FlushOptions::default(),
            stored: Stored::default(),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushoptions_destroy(opt: *mut rocksdb_flushoptions_t) {
    drop_handle(opt)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flush(
    db: *mut rocksdb_t,
    options: *const rocksdb_flushoptions_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        let cf = d.default_column_family();
        d.flush_cf(&handle(options, "flush options")?.fo, &cf)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flush_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_flushoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        d.flush_cf(
            &handle(options, "flush options")?.fo,
            &handle(column_family, "column family handle")?.cf,
        )
    })
}

/// Flushes each column family in turn, stopping at the first error.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flush_cfs(
    db: *mut rocksdb_t,
    options: *const rocksdb_flushoptions_t,
    column_family: *mut *mut rocksdb_column_family_handle_t,
    num_column_families: c_int,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        let fo = &handle(options, "flush options")?.fo;
        if num_column_families > 0 && column_family.is_null() {
            return Err(Error::invalid_argument("column_family is NULL"));
        }
        for i in 0..num_column_families.max(0) as usize {
            d.flush_cf(
                fo,
                &handle(*column_family.add(i), "column family handle")?.cf,
            )?;
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flush_wal(
    db: *mut rocksdb_t,
    sync: c_uchar,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle(db, "db")?.db.flush_wal(sync != 0))
}

/// Options of `rocksdb_flush_wal_with_options` (`rocksdb_flushwaloptions_t`).
pub struct rocksdb_flushwaloptions_t {
    sync: bool,
    /// Stored: ferrock has no rate limiter (RocksDB's default is IO_TOTAL, 4).
    rate_limiter_priority: c_int,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushwaloptions_create() -> *mut rocksdb_flushwaloptions_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_flushwaloptions_t {
            sync: false,
            rate_limiter_priority: 4,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushwaloptions_destroy(opt: *mut rocksdb_flushwaloptions_t) {
    drop_handle(opt)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushwaloptions_set_sync(
    opt: *mut rocksdb_flushwaloptions_t,
    v: c_uchar,
) {
    guarded((), || {
        handle_mut(opt, "flush WAL options")?.sync = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushwaloptions_get_sync(
    opt: *mut rocksdb_flushwaloptions_t,
) -> c_uchar {
    guarded(0, || Ok(handle(opt, "flush WAL options")?.sync as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushwaloptions_set_rate_limiter_priority(
    opt: *mut rocksdb_flushwaloptions_t,
    v: c_int,
) {
    guarded((), || {
        handle_mut(opt, "flush WAL options")?.rate_limiter_priority = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushwaloptions_get_rate_limiter_priority(
    opt: *mut rocksdb_flushwaloptions_t,
) -> c_int {
    guarded(0, || {
        Ok(handle(opt, "flush WAL options")?.rate_limiter_priority)
    })
}

/// Writes the WAL buffer out (and syncs it with the options' sync); NULL options: no sync.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flush_wal_with_options(
    db: *mut rocksdb_t,
    options: *const rocksdb_flushwaloptions_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle(db, "db")?.db.flush_wal(flush_wal_sync(options)))
}

/// The options' sync; NULL options are RocksDB's defaults (FlushWALOptions: no sync).
unsafe fn flush_wal_sync(options: *const rocksdb_flushwaloptions_t) -> bool {
    // SAFETY: a non-NULL pointer is a handle from rocksdb_flushwaloptions_create.
    options.as_ref().is_some_and(|o| o.sync)
}
