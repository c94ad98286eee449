//! Memtables: the sorted in-memory write buffer, a concurrent skiplist keyed by
//! internal key whose nodes and entries live in an arena (`skiplist.rs`,
//! `arena.rs`), as RocksDB's default memtable does.
//!
//! Internal keys (docs/format/internal-key.md): `user_key || fixed64((seq << 8) | type)`,
//! ordered (§1.2) by user key ascending under the user comparator, then by the
//! packed trailer descending, so the newest version of a user key comes first.
//!
//! Memory: a memtable's size is the bytes of its arena blocks (RocksDB's
//! `MemoryAllocatedBytes`), and `should_flush` applies RocksDB's rule
//! (`MemTable::ShouldFlushNow`) to it, so with the same write_buffer_size a
//! memtable holds as many entries as RocksDB's before it is switched.
//!
//! Thread-safety: a `MemTable` is `Send + Sync`. Any number of threads may call
//! `add` concurrently with each other and with readers (`get`, iterators); no
//! lock is taken (except for DeleteRange tombstones). Entries are never
//! removed, and an iterator holds the skiplist (and so its arena) alive. An
//! iterator may or may not see entries inserted after it was positioned; the db
//! publishes a sequence number only after its inserts completed, so a reader at
//! a published snapshot sees everything it is meant to see.
//!
//! In-place updates (inplace_update_support, `with_inplace_updates`): `add` of a Put whose
//! key's newest entry here is a Put with a value at least as long replaces that value and
//! keeps the entry's sequence (RocksDB's MemTable::Update), so a snapshot taken before the
//! second Put reads the new value. Such memtables take a single writer at a time (open
//! refuses them with allow_concurrent_memtable_write); readers still take no lock.

mod arena;
mod skiplist;
pub mod write_buffer_manager;

pub mod prefix_bloom;

use crate::iter::InternalIterator;
use crate::key::{user_key, InternalKeyComparator, ValueType, VALUE_TYPE_FOR_SEEK};
use crate::rangedel::RangeTombstone;
use skiplist::{Cursor, Probe, SkipList};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Arc;

/// RocksDB's default write_buffer_size (64 MiB), for memtables made without one.
const DEFAULT_WRITE_BUFFER_SIZE: usize = 64 << 20;

/// Bytes charged per DeleteRange tombstone on top of its keys: the
/// `RangeTombstone` in the list (tombstones are kept outside the arena).
const RANGE_TOMBSTONE_OVERHEAD: usize = std::mem::size_of::<RangeTombstone>();

/// A sorted, concurrent in-memory table of internal entries.
pub struct MemTable {
    cmp: InternalKeyComparator,
    id: u64,
    /// Shared with iterators, which must outlive a borrow of the memtable.
    list: Arc<SkipList>,
    num_entries: AtomicU64,
    num_deletes: AtomicU64,
    first_seqno: AtomicU64,
    earliest_seqno: AtomicU64,
    log_number: AtomicU64,
    /// The oldest WAL holding the prepared section of a transaction committed into this
    /// memtable (0: none). The commit record names only the xid, so until this memtable is
    /// flushed recovery needs that older WAL (RocksDB's MemTable::min_prep_log_referenced_).
    min_prep_log: AtomicU64,
    /// DeleteRange entries (docs/format/minimal-sst.md), kept apart from the point
    /// entries as RocksDB's range-deletion memtable does; readers fragment them.
    range_dels: parking_lot::RwLock<Vec<RangeTombstone>>,
    num_range_dels: AtomicU64,
    range_del_bytes: AtomicUsize,
    /// memtable_prefix_bloom_size_ratio > 0: the prefixes (and whole keys) added.
    prefix_bloom: Option<prefix_bloom::MemTablePrefixBloom>,
    /// inplace_update_support: Puts may replace the value of the key's newest Put.
    inplace: bool,
    /// Puts that replaced a value (RocksDB's NUMBER_KEYS_UPDATED).
    num_updates: AtomicU64,
    /// A hash-bucketed representation (HashSkipListRep) by this extractor's prefixes:
    /// prefix-mode iterators walk one bucket (`iter::prefix_bucket`).
    prefix_buckets: Option<Arc<dyn crate::prefix::SliceTransform>>,
}

impl MemTable {
    /// A memtable sized for RocksDB's default write_buffer_size.
    pub fn new(cmp: InternalKeyComparator, id: u64) -> MemTable {
        MemTable::with_write_buffer_size(cmp, id, DEFAULT_WRITE_BUFFER_SIZE)
    }

    /// A memtable whose arena blocks are sized as RocksDB sizes them for
    /// `write_buffer_size` (an eighth of it, at most 1 MiB).
    pub fn with_write_buffer_size(cmp: InternalKeyComparator, id: u64, write_buffer_size: usize) -> MemTable {
        MemTable::with_arena_block_size(cmp, id, arena::block_size_for_write_buffer(write_buffer_size))
    }

