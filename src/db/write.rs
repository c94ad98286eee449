//! The write path: group commit. Writers queue up; the writer at the front (the leader) makes room
//! (memtable switch, stalls), gathers the queued batches into one WAL record (one append, one fsync
//! when any member asked for `sync`), inserts them into the memtables, publishes the new last
//! sequence, and wakes the members of its group.

use super::{ColumnFamilyHandle, Db, DbInner, SuperVersion};
use crate::batch::{BatchRecord, WriteBatch};
use crate::error::{Error, Result};
use crate::key::ValueType;
use crate::log::writer::LogWriter;
use crate::options::WriteOptions;
use parking_lot::{Condvar, Mutex};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Group members are gathered up to this many bytes (RocksDB: 1 MiB, less for small leaders).
const MAX_GROUP_BYTES: usize = 1 << 20;

struct Writer {
    batch: WriteBatch,
    sync: bool,
    disable_wal: bool,
    no_slowdown: bool,
    state: Mutex<WriterState>,
}

#[derive(Default)]
struct WriterState {
    done: bool,
    result: Option<Result<()>>,
}

#[derive(Default)]
pub(crate) struct WriteQueue {
    queue: Mutex<VecDeque<Arc<Writer>>>,
    cv: Condvar,
    /// Held by the group leader while it switches memtables and inserts, and by anyone else who
    /// switches memtables (manual flush), so a memtable never becomes immutable mid-insert.
    pub leader: Mutex<()>,
}

/// Why writes are slowed down or stopped (RocksDB's WriteStallCondition and its causes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum StallCause {
    None = 0,
    L0Slowdown = 1,
    PendingBytesSlowdown = 2,
    L0Stop = 3,
    PendingBytesStop = 4,
    MemtableLimit = 5,
    /// The write buffer manager's budget is used up (with allow_stall).
    WriteBufferManagerStop = 6,
}

impl StallCause {
    pub const ALL: [StallCause; 5] =
        [StallCause::MemtableLimit, StallCause::L0Slowdown, StallCause::L0Stop, StallCause::PendingBytesSlowdown, StallCause::PendingBytesStop];
    fn from_u8(v: u8) -> StallCause {
        match v {
            1 => StallCause::L0Slowdown,
            2 => StallCause::PendingBytesSlowdown,
            3 => StallCause::L0Stop,
            4 => StallCause::PendingBytesStop,
            5 => StallCause::MemtableLimit,
            6 => StallCause::WriteBufferManagerStop,
            _ => StallCause::None,
        }
    }
    pub fn is_stop(self) -> bool {
        matches!(
            self,
            StallCause::L0Stop | StallCause::PendingBytesStop | StallCause::MemtableLimit | StallCause::WriteBufferManagerStop
        )
    }
    /// The names RocksDB's rocksdb.stats uses for these causes.
    pub fn name(self) -> &'static str {
        match self {
            StallCause::None => "none",
            StallCause::L0Slowdown => "l0-file-count-limit-delays",
            StallCause::PendingBytesSlowdown => "pending-compaction-bytes-delays",
            StallCause::L0Stop => "l0-file-count-limit-stops",
            StallCause::PendingBytesStop => "pending-compaction-bytes-stops",
            StallCause::MemtableLimit => "memtable-limit-stops",
            StallCause::WriteBufferManagerStop => "write-buffer-manager-limit-stops",
        }
    }
}

/// A column family's stall condition and compaction debt, computed from its version.
#[derive(Default)]
pub(crate) struct StallState {
    cause: std::sync::atomic::AtomicU8,
    pub pending_bytes: AtomicU64,
    pub l0_files: AtomicU64,
}

