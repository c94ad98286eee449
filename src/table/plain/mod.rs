//! RocksDB's PlainTable format (table/plain/ in RocksDB): a flat file of entries meant for mmap reads, with a
//! prefix hash index built in memory when the file is opened. This module owns the format's options
//! (`PlainTableOptions`, RocksDB's struct of the same name, and their OPTIONS-file spelling) and its parts:
//! `key_coding` (one entry's bytes), `builder` (writing a file), `index` (the prefix hash index) and `reader`
//! (Get and the iterator).
//!
//! File layout (all blocks without trailers or checksums): the entries, the properties block, the metaindex
//! (`rocksdb.properties` → handle), then the 48-byte legacy footer (metaindex handle, a null index handle, zero
//! padding, and kLegacyPlainTableMagicNumber: RocksDB writes PlainTable footers with format_version 0).
//!
//! What ferrock does not do of it (each refused with "Not implemented: ..." when a family is opened with it):
//! `store_index_in_file` (writing the index and bloom blocks into the file) and `full_scan_mode`. A file RocksDB
//! wrote with its index in the file is still read: the reader builds its own index from the entries.

pub mod builder;
pub mod index;
pub mod key_coding;
pub mod reader;

use crate::error::{Error, Result};
use key_coding::KeyEncoding;

/// RocksDB's kPlainTableMagicNumber (`echo rocksdb.table.plain | sha1sum`, leading 64 bits).
pub const PLAIN_TABLE_MAGIC: u64 = crate::table::format::PLAIN_TABLE_MAGIC;
/// What a format_version 0 footer stores in place of `PLAIN_TABLE_MAGIC` (RocksDB's DownconvertToLegacyFooterFormat).
pub const LEGACY_PLAIN_TABLE_MAGIC: u64 = crate::table::format::LEGACY_PLAIN_TABLE_MAGIC;
/// The user-collected property holding the key encoding (fixed32).
pub const PROP_ENCODING_TYPE: &str = "rocksdb.plain.table.encoding.type";
/// The name the OPTIONS file gives the factory (`table_factory=PlainTable`, `[TableOptions/PlainTable "cf"]`).
pub const FACTORY_NAME: &str = "PlainTable";

/// RocksDB's PlainTableOptions with its defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct PlainTableOptions {
    /// Every user key's length, or 0 (kPlainTableVariableLength) when keys carry their own.
    pub user_key_len: u32,
    /// Bits per prefix of the in-memory bloom in front of the hash index (0: none).
    pub bloom_bits_per_key: i32,
    /// Prefixes per hash bucket (the index has num_prefixes / ratio + 1 buckets); 0: one bucket, binary search.
    pub hash_table_ratio: f64,
    /// Within one prefix, one index entry per this many keys.
    pub index_sparseness: usize,
    /// RocksDB's huge page size for the index's memory (stored; ferrock allocates normally).
    pub huge_page_tlb_size: usize,
    /// How keys are written in the file.
    pub encoding_type: KeyEncoding,
    /// No index: the table is only read front to back.
    pub full_scan_mode: bool,
    /// Write the hash index into the file instead of building it at open.
    pub store_index_in_file: bool,
}

impl Default for PlainTableOptions {
    fn default() -> Self {
        PlainTableOptions {
            user_key_len: key_coding::VARIABLE_LENGTH,
            bloom_bits_per_key: 10,
            hash_table_ratio: 0.75,
            index_sparseness: 16,
            huge_page_tlb_size: 0,
            encoding_type: KeyEncoding::Plain,
            full_scan_mode: false,
            store_index_in_file: false,
        }
    }
}

impl PlainTableOptions {
    /// Refuses what ferrock does not implement of the format (checked when a family is opened with it).
    pub(crate) fn check_supported(&self) -> Result<()> {
        if self.store_index_in_file {
            return Err(Error::not_supported("PlainTable store_index_in_file"));
        }
        if self.full_scan_mode {
            return Err(Error::not_supported("PlainTable full_scan_mode"));
        }
        Ok(())
    }

