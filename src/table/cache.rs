//! The sharded LRU block cache, charged in bytes and shareable between
//! databases (RocksDB's `LRUCache` as `rocksdb_cache_create_lru` makes it).
//!
//! Keys are `(cache id, block offset)`: every open table takes a fresh id
//! from `new_id`, so tables of several databases never collide. Blocks are
//! `Arc<Block>`; an entry whose `Arc` is also held by a reader is "pinned":
//! it is never evicted while pinned and counts in `pinned_usage`.
//!
//! Thread-safe: each shard is a `parking_lot::Mutex`; the capacity and the id
//! counter are atomics.

use crate::table::block::Block;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

pub type CacheKey = (u64, u64);

/// No slot: the end of the recency list.
const NIL: u32 = u32::MAX;

/// One cached block, linked into its shard's recency list.
struct Node {
    key: CacheKey,
    block: Arc<Block>,
    charge: usize,
    /// The next older and the next newer entry (NIL at either end).
    older: u32,
    newer: u32,
}

/// One shard: a hash map from key to slot, and the slots in a slab threaded by a doubly linked
/// recency list, so a hit, an insert and an eviction are O(1). (The list was a BTreeMap of
/// ticks: a remove and an insert in it on every hit, a tenth of readrandom's instructions.)
struct Shard {
    map: HashMap<CacheKey, u32, BuildHasherDefault<KeyHasher>>,
    slots: Vec<Option<Node>>,
    /// Slots of `slots` that hold nothing, for reuse.
    free: Vec<u32>,
    oldest: u32,
    newest: u32,
    usage: usize,
}

impl Default for Shard {
    fn default() -> Shard {
        Shard { map: HashMap::default(), slots: Vec::new(), free: Vec::new(), oldest: NIL, newest: NIL, usage: 0 }
    }
}

impl Shard {
    fn node(&self, i: u32) -> &Node {
        self.slots[i as usize].as_ref().expect("block cache: a listed slot holds an entry")
    }

    fn node_mut(&mut self, i: u32) -> &mut Node {
        self.slots[i as usize].as_mut().expect("block cache: a listed slot holds an entry")
    }

    /// Takes slot `i` out of the recency list.
    fn unlink(&mut self, i: u32) {
        let (older, newer) = {
            let n = self.node(i);
            (n.older, n.newer)
        };
        match older {
            NIL => self.oldest = newer,
            o => self.node_mut(o).newer = newer,
        }
        match newer {
            NIL => self.newest = older,
            n => self.node_mut(n).older = older,
        }
    }

    /// Puts slot `i` (not in the list) at the newest end.
    fn link_newest(&mut self, i: u32) {
        let prev = self.newest;
        {
            let n = self.node_mut(i);
            n.older = prev;
            n.newer = NIL;
        }
        match prev {
            NIL => self.oldest = i,
            p => self.node_mut(p).newer = i,
        }
        self.newest = i;
    }

    fn touch(&mut self, key: &CacheKey) -> Option<Arc<Block>> {
        let i = *self.map.get(key)?;
        if self.newest != i {
            self.unlink(i);
            self.link_newest(i);
        }
        Some(self.node(i).block.clone())
    }

    fn add(&mut self, key: CacheKey, block: Arc<Block>, charge: usize) {
        let node = Some(Node { key, block, charge, older: NIL, newer: NIL });
        let i = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = node;
                i
            }
            None => {
                self.slots.push(node);
                (self.slots.len() - 1) as u32
            }
        };
        self.map.insert(key, i);
        self.link_newest(i);
        self.usage += charge;
    }

    fn remove(&mut self, key: &CacheKey) {
        if let Some(i) = self.map.remove(key) {
            self.free_slot(i);
        }
    }

    /// Unlinks and empties slot `i` (already out of the map).
    fn free_slot(&mut self, i: u32) {
        self.unlink(i);
        if let Some(n) = self.slots[i as usize].take() {
            self.usage -= n.charge;
        }
        self.free.push(i);
    }

    fn entries(&self) -> impl Iterator<Item = &Node> {
        self.slots.iter().flatten()
    }

    /// Evicts unpinned entries, oldest first, until usage <= capacity.
    fn evict_to(&mut self, capacity: usize) {
        let mut i = self.oldest;
        while self.usage > capacity && i != NIL {
            let (next, key, pinned) = {
                let n = self.node(i);
                (n.newer, n.key, Arc::strong_count(&n.block) > 1)
            };
            if !pinned {
                self.map.remove(&key);
                self.free_slot(i);
            }
            i = next;
        }
    }
}

/// The hash of a cache key: two multiply-xor rounds. The keys are table ids and block offsets
/// the engine makes, not input an attacker chooses, so SipHash's protection bought nothing and
/// cost a twentieth of a cache-missing read.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

