//! Remote compaction (RocksDB's CompactionService): a compaction the primary planned is handed
//! to a user's service, which has it run elsewhere (a worker calling `open_and_compact`,
//! src/db/remote_compaction.rs) and hands the worker's result back; the primary then installs
//! the worker's tables as if it had written them.
//!
//! This module owns what both sides share and what needs no database: the service interface
//! (`CompactionService`, `JobInfo`, `ScheduleResponse`, `JobStatus`), the job a worker is sent
//! (`JobInput`) and the result it returns (`JobResult`) with their serialization, the
//! options a worker applies over those it loads (`OptionsOverride`), and the primary's
//! exchange with the service (`exchange`: schedule, wait, and what each status means, as
//! RocksDB's compaction_service_job.cc decides it).
//!
//! The bytes are ferrock's own format (a magic string, then varint and length-prefixed
//! fields), not RocksDB's options-string serialization of CompactionServiceInput/Result: a
//! ferrock primary needs a ferrock worker. A primary sends the whole compaction as one job
//! (RocksDB sends one per subcompaction); the worker may split it into subcompactions itself.

use super::plan::{CompactionKind, CompactionPlan};
use crate::error::{Code, Error, Result, SubCode};
use crate::key::InternalKeyComparator;
use crate::options::{CompressionType, Options};
use crate::util::coding::{get_length_prefixed_slice, get_varint64, put_length_prefixed_slice, put_varint64};
use crate::version::edit::FileMetaData;
use crate::version::version::Version;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// RocksDB's CompactionServiceJobStatus (c.h's rocksdb_compactionservice_jobstatus_*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobStatus {
    /// The job ran; its result is ready.
    Success = 0,
    /// The job failed: the compaction fails.
    Failure = 1,
    /// The job was cancelled: the compaction fails as aborted.
    Aborted = 2,
    /// The service declines: the primary runs the job itself.
    UseLocal = 3,
}

impl JobStatus {
    /// The status a C callback returned: None outside 0..=3.
    pub fn from_i32(v: i32) -> Option<JobStatus> {
        Some(match v {
            0 => JobStatus::Success,
            1 => JobStatus::Failure,
            2 => JobStatus::Aborted,
            3 => JobStatus::UseLocal,
            _ => return None,
        })
    }
}

/// RocksDB's CompactionServiceJobInfo: what the service is told about a job besides its input.
#[derive(Clone, Debug, Default)]
pub struct JobInfo {
    /// The primary's path.
    pub db_name: String,
    /// The primary's DB id (its IDENTITY).
    pub db_id: String,
    /// The primary's session id.
    pub db_session_id: String,
    /// The column family's id.
    pub cf_id: u32,
    /// The column family's name.
    pub cf_name: String,
    /// The job's number in the primary.
    pub job_id: u64,
    /// Env::Priority: 0 bottom, 1 low, 2 high, 3 user.
    pub priority: i32,
    /// RocksDB's CompactionReason value.
    pub compaction_reason: i32,
    /// Every file of the column family is an input.
    pub is_full_compaction: bool,
    /// Asked for (compact_range, compact_files), not picked.
    pub is_manual_compaction: bool,
    /// The outputs go to the last level holding data.
    pub bottommost_level: bool,
    /// The lowest level of the inputs.
    pub base_input_level: i32,
    /// The level of the outputs.
    pub output_level: i32,
}

/// RocksDB's CompactionServiceScheduleResponse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleResponse {
    /// The service's name for the job, handed back to `wait` and `on_installation`.
    pub scheduled_job_id: String,
    /// Success to wait for the job; anything else is answered as by `wait`.
    pub status: JobStatus,
}

/// RocksDB's CompactionService, as the primary calls it. `schedule` and `wait` run on the
/// thread running the compaction, without the db mutex.
pub trait CompactionService: Send + Sync {
    /// The service's name (RocksDB's Customizable name).
    fn name(&self) -> &str;
    /// Starts a job; `input` is what the worker passes to `open_and_compact`.
    fn schedule(&self, info: &JobInfo, input: &[u8]) -> ScheduleResponse;
    /// Waits for a scheduled job; on success `result` holds what `open_and_compact` returned.
    fn wait(&self, scheduled_job_id: &str, result: &mut Vec<u8>) -> JobStatus;
    /// Called when the database stops its background work (close, CancelAllBackgroundWork).
    fn cancel_awaiting_jobs(&self);
    /// After the primary took a job's result: installed (Success), not taken and run locally
    /// (UseLocal), or failed while installing (Failure).
    fn on_installation(&self, scheduled_job_id: &str, status: JobStatus);
}

