//! ferrock: an LSM-tree key-value store that reads and writes RocksDB's files
//! and exports RocksDB's C API (`include/rocksdb/c.h`).
//!
//! Layers (see `docs/architecture.md`): `util` → `env` → `key`/`batch`/`log`
//! → `memtable`/`table` → `iter` → `version` → `compaction` → `db` → `utilities` → `capi`.
//! Engine code is safe Rust; `unsafe` is allowed only in `capi` and in small,
//! documented functions (`env::posix` file locking, `table::compression`, the
//! memtable's `arena` and `skiplist`).
#![deny(unsafe_code)]

pub mod error;
pub mod options;
pub mod util;
pub mod env;
pub mod trace;
pub mod key;
pub mod batch;
pub mod log;
pub mod merge;
pub mod rangedel;
pub mod prefix;
pub mod memtable;
pub mod table;
pub mod iter;
pub mod version;
pub mod compaction;
pub mod stats;
pub mod db;
pub mod txn;
pub mod utilities;
pub mod capi;

pub use error::{Error, Result};
