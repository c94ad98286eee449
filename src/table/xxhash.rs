//! XXH32 and XXH64 (seed 0), for the older kxxHash (2) and kxxHash64 (3)
//! block checksum types a table may carry (docs/format/block-based-table.md §5.2). Pure
//! functions; thread-safe.

const P32_1: u32 = 0x9E37_79B1;
const P32_2: u32 = 0x85EB_CA77;
const P32_3: u32 = 0xC2B2_AE3D;
const P32_4: u32 = 0x27D4_EB2F;
const P32_5: u32 = 0x1656_67B1;

const P64_1: u64 = 0x9E37_79B1_85EB_CA87;
const P64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P64_3: u64 = 0x1656_67B1_9E37_79F9;
const P64_4: u64 = 0x85EB_CA77_C2B2_AE63;
const P64_5: u64 = 0x27D4_EB2F_1656_67C5;

fn le32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

fn le64(b: &[u8]) -> u64 {
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

fn round32(acc: u32, input: u32) -> u32 {
    acc.wrapping_add(input.wrapping_mul(P32_2)).rotate_left(13).wrapping_mul(P32_1)
}

pub fn xxh32(data: &[u8]) -> u32 {
    let len = data.len();
    let mut rest = data;
    let mut h = if len >= 16 {
        let mut v = [P32_1.wrapping_add(P32_2), P32_2, 0, 0u32.wrapping_sub(P32_1)];
        while rest.len() >= 16 {
            for (i, acc) in v.iter_mut().enumerate() {
                *acc = round32(*acc, le32(&rest[4 * i..]));
            }
            rest = &rest[16..];
        }
        v[0].rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18))
    } else {
        P32_5
    };
    h = h.wrapping_add(len as u32);
    while rest.len() >= 4 {
        h = h.wrapping_add(le32(rest).wrapping_mul(P32_3)).rotate_left(17).wrapping_mul(P32_4);
        rest = &rest[4..];
    }
    for &b in rest {
        h = h.wrapping_add((b as u32).wrapping_mul(P32_5)).rotate_left(11).wrapping_mul(P32_1);
    }
    h ^= h >> 15;
    h = h.wrapping_mul(P32_2);
    h ^= h >> 13;
    h = h.wrapping_mul(P32_3);
    h ^ (h >> 16)
}

fn round64(acc: u64, input: u64) -> u64 {
    acc.wrapping_add(input.wrapping_mul(P64_2)).rotate_left(31).wrapping_mul(P64_1)
}

fn merge64(acc: u64, v: u64) -> u64 {
    (acc ^ round64(0, v)).wrapping_mul(P64_1).wrapping_add(P64_4)
}

pub fn xxh64(data: &[u8]) -> u64 {
    let len = data.len();
    let mut rest = data;
    let mut h = if len >= 32 {
        let mut v = [P64_1.wrapping_add(P64_2), P64_2, 0, 0u64.wrapping_sub(P64_1)];
        while rest.len() >= 32 {
            for (i, acc) in v.iter_mut().enumerate() {
                *acc = round64(*acc, le64(&rest[8 * i..]));
            }
            rest = &rest[32..];
        }
        let mut h = v[0]
            .rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18));
        for x in v {
            h = merge64(h, x);
        }
        h
    } else {
        P64_5
    };
    h = h.wrapping_add(len as u64);
    while rest.len() >= 8 {
        h ^= round64(0, le64(rest));
        h = h.rotate_left(27).wrapping_mul(P64_1).wrapping_add(P64_4);
        rest = &rest[8..];
    }
    if rest.len() >= 4 {
        h ^= (le32(rest) as u64).wrapping_mul(P64_1);
        h = h.rotate_left(23).wrapping_mul(P64_2).wrapping_add(P64_3);
        rest = &rest[4..];
    }
    for &b in rest {
        h ^= (b as u64).wrapping_mul(P64_5);
        h = h.rotate_left(11).wrapping_mul(P64_1);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(P64_2);
    h ^= h >> 29;
    h = h.wrapping_mul(P64_3);
    h ^ (h >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_vectors() {
        assert_eq!(xxh32(b""), 0x02CC_5D05);
        assert_eq!(xxh64(b""), 0xEF46_DB37_51D8_E999);
        assert_eq!(xxh32(b"a"), 0x550D_7456);
        assert_eq!(xxh64(b"a"), 0xD24E_C4F1_A98C_6E5B);
    }
}
