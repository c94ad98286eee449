//! `PlainTable`: an open PlainTable file (RocksDB's PlainTableReader). The whole file is read into memory at open
//! (RocksDB maps it); the prefix hash index (`index`) and the bloom in front of it are built from the entries on
//! first use, with the column family's prefix extractor and PlainTableOptions (bloom_bits_per_key,
//! hash_table_ratio, index_sparseness), which the reads hand to every lookup and iterator (a table cache opens a
//! table without its family's options). Get and `PlainTableIterator::seek` go through the index;
//! SeekToFirst/Next walk the entries in file order, which is key order. As in RocksDB there is no way backwards
//! (SeekToLast, SeekForPrev and Prev are Not supported), and a total-order Seek works only when the family has no
//! prefix extractor.
//!
//! Immutable after open apart from the index, built once (`OnceLock`); `Send + Sync`. An iterator holds an
//! `Arc<PlainTable>` and belongs to one thread.

use super::index::{slice_hash, Bucket, IndexBuilder, PrefixBloom, PrefixIndex, MAX_FILE_SIZE};
use super::key_coding::{EntryDecoder, KeyEncoding};
use super::{PlainTableOptions, LEGACY_PLAIN_TABLE_MAGIC, PLAIN_TABLE_MAGIC, PROP_ENCODING_TYPE};
use crate::env::RandomAccessFile;
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{self, InternalKeyComparator};
use crate::prefix::SliceTransform;
use crate::table::block::Block;
use crate::table::format::{read_exact_at, BlockHandle, Footer, FOOTER_SIZE, LEGACY_FOOTER_SIZE};
use crate::table::properties::TableProperties;
use crate::util::coding::{decode_fixed32, decode_fixed64};
use std::cmp::Ordering;
use std::sync::{Arc, OnceLock};

/// The index and bloom built for one prefix extractor (None: total-order mode, one bucket, empty prefixes).
struct Built {
    /// The name of the extractor the index was built with.
    extractor: Option<String>,
    index: PrefixIndex,
    bloom: Option<PrefixBloom>,
}

pub struct PlainTable {
    data: Vec<u8>,
    /// Where the entries end (the `rocksdb.data.size` property).
    data_end: usize,
    props: TableProperties,
    footer: Footer,
    encoding: KeyEncoding,
    user_key_len: u32,
    icmp: InternalKeyComparator,
    /// The extractor the file was built with (its name), None when it was built without one.
    file_extractor: Option<String>,
    /// Index tuning (bloom_bits_per_key, hash_table_ratio, index_sparseness) when a read does not bring its
    /// family's (`built`).
    tuning: PlainTableOptions,
    built: OnceLock<std::result::Result<Arc<Built>, Error>>,
}

impl std::fmt::Debug for PlainTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PlainTable({} bytes of entries)", self.data_end)
    }
}

/// Whether the 8 bytes at the end of a file name a PlainTable footer.
pub fn is_plain_table_magic(magic: u64) -> bool {
    magic == PLAIN_TABLE_MAGIC || magic == LEGACY_PLAIN_TABLE_MAGIC
}

