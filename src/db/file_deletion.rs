//! Obsolete-file deletion (RocksDB's FindObsoleteFiles/PurgeObsoleteFiles): tables no live
//! version references and no job is writing, WALs every column family has flushed (and no
//! prepared transaction needs), MANIFESTs other than the current one, and OPTIONS files
//! beyond the newest two; and RocksDB's Disable/EnableFileDeletions, which hold it off.
//!
//! Thread-safety: runs under the db mutex (`DbState`).

use super::{Db, DbInner, DbState};
use crate::error::Result;
use crate::version::filename::{parse_file_name, FileType};
use std::collections::BTreeSet;

impl DbInner {
    /// An obsolete table leaves through the SstFileManager when there is one (which may
    /// delete it at a rate), else at once.
    fn remove_table_file(&self, path: &std::path::Path) -> Result<()> {
        match &self.opts().sst_file_manager {
            Some(sfm) => sfm.delete_file(path),
            None => self.fs.remove_file(path),
        }
    }

    /// RocksDB's check after a flush or a compaction output: with the SstFileManager's
    /// max_allowed_space_usage reached, the job ends in the background error
    /// "Max allowed space was reached" (the database stops taking writes).
    pub(crate) fn space_limit_error(&self) -> Option<crate::error::Error> {
        let sfm = self.opts().sst_file_manager.clone()?;
        sfm.is_max_allowed_space_reached().then(|| crate::error::Error::with_subcode(crate::error::Code::IOError, crate::error::SubCode::SpaceLimit, "Max allowed space was reached"))
    }

    /// The oldest WAL that still holds data not yet in a table: a memtable's own, the prepared
    /// section of a transaction committed into a memtable, or an undecided prepared section.
    pub(crate) fn min_wal_needed(&self, current_wal: u64) -> u64 {
        let mut min = current_wal;
        for cf in self.cfs.read().values() {
            let sv = cf.super_version();
            for m in sv.imm.iter().chain(std::iter::once(&sv.mem)) {
                if !m.is_empty() {
                    min = min.min(m.log_number());
                }
                if let Some(p) = m.min_prep_log() {
                    min = min.min(p);
                }
            }
        }
        if let Some(p) = self.txn.min_prepared_wal() {
            min = min.min(p);
        }
        min
    }

    /// Deletes tables no live version references, WALs every column family has flushed, and old
    /// MANIFEST and OPTIONS files. Requires: the db mutex.
    pub(crate) fn delete_obsolete_files(&self, st: &mut DbState) {
        if self.read_only || st.file_deletions_disabled > 0 {
            return;
        }
        let mut live: BTreeSet<u64> = st.pending_outputs.clone();
        live.extend(st.versions.quarantined_tables());
        for d in st.versions.column_families() {
            live.extend(d.current.all_file_numbers());
        }
        st.live_versions.retain(|w| w.strong_count() > 0);
        for w in &st.live_versions {
            if let Some(v) = w.upgrade() {
                live.extend(v.all_file_numbers());
            }
        }
        let current_wal = self.wal.lock().number;
        let min_wal = self.min_wal_needed(current_wal);
        // Tables live in every db_paths / cf_paths directory (RocksDB's full scan lists them all).
        let mut table_dirs = self.table_dirs.lock().clone();
        table_dirs.remove(&self.path);
        for dir in &table_dirs {
            for name in self.fs.list_dir(dir).unwrap_or_default() {
                if let Some((FileType::Table, n)) = parse_file_name(&name) {
                    if !live.contains(&n) && n < st.versions.next_file_number() {
                        self.table_cache.evict(n);
                        if self.remove_table_file(&dir.join(&name)).is_ok() {
                            self.info_log.log(&format!("Deleted obsolete table file {}", dir.join(&name).display()));
                        }
                    }
                }
            }
        }
        let names = match self.fs.list_dir(&self.path) {
            Ok(n) => n,
            Err(_) => return,
        };
        let mut options_files: Vec<u64> = Vec::new();
        for name in &names {
            match parse_file_name(name) {
                Some((FileType::Table, n)) if !live.contains(&n) && n < st.versions.next_file_number() => {
                    self.table_cache.evict(n);
                    if self.remove_table_file(&self.path.join(name)).is_ok() {
                        self.info_log.log(&format!("Deleted obsolete table file {name}"));
                    }
                }
                Some((FileType::Manifest, n)) if !st.versions.manifest_in_use(n) => {
                    let _ = self.fs.remove_file(&self.path.join(name));
                }
                Some((FileType::Options, n)) => options_files.push(n),
                _ => {}
            }
        }
        options_files.sort_unstable();
        if options_files.len() > 2 {
            for n in &options_files[..options_files.len() - 2] {
                let _ = self.fs.remove_file(&self.path.join(crate::version::filename::options_file_name(*n)));
            }
        }
        while let Some(&(n, _)) = st.alive_wals.front() {
            if n >= min_wal || n == current_wal {
                break;
            }
            st.alive_wals.pop_front();
            if self.fs.remove_file(&self.wal_path(n)).is_ok() {
                self.info_log.log(&format!("Deleted obsolete WAL {n:06}.log"));
            }
        }
    }
}

impl Db {
    /// RocksDB's DisableFileDeletions: obsolete files stay on disk until every call is matched
    /// by `enable_file_deletions` (for copying a live database's files).
    pub fn disable_file_deletions(&self) -> Result<()> {
        self.inner.check_open()?;
        self.inner.state.lock().file_deletions_disabled += 1;
        Ok(())
    }

    /// RocksDB 11.8.1's EnableFileDeletions: undoes one `disable_file_deletions`; at zero,
    /// obsolete files are deleted again (at once).
    pub fn enable_file_deletions(&self) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        let mut st = self.inner.state.lock();
        st.file_deletions_disabled = st.file_deletions_disabled.saturating_sub(1);
        if st.file_deletions_disabled == 0 {
            self.inner.delete_obsolete_files(&mut st);
        }
        Ok(())
    }

    /// Whether obsolete files are deleted (no `disable_file_deletions` is pending).
    pub fn file_deletions_enabled(&self) -> bool {
        self.inner.state.lock().file_deletions_disabled == 0
    }
}
