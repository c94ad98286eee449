//! `Table`: an open block-based table file (docs/format/block-based-table.md–§6.1). Open
//! reads the footer, metaindex, properties, index and filter (a full filter,
//! or every partition of a partitioned one: `table::partitioned_filter`); point lookups
//! and the two-level `TableIterator` (index block → data blocks) read data
//! blocks with positional reads through the shared block cache.
//!
//! Reads both index encodings (user-key separators with delta-encoded
//! handles, and the old internal-key separators with full handles), footers
//! of format_version 0 and 2..=5, and checksums CRC32C, XXH3 and none.
//!
//! A `Table` is immutable after open and `Send + Sync`; iterators hold an
//! `Arc<Table>` and belong to one thread.

use crate::env::RandomAccessFile;
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{self, InternalKeyComparator};
use crate::options::CompressionType;
use crate::prefix::SliceTransform;
use crate::table::block::{Block, BlockBuilder, BlockIter, KeyOrder};
use crate::table::builder::{PROPERTIES_META_NAME, RANGE_DEL_META_NAME};
use crate::table::cache::BlockCache;
use crate::table::cuckoo::{CuckooIterator, CuckooTable};
use crate::table::filter_block::{FilterBlockReader, ACCEPTED_FILTER_SUFFIXES};
use crate::table::partitioned_filter::PartitionedFilter;
use crate::table::format::{
    read_block, read_exact_at, BlockHandle, Footer, BLOCK_TRAILER_SIZE, FOOTER_SIZE, LEGACY_FOOTER_SIZE,
};
use crate::table::plain::reader::{is_plain_table_magic, PlainTable, PlainTableIterator};
use crate::table::properties::TableProperties;
use crate::trace::block_cache::{self, BlockAccess, BlockCacheTracer};
use crate::util::comparator::Comparator;
use std::sync::Arc;

#[derive(Clone)]
pub struct TableReadOptions {
    pub comparator: InternalKeyComparator,
    pub block_cache: Option<Arc<BlockCache>>,
    pub verify_checksums: bool,
    pub file_number: u64,
    pub cache_index_and_filter_blocks: bool,
    /// DBOptions::allow_mmap_reads: a cuckoo table opens only with it, as in RocksDB. Tools set it.
    pub allow_mmap_reads: bool,
    /// How a PlainTable file's in-memory index is built (the family's PlainTableOptions when it uses that
    /// factory; the defaults otherwise). Block-based files ignore it.
    pub plain_tuning: crate::table::plain::PlainTableOptions,
    /// The database's block cache tracer: the table's data block lookups report to it while
    /// a trace runs.
    pub block_cache_tracer: Option<Arc<BlockCacheTracer>>,
}

impl Default for TableReadOptions {
    fn default() -> Self {
        TableReadOptions {
            comparator: InternalKeyComparator::default(),
            block_cache: None,
            verify_checksums: true,
            file_number: 0,
            cache_index_and_filter_blocks: false,
            allow_mmap_reads: true,
            plain_tuning: Default::default(),
            block_cache_tracer: None,
        }
    }
}

/// The per-entry callback of `Table::get`: `Ok(false)` stops the lookup.
pub type GetCallback<'a> = dyn FnMut(&[u8], &[u8]) -> Result<bool> + 'a;

pub struct Table {
    file: Arc<dyn RandomAccessFile>,
    file_name: String,
    footer: Footer,
    props: TableProperties,
    comparator: InternalKeyComparator,
    index_block: Arc<Block>,
    index_user_keys: bool,
    index_delta: bool,
    filter: Option<FilterBlockReader>,
    partitioned_filter: Option<PartitionedFilter>,
    range_del_block: Option<Arc<Block>>,
    cache: Option<Arc<BlockCache>>,
    cache_id: u64,
    verify_checksums: bool,
    /// False when the properties say "NoCompression": type bytes are then ignored.
    maybe_compressed: bool,
    file_size: u64,
    /// Sequence number every key of an ingested file reads with.
    global_seqno: Option<u64>,
    /// A cuckoo table (src/table/cuckoo/): lookups and scans go to it; the block-based parts stay empty.
    cuckoo: Option<Arc<CuckooTable>>,
    /// A PlainTable file (`table::plain`): every read goes to it, and the block-based fields above are empty.
    plain: Option<Arc<PlainTable>>,
    /// The table's file number (0 when not known: tools, tests).
    file_number: u64,
    block_cache_tracer: Option<Arc<BlockCacheTracer>>,
}

const OLD_PROPERTIES_META_NAME: &str = "rocksdb.stats";
/// Written when compression_opts.max_dict_bytes > 0.
const COMPRESSION_DICT_META_NAME: &str = "rocksdb.compression_dict";
/// Format 6+ keeps the index handle in the metaindex under this name.
const INDEX_META_NAME: &str = "rocksdb.index";

impl Table {
    pub fn open(file: Arc<dyn RandomAccessFile>, file_size: u64, opts: TableReadOptions) -> Result<Arc<Table>> {
        Self::open_external(file, file_size, opts, 0)
    }

