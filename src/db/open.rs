//! Opening a database: creating it, recovering the MANIFEST, replaying WALs (with RocksDB's
//! recovery modes), flushing what was recovered, and cleaning up; and destroying one.

use super::table_cache::TableCache;
use super::wal_filter::{Replay, WalFilter};
use super::{ColumnFamily, ColumnFamilyHandle, Db, DbInner, DbState, SnapshotList, SuperVersion, WalState};
use crate::batch::{BatchRecord, WriteBatch, HEADER_SIZE};
use crate::env::info_log::InfoLog;
use crate::env::{read_file_to_vec, write_file_atomically, FileSystem};
use crate::error::{Code, Error, Result};
use crate::key::{InternalKeyComparator, ValueType};
use crate::log::reader::LogReader;
use crate::log::writer::LogWriter;
use crate::options::{Options, WalRecoveryMode};
use crate::table::cache::BlockCache;
use crate::version::edit::VersionEdit;
use crate::version::filename::{parse_file_name, FileType};
use crate::version::set::VersionSet;
use parking_lot::{Condvar, Mutex, RwLock};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

const DEFAULT_BLOCK_CACHE_BYTES: usize = 32 << 20;

fn check_options(db_opts: &Options, cfs: &[(String, Options)]) -> Result<()> {
    if db_opts.db_paths.len() > 4 {
        return Err(Error::not_supported("More than four DB paths are not supported yet. "));
    }
    if !db_opts.write_dbid_to_manifest && !db_opts.write_identity_file {
        return Err(Error::invalid_argument("write_dbid_to_manifest and write_identity_file cannot both be false"));
    }
    for (_, o) in cfs {
        check_cf_options(db_opts, o)?;
        for c in std::iter::once(o.compression).chain(o.bottommost_compression) {
            if !c.supported_for_writing() {
                return Err(Error::invalid_argument(format!(
                    "Compression type {} is not linked with the binary.",
                    c.name()
                )));
            }
        }
    }
    if !cfs.iter().any(|(n, _)| n == "default") {
        return Err(Error::invalid_argument("Default column family not specified"));
    }
    Ok(())
}

/// RocksDB's ColumnFamilyData::ValidateOptions, the part about memtable writes: with
/// allow_concurrent_memtable_write, a family must support concurrent inserts, which in-place
/// updates and the hash skiplist do not (CheckConcurrentWritesSupported; RocksDB checks the
/// factory as given, before a missing prefix extractor turns it into a skiplist). Checked at
/// open and at create_column_family.
pub(super) fn check_cf_options(db_opts: &Options, o: &Options) -> Result<()> {
    // What ferrock lacks of the PlainTable format ("Not implemented").
    if let crate::table::factory::TableFactory::Plain(p) = &o.table_factory {
        p.check_supported()?;
    }
    if !db_opts.allow_concurrent_memtable_write {
        return Ok(());
    }
    if o.inplace_update_support {
        return Err(Error::invalid_argument(
            "In-place memtable updates (inplace_update_support) is not compatible with concurrent writes (allow_concurrent_memtable_write)",
        ));
    }
    if o.memtable_rep != crate::options::MemTableRep::SkipList {
        return Err(Error::invalid_argument("Memtable doesn't allow concurrent writes (allow_concurrent_memtable_write)"));
    }
    Ok(())
}

