//! The IO trace (RocksDB's IOTracer and FileSystemTracingWrapper, trace_replay/io_tracer.cc
//! and env/file_system_tracer.cc): every file operation of a database's FileSystem while a
//! trace runs, one `kIOTracer` record each.
//!
//! A database always reads and writes through `TracingFileSystem`, which wraps each file it
//! opens (so a table opened before the trace started is traced too); while no trace runs,
//! each operation costs one relaxed atomic load more. The operations recorded are RocksDB's:
//! NewWritableFile, ReopenWritableFile, NewRandomAccessFile, NewSequentialFile, GetChildren,
//! DeleteFile, CreateDirIfMissing, DeleteDir, GetFileSize, and on files Append, Close and
//! Read. Like RocksDB's wrapper, renames, links, existence checks, locks and directory syncs
//! pass through unrecorded; so do a writable file's flush and sync (RocksDB records them on
//! none of its file kinds but the random read-write one, which ferrock does not have) and
//! its size, which ferrock's writers ask for as bookkeeping, not as a file operation.
//!
//! A record's payload: fixed64 `io_op_data` (which of file size, length, offset follow:
//! bits 0, 1, 2), the operation's name, fixed64 latency in nanoseconds, the status text
//! ("OK"), the file's name without its directory (each length-prefixed), the fields
//! `io_op_data` names, then a fixed64 0 (no request id). Timestamps are nanoseconds.

use super::file::TraceFileWriter;
use super::{now_micros, now_nanos, trace_type, versioned_header, ExclusiveTrace, Trace, TraceOptions};
use crate::env::{FileLock, FileSystem, RandomAccessFile, SequentialFile, WritableFile};
use crate::error::Result;
use crate::util::coding::{put_fixed64, put_length_prefixed_slice};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// RocksDB's IOTraceOp bits of `io_op_data`.
const IO_FILE_SIZE: u64 = 1 << 0;
const IO_LEN: u64 = 1 << 1;
const IO_OFFSET: u64 = 1 << 2;

/// What one traced operation reports besides its name and status.
#[derive(Clone, Copy, Default)]
pub struct IoFields {
    pub file_size: Option<u64>,
    pub len: Option<u64>,
    pub offset: Option<u64>,
}

/// One IO trace record's payload (IOTraceWriter::WriteIOOp).
pub fn encode_io_record(op: &str, latency_ns: u64, status: &str, file_name: &str, f: IoFields) -> Vec<u8> {
    let mut map = 0;
    for (bit, v) in [(IO_FILE_SIZE, f.file_size), (IO_LEN, f.len), (IO_OFFSET, f.offset)] {
        if v.is_some() {
            map |= bit;
        }
    }
    let mut p = Vec::with_capacity(64 + file_name.len());
    put_fixed64(&mut p, map);
    put_length_prefixed_slice(&mut p, op.as_bytes());
    put_fixed64(&mut p, latency_ns);
    put_length_prefixed_slice(&mut p, status.as_bytes());
    put_length_prefixed_slice(&mut p, file_name.as_bytes());
    for v in [f.file_size, f.len, f.offset].into_iter().flatten() {
        put_fixed64(&mut p, v);
    }
    // trace_data: no IODebugContext fields.
    put_fixed64(&mut p, 0);
    p
}

/// A database's IO tracer (DBImpl::io_tracer_).
#[derive(Default)]
pub struct IoTracer {
    trace: ExclusiveTrace<TraceOptions>,
}

impl IoTracer {
    #[inline]
    pub fn is_on(&self) -> bool {
        self.trace.is_on()
    }

    /// Starts a trace (its header first); Busy while one runs.
    pub fn start(&self, opts: TraceOptions, file: TraceFileWriter) -> Result<()> {
        self.trace.start(opts, file, &versioned_header(now_micros()))
    }

    /// Ends the trace (nothing to do when none runs).
    pub fn end(&self) -> Result<()> {
        self.trace.end()
    }

    /// Records one operation; a trace write failure is dropped, as RocksDB's.
    pub fn record(&self, op: &str, latency_ns: u64, status: &str, path: &str, fields: IoFields) {
        self.trace.with(|opts, file| {
            if file.file_size() > opts.max_trace_file_size {
                return;
            }
            let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
            let t = Trace { ts: now_nanos(), kind: trace_type::IO, payload: encode_io_record(op, latency_ns, status, name, fields) };
            let _ = file.write(&t.encode());
        });
    }