    /// Opens a table that may be an ingested (SstFileWriter) file whose
    /// MANIFEST entry says `largest_seqno`: such a file's keys (stored with
    /// sequence 0) read with its global sequence number — the
    /// `rocksdb.external_sst_file.global_seqno` property, or `largest_seqno`
    /// when that is 0 (RocksDB's default `write_global_seqno = false`).
    /// For a file the database wrote itself this is `open`.
    pub fn open_external(
        file: Arc<dyn RandomAccessFile>,
        file_size: u64,
        opts: TableReadOptions,
        largest_seqno: u64,
    ) -> Result<Arc<Table>> {
        let file_name = format!("{:06}.sst", opts.file_number);
        if file_size < LEGACY_FOOTER_SIZE as u64 {
            return Err(Error::corruption(format!(
                "file is too short ({} bytes) to be an sstable: {}",
                file_size, file_name
            )));
        }
        let tail_len = (FOOTER_SIZE as u64).min(file_size) as usize;
        let mut tail = vec![0u8; tail_len];
        read_exact_at(&*file, file_size - tail_len as u64, &mut tail, &file_name)?;
        // The footer's magic number says the format: a table cache opens block-based, cuckoo and plain files alike.
        let magic = crate::util::coding::decode_fixed64(&tail[tail_len - 8..]);
        if magic == crate::table::cuckoo::CUCKOO_TABLE_MAGIC {
            return Self::open_cuckoo(file, file_size, &opts, file_name);
        }
        if is_plain_table_magic(magic) {
            return Self::open_plain(file, file_size, opts, file_name);
        }
        let mut footer = Footer::decode(&tail, file_size - tail_len as u64).map_err(|e| annotate(e, &file_name))?;
        check_handle(&footer.metaindex_handle, file_size, &file_name)?;
        // Metadata blocks are always verified: a bad one must fail the open.
        let meta_raw = read_block(&*file, &footer, &footer.metaindex_handle, true, true, &file_name)?;
        let metaindex = Arc::new(Block::new(meta_raw));
        let mut props_handle = None;
        let mut range_del_handle = None;
        let mut filter_handle = None;
        let mut partitioned_filter_handle = None;
        {
            let mut it = metaindex.iter(KeyOrder::User(Comparator::Bytewise));
            it.seek_to_first();
            while it.valid() {
                let name = it.key();
                let h = || {
                    let mut v = it.value();
                    let h = BlockHandle::decode_from(&mut v)?;
                    check_handle(&h, file_size, &file_name)?;
                    Ok::<BlockHandle, Error>(h)
                };
                if name == COMPRESSION_DICT_META_NAME.as_bytes() {
                    // Blocks compressed against a dictionary cannot be read without it.
                    return Err(Error::not_supported(format!(
                        "compression dictionaries (rocksdb.compression_dict in {})",
                        file_name
                    )));
                }
                if name == INDEX_META_NAME.as_bytes() && footer.format_version >= 6 {
                    footer.index_handle = h()?;
                } else if name == PROPERTIES_META_NAME.as_bytes()
                    || (name == OLD_PROPERTIES_META_NAME.as_bytes() && props_handle.is_none())
                {
                    props_handle = Some(h()?);
                } else if name == RANGE_DEL_META_NAME.as_bytes() {
                    range_del_handle = Some(h()?);
                } else if let Some(suffix) = name.strip_prefix(b"fullfilter.") {
                    if filter_handle.is_none() && ACCEPTED_FILTER_SUFFIXES.iter().any(|s| s.as_bytes() == suffix) {
                        filter_handle = Some(h()?);
                    }
                } else if let Some(suffix) = name.strip_prefix(b"partitionedfilter.") {
                    if partitioned_filter_handle.is_none()
                        && ACCEPTED_FILTER_SUFFIXES.iter().any(|s| s.as_bytes() == suffix)
                    {
                        partitioned_filter_handle = Some(h()?);
                    }
                }
                it.next();
            }
            it.status().map_err(|e| annotate(e, &file_name))?;
        }
        if footer.index_handle.is_null() && footer.format_version >= 6 {
            return Err(Error::corruption(format!("no rocksdb.index entry in the metaindex of {}", file_name)));
        }
        check_handle(&footer.index_handle, file_size, &file_name)?;
        let props = match props_handle {
            Some(h) => {
                let raw = read_block(&*file, &footer, &h, true, true, &file_name)?;
                TableProperties::decode_block(raw).map_err(|e| annotate(e, &file_name))?
            }
            // A table without properties is still readable with the old index encoding.
            None => TableProperties { compression_name: String::new(), ..TableProperties::default() },
        };
        let partitioned = match props.index_type {
            0 | 1 => false,
            2 => true,
            3 => return Err(Error::not_supported("index type kBinarySearchWithFirstKey")),
            t => return Err(Error::corruption(format!("unknown index type {} in {}", t, file_name))),
        };
        let maybe_compressed = blocks_maybe_compressed(&props.compression_name, footer.format_version)
            .map_err(|e| annotate(e, &file_name))?;
        let index_raw = read_block(&*file, &footer, &footer.index_handle, true, maybe_compressed, &file_name)?;
        let mut index_block = Arc::new(Block::new(index_raw));
        if let Some(e) = index_block.corruption() {
            return Err(annotate(e, &file_name));
        }
        let index_user_keys = props.index_key_is_user_key != 0;
        let mut index_delta = props.index_value_is_delta_encoded != 0;
        if partitioned {
            let order = index_order(index_user_keys, &opts.comparator);
            let flat = flatten_partitioned_index(&*file, &footer, &index_block, order, index_delta, maybe_compressed, file_size, &file_name)?;
            index_block = Arc::new(Block::new(flat));
            index_delta = false;
        }
        // Loaded even without whole keys in it: a prefix-only filter still serves prefix seeks.
        let filter = match filter_handle {
            Some(h) => {
                let raw = read_block(&*file, &footer, &h, true, maybe_compressed, &file_name)?;
                Some(FilterBlockReader::new(raw))
            }
            _ => None,
        };
        // RocksDB looks for a full filter first; a table has one kind or the other.
        let partitioned_filter = match partitioned_filter_handle {
            Some(h) if filter.is_none() && props.whole_key_filtering => {
                let order = index_order(index_user_keys, &opts.comparator);
                let delta = props.index_value_is_delta_encoded != 0;
                let check = |h: &BlockHandle| check_handle(h, file_size, &file_name);
                Some(
                    PartitionedFilter::open(&*file, &footer, &h, order, delta, maybe_compressed, &file_name, &check)
                        .map_err(|e| annotate(e, &file_name))?,
                )
            }
            _ => None,
        };
        let range_del_block = match range_del_handle {
            Some(h) => Some(Arc::new(Block::new(read_block(&*file, &footer, &h, true, maybe_compressed, &file_name)?))),
            None => None,
        };
        let global_seqno = external_global_seqno(&props, largest_seqno).map_err(|e| annotate(e, &file_name))?;
        let cache = opts.block_cache.clone();
        let cache_id = cache.as_ref().map(|c| c.new_id()).unwrap_or(0);
        if opts.cache_index_and_filter_blocks {
            // Charge the index to the cache; the table keeps it pinned.
            if let Some(c) = &cache {
                c.insert((cache_id, footer.index_handle.offset), index_block.clone(), index_block.size());
            }
        }
        Ok(Arc::new(Table {
            file,
            file_name,
            footer,
            index_user_keys,
            index_delta,
            props,
            comparator: opts.comparator.clone(),
            index_block,
            filter,
            partitioned_filter,
            range_del_block,
            cache,
            cache_id,
            verify_checksums: opts.verify_checksums,
            maybe_compressed,
            file_size,
            global_seqno,
            cuckoo: None,
            plain: None,
            file_number: opts.file_number,
            block_cache_tracer: opts.block_cache_tracer.clone(),
        }))
    }

