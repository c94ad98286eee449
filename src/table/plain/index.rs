//! The PlainTable prefix hash index (RocksDB's plain_table_index), in RocksDB's byte layout so that the same
//! code reads an index built at open and one a file carries (`PlainTableIndexBlock`):
//!
//! `varint32 num_buckets, varint32 num_prefixes, fixed32 bucket[num_buckets], sub-index bytes`.
//! A bucket holds the file offset of its only index record, `MAX_FILE_SIZE` when empty, or
//! `SUB_INDEX_MASK | offset into the sub-index` where `varint32 n, fixed32 record_offset[n]` lists its records in
//! file order. Records are the first key of each prefix and then every `index_sparseness`-th key of it; a prefix
//! goes to bucket `hash(prefix) % num_buckets` (RocksDB's GetSliceHash: the legacy 32-bit hash, seed 397).
//!
//! Also the bloom of prefix hashes kept in memory beside it (`PrefixBloom`; never written, so its layout is ours).
//! Plain data, built once and then read by many threads.

use crate::error::{Error, Result};
use crate::util::coding::{decode_fixed32, get_varint32, put_fixed32, put_varint32};

/// RocksDB's PlainTableIndex::kMaxFileSize: offsets are 31 bits.
pub const MAX_FILE_SIZE: u64 = (1u64 << 31) - 1;
const SUB_INDEX_MASK: u32 = 0x8000_0000;

/// RocksDB's GetSliceHash.
pub fn slice_hash(s: &[u8]) -> u32 {
    crate::table::filter::legacy_hash(s, 397)
}

/// Collects (prefix hash, offset) records while entries are read (or written) in order.
#[derive(Debug)]
pub struct IndexBuilder {
    hash_table_ratio: f64,
    /// Whether there is a prefix extractor (without one there is a single bucket).
    prefixed: bool,
    index_sparseness: usize,
    records: Vec<(u32, u32)>,
    num_prefixes: u32,
    prev_prefix: Option<Vec<u8>>,
    prev_hash: u32,
    keys_in_prefix: usize,
    due: bool,
    /// One hash per distinct prefix, for the bloom.
    prefix_hashes: Vec<u32>,
}

impl IndexBuilder {
    pub fn new(prefixed: bool, hash_table_ratio: f64, index_sparseness: usize) -> Self {
        IndexBuilder {
            hash_table_ratio,
            prefixed,
            index_sparseness,
            records: Vec::new(),
            num_prefixes: 0,
            prev_prefix: None,
            prev_hash: 0,
            keys_in_prefix: 0,
            due: false,
            prefix_hashes: Vec::new(),
        }
    }

    /// Notes the entry at `offset` whose key has `prefix` (empty without an extractor). `seekable`: the entry
    /// holds its whole key (always so in kPlain; in kPrefix only the full-key entries): a record due at an entry
    /// that is not waits for the next one that is, so that reading can start at every record whatever
    /// index_sparseness the file was written with.
    pub fn add(&mut self, prefix: &[u8], offset: u32, seekable: bool) {
        if self.prev_prefix.as_deref() != Some(prefix) {
            self.num_prefixes += 1;
            self.keys_in_prefix = 0;
            self.prev_prefix = Some(prefix.to_vec());
            self.prev_hash = slice_hash(prefix);
            self.prefix_hashes.push(self.prev_hash);
            self.due = true;
        }
        if self.due && seekable {
            self.records.push((self.prev_hash, offset));
            self.due = false;
        }
        self.keys_in_prefix += 1;
        if self.index_sparseness == 0 || self.keys_in_prefix % self.index_sparseness == 0 {
            self.due = true;
        }
    }

    pub fn num_prefixes(&self) -> u32 {
        self.num_prefixes
    }

    pub fn prefix_hashes(&self) -> &[u32] {
        &self.prefix_hashes
    }