    fn with_arena_block_size(cmp: InternalKeyComparator, id: u64, block_size: usize) -> MemTable {
        MemTable {
            list: Arc::new(SkipList::new(cmp.user.clone(), block_size)),
            cmp,
            id,
            num_entries: AtomicU64::new(0),
            num_deletes: AtomicU64::new(0),
            first_seqno: AtomicU64::new(u64::MAX),
            earliest_seqno: AtomicU64::new(u64::MAX),
            log_number: AtomicU64::new(0),
            min_prep_log: AtomicU64::new(0),
            range_dels: parking_lot::RwLock::new(Vec::new()),
            num_range_dels: AtomicU64::new(0),
            range_del_bytes: AtomicUsize::new(0),
            prefix_bloom: None,
            inplace: false,
            num_updates: AtomicU64::new(0),
            prefix_buckets: None,
        }
    }

    /// Reports this (still empty) memtable's arena blocks to `wbm`, the budget shared by the
    /// memtables of every column family and database opened with it.
    pub fn with_write_buffer_manager(self, wbm: Option<Arc<write_buffer_manager::WriteBufferManager>>) -> MemTable {
        if let Some(w) = wbm {
            self.list.arena().track_with(w);
        }
        self
    }

    /// The memtable stopped taking writes (switched to immutable): its memory no longer
    /// counts as mutable for the write buffer manager.
    pub fn mark_immutable(&self) {
        self.list.arena().mark_immutable();
    }

    /// Makes this memtable a hash-bucketed one (HashSkipListRep) by `extractor`'s prefixes.
    pub fn with_prefix_buckets(mut self, extractor: Option<Arc<dyn crate::prefix::SliceTransform>>) -> MemTable {
        self.prefix_buckets = extractor;
        self
    }

    /// The extractor of a hash-bucketed memtable.
    pub fn prefix_buckets(&self) -> Option<&Arc<dyn crate::prefix::SliceTransform>> {
        self.prefix_buckets.as_ref()
    }

    /// Gives a new (still empty) memtable in-place updates of Puts when `on`
    /// (inplace_update_support; see the module comment).
    pub fn with_inplace_updates(mut self, on: bool) -> MemTable {
        if on && !self.inplace {
            debug_assert!(self.is_empty());
            let block_size = self.list.arena().block_size();
            self.list = Arc::new(SkipList::with_inplace_updates(self.cmp.user.clone(), block_size));
            self.inplace = true;
        }
        self
    }

    /// Puts that replaced an existing value instead of adding an entry.
    pub fn num_inplace_updates(&self) -> u64 {
        self.num_updates.load(AtomicOrdering::Relaxed)
    }

    /// Gives a new (still empty) memtable its prefix bloom.
    pub fn with_prefix_bloom(mut self, bloom: Option<prefix_bloom::MemTablePrefixBloom>) -> MemTable {
        self.prefix_bloom = bloom;
        self
    }

    pub fn prefix_bloom(&self) -> Option<&prefix_bloom::MemTablePrefixBloom> {
        self.prefix_bloom.as_ref()
    }

