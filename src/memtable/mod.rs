//! Memtables: the sorted in-memory write buffer, a concurrent skiplist
//! (crate `crossbeam-skiplist`) keyed by internal key.
//!
//! Internal keys (rocksdb-formats.md §1): `user_key || fixed64((seq << 8) | type)`,
//! ordered (§1.2) by user key ascending under the user comparator, then by the
//! packed trailer descending, so the newest version of a user key comes first.
//!
//! Thread-safety: a `MemTable` is `Send + Sync`. Any number of threads may call
//! `add` concurrently with each other and with readers (`get`, iterators); no
//! lock is taken. Entries are never removed, so an iterator that holds an
//! `Arc<MemTable>` stays valid for as long as it lives. An iterator may or may
//! not see entries inserted after it was positioned; the db publishes a
//! sequence number only after its inserts completed, so a reader at a published
//! snapshot sees everything it is meant to see.

pub mod prefix_bloom;

use crate::iter::InternalIterator;
use crate::rangedel::RangeTombstone;
use crate::key::{user_key, InternalKeyComparator, ValueType, VALUE_TYPE_FOR_SEEK};
use crate::util::comparator::Comparator;
use crossbeam_skiplist::SkipSet;
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::ops::Bound;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Arc;

/// The bytes of one entry: the internal key followed by the value, in one
/// allocation. Cloning shares the allocation (an iterator holds clones, not
/// borrows, so that it can be `'static`).
#[derive(Clone)]
struct MemEntry {
    data: Arc<[u8]>,
    key_len: u32,
    /// Carried in each entry because `Ord` has no context; one byte.
    cmp: Comparator,
}

impl MemEntry {
    fn new(cmp: Comparator, user_key: &[u8], trailer: u64, value: &[u8]) -> MemEntry {
        let key_len = user_key.len() + 8;
        let tb = trailer.to_le_bytes();
        // Collecting exact-size slice iterators into `Arc<[u8]>` allocates once.
        let data: Arc<[u8]> =
            user_key.iter().chain(tb.iter()).chain(value.iter()).copied().collect();
        MemEntry { data, key_len: key_len as u32, cmp }
    }

    fn from_parts(cmp: Comparator, ikey: &[u8], value: &[u8]) -> MemEntry {
        let data: Arc<[u8]> = ikey.iter().chain(value.iter()).copied().collect();
        MemEntry { data, key_len: ikey.len() as u32, cmp }
    }

    #[inline]
    fn ikey(&self) -> &[u8] {
        &self.data[..self.key_len as usize]
    }

    #[inline]
    fn value(&self) -> &[u8] {
        &self.data[self.key_len as usize..]
    }
}

/// What the skiplist orders by: a user key, a trailer and the user comparator.
/// Both stored entries and borrowed probes implement it, so lookups need no
/// allocation (`SkipSet` looks up through `Borrow<dyn OrderKey>`).
trait OrderKey {
    fn order_user_key(&self) -> &[u8];
    fn order_trailer(&self) -> u64;
    fn order_cmp(&self) -> Comparator;
}

impl OrderKey for MemEntry {
    #[inline]
    fn order_user_key(&self) -> &[u8] {
        user_key(self.ikey())
    }
    #[inline]
    fn order_trailer(&self) -> u64 {
        crate::key::trailer(self.ikey())
    }
    #[inline]
    fn order_cmp(&self) -> Comparator {
        self.cmp
    }
}

/// A borrowed search key.
struct Probe<'a> {
    user_key: &'a [u8],
    trailer: u64,
    cmp: Comparator,
}

impl OrderKey for Probe<'_> {
    fn order_user_key(&self) -> &[u8] {
        self.user_key
    }
    fn order_trailer(&self) -> u64 {
        self.trailer
    }
    fn order_cmp(&self) -> Comparator {
        self.cmp
    }
}

#[inline]
fn order(a: &(impl OrderKey + ?Sized), b: &(impl OrderKey + ?Sized)) -> Ordering {
    match a.order_cmp().compare(a.order_user_key(), b.order_user_key()) {
        Ordering::Equal => b.order_trailer().cmp(&a.order_trailer()),
        o => o,
    }
}

