//! Transactions over a `Db`: pessimistic (`TransactionDb`: point locks taken as keys are
//! written or read for update, two-phase commit with RocksDB's WAL markers, docs/format/write-batch.md
//! §2) and optimistic (`OptimisticTransactionDb`: no locks; at commit each key the transaction
//! touched is checked for a newer write than the transaction saw, else "Resource busy: ").
//! A transaction buffers its writes in a `WriteBatchWithIndex` (reads see them first) and
//! commits them atomically; with `commit_bypass_memtable` (or above the db's size threshold)
//! the commit installs the sorted writes as the newest immutable memtable
//! (`DbInner::commit_transaction`, src/db/txn_hooks.rs).
//!
//! Thread-safety: `TransactionDb`, `OptimisticTransactionDb` and `Transaction` are `Send + Sync`;
//! a transaction's own state sits behind a mutex (RocksDB allows one thread at a time per
//! transaction; ferrock makes concurrent use safe, not meaningful).

pub mod lock;
pub mod occ_buckets;
pub mod wbwi;

use crate::batch::{BatchRecord, WriteBatch};
use crate::db::{ColumnFamilyHandle, Db, PinnableSlice, Snapshot};
use crate::error::{Code, Error, Result};
use crate::key::ValueType;
use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
use crate::util::comparator::Comparator;
use lock::{LockManager, LockRequest, TxnId};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use wbwi::{BatchLookup, EntryKind, WriteBatchWithIndex};

pub use crate::db::DbIterator;
pub use wbwi::BaseDeltaIterator;

/// RocksDB's TransactionDBOptions (defaults as RocksDB's).
#[derive(Clone, Debug)]
pub struct TransactionDbOptions {
    /// Locks per column family; <= 0: unlimited.
    pub max_num_locks: i64,
    /// Lock table shards per column family (RocksDB's `num_stripes`, 16).
    pub num_stripes: usize,
    /// Lock wait of transactions whose own `lock_timeout` is negative, ms (<0: forever).
    pub transaction_lock_timeout: i64,
    /// Lock wait of the TransactionDb's own put/delete/write, ms.
    pub default_lock_timeout: i64,
    /// A commit of at least this many writes bypasses the memtable (0: never by size).
    pub txn_commit_bypass_memtable_threshold: u32,
    /// ferrock's own: a commit with fewer writes than this is inserted into the memtable even
    /// when `commit_bypass_memtable` asks for the bypass. The result is the same; switching
    /// memtables costs about as much as inserting a few dozen keys, and a stream of tiny
    /// immutable memtables slows every read and flush (db_bench randomtransaction with the
    /// bypass on every commit ran 9x slower). 0: every requested bypass happens, as in RocksDB.
    pub commit_bypass_min_writes: u32,
}

/// The default of [`TransactionDbOptions::commit_bypass_min_writes`].
pub const COMMIT_BYPASS_MIN_WRITES: u32 = 64;

impl Default for TransactionDbOptions {
    fn default() -> Self {
        TransactionDbOptions {
            max_num_locks: -1,
            num_stripes: 16,
            transaction_lock_timeout: 1000,
            default_lock_timeout: 1000,
            txn_commit_bypass_memtable_threshold: u32::MAX,
            commit_bypass_min_writes: COMMIT_BYPASS_MIN_WRITES,
        }
    }
}

/// RocksDB's TransactionOptions (defaults as RocksDB's).
#[derive(Clone, Debug)]
pub struct TransactionOptions {
    /// Take a snapshot at begin ([`Transaction::set_snapshot`]): later writes by others to
    /// keys this transaction writes or reads for update are conflicts.
    pub set_snapshot: bool,
    /// Detect deadlocks when waiting on a lock ("Resource busy: Deadlock").
    pub deadlock_detect: bool,
    /// ms; negative: the db's transaction_lock_timeout.
    pub lock_timeout: i64,
    /// ms after begin when other transactions may take this one's locks; negative: never.
    pub expiration: i64,
    /// How many waiting transactions deadlock detection follows (50).
    pub deadlock_detect_depth: i64,
    /// Bytes; 0: unlimited.
    pub max_write_batch_size: usize,
    /// Take no locks (the caller guarantees no conflicts, e.g. during recovery).
    pub skip_concurrency_control: bool,
    /// Commit large write sets as their own immutable memtable instead of inserting
    /// into the active one (RocksDB 11.8.1's `commit_bypass_memtable`).
    pub commit_bypass_memtable: bool,
    /// Whether `commit` may skip `prepare` (true, RocksDB's default).
    pub skip_prepare: bool,
}

impl Default for TransactionOptions {
    fn default() -> Self {
        TransactionOptions {
            set_snapshot: false,
            deadlock_detect: false,
            lock_timeout: -1,
            expiration: -1,
            deadlock_detect_depth: 50,
            max_write_batch_size: 0,
            skip_concurrency_control: false,
            commit_bypass_memtable: false,
            skip_prepare: true,
        }
    }
}

/// RocksDB's OptimisticTransactionOptions.
#[derive(Clone, Debug, Default)]
pub struct OptimisticTransactionOptions {
    /// Take a snapshot at begin: a key written by others after it and written or read for
    /// update by the transaction makes the commit fail with `Busy`.
    pub set_snapshot: bool,
}

/// RocksDB's OccValidationPolicy: how optimistic commits are validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OccValidationPolicy {
    /// In the write queue, one commit after the other.
    Serial = 0,
    /// Under the lock buckets of the transaction's keys (the default).
    Parallel = 1,
}

/// RocksDB's OptimisticTransactionDBOptions.
#[derive(Clone)]
pub struct OptimisticTransactionDbOptions {
    /// How commits are validated (RocksDB's default: in parallel under the lock buckets).
    pub validate_policy: OccValidationPolicy,
    /// Buckets a database makes for itself under kValidateParallel (RocksDB's default, 2^20).
    pub occ_lock_buckets: u32,
    /// Buckets shared with other databases instead of its own.
    pub shared_lock_buckets: Option<Arc<occ_buckets::OccLockBuckets>>,
}

