//! `TableBuilder`: writes one block-based table file front to back, exactly as
//! RocksDB 7.8.3 lays it out with format_version 5 (docs/format/block-based-table.md §5.1):
//! data blocks, full filter, index, range-del, properties, metaindex, footer.
//!
//! Data blocks are cut by RocksDB's size rule (flush once the block reaches
//! `block_size`, or when the next entry would pass it and the block is over
//! 90% full). The index uses shortened user-key separators with delta-encoded
//! handles unless some block boundary splits one user key (then internal-key
//! separators, §5.5). Checksums are CRC32C.
//!
//! A builder belongs to one thread (flush or compaction job).

use crate::env::WritableFile;
use crate::error::{Error, Result};
use crate::key::{self, pack_seq_and_type, InternalKeyComparator, ValueType, MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK};
use crate::options::{CompressionType, DEFAULT_COMPRESSION_LEVEL};
use crate::prefix::SliceTransform;
use crate::table::block::BlockBuilder;
use crate::table::compression::{compress_framed, good_compression_ratio};
use crate::table::filter_block::{FilterBlockBuilder, FILTER_POLICY_NAME, FULL_FILTER_META_NAME, RIBBON_FILTER_POLICY_NAME};
use crate::table::format::{
    append_block_with_trailer, BlockHandle, Footer, BLOCK_TRAILER_SIZE, CHECKSUM_CRC32C, FORMAT_VERSION,
};
use crate::table::plain::builder::{NoFile, PlainTableBuilder};
use crate::table::plain::PlainTableOptions;
use crate::table::properties::{compression_options_string, TableProperties};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

pub const PROPERTIES_META_NAME: &str = "rocksdb.properties";
pub const RANGE_DEL_META_NAME: &str = "rocksdb.range_del";

/// What a table is built with. `Default` gives RocksDB's defaults with no
/// compression and no filter.
#[derive(Clone, Debug)]
pub struct TableBuildOptions {
    pub comparator: InternalKeyComparator,
    pub block_size: usize,
    pub block_restart_interval: usize,
    pub index_block_restart_interval: usize,
    pub bloom_bits_per_key: f64,
    /// The filter is a Standard128 Ribbon filter of `bloom_bits_per_key` Bloom-equivalent
    /// bits (RocksDB may still fall back to Bloom for a small filter, and so does ferrock).
    pub ribbon_filter: bool,
    pub whole_key_filtering: bool,
    /// The column family's prefix extractor: prefixes go into the filter and
    /// the `rocksdb.prefix.extractor.name` property names it.
    pub prefix_extractor: Option<Arc<dyn SliceTransform>>,
    pub compression: CompressionType,
    pub compression_level: i32,
    pub column_family_id: u32,
    pub column_family_name: String,
    pub db_id: String,
    pub db_session_id: String,
    pub file_number: u64,
    pub creation_time: u64,
    pub oldest_key_time: u64,
    pub file_creation_time: u64,
}

impl Default for TableBuildOptions {
    fn default() -> Self {
        TableBuildOptions {
            comparator: InternalKeyComparator::default(),
            block_size: 4096,
            block_restart_interval: 16,
            index_block_restart_interval: 1,
            bloom_bits_per_key: 0.0,
            ribbon_filter: false,
            whole_key_filtering: true,
            prefix_extractor: None,
            compression: CompressionType::None,
            compression_level: DEFAULT_COMPRESSION_LEVEL,
            column_family_id: 0,
            column_family_name: "default".into(),
            db_id: String::new(),
            db_session_id: String::new(),
            file_number: 0,
            creation_time: 0,
            oldest_key_time: 0,
            file_creation_time: 0,
        }
    }
}

pub struct TableBuilder {
    opts: TableBuildOptions,
    file: Box<dyn WritableFile>,
    offset: u64,
    data_block: BlockBuilder,
    /// (separator internal key, handle) per data block; the index block is
    /// built at `finish` once it is known whether user keys suffice.
    index_entries: Vec<(Vec<u8>, BlockHandle)>,
    index_needs_internal_keys: bool,
    last_key: Vec<u8>,
    range_del_block: BlockBuilder,
    last_range_del_key: Vec<u8>,
    filter: Option<FilterBlockBuilder>,
    props: TableProperties,
    compress_buf: Vec<u8>,
    write_buf: Vec<u8>,
    /// The first write error; every later call returns it.
    error: Option<Error>,
    /// Set when the table is a PlainTable (`new_plain`): every call goes to it.
    plain: Option<PlainTableBuilder>,
}

