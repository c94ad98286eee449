//! Event listeners (RocksDB's `EventListener`, include/rocksdb/listener.h): the `Listener`
//! trait, the info structs each event carries, and `EventHub`, the per-database part that
//! builds the infos and calls the listeners of `Options::listeners`.
//!
//! Listeners run without the db mutex held, as RocksDB calls them: flush, compaction and
//! ingestion events are fired by their job after it releases the mutex; the events that
//! arise while the mutex is held deep inside other code (a write-stall condition changing
//! when a version is installed, a memtable sealed when memtables switch) are queued under
//! it and fired by `EventHub::fire_queued`, which the job or writer calls once unlocked.
//!
//! Thread-safety: `EventHub` is shared by every thread of the database; its queue has its own
//! small mutex, taken after the db mutex (never the other way round).

use super::write::StallCause;
use super::{ColumnFamily, Db, DbInner};
use crate::error::Error;
use crate::memtable::MemTable;
use parking_lot::Mutex;
use std::path::Path;
use std::sync::atomic::{AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, Weak};

/// RocksDB's `FlushReason` values (listener.h).
pub mod flush_reason {
    pub const OTHERS: u32 = 0x00;
    pub const SHUTDOWN: u32 = 0x02;
    pub const EXTERNAL_FILE_INGESTION: u32 = 0x03;
    pub const MANUAL_COMPACTION: u32 = 0x04;
    pub const WRITE_BUFFER_FULL: u32 = 0x06;
    pub const MANUAL_FLUSH: u32 = 0x0a;
}

thread_local! {
    /// Why this thread asks for a flush (`flush_requested_for`); a manual flush otherwise.
    static FLUSH_REASON: std::cell::Cell<u32> = const { std::cell::Cell::new(flush_reason::MANUAL_FLUSH) };
}

/// Runs `f`, whose flush requests are for `reason` (a compaction, an ingestion, shutdown).
pub(crate) fn flush_requested_for<T>(reason: u32, f: impl FnOnce() -> T) -> T {
    let outer = FLUSH_REASON.with(|r| r.replace(reason));
    let out = f();
    FLUSH_REASON.with(|r| r.set(outer));
    out
}

/// RocksDB's `CompactionReason` values (listener.h).
pub mod compaction_reason {
    pub const UNKNOWN: u32 = 0;
    pub const LEVEL_L0_FILES_NUM: u32 = 1;
    pub const LEVEL_MAX_LEVEL_SIZE: u32 = 2;
    pub const MANUAL_COMPACTION: u32 = 9;
    pub const FILES_MARKED_FOR_COMPACTION: u32 = 10;
}

/// RocksDB's `WriteStallCondition` (types.h): kDelayed = 0, kStopped = 1, kNormal = 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum WriteStallCondition {
    /// Writes are slowed down (delayed_write_rate).
    Delayed = 0,
    /// Writes wait until flushes or compactions catch up.
    Stopped = 1,
    /// No stall.
    Normal = 2,
}

impl WriteStallCondition {
    pub(crate) fn of(cause: StallCause) -> WriteStallCondition {
        if cause == StallCause::None {
            WriteStallCondition::Normal
        } else if cause.is_stop() {
            WriteStallCondition::Stopped
        } else {
            WriteStallCondition::Delayed
        }
    }
}

/// RocksDB's `BackgroundErrorReason` (listener.h), in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum BackgroundErrorReason {
    /// A flush failed.
    Flush = 0,
    /// A compaction failed.
    Compaction = 1,
    /// A write callback failed.
    WriteCallback = 2,
    /// Inserting into a memtable failed.
    MemTable = 3,
    /// Writing the MANIFEST failed.
    ManifestWrite = 4,
    /// A flush of a database without a WAL failed.
    FlushNoWal = 5,
    /// A MANIFEST write failed in a database without a WAL.
    ManifestWriteNoWal = 6,
}

/// What a flush is about (RocksDB's `FlushJobInfo`).
#[derive(Clone, Debug, Default)]
pub struct FlushJobInfo {
    /// The column family's id.
    pub cf_id: u32,
    /// The column family's name.
    pub cf_name: String,
    /// The table written; empty at `on_flush_begin` (ferrock numbers the table when it
    /// starts writing it) and when the flush wrote no table.
    pub file_path: String,
    /// The number of the table written (0 when none was).
    pub file_number: u64,
    /// The id of the thread that ran the job.
    pub thread_id: u64,
    /// The job's number, unique within the database's lifetime.
    pub job_id: i32,
    /// Writes were slowed down / stopped when the flush began.
    pub triggered_writes_slowdown: bool,
    /// Writes were stopped when the flush began.
    pub triggered_writes_stop: bool,
    /// The smallest sequence number in the flushed memtables.
    pub smallest_seqno: u64,
    /// The largest sequence number in the flushed memtables.
    pub largest_seqno: u64,
    /// A `flush_reason` value.
    pub flush_reason: u32,
    /// The properties of the table written, as read back from it (None at `on_flush_begin`
    /// and when the flush wrote no table).
    pub table_properties: Option<crate::table::TableProperties>,
}

/// What a compaction is about (RocksDB's `CompactionJobInfo`); the output side and the
/// counts are filled at `on_compaction_completed`.
#[derive(Clone, Debug, Default)]
pub struct CompactionJobInfo {
    /// The column family's id.
    pub cf_id: u32,
    /// The column family's name.
    pub cf_name: String,
    /// None = OK.
    pub status: Option<Error>,
    /// The id of the thread that ran the job.
    pub thread_id: u64,
    /// The job's number, unique within the database's lifetime.
    pub job_id: i32,
    /// The lowest-numbered level of the inputs.
    pub base_input_level: i32,
    /// The level the outputs are written to.
    pub output_level: i32,
    /// Level-0 files of the column family: as the job begins, then (at completion) after it.
    pub num_l0_files: i32,
    /// Full paths of the input tables, then of the output tables.
    pub input_files: Vec<String>,
    /// Full paths of the output tables.
    pub output_files: Vec<String>,
    /// (level, file number) of each input, then of each output.
    pub input_file_infos: Vec<(i32, u64)>,
    /// (level, file number) of each output.
    pub output_file_infos: Vec<(i32, u64)>,
    /// A `compaction_reason` value.
    pub compaction_reason: u32,
    /// RocksDB's CompressionType number of the outputs.
    pub compression: u32,
    /// The compaction was cancelled (e.g. by `disable_manual_compaction` or close).
    pub aborted: bool,
    /// RocksDB's `CompactionJobStats`: the job's figures (all 0 at `on_compaction_begin`
    /// but the input side, which the plan already knows).
    pub stats: CompactionJobStats,
    /// The properties of the input tables and (at completion) of the output tables, by full
    /// path, as RocksDB's `CompactionJobInfo::table_properties`.
    pub table_properties: std::collections::BTreeMap<String, CompactionTableProperties>,
}

