//! Background work: flushing immutable memtables to level-0 tables, compacting levels, deleting
//! obsolete files, and the administrative operations that change the set of column families.
//! Table I/O happens without the db mutex; results are installed under it through the MANIFEST.

use super::{ColumnFamily, ColumnFamilyHandle, Db, DbInner, DbState, SuperVersion};
use crate::compaction::picker::{pick_compaction, CompactionPlan};
use crate::compaction::CompactionFilterState;
use crate::error::{Error, Result};
use crate::iter::level::LevelIterator;
use crate::iter::merging::MergingIterator;
use crate::iter::InternalIterator;
use crate::key::{parse_internal_key, ValueType};
use crate::options::{FlushOptions, Options};
use crate::table::builder::{TableBuildOptions, TableBuilder};
use crate::version::edit::{FileMetaData, VersionEdit};
use crate::version::filename::{parse_file_name, table_file_name, FileType};
use parking_lot::MutexGuard;
use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Per-level compaction statistics for rocksdb.stats.
#[derive(Default, Clone)]
pub(crate) struct LevelStats {
    pub count: u64,
    pub micros: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub files_in: u64,
    pub files_out: u64,
    pub trivial_moves: u64,
}

#[derive(Default, Clone)]
pub(crate) struct KindStats {
    pub count: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub micros: u64,
}

#[derive(Default, Clone)]
pub(crate) struct CompactionStats {
    /// By compaction kind (name), for the stall report.
    pub kinds: std::collections::BTreeMap<&'static str, KindStats>,
    /// Indexed by output level (flushes count at level 0).
    pub levels: Vec<LevelStats>,
    pub flush_count: u64,
    pub flush_bytes: u64,
}

impl CompactionStats {
    pub fn level_mut(&mut self, level: usize) -> &mut LevelStats {
        if self.levels.len() <= level {
            self.levels.resize(level + 1, LevelStats::default());
        }
        &mut self.levels[level]
    }
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// Writes the surviving entries of a sorted stream into one or more tables of one level.
struct OutputWriter<'a> {
    db: &'a DbInner,
    cf: &'a ColumnFamily,
    level: usize,
    /// Split when a file reaches this size (u64::MAX: never).
    target_size: u64,
    current: Option<(TableBuilder, FileMetaData)>,
    outputs: Vec<FileMetaData>,
    last_user_key: Vec<u8>,
    bytes_written: u64,
    /// Files of the level below the output, to cut outputs that would overlap too much of it
    /// (a later compaction of that output would otherwise be huge).
    grandparents: Vec<Arc<FileMetaData>>,
    grandparent_index: usize,
    /// Whether the last key seen lies between grandparent files (or before the first).
    in_grandparent_gap: bool,
    /// Grandparent bytes the current output overlaps.
    overlapped_bytes: u64,
    /// Grandparent file boundaries the current output has crossed.
    boundaries_crossed: usize,
    max_grandparent_overlap: u64,
    seen_key: bool,
    /// The range tombstones of the whole output (sorted by start, then sequence
    /// descending), handed out to each table clipped to its key range.
    range_tombstones: Vec<crate::rangedel::RangeTombstone>,
    /// Where the current table's share of the tombstones starts: the user key the
    /// previous table was cut before (None for the first table).
    tombstone_lower: Option<Vec<u8>>,
}

impl<'a> OutputWriter<'a> {
    fn new(db: &'a DbInner, cf: &'a ColumnFamily, level: usize, target_size: u64) -> Self {
        OutputWriter {
            db,
            cf,
            level,
            target_size,
            current: None,
            outputs: Vec::new(),
            last_user_key: Vec::new(),
            bytes_written: 0,
            grandparents: Vec::new(),
            grandparent_index: 0,
            in_grandparent_gap: true,
            overlapped_bytes: 0,
            boundaries_crossed: 0,
            max_grandparent_overlap: u64::MAX,
            seen_key: false,
            range_tombstones: Vec::new(),
            tombstone_lower: None,
        }
    }

    /// The range tombstones the output must carry; each table gets the part of them
    /// within its key range (`finish_current`).
    fn set_range_tombstones(&mut self, tombstones: Vec<crate::rangedel::RangeTombstone>) {
        self.range_tombstones = tombstones;
    }

    /// The tombstones clipped to `[tombstone_lower, upper)` (`None` = unbounded), as
    /// RocksDB's CompactionOutputs::AddRangeDels hands them to one output table: a
    /// tombstone across a cut is split there, so each table's range ends before the next
    /// table's first key and the level's tables never overlap.
    fn tombstones_up_to(&self, upper: Option<&[u8]>) -> Vec<crate::rangedel::RangeTombstone> {
        let ucmp = &self.cf.opts.comparator;
        let lower = self.tombstone_lower.as_deref();
        let mut out = Vec::new();
        for t in &self.range_tombstones {
            let start = match lower {
                Some(l) if ucmp.compare(&t.start, l) == std::cmp::Ordering::Less => l,
                _ => &t.start[..],
            };
            let end = match upper {
                Some(u) if ucmp.compare(u, &t.end) == std::cmp::Ordering::Less => u,
                _ => &t.end[..],
            };
            if ucmp.compare(start, end) == std::cmp::Ordering::Less {
                out.push(crate::rangedel::RangeTombstone { start: start.to_vec(), end: end.to_vec(), seq: t.seq });
            }
        }
        out
    }

    fn with_grandparents(mut self, files: Vec<Arc<FileMetaData>>, limit: u64) -> Self {
        self.grandparents = files;
        self.max_grandparent_overlap = limit;
        self
    }

