//! The one iterator interface every source of internal entries implements
//! (memtables, table blocks, tables, levels), and the adapters composed over
//! it: merging (`merging`), level concatenation, and the user-facing DB
//! iterator that hides sequence numbers, deletions and older versions.
//!
//! Keys are internal keys (user key + 8-byte trailer); values are raw values.

use crate::error::Result;

pub mod db_iter;
pub mod level;
pub mod merging;
pub mod prefix_bucket;
pub mod prefix_filter;

pub use db_iter::DbIter;
pub use level::LevelIterator;
pub use merging::MergingIterator;

pub trait InternalIterator: Send {
    fn valid(&self) -> bool;
    fn seek_to_first(&mut self);
    fn seek_to_last(&mut self);
    /// Positions at the first entry with key >= `target` (an internal key).
    fn seek(&mut self, target: &[u8]);
    /// Positions at the last entry with key <= `target` (an internal key).
    fn seek_for_prev(&mut self, target: &[u8]);
    fn next(&mut self);
    fn prev(&mut self);
    /// Requires: `valid()`.
    fn key(&self) -> &[u8];
    /// Requires: `valid()`.
    fn value(&self) -> &[u8];
    /// The first error met, if any; an iterator with an error is not valid.
    fn status(&self) -> Result<()>;
}

impl<T: InternalIterator + ?Sized> InternalIterator for Box<T> {
    fn valid(&self) -> bool {
        (**self).valid()
    }
    fn seek_to_first(&mut self) {
        (**self).seek_to_first()
    }
    fn seek_to_last(&mut self) {
        (**self).seek_to_last()
    }
    fn seek(&mut self, target: &[u8]) {
        (**self).seek(target)
    }
    fn seek_for_prev(&mut self, target: &[u8]) {
        (**self).seek_for_prev(target)
    }
    fn next(&mut self) {
        (**self).next()
    }
    fn prev(&mut self) {
        (**self).prev()
    }
    fn key(&self) -> &[u8] {
        (**self).key()
    }
    fn value(&self) -> &[u8] {
        (**self).value()
    }
    fn status(&self) -> Result<()> {
        (**self).status()
    }
}

/// An iterator over nothing, or over nothing but an error.
pub struct EmptyIterator {
    status: Result<()>,
}

impl EmptyIterator {
    pub fn new() -> Self {
        EmptyIterator { status: Ok(()) }
    }
    pub fn with_error(e: crate::error::Error) -> Self {
        EmptyIterator { status: Err(e) }
    }
}

impl Default for EmptyIterator {
    fn default() -> Self {
        Self::new()
    }
}

impl InternalIterator for EmptyIterator {
    fn valid(&self) -> bool {
        false
    }
    fn seek_to_first(&mut self) {}
    fn seek_to_last(&mut self) {}
    fn seek(&mut self, _: &[u8]) {}
    fn seek_for_prev(&mut self, _: &[u8]) {}
    fn next(&mut self) {}
    fn prev(&mut self) {}
    fn key(&self) -> &[u8] {
        &[]
    }
    fn value(&self) -> &[u8] {
        &[]
    }
    fn status(&self) -> Result<()> {
        self.status.clone()
    }
}
