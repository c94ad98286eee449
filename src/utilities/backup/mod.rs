//! RocksDB's BackupEngine over a backup directory in RocksDB's own layout (`naming.rs`) and
//! meta file format (`meta.rs`), so that RocksDB restores the backups ferrock makes and ferrock
//! restores RocksDB's. This file owns the engine's state: opening a backup directory (loading
//! every meta file and checking that the files it names exist with their sizes; a backup that
//! fails this is "corrupt" and kept aside with its error), the list of backups, deleting and
//! purging them with reference counts on shared files, garbage collection of files no backup
//! references, and verification. Creating a backup is `create.rs`, restoring one `restore.rs`.
//!
//! Thread-safety: one mutex serialises the engine's operations (RocksDB's is a read-write
//! lock); `stop_backup` needs no lock and makes every later backup fail, as in RocksDB.

mod create;
pub mod meta;
pub mod naming;
mod restore;

pub use create::{CreateBackupOptions, ExcludeFilesCallback, MaybeExcludeBackupFile};
pub use restore::{RestoreMode, RestoreOptions};

use crate::env::FileSystem;
use crate::error::{Code, Error, Result};
use crate::util::rate_limiter::{RateLimiter, RateLimiterMode};
use naming::{META_DIR, PRIVATE_DIR, SHARED_CHECKSUM_DIR, SHARED_DIR};
use parking_lot::Mutex;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// RocksDB's BackupEngineOptions (defaults as RocksDB's).
#[derive(Clone)]
pub struct BackupEngineOptions {
    pub backup_dir: PathBuf,
    /// Where backup files are written (RocksDB's backup_env); None: the database's file system.
    pub backup_fs: Option<Arc<dyn FileSystem>>,
    pub share_table_files: bool,
    pub sync: bool,
    pub destroy_old_data: bool,
    pub backup_log_files: bool,
    /// Bytes per second while backing up (0: unlimited), unless `backup_rate_limiter` is set.
    pub backup_rate_limit: u64,
    pub backup_rate_limiter: Option<Arc<RateLimiter>>,
    pub restore_rate_limit: u64,
    pub restore_rate_limiter: Option<Arc<RateLimiter>>,
    pub share_files_with_checksum: bool,
    pub max_background_operations: i32,
    pub callback_trigger_interval_size: u64,
    pub max_valid_backups_to_open: i32,
    pub share_files_with_checksum_naming: u32,
    pub schema_version: i32,
    pub io_buffer_size: u64,
    /// Stored: ferrock records no file temperatures.
    pub current_temperatures_override_manifest: bool,
}

impl BackupEngineOptions {
    pub fn new(backup_dir: impl Into<PathBuf>) -> BackupEngineOptions {
        BackupEngineOptions {
            backup_dir: backup_dir.into(),
            backup_fs: None,
            share_table_files: true,
            sync: true,
            destroy_old_data: false,
            backup_log_files: true,
            backup_rate_limit: 0,
            backup_rate_limiter: None,
            restore_rate_limit: 0,
            restore_rate_limiter: None,
            share_files_with_checksum: true,
            max_background_operations: 1,
            callback_trigger_interval_size: 4 * 1024 * 1024,
            max_valid_backups_to_open: i32::MAX,
            share_files_with_checksum_naming: naming::USE_DB_SESSION_ID | naming::FLAG_INCLUDE_FILE_SIZE,
            schema_version: 1,
            io_buffer_size: 0,
            current_temperatures_override_manifest: false,
        }
    }
}

/// What `backup_info` says about one backup (RocksDB's BackupInfo).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupInfo {
    pub backup_id: u32,
    /// Seconds since the epoch when the backup was started.
    pub timestamp: i64,
    /// Bytes of its files (shared ones counted in each backup that has them).
    pub size: u64,
    pub number_files: u32,
    pub app_metadata: Vec<u8>,
}

/// A file of the backup directory that some backups reference.
#[derive(Clone, Debug)]
struct FileRecord {
    size: u64,
    crc32c: Option<u32>,
    refs: usize,
}

