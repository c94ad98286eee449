//! Statistics: RocksDB's tickers (counters) and histograms, under RocksDB's names and enum
//! ids, so `rocksdb_options_statistics_get_string` prints RocksDB's lines and
//! `rocksdb_options_statistics_get_ticker_count` answers by RocksDB's ticker numbers.
//! ferrock maintains the tickers and histograms listed here; the others RocksDB has are not
//! printed (their ids answer 0).
//!
//! Thread-safety: every method takes `&self`; counters are atomics, histograms a short lock.

pub mod perf;

use parking_lot::Mutex;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Tickers ferrock maintains, with RocksDB 11.8.1's `Tickers` enum values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ticker {
    /// `rocksdb.block.cache.miss`.
    BlockCacheMiss = 0,
    /// `rocksdb.block.cache.hit`.
    BlockCacheHit = 1,
    /// `rocksdb.block.cache.add`.
    BlockCacheAdd = 2,
    /// `rocksdb.bloom.filter.useful`.
    BloomFilterUseful = 35,
    /// `rocksdb.memtable.hit`.
    MemtableHit = 45,
    /// `rocksdb.memtable.miss`.
    MemtableMiss = 46,
    /// `rocksdb.l0.hit`.
    GetHitL0 = 47,
    /// `rocksdb.l1.hit`.
    GetHitL1 = 48,
    /// `rocksdb.l2andup.hit`.
    GetHitL2AndUp = 49,
    /// `rocksdb.compaction.key.drop.user`.
    CompactionKeyDropUser = 53,
    /// `rocksdb.compaction.cancelled`.
    CompactionCancelled = 56,
    /// `rocksdb.number.keys.written`.
    NumberKeysWritten = 58,
    /// `rocksdb.number.keys.read`.
    NumberKeysRead = 59,
    /// `rocksdb.bytes.written`.
    BytesWritten = 61,
    /// `rocksdb.bytes.read`.
    BytesRead = 62,
    /// `rocksdb.number.db.seek`.
    NumberDbSeek = 63,
    /// `rocksdb.number.db.next`.
    NumberDbNext = 64,
    /// `rocksdb.number.db.prev`.
    NumberDbPrev = 65,
    /// `rocksdb.stall.micros`.
    StallMicros = 76,
    /// `rocksdb.number.multiget.get`.
    NumberMultigetCalls = 78,
    /// `rocksdb.wal.synced`.
    WalFileSynced = 84,
    /// `rocksdb.wal.bytes`.
    WalFileBytes = 85,
    /// `rocksdb.write.self`.
    WriteDoneBySelf = 91,
    /// `rocksdb.write.other`.
    WriteDoneByOther = 92,
    /// `rocksdb.write.wal`.
    WriteWithWal = 93,
    /// `rocksdb.compact.read.bytes`.
    CompactReadBytes = 94,
    /// `rocksdb.compact.write.bytes`.
    CompactWriteBytes = 95,
    /// `rocksdb.flush.write.bytes`.
    FlushWriteBytes = 96,
    /// `rocksdb.compact.read.marked.bytes`.
    CompactReadBytesMarked = 97,
    /// `rocksdb.compact.write.marked.bytes`.
    CompactWriteBytesMarked = 100,
}

