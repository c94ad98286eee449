//! c.h's write batches: create (empty or from RocksDB's batch bytes), put/delete/
//! single delete/delete range/merge (plain, `v` and `_cf` forms), log data,
//! count, data, iterate with C callbacks, and save points.

use super::cf::rocksdb_column_family_handle_t;
use super::*;
use crate::batch::{BatchRecord, WriteBatch};
use libc::c_int;

/// A write batch (`rocksdb_writebatch_t`) in RocksDB's byte representation.
pub struct rocksdb_writebatch_t {
    pub(crate) batch: WriteBatch,
    /// Set when a record ferrock cannot write was added (a key with a
    /// user-defined timestamp): writing the batch then fails with it.
    pub(crate) unsupported: Option<&'static str>,
    /// `rocksdb_writebatch_create_with_params`' max_bytes (0: no limit).
    pub(crate) max_bytes: usize,
}

unsafe fn batch_mut<'a>(b: *mut rocksdb_writebatch_t) -> Result<&'a mut WriteBatch> {
    Ok(&mut handle_mut(b, "write batch")?.batch)
}

/// Adds one record. A record that would take the batch past its max_bytes is dropped, as
/// RocksDB drops it (returning Status::MemoryLimit, which these C functions cannot report).
unsafe fn add_record(b: *mut rocksdb_writebatch_t, add: impl FnOnce(&mut WriteBatch)) -> Result<()> {
    let h = handle_mut(b, "write batch")?;
    let (len, count) = (h.batch.size_in_bytes(), h.batch.count());
    add(&mut h.batch);
    if h.max_bytes > 0 && h.batch.size_in_bytes() > h.max_bytes {
        h.batch.truncate_to(len, count);
    }
    Ok(())
}

pub(crate) unsafe fn cf_id(cf: *mut rocksdb_column_family_handle_t) -> Result<u32> {
    Ok(handle(cf, "column family handle")?.cf.id())
}

/// The parts of a C `v` (list) argument: `num` slices of (ptr, len).
unsafe fn parts<'a>(
    num: c_int,
    list: *const *const c_char,
    sizes: *const size_t,
) -> Result<Vec<&'a [u8]>> {
    if num <= 0 {
        return Ok(Vec::new());
    }
    if list.is_null() || sizes.is_null() {
        return Err(Error::invalid_argument("list or sizes is NULL"));
    }
    (0..num as usize)
        .map(|i| bytes(*list.add(i), *sizes.add(i)))
        .collect()
}

fn concat(p: &[&[u8]]) -> Vec<u8> {
    p.concat()
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_create() -> *mut rocksdb_writebatch_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_writebatch_t {
            batch: WriteBatch::new(),
            unsupported: None,
            max_bytes: 0,
        }))
    })
}

