//! Queries of RocksDB's Standard128 Ribbon filter (`NewRibbonFilterPolicy`,
//! metadata marker -2; docs/format/filters.md §6.1): a filter whose bits are the
//! solution of a linear system over GF(2), one equation per key, stored in
//! RocksDB's "interleaved" column layout.
//!
//! ferrock reads these filters and builds them (`build`) bit for bit as RocksDB's
//! Standard128RibbonBitsBuilder does: the same number of slots for a number of keys
//! (its construction-failure table for 1 in 20), the same space for the FP rate asked,
//! the same seed search starting from the first key's hash, the same banding (Gaussian
//! elimination in key order) and back substitution, so a table's filter answers exactly
//! as RocksDB's would.
//!
//! Layout of a filter block of `len + 5` bytes:
//! - `len` bytes of solution, read as little-endian 128-bit "segments"
//!   (any tail shorter than 16 bytes is unused);
//! - metadata `[0xfe, seed, num_blocks as 24-bit little-endian]`.
//!
//! The solution has `num_blocks` blocks of 128 slots. Each block stores
//! `c` columns (one segment per column); the first `upper_start_block` blocks
//! use one column fewer than the rest, so that `num_segments` segments fill
//! the space exactly. A key hashes (XXPH3, then a seeded rehash) to a start
//! slot among `num_blocks * 128 - 127`, a 128-bit coefficient row (lowest bit
//! always set) and an expected 32-bit result. The key may be present when,
//! for every column `i` of the start block, the parity of (the 128 solution
//! bits from the start slot on, across this block and the next) AND
//! (coefficient row) equals bit `i` of the expected result.
//!
//! The constants below are the file format: they fix which bits a key probes.
//! A `RibbonReader` is immutable and shared between threads.

/// Multiplier mixing the key's XXPH3 hash with the seed.
const REHASH_FACTOR: u64 = 0x6193_d459_236a_3a0d;
/// Multiplier deriving the coefficient row and the expected result.
const COEFF_AND_RESULT_FACTOR: u64 = 0xc28f_8282_2b65_0bed;
/// Xored into the low half of the 128-bit coefficient row.
const COEFF_XOR: u64 = 0xc367_844a_6e52_731d;
/// Turns the stored seed ordinal (0..255) into the raw seed.
const TO_RAW_SEED_FACTOR: u64 = 0xc782_19a2_3eea_dd03;
const SEED_MIX_MASK: u64 = 0xf0f0_f0f0_f0f0_f0f0;
const SEED_MIX_SHIFT: u32 = 4;

/// Slots per block = bits per coefficient row = bits per segment.
const COEFF_BITS: u32 = 128;
const SEGMENT_BYTES: usize = 16;
/// The expected result is 32 bits, so a block never uses more columns.
const MAX_COLUMNS: u32 = 32;

/// Shape of one Ribbon filter, derived from its metadata and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RibbonReader {
    raw_seed: u32,
    num_starts: u32,
    /// Columns of the blocks from `upper_start_block` on (0: no solution
    /// space at all, every key may match).
    upper_num_columns: u32,
    upper_start_block: u32,
}

impl RibbonReader {
    /// `solution_len` is the block length without its 5 metadata bytes;
    /// `seed` and `num_blocks` come from the metadata. None when RocksDB
    /// treats the filter as "always true" (fewer than 2 blocks).
    pub fn new(solution_len: usize, seed: u8, num_blocks: u32) -> Option<RibbonReader> {
        if num_blocks < 2 {
            return None;
        }
        let num_segments = u32::try_from(solution_len / SEGMENT_BYTES).ok()?;
        let mut upper_num_columns = num_segments.div_ceil(num_blocks);
        let mut upper_start_block = upper_num_columns.checked_mul(num_blocks)? - num_segments;
        if upper_num_columns > MAX_COLUMNS {
            // More space than 32 columns use: the rest of the bytes are ignored.
            upper_num_columns = MAX_COLUMNS;
            upper_start_block = 0;
        }
        Some(RibbonReader {
            raw_seed: raw_seed(seed),
            num_starts: num_blocks.checked_mul(COEFF_BITS)? - (COEFF_BITS - 1),
            upper_num_columns,
            upper_start_block,
        })
    }

