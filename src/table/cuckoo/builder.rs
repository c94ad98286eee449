//! `CuckooTableBuilder`: collects a table's entries and writes the whole cuckoo hash table at `finish`, as RocksDB's
//! CuckooTableBuilder does: every key and every value of a file must have one size (the first entry's), only Put and
//! Delete entries are accepted, and the hash table is laid out by cuckoo displacement (a breadth-first search for a
//! free bucket, more hash functions when that fails). Like RocksDB, `add` only records why it refused an entry
//! (`status`): the refused entry is left out, and `finish` reports only failures of building the hash table.

use super::{cuckoo_hash, CuckooTableOptions, CUCKOO_FORMAT_VERSION, CUCKOO_TABLE_MAGIC, MAX_NUM_HASH_FUNC};
use super::{
    PROP_CUCKOO_BLOCK_SIZE, PROP_EMPTY_KEY, PROP_HASH_TABLE_SIZE, PROP_IDENTITY_AS_FIRST_HASH, PROP_IS_LAST_LEVEL,
    PROP_NUM_HASH_FUNC, PROP_USER_KEY_LENGTH, PROP_USE_MODULE_HASH, PROP_VALUE_LENGTH,
};
use crate::env::WritableFile;
use crate::error::{Error, Result};
use crate::key::{self, ValueType};
use crate::table::block::BlockBuilder;
use crate::table::builder::PROPERTIES_META_NAME;
use crate::table::format::{BlockHandle, CHECKSUM_NONE, MAX_BLOCK_HANDLE_LEN};
use crate::table::properties::{self as p, TableProperties};
use crate::util::coding::{put_fixed32, put_fixed64, put_varint64};
use crate::util::comparator::Comparator;
use std::collections::BTreeMap;

/// RocksDB's kMaxVectorIdx: the mark of an empty bucket (and the entry limit).
const EMPTY: u32 = i32::MAX as u32;

#[derive(Clone, Copy)]
struct Bucket {
    vector_idx: u32,
    /// Which MakeSpaceForKey search last visited this bucket.
    visit: u32,
}

/// What a table is written for (the properties RocksDB's builder records).
#[derive(Clone, Debug, Default)]
pub struct CuckooBuildInfo {
    pub column_family_id: u32,
    pub column_family_name: String,
    pub db_id: String,
    pub db_session_id: String,
    pub file_number: u64,
}

pub struct CuckooTableBuilder {
    opts: CuckooTableOptions,
    ucmp: Comparator,
    info: CuckooBuildInfo,
    file: Box<dyn WritableFile>,
    num_hash_func: u32,
    cuckoo_block_size: u32,
    hash_table_size: u64,
    is_last_level: bool,
    seen_first_key: bool,
    seen_first_value: bool,
    key_size: u64,
    value_size: u64,
    num_entries: u64,
    num_values: u64,
    /// Accepted Puts, key then value, in order.
    kvs: Vec<u8>,
    /// Accepted Deletes' keys.
    deleted_keys: Vec<u8>,
    smallest_user_key: Vec<u8>,
    largest_user_key: Vec<u8>,
    status: Result<()>,
}

impl CuckooTableBuilder {
    pub fn new(opts: CuckooTableOptions, ucmp: Comparator, info: CuckooBuildInfo, file: Box<dyn WritableFile>) -> Self {
        CuckooTableBuilder {
            opts,
            ucmp,
            info,
            file,
            num_hash_func: 2,
            cuckoo_block_size: opts.cuckoo_block_size.max(1),
            hash_table_size: if opts.use_module_hash { 0 } else { 2 },
            is_last_level: false,
            seen_first_key: false,
            seen_first_value: false,
            key_size: 0,
            value_size: 0,
            num_entries: 0,
            num_values: 0,
            kvs: Vec::new(),
            deleted_keys: Vec::new(),
            smallest_user_key: Vec::new(),
            largest_user_key: Vec::new(),
            status: Ok(()),
        }
    }