    /// A cuckoo table, behind the same reader: its index is empty, so the block-based paths find no blocks.
    fn open_cuckoo(file: Arc<dyn RandomAccessFile>, file_size: u64, opts: &TableReadOptions, file_name: String) -> Result<Arc<Table>> {
        if !opts.allow_mmap_reads {
            return Err(Error::invalid_argument("File is not mmaped"));
        }
        let c = CuckooTable::open(&*file, file_size, &opts.comparator, &file_name)?;
        let footer = Footer { format_version: crate::table::cuckoo::CUCKOO_FORMAT_VERSION, ..Footer::default() };
        let mut t = Self::without_blocks(file, file_name, footer, c.properties().clone(), opts.comparator.clone(), file_size);
        t.cuckoo = Some(Arc::new(c));
        Ok(Arc::new(t))
    }

    /// A table of another format than block-based (cuckoo, plain): its block-based parts are
    /// empty, so the block-based paths find no blocks; the caller sets the reader it goes to.
    fn without_blocks(
        file: Arc<dyn RandomAccessFile>,
        file_name: String,
        footer: Footer,
        props: TableProperties,
        comparator: InternalKeyComparator,
        file_size: u64,
    ) -> Table {
        Table {
            file,
            file_name,
            footer,
            props,
            comparator,
            index_block: Arc::new(Block::new(BlockBuilder::new(1, false).finish())),
            index_user_keys: false,
            index_delta: false,
            filter: None,
            partitioned_filter: None,
            range_del_block: None,
            cache: None,
            cache_id: 0,
            verify_checksums: false,
            maybe_compressed: false,
            file_size,
            global_seqno: None,
            cuckoo: None,
            plain: None,
            file_number: 0,
            block_cache_tracer: None,
        }
    }

    /// Whether this is a cuckoo table.
    pub fn is_cuckoo(&self) -> bool {
        self.cuckoo.is_some()
    }

    /// A PlainTable file behind the `Table` interface: no filter, index or range deletions of the block-based
    /// kind; lookups and iterators go to the `PlainTable`.
    fn open_plain(file: Arc<dyn RandomAccessFile>, file_size: u64, opts: TableReadOptions, file_name: String) -> Result<Arc<Table>> {
        let p = PlainTable::open(&*file, file_size, opts.comparator.clone(), opts.plain_tuning.clone(), &file_name)
            .map_err(|e| annotate(e, &file_name))?;
        let mut t = Self::without_blocks(file, file_name, *p.footer(), p.properties().clone(), opts.comparator, file_size);
        t.verify_checksums = opts.verify_checksums;
        t.plain = Some(Arc::new(p));
        Ok(Arc::new(t))
    }

    /// Whether the file is a PlainTable (`table::plain`).
    pub fn is_plain(&self) -> bool {
        self.plain.is_some()
    }

    /// The PlainTable behind this table, if it is one.
    pub fn plain_table(&self) -> Option<&Arc<PlainTable>> {
        self.plain.as_ref()
    }

    pub fn properties(&self) -> &TableProperties {
        &self.props
    }

    pub fn footer(&self) -> &Footer {
        &self.footer
    }

    /// Whole-key filter check (true when there is no filter or it holds no whole keys).
    pub fn key_may_match(&self, user_key: &[u8]) -> bool {
        if !self.props.whole_key_filtering {
            return true;
        }
        let r = if let Some(f) = &self.filter {
            f.may_match(user_key)
        } else if let Some(p) = &self.partitioned_filter {
            if self.index_user_keys {
                p.may_match(user_key, user_key)
            } else {
                // Internal-key separators: the newest version of the key sorts
                // first, so this finds the partition its first entry went to.
                let ikey = key::seek_key(user_key, key::MAX_SEQUENCE_NUMBER);
                p.may_match(&ikey, user_key)
            }
        } else {
            return true;
        };
        crate::stats::perf::add_filter_check(r);
        r
    }

