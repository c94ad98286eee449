//! c.h's WAL filters: `rocksdb_walfilter_create` / `_destroy` and
//! `rocksdb_options_set_wal_filter` / `_clear_wal_filter`, over the engine's `WalFilter`
//! (src/db/wal_filter.rs).
//!
//! Ownership follows RocksDB's c.cc: the options keep a pointer to the filter, not the filter;
//! the caller destroys it with `rocksdb_walfilter_destroy` (which runs its destructor, once)
//! after the databases opened with it are closed. Callbacks run on the opening thread.

use super::batch::rocksdb_writebatch_t;
use super::options::rocksdb_options_t;
use super::*;
use crate::batch::WriteBatch;
use crate::db::wal_filter::{WalFilter, WalFilterDecision, WalProcessingOption};
use libc::{c_int, c_uchar, c_ulonglong};
use std::collections::BTreeMap;
use std::sync::Arc;

/// c.h's `rocksdb_walfilter_column_family_log_number_map_cb`.
pub type rocksdb_walfilter_column_family_log_number_map_cb = Option<
    unsafe extern "C" fn(*mut c_void, *const u32, *const u64, size_t, *const *const c_char, *const size_t, *const u32, size_t),
>;

/// c.h's `rocksdb_walfilter_log_record_found_cb`.
pub type rocksdb_walfilter_log_record_found_cb = Option<
    unsafe extern "C" fn(
        *mut c_void,
        c_ulonglong,
        *const c_char,
        size_t,
        *const rocksdb_writebatch_t,
        *mut rocksdb_writebatch_t,
        *mut c_uchar,
    ) -> c_int,
>;

/// A WAL filter made of C callbacks (`rocksdb_walfilter_t`).
pub struct rocksdb_walfilter_t {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    column_family_log_number_map: rocksdb_walfilter_column_family_log_number_map_cb,
    log_record_found: rocksdb_walfilter_log_record_found_cb,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
}

impl Drop for rocksdb_walfilter_t {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the user's destructor for the user's state, called once, as RocksDB does.
            unsafe { d(self.state) }
        }
    }
}

/// What the options hold: the caller's filter, borrowed (RocksDB's options hold a raw
/// `WalFilter*` the caller owns and keeps alive while a database opened with it is).
struct BorrowedWalFilter(*const rocksdb_walfilter_t);

// SAFETY: the filter's callbacks are only called from the thread opening the database; c.h
// (like RocksDB's WalFilter) leaves their thread-safety to the user, who keeps the filter alive.
unsafe impl Send for BorrowedWalFilter {}
unsafe impl Sync for BorrowedWalFilter {}

impl BorrowedWalFilter {
    fn filter(&self) -> &rocksdb_walfilter_t {
        // SAFETY: the caller keeps the filter alive while options or databases use it (above).
        unsafe { &*self.0 }
    }
}

impl WalFilter for BorrowedWalFilter {
    fn column_family_log_number_map(&self, log_numbers: &BTreeMap<u32, u64>, ids_by_name: &BTreeMap<String, u32>) {
        let f = self.filter();
        let Some(cb) = f.column_family_log_number_map else { return };
        let ids: Vec<u32> = log_numbers.keys().copied().collect();
        let logs: Vec<u64> = log_numbers.values().copied().collect();
        let names: Vec<*const c_char> = ids_by_name.keys().map(|n| n.as_ptr() as *const c_char).collect();
        let lens: Vec<size_t> = ids_by_name.keys().map(|n| n.len()).collect();
        let name_ids: Vec<u32> = ids_by_name.values().copied().collect();
        // SAFETY: every array lives for the call and has the length passed with it.
        unsafe { cb(f.state, ids.as_ptr(), logs.as_ptr(), ids.len(), names.as_ptr(), lens.as_ptr(), name_ids.as_ptr(), name_ids.len()) }
    }

    fn log_record_found(&self, log_number: u64, log_file_name: &str, batch: &WriteBatch) -> WalFilterDecision {
        let f = self.filter();
        let Some(cb) = f.log_record_found else {
            return WalFilterDecision { option: WalProcessingOption::ContinueProcessing, new_batch: None };
        };
        let shown = rocksdb_writebatch_t { batch: batch.clone(), unsupported: None, max_bytes: 0 };
        let mut new_batch = rocksdb_writebatch_t { batch: WriteBatch::new(), unsupported: None, max_bytes: 0 };
        let mut changed: c_uchar = 0;
        // SAFETY: the batches and the name live for the call; the callback is the user's.
        let answer = unsafe {
            cb(f.state, log_number, log_file_name.as_ptr() as *const c_char, log_file_name.len(), &shown, &mut new_batch, &mut changed)
        };
        // c.cc's switch: an unknown answer is a corrupted record.
        let option = match answer {
            0 => WalProcessingOption::ContinueProcessing,
            1 => WalProcessingOption::IgnoreCurrentRecord,
            2 => WalProcessingOption::StopReplay,
            _ => WalProcessingOption::CorruptedRecord,
        };
        WalFilterDecision { option, new_batch: (changed != 0).then_some(new_batch.batch) }
    }

    fn name(&self) -> String {
        let f = self.filter();
        match f.name {
            // SAFETY: the user's name callback returns a NUL-terminated string (or NULL).
            Some(n) => unsafe {
                let p = n(f.state);
                if p.is_null() { String::new() } else { std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned() }
            },
            None => String::new(),
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_walfilter_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    column_family_log_number_map: rocksdb_walfilter_column_family_log_number_map_cb,
    log_record_found: rocksdb_walfilter_log_record_found_cb,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_walfilter_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_walfilter_t { state, destructor, column_family_log_number_map, log_record_found, name }))
    })
}

/// Frees the filter and runs its destructor; the databases opened with it must be closed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_walfilter_destroy(filter: *mut rocksdb_walfilter_t) {
    drop_handle(filter)
}

/// The filter later opens with these options use (NULL: none); the options do not own it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_wal_filter(opt: *mut rocksdb_options_t, filter: *mut rocksdb_walfilter_t) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.wal_filter = if filter.is_null() { None } else { Some(Arc::new(BorrowedWalFilter(filter)) as Arc<dyn WalFilter>) };
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_clear_wal_filter(opt: *mut rocksdb_options_t) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.wal_filter = None;
        Ok(())
    })
}