pub(super) fn open(
    db_opts: &Options,
    path: &Path,
    cfs: &[(String, Options)],
    read_only: bool,
    error_if_wal_file_exists: bool,
) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
    // Each family keeps its comparator alive while the database is open (`Comparator::pinned`).
    let cfs: Vec<(String, Options)> = cfs
        .iter()
        .map(|(n, o)| {
            let mut o = o.sanitized();
            o.comparator = o.comparator.pinned()?;
            Ok((n.clone(), o))
        })
        .collect::<Result<_>>()?;
    let cfs = &cfs[..];
    // The DB options' own comparator plays no part (RocksDB's open of column families ignores
    // it): the default family's options decide, and the database reports theirs.
    let mut db_opts = db_opts.sanitized();
    db_opts.comparator = cfs.iter().find(|(n, _)| n == "default").map(|(_, o)| o.comparator.clone()).unwrap_or_default();
    let db_opts = &db_opts;
    check_options(db_opts, cfs)?;
    // Every file of the database goes through the IO tracer's view of the file system.
    let tracers = crate::trace::DbTracers::default();
    let fs = crate::trace::io::traced(db_opts.file_system(), tracers.io.clone());
    let path = path.to_path_buf();
    let wal_dir = if db_opts.wal_dir.is_empty() { path.clone() } else { PathBuf::from(&db_opts.wal_dir) };
    let mut lock = None;
    if !read_only {
        fs.create_dir_all(&path)?;
        if wal_dir != path {
            fs.create_dir_all(&wal_dir)?;
        }
        lock = Some(fs.lock_file(&path.join("LOCK"))?);
        // RocksDB's DB::Open creates every db_paths and cf_paths directory.
        for p in db_opts.db_paths.iter().chain(cfs.iter().flat_map(|(_, o)| o.cf_paths.iter())) {
            fs.create_dir_all(Path::new(&p.path))?;
        }
    }
    let current = path.join("CURRENT");
    let num_levels = cfs.iter().map(|(_, o)| o.num_levels.max(1) as usize).max().unwrap_or(7);
    // Each column family orders its keys with the comparator of its own options (the default
    // family's are the "default" entry's, as in RocksDB, not the DB options'); recovery checks
    // each against the name its MANIFEST records before anything is written.
    let mut versions = VersionSet::new(fs.clone(), path.clone(), num_levels, InternalKeyComparator::new(db_opts.comparator.clone()));
    for (name, o) in cfs {
        versions.set_cf_comparator(name, o.comparator.clone());
    }
    let mut new_db_id = None;
    if !fs.file_exists(&current) {
        if read_only || !db_opts.create_if_missing {
            return Err(Error::invalid_argument(format!(
                "{}: does not exist (create_if_missing is false)",
                current.display()
            )));
        }
        // A new database: IDENTITY, then MANIFEST-000001, then CURRENT (RocksDB's NewDB). The id
        // reaches the MANIFEST with the snapshot the open writes (below).
        let id = super::generate_uuid(fs.as_ref());
        if db_opts.write_identity_file {
            write_file_atomically(fs.as_ref(), &path, "000000.dbtmp", "IDENTITY", id.as_bytes())?;
        }
        versions.create_new()?;
        new_db_id = Some(id);
    } else if db_opts.error_if_exists {
        return Err(Error::invalid_argument(format!("{}: exists (error_if_exists is true)", path.display())));
    }
    versions.recover()?;

    // Every column family in the MANIFEST must be opened (read-write), and every requested one
    // must exist unless the caller asked to create it.
    let existing: Vec<String> = versions.column_families().map(|c| c.name.clone()).collect();
    let requested: BTreeSet<&str> = cfs.iter().map(|(n, _)| n.as_str()).collect();
    if !read_only {
        let missing: Vec<&str> = existing.iter().map(|s| s.as_str()).filter(|n| !requested.contains(n)).collect();
        if !missing.is_empty() {
            return Err(Error::invalid_argument(format!("Column families not opened: {}", missing.join(", "))));
        }
    }
    let mut to_create: Vec<(String, Options)> = Vec::new();
    for (name, o) in cfs {
        if !existing.iter().any(|e| e == name) {
            if db_opts.create_missing_column_families && !read_only {
                to_create.push((name.clone(), o.clone()));
            } else {
                return Err(Error::invalid_argument(format!("Column family not found: {name}")));
            }
        }
    }

    let db_id = setup_db_id(db_opts, fs.as_ref(), &path, &mut versions, new_db_id, read_only)?;
    let info_log = if let Some(user) = &db_opts.info_log {
        InfoLog::to_user(user.clone())
    } else if read_only {
        InfoLog::null()
    } else {
        InfoLog::open(fs.as_ref(), &path, db_opts.keep_log_file_num).unwrap_or_else(|_| InfoLog::null())
    };
    info_log.set_file_level(db_opts.info_log_level.max(0) as u32);
    info_log.log(&format!("ferrock {} opening {}", env!("CARGO_PKG_VERSION"), path.display()));
    // RocksDB's open does not read the OPTIONS file either; what it says only informs the LOG.
    for line in crate::options::load::options_file_differences(fs.as_ref(), &path, cfs) {
        info_log.log(&line);
    }
    let block_cache = if db_opts.table.no_block_cache {
        None
    } else {
        Some(db_opts.table.block_cache.clone().unwrap_or_else(|| BlockCache::new(DEFAULT_BLOCK_CACHE_BYTES, -1)))
    };
    let table_cache = Arc::new(TableCache::new(
        fs.clone(),
        block_cache.clone(),
        db_opts.table.cache_index_and_filter_blocks,
        db_opts.paranoid_checks,
        db_opts.allow_mmap_reads,
        Some(tracers.block_cache.clone()),
    ));
    let last_seq = versions.last_sequence();
    let session_id = super::generate_session_id(fs.as_ref());
    let inner = Arc::new(DbInner {
        path: path.clone(),
        wal_dir: wal_dir.clone(),
        fs: fs.clone(),
        options: parking_lot::RwLock::new(Arc::new(db_opts.clone())),
        read_only,
        lock: Mutex::new(lock),
        state: Mutex::new(DbState {
            versions,
            alive_wals: VecDeque::new(),
            pending_outputs: BTreeSet::new(),
            flushing: BTreeSet::new(),
            running_flushes: 0,
            running_compactions: 0,
            live_versions: Vec::new(),
            shutting_down: false,
            manual_compactions: 0,
            manual_compaction_paused: 0,
            bg_work_paused: 0,
            compacting: BTreeSet::new(),
            stats: Default::default(),
            file_deletions_disabled: 0,
            last_stats_dump: Instant::now(),
        }),
        bg_cv: Condvar::new(),
        wal: Mutex::new(WalState { writer: None, number: 0, dir_synced: false, record: Vec::new() }),
        cfs: RwLock::new(BTreeMap::new()),
        last_sequence: crate::util::padded::CachePadded(AtomicU64::new(last_seq)),
        closed: AtomicBool::new(false),
        operations: Default::default(),
        has_unpersisted_data: AtomicBool::new(false),
        bg_error: Mutex::new(None),
        has_bg_error: AtomicBool::new(false),
        snapshots: Arc::new(SnapshotList::default()),
        table_cache,
        block_cache,
        info_log,
        writers: Default::default(),
        next_memtable_id: AtomicU64::new(1),
        bg_threads: Mutex::new(Vec::new()),
        start_time: Instant::now(),
        write_stats: Default::default(),
        db_id,
        session_id,
        txn: Default::default(),
        stats: if db_opts.statistics { Some(db_opts.stats.clone().unwrap_or_else(crate::stats::Statistics::new)) } else { None },
        events: Default::default(),
        table_dirs: Default::default(),
        ttl: Default::default(),
        secondary: Default::default(),
        tracers,
    });

    // Column families with their recovered versions and empty memtables.
    let mut cf_log_numbers: BTreeMap<u32, u64> = BTreeMap::new();
    {
        let st = inner.state.lock();
        let mut map = inner.cfs.write();
        for (name, o) in cfs {
            if let Some(d) = st.versions.cf_by_name(name) {
                cf_log_numbers.insert(d.id, d.log_number);
                let mem = inner.new_memtable(o, d.log_number);
                let (o, paths) = super::column_family::with_table_paths(&path, db_opts, o);
                inner.table_dirs.lock().extend(paths.iter().map(|p| PathBuf::from(&p.path)));
                map.insert(
                    d.id,
                    Arc::new(ColumnFamily {
                        id: d.id,
                        name: name.clone(),
                        options: parking_lot::RwLock::new(Arc::new(o.clone())),
                        dirs: paths.iter().map(|p| PathBuf::from(&p.path)).collect(),
                        paths,
                        icmp: InternalKeyComparator::new(o.comparator.clone()),
                        sv: RwLock::new(Arc::new(SuperVersion { mem, imm: Vec::new(), version: d.current.clone() })),
                        dropped: AtomicBool::new(false),
                        stall: Default::default(),
                    }),
                );
            }
        }
    }

    if let Some(sfm) = &db_opts.sst_file_manager {
        // RocksDB's open tells the manager of every table file it finds.
        sfm.register_dir(&path);
        for dir in inner.table_dirs.lock().iter() {
            sfm.register_dir(dir);
        }
    }
    let recovered = replay_wals(&inner, &cf_log_numbers, read_only, error_if_wal_file_exists)?;
    let db = Db::from_inner(inner.clone());
    if !read_only {
        finish_read_write_open(&inner, recovered)?;
        for (name, o) in &to_create {
            inner.create_column_family(o, name)?;
        }
        {
            let mut st = inner.state.lock();
            inner.write_options_file(&mut st);
            inner.delete_obsolete_files(&mut st);
        }
        inner.spawn_background_threads();
        if !db_opts.write_identity_file {
            // RocksDB deletes an obsolete IDENTITY only after a successful recovery.
            let _ = fs.remove_file(&path.join("IDENTITY"));
        }
    }
    let handles = cfs
        .iter()
        .filter_map(|(name, _)| {
            let m = inner.cfs.read();
            m.values().find(|c| &c.name == name).map(|c| Arc::new(ColumnFamilyHandle { id: c.id, name: c.name.clone() }))
        })
        .collect();
    Ok((db, handles))
}

