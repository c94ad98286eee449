//! The database as the `TableStore` of its flushes and compaction jobs
//! (`compaction/store.rs`): new tables are numbered from the `VersionSet` and listed in
//! `DbState::pending_outputs` (so obsolete-file deletion leaves them alone) until they are
//! installed or discarded; inputs come from the table cache.
//!
//! Thread-safety: called without the db mutex; each call takes it briefly when it must.

use super::{ColumnFamily, DbInner};
use crate::compaction::output::OutputColumnFamily;
use crate::compaction::store::TableStore;
use crate::env::WritableFile;
use crate::error::Result;
use crate::key::InternalKeyComparator;
use crate::table::reader::Table;
use crate::util::rate_limiter::IoPriority;
use crate::version::edit::FileMetaData;
use crate::version::filename::table_file_name;
use std::path::Path;
use std::sync::Arc;

impl TableStore for DbInner {
    fn create_table(&self, dir: &Path, priority: IoPriority) -> Result<(u64, Box<dyn WritableFile>)> {
        let number = {
            let mut st = self.state.lock();
            let n = st.versions.new_file_number();
            st.pending_outputs.insert(n);
            n
        };
        let file = self.fs.new_writable_file(&dir.join(table_file_name(number)))?;
        let file = crate::env::rate_limited::rate_limited(file, self.opts().rate_limiter.as_ref(), priority);
        Ok((number, file))
    }

    fn sync_dir(&self, dir: &Path) -> Result<()> {
        self.fs.sync_dir(dir)
    }

    fn discard_tables(&self, dir: &Path, numbers: &[u64]) {
        let mut st = self.state.lock();
        for n in numbers {
            let _ = self.fs.remove_file(&dir.join(table_file_name(*n)));
            st.pending_outputs.remove(n);
        }
    }

    fn open_table(&self, icmp: &InternalKeyComparator, dir: &Path, f: &FileMetaData) -> Result<Arc<Table>> {
        self.table_cache.get(icmp, dir, f.number, f.file_size, f.largest_seqno)
    }

    fn db_id(&self) -> &str {
        &self.db_id
    }

    fn session_id(&self) -> &str {
        &self.session_id
    }

    fn file_checksum_gen_factory(&self) -> Option<crate::util::file_checksum::FileChecksumGenFactory> {
        self.opts().file_checksum_gen_factory
    }
}

impl ColumnFamily {
    /// The column family as the tables written for it record it, writing to `path_id`.
    /// `opts`: the family's options the job took when it started.
    pub(crate) fn output<'a>(&'a self, opts: &'a crate::options::Options, path_id: u32) -> OutputColumnFamily<'a> {
        OutputColumnFamily { id: self.id, name: &self.name, opts, dirs: &self.dirs, path_id, out_dir: None }
    }

    /// As `output`, with the outputs written to `dir` (a remote compaction worker's directory).
    pub(crate) fn output_to<'a>(&'a self, opts: &'a crate::options::Options, path_id: u32, dir: &'a Path) -> OutputColumnFamily<'a> {
        OutputColumnFamily { out_dir: Some(dir), ..self.output(opts, path_id) }
    }

    /// The directory holding the family's tables with `path_id`.
    pub(crate) fn table_dir(&self, path_id: u32) -> &Path {
        &self.dirs[(path_id as usize).min(self.dirs.len().saturating_sub(1))]
    }
}
