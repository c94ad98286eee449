//! `WriteBatchWithIndex`: a `WriteBatch` (RocksDB's bytes, docs/format/write-batch.md) plus a sorted
//! index from (column family, user key) to the latest record of that key in the batch, so a
//! transaction can read its own uncommitted writes and iterate them merged over the database.
//!
//! The index always points at the newest record of a key (RocksDB's `overwrite_key = true`
//! behaviour for reads); the batch keeps every record, so `data()` and `count()` are exactly
//! what RocksDB's batch would hold. Each index entry remembers the record's ordinal in the
//! batch, which is the offset of its sequence number when the batch is committed (used by the
//! commit that bypasses the memtable).
//!
//! Thread-safety: plain data; callers serialise mutation (a transaction holds it under a lock).

use crate::batch::{BatchRecord, WriteBatch};
use crate::db::{ColumnFamilyHandle, Db, DbIterator};
use crate::error::{Code, Error, Result};
use crate::merge::MergeOperator;
use crate::options::ReadOptions;
use crate::util::comparator::Comparator;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::ops::Bound;

/// What the newest record of a key in the batch is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A put.
    Put,
    /// A delete.
    Delete,
    /// A single delete.
    SingleDelete,
    /// A merge operand.
    Merge,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct IndexEntry {
    pub kind: EntryKind,
    /// Where the value lies in the batch's bytes (empty for deletions).
    pub value_off: usize,
    pub value_len: usize,
    /// Position among the batch's counted records (0-based).
    pub ordinal: u32,
}

/// The result of looking a key up in the batch alone.
#[derive(Debug, PartialEq, Eq)]
pub enum BatchLookup<'a> {
    /// The batch has no record of the key: the database decides.
    NotInBatch,
    /// The newest record is a put of this value.
    Found(&'a [u8]),
    /// The newest record is a deletion.
    Deleted,
    /// The newest record is a merge (needs a merge operator, not supported yet).
    Merge,
}

/// A key's trailing merge operands in the batch, oldest first, over `base`.
#[derive(Clone, Debug, Default)]
pub(crate) struct MergeChain {
    pub base: Option<IndexEntry>,
    pub operands: Vec<IndexEntry>,
}

/// Records `e` as the newest record of (cf, key), keeping the merge chains current.
fn index_record(
    index: &mut BTreeMap<u32, BTreeMap<Vec<u8>, IndexEntry>>,
    merges: &mut BTreeMap<(u32, Vec<u8>), MergeChain>,
    cf: u32,
    key: &[u8],
    e: IndexEntry,
) {
    let m = index.entry(cf).or_default();
    let previous = m.insert(key.to_vec(), e);
    if e.kind == EntryKind::Merge {
        let chain = merges.entry((cf, key.to_vec())).or_insert_with(|| MergeChain { base: previous, operands: Vec::new() });
        chain.operands.push(e);
    } else if previous.map(|p| p.kind) == Some(EntryKind::Merge) {
        merges.remove(&(cf, key.to_vec()));
    }
}

/// A write batch with a searchable index of its keys.
#[derive(Clone)]
pub struct WriteBatchWithIndex {
    batch: WriteBatch,
    /// Per column family: user key → newest record. The map is bytewise-ordered (it finds a
    /// key by its bytes); ordered views sort by the column family's comparator (`entries_cf`).
    index: BTreeMap<u32, BTreeMap<Vec<u8>, IndexEntry>>,
    /// For keys whose newest record is a merge: the operands since the key's last non-merge
    /// record in the batch, and that record (None: the database's value lies under them).
    merges: BTreeMap<(u32, Vec<u8>), MergeChain>,
    comparator: Comparator,
    overwrite_key: bool,
}

impl Default for WriteBatchWithIndex {
    fn default() -> Self {
        Self::new(Comparator::Bytewise, 0, true)
    }
}

impl WriteBatchWithIndex {
    /// `comparator` orders iteration of the batch's keys (RocksDB's backup index comparator).
    pub fn new(comparator: Comparator, reserved_bytes: usize, overwrite_key: bool) -> Self {
        WriteBatchWithIndex {
            batch: WriteBatch::with_capacity(reserved_bytes),
            index: BTreeMap::new(),
            merges: BTreeMap::new(),
            comparator,
            overwrite_key,
        }
    }