    /// The index bytes.
    pub fn finish(&self) -> Vec<u8> {
        let num_buckets = if !self.prefixed || self.hash_table_ratio <= 0.0 {
            1
        } else {
            (self.num_prefixes as f64 * (1.0 / self.hash_table_ratio)) as u32 + 1
        };
        let mut per_bucket: Vec<Vec<u32>> = vec![Vec::new(); num_buckets as usize];
        for &(hash, offset) in &self.records {
            per_bucket[(hash % num_buckets) as usize].push(offset);
        }
        let mut out = Vec::new();
        put_varint32(&mut out, num_buckets);
        put_varint32(&mut out, self.num_prefixes);
        let mut sub = Vec::new();
        for offsets in &per_bucket {
            match offsets.len() {
                0 => put_fixed32(&mut out, MAX_FILE_SIZE as u32),
                1 => put_fixed32(&mut out, offsets[0]),
                n => {
                    put_fixed32(&mut out, sub.len() as u32 | SUB_INDEX_MASK);
                    put_varint32(&mut sub, n as u32);
                    for &o in offsets {
                        put_fixed32(&mut sub, o);
                    }
                }
            }
        }
        out.extend_from_slice(&sub);
        out
    }
}

/// Where a prefix's records are.
#[derive(Debug, PartialEq, Eq)]
pub enum Bucket<'a> {
    /// No record hashes to the bucket: the prefix is not in the file.
    Empty,
    /// One record: the file offset to start reading at.
    Direct(u32),
    /// Several records (of one or more prefixes) in file order: binary-search them.
    Records(SubIndex<'a>),
}

/// A bucket's record offsets (fixed32 each).
#[derive(Debug, PartialEq, Eq)]
pub struct SubIndex<'a>(&'a [u8]);

impl SubIndex<'_> {
    pub fn len(&self) -> usize {
        self.0.len() / 4
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn get(&self, i: usize) -> u32 {
        decode_fixed32(&self.0[i * 4..])
    }
}

/// A decoded index.
#[derive(Debug)]
pub struct PrefixIndex {
    raw: Vec<u8>,
    num_buckets: u32,
    num_prefixes: u32,
    buckets_start: usize,
    sub_start: usize,
}

impl PrefixIndex {
    pub fn from_raw(raw: Vec<u8>) -> Result<PrefixIndex> {
        let mut p = raw.as_slice();
        let bad = || Error::corruption("Couldn't read the index size!");
        let num_buckets = get_varint32(&mut p).filter(|&n| n > 0).ok_or_else(bad)?;
        let num_prefixes = get_varint32(&mut p).ok_or_else(bad)?;
        let buckets_start = raw.len() - p.len();
        let sub_start = buckets_start
            .checked_add(num_buckets as usize * 4)
            .filter(|&e| e <= raw.len())
            .ok_or_else(|| Error::corruption("PlainTable index shorter than its buckets"))?;
        Ok(PrefixIndex { raw, num_buckets, num_prefixes, buckets_start, sub_start })
    }

    pub fn num_buckets(&self) -> u32 {
        self.num_buckets
    }

    pub fn num_prefixes(&self) -> u32 {
        self.num_prefixes
    }

    /// Bytes of the sub-index (RocksDB's plain_table_sub_index_size property).
    pub fn sub_index_size(&self) -> usize {
        self.raw.len() - self.sub_start
    }

    /// The bucket `prefix_hash` falls in.
    pub fn bucket(&self, prefix_hash: u32) -> Result<Bucket<'_>> {
        let b = (prefix_hash % self.num_buckets) as usize;
        let v = decode_fixed32(&self.raw[self.buckets_start + b * 4..]);
        if v & SUB_INDEX_MASK == SUB_INDEX_MASK {
            let mut p = self
                .raw
                .get(self.sub_start + (v ^ SUB_INDEX_MASK) as usize..)
                .ok_or_else(|| Error::corruption("PlainTable sub-index offset out of range"))?;
            let n = get_varint32(&mut p).ok_or_else(|| Error::corruption("PlainTable sub-index truncated"))? as usize;
            let bytes = p.get(..n * 4).ok_or_else(|| Error::corruption("PlainTable sub-index truncated"))?;
            return Ok(Bucket::Records(SubIndex(bytes)));
        }
        if v as u64 >= MAX_FILE_SIZE {
            return Ok(Bucket::Empty);
        }
        Ok(Bucket::Direct(v))
    }
}

/// A bloom of prefix hashes (or, with no extractor, of whole user keys) that a lookup consults before the
/// index: `bits_per_key` bits per entry, six probes derived from the 32-bit hash by double hashing.
#[derive(Debug)]
pub struct PrefixBloom {
    bits: Vec<u64>,
    num_bits: u64,
}

const BLOOM_PROBES: u32 = 6;