const INPUT_MAGIC: &[u8] = b"ferrock-compaction-service-input-1\n";
const RESULT_MAGIC: &[u8] = b"ferrock-compaction-service-result-1\n";

/// The compaction a worker runs: which files of which column family, and everything of the
/// primary's plan the worker cannot derive (snapshots, bottommost-ness, output limits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobInput {
    pub cf_name: String,
    pub db_id: String,
    pub level: u32,
    pub output_level: u32,
    /// Table numbers of `level`, then of `output_level`.
    pub inputs: Vec<u64>,
    pub output_inputs: Vec<u64>,
    /// The primary's live snapshots, ascending.
    pub snapshots: Vec<u64>,
    pub kind: CompactionKind,
    pub bottommost: bool,
    pub max_grandparent_overlap: u64,
    pub max_subcompactions: u32,
    pub max_output_file_size: u64,
    pub output_path_id: u32,
    pub compression: Option<CompressionType>,
}

fn kind_code(k: CompactionKind) -> u64 {
    match k {
        CompactionKind::L0ToBase => 0,
        CompactionKind::IntraL0 => 1,
        CompactionKind::LevelToNext => 2,
        CompactionKind::TrivialMove => 3,
        CompactionKind::Manual => 4,
        CompactionKind::Marked => 5,
    }
}

fn kind_of(v: u64) -> Option<CompactionKind> {
    Some(match v {
        0 => CompactionKind::L0ToBase,
        1 => CompactionKind::IntraL0,
        2 => CompactionKind::LevelToNext,
        3 => CompactionKind::TrivialMove,
        4 => CompactionKind::Manual,
        5 => CompactionKind::Marked,
        _ => return None,
    })
}

/// Reads fields in the order they were written; any shortfall is `Corruption`.
struct Reader<'a> {
    src: &'a [u8],
    what: &'static str,
}

impl<'a> Reader<'a> {
    fn new(src: &'a [u8], magic: &[u8], what: &'static str) -> Result<Reader<'a>> {
        match src.strip_prefix(magic) {
            Some(rest) => Ok(Reader { src: rest, what }),
            None => Err(Error::corruption(format!("not a ferrock {what}"))),
        }
    }
    fn bad(&self) -> Error {
        Error::corruption(format!("truncated or malformed ferrock {}", self.what))
    }
    fn u64(&mut self) -> Result<u64> {
        get_varint64(&mut self.src).ok_or_else(|| self.bad())
    }
    fn u32(&mut self) -> Result<u32> {
        u32::try_from(self.u64()?).map_err(|_| self.bad())
    }
    fn bytes(&mut self) -> Result<Vec<u8>> {
        get_length_prefixed_slice(&mut self.src).map(|s| s.to_vec()).ok_or_else(|| self.bad())
    }
    fn string(&mut self) -> Result<String> {
        String::from_utf8(self.bytes()?).map_err(|_| self.bad())
    }
    fn numbers(&mut self) -> Result<Vec<u64>> {
        let n = self.u64()?;
        if n > self.src.len() as u64 {
            return Err(self.bad());
        }
        (0..n).map(|_| self.u64()).collect()
    }
    fn end(&self) -> Result<()> {
        if self.src.is_empty() {
            Ok(())
        } else {
            Err(self.bad())
        }
    }
}

fn put_numbers(dst: &mut Vec<u8>, v: &[u64]) {
    put_varint64(dst, v.len() as u64);
    for n in v {
        put_varint64(dst, *n);
    }
}