const TICKERS: [(Ticker, &str); 30] = [
    (Ticker::BlockCacheMiss, "rocksdb.block.cache.miss"),
    (Ticker::BlockCacheHit, "rocksdb.block.cache.hit"),
    (Ticker::BlockCacheAdd, "rocksdb.block.cache.add"),
    (Ticker::BloomFilterUseful, "rocksdb.bloom.filter.useful"),
    (Ticker::MemtableHit, "rocksdb.memtable.hit"),
    (Ticker::MemtableMiss, "rocksdb.memtable.miss"),
    (Ticker::GetHitL0, "rocksdb.l0.hit"),
    (Ticker::GetHitL1, "rocksdb.l1.hit"),
    (Ticker::GetHitL2AndUp, "rocksdb.l2andup.hit"),
    (Ticker::CompactionKeyDropUser, "rocksdb.compaction.key.drop.user"),
    (Ticker::CompactionCancelled, "rocksdb.compaction.cancelled"),
    (Ticker::NumberKeysWritten, "rocksdb.number.keys.written"),
    (Ticker::NumberKeysRead, "rocksdb.number.keys.read"),
    (Ticker::BytesWritten, "rocksdb.bytes.written"),
    (Ticker::BytesRead, "rocksdb.bytes.read"),
    (Ticker::NumberDbSeek, "rocksdb.number.db.seek"),
    (Ticker::NumberDbNext, "rocksdb.number.db.next"),
    (Ticker::NumberDbPrev, "rocksdb.number.db.prev"),
    (Ticker::StallMicros, "rocksdb.stall.micros"),
    (Ticker::NumberMultigetCalls, "rocksdb.number.multiget.get"),
    (Ticker::WalFileSynced, "rocksdb.wal.synced"),
    (Ticker::WalFileBytes, "rocksdb.wal.bytes"),
    (Ticker::WriteDoneBySelf, "rocksdb.write.self"),
    (Ticker::WriteDoneByOther, "rocksdb.write.other"),
    (Ticker::WriteWithWal, "rocksdb.write.wal"),
    (Ticker::CompactReadBytes, "rocksdb.compact.read.bytes"),
    (Ticker::CompactWriteBytes, "rocksdb.compact.write.bytes"),
    (Ticker::FlushWriteBytes, "rocksdb.flush.write.bytes"),
    (Ticker::CompactReadBytesMarked, "rocksdb.compact.read.marked.bytes"),
    (Ticker::CompactWriteBytesMarked, "rocksdb.compact.write.marked.bytes"),
];

/// Histograms ferrock maintains, with RocksDB 11.8.1's `Histograms` enum values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Histogram {
    /// `rocksdb.db.get.micros`.
    DbGet = 0,
    /// `rocksdb.db.write.micros`.
    DbWrite = 1,
    /// `rocksdb.compaction.times.micros`.
    CompactionTime = 2,
    /// `rocksdb.wal.file.sync.micros`.
    WalFileSyncMicros = 7,
    /// `rocksdb.db.multiget.micros`.
    DbMultiget = 10,
    /// `rocksdb.numfiles.in.singlecompaction`.
    NumFilesInSingleCompaction = 14,
    /// `rocksdb.db.seek.micros`.
    DbSeek = 15,
    /// `rocksdb.num.subcompactions.scheduled`.
    NumSubcompactionsScheduled = 30,
    /// `rocksdb.db.flush.micros`.
    FlushTime = 50,
}

const HISTOGRAMS: [(Histogram, &str); 9] = [
    (Histogram::DbGet, "rocksdb.db.get.micros"),
    (Histogram::DbWrite, "rocksdb.db.write.micros"),
    (Histogram::CompactionTime, "rocksdb.compaction.times.micros"),
    (Histogram::WalFileSyncMicros, "rocksdb.wal.file.sync.micros"),
    (Histogram::DbMultiget, "rocksdb.db.multiget.micros"),
    (Histogram::NumFilesInSingleCompaction, "rocksdb.numfiles.in.singlecompaction"),
    (Histogram::DbSeek, "rocksdb.db.seek.micros"),
    (Histogram::NumSubcompactionsScheduled, "rocksdb.num.subcompactions.scheduled"),
    (Histogram::FlushTime, "rocksdb.db.flush.micros"),
];

/// Summary of a histogram, as RocksDB's `HistogramData`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HistogramData {
    /// The 50th percentile.
    pub median: f64,
    /// The 95th percentile.
    pub percentile95: f64,
    /// The 99th percentile.
    pub percentile99: f64,
    /// The mean of the values.
    pub average: f64,
    /// The standard deviation of the values.
    pub standard_deviation: f64,
    /// The largest value.
    pub max: f64,
    /// How many values were measured.
    pub count: u64,
    /// The sum of the values.
    pub sum: u64,
    /// The smallest value.
    pub min: f64,
}

/// Bucket upper bounds: 1, 2, 3, ... growing by about 1.5x, like RocksDB's bucket mapper.
fn bucket_limits() -> &'static [u64] {
    static LIMITS: once_cell::sync::Lazy<Vec<u64>> = once_cell::sync::Lazy::new(|| {
        let mut v = vec![1u64, 2];
        while *v.last().unwrap_or(&u64::MAX) < u64::MAX / 2 {
            let last = *v.last().unwrap_or(&1);
            v.push(((last as f64) * 1.5).ceil() as u64);
        }
        v.push(u64::MAX);
        v
    });
    &LIMITS
}

