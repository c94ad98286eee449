//! RocksDB's C API (`include/rocksdb/c.h`). All unsafe code of the crate lives here.