    /// An immutable-to-be memtable built in one go from entries `(internal
    /// key, value)` (a transaction's indexed batch). Order of `entries` does not
    /// matter; a key shorter than 8 bytes is skipped (it is not an internal key).
    pub fn from_sorted(cmp: InternalKeyComparator, id: u64, entries: Vec<(Vec<u8>, Vec<u8>)>) -> MemTable {
        // Blocks sized to the entries (two link words each on average, with the
        // varints and alignment), so a small batch does not take a 1 MiB block.
        let estimate: usize = entries.iter().map(|(k, v)| k.len() + v.len() + 32).sum();
        let m = MemTable::with_arena_block_size(cmp, id, estimate.min(1 << 20));
        for (ikey, value) in entries {
            if ikey.len() < 8 {
                continue;
            }
            let t = crate::key::trailer(&ikey);
            if (t & 0xff) as u8 == ValueType::RangeDeletion as u8 {
                m.add_range_tombstone(t >> 8, user_key(&ikey), &value);
                continue;
            }
            if m.list.insert(user_key(&ikey), t, &value) {
                m.account(t >> 8, (t & 0xff) as u8);
            }
        }
        m
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn comparator(&self) -> &InternalKeyComparator {
        &self.cmp
    }

    fn account(&self, seq: u64, t: u8) {
        self.num_entries.fetch_add(1, AtomicOrdering::Relaxed);
        if t == ValueType::Deletion as u8 || t == ValueType::SingleDeletion as u8 {
            self.num_deletes.fetch_add(1, AtomicOrdering::Relaxed);
        }
        self.first_seqno.fetch_min(seq, AtomicOrdering::Relaxed);
    }

    /// Inserts one entry. Safe to call from many threads at once. An entry with
    /// the same user key, sequence and type as one already present is not
    /// inserted (the first one stays) and false is returned, as RocksDB's
    /// MemTable::Add refuses a duplicate key.
    /// A RangeDeletion entry (`user_key` the start, `value` the end) goes to the
    /// tombstone list.
    pub fn add(&self, seq: u64, t: ValueType, user_key: &[u8], value: &[u8]) -> bool {
        if t == ValueType::RangeDeletion {
            self.add_range_tombstone(seq, user_key, value);
            return true;
        }
        if self.inplace && t == ValueType::Value && self.update_in_place(seq, user_key, value) {
            return true;
        }
        let trailer = crate::key::pack_seq_and_type(seq, t as u8);
        if !self.list.insert(user_key, trailer, value) {
            return false;
        }
        self.account(seq, t as u8);
        if let Some(b) = &self.prefix_bloom {
            b.add(user_key);
        }
        true
    }

    /// RocksDB's MemTable::Update: the newest entry of `user_key` with sequence <= `seq` is a
    /// Put (not a Merge, Delete, ...) whose value is at least as long as `value`: it takes
    /// `value` and keeps its own sequence. False when not (the caller adds an entry).
    fn update_in_place(&self, seq: u64, user_key: &[u8], value: &[u8]) -> bool {
        let probe = Probe {
            user_key,
            trailer: crate::key::pack_seq_and_type(seq.min(crate::key::MAX_SEQUENCE_NUMBER), VALUE_TYPE_FOR_SEEK),
        };
        let accept = |trailer: u64, current: &[u8]| {
            (trailer & 0xff) as u8 == ValueType::Value as u8 && value.len() <= current.len()
        };
        let updated = self.list.update_value(&probe, value, &accept);
        if updated {
            self.num_updates.fetch_add(1, AtomicOrdering::Relaxed);
        }
        updated
    }

    /// Calls `f(internal key, value)` for the entries of `user_key` with
    /// sequence <= `seq`, newest first, until `f` returns false or the entries
    /// of `user_key` end. The caller interprets the value types.
    pub fn get(&self, user_key: &[u8], seq: u64, f: &mut dyn FnMut(&[u8], &[u8]) -> bool) {
        if self.prefix_bloom.as_ref().is_some_and(|b| !b.may_contain_key(user_key)) {
            return;
        }
        let probe = Probe {
            user_key,
            trailer: crate::key::pack_seq_and_type(seq.min(crate::key::MAX_SEQUENCE_NUMBER), VALUE_TYPE_FOR_SEEK),
        };
        let ucmp = &self.cmp.user;
        self.list.scan_from(&probe, &mut |ikey, value| {
            ucmp.compare(crate::key::user_key(ikey), user_key) == Ordering::Equal && f(ikey, value)
        });
    }

    fn add_range_tombstone(&self, seq: u64, start: &[u8], end: &[u8]) {
        self.range_dels.write().push(RangeTombstone { start: start.to_vec(), end: end.to_vec(), seq });
        self.num_range_dels.fetch_add(1, AtomicOrdering::Release);
        self.range_del_bytes.fetch_add(start.len() + 8 + end.len() + RANGE_TOMBSTONE_OVERHEAD, AtomicOrdering::Relaxed);
        self.account(seq, ValueType::RangeDeletion as u8);
    }

    /// The DeleteRange tombstones written to this memtable, in insertion order.
    pub fn range_tombstones(&self) -> Vec<RangeTombstone> {
        if self.num_range_dels.load(AtomicOrdering::Acquire) == 0 {
            return Vec::new();
        }
        self.range_dels.read().clone()
    }

    /// The newest sequence <= `snapshot` of a tombstone here over `key`, 0 when none.
    pub fn max_covering_tombstone_seq(&self, key: &[u8], snapshot: u64) -> u64 {
        if self.num_range_dels.load(AtomicOrdering::Acquire) == 0 {
            return 0;
        }
        let ucmp = &self.cmp.user;
        self.range_dels
            .read()
            .iter()
            .filter(|t| {
                t.seq <= snapshot
                    && ucmp.compare(&t.start, key) != Ordering::Greater
                    && ucmp.compare(key, &t.end) == Ordering::Less
            })
            .map(|t| t.seq)
            .max()
            .unwrap_or(0)
    }

    /// An iterator over all entries; it keeps the entries alive.
    pub fn iter(self: &Arc<Self>) -> MemTableIterator {
        MemTableIterator { cursor: Cursor::new(Arc::clone(&self.list)) }
    }

    /// Bytes held: the arena's blocks, plus the DeleteRange tombstones.
    pub fn approximate_memory_usage(&self) -> usize {
        self.list.arena().memory_allocated()
            + self.range_del_bytes.load(AtomicOrdering::Relaxed)
            + self.prefix_bloom.as_ref().map_or(0, |b| b.size_bytes())
    }

    /// Whether this memtable is full for `write_buffer_size`, by RocksDB's rule
    /// (MemTable::ShouldFlushNow): not while one more arena block fits within
    /// write_buffer_size + 0.6 block; always once the memory is above that;
    /// in between, once the last block is more than three quarters used. So a
    /// memtable is switched with its last block nearly full instead of one
    /// block early or one block late.
    pub fn should_flush(&self, write_buffer_size: usize) -> bool {
        let block = self.list.arena().block_size();
        let allowed_over = block * 6 / 10;
        let allocated = self.approximate_memory_usage();
        if allocated + block < write_buffer_size + allowed_over {
            return false;
        }
        if allocated > write_buffer_size + allowed_over {
            return true;
        }
        self.list.arena().allocated_and_unused() < block / 4
    }

    pub fn num_entries(&self) -> u64 {
        self.num_entries.load(AtomicOrdering::Relaxed)
    }

    /// Deletion and SingleDeletion entries.
    pub fn num_deletes(&self) -> u64 {
        self.num_deletes.load(AtomicOrdering::Relaxed)
    }

    /// The smallest sequence number inserted; `u64::MAX` while empty.
    pub fn first_seqno(&self) -> u64 {
        self.first_seqno.load(AtomicOrdering::Relaxed)
    }

    /// A lower bound of every sequence number this memtable holds or will
    /// hold: the value given to `set_earliest_seqno` (the db's last sequence
    /// when the memtable became active), else `first_seqno()`.
    pub fn earliest_seqno(&self) -> u64 {
        self.earliest_seqno.load(AtomicOrdering::Relaxed).min(self.first_seqno())
    }

    pub fn set_earliest_seqno(&self, seq: u64) {
        self.earliest_seqno.store(seq, AtomicOrdering::Relaxed);
    }

    pub fn is_empty(&self) -> bool {
        self.num_entries() == 0
    }

    /// The WAL number that was current when this memtable became active.
    pub fn set_log_number(&self, n: u64) {
        self.log_number.store(n, AtomicOrdering::Relaxed);
    }

    pub fn log_number(&self) -> u64 {
        self.log_number.load(AtomicOrdering::Relaxed)
    }

    /// A transaction prepared in WAL `wal` was committed into this memtable.
    pub fn ref_prep_log(&self, wal: u64) {
        let _ = self.min_prep_log.fetch_update(AtomicOrdering::AcqRel, AtomicOrdering::Acquire, |cur| {
            (cur == 0 || wal < cur).then_some(wal)
        });
    }

    /// The oldest WAL holding a prepared section whose commit this memtable holds.
    pub fn min_prep_log(&self) -> Option<u64> {
        match self.min_prep_log.load(AtomicOrdering::Acquire) {
            0 => None,
            n => Some(n),
        }
    }
}

/// An iterator over a memtable's entries in internal-key order. It holds the
/// memtable's skiplist alive; moving backward searches from the skiplist's
/// head (nodes have no backward links), as RocksDB's memtable iterator does.
pub struct MemTableIterator {
    cursor: Cursor,
}

impl InternalIterator for MemTableIterator {
    fn valid(&self) -> bool {
        self.cursor.valid()
    }

