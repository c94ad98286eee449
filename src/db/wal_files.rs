//! RocksDB's GetSortedWalFiles and GetCurrentWalFile: the WAL files on disk, each with its
//! number, where it is, its first sequence number and its size (RocksDB's `WalFile`).
//!
//! As RocksDB's WalManager does, the WAL directory is listed with file deletions held off,
//! and so is its `archive/` subdirectory (ferrock archives no WAL itself, but a directory
//! RocksDB used with WAL_ttl_seconds may hold some); a WAL without a first record is left out.
//! The current WAL's buffer is handed to the OS first, so its size counts every write made.

use super::Db;
use crate::error::{Code, Error, Result, SubCode};
use crate::version::filename::{parse_file_name, wal_file_name, FileType};

/// RocksDB's WalFileType (`rocksdb_wal_file_type_*` of c.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalFileType {
    /// In `archive/`, kept after its data was flushed.
    Archived = 0,
    /// In the WAL directory.
    Alive = 1,
}

/// One WAL file (RocksDB's WalFile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalFile {
    /// Relative to the WAL directory, with a leading slash: "/000007.log", or
    /// "/archive/000007.log" when archived (RocksDB's PathName).
    pub path_name: String,
    /// The WAL's number.
    pub log_number: u64,
    /// Live or archived.
    pub file_type: WalFileType,
    /// The sequence number of its first batch; 0 from `current_wal_file` (as RocksDB's).
    pub start_sequence: u64,
    /// The file's size in bytes.
    pub size_file_bytes: u64,
}

const ARCHIVE_DIR: &str = "archive";

impl Db {
    /// RocksDB's GetSortedWalFiles: the archived WALs and those alive, by number.
    pub fn sorted_wal_files(&self) -> Result<Vec<WalFile>> {
        let inner = &self.inner;
        inner.check_open()?;
        if !inner.read_only {
            self.flush_wal(false)?;
            self.disable_file_deletions()?;
        }
        let r = self.list_wals();
        if !inner.read_only {
            self.enable_file_deletions()?;
        }
        r
    }

    fn list_wals(&self) -> Result<Vec<WalFile>> {
        let inner = &self.inner;
        let mut out = Vec::new();
        let archive = inner.wal_dir.join(ARCHIVE_DIR);
        for (dir, file_type) in [(&archive, WalFileType::Archived), (&inner.wal_dir, WalFileType::Alive)] {
            if file_type == WalFileType::Archived && !inner.fs.file_exists(dir) {
                continue;
            }
            let mut numbers: Vec<u64> = inner
                .fs
                .list_dir(dir)?
                .iter()
                .filter_map(|name| match parse_file_name(name) {
                    Some((FileType::Wal, n)) => Some(n),
                    _ => None,
                })
                .collect();
            numbers.sort_unstable();
            for n in numbers {
                let path = dir.join(wal_file_name(n));
                let Some(first) = super::wal_iter::first_sequence(inner.fs.new_sequential_file(&path)?, n, true) else {
                    continue;
                };
                let size = inner.fs.file_size(&path)?;
                let path_name = match file_type {
                    WalFileType::Archived => format!("/{ARCHIVE_DIR}/{}", wal_file_name(n)),
                    WalFileType::Alive => format!("/{}", wal_file_name(n)),
                };
                out.push(WalFile { path_name, log_number: n, file_type, start_sequence: first, size_file_bytes: size });
            }
        }
        // A WAL both alive and archived (caught in the middle of a move) is listed once, alive.
        out.sort_by_key(|w| (w.log_number, w.file_type != WalFileType::Alive));
        out.dedup_by_key(|w| w.log_number);
        Ok(out)
    }

    /// RocksDB's GetCurrentWalFile: the WAL being written, its size as of now; start_sequence
    /// is 0 (RocksDB does not read it). A read-only database writes none: "IO error: No such
    /// file or directory: log file not available" (RocksDB's answer for WAL number 0).
    pub fn current_wal_file(&self) -> Result<WalFile> {
        let inner = &self.inner;
        inner.check_open()?;
        if inner.read_only {
            return Err(Error::with_subcode(Code::IOError, SubCode::PathNotFound, "log file not available"));
        }
        self.flush_wal(false)?;
        let number = inner.wal.lock().number;
        let size = inner.fs.file_size(&inner.wal_path(number))?;
        Ok(WalFile {
            path_name: format!("/{}", wal_file_name(number)),
            log_number: number,
            file_type: WalFileType::Alive,
            start_sequence: 0,
            size_file_bytes: size,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::WalFileType;
    use crate::db::Db;
    use crate::options::{FlushOptions, Options, WriteOptions};
    use crate::util::testutil::TempDir;

    #[test]
    fn sorted_wal_files_list_the_written_wals_and_the_current_one_is_last() {
        let dir = TempDir::new("wal-files");
        let db = Db::open(&Options { create_if_missing: true, ..Default::default() }, &dir.0).unwrap();
        let wo = WriteOptions::default();
        db.put(&wo, b"a", b"1").unwrap();
        db.put(&wo, b"b", b"2").unwrap();
        let first = db.sorted_wal_files().unwrap();
        assert_eq!(first.len(), 1, "{first:?}");
        let w = &first[0];
        assert_eq!(w.file_type, WalFileType::Alive);
        assert_eq!(w.path_name, format!("/{:06}.log", w.log_number));
        assert_eq!(w.start_sequence, 1);
        assert!(w.size_file_bytes > 0);
        assert_eq!(w.size_file_bytes, std::fs::metadata(dir.0.join(&w.path_name[1..])).unwrap().len());

        let current = db.current_wal_file().unwrap();
        assert_eq!((current.log_number, current.file_type, current.start_sequence), (w.log_number, WalFileType::Alive, 0));

        // Kept by disabled deletions, the flushed WAL stays listed before the new one, which
        // starts at the next sequence number.
        db.disable_file_deletions().unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&wo, b"c", b"3").unwrap();
        let after = db.sorted_wal_files().unwrap();
        assert_eq!(after.len(), 2, "{after:?}");
        assert_eq!(after[0].log_number, w.log_number);
        assert!(after[1].log_number > w.log_number);
        assert_eq!(after[1].start_sequence, 3);
        let current = db.current_wal_file().unwrap();
        assert_eq!(current.log_number, after[1].log_number);
        assert_eq!(current.size_file_bytes, after[1].size_file_bytes);
        db.enable_file_deletions().unwrap();
    }

    #[test]
    fn an_archived_wal_is_listed_with_its_archive_path() {
        let dir = TempDir::new("wal-files-archive");
        let db = Db::open(&Options { create_if_missing: true, ..Default::default() }, &dir.0).unwrap();
        db.put(&WriteOptions::default(), b"a", b"1").unwrap();
        let live = db.sorted_wal_files().unwrap();
        // A copy under a number below the live one, as RocksDB's archiving leaves.
        std::fs::create_dir(dir.0.join("archive")).unwrap();
        std::fs::copy(dir.0.join(&live[0].path_name[1..]), dir.0.join("archive/000001.log")).unwrap();
        let all = db.sorted_wal_files().unwrap();
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!((all[0].path_name.as_str(), all[0].file_type, all[0].log_number), ("/archive/000001.log", WalFileType::Archived, 1));
        assert_eq!(all[1], live[0]);
    }
}
