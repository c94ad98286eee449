//! RocksDB's block-based table format (rocksdb-formats.md §5–§7): blocks, index,
//! full bloom filter, properties, footer, compression, and the block cache.
pub mod cache;
pub mod filter;
