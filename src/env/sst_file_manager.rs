//! RocksDB's SstFileManager: the table files of the databases opened with it, and how
//! obsolete ones leave the disk. It owns three things:
//! - the space the databases' table files take (`total_size`, read from the directories each
//!   database registered at open, so files of every job and of a database closed since count,
//!   as RocksDB's tracked files do) and the limit on it (`max_allowed_space_usage`): the
//!   engine turns a flush or compaction that ends at or above the limit into RocksDB's
//!   background error "Max allowed space was reached";
//! - rate-limited deletion (RocksDB's DeleteScheduler): with `delete_rate_bytes_per_second`
//!   above 0 an obsolete table is renamed to `<name>.trash` and a background thread deletes
//!   the trash at that rate, unless the trash already exceeds `max_trash_db_ratio` of the
//!   databases' size (then it goes at once); trash left by an earlier run is scheduled when a
//!   database registers its directory;
//! - the room compactions reserve (RocksDB's EnoughRoomForCompaction): a compaction may
//!   rewrite all of its inputs before deleting them, so before it starts, its input bytes, the
//!   bytes the running compactions reserved and `compaction_buffer_size` must fit under the
//!   limit beside the tables; a compaction that fits reserves its inputs' size until it ends;
//! - the settings c.h reads back.

use crate::env::FileSystem;
use parking_lot::{Condvar, Mutex};
use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The suffix a file waiting for rate-limited deletion gets (RocksDB's kTrashExtension).
pub const TRASH_EXTENSION: &str = ".trash";

fn is_table_file(name: &str) -> bool {
    name.ends_with(".sst") || name.ends_with(".ldb")
}

/// Files renamed to trash and the deleting thread's wake-up.
#[derive(Default)]
struct TrashQueue {
    files: Mutex<TrashState>,
    wake: Condvar,
}

#[derive(Default)]
struct TrashState {
    queue: VecDeque<(PathBuf, u64)>,
    /// Bytes of the files queued and of the one being deleted.
    bytes: u64,
    shutting_down: bool,
}

/// Tracks the space the databases' table files take, enforces a limit and deletes obsolete
/// tables at a rate (RocksDB's `SstFileManager`, from `NewSstFileManager`); set it in
/// [`Options::sst_file_manager`](crate::Options::sst_file_manager).
pub struct SstFileManager {
    fs: Arc<dyn FileSystem>,
    dirs: Mutex<BTreeSet<PathBuf>>,
    max_allowed_space: AtomicU64,
    compaction_buffer_size: AtomicU64,
    /// Input bytes of the compactions running now (RocksDB's cur_compactions_reserved_size_).
    reserved_for_compactions: Mutex<u64>,
    /// Shared with the deleting thread, so a new rate applies to files already queued.
    delete_rate: Arc<AtomicI64>,
    max_trash_db_ratio: Mutex<f64>,
    trash: Arc<TrashQueue>,
    deleter: Mutex<Option<JoinHandle<()>>>,
}

impl std::fmt::Debug for SstFileManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SstFileManager").field("dirs", &*self.dirs.lock()).finish()
    }
}

impl SstFileManager {
    /// RocksDB's NewSstFileManager defaults: no space limit, no rate (deletes at once), a
    /// trash ratio of 0.25.
    pub fn new(fs: Arc<dyn FileSystem>) -> Arc<SstFileManager> {
        Arc::new(SstFileManager {
            fs,
            dirs: Mutex::new(BTreeSet::new()),
            max_allowed_space: AtomicU64::new(0),
            compaction_buffer_size: AtomicU64::new(0),
            reserved_for_compactions: Mutex::new(0),
            delete_rate: Arc::new(AtomicI64::new(0)),
            max_trash_db_ratio: Mutex::new(0.25),
            trash: Arc::new(TrashQueue::default()),
            deleter: Mutex::new(None),
        })
    }

    /// A database keeps its table files in `dir`; trash found there (an earlier run's) is
    /// scheduled for deletion.
    pub(crate) fn register_dir(&self, dir: &Path) {
        if !self.dirs.lock().insert(dir.to_path_buf()) {
            return;
        }
        for name in self.fs.list_dir(dir).unwrap_or_default() {
            if name.ends_with(TRASH_EXTENSION) {
                let path = dir.join(&name);
                let size = self.fs.file_size(&path).unwrap_or(0);
                self.queue_trash(path, size);
            }
        }
    }

