//! What transactions (`crate::txn`) need from the engine: two-phase commit records in the WAL
//! (docs/format/write-batch.md: BeginPrepare … EndPrepare(xid), then a Commit(xid) or Rollback(xid)
//! record), their recovery on open, keeping a WAL that holds an undecided prepared section, and
//! a commit that installs a transaction's sorted writes as the newest immutable memtable
//! instead of inserting each key ("commit bypassing the memtable").
//!
//! Sequence numbers: a prepare record consumes none (its header carries the next sequence but
//! nothing is inserted); the commit record has count 0 and its header's sequence is the first
//! sequence of the prepared data, which is inserted at commit — on recovery, the prepared
//! section is applied at the commit record's sequence, as RocksDB's WriteCommitted policy does.
//!
//! Thread-safety: commits take the write leader lock (`writers.leader`), so sequence allocation
//! and WAL order are the same as for ordinary writes.

use super::{DbInner, SuperVersion};
use crate::batch::{BatchRecord, WriteBatch};
use crate::error::{Error, Result};
use crate::key::ValueType;
use crate::memtable::MemTable;
use crate::options::WriteOptions;
use parking_lot::Mutex;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// A prepared transaction found in the WAL without a commit or rollback.
#[derive(Clone, Debug)]
pub struct RecoveredPrepared {
    pub xid: Vec<u8>,
    /// The prepared writes (no markers).
    pub batch: WriteBatch,
    /// The WAL that now holds its prepare record.
    pub wal: u64,
}

/// The sorted writes of one column family for a memtable built in one go: (internal key, value).
pub type SortedEntries = Vec<(u32, Vec<(Vec<u8>, Vec<u8>)>)>;

/// An optimistic transaction's conflict check, run under the write lock at commit.
pub type ConflictCheck<'a> = dyn Fn(&DbInner) -> Result<()> + 'a;

/// Timings of the last commit of the calling thread's kind, in nanoseconds (perf context).
#[derive(Clone, Copy, Debug, Default)]
pub struct CommitTimings {
    pub write_wal_nanos: u64,
    pub write_memtable_nanos: u64,
    /// The commit installed its writes as an immutable memtable instead of inserting them.
    pub bypassed_memtable: bool,
}

#[derive(Default)]
pub struct TxnShared {
    /// WAL number → prepared, undecided sections it holds.
    prepared_wals: Mutex<BTreeMap<u64, usize>>,
    /// Prepared sections met while replaying, in WAL order; taken by TransactionDb::open.
    recovered: Mutex<Vec<RecoveredPrepared>>,
}

impl TxnShared {
    pub fn min_prepared_wal(&self) -> Option<u64> {
        self.prepared_wals.lock().keys().next().copied()
    }
    fn pin_wal(&self, wal: u64) {
        *self.prepared_wals.lock().entry(wal).or_insert(0) += 1;
    }
    /// The prepared section in `wal` was decided: the WAL may go once flushed.
    pub fn unpin_wal(&self, wal: u64) {
        let mut m = self.prepared_wals.lock();
        if let Some(c) = m.get_mut(&wal) {
            *c -= 1;
            if *c == 0 {
                m.remove(&wal);
            }
        }
    }
    /// The prepared transactions recovered at open (once).
    pub fn take_recovered(&self) -> Vec<RecoveredPrepared> {
        std::mem::take(&mut *self.recovered.lock())
    }
}

/// The data records of `batch` (markers and log data dropped).
fn data_records(batch: &WriteBatch) -> Result<WriteBatch> {
    let mut out = WriteBatch::with_capacity(batch.size_in_bytes());
    batch.for_each(|r| {
        match r {
            BatchRecord::Put { cf, key, value } => out.put_cf(cf, key, value),
            BatchRecord::Delete { cf, key } => out.delete_cf(cf, key),
            BatchRecord::SingleDelete { cf, key } => out.single_delete_cf(cf, key),
            BatchRecord::Merge { cf, key, value } => out.merge_cf(cf, key, value),
            BatchRecord::DeleteRange { cf, begin, end } => out.delete_range_cf(cf, begin, end),
            BatchRecord::BlobIndex { .. } => return Err(Error::not_supported("blob files")),
            BatchRecord::PutEntity { .. } => return Err(Error::not_supported("wide columns")),
            _ => {}
        }
        Ok(())
    })?;
    Ok(out)
}