/// One backup: its meta file's contents, files as paths relative to the backup directory.
#[derive(Clone, Debug, Default)]
struct Backup {
    timestamp: i64,
    sequence: u64,
    app_metadata: Vec<u8>,
    files: Vec<String>,
    excluded: Vec<String>,
    size: u64,
}

struct State {
    latest_backup_id: u32,
    latest_valid_backup_id: u32,
    backups: BTreeMap<u32, Backup>,
    corrupt: BTreeMap<u32, Error>,
    files: HashMap<String, FileRecord>,
    might_need_garbage_collect: bool,
}

pub struct BackupEngine {
    opts: BackupEngineOptions,
    /// The file system restores write to (RocksDB's db_env).
    db_fs: Arc<dyn FileSystem>,
    backup_fs: Arc<dyn FileSystem>,
    stop: Arc<AtomicBool>,
    state: Mutex<State>,
}

impl BackupEngine {
    /// RocksDB's BackupEngine::Open: creates the directories it needs, then loads every backup
    /// (or, with `destroy_old_data`, deletes them all).
    pub fn open(opts: &BackupEngineOptions, db_fs: Arc<dyn FileSystem>) -> Result<BackupEngine> {
        let mut opts = opts.clone();
        // Writable engines open every backup (RocksDB ignores the option for them).
        opts.max_valid_backups_to_open = i32::MAX;
        if opts.backup_rate_limiter.is_none() && opts.backup_rate_limit > 0 {
            opts.backup_rate_limiter = Some(RateLimiter::new(opts.backup_rate_limit as i64, 100_000, 10, RateLimiterMode::WritesOnly, false));
        }
        if opts.restore_rate_limiter.is_none() && opts.restore_rate_limit > 0 {
            opts.restore_rate_limiter = Some(RateLimiter::new(opts.restore_rate_limit as i64, 100_000, 10, RateLimiterMode::WritesOnly, false));
        }
        let backup_fs = opts.backup_fs.clone().unwrap_or_else(|| db_fs.clone());
        let engine = BackupEngine {
            opts,
            db_fs,
            backup_fs,
            stop: Arc::new(AtomicBool::new(false)),
            state: Mutex::new(State {
                latest_backup_id: 0,
                latest_valid_backup_id: 0,
                backups: BTreeMap::new(),
                corrupt: BTreeMap::new(),
                files: HashMap::new(),
                might_need_garbage_collect: true,
            }),
        };
        engine.initialize()?;
        Ok(engine)
    }

    pub fn options(&self) -> &BackupEngineOptions {
        &self.opts
    }

    pub(crate) fn abs(&self, relative: &str) -> PathBuf {
        self.opts.backup_dir.join(relative)
    }

