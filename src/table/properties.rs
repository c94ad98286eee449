//! Table properties: the `rocksdb.properties` meta block (docs/format/block-based-table.md
//! §5.7). Numeric properties are varint64, strings raw, the two
//! `...filtering` flags ASCII "0"/"1" and the index type a fixed32; keys are
//! written strictly increasing bytewise in one restart interval.
//!
//! Plain data; thread-safe once built.

use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::table::block::{Block, BlockBuilder, KeyOrder};
use crate::util::coding::{decode_fixed32, get_varint64, put_fixed32, put_varint64};
use crate::util::comparator::Comparator;
use std::collections::BTreeMap;
use std::sync::Arc;

pub const PROP_DATA_SIZE: &str = "rocksdb.data.size";
pub const PROP_INDEX_SIZE: &str = "rocksdb.index.size";
pub const PROP_INDEX_PARTITIONS: &str = "rocksdb.index.partitions";
pub const PROP_TOP_LEVEL_INDEX_SIZE: &str = "rocksdb.top-level.index.size";
pub const PROP_INDEX_KEY_IS_USER_KEY: &str = "rocksdb.index.key.is.user.key";
pub const PROP_INDEX_VALUE_IS_DELTA_ENCODED: &str = "rocksdb.index.value.is.delta.encoded";
pub const PROP_FILTER_SIZE: &str = "rocksdb.filter.size";
pub const PROP_RAW_KEY_SIZE: &str = "rocksdb.raw.key.size";
pub const PROP_RAW_VALUE_SIZE: &str = "rocksdb.raw.value.size";
pub const PROP_NUM_DATA_BLOCKS: &str = "rocksdb.num.data.blocks";
pub const PROP_NUM_ENTRIES: &str = "rocksdb.num.entries";
pub const PROP_NUM_FILTER_ENTRIES: &str = "rocksdb.num.filter_entries";
pub const PROP_DELETED_KEYS: &str = "rocksdb.deleted.keys";
pub const PROP_MERGE_OPERANDS: &str = "rocksdb.merge.operands";
pub const PROP_NUM_RANGE_DELETIONS: &str = "rocksdb.num.range-deletions";
pub const PROP_FORMAT_VERSION: &str = "rocksdb.format.version";
pub const PROP_FIXED_KEY_LEN: &str = "rocksdb.fixed.key.length";
pub const PROP_FILTER_POLICY: &str = "rocksdb.filter.policy";
pub const PROP_COLUMN_FAMILY_ID: &str = "rocksdb.column.family.id";
pub const PROP_COLUMN_FAMILY_NAME: &str = "rocksdb.column.family.name";
pub const PROP_COMPARATOR: &str = "rocksdb.comparator";
pub const PROP_MERGE_OPERATOR: &str = "rocksdb.merge.operator";
pub const PROP_PREFIX_EXTRACTOR_NAME: &str = "rocksdb.prefix.extractor.name";
pub const PROP_PROPERTY_COLLECTORS: &str = "rocksdb.property.collectors";
pub const PROP_COMPRESSION: &str = "rocksdb.compression";
pub const PROP_COMPRESSION_OPTIONS: &str = "rocksdb.compression_options";
pub const PROP_CREATION_TIME: &str = "rocksdb.creation.time";
pub const PROP_OLDEST_KEY_TIME: &str = "rocksdb.oldest.key.time";
pub const PROP_FILE_CREATION_TIME: &str = "rocksdb.file.creation.time";
pub const PROP_DB_ID: &str = "rocksdb.creating.db.identity";
pub const PROP_DB_SESSION_ID: &str = "rocksdb.creating.session.identity";
pub const PROP_DB_HOST_ID: &str = "rocksdb.creating.host.identity";
pub const PROP_ORIGINAL_FILE_NUMBER: &str = "rocksdb.original.file.number";
pub const PROP_INDEX_TYPE: &str = "rocksdb.block.based.table.index.type";
pub const PROP_WHOLE_KEY_FILTERING: &str = "rocksdb.block.based.table.whole.key.filtering";
pub const PROP_PREFIX_FILTERING: &str = "rocksdb.block.based.table.prefix.filtering";
pub const PROP_EXTERNAL_SST_VERSION: &str = "rocksdb.external_sst_file.version";
pub const PROP_EXTERNAL_SST_GLOBAL_SEQNO: &str = "rocksdb.external_sst_file.global_seqno";

/// RocksDB's "unknown column family" id.
pub const UNKNOWN_COLUMN_FAMILY_ID: u64 = 0x7FFF_FFFF;

