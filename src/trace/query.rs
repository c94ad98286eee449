//! The query trace (RocksDB's Tracer and TracerHelper, trace_replay/trace_replay.cc): a header
//! naming the trace format 0.2 and the RocksDB version, one record per traced Write, Get,
//! iterator Seek / SeekForPrev and MultiGet, and a footer when the trace ends.
//!
//! Each operation's payload starts with a fixed64 "payload map", one bit per field that
//! follows, in bit order (RocksDB's TracePayloadType): a Write carries its batch's bytes
//! (RocksDB's WriteBatch rep, the same as ferrock's), a Get its column family id and key,
//! a seek its column family, key and the bounds that are set, a MultiGet its size, then the
//! column family ids and the keys, each list one length-prefixed slice.
//!
//! Sampling and filtering are RocksDB's: operations of a filtered kind are dropped, then one
//! in `sampling_frequency` of the others is kept; nothing more is recorded once the file is
//! past `max_trace_file_size`.

use super::file::TraceFileWriter;
use super::{filter, now_micros, trace_type, Trace, TraceOptions, TRACE_MAGIC};
use crate::error::{Error, Result};
use crate::util::coding::{get_fixed32, get_fixed64, get_length_prefixed_slice, put_fixed32, put_fixed64, put_length_prefixed_slice};
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The trace format this tracer writes (kTraceFileMajorVersion.kTraceFileMinorVersion).
pub const TRACE_FILE_MAJOR_VERSION: u32 = 0;
pub const TRACE_FILE_MINOR_VERSION: u32 = 2;

/// RocksDB's TracePayloadType: the bit of each payload field.
mod payload {
    pub const WRITE_BATCH_DATA: u32 = 1;
    pub const GET_CF_ID: u32 = 2;
    pub const GET_KEY: u32 = 3;
    pub const ITER_CF_ID: u32 = 4;
    pub const ITER_KEY: u32 = 5;
    pub const ITER_LOWER_BOUND: u32 = 6;
    pub const ITER_UPPER_BOUND: u32 = 7;
    pub const MULTI_GET_SIZE: u32 = 8;
    pub const MULTI_GET_CF_IDS: u32 = 9;
    pub const MULTI_GET_KEYS: u32 = 10;
}

fn bits(fields: &[u32]) -> u64 {
    fields.iter().fold(0, |m, &b| m | (1u64 << b))
}

/// The header's payload text (Tracer::WriteHeader).
pub fn header_text() -> String {
    format!(
        "{TRACE_MAGIC}\tTrace Version: {TRACE_FILE_MAJOR_VERSION}.{TRACE_FILE_MINOR_VERSION}\tRocksDB Version: {}.{}\tFormat: Timestamp OpType Payload\n",
        super::ROCKSDB_MAJOR_VERSION,
        super::ROCKSDB_MINOR_VERSION
    )
}

/// Records operations into a trace file.
pub struct QueryTracer {
    opts: TraceOptions,
    writer: TraceFileWriter,
    /// Operations counted toward the next sample.
    requests: u64,
    /// The first failed write: every later record answers it (Tracer::trace_write_status_).
    failed: Option<Error>,
}

impl QueryTracer {
    /// Starts a trace with its header (a failure to write it is latched, as RocksDB's).
    pub fn start(opts: TraceOptions, writer: TraceFileWriter) -> QueryTracer {
        let mut t = QueryTracer { opts, writer, requests: 0, failed: None };
        let header = Trace { ts: now_micros(), kind: trace_type::BEGIN, payload: header_text().into_bytes() };
        let _ = t.write_trace(&header);
        t
    }

    pub fn preserve_write_order(&self) -> bool {
        self.opts.preserve_write_order
    }

