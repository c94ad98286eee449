//! XXPH3: the preview XXH3 of xxHash 0.7.2 that RocksDB's `Hash64` uses for
//! FastLocalBloom and Ribbon filters (docs/format/filters.md §6.3, vectors in §10).
//!
//! This is NOT today's XXH3 (0.7.3 and later changed every output), and it has
//! RocksDB's one change: the empty input hashes the seed instead of giving 0.
//! Only the unseeded 64-bit scalar variant is needed: filters always hash with
//! seed 0. Pure functions, no state, safe to call from any thread.

const P32_1: u64 = 0x9E37_79B1;
const P32_2: u64 = 0x85EB_CA77;
const P32_3: u64 = 0xC2B2_AE3D;
const P64_1: u64 = 0x9E37_79B1_85EB_CA87;
const P64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P64_3: u64 = 0x1656_67B1_9E37_79F9;
const P64_4: u64 = 0x85EB_CA77_C2B2_AE63;
const P64_5: u64 = 0x27D4_EB2F_1656_67C5;

/// The default 192-byte secret of XXH3 (identical in the preview and final versions).
const SECRET: [u8; 192] = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
];

/// The part of the secret the mid-size path is defined over (XXH3's minimum secret size).
const SECRET_MIN_LEN: usize = 136;
const STRIPE: usize = 64;
/// Secret bytes the stripe window advances by per stripe.
const SECRET_STEP: usize = 8;

