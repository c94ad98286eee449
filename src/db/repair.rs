//! RocksDB's RepairDB (`rocksdb_repair_db`): rebuilds a database's MANIFEST from the files
//! in its directory when the MANIFEST is lost or corrupted, as RocksDB's Repairer does
//! (db/repair.cc), without trusting anything the old MANIFESTs said:
//! 1. under the LOCK, every file of the directory (and of a separate wal_dir) is classified
//!    by name; a directory without files is "repair found no files";
//! 2. the old MANIFESTs move to `lost/`, and a fresh MANIFEST-000001 is created (a new DB);
//! 3. every table is scanned: its properties name its column family (added when the new
//!    MANIFEST lacks it; an unknown id means the default family), its entries and range
//!    tombstones give its key range and sequence numbers; a table that cannot be read moves
//!    to `lost/`;
//! 4. every table found goes to level 0 of its column family, LastSequence becomes the largest
//!    sequence number found, NextFileNumber passes every file number seen, LogNumber is 0;
//! 5. the WALs are then turned into level-0 tables: a copy of each goes to `lost/`, and the
//!    database is opened once (every column family the new MANIFEST lists, with the repair's
//!    options, skipping corrupted WAL records as the repairer's log reader does), which replays
//!    them into tables and removes them; then it is closed.
//!
//! Step 5 uses the database's own recovery instead of a second copy of the WAL replay and the
//! flush: the tables and the WALs left behind are the same as RocksDB's.

use super::Db;
use crate::error::{Code, Error, Result};
use crate::iter::InternalIterator;
use crate::env::FileSystem;
use crate::key::{parse_internal_key, InternalKeyComparator, ValueType};
use crate::options::{Options, WalRecoveryMode};
use crate::table::properties::UNKNOWN_COLUMN_FAMILY_ID;
use crate::table::reader::{Table, TableReadOptions};
use crate::version::edit::{FileMetaData, VersionEdit};
use crate::version::filename::{parse_file_name, table_file_name, wal_file_name, FileType};
use crate::version::set::{VersionSet, DEFAULT_COLUMN_FAMILY_NAME};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// The files of a database directory, by kind.
#[derive(Default)]
struct Found {
    manifests: Vec<String>,
    tables: Vec<u64>,
    wals: Vec<u64>,
    /// One past the largest file number seen.
    next_file_number: u64,
}

/// A table the repair keeps: its column family and MANIFEST entry.
struct Recovered {
    cf_id: u32,
    cf_name: String,
    meta: FileMetaData,
}

/// RocksDB's RepairDB(dbname, options): column families found in the tables are created with
/// `opts` (RocksDB's create_unknown_cfs with the same options).
pub(super) fn repair(opts: &Options, path: &Path) -> Result<()> {
    let fs = opts.file_system();
    let wal_dir = if opts.wal_dir.is_empty() { path.to_path_buf() } else { PathBuf::from(&opts.wal_dir) };
    let column_families = {
        // RocksDB creates the directory (for its info LOG) before taking the LOCK, so a
        // missing directory repairs into an empty database.
        fs.create_dir_all(path)?;
        let _lock = fs.lock_file(&path.join("LOCK"))?;
        let found = find_files(fs.as_ref(), path, &wal_dir)?;
        for m in &found.manifests {
            archive(fs.as_ref(), &path.join(m));
        }
        let icmp = InternalKeyComparator::new(opts.comparator.clone());
        let mut versions = VersionSet::new(fs.clone(), path.to_path_buf(), opts.num_levels.max(1) as usize, icmp.clone());
        versions.create_new()?;
        versions.recover()?;
        let mut tables = Vec::new();
        for &number in &found.tables {
            let file = path.join(table_file_name(number));
            match scan_table(fs.as_ref(), &file, number, &icmp) {
                Ok(t) => tables.push(t),
                // A table that cannot be read is set aside, as RocksDB's repairer does.
                Err(_) => archive(fs.as_ref(), &file),
            }
        }
        add_tables(&mut versions, tables, found.next_file_number)?;
        // WAL copies go to lost/ (RocksDB archives each log once it is converted).
        for &n in &found.wals {
            let from = wal_dir.join(wal_file_name(n));
            let lost = lost_path(&from);
            let _ = fs.create_dir_all(lost.parent().unwrap_or(&wal_dir));
            if fs.link_file(&from, &lost).is_err() {
                copy_file(fs.as_ref(), &from, &lost)?;
            }
        }
        if found.wals.is_empty() {
            return Ok(());
        }
        versions.cf_names()
    };
    // The WALs become level-0 tables through the database's own recovery (the LOCK is free
    // again; open takes it).
    let mut o = opts.clone();
    o.create_if_missing = false;
    o.error_if_exists = false;
    o.create_missing_column_families = false;
    // The repairer's log reader drops what fails its checksum and goes on.
    o.wal_recovery_mode = WalRecoveryMode::SkipAnyCorruptedRecords;
    let cfs: Vec<(String, Options)> = column_families.into_iter().map(|n| (n, o.clone())).collect();
    let (db, _handles) = Db::open_cf(&o, path, &cfs)?;
    db.close()
}

