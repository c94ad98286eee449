//! Running a compaction for the database: picking one for a column family (the picker is
//! given the version, the options and `DbState::compacting`), reserving a plan's inputs,
//! running its job (`compaction/job.rs`) with the db mutex released, installing the job's
//! edit through the MANIFEST, and recording statistics and listener events.
//!
//! Thread-safety: `run_compaction` is called with the db mutex held and releases it while
//! listeners run and while the job writes its tables; the plan's inputs are in
//! `DbState::compacting` meanwhile, so no other job takes them. A panic in the job is caught
//! and latched as the background error, so the job never stays counted as running.

use super::listener::{BackgroundErrorReason, CompactionJobInfo, EventHub, SubcompactionJobInfo};
use super::{ColumnFamily, DbInner, DbState};
use crate::compaction::job::{grandparents, moved_edit, output_edit, CompactionJob, JobObserver};
use crate::compaction::picker::{pick_compaction, FileStates};
use crate::compaction::plan::{CompactionKind, CompactionPlan, FileSet};
use super::background::ends_compaction_quietly;
use crate::error::{Code, Error, Result};
use crate::version::edit::FileMetaData;
use crate::version::filename::table_file_name;
use crate::version::version::Version;
use parking_lot::MutexGuard;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// The files of `v` marked for compaction (SuggestCompactRange marks them in place).
fn marked_files(v: &Version) -> FileSet {
    v.all_files().filter(|(_, f)| f.marked_for_compaction.load(Ordering::Acquire)).map(|(_, f)| f.number).collect()
}

/// What a running job tells listeners and statistics.
struct Observer<'a> {
    db: &'a DbInner,
    subcompaction: Option<SubcompactionJobInfo>,
}

impl JobObserver for Observer<'_> {
    fn range_begin(&self, id: usize) {
        self.db.events.subcompaction_begin(&self.db.opts(), &self.subcompaction, id);
    }
    fn range_completed(&self, id: usize, elapsed: std::time::Duration, outcome: &Result<(Vec<FileMetaData>, u64)>) {
        self.db.events.subcompaction_completed(&self.db.opts(), &self.subcompaction, id, elapsed, outcome);
    }
    fn filter_removed(&self, n: u64) {
        self.db.tick(crate::stats::Ticker::CompactionKeyDropUser, n);
    }
}

impl DbInner {
    /// The compaction the picker would run next for `cf`, if any.
    /// Requires: the db mutex (`st`).
    pub(crate) fn pick_compaction_for(&self, st: &DbState, cf: &ColumnFamily) -> Option<CompactionPlan> {
        let version = &st.versions.cf(cf.id)?.current;
        let marked = marked_files(version);
        pick_compaction(version, &cf.icmp, &cf.opts(), FileStates { compacting: &st.compacting, marked: &marked })
    }

