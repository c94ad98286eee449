//! Prefix extractors (RocksDB's `SliceTransform`): the prefix of a user key that
//! `ReadOptions::prefix_same_as_start` keeps an iterator within. Built-ins are
//! named as RocksDB names them (`rocksdb.FixedPrefix.<n>`, `rocksdb.Noop`), the
//! name the OPTIONS file records.
//!
//! Table builders add prefixes to the full filter (`table::filter_block`) and
//! memtables keep a prefix bloom (`memtable::prefix_bloom`); a seek in prefix
//! mode skips the sources whose filter says its prefix is absent
//! (`iter::prefix_filter`).

pub trait SliceTransform: Send + Sync {
    fn name(&self) -> String;
    /// The prefix of `key`. Requires: `in_domain(key)`.
    fn transform<'a>(&self, key: &'a [u8]) -> &'a [u8];
    fn in_domain(&self, key: &[u8]) -> bool;
}

impl std::fmt::Debug for dyn SliceTransform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// The first `n` bytes; keys shorter than `n` are outside the domain.
pub struct FixedPrefix(pub usize);

impl SliceTransform for FixedPrefix {
    fn name(&self) -> String {
        format!("rocksdb.FixedPrefix.{}", self.0)
    }
    fn transform<'a>(&self, key: &'a [u8]) -> &'a [u8] {
        &key[..self.0.min(key.len())]
    }
    fn in_domain(&self, key: &[u8]) -> bool {
        key.len() >= self.0
    }
}

/// The whole key is its prefix.
pub struct NoopTransform;

impl SliceTransform for NoopTransform {
    fn name(&self) -> String {
        "rocksdb.Noop".into()
    }
    fn transform<'a>(&self, key: &'a [u8]) -> &'a [u8] {
        key
    }
    fn in_domain(&self, _key: &[u8]) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_prefix_and_noop() {
        let f = FixedPrefix(3);
        assert_eq!(f.name(), "rocksdb.FixedPrefix.3");
        assert_eq!(f.transform(b"abcdef"), b"abc");
        assert!(f.in_domain(b"abc"));
        assert!(!f.in_domain(b"ab"));
        assert_eq!(NoopTransform.transform(b"xy"), b"xy");
        assert_eq!(NoopTransform.name(), "rocksdb.Noop");
    }
}