impl PlainTable {
    /// Reads the file and its properties. `tuning` gives the index parameters (RocksDB takes them from the
    /// factory that opens the file; they do not change what is read).
    pub fn open(
        file: &dyn RandomAccessFile,
        file_size: u64,
        icmp: InternalKeyComparator,
        tuning: PlainTableOptions,
        file_name: &str,
    ) -> Result<PlainTable> {
        if file_size > MAX_FILE_SIZE {
            return Err(Error::not_supported(format!(
                "File size {file_size} exceeds PlainTableReader max file size {MAX_FILE_SIZE}"
            )));
        }
        if file_size < LEGACY_FOOTER_SIZE as u64 {
            return Err(Error::corruption(format!("file is too short ({file_size} bytes) to be an sstable: {file_name}")));
        }
        let mut data = vec![0u8; file_size as usize];
        read_exact_at(file, 0, &mut data, file_name)?;
        let footer = decode_footer(&data)?;
        let meta = block_at(&data, &footer.metaindex_handle, file_name)?;
        let props_handle = crate::table::properties::properties_handle_in(&Arc::new(Block::new(meta)))?
            .ok_or_else(|| Error::corruption(format!("no properties block in PlainTable {file_name}")))?;
        let props = TableProperties::decode_block(block_at(&data, &props_handle, file_name)?)?;
        let encoding = match props.user_collected.get(PROP_ENCODING_TYPE) {
            Some(v) if v.len() == 4 => match decode_fixed32(v) {
                0 => KeyEncoding::Plain,
                1 => KeyEncoding::Prefix,
                t => return Err(Error::corruption(format!("unknown PlainTable encoding type {t} in {file_name}"))),
            },
            _ => KeyEncoding::Plain,
        };
        let data_end = props.data_size;
        if data_end > footer.metaindex_handle.offset.min(props_handle.offset) {
            return Err(Error::corruption(format!("PlainTable data size beyond its metadata in {file_name}")));
        }
        let file_extractor = match props.prefix_extractor_name.as_str() {
            "" | "nullptr" => None,
            n => Some(n.to_string()),
        };
        Ok(PlainTable {
            data,
            data_end: data_end as usize,
            user_key_len: props.fixed_key_len as u32,
            props,
            footer,
            encoding,
            icmp,
            file_extractor,
            tuning,
            built: OnceLock::new(),
        })
    }

    pub fn properties(&self) -> &TableProperties {
        &self.props
    }

    pub fn footer(&self) -> &Footer {
        &self.footer
    }

    /// The number of hash buckets of the index, once built (RocksDB's plain_table_hash_table_size / 4).
    pub fn index_buckets(&self) -> Option<u32> {
        match self.built.get() {
            Some(Ok(b)) => Some(b.index.num_buckets()),
            _ => None,
        }
    }

    /// Whether the index has a bloom in front of it, once built.
    pub fn has_bloom(&self) -> Option<bool> {
        match self.built.get() {
            Some(Ok(b)) => Some(b.bloom.is_some()),
            _ => None,
        }
    }

    /// Whether the file was built with a prefix extractor (then only prefix seeks are possible).
    pub fn built_with_prefix_extractor(&self) -> bool {
        self.file_extractor.is_some()
    }

    /// The index for the family's `extractor`, built on first use with the family's `tuning` (the table's own
    /// when None); RocksDB's open-time checks of the extractor.
    fn built(&self, extractor: Option<&dyn SliceTransform>, tuning: Option<&PlainTableOptions>) -> Result<Arc<Built>> {
        if let Some(name) = &self.file_extractor {
            match extractor {
                None => {
                    return Err(Error::invalid_argument(
                        "Prefix extractor is missing when opening a PlainTable built using a prefix extractor",
                    ))
                }
                Some(t) if &t.name() != name => {
                    return Err(Error::invalid_argument(
                        "Prefix extractor given doesn't match the one used to build PlainTable",
                    ))
                }
                _ => {}
            }
        }
        let r = self.built.get_or_init(|| self.build_index(extractor, tuning.unwrap_or(&self.tuning)).map(Arc::new));
        let b = r.clone()?;
        // A table is read through one family; a different extractor would need another index.
        match (&b.extractor, extractor) {
            (Some(a), Some(e)) if *a != e.name() => {
                Err(Error::invalid_argument("Prefix extractor given doesn't match the one used to build PlainTable"))
            }
            (None, Some(_)) | (Some(_), None) => {
                Err(Error::invalid_argument("Prefix extractor given doesn't match the one used to build PlainTable"))
            }
            _ => Ok(b),
        }
    }