impl TableBuilder {
    pub fn new(opts: TableBuildOptions, file: Box<dyn WritableFile>) -> TableBuilder {
        let offset = file.size();
        let filter =
            FilterBlockBuilder::new(opts.bloom_bits_per_key, opts.prefix_extractor.clone(), opts.whole_key_filtering)
                .map(|f| f.with_ribbon(opts.ribbon_filter));
        let props = TableProperties {
            column_family_id: opts.column_family_id as u64,
            column_family_name: opts.column_family_name.clone(),
            comparator_name: opts.comparator.user.name().to_string(),
            compression_name: opts.compression.name().to_string(),
            compression_options: compression_options_string(opts.compression_level),
            creation_time: opts.creation_time,
            oldest_key_time: opts.oldest_key_time,
            file_creation_time: opts.file_creation_time,
            db_id: opts.db_id.clone(),
            db_session_id: opts.db_session_id.clone(),
            original_file_number: opts.file_number,
            whole_key_filtering: opts.whole_key_filtering,
            prefix_extractor_name: match &opts.prefix_extractor {
                Some(t) => t.name(),
                None => "nullptr".to_string(),
            },
            prefix_filtering: opts.prefix_extractor.is_some(),
            ..TableProperties::default()
        };
        TableBuilder {
            data_block: BlockBuilder::new(opts.block_restart_interval, false),
            range_del_block: BlockBuilder::new(1, false),
            opts,
            file,
            offset,
            index_entries: Vec::new(),
            index_needs_internal_keys: false,
            last_key: Vec::new(),
            last_range_del_key: Vec::new(),
            filter,
            props,
            compress_buf: Vec::new(),
            write_buf: Vec::new(),
            error: None,
            plain: None,
        }
    }

    /// A builder writing a PlainTable file (`table::plain`) with `plain`'s layout options.
    pub fn new_plain(opts: TableBuildOptions, plain: &PlainTableOptions, file: Box<dyn WritableFile>) -> TableBuilder {
        let p = PlainTableBuilder::new(&opts, plain, file);
        let mut b = TableBuilder::new(opts, Box::new(NoFile));
        b.plain = Some(p);
        b
    }

    fn check_error(&self) -> Result<()> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// Adds an entry; keys must be strictly increasing in internal-key order.
    /// A range tombstone (type 0x0F; value = end user key) goes to the
    /// range-del block instead of a data block.
    pub fn add(&mut self, ikey: &[u8], value: &[u8]) -> Result<()> {
        if let Some(p) = self.plain.as_mut() {
            return p.add(ikey, value);
        }
        self.check_error()?;
        if ikey.len() < 8 {
            return Err(Error::invalid_argument(format!("internal key too short ({} bytes)", ikey.len())));
        }
        let vtype = (key::trailer(ikey) & 0xff) as u8;
        if vtype == ValueType::RangeDeletion as u8 {
            return self.add_range_tombstone(ikey, value);
        }
        if self.props.num_entries > self.props.num_range_deletions
            && self.opts.comparator.compare(ikey, &self.last_key) != Ordering::Greater
        {
            return Err(Error::invalid_argument("table keys added out of order"));
        }
        if !self.data_block.is_empty() && self.should_flush(ikey.len(), value.len()) {
            let handle = self.flush_data_block()?;
            let sep = self.separator(ikey);
            self.index_entries.push((sep, handle));
        }
        if let Some(f) = self.filter.as_mut() {
            f.add(key::user_key(ikey));
        }
        self.data_block.add(ikey, value);
        self.last_key.clear();
        self.last_key.extend_from_slice(ikey);
        self.props.num_entries += 1;
        self.props.raw_key_size += ikey.len() as u64;
        self.props.raw_value_size += value.len() as u64;
        match vtype {
            t if t == ValueType::Deletion as u8
                || t == ValueType::SingleDeletion as u8
                || t == ValueType::DeletionWithTimestamp as u8 =>
            {
                self.props.num_deletions += 1
            }
            t if t == ValueType::Merge as u8 => self.props.num_merge_operands += 1,
            _ => {}
        }
        Ok(())
    }