/// RocksDB's TableProperties, with the block-based table's own flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableProperties {
    /// Bytes of the data blocks (`rocksdb.data.size`).
    pub data_size: u64,
    /// Bytes of the index (`rocksdb.index.size`).
    pub index_size: u64,
    /// Partitions of a partitioned index (`rocksdb.index.partitions`).
    pub index_partitions: u64,
    /// Bytes of a partitioned index's top level (`rocksdb.top-level.index.size`).
    pub top_level_index_size: u64,
    /// 1 when index keys are user keys (`rocksdb.index.key.is.user.key`).
    pub index_key_is_user_key: u64,
    /// 1 when index values are delta-encoded (`rocksdb.index.value.is.delta.encoded`).
    pub index_value_is_delta_encoded: u64,
    /// Bytes of the filter (`rocksdb.filter.size`).
    pub filter_size: u64,
    /// Total bytes of the keys before compression (`rocksdb.raw.key.size`).
    pub raw_key_size: u64,
    /// Total bytes of the values before compression (`rocksdb.raw.value.size`).
    pub raw_value_size: u64,
    /// Data blocks (`rocksdb.num.data.blocks`).
    pub num_data_blocks: u64,
    /// Entries (`rocksdb.num.entries`).
    pub num_entries: u64,
    /// Keys added to the filter (`rocksdb.num.filter_entries`).
    pub num_filter_entries: u64,
    /// Deletion entries (`rocksdb.deleted.keys`).
    pub num_deletions: u64,
    /// Merge operands (`rocksdb.merge.operands`).
    pub num_merge_operands: u64,
    /// Range tombstones (`rocksdb.num.range-deletions`).
    pub num_range_deletions: u64,
    /// The table format version (`rocksdb.format.version`).
    pub format_version: u64,
    /// The key length when all keys have one, else 0 (`rocksdb.fixed.key.length`).
    pub fixed_key_len: u64,
    /// The column family's id (`rocksdb.column.family.id`; 0x7FFFFFFF unknown, e.g. SstFileWriter).
    pub column_family_id: u64,
    /// Seconds since the epoch of the oldest data (`rocksdb.creation.time`).
    pub creation_time: u64,
    /// Seconds since the epoch of the oldest key (`rocksdb.oldest.key.time`).
    pub oldest_key_time: u64,
    /// Seconds since the epoch when the file was written (`rocksdb.file.creation.time`).
    pub file_creation_time: u64,
    /// The file number the table was written under (`rocksdb.original.file.number`).
    pub original_file_number: u64,
    /// The identity of the database that wrote it (`rocksdb.creating.db.identity`).
    pub db_id: String,
    /// The session of the database that wrote it (`rocksdb.creating.session.identity`).
    pub db_session_id: String,
    /// The host that wrote it (`rocksdb.creating.host.identity`).
    pub db_host_id: String,
    /// The column family's name (`rocksdb.column.family.name`).
    pub column_family_name: String,
    /// The filter policy's name (`rocksdb.filter.policy`), empty without a filter.
    pub filter_policy_name: String,
    /// The comparator's name (`rocksdb.comparator`).
    pub comparator_name: String,
    /// The merge operator's name (`rocksdb.merge.operator`; "nullptr" without one).
    pub merge_operator_name: String,
    /// The prefix extractor's name (`rocksdb.prefix.extractor.name`; "nullptr" without one).
    pub prefix_extractor_name: String,
    /// The property collectors' names (`rocksdb.property.collectors`).
    pub property_collectors_names: String,
    /// The compression's name (`rocksdb.compression`), e.g. "LZ4".
    pub compression_name: String,
    /// The compression options (`rocksdb.compression_options`).
    pub compression_options: String,
    /// `rocksdb.block.based.table.index.type` (0 = binary search).
    pub index_type: u32,
    /// Whether the filter holds whole keys (`rocksdb.block.based.table.whole.key.filtering`).
    pub whole_key_filtering: bool,
    /// Whether the filter holds prefixes (`rocksdb.block.based.table.prefix.filtering`).
    pub prefix_filtering: bool,
    /// `rocksdb.external_sst_file.version` of an ingested (SstFileWriter)
    /// file; None for files a database wrote itself.
    pub external_sst_version: Option<u32>,
    /// Properties ferrock does not interpret, kept as raw bytes.
    pub user_collected: BTreeMap<String, Vec<u8>>,
}