fn prepare_record(xid: &[u8], batch: &WriteBatch, seq: u64) -> WriteBatch {
    let mut rec = WriteBatch::with_capacity(batch.size_in_bytes() + xid.len() + 8);
    rec.mark_begin_prepare();
    rec.append(batch);
    rec.mark_end_prepare(xid);
    rec.set_sequence(seq);
    rec
}

impl DbInner {
    /// Recovery: a prepared section is kept aside (None: nothing to apply now); a commit record
    /// becomes its prepared writes at the commit's sequence; a rollback drops them.
    pub(crate) fn recover_two_phase_record(&self, batch: WriteBatch, wal: u64) -> Result<Option<WriteBatch>> {
        let mut prepared_xid: Option<Vec<u8>> = None;
        let mut begin = false;
        let mut commit: Option<Vec<u8>> = None;
        let mut rollback: Option<Vec<u8>> = None;
        batch.for_each(|r| {
            match r {
                BatchRecord::BeginPrepare => begin = true,
                BatchRecord::EndPrepare(x) => prepared_xid = Some(x.to_vec()),
                BatchRecord::Commit(x) => commit = Some(x.to_vec()),
                BatchRecord::Rollback(x) => rollback = Some(x.to_vec()),
                _ => {}
            }
            Ok(())
        })?;
        if begin {
            let xid = prepared_xid.ok_or_else(|| Error::corruption("prepared section without EndPrepare"))?;
            let data = data_records(&batch)?;
            let mut rec = self.txn.recovered.lock();
            rec.retain(|p| p.xid != xid);
            rec.push(RecoveredPrepared { xid, batch: data, wal });
            return Ok(None);
        }
        if let Some(xid) = rollback {
            self.txn.recovered.lock().retain(|p| p.xid != xid);
            return Ok(None);
        }
        if let Some(xid) = commit {
            let mut rec = self.txn.recovered.lock();
            let pos = rec.iter().position(|p| p.xid == xid);
            let Some(pos) = pos else {
                // The prepared section was in a WAL already flushed (its data is in tables).
                return Ok(None);
            };
            let p = rec.remove(pos);
            let mut data = p.batch;
            // Writes that came with the commit record itself (commit-time batch) follow.
            let extra = data_records(&batch)?;
            if extra.count() > 0 {
                data.append(&extra);
            }
            data.set_sequence(batch.sequence());
            return Ok(Some(data));
        }
        Ok(Some(batch))
    }

    /// Writes the recovered prepared sections into the current WAL (so the replayed WALs can be
    /// deleted) and pins it. Requires: open, before the replayed WALs are deleted.
    pub(crate) fn relog_recovered_prepared(&self) -> Result<()> {
        let mut rec = self.txn.recovered.lock();
        if rec.is_empty() {
            return Ok(());
        }
        let next = self.last_sequence.load(Ordering::Acquire) + 1;
        let mut w = self.wal.lock();
        let number = w.number;
        for p in rec.iter_mut() {
            w.append(prepare_record(&p.xid, &p.batch, next).data(), false, self.fs.as_ref(), &self.wal_dir)?;
            p.wal = number;
            self.txn.pin_wal(number);
        }
        w.sync(self.fs.as_ref(), &self.wal_dir)
    }

    /// Logs a prepared section (BeginPrepare, the writes, EndPrepare(xid)) and pins its WAL until
    /// `commit_prepared`/`rollback_prepared`. Returns the WAL number.
    pub(crate) fn write_prepare(&self, wo: &WriteOptions, xid: &[u8], batch: &WriteBatch) -> Result<u64> {
        let _op = self.begin_operation()?;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        let _leader = self.writers.leader.lock();
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        let next = self.last_sequence.load(Ordering::Acquire) + 1;
        let rec = prepare_record(xid, batch, next);
        let mut w = self.wal.lock();
        let number = w.number;
        if !wo.disable_wal {
            if let Err(e) = w.append(rec.data(), wo.sync, self.fs.as_ref(), &self.wal_dir) {
                self.wal_write_failed(&mut w, &e);
                return Err(e);
            }
            self.write_stats.wal_bytes.fetch_add(rec.size_in_bytes() as u64, Ordering::Relaxed);
        }
        self.txn.pin_wal(number);
        Ok(number)
    }

