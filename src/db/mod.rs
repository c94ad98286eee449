//! `Db`: the safe Rust API of the engine and its implementation — open and
//! recovery (`open.rs`), the write path with group commit (`write.rs`), reads,
//! snapshots and iterators (`read.rs`), the flush (`flush.rs`), running compactions
//! (`compaction.rs`, over the jobs of `crate::compaction`), manual compactions
//! (`compact_range.rs`, `compact_files.rs`), background scheduling (`background.rs`),
//! obsolete-file deletion (`file_deletion.rs`), column families (`column_family.rs`),
//! properties (`properties.rs`), event listeners (`listener.rs`), the live file list that
//! checkpoints and backups copy (`live_files.rs`) and column family import (`import.rs`).
//! `capi` and the tools are thin layers over this.
//!
//! Thread-safety: `Db` is `Send + Sync` and cheap to clone. Readers take an
//! `Arc<SuperVersion>` (memtables + current `Version`) under a short read lock
//! and never block writers or background jobs. `DbInner::state` (the "db
//! mutex") guards the `VersionSet`, WAL bookkeeping and background scheduling;
//! it is never held across table I/O. Lock order: `state` → `wal` → `cf.sv`.

mod background;
mod column_family;
pub mod compact_files;
mod compact_range;
mod compaction;
mod control;
mod file_deletion;
mod flush;
pub mod metadata;
pub mod import;
pub mod ingest;
pub mod listener;
pub mod live_files;
mod open;
mod properties;
mod read;
mod repair;
mod secondary;
mod set_options;
mod table_cache;
mod table_store;
mod tracing;
mod txn_hooks;
pub mod wal_filter;
pub mod wal_iter;
pub mod wal_files;
mod verify;
mod write;

pub use read::DbIterator;
pub use txn_hooks::CommitTimings;
pub(crate) use txn_hooks::{SortedEntries, TxnShared};

use crate::env::info_log::InfoLog;
use crate::env::{FileLock, FileSystem};
use crate::error::{Error, Result};
use crate::key::InternalKeyComparator;
use crate::log::writer::LogWriter;
use crate::memtable::MemTable;
use crate::options::Options;
use crate::table::cache::BlockCache;
use crate::version::set::VersionSet;
use crate::version::version::Version;
use parking_lot::{Condvar, Mutex, RwLock};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Instant;
use table_cache::TableCache;

/// A handle to one column family of an open database.
pub struct ColumnFamilyHandle {
    pub(crate) id: u32,
    pub(crate) name: String,
}

impl ColumnFamilyHandle {
    /// The column family's id (0 for "default"), as a [`WriteBatch`](crate::WriteBatch)'s `_cf` methods take it.
    pub fn id(&self) -> u32 {
        self.id
    }
    /// The column family's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// A consistent read point. Cloning shares it; the sequence number stops pinning old versions
/// (for compaction) when the last clone is dropped.
#[derive(Clone)]
pub struct Snapshot {
    pub(crate) inner: Arc<SnapshotInner>,
}

pub struct SnapshotInner {
    pub(crate) seq: u64,
    list: Weak<SnapshotList>,
}

impl Drop for SnapshotInner {
    fn drop(&mut self) {
        if let Some(list) = self.list.upgrade() {
            list.release(self.seq);
        }
    }
}

impl Snapshot {
    /// The sequence number the snapshot reads at (RocksDB's `GetSequenceNumber`).
    pub fn sequence_number(&self) -> u64 {
        self.inner.seq
    }