    /// Tracer::ShouldSkipTrace: past the size limit, filtered out, or not this sample.
    fn should_skip(&mut self, kind: u8) -> bool {
        if self.writer.file_size() > self.opts.max_trace_file_size {
            return true;
        }
        let mask = match kind {
            trace_type::WRITE => filter::WRITE,
            trace_type::GET => filter::GET,
            trace_type::ITERATOR_SEEK => filter::ITERATOR_SEEK,
            trace_type::ITERATOR_SEEK_FOR_PREV => filter::ITERATOR_SEEK_FOR_PREV,
            trace_type::MULTI_GET => filter::MULTI_GET,
            _ => filter::NONE,
        };
        if mask != filter::NONE && self.opts.filter & mask != 0 {
            return true;
        }
        self.requests += 1;
        if self.requests < self.opts.sampling_frequency {
            return true;
        }
        self.requests = 0;
        false
    }

    fn write_trace(&mut self, t: &Trace) -> Result<()> {
        if let Some(e) = &self.failed {
            return Err(Error::incomplete(format!("Tracing has seen error: {e}")));
        }
        let r = self.writer.write(&t.encode());
        if let Err(e) = &r {
            self.failed = Some(e.clone());
        }
        r
    }

    fn record(&mut self, kind: u8, build: impl FnOnce(&mut Vec<u8>)) -> Result<()> {
        if self.should_skip(kind) {
            return Ok(());
        }
        let ts = now_micros();
        let mut p = Vec::new();
        build(&mut p);
        self.write_trace(&Trace { ts, kind, payload: p })
    }

    /// A write of the batch whose bytes are `batch_data`.
    pub fn write(&mut self, batch_data: &[u8]) -> Result<()> {
        self.record(trace_type::WRITE, |p| {
            put_fixed64(p, bits(&[payload::WRITE_BATCH_DATA]));
            put_length_prefixed_slice(p, batch_data);
        })
    }

    pub fn get(&mut self, cf_id: u32, key: &[u8]) -> Result<()> {
        self.record(trace_type::GET, |p| {
            put_fixed64(p, bits(&[payload::GET_CF_ID, payload::GET_KEY]));
            put_fixed32(p, cf_id);
            put_length_prefixed_slice(p, key);
        })
    }

    /// An iterator's Seek (or SeekForPrev); empty bounds are the unset ones.
    pub fn iterator_seek(&mut self, for_prev: bool, cf_id: u32, key: &[u8], lower: &[u8], upper: &[u8]) -> Result<()> {
        let kind = if for_prev { trace_type::ITERATOR_SEEK_FOR_PREV } else { trace_type::ITERATOR_SEEK };
        self.record(kind, |p| {
            let mut map = bits(&[payload::ITER_CF_ID, payload::ITER_KEY]);
            if !lower.is_empty() {
                map |= bits(&[payload::ITER_LOWER_BOUND]);
            }
            if !upper.is_empty() {
                map |= bits(&[payload::ITER_UPPER_BOUND]);
            }
            put_fixed64(p, map);
            put_fixed32(p, cf_id);
            put_length_prefixed_slice(p, key);
            for b in [lower, upper] {
                if !b.is_empty() {
                    put_length_prefixed_slice(p, b);
                }
            }
        })
    }

    /// A MultiGet of `keys`, each with its column family id (nothing for none).
    pub fn multi_get(&mut self, keys: &[(u32, &[u8])]) -> Result<()> {
        if keys.is_empty() {
            return Ok(());
        }
        self.record(trace_type::MULTI_GET, |p| {
            let mut cf_ids = Vec::with_capacity(keys.len() * 4);
            let mut key_bytes = Vec::new();
            for (cf, k) in keys {
                put_fixed32(&mut cf_ids, *cf);
                put_length_prefixed_slice(&mut key_bytes, k);
            }
            put_fixed64(p, bits(&[payload::MULTI_GET_SIZE, payload::MULTI_GET_CF_IDS, payload::MULTI_GET_KEYS]));
            put_fixed32(p, keys.len() as u32);
            put_length_prefixed_slice(p, &cf_ids);
            put_length_prefixed_slice(p, &key_bytes);
        })
    }

