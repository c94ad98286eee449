//! `MemTablePrefixBloom`: the bloom filter a memtable keeps of the prefixes
//! (and, with `memtable_whole_key_filtering`, the whole keys) written to it,
//! RocksDB's memtable DynamicBloom. Sized at `write_buffer_size *
//! memtable_prefix_bloom_size_ratio` bytes (the ratio clipped to 0.25 as
//! RocksDB sanitizes it); a Get consults it before searching the memtable, a
//! seek in prefix mode before positioning in it (`iter::prefix_filter`).
//!
//! Nothing of it is written to disk, so its layout is ours: 512-bit blocks,
//! one block per entry chosen by the low half of the entry's XXPH3 hash, six
//! probes inside the block from the high half (cache-local, like the table
//! filter in `table::filter`).
//!
//! Thread-safety: `add` may run on many threads at once and concurrently
//! with readers (bits are set with atomic OR and never cleared). An entry
//! added before the writer publishes its sequence number is seen by every
//! reader of that sequence (the publish is a release store after the adds).

use crate::prefix::SliceTransform;
use crate::util::xxph3::xxph3_64;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

const WORDS_PER_BLOCK: usize = 8;
const NUM_PROBES: u32 = 6;
/// RocksDB's cap on memtable_prefix_bloom_size_ratio.
const MAX_SIZE_RATIO: f64 = 0.25;
/// The bloom's bit count is a u32 in RocksDB; the same cap bounds ours.
const MAX_BITS: u64 = u32::MAX as u64;
/// Steps the probe position within a block (32-bit golden ratio).
const PROBE_STEP: u32 = 0x9e37_79b9;

pub struct MemTablePrefixBloom {
    words: Box<[AtomicU64]>,
    num_blocks: u32,
    extractor: Option<Arc<dyn SliceTransform>>,
    whole_key_filtering: bool,
}

impl MemTablePrefixBloom {
    /// None when the options ask for no bloom: a ratio of 0 (the default), or
    /// neither a prefix extractor nor whole-key filtering to fill it with.
    pub fn new(
        write_buffer_size: usize,
        size_ratio: f64,
        extractor: Option<Arc<dyn SliceTransform>>,
        whole_key_filtering: bool,
    ) -> Option<MemTablePrefixBloom> {
        if size_ratio.is_nan() || size_ratio <= 0.0 || (extractor.is_none() && !whole_key_filtering) {
            return None;
        }
        let bits = ((write_buffer_size as f64) * size_ratio.min(MAX_SIZE_RATIO) * 8.0) as u64;
        let bits = bits.min(MAX_BITS);
        if bits == 0 {
            return None;
        }
        let block_bits = (WORDS_PER_BLOCK * 64) as u64;
        let num_blocks = bits.div_ceil(block_bits) as u32;
        let words = (0..num_blocks as usize * WORDS_PER_BLOCK).map(|_| AtomicU64::new(0)).collect();
        Some(MemTablePrefixBloom { words, num_blocks, extractor, whole_key_filtering })
    }

    /// The extractor whose prefixes are in the bloom, if any.
    pub fn prefix_extractor(&self) -> Option<&Arc<dyn SliceTransform>> {
        self.extractor.as_ref()
    }