    /// Whether a key written again replaces its earlier record in the index (RocksDB's
    /// `overwrite_key`).
    pub fn overwrite_key(&self) -> bool {
        self.overwrite_key
    }
    /// The batch's own comparator (RocksDB's backup index comparator).
    pub fn comparator(&self) -> &Comparator {
        &self.comparator
    }
    /// The batch under the index, for [`Db::write`](crate::Db::write).
    pub fn write_batch(&self) -> &WriteBatch {
        &self.batch
    }
    /// The serialized batch ([`WriteBatch::data`]).
    pub fn data(&self) -> &[u8] {
        self.batch.data()
    }
    /// The number of updates in the batch.
    pub fn count(&self) -> u32 {
        self.batch.count()
    }
    /// Whether the batch holds no record.
    pub fn is_empty(&self) -> bool {
        self.batch.count() == 0
    }
    /// Number of distinct (column family, key) pairs written.
    pub fn distinct_keys(&self) -> usize {
        self.index.values().map(|m| m.len()).sum()
    }

    fn note(&mut self, cf: u32, key: &[u8], kind: EntryKind, value_len: usize) {
        let ordinal = self.batch.count() - 1;
        let value_off = self.batch.size_in_bytes() - value_len;
        let e = IndexEntry { kind, value_off, value_len, ordinal };
        index_record(&mut self.index, &mut self.merges, cf, key, e);
    }

    /// Sets `key` to `value` in column family `cf` and indexes it.
    pub fn put_cf(&mut self, cf: u32, key: &[u8], value: &[u8]) {
        self.batch.put_cf(cf, key, value);
        self.note(cf, key, EntryKind::Put, value.len());
    }
    /// `put_cf` in the default column family.
    pub fn put(&mut self, key: &[u8], value: &[u8]) {
        self.put_cf(0, key, value)
    }
    /// Deletes `key` in column family `cf` and indexes it.
    pub fn delete_cf(&mut self, cf: u32, key: &[u8]) {
        self.batch.delete_cf(cf, key);
        self.note(cf, key, EntryKind::Delete, 0);
    }
    /// `delete_cf` in the default column family.
    pub fn delete(&mut self, key: &[u8]) {
        self.delete_cf(0, key)
    }
    /// Single-deletes `key` in column family `cf` and indexes it.
    pub fn single_delete_cf(&mut self, cf: u32, key: &[u8]) {
        self.batch.single_delete_cf(cf, key);
        self.note(cf, key, EntryKind::SingleDelete, 0);
    }
    /// Adds a merge operand for `key` in column family `cf` and indexes it.
    pub fn merge_cf(&mut self, cf: u32, key: &[u8], value: &[u8]) {
        self.batch.merge_cf(cf, key, value);
        self.note(cf, key, EntryKind::Merge, value.len());
    }
    /// RocksDB's WriteBatchWithIndex does not support range deletions either.
    pub fn delete_range_cf(&mut self, _cf: u32, _begin: &[u8], _end: &[u8]) -> Result<()> {
        Err(Error::not_supported("DeleteRange is not supported in WriteBatchWithIndex"))
    }
    /// Adds a blob carried in the WAL, not applied and not indexed.
    pub fn put_log_data(&mut self, blob: &[u8]) {
        self.batch.put_log_data(blob);
    }

    /// Drops every record, index entry and save point.
    pub fn clear(&mut self) {
        self.batch.clear();
        self.index.clear();
        self.merges.clear();
    }

    /// Marks a point [`rollback_to_save_point`](Self::rollback_to_save_point) returns to.
    pub fn set_save_point(&mut self) {
        self.batch.set_save_point();
    }
    /// Undoes the writes since the last save point; NotFound when there is none.
    pub fn rollback_to_save_point(&mut self) -> Result<()> {
        self.batch.rollback_to_save_point()?;
        self.rebuild_index()
    }
    /// Forgets the last save point; NotFound when there is none.
    pub fn pop_save_point(&mut self) -> Result<()> {
        self.batch.pop_save_point()
    }

    /// Replaces the contents with the records of `batch` (RocksDB's RebuildFromWriteBatch).
    pub fn rebuild_from(&mut self, batch: &WriteBatch) -> Result<()> {
        self.clear();
        batch.for_each(|r| {
            match r {
                BatchRecord::Put { cf, key, value } => self.put_cf(cf, key, value),
                BatchRecord::Delete { cf, key } => self.delete_cf(cf, key),
                BatchRecord::SingleDelete { cf, key } => self.single_delete_cf(cf, key),
                BatchRecord::Merge { cf, key, value } => self.merge_cf(cf, key, value),
                BatchRecord::LogData(b) => self.put_log_data(b),
                BatchRecord::DeleteRange { .. } | BatchRecord::BlobIndex { .. } | BatchRecord::PutEntity { .. } => {
                    return Err(Error::not_supported("record type in WriteBatchWithIndex"))
                }
                _ => {}
            }
            Ok(())
        })
    }

