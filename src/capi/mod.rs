//! RocksDB's C API (`include/rocksdb/c.h`, RocksDB 11.8.1's header) over the safe
//! Rust API of `crate::db`. All unsafe code of the crate lives in this module.
//!
//! This file is the glue written once and used by every `extern "C"` function
//! (the mirror image of rust-rocksdb's `ffi_util.rs`):
//! - errors go out through `char** errptr` exactly as RocksDB's `SaveError`
//!   does: a previous message is freed, then a malloc'd copy of the status
//!   text is stored;
//! - strings and values handed to C are `libc::malloc`'d copies, released by
//!   the caller with `free()` / `rocksdb_free()`;
//! - every body runs under `catch_unwind`, so no panic unwinds into C: a
//!   caught panic becomes an error through `errptr`, or a NULL/zero return;
//! - pointer arguments are checked for NULL: a NULL handle is an
//!   "Invalid argument: ..." error (destroy functions treat NULL as a no-op);
//!   a (ptr, len) slice may be (NULL, 0).
//!
//! Thread-safety: handles may be used from many threads as in RocksDB, because
//! the engine types behind them are `Send + Sync`; option handles are plain
//! data that the caller must not mutate concurrently (as in RocksDB).
#![allow(unsafe_code)]
#![allow(non_camel_case_types)]
#![allow(clippy::missing_safety_doc)]
// c.h fixes the argument lists.
#![allow(clippy::too_many_arguments)]

pub mod backup;
pub mod batch;
pub mod cache;
pub mod cf;
pub mod checkpoint;
pub mod compaction_job_stats;
pub mod compaction_style_options;
pub mod compactionfilter;
pub mod compact;
pub mod cuckoo;
pub mod comparator;
pub mod db;
pub mod dbpath;
pub mod env;
pub mod ferrock_ext;
pub mod file_deletions;
pub mod filter;
pub mod flush;
pub mod ingest;
pub mod iter;
pub mod listener;
pub mod live_files_storage_info;
pub mod logger;
pub mod memory_usage;
pub mod merge;
pub mod metadata;
pub mod not_implemented;
pub mod open_and_compact;
pub mod option_accessors;
pub mod option_sets;
pub mod options;
pub mod options_file;
pub mod ratelimiter;
pub mod readoptions;
pub mod secondary;
pub mod set_options;
pub mod sizes;
pub mod slicetransform;
pub mod sst_file_manager;
pub mod sstfilewriter;
pub mod snapshot;
pub mod statistics;
pub mod table_options;
pub mod table_properties;
pub mod trace;
pub mod transaction;
pub mod ttl;
pub mod wbwi;
pub mod wal_filter;
pub mod wal_iter;
pub mod write_buffer_manager;
pub mod writeoptions;

use crate::error::{Error, Result};
use libc::{c_char, c_void, size_t};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Values of options ferrock stores but does not use, keyed by option name
/// (each value as the bits of its C type), so getters read back what setters set.
#[derive(Clone, Default, Debug)]
pub(crate) struct Stored {
    values: std::collections::BTreeMap<&'static str, u64>,
}

impl Stored {
    pub(crate) fn set(&mut self, name: &'static str, bits: u64) {
        self.values.insert(name, bits);
    }
    pub(crate) fn remove(&mut self, name: &str) {
        self.values.remove(name);
    }
    pub(crate) fn get(&self, name: &str) -> Option<u64> {
        self.values.get(name).copied()
    }
    /// Names of the options set so far (for the info LOG: "accepted, not used").
    pub(crate) fn names(&self) -> Vec<&'static str> {
        self.values.keys().copied().collect()
    }
}

/// Stores `err`'s RocksDB status text in `*errptr` (freeing a previous message), as RocksDB's `SaveError`.
pub(crate) fn save_error(errptr: *mut *mut c_char, err: &Error) {
    if errptr.is_null() {
        return;
    }
    let text = malloc_cstring(&err.to_string());
    // SAFETY: errptr is non-NULL and, per the C API contract, points to a
    // `char*` that is either NULL or a message this library malloc'd.
    unsafe {
        if !(*errptr).is_null() {
            libc::free(*errptr as *mut c_void);
        }
        *errptr = text;
    }
}

/// A malloc'd copy of `bytes` (not NUL-terminated, like RocksDB's `CopyString`).
/// Never NULL for an empty value, so C callers can tell "empty" from "not found".
pub(crate) fn malloc_bytes(bytes: &[u8]) -> *mut c_char {
    // SAFETY: malloc of at least one byte; the copy stays inside the allocation.
    unsafe {
        let p = libc::malloc(bytes.len().max(1)) as *mut u8;
        if p.is_null() {
            return std::ptr::null_mut();
        }
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len());
        p as *mut c_char
    }
}

/// A malloc'd NUL-terminated copy of `s` (an interior NUL ends the C string early).
pub(crate) fn malloc_cstring(s: &str) -> *mut c_char {
    let bytes = s.as_bytes();
    // SAFETY: the allocation has room for the bytes plus the terminating NUL.
    unsafe {
        let p = libc::malloc(bytes.len() + 1) as *mut u8;
        if p.is_null() {
            return std::ptr::null_mut();
        }
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len());
        *p.add(bytes.len()) = 0;
        p as *mut c_char
    }
}