impl Default for TableProperties {
    fn default() -> Self {
        TableProperties {
            data_size: 0,
            index_size: 0,
            index_partitions: 0,
            top_level_index_size: 0,
            index_key_is_user_key: 0,
            index_value_is_delta_encoded: 0,
            filter_size: 0,
            raw_key_size: 0,
            raw_value_size: 0,
            num_data_blocks: 0,
            num_entries: 0,
            num_filter_entries: 0,
            num_deletions: 0,
            num_merge_operands: 0,
            num_range_deletions: 0,
            format_version: 0,
            fixed_key_len: 0,
            column_family_id: UNKNOWN_COLUMN_FAMILY_ID,
            creation_time: 0,
            oldest_key_time: 0,
            file_creation_time: 0,
            original_file_number: 0,
            db_id: String::new(),
            db_session_id: String::new(),
            db_host_id: String::new(),
            column_family_name: String::new(),
            filter_policy_name: String::new(),
            comparator_name: String::new(),
            merge_operator_name: "nullptr".into(),
            prefix_extractor_name: "nullptr".into(),
            property_collectors_names: "[]".into(),
            compression_name: String::new(),
            compression_options: String::new(),
            index_type: 0,
            whole_key_filtering: true,
            prefix_filtering: false,
            external_sst_version: None,
            user_collected: BTreeMap::new(),
        }
    }
}

/// The compression options string RocksDB 7.8.3 writes for default options.
pub fn compression_options_string(level: i32) -> String {
    format!(
        "window_bits=-14; level={}; strategy=0; max_dict_bytes=0; zstd_max_train_bytes=0; enabled=0; max_dict_buffer_bytes=0; use_zstd_dict_trainer=1; ",
        level
    )
}

/// The handle of the properties block a metaindex names (`rocksdb.properties`), if any: how
/// the cuckoo and plain readers find their properties (the block-based reader also takes
/// the old name and the other meta blocks in its one pass).
pub fn properties_handle_in(metaindex: &Arc<Block>) -> Result<Option<crate::table::format::BlockHandle>> {
    let mut handle = None;
    let mut it = metaindex.iter(KeyOrder::User(Comparator::Bytewise));
    it.seek_to_first();
    while it.valid() {
        if it.key() == crate::table::builder::PROPERTIES_META_NAME.as_bytes() {
            let mut v = it.value();
            handle = Some(crate::table::format::BlockHandle::decode_from(&mut v)?);
        }
        it.next();
    }
    it.status()?;
    Ok(handle)
}

impl TableProperties {
    /// Encodes the properties block contents (without trailer).
    pub(crate) fn encode_block(&self) -> Vec<u8> {
        self.encode(true)
    }

    /// The properties block of a table of another format (PlainTable): without the three
    /// `rocksdb.block.based.table.*` entries, which RocksDB writes only for block-based tables.
    pub(crate) fn encode_block_for_other_format(&self) -> Vec<u8> {
        self.encode(false)
    }

