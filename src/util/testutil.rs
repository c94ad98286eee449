//! Test helpers shared by modules.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// A directory path under the system's temp directory, unique to this process and call, removed
/// (with its contents) when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// The path only: the directory does not exist yet (a database creates it).
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicU64 = AtomicU64::new(0);
        let p = std::env::temp_dir().join(format!("ferrock-{tag}-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
        let _ = std::fs::remove_dir_all(&p);
        TempDir(p)
    }

    /// The directory, created empty.
    pub fn created(tag: &str) -> TempDir {
        let d = TempDir::new(tag);
        std::fs::create_dir_all(&d.0).expect("creating a test directory");
        d
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A command for one of the system's programs (Debian's RocksDB tools, the C compiler, or a
/// program linked to Debian's librocksdb). `cargo test` puts `target/<profile>` on
/// LD_LIBRARY_PATH, where `make build` leaves ferrock's `librocksdb.so.7.8` alias; the system's
/// RocksDB programs must load the system's library, so that variable is removed.
pub fn system_command(program: impl AsRef<OsStr>) -> Command {
    let mut c = Command::new(program);
    c.env_remove("LD_LIBRARY_PATH");
    c
}

/// `ldb --db=<dir> scan` run by Debian's RocksDB 7.8.3: its output lines ("key : value"), or
/// None when the tool is not installed. A failing scan fails the test.
pub fn debian_ldb_scan(db_dir: &std::path::Path) -> Option<String> {
    if !std::path::Path::new("/usr/bin/ldb").exists() {
        return None;
    }
    let out = system_command("/usr/bin/ldb").arg(format!("--db={}", db_dir.display())).arg("scan").output().expect("running ldb");
    assert!(out.status.success(), "ldb scan failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Every (key, value) a forward iterator over `db` yields.
pub fn scan_all(db: &crate::db::Db, ro: &crate::options::ReadOptions) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut it = db.iter(ro).expect("iterator");
    it.seek_to_first();
    let mut out = Vec::new();
    while it.valid() {
        out.push((it.key().to_vec(), it.value().to_vec()));
        it.next();
    }
    it.status().expect("iterator status");
    out
}

/// An in-memory file shared between a test's writer and its readers.
#[derive(Clone, Default)]
pub struct MemFile(pub std::sync::Arc<parking_lot::Mutex<Vec<u8>>>);

impl MemFile {
    pub fn bytes(&self) -> Vec<u8> {
        self.0.lock().clone()
    }
}

impl crate::env::WritableFile for MemFile {
    fn append(&mut self, data: &[u8]) -> crate::error::Result<()> {
        self.0.lock().extend_from_slice(data);
        Ok(())
    }
    fn flush(&mut self) -> crate::error::Result<()> {
        Ok(())
    }
    fn sync(&mut self) -> crate::error::Result<()> {
        Ok(())
    }
    fn close(&mut self) -> crate::error::Result<()> {
        Ok(())
    }
    fn size(&self) -> u64 {
        self.0.lock().len() as u64
    }
}

impl crate::env::RandomAccessFile for MemFile {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> crate::error::Result<usize> {
        let d = self.0.lock();
        let start = (offset as usize).min(d.len());
        let n = buf.len().min(d.len() - start);
        buf[..n].copy_from_slice(&d[start..start + n]);
        Ok(n)
    }
    fn size(&self) -> crate::error::Result<u64> {
        Ok(self.0.lock().len() as u64)
    }
}

/// xorshift64*: a tiny deterministic generator for model tests (no crate needed).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A `FileSystem` over the POSIX one that records what is done through it, so a test can
/// check that an operation went through the engine's file system and synced what it wrote.
/// Events: `create <path>`, `sync <path>`, `link <from> <to>`, `rename <from> <to>`,
/// `sync_dir <dir>`, `remove <path>`.
pub struct RecordingFs {
    base: std::sync::Arc<dyn crate::env::FileSystem>,
    pub events: std::sync::Arc<parking_lot::Mutex<Vec<String>>>,
}

impl RecordingFs {
    pub fn new() -> std::sync::Arc<RecordingFs> {
        std::sync::Arc::new(RecordingFs { base: crate::env::default_fs(), events: Default::default() })
    }
    pub fn events(&self) -> Vec<String> {
        self.events.lock().clone()
    }
    fn note(&self, e: String) {
        self.events.lock().push(e);
    }
}

struct RecordingFile {
    inner: Box<dyn crate::env::WritableFile>,
    path: PathBuf,
    events: std::sync::Arc<parking_lot::Mutex<Vec<String>>>,
}

impl crate::env::WritableFile for RecordingFile {
    fn append(&mut self, data: &[u8]) -> crate::Result<()> {
        self.inner.append(data)
    }
    fn flush(&mut self) -> crate::Result<()> {
        self.inner.flush()
    }
    fn sync(&mut self) -> crate::Result<()> {
        self.inner.sync()?;
        self.events.lock().push(format!("sync {}", self.path.display()));
        Ok(())
    }
    fn close(&mut self) -> crate::Result<()> {
        self.inner.close()
    }
    fn size(&self) -> u64 {
        self.inner.size()
    }
}

impl crate::env::FileSystem for RecordingFs {
    fn new_writable_file(&self, path: &std::path::Path) -> crate::Result<Box<dyn crate::env::WritableFile>> {
        let inner = self.base.new_writable_file(path)?;
        self.note(format!("create {}", path.display()));
        Ok(Box::new(RecordingFile { inner, path: path.to_path_buf(), events: self.events.clone() }))
    }
    fn new_appendable_file(&self, path: &std::path::Path) -> crate::Result<Box<dyn crate::env::WritableFile>> {
        let inner = self.base.new_appendable_file(path)?;
        self.note(format!("create {}", path.display()));
        Ok(Box::new(RecordingFile { inner, path: path.to_path_buf(), events: self.events.clone() }))
    }
    fn new_random_access_file(&self, path: &std::path::Path) -> crate::Result<std::sync::Arc<dyn crate::env::RandomAccessFile>> {
        self.base.new_random_access_file(path)
    }
    fn new_sequential_file(&self, path: &std::path::Path) -> crate::Result<Box<dyn crate::env::SequentialFile>> {
        self.base.new_sequential_file(path)
    }
    fn file_exists(&self, path: &std::path::Path) -> bool {
        self.base.file_exists(path)
    }
    fn file_size(&self, path: &std::path::Path) -> crate::Result<u64> {
        self.base.file_size(path)
    }
    fn list_dir(&self, dir: &std::path::Path) -> crate::Result<Vec<String>> {
        self.base.list_dir(dir)
    }
    fn create_dir_all(&self, dir: &std::path::Path) -> crate::Result<()> {
        self.base.create_dir_all(dir)
    }
    fn remove_file(&self, path: &std::path::Path) -> crate::Result<()> {
        self.base.remove_file(path)?;
        self.note(format!("remove {}", path.display()));
        Ok(())
    }
    fn remove_dir(&self, path: &std::path::Path) -> crate::Result<()> {
        self.base.remove_dir(path)
    }
    fn rename(&self, from: &std::path::Path, to: &std::path::Path) -> crate::Result<()> {
        self.base.rename(from, to)?;
        self.note(format!("rename {} {}", from.display(), to.display()));
        Ok(())
    }
    fn link_file(&self, from: &std::path::Path, to: &std::path::Path) -> crate::Result<()> {
        self.base.link_file(from, to)?;
        self.note(format!("link {} {}", from.display(), to.display()));
        Ok(())
    }
    fn sync_dir(&self, dir: &std::path::Path) -> crate::Result<()> {
        self.base.sync_dir(dir)?;
        self.note(format!("sync_dir {}", dir.display()));
        Ok(())
    }
    fn lock_file(&self, path: &std::path::Path) -> crate::Result<Box<dyn crate::env::FileLock>> {
        self.base.lock_file(path)
    }
}

/// The global allocator of the crate's test build: the system's, recording per thread the
/// largest single request since `reset_peak_allocation`, so a test can show that hostile input
/// never makes the engine allocate past a bound (`peak_allocation`).
struct PeakRecordingAllocator;

thread_local! {
    static PEAK_REQUEST: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn record_request(size: usize) {
    let _ = PEAK_REQUEST.try_with(|p| {
        if size > p.get() {
            p.set(size);
        }
    });
}

// SAFETY: every call is passed unchanged to the system allocator, which upholds GlobalAlloc's
// contract; the bookkeeping touches only a const-initialised thread-local Cell (no allocation,
// no reentrancy).
#[allow(unsafe_code)]
unsafe impl std::alloc::GlobalAlloc for PeakRecordingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        record_request(layout.size());
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        record_request(layout.size());
        unsafe { std::alloc::System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        record_request(new_size);
        unsafe { std::alloc::System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL_ALLOCATOR: PeakRecordingAllocator = PeakRecordingAllocator;

/// Starts a new measurement of the calling thread's largest allocation request.
pub fn reset_peak_allocation() {
    let _ = PEAK_REQUEST.try_with(|p| p.set(0));
}

/// The calling thread's largest single allocation request (bytes) since `reset_peak_allocation`.
pub fn peak_allocation() -> usize {
    PEAK_REQUEST.try_with(|p| p.get()).unwrap_or(0)
}
