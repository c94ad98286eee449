//! RocksDB's DBWithTTL format (utilities/ttl/db_ttl_impl.cc), so a TTL database moves between
//! ferrock and RocksDB: every Put and Merge value gets the write time appended as 4 bytes of
//! little-endian seconds; reads check and strip it; a compaction filter drops values older
//! than the family's TTL (a TTL of 0 or less keeps everything); the merge operator sees the
//! values without their timestamps and stamps its result. Expired values not yet compacted
//! are still returned, as RocksDB returns them.
//!
//! The clock is injectable (`TtlClock`): tests move time instead of sleeping. The db holds it
//! (`DbInner::ttl`) once opened with TTL; `Db::open_cf_with_ttl` and
//! `Db::create_column_family_with_ttl` wrap each family's filter and merge operator here.

use crate::batch::{BatchRecord, WriteBatch};
use crate::compaction::{CompactionFilter, CompactionFilterFactory, FilterDecision};
use crate::db::{ColumnFamilyHandle, Db};
use crate::error::{Error, Result};
use crate::merge::MergeOperator;
use crate::options::Options;
use std::path::Path;
use std::sync::Arc;

/// Length of the timestamp suffix (DBWithTTLImpl::kTSLength).
pub const TS_LENGTH: usize = 4;
/// RocksDB's kMinTimestamp: the TTL feature's release time; an older stamp is corruption.
pub const MIN_TIMESTAMP: i32 = 1_368_146_402;

/// The current time in seconds, as RocksDB's SystemClock::GetCurrentTime gives it.
pub type TtlClock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The system clock.
pub fn system_clock() -> TtlClock {
    Arc::new(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64))
}

/// `value` with the time appended (DBWithTTLImpl::AppendTS; the time is cut to 32 bits).
pub fn append_ts(value: &[u8], now: i64) -> Vec<u8> {
    let mut v = Vec::with_capacity(value.len() + TS_LENGTH);
    v.extend_from_slice(value);
    v.extend_from_slice(&(now as i32).to_le_bytes());
    v
}

fn timestamp_of(value: &[u8]) -> i64 {
    let t = &value[value.len() - TS_LENGTH..];
    // DecodeFixed32 into an int64: the stamp reads as unsigned.
    u32::from_le_bytes([t[0], t[1], t[2], t[3]]) as i64
}

/// DBWithTTLImpl::SanityCheckTimestamp followed by StripTS: what a read returns.
pub fn check_and_strip(mut value: Vec<u8>) -> Result<Vec<u8>> {
    if value.len() < TS_LENGTH {
        return Err(Error::corruption("Error: value's length less than timestamp's\n"));
    }
    let t = &value[value.len() - TS_LENGTH..];
    if i32::from_le_bytes([t[0], t[1], t[2], t[3]]) < MIN_TIMESTAMP {
        return Err(Error::corruption("Error: Timestamp < ttl feature release time!\n"));
    }
    value.truncate(value.len() - TS_LENGTH);
    Ok(value)
}

/// DBWithTTLImpl::IsStale: older than `ttl` seconds (never, for a TTL of 0 or less).
pub fn is_stale(value: &[u8], ttl: i32, now: i64) -> bool {
    if ttl <= 0 || value.len() < TS_LENGTH {
        return false;
    }
    timestamp_of(value) + (ttl as i64) < now
}

/// The batch a TTL database writes for `batch` (DBWithTTLImpl::Write's handler): Put and
/// Merge values stamped with `now`, deletes and log data as they are; what RocksDB's
/// handler does not take fails with its base class's words.
pub fn stamp_batch(batch: &WriteBatch, now: i64) -> Result<WriteBatch> {
    let mut out = WriteBatch::with_capacity(batch.size_in_bytes() + batch.count() as usize * TS_LENGTH);
    batch.for_each(|r| {
        match r {
            BatchRecord::Put { cf, key, value } => out.put_cf(cf, key, &append_ts(value, now)),
            BatchRecord::Merge { cf, key, value } => out.merge_cf(cf, key, &append_ts(value, now)),
            BatchRecord::Delete { cf, key } => out.delete_cf(cf, key),
            BatchRecord::DeleteRange { cf, begin, end } => out.delete_range_cf(cf, begin, end),
            BatchRecord::LogData(blob) => out.put_log_data(blob),
            // WriteBatch::Handler's default: the default family's single delete is ignored.
            BatchRecord::SingleDelete { cf: 0, .. } => {}
            BatchRecord::SingleDelete { .. } => {
                return Err(Error::invalid_argument("non-default column family and SingleDeleteCF not implemented"))
            }
            BatchRecord::PutEntity { .. } => return Err(Error::not_supported("PutEntityCF not implemented")),
            BatchRecord::BlobIndex { .. } => return Err(Error::invalid_argument("PutBlobIndexCF not implemented")),
            BatchRecord::Noop | BatchRecord::BeginPrepare | BatchRecord::EndPrepare(_) | BatchRecord::Commit(_) | BatchRecord::Rollback(_) => {
                return Err(Error::invalid_argument("MarkBeginPrepare() handler not defined."))
            }
        }
        Ok(())
    })?;
    Ok(out)
}

/// RocksDB's TtlCompactionFilter: stale values go; others are shown to the user's filter
/// without their stamp, and a changed value keeps the old stamp.
pub struct TtlCompactionFilter {
    ttl: i32,
    clock: TtlClock,
    user: Option<Arc<dyn CompactionFilter>>,
}

impl CompactionFilter for TtlCompactionFilter {
    fn name(&self) -> String {
        "TtlCompactionFilter".into()
    }

