//! c.h's `rocksdb_writebatch_wi_*` (WriteBatchWithIndex) and `rocksdb_write_writebatch_wi`, over
//! `crate::txn::wbwi`.

use super::cf::rocksdb_column_family_handle_t;
use super::batch::cf_id;
use super::db::{rocksdb_pinnableslice_t, rocksdb_t, value_out};
use super::iter::rocksdb_iterator_t;
use super::options::rocksdb_options_t;
use super::readoptions::rocksdb_readoptions_t;
use super::writeoptions::rocksdb_writeoptions_t;
use super::*;
use crate::db::ColumnFamilyHandle;
use crate::txn::wbwi::{UserIterator, WriteBatchWithIndex};
use crate::util::comparator::Comparator;
use libc::{c_int, c_uchar};

/// A write batch with an index of its keys (`rocksdb_writebatch_wi_t`).
pub struct rocksdb_writebatch_wi_t {
    pub(crate) wbwi: WriteBatchWithIndex,
}

unsafe fn wi<'a>(p: *mut rocksdb_writebatch_wi_t) -> Result<&'a mut WriteBatchWithIndex> {
    Ok(&mut handle_mut(p, "write batch with index")?.wbwi)
}
unsafe fn cf_handle<'a>(p: *mut rocksdb_column_family_handle_t) -> Result<&'a ColumnFamilyHandle> {
    Ok(&handle(p, "column family handle")?.cf)
}

/// Concatenates the parts of a C "v" (slice-parts) argument.
unsafe fn parts(n: c_int, list: *const *const c_char, sizes: *const size_t) -> Result<Vec<u8>> {
    if n < 0 || (n > 0 && (list.is_null() || sizes.is_null())) {
        return Err(Error::invalid_argument("slice parts are NULL"));
    }
    let mut out = Vec::new();
    for i in 0..n as usize {
        out.extend_from_slice(bytes(*list.add(i), *sizes.add(i))?);
    }
    Ok(out)
}

/// `reserved_bytes` preallocates; `overwrite_keys` is recorded (reads always see the newest
/// write of a key, which is what RocksDB gives with it set).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_create(reserved_bytes: size_t, overwrite_keys: c_uchar) -> *mut rocksdb_writebatch_wi_t {
    into_handle(rocksdb_writebatch_wi_t { wbwi: WriteBatchWithIndex::new(Comparator::Bytewise, reserved_bytes, overwrite_keys != 0) })
}

