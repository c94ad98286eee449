//! Remote compaction through the database (RocksDB's CompactionService and
//! DB::OpenAndCompact), over the protocol of `compaction/remote.rs`:
//!
//! - the primary (`DbInner::compact_remotely`, called by `db/compaction.rs` for every job it
//!   would run locally when `Options::compaction_service` is set): the job goes to the service;
//!   a worker's result is taken by renaming its tables from the worker's directory into the
//!   family's table directory under new numbers, then installed as a local job's outputs are;
//!   kUseLocal (or an unreadable result) runs the job here, a failure fails the compaction.
//! - the worker (`open_and_compact`): opens the primary's database read-only, with its WAL
//!   ignored (only the MANIFEST's view of the tables counts, as RocksDB's secondary open
//!   without WAL recovery), runs the job with the same `CompactionJob` a primary runs, writes
//!   its tables to its own output directory (nothing is written into the primary's), and
//!   returns the serialized result.
//!
//! Thread-safety: `compact_remotely` runs without the db mutex (it takes it briefly to number
//! the tables it takes); the service's callbacks run on the compaction's thread.

use super::compaction::Observer;
use super::{Db, DbInner};
use crate::compaction::job::{grandparents, CompactionJob, JobOutput};
use crate::compaction::plan::{CompactionKind, CompactionPlan};
use crate::compaction::remote::{exchange, CompactionService, Exchange, JobInfo, JobInput, JobResult, JobStatus, OpenAndCompactOptions, OptionsOverride};
use crate::compaction::store::TableStore;
use crate::env::WritableFile;
use crate::error::{Error, Result};
use crate::key::InternalKeyComparator;
use crate::options::Options;
use crate::table::reader::Table;
use crate::util::rate_limiter::IoPriority;
use crate::version::edit::FileMetaData;
use crate::version::filename::table_file_name;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

impl DbInner {
    /// Hands `plan` to the service. None: run it locally; else the job's outputs, now in the
    /// family's table directory and listed in `pending_outputs`, or why it failed.
    /// Requires: the plan's output path id is set; the db mutex is not held.
    pub(super) fn compact_remotely(
        &self,
        service: &dyn CompactionService,
        cf: &super::ColumnFamily,
        plan: &CompactionPlan,
        snapshots: &[u64],
        version: &crate::version::version::Version,
    ) -> Option<Result<JobOutput>> {
        let info = JobInfo {
            db_name: self.path.to_string_lossy().into_owned(),
            db_id: self.db_id.clone(),
            db_session_id: self.session_id.clone(),
            cf_id: cf.id,
            cf_name: cf.name.clone(),
            job_id: self.events.next_job() as u64,
            // Env::Priority::LOW, the pool ferrock's compactions run in.
            priority: 1,
            compaction_reason: super::listener::compaction_reason_of(plan) as i32,
            is_full_compaction: plan.all_inputs().count() == version.all_files().count(),
            is_manual_compaction: plan.kind == CompactionKind::Manual,
            bottommost_level: plan.bottommost,
            base_input_level: plan.level as i32,
            output_level: plan.output_level as i32,
        };
        let input = JobInput::of_plan(plan, &cf.name, &self.db_id, snapshots);
        match exchange(service, &info, &input, &|line| self.info_log.log(line)) {
            Exchange::Local => None,
            Exchange::Failed(e) => Some(Err(e)),
            Exchange::Remote { scheduled_job_id, result } => {
                let taken = self.take_remote_outputs(cf, plan, result);
                service.on_installation(&scheduled_job_id, if taken.is_ok() { JobStatus::Success } else { JobStatus::Failure });
                Some(taken)
            }
        }
    }

    /// Moves a worker's tables into the family's output directory, each under a new number
    /// protected from obsolete-file deletion; on failure the ones already moved are removed.
    fn take_remote_outputs(&self, cf: &super::ColumnFamily, plan: &CompactionPlan, result: JobResult) -> Result<JobOutput> {
        let path_id = plan.output_path_id.unwrap_or(0);
        let dir = cf.table_dir(path_id).to_path_buf();
        let from = PathBuf::from(&result.output_path);
        let mut files = Vec::with_capacity(result.files.len());
        let mut taken = Vec::new();
        for mut f in result.files {
            let number = {
                let mut st = self.state.lock();
                let n = st.versions.new_file_number();
                st.pending_outputs.insert(n);
                n
            };
            taken.push(number);
            let target = dir.join(table_file_name(number));
            let moved = self.fs.rename(&from.join(table_file_name(f.number)), &target).and_then(|()| {
                if f.file_size == 0 {
                    f.file_size = self.fs.file_size(&target)?;
                }
                Ok(())
            });
            if let Err(e) = moved {
                self.discard_tables(&dir, &taken);
                return Err(e);
            }
            f.number = number;
            f.path_id = path_id;
            files.push(f);
        }
        if let Err(e) = self.fs.sync_dir(&dir) {
            self.discard_tables(&dir, &taken);
            return Err(e);
        }
        self.tick(crate::stats::Ticker::RemoteCompactReadBytes, result.bytes_read);
        self.tick(crate::stats::Ticker::RemoteCompactWriteBytes, result.bytes_written);
        Ok(JobOutput { files, bytes_written: result.bytes_written, ranges: 1 })
    }
}