    /// A read point at `seq` that is not entered in any db's snapshot list, so it keeps
    /// nothing alive: for a handle that names a snapshot its owner holds (the C API's
    /// `rocksdb_transaction_get_snapshot`, which the transaction keeps registered).
    pub(crate) fn unregistered(seq: u64) -> Snapshot {
        Snapshot { inner: Arc::new(SnapshotInner { seq, list: Weak::new() }) }
    }
}

/// Live snapshot sequence numbers with their reference counts.
#[derive(Default)]
pub(crate) struct SnapshotList {
    seqs: Mutex<BTreeMap<u64, usize>>,
}

impl SnapshotList {
    fn acquire(self: &Arc<Self>, seq: u64) -> Snapshot {
        *self.seqs.lock().entry(seq).or_insert(0) += 1;
        Snapshot { inner: Arc::new(SnapshotInner { seq, list: Arc::downgrade(self) }) }
    }
    fn release(&self, seq: u64) {
        let mut m = self.seqs.lock();
        if let Some(c) = m.get_mut(&seq) {
            *c -= 1;
            if *c == 0 {
                m.remove(&seq);
            }
        }
    }
    /// Ascending.
    pub(crate) fn list(&self) -> Vec<u64> {
        self.seqs.lock().keys().copied().collect()
    }
    pub(crate) fn count(&self) -> usize {
        self.seqs.lock().values().sum()
    }
    pub(crate) fn oldest(&self) -> Option<u64> {
        self.seqs.lock().keys().next().copied()
    }
}

/// A value read by `get_pinned`.
pub struct PinnableSlice {
    pub(crate) data: Vec<u8>,
}

impl PinnableSlice {
    /// The value's bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.data
    }
}

/// What readers of one column family see: the active memtable, the immutable ones (newest
/// first) and the table files.
pub(crate) struct SuperVersion {
    pub mem: Arc<MemTable>,
    pub imm: Vec<Arc<MemTable>>,
    pub version: Arc<Version>,
}

pub(crate) struct ColumnFamily {
    pub id: u32,
    pub name: String,
    /// The family's options, swapped whole by SetOptions (`set_options.rs`); read them with
    /// `opts()`, which hands out the current `Arc`.
    pub options: RwLock<Arc<Options>>,
    /// The internal-key order of this family's memtables and tables: its options' comparator,
    /// pinned when the family was opened (`open.rs`) or created (`column_family.rs`). Engine
    /// code reads a family's comparator only through this and `user_comparator()`.
    pub icmp: InternalKeyComparator,
    pub sv: RwLock<Arc<SuperVersion>>,
    pub dropped: AtomicBool,
    /// The write-stall condition of the current version, recomputed when it changes.
    pub stall: write::StallState,
    /// The family's table directories by path id (its cf_paths, else db_paths, else the db
    /// directory), with their target sizes.
    pub paths: Vec<crate::options::DbPath>,
    pub dirs: Vec<PathBuf>,
}

impl ColumnFamily {
    /// The family's current options (a job keeps the `Arc` it took for its whole run).
    pub fn opts(&self) -> Arc<Options> {
        self.options.read().clone()
    }

    pub(crate) fn set_opts(&self, o: Arc<Options>) {
        *self.options.write() = o;
    }

    /// The family's user-key order (the user comparator of `icmp`).
    pub fn user_comparator(&self) -> &crate::util::comparator::Comparator {
        &self.icmp.user
    }

    pub fn super_version(&self) -> Arc<SuperVersion> {
        self.sv.read().clone()
    }
}

/// The state guarded by the db mutex.
pub(crate) struct DbState {
    pub versions: VersionSet,
    /// WAL files on disk not yet deleted, oldest first, with their sizes when closed (0 while current).
    pub alive_wals: VecDeque<(u64, u64)>,
    /// Table numbers being written: never deleted as obsolete.
    pub pending_outputs: BTreeSet<u64>,
    /// Column families whose flush is running.
    pub flushing: BTreeSet<u32>,
    pub running_flushes: usize,
    pub running_compactions: usize,
    /// Versions handed to readers; their files stay on disk while any is alive.
    pub live_versions: Vec<Weak<Version>>,
    pub shutting_down: bool,
    pub manual_compactions: usize,
    /// DisableManualCompaction calls not yet matched by EnableManualCompaction.
    pub manual_compaction_paused: u32,
    /// PauseBackgroundWork calls not yet matched by ContinueBackgroundWork (RocksDB's
    /// bg_work_paused_): while above 0 the background threads start no flush or compaction.
    pub bg_work_paused: u32,
    /// Inputs of running compactions: no other job may take them.
    pub compacting: crate::compaction::plan::FileSet,
    pub stats: crate::compaction::stats::CompactionStats,
    /// DisableFileDeletions calls not yet matched by EnableFileDeletions.
    pub file_deletions_disabled: u32,
    /// When rocksdb.stats was last written to the info LOG (stats_dump_period_sec).
    pub last_stats_dump: Instant,
}

