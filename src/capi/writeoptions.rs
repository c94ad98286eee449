//! c.h's `rocksdb_writeoptions_t`: create and destroy. Scalar setter/getter pairs
//! (sync, disable_WAL, no_slowdown, ...) are in `option_accessors.rs`.

use super::*;
use crate::options::WriteOptions;

/// Write options (`rocksdb_writeoptions_t`).
pub struct rocksdb_writeoptions_t {
    pub(crate) wo: WriteOptions,
    pub(crate) stored: Stored,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writeoptions_create() -> *mut rocksdb_writeoptions_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_writeoptions_t {
            wo: WriteOptions::default(),
            stored: Stored::default(),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writeoptions_destroy(opt: *mut rocksdb_writeoptions_t) {
    drop_handle(opt)
}
