//! Trace records to and from a file (RocksDB's FileTraceWriter and FileTraceReader,
//! utilities/trace/file_trace_reader_writer.cc): the writer appends encoded records and
//! knows the file's size (the tracers stop at `max_trace_file_size`); the reader hands back
//! one encoded record at a time, metadata and payload, as RocksDB's `TraceReader::Read`.

use super::TRACE_METADATA_SIZE;
use crate::env::{FileSystem, RandomAccessFile, WritableFile};
use crate::error::{Error, Result};
use crate::util::coding::decode_fixed32;
use std::path::Path;
use std::sync::Arc;

/// Appends records to a new trace file.
pub struct TraceFileWriter {
    file: Box<dyn WritableFile>,
}

impl TraceFileWriter {
    /// Creates (or truncates) `path`.
    pub fn create(fs: &dyn FileSystem, path: &Path) -> Result<TraceFileWriter> {
        Ok(TraceFileWriter { file: fs.new_writable_file(path)? })
    }

    /// Appends one encoded trace record.
    pub fn write(&mut self, encoded: &[u8]) -> Result<()> {
        self.file.append(encoded)
    }

    /// Bytes written so far, buffered ones included (WritableFileWriter::GetFileSize).
    pub fn file_size(&self) -> u64 {
        self.file.size()
    }

    /// Hands every record to the file and closes it.
    pub fn close(mut self) -> Result<()> {
        self.file.flush()?;
        self.file.close()
    }
}

/// Reads the records of a trace file front to back.
pub struct TraceFileReader {
    file: Option<Arc<dyn RandomAccessFile>>,
    offset: u64,
}

impl TraceFileReader {
    pub fn open(fs: &dyn FileSystem, path: &Path) -> Result<TraceFileReader> {
        Ok(TraceFileReader { file: Some(fs.new_random_access_file(path)?), offset: 0 })
    }

    /// The next record, encoded (its metadata, then its payload); `Incomplete` at the end of
    /// the file, `Corruption("Corrupted trace file.")` for a record cut short.
    pub fn read(&mut self) -> Result<Vec<u8>> {
        let file = self.file.as_ref().ok_or_else(closed)?;
        let mut out = vec![0u8; TRACE_METADATA_SIZE];
        let n = read_fully(file.as_ref(), self.offset, &mut out)?;
        if n == 0 {
            return Err(Error::incomplete(""));
        }
        if n < TRACE_METADATA_SIZE {
            return Err(Error::corruption("Corrupted trace file."));
        }
        let payload_len = decode_fixed32(&out[9..13]) as usize;
        out.resize(TRACE_METADATA_SIZE + payload_len, 0);
        let n = read_fully(file.as_ref(), self.offset + TRACE_METADATA_SIZE as u64, &mut out[TRACE_METADATA_SIZE..])?;
        if n < payload_len {
            return Err(Error::corruption("Corrupted trace file."));
        }
        self.offset += out.len() as u64;
        Ok(out)
    }

    /// Back to the first record.
    pub fn reset(&mut self) -> Result<()> {
        if self.file.is_none() {
            return Err(closed());
        }
        self.offset = 0;
        Ok(())
    }

    /// Releases the file; `reset` and `read` then answer "TraceReader is closed.".
    pub fn close(&mut self) {
        self.file = None;
    }
}

fn closed() -> Error {
    Error::io("TraceReader is closed.")
}

/// Reads up to `buf.len()` bytes at `offset`, fewer only at the end of the file.
fn read_fully(file: &dyn RandomAccessFile, offset: u64, buf: &mut [u8]) -> Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        let n = file.read_at(offset + done as u64, &mut buf[done..])?;
        if n == 0 {
            break;
        }
        done += n;
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{trace_type, Trace};

    #[test]
    fn records_written_are_read_back_one_at_a_time() {
        let dir = crate::util::testutil::TempDir::created("trace_file");
        let fs = crate::env::default_fs();
        let path = dir.0.join("t.trace");
        let a = Trace { ts: 1, kind: trace_type::BEGIN, payload: b"header".to_vec() };
        let b = Trace { ts: 2, kind: trace_type::END, payload: vec![] };
        let mut w = TraceFileWriter::create(fs.as_ref(), &path).unwrap();
        w.write(&a.encode()).unwrap();
        w.write(&b.encode()).unwrap();
        assert_eq!(w.file_size(), (a.encode().len() + b.encode().len()) as u64);
        w.close().unwrap();

        let mut r = TraceFileReader::open(fs.as_ref(), &path).unwrap();
        assert_eq!(r.read().unwrap(), a.encode());
        assert_eq!(r.read().unwrap(), b.encode());
        assert_eq!(r.read().unwrap_err().code(), crate::error::Code::Incomplete);
        r.reset().unwrap();
        assert_eq!(Trace::decode(&r.read().unwrap()).unwrap(), a);
        r.close();
        assert_eq!(r.reset().unwrap_err().to_string(), "IO error: TraceReader is closed.");
    }

    #[test]
    fn a_record_cut_short_is_corruption() {
        let dir = crate::util::testutil::TempDir::created("trace_file_cut");
        let fs = crate::env::default_fs();
        let path = dir.0.join("t.trace");
        let enc = Trace { ts: 1, kind: trace_type::GET, payload: b"0123456789".to_vec() }.encode();
        let mut w = TraceFileWriter::create(fs.as_ref(), &path).unwrap();
        w.write(&enc[..enc.len() - 3]).unwrap();
        w.close().unwrap();
        let mut r = TraceFileReader::open(fs.as_ref(), &path).unwrap();
        assert_eq!(r.read().unwrap_err().to_string(), "Corruption: Corrupted trace file.");
    }
}
