//! `CuckooTable`: reads a whole cuckoo table file into memory (RocksDB maps it) and answers point lookups by
//! probing the key's hash functions and cuckoo blocks, and scans through a list of the occupied buckets sorted
//! by user key (RocksDB's CuckooTableReader and CuckooTableIterator). A file holds one entry per user key and no
//! snapshots' history; a "last level" file stores user keys, read back with sequence 0.

use super::{cuckoo_hash, CUCKOO_TABLE_MAGIC};
use super::{
    PROP_CUCKOO_BLOCK_SIZE, PROP_EMPTY_KEY, PROP_HASH_TABLE_SIZE, PROP_IDENTITY_AS_FIRST_HASH, PROP_IS_LAST_LEVEL,
    PROP_NUM_HASH_FUNC, PROP_USER_KEY_LENGTH, PROP_USE_MODULE_HASH, PROP_VALUE_LENGTH,
};
use crate::env::RandomAccessFile;
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{self, InternalKeyComparator, ValueType};
use crate::table::block::Block;
use crate::table::format::{read_exact_at, BlockHandle, FOOTER_SIZE, MAX_BLOCK_HANDLE_LEN};
use crate::table::properties::TableProperties;
use crate::util::coding::{decode_fixed32, decode_fixed64};
use crate::util::comparator::Comparator;
use std::cmp::Ordering;
use std::sync::Arc;

pub struct CuckooTable {
    data: Vec<u8>,
    props: TableProperties,
    ucmp: Comparator,
    is_last_level: bool,
    identity_as_first_hash: bool,
    use_module_hash: bool,
    num_hash_func: u32,
    unused_key: Vec<u8>,
    key_length: usize,
    user_key_length: usize,
    value_length: usize,
    bucket_length: usize,
    cuckoo_block_size: u32,
    table_size: u64,
}

/// Whether the file's last 8 bytes are kCuckooTableMagicNumber.
pub fn is_cuckoo_file(file: &dyn RandomAccessFile, file_size: u64) -> bool {
    if file_size < 8 {
        return false;
    }
    let mut m = [0u8; 8];
    read_exact_at(file, file_size - 8, &mut m, "").is_ok() && decode_fixed64(&m) == CUCKOO_TABLE_MAGIC
}

fn prop<'a>(props: &'a TableProperties, name: &str, what: &str, len: usize) -> Result<&'a [u8]> {
    match props.user_collected.get(name) {
        Some(v) if v.len() >= len => Ok(&v[..]),
        Some(_) => Err(Error::corruption(format!("{} is malformed", what))),
        None => Err(Error::corruption(format!("{} not found", what))),
    }
}

