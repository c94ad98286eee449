//! The memtable's ordered index: a concurrent skiplist whose nodes live in an
//! [`Arena`] and carry their entry inline, in the spirit of RocksDB's
//! `InlineSkipList` (random height with branching 4, at most 12 levels).
//!
//! Node layout (all in one arena allocation, 8-byte aligned):
//! ```text
//! [link h-1] ... [link 1] [link 0] [varint ikey_len][internal key][varint value_len][value]
//!                          ^ node address
//! ```
//! A node's address is that of its level-0 link; its level-i link is i words
//! before it, and the entry (encoded like RocksDB's memtable entry) follows.
//! The height is not stored: only the inserting thread needs it.
//!
//! A list made for in-place updates (`SkipList::with_inplace_updates`, RocksDB's
//! inplace_update_support) has one more word after the level-0 link: a pointer to the
//! entry's current value (`varint value_len, value`, elsewhere in the arena), null while
//! the value is the one written inline. `update_value` publishes a new value there with a
//! release store and never writes bytes a reader may be looking at: readers hold value
//! slices without locks (iterators keep them), so overwriting the inline bytes as RocksDB
//! does (under its per-key-stripe lock) would be a data race. The replaced bytes stay in
//! the arena until the memtable is dropped.
//!
//! Ordering: internal keys (docs/format/internal-key.md §1.2), user key ascending under
//! the user comparator, then the packed (sequence, type) trailer descending.
//!
//! Thread-safety: any number of threads may `insert` at once, and readers run
//! concurrently with them without locks. An insert links its node level by
//! level from the bottom with a compare-and-swap on the predecessor's link
//! (retrying from that predecessor when another insert got in first); a node
//! is fully written before the release CAS that publishes it, and readers load
//! links with acquire. Nodes are never removed, so any node a reader reached
//! stays valid while the list lives. Level 0 decides membership, so of two
//! concurrent inserts of equal keys exactly one succeeds.

#![allow(unsafe_code)]

use super::arena::Arena;
use crate::util::comparator::Comparator;
use crate::util::coding::varint_length;
use std::cell::Cell;
use std::cmp::Ordering;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Arc;

pub const MAX_HEIGHT: usize = 12;
/// One node in BRANCHING at level i also appears at level i+1.
const BRANCHING: u64 = 4;
const LINK: usize = std::mem::size_of::<AtomicPtr<u8>>();

/// A search key: an internal key given as its user key and its packed trailer,
/// so that probes need no allocation.
#[derive(Clone, Copy)]
pub struct Probe<'a> {
    pub user_key: &'a [u8],
    pub trailer: u64,
}

impl<'a> Probe<'a> {
    /// Splits an internal key; a key shorter than a trailer is taken as a user
    /// key with the largest trailer (it sorts before every entry of that key).
    pub fn of_internal_key(ikey: &'a [u8]) -> Probe<'a> {
        if ikey.len() < 8 {
            return Probe { user_key: ikey, trailer: u64::MAX };
        }
        Probe { user_key: crate::key::user_key(ikey), trailer: crate::key::trailer(ikey) }
    }
}

/// The address of a node's level-0 link; the head's is the top of `SkipList::head`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Node(NonNull<AtomicPtr<u8>>);

impl Node {
    fn from_raw(p: *mut u8) -> Option<Node> {
        NonNull::new(p.cast::<AtomicPtr<u8>>()).map(Node)
    }

    fn as_raw(self) -> *mut u8 {
        self.0.as_ptr().cast::<u8>()
    }
}

/// A concurrent skiplist of (internal key, value) entries stored in an arena.
pub struct SkipList {
    arena: Arena,
    /// The head's links, level `MAX_HEIGHT - 1` first, so that the head is laid
    /// out like a node of full height whose address is the last element.
    head: Box<[AtomicPtr<u8>; MAX_HEIGHT]>,
    /// Levels in use (at least 1); only grows.
    max_height: AtomicUsize,
    cmp: Comparator,
    /// Nodes carry a current-value pointer after their level-0 link (see the module comment).
    inplace: bool,
}

impl SkipList {
    pub fn new(cmp: Comparator, arena_block_size: usize) -> SkipList {
        SkipList {
            arena: Arena::new(arena_block_size),
            head: Box::new(std::array::from_fn(|_| AtomicPtr::new(std::ptr::null_mut()))),
            max_height: AtomicUsize::new(1),
            cmp,
            inplace: false,
        }
    }