/// RocksDB's SetupDBId: the DB id the MANIFEST recorded wins, then a well-formed IDENTITY
/// file, else a new id. IDENTITY is (re)written when `write_identity_file` and it is missing
/// or disagrees; with `write_dbid_to_manifest` the id goes into the MANIFEST snapshot the open
/// writes, without it the MANIFEST stops carrying one (as RocksDB's WriteCurrentStateToManifest).
fn setup_db_id(
    db_opts: &Options,
    fs: &dyn FileSystem,
    path: &Path,
    versions: &mut VersionSet,
    new_db_id: Option<String>,
    read_only: bool,
) -> Result<String> {
    let in_manifest = versions.db_id().map(str::to_string).filter(|s| !s.is_empty());
    let in_file = match &new_db_id {
        Some(id) => Some(id.clone()).filter(|_| db_opts.write_identity_file),
        None => match read_file_to_vec(fs, &path.join("IDENTITY")) {
            Ok(b) => Some(String::from_utf8_lossy(&b).trim_end().to_string()).filter(|s| !s.is_empty()),
            Err(e) if e.is_not_found() || !fs.file_exists(&path.join("IDENTITY")) => None,
            Err(e) => return Err(e),
        },
    };
    let id = in_manifest.clone().or_else(|| in_file.clone()).or(new_db_id).unwrap_or_else(|| super::generate_uuid(fs));
    if !read_only {
        if db_opts.write_identity_file && in_file.as_deref() != Some(id.as_str()) {
            write_file_atomically(fs, path, "000000.dbtmp", "IDENTITY", id.as_bytes())?;
        }
        versions.set_db_id(db_opts.write_dbid_to_manifest.then(|| id.clone()));
    }
    Ok(id)
}

