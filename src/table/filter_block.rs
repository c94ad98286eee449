//! The table's view of its full filter (rocksdb-formats.md §6.1): builds the
//! filter block over user keys and answers whole-key queries at read time.
//!
//! The filter bits themselves (FastLocalBloom with XXPH3) live in
//! `table::filter`; this adapter adds the table-level rules: no filter block
//! at all when nothing was added, and the metaindex names readers accept.

use crate::table::filter::{FullFilterBuilder, FullFilterReader};

/// Metaindex name of the full filter RocksDB 7.8.3 writes.
pub const FULL_FILTER_META_NAME: &str = "fullfilter.rocksdb.BuiltinBloomFilter";
/// The `rocksdb.filter.policy` property value of a Bloom filter.
pub const FILTER_POLICY_NAME: &str = "bloomfilter";

/// Suffixes after `fullfilter.` that name filters RocksDB's built-in readers accept.
pub const ACCEPTED_FILTER_SUFFIXES: &[&str] = &[
    "rocksdb.BuiltinBloomFilter",
    "rocksdb.internal.LegacyBloomFilter",
    "rocksdb.internal.FastLocalBloomFilter",
    "rocksdb.internal.Standard128RibbonFilter",
    "bloomfilter",
    "ribbonfilter",
];

/// Collects user keys for one table's full filter.
pub struct FilterBlockBuilder {
    inner: FullFilterBuilder,
}

impl FilterBlockBuilder {
    /// None when no filter is configured (`bits_per_key` below 0.5).
    pub fn new(bits_per_key: f64) -> Option<FilterBlockBuilder> {
        if bits_per_key.is_nan() || bits_per_key < 0.5 {
            return None;
        }
        Some(FilterBlockBuilder { inner: FullFilterBuilder::new(bits_per_key) })
    }

    pub fn add_key(&mut self, user_key: &[u8]) {
        self.inner.add_key(user_key);
    }

    /// Distinct keys added (the `rocksdb.num.filter_entries` property).
    pub fn num_added(&self) -> usize {
        self.inner.num_added()
    }

    /// The filter block contents, or None when no filter may be written
    /// (no keys: a filter of 5 bytes or less would read as "nothing matches").
    pub fn finish(&mut self) -> Option<Vec<u8>> {
        let data = self.inner.finish();
        if data.len() <= 5 {
            None
        } else {
            Some(data)
        }
    }
}

/// A loaded filter block.
pub struct FilterBlockReader {
    inner: FullFilterReader,
}

impl FilterBlockReader {
    pub fn new(data: Vec<u8>) -> FilterBlockReader {
        FilterBlockReader { inner: FullFilterReader::new(data) }
    }

    pub fn may_match(&self, user_key: &[u8]) -> bool {
        self.inner.may_match(user_key)
    }
}
