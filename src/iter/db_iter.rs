//! `DbIter`: the user-facing iterator over an internal iterator (usually a
//! `MergingIterator` of memtables and levels). It shows, for each user key, the
//! newest entry with sequence <= the snapshot (docs/format/internal-key.md §1.2: that
//! entry comes first among the key's entries), hides keys whose newest visible
//! entry is a Deletion or SingleDeletion, and honours `iterate_lower_bound`
//! (inclusive) and `iterate_upper_bound` (exclusive) in both directions.
//!
//! Positioning follows LevelDB's DBIter. Moving forward, the inner iterator
//! sits on the entry being shown. Moving backward, it sits just before all the
//! entries of the key being shown, whose user key and value are then copied
//! into reused buffers. Switching direction re-establishes the other invariant.
//! A key with many versions is passed with a seek rather than step by step, in
//! both directions, as RocksDB's DBIter does.
//!
//! Merge entries are combined with the column family's merge operator: moving
//! forward, the operands are collected down to a base value (the inner
//! iterator then sits past them and the merged value is held in saved_value);
//! moving backward they are collected up from the base. Entries older than a
//! range tombstone visible at the snapshot (docs/format/minimal-sst.md) count as
//! deleted. BlobDB references and wide-column entities are not supported:
//! meeting one as the newest visible entry of a key makes the iterator invalid
//! with a NotSupported status.
//!
//! Not thread-safe (one reader); `Send`.

use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{
    append_internal_key, parse_internal_key, ValueType, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK,
    VALUE_TYPE_FOR_SEEK_FOR_PREV,
};
use crate::merge::MergeOperator;
use crate::rangedel::FragmentedTombstones;
use crate::util::comparator::Comparator;
use std::cmp::Ordering;
use std::sync::Arc;

/// Entries of one user key stepped over in a row before a scan seeks past
/// them instead (RocksDB's default `max_sequential_skip_in_iterations`).
const MAX_SEQUENTIAL_SKIP: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Direction {
    Forward,
    Reverse,
}

/// What an entry means for the user key it belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum EntryKind {
    Value,
    Deletion,
    Merge,
    Unsupported(&'static str),
}

fn kind_of(t: ValueType) -> EntryKind {
    match t {
        ValueType::Value => EntryKind::Value,
        ValueType::Deletion | ValueType::SingleDeletion | ValueType::DeletionWithTimestamp => EntryKind::Deletion,
        ValueType::Merge => EntryKind::Merge,
        ValueType::BlobIndex => EntryKind::Unsupported("BlobDB"),
        ValueType::WideColumnEntity => EntryKind::Unsupported("wide-column entities"),
        ValueType::RangeDeletion => EntryKind::Unsupported("DeleteRange"),
    }
}

pub struct DbIter {
    inner: Box<dyn InternalIterator>,
    ucmp: Comparator,
    seq: u64,
    lower: Option<Vec<u8>>,
    upper: Option<Vec<u8>>,
    direction: Direction,
    valid: bool,
    /// Forward: the user key whose older entries are being skipped.
    /// Reverse: the user key shown.
    saved_key: Vec<u8>,
    /// Reverse: the value shown.
    saved_value: Vec<u8>,
    /// Reused buffer for the internal keys given to the inner iterator.
    seek_key: Vec<u8>,
    /// An error of this iterator's own (corrupt key, unsupported entry).
    status: Result<()>,
    merge_operator: Option<Arc<dyn MergeOperator>>,
    tombstones: Option<Arc<FragmentedTombstones>>,
    /// Forward: the key shown was merged; it and its value are in saved_key and
    /// saved_value, and the inner iterator is past its operands.
    forward_saved: bool,
    /// Reverse: whether saved_value holds a base value under `operands`.
    has_base: bool,
    /// Reverse: merge operands of saved_key met so far, oldest first.
    operands: Vec<Vec<u8>>,
}

impl DbIter {
    pub fn new(
        inner: Box<dyn InternalIterator>,
        ucmp: Comparator,
        seq: u64,
        lower: Option<Vec<u8>>,
        upper: Option<Vec<u8>>,
    ) -> DbIter {
        DbIter {
            inner,
            ucmp,
            seq: seq.min(MAX_SEQUENCE_NUMBER),
            lower,
            upper,
            direction: Direction::Forward,
            valid: false,
            saved_key: Vec::new(),
            saved_value: Vec::new(),
            seek_key: Vec::new(),
            status: Ok(()),
            merge_operator: None,
            tombstones: None,
            forward_saved: false,
            has_base: false,
            operands: Vec::new(),
        }
    }

    /// The iterate bounds, an unset one empty (as a query trace records them).
    pub fn bounds(&self) -> (&[u8], &[u8]) {
        (self.lower.as_deref().unwrap_or(&[]), self.upper.as_deref().unwrap_or(&[]))
    }

    pub fn comparator(&self) -> &Comparator {
        &self.ucmp
    }

    /// Resolves Merge entries with `op` (without one they are an error).
    pub fn with_merge_operator(mut self, op: Option<Arc<dyn MergeOperator>>) -> DbIter {
        self.merge_operator = op;
        self
    }