/// WAL files in `dir` numbered at least `min`, ascending.
fn wal_files(fs: &dyn FileSystem, dir: &Path, min: u64) -> Result<Vec<u64>> {
    let mut v: Vec<u64> = fs
        .list_dir(dir)?
        .iter()
        .filter_map(|n| match parse_file_name(n) {
            Some((FileType::Wal, num)) if num >= min => Some(num),
            _ => None,
        })
        .collect();
    v.sort_unstable();
    Ok(v)
}

struct Recovered {
    /// Level-0 tables written while replaying (memtables over their size), per column family.
    tables: Vec<(u32, crate::version::edit::FileMetaData)>,
    wals: Vec<u64>,
}

fn replay_wals(inner: &Arc<DbInner>, cf_log_numbers: &BTreeMap<u32, u64>, read_only: bool, error_if_wal_file_exists: bool) -> Result<Recovered> {
    // Every WAL on disk is read: one older than a column family's log number may still hold a
    // prepared, undecided transaction (its data records are skipped by log number below).
    let wals = wal_files(inner.fs.as_ref(), &inner.wal_dir, 0)?;
    let mut rec = Recovered { tables: Vec::new(), wals: wals.clone() };
    if read_only && error_if_wal_file_exists {
        for n in &wals {
            if inner.fs.file_size(&inner.wal_path(*n)).unwrap_or(0) > 0 {
                return Err(Error::invalid_argument("Unable to open DB for read-only: WAL file(s) exist with data (error_if_wal_file_exists)"));
            }
        }
    }
    let mode = inner.opts().wal_recovery_mode;
    // RocksDB's log reader reports damage (and read errors) only with paranoid_checks and
    // outside kSkipAnyCorruptedRecords; otherwise the damaged bytes are dropped and replay goes on.
    let report = inner.opts().paranoid_checks && mode != WalRecoveryMode::SkipAnyCorruptedRecords;
    let mut max_seq = inner.last_sequence.load(Ordering::Acquire);
    // Point-in-time recovery: the WAL whose damage stopped replay. Later records are skipped
    // unless one continues the recovered sequence exactly (RocksDB's
    // MaybeReviseStopReplayForCorruption: the database was reopened and written after damage).
    let mut stopped_at: Option<u64> = None;
    let mut filtering = WalFiltering::start(inner, cf_log_numbers, &wals);
    let mut record = Vec::new();
    for &wal in &wals {
        inner.state.lock().versions.mark_file_number_used(wal);
        if filtering.stopped {
            // RocksDB drops the WALs after the one the filter stopped replay in.
            continue;
        }
        let path = inner.wal_path(wal);
        let file = inner.fs.new_sequential_file(&path)?;
        let mut reader = LogReader::new(file, wal, true);
        while !filtering.stopped {
            let damage = match reader.read_record(&mut record) {
                Ok(false) => match reader.torn_tail() {
                    // A record cut off by the end of the file: a torn write. Point-in-time and
                    // absolute-consistency recovery treat it as damage; the others end the WAL.
                    Some(why) if matches!(mode, WalRecoveryMode::PointInTime | WalRecoveryMode::AbsoluteConsistency) => {
                        Error::corruption(why)
                    }
                    _ => break,
                },
                Ok(true) => match replay_record(inner, &record, wal, cf_log_numbers, read_only, &mut rec, &mut max_seq, &mut stopped_at, &mut filtering)? {
                    None => continue,
                    Some(damage) => damage,
                },
                Err(e) => e,
            };
            if !report {
                inner.info_log.log(&format!("(ignoring error) {}: dropping bytes; {damage}", path.display()));
                continue;
            }
            match mode {
                // A read error is not damage: the WAL may hold synced data past it.
                WalRecoveryMode::PointInTime if damage.code() != Code::IOError => {
                    inner.info_log.log(&format!("{}: stopping replay at damage: {damage}", path.display()));
                    stopped_at = Some(wal);
                    break;
                }
                _ => {
                    inner.info_log.log(&format!("[ERROR] {}: recovery fails: {damage}", path.display()));
                    return Err(damage);
                }
            }
        }
    }
    if let Some(wal) = stopped_at {
        // RocksDB's MaybeHandleStopReplayForCorruptionForInconsistency: a column family whose
        // tables hold data written after the damage cannot be made consistent with the others.
        let st = inner.state.lock();
        for d in st.versions.column_families() {
            let sst_bytes: u64 = d.current.levels.iter().flatten().map(|f| f.file_size).sum();
            if d.log_number > wal && sst_bytes > 0 {
                return Err(Error::corruption(format!(
                    "Column family inconsistency: SST file contains data beyond the point of corruption in CF {}. \
                     WAL recovery stopped at corruption point, but SST files contain newer data.",
                    d.name
                )));
            }
        }
    }
    inner.last_sequence.store(max_seq, Ordering::Release);
    Ok(rec)
}