pub(crate) struct WalState {
    pub writer: Option<LogWriter>,
    pub number: u64,
    /// The WAL directory was synced since the current WAL was created (RocksDB's
    /// wal_dir_synced_): until then the new file's directory entry is not durable.
    pub dir_synced: bool,
    /// The record of the group being written, reused so that a write costs no allocation
    /// for its WAL record.
    pub record: Vec<u8>,
}

impl WalState {
    /// Appends one record to the current WAL and, with `sync`, makes it durable (`sync`).
    pub fn append(&mut self, record: &[u8], sync: bool, fs: &dyn FileSystem, wal_dir: &Path) -> Result<()> {
        let writer = self.writer.as_mut().ok_or_else(|| Error::shutdown(""))?;
        writer.add_record(record)?;
        if sync {
            self.sync(fs, wal_dir)
        } else {
            Ok(())
        }
    }

    /// Syncs the current WAL; its first sync also syncs the WAL directory, so that the file's
    /// directory entry is durable with its first durable record, as RocksDB does on the first
    /// sync write (or SyncWAL) after a new log is created.
    pub fn sync(&mut self, fs: &dyn FileSystem, wal_dir: &Path) -> Result<()> {
        let writer = self.writer.as_mut().ok_or_else(|| Error::shutdown(""))?;
        writer.sync()?;
        if !self.dir_synced {
            fs.sync_dir(wal_dir)?;
            self.dir_synced = true;
        }
        Ok(())
    }
}

pub(crate) struct DbInner {
    pub path: PathBuf,
    pub wal_dir: PathBuf,
    pub fs: Arc<dyn FileSystem>,
    /// The DB options (and the default family's options as given at open), swapped whole by
    /// SetDBOptions (`set_options.rs`); read them with `opts()`.
    pub options: RwLock<Arc<Options>>,
    pub read_only: bool,
    lock: Mutex<Option<Box<dyn FileLock>>>,
    pub state: Mutex<DbState>,
    /// Signalled when background work finishes or is queued, and at shutdown.
    pub bg_cv: Condvar,
    pub wal: Mutex<WalState>,
    pub cfs: RwLock<BTreeMap<u32, Arc<ColumnFamily>>>,
    /// The last sequence number visible to readers.
    pub last_sequence: crate::util::padded::CachePadded<AtomicU64>,
    pub closed: AtomicBool,
    /// Operations in progress that may write files or acknowledge writes (`begin_operation`):
    /// close waits for them before it releases LOCK.
    pub operations: crate::util::padded::CachePadded<AtomicUsize>,
    /// A write with disable_wal was made since the open: at shutdown every column family's
    /// memtable is flushed, as RocksDB's has_unpersisted_data_ asks (set, never cleared: a flush
    /// of one column family says nothing about the others).
    pub has_unpersisted_data: AtomicBool,
    pub bg_error: Mutex<Option<Error>>,
    pub has_bg_error: AtomicBool,
    pub snapshots: Arc<SnapshotList>,
    pub table_cache: Arc<TableCache>,
    pub block_cache: Option<Arc<BlockCache>>,
    pub info_log: Arc<InfoLog>,
    pub writers: write::WriteQueue,
    pub next_memtable_id: AtomicU64,
    bg_threads: Mutex<Vec<std::thread::JoinHandle<()>>>,
    pub start_time: Instant,
    pub write_stats: write::WriteStats,
    pub db_id: String,
    pub session_id: String,
    /// Two-phase-commit bookkeeping of transactions (src/db/txn_hooks.rs).
    pub txn: TxnShared,
    /// RocksDB's statistics object, when the options enabled it.
    pub stats: Option<Arc<crate::stats::Statistics>>,
    /// Event listeners' bookkeeping (src/db/listener.rs).
    pub events: listener::EventHub,
    /// Every table directory of the session besides the db directory (db_paths and the
    /// cf_paths of families opened or created, dropped ones included): obsolete-file
    /// deletion scans them all.
    pub table_dirs: Mutex<BTreeSet<PathBuf>>,
    /// Set when opened as RocksDB's DBWithTTL (`utilities::ttl`): writes stamp values with
    /// this clock's time, reads strip the stamp.
    pub ttl: std::sync::OnceLock<crate::utilities::ttl::TtlClock>,
    /// Set for a secondary instance (`secondary.rs`): how it reads its primary again.
    pub(crate) secondary: std::sync::OnceLock<secondary::SecondaryState>,
    /// The query, IO and block cache tracers (`tracing.rs`, `crate::trace`).
    pub tracers: crate::trace::DbTracers,
}

