//! Restoring a backup (RocksDB's RestoreDBFromBackup): the backup's files become the database
//! in `db_dir`, its WALs in `wal_dir`, every file checked against the CRC32C its meta file
//! records. RocksDB's modes decide which files already in `db_dir` may stay: none
//! (`kPurgeAllFiles`, the default), tables whose DB session id and size name the backup's copy
//! (`kKeepLatestDbSessionIdFiles`), or tables whose contents have the backup's checksum
//! (`kVerifyChecksum`). `keep_log_files` keeps the WALs of `wal_dir` and moves archived ones back.
//!
//! Where ferrock is stricter than RocksDB, which deletes the target's files before it copies:
//! every file is first copied into `<dir>/.restore.tmp/` and checked, so a corrupted or truncated
//! backup file fails the restore with Corruption and the target is left as it was; only then are
//! the old files deleted and the new ones renamed into place, CURRENT last. A directory whose
//! database is open (its LOCK held) is refused with the lock error instead of being overwritten.

use super::naming;
use super::BackupEngine;
use crate::error::{Error, Result};
use crate::version::filename::{parse_file_name, FileType};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// RocksDB's RestoreOptions::Mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestoreMode {
    KeepLatestDbSessionIdFiles = 1,
    VerifyChecksum = 2,
    PurgeAllFiles = 0xffff,
}

/// RocksDB's RestoreOptions.
#[derive(Clone, Debug)]
pub struct RestoreOptions {
    /// Keep the WALs already in `wal_dir` (and move archived ones back) instead of replacing them.
    pub keep_log_files: bool,
    /// A `RestoreMode` value as the C API sets it; an unknown value restores every file.
    pub mode: u32,
}

impl Default for RestoreOptions {
    fn default() -> Self {
        RestoreOptions { keep_log_files: false, mode: RestoreMode::PurgeAllFiles as u32 }
    }
}

const STAGING: &str = ".restore.tmp";
/// `delete_children`'s filter bit for WAL files (RocksDB's `1 << kWalFile`).
const KEEP_WALS: u32 = 1;

/// A file to restore: where it comes from and goes.
struct Planned {
    rel: String,
    name: String,
    dest_dir: PathBuf,
    is_current: bool,
    crc32c: Option<u32>,
}

