//! `LogReader`: reads logical records back from a WAL or MANIFEST file
//! (docs/format/log.md), following RocksDB's `log::Reader`: zero padding
//! and block tails are skipped, a record cut off by the end of the file is the
//! end of input (a torn tail after a crash), and damage is reported as
//! Corruption after skipping past it so the caller can choose to go on.
//!
//! Used by one thread at a time (`&mut self`).

use super::format::{record_type as rt, BLOCK_SIZE, HEADER_SIZE, RECYCLABLE_HEADER_SIZE};
use crate::env::SequentialFile;
use crate::error::{Error, Result};
use crate::util::crc;
use std::ops::Range;

/// What one step of physical decoding found.
enum Physical {
    /// A fragment: its type (recyclable types mapped to legacy ones), where its
    /// header starts in the block buffer, and its payload range in the buffer.
    Fragment { kind: u8, header_at: usize, payload: Range<usize> },
    /// A SetCompressionType record with its payload range.
    SetCompression { payload: Range<usize> },
    /// Clean end of the file.
    Eof,
    /// The file ended inside a header or a payload (RocksDB's reason for it).
    TornTail(&'static str),
    /// A recyclable record from an earlier use of the file: the real log ends here.
    OldRecord,
    /// Preallocated zero space; the rest of the block was skipped.
    ZeroPadding,
    /// Damage; `dropped` bytes were skipped.
    Damaged { why: String, dropped: usize },
}

pub struct LogReader {
    file: Box<dyn SequentialFile>,
    log_number: u64,
    verify_checksums: bool,
    /// The current block as read from the file, and the next unread byte in it.
    block: Vec<u8>,
    pos: usize,
    /// The last read returned less than a full block.
    eof: bool,
    /// Why the input ended inside a record, if it did (RocksDB's words).
    torn_tail: Option<&'static str>,
    dropped_bytes: u64,
    /// The file offset of `block[0]`, and of the first fragment of the last record returned
    /// (RocksDB's LastRecordOffset, which ldb dump_wal prints).
    block_offset: u64,
    last_record_offset: u64,
}

impl LogReader {
    pub fn new(file: Box<dyn SequentialFile>, log_number: u64, verify_checksums: bool) -> LogReader {
        LogReader {
            file,
            log_number,
            verify_checksums,
            block: Vec::with_capacity(BLOCK_SIZE),
            pos: 0,
            eof: false,
            torn_tail: None,
            dropped_bytes: 0,
            block_offset: 0,
            last_record_offset: 0,
        }
    }

    /// Ok(true): `record` holds the next logical record. Ok(false): end of input
    /// (a record cut off by the end of the file counts as end of input; see
    /// `torn_tail`). Err(Corruption): a CRC mismatch, bad length, unknown
    /// record type or broken fragment sequence; the reader has skipped past the
    /// damage, so the caller may call again to continue or stop. Err(IO error):
    /// reading the file failed.
    pub fn read_record(&mut self, record: &mut Vec<u8>) -> Result<bool> {
        record.clear();
        let mut in_fragmented = false;
        loop {
            match self.read_physical()? {
                Physical::Fragment { kind, header_at, payload } => match kind {
                    rt::FULL | rt::FIRST => {
                        if in_fragmented && !record.is_empty() {
                            // The partial record is lost; this fragment is good, so
                            // leave it to be read again by the next call.
                            self.pos = header_at;
                            return Err(self.drop_partial(record, "partial record without end"));
                        }
                        record.clear();
                        record.extend_from_slice(&self.block[payload]);
                        self.last_record_offset = self.block_offset + header_at as u64;
                        if kind == rt::FULL {
                            return Ok(true);
                        }
                        in_fragmented = true;
                    }
                    rt::MIDDLE | rt::LAST => {
                        if !in_fragmented {
                            self.dropped_bytes += payload.len() as u64;
                            return Err(Error::corruption(format!(
                                "missing start of fragmented record({})",
                                if kind == rt::MIDDLE { 1 } else { 2 }
                            )));
                        }
                        record.extend_from_slice(&self.block[payload]);
                        if kind == rt::LAST {
                            return Ok(true);
                        }
                    }
                    other => {
                        let n = payload.len() + if in_fragmented { record.len() } else { 0 };
                        self.dropped_bytes += n as u64;
                        record.clear();
                        return Err(Error::corruption(format!("unknown record type {other}")));
                    }
                },
                Physical::SetCompression { payload } => {
                    let mut p = &self.block[payload];
                    let compression = crate::util::coding::get_fixed32(&mut p);
                    if compression != Some(0) {
                        record.clear();
                        return Err(Error::corruption("WAL compression not supported"));
                    }
                }
                Physical::ZeroPadding => {
                    if in_fragmented && !record.is_empty() {
                        return Err(self.drop_partial(record, "error in middle of record"));
                    }
                    in_fragmented = false;
                }
                Physical::Damaged { why, dropped } => {
                    self.dropped_bytes += dropped as u64;
                    if in_fragmented {
                        self.dropped_bytes += record.len() as u64;
                    }
                    record.clear();
                    return Err(Error::corruption(why));
                }
                Physical::TornTail(why) => {
                    self.torn_tail = Some(why);
                    record.clear();
                    return Ok(false);
                }
                end @ (Physical::Eof | Physical::OldRecord) => {
                    if in_fragmented {
                        // The writer died between fragments.
                        self.torn_tail = Some(if matches!(end, Physical::OldRecord) {
                            "error reading trailing data due to encountering old record"
                        } else {
                            "error reading trailing data due to encountering EOF"
                        });
                    }
                    record.clear();
                    return Ok(false);
                }
            }
        }
    }