    fn rebuild_index(&mut self) -> Result<()> {
        self.index.clear();
        self.merges.clear();
        let base = self.batch.data().as_ptr() as usize;
        let mut ordinal = 0u32;
        let mut index: BTreeMap<u32, BTreeMap<Vec<u8>, IndexEntry>> = BTreeMap::new();
        let mut merges: BTreeMap<(u32, Vec<u8>), MergeChain> = BTreeMap::new();
        self.batch.for_each(|r| {
            let (cf, key, kind, value) = match r {
                BatchRecord::Put { cf, key, value } => (cf, key, EntryKind::Put, value),
                BatchRecord::Delete { cf, key } => (cf, key, EntryKind::Delete, &[][..]),
                BatchRecord::SingleDelete { cf, key } => (cf, key, EntryKind::SingleDelete, &[][..]),
                BatchRecord::Merge { cf, key, value } => (cf, key, EntryKind::Merge, value),
                r => {
                    if r.is_counted() {
                        ordinal += 1;
                    }
                    return Ok(());
                }
            };
            // The value borrows the batch's bytes: its address gives its offset.
            let value_off = if value.is_empty() { 0 } else { value.as_ptr() as usize - base };
            index_record(&mut index, &mut merges, cf, key, IndexEntry { kind, value_off, value_len: value.len(), ordinal });
            ordinal += 1;
            Ok(())
        })?;
        self.index = index;
        self.merges = merges;
        Ok(())
    }

    pub(crate) fn entry(&self, cf: u32, key: &[u8]) -> Option<&IndexEntry> {
        self.index.get(&cf)?.get(key)
    }

    fn value_of(&self, e: &IndexEntry) -> &[u8] {
        self.batch.data().get(e.value_off..e.value_off + e.value_len).unwrap_or(&[])
    }