    /// An empty list whose entries' values can be replaced (`update_value`).
    pub fn with_inplace_updates(cmp: Comparator, arena_block_size: usize) -> SkipList {
        SkipList { inplace: true, ..SkipList::new(cmp, arena_block_size) }
    }

    /// Bytes between a node's address and its encoded entry.
    #[inline]
    fn entry_offset(&self) -> usize {
        if self.inplace {
            2 * LINK
        } else {
            LINK
        }
    }

    /// The current-value pointer of `n` in an in-place list.
    /// Requires: `self.inplace` and `n` a node of this list, not the head.
    #[inline]
    fn value_link(&self, n: Node) -> &AtomicPtr<u8> {
        debug_assert!(self.inplace && !self.is_head(n));
        // SAFETY: in an in-place list every node's allocation holds one word after its
        // level-0 link (`insert` allocates it, zeroed, i.e. a null AtomicPtr); it is
        // aligned like the links and lives in the arena as long as `self`.
        unsafe { &*n.0.as_ptr().add(1) }
    }

    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    fn head(&self) -> Node {
        // Derived from the whole array, so that `link` may step back through it.
        let last = self.head.as_ptr().wrapping_add(MAX_HEIGHT - 1);
        Node(NonNull::new(last.cast_mut()).unwrap_or(NonNull::dangling()))
    }

    fn is_head(&self, n: Node) -> bool {
        n == self.head()
    }

    /// The level-`level` link of `n`.
    /// Requires: `n` is the head or a node of this list with height > `level`.
    #[inline]
    fn link(&self, n: Node, level: usize) -> &AtomicPtr<u8> {
        debug_assert!(level < MAX_HEIGHT);
        // SAFETY: per the requirement, the node's allocation holds at least
        // `level + 1` links ending at `n`, so `n - level` words is inside it and
        // is an initialised, aligned AtomicPtr. The allocation lives in the arena
        // (or in `self.head`) as long as `self`, which bounds the reference.
        unsafe { &*n.0.as_ptr().sub(level) }
    }

    #[inline]
    fn next(&self, n: Node, level: usize) -> Option<Node> {
        Node::from_raw(self.link(n, level).load(AtomicOrdering::Acquire))
    }

    /// The internal key and value stored in `n`.
    /// Requires: `n` is a node of this list, not the head.
    #[inline]
    fn entry(&self, n: Node) -> (&[u8], &[u8]) {
        debug_assert!(!self.is_head(n));
        // SAFETY: `n` was written by `insert` before it was published: after its
        // level-0 link come a varint key length, that many key bytes, a varint
        // value length and that many value bytes, all inside the node's arena
        // allocation, which lives as long as `self`; the bytes are never written again.
        unsafe {
            let mut p = n.as_raw().add(self.entry_offset()).cast_const();
            let klen = read_varint(&mut p);
            let key = std::slice::from_raw_parts(p, klen);
            p = p.add(klen);
            if self.inplace {
                let current = self.value_link(n).load(AtomicOrdering::Acquire);
                if !current.is_null() {
                    // SAFETY: `update_value` wrote `varint len, bytes` at `current`, inside
                    // one arena allocation, before the release store this load acquired;
                    // those bytes are never written again.
                    p = current.cast_const();
                }
            }
            let vlen = read_varint(&mut p);
            let value = std::slice::from_raw_parts(p, vlen);
            (key, value)
        }
    }

