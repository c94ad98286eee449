//! `PlainTableBuilder`: writes one PlainTable file front to back as RocksDB's PlainTableBuilder does with
//! `store_index_in_file = false`: the entries (`key_coding`), the properties block, the metaindex and the legacy
//! footer, none of them with a block trailer. Range deletions are refused, as RocksDB refuses them.
//!
//! A builder belongs to one thread (a flush or compaction job).

use super::key_coding::{EntryEncoder, KeyEncoding};
use super::{PlainTableOptions, LEGACY_PLAIN_TABLE_MAGIC, PROP_ENCODING_TYPE};
use crate::env::WritableFile;
use crate::error::{Error, Result};
use crate::key::{self, ValueType};
use crate::prefix::SliceTransform;
use crate::table::block::BlockBuilder;
use crate::table::builder::{TableBuildOptions, PROPERTIES_META_NAME};
use crate::table::format::{BlockHandle, LEGACY_FOOTER_SIZE, MAX_BLOCK_HANDLE_LEN};
use crate::table::properties::TableProperties;
use crate::util::coding::{put_fixed32, put_fixed64};
use std::sync::Arc;

pub struct PlainTableBuilder {
    file: Box<dyn WritableFile>,
    offset: u64,
    encoder: EntryEncoder,
    prefix_extractor: Option<Arc<dyn SliceTransform>>,
    props: TableProperties,
    buf: Vec<u8>,
    /// The first write error; every later call returns it.
    error: Option<Error>,
}

impl PlainTableBuilder {
    pub fn new(opts: &TableBuildOptions, plain: &PlainTableOptions, file: Box<dyn WritableFile>) -> PlainTableBuilder {
        let offset = file.size();
        let mut props = TableProperties {
            fixed_key_len: plain.user_key_len as u64,
            // The whole data section counts as one block.
            num_data_blocks: 1,
            // RocksDB keeps version 0 for kPlain so that older readers can roll back to it.
            format_version: if plain.encoding_type == KeyEncoding::Plain { 0 } else { 1 },
            column_family_id: opts.column_family_id as u64,
            column_family_name: opts.column_family_name.clone(),
            db_id: opts.db_id.clone(),
            db_session_id: opts.db_session_id.clone(),
            original_file_number: opts.file_number,
            prefix_extractor_name: match &opts.prefix_extractor {
                Some(t) => t.name(),
                None => "nullptr".to_string(),
            },
            // PlainTable leaves these out of its properties.
            merge_operator_name: String::new(),
            property_collectors_names: String::new(),
            ..TableProperties::default()
        };
        let mut enc = Vec::new();
        put_fixed32(&mut enc, plain.encoding_type as u32);
        props.user_collected.insert(PROP_ENCODING_TYPE.to_string(), enc);
        PlainTableBuilder {
            file,
            offset,
            encoder: EntryEncoder::new(plain.encoding_type, plain.user_key_len, plain.index_sparseness.max(1) as u32),
            prefix_extractor: opts.prefix_extractor.clone(),
            props,
            buf: Vec::new(),
            error: None,
        }
    }

    fn check_error(&self) -> Result<()> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    fn write(&mut self, data: &[u8]) -> Result<()> {
        if let Err(e) = self.file.append(data) {
            self.error = Some(e.clone());
            return Err(e);
        }
        self.offset += data.len() as u64;
        Ok(())
    }

    /// Adds an entry; keys come in internal-key order (the caller's contract, as in RocksDB).
    pub fn add(&mut self, ikey: &[u8], value: &[u8]) -> Result<()> {
        self.check_error()?;
        let parsed = key::parse_internal_key(ikey)?;
        if parsed.value_type == ValueType::RangeDeletion {
            return Err(Error::not_supported("Range deletion unsupported"));
        }
        let prefix = match &self.prefix_extractor {
            Some(t) => t.transform(parsed.user_key),
            None => &[][..],
        };
        self.buf.clear();
        let mut buf = std::mem::take(&mut self.buf);
        let r = self.encoder.append(&mut buf, ikey, prefix, value).and_then(|_| self.write(&buf));
        self.buf = buf;
        r?;
        self.props.num_entries += 1;
        self.props.raw_key_size += ikey.len() as u64;
        self.props.raw_value_size += value.len() as u64;
        match parsed.value_type {
            ValueType::Deletion | ValueType::SingleDeletion => self.props.num_deletions += 1,
            ValueType::Merge => self.props.num_merge_operands += 1,
            _ => {}
        }
        Ok(())
    }

    /// PlainTable has no range-deletion block (RocksDB's PlainTableBuilder::Add refuses them).
    pub fn add_range_tombstone(&mut self, _begin_ikey: &[u8], _end_user_key: &[u8]) -> Result<()> {
        Err(Error::not_supported("Range deletion unsupported"))
    }

    pub fn num_entries(&self) -> u64 {
        self.props.num_entries
    }

    /// Bytes written so far (entries go straight to the file).
    pub fn file_size(&self) -> u64 {
        self.offset
    }

    pub fn set_user_property(&mut self, name: &str, value: Vec<u8>) {
        self.props.user_collected.insert(name.to_string(), value);
    }

    /// Writes the properties block, the metaindex and the footer. Syncs nothing.
    pub fn finish(mut self) -> Result<(TableProperties, Box<dyn WritableFile>)> {
        self.check_error()?;
        self.props.data_size = self.offset;
        let props_raw = self.props.encode_block_for_other_format();
        let props_handle = BlockHandle::new(self.offset, props_raw.len() as u64);
        self.write(&props_raw)?;
        let mut meta = BlockBuilder::new(1, false);
        let mut v = Vec::new();
        props_handle.encode_to(&mut v);
        meta.add(PROPERTIES_META_NAME.as_bytes(), &v);
        let meta_raw = meta.finish();
        let meta_handle = BlockHandle::new(self.offset, meta_raw.len() as u64);
        self.write(&meta_raw)?;
        self.write(&legacy_footer(&meta_handle))?;
        Ok((self.props, self.file))
    }
}

/// The format_version 0 footer: metaindex handle, null index handle, zero padding, legacy magic.
pub fn legacy_footer(metaindex: &BlockHandle) -> Vec<u8> {
    let mut out = Vec::with_capacity(LEGACY_FOOTER_SIZE);
    metaindex.encode_to(&mut out);
    BlockHandle::default().encode_to(&mut out);
    out.resize(2 * MAX_BLOCK_HANDLE_LEN, 0);
    put_fixed64(&mut out, LEGACY_PLAIN_TABLE_MAGIC);
    out
}

/// The file a `TableBuilder` that delegates to a `PlainTableBuilder` holds in place of its own: never written.
pub(crate) struct NoFile;

impl WritableFile for NoFile {
    fn append(&mut self, _data: &[u8]) -> Result<()> {
        Err(Error::corruption("a PlainTable builder's block-based half was written to"))
    }
    fn flush(&mut self) -> Result<()> {
        Ok(())
    }
    fn sync(&mut self) -> Result<()> {
        Ok(())
    }
    fn close(&mut self) -> Result<()> {
        Ok(())
    }
    fn size(&self) -> u64 {
        0
    }
}