    /// Ends the trace: the footer (a kTraceEnd record with an empty payload; RocksDB's
    /// kEmptyPayload bit is set in a map it does not write), then the file is closed.
    pub fn close(mut self) -> Result<()> {
        let footer = Trace { ts: now_micros(), kind: trace_type::END, payload: Vec::new() };
        let r = self.write_trace(&footer);
        let closed = self.writer.close();
        r.and(closed)
    }
}

/// A database's query tracer (DBImpl::tracer_ and trace_mutex_): `is_on` is the one relaxed
/// load the traced operations pay while no trace runs.
#[derive(Default)]
pub struct QueryTraceSlot {
    on: AtomicBool,
    tracer: Mutex<Option<QueryTracer>>,
}

impl QueryTraceSlot {
    #[inline]
    pub fn is_on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// Starts tracing with `t`; a trace already running is dropped without its footer, as
    /// RocksDB's StartTrace replaces its tracer.
    pub fn start(&self, t: QueryTracer) {
        let mut g = self.tracer.lock();
        *g = Some(t);
        self.on.store(true, Ordering::Relaxed);
    }

    /// Ends the trace with its footer; "IO error: No trace file to close" without one.
    pub fn end(&self) -> Result<()> {
        let mut g = self.tracer.lock();
        self.on.store(false, Ordering::Relaxed);
        match g.take() {
            Some(t) => t.close(),
            None => Err(Error::io("No trace file to close")),
        }
    }

    /// Runs `f` on the tracer, if a trace runs. Trace failures never fail the operation traced
    /// (RocksDB ignores them too); the footer reports them.
    pub fn with(&self, f: impl FnOnce(&mut QueryTracer) -> Result<()>) {
        if let Some(t) = self.tracer.lock().as_mut() {
            let _ = f(t);
        }
    }

    /// A write of `batch_data`, recorded where the trace wants it: on arrival (`in_order`
    /// false) or by the write group's leader in the order writes are applied (`in_order` true)
    /// with `preserve_write_order`.
    pub fn write(&self, batch_data: &[u8], in_order: bool) {
        self.with(|t| if t.preserve_write_order() == in_order { t.write(batch_data) } else { Ok(()) })
    }
}

/// One operation of a query trace, decoded (RocksDB's TraceRecord subclasses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryRecord {
    Write { ts: u64, batch: Vec<u8> },
    Get { ts: u64, cf_id: u32, key: Vec<u8> },
    Seek { ts: u64, for_prev: bool, cf_id: u32, key: Vec<u8>, lower: Vec<u8>, upper: Vec<u8> },
    MultiGet { ts: u64, cf_ids: Vec<u32>, keys: Vec<Vec<u8>> },
}

/// The trace format and RocksDB versions a query trace's header names, each as its digits
/// read as one number ("0.2" is 2, "11.8" is 118: TracerHelper::ParseTraceHeader).
pub fn parse_header(header: &Trace) -> Result<(u32, u32)> {
    if header.kind != trace_type::BEGIN {
        return Err(Error::corruption("Corrupted trace file. Incorrect header."));
    }
    if !header.payload.starts_with(TRACE_MAGIC.as_bytes()) {
        return Err(Error::corruption("Corrupted trace file. Incorrect magic."));
    }
    let text = String::from_utf8_lossy(&header.payload);
    let fields: Vec<&str> = text.split('\t').collect();
    let field = |i: usize, prefix: &str| -> Result<u32> {
        let v = fields
            .get(i)
            .and_then(|f| f.strip_prefix(prefix))
            .ok_or_else(|| Error::corruption("Corrupted trace file. Incorrect header."))?;
        parse_version(v)
    };
    Ok((field(1, "Trace Version: ")?, field(2, "RocksDB Version: ")?))
}