    /// Moves the grandparent cursor to `ikey` and returns how many grandparent file boundaries
    /// (a file's start or end) the output crossed to reach it; the bytes of the grandparent
    /// files it entered count as overlapped.
    fn advance_grandparents(&mut self, ikey: &[u8]) -> usize {
        let icmp = &self.cf.icmp;
        let mut crossed = 0;
        while let Some(g) = self.grandparents.get(self.grandparent_index) {
            if self.in_grandparent_gap {
                if icmp.compare(ikey, &g.smallest) == std::cmp::Ordering::Less {
                    break;
                }
                if self.seen_key {
                    crossed += 1;
                    self.boundaries_crossed += 1;
                    self.overlapped_bytes += g.file_size;
                }
                self.in_grandparent_gap = false;
            } else {
                // A key equal to a file's largest key stays in that file unless the next file
                // starts there too.
                let still_inside = match icmp.compare(ikey, &g.largest) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Equal => self
                        .grandparents
                        .get(self.grandparent_index + 1)
                        .is_none_or(|next| icmp.compare(ikey, &next.smallest) == std::cmp::Ordering::Less),
                    std::cmp::Ordering::Greater => false,
                };
                if still_inside {
                    break;
                }
                if self.seen_key {
                    crossed += 1;
                    self.boundaries_crossed += 1;
                }
                self.in_grandparent_gap = true;
                self.grandparent_index += 1;
            }
        }
        if !self.seen_key {
            self.overlapped_bytes = self.current_grandparent_bytes();
        }
        self.seen_key = true;
        crossed
    }

    /// The size of the grandparent file the cursor is inside (0 in a gap).
    fn current_grandparent_bytes(&self) -> u64 {
        match (self.in_grandparent_gap, self.grandparents.get(self.grandparent_index)) {
            (false, Some(g)) => g.file_size,
            _ => 0,
        }
    }

    /// RocksDB's rules for cutting an output of a level above the last at a grandparent
    /// boundary, given `crossed` boundaries just crossed and the output's `size`: when its
    /// overlap with the grandparent level would exceed max_compaction_bytes; when the key
    /// jumped over a grandparent file of more than an eighth of the target size; and, to
    /// align outputs with the files a later compaction will merge them into, once the output
    /// is at least 50% of the target size, plus 5% per boundary it has already crossed (at
    /// most 90%).
    fn grandparents_say_cut(&self, crossed: usize, overlapped_before: u64, size: u64) -> bool {
        if crossed == 0 {
            return false;
        }
        if self.overlapped_bytes.saturating_add(size) > self.max_grandparent_overlap {
            return true;
        }
        let skippable = if self.in_grandparent_gap { 2 } else { 3 };
        if crossed >= skippable && self.overlapped_bytes - overlapped_before > self.target_size / 8 {
            return true;
        }
        let percent = 50 + (self.boundaries_crossed * 5).min(40) as u64;
        size >= self.target_size.div_ceil(100).saturating_mul(percent)
    }

    fn open_output(&mut self) -> Result<()> {
        let number = {
            let mut st = self.db.state.lock();
            let n = st.versions.new_file_number();
            st.pending_outputs.insert(n);
            n
        };
        let path = self.db.path.join(table_file_name(number));
        let file = self.db.fs.new_writable_file(&path)?;
        let o = &self.cf.opts;
        let last_level = (o.num_levels.max(1) - 1) as usize;
        let compression = if self.level == last_level { o.bottommost_compression.unwrap_or(o.compression) } else { o.compression };
        let now = now_secs();
        let opts = TableBuildOptions {
            comparator: self.cf.icmp.clone(),
            block_size: o.table.block_size,
            block_restart_interval: o.table.block_restart_interval,
            index_block_restart_interval: o.table.index_block_restart_interval,
            bloom_bits_per_key: o.table.bloom_bits_per_key,
            whole_key_filtering: o.table.whole_key_filtering,
            prefix_extractor: o.prefix_extractor.clone(),
            compression,
            compression_level: o.compression_level,
            column_family_id: self.cf.id,
            column_family_name: self.cf.name.clone(),
            db_id: self.db.db_id.clone(),
            db_session_id: self.db.session_id.clone(),
            file_number: number,
            creation_time: now,
            oldest_key_time: now,
            file_creation_time: now,
        };
        let mut meta = FileMetaData::default();
        meta.number = number;
        meta.smallest_seqno = u64::MAX;
        meta.file_creation_time = now;
        meta.oldest_ancester_time = now;
        let mut builder = TableBuilder::new(opts, file);
        if let Some(op) = &o.merge_operator {
            builder.set_merge_operator_name(&op.name());
        }
        self.current = Some((builder, meta));
        Ok(())
    }

    /// Adds range tombstones (sorted by start, then sequence descending, already
    /// clipped to the table's range by `finish_current_before`) to the current
    /// table, and widens its bounds to cover them: the end bound is `(end, kMaxSequenceNumber, 0x0F)`
    /// as RocksDB writes it (rocksdb-formats.md §7).
    fn add_range_tombstones(&mut self, tombstones: &[crate::rangedel::RangeTombstone]) -> Result<()> {
        if tombstones.is_empty() {
            return Ok(());
        }
        if self.current.is_none() {
            self.open_output()?;
        }
        let icmp = &self.cf.icmp;
        let (b, meta) = self.current.as_mut().ok_or_else(|| Error::corruption("no output table"))?;
        for t in tombstones {
            let start = crate::key::make_internal_key(&t.start, t.seq, ValueType::RangeDeletion);
            b.add_range_tombstone(&start, &t.end)?;
            if meta.smallest.is_empty() || icmp.compare(&start, &meta.smallest) == std::cmp::Ordering::Less {
                meta.smallest = start;
            }
            let end = crate::key::make_internal_key(&t.end, crate::key::MAX_SEQUENCE_NUMBER, ValueType::RangeDeletion);
            if meta.largest.is_empty() || icmp.compare(&end, &meta.largest) == std::cmp::Ordering::Greater {
                meta.largest = end;
            }
            meta.smallest_seqno = meta.smallest_seqno.min(t.seq);
            meta.largest_seqno = meta.largest_seqno.max(t.seq);
            meta.num_entries += 1;
            meta.num_deletions += 1;
        }
        Ok(())
    }

    fn add(&mut self, ikey: &[u8], value: &[u8]) -> Result<()> {
        let parsed = parse_internal_key(ikey)?;
        let overlapped_before = self.overlapped_bytes;
        let crossed = if self.grandparents.is_empty() { 0 } else { self.advance_grandparents(ikey) };
        if let Some((b, _)) = &self.current {
            let size = b.file_size();
            if (size >= self.target_size || self.grandparents_say_cut(crossed, overlapped_before, size))
                && self.cf.opts.comparator.compare(&self.last_user_key, parsed.user_key) != std::cmp::Ordering::Equal
            {
                self.finish_current_before(Some(parsed.user_key))?;
                // The next output starts here: it overlaps only the grandparent file this key is in.
                self.boundaries_crossed = 0;
                self.overlapped_bytes = self.current_grandparent_bytes();
            }
        }
        if self.current.is_none() {
            self.open_output()?;
        }
        let (b, meta) = self.current.as_mut().ok_or_else(|| Error::corruption("no output table"))?;
        if meta.smallest.is_empty() {
            meta.smallest = ikey.to_vec();
        }
        meta.largest.clear();
        meta.largest.extend_from_slice(ikey);
        meta.smallest_seqno = meta.smallest_seqno.min(parsed.sequence);
        meta.largest_seqno = meta.largest_seqno.max(parsed.sequence);
        meta.num_entries += 1;
        meta.raw_key_size += ikey.len() as u64;
        meta.raw_value_size += value.len() as u64;
        if matches!(parsed.value_type, ValueType::Deletion | ValueType::SingleDeletion) {
            meta.num_deletions += 1;
        }
        self.last_user_key.clear();
        self.last_user_key.extend_from_slice(parsed.user_key);
        b.add(ikey, value)
    }

    /// Finishes the current table, which ends before user key `upper` (`None`: it is the
    /// last one), with its share of the range tombstones.
    fn finish_current_before(&mut self, upper: Option<&[u8]>) -> Result<()> {
        let share = self.tombstones_up_to(upper);
        if !share.is_empty() {
            self.add_range_tombstones(&share)?;
        }
        self.tombstone_lower = upper.map(|u| u.to_vec());
        self.finish_current()
    }

    fn finish_current(&mut self) -> Result<()> {
        if let Some((b, mut meta)) = self.current.take() {
            let (_props, mut file) = b.finish()?;
            file.sync()?;
            file.close()?;
            meta.file_size = file.size();
            self.bytes_written += meta.file_size;
            self.outputs.push(meta);
        }
        Ok(())
    }

    /// Finishes the last table and makes the new directory entries durable.
    fn finish(mut self) -> Result<(Vec<FileMetaData>, u64)> {
        self.finish_current_before(None)?;
        if !self.outputs.is_empty() {
            self.db.fs.sync_dir(&self.db.path)?;
        }
        Ok((self.outputs, self.bytes_written))
    }

    /// Removes what was written after a failure.
    fn abandon(mut self) {
        let mut numbers: Vec<u64> = self.outputs.iter().map(|m| m.number).collect();
        if let Some((_, meta)) = self.current.take() {
            numbers.push(meta.number);
        }
        let mut st = self.db.state.lock();
        for n in numbers {
            let _ = self.db.fs.remove_file(&self.db.path.join(table_file_name(n)));
            st.pending_outputs.remove(&n);
        }
    }
}