/// The database's WAL filter during one recovery (RocksDB's InvokeWalFilterIfNeeded*).
struct WalFiltering {
    filter: Option<Arc<dyn WalFilter>>,
    /// The oldest WAL a live column family needs: RocksDB (outside two-phase commit) does not
    /// read older ones, so their records are not the filter's; ferrock reads them only for
    /// prepared transactions.
    min_wal: u64,
    /// The filter answered StopReplay.
    stopped: bool,
}

impl WalFiltering {
    /// Tells the filter the column families' log numbers and ids once, when there are WALs
    /// to replay (RocksDB recovers logs only then).
    fn start(inner: &DbInner, cf_log_numbers: &BTreeMap<u32, u64>, wals: &[u64]) -> WalFiltering {
        let filter = inner.opts().wal_filter.clone();
        if let (Some(f), false) = (&filter, wals.is_empty()) {
            let mut ids_by_name = BTreeMap::new();
            let mut log_numbers = BTreeMap::new();
            {
                let st = inner.state.lock();
                for d in st.versions.column_families() {
                    ids_by_name.insert(d.name.clone(), d.id);
                    log_numbers.insert(d.id, d.log_number);
                }
            }
            f.column_family_log_number_map(&log_numbers, &ids_by_name);
        }
        WalFiltering { filter, min_wal: cf_log_numbers.values().copied().min().unwrap_or(0), stopped: false }
    }

