//! Subcompactions (RocksDB's `max_subcompactions`): one compaction's input split into
//! disjoint user-key ranges `[start, end)`, each compacted by its own thread into its own
//! output tables, all installed by the caller in one VersionEdit.
//!
//! Boundaries come from the input tables' index blocks (RocksDB's GenSubcompactionBoundaries
//! idea): every input file offers up to 128 anchor keys with the data bytes before each, the
//! anchors of all files are merged in key order, and a boundary is placed each time the
//! running total passes another 1/N of the input bytes (never less than one target file's
//! worth). Boundaries are user keys, so all versions of a key fall in one range and snapshots,
//! merges and compaction filters see what they would see in one job; range tombstones are
//! clipped to each range.
//!
//! Which compactions split: level 0 into a lower level and manual compactions into a level
//! below level 0 (RocksDB's ShouldFormSubcompactions for leveled compaction).
//!
//! Thread-safety: the functions here run without the db mutex; each range's work only shares
//! the table cache and the file-number allocator (which takes the mutex briefly).

use super::DbInner;
use crate::compaction::picker::{key_range, level_target_file_size, CompactionKind, CompactionPlan};
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{user_key, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK};
use crate::rangedel::RangeTombstone;
use crate::util::comparator::Comparator;
use crate::version::edit::FileMetaData;
use crate::version::filename::table_file_name;
use std::cmp::Ordering;

/// Anchors asked of each input table (RocksDB asks its table readers for 128).
const ANCHORS_PER_FILE: usize = 128;

/// A user-key range `[start, end)` of a subcompaction; `None` is unbounded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct KeyRange {
    pub start: Option<Vec<u8>>,
    pub end: Option<Vec<u8>>,
}

impl KeyRange {
    /// The ranges cut at `boundaries` (sorted, unique): the first starts unbounded and the
    /// last ends unbounded.
    pub fn split_at(boundaries: &[Vec<u8>]) -> Vec<KeyRange> {
        let mut ranges = Vec::with_capacity(boundaries.len() + 1);
        let mut start = None;
        for b in boundaries {
            ranges.push(KeyRange { start: start.take(), end: Some(b.clone()) });
            start = Some(b.clone());
        }
        ranges.push(KeyRange { start, end: None });
        ranges
    }

    pub fn contains(&self, ucmp: &Comparator, key: &[u8]) -> bool {
        self.start.as_deref().map_or(true, |s| ucmp.compare(key, s) != Ordering::Less)
            && self.end.as_deref().map_or(true, |e| ucmp.compare(key, e) == Ordering::Less)
    }

    /// The parts of `tombstones` inside this range; those outside it are dropped.
    pub fn clip_tombstones(&self, ucmp: &Comparator, tombstones: Vec<RangeTombstone>) -> Vec<RangeTombstone> {
        tombstones
            .into_iter()
            .filter_map(|mut t| {
                if let Some(s) = &self.start {
                    if ucmp.compare(&t.start, s) == Ordering::Less {
                        t.start = s.clone();
                    }
                }
                if let Some(e) = &self.end {
                    if ucmp.compare(&t.end, e) == Ordering::Greater {
                        t.end = e.clone();
                    }
                }
                (ucmp.compare(&t.start, &t.end) == Ordering::Less).then_some(t)
            })
            .collect()
    }

    /// `input` limited to the entries whose user key is in this range.
    pub fn bound<I: InternalIterator>(&self, ucmp: Comparator, input: I) -> RangeIterator<I> {
        RangeIterator { inner: input, ucmp, range: self.clone() }
    }
}

