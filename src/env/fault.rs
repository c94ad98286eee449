//! `FaultInjectionFs`: a `FileSystem` over another one that simulates power loss and injects
//! I/O errors, for crash and error tests of the engine. Its model of durability is RocksDB's
//! `FaultInjectionTestFS` (utilities/fault_injection_fs.cc):
//!
//! - **File data.** For every file written through it, it remembers how many bytes were
//!   durable at the file's last `sync()`. At a power loss the bytes appended after that are
//!   lost (all of them, or with [`FaultInjectionFs::power_loss_keeping_random_tails`] a random
//!   prefix of them survives: a torn write).
//! - **Directory entries.** A file created, renamed or linked after the last `sync_dir` of its
//!   directory is not durable either, however often the file itself was synced: at a power
//!   loss a created or linked file disappears, and a renamed one goes back to its old name
//!   while the name it took gets its old contents back (CURRENT reverts to the MANIFEST it
//!   named before). Directory operations are undone newest first. Removals are durable at
//!   once, as in RocksDB's model (a removed file never comes back), and so are directories
//!   themselves (`create_dir_all`). A rename across directories is made durable by syncing the
//!   directory it moved into.
//! - Files the engine did not write through this file system (there before it was created)
//!   are durable as they are.
//!
//! Faults it injects, each returning an `IO error` and counted by `injected_faults()`:
//! - targeted: `inject(FaultOp, path_substring, Times)` (and the shorthands below) makes the
//!   next (or every) operation of that kind on a file whose path contains the substring fail;
//! - at random: `set_random_faults(RandomFaults { seed, one_in, ops, .. })` fails each
//!   operation of the listed kinds with probability 1/one_in, from a seeded generator (the
//!   sequence of decisions is reproducible for a given order of operations);
//! - `FaultError::NoSpace` makes the error RocksDB's ENOSPC status ("IO error: No space left
//!   on device: ..."), for appends, syncs and file creation;
//! - `set_filesystem_active(false)`: every mutation fails ("IO error: Filesystem is not
//!   active"); reads still work.
//!
//! A failed append or sync changes nothing on disk or in the durability bookkeeping.
//! Appends are handed to the underlying file at once (never left in its buffer), so what is on
//! disk is exactly what was appended, and a power loss only has to cut files back and undo
//! directory operations. After a power loss every write handle opened before it fails.
//! Thread-safe: all bookkeeping sits behind one mutex.
//!
//! Typical use (a test or the stress driver):
//! ```ignore
//! let fs = Arc::new(FaultInjectionFs::new(env::default_fs()));
//! let opts = Options { fs: Some(fs.clone()), create_if_missing: true, ..Default::default() };
//! let db = Db::open(&opts, dir)?;
//! // ... writes ...
//! fs.set_filesystem_active(false);   // the machine stops: nothing more reaches the disk
//! drop(db);
//! fs.power_loss()?;                  // unsynced data and directory entries vanish
//! fs.set_filesystem_active(true);
//! let db = Db::open(&opts, dir)?;    // everything synced must be there
//! ```

use super::{FileLock, FileSystem, RandomAccessFile, SequentialFile, WritableFile};
use crate::error::{Code, Error, Result, SubCode};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const INACTIVE: &str = "Filesystem is not active";

/// The kinds of operation a fault can hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultOp {
    /// A read of a sequential (WAL, MANIFEST, CURRENT) or random-access (table) file.
    Read,
    /// An append to a writable file.
    Write,
    /// A file's `sync()` (fdatasync).
    Sync,
    /// Creating or reopening a writable file.
    Create,
    /// `rename`, `link_file` or `remove_file`.
    Metadata,
    /// `sync_dir`.
    DirSync,
}

/// The error an injected fault returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FaultError {
    /// "IO error: injected read error" / "injected write error" / "injected sync error" /
    /// "injected metadata write error" (RocksDB's texts; a WAL append's is "injected write
    /// error failed to write to WAL").
    #[default]
    Io,
    /// RocksDB's ENOSPC status: "IO error: No space left on device: While appending to file:
    /// <path>: No space left on device" (only for Write, Sync and Create; others give `Io`).
    NoSpace,
}

