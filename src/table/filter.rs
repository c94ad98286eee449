//! The full filter block RocksDB writes for `NewBloomFilterPolicy(bits)` with
//! format_version 5 tables: FastLocalBloom over XXPH3 hashes, 64-byte cache
//! lines, and a 5-byte metadata trailer (docs/format/filters.md §6.1, §6.2).
//!
//! The reader also understands RocksDB's legacy Bloom layout (§6.4) and its
//! Standard128 Ribbon filters (queried by `table::ribbon`); a filter it cannot
//! evaluate (reserved metadata) answers "may match" for every key, which is
//! always correct (a wrong "no" loses data).
//!
//! Builders are used by one table builder thread; readers are immutable and
//! may be shared between threads.

use crate::table::ribbon::RibbonReader;
use crate::util::xxph3::xxph3_64;

/// Bytes of metadata after the bit array.
const METADATA_LEN: usize = 5;
const CACHE_LINE: usize = 64;
/// Largest bit array RocksDB sizes a filter to (fits 32-bit lengths).
const MAX_BITS_BYTES: u64 = 0xffff_ffc0;
/// The multiplier that walks probes within a cache line (32-bit golden ratio).
const PROBE_STEP: u32 = 0x9e37_79b9;

/// RocksDB's `BloomFilterPolicy` sanitizing of bits per key, in thousandths;
/// 0 means "no filter" (below 0.5 bits per key).
pub fn millibits_per_key(bits_per_key: f64) -> u32 {
    let bits = if bits_per_key.is_nan() || bits_per_key < 0.5 { 0.0 } else { bits_per_key.clamp(1.0, 100.0) };
    (bits * 1000.0 + 0.500001) as u32
}

/// FastLocalBloom's number of probes for a density, tuned by RocksDB for
/// cache-local probing (`ChooseNumProbes`); the table is the file format.
fn choose_num_probes(millibits: u32) -> u32 {
    const STEPS: [(u32, u32); 12] = [
        (2080, 1),
        (3580, 2),
        (5100, 3),
        (6640, 4),
        (8300, 5),
        (10070, 6),
        (11720, 7),
        (14001, 8),
        (16050, 9),
        (18300, 10),
        (22001, 11),
        (25501, 12),
    ];
    match STEPS.iter().find(|(limit, _)| millibits <= *limit) {
        Some(&(_, probes)) => probes,
        None if millibits > 50000 => 24,
        None => (millibits - 1) / 2000 - 1,
    }
}

/// Maps a 32-bit hash onto `0..n` without division (Lemire's fast range).
#[inline]
fn fast_range32(h: u32, n: u32) -> u32 {
    ((h as u64 * n as u64) >> 32) as u32
}

/// Probe positions of one key inside its 64-byte line: (byte index, bit mask).
#[inline]
fn probes(h2: u32, num_probes: u32) -> impl Iterator<Item = (usize, u8)> {
    let mut x = h2;
    (0..num_probes).map(move |_| {
        let bit = (x >> 23) as usize; // 0..511
        x = x.wrapping_mul(PROBE_STEP);
        (bit >> 3, 1u8 << (bit & 7))
    })
}

/// Byte offset of the cache line a key lands in, for a bit array of `len` bytes.
#[inline]
fn line_offset(h1: u32, len: usize) -> usize {
    fast_range32(h1, (len / CACHE_LINE) as u32) as usize * CACHE_LINE
}

/// Bytes of a FastLocalBloom bit array for `n` keys (whole cache lines; RocksDB's
/// FastLocalBloomBitsBuilder::CalculateSpace without the metadata).
fn bloom_len(n: usize, millibits: u32) -> usize {
    let wanted = (n as u64 * millibits as u64).div_ceil(8000).min(MAX_BITS_BYTES);
    wanted.next_multiple_of(CACHE_LINE as u64) as usize
}