impl Default for OptimisticTransactionDbOptions {
    fn default() -> Self {
        OptimisticTransactionDbOptions { validate_policy: OccValidationPolicy::Parallel, occ_lock_buckets: 1 << 20, shared_lock_buckets: None }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// Where a transaction is in its lifecycle (RocksDB's `Transaction::TransactionState`).
pub enum TxnState {
    /// Begun; takes writes.
    Started,
    /// Prepared (two-phase commit): its writes are in the WAL, not yet visible.
    Prepared,
    /// Committed: its writes are visible.
    Committed,
    /// Rolled back: its writes were dropped.
    RolledBack,
}

/// Timings of a transaction's last commit, nanoseconds (perf context).
pub use crate::db::CommitTimings;

pub(crate) struct Shared {
    db: Db,
    opts: TransactionDbOptions,
    locks: LockManager,
    optimistic: bool,
    /// Optimistic with parallel validation: the buckets a commit locks for its keys.
    occ_buckets: Option<Arc<occ_buckets::OccLockBuckets>>,
    next_id: AtomicU64,
    /// Named transactions (names are unique while alive).
    names: Mutex<HashMap<String, Weak<Transaction>>>,
    /// Prepared transactions recovered at open, owned here until decided.
    recovered: Mutex<Vec<Arc<Transaction>>>,
}

struct SavePoint {
    locks_len: usize,
    snapshot: Option<Snapshot>,
}

struct State {
    id: TxnId,
    opts: TransactionOptions,
    wo: WriteOptions,
    batch: WriteBatchWithIndex,
    snapshot: Option<Snapshot>,
    /// Keys this transaction locked (pessimistic), in locking order.
    locked: Vec<(u32, Vec<u8>)>,
    /// Optimistic: key → the sequence the transaction read or wrote it at.
    tracked: HashMap<(u32, Vec<u8>), u64>,
    save_points: Vec<SavePoint>,
    name: Option<String>,
    phase: TxnState,
    prepared_wal: Option<u64>,
    expire_at: Option<Instant>,
    last_timings: CommitTimings,
}

/// One transaction. Writes are buffered until `commit`; `rollback` discards them.
pub struct Transaction {
    shared: Arc<Shared>,
    st: Mutex<State>,
}

fn busy() -> Error {
    Error::busy("")
}

impl Shared {
    fn new_state(&self, wo: &WriteOptions, opts: &TransactionOptions) -> State {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let expire_at = if opts.expiration >= 0 { Some(Instant::now() + Duration::from_millis(opts.expiration as u64)) } else { None };
        let snapshot = if opts.set_snapshot { self.db.snapshot().ok() } else { None };
        State {
            id,
            opts: opts.clone(),
            wo: *wo,
            batch: WriteBatchWithIndex::default(),
            snapshot,
            locked: Vec::new(),
            tracked: HashMap::new(),
            save_points: Vec::new(),
            name: None,
            phase: TxnState::Started,
            prepared_wal: None,
            expire_at,
            last_timings: CommitTimings::default(),
        }
    }

    fn begin(self: &Arc<Self>, wo: &WriteOptions, opts: &TransactionOptions, old: Option<Arc<Transaction>>) -> Arc<Transaction> {
        match old {
            Some(t) => {
                {
                    let mut st = t.st.lock();
                    t.release_all(&mut st);
                    t.forget_name(&st);
                    *st = self.new_state(wo, opts);
                }
                t
            }
            None => Arc::new(Transaction { shared: self.clone(), st: Mutex::new(self.new_state(wo, opts)) }),
        }
    }
}

impl Transaction {
    /// A number unique to this transaction within the database (RocksDB's `GetID`).
    pub fn id(&self) -> u64 {
        self.st.lock().id
    }
    /// The transaction's state.
    pub fn state(&self) -> TxnState {
        self.st.lock().phase
    }
    /// The name given with [`set_name`](Self::set_name), for two-phase commit.
    pub fn name(&self) -> Option<String> {
        self.st.lock().name.clone()
    }
    /// How the last commit went (for the tests of the memtable bypass).
    #[cfg(test)]
    pub(crate) fn last_commit_timings(&self) -> CommitTimings {
        self.st.lock().last_timings
    }
    /// The transaction's writes so far.
    pub fn write_batch(&self) -> WriteBatch {
        self.st.lock().batch.write_batch().clone()
    }
    /// A copy of the transaction's indexed batch.
    pub fn indexed_batch(&self) -> WriteBatchWithIndex {
        self.st.lock().batch.clone()
    }
    /// The number of writes so far (RocksDB's `GetNumPuts` + deletes + merges).
    pub fn num_writes(&self) -> u32 {
        self.st.lock().batch.count()
    }

    /// Prepare's state check (RocksDB's PessimisticTransaction::Prepare). Writes, reads for
    /// update and save points check no state in RocksDB: a committed or rolled-back
    /// transaction takes writes, and its next commit or prepare refuses.
    fn check_preparable(st: &State) -> Result<()> {
        match st.phase {
            TxnState::Started => Ok(()),
            TxnState::Prepared => Err(Error::invalid_argument("Transaction has already been prepared.")),
            TxnState::Committed => Err(Error::invalid_argument("Transaction has already been committed.")),
            TxnState::RolledBack => Err(Error::invalid_argument("Transaction has already been rolledback.")),
        }
    }

    fn lock_timeout(&self, st: &State) -> i64 {
        if st.opts.lock_timeout < 0 {
            self.shared.opts.transaction_lock_timeout
        } else {
            st.opts.lock_timeout
        }
    }

    /// Pessimistic: locks the key (and validates it against the snapshot); optimistic: tracks
    /// the sequence it was seen at.
    fn track(&self, st: &mut State, cf: u32, key: &[u8], exclusive: bool, read_seq: Option<u64>) -> Result<()> {
        let db = &self.shared.db.inner;
        if self.shared.optimistic {
            let k = (cf, key.to_vec());
            if !st.tracked.contains_key(&k) {
                let seq = match (&st.snapshot, read_seq) {
                    (Some(s), _) => s.sequence_number(),
                    (None, Some(r)) => r,
                    (None, None) => db.last_sequence.load(Ordering::Acquire),
                };
                st.tracked.insert(k, seq);
            }
            return Ok(());
        }
        if st.opts.skip_concurrency_control {
            return Ok(());
        }
        let req = LockRequest {
            txn: st.id,
            exclusive,
            timeout_ms: self.lock_timeout(st),
            deadlock_detect: st.opts.deadlock_detect,
            deadlock_detect_depth: st.opts.deadlock_detect_depth,
            expire_at: st.expire_at,
        };
        // The clock is read only when the perf level asks for timings (it costs as much as
        // an uncontended lock).
        let t = crate::stats::perf::timing().then(Instant::now);
        let newly = self.shared.locks.lock(cf, key, &req);
        crate::stats::perf::add_key_lock_wait(t.map(|t| t.elapsed()).unwrap_or_default());
        let newly = newly?;
        if newly {
            st.locked.push((cf, key.to_vec()));
        }
        // With a snapshot, a write committed after it makes this transaction's write a conflict.
        let check_seq = read_seq.or(st.snapshot.as_ref().map(|s| s.sequence_number()));
        if let Some(seq) = check_seq {
            if let Some(latest) = db.latest_sequence_of_key(cf, key)? {
                if latest > seq {
                    if newly {
                        self.shared.locks.unlock(st.id, cf, key);
                        st.locked.pop();
                    }
                    return Err(busy());
                }
            }
        }
        Ok(())
    }

    /// RocksDB refuses a write that would take the batch past max_write_batch_size.
    fn check_batch_size(st: &State, adding: usize) -> Result<()> {
        if st.opts.max_write_batch_size > 0 && st.batch.data().len() + adding > st.opts.max_write_batch_size {
            return Err(Error::with_subcode(Code::Aborted, crate::error::SubCode::MemoryLimit, ""));
        }
        Ok(())
    }

    /// Writes `key` = `value` in `cf` inside the transaction. A pessimistic transaction first
    /// locks the key: `TimedOut` (LockTimeout) when another transaction holds it past the lock
    /// timeout, `Busy` on a conflict with the transaction's snapshot.
    pub fn put_cf(&self, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        let mut st = self.st.lock();
        Self::check_batch_size(&st, key.len() + value.len() + 3)?;
        self.track(&mut st, cf.id(), key, true, None)?;
        st.batch.put_cf(cf.id(), key, value);
        Ok(())
    }
    /// `put_cf` in the default column family.
    pub fn put(&self, key: &[u8], value: &[u8]) -> Result<()> {
        self.put_cf(&default_cf(), key, value)
    }
    /// Deletes `key` in `cf` inside the transaction (locks as `put_cf` does).
    pub fn delete_cf(&self, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let mut st = self.st.lock();
        self.track(&mut st, cf.id(), key, true, None)?;
        st.batch.delete_cf(cf.id(), key);
        Ok(())
    }
    /// `delete_cf` in the default column family.
    pub fn delete(&self, key: &[u8]) -> Result<()> {
        self.delete_cf(&default_cf(), key)
    }
    /// `SingleDelete` of `key` in `cf` inside the transaction (locks as `put_cf` does).
    pub fn single_delete_cf(&self, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let mut st = self.st.lock();
        self.track(&mut st, cf.id(), key, true, None)?;
        st.batch.single_delete_cf(cf.id(), key);
        Ok(())
    }
    /// Records a merge operand; reads inside the transaction resolve it over the database's
    /// value with the column family's merge operator.
    /// A dropped family's handle is not refused here (RocksDB's handle still holds the
    /// family's options, and the optimistic TryLock only tracks the key): the commit's write
    /// refuses it (difftest seed 32).
    pub fn merge_cf(&self, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        match self.shared.db.inner.cf_for_handle(cf) {
            Ok(c) if c.opts().merge_operator.is_none() => {
                return Err(Error::not_supported("Provide a merge_operator when opening DB"));
            }
            Ok(_) => {}
            Err(e) if e.code() == crate::error::Code::InvalidArgument => {}
            Err(e) => return Err(e),
        }
        let mut st = self.st.lock();
        Self::check_batch_size(&st, key.len() + value.len() + 3)?;
        self.track(&mut st, cf.id(), key, true, None)?;
        st.batch.merge_cf(cf.id(), key, value);
        Ok(())
    }
    /// `merge_cf` in the default column family.
    pub fn merge(&self, key: &[u8], value: &[u8]) -> Result<()> {
        self.merge_cf(&default_cf(), key, value)
    }
    /// Writes without locking or conflict checking (RocksDB's PutUntracked).
    pub fn put_untracked_cf(&self, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        let mut st = self.st.lock();
        st.batch.put_cf(cf.id(), key, value);
        Ok(())
    }
    /// Deletes without locking or conflict checking (RocksDB's DeleteUntracked).
    pub fn delete_untracked_cf(&self, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let mut st = self.st.lock();
        st.batch.delete_cf(cf.id(), key);
        Ok(())
    }
    /// Adds a blob to the transaction's WAL record, not applied to the database.
    pub fn put_log_data(&self, blob: &[u8]) {
        self.st.lock().batch.put_log_data(blob);
    }

    /// The transaction's own write, else the database at `ro` (its snapshot, if any).
    pub fn get_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let st = self.st.lock();
        match st.batch.get_from_batch_cf(cf.id(), key) {
            BatchLookup::Found(v) => return Ok(Some(v.to_vec())),
            BatchLookup::Deleted => return Ok(None),
            BatchLookup::Merge => {
                let op = self.shared.db.inner.cf_for_handle(cf)?.opts().merge_operator.clone();
                return st.batch.resolve(op.as_deref(), cf.id(), key, || self.shared.db.get_cf(ro, cf, key));
            }
            BatchLookup::NotInBatch => {}
        }
        drop(st);
        self.shared.db.get_cf(ro, cf, key)
    }
    /// `get_cf` in the default column family.
    pub fn get(&self, ro: &ReadOptions, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.get_cf(ro, &default_cf(), key)
    }
    /// `get_cf`, the value as a [`PinnableSlice`].
    pub fn get_pinned_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<PinnableSlice>> {
        Ok(self.get_cf(ro, cf, key)?.map(|data| PinnableSlice { data }))
    }

    /// Locks the key (exclusive unless `exclusive` is false) and reads it; with a snapshot, a
    /// write committed after the snapshot is a conflict ("Resource busy: ").
    pub fn get_for_update_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8], exclusive: bool) -> Result<Option<Vec<u8>>> {
        {
            let mut st = self.st.lock();
            let read_seq = ro.snapshot.as_ref().map(|s| s.sequence_number());
            self.track(&mut st, cf.id(), key, exclusive, read_seq)?;
        }
        self.get_cf(ro, cf, key)
    }
    /// `get_for_update_cf` in the default column family.
    pub fn get_for_update(&self, ro: &ReadOptions, key: &[u8], exclusive: bool) -> Result<Option<Vec<u8>>> {
        self.get_for_update_cf(ro, &default_cf(), key, exclusive)
    }

    /// `get_cf` for each (column family, key), in order.
    pub fn multi_get_cf(&self, ro: &ReadOptions, keys: &[(&ColumnFamilyHandle, &[u8])]) -> Vec<Result<Option<Vec<u8>>>> {
        keys.iter().map(|(cf, k)| self.get_cf(ro, cf, k)).collect()
    }
    /// `get_for_update_cf` (exclusive) for each (column family, key), in order.
    pub fn multi_get_for_update_cf(&self, ro: &ReadOptions, keys: &[(&ColumnFamilyHandle, &[u8])]) -> Vec<Result<Option<Vec<u8>>>> {
        keys.iter().map(|(cf, k)| self.get_for_update_cf(ro, cf, k, true)).collect()
    }

    /// The transaction's writes merged over the database at `ro`.
    pub fn iter_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle) -> Result<BaseDeltaIterator> {
        let base = self.shared.db.iter_cf(ro, cf)?;
        let st = self.st.lock();
        let mut it = st.batch.iter_with_base(cf.id(), base);
        it.set_bounds(ro.iterate_lower_bound.clone(), ro.iterate_upper_bound.clone());
        Ok(it)
    }

    /// Takes a snapshot now; conflicts are then checked against it (RocksDB's `SetSnapshot`).
    pub fn set_snapshot(&self) {
        let mut st = self.st.lock();
        st.snapshot = self.shared.db.snapshot().ok();
    }
    /// Drops the transaction's snapshot (RocksDB's `ClearSnapshot`).
    pub fn clear_snapshot(&self) {
        self.st.lock().snapshot = None;
    }
    /// The transaction's snapshot, if one was set; pass it in `ReadOptions::snapshot` to read
    /// at it.
    pub fn snapshot(&self) -> Option<Snapshot> {
        self.st.lock().snapshot.clone()
    }

    /// Marks a point [`rollback_to_save_point`](Self::rollback_to_save_point) returns to.
    pub fn set_save_point(&self) {
        let mut st = self.st.lock();
        st.batch.set_save_point();
        let sp = SavePoint { locks_len: st.locked.len(), snapshot: st.snapshot.clone() };
        st.save_points.push(sp);
    }
    /// Undoes the writes since the last save point and releases the locks taken since then.
    /// A pessimistic transaction past STARTED refuses before its save points are looked at
    /// (RocksDB's PessimisticTransaction::RollbackToSavePoint); none set is "NotFound: " with
    /// no message (TransactionBaseImpl::RollbackToSavePoint).
    pub fn rollback_to_save_point(&self) -> Result<()> {
        let mut st = self.st.lock();
        if !self.shared.optimistic && st.phase != TxnState::Started {
            return Err(Error::invalid_argument("Transaction is beyond state for rollback."));
        }
        let sp = st.save_points.pop().ok_or_else(|| Error::not_found(""))?;
        st.batch.rollback_to_save_point()?;
        let released: Vec<(u32, Vec<u8>)> = st.locked.drain(sp.locks_len..).collect();
        for (cf, k) in released {
            self.shared.locks.unlock(st.id, cf, &k);
        }
        st.snapshot = sp.snapshot;
        Ok(())
    }
    /// Forgets the last save point; NotFound when there is none.
    pub fn pop_save_point(&self) -> Result<()> {
        let mut st = self.st.lock();
        st.save_points.pop().ok_or_else(|| Error::not_found(""))?;
        st.batch.pop_save_point()
    }

    /// RocksDB 11.8.1's PessimisticTransaction::SetName: the state, then an earlier name, then
    /// the length, then a live transaction of that name ("Duplicate txn name X", from
    /// RegisterTransaction; 7.8.3 said "Transaction name must be unique." before the length).
    pub fn set_name(self: &Arc<Self>, name: &str) -> Result<()> {
        if self.shared.optimistic {
            return Err(Error::invalid_argument("Optimistic transactions cannot be named."));
        }
        let mut st = self.st.lock();
        if st.phase != TxnState::Started {
            return Err(Error::invalid_argument("Transaction is beyond state for naming."));
        }
        if st.name.is_some() {
            return Err(Error::invalid_argument("Transaction has already been named."));
        }
        if name.is_empty() || name.len() > 512 {
            return Err(Error::invalid_argument("Transaction name length must be between 1 and 512 chars."));
        }
        let mut names = self.shared.names.lock();
        if names.get(name).is_some_and(|w| w.strong_count() > 0) {
            return Err(Error::invalid_argument(format!("Duplicate txn name {name}")));
        }
        names.insert(name.to_string(), Arc::downgrade(self));
        st.name = Some(name.to_string());
        Ok(())
    }

    /// Unregisters the transaction's name unless another transaction holds it by now: a
    /// commit gives the name up at once (RocksDB's UnregisterTransaction in Commit), so a new
    /// transaction may have taken it before this one is reused or dropped.
    fn forget_name(&self, st: &State) {
        if let Some(n) = &st.name {
            let mut names = self.shared.names.lock();
            if names.get(n).is_some_and(|w| std::ptr::eq(w.as_ptr(), self)) {
                names.remove(n);
            }
        }
    }

    /// A decided transaction recovered at open is the application's alone: the database stops
    /// holding it, so a rolled-back one's name is free once the application lets it go (as a
    /// deleted one is in RocksDB). Called without the state lock (`prepared_transactions`
    /// takes the list's lock, then each state's).
    fn leave_recovered(&self) {
        self.shared.recovered.lock().retain(|t| !std::ptr::eq(Arc::as_ptr(t), self));
    }

    /// Two-phase commit, phase one: logs the writes with BeginPrepare/EndPrepare(name).
    /// RocksDB's order: the name, the expiry, then the state. A prepared transaction no longer
    /// expires.
    pub fn prepare(&self) -> Result<()> {
        let mut st = self.st.lock();
        if self.shared.optimistic {
            return Err(Error::invalid_argument("Two phase commit not supported for optimistic transactions."));
        }
        let name = st.name.clone().ok_or_else(|| Error::invalid_argument("Cannot prepare a transaction that has not been named."))?;
        Self::check_expired(&st)?;
        Self::check_preparable(&st)?;
        let wal = self.shared.db.inner.write_prepare(&st.wo, name.as_bytes(), st.batch.write_batch())?;
        st.prepared_wal = Some(wal);
        st.phase = TxnState::Prepared;
        st.expire_at = None;
        Ok(())
    }

    fn check_expired(st: &State) -> Result<()> {
        if st.expire_at.is_some_and(|t| t <= Instant::now()) {
            return Err(Error::new(Code::Expired, ""));
        }
        Ok(())
    }

    /// Optimistic: validates and writes whatever the transaction holds, in any state (RocksDB's
    /// OptimisticTransaction has none). Pessimistic (RocksDB's PessimisticTransaction::Commit):
    /// the expiry first, then the state; a started transaction with `skip_prepare` off and no
    /// expiration answers "Txn not prepared" (11.8.1's Status::TxnNotPrepared()).
    pub fn commit(&self) -> Result<()> {
        let r = self.commit_locked();
        if r.is_ok() {
            self.leave_recovered();
        }
        r
    }

    fn commit_locked(&self) -> Result<()> {
        let mut st = self.st.lock();
        let db = self.shared.db.inner.clone();
        if !self.shared.optimistic {
            if let Err(e) = Self::check_expired(&st) {
                // An expired transaction's locks may belong to others now: it cannot commit.
                if st.phase == TxnState::Started {
                    st.phase = TxnState::RolledBack;
                    self.release_all(&mut st);
                }
                return Err(e);
            }
            match st.phase {
                TxnState::Prepared => {}
                // RocksDB skips the skip_prepare check when the transaction can expire (its
                // compare-and-swap from STARTED commits without a prepare).
                TxnState::Started if st.opts.skip_prepare || st.expire_at.is_some() => {}
                TxnState::Started => return Err(Error::with_subcode(Code::InvalidArgument, crate::error::SubCode::TxnNotPrepared, "")),
                TxnState::Committed => return Err(Error::invalid_argument("Transaction has already been committed.")),
                TxnState::RolledBack => return Err(Error::invalid_argument("Transaction has already been rolledback.")),
            }
        }
        let bypass_wanted = !self.shared.optimistic
            && st.batch.count() > 0
            && st.batch.count() >= self.shared.opts.commit_bypass_min_writes
            && (st.opts.commit_bypass_memtable
                || (self.shared.opts.txn_commit_bypass_memtable_threshold > 0
                    && st.batch.count() >= self.shared.opts.txn_commit_bypass_memtable_threshold));
        let xid_owned = st.name.clone();
        let xid = match (st.phase, st.prepared_wal, &xid_owned) {
            (TxnState::Prepared, Some(wal), Some(n)) => Some((n.as_bytes(), wal)),
            _ => None,
        };
        let batch_ref = &st.batch;
        let inner = &self.shared.db.inner;
        let comparator_of = |cf: u32| inner.cf(cf).map(|c| c.user_comparator().clone()).unwrap_or_default();
        let build = |first_seq: u64| sorted_entries(batch_ref, &comparator_of, first_seq);
        let tracked = &st.tracked;
        let validate = |inner: &crate::db::DbInner| -> Result<()> {
            for ((cf, key), seq) in tracked {
                if let Some(latest) = inner.latest_sequence_of_key(*cf, key)? {
                    if latest > *seq {
                        return Err(busy());
                    }
                }
            }
            Ok(())
        };
        // RocksDB's CommitWithParallelValidate: the keys' buckets are held around validation
        // and the write (seeded by this database, so databases sharing buckets differ).
        let seed = Arc::as_ptr(&self.shared) as usize as u64;
        let _buckets = self.shared.occ_buckets.as_ref().map(|b| b.lock(seed, tracked.keys().map(|(cf, k)| (*cf, &k[..]))));
        let result = db.commit_transaction(
            &st.wo,
            st.batch.write_batch(),
            xid,
            if bypass_wanted { Some(&build) } else { None },
            if self.shared.optimistic { Some(&validate) } else { None },
        );
        match result {
            Ok((_, timings)) => {
                crate::stats::perf::add_commit(timings);
                st.last_timings = timings;
                if !self.shared.optimistic {
                    st.phase = TxnState::Committed;
                }
                self.release_all(&mut st);
                // RocksDB's Commit unregisters the name: a new transaction may take it.
                self.forget_name(&st);
                Ok(())
            }
            // A failed commit keeps the transaction as it was (RocksDB clears it only on
            // success): an optimistic conflict answers again until it is rolled back.
            Err(e) => Err(e),
        }
    }

    /// Optimistic: clears the transaction, always OK. Pessimistic: RocksDB's
    /// PessimisticTransaction::Rollback.
    pub fn rollback(&self) -> Result<()> {
        let r = self.rollback_locked();
        if r.is_ok() && self.state() == TxnState::RolledBack {
            self.leave_recovered();
        }
        r
    }

    fn rollback_locked(&self) -> Result<()> {
        let mut st = self.st.lock();
        if self.shared.optimistic {
            self.release_all(&mut st);
            return Ok(());
        }
        match st.phase {
            TxnState::Committed => return Err(Error::invalid_argument("This transaction has already been committed.")),
            TxnState::Prepared => {
                if let (Some(n), Some(wal)) = (st.name.clone(), st.prepared_wal) {
                    self.shared.db.inner.write_rollback_prepared(&st.wo, n.as_bytes(), wal)?;
                }
            }
            TxnState::Started => {
                // RocksDB's Rollback before a prepare only clears the transaction: it stays
                // started and takes more writes and a commit.
                self.release_all(&mut st);
                return Ok(());
            }
            TxnState::RolledBack => return Err(Error::invalid_argument("Two phase transaction is not in state for rollback.")),
        }
        st.phase = TxnState::RolledBack;
        self.release_all(&mut st);
        Ok(())
    }

    fn release_all(&self, st: &mut State) {
        let id = st.id;
        for (cf, k) in st.locked.drain(..) {
            self.shared.locks.unlock(id, cf, &k);
        }
        st.tracked.clear();
        st.batch.clear();
        st.save_points.clear();
        if st.phase == TxnState::Prepared {
            if let Some(w) = st.prepared_wal.take() {
                self.shared.db.inner.txn.unpin_wal(w);
            }
        }
        st.prepared_wal = None;
        // The snapshot stays: RocksDB's Clear() after a commit or a rollback keeps it (only
        // Reinitialize or ClearSnapshot drops it), so writes after it still validate
        // against it (found by the differential test, seed 207).
    }

    /// Adds `batch`'s writes to the transaction, record by record, as if each were written
    /// through it (RocksDB's RebuildFromWriteBatch and its IndexedWriteBatchBuilder): each key
    /// is locked (pessimistic) or tracked (optimistic), and the first refusal stops it, with
    /// the records before it kept. Log data is dropped (the builder's LogData does nothing);
    /// what the builder has no handler for is refused with RocksDB's handler's status.
    pub fn rebuild_from_write_batch(&self, batch: &WriteBatch) -> Result<()> {
        // RocksDB's builder asks the database for the record's family handle, which is null
        // for a family that is dropped (or never was), and a null handle is the default
        // family's: such records go to the default family (found by the differential test).
        let handle = |cf: u32| {
            let id = if self.shared.db.inner.cf(cf).is_ok() { cf } else { 0 };
            ColumnFamilyHandle { id, name: self.shared.db.inner.cf_name(id) }
        };
        batch.for_each(|r| match r {
            BatchRecord::Put { cf, key, value } => self.put_cf(&handle(cf), key, value),
            BatchRecord::Delete { cf, key } => self.delete_cf(&handle(cf), key),
            BatchRecord::SingleDelete { cf, key } => self.single_delete_cf(&handle(cf), key),
            BatchRecord::Merge { cf, key, value } => self.merge_cf(&handle(cf), key, value),
            BatchRecord::LogData(_) => Ok(()),
            BatchRecord::PutEntity { .. } => Err(Error::not_supported("wide columns")),
            BatchRecord::DeleteRange { .. } => Err(Error::invalid_argument("DeleteRangeCF not implemented")),
            BatchRecord::BlobIndex { .. } => Err(Error::invalid_argument("PutBlobIndexCF not implemented")),
            BatchRecord::Noop => Err(Error::invalid_argument("MarkNoop() handler not defined.")),
            BatchRecord::BeginPrepare | BatchRecord::EndPrepare(_) | BatchRecord::Commit(_) | BatchRecord::Rollback(_) => {
                Err(Error::invalid_argument(""))
            }
        })
    }

    /// Locks `keys` for a write that bypasses the transaction's own batch (the TransactionDB's
    /// Write: RocksDB's CommitBatch), then writes `batch` as it is and releases the locks.
    fn commit_batch(&self, keys: &std::collections::BTreeSet<(u32, Vec<u8>)>, batch: &WriteBatch) -> Result<()> {
        {
            let mut st = self.st.lock();
            for (cf, k) in keys {
                self.track(&mut st, *cf, k, true, None)?;
            }
            st.batch.rebuild_from(batch)?;
        }
        self.commit()
    }
}