    /// False only when the key whose XXPH3 hash is `key_hash` was certainly
    /// not added. `solution` is the filter block without its metadata.
    pub fn may_match(&self, solution: &[u8], key_hash: u64) -> bool {
        let (start, coeffs, expected) = key_row(key_hash, self.raw_seed, self.num_starts);

        let block = start / COEFF_BITS;
        let start_bit = start % COEFF_BITS;
        let lower = block < self.upper_start_block;
        let num_columns = self.upper_num_columns - lower as u32;
        let first_segment = block as u64 * self.upper_num_columns as u64 - block.min(self.upper_start_block) as u64;
        let segment = |i: u64| -> Option<u128> {
            let at = usize::try_from((first_segment + i) * SEGMENT_BYTES as u64).ok()?;
            let bytes: [u8; SEGMENT_BYTES] = solution.get(at..at + SEGMENT_BYTES)?.try_into().ok()?;
            Some(u128::from_le_bytes(bytes))
        };
        // The row's bits from `start_bit` on lie in this block's columns; the
        // bits that run past the block lie in the next block's columns.
        let (left, right) = if start_bit == 0 {
            (coeffs, 0)
        } else {
            (coeffs << start_bit, coeffs >> (COEFF_BITS - start_bit))
        };
        for i in 0..num_columns as u64 {
            let here = match segment(i) {
                Some(s) => s & left,
                // Beyond the block (a corrupt shape): answer safely.
                None => return true,
            };
            let next = if right == 0 {
                0
            } else {
                match segment(num_columns as u64 + i) {
                    Some(s) => s & right,
                    None => return true,
                }
            };
            let parity = (here ^ next).count_ones() & 1;
            if parity != (expected >> i) & 1 {
                return false;
            }
        }
        true
    }
}

/// A key's equation for a seed: its start slot among `num_starts`, its 128-bit
/// coefficient row (lowest bit set) and its expected 32-bit result.
#[inline]
fn key_row(key_hash: u64, raw_seed: u32, num_starts: u32) -> (u32, u128, u32) {
    let h = (key_hash ^ raw_seed as u64).wrapping_mul(REHASH_FACTOR);
    let start = ((h as u128 * num_starts as u128) >> 64) as u32;
    let a = h.wrapping_mul(COEFF_AND_RESULT_FACTOR);
    let coeffs = (((a as u128) << 64) ^ (a ^ COEFF_XOR) as u128) | 1;
    (start, coeffs, a.swap_bytes() as u32)
}

/// More keys than this and RocksDB builds a Bloom filter instead (kMaxRibbonEntries).
pub const MAX_RIBBON_ENTRIES: usize = 950_000_000;
/// Bytes of metadata after the solution.
const METADATA_LEN: usize = 5;

/// RocksDB's FP rate target for a Ribbon filter "equivalent" to a Bloom filter of
/// `bits_per_key` (BloomLikeFilterPolicy: one over FastLocalBloom's cache-local FP rate
/// with the same bits and its number of probes). `bits_per_key` is sanitized as RocksDB's
/// policy does; `num_probes` is FastLocalBloom's choice for its millibits.
pub fn desired_one_in_fp_rate(bits_per_key: f64, num_probes: u32) -> f64 {
    let bits = if bits_per_key < 1.0 { 1.0 } else if !(bits_per_key < 100.0) { 100.0 } else { bits_per_key };
    1.0 / cache_local_fp_rate(bits, num_probes as f64, 512.0)
}

/// RocksDB's BloomMath::CacheLocalFpRate.
fn cache_local_fp_rate(bits_per_key: f64, num_probes: f64, cache_line_bits: f64) -> f64 {
    if bits_per_key <= 0.0 {
        return 1.0;
    }
    let standard = |bits: f64| (1.0 - (-num_probes / bits).exp()).powf(num_probes);
    let keys_per_line = cache_line_bits / bits_per_key;
    let stddev = keys_per_line.sqrt();
    (standard(cache_line_bits / (keys_per_line + stddev)) + standard(cache_line_bits / (keys_per_line - stddev))) / 2.0
}