/// Step 1: the files of `path` (and of `wal_dir` when it is another directory) by kind.
fn find_files(fs: &dyn FileSystem, path: &Path, wal_dir: &Path) -> Result<Found> {
    let mut found = Found { next_file_number: 1, ..Default::default() };
    let mut any = false;
    let mut dirs = vec![path.to_path_buf()];
    if wal_dir != path {
        dirs.push(wal_dir.to_path_buf());
    }
    for (i, dir) in dirs.iter().enumerate() {
        let names = fs.list_dir(dir)?;
        any |= names.iter().any(|n| n != "." && n != "..");
        for name in names {
            let Some((t, number)) = parse_file_name(&name) else {
                continue;
            };
            if t == FileType::Manifest {
                if i == 0 {
                    found.manifests.push(name);
                }
                continue;
            }
            found.next_file_number = found.next_file_number.max(number + 1);
            match t {
                FileType::Wal => found.wals.push(number),
                // RocksDB reads a table by its .sst name; a legacy .ldb name is not read.
                FileType::Table if i == 0 && name.ends_with(".sst") => found.tables.push(number),
                _ => {}
            }
        }
    }
    if !any {
        return Err(Error::new2(Code::Corruption, path.to_string_lossy(), "repair found no files"));
    }
    found.tables.sort_unstable();
    found.tables.dedup();
    found.wals.sort_unstable();
    found.wals.dedup();
    Ok(found)
}

/// Step 3: a table's column family (from its properties) and its MANIFEST entry (from its
/// entries and range tombstones).
fn scan_table(fs: &dyn FileSystem, file: &Path, number: u64, icmp: &InternalKeyComparator) -> Result<Recovered> {
    let f = fs.new_random_access_file(file)?;
    let size = f.size()?;
    let opts = TableReadOptions { comparator: icmp.clone(), verify_checksums: true, file_number: number, ..Default::default() };
    let table = Table::open_external(f, size, opts, 0)?;
    let props = table.properties();
    let (cf_id, cf_name) = if props.column_family_id == UNKNOWN_COLUMN_FAMILY_ID {
        // A table without a column family (an old format) belongs to the default one.
        (0, DEFAULT_COLUMN_FAMILY_NAME.to_string())
    } else {
        (props.column_family_id as u32, props.column_family_name.clone())
    };
    let mut meta = FileMetaData { number, file_size: size, smallest_seqno: u64::MAX, ..Default::default() };
    meta.oldest_ancester_time = props.creation_time;
    meta.file_creation_time = props.file_creation_time;
    let widen = |ikey: &[u8], seq: u64, meta: &mut FileMetaData| {
        if meta.smallest.is_empty() || icmp.compare(ikey, &meta.smallest) == Ordering::Less {
            meta.smallest = ikey.to_vec();
        }
        if meta.largest.is_empty() || icmp.compare(ikey, &meta.largest) == Ordering::Greater {
            meta.largest = ikey.to_vec();
        }
        meta.smallest_seqno = meta.smallest_seqno.min(seq);
        meta.largest_seqno = meta.largest_seqno.max(seq);
        meta.num_entries += 1;
    };
    let mut it = table.iter(false);
    it.seek_to_first();
    while it.valid() {
        // An entry whose key does not parse is skipped, as RocksDB's ScanTable skips it.
        if let Ok(k) = parse_internal_key(it.key()) {
            let (seq, t) = (k.sequence, k.value_type);
            widen(it.key(), seq, &mut meta);
            meta.raw_key_size += it.key().len() as u64;
            meta.raw_value_size += it.value().len() as u64;
            if matches!(t, ValueType::Deletion | ValueType::SingleDeletion) {
                meta.num_deletions += 1;
            }
        }
        it.next();
    }
    it.status()?;
    for (ikey, end) in table.range_tombstones()? {
        let t = crate::rangedel::RangeTombstone::from_table_entry(&ikey, &end)?;
        widen(&ikey, t.seq, &mut meta);
        let end_key = crate::key::make_internal_key(&t.end, crate::key::MAX_SEQUENCE_NUMBER, ValueType::RangeDeletion);
        widen(&end_key, t.seq, &mut meta);
        meta.num_entries -= 1;
        meta.num_deletions += 1;
    }
    if meta.smallest.is_empty() {
        meta.smallest_seqno = 0;
    }
    Ok(Recovered { cf_id, cf_name, meta })
}

