//! The cancellation flag of c.h's OpenAndCompact (remote compaction): an atomic bool that a
//! program creates, sets from any thread and frees. OpenAndCompact itself answers
//! "Not implemented" in ferrock (not_implemented.rs); the flag is plain memory and works
//! as RocksDB's does, so a program can create, set and free it.

use super::*;
use libc::c_uchar;
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
