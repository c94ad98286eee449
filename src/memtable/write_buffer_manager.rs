//! RocksDB's WriteBufferManager: one budget for the memtable memory of every column family
//! and database opened with it. It owns the accounting only: memtable arenas report each
//! block they allocate (`reserve`), a memtable that stops taking writes reports its bytes as
//! no longer mutable (`schedule_free`), and a dropped arena returns them (`free`). The write
//! path (src/db/write.rs) asks `should_flush` and `should_stall` and acts on them.
//!
//! The rules are RocksDB's (include/rocksdb/write_buffer_manager.h):
//! - flush when the mutable memtables hold more than 7/8 of `buffer_size`, or when all
//!   memtables hold `buffer_size` and the mutable ones at least half of it (so the
//!   immutable ones already on their way to disk are given a chance first);
//! - with `allow_stall`, writes wait while all memtables hold `buffer_size` or more;
//! - with a cache, the memory is charged to it in 256 KiB dummy entries that stay pinned
//!   while charged, so block-cache entries are evicted to make room for memtables.
//!
//! A `buffer_size` of 0 disables the budget (`enabled` false); memory is still counted,
//! and charged to a cache when there is one, as RocksDB does.

use crate::table::block::Block;
use crate::table::cache::{BlockCache, CacheKey};
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// RocksDB's `CacheReservationManager` unit (kSizeDummyEntry).
pub const DUMMY_ENTRY_SIZE: usize = 256 << 10;

/// The cache the memory is charged to, and the dummy entries charged so far (held here,
/// so the cache counts them as pinned and never evicts them).
struct CacheCharge {
    cache: Arc<BlockCache>,
    id: u64,
    entries: Mutex<Vec<(CacheKey, Arc<Block>)>>,
}

/// A memtable memory budget shared by column families and databases (RocksDB's
/// `WriteBufferManager`): past it, the largest memtable is flushed and, with `allow_stall`,
/// writes wait. With a block cache, the memory is also charged to the cache.
pub struct WriteBufferManager {
    buffer_size: AtomicUsize,
    allow_stall: AtomicBool,
    /// Bytes of every memtable arena block alive (mutable or not).
    memory_used: AtomicUsize,
    /// Bytes of the memtables still taking writes.
    mutable_used: AtomicUsize,
    charge: Option<CacheCharge>,
}

impl std::fmt::Debug for WriteBufferManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WriteBufferManager")
            .field("buffer_size", &self.buffer_size())
            .field("memory_used", &self.memory_usage())
            .finish()
    }
}

impl WriteBufferManager {
    /// A manager with a budget of `buffer_size` bytes (0: no limit, memory only counted),
    /// charging `cache` when given; `allow_stall` stops writes while memory is over budget.
    pub fn new(buffer_size: usize, cache: Option<Arc<BlockCache>>, allow_stall: bool) -> Arc<WriteBufferManager> {
        Arc::new(WriteBufferManager {
            buffer_size: AtomicUsize::new(buffer_size),
            allow_stall: AtomicBool::new(allow_stall),
            memory_used: AtomicUsize::new(0),
            mutable_used: AtomicUsize::new(0),
            charge: cache.map(|cache| CacheCharge { id: cache.new_id(), cache, entries: Mutex::new(Vec::new()) }),
        })
    }

    /// Whether a budget is set (`buffer_size` > 0).
    pub fn enabled(&self) -> bool {
        self.buffer_size() > 0
    }

    /// Whether memory is charged to a block cache.
    pub fn cost_to_cache(&self) -> bool {
        self.charge.is_some()
    }

    /// The budget in bytes.
    pub fn buffer_size(&self) -> usize {
        self.buffer_size.load(Ordering::Relaxed)
    }

    /// Changes the budget (RocksDB's `SetBufferSize`).
    pub fn set_buffer_size(&self, size: usize) {
        self.buffer_size.store(size, Ordering::Relaxed);
    }

    /// Whether writes stall while memory is over budget.
    pub fn allow_stall(&self) -> bool {
        self.allow_stall.load(Ordering::Relaxed)
    }

    /// Turns stalling on or off (RocksDB's `SetAllowStall`).
    pub fn set_allow_stall(&self, on: bool) {
        self.allow_stall.store(on, Ordering::Relaxed);
    }

    /// Bytes of all memtables counted, mutable or not.
    pub fn memory_usage(&self) -> usize {
        self.memory_used.load(Ordering::Relaxed)
    }

    /// Bytes of the memtables still taking writes.
    pub fn mutable_memtable_memory_usage(&self) -> usize {
        self.mutable_used.load(Ordering::Relaxed)
    }