    /// Adds an entry (internal key order). A refused entry is left out and its reason kept in `status`
    /// (RocksDB's Add returns nothing either).
    pub fn add(&mut self, ikey: &[u8], value: &[u8]) {
        if self.num_entries >= EMPTY as u64 - 1 {
            self.status = Err(Error::not_supported("Number of keys in a file must be < 2^32-1"));
            return;
        }
        let parsed = match key::parse_internal_key(ikey) {
            Ok(k) => k,
            Err(e) => {
                self.status = Err(Error::corruption(format!("Unable to parse key into internal key. {}", e.message())));
                return;
            }
        };
        if !matches!(parsed.value_type, ValueType::Deletion | ValueType::Value) {
            self.status = Err(Error::not_supported(format!("Unsupported key type {}", parsed.value_type as u8)));
            return;
        }
        let user_key = parsed.user_key;
        // A file whose first key has sequence 0 is taken to hold only such keys: it stores user keys.
        if !self.seen_first_key {
            self.is_last_level = parsed.sequence == 0;
            self.seen_first_key = true;
            self.smallest_user_key = user_key.to_vec();
            self.largest_user_key = user_key.to_vec();
            self.key_size = if self.is_last_level { user_key.len() } else { ikey.len() } as u64;
        }
        let stored_key = if self.is_last_level { user_key } else { ikey };
        if self.key_size != stored_key.len() as u64 {
            self.status = Err(Error::not_supported("all keys have to be the same size"));
            return;
        }
        if parsed.value_type == ValueType::Value {
            if !self.seen_first_value {
                self.seen_first_value = true;
                self.value_size = value.len() as u64;
            }
            if self.value_size != value.len() as u64 {
                self.status = Err(Error::not_supported("all values have to be the same size"));
                return;
            }
            self.kvs.extend_from_slice(stored_key);
            self.kvs.extend_from_slice(value);
            self.num_values += 1;
        } else {
            self.deleted_keys.extend_from_slice(stored_key);
        }
        self.num_entries += 1;
        // Bytewise bounds (whatever the comparator) for finding a key that fills empty buckets.
        if user_key < &self.smallest_user_key[..] {
            self.smallest_user_key = user_key.to_vec();
        } else if user_key > &self.largest_user_key[..] {
            self.largest_user_key = user_key.to_vec();
        }
        if !self.opts.use_module_hash && (self.hash_table_size as f64) < self.num_entries as f64 / self.opts.hash_table_ratio {
            self.hash_table_size *= 2;
        }
    }

    /// Why the last refused entry was refused (Ok when none was).
    pub fn status(&self) -> Result<()> {
        self.status.clone()
    }

    pub fn num_entries(&self) -> u64 {
        self.num_entries
    }

    pub fn is_empty(&self) -> bool {
        self.num_entries == 0
    }

    /// The file size the table is expected to reach (RocksDB's FileSize before Finish): compaction cuts outputs by it.
    pub fn file_size(&self) -> u64 {
        if self.num_entries == 0 {
            return 0;
        }
        let bucket = self.key_size + self.value_size;
        if self.opts.use_module_hash {
            (bucket as f64 * self.num_entries as f64 / self.opts.hash_table_ratio) as u64
        } else {
            let mut expected = self.hash_table_size;
            if (expected as f64) < (self.num_entries + 1) as f64 / self.opts.hash_table_ratio {
                expected *= 2;
            }
            (bucket * expected).saturating_sub(1)
        }
    }

    fn is_deleted(&self, idx: u32) -> bool {
        idx as u64 >= self.num_values
    }

    fn key_at(&self, idx: u32) -> &[u8] {
        let ks = self.key_size as usize;
        if self.is_deleted(idx) {
            let at = (idx as u64 - self.num_values) as usize * ks;
            &self.deleted_keys[at..at + ks]
        } else {
            let at = idx as usize * (ks + self.value_size as usize);
            &self.kvs[at..at + ks]
        }
    }

    fn user_key_at(&self, idx: u32) -> &[u8] {
        let k = self.key_at(idx);
        if self.is_last_level {
            k
        } else {
            key::user_key(k)
        }
    }

    fn value_at(&self, idx: u32) -> Vec<u8> {
        if self.is_deleted(idx) {
            // RocksDB fills a deletion's value slot with 'a's.
            return vec![b'a'; self.value_size as usize];
        }
        let ks = self.key_size as usize;
        let at = idx as usize * (ks + self.value_size as usize) + ks;
        self.kvs[at..at + self.value_size as usize].to_vec()
    }

    fn hash(&self, user_key: &[u8], hash_cnt: u32) -> u64 {
        cuckoo_hash(user_key, hash_cnt, self.opts.use_module_hash, self.hash_table_size, self.opts.identity_as_first_hash)
    }