    fn prefix_of<'a>(extractor: Option<&dyn SliceTransform>, user_key: &'a [u8]) -> &'a [u8] {
        match extractor {
            Some(t) => t.transform(user_key),
            None => &[],
        }
    }

    /// RocksDB's PopulateIndexRecordList + bloom: one pass over the entries.
    fn build_index(&self, extractor: Option<&dyn SliceTransform>, tuning: &PlainTableOptions) -> Result<Built> {
        let mut builder = IndexBuilder::new(extractor.is_some(), tuning.hash_table_ratio, tuning.index_sparseness);
        // Without an extractor the bloom holds whole user keys and is sized by entries.
        let mut key_bloom =
            if extractor.is_none() { PrefixBloom::new(tuning.bloom_bits_per_key, self.props.num_entries as usize) } else { None };
        let mut decoder = EntryDecoder::new(self.encoding, self.user_key_len);
        let mut pos = 0usize;
        let mut first = true;
        while pos < self.data_end {
            let mut src = &self.data[pos..self.data_end];
            let (ikey, _) = decoder.next(&mut src)?;
            let ukey = key::user_key(&ikey);
            if let Some(b) = key_bloom.as_mut() {
                b.add(slice_hash(ukey));
            }
            if first && !decoder.last_seekable() {
                return Err(Error::corruption("Key for a prefix is not seekable"));
            }
            first = false;
            builder.add(Self::prefix_of(extractor, ukey), pos as u32, decoder.last_seekable());
            pos = self.data_end - src.len();
        }
        let index = PrefixIndex::from_raw(builder.finish())?;
        let bloom = match extractor {
            Some(_) => PrefixBloom::new(tuning.bloom_bits_per_key, index.num_prefixes() as usize).map(|mut b| {
                for &h in builder.prefix_hashes() {
                    b.add(h);
                }
                b
            }),
            None => key_bloom,
        };
        Ok(Built { extractor: extractor.map(|t| t.name()), index, bloom })
    }

    /// Decodes the entry at `pos` with `decoder`: (internal key, value range, next position).
    fn entry_at(&self, decoder: &mut EntryDecoder, pos: usize) -> Result<(Vec<u8>, (usize, usize), usize)> {
        if pos > self.data_end {
            return Err(Error::corruption("Offset is out of file size"));
        }
        let mut src = &self.data[pos..self.data_end];
        let (ikey, value) = decoder.next(&mut src)?;
        let next = self.data_end - src.len();
        let vstart = next - value.len();
        Ok((ikey, (vstart, next), next))
    }

    /// The key of the index record at `pos` (records start with a full key).
    fn key_at(&self, pos: u32) -> Result<Vec<u8>> {
        let mut d = EntryDecoder::new(self.encoding, self.user_key_len);
        Ok(self.entry_at(&mut d, pos as usize)?.0)
    }

    /// RocksDB's GetOffset: where to start reading for `target` (an internal key) with `prefix`, and whether
    /// the entry there is known to have that prefix.
    fn offset_for(
        &self,
        built: &Built,
        extractor: Option<&dyn SliceTransform>,
        target: &[u8],
        prefix: &[u8],
        hash: u32,
    ) -> Result<(usize, bool)> {
        let sub = match built.index.bucket(hash)? {
            Bucket::Empty => return Ok((self.data_end, false)),
            Bucket::Direct(o) => return Ok((o as usize, false)),
            Bucket::Records(s) => s,
        };
        let (mut low, mut high) = (0usize, sub.len());
        while high - low > 1 {
            let mid = (low + high) / 2;
            let k = self.key_at(sub.get(mid))?;
            match self.icmp.compare(&k, target) {
                Ordering::Less => low = mid,
                Ordering::Equal => return Ok((sub.get(mid) as usize, true)),
                Ordering::Greater => high = mid,
            }
        }
        let low_key = self.key_at(sub.get(low))?;
        if Self::prefix_of(extractor, key::user_key(&low_key)) == prefix {
            Ok((sub.get(low) as usize, true))
        } else if low + 1 < sub.len() {
            Ok((sub.get(low + 1) as usize, false))
        } else {
            Ok((self.data_end, false))
        }
    }

    /// Calls `f(ikey, value)` for the entries at and after `lookup_ikey` within its prefix until `f` returns
    /// false. `extractor` is the family's. Returns false when the bloom excluded the key (nothing read).
    pub fn get(
        &self,
        lookup_ikey: &[u8],
        extractor: Option<&dyn SliceTransform>,
        tuning: Option<&PlainTableOptions>,
        f: &mut dyn FnMut(&[u8], &[u8]) -> Result<bool>,
    ) -> Result<bool> {
        let built = self.built(extractor, tuning)?;
        let ukey = key::user_key(lookup_ikey);
        let (prefix, hash) = match extractor {
            None => {
                if built.bloom.as_ref().is_some_and(|b| !b.may_contain(slice_hash(ukey))) {
                    return Ok(false);
                }
                (&[][..], 0)
            }
            Some(t) => {
                let p = t.transform(ukey);
                let h = slice_hash(p);
                if built.bloom.as_ref().is_some_and(|b| !b.may_contain(h)) {
                    return Ok(false);
                }
                (p, h)
            }
        };
        let (mut pos, mut prefix_matched) = self.offset_for(&built, extractor, lookup_ikey, prefix, hash)?;
        let mut decoder = EntryDecoder::new(self.encoding, self.user_key_len);
        while pos < self.data_end {
            let (k, (vs, ve), next) = self.entry_at(&mut decoder, pos)?;
            pos = next;
            if !prefix_matched {
                if Self::prefix_of(extractor, key::user_key(&k)) != prefix {
                    return Ok(true);
                }
                prefix_matched = true;
            }
            if self.icmp.compare(&k, lookup_ikey) != Ordering::Less && !f(&k, &self.data[vs..ve])? {
                break;
            }
        }
        Ok(true)
    }

    /// An iterator. `prefix_seek`: the read is in prefix mode (RocksDB's use_prefix_seek); `extractor`: the
    /// family's prefix extractor (None: the table is read in total-order mode); `tuning` as for `get`.
    pub fn iter(
        self: &Arc<Self>,
        prefix_seek: bool,
        extractor: Option<Arc<dyn SliceTransform>>,
        tuning: Option<PlainTableOptions>,
    ) -> PlainTableIterator {
        PlainTableIterator {
            table: self.clone(),
            prefix_seek,
            extractor,
            tuning,
            decoder: EntryDecoder::new(self.encoding, self.user_key_len),
            offset: self.data_end,
            next_offset: self.data_end,
            key: Vec::new(),
            value: (0, 0),
            status: None,
        }
    }
}

