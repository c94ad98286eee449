//! RocksDB's CuckooTable format (table/cuckoo/ in RocksDB): one hash table of fixed-size buckets, each a key
//! (an internal key, or a user key in a "last level" file whose keys all have sequence 0) followed by its value,
//! placed by cuckoo hashing over murmur hashes; then a properties block (with the cuckoo parameters as user
//! properties), a metaindex and a footer with kCuckooTableMagicNumber. Blocks carry no trailer and the footer
//! says no checksum. This module owns the options (`CuckooTableOptions`), the hash, the builder and the reader;
//! `Options::cuckoo_table` selects the format for a column family.
pub mod builder;
pub mod reader;

pub use builder::CuckooTableBuilder;
pub use reader::{CuckooIterator, CuckooTable};

/// RocksDB's CuckooTableOptions, with its defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CuckooTableOptions {
    /// Utilisation of the hash table: smaller means more buckets and fewer collisions.
    pub hash_table_ratio: f64,
    /// How deep the builder searches for a path of displacements on a collision.
    pub max_search_depth: u32,
    /// Buckets tried after the hashed one before the next hash function.
    pub cuckoo_block_size: u32,
    /// The first hash is the key's first 8 bytes read as an integer.
    pub identity_as_first_hash: bool,
    /// Hashes are taken modulo the table size (true) or masked to a power-of-two size.
    pub use_module_hash: bool,
}

impl Default for CuckooTableOptions {
    fn default() -> Self {
        CuckooTableOptions {
            hash_table_ratio: 0.9,
            max_search_depth: 100,
            cuckoo_block_size: 5,
            identity_as_first_hash: false,
            use_module_hash: true,
        }
    }
}

impl CuckooTableOptions {
    /// The table options as RocksDB writes them in an OPTIONS file (`[TableOptions/CuckooTable "<cf>"]`).
    pub(crate) fn options_file_entries(&self) -> Vec<(&'static str, String)> {
        vec![
            // RocksDB writes doubles with std::to_string (six decimals).
            ("hash_table_ratio", format!("{:.6}", self.hash_table_ratio)),
            ("max_search_depth", self.max_search_depth.to_string()),
            ("cuckoo_block_size", self.cuckoo_block_size.to_string()),
            ("identity_as_first_hash", self.identity_as_first_hash.to_string()),
            ("use_module_hash", self.use_module_hash.to_string()),
        ]
    }
}

/// RocksDB's factory name (`kCuckooTableName`), the OPTIONS file's table_factory value.
pub const CUCKOO_TABLE_NAME: &str = "CuckooTable";
pub use crate::table::format::CUCKOO_TABLE_MAGIC;

pub const PROP_EMPTY_KEY: &str = "rocksdb.cuckoo.bucket.empty.key";
pub const PROP_NUM_HASH_FUNC: &str = "rocksdb.cuckoo.hash.num";
pub const PROP_HASH_TABLE_SIZE: &str = "rocksdb.cuckoo.hash.size";
pub const PROP_VALUE_LENGTH: &str = "rocksdb.cuckoo.value.length";
pub const PROP_IS_LAST_LEVEL: &str = "rocksdb.cuckoo.file.islastlevel";
pub const PROP_CUCKOO_BLOCK_SIZE: &str = "rocksdb.cuckoo.hash.cuckooblocksize";
pub const PROP_IDENTITY_AS_FIRST_HASH: &str = "rocksdb.cuckoo.hash.identityfirst";
pub const PROP_USE_MODULE_HASH: &str = "rocksdb.cuckoo.hash.usemodule";
pub const PROP_USER_KEY_LENGTH: &str = "rocksdb.cuckoo.hash.userkeylength";

/// The builder uses at most this many hash functions (the factory's max_num_hash_table).
pub const MAX_NUM_HASH_FUNC: u32 = 64;
/// The footer's format version (RocksDB builds cuckoo footers with version 1).
pub const CUCKOO_FORMAT_VERSION: u32 = 1;

/// RocksDB's kCuckooMurmurSeedMultiplier: hash function `i` seeds murmur with `i` times this.
const SEED_MULTIPLIER: u32 = 816_922_183;

/// MurmurHash64A (RocksDB's `MurmurHash` on 64-bit platforms), little-endian 8-byte words.
pub fn murmur_hash64a(data: &[u8], seed: u32) -> u64 {
    const M: u64 = 0xc6a4_a793_5bd1_e995;
    const R: u32 = 47;
    let mut h = (seed as u64) ^ (data.len() as u64).wrapping_mul(M);
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let mut k = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        k = k.wrapping_mul(M);
        k ^= k >> R;
        k = k.wrapping_mul(M);
        h ^= k;
        h = h.wrapping_mul(M);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        for (i, b) in rest.iter().enumerate() {
            h ^= (*b as u64) << (8 * i);
        }
        h = h.wrapping_mul(M);
    }
    h ^= h >> R;
    h = h.wrapping_mul(M);
    h ^= h >> R;
    h
}

/// The bucket hash function `hash_cnt` gives `user_key` in a table of `table_size` buckets (RocksDB's CuckooHash).
/// With `identity_as_first_hash` the first function is the key's first 8 bytes as a little-endian integer (RocksDB
/// reads them in place; a shorter key, which RocksDB does not allow, reads as zero-padded here).
pub fn cuckoo_hash(user_key: &[u8], hash_cnt: u32, use_module_hash: bool, table_size: u64, identity_as_first_hash: bool) -> u64 {
    let value = if hash_cnt == 0 && identity_as_first_hash {
        let mut b = [0u8; 8];
        let n = user_key.len().min(8);
        b[..n].copy_from_slice(&user_key[..n]);
        u64::from_le_bytes(b)
    } else {
        murmur_hash64a(user_key, SEED_MULTIPLIER.wrapping_mul(hash_cnt))
    };
    if use_module_hash {
        if table_size == 0 {
            0
        } else {
            value % table_size
        }
    } else {
        value & table_size.wrapping_sub(1)
    }
}

#[cfg(test)]
pub(crate) mod tests;