    /// Replaces the value of the newest entry at or after `probe` when it belongs to
    /// `probe.user_key`, `accept(trailer, current value)` holds, and the list was made with
    /// `with_inplace_updates`; the entry keeps its key and trailer. Returns whether it did.
    /// Requires: no other thread calls `update_value` on this list at the same time (in-place
    /// updates need a single writer, as RocksDB requires allow_concurrent_memtable_write=false).
    pub fn update_value(&self, probe: &Probe<'_>, value: &[u8], accept: &dyn Fn(u64, &[u8]) -> bool) -> bool {
        if !self.inplace {
            return false;
        }
        let Some(n) = self.find_greater_or_equal(probe) else { return false };
        let (ikey, current) = self.entry(n);
        if self.cmp.compare(crate::key::user_key(ikey), probe.user_key) != Ordering::Equal
            || !accept(crate::key::trailer(ikey), current)
        {
            return false;
        }
        let len = varint_length(value.len() as u64) + value.len();
        let base = self.arena.allocate(len);
        // SAFETY: the arena gave this thread `len` bytes of its own; the slice covers them.
        let out = unsafe { std::slice::from_raw_parts_mut(base.as_ptr(), len) };
        let pos = write_varint(out, 0, value.len() as u64);
        out[pos..].copy_from_slice(value);
        // Release: a reader that acquires the pointer sees the bytes written above.
        self.value_link(n).store(base.as_ptr(), AtomicOrdering::Release);
        true
    }

    /// The internal key stored in `n`, without decoding its value (the comparisons of a
    /// search read only keys).
    /// Requires: `n` is a node of this list, not the head.
    #[inline]
    fn key(&self, n: Node) -> &[u8] {
        debug_assert!(!self.is_head(n));
        // SAFETY: as in `entry`: a varint key length and the key bytes follow the node's
        // links (and the current-value word of an in-place list), written before `n` was
        // published and never written again.
        unsafe {
            let mut p = n.as_raw().add(self.entry_offset()).cast_const();
            let klen = read_varint(&mut p);
            std::slice::from_raw_parts(p, klen)
        }
    }

    /// Order of node `n`'s key against `probe`.
    #[inline]
    fn compare(&self, n: Node, probe: &Probe<'_>) -> Ordering {
        let ikey = self.key(n);
        match self.cmp.compare(crate::key::user_key(ikey), probe.user_key) {
            Ordering::Equal => probe.trailer.cmp(&crate::key::trailer(ikey)),
            o => o,
        }
    }

    /// Inserts the entry `user_key || trailer -> value`. Returns false (and
    /// inserts nothing) when an entry with the same internal key is present.
    pub fn insert(&self, user_key: &[u8], trailer: u64, value: &[u8]) -> bool {
        let probe = Probe { user_key, trailer };
        let height = random_height();
        let klen = user_key.len() + 8;
        let entry_len = varint_length(klen as u64) + klen + varint_length(value.len() as u64) + value.len();
        let offset = self.entry_offset();
        let base = self.arena.allocate((height - 1) * LINK + offset + entry_len);
        // SAFETY: the arena gave us `(height - 1) * LINK + offset + entry_len` zeroed
        // bytes, 8-aligned, for this thread alone: the node address (height - 1 links
        // in), the current-value word of an in-place list and the entry after it are
        // inside them, and the links are valid (null) AtomicPtrs since the memory is zeroed.
        let node = unsafe {
            let node_ptr = base.as_ptr().add((height - 1) * LINK);
            let out = std::slice::from_raw_parts_mut(node_ptr.add(offset), entry_len);
            encode_entry(out, user_key, trailer, value);
            Node(NonNull::new_unchecked(node_ptr.cast::<AtomicPtr<u8>>()))
        };

        let mut top = self.max_height.load(AtomicOrdering::Relaxed);
        while height > top {
            match self.max_height.compare_exchange_weak(top, height, AtomicOrdering::Relaxed, AtomicOrdering::Relaxed) {
                Ok(_) => top = height,
                Err(t) => top = t,
            }
        }
        let mut prev = [self.head(); MAX_HEIGHT];
        let mut next: [Option<Node>; MAX_HEIGHT] = [None; MAX_HEIGHT];
        let mut x = self.head();
        for level in (0..top).rev() {
            let (p, n) = self.find_splice_for_level(&probe, x, level);
            prev[level] = p;
            next[level] = n;
            x = p;
        }
        for level in 0..height {
            loop {
                if level == 0 {
                    if let Some(n) = next[0] {
                        if self.compare(n, &probe) == Ordering::Equal {
                            // The node is linked nowhere; its bytes stay unused in the arena.
                            return false;
                        }
                    }
                }
                let expected = next[level].map_or(std::ptr::null_mut(), Node::as_raw);
                self.link(node, level).store(expected, AtomicOrdering::Relaxed);
                // Release: a reader that acquires this link sees the node's entry
                // and its links at this level and below.
                match self.link(prev[level], level).compare_exchange(
                    expected,
                    node.as_raw(),
                    AtomicOrdering::Release,
                    AtomicOrdering::Relaxed,
                ) {
                    Ok(_) => break,
                    Err(_) => {
                        let (p, n) = self.find_splice_for_level(&probe, prev[level], level);
                        prev[level] = p;
                        next[level] = n;
                    }
                }
            }
        }
        true
    }

