//! `Db`: the safe Rust API of the engine and its implementation — open and
//! recovery, the write path, reads, snapshots, iterators, flush, background
//! work and properties. `capi` and the tools are thin layers over this.
//!
//! Thread-safety: `Db` is `Send + Sync` and cheap to clone (an `Arc`).

use crate::batch::WriteBatch;
use crate::error::{Error, Result};
use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
use std::path::Path;
use std::sync::Arc;

/// A handle to one column family of an open database.
pub struct ColumnFamilyHandle {
    pub(crate) id: u32,
    pub(crate) name: String,
}

impl ColumnFamilyHandle {
    pub fn id(&self) -> u32 {
        self.id
    }
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// A consistent read point. Cloning shares it; the sequence number is released
/// (for compaction's purposes) when the last clone is dropped.
#[derive(Clone)]
pub struct Snapshot {
    pub(crate) inner: Arc<SnapshotInner>,
}

pub struct SnapshotInner {
    pub(crate) seq: u64,
}

impl Snapshot {
    pub fn sequence_number(&self) -> u64 {
        self.inner.seq
    }
}

/// A value read without copying where possible (a view into a cached block or a memtable copy).
pub struct PinnableSlice {
    pub(crate) data: Vec<u8>,
}

impl PinnableSlice {
    pub fn as_slice(&self) -> &[u8] {
        &self.data
    }
}

/// The user-facing iterator: user keys and values visible at its snapshot.
pub struct DbIterator {}

impl DbIterator {
    pub fn valid(&self) -> bool {
        false
    }
    pub fn seek_to_first(&mut self) {}
    pub fn seek_to_last(&mut self) {}
    pub fn seek(&mut self, _key: &[u8]) {}
    pub fn seek_for_prev(&mut self, _key: &[u8]) {}
    pub fn next(&mut self) {}
    pub fn prev(&mut self) {}
    /// Requires: `valid()`.
    pub fn key(&self) -> &[u8] {
        &[]
    }
    /// Requires: `valid()`.
    pub fn value(&self) -> &[u8] {
        &[]
    }
    pub fn status(&self) -> Result<()> {
        Err(Error::not_supported("iterator"))
    }
}

#[derive(Clone)]
pub struct Db {}

fn todo_err<T>() -> Result<T> {
    Err(Error::not_supported("engine under construction"))
}

impl Db {
    /// Opens (or creates, with `create_if_missing`) the database at `path` with only the default column family.
    pub fn open(opts: &Options, path: impl AsRef<Path>) -> Result<Db> {
        let _ = (opts, path);
        todo_err()
    }
    /// Opens with the named column families (must list every existing one, as RocksDB requires).
    pub fn open_cf(
        db_opts: &Options,
        path: impl AsRef<Path>,
        cfs: &[(String, Options)],
    ) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
        let _ = (db_opts, path, cfs);
        todo_err()
    }
    /// Read-only open: takes no lock, writes nothing, replays the WAL into memory.
    pub fn open_for_read_only(
        db_opts: &Options,
        path: impl AsRef<Path>,
        cfs: &[(String, Options)],
        error_if_wal_file_exists: bool,
    ) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
        let _ = (db_opts, path, cfs, error_if_wal_file_exists);
        todo_err()
    }
    pub fn list_column_families(opts: &Options, path: impl AsRef<Path>) -> Result<Vec<String>> {
        let _ = (opts, path);
        todo_err()
    }
    pub fn destroy(opts: &Options, path: impl AsRef<Path>) -> Result<()> {
        let _ = (opts, path);
        todo_err()
    }
    /// Stops background work, releases the LOCK; later calls on this or any
    /// clone (and on its iterators and snapshots) fail with "Shutdown in progress".
    pub fn close(&self) -> Result<()> {
        todo_err()
    }
    pub fn default_column_family(&self) -> Arc<ColumnFamilyHandle> {
        Arc::new(ColumnFamilyHandle { id: 0, name: "default".into() })
    }
    pub fn create_column_family(&self, opts: &Options, name: &str) -> Result<Arc<ColumnFamilyHandle>> {
        let _ = (opts, name);
        todo_err()
    }
    pub fn drop_column_family(&self, cf: &ColumnFamilyHandle) -> Result<()> {
        let _ = cf;
        todo_err()
    }
    pub fn put(&self, wo: &WriteOptions, key: &[u8], value: &[u8]) -> Result<()> {
        let _ = (wo, key, value);
        todo_err()
    }
    pub fn put_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8], value: &[u8]) -> Result<()> {
        let _ = (wo, cf, key, value);
        todo_err()
    }
    pub fn delete(&self, wo: &WriteOptions, key: &[u8]) -> Result<()> {
        let _ = (wo, key);
        todo_err()
    }
    pub fn delete_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let _ = (wo, cf, key);
        todo_err()
    }
    pub fn single_delete(&self, wo: &WriteOptions, key: &[u8]) -> Result<()> {
        let _ = (wo, key);
        todo_err()
    }
    pub fn single_delete_cf(&self, wo: &WriteOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<()> {
        let _ = (wo, cf, key);
        todo_err()
    }
    /// Applies a batch atomically (one WAL record, consecutive sequence numbers).
    pub fn write(&self, wo: &WriteOptions, batch: &WriteBatch) -> Result<()> {
        let _ = (wo, batch);
        todo_err()
    }
    pub fn get(&self, ro: &ReadOptions, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let _ = (ro, key);
        todo_err()
    }
    pub fn get_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let _ = (ro, cf, key);
        todo_err()
    }
    pub fn get_pinned_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<PinnableSlice>> {
        let _ = (ro, cf, key);
        todo_err()
    }
    /// One result per key, in order.
    pub fn multi_get_cf(&self, ro: &ReadOptions, keys: &[(&ColumnFamilyHandle, &[u8])]) -> Vec<Result<Option<Vec<u8>>>> {
        let _ = ro;
        keys.iter().map(|_| todo_err()).collect()
    }
    pub fn iter(&self, ro: &ReadOptions) -> Result<DbIterator> {
        let _ = ro;
        todo_err()
    }
    pub fn iter_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle) -> Result<DbIterator> {
        let _ = (ro, cf);
        todo_err()
    }
    pub fn snapshot(&self) -> Result<Snapshot> {
        todo_err()
    }
    pub fn flush_cf(&self, fo: &FlushOptions, cf: &ColumnFamilyHandle) -> Result<()> {
        let _ = (fo, cf);
        todo_err()
    }
    /// Writes the WAL buffer to the file; with `sync`, fsyncs it.
    pub fn flush_wal(&self, sync: bool) -> Result<()> {
        let _ = sync;
        todo_err()
    }
    /// Compacts the key range (all of it when both are None) down the levels.
    pub fn compact_range_cf(&self, cf: &ColumnFamilyHandle, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        let _ = (cf, begin, end);
        todo_err()
    }
    /// `rocksdb.*` string properties; None when the name is unknown.
    pub fn property_value_cf(&self, cf: &ColumnFamilyHandle, name: &str) -> Option<String> {
        let _ = (cf, name);
        None
    }
    pub fn property_int_cf(&self, cf: &ColumnFamilyHandle, name: &str) -> Option<u64> {
        let _ = (cf, name);
        None
    }
    pub fn latest_sequence_number(&self) -> u64 {
        0
    }
    pub fn path(&self) -> &Path {
        Path::new("")
    }
}