impl Drop for Transaction {
    fn drop(&mut self) {
        let mut st = self.st.lock();
        // A prepared transaction dropped without a decision stays prepared in the WAL (RocksDB
        // keeps it for recovery); its locks go.
        let phase = st.phase;
        let id = st.id;
        for (cf, k) in st.locked.drain(..) {
            self.shared.locks.unlock(id, cf, &k);
        }
        if phase != TxnState::Prepared {
            self.forget_name(&st);
        }
    }
}

/// The transaction's writes as sorted internal entries per column family (in the order of its
/// comparator, `comparator_of`), sequence numbers counted from `first_seq` in batch order.
fn sorted_entries(
    batch: &WriteBatchWithIndex,
    comparator_of: &dyn Fn(u32) -> crate::util::comparator::Comparator,
    first_seq: u64,
) -> crate::db::SortedEntries {
    let mut out = Vec::new();
    for cf in batch.column_families() {
        let mut list = Vec::new();
        for (key, newest) in batch.entries_cf(cf, &comparator_of(cf)) {
            // A key ending in merge operands keeps every operand and the record under them
            // (newest first, the memtable's order), so the engine resolves them as it would
            // after inserting each record.
            let records = match newest.kind {
                EntryKind::Merge => batch.merge_records(cf, key).unwrap_or_else(|| vec![*newest]),
                _ => vec![*newest],
            };
            for e in &records {
                let t = match e.kind {
                    EntryKind::Put => ValueType::Value,
                    EntryKind::Delete => ValueType::Deletion,
                    EntryKind::SingleDelete => ValueType::SingleDeletion,
                    EntryKind::Merge => ValueType::Merge,
                };
                let mut ikey = Vec::with_capacity(key.len() + 8);
                crate::key::append_internal_key(&mut ikey, key, first_seq + e.ordinal as u64, t as u8);
                list.push((ikey, batch.entry_value(e).to_vec()));
            }
        }
        out.push((cf, list));
    }
    out
}

