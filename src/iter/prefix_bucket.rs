//! `PrefixBucketIterator`: a hash-bucketed memtable (RocksDB's HashSkipListRep, set by
//! `rocksdb_options_set_hash_skip_list_rep`) as a prefix-mode read sees it. RocksDB keeps one
//! skiplist per prefix there, and its prefix iterator (DynamicIterator) walks only the bucket
//! of the last seek's prefix: `seek`/`seek_for_prev` choose the bucket, `next`/`prev` stay in
//! it (the iterator turns invalid at the bucket's ends), and `seek_to_first`/`seek_to_last`
//! leave it invalid (no bucket). ferrock's memtable is one ordered list, so the bucket is the
//! run of keys with that prefix; RocksDB's buckets also hold the keys of other prefixes that
//! hash to the same slot, which this view leaves out (RocksDB's contract leaves results past
//! the prefix unspecified). A total-order read (total_order_seek) sees the whole memtable, as
//! RocksDB's GetIterator does.
//!
//! Not thread-safe (one reader); `Send`.

use crate::error::Result;
use crate::iter::InternalIterator;
use crate::key::user_key;
use crate::prefix::SliceTransform;
use std::sync::Arc;

pub struct PrefixBucketIterator {
    inner: Box<dyn InternalIterator>,
    extractor: Arc<dyn SliceTransform>,
    /// The prefix of the last seek's target; None after seek_to_first/last.
    bucket: Option<Vec<u8>>,
}

impl PrefixBucketIterator {
    pub fn new(inner: Box<dyn InternalIterator>, extractor: Arc<dyn SliceTransform>) -> PrefixBucketIterator {
        PrefixBucketIterator { inner, extractor, bucket: None }
    }

    /// The bucket of a user key: its prefix, or the whole key outside the extractor's domain.
    fn bucket_of<'a>(&self, uk: &'a [u8]) -> &'a [u8] {
        if self.extractor.in_domain(uk) {
            self.extractor.transform(uk)
        } else {
            uk
        }
    }

    fn choose_bucket(&mut self, target: &[u8]) {
        let uk = if target.len() >= 8 { user_key(target) } else { target };
        self.bucket = Some(self.bucket_of(uk).to_vec());
    }
}

impl InternalIterator for PrefixBucketIterator {
    fn valid(&self) -> bool {
        match &self.bucket {
            Some(b) => self.inner.valid() && self.bucket_of(user_key(self.inner.key())) == b.as_slice(),
            None => false,
        }
    }
    fn seek_to_first(&mut self) {
        self.bucket = None;
    }
    fn seek_to_last(&mut self) {
        self.bucket = None;
    }
    fn seek(&mut self, target: &[u8]) {
        self.choose_bucket(target);
        self.inner.seek(target);
    }
    fn seek_for_prev(&mut self, target: &[u8]) {
        self.choose_bucket(target);
        self.inner.seek_for_prev(target);
    }
    fn next(&mut self) {
        if self.valid() {
            self.inner.next();
        }
    }
    fn prev(&mut self) {
        if self.valid() {
            self.inner.prev();
        }
    }
    fn key(&self) -> &[u8] {
        if self.valid() {
            self.inner.key()
        } else {
            &[]
        }
    }
    fn value(&self) -> &[u8] {
        if self.valid() {
            self.inner.value()
        } else {
            &[]
        }
    }
    fn status(&self) -> Result<()> {
        self.inner.status()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{seek_key, InternalKeyComparator, ValueType};
    use crate::memtable::MemTable;
    use crate::prefix::FixedPrefix;

    fn keys(it: &mut dyn InternalIterator, forward: bool) -> Vec<String> {
        let mut out = Vec::new();
        while it.valid() {
            out.push(String::from_utf8_lossy(user_key(it.key())).into_owned());
            if forward {
                it.next()
            } else {
                it.prev()
            }
        }
        out
    }

    #[test]
    fn a_seek_walks_its_prefix_bucket_only() {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for (i, k) in ["bar1", "bar2", "bar3", "foo1", "foo2", "x"].iter().enumerate() {
            m.add(i as u64 + 1, ValueType::Value, k.as_bytes(), b"v");
        }
        let mut it = PrefixBucketIterator::new(Box::new(m.iter()), Arc::new(FixedPrefix(3)));
        assert!(!it.valid(), "no bucket before a seek");
        it.seek(&seek_key(b"bar", 100));
        assert_eq!(keys(&mut it, true), ["bar1", "bar2", "bar3"]);
        it.seek(&seek_key(b"foo2", 100));
        assert_eq!(keys(&mut it, false), ["foo2", "foo1"]);
        it.seek_for_prev(&seek_key(b"foo9", 0));
        assert_eq!(keys(&mut it, false), ["foo2", "foo1"]);
        // A prefix with no keys: invalid at once, although later keys exist.
        it.seek(&seek_key(b"baz", 100));
        assert!(!it.valid());
        // Out of the extractor's domain, a key is its own bucket.
        it.seek(&seek_key(b"x", 100));
        assert_eq!(keys(&mut it, true), ["x"]);
        it.seek_to_first();
        assert!(!it.valid(), "RocksDB's prefix iterator has no first entry");
        it.seek_to_last();
        assert!(!it.valid());
        assert!(it.status().is_ok());
    }
}
