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
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

pub type CacheKey = (u64, u64);

struct Entry {
    block: Arc<Block>,
    charge: usize,
    tick: u64,
}

#[derive(Default)]
struct Shard {
    map: HashMap<CacheKey, Entry>,
    /// Recency order: oldest tick first.
    lru: BTreeMap<u64, CacheKey>,
    usage: usize,
    next_tick: u64,
}

impl Shard {
    fn touch(&mut self, key: &CacheKey) -> Option<Arc<Block>> {
        let tick = self.next_tick;
        let e = self.map.get_mut(key)?;
        self.lru.remove(&e.tick);
        e.tick = tick;
        self.lru.insert(tick, *key);
        self.next_tick += 1;
        Some(e.block.clone())
    }

    fn remove(&mut self, key: &CacheKey) {
        if let Some(e) = self.map.remove(key) {
            self.lru.remove(&e.tick);
            self.usage -= e.charge;
        }
    }

    /// Evicts unpinned entries, oldest first, until usage <= capacity.
    fn evict_to(&mut self, capacity: usize) {
        if self.usage <= capacity {
            return;
        }
        let mut victims = Vec::new();
        let mut freed = 0usize;
        for (_, key) in self.lru.iter() {
            if self.usage - freed <= capacity {
                break;
            }
            if let Some(e) = self.map.get(key) {
                if Arc::strong_count(&e.block) == 1 {
                    freed += e.charge;
                    victims.push(*key);
                }
            }
        }
        for k in victims {
            self.remove(&k);
        }
    }
}

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
    pub hits: u64,
    pub misses: u64,
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

    pub fn capacity(&self) -> usize {
        self.capacity.load(Ordering::Relaxed)
    }

    pub fn num_shard_bits(&self) -> u32 {
        self.shard_bits
    }

    fn shard_capacity(&self) -> usize {
        self.capacity().div_ceil(self.shards.len())
    }

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
            .map(|s| s.lock().map.values().filter(|e| Arc::strong_count(&e.block) > 1).map(|e| e.charge).sum::<usize>())
            .sum()
    }

    /// A fresh id for one table's keys.
    pub fn new_id(&self) -> u64 {
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
    pub fn insert(&self, key: CacheKey, block: Arc<Block>, charge: usize) -> bool {
        let per = self.shard_capacity();
        let mut s = self.shard(&key).lock();
        s.remove(&key);
        if self.has_strict_capacity_limit() && s.usage + charge > per {
            s.evict_to(per.saturating_sub(charge));
            if s.usage + charge > per {
                return false;
            }
        }
        let tick = s.next_tick;
        s.next_tick += 1;
        s.map.insert(key, Entry { block, charge, tick });
        s.lru.insert(tick, key);
        s.usage += charge;
        s.evict_to(per);
        self.adds.fetch_add(1, Ordering::Relaxed);
        true
    }

    pub fn lookup(&self, key: &CacheKey) -> Option<Arc<Block>> {
        let found = self.shard(key).lock().touch(key);
        let counter = if found.is_some() { &self.hits } else { &self.misses };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    pub fn counters(&self) -> BlockCacheCounters {
        BlockCacheCounters {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            adds: self.adds.load(Ordering::Relaxed),
        }
    }

    pub fn erase(&self, key: &CacheKey) {
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
    fn default_shards() {
        assert_eq!(BlockCache::new(32 << 20, -1).num_shard_bits(), 6);
        assert_eq!(BlockCache::new(1 << 20, -1).num_shard_bits(), 1);
        assert_eq!(BlockCache::new(1000, -1).num_shard_bits(), 0);
    }
}
