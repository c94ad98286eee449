//! RocksDB's default Replayer (utilities/trace/replayer_impl.cc and the execution handler of
//! trace_replay/trace_record_handler.cc): runs the operations of a query trace
//! (`trace::query`) again on a database, spaced as they were traced, sped up by
//! `fast_forward`.
//!
//! `prepare` reads the header (the trace format version decides how payloads decode);
//! `replay` then runs each record: a Write writes its batch, a Get, seek or MultiGet reads
//! with default read options (a key not found is no error). Records of other kinds are
//! skipped; a column family id the replayer was not given is "Corruption: Invalid Column
//! Family ID.". With `num_threads` above 1 the records run on that many threads, each as
//! soon as its time comes, and the error reported is that of the earliest record that failed,
//! as RocksDB's.

use crate::batch::WriteBatch;
use crate::db::{ColumnFamilyHandle, Db};
use crate::error::{Code, Error, Result};
use crate::options::{ReadOptions, WriteOptions};
use crate::trace::file::TraceFileReader;
use crate::trace::query::{decode_record, parse_header, QueryRecord};
use crate::trace::{trace_type, Trace};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// RocksDB's ReplayOptions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplayOptions {
    /// 0 or 1: one thread.
    pub num_threads: u32,
    /// Above 1 replays faster than traced, below 1 slower; must be above 0.
    pub fast_forward: f64,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions { num_threads: 1, fast_forward: 1.0 }
    }
}

pub struct Replayer {
    db: Db,
    cfs: HashMap<u32, Arc<ColumnFamilyHandle>>,
    reader: Mutex<TraceFileReader>,
    prepared: bool,
    trace_end: bool,
    header_ts: u64,
    trace_version: u32,
}

impl Replayer {
    /// A replayer of the trace `reader` reads, on `db`'s column families `handles` (the
    /// default family when empty).
    pub fn new(db: Db, handles: Vec<Arc<ColumnFamilyHandle>>, reader: TraceFileReader) -> Replayer {
        let handles = if handles.is_empty() { vec![db.default_column_family()] } else { handles };
        let cfs = handles.into_iter().map(|h| (h.id(), h)).collect();
        Replayer { db, cfs, reader: Mutex::new(reader), prepared: false, trace_end: false, header_ts: 0, trace_version: 0 }
    }

    /// Reads the trace's header from its start (again, if called twice).
    pub fn prepare(&mut self) -> Result<()> {
        let header = {
            let mut r = self.reader.lock();
            r.reset()?;
            Trace::decode(&r.read()?)?
        };
        let (version, _db_version) = parse_header(&header)?;
        self.trace_version = version;
        self.header_ts = header.ts;
        self.prepared = true;
        self.trace_end = false;
        Ok(())
    }

    /// The header's timestamp (0 before `prepare`).
    pub fn header_timestamp(&self) -> u64 {
        self.header_ts
    }

    fn read_trace(&self) -> Result<Trace> {
        let enc = self.reader.lock().read()?;
        Trace::decode(&enc)
    }

    fn check_ready(&self) -> Result<()> {
        if !self.prepared {
            return Err(Error::incomplete("Not prepared!"));
        }
        if self.trace_end {
            return Err(Error::incomplete("Trace end."));
        }
        Ok(())
    }

    /// The next operation of the trace (Replayer::Next); "Trace end." after the footer.
    pub fn next(&mut self) -> Result<QueryRecord> {
        self.check_ready()?;
        let t = self.read_trace()?;
        if t.kind == trace_type::END {
            self.trace_end = true;
            return Err(Error::incomplete("Trace end."));
        }
        decode_record(&t, self.trace_version)
    }

    /// Runs one operation on the database (Replayer::Execute).
    pub fn execute(&self, record: &QueryRecord) -> Result<()> {
        execute(&self.db, &self.cfs, record)
    }

    /// Runs the rest of the trace (Replayer::Replay). Reaching the end of the trace, with or
    /// without its footer, is success.
    pub fn replay(&mut self, opts: &ReplayOptions) -> Result<()> {
        if opts.fast_forward <= 0.0 {
            return Err(Error::invalid_argument("Wrong fast forward speed!"));
        }
        self.check_ready()?;
        let epoch = Instant::now();
        let due = |ts: u64, header_ts: u64| {
            let micros = (ts.saturating_sub(header_ts) as f64 / opts.fast_forward).round() as u64;
            let at = epoch + Duration::from_micros(micros);
            if let Some(wait) = at.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
        };
        let r = if opts.num_threads <= 1 {
            self.replay_in_order(&due)
        } else {
            self.replay_on_threads(opts.num_threads as usize, &due)
        };
        match r {
            Err(e) if e.code() == Code::Incomplete => {
                self.trace_end = true;
                Ok(())
            }
            r => r,
        }
    }