    /// Hides entries covered by these range tombstones (those visible at the snapshot).
    pub fn with_range_tombstones(mut self, t: Arc<FragmentedTombstones>) -> DbIter {
        self.tombstones = if t.is_empty() { None } else { Some(t) };
        self
    }

    fn covered(&self, user_key: &[u8], seq: u64) -> bool {
        match &self.tombstones {
            Some(t) => t.covers(user_key, seq, self.seq),
            None => false,
        }
    }

    fn kind_at(&self, user_key: &[u8], seq: u64, t: ValueType) -> EntryKind {
        if self.covered(user_key, seq) {
            EntryKind::Deletion
        } else {
            kind_of(t)
        }
    }

    fn merge(&self, key: &[u8], base: Option<&[u8]>, operands: &[&[u8]]) -> Result<Vec<u8>> {
        match &self.merge_operator {
            Some(op) => crate::merge::full_merge(op.as_ref(), key, base, operands),
            None => Err(crate::merge::no_operator_error()),
        }
    }

    /// Forward: the inner iterator is on the newest visible entry of saved_key,
    /// a Merge. Collects the operands down to a base and returns the merged
    /// value; the inner iterator is left past what was used.
    fn collect_merge_forward(&mut self) -> Result<Vec<u8>> {
        let mut operands: Vec<Vec<u8>> = vec![self.inner.value().to_vec()];
        let mut base: Option<Vec<u8>> = None;
        self.inner.next();
        while self.inner.valid() {
            let parsed = parse_internal_key(self.inner.key())?;
            if self.ucmp.compare(parsed.user_key, &self.saved_key) != Ordering::Equal {
                break;
            }
            match self.kind_at(parsed.user_key, parsed.sequence, parsed.value_type) {
                EntryKind::Value => {
                    base = Some(self.inner.value().to_vec());
                    break;
                }
                EntryKind::Deletion => break,
                EntryKind::Merge => operands.push(self.inner.value().to_vec()),
                EntryKind::Unsupported(what) => return Err(Error::not_supported(what)),
            }
            self.inner.next();
        }
        self.inner.status()?;
        let oldest_first: Vec<&[u8]> = operands.iter().rev().map(|v| v.as_slice()).collect();
        self.merge(&self.saved_key, base.as_deref(), &oldest_first)
    }

    pub fn valid(&self) -> bool {
        self.valid
    }

    /// The user key. Requires: `valid()`.
    pub fn key(&self) -> &[u8] {
        if !self.valid {
            return &[];
        }
        match self.direction {
            Direction::Forward if !self.forward_saved => crate::key::user_key(self.inner.key()),
            _ => &self.saved_key,
        }
    }

    /// The value. Requires: `valid()`.
    pub fn value(&self) -> &[u8] {
        if !self.valid {
            return &[];
        }
        match self.direction {
            Direction::Forward if !self.forward_saved => self.inner.value(),
            _ => &self.saved_value,
        }
    }

    pub fn status(&self) -> Result<()> {
        self.status.clone()?;
        self.inner.status()
    }

    /// The snapshot sequence this iterator reads at.
    pub fn sequence(&self) -> u64 {
        self.seq
    }

    pub fn seek_to_first(&mut self) {
        self.status = Ok(());
        self.direction = Direction::Forward;
        self.inner_seek_to_first();
        self.find_next_user_entry(false);
    }

    pub fn seek_to_last(&mut self) {
        self.status = Ok(());
        self.direction = Direction::Reverse;
        match &self.upper {
            Some(upper) => {
                // Sorts before every entry of `upper`: lands on the last entry
                // of the keys below it.
                self.seek_key.clear();
                append_internal_key(&mut self.seek_key, upper, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK);
                self.inner.seek_for_prev(&self.seek_key);
            }
            None => self.inner.seek_to_last(),
        }
        self.find_prev_user_entry();
    }

    /// Positions at the first key >= `target` (and >= the lower bound).
    pub fn seek(&mut self, target: &[u8]) {
        self.status = Ok(());
        self.direction = Direction::Forward;
        let below_lower = matches!(&self.lower, Some(l) if self.ucmp.compare(target, l) == Ordering::Less);
        if below_lower {
            self.inner_seek_to_first();
        } else {
            self.set_seek_key(target, self.seq, VALUE_TYPE_FOR_SEEK);
            self.inner.seek(&self.seek_key);
        }
        self.find_next_user_entry(false);
    }

    /// Positions at the last key <= `target` (and below the upper bound).
    pub fn seek_for_prev(&mut self, target: &[u8]) {
        let at_or_above_upper = matches!(&self.upper, Some(u) if self.ucmp.compare(target, u) != Ordering::Less);
        if at_or_above_upper {
            self.seek_to_last();
            return;
        }
        self.status = Ok(());
        self.direction = Direction::Reverse;
        // The last possible entry of `target`.
        self.set_seek_key(target, 0, VALUE_TYPE_FOR_SEEK_FOR_PREV);
        self.inner.seek_for_prev(&self.seek_key);
        self.find_prev_user_entry();
    }