    /// Whether this table's filter holds the prefixes `extractor` makes: the
    /// table was written with an extractor of the same name (the
    /// `rocksdb.prefix.extractor.name` property), and has a full filter
    /// (partitioned filters are consulted for whole keys only).
    pub fn has_prefix_filter_for(&self, extractor: &dyn SliceTransform) -> bool {
        self.filter.is_some()
            && self.props.prefix_extractor_name != "nullptr"
            && !self.props.prefix_extractor_name.is_empty()
            && self.props.prefix_extractor_name == extractor.name()
    }

    /// Prefix filter check. Requires: `has_prefix_filter_for` the extractor
    /// that made `prefix` (otherwise the answer means nothing).
    pub fn prefix_may_match(&self, prefix: &[u8]) -> bool {
        match &self.filter {
            Some(f) => {
                let r = f.may_match(prefix);
                crate::stats::perf::add_filter_check(r);
                r
            }
            None => true,
        }
    }

    /// The filter check of a point lookup, as RocksDB's FullFilterKeyMayMatch:
    /// the whole key when the filter holds whole keys, else the key's prefix
    /// when the table's prefixes are `extractor`'s.
    pub fn point_may_match(&self, user_key: &[u8], extractor: Option<&dyn SliceTransform>) -> bool {
        if !self.has_filter() {
            return true;
        }
        if self.props.whole_key_filtering {
            return self.key_may_match(user_key);
        }
        match extractor {
            Some(t) if t.in_domain(user_key) && self.has_prefix_filter_for(t) => {
                self.prefix_may_match(t.transform(user_key))
            }
            _ => true,
        }
    }

    /// Whether the table has a filter (full or partitioned) that get consults.
    pub fn has_filter(&self) -> bool {
        self.filter.is_some() || self.partitioned_filter.is_some()
    }

    /// The number of filter partitions loaded (0 for a full filter or none).
    pub fn filter_partitions(&self) -> usize {
        self.partitioned_filter.as_ref().map_or(0, |p| p.num_partitions())
    }

    /// Whether the file has a non-empty range deletion block.
    pub fn has_range_tombstones(&self) -> bool {
        self.range_del_block.as_ref().is_some_and(|b| {
            let mut it = b.iter(KeyOrder::Internal(self.comparator.clone()));
            it.seek_to_first();
            it.valid() || it.status().is_err()
        })
    }

