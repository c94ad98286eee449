//! Block compression with RocksDB's format-2+ framing (docs/format/block-based-table.md §5.3,
//! RocksDB's util/compression.cc `Builtin*CompressorV2` / `*_DecompressBlock`):
//!
//! * Snappy: a raw Snappy block, no extra prefix (Snappy carries its length).
//! * Zlib: `varint32 uncompressed_len ‖ raw deflate` (window_bits -14, no zlib header).
//! * BZip2: `varint32 uncompressed_len ‖ bzip2 stream` (`BZh1…`, 100 KB blocks).
//! * LZ4 and LZ4HC: `varint32 uncompressed_len ‖ LZ4 block`.
//! * ZSTD (and the old ZSTDNotFinal 0x40): `varint32 uncompressed_len ‖ zstd frame`.
//!
//! A builder keeps a block uncompressed unless compression saves at least 1/8.
//!
//! This is the one table file allowed `unsafe`: the lz4-sys one-shot calls, each
//! in a small function with its SAFETY argument. Everything here is stateless
//! and thread-safe.

use crate::error::{Error, Result};
use crate::options::{CompressionType, DEFAULT_COMPRESSION_LEVEL};
use crate::util::coding::{get_varint32, put_varint32};
use std::io::{Read, Write};
use std::os::raw::{c_char, c_int};

/// Type byte of ZSTD blocks written before ZSTD's format was final (same framing).
const ZSTD_NOT_FINAL: u8 = 0x40;
/// The largest block we agree to inflate (RocksDB's blocks are far smaller;
/// this only stops a corrupt size prefix from allocating absurd memory).
const MAX_UNCOMPRESSED_BLOCK: usize = 1 << 31;

/// The most bytes `codec` can produce from a block of `compressed_len` bytes (its format's
/// largest expansion, with some slack), or None when the format has no such bound (BZip2,
/// whose run-length stages expand without limit). A size prefix that claims more is
/// corruption, refused before anything is allocated for it; so decompressing a block never
/// allocates more than this bound (and never more than 2 GiB):
/// - LZ4: a match costs one byte per 255 bytes of length, so at most 255:1;
/// - Snappy: a 3-byte copy element yields at most 64 bytes, so at most 22:1;
/// - Zlib (deflate): a 258-byte match takes at least 2 bits, so at most 1032:1;
/// - ZSTD: a block holds at most 128 KiB and takes at least 4 bytes (an RLE block), so at
///   most 32768:1.
pub fn max_decompressed_len(codec: CompressionType, compressed_len: usize) -> Option<usize> {
    let ratio = match codec {
        CompressionType::None => 1,
        CompressionType::Lz4 | CompressionType::Lz4hc => 256,
        CompressionType::Snappy => 32,
        CompressionType::Zlib => 1032,
        CompressionType::Zstd => 32768,
        CompressionType::BZip2 | CompressionType::Xpress => return None,
    };
    Some(compressed_len.saturating_mul(ratio).saturating_add(64).min(MAX_UNCOMPRESSED_BLOCK))
}

/// Refuses a claimed uncompressed size past what `codec` can produce from `compressed_len`
/// bytes (or past 2 GiB).
fn check_claim(codec: CompressionType, name: &str, claimed: usize, compressed_len: usize) -> Result<()> {
    let limit = max_decompressed_len(codec, compressed_len).unwrap_or(MAX_UNCOMPRESSED_BLOCK);
    if claimed > limit {
        return Err(Error::corruption(format!(
            "{name} block: uncompressed size {claimed} is more than {compressed_len} compressed bytes can hold"
        )));
    }
    Ok(())
}
/// RocksDB's default `compression_opts.window_bits` for Zlib: raw deflate, 16 KiB window.
const ZLIB_WINDOW_BITS: u8 = 14;
/// zstd's own default level, used for RocksDB's "codec default" marker.
const ZSTD_DEFAULT_LEVEL: i32 = 3;

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
        CompressionType::Snappy => {
            let start = out.len();
            out.resize(start + snap::raw::max_compress_len(raw.len()), 0);
            match snap::raw::Encoder::new().compress(raw, &mut out[start..]) {
                Ok(n) => {
                    out.truncate(start + n);
                    Ok(true)
                }
                Err(_) => {
                    out.truncate(start);
                    Ok(false)
                }
            }
        }
        CompressionType::Zlib => framed_with_size(raw, out, |raw, out| {
            // RocksDB's default level marker means zlib's own default (6).
            let lvl = if level == DEFAULT_COMPRESSION_LEVEL || !(0..=9).contains(&level) { 6 } else { level as u32 };
            let mut z = flate2::Compress::new_with_window_bits(flate2::Compression::new(lvl), false, ZLIB_WINDOW_BITS);
            loop {
                // compress_vec only writes into spare capacity.
                out.reserve(raw.len() / 2 + 64);
                let consumed = z.total_in() as usize;
                match z.compress_vec(&raw[consumed..], out, flate2::FlushCompress::Finish) {
                    Ok(flate2::Status::StreamEnd) => return true,
                    Ok(_) => {}
                    Err(_) => return false,
                }
            }
        }),
        CompressionType::BZip2 => framed_with_size(raw, out, |raw, out| {
            // RocksDB always uses block size 1 (100 KB) and the default work factor.
            let mut enc = bzip2::write::BzEncoder::new(out, bzip2::Compression::new(1));
            enc.write_all(raw).is_ok() && enc.finish().is_ok()
        }),
        CompressionType::Zstd => framed_with_size(raw, out, |raw, out| {
            let lvl = if level == DEFAULT_COMPRESSION_LEVEL { ZSTD_DEFAULT_LEVEL } else { level };
            match zstd::bulk::compress(raw, lvl) {
                Ok(c) => {
                    out.extend_from_slice(&c);
                    true
                }
                Err(_) => false,
            }
        }),
        CompressionType::Xpress => Err(Error::not_supported("Xpress compression (Windows only)")),
    }
}

