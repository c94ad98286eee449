//! Lock buckets of optimistic transactions (RocksDB's `OccLockBuckets`,
//! include/rocksdb/utilities/optimistic_transaction_db.h): striped mutexes a committing
//! optimistic transaction takes, one per bucket its keys hash to, around its validation and
//! write (RocksDB's kValidateParallel). A database makes its own (`occ_lock_buckets` of them)
//! unless it is given buckets shared with other databases.
//!
//! Thread-safety: any number of committers; each takes its buckets in ascending order, so two
//! committers never wait on each other in a cycle.

use crate::util::padded::CachePadded;
use parking_lot::{Mutex, MutexGuard};

enum Stripes {
    Packed(Vec<Mutex<()>>),
    /// Each mutex on cache lines of its own (no false sharing, more memory).
    CacheAligned(Vec<CachePadded<Mutex<()>>>),
}

/// Striped mutexes an optimistic commit locks for its keys (RocksDB's `OccLockBuckets`), shareable between databases.
pub struct OccLockBuckets {
    stripes: Stripes,
}

impl OccLockBuckets {
    /// `bucket_count` buckets (at least one).
    pub fn new(bucket_count: usize, cache_aligned: bool) -> OccLockBuckets {
        let n = bucket_count.max(1);
        let stripes = if cache_aligned {
            Stripes::CacheAligned((0..n).map(|_| CachePadded(Mutex::new(()))).collect())
        } else {
            Stripes::Packed((0..n).map(|_| Mutex::new(())).collect())
        };
        OccLockBuckets { stripes }
    }

    fn len(&self) -> usize {
        match &self.stripes {
            Stripes::Packed(v) => v.len(),
            Stripes::CacheAligned(v) => v.len(),
        }
    }

    fn bucket(&self, i: usize) -> &Mutex<()> {
        match &self.stripes {
            Stripes::Packed(v) => &v[i],
            Stripes::CacheAligned(v) => &v[i].0,
        }
    }

    /// The memory the buckets take: the object and its stripes, as RocksDB's Striped counts
    /// it (without the allocator's overhead).
    pub fn approximate_memory_usage(&self) -> usize {
        let stripe = match &self.stripes {
            Stripes::Packed(_) => std::mem::size_of::<Mutex<()>>(),
            Stripes::CacheAligned(_) => std::mem::size_of::<CachePadded<Mutex<()>>>(),
        };
        std::mem::size_of::<Self>() + self.len() * stripe
    }

    /// The bucket of key `key` of column family `cf`, hashed with `seed` (which sets
    /// databases apart, as RocksDB seeds with the database's address and the family).
    fn bucket_of(&self, seed: u64, cf: u32, key: &[u8]) -> usize {
        let s = seed.wrapping_add(0xb83c07fbc6ced699u64.wrapping_mul(cf as u64));
        let h = crate::util::xxph3::xxph3_64(key) ^ s;
        // A final mix so that the seed moves every key.
        let h = (h ^ (h >> 33)).wrapping_mul(0xff51afd7ed558ccd);
        ((h ^ (h >> 33)) % self.len() as u64) as usize
    }

    /// Locks the buckets of `keys` (column family, key) in ascending order, each once; held
    /// until the guards drop.
    pub fn lock<'a>(&self, seed: u64, keys: impl Iterator<Item = (u32, &'a [u8])>) -> Vec<MutexGuard<'_, ()>> {
        let mut idx: Vec<usize> = keys.map(|(cf, k)| self.bucket_of(seed, cf, k)).collect();
        idx.sort_unstable();
        idx.dedup();
        idx.into_iter().map(|i| self.bucket(i).lock()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_grows_with_the_buckets_and_with_alignment() {
        let small = OccLockBuckets::new(128, false).approximate_memory_usage();
        let aligned = OccLockBuckets::new(128, true).approximate_memory_usage();
        assert!(small > 0 && aligned >= small + 128 * 127);
        assert!(OccLockBuckets::new(1024, false).approximate_memory_usage() > small);
    }

    #[test]
    fn a_key_maps_to_one_bucket_and_keys_are_locked_once_in_order() {
        let b = OccLockBuckets::new(4, false);
        let keys: Vec<(u32, &[u8])> = vec![(0, b"a"), (0, b"b"), (0, b"a"), (1, b"a"), (0, b"c"), (0, b"d"), (0, b"e")];
        let guards = b.lock(7, keys.into_iter());
        assert!(!guards.is_empty() && guards.len() <= 4, "deduplicated buckets");
        // Each key's bucket is held until the guards drop.
        for (cf, k) in [(0u32, &b"a"[..]), (1, b"a"), (0, b"e")] {
            assert!(b.bucket(b.bucket_of(7, cf, k)).try_lock().is_none(), "held");
        }
        drop(guards);
        assert!(b.bucket(b.bucket_of(7, 0, b"a")).try_lock().is_some(), "released");
    }
}