impl StallState {
    pub fn cause(&self) -> StallCause {
        StallCause::from_u8(self.cause.load(Ordering::Acquire))
    }
    /// RocksDB's GetWriteStallConditionAndCause for a version (memtable stops are checked by
    /// the writer itself).
    pub fn update(&self, version: &crate::version::version::Version, opts: &crate::options::Options) {
        use crate::compaction::score::{estimated_compaction_bytes, level_targets};
        let l0 = version.levels.first().map_or(0, |l| l.len()) as i32;
        let pending = if opts.disable_auto_compactions { 0 } else { estimated_compaction_bytes(version, opts, &level_targets(version, opts)) };
        let cause = if l0 >= opts.level0_stop_writes_trigger && !opts.disable_auto_compactions {
            StallCause::L0Stop
        } else if opts.hard_pending_compaction_bytes_limit > 0 && pending >= opts.hard_pending_compaction_bytes_limit {
            StallCause::PendingBytesStop
        } else if l0 >= opts.level0_slowdown_writes_trigger && !opts.disable_auto_compactions {
            StallCause::L0Slowdown
        } else if opts.soft_pending_compaction_bytes_limit > 0 && pending >= opts.soft_pending_compaction_bytes_limit {
            StallCause::PendingBytesSlowdown
        } else {
            StallCause::None
        };
        self.pending_bytes.store(pending, Ordering::Release);
        self.l0_files.store(l0 as u64, Ordering::Release);
        self.cause.store(cause as u8, Ordering::Release);
    }
}

/// Cumulative write statistics (the DB Stats section of rocksdb.stats).
#[derive(Default)]
pub(crate) struct WriteStats {
    /// Stall time (micros) and count per StallCause (indexed by its value).
    pub stall_cause_micros: [AtomicU64; 7],
    pub stall_cause_count: [AtomicU64; 7],
    pub keys: AtomicU64,
    pub batches: AtomicU64,
    pub groups: AtomicU64,
    pub bytes: AtomicU64,
    pub wal_bytes: AtomicU64,
    pub wal_syncs: AtomicU64,
    pub stall_micros: AtomicU64,
    pub stall_count: AtomicU64,
}

impl Db {
    /// Sets `key` to `value` in the default column family (RocksDB's `DB::Put`). Errors:
    /// IO error from the WAL, the background error a failed flush or compaction latched,
    /// Incomplete with `no_slowdown` during a stall, "Shutdown in progress" after close.
    pub fn put(&self, wo: &WriteOptions, key: &[u8], value: &[u8]) -> Result<()> {
        let mut b = WriteBatch::with_capacity(key.len() + value.len() + 24);
        b.put(key, value);
        self.inner.write_owned(wo, b)
    }
    /// Sets `key` to `value` in column family `cf` (as `put`).
    pub fn put_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        let mut b = WriteBatch::with_capacity(key.len() + value.len() + 24);
        b.put_cf(cf.id, key, value);
        self.inner.write_owned(wo, b)
    }
    /// Deletes `key` from the default column family (RocksDB's `DB::Delete`; errors as `put`).
    pub fn delete(&self, wo: &WriteOptions, key: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.delete(key);
        self.inner.write_owned(wo, b)
    }
    /// Deletes `key` from column family `cf`.
    pub fn delete_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.delete_cf(cf.id, key);
        self.inner.write_owned(wo, b)
    }
    /// Adds a merge operand for `key` in the default column family (RocksDB's `DB::Merge`).
    pub fn merge(&self, wo: &WriteOptions, key: &[u8], value: &[u8]) -> Result<()> {
        self.merge_cf(wo, &ColumnFamilyHandle { id: 0, name: "default".into() }, key, value)
    }
    /// As RocksDB's DB::Merge, refused up front (NotSupported) without a merge operator; a
    /// batch holding a merge is refused by the write itself (InvalidArgument). A dropped
    /// family's handle passes the first check (RocksDB's handle still holds the family's
    /// options) and the write refuses it: "Invalid column family specified in write batch",
    /// latched.
    pub fn merge_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        if let Ok(c) = self.inner.cf_for_handle(cf) {
            if c.opts().merge_operator.is_none() {
                return Err(Error::not_supported("Provide a merge_operator when opening DB"));
            }
        }
        let mut b = WriteBatch::with_capacity(key.len() + value.len() + 24);
        b.merge_cf(cf.id, key, value);
        self.inner.write_owned(wo, b)
    }
    /// Deletes the user keys in `[begin, end)`.
    pub fn delete_range_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, begin: &[u8], end: &[u8]) -> Result<()> {
        let mut b = WriteBatch::with_capacity(begin.len() + end.len() + 24);
        b.delete_range_cf(cf.id, begin, end);
        self.inner.write_owned(wo, b)
    }
    /// Deletes `key`, which must have been put at most once since its last deletion (RocksDB's
    /// `SingleDelete`).
    pub fn single_delete(&self, wo: &WriteOptions, key: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.single_delete(key);
        self.inner.write_owned(wo, b)
    }
    /// `single_delete` in column family `cf`.
    pub fn single_delete_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let mut b = WriteBatch::new();
        b.single_delete_cf(cf.id, key);
        self.inner.write_owned(wo, b)
    }
    /// Applies a batch atomically (one WAL record, consecutive sequence numbers).
    pub fn write(&self, wo: &WriteOptions, batch: &WriteBatch) -> Result<()> {
        self.inner.write_owned(wo, batch.clone())
    }
    /// Like `write`, taking the batch by value (no copy).
    pub fn write_batch(&self, wo: &WriteOptions, batch: WriteBatch) -> Result<()> {
        self.inner.write_owned(wo, batch)
    }
    /// Writes the WAL buffer to the file; with `sync`, fsyncs it.
    pub fn flush_wal(&self, sync: bool) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        if self.inner.read_only {
            return Err(read_only_error());
        }
        self.inner.flush_wal(sync)
    }
}