    fn seek_to_first(&mut self) {
        self.cursor.seek_to_first();
    }

    fn seek_to_last(&mut self) {
        self.cursor.seek_to_last();
    }

    fn seek(&mut self, target: &[u8]) {
        self.cursor.seek(&Probe::of_internal_key(target));
    }

    fn seek_for_prev(&mut self, target: &[u8]) {
        self.cursor.seek_for_prev(&Probe::of_internal_key(target));
    }

    fn next(&mut self) {
        self.cursor.next();
    }

    fn prev(&mut self) {
        self.cursor.prev();
    }

    fn key(&self) -> &[u8] {
        self.cursor.key()
    }

    fn value(&self) -> &[u8] {
        self.cursor.value()
    }

    fn status(&self) -> crate::error::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::comparator::Comparator;
    use crate::key::{make_internal_key, parse_internal_key, seek_key};

    fn collect(it: &mut dyn InternalIterator) -> Vec<(Vec<u8>, Vec<u8>)> {
        let mut v = Vec::new();
        it.seek_to_first();
        while it.valid() {
            v.push((it.key().to_vec(), it.value().to_vec()));
            it.next();
        }
        v
    }

    /// The values `get` returns for `key` at `seq`, newest first, with their sequences.
    fn versions(m: &MemTable, key: &[u8], seq: u64) -> Vec<(u64, Vec<u8>)> {
        let mut out = Vec::new();
        m.get(key, seq, &mut |ikey, v| {
            out.push((crate::key::trailer(ikey) >> 8, v.to_vec()));
            true
        });
        out
    }

