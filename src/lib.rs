//! ferrock: an LSM-tree key-value store that reads and writes RocksDB's files. It exports
//! RocksDB's C API (`include/rocksdb/c.h`, the `capi` feature) and, for Rust programs, the
//! API of this crate: the types at the crate root, modelled on RocksDB's C++ API under
//! Rust names ([`Db`] for `DB`, [`Options`], [`ReadOptions`], [`WriteOptions`],
//! [`WriteBatch`], [`DbIterator`], [`Snapshot`], [`TransactionDb`], [`SstFileWriter`], ...).
//! Errors are [`Error`], RocksDB's `Status` with the same texts.
//!
//! A Rust program depends on it without the C API, so that none of the `rocksdb_*` C symbols
//! is linked into it (it may link RocksDB's own, through `librocksdb-sys`):
//!
//! ```toml
//! [dependencies]
//! ferrock = { path = "../ferrock", default-features = false }
//! ```
//!
//! # Example
//!
//! ```
//! use ferrock::{Db, Options, ReadOptions, WriteBatch, WriteOptions};
//!
//! let dir = std::env::temp_dir().join(format!("ferrock-doc-{}", std::process::id()));
//! let mut opts = Options::default();
//! opts.create_if_missing = true;
//! let db = Db::open(&opts, &dir)?;
//!
//! let wo = WriteOptions::default();
//! db.put(&wo, b"apple", b"red")?;
//! assert_eq!(db.get(&ReadOptions::new(), b"apple")?, Some(b"red".to_vec()));
//!
//! // A batch is applied atomically: all of its updates or none.
//! let mut batch = WriteBatch::new();
//! batch.put(b"banana", b"yellow");
//! batch.put(b"cherry", b"dark red");
//! batch.delete(b"apple");
//! db.write(&wo, &batch)?;
//!
//! // Iterators start unpositioned; seek, then step while valid.
//! let mut it = db.iter(&ReadOptions::new())?;
//! it.seek_to_first();
//! let mut seen = Vec::new();
//! while it.valid() {
//!     seen.push((it.key().to_vec(), it.value().to_vec()));
//!     it.next();
//! }
//! it.status()?;
//! assert_eq!(seen, vec![(b"banana".to_vec(), b"yellow".to_vec()), (b"cherry".to_vec(), b"dark red".to_vec())]);
//!
//! db.close()?;
//! Db::destroy(&Options::default(), &dir)?;
//! # Ok::<(), ferrock::Error>(())
//! ```
//!
//! # Features
//!
//! - `capi` (default): RocksDB's C API, the `rocksdb_*` functions the cdylib and the
//!   staticlib export.
//! - `internals` (default): the engine's modules as public (and undocumented) Rust modules,
//!   for the repository's own tools and test drivers; no stability promise.
//!
//! A `Db` is `Clone` and `Send + Sync`: clones share the database, and any thread may use it.
//! Dropping the last clone closes it; [`Db::close`] closes it at once and reports the error.

// Layers (see `docs/architecture.md`): `util` → `env` → `trace` → `key`/`batch`/`log`
// → `memtable`/`table` → `iter` → `version` → `compaction` → `db` → `utilities` → `capi`.
// Engine code is safe Rust; `unsafe` is allowed only in `capi` and in small,
// documented functions (`env::posix` file locking, `table::compression`, the
// memtable's `arena` and `skiplist`).
#![deny(unsafe_code)]
#![cfg_attr(not(feature = "internals"), warn(missing_docs, unnameable_types))]

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

internal_modules!(error, options, util, env, trace, key, batch, log, merge, rangedel, prefix, memtable, table, iter, version, compaction, stats, db, txn, utilities);

// The README's code: its Rust example is compiled and run by `cargo test --doc`, its other
// blocks are labelled (sh, c, toml) and skipped.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// RocksDB's C API (`include/rocksdb/c.h`): the `rocksdb_*` functions, exported by the cdylib
/// and the staticlib. Without the `capi` feature none of them is compiled, so a Rust program
/// can use ferrock beside a crate that links RocksDB's own C symbols.
#[cfg(feature = "capi")]
#[doc(hidden)]
pub mod capi;

pub use error::{Code, Error, Result, SubCode};

// The Rust API: the database and what a program hands to it or gets back.
pub use batch::{BatchIter, BatchRecord, WriteBatch};
pub use compaction::manual::CompactFilesOptions;
pub use compaction::{CompactionFilter, CompactionFilterFactory, FilterDecision};
pub use db::import::{ExportImportFilesMetaData, ImportColumnFamilyOptions};
pub use db::ingest::IngestExternalFileOptions;
pub use db::listener::{
    BackgroundErrorReason, CompactionJobInfo, CompactionJobStats, CompactionTableProperties, ExternalFileIngestionInfo, FlushJobInfo, Listener, MemTableInfo,
    SubcompactionJobInfo, WriteStallCondition, WriteStallInfo,
};
pub use db::live_files::{LiveFileStorageInfo, LiveFilesStorageInfoOptions};
pub use db::metadata::{ColumnFamilyMetaData, LevelMetaData, LiveFileMetaData, MetaDataFilter, SstFileMetaData};
pub use db::wal_files::{WalFile, WalFileType};
pub use db::wal_filter::{WalFilter, WalFilterDecision, WalProcessingOption};
pub use db::wal_iter::{WalIterator, WalReadOptions};
pub use db::{ColumnFamilyHandle, Db, DbIterator, PinnableSlice, Snapshot};
pub use env::info_log::UserLogger;
pub use env::{default_fs, FileLock, FileSystem, RandomAccessFile, SequentialFile, WritableFile};
pub use env::sst_file_manager::SstFileManager;
pub use memtable::write_buffer_manager::WriteBufferManager;
pub use merge::{MergeOperator, PutOperator, StringAppendOperator, UInt64AddOperator};
pub use options::{
    BlockBasedTableOptions, CompressionType, DbPath, FlushOptions, MemTableRep, Options, ReadOptions, TableFilter,
    WalRecoveryMode, WriteOptions, DEFAULT_COMPRESSION_LEVEL,
};
pub use options::compaction_style::{CompactionOptionsFifo, CompactionOptionsUniversal};
pub use prefix::{FixedPrefix, NoopTransform, SliceTransform};
pub use stats::{Histogram, HistogramData, Statistics, Ticker};
pub use table::cache::{BlockCache, BlockCacheCounters};
pub use table::cuckoo::CuckooTableOptions;
pub use table::factory::TableFactory;
pub use table::plain::key_coding::KeyEncoding;
pub use table::plain::PlainTableOptions;
pub use table::properties::TableProperties;
pub use table::sst_file_writer::SstFileWriter;
pub use trace::block_cache::{BlockCacheTraceOptions, BlockCacheTraceWriterOptions};
pub use trace::file::TraceFileWriter;
pub use trace::TraceOptions;
pub use txn::occ_buckets::OccLockBuckets;
pub use txn::wbwi::{BaseDeltaIterator, BatchLookup, EntryKind, WriteBatchWithIndex};
pub use txn::{
    OccValidationPolicy, OptimisticTransactionDb, OptimisticTransactionDbOptions, OptimisticTransactionOptions, Transaction, TransactionDb, TransactionDbOptions,
    TransactionOptions, TxnState,
};
pub use util::comparator::{Comparator, UserComparator};
pub use util::rate_limiter::{IoPriority, OpType, RateLimiter, RateLimiterMode};
pub use utilities::ttl::{system_clock as ttl_system_clock, TtlClock};
pub use version::filename::FileType;