/// Little-endian u64 at `at`; callers only pass offsets proven in range by the length branches.
#[inline(always)]
fn le64(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

#[inline(always)]
fn le32(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(w) as u64
}

/// 64x64 -> 128-bit product, halves XORed together.
#[inline(always)]
fn fold_mul(a: u64, b: u64) -> u64 {
    let p = (a as u128) * (b as u128);
    (p as u64) ^ ((p >> 64) as u64)
}

#[inline(always)]
fn finalize(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(P64_3);
    h ^ (h >> 32)
}

/// Mixes 16 input bytes at `at` with 16 secret bytes at `sec_at` (seed 0).
#[inline(always)]
fn mix16(input: &[u8], at: usize, sec_at: usize) -> u64 {
    fold_mul(le64(input, at) ^ le64(&SECRET, sec_at), le64(input, at + 8) ^ le64(&SECRET, sec_at + 8))
}

/// XXPH3_64bits with seed 0: RocksDB's `Hash64` / `GetSliceHash64`.
pub fn xxph3_64(data: &[u8]) -> u64 {
    let n = data.len();
    match n {
        0 => fold_mul(le64(&SECRET, 0), P64_2),
        1..=3 => short_1_to_3(data),
        4..=8 => short_4_to_8(data),
        9..=16 => short_9_to_16(data),
        17..=128 => medium_17_to_128(data),
        129..=240 => medium_129_to_240(data),
        _ => long(data),
    }
}

fn short_1_to_3(d: &[u8]) -> u64 {
    let n = d.len();
    let packed = (d[0] as u64) | ((d[n / 2] as u64) << 8) | ((d[n - 1] as u64) << 16) | ((n as u64) << 24);
    finalize((packed ^ le32(&SECRET, 0)).wrapping_mul(P64_1))
}

fn short_4_to_8(d: &[u8]) -> u64 {
    let n = d.len();
    let word = le32(d, 0) | (le32(d, n - 4) << 32);
    let k = word ^ le64(&SECRET, 0);
    let m = (n as u64).wrapping_add((k ^ (k >> 51)).wrapping_mul(P32_1));
    finalize((m ^ (m >> 47)).wrapping_mul(P64_2))
}

fn short_9_to_16(d: &[u8]) -> u64 {
    let n = d.len();
    let lo = le64(d, 0) ^ le64(&SECRET, 0);
    let hi = le64(d, n - 8) ^ le64(&SECRET, 8);
    finalize((n as u64).wrapping_add(lo.wrapping_add(hi)).wrapping_add(fold_mul(lo, hi)))
}

fn medium_17_to_128(d: &[u8]) -> u64 {
    let n = d.len();
    let mut acc = (n as u64).wrapping_mul(P64_1);
    // Pairs of 16-byte chunks taken from both ends, working inwards; each pair
    // uses the next 32 bytes of the secret.
    let pairs = (n - 1) / 32 + 1;
    for i in 0..pairs {
        acc = acc.wrapping_add(mix16(d, 16 * i, 32 * i));
        acc = acc.wrapping_add(mix16(d, n - 16 * (i + 1), 32 * i + 16));
    }
    finalize(acc)
}

fn medium_129_to_240(d: &[u8]) -> u64 {
    let n = d.len();
    let mut acc = (n as u64).wrapping_mul(P64_1);
    for i in 0..8 {
        acc = acc.wrapping_add(mix16(d, 16 * i, 16 * i));
    }
    acc = finalize(acc);
    // Later chunks reuse the secret from a 3-byte offset.
    for i in 8..n / 16 {
        acc = acc.wrapping_add(mix16(d, 16 * i, 16 * (i - 8) + 3));
    }
    acc = acc.wrapping_add(mix16(d, n - 16, SECRET_MIN_LEN - 17));
    finalize(acc)
}

/// Adds one 64-byte stripe into the eight lanes, keyed by the secret window at `sec_at`.
#[inline(always)]
fn absorb_stripe(lanes: &mut [u64; 8], stripe: &[u8], sec_at: usize) {
    for (i, lane) in lanes.iter_mut().enumerate() {
        let v = le64(stripe, 8 * i);
        let k = v ^ le64(&SECRET, sec_at + 8 * i);
        *lane = lane.wrapping_add(v).wrapping_add((k & 0xFFFF_FFFF).wrapping_mul(k >> 32));
    }
}

fn scramble(lanes: &mut [u64; 8]) {
    let sec_at = SECRET.len() - STRIPE;
    for (i, lane) in lanes.iter_mut().enumerate() {
        let mut a = *lane;
        a ^= a >> 47;
        a ^= le64(&SECRET, sec_at + 8 * i);
        *lane = a.wrapping_mul(P32_1);
    }
}

fn long(d: &[u8]) -> u64 {
    let n = d.len();
    let mut lanes = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
    let stripes_per_block = (SECRET.len() - STRIPE) / SECRET_STEP;
    let block_len = STRIPE * stripes_per_block;
    let full_blocks = n / block_len;
    for b in 0..full_blocks {
        let block = &d[b * block_len..(b + 1) * block_len];
        for s in 0..stripes_per_block {
            absorb_stripe(&mut lanes, &block[s * STRIPE..(s + 1) * STRIPE], s * SECRET_STEP);
        }
        scramble(&mut lanes);
    }
    let rest = &d[full_blocks * block_len..];
    let whole_stripes = rest.len() / STRIPE;
    for s in 0..whole_stripes {
        absorb_stripe(&mut lanes, &rest[s * STRIPE..(s + 1) * STRIPE], s * SECRET_STEP);
    }
    // A partial final stripe is covered by the last 64 input bytes (overlapping),
    // keyed 7 bytes before the scramble key so the two differ.
    if n % STRIPE != 0 {
        absorb_stripe(&mut lanes, &d[n - STRIPE..], SECRET.len() - STRIPE - 7);
    }
    let mut h = (n as u64).wrapping_mul(P64_1);
    for pair in 0..4 {
        let sec_at = 11 + 16 * pair;
        h = h.wrapping_add(fold_mul(
            lanes[2 * pair] ^ le64(&SECRET, sec_at),
            lanes[2 * pair + 1] ^ le64(&SECRET, sec_at + 8),
        ));
    }
    finalize(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i % 251) as u8).collect()
    }

    #[test]
    fn matches_rocksdb_hash64_vectors_by_length() {
        let vectors: [(usize, u64); 15] = [
            (0, 0x5342c3010fe1dd04),
            (1, 0x7198d737cfe7f386),
            (3, 0xc0360a11b4791b98),
            (4, 0xf28e842dedde83ae),
            (8, 0x223c9d9c7f17db6e),
            (9, 0x93557756b5dae4dd),
            (16, 0x4bfe2ff1655e8360),
            (17, 0x6dff1ac96eef2848),
            (128, 0x7aa5db2c8097080b),
            (129, 0xa06d81743056cebc),
            (240, 0xd1253a6dec8c35fc),
            (241, 0xb78df6016a18c222),
            (1024, 0xd36464396df76d32),
            (1025, 0xe95a3a592ded01af),
            (5000, 0x426405d33128d678),
        ];
        for (len, want) in vectors {
            assert_eq!(xxph3_64(&pattern(len)), want, "length {len}");
        }
    }

    #[test]
    fn matches_rocksdb_hash64_vectors_for_strings() {
        assert_eq!(xxph3_64(b"a"), 0x88d868bf607681c7);
        assert_eq!(xxph3_64(b"hello"), 0xa0bbc238c97657b5);
        assert_eq!(xxph3_64(b"key000"), 0x31689d16643f1223);
        assert_eq!(xxph3_64(b"rocksdb"), 0xceb90cc7164739b8);
    }

    #[test]
    fn matches_librocksdb_783_hash64_over_every_length() {
        // The same fold computed by calling `rocksdb::Hash64(const char*, size_t)`
        // (src/table/testdata/hash64_fold_rocksdb783.cc)
        // exported by Debian's librocksdb.so.7.8.3 (pattern i % 251, offsets 0 and 7,
        // every length 0..=4200, then four long inputs).
        let data = pattern(20_000);
        let mut acc = 0u64;
        let mut fold = |h: u64| acc = (acc ^ h).wrapping_mul(0x100_0000_01b3);
        for len in 0..=4200 {
            for off in [0, 7] {
                fold(xxph3_64(&data[off..off + len]));
            }
        }
        for len in [8191, 8192, 8193, 19_999] {
            fold(xxph3_64(&data[..len]));
        }
        assert_eq!(acc, 0xb37a0fd273e8a4f0);
    }

    #[test]
    fn every_length_is_defined_and_input_sensitive() {
        // Walks every branch boundary; a panic here would be an out-of-range read.
        let data = pattern(2100);
        let mut seen = std::collections::HashSet::new();
        for len in 0..=data.len() {
            assert!(seen.insert(xxph3_64(&data[..len])), "collision at length {len}");
        }
    }
}
