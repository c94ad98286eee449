//! `FaultInjectionFs`: a `FileSystem` over another one that simulates power
//! loss and I/O errors for crash and error tests of the engine (the model is
//! Pebble's `vfs/errorfs` and RocksDB's `FaultInjectionTestFS`).
//!
//! - It remembers, for every file written through it, how many bytes were
//!   durable at the last `sync()`. `drop_unsynced_data()` is the power cut:
//!   each such file is cut back to its synced size, and a file created but
//!   never synced, whose directory was not synced after its creation either,
//!   disappears. Handles opened before the cut fail afterwards.
//! - `set_filesystem_active(false)` makes every mutation fail
//!   ("IO error: Filesystem is not active"), reads still work.
//! - `inject_write_error` / `inject_sync_error` make the next append or sync of
//!   a file whose path contains a substring fail once.
//!
//! Appends are handed to the underlying file at once (never left in its
//! buffer), so what is on disk is exactly what was appended, and a cut only has
//! to truncate. Thread-safe: all bookkeeping sits behind one mutex.

use super::{FileLock, FileSystem, RandomAccessFile, SequentialFile, WritableFile};
use crate::error::{Error, Result};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const INACTIVE: &str = "Filesystem is not active";

/// What is durable about one file written through this file system.
#[derive(Clone, Debug)]
struct Durability {
    /// Bytes that survive a power cut.
    synced_size: u64,
    /// The file was created (not reopened) through us and has never been synced.
    created_unsynced: bool,
    /// Its directory entry is durable (the directory was synced after creation).
    entry_durable: bool,
}

#[derive(Default)]
struct State {
    active: bool,
    /// Bumped by every simulated power cut; handles from an older epoch fail.
    epoch: u64,
    next_handle: u64,
    files: HashMap<PathBuf, Durability>,
    /// Open write handles and the path each one currently writes (renames move it).
    handles: HashMap<u64, PathBuf>,
    write_error_patterns: Vec<String>,
    sync_error_patterns: Vec<String>,
}

impl State {
    fn check_active(&self) -> Result<()> {
        if self.active {
            Ok(())
        } else {
            Err(Error::io(INACTIVE))
        }
    }

    /// Consumes the first pattern matching `path`, if any.
    fn take_match(patterns: &mut Vec<String>, path: &Path) -> bool {
        let p = path.to_string_lossy();
        match patterns.iter().position(|s| p.contains(s.as_str())) {
            Some(i) => {
                patterns.remove(i);
                true
            }
            None => false,
        }
    }
}

pub struct FaultInjectionFs {
    base: Arc<dyn FileSystem>,
    state: Arc<Mutex<State>>,
}

impl FaultInjectionFs {
    pub fn new(base: Arc<dyn FileSystem>) -> FaultInjectionFs {
        FaultInjectionFs { base, state: Arc::new(Mutex::new(State { active: true, ..State::default() })) }
    }

    /// When inactive, every write, sync, create, rename and remove fails with an IO error.
    pub fn set_filesystem_active(&self, active: bool) {
        self.state.lock().active = active;
    }

    pub fn is_filesystem_active(&self) -> bool {
        self.state.lock().active
    }

    /// The next append to a file whose path contains `path_substring` fails with
    /// "IO error: injected write error".
    pub fn inject_write_error(&self, path_substring: &str) {
        self.state.lock().write_error_patterns.push(path_substring.to_string());
    }

    /// The next sync of a file whose path contains `path_substring` fails with
    /// "IO error: injected sync error".
    pub fn inject_sync_error(&self, path_substring: &str) {
        self.state.lock().sync_error_patterns.push(path_substring.to_string());
    }

    pub fn clear_injected_errors(&self) {
        let mut s = self.state.lock();
        s.write_error_patterns.clear();
        s.sync_error_patterns.clear();
    }

