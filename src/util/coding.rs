//! RocksDB's primitive encodings (`util/coding.h`; docs/format/primitives.md):
//! little-endian fixed-width integers, LEB128 varints, zigzag signed varints
//! and varint32-length-prefixed slices. Decoders take `&mut &[u8]` and advance
//! it, returning `None` on truncated or malformed input (callers turn that into
//! a Corruption naming what they were decoding).

pub fn put_fixed16(dst: &mut Vec<u8>, v: u16) {
    dst.extend_from_slice(&v.to_le_bytes());
}
pub fn put_fixed32(dst: &mut Vec<u8>, v: u32) {
    dst.extend_from_slice(&v.to_le_bytes());
}
pub fn put_fixed64(dst: &mut Vec<u8>, v: u64) {
    dst.extend_from_slice(&v.to_le_bytes());
}

pub fn decode_fixed16(src: &[u8]) -> u16 {
    u16::from_le_bytes([src[0], src[1]])
}
pub fn decode_fixed32(src: &[u8]) -> u32 {
    u32::from_le_bytes([src[0], src[1], src[2], src[3]])
}
pub fn decode_fixed64(src: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&src[..8]);
    u64::from_le_bytes(b)
}

pub fn put_varint32(dst: &mut Vec<u8>, v: u32) {
    put_varint64(dst, v as u64)
}
pub fn put_varint64(dst: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        dst.push((v as u8) | 0x80);
        v >>= 7;
    }
    dst.push(v as u8);
}
pub fn varint_length(mut v: u64) -> usize {
    let mut n = 1;
    while v >= 0x80 {
        v >>= 7;
        n += 1;
    }
    n
}
pub fn put_varsignedint64(dst: &mut Vec<u8>, v: i64) {
    put_varint64(dst, ((v << 1) ^ (v >> 63)) as u64)
}
pub fn put_length_prefixed_slice(dst: &mut Vec<u8>, s: &[u8]) {
    put_varint32(dst, s.len() as u32);
    dst.extend_from_slice(s);
}

pub fn get_fixed32(src: &mut &[u8]) -> Option<u32> {
    if src.len() < 4 {
        return None;
    }
    let v = decode_fixed32(src);
    *src = &src[4..];
    Some(v)
}
pub fn get_fixed64(src: &mut &[u8]) -> Option<u64> {
    if src.len() < 8 {
        return None;
    }
    let v = decode_fixed64(src);
    *src = &src[8..];
    Some(v)
}
pub fn get_varint32(src: &mut &[u8]) -> Option<u32> {
    let mut result: u32 = 0;
    for i in 0..5 {
        let b = *src.get(i)?;
        result |= ((b & 0x7f) as u32) << (7 * i);
        if b & 0x80 == 0 {
            if i == 4 && b > 0x0f {
                return None;
            }
            *src = &src[i + 1..];
            return Some(result);
        }
    }
    None
}
pub fn get_varint64(src: &mut &[u8]) -> Option<u64> {
    let mut result: u64 = 0;
    for i in 0..10 {
        let b = *src.get(i)?;
        result |= ((b & 0x7f) as u64) << (7 * i);
        if b & 0x80 == 0 {
            if i == 9 && b > 1 {
                return None;
            }
            *src = &src[i + 1..];
            return Some(result);
        }
    }
    None
}
pub fn get_varsignedint64(src: &mut &[u8]) -> Option<i64> {
    let u = get_varint64(src)?;
    Some(((u >> 1) as i64) ^ -((u & 1) as i64))
}
pub fn get_length_prefixed_slice<'a>(src: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = get_varint32(src)? as usize;
    if src.len() < len {
        return None;
    }
    let (s, rest) = src.split_at(len);
    *src = rest;
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varint_round_trip_and_lengths() {
        for v in [0u64, 1, 127, 128, 255, 300, 16383, 16384, u32::MAX as u64, u64::MAX] {
            let mut b = Vec::new();
            put_varint64(&mut b, v);
            assert_eq!(b.len(), varint_length(v));
            let mut s = &b[..];
            assert_eq!(get_varint64(&mut s), Some(v));
            assert!(s.is_empty());
        }
        let mut b = Vec::new();
        put_varint32(&mut b, 300);
        assert_eq!(b, [0xac, 0x02]);
    }

    #[test]
    fn truncated_input_is_none() {
        let mut s: &[u8] = &[0x80, 0x80];
        assert_eq!(get_varint32(&mut s), None);
        let mut s: &[u8] = &[5, b'a'];
        assert_eq!(get_length_prefixed_slice(&mut s), None);
        let mut s: &[u8] = &[1, 2, 3];
        assert_eq!(get_fixed32(&mut s), None);
    }

    #[test]
    fn signed_varint_zigzag() {
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            let mut b = Vec::new();
            put_varsignedint64(&mut b, v);
            let mut s = &b[..];
            assert_eq!(get_varsignedint64(&mut s), Some(v));
        }
    }
}