    /// Adds a range tombstone `[user_key(begin_ikey), end_user_key)`; begin keys
    /// must come in internal-key order among themselves.
    pub fn add_range_tombstone(&mut self, begin_ikey: &[u8], end_user_key: &[u8]) -> Result<()> {
        if let Some(p) = self.plain.as_mut() {
            return p.add_range_tombstone(begin_ikey, end_user_key);
        }
        self.check_error()?;
        if !self.last_range_del_key.is_empty()
            && self.opts.comparator.compare(begin_ikey, &self.last_range_del_key) != Ordering::Greater
        {
            return Err(Error::invalid_argument("range tombstones added out of order"));
        }
        self.range_del_block.add(begin_ikey, end_user_key);
        self.last_range_del_key.clear();
        self.last_range_del_key.extend_from_slice(begin_ikey);
        self.props.num_range_deletions += 1;
        self.props.num_entries += 1;
        self.props.num_deletions += 1;
        self.props.raw_key_size += begin_ikey.len() as u64;
        self.props.raw_value_size += end_user_key.len() as u64;
        Ok(())
    }

    /// Sets a property written verbatim into the properties block (RocksDB's
    /// "user collected" properties, e.g. the `rocksdb.external_sst_file.*`
    /// pair an SstFileWriter file carries). Standard names are not overridden.
    /// Names the merge operator in the `rocksdb.merge.operator` property ("nullptr" when none).
    pub fn set_merge_operator_name(&mut self, name: &str) {
        self.props.merge_operator_name = name.to_string();
    }

    pub fn set_user_property(&mut self, name: &str, value: Vec<u8>) {
        if let Some(p) = self.plain.as_mut() {
            return p.set_user_property(name, value);
        }
        self.props.user_collected.insert(name.to_string(), value);
    }

    pub fn num_entries(&self) -> u64 {
        if let Some(p) = &self.plain {
            return p.num_entries();
        }
        self.props.num_entries
    }

    /// Bytes written to the file so far.
    pub fn file_size(&self) -> u64 {
        if let Some(p) = &self.plain {
            return p.file_size();
        }
        self.offset
    }

    /// Bytes written plus the data block still being built (a closer
    /// estimate of the final size for output splitting).
    pub fn estimated_file_size(&self) -> u64 {
        if let Some(p) = &self.plain {
            return p.file_size();
        }
        if self.data_block.is_empty() {
            self.offset
        } else {
            self.offset + self.data_block.current_size_estimate() as u64
        }
    }

    /// RocksDB's FlushBlockBySizePolicy with block_size_deviation 10.
    fn should_flush(&self, key_len: usize, value_len: usize) -> bool {
        let block_size = self.opts.block_size;
        let current = self.data_block.current_size_estimate();
        if current >= block_size {
            return true;
        }
        let deviation_limit = (block_size * 90).div_ceil(100);
        self.data_block.estimate_size_after(key_len, value_len) > block_size && current > deviation_limit
    }

    /// The index key between the last key written and `next` (§5.5): the
    /// shortest user-key separator, stamped (kMaxSequenceNumber, seek type)
    /// when it shortened the key.
    fn separator(&mut self, next: &[u8]) -> Vec<u8> {
        let ucmp = &self.opts.comparator.user;
        let ustart = key::user_key(&self.last_key);
        let ulimit = key::user_key(next);
        if ucmp.compare(ustart, ulimit) == Ordering::Equal {
            self.index_needs_internal_keys = true;
        }
        let mut tmp = ustart.to_vec();
        ucmp.find_shortest_separator(&mut tmp, ulimit);
        if tmp.len() <= ustart.len() && ucmp.compare(ustart, &tmp) == Ordering::Less {
            tmp.extend_from_slice(&pack_seq_and_type(MAX_SEQUENCE_NUMBER, VALUE_TYPE_FOR_SEEK).to_le_bytes());
            tmp
        } else {
            self.last_key.clone()
        }
    }

