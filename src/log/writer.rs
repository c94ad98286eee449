//! `LogWriter`: appends logical records to a WAL or MANIFEST file, split into
//! CRC-checked fragments over 32 KiB blocks exactly as RocksDB's
//! `log::Writer` does (docs/format/log.md).
//!
//! A writer is used by one thread at a time (`&mut self`); the WAL's group
//! commit and the MANIFEST writer serialize access above it.
//!
//! Once an append, flush or sync fails, the writer refuses every later call
//! ("IO error: Writer has previous error.", RocksDB's WritableFileWriter): the
//! file may end inside a record and the block offset no longer matches what
//! reached it, so nothing written after could be read back reliably.

use super::format::{record_type, BLOCK_SIZE, HEADER_SIZE, RECYCLABLE_HEADER_SIZE};
use crate::env::WritableFile;
use crate::error::{Error, Result};
use crate::util::crc;

pub struct LogWriter {
    file: Box<dyn WritableFile>,
    log_number: u64,
    recycle: bool,
    /// Bytes already used in the current block.
    block_offset: usize,
    /// Bytes appended through this writer (the file was empty when it was handed over).
    written: u64,
    /// Reused header buffer, so a record costs no allocation.
    header: Vec<u8>,
    /// An append, flush or sync failed.
    failed: bool,
}

impl LogWriter {
    /// Wraps an empty file. With `recycle`, fragments use the recyclable types
    /// (5-8) and carry the low 32 bits of `log_number`, so a reader can tell them
    /// from stale records of a reused file.
    pub fn new(file: Box<dyn WritableFile>, log_number: u64, recycle: bool) -> LogWriter {
        LogWriter {
            file,
            log_number,
            recycle,
            block_offset: 0,
            written: 0,
            header: Vec::with_capacity(RECYCLABLE_HEADER_SIZE),
            failed: false,
        }
    }

    fn header_size(&self) -> usize {
        if self.recycle {
            RECYCLABLE_HEADER_SIZE
        } else {
            HEADER_SIZE
        }
    }

    /// Appends one logical record, fragmenting over 32 KiB blocks exactly as
    /// RocksDB does, then hands the bytes to the OS (like RocksDB's writer
    /// without `manual_flush`), so a process crash does not lose the record.
    pub fn add_record(&mut self, payload: &[u8]) -> Result<()> {
        self.check()?;
        let r = self.add_record_inner(payload);
        self.failed |= r.is_err();
        r
    }

    fn check(&self) -> Result<()> {
        if self.failed {
            return Err(Error::io("Writer has previous error."));
        }
        Ok(())
    }

    fn add_record_inner(&mut self, payload: &[u8]) -> Result<()> {
        let header_size = self.header_size();
        let mut rest = payload;
        let mut first = true;
        // Runs at least once: an empty record is a zero-length FULL fragment.
        loop {
            let room = BLOCK_SIZE - self.block_offset;
            if room < header_size {
                // A header never straddles blocks; the reader skips this tail.
                if room > 0 {
                    const ZEROS: [u8; RECYCLABLE_HEADER_SIZE] = [0; RECYCLABLE_HEADER_SIZE];
                    self.append(&ZEROS[..room])?;
                }
                self.block_offset = 0;
            }
            // With exactly a header's worth of room this is 0: RocksDB then writes an
            // empty FIRST fragment there, and so do we.
            let avail = BLOCK_SIZE - self.block_offset - header_size;
            let take = rest.len().min(avail);
            let last = take == rest.len();
            let kind = match (first, last) {
                (true, true) => record_type::FULL,
                (true, false) => record_type::FIRST,
                (false, true) => record_type::LAST,
                (false, false) => record_type::MIDDLE,
            };
            let (fragment, tail) = rest.split_at(take);
            self.emit_fragment(kind, fragment)?;
            rest = tail;
            first = false;
            if last {
                break;
            }
        }
        self.file.flush()
    }

    fn emit_fragment(&mut self, legacy_kind: u8, fragment: &[u8]) -> Result<()> {
        debug_assert!(fragment.len() <= 0xffff);
        let kind = if self.recycle { legacy_kind + record_type::RECYCLABLE_OFFSET } else { legacy_kind };
        let mut h = std::mem::take(&mut self.header);
        h.clear();
        h.extend_from_slice(&[0, 0, 0, 0]);
        h.extend_from_slice(&(fragment.len() as u16).to_le_bytes());
        h.push(kind);
        if self.recycle {
            h.extend_from_slice(&(self.log_number as u32).to_le_bytes());
        }
        // The CRC covers everything after the length field: type, log number, payload.
        let crc = crc::mask(crc::extend(crc::value(&h[6..]), fragment));
        h[..4].copy_from_slice(&crc.to_le_bytes());
        let r = self.append(&h).and_then(|_| self.append(fragment));
        self.header = h;
        r?;
        self.block_offset += self.header_size() + fragment.len();
        Ok(())
    }

    fn append(&mut self, data: &[u8]) -> Result<()> {
        self.file.append(data)?;
        self.written += data.len() as u64;
        Ok(())
    }

    /// Hands buffered bytes to the OS.
    pub fn flush(&mut self) -> Result<()> {
        self.check()?;
        let r = self.file.flush();
        self.failed |= r.is_err();
        r
    }

    /// Makes every record added so far durable (fdatasync).
    pub fn sync(&mut self) -> Result<()> {
        self.check()?;
        let r = self.file.sync();
        self.failed |= r.is_err();
        r
    }

    /// Forgets an earlier failure (RocksDB's reset_seen_error, used without paranoid_checks):
    /// later records go on from the current block offset.
    pub fn clear_error(&mut self) {
        self.failed = false;
    }

    pub fn close(&mut self) -> Result<()> {
        self.file.close()
    }

    /// Bytes written so far (the MANIFEST size recorded for the next open).
    pub fn file_size(&self) -> u64 {
        self.written
    }

    pub fn log_number(&self) -> u64 {
        self.log_number
    }
}