    /// Executes a planned compaction and returns the numbers of the tables it installed.
    /// Requires: the db mutex guard; released during table I/O.
    pub(crate) fn run_compaction(&self, st: &mut MutexGuard<'_, DbState>, cf: &Arc<ColumnFamily>, mut plan: CompactionPlan) -> Result<Vec<u64>> {
        // RocksDB's IsTrivialMove: a file moves as it is only when it already lies in the
        // directory the output level's files go to; otherwise it is rewritten there.
        let path_id = self.output_path_id(cf, &plan);
        plan.output_path_id = Some(path_id);
        if plan.trivial_move && plan.inputs.iter().any(|f| f.path_id != path_id) {
            plan.trivial_move = false;
        }
        if let (Some(stats), false) = (&self.stats, plan.kind == CompactionKind::Manual) {
            // RocksDB records it for every compaction the picker chose, trivial moves included.
            stats.measure(crate::stats::Histogram::NumFilesInSingleCompaction, plan.all_inputs().count() as u64);
        }
        // RocksDB's EnoughRoomForCompaction, before anything is marked as compacting: without
        // room under the SstFileManager's limit the compaction does not start. An automatic
        // one is tried again after the background thread's wait; a manual one returns this.
        let sfm = self.opts().sst_file_manager.clone();
        let input_bytes: u64 = plan.all_inputs().map(|f| f.file_size).sum();
        if let Some(sfm) = &sfm {
            if !sfm.reserve_for_compaction(input_bytes) {
                self.info_log.log(&format!("[{}] Cancelled compaction because not enough room", cf.name));
                self.tick(crate::stats::Ticker::CompactionCancelled, 1);
                return Err(Error::new(crate::error::Code::CompactionTooLarge, ""));
            }
        }
        st.compacting.extend(plan.all_inputs().map(|f| f.number));
        st.running_compactions += 1;
        let start = Instant::now();
        let version_files = st.versions.cf(cf.id).map_or(0, |d| d.current.all_files().count());
        let mut event = self.events.compaction_info(self, cf, &plan, version_files);
        if event.is_some() {
            MutexGuard::unlocked(st, || {
                if let Some(info) = event.as_mut() {
                    let dir = |f: &FileMetaData| cf.table_dir(f.path_id).to_path_buf();
                    EventHub::add_table_properties(self, cf, dir, plan.all_inputs().map(|f| &**f), false, info);
                }
                self.events.compaction_begin(&self.opts(), &event)
            });
        }
        // A panic (in a compaction filter, say) becomes the background error; the job still
        // stops counting as running, so compact_range and close do not wait for it forever.
        // Its outputs stay on disk until the next open.
        let result = catch_unwind(AssertUnwindSafe(|| {
            if plan.trivial_move {
                self.install_move(st, cf, &plan, &mut event)
            } else {
                self.compact(st, cf, &plan, start, &mut event)
            }
        }))
        .unwrap_or_else(|p| {
            let e = Error::from_panic(p);
            self.info_log.log(&format!("[{}] compaction panicked: {e}", cf.name));
            self.report_bg_panic(st, BackgroundErrorReason::Compaction, e.clone());
            Err(e)
        });
        // Told before the job stops counting as running, so a waiter sees the events fired.
        if let Some(info) = event.as_mut() {
            info.stats.elapsed_micros = start.elapsed().as_micros() as u64;
            info.num_l0_files = cf.stall.l0_files.load(Ordering::Acquire) as i32;
            if let Err(e) = &result {
                info.status = Some(e.clone());
                info.aborted = e.code() == crate::error::Code::ShutdownInProgress;
            }
            MutexGuard::unlocked(st, || self.events.compaction_completed(&self.opts(), event));
        }
        st.running_compactions -= 1;
        for f in plan.all_inputs() {
            st.compacting.remove(&f.number);
        }
        if let Some(sfm) = &sfm {
            sfm.compaction_completed(input_bytes);
        }
        self.bg_cv.notify_all();
        result
    }

    /// The path id a plan's outputs are written to.
    fn output_path_id(&self, cf: &ColumnFamily, plan: &CompactionPlan) -> u32 {
        plan.output_path_id
            .unwrap_or_else(|| crate::compaction::paths::path_id_for_level(&cf.paths, &cf.opts(), plan.output_level))
    }

    /// A trivial move: the MANIFEST edit alone.
    fn install_move(
        &self,
        st: &mut MutexGuard<'_, DbState>,
        cf: &Arc<ColumnFamily>,
        plan: &CompactionPlan,
        event: &mut Option<CompactionJobInfo>,
    ) -> Result<Vec<u64>> {
        if let Some(info) = event.as_mut() {
            info.output_files = info.input_files.clone();
            info.output_file_infos = plan.inputs.iter().map(|f| (plan.output_level as i32, f.number)).collect();
            info.stats.set_outputs(&plan.inputs, info.stats.total_input_bytes);
        }
        if let Err(e) = st.versions.log_and_apply(vec![moved_edit(cf.id, plan)]) {
            if e.code() != Code::ColumnFamilyDropped {
                self.report_bg_error(st, BackgroundErrorReason::ManifestWrite, e.clone());
            }
            return Err(e);
        }
        self.install_super_version(st, cf, None);
        st.stats.level_mut(plan.output_level).trivial_moves += 1;
        let k = st.stats.kinds.entry(CompactionKind::TrivialMove.name()).or_default();
        k.count += 1;
        Ok(plan.inputs.iter().map(|f| f.number).collect())
    }