/// An LRU cache of uncompressed table blocks (RocksDB's `LRUCache`, from `NewLRUCache`),
/// sharded by key hash. Share one between databases by setting it in
/// [`BlockBasedTableOptions::block_cache`](crate::BlockBasedTableOptions::block_cache).
pub struct BlockCache {
    shards: Vec<Mutex<Shard>>,
    shard_bits: u32,
    capacity: AtomicUsize,
    strict_capacity_limit: AtomicBool,
    next_id: AtomicU64,
    hits: AtomicU64,
    misses: AtomicU64,
    adds: AtomicU64,
}

/// Counters since the cache was made (the block-cache tickers' sources).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockCacheCounters {
    /// Lookups that found their block.
    pub hits: u64,
    /// Lookups that did not.
    pub misses: u64,
    /// Blocks inserted.
    pub adds: u64,
}

/// RocksDB's default shard count: shards of at least 512 KiB, at most 64.
fn default_shard_bits(capacity: usize) -> u32 {
    let mut bits = 0;
    let mut shards = capacity / (512 * 1024);
    loop {
        shards >>= 1;
        if shards == 0 {
            return bits;
        }
        bits += 1;
        if bits >= 6 {
            return bits;
        }
    }
}

impl BlockCache {
    /// A cache of `capacity` bytes in 2^`num_shard_bits` shards (negative: RocksDB's default,
    /// shards of at least 512 KiB, at most 64).
    pub fn new(capacity: usize, num_shard_bits: i32) -> Arc<BlockCache> {
        let bits = if num_shard_bits < 0 { default_shard_bits(capacity) } else { (num_shard_bits as u32).min(19) };
        let shards = (0..(1usize << bits)).map(|_| Mutex::new(Shard::default())).collect();
        Arc::new(BlockCache {
            shards,
            shard_bits: bits,
            capacity: AtomicUsize::new(capacity),
            strict_capacity_limit: AtomicBool::new(false),
            next_id: AtomicU64::new(1),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            adds: AtomicU64::new(0),
        })
    }

    /// With a strict limit, an insert that cannot fit (everything else
    /// pinned) is refused instead of overshooting the capacity.
    pub fn set_strict_capacity_limit(&self, strict: bool) {
        self.strict_capacity_limit.store(strict, Ordering::Relaxed);
    }

    /// Whether inserts past the capacity are refused.
    pub fn has_strict_capacity_limit(&self) -> bool {
        self.strict_capacity_limit.load(Ordering::Relaxed)
    }

    /// Number of entries in the cache (`rocksdb_cache_get_occupancy_count`).
    pub fn occupancy_count(&self) -> usize {
        self.shards.iter().map(|s| s.lock().map.len()).sum()
    }

    /// Slots allocated in the shards' hash tables (what RocksDB's GetTableAddressCount reports).
    pub fn table_address_count(&self) -> usize {
        self.shards.iter().map(|s| s.lock().map.capacity()).sum()
    }

    /// The capacity in bytes.
    pub fn capacity(&self) -> usize {
        self.capacity.load(Ordering::Relaxed)
    }

    /// log2 of the number of shards.
    pub fn num_shard_bits(&self) -> u32 {
        self.shard_bits
    }

    fn shard_capacity(&self) -> usize {
        self.capacity().div_ceil(self.shards.len())
    }

    /// Changes the capacity, evicting unpinned blocks down to it (RocksDB's `SetCapacity`).
    pub fn set_capacity(&self, capacity: usize) {
        self.capacity.store(capacity, Ordering::Relaxed);
        let per = self.shard_capacity();
        for s in &self.shards {
            s.lock().evict_to(per);
        }
    }

    /// Bytes charged by every entry in the cache.
    pub fn usage(&self) -> usize {
        self.shards.iter().map(|s| s.lock().usage).sum()
    }

