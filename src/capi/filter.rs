//! c.h's filter policies: bloom, full bloom (both FastLocalBloom since RocksDB 7),
//! ribbon and the ribbon/bloom hybrid (Standard128 Ribbon at levels >= bloom_before_level).

use super::*;
use libc::c_int;

/// A filter policy (`rocksdb_filterpolicy_t`): bits per key of a full filter.
pub struct rocksdb_filterpolicy_t {
    pub(crate) bits_per_key: f64,
    /// A Ribbon policy: its bloom_before_level (-1 = Ribbon everywhere).
    pub(crate) ribbon_bloom_before_level: Option<i32>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_bloom(
    bits_per_key: f64,
) -> *mut rocksdb_filterpolicy_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_filterpolicy_t {
            bits_per_key,
            ribbon_bloom_before_level: None,
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
            ribbon_bloom_before_level: None,
        }))
    })
}

/// RocksDB's NewRibbonFilterPolicy(bits, -1): Ribbon filters at every level.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_ribbon(
    bloom_equivalent_bits_per_key: f64,
) -> *mut rocksdb_filterpolicy_t {
    rocksdb_filterpolicy_create_ribbon_hybrid(bloom_equivalent_bits_per_key, -1)
}

/// Bloom filters for flushes (level -1) and levels below `bloom_before_level`, Ribbon
/// filters from there on (RibbonFilterPolicy; i32::MAX = Bloom everywhere).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_create_ribbon_hybrid(
    bloom_equivalent_bits_per_key: f64,
    bloom_before_level: c_int,
) -> *mut rocksdb_filterpolicy_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_filterpolicy_t {
            bits_per_key: bloom_equivalent_bits_per_key,
            ribbon_bloom_before_level: Some(bloom_before_level),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_filterpolicy_destroy(policy: *mut rocksdb_filterpolicy_t) {
    drop_handle(policy)
}

