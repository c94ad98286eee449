//! Creating a backup (RocksDB's CreateNewBackupWithMetadata). The live files come from the same
//! listing a checkpoint uses (`Db::copy_live_files`, never linked), with file deletions disabled
//! until every copy is done. Each is planned as RocksDB's AddBackupFileWorkItem plans it: tables
//! go to `shared_checksum/` under their number, DB session id and size (read from the table's
//! properties; a table without a session id is named by its CRC32C instead) and are copied only
//! when no backup has them yet, so incremental backups share table files; everything else goes
//! to `private/<id>/`. Copies run on `max_background_operations` threads, into `.<name>.tmp`
//! for shared files (renamed when complete) and straight into place for private ones. The meta
//! file is written last, through `meta/.<id>.tmp`; a failure deletes what this backup added.

use super::meta::{self, MetaEntry, MetaFile};
use super::naming::{self, SHARED_CHECKSUM_DIR, SHARED_DIR};
use super::{add_file, Backup, BackupEngine, State};
use crate::db::live_files::LiveFileStorageInfo;
use crate::db::Db;
use crate::error::{Code, Error, Result};
use crate::utilities::checkpoint::LiveFileSink;
use crate::utilities::copy::{Copied, Progress};
use crate::version::filename::FileType;
use parking_lot::Mutex;
use std::cell::RefCell;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// RocksDB's kMaxAppMetaSize.
const MAX_APP_METADATA: usize = 1024 * 1024;

/// A shared file of a new backup that the exclude callback may leave to another backup directory.
#[derive(Clone, Debug)]
pub struct MaybeExcludeBackupFile {
    /// Relative to the backup directory, e.g. `shared_checksum/000012_s<session>_<size>.sst`.
    pub relative_file: String,
    pub exclude_decision: bool,
}

pub type ExcludeFilesCallback = Arc<dyn Fn(&mut [MaybeExcludeBackupFile]) + Send + Sync>;

/// RocksDB's CreateBackupOptions.
#[derive(Clone, Default)]
pub struct CreateBackupOptions {
    /// Flush the memtables first (always done with two-phase commit); without it the WALs are
    /// backed up with the unflushed writes.
    pub flush_before_backup: bool,
    /// Called every `callback_trigger_interval_size` bytes copied.
    pub progress_callback: Option<Arc<dyn Fn() + Send + Sync>>,
    /// Requires `schema_version >= 2`.
    pub exclude_files_callback: Option<ExcludeFilesCallback>,
    /// Flush all column families atomically first (with `flush_before_backup`).
    pub atomic_flush: bool,
    /// Stored: ferrock's copy threads run at the caller's priority.
    pub decrease_background_thread_cpu_priority: bool,
    pub background_thread_cpu_priority: i32,
}

enum Source {
    /// Copy up to `size_limit` bytes of this database file.
    Copy { src: PathBuf, size_limit: u64 },
    /// Create the file with these bytes (CURRENT).
    Create(Vec<u8>),
    /// Already in the backup directory (a shared table an earlier backup has).
    Present,
}

/// One file of the new backup (RocksDB's BackupAfterCopyOrCreateWorkItem).
struct Item {
    source: Source,
    /// Final path, relative to the backup directory.
    rel: String,
    /// Where a shared file is copied before it is renamed to `rel`.
    tmp_rel: Option<String>,
    /// The size when the file is not copied (a present table's size in the database).
    size: u64,
    /// CRC32C known before copying: a copy must produce it.
    expected_crc: Option<u32>,
    excludable: bool,
}

/// The `rocksdb.db.session.id` property of a table ("" when it has none).
pub(super) fn table_session_id(fs: &dyn crate::env::FileSystem, path: &Path) -> Result<String> {
    let file = fs.new_random_access_file(path)?;
    let size = file.size()?;
    let table = crate::table::reader::Table::open(file, size, Default::default())?;
    Ok(table.properties().db_session_id.clone())
}