    /// What replay does with `batch`, a record of WAL `wal`.
    fn decide(&self, inner: &DbInner, wal: u64, batch: WriteBatch) -> Result<Replay> {
        match &self.filter {
            Some(f) if wal >= self.min_wal => {
                let name = inner.wal_path(wal).to_string_lossy().into_owned();
                super::wal_filter::apply(f.as_ref(), wal, &name, batch, inner.opts().paranoid_checks)
            }
            _ => Ok(Replay::Batch(batch)),
        }
    }
}

/// Replays one WAL record. Ok(None): applied (or skipped); Ok(Some(damage)): the record is
/// damaged (too small, or its contents do not apply), for the caller's recovery mode to
/// judge; Err: recovery fails.
#[allow(clippy::too_many_arguments)]
fn replay_record(
    inner: &Arc<DbInner>,
    record: &[u8],
    wal: u64,
    cf_log_numbers: &BTreeMap<u32, u64>,
    read_only: bool,
    rec: &mut Recovered,
    max_seq: &mut u64,
    stopped_at: &mut Option<u64>,
    filtering: &mut WalFiltering,
) -> Result<Option<Error>> {
    if record.len() < HEADER_SIZE {
        return Ok(Some(Error::corruption("log record too small")));
    }
    let batch = WriteBatch::from_data(record)?;
    if stopped_at.is_some() {
        if batch.sequence() != *max_seq + 1 {
            return Ok(None);
        }
        inner.info_log.log(&format!("WAL {wal}: sequence {} continues the recovered data; replay resumes", batch.sequence()));
        *stopped_at = None;
    }
    let batch = match filtering.decide(inner, wal, batch)? {
        Replay::Batch(b) => b,
        Replay::Skip => return Ok(None),
        Replay::Stop => {
            filtering.stopped = true;
            return Ok(None);
        }
        Replay::Damaged(e) => return Ok(Some(e)),
    };
    // Two-phase commit: prepared sections wait for their commit marker.
    let Some(batch) = inner.recover_two_phase_record(batch, wal)? else {
        return Ok(None);
    };
    let seq = batch.sequence();
    match apply_recovered_batch(inner, &batch, wal, cf_log_numbers, read_only, rec) {
        Ok(()) => {}
        Err(e) if e.code() == Code::Corruption => return Ok(Some(e)),
        Err(e) => return Err(e),
    }
    if batch.count() > 0 {
        *max_seq = (*max_seq).max(seq + batch.count() as u64 - 1);
    }
    Ok(None)
}