    /// The range tombstones of the file: (begin internal key, end user key).
    pub fn range_tombstones(&self) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
        let mut out = Vec::new();
        if let Some(b) = &self.range_del_block {
            let mut it = self.data_iter(b);
            it.seek_to_first();
            while it.valid() {
                out.push((it.key().to_vec(), it.value().to_vec()));
                it.next();
            }
            it.status()?;
        }
        Ok(out)
    }

    /// The global sequence number of an ingested file, if its keys use one.
    pub fn global_seqno(&self) -> Option<u64> {
        self.global_seqno
    }

    fn data_iter(&self, block: &Arc<Block>) -> BlockIter {
        let mut it = block.iter(KeyOrder::Internal(self.comparator.clone()));
        if let Some(g) = self.global_seqno {
            it.set_global_seqno(g);
        }
        it
    }

    fn index_iter(&self) -> BlockIter {
        self.index_block.index_iter(index_order(self.index_user_keys, &self.comparator), self.index_delta)
    }

    fn index_key<'a>(&self, ikey: &'a [u8]) -> &'a [u8] {
        if self.index_user_keys {
            key::user_key(ikey)
        } else {
            ikey
        }
    }

    /// Reads a data block through the block cache; says whether the cache had it.
    fn data_block(&self, handle: &BlockHandle, fill_cache: bool) -> Result<(Arc<Block>, bool)> {
        check_handle(handle, self.file_size, &self.file_name)?;
        let ck = (self.cache_id, handle.offset);
        if let Some(c) = &self.cache {
            if let Some(b) = c.lookup(&ck) {
                return Ok((b, true));
            }
        }
        let raw = read_block(
            &*self.file,
            &self.footer,
            handle,
            self.verify_checksums,
            self.maybe_compressed,
            &self.file_name,
        )?;
        let block = Arc::new(Block::new(raw));
        if fill_cache {
            if let Some(c) = &self.cache {
                c.insert(ck, block.clone(), block.size());
            }
        }
        Ok((block, false))
    }

    /// The block cache tracer, while it traces.
    #[inline]
    fn tracing(&self) -> Option<&BlockCacheTracer> {
        self.block_cache_tracer.as_deref().filter(|t| t.is_on() && self.cache.is_some())
    }

    /// A data block lookup as the block cache trace records it; `get` adds a Get's fields.
    fn block_access(&self, handle: &BlockHandle, block: &Block, hit: bool, fill_cache: bool, caller: u8) -> BlockAccess {
        BlockAccess {
            ts: crate::trace::now_micros(),
            block_type: crate::trace::trace_type::BLOCK_DATA,
            block_key: block_cache::block_key(self.cache_id, handle.offset),
            block_size: block.size() as u64,
            cf_id: self.props.column_family_id,
            cf_name: self.props.column_family_name.as_bytes().to_vec(),
            level: block_cache::UNKNOWN_LEVEL,
            sst_fd_number: self.file_number,
            caller,
            is_cache_hit: hit,
            no_insert: !fill_cache,
            ..Default::default()
        }
    }

    /// Records a Get's data block lookup: its id and key, the entry it found for the key in
    /// the block (key and value bytes) and the block's entries.
    fn trace_get_access(&self, tracer: &BlockCacheTracer, handle: &BlockHandle, block: &Arc<Block>, hit: bool, lookup_ikey: &[u8]) {
        let mut a = self.block_access(handle, block, hit, true, block_cache::caller::USER_GET);
        let (get_id, user_snapshot) = block_cache::current_get().unwrap_or((0, false));
        a.get_id = get_id;
        a.get_from_user_specified_snapshot = user_snapshot;
        a.referenced_key = lookup_ikey.to_vec();
        let mut it = self.data_iter(block);
        it.seek(lookup_ikey);
        if it.valid() && key::user_key(it.key()) == key::user_key(lookup_ikey) {
            a.referenced_key_exist_in_block = true;
            a.referenced_data_size = (it.key().len() + it.value().len()) as u64;
        }
        it.seek_to_first();
        while it.valid() {
            a.num_keys_in_block += 1;
            it.next();
        }
        tracer.record(&a);
    }

    /// Positions at the first entry >= `lookup_ikey` and calls `f(ikey, value)`
    /// for successive entries until `f` returns Ok(false) or the table ends.
    /// Returns at once when the filter excludes the user key.
    pub fn get(&self, lookup_ikey: &[u8], f: &mut GetCallback<'_>) -> Result<()> {
        self.get_with_prefix_extractor(lookup_ikey, None, f)
    }

    /// `get` that may also skip the table by the key's prefix (`point_may_match`).
    pub fn get_with_prefix_extractor(
        &self,
        lookup_ikey: &[u8],
        extractor: Option<&dyn SliceTransform>,
        f: &mut GetCallback<'_>,
    ) -> Result<()> {
        self.get_unless_filtered(lookup_ikey, extractor, f).map(|_| ())
    }

    /// `get_with_prefix_extractor`, returning false when the filter excluded the
    /// key (nothing read): what RocksDB counts as BLOOM_FILTER_USEFUL.
    pub fn get_unless_filtered(
        &self,
        lookup_ikey: &[u8],
        extractor: Option<&dyn SliceTransform>,
        f: &mut GetCallback<'_>,
    ) -> Result<bool> {
        self.get_in_family(lookup_ikey, extractor, None, f)
    }

    /// `get_unless_filtered` with the family's PlainTable options (`plain_tuning`), with which a PlainTable
    /// builds its index on first use (RocksDB's reader takes them from the family's factory).
    pub fn get_in_family(
        &self,
        lookup_ikey: &[u8],
        extractor: Option<&dyn SliceTransform>,
        plain_tuning: Option<&crate::table::plain::PlainTableOptions>,
        f: &mut GetCallback<'_>,
    ) -> Result<bool> {
        if lookup_ikey.len() < 8 {
            return Err(Error::invalid_argument("lookup key is not an internal key"));
        }
        if let Some(p) = &self.plain {
            // A PlainTable's bloom is its own business: RocksDB counts BLOOM_FILTER_USEFUL for block-based
            // tables only, so a lookup here always reports that it read.
            return p.get(lookup_ikey, extractor, plain_tuning, f).map(|_| true);
        }
        if !self.point_may_match(key::user_key(lookup_ikey), extractor) {
            return Ok(false);
        }
        self.get_after_filter(lookup_ikey, f).map(|_| true)
    }

    fn get_after_filter(&self, lookup_ikey: &[u8], f: &mut GetCallback<'_>) -> Result<()> {
        if let Some(c) = &self.cuckoo {
            // One entry per user key, whatever the lookup's sequence (RocksDB's cuckoo reader has no snapshots).
            if let Some((ikey, value)) = c.get(key::user_key(lookup_ikey)) {
                f(&ikey, &value)?;
            }
            return Ok(());
        }
        let mut index = self.index_iter();
        index.seek(self.index_key(lookup_ikey));
        let mut first = true;
        while index.valid() {
            let handle = index.handle()?;
            let (block, hit) = self.data_block(&handle, true)?;
            if let Some(t) = self.tracing() {
                self.trace_get_access(t, &handle, &block, hit, lookup_ikey);
            }
            let mut it = self.data_iter(&block);
            if first {
                it.seek(lookup_ikey);
                first = false;
            } else {
                it.seek_to_first();
            }
            while it.valid() {
                if !f(it.key(), it.value())? {
                    return Ok(());
                }
                it.next();
            }
            it.status()?;
            index.next();
        }
        index.status()
    }

    /// Reads every data block named by the index straight from the file (never from the block
    /// cache) and checks its trailer checksum: with the metaindex, properties, index, filter
    /// and range-deletion blocks that `open` always verifies, every block of the table
    /// (RocksDB's BlockBasedTable::VerifyChecksum). A table written without checksums passes.
    pub fn verify_block_checksums(&self) -> Result<()> {
        if self.plain.is_some() {
            // PlainTable has no checksums: RocksDB's TableReader::VerifyChecksum default.
            return Err(Error::not_supported("VerifyChecksum() not supported"));
        }
        let mut index = self.index_iter();
        index.seek_to_first();
        while index.valid() {
            let handle = index.handle()?;
            check_handle(&handle, self.file_size, &self.file_name)?;
            read_block(&*self.file, &self.footer, &handle, true, self.maybe_compressed, &self.file_name)?;
            index.next();
        }
        index.status()
    }

    /// A two-level iterator over the whole table (a PlainTable's: in total order, for SeekToFirst and Next).
    /// An iterator of a reader other than a user's read (whose is `iter_for_read`).
    pub fn iter(self: &Arc<Self>, fill_cache: bool) -> TableIterator {
        let mut it = self.iter_for_read(fill_cache, false, None, None);
        it.caller = block_cache::caller::UNCATEGORIZED;
        it
    }

    /// A compaction's input iterator.
    pub fn iter_for_compaction(self: &Arc<Self>) -> TableIterator {
        let mut it = self.iter(false);
        it.caller = block_cache::caller::COMPACTION;
        it
    }

    /// The iterator of a read: `prefix_seek` when the read is in prefix mode, `extractor` the family's prefix
    /// extractor, `plain_tuning` its PlainTable options. Only a PlainTable's iterator depends on them (RocksDB's
    /// PlainTableReader::NewIterator).
    pub fn iter_for_read(
        self: &Arc<Self>,
        fill_cache: bool,
        prefix_seek: bool,
        extractor: Option<&Arc<dyn SliceTransform>>,
        plain_tuning: Option<&crate::table::plain::PlainTableOptions>,
    ) -> TableIterator {
        TableIterator {
            cuckoo: self.cuckoo.as_ref().map(|c| c.iter()),
            plain: self.plain.as_ref().map(|p| p.iter(prefix_seek, extractor.cloned(), plain_tuning.cloned())),
            index: self.index_iter(),
            table: self.clone(),
            data: None,
            data_handle: BlockHandle::default(),
            fill_cache,
            error: None,
            caller: block_cache::caller::USER_ITERATOR,
        }
    }

    /// Up to `max` user keys that cut the table's data into ranges of similar size, each with
    /// the data bytes between the previous anchor and it (RocksDB's ApproximateKeyAnchors). They
    /// come from the index block's separators, so no data block is read; a separator need not
    /// be a key the table holds, only one ordered between its neighbours.
    pub fn approximate_key_anchors(&self, max: usize) -> Result<Vec<(Vec<u8>, u64)>> {
        let mut blocks: Vec<(Vec<u8>, u64)> = Vec::new();
        let mut index = self.index_iter();
        index.seek_to_first();
        while index.valid() {
            let h = index.handle()?;
            let k = if self.index_user_keys { index.key() } else { key::user_key(index.key()) };
            blocks.push((k.to_vec(), h.offset.saturating_add(h.size)));
            index.next();
        }
        index.status()?;
        let step = blocks.len().div_ceil(max.max(1)).max(1);
        let mut anchors = Vec::with_capacity(blocks.len() / step + 1);
        let mut prev_end = 0u64;
        let last = blocks.len().saturating_sub(1);
        for (i, (k, end)) in blocks.into_iter().enumerate() {
            if (i + 1) % step == 0 || i == last {
                anchors.push((k, end.saturating_sub(prev_end)));
                prev_end = end;
            }
        }
        Ok(anchors)
    }

    /// The file offset where entries >= `ikey` start (approximately).
    pub fn approximate_offset_of(&self, ikey: &[u8]) -> u64 {
        if self.plain.is_some() {
            // RocksDB's PlainTableReader::ApproximateOffsetOf.
            return 0;
        }
        let mut index = self.index_iter();
        index.seek(self.index_key(ikey));
        if index.valid() {
            if let Ok(h) = index.handle() {
                return h.offset;
            }
        }
        if self.props.data_size > 0 {
            self.props.data_size
        } else {
            self.footer.metaindex_handle.offset
        }
    }
}