    /// Looks `key` up in the batch only.
    pub fn get_from_batch_cf(&self, cf: u32, key: &[u8]) -> BatchLookup<'_> {
        match self.entry(cf, key) {
            None => BatchLookup::NotInBatch,
            Some(e) => match e.kind {
                EntryKind::Put => BatchLookup::Found(self.value_of(e)),
                EntryKind::Delete | EntryKind::SingleDelete => BatchLookup::Deleted,
                EntryKind::Merge => BatchLookup::Merge,
            },
        }
    }

    /// RocksDB's GetFromBatch: Ok(None) when the batch has no value for the key (not written,
    /// or deleted). Merge operands over a value or deletion in the batch are resolved with
    /// `op`; operands with nothing under them in the batch are "Merge in progress" (the
    /// database's value would be needed), as in RocksDB.
    pub fn get_from_batch(&self, op: Option<&dyn MergeOperator>, cf: u32, key: &[u8]) -> Result<Option<Vec<u8>>> {
        if self.entry(cf, key).is_none() {
            return Ok(None);
        }
        self.resolve(op, cf, key, || Err(Error::new(Code::MergeInProgress, "")))
    }

    /// RocksDB's GetFromBatchAndDB: the batch's own write wins, else the database at `ro`;
    /// the batch's merge operands are applied over the database's value with the column
    /// family's merge operator.
    pub fn get_from_batch_and_db(&self, db: &Db, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let op = if self.entry(cf.id(), key).map(|e| e.kind) == Some(EntryKind::Merge) {
            db.inner.cf_for_handle(cf)?.opts().merge_operator.clone()
        } else {
            None
        };
        self.resolve(op.as_deref(), cf.id(), key, || db.get_cf(ro, cf, key))
    }

    /// The key's value as the batch sees it, asking `below` for the database's value only when
    /// the batch does not decide it alone.
    pub(crate) fn resolve(
        &self,
        op: Option<&dyn MergeOperator>,
        cf: u32,
        key: &[u8],
        below: impl FnOnce() -> Result<Option<Vec<u8>>>,
    ) -> Result<Option<Vec<u8>>> {
        match self.get_from_batch_cf(cf, key) {
            BatchLookup::Found(v) => Ok(Some(v.to_vec())),
            BatchLookup::Deleted => Ok(None),
            BatchLookup::NotInBatch => below(),
            BatchLookup::Merge => {
                let chain = self
                    .merges
                    .get(&(cf, key.to_vec()))
                    .ok_or_else(|| Error::corruption("WriteBatchWithIndex: merge entry without its operands"))?;
                let existing: Option<Vec<u8>> = match chain.base {
                    Some(b) if b.kind == EntryKind::Put => Some(self.value_of(&b).to_vec()),
                    Some(_) => None,
                    None => below()?,
                };
                let op = op.ok_or_else(|| Error::invalid_argument("Merge_operator must be set for column_family"))?;
                let operands: Vec<&[u8]> = chain.operands.iter().map(|e| self.value_of(e)).collect();
                crate::merge::full_merge(op, key, existing.as_deref(), &operands).map(Some)
            }
        }
    }

    /// Every record the batch keeps for a key whose newest record is a merge (its operands and
    /// the record under them), newest first; None for other keys.
    pub(crate) fn merge_records(&self, cf: u32, key: &[u8]) -> Option<Vec<IndexEntry>> {
        let chain = self.merges.get(&(cf, key.to_vec()))?;
        let mut v: Vec<IndexEntry> = chain.operands.iter().rev().copied().collect();
        v.extend(chain.base);
        Some(v)
    }

    /// The batch's entries of `cf` in the order of `cmp` (the column family's comparator), as
    /// (key, entry) pairs, for building a memtable or iterating.
    pub(crate) fn entries_cf(&self, cf: u32, cmp: &Comparator) -> Vec<(&[u8], &IndexEntry)> {
        let Some(m) = self.index.get(&cf) else { return Vec::new() };
        let in_map_order = m.iter().map(|(k, e)| (k.as_slice(), e));
        match cmp {
            Comparator::Bytewise => in_map_order.collect(),
            Comparator::ReverseBytewise => in_map_order.rev().collect(),
            Comparator::Custom(_) => {
                let mut v: Vec<(&[u8], &IndexEntry)> = in_map_order.collect();
                v.sort_by(|a, b| cmp.compare(a.0, b.0));
                v
            }
        }
    }

    pub(crate) fn column_families(&self) -> impl Iterator<Item = u32> + '_ {
        self.index.keys().copied()
    }

    pub(crate) fn entry_value(&self, e: &IndexEntry) -> &[u8] {
        self.value_of(e)
    }

    /// An iterator over the batch's own keys of `cf` (deletions included, as RocksDB's
    /// WBWIIterator shows them), positioned nowhere.
    pub fn iter_batch_cf(&self, cf: u32) -> Vec<(Vec<u8>, EntryKind, Vec<u8>)> {
        self.entries_cf(cf, &self.comparator).into_iter().map(|(k, e)| (k.to_vec(), e.kind, self.value_of(e).to_vec())).collect()
    }

    /// An iterator of the batch merged over `base` (RocksDB's NewIteratorWithBase), in the base's
    /// order (its column family's comparator). The batch's entries are copied, so the iterator
    /// stays valid while the batch changes.
    pub fn iter_with_base(&self, cf: u32, base: DbIterator) -> BaseDeltaIterator {
        let op = if self.merges.is_empty() { None } else { base.merge_operator_of(cf) };
        let cmp = base.comparator().clone();
        let mut error = None;
        let mut over_base: HashMap<Vec<u8>, Vec<Vec<u8>>> = HashMap::new();
        let delta: Vec<(Vec<u8>, Option<Vec<u8>>)> = self
            .entries_cf(cf, &cmp)
            .into_iter()
            .filter_map(|(k, e)| {
                let v = match e.kind {
                    EntryKind::Put => Some(self.value_of(e).to_vec()),
                    EntryKind::Merge => {
                        let chain = self.merges.get(&(cf, k.to_vec()))?;
                        if chain.base.is_none() {
                            // Resolved against the base iterator's value while iterating.
                            over_base.insert(k.to_vec(), chain.operands.iter().map(|o| self.value_of(o).to_vec()).collect());
                            Some(Vec::new())
                        } else {
                            match self.resolve(op.as_deref(), cf, k, || Ok(None)) {
                                Ok(v) => v,
                                Err(err) => {
                                    error.get_or_insert(err);
                                    None
                                }
                            }
                        }
                    }
                    EntryKind::Delete | EntryKind::SingleDelete => None,
                };
                Some((k.to_vec(), v))
            })
            .collect();
        let mut it = BaseDeltaIterator::new(base, delta, cmp);
        it.merge_operator = op;
        it.merges_over_base = over_base;
        it.error = error;
        it
    }
}

/// A user-key iterator merging a sorted "delta" (a batch's writes: a value or a deletion per key)
/// over a base database iterator; the delta wins on equal keys.
pub struct BaseDeltaIterator {
    base: DbIterator,
    /// Sorted in `cmp`'s order.
    delta: Vec<(Vec<u8>, Option<Vec<u8>>)>,
    cmp: Comparator,
    /// Position in `delta`.
    dpos: Option<usize>,
    forward: bool,
    current_from_delta: bool,
    valid: bool,
    lower: Option<Vec<u8>>,
    upper: Option<Vec<u8>>,
    /// The column family's merge operator, for the batch's merge operands.
    merge_operator: Option<Arc<dyn MergeOperator>>,
    /// Delta keys whose merge operands (oldest first) apply over the base's value.
    merges_over_base: HashMap<Vec<u8>, Vec<Vec<u8>>>,
    /// The resolved value when the current entry is such a key.
    merged_value: Option<Vec<u8>>,
    /// A failed merge: the iterator's status.
    error: Option<Error>,
}