    /// Simulates a power cut: every file written through this file system loses
    /// the bytes appended after its last sync, and files created but never
    /// synced (with no directory sync since their creation) are removed.
    /// Write handles opened before the cut fail from now on. Works even when
    /// the file system is inactive (the cut happens "underneath").
    pub fn drop_unsynced_data(&self) -> Result<()> {
        let files = {
            let mut s = self.state.lock();
            s.epoch += 1;
            s.handles.clear();
            std::mem::take(&mut s.files)
        };
        for (path, d) in files {
            if !self.base.file_exists(&path) {
                continue;
            }
            if d.created_unsynced && !d.entry_durable {
                self.base.remove_file(&path)?;
                continue;
            }
            let size = self.base.file_size(&path)?;
            if size > d.synced_size {
                self.truncate(&path, d.synced_size)?;
            }
        }
        Ok(())
    }

    /// Cuts `path` to `len` bytes using only the `FileSystem` interface.
    fn truncate(&self, path: &Path, len: u64) -> Result<()> {
        let mut keep = Vec::with_capacity(len as usize);
        let mut f = self.base.new_sequential_file(path)?;
        let mut buf = vec![0u8; 64 * 1024];
        while (keep.len() as u64) < len {
            let want = buf.len().min((len - keep.len() as u64) as usize);
            let n = f.read(&mut buf[..want])?;
            if n == 0 {
                break;
            }
            keep.extend_from_slice(&buf[..n]);
        }
        let mut w = self.base.new_writable_file(path)?;
        w.append(&keep)?;
        w.sync()?;
        w.close()
    }

    fn open_for_write(&self, path: &Path, append: bool) -> Result<Box<dyn WritableFile>> {
        let mut s = self.state.lock();
        s.check_active()?;
        let existed = self.base.file_exists(path);
        let inner = if append { self.base.new_appendable_file(path)? } else { self.base.new_writable_file(path)? };
        let size = inner.size();
        let synced_size = if append { self.base.file_size(path).unwrap_or(size) } else { 0 };
        let prior = s.files.get(path).cloned();
        let durability = match prior {
            // Reopened while still tracked: what was durable stays durable.
            Some(d) if append => d,
            Some(d) => Durability { synced_size: 0, created_unsynced: d.created_unsynced, entry_durable: d.entry_durable },
            None => Durability { synced_size, created_unsynced: !existed, entry_durable: existed },
        };
        s.files.insert(path.to_path_buf(), durability);
        let id = s.next_handle;
        s.next_handle += 1;
        s.handles.insert(id, path.to_path_buf());
        Ok(Box::new(FaultWritableFile { inner, id, epoch: s.epoch, size: synced_size.max(size), state: self.state.clone() }))
    }
}

struct FaultWritableFile {
    inner: Box<dyn WritableFile>,
    id: u64,
    epoch: u64,
    size: u64,
    state: Arc<Mutex<State>>,
}

impl FaultWritableFile {
    /// The path this handle writes, or an error if a power cut has passed since it was opened.
    fn current_path(&self, s: &State) -> Result<Option<PathBuf>> {
        if s.epoch != self.epoch {
            return Err(Error::io("file handle lost in a simulated power cut"));
        }
        Ok(s.handles.get(&self.id).cloned())
    }
}

impl WritableFile for FaultWritableFile {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        if let Some(path) = self.current_path(&s)? {
            if State::take_match(&mut s.write_error_patterns, &path) {
                return Err(Error::io("injected write error"));
            }
        }
        self.inner.append(data)?;
        self.inner.flush()?;
        self.size += data.len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        let s = self.state.lock();
        s.check_active()?;
        self.current_path(&s)?;
        Ok(())
    }

    fn sync(&mut self) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        let path = self.current_path(&s)?;
        if let Some(p) = &path {
            if State::take_match(&mut s.sync_error_patterns, p) {
                return Err(Error::io("injected sync error"));
            }
        }
        self.inner.sync()?;
        if let Some(d) = path.and_then(|p| s.files.get_mut(&p)) {
            d.synced_size = self.size;
            d.created_unsynced = false;
        }
        Ok(())
    }

    fn close(&mut self) -> Result<()> {
        let mut s = self.state.lock();
        if s.epoch == self.epoch {
            s.handles.remove(&self.id);
        }
        self.inner.close()
    }

    fn size(&self) -> u64 {
        self.size
    }
}