/// Whether blocks may need decompressing, from the `rocksdb.compression`
/// property. Before format 7 it names one codec, and "NoCompression" means
/// type bytes are ignored. Format 7 writes `manager;types`: the compression
/// manager's compatibility name (empty when compression was off; ferrock knows
/// only the built-in "BuiltinV2") and the hex codes of the codecs used.
fn blocks_maybe_compressed(compression_name: &str, format_version: u32) -> Result<bool> {
    if format_version < 7 || compression_name.is_empty() {
        return Ok(compression_name != CompressionType::None.name());
    }
    let mut fields = compression_name.split(';');
    let manager = fields.next().unwrap_or("");
    let types = fields.next().ok_or_else(|| Error::corruption("Missing second field from compression_name"))?;
    if !matches!(manager, "" | "BuiltinV2" | "nullptr") {
        return Err(Error::not_supported(format!("compression manager {}", manager)));
    }
    if types.len() % 2 != 0 {
        return Err(Error::corruption("Second field of compression_name has odd size"));
    }
    for i in (0..types.len()).step_by(2) {
        let code = types
            .get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .ok_or_else(|| Error::corruption("Error parsing second field of compression_name"))?;
        if code == 0 || code >= 0x7f {
            return Err(Error::corruption("Error parsing second field of compression_name"));
        }
        if CompressionType::from_u8(code).is_none() {
            return Err(Error::not_supported(format!("compression type {} in compression_name", code)));
        }
    }
    Ok(!matches!(manager, "" | "nullptr") && !types.is_empty())
}

fn index_order(user_keys: bool, comparator: &InternalKeyComparator) -> KeyOrder {
    if user_keys {
        KeyOrder::User(comparator.user.clone())
    } else {
        KeyOrder::Internal(comparator.clone())
    }
}

