//! RocksDB's block-based table format (docs/format/block-based-table.md, filters.md, minimal-sst.md): blocks, index,
//! full bloom filter, properties, footer, compression, and the block cache.
pub mod block;
pub mod builder;
pub mod cache;
pub mod factory;
pub mod compression;
pub mod cuckoo;
pub mod filter;
pub mod filter_block;
pub mod format;
pub mod partitioned_filter;
pub mod plain;
pub mod properties;
pub mod reader;
pub mod ribbon;
pub mod sst_file_writer;
pub mod xxh3;
pub mod xxhash;

pub use builder::{TableBuildOptions, TableBuilder};
pub use cache::BlockCache;
pub use properties::TableProperties;
pub use reader::{Table, TableIterator, TableReadOptions};
pub use sst_file_writer::SstFileWriter;

#[cfg(test)]
mod tests;