fn default_cf() -> ColumnFamilyHandle {
    ColumnFamilyHandle { id: 0, name: "default".into() }
}

/// A database whose writes go through pessimistic transactions (RocksDB's `TransactionDB`):
/// a transaction locks each key it writes or reads for update, so a conflict shows at the
/// write (`TimedOut`, `Busy`), not at the commit. It opens the database with `allow_2pc`,
/// so transactions may also [`prepare`](Transaction::prepare) and survive a crash prepared.
///
/// ```
/// use ferrock::{Options, ReadOptions, TransactionDb, TransactionDbOptions, TransactionOptions, WriteOptions};
/// let dir = std::env::temp_dir().join(format!("ferrock-doc-txn-{}", std::process::id()));
/// let mut opts = Options::default();
/// opts.create_if_missing = true;
/// let db = TransactionDb::open(&opts, &TransactionDbOptions::default(), &dir)?;
/// let txn = db.begin(&WriteOptions::default(), &TransactionOptions::default(), None);
/// txn.put(b"k", b"v")?;
/// assert_eq!(db.get_cf(&ReadOptions::new(), &db.db().default_column_family(), b"k")?, None);
/// txn.commit()?;
/// assert_eq!(db.get_cf(&ReadOptions::new(), &db.db().default_column_family(), b"k")?, Some(b"v".to_vec()));
/// db.close()?;
/// # ferrock::Db::destroy(&Options::default(), &dir)?;
/// # Ok::<(), ferrock::Error>(())
/// ```
#[derive(Clone)]
pub struct TransactionDb {
    shared: Arc<Shared>,
}