    /// Bytes of the table files in the registered directories.
    pub fn total_size(&self) -> u64 {
        let dirs: Vec<PathBuf> = self.dirs.lock().iter().cloned().collect();
        let mut total = 0;
        for dir in dirs {
            for name in self.fs.list_dir(&dir).unwrap_or_default() {
                if is_table_file(&name) {
                    total += self.fs.file_size(&dir.join(&name)).unwrap_or(0);
                }
            }
        }
        total
    }

    /// Bytes of files waiting for a rate-limited deletion.
    pub fn total_trash_size(&self) -> u64 {
        self.trash.files.lock().bytes
    }

    /// Fails flushes and compactions (and then writes) once the tables would exceed `bytes`
    /// (0: no limit; RocksDB's `SetMaxAllowedSpaceUsage`).
    pub fn set_max_allowed_space_usage(&self, bytes: u64) {
        self.max_allowed_space.store(bytes, Ordering::Relaxed);
    }

    /// Space kept free for compactions when checking the limit (RocksDB's `SetCompactionBufferSize`).
    pub fn set_compaction_buffer_size(&self, bytes: u64) {
        self.compaction_buffer_size.store(bytes, Ordering::Relaxed);
    }

    /// RocksDB's IsMaxAllowedSpaceReached: a limit is set and the tables reach it.
    pub fn is_max_allowed_space_reached(&self) -> bool {
        let max = self.max_allowed_space.load(Ordering::Relaxed);
        max > 0 && self.total_size() >= max
    }

    /// The same with the room the running compactions reserved counted.
    pub fn is_max_allowed_space_reached_including_compactions(&self) -> bool {
        let max = self.max_allowed_space.load(Ordering::Relaxed);
        max > 0 && self.total_size() + *self.reserved_for_compactions.lock() >= max
    }

    /// RocksDB's EnoughRoomForCompaction: whether a compaction of `input_bytes` may start. It
    /// may when no limit is set, or when its inputs, the running compactions' reservations and
    /// the compaction buffer fit beside the tables; then its inputs are reserved until
    /// `compaction_completed` (the caller must call it, whatever the compaction's outcome).
    pub fn reserve_for_compaction(&self, input_bytes: u64) -> bool {
        let max = self.max_allowed_space.load(Ordering::Relaxed);
        let mut reserved = self.reserved_for_compactions.lock();
        let needed = *reserved + input_bytes + self.compaction_buffer_size.load(Ordering::Relaxed);
        if max != 0 && needed + self.total_size() > max {
            return false;
        }
        *reserved += input_bytes;
        true
    }

    /// Releases what `reserve_for_compaction` reserved for a compaction that ended.
    pub fn compaction_completed(&self, input_bytes: u64) {
        let mut reserved = self.reserved_for_compactions.lock();
        *reserved = reserved.saturating_sub(input_bytes);
    }

    /// Bytes the running compactions reserved.
    pub fn reserved_for_compactions(&self) -> u64 {
        *self.reserved_for_compactions.lock()
    }

    /// The rate obsolete tables are deleted at, bytes per second (0: at once).
    pub fn delete_rate_bytes_per_second(&self) -> i64 {
        self.delete_rate.load(Ordering::Relaxed)
    }

    /// Changes the deletion rate (RocksDB's `SetDeleteRateBytesPerSecond`).
    pub fn set_delete_rate_bytes_per_second(&self, rate: i64) {
        self.delete_rate.store(rate, Ordering::Relaxed);
        self.trash.wake.notify_all();
    }

    /// The share of trash to live data past which files are deleted at once.
    pub fn max_trash_db_ratio(&self) -> f64 {
        *self.max_trash_db_ratio.lock()
    }

    /// Changes that share (RocksDB's `SetMaxTrashDBRatio`).
    pub fn set_max_trash_db_ratio(&self, ratio: f64) {
        *self.max_trash_db_ratio.lock() = ratio;
    }