    fn flush_data_block(&mut self) -> Result<BlockHandle> {
        let raw = self.data_block.finish();
        let handle = self.write_block(&raw, true)?;
        self.props.data_size += handle.size + BLOCK_TRAILER_SIZE as u64;
        self.props.num_data_blocks += 1;
        Ok(handle)
    }

    /// Writes a block with its trailer, compressed when allowed and worth it.
    fn write_block(&mut self, raw: &[u8], compressible: bool) -> Result<BlockHandle> {
        let mut type_byte = 0u8;
        self.compress_buf.clear();
        if compressible && self.opts.compression != CompressionType::None {
            let ok = compress_framed(self.opts.compression, self.opts.compression_level, raw, &mut self.compress_buf)?;
            if ok && good_compression_ratio(self.compress_buf.len(), raw.len()) {
                type_byte = self.opts.compression as u8;
            }
        }
        let contents: &[u8] = if type_byte != 0 { &self.compress_buf } else { raw };
        self.write_buf.clear();
        append_block_with_trailer(&mut self.write_buf, contents, type_byte);
        let handle = BlockHandle::new(self.offset, contents.len() as u64);
        if let Err(e) = self.file.append(&self.write_buf) {
            self.error = Some(e.clone());
            return Err(e);
        }
        self.offset += self.write_buf.len() as u64;
        Ok(handle)
    }

    /// Writes the filter, index, range-del, properties and metaindex blocks
    /// and the footer. Syncs nothing: the caller syncs and closes the file.
    pub fn finish(mut self) -> Result<(TableProperties, Box<dyn WritableFile>)> {
        if let Some(p) = self.plain.take() {
            return p.finish();
        }
        self.check_error()?;
        if !self.data_block.is_empty() {
            let handle = self.flush_data_block()?;
            // The last separator is the last key itself (kShortenSeparators).
            self.index_entries.push((self.last_key.clone(), handle));
        }
        let mut meta: BTreeMap<&str, BlockHandle> = BTreeMap::new();

        if let Some(mut f) = self.filter.take() {
            if let Some(contents) = f.finish() {
                let h = self.write_block(&contents, false)?;
                self.props.filter_size = contents.len() as u64;
                self.props.filter_policy_name =
                    if self.opts.ribbon_filter { RIBBON_FILTER_POLICY_NAME } else { FILTER_POLICY_NAME }.to_string();
                self.props.num_filter_entries = f.num_added() as u64;
                meta.insert(FULL_FILTER_META_NAME, h);
            }
        }

        let user_keys = !self.index_needs_internal_keys;
        let mut index = BlockBuilder::new(self.opts.index_block_restart_interval, true);
        let mut prev: Option<BlockHandle> = None;
        for (sep, h) in &self.index_entries {
            let k = if user_keys { key::user_key(sep) } else { &sep[..] };
            index.add_index_entry(k, h, prev.as_ref());
            prev = Some(*h);
        }
        let index_raw = index.finish();
        let index_handle = self.write_block(&index_raw, true)?;
        self.props.index_size = index_handle.size + BLOCK_TRAILER_SIZE as u64;
        self.props.index_key_is_user_key = user_keys as u64;
        self.props.index_value_is_delta_encoded = 1;

        if !self.range_del_block.is_empty() {
            let raw = self.range_del_block.finish();
            let h = self.write_block(&raw, false)?;
            meta.insert(RANGE_DEL_META_NAME, h);
        }

        let props_raw = self.props.encode_block();
        let ph = self.write_block(&props_raw, false)?;
        meta.insert(PROPERTIES_META_NAME, ph);

        let mut metaindex = BlockBuilder::new(1, false);
        for (name, h) in &meta {
            let mut v = Vec::with_capacity(20);
            h.encode_to(&mut v);
            metaindex.add(name.as_bytes(), &v);
        }
        let meta_raw = metaindex.finish();
        let metaindex_handle = self.write_block(&meta_raw, false)?;

        let footer =
            Footer { checksum_type: CHECKSUM_CRC32C, metaindex_handle, index_handle, format_version: FORMAT_VERSION, base_context_checksum: 0 };
        let fb = footer.encode();
        self.file.append(&fb)?;
        self.offset += fb.len() as u64;
        Ok((self.props, self.file))
    }
}