/// A pessimistic TransactionDB opens its database with allow_2pc, as RocksDB's PrepareWrap does.
fn with_2pc(opts: &Options) -> Options {
    Options { allow_2pc: true, ..opts.clone() }
}

impl TransactionDb {
    /// Opens (or with `create_if_missing` creates) the database at `path` for transactions
    /// (RocksDB's `TransactionDB::Open`); prepared transactions found in the WAL come back in
    /// the prepared state ([`prepared_transactions`](Self::prepared_transactions)). Errors as
    /// [`Db::open`].
    pub fn open(opts: &Options, txn_opts: &TransactionDbOptions, path: impl AsRef<Path>) -> Result<TransactionDb> {
        let db = Db::open(&with_2pc(opts), path)?;
        Ok(Self::wrap(db, txn_opts, false, None))
    }

    /// `open` with column families: `cfs` names every column family of the database with its
    /// options (as [`Db::open_cf`]); returns their handles in that order.
    pub fn open_cf(
        opts: &Options,
        txn_opts: &TransactionDbOptions,
        path: impl AsRef<Path>,
        cfs: &[(String, Options)],
    ) -> Result<(TransactionDb, Vec<Arc<ColumnFamilyHandle>>)> {
        let (db, handles) = Db::open_cf(&with_2pc(opts), path, cfs)?;
        Ok((Self::wrap(db, txn_opts, false, None), handles))
    }