/// Step 4: the tables at level 0 of their column families (each family the new MANIFEST
/// lacks is added first; a table whose family name disagrees with the id's is set aside).
fn add_tables(versions: &mut VersionSet, tables: Vec<Recovered>, next_file_number: u64) -> Result<()> {
    versions.mark_file_number_used(next_file_number.saturating_sub(1));
    let max_sequence = tables.iter().map(|t| t.meta.largest_seqno).max().unwrap_or(0);
    versions.set_last_sequence(max_sequence.max(versions.last_sequence()));
    let mut by_cf: std::collections::BTreeMap<u32, Vec<FileMetaData>> = Default::default();
    for t in tables {
        match versions.cf(t.cf_id) {
            Some(cf) if cf.name != t.cf_name => {
                // RocksDB: "inconsistent column family name"; the table is ignored.
                continue;
            }
            Some(_) => {}
            None => {
                let mut add = VersionEdit { column_family: t.cf_id, ..Default::default() };
                add.column_family_add = Some(t.cf_name.clone());
                add.comparator = Some(versions.icmp().user.name().to_string());
                add.log_number = Some(0);
                versions.log_and_apply(vec![add])?;
            }
        }
        by_cf.entry(t.cf_id).or_default().push(t.meta);
    }
    for (cf_id, files) in by_cf {
        let mut e = VersionEdit { column_family: cf_id, ..Default::default() };
        e.comparator = Some(versions.icmp().user.name().to_string());
        e.log_number = Some(0);
        for f in files {
            e.new_files.push((0, f));
        }
        versions.log_and_apply(vec![e])?;
    }
    Ok(())
}

/// `dir/name` -> `dir/lost/name`.
fn lost_path(file: &Path) -> PathBuf {
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    dir.join("lost").join(file.file_name().unwrap_or_default())
}

/// Moves a file to `lost/` beside it (RocksDB's ArchiveFile: failures are only logged).
fn archive(fs: &dyn FileSystem, file: &Path) {
    let to = lost_path(file);
    if let Some(d) = to.parent() {
        let _ = fs.create_dir_all(d);
    }
    let _ = fs.rename(file, &to);
}

fn copy_file(fs: &dyn FileSystem, from: &Path, to: &Path) -> Result<()> {
    let data = crate::env::read_file_to_vec(fs, from)?;
    let mut w = fs.new_writable_file(to)?;
    w.append(&data)?;
    w.sync()?;
    w.close()
}