#[derive(Clone)]
struct HistogramStat {
    buckets: Vec<u64>,
    count: u64,
    sum: u64,
    sum_squares: f64,
    min: u64,
    max: u64,
}

impl HistogramStat {
    fn new() -> Self {
        HistogramStat { buckets: vec![0; bucket_limits().len()], count: 0, sum: 0, sum_squares: 0.0, min: u64::MAX, max: 0 }
    }
    fn add(&mut self, v: u64) {
        let i = bucket_limits().partition_point(|l| *l < v);
        if let Some(b) = self.buckets.get_mut(i) {
            *b += 1;
        }
        self.count += 1;
        self.sum = self.sum.saturating_add(v);
        self.sum_squares += (v as f64) * (v as f64);
        self.min = self.min.min(v);
        self.max = self.max.max(v);
    }
    /// Interpolated within the bucket, as RocksDB's HistogramStat::Percentile does.
    fn percentile(&self, p: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let threshold = self.count as f64 * p / 100.0;
        let limits = bucket_limits();
        let mut cumulative = 0u64;
        for (i, &n) in self.buckets.iter().enumerate() {
            cumulative += n;
            if cumulative as f64 >= threshold && n > 0 {
                let left = if i == 0 { 0 } else { limits[i - 1] } as f64;
                let right = limits[i].min(self.max) as f64;
                let before = (cumulative - n) as f64;
                let pos = ((threshold - before) / n as f64).clamp(0.0, 1.0);
                let r = left + (right - left) * pos;
                return r.clamp(self.min as f64, self.max as f64);
            }
        }
        self.max as f64
    }
    fn data(&self) -> HistogramData {
        if self.count == 0 {
            return HistogramData::default();
        }
        let avg = self.sum as f64 / self.count as f64;
        let var = (self.sum_squares / self.count as f64 - avg * avg).max(0.0);
        HistogramData {
            median: self.percentile(50.0),
            percentile95: self.percentile(95.0),
            percentile99: self.percentile(99.0),
            average: avg,
            standard_deviation: var.sqrt(),
            max: self.max as f64,
            count: self.count,
            sum: self.sum,
            min: self.min as f64,
        }
    }
}

/// One statistics object, shared by every database opened with the options that hold it.
pub struct Statistics {
    tickers: Vec<AtomicU64>,
    histograms: Vec<Mutex<HistogramStat>>,
    /// RocksDB's StatsLevel (`STATS_LEVEL_*`): at or below EXCEPT_TICKERS nothing is counted, at or
    /// below EXCEPT_HISTOGRAM_OR_TIMERS no histogram is measured.
    level: std::sync::atomic::AtomicI32,
}

/// RocksDB's StatsLevel values (c.h's rocksdb_statistics_level_*).
pub const STATS_LEVEL_DISABLE_ALL: i32 = 0;
pub const STATS_LEVEL_EXCEPT_TICKERS: i32 = 0;
pub const STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS: i32 = 1;
/// A new statistics object's level (RocksDB's default kExceptDetailedTimers).
pub const STATS_LEVEL_EXCEPT_DETAILED_TIMERS: i32 = 3;
pub const STATS_LEVEL_ALL: i32 = 5;

impl Statistics {
    /// A statistics object at RocksDB's default level (kExceptDetailedTimers), all zero
    /// (RocksDB's `CreateDBStatistics`); or use [`Options::enable_statistics`](crate::Options::enable_statistics).
    pub fn new() -> Arc<Statistics> {
        let nt = TICKERS.iter().map(|(t, _)| *t as usize).max().unwrap_or(0) + 1;
        let nh = HISTOGRAMS.iter().map(|(h, _)| *h as usize).max().unwrap_or(0) + 1;
        Arc::new(Statistics {
            tickers: (0..nt).map(|_| AtomicU64::new(0)).collect(),
            histograms: (0..nh).map(|_| Mutex::new(HistogramStat::new())).collect(),
            level: std::sync::atomic::AtomicI32::new(STATS_LEVEL_EXCEPT_DETAILED_TIMERS),
        })
    }

    /// The level (RocksDB's `StatsLevel`): what is counted and measured.
    pub fn stats_level(&self) -> i32 {
        self.level.load(Ordering::Relaxed)
    }