    fn wrap(db: Db, txn_opts: &TransactionDbOptions, optimistic: bool, occ_buckets: Option<Arc<occ_buckets::OccLockBuckets>>) -> TransactionDb {
        let recovered = db.inner.txn.take_recovered();
        let shared = Arc::new(Shared {
            db,
            opts: txn_opts.clone(),
            locks: LockManager::new(txn_opts.num_stripes, txn_opts.max_num_locks),
            optimistic,
            occ_buckets,
            next_id: AtomicU64::new(1),
            names: Mutex::new(HashMap::new()),
            recovered: Mutex::new(Vec::new()),
        });
        // Recovered prepared transactions hold their keys' locks again and wait for a decision.
        for p in recovered {
            let t = shared.begin(&WriteOptions::default(), &TransactionOptions::default(), None);
            {
                let mut st = t.st.lock();
                let name = String::from_utf8_lossy(&p.xid).into_owned();
                let _ = st.batch.rebuild_from(&p.batch);
                let keys: Vec<(u32, Vec<u8>)> = st
                    .batch
                    .column_families()
                    .flat_map(|cf| st.batch.entries_cf(cf, &Comparator::Bytewise).into_iter().map(move |(k, _)| (cf, k.to_vec())))
                    .collect();
                for (cf, k) in keys {
                    let req = LockRequest { txn: st.id, exclusive: true, timeout_ms: 0, deadlock_detect: false, deadlock_detect_depth: 0, expire_at: None };
                    if let Ok(true) = shared.locks.lock(cf, &k, &req) {
                        st.locked.push((cf, k));
                    }
                }
                shared.names.lock().insert(name.clone(), Arc::downgrade(&t));
                st.name = Some(name);
                st.phase = TxnState::Prepared;
                st.prepared_wal = Some(p.wal);
            }
            shared.recovered.lock().push(t);
        }
        TransactionDb { shared }
    }