/// Picks at most `max_ranges - 1` boundaries from anchors `(user key, bytes up to it)` so that
/// the ranges between them carry similar bytes, each at least `min_range_bytes`. Every
/// boundary is a user key in `(lo, hi]` (so no range is empty of input keys at its start), and
/// the result is sorted and unique.
pub(crate) fn subcompaction_boundaries(
    ucmp: &Comparator,
    mut anchors: Vec<(Vec<u8>, u64)>,
    lo: &[u8],
    hi: &[u8],
    max_ranges: usize,
    min_range_bytes: u64,
) -> Vec<Vec<u8>> {
    if max_ranges <= 1 || anchors.is_empty() {
        return Vec::new();
    }
    anchors.sort_by(|a, b| ucmp.compare(&a.0, &b.0));
    let total: u64 = anchors.iter().map(|a| a.1).sum();
    let per_range = (total / max_ranges as u64).max(min_range_bytes).max(1);
    if per_range >= total {
        return Vec::new();
    }
    let mut boundaries: Vec<Vec<u8>> = Vec::new();
    let mut threshold = per_range;
    let mut cumulative = 0u64;
    for (key, bytes) in anchors {
        cumulative += bytes;
        if cumulative <= threshold {
            continue;
        }
        while threshold < cumulative {
            threshold = threshold.saturating_add(per_range);
        }
        let inside = ucmp.compare(&key, lo) == Ordering::Greater && ucmp.compare(&key, hi) != Ordering::Greater;
        let after_last = boundaries.last().map_or(true, |b| ucmp.compare(&key, b) == Ordering::Greater);
        if inside && after_last {
            boundaries.push(key);
            if boundaries.len() + 1 >= max_ranges {
                break;
            }
        }
    }
    boundaries
}

/// An internal iterator limited to the user keys of a `KeyRange`.
pub(crate) struct RangeIterator<I> {
    inner: I,
    ucmp: Comparator,
    range: KeyRange,
}

impl<I: InternalIterator> RangeIterator<I> {
    fn clamp_up(&self, target: &[u8]) -> Vec<u8> {
        match &self.range.start {
            Some(s) if self.ucmp.compare(user_key(target), s) == Ordering::Less => first_internal_key(s),
            _ => target.to_vec(),
        }
    }
}

/// The smallest internal key of `user_key` (every entry of it sorts at or after this).
fn first_internal_key(user_key: &[u8]) -> Vec<u8> {
    let mut k = Vec::with_capacity(user_key.len() + 8);
    k.extend_from_slice(user_key);
    k.extend_from_slice(&crate::key::pack_seq_and_type(MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK).to_le_bytes());
    k
}

impl<I: InternalIterator> InternalIterator for RangeIterator<I> {
    fn valid(&self) -> bool {
        self.inner.valid() && self.range.contains(&self.ucmp, user_key(self.inner.key()))
    }
    fn seek_to_first(&mut self) {
        match &self.range.start {
            Some(s) => {
                let k = first_internal_key(s);
                self.inner.seek(&k);
            }
            None => self.inner.seek_to_first(),
        }
    }
    fn seek_to_last(&mut self) {
        match &self.range.end {
            // Every entry of `end` sorts at or after its first internal key, so the last
            // entry before it is the last one of the range.
            Some(e) => {
                let k = first_internal_key(e);
                self.inner.seek_for_prev(&k);
                if self.inner.valid() && self.ucmp.compare(user_key(self.inner.key()), e) != Ordering::Less {
                    self.inner.prev();
                }
            }
            None => self.inner.seek_to_last(),
        }
    }
    fn seek(&mut self, target: &[u8]) {
        let t = self.clamp_up(target);
        self.inner.seek(&t);
    }
    fn seek_for_prev(&mut self, target: &[u8]) {
        let beyond = self.range.end.as_deref().is_some_and(|e| self.ucmp.compare(user_key(target), e) != Ordering::Less);
        if beyond {
            self.seek_to_last();
        } else {
            self.inner.seek_for_prev(target);
        }
    }
    fn next(&mut self) {
        self.inner.next()
    }
    fn prev(&mut self) {
        self.inner.prev()
    }
    fn key(&self) -> &[u8] {
        self.inner.key()
    }
    fn value(&self) -> &[u8] {
        self.inner.value()
    }
    fn status(&self) -> Result<()> {
        self.inner.status()
    }
}

