//! Checkpoints (RocksDB's `Checkpoint::CreateCheckpoint`): an openable copy of a live database
//! in a new directory, built in `<dir>.tmp` and renamed into place. The files come from
//! `Db::live_files_storage_info`: tables are hard-linked (copied when linking fails, e.g. across
//! file systems), the MANIFEST and WALs copied up to their size at that moment, CURRENT created,
//! the live OPTIONS file copied; IDENTITY is not (a checkpoint keeps the DB id only through the
//! MANIFEST, with `write_dbid_to_manifest`). Everything goes through the database's
//! `FileSystem`; every copied or created file is synced, and the directory after the rename.
//!
//! `log_size_for_flush` as RocksDB's checkpoint.h states it: when the live WALs total less, the
//! memtables are not flushed and the WALs carry the unflushed writes (writes made without the
//! WAL are then missing, as in RocksDB); with two-phase commit a flush always happens. A
//! database whose tables live in several directories answers NotSupported.
//!
//! Column family export (`export_column_family`) lives here too, as in RocksDB: the family is
//! flushed and its tables linked or copied into a new directory, with their metadata for
//! `Db::create_column_family_with_import`.

use crate::db::import::ExportImportFilesMetaData;
use crate::db::live_files::{LiveFileStorageInfo, LiveFilesStorageInfoOptions};
use crate::db::metadata::{LiveFileMetaData, SstFileMetaData};
use crate::db::{ColumnFamilyHandle, Db};
use crate::env::FileSystem;
use crate::error::{Code, Error, Result};
use crate::utilities::copy::CopyControl;
use crate::version::filename::FileType;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// `<dir>` with its trailing slashes removed and `.tmp` appended (RocksDB's staging name).
pub(crate) fn staging_dir(dir: &Path, what: &str) -> Result<PathBuf> {
    let s = dir.to_string_lossy();
    let trimmed = s.trim_end_matches('/');
    if trimmed.is_empty() {
        return Err(Error::invalid_argument(what.to_string()));
    }
    Ok(PathBuf::from(format!("{trimmed}.tmp")))
}

/// Removes `dir`'s files, then `dir` (RocksDB's CleanStagingDirectory).
pub(crate) fn remove_dir_and_files(fs: &dyn FileSystem, dir: &Path) -> Result<()> {
    if !fs.file_exists(dir) {
        return Ok(());
    }
    let mut result = Ok(());
    for name in fs.list_dir(dir)? {
        if let Err(e) = fs.remove_file(&dir.join(&name)) {
            if result.is_ok() {
                result = Err(e);
            }
        }
    }
    result?;
    fs.remove_dir(dir)
}

/// How the files of a live database reach a copy (shared with the backup engine).
pub(crate) struct LiveFileSink<'a> {
    /// Hard-link a whole, immutable file; `Err` falls back to a copy from then on.
    pub link: &'a mut dyn FnMut(&LiveFileStorageInfo) -> Result<()>,
    /// Copy `info.size` bytes of the file.
    pub copy: &'a mut dyn FnMut(&LiveFileStorageInfo) -> Result<()>,
    /// Create the file with these contents.
    pub create: &'a mut dyn FnMut(&LiveFileStorageInfo, &[u8]) -> Result<()>,
}

