//! The final XXH3-64 (xxHash v0.8.x, seed 0, default secret), used only for
//! RocksDB's kXXH3 block checksums (docs/format/block-based-table.md §5.2, docs/format/filters.md §6.3). This is NOT
//! the XXPH3 preview hash that filters use (`util::xxph3`): the two differ for
//! every input length.
//!
//! Pure function, no state; safe to call from any thread.

const PRIME32_1: u64 = 0x9E37_79B1;
const PRIME32_2: u64 = 0x85EB_CA77;
const PRIME32_3: u64 = 0xC2B2_AE3D;
const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;
const PRIME64_4: u64 = 0x85EB_CA77_C2B2_AE63;
const PRIME64_5: u64 = 0x27D4_EB2F_1656_67C5;
const PRIME_MX1: u64 = 0x1656_6791_9E37_79F9;
const PRIME_MX2: u64 = 0x9FB2_1C65_1E98_DF25;

/// xxHash's default 192-byte secret (a published constant of the algorithm).
const SECRET: [u8; 192] = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c, 0xde, 0xd4, 0x6d,
    0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0,
    0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21, 0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0,
    0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b,
    0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac,
    0xd8, 0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51,
    0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64, 0xea, 0xc5, 0xac, 0x83, 0x34,
    0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb, 0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49,
    0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8,
    0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b,
    0x40, 0x7e,
];

const STRIPE_LEN: usize = 64;
const STRIPES_PER_BLOCK: usize = (SECRET.len() - STRIPE_LEN) / 8;
const BLOCK_LEN: usize = STRIPE_LEN * STRIPES_PER_BLOCK;

// Callers always pass in-bounds offsets (lengths are checked by the length
// class dispatch), so the fixed-size conversions below cannot fail.
#[inline]
fn r64(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

#[inline]
fn r32(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(w) as u64
}

#[inline]
fn fold_mul(a: u64, b: u64) -> u64 {
    let p = (a as u128) * (b as u128);
    (p as u64) ^ ((p >> 64) as u64)
}

fn xxh64_avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(PRIME64_2);
    h ^= h >> 29;
    h = h.wrapping_mul(PRIME64_3);
    h ^ (h >> 32)
}

fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(PRIME_MX1);
    h ^ (h >> 32)
}

fn rrmxmx(mut h: u64, len: u64) -> u64 {
    h ^= h.rotate_left(49) ^ h.rotate_left(24);
    h = h.wrapping_mul(PRIME_MX2);
    h ^= (h >> 35).wrapping_add(len);
    h = h.wrapping_mul(PRIME_MX2);
    h ^ (h >> 28)
}

#[inline]
fn mix16(data: &[u8], at: usize, secret_at: usize) -> u64 {
    fold_mul(r64(data, at) ^ r64(&SECRET, secret_at), r64(data, at + 8) ^ r64(&SECRET, secret_at + 8))
}

/// XXH3_64bits(data) of xxHash v0.8.x with seed 0.
pub fn xxh3_64(data: &[u8]) -> u64 {
    let len = data.len();
    let len64 = len as u64;
    match len {
        0 => xxh64_avalanche(r64(&SECRET, 56) ^ r64(&SECRET, 64)),
        1..=3 => {
            let combined = ((data[0] as u32) << 16)
                | ((data[len >> 1] as u32) << 24)
                | (data[len - 1] as u32)
                | ((len as u32) << 8);
            let flip = (r32(&SECRET, 0) ^ r32(&SECRET, 4)) as u32;
            xxh64_avalanche((combined ^ flip) as u64)
        }
        4..=8 => {
            let lo = r32(data, 0);
            let hi = r32(data, len - 4);
            let flip = r64(&SECRET, 8) ^ r64(&SECRET, 16);
            rrmxmx((hi.wrapping_add(lo << 32)) ^ flip, len64)
        }
        9..=16 => {
            let lo = r64(data, 0) ^ (r64(&SECRET, 24) ^ r64(&SECRET, 32));
            let hi = r64(data, len - 8) ^ (r64(&SECRET, 40) ^ r64(&SECRET, 48));
            let acc = len64.wrapping_add(lo.swap_bytes()).wrapping_add(hi).wrapping_add(fold_mul(lo, hi));
            avalanche(acc)
        }
        17..=128 => {
            let mut acc = len64.wrapping_mul(PRIME64_1);
            if len > 32 {
                if len > 64 {
                    if len > 96 {
                        acc = acc.wrapping_add(mix16(data, 48, 96));
                        acc = acc.wrapping_add(mix16(data, len - 64, 112));
                    }
                    acc = acc.wrapping_add(mix16(data, 32, 64));
                    acc = acc.wrapping_add(mix16(data, len - 48, 80));
                }
                acc = acc.wrapping_add(mix16(data, 16, 32));
                acc = acc.wrapping_add(mix16(data, len - 32, 48));
            }
            acc = acc.wrapping_add(mix16(data, 0, 0));
            acc = acc.wrapping_add(mix16(data, len - 16, 16));
            avalanche(acc)
        }
        129..=240 => {
            let mut acc = len64.wrapping_mul(PRIME64_1);
            for i in 0..8 {
                acc = acc.wrapping_add(mix16(data, 16 * i, 16 * i));
            }
            acc = avalanche(acc);
            for i in 8..len / 16 {
                acc = acc.wrapping_add(mix16(data, 16 * i, 16 * (i - 8) + 3));
            }
            acc = acc.wrapping_add(mix16(data, len - 16, 136 - 17));
            avalanche(acc)
        }
        _ => hash_long(data),
    }
}

