//! Compaction: which entries survive when sorted runs are rewritten (`CompactionIterator`
//! semantics, shared by flush and compaction), and the level-0 → level-1 picker.
//!
//! Picking is a pure function of a `Version` and the options (no I/O); the db's
//! background thread executes what was picked.

pub mod picker;

use crate::error::Result;
use crate::iter::InternalIterator;
use crate::key::{parse_internal_key, pack_seq_and_type, ValueType};
use crate::util::comparator::Comparator;

/// Decides which entries of a sorted internal-key stream are written out.
///
/// Rules (RocksDB's CompactionIterator, without merge operators yet):
/// - of several versions of a user key inside one snapshot stripe, only the newest survives;
/// - a SingleDelete followed (in the same stripe) by a Put of the same key removes both;
/// - at the bottommost level, a deletion older than every snapshot is dropped, and sequence numbers of
///   entries older than every snapshot are rewritten to 0 (rocksdb-formats.md §9.2).
pub struct CompactionFilterState<'a> {
    ucmp: Comparator,
    /// Live snapshot sequence numbers, ascending.
    snapshots: &'a [u64],
    bottommost: bool,
}

impl<'a> CompactionFilterState<'a> {
    pub fn new(ucmp: Comparator, snapshots: &'a [u64], bottommost: bool) -> Self {
        CompactionFilterState { ucmp, snapshots, bottommost }
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
        while input.valid() {
            let ikey = input.key();
            let parsed = parse_internal_key(ikey)?;
            let same_key = has_cur && self.ucmp.compare(&cur_user_key, parsed.user_key) == std::cmp::Ordering::Equal;
            let stripe = self.stripe(parsed.sequence);
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
            if !same_key {
                cur_user_key.clear();
                cur_user_key.extend_from_slice(parsed.user_key);
                has_cur = true;
            } else if last_stripe == Some(stripe) {
                // Shadowed by a newer entry of the same key in the same stripe.
                input.next();
                continue;
            }
            last_stripe = Some(stripe);
            let older_than_all_snapshots = parsed.sequence <= self.earliest_snapshot();
            let droppable = self.bottommost && older_than_all_snapshots;
            match parsed.value_type {
                ValueType::Deletion | ValueType::DeletionWithTimestamp if droppable => {}
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

    use ValueType::{Deletion as Del, SingleDeletion as SD, Value as Put};

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
    }

    #[test]
    fn single_delete_pairs_vanish_and_older_deletes_stay() {
        let e = [("a", 9, SD), ("a", 8, Put), ("a", 5, Del), ("a", 1, Put), ("b", 3, SD)];
        assert_eq!(run(&e, &[], false), vec![("a".into(), 5, Del), ("b".into(), 3, SD)]);
        assert_eq!(run(&e, &[], true), Vec::<(String, u64, ValueType)>::new());
        // A snapshot between the pair keeps both.
        assert_eq!(run(&[("a", 9, SD), ("a", 8, Put)], &[8], false), vec![("a".into(), 9, SD), ("a".into(), 8, Put)]);
    }
}
