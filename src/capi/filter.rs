//! c.h's filter policies (bloom, full bloom, ribbon); a kind ferrock cannot
//! write (ribbon) makes open fail with "Not implemented: ...".

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