impl JobInput {
    /// The job of `plan` (which the primary has prepared: its output path id is set).
    pub fn of_plan(plan: &CompactionPlan, cf_name: &str, db_id: &str, snapshots: &[u64]) -> JobInput {
        JobInput {
            cf_name: cf_name.to_string(),
            db_id: db_id.to_string(),
            level: plan.level as u32,
            output_level: plan.output_level as u32,
            inputs: plan.inputs.iter().map(|f| f.number).collect(),
            output_inputs: plan.output_inputs.iter().map(|f| f.number).collect(),
            snapshots: snapshots.to_vec(),
            kind: plan.kind,
            bottommost: plan.bottommost,
            max_grandparent_overlap: plan.max_grandparent_overlap,
            max_subcompactions: plan.max_subcompactions,
            max_output_file_size: plan.max_output_file_size,
            output_path_id: plan.output_path_id.unwrap_or(0),
            compression: plan.compression,
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut d = INPUT_MAGIC.to_vec();
        put_length_prefixed_slice(&mut d, self.cf_name.as_bytes());
        put_length_prefixed_slice(&mut d, self.db_id.as_bytes());
        put_varint64(&mut d, self.level as u64);
        put_varint64(&mut d, self.output_level as u64);
        put_numbers(&mut d, &self.inputs);
        put_numbers(&mut d, &self.output_inputs);
        put_numbers(&mut d, &self.snapshots);
        put_varint64(&mut d, kind_code(self.kind));
        put_varint64(&mut d, self.bottommost as u64);
        put_varint64(&mut d, self.max_grandparent_overlap);
        put_varint64(&mut d, self.max_subcompactions as u64);
        put_varint64(&mut d, self.max_output_file_size);
        put_varint64(&mut d, self.output_path_id as u64);
        put_varint64(&mut d, self.compression.map_or(0, |c| c as u64 + 1));
        d
    }

    pub fn decode(src: &[u8]) -> Result<JobInput> {
        let mut r = Reader::new(src, INPUT_MAGIC, "compaction service input")?;
        let input = JobInput {
            cf_name: r.string()?,
            db_id: r.string()?,
            level: r.u32()?,
            output_level: r.u32()?,
            inputs: r.numbers()?,
            output_inputs: r.numbers()?,
            snapshots: r.numbers()?,
            kind: kind_of(r.u64()?).ok_or_else(|| r.bad())?,
            bottommost: r.u64()? != 0,
            max_grandparent_overlap: r.u64()?,
            max_subcompactions: r.u32()?,
            max_output_file_size: r.u64()?,
            output_path_id: r.u32()?,
            compression: match r.u64()? {
                0 => None,
                c => Some(u8::try_from(c - 1).ok().and_then(CompressionType::from_u8).ok_or_else(|| r.bad())?),
            },
        };
        r.end()?;
        Ok(input)
    }

    /// The plan the primary made, rebuilt over the worker's view `v` of the database: every
    /// input must be in `v` at its level.
    pub fn plan(&self, v: &Version, icmp: &InternalKeyComparator, opts: &Options) -> Result<CompactionPlan> {
        if self.inputs.is_empty() {
            return Err(Error::invalid_argument("a compaction service input names no input file"));
        }
        let find = |level: u32, numbers: &[u64]| -> Result<Vec<Arc<FileMetaData>>> {
            let files = v.levels.get(level as usize).map(|l| &l[..]).unwrap_or(&[]);
            numbers
                .iter()
                .map(|n| {
                    files.iter().find(|f| f.number == *n).cloned().ok_or_else(|| {
                        Error::invalid_argument(format!(
                            "Input file {} is not in level {level} of the database",
                            crate::version::filename::table_file_name(*n)
                        ))
                    })
                })
                .collect()
        };
        let inputs = find(self.level, &self.inputs)?;
        let output_inputs = find(self.output_level, &self.output_inputs)?;
        // Rewritten, never moved: a worker writes tables (a move is a MANIFEST edit alone).
        let kind = if self.kind == CompactionKind::TrivialMove { CompactionKind::Manual } else { self.kind };
        let mut plan = CompactionPlan::new(v, icmp, opts, kind, self.level as usize, inputs, self.output_level as usize, output_inputs)
            .with_trivial_move(false)
            .with_max_subcompactions(self.max_subcompactions)
            .with_max_output_file_size(self.max_output_file_size)
            .with_output_path_id(self.output_path_id)
            .with_compression(self.compression);
        // The primary's decisions stand (its view of the levels below is the one that counts).
        plan.bottommost = self.bottommost;
        plan.max_grandparent_overlap = self.max_grandparent_overlap;
        Ok(plan)
    }
}

const CODES: [Code; 15] = [
    Code::NotFound,
    Code::Corruption,
    Code::NotSupported,
    Code::InvalidArgument,
    Code::IOError,
    Code::MergeInProgress,
    Code::Incomplete,
    Code::ShutdownInProgress,
    Code::TimedOut,
    Code::Aborted,
    Code::Busy,
    Code::Expired,
    Code::TryAgain,
    Code::CompactionTooLarge,
    Code::ColumnFamilyDropped,
];

const SUBCODES: [SubCode; 13] = [
    SubCode::MutexTimeout,
    SubCode::LockTimeout,
    SubCode::LockLimit,
    SubCode::NoSpace,
    SubCode::Deadlock,
    SubCode::StaleFile,
    SubCode::MemoryLimit,
    SubCode::SpaceLimit,
    SubCode::PathNotFound,
    SubCode::ManualCompactionPaused,
    SubCode::Overwritten,
    SubCode::TxnNotPrepared,
    SubCode::IOFenced,
];

/// What a worker returns: its status, the directory its tables are in, and the tables
/// (numbered as the worker numbered them; the primary renumbers them when it takes them).
#[derive(Clone, Debug)]
pub struct JobResult {
    pub status: Result<()>,
    pub output_path: String,
    /// Each table with the level it belongs to.
    pub files: Vec<FileMetaData>,
    pub bytes_read: u64,
    pub bytes_written: u64,
}

impl JobResult {
    pub fn encode(&self) -> Vec<u8> {
        let mut d = RESULT_MAGIC.to_vec();
        match &self.status {
            Ok(()) => put_varint64(&mut d, 0),
            Err(e) => {
                put_varint64(&mut d, CODES.iter().position(|c| *c == e.code()).map_or(0, |i| i as u64 + 1));
                put_varint64(&mut d, e.subcode().and_then(|s| SUBCODES.iter().position(|x| *x == s)).map_or(0, |i| i as u64 + 1));
                put_length_prefixed_slice(&mut d, e.message().as_bytes());
            }
        }
        put_length_prefixed_slice(&mut d, self.output_path.as_bytes());
        put_varint64(&mut d, self.files.len() as u64);
        for f in &self.files {
            for v in [f.number, f.file_size] {
                put_varint64(&mut d, v);
            }
            put_length_prefixed_slice(&mut d, &f.smallest);
            put_length_prefixed_slice(&mut d, &f.largest);
            for v in [
                f.smallest_seqno,
                f.largest_seqno,
                f.num_entries,
                f.num_deletions,
                f.raw_key_size,
                f.raw_value_size,
                f.oldest_ancester_time,
                f.file_creation_time,
                f.epoch_number,
                f.marked_for_compaction.load(Ordering::Relaxed) as u64,
                f.path_id as u64,
            ] {
                put_varint64(&mut d, v);
            }
            put_length_prefixed_slice(&mut d, &f.file_checksum);
            put_length_prefixed_slice(&mut d, f.file_checksum_func_name.as_bytes());
        }
        put_varint64(&mut d, self.bytes_read);
        put_varint64(&mut d, self.bytes_written);
        d
    }

