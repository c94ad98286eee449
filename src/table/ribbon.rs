//! Queries of RocksDB's Standard128 Ribbon filter (`NewRibbonFilterPolicy`,
//! metadata marker -2; rocksdb-formats.md §6.1): a filter whose bits are the
//! solution of a linear system over GF(2), one equation per key, stored in
//! RocksDB's "interleaved" column layout.
//!
//! ferrock reads these filters (tables RocksDB wrote) but does not build them.
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
        let h = (key_hash ^ self.raw_seed as u64).wrapping_mul(REHASH_FACTOR);
        let start = ((h as u128 * self.num_starts as u128) >> 64) as u32;
        let a = h.wrapping_mul(COEFF_AND_RESULT_FACTOR);
        let coeffs = (((a as u128) << 64) ^ (a ^ COEFF_XOR) as u128) | 1;
        let expected = a.swap_bytes() as u32;

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
