//! `PrefixFilteredIterator`: one source (a table or a memtable) seen through
//! its prefix filter during a seek in prefix mode, as RocksDB's
//! BlockBasedTableIterator::CheckPrefixMayMatch and MemTableIterator::Seek do.
//! A `seek`/`seek_for_prev` whose target's prefix the filter says is absent
//! leaves the source empty (invalid, status OK) until the next positioning,
//! so merging skips it; within the target's prefix that is exact, beyond it
//! the source simply contributes nothing (RocksDB's prefix-mode contract:
//! results past the prefix are unspecified). `seek_to_first`/`seek_to_last`
//! are never filtered.
//!
//! Not thread-safe (one reader); `Send`.

use crate::error::Result;
use crate::iter::InternalIterator;
use crate::key::user_key;
use crate::prefix::SliceTransform;
use std::sync::Arc;

/// Answers "may the source hold keys with this prefix?".
pub type PrefixMayMatchFn = Box<dyn Fn(&[u8]) -> bool + Send>;

pub struct PrefixFilteredIterator {
    inner: Box<dyn InternalIterator>,
    extractor: Arc<dyn SliceTransform>,
    may_match: PrefixMayMatchFn,
    /// The last seek was answered by the filter: nothing here.
    filtered_out: bool,
}

impl PrefixFilteredIterator {
    /// Requires: `may_match` answers for prefixes made by `extractor`.
    pub fn new(
        inner: Box<dyn InternalIterator>,
        extractor: Arc<dyn SliceTransform>,
        may_match: PrefixMayMatchFn,
    ) -> PrefixFilteredIterator {
        PrefixFilteredIterator { inner, extractor, may_match, filtered_out: false }
    }

    /// True when the filter rules out the prefix of `target` (an internal key,
    /// or a bare user key shorter than a trailer).
    fn excluded(&self, target: &[u8]) -> bool {
        let uk = if target.len() >= 8 { user_key(target) } else { target };
        self.extractor.in_domain(uk) && !(self.may_match)(self.extractor.transform(uk))
    }
}

impl InternalIterator for PrefixFilteredIterator {
    fn valid(&self) -> bool {
        !self.filtered_out && self.inner.valid()
    }
    fn seek_to_first(&mut self) {
        self.filtered_out = false;
        self.inner.seek_to_first();
    }
    fn seek_to_last(&mut self) {
        self.filtered_out = false;
        self.inner.seek_to_last();
    }
    fn seek(&mut self, target: &[u8]) {
        self.filtered_out = self.excluded(target);
        if !self.filtered_out {
            self.inner.seek(target);
        }
    }
    fn seek_for_prev(&mut self, target: &[u8]) {
        self.filtered_out = self.excluded(target);
        if !self.filtered_out {
            self.inner.seek_for_prev(target);
        }
    }
    fn next(&mut self) {
        if !self.filtered_out {
            self.inner.next();
        }
    }
    fn prev(&mut self) {
        if !self.filtered_out {
            self.inner.prev();
        }
    }
    fn key(&self) -> &[u8] {
        if self.filtered_out {
            &[]
        } else {
            self.inner.key()
        }
    }
    fn value(&self) -> &[u8] {
        if self.filtered_out {
            &[]
        } else {
            self.inner.value()
        }
    }
    fn status(&self) -> Result<()> {
        if self.filtered_out {
            Ok(())
        } else {
            self.inner.status()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{make_internal_key, seek_key, InternalKeyComparator, ValueType};
    use crate::memtable::MemTable;
    use crate::prefix::FixedPrefix;

    #[test]
    fn a_seek_to_an_absent_prefix_empties_the_source_until_the_next_positioning() {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 1));
        for (i, k) in ["aa1", "aa2", "cc1"].iter().enumerate() {
            m.add(i as u64 + 1, ValueType::Value, k.as_bytes(), b"v");
        }
        // A filter that knows only the prefixes "aa" and "cc".
        let mut it = PrefixFilteredIterator::new(
            Box::new(m.iter()),
            Arc::new(FixedPrefix(2)),
            Box::new(|p: &[u8]| p == b"aa" || p == b"cc"),
        );
        it.seek(&seek_key(b"bb", 100));
        assert!(!it.valid() && it.status().is_ok(), "prefix bb is absent");
        it.next();
        assert!(!it.valid());
        it.seek_for_prev(&seek_key(b"bb9", 100));
        assert!(!it.valid());
        it.seek(&seek_key(b"aa2", 100));
        assert_eq!(it.key(), &make_internal_key(b"aa2", 2, ValueType::Value)[..]);
        it.next();
        assert_eq!(it.key(), &make_internal_key(b"cc1", 3, ValueType::Value)[..], "past the prefix: unfiltered");
        // Keys outside the extractor's domain are never filtered.
        it.seek(&seek_key(b"b", 100));
        assert_eq!(it.key(), &make_internal_key(b"cc1", 3, ValueType::Value)[..]);
        it.seek(&seek_key(b"zz", 100));
        assert!(!it.valid());
        it.seek_to_first();
        assert_eq!(it.key(), &make_internal_key(b"aa1", 1, ValueType::Value)[..]);
        it.seek(&seek_key(b"zz", 100));
        it.seek_to_last();
        assert_eq!(it.key(), &make_internal_key(b"cc1", 3, ValueType::Value)[..]);
    }
}