    fn drop_partial(&mut self, record: &mut Vec<u8>, why: &str) -> Error {
        self.dropped_bytes += record.len() as u64;
        record.clear();
        Error::corruption(why.to_string())
    }

    /// The file offset where the last record returned by `read_record` starts.
    pub fn last_record_offset(&self) -> u64 {
        self.last_record_offset
    }

    /// True when the input ended inside a record (a torn tail after a crash).
    pub fn tail_truncated(&self) -> bool {
        self.torn_tail.is_some()
    }

    /// Why the input ended inside a record, in RocksDB's words ("truncated header",
    /// "truncated record body", "error reading trailing data due to encountering EOF"), if it
    /// did: the damage RocksDB's point-in-time and absolute-consistency recovery report.
    pub fn torn_tail(&self) -> Option<&'static str> {
        self.torn_tail
    }

    /// Bytes skipped because of corruption so far.
    pub fn dropped_bytes(&self) -> u64 {
        self.dropped_bytes
    }

    /// Replaces the buffer with the next block. Returns false at end of file.
    fn read_block(&mut self) -> Result<bool> {
        if self.eof {
            return Ok(false);
        }
        self.block_offset += self.block.len() as u64;
        self.block.resize(BLOCK_SIZE, 0);
        let mut filled = 0;
        while filled < BLOCK_SIZE {
            let n = match self.file.read(&mut self.block[filled..]) {
                Ok(n) => n,
                Err(e) => {
                    self.block.clear();
                    self.pos = 0;
                    self.eof = true;
                    return Err(e);
                }
            };
            if n == 0 {
                break;
            }
            filled += n;
        }
        self.block.truncate(filled);
        self.pos = 0;
        if filled < BLOCK_SIZE {
            self.eof = true;
        }
        Ok(filled > 0)
    }

    fn read_physical(&mut self) -> Result<Physical> {
        loop {
            let avail = self.block.len() - self.pos;
            if avail < HEADER_SIZE {
                // A block tail shorter than a header is the writer's padding.
                if self.eof {
                    return Ok(if avail > 0 { self.skip_rest_as_torn("truncated header") } else { Physical::Eof });
                }
                if !self.read_block()? {
                    return Ok(Physical::Eof);
                }
                continue;
            }
            let header_at = self.pos;
            let h = &self.block[header_at..];
            let length = u16::from_le_bytes([h[4], h[5]]) as usize;
            let kind = h[6];
            let recyclable = (rt::RECYCLABLE_FULL..=rt::RECYCLABLE_LAST).contains(&kind);
            let header_size = if recyclable { RECYCLABLE_HEADER_SIZE } else { HEADER_SIZE };
            if avail < header_size + length {
                if self.eof {
                    return Ok(self.skip_rest_as_torn("truncated record body"));
                }
                // Nothing that spans blocks is valid; the length itself may be damaged.
                self.pos = self.block.len();
                return Ok(Physical::Damaged { why: "bad record length".into(), dropped: avail });
            }
            if recyclable {
                let stored = u32::from_le_bytes([h[7], h[8], h[9], h[10]]);
                if stored != self.log_number as u32 {
                    self.pos += header_size + length;
                    return Ok(Physical::OldRecord);
                }
            }
            if kind == rt::ZERO && length == 0 {
                self.pos = self.block.len();
                return Ok(Physical::ZeroPadding);
            }
            if self.verify_checksums {
                let stored = crc::unmask(u32::from_le_bytes([h[0], h[1], h[2], h[3]]));
                let actual = crc::value(&h[6..header_size + length]);
                if stored != actual {
                    // The length may be what is damaged, so nothing after this
                    // header in the block can be trusted.
                    self.pos = self.block.len();
                    return Ok(Physical::Damaged { why: "checksum mismatch".into(), dropped: avail });
                }
            }
            self.pos += header_size + length;
            let payload = header_at + header_size..header_at + header_size + length;
            if kind == rt::SET_COMPRESSION_TYPE {
                return Ok(Physical::SetCompression { payload });
            }
            let kind = if recyclable { kind - rt::RECYCLABLE_OFFSET } else { kind };
            return Ok(Physical::Fragment { kind, header_at, payload });
        }
    }

    fn skip_rest_as_torn(&mut self, why: &'static str) -> Physical {
        self.pos = self.block.len();
        Physical::TornTail(why)
    }
}
