//! ferrock: an LSM-tree key-value store that reads and writes RocksDB's files
//! and exports RocksDB's C API (`include/rocksdb/c.h`).
//!
//! Layers (see `docs/architecture.md`): `util` → `env` → `key`/`batch`/`log`
//! → `memtable`/`table` → `iter` → `version` → `compaction` → `db` → `utilities` → `capi`.
//! Engine code is safe Rust; `unsafe` is allowed only in `capi` and in small,
//! documented functions (`env::posix` file locking, `table::compression`, the
//! memtable's `arena` and `skiplist`).
#![deny(unsafe_code)]
#![cfg_attr(not(feature = "internals"), warn(missing_docs))]

// The engine's modules: public with the `internals` feature (the repository's own tools, the
// stress driver and the fuzzers reach into them), private otherwise, so that a Rust user sees
// the API re-exported below and nothing else.
macro_rules! internal_modules {
    ($($m:ident),* $(,)?) => {
        $(
            #[cfg(feature = "internals")]
            #[doc(hidden)]
            pub mod $m;
            #[cfg(not(feature = "internals"))]
            #[allow(dead_code, unused_imports)]
            mod $m;
        )*
    };
}

internal_modules!(error, options, util, env, key, batch, log, merge, rangedel, prefix, memtable, table, iter, version, compaction, stats, db, txn, utilities);

/// RocksDB's C API (`include/rocksdb/c.h`): the `rocksdb_*` functions, exported by the cdylib
/// and the staticlib. Without the `capi` feature none of them is compiled, so a Rust program
/// can use ferrock beside a crate that links RocksDB's own C symbols.
#[cfg(feature = "capi")]
#[doc(hidden)]
pub mod capi;

pub use error::{Error, Result};

// The Rust API: the database and what a program hands to it or gets back.
pub use batch::WriteBatch;
pub use compaction::CompactionFilter;
pub use db::{ColumnFamilyHandle, Db, DbIterator, PinnableSlice, Snapshot};
pub use merge::MergeOperator;
pub use options::{BlockBasedTableOptions, CompressionType, FlushOptions, Options, ReadOptions, WriteOptions};
pub use prefix::SliceTransform;
pub use table::cache::BlockCache;
pub use table::sst_file_writer::SstFileWriter;
pub use txn::{OptimisticTransactionDb, Transaction, TransactionDb, TransactionDbOptions, TransactionOptions};
pub use util::comparator::{Comparator, UserComparator};
