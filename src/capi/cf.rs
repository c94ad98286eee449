//! c.h's column family functions: create, drop, handle destroy, default handle, id and name.

use super::db::rocksdb_t;
use super::options::rocksdb_options_t;
use super::*;
use crate::db::ColumnFamilyHandle;
use std::sync::Arc;

/// A column family handle (`rocksdb_column_family_handle_t`); it shares the engine's handle.
pub struct rocksdb_column_family_handle_t {
    pub(crate) cf: Arc<ColumnFamilyHandle>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_column_family(
    db: *mut rocksdb_t,
    column_family_options: *const rocksdb_options_t,
    column_family_name: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_column_family_handle_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = &handle(db, "db")?.db;
        let o = handle(column_family_options, "column family options")?;
        o.check_supported()?;
        let cf =
            d.create_column_family(&o.opts, c_str(column_family_name, "column family name")?)?;
        Ok(into_handle(rocksdb_column_family_handle_t { cf }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_drop_column_family(
    db: *mut rocksdb_t,
    handle_: *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        d.drop_column_family(&handle(handle_, "column family handle")?.cf)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_default_column_family_handle(
    db: *mut rocksdb_t,
) -> *mut rocksdb_column_family_handle_t {
    guarded(std::ptr::null_mut(), || {
        let cf = handle(db, "db")?.db.default_column_family();
        Ok(into_handle(rocksdb_column_family_handle_t { cf }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_handle_destroy(
    handle_: *mut rocksdb_column_family_handle_t,
) {
    drop_handle(handle_)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_handle_get_id(
    handle_: *mut rocksdb_column_family_handle_t,
) -> u32 {
    guarded(0, || Ok(handle(handle_, "column family handle")?.cf.id()))
}

/// A malloc'd copy of the name, not NUL-terminated (as RocksDB); *name_len gets its length.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_handle_get_name(
    handle_: *mut rocksdb_column_family_handle_t,
    name_len: *mut size_t,
) -> *mut c_char {
    set_out(name_len, 0);
    guarded(std::ptr::null_mut(), || {
        let name = handle(handle_, "column family handle")?.cf.name();
        set_out(name_len, name.len());
        Ok(malloc_bytes(name.as_bytes()))
    })
}
