//! c.h's approximate sizes: `rocksdb_approximate_sizes`, `_cf`, `_cf_with_flags` (flags: 1
//! include memtables, 2 include files, 4 include blob files; the plain forms count files
//! only, as RocksDB's do) and `_with_options` with `rocksdb_size_approximation_options_t`.
//! ferrock writes no blob files, so including them adds nothing; its file sizes are computed
//! exactly, which `files_size_error_margin` (an allowance for shortcuts) permits.

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_ref, db_ref, rocksdb_t};
use super::*;
use libc::{c_int, c_uchar};

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
        // RocksDB's GetApproximateSizes: something must be included.
        if flags & 7 == 0 {
            return Err(Error::invalid_argument("Invalid options"));
        }
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

/// RocksDB's SizeApproximationOptions (`rocksdb_size_approximation_options_t`).
pub struct rocksdb_size_approximation_options_t {
    include_memtables: bool,
    include_files: bool,
    include_blob_files: bool,
    files_size_error_margin: f64,
}

impl rocksdb_size_approximation_options_t {
    /// The options as the flags of `rocksdb_approximate_sizes_cf_with_flags`.
    fn flags(&self) -> u8 {
        (self.include_memtables as u8) | ((self.include_files as u8) << 1) | ((self.include_blob_files as u8) << 2)
    }
}

/// RocksDB's defaults: files only, no error margin (-1).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_create() -> *mut rocksdb_size_approximation_options_t {
    into_handle(rocksdb_size_approximation_options_t {
        include_memtables: false,
        include_files: true,
        include_blob_files: false,
        files_size_error_margin: -1.0,
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_destroy(opt: *mut rocksdb_size_approximation_options_t) {
    drop_handle(opt)
}

unsafe fn with_opts<T>(opt: *mut rocksdb_size_approximation_options_t, dflt: T, f: impl FnOnce(&mut rocksdb_size_approximation_options_t) -> T) -> T {
    guarded(dflt, || Ok(f(handle_mut(opt, "size approximation options")?)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_set_include_memtables(opt: *mut rocksdb_size_approximation_options_t, v: c_uchar) {
    with_opts(opt, (), |o| o.include_memtables = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_get_include_memtables(opt: *mut rocksdb_size_approximation_options_t) -> c_uchar {
    with_opts(opt, 0, |o| o.include_memtables as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_set_include_files(opt: *mut rocksdb_size_approximation_options_t, v: c_uchar) {
    with_opts(opt, (), |o| o.include_files = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_get_include_files(opt: *mut rocksdb_size_approximation_options_t) -> c_uchar {
    with_opts(opt, 0, |o| o.include_files as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_set_include_blob_files(opt: *mut rocksdb_size_approximation_options_t, v: c_uchar) {
    with_opts(opt, (), |o| o.include_blob_files = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_get_include_blob_files(opt: *mut rocksdb_size_approximation_options_t) -> c_uchar {
    with_opts(opt, 0, |o| o.include_blob_files as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_set_files_size_error_margin(opt: *mut rocksdb_size_approximation_options_t, v: f64) {
    with_opts(opt, (), |o| o.files_size_error_margin = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_size_approximation_options_get_files_size_error_margin(opt: *mut rocksdb_size_approximation_options_t) -> f64 {
    with_opts(opt, 0.0, |o| o.files_size_error_margin)
}

/// NULL options are RocksDB's defaults (files only).
unsafe fn flags_of(options: *const rocksdb_size_approximation_options_t) -> u8 {
    options.as_ref().map_or(2, |o| o.flags())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_sizes_with_options(
    db: *mut rocksdb_t,
    options: *const rocksdb_size_approximation_options_t,
    num_ranges: c_int,
    range_start_key: *const *const c_char,
    range_start_key_len: *const size_t,
    range_limit_key: *const *const c_char,
    range_limit_key_len: *const size_t,
    sizes: *mut u64,
    errptr: *mut *mut c_char,
) {
    approximate(db, None, num_ranges, range_start_key, range_start_key_len, range_limit_key, range_limit_key_len, flags_of(options), sizes, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_approximate_sizes_cf_with_options(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    options: *const rocksdb_size_approximation_options_t,
    num_ranges: c_int,
    range_start_key: *const *const c_char,
    range_start_key_len: *const size_t,
    range_limit_key: *const *const c_char,
    range_limit_key_len: *const size_t,
    sizes: *mut u64,
    errptr: *mut *mut c_char,
) {
    approximate(db, Some(column_family), num_ranges, range_start_key, range_start_key_len, range_limit_key, range_limit_key_len, flags_of(options), sizes, errptr)
}