pub(crate) fn read_only_error() -> Error {
    Error::not_supported("Not supported operation in read only mode.")
}

impl DbInner {
    /// A write of an empty batch (a plain one, or a transaction's commit without writes):
    /// nothing to apply, but RocksDB's write path still answers the background error
    /// (PreprocessWrite), and a sync write of an empty batch is how a program makes every
    /// write acknowledged before it durable (RocksDB writes and syncs the WAL for it).
    pub(crate) fn write_empty_batch(&self, sync: bool) -> Result<()> {
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        if sync {
            let _leader = self.writers.leader.lock();
            return self.flush_wal(true);
        }
        Ok(())
    }

    /// Writes the WAL's buffered records to its file and, with `sync`, syncs it; a failure is
    /// latched (a later write must not be acknowledged after a hole).
    pub(crate) fn flush_wal(&self, sync: bool) -> Result<()> {
        // After a background error (a failed WAL sync among them) a sync that succeeds proves
        // nothing: the kernel may have dropped the pages the failed one left behind.
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        let mut w = self.wal.lock();
        let Some(writer) = w.writer.as_mut() else { return Err(Error::shutdown("")) };
        let r = writer.flush().and_then(|_| if sync { w.sync(self.fs.as_ref(), &self.wal_dir) } else { Ok(()) });
        if let Err(e) = &r {
            self.wal_write_failed(&mut w, e);
        }
        r
    }