/// The footer: format_version 0 (48 bytes, legacy magic) as RocksDB writes it, or a format 1..=5 one.
fn decode_footer(file: &[u8]) -> Result<Footer> {
    let magic = decode_fixed64(&file[file.len() - 8..]);
    let (handles, format_version, checksum_type) = if magic == LEGACY_PLAIN_TABLE_MAGIC {
        (&file[file.len() - LEGACY_FOOTER_SIZE..], 0, 0)
    } else if magic == PLAIN_TABLE_MAGIC && file.len() >= FOOTER_SIZE {
        let f = &file[file.len() - FOOTER_SIZE..];
        let v = decode_fixed32(&f[41..45]);
        if v >= 6 {
            return Err(Error::not_supported(format!("PlainTable footer format_version {v}")));
        }
        (&f[1..], v, f[0])
    } else {
        return Err(Error::corruption(format!("Bad table magic number: expected {PLAIN_TABLE_MAGIC}, found {magic}")));
    };
    let mut p = handles;
    let metaindex_handle = BlockHandle::decode_from(&mut p)?;
    let index_handle = BlockHandle::decode_from(&mut p)?;
    Ok(Footer { checksum_type, metaindex_handle, index_handle, format_version, base_context_checksum: 0 })
}

/// A trailer-less block of the file.
fn block_at(file: &[u8], h: &BlockHandle, file_name: &str) -> Result<Vec<u8>> {
    let end = h.offset.checked_add(h.size).filter(|&e| e <= file.len() as u64).ok_or_else(|| {
        Error::corruption(format!(
            "block handle (offset {}, size {}) beyond the end of {} ({} bytes)",
            h.offset,
            h.size,
            file_name,
            file.len()
        ))
    })?;
    Ok(file[h.offset as usize..end as usize].to_vec())
}

