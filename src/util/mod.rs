//! Byte-level helpers shared by every layer: RocksDB's integer and slice
//! encodings, CRC32C with RocksDB's masking, the bytewise comparator, hashes, and the rate
//! limiter.
pub mod coding;
pub mod comparator;
pub mod crc;
pub mod file_checksum;
pub mod padded;
pub mod rate_limiter;
#[cfg(test)]
pub mod testutil;
pub mod xxph3;
