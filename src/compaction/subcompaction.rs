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
//! the `TableStore` (the table cache and the file-number allocator, which takes the db mutex
//! briefly).

use super::plan::{key_range, CompactionKind, CompactionPlan};
use super::score::level_target_file_size;
use super::store::TableStore;
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{user_key, InternalKeyComparator, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK};
use crate::rangedel::RangeTombstone;
use crate::util::comparator::Comparator;
use crate::version::edit::FileMetaData;
use std::cmp::Ordering;

/// Anchors asked of each input table (RocksDB asks its table readers for 128).
const ANCHORS_PER_FILE: usize = 128;

/// A user-key range `[start, end)` of a subcompaction; `None` is unbounded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyRange {
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
pub fn subcompaction_boundaries(
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
pub struct RangeIterator<I> {
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
pub struct RangesOutput {
    pub files: Vec<FileMetaData>,
    pub bytes_written: u64,
    pub ranges: usize,
}

/// How many ranges a plan may be split into (1: not split); `db_max` is the database's
/// `max_subcompactions`, used when the plan does not say.
fn subcompaction_limit(plan: &CompactionPlan, db_max: u32) -> usize {
    let n = if plan.max_subcompactions > 0 { plan.max_subcompactions } else { db_max };
    let eligible = !plan.trivial_move && plan.output_level > 0 && (plan.level == 0 || plan.kind == CompactionKind::Manual);
    if eligible {
        n.max(1) as usize
    } else {
        1
    }
}

/// The ranges `plan` is compacted in: one unbounded range unless it may be split and its
/// inputs are large enough. Reads only index blocks.
pub fn subcompaction_ranges(
    store: &dyn TableStore,
    icmp: &InternalKeyComparator,
    cf: &super::output::OutputColumnFamily<'_>,
    db_max: u32,
    plan: &CompactionPlan,
) -> Vec<KeyRange> {
    let cf_opts = cf.opts;
    let limit = subcompaction_limit(plan, db_max);
    let inputs: Vec<_> = plan.all_inputs().cloned().collect();
    let bounds = key_range(icmp, &inputs);
    let Some((lo, hi)) = bounds.filter(|_| limit > 1) else {
        return vec![KeyRange::default()];
    };
    let mut anchors = Vec::new();
    for f in &inputs {
        let from_index = store.open_table(icmp, cf.table_dir(f.path_id), f).and_then(|t| t.approximate_key_anchors(ANCHORS_PER_FILE)).unwrap_or_default();
        if from_index.is_empty() {
            anchors.push((user_key(&f.largest).to_vec(), f.file_size));
        } else {
            anchors.extend(from_index);
        }
    }
    let min_bytes = level_target_file_size(cf_opts, plan.output_level);
    KeyRange::split_at(&subcompaction_boundaries(&icmp.user, anchors, &lo, &hi, limit, min_bytes))
}

/// Runs `compact_range` for every range, the first on this thread and each other on its
/// own, and gathers their outputs in key order. When one fails, the tables the others
/// wrote are discarded and the first error is returned.
/// Requires: the db mutex is not held.
pub fn run_subcompactions(
    store: &dyn TableStore,
    output_dir: &std::path::Path,
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
        store.discard_tables(output_dir, &out.files.iter().map(|f| f.number).collect::<Vec<_>>());
        return Err(e);
    }
    Ok(out)
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
}