/// Keys that fill 2^i slots with a 1-in-20 chance of failing per seed, for 128-bit
/// coefficient rows (RocksDB's measured table, ribbon_config.cc); 0 = unsupported size.
const KNOWN_TO_ADD_BY_POW2: [f64; 18] = [
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 248.851, 499.532, 1001.26, 2003.97, 4005.59, 8000.39, 15966.6,
    31828.1, 63447.3, 126506.0,
];
const FACTOR_PER_POW2: f64 = 0.0038;

fn num_to_add_for_pow2(log2_slots: u32) -> f64 {
    let known = KNOWN_TO_ADD_BY_POW2.len() as u32;
    if log2_slots < known {
        return KNOWN_TO_ADD_BY_POW2[log2_slots as usize];
    }
    let final_factor = (1u64 << (known - 1)) as f64 / KNOWN_TO_ADD_BY_POW2[(known - 1) as usize];
    let base = final_factor - (known - 1) as f64 * FACTOR_PER_POW2;
    (1u64 << log2_slots) as f64 / (base + log2_slots as f64 * FACTOR_PER_POW2)
}

/// RocksDB's BandingConfigHelper1<kOneIn20, 128, no smash, not homogeneous>::GetNumSlots.
fn config_num_slots(num_to_add: u32) -> u32 {
    if num_to_add == 0 {
        return 0;
    }
    let log2_to_add = (num_to_add as f64).ln() * 1.4426950409;
    let mut approx_log2 = (log2_to_add + 0.5) as u32;
    let mut lower = num_to_add_for_pow2(approx_log2);
    let upper;
    if approx_log2 == 0 || lower == 0.0 {
        return 2 * COEFF_BITS;
    } else if (num_to_add as f64) < lower {
        upper = lower;
        approx_log2 -= 1;
        lower = num_to_add_for_pow2(approx_log2);
    } else {
        upper = num_to_add_for_pow2(approx_log2 + 1);
    }
    let upper_portion = (num_to_add as f64 - lower) / (upper - lower);
    let lower_slots = (1u64 << approx_log2) as f64;
    (upper_portion * lower_slots + lower_slots + 0.999999999) as u32
}

/// RoundUpNumSlots: whole blocks, at least two.
fn round_up_num_slots(num_slots: u32) -> u32 {
    let corrected = num_slots.div_ceil(COEFF_BITS) * COEFF_BITS;
    if corrected == COEFF_BITS {
        corrected + COEFF_BITS
    } else {
        corrected
    }
}

/// Slots RocksDB gives `num_entries` keys (NumEntriesToNumSlots).
pub fn num_slots_for(num_entries: u32) -> u32 {
    round_up_num_slots(config_num_slots(num_entries))
}

/// Solution bytes (no metadata) for `num_slots` and the FP rate asked: whole columns
/// per block, the lower-FP blocks at the end, the split point nudged by `rounding_bias32`
/// (SerializableInterleavedSolution::GetBytesForOneInFpRate).
pub fn solution_bytes(num_slots: u32, desired_one_in_fp_rate: f64) -> usize {
    solution_bytes_with_bias(num_slots, desired_one_in_fp_rate, 0)
}

fn solution_bytes_with_bias(num_slots: u32, one_in: f64, rounding_bias32: u32) -> usize {
    let fp_rate = 1.0 / one_in;
    if !(one_in > 1.0 && fp_rate < 1.0) {
        return SEGMENT_BYTES;
    }
    if one_in > u32::MAX as f64 {
        return num_slots as usize * 4;
    }
    let rounded = one_in as u32;
    let lower_columns = 31 - rounded.leading_zeros();
    let lower_rate = 2f64.powi(-(lower_columns as i32));
    let upper_rate = 2f64.powi(-(lower_columns as i32 + 1));
    let lower_portion = (fp_rate - upper_rate) / (lower_rate - upper_rate);
    let rounding_bias = (rounding_bias32 as f64 + 0.5) / 4294967296.0;
    let num_starts = num_slots - COEFF_BITS + 1;
    let upper_start_block = ((lower_portion * num_starts as f64 + rounding_bias) / COEFF_BITS as f64) as u32;
    let num_blocks = num_slots / COEFF_BITS;
    let num_segments = num_blocks as usize * lower_columns as usize + (num_blocks - upper_start_block) as usize;
    num_segments * SEGMENT_BYTES
}