fn accumulate_stripe(acc: &mut [u64; 8], data: &[u8], at: usize, secret_at: usize) {
    for i in 0..8 {
        let v = r64(data, at + 8 * i);
        let k = v ^ r64(&SECRET, secret_at + 8 * i);
        acc[i ^ 1] = acc[i ^ 1].wrapping_add(v);
        acc[i] = acc[i].wrapping_add((k & 0xFFFF_FFFF).wrapping_mul(k >> 32));
    }
}

fn scramble(acc: &mut [u64; 8]) {
    let base = SECRET.len() - STRIPE_LEN;
    for (i, a) in acc.iter_mut().enumerate() {
        let mut v = *a;
        v ^= v >> 47;
        v ^= r64(&SECRET, base + 8 * i);
        *a = v.wrapping_mul(PRIME32_1);
    }
}

fn hash_long(data: &[u8]) -> u64 {
    let len = data.len();
    let mut acc = [PRIME32_3, PRIME64_1, PRIME64_2, PRIME64_3, PRIME64_4, PRIME32_2, PRIME64_5, PRIME32_1];
    let blocks = (len - 1) / BLOCK_LEN;
    for b in 0..blocks {
        for s in 0..STRIPES_PER_BLOCK {
            accumulate_stripe(&mut acc, data, b * BLOCK_LEN + s * STRIPE_LEN, s * 8);
        }
        scramble(&mut acc);
    }
    let tail_stripes = ((len - 1) - BLOCK_LEN * blocks) / STRIPE_LEN;
    for s in 0..tail_stripes {
        accumulate_stripe(&mut acc, data, blocks * BLOCK_LEN + s * STRIPE_LEN, s * 8);
    }
    accumulate_stripe(&mut acc, data, len - STRIPE_LEN, SECRET.len() - STRIPE_LEN - 7);
    let mut result = (len as u64).wrapping_mul(PRIME64_1);
    for i in 0..4 {
        result = result.wrapping_add(fold_mul(
            acc[2 * i] ^ r64(&SECRET, 11 + 16 * i),
            acc[2 * i + 1] ^ r64(&SECRET, 11 + 16 * i + 8),
        ));
    }
    avalanche(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(n: usize) -> Vec<u8> {
        (0..n).map(|i| (i % 251) as u8).collect()
    }

    #[test]
    fn matches_rocksdb_formats_vectors() {
        let cases: &[(usize, u64)] = &[
            (0, 0x2d06800538d394c2),
            (1, 0xc44bdff4074eecdb),
            (3, 0x5f4299fc161c9cbb),
            (4, 0x60dab036a58211f2),
            (8, 0x3a1c2d7c85af88f8),
            (9, 0xe9612598145bb9dc),
            (16, 0x8355e3a6f61770db),
            (17, 0x9ef341a99de37328),
            (128, 0x85c6174c7ff4c46b),
            (129, 0xec7642b431ba3e5a),
            (240, 0x375a384d957fe865),
            (241, 0x02e8cd95421c6d02),
            (1024, 0xe5d78bafa45b2aa5),
            (1025, 0xe95c42288f28186e),
            (5000, 0xb418500fc42320ee),
        ];
        for &(n, want) in cases {
            assert_eq!(xxh3_64(&pattern(n)), want, "len {}", n);
        }
        assert_eq!(xxh3_64(b"a"), 0xe6c632b61e964e1f);
        assert_eq!(xxh3_64(b"hello"), 0x9555e8555c62dcfd);
        assert_eq!(xxh3_64(b"key000"), 0x981540a6f984fdcb);
        assert_eq!(xxh3_64(b"rocksdb"), 0xa0050484a6f07020);
    }
}