impl BackupEngine {
    /// Restores backup `id` (the latest valid one with `None`) into `db_dir` / `wal_dir`.
    pub fn restore_db_from_backup(&self, opts: &RestoreOptions, id: Option<u32>, db_dir: &Path, wal_dir: &Path) -> Result<()> {
        let st = self.state.lock();
        let id = id.unwrap_or(st.latest_valid_backup_id);
        if let Some(e) = st.corrupt.get(&id) {
            return Err(e.clone());
        }
        let backup = match st.backups.get(&id) {
            Some(b) if !b.files.is_empty() => b,
            _ => return Err(Error::not_found("Backup not found")),
        };
        let fs = self.db_fs.clone();
        let _ = fs.create_dir_all(db_dir);
        let _ = fs.create_dir_all(wal_dir);

        let keep_session = opts.mode == RestoreMode::KeepLatestDbSessionIdFiles as u32;
        let mut unowned: HashSet<String> = HashSet::new();
        for f in &backup.excluded {
            if !st.files.contains_key(f) {
                if keep_session {
                    unowned.insert(f.clone());
                    continue;
                }
                return Err(Error::invalid_argument(format!("Excluded file {f} not found in any of %d0backup directories!")));
            }
        }
        let mut restore: Vec<&str> = backup.excluded.iter().filter(|f| st.files.contains_key(*f)).map(String::as_str).collect();
        restore.extend(backup.files.iter().map(String::as_str));
        let keep = self.files_to_keep(&st.files, &restore, &mut unowned, db_dir, opts.mode)?;
        if let Some(first) = unowned.iter().next() {
            return Err(Error::invalid_argument(format!(
                "Excluded file {first} (one amongst {}) not found in any of0backup directories!",
                unowned.len()
            )));
        }
        // A database open on the target holds its LOCK: refuse rather than overwrite it.
        let lock = db_dir.join("LOCK");
        if fs.file_exists(&lock) {
            drop(fs.lock_file(&lock)?);
        }

        let mut planned = Vec::new();
        for rel in restore {
            let name = naming::db_file_name(rel);
            let Some((file_type, number)) = parse_file_name(&name) else {
                return Err(Error::corruption(format!("Backup corrupted: Fail to parse filename {name}")));
            };
            if keep.contains(&number) {
                continue;
            }
            planned.push(Planned {
                rel: rel.to_string(),
                dest_dir: if file_type == FileType::Wal { wal_dir.to_path_buf() } else { db_dir.to_path_buf() },
                is_current: file_type == FileType::Current,
                name,
                crc32c: st.files[rel].crc32c,
            });
        }
        let staging_dirs: Vec<PathBuf> = {
            let mut v: Vec<PathBuf> = planned.iter().map(|p| p.dest_dir.join(STAGING)).collect();
            v.sort();
            v.dedup();
            v
        };
        let staged = self.stage(&planned, &staging_dirs);
        if let Err(e) = staged {
            for d in &staging_dirs {
                let _ = crate::utilities::checkpoint::remove_dir_and_files(fs.as_ref(), d);
            }
            return Err(e);
        }

        // Every file is in hand: replace the target's files with them.
        let kept_numbers = &keep;
        if opts.keep_log_files {
            delete_children(fs.as_ref(), db_dir, kept_numbers, KEEP_WALS);
            let archive = wal_dir.join("archive");
            if let Ok(names) = fs.list_dir(&archive) {
                for n in names {
                    if let Some((FileType::Wal, _)) = parse_file_name(&n) {
                        fs.rename(&archive.join(&n), &wal_dir.join(&n))?;
                    }
                }
            }
        } else {
            delete_children(fs.as_ref(), wal_dir, kept_numbers, 0);
            delete_children(fs.as_ref(), &wal_dir.join("archive"), kept_numbers, 0);
            delete_children(fs.as_ref(), db_dir, kept_numbers, 0);
        }
        for p in planned.iter().filter(|p| !p.is_current) {
            fs.rename(&p.dest_dir.join(STAGING).join(&p.name), &p.dest_dir.join(&p.name))?;
        }
        if self.opts.sync {
            fs.sync_dir(db_dir)?;
            if wal_dir != db_dir {
                fs.sync_dir(wal_dir)?;
            }
        }
        for p in planned.iter().filter(|p| p.is_current) {
            fs.rename(&p.dest_dir.join(STAGING).join(&p.name), &p.dest_dir.join(&p.name))?;
            if self.opts.sync {
                fs.sync_dir(&p.dest_dir)?;
            }
        }
        for d in &staging_dirs {
            let _ = fs.remove_dir(d);
        }
        Ok(())
    }

    /// Copies each planned file into its staging directory and checks its checksum.
    fn stage(&self, planned: &[Planned], staging_dirs: &[PathBuf]) -> Result<()> {
        let fs = self.db_fs.as_ref();
        for d in staging_dirs {
            crate::utilities::checkpoint::remove_dir_and_files(fs, d)?;
            fs.create_dir_all(d)?;
        }
        let ctl = self.copy_control(self.opts.restore_rate_limiter.clone(), None);
        let ctl = crate::utilities::copy::CopyControl { stop: None, ..ctl };
        let mut toward = 0;
        for p in planned {
            let src = self.abs(&p.rel);
            let staged = p.dest_dir.join(STAGING).join(&p.name);
            let copied = ctl.copy_file(self.backup_fs.as_ref(), &src, fs, &staged, 0, self.opts.sync, &mut toward)?;
            if let Some(want) = p.crc32c {
                if want != copied.crc32c {
                    let to = if p.is_current { p.dest_dir.join("CURRENT.tmp") } else { p.dest_dir.join(&p.name) };
                    return Err(Error::corruption(format!(
                        "While restoring {} -> {}: expected checksum is {} while computed checksum is {}",
                        p.rel,
                        to.display(),
                        naming::crc_hex(want),
                        naming::crc_hex(copied.crc32c)
                    )));
                }
            }
        }
        for d in staging_dirs {
            if self.opts.sync {
                fs.sync_dir(d)?;
            }
        }
        Ok(())
    }

