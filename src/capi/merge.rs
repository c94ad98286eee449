//! c.h's merge operators and merge writes: `rocksdb_mergeoperator_create` with
//! RocksDB's callbacks (full merge, partial merge, delete_value, name),
//! `rocksdb_options_set_merge_operator` (which, as in RocksDB, takes ownership
//! of the operator), the built-in uint64add, and `rocksdb_merge`/`_cf`.
//!
//! Callback contract, as RocksDB's c.cc: operands are passed oldest first; the
//! callback returns a buffer and its length and sets `*success`; the buffer is
//! handed back through `delete_value(state, buf, len)` when given, else
//! `free()`d. The callbacks may run on any thread (reads, flush, compaction).

use super::db::rocksdb_t;
use super::options::rocksdb_options_t;
use super::writeoptions::rocksdb_writeoptions_t;
use super::*;
use crate::merge::MergeOperator;
use libc::{c_int, c_uchar};
use std::sync::Arc;

type FullMergeFn = unsafe extern "C" fn(
    *mut c_void,
    *const c_char,
    size_t,
    *const c_char,
    size_t,
    *const *const c_char,
    *const size_t,
    c_int,
    *mut c_uchar,
    *mut size_t,
) -> *mut c_char;
type PartialMergeFn = unsafe extern "C" fn(
    *mut c_void,
    *const c_char,
    size_t,
    *const *const c_char,
    *const size_t,
    c_int,
    *mut c_uchar,
    *mut size_t,
) -> *mut c_char;
type DeleteValueFn = unsafe extern "C" fn(*mut c_void, *const c_char, size_t);
type NameFn = unsafe extern "C" fn(*mut c_void) -> *const c_char;

/// A merge operator made of C callbacks; its destructor runs when the last
/// user (options, open databases) lets go of it.
pub struct CMergeOperator {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    full_merge: Option<FullMergeFn>,
    partial_merge: Option<PartialMergeFn>,
    delete_value: Option<DeleteValueFn>,
    name: Option<NameFn>,
}

// SAFETY: RocksDB calls these callbacks from any thread; its C API requires the
// caller's state to allow that, and ferrock promises nothing more.
#[allow(unsafe_code)]
unsafe impl Send for CMergeOperator {}
// SAFETY: as above; the callbacks take the state by pointer and keep no Rust borrows.
#[allow(unsafe_code)]
unsafe impl Sync for CMergeOperator {}

impl Drop for CMergeOperator {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the caller gave this destructor for this state; it runs once.
            unsafe { d(self.state) }
        }
    }
}

impl CMergeOperator {
    /// Copies the callback's result out and returns the buffer to its owner.
    fn take_result(&self, buf: *mut c_char, len: size_t, success: c_uchar) -> Option<Vec<u8>> {
        let value = if buf.is_null() {
            if success != 0 { Some(Vec::new()) } else { None }
        } else {
            // SAFETY: the callback returned `len` readable bytes at `buf`.
            let v = unsafe { std::slice::from_raw_parts(buf as *const u8, len) }.to_vec();
            match self.delete_value {
                // SAFETY: the buffer goes back to the callbacks' owner, once.
                Some(d) => unsafe { d(self.state, buf, len) },
                // SAFETY: without delete_value RocksDB frees the buffer with free().
                None => unsafe { libc::free(buf as *mut c_void) },
            }
            (success != 0).then_some(v)
        };
        value
    }
}

impl MergeOperator for CMergeOperator {
    fn name(&self) -> String {
        match self.name {
            Some(f) => {
                // SAFETY: the name callback returns a NUL-terminated string or NULL.
                let p = unsafe { f(self.state) };
                if p.is_null() {
                    return String::new();
                }
                // SAFETY: non-NULL and NUL-terminated, per the callback contract.
                unsafe { std::ffi::CStr::from_ptr(p) }.to_string_lossy().into_owned()
            }
            None => String::new(),
        }
    }

