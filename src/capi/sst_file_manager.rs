//! c.h's SST file managers (`rocksdb_sst_file_manager_*`, over `env::sst_file_manager`) and
//! `rocksdb_options_set_sst_file_manager`: databases opened with the options count their
//! table files against its limit and delete obsolete ones through it.

use super::env::rocksdb_env_t;
use super::options::rocksdb_options_t;
use super::*;
use crate::env::sst_file_manager::SstFileManager;
use std::sync::Arc;

/// An SST file manager handle; the manager lives on in the options and databases given it.
pub struct rocksdb_sst_file_manager_t {
    pub(crate) sfm: Arc<SstFileManager>,
}

/// ferrock's env is the POSIX file system, so `env` only has to be a valid handle or NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_create(env: *mut rocksdb_env_t) -> *mut rocksdb_sst_file_manager_t {
    let _ = env;
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_sst_file_manager_t { sfm: SstFileManager::new(crate::env::default_fs()) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_destroy(sfm: *mut rocksdb_sst_file_manager_t) {
    guarded((), || {
        drop_handle(sfm);
        Ok(())
    })
}

/// Runs `f` on the manager; `default` for NULL.
unsafe fn with_sfm<T: Copy>(sfm: *mut rocksdb_sst_file_manager_t, default: T, f: impl FnOnce(&SstFileManager) -> T) -> T {
    guarded(default, || Ok(f(&handle(sfm, "sst file manager")?.sfm)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_set_max_allowed_space_usage(sfm: *mut rocksdb_sst_file_manager_t, max_allowed_space: u64) {
    with_sfm(sfm, (), |m| m.set_max_allowed_space_usage(max_allowed_space))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_set_compaction_buffer_size(
    sfm: *mut rocksdb_sst_file_manager_t,
    compaction_buffer_size: u64,
) {
    with_sfm(sfm, (), |m| m.set_compaction_buffer_size(compaction_buffer_size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_is_max_allowed_space_reached(sfm: *mut rocksdb_sst_file_manager_t) -> bool {
    with_sfm(sfm, false, |m| m.is_max_allowed_space_reached())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_is_max_allowed_space_reached_including_compactions(
    sfm: *mut rocksdb_sst_file_manager_t,
) -> bool {
    with_sfm(sfm, false, |m| m.is_max_allowed_space_reached_including_compactions())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_get_total_size(sfm: *mut rocksdb_sst_file_manager_t) -> u64 {
    with_sfm(sfm, 0, |m| m.total_size())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_get_delete_rate_bytes_per_second(sfm: *mut rocksdb_sst_file_manager_t) -> i64 {
    with_sfm(sfm, 0, |m| m.delete_rate_bytes_per_second())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_set_delete_rate_bytes_per_second(sfm: *mut rocksdb_sst_file_manager_t, delete_rate: i64) {
    with_sfm(sfm, (), |m| m.set_delete_rate_bytes_per_second(delete_rate))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_get_max_trash_db_ratio(sfm: *mut rocksdb_sst_file_manager_t) -> f64 {
    with_sfm(sfm, 0.0, |m| m.max_trash_db_ratio())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_set_max_trash_db_ratio(sfm: *mut rocksdb_sst_file_manager_t, ratio: f64) {
    with_sfm(sfm, (), |m| m.set_max_trash_db_ratio(ratio))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_manager_get_total_trash_size(sfm: *mut rocksdb_sst_file_manager_t) -> u64 {
    with_sfm(sfm, 0, |m| m.total_trash_size())
}

/// Databases opened with `opt` report to the manager; NULL leaves the options as they were.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_sst_file_manager(opt: *mut rocksdb_options_t, sfm: *mut rocksdb_sst_file_manager_t) {
    guarded((), || {
        if let Some(m) = sfm.as_ref() {
            handle_mut(opt, "options")?.opts.sst_file_manager = Some(m.sfm.clone());
        }
        Ok(())
    })
}