fn apply_recovered_batch(
    inner: &Arc<DbInner>,
    batch: &WriteBatch,
    wal: u64,
    cf_log_numbers: &BTreeMap<u32, u64>,
    read_only: bool,
    rec: &mut Recovered,
) -> Result<()> {
    let mut seq = batch.sequence();
    let cfs = inner.cfs.read().clone();
    batch.for_each(|r| {
        let (cf, t, key, value): (u32, ValueType, &[u8], &[u8]) = match r {
            BatchRecord::Put { cf, key, value } => (cf, ValueType::Value, key, value),
            BatchRecord::Delete { cf, key } => (cf, ValueType::Deletion, key, &[]),
            BatchRecord::SingleDelete { cf, key } => (cf, ValueType::SingleDeletion, key, &[]),
            BatchRecord::DeleteRange { cf, begin, end } => (cf, ValueType::RangeDeletion, begin, end),
            BatchRecord::Merge { cf, key, value } => (cf, ValueType::Merge, key, value),
            BatchRecord::BlobIndex { .. } => return Err(Error::not_supported("blob files")),
            BatchRecord::PutEntity { .. } => return Err(Error::not_supported("wide columns")),
            _ => return Ok(()),
        };
        let this_seq = seq;
        seq += 1;
        // A column family's MANIFEST log number is the oldest WAL holding data of it that is
        // not in its tables (RocksDB replays a WAL into a column family only from there):
        // records in older WALs, and those of a dropped family, are skipped. Sequence numbers
        // cannot decide it: an ingested file takes a sequence above older writes that are
        // still only in the WAL.
        match (cfs.get(&cf), cf_log_numbers.get(&cf)) {
            (Some(c), Some(&log_number)) if wal >= log_number => {
                c.super_version().mem.add(this_seq, t, key, value);
            }
            _ => {}
        }
        Ok(())
    })?;
    if read_only {
        return Ok(());
    }
    // Keep memory bounded while replaying long WALs: full memtables go to level 0 now.
    for c in cfs.values() {
        let sv = c.super_version();
        if sv.mem.should_flush(c.opts().write_buffer_size) {
            let files = inner.build_level0_tables(c, &[sv.mem.clone()])?;
            for f in files {
                rec.tables.push((c.id, f));
            }
            let mem = inner.new_memtable(&c.opts(), wal);
            *c.sv.write() = Arc::new(SuperVersion { mem, imm: Vec::new(), version: sv.version.clone() });
        }
    }
    Ok(())
}