impl DbInner {
    /// The current DB options.
    #[inline]
    pub fn opts(&self) -> Arc<Options> {
        self.options.read().clone()
    }

    pub(crate) fn set_opts(&self, o: Arc<Options>) {
        *self.options.write() = o;
    }

    #[inline]
    pub fn tick(&self, t: crate::stats::Ticker, n: u64) {
        if let Some(s) = &self.stats {
            s.record(t, n);
        }
    }

    #[inline]
    pub fn measure(&self, h: crate::stats::Histogram, start: Option<Instant>) {
        if let (Some(s), Some(t)) = (&self.stats, start) {
            s.measure(h, t.elapsed().as_micros() as u64);
        }
    }

    /// A start time for `measure`, taken only when statistics are on.
    #[inline]
    pub fn timer(&self) -> Option<Instant> {
        self.stats.as_ref().map(|_| Instant::now())
    }

    pub fn check_open(&self) -> Result<()> {
        if self.closed.load(Ordering::Acquire) {
            return Err(Error::shutdown(""));
        }
        Ok(())
    }

    /// Starts an operation that may write files or acknowledge a write (a write, a manual flush
    /// or compaction, an ingestion, a column family change, ...); fails with "Shutdown in
    /// progress" once close has begun. Close waits until every operation started before it has
    /// finished, so none writes tables, the WAL or the MANIFEST after LOCK is released (two
    /// writers on one directory), and no write is acknowledged after the shutdown flush.
    #[inline]
    pub fn begin_operation(&self) -> Result<Operation<'_>> {
        // With `close`'s swap of `closed` then load of `operations` (both SeqCst), either this
        // operation sees `closed`, or close sees this operation.
        self.operations.fetch_add(1, Ordering::SeqCst);
        if self.closed.load(Ordering::SeqCst) {
            self.end_operation();
            return Err(Error::shutdown(""));
        }
        Ok(Operation(self))
    }

    fn end_operation(&self) {
        if self.operations.fetch_sub(1, Ordering::SeqCst) == 1 && self.closed.load(Ordering::SeqCst) {
            self.bg_cv.notify_all();
        }
    }

    /// Waits until no operation started before close is running.
    fn wait_for_operations(&self) {
        let n = self.operations.load(Ordering::SeqCst);
        if n == 0 {
            return;
        }
        self.info_log.log(&format!("Shutdown: waiting for {n} operations in progress"));
        let mut st = self.state.lock();
        while self.operations.load(Ordering::SeqCst) > 0 {
            // The timeout covers a notification sent between the check and the wait.
            self.bg_cv.wait_for(&mut st, std::time::Duration::from_millis(10));
        }
    }

    pub fn cf(&self, id: u32) -> Result<Arc<ColumnFamily>> {
        match self.cfs.read().get(&id) {
            Some(cf) if !cf.dropped.load(Ordering::Acquire) => Ok(cf.clone()),
            _ => Err(Error::invalid_argument("Invalid column family specified in write batch")),
        }
    }

    /// The name of family `id` (empty when there is none), for a handle made from a
    /// batch record's family id.
    pub fn cf_name(&self, id: u32) -> String {
        self.cfs.read().get(&id).map(|c| c.name.clone()).unwrap_or_default()
    }

    pub fn cf_for_handle(&self, h: &ColumnFamilyHandle) -> Result<Arc<ColumnFamily>> {
        self.check_open()?;
        match self.cfs.read().get(&h.id) {
            Some(cf) => Ok(cf.clone()),
            None => Err(Error::invalid_argument(format!("Column family not found: {}", h.name))),
        }
    }

    /// A WAL append or sync failed: with paranoid_checks (the default) the error is latched, as
    /// RocksDB's WALIOStatusCheck does, so no later write is acknowledged after a possible hole;
    /// without, the WAL writer is told to go on (RocksDB resets its writer's error).
    pub fn wal_write_failed(&self, wal: &mut WalState, e: &Error) {
        if self.opts().paranoid_checks {
            self.set_bg_error(e.clone());
        } else if let Some(w) = wal.writer.as_mut() {
            w.clear_error();
        }
    }

    /// Latches the first background error: every later write fails with it.
    pub fn set_bg_error(&self, e: Error) {
        let mut g = self.bg_error.lock();
        if g.is_none() {
            self.info_log.log(&format!("[ERROR] background error latched: {e}"));
            *g = Some(e);
            self.has_bg_error.store(true, Ordering::Release);
        }
        drop(g);
        self.bg_cv.notify_all();
    }

    pub fn bg_error(&self) -> Option<Error> {
        if !self.has_bg_error.load(Ordering::Acquire) {
            return None;
        }
        self.bg_error.lock().clone()
    }

    pub fn new_memtable(&self, cf_opts: &Options, log_number: u64) -> Arc<MemTable> {
        let id = self.next_memtable_id.fetch_add(1, Ordering::Relaxed);
        let bloom = crate::memtable::prefix_bloom::MemTablePrefixBloom::new(
            cf_opts.write_buffer_size,
            cf_opts.memtable_prefix_bloom_size_ratio,
            cf_opts.prefix_extractor.clone(),
            cf_opts.memtable_whole_key_filtering,
        );
        let m = MemTable::with_write_buffer_size(InternalKeyComparator::new(cf_opts.comparator.clone()), id, cf_opts.write_buffer_size)
            .with_prefix_bloom(bloom)
            .with_inplace_updates(cf_opts.inplace_update_support)
            .with_prefix_buckets(match cf_opts.memtable_rep {
                crate::options::MemTableRep::HashSkipList { .. } => cf_opts.prefix_extractor.clone(),
                crate::options::MemTableRep::SkipList => None,
            })
            .with_write_buffer_manager(self.opts().write_buffer_manager.clone());
        m.set_log_number(log_number);
        Arc::new(m)
    }

    pub fn wal_path(&self, number: u64) -> PathBuf {
        self.wal_dir.join(crate::version::filename::wal_file_name(number))
    }

    /// Records a version handed to readers so its files stay until it is dropped.
    pub(crate) fn install_super_version(&self, st: &mut DbState, cf: &ColumnFamily, imm: Option<Vec<Arc<MemTable>>>) {
        let version = match st.versions.cf(cf.id) {
            Some(d) => d.current.clone(),
            None => return,
        };
        st.live_versions.retain(|w| w.strong_count() > 0);
        st.live_versions.push(Arc::downgrade(&version));
        cf.stall.update(&version, &cf.opts());
        let mut g = cf.sv.write();
        let old = g.clone();
        *g = Arc::new(SuperVersion { mem: old.mem.clone(), imm: imm.unwrap_or_else(|| old.imm.clone()), version });
        self.events.recompute_stall(&self.opts(), cf, g.imm.len());
    }

}

