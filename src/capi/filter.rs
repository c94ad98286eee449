//! c.h's filter policies (bloom, full bloom, ribbon) and the user-callback
//! objects ferrock accepts but cannot honour yet (comparators):
//! they can be created and destroyed, and setting them makes open fail with
//! "Not implemented: ...".

use super::*;
use libc::c_int;

/// A filter policy (`rocksdb_filterpolicy_t`): bits per key of a full filter.
pub struct rocksdb_filterpolicy_t {
    pub(crate) bits_per_key: f64,
    /// Set for a filter kind ferrock cannot write (ribbon): open reports it.
    pub(crate) unsupported: Option<&'static str>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_bloom(
    bits_per_key: f64,
) -> *mut rocksdb_filterpolicy_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_filterpolicy_t {
            bits_per_key,
            unsupported: None,
        }))
    })
}

/// Since RocksDB 7 both bloom constructors make the same full (format_version 5) filter.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_bloom_full(
    bits_per_key: f64,
) -> *mut rocksdb_filterpolicy_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_filterpolicy_t {
            bits_per_key,
            unsupported: None,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_ribbon(
    bloom_equivalent_bits_per_key: f64,
) -> *mut rocksdb_filterpolicy_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_filterpolicy_t {
            bits_per_key: bloom_equivalent_bits_per_key,
            unsupported: Some("ribbon filter"),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_ribbon_hybrid(
    bloom_equivalent_bits_per_key: f64,
    bloom_before_level: c_int,
) -> *mut rocksdb_filterpolicy_t {
    let _ = bloom_before_level;
    rocksdb_filterpolicy_create_ribbon(bloom_equivalent_bits_per_key)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_destroy(policy: *mut rocksdb_filterpolicy_t) {
    drop_handle(policy)
}

/// A user comparator (`rocksdb_comparator_t`); its destructor runs at destroy, as in RocksDB.
pub struct rocksdb_comparator_t {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
}

impl Drop for rocksdb_comparator_t {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the caller gave this destructor for this state; it runs once.
            unsafe { d(self.state) }
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_comparator_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    compare: Option<
        unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t) -> c_int,
    >,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_comparator_t {
    let _ = (compare, name);
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_comparator_t { state, destructor }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_comparator_destroy(cmp: *mut rocksdb_comparator_t) {
    drop_handle(cmp)
}

