//! Creating and dropping column families (a MANIFEST edit each, with a new OPTIONS file),
//! and writing the OPTIONS file of the database's current options.
//!
//! Thread-safety: under the write leader lock (no write is in flight) and the db mutex. A drop
//! waits for no flush or compaction: those of the dropped family discard their results when
//! they find it gone at install.

use super::{ColumnFamily, ColumnFamilyHandle, DbInner, DbState, SuperVersion};
use crate::error::{Error, Result};
use crate::options::Options;
use crate::version::edit::VersionEdit;
use std::sync::atomic::Ordering;
use parking_lot::RwLock;
use std::sync::Arc;

/// A family's options with its table directories (`compaction::paths::effective_paths`); with
/// more than one directory level_compaction_dynamic_level_bytes is turned off, as RocksDB's
/// SanitizeCfOptions does ("multiple cf_paths/db_paths and level_compaction_dynamic_level_bytes
/// can't be used together").
pub(crate) fn with_table_paths(db_dir: &std::path::Path, db_opts: &Options, cf_opts: &Options) -> (Options, Vec<crate::options::DbPath>) {
    let paths = crate::compaction::paths::effective_paths(db_dir, db_opts, cf_opts);
    let mut o = cf_opts.clone();
    if paths.len() > 1 {
        o.level_compaction_dynamic_level_bytes = false;
    }
    (o, paths)
}

impl DbInner {
    pub(crate) fn create_column_family(&self, opts: &Options, name: &str) -> Result<Arc<ColumnFamilyHandle>> {
        self.check_open()?;
        let mut opts = opts.sanitized();
        // The family keeps its comparator alive while the database is open (`Comparator::pinned`).
        opts.comparator = opts.comparator.pinned()?;
        let opts = &opts;
        super::open::check_cf_options(&self.opts(), opts)?;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        let _leader = self.writers.leader.lock();
        let mut st = self.state.lock();
        if st.versions.cf_by_name(name).is_some() {
            return Err(Error::invalid_argument(format!("Column family already exists")));
        }
        // RocksDB's CreateColumnFamily creates the family's cf_paths directories first.
        for p in &opts.cf_paths {
            self.fs.create_dir_all(std::path::Path::new(&p.path))?;
        }
        let id = st.versions.max_column_family() + 1;
        let wal_number = self.wal.lock().number;
        let mut edit = VersionEdit::default();
        edit.column_family = id;
        edit.column_family_add = Some(name.to_string());
        edit.comparator = Some(opts.comparator.name().into_owned());
        st.versions.set_cf_comparator(name, opts.comparator.clone());
        edit.log_number = Some(wal_number);
        edit.max_column_family = Some(id);
        st.versions.log_and_apply(vec![edit])?;
        let version = st.versions.cf(id).map(|d| d.current.clone()).ok_or_else(|| Error::corruption("column family not installed"))?;
        let mem = self.new_memtable(opts, wal_number);
        let (opts, paths) = with_table_paths(&self.path, &self.opts(), opts);
        self.table_dirs.lock().extend(paths.iter().map(|p| std::path::PathBuf::from(&p.path)));
        if let Some(sfm) = &self.opts().sst_file_manager {
            for p in &paths {
                sfm.register_dir(std::path::Path::new(&p.path));
            }
        }
        let cf = Arc::new(ColumnFamily {
            id,
            name: name.to_string(),
            options: RwLock::new(Arc::new(opts.clone())),
            dirs: paths.iter().map(|p| std::path::PathBuf::from(&p.path)).collect(),
            paths,
            icmp: crate::key::InternalKeyComparator::new(opts.comparator.clone()),
            sv: parking_lot::RwLock::new(Arc::new(SuperVersion { mem, imm: Vec::new(), version })),
            dropped: std::sync::atomic::AtomicBool::new(false),
            stall: Default::default(),
        });
        self.cfs.write().insert(id, cf);
        self.write_options_file(&mut st);
        Ok(Arc::new(ColumnFamilyHandle { id, name: name.to_string() }))
    }

    pub(crate) fn drop_column_family(&self, h: &ColumnFamilyHandle) -> Result<()> {
        self.check_open()?;
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        if h.id == 0 {
            return Err(Error::invalid_argument("Can't drop default column family"));
        }
        let _leader = self.writers.leader.lock();
        let mut st = self.state.lock();
        let cf = match self.cfs.read().get(&h.id) {
            Some(c) if !c.dropped.load(Ordering::Acquire) => c.clone(),
            _ => return Err(Error::invalid_argument("Column family already dropped!\n")),
        };
        // No waiting for flushes or compactions (RocksDB's DropColumnFamilyImpl does not
        // either): one of this family finds it dropped when it installs its result and
        // discards it; its inputs stay on disk while it holds their version.
        let mut edit = VersionEdit::default();
        edit.column_family = h.id;
        edit.column_family_drop = true;
        st.versions.log_and_apply(vec![edit])?;
        cf.dropped.store(true, Ordering::Release);
        self.cfs.write().remove(&h.id);
        self.write_options_file(&mut st);
        self.delete_obsolete_files(&mut st);
        Ok(())
    }

    pub(crate) fn write_options_file(&self, st: &mut DbState) {
        let number = st.versions.new_file_number();
        let cfs = self.cfs.read();
        let held: Vec<(String, Arc<Options>)> = cfs.values().map(|c| (c.name.clone(), c.opts())).collect();
        let list: Vec<(String, &Options)> = held.iter().map(|(n, o)| (n.clone(), o.as_ref())).collect();
        if let Err(e) = crate::options::file::write_options_file(self.fs.as_ref(), &self.path, number, &self.opts(), &list) {
            self.info_log.log(&format!("[WARN] failed to write OPTIONS file: {e}"));
        }
    }
}