    fn make_hash_table(&mut self) -> Result<Vec<Bucket>> {
        let n = (self.hash_table_size + self.cuckoo_block_size as u64 - 1) as usize;
        let mut buckets = vec![Bucket { vector_idx: EMPTY, visit: 0 }; n];
        let mut call_id = 0u32;
        for idx in 0..self.num_entries as u32 {
            let user_key = self.user_key_at(idx).to_vec();
            let mut found: Option<u64> = None;
            let mut hash_vals: Vec<u64> = Vec::new();
            let mut hash_cnt = 0;
            while hash_cnt < self.num_hash_func && found.is_none() {
                let mut h = self.hash(&user_key, hash_cnt);
                for _ in 0..self.cuckoo_block_size {
                    let b = buckets[h as usize];
                    if b.vector_idx == EMPTY {
                        found = Some(h);
                        break;
                    }
                    if self.ucmp.compare(&user_key, self.user_key_at(b.vector_idx)) == std::cmp::Ordering::Equal {
                        return Err(Error::not_supported("Same key is being inserted again."));
                    }
                    hash_vals.push(h);
                    h += 1;
                }
                hash_cnt += 1;
            }
            while found.is_none() {
                call_id += 1;
                if let Some(b) = self.make_space_for_key(&hash_vals, call_id, &mut buckets) {
                    found = Some(b);
                    break;
                }
                // More hash functions: old hashes stay valid, so nothing is rehashed.
                if self.num_hash_func >= MAX_NUM_HASH_FUNC {
                    return Err(Error::not_supported("Too many collisions. Unable to hash."));
                }
                let mut h = self.hash(&user_key, self.num_hash_func);
                self.num_hash_func += 1;
                for _ in 0..self.cuckoo_block_size {
                    if buckets[h as usize].vector_idx == EMPTY {
                        found = Some(h);
                        break;
                    }
                    hash_vals.push(h);
                    h += 1;
                }
            }
            if let Some(b) = found {
                buckets[b as usize].vector_idx = idx;
            }
        }
        Ok(buckets)
    }

    /// RocksDB's MakeSpaceForKey: a breadth-first search from the key's candidate buckets for an empty one
    /// reachable by moving keys to their other candidates; moves them along the path and returns the freed
    /// first-level bucket.
    fn make_space_for_key(&self, hash_vals: &[u64], call_id: u32, buckets: &mut [Bucket]) -> Option<u64> {
        struct Node {
            bucket_id: u64,
            depth: u32,
            parent: usize,
        }
        let mut tree: Vec<Node> = Vec::new();
        for &bid in hash_vals.iter().take(self.num_hash_func as usize) {
            buckets[bid as usize].visit = call_id;
            tree.push(Node { bucket_id: bid, depth: 0, parent: 0 });
        }
        let mut null_found = false;
        let mut pos = 0usize;
        while !null_found && pos < tree.len() {
            let depth = tree[pos].depth;
            if depth >= self.opts.max_search_depth {
                break;
            }
            let occupant = buckets[tree[pos].bucket_id as usize].vector_idx;
            let occupant_key = self.user_key_at(occupant).to_vec();
            let mut hash_cnt = 0;
            while hash_cnt < self.num_hash_func && !null_found {
                let mut child = self.hash(&occupant_key, hash_cnt);
                for _ in 0..self.cuckoo_block_size {
                    let c = child as usize;
                    child += 1;
                    if buckets[c].visit == call_id {
                        continue;
                    }
                    buckets[c].visit = call_id;
                    tree.push(Node { bucket_id: c as u64, depth: depth + 1, parent: pos });
                    if buckets[c].vector_idx == EMPTY {
                        null_found = true;
                        break;
                    }
                }
                hash_cnt += 1;
            }
            pos += 1;
        }
        if !null_found {
            return None;
        }
        // Walk from the empty bucket back to the first level, moving each parent's key into its child.
        let mut at = tree.len() - 1;
        while at >= self.num_hash_func as usize {
            let node = &tree[at];
            let parent_bucket = tree[node.parent].bucket_id as usize;
            buckets[node.bucket_id as usize].vector_idx = buckets[parent_bucket].vector_idx;
            at = node.parent;
        }
        Some(tree[at].bucket_id)
    }