impl BaseDeltaIterator {
    fn new(base: DbIterator, delta: Vec<(Vec<u8>, Option<Vec<u8>>)>, cmp: Comparator) -> Self {
        BaseDeltaIterator {
            base,
            delta,
            cmp,
            dpos: None,
            forward: true,
            current_from_delta: false,
            valid: false,
            lower: None,
            upper: None,
            merge_operator: None,
            merges_over_base: HashMap::new(),
            merged_value: None,
            error: None,
        }
    }

    /// Bounds applied to the delta side (the base iterator applies its own ReadOptions bounds).
    pub fn set_bounds(&mut self, lower: Option<Vec<u8>>, upper: Option<Vec<u8>>) {
        self.lower = lower;
        self.upper = upper;
    }

    fn in_bounds(&self, k: &[u8]) -> bool {
        if let Some(l) = &self.lower {
            if self.cmp.compare(k, l).is_lt() {
                return false;
            }
        }
        if let Some(u) = &self.upper {
            if !self.cmp.compare(k, u).is_lt() {
                return false;
            }
        }
        true
    }

    fn delta_key(&self) -> Option<&[u8]> {
        let i = self.dpos?;
        let k = self.delta.get(i).map(|(k, _)| k.as_slice())?;
        if self.in_bounds(k) {
            Some(k)
        } else {
            None
        }
    }

    /// First delta index with key >= target in comparator order.
    fn delta_lower_bound(&self, target: &[u8]) -> usize {
        self.delta.partition_point(|(k, _)| self.cmp.compare(k, target).is_lt())
    }

    /// Whether the iterator is on an entry.
    pub fn valid(&self) -> bool {
        self.valid
    }

    /// Moves to the first key (within the bounds).
    pub fn seek_to_first(&mut self) {
        self.forward = true;
        self.base.seek_to_first();
        self.dpos = match &self.lower {
            Some(l) => Some(self.delta_lower_bound(&l.clone())),
            None => Some(0),
        };
        self.settle_forward();
    }

    /// Moves to the last key (within the bounds).
    pub fn seek_to_last(&mut self) {
        self.forward = false;
        self.base.seek_to_last();
        let end = match &self.upper {
            Some(u) => self.delta_lower_bound(&u.clone()),
            None => self.delta.len(),
        };
        self.dpos = end.checked_sub(1);
        self.settle_backward();
    }

    /// Moves to the first key at or after `target`.
    pub fn seek(&mut self, target: &[u8]) {
        self.forward = true;
        self.base.seek(target);
        // A target below the lower bound starts at the bound (as the base iterator does).
        let from = self.delta_lower_bound(target);
        let from = match &self.lower {
            Some(l) => from.max(self.delta_lower_bound(l)),
            None => from,
        };
        self.dpos = Some(from);
        self.settle_forward();
    }

    /// Moves to the last key at or before `target`.
    pub fn seek_for_prev(&mut self, target: &[u8]) {
        self.forward = false;
        self.base.seek_for_prev(target);
        let n = self.delta.partition_point(|(k, _)| !self.cmp.compare(k, target).is_gt());
        // A target at or past the upper bound starts below the bound.
        let n = match &self.upper {
            Some(u) => n.min(self.delta_lower_bound(u)),
            None => n,
        };
        self.dpos = n.checked_sub(1);
        self.settle_backward();
    }

    /// Moves to the next key; the iterator must be valid.
    pub fn next(&mut self) {
        if !self.valid {
            return;
        }
        if !self.forward {
            let k = self.key().to_vec();
            self.seek(&k);
            if !self.valid {
                return;
            }
        }
        self.advance_current_forward();
        self.settle_forward();
    }

    /// Moves to the previous key; the iterator must be valid.
    pub fn prev(&mut self) {
        if !self.valid {
            return;
        }
        if self.forward {
            let k = self.key().to_vec();
            self.seek_for_prev(&k);
            if !self.valid {
                return;
            }
        }
        self.advance_current_backward();
        self.settle_backward();
    }

    fn advance_current_forward(&mut self) {
        let dk = self.delta_key().map(|k| k.to_vec());
        let bk = if self.base.valid() { Some(self.base.key().to_vec()) } else { None };
        match (dk, bk) {
            (Some(d), Some(b)) => match self.cmp.compare(&d, &b) {
                std::cmp::Ordering::Less => self.step_delta(true),
                std::cmp::Ordering::Equal => {
                    self.step_delta(true);
                    self.base.next();
                }
                std::cmp::Ordering::Greater => self.base.next(),
            },
            (Some(_), None) => self.step_delta(true),
            (None, Some(_)) => self.base.next(),
            (None, None) => {}
        }
    }

