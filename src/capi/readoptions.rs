//! c.h's `rocksdb_readoptions_t`: create, destroy, snapshot, iterate bounds and the
//! byte-string options. Scalar setter/getter pairs are in `option_accessors.rs`.

use super::snapshot::rocksdb_snapshot_t;
use super::*;
use crate::options::ReadOptions;

/// Read options (`rocksdb_readoptions_t`).
pub struct rocksdb_readoptions_t {
    pub(crate) ro: ReadOptions,
    pub(crate) stored: Stored,
    /// Byte-string options ferrock stores but does not use (timestamp, request id, ...).
    pub(crate) stored_bytes: std::collections::BTreeMap<&'static str, Vec<u8>>,
    /// The user-defined index factory reads ask for (`rocksdb_readoptions_set_table_index_factory_from_string`).
    pub(crate) table_index_factory: Option<std::ffi::CString>,
    /// The C table filter's state and destructor (`rocksdb_readoptions_set_table_filter`).
    pub(crate) table_filter: Option<TableFilterState>,
}

/// A C table filter as set: the state is the caller's until the destructor is called.
pub(crate) struct TableFilterState {
    pub(crate) state: *mut c_void,
    pub(crate) destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    pub(crate) callback: super::option_sets::rocksdb_readoptions_table_filter_cb,
}

impl rocksdb_readoptions_t {
    /// RocksDB's ClearTableFilter: the filter is dropped and the destructor, if any, called on the state.
    pub(crate) fn clear_table_filter(&mut self) {
        self.ro.table_filter = None;
        if let Some(f) = self.table_filter.take() {
            let _ = f.callback;
            if let Some(d) = f.destructor {
                // SAFETY: the caller's destructor for the caller's state, called once.
                unsafe { d(f.state) };
            }
        }
    }
}

impl Drop for rocksdb_readoptions_t {
    fn drop(&mut self) {
        self.clear_table_filter();
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_create() -> *mut rocksdb_readoptions_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_readoptions_t {
            ro: ReadOptions::new(),
            stored: Stored::default(),
            stored_bytes: Default::default(),
            table_index_factory: None,
            table_filter: None,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_destroy(opt: *mut rocksdb_readoptions_t) {
    drop_handle(opt)
}

/// Reads at the snapshot (NULL = the latest state). The options keep their own share of it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_snapshot(
    opt: *mut rocksdb_readoptions_t,
    snap: *const rocksdb_snapshot_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "read options")?;
        o.ro.snapshot = snap.as_ref().and_then(|s| s.snapshot());
        Ok(())
    })
}

/// Keys at or above this bound are not visited (NULL = no bound); the bytes are copied.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_iterate_upper_bound(
    opt: *mut rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "read options")?;
        o.ro.iterate_upper_bound = if key.is_null() {
            None
        } else {
            Some(bytes(key, keylen)?.to_vec())
        };
        Ok(())
    })
}

/// Keys below this bound are not visited (NULL = no bound); the bytes are copied.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_iterate_lower_bound(
    opt: *mut rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "read options")?;
        o.ro.iterate_lower_bound = if key.is_null() {
            None
        } else {
            Some(bytes(key, keylen)?.to_vec())
        };
        Ok(())
    })
}

unsafe fn store_bytes(
    opt: *mut rocksdb_readoptions_t,
    name: &'static str,
    p: *const c_char,
    len: size_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "read options")?;
        if p.is_null() {
            o.stored_bytes.remove(name);
        } else {
            o.stored_bytes.insert(name, bytes(p, len)?.to_vec());
        }
        Ok(())
    })
}

/// User-defined timestamps are not supported; the value is stored (open already refuses such column families).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_timestamp(
    opt: *mut rocksdb_readoptions_t,
    ts: *const c_char,
    tslen: size_t,
) {
    store_bytes(opt, "timestamp", ts, tslen)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_iter_start_ts(
    opt: *mut rocksdb_readoptions_t,
    ts: *const c_char,
    tslen: size_t,
) {
    store_bytes(opt, "iter_start_ts", ts, tslen)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_request_id(
    opt: *mut rocksdb_readoptions_t,
    id: *const c_char,
    len: size_t,
) {
    store_bytes(opt, "request_id", id, len)
}

/// The stored request id (not a copy: valid while the options live), NULL when unset.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_get_request_id(
    opt: *mut rocksdb_readoptions_t,
    len: *mut size_t,
) -> *const c_char {
    set_out(len, 0);
    guarded(std::ptr::null(), || {
        let o = handle(opt, "read options")?;
        Ok(match o.stored_bytes.get("request_id") {
            Some(v) => {
                set_out(len, v.len());
                v.as_ptr() as *const c_char
            }
            None => std::ptr::null(),
        })
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_clear_request_id(opt: *mut rocksdb_readoptions_t) {
    store_bytes(opt, "request_id", std::ptr::null(), 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_clear_merge_operand_count_threshold(
    opt: *mut rocksdb_readoptions_t,
) {
    guarded((), || {
        handle_mut(opt, "read options")?
            .stored
            .remove("merge_operand_count_threshold");
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_has_merge_operand_count_threshold(
    opt: *mut rocksdb_readoptions_t,
) -> libc::c_uchar {
    guarded(0, || {
        Ok(handle(opt, "read options")?
            .stored
            .get("merge_operand_count_threshold")
            .is_some() as libc::c_uchar)
    })
}
