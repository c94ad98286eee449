//! Column family import (RocksDB's CreateColumnFamilyWithImport): a new column family made of
//! tables exported from another database (`Db::export_column_family`), each placed at the
//! level its metadata names with its own sequence numbers. The tables are linked in under new
//! file numbers (`move_files`, the sources deleted afterwards) or copied, through the
//! database's file system and synced; their key bounds are read from the tables themselves.
//! Level-0 files get epoch numbers by their age, the other levels one each (RocksDB's
//! RecoverEpochNumbers with `force`). A failure drops the new family and removes what was
//! brought in.

use super::metadata::LiveFileMetaData;
use super::{ColumnFamilyHandle, Db};
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{make_internal_key, parse_internal_key, ValueType};
use crate::options::Options;
use crate::table::reader::{Table, TableReadOptions};
use crate::version::edit::{FileMetaData, VersionEdit};
use crate::version::filename::table_file_name;
use crate::version::version::Version;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// RocksDB's ExportImportFilesMetaData: the comparator the tables are sorted by and the files,
/// each with `file.directory` naming where it is now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportImportFilesMetaData {
    /// The name of the comparator the tables are sorted by.
    pub db_comparator_name: String,
    /// The tables, each with its level and where it is now.
    pub files: Vec<LiveFileMetaData>,
}

/// RocksDB's ImportColumnFamilyOptions.
#[derive(Clone, Copy, Debug, Default)]
pub struct ImportColumnFamilyOptions {
    /// Link the files in and delete the sources, instead of copying.
    pub move_files: bool,
}

/// One table about to be imported.
struct Incoming {
    source: PathBuf,
    level: u32,
    meta: FileMetaData,
}

impl Db {
    /// Creates column family `name` holding the tables `metadata` lists.
    pub fn create_column_family_with_import(
        &self,
        opts: &Options,
        name: &str,
        import: &ImportColumnFamilyOptions,
        metadata: &ExportImportFilesMetaData,
    ) -> Result<Arc<ColumnFamilyHandle>> {
        self.inner.check_open()?;
        if metadata.db_comparator_name != opts.comparator.name() {
            return Err(Error::invalid_argument("Comparator name mismatch"));
        }
        let handle = self.create_column_family(opts, name)?;
        match self.import_files(&handle, import, metadata) {
            Ok(()) => Ok(handle),
            Err(e) => {
                let _ = self.drop_column_family(&handle);
                Err(e)
            }
        }
    }

    fn import_files(&self, handle: &ColumnFamilyHandle, import: &ImportColumnFamilyOptions, metadata: &ExportImportFilesMetaData) -> Result<()> {
        let db = &*self.inner;
        // The new family's own order (that of the options it was created with).
        let cfd = db.cf(handle.id)?;
        let icmp = cfd.icmp.clone();
        // Imported tables go to the family's first path (path id 0).
        let dir = cfd.table_dir(0).to_path_buf();
        let mut incoming = Vec::new();
        for f in &metadata.files {
            let source = PathBuf::from(&f.file.directory).join(f.file.relative_filename.trim_start_matches('/'));
            let mut meta = read_bounds(db, &icmp, &source, f.file.size)?;
            meta.smallest_seqno = f.file.smallest_seqno;
            meta.largest_seqno = f.file.largest_seqno;
            incoming.push(Incoming { source, level: f.level.max(0) as u32, meta });
        }
        if incoming.is_empty() {
            return Err(Error::invalid_argument("The list of files is empty"));
        }
        let numbers: Vec<u64> = {
            let mut st = db.state.lock();
            incoming
                .iter()
                .map(|_| {
                    let n = st.versions.new_file_number();
                    st.pending_outputs.insert(n);
                    n
                })
                .collect()
        };
        let mut brought_in = Vec::new();
        let mut linking = import.move_files;
        let mut result = Ok(());
        for (f, &n) in incoming.iter_mut().zip(&numbers) {
            let dst = dir.join(table_file_name(n));
            f.meta.number = n;
            if linking && db.fs.link_file(&f.source, &dst).is_err() {
                linking = false;
            }
            if !linking {
                let ctl = crate::utilities::copy::CopyControl::default();
                if let Err(e) = ctl.copy_file(db.fs.as_ref(), &f.source, db.fs.as_ref(), &dst, 0, true, &mut 0) {
                    result = Err(e);
                    break;
                }
            }
            brought_in.push(dst);
        }
        if result.is_ok() {
            result = db.fs.sync_dir(&dir).and_then(|()| self.install_imported(handle, &incoming));
        }
        {
            let mut st = db.state.lock();
            for n in &numbers {
                st.pending_outputs.remove(n);
            }
        }
        match result {
            Ok(()) => {
                if import.move_files {
                    for f in &incoming {
                        let _ = db.fs.remove_file(&f.source);
                    }
                }
                Ok(())
            }
            Err(e) => {
                for p in brought_in {
                    let _ = db.fs.remove_file(&p);
                }
                Err(e)
            }
        }
    }