/// After replay: flush what was recovered into level 0, start a new WAL, record both in a new
/// MANIFEST, then delete the replayed WALs.
fn finish_read_write_open(inner: &Arc<DbInner>, mut rec: Recovered) -> Result<()> {
    let cfs: Vec<Arc<ColumnFamily>> = inner.cfs.read().values().cloned().collect();
    for c in &cfs {
        let sv = c.super_version();
        if !sv.mem.is_empty() {
            for f in inner.build_level0_tables(c, &[sv.mem.clone()])? {
                rec.tables.push((c.id, f));
            }
        }
    }
    let mut st = inner.state.lock();
    let new_wal = st.versions.new_file_number();
    let file = inner.fs.new_writable_file(&inner.wal_path(new_wal))?;
    let mut edits = Vec::new();
    for c in &cfs {
        let mut e = VersionEdit::default();
        e.column_family = c.id;
        e.log_number = Some(new_wal);
        e.prev_log_number = Some(0);
        for (id, f) in &rec.tables {
            if *id == c.id {
                e.new_files.push((0, f.clone()));
            }
        }
        edits.push(e);
    }
    let last = inner.last_sequence.load(Ordering::Acquire);
    if last > st.versions.last_sequence() {
        st.versions.set_last_sequence(last);
    }
    st.versions.log_and_apply(edits)?;
    for (_, f) in &rec.tables {
        st.pending_outputs.remove(&f.number);
    }
    {
        let mut w = inner.wal.lock();
        w.writer = Some(LogWriter::new(file, new_wal, false));
        w.number = new_wal;
    }
    st.alive_wals.push_back((new_wal, 0));
    // Prepared, undecided transactions move into the new WAL before the old ones go.
    inner.relog_recovered_prepared()?;
    inner.fs.sync_dir(&inner.wal_dir)?;
    inner.wal.lock().dir_synced = true;
    for c in &cfs {
        let mem = inner.new_memtable(&c.opts(), new_wal);
        let version = st.versions.cf(c.id).map(|d| d.current.clone()).ok_or_else(|| Error::corruption("column family vanished"))?;
        st.live_versions.push(Arc::downgrade(&version));
        c.stall.update(&version, &c.opts());
        *c.sv.write() = Arc::new(SuperVersion { mem, imm: Vec::new(), version });
    }
    // Everything replayed is now in tables recorded by the MANIFEST.
    for n in rec.wals {
        if n != new_wal {
            let _ = inner.fs.remove_file(&inner.wal_path(n));
        }
    }
    Ok(())
}

/// RocksDB's DestroyDB: removes the database's files, then the directory if it is empty.
pub(super) fn destroy(opts: &Options, path: &Path) -> Result<()> {
    let fs = opts.file_system();
    if !fs.file_exists(path) {
        return Ok(());
    }
    let lock_path = path.join("LOCK");
    let lock = fs.lock_file(&lock_path)?;
    let names = fs.list_dir(path)?;
    let mut result = Ok(());
    // RocksDB's DestroyDB also empties the options' db_paths of tables and removes them.
    let mut other_paths: BTreeSet<PathBuf> = opts.db_paths.iter().map(|p| PathBuf::from(&p.path)).collect();
    other_paths.remove(path);
    for dir in &other_paths {
        if let Ok(names) = fs.list_dir(dir) {
            for name in names {
                if let Some((FileType::Table | FileType::Blob, _)) = parse_file_name(&name) {
                    if let Err(e) = fs.remove_file(&dir.join(name)) {
                        if result.is_ok() {
                            result = Err(e);
                        }
                    }
                }
            }
        }
    }
    for name in &names {
        if let Some((t, _)) = parse_file_name(name) {
            if t == FileType::Lock {
                continue;
            }
            if let Err(e) = fs.remove_file(&path.join(name)) {
                if result.is_ok() {
                    result = Err(e);
                }
            }
        }
    }
    if !opts.wal_dir.is_empty() {
        let wal_dir = Path::new(&opts.wal_dir);
        if let Ok(names) = fs.list_dir(wal_dir) {
            for name in names {
                if let Some((FileType::Wal, _)) = parse_file_name(&name) {
                    let _ = fs.remove_file(&wal_dir.join(name));
                }
            }
        }
    }
    drop(lock);
    let _ = fs.remove_file(&lock_path);
    for dir in &other_paths {
        let _ = fs.remove_dir(dir);
    }
    let _ = fs.remove_dir(path);
    result
}
