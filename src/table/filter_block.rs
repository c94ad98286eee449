//! The table's view of its full filter (docs/format/filters.md §6.1): builds the
//! filter block over user keys and their prefixes, and answers whole-key and
//! prefix queries at read time.
//!
//! With a prefix extractor, the prefix of every key in the extractor's domain
//! goes into the same filter as the whole keys (or instead of them when
//! `whole_key_filtering` is off), as RocksDB's FullFilterBlockBuilder does; a
//! reader may then ask for a prefix only if the table's
//! `rocksdb.prefix.extractor.name` names the extractor it asks with.
//!
//! The filter bits themselves (FastLocalBloom with XXPH3) live in
//! `table::filter`; this adapter adds the table-level rules: no filter block
//! at all when nothing was added, and the metaindex names readers accept.

use crate::prefix::SliceTransform;
use crate::table::filter::{FullFilterBuilder, FullFilterReader};
use std::sync::Arc;

/// Metaindex name of the full filter RocksDB 7.8.3 writes.
pub const FULL_FILTER_META_NAME: &str = "fullfilter.rocksdb.BuiltinBloomFilter";
/// The `rocksdb.filter.policy` property value of a Bloom filter.
pub const FILTER_POLICY_NAME: &str = "bloomfilter";
/// ... and of a Ribbon policy's tables (RibbonFilterPolicy::Name(), also when a small
/// table's filter fell back to Bloom). The metaindex name is the same for both.
pub const RIBBON_FILTER_POLICY_NAME: &str = "ribbonfilter";

/// Suffixes after `fullfilter.` that name filters RocksDB's built-in readers accept.
pub const ACCEPTED_FILTER_SUFFIXES: &[&str] = &[
    "rocksdb.BuiltinBloomFilter",
    "rocksdb.internal.LegacyBloomFilter",
    "rocksdb.internal.FastLocalBloomFilter",
    "rocksdb.internal.Standard128RibbonFilter",
    "bloomfilter",
    "ribbonfilter",
];

/// Collects user keys (and their prefixes) for one table's full filter.
pub struct FilterBlockBuilder {
    inner: FullFilterBuilder,
    prefix_extractor: Option<Arc<dyn SliceTransform>>,
    whole_key_filtering: bool,
}

impl FilterBlockBuilder {
    /// None when no filter is configured (`bits_per_key` below 0.5).
    pub fn new(
        bits_per_key: f64,
        prefix_extractor: Option<Arc<dyn SliceTransform>>,
        whole_key_filtering: bool,
    ) -> Option<FilterBlockBuilder> {
        if bits_per_key.is_nan() || bits_per_key < 0.5 {
            return None;
        }
        Some(FilterBlockBuilder { inner: FullFilterBuilder::new(bits_per_key), prefix_extractor, whole_key_filtering })
    }

    /// Builds a Standard128 Ribbon filter instead of a Bloom filter when `ribbon`.
    pub fn with_ribbon(mut self, ribbon: bool) -> FilterBlockBuilder {
        self.inner.set_ribbon(ribbon);
        self
    }

    /// Adds what a user key contributes: the key itself with whole-key
    /// filtering, its prefix when it is in the extractor's domain.
    pub fn add(&mut self, user_key: &[u8]) {
        let prefix = match &self.prefix_extractor {
            Some(t) if t.in_domain(user_key) => Some(t.transform(user_key)),
            _ => None,
        };
        match (prefix, self.whole_key_filtering) {
            (Some(p), true) => self.inner.add_key_and_alt(user_key, p),
            (Some(p), false) => self.inner.add_key(p),
            (None, true) => self.inner.add_key(user_key),
            (None, false) => {}
        }
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
