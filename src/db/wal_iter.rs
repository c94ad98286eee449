//! The WAL iterator (RocksDB's `GetUpdatesSince` / `TransactionLogIterator`): the write
//! batches still in the WAL files on disk (docs/format/log.md), from the
//! batch holding a given sequence number on, up to the last sequence number at the time
//! the iterator was made.
//!
//! Records are read as the iterator advances, one batch in memory at a time. Every WAL
//! it will read is opened when it is made, with file deletions held off, so a WAL that
//! a flush makes obsolete later stays readable through the open handle. The starting
//! file is found by the first sequence number of each file, as RocksDB does, rather than
//! by reading every older record.
//!
//! Belongs to one thread (`Send`).

use super::Db;
use crate::batch::WriteBatch;
use crate::env::SequentialFile;
use crate::error::{Error, Result};
use crate::log::reader::LogReader;
use crate::version::filename::{parse_file_name, FileType};
use std::collections::VecDeque;

/// RocksDB's TransactionLogIterator::ReadOptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalReadOptions {
    /// Whether each WAL record's checksum is checked (RocksDB's default: yes).
    pub verify_checksums: bool,
}

impl Default for WalReadOptions {
    fn default() -> Self {
        WalReadOptions { verify_checksums: true }
    }
}

/// Batches from the WAL in sequence order; each carries its first sequence number.
pub struct WalIterator {
    /// WALs not yet started, oldest first: (number, open file).
    pending: VecDeque<(u64, Box<dyn SequentialFile>)>,
    /// The WAL being read, and whether it is the newest one (which may end in a record
    /// still being written).
    reader: Option<(LogReader, bool)>,
    current: Option<WriteBatch>,
    /// The last sequence number when the iterator was made: later batches are not shown.
    last: u64,
    record: Vec<u8>,
    status: Result<()>,
    verify_checksums: bool,
}

impl WalIterator {
    /// Whether the iterator is on a batch.
    pub fn valid(&self) -> bool {
        self.current.is_some()
    }

    /// Moves to the next batch.
    pub fn next(&mut self) {
        if self.current.is_some() {
            self.advance();
        }
    }

    /// The current batch and its first sequence number.
    pub fn batch(&self) -> Option<(u64, &WriteBatch)> {
        self.current.as_ref().map(|b| (b.sequence(), b))
    }

    /// Ok, or why the iteration stopped early (Corruption of a WAL, a gap in the sequence numbers).
    pub fn status(&self) -> Result<()> {
        self.status.clone()
    }

    /// Reads the next batch within the last sequence into `current` (None at the end or
    /// on an error, which `status` then reports).
    fn advance(&mut self) {
        self.current = None;
        loop {
            if self.reader.is_none() {
                let Some((n, file)) = self.pending.pop_front() else { return };
                self.reader = Some((LogReader::new(file, n, self.verify_checksums), self.pending.is_empty()));
            }
            let Some((reader, newest)) = self.reader.as_mut() else { return };
            match reader.read_record(&mut self.record) {
                Ok(true) => {}
                Ok(false) => {
                    self.reader = None;
                    continue;
                }
                // The newest WAL may end in a record still being written.
                Err(_) if *newest => {
                    self.reader = None;
                    continue;
                }
                Err(e) => {
                    self.status = Err(e);
                    self.pending.clear();
                    self.reader = None;
                    return;
                }
            }
            let batch = match WriteBatch::from_data(&self.record) {
                Ok(b) => b,
                Err(e) => {
                    self.status = Err(e);
                    self.pending.clear();
                    self.reader = None;
                    return;
                }
            };
            if batch.sequence() > self.last {
                self.pending.clear();
                self.reader = None;
                return;
            }
            self.current = Some(batch);
            return;
        }
    }
}

/// The sequence number of a WAL's first batch; None for an empty (or unreadable) file.
pub(super) fn first_sequence(file: Box<dyn SequentialFile>, number: u64, verify_checksums: bool) -> Option<u64> {
    let mut reader = LogReader::new(file, number, verify_checksums);
    let mut record = Vec::new();
    match reader.read_record(&mut record) {
        Ok(true) => WriteBatch::from_data(&record).ok().map(|b| b.sequence()),
        _ => None,
    }
}

fn not_found(msg: String) -> Error {
    Error::new(crate::error::Code::NotFound, msg)
}

impl Db {
    /// The write batches from the one holding `seq` on. NotFound when `seq` is not yet
    /// written. When the WAL that held `seq` is gone (flushed and deleted) the iterator
    /// starts at the oldest later batch still in a WAL, and is not valid when there is
    /// none: RocksDB's non-strict seek (TransactionLogIteratorImpl::SeekToStartSequence).
    pub fn get_updates_since(&self, seq: u64) -> Result<WalIterator> {
        self.get_updates_since_with(seq, WalReadOptions::default())
    }

    /// `get_updates_since` with RocksDB's read options for the WAL files.
    pub fn get_updates_since_with(&self, seq: u64, opts: WalReadOptions) -> Result<WalIterator> {
        let db = &*self.inner;
        db.check_open()?;
        let last = self.latest_sequence_number();
        if seq > last {
            return Err(not_found("Requested sequence not yet written in the db".into()));
        }
        if !db.read_only {
            // A latched error does not stop RocksDB's GetUpdatesSince (it reads the WAL
            // files as they are; found by the differential test after a write to a dropped
            // family): only another failure of the WAL flush is answered.
            if let Err(e) = self.flush_wal(false) {
                if db.bg_error().is_none() {
                    return Err(e);
                }
            }
            self.disable_file_deletions()?;
        }
        let r = self.open_wals_from(seq, opts.verify_checksums);
        if !db.read_only {
            self.enable_file_deletions()?;
        }
        let pending = r?;
        let mut it = WalIterator { pending, reader: None, current: None, last, record: Vec::new(), status: Ok(()), verify_checksums: opts.verify_checksums };
        // Skip to the first batch whose last sequence reaches `seq`.
        loop {
            it.advance();
            it.status()?;
            let Some(b) = &it.current else { return Ok(it) };
            let count = u64::from(b.count()).max(1);
            if b.sequence() + count - 1 >= seq {
                return Ok(it);
            }
        }
    }