/// Builds a full filter for one table.
pub struct FullFilterBuilder {
    millibits: u32,
    /// XXPH3 hashes of the keys added, consecutive duplicates dropped.
    hashes: Vec<u64>,
    /// Entries counted for the `rocksdb.num.filter_entries` property; unlike
    /// `hashes` it survives `finish`, which runs before properties are written.
    num_added: usize,
    /// The prefix hash of the last `add_key_and_alt`.
    prev_alt_hash: Option<u64>,
    /// Build a Standard128 Ribbon filter (`table::ribbon::build`) aiming at this 1-in-N
    /// FP rate, RocksDB's Ribbon equivalent of `millibits` Bloom bits per key.
    ribbon_one_in_fp_rate: Option<f64>,
    /// The bits per key as given (RocksDB derives the Ribbon FP rate from them, not from millibits).
    bits_per_key: f64,
}

impl FullFilterBuilder {
    /// `bits_per_key` as given to `NewBloomFilterPolicy` (clamped to [1, 100];
    /// below 0.5 the builder is disabled and `finish` returns no bytes).
    pub fn new(bits_per_key: f64) -> Self {
        FullFilterBuilder {
            millibits: millibits_per_key(bits_per_key),
            hashes: Vec::new(),
            num_added: 0,
            prev_alt_hash: None,
            ribbon_one_in_fp_rate: None,
            bits_per_key,
        }
    }

    /// Makes `finish` build a Ribbon filter with the FP rate RocksDB's Ribbon policy derives
    /// from these Bloom bits per key (a Bloom filter when RocksDB would fall back to one).
    pub fn set_ribbon(&mut self, ribbon: bool) {
        self.ribbon_one_in_fp_rate = ribbon.then(|| {
            crate::table::ribbon::desired_one_in_fp_rate(self.bits_per_key, choose_num_probes(self.millibits))
        });
    }

    /// Adds a user key (or prefix). A key equal to the previous one is skipped
    /// (detected through its hash, as RocksDB's builder does).
    pub fn add_key(&mut self, key: &[u8]) {
        let h = xxph3_64(key);
        if self.hashes.last() != Some(&h) {
            self.hashes.push(h);
            self.num_added += 1;
        }
    }

    /// Adds a whole key and its prefix (`alt`) together, as a table with a
    /// prefix extractor and whole-key filtering does. Whole keys and prefixes
    /// interleave, so "same as the previous entry" is judged against both the
    /// previous key and the previous prefix: a prefix shared by a run of keys
    /// goes in once, and a key equal to its own prefix (or to the previous
    /// prefix) is not added twice.
    pub fn add_key_and_alt(&mut self, key: &[u8], alt: &[u8]) {
        let key_hash = xxph3_64(key);
        let alt_hash = xxph3_64(alt);
        // Before the alt is pushed, the last hash is the previous whole key.
        let prev_key = self.hashes.last().copied();
        let prev_alt = self.prev_alt_hash;
        if Some(alt_hash) != prev_alt && alt_hash != key_hash && Some(alt_hash) != prev_key {
            self.hashes.push(alt_hash);
            self.num_added += 1;
        }
        self.prev_alt_hash = Some(alt_hash);
        if Some(key_hash) != prev_key && Some(key_hash) != prev_alt {
            self.hashes.push(key_hash);
            self.num_added += 1;
        }
    }

    /// Distinct consecutive keys added (what sizes the filter; RocksDB's
    /// `rocksdb.num.filter_entries`). Still valid after `finish`.
    pub fn num_added(&self) -> usize {
        self.num_added
    }

