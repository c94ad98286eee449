//! c.h's transaction functions: TransactionDB (pessimistic) and OptimisticTransactionDB, their
//! options, `rocksdb_transaction_*`, and the perf context calls (`rocksdb_set_perf_level`,
//! `rocksdb_perfcontext_*`) that report the commit path's timings — over `crate::txn`.
//!
//! A transaction DB handle embeds a `rocksdb_t` of the same database, so the calls that are
//! plain database reads (get, multi-get, iterators, snapshots, properties, flush) reuse the
//! `rocksdb_*` implementations; writes go through transactions (locks).

use super::batch::rocksdb_writebatch_t;
use super::cf::rocksdb_column_family_handle_t;
use super::db::{hand_out_cfs, rocksdb_pinnableslice_t, rocksdb_t, value_out, OpenRequest};
use super::flush::rocksdb_flushoptions_t;
use super::iter::rocksdb_iterator_t;
use super::options::rocksdb_options_t;
use super::readoptions::rocksdb_readoptions_t;
use super::snapshot::rocksdb_snapshot_t;
use super::wbwi::rocksdb_writebatch_wi_t;
use super::writeoptions::rocksdb_writeoptions_t;
use crate::txn::occ_buckets::OccLockBuckets;
use crate::txn::{OccValidationPolicy, OptimisticTransactionDbOptions};
use super::*;
use crate::db::ColumnFamilyHandle;
use crate::txn::{
    OptimisticTransactionDb, OptimisticTransactionOptions, Transaction, TransactionDb, TransactionDbOptions,
    TransactionOptions,
};
use libc::{c_int, c_uchar};
use std::sync::Arc;

/// An open TransactionDB (`rocksdb_transactiondb_t`).
pub struct rocksdb_transactiondb_t {
    pub(crate) db: TransactionDb,
    base: rocksdb_t,
}

/// An open OptimisticTransactionDB (`rocksdb_optimistictransactiondb_t`).
pub struct rocksdb_optimistictransactiondb_t {
    pub(crate) db: OptimisticTransactionDb,
    base: rocksdb_t,
}

/// A transaction of either kind (`rocksdb_transaction_t`).
pub struct rocksdb_transaction_t {
    pub(crate) txn: Arc<Transaction>,
}

pub struct rocksdb_transactiondb_options_t {
    pub(crate) opts: TransactionDbOptions,
    stored: Stored,
}

pub struct rocksdb_transaction_options_t {
    pub(crate) opts: TransactionOptions,
    stored: Stored,
}

pub struct rocksdb_optimistictransaction_options_t {
    pub(crate) opts: OptimisticTransactionOptions,
}

pub struct rocksdb_optimistictransactiondb_options_t {
    opts: OptimisticTransactionDbOptions,
    /// The policy as set (for the getter).
    validate_policy: c_int,
}

/// The calling thread's perf context (`rocksdb_perfcontext_t`).
pub struct rocksdb_perfcontext_t {
    _private: u8,
}

unsafe fn tdb<'a>(p: *mut rocksdb_transactiondb_t) -> Result<&'a TransactionDb> {
    Ok(&handle(p, "transaction db")?.db)
}
unsafe fn tdb_base(p: *mut rocksdb_transactiondb_t) -> *mut rocksdb_t {
    if p.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: p is a live handle made by rocksdb_transactiondb_open*.
    std::ptr::addr_of_mut!((*p).base)
}
unsafe fn otdb_base(p: *mut rocksdb_optimistictransactiondb_t) -> *mut rocksdb_t {
    if p.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: p is a live handle made by rocksdb_optimistictransactiondb_open*.
    std::ptr::addr_of_mut!((*p).base)
}
unsafe fn txn<'a>(p: *mut rocksdb_transaction_t) -> Result<&'a Arc<Transaction>> {
    Ok(&handle(p, "transaction")?.txn)
}
unsafe fn cf<'a>(p: *mut rocksdb_column_family_handle_t) -> Result<&'a ColumnFamilyHandle> {
    Ok(&handle(p, "column family handle")?.cf)
}
unsafe fn ro<'a>(p: *const rocksdb_readoptions_t) -> Result<&'a crate::options::ReadOptions> {
    Ok(&handle(p, "read options")?.ro)
}
unsafe fn wo(p: *const rocksdb_writeoptions_t) -> Result<crate::options::WriteOptions> {
    Ok(handle(p, "write options")?.wo)
}

fn default_cf() -> ColumnFamilyHandle {
    ColumnFamilyHandle { id: 0, name: "default".into() }
}

unsafe fn pinned_out(v: Option<Vec<u8>>) -> *mut rocksdb_pinnableslice_t {
    match v {
        Some(data) => into_handle(rocksdb_pinnableslice_t { slice: crate::db::PinnableSlice { data } }),
        None => std::ptr::null_mut(),
    }
}

/// Fills C multi-get outputs from per-key results.
unsafe fn multi_out(
    n: size_t,
    results: Result<Vec<Result<Option<Vec<u8>>>>>,
    values: *mut *mut c_char,
    sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    if n == 0 || values.is_null() || sizes.is_null() || errs.is_null() {
        return;
    }
    let results = match results {
        Ok(r) => r,
        Err(e) => (0..n).map(|_| Err(e.clone())).collect(),
    };
    for (i, r) in results.into_iter().enumerate().take(n) {
        *values.add(i) = std::ptr::null_mut();
        *sizes.add(i) = 0;
        *errs.add(i) = std::ptr::null_mut();
        match r {
            Ok(v) => *values.add(i) = value_out(v, sizes.add(i)),
            Err(e) => save_error(errs.add(i), &e),
        }
    }
}