    pub fn next(&mut self) {
        if !self.valid {
            return;
        }
        if self.direction == Direction::Reverse {
            self.direction = Direction::Forward;
            // The inner iterator is just before the entries of saved_key (or
            // off the start): step into them; they are skipped below.
            if self.inner.valid() {
                self.inner.next();
            } else {
                if self.inner.status().is_err() {
                    self.valid = false;
                    return;
                }
                self.inner_seek_to_first();
            }
        } else if !self.forward_saved {
            self.saved_key.clear();
            self.saved_key.extend_from_slice(crate::key::user_key(self.inner.key()));
            self.inner.next();
        }
        self.find_next_user_entry(true);
    }

    pub fn prev(&mut self) {
        if !self.valid {
            return;
        }
        if self.direction == Direction::Forward && self.forward_saved {
            // The inner iterator is somewhere past saved_key's entries: seek
            // before the whole key.
            self.forward_saved = false;
            self.seek_key.clear();
            append_internal_key(&mut self.seek_key, &self.saved_key, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK);
            self.inner.seek_for_prev(&self.seek_key);
            self.direction = Direction::Reverse;
        } else if self.direction == Direction::Forward {
            // Step back past every entry of the current key.
            self.saved_key.clear();
            self.saved_key.extend_from_slice(crate::key::user_key(self.inner.key()));
            let mut steps = 0usize;
            loop {
                steps += 1;
                if steps > MAX_SEQUENTIAL_SKIP {
                    // Many newer versions: seek before the whole key at once.
                    self.seek_key.clear();
                    append_internal_key(&mut self.seek_key, &self.saved_key, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK);
                    self.inner.seek_for_prev(&self.seek_key);
                    break;
                }
                self.inner.prev();
                if !self.inner.valid() {
                    break;
                }
                let uk = crate::key::user_key(self.inner.key());
                if self.ucmp.compare(uk, &self.saved_key) == Ordering::Less {
                    break;
                }
            }
            self.direction = Direction::Reverse;
        }
        self.find_prev_user_entry();
    }

    /// Puts the inner iterator on its first entry at or after the lower bound.
    fn inner_seek_to_first(&mut self) {
        match &self.lower {
            Some(lower) => {
                self.seek_key.clear();
                append_internal_key(&mut self.seek_key, lower, self.seq, VALUE_TYPE_FOR_SEEK);
                self.inner.seek(&self.seek_key);
            }
            None => self.inner.seek_to_first(),
        }
    }

    fn set_seek_key(&mut self, user_key: &[u8], seq: u64, t: u8) {
        self.seek_key.clear();
        append_internal_key(&mut self.seek_key, user_key, seq, t);
    }

    fn fail(&mut self, e: Error) {
        self.status = Err(e);
        self.valid = false;
    }

    /// Forward: from the inner position, finds the first entry to show. With
    /// `skipping`, entries of user keys <= `saved_key` are hidden.
    fn find_next_user_entry(&mut self, mut skipping: bool) {
        self.forward_saved = false;
        let mut skipped = 0usize;
        while self.inner.valid() {
            let ikey = self.inner.key();
            let parsed = match parse_internal_key(ikey) {
                Ok(p) => p,
                Err(e) => return self.fail(e),
            };
            if let Some(upper) = &self.upper {
                if self.ucmp.compare(parsed.user_key, upper) != Ordering::Less {
                    self.valid = false;
                    return;
                }
            }
            let visible = parsed.sequence <= self.seq;
            let hidden =
                visible && skipping && self.ucmp.compare(parsed.user_key, &self.saved_key) != Ordering::Greater;
            if !visible || hidden {
                skipped += 1;
                if skipped > MAX_SEQUENTIAL_SKIP {
                    // Many versions in a row that cannot be shown: seek past
                    // them instead of stepping (RocksDB's
                    // max_sequential_skip_in_iterations).
                    skipped = 0;
                    if hidden {
                        self.seek_key.clear();
                        append_internal_key(&mut self.seek_key, &self.saved_key, 0, VALUE_TYPE_FOR_SEEK_FOR_PREV);
                    } else {
                        self.seek_key.clear();
                        append_internal_key(&mut self.seek_key, parsed.user_key, self.seq, VALUE_TYPE_FOR_SEEK);
                    }
                    self.inner.seek(&self.seek_key);
                    continue;
                }
            } else {
                skipped = 0;
            }
            if visible && !hidden {
                match self.kind_at(parsed.user_key, parsed.sequence, parsed.value_type) {
                    EntryKind::Value => {
                        self.valid = true;
                        return;
                    }
                    EntryKind::Merge => {
                        self.saved_key.clear();
                        self.saved_key.extend_from_slice(parsed.user_key);
                        match self.collect_merge_forward() {
                            Ok(v) => {
                                self.saved_value = v;
                                self.forward_saved = true;
                                self.valid = true;
                            }
                            Err(e) => self.fail(e),
                        }
                        return;
                    }
                    EntryKind::Deletion => {
                        // Hides the older entries of this key.
                        self.saved_key.clear();
                        self.saved_key.extend_from_slice(parsed.user_key);
                        skipping = true;
                    }
                    EntryKind::Unsupported(what) => return self.fail(Error::not_supported(what)),
                }
            }
            self.inner.next();
        }
        self.valid = false;
    }