impl DbInner {
    /// Range tombstones of input tables (of the column family ordered by `icmp`).
    fn table_tombstones<'f>(
        &self,
        icmp: &crate::key::InternalKeyComparator,
        files: impl Iterator<Item = &'f Arc<FileMetaData>>,
    ) -> Result<Vec<crate::rangedel::RangeTombstone>> {
        let mut out = Vec::new();
        for f in files {
            let t = self.table_cache.get(icmp, f.number, f.file_size, f.largest_seqno)?;
            if t.properties().num_range_deletions == 0 {
                continue;
            }
            for (ikey, end) in t.range_tombstones()? {
                out.push(crate::rangedel::RangeTombstone::from_table_entry(&ikey, &end)?);
            }
        }
        Ok(out)
    }

    /// Runs `input` through the compaction rules (merge operator, range tombstones) into
    /// `out`, which writes the surviving tombstone fragments into its tables, each clipped
    /// to its table's key range.
    fn filter_into(
        &self,
        cf: &ColumnFamily,
        input: &mut dyn InternalIterator,
        tombstones: &[crate::rangedel::RangeTombstone],
        snapshots: &[u64],
        bottommost: bool,
        user_filter: Option<(&dyn crate::compaction::CompactionFilter, i32)>,
        out: &mut OutputWriter<'_>,
    ) -> Result<()> {
        let fragmented = crate::rangedel::FragmentedTombstones::new(cf.opts.comparator.clone(), tombstones);
        out.set_range_tombstones(fragmented.for_output(snapshots, bottommost));
        CompactionFilterState::new(cf.opts.comparator.clone(), snapshots, bottommost)
            .with_merge_operator(cf.opts.merge_operator.as_deref())
            .with_range_tombstones(&fragmented)
            .with_compaction_filter(user_filter.map(|(f, _)| f), user_filter.map_or(0, |(_, l)| l))
            .run(input, &mut |k, v| out.add(k, v))
    }

    pub(crate) fn spawn_background_threads(self: &Arc<Self>) {
        let n = self.opts.max_background_jobs.max(2) as usize;
        let mut threads = self.bg_threads.lock();
        for i in 0..n {
            let db = Arc::downgrade(self);
            let flush_only = i == 0;
            let t = std::thread::Builder::new()
                .name(if flush_only { "ferrock:flush".into() } else { format!("ferrock:compact{i}") })
                .spawn(move || background_loop(db, flush_only));
            if let Ok(t) = t {
                threads.push(t);
            }
        }
    }

    /// Records a version handed to readers so its files stay until it is dropped.
    pub(crate) fn install_super_version(&self, st: &mut DbState, cf: &ColumnFamily, imm: Option<Vec<Arc<crate::memtable::MemTable>>>) {
        let version = match st.versions.cf(cf.id) {
            Some(d) => d.current.clone(),
            None => return,
        };
        st.live_versions.retain(|w| w.strong_count() > 0);
        st.live_versions.push(Arc::downgrade(&version));
        cf.stall.update(&version, &cf.opts);
        let mut g = cf.sv.write();
        let old = g.clone();
        *g = Arc::new(SuperVersion { mem: old.mem.clone(), imm: imm.unwrap_or_else(|| old.imm.clone()), version });
        self.events.recompute_stall(&self.opts, cf, g.imm.len());
    }

    /// Writes memtables into level-0 tables without touching the MANIFEST (recovery flush).
    pub(crate) fn build_level0_tables(&self, cf: &ColumnFamily, mems: &[Arc<crate::memtable::MemTable>]) -> Result<Vec<FileMetaData>> {
        let snapshots: Vec<u64> = Vec::new();
        let children: Vec<Box<dyn InternalIterator>> = mems.iter().map(|m| Box::new(m.iter()) as Box<dyn InternalIterator>).collect();
        let mut input = MergingIterator::new(cf.icmp.clone(), children);
        let mut out = OutputWriter::new(self, cf, 0, u64::MAX);
        let tombstones: Vec<_> = mems.iter().flat_map(|m| m.range_tombstones()).collect();
        match self.filter_into(cf, &mut input, &tombstones, &snapshots, false, None, &mut out) {
            Ok(()) => Ok(out.finish()?.0),
            Err(e) => {
                out.abandon();
                Err(e)
            }
        }
    }

    /// Picks a column family with immutable memtables not yet being flushed.
    fn pick_flush(&self, st: &DbState) -> Option<u32> {
        self.cfs
            .read()
            .values()
            .find(|cf| !cf.dropped.load(Ordering::Acquire) && !st.flushing.contains(&cf.id) && !cf.super_version().imm.is_empty())
            .map(|cf| cf.id)
    }

    /// Flushes every immutable memtable of `cf_id` into one level-0 table.
    /// Requires: `st` is the db mutex guard; it is released during table I/O.
    fn run_flush(&self, st: &mut MutexGuard<'_, DbState>, cf_id: u32) -> Result<()> {
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
        let event = self.events.flush_info(&self.opts, &cf, &mems);
        let result = MutexGuard::unlocked(st, || -> Result<(Vec<FileMetaData>, u64)> {
            self.events.flush_begin(&self.opts, &event);
            let children: Vec<Box<dyn InternalIterator>> = mems.iter().map(|m| Box::new(m.iter()) as Box<dyn InternalIterator>).collect();
            let mut input = MergingIterator::new(cf.icmp.clone(), children);
            let mut out = OutputWriter::new(self, &cf, 0, u64::MAX);
            let tombstones: Vec<_> = mems.iter().flat_map(|m| m.range_tombstones()).collect();
            match self.filter_into(&cf, &mut input, &tombstones, &snapshots, false, None, &mut out) {
                Ok(()) => out.finish(),
                Err(e) => {
                    out.abandon();
                    Err(e)
                }
            }
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
        let remaining: Vec<Arc<crate::memtable::MemTable>> = cur.imm.iter().filter(|m| !flushed.contains(&m.id())).cloned().collect();
        let log_number = remaining.last().map(|m| m.log_number()).unwrap_or_else(|| cur.mem.log_number());
        let mut edit = VersionEdit::default();
        edit.column_family = cf_id;
        edit.log_number = Some(log_number);
        edit.prev_log_number = Some(0);
        let numbers: Vec<u64> = files.iter().map(|f| f.number).collect();
        let flushed_table = files.first().map(|f| (f.number, f.smallest_seqno, f.largest_seqno));
        for f in files {
            edit.new_files.push((0, f));
        }
        let r = st.versions.log_and_apply(vec![edit]);
        for n in &numbers {
            st.pending_outputs.remove(n);
        }
        if let Err(e) = r {
            self.events.flush_abandoned(event);
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
        self.bg_cv.notify_all();
        Ok(())
    }

    /// Lets the listeners see (and possibly clear) a background error, then latches it.
    /// Requires: the db mutex guard; released while the listeners run.
    fn report_bg_error(&self, st: &mut MutexGuard<'_, DbState>, reason: super::listener::BackgroundErrorReason, e: Error) {
        if self.opts.listeners.is_empty() {
            self.set_bg_error(e);
            return;
        }
        if let Some(e) = MutexGuard::unlocked(st, || self.events.background_error(&self.opts, reason, e)) {
            self.set_bg_error(e);
        }
    }

    /// Runs one automatic compaction if any column family needs one. Returns whether it did work.
    fn maybe_compact(&self, st: &mut MutexGuard<'_, DbState>) -> bool {
        if st.manual_compactions > 0 || self.bg_error().is_some() {
            return false;
        }
        let cfs: Vec<Arc<ColumnFamily>> = self.cfs.read().values().cloned().collect();
        for cf in cfs {
            if cf.dropped.load(Ordering::Acquire) {
                continue;
            }
            let version = match st.versions.cf(cf.id) {
                Some(d) => d.current.clone(),
                None => continue,
            };
            if let Some(plan) = pick_compaction(&version, &cf.icmp, &cf.opts) {
                if let Err(e) = self.run_compaction(st, &cf, plan) {
                    self.info_log.log(&format!("[{}] compaction failed: {e}", cf.name));
                }
                return true;
            }
        }
        false
    }

    /// Executes a picked compaction and returns the numbers of the tables it installed.
    /// Requires: the db mutex guard; released during table I/O.
    pub(crate) fn run_compaction(&self, st: &mut MutexGuard<'_, DbState>, cf: &Arc<ColumnFamily>, plan: CompactionPlan) -> Result<Vec<u64>> {
        if let (Some(stats), false) = (&self.stats, plan.kind == crate::compaction::picker::CompactionKind::Manual) {
            // RocksDB records it for every compaction the picker chose, trivial moves included.
            stats.measure(crate::stats::Histogram::NumFilesInSingleCompaction, plan.all_inputs().count() as u64);
        }
        for f in plan.all_inputs() {
            f.being_compacted.store(true, Ordering::Release);
        }
        st.running_compactions += 1;
        let start = Instant::now();
        let mut event = self.events.compaction_info(self, cf, &plan);
        if event.is_some() {
            MutexGuard::unlocked(st, || self.events.compaction_begin(&self.opts, &event));
        }
        let result = self.run_compaction_locked_part(st, cf, &plan, start, &mut event);
        // Told before the job stops counting as running, so a waiter sees the events fired.
        if let Some(info) = event.as_mut() {
            info.elapsed_micros = start.elapsed().as_micros() as u64;
            info.num_l0_files = cf.stall.l0_files.load(Ordering::Acquire) as i32;
            if let Err(e) = &result {
                info.status = Some(e.clone());
                info.aborted = e.code() == crate::error::Code::ShutdownInProgress;
            }
            MutexGuard::unlocked(st, || self.events.compaction_completed(&self.opts, event));
        }
        st.running_compactions -= 1;
        for f in plan.all_inputs() {
            f.being_compacted.store(false, Ordering::Release);
        }
        self.bg_cv.notify_all();
        result
    }

    fn run_compaction_locked_part(
        &self,
        st: &mut MutexGuard<'_, DbState>,
        cf: &Arc<ColumnFamily>,
        plan: &CompactionPlan,
        start: Instant,
        event: &mut Option<super::listener::CompactionJobInfo>,
    ) -> Result<Vec<u64>> {
        let mut edit = VersionEdit::default();
        edit.column_family = cf.id;
        for f in &plan.inputs {
            edit.deleted_files.push((plan.level as u32, f.number));
        }
        for f in &plan.output_inputs {
            edit.deleted_files.push((plan.output_level as u32, f.number));
        }
        if plan.trivial_move {
            for f in &plan.inputs {
                edit.new_files.push((plan.output_level as u32, (**f).clone()));
            }
            if let Some(info) = event.as_mut() {
                info.output_files = info.input_files.clone();
                info.output_file_infos = plan.inputs.iter().map(|f| (plan.output_level as i32, f.number)).collect();
                info.output_records = info.input_records;
                info.total_output_bytes = info.total_input_bytes;
            }
            st.versions.log_and_apply(vec![edit]).map_err(|e| {
                self.set_bg_error(e.clone());
                e
            })?;
            self.install_super_version(st, cf, None);
            st.stats.level_mut(plan.output_level).trivial_moves += 1;
            let k = st.stats.kinds.entry(crate::compaction::picker::CompactionKind::TrivialMove.name()).or_default();
            k.count += 1;
            return Ok(plan.inputs.iter().map(|f| f.number).collect());
        }
        let snapshots = self.snapshots.list();
        let target = match plan.max_output_file_size {
            0 => crate::compaction::picker::level_target_file_size(&cf.opts, plan.output_level),
            limit => limit,
        };
        let version_for_grandparents = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
        let bytes_read: u64 = plan.all_inputs().map(|f| f.file_size).sum();
        // One range's work; with subcompactions several run at once, each in its own key range.
        let compact_range = |range: &super::subcompaction::KeyRange| -> Result<(Vec<FileMetaData>, u64)> {
            let mut children: Vec<Box<dyn InternalIterator>> = Vec::new();
            if plan.level == 0 {
                for f in &plan.inputs {
                    let t = self.table_cache.get(&cf.icmp, f.number, f.file_size, f.largest_seqno)?;
                    children.push(Box::new(t.iter(false)));
                }
            } else {
                children.push(self.level_iterator(&cf.icmp, &plan.inputs));
            }
            if !plan.output_inputs.is_empty() {
                children.push(self.level_iterator(&cf.icmp, &plan.output_inputs));
            }
            let mut input = range.bound(cf.opts.comparator.clone(), MergingIterator::new(cf.icmp.clone(), children));
            let grandparents = if plan.output_level + 1 < version_for_grandparents.levels.len() && plan.output_level > 0 {
                version_for_grandparents.levels[plan.output_level + 1].clone()
            } else {
                Vec::new()
            };
            let mut out = OutputWriter::new(self, cf, plan.output_level, target).with_grandparents(grandparents, plan.max_grandparent_overlap);
            let tombstones = match self.table_tombstones(&cf.icmp, plan.all_inputs()) {
                Ok(t) => range.clip_tombstones(&cf.opts.comparator, t),
                Err(e) => {
                    out.abandon();
                    return Err(e);
                }
            };
            // The options' filter, else one from the factory for this compaction.
            let is_manual = plan.kind == crate::compaction::picker::CompactionKind::Manual;
            let user_filter = cf.opts.compaction_filter.clone().or_else(|| {
                cf.opts.compaction_filter_factory.as_ref().and_then(|f| f.create(plan.bottommost && plan.level == 0, is_manual))
            });
            let counting = user_filter.as_deref().map(crate::compaction::CountingFilter::new);
            let level = plan.level as i32;
            let filter = counting.as_ref().map(|f| (f as &dyn crate::compaction::CompactionFilter, level));
            match self.filter_into(cf, &mut input, &tombstones, &snapshots, plan.bottommost, filter, &mut out) {
                Ok(()) => {
                    self.tick(crate::stats::Ticker::CompactionKeyDropUser, counting.as_ref().map_or(0, |c| c.removed()));
                    out.finish()
                }
                Err(e) => {
                    out.abandon();
                    Err(e)
                }
            }
        };
        let subcompaction = event.as_ref().map(super::listener::EventHub::subcompaction_info);
        let result = MutexGuard::unlocked(st, || {
            let ranges = self.subcompaction_ranges(cf, plan);
            // Each range tells the listeners it begins and ends, on the thread that runs it.
            let compact_range_told = |range: &super::subcompaction::KeyRange| {
                let id = ranges.iter().position(|r| std::ptr::eq(r, range)).unwrap_or(0);
                self.events.subcompaction_begin(&self.opts, &subcompaction, id);
                let r = compact_range(range);
                self.events.subcompaction_completed(&self.opts, &subcompaction, id, r.as_ref().err());
                r
            };
            self.run_subcompactions(&ranges, &compact_range_told)
        });
        let (files, bytes_written, ranges) = match result {
            Ok(r) => (r.files, r.bytes_written, r.ranges),
            Err(e) => {
                if !e.is_corruption() {
                    self.report_bg_error(st, super::listener::BackgroundErrorReason::Compaction, e.clone());
                }
                return Err(e);
            }
        };
        let numbers: Vec<u64> = files.iter().map(|f| f.number).collect();
        if let Some(info) = event.as_mut() {
            info.output_files = numbers.iter().map(|n| self.path.join(table_file_name(*n)).to_string_lossy().into_owned()).collect();
            info.output_file_infos = numbers.iter().map(|n| (plan.output_level as i32, *n)).collect();
            info.output_records = files.iter().map(|f| f.num_entries).sum();
            info.total_output_bytes = bytes_written;
        }
        let nout = files.len();
        // RocksDB: every output takes the smallest epoch of the inputs.
        let epoch = plan.all_inputs().map(|f| f.epoch_number).min().unwrap_or(0);
        for mut f in files {
            f.epoch_number = epoch;
            edit.new_files.push((plan.output_level as u32, f));
        }
        let r = st.versions.log_and_apply(vec![edit]);
        for n in &numbers {
            st.pending_outputs.remove(n);
        }
        if let Err(e) = r {
            self.set_bg_error(e.clone());
            return Err(e);
        }
        self.install_super_version(st, cf, None);
        let l = st.stats.level_mut(plan.output_level);
        l.count += 1;
        l.micros += start.elapsed().as_micros() as u64;
        l.bytes_read += bytes_read;
        l.bytes_written += bytes_written;
        l.files_in += (plan.inputs.len() + plan.output_inputs.len()) as u64;
        l.files_out += nout as u64;
        self.tick(crate::stats::Ticker::CompactReadBytes, bytes_read);
        self.tick(crate::stats::Ticker::CompactWriteBytes, bytes_written);
        if plan.kind == crate::compaction::picker::CompactionKind::Marked {
            self.tick(crate::stats::Ticker::CompactReadBytesMarked, bytes_read);
            self.tick(crate::stats::Ticker::CompactWriteBytesMarked, bytes_written);
        }
        if let Some(stats) = &self.stats {
            stats.measure(crate::stats::Histogram::CompactionTime, start.elapsed().as_micros() as u64);
            stats.measure(crate::stats::Histogram::NumSubcompactionsScheduled, ranges as u64);
        }
        let k = st.stats.kinds.entry(plan.kind.name()).or_default();
        k.count += 1;
        k.bytes_read += bytes_read;
        k.bytes_written += bytes_written;
        k.micros += start.elapsed().as_micros() as u64;
        self.info_log.log(&format!(
            "[{}] compacted {}@{} + {}@{} files to L{} in {} subcompactions: {} files, {} bytes read, {} bytes written in {} us",
            cf.name,
            plan.inputs.len(),
            plan.level,
            plan.output_inputs.len(),
            plan.output_level,
            plan.output_level,
            ranges,
            nout,
            bytes_read,
            bytes_written,
            start.elapsed().as_micros()
        ));
        self.delete_obsolete_files(st);
        Ok(numbers)
    }

    fn level_iterator(&self, icmp: &crate::key::InternalKeyComparator, files: &[Arc<FileMetaData>]) -> Box<dyn InternalIterator> {
        let bounds = files.iter().map(|f| (f.smallest.clone(), f.largest.clone())).collect();
        let files = files.to_vec();
        let tc = self.table_cache.clone();
        let file_icmp = icmp.clone();
        Box::new(LevelIterator::new(
            icmp.clone(),
            bounds,
            Box::new(move |i: usize| -> Result<Box<dyn InternalIterator>> {
                let f = files.get(i).ok_or_else(|| Error::corruption("level iterator index out of range"))?;
                let t = tc.get(&file_icmp, f.number, f.file_size, f.largest_seqno)?;
                Ok(Box::new(t.iter(false)) as Box<dyn InternalIterator>)
            }),
        ))
    }

    /// The oldest WAL that still holds data not yet in a table.
    pub(crate) fn min_wal_needed(&self, current_wal: u64) -> u64 {
        let mut min = current_wal;
        for cf in self.cfs.read().values() {
            let sv = cf.super_version();
            for m in sv.imm.iter().chain(std::iter::once(&sv.mem)) {
                if !m.is_empty() {
                    min = min.min(m.log_number());
                }
            }
        }
        if let Some(p) = self.txn.min_prepared_wal() {
            min = min.min(p);
        }
        min
    }

    /// Deletes tables no live version references, WALs every column family has flushed, and old
    /// MANIFEST and OPTIONS files. Requires: the db mutex.
    pub(crate) fn delete_obsolete_files(&self, st: &mut DbState) {
        if self.read_only || st.file_deletions_disabled > 0 {
            return;
        }
        let mut live: BTreeSet<u64> = st.pending_outputs.clone();
        for d in st.versions.column_families() {
            live.extend(d.current.all_file_numbers());
        }
        st.live_versions.retain(|w| w.strong_count() > 0);
        for w in &st.live_versions {
            if let Some(v) = w.upgrade() {
                live.extend(v.all_file_numbers());
            }
        }
        let current_wal = self.wal.lock().number;
        let min_wal = self.min_wal_needed(current_wal);
        let names = match self.fs.list_dir(&self.path) {
            Ok(n) => n,
            Err(_) => return,
        };
        let mut options_files: Vec<u64> = Vec::new();
        for name in &names {
            match parse_file_name(name) {
                Some((FileType::Table, n)) if !live.contains(&n) && n < st.versions.next_file_number() => {
                    self.table_cache.evict(n);
                    if self.fs.remove_file(&self.path.join(name)).is_ok() {
                        self.info_log.log(&format!("Deleted obsolete table file {name}"));
                    }
                }
                Some((FileType::Manifest, n)) if !st.versions.manifest_in_use(n) => {
                    let _ = self.fs.remove_file(&self.path.join(name));
                }
                Some((FileType::Options, n)) => options_files.push(n),
                _ => {}
            }
        }
        options_files.sort_unstable();
        if options_files.len() > 2 {
            for n in &options_files[..options_files.len() - 2] {
                let _ = self.fs.remove_file(&self.path.join(crate::version::filename::options_file_name(*n)));
            }
        }
        while let Some(&(n, _)) = st.alive_wals.front() {
            if n >= min_wal || n == current_wal {
                break;
            }
            st.alive_wals.pop_front();
            if self.fs.remove_file(&self.wal_path(n)).is_ok() {
                self.info_log.log(&format!("Deleted obsolete WAL {n:06}.log"));
            }
        }
    }

    /// Makes the active memtable immutable and (with `wait`) waits until it is in a table.
    pub(crate) fn flush_cf_internal(&self, cf_id: u32, wait: bool, allow_write_stall: bool) -> Result<()> {
        let _ = allow_write_stall;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        let target_id = {
            let _leader = self.writers.leader.lock();
            let mut st = self.state.lock();
            if let Some(e) = self.bg_error() {
                return Err(e);
            }
            let cf = self.cf(cf_id)?;
            let sv = cf.super_version();
            if sv.mem.is_empty() {
                sv.imm.first().map(|m| m.id())
            } else {
                let id = sv.mem.id();
                self.events.note_manual_flush(&self.opts, cf_id);
                self.switch_memtables(&mut st, &[cf_id])?;
                Some(id)
            }
        };
        self.events.fire_queued(&self.opts);
        self.bg_cv.notify_all();
        let target = match target_id {
            Some(t) => t,
            None => return Ok(()),
        };
        if !wait {
            return Ok(());
        }
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
            if st.shutting_down || self.bg_threads.lock().is_empty() {
                // No background thread (closing): flush here.
                if !st.flushing.contains(&cf_id) {
                    self.run_flush(&mut st, cf_id)?;
                    continue;
                }
            }
            self.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
    }

    /// Compacts every file overlapping [begin, end] down to the last level holding data.
    pub(crate) fn compact_range_internal(&self, cf_id: u32, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        self.compact_range_split(cf_id, begin, end, 0)
    }

    /// `compact_range_internal` whose jobs may be split into `max_subcompactions` key ranges
    /// (0: the database's option).
    pub(crate) fn compact_range_split(&self, cf_id: u32, begin: Option<&[u8]>, end: Option<&[u8]>, max_subcompactions: u32) -> Result<()> {
        if self.state.lock().manual_compaction_paused > 0 {
            return Err(super::control::manual_compaction_paused());
        }
        super::listener::flush_requested_for(super::listener::flush_reason::MANUAL_COMPACTION, || self.flush_cf_internal(cf_id, true, true))?;
        let cf = self.cf(cf_id)?;
        let mut st = self.state.lock();
        st.manual_compactions += 1;
        let r = (|| -> Result<()> {
            while st.running_compactions > 0 {
                self.bg_cv.wait_for(&mut st, Duration::from_millis(50));
            }
            let num_levels = cf.opts.num_levels.max(2) as usize;
            let mut level = 0usize;
            while level + 1 < num_levels {
                if let Some(e) = self.bg_error() {
                    return Err(e);
                }
                if st.manual_compaction_paused > 0 {
                    return Err(super::control::manual_compaction_paused());
                }
                let version = st.versions.cf(cf_id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
                let deepest = (0..num_levels).rev().find(|l| !version.levels.get(*l).map_or(true, |v| v.is_empty())).unwrap_or(0);
                // RocksDB's CompactRange without a target level: with dynamic level bytes the data
                // ends in the last level; otherwise in the deepest level holding data (level 0
                // moves at least into level 1). Empty levels in between are skipped.
                let target = if cf.opts.level_compaction_dynamic_level_bytes { num_levels - 1 } else { deepest.max(1) };
                if level >= target {
                    break;
                }
                let inputs = version.overlapping_files(&cf.icmp, level, begin, end);
                let Some((lo, hi)) = crate::compaction::picker::key_range(&cf.icmp, &inputs) else {
                    level += 1;
                    continue;
                };
                let output_level = (level + 1..target).find(|l| !version.levels[*l].is_empty()).unwrap_or(target);
                let output_inputs = version.overlapping_files(&cf.icmp, output_level, Some(&lo), Some(&hi));
                let bottommost = crate::compaction::picker::is_bottommost(&version, &cf.icmp, output_level, &lo, &hi);
                let plan = CompactionPlan {
                    level,
                    output_level,
                    inputs,
                    output_inputs,
                    bottommost,
                    trivial_move: false,
                    kind: crate::compaction::picker::CompactionKind::Manual,
                    max_grandparent_overlap: crate::compaction::picker::max_compaction_bytes(&cf.opts),
                    max_subcompactions,
                    max_output_file_size: 0,
                };
                self.run_compaction(&mut st, &cf, plan)?;
                level = output_level;
            }
            Ok(())
        })();
        st.manual_compactions -= 1;
        self.bg_cv.notify_all();
        r
    }

    pub(crate) fn create_column_family(&self, opts: &Options, name: &str) -> Result<Arc<ColumnFamilyHandle>> {
        self.check_open()?;
        let mut opts = opts.sanitized();
        opts.comparator = opts.comparator.pinned()?;
        let opts = &opts;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        let _leader = self.writers.leader.lock();
        let mut st = self.state.lock();
        if st.versions.cf_by_name(name).is_some() {
            return Err(Error::invalid_argument(format!("Column family already exists")));
        }
        let id = st.versions.max_column_family() + 1;
        let wal_number = self.wal.lock().number;
        let mut edit = VersionEdit::default();
        edit.column_family = id;
        edit.column_family_add = Some(name.to_string());
        edit.comparator = Some(opts.comparator.name().into_owned());
        st.versions.set_cf_comparator(name, opts.comparator.clone());
        edit.log_number = Some(wal_number);
        edit.max_column_family = Some(id);
        st.versions.log_and_apply(vec![edit])?;
        let version = st.versions.cf(id).map(|d| d.current.clone()).ok_or_else(|| Error::corruption("column family not installed"))?;
        let mem = self.new_memtable(opts, wal_number);
        let cf = Arc::new(ColumnFamily {
            id,
            name: name.to_string(),
            opts: opts.clone(),
            icmp: crate::key::InternalKeyComparator::new(opts.comparator.clone()),
            sv: parking_lot::RwLock::new(Arc::new(SuperVersion { mem, imm: Vec::new(), version })),
            dropped: std::sync::atomic::AtomicBool::new(false),
            stall: Default::default(),
        });
        self.cfs.write().insert(id, cf);
        self.write_options_file(&mut st);
        Ok(Arc::new(ColumnFamilyHandle { id, name: name.to_string() }))
    }

    pub(crate) fn drop_column_family(&self, h: &ColumnFamilyHandle) -> Result<()> {
        self.check_open()?;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        if h.id == 0 {
            return Err(Error::invalid_argument("Can't drop default column family"));
        }
        let _leader = self.writers.leader.lock();
        let mut st = self.state.lock();
        let cf = match self.cfs.read().get(&h.id) {
            Some(c) if !c.dropped.load(Ordering::Acquire) => c.clone(),
            _ => return Err(Error::invalid_argument("Column family already dropped!\n")),
        };
        while st.flushing.contains(&h.id) || st.running_compactions > 0 {
            self.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
        let mut edit = VersionEdit::default();
        edit.column_family = h.id;
        edit.column_family_drop = true;
        st.versions.log_and_apply(vec![edit])?;
        cf.dropped.store(true, Ordering::Release);
        self.cfs.write().remove(&h.id);
        self.write_options_file(&mut st);
        self.delete_obsolete_files(&mut st);
        Ok(())
    }

    pub(crate) fn write_options_file(&self, st: &mut DbState) {
        let number = st.versions.new_file_number();
        let cfs = self.cfs.read();
        let list: Vec<(String, &Options)> = cfs.values().map(|c| (c.name.clone(), &c.opts)).collect();
        if let Err(e) = crate::version::options_file::write_options_file(self.fs.as_ref(), &self.path, number, &self.opts, &list) {
            self.info_log.log(&format!("[WARN] failed to write OPTIONS file: {e}"));
        }
    }
}

fn background_loop(db: std::sync::Weak<DbInner>, flush_only: bool) {
    loop {
        let db = match db.upgrade() {
            Some(d) => d,
            None => return,
        };
        let mut st = db.state.lock();
        if st.shutting_down {
            return;
        }
        if flush_only && db.opts.stats_dump_period_sec > 0
            && st.last_stats_dump.elapsed().as_secs() >= db.opts.stats_dump_period_sec as u64
        {
            st.last_stats_dump = std::time::Instant::now();
            let cfs: Vec<_> = db.cfs.read().values().cloned().collect();
            drop(st);
            db.info_log.log("------- DUMPING STATS -------");
            for cf in cfs {
                if let Some(text) = db.property(&cf, "rocksdb.stats") {
                    db.info_log.log(&text);
                }
            }
            if let Some(s) = &db.stats {
                db.info_log.log(&s.to_text());
            }
            continue;
        }
        if db.bg_error().is_none() {
            if let Some(cf_id) = db.pick_flush(&st) {
                let _ = db.run_flush(&mut st, cf_id);
                continue;
            }
            if !flush_only && db.maybe_compact(&mut st) {
                continue;
            }
        }
        // Wait for work; the timeout bounds how long a missed notification could delay it.
        db.bg_cv.wait_for(&mut st, Duration::from_millis(200));
        if st.shutting_down {
            return;
        }
    }
}

impl Db {
    pub fn flush_cf(&self, fo: &FlushOptions, cf: &ColumnFamilyHandle) -> Result<()> {
        self.inner.check_open()?;
        self.inner.flush_cf_internal(cf.id, fo.wait, fo.allow_write_stall)
    }
    pub fn flush(&self, fo: &FlushOptions) -> Result<()> {
        self.flush_cf(fo, &ColumnFamilyHandle { id: 0, name: "default".into() })
    }
    /// Compacts the key range (all of it when both are None) down to the last level with data.
    pub fn compact_range_cf(&self, cf: &ColumnFamilyHandle, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        self.inner.check_open()?;
        if self.inner.read_only {
            return Err(super::write::read_only_error());
        }
        self.inner.compact_range_internal(cf.id, begin, end)
    }
    /// RocksDB's SuggestCompactRange: marks the files overlapping [begin, end] (None =
    /// unbounded) on every level above the last one holding data, so that background
    /// compaction rewrites them when no level needs compacting more urgently.
    pub fn suggest_compact_range_cf(&self, cf: &ColumnFamilyHandle, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        self.inner.check_open()?;
        if self.inner.read_only {
            return Err(super::write::read_only_error());
        }
        let inner = &self.inner;
        let icmp = inner.cf_for_handle(cf)?.icmp.clone();
        {
            let st = inner.state.lock();
            let version = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
            // RocksDB marks the levels above the last non-empty one (so nothing when only
            // level 0 holds data).
            let last_non_empty = (0..version.levels.len()).rev().find(|l| !version.levels[*l].is_empty()).unwrap_or(0);
            for level in 0..last_non_empty {
                for f in version.overlapping_files(&icmp, level, begin, end) {
                    f.marked_for_compaction.store(true, Ordering::Release);
                }
            }
        }
        inner.bg_cv.notify_all();
        Ok(())
    }

    /// RocksDB's DisableFileDeletions: obsolete files stay on disk until every call is matched
    /// by `enable_file_deletions` (for copying a live database's files).
    pub fn disable_file_deletions(&self) -> Result<()> {
        self.inner.check_open()?;
        self.inner.state.lock().file_deletions_disabled += 1;
        Ok(())
    }

    /// RocksDB 11.8.1's EnableFileDeletions: undoes one `disable_file_deletions`; at zero,
    /// obsolete files are deleted again (at once).
    pub fn enable_file_deletions(&self) -> Result<()> {
        self.inner.check_open()?;
        let mut st = self.inner.state.lock();
        st.file_deletions_disabled = st.file_deletions_disabled.saturating_sub(1);
        if st.file_deletions_disabled == 0 {
            self.inner.delete_obsolete_files(&mut st);
        }
        Ok(())
    }

    pub fn file_deletions_enabled(&self) -> bool {
        self.inner.state.lock().file_deletions_disabled == 0
    }

    /// Waits until no flush or compaction is pending or running (tests and tools).
    pub fn wait_for_background_work(&self) -> Result<()> {
        let inner = &self.inner;
        let mut st = inner.state.lock();
        loop {
            if let Some(e) = inner.bg_error() {
                return Err(e);
            }
            let pending_flush = inner.pick_flush(&st).is_some() || st.running_flushes > 0;
            let pending_compaction = st.running_compactions > 0
                || inner.cfs.read().values().any(|cf| {
                    st.versions.cf(cf.id).map_or(false, |d| pick_compaction(&d.current, &cf.icmp, &cf.opts).is_some())
                });
            if !pending_flush && !pending_compaction {
                return Ok(());
            }
            inner.bg_cv.notify_all();
            inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
    }
}
