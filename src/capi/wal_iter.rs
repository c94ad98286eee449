//! c.h's WAL iterator: `rocksdb_get_updates_since` and `rocksdb_wal_iter_*` over
//! `Db::get_updates_since` (src/db/wal_iter.rs). `get_batch` hands out a new write
//! batch the caller destroys, with its first sequence number.

use super::batch::rocksdb_writebatch_t;
use super::db::{db_ref, rocksdb_t};
use super::*;
use crate::db::wal_iter::{WalIterator, WalReadOptions};
use libc::c_uchar;

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
