//! The part of RocksDB's perf context ferrock keeps: per-thread counters of the commit path
//! (write_wal_time, write_memtable_time, in nanoseconds), of transaction key locks
//! (key_lock_wait_time/count) and of table filter checks (bloom_sst_hit_count /
//! bloom_sst_miss_count). Counts are kept from RocksDB's PerfLevel kEnableCount (2, the level
//! every thread starts with, as in RocksDB), times from kEnableTimeExceptForMutex (3)
//! (PerfLevel values: 0 uninitialized, 1 disable, 2 enable_count, 3 enable_time_except_for_mutex).
//!
//! Thread-safety: thread-local, as RocksDB's perf context.

use std::cell::Cell;
use std::time::Duration;

/// RocksDB's PerfLevel::kEnableTimeExceptForMutex: timers run from this level up.
pub const ENABLE_TIME_EXCEPT_FOR_MUTEX: i32 = 3;
/// RocksDB's PerfLevel::kEnableCount: counters run from this level up; a thread's default.
pub const ENABLE_COUNT: i32 = 2;

thread_local! {
    static LEVEL: Cell<i32> = const { Cell::new(ENABLE_COUNT) };
    static COUNTERS: Cell<PerfCounters> = const { Cell::new(PerfCounters::ZERO) };
}

/// The counters this module keeps (nanoseconds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerfCounters {
    pub write_wal_time: u64,
    pub write_memtable_time: u64,
    pub key_lock_wait_time: u64,
    pub key_lock_wait_count: u64,
    /// Table filter checks that said "may match" / "does not match".
    pub bloom_sst_hit_count: u64,
    pub bloom_sst_miss_count: u64,
}

impl PerfCounters {
    const ZERO: PerfCounters = PerfCounters {
        write_wal_time: 0,
        write_memtable_time: 0,
        key_lock_wait_time: 0,
        key_lock_wait_count: 0,
        bloom_sst_hit_count: 0,
        bloom_sst_miss_count: 0,
    };
}

pub fn set_perf_level(level: i32) {
    LEVEL.with(|l| l.set(level));
}
pub fn perf_level() -> i32 {
    LEVEL.with(|l| l.get())
}
pub(crate) fn timing() -> bool {
    perf_level() >= ENABLE_TIME_EXCEPT_FOR_MUTEX
}
pub fn counters() -> PerfCounters {
    COUNTERS.with(|c| c.get())
}
pub fn reset() {
    COUNTERS.with(|c| c.set(PerfCounters::ZERO));
}

fn update(f: impl FnOnce(&mut PerfCounters)) {
    COUNTERS.with(|c| {
        let mut v = c.get();
        f(&mut v);
        c.set(v);
    });
}

pub(crate) fn add_key_lock_wait(d: Duration) {
    if perf_level() >= ENABLE_COUNT {
        update(|c| {
            c.key_lock_wait_count += 1;
            if timing() {
                c.key_lock_wait_time += d.as_nanos() as u64;
            }
        });
    }
}

pub(crate) fn add_commit(t: crate::db::CommitTimings) {
    if timing() {
        update(|c| {
            c.write_wal_time += t.write_wal_nanos;
            c.write_memtable_time += t.write_memtable_nanos;
        });
    }
}

/// One table filter check and its answer (RocksDB counts it in FullFilterBlockReader::MayMatch).
pub(crate) fn add_filter_check(may_match: bool) {
    if perf_level() >= ENABLE_COUNT {
        update(|c| {
            if may_match {
                c.bloom_sst_hit_count += 1;
            } else {
                c.bloom_sst_miss_count += 1;
            }
        });
    }
}