    /// From `before` (whose key is < probe, or the head), the last node at
    /// `level` with key < probe and the node after it.
    fn find_splice_for_level(&self, probe: &Probe<'_>, before: Node, level: usize) -> (Node, Option<Node>) {
        let mut x = before;
        loop {
            match self.next(x, level) {
                Some(n) if self.compare(n, probe) == Ordering::Less => x = n,
                n => return (x, n),
            }
        }
    }

    /// The first node with key >= probe.
    fn find_greater_or_equal(&self, probe: &Probe<'_>) -> Option<Node> {
        let mut x = self.head();
        let mut level = self.max_height.load(AtomicOrdering::Relaxed) - 1;
        // The node found to be >= probe on the level above: skips its comparison below.
        let mut last_bigger: Option<Node> = None;
        loop {
            let n = self.next(x, level);
            if let Some(candidate) = n {
                if n != last_bigger {
                    match self.compare(candidate, probe) {
                        Ordering::Less => {
                            x = candidate;
                            continue;
                        }
                        Ordering::Equal => return n,
                        Ordering::Greater => {}
                    }
                }
            }
            if level == 0 {
                return n;
            }
            last_bigger = n;
            level -= 1;
        }
    }

    /// The last node with key < probe, or the head when there is none.
    fn find_less_than(&self, probe: &Probe<'_>) -> Node {
        let mut x = self.head();
        let mut level = self.max_height.load(AtomicOrdering::Relaxed) - 1;
        loop {
            match self.next(x, level) {
                Some(n) if self.compare(n, probe) == Ordering::Less => x = n,
                _ if level == 0 => return x,
                _ => level -= 1,
            }
        }
    }

    /// The last node, or the head when the list is empty.
    fn find_last(&self) -> Node {
        let mut x = self.head();
        let mut level = self.max_height.load(AtomicOrdering::Relaxed) - 1;
        loop {
            match self.next(x, level) {
                Some(n) => x = n,
                None if level == 0 => return x,
                None => level -= 1,
            }
        }
    }