impl FileSystem for FaultInjectionFs {
    fn new_writable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>> {
        self.open_for_write(path, false)
    }

    fn new_appendable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>> {
        self.open_for_write(path, true)
    }

    fn new_random_access_file(&self, path: &Path) -> Result<Arc<dyn RandomAccessFile>> {
        self.base.new_random_access_file(path)
    }

    fn new_sequential_file(&self, path: &Path) -> Result<Box<dyn SequentialFile>> {
        self.base.new_sequential_file(path)
    }

    fn file_exists(&self, path: &Path) -> bool {
        self.base.file_exists(path)
    }

    fn file_size(&self, path: &Path) -> Result<u64> {
        self.base.file_size(path)
    }

    fn list_dir(&self, dir: &Path) -> Result<Vec<String>> {
        self.base.list_dir(dir)
    }

    fn create_dir_all(&self, dir: &Path) -> Result<()> {
        self.state.lock().check_active()?;
        self.base.create_dir_all(dir)
    }

    fn remove_file(&self, path: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        self.base.remove_file(path)?;
        // Removal is treated as durable: resurrecting deleted files is not simulated.
        s.files.remove(path);
        s.handles.retain(|_, p| p != path);
        Ok(())
    }

    fn remove_dir(&self, path: &Path) -> Result<()> {
        self.state.lock().check_active()?;
        self.base.remove_dir(path)
    }

    fn rename(&self, from: &Path, to: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        self.base.rename(from, to)?;
        s.files.remove(to);
        if let Some(d) = s.files.remove(from) {
            s.files.insert(to.to_path_buf(), d);
        }
        for p in s.handles.values_mut() {
            if p == from {
                *p = to.to_path_buf();
            }
        }
        Ok(())
    }

    fn link_file(&self, from: &Path, to: &Path) -> Result<()> {
        self.state.lock().check_active()?;
        self.base.link_file(from, to)
    }

    fn sync_dir(&self, dir: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        self.base.sync_dir(dir)?;
        for (path, d) in s.files.iter_mut() {
            if path.parent() == Some(dir) {
                d.entry_durable = true;
            }
        }
        Ok(())
    }

    fn lock_file(&self, path: &Path) -> Result<Box<dyn FileLock>> {
        self.base.lock_file(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::read_file_to_vec;

    use crate::util::testutil::TempDir;

    fn fault_fs() -> FaultInjectionFs {
        FaultInjectionFs::new(crate::env::default_fs())
    }

    #[test]
    fn unsynced_new_file_disappears() {
        let dir = TempDir::created("gone");
        let fs = fault_fs();
        let p = dir.0.join("000007.log");
        let mut f = fs.new_writable_file(&p).unwrap();
        f.append(b"never synced").unwrap();
        f.close().unwrap();
        assert!(fs.file_exists(&p));
        fs.drop_unsynced_data().unwrap();
        assert!(!fs.file_exists(&p));
    }

    #[test]
    fn synced_prefix_survives() {
        let dir = TempDir::created("prefix");
        let fs = fault_fs();
        let p = dir.0.join("MANIFEST-000001");
        let mut f = fs.new_writable_file(&p).unwrap();
        f.append(b"durable-").unwrap();
        f.sync().unwrap();
        f.append(b"lost").unwrap();
        assert_eq!(f.size(), 12);
        fs.drop_unsynced_data().unwrap();
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"durable-");
        // The handle from before the cut no longer writes.
        assert!(f.append(b"x").is_err());
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"durable-");
    }