    /// RocksDB's InferDBFilesToRetainInRestore: numbers of the tables already in `db_dir` that
    /// the restore keeps instead of copying.
    fn files_to_keep(
        &self,
        records: &HashMap<String, super::FileRecord>,
        restore: &[&str],
        unowned: &mut HashSet<String>,
        db_dir: &Path,
        mode: u32,
    ) -> Result<HashSet<u64>> {
        let mut keep = HashSet::new();
        let by_session = mode == RestoreMode::KeepLatestDbSessionIdFiles as u32;
        let by_checksum = mode == RestoreMode::VerifyChecksum as u32;
        if !by_session && !by_checksum {
            return Ok(keep);
        }
        let mut backup_tables: HashMap<u64, &str> = HashMap::new();
        for rel in restore {
            if let Some((t, n)) = parse_file_name(&naming::db_file_name(rel)) {
                if t == FileType::Table || (t == FileType::Blob && by_checksum) {
                    backup_tables.insert(n, rel);
                }
            }
        }
        let fs = self.db_fs.as_ref();
        let ctl = crate::utilities::copy::CopyControl { rate_limiter: self.opts.restore_rate_limiter.clone(), ..Default::default() };
        for name in fs.list_dir(db_dir).unwrap_or_default() {
            let Some((t, n)) = parse_file_name(&name) else { continue };
            if t != FileType::Table && !(t == FileType::Blob && by_checksum) {
                continue;
            }
            let path = db_dir.join(&name);
            let Ok(size) = fs.file_size(&path) else { continue };
            if by_session {
                let Ok(session) = super::create::table_session_id(fs, &path) else { continue };
                let (shared, _) = naming::shared_file(
                    naming::SHARED_CHECKSUM_DIR,
                    &naming::shared_checksum_name(&name, 0, size, &session, naming::USE_DB_SESSION_ID | naming::FLAG_INCLUDE_FILE_SIZE),
                );
                let found = backup_tables.get(&n).is_some_and(|rel| **rel == shared) || unowned.remove(&shared);
                if found && !session.is_empty() {
                    keep.insert(n);
                }
            } else {
                let Some(rel) = backup_tables.get(&n).filter(|rel| naming::db_file_name(rel) == name) else { continue };
                let want = match records.get(*rel).and_then(|r| r.crc32c) {
                    Some(c) => c,
                    None => match ctl.checksum_file(self.backup_fs.as_ref(), &self.abs(rel), 0) {
                        Ok(c) => c.crc32c,
                        Err(_) => continue,
                    },
                };
                if ctl.checksum_file(fs, &path, 0).is_ok_and(|c| c.crc32c == want) {
                    keep.insert(n);
                }
            }
        }
        Ok(keep)
    }
}

/// RocksDB's DeleteChildren: removes the files of `dir` except those numbered in `keep` and
/// WALs when `type_filter` has `KEEP_WALS`; errors are ignored.
fn delete_children(fs: &dyn crate::env::FileSystem, dir: &Path, keep: &HashSet<u64>, type_filter: u32) {
    let Ok(names) = fs.list_dir(dir) else { return };
    for name in names {
        if name == STAGING {
            continue;
        }
        if let Some((t, n)) = parse_file_name(&name) {
            if keep.contains(&n) || (t == FileType::Wal && type_filter & KEEP_WALS != 0) {
                continue;
            }
        }
        let _ = fs.remove_file(&dir.join(&name));
    }
}
