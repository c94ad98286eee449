//! The user-key comparator. ferrock supports RocksDB's bytewise comparator
//! (`leveldb.BytewiseComparator`) and its reverse; a database created with any
//! other comparator is refused at open with "Not implemented".
//! Shortening rules follow `util/comparator.cc` (rocksdb-formats.md §1.3) so
//! index separators are byte-identical to RocksDB's.

use std::cmp::Ordering;

pub const BYTEWISE_NAME: &str = "leveldb.BytewiseComparator";
pub const REVERSE_BYTEWISE_NAME: &str = "rocksdb.ReverseBytewiseComparator";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Comparator {
    #[default]
    Bytewise,
    ReverseBytewise,
}

impl Comparator {
    pub fn name(self) -> &'static str {
        match self {
            Comparator::Bytewise => BYTEWISE_NAME,
            Comparator::ReverseBytewise => REVERSE_BYTEWISE_NAME,
        }
    }

    pub fn from_name(name: &str) -> Option<Comparator> {
        match name {
            BYTEWISE_NAME => Some(Comparator::Bytewise),
            REVERSE_BYTEWISE_NAME => Some(Comparator::ReverseBytewise),
            _ => None,
        }
    }

    #[inline]
    pub fn compare(self, a: &[u8], b: &[u8]) -> Ordering {
        match self {
            Comparator::Bytewise => a.cmp(b),
            Comparator::ReverseBytewise => b.cmp(a),
        }
    }

    /// Changes `start` to a short key in `[start, limit)` (RocksDB's FindShortestSeparator).
    pub fn find_shortest_separator(self, start: &mut Vec<u8>, limit: &[u8]) {
        if self == Comparator::ReverseBytewise {
            return; // RocksDB's reverse comparator does not shorten separators.
        }
        let min_len = start.len().min(limit.len());
        let mut i = 0;
        while i < min_len && start[i] == limit[i] {
            i += 1;
        }
        if i >= min_len {
            return; // one is a prefix of the other
        }
        let start_byte = start[i];
        let limit_byte = limit[i];
        if start_byte >= limit_byte {
            return;
        }
        if i < limit.len() - 1 || start_byte as u16 + 1 < limit_byte as u16 {
            start[i] += 1;
            start.truncate(i + 1);
        } else {
            // start[i] + 1 == limit[i] and limit ends at i: look further in start.
            let mut j = i + 1;
            while j < start.len() {
                if start[j] < 0xff {
                    start[j] += 1;
                    start.truncate(j + 1);
                    return;
                }
                j += 1;
            }
        }
    }

    /// Changes `key` to a short key >= it (RocksDB's FindShortSuccessor).
    pub fn find_short_successor(self, key: &mut Vec<u8>) {
        if self == Comparator::ReverseBytewise {
            return;
        }
        for i in 0..key.len() {
            if key[i] != 0xff {
                key[i] += 1;
                key.truncate(i + 1);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sep(a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut s = a.to_vec();
        Comparator::Bytewise.find_shortest_separator(&mut s, b);
        s
    }

    #[test]
    fn separators_match_rocksdb() {
        assert_eq!(sep(b"abcd", b"abzz"), b"abd");
        assert_eq!(sep(b"abc", b"abcde"), b"abc");
        assert_eq!(sep(b"abz", b"abc"), b"abz");
        assert_eq!(sep(b"ab1xyz", b"ab2"), b"ab1y");
        assert_eq!(sep(b"ab1\xff\xffz", b"ab2"), b"ab1\xff\xff{");
        assert_eq!(sep(b"key1", b"key3"), b"key2");
        let mut k = b"\xff\xffa".to_vec();
        Comparator::Bytewise.find_short_successor(&mut k);
        assert_eq!(k, b"\xff\xffb");
    }
}