/// An open database. Clones share it; the database closes when `close` is called or the last
/// clone is dropped.
#[derive(Clone)]
pub struct Db {
    pub(crate) inner: Arc<DbInner>,
    /// None in the views handed to event listeners, which must not close the database.
    _guard: Option<Arc<CloseOnDrop>>,
}

struct CloseOnDrop(Arc<DbInner>);

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        let _ = self.0.close();
    }
}

impl Db {
    pub(crate) fn from_inner(inner: Arc<DbInner>) -> Db {
        inner.events.bind(&inner);
        Db { _guard: Some(Arc::new(CloseOnDrop(inner.clone()))), inner }
    }

    /// A view of the database that never closes it when dropped (what listeners receive: a
    /// listener running on a background thread must not be the one to close the database).
    pub(crate) fn unguarded(inner: Arc<DbInner>) -> Db {
        Db { _guard: None, inner }
    }

    /// Opens (or creates, with `create_if_missing`) the database at `path` with only the default
    /// column family.
    pub fn open(opts: &Options, path: impl AsRef<Path>) -> Result<Db> {
        let (db, _) = open::open(opts, path.as_ref(), &[("default".to_string(), opts.clone())], false, false)?;
        Ok(db)
    }

    /// Opens with the named column families; every column family in the database must be listed,
    /// as RocksDB requires.
    pub fn open_cf(
        db_opts: &Options,
        path: impl AsRef<Path>,
        cfs: &[(String, Options)],
    ) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
        open::open(db_opts, path.as_ref(), cfs, false, false)
    }

    /// Read-only open: takes no lock, writes nothing, replays the WAL into memory.
    pub fn open_for_read_only(
        db_opts: &Options,
        path: impl AsRef<Path>,
        cfs: &[(String, Options)],
        error_if_wal_file_exists: bool,
    ) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
        let cfs: Vec<(String, Options)> =
            if cfs.is_empty() { vec![("default".to_string(), db_opts.clone())] } else { cfs.to_vec() };
        open::open(db_opts, path.as_ref(), &cfs, true, error_if_wal_file_exists)
    }

    /// The names of the column families of the database at `path`, from its MANIFEST
    /// (RocksDB's `DB::ListColumnFamilies`); an error if there is no database.
    pub fn list_column_families(opts: &Options, path: impl AsRef<Path>) -> Result<Vec<String>> {
        let _ = opts;
        let fs = opts.file_system();
        VersionSet::list_column_families(fs.as_ref(), path.as_ref())
    }

    /// Deletes the database's files and its directory (RocksDB's DestroyDB).
    pub fn destroy(opts: &Options, path: impl AsRef<Path>) -> Result<()> {
        open::destroy(opts, path.as_ref())
    }

    /// Stops background work and releases the LOCK; later calls on any clone (and on its
    /// iterators and snapshots) fail with "Shutdown in progress".
    pub fn close(&self) -> Result<()> {
        self.inner.close()
    }

    /// The database's directory.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The handle of the "default" column family.
    pub fn default_column_family(&self) -> Arc<ColumnFamilyHandle> {
        Arc::new(ColumnFamilyHandle { id: 0, name: "default".into() })
    }

    /// Creates a column family with `opts` (RocksDB's `CreateColumnFamily`);
    /// InvalidArgument when one of that name exists.
    pub fn create_column_family(&self, opts: &Options, name: &str) -> Result<Arc<ColumnFamilyHandle>> {
        if self.is_ttl() {
            // DBWithTTL's CreateColumnFamily: a TTL of 0 (values stamped, never stale).
            return self.create_column_family_with_ttl(opts, name, 0);
        }
        let _op = self.inner.begin_operation()?;
        self.inner.create_column_family(opts, name)
    }

    /// Drops a column family (RocksDB's `DropColumnFamily`): its data is deleted once no
    /// iterator or snapshot reads it; the default column family cannot be dropped.
    pub fn drop_column_family(&self, cf: &ColumnFamilyHandle) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        self.inner.drop_column_family(cf)
    }

    /// A snapshot of the latest state. Fails (NotSupported) while a column family takes
    /// in-place memtable updates, where RocksDB's GetSnapshot gives no snapshot (nullptr):
    /// an in-place update changes what an older read point sees.
    pub fn snapshot(&self) -> Result<Snapshot> {
        if !self.snapshots_supported() {
            return Err(Error::not_supported("snapshots of a column family with inplace_update_support"));
        }
        self.read_point()
    }

    /// RocksDB's is_snapshot_supported_: no live column family has inplace_update_support.
    pub fn snapshots_supported(&self) -> bool {
        self.inner.cfs.read().values().all(|c| c.dropped.load(Ordering::Acquire) || !c.opts().inplace_update_support)
    }

    /// The latest sequence, held as a snapshot, for reads that must agree on one read point
    /// (MultiGet, NewIterators); unlike `snapshot` also with in-place updates.
    pub(crate) fn read_point(&self) -> Result<Snapshot> {
        self.inner.check_open()?;
        Ok(self.inner.snapshots.acquire(self.inner.last_sequence.load(Ordering::Acquire)))
    }

    /// The DB id (RocksDB's GetDbIdentity): 36 characters, from the MANIFEST or IDENTITY.
    pub fn db_identity(&self) -> &str {
        &self.inner.db_id
    }

    /// Column families open now (dropped ones excluded).
    pub fn column_family_count(&self) -> usize {
        self.inner.cfs.read().values().filter(|c| !c.dropped.load(Ordering::Acquire)).count()
    }

    /// The file system the database's files live on.
    pub fn file_system(&self) -> Arc<dyn FileSystem> {
        self.inner.fs.clone()
    }

    /// The sequence number of the last write (RocksDB's `GetLatestSequenceNumber`).
    pub fn latest_sequence_number(&self) -> u64 {
        self.inner.last_sequence.load(Ordering::Acquire)
    }

    /// The statistics object the database records into, when statistics are enabled.
    pub fn statistics(&self) -> Option<Arc<crate::stats::Statistics>> {
        self.inner.stats.clone()
    }
}