impl Db {
    /// RocksDB's RepairDB: rebuilds the MANIFEST of the database at `path` from its tables and
    /// WALs, trusting nothing the old MANIFESTs said: every readable table goes to level 0 of
    /// the column family its properties name, unreadable ones and the old MANIFESTs move to
    /// `lost/`, and the WALs are replayed into tables. Fails with the LOCK's error while the database is open.
    pub fn repair(opts: &Options, path: impl AsRef<Path>) -> Result<()> {
        repair(opts, path.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{FlushOptions, ReadOptions, WriteOptions};
    use crate::util::testutil::TempDir;

    fn opts() -> Options {
        let mut o = Options::default();
        o.create_if_missing = true;
        o
    }

    fn get(db: &Db, k: &str) -> Option<String> {
        db.get(&ReadOptions::new(), k.as_bytes()).unwrap().map(|v| String::from_utf8(v).unwrap())
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_lost_manifest_is_rebuilt_from_the_tables_and_the_wal() {
        let dir = TempDir::new("repair-lost");
        let wo = WriteOptions::default();
        {
            let db = Db::open(&opts(), &dir.0).unwrap();
            db.put(&wo, b"a", b"1").unwrap();
            db.put(&wo, b"b", b"2").unwrap();
            db.flush(&FlushOptions::default()).unwrap();
            db.delete(&wo, b"a").unwrap();
            db.put(&wo, b"c", b"3").unwrap();
            db.flush(&FlushOptions::default()).unwrap();
            // Left in the WAL only.
            db.put(&wo, b"d", b"4").unwrap();
            db.put(&wo, b"b", b"22").unwrap();
            db.close().unwrap();
        }
        for n in names(&dir.0) {
            if n.starts_with("MANIFEST-") || n == "CURRENT" {
                std::fs::remove_file(&dir.0.join(n)).unwrap();
            }
        }
        assert!(Db::open(&Options::default(), &dir.0).is_err(), "no CURRENT: the database cannot open");
        Db::repair(&Options::default(), &dir.0).unwrap();
        let db = Db::open(&Options::default(), &dir.0).unwrap();
        assert_eq!(get(&db, "a"), None, "the delete (in a table) still hides a");
        assert_eq!(get(&db, "b").as_deref(), Some("22"), "the WAL's newer value wins");
        assert_eq!(get(&db, "c").as_deref(), Some("3"));
        assert_eq!(get(&db, "d").as_deref(), Some("4"), "the WAL's key became a table");
        // New writes get sequence numbers above everything recovered.
        db.put(&wo, b"b", b"222").unwrap();
        assert_eq!(get(&db, "b").as_deref(), Some("222"));
        db.close().unwrap();
        let lost = names(&&dir.0.join("lost"));
        assert!(lost.iter().any(|n| n.ends_with(".log")), "the WAL is archived in lost/: {lost:?}");
        assert!(!names(&dir.0).iter().any(|n| n.ends_with(".log") && lost.contains(n)), "and gone from the directory");
    }

    #[test]
    fn a_corrupted_manifest_is_set_aside_and_every_column_family_comes_back() {
        let dir = TempDir::new("repair-corrupt");
        let wo = WriteOptions::default();
        {
            let mut o = opts();
            o.create_missing_column_families = true;
            let cfs = vec![("default".to_string(), o.clone()), ("two".to_string(), o.clone())];
            let (db, handles) = Db::open_cf(&o, &dir.0, &cfs).unwrap();
            db.put_cf(&wo, &handles[1], b"k", b"in-two").unwrap();
            db.put(&wo, b"k", b"in-default").unwrap();
            db.flush_cf(&FlushOptions::default(), &handles[1]).unwrap();
            db.flush(&FlushOptions::default()).unwrap();
            db.close().unwrap();
        }
        let manifest = names(&dir.0).into_iter().find(|n| n.starts_with("MANIFEST-")).unwrap();
        let path = &dir.0.join(&manifest);
        let mut bytes = std::fs::read(&path).unwrap();
        for b in bytes.iter_mut().skip(7) {
            *b ^= 0x5a;
        }
        std::fs::write(&path, bytes).unwrap();
        assert!(Db::open(&Options::default(), &dir.0).is_err(), "the corrupted MANIFEST does not open");
        Db::repair(&Options::default(), &dir.0).unwrap();
        assert!(names(&&dir.0.join("lost")).contains(&manifest), "the old MANIFEST is in lost/");
        let listed = Db::list_column_families(&Options::default(), &dir.0).unwrap();
        assert_eq!(listed, vec!["default".to_string(), "two".to_string()]);
        let o = Options::default();
        let cfs = vec![("default".to_string(), o.clone()), ("two".to_string(), o.clone())];
        let (db, handles) = Db::open_cf(&o, &dir.0, &cfs).unwrap();
        assert_eq!(get(&db, "k").as_deref(), Some("in-default"));
        let v = db.get_cf(&ReadOptions::new(), &handles[1], b"k").unwrap();
        assert_eq!(v.as_deref(), Some(&b"in-two"[..]));
        db.close().unwrap();
    }

    #[test]
    fn repair_refuses_an_open_database_and_makes_a_missing_one() {
        let dir = TempDir::new("repair-refuse");
        let db = Db::open(&opts(), &dir.0).unwrap();
        let e = Db::repair(&Options::default(), &dir.0).unwrap_err();
        assert!(e.to_string().starts_with("IO error: lock hold by current process"), "{e}");
        db.close().unwrap();
        // A missing or empty directory holds the LOCK once repair takes it, so (as in
        // RocksDB) repair makes an empty database there.
        for empty in [TempDir::new("repair-missing"), TempDir::created("repair-empty")] {
            Db::repair(&Options::default(), &empty.0).unwrap();
            let db = Db::open(&Options::default(), &empty.0).unwrap();
            assert_eq!(get(&db, "a"), None);
            db.close().unwrap();
        }
    }
}
