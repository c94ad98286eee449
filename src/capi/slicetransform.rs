//! c.h's prefix extractors: `rocksdb_slicetransform_create` (RocksDB's callbacks:
//! transform returns a pointer and length of the prefix, which RocksDB does not
//! free; in_domain; name), the fixed-prefix and no-op built-ins, and
//! `rocksdb_options_set_prefix_extractor`, which takes ownership as in RocksDB.

use super::options::rocksdb_options_t;
use super::*;
use crate::prefix::SliceTransform;
use libc::c_uchar;
use std::sync::Arc;

type TransformFn = unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *mut size_t) -> *mut c_char;
type InDomainFn = unsafe extern "C" fn(*mut c_void, *const c_char, size_t) -> c_uchar;
type NameFn = unsafe extern "C" fn(*mut c_void) -> *const c_char;

struct CSliceTransform {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    transform: Option<TransformFn>,
    in_domain: Option<InDomainFn>,
    name: Option<NameFn>,
}

// SAFETY: RocksDB calls prefix extractors from any reading thread; its C API
// requires the caller's state to allow that.
#[allow(unsafe_code)]
unsafe impl Send for CSliceTransform {}
// SAFETY: as above; no Rust borrows are kept across calls.
#[allow(unsafe_code)]
unsafe impl Sync for CSliceTransform {}

impl Drop for CSliceTransform {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the caller gave this destructor for this state; it runs once.
            unsafe { d(self.state) }
        }
    }
}

impl SliceTransform for CSliceTransform {
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

    fn transform<'a>(&self, key: &'a [u8]) -> &'a [u8] {
        let f = match self.transform {
            Some(f) => f,
            None => return key,
        };
        let mut len: size_t = 0;
        // SAFETY: key is valid for its length during the call.
        let p = unsafe { f(self.state, key.as_ptr() as *const c_char, key.len(), &mut len) };
        // A prefix is a part of the key: anything else is taken as the whole key.
        let start = key.as_ptr() as usize;
        let at = p as usize;
        if p.is_null() || at < start || at + len > start + key.len() {
            return key;
        }
        &key[at - start..at - start + len]
    }

    fn in_domain(&self, key: &[u8]) -> bool {
        match self.in_domain {
            // SAFETY: key is valid for its length during the call.
            Some(f) => unsafe { f(self.state, key.as_ptr() as *const c_char, key.len()) != 0 },
            None => true,
        }
    }
}

/// A prefix extractor handle (`rocksdb_slicetransform_t`).
pub struct rocksdb_slicetransform_t {
    pub(crate) transform: Arc<dyn SliceTransform>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_slicetransform_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    transform: Option<
        unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *mut size_t) -> *mut c_char,
    >,
    in_domain: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t) -> c_uchar>,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_slicetransform_t {
    guarded(std::ptr::null_mut(), || {
        let t = CSliceTransform { state, destructor, transform, in_domain, name };
        Ok(into_handle(rocksdb_slicetransform_t { transform: Arc::new(t) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_slicetransform_create_fixed_prefix(
    prefix_len: size_t,
) -> *mut rocksdb_slicetransform_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_slicetransform_t { transform: Arc::new(crate::prefix::FixedPrefix(prefix_len)) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_slicetransform_create_noop() -> *mut rocksdb_slicetransform_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_slicetransform_t { transform: Arc::new(crate::prefix::NoopTransform) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_slicetransform_destroy(st: *mut rocksdb_slicetransform_t) {
    drop_handle(st)
}

/// Takes ownership of the extractor, as RocksDB's C API does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_prefix_extractor(
    opt: *mut rocksdb_options_t,
    st: *mut rocksdb_slicetransform_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if st.is_null() {
            o.opts.prefix_extractor = None;
            return Ok(());
        }
        // SAFETY: st came from a rocksdb_slicetransform_create*; ownership passes here.
        let owned = Box::from_raw(st);
        o.opts.prefix_extractor = Some(owned.transform.clone());
        Ok(())
    })
}