    pub(crate) fn write_owned(&self, wo: &WriteOptions, batch: WriteBatch) -> Result<()> {
        // A DBWithTTL stamps every Put and Merge value with the write time.
        let batch = match self.ttl.get() {
            Some(clock) => crate::utilities::ttl::stamp_batch(&batch, clock())?,
            None => batch,
        };
        let _op = self.begin_operation()?;
        if self.read_only {
            return Err(read_only_error());
        }
        if wo.sync && wo.disable_wal {
            return Err(Error::invalid_argument("Sync writes has to enable WAL."));
        }
        self.trace_write(batch.data(), false);
        // A latched background error answers every write before its batch is looked at
        // (RocksDB's PreprocessWrite runs before the memtable insert).
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        // Validate the batch before it reaches the WAL: a malformed batch never becomes durable.
        // A protected batch must also still match its per-key checksums (RocksDB verifies them
        // on the way into the memtable).
        batch.verify_checksum()?;
        let cfs = self.cfs.read();
        // What RocksDB's MemTableInserter refuses (a missing or dropped column family, a merge
        // without an operator, a reversed range) it refuses after the WAL write, and
        // HandleMemTableInsertFailure latches the error: every later write answers it. ferrock
        // refuses before the WAL (the batch is not logged) and latches the same error.
        // Records ferrock does not store are refused without latching (nothing was wrong with
        // the database); the same pass notes the first.
        let mut unsupported: Option<Error> = None;
        let insert_failure = batch.for_each(|r| {
            let cf = match r {
                BatchRecord::BlobIndex { .. } | BatchRecord::PutEntity { .. } if unsupported.is_none() => {
                    let what = if matches!(r, BatchRecord::BlobIndex { .. }) { "blob files" } else { "wide columns" };
                    unsupported = Some(Error::not_supported(what));
                    return Ok(());
                }
                BatchRecord::Put { cf, .. }
                | BatchRecord::Delete { cf, .. }
                | BatchRecord::SingleDelete { cf, .. }
                | BatchRecord::DeleteRange { cf, .. }
                | BatchRecord::Merge { cf, .. } => cf,
                _ => return Ok(()),
            };
            let c = match cfs.get(&cf) {
                Some(c) if !c.dropped.load(Ordering::Acquire) => c,
                _ if wo.ignore_missing_column_families => return Ok(()),
                _ => return Err(Error::invalid_argument("Invalid column family specified in write batch")),
            };
            match r {
                BatchRecord::Merge { .. } if c.opts().merge_operator.is_none() => {
                    Err(Error::invalid_argument("Merge requires `ColumnFamilyOptions::merge_operator != nullptr`"))
                }
                BatchRecord::DeleteRange { begin, end, .. }
                    if c.user_comparator().compare(begin, end) == std::cmp::Ordering::Greater =>
                {
                    Err(Error::invalid_argument("end key comes before start key"))
                }
                _ => Ok(()),
            }
        });
        if let Err(e) = insert_failure {
            drop(cfs);
            self.set_bg_error(e.clone());
            return Err(e);
        }
        drop(cfs);
        if let Some(e) = unsupported {
            return Err(e);
        }
        if batch.count() == 0 {
            return self.write_empty_batch(wo.sync);
        }
        let timer = self.timer();
        let w = Arc::new(Writer {
            batch,
            sync: wo.sync,
            disable_wal: wo.disable_wal,
            no_slowdown: wo.no_slowdown,
            state: Mutex::new(WriterState::default()),
        });
        {
            let mut q = self.writers.queue.lock();
            q.push_back(w.clone());
            loop {
                if w.state.lock().done {
                    break;
                }
                if q.front().map_or(false, |f| Arc::ptr_eq(f, &w)) {
                    break;
                }
                self.writers.cv.wait(&mut q);
            }
        }
        {
            let mut st = w.state.lock();
            if st.done {
                self.tick(crate::stats::Ticker::WriteDoneByOther, 1);
                self.measure(crate::stats::Histogram::DbWrite, timer);
                return st.result.take().unwrap_or(Ok(()));
            }
        }
        // This writer leads a group.
        let result = self.lead_group(&w);
        self.tick(crate::stats::Ticker::WriteDoneBySelf, 1);
        self.measure(crate::stats::Histogram::DbWrite, timer);
        result
    }

