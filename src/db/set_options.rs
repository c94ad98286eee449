//! Options changed on an open database: RocksDB's `DBImpl::SetOptions` (a column family's
//! mutable options) and `DBImpl::SetDBOptions`. `options::mutable` checks a call all or
//! nothing (RocksDB's names, mutability and error texts); here the new options are swapped
//! in whole, a new OPTIONS file is written with them (RocksDB writes OPTIONS-`<n>` after each
//! successful call), and the background threads are woken so that a lowered trigger or
//! re-enabled automatic compactions take effect at once.
//!
//! Thread-safety: under the db mutex, so calls are serialized with each other, with flush and
//! compaction installs and with column family changes. Readers take the `Arc` of the options
//! when they start: a write, a flush or a compaction keeps the options it began with, and
//! the next one sees the new ones (RocksDB's mutable_cf_options of a job).

use super::{ColumnFamilyHandle, Db, DbInner};
use crate::error::Result;
use crate::options::mutable::{apply_cf_changes, apply_db_changes};
use crate::options::Section;
use std::sync::Arc;

impl DbInner {
    fn log_set_options(&self, what: &str, pairs: &[(String, String)], unmodelled: &[(String, String)]) {
        let list: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        self.info_log.log(&format!("{what}, inputs: {}", list.join(", ")));
        if !unmodelled.is_empty() {
            let names: Vec<&str> = unmodelled.iter().map(|(k, _)| k.as_str()).collect();
            self.info_log.log(&format!("{what}: accepted, not used by ferrock: {}", names.join(", ")));
        }
    }

    pub(crate) fn set_cf_options(&self, h: &ColumnFamilyHandle, pairs: &[(String, String)]) -> Result<()> {
        self.check_open()?;
        let cf = self.cf_for_handle(h)?;
        let mut st = self.state.lock();
        let change = match apply_cf_changes(&cf.opts(), pairs) {
            Ok(c) => c,
            Err(e) => {
                self.info_log.log(&format!("[WARN] SetOptions() on column family [{}] failed: {e}", cf.name));
                return Err(e);
            }
        };
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        // The engine reads clipped values, as the options given at open are (RocksDB's
        // SanitizeCfOptions); the OPTIONS file then shows what the engine uses.
        cf.set_opts(Arc::new(change.options.sanitized()));
        // The stall state and the compaction scores follow the new triggers and limits.
        self.install_super_version(&mut st, &cf, None);
        self.write_options_file(&mut st);
        self.bg_cv.notify_all();
        drop(st);
        self.log_set_options(&format!("SetOptions() on column family [{}]", cf.name), pairs, &change.unmodelled);
        Ok(())
    }

    pub(crate) fn set_db_options(&self, pairs: &[(String, String)]) -> Result<()> {
        self.check_open()?;
        let mut st = self.state.lock();
        let current = self.opts();
        let change = match apply_db_changes(&current, pairs) {
            Ok(c) => c,
            Err(e) => {
                self.info_log.log(&format!("[WARN] SetDBOptions() failed: {e}"));
                return Err(e);
            }
        };
        // RocksDB: "SetDBOptions(), input option value is not changed, skipping updating."
        if change.options.catalog_entries(Section::Db) == current.catalog_entries(Section::Db) {
            return Ok(());
        }
        if self.read_only {
            return Err(super::write::read_only_error());
        }
        self.set_opts(Arc::new(change.options));
        self.write_options_file(&mut st);
        self.bg_cv.notify_all();
        drop(st);
        self.log_set_options("SetDBOptions()", pairs, &change.unmodelled);
        Ok(())
    }
}