    /// Opens the WALs from the newest one whose first batch is at or before `seq`, oldest
    /// first. Requires: file deletions are held off.
    fn open_wals_from(&self, seq: u64, verify_checksums: bool) -> Result<VecDeque<(u64, Box<dyn SequentialFile>)>> {
        let db = &*self.inner;
        let io = |e: std::io::Error| Error::io(format!("{}: {e}", db.wal_dir.display()));
        let mut wals: Vec<u64> = Vec::new();
        for entry in std::fs::read_dir(&db.wal_dir).map_err(io)? {
            let name = entry.map_err(io)?.file_name().to_string_lossy().into_owned();
            if let Some((FileType::Wal, n)) = parse_file_name(&name) {
                wals.push(n);
            }
        }
        wals.sort_unstable();
        let mut start = 0;
        for (i, n) in wals.iter().enumerate() {
            match first_sequence(db.fs.new_sequential_file(&db.wal_path(*n))?, *n, verify_checksums) {
                Some(first) if first <= seq => start = i,
                Some(_) => break,
                None => {}
            }
        }
        let mut out = VecDeque::new();
        for n in &wals[start..] {
            out.push_back((*n, db.fs.new_sequential_file(&db.wal_path(*n))?));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::batch::WriteBatch;
    use crate::db::Db;
    use crate::options::{FlushOptions, Options, WriteOptions};

    #[test]
    fn updates_since_a_sequence_start_at_the_batch_holding_it() {
        let dir = std::env::temp_dir().join(format!("ferrock-wal-iter-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let o = Options { create_if_missing: true, ..Default::default() };
        let db = Db::open(&o, &dir).unwrap();
        let w = WriteOptions::default();
        db.put(&w, b"k1", b"v1").unwrap(); // seq 1
        let mut b = WriteBatch::new();
        b.put(b"k2", b"v2");
        b.put(b"k3", b"v3");
        b.delete(b"k1");
        db.write(&w, &b).unwrap(); // seqs 2..4
        db.put(&w, b"k4", b"v4").unwrap(); // seq 5

        let collect = |seq: u64| {
            let mut it = db.get_updates_since(seq).unwrap();
            let mut out = Vec::new();
            while it.valid() {
                let (s, b) = it.batch().unwrap();
                out.push((s, b.count()));
                it.next();
            }
            it.status().unwrap();
            out
        };
        assert_eq!(collect(1), [(1, 1), (2, 3), (5, 1)]);
        assert_eq!(collect(3), [(2, 3), (5, 1)]);
        assert_eq!(collect(5), [(5, 1)]);
        assert!(db.get_updates_since(6).err().unwrap().to_string().starts_with("NotFound"));

        // After a flush the old WAL is deleted: its sequences are gone, and (as in RocksDB)
        // a start among them begins at the oldest batch left.
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&w, b"k5", b"v5").unwrap(); // seq 6
        assert_eq!(collect(2), [(6, 1)]);
        assert_eq!(collect(0), [(6, 1)]);
        assert_eq!(collect(6), [(6, 1)]);
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn batches_stream_from_several_wals_that_a_flush_deletes_meanwhile() {
        let dir = std::env::temp_dir().join(format!("ferrock-wal-stream-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let o = Options { create_if_missing: true, create_missing_column_families: true, ..Default::default() };
        let cfs = vec![("default".to_string(), o.clone()), ("other".to_string(), o.clone())];
        let (db, handles) = Db::open_cf(&o, &dir, &cfs).unwrap();
        let w = WriteOptions::default();
        // An unflushed write in "other" keeps every WAL alive while "default" flushes.
        db.put_cf(&w, &handles[1], b"pin", b"x").unwrap(); // seq 1
        let mut seq = 1;
        for round in 0..4 {
            for i in 0..50 {
                db.put(&w, format!("k{round}-{i}").as_bytes(), &[b'v'; 100]).unwrap();
                seq += 1;
            }
            db.flush(&FlushOptions::default()).unwrap();
        }
        let wals = || {
            std::fs::read_dir(&dir).unwrap().filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".log")).count()
        };
        assert!(wals() >= 4, "{} WALs", wals());
        let mut it = db.get_updates_since(120).unwrap();
        db.put(&w, b"after", b"not shown").unwrap();
        // Flushing "other" makes every WAL but the current one obsolete: they are deleted,
        // and the iterator keeps reading them through its open files.
        db.flush_cf(&FlushOptions::default(), &handles[1]).unwrap();
        assert!(wals() <= 2, "{} WALs left", wals());
        let mut seen = Vec::new();
        while it.valid() {
            let (s, b) = it.batch().unwrap();
            assert_eq!(b.count(), 1);
            seen.push(s);
            it.next();
        }
        it.status().unwrap();
        assert_eq!(seen, (120..=seq).collect::<Vec<u64>>());
        // Those WALs are gone now: a new iterator from 120 shows only what is left.
        let it = db.get_updates_since(120).unwrap();
        assert!(it.batch().is_none_or(|(s, _)| s > seq), "only batches after the deleted WALs");
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