    /// Deletes an obsolete table: at once without a rate (or when the trash is already over
    /// its share of the databases' size), else renamed to trash for the deleting thread.
    pub(crate) fn delete_file(&self, path: &Path) -> crate::error::Result<()> {
        if self.delete_rate_bytes_per_second() <= 0 {
            return self.fs.remove_file(path);
        }
        let size = self.fs.file_size(path).unwrap_or(0);
        let total = self.total_size();
        if total > 0 && (self.total_trash_size() + size) as f64 > self.max_trash_db_ratio() * total as f64 {
            return self.fs.remove_file(path);
        }
        let mut trash = path.as_os_str().to_owned();
        trash.push(TRASH_EXTENSION);
        let trash = PathBuf::from(trash);
        self.fs.rename(path, &trash)?;
        self.queue_trash(trash, size);
        Ok(())
    }

    fn queue_trash(&self, path: PathBuf, size: u64) {
        {
            let mut st = self.trash.files.lock();
            st.queue.push_back((path, size));
            st.bytes += size;
        }
        self.trash.wake.notify_all();
        let mut deleter = self.deleter.lock();
        if deleter.is_none() {
            *deleter = Some(spawn_deleter(self.fs.clone(), self.trash.clone(), self.delete_rate.clone()));
        }
    }
}

/// The deleting thread: one trash file at a time, then a pause of size / rate seconds (cut
/// short when the rate drops to 0 or the manager goes).
fn spawn_deleter(fs: Arc<dyn FileSystem>, trash: Arc<TrashQueue>, rate: Arc<AtomicI64>) -> JoinHandle<()> {
    std::thread::Builder::new()
        .name("ferrock:trash".into())
        .spawn(move || loop {
            let (path, size) = {
                let mut st = trash.files.lock();
                loop {
                    if st.shutting_down {
                        return;
                    }
                    if let Some(f) = st.queue.front().cloned() {
                        break f;
                    }
                    trash.wake.wait(&mut st);
                }
            };
            let _ = fs.remove_file(&path);
            let r = rate.load(Ordering::Relaxed);
            let pause = if r > 0 { Duration::from_secs_f64(size as f64 / r as f64) } else { Duration::ZERO };
            let until = Instant::now() + pause;
            let mut st = trash.files.lock();
            st.queue.pop_front();
            st.bytes = st.bytes.saturating_sub(size);
            while !st.shutting_down && Instant::now() < until && rate.load(Ordering::Relaxed) > 0 {
                trash.wake.wait_until(&mut st, until);
            }
        })
        .expect("spawn the trash deletion thread")
}

