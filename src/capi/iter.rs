//! c.h's iterators over a database or a column family: create, position, read, error, destroy.

use super::cf::rocksdb_column_family_handle_t;
use super::db::rocksdb_t;
use super::readoptions::rocksdb_readoptions_t;
use super::*;
use libc::c_uchar;

/// An iterator (`rocksdb_iterator_t`). It holds its own reference to the engine,
/// so it stays safe to use (answering "Shutdown in progress") after `rocksdb_close`.
pub struct rocksdb_iterator_t {
    /// A database iterator, or a transaction's / batch's writes merged over one.
    pub(crate) it: crate::txn::wbwi::UserIterator,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_iterator(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
) -> *mut rocksdb_iterator_t {
    guarded(std::ptr::null_mut(), || {
        let it = handle(db, "db")?
            .db
            .iter(&handle(options, "read options")?.ro)?;
        Ok(into_handle(rocksdb_iterator_t { it: it.into() }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_iterator_cf(
    db: *mut rocksdb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
) -> *mut rocksdb_iterator_t {
    guarded(std::ptr::null_mut(), || {
        let it = handle(db, "db")?.db.iter_cf(
            &handle(options, "read options")?.ro,
            &handle(column_family, "column family handle")?.cf,
        )?;
        Ok(into_handle(rocksdb_iterator_t { it: it.into() }))
    })
}

/// One iterator per column family, all reading at the same point.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_iterators(
    db: *mut rocksdb_t,
    opts: *mut rocksdb_readoptions_t,
    column_families: *mut *mut rocksdb_column_family_handle_t,
    iterators: *mut *mut rocksdb_iterator_t,
    size: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = &handle(db, "db")?.db;
        let mut ro = handle(opts, "read options")?.ro.clone();
        if size == 0 {
            return Ok(());
        }
        if column_families.is_null() || iterators.is_null() {
            return Err(Error::invalid_argument(
                "column_families or iterators is NULL",
            ));
        }
        if ro.snapshot.is_none() {
            // The iterators must agree on one read point.
            ro.snapshot = Some(d.read_point()?);
        }
        let mut made = Vec::with_capacity(size);
        for i in 0..size {
            let cf = handle(*column_families.add(i), "column family handle")?;
            made.push(d.iter_cf(&ro, &cf.cf)?);
        }
        for (i, it) in made.into_iter().enumerate() {
            *iterators.add(i) = into_handle(rocksdb_iterator_t { it: it.into() });
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_destroy(iter: *mut rocksdb_iterator_t) {
    drop_handle(iter)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_valid(iter: *const rocksdb_iterator_t) -> c_uchar {
    guarded(0, || Ok(handle(iter, "iterator")?.it.valid() as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_seek_to_first(iter: *mut rocksdb_iterator_t) {
    guarded((), || {
        handle_mut(iter, "iterator")?.it.seek_to_first();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_seek_to_last(iter: *mut rocksdb_iterator_t) {
    guarded((), || {
        handle_mut(iter, "iterator")?.it.seek_to_last();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_seek(
    iter: *mut rocksdb_iterator_t,
    k: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let key = bytes(k, klen)?;
        handle_mut(iter, "iterator")?.it.seek(key);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_seek_for_prev(
    iter: *mut rocksdb_iterator_t,
    k: *const c_char,
    klen: size_t,
) {
    guarded((), || {
        let key = bytes(k, klen)?;
        handle_mut(iter, "iterator")?.it.seek_for_prev(key);
        Ok(())
    })
}

/// Requires a valid iterator (as RocksDB); an invalid one is ignored rather than trusted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_next(iter: *mut rocksdb_iterator_t) {
    guarded((), || {
        let it = &mut handle_mut(iter, "iterator")?.it;
        if it.valid() {
            it.next();
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_prev(iter: *mut rocksdb_iterator_t) {
    guarded((), || {
        let it = &mut handle_mut(iter, "iterator")?.it;
        if it.valid() {
            it.prev();
        }
        Ok(())
    })
}

/// The current key, valid until the iterator moves; NULL (length 0) when not valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_key(
    iter: *const rocksdb_iterator_t,
    klen: *mut size_t,
) -> *const c_char {
    set_out(klen, 0);
    guarded(std::ptr::null(), || {
        let it = &handle(iter, "iterator")?.it;
        if !it.valid() {
            return Ok(std::ptr::null());
        }
        let k = it.key();
        set_out(klen, k.len());
        Ok(k.as_ptr() as *const c_char)
    })
}

/// The current value, valid until the iterator moves; NULL (length 0) when not valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_value(
    iter: *const rocksdb_iterator_t,
    vlen: *mut size_t,
) -> *const c_char {
    set_out(vlen, 0);
    guarded(std::ptr::null(), || {
        let it = &handle(iter, "iterator")?.it;
        if !it.valid() {
            return Ok(std::ptr::null());
        }
        let v = it.value();
        set_out(vlen, v.len());
        Ok(v.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_get_error(
    iter: *const rocksdb_iterator_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle(iter, "iterator")?.it.status())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_refresh(
    iter: *const rocksdb_iterator_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        handle(iter, "iterator")?;
        Err(Error::not_supported("rocksdb_iter_refresh"))
    })
}

/// A view of bytes owned by ferrock (`rocksdb_slice_t`, laid out like `rocksdb::Slice`).
#[repr(C)]
pub struct rocksdb_slice_t {
    pub data: *const c_char,
    pub size: size_t,
}

/// The current key as a slice, valid until the iterator moves; {NULL, 0} when not valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_key_slice(
    iter: *const rocksdb_iterator_t,
) -> rocksdb_slice_t {
    let mut size = 0;
    let data = rocksdb_iter_key(iter, &mut size);
    rocksdb_slice_t { data, size }
}

/// The current value as a slice, valid until the iterator moves; {NULL, 0} when not valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_value_slice(
    iter: *const rocksdb_iterator_t,
) -> rocksdb_slice_t {
    let mut size = 0;
    let data = rocksdb_iter_value(iter, &mut size);
    rocksdb_slice_t { data, size }
}

/// ferrock has no user-defined timestamps, so every key's timestamp is empty
/// (as RocksDB answers for a column family without them): "" with length 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_timestamp(
    iter: *const rocksdb_iterator_t,
    tslen: *mut size_t,
) -> *const c_char {
    set_out(tslen, 0);
    guarded(std::ptr::null(), || {
        handle(iter, "iterator")?;
        Ok(c"".as_ptr())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_iter_timestamp_slice(
    iter: *const rocksdb_iterator_t,
) -> rocksdb_slice_t {
    let mut size = 0;
    let data = rocksdb_iter_timestamp(iter, &mut size);
    rocksdb_slice_t { data, size }
}