    /// Bytes charged by entries also held outside the cache.
    pub fn pinned_usage(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().entries().filter(|e| Arc::strong_count(&e.block) > 1).map(|e| e.charge).sum::<usize>())
            .sum()
    }

    /// A fresh id for one table's keys.
    pub(crate) fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn shard(&self, key: &CacheKey) -> &Mutex<Shard> {
        // Mix both halves so consecutive offsets of one table spread out.
        let h = (key.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ key.1.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)) >> 32;
        let idx = (h as usize) & (self.shards.len() - 1);
        &self.shards[idx]
    }

    /// Inserts (or replaces) a block; returns whether it was inserted. Without
    /// a strict limit an entry always goes in, even past the capacity, and
    /// leaves as soon as nobody holds it; with one, an entry that cannot fit
    /// after evicting every unpinned entry is refused (the reader then serves
    /// the block uncached).
    pub(crate) fn insert(&self, key: CacheKey, block: Arc<Block>, charge: usize) -> bool {
        let per = self.shard_capacity();
        let mut s = self.shard(&key).lock();
        s.remove(&key);
        if self.has_strict_capacity_limit() && s.usage + charge > per {
            s.evict_to(per.saturating_sub(charge));
            if s.usage + charge > per {
                return false;
            }
        }
        s.add(key, block, charge);
        s.evict_to(per);
        self.adds.fetch_add(1, Ordering::Relaxed);
        true
    }

    pub(crate) fn lookup(&self, key: &CacheKey) -> Option<Arc<Block>> {
        let found = self.shard(key).lock().touch(key);
        let counter = if found.is_some() { &self.hits } else { &self.misses };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// Hits, misses and inserts since the cache was made.
    pub fn counters(&self) -> BlockCacheCounters {
        BlockCacheCounters {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            adds: self.adds.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn erase(&self, key: &CacheKey) {
        self.shard(key).lock().remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blk(n: usize) -> Arc<Block> {
        let mut d = vec![0u8; n];
        d.extend_from_slice(&[0, 0, 0, 0, 1, 0, 0, 0]);
        Arc::new(Block::new(d))
    }

    #[test]
    fn lru_eviction_and_pinning() {
        let c = BlockCache::new(1000, 0);
        let id = c.new_id();
        assert_ne!(id, c.new_id());
        for i in 0..10u64 {
            c.insert((id, i), blk(10), 100);
        }
        assert_eq!(c.usage(), 1000);
        assert!(c.lookup(&(id, 0)).is_some()); // now most recent
        assert!(c.lookup(&(id, 99)).is_none());
        assert_eq!(c.counters(), BlockCacheCounters { hits: 1, misses: 1, adds: 10 });
        c.insert((id, 10), blk(10), 100);
        assert!(c.lookup(&(id, 1)).is_none(), "oldest unpinned entry evicted");
        assert!(c.lookup(&(id, 0)).is_some());
        assert_eq!(c.usage(), 1000);
        let pinned = c.lookup(&(id, 2)).unwrap();
        assert_eq!(c.pinned_usage(), 100);
        c.set_capacity(100);
        assert!(c.lookup(&(id, 2)).is_some(), "pinned entry survives");
        assert_eq!(c.usage(), 100);
        drop(pinned);
        assert_eq!(c.pinned_usage(), 0);
        c.set_capacity(0);
        assert_eq!(c.usage(), 0);
        assert_eq!(c.capacity(), 0);
    }

    #[test]
    fn strict_limit_refuses_what_cannot_fit() {
        let c = BlockCache::new(250, 0);
        c.set_strict_capacity_limit(true);
        let id = c.new_id();
        let a = blk(1);
        let b = blk(1);
        assert!(c.insert((id, 1), a.clone(), 100));
        assert!(c.insert((id, 2), b.clone(), 100));
        // Both pinned by a and b: a third cannot fit.
        assert!(!c.insert((id, 3), blk(1), 100));
        assert_eq!(c.occupancy_count(), 2);
        drop(a);
        assert!(c.insert((id, 3), blk(1), 100));
        assert!(c.lookup(&(id, 1)).is_none());
        assert_eq!(c.usage(), 200);
        drop(b);
    }

    #[test]
    fn evicts_in_recency_order_and_reuses_slots() {
        let c = BlockCache::new(500, 0);
        let id = c.new_id();
        for i in 0..5u64 {
            c.insert((id, i), blk(1), 100);
        }
        // Recency now, oldest first: 0 1 3 4 2.
        assert!(c.lookup(&(id, 2)).is_some());
        let mut gone = Vec::new();
        for cap in [400, 300, 200, 100, 0] {
            c.set_capacity(cap);
            for i in 0..5u64 {
                if !gone.contains(&i) && c.shards[0].lock().map.get(&(id, i)).is_none() {
                    gone.push(i);
                }
            }
        }
        assert_eq!(gone, vec![0, 1, 3, 4, 2]);
        // Refilling an emptied cache reuses the freed slots instead of growing the slab.
        c.set_capacity(500);
        for round in 0..10u64 {
            for i in 0..5u64 {
                c.insert((id, 100 + round * 5 + i), blk(1), 100);
            }
        }
        assert_eq!(c.occupancy_count(), 5);
        assert!(c.shards[0].lock().slots.len() <= 6, "slab grew to {}", c.shards[0].lock().slots.len());
        assert_eq!(c.usage(), 500);
    }

    #[test]
    fn default_shards() {
        assert_eq!(BlockCache::new(32 << 20, -1).num_shard_bits(), 6);
        assert_eq!(BlockCache::new(1 << 20, -1).num_shard_bits(), 1);
        assert_eq!(BlockCache::new(1000, -1).num_shard_bits(), 0);
    }
}