/// RocksDB 11.8.1's full constructor. The backup index comparator orders the batch's keys
/// written without a column family handle (an iterator over a base orders by the base's
/// column family). A max_bytes limit or per-key protection bytes are not supported: NULL
/// then, like `rocksdb_writebatch_create_with_params` for what it cannot honour; so is a
/// comparator already destroyed or without callbacks.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_create_with_params(
    backup_index_comparator: *mut super::comparator::rocksdb_comparator_t,
    reserved_bytes: size_t,
    overwrite_key: c_uchar,
    max_bytes: size_t,
    protection_bytes_per_key: size_t,
) -> *mut rocksdb_writebatch_wi_t {
    if max_bytes != 0 || protection_bytes_per_key != 0 {
        return std::ptr::null_mut();
    }
    guarded(std::ptr::null_mut(), || {
        let comparator = if backup_index_comparator.is_null() {
            Comparator::Bytewise
        } else {
            super::comparator::named_in_options(backup_index_comparator).pinned()?
        };
        Ok(into_handle(rocksdb_writebatch_wi_t { wbwi: WriteBatchWithIndex::new(comparator, reserved_bytes, overwrite_key != 0) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_destroy(b: *mut rocksdb_writebatch_wi_t) {
    drop_handle(b)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_clear(b: *mut rocksdb_writebatch_wi_t) {
    guarded((), || {
        wi(b)?.clear();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_count(b: *mut rocksdb_writebatch_wi_t) -> c_int {
    guarded(0, || Ok(wi(b)?.count() as c_int))
}

/// The batch's bytes (RocksDB's WriteBatch representation), valid until the batch changes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_data(b: *mut rocksdb_writebatch_wi_t, size: *mut size_t) -> *const c_char {
    set_out(size, 0);
    guarded(std::ptr::null(), || {
        let d = wi(b)?.data();
        set_out(size, d.len());
        Ok(d.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_put(b: *mut rocksdb_writebatch_wi_t, key: *const c_char, klen: size_t, val: *const c_char, vlen: size_t) {
    guarded((), || {
        let (k, v) = (bytes(key, klen)?, bytes(val, vlen)?);
        wi(b)?.put_cf(0, k, v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_put_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    guarded((), || {
        let (c, k, v) = (cf_id(column_family)?, bytes(key, klen)?, bytes(val, vlen)?);
        wi(b)?.put_cf(c, k, v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_putv(
    b: *mut rocksdb_writebatch_wi_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        let v = parts(num_values, values_list, values_list_sizes)?;
        wi(b)?.put_cf(0, &k, &v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_putv_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let c = cf_id(column_family)?;
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        let v = parts(num_values, values_list, values_list_sizes)?;
        wi(b)?.put_cf(c, &k, &v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_delete(b: *mut rocksdb_writebatch_wi_t, key: *const c_char, klen: size_t) {
    guarded((), || {
        let k = bytes(key, klen)?;
        wi(b)?.delete_cf(0, k);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_delete_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let (c, k) = (cf_id(column_family)?, bytes(key, klen)?);
        wi(b)?.delete_cf(c, k);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_deletev(
    b: *mut rocksdb_writebatch_wi_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
) {
    guarded((), || {
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        wi(b)?.delete_cf(0, &k);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_deletev_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
) {
    guarded((), || {
        let c = cf_id(column_family)?;
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        wi(b)?.delete_cf(c, &k);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_singledelete(b: *mut rocksdb_writebatch_wi_t, key: *const c_char, klen: size_t) {
    guarded((), || {
        let k = bytes(key, klen)?;
        wi(b)?.single_delete_cf(0, k);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_singledelete_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let (c, k) = (cf_id(column_family)?, bytes(key, klen)?);
        wi(b)?.single_delete_cf(c, k);
        Ok(())
    })
}

/// Reads of a merged key resolve the operands with the column family's merge operator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_merge(b: *mut rocksdb_writebatch_wi_t, key: *const c_char, klen: size_t, val: *const c_char, vlen: size_t) {
    guarded((), || {
        let (k, v) = (bytes(key, klen)?, bytes(val, vlen)?);
        wi(b)?.merge_cf(0, k, v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_merge_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    guarded((), || {
        let (c, k, v) = (cf_id(column_family)?, bytes(key, klen)?, bytes(val, vlen)?);
        wi(b)?.merge_cf(c, k, v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_mergev(
    b: *mut rocksdb_writebatch_wi_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        let v = parts(num_values, values_list, values_list_sizes)?;
        wi(b)?.merge_cf(0, &k, &v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_mergev_cf(
    b: *mut rocksdb_writebatch_wi_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let c = cf_id(column_family)?;
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        let v = parts(num_values, values_list, values_list_sizes)?;
        wi(b)?.merge_cf(c, &k, &v);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_put_log_data(b: *mut rocksdb_writebatch_wi_t, blob: *const c_char, len: size_t) {
    guarded((), || {
        let d = bytes(blob, len)?;
        wi(b)?.put_log_data(d);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_set_save_point(b: *mut rocksdb_writebatch_wi_t) {
    guarded((), || {
        wi(b)?.set_save_point();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_rollback_to_save_point(b: *mut rocksdb_writebatch_wi_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || wi(b)?.rollback_to_save_point())
}

/// Walks the batch with rocksdb_writebatch_iterate's handler (`batch::walk_batch`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_iterate(
    b: *mut rocksdb_writebatch_wi_t,
    state: *mut c_void,
    put: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t)>,
    deleted: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
) {
    let h = super::batch::Handler { state, put, deleted, put_cf: None, deleted_cf: None, merge_cf: None, log_data: None };
    // The same handler as rocksdb_writebatch_iterate's (db/c.cc), over the batch's records.
    guarded((), || super::batch::walk_batch(wi(b)?.write_batch(), &h))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_get_from_batch(
    b: *mut rocksdb_writebatch_wi_t,
    options: *const rocksdb_options_t,
    key: *const c_char,
    keylen: size_t,
    vallen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vallen, 0);
    let op = options.as_ref().and_then(|o| o.opts.merge_operator.clone());
    with_errptr(errptr, std::ptr::null_mut(), || Ok(value_out(wi(b)?.get_from_batch(op.as_deref(), 0, bytes(key, keylen)?)?, vallen)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_get_from_batch_cf(
    b: *mut rocksdb_writebatch_wi_t,
    options: *const rocksdb_options_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    vallen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vallen, 0);
    let op = options.as_ref().and_then(|o| o.opts.merge_operator.clone());
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(value_out(wi(b)?.get_from_batch(op.as_deref(), cf_id(column_family)?, bytes(key, keylen)?)?, vallen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_get_from_batch_and_db(
    b: *mut rocksdb_writebatch_wi_t,
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
    vallen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vallen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = &handle(db, "database")?.db;
        let cf = d.default_column_family();
        let v = wi(b)?.get_from_batch_and_db(d, &handle(options, "read options")?.ro, &cf, bytes(key, keylen)?)?;
        Ok(value_out(v, vallen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_get_from_batch_and_db_cf(
    b: *mut rocksdb_writebatch_wi_t,
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
        let d = &handle(db, "database")?.db;
        let v = wi(b)?.get_from_batch_and_db(d, &handle(options, "read options")?.ro, cf_handle(column_family)?, bytes(key, keylen)?)?;
        Ok(value_out(v, vallen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_get_pinned_from_batch_and_db(
    b: *mut rocksdb_writebatch_wi_t,
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = &handle(db, "database")?.db;
        let cf = d.default_column_family();
        let v = wi(b)?.get_from_batch_and_db(d, &handle(options, "read options")?.ro, &cf, bytes(key, keylen)?)?;
        Ok(match v {
            Some(data) => into_handle(rocksdb_pinnableslice_t { slice: crate::db::PinnableSlice { data } }),
            None => std::ptr::null_mut(),
        })
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_get_pinned_from_batch_and_db_cf(
    b: *mut rocksdb_writebatch_wi_t,
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = &handle(db, "database")?.db;
        let v = wi(b)?.get_from_batch_and_db(d, &handle(options, "read options")?.ro, cf_handle(column_family)?, bytes(key, keylen)?)?;
        Ok(match v {
            Some(data) => into_handle(rocksdb_pinnableslice_t { slice: crate::db::PinnableSlice { data } }),
            None => std::ptr::null_mut(),
        })
    })
}

/// Takes ownership of `base_iterator` (as RocksDB does) and returns the batch merged over it.
unsafe fn iter_with_base(
    b: *mut rocksdb_writebatch_wi_t,
    base_iterator: *mut rocksdb_iterator_t,
    cf: u32,
    ro: Option<&crate::options::ReadOptions>,
) -> *mut rocksdb_iterator_t {
    guarded(std::ptr::null_mut(), || {
        let w = wi(b)?;
        if base_iterator.is_null() {
            return Err(Error::invalid_argument("base iterator is NULL"));
        }
        // SAFETY: base_iterator came from into_handle and ownership moves here, as in RocksDB.
        let base = Box::from_raw(base_iterator);
        let db_iter = match base.it {
            UserIterator::Db(it) => it,
            UserIterator::WithBatch(_) => return Err(Error::not_supported("a batch iterator as the base of another")),
        };
        let mut it = w.iter_with_base(cf, db_iter);
        if let Some(r) = ro {
            it.set_bounds(r.iterate_lower_bound.clone(), r.iterate_upper_bound.clone());
        }
        Ok(into_handle(rocksdb_iterator_t { it: it.into() }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_create_iterator_with_base(
    wbwi: *mut rocksdb_writebatch_wi_t,
    base_iterator: *mut rocksdb_iterator_t,
) -> *mut rocksdb_iterator_t {
    iter_with_base(wbwi, base_iterator, 0, None)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_create_iterator_with_base_cf(
    wbwi: *mut rocksdb_writebatch_wi_t,
    base_iterator: *mut rocksdb_iterator_t,
    cf: *mut rocksdb_column_family_handle_t,
) -> *mut rocksdb_iterator_t {
    match cf_id(cf) {
        Ok(id) => iter_with_base(wbwi, base_iterator, id, None),
        Err(_) => std::ptr::null_mut(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_create_iterator_with_base_readopts(
    wbwi: *mut rocksdb_writebatch_wi_t,
    base_iterator: *mut rocksdb_iterator_t,
    options: *const rocksdb_readoptions_t,
) -> *mut rocksdb_iterator_t {
    iter_with_base(wbwi, base_iterator, 0, options.as_ref().map(|o| &o.ro))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_create_iterator_with_base_cf_readopts(
    wbwi: *mut rocksdb_writebatch_wi_t,
    base_iterator: *mut rocksdb_iterator_t,
    cf: *mut rocksdb_column_family_handle_t,
    options: *const rocksdb_readoptions_t,
) -> *mut rocksdb_iterator_t {
    match cf_id(cf) {
        Ok(id) => iter_with_base(wbwi, base_iterator, id, options.as_ref().map(|o| &o.ro)),
        Err(_) => std::ptr::null_mut(),
    }
}

/// Writes the batch's records to the database (the index is not needed for that).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_write_writebatch_wi(
    db: *mut rocksdb_t,
    options: *const rocksdb_writeoptions_t,
    wbwi: *mut rocksdb_writebatch_wi_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "database")?.db;
        d.write(&handle(options, "write options")?.wo, wi(wbwi)?.write_batch())
    })
}

/// RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
/// batch is left unchanged, as there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_delete_range(b: *mut rocksdb_writebatch_wi_t, start_key: *const c_char, start_key_len: size_t, end_key: *const c_char, end_key_len: size_t) {
    let _ = (b, start_key, start_key_len, end_key, end_key_len);
}

/// RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
/// batch is left unchanged, as there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_delete_range_cf(b: *mut rocksdb_writebatch_wi_t, column_family: *mut rocksdb_column_family_handle_t, start_key: *const c_char, start_key_len: size_t, end_key: *const c_char, end_key_len: size_t) {
    let _ = (b, column_family, start_key, start_key_len, end_key, end_key_len);
}

/// RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
/// batch is left unchanged, as there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_delete_rangev(b: *mut rocksdb_writebatch_wi_t, num_keys: c_int, start_keys_list: *const *const c_char, start_keys_list_sizes: *const size_t, end_keys_list: *const *const c_char, end_keys_list_sizes: *const size_t) {
    let _ = (b, num_keys, start_keys_list, start_keys_list_sizes, end_keys_list, end_keys_list_sizes);
}

/// RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
/// batch is left unchanged, as there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_wi_delete_rangev_cf(b: *mut rocksdb_writebatch_wi_t, column_family: *mut rocksdb_column_family_handle_t, num_keys: c_int, start_keys_list: *const *const c_char, start_keys_list_sizes: *const size_t, end_keys_list: *const *const c_char, end_keys_list_sizes: *const size_t) {
    let _ = (b, column_family, num_keys, start_keys_list, start_keys_list_sizes, end_keys_list, end_keys_list_sizes);
}
