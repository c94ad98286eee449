//! File metadata, `VersionEdit` (MANIFEST records), `Version` (files per level),
//! `VersionSet` (the MANIFEST), and database file names (the OPTIONS file is `options::file`).
//! Formats: docs/format/manifest.md.

pub mod edit;
pub mod filename;
pub mod set;
#[allow(clippy::module_inception)]
pub mod version;

pub use edit::{FileMetaData, VersionEdit};
pub use filename::FileType;
pub use set::{ColumnFamilyData, VersionSet};
pub use version::Version;
