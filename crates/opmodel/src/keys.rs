//! How the operations' keys and values become bytes, and how a value read back is
//! taken apart again. Keys are indices into a fixed key space per column family
//! (`k0000042`, ordered as their indices). Every value names the write that made
//! it, so a value read after a crash says which write it came from:
//!
//! - a Put's value is `v<id>.<cf>.<key>.<len>.<padding>`: `id` (hex) is unique per
//!   write entry, `cf` and `key` say where it was written (a value under another key
//!   is corruption), and the padding (`len` letters derived from `id`) is checked
//!   byte for byte, so a torn, truncated or mixed-up value is caught;
//! - a Merge operand is `m<id>`; the merge operator is RocksDB's StringAppend with
//!   `,` as delimiter, so a merged value lists the Put under it (if any) and every
//!   operand on top, oldest first.
//!
//! None of the pieces contains `,`, so a value splits back into its tokens.

use crate::rng::mix;

/// The StringAppend delimiter of the merge operator both drivers configure.
pub const MERGE_DELIMITER: u8 = b',';
/// The name of that operator in RocksDB (`rocksdb_mergeoperator_create_string_append`
/// is not in c.h; the C drivers create it through the `stringappend` built-in).
pub const MERGE_OPERATOR_NAME: &str = "StringAppendOperator";

pub fn key_bytes(key: u32) -> Vec<u8> {
    format!("k{key:07}").into_bytes()
}

/// The index of a key this model wrote, or None for any other byte string.
pub fn parse_key(b: &[u8]) -> Option<u32> {
    if b.len() != 8 || b[0] != b'k' || !b[1..].iter().all(|c| c.is_ascii_digit()) {
        return None;
    }
    std::str::from_utf8(&b[1..]).ok()?.parse().ok()
}

fn padding(id: u64, len: u32, out: &mut Vec<u8>) {
    let mut x = mix(id);
    for i in 0..len {
        if i % 8 == 0 {
            x = mix(x);
        }
        out.push(b'a' + ((x >> ((i % 8) * 8)) & 0xff) as u8 % 26);
    }
}

/// The value of Put entry `id` written under (`cf`, `key`), `len` padding letters long.
pub fn value_bytes(id: u64, cf: u32, key: u32, len: u32) -> Vec<u8> {
    let mut v = format!("v{id:x}.{cf}.{key}.{len}.").into_bytes();
    padding(id, len, &mut v);
    v
}

/// The operand of Merge entry `id`.
pub fn operand_bytes(id: u64) -> Vec<u8> {
    format!("m{id:x}").into_bytes()
}

/// StringAppend's full merge of one operand.
pub fn merge_append(existing: Option<&[u8]>, operand: &[u8]) -> Vec<u8> {
    match existing {
        None => operand.to_vec(),
        Some(e) => {
            let mut v = Vec::with_capacity(e.len() + 1 + operand.len());
            v.extend_from_slice(e);
            v.push(MERGE_DELIMITER);
            v.extend_from_slice(operand);
            v
        }
    }
}

/// One piece of a value read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A Put's value: the entry id and where it says it was written.
    Put { id: u64, cf: u32, key: u32 },
    /// A Merge operand.
    Operand { id: u64 },
}

impl Token {
    pub fn id(&self) -> u64 {
        match *self {
            Token::Put { id, .. } | Token::Operand { id } => id,
        }
    }
}

fn hex(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    u64::from_str_radix(std::str::from_utf8(s).ok()?, 16).ok()
}

fn dec(s: &[u8]) -> Option<u32> {
    if s.is_empty() || s.len() > 10 {
        return None;
    }
    std::str::from_utf8(s).ok()?.parse().ok()
}

fn decode_token(t: &[u8]) -> Result<Token, String> {
    let bad = || format!("value piece {:?} is not one this model writes", String::from_utf8_lossy(t));
    match t.first() {
        Some(b'm') => Ok(Token::Operand { id: hex(&t[1..]).ok_or_else(bad)? }),
        Some(b'v') => {
            let mut parts = t[1..].splitn(5, |&c| c == b'.');
            let id = parts.next().and_then(hex).ok_or_else(bad)?;
            let cf = parts.next().and_then(dec).ok_or_else(bad)?;
            let key = parts.next().and_then(dec).ok_or_else(bad)?;
            let len = parts.next().and_then(dec).ok_or_else(bad)?;
            let pad = parts.next().ok_or_else(bad)?;
            if pad.len() != len as usize {
                return Err(format!("value of entry {id:x} has {} padding bytes, not {len}", pad.len()));
            }
            let mut want = Vec::with_capacity(pad.len());
            padding(id, pad.len() as u32, &mut want);
            if want != pad {
                return Err(format!("value of entry {id:x} has corrupt padding ({} bytes)", pad.len()));
            }
            Ok(Token::Put { id, cf, key })
        }
        _ => Err(bad()),
    }
}

/// Splits a value read back into its tokens; an error says why the bytes cannot be
/// a value this model wrote (or a merge of such values).
pub fn decode_value(v: &[u8]) -> Result<Vec<Token>, String> {
    let tokens: Vec<Token> = v.split(|&c| c == MERGE_DELIMITER).map(decode_token).collect::<Result<_, _>>()?;
    if tokens.iter().skip(1).any(|t| matches!(t, Token::Put { .. })) {
        return Err(format!("value {:?} has a Put's value after its first piece", String::from_utf8_lossy(v)));
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_as_their_indices_and_parse_back() {
        assert_eq!(key_bytes(42), b"k0000042");
        assert!(key_bytes(9) < key_bytes(10));
        assert_eq!(parse_key(&key_bytes(1234567)), Some(1234567));
        assert_eq!(parse_key(b"k00000x2"), None);
        assert_eq!(parse_key(b"other"), None);
    }

    #[test]
    fn values_decode_to_their_writes_and_catch_damage() {
        let v = value_bytes(0xabc, 2, 17, 30);
        assert_eq!(decode_value(&v).unwrap(), vec![Token::Put { id: 0xabc, cf: 2, key: 17 }]);
        let m = merge_append(Some(&v), &operand_bytes(0x10));
        let m = merge_append(Some(&m), &operand_bytes(0x11));
        assert_eq!(
            decode_value(&m).unwrap(),
            vec![Token::Put { id: 0xabc, cf: 2, key: 17 }, Token::Operand { id: 0x10 }, Token::Operand { id: 0x11 }]
        );
        assert_eq!(decode_value(&merge_append(None, &operand_bytes(5))).unwrap(), vec![Token::Operand { id: 5 }]);
        let mut torn = v.clone();
        *torn.last_mut().unwrap() ^= 1;
        assert!(decode_value(&torn).unwrap_err().contains("corrupt padding"));
        assert!(decode_value(&v[..v.len() - 3]).unwrap_err().contains("padding bytes, not 30"));
        assert!(decode_value(b"garbage").is_err());
        assert!(decode_value(b"").is_err());
        let two_puts = merge_append(Some(&v), &value_bytes(1, 0, 0, 0));
        assert!(decode_value(&two_puts).is_err());
    }
}