/// One table's properties in a `CompactionJobInfo`.
#[derive(Clone, Debug, Default)]
pub struct CompactionTableProperties {
    /// The table's properties block.
    pub properties: crate::table::TableProperties,
    /// The smallest and largest sequence numbers of the table's keys, when the job saw them
    /// written (its outputs); the inputs' ferrock (7.8.3-format) tables do not record them.
    pub key_seqnos: Option<(u64, u64)>,
}

/// RocksDB's `CompactionJobStats` (include/rocksdb/compaction_job_stats.h). What ferrock's
/// job does not measure stays 0, as RocksDB leaves a figure it did not measure:
/// - `cpu_micros`: the job runs its ranges on several threads and measures wall time only;
/// - `num_blobs_read`, `num_output_files_blob`, `total_blob_bytes_read`,
///   `total_output_bytes_blob`: ferrock writes no blob files;
/// - `num_filtered_input_files*`, `total_skipped_input_bytes`: every input file is read
///   (no input is skipped as fully covered by a range deletion);
/// - `num_records_replaced`, `num_expired_deletion_records`, `num_single_del_fallthru`,
///   `num_single_del_mismatch`: the compaction rules (`compaction/iterator.rs`) drop
///   entries without counting why;
/// - `num_corrupt_keys`: a corrupt key fails the compaction instead of being counted;
/// - `file_*_nanos`: RocksDB measures them only with `report_bg_io_stats`, which ferrock
///   has not.
#[derive(Clone, Debug)]
pub struct CompactionJobStats {
    /// Wall time of the job in microseconds.
    pub elapsed_micros: u64,
    /// CPU time of the job (0: ferrock measures wall time only).
    pub cpu_micros: u64,
    /// Whether `num_input_records` counts every input entry.
    pub has_accurate_num_input_records: bool,
    /// Entries of the input tables (their metadata's counts).
    pub num_input_records: u64,
    /// Blob records read (0: ferrock writes no blob files).
    pub num_blobs_read: u64,
    /// Input table files.
    pub num_input_files: usize,
    /// Input files moved to the output level without rewriting.
    pub num_input_files_trivially_moved: usize,
    /// Input files that were already at the output level.
    pub num_input_files_at_output_level: usize,
    /// Input files skipped without reading (0 in ferrock).
    pub num_filtered_input_files: usize,
    /// Skipped input files at the output level (0 in ferrock).
    pub num_filtered_input_files_at_output_level: usize,
    /// Entries written to the output tables.
    pub num_output_records: u64,
    /// Output table files.
    pub num_output_files: usize,
    /// Output blob files (0: no blob files).
    pub num_output_files_blob: usize,
    /// The job compacted every file of the column family.
    pub is_full_compaction: bool,
    /// The job was asked for (compact_range, compact_files), not picked.
    pub is_manual_compaction: bool,
    /// The job ran in a compaction service worker.
    pub is_remote_compaction: bool,
    /// Bytes of the input tables.
    pub total_input_bytes: u64,
    /// Bytes of blob records read (0).
    pub total_blob_bytes_read: u64,
    /// Bytes of the output tables.
    pub total_output_bytes: u64,
    /// Bytes of output blob files (0).
    pub total_output_bytes_blob: u64,
    /// Bytes of skipped input files (0).
    pub total_skipped_input_bytes: u64,
    /// Entries dropped as overwritten by a newer entry (not counted: 0).
    pub num_records_replaced: u64,
    /// Sum of the input entries' key sizes.
    pub total_input_raw_key_bytes: u64,
    /// Sum of the input entries' value sizes.
    pub total_input_raw_value_bytes: u64,
    /// Deletion entries among the inputs.
    pub num_input_deletion_records: u64,
    /// Deletions dropped because nothing older remained (not counted: 0).
    pub num_expired_deletion_records: u64,
    /// Input keys that did not parse (0: a corrupt key fails the job).
    pub num_corrupt_keys: u64,
    /// Time spent writing files (0: not measured).
    pub file_write_nanos: u64,
    /// Time spent in range syncs (0: not measured).
    pub file_range_sync_nanos: u64,
    /// Time spent in fsync (0: not measured).
    pub file_fsync_nanos: u64,
    /// Time spent preparing writes (0: not measured).
    pub file_prepare_write_nanos: u64,
    /// The first `MAX_PREFIX_LENGTH` bytes of the smallest and largest output user keys.
    pub smallest_output_key_prefix: Vec<u8>,
    /// The first `MAX_PREFIX_LENGTH` bytes of the largest output user key.
    pub largest_output_key_prefix: Vec<u8>,
    /// Single deletions that found no put to cancel (not counted: 0).
    pub num_single_del_fallthru: u64,
    /// Single deletions that met another kind of entry (not counted: 0).
    pub num_single_del_mismatch: u64,
}

impl CompactionJobStats {
    /// RocksDB's `CompactionJobStats::kMaxPrefixLength`.
    pub const MAX_PREFIX_LENGTH: usize = 8;

    /// Records the output tables `files` (in key order) written in `bytes` bytes.
    pub(crate) fn set_outputs<F: std::borrow::Borrow<crate::version::edit::FileMetaData>>(&mut self, files: &[F], bytes: u64) {
        let files: Vec<&crate::version::edit::FileMetaData> = files.iter().map(|f| f.borrow()).collect();
        self.num_output_files = files.len();
        self.num_output_records = files.iter().map(|f| f.num_entries).sum();
        self.total_output_bytes = bytes;
        let prefix = |k: &[u8]| {
            let u = crate::key::user_key(k);
            u[..u.len().min(Self::MAX_PREFIX_LENGTH)].to_vec()
        };
        self.smallest_output_key_prefix = files.first().map(|f| prefix(&f.smallest)).unwrap_or_default();
        self.largest_output_key_prefix = files.last().map(|f| prefix(&f.largest)).unwrap_or_default();
    }
}

impl Default for CompactionJobStats {
    /// RocksDB's `Reset()`: all 0, the input-record count accurate.
    fn default() -> Self {
        CompactionJobStats {
            elapsed_micros: 0,
            cpu_micros: 0,
            has_accurate_num_input_records: true,
            num_input_records: 0,
            num_blobs_read: 0,
            num_input_files: 0,
            num_input_files_trivially_moved: 0,
            num_input_files_at_output_level: 0,
            num_filtered_input_files: 0,
            num_filtered_input_files_at_output_level: 0,
            num_output_records: 0,
            num_output_files: 0,
            num_output_files_blob: 0,
            is_full_compaction: false,
            is_manual_compaction: false,
            is_remote_compaction: false,
            total_input_bytes: 0,
            total_blob_bytes_read: 0,
            total_output_bytes: 0,
            total_output_bytes_blob: 0,
            total_skipped_input_bytes: 0,
            num_records_replaced: 0,
            total_input_raw_key_bytes: 0,
            total_input_raw_value_bytes: 0,
            num_input_deletion_records: 0,
            num_expired_deletion_records: 0,
            num_corrupt_keys: 0,
            file_write_nanos: 0,
            file_range_sync_nanos: 0,
            file_fsync_nanos: 0,
            file_prepare_write_nanos: 0,
            smallest_output_key_prefix: Vec::new(),
            largest_output_key_prefix: Vec::new(),
            num_single_del_fallthru: 0,
            num_single_del_mismatch: 0,
        }
    }
}