    #[test]
    fn directory_sync_keeps_an_empty_file_and_rename_carries_durability() {
        let dir = TempDir::created("dirsync");
        let fs = fault_fs();
        let a = dir.0.join("a");
        let mut f = fs.new_writable_file(&a).unwrap();
        f.append(b"abc").unwrap();
        f.close().unwrap();
        fs.sync_dir(&dir.0).unwrap();
        let tmp = dir.0.join("CURRENT.dbtmp");
        let cur = dir.0.join("CURRENT");
        let mut t = fs.new_writable_file(&tmp).unwrap();
        t.append(b"MANIFEST-000005\n").unwrap();
        t.sync().unwrap();
        t.close().unwrap();
        fs.rename(&tmp, &cur).unwrap();
        fs.drop_unsynced_data().unwrap();
        assert_eq!(read_file_to_vec(&fs, &a).unwrap(), b"", "entry durable, contents not");
        assert_eq!(read_file_to_vec(&fs, &cur).unwrap(), b"MANIFEST-000005\n");
        assert!(!fs.file_exists(&tmp));
    }

    #[test]
    fn reopened_file_keeps_its_old_bytes_as_durable() {
        let dir = TempDir::created("append");
        let p = dir.0.join("LOG");
        std::fs::write(&p, b"written before the test").unwrap();
        let fs = fault_fs();
        let mut f = fs.new_appendable_file(&p).unwrap();
        assert_eq!(f.size(), 23);
        f.append(b", and lost").unwrap();
        f.close().unwrap();
        fs.drop_unsynced_data().unwrap();
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"written before the test");
    }

    #[test]
    fn inactive_filesystem_refuses_mutations_but_reads() {
        let dir = TempDir::created("inactive");
        let fs = fault_fs();
        let p = dir.0.join("f");
        let mut f = fs.new_writable_file(&p).unwrap();
        f.append(b"ok").unwrap();
        fs.set_filesystem_active(false);
        assert_eq!(f.append(b"no").unwrap_err().to_string(), "IO error: Filesystem is not active");
        assert!(f.sync().is_err());
        assert!(fs.new_writable_file(&dir.0.join("g")).is_err());
        assert!(fs.rename(&p, &dir.0.join("h")).is_err());
        assert!(fs.remove_file(&p).is_err());
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"ok");
        fs.set_filesystem_active(true);
        f.append(b"!").unwrap();
        f.sync().unwrap();
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"ok!");
    }

    #[test]
    fn injected_errors_hit_matching_files_once() {
        let dir = TempDir::created("inject");
        let fs = fault_fs();
        let mut sst = fs.new_writable_file(&dir.0.join("000012.sst")).unwrap();
        let mut log = fs.new_writable_file(&dir.0.join("000013.log")).unwrap();
        fs.inject_write_error(".sst");
        fs.inject_sync_error(".log");
        log.append(b"fine").unwrap();
        assert_eq!(sst.append(b"x").unwrap_err().to_string(), "IO error: injected write error");
        sst.append(b"x").unwrap();
        assert_eq!(log.sync().unwrap_err().to_string(), "IO error: injected sync error");
        log.sync().unwrap();
        fs.inject_write_error("000012");
        fs.clear_injected_errors();
        sst.append(b"y").unwrap();
        assert_eq!(sst.size(), 2);
    }

    #[test]
    fn usable_from_many_threads() {
        let dir = TempDir::created("threads");
        let fs = Arc::new(fault_fs());
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let fs = fs.clone();
                let p = dir.0.join(format!("f{t}"));
                std::thread::spawn(move || {
                    let mut f = fs.new_writable_file(&p).unwrap();
                    for _ in 0..100 {
                        f.append(b"0123456789").unwrap();
                    }
                    f.sync().unwrap();
                    f.append(b"tail").unwrap();
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        fs.drop_unsynced_data().unwrap();
        for t in 0..4 {
            assert_eq!(fs.file_size(&dir.0.join(format!("f{t}"))).unwrap(), 1000);
        }
    }
}