/// The filter block (solution and metadata) RocksDB's Standard128RibbonBitsBuilder makes
/// for the XXPH3 hashes of the keys, in the order they were added (consecutive duplicates
/// already dropped). None when RocksDB builds a Bloom filter instead: too many keys, a
/// small filter a Bloom filter of `bloom_bytes(n)` (its whole block) beats, or no seed of
/// 256 solving the system. Requires at least one hash.
pub fn build(hashes: &[u64], desired_one_in_fp_rate: f64, bloom_bytes: &dyn Fn(usize) -> usize) -> Option<Vec<u8>> {
    let first = *hashes.first()?;
    if hashes.len() > MAX_RIBBON_ENTRIES {
        return None;
    }
    let num_slots = num_slots_for(hashes.len() as u32);
    let len_with_metadata =
        solution_bytes_with_bias(num_slots, desired_one_in_fp_rate, (first >> 32) as u32) + METADATA_LEN;
    if num_slots < 1024 && bloom_bytes(hashes.len()) < len_with_metadata {
        return None;
    }
    let banding = Banding::solve(num_slots, hashes, (first as u32) & 255)?;
    let mut out = vec![0u8; len_with_metadata];
    let num_blocks = banding.back_substitute(&mut out);
    out[len_with_metadata - METADATA_LEN] = 0xfe; // -2: Standard128 Ribbon
    out[len_with_metadata - 4] = banding.ordinal_seed as u8;
    out[len_with_metadata - 3..].copy_from_slice(&num_blocks.to_le_bytes()[..3]);
    Some(out)
}

/// The banded linear system (RocksDB's StandardBanding): row `i` holds an equation whose
/// lowest coefficient is for slot `i`, or nothing (coefficients 0).
struct Banding {
    coeffs: Vec<u128>,
    results: Vec<u32>,
    ordinal_seed: u32,
}

impl Banding {
    /// ResetAndFindSeedToSolve: tries seeds `start_seed`, `start_seed + 1`, ... (mod 256)
    /// until every key's equation fits; None when none of the 256 does.
    fn solve(num_slots: u32, hashes: &[u64], start_seed: u32) -> Option<Banding> {
        let num_starts = num_slots - COEFF_BITS + 1;
        let mut b = Banding { coeffs: vec![0; num_slots as usize], results: vec![0; num_slots as usize], ordinal_seed: start_seed };
        loop {
            let raw = raw_seed(b.ordinal_seed as u8);
            if hashes.iter().all(|&h| b.add(key_row(h, raw, num_starts))) {
                return Some(b);
            }
            b.ordinal_seed = (b.ordinal_seed + 1) & 255;
            if b.ordinal_seed == start_seed {
                return None;
            }
            b.coeffs.iter_mut().for_each(|c| *c = 0);
            b.results.iter_mut().for_each(|r| *r = 0);
        }
    }

    /// BandingAdd: eliminates the equation against the rows it meets until it lands in an
    /// empty row; false when it reduces to 0 = non-zero (the seed fails). An equation that
    /// reduces to 0 = 0 is implied by the others and is dropped.
    fn add(&mut self, (start, mut cr, mut rr): (u32, u128, u32)) -> bool {
        let mut i = start as usize;
        loop {
            let (row, result) = (self.coeffs[i], self.results[i]);
            if row == 0 {
                self.coeffs[i] = cr;
                self.results[i] = rr;
                return true;
            }
            cr ^= row;
            rr ^= result;
            if cr == 0 {
                return rr == 0;
            }
            let tz = cr.trailing_zeros();
            i += tz as usize;
            cr >>= tz;
        }
    }