/// Reads every partition of a two-level index (index type 2, docs/format/block-based-table.md
/// §5.5; RocksDB's PartitionedIndexBuilder) and returns one flat index block
/// with the same keys and full (not delta-encoded) handles. The top level and
/// each partition use the table's index key and value encodings. Holding the
/// whole index costs what a binary-search index costs, and lets the rest of the
/// reader treat both kinds alike.
#[allow(clippy::too_many_arguments)]
fn flatten_partitioned_index(
    file: &dyn RandomAccessFile,
    footer: &Footer,
    top: &Arc<Block>,
    order: KeyOrder,
    delta: bool,
    maybe_compressed: bool,
    file_size: u64,
    file_name: &str,
) -> Result<Vec<u8>> {
    let mut flat = BlockBuilder::new(1, false);
    let mut top_it = top.index_iter(order.clone(), delta);
    top_it.seek_to_first();
    while top_it.valid() {
        let h = top_it.handle()?;
        check_handle(&h, file_size, file_name)?;
        let raw = read_block(file, footer, &h, true, maybe_compressed, file_name)?;
        let part = Arc::new(Block::new(raw));
        if let Some(e) = part.corruption() {
            return Err(annotate(e, file_name));
        }
        let mut it = part.index_iter(order.clone(), delta);
        it.seek_to_first();
        while it.valid() {
            // value() is the decoded full handle even in a delta-encoded block.
            let handle = it.handle()?;
            let mut v = Vec::with_capacity(20);
            handle.encode_to(&mut v);
            flat.add(it.key(), &v);
            it.next();
        }
        it.status().map_err(|e| annotate(e, file_name))?;
        top_it.next();
    }
    top_it.status().map_err(|e| annotate(e, file_name))?;
    Ok(flat.finish())
}

const PROP_GLOBAL_SEQNO: &str = "rocksdb.external_sst_file.global_seqno";

/// RocksDB's rule for an external file's sequence number (§5.7): version 1
/// files have none; version 2+ use the property, or the MANIFEST's largest
/// seqno when the property is 0.
fn external_global_seqno(props: &TableProperties, largest_seqno: u64) -> Result<Option<u64>> {
    let prop = props.user_collected.get(PROP_GLOBAL_SEQNO);
    match props.external_sst_version {
        None if prop.is_some() => {
            return Err(Error::corruption("External file global sequence number found without version"))
        }
        None | Some(0..=1) => return Ok(None),
        Some(_) => {}
    }
    let from_prop = match prop {
        Some(v) if v.len() == 8 => crate::util::coding::decode_fixed64(v),
        Some(_) => return Err(Error::corruption("bad external file global sequence number")),
        None => 0,
    };
    let g = if from_prop != 0 { from_prop } else { largest_seqno };
    if g > crate::key::MAX_SEQUENCE_NUMBER {
        return Err(Error::corruption("external file global sequence number out of range"));
    }
    Ok(if g == 0 { None } else { Some(g) })
}

/// A handle from the file must lie inside it (a corrupt one must not make us
/// allocate or read absurd sizes).
fn check_handle(h: &BlockHandle, file_size: u64, file_name: &str) -> Result<()> {
    let end = h.offset.checked_add(h.size).and_then(|e| e.checked_add(BLOCK_TRAILER_SIZE as u64));
    match end {
        Some(end) if end <= file_size => Ok(()),
        _ => Err(Error::corruption(format!(
            "block handle (offset {}, size {}) beyond the end of {} ({} bytes)",
            h.offset, h.size, file_name, file_size
        ))),
    }
}

fn annotate(e: Error, file_name: &str) -> Error {
    if e.is_corruption() {
        Error::corruption(format!("{} in {}", e.message(), file_name))
    } else {
        e
    }
}

/// Index → data block iterator over one table.
pub struct TableIterator {
    /// Set for a PlainTable: every call goes to it.
    plain: Option<PlainTableIterator>,
    table: Arc<Table>,
    index: BlockIter,
    data: Option<BlockIter>,
    data_handle: BlockHandle,
    fill_cache: bool,
    error: Option<Error>,
    /// A cuckoo table's iterator, which every call goes to.
    cuckoo: Option<CuckooIterator>,
    /// Who reads (`trace::block_cache::caller`), for the block cache trace.
    caller: u8,
}

impl TableIterator {
    /// Loads the data block the index points at (keeps the current one if same).
    fn init_data_block(&mut self) {
        if !self.index.valid() {
            self.data = None;
            return;
        }
        let handle = match self.index.handle() {
            Ok(h) => h,
            Err(e) => {
                self.error = Some(e);
                self.data = None;
                return;
            }
        };
        if self.data.is_some() && handle == self.data_handle {
            return;
        }
        match self.table.data_block(&handle, self.fill_cache) {
            Ok((b, hit)) => {
                if let Some(t) = self.table.tracing() {
                    t.record(&self.table.block_access(&handle, &b, hit, self.fill_cache, self.caller));
                }
                self.data = Some(self.table.data_iter(&b));
                self.data_handle = handle;
            }
            Err(e) => {
                self.error = Some(e);
                self.data = None;
            }
        }
    }

    fn data_failed(&self) -> bool {
        self.error.is_some() || self.data.as_ref().map(|d| d.status().is_err()).unwrap_or(false)
    }

    fn skip_empty_forward(&mut self) {
        while !self.data.as_ref().map(|d| d.valid()).unwrap_or(false) {
            if self.data_failed() || !self.index.valid() {
                if !self.index.valid() && !self.data_failed() {
                    self.data = None;
                }
                return;
            }
            self.index.next();
            self.init_data_block();
            if let Some(d) = self.data.as_mut() {
                d.seek_to_first();
            }
        }
    }

