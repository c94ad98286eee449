//! `SstFileWriter`: a table written outside a database in RocksDB's external-file form, for
//! ingestion (ours or RocksDB's): every key at sequence 0, properties
//! `rocksdb.external_sst_file.version` = 2 and `.global_seqno` = 0. Keys are added in strictly
//! increasing order of the options' comparator, which also names the table's comparator
//! property (an ingest into a column family with another comparator is refused).
//!
//! One writer per thread; `finish` syncs and closes the file.

use crate::error::{Error, Result};
use crate::key::{make_internal_key, InternalKeyComparator, ValueType};
use crate::options::Options;
use crate::table::builder::{TableBuildOptions, TableBuilder};
use crate::table::properties::{PROP_EXTERNAL_SST_GLOBAL_SEQNO, PROP_EXTERNAL_SST_VERSION};
use crate::util::comparator::Comparator;
use std::cmp::Ordering;
use std::path::Path;

pub struct SstFileWriter {
    builder: TableBuilder,
    comparator: Comparator,
    last_key: Option<Vec<u8>>,
}

impl SstFileWriter {
    /// Creates the file at `path`, its blocks laid out by `opts` (table options, compression,
    /// prefix extractor, merge operator name, comparator).
    pub fn create(opts: &Options, path: &Path) -> Result<SstFileWriter> {
        // The writer keeps the comparator alive until it is done.
        let comparator = opts.comparator.pinned()?;
        let file = opts.file_system().new_writable_file(path)?;
        let bo = TableBuildOptions {
            comparator: InternalKeyComparator::new(comparator.clone()),
            block_size: opts.table.block_size,
            block_restart_interval: opts.table.block_restart_interval,
            index_block_restart_interval: opts.table.index_block_restart_interval,
            bloom_bits_per_key: opts.table.bloom_bits_per_key,
            whole_key_filtering: opts.table.whole_key_filtering,
            prefix_extractor: opts.prefix_extractor.clone(),
            compression: opts.compression,
            compression_level: opts.compression_level,
            ..TableBuildOptions::default()
        };
        let mut builder = TableBuilder::new(bo, file);
        if let Some(m) = &opts.merge_operator {
            builder.set_merge_operator_name(&m.name());
        }
        builder.set_user_property(PROP_EXTERNAL_SST_VERSION, 2u32.to_le_bytes().to_vec());
        builder.set_user_property(PROP_EXTERNAL_SST_GLOBAL_SEQNO, 0u64.to_le_bytes().to_vec());
        Ok(SstFileWriter { builder, comparator, last_key: None })
    }

    fn add(&mut self, key: &[u8], t: ValueType, value: &[u8]) -> Result<()> {
        if let Some(last) = &self.last_key {
            if self.comparator.compare(key, last) != Ordering::Greater {
                return Err(Error::invalid_argument("Keys must be added in strict ascending order."));
            }
        }
        self.builder.add(&make_internal_key(key, 0, t), value)?;
        self.last_key = Some(key.to_vec());
        Ok(())
    }

    pub fn put(&mut self, key: &[u8], value: &[u8]) -> Result<()> {
        self.add(key, ValueType::Value, value)
    }

    pub fn merge(&mut self, key: &[u8], value: &[u8]) -> Result<()> {
        self.add(key, ValueType::Merge, value)
    }

    pub fn delete(&mut self, key: &[u8]) -> Result<()> {
        self.add(key, ValueType::Deletion, &[])
    }

    /// Deletes `[begin, end)` (in any order relative to the point keys, as RocksDB allows).
    pub fn delete_range(&mut self, begin: &[u8], end: &[u8]) -> Result<()> {
        self.builder.add_range_tombstone(&make_internal_key(begin, 0, ValueType::RangeDeletion), end)
    }

    /// The bytes written so far.
    pub fn file_size(&self) -> u64 {
        self.builder.file_size()
    }

    /// Writes the rest of the table, syncs and closes it; returns its size.
    pub fn finish(self) -> Result<u64> {
        if self.builder.num_entries() == 0 {
            return Err(Error::invalid_argument("Cannot create sst file with no entries"));
        }
        let (_props, mut file) = self.builder.finish()?;
        file.sync()?;
        file.close()?;
        Ok(file.size())
    }
}
