//! How one PlainTable entry is laid out on disk (RocksDB's plain_table_key_coding): the key in kPlain or kPrefix
//! encoding, then the value as varint32 length + bytes. Pure functions over byte buffers; no I/O, no shared state.
//!
//! kPlain: `[varint32 user_key_len if the key length is variable] key value_len value`.
//! kPrefix: a header byte whose top 2 bits are the entry type (full key / prefix length of the previous key / suffix) and
//! whose low 6 bits hold a size below 0x3F inline (0x3F means "0x3F + following varint32").
//! In both, `key` is the internal key, except that a Put with sequence 0 is written as the user key followed by the one
//! byte 0xFF (RocksDB's kValueTypeSeqId0), saving 7 bytes for keys compaction has zeroed.

use crate::error::{Error, Result};
use crate::key::{make_internal_key, parse_internal_key, ValueType};
use crate::util::coding::{get_varint32, put_varint32};

/// The marker byte standing in for an 8-byte (seq 0, Put) trailer.
pub const VALUE_TYPE_SEQ_ID_0: u8 = 0xFF;
/// RocksDB's kPlainTableVariableLength: user keys carry their own length.
pub const VARIABLE_LENGTH: u32 = 0;
/// Sizes below this fit in a kPrefix header byte.
const SIZE_INLINE_LIMIT: u8 = 0x3F;

/// RocksDB's EncodingType for PlainTable keys (the numbers are the OPTIONS file / C API values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyEncoding {
    /// Each key written whole (`kPlain`).
    Plain = 0,
    /// Keys sharing a prefix written after it once (`kPrefix`).
    Prefix = 1,
}

/// The kPrefix entry types stored in the header's top two bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PrefixEntryType {
    FullKey = 0,
    PrefixFromPreviousKey = 1,
    KeySuffix = 2,
}

fn put_prefix_header(dst: &mut Vec<u8>, t: PrefixEntryType, size: u32) {
    let type_bits = (t as u8) << 6;
    if size < SIZE_INLINE_LIMIT as u32 {
        dst.push(type_bits | size as u8);
    } else {
        dst.push(type_bits | SIZE_INLINE_LIMIT);
        put_varint32(dst, size - SIZE_INLINE_LIMIT as u32);
    }
}

fn get_prefix_header(src: &mut &[u8]) -> Result<(PrefixEntryType, u32)> {
    let (&b, rest) = src.split_first().ok_or_else(truncated)?;
    *src = rest;
    let t = match b >> 6 {
        0 => PrefixEntryType::FullKey,
        1 => PrefixEntryType::PrefixFromPreviousKey,
        2 => PrefixEntryType::KeySuffix,
        _ => return Err(Error::corruption("Too many continuous prefix type entries")),
    };
    let inline = b & SIZE_INLINE_LIMIT;
    if inline < SIZE_INLINE_LIMIT {
        return Ok((t, inline as u32));
    }
    let extra = get_varint32(src).ok_or_else(truncated)?;
    Ok((t, SIZE_INLINE_LIMIT as u32 + extra))
}

fn truncated() -> Error {
    Error::corruption("Unexpected EOF when reading the next key's size")
}

/// Appends the internal key `ikey` minus its first `skip` bytes, compacting a (seq 0, Put) trailer to 0xFF.
fn put_key_bytes(dst: &mut Vec<u8>, ikey: &[u8], skip: usize) -> Result<()> {
    let parsed = parse_internal_key(ikey)?;
    let body = &ikey[skip..];
    if parsed.sequence == 0 && parsed.value_type == ValueType::Value {
        dst.extend_from_slice(&body[..body.len() - 8]);
        dst.push(VALUE_TYPE_SEQ_ID_0);
    } else {
        dst.extend_from_slice(body);
    }
    Ok(())
}