    fn encode(&self, block_based: bool) -> Vec<u8> {
        let mut m: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
        let num = |m: &mut BTreeMap<&str, Vec<u8>>, k: &'static str, v: u64| {
            let mut b = Vec::new();
            put_varint64(&mut b, v);
            m.insert(k, b);
        };
        num(&mut m, PROP_DATA_SIZE, self.data_size);
        num(&mut m, PROP_INDEX_SIZE, self.index_size);
        if self.index_partitions != 0 {
            num(&mut m, PROP_INDEX_PARTITIONS, self.index_partitions);
            num(&mut m, PROP_TOP_LEVEL_INDEX_SIZE, self.top_level_index_size);
        }
        num(&mut m, PROP_INDEX_KEY_IS_USER_KEY, self.index_key_is_user_key);
        num(&mut m, PROP_INDEX_VALUE_IS_DELTA_ENCODED, self.index_value_is_delta_encoded);
        num(&mut m, PROP_FILTER_SIZE, self.filter_size);
        num(&mut m, PROP_RAW_KEY_SIZE, self.raw_key_size);
        num(&mut m, PROP_RAW_VALUE_SIZE, self.raw_value_size);
        num(&mut m, PROP_NUM_DATA_BLOCKS, self.num_data_blocks);
        num(&mut m, PROP_NUM_ENTRIES, self.num_entries);
        num(&mut m, PROP_NUM_FILTER_ENTRIES, self.num_filter_entries);
        num(&mut m, PROP_DELETED_KEYS, self.num_deletions);
        num(&mut m, PROP_MERGE_OPERANDS, self.num_merge_operands);
        num(&mut m, PROP_NUM_RANGE_DELETIONS, self.num_range_deletions);
        num(&mut m, PROP_FORMAT_VERSION, self.format_version);
        num(&mut m, PROP_FIXED_KEY_LEN, self.fixed_key_len);
        num(&mut m, PROP_COLUMN_FAMILY_ID, self.column_family_id);
        num(&mut m, PROP_CREATION_TIME, self.creation_time);
        num(&mut m, PROP_OLDEST_KEY_TIME, self.oldest_key_time);
        if self.file_creation_time > 0 {
            num(&mut m, PROP_FILE_CREATION_TIME, self.file_creation_time);
        }
        num(&mut m, PROP_ORIGINAL_FILE_NUMBER, self.original_file_number);
        let strs: [(&'static str, &String); 10] = [
            (PROP_DB_ID, &self.db_id),
            (PROP_DB_SESSION_ID, &self.db_session_id),
            (PROP_DB_HOST_ID, &self.db_host_id),
            (PROP_COLUMN_FAMILY_NAME, &self.column_family_name),
            (PROP_FILTER_POLICY, &self.filter_policy_name),
            (PROP_COMPARATOR, &self.comparator_name),
            (PROP_MERGE_OPERATOR, &self.merge_operator_name),
            (PROP_PREFIX_EXTRACTOR_NAME, &self.prefix_extractor_name),
            (PROP_PROPERTY_COLLECTORS, &self.property_collectors_names),
            (PROP_COMPRESSION_OPTIONS, &self.compression_options),
        ];
        for (k, v) in strs {
            // RocksDB leaves out empty optional strings (no filter policy, no host id).
            if !v.is_empty() || k == PROP_COLUMN_FAMILY_NAME {
                m.insert(k, v.as_bytes().to_vec());
            }
        }
        // The real codec name, never "NoCompression" when some block is
        // compressed (§5.7, §9.8).
        if !self.compression_name.is_empty() {
            m.insert(PROP_COMPRESSION, self.compression_name.as_bytes().to_vec());
        }
        if block_based {
            let mut it = Vec::new();
            put_fixed32(&mut it, self.index_type);
            m.insert(PROP_INDEX_TYPE, it);
            m.insert(PROP_WHOLE_KEY_FILTERING, if self.whole_key_filtering { b"1".to_vec() } else { b"0".to_vec() });
            m.insert(PROP_PREFIX_FILTERING, if self.prefix_filtering { b"1".to_vec() } else { b"0".to_vec() });
        }
        let mut b = BlockBuilder::new(i32::MAX as usize, false);
        let mut all: BTreeMap<&str, &[u8]> = m.iter().map(|(k, v)| (*k, &v[..])).collect();
        for (k, v) in &self.user_collected {
            all.entry(k.as_str()).or_insert(&v[..]);
        }
        for (k, v) in all {
            b.add(k.as_bytes(), v);
        }
        b.finish()
    }

