//! `rocksdb_disable_file_deletions` / `rocksdb_enable_file_deletions` (11.8.1's signature:
//! no `force` argument): obsolete files stay on disk while deletions are disabled.

use super::db::rocksdb_t;
use super::{handle, with_errptr};
use libc::c_char;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_disable_file_deletions(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle(db, "db")?.db.disable_file_deletions())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_enable_file_deletions(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle(db, "db")?.db.enable_file_deletions())
}