    /// Bytes of the bit array.
    pub fn size_bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Records a user key written to the memtable: its prefix (when in the
    /// extractor's domain) and, with whole-key filtering, the key itself.
    pub fn add(&self, user_key: &[u8]) {
        if let Some(t) = &self.extractor {
            if t.in_domain(user_key) {
                self.add_entry(t.transform(user_key));
            }
        }
        if self.whole_key_filtering {
            self.add_entry(user_key);
        }
    }

    /// The Get check: the whole key when whole keys are recorded, else its
    /// prefix (true when the key is outside the extractor's domain).
    pub fn may_contain_key(&self, user_key: &[u8]) -> bool {
        if self.whole_key_filtering {
            return self.may_contain(user_key);
        }
        match &self.extractor {
            Some(t) if t.in_domain(user_key) => self.may_contain(t.transform(user_key)),
            _ => true,
        }
    }

    /// Whether `entry` (a prefix or whole key) may have been added.
    pub fn may_contain(&self, entry: &[u8]) -> bool {
        let (block, h2) = self.locate(entry);
        probes(h2).all(|bit| self.words[block + bit / 64].load(Ordering::Relaxed) & (1u64 << (bit % 64)) != 0)
    }

    fn add_entry(&self, entry: &[u8]) {
        let (block, h2) = self.locate(entry);
        for bit in probes(h2) {
            let mask = 1u64 << (bit % 64);
            let w = &self.words[block + bit / 64];
            // A load first avoids a contended write when the bit is already set.
            if w.load(Ordering::Relaxed) & mask == 0 {
                w.fetch_or(mask, Ordering::Relaxed);
            }
        }
    }

    /// The first word of the entry's block, and the hash that drives its probes.
    fn locate(&self, entry: &[u8]) -> (usize, u32) {
        let h = xxph3_64(entry);
        let block = ((h as u32 as u64 * self.num_blocks as u64) >> 32) as usize;
        (block * WORDS_PER_BLOCK, (h >> 32) as u32)
    }
}

/// Bit positions (0..512) of one entry's probes within its block.
fn probes(h2: u32) -> impl Iterator<Item = usize> {
    let mut x = h2;
    (0..NUM_PROBES).map(move |_| {
        let bit = (x >> 23) as usize;
        x = x.wrapping_mul(PROBE_STEP);
        bit
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prefix::FixedPrefix;

    #[test]
    fn no_bloom_unless_asked_for() {
        assert!(MemTablePrefixBloom::new(1 << 20, 0.0, Some(Arc::new(FixedPrefix(3))), false).is_none());
        assert!(MemTablePrefixBloom::new(1 << 20, 0.1, None, false).is_none());
        assert!(MemTablePrefixBloom::new(1 << 20, 0.1, None, true).is_some());
        // The ratio is clipped to 0.25 of the write buffer.
        let b = MemTablePrefixBloom::new(1 << 20, 0.9, Some(Arc::new(FixedPrefix(3))), false).unwrap();
        assert_eq!(b.size_bytes(), (1 << 20) / 4);
    }

    #[test]
    fn prefixes_and_whole_keys_are_found_and_most_absent_ones_are_not() {
        let b = MemTablePrefixBloom::new(1 << 20, 0.02, Some(Arc::new(FixedPrefix(4))), false).unwrap();
        for i in 0..2000u32 {
            b.add(format!("p{i:03}-{i}").as_bytes());
        }
        b.add(b"xy"); // outside the domain: nothing recorded, never excluded
        for i in 0..2000u32 {
            assert!(b.may_contain(format!("p{:03}", i % 1000).as_bytes()));
            assert!(b.may_contain_key(format!("p{:03}-other", i % 1000).as_bytes()), "Get goes by prefix");
        }
        assert!(b.may_contain_key(b"xy") && b.may_contain_key(b"q"));
        let false_positives = (0..10_000u32).filter(|i| b.may_contain(format!("q{i:04}").as_bytes())).count();
        assert!(false_positives < 200, "{false_positives} false positives in 10000");

        let w = MemTablePrefixBloom::new(1 << 20, 0.02, Some(Arc::new(FixedPrefix(4))), true).unwrap();
        w.add(b"abcd-1");
        assert!(w.may_contain(b"abcd") && w.may_contain_key(b"abcd-1"));
        assert!(!w.may_contain_key(b"abcd-2"), "with whole keys, Get checks the whole key");
    }

    #[test]
    fn concurrent_adds_are_all_seen() {
        let b = Arc::new(MemTablePrefixBloom::new(1 << 16, 0.25, None, true).unwrap());
        let threads: Vec<_> = (0..4u32)
            .map(|t| {
                let b = Arc::clone(&b);
                std::thread::spawn(move || {
                    for i in 0..500u32 {
                        b.add(format!("{t}-{i}").as_bytes());
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        for t in 0..4u32 {
            for i in 0..500u32 {
                assert!(b.may_contain_key(format!("{t}-{i}").as_bytes()));
            }
        }
    }
}
