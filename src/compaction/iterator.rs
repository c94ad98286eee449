//! `CompactionFilterState`: which entries of a sorted internal-key stream survive when it is
//! rewritten (RocksDB's CompactionIterator semantics), shared by flush and compaction:
//! versions hidden within a snapshot stripe, SingleDelete pairs, merges, bottommost
//! tombstones and sequence zeroing, range tombstones, and the user's compaction filter.

use super::filter::{CompactionFilter, FilterDecision};
use crate::error::Result;
use crate::iter::InternalIterator;
use crate::key::{parse_internal_key, pack_seq_and_type, ValueType};
use crate::merge::MergeOperator;
use crate::rangedel::FragmentedTombstones;
use crate::util::comparator::Comparator;

/// Decides which entries of a sorted internal-key stream are written out.
///
/// Rules (RocksDB's CompactionIterator):
/// - of several versions of a user key inside one snapshot stripe, only the newest survives;
/// - a SingleDelete followed (in the same stripe) by a Put of the same key removes both;
/// - at the bottommost level, a deletion older than every snapshot is dropped, and sequence numbers of
///   entries older than every snapshot are rewritten to 0 (docs/format/traps.md §9.2);
/// - Merge operands of one stripe are combined with the base value under them in the same stripe
///   (a full merge, written as a Value); without a base they are combined by a partial merge when
///   the operator can, and kept as they are otherwise; at the bottommost level operands with
///   nothing under them are fully merged;
/// - an entry covered by a range tombstone of its own stripe is dropped (the tombstone itself is
///   written to the output by the caller, from `FragmentedTombstones::for_output`).
pub struct CompactionFilterState<'a> {
    ucmp: Comparator,
    /// Live snapshot sequence numbers, ascending.
    snapshots: &'a [u64],
    bottommost: bool,
    merge_operator: Option<&'a dyn MergeOperator>,
    tombstones: Option<&'a FragmentedTombstones>,
    user_filter: Option<(&'a dyn CompactionFilter, i32)>,
}

impl<'a> CompactionFilterState<'a> {
    pub fn new(ucmp: Comparator, snapshots: &'a [u64], bottommost: bool) -> Self {
        CompactionFilterState { ucmp, snapshots, bottommost, merge_operator: None, tombstones: None, user_filter: None }
    }

    pub fn with_merge_operator(mut self, op: Option<&'a dyn MergeOperator>) -> Self {
        self.merge_operator = op;
        self
    }

    /// Applies a user compaction filter; `level` is what it is told.
    pub fn with_compaction_filter(mut self, f: Option<&'a dyn CompactionFilter>, level: i32) -> Self {
        self.user_filter = f.map(|f| (f, level));
        self
    }

    pub fn with_range_tombstones(mut self, t: &'a FragmentedTombstones) -> Self {
        self.tombstones = if t.is_empty() { None } else { Some(t) };
        self
    }

    /// Whether a tombstone of the entry's own stripe deletes it.
    fn covered_in_stripe(&self, user_key: &[u8], seq: u64) -> bool {
        match self.tombstones.and_then(|t| t.oldest_covering_above(user_key, seq)) {
            Some(ts) => self.stripe(ts) == self.stripe(seq),
            None => false,
        }
    }

    /// Emits an entry, with sequence 0 when it is older than every snapshot at the bottom.
    fn emit_entry(
        &self,
        emit: &mut dyn FnMut(&[u8], &[u8]) -> Result<()>,
        user_key: &[u8],
        seq: u64,
        t: ValueType,
        value: &[u8],
    ) -> Result<()> {
        let seq = if self.bottommost && seq <= self.earliest_snapshot() { 0 } else { seq };
        let mut k = Vec::with_capacity(user_key.len() + 8);
        k.extend_from_slice(user_key);
        k.extend_from_slice(&pack_seq_and_type(seq, t as u8).to_le_bytes());
        emit(&k, value)
    }

