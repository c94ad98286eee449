//! `TableStore`: what flushes and compaction jobs need of the database's table files —
//! new table files (numbered, and kept from obsolete-file deletion until installed or
//! discarded), the input tables, the directory sync that makes new entries durable, and the
//! identity written into every table's properties. The db implements it (`db/flush.rs`);
//! the jobs in this module see nothing else of the db.

use crate::env::WritableFile;
use crate::error::Result;
use crate::key::InternalKeyComparator;
use crate::table::reader::Table;
use crate::util::rate_limiter::IoPriority;
use crate::version::edit::FileMetaData;
use std::path::Path;
use std::sync::Arc;

pub trait TableStore: Sync {
    /// Allocates a table number, protects it from obsolete-file deletion, and creates its file
    /// in `dir` (one of the family's table directories), whose writes are charged to the
    /// database's rate limiter at `priority`.
    fn create_table(&self, dir: &Path, priority: IoPriority) -> Result<(u64, Box<dyn WritableFile>)>;
    /// Makes the entries of new tables in `dir` durable.
    fn sync_dir(&self, dir: &Path) -> Result<()>;
    /// Removes tables of `dir` that will not be installed and releases their numbers.
    fn discard_tables(&self, dir: &Path, numbers: &[u64]);
    /// An input table of the column family ordered by `icmp`, kept in `dir`, opened (or found
    /// open) through the table cache.
    fn open_table(&self, icmp: &InternalKeyComparator, dir: &Path, f: &FileMetaData) -> Result<Arc<Table>>;
    /// RocksDB's db id and session id, written into each table's properties.
    fn db_id(&self) -> &str;
    fn session_id(&self) -> &str;
    /// The database's file checksum generator: new tables are checksummed as they are written.
    fn file_checksum_gen_factory(&self) -> Option<crate::util::file_checksum::FileChecksumGenFactory>;
}