    /// Runs `f` and records it as `op` on `path` when a trace runs.
    #[inline]
    fn traced<T>(&self, op: &str, path: &Path, fields: impl FnOnce(&Result<T>) -> IoFields, f: impl FnOnce() -> Result<T>) -> Result<T> {
        if !self.is_on() {
            return f();
        }
        let start = Instant::now();
        let r = f();
        let latency = start.elapsed().as_nanos() as u64;
        self.record(op, latency, &status_text(&r), &path.to_string_lossy(), fields(&r));
        r
    }
}

/// IOStatus::ToString: "OK" or the error's RocksDB text.
fn status_text<T>(r: &Result<T>) -> String {
    match r {
        Ok(_) => "OK".to_string(),
        Err(e) => e.to_string(),
    }
}

fn none<T>(_: &Result<T>) -> IoFields {
    IoFields::default()
}

/// A database's view of its FileSystem: every call and every file it opens reports to the
/// IO tracer while a trace runs.
pub struct TracingFileSystem {
    inner: Arc<dyn FileSystem>,
    tracer: Arc<IoTracer>,
}

/// `fs` seen through `tracer`.
pub fn traced(fs: Arc<dyn FileSystem>, tracer: Arc<IoTracer>) -> Arc<dyn FileSystem> {
    Arc::new(TracingFileSystem { inner: fs, tracer })
}

impl FileSystem for TracingFileSystem {
    fn new_writable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>> {
        let f = self.tracer.traced("NewWritableFile", path, none, || self.inner.new_writable_file(path))?;
        Ok(Box::new(TracedWritable { inner: f, name: file_name(path), tracer: self.tracer.clone() }))
    }
    fn new_appendable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>> {
        let f = self.tracer.traced("ReopenWritableFile", path, none, || self.inner.new_appendable_file(path))?;
        Ok(Box::new(TracedWritable { inner: f, name: file_name(path), tracer: self.tracer.clone() }))
    }
    fn new_random_access_file(&self, path: &Path) -> Result<Arc<dyn RandomAccessFile>> {
        let f = self.tracer.traced("NewRandomAccessFile", path, none, || self.inner.new_random_access_file(path))?;
        Ok(Arc::new(TracedRandomAccess { inner: f, name: file_name(path), tracer: self.tracer.clone() }))
    }
    fn new_sequential_file(&self, path: &Path) -> Result<Box<dyn SequentialFile>> {
        let f = self.tracer.traced("NewSequentialFile", path, none, || self.inner.new_sequential_file(path))?;
        Ok(Box::new(TracedSequential { inner: f, name: file_name(path), tracer: self.tracer.clone() }))
    }
    fn file_exists(&self, path: &Path) -> bool {
        self.inner.file_exists(path)
    }
    fn file_size(&self, path: &Path) -> Result<u64> {
        let size = |r: &Result<u64>| IoFields { file_size: Some(*r.as_ref().unwrap_or(&0)), ..Default::default() };
        self.tracer.traced("GetFileSize", path, size, || self.inner.file_size(path))
    }
    fn list_dir(&self, dir: &Path) -> Result<Vec<String>> {
        self.tracer.traced("GetChildren", dir, none, || self.inner.list_dir(dir))
    }
    fn create_dir_all(&self, dir: &Path) -> Result<()> {
        self.tracer.traced("CreateDirIfMissing", dir, none, || self.inner.create_dir_all(dir))
    }
    fn remove_file(&self, path: &Path) -> Result<()> {
        self.tracer.traced("DeleteFile", path, none, || self.inner.remove_file(path))
    }
    fn remove_dir(&self, path: &Path) -> Result<()> {
        self.tracer.traced("DeleteDir", path, none, || self.inner.remove_dir(path))
    }
    fn rename(&self, from: &Path, to: &Path) -> Result<()> {
        self.inner.rename(from, to)
    }
    fn link_file(&self, from: &Path, to: &Path) -> Result<()> {
        self.inner.link_file(from, to)
    }
    fn sync_dir(&self, dir: &Path) -> Result<()> {
        self.inner.sync_dir(dir)
    }
    fn lock_file(&self, path: &Path) -> Result<Box<dyn FileLock>> {
        self.inner.lock_file(path)
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.to_string_lossy().into_owned(), |n| n.to_string_lossy().into_owned())
}

struct TracedWritable {
    inner: Box<dyn WritableFile>,
    name: String,
    tracer: Arc<IoTracer>,
}

impl WritableFile for TracedWritable {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        let len = IoFields { len: Some(data.len() as u64), ..Default::default() };
        let inner = &mut self.inner;
        self.tracer.traced("Append", Path::new(&self.name), |_| len, || inner.append(data))
    }
    fn flush(&mut self) -> Result<()> {
        self.inner.flush()
    }
    fn sync(&mut self) -> Result<()> {
        self.inner.sync()
    }
    fn close(&mut self) -> Result<()> {
        let inner = &mut self.inner;
        self.tracer.traced("Close", Path::new(&self.name), none, || inner.close())
    }
    fn size(&self) -> u64 {
        self.inner.size()
    }
}

