//! File metadata, `VersionEdit` (MANIFEST records), `Version` (files per level) and `VersionSet`.