    /// What the user filter makes of a merge operand: operands at or below the newest
    /// snapshot are kept unasked (a snapshot must read them), as RocksDB's MergeHelper does.
    fn filter_operand(&self, user_key: &[u8], seq: u64, operand: &[u8]) -> FilterDecision {
        match self.user_filter {
            Some((f, level)) if seq > self.snapshots.last().copied().unwrap_or(0) => {
                f.filter_merge_operand(level, user_key, operand)
            }
            _ => FilterDecision::Keep,
        }
    }

    /// The input is on the newest Merge entry of a key in `stripe`: consumes the operands of
    /// that stripe (and the Value under them, if any) and emits what replaces them. Returns
    /// false when the user filter removed every operand: nothing was emitted, and the input
    /// is on the entry under them, which is then the key's newest (RocksDB's compaction
    /// iterator starts the key afresh there).
    fn merge_run(
        &self,
        input: &mut dyn InternalIterator,
        stripe: u64,
        emit: &mut dyn FnMut(&[u8], &[u8]) -> Result<()>,
    ) -> Result<bool> {
        let first = parse_internal_key(input.key())?;
        let user_key = first.user_key.to_vec();
        // (sequence, operand), newest first; only what the user filter kept.
        let mut operands: Vec<(u64, Vec<u8>)> = Vec::new();
        let keep = |operands: &mut Vec<(u64, Vec<u8>)>, seq: u64, v: &[u8]| match self.filter_operand(&user_key, seq, v) {
            FilterDecision::Keep => operands.push((seq, v.to_vec())),
            FilterDecision::Remove => {}
            FilterDecision::Change(nv) => operands.push((seq, nv)),
        };
        keep(&mut operands, first.sequence, input.value());
        // Some(base): the operands sit on a value (or on nothing: a deletion) of the same stripe.
        let mut base: Option<Option<Vec<u8>>> = None;
        let mut key_ended = false;
        input.next();
        loop {
            if !input.valid() {
                input.status()?;
                key_ended = true;
                break;
            }
            let p = parse_internal_key(input.key())?;
            if self.ucmp.compare(p.user_key, &user_key) != std::cmp::Ordering::Equal {
                key_ended = true;
                break;
            }
            if self.stripe(p.sequence) != stripe {
                break;
            }
            if self.covered_in_stripe(p.user_key, p.sequence) {
                base = Some(None);
                break;
            }
            match p.value_type {
                ValueType::Merge => keep(&mut operands, p.sequence, input.value()),
                // Nothing left to merge into it: the value is the key's newest entry now.
                ValueType::Value if operands.is_empty() => break,
                ValueType::Value => {
                    base = Some(Some(input.value().to_vec()));
                    input.next();
                    break;
                }
                // Left for the caller, which drops them as shadowed by the merged value.
                ValueType::Deletion | ValueType::SingleDeletion | ValueType::DeletionWithTimestamp => {
                    base = Some(None);
                    break;
                }
                _ => break,
            }
            input.next();
        }
        let Some(&(newest_seq, _)) = operands.first() else { return Ok(false) };
        if base.is_none() && key_ended && self.bottommost {
            base = Some(None);
        }
        let op = self.merge_operator.ok_or_else(crate::merge::no_operator_error)?;
        let oldest_first: Vec<&[u8]> = operands.iter().rev().map(|(_, v)| v.as_slice()).collect();
        match base {
            Some(b) => {
                let merged = crate::merge::full_merge(op, &user_key, b.as_deref(), &oldest_first)?;
                self.emit_entry(emit, &user_key, newest_seq, ValueType::Value, &merged)?;
            }
            None => {
                if operands.len() >= 2 {
                    if let Some(m) = op.partial_merge(&user_key, &oldest_first) {
                        self.emit_entry(emit, &user_key, newest_seq, ValueType::Merge, &m)?;
                        return Ok(true);
                    }
                }
                for (seq, v) in &operands {
                    self.emit_entry(emit, &user_key, *seq, ValueType::Merge, v)?;
                }
            }
        }
        Ok(true)
    }