/// A batch from RocksDB's serialized bytes; NULL when they are not a batch.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_create_from(
    rep: *const c_char,
    size: size_t,
) -> *mut rocksdb_writebatch_t {
    guarded(std::ptr::null_mut(), || {
        let batch = WriteBatch::from_data(bytes(rep, size)?)?;
        Ok(into_handle(rocksdb_writebatch_t {
            batch,
            unsupported: None,
            max_bytes: 0,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_create_with_params(
    reserved_bytes: size_t,
    max_bytes: size_t,
    protection_bytes_per_key: size_t,
    default_cf_ts_sz: size_t,
) -> *mut rocksdb_writebatch_t {
    guarded(std::ptr::null_mut(), || {
        // RocksDB protects with 8 bytes per key or not at all.
        let batch = match protection_bytes_per_key {
            0 => WriteBatch::with_capacity(reserved_bytes),
            8 => WriteBatch::with_protection(reserved_bytes),
            _ => return Err(Error::not_supported("protection_bytes_per_key other than 0 or 8")),
        };
        if default_cf_ts_sz != 0 {
            return Err(Error::not_supported("user-defined timestamps"));
        }
        Ok(into_handle(rocksdb_writebatch_t {
            batch,
            unsupported: None,
            max_bytes,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_destroy(b: *mut rocksdb_writebatch_t) {
    drop_handle(b)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_clear(b: *mut rocksdb_writebatch_t) {
    guarded((), || {
        handle_mut(b, "write batch")?.unsupported = None;
        batch_mut(b)?.clear();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_count(b: *mut rocksdb_writebatch_t) -> c_int {
    guarded(0, || Ok(handle(b, "write batch")?.batch.count() as c_int))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_put(
    b: *mut rocksdb_writebatch_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    guarded((), || {
        let (k, v) = (bytes(key, klen)?, bytes(val, vlen)?);
        add_record(b, |wb| wb.put(k, v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_put_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    guarded((), || {
        let (cf, k, v) = (cf_id(column_family)?, bytes(key, klen)?, bytes(val, vlen)?);
        add_record(b, |wb| wb.put_cf(cf, k, v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_putv(
    b: *mut rocksdb_writebatch_t,
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
        add_record(b, |wb| wb.put_parts_cf(0, &k, &v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_putv_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let cf = cf_id(column_family)?;
        let k = parts(num_keys, keys_list, keys_list_sizes)?;
        let v = parts(num_values, values_list, values_list_sizes)?;
        add_record(b, |wb| wb.put_parts_cf(cf, &k, &v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_merge(
    b: *mut rocksdb_writebatch_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    guarded((), || {
        let (k, v) = (bytes(key, klen)?, bytes(val, vlen)?);
        add_record(b, |wb| wb.merge(k, v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_merge_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    guarded((), || {
        let (cf, k, v) = (cf_id(column_family)?, bytes(key, klen)?, bytes(val, vlen)?);
        add_record(b, |wb| wb.merge_cf(cf, k, v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_mergev(
    b: *mut rocksdb_writebatch_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let k = concat(&parts(num_keys, keys_list, keys_list_sizes)?);
        let v = concat(&parts(num_values, values_list, values_list_sizes)?);
        add_record(b, |wb| wb.merge(&k, &v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_mergev_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    num_values: c_int,
    values_list: *const *const c_char,
    values_list_sizes: *const size_t,
) {
    guarded((), || {
        let cf = cf_id(column_family)?;
        let k = concat(&parts(num_keys, keys_list, keys_list_sizes)?);
        let v = concat(&parts(num_values, values_list, values_list_sizes)?);
        add_record(b, |wb| wb.merge_cf(cf, &k, &v))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete(
    b: *mut rocksdb_writebatch_t,
    key: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let k = bytes(key, klen)?;
        add_record(b, |wb| wb.delete(k))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let (cf, k) = (cf_id(column_family)?, bytes(key, klen)?);
        add_record(b, |wb| wb.delete_cf(cf, k))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_deletev(
    b: *mut rocksdb_writebatch_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
) {
    guarded((), || {
        let k = concat(&parts(num_keys, keys_list, keys_list_sizes)?);
        add_record(b, |wb| wb.delete(&k))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_deletev_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
) {
    guarded((), || {
        let cf = cf_id(column_family)?;
        let k = concat(&parts(num_keys, keys_list, keys_list_sizes)?);
        add_record(b, |wb| wb.delete_cf(cf, &k))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_singledelete(
    b: *mut rocksdb_writebatch_t,
    key: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let k = bytes(key, klen)?;
        add_record(b, |wb| wb.single_delete(k))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_singledelete_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let (cf, k) = (cf_id(column_family)?, bytes(key, klen)?);
        add_record(b, |wb| wb.single_delete_cf(cf, k))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete_range(
    b: *mut rocksdb_writebatch_t,
    start_key: *const c_char,
    start_key_len: size_t,
    end_key: *const c_char,
    end_key_len: size_t,
) {
    guarded((), || {
        let (s, e) = (
            bytes(start_key, start_key_len)?,
            bytes(end_key, end_key_len)?,
        );
        add_record(b, |wb| wb.delete_range(s, e))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete_range_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    start_key: *const c_char,
    start_key_len: size_t,
    end_key: *const c_char,
    end_key_len: size_t,
) {
    guarded((), || {
        let cf = cf_id(column_family)?;
        let (s, e) = (
            bytes(start_key, start_key_len)?,
            bytes(end_key, end_key_len)?,
        );
        add_record(b, |wb| wb.delete_range_cf(cf, s, e))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete_rangev(
    b: *mut rocksdb_writebatch_t,
    num_keys: c_int,
    start_keys_list: *const *const c_char,
    start_keys_list_sizes: *const size_t,
    end_keys_list: *const *const c_char,
    end_keys_list_sizes: *const size_t,
) {
    guarded((), || {
        let s = concat(&parts(num_keys, start_keys_list, start_keys_list_sizes)?);
        let e = concat(&parts(num_keys, end_keys_list, end_keys_list_sizes)?);
        add_record(b, |wb| wb.delete_range(&s, &e))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete_rangev_cf(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_keys: c_int,
    start_keys_list: *const *const c_char,
    start_keys_list_sizes: *const size_t,
    end_keys_list: *const *const c_char,
    end_keys_list_sizes: *const size_t,
) {
    guarded((), || {
        let cf = cf_id(column_family)?;
        let s = concat(&parts(num_keys, start_keys_list, start_keys_list_sizes)?);
        let e = concat(&parts(num_keys, end_keys_list, end_keys_list_sizes)?);
        add_record(b, |wb| wb.delete_range_cf(cf, &s, &e))?;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_put_log_data(
    b: *mut rocksdb_writebatch_t,
    blob: *const c_char,
    len: size_t,
) {
    guarded((), || {
        let v = bytes(blob, len)?;
        add_record(b, |wb| wb.put_log_data(v))?;
        Ok(())
    })
}

/// The batch's RocksDB bytes, valid until the batch changes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_data(
    b: *mut rocksdb_writebatch_t,
    size: *mut size_t,
) -> *const c_char {
    set_out(size, 0);
    guarded(std::ptr::null(), || {
        let d = handle(b, "write batch")?.batch.data();
        set_out(size, d.len());
        Ok(d.as_ptr() as *const c_char)
    })
}

/// Callbacks of the `iterate*` family; a missing one skips its records (RocksDB requires them all).
pub(super) struct Handler {
    pub(super) state: *mut c_void,
    pub(super) put: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t)>,
    pub(super) deleted: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
    pub(super) put_cf: Option<unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t, *const c_char, size_t)>,
    pub(super) deleted_cf: Option<unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t)>,
    pub(super) merge_cf: Option<unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t, *const c_char, size_t)>,
    pub(super) log_data: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
}

unsafe fn run_handler(b: *mut rocksdb_writebatch_t, h: &Handler) -> Result<()> {
    walk_batch(&handle(b, "write batch")?.batch, h)
}

/// Walks `batch` the way RocksDB's C handlers do (db/c.cc's H, for `iterate` and
/// `iterate_ld`, overrides Put, Delete and LogData; HCF, for the `_cf` forms, PutCF,
/// DeleteCF, MergeCF and LogData; both MarkNoop). A record a handler does not override
/// goes to WriteBatch::Handler's default: in the default family a Merge or a SingleDelete
/// is dropped (the default Merge() and SingleDelete() do nothing); outside it, and for any
/// range deletion, entity, blob index or 2PC marker, the default answers an error, which
/// ends the walk (WriteBatch::Iterate stops; the C API drops the status).
pub(super) unsafe fn walk_batch(batch: &crate::batch::WriteBatch, h: &Handler) -> Result<()> {
    let p = |s: &[u8]| s.as_ptr() as *const c_char;
    let cf_forms = h.put_cf.is_some() || h.deleted_cf.is_some() || h.merge_cf.is_some();
    for rec in batch.iter() {
        let go = match rec? {
            BatchRecord::Put { cf, key, value } => {
                if cf_forms {
                    if let Some(f) = h.put_cf {
                        f(h.state, cf, p(key), key.len(), p(value), value.len());
                    }
                    true
                } else if cf == 0 {
                    if let Some(f) = h.put {
                        f(h.state, p(key), key.len(), p(value), value.len());
                    }
                    true
                } else {
                    false
                }
            }
            BatchRecord::Delete { cf, key } => {
                if cf_forms {
                    if let Some(f) = h.deleted_cf {
                        f(h.state, cf, p(key), key.len());
                    }
                    true
                } else if cf == 0 {
                    if let Some(f) = h.deleted {
                        f(h.state, p(key), key.len());
                    }
                    true
                } else {
                    false
                }
            }
            BatchRecord::SingleDelete { cf, .. } => cf == 0,
            BatchRecord::Merge { cf, key, value } => {
                if cf_forms {
                    if let Some(f) = h.merge_cf {
                        f(h.state, cf, p(key), key.len(), p(value), value.len());
                    }
                    true
                } else {
                    cf == 0
                }
            }
            BatchRecord::LogData(blob) => {
                if let Some(f) = h.log_data {
                    f(h.state, p(blob), blob.len());
                }
                true
            }
            BatchRecord::Noop => true,
            _ => false,
        };
        if !go {
            break;
        }
    }
    Ok(())
}

/// Calls `put` and `deleted` for the default column family's records, in order.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_iterate(
    b: *mut rocksdb_writebatch_t,
    state: *mut c_void,
    put: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t)>,
    deleted: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
) {
    let h = Handler {
        state,
        put,
        deleted,
        put_cf: None,
        deleted_cf: None,
        merge_cf: None,
        log_data: None,
    };
    guarded((), || run_handler(b, &h))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_iterate_ld(
    b: *mut rocksdb_writebatch_t,
    state: *mut c_void,
    put: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t)>,
    deleted: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
    log_data: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
) {
    let h = Handler {
        state,
        put,
        deleted,
        put_cf: None,
        deleted_cf: None,
        merge_cf: None,
        log_data,
    };
    guarded((), || run_handler(b, &h))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_iterate_cf(
    b: *mut rocksdb_writebatch_t,
    state: *mut c_void,
    put_cf: Option<
        unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t, *const c_char, size_t),
    >,
    deleted_cf: Option<unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t)>,
    merge_cf: Option<
        unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t, *const c_char, size_t),
    >,
) {
    let h = Handler {
        state,
        put: None,
        deleted: None,
        put_cf,
        deleted_cf,
        merge_cf,
        log_data: None,
    };
    guarded((), || run_handler(b, &h))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_iterate_cf_ld(
    b: *mut rocksdb_writebatch_t,
    state: *mut c_void,
    put_cf: Option<
        unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t, *const c_char, size_t),
    >,
    deleted_cf: Option<unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t)>,
    merge_cf: Option<
        unsafe extern "C" fn(*mut c_void, u32, *const c_char, size_t, *const c_char, size_t),
    >,
    log_data: Option<unsafe extern "C" fn(*mut c_void, *const c_char, size_t)>,
) {
    let h = Handler {
        state,
        put: None,
        deleted: None,
        put_cf,
        deleted_cf,
        merge_cf,
        log_data,
    };
    guarded((), || run_handler(b, &h))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_set_save_point(b: *mut rocksdb_writebatch_t) {
    guarded((), || {
        batch_mut(b)?.set_save_point();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_rollback_to_save_point(
    b: *mut rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || batch_mut(b)?.rollback_to_save_point())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_pop_save_point(
    b: *mut rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || batch_mut(b)?.pop_save_point())
}

/// RocksDB's WriteBatch::VerifyChecksum: a batch made with protection_bytes_per_key = 8
/// checks each record against the checksum taken when it was added; any other batch is OK.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_verify_checksum(
    b: *mut rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle(b, "write batch")?.batch.verify_checksum())
}

unsafe fn add_with_ts(b: *mut rocksdb_writebatch_t, cf: *mut rocksdb_column_family_handle_t) {
    guarded((), || {
        cf_id(cf)?;
        handle_mut(b, "write batch")?.unsupported = Some("user-defined timestamps");
        Ok(())
    })
}

/// User-defined timestamps are not implemented: the batch remembers it and
/// `rocksdb_write` of it fails with "Not implemented: user-defined timestamps".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_put_cf_with_ts(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    ts: *const c_char,
    tslen: size_t,
    val: *const c_char,
    vlen: size_t,
) {
    let _ = (key, klen, ts, tslen, val, vlen);
    add_with_ts(b, column_family)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_delete_cf_with_ts(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    ts: *const c_char,
    tslen: size_t,
) {
    let _ = (key, klen, ts, tslen);
    add_with_ts(b, column_family)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writebatch_singledelete_cf_with_ts(
    b: *mut rocksdb_writebatch_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    ts: *const c_char,
    tslen: size_t,
) {
    let _ = (key, klen, ts, tslen);
    add_with_ts(b, column_family)
}