    #[test]
    fn inplace_updates_replace_a_put_that_fits_and_keep_its_sequence() {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1).with_inplace_updates(true));
        assert!(m.add(1, ValueType::Value, b"k", b"hello_s1"));
        // Same length: replaced; the entry keeps sequence 1, so a read at 1 sees the new value.
        assert!(m.add(2, ValueType::Value, b"k", b"hello_s2"));
        assert_eq!(versions(&m, b"k", 1), vec![(1, b"hello_s2".to_vec())]);
        // Shorter (its length varint shrinks too): replaced.
        let long = vec![b'x'; 200];
        assert!(m.add(3, ValueType::Value, b"long", &long));
        assert!(m.add(4, ValueType::Value, b"long", b"short"));
        assert_eq!(versions(&m, b"long", 9), vec![(3, b"short".to_vec())]);
        // Longer than the current value: a new entry, the old one stays as it was.
        assert!(m.add(5, ValueType::Value, b"k", b"hello_s3_longer"));
        assert_eq!(versions(&m, b"k", 9), vec![(5, b"hello_s3_longer".to_vec()), (1, b"hello_s2".to_vec())]);
        assert_eq!(m.num_entries(), 3);
        assert_eq!(m.num_inplace_updates(), 2);
        // A Put over a Delete or a Merge adds an entry; a Merge is never replaced.
        m.add(6, ValueType::Deletion, b"d", b"");
        m.add(7, ValueType::Value, b"d", b"");
        m.add(8, ValueType::Merge, b"m", b"operand");
        m.add(9, ValueType::Value, b"m", b"v");
        assert_eq!(versions(&m, b"d", 20).len(), 2);
        assert_eq!(versions(&m, b"m", 20), vec![(9, b"v".to_vec()), (8, b"operand".to_vec())]);
        // Iteration (and so a flush) sees the replaced values.
        let all = collect(&mut m.iter());
        let k_entries: Vec<_> = all.iter().filter(|(ik, _)| user_key(ik) == b"k").map(|(_, v)| v.clone()).collect();
        assert_eq!(k_entries, vec![b"hello_s3_longer".to_vec(), b"hello_s2".to_vec()]);
    }

    #[test]
    fn without_inplace_updates_every_put_is_an_entry() {
        let m = MemTable::new(InternalKeyComparator::default(), 1);
        m.add(1, ValueType::Value, b"k", b"v1");
        m.add(2, ValueType::Value, b"k", b"v2");
        assert_eq!(versions(&m, b"k", 1), vec![(1, b"v1".to_vec())]);
        assert_eq!(m.num_inplace_updates(), 0);
    }

    #[test]
    fn inplace_updates_under_concurrent_readers_show_whole_values() {
        // One writer replaces the value over and over while readers get and iterate: each read
        // sees one of the values written, never a mix (the values differ in every byte).
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1).with_inplace_updates(true));
        m.add(1, ValueType::Value, b"key", &[0u8; 64]);
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let readers: Vec<_> = (0..2)
            .map(|_| {
                let (m, done) = (m.clone(), done.clone());
                std::thread::spawn(move || {
                    let mut reads = 0u64;
                    while !done.load(AtomicOrdering::Acquire) || reads < 100 {
                        for (_, v) in versions(&m, b"key", 100) {
                            assert_eq!(v.len(), 64);
                            assert!(v.iter().all(|b| *b == v[0]), "a torn value");
                        }
                        let mut it = m.iter();
                        it.seek_to_first();
                        assert!(it.valid());
                        // One read of the value: a second may see a newer one (each is whole).
                        let v = it.value();
                        assert!(v.len() == 64 && v.iter().all(|b| *b == v[0]), "a torn value");
                        reads += 1;
                    }
                })
            })
            .collect();
        for i in 0..2000u64 {
            assert!(m.add(2 + i, ValueType::Value, b"key", &[(i % 251) as u8; 64]));
        }
        done.store(true, AtomicOrdering::Release);
        for r in readers {
            r.join().unwrap();
        }
        assert_eq!(m.num_entries(), 1);
        assert_eq!(versions(&m, b"key", 1), vec![(1, vec![(1999 % 251) as u8; 64])]);
    }

    #[test]
    fn add_get_and_counters() {
        let m = MemTable::new(InternalKeyComparator::default(), 7);
        assert!(m.is_empty());
        assert_eq!(m.first_seqno(), u64::MAX);
        assert!(m.add(5, ValueType::Value, b"a", b"a5"));
        m.add(9, ValueType::Deletion, b"a", b"");
        m.add(3, ValueType::Value, b"a", b"a3");
        m.add(4, ValueType::SingleDeletion, b"b", b"");
        m.add(6, ValueType::Value, b"ab", b"v");
        assert!(!m.add(5, ValueType::Value, b"a", b"again"), "a duplicate is refused");
        assert_eq!(m.id(), 7);
        assert_eq!(m.num_entries(), 5);
        assert_eq!(m.num_deletes(), 2);
        assert_eq!(m.first_seqno(), 3);
        m.set_earliest_seqno(2);
        assert_eq!(m.earliest_seqno(), 2);
        m.set_log_number(12);
        assert_eq!(m.log_number(), 12);
        assert_eq!(m.min_prep_log(), None);
        m.ref_prep_log(9);
        m.ref_prep_log(11);
        assert_eq!(m.min_prep_log(), Some(9));
        m.ref_prep_log(4);
        assert_eq!(m.min_prep_log(), Some(4));
        assert!(m.approximate_memory_usage() >= 5 * 8 + 6 + 10);

        let mut seen = Vec::new();
        m.get(b"a", 100, &mut |k, v| {
            let p = parse_internal_key(k).unwrap();
            seen.push((p.sequence, p.value_type, v.to_vec()));
            true
        });
        assert_eq!(
            seen,
            vec![
                (9, ValueType::Deletion, vec![]),
                (5, ValueType::Value, b"a5".to_vec()),
                (3, ValueType::Value, b"a3".to_vec())
            ]
        );
        seen.clear();
        m.get(b"a", 8, &mut |k, v| {
            let p = parse_internal_key(k).unwrap();
            seen.push((p.sequence, p.value_type, v.to_vec()));
            false
        });
        assert_eq!(seen, vec![(5, ValueType::Value, b"a5".to_vec())]);
        let mut n = 0;
        m.get(b"a", 2, &mut |_, _| {
            n += 1;
            true
        });
        m.get(b"zz", 100, &mut |_, _| {
            n += 1;
            true
        });
        assert_eq!(n, 0);
    }

    #[test]
    fn iterator_order_both_directions_and_seeks() {
        for cmp in [Comparator::Bytewise, Comparator::ReverseBytewise] {
            let m = Arc::new(MemTable::new(InternalKeyComparator::new(cmp.clone()), 1));
            let mut expect = Vec::new();
            for i in 0..100u32 {
                let k = format!("k{:03}", i / 3);
                m.add(i as u64 + 1, ValueType::Value, k.as_bytes(), &i.to_le_bytes());
                expect.push((make_internal_key(k.as_bytes(), i as u64 + 1, ValueType::Value), i.to_le_bytes().to_vec()));
            }
            let icmp = InternalKeyComparator::new(cmp.clone());
            expect.sort_by(|a, b| icmp.compare(&a.0, &b.0));
            let mut it = m.iter();
            assert_eq!(collect(&mut it), expect);
            // Backward.
            let mut back = Vec::new();
            it.seek_to_last();
            while it.valid() {
                back.push((it.key().to_vec(), it.value().to_vec()));
                it.prev();
            }
            back.reverse();
            assert_eq!(back, expect);
            // Seek and seek_for_prev on every key and between keys, then switch.
            for (i, (k, _)) in expect.iter().enumerate() {
                it.seek(k);
                assert_eq!(it.key(), &k[..]);
                it.prev();
                if i == 0 {
                    assert!(!it.valid());
                } else {
                    assert_eq!(it.key(), &expect[i - 1].0[..]);
                    it.next();
                    assert_eq!(it.key(), &k[..]);
                }
                it.seek_for_prev(k);
                assert_eq!(it.key(), &k[..]);
                it.next();
                if i + 1 == expect.len() {
                    assert!(!it.valid());
                } else {
                    assert_eq!(it.key(), &expect[i + 1].0[..]);
                }
            }
            it.seek(&seek_key(b"k010", 1000));
            assert_eq!(user_key(it.key()), b"k010");
        }
    }

    #[test]
    fn concurrent_inserts_from_four_threads() {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        let per_thread = 2000u64;
        let handles: Vec<_> = (0..4u64)
            .map(|t| {
                let m = Arc::clone(&m);
                std::thread::spawn(move || {
                    for i in 0..per_thread {
                        let seq = t * per_thread + i + 1;
                        let key = format!("key{:05}", (i * 7919 + t * 13) % 3000);
                        m.add(seq, ValueType::Value, key.as_bytes(), &seq.to_le_bytes());
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        assert_eq!(m.num_entries(), 4 * per_thread);
        let all = collect(&mut m.iter());
        assert_eq!(all.len() as u64, 4 * per_thread);
        let icmp = InternalKeyComparator::default();
        for w in all.windows(2) {
            assert_eq!(icmp.compare(&w[0].0, &w[1].0), Ordering::Less);
        }
        let mut seqs: Vec<u64> = all.iter().map(|(k, v)| {
            let s = parse_internal_key(k).unwrap().sequence;
            assert_eq!(v, &s.to_le_bytes());
            s
        }).collect();
        seqs.sort_unstable();
        assert_eq!(seqs, (1..=4 * per_thread).collect::<Vec<_>>());
    }

    #[test]
    fn readers_see_every_published_entry_while_writers_insert() {
        use crate::iter::DbIter;
        use std::sync::atomic::AtomicBool;
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        let published = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        const N: u64 = 3000;
        let key_of = |i: u64| format!("{:08}", (i * 2_654_435_761) % 100_000_007).into_bytes();
        let mut handles = Vec::new();
        {
            // The publishing writer: a sequence becomes visible only after its insert.
            let (m, published) = (Arc::clone(&m), Arc::clone(&published));
            handles.push(std::thread::spawn(move || {
                for seq in 1..=N {
                    m.add(seq, ValueType::Value, &key_of(seq), b"v");
                    published.store(seq, AtomicOrdering::Release);
                }
            }));
        }
        for t in 0..2u64 {
            // Unpublished writers: entries above every snapshot the reader uses.
            let (m, done) = (Arc::clone(&m), Arc::clone(&done));
            handles.push(std::thread::spawn(move || {
                let mut i = 0u64;
                while !done.load(AtomicOrdering::Acquire) && i < 20_000 {
                    let seq = 1_000_000 + t * 100_000 + i;
                    m.add(seq, ValueType::Value, &key_of(seq), b"hidden");
                    i += 1;
                }
            }));
        }
        let mut scans = 0;
        loop {
            let p = published.load(AtomicOrdering::Acquire);
            let mut it = DbIter::new(Box::new(m.iter()), Comparator::Bytewise, p, None, None);
            it.seek_to_first();
            let mut count = 0u64;
            let mut last: Vec<u8> = Vec::new();
            while it.valid() {
                assert!(count == 0 || it.key() > &last[..], "keys out of order");
                assert_eq!(it.value(), b"v");
                last.clear();
                last.extend_from_slice(it.key());
                count += 1;
                it.next();
            }
            assert_eq!(count, p, "a scan at snapshot {p} must see exactly {p} keys");
            scans += 1;
            if p == N {
                break;
            }
        }
        done.store(true, AtomicOrdering::Release);
        for h in handles {
            h.join().unwrap();
        }
        assert!(scans >= 1);
    }

    #[test]
    fn from_sorted_keeps_the_same_api() {
        let icmp = InternalKeyComparator::default();
        let entries = vec![
            (make_internal_key(b"b", 3, ValueType::Value), b"b3".to_vec()),
            (make_internal_key(b"a", 1, ValueType::Value), b"a1".to_vec()),
            (make_internal_key(b"a", 2, ValueType::Deletion), vec![]),
        ];
        let m = Arc::new(MemTable::from_sorted(icmp.clone(), 4, entries));
        assert_eq!(m.num_entries(), 3);
        assert_eq!(m.num_deletes(), 1);
        assert_eq!(m.first_seqno(), 1);
        let keys: Vec<_> = collect(&mut m.iter()).into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            vec![
                make_internal_key(b"a", 2, ValueType::Deletion),
                make_internal_key(b"a", 1, ValueType::Value),
                make_internal_key(b"b", 3, ValueType::Value)
            ]
        );
    }

    #[test]
    fn an_iterator_keeps_the_entries_after_the_memtable_is_dropped() {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for i in 0..1000u32 {
            m.add(i as u64 + 1, ValueType::Value, format!("{i:05}").as_bytes(), &[b'v'; 50]);
        }
        let mut it = m.iter();
        drop(m);
        assert_eq!(collect(&mut it).len(), 1000);
        it.seek_to_last();
        assert_eq!(user_key(it.key()), b"00999");
        assert_eq!(it.value(), &[b'v'; 50][..]);
    }

    /// Fills a memtable as the db does (check, then write) until RocksDB's rule says it is
    /// full, and checks where it stopped and what each entry cost.
    #[test]
    fn should_flush_stops_with_the_last_block_nearly_full() {
        let wbs = 256 << 10;
        let block = arena::block_size_for_write_buffer(wbs);
        assert_eq!(block, 32 << 10);
        let m = MemTable::with_write_buffer_size(InternalKeyComparator::default(), 1, wbs);
        let mut n = 0u64;
        let mut payload = 0usize;
        while !m.should_flush(wbs) {
            // db_bench's shape: 16-byte keys and 100-byte values.
            let key = format!("{:016}", n.wrapping_mul(2_654_435_761) % 1_000_000_007);
            assert!(m.add(n + 1, ValueType::Value, key.as_bytes(), &[b'x'; 100]));
            payload += key.len() + 8 + 100;
            n += 1;
            assert!(n < 100_000, "never full");
        }
        assert_eq!(m.approximate_memory_usage(), wbs, "eight blocks, none beyond write_buffer_size");
        let unused = m.list.arena().allocated_and_unused();
        assert!(unused < block / 4, "{unused} bytes left in the last block");
        // Each entry costs its internal key and value plus two varint bytes, 1.33 link
        // words on average and padding to 8 bytes: about 15 bytes (RocksDB's about 21).
        let overhead = (wbs - unused - payload) as f64 / n as f64;
        assert!((12.0..18.0).contains(&overhead), "{overhead:.1} bytes of overhead per entry over {n} entries");
        // Past the allowed over-allocation it is full whatever the last block holds.
        let big = MemTable::with_write_buffer_size(InternalKeyComparator::default(), 2, wbs);
        big.add(1, ValueType::Value, b"k", &vec![0u8; wbs + block]);
        assert!(big.should_flush(wbs));
        let empty = MemTable::with_write_buffer_size(InternalKeyComparator::default(), 3, wbs);
        assert!(!empty.should_flush(wbs));
        assert_eq!(empty.approximate_memory_usage(), 0);
    }

    #[test]
    fn range_tombstones_are_charged_and_listed() {
        let m = MemTable::new(InternalKeyComparator::default(), 1);
        assert!(m.add(4, ValueType::RangeDeletion, b"a", b"m"));
        assert_eq!(m.approximate_memory_usage(), 1 + 8 + 1 + RANGE_TOMBSTONE_OVERHEAD);
        assert_eq!(m.range_tombstones().len(), 1);
        assert_eq!(m.max_covering_tombstone_seq(b"c", 10), 4);
        assert_eq!(m.max_covering_tombstone_seq(b"m", 10), 0);
        assert_eq!(m.max_covering_tombstone_seq(b"c", 3), 0);
    }

    /// Several writers insert disjoint keys, and the same internal keys as each other
    /// (each exactly once wins), while readers scan both ways and seek; afterwards
    /// every key is found and the order is strictly increasing.
    fn stress(cmp: Comparator) {
        use std::sync::atomic::AtomicBool;
        const WRITERS: u64 = 4;
        const PER_WRITER: u64 = 3000;
        let icmp = InternalKeyComparator::new(cmp.clone());
        // Small blocks: many block switches under contention.
        let m = Arc::new(MemTable::with_write_buffer_size(icmp.clone(), 1, 64 << 10));
        let done = Arc::new(AtomicBool::new(false));
        let disjoint_key = |t: u64, i: u64| format!("d{:04}-{t}", (i * 7919) % PER_WRITER).into_bytes();
        let shared_key = |i: u64| format!("s{:04}", i % 700).into_bytes();
        let writers: Vec<_> = (0..WRITERS)
            .map(|t| {
                let m = Arc::clone(&m);
                std::thread::spawn(move || {
                    let mut won = 0u64;
                    for i in 0..PER_WRITER {
                        let seq = 1_000_000 + t * PER_WRITER + i;
                        assert!(m.add(seq, ValueType::Value, &disjoint_key(t, i), &seq.to_le_bytes()));
                        // Every writer tries the same (key, seq, type): one insert of each wins.
                        let value = vec![t as u8; (i % 40) as usize];
                        if m.add(i + 1, ValueType::Value, &shared_key(i), &value) {
                            won += 1;
                        }
                    }
                    won
                })
            })
            .collect();
        let readers: Vec<_> = (0..2u64)
            .map(|r| {
                let (m, done, icmp) = (Arc::clone(&m), Arc::clone(&done), icmp.clone());
                std::thread::spawn(move || {
                    let mut passes = 0;
                    while !done.load(AtomicOrdering::Acquire) || passes < 2 {
                        let mut it = m.iter();
                        let mut last: Option<Vec<u8>> = None;
                        if (passes + r) % 2 == 0 {
                            it.seek_to_first();
                            while it.valid() {
                                if let Some(l) = &last {
                                    assert_eq!(icmp.compare(l, it.key()), Ordering::Less, "forward scan out of order");
                                }
                                last = Some(it.key().to_vec());
                                it.next();
                            }
                        } else {
                            it.seek_to_last();
                            let mut steps = 0;
                            while it.valid() && steps < 300 {
                                if let Some(l) = &last {
                                    assert_eq!(icmp.compare(it.key(), l), Ordering::Less, "backward scan out of order");
                                }
                                last = Some(it.key().to_vec());
                                it.prev();
                                steps += 1;
                            }
                            for i in 0..200u64 {
                                let target = make_internal_key(&shared_key(i * 13), 500, ValueType::Value);
                                it.seek(&target);
                                if it.valid() {
                                    assert_ne!(icmp.compare(it.key(), &target), Ordering::Less);
                                    // Not "< target": an entry inserted meanwhile may sit
                                    // between the target and the entry found.
                                    let found = it.key().to_vec();
                                    it.prev();
                                    if it.valid() {
                                        assert_eq!(icmp.compare(it.key(), &found), Ordering::Less);
                                    }
                                }
                                it.seek_for_prev(&target);
                                if it.valid() {
                                    assert_ne!(icmp.compare(it.key(), &target), Ordering::Greater);
                                }
                            }
                        }
                        passes += 1;
                    }
                    passes
                })
            })
            .collect();
        let won: u64 = writers.into_iter().map(|h| h.join().unwrap()).sum();
        done.store(true, AtomicOrdering::Release);
        for h in readers {
            assert!(h.join().unwrap() >= 2);
        }
        assert_eq!(won, PER_WRITER, "each shared internal key is inserted exactly once");
        assert_eq!(m.num_entries(), WRITERS * PER_WRITER + PER_WRITER);
        for t in 0..WRITERS {
            for i in 0..PER_WRITER {
                let seq = 1_000_000 + t * PER_WRITER + i;
                let mut found = Vec::new();
                m.get(&disjoint_key(t, i), u64::MAX >> 8, &mut |k, v| {
                    found.push((parse_internal_key(k).unwrap().sequence, v.to_vec()));
                    true
                });
                assert_eq!(found, vec![(seq, seq.to_le_bytes().to_vec())]);
            }
        }
        for k in 0..700u64 {
            let mut seqs = Vec::new();
            m.get(&shared_key(k), u64::MAX >> 8, &mut |ik, v| {
                let seq = parse_internal_key(ik).unwrap().sequence;
                assert_eq!(v.len() as u64, (seq - 1) % 40);
                seqs.push(seq);
                true
            });
            let expect: Vec<u64> = (0..PER_WRITER).filter(|i| i % 700 == k).map(|i| i + 1).rev().collect();
            assert_eq!(seqs, expect, "versions of shared key {k}, newest first");
        }
        let all = collect(&mut m.iter());
        assert_eq!(all.len() as u64, m.num_entries());
        for w in all.windows(2) {
            assert_eq!(icmp.compare(&w[0].0, &w[1].0), Ordering::Less);
        }
    }

    #[test]
    fn stress_concurrent_writers_and_readers_bytewise() {
        stress(Comparator::Bytewise);
    }

    #[test]
    fn stress_concurrent_writers_and_readers_reverse() {
        stress(Comparator::ReverseBytewise);
    }
}