/// TracerHelper::ParseVersionStr: exactly one dot, digits otherwise.
fn parse_version(v: &str) -> Result<u32> {
    if v.matches('.').count() != 1 {
        return Err(Error::corruption("Corrupted trace file. Incorrect version format."));
    }
    let mut n: u32 = 0;
    for c in v.chars().filter(|&c| c != '.') {
        let d = c.to_digit(10).ok_or_else(|| Error::corruption("Corrupted trace file. Incorrect version format"))?;
        n = n.wrapping_mul(10).wrapping_add(d);
    }
    Ok(n)
}

fn cut() -> Error {
    Error::corruption("Corrupted trace file.")
}

/// The fields of a version-2 payload, in the order of the bits of its map.
fn each_field(payload: &[u8], mut f: impl FnMut(u32, &mut &[u8]) -> Result<()>) -> Result<()> {
    let mut buf = payload;
    let mut map = get_fixed64(&mut buf).ok_or_else(cut)?;
    while map != 0 {
        let bit = map.trailing_zeros();
        f(bit, &mut buf)?;
        map &= map - 1;
    }
    Ok(())
}

/// A record of an operation (TracerHelper::DecodeTraceRecord for trace format `version`);
/// NotSupported("Unsupported trace type.") for any other record.
pub fn decode_record(t: &Trace, version: u32) -> Result<QueryRecord> {
    let slice = |buf: &mut &[u8]| get_length_prefixed_slice(buf).map(|s| s.to_vec()).ok_or_else(cut);
    let fixed32 = |buf: &mut &[u8]| get_fixed32(buf).ok_or_else(cut);
    let ts = t.ts;
    match t.kind {
        trace_type::WRITE if version < 2 => Ok(QueryRecord::Write { ts, batch: t.payload.clone() }),
        trace_type::WRITE => {
            let mut batch = Vec::new();
            each_field(&t.payload, |bit, buf| {
                if bit == payload::WRITE_BATCH_DATA {
                    batch = slice(buf)?;
                }
                Ok(())
            })?;
            Ok(QueryRecord::Write { ts, batch })
        }
        trace_type::GET | trace_type::ITERATOR_SEEK | trace_type::ITERATOR_SEEK_FOR_PREV => {
            let (mut cf_id, mut key, mut lower, mut upper) = (0, Vec::new(), Vec::new(), Vec::new());
            if version < 2 {
                let mut buf = &t.payload[..];
                cf_id = fixed32(&mut buf)?;
                key = slice(&mut buf)?;
            } else {
                each_field(&t.payload, |bit, buf| {
                    match bit {
                        payload::GET_CF_ID | payload::ITER_CF_ID => cf_id = fixed32(buf)?,
                        payload::GET_KEY | payload::ITER_KEY => key = slice(buf)?,
                        payload::ITER_LOWER_BOUND => lower = slice(buf)?,
                        payload::ITER_UPPER_BOUND => upper = slice(buf)?,
                        _ => {}
                    }
                    Ok(())
                })?;
            }
            if t.kind == trace_type::GET {
                Ok(QueryRecord::Get { ts, cf_id, key })
            } else {
                Ok(QueryRecord::Seek { ts, for_prev: t.kind == trace_type::ITERATOR_SEEK_FOR_PREV, cf_id, key, lower, upper })
            }
        }
        trace_type::MULTI_GET => {
            if version < 2 {
                return Err(Error::corruption("MultiGet is not supported."));
            }
            let (mut size, mut ids, mut key_bytes) = (0u32, Vec::new(), Vec::new());
            each_field(&t.payload, |bit, buf| {
                match bit {
                    payload::MULTI_GET_SIZE => size = fixed32(buf)?,
                    payload::MULTI_GET_CF_IDS => ids = slice(buf)?,
                    payload::MULTI_GET_KEYS => key_bytes = slice(buf)?,
                    _ => {}
                }
                Ok(())
            })?;
            if size == 0 {
                return Err(Error::invalid_argument("Empty MultiGet cf_ids or keys."));
            }
            let (mut ids_buf, mut keys_buf) = (&ids[..], &key_bytes[..]);
            let mut cf_ids = Vec::with_capacity(size as usize);
            let mut keys = Vec::with_capacity(size as usize);
            for _ in 0..size {
                cf_ids.push(fixed32(&mut ids_buf)?);
                keys.push(slice(&mut keys_buf)?);
            }
            Ok(QueryRecord::MultiGet { ts, cf_ids, keys })
        }
        _ => Err(Error::not_supported("Unsupported trace type.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::file::{TraceFileReader, TraceFileWriter};

    fn traced(opts: TraceOptions, ops: impl FnOnce(&mut QueryTracer)) -> Vec<Trace> {
        let dir = crate::util::testutil::TempDir::created("query_trace");
        let fs = crate::env::default_fs();
        let path = dir.0.join("q.trace");
        let mut t = QueryTracer::start(opts, TraceFileWriter::create(fs.as_ref(), &path).unwrap());
        ops(&mut t);
        t.close().unwrap();
        let mut r = TraceFileReader::open(fs.as_ref(), &path).unwrap();
        let mut out = Vec::new();
        while let Ok(enc) = r.read() {
            out.push(Trace::decode(&enc).unwrap());
        }
        out
    }

    /// The bytes RocksDB's Tracer writes for each operation, checked field by field.
    #[test]
    fn each_operation_is_rocksdbs_record() {
        let records = traced(TraceOptions::default(), |t| {
            t.write(b"batch-bytes").unwrap();
            t.get(3, b"k").unwrap();
            t.iterator_seek(false, 1, b"s", b"", b"up").unwrap();
            t.iterator_seek(true, 2, b"p", b"lo", b"").unwrap();
            t.multi_get(&[(0, b"a"), (5, b"bc")]).unwrap();
        });
        assert_eq!(records.len(), 7);
        let header = &records[0];
        assert_eq!(header.kind, trace_type::BEGIN);
        assert_eq!(
            String::from_utf8(header.payload.clone()).unwrap(),
            "feedcafedeadbeef\tTrace Version: 0.2\tRocksDB Version: 11.8\tFormat: Timestamp OpType Payload\n"
        );
        assert_eq!(parse_header(header).unwrap(), (2, 118));

        let w = &records[1];
        assert_eq!(w.kind, trace_type::WRITE);
        let mut want = vec![2, 0, 0, 0, 0, 0, 0, 0, 11];
        want.extend_from_slice(b"batch-bytes");
        assert_eq!(w.payload, want);

        let g = &records[2];
        assert_eq!(g.kind, trace_type::GET);
        assert_eq!(g.payload, vec![12, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, b'k']);

        let s = &records[3];
        assert_eq!(s.kind, trace_type::ITERATOR_SEEK);
        assert_eq!(s.payload, vec![0xb0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, b's', 2, b'u', b'p']);
        let p = &records[4];
        assert_eq!(p.kind, trace_type::ITERATOR_SEEK_FOR_PREV);
        assert_eq!(p.payload, vec![0x70, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, b'p', 2, b'l', b'o']);

        let m = &records[5];
        assert_eq!(m.kind, trace_type::MULTI_GET);
        let want = vec![0, 7, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0, 0, 5, 0, 0, 0, 5, 1, b'a', 2, b'b', b'c'];
        assert_eq!(m.payload, want);

        let end = &records[6];
        assert_eq!(end.kind, trace_type::END);
        assert!(end.payload.is_empty());
        // Timestamps never go back.
        assert!(records.windows(2).all(|w| w[0].ts <= w[1].ts));

        assert_eq!(decode_record(w, 2).unwrap(), QueryRecord::Write { ts: w.ts, batch: b"batch-bytes".to_vec() });
        assert_eq!(decode_record(g, 2).unwrap(), QueryRecord::Get { ts: g.ts, cf_id: 3, key: b"k".to_vec() });
        assert_eq!(
            decode_record(s, 2).unwrap(),
            QueryRecord::Seek { ts: s.ts, for_prev: false, cf_id: 1, key: b"s".to_vec(), lower: vec![], upper: b"up".to_vec() }
        );
        assert_eq!(
            decode_record(p, 2).unwrap(),
            QueryRecord::Seek { ts: p.ts, for_prev: true, cf_id: 2, key: b"p".to_vec(), lower: b"lo".to_vec(), upper: vec![] }
        );
        assert_eq!(
            decode_record(m, 2).unwrap(),
            QueryRecord::MultiGet { ts: m.ts, cf_ids: vec![0, 5], keys: vec![b"a".to_vec(), b"bc".to_vec()] }
        );
        assert_eq!(decode_record(end, 2).unwrap_err().to_string(), "Not implemented: Unsupported trace type.");
    }

    #[test]
    fn filtered_and_unsampled_operations_are_not_recorded() {
        let opts = TraceOptions { filter: filter::GET | filter::MULTI_GET, ..Default::default() };
        let kinds: Vec<u8> = traced(opts, |t| {
            t.get(0, b"a").unwrap();
            t.write(b"w").unwrap();
            t.multi_get(&[(0, b"a")]).unwrap();
        })
        .iter()
        .map(|r| r.kind)
        .collect();
        assert_eq!(kinds, vec![trace_type::BEGIN, trace_type::WRITE, trace_type::END]);

        // One in three: the third, sixth, ...
        let opts = TraceOptions { sampling_frequency: 3, ..Default::default() };
        let keys: Vec<Vec<u8>> = traced(opts, |t| {
            for k in 0u8..7 {
                t.get(0, &[k]).unwrap();
            }
        })
        .iter()
        .filter(|r| r.kind == trace_type::GET)
        .map(|r| match decode_record(r, 2).unwrap() {
            QueryRecord::Get { key, .. } => key,
            other => panic!("{other:?}"),
        })
        .collect();
        assert_eq!(keys, vec![vec![2], vec![5]]);
    }

    #[test]
    fn nothing_more_is_recorded_past_the_size_limit() {
        let opts = TraceOptions { max_trace_file_size: 200, ..Default::default() };
        let records = traced(opts, |t| {
            for _ in 0..20 {
                t.write(&[7u8; 40]).unwrap();
            }
        });
        let writes = records.iter().filter(|r| r.kind == trace_type::WRITE).count();
        // The header is 104 bytes, each write 62: two fit under 200, the third starts past it.
        assert_eq!(writes, 2);
        assert_eq!(records.last().unwrap().kind, trace_type::END);
    }

    #[test]
    fn headers_of_other_files_are_refused() {
        let bad_kind = Trace { ts: 1, kind: trace_type::GET, payload: header_text().into_bytes() };
        assert_eq!(parse_header(&bad_kind).unwrap_err().to_string(), "Corruption: Corrupted trace file. Incorrect header.");
        let bad_magic = Trace { ts: 1, kind: trace_type::BEGIN, payload: b"cafe".to_vec() };
        assert_eq!(parse_header(&bad_magic).unwrap_err().to_string(), "Corruption: Corrupted trace file. Incorrect magic.");
        let old = Trace { ts: 1, kind: trace_type::BEGIN, payload: format!("{TRACE_MAGIC}\tTrace Version: 0.1\tRocksDB Version: 6.2\tFormat\n").into_bytes() };
        assert_eq!(parse_header(&old).unwrap(), (1, 62));
        // Version 1 payloads: a Get is its column family and key, a Write its batch.
        let mut p = Vec::new();
        put_fixed32(&mut p, 4);
        put_length_prefixed_slice(&mut p, b"key");
        let get = Trace { ts: 9, kind: trace_type::GET, payload: p };
        assert_eq!(decode_record(&get, 1).unwrap(), QueryRecord::Get { ts: 9, cf_id: 4, key: b"key".to_vec() });
    }
}
