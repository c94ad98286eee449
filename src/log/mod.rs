//! The log format shared by the WAL and the MANIFEST (rocksdb-formats.md §3):
//! 32 KiB blocks of CRC-checked fragments.