    /// The smallest snapshot >= seq (the stripe the entry belongs to); u64::MAX when none.
    fn stripe(&self, seq: u64) -> u64 {
        match self.snapshots.binary_search(&seq) {
            Ok(i) => self.snapshots[i],
            Err(i) => self.snapshots.get(i).copied().unwrap_or(u64::MAX),
        }
    }

    fn earliest_snapshot(&self) -> u64 {
        self.snapshots.first().copied().unwrap_or(u64::MAX)
    }

    /// Runs `input` (positioned by this function) to the end, calling `emit(ikey, value)` for each
    /// surviving entry in order.
    pub fn run(&self, input: &mut dyn InternalIterator, emit: &mut dyn FnMut(&[u8], &[u8]) -> Result<()>) -> Result<()> {
        input.seek_to_first();
        let mut cur_user_key: Vec<u8> = Vec::new();
        let mut has_cur = false;
        // The stripe of the last entry kept for the current key (None: nothing kept yet).
        let mut last_stripe: Option<u64> = None;
        let mut out_key: Vec<u8> = Vec::new();
        // A SingleDelete waiting to see whether the next entry of its key in the same stripe is the
        // value it deletes. `keep` is None when the tombstone itself is droppable (bottommost).
        let mut pending_sd: Option<PendingSingleDelete> = None;
        // A Delete at the bottommost level newer than a snapshot, waiting to see whether an
        // entry of its key in an older stripe remains for it to hide (RocksDB's bottommost
        // delete rule): written out only then, dropped when its key has nothing older.
        let mut pending_del: Option<(Vec<u8>, u64)> = None;
        while input.valid() {
            let ikey = input.key();
            let parsed = parse_internal_key(ikey)?;
            let same_key = has_cur && self.ucmp.compare(&cur_user_key, parsed.user_key) == std::cmp::Ordering::Equal;
            let stripe = self.stripe(parsed.sequence);
            if let Some((k, del_stripe)) = pending_del.take() {
                if same_key && stripe == del_stripe {
                    // Hidden by the delete in its own stripe (RocksDB skips these).
                    pending_del = Some((k, del_stripe));
                    input.next();
                    continue;
                }
                if same_key {
                    emit(&k, &[])?;
                }
            }
            if let Some(sd) = pending_sd.take() {
                if same_key && sd.stripe == stripe && parsed.value_type == ValueType::Value {
                    // SingleDelete meets the Put it deletes: both vanish. An older entry of the key
                    // (a Delete that must keep hiding even older data) is kept, as if the pair had
                    // never been written.
                    last_stripe = None;
                    input.next();
                    continue;
                }
                if let Some((k, v)) = sd.keep {
                    emit(&k, &v)?;
                }
            }
            let newest_of_key = !same_key;
            if !same_key {
                cur_user_key.clear();
                cur_user_key.extend_from_slice(parsed.user_key);
                has_cur = true;
            } else if last_stripe == Some(stripe) && parsed.value_type != ValueType::SingleDeletion {
                // Shadowed by a newer entry of the same key in the same stripe. Not a SingleDelete:
                // it still has to meet the older Put it deletes, which may sit below this
                // compaction; dropped here, that Put would come back once the newer entries
                // are gone (RocksDB handles a SingleDelete before its hidden-entry rule).
                input.next();
                continue;
            }
            last_stripe = Some(stripe);
            if self.covered_in_stripe(parsed.user_key, parsed.sequence) {
                input.next();
                continue;
            }
            if parsed.value_type == ValueType::Merge {
                if !self.merge_run(input, stripe, emit)? {
                    has_cur = false;
                    last_stripe = None;
                }
                continue;
            }
            let older_than_all_snapshots = parsed.sequence <= self.earliest_snapshot();
            let droppable = self.bottommost && older_than_all_snapshots;
            if let (Some((f, level)), true, ValueType::Value) = (self.user_filter, newest_of_key, parsed.value_type) {
                match f.filter(level, parsed.user_key, input.value()) {
                    FilterDecision::Keep => {}
                    FilterDecision::Remove => {
                        if !droppable {
                            self.emit_entry(emit, parsed.user_key, parsed.sequence, ValueType::Deletion, &[])?;
                        }
                        input.next();
                        continue;
                    }
                    FilterDecision::Change(v) => {
                        self.emit_entry(emit, parsed.user_key, parsed.sequence, ValueType::Value, &v)?;
                        input.next();
                        continue;
                    }
                }
            }
            match parsed.value_type {
                ValueType::Deletion | ValueType::DeletionWithTimestamp if droppable => {}
                ValueType::Deletion if self.bottommost => {
                    pending_del = Some((ikey.to_vec(), stripe));
                    last_stripe = Some(stripe);
                }
                ValueType::SingleDeletion => {
                    let keep = if droppable { None } else { Some((ikey.to_vec(), input.value().to_vec())) };
                    pending_sd = Some(PendingSingleDelete { keep, stripe });
                }
                _ => {
                    if droppable && parsed.sequence != 0 {
                        out_key.clear();
                        out_key.extend_from_slice(parsed.user_key);
                        out_key.extend_from_slice(&pack_seq_and_type(0, parsed.value_type as u8).to_le_bytes());
                        emit(&out_key, input.value())?;
                    } else {
                        emit(ikey, input.value())?;
                    }
                }
            }
            input.next();
        }
        input.status()?;
        if let Some(PendingSingleDelete { keep: Some((k, v)), .. }) = pending_sd.take() {
            emit(&k, &v)?;
        }
        Ok(())
    }
}

