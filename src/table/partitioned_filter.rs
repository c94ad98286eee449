//! Partitioned filters (`partition_filters = true`, metaindex name
//! `partitionedfilter.<policy>`; docs/format/filters.md §6.1): the table's filter
//! is cut into partitions, each a full filter block, found through a top-level
//! "filter index" block that maps separator keys to partition handles. The
//! filter index uses the table's index key and value encodings (user-key or
//! internal-key separators, delta-encoded handles or not).
//!
//! A lookup seeks the filter index to the first separator at or after the key
//! (the last partition when the key is past every separator) and asks that
//! partition. Every partition is read at open, so a lookup does no I/O; this
//! costs what one full filter costs.
//!
//! A `PartitionedFilter` is immutable after open and shared between threads.

use crate::env::RandomAccessFile;
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::table::block::{Block, KeyOrder};
use crate::table::filter_block::FilterBlockReader;
use crate::table::format::{read_block, BlockHandle, Footer};
use std::sync::Arc;

pub struct PartitionedFilter {
    index: Arc<Block>,
    order: KeyOrder,
    delta: bool,
    /// Partitions by file offset (ascending), as the filter index names them.
    partitions: Vec<(u64, FilterBlockReader)>,
}

impl PartitionedFilter {
    /// Reads the filter index at `handle` and every partition it names.
    /// `check` validates a handle against the file size.
    #[allow(clippy::too_many_arguments)]
    pub fn open(
        file: &dyn RandomAccessFile,
        footer: &Footer,
        handle: &BlockHandle,
        order: KeyOrder,
        delta: bool,
        maybe_compressed: bool,
        file_name: &str,
        check: &dyn Fn(&BlockHandle) -> Result<()>,
    ) -> Result<PartitionedFilter> {
        let index = Arc::new(Block::new(read_block(file, footer, handle, true, maybe_compressed, file_name)?));
        if let Some(e) = index.corruption() {
            return Err(Error::corruption(format!("filter index: {} in {}", e.message(), file_name)));
        }
        let mut partitions: Vec<(u64, FilterBlockReader)> = Vec::new();
        let mut it = index.index_iter(order.clone(), delta);
        it.seek_to_first();
        while it.valid() {
            let h = it.handle()?;
            check(&h)?;
            if !partitions.iter().any(|(off, _)| *off == h.offset) {
                let raw = read_block(file, footer, &h, true, maybe_compressed, file_name)?;
                partitions.push((h.offset, FilterBlockReader::new(raw)));
            }
            it.next();
        }
        it.status()?;
        partitions.sort_by_key(|(off, _)| *off);
        Ok(PartitionedFilter { index, order, delta, partitions })
    }

    /// False only when the key was certainly not added. `index_key` is the
    /// lookup key as the table's index compares it (user key, or internal key).
    pub fn may_match(&self, index_key: &[u8], user_key: &[u8]) -> bool {
        let mut it = self.index.index_iter(self.order.clone(), self.delta);
        it.seek(index_key);
        if !it.valid() {
            // Past every separator: RocksDB asks the last partition.
            it.seek_to_last();
        }
        if !it.valid() {
            // An empty or unreadable filter index filters nothing.
            return true;
        }
        let Ok(h) = it.handle() else { return true };
        match self.partitions.binary_search_by_key(&h.offset, |(off, _)| *off) {
            Ok(i) => self.partitions[i].1.may_match(user_key),
            Err(_) => true,
        }
    }

    pub fn num_partitions(&self) -> usize {
        self.partitions.len()
    }
}