    /// Reverse, for a key with many versions: reads the newest entry of
    /// saved_key visible at the snapshot into saved_value, then leaves the inner
    /// iterator on the last entry before saved_key. Returns that entry's kind.
    fn newest_visible_of_saved_key(&mut self) -> Result<EntryKind> {
        self.seek_key.clear();
        append_internal_key(&mut self.seek_key, &self.saved_key, self.seq, VALUE_TYPE_FOR_SEEK);
        self.inner.seek(&self.seek_key);
        let mut kind = EntryKind::Deletion;
        if self.inner.valid() {
            let parsed = parse_internal_key(self.inner.key())?;
            if self.ucmp.compare(parsed.user_key, &self.saved_key) == Ordering::Equal {
                kind = self.kind_at(parsed.user_key, parsed.sequence, parsed.value_type);
                self.saved_value.clear();
                if kind == EntryKind::Merge {
                    self.saved_value = self.collect_merge_forward()?;
                    kind = EntryKind::Value;
                } else if kind != EntryKind::Deletion {
                    self.saved_value.extend_from_slice(self.inner.value());
                }
            }
        } else {
            self.inner.status()?;
        }
        self.seek_key.clear();
        append_internal_key(&mut self.seek_key, &self.saved_key, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK);
        if kind == EntryKind::Deletion {
            self.saved_key.clear();
            self.saved_value.clear();
        }
        self.inner.seek_for_prev(&self.seek_key);
        Ok(kind)
    }