struct PendingSingleDelete {
    keep: Option<(Vec<u8>, Vec<u8>)>,
    stripe: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::InternalKeyComparator;
    use crate::memtable::MemTable;
    use std::sync::Arc;

    fn run(entries: &[(&str, u64, ValueType)], snapshots: &[u64], bottommost: bool) -> Vec<(String, u64, ValueType)> {
        let mem = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for (k, s, t) in entries {
            mem.add(*s, *t, k.as_bytes(), b"v");
        }
        let mut it = mem.iter();
        let mut out = Vec::new();
        CompactionFilterState::new(Comparator::Bytewise, snapshots, bottommost)
            .run(&mut it, &mut |k, _| {
                let p = parse_internal_key(k)?;
                out.push((String::from_utf8_lossy(p.user_key).to_string(), p.sequence, p.value_type));
                Ok(())
            })
            .unwrap();
        out
    }

    use ValueType::{Deletion as Del, Merge as Mrg, SingleDeletion as SD, Value as Put};

    /// Runs entries (key, seq, type, value) through a filter with string append and tombstones.
    fn run_data_model(
        entries: &[(&str, u64, ValueType, &str)],
        tombstones: &[(&str, &str, u64)],
        snapshots: &[u64],
        bottommost: bool,
    ) -> Vec<(String, u64, ValueType, String)> {
        let mem = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for (k, s, t, v) in entries {
            mem.add(*s, *t, k.as_bytes(), v.as_bytes());
        }
        let ts: Vec<crate::rangedel::RangeTombstone> = tombstones
            .iter()
            .map(|(a, b, s)| crate::rangedel::RangeTombstone { start: a.as_bytes().to_vec(), end: b.as_bytes().to_vec(), seq: *s })
            .collect();
        let frags = FragmentedTombstones::new(Comparator::Bytewise, &ts);
        let op = crate::merge::StringAppendOperator::new(b",");
        let mut it = mem.iter();
        let mut out = Vec::new();
        CompactionFilterState::new(Comparator::Bytewise, snapshots, bottommost)
            .with_merge_operator(Some(&op))
            .with_range_tombstones(&frags)
            .run(&mut it, &mut |k, v| {
                let p = parse_internal_key(k)?;
                out.push((
                    String::from_utf8_lossy(p.user_key).to_string(),
                    p.sequence,
                    p.value_type,
                    String::from_utf8_lossy(v).to_string(),
                ));
                Ok(())
            })
            .unwrap();
        out
    }