    fn lead_group(&self, leader: &Arc<Writer>) -> Result<()> {
        let leader_guard = self.writers.leader.lock();
        let room = self.make_room_for_write(leader.no_slowdown, leader.batch.size_in_bytes());
        let group: Vec<Arc<Writer>> = {
            let q = self.writers.queue.lock();
            if room.is_err() {
                vec![leader.clone()]
            } else {
                let mut g = Vec::new();
                let mut bytes = 0usize;
                let limit = if leader.batch.size_in_bytes() <= 128 << 10 {
                    leader.batch.size_in_bytes() + (128 << 10)
                } else {
                    MAX_GROUP_BYTES
                };
                for w in q.iter() {
                    if !g.is_empty() {
                        // A sync write cannot ride in a non-sync group; WAL-less writes go alone.
                        if (w.sync && !leader.sync) || w.disable_wal != leader.disable_wal {
                            break;
                        }
                        if bytes + w.batch.size_in_bytes() > limit {
                            break;
                        }
                    }
                    bytes += w.batch.size_in_bytes();
                    g.push(w.clone());
                }
                g
            }
        };
        let result = match room {
            Err(e) => Err(e),
            Ok(()) => self.write_group(&group, leader),
        };
        drop(leader_guard);
        // Hand results to the group, pop it, and wake the next leader.
        let mut q = self.writers.queue.lock();
        for w in &group {
            let front = q.pop_front();
            debug_assert!(front.map_or(false, |f| Arc::ptr_eq(&f, w)));
            if !Arc::ptr_eq(w, leader) {
                let mut st = w.state.lock();
                st.done = true;
                st.result = Some(result.clone());
            }
        }
        self.writers.cv.notify_all();
        drop(q);
        result
    }