    /// The filter block's contents. One builder builds one table's filter.
    ///
    /// Returns an empty vector when no key was added or the builder is disabled:
    /// the caller must then write NO filter block, because RocksDB reads a filter
    /// of 5 bytes or less as "no key matches" (docs/format/filters.md §6.1, docs/format/traps.md §9.8).
    /// For one key or more the result is at least 69 bytes.
    pub fn finish(&mut self) -> Vec<u8> {
        let hashes = std::mem::take(&mut self.hashes);
        if hashes.is_empty() || self.millibits == 0 {
            return Vec::new();
        }
        if let Some(one_in) = self.ribbon_one_in_fp_rate {
            let bloom_bytes = |n: usize| bloom_len(n, self.millibits) + METADATA_LEN;
            if let Some(filter) = crate::table::ribbon::build(&hashes, one_in, &bloom_bytes) {
                return filter;
            }
        }
        let len = bloom_len(hashes.len(), self.millibits);
        let num_probes = choose_num_probes(self.millibits);
        let mut out = vec![0u8; len + METADATA_LEN];
        for h in hashes {
            let line = line_offset(h as u32, len);
            for (byte, mask) in probes((h >> 32) as u32, num_probes) {
                out[line + byte] |= mask;
            }
        }
        // -1 marks the newer Bloom family, 0 the FastLocalBloom member; the probe
        // byte's high bits 0 mean 64-byte blocks; the last two bytes are reserved.
        out[len..].copy_from_slice(&[0xff, 0x00, num_probes as u8, 0x00, 0x00]);
        out
    }
}

/// How a filter block's bytes are to be evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FilterKind {
    /// Empty or too short: RocksDB treats it as "zero keys added".
    AlwaysFalse,
    /// A format this reader cannot evaluate (reserved, malformed).
    AlwaysTrue,
    FastLocalBloom { len: usize, num_probes: u32 },
    Ribbon { len: usize, reader: RibbonReader },
    LegacyBloom { num_lines: u32, num_probes: u32, log2_line_bytes: u32 },
}

/// Answers "may this table contain the key?" from a full filter block.
pub struct FullFilterReader {
    data: Vec<u8>,
    kind: FilterKind,
}

impl FullFilterReader {
    pub fn new(data: Vec<u8>) -> FullFilterReader {
        let kind = classify(&data);
        FullFilterReader { data, kind }
    }

    /// False only when the key was certainly not added.
    pub fn may_match(&self, key: &[u8]) -> bool {
        match self.kind {
            FilterKind::AlwaysFalse => false,
            FilterKind::AlwaysTrue => true,
            FilterKind::FastLocalBloom { len, num_probes } => {
                let h = xxph3_64(key);
                let line = line_offset(h as u32, len);
                let Some(bits) = self.data.get(line..line + CACHE_LINE) else { return true };
                probes((h >> 32) as u32, num_probes).all(|(byte, mask)| bits[byte] & mask != 0)
            }
            FilterKind::LegacyBloom { num_lines, num_probes, log2_line_bytes } => {
                legacy_may_match(&self.data, key, num_lines, num_probes, log2_line_bytes)
            }
            FilterKind::Ribbon { len, reader } => match self.data.get(..len) {
                Some(solution) => reader.may_match(solution, xxph3_64(key)),
                None => true,
            },
        }
    }

    /// True when the filter is a format this reader evaluates (not "always true").
    pub fn is_evaluated(&self) -> bool {
        self.kind != FilterKind::AlwaysTrue
    }
}

/// Reads the metadata trailer the way RocksDB's `GetBuiltinFilterBitsReader` does.
fn classify(data: &[u8]) -> FilterKind {
    if data.len() <= METADATA_LEN {
        return FilterKind::AlwaysFalse;
    }
    let len = data.len() - METADATA_LEN;
    let meta = &data[len..];
    match meta[0] as i8 {
        0 => FilterKind::AlwaysTrue,
        -1 => {
            let (sub_impl, block_and_probes) = (meta[1], meta[2]);
            let num_probes = (block_and_probes & 31) as u32;
            let log2_block_bytes = ((block_and_probes >> 5) & 7) as u32 + 6;
            if sub_impl != 0 || log2_block_bytes != 6 || !(1..=30).contains(&num_probes) || meta[3..5] != [0, 0] {
                return FilterKind::AlwaysTrue;
            }
            if len < CACHE_LINE {
                // RocksDB never writes this; probing it would run past the array.
                return FilterKind::AlwaysTrue;
            }
            FilterKind::FastLocalBloom { len, num_probes }
        }
        -2 => {
            let num_blocks = u32::from_le_bytes([meta[2], meta[3], meta[4], 0]);
            match RibbonReader::new(len, meta[1], num_blocks) {
                Some(reader) => FilterKind::Ribbon { len, reader },
                None => FilterKind::AlwaysTrue,
            }
        }
        // Reserved markers: not evaluated here.
        n if n < 0 => FilterKind::AlwaysTrue,
        n => {
            let num_probes = n as u32;
            let num_lines = u32::from_le_bytes([meta[1], meta[2], meta[3], meta[4]]);
            if num_lines == 0 || len % num_lines as usize != 0 {
                return FilterKind::AlwaysTrue;
            }
            let line_bytes = len / num_lines as usize;
            if !line_bytes.is_power_of_two() {
                return FilterKind::AlwaysTrue;
            }
            FilterKind::LegacyBloom { num_lines, num_probes, log2_line_bytes: line_bytes.trailing_zeros() }
        }
    }
}

