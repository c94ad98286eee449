//! c.h's cuckoo table options (`rocksdb_cuckoo_table_options_t`) and `rocksdb_options_set_cuckoo_table_factory`,
//! which makes a column family's table format RocksDB's CuckooTable (src/table/cuckoo/).

use super::options::rocksdb_options_t;
use super::*;
use crate::table::cuckoo::CuckooTableOptions;
use libc::c_uchar;

pub struct rocksdb_cuckoo_table_options_t {
    pub(crate) o: CuckooTableOptions,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_create() -> *mut rocksdb_cuckoo_table_options_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_cuckoo_table_options_t { o: CuckooTableOptions::default() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_destroy(options: *mut rocksdb_cuckoo_table_options_t) {
    drop_handle(options)
}

unsafe fn set(options: *mut rocksdb_cuckoo_table_options_t, f: impl FnOnce(&mut CuckooTableOptions)) {
    guarded((), || {
        f(&mut handle_mut(options, "cuckoo table options")?.o);
        Ok(())
    })
}

unsafe fn get<T>(options: *mut rocksdb_cuckoo_table_options_t, f: impl FnOnce(&CuckooTableOptions) -> T, default: T) -> T {
    guarded(default, || Ok(f(&handle(options, "cuckoo table options")?.o)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_set_hash_ratio(options: *mut rocksdb_cuckoo_table_options_t, v: f64) {
    set(options, |o| o.hash_table_ratio = v)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_set_hash_table_ratio(options: *mut rocksdb_cuckoo_table_options_t, v: f64) {
    set(options, |o| o.hash_table_ratio = v)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_get_hash_table_ratio(options: *mut rocksdb_cuckoo_table_options_t) -> f64 {
    get(options, |o| o.hash_table_ratio, 0.0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_set_max_search_depth(options: *mut rocksdb_cuckoo_table_options_t, v: u32) {
    set(options, |o| o.max_search_depth = v)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_get_max_search_depth(options: *mut rocksdb_cuckoo_table_options_t) -> u32 {
    get(options, |o| o.max_search_depth, 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_set_cuckoo_block_size(options: *mut rocksdb_cuckoo_table_options_t, v: u32) {
    set(options, |o| o.cuckoo_block_size = v)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_get_cuckoo_block_size(options: *mut rocksdb_cuckoo_table_options_t) -> u32 {
    get(options, |o| o.cuckoo_block_size, 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_set_identity_as_first_hash(
    options: *mut rocksdb_cuckoo_table_options_t,
    v: c_uchar,
) {
    set(options, |o| o.identity_as_first_hash = v != 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_get_identity_as_first_hash(options: *mut rocksdb_cuckoo_table_options_t) -> c_uchar {
    get(options, |o| o.identity_as_first_hash as c_uchar, 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_set_use_module_hash(options: *mut rocksdb_cuckoo_table_options_t, v: c_uchar) {
    set(options, |o| o.use_module_hash = v != 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_cuckoo_options_get_use_module_hash(options: *mut rocksdb_cuckoo_table_options_t) -> c_uchar {
    get(options, |o| o.use_module_hash as c_uchar, 0)
}

/// The table factory becomes a cuckoo factory with a copy of the options (RocksDB copies them too); NULL changes
/// nothing, as in RocksDB. It replaces any earlier factory, so an earlier plain table factory no longer fails open.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_cuckoo_table_factory(
    opt: *mut rocksdb_options_t,
    table_options: *mut rocksdb_cuckoo_table_options_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if let Some(t) = table_options.as_ref() {
            o.opts.cuckoo_table = Some(t.o);
            // The cuckoo factory replaces a plain one (the last factory set wins).
            o.opts.table_factory = crate::table::factory::TableFactory::BlockBased;
        }
        Ok(())
    })
}