    fn advance_current_backward(&mut self) {
        let dk = self.delta_key().map(|k| k.to_vec());
        let bk = if self.base.valid() { Some(self.base.key().to_vec()) } else { None };
        match (dk, bk) {
            (Some(d), Some(b)) => match self.cmp.compare(&d, &b) {
                std::cmp::Ordering::Greater => self.step_delta(false),
                std::cmp::Ordering::Equal => {
                    self.step_delta(false);
                    self.base.prev();
                }
                std::cmp::Ordering::Less => self.base.prev(),
            },
            (Some(_), None) => self.step_delta(false),
            (None, Some(_)) => self.base.prev(),
            (None, None) => {}
        }
    }

    fn step_delta(&mut self, forward: bool) {
        self.dpos = match self.dpos {
            Some(i) if forward => Some(i + 1),
            Some(i) => i.checked_sub(1),
            None => None,
        };
    }

    /// Skips delta deletions (and the base keys they hide) until a visible entry is current.
    fn settle_forward(&mut self) {
        loop {
            let dk = self.delta_key().map(|k| k.to_vec());
            let bk = if self.base.valid() { Some(self.base.key().to_vec()) } else { None };
            let use_delta = match (&dk, &bk) {
                (Some(d), Some(b)) => !self.cmp.compare(d, b).is_gt(),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => {
                    self.valid = false;
                    return;
                }
            };
            if use_delta && self.delta_is_deletion() {
                self.advance_current_forward();
                continue;
            }
            self.current_from_delta = use_delta;
            self.valid = true;
            self.merged_value = None;
            if use_delta {
                self.resolve_merge_over_base(dk.as_deref(), bk.as_deref());
            }
            return;
        }
    }

    fn settle_backward(&mut self) {
        loop {
            let dk = self.delta_key().map(|k| k.to_vec());
            let bk = if self.base.valid() { Some(self.base.key().to_vec()) } else { None };
            let use_delta = match (&dk, &bk) {
                (Some(d), Some(b)) => !self.cmp.compare(d, b).is_lt(),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => {
                    self.valid = false;
                    return;
                }
            };
            if use_delta && self.delta_is_deletion() {
                self.advance_current_backward();
                continue;
            }
            self.current_from_delta = use_delta;
            self.valid = true;
            self.merged_value = None;
            if use_delta {
                self.resolve_merge_over_base(dk.as_deref(), bk.as_deref());
            }
            return;
        }
    }

    /// When the current delta key carries merge operands over the database, applies them to
    /// the base's value of the same key (the base is positioned at it when the keys are equal).
    fn resolve_merge_over_base(&mut self, dk: Option<&[u8]>, bk: Option<&[u8]>) {
        let Some(d) = dk else { return };
        let Some(operands) = self.merges_over_base.get(d) else { return };
        let existing = match bk {
            Some(b) if self.cmp.compare(d, b).is_eq() => Some(self.base.value()),
            _ => None,
        };
        let Some(op) = self.merge_operator.as_deref() else {
            self.error.get_or_insert_with(|| Error::invalid_argument("Merge_operator must be set for column_family"));
            return;
        };
        let refs: Vec<&[u8]> = operands.iter().map(|o| o.as_slice()).collect();
        match crate::merge::full_merge(op, d, existing, &refs) {
            Ok(v) => self.merged_value = Some(v),
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
    }

    fn delta_is_deletion(&self) -> bool {
        match self.dpos.and_then(|i| self.delta.get(i)) {
            Some((_, v)) => v.is_none(),
            None => false,
        }
    }

    /// Requires: `valid()`.
    pub fn key(&self) -> &[u8] {
        if !self.valid {
            return &[];
        }
        if self.current_from_delta {
            self.dpos.and_then(|i| self.delta.get(i)).map(|(k, _)| k.as_slice()).unwrap_or(&[])
        } else {
            self.base.key()
        }
    }

    /// Requires: `valid()`.
    pub fn value(&self) -> &[u8] {
        if !self.valid {
            return &[];
        }
        if let (true, Some(v)) = (self.current_from_delta, &self.merged_value) {
            return v;
        }
        if self.current_from_delta {
            self.dpos.and_then(|i| self.delta.get(i)).and_then(|(_, v)| v.as_deref()).unwrap_or(&[])
        } else {
            self.base.value()
        }
    }

    /// The error that stopped the iterator, if any (from the database side).
    pub fn status(&self) -> Result<()> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        self.base.status()
    }
}

