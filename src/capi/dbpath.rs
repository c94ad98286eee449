//! c.h's table directories: `rocksdb_dbpath_create` / `_destroy` and the options setters
//! `rocksdb_options_set_db_paths` (DBOptions::db_paths) and `rocksdb_options_set_cf_paths`
//! (ColumnFamilyOptions::cf_paths). Where tables go is `compaction::paths`.

use super::options::rocksdb_options_t;
use super::*;
use crate::options::DbPath;

/// A directory with its target size (RocksDB's DbPath).
pub struct rocksdb_dbpath_t {
    rep: DbPath,
}

/// A NULL `path` gives NULL (RocksDB would crash on it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_dbpath_create(path: *const c_char, target_size: u64) -> *mut rocksdb_dbpath_t {
    guarded(std::ptr::null_mut(), || {
        let path = c_str(path, "path")?.to_string();
        Ok(Box::into_raw(Box::new(rocksdb_dbpath_t { rep: DbPath { path, target_size } })))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_dbpath_destroy(dbpath: *mut rocksdb_dbpath_t) {
    if !dbpath.is_null() {
        drop(Box::from_raw(dbpath));
    }
}

/// The paths of a C array; NULL entries (a crash in RocksDB) are left out.
unsafe fn paths_of(values: *mut *const rocksdb_dbpath_t, n: size_t) -> Vec<DbPath> {
    if values.is_null() {
        return Vec::new();
    }
    (0..n).filter_map(|i| (*values.add(i)).as_ref().map(|p| p.rep.clone())).collect()
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_db_paths(
    opt: *mut rocksdb_options_t,
    path_values: *mut *const rocksdb_dbpath_t,
    num_paths: size_t,
) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.db_paths = paths_of(path_values, num_paths);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_cf_paths(
    opt: *mut rocksdb_options_t,
    path_values: *mut *const rocksdb_dbpath_t,
    num_paths: size_t,
) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.cf_paths = paths_of(path_values, num_paths);
        Ok(())
    })
}