/// RocksDB's original 32-bit hash (`util/hash.cc` `Hash`, docs/format/filters.md
/// §6.4), used by legacy Bloom filters with seed 0xbc9f1d34.
pub(crate) fn legacy_hash(data: &[u8], seed: u32) -> u32 {
    const M: u32 = 0xc6a4_a793;
    let mut h = seed ^ (data.len() as u32).wrapping_mul(M);
    let mut words = data.chunks_exact(4);
    for w in &mut words {
        h = h.wrapping_add(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        h = h.wrapping_mul(M);
        h ^= h >> 16;
    }
    let tail = words.remainder();
    if tail.is_empty() {
        return h;
    }
    // Tail bytes are added sign-extended (the original took them as `char`).
    for (i, &b) in tail.iter().enumerate().rev() {
        h = h.wrapping_add(((b as i8 as i32) << (8 * i)) as u32);
    }
    h = h.wrapping_mul(M);
    h ^ (h >> 24)
}

fn legacy_may_match(data: &[u8], key: &[u8], num_lines: u32, num_probes: u32, log2_line_bytes: u32) -> bool {
    let mut h = legacy_hash(key, 0xbc9f_1d34);
    let line_bits_mask = (1u32 << (log2_line_bytes + 3)) - 1;
    let line_start = ((h % num_lines) as usize) << log2_line_bytes;
    let delta = h.rotate_right(17);
    for _ in 0..num_probes {
        let bit = (h & line_bits_mask) as usize;
        match data.get(line_start + bit / 8) {
            Some(byte) if byte & (1 << (bit % 8)) == 0 => return false,
            Some(_) => {}
            None => return true,
        }
        h = h.wrapping_add(delta);
    }
    true
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn key(i: u32) -> Vec<u8> {
        format!("key{i:08}").into_bytes()
    }

    #[test]
    fn metadata_for_ten_bits_per_key() {
        let mut b = FullFilterBuilder::new(10.0);
        for i in 0..195 {
            b.add_key(&key(i));
        }
        let f = b.finish();
        // 195 keys * 10 bits = 244 bytes, rounded up to whole cache lines (§6.2).
        assert_eq!(f.len(), 256 + 5);
        assert_eq!(f[256..], [0xff, 0x00, 0x06, 0x00, 0x00]);
    }

    #[test]
    fn num_probes_follow_rocksdb_table() {
        let cases = [(1000, 1), (2080, 1), (2081, 2), (10000, 6), (14001, 8), (16000, 9), (20000, 11), (25501, 12), (28000, 12), (28001, 13), (50000, 23), (50001, 24), (100000, 24)];
        for (millibits, want) in cases {
            assert_eq!(choose_num_probes(millibits), want, "{millibits} millibits");
        }
        assert_eq!(millibits_per_key(10.0), 10000);
        assert_eq!(millibits_per_key(9.9995), 10000);
        assert_eq!(millibits_per_key(0.7), 1000);
        assert_eq!(millibits_per_key(0.4), 0);
        assert_eq!(millibits_per_key(1000.0), 100000);
    }

    #[test]
    fn no_false_negatives_and_about_one_percent_false_positives() {
        let mut b = FullFilterBuilder::new(10.0);
        for i in 0..10_000 {
            b.add_key(&key(i));
        }
        assert_eq!(b.num_added(), 10_000);
        let r = FullFilterReader::new(b.finish());
        assert!(r.is_evaluated());
        for i in 0..10_000 {
            assert!(r.may_match(&key(i)), "false negative for key {i}");
        }
        let false_positives = (10_000..110_000).filter(|&i| r.may_match(&key(i))).count();
        // FastLocalBloom at 10 bits/key with 6 probes is ~0.95%.
        assert!((600..1400).contains(&false_positives), "{false_positives} false positives in 100000");
    }

    #[test]
    fn duplicates_do_not_grow_the_filter_and_empty_key_is_added() {
        let mut b = FullFilterBuilder::new(10.0);
        for k in [&b""[..], b"", b"a", b"a", b"b"] {
            b.add_key(k);
        }
        assert_eq!(b.num_added(), 3);
        let f = b.finish();
        assert_eq!(f.len(), 64 + 5);
        let r = FullFilterReader::new(f);
        assert!(r.may_match(b"") && r.may_match(b"a") && r.may_match(b"b"));
        assert_eq!(b.num_added(), 3, "the count outlives finish, for the table properties");
    }

    #[test]
    fn never_emits_a_tiny_filter() {
        assert!(FullFilterBuilder::new(10.0).finish().is_empty(), "no keys: no filter block");
        let mut b = FullFilterBuilder::new(0.2);
        b.add_key(b"x");
        assert!(b.finish().is_empty(), "disabled policy: no filter block");
        let mut b = FullFilterBuilder::new(1.0);
        b.add_key(b"x");
        assert!(b.finish().len() > METADATA_LEN);
    }

    #[test]
    fn metadata_decides_how_a_filter_is_read() {
        // Built by FastLocalBloom, then with each metadata field made unknown.
        let mut b = FullFilterBuilder::new(10.0);
        b.add_key(b"present");
        let good = b.finish();
        let absent_everywhere = (0..200).map(|i| format!("absent{i}")).find(|k| !FullFilterReader::new(good.clone()).may_match(k.as_bytes())).unwrap();
        let n = good.len();
        let tweak = |at: usize, v: u8| {
            let mut f = good.clone();
            f[n - 5 + at] = v;
            FullFilterReader::new(f)
        };
        assert!(!tweak(1, 0).may_match(absent_everywhere.as_bytes()), "unchanged");
        for (at, v) in [(0, 0x00), (0, 0xfd), (1, 1), (2, 0x26), (2, 0), (2, 31), (3, 1), (4, 1)] {
            let r = tweak(at, v);
            assert!(!r.is_evaluated() && r.may_match(absent_everywhere.as_bytes()), "byte {at} = {v:#x}");
        }
        // Ribbon metadata is evaluated, unless it has fewer than 2 blocks.
        let mut ribbon = vec![0u8; 100];
        ribbon[95..].copy_from_slice(&[0xfe, 7, 10, 0, 0]);
        assert!(FullFilterReader::new(ribbon.clone()).is_evaluated());
        ribbon[97] = 1;
        assert!(!FullFilterReader::new(ribbon.clone()).is_evaluated());
        assert!(FullFilterReader::new(ribbon).may_match(b"anything"));
        // Too short: RocksDB reads it as "no key", and so do we.
        for len in 0..=5 {
            assert!(!FullFilterReader::new(vec![0xff; len]).may_match(b""));
        }
    }

    #[test]
    fn legacy_hash_matches_rocksdb_definition() {
        // Words only: no final mix.
        let h = legacy_hash(b"abcd", 0);
        let m = 0xc6a4_a793u32;
        let mut want = 4u32.wrapping_mul(m);
        want = want.wrapping_add(u32::from_le_bytes(*b"abcd")).wrapping_mul(m);
        want ^= want >> 16;
        assert_eq!(h, want);
        // Tail bytes with the high bit set are sign-extended.
        let direct = {
            let mut h = 0x1234u32 ^ 3u32.wrapping_mul(m);
            h = h.wrapping_add((-1i32 << 16) as u32); // byte 2 = 0xff
            h = h.wrapping_add(1 << 8); // byte 1 = 0x01
            h = h.wrapping_add(-128i32 as u32); // byte 0 = 0x80
            h = h.wrapping_mul(m);
            h ^ (h >> 24)
        };
        assert_eq!(legacy_hash(&[0x80, 0x01, 0xff], 0x1234), direct);
    }

    #[test]
    fn legacy_bloom_filter_is_evaluated() {
        // A legacy filter built by hand: 2 lines of 64 bytes, 6 probes.
        let num_lines = 2u32;
        let mut data = vec![0u8; 128];
        let keys: Vec<Vec<u8>> = (0..20).map(key).collect();
        for k in &keys {
            let mut h = legacy_hash(k, 0xbc9f_1d34);
            let start = ((h % num_lines) as usize) * 64;
            let delta = h.rotate_right(17);
            for _ in 0..6 {
                let bit = (h & 511) as usize;
                data[start + bit / 8] |= 1 << (bit % 8);
                h = h.wrapping_add(delta);
            }
        }
        data.push(6);
        data.extend_from_slice(&num_lines.to_le_bytes());
        let r = FullFilterReader::new(data);
        assert!(r.is_evaluated());
        assert!(keys.iter().all(|k| r.may_match(k)));
        assert!((100..400).any(|i| !r.may_match(&key(i))));
    }

    /// Finds the full filter block of an SST file (footer -> metaindex ->
    /// `fullfilter.rocksdb.BuiltinBloomFilter`), parsed independently of the
    /// table module so this test checks the filter alone.
    pub(crate) fn extract_full_filter(sst: &[u8]) -> Vec<u8> {
        use crate::util::coding::{get_varint32, get_varint64};
        let footer = &sst[sst.len() - 53..];
        assert_eq!(footer[45..], 0x88E2_41B7_85F4_CFF7u64.to_le_bytes(), "block-based table magic");
        let mut p = &footer[1..41];
        let meta_off = get_varint64(&mut p).unwrap() as usize;
        let meta_len = get_varint64(&mut p).unwrap() as usize;
        let block = &sst[meta_off..meta_off + meta_len];
        let num_restarts = u32::from_le_bytes(block[block.len() - 4..].try_into().unwrap()) as usize;
        let mut entries = &block[..block.len() - 4 - 4 * num_restarts];
        let mut last_key: Vec<u8> = Vec::new();
        while !entries.is_empty() {
            let shared = get_varint32(&mut entries).unwrap() as usize;
            let unshared = get_varint32(&mut entries).unwrap() as usize;
            let value_len = get_varint32(&mut entries).unwrap() as usize;
            last_key.truncate(shared);
            last_key.extend_from_slice(&entries[..unshared]);
            let mut value = &entries[unshared..unshared + value_len];
            entries = &entries[unshared + value_len..];
            if last_key == b"fullfilter.rocksdb.BuiltinBloomFilter" {
                let off = get_varint64(&mut value).unwrap() as usize;
                let len = get_varint64(&mut value).unwrap() as usize;
                return sst[off..off + len].to_vec();
            }
        }
        panic!("no full filter in the metaindex");
    }

    #[test]
    fn byte_identical_to_rocksdb_783_filter() {
        // testdata/bloom10_rocksdb783.c: bloom_full(10), the empty key then key00000..key00299.
        let sst = include_bytes!("testdata/bloom10_rocksdb783.sst");
        let theirs = extract_full_filter(sst);
        assert_eq!(theirs.len(), 384 + 5);
        let mut b = FullFilterBuilder::new(10.0);
        b.add_key(b"");
        for i in 0..300 {
            b.add_key(format!("key{i:05}").as_bytes());
        }
        assert_eq!(b.finish(), theirs);
        assert_eq!(b.num_added(), 301, "sst_dump: '# entries for filter: 301'");
        let r = FullFilterReader::new(theirs);
        assert!(r.may_match(b"") && r.may_match(b"key00123"));
    }
}