impl Db {
    /// RocksDB's CreateCustomCheckpoint: lists the live files (flushing as `log_size_for_flush`
    /// says) and hands each to `sink`, with file deletions disabled throughout. Returns a
    /// sequence number the copy holds.
    pub(crate) fn copy_live_files(&self, log_size_for_flush: u64, sink: LiveFileSink<'_>) -> Result<u64> {
        let sequence = self.latest_sequence_number();
        self.disable_file_deletions()?;
        let result = (|| {
            let opts = LiveFilesStorageInfoOptions { wal_size_for_flush: log_size_for_flush, ..Default::default() };
            let infos = self.live_files_storage_info(&opts)?;
            let dirs: BTreeSet<&Path> = infos.iter().filter(|i| i.file_type != FileType::Wal).map(|i| i.directory.as_path()).collect();
            if dirs.len() > 1 {
                return Err(Error::not_supported("db_paths / cf_paths not supported for Checkpoint nor BackupEngine"));
            }
            let mut linking = true;
            for info in &infos {
                if let Some(contents) = &info.replacement_contents {
                    if info.size != contents.len() as u64 {
                        return Err(Error::corruption(format!("Inconsistent size metadata for {}", info.relative_filename)));
                    }
                    (sink.create)(info, contents)?;
                    continue;
                }
                // A file that may still grow and was empty when listed (the current WAL, just
                // started by the flush above) is created empty: a copy bound of 0 reads as "the
                // whole file" (as RocksDB's CopyFile has it), which would bring in writes made
                // after the listing, ones the copied MANIFEST may not know (a column family
                // created since), so that the copy held a later write without an earlier one.
                if info.trim_to_size && info.size == 0 {
                    (sink.create)(info, &[])?;
                    continue;
                }
                if linking && !info.trim_to_size {
                    match (sink.link)(info) {
                        Ok(()) => continue,
                        Err(e) if e.code() == Code::NotSupported || e.code() == Code::IOError => linking = false,
                        Err(e) => return Err(e),
                    }
                }
                (sink.copy)(info)?;
            }
            Ok(())
        })();
        let enabled = self.enable_file_deletions();
        result?;
        enabled?;
        Ok(sequence)
    }

    /// Creates a checkpoint in `dir`, which must not exist (RocksDB's
    /// `Checkpoint::CreateCheckpoint`): an openable copy of the database, its tables hard-linked
    /// (copied across file systems), the MANIFEST and WALs copied. The memtables are flushed
    /// first unless the live WALs total less than `log_size_for_flush` bytes (0: always flush).
    /// Returns a sequence number the checkpoint holds. Errors: InvalidArgument when `dir`
    /// exists, NotSupported for a database with several table directories, IO errors.
    pub fn create_checkpoint(&self, dir: &Path, log_size_for_flush: u64) -> Result<u64> {
        self.inner.check_open()?;
        let fs = self.inner.fs.clone();
        if fs.file_exists(dir) {
            return Err(Error::invalid_argument("Directory exists"));
        }
        let staging = staging_dir(dir, "invalid checkpoint directory name")?;
        remove_dir_and_files(fs.as_ref(), &staging).map_err(|e| {
            Error::new(
                Code::Aborted,
                format!(
                    "Failed to clean the temporary directory {} needed before checkpoint creation : {e}",
                    staging.display()
                ),
            )
        })?;
        let sync = true;
        let ctl = CopyControl::default();
        let result = (|| {
            fs.create_dir_all(&staging)?;
            let mut toward = 0u64;
            let fs_link = fs.clone();
            let staging_link = staging.clone();
            let fs_copy = fs.clone();
            let staging_copy = staging.clone();
            let fs_create = fs.clone();
            let staging_create = staging.clone();
            let ctl_create = ctl.clone();
            let sequence = self.copy_live_files(
                log_size_for_flush,
                LiveFileSink {
                    link: &mut |info: &LiveFileStorageInfo| {
                        fs_link.link_file(&info.directory.join(&info.relative_filename), &staging_link.join(&info.relative_filename))
                    },
                    copy: &mut |info: &LiveFileStorageInfo| {
                        ctl.copy_file(
                            fs_copy.as_ref(),
                            &info.directory.join(&info.relative_filename),
                            fs_copy.as_ref(),
                            &staging_copy.join(&info.relative_filename),
                            info.size,
                            sync,
                            &mut toward,
                        )
                        .map(|_| ())
                    },
                    create: &mut |info: &LiveFileStorageInfo, contents: &[u8]| {
                        ctl_create.create_file(fs_create.as_ref(), &staging_create.join(&info.relative_filename), contents, sync).map(|_| ())
                    },
                },
            )?;
            fs.sync_dir(&staging)?;
            fs.rename(&staging, dir)?;
            fs.sync_dir(dir)?;
            if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
                fs.sync_dir(parent)?;
            }
            Ok(sequence)
        })();
        match result {
            Ok(seq) => {
                self.inner.info_log.log(&format!("Snapshot DONE. All is good; sequence number {seq}"));
                Ok(seq)
            }
            Err(e) => {
                self.inner.info_log.log(&format!("Snapshot failed -- {e}"));
                let _ = remove_dir_and_files(fs.as_ref(), &staging);
                Err(e)
            }
        }
    }
}

