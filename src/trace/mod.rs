//! RocksDB's trace files (trace_replay/ and utilities/trace/ in RocksDB): the record framing
//! every trace shares, and the three tracers that write it.
//!
//! A trace file is a sequence of records, each `fixed64 timestamp | u8 type | fixed32
//! payload length | payload` (RocksDB's TracerHelper::EncodeTrace), the first one a
//! `kTraceBegin` header. Three kinds of trace use the framing, each with its own payloads:
//! - `query`: the operations a database serves (writes, gets, iterator seeks, MultiGets),
//!   which `utilities::replayer` runs again on another database;
//! - `io`: the file operations of the database's FileSystem (`io::TracingFileSystem`);
//! - `block_cache`: the block cache lookups of the block-based table reader.
//!
//! `file` writes and reads the records to and from a file (RocksDB's FileTraceWriter and
//! FileTraceReader). `DbTracers` is what a database holds: each tracer idles behind one relaxed
//! atomic load until a trace starts, so an untraced database pays nothing more.

pub mod block_cache;
pub mod file;
pub mod io;
pub mod query;

use crate::error::{Error, Result};
use crate::util::coding::{get_fixed64, put_fixed32, put_fixed64};

/// RocksDB's kTraceMagic: the first bytes of every header's payload.
pub const TRACE_MAGIC: &str = "feedcafedeadbeef";
/// The RocksDB version a header names (kMajorVersion, kMinorVersion of 11.8.1).
pub const ROCKSDB_MAJOR_VERSION: u32 = 11;
pub const ROCKSDB_MINOR_VERSION: u32 = 8;

/// Bytes before a record's payload: timestamp, type, payload length (kTraceMetadataSize).
pub const TRACE_METADATA_SIZE: usize = 8 + 1 + 4;

/// RocksDB's TraceType (include/rocksdb/trace_record.h).
pub mod trace_type {
    pub const NONE: u8 = 0;
    pub const BEGIN: u8 = 1;
    pub const END: u8 = 2;
    pub const WRITE: u8 = 3;
    pub const GET: u8 = 4;
    pub const ITERATOR_SEEK: u8 = 5;
    pub const ITERATOR_SEEK_FOR_PREV: u8 = 6;
    pub const BLOCK_INDEX: u8 = 7;
    pub const BLOCK_FILTER: u8 = 8;
    pub const BLOCK_DATA: u8 = 9;
    pub const BLOCK_UNCOMPRESSION_DICT: u8 = 10;
    pub const BLOCK_RANGE_DELETION: u8 = 11;
    pub const IO: u8 = 12;
    pub const MULTI_GET: u8 = 13;
}

/// One record of a trace file (RocksDB's Trace).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Microseconds since the epoch for query and block cache traces; nanoseconds for the
    /// records (not the header) of an IO trace, as RocksDB's.
    pub ts: u64,
    pub kind: u8,
    pub payload: Vec<u8>,
}

impl Trace {
    /// The record as it is stored (RocksDB's TracerHelper::EncodeTrace).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(TRACE_METADATA_SIZE + self.payload.len());
        put_fixed64(&mut out, self.ts);
        out.push(self.kind);
        put_fixed32(&mut out, self.payload.len() as u32);
        out.extend_from_slice(&self.payload);
        out
    }

    /// A stored record back (RocksDB's TracerHelper::DecodeTrace, with its Incomplete texts).
    /// The payload is what follows the metadata: the reader has cut the record to its length.
    pub fn decode(mut encoded: &[u8]) -> Result<Trace> {
        let ts = get_fixed64(&mut encoded).ok_or_else(|| Error::incomplete("Decode trace string failed"))?;
        if encoded.len() < 1 + 4 {
            return Err(Error::incomplete("Decode trace string failed"));
        }
        Ok(Trace { ts, kind: encoded[0], payload: encoded[5..].to_vec() })
    }
}

/// RocksDB's TraceOptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    /// Records stop once the file is larger than this (64 GiB by default).
    pub max_trace_file_size: u64,
    /// One operation in this many is recorded (1: every one).
    pub sampling_frequency: u64,
    /// `filter::*` bits: operations of a set bit's kind are not recorded.
    pub filter: u64,
    /// Writes are recorded in the order they are applied (by the write group's leader)
    /// rather than as they arrive.
    pub preserve_write_order: bool,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions { max_trace_file_size: 64 << 30, sampling_frequency: 1, filter: filter::NONE, preserve_write_order: false }
    }
}