/// How many times a targeted fault fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Times {
    Once,
    N(u32),
    /// Until `clear_injected_errors`.
    Always,
}

/// Faults at random: each operation of a kind in `ops`, on a path containing one of
/// `paths` (all paths when empty), fails with probability 1/`one_in`.
#[derive(Clone, Debug)]
pub struct RandomFaults {
    pub seed: u64,
    pub one_in: u32,
    pub ops: Vec<FaultOp>,
    pub error: FaultError,
    pub paths: Vec<String>,
}

struct Rule {
    op: FaultOp,
    pattern: String,
    remaining: Option<u32>,
    error: FaultError,
}

/// What is durable about the data of one file written through this file system.
#[derive(Clone, Copy, Debug)]
struct DataState {
    /// Bytes that survive a power loss.
    synced_size: u64,
}

/// One step of undoing the directory operations not yet made durable by a sync of their
/// directory. A power loss applies the log newest first, which brings every name back to what
/// it was at the last sync, however the operations were chained (a file created, renamed over
/// another, renamed again).
#[derive(Debug)]
enum Undo {
    /// The name did not exist: remove it.
    Remove(PathBuf),
    /// The name held these bytes before a rename replaced them: write them back.
    Restore(PathBuf, Vec<u8>),
    /// `from` was renamed to `to`: move it back.
    MoveBack { from: PathBuf, to: PathBuf },
}

impl Undo {
    /// The name this step changes; a sync of its directory makes the operation durable.
    fn target(&self) -> &Path {
        match self {
            Undo::Remove(p) | Undo::Restore(p, _) => p,
            Undo::MoveBack { to, .. } => to,
        }
    }
}

#[derive(Default)]
struct State {
    active: bool,
    /// Bumped by every simulated power loss; write handles from an older epoch fail.
    epoch: u64,
    next_handle: u64,
    files: HashMap<PathBuf, DataState>,
    /// Open write handles and the path each one currently writes (renames move it).
    handles: HashMap<u64, PathBuf>,
    /// Directory operations since the last sync of their directory, oldest first.
    undo: Vec<Undo>,
    rules: Vec<Rule>,
    random: Option<(RandomFaults, u64)>,
    injected: u64,
}

impl State {
    fn check_active(&self) -> Result<()> {
        if self.active {
            Ok(())
        } else {
            Err(Error::io(INACTIVE))
        }
    }

    /// Whether an operation `op` on `path` fails now, and with what.
    fn fault(&mut self, op: FaultOp, path: &Path) -> Option<FaultError> {
        let p = path.to_string_lossy();
        if let Some(i) = self.rules.iter().position(|r| r.op == op && p.contains(r.pattern.as_str())) {
            let error = self.rules[i].error;
            match &mut self.rules[i].remaining {
                Some(n) if *n <= 1 => {
                    self.rules.remove(i);
                }
                Some(n) => *n -= 1,
                None => {}
            }
            self.injected += 1;
            return Some(error);
        }
        if let Some((r, rng)) = &mut self.random {
            if r.one_in > 0 && r.ops.contains(&op) && (r.paths.is_empty() || r.paths.iter().any(|s| p.contains(s.as_str()))) {
                *rng ^= *rng << 13;
                *rng ^= *rng >> 7;
                *rng ^= *rng << 17;
                if *rng % r.one_in as u64 == 0 {
                    self.injected += 1;
                    return Some(r.error);
                }
            }
        }
        None
    }

    /// `fault` as the error to return.
    fn check(&mut self, op: FaultOp, path: &Path) -> Result<()> {
        match self.fault(op, path) {
            None => Ok(()),
            Some(e) => Err(injected_error(op, e, path)),
        }
    }

    /// Forgets the undo steps for `path` (it was removed, and removals are durable: neither the
    /// file nor a file renamed to that name comes back).
    fn forget_entries_of(&mut self, path: &Path) {
        self.undo.retain(|u| u.target() != path);
    }
}

