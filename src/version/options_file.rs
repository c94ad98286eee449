//! OPTIONS file (rocksdb-formats.md §4.7).
