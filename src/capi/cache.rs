//! c.h's block cache handles: LRU (plain and from `rocksdb_lru_cache_options_t`),
//! capacity, usage and pinned usage (11.8.1's signatures: `const rocksdb_cache_t*`).
//!
//! The handle records the configuration the caller chose. Until the engine's
//! `table::cache::BlockCache` is wired in here (it is being written in
//! parallel), a database given this cache uses its own default cache, so the
//! usage this handle reports is 0: nothing has been charged to it.

use super::*;
use libc::c_int;

/// A block cache (`rocksdb_cache_t`). Shard bits and the strict limit are kept for
/// `BlockCache::new` once the engine cache is wired in.
#[allow(dead_code)]
pub struct rocksdb_cache_t {
    capacity: std::sync::atomic::AtomicUsize,
    pub(crate) num_shard_bits: c_int,
    pub(crate) strict_capacity_limit: bool,
}

impl rocksdb_cache_t {
    fn new(capacity: size_t, num_shard_bits: c_int, strict_capacity_limit: bool) -> Self {
        rocksdb_cache_t {
            capacity: capacity.into(),
            num_shard_bits,
            strict_capacity_limit,
        }
    }
    pub(crate) fn capacity(&self) -> usize {
        self.capacity.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Options for `rocksdb_cache_create_lru_opts` (`rocksdb_lru_cache_options_t`).
pub struct rocksdb_lru_cache_options_t {
    capacity: size_t,
    num_shard_bits: c_int,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_create_lru(capacity: size_t) -> *mut rocksdb_cache_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_cache_t::new(capacity, -1, false)))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_create_lru_with_strict_capacity_limit(
    capacity: size_t,
) -> *mut rocksdb_cache_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_cache_t::new(capacity, -1, true)))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_create_lru_opts(
    opts: *const rocksdb_lru_cache_options_t,
) -> *mut rocksdb_cache_t {
    guarded(std::ptr::null_mut(), || {
        let o = handle(opts, "LRU cache options")?;
        Ok(into_handle(rocksdb_cache_t::new(
            o.capacity,
            o.num_shard_bits,
            false,
        )))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_destroy(cache: *mut rocksdb_cache_t) {
    drop_handle(cache)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_set_capacity(cache: *mut rocksdb_cache_t, capacity: size_t) {
    guarded((), || {
        handle(cache, "cache")?
            .capacity
            .store(capacity, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_capacity(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || Ok(handle(cache, "cache")?.capacity()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_usage(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || {
        handle(cache, "cache")?;
        Ok(0)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_pinned_usage(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || {
        handle(cache, "cache")?;
        Ok(0)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_lru_cache_options_create() -> *mut rocksdb_lru_cache_options_t {
    // RocksDB's LRUCacheOptions defaults: no capacity, automatic shard bits.
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_lru_cache_options_t {
            capacity: 0,
            num_shard_bits: -1,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_lru_cache_options_destroy(opts: *mut rocksdb_lru_cache_options_t) {
    drop_handle(opts)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_lru_cache_options_set_capacity(
    opts: *mut rocksdb_lru_cache_options_t,
    capacity: size_t,
) {
    guarded((), || {
        handle_mut(opts, "LRU cache options")?.capacity = capacity;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_lru_cache_options_set_num_shard_bits(
    opts: *mut rocksdb_lru_cache_options_t,
    num_shard_bits: c_int,
) {
    guarded((), || {
        handle_mut(opts, "LRU cache options")?.num_shard_bits = num_shard_bits;
        Ok(())
    })
}