/// What a worker's job writes through: new tables in the worker's output directory, numbered
/// from the primary's next file number (the primary renumbers them when it takes them); the
/// inputs through the read-only database's table cache.
struct WorkerStore<'a> {
    db: &'a DbInner,
    next_number: AtomicU64,
}

impl TableStore for WorkerStore<'_> {
    fn create_table(&self, dir: &Path, _priority: IoPriority) -> Result<(u64, Box<dyn WritableFile>)> {
        let number = self.next_number.fetch_add(1, Ordering::Relaxed);
        Ok((number, self.db.fs.new_writable_file(&dir.join(table_file_name(number)))?))
    }
    fn sync_dir(&self, dir: &Path) -> Result<()> {
        self.db.fs.sync_dir(dir)
    }
    fn discard_tables(&self, dir: &Path, numbers: &[u64]) {
        for n in numbers {
            let _ = self.db.fs.remove_file(&dir.join(table_file_name(*n)));
        }
    }
    fn open_table(&self, icmp: &InternalKeyComparator, dir: &Path, f: &FileMetaData) -> Result<Arc<Table>> {
        self.db.table_cache.get(icmp, dir, f.number, f.file_size, f.largest_seqno)
    }
    fn db_id(&self) -> &str {
        &self.db.db_id
    }
    fn session_id(&self) -> &str {
        &self.db.session_id
    }

    fn file_checksum_gen_factory(&self) -> Option<crate::util::file_checksum::FileChecksumGenFactory> {
        self.db.opts().file_checksum_gen_factory
    }
}