    fn e(k: &str, s: u64, t: ValueType, v: &str) -> (String, u64, ValueType, String) {
        (k.into(), s, t, v.into())
    }

    struct DropOdd;
    impl CompactionFilter for DropOdd {
        fn name(&self) -> String {
            "DropOdd".into()
        }
        fn filter(&self, level: i32, _key: &[u8], value: &[u8]) -> FilterDecision {
            assert_eq!(level, 1);
            match value {
                b"1" | b"3" => FilterDecision::Remove,
                b"2" => FilterDecision::Change(b"two".to_vec()),
                _ => FilterDecision::Keep,
            }
        }
    }

    #[test]
    fn compaction_filter_removes_and_changes_newest_values() {
        let mem = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for (k, s, v) in [("a", 5, "1"), ("a", 2, "old"), ("b", 6, "2"), ("c", 7, "3"), ("d", 8, "4")] {
            mem.add(s, Put, k.as_bytes(), v.as_bytes());
        }
        let mut out = Vec::new();
        let mut it = mem.iter();
        CompactionFilterState::new(Comparator::Bytewise, &[], false)
            .with_compaction_filter(Some(&DropOdd), 1)
            .run(&mut it, &mut |k, v| {
                let p = parse_internal_key(k)?;
                out.push((String::from_utf8_lossy(p.user_key).to_string(), p.sequence, p.value_type, v.to_vec()));
                Ok(())
            })
            .unwrap();
        assert_eq!(
            out,
            vec![
                ("a".into(), 5, Del, vec![]),
                ("b".into(), 6, Put, b"two".to_vec()),
                ("c".into(), 7, Del, vec![]),
                ("d".into(), 8, Put, b"4".to_vec())
            ]
        );
    }

    #[test]
    fn merges_combine_within_a_stripe() {
        let entries = [("a", 9, Mrg, "3"), ("a", 8, Mrg, "2"), ("a", 5, Put, "1"), ("a", 2, Put, "0"), ("b", 7, Mrg, "y"), ("b", 6, Mrg, "x")];
        // No snapshot: a's operands meet their base; b's have none and are partially merged.
        assert_eq!(run_data_model(&entries, &[], &[], false), vec![e("a", 9, Put, "1,2,3"), e("b", 7, Mrg, "x,y")]);
        // At the bottom, b has nothing under it: a full merge.
        assert_eq!(run_data_model(&entries, &[], &[], true), vec![e("a", 0, Put, "1,2,3"), e("b", 0, Put, "x,y")]);
        // A snapshot at 8 splits a's operands.
        assert_eq!(
            run_data_model(&entries, &[], &[8], false),
            vec![e("a", 9, Mrg, "3"), e("a", 8, Put, "1,2"), e("b", 7, Mrg, "x,y")]
        );
        // A deletion under the operands: merged on nothing.
        assert_eq!(run_data_model(&[("c", 4, Mrg, "z"), ("c", 3, Del, ""), ("c", 1, Put, "old")], &[], &[], false), vec![e("c", 4, Put, "z")]);
    }