/// One key range of a compaction (RocksDB's `SubcompactionJobInfo`).
#[derive(Clone, Debug, Default)]
pub struct SubcompactionJobInfo {
    /// The column family's id.
    pub cf_id: u32,
    /// The column family's name.
    pub cf_name: String,
    /// None = OK.
    pub status: Option<Error>,
    /// The id of the thread that ran the range.
    pub thread_id: u64,
    /// The compaction's job number.
    pub job_id: i32,
    /// 0 for the first range of the compaction.
    pub subcompaction_job_id: i32,
    /// The lowest-numbered level of the inputs.
    pub base_input_level: i32,
    /// The level the outputs are written to.
    pub output_level: i32,
    /// A `compaction_reason` value.
    pub compaction_reason: u32,
    /// RocksDB's CompressionType number of the outputs.
    pub compression: u32,
    /// The range's own figures: all 0 as it begins; at completion its elapsed time and its
    /// outputs (the job's inputs are not split by range, so the input side stays 0).
    pub stats: CompactionJobStats,
}

/// One ingested file (RocksDB's `ExternalFileIngestionInfo`).
#[derive(Clone, Debug, Default)]
pub struct ExternalFileIngestionInfo {
    /// The column family the file went into.
    pub cf_name: String,
    /// The path the file was ingested from.
    pub external_file_path: String,
    /// The table's path inside the database.
    pub internal_file_path: String,
    /// The sequence number assigned to the file's keys (0: none needed).
    pub global_seqno: u64,
    /// The ingested table's properties, as read from it.
    pub table_properties: Option<crate::table::TableProperties>,
}

/// A column family's write-stall condition changed (RocksDB's `WriteStallInfo`).
#[derive(Clone, Debug)]
pub struct WriteStallInfo {
    /// The column family's name.
    pub cf_name: String,
    /// The condition now.
    pub cur: WriteStallCondition,
    /// The condition before.
    pub prev: WriteStallCondition,
}

/// A memtable became immutable (RocksDB's `MemTableInfo`).
#[derive(Clone, Debug, Default)]
pub struct MemTableInfo {
    /// The column family's name.
    pub cf_name: String,
    /// The sequence number of the memtable's first entry.
    pub first_seqno: u64,
    /// The smallest sequence number the memtable may hold.
    pub earliest_seqno: u64,
    /// Entries in the memtable.
    pub num_entries: u64,
    /// Deletions in the memtable.
    pub num_deletes: u64,
}

/// RocksDB's `EventListener`: every method has a no-op default. Methods are called from the
/// database's background threads and writers, never with the db mutex held; they should
/// return quickly and must not wait for a flush or compaction (a flush that waits also
/// waits for the listeners of running flushes, as RocksDB's does for its job).
pub trait Listener: Send + Sync {
    /// Before a flush writes its table.
    fn on_flush_begin(&self, _db: &Db, _info: &FlushJobInfo) {}
    /// After a flush installed its table.
    fn on_flush_completed(&self, _db: &Db, _info: &FlushJobInfo) {}
    /// Before a compaction reads its inputs.
    fn on_compaction_begin(&self, _db: &Db, _info: &CompactionJobInfo) {}
    /// After a compaction finished, successfully or not (`info.status`).
    fn on_compaction_completed(&self, _db: &Db, _info: &CompactionJobInfo) {}
    /// Before one key range of a compaction starts.
    fn on_subcompaction_begin(&self, _info: &SubcompactionJobInfo) {}
    /// After one key range of a compaction ended.
    fn on_subcompaction_completed(&self, _info: &SubcompactionJobInfo) {}
    /// After a file was ingested ([`Db::ingest_external_file`]).
    fn on_external_file_ingested(&self, _db: &Db, _info: &ExternalFileIngestionInfo) {}
    /// `status` holds the error about to be latched; setting it to None suppresses it (the
    /// database keeps accepting writes), as resetting the Status does in RocksDB.
    fn on_background_error(&self, _reason: BackgroundErrorReason, _status: &mut Option<Error>) {}
    /// A column family's write stall condition changed.
    fn on_stall_conditions_changed(&self, _info: &WriteStallInfo) {}
    /// A memtable became immutable and waits for its flush.
    fn on_memtable_sealed(&self, _info: &MemTableInfo) {}
}

/// An event raised under the db mutex, fired later without it.
enum Queued {
    Stall(WriteStallInfo),
    Sealed(MemTableInfo),
}

/// The per-database side of the listeners.
#[derive(Default)]
pub(crate) struct EventHub {
    /// The database itself, to hand listeners a `Db` (set when the `Db` is created).
    inner: OnceLock<Weak<DbInner>>,
    queue: Mutex<Vec<Queued>>,
    /// The write-stall condition last reported per column family.
    conditions: Mutex<std::collections::HashMap<u32, WriteStallCondition>>,
    /// Held while queued events fire, so events drained by different threads still reach
    /// the listeners in the order they were raised (reentrant: a listener may cause more).
    firing: parking_lot::ReentrantMutex<()>,
    next_job_id: AtomicI32,
    /// Flushes whose completion has not been told to the listeners yet: a flush that waits
    /// returns only after its events fired.
    flushes_notifying: AtomicUsize,
    /// Column families whose next flush was requested (not a full memtable), with the reason.
    manual_flush: Mutex<Vec<(u32, u32)>>,
}

