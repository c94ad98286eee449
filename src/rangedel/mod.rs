//! Range tombstones (DeleteRange, value type 0x0F; docs/format/minimal-sst.md):
//! `[start, end)` of user keys deleted at a sequence number. Tables store them
//! in the `rocksdb.range_del` meta block as (internal key `start|seq|0x0F`,
//! value `end`); memtables keep them in a list beside their entries.
//!
//! Readers fragment every tombstone they can see into non-overlapping pieces,
//! each with the sequence numbers of the tombstones over it (newest first), so
//! "which is the newest tombstone over key k visible at snapshot s" is a binary
//! search. Flush and compaction write fragments too, keeping per snapshot
//! stripe only the newest sequence of each piece.

use crate::error::{Error, Result};
use crate::key::{parse_internal_key, ValueType};
use crate::util::comparator::Comparator;
use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeTombstone {
    pub start: Vec<u8>,
    pub end: Vec<u8>,
    pub seq: u64,
}

impl RangeTombstone {
    /// From a range-deletion block entry (internal key of the start, end user key).
    pub fn from_table_entry(ikey: &[u8], end: &[u8]) -> Result<RangeTombstone> {
        let p = parse_internal_key(ikey)?;
        if p.value_type != ValueType::RangeDeletion {
            return Err(Error::corruption("entry of the range deletion block is not a range deletion"));
        }
        Ok(RangeTombstone { start: p.user_key.to_vec(), end: end.to_vec(), seq: p.sequence })
    }
}

/// One piece `[start, end)` and the sequences of the tombstones over it, descending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fragment {
    pub start: Vec<u8>,
    pub end: Vec<u8>,
    pub seqs: Vec<u64>,
}

/// Non-overlapping fragments sorted by start.
#[derive(Clone, Debug, Default)]
pub struct FragmentedTombstones {
    ucmp: Option<Comparator>,
    frags: Vec<Fragment>,
}