impl PrefixBloom {
    /// None when `bits_per_key` or `num_keys` is 0 (no bloom: everything may match).
    pub fn new(bits_per_key: i32, num_keys: usize) -> Option<PrefixBloom> {
        let total = (bits_per_key.max(0) as u64).saturating_mul(num_keys as u64);
        if total == 0 {
            return None;
        }
        let num_bits = total.div_ceil(64) * 64;
        Some(PrefixBloom { bits: vec![0; (num_bits / 64) as usize], num_bits })
    }

    fn probes(&self, hash: u32) -> impl Iterator<Item = u64> + '_ {
        let delta = hash.rotate_left(15) | 1;
        let n = self.num_bits;
        (0..BLOOM_PROBES).map(move |i| (hash.wrapping_add(delta.wrapping_mul(i)) as u64) % n)
    }

    pub fn add(&mut self, hash: u32) {
        let positions: Vec<u64> = self.probes(hash).collect();
        for p in positions {
            self.bits[(p / 64) as usize] |= 1 << (p % 64);
        }
    }

    pub fn may_contain(&self, hash: u32) -> bool {
        self.probes(hash).all(|p| self.bits[(p / 64) as usize] & (1 << (p % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_every_sparseness_keys_of_a_prefix() {
        let mut b = IndexBuilder::new(true, 0.75, 2);
        // Prefix "aa" has 5 keys (records at keys 1, 3, 5), "bb" one key.
        for (i, p) in ["aa", "aa", "aa", "aa", "aa", "bb"].iter().enumerate() {
            b.add(p.as_bytes(), i as u32 * 10, true);
        }
        assert_eq!(b.num_prefixes(), 2);
        let idx = PrefixIndex::from_raw(b.finish()).unwrap();
        assert_eq!(idx.num_buckets(), (2.0 / 0.75) as u32 + 1);
        match idx.bucket(slice_hash(b"aa")).unwrap() {
            Bucket::Records(s) => {
                let offsets: Vec<u32> = (0..s.len()).map(|i| s.get(i)).collect();
                // "bb" may share the bucket; "aa"'s records come in file order either way.
                assert!(offsets.starts_with(&[0, 20, 40]), "{offsets:?}");
            }
            other => panic!("expected a sub-index, got {other:?}"),
        }
        match idx.bucket(slice_hash(b"bb")).unwrap() {
            Bucket::Direct(o) => assert_eq!(o, 50),
            Bucket::Records(s) => assert_eq!(s.get(s.len() - 1), 50),
            Bucket::Empty => panic!("bb is in the file"),
        }
    }

    #[test]
    fn single_bucket_without_extractor_and_empty_buckets() {
        let mut b = IndexBuilder::new(false, 0.75, 16);
        b.add(b"", 0, true);
        let idx = PrefixIndex::from_raw(b.finish()).unwrap();
        assert_eq!(idx.num_buckets(), 1);
        assert_eq!(idx.bucket(12345).unwrap(), Bucket::Direct(0));
        // Many buckets, one prefix: most buckets are empty.
        let mut b = IndexBuilder::new(true, 0.01, 16);
        b.add(b"abc", 7, true);
        let idx = PrefixIndex::from_raw(b.finish()).unwrap();
        assert_eq!(idx.num_buckets(), 101);
        let h = slice_hash(b"abc");
        assert_eq!(idx.bucket(h).unwrap(), Bucket::Direct(7));
        assert_eq!(idx.bucket(h + 1).unwrap(), Bucket::Empty);
        assert!(PrefixIndex::from_raw(vec![]).is_err());
        assert!(PrefixIndex::from_raw(vec![5, 1, 0]).is_err());
    }

    #[test]
    fn bloom_has_no_false_negatives() {
        let mut bloom = PrefixBloom::new(10, 100).unwrap();
        let hashes: Vec<u32> = (0..100u32).map(|i| slice_hash(&i.to_le_bytes())).collect();
        for &h in &hashes {
            bloom.add(h);
        }
        assert!(hashes.iter().all(|&h| bloom.may_contain(h)));
        let fp = (1000..3000u32).filter(|i| bloom.may_contain(slice_hash(&i.to_le_bytes()))).count();
        assert!(fp < 200, "false positives {fp} of 2000");
        assert!(PrefixBloom::new(0, 100).is_none());
    }
}