/// Writes `v` through an optional out-pointer.
pub(crate) fn set_out<T>(out: *mut T, v: T) {
    if !out.is_null() {
        // SAFETY: a non-NULL out-pointer from C points to writable storage for a T.
        unsafe { *out = v }
    }
}

/// The bytes of a C (ptr, len) argument; (NULL, 0) is the empty slice.
pub(crate) unsafe fn bytes<'a>(ptr: *const c_char, len: size_t) -> Result<&'a [u8]> {
    if ptr.is_null() {
        if len == 0 {
            return Ok(&[]);
        }
        return Err(Error::invalid_argument(
            "NULL pointer with a non-zero length",
        ));
    }
    // SAFETY: the caller passes `len` readable bytes at `ptr`, as c.h requires.
    Ok(std::slice::from_raw_parts(ptr as *const u8, len))
}

/// A NUL-terminated C string argument as UTF-8 text.
pub(crate) unsafe fn c_str<'a>(ptr: *const c_char, what: &str) -> Result<&'a str> {
    if ptr.is_null() {
        return Err(Error::invalid_argument(format!("{what} is NULL")));
    }
    // SAFETY: c.h requires a NUL-terminated string here.
    std::ffi::CStr::from_ptr(ptr)
        .to_str()
        .map_err(|_| Error::invalid_argument(format!("{what} is not valid UTF-8")))
}

/// A shared reference to a C handle, or "Invalid argument: <what> is NULL".
pub(crate) unsafe fn handle<'a, T>(ptr: *const T, what: &str) -> Result<&'a T> {
    // SAFETY: a non-NULL handle was made by this library's Box::into_raw and is still live.
    ptr.as_ref()
        .ok_or_else(|| Error::invalid_argument(format!("{what} is NULL")))
}

/// A mutable reference to a C handle, or "Invalid argument: <what> is NULL".
pub(crate) unsafe fn handle_mut<'a, T>(ptr: *mut T, what: &str) -> Result<&'a mut T> {
    // SAFETY: as `handle`; C callers do not use one handle from two threads while mutating it.
    ptr.as_mut()
        .ok_or_else(|| Error::invalid_argument(format!("{what} is NULL")))
}

/// Hands a new handle to C.
pub(crate) fn into_handle<T>(v: T) -> *mut T {
    Box::into_raw(Box::new(v))
}

/// Frees a handle made by `into_handle`; NULL is a no-op.
pub(crate) unsafe fn drop_handle<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: ptr came from Box::into_raw in `into_handle` and is freed once, by its destroy function.
        drop(Box::from_raw(ptr));
    }
}

/// Runs a C API body that reports errors through `errptr`: an `Err` or a panic
/// is saved there and `on_error` is returned.
pub(crate) fn with_errptr<T>(
    errptr: *mut *mut c_char,
    on_error: T,
    body: impl FnOnce() -> Result<T>,
) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            save_error(errptr, &e);
            on_error
        }
        Err(payload) => {
            save_error(errptr, &Error::from_panic(payload));
            on_error
        }
    }
}

/// Runs a C API body that has no `errptr`: an `Err` or a panic returns `on_error`.
pub(crate) fn guarded<T>(on_error: T, body: impl FnOnce() -> Result<T>) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(v)) => v,
        _ => on_error,
    }
}

/// Frees memory this library handed to C (values, strings, arrays).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_free(ptr: *mut c_void) {
    if !ptr.is_null() {
        libc::free(ptr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_error_replaces_previous_message() {
        let mut err: *mut c_char = std::ptr::null_mut();
        save_error(&mut err, &Error::invalid_argument("first"));
        save_error(&mut err, &Error::io("second"));
        let text = unsafe { std::ffi::CStr::from_ptr(err) }
            .to_str()
            .unwrap()
            .to_string();
        assert_eq!(text, "IO error: second");
        unsafe { rocksdb_free(err as *mut c_void) };
    }

    #[test]
    fn panic_becomes_error_through_errptr() {
        let mut err: *mut c_char = std::ptr::null_mut();
        let v = with_errptr(&mut err, 7, || -> Result<i32> { panic!("boom") });
        assert_eq!(v, 7);
        let text = unsafe { std::ffi::CStr::from_ptr(err) }
            .to_str()
            .unwrap()
            .to_string();
        assert_eq!(text, "Operation aborted: ferrock panicked: boom");
        unsafe { rocksdb_free(err as *mut c_void) };
    }

    #[test]
    fn null_slice_with_zero_length_is_empty() {
        assert_eq!(unsafe { bytes(std::ptr::null(), 0) }.unwrap(), b"");
        assert!(unsafe { bytes(std::ptr::null(), 3) }.is_err());
        let copy = malloc_bytes(b"");
        assert!(!copy.is_null());
        unsafe { rocksdb_free(copy as *mut c_void) };
    }
}