/// RocksDB's PlainTableIterator: forward only.
pub struct PlainTableIterator {
    table: Arc<PlainTable>,
    prefix_seek: bool,
    extractor: Option<Arc<dyn SliceTransform>>,
    tuning: Option<PlainTableOptions>,
    decoder: EntryDecoder,
    offset: usize,
    next_offset: usize,
    key: Vec<u8>,
    value: (usize, usize),
    status: Option<Error>,
}

impl PlainTableIterator {
    fn invalidate(&mut self, e: Option<Error>) {
        self.status = e;
        self.offset = self.table.data_end;
        self.next_offset = self.table.data_end;
    }

    fn seek_inner(&mut self, target: &[u8]) -> Result<()> {
        let total_order_mode = self.extractor.is_none();
        if self.prefix_seek == total_order_mode {
            // Checked here, not when the iterator is made: compaction makes total-order iterators and only
            // calls SeekToFirst on them.
            return Err(Error::invalid_argument("total_order_seek not implemented for PlainTable."));
        }
        let extractor = self.extractor.clone();
        let extractor = extractor.as_deref();
        let built = self.table.built(extractor, self.tuning.as_ref())?;
        if total_order_mode && built.index.num_buckets() > 1 {
            return Err(Error::not_supported("PlainTable cannot issue non-prefix seek unless in total order mode."));
        }
        let prefix = PlainTable::prefix_of(extractor, key::user_key(target)).to_vec();
        let mut hash = 0;
        if !total_order_mode {
            hash = slice_hash(&prefix);
            if built.bloom.as_ref().is_some_and(|b| !b.may_contain(hash)) {
                self.invalidate(None);
                return Ok(());
            }
        }
        let (start, mut prefix_matched) = self.table.offset_for(&built, extractor, target, &prefix, hash)?;
        self.next_offset = start;
        if start >= self.table.data_end {
            self.offset = self.table.data_end;
            return Ok(());
        }
        self.decoder = EntryDecoder::new(self.table.encoding, self.table.user_key_len);
        self.next();
        while self.status.is_none() && self.valid() {
            if !prefix_matched {
                if PlainTable::prefix_of(extractor, key::user_key(&self.key)) != prefix.as_slice() {
                    self.invalidate(None);
                    break;
                }
                prefix_matched = true;
            }
            if self.table.icmp.compare(&self.key, target) != Ordering::Less {
                break;
            }
            self.next();
        }
        Ok(())
    }
}

impl InternalIterator for PlainTableIterator {
    fn valid(&self) -> bool {
        self.status.is_none() && self.offset < self.table.data_end
    }

    fn seek_to_first(&mut self) {
        self.status = None;
        self.decoder = EntryDecoder::new(self.table.encoding, self.table.user_key_len);
        self.next_offset = 0;
        if self.table.data_end == 0 {
            self.invalidate(None);
        } else {
            self.next();
        }
    }

    fn seek_to_last(&mut self) {
        self.invalidate(Some(Error::not_supported("SeekToLast() is not supported in PlainTable")));
    }

    fn seek(&mut self, target: &[u8]) {
        self.status = None;
        if let Err(e) = self.seek_inner(target) {
            self.invalidate(Some(e));
        }
    }

    fn seek_for_prev(&mut self, _target: &[u8]) {
        self.invalidate(Some(Error::not_supported("SeekForPrev() is not supported in PlainTable")));
    }

    fn next(&mut self) {
        self.offset = self.next_offset;
        if self.offset < self.table.data_end {
            match self.table.entry_at(&mut self.decoder, self.offset) {
                Ok((k, v, next)) => {
                    self.key = k;
                    self.value = v;
                    self.next_offset = next;
                }
                Err(e) => self.invalidate(Some(e)),
            }
        }
    }

    fn prev(&mut self) {
        // RocksDB asserts here; an error is what a release build's caller can act on.
        self.invalidate(Some(Error::not_supported("Prev() is not supported in PlainTable")));
    }

    fn key(&self) -> &[u8] {
        &self.key
    }

    fn value(&self) -> &[u8] {
        &self.table.data[self.value.0..self.value.1]
    }

    fn status(&self) -> Result<()> {
        match &self.status {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }
}