/// What the subcompactions of one job produced, outputs in key order.
pub(crate) struct RangesOutput {
    pub files: Vec<FileMetaData>,
    pub bytes_written: u64,
    pub ranges: usize,
}

impl DbInner {
    /// How many ranges a plan may be split into (1: not split).
    fn subcompaction_limit(&self, plan: &CompactionPlan) -> usize {
        let n = if plan.max_subcompactions > 0 { plan.max_subcompactions } else { self.opts.max_subcompactions };
        let eligible = !plan.trivial_move && plan.output_level > 0 && (plan.level == 0 || plan.kind == CompactionKind::Manual);
        if eligible {
            n.max(1) as usize
        } else {
            1
        }
    }

    /// The ranges `plan` is compacted in: one unbounded range unless it may be split and its
    /// inputs are large enough. Reads only index blocks.
    pub(crate) fn subcompaction_ranges(&self, cf: &super::ColumnFamily, plan: &CompactionPlan) -> Vec<KeyRange> {
        let cf_opts = &cf.opts;
        let limit = self.subcompaction_limit(plan);
        let inputs: Vec<_> = plan.all_inputs().cloned().collect();
        let bounds = key_range(&cf.icmp, &inputs);
        let Some((lo, hi)) = bounds.filter(|_| limit > 1) else {
            return vec![KeyRange::default()];
        };
        let mut anchors = Vec::new();
        for f in &inputs {
            let from_index = self
                .table_cache
                .get(&cf.icmp, f.number, f.file_size, f.largest_seqno)
                .and_then(|t| t.approximate_key_anchors(ANCHORS_PER_FILE))
                .unwrap_or_default();
            if from_index.is_empty() {
                anchors.push((user_key(&f.largest).to_vec(), f.file_size));
            } else {
                anchors.extend(from_index);
            }
        }
        let min_bytes = level_target_file_size(cf_opts, plan.output_level);
        KeyRange::split_at(&subcompaction_boundaries(&cf_opts.comparator, anchors, &lo, &hi, limit, min_bytes))
    }

