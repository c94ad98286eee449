//! File metadata, `VersionEdit` (MANIFEST records), `Version` (files per level),
//! `VersionSet` (the MANIFEST), database file names and the OPTIONS file.
//! Formats: rocksdb-formats.md §4.

pub mod edit;
pub mod filename;
pub mod options_file;
pub mod options_load;
pub mod set;
#[allow(clippy::module_inception)]
pub mod version;

pub use edit::{FileMetaData, VersionEdit};
pub use filename::FileType;
pub use set::{ColumnFamilyData, VersionSet};
pub use version::Version;
