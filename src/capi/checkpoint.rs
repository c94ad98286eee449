//! c.h's checkpoints: `rocksdb_checkpoint_object_create` / `_create` / `_destroy`
//! over `Db::create_checkpoint` (hard-linked tables, copied MANIFEST and WALs).

use super::db::{db_ref, rocksdb_t};
use super::*;

/// A checkpoint object (`rocksdb_checkpoint_t`): the database it copies.
pub struct rocksdb_checkpoint_t {
    db: crate::db::Db,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_object_create(
    db: *mut rocksdb_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_checkpoint_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let db = db_ref(db)?.clone();
        Ok(into_handle(rocksdb_checkpoint_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_create(
    checkpoint: *mut rocksdb_checkpoint_t,
    checkpoint_dir: *const c_char,
    log_size_for_flush: u64,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let cp = handle(checkpoint, "checkpoint")?;
        let dir = c_str(checkpoint_dir, "checkpoint_dir")?;
        cp.db.create_checkpoint(std::path::Path::new(dir), log_size_for_flush)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_object_destroy(checkpoint: *mut rocksdb_checkpoint_t) {
    drop_handle(checkpoint)
}