/// RocksDB's DB::OpenAndCompact: runs the job `input` (what the primary's service was given)
/// over the database at `db_path`, writing its tables to `output_dir`, and returns the result
/// the service hands back to the primary's Wait. Options are the primary's latest OPTIONS file
/// (defaults for each family when it has none) with `overrides` applied.
pub fn open_and_compact(
    options: &OpenAndCompactOptions<'_>,
    db_path: &Path,
    output_dir: &Path,
    input: &[u8],
    overrides: &OptionsOverride,
) -> Result<Vec<u8>> {
    if options.is_canceled() {
        return Err(super::control::manual_compaction_paused());
    }
    let input = JobInput::decode(input)?;
    let fs = crate::env::default_fs();
    let (db_opts, cfs) = match crate::options::load::load_latest_options(fs.as_ref(), db_path, true) {
        Ok(l) => (l.db, l.cfs),
        Err(_) => {
            let names = Db::list_column_families(&Options::default(), db_path)?;
            (Options::default(), names.into_iter().map(|n| (n, Options::default())).collect())
        }
    };
    fs.create_dir_all(output_dir)?;
    // The worker's own directory stands in for the WAL directory: it holds no WAL, so nothing
    // is replayed (the job reads tables only), and the primary's WALs are never opened.
    let worker = |o: &Options| -> Result<Options> {
        let mut o = overrides.apply(o)?;
        o.compaction_service = None;
        o.wal_dir = output_dir.to_string_lossy().into_owned();
        o.create_if_missing = false;
        Ok(o)
    };
    let db_opts = worker(&db_opts)?;
    let cfs: Vec<(String, Options)> = cfs.iter().map(|(n, o)| Ok((n.clone(), worker(o)?))).collect::<Result<_>>()?;
    let (db, _handles) = Db::open_for_read_only(&db_opts, db_path, &cfs, false)?;
    let inner = &db.inner;
    let cf = inner
        .cfs
        .read()
        .values()
        .find(|c| c.name == input.cf_name)
        .cloned()
        .ok_or_else(|| Error::invalid_argument(format!("Column family not found: {}", input.cf_name)))?;
    let (version, next_number) = {
        let st = inner.state.lock();
        let v = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("column family dropped"))?;
        (v, st.versions.next_file_number())
    };
    let cf_opts = cf.opts();
    let plan = input.plan(&version, &cf.icmp, &cf_opts)?;
    let store = WorkerStore { db: inner, next_number: AtomicU64::new(next_number) };
    let job = CompactionJob {
        plan: &plan,
        store: &store,
        icmp: cf.icmp.clone(),
        cf: cf.output_to(&cf_opts, input.output_path_id, output_dir),
        snapshots: &input.snapshots,
        grandparents: grandparents(&plan, &version),
        db_max_subcompactions: inner.opts().max_subcompactions,
        canceled: options.canceled,
    };
    let output = job.run(&Observer::quiet(inner))?;
    if options.is_canceled() {
        store.discard_tables(output_dir, &output.files.iter().map(|f| f.number).collect::<Vec<_>>());
        return Err(super::control::manual_compaction_paused());
    }
    let result = JobResult {
        status: Ok(()),
        output_path: output_dir.to_string_lossy().into_owned(),
        files: output.files,
        bytes_read: plan.all_inputs().map(|f| f.file_size).sum(),
        bytes_written: output.bytes_written,
    };
    db.close()?;
    Ok(result.encode())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compaction::remote::ScheduleResponse;
    use crate::options::{FlushOptions, ReadOptions, WriteOptions};
    use crate::util::testutil::{scan_all, TempDir};
    use parking_lot::Mutex;

    /// A service whose wait runs the worker in this process, with a merge operator the
    /// OPTIONS file cannot carry given through the override.
    struct InProcess {
        db: PathBuf,
        out: PathBuf,
        input: Mutex<Vec<u8>>,
        installed: Mutex<Vec<JobStatus>>,
        over: OptionsOverride,
    }

    impl CompactionService for InProcess {
        fn name(&self) -> &str {
            "InProcess"
        }
        fn schedule(&self, info: &JobInfo, input: &[u8]) -> ScheduleResponse {
            assert_eq!(info.db_name, self.db.to_string_lossy());
            *self.input.lock() = input.to_vec();
            ScheduleResponse { scheduled_job_id: format!("job-{}", info.job_id), status: JobStatus::Success }
        }
        fn wait(&self, _id: &str, result: &mut Vec<u8>) -> JobStatus {
            let input = self.input.lock().clone();
            match open_and_compact(&OpenAndCompactOptions::default(), &self.db, &self.out, &input, &self.over) {
                Ok(r) => {
                    *result = r;
                    JobStatus::Success
                }
                Err(e) => panic!("worker failed: {e}"),
            }
        }
        fn cancel_awaiting_jobs(&self) {}
        fn on_installation(&self, _id: &str, status: JobStatus) {
            self.installed.lock().push(status);
        }
    }

    /// Merges, deletions and overwrites over several level-0 files compacted by a worker read
    /// back as a local compaction leaves them, with the worker's directory emptied into the
    /// database and the data intact after a reopen.
    #[test]
    fn a_worker_compaction_reads_back_as_a_local_one() {
        let write = |o: &Options, d: &Path| {
            let db = Db::open(o, d).unwrap();
            let wo = WriteOptions::default();
            for round in 0..4u32 {
                for i in 0..500u32 {
                    let key = format!("k{:04}", (i * 7 + round) % 800);
                    match i % 10 {
                        0 => db.merge(&wo, key.as_bytes(), format!("m{round}").as_bytes()).unwrap(),
                        1 => db.delete(&wo, key.as_bytes()).unwrap(),
                        _ => db.put(&wo, key.as_bytes(), format!("v{round}-{i}").as_bytes()).unwrap(),
                    }
                }
                db.flush(&FlushOptions::default()).unwrap();
            }
            db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
            assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(0));
            let data = scan_all(&db, &ReadOptions::new());
            db.close().unwrap();
            data
        };
        let merge: Arc<dyn crate::merge::MergeOperator> = Arc::new(crate::merge::StringAppendOperator::new(b","));
        let base = Options {
            create_if_missing: true,
            disable_auto_compactions: true,
            merge_operator: Some(merge.clone()),
            // The worker finds it in the primary's OPTIONS file.
            file_checksum_gen_factory: Some(crate::util::file_checksum::FileChecksumGenFactory::Crc32c),
            ..Default::default()
        };
        let local_dir = TempDir::new("remote-local");
        let local = write(&base, &local_dir.0);

        let d = TempDir::new("remote-primary");
        let out = TempDir::new("remote-worker");
        let service = Arc::new(InProcess {
            db: d.0.clone(),
            out: out.0.clone(),
            input: Mutex::new(Vec::new()),
            installed: Mutex::new(Vec::new()),
            over: OptionsOverride { merge_operator: Some(merge.clone()), ..Default::default() },
        });
        let mut o = base.clone();
        o.compaction_service = Some(service.clone() as Arc<dyn CompactionService>);
        let remote = write(&o, &d.0);
        assert!(!service.installed.lock().is_empty());
        assert!(service.installed.lock().iter().all(|s| *s == JobStatus::Success));
        assert!(local == remote, "the worker's compaction differs from a local one");
        let left: Vec<_> = std::fs::read_dir(&out.0).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().ends_with(".sst")).collect();
        assert!(left.is_empty(), "tables left in the worker's directory");
        let db = Db::open(&base, &d.0).unwrap();
        assert!(scan_all(&db, &ReadOptions::new()) == local);
        let v = db.inner.cf(0).unwrap().super_version().version.clone();
        assert!(v.all_files().count() > 0);
        assert!(v.all_files().all(|(_, f)| f.file_checksum.len() == 4), "the worker's tables carry their checksums");
        db.verify_file_checksums().unwrap();
    }

    /// Captures the job and fails it, so its inputs stay for a worker run by hand.
    struct Capture(Mutex<Vec<u8>>);
    impl CompactionService for Capture {
        fn name(&self) -> &str {
            "Capture"
        }
        fn schedule(&self, _info: &JobInfo, input: &[u8]) -> ScheduleResponse {
            *self.0.lock() = input.to_vec();
            ScheduleResponse { scheduled_job_id: String::new(), status: JobStatus::Failure }
        }
        fn wait(&self, _id: &str, _result: &mut Vec<u8>) -> JobStatus {
            JobStatus::Failure
        }
        fn cancel_awaiting_jobs(&self) {}
        fn on_installation(&self, _id: &str, _status: JobStatus) {}
    }

    /// Sets the worker's canceled flag when it first sees an entry.
    struct CancelOnFirst(Arc<std::sync::atomic::AtomicBool>);
    impl crate::compaction::CompactionFilter for CancelOnFirst {
        fn name(&self) -> String {
            "CancelOnFirst".into()
        }
        fn filter(&self, _level: i32, _key: &[u8], _value: &[u8]) -> crate::compaction::FilterDecision {
            self.0.store(true, Ordering::Release);
            crate::compaction::FilterDecision::Keep
        }
    }

    /// A flag set while the worker's job runs stops it with "Manual compaction paused" and
    /// leaves no table in its directory; the same job without the flag set succeeds.
    #[test]
    fn a_worker_canceled_mid_job_stops_and_leaves_nothing() {
        let d = TempDir::new("remote-cancel");
        let out = TempDir::new("remote-cancel-out");
        let capture = Arc::new(Capture(Mutex::new(Vec::new())));
        let mut o = Options { create_if_missing: true, disable_auto_compactions: true, ..Default::default() };
        o.compaction_service = Some(capture.clone() as Arc<dyn CompactionService>);
        {
            let db = Db::open(&o, &d.0).unwrap();
            for round in 0..3u32 {
                for i in 0..2000u32 {
                    db.put(&WriteOptions::default(), format!("k{i:05}").as_bytes(), format!("v{round}").as_bytes()).unwrap();
                }
                db.flush(&FlushOptions::default()).unwrap();
            }
            let e = db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err();
            assert_eq!(e.to_string(), "Result incomplete: CompactionService failed to schedule a remote compaction job.");
        }
        let input = capture.0.lock().clone();
        assert!(!input.is_empty());
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let over = OptionsOverride { compaction_filter: Some(Arc::new(CancelOnFirst(flag.clone()))), ..Default::default() };
        let options = OpenAndCompactOptions { canceled: Some(&flag), allow_resumption: false };
        let e = open_and_compact(&options, &d.0, &out.0, &input, &over).unwrap_err();
        assert_eq!(e.to_string(), "Result incomplete: Manual compaction paused");
        let tables = |dir: &Path| std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().ends_with(".sst")).count();
        assert_eq!(tables(&out.0), 0, "the canceled job's tables were left behind");
        let result = open_and_compact(&OpenAndCompactOptions::default(), &d.0, &out.0, &input, &OptionsOverride::default()).unwrap();
        let r = JobResult::decode(&result).unwrap();
        assert!(r.status.is_ok() && !r.files.is_empty());
        assert_eq!(tables(&out.0), r.files.len());
    }
}