    /// Writes the table and returns its properties and the file (not yet synced).
    pub fn finish(mut self) -> Result<(TableProperties, Box<dyn WritableFile>)> {
        let mut buckets = Vec::new();
        let mut unused_bucket: Vec<u8> = Vec::new();
        if self.num_entries > 0 {
            if self.opts.use_module_hash {
                self.hash_table_size = (self.num_entries as f64 / self.opts.hash_table_ratio) as u64;
            }
            buckets = self.make_hash_table()?;
            let unused_user_key = self.unused_user_key()?;
            unused_bucket = if self.is_last_level {
                unused_user_key
            } else {
                key::make_internal_key(&unused_user_key, 0, ValueType::Value)
            };
        }
        let bucket_size = (self.key_size + self.value_size) as usize;
        unused_bucket.resize(bucket_size, b'a');
        let mut data = Vec::with_capacity(buckets.len() * bucket_size);
        let mut num_added = 0u64;
        for b in &buckets {
            if b.vector_idx == EMPTY {
                data.extend_from_slice(&unused_bucket);
            } else {
                num_added += 1;
                data.extend_from_slice(self.key_at(b.vector_idx));
                data.extend_from_slice(&self.value_at(b.vector_idx));
            }
        }
        debug_assert_eq!(num_added, self.num_entries);
        self.file.append(&data)?;
        let mut props = TableProperties {
            num_data_blocks: 1,
            column_family_id: self.info.column_family_id as u64,
            column_family_name: self.info.column_family_name.clone(),
            db_id: self.info.db_id.clone(),
            db_session_id: self.info.db_session_id.clone(),
            original_file_number: self.info.file_number,
            num_entries: self.num_entries,
            num_deletions: self.num_entries - self.num_values,
            fixed_key_len: self.key_size,
            raw_key_size: num_added * self.key_size,
            raw_value_size: num_added * self.value_size,
            data_size: data.len() as u64,
            // None of these is set by RocksDB's cuckoo builder: they are written empty or not at all.
            comparator_name: String::new(),
            merge_operator_name: String::new(),
            prefix_extractor_name: String::new(),
            property_collectors_names: String::new(),
            compression_name: String::new(),
            compression_options: String::new(),
            ..TableProperties::default()
        };
        unused_bucket.truncate(self.key_size as usize);
        let u = &mut props.user_collected;
        // value_size is a 64-bit field in RocksDB's builder (the reader reads its low 32 bits).
        u.insert(PROP_VALUE_LENGTH.into(), self.value_size.to_le_bytes().to_vec());
        u.insert(PROP_EMPTY_KEY.into(), unused_bucket);
        u.insert(PROP_NUM_HASH_FUNC.into(), self.num_hash_func.to_le_bytes().to_vec());
        u.insert(PROP_HASH_TABLE_SIZE.into(), self.hash_table_size.to_le_bytes().to_vec());
        u.insert(PROP_IS_LAST_LEVEL.into(), vec![self.is_last_level as u8]);
        u.insert(PROP_CUCKOO_BLOCK_SIZE.into(), self.cuckoo_block_size.to_le_bytes().to_vec());
        u.insert(PROP_IDENTITY_AS_FIRST_HASH.into(), vec![self.opts.identity_as_first_hash as u8]);
        u.insert(PROP_USE_MODULE_HASH.into(), vec![self.opts.use_module_hash as u8]);
        u.insert(PROP_USER_KEY_LENGTH.into(), (self.smallest_user_key.len() as u32).to_le_bytes().to_vec());

        let mut offset = data.len() as u64;
        let props_block = encode_properties(&props);
        let props_handle = BlockHandle::new(offset, props_block.len() as u64);
        self.file.append(&props_block)?;
        offset += props_block.len() as u64;
        let mut meta = BlockBuilder::new(1, false);
        let mut h = Vec::new();
        props_handle.encode_to(&mut h);
        meta.add(PROPERTIES_META_NAME.as_bytes(), &h);
        let meta_block = meta.finish();
        let meta_handle = BlockHandle::new(offset, meta_block.len() as u64);
        self.file.append(&meta_block)?;
        self.file.append(&encode_footer(&meta_handle))?;
        Ok((props, self.file))
    }