unsafe fn key_list<'a>(
    n: size_t,
    cfs: *const *const rocksdb_column_family_handle_t,
    keys: *const *const c_char,
    sizes: *const size_t,
) -> Result<Vec<(ColumnFamilyHandle, &'a [u8])>> {
    if n > 0 && (keys.is_null() || sizes.is_null()) {
        return Err(Error::invalid_argument("keys_list is NULL"));
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let c = if cfs.is_null() { default_cf() } else { (*handle(*cfs.add(i), "column family handle")?.cf).clone_handle() };
        out.push((c, bytes(*keys.add(i), *sizes.add(i))?));
    }
    Ok(out)
}

trait CloneHandle {
    fn clone_handle(&self) -> ColumnFamilyHandle;
}
impl CloneHandle for ColumnFamilyHandle {
    fn clone_handle(&self) -> ColumnFamilyHandle {
        ColumnFamilyHandle { id: self.id, name: self.name.clone() }
    }
}

// ---------------------------------------------------------------- TransactionDB options

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_create() -> *mut rocksdb_transactiondb_options_t {
    into_handle(rocksdb_transactiondb_options_t { opts: TransactionDbOptions::default(), stored: Stored::default() })
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_destroy(opt: *mut rocksdb_transactiondb_options_t) {
    drop_handle(opt)
}


#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_max_num_locks(opt: *mut rocksdb_transactiondb_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.opts.max_num_locks = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_max_num_locks(opt: *mut rocksdb_transactiondb_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.opts.max_num_locks,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_num_stripes(opt: *mut rocksdb_transactiondb_options_t, v: size_t) {
    if let Some(o) = opt.as_mut() {
        o.opts.num_stripes = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_num_stripes(opt: *mut rocksdb_transactiondb_options_t) -> size_t {
    match opt.as_ref() {
        Some(o) => o.opts.num_stripes,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_transaction_lock_timeout(opt: *mut rocksdb_transactiondb_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.opts.transaction_lock_timeout = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_transaction_lock_timeout(opt: *mut rocksdb_transactiondb_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.opts.transaction_lock_timeout,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_default_lock_timeout(opt: *mut rocksdb_transactiondb_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.opts.default_lock_timeout = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_default_lock_timeout(opt: *mut rocksdb_transactiondb_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.opts.default_lock_timeout,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_txn_commit_bypass_memtable_threshold(opt: *mut rocksdb_transactiondb_options_t, v: u32) {
    if let Some(o) = opt.as_mut() {
        o.opts.txn_commit_bypass_memtable_threshold = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_txn_commit_bypass_memtable_threshold(opt: *mut rocksdb_transactiondb_options_t) -> u32 {
    match opt.as_ref() {
        Some(o) => o.opts.txn_commit_bypass_memtable_threshold,
        None => Default::default(),
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_max_num_deadlocks(opt: *mut rocksdb_transactiondb_options_t, v: u32) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("max_num_deadlocks", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_max_num_deadlocks(opt: *mut rocksdb_transactiondb_options_t) -> u32 {
    match opt.as_ref() {
        Some(o) => o.stored.get("max_num_deadlocks").map(|b| b as u32).unwrap_or(5),
        None => 5,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_default_write_batch_flush_threshold(opt: *mut rocksdb_transactiondb_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("default_write_batch_flush_threshold", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_default_write_batch_flush_threshold(opt: *mut rocksdb_transactiondb_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.stored.get("default_write_batch_flush_threshold").map(|b| b as i64).unwrap_or(0),
        None => 0,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_enable_udt_validation(opt: *mut rocksdb_transactiondb_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("enable_udt_validation", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_enable_udt_validation(opt: *mut rocksdb_transactiondb_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.stored.get("enable_udt_validation").map(|b| b as c_uchar).unwrap_or(1),
        None => 1,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_rollback_merge_operands(opt: *mut rocksdb_transactiondb_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("rollback_merge_operands", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_rollback_merge_operands(opt: *mut rocksdb_transactiondb_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.stored.get("rollback_merge_operands").map(|b| b as c_uchar).unwrap_or(0),
        None => 0,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_skip_concurrency_control(opt: *mut rocksdb_transactiondb_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("skip_concurrency_control", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_skip_concurrency_control(opt: *mut rocksdb_transactiondb_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.stored.get("skip_concurrency_control").map(|b| b as c_uchar).unwrap_or(0),
        None => 0,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_use_per_key_point_lock_mgr(opt: *mut rocksdb_transactiondb_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("use_per_key_point_lock_mgr", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_use_per_key_point_lock_mgr(opt: *mut rocksdb_transactiondb_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.stored.get("use_per_key_point_lock_mgr").map(|b| b as c_uchar).unwrap_or(0),
        None => 0,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_set_write_policy(opt: *mut rocksdb_transactiondb_options_t, v: c_int) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("write_policy", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_options_get_write_policy(opt: *mut rocksdb_transactiondb_options_t) -> c_int {
    match opt.as_ref() {
        Some(o) => o.stored.get("write_policy").map(|b| b as c_int).unwrap_or(0),
        None => 0,
    }
}


// ---------------------------------------------------------------- Transaction options

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_create() -> *mut rocksdb_transaction_options_t {
    into_handle(rocksdb_transaction_options_t { opts: TransactionOptions::default(), stored: Stored::default() })
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_destroy(opt: *mut rocksdb_transaction_options_t) {
    drop_handle(opt)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_set_snapshot(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.set_snapshot = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_set_snapshot(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.opts.set_snapshot as c_uchar,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_deadlock_detect(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.deadlock_detect = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_deadlock_detect(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.opts.deadlock_detect as c_uchar,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_lock_timeout(opt: *mut rocksdb_transaction_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.opts.lock_timeout = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_lock_timeout(opt: *mut rocksdb_transaction_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.opts.lock_timeout,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_expiration(opt: *mut rocksdb_transaction_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.opts.expiration = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_expiration(opt: *mut rocksdb_transaction_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.opts.expiration,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_deadlock_detect_depth(opt: *mut rocksdb_transaction_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.opts.deadlock_detect_depth = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_deadlock_detect_depth(opt: *mut rocksdb_transaction_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.opts.deadlock_detect_depth,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_max_write_batch_size(opt: *mut rocksdb_transaction_options_t, v: size_t) {
    if let Some(o) = opt.as_mut() {
        o.opts.max_write_batch_size = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_max_write_batch_size(opt: *mut rocksdb_transaction_options_t) -> size_t {
    match opt.as_ref() {
        Some(o) => o.opts.max_write_batch_size,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_skip_concurrency_control(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.skip_concurrency_control = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_skip_concurrency_control(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.opts.skip_concurrency_control as c_uchar,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_commit_bypass_memtable(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.commit_bypass_memtable = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_commit_bypass_memtable(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.opts.commit_bypass_memtable as c_uchar,
        None => Default::default(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_skip_prepare(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.skip_prepare = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_skip_prepare(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.opts.skip_prepare as c_uchar,
        None => Default::default(),
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_deadlock_timeout_us(opt: *mut rocksdb_transaction_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("deadlock_timeout_us", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_deadlock_timeout_us(opt: *mut rocksdb_transaction_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.stored.get("deadlock_timeout_us").map(|b| b as i64).unwrap_or(500),
        None => 500,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_large_txn_commit_optimize_threshold(opt: *mut rocksdb_transaction_options_t, v: u32) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("large_txn_commit_optimize_threshold", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_large_txn_commit_optimize_threshold(opt: *mut rocksdb_transaction_options_t) -> u32 {
    match opt.as_ref() {
        Some(o) => o.stored.get("large_txn_commit_optimize_threshold").map(|b| b as u32).unwrap_or(u32::MAX),
        None => u32::MAX,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_large_txn_commit_optimize_byte_threshold(opt: *mut rocksdb_transaction_options_t, v: u64) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("large_txn_commit_optimize_byte_threshold", v);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_large_txn_commit_optimize_byte_threshold(opt: *mut rocksdb_transaction_options_t) -> u64 {
    match opt.as_ref() {
        Some(o) => o.stored.get("large_txn_commit_optimize_byte_threshold").unwrap_or(u64::MAX),
        None => u64::MAX,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_use_only_the_last_commit_time_batch_for_recovery(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("use_only_the_last_commit_time_batch_for_recovery", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_use_only_the_last_commit_time_batch_for_recovery(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.stored.get("use_only_the_last_commit_time_batch_for_recovery").map(|b| b as c_uchar).unwrap_or(0),
        None => 0,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_write_batch_flush_threshold(opt: *mut rocksdb_transaction_options_t, v: i64) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("write_batch_flush_threshold", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_write_batch_flush_threshold(opt: *mut rocksdb_transaction_options_t) -> i64 {
    match opt.as_ref() {
        Some(o) => o.stored.get("write_batch_flush_threshold").map(|b| b as i64).unwrap_or(-1),
        None => -1,
    }
}

/// Stored for the getter; ferrock does not use it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_set_write_batch_track_timestamp_size(opt: *mut rocksdb_transaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.stored.set("write_batch_track_timestamp_size", v as u64);
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_options_get_write_batch_track_timestamp_size(opt: *mut rocksdb_transaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.stored.get("write_batch_track_timestamp_size").map(|b| b as c_uchar).unwrap_or(0),
        None => 0,
    }
}


#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransaction_options_create() -> *mut rocksdb_optimistictransaction_options_t {
    into_handle(rocksdb_optimistictransaction_options_t { opts: OptimisticTransactionOptions::default() })
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransaction_options_destroy(opt: *mut rocksdb_optimistictransaction_options_t) {
    drop_handle(opt)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransaction_options_set_set_snapshot(opt: *mut rocksdb_optimistictransaction_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.set_snapshot = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransaction_options_get_set_snapshot(opt: *mut rocksdb_optimistictransaction_options_t) -> c_uchar {
    match opt.as_ref() {
        Some(o) => o.opts.set_snapshot as c_uchar,
        None => Default::default(),
    }
}


#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_create() -> *mut rocksdb_optimistictransactiondb_options_t {
    into_handle(rocksdb_optimistictransactiondb_options_t { opts: OptimisticTransactionDbOptions::default(), validate_policy: 1 })
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_destroy(opt: *mut rocksdb_optimistictransactiondb_options_t) {
    drop_handle(opt)
}
/// The buckets a database opened with these options makes for itself (without shared ones).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_set_occ_lock_buckets(opt: *mut rocksdb_optimistictransactiondb_options_t, v: u32) {
    if let Some(o) = opt.as_mut() {
        o.opts.occ_lock_buckets = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_get_occ_lock_buckets(opt: *mut rocksdb_optimistictransactiondb_options_t) -> u32 {
    match opt.as_ref() {
        Some(o) => o.opts.occ_lock_buckets,
        None => 1 << 20,
    }
}

/// RocksDB's OccValidationPolicy: 0 kValidateSerial, 1 kValidateParallel (other values
/// validate in parallel too, and read back as set).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_set_validate_policy(opt: *mut rocksdb_optimistictransactiondb_options_t, v: c_int) {
    if let Some(o) = opt.as_mut() {
        o.validate_policy = v;
        o.opts.validate_policy = if v == 0 { OccValidationPolicy::Serial } else { OccValidationPolicy::Parallel };
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_get_validate_policy(opt: *mut rocksdb_optimistictransactiondb_options_t) -> c_int {
    match opt.as_ref() {
        Some(o) => o.validate_policy,
        None => 1,
    }
}

/// Lock buckets to share between optimistic transaction databases (RocksDB's
/// `MakeSharedOccLockBuckets`).
pub struct rocksdb_optimistictransactiondb_lock_buckets_t {
    buckets: Arc<OccLockBuckets>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_lock_buckets_create(bucket_count: size_t, cache_aligned: c_uchar) -> *mut rocksdb_optimistictransactiondb_lock_buckets_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_optimistictransactiondb_lock_buckets_t { buckets: Arc::new(OccLockBuckets::new(bucket_count, cache_aligned != 0)) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_lock_buckets_approximate_memory_usage(lock_buckets: *mut rocksdb_optimistictransactiondb_lock_buckets_t) -> size_t {
    guarded(0, || Ok(handle(lock_buckets, "lock buckets")?.buckets.approximate_memory_usage()))
}

/// Releases this handle; databases and options using the buckets keep them.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_lock_buckets_destroy(lock_buckets: *mut rocksdb_optimistictransactiondb_lock_buckets_t) {
    drop_handle(lock_buckets)
}

/// Databases opened with these options share `lock_buckets` (NULL: each makes its own).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_options_set_shared_lock_buckets(
    opt: *mut rocksdb_optimistictransactiondb_options_t,
    lock_buckets: *mut rocksdb_optimistictransactiondb_lock_buckets_t,
) {
    if let Some(o) = opt.as_mut() {
        o.opts.shared_lock_buckets = lock_buckets.as_ref().map(|b| b.buckets.clone());
    }
}

// ---------------------------------------------------------------- TransactionDB

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_open(
    options: *const rocksdb_options_t,
    txn_db_options: *const rocksdb_transactiondb_options_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_transactiondb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::single(options, name)?;
        let t = TransactionDb::open(req.opts(), &handle(txn_db_options, "transaction db options")?.opts, req.path)?;
        req.log_ignored(t.db());
        let base = rocksdb_t { db: t.db().clone() };
        Ok(into_handle(rocksdb_transactiondb_t { db: t, base }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_open_column_families(
    options: *const rocksdb_options_t,
    txn_db_options: *const rocksdb_transactiondb_options_t,
    name: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_transactiondb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::with_families(options, name, num_column_families, column_family_names, column_family_options)?;
        let (t, handles) = TransactionDb::open_cf(
            req.opts(),
            &handle(txn_db_options, "transaction db options")?.opts,
            req.path,
            &req.cfs,
        )?;
        req.log_ignored(t.db());
        hand_out_cfs(column_family_handles, handles);
        let base = rocksdb_t { db: t.db().clone() };
        Ok(into_handle(rocksdb_transactiondb_t { db: t, base }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_close(txn_db: *mut rocksdb_transactiondb_t) {
    if txn_db.is_null() {
        return;
    }
    guarded((), || {
        // SAFETY: txn_db came from rocksdb_transactiondb_open* and is closed once.
        let owned = Box::from_raw(txn_db);
        // c.h's close has no errptr: a failure at close cannot be reported.
        let _ = owned.db.close();
        Ok(())
    })
}

/// A handle to the database under the transactions; release it with
/// `rocksdb_transactiondb_close_base_db` (which does not close the database).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_get_base_db(txn_db: *mut rocksdb_transactiondb_t) -> *mut rocksdb_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_t { db: tdb(txn_db)?.db().clone() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_close_base_db(base_db: *mut rocksdb_t) {
    drop_handle(base_db)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_create_column_family(
    txn_db: *mut rocksdb_transactiondb_t,
    column_family_options: *const rocksdb_options_t,
    column_family_name: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_column_family_handle_t {
    super::cf::rocksdb_create_column_family(tdb_base(txn_db), column_family_options, column_family_name, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_create_snapshot(txn_db: *mut rocksdb_transactiondb_t) -> *const rocksdb_snapshot_t {
    super::snapshot::rocksdb_create_snapshot(tdb_base(txn_db))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_release_snapshot(txn_db: *mut rocksdb_transactiondb_t, snapshot: *const rocksdb_snapshot_t) {
    super::snapshot::rocksdb_release_snapshot(tdb_base(txn_db), snapshot)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_put(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.put(&wo(options)?, bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_put_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.put_cf(&wo(options)?, cf(column_family)?, bytes(key, keylen)?, bytes(val, vallen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_delete(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    klen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.delete_cf(&wo(options)?, &default_cf(), bytes(key, klen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_delete_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.delete_cf(&wo(options)?, cf(column_family)?, bytes(key, keylen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_merge(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.merge(&wo(options)?, bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_merge_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.merge_cf(&wo(options)?, cf(column_family)?, bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_write(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_writeoptions_t,
    batch: *mut rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || tdb(txn_db)?.write(&wo(options)?, &handle(batch, "write batch")?.batch))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_get(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    klen: size_t,
    vlen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    super::db::rocksdb_get(tdb_base(txn_db), options, key, klen, vlen, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_get_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    vallen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    super::db::rocksdb_get_cf(tdb_base(txn_db), options, column_family, key, keylen, vallen, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_get_pinned(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    klen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    super::db::rocksdb_get_pinned(tdb_base(txn_db), options, key, klen, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_get_pinned_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    super::db::rocksdb_get_pinned_cf(tdb_base(txn_db), options, column_family, key, keylen, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_multi_get(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    super::db::rocksdb_multi_get(tdb_base(txn_db), options, num_keys, keys_list, keys_list_sizes, values_list, values_list_sizes, errs)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_multi_get_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    column_families: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    super::db::rocksdb_multi_get_cf(
        tdb_base(txn_db),
        options,
        column_families,
        num_keys,
        keys_list,
        keys_list_sizes,
        values_list,
        values_list_sizes,
        errs,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_create_iterator(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
) -> *mut rocksdb_iterator_t {
    super::iter::rocksdb_create_iterator(tdb_base(txn_db), options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_create_iterator_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
) -> *mut rocksdb_iterator_t {
    super::iter::rocksdb_create_iterator_cf(tdb_base(txn_db), options, column_family)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_property_value(txn_db: *mut rocksdb_transactiondb_t, propname: *const c_char) -> *mut c_char {
    super::db::rocksdb_property_value(tdb_base(txn_db), propname)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_property_int(
    txn_db: *mut rocksdb_transactiondb_t,
    propname: *const c_char,
    out_val: *mut u64,
) -> c_int {
    super::db::rocksdb_property_int(tdb_base(txn_db), propname, out_val)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_flush(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_flushoptions_t,
    errptr: *mut *mut c_char,
) {
    super::flush::rocksdb_flush(tdb_base(txn_db), options, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_flush_cf(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_flushoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) {
    super::flush::rocksdb_flush_cf(tdb_base(txn_db), options, column_family, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_flush_cfs(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const rocksdb_flushoptions_t,
    column_families: *mut *mut rocksdb_column_family_handle_t,
    num_column_families: c_int,
    errptr: *mut *mut c_char,
) {
    super::flush::rocksdb_flush_cfs(tdb_base(txn_db), options, column_families, num_column_families, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_flush_wal(txn_db: *mut rocksdb_transactiondb_t, sync: c_uchar, errptr: *mut *mut c_char) {
    super::flush::rocksdb_flush_wal(tdb_base(txn_db), sync, errptr)
}

/// `rocksdb_flush_wal_with_options` on the base database.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_flush_wal_with_options(
    txn_db: *mut rocksdb_transactiondb_t,
    options: *const super::flush::rocksdb_flushwaloptions_t,
    errptr: *mut *mut c_char,
) {
    super::flush::rocksdb_flush_wal_with_options(tdb_base(txn_db), options, errptr)
}

/// The prepared transactions (recovered at open, or live): a malloc'd array of `*num_transactions`
/// handles, each released with `rocksdb_transaction_destroy`, the array with `rocksdb_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_get_prepared_transactions(
    txn_db: *mut rocksdb_transactiondb_t,
    cnt: *mut size_t,
) -> *mut *mut rocksdb_transaction_t {
    set_out(cnt, 0);
    guarded(std::ptr::null_mut(), || {
        let list = tdb(txn_db)?.prepared_transactions();
        if list.is_empty() {
            return Ok(std::ptr::null_mut());
        }
        let arr = libc::malloc(list.len() * std::mem::size_of::<*mut rocksdb_transaction_t>()) as *mut *mut rocksdb_transaction_t;
        if arr.is_null() {
            return Ok(std::ptr::null_mut());
        }
        let n = list.len();
        for (i, t) in list.into_iter().enumerate() {
            *arr.add(i) = into_handle(rocksdb_transaction_t { txn: t });
        }
        set_out(cnt, n);
        Ok(arr)
    })
}

// ---------------------------------------------------------------- OptimisticTransactionDB

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_open(
    options: *const rocksdb_options_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_optimistictransactiondb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::single(options, name)?;
        let t = OptimisticTransactionDb::open(req.opts(), req.path)?;
        req.log_ignored(t.base_db());
        let base = rocksdb_t { db: t.base_db().clone() };
        Ok(into_handle(rocksdb_optimistictransactiondb_t { db: t, base }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_open_with_otxn_db_options(
    options: *const rocksdb_options_t,
    otxn_db_options: *const rocksdb_optimistictransactiondb_options_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_optimistictransactiondb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::single(options, name)?;
        let o = &handle(otxn_db_options, "optimistic transaction db options")?.opts;
        let t = OptimisticTransactionDb::open_with_options(req.opts(), o, req.path)?;
        req.log_ignored(t.base_db());
        let base = rocksdb_t { db: t.base_db().clone() };
        Ok(into_handle(rocksdb_optimistictransactiondb_t { db: t, base }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_open_column_families(
    options: *const rocksdb_options_t,
    name: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_optimistictransactiondb_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let req = OpenRequest::with_families(options, name, num_column_families, column_family_names, column_family_options)?;
        let (t, handles) = OptimisticTransactionDb::open_cf(req.opts(), req.path, &req.cfs)?;
        req.log_ignored(t.base_db());
        hand_out_cfs(column_family_handles, handles);
        let base = rocksdb_t { db: t.base_db().clone() };
        Ok(into_handle(rocksdb_optimistictransactiondb_t { db: t, base }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_open_column_families_with_otxn_db_options(
    options: *const rocksdb_options_t,
    otxn_db_options: *const rocksdb_optimistictransactiondb_options_t,
    name: *const c_char,
    num_column_families: c_int,
    column_family_names: *const *const c_char,
    column_family_options: *const *const rocksdb_options_t,
    column_family_handles: *mut *mut rocksdb_column_family_handle_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_optimistictransactiondb_t {
    let _ = otxn_db_options;
    rocksdb_optimistictransactiondb_open_column_families(
        options,
        name,
        num_column_families,
        column_family_names,
        column_family_options,
        column_family_handles,
        errptr,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_close(otxn_db: *mut rocksdb_optimistictransactiondb_t) {
    if otxn_db.is_null() {
        return;
    }
    guarded((), || {
        // SAFETY: otxn_db came from rocksdb_optimistictransactiondb_open* and is closed once.
        let owned = Box::from_raw(otxn_db);
        let _ = owned.db.close();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_get_base_db(otxn_db: *mut rocksdb_optimistictransactiondb_t) -> *mut rocksdb_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_t { db: handle(otxn_db, "optimistic transaction db")?.db.base_db().clone() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_close_base_db(base_db: *mut rocksdb_t) {
    drop_handle(base_db)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_write(
    otxn_db: *mut rocksdb_optimistictransactiondb_t,
    options: *const rocksdb_writeoptions_t,
    batch: *mut rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    super::db::rocksdb_write(otxn_db_base_mut(otxn_db), options, batch, errptr)
}

unsafe fn otxn_db_base_mut(p: *mut rocksdb_optimistictransactiondb_t) -> *mut rocksdb_t {
    otdb_base(p)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_property_value(
    otxn_db: *mut rocksdb_optimistictransactiondb_t,
    propname: *const c_char,
) -> *mut c_char {
    super::db::rocksdb_property_value(otdb_base(otxn_db), propname)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_property_int(
    otxn_db: *mut rocksdb_optimistictransactiondb_t,
    propname: *const c_char,
    out_val: *mut u64,
) -> c_int {
    super::db::rocksdb_property_int(otdb_base(otxn_db), propname, out_val)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransaction_begin(
    otxn_db: *mut rocksdb_optimistictransactiondb_t,
    write_options: *const rocksdb_writeoptions_t,
    otxn_options: *const rocksdb_optimistictransaction_options_t,
    old_txn: *mut rocksdb_transaction_t,
) -> *mut rocksdb_transaction_t {
    guarded(std::ptr::null_mut(), || {
        let d = &handle(otxn_db, "optimistic transaction db")?.db;
        let o = handle(otxn_options, "optimistic transaction options")?;
        let w = wo(write_options)?;
        match old_txn.as_ref() {
            Some(old) => {
                d.begin(&w, &o.opts, Some(old.txn.clone()));
                Ok(old_txn)
            }
            None => Ok(into_handle(rocksdb_transaction_t { txn: d.begin(&w, &o.opts, None) })),
        }
    })
}

// ---------------------------------------------------------------- Transaction

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_begin(
    txn_db: *mut rocksdb_transactiondb_t,
    write_options: *const rocksdb_writeoptions_t,
    txn_options: *const rocksdb_transaction_options_t,
    old_txn: *mut rocksdb_transaction_t,
) -> *mut rocksdb_transaction_t {
    guarded(std::ptr::null_mut(), || {
        let d = tdb(txn_db)?;
        let o = handle(txn_options, "transaction options")?;
        let w = wo(write_options)?;
        match old_txn.as_ref() {
            Some(old) => {
                d.begin(&w, &o.opts, Some(old.txn.clone()));
                Ok(old_txn)
            }
            None => Ok(into_handle(rocksdb_transaction_t { txn: d.begin(&w, &o.opts, None) })),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_destroy(t: *mut rocksdb_transaction_t) {
    drop_handle(t)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_commit(t: *mut rocksdb_transaction_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || txn(t)?.commit())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_rollback(t: *mut rocksdb_transaction_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || txn(t)?.rollback())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_prepare(t: *mut rocksdb_transaction_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || txn(t)?.prepare())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_set_name(
    t: *mut rocksdb_transaction_t,
    name: *const c_char,
    name_len: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let n = bytes(name, name_len)?;
        let n = std::str::from_utf8(n).map_err(|_| Error::invalid_argument("transaction name is not UTF-8"))?;
        txn(t)?.set_name(n)
    })
}

/// The name as a malloc'd copy (not NUL-terminated); an unnamed transaction's is an empty
/// allocation with length 0, as RocksDB's CopyString of its empty name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_name(t: *mut rocksdb_transaction_t, name_len: *mut size_t) -> *mut c_char {
    set_out(name_len, 0);
    guarded(std::ptr::null_mut(), || {
        let n = txn(t)?.name().unwrap_or_default();
        set_out(name_len, n.len());
        Ok(malloc_bytes(n.as_bytes()))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_set_savepoint(t: *mut rocksdb_transaction_t) {
    guarded((), || {
        txn(t)?.set_save_point();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_rollback_to_savepoint(t: *mut rocksdb_transaction_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || txn(t)?.rollback_to_save_point())
}

/// The transaction's snapshot (NULL without one); the handle is freed with `rocksdb_free` as in
/// RocksDB, so it does not own the snapshot: the transaction keeps it alive.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_snapshot(t: *mut rocksdb_transaction_t) -> *const rocksdb_snapshot_t {
    guarded(std::ptr::null(), || {
        Ok(match txn(t)?.snapshot() {
            Some(s) => {
                // malloc'd because the caller frees it with rocksdb_free(). The handle holds only
                // the sequence number (nothing to destroy): the transaction keeps the snapshot.
                let p = libc::malloc(std::mem::size_of::<rocksdb_snapshot_t>()) as *mut rocksdb_snapshot_t;
                if p.is_null() {
                    return Ok(std::ptr::null());
                }
                let held = super::snapshot::HeldSnapshot::OfTransaction(s.sequence_number());
                std::ptr::write(p, rocksdb_snapshot_t { held });
                p as *const rocksdb_snapshot_t
            }
            None => std::ptr::null(),
        })
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_put(
    t: *mut rocksdb_transaction_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.put(bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_put_cf(
    t: *mut rocksdb_transaction_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.put_cf(cf(column_family)?, bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_delete(t: *mut rocksdb_transaction_t, key: *const c_char, klen: size_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || txn(t)?.delete(bytes(key, klen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_delete_cf(
    t: *mut rocksdb_transaction_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.delete_cf(cf(column_family)?, bytes(key, klen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_merge(
    t: *mut rocksdb_transaction_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.merge_cf(&default_cf(), bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_merge_cf(
    t: *mut rocksdb_transaction_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    val: *const c_char,
    vlen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.merge_cf(cf(column_family)?, bytes(key, klen)?, bytes(val, vlen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_put_log_data(t: *mut rocksdb_transaction_t, blob: *const c_char, len: size_t) {
    guarded((), || {
        txn(t)?.put_log_data(bytes(blob, len)?);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_rebuild_from_writebatch(
    t: *mut rocksdb_transaction_t,
    wb: *mut rocksdb_writebatch_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.rebuild_from_write_batch(&handle(wb, "write batch")?.batch))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_rebuild_from_writebatch_wi(
    t: *mut rocksdb_transaction_t,
    wi: *mut rocksdb_writebatch_wi_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || txn(t)?.rebuild_from_write_batch(handle(wi, "write batch with index")?.wbwi.write_batch()))
}

/// A copy of the transaction's indexed batch, released with `rocksdb_writebatch_wi_destroy`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_writebatch_wi(t: *mut rocksdb_transaction_t) -> *mut rocksdb_writebatch_wi_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_writebatch_wi_t { wbwi: txn(t)?.indexed_batch() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    klen: size_t,
    vlen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vlen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || Ok(value_out(txn(t)?.get(ro(options)?, bytes(key, klen)?)?, vlen)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    vlen: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vlen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(value_out(txn(t)?.get_cf(ro(options)?, cf(column_family)?, bytes(key, klen)?)?, vlen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_for_update(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    klen: size_t,
    vlen: *mut size_t,
    exclusive: c_uchar,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vlen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(value_out(txn(t)?.get_for_update(ro(options)?, bytes(key, klen)?, exclusive != 0)?, vlen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_for_update_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    vlen: *mut size_t,
    exclusive: c_uchar,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(vlen, 0);
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(value_out(txn(t)?.get_for_update_cf(ro(options)?, cf(column_family)?, bytes(key, klen)?, exclusive != 0)?, vlen))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_pinned(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    klen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || Ok(pinned_out(txn(t)?.get(ro(options)?, bytes(key, klen)?)?)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_pinned_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(pinned_out(txn(t)?.get_cf(ro(options)?, cf(column_family)?, bytes(key, klen)?)?))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_pinned_for_update(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    key: *const c_char,
    klen: size_t,
    exclusive: c_uchar,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(pinned_out(txn(t)?.get_for_update(ro(options)?, bytes(key, klen)?, exclusive != 0)?))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_get_pinned_for_update_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
    key: *const c_char,
    klen: size_t,
    exclusive: c_uchar,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_pinnableslice_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        Ok(pinned_out(txn(t)?.get_for_update_cf(ro(options)?, cf(column_family)?, bytes(key, klen)?, exclusive != 0)?))
    })
}

unsafe fn txn_multi_get(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    cfs: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
    for_update: bool,
) {
    let results = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<Result<Option<Vec<u8>>>>> {
        let tx = txn(t)?;
        let r = ro(options)?;
        let keys = key_list(num_keys, cfs, keys_list, keys_list_sizes)?;
        Ok(keys
            .iter()
            .map(|(c, k)| if for_update { tx.get_for_update_cf(r, c, k, true) } else { tx.get_cf(r, c, k) })
            .collect())
    }))
    .unwrap_or_else(|p| Err(Error::from_panic(p)));
    multi_out(num_keys, results, values_list, values_list_sizes, errs)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_multi_get(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    txn_multi_get(t, options, std::ptr::null(), num_keys, keys_list, keys_list_sizes, values_list, values_list_sizes, errs, false)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_multi_get_for_update(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    txn_multi_get(t, options, std::ptr::null(), num_keys, keys_list, keys_list_sizes, values_list, values_list_sizes, errs, true)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_multi_get_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_families: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    txn_multi_get(t, options, column_families, num_keys, keys_list, keys_list_sizes, values_list, values_list_sizes, errs, false)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_multi_get_for_update_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_families: *const *const rocksdb_column_family_handle_t,
    num_keys: size_t,
    keys_list: *const *const c_char,
    keys_list_sizes: *const size_t,
    values_list: *mut *mut c_char,
    values_list_sizes: *mut size_t,
    errs: *mut *mut c_char,
) {
    txn_multi_get(t, options, column_families, num_keys, keys_list, keys_list_sizes, values_list, values_list_sizes, errs, true)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_create_iterator(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
) -> *mut rocksdb_iterator_t {
    guarded(std::ptr::null_mut(), || {
        let it = txn(t)?.iter_cf(ro(options)?, &default_cf())?;
        Ok(into_handle(rocksdb_iterator_t { it: it.into() }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_create_iterator_cf(
    t: *mut rocksdb_transaction_t,
    options: *const rocksdb_readoptions_t,
    column_family: *mut rocksdb_column_family_handle_t,
) -> *mut rocksdb_iterator_t {
    guarded(std::ptr::null_mut(), || {
        let it = txn(t)?.iter_cf(ro(options)?, cf(column_family)?)?;
        Ok(into_handle(rocksdb_iterator_t { it: it.into() }))
    })
}

// ---------------------------------------------------------------- perf context

/// Sets the calling thread's perf level (RocksDB's PerfLevel values).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_set_perf_level(level: c_int) {
    crate::stats::perf::set_perf_level(level)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_perfcontext_create() -> *mut rocksdb_perfcontext_t {
    into_handle(rocksdb_perfcontext_t { _private: 0 })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_perfcontext_destroy(context: *mut rocksdb_perfcontext_t) {
    drop_handle(context)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_perfcontext_reset(context: *mut rocksdb_perfcontext_t) {
    let _ = context;
    crate::stats::perf::reset()
}

/// RocksDB's metric ids (c.h's enum): the ones ferrock measures; others read 0.
const METRIC_WRITE_WAL_TIME: c_int = 29;
const METRIC_WRITE_MEMTABLE_TIME: c_int = 30;
const METRIC_KEY_LOCK_WAIT_TIME: c_int = 46;
const METRIC_KEY_LOCK_WAIT_COUNT: c_int = 47;
const METRIC_BLOOM_SST_HIT_COUNT: c_int = 44;
const METRIC_BLOOM_SST_MISS_COUNT: c_int = 45;

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_perfcontext_metric(context: *mut rocksdb_perfcontext_t, metric: c_int) -> u64 {
    let _ = context;
    let c = crate::stats::perf::counters();
    match metric {
        METRIC_WRITE_WAL_TIME => c.write_wal_time,
        METRIC_WRITE_MEMTABLE_TIME => c.write_memtable_time,
        METRIC_KEY_LOCK_WAIT_TIME => c.key_lock_wait_time,
        METRIC_KEY_LOCK_WAIT_COUNT => c.key_lock_wait_count,
        METRIC_BLOOM_SST_HIT_COUNT => c.bloom_sst_hit_count,
        METRIC_BLOOM_SST_MISS_COUNT => c.bloom_sst_miss_count,
        _ => 0,
    }
}

/// RocksDB's PerfContext::ToString: "name = value, " pairs (zeros left out when asked).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_perfcontext_report(context: *mut rocksdb_perfcontext_t, exclude_zero_counters: c_uchar) -> *mut c_char {
    let _ = context;
    let c = crate::stats::perf::counters();
    let mut s = String::new();
    for (name, v) in [
        ("write_wal_time", c.write_wal_time),
        ("write_memtable_time", c.write_memtable_time),
        ("bloom_sst_hit_count", c.bloom_sst_hit_count),
        ("bloom_sst_miss_count", c.bloom_sst_miss_count),
        ("key_lock_wait_time", c.key_lock_wait_time),
        ("key_lock_wait_count", c.key_lock_wait_count),
    ] {
        if exclude_zero_counters != 0 && v == 0 {
            continue;
        }
        s.push_str(&format!("{name} = {v}, "));
    }
    malloc_cstring(&s)
}

/// User-defined timestamps are not supported (open fails for a comparator with timestamps), so
/// a transaction's commit timestamp has nothing to apply to.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_set_commit_timestamp(t: *mut rocksdb_transaction_t, commit_timestamp: u64) {
    let _ = (t, commit_timestamp);
}

/// See `rocksdb_transaction_set_commit_timestamp`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transaction_set_read_timestamp_for_validation(t: *mut rocksdb_transaction_t, ts: u64) {
    let _ = (t, ts);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capi::options::{rocksdb_options_create, rocksdb_options_destroy};
    use crate::capi::option_accessors::rocksdb_writeoptions_disable_WAL;
    use crate::capi::writeoptions::{rocksdb_writeoptions_create, rocksdb_writeoptions_destroy};
    use crate::util::testutil::TempDir;
    use libc::c_char;
    use std::ffi::CString;
    use std::sync::Arc;

    /// A listener that panics when a memtable is sealed: the shutdown flush of unlogged writes
    /// seals it on the closing thread, so the panic happens inside the close call.
    struct PanicOnSeal;

    impl crate::db::listener::Listener for PanicOnSeal {
        fn on_memtable_sealed(&self, _info: &crate::db::listener::MemTableInfo) {
            panic!("a listener panics while the database closes");
        }
    }

    const CHILD: &str = "FERROCK_TXN_CLOSE_PANIC_CHILD";

    /// Runs in a child process (see `transaction_db_close_keeps_a_panic_out_of_c`): opens both
    /// kinds of transaction database through the C API, writes without the WAL, and closes.
    #[test]
    #[ignore = "run as a child process by transaction_db_close_keeps_a_panic_out_of_c"]
    fn panicking_close_child() {
        if std::env::var_os(CHILD).is_none() {
            return;
        }
        let dir = TempDir::new("txn-close-panic");
        let odir = TempDir::new("otxn-close-panic");
        unsafe {
            let o = rocksdb_options_create();
            (*o).opts.create_if_missing = true;
            (*o).opts.listeners.push(Arc::new(PanicOnSeal));
            let wo = rocksdb_writeoptions_create();
            rocksdb_writeoptions_disable_WAL(wo, 1);
            let mut err: *mut c_char = std::ptr::null_mut();

            let to = rocksdb_transactiondb_options_create();
            let path = CString::new(dir.0.to_str().unwrap()).unwrap();
            let tdb = rocksdb_transactiondb_open(o, to, path.as_ptr(), &mut err);
            assert!(err.is_null() && !tdb.is_null());
            rocksdb_transactiondb_put(tdb, wo, b"k".as_ptr() as *const c_char, 1, b"v".as_ptr() as *const c_char, 1, &mut err);
            assert!(err.is_null());
            rocksdb_transactiondb_close(tdb);
            println!("rocksdb_transactiondb_close returned");

            let opath = CString::new(odir.0.to_str().unwrap()).unwrap();
            let odb = rocksdb_optimistictransactiondb_open(o, opath.as_ptr(), &mut err);
            assert!(err.is_null() && !odb.is_null());
            let base = rocksdb_optimistictransactiondb_get_base_db(odb);
            crate::capi::db::rocksdb_put(base, wo, b"k".as_ptr() as *const c_char, 1, b"v".as_ptr() as *const c_char, 1, &mut err);
            assert!(err.is_null());
            rocksdb_optimistictransactiondb_close_base_db(base);
            rocksdb_optimistictransactiondb_close(odb);
            println!("rocksdb_optimistictransactiondb_close returned");

            rocksdb_transactiondb_options_destroy(to);
            rocksdb_writeoptions_destroy(wo);
            rocksdb_options_destroy(o);
        }
    }

    /// Issue 12 item 10: rocksdb_transactiondb_close and rocksdb_optimistictransactiondb_close
    /// ran outside the C layer's panic guard, so a panic during close unwound into C, which
    /// aborts the process. The child runs both closes with a panicking listener and must exit
    /// normally.
    #[test]
    fn transaction_db_close_keeps_a_panic_out_of_c() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["capi::transaction::tests::panicking_close_child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "child: {:?}\n{stdout}\n{stderr}", out.status);
        assert!(stdout.contains("rocksdb_transactiondb_close returned"), "{stdout}");
        assert!(stdout.contains("rocksdb_optimistictransactiondb_close returned"), "{stdout}");
        assert!(stdout.contains("1 passed"), "{stdout}");
    }
}