    pub fn decode(src: &[u8]) -> Result<JobResult> {
        let mut r = Reader::new(src, RESULT_MAGIC, "compaction service result")?;
        let status = match r.u64()? {
            0 => Ok(()),
            c => {
                let code = *CODES.get(c as usize - 1).ok_or_else(|| r.bad())?;
                let sub = match r.u64()? {
                    0 => None,
                    s => Some(*SUBCODES.get(s as usize - 1).ok_or_else(|| r.bad())?),
                };
                let msg = r.string()?;
                Err(match sub {
                    Some(s) => Error::with_subcode(code, s, msg),
                    None => Error::new(code, msg),
                })
            }
        };
        let output_path = r.string()?;
        let n = r.u64()?;
        let mut files = Vec::new();
        for _ in 0..n {
            let (number, file_size) = (r.u64()?, r.u64()?);
            let (smallest, largest) = (r.bytes()?, r.bytes()?);
            files.push(FileMetaData {
                number,
                file_size,
                smallest,
                largest,
                smallest_seqno: r.u64()?,
                largest_seqno: r.u64()?,
                num_entries: r.u64()?,
                num_deletions: r.u64()?,
                raw_key_size: r.u64()?,
                raw_value_size: r.u64()?,
                oldest_ancester_time: r.u64()?,
                file_creation_time: r.u64()?,
                epoch_number: r.u64()?,
                marked_for_compaction: AtomicBool::new(r.u64()? != 0),
                path_id: r.u32()?,
                file_checksum: r.bytes()?,
                file_checksum_func_name: r.string()?,
            });
        }
        let result = JobResult { status, output_path, files, bytes_read: r.u64()?, bytes_written: r.u64()? };
        r.end()?;
        Ok(result)
    }
}

/// How the primary's exchange with the service ended.
#[derive(Debug)]
pub enum Exchange {
    /// Run the compaction locally (kUseLocal, or a result that could not be read).
    Local,
    /// The worker's result, to install; `on_installation` is the installer's to call.
    Remote { scheduled_job_id: String, result: JobResult },
    /// The compaction fails with this.
    Failed(Error),
}

/// The primary's side of one job: schedule, wait, and what each status means, as RocksDB's
/// ProcessKeyValueCompactionWithCompactionService decides it. `log` writes to the info log.
pub fn exchange(service: &dyn CompactionService, info: &JobInfo, input: &JobInput, log: &dyn Fn(&str)) -> Exchange {
    let files: Vec<String> = input.inputs.iter().chain(&input.output_inputs).map(|n| crate::version::filename::table_file_name(*n)).collect();
    log(&format!(
        "[{}] [JOB {}] Starting remote compaction (output level: {}): {}",
        info.cf_name,
        info.job_id,
        input.output_level,
        files.join(", ")
    ));
    let response = service.schedule(info, &input.encode());
    match response.status {
        JobStatus::Success => {}
        JobStatus::Aborted => {
            log(&format!("[{}] [JOB {}] Remote compaction was aborted at Schedule()", info.cf_name, info.job_id));
            return Exchange::Failed(Error::aborted("Scheduling a remote compaction job was aborted"));
        }
        JobStatus::Failure => {
            log(&format!("[{}] [JOB {}] Remote compaction failed to start.", info.cf_name, info.job_id));
            return Exchange::Failed(Error::incomplete("CompactionService failed to schedule a remote compaction job."));
        }
        JobStatus::UseLocal => {
            log(&format!("[{}] [JOB {}] Remote compaction fallback to local by API (Schedule)", info.cf_name, info.job_id));
            return Exchange::Local;
        }
    }
    log(&format!("[{}] [JOB {}] Waiting for remote compaction...", info.cf_name, info.job_id));
    let mut bytes = Vec::new();
    let status = service.wait(&response.scheduled_job_id, &mut bytes);
    match status {
        JobStatus::UseLocal => {
            log(&format!("[{}] [JOB {}] Remote compaction fallback to local by API (Wait)", info.cf_name, info.job_id));
            return Exchange::Local;
        }
        JobStatus::Aborted => {
            log(&format!("[{}] [JOB {}] Remote compaction was aborted during Wait()", info.cf_name, info.job_id));
            return Exchange::Failed(Error::aborted("Waiting a remote compaction job was aborted"));
        }
        JobStatus::Failure => {
            log(&format!("[{}] [JOB {}] Remote compaction failed.", info.cf_name, info.job_id));
            return Exchange::Failed(match JobResult::decode(&bytes) {
                Ok(JobResult { status: Err(e), .. }) => e,
                Ok(_) => Error::incomplete("CompactionService failed to run the compaction job (even though the internal status is okay)."),
                Err(_) => Error::incomplete("CompactionService failed to run the compaction job (and no valid result is returned)."),
            });
        }
        JobStatus::Success => {}
    }
    match JobResult::decode(&bytes) {
        Ok(JobResult { status: Err(e), .. }) => Exchange::Failed(e),
        Ok(result) => {
            let names: Vec<String> = result.files.iter().map(|f| crate::version::filename::table_file_name(f.number)).collect();
            log(&format!(
                "[{}] [JOB {}] Received remote compaction result, output path: {}, files: {}",
                info.cf_name,
                info.job_id,
                result.output_path,
                names.join(", ")
            ));
            Exchange::Remote { scheduled_job_id: response.scheduled_job_id, result }
        }
        Err(e) => {
            // Nothing of the worker's was taken: the same job runs here instead.
            log(&format!(
                "[{}] [JOB {}] Failed to parse remote compaction result ({e}), falling back to local compaction",
                info.cf_name, info.job_id
            ));
            service.on_installation(&response.scheduled_job_id, JobStatus::UseLocal);
            Exchange::Local
        }
    }
}

/// RocksDB's CompactionServiceOptionsOverride: what a worker sets over the options it loads
/// from the primary's OPTIONS file (objects an OPTIONS file cannot name, and `options_map`,
/// option-string pairs applied last). A field left None keeps the loaded value.
#[derive(Clone, Default)]
pub struct OptionsOverride {
    pub comparator: Option<crate::util::comparator::Comparator>,
    pub merge_operator: Option<Arc<dyn crate::merge::MergeOperator>>,
    pub compaction_filter: Option<Arc<dyn super::CompactionFilter>>,
    pub compaction_filter_factory: Option<Arc<dyn super::CompactionFilterFactory>>,
    pub prefix_extractor: Option<Arc<dyn crate::prefix::SliceTransform>>,
    /// A block-based table factory with these options.
    pub table: Option<crate::options::BlockBasedTableOptions>,
    /// A cuckoo table factory with these options.
    pub cuckoo_table: Option<crate::table::cuckoo::CuckooTableOptions>,
    pub listeners: Vec<Arc<dyn crate::db::listener::Listener>>,
    pub stats: Option<Arc<crate::stats::Statistics>>,
    pub info_log: Option<Arc<crate::env::info_log::UserLogger>>,
    pub file_checksum_gen_factory: Option<crate::util::file_checksum::FileChecksumGenFactory>,
    pub sst_partitioner_factory: Option<super::partitioner::SstPartitionerFactory>,
    pub options_map: BTreeMap<String, String>,
}

impl OptionsOverride {
    /// `base` with the override applied.
    pub fn apply(&self, base: &Options) -> Result<Options> {
        let mut o = base.clone();
        if let Some(c) = &self.comparator {
            o.comparator = c.clone();
        }
        if let Some(m) = &self.merge_operator {
            o.merge_operator = Some(m.clone());
        }
        if let Some(f) = &self.compaction_filter {
            o.compaction_filter = Some(f.clone());
        }
        if let Some(f) = &self.compaction_filter_factory {
            o.compaction_filter_factory = Some(f.clone());
        }
        if let Some(p) = &self.prefix_extractor {
            o.prefix_extractor = Some(p.clone());
        }
        if let Some(t) = &self.table {
            o.table = t.clone();
            o.cuckoo_table = None;
            o.table_factory = crate::table::factory::TableFactory::BlockBased;
        }
        if let Some(t) = &self.cuckoo_table {
            o.cuckoo_table = Some(*t);
            o.table_factory = crate::table::factory::TableFactory::BlockBased;
        }
        o.listeners.extend(self.listeners.iter().cloned());
        if let Some(s) = &self.stats {
            o.stats = Some(s.clone());
            o.statistics = true;
        }
        if let Some(l) = &self.info_log {
            o.info_log = Some(l.clone());
        }
        if let Some(f) = self.file_checksum_gen_factory {
            o.file_checksum_gen_factory = Some(f);
        }
        if let Some(p) = self.sst_partitioner_factory {
            o.sst_partitioner_factory = Some(p);
        }
        if !self.options_map.is_empty() {
            let text: Vec<String> = self.options_map.iter().map(|(k, v)| format!("{k}={v}")).collect();
            o = crate::options::load::options_from_string(&o, &text.join(";"))?.0;
        }
        Ok(o)
    }
}

/// RocksDB's OpenAndCompactOptions.
#[derive(Clone, Copy, Default)]
pub struct OpenAndCompactOptions<'a> {
    /// Set from any thread: the worker stops with "Manual compaction paused" (checked before
    /// the job starts, every 256 entries it writes, and when it has written its tables; what
    /// it wrote is removed).
    pub canceled: Option<&'a AtomicBool>,
    /// Kept; ferrock's workers do not resume an interrupted job (they start it again).
    pub allow_resumption: bool,
}