    fn install_imported(&self, handle: &ColumnFamilyHandle, incoming: &[Incoming]) -> Result<()> {
        let db = &*self.inner;
        // Sequence numbers are taken while no write is being assigned one.
        let _leader = db.writers.leader.lock();
        let cf = db.cf(handle.id)?;
        let mut st = db.state.lock();
        let num_levels = st.versions.num_levels();
        let mut levels: Vec<Vec<Arc<FileMetaData>>> = vec![Vec::new(); num_levels];
        for f in incoming {
            let level = f.level as usize;
            if level >= num_levels {
                return Err(Error::invalid_argument(format!("imported file at level {level} of {num_levels}")));
            }
            levels[level].push(Arc::new(f.meta.clone()));
        }
        for files in levels.iter_mut().skip(1) {
            files.sort_by(|a, b| cf.icmp.compare(&a.smallest, &b.smallest));
            for w in files.windows(2) {
                if cf.icmp.user.compare(crate::key::user_key(&w[0].largest), crate::key::user_key(&w[1].smallest)) != std::cmp::Ordering::Less {
                    return Err(Error::invalid_argument("Files have overlapping ranges"));
                }
            }
        }
        // Level 0 newest first, as a Version keeps it.
        levels[0].sort_by(|a, b| b.largest_seqno.cmp(&a.largest_seqno));
        let mut next_epoch = 1;
        let dated = crate::version::version::infer_epoch_numbers(&Version { levels }, &mut next_epoch).expect("imported files carry no epochs");
        let mut edit = VersionEdit::default();
        edit.column_family = handle.id;
        let mut max_seq = 0;
        for (level, files) in dated.levels.iter().enumerate() {
            for f in files {
                max_seq = max_seq.max(f.largest_seqno);
                edit.add_file(level as u32, f.as_ref().clone());
            }
        }
        let last = db.last_sequence.load(Ordering::Acquire);
        if max_seq > last {
            edit.last_sequence = Some(max_seq);
        }
        st.versions.log_and_apply(vec![edit])?;
        if max_seq > last {
            db.last_sequence.store(max_seq, Ordering::Release);
        }
        db.install_super_version(&mut st, &cf, None);
        Ok(())
    }
}

/// The bounds and counts of an exported table of a column family ordered by `icmp`, read
/// from it (RocksDB's GetIngestedFileInfo).
fn read_bounds(db: &super::DbInner, icmp: &crate::key::InternalKeyComparator, path: &std::path::Path, size_hint: u64) -> Result<FileMetaData> {
    let file = db.fs.new_random_access_file(path)?;
    let size = if size_hint > 0 { size_hint } else { file.size()? };
    let table = Table::open(file, size, TableReadOptions { comparator: icmp.clone(), verify_checksums: true, ..Default::default() })?;
    let mut it = table.iter(false);
    it.seek_to_first();
    let mut meta = FileMetaData { file_size: size, ..Default::default() };
    let mut first = None;
    let mut last = None;
    while it.valid() {
        let k = parse_internal_key(it.key())?;
        meta.num_entries += 1;
        if matches!(k.value_type, ValueType::Deletion | ValueType::SingleDeletion) {
            meta.num_deletions += 1;
        }
        if first.is_none() {
            first = Some(it.key().to_vec());
        }
        last = Some(it.key().to_vec());
        it.next();
    }
    it.status()?;
    for (ikey, end) in table.range_tombstones()? {
        let t = crate::rangedel::RangeTombstone::from_table_entry(&ikey, &end)?;
        meta.num_entries += 1;
        meta.num_deletions += 1;
        let start = make_internal_key(&t.start, t.seq, ValueType::RangeDeletion);
        let stop = make_internal_key(&t.end, crate::key::MAX_SEQUENCE_NUMBER, ValueType::RangeDeletion);
        if first.as_ref().is_none_or(|s| icmp.compare(&start, s) == std::cmp::Ordering::Less) {
            first = Some(start);
        }
        if last.as_ref().is_none_or(|l| icmp.compare(&stop, l) == std::cmp::Ordering::Greater) {
            last = Some(stop);
        }
    }
    if meta.num_entries == 0 {
        return Err(Error::invalid_argument("File contain no entries"));
    }
    match (first, last) {
        (Some(s), Some(l)) => {
            meta.smallest = s;
            meta.largest = l;
            Ok(meta)
        }
        _ => Err(Error::corruption("File has corrupted keys")),
    }
}