    /// The `[TableOptions/PlainTable "cf"]` lines, in the order RocksDB writes them.
    pub(crate) fn options_file_entries(&self) -> Vec<(&'static str, String)> {
        vec![
            ("store_index_in_file", self.store_index_in_file.to_string()),
            ("encoding_type", encoding_name(self.encoding_type).to_string()),
            ("huge_page_tlb_size", self.huge_page_tlb_size.to_string()),
            ("hash_table_ratio", format!("{:.6}", self.hash_table_ratio)),
            ("full_scan_mode", self.full_scan_mode.to_string()),
            ("bloom_bits_per_key", self.bloom_bits_per_key.to_string()),
            ("index_sparseness", self.index_sparseness.to_string()),
            ("user_key_len", self.user_key_len.to_string()),
        ]
    }

    /// Sets one option from its OPTIONS-file text; None for a name PlainTableOptions does not have.
    pub fn set_from_string(&mut self, name: &str, value: &str) -> Option<Result<()>> {
        let bad = || Error::invalid_argument(format!("Error parsing {name}:{value}"));
        let v = value.trim();
        let r = match name {
            "user_key_len" => v.parse().map(|x| self.user_key_len = x).map_err(|_| bad()),
            "bloom_bits_per_key" => v.parse().map(|x| self.bloom_bits_per_key = x).map_err(|_| bad()),
            "hash_table_ratio" => v.parse().map(|x| self.hash_table_ratio = x).map_err(|_| bad()),
            "index_sparseness" => v.parse().map(|x| self.index_sparseness = x).map_err(|_| bad()),
            "huge_page_tlb_size" => v.parse().map(|x| self.huge_page_tlb_size = x).map_err(|_| bad()),
            "encoding_type" => match v {
                "kPlain" => Ok(self.encoding_type = KeyEncoding::Plain),
                "kPrefix" => Ok(self.encoding_type = KeyEncoding::Prefix),
                _ => Err(bad()),
            },
            "full_scan_mode" => parse_bool(v).map(|x| self.full_scan_mode = x).ok_or_else(bad),
            "store_index_in_file" => parse_bool(v).map(|x| self.store_index_in_file = x).ok_or_else(bad),
            _ => return None,
        };
        Some(r)
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// RocksDB's spelling of an EncodingType in options.
pub fn encoding_name(e: KeyEncoding) -> &'static str {
    match e {
        KeyEncoding::Plain => "kPlain",
        KeyEncoding::Prefix => "kPrefix",
    }
}

/// The key encoding a C caller passes (`rocksdb_options_set_plain_table_factory`'s `encoding_type`).
pub fn encoding_from_u8(v: u8) -> Option<KeyEncoding> {
    match v {
        0 => Some(KeyEncoding::Plain),
        1 => Some(KeyEncoding::Prefix),
        _ => None,
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn options_file_lines_round_trip() {
        let o = PlainTableOptions { user_key_len: 4, index_sparseness: 2, encoding_type: KeyEncoding::Prefix, ..Default::default() };
        let lines = o.options_file_entries();
        // The order and spelling RocksDB 7.8.3 writes (hash_table_ratio with six decimals).
        assert_eq!(lines[1], ("encoding_type", "kPrefix".to_string()));
        assert_eq!(lines[3], ("hash_table_ratio", "0.750000".to_string()));
        assert_eq!(lines[7], ("user_key_len", "4".to_string()));
        let mut back = PlainTableOptions::default();
        for (k, v) in &lines {
            back.set_from_string(k, v).unwrap().unwrap();
        }
        assert_eq!(back, o);
        assert!(back.set_from_string("block_size", "1").is_none());
        assert!(back.set_from_string("encoding_type", "kBogus").unwrap().is_err());
    }

    #[test]
    fn unimplemented_modes_are_refused() {
        assert!(PlainTableOptions::default().check_supported().is_ok());
        let e = PlainTableOptions { store_index_in_file: true, ..Default::default() }.check_supported().unwrap_err();
        assert_eq!(e.to_string(), "Not implemented: PlainTable store_index_in_file");
        let e = PlainTableOptions { full_scan_mode: true, ..Default::default() }.check_supported().unwrap_err();
        assert_eq!(e.to_string(), "Not implemented: PlainTable full_scan_mode");
    }
}

