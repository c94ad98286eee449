//! The user-key comparator: RocksDB's bytewise comparator (`leveldb.BytewiseComparator`),
//! its reverse, or a user's own (`Custom`, e.g. a C program's `rocksdb_comparator_create`).
//! `Comparator` is a cheap handle (the built-ins are plain variants, so the bytewise
//! fast path makes no indirect call; a custom one is an `Arc`) and every part of the
//! engine that orders user keys takes it from the column family's options.
//! Shortening rules of the built-ins follow `util/comparator.cc` (docs/format/internal-key.md
//! §1.3) so index separators are byte-identical to RocksDB's; a custom comparator, like
//! RocksDB's C wrapper (`db/c.cc`), shortens nothing.

use crate::error::Result;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

pub const BYTEWISE_NAME: &str = "leveldb.BytewiseComparator";
pub const REVERSE_BYTEWISE_NAME: &str = "rocksdb.ReverseBytewiseComparator";

/// A user's key order. It must be a total order that never changes for a database: the
/// MANIFEST and every table record its name, and a reopen under another name fails.
/// Called from any thread (reads, flushes, compactions), hence Send + Sync.
pub trait UserComparator: Send + Sync {
    /// RocksDB's `Comparator::Name()`; asked at open and whenever a name is written.
    fn name(&self) -> String;
    /// Orders two user keys.
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering;
    /// The comparator a database (or SST writer, or indexed batch) keeps for its lifetime, or
    /// why this one cannot be used; `None`: this one, as it is. Options name a C program's
    /// comparator without owning it (`capi::comparator`): pinning makes the engine's copy
    /// keep the callbacks alive, and fails once the program destroyed it.
    fn pinned(&self) -> Option<Result<Arc<dyn UserComparator>>> {
        None
    }
}

#[derive(Clone, Default)]
/// The key order of a database or column family (RocksDB's `Options::comparator`).
pub enum Comparator {
    #[default]
    /// Lexicographic order of the bytes (`leveldb.BytewiseComparator`), the default.
    Bytewise,
    /// The reverse of `Bytewise` (`rocksdb.ReverseBytewiseComparator`).
    ReverseBytewise,
    /// A user's order.
    Custom(Arc<dyn UserComparator>),
}

impl fmt::Debug for Comparator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Comparator::Bytewise => f.write_str("Bytewise"),
            Comparator::ReverseBytewise => f.write_str("ReverseBytewise"),
            Comparator::Custom(c) => write!(f, "Custom({:?})", c.name()),
        }
    }
}

/// Two comparators are the same when they are the same built-in or the same object.
impl PartialEq for Comparator {
    fn eq(&self, other: &Comparator) -> bool {
        match (self, other) {
            (Comparator::Bytewise, Comparator::Bytewise) => true,
            (Comparator::ReverseBytewise, Comparator::ReverseBytewise) => true,
            (Comparator::Custom(a), Comparator::Custom(b)) => std::ptr::addr_eq(Arc::as_ptr(a), Arc::as_ptr(b)),
            _ => false,
        }
    }
}

impl Eq for Comparator {}

impl Comparator {
    /// A comparator from a user's order.
    pub fn custom(c: Arc<dyn UserComparator>) -> Comparator {
        Comparator::Custom(c)
    }

    /// The name recorded in the MANIFEST and in every table.
    pub fn name(&self) -> Cow<'static, str> {
        match self {
            Comparator::Bytewise => Cow::Borrowed(BYTEWISE_NAME),
            Comparator::ReverseBytewise => Cow::Borrowed(REVERSE_BYTEWISE_NAME),
            Comparator::Custom(c) => Cow::Owned(c.name()),
        }
    }

    /// The comparator an engine object built on these options keeps (`UserComparator::pinned`):
    /// Invalid argument when the options' comparator is unusable (NULL, or already destroyed).
    pub fn pinned(&self) -> Result<Comparator> {
        match self {
            Comparator::Custom(c) => match c.pinned() {
                None => Ok(self.clone()),
                Some(r) => r.map(Comparator::Custom),
            },
            _ => Ok(self.clone()),
        }
    }

    /// The built-in comparator of this name (a custom one cannot be made from a name).
    pub fn from_name(name: &str) -> Option<Comparator> {
        match name {
            BYTEWISE_NAME => Some(Comparator::Bytewise),
            REVERSE_BYTEWISE_NAME => Some(Comparator::ReverseBytewise),
            _ => None,
        }
    }

    #[inline]
    /// Orders two user keys.
    pub fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        match self {
            Comparator::Bytewise => a.cmp(b),
            Comparator::ReverseBytewise => b.cmp(a),
            Comparator::Custom(c) => c.compare(a, b),
        }
    }

    #[inline]
    /// Whether `a` orders before `b`.
    pub fn less(&self, a: &[u8], b: &[u8]) -> bool {
        self.compare(a, b) == Ordering::Less
    }

    /// Sorts `keys` in this order.
    pub fn sort<T: AsRef<[u8]>>(&self, keys: &mut [T]) {
        match self {
            Comparator::Bytewise => keys.sort_by(|a, b| a.as_ref().cmp(b.as_ref())),
            _ => keys.sort_by(|a, b| self.compare(a.as_ref(), b.as_ref())),
        }
    }

    /// Changes `start` to a short key in `[start, limit)` (RocksDB's FindShortestSeparator).
    pub fn find_shortest_separator(&self, start: &mut Vec<u8>, limit: &[u8]) {
        if !matches!(self, Comparator::Bytewise) {
            return; // RocksDB's reverse comparator and C comparators do not shorten separators.
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
    pub fn find_short_successor(&self, key: &mut Vec<u8>) {
        if !matches!(self, Comparator::Bytewise) {
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
