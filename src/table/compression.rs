//! Block compression with RocksDB's format-2+ framing (rocksdb-formats.md §5.3):
//! LZ4 and LZ4HC blocks are `varint32 uncompressed_len ‖ LZ4 block`. A builder
//! keeps a block uncompressed unless compression saves at least 1/8.
//!
//! This is the one table file allowed `unsafe`: the lz4-sys one-shot calls, each
//! in a small function with its SAFETY argument. Everything here is stateless
//! and thread-safe.

use crate::error::{Error, Result};
use crate::options::{CompressionType, DEFAULT_COMPRESSION_LEVEL};
use crate::util::coding::{get_varint32, put_varint32};
use std::os::raw::{c_char, c_int};

/// Compresses `raw` with `codec` and appends the framed result to `out`.
/// Returns false (and leaves `out` as it was) when the codec cannot compress
/// this input, so the caller stores the block raw.
pub fn compress_framed(codec: CompressionType, level: i32, raw: &[u8], out: &mut Vec<u8>) -> Result<bool> {
    match codec {
        CompressionType::None => Ok(false),
        CompressionType::Lz4 | CompressionType::Lz4hc => {
            if raw.len() > i32::MAX as usize / 2 {
                return Ok(false);
            }
            let start = out.len();
            put_varint32(out, raw.len() as u32);
            let bound = lz4_bound(raw.len());
            let header = out.len();
            out.resize(header + bound, 0);
            let n = if codec == CompressionType::Lz4 {
                // RocksDB: a negative level is the acceleration; anything else is 1.
                let accel = if level < 0 && level != i32::MIN { -level } else { 1 };
                lz4_compress_fast(raw, &mut out[header..], accel)
            } else {
                let hc_level = if level == DEFAULT_COMPRESSION_LEVEL { 0 } else { level };
                lz4_compress_hc(raw, &mut out[header..], hc_level)
            };
            if n == 0 {
                out.truncate(start);
                return Ok(false);
            }
            out.truncate(header + n);
            Ok(true)
        }
        other => Err(Error::not_supported(format!("{} compression", other.name()))),
    }
}

/// Whether a compressed block is worth keeping: RocksDB's rule that it must
/// save at least 1/8 of the raw size.
pub fn good_compression_ratio(compressed_len: usize, raw_len: usize) -> bool {
    compressed_len < raw_len - raw_len / 8
}

/// Decompresses a block whose trailer says `type_byte`.
pub fn decompress_block(type_byte: u8, data: &[u8]) -> Result<Vec<u8>> {
    if type_byte == 0x40 {
        return Err(Error::not_supported("ZSTDNotFinal compression"));
    }
    let codec = CompressionType::from_u8(type_byte)
        .ok_or_else(|| Error::corruption(format!("bad block type {}", type_byte)))?;
    match codec {
        CompressionType::None => Ok(data.to_vec()),
        CompressionType::Lz4 | CompressionType::Lz4hc => {
            let mut input = data;
            let raw_len = get_varint32(&mut input)
                .ok_or_else(|| Error::corruption("LZ4 block: bad uncompressed size prefix"))?
                as usize;
            if raw_len > i32::MAX as usize || input.len() > i32::MAX as usize {
                return Err(Error::corruption("LZ4 block: size out of range"));
            }
            let mut out = vec![0u8; raw_len];
            let n = lz4_decompress(input, &mut out);
            if n < 0 || n as usize != raw_len {
                return Err(Error::corruption("LZ4 not supported or corrupted LZ4 compressed block contents"));
            }
            Ok(out)
        }
        other => Err(Error::not_supported(format!("{} compression", other.name()))),
    }
}

fn lz4_bound(len: usize) -> usize {
    // Same formula as LZ4_COMPRESSBOUND, computed without a foreign call.
    len + len / 255 + 16
}

#[allow(unsafe_code)]
fn lz4_compress_fast(src: &[u8], dst: &mut [u8], acceleration: i32) -> usize {
    // SAFETY: src and dst are valid for the lengths passed (both < i32::MAX,
    // checked by the caller); LZ4 writes at most dst.len() bytes and never
    // reads past src.len(). The pointers do not overlap (distinct borrows).
    let n = unsafe {
        lz4_sys::LZ4_compress_fast(
            src.as_ptr() as *const c_char,
            dst.as_mut_ptr() as *mut c_char,
            src.len() as c_int,
            dst.len() as c_int,
            acceleration as c_int,
        )
    };
    if n <= 0 {
        0
    } else {
        n as usize
    }
}

#[allow(unsafe_code)]
fn lz4_compress_hc(src: &[u8], dst: &mut [u8], level: i32) -> usize {
    // SAFETY: as in lz4_compress_fast: valid, non-overlapping buffers whose
    // lengths are passed exactly; LZ4_compress_HC keeps within them.
    let n = unsafe {
        lz4_sys::LZ4_compress_HC(
            src.as_ptr() as *const c_char,
            dst.as_mut_ptr() as *mut c_char,
            src.len() as c_int,
            dst.len() as c_int,
            level as c_int,
        )
    };
    if n <= 0 {
        0
    } else {
        n as usize
    }
}

#[allow(unsafe_code)]
fn lz4_decompress(src: &[u8], dst: &mut [u8]) -> i32 {
    // SAFETY: LZ4_decompress_safe is the bounds-checked decoder: it reads at
    // most src.len() bytes and writes at most dst.len() bytes even for
    // malicious input, returning a negative value on malformed data.
    unsafe {
        lz4_sys::LZ4_decompress_safe(
            src.as_ptr() as *const c_char,
            dst.as_mut_ptr() as *mut c_char,
            src.len() as c_int,
            dst.len() as c_int,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        (0..10_000u32).flat_map(|i| format!("key{:06} value {}\n", i, i % 7).into_bytes()).collect()
    }

    #[test]
    fn lz4_levels_round_trip() {
        let raw = sample();
        for (codec, level) in [
            (CompressionType::Lz4, DEFAULT_COMPRESSION_LEVEL),
            (CompressionType::Lz4, -5),
            (CompressionType::Lz4, -1000),
            (CompressionType::Lz4hc, DEFAULT_COMPRESSION_LEVEL),
            (CompressionType::Lz4hc, 12),
        ] {
            let mut out = vec![];
            assert!(compress_framed(codec, level, &raw, &mut out).unwrap());
            assert!(good_compression_ratio(out.len(), raw.len()));
            // The framing starts with the varint32 raw length.
            let mut p = &out[..];
            assert_eq!(get_varint32(&mut p), Some(raw.len() as u32));
            assert_eq!(decompress_block(codec as u8, &out).unwrap(), raw);
        }
    }

    #[test]
    fn corrupt_lz4_is_corruption_and_other_codecs_not_supported() {
        let raw = sample();
        let mut out = vec![];
        compress_framed(CompressionType::Lz4, 1, &raw, &mut out).unwrap();
        let cut = &out[..out.len() / 2];
        assert!(decompress_block(4, cut).unwrap_err().is_corruption());
        let e = decompress_block(1, b"x").unwrap_err();
        assert_eq!(e.to_string(), "Not implemented: Snappy compression");
        assert!(decompress_block(0x40, b"x").is_err());
        assert!(compress_framed(CompressionType::Zstd, 1, &raw, &mut vec![]).is_err());
    }

    #[test]
    fn incompressible_ratio_rule() {
        assert!(good_compression_ratio(87, 100));
        assert!(!good_compression_ratio(88, 100));
    }
}