/// The error an injected fault of `op` returns, in RocksDB's words.
fn injected_error(op: FaultOp, e: FaultError, path: &Path) -> Error {
    if e == FaultError::NoSpace && matches!(op, FaultOp::Write | FaultOp::Sync | FaultOp::Create) {
        let context = match op {
            FaultOp::Write => "While appending to file",
            FaultOp::Sync => "While fdatasync",
            _ => "While open a file for appending",
        };
        return Error::with_subcode(Code::IOError, SubCode::NoSpace, format!("{context}: {}: No space left on device", path.display()));
    }
    let is_wal = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(crate::version::filename::parse_file_name)
        .is_some_and(|(t, _)| t == crate::version::filename::FileType::Wal);
    Error::io(match op {
        FaultOp::Read => "injected read error",
        FaultOp::Write | FaultOp::Create if is_wal => "injected write error failed to write to WAL",
        FaultOp::Write | FaultOp::Create => "injected write error",
        FaultOp::Sync => "injected sync error",
        FaultOp::Metadata | FaultOp::DirSync => "injected metadata write error",
    })
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

    /// Makes operations `op` on files whose path contains `path_substring` fail `times` times.
    pub fn inject(&self, op: FaultOp, path_substring: &str, times: Times, error: FaultError) {
        let remaining = match times {
            Times::Once => Some(1),
            Times::N(n) => Some(n.max(1)),
            Times::Always => None,
        };
        self.state.lock().rules.push(Rule { op, pattern: path_substring.to_string(), remaining, error });
    }

    /// The next append to a matching file fails ("IO error: injected write error").
    pub fn inject_write_error(&self, path_substring: &str) {
        self.inject(FaultOp::Write, path_substring, Times::Once, FaultError::Io);
    }

    /// The next sync of a matching file fails ("IO error: injected sync error").
    pub fn inject_sync_error(&self, path_substring: &str) {
        self.inject(FaultOp::Sync, path_substring, Times::Once, FaultError::Io);
    }

    /// The next read of a matching file fails ("IO error: injected read error").
    pub fn inject_read_error(&self, path_substring: &str) {
        self.inject(FaultOp::Read, path_substring, Times::Once, FaultError::Io);
    }

    /// The next sync of a matching directory fails ("IO error: injected metadata write error").
    pub fn inject_dir_sync_error(&self, path_substring: &str) {
        self.inject(FaultOp::DirSync, path_substring, Times::Once, FaultError::Io);
    }

    /// Every append to a matching file fails with ENOSPC until `clear_injected_errors`.
    pub fn inject_no_space(&self, path_substring: &str) {
        self.inject(FaultOp::Write, path_substring, Times::Always, FaultError::NoSpace);
    }

    /// Faults at random from now on (replaces an earlier setting; `one_in: 0` turns them off).
    pub fn set_random_faults(&self, faults: RandomFaults) {
        let seed = faults.seed.max(1);
        self.state.lock().random = Some((faults, seed));
    }

    /// Removes every targeted and random fault.
    pub fn clear_injected_errors(&self) {
        let mut s = self.state.lock();
        s.rules.clear();
        s.random = None;
    }

    /// How many faults were injected so far.
    pub fn injected_faults(&self) -> u64 {
        self.state.lock().injected
    }

    /// Simulates a power loss: every file written through this file system loses the bytes
    /// appended after its last sync, and directory operations made since the last sync of
    /// their directory are undone (created files disappear, renames go back). Write handles
    /// opened before it fail from now on. Works while the file system is inactive (it happens
    /// "underneath"); call `set_filesystem_active(false)` first to stop the engine from
    /// writing while the loss is applied.
    pub fn power_loss(&self) -> Result<()> {
        self.power_loss_with(None)
    }

    /// `power_loss`, except that each file keeps a random prefix (from `seed`) of the bytes
    /// appended after its last sync: a write torn by the power loss.
    pub fn power_loss_keeping_random_tails(&self, seed: u64) -> Result<()> {
        self.power_loss_with(Some(seed.max(1)))
    }

    /// Another name for `power_loss` (RocksDB's DropUnsyncedFileData followed by
    /// DeleteFilesCreatedAfterLastDirSync).
    pub fn drop_unsynced_data(&self) -> Result<()> {
        self.power_loss()
    }

    fn power_loss_with(&self, mut torn_seed: Option<u64>) -> Result<()> {
        let (mut files, undo) = {
            let mut s = self.state.lock();
            s.epoch += 1;
            s.handles.clear();
            (std::mem::take(&mut s.files).into_iter().collect::<Vec<_>>(), std::mem::take(&mut s.undo))
        };
        files.sort_by(|a, b| a.0.cmp(&b.0));
        for (path, d) in files {
            if !self.base.file_exists(&path) {
                continue;
            }
            let size = self.base.file_size(&path)?;
            if size <= d.synced_size {
                continue;
            }
            let keep = match &mut torn_seed {
                None => d.synced_size,
                Some(rng) => {
                    *rng ^= *rng << 13;
                    *rng ^= *rng >> 7;
                    *rng ^= *rng << 17;
                    d.synced_size + *rng % (size - d.synced_size + 1)
                }
            };
            self.truncate(&path, keep)?;
        }
        for u in undo.into_iter().rev() {
            match u {
                Undo::Remove(p) => {
                    if self.base.file_exists(&p) {
                        self.base.remove_file(&p)?;
                    }
                }
                Undo::Restore(p, old) => self.write_whole(&p, &old)?,
                Undo::MoveBack { from, to } => {
                    if self.base.file_exists(&to) {
                        self.base.rename(&to, &from)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Cuts `path` to `len` bytes using only the `FileSystem` interface (the same inode is
    /// rewritten, so hard links keep sharing it).
    fn truncate(&self, path: &Path, len: u64) -> Result<()> {
        let keep = self.read_prefix(path, len)?;
        self.write_whole(path, &keep)
    }

    fn read_prefix(&self, path: &Path, len: u64) -> Result<Vec<u8>> {
        let mut keep = Vec::with_capacity(len.min(1 << 20) as usize);
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
        Ok(keep)
    }

    fn write_whole(&self, path: &Path, data: &[u8]) -> Result<()> {
        let mut w = self.base.new_writable_file(path)?;
        w.append(data)?;
        w.sync()?;
        w.close()
    }

    fn open_for_write(&self, path: &Path, append: bool) -> Result<Box<dyn WritableFile>> {
        let mut s = self.state.lock();
        s.check_active()?;
        s.check(FaultOp::Create, path)?;
        let existed = self.base.file_exists(path);
        let inner = if append { self.base.new_appendable_file(path)? } else { self.base.new_writable_file(path)? };
        let size = inner.size();
        let tracked = s.files.get(path).copied();
        let durable_size = match tracked {
            // Reopened for appending while tracked: what was durable stays durable.
            Some(d) if append => d.synced_size,
            _ if append && existed => size,
            _ => 0,
        };
        s.files.insert(path.to_path_buf(), DataState { synced_size: durable_size });
        if !existed || !append {
            // RocksDB's model: a file opened with truncation counts as created (what it
            // overwrote does not come back).
            s.forget_entries_of(path);
            s.undo.push(Undo::Remove(path.to_path_buf()));
        }
        let id = s.next_handle;
        s.next_handle += 1;
        s.handles.insert(id, path.to_path_buf());
        Ok(Box::new(FaultWritableFile { inner, id, epoch: s.epoch, size, state: self.state.clone() }))
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
    /// The path this handle writes, or an error if a power loss has passed since it was opened.
    fn current_path(&self, s: &State) -> Result<Option<PathBuf>> {
        if s.epoch != self.epoch {
            return Err(Error::io("file handle lost in a simulated power loss"));
        }
        Ok(s.handles.get(&self.id).cloned())
    }
}

impl WritableFile for FaultWritableFile {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        if let Some(path) = self.current_path(&s)? {
            s.check(FaultOp::Write, &path)?;
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
            s.check(FaultOp::Sync, p)?;
        }
        self.inner.sync()?;
        if let Some(d) = path.and_then(|p| s.files.get_mut(&p)) {
            d.synced_size = self.size;
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

struct FaultSequentialFile {
    inner: Box<dyn SequentialFile>,
    path: PathBuf,
    state: Arc<Mutex<State>>,
}

impl SequentialFile for FaultSequentialFile {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        self.state.lock().check(FaultOp::Read, &self.path)?;
        self.inner.read(buf)
    }
}

struct FaultRandomAccessFile {
    inner: Arc<dyn RandomAccessFile>,
    path: PathBuf,
    state: Arc<Mutex<State>>,
}

impl RandomAccessFile for FaultRandomAccessFile {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize> {
        self.state.lock().check(FaultOp::Read, &self.path)?;
        self.inner.read_at(offset, buf)
    }
    fn size(&self) -> Result<u64> {
        self.inner.size()
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
        let inner = self.base.new_random_access_file(path)?;
        Ok(Arc::new(FaultRandomAccessFile { inner, path: path.to_path_buf(), state: self.state.clone() }))
    }

    fn new_sequential_file(&self, path: &Path) -> Result<Box<dyn SequentialFile>> {
        let inner = self.base.new_sequential_file(path)?;
        Ok(Box::new(FaultSequentialFile { inner, path: path.to_path_buf(), state: self.state.clone() }))
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
        s.check(FaultOp::Metadata, path)?;
        self.base.remove_file(path)?;
        // Removal is durable at once: a removed file never comes back.
        s.files.remove(path);
        s.handles.retain(|_, p| p != path);
        s.forget_entries_of(path);
        Ok(())
    }

    fn remove_dir(&self, path: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        s.check(FaultOp::Metadata, path)?;
        self.base.remove_dir(path)
    }

    fn rename(&self, from: &Path, to: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        s.check(FaultOp::Metadata, from)?;
        // What `to` held is given back at a power loss (after the file moves back to `from`).
        let replaced = if self.base.file_exists(to) { Some(self.read_prefix(to, u64::MAX)?) } else { None };
        self.base.rename(from, to)?;
        if let Some(old) = replaced {
            s.undo.push(Undo::Restore(to.to_path_buf(), old));
        }
        s.undo.push(Undo::MoveBack { from: from.to_path_buf(), to: to.to_path_buf() });
        if let Some(d) = s.files.remove(from) {
            s.files.insert(to.to_path_buf(), d);
        } else {
            s.files.remove(to);
        }
        for p in s.handles.values_mut() {
            if p == from {
                *p = to.to_path_buf();
            }
        }
        Ok(())
    }

    fn link_file(&self, from: &Path, to: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        s.check(FaultOp::Metadata, to)?;
        self.base.link_file(from, to)?;
        if let Some(d) = s.files.get(from).copied() {
            s.files.insert(to.to_path_buf(), d);
        }
        s.undo.push(Undo::Remove(to.to_path_buf()));
        Ok(())
    }

    fn sync_dir(&self, dir: &Path) -> Result<()> {
        let mut s = self.state.lock();
        s.check_active()?;
        s.check(FaultOp::DirSync, dir)?;
        self.base.sync_dir(dir)?;
        s.undo.retain(|u| u.target().parent() != Some(dir));
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

    fn write(fs: &FaultInjectionFs, p: &Path, data: &[u8], sync: bool) {
        let mut f = fs.new_writable_file(p).unwrap();
        f.append(data).unwrap();
        if sync {
            f.sync().unwrap();
        }
        f.close().unwrap();
    }

    #[test]
    fn unsynced_new_file_disappears() {
        let dir = TempDir::created("gone");
        let fs = fault_fs();
        let p = dir.0.join("000007.log");
        write(&fs, &p, b"never synced", false);
        assert!(fs.file_exists(&p));
        fs.power_loss().unwrap();
        assert!(!fs.file_exists(&p));
    }

    /// Issue 12 item 4: the old model treated a synced file as durable although its
    /// directory entry never was.
    #[test]
    fn a_synced_file_whose_directory_was_not_synced_disappears() {
        let dir = TempDir::created("entry");
        let fs = fault_fs();
        let old = dir.0.join("000004.log");
        write(&fs, &old, b"durable", true);
        fs.sync_dir(&dir.0).unwrap();
        let new = dir.0.join("000009.log");
        write(&fs, &new, b"synced data, unsynced entry", true);
        fs.power_loss().unwrap();
        assert!(!fs.file_exists(&new), "created after the last directory sync");
        assert_eq!(read_file_to_vec(&fs, &old).unwrap(), b"durable");
    }

    #[test]
    fn synced_prefix_survives() {
        let dir = TempDir::created("prefix");
        let fs = fault_fs();
        let p = dir.0.join("MANIFEST-000001");
        let mut f = fs.new_writable_file(&p).unwrap();
        fs.sync_dir(&dir.0).unwrap();
        f.append(b"durable-").unwrap();
        f.sync().unwrap();
        f.append(b"lost").unwrap();
        assert_eq!(f.size(), 12);
        fs.power_loss().unwrap();
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"durable-");
        // The handle from before the power loss no longer writes.
        assert!(f.append(b"x").is_err());
        assert_eq!(read_file_to_vec(&fs, &p).unwrap(), b"durable-");
    }

    #[test]
    fn torn_tails_keep_a_random_prefix_of_the_unsynced_bytes() {
        let dir = TempDir::created("torn");
        let fs = fault_fs();
        fs.sync_dir(&dir.0).unwrap();
        let mut sizes = std::collections::BTreeSet::new();
        for seed in 1..20u64 {
            let p = dir.0.join("f");
            let mut f = fs.new_writable_file(&p).unwrap();
            fs.sync_dir(&dir.0).unwrap();
            f.append(b"0123456789").unwrap();
            f.sync().unwrap();
            f.append(&[b'x'; 100]).unwrap();
            fs.power_loss_keeping_random_tails(seed).unwrap();
            let n = fs.file_size(&p).unwrap();
            assert!((10..=110).contains(&n), "{n}");
            sizes.insert(n);
        }
        assert!(sizes.len() > 3, "{sizes:?}");
    }

    #[test]
    fn directory_sync_keeps_an_empty_file_and_a_rename_reverts() {
        let dir = TempDir::created("dirsync");
        let fs = fault_fs();
        let a = dir.0.join("a");
        write(&fs, &a, b"abc", false);
        let cur = dir.0.join("CURRENT");
        write(&fs, &cur, b"MANIFEST-000001\n", true);
        fs.sync_dir(&dir.0).unwrap();
        // CURRENT is replaced through a temp file; the directory is not synced afterwards.
        let tmp = dir.0.join("000005.dbtmp");
        write(&fs, &tmp, b"MANIFEST-000005\n", true);
        fs.rename(&tmp, &cur).unwrap();
        assert_eq!(read_file_to_vec(&fs, &cur).unwrap(), b"MANIFEST-000005\n");
        fs.power_loss().unwrap();
        assert_eq!(read_file_to_vec(&fs, &a).unwrap(), b"", "entry durable, contents not");
        assert_eq!(read_file_to_vec(&fs, &cur).unwrap(), b"MANIFEST-000001\n", "the rename was undone");
        assert!(!fs.file_exists(&tmp));

        // The same with a directory sync after the rename: the new CURRENT stays.
        write(&fs, &tmp, b"MANIFEST-000007\n", true);
        fs.rename(&tmp, &cur).unwrap();
        fs.sync_dir(&dir.0).unwrap();
        fs.power_loss().unwrap();
        assert_eq!(read_file_to_vec(&fs, &cur).unwrap(), b"MANIFEST-000007\n");
        assert!(!fs.file_exists(&tmp));
    }

    #[test]
    fn a_durable_file_renamed_goes_back_to_its_old_name_and_a_link_disappears() {
        let dir = TempDir::created("rename-back");
        let fs = fault_fs();
        let a = dir.0.join("000010.sst");
        write(&fs, &a, b"table", true);
        fs.sync_dir(&dir.0).unwrap();
        let b = dir.0.join("000011.sst");
        fs.rename(&a, &b).unwrap();
        let c = dir.0.join("000012.sst");
        fs.link_file(&b, &c).unwrap();
        fs.power_loss().unwrap();
        assert_eq!(read_file_to_vec(&fs, &a).unwrap(), b"table");
        assert!(!fs.file_exists(&b));
        assert!(!fs.file_exists(&c));
    }

    #[test]
    fn removal_is_durable() {
        let dir = TempDir::created("remove");
        let fs = fault_fs();
        let a = dir.0.join("a");
        write(&fs, &a, b"x", true);
        fs.sync_dir(&dir.0).unwrap();
        fs.remove_file(&a).unwrap();
        let b = dir.0.join("b");
        write(&fs, &b, b"y", true);
        fs.remove_file(&b).unwrap();
        fs.power_loss().unwrap();
        assert!(!fs.file_exists(&a));
        assert!(!fs.file_exists(&b));
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
        fs.power_loss().unwrap();
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
        assert!(fs.sync_dir(&dir.0).is_err());
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
        fs.inject_write_error(".log");
        assert_eq!(log.append(b"y").unwrap_err().to_string(), "IO error: injected write error failed to write to WAL");
        fs.inject_write_error("000012");
        fs.clear_injected_errors();
        sst.append(b"y").unwrap();
        assert_eq!(sst.size(), 2);
        assert_eq!(fs.injected_faults(), 3);
    }

    #[test]
    fn read_dir_sync_and_no_space_faults() {
        let dir = TempDir::created("kinds");
        let fs = fault_fs();
        let p = dir.0.join("000003.log");
        write(&fs, &p, b"record", true);
        fs.inject_read_error("000003.log");
        let mut r = fs.new_sequential_file(&p).unwrap();
        let mut buf = [0u8; 16];
        assert_eq!(r.read(&mut buf).unwrap_err().to_string(), "IO error: injected read error");
        assert_eq!(r.read(&mut buf).unwrap(), 6, "once");
        fs.inject(FaultOp::Read, ".log", Times::Always, FaultError::Io);
        let ra = fs.new_random_access_file(&p).unwrap();
        assert!(ra.read_at(0, &mut buf).is_err());
        assert!(ra.read_at(0, &mut buf).is_err());
        fs.clear_injected_errors();
        assert_eq!(ra.read_at(0, &mut buf).unwrap(), 6);

        fs.inject_dir_sync_error(dir.0.to_str().unwrap());
        assert_eq!(fs.sync_dir(&dir.0).unwrap_err().to_string(), "IO error: injected metadata write error");
        fs.sync_dir(&dir.0).unwrap();

        let mut w = fs.new_writable_file(&dir.0.join("000004.sst")).unwrap();
        fs.inject_no_space(".sst");
        let e = w.append(b"x").unwrap_err();
        assert_eq!(e.subcode(), Some(SubCode::NoSpace));
        assert_eq!(
            e.to_string(),
            format!("IO error: No space left on device: While appending to file: {}: No space left on device", dir.0.join("000004.sst").display())
        );
        assert!(w.append(b"x").is_err(), "until cleared");
        fs.clear_injected_errors();
        w.append(b"x").unwrap();
    }

    #[test]
    fn random_faults_are_reproducible_from_the_seed() {
        let dir = TempDir::created("random");
        let run = |seed: u64| -> Vec<bool> {
            let fs = fault_fs();
            fs.set_random_faults(RandomFaults { seed, one_in: 3, ops: vec![FaultOp::Write], error: FaultError::Io, paths: vec![] });
            let mut f = fs.new_writable_file(&dir.0.join(format!("r{seed}"))).unwrap();
            let v: Vec<bool> = (0..60).map(|_| f.append(b"x").is_err()).collect();
            assert_eq!(fs.injected_faults(), v.iter().filter(|e| **e).count() as u64);
            assert_eq!(f.size(), v.iter().filter(|e| !**e).count() as u64, "a failed append writes nothing");
            v
        };
        let a = run(7);
        assert_eq!(a, run(7));
        assert_ne!(a, run(8));
        let n = a.iter().filter(|e| **e).count();
        assert!((5..=40).contains(&n), "{n} of 60 with one_in 3");
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
        fs.sync_dir(&dir.0).unwrap();
        fs.power_loss().unwrap();
        for t in 0..4 {
            assert_eq!(fs.file_size(&dir.0.join(format!("f{t}"))).unwrap(), 1000);
        }
    }
}
