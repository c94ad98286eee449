//! c.h's secondary instances: `rocksdb_open_as_secondary`, `_column_families` and
//! `rocksdb_try_catch_up_with_primary`, over `Db::open_as_secondary` (src/db/secondary.rs).

use super::cf::rocksdb_column_family_handle_t;
use super::db::{hand_out_cfs, rocksdb_t, OpenRequest};
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
        let req = OpenRequest::single(options, name)?;
        let secondary = c_str(secondary_path, "secondary_path")?;
        let (db, _) = Db::open_as_secondary(req.opts(), req.path, secondary, &[])?;
        req.log_ignored(&db);
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
        let req = OpenRequest::with_families(options, name, num_column_families, column_family_names, column_family_options)?;
        let secondary = c_str(secondary_path, "secondary_path")?;
        if req.cfs.is_empty() {
            return Err(Error::invalid_argument("Default column family not specified"));
        }
        let (db, handles) = Db::open_as_secondary(req.opts(), req.path, secondary, &req.cfs)?;
        req.log_ignored(&db);
        hand_out_cfs(column_family_handles, handles);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_try_catch_up_with_primary(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle(db, "db")?.db.try_catch_up_with_primary())
}
