//! c.h's options changed on an open database: `rocksdb_set_options` (the default column
//! family), `rocksdb_set_options_cf` and `rocksdb_set_db_options`, each taking `count` names
//! and values (RocksDB's c.cc builds an `unordered_map` of them, so a repeated name keeps its
//! last value). The rules and error texts are RocksDB's SetOptions / SetDBOptions
//! (`options::mutable`, `db/set_options.rs`).

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_ref, db_ref, rocksdb_t};
use libc::c_int;
use super::*;

/// The `count` (name, value) pairs of two C string arrays; a repeated name keeps its last
/// value, at its first position.
unsafe fn pairs(count: c_int, keys: *const *const c_char, values: *const *const c_char) -> Result<Vec<(String, String)>> {
    let n = usize::try_from(count).unwrap_or(0);
    if n > 0 && (keys.is_null() || values.is_null()) {
        return Err(Error::invalid_argument("keys or values is NULL"));
    }
    let mut out: Vec<(String, String)> = Vec::with_capacity(n);
    for i in 0..n {
        let k = c_str(*keys.add(i), "option name")?.to_string();
        let v = c_str(*values.add(i), "option value")?.to_string();
        match out.iter_mut().find(|(name, _)| *name == k) {
            Some(slot) => slot.1 = v,
            None => out.push((k, v)),
        }
    }
    Ok(out)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_set_options(
    db: *mut rocksdb_t,
    count: c_int,
    keys: *const *const c_char,
    values: *const *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let pairs = pairs(count, keys, values)?;
        d.set_options(&d.default_column_family(), &pairs)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_set_options_cf(
    db: *mut rocksdb_t,
    handle: *mut rocksdb_column_family_handle_t,
    count: c_int,
    keys: *const *const c_char,
    values: *const *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let cf = cf_ref(handle)?;
        let pairs = pairs(count, keys, values)?;
        d.set_options(cf, &pairs)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_set_db_options(
    db: *mut rocksdb_t,
    count: c_int,
    keys: *const *const c_char,
    values: *const *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let pairs = pairs(count, keys, values)?;
        d.set_db_options(&pairs)
    })
}
