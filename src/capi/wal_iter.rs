//! c.h's WAL iterator: `rocksdb_get_updates_since` and `rocksdb_wal_iter_*` over
//! `Db::get_updates_since` (src/db/wal_iter.rs). `get_batch` hands out a new write
//! batch the caller destroys, with its first sequence number.

use super::batch::rocksdb_writebatch_t;
use super::db::{db_ref, rocksdb_t};
use super::*;
use crate::db::wal_iter::{WalIterator, WalReadOptions};
use libc::{c_int, c_uchar};

/// A WAL iterator (`rocksdb_wal_iterator_t`).
pub struct rocksdb_wal_iterator_t {
    iter: WalIterator,
}

/// RocksDB's TransactionLogIterator::ReadOptions (`rocksdb_wal_readoptions_t`).
pub struct rocksdb_wal_readoptions_t {
    opts: WalReadOptions,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_readoptions_create() -> *mut rocksdb_wal_readoptions_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_wal_readoptions_t { opts: WalReadOptions::default() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_readoptions_destroy(options: *mut rocksdb_wal_readoptions_t) {
    drop_handle(options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_readoptions_set_verify_checksums(options: *mut rocksdb_wal_readoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(options, "wal read options")?.opts.verify_checksums = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_readoptions_get_verify_checksums(options: *mut rocksdb_wal_readoptions_t) -> c_uchar {
    guarded(0, || Ok(handle(options as *const rocksdb_wal_readoptions_t, "wal read options")?.opts.verify_checksums as c_uchar))
}

/// `options` may be NULL (RocksDB's defaults: checksums verified).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_updates_since(
    db: *mut rocksdb_t,
    seq_number: u64,
    options: *const rocksdb_wal_readoptions_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_wal_iterator_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let opts = if options.is_null() { WalReadOptions::default() } else { handle(options, "wal read options")?.opts };
        let iter = db_ref(db)?.get_updates_since_with(seq_number, opts)?;
        Ok(into_handle(rocksdb_wal_iterator_t { iter }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_iter_valid(iter: *const rocksdb_wal_iterator_t) -> c_uchar {
    guarded(0, || Ok(handle(iter, "wal iterator")?.iter.valid() as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_iter_next(iter: *mut rocksdb_wal_iterator_t) {
    guarded((), || {
        handle_mut(iter, "wal iterator")?.iter.next();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_iter_status(iter: *const rocksdb_wal_iterator_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle(iter, "wal iterator")?.iter.status())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_iter_get_batch(iter: *const rocksdb_wal_iterator_t, seq: *mut u64) -> *mut rocksdb_writebatch_t {
    guarded(std::ptr::null_mut(), || {
        let it = handle(iter, "wal iterator")?;
        let (first, batch) = it.iter.batch().ok_or_else(|| Error::invalid_argument("wal iterator is not valid"))?;
        if !seq.is_null() {
            set_out(seq, first);
        }
        Ok(into_handle(rocksdb_writebatch_t { batch: batch.clone(), unsupported: None, max_bytes: 0 }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_iter_destroy(iter: *const rocksdb_wal_iterator_t) {
    drop_handle(iter as *mut rocksdb_wal_iterator_t)
}

/// One WAL file (`rocksdb_wal_file_t`, RocksDB's WalFile as c.h captures it): from
/// `rocksdb_get_current_wal_file` (destroyed by `rocksdb_wal_file_destroy`) or borrowed
/// from a `rocksdb_wal_files_t`. `path` is `file.path_name` as a C string.
pub struct rocksdb_wal_file_t {
    file: crate::db::wal_files::WalFile,
    path: std::ffi::CString,
}

/// The WALs of `rocksdb_get_sorted_wal_files`, by number (`rocksdb_wal_files_t`).
pub struct rocksdb_wal_files_t {
    files: Vec<rocksdb_wal_file_t>,
}

fn wal_file_handle(file: crate::db::wal_files::WalFile) -> Result<rocksdb_wal_file_t> {
    let path = std::ffi::CString::new(file.path_name.clone()).map_err(|_| Error::invalid_argument("WAL path holds a NUL byte"))?;
    Ok(rocksdb_wal_file_t { file, path })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_sorted_wal_files(db: *mut rocksdb_t, errptr: *mut *mut c_char) -> *mut rocksdb_wal_files_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let files = db_ref(db)?.sorted_wal_files()?.into_iter().map(wal_file_handle).collect::<Result<Vec<_>>>()?;
        Ok(into_handle(rocksdb_wal_files_t { files }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_current_wal_file(db: *mut rocksdb_t, errptr: *mut *mut c_char) -> *mut rocksdb_wal_file_t {
    with_errptr(errptr, std::ptr::null_mut(), || Ok(into_handle(wal_file_handle(db_ref(db)?.current_wal_file()?)?)))
}

/// The path relative to the WAL directory ("/000007.log"), valid while `file` lives.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_file_path_name(file: *const rocksdb_wal_file_t) -> *const c_char {
    guarded(std::ptr::null(), || Ok(handle(file, "WAL file")?.path.as_ptr()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_file_log_number(file: *const rocksdb_wal_file_t) -> u64 {
    guarded(0, || Ok(handle(file, "WAL file")?.file.log_number))
}

/// `rocksdb_wal_file_type_archived_log` (0) or `rocksdb_wal_file_type_alive_log` (1).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_file_type(file: *const rocksdb_wal_file_t) -> c_int {
    guarded(0, || Ok(handle(file, "WAL file")?.file.file_type as c_int))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_file_start_sequence(file: *const rocksdb_wal_file_t) -> u64 {
    guarded(0, || Ok(handle(file, "WAL file")?.file.start_sequence))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_file_size_file_bytes(file: *const rocksdb_wal_file_t) -> u64 {
    guarded(0, || Ok(handle(file, "WAL file")?.file.size_file_bytes))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_file_destroy(file: *mut rocksdb_wal_file_t) {
    drop_handle(file)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_files_count(files: *const rocksdb_wal_files_t) -> size_t {
    guarded(0, || Ok(handle(files, "WAL files")?.files.len()))
}

/// The file at `index`, owned by `files`; NULL past the end (as RocksDB's).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_files_get_wal_file(files: *const rocksdb_wal_files_t, index: size_t) -> *const rocksdb_wal_file_t {
    guarded(std::ptr::null(), || Ok(handle(files, "WAL files")?.files.get(index).map_or(std::ptr::null(), |f| f as *const _)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_wal_files_destroy(files: *mut rocksdb_wal_files_t) {
    drop_handle(files)
}