    /// Bytes charged to the cache (a multiple of DUMMY_ENTRY_SIZE); 0 without a cache.
    pub fn dummy_entries_in_cache_usage(&self) -> usize {
        self.charge.as_ref().map_or(0, |c| c.entries.lock().len() * DUMMY_ENTRY_SIZE)
    }

    /// RocksDB's ShouldFlush (see the module comment).
    pub fn should_flush(&self) -> bool {
        let size = self.buffer_size();
        if size == 0 {
            return false;
        }
        let mutable = self.mutable_memtable_memory_usage();
        mutable > size / 8 * 7 || (self.memory_usage() >= size && mutable >= size / 2)
    }

    /// RocksDB's ShouldStall: only with allow_stall.
    pub fn should_stall(&self) -> bool {
        self.allow_stall() && self.enabled() && self.memory_usage() >= self.buffer_size()
    }

    /// A memtable arena allocated `bytes` more.
    pub(crate) fn reserve(&self, bytes: usize) {
        let used = self.memory_used.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.mutable_used.fetch_add(bytes, Ordering::Relaxed);
        self.update_charge(used);
    }

    /// A memtable holding `bytes` stopped taking writes (it became immutable).
    pub(crate) fn schedule_free(&self, bytes: usize) {
        let _ = self.mutable_used.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |m| Some(m.saturating_sub(bytes)));
    }

    /// A memtable arena holding `bytes` was dropped.
    pub(crate) fn free(&self, bytes: usize) {
        let mut used = 0;
        let _ = self.memory_used.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |m| {
            used = m.saturating_sub(bytes);
            Some(used)
        });
        self.update_charge(used);
    }

    /// Charges the cache the memory in use, rounded up to whole dummy entries.
    fn update_charge(&self, used: usize) {
        let Some(c) = &self.charge else { return };
        let want = used.div_ceil(DUMMY_ENTRY_SIZE);
        let mut entries = c.entries.lock();
        while entries.len() < want {
            let key = (c.id, entries.len() as u64);
            let block = Arc::new(Block::new(Vec::new()));
            c.cache.insert(key, block.clone(), DUMMY_ENTRY_SIZE);
            entries.push((key, block));
        }
        while entries.len() > want {
            if let Some((key, _)) = entries.pop() {
                c.cache.erase(&key);
            }
        }
    }
}

impl Drop for WriteBufferManager {
    fn drop(&mut self) {
        if let Some(c) = &self.charge {
            for (key, _) in c.entries.lock().drain(..) {
                c.cache.erase(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flush_and_stall_follow_rocksdb_rules() {
        let m = WriteBufferManager::new(800, None, true);
        assert!(m.enabled() && !m.cost_to_cache());
        m.reserve(700);
        assert!(!m.should_flush(), "700 mutable is exactly 7/8 of 800");
        m.reserve(10);
        assert!(m.should_flush(), "mutable above 7/8");
        m.schedule_free(710);
        assert_eq!((m.memory_usage(), m.mutable_memtable_memory_usage()), (710, 0));
        assert!(!m.should_flush(), "immutable memory alone does not ask for a flush");
        m.reserve(400);
        assert!(m.should_flush(), "all memtables at the budget and the mutable at half of it");
        assert!(m.should_stall());
        m.free(710);
        assert_eq!(m.memory_usage(), 400);
        assert!(!m.should_stall() && !m.should_flush());
        m.set_allow_stall(false);
        m.reserve(400);
        assert!(!m.should_stall(), "no stall without allow_stall");
        m.set_buffer_size(0);
        assert!(!m.enabled() && !m.should_flush());
    }

    #[test]
    fn memory_is_charged_to_the_cache_in_pinned_dummy_entries() {
        let cache = BlockCache::new(4 << 20, 0);
        let m = WriteBufferManager::new(1 << 20, Some(cache.clone()), false);
        assert!(m.cost_to_cache());
        m.reserve(1);
        assert_eq!(m.dummy_entries_in_cache_usage(), DUMMY_ENTRY_SIZE);
        m.reserve(DUMMY_ENTRY_SIZE);
        assert_eq!(m.dummy_entries_in_cache_usage(), 2 * DUMMY_ENTRY_SIZE);
        assert_eq!(cache.usage(), 2 * DUMMY_ENTRY_SIZE);
        assert_eq!(cache.pinned_usage(), 2 * DUMMY_ENTRY_SIZE, "held by the manager, so never evicted");
        m.free(DUMMY_ENTRY_SIZE + 1);
        assert_eq!((m.dummy_entries_in_cache_usage(), cache.usage()), (0, 0));
        m.reserve(3 * DUMMY_ENTRY_SIZE);
        drop(m);
        assert_eq!(cache.usage(), 0, "a dropped manager releases its charge");
    }
}
