//! The memtable's arena: memory handed out by bump allocation from large
//! blocks and released all at once when the arena is dropped, as RocksDB's
//! `Arena`/`ConcurrentArena` do for its memtables. It exists so that a
//! memtable entry costs its bytes plus a few words of skiplist links, instead
//! of a heap allocation with its own header per entry, and so that the memory
//! a memtable holds is exactly the bytes of its blocks (what
//! `write_buffer_size` is compared to).
//!
//! Thread-safety: `Arena` is `Send + Sync`. `allocate` may be called from
//! many threads at once: within the current block a thread claims its bytes
//! with one atomic `fetch_add` on the block's fill offset; a mutex is taken
//! only to install a new block (or a dedicated block for a large request).
//! Memory handed out is never reused or moved while the arena lives.

#![allow(unsafe_code)]

use parking_lot::Mutex;
use std::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
use std::ptr::NonNull;
use super::write_buffer_manager::WriteBufferManager;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Every allocation starts at a multiple of this (the skiplist stores atomic
/// words at the start of its nodes).
pub const ALIGN: usize = 8;

/// RocksDB's bounds on an arena block (`Arena::kMinBlockSize`, `kMaxBlockSize`).
pub const MIN_BLOCK_SIZE: usize = 4 << 10;
pub const MAX_BLOCK_SIZE: usize = 1 << 30;

/// The block size RocksDB picks when `arena_block_size` is not set
/// (SanitizeCfOptions): write_buffer_size / 8, at most 1 MiB, rounded up to
/// 4 KiB, within [MIN_BLOCK_SIZE, MAX_BLOCK_SIZE].
pub fn block_size_for_write_buffer(write_buffer_size: usize) -> usize {
    let b = (write_buffer_size / 8).min(1 << 20);
    let b = b.div_ceil(MIN_BLOCK_SIZE) * MIN_BLOCK_SIZE;
    b.clamp(MIN_BLOCK_SIZE, MAX_BLOCK_SIZE)
}

/// One block of zeroed memory, owned by the arena.
struct Block {
    base: NonNull<u8>,
    layout: Layout,
    /// Bytes claimed so far; may run past `layout.size()` when threads race for
    /// the last bytes (those claims fail and move to a new block).
    used: AtomicUsize,
}

impl Block {
    fn new(size: usize, used: usize) -> Box<Block> {
        let layout = match Layout::from_size_align(size.max(ALIGN), ALIGN) {
            Ok(l) => l,
            // Only a size near usize::MAX gets here: the allocation could never succeed.
            Err(_) => handle_alloc_error(Layout::new::<u8>()),
        };
        // SAFETY: the layout has a non-zero size (at least ALIGN).
        let ptr = unsafe { alloc_zeroed(layout) };
        let Some(base) = NonNull::new(ptr) else { handle_alloc_error(layout) };
        Box::new(Block { base, layout, used: AtomicUsize::new(used) })
    }

    fn size(&self) -> usize {
        self.layout.size()
    }

    /// Claims `size` bytes (a multiple of ALIGN); None when the block is full.
    #[inline]
    fn try_claim(&self, size: usize) -> Option<NonNull<u8>> {
        let offset = self.used.fetch_add(size, Ordering::Relaxed);
        if offset.checked_add(size)? > self.size() {
            return None;
        }
        // SAFETY: offset + size <= the block's size, so the result stays inside
        // the allocation that `base` points to.
        Some(unsafe { self.base.add(offset) })
    }

    fn unused(&self) -> usize {
        self.size().saturating_sub(self.used.load(Ordering::Relaxed))
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        // SAFETY: `base` was returned by `alloc_zeroed(self.layout)` and is freed once, here.
        unsafe { dealloc(self.base.as_ptr(), self.layout) }
    }
}

/// A concurrent bump allocator over blocks; see the module comment.
pub struct Arena {
    block_size: usize,
    /// The block new allocations come from; null until the first allocation.
    /// Points into a `Box` held by `blocks`, so it stays valid while `self` lives.
    current: AtomicPtr<Block>,
    /// Boxed so that a block (and the `used` counter `current` leads to) keeps
    /// its address when the vector grows.
    #[allow(clippy::vec_box)]
    blocks: Mutex<Vec<Box<Block>>>,
    /// Bytes of all blocks allocated.
    allocated: AtomicUsize,
    /// The write buffer manager told of every block (set before the first allocation).
    tracker: OnceLock<Arc<WriteBufferManager>>,
    /// Set once the memtable stops taking writes (`mark_immutable`).
    immutable: AtomicBool,
}

// SAFETY: the raw pointers inside `Arena` (`current`, each block's `base`) point
// to memory the arena owns and frees only in `drop`. Shared state is reached
// through atomics (`current`, `used`, `allocated`) or the `blocks` mutex; the
// bytes handed out by `allocate` are exclusively the caller's, so no two
// threads are given the same bytes.
unsafe impl Send for Arena {}
// SAFETY: see `Send` above; `&Arena` only allows `allocate` and reads of counters.
unsafe impl Sync for Arena {}

impl Arena {
    /// An arena whose regular blocks are `block_size` bytes (clamped to
    /// [MIN_BLOCK_SIZE, MAX_BLOCK_SIZE]); nothing is allocated until the first request.
    pub fn new(block_size: usize) -> Arena {
        let block_size = block_size.clamp(MIN_BLOCK_SIZE, MAX_BLOCK_SIZE).div_ceil(ALIGN) * ALIGN;
        Arena {
            block_size,
            current: AtomicPtr::new(std::ptr::null_mut()),
            blocks: Mutex::new(Vec::new()),
            allocated: AtomicUsize::new(0),
            tracker: OnceLock::new(),
            immutable: AtomicBool::new(false),
        }
    }

    /// Reports every block from now on to `wbm` (RocksDB's AllocTracker). Only on an arena
    /// that has allocated nothing yet, so the manager sees all of it; a second call is ignored.
    pub fn track_with(&self, wbm: Arc<WriteBufferManager>) {
        debug_assert_eq!(self.memory_allocated(), 0);
        let _ = self.tracker.set(wbm);
    }

    /// The memtable stopped taking writes: its bytes no longer count as mutable.
    pub fn mark_immutable(&self) {
        if !self.immutable.swap(true, Ordering::AcqRel) {
            if let Some(t) = self.tracker.get() {
                t.schedule_free(self.memory_allocated());
            }
        }
    }

    /// Counts `bytes` of a new block, and tells the tracker.
    fn account(&self, bytes: usize) {
        self.allocated.fetch_add(bytes, Ordering::Relaxed);
        if let Some(t) = self.tracker.get() {
            t.reserve(bytes);
            if self.immutable.load(Ordering::Acquire) {
                t.schedule_free(bytes);
            }
        }
    }

    pub fn block_size(&self) -> usize {
        self.block_size
    }

    /// Bytes of every block allocated so far (RocksDB's `MemoryAllocatedBytes`).
    pub fn memory_allocated(&self) -> usize {
        self.allocated.load(Ordering::Relaxed)
    }

    /// Bytes left in the current block (RocksDB's `AllocatedAndUnused`).
    pub fn allocated_and_unused(&self) -> usize {
        let cur = self.current.load(Ordering::Acquire);
        if cur.is_null() {
            return 0;
        }
        // SAFETY: a non-null `current` points to a block boxed in `self.blocks`,
        // which is never freed before `self` is dropped.
        unsafe { &*cur }.unused()
    }

    /// `size` bytes (rounded up to ALIGN), aligned to ALIGN and zeroed, for the
    /// caller alone; valid until the arena is dropped. A request larger than a
    /// quarter block gets a block of its own, so big values waste no block tail.
    pub fn allocate(&self, size: usize) -> NonNull<u8> {
        let size = size.max(1).div_ceil(ALIGN) * ALIGN;
        if size > self.block_size / 4 {
            return self.allocate_dedicated(size);
        }
        loop {
            let cur = self.current.load(Ordering::Acquire);
            if !cur.is_null() {
                // SAFETY: as in `allocated_and_unused`, a non-null `current` is a live block.
                if let Some(p) = unsafe { &*cur }.try_claim(size) {
                    return p;
                }
            }
            if let Some(p) = self.install_block(cur, size) {
                return p;
            }
        }
    }

    /// Replaces the full block `seen` with a new one whose first `size` bytes
    /// go to the caller; when another thread replaced it first, returns None
    /// and the caller retries on that thread's block.
    #[cold]
    fn install_block(&self, seen: *mut Block, size: usize) -> Option<NonNull<u8>> {
        let mut blocks = self.blocks.lock();
        if self.current.load(Ordering::Acquire) != seen {
            return None;
        }
        let block = Block::new(self.block_size, size);
        let p = block.base;
        let ptr: *const Block = &*block;
        blocks.push(block);
        self.account(self.block_size);
        // Release: a thread that loads the new block sees it initialised.
        self.current.store(ptr.cast_mut(), Ordering::Release);
        Some(p)
    }

    #[cold]
    fn allocate_dedicated(&self, size: usize) -> NonNull<u8> {
        let block = Block::new(size, size);
        let p = block.base;
        self.blocks.lock().push(block);
        self.account(size);
        p
    }
}

impl Drop for Arena {
    /// The blocks go (each `Block` frees its memory); the tracker is told.
    fn drop(&mut self) {
        if let Some(t) = self.tracker.get() {
            let bytes = self.memory_allocated();
            if !self.immutable.load(Ordering::Acquire) {
                t.schedule_free(bytes);
            }
            t.free(bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::Arc;

    #[test]
    fn block_size_follows_rocksdb_default() {
        assert_eq!(block_size_for_write_buffer(64 << 20), 1 << 20);
        assert_eq!(block_size_for_write_buffer(4 << 20), 512 << 10);
        assert_eq!(block_size_for_write_buffer(64 << 10), 8 << 10);
        assert_eq!(block_size_for_write_buffer(100_000), 16 << 10, "12.5 KB rounds up to 4 KiB");
        assert_eq!(block_size_for_write_buffer(1000), MIN_BLOCK_SIZE);
    }

    #[test]
    fn allocations_are_aligned_disjoint_and_counted_by_block() {
        let a = Arena::new(4096);
        assert_eq!(a.memory_allocated(), 0);
        assert_eq!(a.allocated_and_unused(), 0);
        let mut spans = Vec::new();
        for i in 0..300usize {
            let n = 1 + i % 37;
            let p = a.allocate(n);
            assert_eq!(p.as_ptr() as usize % ALIGN, 0);
            spans.push((p.as_ptr() as usize, n));
        }
        spans.sort_unstable();
        for w in spans.windows(2) {
            assert!(w[0].0 + w[0].1 <= w[1].0, "allocations overlap");
        }
        // 300 requests of 8..40 bytes rounded to 8: about 7.5 KB, so two or three 4 KiB blocks.
        let blocks = a.memory_allocated() / 4096;
        assert!((2..=3).contains(&blocks), "{blocks} blocks");
        assert_eq!(a.memory_allocated() % 4096, 0);
        assert!(a.allocated_and_unused() < 4096);
        // A large request gets its own block and leaves the current one alone.
        let unused = a.allocated_and_unused();
        let before = a.memory_allocated();
        a.allocate(2000);
        assert_eq!(a.memory_allocated(), before + 2000);
        assert_eq!(a.allocated_and_unused(), unused);
    }

    #[test]
    fn threads_never_get_the_same_bytes() {
        let a = Arc::new(Arena::new(4096));
        let handles: Vec<_> = (0..4u8)
            .map(|t| {
                let a = Arc::clone(&a);
                std::thread::spawn(move || {
                    let mut mine = Vec::new();
                    for i in 0..5000usize {
                        let n = 8 + (i * 7 + t as usize) % 200;
                        let p = a.allocate(n);
                        // SAFETY: the arena gave these n bytes to this thread alone.
                        unsafe { std::ptr::write_bytes(p.as_ptr(), t + 1, n) };
                        mine.push((p.as_ptr() as usize, n));
                    }
                    mine
                })
            })
            .collect();
        let mut all = Vec::new();
        for (t, h) in handles.into_iter().enumerate() {
            let mine = h.join().unwrap();
            for &(p, n) in &mine {
                // SAFETY: the arena is alive and these bytes were written above.
                let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, n) };
                assert!(bytes.iter().all(|&b| b == t as u8 + 1), "another thread wrote into thread {t}'s bytes");
            }
            all.extend(mine);
        }
        let starts: HashSet<usize> = all.iter().map(|s| s.0).collect();
        assert_eq!(starts.len(), all.len());
        all.sort_unstable();
        for w in all.windows(2) {
            assert!(w[0].0 + w[0].1 <= w[1].0, "allocations overlap");
        }
    }
}
