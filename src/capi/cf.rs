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
        let name = c_str(column_family_name, "column family name")?;
        let cf = d.create_column_family(&o.opts, name)?;
        super::db::log_ignored_options(d, name, o);
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

/// Creates several column families with the same options; returns a malloc'd
/// array of handles (free it with `rocksdb_create_column_families_destroy`,
/// each handle with `rocksdb_column_family_handle_destroy`). On an error the
/// families created before it stay created, as in RocksDB, and NULL is returned.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_column_families(
    db: *mut rocksdb_t,
    column_family_options: *const rocksdb_options_t,
    num_column_families: libc::c_int,
    column_family_names: *const *const c_char,
    lencfs: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut *mut rocksdb_column_family_handle_t {
    set_out(lencfs, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = &handle(db, "db")?.db;
        let o = handle(column_family_options, "column family options")?;
        o.check_supported()?;
        let n = usize::try_from(num_column_families)
            .map_err(|_| Error::invalid_argument("negative count"))?;
        if n > 0 && column_family_names.is_null() {
            return Err(Error::invalid_argument("column_family_names is NULL"));
        }
        let mut made = Vec::with_capacity(n);
        for i in 0..n {
            let name = c_str(*column_family_names.add(i), "column family name")?;
            made.push(d.create_column_family(&o.opts, name)?);
            super::db::log_ignored_options(d, name, o);
        }
        let arr =
            libc::malloc(std::mem::size_of::<*mut rocksdb_column_family_handle_t>() * n.max(1))
                as *mut *mut rocksdb_column_family_handle_t;
        if arr.is_null() {
            return Err(Error::new(crate::error::Code::Aborted, "out of memory"));
        }
        for (i, cf) in made.into_iter().enumerate() {
            *arr.add(i) = into_handle(rocksdb_column_family_handle_t { cf });
        }
        set_out(lencfs, n);
        Ok(arr)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_column_families_destroy(
    list: *mut *mut rocksdb_column_family_handle_t,
) {
    if !list.is_null() {
        libc::free(list as *mut c_void);
    }
}
