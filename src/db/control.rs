//! Pausing and stopping background work from outside: RocksDB's PauseBackgroundWork /
//! ContinueBackgroundWork (counted: while any pause is unmatched the background threads start
//! no flush or compaction; a flush a caller waits for is then written by the caller itself,
//! where RocksDB would wait until work is continued; manual and CompactFiles compactions run in
//! the caller either way), DisableManualCompaction /
//! EnableManualCompaction (manual compactions answer "Result incomplete: Manual compaction paused"
//! while any disable is unmatched) and CancelAllBackgroundWork (flushes unpersisted data unless
//! avoid_flush_during_shutdown, then stops the background threads; the database stays open for
//! reads and for writes that fit in the memtable, until it is closed).

use super::Db;
use crate::error::{Code, Error, Result, SubCode};
use std::sync::atomic::Ordering;
use std::time::Duration;

pub(crate) fn manual_compaction_paused() -> Error {
    Error::with_subcode(Code::Incomplete, SubCode::ManualCompactionPaused, "")
}

impl Db {
    /// Running manual compactions stop after the compaction step they are in; new ones fail.
    /// Returns once none is running.
    pub fn disable_manual_compaction(&self) {
        let inner = &self.inner;
        let mut st = inner.state.lock();
        st.manual_compaction_paused += 1;
        inner.bg_cv.notify_all();
        while st.manual_compactions > 0 {
            inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
    }

    /// RocksDB's PauseBackgroundWork: no background flush or compaction starts until a
    /// matching `continue_background_work`; returns once the running ones have finished.
    pub fn pause_background_work(&self) -> Result<()> {
        let inner = &self.inner;
        inner.check_open()?;
        let mut st = inner.state.lock();
        st.bg_work_paused += 1;
        while st.running_flushes > 0 || st.running_compactions > 0 {
            inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
        Ok(())
    }

    /// RocksDB's ContinueBackgroundWork: undoes one `pause_background_work`; without one
    /// unmatched, "Invalid argument: Background work already unpaused".
    pub fn continue_background_work(&self) -> Result<()> {
        let inner = &self.inner;
        let mut st = inner.state.lock();
        if st.bg_work_paused == 0 {
            return Err(Error::invalid_argument("Background work already unpaused"));
        }
        st.bg_work_paused -= 1;
        if st.bg_work_paused == 0 {
            inner.bg_cv.notify_all();
        }
        Ok(())
    }

    /// Undoes one `disable_manual_compaction`.
    pub fn enable_manual_compaction(&self) {
        let mut st = self.inner.state.lock();
        st.manual_compaction_paused = st.manual_compaction_paused.saturating_sub(1);
    }

    /// Stops background flushes and compactions (after flushing writes made without the WAL,
    /// unless avoid_flush_during_shutdown); with `wait`, returns after the background threads
    /// have finished what they were doing.
    pub fn cancel_all_background_work(&self, wait: bool) -> Result<()> {
        let inner = &self.inner;
        if inner.closed.load(Ordering::Acquire) {
            return Ok(());
        }
        let result = inner.flush_unpersisted_for_shutdown(true);
        inner.cancel_remote_compactions();
        inner.stop_background_threads(wait);
        result
    }
}

#[cfg(test)]
mod tests {
    use crate::db::Db;
    use crate::error::Code;
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
    use crate::util::testutil::TempDir;

    fn open(dir: &TempDir) -> Db {
        Db::open(&Options { create_if_missing: true, ..Default::default() }, &dir.0).unwrap()
    }

    #[test]
    fn paused_manual_compaction_is_incomplete_until_enabled() {
        let dir = TempDir::new("pause-manual");
        let db = open(&dir);
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.disable_manual_compaction();
        db.disable_manual_compaction();
        let e = db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err();
        assert_eq!(e.to_string(), "Result incomplete: Manual compaction paused");
        db.enable_manual_compaction();
        assert!(db.compact_range_cf(&db.default_column_family(), None, None).is_err(), "one disable still unmatched");
        db.enable_manual_compaction();
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        assert_eq!(db.get(&ReadOptions::default(), b"k").unwrap(), Some(b"v".to_vec()));
    }

    #[test]
    fn paused_background_work_leaves_immutable_memtables_until_continued() {
        let dir = TempDir::new("pause-bg");
        let db = open(&dir);
        let e = db.continue_background_work().unwrap_err();
        assert_eq!(e.to_string(), "Invalid argument: Background work already unpaused");
        db.pause_background_work().unwrap();
        db.pause_background_work().unwrap();
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        // An unwaited flush only switches the memtable: no background thread writes it.
        db.flush(&FlushOptions { wait: false, ..Default::default() }).unwrap();
        assert_eq!(db.property_int("rocksdb.num-immutable-mem-table"), Some(1));
        assert_eq!(db.wait_for_background_work().unwrap_err().code(), Code::Aborted);
        db.continue_background_work().unwrap();
        assert_eq!(db.wait_for_background_work().unwrap_err().code(), Code::Aborted, "one pause still unmatched");
        assert_eq!(db.property_int("rocksdb.num-immutable-mem-table"), Some(1));
        db.continue_background_work().unwrap();
        db.wait_for_background_work().unwrap();
        assert_eq!(db.property_int("rocksdb.num-immutable-mem-table"), Some(0));
        assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(1));
        assert_eq!(db.get(&ReadOptions::default(), b"k").unwrap(), Some(b"v".to_vec()));
        assert!(db.continue_background_work().is_err());
    }

    #[test]
    fn a_waited_flush_while_paused_is_written_by_the_caller() {
        let dir = TempDir::new("pause-bg-flush");
        let db = open(&dir);
        db.pause_background_work().unwrap();
        db.put(&WriteOptions::default(), b"k", b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(1));
        db.continue_background_work().unwrap();
    }

    #[test]
    fn cancelled_background_work_flushes_unlogged_writes_and_keeps_reads() {
        let dir = TempDir::new("cancel-bg");
        let db = open(&dir);
        let no_wal = WriteOptions { disable_wal: true, ..Default::default() };
        db.put(&no_wal, b"unlogged", b"v").unwrap();
        db.cancel_all_background_work(true).unwrap();
        assert_eq!(db.get(&ReadOptions::default(), b"unlogged").unwrap(), Some(b"v".to_vec()));
        db.close().unwrap();
        // The write without WAL survived because cancelling flushed it.
        let db = open(&dir);
        assert_eq!(db.get(&ReadOptions::default(), b"unlogged").unwrap(), Some(b"v".to_vec()));
    }
}
