//! c.h's default environment (`rocksdb_create_default_env`): ferrock has one
//! environment, the POSIX file system with the database's own background
//! threads, so the handle records the thread-pool sizes a caller asks for
//! (read back by the getters) and is accepted by `rocksdb_options_set_env`.
//! An in-memory environment (`rocksdb_create_mem_env`) is not implemented.

use super::options::rocksdb_options_t;
use super::*;
use libc::c_int;

/// The default environment (`rocksdb_env_t`).
pub struct rocksdb_env_t {
    low_threads: c_int,
    high_threads: c_int,
    bottom_threads: c_int,
    stored: Stored,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_default_env() -> *mut rocksdb_env_t {
    // RocksDB's Env::Default starts with one LOW and one HIGH thread and no BOTTOM thread.
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_env_t {
            low_threads: 1,
            high_threads: 1,
            bottom_threads: 0,
            stored: Stored::default(),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_destroy(env: *mut rocksdb_env_t) {
    drop_handle(env)
}

unsafe fn set_threads(
    env: *mut rocksdb_env_t,
    n: c_int,
    pick: fn(&mut rocksdb_env_t) -> &mut c_int,
) {
    guarded((), || {
        *pick(handle_mut(env, "env")?) = n;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_set_background_threads(env: *mut rocksdb_env_t, n: c_int) {
    set_threads(env, n, |e| &mut e.low_threads)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_get_background_threads(env: *mut rocksdb_env_t) -> c_int {
    guarded(0, || Ok(handle(env, "env")?.low_threads))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_set_low_priority_background_threads(
    env: *mut rocksdb_env_t,
    n: c_int,
) {
    set_threads(env, n, |e| &mut e.low_threads)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_get_low_priority_background_threads(
    env: *mut rocksdb_env_t,
) -> c_int {
    guarded(0, || Ok(handle(env, "env")?.low_threads))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_set_high_priority_background_threads(
    env: *mut rocksdb_env_t,
    n: c_int,
) {
    set_threads(env, n, |e| &mut e.high_threads)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_get_high_priority_background_threads(
    env: *mut rocksdb_env_t,
) -> c_int {
    guarded(0, || Ok(handle(env, "env")?.high_threads))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_set_bottom_priority_background_threads(
    env: *mut rocksdb_env_t,
    n: c_int,
) {
    set_threads(env, n, |e| &mut e.bottom_threads)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_get_bottom_priority_background_threads(
    env: *mut rocksdb_env_t,
) -> c_int {
    guarded(0, || Ok(handle(env, "env")?.bottom_threads))
}

/// The environment owns no threads (each database runs and joins its own at close): nothing to wait for.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_join_all_threads(env: *mut rocksdb_env_t) {
    let _ = env;
}

unsafe fn store_flag(env: *mut rocksdb_env_t, name: &'static str) {
    guarded((), || {
        handle_mut(env, "env")?.stored.set(name, 1);
        Ok(())
    })
}

/// Recorded; ferrock does not change thread priorities.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_lower_thread_pool_io_priority(env: *mut rocksdb_env_t) {
    store_flag(env, "lower_thread_pool_io_priority")
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_lower_high_priority_thread_pool_io_priority(
    env: *mut rocksdb_env_t,
) {
    store_flag(env, "lower_high_priority_thread_pool_io_priority")
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_lower_thread_pool_cpu_priority(env: *mut rocksdb_env_t) {
    store_flag(env, "lower_thread_pool_cpu_priority")
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_env_lower_high_priority_thread_pool_cpu_priority(
    env: *mut rocksdb_env_t,
) {
    store_flag(env, "lower_high_priority_thread_pool_cpu_priority")
}

/// Creates the directory (and its parents) unless it exists.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_dir_if_missing(
    env: *mut rocksdb_env_t,
    path: *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        handle(env, "env")?;
        let p = c_str(path, "path")?;
        std::fs::create_dir_all(p)
            .map_err(|e| Error::from_io("While mkdir if missing", std::path::Path::new(p), &e))
    })
}

/// Accepts the default environment (the only one ferrock has). Its pool sizes
/// are recorded on the env handle; ferrock sizes its background work by
/// `max_background_jobs`, as RocksDB schedules it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_env(
    opt: *mut rocksdb_options_t,
    env: *mut rocksdb_env_t,
) {
    let _ = env;
    guarded((), || {
        handle_mut(opt, "options")?;
        Ok(())
    })
}