thread_local! {
    /// Set while `capture_compaction_info` runs on this thread: the info of the compaction it
    /// runs lands here.
    static CAPTURE: std::cell::RefCell<Option<Option<CompactionJobInfo>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` (a synchronous compaction such as `Db::compact_files_cf`) and returns, with its
/// result, the info of the last compaction it ran on this thread (RocksDB's CompactFiles fills
/// a CompactionJobInfo for its caller).
pub fn capture_compaction_info<T>(f: impl FnOnce() -> T) -> (T, Option<CompactionJobInfo>) {
    let outer = CAPTURE.with(|c| c.borrow_mut().replace(None));
    let r = f();
    let info = CAPTURE.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer)).flatten();
    (r, info)
}

/// A small stable number per thread (RocksDB reports its env's thread id).
pub(crate) fn current_thread_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        static ID: u64 = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    ID.with(|id| *id)
}

/// Whether level 0 is at the slowdown / stop trigger (what RocksDB reports in FlushJobInfo).
fn l0_triggers(cf: &ColumnFamily) -> (bool, bool) {
    let l0 = cf.stall.l0_files.load(Ordering::Acquire);
    (l0 >= cf.opts().level0_slowdown_writes_trigger.max(0) as u64, l0 >= cf.opts().level0_stop_writes_trigger.max(0) as u64)
}

/// The path of the family's table `number` in its directory `path_id`.
fn table_path(cf: &ColumnFamily, path_id: u32, number: u64) -> String {
    cf.table_dir(path_id).join(crate::version::filename::table_file_name(number)).to_string_lossy().into_owned()
}

impl EventHub {
    pub(crate) fn bind(&self, inner: &Arc<DbInner>) {
        let _ = self.inner.set(Arc::downgrade(inner));
    }

    fn db(&self) -> Option<Db> {
        self.inner.get().and_then(|w| w.upgrade()).map(Db::unguarded)
    }

    fn next_job(&self) -> i32 {
        self.next_job_id.fetch_add(1, Ordering::Relaxed) + 1
    }

    pub(crate) fn flushes_notifying(&self) -> usize {
        self.flushes_notifying.load(Ordering::Acquire)
    }

    /// The next flush of `cf_id` was requested (by the user, or by `flush_requested_for`'s
    /// caller) rather than caused by a full memtable.
    pub(crate) fn note_manual_flush(&self, opts: &crate::options::Options, cf_id: u32) {
        if !opts.listeners.is_empty() {
            self.manual_flush.lock().push((cf_id, FLUSH_REASON.with(|r| r.get())));
        }
    }

    /// Recomputes `cf`'s write-stall condition as RocksDB does when it installs a super
    /// version (from level 0 and pending bytes, `cf.stall`, and from `unflushed` immutable
    /// memtables) and queues a change. Requires: the db mutex (where versions or memtables
    /// change).
    pub(crate) fn recompute_stall(&self, opts: &crate::options::Options, cf: &ColumnFamily, unflushed: usize) {
        if opts.listeners.is_empty() {
            return;
        }
        let max = cf.opts().max_write_buffer_number.max(1) as usize;
        let by_memtables = if unflushed >= max {
            WriteStallCondition::Stopped
        } else if max > 3 && unflushed >= max - 1 {
            WriteStallCondition::Delayed
        } else {
            WriteStallCondition::Normal
        };
        let by_version = WriteStallCondition::of(cf.stall.cause());
        let cur = match (by_memtables, by_version) {
            (WriteStallCondition::Stopped, _) | (_, WriteStallCondition::Stopped) => WriteStallCondition::Stopped,
            (WriteStallCondition::Delayed, _) | (_, WriteStallCondition::Delayed) => WriteStallCondition::Delayed,
            _ => WriteStallCondition::Normal,
        };
        let prev = {
            let mut conditions = self.conditions.lock();
            let slot = conditions.entry(cf.id).or_insert(WriteStallCondition::Normal);
            std::mem::replace(slot, cur)
        };
        if prev != cur {
            self.queue.lock().push(Queued::Stall(WriteStallInfo { cf_name: cf.name.clone(), cur, prev }));
        }
    }

    /// Queues the sealing of `mem` (called where memtables switch, under the db mutex).
    pub(crate) fn queue_memtable_sealed(&self, opts: &crate::options::Options, cf_name: &str, mem: &MemTable) {
        if opts.listeners.is_empty() {
            return;
        }
        let first = mem.first_seqno();
        self.queue.lock().push(Queued::Sealed(MemTableInfo {
            cf_name: cf_name.to_string(),
            first_seqno: if first == u64::MAX { 0 } else { first },
            earliest_seqno: mem.earliest_seqno(),
            num_entries: mem.num_entries(),
            num_deletes: mem.num_deletes(),
        }));
    }

    /// Fires the queued events. Requires: the db mutex is not held.
    pub(crate) fn fire_queued(&self, opts: &crate::options::Options) {
        if opts.listeners.is_empty() {
            return;
        }
        let _order = self.firing.lock();
        let events = std::mem::take(&mut *self.queue.lock());
        for e in &events {
            for l in &opts.listeners {
                match e {
                    Queued::Stall(info) => l.on_stall_conditions_changed(info),
                    Queued::Sealed(info) => l.on_memtable_sealed(info),
                }
            }
        }
    }

    /// The info of a flush about to run over `mems`. Requires: the db mutex (the stall
    /// condition is read as the flush begins).
    pub(crate) fn flush_info(&self, opts: &crate::options::Options, cf: &ColumnFamily, mems: &[Arc<MemTable>]) -> Option<FlushJobInfo> {
        if opts.listeners.is_empty() {
            return None;
        }
        self.flushes_notifying.fetch_add(1, Ordering::AcqRel);
        let requested = {
            let mut m = self.manual_flush.lock();
            m.iter().position(|(id, _)| *id == cf.id).map(|i| m.remove(i).1)
        };
        let (triggered_writes_slowdown, triggered_writes_stop) = l0_triggers(cf);
        Some(FlushJobInfo {
            cf_id: cf.id,
            cf_name: cf.name.clone(),
            thread_id: current_thread_id(),
            job_id: self.next_job(),
            triggered_writes_slowdown,
            triggered_writes_stop,
            smallest_seqno: mems.iter().map(|m| m.first_seqno()).min().filter(|s| *s != u64::MAX).unwrap_or(0),
            largest_seqno: 0,
            flush_reason: requested.unwrap_or(flush_reason::WRITE_BUFFER_FULL),
            ..Default::default()
        })
    }

    /// Requires: the db mutex is not held.
    pub(crate) fn flush_begin(&self, opts: &crate::options::Options, info: &Option<FlushJobInfo>) {
        if let (Some(info), Some(db)) = (info, self.db()) {
            for l in &opts.listeners {
                l.on_flush_begin(&db, info);
            }
        }
    }

    /// Fires `on_flush_completed` for the table written (if any), then the queued events.
    /// Requires: the db mutex is not held; `info` came from `flush_info`.
    pub(crate) fn flush_completed(&self, db_inner: &DbInner, cf: &ColumnFamily, info: Option<FlushJobInfo>, file: Option<(u64, u64, u64, u64)>) {
        let opts = &db_inner.opts();
        let mut info = match info {
            Some(i) => i,
            None => return,
        };
        (info.triggered_writes_slowdown, info.triggered_writes_stop) = l0_triggers(cf);
        if let Some((number, smallest, largest, size)) = file {
            info.file_number = number;
            // A flush writes to the family's first path.
            info.file_path = table_path(cf, 0, number);
            info.smallest_seqno = smallest;
            info.largest_seqno = largest;
            // The table is opened (and kept open) as a read would; a table that cannot be read
            // leaves the properties out rather than failing a flush that succeeded.
            info.table_properties = db_inner
                .table_cache
                .get(&cf.icmp, cf.table_dir(0), number, size, largest)
                .ok()
                .map(|t| t.properties().clone());
        }
        if let Some(db) = self.db() {
            for l in &opts.listeners {
                l.on_flush_completed(&db, &info);
            }
        }
        self.fire_queued(opts);
        self.flushes_notifying.fetch_sub(1, Ordering::AcqRel);
        db_inner.bg_cv.notify_all();
    }

    /// A flush that fails ends its notification without an event.
    pub(crate) fn flush_abandoned(&self, info: Option<FlushJobInfo>) {
        if info.is_some() {
            self.flushes_notifying.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// The info of a compaction about to run on a version of `version_files` tables, without
    /// the table properties (`add_table_properties` reads them with the db mutex released).
    pub(crate) fn compaction_info(
        &self,
        db: &DbInner,
        cf: &ColumnFamily,
        plan: &crate::compaction::plan::CompactionPlan,
        version_files: usize,
    ) -> Option<CompactionJobInfo> {
        use crate::compaction::plan::CompactionKind;
        if db.opts().listeners.is_empty() && !CAPTURE.with(|c| c.borrow().is_some()) {
            return None;
        }
        let reason = match plan.kind {
            CompactionKind::Manual => compaction_reason::MANUAL_COMPACTION,
            _ if plan.level == 0 => compaction_reason::LEVEL_L0_FILES_NUM,
            _ => compaction_reason::LEVEL_MAX_LEVEL_SIZE,
        };
        let input_files: Vec<String> = plan.all_inputs().map(|f| table_path(cf, f.path_id, f.number)).collect();
        let input_file_infos = plan
            .inputs
            .iter()
            .map(|f| (plan.level as i32, f.number))
            .chain(plan.output_inputs.iter().map(|f| (plan.output_level as i32, f.number)))
            .collect();
        let compression = if plan.bottommost { cf.opts().bottommost_compression.unwrap_or(cf.opts().compression) } else { cf.opts().compression };
        let inputs = || plan.all_inputs();
        let stats = CompactionJobStats {
            num_input_files: input_files.len(),
            num_input_files_at_output_level: plan.output_inputs.len(),
            num_input_files_trivially_moved: if plan.trivial_move { input_files.len() } else { 0 },
            num_input_records: inputs().map(|f| f.num_entries).sum(),
            num_input_deletion_records: inputs().map(|f| f.num_deletions).sum(),
            total_input_bytes: inputs().map(|f| f.file_size).sum(),
            total_input_raw_key_bytes: inputs().map(|f| f.raw_key_size).sum(),
            total_input_raw_value_bytes: inputs().map(|f| f.raw_value_size).sum(),
            is_manual_compaction: plan.kind == CompactionKind::Manual,
            // RocksDB's Compaction::IsFullCompaction: the inputs are every table of the family.
            is_full_compaction: version_files == input_files.len(),
            ..Default::default()
        };
        Some(CompactionJobInfo {
            cf_id: cf.id,
            cf_name: cf.name.clone(),
            thread_id: current_thread_id(),
            job_id: self.next_job(),
            base_input_level: plan.level as i32,
            output_level: plan.output_level as i32,
            num_l0_files: cf.stall.l0_files.load(Ordering::Acquire) as i32,
            input_files,
            input_file_infos,
            compaction_reason: reason,
            compression: compression as u32,
            stats,
            ..Default::default()
        })
    }

    /// Adds the properties of the tables `files` (in `dir`) to `info`, read as the job's reads
    /// open them (the table cache keeps them open); `written` when the job wrote them, so the
    /// sequence numbers of their keys are known. A table that cannot be read is left out, as a
    /// failed read leaves RocksDB's collection short. Requires: the db mutex is not held.
    pub(crate) fn add_table_properties<'f>(
        db: &DbInner,
        cf: &ColumnFamily,
        dir: impl Fn(&crate::version::edit::FileMetaData) -> std::path::PathBuf,
        files: impl Iterator<Item = &'f crate::version::edit::FileMetaData>,
        written: bool,
        info: &mut CompactionJobInfo,
    ) {
        for f in files {
            let dir = dir(f);
            if let Ok(t) = db.table_cache.get(&cf.icmp, &dir, f.number, f.file_size, f.largest_seqno) {
                let path = dir.join(crate::version::filename::table_file_name(f.number)).to_string_lossy().into_owned();
                let key_seqnos = written.then_some((f.smallest_seqno, f.largest_seqno));
                info.table_properties.insert(path, CompactionTableProperties { properties: t.properties().clone(), key_seqnos });
            }
        }
    }

    /// What every range of the compaction `info` shares.
    pub(crate) fn subcompaction_info(info: &CompactionJobInfo) -> SubcompactionJobInfo {
        SubcompactionJobInfo {
            cf_id: info.cf_id,
            cf_name: info.cf_name.clone(),
            status: info.status.clone(),
            thread_id: current_thread_id(),
            job_id: info.job_id,
            subcompaction_job_id: 0,
            base_input_level: info.base_input_level,
            output_level: info.output_level,
            compaction_reason: info.compaction_reason,
            compression: info.compression,
            stats: CompactionJobStats {
                is_manual_compaction: info.stats.is_manual_compaction,
                is_full_compaction: info.stats.is_full_compaction,
                ..Default::default()
            },
        }
    }

    /// Requires: the db mutex is not held.
    pub(crate) fn compaction_begin(&self, opts: &crate::options::Options, info: &Option<CompactionJobInfo>) {
        let (info, db) = match (info, self.db()) {
            (Some(i), Some(d)) => (i, d),
            _ => return,
        };
        for l in &opts.listeners {
            l.on_compaction_begin(&db, info);
        }
    }

    /// Range `id` of a compaction (`base` from `subcompaction_info`) begins; a trivial move
    /// has no ranges, as in RocksDB. Requires: the db mutex is not held.
    pub(crate) fn subcompaction_begin(&self, opts: &crate::options::Options, base: &Option<SubcompactionJobInfo>, id: usize) {
        if let Some(base) = base {
            let info = SubcompactionJobInfo { subcompaction_job_id: id as i32, thread_id: current_thread_id(), ..base.clone() };
            for l in &opts.listeners {
                l.on_subcompaction_begin(&info);
            }
        }
    }

    /// Range `id`, begun `elapsed` ago, ended with `outcome` (its tables and their bytes, or
    /// its error). Requires: the db mutex is not held.
    pub(crate) fn subcompaction_completed(
        &self,
        opts: &crate::options::Options,
        base: &Option<SubcompactionJobInfo>,
        id: usize,
        elapsed: std::time::Duration,
        outcome: &crate::error::Result<(Vec<crate::version::edit::FileMetaData>, u64)>,
    ) {
        if let Some(base) = base {
            let mut stats = CompactionJobStats { elapsed_micros: elapsed.as_micros() as u64, ..base.stats.clone() };
            if let Ok((files, bytes)) = outcome {
                stats.set_outputs(files, *bytes);
            }
            let info = SubcompactionJobInfo {
                subcompaction_job_id: id as i32,
                thread_id: current_thread_id(),
                status: outcome.as_ref().err().cloned(),
                stats,
                ..base.clone()
            };
            for l in &opts.listeners {
                l.on_subcompaction_completed(&info);
            }
        }
    }

    /// Fires `on_compaction_completed`, then the queued events. Requires: the db mutex is
    /// not held.
    pub(crate) fn compaction_completed(&self, opts: &crate::options::Options, info: Option<CompactionJobInfo>) {
        if let Some(i) = &info {
            CAPTURE.with(|c| {
                if let Some(slot) = c.borrow_mut().as_mut() {
                    *slot = Some(i.clone());
                }
            });
        }
        let (info, db) = match (info, self.db()) {
            (Some(i), Some(d)) => (i, d),
            _ => return,
        };
        for l in &opts.listeners {
            l.on_compaction_completed(&db, &info);
        }
        self.fire_queued(opts);
    }

    /// Fires `on_external_file_ingested` once per file. Requires: the db mutex is not held.
    pub(crate) fn files_ingested(&self, db_inner: &DbInner, cf_id: u32, sources: &[&Path], numbers: &[u64]) {
        let opts = &db_inner.opts();
        if opts.listeners.is_empty() {
            return;
        }
        let (cf, version) = {
            let st = db_inner.state.lock();
            let cf = match db_inner.cfs.read().get(&cf_id) {
                Some(c) => c.clone(),
                None => return,
            };
            match st.versions.cf(cf_id) {
                Some(d) => (cf, d.current.clone()),
                None => return,
            }
        };
        let db = match self.db() {
            Some(d) => d,
            None => return,
        };
        for (source, number) in sources.iter().zip(numbers) {
            let meta = version.levels.iter().flatten().find(|f| f.number == *number);
            let global_seqno = meta.map_or(0, |f| f.smallest_seqno);
            let table_properties = meta.and_then(|f| {
                db_inner.table_cache.get(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno).ok()
            });
            let info = ExternalFileIngestionInfo {
                cf_name: cf.name.clone(),
                external_file_path: source.to_string_lossy().into_owned(),
                internal_file_path: table_path(&cf, 0, *number),
                global_seqno,
                table_properties: table_properties.map(|t| t.properties().clone()),
            };
            for l in &opts.listeners {
                l.on_external_file_ingested(&db, &info);
            }
        }
        self.fire_queued(opts);
    }

    /// Tells the listeners about a background error before it is latched; returns the error
    /// to latch (None when a listener cleared it). Requires: the db mutex is not held.
    pub(crate) fn background_error(&self, opts: &crate::options::Options, reason: BackgroundErrorReason, e: Error) -> Option<Error> {
        let mut status = Some(e);
        for l in &opts.listeners {
            l.on_background_error(reason, &mut status);
            if status.is_none() {
                break;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{FlushOptions, Options, WriteOptions};
    use crate::util::testutil::TempDir;

    #[derive(Debug)]
    enum Seen {
        FlushBegin(FlushJobInfo),
        FlushCompleted(FlushJobInfo),
        CompactionBegin(CompactionJobInfo),
        CompactionCompleted(CompactionJobInfo),
        SubBegin(SubcompactionJobInfo),
        SubCompleted(SubcompactionJobInfo),
        Ingested(ExternalFileIngestionInfo),
        Stall(WriteStallInfo),
        Sealed(MemTableInfo),
    }

    #[derive(Default)]
    struct Recorder(Mutex<Vec<Seen>>);

    impl Listener for Recorder {
        fn on_flush_begin(&self, db: &Db, info: &FlushJobInfo) {
            // The db handed over works (and the db mutex is not held: a property takes it).
            assert!(db.property_value("rocksdb.num-running-flushes").is_some());
            self.0.lock().push(Seen::FlushBegin(info.clone()));
        }
        fn on_flush_completed(&self, _db: &Db, info: &FlushJobInfo) {
            self.0.lock().push(Seen::FlushCompleted(info.clone()));
        }
        fn on_compaction_begin(&self, _db: &Db, info: &CompactionJobInfo) {
            self.0.lock().push(Seen::CompactionBegin(info.clone()));
        }
        fn on_compaction_completed(&self, db: &Db, info: &CompactionJobInfo) {
            assert!(db.property_value("rocksdb.stats").is_some());
            self.0.lock().push(Seen::CompactionCompleted(info.clone()));
        }
        fn on_subcompaction_begin(&self, info: &SubcompactionJobInfo) {
            self.0.lock().push(Seen::SubBegin(info.clone()));
        }
        fn on_subcompaction_completed(&self, info: &SubcompactionJobInfo) {
            self.0.lock().push(Seen::SubCompleted(info.clone()));
        }
        fn on_external_file_ingested(&self, _db: &Db, info: &ExternalFileIngestionInfo) {
            self.0.lock().push(Seen::Ingested(info.clone()));
        }
        fn on_stall_conditions_changed(&self, info: &WriteStallInfo) {
            self.0.lock().push(Seen::Stall(info.clone()));
        }
        fn on_memtable_sealed(&self, info: &MemTableInfo) {
            self.0.lock().push(Seen::Sealed(info.clone()));
        }
    }

    fn open(dir: &TempDir, rec: &Arc<Recorder>, tune: impl FnOnce(&mut Options)) -> Db {
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.listeners.push(rec.clone());
        tune(&mut o);
        Db::open(&o, &dir.0).unwrap()
    }

    #[test]
    fn flush_fires_sealed_begin_and_completed_with_the_table() {
        let dir = TempDir::new("listener-flush");
        let rec = Arc::new(Recorder::default());
        let db = open(&dir, &rec, |_| {});
        let wo = WriteOptions::default();
        db.put(&wo, b"a", b"1").unwrap();
        db.put(&wo, b"b", b"2").unwrap();
        db.delete(&wo, b"a").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        // flush(wait) returned: its events have fired.
        let seen = rec.0.lock();
        let sealed: Vec<_> = seen.iter().filter_map(|s| if let Seen::Sealed(i) = s { Some(i) } else { None }).collect();
        assert_eq!(sealed.len(), 1);
        assert_eq!((sealed[0].cf_name.as_str(), sealed[0].first_seqno, sealed[0].num_entries, sealed[0].num_deletes), ("default", 1, 3, 1));
        let begin = seen.iter().position(|s| matches!(s, Seen::FlushBegin(_))).expect("flush begin");
        let done = seen.iter().position(|s| matches!(s, Seen::FlushCompleted(_))).expect("flush completed");
        assert!(begin < done);
        let (b, c) = match (&seen[begin], &seen[done]) {
            (Seen::FlushBegin(b), Seen::FlushCompleted(c)) => (b, c),
            _ => unreachable!(),
        };
        assert_eq!(b.job_id, c.job_id);
        assert_eq!((c.cf_id, c.cf_name.as_str()), (0, "default"));
        // The put of "a" under its deletion was dropped: the table holds sequences 2 and 3.
        assert_eq!((c.smallest_seqno, c.largest_seqno), (2, 3));
        assert_eq!(c.flush_reason, flush_reason::MANUAL_FLUSH);
        assert!(!c.triggered_writes_stop);
        assert!(c.file_number > 0);
        assert!(Path::new(&c.file_path).exists(), "{} on disk", c.file_path);
        assert!(c.file_path.ends_with(&format!("{:06}.sst", c.file_number)));
    }

    #[test]
    fn compactions_fire_begin_and_completed_with_inputs_and_outputs() {
        let dir = TempDir::new("listener-compact");
        let rec = Arc::new(Recorder::default());
        let db = open(&dir, &rec, |o| o.level0_file_num_compaction_trigger = 2);
        let wo = WriteOptions::default();
        for round in 0..2 {
            for k in 0..10u32 {
                db.put(&wo, format!("k{k:02}").as_bytes(), format!("v{round}").as_bytes()).unwrap();
            }
            db.flush(&FlushOptions::default()).unwrap();
        }
        db.wait_for_background_work().unwrap();
        let seen = rec.0.lock();
        let done: Vec<_> = seen.iter().filter_map(|s| if let Seen::CompactionCompleted(i) = s { Some(i) } else { None }).collect();
        assert_eq!(done.len(), 1, "one automatic L0 compaction");
        let c = done[0];
        // Dynamic level bytes (the default): level 0 goes to the last level while it is the base.
        assert_eq!((c.base_input_level, c.output_level), (0, 6));
        assert_eq!(c.num_l0_files, 0, "level 0 after the job");
        assert_eq!(c.compaction_reason, compaction_reason::LEVEL_L0_FILES_NUM);
        assert!(c.status.is_none());
        let st = &c.stats;
        assert_eq!((c.input_files.len(), st.num_input_files, st.num_input_files_at_output_level), (2, 2, 0));
        assert_eq!((st.num_input_records, st.num_output_records, st.num_output_files), (20, 10, 1));
        assert_eq!(c.output_files.len(), 1);
        assert!(Path::new(&c.output_files[0]).exists());
        assert!(st.total_input_bytes > 0 && st.total_output_bytes > 0);
        // 20 keys of 3 bytes (8 more internal) and values of 2.
        assert_eq!((st.total_input_raw_key_bytes, st.total_input_raw_value_bytes), (20 * 11, 20 * 2));
        assert!(st.is_full_compaction && !st.is_manual_compaction && st.has_accurate_num_input_records);
        assert_eq!((&st.smallest_output_key_prefix[..], &st.largest_output_key_prefix[..]), (&b"k00"[..], &b"k09"[..]));
        // Properties of both inputs and of the output, by full path.
        assert_eq!(c.table_properties.len(), 3);
        for f in c.input_files.iter().chain(&c.output_files) {
            let p = &c.table_properties[f];
            assert_eq!(p.properties.num_entries, 10);
            assert_eq!(p.key_seqnos.is_some(), c.output_files.contains(f));
        }
        let begin_info = seen.iter().find_map(|s| if let Seen::CompactionBegin(i) = s { Some(i) } else { None }).unwrap();
        assert_eq!(begin_info.table_properties.len(), 2, "the inputs' properties at begin");
        assert_eq!(begin_info.stats.num_output_files, 0);
        let sub = seen.iter().find_map(|s| if let Seen::SubCompleted(i) = s { Some(i) } else { None }).unwrap();
        assert_eq!((sub.stats.num_output_files, sub.stats.num_output_records), (1, 10));
        let begin = seen.iter().position(|s| matches!(s, Seen::CompactionBegin(i) if i.job_id == c.job_id)).expect("begin");
        let sub_begin = seen.iter().position(|s| matches!(s, Seen::SubBegin(i) if i.job_id == c.job_id)).expect("sub begin");
        let sub_done = seen.iter().position(|s| matches!(s, Seen::SubCompleted(i) if i.job_id == c.job_id && i.output_level == 6)).expect("sub done");
        let end = seen.iter().position(|s| matches!(s, Seen::CompactionCompleted(_))).unwrap();
        assert!(begin < sub_begin && sub_begin < sub_done && sub_done < end);
        drop(seen);
        // A manual compaction says so.
        db.put(&wo, b"k00", b"v2").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        let seen = rec.0.lock();
        let manual = seen.iter().filter_map(|s| if let Seen::CompactionCompleted(i) = s { Some(i) } else { None }).last().unwrap();
        assert_eq!(manual.compaction_reason, compaction_reason::MANUAL_COMPACTION);
        drop(seen);
        // A compaction of a range with unflushed data flushes it first, and says why.
        db.put(&wo, b"k01", b"v3").unwrap();
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        let seen = rec.0.lock();
        let flush = seen.iter().filter_map(|s| if let Seen::FlushCompleted(i) = s { Some(i) } else { None }).last().unwrap();
        assert_eq!(flush.flush_reason, flush_reason::MANUAL_COMPACTION);
    }

    #[test]
    fn a_trivial_move_reports_its_file_moved_and_no_subcompaction() {
        let dir = TempDir::new("listener-move");
        let rec = Arc::new(Recorder::default());
        // Static level targets of a few bytes: the table, once in level 1, moves down level by level.
        let db = open(&dir, &rec, |o| {
            o.level_compaction_dynamic_level_bytes = false;
            o.level0_file_num_compaction_trigger = 1;
            o.max_bytes_for_level_base = 1;
        });
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.wait_for_background_work().unwrap();
        let seen = rec.0.lock();
        let done: Vec<_> = seen.iter().filter_map(|s| if let Seen::CompactionCompleted(i) = s { Some(i) } else { None }).collect();
        let moves: Vec<_> = done.iter().filter(|i| i.base_input_level >= 1).collect();
        assert!(!moves.is_empty(), "{done:?}");
        for m in &moves {
            assert_eq!(m.input_files, m.output_files, "the same table, moved");
            assert_eq!(m.output_file_infos, vec![(m.output_level, m.input_file_infos[0].1)]);
            assert_eq!(m.output_level, m.base_input_level + 1);
        }
        // Only the one rewriting compaction (level 0 to 1) ran a subcompaction.
        let subs = seen.iter().filter(|s| matches!(s, Seen::SubCompleted(_))).count();
        assert_eq!((done.len() - moves.len(), subs), (1, 1));
    }

    #[test]
    fn each_subcompaction_range_is_reported_with_its_id() {
        let dir = TempDir::new("listener-subcompact");
        let rec = Arc::new(Recorder::default());
        let db = open(&dir, &rec, |o| {
            o.max_subcompactions = 4;
            o.target_file_size_base = 8 << 10;
            o.level0_file_num_compaction_trigger = 100;
            o.level0_slowdown_writes_trigger = 100;
            o.level0_stop_writes_trigger = 100;
        });
        let value = vec![b'x'; 200];
        for round in 0..2 {
            for k in 0..400u32 {
                db.put(&WriteOptions::default(), format!("key{k:05}-{round}").as_bytes(), &value).unwrap();
            }
            db.flush(&FlushOptions::default()).unwrap();
        }
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        let seen = rec.0.lock();
        let done: Vec<_> = seen.iter().filter_map(|s| if let Seen::CompactionCompleted(i) = s { Some(i) } else { None }).collect();
        assert_eq!(done.len(), 1);
        let job = done[0].job_id;
        let mut begun: Vec<i32> =
            seen.iter().filter_map(|s| if let Seen::SubBegin(i) = s { Some(i) } else { None }).map(|i| i.subcompaction_job_id).collect();
        let ended: Vec<&SubcompactionJobInfo> = seen.iter().filter_map(|s| if let Seen::SubCompleted(i) = s { Some(i) } else { None }).collect();
        begun.sort_unstable();
        assert!(begun.len() >= 2, "the job was split: {begun:?}");
        assert_eq!(begun, (0..begun.len() as i32).collect::<Vec<_>>());
        assert_eq!(ended.len(), begun.len());
        assert!(ended.iter().all(|i| i.job_id == job && i.status.is_none() && i.compaction_reason == compaction_reason::MANUAL_COMPACTION));
    }

    #[test]
    fn l0_slowdown_is_reported_as_delayed_then_normal() {
        let dir = TempDir::new("listener-stall");
        let rec = Arc::new(Recorder::default());
        let db = open(&dir, &rec, |o| {
            o.level0_file_num_compaction_trigger = 2;
            o.level0_slowdown_writes_trigger = 2;
        });
        for round in 0..2 {
            db.put(&WriteOptions::default(), b"key", format!("v{round}").as_bytes()).unwrap();
            db.flush(&FlushOptions::default()).unwrap();
        }
        db.wait_for_background_work().unwrap();
        let seen = rec.0.lock();
        let stalls: Vec<(WriteStallCondition, WriteStallCondition)> =
            seen.iter().filter_map(|s| if let Seen::Stall(i) = s { Some((i.prev, i.cur)) } else { None }).collect();
        assert_eq!(
            stalls,
            vec![(WriteStallCondition::Normal, WriteStallCondition::Delayed), (WriteStallCondition::Delayed, WriteStallCondition::Normal)]
        );
        assert!(seen.iter().all(|s| !matches!(s, Seen::Stall(i) if i.cf_name != "default")));
    }

    #[test]
    fn ingestion_reports_both_paths_and_the_global_seqno() {
        let dir = TempDir::new("listener-ingest");
        let rec = Arc::new(Recorder::default());
        let db = open(&dir, &rec, |_| {});
        db.put(&WriteOptions::default(), b"b", b"old").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        let ext = dir.0.join("external.sst");
        let mut w = crate::table::builder::TableBuilder::new(
            crate::table::builder::TableBuildOptions::default(),
            crate::env::default_fs().new_writable_file(&ext).unwrap(),
        );
        w.set_user_property(crate::table::properties::PROP_EXTERNAL_SST_VERSION, 2u32.to_le_bytes().to_vec());
        w.set_user_property(crate::table::properties::PROP_EXTERNAL_SST_GLOBAL_SEQNO, 0u64.to_le_bytes().to_vec());
        w.add(&crate::key::make_internal_key(b"b", 0, crate::key::ValueType::Value), b"new").unwrap();
        let (_, mut f) = w.finish().unwrap();
        f.sync().unwrap();
        f.close().unwrap();
        db.ingest_external_file(&[ext.clone()], &Default::default()).unwrap();
        let seen = rec.0.lock();
        let ing: Vec<_> = seen.iter().filter_map(|s| if let Seen::Ingested(i) = s { Some(i) } else { None }).collect();
        assert_eq!(ing.len(), 1);
        assert_eq!(ing[0].cf_name, "default");
        assert_eq!(Path::new(&ing[0].external_file_path), ext.as_path());
        assert!(Path::new(&ing[0].internal_file_path).exists());
        // It overlaps the flushed "b" (sequence 1), so it reads at the next sequence.
        assert_eq!(ing[0].global_seqno, 2);
    }

    /// Records background errors and, when `clear`, resets them as a C listener's
    /// `rocksdb_reset_status` does.
    struct ErrorWatcher {
        clear: bool,
        seen: Mutex<Vec<(BackgroundErrorReason, String)>>,
    }

    impl Listener for ErrorWatcher {
        fn on_background_error(&self, reason: BackgroundErrorReason, status: &mut Option<Error>) {
            self.seen.lock().push((reason, status.as_ref().map(|e| e.to_string()).unwrap_or_default()));
            if self.clear {
                *status = None;
            }
        }
    }

    fn failing_flush(tag: &str, clear: bool) -> (Arc<ErrorWatcher>, crate::error::Result<()>, crate::error::Result<()>) {
        let dir = TempDir::new(tag);
        let fs = Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()));
        let watcher = Arc::new(ErrorWatcher { clear, seen: Mutex::new(Vec::new()) });
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.fs = Some(fs.clone());
        o.listeners.push(watcher.clone());
        let db = Db::open(&o, &dir.0).unwrap();
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        fs.inject_write_error(".sst");
        let flushed = db.flush(&FlushOptions::default());
        let later = db.put(&WriteOptions::default(), b"k2", b"v2");
        (watcher, flushed, later)
    }

    #[test]
    fn background_error_is_reported_then_latched() {
        let (watcher, flushed, later) = failing_flush("listener-bgerror", false);
        assert_eq!(flushed.unwrap_err().to_string(), "IO error: injected write error");
        assert_eq!(later.unwrap_err().to_string(), "IO error: injected write error");
        assert_eq!(*watcher.seen.lock(), vec![(BackgroundErrorReason::Flush, "IO error: injected write error".to_string())]);
    }

    #[test]
    fn background_error_cleared_by_a_listener_is_not_latched() {
        let (watcher, flushed, later) = failing_flush("listener-bgerror-cleared", true);
        // The flush is retried (the injected error hits once) and the database keeps writing.
        flushed.unwrap();
        later.unwrap();
        assert_eq!(watcher.seen.lock().len(), 1);
    }
}