impl<'a> PartialEq for dyn OrderKey + 'a {
    fn eq(&self, other: &Self) -> bool {
        order(self, other) == Ordering::Equal
    }
}
impl<'a> Eq for dyn OrderKey + 'a {}
impl<'a> PartialOrd for dyn OrderKey + 'a {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<'a> Ord for dyn OrderKey + 'a {
    fn cmp(&self, other: &Self) -> Ordering {
        order(self, other)
    }
}

impl PartialEq for MemEntry {
    fn eq(&self, other: &Self) -> bool {
        order(self, other) == Ordering::Equal
    }
}
impl Eq for MemEntry {}
impl PartialOrd for MemEntry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for MemEntry {
    fn cmp(&self, other: &Self) -> Ordering {
        order(self, other)
    }
}

impl<'a> Borrow<dyn OrderKey + 'a> for MemEntry {
    fn borrow(&self) -> &(dyn OrderKey + 'a) {
        self
    }
}

/// Splits an internal key given by a caller into a probe; a key shorter than
/// a trailer is treated as a user key with the largest trailer (sorts first).
fn probe_of(cmp: Comparator, ikey: &[u8]) -> Probe<'_> {
    if ikey.len() < 8 {
        return Probe { user_key: ikey, trailer: u64::MAX, cmp };
    }
    Probe { user_key: user_key(ikey), trailer: crate::key::trailer(ikey), cmp }
}

/// Bytes charged per entry on top of key and value: the `MemEntry` handle, the
/// `Arc` counters and a skiplist node with an average tower.
const PER_ENTRY_OVERHEAD: usize = std::mem::size_of::<MemEntry>() + 16 + 48;

/// A sorted, concurrent in-memory table of internal entries.
pub struct MemTable {
    cmp: InternalKeyComparator,
    id: u64,
    set: SkipSet<MemEntry>,
    memory: AtomicUsize,
    num_entries: AtomicU64,
    num_deletes: AtomicU64,
    first_seqno: AtomicU64,
    earliest_seqno: AtomicU64,
    log_number: AtomicU64,
    /// DeleteRange entries (rocksdb-formats.md §7), kept apart from the point
    /// entries as RocksDB's range-deletion memtable does; readers fragment them.
    range_dels: parking_lot::RwLock<Vec<RangeTombstone>>,
    num_range_dels: AtomicU64,
    /// memtable_prefix_bloom_size_ratio > 0: the prefixes (and whole keys) added.
    prefix_bloom: Option<prefix_bloom::MemTablePrefixBloom>,
}

impl MemTable {
    pub fn new(cmp: InternalKeyComparator, id: u64) -> MemTable {
        MemTable {
            cmp,
            id,
            set: SkipSet::new(),
            memory: AtomicUsize::new(0),
            num_entries: AtomicU64::new(0),
            num_deletes: AtomicU64::new(0),
            first_seqno: AtomicU64::new(u64::MAX),
            earliest_seqno: AtomicU64::new(u64::MAX),
            log_number: AtomicU64::new(0),
            range_dels: parking_lot::RwLock::new(Vec::new()),
            num_range_dels: AtomicU64::new(0),
            prefix_bloom: None,
        }
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
        let m = MemTable::new(cmp, id);
        for (ikey, value) in entries {
            if ikey.len() < 8 {
                continue;
            }
            let t = crate::key::trailer(&ikey);
            if (t & 0xff) as u8 == ValueType::RangeDeletion as u8 {
                m.add_range_tombstone(t >> 8, user_key(&ikey), &value);
                continue;
            }
            let entry = MemEntry::from_parts(cmp.user, &ikey, &value);
            let data = Arc::clone(&entry.data);
            if Arc::ptr_eq(&m.set.get_or_insert(entry).value().data, &data) {
                m.account(t >> 8, (t & 0xff) as u8, ikey.len() + value.len());
            }
        }
        m
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn comparator(&self) -> InternalKeyComparator {
        self.cmp
    }

    fn account(&self, seq: u64, t: u8, bytes: usize) {
        self.memory.fetch_add(bytes + PER_ENTRY_OVERHEAD, AtomicOrdering::Relaxed);
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
        let trailer = crate::key::pack_seq_and_type(seq, t as u8);
        let entry = MemEntry::new(self.cmp.user, user_key, trailer, value);
        let data = Arc::clone(&entry.data);
        let stored = self.set.get_or_insert(entry);
        if !Arc::ptr_eq(&stored.value().data, &data) {
            return false;
        }
        self.account(seq, t as u8, user_key.len() + 8 + value.len());
        if let Some(b) = &self.prefix_bloom {
            b.add(user_key);
        }
        true
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
            cmp: self.cmp.user,
        };
        let mut cur = self.set.lower_bound(Bound::Included(&probe as &dyn OrderKey));
        while let Some(e) = cur {
            let entry = e.value();
            if self.cmp.user.compare(entry.order_user_key(), user_key) != Ordering::Equal {
                return;
            }
            if !f(entry.ikey(), entry.value()) {
                return;
            }
            cur = e.next();
        }
    }

