//! The flush (LevelDB's `builder.cc`, RocksDB's FlushJob): a column family's immutable
//! memtables written into a level-0 table without the db mutex, then installed through the
//! MANIFEST with the WAL number the column family still needs; the recovery flush (tables
//! built from replayed memtables, installed by open); and `Db::flush`, which seals the
//! active memtable and waits for the background flush.
//!
//! Thread-safety: the table is written with the db mutex released; `DbState::flushing` keeps
//! a second flush of the same column family from starting meanwhile. A panic while the table
//! is written is caught and latched as the background error.

use super::{ColumnFamily, ColumnFamilyHandle, Db, DbInner, DbState};
use crate::compaction::output::{write_surviving, OutputWriter};
use crate::error::{Code, Error, Result};
use crate::iter::merging::MergingIterator;
use crate::iter::InternalIterator;
use crate::memtable::MemTable;
use crate::options::FlushOptions;
use crate::version::edit::{FileMetaData, VersionEdit};
use parking_lot::MutexGuard;
use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

impl DbInner {
    /// Makes the active memtable immutable and (with `wait`) waits until it is in a table.
    pub(crate) fn flush_cf_internal(&self, cf_id: u32, wait: bool, allow_write_stall: bool) -> Result<()> {
        let _ = allow_write_stall;
        let target = {
            let _leader = self.writers.leader.lock();
            self.switch_memtable_for_flush(cf_id)?
        };
        match target {
            Some(t) if wait => self.wait_for_flush_of(cf_id, t),
            _ => Ok(()),
        }
    }

    /// Flushes the column families `cf_ids` from one cut (RocksDB's atomic flush as
    /// GetLiveFilesStorageInfo's `atomic_flush` asks for it): their active memtables are sealed
    /// together, under the write leader lock and in one memtable switch, so no write lands in
    /// one family's flushed data and not another's; then each flush is waited for. A family
    /// dropped meanwhile is skipped.
    pub(crate) fn flush_cfs_from_one_cut(&self, cf_ids: &[u32]) -> Result<()> {
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        let mut targets = Vec::with_capacity(cf_ids.len());
        {
            let _leader = self.writers.leader.lock();
            let mut st = self.state.lock();
            if let Some(e) = self.bg_error() {
                return Err(e);
            }
            let mut sealed = Vec::new();
            for &id in cf_ids {
                let Ok(cf) = self.cf(id) else { continue };
                let sv = cf.super_version();
                if sv.mem.is_empty() {
                    if let Some(m) = sv.imm.first() {
                        targets.push((id, m.id()));
                    }
                } else {
                    self.events.note_manual_flush(&self.opts(), id);
                    targets.push((id, sv.mem.id()));
                    sealed.push(id);
                }
            }
            if !sealed.is_empty() {
                self.switch_memtables(&mut st, &sealed)?;
            }
        }
        self.events.fire_queued(&self.opts());
        self.bg_cv.notify_all();
        for (id, target) in targets {
            self.wait_for_flush_of(id, target)?;
        }
        Ok(())
    }

