//! c.h's database functions: open (plain, read-only, with column families),
//! close, destroy, list column families, point writes and reads, multi-get,
//! pinned gets, properties, compaction and the latest sequence number.

use super::cf::rocksdb_column_family_handle_t;
use super::options::rocksdb_options_t;
use super::readoptions::rocksdb_readoptions_t;
use super::writeoptions::rocksdb_writeoptions_t;
use super::*;
use crate::db::{ColumnFamilyHandle, Db};
use crate::options::Options;
use libc::{c_int, c_uchar};
use std::sync::Arc;

/// An open database (`rocksdb_t`).
pub struct rocksdb_t {
    pub(crate) db: Db,
}

/// A value read by `rocksdb_get_pinned*` (`rocksdb_pinnableslice_t`).
pub struct rocksdb_pinnableslice_t {
    pub(crate) slice: crate::db::PinnableSlice,
}

/// What every C open call hands over, read from C once: the DB options, the path and the column
/// families with the C options each came from. One place for the checks (`check_supported`, names,
/// NULL arrays) and for the LOG line naming options ferrock accepts but does not use, so the plain,
/// read-only, TTL, secondary and transaction opens behave alike.
pub(crate) struct OpenRequest<'a> {
    pub(crate) options: &'a rocksdb_options_t,
    pub(crate) path: &'a str,
    /// Empty for the opens without column families (they open `default` with `options`).
    pub(crate) cfs: Vec<(String, Options)>,
    cf_options: Vec<&'a rocksdb_options_t>,
}

impl<'a> OpenRequest<'a> {
    /// Requires: `options` and `name` are NULL or valid for the call.
    pub(crate) unsafe fn single(options: *const rocksdb_options_t, name: *const c_char) -> Result<Self> {
        let options: &rocksdb_options_t = handle(options, "options")?;
        options.check_supported()?;
        let path = c_str(name, "name")?;
        Ok(OpenRequest { options, path, cfs: Vec::new(), cf_options: Vec::new() })
    }

    /// Requires: as `single`, and `names` / `opts` hold `num` valid entries when not NULL.
    pub(crate) unsafe fn with_families(
        options: *const rocksdb_options_t,
        name: *const c_char,
        num: c_int,
        names: *const *const c_char,
        opts: *const *const rocksdb_options_t,
    ) -> Result<Self> {
        let mut req = Self::single(options, name)?;
        if num < 0 {
            return Err(Error::invalid_argument("num_column_families is negative"));
        }
        if num > 0 && (names.is_null() || opts.is_null()) {
            return Err(Error::invalid_argument("column family names or options are NULL"));
        }
        for i in 0..num as usize {
            let cf_name = c_str(*names.add(i), "column family name")?;
            let o: &rocksdb_options_t = handle(*opts.add(i), "column family options")?;
            o.check_supported()?;
            req.cfs.push((cf_name.to_string(), o.opts.clone()));
            req.cf_options.push(o);
        }
        Ok(req)
    }

    /// The DB options, as the engine's open functions take them.
    pub(crate) fn opts(&self) -> &'a Options {
        &self.options.opts
    }

    /// `default` alone for a single open; the DB options and each column family's otherwise.
    pub(crate) fn log_ignored(&self, db: &Db) {
        if self.cfs.is_empty() {
            log_ignored_options(db, "default", self.options);
            return;
        }
        log_ignored_options(db, "DB", self.options);
        for ((name, _), o) in self.cfs.iter().zip(&self.cf_options) {
            log_ignored_options(db, name, o);
        }
    }
}

/// Names once in the info LOG the options a C caller set that ferrock accepts but does not use
/// (docs/architecture.md: "accepted and named once in the info LOG").
pub(crate) fn log_ignored_options(db: &Db, what: &str, o: &rocksdb_options_t) {
    let names = o.ignored_option_names();
    if !names.is_empty() {
        db.inner.info_log.log(&format!(
            "Options accepted but not used by ferrock ({what}): {}",
            names.join(", ")
        ));
    }
}