    fn write_group(&self, group: &[Arc<Writer>], leader: &Arc<Writer>) -> Result<()> {
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        if self.tracers.query.is_on() {
            // preserve_write_order: the trace follows the order the group applies.
            for w in group {
                self.trace_write(w.batch.data(), true);
            }
        }
        let first_seq = self.last_sequence.load(Ordering::Acquire) + 1;
        let total: u64 = group.iter().map(|w| w.batch.count() as u64).sum();
        let sync = group.iter().any(|w| w.sync);
        if !leader.disable_wal {
            let mut wal = self.wal.lock();
            if wal.writer.is_none() {
                return Err(Error::shutdown(""));
            }
            // The record is built in the WAL's reused buffer (the leader holds the WAL lock,
            // no other writer builds one meanwhile).
            let mut record = std::mem::take(&mut wal.record);
            WriteBatch::encode_group(group.iter().map(|w| &w.batch), first_seq, &mut record);
            let appended = wal.append(&record, sync, self.fs.as_ref(), &self.wal_dir);
            let record_len = record.len();
            // A large group's buffer is not kept: it would hold its memory for good.
            if record.capacity() <= 1 << 20 {
                wal.record = record;
            }
            if let Err(e) = appended {
                self.wal_write_failed(&mut wal, &e);
                return Err(e);
            }
            drop(wal);
            self.write_stats.wal_bytes.fetch_add(record_len as u64, Ordering::Relaxed);
            self.tick(crate::stats::Ticker::WalFileBytes, record_len as u64);
            self.tick(crate::stats::Ticker::WriteWithWal, group.len() as u64);
            if sync {
                self.write_stats.wal_syncs.fetch_add(1, Ordering::Relaxed);
                self.tick(crate::stats::Ticker::WalFileSynced, 1);
            }
        } else {
            self.has_unpersisted_data.store(true, Ordering::Release);
        }
        // Memtable inserts: only the leader inserts, so memtables cannot be switched underneath.
        let mut seq = first_seq;
        let cfs = self.cfs.read();
        let mut svs: Vec<(u32, Arc<SuperVersion>)> = Vec::with_capacity(2);
        for w in group {
            w.batch.for_each(|r| {
                let (cf, t, key, value): (u32, ValueType, &[u8], &[u8]) = match r {
                    BatchRecord::Put { cf, key, value } => (cf, ValueType::Value, key, value),
                    BatchRecord::Delete { cf, key } => (cf, ValueType::Deletion, key, &[]),
                    BatchRecord::SingleDelete { cf, key } => (cf, ValueType::SingleDeletion, key, &[]),
                    BatchRecord::DeleteRange { cf, begin, end } => (cf, ValueType::RangeDeletion, begin, end),
                    BatchRecord::Merge { cf, key, value } => (cf, ValueType::Merge, key, value),
                    BatchRecord::BlobIndex { .. }
                    | BatchRecord::PutEntity { .. } => {
                        seq += 1;
                        return Ok(());
                    }
                    _ => return Ok(()),
                };
                let sv = match svs.iter().find(|(id, _)| *id == cf) {
                    Some((_, sv)) => sv.clone(),
                    None => match cfs.get(&cf) {
                        Some(c) => {
                            let sv = c.super_version();
                            svs.push((cf, sv.clone()));
                            sv
                        }
                        None => {
                            seq += 1; // ignore_missing_column_families: skipped, but it used a number
                            return Ok(());
                        }
                    },
                };
                sv.mem.add(seq, t, key, value);
                seq += 1;
                Ok(())
            })?;
            // Ingest is the batches' bytes, as RocksDB counts it (kIntStatsBytesWritten), so
            // that "ingest" and write amplification compare with RocksDB's figures.
            self.write_stats.bytes.fetch_add(w.batch.size_in_bytes() as u64, Ordering::Relaxed);
            self.tick(crate::stats::Ticker::BytesWritten, w.batch.size_in_bytes() as u64);
        }
        self.tick(crate::stats::Ticker::NumberKeysWritten, total);
        drop(cfs);
        debug_assert_eq!(seq, first_seq + total);
        self.last_sequence.store(first_seq + total - 1, Ordering::Release);
        self.write_stats.keys.fetch_add(total, Ordering::Relaxed);
        self.write_stats.batches.fetch_add(group.len() as u64, Ordering::Relaxed);
        self.write_stats.groups.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    fn record_stall(&self, cause: StallCause, micros: u64) {
        let ws = &self.write_stats;
        ws.stall_micros.fetch_add(micros, Ordering::Relaxed);
        ws.stall_count.fetch_add(1, Ordering::Relaxed);
        ws.stall_cause_micros[cause as usize].fetch_add(micros, Ordering::Relaxed);
        ws.stall_cause_count[cause as usize].fetch_add(1, Ordering::Relaxed);
        self.tick(crate::stats::Ticker::StallMicros, micros);
    }

    /// Switches full memtables to immutable (scheduling their flush), delays writes while the
    /// tree has compaction debt (at `delayed_write_rate`), and stops them while it has too much:
    /// too many immutable memtables, level-0 files or pending compaction bytes.
    pub(crate) fn make_room_for_write(&self, no_slowdown: bool, write_bytes: usize) -> Result<()> {
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        // The fast path reads options in place under their read locks: `opts()` would clone
        // an Arc (two more atomic read-modify-writes) for every write.
        let mut need_lock =
            self.options.read().write_buffer_manager.as_ref().is_some_and(|w| w.should_flush() || w.should_stall());
        let mut delay_cause = StallCause::None;
        for cf in self.cfs.read().values() {
            let write_buffer_size = cf.options.read().write_buffer_size;
            if cf.super_version().mem.should_flush(write_buffer_size) {
                need_lock = true;
            }
            let c = cf.stall.cause();
            if c.is_stop() {
                need_lock = true;
            } else if c != StallCause::None {
                delay_cause = c;
            }
        }
        if delay_cause != StallCause::None {
            if no_slowdown {
                return Err(Error::incomplete("Write stall"));
            }
            // The write controller's token rate: this group may write `write_bytes` at
            // delayed_write_rate bytes per second.
            let rate = self.opts().delayed_write_rate.max(1);
            let micros = (write_bytes as u64).saturating_mul(1_000_000) / rate;
            if micros > 0 {
                let t = Instant::now();
                std::thread::sleep(Duration::from_micros(micros.min(1_000_000)));
                self.record_stall(delay_cause, t.elapsed().as_micros() as u64);
            }
        }
        if !need_lock && !self.wal_over_limit() {
            return Ok(());
        }
        let wbm = self.opts().write_buffer_manager.clone();
        let mut st = self.state.lock();
        let mut stall: Option<(Instant, StallCause)> = None;
        loop {
            if let Some(e) = self.bg_error() {
                return Err(e);
            }
            if self.closed.load(Ordering::Acquire) || st.shutting_down {
                return Err(Error::shutdown(""));
            }
            let mut to_switch: Vec<u32> = Vec::new();
            let mut stop: Option<StallCause> = None;
            let cfs: Vec<_> = self.cfs.read().values().cloned().collect();
            for cf in &cfs {
                if cf.dropped.load(Ordering::Acquire) {
                    continue;
                }
                let sv = cf.super_version();
                let c = cf.stall.cause();
                if c.is_stop() {
                    stop = Some(c);
                    continue;
                }
                if sv.mem.should_flush(cf.opts().write_buffer_size) {
                    if sv.imm.len() as i32 >= (cf.opts().max_write_buffer_number - 1).max(1) {
                        stop = Some(StallCause::MemtableLimit);
                    } else {
                        to_switch.push(cf.id);
                    }
                }
            }
            if to_switch.is_empty() && stop.is_none() {
                if let Some(ids) = self.cfs_pinning_oldest_wal(&st) {
                    to_switch = ids;
                }
            }
            if let (true, None, Some(w)) = (to_switch.is_empty(), stop, &wbm) {
                if w.should_flush() {
                    // RocksDB's HandleWriteBufferManagerFlush: the column family whose mutable
                    // memtable holds the oldest data is switched (and so flushed).
                    let oldest = cfs
                        .iter()
                        .filter(|cf| !cf.dropped.load(Ordering::Acquire))
                        .map(|cf| (cf.super_version().mem.clone(), cf.id))
                        .filter(|(mem, _)| !mem.is_empty())
                        .min_by_key(|(mem, _)| mem.first_seqno());
                    if let Some((_, id)) = oldest {
                        to_switch.push(id);
                    }
                }
                if to_switch.is_empty() && w.should_stall() {
                    // Writes wait until flushes (of this or another database) free memory;
                    // the loop below waits on this database's flushes, and a timed wait
                    // catches memory freed elsewhere.
                    stop = Some(StallCause::WriteBufferManagerStop);
                }
            }
            if !to_switch.is_empty() {
                self.switch_memtables(&mut st, &to_switch)?;
                self.bg_cv.notify_all();
                continue;
            }
            let cause = match stop {
                None => break,
                Some(c) => c,
            };
            if no_slowdown {
                return Err(Error::incomplete("Write stall"));
            }
            stall.get_or_insert_with(|| (Instant::now(), cause));
            self.bg_cv.notify_all();
            self.bg_cv.wait_for(&mut st, Duration::from_millis(100));
        }
        drop(st);
        self.events.fire_queued(&self.opts());
        if let Some((t, cause)) = stall {
            self.record_stall(cause, t.elapsed().as_micros() as u64);
        }
        Ok(())
    }

    fn max_total_wal_size(&self) -> u64 {
        if self.opts().max_total_wal_size > 0 {
            return self.opts().max_total_wal_size;
        }
        let in_memory: u64 = self
            .cfs
            .read()
            .values()
            .map(|c| c.opts().write_buffer_size as u64 * c.opts().max_write_buffer_number.max(1) as u64)
            .sum();
        4 * in_memory
    }

    /// Whether the closed WALs on disk exceed max_total_wal_size (only checked with several
    /// column families: with one, every memtable switch already frees old WALs).
    fn wals_over_limit(&self, st: &super::DbState) -> bool {
        if self.cfs.read().len() < 2 {
            return false;
        }
        let closed: u64 = st.alive_wals.iter().map(|(_, s)| *s).sum();
        closed > self.max_total_wal_size()
    }

    /// `wals_over_limit` for the write fast path: never waits for the db mutex.
    fn wal_over_limit(&self) -> bool {
        if self.cfs.read().len() < 2 {
            return false; // no db mutex on the single-family hot path
        }
        match self.state.try_lock() {
            Some(st) => self.wals_over_limit(&st),
            None => false,
        }
    }

    /// When the WALs on disk exceed max_total_wal_size, the column families that keep the oldest
    /// one alive are flushed so it can be deleted.
    fn cfs_pinning_oldest_wal(&self, st: &super::DbState) -> Option<Vec<u32>> {
        if !self.wals_over_limit(st) {
            return None;
        }
        let cfs = self.cfs.read();
        let oldest = st.alive_wals.front()?.0;
        let ids: Vec<u32> = cfs
            .values()
            .filter(|c| {
                let sv = c.super_version();
                !sv.mem.is_empty() && sv.mem.log_number() <= oldest
            })
            .map(|c| c.id)
            .collect();
        if ids.is_empty() {
            None
        } else {
            Some(ids)
        }
    }

    /// Starts a new WAL and makes the listed column families' memtables immutable.
    /// Requires: the db mutex (`st`), and being the write leader (or no writer running).
    pub(crate) fn switch_memtables(&self, st: &mut super::DbState, cf_ids: &[u32]) -> Result<()> {
        let new_number = st.versions.new_file_number();
        let file = match self.fs.new_writable_file(&self.wal_path(new_number)) {
            Ok(f) => f,
            Err(e) => {
                self.set_bg_error(e.clone());
                return Err(e);
            }
        };
        {
            let mut wal = self.wal.lock();
            if let Some(mut old) = wal.writer.take() {
                // The old WAL is synced before it stops growing, so recovery never meets a torn
                // record followed by a newer log.
                let size = old.file_size();
                if let Err(e) = old.sync().and_then(|_| old.close()) {
                    self.set_bg_error(e.clone());
                    return Err(e);
                }
                if let Some(entry) = st.alive_wals.iter_mut().find(|(n, _)| *n == wal.number) {
                    entry.1 = size;
                }
            }
            wal.writer = Some(LogWriter::new(file, new_number, false));
            wal.number = new_number;
            wal.dir_synced = false;
        }
        st.alive_wals.push_back((new_number, 0));
        let cfs = self.cfs.read();
        for id in cf_ids {
            if let Some(cf) = cfs.get(id) {
                let old = cf.super_version();
                if old.mem.is_empty() {
                    // Nothing to flush: the empty memtable just moves to the new WAL.
                    old.mem.set_log_number(new_number);
                    continue;
                }
                self.events.queue_memtable_sealed(&self.opts(), &cf.name, &old.mem);
                old.mem.mark_immutable();
                let mem = self.new_memtable(&cf.opts(), new_number);
                let mut imm = Vec::with_capacity(old.imm.len() + 1);
                imm.push(old.mem.clone());
                imm.extend(old.imm.iter().cloned());
                self.events.recompute_stall(&self.opts(), cf, imm.len());
                *cf.sv.write() = Arc::new(SuperVersion { mem, imm, version: old.version.clone() });
            }
        }
        // Empty memtables of other column families move to the new WAL too, so they do not pin
        // old WAL files.
        for cf in cfs.values() {
            let sv = cf.super_version();
            if sv.mem.is_empty() && sv.imm.is_empty() {
                sv.mem.set_log_number(new_number);
            }
        }
        Ok(())
    }
}
