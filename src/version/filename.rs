//! Names of the files in a database directory (docs/format/manifest.md §4.1) and
//! the CURRENT file that names the live MANIFEST.
//!
//! Every numbered file (WAL, table, MANIFEST, OPTIONS, temp, blob) takes its
//! number from the one `NextFileNumber` counter of the `VersionSet`, and is
//! zero-padded to at least six digits as RocksDB's `%06llu` does.

use crate::env::{write_file_atomically, FileSystem};
use crate::error::Result;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// The kind of a file in a database directory, as its name tells (RocksDB's `FileType`).
pub enum FileType {
    /// A write-ahead log, `NNNNNN.log`.
    Wal,
    /// A table, `NNNNNN.sst`.
    Table,
    /// A MANIFEST, `MANIFEST-NNNNNN`.
    Manifest,
    /// `CURRENT`, naming the MANIFEST.
    Current,
    /// `IDENTITY`, the DB id.
    Identity,
    /// `LOCK`.
    Lock,
    /// An OPTIONS file, `OPTIONS-NNNNNN`.
    Options,
    /// The info log, `LOG`.
    InfoLog,
    /// An older info log, `LOG.old.<time>`.
    OldInfoLog,
    /// A temporary file, `NNNNNN.dbtmp`.
    Temp,
    /// A blob file, `NNNNNN.blob` (BlobDB; ferrock does not write them).
    Blob,
}

pub const CURRENT_FILE_NAME: &str = "CURRENT";
pub const IDENTITY_FILE_NAME: &str = "IDENTITY";
pub const LOCK_FILE_NAME: &str = "LOCK";
pub const INFO_LOG_FILE_NAME: &str = "LOG";

/// Digits only, no sign, and no overflow (RocksDB's ConsumeDecimalNumber).
fn parse_number(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>().ok()
}

/// Classifies a file name of a database directory; names RocksDB would not
/// recognise give `None` (such files are left alone).
pub fn parse_file_name(name: &str) -> Option<(FileType, u64)> {
    match name {
        CURRENT_FILE_NAME => return Some((FileType::Current, 0)),
        IDENTITY_FILE_NAME => return Some((FileType::Identity, 0)),
        LOCK_FILE_NAME => return Some((FileType::Lock, 0)),
        INFO_LOG_FILE_NAME => return Some((FileType::InfoLog, 0)),
        _ => {}
    }
    if let Some(rest) = name.strip_prefix("LOG.old.") {
        return parse_number(rest).map(|n| (FileType::OldInfoLog, n));
    }
    if let Some(rest) = name.strip_prefix("MANIFEST-") {
        return parse_number(rest).map(|n| (FileType::Manifest, n));
    }
    if let Some(rest) = name.strip_prefix("OPTIONS-") {
        // An OPTIONS file still being written is a temp file.
        if let Some(num) = rest.strip_suffix(".dbtmp") {
            return parse_number(num).map(|n| (FileType::Temp, n));
        }
        return parse_number(rest).map(|n| (FileType::Options, n));
    }
    let (num, suffix) = name.split_once('.')?;
    let n = parse_number(num)?;
    let t = match suffix {
        "log" => FileType::Wal,
        "sst" | "ldb" => FileType::Table,
        "dbtmp" => FileType::Temp,
        "blob" => FileType::Blob,
        _ => return None,
    };
    Some((t, n))
}

pub fn wal_file_name(n: u64) -> String {
    format!("{n:06}.log")
}

pub fn table_file_name(n: u64) -> String {
    format!("{n:06}.sst")
}

/// The LevelDB-era table name RocksDB falls back to when `.sst` is missing.
pub fn ldb_table_file_name(n: u64) -> String {
    format!("{n:06}.ldb")
}

pub fn manifest_file_name(n: u64) -> String {
    format!("MANIFEST-{n:06}")
}

pub fn options_file_name(n: u64) -> String {
    format!("OPTIONS-{n:06}")
}

pub fn temp_options_file_name(n: u64) -> String {
    format!("OPTIONS-{n:06}.dbtmp")
}

pub fn temp_file_name(n: u64) -> String {
    format!("{n:06}.dbtmp")
}

pub fn blob_file_name(n: u64) -> String {
    format!("{n:06}.blob")
}

/// Writes CURRENT via a temp file, fsync, rename, directory fsync (RocksDB's SetCurrentFile).
pub fn set_current_file(fs: &dyn FileSystem, dbname: &Path, manifest_number: u64) -> Result<()> {
    let contents = format!("{}\n", manifest_file_name(manifest_number));
    write_file_atomically(fs, dbname, &temp_file_name(manifest_number), CURRENT_FILE_NAME, contents.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::{posix::PosixFileSystem, read_file_to_vec};

    #[test]
    fn parses_every_kind_of_name() {
        assert_eq!(parse_file_name("000012.log"), Some((FileType::Wal, 12)));
        assert_eq!(parse_file_name("000005.sst"), Some((FileType::Table, 5)));
        assert_eq!(parse_file_name("1234567.ldb"), Some((FileType::Table, 1234567)));
        assert_eq!(parse_file_name("CURRENT"), Some((FileType::Current, 0)));
        assert_eq!(parse_file_name("IDENTITY"), Some((FileType::Identity, 0)));
        assert_eq!(parse_file_name("LOCK"), Some((FileType::Lock, 0)));
        assert_eq!(parse_file_name("LOG"), Some((FileType::InfoLog, 0)));
        assert_eq!(parse_file_name("LOG.old.1690000000000000"), Some((FileType::OldInfoLog, 1690000000000000)));
        assert_eq!(parse_file_name("MANIFEST-000005"), Some((FileType::Manifest, 5)));
        assert_eq!(parse_file_name("OPTIONS-000007"), Some((FileType::Options, 7)));
        assert_eq!(parse_file_name("OPTIONS-000007.dbtmp"), Some((FileType::Temp, 7)));
        assert_eq!(parse_file_name("000009.dbtmp"), Some((FileType::Temp, 9)));
        assert_eq!(parse_file_name("000010.blob"), Some((FileType::Blob, 10)));
        for bad in ["", "MANIFEST-", "MANIFEST-x1", "12.txt", "abc.log", "-1.log", "CURRENT1", "99999999999999999999999.log"] {
            assert_eq!(parse_file_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn names_are_zero_padded_to_six_digits() {
        assert_eq!(wal_file_name(4), "000004.log");
        assert_eq!(table_file_name(1234567), "1234567.sst");
        assert_eq!(manifest_file_name(1), "MANIFEST-000001");
        assert_eq!(options_file_name(7), "OPTIONS-000007");
        assert_eq!(temp_file_name(3), "000003.dbtmp");
    }

    #[test]
    fn set_current_file_writes_name_and_newline() {
        let dir = std::env::temp_dir().join(format!("ferrock-filename-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fs = PosixFileSystem;
        set_current_file(&fs, &dir, 5).unwrap();
        assert_eq!(read_file_to_vec(&fs, &dir.join("CURRENT")).unwrap(), b"MANIFEST-000005\n");
        assert!(!dir.join("000005.dbtmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