    /// Runs `compact_range` for every range, the first on this thread and each other on its
    /// own, and gathers their outputs in key order. When one fails, the tables the others
    /// wrote are removed and the first error is returned.
    /// Requires: the db mutex is not held.
    pub(crate) fn run_subcompactions(
        &self,
        ranges: &[KeyRange],
        compact_range: &(dyn Fn(&KeyRange) -> Result<(Vec<FileMetaData>, u64)> + Sync),
    ) -> Result<RangesOutput> {
        let results: Vec<Result<(Vec<FileMetaData>, u64)>> = match ranges.split_first() {
            None => Vec::new(),
            Some((first, rest)) if rest.is_empty() => vec![compact_range(first)],
            Some((first, rest)) => std::thread::scope(|s| {
                let handles: Vec<_> = rest
                    .iter()
                    .map(|r| std::thread::Builder::new().name("ferrock:subcompact".into()).spawn_scoped(s, move || compact_range(r)))
                    .collect();
                let mut results = vec![compact_range(first)];
                for (h, r) in handles.into_iter().zip(rest) {
                    results.push(match h {
                        Ok(h) => h.join().unwrap_or_else(|_| Err(Error::aborted("subcompaction thread panicked"))),
                        // No thread to be had: do the range here.
                        Err(_) => compact_range(r),
                    });
                }
                results
            }),
        };
        let mut out = RangesOutput { files: Vec::new(), bytes_written: 0, ranges: ranges.len() };
        let mut first_error = None;
        for r in results {
            match r {
                Ok((files, bytes)) => {
                    out.files.extend(files);
                    out.bytes_written += bytes;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_error {
            self.discard_outputs(&out.files);
            return Err(e);
        }
        Ok(out)
    }

    /// Removes finished tables that will not be installed.
    fn discard_outputs(&self, files: &[FileMetaData]) {
        let mut st = self.state.lock();
        for f in files {
            let _ = self.fs.remove_file(&self.path.join(table_file_name(f.number)));
            st.pending_outputs.remove(&f.number);
        }
    }
}

impl super::Db {
    /// `compact_range_cf` with RocksDB's `CompactRangeOptions::max_subcompactions`: each job of
    /// the manual compaction may be split into that many key ranges (0: the database's option).
    pub fn compact_range_cf_subcompactions(
        &self,
        cf: &super::ColumnFamilyHandle,
        begin: Option<&[u8]>,
        end: Option<&[u8]>,
        max_subcompactions: u32,
    ) -> Result<()> {
        self.inner.check_open()?;
        if self.inner.read_only {
            return Err(super::write::read_only_error());
        }
        self.inner.compact_range_split(cf.id, begin, end, max_subcompactions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{make_internal_key, ValueType};
    use crate::memtable::MemTable;
    use std::sync::Arc;

    fn k(s: &str) -> Vec<u8> {
        s.as_bytes().to_vec()
    }

    #[test]
    fn boundaries_are_sorted_unique_and_inside_the_input_range() {
        let ucmp = Comparator::Bytewise;
        // Two files' anchors over the same keys (as two L0 files of random writes give),
        // plus anchors at and outside the input range's ends.
        let mut anchors = Vec::new();
        for i in 0..100u32 {
            anchors.push((format!("k{i:03}").into_bytes(), 1000));
            anchors.push((format!("k{i:03}").into_bytes(), 1000));
        }
        anchors.push((k("a"), 5000));
        anchors.push((k("z"), 5000));
        let b = subcompaction_boundaries(&ucmp, anchors.clone(), b"k000", b"k099", 4, 1);
        assert_eq!(b.len(), 3, "{b:?}");
        for w in b.windows(2) {
            assert!(w[0] < w[1], "{b:?}");
        }
        for x in &b {
            assert!(x.as_slice() > b"k000".as_slice() && x.as_slice() <= b"k099".as_slice(), "{x:?}");
        }
        // Similar bytes per range: 210,000 bytes in 4 ranges, a cut each time another 52,500
        // is passed ("a" holds 5,000, each k0NN 2,000).
        assert_eq!(b, vec![k("k023"), k("k050"), k("k076")]);
        // Ranges of at least a target file size (but the last): cuts after 100,000 and 200,000.
        assert_eq!(subcompaction_boundaries(&ucmp, anchors.clone(), b"k000", b"k099", 4, 100_000).len(), 2);
        // Too little input, or no split asked for.
        assert!(subcompaction_boundaries(&ucmp, anchors.clone(), b"k000", b"k099", 4, 1 << 30).is_empty());
        assert!(subcompaction_boundaries(&ucmp, anchors, b"k000", b"k099", 1, 1).is_empty());
        // One anchor per file (files without an index): only keys inside (lo, hi].
        let coarse = vec![(k("c"), 100), (k("a"), 100), (k("b"), 100), (k("c"), 100)];
        assert_eq!(subcompaction_boundaries(&ucmp, coarse, b"a", b"c", 4, 1), vec![k("b"), k("c")]);
    }

    #[test]
    fn ranges_cover_every_key_once_and_clip_tombstones() {
        let ucmp = Comparator::Bytewise;
        let ranges = KeyRange::split_at(&[k("f"), k("p")]);
        assert_eq!(ranges.len(), 3);
        for key in ["a", "f", "g", "p", "z"] {
            assert_eq!(ranges.iter().filter(|r| r.contains(&ucmp, key.as_bytes())).count(), 1, "{key}");
        }
        let t = vec![
            RangeTombstone { start: k("b"), end: k("h"), seq: 7 },
            RangeTombstone { start: k("q"), end: k("r"), seq: 8 },
        ];
        assert_eq!(ranges[0].clip_tombstones(&ucmp, t.clone()), vec![RangeTombstone { start: k("b"), end: k("f"), seq: 7 }]);
        assert_eq!(ranges[1].clip_tombstones(&ucmp, t.clone()), vec![RangeTombstone { start: k("f"), end: k("h"), seq: 7 }]);
        assert_eq!(ranges[2].clip_tombstones(&ucmp, t), vec![RangeTombstone { start: k("q"), end: k("r"), seq: 8 }]);
    }

    #[test]
    fn range_iterator_yields_every_version_of_the_keys_in_range_only() {
        let mem = Arc::new(MemTable::new(crate::key::InternalKeyComparator::default(), 1));
        for (key, seq) in [("a", 1), ("f", 2), ("f", 9), ("g", 3), ("p", 4), ("z", 5)] {
            mem.add(seq, ValueType::Value, key.as_bytes(), b"v");
        }
        let range = KeyRange { start: Some(k("f")), end: Some(k("p")) };
        let mut it = range.bound(Comparator::Bytewise, mem.iter());
        it.seek_to_first();
        let mut got = Vec::new();
        while it.valid() {
            got.push(it.key().to_vec());
            it.next();
        }
        assert_eq!(
            got,
            vec![
                make_internal_key(b"f", 9, ValueType::Value),
                make_internal_key(b"f", 2, ValueType::Value),
                make_internal_key(b"g", 3, ValueType::Value)
            ]
        );
        it.seek_to_last();
        assert_eq!(it.key(), make_internal_key(b"g", 3, ValueType::Value).as_slice());
        it.seek(&make_internal_key(b"b", 100, ValueType::Value));
        assert_eq!(it.key(), make_internal_key(b"f", 9, ValueType::Value).as_slice());
    }

    /// Four overlapping level-0 files (with a range deletion across the middle) compacted by
    /// hand with max_subcompactions = 4: the job splits, its outputs in the last level do not
    /// overlap, and every key reads back as written.
    #[test]
    fn a_split_compaction_writes_disjoint_outputs_and_loses_nothing() {
        use crate::db::Db;
        use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
        use std::collections::BTreeMap;
        let d = crate::util::testutil::TempDir::new("split");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        o.max_subcompactions = 4;
        o.target_file_size_base = 16 << 10;
        let stats = o.enable_statistics();
        let db = Db::open(&o, &d.0).unwrap();
        let (wo, ro) = (WriteOptions::default(), ReadOptions::new());
        let mut model = BTreeMap::new();
        let mut x = 12345u64;
        // A snapshot older than the range deletion keeps it (clipped to each range) and the
        // data under it through the bottommost compaction.
        let mut at_snapshot = None;
        for round in 0..4 {
            for _ in 0..1500 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let key = format!("key{:05}", (x >> 33) % 4000).into_bytes();
                let value = format!("value-{round}-{x}").into_bytes();
                db.put(&wo, &key, &value).unwrap();
                model.insert(key, value);
            }
            if round == 1 {
                db.delete_range_cf(&wo, &db.default_column_family(), b"key01000", b"key03000").unwrap();
                model.retain(|k, _| k.as_slice() < b"key01000".as_slice() || k.as_slice() >= b"key03000".as_slice());
            }
            db.flush(&FlushOptions::default()).unwrap();
            if round == 0 {
                at_snapshot = Some((db.snapshot().unwrap(), model.clone()));
            }
        }
        assert_eq!(db.property_int("rocksdb.num-files-at-level0"), Some(4));
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        let h = stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32);
        assert_eq!(h.count, 1);
        assert!(h.max >= 2.0, "the compaction was not split: {h:?}");
        let version = db.inner.state.lock().versions.cf(0).map(|c| c.current.clone()).unwrap();
        let last = version.files(6);
        assert!(last.len() >= 2, "{} output files", last.len());
        assert_eq!(version.files(0).len(), 0);
        for w in last.windows(2) {
            assert_eq!(db.inner.cf(0).unwrap().icmp.compare(&w[0].largest, &w[1].smallest), Ordering::Less, "#{} overlaps #{}", w[0].number, w[1].number);
        }
        // The range deletion crosses range boundaries: a table ends at a boundary with the
        // tombstone's exclusive end bound, and the next table starts at that user key.
        let sentinel_cut = last.windows(2).any(|w| {
            let end = crate::key::parse_internal_key(&w[0].largest).unwrap();
            end.sequence == crate::key::MAX_SEQUENCE_NUMBER && end.user_key == user_key(&w[1].smallest)
        });
        assert!(sentinel_cut, "no table was cut inside the range deletion");
        let (snapshot, old_model) = at_snapshot.unwrap();
        let mut at_old = ReadOptions::new();
        at_old.snapshot = Some(snapshot);
        for key in (0..4000).map(|i| format!("key{i:05}").into_bytes()) {
            assert_eq!(db.get(&ro, &key).unwrap(), model.get(&key).cloned(), "{}", String::from_utf8_lossy(&key));
            assert_eq!(db.get(&at_old, &key).unwrap(), old_model.get(&key).cloned(), "{}", String::from_utf8_lossy(&key));
        }
        let mut it = db.iter(&ro).unwrap();
        it.seek_to_first();
        let mut n = 0;
        for (k, v) in &model {
            assert!(it.valid());
            assert_eq!((it.key(), it.value()), (k.as_slice(), v.as_slice()));
            it.next();
            n += 1;
        }
        assert!(!it.valid() && n == model.len());
        drop(it);
        db.close().unwrap();
        drop(db);
        // RocksDB 7.8.3 reads the same data from the split outputs.
        if let Some(text) = crate::util::testutil::debian_ldb_scan(&d.0) {
            let want: String = model.iter().map(|(k, v)| format!("{} : {}\n", String::from_utf8_lossy(k), String::from_utf8_lossy(v))).collect();
            assert!(text == want, "ldb scan differs from the model");
        }
    }

    /// Rewrites values ending in 3 and removes those ending in 7.
    struct EditDigits;
    impl crate::compaction::CompactionFilter for EditDigits {
        fn name(&self) -> String {
            "EditDigits".into()
        }
        fn filter(&self, _level: i32, _key: &[u8], value: &[u8]) -> crate::compaction::FilterDecision {
            use crate::compaction::FilterDecision;
            match value.last() {
                Some(b'3') => FilterDecision::Change(b"three".to_vec()),
                Some(b'7') => FilterDecision::Remove,
                _ => FilterDecision::Keep,
            }
        }
    }

    /// The same writes compacted whole and in 4 subcompactions, with a compaction filter, merges
    /// and a snapshot held: both read back the same at the snapshot and at the latest state.
    #[test]
    fn split_and_whole_compactions_give_the_same_data() {
        use crate::db::Db;
        use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
        let contents = |max_subcompactions: u32| -> (Vec<(Vec<u8>, Vec<u8>)>, Vec<(Vec<u8>, Vec<u8>)>, f64, u64) {
            let d = crate::util::testutil::TempDir::new("same");
            let mut o = Options { create_if_missing: true, ..Default::default() };
            o.disable_auto_compactions = true;
            o.max_subcompactions = max_subcompactions;
            o.target_file_size_base = 8 << 10;
            o.compaction_filter = Some(Arc::new(EditDigits));
            o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
            let stats = o.enable_statistics();
            let db = Db::open(&o, &d.0).unwrap();
            let wo = WriteOptions::default();
            let mut x = 99u64;
            let mut snapshot = None;
            for round in 0..4 {
                for i in 0..2000u64 {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let key = format!("key{:05}", (x >> 33) % 3000).into_bytes();
                    if i % 5 == 0 {
                        db.merge(&wo, &key, format!("m{}", x % 10).as_bytes()).unwrap();
                    } else {
                        db.put(&wo, &key, format!("v{round}-{}", x % 10).as_bytes()).unwrap();
                    }
                }
                db.flush(&FlushOptions::default()).unwrap();
                if round == 1 {
                    snapshot = Some(db.snapshot().unwrap());
                }
            }
            db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
            let scan = |r: &ReadOptions| {
                let out = crate::util::testutil::scan_all(&db, r);
                out
            };
            let latest = scan(&ReadOptions::new());
            let mut at = ReadOptions::new();
            at.snapshot = snapshot;
            let old = scan(&at);
            let ranges = stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32).max;
            let removed = stats.ticker_count(crate::stats::Ticker::CompactionKeyDropUser as u32);
            (latest, old, ranges, removed)
        };
        let (whole_latest, whole_old, whole_ranges, whole_removed) = contents(1);
        let (split_latest, split_old, split_ranges, split_removed) = contents(4);
        // The filter removed the same values (rocksdb.compaction.key.drop.user) either way.
        assert!(whole_removed > 0);
        assert_eq!(whole_removed, split_removed);
        assert_eq!(whole_ranges, 1.0);
        assert!(split_ranges >= 2.0, "{split_ranges}");
        // The filter did run: no plain value (merge results are not filtered) ends in 7.
        let plain = |v: &[u8]| v.starts_with(b"v") && !v.contains(&b',');
        assert!(whole_latest.iter().all(|(_, v)| !(plain(v) && v.ends_with(b"7"))));
        assert!(whole_latest.iter().any(|(_, v)| v == b"three"));
        assert_eq!(whole_latest.len(), split_latest.len());
        assert!(whole_latest == split_latest, "latest data differs");
        assert!(whole_old == split_old, "data at the snapshot differs");
    }

    /// One subcompaction failing (a write error on its table) fails the job: the tables the
    /// other ranges finished are removed, nothing is installed, and the data is intact after
    /// a reopen.
    #[test]
    fn a_failed_subcompaction_leaves_no_tables_behind() {
        use crate::db::Db;
        use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
        let d = crate::util::testutil::TempDir::new("subfail");
        let fs = Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()));
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.fs = Some(fs.clone() as Arc<dyn crate::env::FileSystem>);
        o.disable_auto_compactions = true;
        o.max_subcompactions = 4;
        o.target_file_size_base = 16 << 10;
        let stats = o.enable_statistics();
        let tables = |dir: &std::path::Path| -> Vec<String> {
            let mut v: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
                .filter(|n| n.ends_with(".sst"))
                .collect();
            v.sort();
            v
        };
        {
            let db = Db::open(&o, &d.0).unwrap();
            let wo = WriteOptions::default();
            for round in 0..4 {
                for i in 0..3000u32 {
                    let key = format!("key{:05}", (i * 7919 + round) % 5000);
                    db.put(&wo, key.as_bytes(), format!("v{round}-{i}").as_bytes()).unwrap();
                }
                db.flush(&FlushOptions::default()).unwrap();
            }
            let before = tables(&d.0);
            // The second table a compaction opens fails to be written.
            let next = db.inner.state.lock().versions.next_file_number();
            fs.inject_write_error(&format!("{:06}.sst", next + 1));
            let e = db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err();
            assert!(e.to_string().starts_with("IO error"), "{e}");
            assert!(stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32).count == 0);
            assert_eq!(tables(&d.0), before, "tables of the failed job were left behind");
            assert_eq!(db.property_int("rocksdb.num-files-at-level0"), Some(4));
            fs.clear_injected_errors();
        }
        let db = Db::open(&o, &d.0).unwrap();
        for i in [0u32, 1234, 4999] {
            let key = format!("key{i:05}");
            assert!(db.get(&ReadOptions::new(), key.as_bytes()).unwrap().is_some(), "{key}");
        }
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        assert_eq!(db.property_int("rocksdb.num-files-at-level0"), Some(0));
    }
}