    /// InterleavedBackSubst into `out` (its length fixes the columns per block, as the
    /// reader derives them): block by block from the last, each column's 128 solution bits
    /// as one little-endian segment. Returns the number of blocks.
    fn back_substitute(&self, out: &mut [u8]) -> u32 {
        let num_slots = self.coeffs.len() as u32;
        let num_blocks = num_slots / COEFF_BITS;
        let mut num_segments = (out.len() / SEGMENT_BYTES) as u32;
        let mut num_columns = num_segments.div_ceil(num_blocks);
        let mut upper_start_block = num_columns * num_blocks - num_segments;
        if num_columns > MAX_COLUMNS {
            num_columns = MAX_COLUMNS;
            upper_start_block = 0;
            num_segments = num_blocks * num_columns;
        }
        if num_columns == 0 {
            return num_blocks;
        }
        let mut state = [0u128; MAX_COLUMNS as usize];
        let mut segment = num_segments;
        for block in (0..num_blocks).rev() {
            if block < upper_start_block && block + 1 == upper_start_block {
                num_columns -= 1;
            }
            let start_slot = block * COEFF_BITS;
            for i in (start_slot..start_slot + COEFF_BITS).rev() {
                let (cr, rr) = (self.coeffs[i as usize], self.results[i as usize]);
                for (j, s) in state.iter_mut().take(num_columns as usize).enumerate() {
                    let shifted = *s << 1;
                    let bit = ((shifted & cr).count_ones() & 1) ^ ((rr >> j) & 1);
                    *s = shifted | bit as u128;
                }
            }
            segment -= num_columns;
            for (j, s) in state.iter().take(num_columns as usize).enumerate() {
                let at = (segment as usize + j) * SEGMENT_BYTES;
                out[at..at + SEGMENT_BYTES].copy_from_slice(&s.to_le_bytes());
            }
        }
        debug_assert_eq!(segment, 0);
        num_blocks
    }
}