/// Reads a key of `user_len` user-key bytes, the first of which are `prefix` (shared, not stored), plus the trailer.
fn get_key_bytes(src: &mut &[u8], prefix: &[u8], user_len: usize) -> Result<Vec<u8>> {
    let rest_len = user_len.checked_sub(prefix.len()).ok_or_else(|| Error::corruption("Invalid PlainTable key size"))?;
    if src.len() < rest_len + 1 {
        return Err(truncated());
    }
    let mut user = prefix.to_vec();
    user.extend_from_slice(&src[..rest_len]);
    *src = &src[rest_len..];
    if src[0] == VALUE_TYPE_SEQ_ID_0 {
        *src = &src[1..];
        return Ok(make_internal_key(&user, 0, ValueType::Value));
    }
    if src.len() < 8 {
        return Err(truncated());
    }
    user.extend_from_slice(&src[..8]);
    *src = &src[8..];
    parse_internal_key(&user)?;
    Ok(user)
}

/// Writes entries in order, remembering what kPrefix needs of the previous key.
#[derive(Debug)]
pub struct EntryEncoder {
    encoding: KeyEncoding,
    fixed_user_key_len: u32,
    index_sparseness: u32,
    current_prefix: Vec<u8>,
    keys_in_prefix: u32,
}

impl EntryEncoder {
    /// `index_sparseness` (>= 1) is how often kPrefix repeats a full key inside one prefix.
    pub fn new(encoding: KeyEncoding, fixed_user_key_len: u32, index_sparseness: u32) -> Self {
        EntryEncoder {
            encoding,
            fixed_user_key_len,
            index_sparseness: index_sparseness.max(1),
            current_prefix: Vec::new(),
            keys_in_prefix: 0,
        }
    }

    /// Appends one entry. `prefix` is the extractor's prefix of the user key (used only by kPrefix).
    pub fn append(&mut self, dst: &mut Vec<u8>, ikey: &[u8], prefix: &[u8], value: &[u8]) -> Result<()> {
        let user_len = parse_internal_key(ikey)?.user_key.len() as u32;
        if self.fixed_user_key_len != VARIABLE_LENGTH && user_len != self.fixed_user_key_len {
            return Err(Error::invalid_argument("PlainTable: user key length differs from fixed user_key_len"));
        }
        match self.encoding {
            KeyEncoding::Plain => {
                if self.fixed_user_key_len == VARIABLE_LENGTH {
                    put_varint32(dst, user_len);
                }
                put_key_bytes(dst, ikey, 0)?;
            }
            KeyEncoding::Prefix => {
                let starts_run = self.keys_in_prefix == 0
                    || prefix != self.current_prefix.as_slice()
                    || self.keys_in_prefix % self.index_sparseness == 0;
                if starts_run {
                    self.keys_in_prefix = 1;
                    self.current_prefix = prefix.to_vec();
                    put_prefix_header(dst, PrefixEntryType::FullKey, user_len);
                    put_key_bytes(dst, ikey, 0)?;
                } else {
                    self.keys_in_prefix += 1;
                    let plen = self.current_prefix.len() as u32;
                    if self.keys_in_prefix == 2 {
                        put_prefix_header(dst, PrefixEntryType::PrefixFromPreviousKey, plen);
                    }
                    put_prefix_header(dst, PrefixEntryType::KeySuffix, user_len - plen);
                    put_key_bytes(dst, ikey, plen as usize)?;
                }
            }
        }
        put_varint32(dst, value.len() as u32);
        dst.extend_from_slice(value);
        Ok(())
    }
}

/// Reads entries in file order; kPrefix decoding carries the prefix of the last full key.
#[derive(Debug)]
pub struct EntryDecoder {
    encoding: KeyEncoding,
    fixed_user_key_len: u32,
    last_full_key: Vec<u8>,
    prefix_len: Option<usize>,
    /// Whether the entry `next` decoded last holds its whole key (RocksDB's "seekable": a reader may start there).
    last_seekable: bool,
}

impl EntryDecoder {
    pub fn new(encoding: KeyEncoding, fixed_user_key_len: u32) -> Self {
        EntryDecoder { encoding, fixed_user_key_len, last_full_key: Vec::new(), prefix_len: None, last_seekable: false }
    }

