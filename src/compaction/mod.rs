//! Compaction: deciding what to compact and doing it, below `db`, which schedules the jobs
//! and installs their results.
//!
//! - `plan.rs`: `CompactionPlan`, built in one place (`CompactionPlan::new`).
//! - `score.rs`: level targets, compaction scores and pending bytes (pure).
//! - `picker.rs`: the automatic leveled picker (pure; data-driven tests in `testdata/picker/`).
//! - `manual.rs`: CompactRange and CompactFiles planning (pure).
//! - `job.rs`: running a plan — the merge of its inputs, its subcompactions, and its edit.
//! - `subcompaction.rs`: a job's input split into key ranges run on their own threads.
//! - `output.rs`: the tables a flush or a job writes, cut at the target size and grandparent
//!   boundaries.
//! - `iterator.rs`: which entries survive a rewrite (RocksDB's CompactionIterator).
//! - `filter.rs`: the user's compaction filter.
//! - `partitioner.rs`: RocksDB's SST partitioner (fixed prefix): where outputs must be cut.
//! - `paths.rs`: a family's table directories and the one a level's outputs go to.
//! - `store.rs`: `TableStore`, what jobs need of the database's files.
//! - `remote.rs`: remote compaction (RocksDB's CompactionService): the service interface, the
//!   job and result a worker is sent and returns, and the primary's exchange with the service.
//! - `stats.rs`: per-level statistics of finished flushes and compactions.

pub mod filter;
pub mod iterator;
pub mod job;
pub mod manual;
pub mod output;
pub mod partitioner;
pub mod paths;
pub mod picker;
pub mod plan;
pub mod remote;
pub mod score;
pub mod stats;
pub mod store;
pub mod subcompaction;

#[cfg(test)]
mod picker_tests;

pub use filter::{CompactionFilter, CompactionFilterFactory, CountingFilter, FilterDecision};
pub use iterator::CompactionFilterState;