impl FragmentedTombstones {
    /// Fragments `tombstones` (any order; empty ranges are ignored).
    pub fn new(ucmp: Comparator, tombstones: &[RangeTombstone]) -> FragmentedTombstones {
        let mut ts: Vec<&RangeTombstone> =
            tombstones.iter().filter(|t| ucmp.compare(&t.start, &t.end) == Ordering::Less).collect();
        if ts.is_empty() {
            return FragmentedTombstones { ucmp: Some(ucmp), frags: Vec::new() };
        }
        ts.sort_by(|a, b| ucmp.compare(&a.start, &b.start));
        let mut points: Vec<&[u8]> = ts.iter().flat_map(|t| [&t.start[..], &t.end[..]]).collect();
        points.sort_by(|a, b| ucmp.compare(a, b));
        points.dedup_by(|a, b| ucmp.compare(a, b) == Ordering::Equal);
        let mut frags = Vec::new();
        let mut active: Vec<&RangeTombstone> = Vec::new();
        let mut next = 0usize;
        for w in points.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            active.retain(|t| ucmp.compare(&t.end, lo) == Ordering::Greater);
            while next < ts.len() && ucmp.compare(&ts[next].start, lo) != Ordering::Greater {
                if ucmp.compare(&ts[next].end, lo) == Ordering::Greater {
                    active.push(ts[next]);
                }
                next += 1;
            }
            if active.is_empty() {
                continue;
            }
            let mut seqs: Vec<u64> = active.iter().map(|t| t.seq).collect();
            seqs.sort_unstable_by(|a, b| b.cmp(a));
            seqs.dedup();
            frags.push(Fragment { start: lo.to_vec(), end: hi.to_vec(), seqs });
        }
        FragmentedTombstones { ucmp: Some(ucmp), frags }
    }

    pub fn is_empty(&self) -> bool {
        self.frags.is_empty()
    }

    pub fn fragments(&self) -> &[Fragment] {
        &self.frags
    }

    fn fragment_of(&self, key: &[u8]) -> Option<&Fragment> {
        let ucmp = self.ucmp.as_ref()?;
        // The last fragment starting at or before key.
        let i = self.frags.partition_point(|f| ucmp.compare(&f.start, key) != Ordering::Greater);
        let f = self.frags.get(i.checked_sub(1)?)?;
        (ucmp.compare(key, &f.end) == Ordering::Less).then_some(f)
    }

    /// The newest sequence <= `snapshot` of a tombstone over `key`, 0 when none.
    pub fn max_covering_seq(&self, key: &[u8], snapshot: u64) -> u64 {
        match self.fragment_of(key) {
            Some(f) => f.seqs.iter().copied().find(|&s| s <= snapshot).unwrap_or(0),
            None => 0,
        }
    }

    /// The oldest tombstone sequence over `key` that is newer than `seq`, if any.
    pub fn oldest_covering_above(&self, key: &[u8], seq: u64) -> Option<u64> {
        self.fragment_of(key)?.seqs.iter().rev().copied().find(|&s| s > seq)
    }

    /// Whether an entry of `key` at `seq` is deleted for a reader at `snapshot`.
    pub fn covers(&self, key: &[u8], seq: u64, snapshot: u64) -> bool {
        !self.frags.is_empty() && self.max_covering_seq(key, snapshot) > seq
    }

    /// The fragments to write to an output table: per fragment, the newest sequence
    /// of each snapshot stripe (`snapshots` ascending). At the bottommost level a
    /// tombstone older than every snapshot covers nothing anyone can read, and goes.
    pub fn for_output(&self, snapshots: &[u64], bottommost: bool) -> Vec<RangeTombstone> {
        let stripe = |s: u64| match snapshots.binary_search(&s) {
            Ok(i) => snapshots[i],
            Err(i) => snapshots.get(i).copied().unwrap_or(u64::MAX),
        };
        let earliest = snapshots.first().copied().unwrap_or(u64::MAX);
        let mut out = Vec::new();
        for f in &self.frags {
            let mut last_stripe = None;
            for &s in &f.seqs {
                let st = stripe(s);
                if last_stripe == Some(st) {
                    continue;
                }
                last_stripe = Some(st);
                if bottommost && s <= earliest {
                    continue;
                }
                out.push(RangeTombstone { start: f.start.clone(), end: f.end.clone(), seq: s });
            }
        }
        // A table's range-deletion block is sorted by internal key: start ascending, then
        // sequence descending.
        if let Some(ucmp) = &self.ucmp {
            out.sort_by(|a, b| ucmp.compare(&a.start, &b.start).then(b.seq.cmp(&a.seq)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str, e: &str, seq: u64) -> RangeTombstone {
        RangeTombstone { start: s.into(), end: e.into(), seq }
    }

    #[test]
    fn overlapping_tombstones_become_fragments() {
        let f = FragmentedTombstones::new(Comparator::Bytewise, &[t("a", "e", 10), t("c", "g", 20), t("x", "x", 5)]);
        let got: Vec<(String, String, Vec<u64>)> = f
            .fragments()
            .iter()
            .map(|f| (String::from_utf8_lossy(&f.start).into(), String::from_utf8_lossy(&f.end).into(), f.seqs.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("a".into(), "c".into(), vec![10]),
                ("c".into(), "e".into(), vec![20, 10]),
                ("e".into(), "g".into(), vec![20])
            ]
        );
        assert_eq!(f.max_covering_seq(b"d", 100), 20);
        assert_eq!(f.max_covering_seq(b"d", 15), 10);
        assert_eq!(f.max_covering_seq(b"g", 100), 0);
        assert_eq!(f.max_covering_seq(b"0", 100), 0);
        assert!(f.covers(b"a", 9, 100));
        assert!(!f.covers(b"a", 10, 100));
        assert!(!f.covers(b"f", 9, 19));
        assert_eq!(f.oldest_covering_above(b"d", 12), Some(20));
        assert_eq!(f.oldest_covering_above(b"d", 3), Some(10));
    }

    #[test]
    fn output_keeps_newest_per_stripe_and_drops_old_at_bottom() {
        let f = FragmentedTombstones::new(Comparator::Bytewise, &[t("a", "c", 10), t("a", "c", 20), t("a", "c", 30)]);
        assert_eq!(f.for_output(&[], false), vec![t("a", "c", 30)]);
        assert_eq!(f.for_output(&[15], false), vec![t("a", "c", 30), t("a", "c", 10)]);
        assert_eq!(f.for_output(&[15], true), vec![t("a", "c", 30)]);
        assert!(f.for_output(&[], true).is_empty());
    }

    #[test]
    fn reverse_comparator_fragments_in_its_order() {
        let f = FragmentedTombstones::new(Comparator::ReverseBytewise, &[t("z", "m", 4), t("p", "a", 6)]);
        assert_eq!(f.max_covering_seq(b"q", 100), 4);
        assert_eq!(f.max_covering_seq(b"n", 100), 6);
        assert_eq!(f.max_covering_seq(b"b", 100), 6);
        assert_eq!(f.max_covering_seq(b"a", 100), 0);
        let e = crate::key::make_internal_key(b"k", 7, ValueType::RangeDeletion);
        assert_eq!(RangeTombstone::from_table_entry(&e, b"m").unwrap(), t("k", "m", 7));
        let bad = crate::key::make_internal_key(b"k", 7, ValueType::Value);
        assert!(RangeTombstone::from_table_entry(&bad, b"m").is_err());
    }
}
