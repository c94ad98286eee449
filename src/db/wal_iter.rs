//! The WAL iterator (RocksDB's `GetUpdatesSince` / `TransactionLogIterator`): the write
//! batches still in the WAL files on disk (rocksdb-formats.md's log format), from the
//! batch holding a given sequence number on. The files are read when the iterator is
//! made, with file deletions held off, so a WAL cannot vanish half-read.

use super::Db;
use crate::batch::WriteBatch;
use crate::error::{Error, Result};
use crate::log::reader::LogReader;
use crate::version::filename::{parse_file_name, FileType};

/// Batches from the WAL in sequence order; each carries its first sequence number.
pub struct WalIterator {
    batches: Vec<WriteBatch>,
    at: usize,
}

impl WalIterator {
    pub fn valid(&self) -> bool {
        self.at < self.batches.len()
    }

    pub fn next(&mut self) {
        if self.valid() {
            self.at += 1;
        }
    }

    /// The current batch and its first sequence number.
    pub fn batch(&self) -> Option<(u64, &WriteBatch)> {
        self.batches.get(self.at).map(|b| (b.sequence(), b))
    }

    pub fn status(&self) -> Result<()> {
        Ok(())
    }
}

impl Db {
    /// The write batches from the one holding `seq` on. NotFound when `seq` is not yet
    /// written, or when the WAL that held it is gone (flushed and deleted).
    pub fn get_updates_since(&self, seq: u64) -> Result<WalIterator> {
        let db = &*self.inner;
        db.check_open()?;
        let last = self.latest_sequence_number();
        if seq > last {
            return Err(Error::new(crate::error::Code::NotFound, "Requested sequence not yet written in the db"));
        }
        if !db.read_only {
            self.flush_wal(false)?;
            self.disable_file_deletions()?;
        }
        let r = self.read_wal_batches(seq, last);
        if !db.read_only {
            self.enable_file_deletions()?;
        }
        let batches = r?;
        match batches.first() {
            Some(b) if b.sequence() <= seq => Ok(WalIterator { batches, at: 0 }),
            _ => Err(Error::new(
                crate::error::Code::NotFound,
                format!("Requested sequence {seq} is no longer in the WAL files"),
            )),
        }
    }

    fn read_wal_batches(&self, seq: u64, last: u64) -> Result<Vec<WriteBatch>> {
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
        let mut out: Vec<WriteBatch> = Vec::new();
        for (i, n) in wals.iter().enumerate() {
            let file = db.fs.new_sequential_file(&db.wal_path(*n))?;
            let mut reader = LogReader::new(file, *n, true);
            let mut record = Vec::new();
            loop {
                match reader.read_record(&mut record) {
                    Ok(true) => {}
                    Ok(false) => break,
                    // The newest WAL may end in a record still being written.
                    Err(_) if i + 1 == wals.len() => break,
                    Err(e) => return Err(e),
                }
                let batch = WriteBatch::from_data(&record)?;
                let first = batch.sequence();
                if first > last {
                    break;
                }
                let count = u64::from(batch.count()).max(1);
                if first + count - 1 < seq {
                    continue;
                }
                // Only the first batch kept may start before `seq`; a gap before it means lost WALs.
                if out.is_empty() && first > seq {
                    return Ok(Vec::new());
                }
                out.push(batch);
            }
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

        // After a flush the old WAL is deleted: its sequences are gone, newer ones remain.
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&w, b"k5", b"v5").unwrap(); // seq 6
        assert!(db.get_updates_since(2).err().unwrap().to_string().starts_with("NotFound"));
        assert_eq!(collect(6), [(6, 1)]);
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
