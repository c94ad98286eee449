//! Secondary instances (RocksDB's DB::OpenAsSecondary / TryCatchUpWithPrimary): a read-only
//! view of a database another process keeps writing. It takes no lock and writes nothing in
//! the primary's directory (its own directory, `secondary_path`, is only created). Opening
//! and each catch-up read the primary's CURRENT, MANIFEST and WALs afresh (a read-only
//! recovery), then open every table of the result into this instance's table cache before
//! installing it: a table the primary deletes later stays readable through the open file, as
//! RocksDB's secondary keeps every table open (max_open_files = -1). A file the primary
//! deletes while a catch-up reads (a WAL flushed away, an input of a finished compaction)
//! makes that attempt start over from the new CURRENT.
//!
//! Thread-safety: a catch-up builds the new state without the db mutex and installs it under
//! it; readers holding the previous super version keep reading it.

use super::{ColumnFamilyHandle, Db};
use crate::error::{Code, Error, Result};
use crate::options::Options;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// How often one open or catch-up starts over after the primary deleted a file it was reading.
const ATTEMPTS: usize = 20;

/// What a secondary needs to read its primary again.
pub(crate) struct SecondaryState {
    db_opts: Options,
    cfs: Vec<(String, Options)>,
    /// One catch-up at a time.
    catch_up: parking_lot::Mutex<()>,
}

/// The file went away under the reader (the primary deleted it).
fn vanished(e: &Error) -> bool {
    e.code() == Code::NotFound || (e.code() == Code::IOError && e.subcode() == Some(crate::error::SubCode::PathNotFound))
}

/// A read-only recovery of the primary's current state with every table opened.
fn read_primary(db_opts: &Options, path: &Path, cfs: &[(String, Options)]) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
    let mut last = None;
    for _ in 0..ATTEMPTS {
        let r = Db::open_for_read_only(db_opts, path, cfs, false).and_then(|(db, handles)| {
            db.pin_all_tables()?;
            Ok((db, handles))
        });
        match r {
            Err(e) if vanished(&e) => last = Some(e),
            r => return r,
        }
    }
    Err(last.unwrap_or_else(|| Error::io("secondary: the primary kept deleting files")))
}

impl Db {
    /// Opens every table of every column family's current version into the table cache.
    fn pin_all_tables(&self) -> Result<()> {
        let cfs: Vec<_> = self.inner.cfs.read().values().cloned().collect();
        for cf in cfs {
            let v = cf.super_version().version.clone();
            for f in v.levels.iter().flatten() {
                self.inner.table_cache.get(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
            }
        }
        Ok(())
    }

    /// RocksDB's DB::OpenAsSecondary with column families: every family to read must be
    /// listed (the default one among them).
    pub fn open_as_secondary(
        db_opts: &Options,
        path: impl AsRef<Path>,
        secondary_path: impl AsRef<Path>,
        cfs: &[(String, Options)],
    ) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
        let path = path.as_ref();
        let fs = db_opts.file_system();
        fs.create_dir_all(secondary_path.as_ref())?;
        // RocksDB's secondary reads CURRENT first; a directory that is no database fails there.
        crate::env::read_file_to_vec(fs.as_ref(), &path.join("CURRENT"))?;
        let cfs: Vec<(String, Options)> = if cfs.is_empty() { vec![("default".to_string(), db_opts.clone())] } else { cfs.to_vec() };
        let (db, handles) = read_primary(db_opts, path, &cfs)?;
        let _ = db.inner.secondary.set(SecondaryState {
            db_opts: db_opts.clone(),
            cfs,
            catch_up: Default::default(),
        });
        Ok((db, handles))
    }

    /// RocksDB's TryCatchUpWithPrimary: installs what the primary has written since (its
    /// flushes, compactions, column families dropped, and the WAL's newer records). A family
    /// the primary dropped reads as dropped.
    pub fn try_catch_up_with_primary(&self) -> Result<()> {
        let sec = self.inner.secondary.get().ok_or_else(|| Error::not_supported("Supported only by secondary instance"))?;
        self.inner.check_open()?;
        let _one = sec.catch_up.lock();
        let existing = Db::list_column_families(&sec.db_opts, &self.inner.path)?;
        let cfs: Vec<(String, Options)> = sec.cfs.iter().filter(|(n, _)| existing.contains(n)).cloned().collect();
        let (fresh, _) = read_primary(&sec.db_opts, &self.inner.path, &cfs)?;
        // The fresh instance's tables are open in its own cache; this instance's must hold them.
        {
            let fresh_cfs = fresh.inner.cfs.read();
            for cf in fresh_cfs.values() {
                let v = cf.super_version().version.clone();
                for f in v.levels.iter().flatten() {
                    self.inner.table_cache.get(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                }
            }
        }
        let mut st = self.inner.state.lock();
        let mut fst = fresh.inner.state.lock();
        std::mem::swap(&mut st.versions, &mut fst.versions);
        drop(fst);
        let fresh_cfs = fresh.inner.cfs.read();
        for (id, cf) in self.inner.cfs.read().iter() {
            match fresh_cfs.get(id) {
                Some(f) => *cf.sv.write() = f.super_version(),
                None => cf.dropped.store(true, Ordering::Release),
            }
        }
        self.inner.last_sequence.store(fresh.latest_sequence_number(), Ordering::Release);
        drop(st);
        drop(fresh_cfs);
        fresh.close()
    }

    /// Whether this is a secondary instance.
    pub fn is_secondary(&self) -> bool {
        self.inner.secondary.get().is_some()
    }
}

#[cfg(test)]
mod tests;