/// An operation in progress (`DbInner::begin_operation`); it ends when dropped.
pub(crate) struct Operation<'a>(&'a DbInner);

impl Drop for Operation<'_> {
    fn drop(&mut self) {
        self.0.end_operation();
    }
}

impl DbInner {
    /// Writes made without the WAL are flushed when the database shuts down (close, or
    /// cancel_all_background_work), as RocksDB does, unless avoid_flush_during_shutdown or a
    /// latched background error. `unless_stopped`: not when the background work was already
    /// stopped. The last flush error is returned; every column family is tried.
    pub(crate) fn flush_unpersisted_for_shutdown(&self, unless_stopped: bool) -> Result<()> {
        if self.read_only {
            return Ok(());
        }
        let need_flush = {
            let st = self.state.lock();
            self.has_unpersisted_data.load(Ordering::Acquire) && !self.opts().avoid_flush_during_shutdown && !(unless_stopped && st.shutting_down)
        };
        let mut result = Ok(());
        if need_flush && self.bg_error().is_none() {
            let ids: Vec<u32> = self.cfs.read().keys().copied().collect();
            for id in ids {
                if let Err(e) = listener::flush_requested_for(listener::flush_reason::SHUTDOWN, || self.flush_cf_internal(id, true, true)) {
                    result = Err(e);
                }
            }
        }
        result
    }