    /// Begins a transaction whose commit writes with `wo` (RocksDB's `BeginTransaction`).
    /// `old`, a finished transaction, is reused instead of allocating a new one.
    pub fn begin(&self, wo: &WriteOptions, opts: &TransactionOptions, old: Option<Arc<Transaction>>) -> Arc<Transaction> {
        self.shared.begin(wo, opts, old)
    }

    /// Every transaction in the prepared state: the ones recovered at open (the database holds
    /// them until they are decided, as RocksDB does) and live ones.
    pub fn prepared_transactions(&self) -> Vec<Arc<Transaction>> {
        let mut out: Vec<Arc<Transaction>> = {
            let mut rec = self.shared.recovered.lock();
            rec.retain(|t| t.state() == TxnState::Prepared);
            rec.clone()
        };
        // The named ones are taken first and their states read after the names' lock is
        // released: `set_name` takes a state's lock, then the names'.
        let named: Vec<Arc<Transaction>> = self.shared.names.lock().values().filter_map(|w| w.upgrade()).collect();
        for t in named {
            if !out.iter().any(|o| Arc::ptr_eq(o, &t)) && t.state() == TxnState::Prepared {
                out.push(t);
            }
        }
        out
    }

    /// The live or recovered transaction with this name (RocksDB's `GetTransactionByName`).
    pub fn transaction_by_name(&self, name: &str) -> Option<Arc<Transaction>> {
        self.shared.names.lock().get(name).and_then(|w| w.upgrade())
    }

    /// The database under the transactions (RocksDB's `GetBaseDB`), for reads and for what
    /// transactions do not cover.
    pub fn db(&self) -> &Db {
        &self.shared.db
    }
    /// The options the database was opened with.
    pub fn options(&self) -> &TransactionDbOptions {
        &self.shared.opts
    }
    /// The number of keys locked now, over all column families.
    pub fn num_locks(&self) -> i64 {
        self.shared.locks.num_locks()
    }