/// Appends `varint32 raw.len() ‖ compress(raw)`; on failure restores `out`.
fn framed_with_size(raw: &[u8], out: &mut Vec<u8>, compress: impl FnOnce(&[u8], &mut Vec<u8>) -> bool) -> Result<bool> {
    if raw.len() > u32::MAX as usize {
        return Ok(false);
    }
    let start = out.len();
    put_varint32(out, raw.len() as u32);
    if compress(raw, out) {
        Ok(true)
    } else {
        out.truncate(start);
        Ok(false)
    }
}

/// Whether a compressed block is worth keeping: RocksDB's rule that it must
/// save at least 1/8 of the raw size.
pub fn good_compression_ratio(compressed_len: usize, raw_len: usize) -> bool {
    compressed_len < raw_len - raw_len / 8
}

/// Decompresses a block whose trailer says `type_byte`.
pub fn decompress_block(type_byte: u8, data: &[u8]) -> Result<Vec<u8>> {
    if type_byte == ZSTD_NOT_FINAL {
        return decompress_zstd(data);
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
            check_claim(codec, "LZ4", raw_len, input.len())?;
            lz4_decompress_exact(input, raw_len)
                .ok_or_else(|| Error::corruption("LZ4 not supported or corrupted LZ4 compressed block contents"))
        }
        CompressionType::Snappy => {
            let raw_len = snap::raw::decompress_len(data)
                .map_err(|_| Error::corruption("Error decompressing snappy data: bad length header"))?;
            if raw_len > MAX_UNCOMPRESSED_BLOCK {
                return Err(Error::corruption("Snappy block: size out of range"));
            }
            check_claim(codec, "Snappy", raw_len, data.len())?;
            let mut out = vec![0u8; raw_len];
            match snap::raw::Decoder::new().decompress(data, &mut out) {
                Ok(n) if n == raw_len => Ok(out),
                _ => Err(Error::corruption("Error decompressing snappy data")),
            }
        }
        CompressionType::Zlib => {
            let (raw_len, body) = size_prefix(data, "zlib")?;
            check_claim(codec, "zlib", raw_len, body.len())?;
            let mut out = Vec::with_capacity(raw_len);
            // One byte more than expected, so a block longer than its prefix is caught.
            let mut dec = flate2::read::DeflateDecoder::new(body).take(raw_len as u64 + 1);
            dec.read_to_end(&mut out).map_err(|e| Error::corruption(format!("Failed zlib inflate: {}", e)))?;
            if out.len() != raw_len {
                return Err(Error::corruption("Size mismatch decompressing zlib data"));
            }
            Ok(out)
        }
        CompressionType::BZip2 => {
            let (raw_len, body) = size_prefix(data, "bzip2")?;
            // No bound on BZip2's expansion: the output grows only as the stream produces it
            // (at most the claim and one byte).
            let mut out = Vec::with_capacity(raw_len.min(body.len().saturating_mul(8)));
            let mut dec = bzip2::read::BzDecoder::new(body).take(raw_len as u64 + 1);
            dec.read_to_end(&mut out).map_err(|_| Error::corruption("Error decompressing bzip2 data"))?;
            if out.len() != raw_len {
                return Err(Error::corruption("Size mismatch decompressing bzip2 data"));
            }
            Ok(out)
        }
        CompressionType::Zstd => decompress_zstd(data),
        CompressionType::Xpress => Err(Error::not_supported("Xpress compression (Windows only)")),
    }
}

