//! The POSIX file system: std::fs for files, positional reads for tables,
//! fdatasync for durability, and fcntl record locks for LOCK (docs/format/traps.md
//! §9.6: RocksDB uses F_SETLK, which flock() does not conflict with).

use super::{FileLock, FileSystem, RandomAccessFile, SequentialFile, WritableFile};
use crate::error::{Error, Result};
use once_cell::sync::Lazy;
use parking_lot::Mutex;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Default)]
pub struct PosixFileSystem;

const WRITE_BUFFER: usize = 64 * 1024;

struct PosixWritableFile {
    path: PathBuf,
    file: Option<File>,
    buf: Vec<u8>,
    size: u64,
}

impl PosixWritableFile {
    /// Writes `data` to the open file. The path is only read to describe a failure: a WAL
    /// write costs no allocation.
    fn write_to_file(file: &mut Option<File>, path: &Path, data: &[u8]) -> Result<()> {
        let Some(f) = file.as_mut() else {
            return Err(Error::io(format!("While appending to file: {}: file is closed", path.display())));
        };
        f.write_all(data).map_err(|e| Error::from_io("While appending to file", path, &e))
    }
    fn write_out(&mut self) -> Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let r = Self::write_to_file(&mut self.file, &self.path, &self.buf);
        self.buf.clear();
        r
    }
}

impl WritableFile for PosixWritableFile {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        self.size += data.len() as u64;
        if self.buf.len() + data.len() > WRITE_BUFFER {
            self.write_out()?;
            if data.len() >= WRITE_BUFFER {
                return Self::write_to_file(&mut self.file, &self.path, data);
            }
        }
        self.buf.extend_from_slice(data);
        Ok(())
    }
    fn flush(&mut self) -> Result<()> {
        self.write_out()
    }
    fn sync(&mut self) -> Result<()> {
        self.write_out()?;
        let Some(f) = self.file.as_mut() else {
            return Err(Error::io(format!("While appending to file: {}: file is closed", self.path.display())));
        };
        f.sync_data().map_err(|e| Error::from_io("While fdatasync", &self.path, &e))
    }
    fn close(&mut self) -> Result<()> {
        if self.file.is_some() {
            self.write_out()?;
            self.file = None;
        }
        Ok(())
    }
    fn size(&self) -> u64 {
        self.size
    }
}

impl Drop for PosixWritableFile {
    fn drop(&mut self) {
        let _ = self.close();
    }
}

struct PosixRandomAccessFile {
    path: PathBuf,
    file: File,
}

impl RandomAccessFile for PosixRandomAccessFile {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize> {
        let mut done = 0;
        while done < buf.len() {
            match self.file.read_at(&mut buf[done..], offset + done as u64) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(Error::from_io(
                        &format!("While pread offset {} len {}", offset, buf.len()),
                        &self.path,
                        &e,
                    ))
                }
            }
        }
        Ok(done)
    }
    fn size(&self) -> Result<u64> {
        self.file
            .metadata()
            .map(|m| m.len())
            .map_err(|e| Error::from_io("While stat a file for size", &self.path, &e))
    }
}

struct PosixSequentialFile {
    path: PathBuf,
    file: File,
}

impl SequentialFile for PosixSequentialFile {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        loop {
            match self.file.read(buf) {
                Ok(n) => return Ok(n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::from_io("While reading file", &self.path, &e)),
            }
        }
    }
}

/// Paths locked by this process (fcntl locks never conflict inside one process).
static LOCKED_PATHS: Lazy<Mutex<HashSet<PathBuf>>> = Lazy::new(|| Mutex::new(HashSet::new()));

struct PosixFileLock {
    path: PathBuf,
    // Kept open: closing any descriptor of the file would drop the fcntl lock.
    _file: File,
}

impl FileLock for PosixFileLock {}

impl Drop for PosixFileLock {
    fn drop(&mut self) {
        let _ = fcntl_lock(&self._file, false);
        LOCKED_PATHS.lock().remove(&self.path);
    }
}

/// Takes (`lock = true`) or releases an fcntl(F_SETLK) write lock on the whole
/// file. The only unsafe code in `env`: one libc call on a descriptor we own.
#[allow(unsafe_code)]
fn fcntl_lock(file: &File, lock: bool) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: `flock` is a plain C struct; zeroed is a valid value for every field.
    let mut fl: libc::flock = unsafe { std::mem::zeroed() };
    fl.l_type = if lock { libc::F_WRLCK as libc::c_short } else { libc::F_UNLCK as libc::c_short };
    fl.l_whence = libc::SEEK_SET as libc::c_short;
    fl.l_start = 0;
    fl.l_len = 0;
    // SAFETY: the descriptor is open for the lifetime of `file`, and `fl` is a valid flock.
    let r = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLK, &fl as *const libc::flock) };
    if r == -1 {
        Err(std::io::Error::last_os_error())
    } else {
        Ok(())
    }
}