    #[test]
    fn range_tombstones_drop_what_they_cover_in_their_stripe() {
        let entries = [("a", 3, Put, "a3"), ("b", 12, Put, "b12"), ("c", 4, Mrg, "m4"), ("c", 2, Put, "c2"), ("c", 11, Mrg, "m11")];
        // Tombstone [a, d) at 10: a@3 and c's older entries go, c@11 merges on nothing.
        assert_eq!(run_data_model(&entries, &[("a", "d", 10)], &[], false), vec![e("b", 12, Put, "b12"), e("c", 11, Put, "m11")]);
        // A snapshot at 5 still sees the covered entries.
        assert_eq!(
            run_data_model(&entries, &[("a", "d", 10)], &[5], false),
            vec![e("a", 3, Put, "a3"), e("b", 12, Put, "b12"), e("c", 11, Mrg, "m11"), e("c", 4, Put, "c2,m4")]
        );
    }

    #[test]
    fn newest_version_per_stripe_survives() {
        let e = [("a", 9, Put), ("a", 7, Put), ("a", 3, Put), ("b", 4, Del), ("b", 2, Put)];
        assert_eq!(run(&e, &[], false), vec![("a".into(), 9, Put), ("b".into(), 4, Del)]);
        // A snapshot at 5 keeps a@3 and b@4 visible to it.
        assert_eq!(
            run(&e, &[5], false),
            vec![("a".into(), 9, Put), ("a".into(), 3, Put), ("b".into(), 4, Del)]
        );
    }

    #[test]
    fn bottommost_drops_tombstones_and_zeroes_sequences() {
        let e = [("a", 9, Put), ("b", 4, Del), ("b", 2, Put), ("c", 8, Put)];
        assert_eq!(run(&e, &[], true), vec![("a".into(), 0, Put), ("c".into(), 0, Put)]);
        // Entries newer than the earliest snapshot keep their numbers; the tombstone at 4 and
        // what it hides are both invisible to every reader, so both go.
        assert_eq!(run(&e, &[5], true), vec![("a".into(), 9, Put), ("c".into(), 8, Put)]);
        // A tombstone newer than the snapshot stays, with the value the snapshot still sees.
        assert_eq!(
            run(&[("b", 6, Del), ("b", 2, Put)], &[5], true),
            vec![("b".into(), 6, Del), ("b".into(), 0, Put)]
        );
        // ... and goes when nothing older of its key remains: a delete of an absent key, or
        // over versions of its own stripe only (db/compaction/compaction_iterator.cc's
        // bottommost delete rule; found by the differential test).
        assert_eq!(run(&[("a", 3, Put), ("b", 6, Del), ("c", 7, Put)], &[5], true), vec![("a".into(), 0, Put), ("c".into(), 7, Put)]);
        assert_eq!(run(&[("b", 8, Del), ("b", 6, Put)], &[5], true), Vec::<(String, u64, ValueType)>::new());
        assert_eq!(
            run(&[("b", 8, Del), ("b", 7, Put), ("b", 2, Put)], &[5], true),
            vec![("b".into(), 8, Del), ("b".into(), 0, Put)]
        );
    }

