//! The table's view of its full filter (rocksdb-formats.md §6.1): builds the
//! filter block over user keys and answers whole-key queries at read time.
//!
//! The filter bits themselves (FastLocalBloom with XXPH3) live in
//! `table::filter`, written separately. Until that module is merged this
//! adapter builds no filter and answers "may match" to every query, which is
//! always correct (a missing filter is safe, a wrong one loses data).

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
    num_added: usize,
}

impl FilterBlockBuilder {
    /// None when no filter is configured (`bits_per_key` below 0.5).
    pub fn new(bits_per_key: f64) -> Option<FilterBlockBuilder> {
        if bits_per_key < 0.5 {
            return None;
        }
        Some(FilterBlockBuilder { num_added: 0 })
    }

    pub fn add_key(&mut self, _user_key: &[u8]) {
        self.num_added += 1;
    }

    /// Distinct keys added (the `rocksdb.num.filter_entries` property).
    pub fn num_added(&self) -> usize {
        0
    }

    /// The filter block contents, or None when no filter is written.
    pub fn finish(&mut self) -> Option<Vec<u8>> {
        None
    }
}

/// A loaded filter block.
pub struct FilterBlockReader {
    _data: Vec<u8>,
}

impl FilterBlockReader {
    pub fn new(data: Vec<u8>) -> FilterBlockReader {
        FilterBlockReader { _data: data }
    }

    pub fn may_match(&self, _user_key: &[u8]) -> bool {
        true
    }
}