    fn replay_in_order(&mut self, due: &dyn Fn(u64, u64)) -> Result<()> {
        loop {
            let t = self.read_trace()?;
            if t.kind == trace_type::END {
                self.trace_end = true;
                return Err(Error::incomplete("Trace end."));
            }
            let record = decode_record(&t, self.trace_version);
            due(t.ts, self.header_ts);
            match record {
                Err(e) if e.code() == Code::NotSupported => continue,
                Err(e) => return Err(e),
                Ok(rec) => self.execute(&rec)?,
            }
        }
    }

    fn replay_on_threads(&mut self, threads: usize, due: &dyn Fn(u64, u64)) -> Result<()> {
        // The error of the earliest traced record that failed.
        let first_error: Mutex<Option<(u64, Error)>> = Mutex::new(None);
        let (tx, rx) = std::sync::mpsc::channel::<Trace>();
        let rx = Mutex::new(rx);
        let (db, cfs, version) = (&self.db, &self.cfs, self.trace_version);
        let this = &*self;
        let read = std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    let Ok(t) = rx.lock().recv() else { return };
                    if let Err(e) = decode_record(&t, version).and_then(|rec| execute(db, cfs, &rec)) {
                        let mut g = first_error.lock();
                        if g.as_ref().map_or(true, |(ts, _)| t.ts < *ts) {
                            *g = Some((t.ts, e));
                        }
                    }
                });
            }
            let r = loop {
                if first_error.lock().is_some() {
                    break Ok(());
                }
                let t = match this.read_trace() {
                    Ok(t) => t,
                    Err(e) => break Err(e),
                };
                if t.kind == trace_type::END {
                    break Err(Error::incomplete("Trace end."));
                }
                due(t.ts, this.header_ts);
                if matches!(
                    t.kind,
                    trace_type::WRITE | trace_type::GET | trace_type::ITERATOR_SEEK | trace_type::ITERATOR_SEEK_FOR_PREV | trace_type::MULTI_GET
                ) {
                    let _ = tx.send(t);
                }
            };
            drop(tx);
            r
        });
        match first_error.into_inner() {
            Some((_, e)) => Err(e),
            None => read,
        }
    }
}

fn family<'a>(cfs: &'a HashMap<u32, Arc<ColumnFamilyHandle>>, id: u32) -> Result<&'a ColumnFamilyHandle> {
    cfs.get(&id).map(|h| h.as_ref()).ok_or_else(|| Error::corruption("Invalid Column Family ID."))
}

/// Not found is no error for a replayed read.
fn found_or_not(r: Result<Option<Vec<u8>>>) -> Result<()> {
    match r {
        Ok(_) => Ok(()),
        Err(e) if e.is_not_found() => Ok(()),
        Err(e) => Err(e),
    }
}

fn execute(db: &Db, cfs: &HashMap<u32, Arc<ColumnFamilyHandle>>, record: &QueryRecord) -> Result<()> {
    match record {
        QueryRecord::Write { batch, .. } => db.write_batch(&WriteOptions::default(), WriteBatch::from_data(batch)?),
        QueryRecord::Get { cf_id, key, .. } => found_or_not(db.get_cf(&ReadOptions::new(), family(cfs, *cf_id)?, key)),
        QueryRecord::Seek { for_prev, cf_id, key, lower, upper, .. } => {
            let ro = ReadOptions {
                iterate_lower_bound: (!lower.is_empty()).then(|| lower.clone()),
                iterate_upper_bound: (!upper.is_empty()).then(|| upper.clone()),
                ..ReadOptions::new()
            };
            let mut it = db.iter_cf(&ro, family(cfs, *cf_id)?)?;
            if *for_prev {
                it.seek_for_prev(key);
            } else {
                it.seek(key);
            }
            it.status()
        }
        QueryRecord::MultiGet { cf_ids, keys, .. } => {
            if cf_ids.is_empty() || keys.is_empty() {
                return Err(Error::invalid_argument("Empty MultiGet cf_ids or keys."));
            }
            if cf_ids.len() != keys.len() {
                return Err(Error::invalid_argument("MultiGet cf_ids and keys size mismatch."));
            }
            let mut pairs = Vec::with_capacity(keys.len());
            for (id, k) in cf_ids.iter().zip(keys) {
                pairs.push((family(cfs, *id)?, &k[..]));
            }
            db.multi_get_cf(&ReadOptions::new(), &pairs).into_iter().try_for_each(found_or_not)
        }
    }
}