impl OpenAndCompactOptions<'_> {
    pub fn is_canceled(&self) -> bool {
        self.canceled.is_some_and(|c| c.load(Ordering::Acquire))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> JobInput {
        JobInput {
            cf_name: "default".into(),
            db_id: "id-1".into(),
            level: 0,
            output_level: 6,
            inputs: vec![7, 9, 12],
            output_inputs: vec![3],
            snapshots: vec![5, 100],
            kind: CompactionKind::Manual,
            bottommost: true,
            max_grandparent_overlap: u64::MAX,
            max_subcompactions: 2,
            max_output_file_size: 0,
            output_path_id: 1,
            compression: Some(CompressionType::Snappy),
        }
    }

    #[test]
    fn input_round_trips_and_garbage_is_refused() {
        let i = input();
        let bytes = i.encode();
        assert_eq!(JobInput::decode(&bytes).unwrap(), i);
        let e = JobInput::decode(b"garbage").unwrap_err();
        assert_eq!(e.code(), Code::Corruption);
        assert!(JobInput::decode(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(JobInput::decode(&longer).is_err());
    }

    #[test]
    fn result_round_trips_with_files_and_errors() {
        let f = FileMetaData {
            number: 42,
            file_size: 1234,
            smallest: b"a\x01\0\0\0\0\0\0\0".to_vec(),
            largest: b"z\x01\0\0\0\0\0\0\0".to_vec(),
            smallest_seqno: 1,
            largest_seqno: 99,
            num_entries: 10,
            epoch_number: 3,
            path_id: 1,
            ..Default::default()
        };
        let r = JobResult { status: Ok(()), output_path: "/tmp/out".into(), files: vec![f], bytes_read: 5, bytes_written: 6 };
        let back = JobResult::decode(&r.encode()).unwrap();
        assert!(back.status.is_ok());
        assert_eq!(back.output_path, "/tmp/out");
        assert_eq!((back.bytes_read, back.bytes_written), (5, 6));
        let g = &back.files[0];
        assert_eq!((g.number, g.file_size, g.largest_seqno, g.num_entries, g.epoch_number, g.path_id), (42, 1234, 99, 10, 3, 1));
        assert_eq!(g.largest, r.files[0].largest);
        let failed = JobResult {
            status: Err(Error::with_subcode(Code::Incomplete, SubCode::ManualCompactionPaused, "")),
            output_path: String::new(),
            files: vec![],
            bytes_read: 0,
            bytes_written: 0,
        };
        let e = JobResult::decode(&failed.encode()).unwrap().status.unwrap_err();
        assert_eq!(e.to_string(), "Result incomplete: Manual compaction paused");
    }

    /// A service answering with fixed statuses, recording what it was called with.
    struct Fixed {
        schedule: JobStatus,
        wait: JobStatus,
        result: Vec<u8>,
        installed: parking_lot::Mutex<Vec<JobStatus>>,
    }
    impl CompactionService for Fixed {
        fn name(&self) -> &str {
            "Fixed"
        }
        fn schedule(&self, _info: &JobInfo, input: &[u8]) -> ScheduleResponse {
            assert!(JobInput::decode(input).is_ok());
            ScheduleResponse { scheduled_job_id: "job".into(), status: self.schedule }
        }
        fn wait(&self, id: &str, result: &mut Vec<u8>) -> JobStatus {
            assert_eq!(id, "job");
            result.extend_from_slice(&self.result);
            self.wait
        }
        fn cancel_awaiting_jobs(&self) {}
        fn on_installation(&self, _id: &str, status: JobStatus) {
            self.installed.lock().push(status);
        }
    }

    #[test]
    fn exchange_maps_statuses_as_rocksdb() {
        let ok = JobResult { status: Ok(()), output_path: "/o".into(), files: vec![], bytes_read: 0, bytes_written: 0 }.encode();
        let run = |schedule, wait, result: &[u8]| {
            let s = Fixed { schedule, wait, result: result.to_vec(), installed: Default::default() };
            let x = exchange(&s, &JobInfo::default(), &input(), &|_| {});
            let installed = s.installed.lock().clone();
            (x, installed)
        };
        use JobStatus::*;
        assert!(matches!(run(UseLocal, Success, &ok).0, Exchange::Local));
        assert!(matches!(run(Success, UseLocal, &ok).0, Exchange::Local));
        let failed = |x: Exchange| match x {
            Exchange::Failed(e) => e.to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(failed(run(Failure, Success, &ok).0), "Result incomplete: CompactionService failed to schedule a remote compaction job.");
        assert_eq!(failed(run(Aborted, Success, &ok).0), "Operation aborted: Scheduling a remote compaction job was aborted");
        assert_eq!(failed(run(Success, Aborted, &ok).0), "Operation aborted: Waiting a remote compaction job was aborted");
        assert!(failed(run(Success, Failure, b"junk").0).contains("no valid result is returned"));
        assert!(failed(run(Success, Failure, &ok).0).contains("even though the internal status is okay"));
        // A result that cannot be read runs the job here, and the service hears so.
        let (x, installed) = run(Success, Success, b"junk");
        assert!(matches!(x, Exchange::Local));
        assert_eq!(installed, vec![UseLocal]);
        assert!(matches!(run(Success, Success, &ok).0, Exchange::Remote { .. }));
    }
}