impl BackupEngine {
    /// Backs up `db`; returns the new backup's id.
    pub fn create_new_backup(&self, db: &Db, opts: &CreateBackupOptions, app_metadata: &[u8]) -> Result<u32> {
        if self.stop.load(Ordering::Acquire) {
            return Err(Error::new(Code::Incomplete, "Backup stopped"));
        }
        if app_metadata.len() > MAX_APP_METADATA {
            return Err(Error::invalid_argument("App metadata too large"));
        }
        if opts.exclude_files_callback.is_some() && self.opts.schema_version < 2 {
            return Err(Error::invalid_argument("exclude_files_callback requires schema_version >= 2"));
        }
        if opts.atomic_flush && opts.flush_before_backup && db.column_family_count() > 1 {
            return Err(Error::not_supported("atomic_flush before a backup of several column families"));
        }
        let mut st = self.state.lock();
        let id = st.latest_backup_id + 1;
        let private_dir = self.abs(&naming::private_dir(id));
        let mut result = Ok(());
        if self.backup_fs.file_exists(&private_dir) {
            // A backup that failed earlier left its files: collect them first.
            result = self.garbage_collect_locked(&mut st);
        }
        let timestamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs() as i64);
        st.backups.insert(id, Backup { timestamp, app_metadata: app_metadata.to_vec(), ..Default::default() });
        let result = result
            .and_then(|()| self.backup_fs.create_dir_all(&private_dir))
            .and_then(|()| self.fill_backup(&mut st, db, opts, id))
            .and_then(|()| self.store_meta(&st, id))
            .and_then(|()| {
                let fs = self.backup_fs.as_ref();
                self.sync_dir_if(fs, &private_dir)?;
                self.sync_dir_if(fs, &self.abs(naming::PRIVATE_DIR))?;
                self.sync_dir_if(fs, &self.abs(naming::META_DIR))?;
                if let Some(shared) = self.shared_dir_name() {
                    self.sync_dir_if(fs, &self.abs(shared))?;
                }
                self.sync_dir_if(fs, &self.opts.backup_dir)
            });
        match result {
            Ok(()) => {
                st.latest_backup_id = id;
                st.latest_valid_backup_id = id;
                Ok(id)
            }
            Err(e) => {
                st.might_need_garbage_collect = true;
                let _ = self.delete_backup_no_gc(&mut st, id);
                let _ = self.garbage_collect_locked(&mut st);
                Err(e)
            }
        }
    }

    /// Plans, copies and records the files of backup `id` (already in `st.backups`).
    fn fill_backup(&self, st: &mut State, db: &Db, opts: &CreateBackupOptions, id: u32) -> Result<()> {
        db.disable_file_deletions()?;
        let copied = self.plan_and_copy(st, db, opts, id);
        let enabled = db.enable_file_deletions();
        let (items, results, sequence) = copied?;
        enabled?;
        let mut first_error = None;
        for (item, copied) in items.iter().zip(results) {
            let outcome = copied.and_then(|c| {
                if let Some(tmp) = &item.tmp_rel {
                    if !matches!(item.source, Source::Present) {
                        self.backup_fs.rename(&self.abs(tmp), &self.abs(&item.rel))?;
                    }
                }
                add_file(&mut st.files, &item.rel, c.size, Some(c.crc32c))?;
                let b = st.backups.get_mut(&id).expect("the backup being created");
                b.files.push(item.rel.clone());
                b.size += c.size;
                Ok(())
            });
            if let Err(e) = outcome {
                first_error.get_or_insert(e);
            }
        }
        if let Some(b) = st.backups.get_mut(&id) {
            b.sequence = sequence;
        }
        first_error.map_or(Ok(()), Err)
    }

    #[allow(clippy::type_complexity)]
    fn plan_and_copy(&self, st: &mut State, db: &Db, opts: &CreateBackupOptions, id: u32) -> Result<(Vec<Item>, Vec<Result<Copied>>, u64)> {
        let items: RefCell<Vec<Item>> = RefCell::new(Vec::new());
        let mut live_dst: HashSet<String> = HashSet::new();
        let exclude = opts.exclude_files_callback.is_some();
        let plan_ctl = self.copy_control(self.opts.backup_rate_limiter.clone(), None);
        let sequence = {
            let files = &st.files;
            db.copy_live_files(
                if opts.flush_before_backup { 0 } else { u64::MAX },
                LiveFileSink {
                    link: &mut |_: &LiveFileStorageInfo| Err(Error::not_supported("backups copy")),
                    copy: &mut |info: &LiveFileStorageInfo| {
                        if info.file_type == FileType::Wal && !self.opts.backup_log_files {
                            return Ok(());
                        }
                        let item = self.plan_copy(db, files, &mut live_dst, &plan_ctl, id, info, exclude)?;
                        items.borrow_mut().push(item);
                        Ok(())
                    },
                    create: &mut |info: &LiveFileStorageInfo, contents: &[u8]| {
                        // A WAL the checkpoint code creates (one that was empty when listed)
                        // is a WAL too: left out with backup_log_files=false, as copied ones are.
                        if info.file_type == FileType::Wal && !self.opts.backup_log_files {
                            return Ok(());
                        }
                        items.borrow_mut().push(Item {
                            source: Source::Create(contents.to_vec()),
                            rel: naming::private_file(id, &info.relative_filename),
                            tmp_rel: None,
                            size: contents.len() as u64,
                            expected_crc: None,
                            excludable: false,
                        });
                        Ok(())
                    },
                },
            )?
        };
        let mut items = items.into_inner();
        if let Some(cb) = &opts.exclude_files_callback {
            let idx: Vec<usize> = (0..items.len()).filter(|&i| items[i].excludable).collect();
            let mut candidates: Vec<MaybeExcludeBackupFile> =
                idx.iter().map(|&i| MaybeExcludeBackupFile { relative_file: items[i].rel.clone(), exclude_decision: false }).collect();
            if !candidates.is_empty() {
                cb(&mut candidates);
            }
            let excluded: HashSet<usize> = idx.iter().zip(&candidates).filter(|(_, c)| c.exclude_decision).map(|(&i, _)| i).collect();
            let mut kept = Vec::with_capacity(items.len());
            for (i, item) in items.into_iter().enumerate() {
                if excluded.contains(&i) {
                    st.backups.get_mut(&id).expect("the backup being created").excluded.push(item.rel);
                } else {
                    kept.push(item);
                }
            }
            items = kept;
        }
        let progress = opts.progress_callback.clone().map(|cb| Arc::new(Progress::new(self.opts.callback_trigger_interval_size, cb)));
        let ctl = self.copy_control(self.opts.backup_rate_limiter.clone(), progress);
        let results = self.run_copies(&items, &ctl, db.file_system().as_ref());
        Ok((items, results, sequence))
    }

    /// RocksDB's AddBackupFileWorkItem, steps 1 and 2: where the file goes and whether it needs copying.
    #[allow(clippy::too_many_arguments)]
    fn plan_copy(
        &self,
        db: &Db,
        files: &std::collections::HashMap<String, super::FileRecord>,
        live_dst: &mut HashSet<String>,
        ctl: &crate::utilities::copy::CopyControl,
        id: u32,
        info: &LiveFileStorageInfo,
        exclude: bool,
    ) -> Result<Item> {
        let db_fs = db.file_system();
        let src = info.directory.join(&info.relative_filename);
        let is_table = info.file_type == FileType::Table;
        let shared = self.opts.share_table_files && is_table;
        let with_checksum = self.opts.share_files_with_checksum && is_table;
        let size = if is_table { db_fs.file_size(&src)? } else { 0 };
        let mut crc = None;
        let (rel, tmp_rel) = if shared && with_checksum {
            let mut session = String::new();
            if self.opts.share_files_with_checksum_naming & naming::MASK_NO_NAMING_FLAGS != naming::LEGACY_CRC32C_AND_FILE_SIZE {
                session = table_session_id(db_fs.as_ref(), &src)?;
            }
            if session.is_empty() {
                crc = Some(ctl.checksum_file(db_fs.as_ref(), &src, info.size)?.crc32c);
            }
            let name = naming::shared_checksum_name(
                &info.relative_filename,
                crc.unwrap_or(0),
                size,
                &session,
                self.opts.share_files_with_checksum_naming,
            );
            let (rel, tmp) = naming::shared_file(SHARED_CHECKSUM_DIR, &name);
            (rel, Some(tmp))
        } else if shared {
            let (rel, tmp) = naming::shared_file(SHARED_DIR, &info.relative_filename);
            (rel, Some(tmp))
        } else {
            (naming::private_file(id, &info.relative_filename), None)
        };
        let same_path = live_dst.contains(&rel);
        let exists = shared && !same_path && self.backup_fs.file_exists(&self.abs(&rel));
        let mut need_copy = true;
        if shared && (same_path || exists) {
            need_copy = false;
            match files.get(&rel) {
                None if !same_path => {
                    // Present but no backup references it: overwrite it.
                    need_copy = true;
                    let _ = self.backup_fs.remove_file(&self.abs(&rel));
                }
                existing => {
                    if crc.is_none() {
                        crc = match existing.and_then(|r| r.crc32c).filter(|_| !same_path) {
                            Some(c) => Some(c),
                            None => Some(ctl.checksum_file(db_fs.as_ref(), &src, info.size)?.crc32c),
                        };
                    }
                }
            }
        }
        live_dst.insert(rel.clone());
        Ok(Item {
            source: if need_copy { Source::Copy { src, size_limit: info.size } } else { Source::Present },
            excludable: exclude && shared && with_checksum && need_copy,
            rel,
            tmp_rel,
            size,
            expected_crc: crc,
        })
    }

    /// Copies and creates the items' files on `max_background_operations` threads; results in item order.
    fn run_copies(&self, items: &[Item], ctl: &crate::utilities::copy::CopyControl, db_fs: &dyn crate::env::FileSystem) -> Vec<Result<Copied>> {
        let results: Vec<Mutex<Option<Result<Copied>>>> = items.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let workers = (self.opts.max_background_operations.max(1) as usize).min(items.len().max(1));
        let work = || {
            let mut toward = 0u64;
            loop {
                let i = next.fetch_add(1, Ordering::AcqRel);
                let Some(item) = items.get(i) else { break };
                let dst_rel = item.tmp_rel.as_deref().filter(|_| !matches!(item.source, Source::Present)).unwrap_or(&item.rel);
                let dst = self.abs(dst_rel);
                let r = match &item.source {
                    Source::Present => Ok(Copied { size: item.size, crc32c: item.expected_crc.unwrap_or(0) }),
                    Source::Create(contents) => ctl.create_file(self.backup_fs.as_ref(), &dst, contents, self.opts.sync),
                    Source::Copy { src, size_limit } => ctl
                        .copy_file(db_fs, src, self.backup_fs.as_ref(), &dst, *size_limit, self.opts.sync, &mut toward)
                        .and_then(|c| match item.expected_crc {
                            Some(want) if want != c.crc32c => Err(Error::corruption(format!(
                                "Checksum mismatch after copying to {}: Expected checksum is {} while computed checksum is {}",
                                dst.display(),
                                naming::crc_hex(want),
                                naming::crc_hex(c.crc32c)
                            ))),
                            _ => Ok(c),
                        }),
                };
                *results[i].lock() = Some(r);
            }
        };
        std::thread::scope(|s| {
            for _ in 1..workers {
                s.spawn(work);
            }
            work();
        });
        results.into_iter().map(|m| m.into_inner().unwrap_or_else(|| Err(Error::corruption("backup copy not run")))).collect()
    }

    /// Writes `meta/<id>` through `meta/.<id>.tmp`.
    fn store_meta(&self, st: &State, id: u32) -> Result<()> {
        let b = &st.backups[&id];
        let m = MetaFile {
            timestamp: b.timestamp,
            sequence: b.sequence,
            app_metadata: b.app_metadata.clone(),
            files: b.files.iter().map(|f| MetaEntry { path: f.clone(), crc32c: st.files[f].crc32c, size: None }).collect(),
            excluded: b.excluded.clone(),
        };
        let bytes = meta::encode(&m, self.opts.schema_version)?;
        let tmp = self.abs(&naming::meta_tmp_file(id));
        let mut f = self.backup_fs.new_writable_file(&tmp)?;
        f.append(&bytes)?;
        if self.opts.sync {
            f.sync()?;
        }
        f.close()?;
        self.backup_fs.rename(&tmp, &self.abs(&naming::meta_file(id)))
    }
}
