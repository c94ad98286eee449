//! c.h's write buffer managers (`rocksdb_write_buffer_manager_*`, over
//! `memtable::write_buffer_manager`) and `rocksdb_options_set_write_buffer_manager`: the
//! memtables of every database opened with the options share the manager's budget.

use super::cache::rocksdb_cache_t;
use super::options::rocksdb_options_t;
use super::*;
use crate::memtable::write_buffer_manager::WriteBufferManager;
use std::sync::Arc;

/// A write buffer manager handle; the manager lives on in the options and databases given it.
pub struct rocksdb_write_buffer_manager_t {
    pub(crate) wbm: Arc<WriteBufferManager>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_create(
    buffer_size: size_t,
    allow_stall: bool,
) -> *mut rocksdb_write_buffer_manager_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_write_buffer_manager_t { wbm: WriteBufferManager::new(buffer_size, None, allow_stall) }))
    })
}

/// The memtable memory is also charged to `cache` (NULL: not charged, as `_create`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_create_with_cache(
    buffer_size: size_t,
    cache: *const rocksdb_cache_t,
    allow_stall: bool,
) -> *mut rocksdb_write_buffer_manager_t {
    guarded(std::ptr::null_mut(), || {
        let cache = cache.as_ref().map(|c| c.cache.clone());
        Ok(into_handle(rocksdb_write_buffer_manager_t { wbm: WriteBufferManager::new(buffer_size, cache, allow_stall) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_destroy(wbm: *mut rocksdb_write_buffer_manager_t) {
    guarded((), || {
        drop_handle(wbm);
        Ok(())
    })
}

/// Runs `f` on the manager; `default` for NULL.
unsafe fn with_wbm<T>(wbm: *mut rocksdb_write_buffer_manager_t, default: T, f: impl FnOnce(&WriteBufferManager) -> T) -> T
where
    T: Copy,
{
    guarded(default, || Ok(f(&handle(wbm, "write buffer manager")?.wbm)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_enabled(wbm: *mut rocksdb_write_buffer_manager_t) -> bool {
    with_wbm(wbm, false, |w| w.enabled())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_cost_to_cache(wbm: *mut rocksdb_write_buffer_manager_t) -> bool {
    with_wbm(wbm, false, |w| w.cost_to_cache())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_memory_usage(wbm: *mut rocksdb_write_buffer_manager_t) -> size_t {
    with_wbm(wbm, 0, |w| w.memory_usage())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_mutable_memtable_memory_usage(
    wbm: *mut rocksdb_write_buffer_manager_t,
) -> size_t {
    with_wbm(wbm, 0, |w| w.mutable_memtable_memory_usage())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_dummy_entries_in_cache_usage(
    wbm: *mut rocksdb_write_buffer_manager_t,
) -> size_t {
    with_wbm(wbm, 0, |w| w.dummy_entries_in_cache_usage())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_buffer_size(wbm: *mut rocksdb_write_buffer_manager_t) -> size_t {
    with_wbm(wbm, 0, |w| w.buffer_size())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_set_buffer_size(wbm: *mut rocksdb_write_buffer_manager_t, new_size: size_t) {
    with_wbm(wbm, (), |w| w.set_buffer_size(new_size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_buffer_manager_set_allow_stall(wbm: *mut rocksdb_write_buffer_manager_t, new_allow_stall: bool) {
    with_wbm(wbm, (), |w| w.set_allow_stall(new_allow_stall))
}

/// Databases opened with `opt` account their memtables to the manager; NULL leaves the
/// options as they were.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_write_buffer_manager(
    opt: *mut rocksdb_options_t,
    wbm: *mut rocksdb_write_buffer_manager_t,
) {
    guarded((), || {
        if let Some(w) = wbm.as_ref() {
            handle_mut(opt, "options")?.opts.write_buffer_manager = Some(w.wbm.clone());
        }
        Ok(())
    })
}
