//! Files and directories as the engine sees them. Every file the engine touches
//! goes through a `FileSystem`, so tests can swap in the fault-injecting one
//! (`env::fault`) to simulate power loss and I/O errors.
//! Errors carry RocksDB's IO error text ("IO error: While `<context>`: `<path>`: `<reason>`").

pub mod fault;
pub mod info_log;
pub mod posix;
pub mod rate_limited;
pub mod sst_file_manager;

use crate::error::Result;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A file written front to back (WAL, MANIFEST, tables, CURRENT's temp file).
pub trait WritableFile: Send {
    /// Appends `data` at the end of the file.
    fn append(&mut self, data: &[u8]) -> Result<()>;
    /// Hands buffered bytes to the OS (survives a process crash, not power loss).
    fn flush(&mut self) -> Result<()>;
    /// Makes every appended byte durable (fdatasync).
    fn sync(&mut self) -> Result<()>;
    /// Closes the file; later calls fail.
    fn close(&mut self) -> Result<()>;
    /// Bytes appended so far.
    fn size(&self) -> u64;
}

/// A file read at arbitrary offsets by many threads (tables).
pub trait RandomAccessFile: Send + Sync {
    /// Reads up to `buf.len()` bytes at `offset`; returns how many were read
    /// (fewer only at end of file).
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize>;
    /// The file's size in bytes.
    fn size(&self) -> Result<u64>;
}

/// A file read front to back (WAL and MANIFEST during recovery).
pub trait SequentialFile: Send {
    /// Reads up to `buf.len()` bytes; 0 means end of file.
    fn read(&mut self, buf: &mut [u8]) -> Result<usize>;
}

/// An exclusive lock on a database directory's LOCK file; released on drop.
pub trait FileLock: Send + Sync {}

/// The files and directories under a database (RocksDB's `FileSystem`/`Env`): every file
/// ferrock reads or writes goes through one. [`default_fs`] is the POSIX one; a program
/// may set its own in `Options::fs` (e.g. to count or fail I/O in tests). Errors carry
/// RocksDB's IO error text ("IO error: While open a file for appending: PATH: REASON").
pub trait FileSystem: Send + Sync {
    /// Creates (or truncates) the file at `path` for writing.
    fn new_writable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>>;
    /// Opens for appending without truncating (reusing a WAL is not done; kept for tools).
    fn new_appendable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>>;
    /// Opens the file at `path` for reads at any offset.
    fn new_random_access_file(&self, path: &Path) -> Result<Arc<dyn RandomAccessFile>>;
    /// Opens the file at `path` for reading front to back.
    fn new_sequential_file(&self, path: &Path) -> Result<Box<dyn SequentialFile>>;
    /// Whether `path` exists.
    fn file_exists(&self, path: &Path) -> bool;
    /// The size in bytes of the file at `path`.
    fn file_size(&self, path: &Path) -> Result<u64>;
    /// File names (not paths) in `dir`.
    fn list_dir(&self, dir: &Path) -> Result<Vec<String>>;
    /// Creates `dir` and its missing parents.
    fn create_dir_all(&self, dir: &Path) -> Result<()>;
    /// Deletes the file at `path`.
    fn remove_file(&self, path: &Path) -> Result<()>;
    /// Deletes the empty directory `dir`.
    fn remove_dir(&self, path: &Path) -> Result<()>;
    /// Renames `from` to `to`, replacing `to` (atomically, as rename(2)).
    fn rename(&self, from: &Path, to: &Path) -> Result<()>;
    /// Makes `to` a hard link to `from`.
    fn link_file(&self, from: &Path, to: &Path) -> Result<()>;
    /// fsyncs a directory so that created, renamed and deleted entries are durable.
    fn sync_dir(&self, dir: &Path) -> Result<()>;
    /// Takes RocksDB's LOCK: an fcntl write lock over the whole file, plus a
    /// process-wide set of locked paths (fcntl locks do not conflict within a process).
    fn lock_file(&self, path: &Path) -> Result<Box<dyn FileLock>>;
}

/// Reads a whole file into memory (CURRENT, IDENTITY, OPTIONS).
pub fn read_file_to_vec(fs: &dyn FileSystem, path: &Path) -> Result<Vec<u8>> {
    let mut f = fs.new_sequential_file(path)?;
    let mut out = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    Ok(out)
}

/// Writes `data` to `path` through a temporary file, syncs it, renames it into
/// place and syncs the directory (how RocksDB replaces CURRENT and IDENTITY).
pub fn write_file_atomically(fs: &dyn FileSystem, dir: &Path, tmp_name: &str, name: &str, data: &[u8]) -> Result<()> {
    let tmp = dir.join(tmp_name);
    let dst = dir.join(name);
    {
        let mut f = fs.new_writable_file(&tmp)?;
        f.append(data)?;
        f.sync()?;
        f.close()?;
    }
    if let Err(e) = fs.rename(&tmp, &dst) {
        let _ = fs.remove_file(&tmp);
        return Err(e);
    }
    fs.sync_dir(dir)
}

/// Copies `from` to a new file `to` and syncs it (RocksDB's CopyFile with its final sync).
/// The directory entry of `to` is not synced: the caller syncs the directory once for all
/// the files it added.
pub fn copy_file(fs: &dyn FileSystem, from: &Path, to: &Path) -> Result<()> {
    let mut src = fs.new_sequential_file(from)?;
    let mut dst = fs.new_writable_file(to)?;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = src.read(&mut buf)?;
        if n == 0 {
            break;
        }
        dst.append(&buf[..n])?;
    }
    dst.sync()?;
    dst.close()
}

/// Syncs an existing file's data (RocksDB's FileSystem::SyncFile: reopen for writing, sync):
/// for a file that came in by a hard link, whose writer may never have synced it.
pub fn sync_existing_file(fs: &dyn FileSystem, path: &Path) -> Result<()> {
    let mut f = fs.new_appendable_file(path)?;
    f.sync()?;
    f.close()
}

/// The POSIX file system (RocksDB's `FileSystem::Default()`), what a database uses when
/// `Options::fs` is None.
pub fn default_fs() -> Arc<dyn FileSystem> {
    Arc::new(posix::PosixFileSystem::default())
}

pub fn join(dir: &Path, name: &str) -> PathBuf {
    dir.join(name)
}
