//! Background scheduling: the threads (one for flushes and the periodic stats dump, the
//! others for compactions and flushes), what each picks next (a column family with
//! immutable memtables, else the compaction the picker chooses), the background-error
//! latch with its listeners (which errors stop the database, as RocksDB's ErrorHandler
//! decides), catching panics of the background rounds, and waiting until no work is pending. The work itself is in
//! `flush.rs` and `compaction.rs`.
//!
//! Thread-safety: the threads sleep on `DbInner::bg_cv` under the db mutex and are woken
//! when work is queued or finishes and at shutdown.

use super::listener::BackgroundErrorReason;
use super::{ColumnFamily, Db, DbInner, DbState};
use crate::error::{Code, Error, Result, SubCode};
use parking_lot::MutexGuard;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

impl DbInner {
    /// Starts background threads up to max_background_jobs (at least two: one for flushes).
    /// Called at open and after SetDBOptions; never stops threads (RocksDB's pool only
    /// grows: IncBackgroundThreadsIfNeeded).
    pub(crate) fn spawn_background_threads(self: &Arc<Self>) {
        let n = self.opts().max_background_jobs.max(2) as usize;
        let mut threads = self.bg_threads.lock();
        for i in threads.len()..n {
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

    /// Lets the listeners see (and possibly clear) a background error, then latches it if
    /// RocksDB's ErrorHandler gives it a severity that stops writes. A failed compaction does
    /// only with paranoid_checks (corruption: unrecoverable; I/O and other errors: fatal);
    /// without, the listeners are told and the compaction is tried again later. A flush or
    /// MANIFEST failure always does.
    /// Requires: the db mutex guard; released while the listeners run.
    pub(super) fn report_bg_error(&self, st: &mut MutexGuard<'_, DbState>, reason: BackgroundErrorReason, e: Error) {
        let stops = reason != BackgroundErrorReason::Compaction || self.opts().paranoid_checks;
        self.notify_bg_error(st, reason, e, stops);
    }

    /// A panic caught on a background path is latched whatever the options say: the job's
    /// state cannot be trusted.
    pub(super) fn report_bg_panic(&self, st: &mut MutexGuard<'_, DbState>, reason: BackgroundErrorReason, e: Error) {
        self.notify_bg_error(st, reason, e, true);
    }

    fn notify_bg_error(&self, st: &mut MutexGuard<'_, DbState>, reason: BackgroundErrorReason, e: Error, latch: bool) {
        let e = if self.opts().listeners.is_empty() {
            Some(e)
        } else {
            MutexGuard::unlocked(st, || self.events.background_error(&self.opts(), reason, e))
        };
        if let (Some(e), true) = (e, latch) {
            self.set_bg_error(e);
        }
    }

    /// Runs one automatic compaction if any column family needs one. Returns its outcome, or
    /// None when there was nothing to do.
    fn maybe_compact(&self, st: &mut MutexGuard<'_, DbState>) -> Option<Result<()>> {
        if st.manual_compactions > 0 || self.bg_error().is_some() {
            return None;
        }
        let cfs: Vec<Arc<ColumnFamily>> = self.cfs.read().values().cloned().collect();
        for cf in cfs {
            if cf.dropped.load(Ordering::Acquire) {
                continue;
            }
            if let Some(plan) = self.pick_compaction_for(st, &cf) {
                let r = self.run_compaction(st, &cf, plan);
                if let Err(e) = &r {
                    self.info_log.log(&format!("[{}] compaction failed: {e}", cf.name));
                }
                return Some(r.map(|_| ()));
            }
        }
        None
    }
}

fn background_loop(db: std::sync::Weak<DbInner>, flush_only: bool) {
    loop {
        let db = match db.upgrade() {
            Some(d) => d,
            None => return,
        };
        // The jobs catch their own panics; this catches the rest, so the thread lives on and
        // the database turns read-only with the panic as its background error.
        match catch_unwind(AssertUnwindSafe(|| background_step(&db, flush_only))) {
            Ok(true) => {}
            Ok(false) => return,
            Err(p) => db.set_bg_error(Error::from_panic(p)),
        }
    }
}

/// One round of a background thread: a flush, a compaction, a stats dump, or a wait for work.
/// Returns false when the database is shutting down.
fn background_step(db: &DbInner, flush_only: bool) -> bool {
    let mut st = db.state.lock();
    if st.shutting_down {
        return false;
    }
    if flush_only && db.opts().stats_dump_period_sec > 0
        && st.last_stats_dump.elapsed().as_secs() >= db.opts().stats_dump_period_sec as u64
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
        return true;
    }
    if db.bg_error().is_none() && st.bg_work_paused == 0 {
        if let Some(cf_id) = db.pick_flush(&st) {
            let _ = db.run_flush(&mut st, cf_id);
            return true;
        }
        if !flush_only {
            match db.maybe_compact(&mut st) {
                Some(Err(e)) if !ends_compaction_quietly(&e) && db.bg_error().is_none() && !st.shutting_down => {
                    // Not latched (no paranoid_checks, or a listener cleared it): RocksDB's
                    // BackgroundCallCompaction waits a second before trying again, so a
                    // lasting fault does not spin.
                    db.info_log.log(&format!("Waiting after background compaction error: {e}"));
                    let deadline = Instant::now() + COMPACTION_RETRY_WAIT;
                    while !st.shutting_down && !db.bg_cv.wait_until(&mut st, deadline).timed_out() {}
                    return true;
                }
                Some(_) => return true,
                None => {}
            }
        }
    }
    // Wait for work; the timeout bounds how long a missed notification could delay it.
    db.bg_cv.wait_for(&mut st, Duration::from_millis(200));
    !st.shutting_down
}

/// Whether a compaction's error is one RocksDB neither makes the background error nor waits
/// after: shutdown, a paused manual compaction, a dropped column family.
pub(super) fn ends_compaction_quietly(e: &Error) -> bool {
    matches!(e.code(), Code::ShutdownInProgress | Code::ColumnFamilyDropped) || e.subcode() == Some(SubCode::ManualCompactionPaused)
}

/// How long a background thread waits after a compaction failed without stopping the database.
const COMPACTION_RETRY_WAIT: Duration = Duration::from_secs(1);

impl Db {
    /// Waits until no flush or compaction is pending or running (tests and tools). While
    /// background work is paused it answers "Operation aborted" at once, as RocksDB's
    /// WaitForCompact with abort_on_pause.
    pub fn wait_for_background_work(&self) -> Result<()> {
        self.wait_for_background_work_with(true)
    }

    /// `wait_for_background_work`; without `abort_on_pause` a pause makes it wait until
    /// background work is continued (RocksDB's WaitForCompact, whose default that is).
    pub fn wait_for_background_work_with(&self, abort_on_pause: bool) -> Result<()> {
        let inner = &self.inner;
        let mut st = inner.state.lock();
        loop {
            if let Some(e) = inner.bg_error() {
                return Err(e);
            }
            if st.shutting_down {
                return Err(Error::shutdown(""));
            }
            if st.bg_work_paused > 0 {
                if abort_on_pause {
                    return Err(Error::aborted(""));
                }
                inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
                continue;
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