    fn skip_empty_backward(&mut self) {
        while !self.data.as_ref().map(|d| d.valid()).unwrap_or(false) {
            if self.data_failed() || !self.index.valid() {
                if !self.index.valid() && !self.data_failed() {
                    self.data = None;
                }
                return;
            }
            self.index.prev();
            self.init_data_block();
            if let Some(d) = self.data.as_mut() {
                d.seek_to_last();
            }
        }
    }
}

impl InternalIterator for TableIterator {
    fn valid(&self) -> bool {
        if let Some(c) = &self.cuckoo {
            return c.valid();
        }
        if let Some(p) = &self.plain {
            return p.valid();
        }
        self.error.is_none() && self.data.as_ref().map(|d| d.valid()).unwrap_or(false)
    }

    fn seek_to_first(&mut self) {
        if let Some(c) = self.cuckoo.as_mut() {
            return c.seek_to_first();
        }
        if let Some(p) = self.plain.as_mut() {
            return p.seek_to_first();
        }
        self.error = None;
        self.index.seek_to_first();
        self.init_data_block();
        if let Some(d) = self.data.as_mut() {
            d.seek_to_first();
        }
        self.skip_empty_forward();
    }

    fn seek_to_last(&mut self) {
        if let Some(c) = self.cuckoo.as_mut() {
            return c.seek_to_last();
        }
        if let Some(p) = self.plain.as_mut() {
            return p.seek_to_last();
        }
        self.error = None;
        self.index.seek_to_last();
        self.init_data_block();
        if let Some(d) = self.data.as_mut() {
            d.seek_to_last();
        }
        self.skip_empty_backward();
    }

    fn seek(&mut self, target: &[u8]) {
        if let Some(c) = self.cuckoo.as_mut() {
            return c.seek(target);
        }
        if let Some(p) = self.plain.as_mut() {
            return p.seek(target);
        }
        self.error = None;
        let ik = self.table.index_key(target);
        self.index.seek(ik);
        self.init_data_block();
        if let Some(d) = self.data.as_mut() {
            d.seek(target);
        }
        self.skip_empty_forward();
    }

    fn seek_for_prev(&mut self, target: &[u8]) {
        if let Some(c) = self.cuckoo.as_mut() {
            return c.seek_for_prev(target);
        }
        if let Some(p) = self.plain.as_mut() {
            return p.seek_for_prev(target);
        }
        self.error = None;
        let ik = self.table.index_key(target);
        self.index.seek(ik);
        if !self.index.valid() && self.index.status().is_ok() {
            self.index.seek_to_last();
        }
        self.init_data_block();
        if let Some(d) = self.data.as_mut() {
            d.seek_for_prev(target);
        }
        self.skip_empty_backward();
    }

    fn next(&mut self) {
        if let Some(c) = self.cuckoo.as_mut() {
            return c.next();
        }
        if let Some(p) = self.plain.as_mut() {
            return p.next();
        }
        if let Some(d) = self.data.as_mut() {
            d.next();
        }
        self.skip_empty_forward();
    }

    fn prev(&mut self) {
        if let Some(c) = self.cuckoo.as_mut() {
            return c.prev();
        }
        if let Some(p) = self.plain.as_mut() {
            return p.prev();
        }
        if let Some(d) = self.data.as_mut() {
            d.prev();
        }
        self.skip_empty_backward();
    }

    fn key(&self) -> &[u8] {
        if let Some(c) = &self.cuckoo {
            return c.key();
        }
        if let Some(p) = &self.plain {
            return p.key();
        }
        self.data.as_ref().map(|d| d.key()).unwrap_or(&[])
    }

    fn value(&self) -> &[u8] {
        if let Some(c) = &self.cuckoo {
            return c.value();
        }
        if let Some(p) = &self.plain {
            return p.value();
        }
        self.data.as_ref().map(|d| d.value()).unwrap_or(&[])
    }

    fn status(&self) -> Result<()> {
        if let Some(c) = &self.cuckoo {
            return c.status();
        }
        if let Some(p) = &self.plain {
            return p.status();
        }
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        self.index.status()?;
        match &self.data {
            Some(d) => d.status(),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod compression_name_tests {
    use super::blocks_maybe_compressed;

    #[test]
    fn compression_name_rules_per_format() {
        // Before format 7: one codec name; "NoCompression" means never decompress.
        assert!(!blocks_maybe_compressed("NoCompression", 5).unwrap());
        assert!(blocks_maybe_compressed("Snappy", 5).unwrap());
        assert!(blocks_maybe_compressed("", 7).unwrap(), "a very old file without the property");
        // Format 7: manager;types.
        assert!(blocks_maybe_compressed("BuiltinV2;0107", 7).unwrap());
        assert!(!blocks_maybe_compressed("BuiltinV2;", 7).unwrap());
        assert!(!blocks_maybe_compressed(";", 7).unwrap());
        assert_eq!(
            blocks_maybe_compressed("MyManager;07", 7).unwrap_err().to_string(),
            "Not implemented: compression manager MyManager"
        );
        assert!(blocks_maybe_compressed("BuiltinV2", 7).unwrap_err().is_corruption());
        assert!(blocks_maybe_compressed("BuiltinV2;0", 7).unwrap_err().is_corruption());
        assert!(blocks_maybe_compressed("BuiltinV2;zz", 7).unwrap_err().is_corruption());
        assert!(blocks_maybe_compressed("BuiltinV2;00", 7).unwrap_err().is_corruption());
        assert_eq!(
            blocks_maybe_compressed("BuiltinV2;42", 7).unwrap_err().to_string(),
            "Not implemented: compression type 66 in compression_name"
        );
    }
}