    /// A one-write transaction under the db's default lock timeout (RocksDB's
    /// PessimisticTransactionDB::Put).
    fn write_locked(&self, wo: &WriteOptions, batch: WriteBatch) -> Result<()> {
        let opts = TransactionOptions { lock_timeout: self.shared.opts.default_lock_timeout, ..Default::default() };
        let t = self.begin(wo, &opts, None);
        t.rebuild_from_write_batch(&batch)?;
        t.commit()
    }
    /// Writes `key` = `value` in `cf` as a one-write transaction (RocksDB's
    /// `TransactionDB::Put`): waits for a transaction holding the key's lock up to
    /// `default_lock_timeout`, then fails with `TimedOut`.
    pub fn put_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.put_cf(cf.id(), key, value);
        self.write_locked(wo, b)
    }
    /// `put_cf` in the default column family.
    pub fn put(&self, wo: &WriteOptions, key: &[u8], value: &[u8]) -> Result<()> {
        self.put_cf(wo, &default_cf(), key, value)
    }
    /// Deletes `key` in `cf` as a one-write transaction (locks as `put_cf` does).
    pub fn delete_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.delete_cf(cf.id(), key);
        self.write_locked(wo, b)
    }
    /// Adds a merge operand as a one-write transaction (locks as `put_cf` does).
    pub fn merge_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.merge_cf(cf.id(), key, value);
        self.write_locked(wo, b)
    }
    /// `merge_cf` in the default column family.
    pub fn merge(&self, wo: &WriteOptions, key: &[u8], value: &[u8]) -> Result<()> {
        self.merge_cf(wo, &default_cf(), key, value)
    }
    /// RocksDB's PessimisticTransactionDB::Write: the keys of the batch's puts, merges and
    /// deletes are locked (in sorted order, so concurrent writes cannot deadlock each other)
    /// and the batch is written as it is. What LockBatch's handler has no override for is
    /// refused before anything is locked, with the default handler's status: a range
    /// deletion, a single deletion outside the default family (one in the default family is
    /// written without a lock), a blob index.
    pub fn write(&self, wo: &WriteOptions, batch: &WriteBatch) -> Result<()> {
        let mut keys = std::collections::BTreeSet::new();
        batch.for_each(|r| match r {
            BatchRecord::Put { cf, key, .. }
            | BatchRecord::PutEntity { cf, key, .. }
            | BatchRecord::Merge { cf, key, .. }
            | BatchRecord::Delete { cf, key } => {
                keys.insert((cf, key.to_vec()));
                Ok(())
            }
            BatchRecord::SingleDelete { cf: 0, .. } | BatchRecord::LogData(_) => Ok(()),
            BatchRecord::SingleDelete { .. } => {
                Err(Error::invalid_argument("non-default column family and SingleDeleteCF not implemented"))
            }
            BatchRecord::DeleteRange { .. } => Err(Error::invalid_argument("DeleteRangeCF not implemented")),
            BatchRecord::BlobIndex { .. } => Err(Error::invalid_argument("PutBlobIndexCF not implemented")),
            BatchRecord::Noop => Err(Error::invalid_argument("MarkNoop() handler not defined.")),
            BatchRecord::BeginPrepare => Err(Error::invalid_argument("MarkBeginPrepare() handler not defined.")),
            BatchRecord::EndPrepare(_) => Err(Error::invalid_argument("MarkEndPrepare() handler not defined.")),
            BatchRecord::Commit(_) => Err(Error::invalid_argument("MarkCommit() handler not defined.")),
            BatchRecord::Rollback(_) => Err(Error::invalid_argument("MarkRollbackPrepare() handler not defined.")),
        })?;
        let opts = TransactionOptions { lock_timeout: self.shared.opts.default_lock_timeout, ..Default::default() };
        self.begin(wo, &opts, None).commit_batch(&keys, batch)
    }
    /// Reads `key` from `cf` without a lock (the database's latest value, or at `ro.snapshot`).
    pub fn get_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.shared.db.get_cf(ro, cf, key)
    }
    /// Flushes the default column family's memtable ([`Db::flush`]).
    pub fn flush(&self, fo: &FlushOptions) -> Result<()> {
        self.shared.db.flush(fo)
    }
    /// Closes the database ([`Db::close`]); prepared transactions stay in the WAL.
    pub fn close(&self) -> Result<()> {
        self.shared.db.close()
    }
}

/// A database whose transactions check for conflicts only at commit (RocksDB's
/// `OptimisticTransactionDB`): no locks; a commit fails with `Busy` when a key the transaction
/// wrote or read for update was written by someone else since the transaction saw it.
#[derive(Clone)]
pub struct OptimisticTransactionDb {
    shared: Arc<Shared>,
}

impl OptimisticTransactionDb {
    /// Opens (or with `create_if_missing` creates) the database at `path` for optimistic
    /// transactions (RocksDB's `OptimisticTransactionDB::Open`). Errors as [`Db::open`].
    pub fn open(opts: &Options, path: impl AsRef<Path>) -> Result<OptimisticTransactionDb> {
        let db = Db::open(opts, path)?;
        Ok(Self::wrap(db))
    }
    /// `open` with column families, as [`Db::open_cf`].
    pub fn open_cf(opts: &Options, path: impl AsRef<Path>, cfs: &[(String, Options)]) -> Result<(OptimisticTransactionDb, Vec<Arc<ColumnFamilyHandle>>)> {
        let (db, handles) = Db::open_cf(opts, path, cfs)?;
        Ok((Self::wrap(db), handles))
    }
    /// With RocksDB's OptimisticTransactionDBOptions.
    pub fn open_with_options(opts: &Options, otxn: &OptimisticTransactionDbOptions, path: impl AsRef<Path>) -> Result<OptimisticTransactionDb> {
        let db = Db::open(opts, path)?;
        Ok(Self::wrap_with(db, otxn))
    }
    fn wrap(db: Db) -> OptimisticTransactionDb {
        Self::wrap_with(db, &OptimisticTransactionDbOptions::default())
    }
    fn wrap_with(db: Db, otxn: &OptimisticTransactionDbOptions) -> OptimisticTransactionDb {
        let buckets = match otxn.validate_policy {
            OccValidationPolicy::Serial => None,
            OccValidationPolicy::Parallel => Some(
                otxn.shared_lock_buckets
                    .clone()
                    .unwrap_or_else(|| Arc::new(occ_buckets::OccLockBuckets::new(otxn.occ_lock_buckets as usize, false))),
            ),
        };
        let t = TransactionDb::wrap(db, &TransactionDbOptions::default(), true, buckets);
        OptimisticTransactionDb { shared: t.shared }
    }
    /// Begins an optimistic transaction whose commit writes with `wo`; `old`, a finished
    /// transaction, is reused.
    pub fn begin(&self, wo: &WriteOptions, opts: &OptimisticTransactionOptions, old: Option<Arc<Transaction>>) -> Arc<Transaction> {
        let o = TransactionOptions { set_snapshot: opts.set_snapshot, ..Default::default() };
        self.shared.begin(wo, &o, old)
    }
    /// The database under the transactions (RocksDB's GetBaseDB).
    pub fn base_db(&self) -> &Db {
        &self.shared.db
    }
    /// Closes the database ([`Db::close`]).
    pub fn close(&self) -> Result<()> {
        self.shared.db.close()
    }
}

#[cfg(test)]
mod tests;