impl Db {
    /// RocksDB's `DB::SetOptions(cf, map)`: changes mutable column family options (see
    /// `options::mutable` for what may change and the errors).
    pub fn set_options(&self, cf: &ColumnFamilyHandle, pairs: &[(String, String)]) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        self.inner.set_cf_options(cf, pairs)
    }

    /// RocksDB's `DB::SetDBOptions(map)`: changes mutable DB options. More background jobs
    /// start more background threads (RocksDB's IncBackgroundThreadsIfNeeded); fewer leave
    /// the threads running, as RocksDB's pool does.
    pub fn set_db_options(&self, pairs: &[(String, String)]) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        self.inner.set_db_options(pairs)?;
        self.inner.spawn_background_threads();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::db::Db;
    use crate::options::{FlushOptions, Options, WriteOptions};

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("ferrock-set-options-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        p
    }

    fn files_at(db: &Db, level: usize) -> usize {
        db.inner.cf(0).unwrap().super_version().version.levels[level].len()
    }

    fn flush_tables(db: &Db, n: usize) {
        let cf = db.default_column_family();
        for t in 0..n {
            for i in 0..50 {
                db.put_cf(&WriteOptions::default(), &cf, format!("k{:04}", i * 7 + t).as_bytes(), b"v").unwrap();
            }
            db.flush_cf(&FlushOptions::default(), &cf).unwrap();
        }
    }

    /// A lowered level-0 trigger makes the waiting compaction run; before it, the same
    /// tables stay in level 0.
    #[test]
    fn a_lower_trigger_starts_compaction() {
        let dir = temp_dir("trigger");
        let o = Options { create_if_missing: true, level0_file_num_compaction_trigger: 8, ..Options::default() };
        let db = Db::open(&o, &dir).unwrap();
        flush_tables(&db, 3);
        db.wait_for_background_work().unwrap();
        assert_eq!(files_at(&db, 0), 3, "below the trigger of 8: no compaction");
        db.set_options(&db.default_column_family(), &pairs(&[("level0_file_num_compaction_trigger", "2")])).unwrap();
        db.wait_for_background_work().unwrap();
        assert_eq!(files_at(&db, 0), 0, "the new trigger of 2 compacted level 0");
        assert!((1..7).map(|l| files_at(&db, l)).sum::<usize>() >= 1, "the data is below level 0");
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Re-enabled automatic compactions are scheduled; a failed call changes nothing.
    #[test]
    fn failed_calls_change_nothing_and_reenabling_compacts() {
        let dir = temp_dir("reenable");
        let o = Options { create_if_missing: true, disable_auto_compactions: true, level0_file_num_compaction_trigger: 2, ..Options::default() };
        let db = Db::open(&o, &dir).unwrap();
        flush_tables(&db, 3);
        let cf = db.default_column_family();
        let e = db.set_options(&cf, &pairs(&[("disable_auto_compactions", "false"), ("num_levels", "3")])).unwrap_err();
        assert_eq!(e.to_string(), "Invalid argument: Option not changeable: num_levels");
        db.wait_for_background_work().unwrap();
        assert_eq!(files_at(&db, 0), 3);
        assert!(db.inner.cf(0).unwrap().opts().disable_auto_compactions);
        db.set_options(&cf, &pairs(&[("disable_auto_compactions", "false")])).unwrap();
        db.wait_for_background_work().unwrap();
        assert_eq!(files_at(&db, 0), 0);
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The newest OPTIONS file holds the new values of both kinds, and loads back.
    #[test]
    fn the_new_options_file_holds_the_changes() {
        let dir = temp_dir("file");
        let o = Options { create_if_missing: true, ..Options::default() };
        let db = Db::open(&o, &dir).unwrap();
        let fs = crate::env::posix::PosixFileSystem;
        let before = crate::options::file::latest_options_file(&fs, &dir).unwrap();
        db.set_options(&db.default_column_family(), &pairs(&[("write_buffer_size", "1048576"), ("compression", "kZSTD")])).unwrap();
        db.set_db_options(&pairs(&[("stats_dump_period_sec", "10"), ("max_background_jobs", "4")])).unwrap();
        let after = crate::options::file::latest_options_file(&fs, &dir).unwrap();
        assert_ne!(before, after, "a new OPTIONS file");
        let loaded = crate::options::load::load_latest_options(&fs, &dir, false).unwrap();
        assert_eq!((loaded.db.stats_dump_period_sec, loaded.db.max_background_jobs), (10, 4));
        assert_eq!(loaded.db.bytes_per_sync, 1 << 20, "RocksDB's SetDBOptions turns bytes_per_sync 0 into 1 MiB");
        let cf = &loaded.cfs[0].1;
        assert_eq!((cf.write_buffer_size, cf.compression), (1 << 20, crate::options::CompressionType::Zstd));
        // Unchanged DB options write no new file (RocksDB skips the update).
        db.set_db_options(&pairs(&[("stats_dump_period_sec", "10")])).unwrap();
        assert_eq!(crate::options::file::latest_options_file(&fs, &dir).unwrap(), after);
        assert_eq!(db.inner.bg_threads.lock().len(), 4, "two more background threads for four jobs");
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
