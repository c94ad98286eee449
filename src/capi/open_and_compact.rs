//! c.h's OpenAndCompact, the worker's side of remote compaction: `rocksdb_open_and_compact`
//! (`_with_options`) runs a job a primary's compaction service was given (engine:
//! src/db/remote_compaction.rs), with `rocksdb_open_and_compact_options_*` and the
//! cancellation flag: an atomic bool that a program creates, sets from any thread and frees.

use super::compaction_service::rocksdb_compaction_service_options_override_t;
use super::*;
use crate::compaction::remote::OpenAndCompactOptions;
use libc::c_uchar;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// A new flag, false. Freed by `rocksdb_open_and_compact_canceled_destroy`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_canceled_create() -> *mut c_uchar {
    guarded(std::ptr::null_mut(), || Ok(into_handle(AtomicBool::new(false)).cast::<c_uchar>()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_canceled_destroy(canceled: *mut c_uchar) {
    drop_handle(canceled.cast::<AtomicBool>())
}

/// Stores `value != 0`; NULL is ignored, as in RocksDB.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_canceled_set(canceled: *mut c_uchar, value: c_uchar) {
    guarded((), || {
        if let Some(flag) = canceled.cast::<AtomicBool>().as_ref() {
            flag.store(value != 0, Ordering::Release);
        }
        Ok(())
    })
}

/// RocksDB's OpenAndCompactOptions: the flag is borrowed (the caller frees it after the
/// options are done with).
pub struct rocksdb_open_and_compact_options_t {
    canceled: *const AtomicBool,
    allow_resumption: bool,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_options_create() -> *mut rocksdb_open_and_compact_options_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_open_and_compact_options_t { canceled: std::ptr::null(), allow_resumption: false })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_options_destroy(options: *mut rocksdb_open_and_compact_options_t) {
    drop_handle(options)
}

/// A flag from `rocksdb_open_and_compact_canceled_create`; NULL is ignored, as in c.cc.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_options_set_canceled(options: *mut rocksdb_open_and_compact_options_t, canceled: *mut c_uchar) {
    guarded((), || {
        if let (Some(o), false) = (options.as_mut(), canceled.is_null()) {
            o.canceled = canceled.cast::<AtomicBool>();
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_options_set_allow_resumption(options: *mut rocksdb_open_and_compact_options_t, allow_resumption: c_uchar) {
    guarded((), || {
        handle_mut(options, "open and compact options")?.allow_resumption = allow_resumption != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_options_get_allow_resumption(options: *mut rocksdb_open_and_compact_options_t) -> c_uchar {
    guarded(0, || Ok(handle(options, "open and compact options")?.allow_resumption as c_uchar))
}

/// The shared body of both entry points: the result, malloc'd with a NUL after it.
unsafe fn open_and_compact(
    options: OpenAndCompactOptions<'_>,
    db_path: *const c_char,
    output_directory: *const c_char,
    input: *const c_char,
    input_len: size_t,
    output_len: *mut size_t,
    override_options: *const rocksdb_compaction_service_options_override_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let over = match override_options.as_ref() {
            Some(o) if !db_path.is_null() && !output_directory.is_null() && !input.is_null() => o,
            _ => return Err(Error::invalid_argument("Invalid arguments")),
        };
        if let Some(what) = &over.unsupported {
            return Err(Error::not_supported(what.clone()));
        }
        let db_path = c_str(db_path, "db_path")?;
        let output_directory = c_str(output_directory, "output_directory")?;
        let input = bytes(input, input_len)?;
        let out = crate::db::remote_compaction::open_and_compact(&options, Path::new(db_path), Path::new(output_directory), input, &over.o)?;
        let mut with_nul = out;
        with_nul.push(0);
        let p = malloc_bytes(&with_nul);
        if p.is_null() {
            return Err(Error::new(crate::error::Code::Aborted, "Failed to allocate output buffer"));
        }
        set_out(output_len, with_nul.len() - 1);
        Ok(p)
    })
}

/// Runs the job `input` over the database at `db_path` (opened read-only), writing its tables
/// to `output_directory`; returns the malloc'd result for the primary's wait callback.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact(
    db_path: *const c_char,
    output_directory: *const c_char,
    input: *const c_char,
    input_len: size_t,
    output_len: *mut size_t,
    override_options: *const rocksdb_compaction_service_options_override_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    open_and_compact(OpenAndCompactOptions::default(), db_path, output_directory, input, input_len, output_len, override_options, errptr)
}

/// As `rocksdb_open_and_compact`, stopping with "Result incomplete: Manual compaction paused"
/// when the options' flag is set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_and_compact_with_options(
    options: *const rocksdb_open_and_compact_options_t,
    db_path: *const c_char,
    output_directory: *const c_char,
    input: *const c_char,
    input_len: size_t,
    output_len: *mut size_t,
    override_options: *const rocksdb_compaction_service_options_override_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    let Some(o) = options.as_ref() else {
        save_error(errptr, &Error::invalid_argument("Invalid arguments"));
        return std::ptr::null_mut();
    };
    // SAFETY: the flag, when set, is live while the options are (the caller's contract).
    let options = OpenAndCompactOptions { canceled: o.canceled.as_ref(), allow_resumption: o.allow_resumption };
    open_and_compact(options, db_path, output_directory, input, input_len, output_len, override_options, errptr)
}
