//! `SstFileWriter`: tables written outside a database, in RocksDB's external file form
//! (every key at sequence 0, properties `rocksdb.external_sst_file.version` = 2 and
//! `.global_seqno` = 0), so RocksDB and ferrock can ingest them. Keys must be added in
//! strictly increasing order of the options' comparator, as RocksDB requires; the comparator
//! also names the table's comparator property (an ingest into a column family with another
//! comparator is refused). The C API's `rocksdb_sstfilewriter_*` is a thin layer over this.

use crate::error::{Error, Result};
use crate::key::{make_internal_key, InternalKeyComparator, ValueType};
use crate::options::Options;
use crate::table::builder::{TableBuildOptions, TableBuilder};
use crate::util::comparator::Comparator;
use std::cmp::Ordering;
use std::path::Path;

/// Writes a table file outside a database for [`Db::ingest_external_file`](crate::Db::ingest_external_file)
/// (RocksDB's `SstFileWriter`): `open`, then keys in strictly increasing comparator order,
/// then `finish`.
pub struct SstFileWriter {
    opts: Options,
    /// The order of the keys: the options' comparator, pinned by `open` (the writer keeps
    /// a C program's comparator alive from then on, `Comparator::pinned`).
    comparator: Comparator,
    builder: Option<TableBuilder>,
    last_key: Option<Vec<u8>>,
    file_size: u64,
}

impl SstFileWriter {
    /// A writer whose files use `opts`' comparator, table options, compression and merge
    /// operator name (what RocksDB's SstFileWriter takes from its options).
    pub fn new(opts: &Options) -> SstFileWriter {
        SstFileWriter { opts: opts.clone(), comparator: opts.comparator.clone(), builder: None, last_key: None, file_size: 0 }
    }

    /// Starts a new file at `path` (through the options' file system).
    pub fn open(&mut self, path: &Path) -> Result<()> {
        if self.opts.table_factory != crate::table::factory::TableFactory::BlockBased {
            // RocksDB would write an external PlainTable file; ferrock's reader has no global sequence number for one.
            return Err(Error::not_supported("SstFileWriter with the PlainTable factory"));
        }
        self.comparator = self.opts.comparator.pinned()?;
        let file = self.opts.file_system().new_writable_file(path)?;
        let o = &self.opts;
        let bo = TableBuildOptions {
            comparator: InternalKeyComparator::new(self.comparator.clone()),
            block_size: o.table.block_size,
            block_restart_interval: o.table.block_restart_interval,
            index_block_restart_interval: o.table.index_block_restart_interval,
            bloom_bits_per_key: o.table.bloom_bits_per_key,
            // An external file's level is unknown: RocksDB treats it as the bottommost.
            ribbon_filter: o.table.ribbon_filter_for(i32::MAX - 1),
            whole_key_filtering: o.table.whole_key_filtering,
            prefix_extractor: o.prefix_extractor.clone(),
            compression: o.compression,
            compression_level: o.compression_level,
            ..TableBuildOptions::default()
        };
        let mut b = TableBuilder::new(bo, file);
        if let Some(m) = &o.merge_operator {
            b.set_merge_operator_name(&m.name());
        }
        b.set_user_property(crate::table::properties::PROP_EXTERNAL_SST_VERSION, 2u32.to_le_bytes().to_vec());
        b.set_user_property(crate::table::properties::PROP_EXTERNAL_SST_GLOBAL_SEQNO, 0u64.to_le_bytes().to_vec());
        self.builder = Some(b);
        self.last_key = None;
        Ok(())
    }

    fn add(&mut self, key: &[u8], t: ValueType, value: &[u8]) -> Result<()> {
        if let Some(last) = &self.last_key {
            if self.comparator.compare(key, last) != Ordering::Greater {
                return Err(Error::invalid_argument("Keys must be added in strict ascending order."));
            }
        }
        let b = self.builder.as_mut().ok_or_else(|| Error::invalid_argument("File is not opened"))?;
        b.add(&make_internal_key(key, 0, t), value)?;
        self.last_key = Some(key.to_vec());
        Ok(())
    }

    /// Adds `key` = `value`; InvalidArgument when `key` does not follow the previous key
    /// ("Keys must be added in strict ascending order.") or no file is open.
    pub fn put(&mut self, key: &[u8], value: &[u8]) -> Result<()> {
        self.add(key, ValueType::Value, value)
    }

    /// Adds a merge operand for `key` (order as `put`).
    pub fn merge(&mut self, key: &[u8], value: &[u8]) -> Result<()> {
        self.add(key, ValueType::Merge, value)
    }

    /// Adds a deletion of `key` (order as `put`).
    pub fn delete(&mut self, key: &[u8]) -> Result<()> {
        self.add(key, ValueType::Deletion, &[])
    }

    /// A range tombstone `[begin, end)`; independent of the point keys' order.
    pub fn delete_range(&mut self, begin: &[u8], end: &[u8]) -> Result<()> {
        let b = self.builder.as_mut().ok_or_else(|| Error::invalid_argument("File is not opened"))?;
        b.add_range_tombstone(&make_internal_key(begin, 0, ValueType::RangeDeletion), end)
    }

    /// Writes the file's index, filter, properties and footer, syncs and closes it.
    pub fn finish(&mut self) -> Result<()> {
        let b = self.builder.take().ok_or_else(|| Error::invalid_argument("File is not opened"))?;
        if b.num_entries() == 0 {
            return Err(Error::invalid_argument("Cannot create sst file with no entries"));
        }
        let (_props, mut file) = b.finish()?;
        file.sync()?;
        file.close()?;
        self.file_size = file.size();
        Ok(())
    }

    /// Bytes written so far (the file's size once finished).
    pub fn file_size(&self) -> u64 {
        match &self.builder {
            Some(b) => b.file_size(),
            None => self.file_size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::ingest::IngestExternalFileOptions;
    use crate::db::Db;
    use crate::options::ReadOptions;
    use crate::util::testutil::TempDir;

    #[test]
    fn a_written_file_ingests_with_points_and_a_range_tombstone() {
        let d = TempDir::new("sstwriter");
        let o = Options { create_if_missing: true, ..Default::default() };
        let db = Db::open(&o, d.0.join("db")).unwrap();
        db.put(&Default::default(), b"c", b"old").unwrap();
        db.put(&Default::default(), b"q", b"kept").unwrap();
        let path = d.0.join("ext.sst");
        let mut w = SstFileWriter::new(&o);
        assert_eq!(w.put(b"a", b"1").unwrap_err().to_string(), "Invalid argument: File is not opened");
        w.open(&path).unwrap();
        w.put(b"a", b"1").unwrap();
        w.delete_range(b"b", b"e").unwrap();
        w.delete(b"f").unwrap();
        assert_eq!(w.put(b"f", b"x").unwrap_err().to_string(), "Invalid argument: Keys must be added in strict ascending order.");
        w.finish().unwrap();
        assert_eq!(w.file_size(), std::fs::metadata(&path).unwrap().len());
        db.ingest_external_file(&[path], &IngestExternalFileOptions::default()).unwrap();
        let ro = ReadOptions::new();
        assert_eq!(db.get(&ro, b"a").unwrap(), Some(b"1".to_vec()));
        assert_eq!(db.get(&ro, b"c").unwrap(), None);
        assert_eq!(db.get(&ro, b"q").unwrap(), Some(b"kept".to_vec()));
        let mut empty = SstFileWriter::new(&o);
        empty.open(&d.0.join("empty.sst")).unwrap();
        assert_eq!(empty.finish().unwrap_err().to_string(), "Invalid argument: Cannot create sst file with no entries");
    }
}
