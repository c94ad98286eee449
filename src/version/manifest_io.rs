//! Record framing of the MANIFEST, behind two small traits so that `VersionSet`
//! does not depend on how the log format is implemented.
//!
//! The MANIFEST uses the log format of rocksdb-formats.md §3 with legacy
//! (7-byte) headers only, no recycling and no compression. Until `crate::log`
//! lands on main, this file carries a compact implementation of that framing;
//! `new_record_writer` / `new_record_reader` are the single switch point to
//! the shared `log::writer::LogWriter` / `log::reader::LogReader` afterwards.

use crate::env::{SequentialFile, WritableFile};
use crate::error::{Error, Result};
use crate::util::coding::{decode_fixed16, decode_fixed32, put_fixed16, put_fixed32};
use crate::util::crc;

/// Appends whole logical records to a log-format file.
pub trait RecordWriter: Send {
    fn add_record(&mut self, record: &[u8]) -> Result<()>;
    fn sync(&mut self) -> Result<()>;
    fn close(&mut self) -> Result<()>;
    /// Bytes written to the file so far (headers and padding included).
    fn file_size(&self) -> u64;
}

/// Reads whole logical records back; `Ok(false)` is the end of the log.
pub trait RecordReader {
    fn read_record(&mut self, record: &mut Vec<u8>) -> Result<bool>;
}

pub fn new_record_writer(file: Box<dyn WritableFile>, _log_number: u64) -> Box<dyn RecordWriter> {
    Box::new(FramingWriter { file, block_offset: 0 })
}

pub fn new_record_reader(file: Box<dyn SequentialFile>, _log_number: u64) -> Box<dyn RecordReader> {
    Box::new(FramingReader { file, data: Vec::new(), pos: 0, loaded: false })
}

const BLOCK_SIZE: usize = 32768;
const HEADER_SIZE: usize = 7;
const FULL: u8 = 1;
const FIRST: u8 = 2;
const MIDDLE: u8 = 3;
const LAST: u8 = 4;

struct FramingWriter {
    file: Box<dyn WritableFile>,
    block_offset: usize,
}

impl RecordWriter for FramingWriter {
    fn add_record(&mut self, record: &[u8]) -> Result<()> {
        let mut rest = record;
        let mut first = true;
        // An empty record still produces one zero-length FULL fragment.
        loop {
            let leftover = BLOCK_SIZE - self.block_offset;
            if leftover < HEADER_SIZE {
                if leftover > 0 {
                    self.file.append(&[0u8; HEADER_SIZE][..leftover])?;
                }
                self.block_offset = 0;
            }
            let avail = BLOCK_SIZE - self.block_offset - HEADER_SIZE;
            let len = rest.len().min(avail);
            let last = len == rest.len();
            let kind = match (first, last) {
                (true, true) => FULL,
                (true, false) => FIRST,
                (false, true) => LAST,
                (false, false) => MIDDLE,
            };
            let (fragment, tail) = rest.split_at(len);
            let mut header = Vec::with_capacity(HEADER_SIZE);
            let c = crc::extend(crc::value(&[kind]), fragment);
            put_fixed32(&mut header, crc::mask(c));
            put_fixed16(&mut header, len as u16);
            header.push(kind);
            self.file.append(&header)?;
            self.file.append(fragment)?;
            self.block_offset += HEADER_SIZE + len;
            rest = tail;
            first = false;
            if last {
                break;
            }
        }
        self.file.flush()
    }
    fn sync(&mut self) -> Result<()> {
        self.file.sync()
    }
    fn close(&mut self) -> Result<()> {
        self.file.close()
    }
    fn file_size(&self) -> u64 {
        self.file.size()
    }
}

/// Reads the whole file once, then walks its fragments. A header or payload
/// cut off by the end of the file ends the log (a torn write), as RocksDB does.
struct FramingReader {
    file: Box<dyn SequentialFile>,
    data: Vec<u8>,
    pos: usize,
    loaded: bool,
}

impl FramingReader {
    fn load(&mut self) -> Result<()> {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = self.file.read(&mut buf)?;
            if n == 0 {
                break;
            }
            self.data.extend_from_slice(buf.get(..n).unwrap_or(&[]));
        }
        self.loaded = true;
        Ok(())
    }

    /// The next physical fragment: `None` at the end of the log.
    fn next_fragment(&mut self) -> Result<Option<(u8, std::ops::Range<usize>)>> {
        loop {
            let in_block = self.pos % BLOCK_SIZE;
            let block_left = BLOCK_SIZE - in_block;
            if block_left < HEADER_SIZE {
                self.pos += block_left;
                continue;
            }
            let Some(header) = self.data.get(self.pos..self.pos + HEADER_SIZE) else {
                return Ok(None);
            };
            let masked = decode_fixed32(header);
            let len = decode_fixed16(&header[4..6]) as usize;
            let kind = header[6];
            if kind == 0 && len == 0 {
                // Preallocated zeros: nothing more in this block.
                self.pos += block_left;
                continue;
            }
            let start = self.pos + HEADER_SIZE;
            if HEADER_SIZE + len > block_left {
                return Err(Error::corruption("bad record length"));
            }
            let Some(payload) = self.data.get(start..start + len) else {
                return Ok(None);
            };
            let c = crc::extend(crc::value(&[kind]), payload);
            if crc::unmask(masked) != c {
                return Err(Error::corruption("checksum mismatch"));
            }
            self.pos = start + len;
            return Ok(Some((kind, start..start + len)));
        }
    }
}

impl RecordReader for FramingReader {
    fn read_record(&mut self, record: &mut Vec<u8>) -> Result<bool> {
        if !self.loaded {
            self.load()?;
        }
        record.clear();
        let mut in_fragmented = false;
        loop {
            let Some((kind, range)) = self.next_fragment()? else {
                // A record whose LAST fragment never made it is dropped.
                return Ok(false);
            };
            let payload = self.data.get(range).unwrap_or(&[]);
            match kind {
                FULL if !in_fragmented => {
                    record.extend_from_slice(payload);
                    return Ok(true);
                }
                FIRST if !in_fragmented => {
                    record.extend_from_slice(payload);
                    in_fragmented = true;
                }
                MIDDLE if in_fragmented => record.extend_from_slice(payload),
                LAST if in_fragmented => {
                    record.extend_from_slice(payload);
                    return Ok(true);
                }
                FULL | FIRST | MIDDLE | LAST => {
                    return Err(Error::corruption("partial record without end"));
                }
                other => return Err(Error::corruption(format!("unknown record type {other}"))),
            }
        }
    }
}
