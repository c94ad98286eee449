//! c.h's approximate sizes: `rocksdb_approximate_sizes`, `_cf` and
//! `_cf_with_flags` (flags: 1 include memtables, 2 include files; the plain
//! forms count files only, as RocksDB's do).

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_ref, db_ref, rocksdb_t};
use super::*;
use libc::c_int;

unsafe fn ranges<'a>(
    n: c_int,
    start: *const *const c_char,
    start_len: *const size_t,
    limit: *const *const c_char,
    limit_len: *const size_t,
) -> Result<Vec<(&'a [u8], &'a [u8])>> {
    let n = n.max(0) as usize;
    if n == 0 {
        return Ok(Vec::new());
    }
    if start.is_null() || start_len.is_null() || limit.is_null() || limit_len.is_null() {
        return Err(Error::invalid_argument("range arrays are NULL"));
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push((bytes(*start.add(i), *start_len.add(i))?, bytes(*limit.add(i), *limit_len.add(i))?));
    }
    Ok(out)
}

unsafe fn approximate(
    db: *mut rocksdb_t,
    cf: Option<*mut rocksdb_column_family_handle_t>,
    n: c_int,
    start: *const *const c_char,
    start_len: *const size_t,
    limit: *const *const c_char,
    limit_len: *const size_t,
    flags: u8,
    sizes: *mut u64,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let db = db_ref(db)?;
        let rs = ranges(n, start, start_len, limit, limit_len)?;
        let default = db.default_column_family();
        let handle = match cf {
            Some(c) => cf_ref(c)?,
            None => &*default,
        };
        let got = db.approximate_sizes_cf(handle, &rs, flags & 2 != 0, flags & 1 != 0)?;
        if !got.is_empty() && sizes.is_null() {
            return Err(Error::invalid_argument("sizes is NULL"));
        }
        for (i, s) in got.into_iter().enumerate() {
            *sizes.add(i) = s;
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_sizes(
    db: *mut rocksdb_t,
    num_ranges: c_int,
    range_start_key: *const *const c_char,
    range_start_key_len: *const size_t,
    range_limit_key: *const *const c_char,
    range_limit_key_len: *const size_t,
    sizes: *mut u64,
    errptr: *mut *mut c_char,
) {
    approximate(db, None, num_ranges, range_start_key, range_start_key_len, range_limit_key, range_limit_key_len, 2, sizes, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_sizes_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_ranges: c_int,
    range_start_key: *const *const c_char,
    range_start_key_len: *const size_t,
    range_limit_key: *const *const c_char,
    range_limit_key_len: *const size_t,
    sizes: *mut u64,
    errptr: *mut *mut c_char,
) {
    approximate(db, Some(column_family), num_ranges, range_start_key, range_start_key_len, range_limit_key, range_limit_key_len, 2, sizes, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_sizes_cf_with_flags(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    num_ranges: c_int,
    range_start_key: *const *const c_char,
    range_start_key_len: *const size_t,
    range_limit_key: *const *const c_char,
    range_limit_key_len: *const size_t,
    include_flags: u8,
    sizes: *mut u64,
    errptr: *mut *mut c_char,
) {
    approximate(db, Some(column_family), num_ranges, range_start_key, range_start_key_len, range_limit_key, range_limit_key_len, include_flags, sizes, errptr)
}