    fn full_merge(&self, key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Option<Vec<u8>> {
        let f = self.full_merge?;
        let ptrs: Vec<*const c_char> = operands.iter().map(|o| o.as_ptr() as *const c_char).collect();
        let lens: Vec<size_t> = operands.iter().map(|o| o.len()).collect();
        let (ev, el) = match existing {
            Some(v) => (v.as_ptr() as *const c_char, v.len()),
            None => (std::ptr::null(), 0),
        };
        let mut success: c_uchar = 0;
        let mut len: size_t = 0;
        // SAFETY: every pointer is valid for its length during the call.
        let buf = unsafe {
            f(
                self.state,
                key.as_ptr() as *const c_char,
                key.len(),
                ev,
                el,
                ptrs.as_ptr(),
                lens.as_ptr(),
                operands.len() as c_int,
                &mut success,
                &mut len,
            )
        };
        self.take_result(buf, len, success)
    }

    fn partial_merge(&self, key: &[u8], operands: &[&[u8]]) -> Option<Vec<u8>> {
        let f = self.partial_merge?;
        let ptrs: Vec<*const c_char> = operands.iter().map(|o| o.as_ptr() as *const c_char).collect();
        let lens: Vec<size_t> = operands.iter().map(|o| o.len()).collect();
        let mut success: c_uchar = 0;
        let mut len: size_t = 0;
        // SAFETY: every pointer is valid for its length during the call.
        let buf = unsafe {
            f(
                self.state,
                key.as_ptr() as *const c_char,
                key.len(),
                ptrs.as_ptr(),
                lens.as_ptr(),
                operands.len() as c_int,
                &mut success,
                &mut len,
            )
        };
        self.take_result(buf, len, success)
    }
}

/// A merge operator handle (`rocksdb_mergeoperator_t`).
pub struct rocksdb_mergeoperator_t {
    pub(crate) op: Arc<dyn MergeOperator>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_mergeoperator_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    full_merge: Option<
        unsafe extern "C" fn(
            *mut c_void,
            *const c_char,
            size_t,
            *const c_char,
            size_t,
            *const *const c_char,
            *const size_t,
            c_int,
            *mut c_uchar,
            *mut size_t,
        ) -> *mut c_char,
    >,
    partial_merge: Option<
        unsafe extern "C" fn(
            *mut c_void,
            *const c_char,
            size_t,
            *const *const c_char,
            *const size_t,
            c_int,
            *mut c_uchar,
            *mut size_t,
        ) -> *mut c_char,
    >,
    delete_value: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_mergeoperator_t {
    guarded(std::ptr::null_mut(), || {
        let op = CMergeOperator { state, destructor, full_merge, partial_merge, delete_value, name };
        Ok(into_handle(rocksdb_mergeoperator_t { op: Arc::new(op) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_mergeoperator_destroy(op: *mut rocksdb_mergeoperator_t) {
    drop_handle(op)
}

/// Takes ownership of `op`, as RocksDB's C API does (the caller must not destroy it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_merge_operator(
    opt: *mut rocksdb_options_t,
    op: *mut rocksdb_mergeoperator_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if op.is_null() {
            o.opts.merge_operator = None;
            return Ok(());
        }
        // SAFETY: op came from rocksdb_mergeoperator_create; ownership passes to the options.
        let owned = Box::from_raw(op);
        o.opts.merge_operator = Some(owned.op.clone());
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_uint64add_merge_operator(opt: *mut rocksdb_options_t) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.merge_operator = Some(Arc::new(crate::merge::UInt64AddOperator));
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_merge(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        super::db::db_ref(db)?.merge(&handle(options, "write options")?.wo, bytes(key, keylen)?, bytes(val, vallen)?)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_merge_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut super::cf::rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        super::db::db_ref(db)?.merge_cf(
            &handle(options, "write options")?.wo,
            super::db::cf_ref(column_family)?,
            bytes(key, keylen)?,
            bytes(val, vallen)?,
        )
    })
}