impl CuckooTable {
    /// Opens a cuckoo table; `file_name` names it in errors. RocksDB refuses without mmap reads
    /// ("File is not mmaped"); the caller checks that (`allow_mmap_reads`).
    pub fn open(file: &dyn RandomAccessFile, file_size: u64, icmp: &InternalKeyComparator, file_name: &str) -> Result<CuckooTable> {
        if file_size < FOOTER_SIZE as u64 {
            return Err(Error::corruption(format!("file is too short ({} bytes) to be an sstable: {}", file_size, file_name)));
        }
        let mut data = vec![0u8; file_size as usize];
        read_exact_at(file, 0, &mut data, file_name)?;
        let footer = &data[data.len() - FOOTER_SIZE..];
        if decode_fixed64(&footer[FOOTER_SIZE - 8..]) != CUCKOO_TABLE_MAGIC {
            return Err(Error::corruption(format!("Bad table magic number in {}", file_name)));
        }
        let mut p = &footer[1..1 + 2 * MAX_BLOCK_HANDLE_LEN];
        let meta_handle = BlockHandle::decode_from(&mut p)?;
        let block_at = |h: &BlockHandle| -> Result<Vec<u8>> {
            let end = h.offset.checked_add(h.size).filter(|e| *e <= file_size - FOOTER_SIZE as u64);
            match end {
                Some(end) => Ok(data[h.offset as usize..end as usize].to_vec()),
                None => Err(Error::corruption(format!("block handle beyond the end of {}", file_name))),
            }
        };
        let metaindex = Arc::new(Block::new(block_at(&meta_handle)?));
        let props_handle = crate::table::properties::properties_handle_in(&metaindex)?.ok_or_else(|| Error::corruption(format!("no properties block in {}", file_name)))?;
        let props = TableProperties::decode_block(block_at(&props_handle)?)?;
        let num_hash_func = decode_fixed32(prop(&props, PROP_NUM_HASH_FUNC, "Number of hash functions", 4)?);
        let unused_key = prop(&props, PROP_EMPTY_KEY, "Empty bucket value", 0)?.to_vec();
        let key_length = props.fixed_key_len as usize;
        let user_key_length = decode_fixed32(prop(&props, PROP_USER_KEY_LENGTH, "User key length", 4)?) as usize;
        let value_length = decode_fixed32(prop(&props, PROP_VALUE_LENGTH, "Value length", 4)?) as usize;
        let table_size = decode_fixed64(prop(&props, PROP_HASH_TABLE_SIZE, "Hash table size", 8)?);
        let is_last_level = prop(&props, PROP_IS_LAST_LEVEL, "Is last level", 1)?[0] != 0;
        let identity_as_first_hash = prop(&props, PROP_IDENTITY_AS_FIRST_HASH, "identity as first hash", 1)?[0] != 0;
        let use_module_hash = prop(&props, PROP_USE_MODULE_HASH, "hash type is", 1)?[0] != 0;
        let cuckoo_block_size = decode_fixed32(prop(&props, PROP_CUCKOO_BLOCK_SIZE, "Cuckoo block size", 4)?);
        let bucket_length = key_length + value_length;
        let num_buckets = table_size.saturating_add(cuckoo_block_size as u64).saturating_sub(1);
        if props.num_entries > 0
            && (bucket_length == 0 || num_buckets.saturating_mul(bucket_length as u64) > props_handle.offset)
        {
            return Err(Error::corruption(format!("cuckoo hash table larger than its data in {}", file_name)));
        }
        if !is_last_level && key_length < 8 && props.num_entries > 0 {
            return Err(Error::corruption(format!("cuckoo key length {} too short in {}", key_length, file_name)));
        }
        data.truncate(props_handle.offset as usize);
        Ok(CuckooTable {
            data,
            props,
            ucmp: icmp.user.clone(),
            is_last_level,
            identity_as_first_hash,
            use_module_hash,
            num_hash_func,
            unused_key,
            key_length,
            user_key_length,
            value_length,
            bucket_length,
            cuckoo_block_size,
            table_size,
        })
    }

    pub fn properties(&self) -> &TableProperties {
        &self.props
    }

    fn num_buckets(&self) -> usize {
        if self.props.num_entries == 0 {
            return 0;
        }
        (self.table_size + self.cuckoo_block_size as u64 - 1) as usize
    }

    fn bucket(&self, id: usize) -> &[u8] {
        &self.data[id * self.bucket_length..(id + 1) * self.bucket_length]
    }

    /// The bucket's entry as an internal key and value.
    fn entry(&self, id: usize) -> (Vec<u8>, &[u8]) {
        let b = self.bucket(id);
        let ikey = if self.is_last_level {
            key::make_internal_key(&b[..self.user_key_length], 0, ValueType::Value)
        } else {
            b[..self.key_length].to_vec()
        };
        (ikey, &b[self.key_length..])
    }

