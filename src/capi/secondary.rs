//! c.h's secondary instances: `rocksdb_open_as_secondary`, `_column_families` and
//! `rocksdb_try_catch_up_with_primary`, over `Db::open_as_secondary` (src/db/secondary.rs).

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_list, hand_out_cfs, log_ignored_options, rocksdb_t};
use super::options::rocksdb_options_t;
use super::*;
use crate::db::Db;
use libc::c_int;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_as_secondary(
    options: *const rocksdb_options_t,
    name: *const c_char,
    secondary_path: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let o = handle(options, "options")?;
        o.check_supported()?;
        let path = c_str(name, "name")?;
        let secondary = c_str(secondary_path, "secondary_path")?;
        let (db, _) = Db::open_as_secondary(&o.opts, path, secondary, &[])?;
        log_ignored_options(&db, "default", o);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_as_secondary_column_families(
    options: *const rocksdb_options_t,
    name: *const c_char,
    secondary_path: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let o = handle(options, "options")?;
        o.check_supported()?;
        let path = c_str(name, "name")?;
        let secondary = c_str(secondary_path, "secondary_path")?;
        let cfs = cf_list(num_column_families, column_family_names, column_family_options)?;
        if cfs.is_empty() {
            return Err(Error::invalid_argument("Default column family not specified"));
        }
        let (db, handles) = Db::open_as_secondary(&o.opts, path, secondary, &cfs)?;
        log_ignored_options(&db, "DB", o);
        hand_out_cfs(column_family_handles, handles);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_try_catch_up_with_primary(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle(db, "db")?.db.try_catch_up_with_primary())
}