    /// Reverse: from the inner position, scans back over the entries of one
    /// user key (oldest first, so the newest visible entry is seen last) and
    /// stops on the entry before them.
    fn find_prev_user_entry(&mut self) {
        self.forward_saved = false;
        self.operands.clear();
        self.has_base = false;
        let mut kind = EntryKind::Deletion;
        // Entries met of the key collected in saved_key.
        let mut same_key = 0usize;
        while self.inner.valid() {
            let ikey = self.inner.key();
            let parsed = match parse_internal_key(ikey) {
                Ok(p) => p,
                Err(e) => return self.fail(e),
            };
            if let Some(lower) = &self.lower {
                if self.ucmp.compare(parsed.user_key, lower) == Ordering::Less {
                    break;
                }
            }
            let visible = parsed.sequence <= self.seq;
            if kind != EntryKind::Deletion {
                match self.ucmp.compare(parsed.user_key, &self.saved_key) {
                    // saved_key has a visible value; this entry is of an earlier key.
                    Ordering::Less if visible => break,
                    Ordering::Equal => {
                        same_key += 1;
                        if same_key > MAX_SEQUENTIAL_SKIP {
                            // Many versions of one key: look its newest visible
                            // entry up directly, then seek before the key.
                            match self.newest_visible_of_saved_key() {
                                Ok(k) => kind = k,
                                Err(e) => return self.fail(e),
                            }
                            same_key = 0;
                            continue;
                        }
                    }
                    _ => {}
                }
            }
            if visible {
                let entry_kind = self.kind_at(parsed.user_key, parsed.sequence, parsed.value_type);
                match entry_kind {
                    EntryKind::Deletion => {
                        self.saved_key.clear();
                        self.saved_value.clear();
                        self.operands.clear();
                        self.has_base = false;
                    }
                    EntryKind::Merge => {
                        if kind == EntryKind::Deletion {
                            // The first entry of this key (or the first after a deletion).
                            self.saved_key.clear();
                            self.saved_key.extend_from_slice(parsed.user_key);
                            self.operands.clear();
                            self.has_base = false;
                        }
                        self.operands.push(self.inner.value().to_vec());
                    }
                    EntryKind::Value | EntryKind::Unsupported(_) => {
                        self.saved_key.clear();
                        self.saved_key.extend_from_slice(parsed.user_key);
                        self.saved_value.clear();
                        self.saved_value.extend_from_slice(self.inner.value());
                        self.operands.clear();
                        self.has_base = true;
                    }
                }
                kind = entry_kind;
            }
            self.inner.prev();
        }
        if !self.inner.valid() && self.inner.status().is_err() {
            self.valid = false;
            return;
        }
        match kind {
            EntryKind::Value => self.valid = true,
            EntryKind::Merge => {
                let base = if self.has_base { Some(self.saved_value.as_slice()) } else { None };
                let operands: Vec<&[u8]> = self.operands.iter().map(|v| v.as_slice()).collect();
                match self.merge(&self.saved_key, base, &operands) {
                    Ok(v) => {
                        self.saved_value = v;
                        self.operands.clear();
                        self.valid = true;
                    }
                    Err(e) => self.fail(e),
                }
            }
            EntryKind::Deletion => {
                self.valid = false;
                self.saved_key.clear();
                self.saved_value.clear();
            }
            EntryKind::Unsupported(what) => self.fail(Error::not_supported(what)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::iter::{LevelIterator, MergingIterator};
    use crate::key::{make_internal_key, InternalKeyComparator};
    use crate::memtable::MemTable;
    use std::sync::Arc;

    use crate::util::testutil::Rng;

    struct Op {
        key: Vec<u8>,
        seq: u64,
        t: ValueType,
        value: Vec<u8>,
    }

    thread_local! {
        /// How many distinct keys the random ops use (few: many versions per key).
        static KEY_SPACE: std::cell::Cell<u64> = const { std::cell::Cell::new(60) };
    }

    /// Hex strings of varying length, so some keys are prefixes of others.
    fn random_key(rng: &mut Rng) -> Vec<u8> {
        format!("{:x}", rng.below(KEY_SPACE.with(|k| k.get()))).into_bytes()
    }

    /// The keys a reader at `snap` must see within the bounds, in `ucmp` order.
    fn model(ops: &[Op], ucmp: Comparator, snap: u64, lower: &Option<Vec<u8>>, upper: &Option<Vec<u8>>) -> Vec<(Vec<u8>, Vec<u8>)> {
        // Per key, its entries visible at snap, newest first.
        let mut by_key: std::collections::BTreeMap<Vec<u8>, Vec<&Op>> = std::collections::BTreeMap::new();
        for op in ops.iter().filter(|o| o.seq <= snap && o.t != ValueType::RangeDeletion) {
            by_key.entry(op.key.clone()).or_default().push(op);
        }
        let covering = |k: &[u8]| {
            ops.iter()
                .filter(|o| o.t == ValueType::RangeDeletion && o.seq <= snap)
                .filter(|o| ucmp.compare(&o.key, k) != Ordering::Greater && ucmp.compare(k, &o.value) == Ordering::Less)
                .map(|o| o.seq)
                .max()
                .unwrap_or(0)
        };
        let mut v: Vec<(Vec<u8>, Vec<u8>)> = by_key
            .into_iter()
            .filter_map(|(k, mut entries)| {
                entries.sort_by(|a, b| b.seq.cmp(&a.seq));
                let cov = covering(&k);
                let mut operands: Vec<&[u8]> = Vec::new();
                let mut base = None;
                for e in entries {
                    if e.seq < cov {
                        break;
                    }
                    match e.t {
                        ValueType::Merge => operands.push(&e.value),
                        ValueType::Value => {
                            base = Some(&e.value[..]);
                            break;
                        }
                        _ => break,
                    }
                }
                if operands.is_empty() {
                    return base.map(|b| (k, b.to_vec()));
                }
                operands.reverse();
                let merged = crate::merge::StringAppendOperator::new(b",").full_merge(&k, base, &operands)?;
                Some((k, merged))
            })
            .filter(|(k, _)| lower.as_ref().map_or(true, |l| ucmp.compare(k, l) != Ordering::Less))
            .filter(|(k, _)| upper.as_ref().map_or(true, |u| ucmp.compare(k, u) == Ordering::Less))
            .collect();
        v.sort_by(|a, b| ucmp.compare(&a.0, &b.0));
        v
    }

    /// Random ops spread over `n_mem` memtables plus one level of disjoint
    /// "files" (memtables cut on user-key boundaries).
    fn build_sources(ucmp: Comparator, ops: &[Op], n_mem: usize, rng: &mut Rng) -> Vec<Box<dyn InternalIterator>> {
        let icmp = InternalKeyComparator::new(ucmp.clone());
        let mems: Vec<Arc<MemTable>> = (0..n_mem).map(|i| Arc::new(MemTable::new(icmp.clone(), i as u64))).collect();
        let mut level_entries = Vec::new();
        for op in ops.iter().filter(|o| o.t != ValueType::RangeDeletion) {
            let slot = rng.below(n_mem as u64 + 1) as usize;
            if slot == n_mem {
                level_entries.push((make_internal_key(&op.key, op.seq, op.t), op.value.clone()));
            } else {
                mems[slot].add(op.seq, op.t, &op.key, &op.value);
            }
        }
        level_entries.sort_by(|a, b| icmp.compare(&a.0, &b.0));
        let mut files: Vec<Vec<(Vec<u8>, Vec<u8>)>> = Vec::new();
        for e in level_entries {
            let start_new = match files.last() {
                None => true,
                Some(f) => {
                    f.len() >= 7
                        && crate::key::user_key(&f[f.len() - 1].0) != crate::key::user_key(&e.0)
                }
            };
            if start_new {
                files.push(Vec::new());
            }
            if let Some(f) = files.last_mut() {
                f.push(e);
            }
        }
        let bounds: Vec<(Vec<u8>, Vec<u8>)> = files
            .iter()
            .map(|f| (f[0].0.clone(), f[f.len() - 1].0.clone()))
            .collect();
        let file_mems: Vec<Arc<MemTable>> =
            files.into_iter().enumerate().map(|(i, f)| Arc::new(MemTable::from_sorted(icmp.clone(), i as u64, f))).collect();
        let mut children: Vec<Box<dyn InternalIterator>> =
            mems.iter().map(|m| Box::new(m.iter()) as Box<dyn InternalIterator>).collect();
        children.push(Box::new(LevelIterator::new(
            icmp.clone(),
            bounds,
            Box::new(move |i| Ok(Box::new(file_mems[i].iter()) as Box<dyn InternalIterator>)),
        )));
        children
    }

    fn check_position(it: &DbIter, expect: &[(Vec<u8>, Vec<u8>)], pos: Option<usize>, what: &str) {
        assert!(it.status().is_ok(), "{what}: {:?}", it.status());
        match pos {
            Some(i) => {
                assert!(it.valid(), "{what}: expected {:?}", String::from_utf8_lossy(&expect[i].0));
                assert_eq!(
                    (String::from_utf8_lossy(it.key()), it.value()),
                    (String::from_utf8_lossy(&expect[i].0), &expect[i].1[..]),
                    "{what}"
                );
            }
            None => assert!(!it.valid(), "{what}: expected invalid, got {:?}", String::from_utf8_lossy(it.key())),
        }
    }

    /// With `data_model`, the ops also hold merges (string append) and range deletions.
    fn run_model(ucmp: Comparator, seed: u64, data_model: bool) {
        let mut rng = Rng(seed);
        let mut ops = Vec::new();
        for seq in 1..=600u64 {
            let key = random_key(&mut rng);
            let t = match rng.below(if data_model { 30 } else { 20 }) {
                0..=11 => ValueType::Value,
                12..=16 => ValueType::Deletion,
                17..=19 => ValueType::SingleDeletion,
                20..=28 => ValueType::Merge,
                _ => ValueType::RangeDeletion,
            };
            let value = match t {
                ValueType::Value => format!("v{seq}").into_bytes(),
                ValueType::Merge => format!("m{seq}").into_bytes(),
                ValueType::RangeDeletion => {
                    let end = random_key(&mut rng);
                    if ucmp.compare(&key, &end) == Ordering::Less {
                        end
                    } else {
                        let start = end;
                        ops.push(Op { value: key, key: start, seq, t });
                        continue;
                    }
                }
                _ => Vec::new(),
            };
            ops.push(Op { key, seq, t, value });
        }
        let tombstones: Vec<crate::rangedel::RangeTombstone> = ops
            .iter()
            .filter(|o| o.t == ValueType::RangeDeletion)
            .map(|o| crate::rangedel::RangeTombstone { start: o.key.clone(), end: o.value.clone(), seq: o.seq })
            .collect();
        let fragmented = Arc::new(crate::rangedel::FragmentedTombstones::new(ucmp.clone(), &tombstones));
        let icmp = InternalKeyComparator::new(ucmp.clone());
        for round in 0..40 {
            let children = build_sources(ucmp.clone(), &ops, 1 + (round % 3), &mut rng);
            let snap = if round % 5 == 0 { MAX_SEQUENCE_NUMBER } else { rng.below(650) };
            let bound = |rng: &mut Rng| if rng.below(3) == 0 { Some(random_key(rng)) } else { None };
            let lower = bound(&mut rng);
            let upper = bound(&mut rng);
            let expect = model(&ops, ucmp.clone(), snap, &lower, &upper);
            let merged = MergingIterator::new(icmp.clone(), children);
            let mut it = DbIter::new(Box::new(merged), ucmp.clone(), snap, lower.clone(), upper.clone())
                .with_merge_operator(Some(Arc::new(crate::merge::StringAppendOperator::new(b","))))
                .with_range_tombstones(fragmented.clone());

            // Full scans.
            let mut got = Vec::new();
            it.seek_to_first();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.next();
            }
            assert!(it.status().is_ok());
            assert_eq!(got, expect, "forward scan, round {round}");
            got.clear();
            it.seek_to_last();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.prev();
            }
            got.reverse();
            assert_eq!(got, expect, "backward scan, round {round}");

            // Random walks: a positioning call, then moves in random directions.
            for walk in 0..60 {
                let target = random_key(&mut rng);
                let mut pos: Option<usize>;
                let what;
                match rng.below(4) {
                    0 => {
                        it.seek_to_first();
                        pos = if expect.is_empty() { None } else { Some(0) };
                        what = "seek_to_first".to_string();
                    }
                    1 => {
                        it.seek_to_last();
                        pos = expect.len().checked_sub(1);
                        what = "seek_to_last".to_string();
                    }
                    2 => {
                        it.seek(&target);
                        let i = expect.partition_point(|(k, _)| ucmp.compare(k, &target) == Ordering::Less);
                        pos = (i < expect.len()).then_some(i);
                        what = format!("seek({})", String::from_utf8_lossy(&target));
                    }
                    _ => {
                        it.seek_for_prev(&target);
                        let i = expect.partition_point(|(k, _)| ucmp.compare(k, &target) != Ordering::Greater);
                        pos = i.checked_sub(1);
                        what = format!("seek_for_prev({})", String::from_utf8_lossy(&target));
                    }
                }
                let ctx = format!("round {round} walk {walk} snap {snap} lower {lower:?} upper {upper:?} {what}");
                check_position(&it, &expect, pos, &ctx);
                for step in 0..12 {
                    if pos.is_none() {
                        break;
                    }
                    if rng.below(2) == 0 {
                        it.next();
                        pos = pos.and_then(|i| (i + 1 < expect.len()).then_some(i + 1));
                        check_position(&it, &expect, pos, &format!("{ctx} step {step} next"));
                    } else {
                        it.prev();
                        pos = pos.and_then(|i| i.checked_sub(1));
                        check_position(&it, &expect, pos, &format!("{ctx} step {step} prev"));
                    }
                }
            }
        }
    }

    #[test]
    fn model_bytewise() {
        for seed in [0x9E37_79B9_7F4A_7C15, 42, 7_777_777] {
            run_model(Comparator::Bytewise, seed, false);
        }
    }

    #[test]
    fn model_with_merges_and_range_deletions() {
        for seed in [0x9E37_79B9_7F4A_7C15, 42, 99] {
            run_model(Comparator::Bytewise, seed, true);
        }
        run_model(Comparator::ReverseBytewise, 5, true);
    }

    /// Few keys, so each has dozens of versions and readers take the reseek paths
    /// (MAX_SEQUENTIAL_SKIP) in both directions, at snapshots between the versions.
    #[test]
    fn model_with_many_versions_per_key() {
        KEY_SPACE.with(|k| k.set(5));
        for seed in [0x9E37_79B9_7F4A_7C15, 42, 99, 1234] {
            run_model(Comparator::Bytewise, seed, false);
            run_model(Comparator::Bytewise, seed, true);
        }
        run_model(Comparator::ReverseBytewise, 17, false);
    }

    #[test]
    fn model_reverse_bytewise() {
        for seed in [0xDEAD_BEEF_CAFE_F00D, 3] {
            run_model(Comparator::ReverseBytewise, seed, false);
        }
    }

    fn mem_iter(entries: &[(&str, u64, ValueType, &str)]) -> DbIter {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 0));
        for (k, s, t, v) in entries {
            m.add(*s, *t, k.as_bytes(), v.as_bytes());
        }
        DbIter::new(Box::new(m.iter()), Comparator::Bytewise, MAX_SEQUENCE_NUMBER, None, None)
    }

    #[test]
    fn many_versions_are_skipped_by_seeking() {
        // 50 versions of "b" (and of "d", deleted at 30): every snapshot must
        // show the newest visible one whichever way the scan goes.
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 0));
        m.add(1, ValueType::Value, b"a", b"a");
        for s in 2..52u64 {
            m.add(s, ValueType::Value, b"b", format!("b{s}").as_bytes());
            let t = if s == 30 { ValueType::Deletion } else { ValueType::Value };
            m.add(s + 100, t, b"d", format!("d{}", s + 100).as_bytes());
        }
        m.add(200, ValueType::Value, b"e", b"e");
        for snap in [1u64, 2, 9, 10, 11, 25, 51, 60, 125, 129, 130, 131, 151, 199, 200, 1000] {
            let mut expect: Vec<(Vec<u8>, Vec<u8>)> = vec![(b"a".to_vec(), b"a".to_vec())];
            if snap >= 2 {
                expect.push((b"b".to_vec(), format!("b{}", snap.min(51)).into_bytes()));
            }
            let d_newest = snap.min(151);
            if d_newest >= 102 && d_newest != 130 {
                expect.push((b"d".to_vec(), format!("d{d_newest}").into_bytes()));
            }
            if snap >= 200 {
                expect.push((b"e".to_vec(), b"e".to_vec()));
            }
            let mut it = DbIter::new(Box::new(m.iter()), Comparator::Bytewise, snap, None, None);
            let mut got = Vec::new();
            it.seek_to_first();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.next();
            }
            assert_eq!(got, expect, "forward at {snap}");
            got.clear();
            it.seek_to_last();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.prev();
            }
            got.reverse();
            assert_eq!(got, expect, "backward at {snap}");
            // Switch back and forth from the last key.
            it.seek_to_last();
            for _ in 0..expect.len() {
                it.prev();
            }
            assert!(!it.valid());
            for (i, (k, v)) in expect.iter().enumerate().skip(1) {
                it.seek(k);
                it.prev();
                assert_eq!(it.key(), &expect[i - 1].0[..]);
                it.next();
                assert_eq!((it.key(), it.value()), (&k[..], &v[..]), "switch at {snap} {i}");
            }
        }
    }

    #[test]
    fn many_merge_operands_resolve_both_ways_at_every_snapshot() {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 0));
        m.add(1, ValueType::Value, b"a", b"a");
        m.add(2, ValueType::Value, b"b", b"base");
        for s in 3..40u64 {
            m.add(s, ValueType::Merge, b"b", format!("{s}").as_bytes());
        }
        m.add(40, ValueType::Merge, b"c", b"x");
        let op: Arc<dyn MergeOperator> = Arc::new(crate::merge::StringAppendOperator::new(b"."));
        for snap in [2u64, 3, 9, 10, 11, 25, 39, 40, 100] {
            let mut b = vec!["base".to_string()];
            b.extend((3..=snap.min(39)).map(|s| s.to_string()));
            let mut expect = vec![(b"a".to_vec(), b"a".to_vec()), (b"b".to_vec(), b.join(".").into_bytes())];
            if snap >= 40 {
                expect.push((b"c".to_vec(), b"x".to_vec()));
            }
            let mut it = DbIter::new(Box::new(m.iter()), Comparator::Bytewise, snap, None, None).with_merge_operator(Some(op.clone()));
            let mut got = Vec::new();
            it.seek_to_first();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.next();
            }
            assert_eq!(got, expect, "forward at {snap}");
            got.clear();
            it.seek_to_last();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.prev();
            }
            got.reverse();
            assert_eq!(got, expect, "backward at {snap}");
            // Direction switches around the merged key.
            it.seek(b"b");
            assert_eq!(it.value(), &expect[1].1[..]);
            it.prev();
            assert_eq!(it.key(), b"a");
            it.next();
            assert_eq!((it.key(), it.value()), (&b"b"[..], &expect[1].1[..]), "switch at {snap}");
            it.next();
            assert_eq!(it.valid(), snap >= 40);
        }
    }

    #[test]
    fn iterators_are_send_and_static() {
        fn assert_send_static<T: Send + 'static>() {}
        fn assert_sync<T: Sync>() {}
        assert_send_static::<DbIter>();
        assert_send_static::<MergingIterator>();
        assert_send_static::<LevelIterator>();
        assert_send_static::<crate::memtable::MemTableIterator>();
        assert_sync::<MemTable>();
        assert_send_static::<MemTable>();
    }

    #[test]
    fn merge_without_operator_and_blob_entries_fail() {
        let mut it = mem_iter(&[("a", 1, ValueType::Value, "x"), ("b", 2, ValueType::Merge, "m")]);
        it.seek_to_first();
        assert_eq!(it.key(), b"a");
        it.next();
        assert!(!it.valid());
        assert_eq!(it.status().unwrap_err().to_string(), "Invalid argument: merge_operator is not properly initialized.");
        it.seek_to_last();
        assert!(!it.valid());
        assert_eq!(it.status().unwrap_err().to_string(), "Invalid argument: merge_operator is not properly initialized.");
        // A seek that avoids the merge entry clears the error.
        it.seek(b"a");
        assert!(it.valid());
        assert!(it.status().is_ok());

        let mut it = mem_iter(&[("a", 1, ValueType::BlobIndex, "ref")]);
        it.seek_to_first();
        assert_eq!(it.status().unwrap_err().to_string(), "Not implemented: BlobDB");

        // A merge operand hidden by a newer put or deletion is never looked at.
        let mut it = mem_iter(&[
            ("a", 1, ValueType::Merge, "m"),
            ("a", 2, ValueType::Value, "new"),
            ("b", 3, ValueType::Merge, "m"),
            ("b", 4, ValueType::Deletion, ""),
        ]);
        it.seek_to_first();
        assert_eq!((it.key(), it.value()), (&b"a"[..], &b"new"[..]));
        it.next();
        assert!(!it.valid());
        assert!(it.status().is_ok());
        it.seek_to_last();
        assert_eq!((it.key(), it.value()), (&b"a"[..], &b"new"[..]));
        assert!(it.status().is_ok());
    }

    #[test]
    fn corrupt_internal_key_is_reported() {
        let entries = vec![(b"a\x01\x00\x00\x00\x00\x00\x00\x00".to_vec(), b"ok".to_vec()), (b"b\x42\x00\x00\x00\x00\x00\x00\x00".to_vec(), b"bad".to_vec())];
        let m = Arc::new(MemTable::from_sorted(InternalKeyComparator::default(), 0, entries));
        let mut it = DbIter::new(Box::new(m.iter()), Comparator::Bytewise, 100, None, None);
        it.seek_to_first();
        assert_eq!(it.key(), b"a");
        it.next();
        assert!(!it.valid());
        assert!(it.status().unwrap_err().is_corruption());
    }

    #[test]
    fn a_file_that_fails_to_open_stops_the_scan_with_its_error() {
        let icmp = InternalKeyComparator::default();
        let mem = Arc::new(MemTable::new(icmp.clone(), 0));
        for k in [&b"a"[..], b"c", b"e"] {
            mem.add(10, ValueType::Value, k, b"mem");
        }
        let file0 = Arc::new(MemTable::new(icmp.clone(), 1));
        file0.add(1, ValueType::Value, b"b", b"file0");
        let bounds = vec![
            (make_internal_key(b"b", 1, ValueType::Value), make_internal_key(b"b", 1, ValueType::Value)),
            (make_internal_key(b"d", 1, ValueType::Value), make_internal_key(b"d", 1, ValueType::Value)),
        ];
        let level = LevelIterator::new(
            icmp.clone(),
            bounds,
            Box::new(move |i| match i {
                0 => Ok(Box::new(file0.iter()) as Box<dyn InternalIterator>),
                _ => Err(Error::io("000009.sst: No such file or directory")),
            }),
        );
        let merged = MergingIterator::new(icmp.clone(), vec![Box::new(mem.iter()), Box::new(level)]);
        let mut it = DbIter::new(Box::new(merged), Comparator::Bytewise, 100, None, None);
        it.seek_to_first();
        let mut keys = Vec::new();
        while it.valid() {
            keys.push(it.key().to_vec());
            it.next();
        }
        assert_eq!(keys, vec![b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(it.status().unwrap_err().to_string(), "IO error: 000009.sst: No such file or directory");
        it.seek_to_last();
        assert!(!it.valid());
        assert!(it.status().is_err());
    }

    #[test]
    fn inner_error_is_status() {
        let inner = crate::iter::EmptyIterator::with_error(Error::io("disk gone"));
        let mut it = DbIter::new(Box::new(inner), Comparator::Bytewise, 5, None, None);
        it.seek_to_last();
        assert!(!it.valid());
        assert_eq!(it.status().unwrap_err().to_string(), "IO error: disk gone");
    }
}
