//! ferrock-only C entry points, outside RocksDB's c.h: what RocksDB's C++ API offers
//! and 11.8.1's c.h has no function for, so that the C++ API (include/rocksdb/*.h,
//! which is implemented over the C ABI) can honour it. Declared in
//! `include/rocksdb/ferrock_ext.h` (generated with c.h by `make header`; never in c.h
//! itself), with c.h's conventions: errors through `errptr`, NULL handles answer
//! "Invalid argument", no panic crosses into C.

use super::cf::rocksdb_column_family_handle_t;
use super::compactionfilter::{new_compaction_filter, rocksdb_compactionfilter_t};
use super::transaction::rocksdb_transaction_t;
use super::*;
use libc::{c_int, c_uchar};

unsafe fn txn<'a>(p: *mut rocksdb_transaction_t) -> Result<&'a std::sync::Arc<crate::txn::Transaction>> {
    Ok(&handle(p, "transaction")?.txn)
}

/// RocksDB's `Transaction::SetSnapshot`: the transaction's snapshot becomes the
/// database's current state (later reads and conflict checks use it); a transaction
/// handle of c.h's `rocksdb_transaction_get_snapshot` taken before keeps the old one.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ferrock_transaction_set_snapshot(t: *mut rocksdb_transaction_t) {
    guarded((), || {
        txn(t)?.set_snapshot();
        Ok(())
    })
}

/// RocksDB's `Transaction::ClearSnapshot`: the transaction has no snapshot any more.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ferrock_transaction_clear_snapshot(t: *mut rocksdb_transaction_t) {
    guarded((), || {
        txn(t)?.clear_snapshot();
        Ok(())
    })
}

/// RocksDB's `Transaction::PopSavePoint`: forgets the last save point, keeping the
/// writes made since; "NotFound: " (no message) when there is none.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ferrock_transaction_pop_savepoint(t: *mut rocksdb_transaction_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || txn(t)?.pop_save_point())
}

/// RocksDB's `Transaction::SingleDelete` in a column family.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ferrock_transaction_singledelete_cf(
    t: *mut rocksdb_transaction_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let cf = &handle(column_family, "column family handle")?.cf;
        txn(t)?.single_delete_cf(cf, bytes(key, klen)?)
    })
}

/// `rocksdb_compactionfilter_create` plus RocksDB's `CompactionFilter::FilterMergeOperand`:
/// `filter_merge_operand(state, level, key, key_length, operand, operand_length)` is asked
/// about each merge operand a compaction sees (newer than every snapshot) and returns 1 to
/// drop it. A NULL callback keeps every operand, as c.h's filter does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ferrock_compactionfilter_create_with_merge_operand(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    filter: Option<
        unsafe extern "C" fn(
            *mut c_void,
            c_int,
            *const c_char,
            size_t,
            *const c_char,
            size_t,
            *mut *mut c_char,
            *mut size_t,
            *mut c_uchar,
        ) -> c_uchar,
    >,
    filter_merge_operand: Option<
        unsafe extern "C" fn(*mut c_void, c_int, *const c_char, size_t, *const c_char, size_t) -> c_uchar,
    >,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_compactionfilter_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(new_compaction_filter(state, destructor, filter, filter_merge_operand, name)))
    })
}