    fn add_range_tombstone(&self, seq: u64, start: &[u8], end: &[u8]) {
        self.range_dels.write().push(RangeTombstone { start: start.to_vec(), end: end.to_vec(), seq });
        self.num_range_dels.fetch_add(1, AtomicOrdering::Release);
        self.account(seq, ValueType::RangeDeletion as u8, start.len() + 8 + end.len());
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
        let ucmp = self.cmp.user;
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

    /// An iterator over all entries; it keeps this memtable alive.
    pub fn iter(self: &Arc<Self>) -> MemTableIterator {
        MemTableIterator {
            mem: Arc::clone(self),
            window: Vec::new(),
            pos: 0,
            descending: false,
            window_size: FIRST_WINDOW,
        }
    }

    /// Keys, values and per-entry overhead, in bytes.
    pub fn approximate_memory_usage(&self) -> usize {
        self.memory.load(AtomicOrdering::Relaxed)
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
}

/// How many entries an iterator copies (as shared handles) per skiplist
/// search: the skiplist's entries borrow the set, so a `'static` iterator
/// re-searches from its last entry; a window amortises that search. A seek
/// starts small (point-like reads look at one or two entries) and each refill
/// in the same direction doubles the window up to the maximum.
const FIRST_WINDOW: usize = 2;
const MAX_WINDOW: usize = 64;

/// An iterator over a memtable's entries in internal-key order.
///
/// It holds a window of entry handles in iteration order (ascending when moving
/// forward, descending when moving backward); `window[pos]` is the current one.
pub struct MemTableIterator {
    mem: Arc<MemTable>,
    window: Vec<MemEntry>,
    pos: usize,
    /// The window was filled moving backward (descending order).
    descending: bool,
    /// How many entries the next fill takes.
    window_size: usize,
}

impl MemTableIterator {
    fn fill_forward(&mut self, bound: Bound<&dyn OrderKey>) {
        self.window.clear();
        self.pos = 0;
        self.descending = false;
        let mut cur = self.mem.set.lower_bound(bound);
        while let Some(e) = cur {
            self.window.push(e.value().clone());
            if self.window.len() >= self.window_size {
                break;
            }
            cur = e.next();
        }
    }

    fn fill_backward(&mut self, bound: Bound<&dyn OrderKey>) {
        self.window.clear();
        self.pos = 0;
        self.descending = true;
        let mut cur = self.mem.set.upper_bound(bound);
        while let Some(e) = cur {
            self.window.push(e.value().clone());
            if self.window.len() >= self.window_size {
                break;
            }
            cur = e.prev();
        }
    }

    fn current(&self) -> Option<&MemEntry> {
        self.window.get(self.pos)
    }
}

impl InternalIterator for MemTableIterator {
    fn valid(&self) -> bool {
        self.pos < self.window.len()
    }

    fn seek_to_first(&mut self) {
        self.window_size = FIRST_WINDOW;
        self.fill_forward(Bound::Unbounded);
    }

    fn seek_to_last(&mut self) {
        self.window_size = FIRST_WINDOW;
        self.fill_backward(Bound::Unbounded);
    }

    fn seek(&mut self, target: &[u8]) {
        let probe = probe_of(self.mem.cmp.user, target);
        self.window_size = FIRST_WINDOW;
        self.fill_forward(Bound::Included(&probe as &dyn OrderKey));
    }

    fn seek_for_prev(&mut self, target: &[u8]) {
        let probe = probe_of(self.mem.cmp.user, target);
        self.window_size = FIRST_WINDOW;
        self.fill_backward(Bound::Included(&probe as &dyn OrderKey));
    }

    fn next(&mut self) {
        if !self.descending && self.pos + 1 < self.window.len() {
            self.pos += 1;
            return;
        }
        let Some(cur) = self.current().cloned() else { return };
        self.window_size = if self.descending { FIRST_WINDOW } else { (self.window_size * 2).min(MAX_WINDOW) };
        self.fill_forward(Bound::Excluded(&cur as &dyn OrderKey));
    }

    fn prev(&mut self) {
        if self.descending && self.pos + 1 < self.window.len() {
            self.pos += 1;
            return;
        }
        let Some(cur) = self.current().cloned() else { return };
        self.window_size = if self.descending { (self.window_size * 2).min(MAX_WINDOW) } else { FIRST_WINDOW };
        self.fill_backward(Bound::Excluded(&cur as &dyn OrderKey));
    }

    fn key(&self) -> &[u8] {
        self.current().map(|e| e.ikey()).unwrap_or(&[])
    }

    fn value(&self) -> &[u8] {
        self.current().map(|e| e.value()).unwrap_or(&[])
    }

    fn status(&self) -> crate::error::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            let m = Arc::new(MemTable::new(InternalKeyComparator::new(cmp), 1));
            let mut expect = Vec::new();
            for i in 0..100u32 {
                let k = format!("k{:03}", i / 3);
                m.add(i as u64 + 1, ValueType::Value, k.as_bytes(), &i.to_le_bytes());
                expect.push((make_internal_key(k.as_bytes(), i as u64 + 1, ValueType::Value), i.to_le_bytes().to_vec()));
            }
            let icmp = InternalKeyComparator::new(cmp);
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
        let m = Arc::new(MemTable::from_sorted(icmp, 4, entries));
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
}