/// Iterates the bounds of a `Bound` pair for callers that want a plain range scan of the batch.
pub fn bound_contains(cmp: &Comparator, lower: Bound<&[u8]>, upper: Bound<&[u8]>, k: &[u8]) -> bool {
    let lo = match lower {
        Bound::Included(l) => !cmp.compare(k, l).is_lt(),
        Bound::Excluded(l) => cmp.compare(k, l).is_gt(),
        Bound::Unbounded => true,
    };
    let hi = match upper {
        Bound::Included(u) => !cmp.compare(k, u).is_gt(),
        Bound::Excluded(u) => cmp.compare(k, u).is_lt(),
        Bound::Unbounded => true,
    };
    lo && hi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{Options, WriteOptions};

    fn open_db(dir: &std::path::Path) -> Db {
        let mut o = Options::default();
        o.create_if_missing = true;
        Db::open(&o, dir).unwrap()
    }

    #[test]
    fn get_from_batch_sees_newest_record() {
        let mut w = WriteBatchWithIndex::default();
        w.put(b"a", b"1");
        w.put(b"b", b"2");
        w.put(b"a", b"3");
        w.delete(b"b");
        assert_eq!(w.count(), 4);
        assert_eq!(w.get_from_batch(None, 0, b"a").unwrap(), Some(b"3".to_vec()));
        assert_eq!(w.get_from_batch(None, 0, b"b").unwrap(), None);
        assert_eq!(w.get_from_batch_cf(0, b"b"), BatchLookup::Deleted);
        assert_eq!(w.get_from_batch_cf(0, b"c"), BatchLookup::NotInBatch);
        assert_eq!(w.get_from_batch_cf(1, b"a"), BatchLookup::NotInBatch);
        // The batch bytes are exactly a WriteBatch with the four records.
        let mut n = 0;
        WriteBatch::from_data(w.data()).unwrap().for_each(|_| { n += 1; Ok(()) }).unwrap();
        assert_eq!(n, 4);
        assert_eq!(w.entry(0, b"a").unwrap().ordinal, 2);
    }

    #[test]
    fn merge_operands_resolve_in_batch_or_are_in_progress() {
        let op = crate::merge::UInt64AddOperator;
        let n = |v: u64| v.to_le_bytes().to_vec();
        let mut w = WriteBatchWithIndex::default();
        w.merge_cf(0, b"m", &n(2));
        w.merge_cf(0, b"m", &n(3));
        let e = w.get_from_batch(Some(&op), 0, b"m").unwrap_err();
        assert_eq!(e.code(), Code::MergeInProgress);
        assert_eq!(w.resolve(Some(&op), 0, b"m", || Ok(Some(n(10)))).unwrap(), Some(n(15)));
        w.put(b"p", &n(1));
        w.merge_cf(0, b"p", &n(4));
        assert_eq!(w.get_from_batch(Some(&op), 0, b"p").unwrap(), Some(n(5)));
        w.delete(b"d");
        w.merge_cf(0, b"d", &n(6));
        assert_eq!(w.get_from_batch(Some(&op), 0, b"d").unwrap(), Some(n(6)));
        assert!(w.get_from_batch(None, 0, b"d").is_err());
        // A put after the operands ends the chain; a save point restores it.
        w.set_save_point();
        w.put(b"m", &n(100));
        assert_eq!(w.get_from_batch(Some(&op), 0, b"m").unwrap(), Some(n(100)));
        w.rollback_to_save_point().unwrap();
        assert_eq!(w.resolve(Some(&op), 0, b"m", || Ok(None)).unwrap(), Some(n(5)));
        assert_eq!(w.merge_records(0, b"p").unwrap().len(), 2);
    }

    #[test]
    fn save_points_roll_back_index_and_batch() {
        let mut w = WriteBatchWithIndex::default();
        w.put(b"a", b"1");
        w.set_save_point();
        w.put(b"a", b"2");
        w.put(b"b", b"x");
        assert_eq!(w.get_from_batch(None, 0, b"a").unwrap(), Some(b"2".to_vec()));
        w.rollback_to_save_point().unwrap();
        assert_eq!(w.count(), 1);
        assert_eq!(w.get_from_batch(None, 0, b"a").unwrap(), Some(b"1".to_vec()));
        assert_eq!(w.get_from_batch(None, 0, b"b").unwrap(), None);
        assert!(w.rollback_to_save_point().is_err());
    }

    #[test]
    fn batch_and_db_reads_and_merged_iteration() {
        let dir = crate::txn::tests::TempDir::new("wbwi");
        let db = open_db(&dir.0);
        let wo = WriteOptions::default();
        for k in [b"a", b"c", b"e", b"g"] {
            db.put(&wo, k, b"db").unwrap();
        }
        let mut w = WriteBatchWithIndex::default();
        w.put(b"b", b"wb");
        w.delete(b"c");
        w.put(b"e", b"wb");
        w.put(b"h", b"wb");
        let ro = ReadOptions::new();
        let cf = db.default_column_family();
        assert_eq!(w.get_from_batch_and_db(&db, &ro, &cf, b"a").unwrap(), Some(b"db".to_vec()));
        assert_eq!(w.get_from_batch_and_db(&db, &ro, &cf, b"c").unwrap(), None);
        assert_eq!(w.get_from_batch_and_db(&db, &ro, &cf, b"e").unwrap(), Some(b"wb".to_vec()));
        let mut it = w.iter_with_base(0, db.iter(&ro).unwrap());
        let mut seen = Vec::new();
        it.seek_to_first();
        while it.valid() {
            seen.push((it.key().to_vec(), it.value().to_vec()));
            it.next();
        }
        let expect: Vec<(Vec<u8>, Vec<u8>)> = [("a", "db"), ("b", "wb"), ("e", "wb"), ("g", "db"), ("h", "wb")]
            .iter()
            .map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec()))
            .collect();
        assert_eq!(seen, expect);
        let mut back = Vec::new();
        it.seek_to_last();
        while it.valid() {
            back.push(it.key().to_vec());
            it.prev();
        }
        assert_eq!(back, vec![b"h".to_vec(), b"g".to_vec(), b"e".to_vec(), b"b".to_vec(), b"a".to_vec()]);
        it.seek(b"c");
        assert_eq!(it.key(), b"e");
        it.prev();
        assert_eq!(it.key(), b"b");
        it.next();
        assert_eq!(it.key(), b"e");
        it.seek_for_prev(b"d");
        assert_eq!(it.key(), b"b");
    }

    #[test]
    fn rebuild_from_write_batch() {
        let mut b = WriteBatch::new();
        b.put(b"k", b"v");
        b.delete(b"d");
        let mut w = WriteBatchWithIndex::default();
        w.rebuild_from(&b).unwrap();
        assert_eq!(w.data(), b.data());
        assert_eq!(w.get_from_batch(None, 0, b"k").unwrap(), Some(b"v".to_vec()));
        assert_eq!(w.get_from_batch_cf(0, b"d"), BatchLookup::Deleted);
    }
}