impl Db {
    /// RocksDB's ExportColumnFamily: flushes `cf`, then links (or copies) its live tables into
    /// `export_dir`, which must not exist, through `<export_dir>.tmp`. Returns the tables'
    /// metadata, naming `export_dir` as their directory, for `create_column_family_with_import`.
    pub fn export_column_family(&self, cf: &ColumnFamilyHandle, export_dir: &Path) -> Result<ExportImportFilesMetaData> {
        self.inner.check_open()?;
        let fs = self.inner.fs.clone();
        if fs.file_exists(export_dir) {
            return Err(Error::invalid_argument("Specified export_dir exists"));
        }
        let staging = staging_dir(export_dir, "Specified export_dir invalid")?;
        if fs.file_exists(&staging) {
            return Err(Error::io(format!("While mkdir: {}: File exists", staging.display())));
        }
        let comparator = self.inner.cf_for_handle(cf)?.user_comparator().name().into_owned();
        let mut renamed = false;
        let result = (|| {
            fs.create_dir_all(&staging)?;
            self.flush_cf(&crate::options::FlushOptions::default(), cf)?;
            self.disable_file_deletions()?;
            let copied = (|| {
                let meta = self.column_family_metadata(cf, None)?;
                let mut linking = true;
                for level in &meta.levels {
                    for f in &level.files {
                        let src = Path::new(&f.directory).join(&f.relative_filename);
                        let dst = staging.join(&f.relative_filename);
                        if linking && fs.link_file(&src, &dst).is_err() {
                            linking = false;
                        }
                        if !linking {
                            CopyControl::default().copy_file(fs.as_ref(), &src, fs.as_ref(), &dst, 0, true, &mut 0)?;
                        }
                    }
                }
                Ok(meta)
            })();
            let enabled = self.enable_file_deletions();
            let meta = copied?;
            enabled?;
            fs.sync_dir(&staging)?;
            fs.rename(&staging, export_dir)?;
            renamed = true;
            fs.sync_dir(export_dir)?;
            let directory = export_dir.to_string_lossy().into_owned();
            let files = meta
                .levels
                .iter()
                .flat_map(|l| {
                    let directory = directory.clone();
                    let name = meta.name.clone();
                    l.files.iter().map(move |f| LiveFileMetaData {
                        column_family_name: name.clone(),
                        level: l.level,
                        file: SstFileMetaData { directory: directory.clone(), ..f.clone() },
                    })
                })
                .collect();
            Ok(ExportImportFilesMetaData { db_comparator_name: comparator, files })
        })();
        if result.is_err() {
            let _ = remove_dir_and_files(fs.as_ref(), if renamed { export_dir } else { &staging });
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use crate::db::Db;
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
    use crate::util::testutil::{RecordingFs, TempDir};

    fn opts() -> Options {
        Options { create_if_missing: true, ..Default::default() }
    }

    #[test]
    fn a_checkpoint_opens_with_the_data_and_stays_apart() {
        let base = TempDir::created("checkpoint");
        let (src, cp) = (base.0.join("db"), base.0.join("cp"));
        let db = Db::open(&opts(), &src).unwrap();
        for i in 0..100u32 {
            db.put(&WriteOptions::default(), format!("k{i:03}").as_bytes(), b"v").unwrap();
        }
        db.create_checkpoint(&cp, 0).unwrap();
        assert!(db.create_checkpoint(&cp, 0).unwrap_err().to_string().contains("Directory exists"));
        db.put(&WriteOptions::default(), b"after", b"x").unwrap();
        let copy = Db::open(&Options::default(), &cp).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"k050").unwrap(), Some(b"v".to_vec()));
        assert_eq!(copy.get(&ReadOptions::new(), b"after").unwrap(), None);
        copy.put(&WriteOptions::default(), b"k050", b"changed").unwrap();
        assert_eq!(db.get(&ReadOptions::new(), b"k050").unwrap(), Some(b"v".to_vec()));
        copy.close().unwrap();
        db.close().unwrap();
        // RocksDB opens the checkpoint too.
        if let Ok(out) =
            crate::util::testutil::system_command("/usr/bin/ldb").arg(format!("--db={}", cp.display())).args(["get", "k001"]).output()
        {
            assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "v", "{}", String::from_utf8_lossy(&out.stderr));
        }
    }

    #[test]
    fn the_staging_directory_is_the_name_with_tmp_appended() {
        let base = TempDir::created("checkpoint-staging");
        let db = Db::open(&opts(), base.0.join("db")).unwrap();
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        // An unrelated directory named like a sibling's extension-swapped staging directory.
        std::fs::create_dir(base.0.join("cp.tmp")).unwrap();
        std::fs::write(base.0.join("cp.tmp").join("keep"), b"mine").unwrap();
        db.create_checkpoint(&base.0.join("cp.1"), 0).unwrap();
        db.create_checkpoint(&base.0.join("cp.2"), 0).unwrap();
        assert_eq!(std::fs::read(base.0.join("cp.tmp").join("keep")).unwrap(), b"mine", "cp.tmp is not cp.1's staging directory");
        assert!(!base.0.join("cp.1.tmp").exists() && !base.0.join("cp.2.tmp").exists());
        for cp in ["cp.1", "cp.2"] {
            let copy = Db::open(&Options::default(), base.0.join(cp)).unwrap();
            assert_eq!(copy.get(&ReadOptions::new(), b"k").unwrap(), Some(b"v".to_vec()));
        }
        // A leftover staging directory of the same name is cleaned first, as RocksDB does.
        std::fs::create_dir(base.0.join("cp.3.tmp")).unwrap();
        std::fs::write(base.0.join("cp.3.tmp").join("000099.sst"), b"stale").unwrap();
        db.create_checkpoint(&base.0.join("cp.3/"), 0).unwrap();
        assert!(!base.0.join("cp.3").join("000099.sst").exists());
        assert_eq!(db.create_checkpoint(std::path::Path::new(""), 0).unwrap_err().to_string(), "Invalid argument: invalid checkpoint directory name");
    }

    #[test]
    fn a_checkpoint_is_written_and_synced_through_the_file_system() {
        let base = TempDir::created("checkpoint-fs");
        let fs = RecordingFs::new();
        let o = Options { create_if_missing: true, fs: Some(fs.clone()), ..Default::default() };
        let db = Db::open(&o, base.0.join("db")).unwrap();
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&WriteOptions::default(), b"k2", b"v2").unwrap();
        fs.events.lock().clear();
        let cp = base.0.join("cp");
        // log_size_for_flush above the WAL size: the WAL is copied, not flushed.
        db.create_checkpoint(&cp, u64::MAX - 1).unwrap();
        let events = fs.events();
        let staging = base.0.join("cp.tmp");
        let rename = format!("rename {} {}", staging.display(), cp.display());
        let renamed_at = events.iter().position(|e| *e == rename).unwrap_or_else(|| panic!("no {rename} in {events:?}"));
        let mut linked_tables = 0;
        for name in std::fs::read_dir(&cp).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()) {
            let staged = staging.join(&name).display().to_string();
            let linked = events[..renamed_at].iter().any(|e| e.starts_with("link ") && e.ends_with(&format!(" {staged}")));
            let created = events[..renamed_at].iter().any(|e| *e == format!("create {staged}"));
            assert!(linked || created, "{name} did not come through the FileSystem: {events:?}");
            if created {
                assert!(events[..renamed_at].contains(&format!("sync {staged}")), "{name} was not synced: {events:?}");
            }
            if linked {
                // As RocksDB: whole immutable files are linked (tables, OPTIONS), growing ones copied.
                assert!(name.ends_with(".sst") || name.starts_with("OPTIONS-"), "{name} may still grow: it must be copied");
                linked_tables += name.ends_with(".sst") as usize;
            }
        }
        assert_eq!(linked_tables, 1);
        assert!(events[..renamed_at].contains(&format!("sync_dir {}", staging.display())), "{events:?}");
        assert!(events[renamed_at..].contains(&format!("sync_dir {}", cp.display())), "not synced after the rename: {events:?}");
        assert!(!cp.join("IDENTITY").exists(), "RocksDB's checkpoints do not carry IDENTITY");
        let copy = Db::open(&Options::default(), &cp).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"k2").unwrap(), Some(b"v2".to_vec()), "the unflushed write came with the WAL");
    }

    /// Found by the stress test (seed 12): a checkpoint held writes made after its listing to
    /// one column family and lacked those to a family created after the listing.
    #[test]
    fn a_wal_that_was_empty_when_listed_stays_empty_in_the_copy() {
        use crate::utilities::copy::CopyControl;
        use std::cell::Cell;
        let base = TempDir::created("checkpoint-empty-wal");
        let (src, cp) = (base.0.join("db"), base.0.join("cp"));
        let db = Db::open(&opts(), &src).unwrap();
        db.put(&WriteOptions::default(), b"before", b"v").unwrap();
        std::fs::create_dir(&cp).unwrap();
        let fs = db.inner.fs.clone();
        let wrote = Cell::new(false);
        // Writes that land after the files are listed and before the WALs are copied: the flush
        // at the start of the checkpoint left the current WAL empty.
        let write_after_listing = || {
            if !wrote.replace(true) {
                let late = db.create_column_family(&opts(), "late").unwrap();
                db.put_cf(&WriteOptions::default(), &late, b"late", b"x").unwrap();
                db.put(&WriteOptions::default(), b"after", b"x").unwrap();
            }
        };
        let (mut toward, ctl) = (0u64, CopyControl::default());
        db.copy_live_files(
            0,
            super::LiveFileSink {
                link: &mut |info| {
                    write_after_listing();
                    fs.link_file(&info.directory.join(&info.relative_filename), &cp.join(&info.relative_filename))
                },
                copy: &mut |info| {
                    write_after_listing();
                    let (from, to) = (info.directory.join(&info.relative_filename), cp.join(&info.relative_filename));
                    ctl.copy_file(fs.as_ref(), &from, fs.as_ref(), &to, info.size, true, &mut toward).map(|_| ())
                },
                create: &mut |info, contents| ctl.create_file(fs.as_ref(), &cp.join(&info.relative_filename), contents, true).map(|_| ()),
            },
        )
        .unwrap();
        assert!(wrote.get());
        let copy = Db::open(&Options::default(), &cp).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"before").unwrap(), Some(b"v".to_vec()));
        assert_eq!(copy.get(&ReadOptions::new(), b"after").unwrap(), None, "a write made after the listing came with the WAL");
        copy.close().unwrap();
        db.close().unwrap();
    }

    #[test]
    fn below_log_size_for_flush_the_wals_carry_the_writes() {
        let base = TempDir::created("checkpoint-logsize");
        let db = Db::open(&opts(), base.0.join("db")).unwrap();
        db.put(&WriteOptions::default(), b"logged", b"1").unwrap();
        let unlogged = WriteOptions { disable_wal: true, ..Default::default() };
        db.put(&unlogged, b"unlogged", b"2").unwrap();
        // Small WAL, big threshold: no flush. The unlogged write is not in the checkpoint.
        db.create_checkpoint(&base.0.join("no-flush"), 1 << 30).unwrap();
        let tables = |d: &str| std::fs::read_dir(base.0.join(d)).unwrap().filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".sst")).count();
        assert_eq!(tables("no-flush"), 0, "nothing was flushed");
        let copy = Db::open(&Options::default(), base.0.join("no-flush")).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"logged").unwrap(), Some(b"1".to_vec()));
        assert_eq!(copy.get(&ReadOptions::new(), b"unlogged").unwrap(), None, "unlogged writes reach a checkpoint only through a flush");
        drop(copy);
        // The default (0) always flushes: both writes are in the checkpoint's tables.
        db.create_checkpoint(&base.0.join("flushed"), 0).unwrap();
        assert_eq!(tables("flushed"), 1);
        let copy = Db::open(&Options::default(), base.0.join("flushed")).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"logged").unwrap(), Some(b"1".to_vec()));
        assert_eq!(copy.get(&ReadOptions::new(), b"unlogged").unwrap(), Some(b"2".to_vec()));
        drop(copy);
        // Writes after a flush, below the threshold: the WAL holds them, trimmed to its size.
        db.put(&WriteOptions::default(), b"late", b"3").unwrap();
        db.create_checkpoint(&base.0.join("late"), 1 << 30).unwrap();
        let copy = Db::open(&Options::default(), base.0.join("late")).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"late").unwrap(), Some(b"3".to_vec()));
        assert_eq!(copy.get(&ReadOptions::new(), b"unlogged").unwrap(), Some(b"2".to_vec()));
    }

    #[test]
    fn with_two_phase_commit_a_checkpoint_always_flushes() {
        let base = TempDir::created("checkpoint-2pc");
        let o = Options { allow_2pc: true, ..opts() };
        let db = Db::open(&o, base.0.join("db")).unwrap();
        let unlogged = WriteOptions { disable_wal: true, ..Default::default() };
        db.put(&unlogged, b"unlogged", b"2").unwrap();
        db.create_checkpoint(&base.0.join("cp"), u64::MAX).unwrap();
        let copy = Db::open(&Options::default(), base.0.join("cp")).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"unlogged").unwrap(), Some(b"2".to_vec()));
    }

    #[test]
    fn the_db_id_travels_only_through_the_manifest() {
        let base = TempDir::created("checkpoint-dbid");
        let in_manifest = Options { write_dbid_to_manifest: true, write_identity_file: false, ..opts() };
        let db = Db::open(&in_manifest, base.0.join("a")).unwrap();
        assert!(!base.0.join("a").join("IDENTITY").exists(), "write_identity_file=false writes none");
        db.create_checkpoint(&base.0.join("a-cp"), 0).unwrap();
        let copy = Db::open(&in_manifest, base.0.join("a-cp")).unwrap();
        assert_eq!(copy.db_identity(), db.db_identity());
        drop(copy);
        let in_file = Options { write_dbid_to_manifest: false, ..opts() };
        let db = Db::open(&in_file, base.0.join("b")).unwrap();
        db.create_checkpoint(&base.0.join("b-cp"), 0).unwrap();
        let copy = Db::open(&in_file, base.0.join("b-cp")).unwrap();
        assert_ne!(copy.db_identity(), db.db_identity(), "without the MANIFEST id a checkpoint is a new database");
        assert_eq!(copy.db_identity().len(), 36);
        let neither = Options { write_dbid_to_manifest: false, write_identity_file: false, ..opts() };
        assert_eq!(
            Db::open(&neither, base.0.join("c")).err().unwrap().to_string(),
            "Invalid argument: write_dbid_to_manifest and write_identity_file cannot both be false"
        );
    }

    #[test]
    fn an_exported_column_family_imports_into_another_database() {
        use crate::db::import::ImportColumnFamilyOptions;
        let base = TempDir::created("export-import");
        let db = Db::open(&opts(), base.0.join("src")).unwrap();
        let cf = db.create_column_family(&Options::default(), "cf_export").unwrap();
        for i in 0..100u32 {
            db.put_cf(&WriteOptions::default(), &cf, format!("k{i:03}").as_bytes(), b"old").unwrap();
        }
        db.flush_cf(&FlushOptions::default(), &cf).unwrap();
        db.compact_range_cf(&cf, None, None).unwrap();
        for i in 0..10u32 {
            db.put_cf(&WriteOptions::default(), &cf, format!("k{i:03}").as_bytes(), b"new").unwrap();
        }
        db.delete_cf(&WriteOptions::default(), &cf, b"k050").unwrap();
        let export = base.0.join("export");
        let meta = db.export_column_family(&cf, &export).unwrap();
        assert_eq!(meta.db_comparator_name, "leveldb.BytewiseComparator");
        assert!(meta.files.len() >= 2, "{:?}", meta.files);
        assert!(meta.files.iter().any(|f| f.level > 0) && meta.files.iter().any(|f| f.level == 0));
        assert!(meta.files.iter().all(|f| f.file.directory == export.to_string_lossy()));
        assert_eq!(
            db.export_column_family(&cf, &export).unwrap_err().to_string(),
            "Invalid argument: Specified export_dir exists"
        );
        db.drop_column_family(&cf).unwrap();

        let other = Db::open(&opts(), base.0.join("dst")).unwrap();
        let imported = other
            .create_column_family_with_import(&Options::default(), "cf_import", &ImportColumnFamilyOptions::default(), &meta)
            .unwrap();
        let ro = ReadOptions::default();
        assert_eq!(other.get_cf(&ro, &imported, b"k001").unwrap(), Some(b"new".to_vec()), "the newer level-0 value wins");
        assert_eq!(other.get_cf(&ro, &imported, b"k020").unwrap(), Some(b"old".to_vec()));
        assert_eq!(other.get_cf(&ro, &imported, b"k050").unwrap(), None);
        assert!(other.latest_sequence_number() >= meta.files.iter().map(|f| f.file.largest_seqno).max().unwrap());
        other.put_cf(&WriteOptions::default(), &imported, b"k001", b"newest").unwrap();
        assert_eq!(other.get_cf(&ro, &imported, b"k001").unwrap(), Some(b"newest".to_vec()), "later writes shadow imported ones");
        assert!(export.join(&meta.files[0].file.relative_filename).exists(), "copied, the export stays");
        // move_files takes the files; a bad comparator name is refused.
        let mut wrong = meta.clone();
        wrong.db_comparator_name = "rocksdb.ReverseBytewiseComparator".into();
        assert_eq!(
            other.create_column_family_with_import(&Options::default(), "x", &ImportColumnFamilyOptions::default(), &wrong).err().unwrap().to_string(),
            "Invalid argument: Comparator name mismatch"
        );
        let moved = other
            .create_column_family_with_import(&Options::default(), "moved", &ImportColumnFamilyOptions { move_files: true }, &meta)
            .unwrap();
        assert_eq!(other.get_cf(&ro, &moved, b"k099").unwrap(), Some(b"old".to_vec()));
        assert!(!export.join(&meta.files[0].file.relative_filename).exists(), "moved away");
        drop(other);
        let reopened = Db::open_cf(
            &Options::default(),
            base.0.join("dst"),
            &[("default".into(), Options::default()), ("cf_import".into(), Options::default()), ("moved".into(), Options::default())],
        )
        .unwrap();
        assert_eq!(reopened.0.get_cf(&ro, &reopened.1[1], b"k001").unwrap(), Some(b"newest".to_vec()));
        assert_eq!(reopened.0.get_cf(&ro, &reopened.1[2], b"k002").unwrap(), Some(b"new".to_vec()));
        // A failed import leaves no column family behind.
        let empty = crate::db::import::ExportImportFilesMetaData { db_comparator_name: "leveldb.BytewiseComparator".into(), files: vec![] };
        assert_eq!(
            reopened.0.create_column_family_with_import(&Options::default(), "none", &ImportColumnFamilyOptions::default(), &empty).err().unwrap().to_string(),
            "Invalid argument: The list of files is empty"
        );
        assert!(!Db::list_column_families(&Options::default(), base.0.join("dst")).unwrap().contains(&"none".to_string()));
    }

    /// Found by the stress driver (crates/stress): a checkpoint taken while another thread
    /// dropped and created column families failed with "Invalid column family specified in
    /// write batch" (it listed the families, then flushed each, and one was gone by then).
    /// RocksDB's checkpoint leaves a family dropped meanwhile out and succeeds.
    #[test]
    fn a_checkpoint_succeeds_while_column_families_are_dropped_and_created() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let base = std::env::temp_dir().join(format!("ferrock-checkpoint-drop-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let o = Options { create_if_missing: true, ..Default::default() };
        let db = Db::open(&o, base.join("db")).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let churn = {
            let (db, stop, o) = (db.clone(), stop.clone(), o.clone());
            std::thread::spawn(move || {
                let mut rounds = 0u32;
                while !stop.load(Ordering::Relaxed) || rounds < 20 {
                    for name in ["a", "b", "c"] {
                        let h = db.create_column_family(&o, name).unwrap();
                        db.put_cf(&WriteOptions::default(), &h, b"k", b"v").unwrap();
                        db.drop_column_family(&h).unwrap();
                    }
                    rounds += 1;
                }
            })
        };
        let mut result = Ok(());
        for i in 0..40 {
            db.put(&WriteOptions::default(), format!("k{i:03}").as_bytes(), b"v").unwrap();
            result = db.create_checkpoint(&base.join(format!("cp{i}")), 0).map(|_| ());
            if result.is_err() {
                break;
            }
        }
        stop.store(true, Ordering::Relaxed);
        churn.join().unwrap();
        result.unwrap();
        let cp = base.join("cp39");
        let names = Db::list_column_families(&Options::default(), &cp).unwrap();
        let cfs: Vec<(String, Options)> = names.into_iter().map(|n| (n, Options::default())).collect();
        let (copy, _) = Db::open_cf(&Options::default(), &cp, &cfs).unwrap();
        assert_eq!(copy.get(&ReadOptions::new(), b"k039").unwrap(), Some(b"v".to_vec()));
        copy.close().unwrap();
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&base);
    }
}