impl Drop for SstFileManager {
    /// The deleting thread stops; what it had not deleted yet goes at once, so no trash
    /// outlives the manager.
    fn drop(&mut self) {
        self.trash.files.lock().shutting_down = true;
        self.trash.wake.notify_all();
        if let Some(t) = self.deleter.lock().take() {
            let _ = t.join();
        }
        let mut st = self.trash.files.lock();
        for (path, _) in st.queue.drain(..) {
            let _ = self.fs.remove_file(&path);
        }
        st.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::testutil::TempDir;

    fn write(dir: &Path, name: &str, len: usize) {
        std::fs::write(dir.join(name), vec![7u8; len]).unwrap();
    }

    #[test]
    fn counts_table_files_of_registered_directories_against_the_limit() {
        let d = TempDir::created("sfm-size");
        let m = SstFileManager::new(crate::env::default_fs());
        write(&d.0, "000007.sst", 1000);
        write(&d.0, "000008.log", 5000);
        assert_eq!(m.total_size(), 0, "nothing registered");
        m.register_dir(&d.0);
        assert_eq!(m.total_size(), 1000, "tables only");
        assert!(!m.is_max_allowed_space_reached(), "no limit set");
        m.set_max_allowed_space_usage(1500);
        assert!(!m.is_max_allowed_space_reached());
        m.set_compaction_buffer_size(500);
        assert!(!m.is_max_allowed_space_reached_including_compactions(), "the buffer is no reservation");
        write(&d.0, "000009.sst", 500);
        assert!(m.is_max_allowed_space_reached());
    }

    #[test]
    fn compactions_reserve_their_inputs_under_the_limit() {
        let d = TempDir::created("sfm-room");
        let m = SstFileManager::new(crate::env::default_fs());
        m.register_dir(&d.0);
        write(&d.0, "000007.sst", 1000);
        assert!(m.reserve_for_compaction(1_000_000), "no limit: always room");
        m.compaction_completed(1_000_000);
        assert_eq!(m.reserved_for_compactions(), 0);
        m.set_max_allowed_space_usage(3000);
        // 1000 of tables: a compaction of 1500 fits (2500 <= 3000) and reserves its inputs.
        assert!(m.reserve_for_compaction(1500));
        assert_eq!(m.reserved_for_compactions(), 1500);
        assert!(!m.is_max_allowed_space_reached_including_compactions(), "2500 < 3000");
        // A second one of 600 would need 1000 + 1500 + 600 > 3000.
        assert!(!m.reserve_for_compaction(600));
        assert_eq!(m.reserved_for_compactions(), 1500, "a refused compaction reserves nothing");
        assert!(m.reserve_for_compaction(400), "1000 + 1500 + 400 fits");
        assert!(!m.is_max_allowed_space_reached_including_compactions(), "1000 + 1900 reserved < 3000");
        write(&d.0, "000008.sst", 100);
        assert!(m.is_max_allowed_space_reached_including_compactions(), "1100 + 1900 reserved reach 3000");
        assert!(!m.is_max_allowed_space_reached(), "the tables alone do not");
        m.compaction_completed(1500);
        m.compaction_completed(400);
        assert_eq!(m.reserved_for_compactions(), 0);
        // The compaction buffer is kept free beside every compaction.
        m.set_compaction_buffer_size(1500);
        assert!(!m.reserve_for_compaction(500), "1100 + 500 + 1500 > 3000");
        assert!(m.reserve_for_compaction(400), "1100 + 400 + 1500 = 3000 fits");
    }

    #[test]
    fn without_a_rate_files_go_at_once_and_with_one_through_the_trash() {
        let d = TempDir::created("sfm-trash");
        let m = SstFileManager::new(crate::env::default_fs());
        m.register_dir(&d.0);
        write(&d.0, "000001.sst", 100);
        m.delete_file(&d.0.join("000001.sst")).unwrap();
        assert!(!d.0.join("000001.sst").exists() && !d.0.join("000001.sst.trash").exists());

        // A slow rate: 1 byte/s. The live table keeps the trash within its ratio.
        write(&d.0, "000002.sst", 4000);
        write(&d.0, "000003.sst", 1000);
        m.set_max_trash_db_ratio(1.0);
        m.set_delete_rate_bytes_per_second(1);
        m.delete_file(&d.0.join("000003.sst")).unwrap();
        assert!(!d.0.join("000003.sst").exists());
        // Over the ratio (trash would exceed the 4000 bytes left): deleted at once.
        write(&d.0, "000004.sst", 5000);
        m.set_max_trash_db_ratio(0.1);
        m.delete_file(&d.0.join("000004.sst")).unwrap();
        assert!(!d.0.join("000004.sst").exists() && !d.0.join("000004.sst.trash").exists());
        // The queued trash is deleted by the thread, or at the latest when the manager goes.
        drop(m);
        assert!(!d.0.join("000003.sst.trash").exists());
        assert!(d.0.join("000002.sst").exists(), "live tables stay");
    }

    #[test]
    fn trash_of_an_earlier_run_is_deleted_after_registration() {
        let d = TempDir::created("sfm-old-trash");
        write(&d.0, "000005.sst.trash", 10);
        let m = SstFileManager::new(crate::env::default_fs());
        m.register_dir(&d.0);
        // With no rate the thread deletes it without pausing: wait on that condition.
        let deadline = Instant::now() + Duration::from_secs(10);
        while (d.0.join("000005.sst.trash").exists() || m.total_trash_size() > 0) && Instant::now() < deadline {
            std::thread::yield_now();
        }
        assert!(!d.0.join("000005.sst.trash").exists());
        assert_eq!(m.total_trash_size(), 0);
    }
}
