//! c.h's block cache handles: LRU (plain and from `rocksdb_lru_cache_options_t`),
//! capacity, usage and pinned usage (11.8.1's signatures: `const rocksdb_cache_t*`).
//!
//! The handle shares the engine's `table::cache::BlockCache`: give it to
//! several databases through `rocksdb_block_based_options_set_block_cache` and
//! they share one budget. A strict capacity limit (RocksDB fails inserts past
//! it) is not enforced: ferrock's cache evicts to stay within capacity, so a
//! strict cache behaves like a plain one (memory use is bounded either way).

use super::*;
use crate::table::cache::BlockCache;
use libc::c_int;
use std::sync::Arc;

/// A block cache (`rocksdb_cache_t`).
pub struct rocksdb_cache_t {
    pub(crate) cache: Arc<BlockCache>,
}

impl rocksdb_cache_t {
    fn new(capacity: size_t, num_shard_bits: c_int) -> Self {
        rocksdb_cache_t {
            cache: BlockCache::new(capacity, num_shard_bits),
        }
    }
    pub(crate) fn capacity(&self) -> usize {
        self.cache.capacity()
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
        Ok(into_handle(rocksdb_cache_t::new(capacity, -1)))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_create_lru_with_strict_capacity_limit(
    capacity: size_t,
) -> *mut rocksdb_cache_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_cache_t::new(capacity, -1)))
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
        handle(cache, "cache")?.cache.set_capacity(capacity);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_capacity(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || Ok(handle(cache, "cache")?.capacity()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_usage(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || Ok(handle(cache, "cache")?.cache.usage()))
}

/// Entries in the cache.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_occupancy_count(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || Ok(handle(cache, "cache")?.cache.occupancy_count()))
}

/// Slots of the cache's hash tables (RocksDB's GetTableAddressCount).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_table_address_count(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || Ok(handle(cache, "cache")?.cache.table_address_count()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_get_pinned_usage(cache: *const rocksdb_cache_t) -> size_t {
    guarded(0, || Ok(handle(cache, "cache")?.cache.pinned_usage()))
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

/// The allocator the cache's blocks come from. c.h's only allocator constructor
/// (`rocksdb_jemalloc_nodump_allocator_create`) answers "Not implemented" in ferrock, so the
/// only allocator a program can pass is NULL, which is RocksDB's default too (blocks from
/// the ordinary heap): there is nothing to record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_lru_cache_options_set_memory_allocator(
    opts: *mut rocksdb_lru_cache_options_t,
    allocator: *mut super::not_implemented::rocksdb_memory_allocator_t,
) {
    guarded((), || {
        handle_mut(opts, "LRU cache options")?;
        if !allocator.is_null() {
            return Err(Error::invalid_argument("a memory allocator ferrock did not create"));
        }
        Ok(())
    })
}

/// RocksDB's DisownData only skips freeing the cache at exit (a shutdown speed-up);
/// ferrock frees it normally, which callers cannot observe.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_disown_data(cache: *mut rocksdb_cache_t) {
    let _ = cache;
}

/// A HyperClockCache is a faster cache with the same contract (a byte budget
/// shared by its users); ferrock gives an LRU cache of the same capacity.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cache_create_hyper_clock(
    capacity: size_t,
    estimated_entry_charge: size_t,
) -> *mut rocksdb_cache_t {
    let _ = estimated_entry_charge;
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_cache_t::new(capacity, -1))))
}