    /// Tells the background threads to stop; with `wait`, joins them.
    pub(crate) fn stop_background_threads(&self, wait: bool) {
        self.state.lock().shutting_down = true;
        self.bg_cv.notify_all();
        if wait {
            let threads: Vec<_> = std::mem::take(&mut *self.bg_threads.lock());
            for t in threads {
                let _ = t.join();
            }
        }
    }

    pub(crate) fn close(&self) -> Result<()> {
        if self.closed.swap(true, Ordering::SeqCst) {
            return Ok(());
        }
        // Writes, manual flushes and compactions, ingestions... started before close finish
        // first: the shutdown flush then sees every acknowledged unlogged write, and nothing
        // writes into the directory once LOCK is released.
        self.wait_for_operations();
        let mut result = self.flush_unpersisted_for_shutdown(false);
        self.stop_background_threads(true);
        {
            let mut w = self.wal.lock();
            if let Some(mut writer) = w.writer.take() {
                if let Err(e) = writer.flush().and_then(|_| writer.close()) {
                    if result.is_ok() {
                        result = Err(e);
                    }
                }
            }
        }
        self.info_log.log("Shutdown complete");
        *self.lock.lock() = None;
        result
    }
}

/// 36-character lowercase UUID text from the OS's random source (RocksDB's IDENTITY format).
pub(crate) fn generate_uuid(fs: &dyn FileSystem) -> String {
    let mut b = [0u8; 16];
    let mut ok = false;
    if let Ok(mut f) = fs.new_sequential_file(Path::new("/dev/urandom")) {
        ok = f.read(&mut b).map(|n| n == 16).unwrap_or(false);
    }
    if !ok {
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let mixed = t ^ ((std::process::id() as u128) << 64);
        b = mixed.to_le_bytes();
    }
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// RocksDB's session id: 20 base-36 characters.
pub(crate) fn generate_session_id(fs: &dyn FileSystem) -> String {
    let u = generate_uuid(fs).replace('-', "");
    let mut v = u128::from_str_radix(&u, 16).unwrap_or(0x1234_5678_9abc);
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = Vec::with_capacity(20);
    for _ in 0..20 {
        s.push(DIGITS[(v % 36) as usize]);
        v /= 36;
    }
    String::from_utf8(s).unwrap_or_default()
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod comparator_tests;
#[cfg(test)]
mod durability_tests;
#[cfg(test)]
mod paths_tests;
#[cfg(test)]
mod cuckoo_tests;