    /// Calls `f(internal key, value)` for the entries from the first one >=
    /// probe onward, in order, until `f` returns false or the list ends.
    pub fn scan_from(&self, probe: &Probe<'_>, f: &mut dyn FnMut(&[u8], &[u8]) -> bool) {
        let mut cur = self.find_greater_or_equal(probe);
        while let Some(n) = cur {
            let (k, v) = self.entry(n);
            if !f(k, v) {
                return;
            }
            cur = self.next(n, 0);
        }
    }
}

/// Writes `varint(klen) user_key trailer varint(vlen) value` into `out`, whose
/// length is exactly that encoding's.
fn encode_entry(out: &mut [u8], user_key: &[u8], trailer: u64, value: &[u8]) {
    let mut pos = write_varint(out, 0, (user_key.len() + 8) as u64);
    out[pos..pos + user_key.len()].copy_from_slice(user_key);
    pos += user_key.len();
    out[pos..pos + 8].copy_from_slice(&trailer.to_le_bytes());
    pos += 8;
    pos = write_varint(out, pos, value.len() as u64);
    out[pos..pos + value.len()].copy_from_slice(value);
    debug_assert_eq!(pos + value.len(), out.len());
}

fn write_varint(out: &mut [u8], mut pos: usize, mut v: u64) -> usize {
    while v >= 0x80 {
        out[pos] = (v as u8) | 0x80;
        v >>= 7;
        pos += 1;
    }
    out[pos] = v as u8;
    pos + 1
}

/// Decodes a varint that `write_varint` wrote at `*p` and advances `*p` past it.
/// Requires: `*p` points at such a varint inside a live allocation.
#[inline]
unsafe fn read_varint(p: &mut *const u8) -> usize {
    let mut v = 0usize;
    let mut shift = 0;
    loop {
        // SAFETY: per the requirement, the varint's bytes up to the one without
        // the continuation bit are readable.
        let b = unsafe { p.read() };
        // SAFETY: the next byte belongs to the varint or to what follows it,
        // which is inside the same allocation (or one past its end).
        *p = unsafe { p.add(1) };
        v |= ((b & 0x7f) as usize) << shift;
        if b & 0x80 == 0 {
            return v;
        }
        shift += 7;
    }
}

/// A height in [1, MAX_HEIGHT], each level above the first with probability 1/BRANCHING.
fn random_height() -> usize {
    let mut h = 1;
    let mut r = next_random();
    while h < MAX_HEIGHT && r % BRANCHING == 0 {
        h += 1;
        r /= BRANCHING;
    }
    h
}

/// A per-thread xorshift64* generator; seeds differ between threads.
fn next_random() -> u64 {
    static SEEDS: AtomicU64 = AtomicU64::new(0x9E37_79B9_7F4A_7C15);
    thread_local! {
        static STATE: Cell<u64> = const { Cell::new(0) };
    }
    STATE.with(|s| {
        let mut x = s.get();
        if x == 0 {
            // splitmix64 of a per-thread counter value: never zero in practice, and 1 if it is.
            let mut z = SEEDS.fetch_add(0x9E37_79B9_7F4A_7C15, AtomicOrdering::Relaxed);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x = (z ^ (z >> 31)).max(1);
        }
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        s.set(x);
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 16
    })
}

/// A position in a skiplist that keeps the list alive; used by memtable
/// iterators, which must be `'static`.
pub struct Cursor {
    list: Arc<SkipList>,
    /// None: not positioned on an entry.
    node: Option<Node>,
}

// SAFETY: `node` points into `list`'s arena, kept alive by the Arc; a node's
// entry bytes are immutable once published and its links are atomics, so the
// cursor may move between threads and be shared like the list itself.
unsafe impl Send for Cursor {}
// SAFETY: see `Send`; `&Cursor` only reads.
unsafe impl Sync for Cursor {}

impl Cursor {
    pub fn new(list: Arc<SkipList>) -> Cursor {
        Cursor { list, node: None }
    }

    pub fn valid(&self) -> bool {
        self.node.is_some()
    }

    /// The current entry's internal key; empty when not valid.
    pub fn key(&self) -> &[u8] {
        match self.node {
            Some(n) => self.list.entry(n).0,
            None => &[],
        }
    }

    /// The current entry's value; empty when not valid.
    pub fn value(&self) -> &[u8] {
        match self.node {
            Some(n) => self.list.entry(n).1,
            None => &[],
        }
    }

    fn non_head(&self, n: Node) -> Option<Node> {
        (!self.list.is_head(n)).then_some(n)
    }

    pub fn seek_to_first(&mut self) {
        self.node = self.list.next(self.list.head(), 0);
    }

    pub fn seek_to_last(&mut self) {
        self.node = self.non_head(self.list.find_last());
    }

    /// To the first entry >= probe.
    pub fn seek(&mut self, probe: &Probe<'_>) {
        self.node = self.list.find_greater_or_equal(probe);
    }

    /// To the last entry <= probe.
    pub fn seek_for_prev(&mut self, probe: &Probe<'_>) {
        let before = self.list.find_less_than(probe);
        self.node = match self.list.next(before, 0) {
            Some(n) if self.list.compare(n, probe) == Ordering::Equal => Some(n),
            _ => self.non_head(before),
        };
    }

    pub fn next(&mut self) {
        if let Some(n) = self.node {
            self.node = self.list.next(n, 0);
        }
    }

