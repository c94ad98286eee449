//! What the database says about its table files: RocksDB's `GetLiveFilesMetaData` (every live
//! table of every column family) and `GetColumnFamilyMetaData` (one family's files by level,
//! optionally only a level and a user-key range). Read from the current versions; nothing here
//! touches a file.

use super::{ColumnFamily, ColumnFamilyHandle, Db};
use crate::compaction::plan::FileSet;
use crate::error::Result;
use crate::key::user_key;
use crate::version::edit::FileMetaData;
use crate::version::filename::table_file_name;

/// One live table file (RocksDB's LiveFileMetaData).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveFileMetaData {
    /// The column family the table belongs to.
    pub column_family_name: String,
    /// The table's level.
    pub level: i32,
    /// The table itself.
    pub file: SstFileMetaData,
}

/// One table file as a level lists it (RocksDB's SstFileMetaData).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SstFileMetaData {
    /// The table's file number.
    pub file_number: u64,
    /// "000012.sst".
    pub relative_filename: String,
    /// The directory holding it (the family's table directory its path id names).
    pub directory: String,
    /// The file's size in bytes.
    pub size: u64,
    /// The smallest sequence number of its entries.
    pub smallest_seqno: u64,
    /// The largest sequence number of its entries.
    pub largest_seqno: u64,
    /// Its smallest user key.
    pub smallest_key: Vec<u8>,
    /// Its largest user key.
    pub largest_key: Vec<u8>,
    /// Its entries.
    pub num_entries: u64,
    /// Its deletion entries.
    pub num_deletions: u64,
    /// Whether a compaction is reading it now.
    pub being_compacted: bool,
}