/// RocksDB's TraceFilterType bits (c.h's `rocksdb_trace_filter_*`).
pub mod filter {
    pub const NONE: u64 = 0;
    pub const GET: u64 = 1 << 0;
    pub const WRITE: u64 = 1 << 1;
    pub const ITERATOR_SEEK: u64 = 1 << 2;
    pub const ITERATOR_SEEK_FOR_PREV: u64 = 1 << 3;
    pub const MULTI_GET: u64 = 1 << 4;
}

/// Microseconds since the epoch (RocksDB's SystemClock::NowMicros).
pub fn now_micros() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64)
}

/// Nanoseconds since the epoch (RocksDB's SystemClock::NowNanos).
pub fn now_nanos() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// The header payload of IO and block cache traces: the magic as a length-prefixed slice,
/// then the RocksDB major and minor versions (IOTraceWriter / BlockCacheTraceWriter::WriteHeader).
pub(crate) fn versioned_header(ts: u64) -> Trace {
    let mut payload = Vec::new();
    crate::util::coding::put_length_prefixed_slice(&mut payload, TRACE_MAGIC.as_bytes());
    put_fixed32(&mut payload, ROCKSDB_MAJOR_VERSION);
    put_fixed32(&mut payload, ROCKSDB_MINOR_VERSION);
    Trace { ts, kind: trace_type::BEGIN, payload }
}

/// A trace of which at most one runs at a time (the IO and block cache traces: RocksDB answers
/// Busy to a second start): its options and file while it runs, and the flag the traced
/// operations load (relaxed) to learn whether it does.
pub struct ExclusiveTrace<O> {
    on: std::sync::atomic::AtomicBool,
    running: parking_lot::Mutex<Option<(O, file::TraceFileWriter)>>,
}

impl<O> Default for ExclusiveTrace<O> {
    fn default() -> Self {
        ExclusiveTrace { on: std::sync::atomic::AtomicBool::new(false), running: parking_lot::Mutex::new(None) }
    }
}

impl<O> ExclusiveTrace<O> {
    #[inline]
    pub fn is_on(&self) -> bool {
        self.on.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Starts the trace with `header` as its first record; Busy while one runs.
    pub fn start(&self, opts: O, mut file: file::TraceFileWriter, header: &Trace) -> Result<()> {
        let mut g = self.running.lock();
        if g.is_some() {
            return Err(Error::busy(""));
        }
        let r = file.write(&header.encode());
        *g = Some((opts, file));
        self.on.store(true, std::sync::atomic::Ordering::Relaxed);
        r
    }

    /// Ends the trace and closes its file; nothing to do when none runs.
    pub fn end(&self) -> Result<()> {
        let mut g = self.running.lock();
        self.on.store(false, std::sync::atomic::Ordering::Relaxed);
        match g.take() {
            Some((_, f)) => f.close(),
            None => Ok(()),
        }
    }

    /// Runs `f` on the running trace's options and file, if one runs.
    pub fn with(&self, f: impl FnOnce(&O, &mut file::TraceFileWriter)) {
        if let Some((o, w)) = self.running.lock().as_mut() {
            f(o, w);
        }
    }
}

/// The tracers of one database (RocksDB's DBImpl `tracer_`, `io_tracer_`, `block_cache_tracer_`).
#[derive(Default)]
pub struct DbTracers {
    pub query: query::QueryTraceSlot,
    /// Shared with the database's `io::TracingFileSystem`.
    pub io: std::sync::Arc<io::IoTracer>,
    /// Shared with the database's table readers.
    pub block_cache: std::sync::Arc<block_cache::BlockCacheTracer>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_through_its_encoding() {
        let t = Trace { ts: 0x0102030405060708, kind: trace_type::GET, payload: b"abc".to_vec() };
        let enc = t.encode();
        assert_eq!(&enc[..8], &[8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(enc[8], 4);
        assert_eq!(&enc[9..13], &[3, 0, 0, 0]);
        assert_eq!(&enc[13..], b"abc");
        assert_eq!(Trace::decode(&enc).unwrap(), t);
        assert!(Trace::decode(&enc[..10]).unwrap_err().to_string().contains("Decode trace string failed"));
    }
}