    /// To the entry before the current one: a search from the head, as
    /// nodes have no backward links.
    pub fn prev(&mut self) {
        if let Some(n) = self.node {
            let probe = Probe::of_internal_key(self.list.key(n));
            self.node = self.non_head(self.list.find_less_than(&probe));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ikey(uk: &[u8], seq: u64) -> Vec<u8> {
        crate::key::make_internal_key(uk, seq, crate::key::ValueType::Value)
    }

    fn trailer(seq: u64) -> u64 {
        crate::key::pack_seq_and_type(seq, crate::key::ValueType::Value as u8)
    }

    #[test]
    fn heights_follow_branching_four() {
        let mut counts = [0usize; MAX_HEIGHT + 1];
        for _ in 0..100_000 {
            counts[random_height()] += 1;
        }
        assert_eq!(counts[0], 0);
        // Expected 75,000 / 18,750 / 4,687: generous bounds, a broken generator fails them.
        assert!((72_000..78_000).contains(&counts[1]), "{counts:?}");
        assert!((17_000..20_500).contains(&counts[2]), "{counts:?}");
        assert!((4_000..5_400).contains(&counts[3]), "{counts:?}");
    }

    #[test]
    fn entries_round_trip_including_long_lengths() {
        let list = Arc::new(SkipList::new(Comparator::Bytewise, 4096));
        let long_key = vec![b'k'; 300];
        let long_value = vec![7u8; 20_000];
        assert!(list.insert(&long_key, trailer(1), &long_value));
        assert!(list.insert(b"", trailer(2), b""));
        assert!(list.insert(b"a", trailer(3), b"x"));
        let mut c = Cursor::new(Arc::clone(&list));
        c.seek_to_first();
        assert_eq!(c.key(), &ikey(b"", 2)[..]);
        assert_eq!(c.value(), b"");
        c.next();
        assert_eq!(c.key(), &ikey(b"a", 3)[..]);
        c.next();
        assert_eq!(c.key(), &ikey(&long_key, 1)[..]);
        assert_eq!(c.value(), &long_value[..]);
        c.next();
        assert!(!c.valid());
        assert_eq!(c.key(), b"");
        // The small entries share one 4 KiB block; the 20 KB node took a block of
        // its own: links (1 to 12 words), two varints, the key and the value.
        let dedicated = list.arena().memory_allocated() - 4096;
        assert!((8 + 2 + 308 + 3 + 20_000..=12 * 8 + 2 + 308 + 3 + 20_000 + 7).contains(&dedicated), "{dedicated}");
    }

    #[test]
    fn duplicates_are_refused_and_cursor_moves_both_ways() {
        let list = Arc::new(SkipList::new(Comparator::ReverseBytewise, 4096));
        for i in 0..500u64 {
            let k = format!("{:04}", i % 100);
            assert!(list.insert(k.as_bytes(), trailer(i), &i.to_le_bytes()));
        }
        assert!(!list.insert(b"0007", trailer(7), b"again"));
        let mut c = Cursor::new(Arc::clone(&list));
        let mut forward = Vec::new();
        c.seek_to_first();
        while c.valid() {
            forward.push(c.key().to_vec());
            c.next();
        }
        assert_eq!(forward.len(), 500);
        let icmp = crate::key::InternalKeyComparator::new(Comparator::ReverseBytewise);
        for w in forward.windows(2) {
            assert_eq!(icmp.compare(&w[0], &w[1]), Ordering::Less);
        }
        assert_eq!(forward[0], ikey(b"0099", 499), "reverse order, newest first");
        let mut backward = Vec::new();
        c.seek_to_last();
        while c.valid() {
            backward.push(c.key().to_vec());
            c.prev();
        }
        backward.reverse();
        assert_eq!(backward, forward);
        // seek / seek_for_prev between entries.
        let p = Probe { user_key: b"0050", trailer: trailer(1000) };
        c.seek(&p);
        assert_eq!(c.key(), &ikey(b"0050", 450)[..]);
        c.seek_for_prev(&p);
        assert_eq!(c.key(), &ikey(b"0051", 51)[..]);
        let exact = ikey(b"0050", 250);
        c.seek_for_prev(&Probe::of_internal_key(&exact));
        assert_eq!(c.key(), &exact[..]);
        c.seek_for_prev(&Probe { user_key: b"9999", trailer: u64::MAX });
        assert!(!c.valid());
        c.seek(&Probe { user_key: b"", trailer: 0 });
        assert!(!c.valid());
    }
}