    /// Runs the job with the db mutex released, then installs its outputs.
    fn compact(
        &self,
        st: &mut MutexGuard<'_, DbState>,
        cf: &Arc<ColumnFamily>,
        plan: &CompactionPlan,
        start: Instant,
        event: &mut Option<CompactionJobInfo>,
    ) -> Result<Vec<u64>> {
        let snapshots = self.snapshots.list();
        let version = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::new(Code::ColumnFamilyDropped, ""))?;
        let bytes_read: u64 = plan.all_inputs().map(|f| f.file_size).sum();
        // The options the compaction started with (SetOptions may swap the family's meanwhile).
        let cf_opts = cf.opts();
        let job = CompactionJob {
            plan,
            store: self,
            icmp: cf.icmp.clone(),
            cf: cf.output(&cf_opts, self.output_path_id(cf, plan)),
            snapshots: &snapshots,
            grandparents: grandparents(plan, &version),
            db_max_subcompactions: self.opts().max_subcompactions,
        };
        let observer = Observer { db: self, subcompaction: event.as_ref().map(EventHub::subcompaction_info) };
        let run = || {
            let output = job.run(&observer)?;
            if let Some(info) = event.as_mut() {
                let dir = job.cf.output_dir();
                EventHub::add_table_properties(self, cf, |_| dir.to_path_buf(), output.files.iter(), true, info);
            }
            Ok(output)
        };
        let output = match MutexGuard::unlocked(st, run) {
            Ok(o) => o,
            Err(e) => {
                // RocksDB's BackgroundCompaction: all but these become the background error
                // (with paranoid_checks corruption found in the inputs too, so the same
                // compaction is not picked again and again).
                if !ends_compaction_quietly(&e) && !cf.dropped.load(Ordering::Acquire) {
                    self.report_bg_error(st, BackgroundErrorReason::Compaction, e.clone());
                }
                return Err(e);
            }
        };
        let (bytes_written, ranges, nout) = (output.bytes_written, output.ranges, output.files.len());
        let numbers: Vec<u64> = output.files.iter().map(|f| f.number).collect();
        if let Some(e) = self.space_limit_error() {
            // RocksDB's FinishCompactionOutputFile: the compaction fails (its outputs become
            // obsolete) and the database stops.
            for n in &numbers {
                st.pending_outputs.remove(n);
            }
            self.report_bg_error(st, BackgroundErrorReason::Compaction, e.clone());
            self.delete_obsolete_files(st);
            return Err(e);
        }
        if let Some(info) = event.as_mut() {
            let dir = job.cf.output_dir();
            info.output_files = numbers.iter().map(|n| dir.join(table_file_name(*n)).to_string_lossy().into_owned()).collect();
            info.output_file_infos = numbers.iter().map(|n| (plan.output_level as i32, *n)).collect();
            info.stats.set_outputs(&output.files, bytes_written);
        }
        let r = st.versions.log_and_apply(vec![output_edit(cf.id, plan, output.files)]);
        for n in &numbers {
            st.pending_outputs.remove(n);
        }
        if let Err(e) = r {
            if e.code() == Code::ColumnFamilyDropped {
                // Dropped while the compaction ran: its outputs go with the family.
                self.delete_obsolete_files(st);
            } else {
                self.report_bg_error(st, BackgroundErrorReason::ManifestWrite, e.clone());
            }
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
        if plan.kind == CompactionKind::Marked {
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
}

#[cfg(test)]
mod tests {
    use crate::key::user_key;
    use std::cmp::Ordering;
    use std::sync::Arc;

    /// Four overlapping level-0 files (with a range deletion across the middle) compacted by
    /// hand with max_subcompactions = 4: the job splits, its outputs in the last level do not
    /// overlap, and every key reads back as written.
    #[test]
    fn a_split_compaction_writes_disjoint_outputs_and_loses_nothing() {
        use crate::db::Db;
        use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
        use std::collections::BTreeMap;
        let d = crate::util::testutil::TempDir::new("split");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        o.max_subcompactions = 4;
        o.target_file_size_base = 16 << 10;
        let stats = o.enable_statistics();
        let db = Db::open(&o, &d.0).unwrap();
        let (wo, ro) = (WriteOptions::default(), ReadOptions::new());
        let mut model = BTreeMap::new();
        let mut x = 12345u64;
        // A snapshot older than the range deletion keeps it (clipped to each range) and the
        // data under it through the bottommost compaction.
        let mut at_snapshot = None;
        for round in 0..4 {
            for _ in 0..1500 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let key = format!("key{:05}", (x >> 33) % 4000).into_bytes();
                let value = format!("value-{round}-{x}").into_bytes();
                db.put(&wo, &key, &value).unwrap();
                model.insert(key, value);
            }
            if round == 1 {
                db.delete_range_cf(&wo, &db.default_column_family(), b"key01000", b"key03000").unwrap();
                model.retain(|k, _| k.as_slice() < b"key01000".as_slice() || k.as_slice() >= b"key03000".as_slice());
            }
            db.flush(&FlushOptions::default()).unwrap();
            if round == 0 {
                at_snapshot = Some((db.snapshot().unwrap(), model.clone()));
            }
        }
        assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(4));
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        let h = stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32);
        assert_eq!(h.count, 1);
        assert!(h.max >= 2.0, "the compaction was not split: {h:?}");
        let version = db.inner.state.lock().versions.cf(0).map(|c| c.current.clone()).unwrap();
        let last = version.files(6);
        assert!(last.len() >= 2, "{} output files", last.len());
        assert_eq!(version.files(0).len(), 0);
        for w in last.windows(2) {
            assert_eq!(db.inner.cf(0).unwrap().icmp.compare(&w[0].largest, &w[1].smallest), Ordering::Less, "#{} overlaps #{}", w[0].number, w[1].number);
        }
        // The range deletion crosses range boundaries: a table ends at a boundary with the
        // tombstone's exclusive end bound, and the next table starts at that user key.
        let sentinel_cut = last.windows(2).any(|w| {
            let end = crate::key::parse_internal_key(&w[0].largest).unwrap();
            end.sequence == crate::key::MAX_SEQUENCE_NUMBER && end.user_key == user_key(&w[1].smallest)
        });
        assert!(sentinel_cut, "no table was cut inside the range deletion");
        let (snapshot, old_model) = at_snapshot.unwrap();
        let mut at_old = ReadOptions::new();
        at_old.snapshot = Some(snapshot);
        for key in (0..4000).map(|i| format!("key{i:05}").into_bytes()) {
            assert_eq!(db.get(&ro, &key).unwrap(), model.get(&key).cloned(), "{}", String::from_utf8_lossy(&key));
            assert_eq!(db.get(&at_old, &key).unwrap(), old_model.get(&key).cloned(), "{}", String::from_utf8_lossy(&key));
        }
        let mut it = db.iter(&ro).unwrap();
        it.seek_to_first();
        let mut n = 0;
        for (k, v) in &model {
            assert!(it.valid());
            assert_eq!((it.key(), it.value()), (k.as_slice(), v.as_slice()));
            it.next();
            n += 1;
        }
        assert!(!it.valid() && n == model.len());
        drop(it);
        db.close().unwrap();
        drop(db);
        // RocksDB 7.8.3 reads the same data from the split outputs.
        if let Some(text) = crate::util::testutil::debian_ldb_scan(&d.0) {
            let want: String = model.iter().map(|(k, v)| format!("{} : {}\n", String::from_utf8_lossy(k), String::from_utf8_lossy(v))).collect();
            assert!(text == want, "ldb scan differs from the model");
        }
    }

    /// Rewrites values ending in 3 and removes those ending in 7.
    struct EditDigits;
    impl crate::compaction::CompactionFilter for EditDigits {
        fn name(&self) -> String {
            "EditDigits".into()
        }
        fn filter(&self, _level: i32, _key: &[u8], value: &[u8]) -> crate::compaction::FilterDecision {
            use crate::compaction::FilterDecision;
            match value.last() {
                Some(b'3') => FilterDecision::Change(b"three".to_vec()),
                Some(b'7') => FilterDecision::Remove,
                _ => FilterDecision::Keep,
            }
        }
    }

    /// The same writes compacted whole and in 4 subcompactions, with a compaction filter, merges
    /// and a snapshot held: both read back the same at the snapshot and at the latest state.
    #[test]
    fn split_and_whole_compactions_give_the_same_data() {
        use crate::db::Db;
        use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
        let contents = |max_subcompactions: u32| -> (Vec<(Vec<u8>, Vec<u8>)>, Vec<(Vec<u8>, Vec<u8>)>, f64, u64) {
            let d = crate::util::testutil::TempDir::new("same");
            let mut o = Options { create_if_missing: true, ..Default::default() };
            o.disable_auto_compactions = true;
            o.max_subcompactions = max_subcompactions;
            o.target_file_size_base = 8 << 10;
            o.compaction_filter = Some(Arc::new(EditDigits));
            o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
            let stats = o.enable_statistics();
            let db = Db::open(&o, &d.0).unwrap();
            let wo = WriteOptions::default();
            let mut x = 99u64;
            let mut snapshot = None;
            for round in 0..4 {
                for i in 0..2000u64 {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let key = format!("key{:05}", (x >> 33) % 3000).into_bytes();
                    if i % 5 == 0 {
                        db.merge(&wo, &key, format!("m{}", x % 10).as_bytes()).unwrap();
                    } else {
                        db.put(&wo, &key, format!("v{round}-{}", x % 10).as_bytes()).unwrap();
                    }
                }
                db.flush(&FlushOptions::default()).unwrap();
                if round == 1 {
                    snapshot = Some(db.snapshot().unwrap());
                }
            }
            db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
            let scan = |r: &ReadOptions| {
                let out = crate::util::testutil::scan_all(&db, r);
                out
            };
            let latest = scan(&ReadOptions::new());
            let mut at = ReadOptions::new();
            at.snapshot = snapshot;
            let old = scan(&at);
            let ranges = stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32).max;
            let removed = stats.ticker_count(crate::stats::Ticker::CompactionKeyDropUser as u32);
            (latest, old, ranges, removed)
        };
        let (whole_latest, whole_old, whole_ranges, whole_removed) = contents(1);
        let (split_latest, split_old, split_ranges, split_removed) = contents(4);
        // The filter removed the same values (rocksdb.compaction.key.drop.user) either way.
        assert!(whole_removed > 0);
        assert_eq!(whole_removed, split_removed);
        assert_eq!(whole_ranges, 1.0);
        assert!(split_ranges >= 2.0, "{split_ranges}");
        // The filter did run: no plain value (merge results are not filtered) ends in 7.
        let plain = |v: &[u8]| v.starts_with(b"v") && !v.contains(&b',');
        assert!(whole_latest.iter().all(|(_, v)| !(plain(v) && v.ends_with(b"7"))));
        assert!(whole_latest.iter().any(|(_, v)| v == b"three"));
        assert_eq!(whole_latest.len(), split_latest.len());
        assert!(whole_latest == split_latest, "latest data differs");
        assert!(whole_old == split_old, "data at the snapshot differs");
    }

    /// One subcompaction failing (a write error on its table) fails the job: the tables the
    /// other ranges finished are removed, nothing is installed, and the data is intact after
    /// a reopen.
    #[test]
    fn a_failed_subcompaction_leaves_no_tables_behind() {
        use crate::db::Db;
        use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
        let d = crate::util::testutil::TempDir::new("subfail");
        let fs = Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()));
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.fs = Some(fs.clone() as Arc<dyn crate::env::FileSystem>);
        o.disable_auto_compactions = true;
        o.max_subcompactions = 4;
        o.target_file_size_base = 16 << 10;
        let stats = o.enable_statistics();
        let tables = |dir: &std::path::Path| -> Vec<String> {
            let mut v: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
                .filter(|n| n.ends_with(".sst"))
                .collect();
            v.sort();
            v
        };
        {
            let db = Db::open(&o, &d.0).unwrap();
            let wo = WriteOptions::default();
            for round in 0..4 {
                for i in 0..3000u32 {
                    let key = format!("key{:05}", (i * 7919 + round) % 5000);
                    db.put(&wo, key.as_bytes(), format!("v{round}-{i}").as_bytes()).unwrap();
                }
                db.flush(&FlushOptions::default()).unwrap();
            }
            let before = tables(&d.0);
            // The second table a compaction opens fails to be written.
            let next = db.inner.state.lock().versions.next_file_number();
            fs.inject_write_error(&format!("{:06}.sst", next + 1));
            let e = db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err();
            assert!(e.to_string().starts_with("IO error"), "{e}");
            assert!(stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32).count == 0);
            assert_eq!(tables(&d.0), before, "tables of the failed job were left behind");
            assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(4));
            fs.clear_injected_errors();
        }
        let db = Db::open(&o, &d.0).unwrap();
        for i in [0u32, 1234, 4999] {
            let key = format!("key{i:05}");
            assert!(db.get(&ReadOptions::new(), key.as_bytes()).unwrap().is_some(), "{key}");
        }
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(0));
    }
}