    /// A user key of the table's key length that is not in it, to fill empty buckets: the smallest key with some
    /// byte decremented so it sorts below it, else the largest with some byte incremented (RocksDB's rule,
    /// bytes wrapping around).
    fn unused_user_key(&self) -> Result<Vec<u8>> {
        let mut k = self.smallest_user_key.clone();
        let mut pos = k.len() as isize - 1;
        while pos >= 0 {
            k[pos as usize] = k[pos as usize].wrapping_sub(1);
            if k < self.smallest_user_key {
                return Ok(k);
            }
            pos -= 1;
        }
        let mut k = self.largest_user_key.clone();
        let mut pos = k.len() as isize - 1;
        while pos >= 0 {
            k[pos as usize] = k[pos as usize].wrapping_add(1);
            if k > self.largest_user_key {
                return Ok(k);
            }
            pos -= 1;
        }
        Err(Error::corruption("Unable to find unused key"))
    }
}

/// The properties block as RocksDB's PropertyBlockBuilder writes it for a cuckoo table: the numeric table
/// properties, the non-empty strings, then the user-collected (cuckoo) properties; no trailer.
fn encode_properties(props: &TableProperties) -> Vec<u8> {
    let mut m: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut num = |k: &str, v: u64| {
        let mut b = Vec::new();
        put_varint64(&mut b, v);
        m.insert(k.to_string(), b);
    };
    num(p::PROP_ORIGINAL_FILE_NUMBER, props.original_file_number);
    num(p::PROP_RAW_KEY_SIZE, props.raw_key_size);
    num(p::PROP_RAW_VALUE_SIZE, props.raw_value_size);
    num(p::PROP_DATA_SIZE, props.data_size);
    num(p::PROP_INDEX_SIZE, props.index_size);
    num(p::PROP_INDEX_KEY_IS_USER_KEY, props.index_key_is_user_key);
    num(p::PROP_INDEX_VALUE_IS_DELTA_ENCODED, props.index_value_is_delta_encoded);
    num(p::PROP_NUM_ENTRIES, props.num_entries);
    num(p::PROP_NUM_FILTER_ENTRIES, props.num_filter_entries);
    num(p::PROP_DELETED_KEYS, props.num_deletions);
    num(p::PROP_MERGE_OPERANDS, props.num_merge_operands);
    num(p::PROP_NUM_RANGE_DELETIONS, props.num_range_deletions);
    num(p::PROP_NUM_DATA_BLOCKS, props.num_data_blocks);
    num(p::PROP_FILTER_SIZE, props.filter_size);
    num(p::PROP_FORMAT_VERSION, props.format_version);
    num(p::PROP_FIXED_KEY_LEN, props.fixed_key_len);
    num(p::PROP_COLUMN_FAMILY_ID, props.column_family_id);
    num(p::PROP_CREATION_TIME, props.creation_time);
    num(p::PROP_OLDEST_KEY_TIME, props.oldest_key_time);
    if props.file_creation_time > 0 {
        num(p::PROP_FILE_CREATION_TIME, props.file_creation_time);
    }
    for (k, v) in [
        (p::PROP_DB_ID, &props.db_id),
        (p::PROP_DB_SESSION_ID, &props.db_session_id),
        (p::PROP_COLUMN_FAMILY_NAME, &props.column_family_name),
    ] {
        if !v.is_empty() {
            m.insert(k.to_string(), v.as_bytes().to_vec());
        }
    }
    for (k, v) in &props.user_collected {
        m.entry(k.clone()).or_insert_with(|| v.clone());
    }
    let mut b = BlockBuilder::new(i32::MAX as usize, false);
    for (k, v) in &m {
        b.add(k.as_bytes(), v);
    }
    b.finish()
}

/// The 53-byte footer of format version 1: no checksum, the metaindex handle, a null index handle, padding,
/// the version and kCuckooTableMagicNumber.
pub fn encode_footer(metaindex: &BlockHandle) -> Vec<u8> {
    let mut out = vec![CHECKSUM_NONE];
    metaindex.encode_to(&mut out);
    BlockHandle::default().encode_to(&mut out);
    out.resize(1 + 2 * MAX_BLOCK_HANDLE_LEN, 0);
    put_fixed32(&mut out, CUCKOO_FORMAT_VERSION);
    put_fixed64(&mut out, CUCKOO_TABLE_MAGIC);
    out
}
