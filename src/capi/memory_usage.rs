//! c.h's memory usage report (RocksDB's MemoryUtil::GetApproximateMemoryUsageByType): the
//! memtables of the databases added (rocksdb.size-all-mem-tables and
//! rocksdb.cur-size-all-mem-tables summed over their column families), their table readers
//! (rocksdb.estimate-table-readers-mem) and the caches added, each counted once.

use super::cache::rocksdb_cache_t;
use super::db::rocksdb_t;
use super::*;

/// Databases and caches to report on (`rocksdb_memory_consumers_t`). The pointers are the
/// caller's; as in RocksDB they must stay valid until the report is made.
pub struct rocksdb_memory_consumers_t {
    dbs: Vec<*const rocksdb_t>,
    caches: Vec<*const rocksdb_cache_t>,
}

/// One report (`rocksdb_memory_usage_t`).
pub struct rocksdb_memory_usage_t {
    mem_table_total: u64,
    mem_table_unflushed: u64,
    mem_table_readers_total: u64,
    cache_total: u64,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memory_consumers_create() -> *mut rocksdb_memory_consumers_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_memory_consumers_t { dbs: Vec::new(), caches: Vec::new() }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memory_consumers_add_db(
    consumers: *mut rocksdb_memory_consumers_t,
    db: *mut rocksdb_t,
) {
    guarded((), || {
        let c = handle_mut(consumers, "memory consumers")?;
        if !db.is_null() {
            c.dbs.push(db);
        }
        Ok(())
    })
}

/// A cache added twice counts once (RocksDB keeps a set).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memory_consumers_add_cache(
    consumers: *mut rocksdb_memory_consumers_t,
    cache: *mut rocksdb_cache_t,
) {
    guarded((), || {
        let c = handle_mut(consumers, "memory consumers")?;
        if !cache.is_null() && !c.caches.contains(&(cache as *const rocksdb_cache_t)) {
            c.caches.push(cache);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memory_consumers_destroy(consumers: *mut rocksdb_memory_consumers_t) {
    drop_handle(consumers)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_memory_usage_create(
    consumers: *mut rocksdb_memory_consumers_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_memory_usage_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let c = handle(consumers, "memory consumers")?;
        let mut u = rocksdb_memory_usage_t { mem_table_total: 0, mem_table_unflushed: 0, mem_table_readers_total: 0, cache_total: 0 };
        for &db in &c.dbs {
            let db = &handle(db, "db")?.db;
            // RocksDB adds what a database answers; a closed one answers nothing.
            u.mem_table_total += db.aggregated_int_property("rocksdb.size-all-mem-tables").unwrap_or(0);
            u.mem_table_unflushed += db.aggregated_int_property("rocksdb.cur-size-all-mem-tables").unwrap_or(0);
            u.mem_table_readers_total += db.aggregated_int_property("rocksdb.estimate-table-readers-mem").unwrap_or(0);
        }
        for &cache in &c.caches {
            u.cache_total += handle(cache, "cache")?.cache.usage() as u64;
        }
        Ok(into_handle(u))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_memory_usage_destroy(usage: *mut rocksdb_memory_usage_t) {
    drop_handle(usage)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_memory_usage_get_mem_table_total(usage: *mut rocksdb_memory_usage_t) -> u64 {
    guarded(0, || Ok(handle(usage, "memory usage")?.mem_table_total))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_memory_usage_get_mem_table_unflushed(usage: *mut rocksdb_memory_usage_t) -> u64 {
    guarded(0, || Ok(handle(usage, "memory usage")?.mem_table_unflushed))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_memory_usage_get_mem_table_readers_total(usage: *mut rocksdb_memory_usage_t) -> u64 {
    guarded(0, || Ok(handle(usage, "memory usage")?.mem_table_readers_total))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_memory_usage_get_cache_total(usage: *mut rocksdb_memory_usage_t) -> u64 {
    guarded(0, || Ok(handle(usage, "memory usage")?.cache_total))
}
