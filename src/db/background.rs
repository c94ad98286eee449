//! Background scheduling: the threads (one for flushes and the periodic stats dump, the
//! others for compactions and flushes), what each picks next (a column family with
//! immutable memtables, else the compaction the picker chooses), the background-error
//! latch with its listeners, and waiting until no work is pending. The work itself is in
//! `flush.rs` and `compaction.rs`.
//!
//! Thread-safety: the threads sleep on `DbInner::bg_cv` under the db mutex and are woken
//! when work is queued or finishes and at shutdown.

use super::listener::BackgroundErrorReason;
use super::{ColumnFamily, Db, DbInner, DbState};
use crate::error::{Error, Result};
use parking_lot::MutexGuard;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

impl DbInner {
    pub(crate) fn spawn_background_threads(self: &Arc<Self>) {
        let n = self.opts.max_background_jobs.max(2) as usize;
        let mut threads = self.bg_threads.lock();
        for i in 0..n {
            let db = Arc::downgrade(self);
            let flush_only = i == 0;
            let t = std::thread::Builder::new()
                .name(if flush_only { "ferrock:flush".into() } else { format!("ferrock:compact{i}") })
                .spawn(move || background_loop(db, flush_only));
            if let Ok(t) = t {
                threads.push(t);
            }
        }
    }

    /// Picks a column family with immutable memtables not yet being flushed.
    pub(super) fn pick_flush(&self, st: &DbState) -> Option<u32> {
        self.cfs
            .read()
            .values()
            .find(|cf| !cf.dropped.load(Ordering::Acquire) && !st.flushing.contains(&cf.id) && !cf.super_version().imm.is_empty())
            .map(|cf| cf.id)
    }

    /// Lets the listeners see (and possibly clear) a background error, then latches it.
    /// Requires: the db mutex guard; released while the listeners run.
    pub(super) fn report_bg_error(&self, st: &mut MutexGuard<'_, DbState>, reason: BackgroundErrorReason, e: Error) {
        if self.opts.listeners.is_empty() {
            self.set_bg_error(e);
            return;
        }
        if let Some(e) = MutexGuard::unlocked(st, || self.events.background_error(&self.opts, reason, e)) {
            self.set_bg_error(e);
        }
    }

    /// Runs one automatic compaction if any column family needs one. Returns whether it did work.
    fn maybe_compact(&self, st: &mut MutexGuard<'_, DbState>) -> bool {
        if st.manual_compactions > 0 || self.bg_error().is_some() {
            return false;
        }
        let cfs: Vec<Arc<ColumnFamily>> = self.cfs.read().values().cloned().collect();
        for cf in cfs {
            if cf.dropped.load(Ordering::Acquire) {
                continue;
            }
            if let Some(plan) = self.pick_compaction_for(st, &cf) {
                if let Err(e) = self.run_compaction(st, &cf, plan) {
                    self.info_log.log(&format!("[{}] compaction failed: {e}", cf.name));
                }
                return true;
            }
        }
        false
    }
}

fn background_loop(db: std::sync::Weak<DbInner>, flush_only: bool) {
    loop {
        let db = match db.upgrade() {
            Some(d) => d,
            None => return,
        };
        let mut st = db.state.lock();
        if st.shutting_down {
            return;
        }
        if flush_only && db.opts.stats_dump_period_sec > 0
            && st.last_stats_dump.elapsed().as_secs() >= db.opts.stats_dump_period_sec as u64
        {
            st.last_stats_dump = std::time::Instant::now();
            let cfs: Vec<_> = db.cfs.read().values().cloned().collect();
            drop(st);
            db.info_log.log("------- DUMPING STATS -------");
            for cf in cfs {
                if let Some(text) = db.property(&cf, "rocksdb.stats") {
                    db.info_log.log(&text);
                }
            }
            if let Some(s) = &db.stats {
                db.info_log.log(&s.to_text());
            }
            continue;
        }
        if db.bg_error().is_none() {
            if let Some(cf_id) = db.pick_flush(&st) {
                let _ = db.run_flush(&mut st, cf_id);
                continue;
            }
            if !flush_only && db.maybe_compact(&mut st) {
                continue;
            }
        }
        // Wait for work; the timeout bounds how long a missed notification could delay it.
        db.bg_cv.wait_for(&mut st, Duration::from_millis(200));
        if st.shutting_down {
            return;
        }
    }
}

impl Db {
    /// Waits until no flush or compaction is pending or running (tests and tools).
    pub fn wait_for_background_work(&self) -> Result<()> {
        let inner = &self.inner;
        let mut st = inner.state.lock();
        loop {
            if let Some(e) = inner.bg_error() {
                return Err(e);
            }
            let pending_flush = inner.pick_flush(&st).is_some() || st.running_flushes > 0;
            let pending_compaction = st.running_compactions > 0
                || inner.cfs.read().values().any(|cf| inner.pick_compaction_for(&st, cf).is_some());
            if !pending_flush && !pending_compaction {
                return Ok(());
            }
            inner.bg_cv.notify_all();
            inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
        }
    }
}