impl FileSystem for PosixFileSystem {
    fn new_writable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>> {
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)
            .map_err(|e| Error::from_io("While open a file for appending", path, &e))?;
        Ok(Box::new(PosixWritableFile { path: path.to_path_buf(), file: Some(file), buf: Vec::with_capacity(WRITE_BUFFER), size: 0 }))
    }
    fn new_appendable_file(&self, path: &Path) -> Result<Box<dyn WritableFile>> {
        let file = OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| Error::from_io("While open a file for appending", path, &e))?;
        let size = file.metadata().map(|m| m.len()).unwrap_or(0);
        Ok(Box::new(PosixWritableFile { path: path.to_path_buf(), file: Some(file), buf: Vec::with_capacity(WRITE_BUFFER), size }))
    }
    fn new_random_access_file(&self, path: &Path) -> Result<Arc<dyn RandomAccessFile>> {
        let file = File::open(path).map_err(|e| Error::from_io("While open a file for random read", path, &e))?;
        Ok(Arc::new(PosixRandomAccessFile { path: path.to_path_buf(), file }))
    }
    fn new_sequential_file(&self, path: &Path) -> Result<Box<dyn SequentialFile>> {
        let file = File::open(path).map_err(|e| Error::from_io("While opening a file for sequentially reading", path, &e))?;
        Ok(Box::new(PosixSequentialFile { path: path.to_path_buf(), file }))
    }
    fn file_exists(&self, path: &Path) -> bool {
        path.exists()
    }
    fn file_size(&self, path: &Path) -> Result<u64> {
        std::fs::metadata(path)
            .map(|m| m.len())
            .map_err(|e| Error::from_io("while stat a file for size", path, &e))
    }
    fn list_dir(&self, dir: &Path) -> Result<Vec<String>> {
        let rd = std::fs::read_dir(dir).map_err(|e| Error::from_io("While opendir", dir, &e))?;
        let mut out = Vec::new();
        for ent in rd {
            let ent = ent.map_err(|e| Error::from_io("While readdir", dir, &e))?;
            if let Some(s) = ent.file_name().to_str() {
                out.push(s.to_string());
            }
        }
        out.sort();
        Ok(out)
    }
    fn create_dir_all(&self, dir: &Path) -> Result<()> {
        std::fs::create_dir_all(dir).map_err(|e| Error::from_io("While mkdir if missing", dir, &e))
    }
    fn remove_file(&self, path: &Path) -> Result<()> {
        std::fs::remove_file(path).map_err(|e| Error::from_io("while unlink() file", path, &e))
    }
    fn remove_dir(&self, path: &Path) -> Result<()> {
        std::fs::remove_dir(path).map_err(|e| Error::from_io("file rmdir", path, &e))
    }
    fn rename(&self, from: &Path, to: &Path) -> Result<()> {
        std::fs::rename(from, to).map_err(|e| Error::from_io(&format!("While renaming a file to {}", to.display()), from, &e))
    }
    fn link_file(&self, from: &Path, to: &Path) -> Result<()> {
        std::fs::hard_link(from, to).map_err(|e| Error::from_io(&format!("while link file to {}", to.display()), from, &e))
    }
    fn sync_dir(&self, dir: &Path) -> Result<()> {
        let f = File::open(dir).map_err(|e| Error::from_io("While open directory", dir, &e))?;
        f.sync_all().map_err(|e| Error::from_io("While fsync", dir, &e))
    }
    fn lock_file(&self, path: &Path) -> Result<Box<dyn FileLock>> {
        let key = path.to_path_buf();
        {
            let mut set = LOCKED_PATHS.lock();
            if set.contains(&key) {
                return Err(Error::io(format!(
                    "lock hold by current process, acquire time {} acquiring thread {}: {}: No locks available",
                    now_secs(),
                    thread_id(),
                    path.display()
                )));
            }
            set.insert(key.clone());
        }
        let file = match OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path) {
            Ok(f) => f,
            Err(e) => {
                LOCKED_PATHS.lock().remove(&key);
                return Err(Error::from_io("While open a file for lock", path, &e));
            }
        };
        if let Err(e) = fcntl_lock(&file, true) {
            LOCKED_PATHS.lock().remove(&key);
            return Err(Error::from_io("While lock file", path, &e));
        }
        Ok(Box::new(PosixFileLock { path: key, _file: file }))
    }
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

fn thread_id() -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    std::thread::current().id().hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_is_exclusive_in_process_and_released_on_drop() {
        let dir = std::env::temp_dir().join(format!("ferrock-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fs = PosixFileSystem;
        let p = dir.join("LOCK");
        let l = fs.lock_file(&p).unwrap();
        let e = fs.lock_file(&p).err().unwrap();
        assert!(e.to_string().starts_with("IO error: lock hold by current process"), "{e}");
        drop(l);
        let _l2 = fs.lock_file(&p).unwrap();
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn write_read_round_trip() {
        let dir = std::env::temp_dir().join(format!("ferrock-rw-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fs = PosixFileSystem;
        let p = dir.join("f");
        let mut w = fs.new_writable_file(&p).unwrap();
        w.append(b"hello ").unwrap();
        w.append(&vec![7u8; 100_000]).unwrap();
        w.sync().unwrap();
        w.close().unwrap();
        let r = fs.new_random_access_file(&p).unwrap();
        let mut b = [0u8; 5];
        assert_eq!(r.read_at(0, &mut b).unwrap(), 5);
        assert_eq!(&b, b"hello");
        assert_eq!(r.size().unwrap(), 100_006);
        let e = fs.new_sequential_file(&dir.join("missing")).err().unwrap();
        assert!(e.to_string().contains("No such file or directory"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