    /// Decodes a properties block. Unparsable numbers are skipped, as RocksDB
    /// does; unsorted keys are Corruption.
    #[doc(hidden)]
    pub fn decode_block(contents: Vec<u8>) -> Result<TableProperties> {
        let block = Arc::new(Block::new(contents));
        let mut it = block.iter(KeyOrder::User(Comparator::Bytewise));
        let mut p = TableProperties {
            // Absent means what old writers meant.
            merge_operator_name: String::new(),
            prefix_extractor_name: String::new(),
            property_collectors_names: String::new(),
            column_family_id: UNKNOWN_COLUMN_FAMILY_ID,
            ..TableProperties::default()
        };
        let mut last: Option<Vec<u8>> = None;
        it.seek_to_first();
        while it.valid() {
            let k = it.key();
            if let Some(l) = &last {
                if l.as_slice() >= k {
                    return Err(Error::corruption("properties unsorted"));
                }
            }
            last = Some(k.to_vec());
            let name = String::from_utf8_lossy(k).into_owned();
            let v = it.value();
            let varint = || {
                let mut s = v;
                get_varint64(&mut s)
            };
            let text = || String::from_utf8_lossy(v).into_owned();
            let slot: Option<&mut u64> = match name.as_str() {
                PROP_DATA_SIZE => Some(&mut p.data_size),
                PROP_INDEX_SIZE => Some(&mut p.index_size),
                PROP_INDEX_PARTITIONS => Some(&mut p.index_partitions),
                PROP_TOP_LEVEL_INDEX_SIZE => Some(&mut p.top_level_index_size),
                PROP_INDEX_KEY_IS_USER_KEY => Some(&mut p.index_key_is_user_key),
                PROP_INDEX_VALUE_IS_DELTA_ENCODED => Some(&mut p.index_value_is_delta_encoded),
                PROP_FILTER_SIZE => Some(&mut p.filter_size),
                PROP_RAW_KEY_SIZE => Some(&mut p.raw_key_size),
                PROP_RAW_VALUE_SIZE => Some(&mut p.raw_value_size),
                PROP_NUM_DATA_BLOCKS => Some(&mut p.num_data_blocks),
                PROP_NUM_ENTRIES => Some(&mut p.num_entries),
                PROP_NUM_FILTER_ENTRIES => Some(&mut p.num_filter_entries),
                PROP_DELETED_KEYS => Some(&mut p.num_deletions),
                PROP_MERGE_OPERANDS => Some(&mut p.num_merge_operands),
                PROP_NUM_RANGE_DELETIONS => Some(&mut p.num_range_deletions),
                PROP_FORMAT_VERSION => Some(&mut p.format_version),
                PROP_FIXED_KEY_LEN => Some(&mut p.fixed_key_len),
                PROP_COLUMN_FAMILY_ID => Some(&mut p.column_family_id),
                PROP_CREATION_TIME => Some(&mut p.creation_time),
                PROP_OLDEST_KEY_TIME => Some(&mut p.oldest_key_time),
                PROP_FILE_CREATION_TIME => Some(&mut p.file_creation_time),
                PROP_ORIGINAL_FILE_NUMBER => Some(&mut p.original_file_number),
                _ => None,
            };
            if let Some(slot) = slot {
                if let Some(x) = varint() {
                    *slot = x;
                }
            } else {
                match name.as_str() {
                    PROP_DB_ID => p.db_id = text(),
                    PROP_DB_SESSION_ID => p.db_session_id = text(),
                    PROP_DB_HOST_ID => p.db_host_id = text(),
                    PROP_COLUMN_FAMILY_NAME => p.column_family_name = text(),
                    PROP_FILTER_POLICY => p.filter_policy_name = text(),
                    PROP_COMPARATOR => p.comparator_name = text(),
                    PROP_MERGE_OPERATOR => p.merge_operator_name = text(),
                    PROP_PREFIX_EXTRACTOR_NAME => p.prefix_extractor_name = text(),
                    PROP_PROPERTY_COLLECTORS => p.property_collectors_names = text(),
                    PROP_COMPRESSION => p.compression_name = text(),
                    PROP_COMPRESSION_OPTIONS => p.compression_options = text(),
                    PROP_INDEX_TYPE if v.len() == 4 => p.index_type = decode_fixed32(v),
                    PROP_WHOLE_KEY_FILTERING => p.whole_key_filtering = v != b"0",
                    PROP_PREFIX_FILTERING => p.prefix_filtering = v == b"1",
                    PROP_EXTERNAL_SST_VERSION if v.len() == 4 => p.external_sst_version = Some(decode_fixed32(v)),
                    _ => {
                        p.user_collected.insert(name, v.to_vec());
                    }
                }
            }
            it.next();
        }
        it.status()?;
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all_fields() {
        let mut p = TableProperties {
            data_size: 12345,
            index_size: 77,
            index_key_is_user_key: 1,
            index_value_is_delta_encoded: 1,
            filter_size: 261,
            raw_key_size: 900,
            raw_value_size: 5000,
            num_data_blocks: 3,
            num_entries: 100,
            num_filter_entries: 99,
            num_deletions: 4,
            num_merge_operands: 2,
            num_range_deletions: 1,
            column_family_id: 0,
            creation_time: 1_700_000_000,
            oldest_key_time: 1_700_000_001,
            file_creation_time: 1_700_000_002,
            original_file_number: 11,
            db_id: "75a65a34-a335-48f3-ad9c-e66bcf0644ea".into(),
            db_session_id: "IECVYP8GLCE6NQMQ2ENA".into(),
            column_family_name: "default".into(),
            filter_policy_name: "bloomfilter".into(),
            comparator_name: "leveldb.BytewiseComparator".into(),
            compression_name: "LZ4".into(),
            compression_options: compression_options_string(32767),
            ..TableProperties::default()
        };
        p.user_collected.insert("my.prop".into(), b"xyz".to_vec());
        let block = p.encode_block();
        let back = TableProperties::decode_block(block).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn unsorted_is_corruption() {
        let mut b = BlockBuilder::new(1, false);
        b.add(b"rocksdb.z", b"\x01");
        b.add(b"rocksdb.a", b"\x01");
        let e = TableProperties::decode_block(b.finish()).unwrap_err();
        assert_eq!(e.to_string(), "Corruption: properties unsorted");
    }
}