/// The seed byte is an ordinal; RocksDB mixes it into a raw 32-bit seed.
fn raw_seed(ordinal: u8) -> u32 {
    let mut t = (ordinal as u64).wrapping_mul(TO_RAW_SEED_FACTOR);
    t ^= (t & SEED_MIX_MASK) >> SEED_MIX_SHIFT;
    t as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_follows_rocksdb_configuration() {
        assert_eq!(RibbonReader::new(10_000, 0, 1), None, "one block: always true");
        assert_eq!(RibbonReader::new(10_000, 0, 0), None);
        // 100 segments over 30 blocks: 4 columns, the first 20 blocks use 3.
        let r = RibbonReader::new(1600, 0, 30).unwrap();
        assert_eq!((r.upper_num_columns, r.upper_start_block, r.num_starts), (4, 20, 30 * 128 - 127));
        // Room for more than 32 columns: capped, every block uses 32.
        let r = RibbonReader::new(16 * 100, 3, 2).unwrap();
        assert_eq!((r.upper_num_columns, r.upper_start_block), (32, 0));
        // No segment at all: every key may match.
        let r = RibbonReader::new(15, 0, 2).unwrap();
        assert_eq!(r.upper_num_columns, 0);
        assert!(r.may_match(&[0; 15], 12345));
    }

    fn key_hashes(n: u64, salt: u64) -> Vec<u64> {
        (0..n).map(|i| crate::util::xxph3::xxph3_64(format!("key{salt}-{i}").as_bytes())).collect()
    }

    /// The reader for a block `build` made.
    fn reader_of(filter: &[u8]) -> RibbonReader {
        let meta = &filter[filter.len() - METADATA_LEN..];
        assert_eq!(meta[0], 0xfe);
        let num_blocks = u32::from_le_bytes([meta[2], meta[3], meta[4], 0]);
        RibbonReader::new(filter.len() - METADATA_LEN, meta[1], num_blocks).unwrap()
    }

    #[test]
    fn built_filters_hold_every_key_at_about_the_fp_rate_asked() {
        let never_bloom = |_: usize| usize::MAX;
        for (n, bits) in [(1502u64, 8.0), (20_000, 10.0), (5_000, 3.5), (100_000, 16.0)] {
            let one_in = desired_one_in_fp_rate(bits, match bits as u32 { 3 => 2, 8 => 5, 10 => 6, _ => 9 });
            let hashes = key_hashes(n, 1);
            let filter = build(&hashes, one_in, &never_bloom).expect("a ribbon filter");
            let r = reader_of(&filter);
            let solution = &filter[..filter.len() - METADATA_LEN];
            assert!(hashes.iter().all(|&h| r.may_match(solution, h)), "a false negative, n={n}");
            let absent = key_hashes(200_000, 2);
            let fp = absent.iter().filter(|&&h| r.may_match(solution, h)).count() as f64 / absent.len() as f64;
            let target = 1.0 / one_in;
            assert!(fp > target * 0.7 && fp < target * 1.3, "n={n}: fp {fp} for target {target}");
            // The seed search starts at the first key's low byte.
            assert_eq!(filter[filter.len() - 4] as u64, hashes[0] & 255, "n={n}: first seed solved");
        }
    }

    #[test]
    fn slots_and_space_follow_rocksdbs_configuration() {
        // Below the measured table's range RocksDB uses two blocks; whole blocks always.
        assert_eq!(num_slots_for(1), 256);
        assert_eq!(num_slots_for(100), 256);
        for n in [249u32, 1000, 1502, 20_000, 1 << 20, 1 << 24] {
            let slots = num_slots_for(n);
            assert_eq!(slots % 128, 0);
            // About 1% to 10% more slots than keys (more for fewer keys).
            assert!(slots as f64 > n as f64 * 1.0 && (slots as f64) < n as f64 * 1.2 + 256.0, "n={n}: {slots}");
        }
        // 2^i slots hold the table's count of keys: GetNumSlots inverts it.
        assert!((num_slots_for(8000) as i64 - 8192).abs() <= 128);
        // Space: between the lower and upper whole column counts per slot.
        let one_in = desired_one_in_fp_rate(10.0, 6);
        assert!((100.0..120.0).contains(&one_in), "{one_in}");
        let bytes = solution_bytes(num_slots_for(20_000), one_in);
        assert_eq!(bytes % 16, 0);
        let bits_per_slot = bytes as f64 * 8.0 / num_slots_for(20_000) as f64;
        assert!((6.0..=7.0).contains(&bits_per_slot), "{bits_per_slot}");
    }

    #[test]
    fn small_filters_fall_back_to_bloom_when_it_is_smaller() {
        let one_in = desired_one_in_fp_rate(10.0, 6);
        let hashes = key_hashes(50, 3);
        // A Bloom block of 69 bytes beats 2 blocks of Ribbon.
        assert!(build(&hashes, one_in, &|_| 69).is_none());
        assert!(build(&hashes, one_in, &|_| usize::MAX).is_some());
        assert!(build(&[], one_in, &|_| usize::MAX).is_none());
    }

    #[test]
    fn seed_zero_is_zero_and_seeds_differ() {
        assert_eq!(raw_seed(0), 0);
        let seeds: std::collections::BTreeSet<u32> = (0..=255u8).map(raw_seed).collect();
        assert_eq!(seeds.len(), 256);
    }

    #[test]
    fn an_all_zero_solution_matches_keys_expecting_zero_only() {
        // With zero solution bits every parity is 0: a key may match exactly
        // when its expected result's low columns are 0 (about 1 in 2^columns).
        let r = RibbonReader::new(16 * 8, 0, 2).unwrap();
        let sol = vec![0u8; 16 * 8];
        let matches = (0..100_000u64).filter(|&k| r.may_match(&sol, k.wrapping_mul(0x9e37_79b9_7f4a_7c15))).count();
        // 4 columns everywhere: 1/16 of 100000 is 6250.
        assert!((5500..7000).contains(&matches), "{matches}");
        // A truncated solution is read safely as "may match".
        assert!(r.may_match(&sol[..20], 42));
    }
}