    fn filter(&self, level: i32, key: &[u8], value: &[u8]) -> FilterDecision {
        if is_stale(value, self.ttl, (self.clock)()) {
            return FilterDecision::Remove;
        }
        let Some(user) = &self.user else { return FilterDecision::Keep };
        if value.len() < TS_LENGTH {
            return FilterDecision::Keep;
        }
        let (plain, ts) = value.split_at(value.len() - TS_LENGTH);
        match user.filter(level, key, plain) {
            FilterDecision::Change(mut v) => {
                v.extend_from_slice(ts);
                FilterDecision::Change(v)
            }
            d => d,
        }
    }
}

/// RocksDB's TtlCompactionFilterFactory: a TtlCompactionFilter per compaction, over the
/// user's factory's filter.
pub struct TtlCompactionFilterFactory {
    ttl: i32,
    clock: TtlClock,
    user: Option<Arc<dyn CompactionFilterFactory>>,
}

impl CompactionFilterFactory for TtlCompactionFilterFactory {
    fn name(&self) -> String {
        "TtlCompactionFilterFactory".into()
    }

    fn create(&self, is_full_compaction: bool, is_manual_compaction: bool) -> Option<Arc<dyn CompactionFilter>> {
        let user = self.user.as_ref().and_then(|f| f.create(is_full_compaction, is_manual_compaction));
        Some(Arc::new(TtlCompactionFilter { ttl: self.ttl, clock: self.clock.clone(), user }))
    }
}

/// RocksDB's TtlMergeOperator: the user's operator over stamp-less operands; the result
/// gets the current time. An operand or value shorter than a stamp fails the merge.
pub struct TtlMergeOperator {
    user: Arc<dyn MergeOperator>,
    clock: TtlClock,
}

fn strip(v: &[u8]) -> Option<&[u8]> {
    v.len().checked_sub(TS_LENGTH).map(|n| &v[..n])
}

impl MergeOperator for TtlMergeOperator {
    fn name(&self) -> String {
        "TtlMergeOperator".into()
    }

    fn full_merge(&self, key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Option<Vec<u8>> {
        let existing = match existing {
            Some(v) => Some(strip(v)?),
            None => None,
        };
        let ops: Vec<&[u8]> = operands.iter().map(|o| strip(o)).collect::<Option<_>>()?;
        let merged = self.user.full_merge(key, existing, &ops)?;
        Some(append_ts(&merged, (self.clock)()))
    }

    fn partial_merge(&self, key: &[u8], operands: &[&[u8]]) -> Option<Vec<u8>> {
        let ops: Vec<&[u8]> = operands.iter().map(|o| strip(o)).collect::<Option<_>>()?;
        let merged = self.user.partial_merge(key, &ops)?;
        Some(append_ts(&merged, (self.clock)()))
    }
}

/// DBWithTTLImpl::SanitizeOptions: the family's filter (or filter factory) and merge
/// operator wrapped for `ttl`.
pub fn sanitize(opts: &Options, ttl: i32, clock: &TtlClock) -> Options {
    let mut o = opts.clone();
    if let Some(user) = o.compaction_filter.take() {
        o.compaction_filter = Some(Arc::new(TtlCompactionFilter { ttl, clock: clock.clone(), user: Some(user) }));
    } else {
        let user = o.compaction_filter_factory.take();
        o.compaction_filter_factory = Some(Arc::new(TtlCompactionFilterFactory { ttl, clock: clock.clone(), user }));
    }
    if let Some(user) = o.merge_operator.take() {
        o.merge_operator = Some(Arc::new(TtlMergeOperator { user, clock: clock.clone() }));
    }
    o
}

impl Db {
    /// RocksDB's DBWithTTL::Open with column families: one TTL (seconds) per family.
    pub fn open_cf_with_ttl(
        db_opts: &Options,
        path: impl AsRef<Path>,
        cfs: &[(String, Options)],
        ttls: &[i32],
        read_only: bool,
        clock: TtlClock,
    ) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
        if ttls.len() != cfs.len() {
            return Err(Error::invalid_argument("ttls size has to be the same as number of column families"));
        }
        let cfs: Vec<(String, Options)> = cfs.iter().zip(ttls).map(|((n, o), t)| (n.clone(), sanitize(o, *t, &clock))).collect();
        let (db, handles) =
            if read_only { Db::open_for_read_only(db_opts, path, &cfs, false)? } else { Db::open_cf(db_opts, path, &cfs)? };
        // Set before the database is handed out: every user write is stamped.
        let _ = db.inner.ttl.set(clock);
        Ok((db, handles))
    }

    /// RocksDB's DBWithTTL::Open of the default family alone.
    pub fn open_with_ttl(opts: &Options, path: impl AsRef<Path>, ttl: i32, read_only: bool, clock: TtlClock) -> Result<Db> {
        let (db, _) = Db::open_cf_with_ttl(opts, path, &[("default".to_string(), opts.clone())], &[ttl], read_only, clock)?;
        Ok(db)
    }

    /// RocksDB's DBWithTTL::CreateColumnFamilyWithTtl. On a database not opened with TTL
    /// (undefined in RocksDB's C API, which casts) it fails with InvalidArgument.
    pub fn create_column_family_with_ttl(&self, opts: &Options, name: &str, ttl: i32) -> Result<Arc<ColumnFamilyHandle>> {
        let clock = self.inner.ttl.get().cloned().ok_or_else(|| Error::invalid_argument("the database was not opened with a TTL"))?;
        let _op = self.inner.begin_operation()?;
        self.inner.create_column_family(&sanitize(opts, ttl, &clock), name)
    }

    /// Whether the database stores values in the TTL format.
    pub fn is_ttl(&self) -> bool {
        self.inner.ttl.get().is_some()
    }
}

#[cfg(test)]
mod tests;
