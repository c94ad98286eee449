//! Internal keys (docs/format/internal-key.md): `user_key || fixed64((seq << 8) | type)`,
//! ordered by user key ascending, then by the packed trailer descending, so the
//! newest version of a user key comes first.

use crate::error::{Error, Result};
use crate::util::comparator::Comparator;
use std::cmp::Ordering;

pub type SequenceNumber = u64;
pub const MAX_SEQUENCE_NUMBER: SequenceNumber = (1u64 << 56) - 1;

/// RocksDB's `ValueType` codes that ferrock stores in memtables and tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum ValueType {
    Deletion = 0x00,
    Value = 0x01,
    Merge = 0x02,
    SingleDeletion = 0x07,
    RangeDeletion = 0x0F,
    BlobIndex = 0x11,
    DeletionWithTimestamp = 0x14,
    WideColumnEntity = 0x16,
}

/// The type stamped on seek keys (7.8.3's kValueTypeForSeek): sorts before every
/// real entry of the same user key and sequence.
pub const VALUE_TYPE_FOR_SEEK: u8 = 0x16;
pub const VALUE_TYPE_FOR_SEEK_FOR_PREV: u8 = 0x00;

impl ValueType {
    /// The value types RocksDB 7.8.3 accepts in a table key.
    pub fn from_u8(b: u8) -> Option<ValueType> {
        Some(match b {
            0x00 => ValueType::Deletion,
            0x01 => ValueType::Value,
            0x02 => ValueType::Merge,
            0x07 => ValueType::SingleDeletion,
            0x0F => ValueType::RangeDeletion,
            0x11 => ValueType::BlobIndex,
            0x14 => ValueType::DeletionWithTimestamp,
            0x16 => ValueType::WideColumnEntity,
            _ => return None,
        })
    }
}

#[inline]
pub fn pack_seq_and_type(seq: SequenceNumber, t: u8) -> u64 {
    debug_assert!(seq <= MAX_SEQUENCE_NUMBER);
    (seq << 8) | t as u64
}

/// Appends `user_key || trailer` to `dst`.
pub fn append_internal_key(dst: &mut Vec<u8>, user_key: &[u8], seq: SequenceNumber, t: u8) {
    dst.extend_from_slice(user_key);
    dst.extend_from_slice(&pack_seq_and_type(seq, t).to_le_bytes());
}

pub fn make_internal_key(user_key: &[u8], seq: SequenceNumber, t: ValueType) -> Vec<u8> {
    let mut v = Vec::with_capacity(user_key.len() + 8);
    append_internal_key(&mut v, user_key, seq, t as u8);
    v
}

/// The key to seek to for the newest entry of `user_key` visible at `seq`.
pub fn seek_key(user_key: &[u8], seq: SequenceNumber) -> Vec<u8> {
    let mut v = Vec::with_capacity(user_key.len() + 8);
    append_internal_key(&mut v, user_key, seq, VALUE_TYPE_FOR_SEEK);
    v
}

#[inline]
pub fn user_key(ikey: &[u8]) -> &[u8] {
    &ikey[..ikey.len().saturating_sub(8)]
}

#[inline]
pub fn trailer(ikey: &[u8]) -> u64 {
    let n = ikey.len();
    if n < 8 {
        return 0;
    }
    let mut b = [0u8; 8];
    b.copy_from_slice(&ikey[n - 8..]);
    u64::from_le_bytes(b)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedInternalKey<'a> {
    pub user_key: &'a [u8],
    pub sequence: SequenceNumber,
    pub value_type: ValueType,
}

/// Splits an internal key; a short key or an unknown type byte is Corruption,
/// as in RocksDB's `ParseInternalKey`.
pub fn parse_internal_key(ikey: &[u8]) -> Result<ParsedInternalKey<'_>> {
    if ikey.len() < 8 {
        return Err(Error::corruption(format!(
            "Corrupted Key: Internal Key too small. Size={}. ",
            ikey.len()
        )));
    }
    let t = trailer(ikey);
    let vt = ValueType::from_u8((t & 0xff) as u8)
        .ok_or_else(|| Error::corruption("Corrupted Key: Invalid value type"))?;
    Ok(ParsedInternalKey { user_key: user_key(ikey), sequence: t >> 8, value_type: vt })
}

/// RocksDB's InternalKeyComparator over a user comparator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InternalKeyComparator {
    pub user: Comparator,
}

impl InternalKeyComparator {
    pub fn new(user: Comparator) -> Self {
        InternalKeyComparator { user }
    }

    #[inline]
    pub fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        match self.user.compare(user_key(a), user_key(b)) {
            Ordering::Equal => trailer(b).cmp(&trailer(a)),
            o => o,
        }
    }

    /// Shortens `start` toward `limit` on the user-key part (index separators).
    pub fn find_shortest_separator(&self, start: &mut Vec<u8>, limit: &[u8]) {
        let ustart = user_key(start).to_vec();
        let ulimit = user_key(limit);
        let mut tmp = ustart.clone();
        self.user.find_shortest_separator(&mut tmp, ulimit);
        if tmp.len() <= ustart.len() && self.user.compare(&ustart, &tmp) == Ordering::Less {
            let mut k = tmp;
            k.extend_from_slice(&pack_seq_and_type(MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK).to_le_bytes());
            *start = k;
        }
    }

    pub fn find_short_successor(&self, key: &mut Vec<u8>) {
        let ukey = user_key(key).to_vec();
        let mut tmp = ukey.clone();
        self.user.find_short_successor(&mut tmp);
        if tmp.len() <= ukey.len() && self.user.compare(&ukey, &tmp) == Ordering::Less {
            let mut k = tmp;
            k.extend_from_slice(&pack_seq_and_type(MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK).to_le_bytes());
            *key = k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordering_newest_first() {
        let c = InternalKeyComparator::default();
        let a = make_internal_key(b"k", 5, ValueType::Value);
        let b = make_internal_key(b"k", 3, ValueType::Value);
        let d = make_internal_key(b"l", 9, ValueType::Value);
        assert_eq!(c.compare(&a, &b), Ordering::Less);
        assert_eq!(c.compare(&b, &d), Ordering::Less);
        assert_eq!(c.compare(&seek_key(b"k", 5), &a), Ordering::Less);
    }

    #[test]
    fn parse_rejects_bad_keys() {
        assert!(parse_internal_key(b"short").is_err());
        let mut k = make_internal_key(b"k", 1, ValueType::Value);
        let n = k.len();
        k[n - 8] = 0x42;
        assert!(parse_internal_key(&k).unwrap_err().is_corruption());
        let k = make_internal_key(b"key", 77, ValueType::Merge);
        let p = parse_internal_key(&k).unwrap();
        assert_eq!((p.user_key, p.sequence, p.value_type), (&b"key"[..], 77, ValueType::Merge));
    }
}