    /// Clamped to RocksDB's range, as c.h's rocksdb_options_set_statistics_level does.
    pub fn set_stats_level(&self, level: i32) {
        self.level.store(level.clamp(STATS_LEVEL_DISABLE_ALL, STATS_LEVEL_ALL), Ordering::Relaxed);
    }

    #[inline]
    /// Adds `n` to ticker `t` (RocksDB's `RecordTick`).
    pub fn record(&self, t: Ticker, n: u64) {
        if self.stats_level() <= STATS_LEVEL_EXCEPT_TICKERS {
            return;
        }
        if let Some(c) = self.tickers.get(t as usize) {
            c.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// Records one value in histogram `h` (RocksDB's `MeasureTime`).
    pub fn measure(&self, h: Histogram, value: u64) {
        if self.stats_level() <= STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS {
            return;
        }
        if let Some(m) = self.histograms.get(h as usize) {
            m.lock().add(value);
        }
    }

    /// By RocksDB's ticker number; 0 for tickers ferrock does not maintain.
    pub fn ticker_count(&self, id: u32) -> u64 {
        self.tickers.get(id as usize).map_or(0, |c| c.load(Ordering::Relaxed))
    }

    /// By RocksDB's histogram number; empty data for histograms ferrock does not maintain.
    pub fn histogram_data(&self, id: u32) -> HistogramData {
        self.histograms.get(id as usize).map_or_else(HistogramData::default, |m| m.lock().data())
    }

    /// RocksDB's `Statistics::ToString()` lines for the maintained tickers and histograms.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (t, name) in TICKERS {
            let _ = writeln!(s, "{} COUNT : {}", name, self.ticker_count(t as u32));
        }
        for (h, name) in HISTOGRAMS {
            let d = self.histogram_data(h as u32);
            let _ = writeln!(
                s,
                "{} P50 : {:.6} P95 : {:.6} P99 : {:.6} P100 : {:.6} COUNT : {} SUM : {}",
                name, d.median, d.percentile95, d.percentile99, d.max, d.count, d.sum
            );
        }
        s
    }

    /// Sets every ticker and histogram back to zero (RocksDB's `Reset`).
    pub fn reset(&self) {
        for t in &self.tickers {
            t.store(0, Ordering::Relaxed);
        }
        for h in &self.histograms {
            *h.lock() = HistogramStat::new();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tickers_and_histograms_render_like_rocksdb() {
        let s = Statistics::new();
        s.record(Ticker::NumberKeysWritten, 3);
        s.record(Ticker::NumberKeysWritten, 2);
        for v in 1..=100 {
            s.measure(Histogram::DbGet, v);
        }
        assert_eq!(s.ticker_count(58), 5);
        assert_eq!(s.ticker_count(200), 0);
        let d = s.histogram_data(0);
        assert_eq!((d.count, d.sum, d.max, d.min), (100, 5050, 100.0, 1.0));
        assert!((d.median - 50.0).abs() <= 10.0, "{d:?}");
        assert!(d.percentile99 >= 90.0 && d.percentile99 <= 100.0, "{d:?}");
        let text = s.to_text();
        assert!(text.contains("rocksdb.number.keys.written COUNT : 5\n"), "{text}");
        assert!(text.lines().any(|l| l.starts_with("rocksdb.db.get.micros P50 : ") && l.ends_with("COUNT : 100 SUM : 5050")), "{text}");
        s.reset();
        assert_eq!(s.ticker_count(58), 0);
        // Levels: tickers stop at EXCEPT_TICKERS, histograms at EXCEPT_HISTOGRAM_OR_TIMERS.
        assert_eq!(s.stats_level(), STATS_LEVEL_EXCEPT_DETAILED_TIMERS);
        s.set_stats_level(STATS_LEVEL_EXCEPT_HISTOGRAM_OR_TIMERS);
        s.record(Ticker::NumberKeysWritten, 1);
        s.measure(Histogram::DbGet, 7);
        assert_eq!((s.ticker_count(58), s.histogram_data(0).count), (1, 0));
        s.set_stats_level(-3);
        assert_eq!(s.stats_level(), STATS_LEVEL_DISABLE_ALL);
        s.record(Ticker::NumberKeysWritten, 1);
        assert_eq!(s.ticker_count(58), 1);
        s.set_stats_level(99);
        assert_eq!(s.stats_level(), STATS_LEVEL_ALL);
    }
}