struct TracedRandomAccess {
    inner: Arc<dyn RandomAccessFile>,
    name: String,
    tracer: Arc<IoTracer>,
}

impl RandomAccessFile for TracedRandomAccess {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize> {
        let fields = IoFields { len: Some(buf.len() as u64), offset: Some(offset), ..Default::default() };
        self.tracer.traced("Read", Path::new(&self.name), |_| fields, || self.inner.read_at(offset, buf))
    }
    fn size(&self) -> Result<u64> {
        self.inner.size()
    }
}

struct TracedSequential {
    inner: Box<dyn SequentialFile>,
    name: String,
    tracer: Arc<IoTracer>,
}

impl SequentialFile for TracedSequential {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        // RocksDB records the bytes read, at offset 0.
        let fields = |r: &Result<usize>| IoFields { len: Some(*r.as_ref().unwrap_or(&0) as u64), offset: Some(0), ..Default::default() };
        let inner = &mut self.inner;
        self.tracer.traced("Read", Path::new(&self.name), fields, || inner.read(buf))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::file::TraceFileReader;
    use crate::util::coding::{get_fixed64, get_length_prefixed_slice};

    /// One decoded record: operation, status, file name, and the optional fields.
    fn decode(t: &Trace) -> (String, String, String, Vec<u64>) {
        let mut p = &t.payload[..];
        let map = get_fixed64(&mut p).unwrap();
        let op = String::from_utf8(get_length_prefixed_slice(&mut p).unwrap().to_vec()).unwrap();
        let _latency = get_fixed64(&mut p).unwrap();
        let status = String::from_utf8(get_length_prefixed_slice(&mut p).unwrap().to_vec()).unwrap();
        let name = String::from_utf8(get_length_prefixed_slice(&mut p).unwrap().to_vec()).unwrap();
        let fields = (0..map.count_ones()).map(|_| get_fixed64(&mut p).unwrap()).collect();
        assert_eq!(get_fixed64(&mut p), Some(0), "no request id");
        assert!(p.is_empty());
        (op, status, name, fields)
    }

    #[test]
    fn file_operations_while_tracing_are_recorded() {
        let dir = crate::util::testutil::TempDir::created("io_trace");
        let base = crate::env::default_fs();
        let tracer = Arc::new(IoTracer::default());
        let fs = traced(base.clone(), tracer.clone());
        // Opened before the trace starts: its later reads are traced too.
        let mut w = fs.new_writable_file(&dir.0.join("a.dat")).unwrap();
        w.append(b"untraced").unwrap();
        let trace_path = dir.0.join("io.trace");
        tracer.start(TraceOptions::default(), TraceFileWriter::create(base.as_ref(), &trace_path).unwrap()).unwrap();
        assert_eq!(
            tracer.start(TraceOptions::default(), TraceFileWriter::create(base.as_ref(), &dir.0.join("x")).unwrap()).unwrap_err().code(),
            crate::error::Code::Busy
        );
        w.append(b"0123").unwrap();
        w.close().unwrap();
        let r = fs.new_random_access_file(&dir.0.join("a.dat")).unwrap();
        let mut buf = [0u8; 4];
        r.read_at(8, &mut buf).unwrap();
        assert_eq!(fs.file_size(&dir.0.join("a.dat")).unwrap(), 12);
        assert!(fs.file_size(&dir.0.join("missing")).is_err());
        tracer.end().unwrap();
        fs.remove_file(&dir.0.join("a.dat")).unwrap();

        let mut reader = TraceFileReader::open(base.as_ref(), &trace_path).unwrap();
        let header = Trace::decode(&reader.read().unwrap()).unwrap();
        assert_eq!(header, versioned_header(header.ts));
        let mut got = Vec::new();
        while let Ok(enc) = reader.read() {
            let t = Trace::decode(&enc).unwrap();
            assert_eq!(t.kind, trace_type::IO);
            let (op, status, name, fields) = decode(&t);
            got.push((op, status.starts_with("OK") || status.starts_with("IO error"), name, fields));
        }
        let ok = |op: &str, name: &str, f: Vec<u64>| (op.to_string(), true, name.to_string(), f);
        assert_eq!(
            got,
            vec![
                ok("Append", "a.dat", vec![4]),
                ok("Close", "a.dat", vec![]),
                ok("NewRandomAccessFile", "a.dat", vec![]),
                ok("Read", "a.dat", vec![4, 8]),
                ok("GetFileSize", "a.dat", vec![12]),
                ok("GetFileSize", "missing", vec![0]),
            ]
        );
    }
}
