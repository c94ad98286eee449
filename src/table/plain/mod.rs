//! RocksDB's PlainTable format (table/plain/ in RocksDB): a flat file of entries for mmap reads, with a prefix hash index
//! built at open. So far this module holds only the entry coding (`key_coding`); the builder, reader, index and the
//! factory wiring are not implemented yet (the C API still answers "Not implemented" for the plain table factory).
pub mod key_coding;
