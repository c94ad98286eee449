//! CompactRange and SuggestCompactRange for the database: the memtable flushed first, then
//! the jobs `compaction/manual.rs` plans, level by level, run on the caller's thread
//! (automatic compactions wait meanwhile); and the marks that make background compaction
//! rewrite a key range.
//!
//! Thread-safety: runs under the db mutex, released while each job writes its tables.

use super::{ColumnFamilyHandle, Db, DbInner};
use crate::compaction::manual::compact_range_job;
use crate::error::{Error, Result};
use std::sync::atomic::Ordering;
use std::time::Duration;

impl DbInner {
    /// Compacts every file overlapping [begin, end] down to the last level holding data.
    pub(crate) fn compact_range_internal(&self, cf_id: u32, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        self.compact_range_split(cf_id, begin, end, 0)
    }

    /// `compact_range_internal` whose jobs may be split into `max_subcompactions` key ranges
    /// (0: the database's option).
    pub(crate) fn compact_range_split(&self, cf_id: u32, begin: Option<&[u8]>, end: Option<&[u8]>, max_subcompactions: u32) -> Result<()> {
        if self.state.lock().manual_compaction_paused > 0 {
            return Err(super::control::manual_compaction_paused());
        }
        // With both bounds RocksDB flushes only when the memtables hold something in the range.
        let flush_needed = match (begin, end) {
            (Some(b), Some(e)) => self.memtables_overlap(cf_id, &[(b, e)])?,
            _ => true,
        };
        if flush_needed {
            super::listener::flush_requested_for(super::listener::flush_reason::MANUAL_COMPACTION, || self.flush_cf_internal(cf_id, true, true))?;
        }
        let cf = self.cf(cf_id)?;
        // With both bounds RocksDB starts at the first level holding a key or a range
        // tombstone in [begin, end], found by the keys themselves, not the files' ranges
        // (Version::OverlapWithLevelIterator), and compacts nothing when there is none (a
        // reversed range holds no key).
        let mut first_level = 0;
        if let (Some(b), Some(e)) = (begin, end) {
            if cf.user_comparator().compare(b, e) == std::cmp::Ordering::Greater {
                return Ok(());
            }
            let version = self.state.lock().versions.cf(cf_id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
            let mut found = None;
            for level in 0..version.levels.len() {
                if self.level_has_key_in(&cf, &version, level, b, e)? {
                    found = Some(level);
                    break;
                }
            }
            match found {
                Some(l) => first_level = l,
                None => return Ok(()),
            }
        }
        let mut st = self.state.lock();
        st.manual_compactions += 1;
        let r = (|| -> Result<()> {
            while st.running_compactions > 0 {
                self.bg_cv.wait_for(&mut st, Duration::from_millis(50));
            }
            let mut level = first_level;
            loop {
                if let Some(e) = self.bg_error() {
                    return Err(e);
                }
                if st.manual_compaction_paused > 0 {
                    return Err(super::control::manual_compaction_paused());
                }
                let version = st.versions.cf(cf_id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
                let Some(plan) = compact_range_job(&version, &cf.icmp, &cf.opts(), level, begin, end) else {
                    return Ok(());
                };
                // Not held while the job runs: its inputs are deleted when it installs.
                drop(version);
                level = plan.output_level;
                self.run_compaction(&mut st, &cf, plan.with_max_subcompactions(max_subcompactions))?;
            }
        })();
        st.manual_compactions -= 1;
        self.bg_cv.notify_all();
        r
    }
}

impl DbInner {
    /// Whether `level` holds a key, or a range tombstone meeting it, in [b, e]: RocksDB's
    /// OverlapWithIterator (the first key at or after `b` is at most `e`) over each file
    /// whose range meets [b, e], and its range deletion aggregator's IsRangeOverlapped.
    fn level_has_key_in(&self, cf: &super::ColumnFamily, version: &crate::version::version::Version, level: usize, b: &[u8], e: &[u8]) -> Result<bool> {
        use crate::iter::InternalIterator;
        use std::cmp::Ordering::{Greater, Less};
        let ucmp = cf.user_comparator();
        for f in version.overlapping_files(&cf.icmp, level, Some(b), Some(e)) {
            let t = self.table_cache.get(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
            let mut it = t.iter(false);
            it.seek(&crate::key::seek_key(b, crate::key::MAX_SEQUENCE_NUMBER));
            if it.valid() && ucmp.compare(crate::key::user_key(it.key()), e) != Greater {
                return Ok(true);
            }
            it.status()?;
            if t.properties().num_range_deletions > 0 {
                for (start, end) in t.range_tombstones()? {
                    // A tombstone [ts, te) meets [b, e] when ts <= e and b < te.
                    if ucmp.compare(crate::key::user_key(&start), e) != Greater && ucmp.compare(b, &end) == Less {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }
}

impl Db {
    /// Compacts the key range (all of it when both are None) down to the last level with data.
    pub fn compact_range_cf(&self, cf: &ColumnFamilyHandle, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        if self.inner.read_only {
            return Err(super::write::read_only_error());
        }
        self.inner.compact_range_internal(cf.id, begin, end)
    }
    /// RocksDB's SuggestCompactRange: marks the files overlapping [begin, end] (None =
    /// unbounded) on every level above the last one holding data, so that background
    /// compaction rewrites them when no level needs compacting more urgently.
    pub fn suggest_compact_range_cf(&self, cf: &ColumnFamilyHandle, begin: Option<&[u8]>, end: Option<&[u8]>) -> Result<()> {
        self.inner.check_open()?;
        if self.inner.read_only {
            return Err(super::write::read_only_error());
        }
        let inner = &self.inner;
        let icmp = inner.cf_for_handle(cf)?.icmp.clone();
        {
            let st = inner.state.lock();
            let version = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
            // RocksDB marks the levels above the last non-empty one (so nothing when only
            // level 0 holds data).
            let last_non_empty = (0..version.levels.len()).rev().find(|l| !version.levels[*l].is_empty()).unwrap_or(0);
            for level in 0..last_non_empty {
                for f in version.overlapping_files(&icmp, level, begin, end) {
                    f.marked_for_compaction.store(true, Ordering::Release);
                }
            }
        }
        inner.bg_cv.notify_all();
        Ok(())
    }

    /// `compact_range_cf` with RocksDB's `CompactRangeOptions::max_subcompactions`: each job of
    /// the manual compaction may be split into that many key ranges (0: the database's option).
    pub fn compact_range_cf_subcompactions(
        &self,
        cf: &ColumnFamilyHandle,
        begin: Option<&[u8]>,
        end: Option<&[u8]>,
        max_subcompactions: u32,
    ) -> Result<()> {
        let _op = self.inner.begin_operation()?;
        if self.inner.read_only {
            return Err(super::write::read_only_error());
        }
        self.inner.compact_range_split(cf.id, begin, end, max_subcompactions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compaction::manual::CompactFilesOptions;
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};

    /// CompactRange from level 1 into a level-2 file wider than the level-1 input: a deletion
    /// in the part of the level-2 file outside the input's range still hides a value in
    /// level 3, so the job is not bottommost and the deletion survives it.
    #[test]
    fn compact_range_keeps_a_deletion_that_hides_data_below_the_output_level() {
        let d = crate::util::testutil::TempDir::new("compactrange-bottom");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        o.level_compaction_dynamic_level_bytes = false;
        let db = Db::open(&o, &d.0).unwrap();
        let cf = db.default_column_family();
        let wo = WriteOptions::default();
        let l0 = |db: &Db| {
            let st = db.inner.state.lock();
            st.versions.cf(0).unwrap().current.files(0).iter().map(|f| format!("{:06}.sst", f.number)).collect::<Vec<_>>()
        };
        db.put(&wo, b"x", b"old").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_files_cf(&cf, &CompactFilesOptions::default(), &l0(&db), 3).unwrap();
        db.put(&wo, b"a", b"1").unwrap();
        db.delete(&wo, b"x").unwrap();
        db.put(&wo, b"z", b"1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_files_cf(&cf, &CompactFilesOptions::default(), &l0(&db), 2).unwrap();
        db.put(&wo, b"c", b"1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_files_cf(&cf, &CompactFilesOptions::default(), &l0(&db), 1).unwrap();
        assert_eq!(db.get(&ReadOptions::new(), b"x").unwrap(), None);
        db.compact_range_cf(&cf, None, None).unwrap();
        assert_eq!(db.get(&ReadOptions::new(), b"x").unwrap(), None, "the deletion of x was dropped");
    }

    /// With both bounds, CompactRange flushes only when a memtable holds a key or a range
    /// tombstone in the range, as RocksDB's RangesOverlapWithMemtables decides (difftest seed
    /// 37: a reversed range flushed two merge operands, which the flush then merged).
    #[test]
    fn compact_range_flushes_only_memtables_that_overlap_the_range() {
        let d = crate::util::testutil::TempDir::new("compactrange-flush");
        let o = Options { create_if_missing: true, ..Default::default() };
        let db = Db::open(&o, &d.0).unwrap();
        let cf = db.default_column_family();
        let wo = WriteOptions::default();
        let tables = |db: &Db| {
            let st = db.inner.state.lock();
            let v = &st.versions.cf(0).unwrap().current;
            (0..7).map(|l| v.files(l).len()).sum::<usize>()
        };
        db.put(&wo, b"k11", b"v").unwrap();
        db.compact_range_cf(&cf, Some(b"k07"), Some(b"k00")).unwrap();
        assert_eq!(tables(&db), 0, "a reversed range flushed the memtable");
        db.compact_range_cf(&cf, Some(b"k00"), Some(b"k10")).unwrap();
        assert_eq!(tables(&db), 0, "a range below the memtable's only key flushed it");
        db.compact_range_cf(&cf, Some(b"k12"), Some(b"k20")).unwrap();
        assert_eq!(tables(&db), 0, "a range above the memtable's only key flushed it");
        db.delete_range_cf(&wo, &cf, b"k03", b"k05").unwrap();
        db.compact_range_cf(&cf, Some(b"k05"), Some(b"k10")).unwrap();
        assert_eq!(tables(&db), 0, "a tombstone ending where the range starts does not meet it");
        db.compact_range_cf(&cf, Some(b"k04"), Some(b"k04")).unwrap();
        assert_eq!(tables(&db), 1, "a tombstone over the range asks for a flush");
        db.put(&wo, b"k11", b"w").unwrap();
        db.compact_range_cf(&cf, Some(b"k11"), Some(b"k11")).unwrap();
        assert_eq!(db.inner.cf(0).unwrap().super_version().mem.is_empty(), true, "a key in the range asks for a flush");
        assert_eq!(db.get(&ReadOptions::new(), b"k11").unwrap().as_deref(), Some(&b"w"[..]));
        db.put(&wo, b"k30", b"x").unwrap();
        db.compact_range_cf(&cf, Some(b"k40"), None).unwrap();
        assert!(db.inner.cf(0).unwrap().super_version().mem.is_empty(), "an open bound always flushes");
    }

    /// A range holding no key compacts no file, even one whose key range spans it, and a
    /// reversed range holds none (the differential test: RocksDB leaves the file where it is).
    #[test]
    fn compact_range_compacts_only_from_a_level_holding_a_key_in_the_range() {
        let d = crate::util::testutil::TempDir::new("compactrange-reversed");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        let db = Db::open(&o, &d.0).unwrap();
        let cf = db.default_column_family();
        let wo = WriteOptions::default();
        db.put(&wo, b"k00", b"1").unwrap();
        db.put(&wo, b"k03", b"2").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_range_cf(&cf, Some(b"k03"), Some(b"k02")).unwrap();
        assert_eq!(db.inner.state.lock().versions.cf(0).unwrap().current.files(0).len(), 1);
        // Nor does a range the file's keys straddle: no key lies in [k01, k02].
        db.compact_range_cf(&cf, Some(b"k01"), Some(b"k02")).unwrap();
        assert_eq!(db.inner.state.lock().versions.cf(0).unwrap().current.files(0).len(), 1);
        db.compact_range_cf(&cf, Some(b"k01"), Some(b"k03")).unwrap();
        assert_eq!(db.inner.state.lock().versions.cf(0).unwrap().current.files(0).len(), 0, "k03 is in the range");
    }
}