    /// A key written Put, SingleDelete, Put, ... (RocksDB's SingleDelete contract), part of its
    /// history compacted (a window of sequence numbers, bottommost when nothing is older):
    /// every snapshot, and the latest view, must read what it read before.
    #[test]
    fn single_delete_histories_read_the_same_at_every_snapshot_after_compaction() {
        let mut rng = 0x2545F4914F6CDD1Du64;
        let mut next = move |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        let visible = |h: &[(u64, ValueType)], snap: u64| h.iter().filter(|(s, _)| *s <= snap).max_by_key(|(s, _)| *s).map(|(_, t)| *t == Put).unwrap_or(false);
        for round in 0..20000 {
            let n = 1 + next(8);
            let history: Vec<(u64, ValueType)> = (1..=n).map(|s| (s * 2, if s % 2 == 1 { Put } else { SD })).collect();
            let mut snapshots: Vec<u64> = (0..next(4)).map(|_| 1 + next(2 * n + 2)).collect();
            snapshots.sort_unstable();
            snapshots.dedup();
            let a = 1 + next(n);
            let b = a + next(n - a + 1);
            let window: Vec<(&str, u64, ValueType)> = history.iter().filter(|(s, _)| (a * 2..=b * 2).contains(s)).map(|(s, t)| ("k", *s, *t)).collect();
            let bottommost = a == 1;
            let out = run(&window, &snapshots, bottommost);
            let mut after: Vec<(u64, ValueType)> = history.iter().filter(|(s, _)| !(a * 2..=b * 2).contains(s)).copied().collect();
            after.extend(out.iter().map(|(_, s, t)| (*s, *t)));
            // Zeroed sequence numbers are older than every snapshot.
            for snap in snapshots.iter().copied().chain(std::iter::once(u64::MAX)) {
                assert_eq!(
                    visible(&history, snap),
                    visible(&after, snap),
                    "round {round}: history {history:?}, window {a}..={b}, snapshots {snapshots:?}, bottommost {bottommost}: output {out:?}, read at {snap}"
                );
            }
            // Some snapshots are released, and everything is compacted again (a later
            // compaction over what the first one left): the remaining ones still read the same.
            let kept: Vec<u64> = snapshots.iter().copied().filter(|_| next(2) == 0).collect();
            after.sort_by(|x, y| y.0.cmp(&x.0));
            let all: Vec<(&str, u64, ValueType)> = after.iter().map(|(s, t)| ("k", *s, *t)).collect();
            let again = run(&all, &kept, false);
            let again: Vec<(u64, ValueType)> = again.iter().map(|(_, s, t)| (*s, *t)).collect();
            for snap in kept.iter().copied().chain(std::iter::once(u64::MAX)) {
                assert_eq!(
                    visible(&history, snap),
                    visible(&again, snap),
                    "round {round}: history {history:?}, window {a}..={b}, snapshots {snapshots:?} then {kept:?}: first output {out:?}, second {again:?}, read at {snap}"
                );
            }
        }
    }

    #[test]
    fn single_delete_pairs_vanish_and_older_deletes_stay() {
        let e = [("a", 9, SD), ("a", 8, Put), ("a", 5, Del), ("a", 1, Put), ("b", 3, SD)];
        assert_eq!(run(&e, &[], false), vec![("a".into(), 5, Del), ("b".into(), 3, SD)]);
        assert_eq!(run(&e, &[], true), Vec::<(String, u64, ValueType)>::new());
        // A snapshot between the pair keeps both.
        assert_eq!(run(&[("a", 9, SD), ("a", 8, Put)], &[8], false), vec![("a".into(), 9, SD), ("a".into(), 8, Put)]);
    }

    /// Drops operands "x", turns operand "c" into "C", and records every value and
    /// operand it is shown.
    #[derive(Default)]
    struct OperandFilter {
        seen: parking_lot::Mutex<Vec<String>>,
    }
    impl CompactionFilter for OperandFilter {
        fn name(&self) -> String {
            "OperandFilter".into()
        }
        fn filter(&self, _level: i32, key: &[u8], value: &[u8]) -> FilterDecision {
            self.seen.lock().push(format!("value {}={}", String::from_utf8_lossy(key), String::from_utf8_lossy(value)));
            FilterDecision::Keep
        }
        fn filter_merge_operand(&self, level: i32, key: &[u8], operand: &[u8]) -> FilterDecision {
            assert_eq!(level, 2);
            self.seen.lock().push(format!("operand {}={}", String::from_utf8_lossy(key), String::from_utf8_lossy(operand)));
            match operand {
                b"x" => FilterDecision::Remove,
                b"c" => FilterDecision::Change(b"C".to_vec()),
                _ => FilterDecision::Keep,
            }
        }
    }