pub(crate) unsafe fn hand_out_cfs(
    out: *mut *mut rocksdb_column_family_handle_t,
    cfs: Vec<Arc<ColumnFamilyHandle>>,
) {
    if out.is_null() {
        return;
    }
    for (i, cf) in cfs.into_iter().enumerate() {
        *out.add(i) = into_handle(rocksdb_column_family_handle_t { cf });
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open(
    options: *const rocksdb_options_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::single(options, name)?;
        let db = Db::open(req.opts(), req.path)?;
        req.log_ignored(&db);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_for_read_only(
    options: *const rocksdb_options_t,
    name: *const c_char,
    error_if_wal_file_exists: c_uchar,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::single(options, name)?;
        let cfs = vec![("default".to_string(), req.opts().clone())];
        let (db, _handles) =
            Db::open_for_read_only(req.opts(), req.path, &cfs, error_if_wal_file_exists != 0)?;
        req.log_ignored(&db);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_column_families(
    options: *const rocksdb_options_t,
    name: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::with_families(options, name, num_column_families, column_family_names, column_family_options)?;
        let (db, handles) = Db::open_cf(req.opts(), req.path, &req.cfs)?;
        req.log_ignored(&db);
        hand_out_cfs(column_family_handles, handles);
        Ok(into_handle(rocksdb_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_open_for_read_only_column_families(
    options: *const rocksdb_options_t,
    name: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    error_if_wal_file_exists: c_uchar,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::with_families(options, name, num_column_families, column_family_names, column_family_options)?;
        let (db, handles) =
            Db::open_for_read_only(req.opts(), req.path, &req.cfs, error_if_wal_file_exists != 0)?;
        req.log_ignored(&db);
        hand_out_cfs(column_family_handles, handles);
        Ok(into_handle(rocksdb_t { db }))
    })
}

/// Closes the database and frees the handle; NULL is a no-op. Iterators,
/// snapshots and column family handles still alive answer "Shutdown in progress".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_close(db: *mut rocksdb_t) {
    if db.is_null() {
        return;
    }
    guarded((), || {
        // SAFETY: db came from rocksdb_open* and is closed once.
        let owned = Box::from_raw(db);
        // c.h's close has no errptr: a failure to sync at close cannot be reported.
        let _ = owned.db.close();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_destroy_db(
    options: *const rocksdb_options_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let o = handle(options, "options")?;
        Db::destroy(&o.opts, c_str(name, "name")?)
    })
}

/// RocksDB's RepairDB: rebuilds the MANIFEST from the tables and WALs in the directory (see
/// `db::repair`); the database must not be open.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_repair_db(
    options: *const rocksdb_options_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let o = handle(options, "options")?;
        o.check_supported()?;
        Db::repair(&o.opts, c_str(name, "name")?)
    })
}

/// Returns a malloc'd array of malloc'd names; release with `rocksdb_list_column_families_destroy`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_list_column_families(
    options: *const rocksdb_options_t,
    name: *const c_char,
    lencf: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut *mut c_char {
    set_out(lencf, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        let o = handle(options, "options")?;
        let names = Db::list_column_families(&o.opts, c_str(name, "name")?)?;
        let arr = libc::malloc(std::mem::size_of::<*mut c_char>() * names.len().max(1))
            as *mut *mut c_char;
        if arr.is_null() {
            return Err(Error::new(crate::error::Code::Aborted, "out of memory"));
        }
        for (i, n) in names.iter().enumerate() {
            *arr.add(i) = malloc_cstring(n);
        }
        set_out(lencf, names.len());
        Ok(arr)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_list_column_families_destroy(list: *mut *mut c_char, len: size_t) {
    if list.is_null() {
        return;
    }
    for i in 0..len {
        libc::free(*list.add(i) as *mut c_void);
    }
    libc::free(list as *mut c_void);
}

pub(crate) unsafe fn db_ref<'a>(db: *mut rocksdb_t) -> Result<&'a Db> {
    Ok(&handle(db, "db")?.db)
}

pub(crate) unsafe fn cf_ref<'a>(cf: *const rocksdb_column_family_handle_t) -> Result<&'a ColumnFamilyHandle> {
    Ok(&handle(cf, "column family handle")?.cf)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_put(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.put(
            &handle(options, "write options")?.wo,
            bytes(key, keylen)?,
            bytes(val, vallen)?,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_put_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.put_cf(
            &handle(options, "write options")?.wo,
            cf_ref(column_family)?,
            bytes(key, keylen)?,
            bytes(val, vallen)?,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_delete(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.delete(&handle(options, "write options")?.wo, bytes(key, keylen)?)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_delete_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.delete_cf(
            &handle(options, "write options")?.wo,
            cf_ref(column_family)?,
            bytes(key, keylen)?,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_singledelete(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.single_delete(&handle(options, "write options")?.wo, bytes(key, keylen)?)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_singledelete_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.single_delete_cf(
            &handle(options, "write options")?.wo,
            cf_ref(column_family)?,
            bytes(key, keylen)?,
        )
    })
}

/// Deletes [begin, end) in the column family by writing a range tombstone batch.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_delete_range_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    start_key: *const c_char,
    start_key_len: size_t,
    end_key: *const c_char,
    end_key_len: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let mut batch = crate::batch::WriteBatch::new();
        batch.delete_range_cf(
            cf_ref(column_family)?.id(),
            bytes(start_key, start_key_len)?,
            bytes(end_key, end_key_len)?,
        );
        db_ref(db)?.write(&handle(options, "write options")?.wo, &batch)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    batch: *mut super::batch::rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let b = handle(batch, "write batch")?;
        if let Some(what) = b.unsupported {
            return Err(Error::not_supported(what));
        }
        db_ref(db)?.write(&handle(options, "write options")?.wo, &b.batch)
    })
}

/// Hands a read value to C: NULL with *vallen = 0 when the key is absent (no error, as RocksDB).
pub(crate) unsafe fn value_out(v: Option<Vec<u8>>, vallen: *mut size_t) -> *mut c_char {
    match v {
        Some(v) => {
            set_out(vallen, v.len());
            malloc_bytes(&v)
        }
        None => {
            set_out(vallen, 0);
            std::ptr::null_mut()
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
    vallen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vallen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        let v = db_ref(db)?.get(&handle(options, "read options")?.ro, bytes(key, keylen)?)?;
        Ok(value_out(v, vallen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    vallen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vallen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        let v = db_ref(db)?.get_cf(
            &handle(options, "read options")?.ro,
            cf_ref(column_family)?,
            bytes(key, keylen)?,
        )?;
        Ok(value_out(v, vallen))
    })
}

unsafe fn multi_get_impl(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_families: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    if num_keys == 0 {
        return;
    }
    if values_list.is_null() || values_list_sizes.is_null() || errs.is_null() {
        return;
    }
    for i in 0..num_keys {
        *values_list.add(i) = std::ptr::null_mut();
        *values_list_sizes.add(i) = 0;
        *errs.add(i) = std::ptr::null_mut();
    }
    let outcome = catch_unwind(AssertUnwindSafe(
        || -> Result<Vec<Result<Option<Vec<u8>>>>> {
            let d = db_ref(db)?;
            let ro = &handle(options, "read options")?.ro;
            if keys_list.is_null() || keys_list_sizes.is_null() {
                return Err(Error::invalid_argument("keys_list is NULL"));
            }
            let default_cf;
            let mut keys: Vec<(&ColumnFamilyHandle, &[u8])> = Vec::with_capacity(num_keys);
            if column_families.is_null() {
                default_cf = d.default_column_family();
                for i in 0..num_keys {
                    keys.push((
                        &default_cf,
                        bytes(*keys_list.add(i), *keys_list_sizes.add(i))?,
                    ));
                }
            } else {
                for i in 0..num_keys {
                    keys.push((
                        cf_ref(*column_families.add(i))?,
                        bytes(*keys_list.add(i), *keys_list_sizes.add(i))?,
                    ));
                }
            }
            Ok(d.multi_get_cf(ro, &keys))
        },
    ));
    let results = match outcome {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => (0..num_keys).map(|_| Err(e.clone())).collect(),
        Err(p) => {
            let e = Error::from_panic(p);
            (0..num_keys).map(|_| Err(e.clone())).collect()
        }
    };
    for (i, r) in results.into_iter().enumerate().take(num_keys) {
        match r {
            Ok(v) => *values_list.add(i) = value_out(v, values_list_sizes.add(i)),
            Err(e) => save_error(errs.add(i), &e),
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_multi_get(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    multi_get_impl(
        db,
        options,
        std::ptr::null(),
        num_keys,
        keys_list,
        keys_list_sizes,
        values_list,
        values_list_sizes,
        errs,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_multi_get_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_families: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    if column_families.is_null() && num_keys > 0 {
        if !errs.is_null() {
            for i in 0..num_keys {
                *errs.add(i) = std::ptr::null_mut();
                save_error(
                    errs.add(i),
                    &Error::invalid_argument("column_families is NULL"),
                );
            }
        }
        return;
    }
    multi_get_impl(
        db,
        options,
        column_families,
        num_keys,
        keys_list,
        keys_list_sizes,
        values_list,
        values_list_sizes,
        errs,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_pinned(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        match d.get_pinned_cf(
            &handle(options, "read options")?.ro,
            &cf,
            bytes(key, keylen)?,
        )? {
            Some(slice) => Ok(into_handle(rocksdb_pinnableslice_t { slice })),
            None => Ok(std::ptr::null_mut()),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_pinned_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        match d.get_pinned_cf(
            &handle(options, "read options")?.ro,
            cf_ref(column_family)?,
            bytes(key, keylen)?,
        )? {
            Some(slice) => Ok(into_handle(rocksdb_pinnableslice_t { slice })),
            None => Ok(std::ptr::null_mut()),
        }
    })
}

/// The pinned value's bytes (valid until `rocksdb_pinnableslice_destroy`); NULL for a NULL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_pinnableslice_value(
    t: *const rocksdb_pinnableslice_t,
    vlen: *mut size_t,
) -> *const c_char {
    set_out(vlen, 0);
    guarded(std::ptr::null(), || {
        let s = handle(t, "pinnable slice")?.slice.as_slice();
        set_out(vlen, s.len());
        Ok(s.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_pinnableslice_destroy(v: *mut rocksdb_pinnableslice_t) {
    drop_handle(v)
}

/// A malloc'd NUL-terminated property value, or NULL when the property is unknown.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_property_value(
    db: *mut rocksdb_t,
    propname: *const c_char,
) -> *mut c_char {
    guarded(std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        Ok(
            match d.property_value_cf(&cf, c_str(propname, "property name")?) {
                Some(v) => malloc_cstring(&v),
                None => std::ptr::null_mut(),
            },
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_property_value_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    propname: *const c_char,
) -> *mut c_char {
    guarded(std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        Ok(
            match d.property_value_cf(cf_ref(column_family)?, c_str(propname, "property name")?) {
                Some(v) => malloc_cstring(&v),
                None => std::ptr::null_mut(),
            },
        )
    })
}

/// 0 and *out_val set on success, -1 when the property is unknown (as RocksDB).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_property_int(
    db: *mut rocksdb_t,
    propname: *const c_char,
    out_val: *mut u64,
) -> c_int {
    guarded(-1, || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        Ok(
            match d.property_int_cf(&cf, c_str(propname, "property name")?) {
                Some(v) => {
                    set_out(out_val, v);
                    0
                }
                None => -1,
            },
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_property_int_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    propname: *const c_char,
    out_val: *mut u64,
) -> c_int {
    guarded(-1, || {
        let d = db_ref(db)?;
        Ok(
            match d.property_int_cf(cf_ref(column_family)?, c_str(propname, "property name")?) {
                Some(v) => {
                    set_out(out_val, v);
                    0
                }
                None => -1,
            },
        )
    })
}

unsafe fn opt_key<'a>(ptr: *const c_char, len: size_t) -> Result<Option<&'a [u8]>> {
    if ptr.is_null() {
        Ok(None)
    } else {
        Ok(Some(bytes(ptr, len)?))
    }
}

/// Compacts [start, limit] (NULL = unbounded). c.h gives no errptr: errors are dropped as in RocksDB.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_range(
    db: *mut rocksdb_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
) {
    guarded((), || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        d.compact_range_cf(
            &cf,
            opt_key(start_key, start_key_len)?,
            opt_key(limit_key, limit_key_len)?,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_range_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
) {
    guarded((), || {
        db_ref(db)?.compact_range_cf(
            cf_ref(column_family)?,
            opt_key(start_key, start_key_len)?,
            opt_key(limit_key, limit_key_len)?,
        )
    })
}

/// Marks the files overlapping the range for a background compaction (NULL keys = unbounded).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_suggest_compact_range(
    db: *mut rocksdb_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        d.suggest_compact_range_cf(
            &d.default_column_family(),
            opt_key(start_key, start_key_len)?,
            opt_key(limit_key, limit_key_len)?,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_suggest_compact_range_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    start_key: *const c_char,
    start_key_len: size_t,
    limit_key: *const c_char,
    limit_key_len: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        db_ref(db)?.suggest_compact_range_cf(
            cf_ref(column_family)?,
            opt_key(start_key, start_key_len)?,
            opt_key(limit_key, limit_key_len)?,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_latest_sequence_number(db: *mut rocksdb_t) -> u64 {
    guarded(0, || Ok(db_ref(db)?.latest_sequence_number()))
}

/// 1 unless the key is certainly absent (a read that finds nothing); with a
/// found value and `value_found` given, the value is handed out as RocksDB does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_key_may_exist(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    key_len: size_t,
    value: *mut *mut c_char,
    val_len: *mut size_t,
    timestamp: *const c_char,
    timestamp_len: size_t,
    value_found: *mut c_uchar,
) -> c_uchar {
    guarded(1, || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        key_may_exist_impl(
            d,
            options,
            &cf,
            key,
            key_len,
            value,
            val_len,
            timestamp,
            timestamp_len,
            value_found,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_key_may_exist_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    key_len: size_t,
    value: *mut *mut c_char,
    val_len: *mut size_t,
    timestamp: *const c_char,
    timestamp_len: size_t,
    value_found: *mut c_uchar,
) -> c_uchar {
    guarded(1, || {
        let d = db_ref(db)?;
        let cf = cf_ref(column_family)?;
        key_may_exist_impl(
            d,
            options,
            cf,
            key,
            key_len,
            value,
            val_len,
            timestamp,
            timestamp_len,
            value_found,
        )
    })
}

#[allow(clippy::too_many_arguments)]
unsafe fn key_may_exist_impl(
    d: &Db,
    options: *const rocksdb_readoptions_t,
    cf: &ColumnFamilyHandle,
    key: *const c_char,
    key_len: size_t,
    value: *mut *mut c_char,
    val_len: *mut size_t,
    timestamp: *const c_char,
    timestamp_len: size_t,
    value_found: *mut c_uchar,
) -> Result<c_uchar> {
    let _ = (timestamp, timestamp_len);
    set_out(value_found, 0);
    match d.get_cf(
        &handle(options, "read options")?.ro,
        cf,
        bytes(key, key_len)?,
    ) {
        Ok(Some(v)) => {
            if !value.is_null() && !value_found.is_null() {
                *value = malloc_bytes(&v);
                set_out(val_len, v.len());
                set_out(value_found, 1);
            }
            Ok(1)
        }
        Ok(None) => Ok(0),
        // An error cannot rule the key out.
        Err(_) => Ok(1),
    }
}

/// Copies the value into the caller's buffer when it fits (returns 1); otherwise
/// returns 0 with *vallen set to the size needed. *found tells a present key
/// from an absent one; only real errors go to errptr.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_into_buffer(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
    buffer: *mut c_char,
    buffer_size: size_t,
    vallen: *mut size_t,
    found: *mut c_uchar,
    errptr: *mut *mut c_char,
) -> c_uchar {
    set_out(vallen, 0);
    set_out(found, 0);
    with_errptr(errptr, 0, || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        let v = d.get_cf(
            &handle(options, "read options")?.ro,
            &cf,
            bytes(key, keylen)?,
        )?;
        Ok(copy_into_buffer(v, buffer, buffer_size, vallen, found))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_into_buffer_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    buffer: *mut c_char,
    buffer_size: size_t,
    vallen: *mut size_t,
    found: *mut c_uchar,
    errptr: *mut *mut c_char,
) -> c_uchar {
    set_out(vallen, 0);
    set_out(found, 0);
    with_errptr(errptr, 0, || {
        let d = db_ref(db)?;
        let v = d.get_cf(
            &handle(options, "read options")?.ro,
            cf_ref(column_family)?,
            bytes(key, keylen)?,
        )?;
        Ok(copy_into_buffer(v, buffer, buffer_size, vallen, found))
    })
}

unsafe fn copy_into_buffer(
    v: Option<Vec<u8>>,
    buffer: *mut c_char,
    buffer_size: size_t,
    vallen: *mut size_t,
    found: *mut c_uchar,
) -> c_uchar {
    let Some(v) = v else { return 0 };
    set_out(found, 1);
    set_out(vallen, v.len());
    if v.len() > buffer_size || (buffer.is_null() && !v.is_empty()) {
        return 0;
    }
    if !v.is_empty() {
        // SAFETY: the caller gave buffer_size writable bytes at buffer, and v fits.
        std::ptr::copy_nonoverlapping(v.as_ptr(), buffer as *mut u8, v.len());
    }
    1
}

/// A value read by `rocksdb_get_pinned_v2` (`rocksdb_pinnable_handle_t`).
pub struct rocksdb_pinnable_handle_t {
    slice: crate::db::PinnableSlice,
}

/// NULL when absent (no error) or on an error (in errptr).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_pinned_v2(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnable_handle_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        let cf = d.default_column_family();
        Ok(
            match d.get_pinned_cf(
                &handle(options, "read options")?.ro,
                &cf,
                bytes(key, keylen)?,
            )? {
                Some(slice) => into_handle(rocksdb_pinnable_handle_t { slice }),
                None => std::ptr::null_mut(),
            },
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_pinned_cf_v2(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnable_handle_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        Ok(
            match d.get_pinned_cf(
                &handle(options, "read options")?.ro,
                cf_ref(column_family)?,
                bytes(key, keylen)?,
            )? {
                Some(slice) => into_handle(rocksdb_pinnable_handle_t { slice }),
                None => std::ptr::null_mut(),
            },
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_pinnable_handle_get_value(
    h: *const rocksdb_pinnable_handle_t,
    vallen: *mut size_t,
) -> *const c_char {
    set_out(vallen, 0);
    guarded(std::ptr::null(), || {
        let s = handle(h, "pinnable handle")?.slice.as_slice();
        set_out(vallen, s.len());
        Ok(s.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_pinnable_handle_destroy(h: *mut rocksdb_pinnable_handle_t) {
    drop_handle(h)
}

/// The database's identity (the IDENTITY file's text) as a malloc'd buffer; NULL on error.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_db_identity(
    db: *mut rocksdb_t,
    id_len: *mut size_t,
) -> *mut c_char {
    set_out(id_len, 0);
    guarded(std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        d.inner.check_open()?;
        let id = d.inner.db_id.as_bytes();
        set_out(id_len, id.len());
        Ok(malloc_bytes(id))
    })
}

/// Reads `num_keys` keys of one column family: `values[i]` is a pinned value
/// (NULL when absent), `errs[i]` an error message (NULL when none). The keys
/// need not be sorted, so `sorted_input` changes nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_batched_multi_get_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values: *mut *mut rocksdb_pinnableslice_t,
    errs: *mut *mut c_char,
    sorted_input: bool,
) {
    let _ = sorted_input;
    batched_multi_get(db, options, column_family, num_keys, values, errs, |i| {
        if keys_list.is_null() || keys_list_sizes.is_null() {
            return Err(Error::invalid_argument("keys_list is NULL"));
        }
        bytes(*keys_list.add(i), *keys_list_sizes.add(i))
    })
}

/// `rocksdb_batched_multi_get_cf` with the keys as an array of `rocksdb_slice_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_batched_multi_get_cf_slice(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const super::iter::rocksdb_slice_t,
    values: *mut *mut rocksdb_pinnableslice_t,
    errs: *mut *mut c_char,
    sorted_input: bool,
) {
    let _ = sorted_input;
    batched_multi_get(db, options, column_family, num_keys, values, errs, |i| {
        if keys_list.is_null() {
            return Err(Error::invalid_argument("keys_list is NULL"));
        }
        let k = &*keys_list.add(i);
        bytes(k.data, k.size)
    })
}

/// The two batched multi-gets once they can name key `i`.
unsafe fn batched_multi_get<'a>(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: size_t,
    values: *mut *mut rocksdb_pinnableslice_t,
    errs: *mut *mut c_char,
    key_at: impl Fn(usize) -> Result<&'a [u8]>,
) {
    if num_keys == 0 || values.is_null() || errs.is_null() {
        return;
    }
    for i in 0..num_keys {
        *values.add(i) = std::ptr::null_mut();
        *errs.add(i) = std::ptr::null_mut();
    }
    let outcome = catch_unwind(AssertUnwindSafe(
        || -> Result<Vec<Result<Option<Vec<u8>>>>> {
            let d = db_ref(db)?;
            let ro = &handle(options, "read options")?.ro;
            let cf = cf_ref(column_family)?;
            let mut keys: Vec<(&ColumnFamilyHandle, &[u8])> = Vec::with_capacity(num_keys);
            for i in 0..num_keys {
                keys.push((cf, key_at(i)?));
            }
            Ok(d.multi_get_cf(ro, &keys))
        },
    ));
    let results = match outcome {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => (0..num_keys).map(|_| Err(e.clone())).collect(),
        Err(p) => {
            let e = Error::from_panic(p);
            (0..num_keys).map(|_| Err(e.clone())).collect()
        }
    };
    for (i, r) in results.into_iter().enumerate().take(num_keys) {
        match r {
            Ok(Some(v)) => {
                *values.add(i) = into_handle(rocksdb_pinnableslice_t {
                    slice: crate::db::PinnableSlice { data: v },
                })
            }
            Ok(None) => {}
            Err(e) => save_error(errs.add(i), &e),
        }
    }
}

/// Frees what `rocksdb_load_latest_options` hands out (the options, the names and both arrays).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_load_latest_options_destroy(
    db_options: *mut rocksdb_options_t,
    list_column_family_names: *mut *mut c_char,
    list_column_family_options: *mut *mut rocksdb_options_t,
    len: size_t,
) {
    drop_handle(db_options);
    if !list_column_family_names.is_null() {
        for i in 0..len {
            libc::free(*list_column_family_names.add(i) as *mut c_void);
        }
        libc::free(list_column_family_names as *mut c_void);
    }
    if !list_column_family_options.is_null() {
        for i in 0..len {
            drop_handle(*list_column_family_options.add(i));
        }
        libc::free(list_column_family_options as *mut c_void);
    }
}

/// Frees a malloc'd array of malloc'd file names (from `rocksdb_compact_files*`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compact_files_output_file_names_destroy(
    output_file_names: *mut *mut c_char,
    num_output_file_names: size_t,
) {
    rocksdb_list_column_families_destroy(output_file_names, num_output_file_names)
}

/// Every key answers "Not implemented: user-defined timestamps" in `errs[i]`
/// (values and timestamps NULL, lengths 0).
unsafe fn multi_get_with_ts_refused(
    num_keys: size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    timestamp_list: *mut *mut c_char,
    timestamp_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    let e = Error::not_supported("user-defined timestamps");
    for i in 0..num_keys {
        for (list, sizes) in [
            (values_list, values_list_sizes),
            (timestamp_list, timestamp_list_sizes),
        ] {
            if !list.is_null() {
                *list.add(i) = std::ptr::null_mut();
            }
            if !sizes.is_null() {
                *sizes.add(i) = 0;
            }
        }
        if !errs.is_null() {
            *errs.add(i) = std::ptr::null_mut();
            save_error(errs.add(i), &e);
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_multi_get_with_ts(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    timestamp_list: *mut *mut c_char,
    timestamp_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    let _ = (db, options, keys_list, keys_list_sizes);
    multi_get_with_ts_refused(
        num_keys,
        values_list,
        values_list_sizes,
        timestamp_list,
        timestamp_list_sizes,
        errs,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_multi_get_cf_with_ts(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_families: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    timestamp_list: *mut *mut c_char,
    timestamp_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    let _ = (db, options, column_families, keys_list, keys_list_sizes);
    multi_get_with_ts_refused(
        num_keys,
        values_list,
        values_list_sizes,
        timestamp_list,
        timestamp_list_sizes,
        errs,
    )
}

/// RocksDB's VerifyChecksum: every block of every live table read again and its checksum
/// checked (src/db/verify.rs); the first corruption found is the error.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_verify_checksum(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || db_ref(db)?.verify_checksum())
}

/// `rocksdb_verify_checksum`; the read options (NULL: the defaults) change nothing: RocksDB
/// verifies whatever `verify_checksums` says, and ferrock reads the tables outside the caches.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_verify_checksum_with_options(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    errptr: *mut *mut c_char,
) {
    let _ = options;
    with_errptr(errptr, (), || db_ref(db)?.verify_checksum())
}

/// RocksDB's VerifyFileChecksums for a database without a file_checksum_gen_factory (ferrock
/// has none): "Invalid argument: Cannot verify file checksum if
/// options.file_checksum_gen_factory is null".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_verify_file_checksums(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || db_ref(db)?.verify_file_checksums())
}

/// `rocksdb_verify_file_checksums`; the read options change nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_verify_file_checksums_with_options(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    errptr: *mut *mut c_char,
) {
    let _ = options;
    with_errptr(errptr, (), || db_ref(db)?.verify_file_checksums())
}