    /// The entry of `user_key`: its internal key and value. One entry per user key; keys of another length
    /// are never in the file.
    pub fn get(&self, user_key: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
        if user_key.len() != self.user_key_length || self.num_buckets() == 0 {
            return None;
        }
        let n = user_key.len();
        for hash_cnt in 0..self.num_hash_func {
            let mut id =
                cuckoo_hash(user_key, hash_cnt, self.use_module_hash, self.table_size, self.identity_as_first_hash) as usize;
            for _ in 0..self.cuckoo_block_size {
                if id >= self.num_buckets() {
                    break;
                }
                let b = self.bucket(id);
                // An empty bucket ends the search (RocksDB's rule: the key would have been placed there).
                if self.unused_key.len() >= n && self.ucmp.compare(&self.unused_key[..n], &b[..n]) == Ordering::Equal {
                    return None;
                }
                if self.ucmp.compare(user_key, &b[..n]) == Ordering::Equal {
                    let (ikey, value) = self.entry(id);
                    return Some((ikey, value.to_vec()));
                }
                id += 1;
            }
        }
        None
    }

    /// An iterator over the table's entries in key order.
    pub fn iter(self: &Arc<Self>) -> CuckooIterator {
        CuckooIterator { table: self.clone(), sorted: None, pos: 0, key: Vec::new() }
    }
}

/// RocksDB's CuckooTableIterator: the occupied buckets sorted by user key on first use.
pub struct CuckooIterator {
    table: Arc<CuckooTable>,
    sorted: Option<Vec<usize>>,
    pos: usize,
    key: Vec<u8>,
}

impl CuckooIterator {
    fn init(&mut self) {
        if self.sorted.is_some() {
            return;
        }
        let t = &self.table;
        let mut ids: Vec<usize> = (0..t.num_buckets()).filter(|&id| t.bucket(id)[..t.key_length] != t.unused_key[..]).collect();
        let ukl = t.user_key_length;
        ids.sort_by(|&a, &b| t.ucmp.compare(&t.bucket(a)[..ukl], &t.bucket(b)[..ukl]));
        self.sorted = Some(ids);
    }

    fn len(&self) -> usize {
        self.sorted.as_ref().map_or(0, |s| s.len())
    }

    fn load(&mut self) {
        if self.valid() {
            let id = self.sorted.as_ref().map_or(0, |s| s[self.pos]);
            self.key = self.table.entry(id).0;
        } else {
            self.key.clear();
        }
    }
}

impl InternalIterator for CuckooIterator {
    fn valid(&self) -> bool {
        self.pos < self.len()
    }
    fn seek_to_first(&mut self) {
        self.init();
        self.pos = 0;
        self.load();
    }
    fn seek_to_last(&mut self) {
        self.init();
        // An empty table: pos wraps to "not valid".
        self.pos = self.len().wrapping_sub(1);
        self.load();
    }
    /// The first entry whose user key is not less than the target's (one entry per user key).
    fn seek(&mut self, target: &[u8]) {
        self.init();
        let t = &self.table;
        let uk = key::user_key(target);
        let ukl = t.user_key_length;
        let ids = self.sorted.as_deref().unwrap_or(&[]);
        self.pos = ids.partition_point(|&id| t.ucmp.compare(&t.bucket(id)[..ukl], uk) == Ordering::Less);
        self.load();
    }
    /// RocksDB's cuckoo iterator does not support it; here: the last entry whose user key is not greater.
    fn seek_for_prev(&mut self, target: &[u8]) {
        self.init();
        let t = &self.table;
        let uk = key::user_key(target);
        let ukl = t.user_key_length;
        let ids = self.sorted.as_deref().unwrap_or(&[]);
        let n = ids.partition_point(|&id| t.ucmp.compare(&t.bucket(id)[..ukl], uk) != Ordering::Greater);
        self.pos = n.wrapping_sub(1);
        self.load();
    }
    fn next(&mut self) {
        if self.valid() {
            self.pos += 1;
            self.load();
        }
    }
    fn prev(&mut self) {
        if self.valid() {
            self.pos = self.pos.wrapping_sub(1);
            self.load();
        }
    }
    fn key(&self) -> &[u8] {
        &self.key
    }
    fn value(&self) -> &[u8] {
        let t = &self.table;
        let id = self.sorted.as_ref().map_or(0, |s| s[self.pos]);
        &t.bucket(id)[t.key_length..t.key_length + t.value_length]
    }
    fn status(&self) -> Result<()> {
        Ok(())
    }
}
