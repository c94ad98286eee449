//! Open table readers by file number. With RocksDB's default `max_open_files = -1` every table stays
//! open once read; a reader is dropped when its file becomes obsolete (`evict`).

use crate::env::FileSystem;
use crate::error::{Error, Result};
use crate::key::InternalKeyComparator;
use crate::table::cache::BlockCache;
use crate::table::reader::{Table, TableReadOptions};
use crate::version::filename::table_file_name;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub(crate) struct TableCache {
    fs: Arc<dyn FileSystem>,
    block_cache: Option<Arc<BlockCache>>,
    cache_index_and_filter_blocks: bool,
    paranoid_checks: bool,
    /// DBOptions::allow_mmap_reads (a cuckoo table opens only with it).
    allow_mmap_reads: bool,
    block_cache_tracer: Option<Arc<crate::trace::block_cache::BlockCacheTracer>>,
    tables: Mutex<HashMap<u64, Arc<Table>>>,
}

impl TableCache {
    pub fn new(
        fs: Arc<dyn FileSystem>,
        block_cache: Option<Arc<BlockCache>>,
        cache_index_and_filter_blocks: bool,
        paranoid_checks: bool,
        allow_mmap_reads: bool,
        block_cache_tracer: Option<Arc<crate::trace::block_cache::BlockCacheTracer>>,
    ) -> TableCache {
        TableCache {
            fs,
            block_cache,
            cache_index_and_filter_blocks,
            paranoid_checks,
            allow_mmap_reads,
            block_cache_tracer,
            tables: Mutex::new(HashMap::new()),
        }
    }

    /// `largest_seqno` is the file's MANIFEST entry: an ingested (external) table's keys read with it
    /// as their global sequence number (`Table::open_external`); other tables ignore it. `icmp` is
    /// the order of the file's column family (a file number belongs to one family); `dir` the
    /// table directory its path id names.
    pub fn get(&self, icmp: &InternalKeyComparator, dir: &Path, number: u64, file_size: u64, largest_seqno: u64) -> Result<Arc<Table>> {
        if let Some(t) = self.tables.lock().get(&number) {
            return Ok(t.clone());
        }
        let table = self.open(icmp, dir, number, file_size, largest_seqno, true)?;
        let mut m = self.tables.lock();
        Ok(m.entry(number).or_insert(table).clone())
    }

    /// A reader of its own for the table, neither kept here nor reading through the block
    /// cache, so that every block it reads comes from the file (checksum verification).
    pub fn open_uncached(&self, icmp: &InternalKeyComparator, dir: &Path, number: u64, file_size: u64, largest_seqno: u64) -> Result<Arc<Table>> {
        self.open(icmp, dir, number, file_size, largest_seqno, false)
    }

    fn open(&self, icmp: &InternalKeyComparator, dir: &Path, number: u64, file_size: u64, largest_seqno: u64, cached: bool) -> Result<Arc<Table>> {
        let path = dir.join(table_file_name(number));
        let file = self.fs.new_random_access_file(&path)?;
        let actual = file.size()?;
        if self.paranoid_checks && actual != file_size {
            return Err(Error::corruption(format!(
                "Sst file size mismatch: {}. Size recorded in manifest {}, actual size {}",
                path.display(),
                file_size,
                actual
            )));
        }
        let opts = TableReadOptions {
            comparator: icmp.clone(),
            block_cache: if cached { self.block_cache.clone() } else { None },
            verify_checksums: true,
            file_number: number,
            cache_index_and_filter_blocks: cached && self.cache_index_and_filter_blocks,
            allow_mmap_reads: self.allow_mmap_reads,
            // A PlainTable builds its index on first use, with the options the read brings (db/read.rs).
            plain_tuning: Default::default(),
            block_cache_tracer: if cached { self.block_cache_tracer.clone() } else { None },
        };
        Table::open_external(file, file_size, opts, largest_seqno)
            .map_err(|e| if e.is_corruption() { Error::corruption(format!("{}: {}", e.message(), path.display())) } else { e })
    }

    pub fn evict(&self, number: u64) {
        self.tables.lock().remove(&number);
    }
}