    /// Whether an unflushed memtable of `cf_id` (the active one or an immutable one) holds a key,
    /// or a range tombstone over a key, in one of the user-key ranges `[start, limit]` (both
    /// inclusive). RocksDB's RangesOverlapWithMemtables: CompactRange with both bounds and
    /// ingestion flush only when it says so. A range with `start` after `limit` overlaps nothing.
    pub(crate) fn memtables_overlap(&self, cf_id: u32, ranges: &[(&[u8], &[u8])]) -> Result<bool> {
        use std::cmp::Ordering::{Greater, Less};
        let cf = self.cf(cf_id)?;
        let ucmp = cf.user_comparator();
        let sv = cf.super_version();
        for m in std::iter::once(&sv.mem).chain(sv.imm.iter()) {
            if m.is_empty() {
                continue;
            }
            let tombstones = m.range_tombstones();
            let mut it = m.iter();
            for &(start, limit) in ranges {
                it.seek(&crate::key::seek_key(start, crate::key::MAX_SEQUENCE_NUMBER));
                if it.valid() && ucmp.compare(crate::key::user_key(it.key()), limit) != Greater {
                    return Ok(true);
                }
                // A tombstone [ts, te) meets [start, limit] when ts <= limit and start < te.
                if tombstones.iter().any(|t| ucmp.compare(&t.start, limit) != Greater && ucmp.compare(start, &t.end) == Less) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The first half of a flush: makes `cf_id`'s active memtable immutable (when it holds
    /// anything) and schedules its flush. Returns the id of the newest memtable the flush
    /// has to write, None when there is nothing to flush. Requires: the write leader lock,
    /// which a caller keeps across `wait_for_flush_of` to hold writes off until the flush
    /// is done (as ingestion does, like RocksDB's flush with writes stopped).
    pub(crate) fn switch_memtable_for_flush(&self, cf_id: u32) -> Result<Option<u64>> {
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        let target_id = {
            let mut st = self.state.lock();
            let latched = self.bg_error();
            let cf = self.cf(cf_id)?;
            let sv = cf.super_version();
            if sv.mem.is_empty() {
                if let Some(e) = latched {
                    return Err(e);
                }
                sv.imm.first().map(|m| m.id())
            } else {
                // A latched background error does not keep the memtable from being switched
                // (RocksDB's FlushMemTable calls SwitchMemtable whatever the error handler
                // says): it stays immutable, waiting for a flush the error holds off, and a
                // waiting flush answers the error (WaitForFlushMemTables).
                let id = sv.mem.id();
                self.events.note_manual_flush(&self.opts(), cf_id);
                self.switch_memtables(&mut st, &[cf_id])?;
                Some(id)
            }
        };
        self.events.fire_queued(&self.opts());
        self.bg_cv.notify_all();
        Ok(target_id)
    }

    /// The second half of a flush: waits until every memtable of `cf_id` up to `target` is
    /// in a table (the background threads write them; needs no write lock).
    pub(crate) fn wait_for_flush_of(&self, cf_id: u32, target: u64) -> Result<()> {
        let mut st = self.state.lock();
        loop {
            if let Some(e) = self.bg_error() {
                return Err(e);
            }
            let cf = match self.cfs.read().get(&cf_id) {
                Some(c) => c.clone(),
                None => return Ok(()),
            };
            if !cf.super_version().imm.iter().any(|m| m.id() <= target) && self.events.flushes_notifying() == 0 {
                return Ok(());
            }
            if st.shutting_down || st.bg_work_paused > 0 || self.bg_threads.lock().is_empty() {
                // No background thread (closing), or background work paused: flush here.
                if !st.flushing.contains(&cf_id) {
                    self.run_flush(&mut st, cf_id)?;
                    continue;
                }
            }
            self.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
    }

    /// Writes memtables into level-0 tables without touching the MANIFEST (recovery flush).
    pub(crate) fn build_level0_tables(&self, cf: &ColumnFamily, mems: &[Arc<MemTable>]) -> Result<Vec<FileMetaData>> {
        Ok(self.write_level0(cf, mems, &[])?.0)
    }

    /// Writes `mems` (newest first) into level-0 tables, with what the compaction rules keep
    /// of them given `snapshots`; on failure nothing is left behind. Runs without the db mutex.
    fn write_level0(&self, cf: &ColumnFamily, mems: &[Arc<MemTable>], snapshots: &[u64]) -> Result<(Vec<FileMetaData>, u64)> {
        let children: Vec<Box<dyn InternalIterator>> = mems.iter().map(|m| Box::new(m.iter()) as Box<dyn InternalIterator>).collect();
        let mut input = MergingIterator::new(cf.icmp.clone(), children);
        // The options the flush started with (SetOptions may swap the family's meanwhile).
        let opts = cf.opts();
        let mut out = OutputWriter::new(self, cf.icmp.clone(), cf.output(&opts, 0), 0, u64::MAX).for_flush();
        let tombstones: Vec<_> = mems.iter().flat_map(|m| m.range_tombstones()).collect();
        match write_surviving(&opts, &mut input, &tombstones, snapshots, false, None, &mut out) {
            Ok(()) => out.finish(),
            Err(e) => {
                out.abandon();
                Err(e)
            }
        }
    }

    /// Flushes every immutable memtable of `cf_id` into one level-0 table.
    /// Requires: `st` is the db mutex guard; it is released during table I/O.
    pub(super) fn run_flush(&self, st: &mut MutexGuard<'_, DbState>, cf_id: u32) -> Result<()> {
        let cf = match self.cfs.read().get(&cf_id) {
            Some(c) => c.clone(),
            None => return Ok(()),
        };
        let sv = cf.super_version();
        let mems = sv.imm.clone();
        if mems.is_empty() {
            return Ok(());
        }
        st.flushing.insert(cf_id);
        st.running_flushes += 1;
        let snapshots = self.snapshots.list();
        let start = Instant::now();
        let event = self.events.flush_info(&self.opts(), &cf, &mems);
        // A panic (in a merge operator, say) must not leave the flush counted as running.
        let result = MutexGuard::unlocked(st, || {
            catch_unwind(AssertUnwindSafe(|| -> Result<(Vec<FileMetaData>, u64)> {
                self.events.flush_begin(&self.opts(), &event);
                self.write_level0(&cf, &mems, &snapshots)
            }))
            .unwrap_or_else(|p| Err(Error::from_panic(p)))
        });
        st.running_flushes -= 1;
        st.flushing.remove(&cf_id);
        let (files, bytes) = match result {
            Ok(r) => r,
            Err(e) => {
                self.events.flush_abandoned(event);
                self.report_bg_error(st, super::listener::BackgroundErrorReason::Flush, e.clone());
                return Err(e);
            }
        };
        // The oldest memtable that stays unflushed decides which WAL this column family still needs.
        let flushed: BTreeSet<u64> = mems.iter().map(|m| m.id()).collect();
        let cur = cf.super_version();
        let remaining: Vec<Arc<MemTable>> = cur.imm.iter().filter(|m| !flushed.contains(&m.id())).cloned().collect();
        let log_number = remaining.last().map(|m| m.log_number()).unwrap_or_else(|| cur.mem.log_number());
        let mut edit = VersionEdit::default();
        edit.column_family = cf_id;
        edit.log_number = Some(log_number);
        edit.prev_log_number = Some(0);
        let numbers: Vec<u64> = files.iter().map(|f| f.number).collect();
        let flushed_table = files.first().map(|f| (f.number, f.smallest_seqno, f.largest_seqno, f.file_size));
        for f in files {
            edit.new_files.push((0, f));
        }
        let r = st.versions.log_and_apply(vec![edit]);
        for n in &numbers {
            st.pending_outputs.remove(n);
        }
        if let Err(e) = r {
            self.events.flush_abandoned(event);
            if e.code() == Code::ColumnFamilyDropped {
                // Dropped while the table was written: the table goes with the family.
                self.delete_obsolete_files(st);
                return Ok(());
            }
            self.report_bg_error(st, super::listener::BackgroundErrorReason::ManifestWrite, e.clone());
            return Err(e);
        }
        self.install_super_version(st, &cf, Some(remaining));
        self.tick(crate::stats::Ticker::FlushWriteBytes, bytes);
        if let Some(stats) = &self.stats {
            stats.measure(crate::stats::Histogram::FlushTime, start.elapsed().as_micros() as u64);
        }
        let s = &mut st.stats;
        s.flush_count += 1;
        s.flush_bytes += bytes;
        let l = s.level_mut(0);
        l.bytes_written += bytes;
        l.micros += start.elapsed().as_micros() as u64;
        l.files_out += numbers.len() as u64;
        self.info_log.log(&format!(
            "[{}] flushed {} memtables to table #{} ({} bytes) in {} us",
            cf.name,
            mems.len(),
            numbers.first().copied().unwrap_or(0),
            bytes,
            start.elapsed().as_micros()
        ));
        self.delete_obsolete_files(st);
        MutexGuard::unlocked(st, || self.events.flush_completed(self, &cf, event, flushed_table));
        if let Some(e) = self.space_limit_error() {
            // As RocksDB's FlushMemTableToOutputFile: the flush stands, the database stops.
            self.report_bg_error(st, super::listener::BackgroundErrorReason::Flush, e);
        }
        self.bg_cv.notify_all();
        Ok(())
    }
}

impl Db {
    /// Writes column family `cf`'s memtable to a table (RocksDB's `Flush`); with `fo.wait`,
    /// returns once the table is installed. Errors: the flush's IO error, the background error.
    pub fn flush_cf(&self, fo: &FlushOptions, cf: &ColumnFamilyHandle) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        self.inner.flush_cf_internal(cf.id, fo.wait, fo.allow_write_stall)
    }
    /// `flush_cf` of the default column family.
    pub fn flush(&self, fo: &FlushOptions) -> Result<()> {
        self.flush_cf(fo, &ColumnFamilyHandle { id: 0, name: "default".into() })
    }
}
