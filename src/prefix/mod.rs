//! Prefix extractors (RocksDB's `SliceTransform`): the prefix of a user key that
//! `ReadOptions::prefix_same_as_start` keeps an iterator within. Built-ins are
//! named as RocksDB names them (`rocksdb.FixedPrefix.<n>`, `rocksdb.Noop`), the
//! name the OPTIONS file records.
//!
//! Table builders add prefixes to the full filter (`table::filter_block`) and
//! memtables keep a prefix bloom (`memtable::prefix_bloom`); a seek in prefix
//! mode skips the sources whose filter says its prefix is absent
//! (`iter::prefix_filter`).

/// A prefix extractor (RocksDB's `SliceTransform`): maps a key to its prefix for prefix
/// filters and prefix seeks; set one in [`Options::prefix_extractor`](crate::Options::prefix_extractor).
/// Built-ins: [`FixedPrefix`], [`NoopTransform`].
pub trait SliceTransform: Send + Sync {
    /// The name recorded in the OPTIONS file and the tables (`rocksdb.FixedPrefix.8`).
    fn name(&self) -> String;
    /// The prefix of `key`. Requires: `in_domain(key)`.
    fn transform<'a>(&self, key: &'a [u8]) -> &'a [u8];
    /// Whether `key` has a prefix (keys outside the domain are not in prefix filters).
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