impl SstFileMetaData {
    /// RocksDB's `name`: the relative file name with a leading '/'.
    pub fn name(&self) -> String {
        format!("/{}", self.relative_filename)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// One level of a column family (RocksDB's LevelMetaData).
pub struct LevelMetaData {
    /// The level's number.
    pub level: i32,
    /// The bytes of its tables.
    pub size: u64,
    /// Its tables, in key order (level 0: newest first).
    pub files: Vec<SstFileMetaData>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A column family's tables by level (RocksDB's ColumnFamilyMetaData), from
/// [`Db::column_family_metadata`](crate::Db::column_family_metadata).
pub struct ColumnFamilyMetaData {
    /// The column family's name.
    pub name: String,
    /// The bytes of all its tables.
    pub size: u64,
    /// The number of its tables.
    pub file_count: usize,
    /// Every level, 0 first, empty ones included.
    pub levels: Vec<LevelMetaData>,
}

/// Which files `column_family_metadata_filtered` lists (RocksDB's GetColumnFamilyMetaDataOptions):
/// a level (None: all) and user keys in `[start, limit)` (None: unbounded).
#[derive(Clone, Debug, Default)]
pub struct MetaDataFilter {
    /// Only this level's tables (None: all levels).
    pub level: Option<usize>,
    /// Only tables with keys at or after this one.
    pub start: Option<Vec<u8>>,
    /// Only tables with keys before this one.
    pub limit: Option<Vec<u8>>,
}

fn sst_metadata(f: &FileMetaData, cf: &ColumnFamily, compacting: &FileSet) -> SstFileMetaData {
    SstFileMetaData {
        file_number: f.number,
        relative_filename: table_file_name(f.number),
        directory: cf.table_dir(f.path_id).to_string_lossy().into_owned(),
        size: f.file_size,
        smallest_seqno: f.smallest_seqno,
        largest_seqno: f.largest_seqno,
        smallest_key: user_key(&f.smallest).to_vec(),
        largest_key: user_key(&f.largest).to_vec(),
        num_entries: f.num_entries,
        num_deletions: f.num_deletions,
        being_compacted: compacting.contains(&f.number),
    }
}

/// `compacting`: the inputs of running compactions (`DbState::compacting`).
fn cf_metadata(cf: &ColumnFamily, filter: Option<&MetaDataFilter>, compacting: &FileSet) -> ColumnFamilyMetaData {
    let version = cf.super_version().version.clone();
    let icmp = &cf.icmp;
    let mut meta = ColumnFamilyMetaData { name: cf.name.clone(), size: 0, file_count: 0, levels: Vec::new() };
    for (level, files) in version.levels.iter().enumerate() {
        let picked = match filter {
            None => files.clone(),
            Some(f) if f.level.is_some_and(|l| l != level) => continue,
            Some(f) => version.overlapping_files_to(icmp, level, f.start.as_deref(), f.limit.as_deref().map(|l| (l, false))),
        };
        let files: Vec<SstFileMetaData> = picked.iter().map(|f| sst_metadata(f, cf, compacting)).collect();
        let size = files.iter().map(|f| f.size).sum();
        meta.size += size;
        meta.file_count += files.len();
        // Unfiltered, every level is listed (empty ones too); filtered, only levels with files.
        if filter.is_none() || !files.is_empty() {
            meta.levels.push(LevelMetaData { level: level as i32, size, files });
        }
    }
    meta
}

impl Db {
    /// Every live table file of every column family.
    pub fn live_files_metadata(&self) -> Result<Vec<LiveFileMetaData>> {
        self.inner.check_open()?;
        let cfs: Vec<_> = self.inner.cfs.read().values().cloned().collect();
        let compacting = self.inner.state.lock().compacting.clone();
        let mut out = Vec::new();
        for cf in cfs.iter().filter(|c| !c.dropped.load(std::sync::atomic::Ordering::Acquire)) {
            for level in cf_metadata(cf, None, &compacting).levels {
                for file in level.files {
                    out.push(LiveFileMetaData { column_family_name: cf.name.clone(), level: level.level, file });
                }
            }
        }
        Ok(out)
    }

    /// One column family's files by level; with a filter, only the files it selects.
    pub fn column_family_metadata(&self, cf: &ColumnFamilyHandle, filter: Option<&MetaDataFilter>) -> Result<ColumnFamilyMetaData> {
        self.inner.check_open()?;
        let cf = self.inner.cf_for_handle(cf)?;
        let compacting = self.inner.state.lock().compacting.clone();
        Ok(cf_metadata(&cf, filter, &compacting))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{FlushOptions, Options, WriteOptions};
    use crate::util::testutil::TempDir;

    fn flushed_db(dir: &TempDir) -> Db {
        let db = Db::open(&Options { create_if_missing: true, ..Default::default() }, &dir.0).unwrap();
        // Three level-0 files: [a, c], [b, d] and [x, z].
        for keys in [["a", "c"], ["b", "d"], ["x", "z"]] {
            for k in keys {
                db.put(&WriteOptions::default(), k.as_bytes(), b"v").unwrap();
            }
            db.delete(&WriteOptions::default(), b"gone").unwrap();
            db.flush(&FlushOptions::default()).unwrap();
        }
        db
    }

    #[test]
    fn live_files_list_every_table_with_its_keys_and_counts() {
        let dir = TempDir::new("meta-live");
        let db = flushed_db(&dir);
        let files = db.live_files_metadata().unwrap();
        assert_eq!(files.len(), 3);
        for f in &files {
            assert_eq!(f.column_family_name, "default");
            assert_eq!(f.level, 0);
            assert!(f.file.name().starts_with('/') && f.file.name().ends_with(".sst"));
            let on_disk = std::fs::metadata(dir.0.join(&f.file.relative_filename)).unwrap().len();
            assert_eq!(f.file.size, on_disk);
            assert_eq!(f.file.num_entries, 3);
            assert_eq!(f.file.num_deletions, 1);
            assert_eq!(f.file.directory, dir.0.to_string_lossy());
        }
        let mut ranges: Vec<(Vec<u8>, Vec<u8>)> = files.iter().map(|f| (f.file.smallest_key.clone(), f.file.largest_key.clone())).collect();
        ranges.sort();
        assert_eq!(ranges[0], (b"a".to_vec(), b"gone".to_vec()));
        assert_eq!(ranges[2], (b"gone".to_vec(), b"z".to_vec()));
    }

    #[test]
    fn column_family_metadata_by_level_and_range() {
        let dir = TempDir::new("meta-cf");
        let db = flushed_db(&dir);
        let cf = db.default_column_family();
        let all = db.column_family_metadata(&cf, None).unwrap();
        assert_eq!(all.name, "default");
        assert_eq!(all.file_count, 3);
        assert_eq!(all.levels.len(), 7, "every level is listed");
        assert_eq!(all.levels[0].files.len(), 3);
        assert_eq!(all.size, all.levels[0].files.iter().map(|f| f.size).sum::<u64>());
        // [x, y) touches only the [gone, z] file directly; level 0 widens the range to it,
        // which brings in the two files reaching "gone".
        let f = MetaDataFilter { level: Some(0), start: Some(b"x".to_vec()), limit: Some(b"y".to_vec()) };
        let some = db.column_family_metadata(&cf, Some(&f)).unwrap();
        assert_eq!(some.file_count, 3);
        // A range no file reaches lists nothing, and no levels.
        let f = MetaDataFilter { level: None, start: Some(b"zz".to_vec()), limit: None };
        let none = db.column_family_metadata(&cf, Some(&f)).unwrap();
        assert_eq!((none.file_count, none.levels.len(), none.size), (0, 0, 0));
        // The limit is exclusive: [0, a) holds nothing.
        let f = MetaDataFilter { level: None, start: None, limit: Some(b"a".to_vec()) };
        assert_eq!(db.column_family_metadata(&cf, Some(&f)).unwrap().file_count, 0);
        let f = MetaDataFilter { level: Some(3), start: None, limit: None };
        assert_eq!(db.column_family_metadata(&cf, Some(&f)).unwrap().file_count, 0);
    }
}
