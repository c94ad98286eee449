//! c.h's DBWithTTL: `rocksdb_open_with_ttl`, `rocksdb_open_column_families_with_ttl` and
//! `rocksdb_create_column_family_with_ttl`, over `utilities::ttl` with the system clock. The
//! handle is an ordinary `rocksdb_t`: its writes stamp values and its reads strip the stamp.
//! A TTL of 0 or less keeps values forever, as in RocksDB.

use super::cf::rocksdb_column_family_handle_t;
use super::db::{hand_out_cfs, log_ignored_options, rocksdb_t, OpenRequest};
use super::options::rocksdb_options_t;
use super::*;
use crate::db::Db;
use crate::utilities::ttl::system_clock;
use libc::c_int;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_with_ttl(
    options: *const rocksdb_options_t,
    name: *const c_char,
    ttl: c_int,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::single(options, name)?;
        let db = Db::open_with_ttl(req.opts(), req.path, ttl, false, system_clock())?;
        req.log_ignored(&db);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_column_families_with_ttl(
    options: *const rocksdb_options_t,
    name: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    ttls: *const c_int,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::with_families(options, name, num_column_families, column_family_names, column_family_options)?;
        if !req.cfs.is_empty() && ttls.is_null() {
            return Err(Error::invalid_argument("ttls is NULL"));
        }
        let ttls: Vec<i32> = (0..req.cfs.len()).map(|i| *ttls.add(i)).collect();
        let (db, handles) = Db::open_cf_with_ttl(req.opts(), req.path, &req.cfs, &ttls, false, system_clock())?;
        req.log_ignored(&db);
        hand_out_cfs(column_family_handles, handles);
        Ok(into_handle(rocksdb_t { db }))
    })
}

/// On a database not opened with TTL (a bad cast in RocksDB) it fails with InvalidArgument.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_column_family_with_ttl(
    db: *mut rocksdb_t,
    column_family_options: *const rocksdb_options_t,
    column_family_name: *const c_char,
    ttl: c_int,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_column_family_handle_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = &handle(db, "db")?.db;
        let o = handle(column_family_options, "column family options")?;
        o.check_supported()?;
        let name = c_str(column_family_name, "column family name")?;
        let cf = d.create_column_family_with_ttl(&o.opts, name, ttl)?;
        log_ignored_options(d, name, o);
        Ok(into_handle(rocksdb_column_family_handle_t { cf }))
    })
}