/// A user-facing iterator: a plain database iterator, or a batch merged over one (what
/// `rocksdb_iterator_t` holds, so transaction iterators use the ordinary C iterator calls).
pub enum UserIterator {
    Db(DbIterator),
    WithBatch(Box<BaseDeltaIterator>),
}

impl From<DbIterator> for UserIterator {
    fn from(it: DbIterator) -> Self {
        UserIterator::Db(it)
    }
}

impl From<BaseDeltaIterator> for UserIterator {
    fn from(it: BaseDeltaIterator) -> Self {
        UserIterator::WithBatch(Box::new(it))
    }
}

impl UserIterator {
    pub fn valid(&self) -> bool {
        match self {
            UserIterator::Db(i) => i.valid(),
            UserIterator::WithBatch(i) => i.valid(),
        }
    }
    pub fn seek_to_first(&mut self) {
        match self {
            UserIterator::Db(i) => i.seek_to_first(),
            UserIterator::WithBatch(i) => i.seek_to_first(),
        }
    }
    pub fn seek_to_last(&mut self) {
        match self {
            UserIterator::Db(i) => i.seek_to_last(),
            UserIterator::WithBatch(i) => i.seek_to_last(),
        }
    }
    pub fn seek(&mut self, k: &[u8]) {
        match self {
            UserIterator::Db(i) => i.seek(k),
            UserIterator::WithBatch(i) => i.seek(k),
        }
    }
    pub fn seek_for_prev(&mut self, k: &[u8]) {
        match self {
            UserIterator::Db(i) => i.seek_for_prev(k),
            UserIterator::WithBatch(i) => i.seek_for_prev(k),
        }
    }
    pub fn next(&mut self) {
        match self {
            UserIterator::Db(i) => i.next(),
            UserIterator::WithBatch(i) => i.next(),
        }
    }
    pub fn prev(&mut self) {
        match self {
            UserIterator::Db(i) => i.prev(),
            UserIterator::WithBatch(i) => i.prev(),
        }
    }
    pub fn key(&self) -> &[u8] {
        match self {
            UserIterator::Db(i) => i.key(),
            UserIterator::WithBatch(i) => i.key(),
        }
    }
    pub fn value(&self) -> &[u8] {
        match self {
            UserIterator::Db(i) => i.value(),
            UserIterator::WithBatch(i) => i.value(),
        }
    }
    pub fn status(&self) -> Result<()> {
        match self {
            UserIterator::Db(i) => i.status(),
            UserIterator::WithBatch(i) => i.status(),
        }
    }
}