    /// The shared directory new tables go to.
    fn shared_dir_name(&self) -> Option<&'static str> {
        match (self.opts.share_table_files, self.opts.share_files_with_checksum) {
            (false, _) => None,
            (true, true) => Some(SHARED_CHECKSUM_DIR),
            (true, false) => Some(SHARED_DIR),
        }
    }

    /// Sizes of the files in `relative_dir`, keyed by their relative paths (a missing
    /// directory has none).
    fn child_sizes(&self, relative_dir: &str, out: &mut HashMap<String, u64>) -> Result<()> {
        let dir = self.abs(relative_dir);
        if !self.backup_fs.file_exists(&dir) {
            return Ok(());
        }
        for name in self.backup_fs.list_dir(&dir)? {
            let path = dir.join(&name);
            if let Ok(size) = self.backup_fs.file_size(&path) {
                out.insert(format!("{relative_dir}/{name}"), size);
            }
        }
        Ok(())
    }

    fn initialize(&self) -> Result<()> {
        let fs = self.backup_fs.as_ref();
        let mut dirs = vec![self.opts.backup_dir.clone()];
        if let Some(shared) = self.shared_dir_name() {
            dirs.push(self.abs(shared));
        }
        dirs.push(self.abs(PRIVATE_DIR));
        dirs.push(self.abs(META_DIR));
        for d in &dirs {
            fs.create_dir_all(d)?;
        }
        let meta_dir = self.abs(META_DIR);
        let names = fs.list_dir(&meta_dir).map_err(|e| {
            if fs.file_exists(&meta_dir) {
                e
            } else {
                Error::not_found(format!("{} is missing", meta_dir.display()))
            }
        })?;
        let mut ids: Vec<u32> = names.iter().filter_map(|n| n.parse::<u32>().ok().filter(|id| *id != 0 && id.to_string() == *n)).collect();
        ids.sort_unstable();
        let mut st = self.state.lock();
        if self.opts.destroy_old_data {
            for id in &ids {
                st.backups.insert(*id, Backup::default());
            }
            self.purge_old_backups_locked(&mut st, 0)?;
            return self.garbage_collect_locked(&mut st);
        }
        let mut sizes = HashMap::new();
        self.child_sizes(SHARED_DIR, &mut sizes)?;
        self.child_sizes(SHARED_CHECKSUM_DIR, &mut sizes)?;
        for &id in ids.iter().rev() {
            if st.latest_backup_id == 0 {
                st.latest_backup_id = id;
            }
            let loaded = self.child_sizes(&naming::private_dir(id), &mut sizes).and_then(|()| self.load_backup(id, &sizes));
            match loaded {
                Ok((backup, records)) => {
                    for (path, size, crc) in records {
                        add_file(&mut st.files, &path, size, crc)?;
                    }
                    st.backups.insert(id, backup);
                    if st.latest_valid_backup_id == 0 {
                        st.latest_valid_backup_id = id;
                    }
                }
                Err(e) if e.code() == Code::Corruption || e.code() == Code::NotSupported => {
                    st.corrupt.insert(id, e);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Reads `meta/<id>` and checks its files against `sizes`; returns the backup and its
    /// (path, size, crc) records.
    #[allow(clippy::type_complexity)]
    fn load_backup(&self, id: u32, sizes: &HashMap<String, u64>) -> Result<(Backup, Vec<(String, u64, Option<u32>)>)> {
        let meta_path = self.abs(&naming::meta_file(id));
        let data = crate::env::read_file_to_vec(self.backup_fs.as_ref(), &meta_path)?;
        let m = meta::parse(&data, &meta_path.display().to_string())?;
        let mut backup = Backup { timestamp: m.timestamp, sequence: m.sequence, app_metadata: m.app_metadata, excluded: m.excluded, ..Default::default() };
        let mut records = Vec::new();
        for f in m.files {
            let abs = self.opts.backup_dir.join(&f.path);
            let Some(&actual) = sizes.get(&f.path) else {
                return Err(Error::corruption(format!("Pathname in meta file not found on disk: {}", abs.display())));
            };
            if let Some(expected) = f.size {
                if expected != actual {
                    return Err(Error::corruption(format!("For file {} expected size {expected} but found size{actual}", f.path)));
                }
            }
            backup.size += actual;
            backup.files.push(f.path.clone());
            records.push((f.path, actual, f.crc32c));
        }
        Ok((backup, records))
    }

    /// Backups in id order (RocksDB's GetBackupInfo).
    pub fn backup_info(&self) -> Vec<BackupInfo> {
        let st = self.state.lock();
        st.backups
            .iter()
            .filter(|(_, b)| !b.files.is_empty())
            .map(|(&id, b)| BackupInfo {
                backup_id: id,
                timestamp: b.timestamp,
                size: b.size,
                number_files: b.files.len() as u32,
                app_metadata: b.app_metadata.clone(),
            })
            .collect()
    }

    /// Ids of the backups found corrupt at open.
    pub fn corrupted_backups(&self) -> Vec<u32> {
        self.state.lock().corrupt.keys().copied().collect()
    }

    /// Makes the running and every later backup stop ("Result incomplete: Backup stopped").
    pub fn stop_backup(&self) {
        self.stop.store(true, std::sync::atomic::Ordering::Release);
    }

    /// Deletes the oldest backups until `keep` remain, then unreferenced files.
    pub fn purge_old_backups(&self, keep: u32) -> Result<()> {
        let mut st = self.state.lock();
        self.purge_old_backups_locked(&mut st, keep)
    }

    fn purge_old_backups_locked(&self, st: &mut State, keep: u32) -> Result<()> {
        let mut overall = Ok(());
        let excess = st.backups.len().saturating_sub(keep as usize);
        let victims: Vec<u32> = st.backups.keys().take(excess).copied().collect();
        for id in victims {
            if let Err(e) = self.delete_backup_no_gc(st, id) {
                overall = Err(e);
            }
        }
        if st.might_need_garbage_collect {
            if let Err(e) = self.garbage_collect_locked(st) {
                if overall.is_ok() {
                    overall = Err(e);
                }
            }
        }
        overall
    }

    /// Deletes one backup (a corrupt one too) and the files only it referenced.
    pub fn delete_backup(&self, id: u32) -> Result<()> {
        let mut st = self.state.lock();
        let first = self.delete_backup_no_gc(&mut st, id);
        let second = if st.might_need_garbage_collect { self.garbage_collect_locked(&mut st) } else { Ok(()) };
        first.and(second)
    }

    fn delete_backup_no_gc(&self, st: &mut State, id: u32) -> Result<()> {
        let fs = self.backup_fs.as_ref();
        let remove_meta = |fs: &dyn FileSystem| {
            let p = self.abs(&naming::meta_file(id));
            if fs.file_exists(&p) {
                fs.remove_file(&p)
            } else {
                Ok(())
            }
        };
        if let Some(backup) = st.backups.get(&id) {
            let files = backup.files.clone();
            remove_meta(fs)?;
            for f in files {
                if let Some(r) = st.files.get_mut(&f) {
                    r.refs = r.refs.saturating_sub(1);
                }
            }
            st.backups.remove(&id);
            st.latest_valid_backup_id = st.backups.keys().next_back().copied().unwrap_or(0);
        } else if st.corrupt.contains_key(&id) {
            remove_meta(fs)?;
            st.corrupt.remove(&id);
        } else {
            return Err(Error::not_found("Backup not found"));
        }
        let unreferenced: Vec<String> = st.files.iter().filter(|(_, r)| r.refs == 0).map(|(p, _)| p.clone()).collect();
        for p in unreferenced {
            if fs.remove_file(&self.abs(&p)).is_err() {
                st.might_need_garbage_collect = true;
            }
            st.files.remove(&p);
        }
        if fs.remove_dir(&self.abs(&naming::private_dir(id))).is_err() {
            st.might_need_garbage_collect = true;
        }
        Ok(())
    }

    /// Deletes files of the shared directories no backup references, and private directories
    /// of backups that do not exist (left by a failed backup or deletion).
    pub fn garbage_collect(&self) -> Result<()> {
        let mut st = self.state.lock();
        self.garbage_collect_locked(&mut st)
    }

    fn garbage_collect_locked(&self, st: &mut State) -> Result<()> {
        let fs = self.backup_fs.as_ref();
        let mut overall = Ok(());
        st.might_need_garbage_collect = false;
        for dir in [SHARED_DIR, SHARED_CHECKSUM_DIR] {
            let abs_dir = self.abs(dir);
            if !fs.file_exists(&abs_dir) {
                continue;
            }
            let children = match fs.list_dir(&abs_dir) {
                Ok(c) => c,
                Err(e) => {
                    overall = Err(e);
                    st.might_need_garbage_collect = true;
                    continue;
                }
            };
            for child in children {
                let rel = format!("{dir}/{child}");
                if st.files.get(&rel).map_or(true, |r| r.refs == 0) {
                    if fs.remove_file(&abs_dir.join(&child)).is_err() {
                        st.might_need_garbage_collect = true;
                    }
                    st.files.remove(&rel);
                }
            }
        }
        let private = self.abs(PRIVATE_DIR);
        match fs.list_dir(&private) {
            Ok(children) => {
                for child in children {
                    let tmp = child.contains(".tmp");
                    let digits: String = child.chars().take_while(|c| c.is_ascii_digit()).collect();
                    let id = digits.parse::<u32>().unwrap_or(0);
                    if !tmp && (id == 0 || st.backups.contains_key(&id)) {
                        continue;
                    }
                    let dir = private.join(&child);
                    if let Ok(sub) = fs.list_dir(&dir) {
                        for f in sub {
                            if fs.remove_file(&dir.join(&f)).is_err() {
                                st.might_need_garbage_collect = true;
                            }
                        }
                    }
                    if fs.remove_dir(&dir).is_err() {
                        st.might_need_garbage_collect = true;
                    }
                }
            }
            Err(e) => {
                overall = Err(e);
                st.might_need_garbage_collect = true;
            }
        }
        overall
    }

    /// RocksDB's VerifyBackup: every file of the backup exists with its recorded size; with
    /// `verify_with_checksum` its CRC32C matches too.
    pub fn verify_backup(&self, id: u32, verify_with_checksum: bool) -> Result<()> {
        let st = self.state.lock();
        if let Some(e) = st.corrupt.get(&id) {
            return Err(e.clone());
        }
        let Some(backup) = st.backups.get(&id).filter(|b| !b.files.is_empty()) else {
            return Err(Error::not_found(""));
        };
        let mut sizes = HashMap::new();
        for dir in [naming::private_dir(id), SHARED_DIR.to_string(), SHARED_CHECKSUM_DIR.to_string()] {
            let _ = self.child_sizes(&dir, &mut sizes);
        }
        for f in &backup.files {
            let abs = self.abs(f);
            let record = &st.files[f];
            let Some(&actual) = sizes.get(f) else {
                return Err(Error::not_found(format!("File missing: {}", abs.display())));
            };
            if actual != record.size {
                return Err(Error::corruption(format!(
                    "File corrupted: File size mismatch for {}: Expected file size is {} while found file size is {actual}",
                    abs.display(),
                    record.size
                )));
            }
        }
        if verify_with_checksum {
            let ctl = self.copy_control(self.opts.backup_rate_limiter.clone(), None);
            let mut first_error = None;
            for f in &backup.files {
                let Some(expected) = st.files[f].crc32c else { continue };
                let abs = self.abs(f);
                let msg = match ctl.checksum_file(self.backup_fs.as_ref(), &abs, 0) {
                    Ok(c) if c.crc32c == expected => continue,
                    Ok(c) => format!(
                        "File corruption! Checksum mismatch for {}. Expected: {}, got: {}",
                        abs.display(),
                        naming::crc_hex(expected),
                        naming::crc_hex(c.crc32c)
                    ),
                    Err(e) => format!("Failed to compute checksum for {}: {e}", abs.display()),
                };
                first_error.get_or_insert(Error::corruption(msg));
            }
            if let Some(e) = first_error {
                return Err(e);
            }
        }
        Ok(())
    }

    fn copy_control(&self, rate_limiter: Option<Arc<RateLimiter>>, progress: Option<Arc<crate::utilities::copy::Progress>>) -> crate::utilities::copy::CopyControl {
        crate::utilities::copy::CopyControl {
            rate_limiter,
            io_buffer_size: self.opts.io_buffer_size,
            progress,
            stop: Some(self.stop.clone()),
            stop_message: "Backup stopped",
        }
    }

    fn sync_dir_if(&self, fs: &dyn FileSystem, dir: &Path) -> Result<()> {
        if self.opts.sync {
            fs.sync_dir(dir)
        } else {
            Ok(())
        }
    }
}

/// RocksDB's BackupMeta::AddFile: a file already referenced must have the same size (and
/// checksum, when both are known).
fn add_file(files: &mut HashMap<String, FileRecord>, path: &str, size: u64, crc32c: Option<u32>) -> Result<()> {
    match files.get_mut(path) {
        None => {
            files.insert(path.to_string(), FileRecord { size, crc32c, refs: 1 });
        }
        Some(r) => {
            if r.size != size {
                return Err(Error::corruption(format!(
                    "Size mismatch for existing backup file: {path} Size in backup is {} while size in DB is {size} If this DB file checks as not corrupt, try deleting old backups or backing up to a different backup directory.",
                    r.size
                )));
            }
            match (r.crc32c, crc32c) {
                (_, None) => {}
                (None, Some(c)) => r.crc32c = Some(c),
                (Some(a), Some(b)) if a != b => {
                    return Err(Error::corruption(format!(
                        "Checksum mismatch for existing backup file: {path} Expected checksum is {} while computed checksum is {} If this DB file checks as not corrupt, try deleting old backups or backing up to a different backup directory.",
                        naming::crc_hex(a),
                        naming::crc_hex(b)
                    )));
                }
                _ => {}
            }
            r.refs += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
