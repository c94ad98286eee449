//! CRC32C (Castagnoli) and RocksDB's CRC masking (`util/crc32c.h`;
//! docs/format/primitives.md). Stored CRCs are masked so that a CRC of data that
//! itself contains CRCs does not degenerate.

const MASK_DELTA: u32 = 0xa282_ead8;

pub fn value(data: &[u8]) -> u32 {
    crc32c::crc32c(data)
}

/// Continues `init_crc` (a finished CRC of earlier bytes) over `data`.
pub fn extend(init_crc: u32, data: &[u8]) -> u32 {
    crc32c::crc32c_append(init_crc, data)
}

pub fn mask(crc: u32) -> u32 {
    crc.rotate_right(15).wrapping_add(MASK_DELTA)
}

pub fn unmask(masked: u32) -> u32 {
    masked.wrapping_sub(MASK_DELTA).rotate_left(15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_vectors() {
        assert_eq!(value(b"123456789"), 0xe306_9283);
        assert_eq!(mask(0xe306_9283), 0xc78a_b0e5);
        assert_eq!(mask(0), 0xa282_ead8);
        assert_eq!(unmask(mask(0x1234_5678)), 0x1234_5678);
        assert_eq!(extend(value(b"1234"), b"56789"), value(b"123456789"));
    }
}