    fn run_with_filter(
        f: &dyn CompactionFilter,
        entries: &[(&str, u64, ValueType, &str)],
        snapshots: &[u64],
        bottommost: bool,
    ) -> Vec<(String, u64, ValueType, String)> {
        let mem = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for (k, s, t, v) in entries {
            mem.add(*s, *t, k.as_bytes(), v.as_bytes());
        }
        let op = crate::merge::StringAppendOperator::new(b",");
        let mut it = mem.iter();
        let mut out = Vec::new();
        CompactionFilterState::new(Comparator::Bytewise, snapshots, bottommost)
            .with_merge_operator(Some(&op))
            .with_compaction_filter(Some(f), 2)
            .run(&mut it, &mut |k, v| {
                let p = parse_internal_key(k)?;
                out.push(e(&String::from_utf8_lossy(p.user_key), p.sequence, p.value_type, &String::from_utf8_lossy(v)));
                Ok(())
            })
            .unwrap();
        out
    }

    #[test]
    fn counting_filter_forwards_merge_operands() {
        let f = OperandFilter::default();
        let counting = crate::compaction::CountingFilter::new(&f);
        let out = run_with_filter(&counting, &[("k", 3, ValueType::Merge, "x"), ("k", 2, ValueType::Merge, "b")], &[], true);
        assert_eq!(out, vec![e("k", 0, ValueType::Value, "b")]);
        assert_eq!(f.seen.lock().len(), 2);
        // As RocksDB's COMPACTION_KEY_DROP_USER, dropped operands are not counted.
        assert_eq!(counting.removed(), 0);
    }

    #[test]
    fn compaction_filter_sees_merge_operands_newer_than_every_snapshot() {
        let f = OperandFilter::default();
        let entries = [
            ("a", 9, Mrg, "x"),
            ("a", 8, Mrg, "c"),
            ("a", 7, Mrg, "b"),
            ("a", 1, Put, "base"),
            ("b", 6, Mrg, "x"),
            ("b", 5, Mrg, "x"),
            ("b", 2, Put, "plain"),
            ("c", 4, Mrg, "x"),
        ];
        // Operands removed or changed before merging; the base under them is merged, not
        // filtered. When every operand goes, the value under them is the key's newest and is
        // filtered as a value; a key of removed operands alone leaves nothing.
        assert_eq!(
            run_with_filter(&f, &entries, &[], false),
            vec![e("a", 8, Put, "base,b,C"), e("b", 2, Put, "plain")]
        );
        assert_eq!(
            *f.seen.lock(),
            vec!["operand a=x", "operand a=c", "operand a=b", "operand b=x", "operand b=x", "value b=plain", "operand c=x"]
        );
        // Operands at or below the newest snapshot are kept without asking.
        let f = OperandFilter::default();
        assert_eq!(
            run_with_filter(&f, &[("a", 9, Mrg, "x"), ("a", 4, Mrg, "x"), ("a", 3, Mrg, "y")], &[5], false),
            vec![e("a", 4, Mrg, "y,x")]
        );
        assert_eq!(*f.seen.lock(), vec!["operand a=x"]);
    }

    /// A filter with only the value callback, as every C API filter is.
    struct ValuesOnly(parking_lot::Mutex<Vec<String>>);
    impl CompactionFilter for ValuesOnly {
        fn name(&self) -> String {
            "ValuesOnly".into()
        }
        fn filter(&self, _level: i32, _key: &[u8], value: &[u8]) -> FilterDecision {
            self.0.lock().push(String::from_utf8_lossy(value).into_owned());
            FilterDecision::Remove
        }
    }

    #[test]
    fn a_value_only_filter_keeps_every_merge_operand() {
        let f = ValuesOnly(Default::default());
        let entries = [("a", 9, Mrg, "x"), ("a", 1, Put, "base"), ("b", 5, Mrg, "y"), ("c", 3, Put, "plain")];
        assert_eq!(run_with_filter(&f, &entries, &[], true), vec![e("a", 0, Put, "base,x"), e("b", 0, Put, "y")]);
        assert_eq!(*f.0.lock(), vec!["plain"]);
    }
}