fn decompress_zstd(data: &[u8]) -> Result<Vec<u8>> {
    let (raw_len, body) = size_prefix(data, "ZSTD")?;
    check_claim(CompressionType::Zstd, "ZSTD", raw_len, body.len())?;
    let out = zstd::bulk::decompress(body, raw_len)
        .map_err(|e| Error::corruption(format!("Corrupted compressed block contents: ZSTD: {}", e)))?;
    if out.len() != raw_len {
        return Err(Error::corruption("Size mismatch decompressing ZSTD data"));
    }
    Ok(out)
}

/// Splits the varint32 uncompressed-size prefix of the format-2 framing off a block.
fn size_prefix<'a>(data: &'a [u8], codec: &str) -> Result<(usize, &'a [u8])> {
    let mut input = data;
    let raw_len = get_varint32(&mut input)
        .ok_or_else(|| Error::corruption(format!("{} block: bad uncompressed size prefix", codec)))?
        as usize;
    if raw_len > MAX_UNCOMPRESSED_BLOCK {
        return Err(Error::corruption(format!("{} block: size out of range", codec)));
    }
    Ok((raw_len, input))
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

/// Decompresses `src` into a new vector of exactly `raw_len` bytes, or None when `src` is
/// malformed or does not decode to exactly `raw_len` bytes.
///
/// The output is written into the vector's uninitialized capacity: zero-filling it first
/// (`vec![0; raw_len]`) cost as much as the decompression itself on a block-cache miss
/// (a fifth of readrandom's instructions). Requires `raw_len <= i32::MAX`.
#[allow(unsafe_code)]
fn lz4_decompress_exact(src: &[u8], raw_len: usize) -> Option<Vec<u8>> {
    let src_len = c_int::try_from(src.len()).ok()?;
    let dst_len = c_int::try_from(raw_len).ok()?;
    let mut out: Vec<u8> = Vec::with_capacity(raw_len);
    // SAFETY: LZ4_decompress_safe is the bounds-checked decoder: it reads at most src_len
    // bytes of `src` and writes at most dst_len bytes into the capacity of `out` (which holds
    // raw_len = dst_len bytes) even for malicious input, returning the number of bytes it
    // wrote, or a negative value on malformed data.
    let n = unsafe {
        lz4_sys::LZ4_decompress_safe(src.as_ptr() as *const c_char, out.as_mut_ptr() as *mut c_char, src_len, dst_len)
    };
    if n != dst_len {
        return None;
    }
    // SAFETY: the decoder reported writing exactly raw_len bytes, from the start of the
    // buffer, so the first raw_len bytes are initialized.
    unsafe { out.set_len(raw_len) };
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12 item 10: a block whose checksum is valid could claim an uncompressed size of up
    /// to 2 GiB, allocated before decompressing on every read. The claim is now refused when it
    /// exceeds what the codec can produce from the block's bytes (`max_decompressed_len`).
    #[test]
    fn a_claimed_size_past_what_the_codec_can_produce_is_refused_without_allocating() {
        use crate::util::testutil::{peak_allocation, reset_peak_allocation};
        let claim = (1u32 << 31) - 1;
        for (codec, body) in [
            (CompressionType::Lz4, &b"\x10abcd"[..]),
            (CompressionType::Zlib, &b"\x01\x00\x00\xff\xff"[..]),
            (CompressionType::BZip2, &b"BZh91AY&SY"[..]),
            (CompressionType::Zstd, &b"\x28\xb5\x2f\xfd\x00\x00\x01\x00\x00"[..]),
            (CompressionType::Snappy, &b""[..]),
        ] {
            let mut block = Vec::new();
            put_varint32(&mut block, claim);
            block.extend_from_slice(body);
            reset_peak_allocation();
            let e = decompress_block(codec as u8, &block).unwrap_err();
            assert!(e.is_corruption(), "{codec:?}: {e}");
            let peak = peak_allocation();
            assert!(peak < 1 << 20, "{codec:?}: allocated {peak} bytes for a {}-byte block", block.len());
        }
        // A real block is not affected: the largest legitimate expansion passes.
        let zeros = vec![0u8; 4 << 20];
        for codec in [CompressionType::Lz4, CompressionType::Zlib, CompressionType::BZip2, CompressionType::Zstd, CompressionType::Snappy] {
            let mut out = Vec::new();
            assert!(compress_framed(codec, DEFAULT_COMPRESSION_LEVEL, &zeros, &mut out).unwrap(), "{codec:?}");
            assert_eq!(decompress_block(codec as u8, &out).unwrap(), zeros, "{codec:?}");
        }
    }

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
    fn corrupt_lz4_is_corruption() {
        let raw = sample();
        let mut out = vec![];
        compress_framed(CompressionType::Lz4, 1, &raw, &mut out).unwrap();
        let cut = &out[..out.len() / 2];
        assert!(decompress_block(4, cut).unwrap_err().is_corruption());
        assert_eq!(decompress_block(6, b"x").unwrap_err().to_string(), "Not implemented: Xpress compression (Windows only)");
        assert!(decompress_block(9, b"x").unwrap_err().is_corruption());
    }

    #[test]
    fn every_codec_round_trips_with_rocksdb_framing() {
        let raw = sample();
        for codec in [CompressionType::Snappy, CompressionType::Zlib, CompressionType::BZip2, CompressionType::Zstd] {
            for level in [DEFAULT_COMPRESSION_LEVEL, 1] {
                let mut out = b"prefix".to_vec();
                assert!(compress_framed(codec, level, &raw, &mut out).unwrap(), "{:?}", codec);
                let framed = &out[6..];
                assert!(good_compression_ratio(framed.len(), raw.len()), "{:?}", codec);
                let mut p = framed;
                let prefix = get_varint32(&mut p).unwrap() as usize;
                match codec {
                    // Snappy's own header is the varint32 raw length: no extra prefix.
                    CompressionType::Snappy => {
                        assert_eq!(prefix, raw.len());
                        assert_eq!(snap::raw::decompress_len(framed).unwrap(), raw.len());
                    }
                    CompressionType::Zstd => {
                        assert_eq!(prefix, raw.len());
                        assert_eq!(&p[..4], &[0x28, 0xb5, 0x2f, 0xfd], "zstd frame magic");
                    }
                    CompressionType::BZip2 => {
                        assert_eq!(prefix, raw.len());
                        assert_eq!(&p[..4], b"BZh1", "bzip2 stream, 100 KB blocks");
                    }
                    _ => assert_eq!(prefix, raw.len()),
                }
                assert_eq!(decompress_block(codec as u8, framed).unwrap(), raw, "{:?}", codec);
            }
        }
        // ZSTDNotFinal (0x40) reads as ZSTD.
        let mut out = vec![];
        compress_framed(CompressionType::Zstd, 1, &raw, &mut out).unwrap();
        assert_eq!(decompress_block(0x40, &out).unwrap(), raw);
    }

    #[test]
    fn zlib_is_raw_deflate_within_a_16k_window() {
        // A 40 KiB block whose only repetition is 20 KiB back: a 32 KiB-window
        // encoder would reference it, which RocksDB's -14 inflate rejects.
        let mut raw: Vec<u8> = (0..20_480u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        raw.extend_from_within(..);
        let mut out = vec![];
        compress_framed(CompressionType::Zlib, DEFAULT_COMPRESSION_LEVEL, &raw, &mut out).unwrap();
        let mut p = &out[..];
        get_varint32(&mut p).unwrap();
        let mut d = flate2::Decompress::new_with_window_bits(false, 14);
        let mut back = Vec::with_capacity(raw.len() + 16);
        let st = d.decompress_vec(p, &mut back, flate2::FlushDecompress::Finish).unwrap();
        assert_eq!(st, flate2::Status::StreamEnd);
        assert_eq!(back, raw);
    }

    #[test]
    fn corrupt_or_mis_sized_blocks_are_corruption() {
        let raw = sample();
        for codec in [CompressionType::Snappy, CompressionType::Zlib, CompressionType::BZip2, CompressionType::Zstd] {
            let mut out = vec![];
            compress_framed(codec, 1, &raw, &mut out).unwrap();
            let cut = &out[..out.len() / 2];
            assert!(decompress_block(codec as u8, cut).unwrap_err().is_corruption(), "{:?}", codec);
            if codec != CompressionType::Snappy {
                // A size prefix that disagrees with the payload.
                let mut p = &out[..];
                get_varint32(&mut p).unwrap();
                let mut wrong = vec![];
                put_varint32(&mut wrong, raw.len() as u32 - 1);
                wrong.extend_from_slice(p);
                assert!(decompress_block(codec as u8, &wrong).unwrap_err().is_corruption(), "{:?}", codec);
            }
        }
    }

    #[test]
    fn incompressible_ratio_rule() {
        assert!(good_compression_ratio(87, 100));
        assert!(!good_compression_ratio(88, 100));
    }
}