    /// Logs Rollback(xid) for a prepared section and unpins its WAL.
    pub(crate) fn write_rollback_prepared(&self, wo: &WriteOptions, xid: &[u8], prepared_wal: u64) -> Result<()> {
        let _op = self.begin_operation()?;
        let _leader = self.writers.leader.lock();
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        let mut rec = WriteBatch::new();
        rec.mark_rollback(xid);
        rec.set_sequence(self.last_sequence.load(Ordering::Acquire) + 1);
        if !wo.disable_wal {
            let mut w = self.wal.lock();
            if let Err(e) = w.append(rec.data(), wo.sync, self.fs.as_ref(), &self.wal_dir) {
                // The rollback is not durable: a later write must not be acknowledged after it.
                self.wal_write_failed(&mut w, &e);
                return Err(e);
            }
        }
        self.txn.unpin_wal(prepared_wal);
        Ok(())
    }

    /// Commits a transaction's writes. `xid` with `prepared_wal`: the writes were prepared, so
    /// the WAL gets only Commit(xid). `bypass`: instead of inserting each key, the closure builds
    /// the sorted entries (given the first sequence number) that become the newest immutable
    /// memtable of each column family. Returns the first sequence number used and the timings.
    pub(crate) fn commit_transaction(
        &self,
        wo: &WriteOptions,
        batch: &WriteBatch,
        xid: Option<(&[u8], u64)>,
        bypass: Option<&dyn Fn(u64) -> SortedEntries>,
        validate: Option<&ConflictCheck<'_>>,
    ) -> Result<(u64, CommitTimings)> {
        let _op = self.begin_operation()?;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        if wo.sync && wo.disable_wal {
            return Err(Error::invalid_argument("Sync writes has to enable WAL."));
        }
        let mut timings = CommitTimings::default();
        // Validate column families before anything reaches the WAL.
        {
            let cfs = self.cfs.read();
            batch.for_each(|r| {
                let (cf, merge) = match r {
                    BatchRecord::Put { cf, .. } | BatchRecord::Delete { cf, .. } | BatchRecord::SingleDelete { cf, .. } => (cf, false),
                    BatchRecord::Merge { cf, .. } => (cf, true),
                    BatchRecord::DeleteRange { .. } => return Err(Error::not_supported("DeleteRange")),
                    _ => return Ok(()),
                };
                match cfs.get(&cf) {
                    Some(c) if !c.dropped.load(Ordering::Acquire) => {
                        if merge && c.opts().merge_operator.is_none() {
                            return Err(Error::invalid_argument("Merge requires `ColumnFamilyOptions::merge_operator != nullptr`"));
                        }
                        Ok(())
                    }
                    _ => Err(Error::invalid_argument("Invalid column family specified in write batch")),
                }
            })?;
        }
        let count = batch.count() as u64;
        if count == 0 && xid.is_none() && validate.is_none() {
            // Found by the stress test (seed 20261202): a sync commit without writes returned OK
            // after a latched WAL error, without syncing the WAL.
            self.write_empty_batch(wo.sync)?;
            return Ok((self.last_sequence.load(Ordering::Acquire) + 1, timings));
        }
        // The memtable a bypassing commit installs is built before the write lock, at the
        // sequence number the commit will most likely get; under the lock it is used when that
        // guess holds (no other write came in between), and rebuilt otherwise.
        let mut prebuilt = match bypass {
            Some(build) if count > 0 => {
                let guess = self.last_sequence.load(Ordering::Acquire) + 1;
                Some((guess, self.build_bypass_memtables(build(guess))))
            }
            _ => None,
        };
        let _leader = self.writers.leader.lock();
        self.make_room_for_write(wo.no_slowdown, batch.size_in_bytes())?;
        if let Some(e) = self.bg_error() {
            return Err(e);
        }
        // Optimistic transactions check for conflicts while no other write can slip in.
        if let Some(v) = validate {
            v(self)?;
        }
        let cf_ids: Vec<u32> = {
            let mut ids = Vec::new();
            batch.for_each(|r| {
                if let BatchRecord::Put { cf, .. }
                | BatchRecord::Delete { cf, .. }
                | BatchRecord::SingleDelete { cf, .. }
                | BatchRecord::Merge { cf, .. } = r
                {
                    if !ids.contains(&cf) {
                        ids.push(cf);
                    }
                }
                Ok(())
            })?;
            ids
        };
        // The bypass installs its memtable under the db mutex (flushes change the immutable list
        // under it too).
        let mut st_guard = if bypass.is_some() && count > 0 { Some(self.state.lock()) } else { None };
        let first_seq = self.last_sequence.load(Ordering::Acquire) + 1;
        let t_wal = Instant::now();
        let wal_number;
        {
            let mut w = self.wal.lock();
            wal_number = w.number;
            if !wo.disable_wal {
                let mut rec;
                let record: &[u8] = match xid {
                    Some((x, _)) => {
                        rec = WriteBatch::new();
                        rec.mark_commit(x);
                        rec.set_sequence(first_seq);
                        rec.data()
                    }
                    None => {
                        rec = batch.clone();
                        rec.set_sequence(first_seq);
                        rec.data()
                    }
                };
                if let Err(e) = w.append(record, wo.sync, self.fs.as_ref(), &self.wal_dir) {
                    self.wal_write_failed(&mut w, &e);
                    return Err(e);
                }
                self.write_stats.wal_bytes.fetch_add(record.len() as u64, Ordering::Relaxed);
                if wo.sync {
                    self.write_stats.wal_syncs.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        if wo.disable_wal {
            self.has_unpersisted_data.store(true, Ordering::Release);
        }
        timings.write_wal_nanos = t_wal.elapsed().as_nanos() as u64;
        let t_mem = Instant::now();
        match bypass {
            Some(build) if count > 0 => {
                // The active memtables hold older sequence numbers than the installed one, so
                // they become immutable first (readers look at the active memtable first), and a
                // new WAL starts, as RocksDB's SwitchMemtable does: once these memtables are
                // flushed, the column family's log number moves past the WAL holding their
                // data, so recovery (which replays from the log number) does not apply them
                // again. Failing to start it latches the background error: the commit record is
                // durable, and a reopen recovers it.
                if let Some(st) = st_guard.as_mut() {
                    self.switch_memtables(st, &cf_ids)?;
                }
                timings.bypassed_memtable = true;
                let mems = match prebuilt.take() {
                    Some((guess, mems)) if guess == first_seq => mems,
                    // Another writer took sequence numbers since the guess: build again.
                    _ => self.build_bypass_memtables(build(first_seq)),
                };
                let cfs = self.cfs.read();
                for (cf_id, mem) in mems {
                    let Some(cf) = cfs.get(&cf_id) else { continue };
                    mem.set_log_number(wal_number);
                    mem.set_earliest_seqno(first_seq);
                    if let Some((_, prepared_wal)) = xid {
                        mem.ref_prep_log(prepared_wal);
                    }
                    let old = cf.super_version();
                    let mut imm = Vec::with_capacity(old.imm.len() + 1);
                    imm.push(mem);
                    imm.extend(old.imm.iter().cloned());
                    *cf.sv.write() = Arc::new(SuperVersion { mem: old.mem.clone(), imm, version: old.version.clone() });
                }
            }
            _ => {
                let cfs = self.cfs.read();
                let mut seq = first_seq;
                let mut svs: Vec<(u32, Arc<MemTable>)> = Vec::with_capacity(2);
                batch.for_each(|r| {
                    let (cf, t, key, value): (u32, ValueType, &[u8], &[u8]) = match r {
                        BatchRecord::Put { cf, key, value } => (cf, ValueType::Value, key, value),
                        BatchRecord::Delete { cf, key } => (cf, ValueType::Deletion, key, &[]),
                        BatchRecord::SingleDelete { cf, key } => (cf, ValueType::SingleDeletion, key, &[]),
                        BatchRecord::Merge { cf, key, value } => (cf, ValueType::Merge, key, value),
                        r => {
                            if r.is_counted() {
                                seq += 1;
                            }
                            return Ok(());
                        }
                    };
                    let mem = match svs.iter().find(|(id, _)| *id == cf) {
                        Some((_, m)) => Some(m.clone()),
                        None => cfs.get(&cf).map(|c| {
                            let m = c.super_version().mem.clone();
                            svs.push((cf, m.clone()));
                            m
                        }),
                    };
                    if let Some(m) = mem {
                        m.add(seq, t, key, value);
                    }
                    seq += 1;
                    Ok(())
                })?;
                if let Some((_, prepared_wal)) = xid {
                    for (_, m) in &svs {
                        m.ref_prep_log(prepared_wal);
                    }
                }
            }
        }
        timings.write_memtable_nanos = t_mem.elapsed().as_nanos() as u64;
        let switched = st_guard.is_some();
        drop(st_guard);
        if switched {
            self.events.fire_queued(&self.opts());
        }
        if count > 0 {
            self.last_sequence.store(first_seq + count - 1, Ordering::Release);
        }
        self.write_stats.keys.fetch_add(count, Ordering::Relaxed);
        self.write_stats.batches.fetch_add(1, Ordering::Relaxed);
        self.write_stats.groups.fetch_add(1, Ordering::Relaxed);
        self.write_stats.bytes.fetch_add(batch.size_in_bytes() as u64, Ordering::Relaxed);
        if let Some((_, wal)) = xid {
            self.txn.unpin_wal(wal);
        }
        if bypass.is_some() {
            // The installed memtable is flushed like any immutable one.
            self.bg_cv.notify_all();
        }
        Ok((first_seq, timings))
    }
}

impl DbInner {
    /// One memtable per column family from sorted internal entries (the bypassing commit).
    fn build_bypass_memtables(&self, entries: SortedEntries) -> Vec<(u32, Arc<MemTable>)> {
        let cfs = self.cfs.read();
        let mut out = Vec::with_capacity(entries.len());
        for (cf_id, list) in entries {
            let Some(cf) = cfs.get(&cf_id) else { continue };
            if list.is_empty() {
                continue;
            }
            let id = self.next_memtable_id.fetch_add(1, Ordering::Relaxed);
            out.push((cf_id, Arc::new(MemTable::from_sorted(cf.icmp.clone(), id, list))));
        }
        out
    }

    /// The sequence number of the newest entry of `key` in column family `cf` (None: the key has
    /// no entry anywhere). Used to detect write conflicts of transactions. As RocksDB's
    /// GetLatestSequenceForKey: the first source (memtable, immutable memtables, then the
    /// levels) holding a point entry of the key answers, raised to the newest range tombstone
    /// over the key in it and the newer sources; a tombstone alone finds nothing.
    pub(crate) fn latest_sequence_of_key(&self, cf: u32, key: &[u8]) -> Result<Option<u64>> {
        let cf = self.cf(cf)?;
        let sv = cf.super_version();
        let ucmp = cf.user_comparator();
        let max = crate::key::MAX_SEQUENCE_NUMBER;
        let mut covering = 0u64;
        for mem in std::iter::once(&sv.mem).chain(sv.imm.iter()) {
            covering = covering.max(mem.max_covering_tombstone_seq(key, max));
            let mut found = None;
            mem.get(key, max, &mut |ikey, _| {
                if let Ok(p) = crate::key::parse_internal_key(ikey) {
                    if ucmp.compare(p.user_key, key).is_eq() {
                        found = Some(p.sequence);
                    }
                }
                false
            });
            if let Some(seq) = found {
                return Ok(Some(seq.max(covering)));
            }
        }
        let lookup_key = crate::key::seek_key(key, max);
        for (level, files) in sv.version.levels.iter().enumerate() {
            let candidates: Vec<&Arc<crate::version::edit::FileMetaData>> = if level == 0 {
                files
                    .iter()
                    .filter(|f| {
                        !ucmp.compare(key, crate::key::user_key(&f.smallest)).is_lt()
                            && !ucmp.compare(key, crate::key::user_key(&f.largest)).is_gt()
                    })
                    .collect()
            } else {
                sv.version.file_for_key(ucmp, level, key).into_iter().collect()
            };
            for f in candidates {
                let table = self.table_cache.get(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                covering = covering.max(super::read::table_covering_seq(&table, ucmp, key, max)?);
                let mut found = None;
                table.get(&lookup_key, &mut |ikey, _| {
                    if let Ok(p) = crate::key::parse_internal_key(ikey) {
                        if ucmp.compare(p.user_key, key).is_eq() {
                            found = Some(p.sequence);
                        }
                    }
                    Ok(false)
                })?;
                if let Some(seq) = found {
                    return Ok(Some(seq.max(covering)));
                }
            }
        }
        Ok(None)
    }
}