    /// Whether the last entry decoded starts with its whole key, so that decoding may begin at it.
    pub fn last_seekable(&self) -> bool {
        self.last_seekable
    }

    /// Decodes the entry at the front of `src`, advancing it; returns (internal key, value).
    pub fn next<'a>(&mut self, src: &mut &'a [u8]) -> Result<(Vec<u8>, &'a [u8])> {
        let key = match self.encoding {
            KeyEncoding::Plain => {
                let user_len = if self.fixed_user_key_len == VARIABLE_LENGTH {
                    get_varint32(src).ok_or_else(truncated)?
                } else {
                    self.fixed_user_key_len
                };
                self.last_seekable = true;
                get_key_bytes(src, &[], user_len as usize)?
            }
            KeyEncoding::Prefix => {
                let (mut t, mut size) = get_prefix_header(src)?;
                if t == PrefixEntryType::PrefixFromPreviousKey {
                    self.prefix_len = Some(size as usize);
                    (t, size) = get_prefix_header(src)?;
                }
                match t {
                    PrefixEntryType::FullKey => {
                        self.prefix_len = None;
                        self.last_seekable = true;
                        let k = get_key_bytes(src, &[], size as usize)?;
                        self.last_full_key = crate::key::user_key(&k).to_vec();
                        k
                    }
                    PrefixEntryType::KeySuffix => {
                        let plen = self.prefix_len.filter(|&p| p <= self.last_full_key.len()).ok_or_else(|| {
                            Error::corruption("Unexpected PlainTable key suffix without a known prefix")
                        })?;
                        let prefix = self.last_full_key[..plen].to_vec();
                        self.last_seekable = false;
                        get_key_bytes(src, &prefix, plen + size as usize)?
                    }
                    PrefixEntryType::PrefixFromPreviousKey => {
                        return Err(Error::corruption("Too many continuous prefix type entries"))
                    }
                }
            }
        };
        let vlen = get_varint32(src).ok_or_else(truncated)? as usize;
        if src.len() < vlen {
            return Err(Error::corruption("Unexpected EOF when reading the value"));
        }
        let (value, rest) = src.split_at(vlen);
        *src = rest;
        Ok((key, value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(encoding: KeyEncoding, fixed: u32, sparseness: u32, entries: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
        let mut enc = EntryEncoder::new(encoding, fixed, sparseness);
        let mut buf = Vec::new();
        for (k, v) in entries {
            let user = crate::key::user_key(k);
            enc.append(&mut buf, k, &user[..3.min(user.len())], v).unwrap();
        }
        let mut dec = EntryDecoder::new(encoding, fixed);
        let mut src = buf.as_slice();
        for (k, v) in entries {
            let (dk, dv) = dec.next(&mut src).unwrap();
            assert_eq!(&dk, k);
            assert_eq!(dv, v.as_slice());
        }
        assert!(src.is_empty());
        buf
    }

    fn sample() -> Vec<(Vec<u8>, Vec<u8>)> {
        vec![
            (make_internal_key(b"bar1", 0, ValueType::Value), b"v1".to_vec()),
            (make_internal_key(b"bar2", 7, ValueType::Value), b"v2".to_vec()),
            (make_internal_key(b"bar3", 9, ValueType::Deletion), Vec::new()),
            (make_internal_key(b"foo1", 3, ValueType::Value), vec![b'x'; 300]),
            (make_internal_key(b"foo2", 0, ValueType::Value), b"v".to_vec()),
        ]
    }

    #[test]
    fn plain_fixed_length_layout_and_round_trip() {
        let e = vec![(make_internal_key(b"abcd", 0, ValueType::Value), b"v".to_vec())];
        let buf = round_trip(KeyEncoding::Plain, 4, 1, &e);
        // user key, seq-0 marker, value length, value: no key length with a fixed user_key_len.
        assert_eq!(buf, b"abcd\xff\x01v".to_vec());
        round_trip(KeyEncoding::Plain, 4, 1, &sample());
    }

    #[test]
    fn plain_variable_length_writes_the_key_length() {
        let e = vec![(make_internal_key(b"ab", 5, ValueType::Value), b"v".to_vec())];
        let buf = round_trip(KeyEncoding::Plain, VARIABLE_LENGTH, 1, &e);
        assert_eq!(buf[0], 2);
        assert_eq!(buf.len(), 1 + 2 + 8 + 1 + 1);
        round_trip(KeyEncoding::Plain, VARIABLE_LENGTH, 1, &sample());
    }

    #[test]
    fn prefix_encoding_shares_the_prefix_and_round_trips() {
        let buf = round_trip(KeyEncoding::Prefix, VARIABLE_LENGTH, 16, &sample());
        // Entry 1: full key header (type 0, size 4), "bar1", 0xFF, value.
        assert_eq!(&buf[..8], b"\x04bar1\xff\x02v");
        // Entry 2: prefix-length header (type 1, size 3), suffix header (type 2, size 1), then "2" + trailer.
        assert_eq!(&buf[9..12], &[0x43, 0x81, b'2']);
        round_trip(KeyEncoding::Prefix, VARIABLE_LENGTH, 1, &sample());
        let long = vec![(make_internal_key(&[b'k'; 100], 1, ValueType::Value), b"v".to_vec())];
        let buf = round_trip(KeyEncoding::Prefix, VARIABLE_LENGTH, 16, &long);
        assert_eq!(&buf[..2], &[0x3F, 100 - 0x3F]);
    }

    #[test]
    fn truncated_and_wrong_length_input_are_errors() {
        let mut enc = EntryEncoder::new(KeyEncoding::Plain, 4, 1);
        let mut buf = Vec::new();
        let err = enc.append(&mut buf, &make_internal_key(b"abc", 1, ValueType::Value), b"abc", b"v").unwrap_err();
        assert_eq!(err.code(), crate::error::Code::InvalidArgument);
        enc.append(&mut buf, &make_internal_key(b"abcd", 1, ValueType::Value), b"abc", b"v").unwrap();
        for cut in 0..buf.len() {
            let mut src = &buf[..cut];
            assert!(EntryDecoder::new(KeyEncoding::Plain, 4).next(&mut src).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn matches_the_entries_rocksdb_7_8_3_flushed() {
        // The first 47 bytes (its data section) of a PlainTable SST that Debian's RocksDB 7.8.3 flushed
        // (user_key_len 0 = variable, kPlain, puts bar1=v1, bar2=v2, foo1=x at sequences 1..3).
        let rocksdb: &[u8] = b"\x04\x62\x61\x72\x31\x01\x01\x00\x00\x00\x00\x00\x00\x02\x76\x31\x04\x62\x61\x72\x32\x01\x02\x00\x00\x00\x00\x00\x00\x02\x76\x32\x04\x66\x6f\x6f\x31\x01\x03\x00\x00\x00\x00\x00\x00\x01\x78";
        let entries = [(b"bar1", 1u64, &b"v1"[..]), (b"bar2", 2, b"v2"), (b"foo1", 3, b"x")];
        let mut enc = EntryEncoder::new(KeyEncoding::Plain, VARIABLE_LENGTH, 16);
        let mut buf = Vec::new();
        for (k, seq, v) in entries {
            enc.append(&mut buf, &make_internal_key(k, seq, ValueType::Value), &k[..3], v).unwrap();
        }
        assert_eq!(buf, rocksdb);
        let mut dec = EntryDecoder::new(KeyEncoding::Plain, VARIABLE_LENGTH);
        let mut src = rocksdb;
        for (k, seq, v) in entries {
            let (dk, dv) = dec.next(&mut src).unwrap();
            assert_eq!(dk, make_internal_key(k, seq, ValueType::Value));
            assert_eq!(dv, v);
        }
        assert!(src.is_empty());
    }
}
