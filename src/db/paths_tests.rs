//! db_paths / cf_paths: where flushes and compactions put tables, the path id the MANIFEST
//! records (so a reopen finds each table), obsolete-file deletion and destroy in every path,
//! and checkpoints refusing several directories, as RocksDB does.

use super::*;
use crate::options::{DbPath, FlushOptions, ReadOptions, WriteOptions};
use crate::util::testutil::{scan_all, TempDir};
use crate::version::filename::{parse_file_name, FileType};

fn tables_in(dir: &Path) -> Vec<u64> {
    let mut v: Vec<u64> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| match parse_file_name(&e.ok()?.file_name().to_string_lossy()) {
                Some((FileType::Table, n)) => Some(n),
                _ => None,
            })
            .collect()
        })
        .unwrap_or_default();
    v.sort_unstable();
    v
}

fn db_path(dir: &Path, target_size: u64) -> DbPath {
    DbPath { path: dir.to_string_lossy().into_owned(), target_size }
}

/// Two paths: the first too small for level 1's estimate, so only flushes write there and
/// every compaction output goes to the second (RocksDB's GetPathId).
fn two_path_opts(p0: &Path, p1: &Path) -> Options {
    let mut o = Options { create_if_missing: true, ..Default::default() };
    o.write_buffer_size = 64 << 10;
    o.target_file_size_base = 64 << 10;
    o.max_bytes_for_level_base = 256 << 10;
    o.level0_file_num_compaction_trigger = 2;
    o.db_paths = vec![db_path(p0, 100 << 10), db_path(p1, u64::MAX)];
    o
}

fn fill(db: &Db, rounds: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut expected = BTreeMap::new();
    for r in 0..rounds {
        for i in 0..500u32 {
            let k = format!("key{:06}", (i * 7919 + r as u32 * 31) % 3000).into_bytes();
            let v = format!("value-{r}-{i}-{}", "x".repeat(60)).into_bytes();
            db.put(&WriteOptions::default(), &k, &v).unwrap();
            expected.insert(k, v);
        }
        db.flush(&FlushOptions::default()).unwrap();
    }
    db.wait_for_background_work().unwrap();
    expected.into_iter().collect()
}

#[test]
fn compaction_outputs_go_to_the_path_their_level_fits() {
    let base = TempDir::created("dbpaths");
    let (dbdir, p0, p1) = (base.0.join("db"), base.0.join("fast"), base.0.join("slow"));
    let o = two_path_opts(&p0, &p1);
    let db = Db::open(&o, &dbdir).unwrap();
    assert!(!db.inner.cf(0).unwrap().opts().level_compaction_dynamic_level_bytes, "several paths turn dynamic level bytes off");
    let expected = fill(&db, 6);
    let v = db.inner.cf(0).unwrap().super_version().version.clone();
    assert!(v.levels[1..].iter().any(|l| !l.is_empty()), "compactions ran");
    // Every file of level 1 and below was written by a compaction: path 1; level 0 holds
    // flush outputs: path 0. The directories agree with the version.
    for (level, files) in v.levels.iter().enumerate() {
        for f in files {
            let want = if level == 0 { 0 } else { 1 };
            assert_eq!(f.path_id, want, "L{level} file {}", f.number);
            let dir = if want == 0 { &p0 } else { &p1 };
            assert!(tables_in(dir).contains(&f.number), "{} in {}", f.number, dir.display());
        }
    }
    assert!(tables_in(&dbdir).is_empty(), "no table in the db directory");
    // The metadata names each file's directory.
    for m in db.live_files_metadata().unwrap() {
        let dir = if m.level == 0 { &p0 } else { &p1 };
        assert_eq!(m.file.directory, dir.to_string_lossy());
    }
    // A checkpoint of tables in several directories: RocksDB's NotSupported.
    let err = db.create_checkpoint(&base.0.join("cp"), 0).unwrap_err();
    assert_eq!(err.to_string(), "Not implemented: db_paths / cf_paths not supported for Checkpoint nor BackupEngine");
    assert!(!base.0.join("cp").exists());
    db.close().unwrap();

    // The MANIFEST's path ids send the reopen to the right directories; its obsolete-file
    // scan leaves only live tables in both paths.
    let db = Db::open(&o, &dbdir).unwrap();
    let live: BTreeSet<u64> = v.all_file_numbers().into_iter().collect();
    let on_disk: BTreeSet<u64> = tables_in(&p0).into_iter().chain(tables_in(&p1)).collect();
    assert_eq!(on_disk, live);
    assert_eq!(scan_all(&db, &ReadOptions::new()), expected);
    for (k, v) in expected.iter().step_by(97) {
        assert_eq!(db.get(&ReadOptions::new(), k).unwrap().as_deref(), Some(&v[..]));
    }
    // A manual compaction writes to its target path id, 0 by default (CompactRangeOptions).
    db.put(&WriteOptions::default(), b"key000000", b"new").unwrap();
    db.put(&WriteOptions::default(), b"key999999", b"new").unwrap();
    let mut expected = expected;
    expected[0].1 = b"new".to_vec();
    expected.push((b"key999999".to_vec(), b"new".to_vec()));
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    let after = db.inner.cf(0).unwrap().super_version().version.clone();
    let outputs: Vec<_> = after.levels.iter().flatten().filter(|f| !live.contains(&f.number)).collect();
    assert!(!outputs.is_empty());
    assert!(outputs.iter().all(|f| f.path_id == 0 && tables_in(&p0).contains(&f.number)));
    assert_eq!(scan_all(&db, &ReadOptions::new()), expected);
    db.close().unwrap();

    // Destroy with the same options empties and removes every path.
    Db::destroy(&o, &dbdir).unwrap();
    assert!(!dbdir.exists() && !p0.exists() && !p1.exists());
}

#[test]
fn a_family_with_cf_paths_keeps_its_tables_there() {
    let base = TempDir::created("cfpaths");
    let (dbdir, cfdir) = (base.0.join("db"), base.0.join("cf1"));
    let o = Options { create_if_missing: true, ..Default::default() };
    let mut cfo = o.clone();
    cfo.cf_paths = vec![db_path(&cfdir, 1 << 20)];
    let cfs = [("default".to_string(), o.clone()), ("cf1".to_string(), cfo.clone())];
    let mut create = o.clone();
    create.create_missing_column_families = true;
    {
        let (db, h) = Db::open_cf(&create, &dbdir, &cfs).unwrap();
        assert!(cfdir.is_dir(), "open creates the cf_paths directory");
        db.put_cf(&WriteOptions::default(), &h[1], b"foo", b"hello").unwrap();
        db.put_cf(&WriteOptions::default(), &h[0], b"bar", b"default").unwrap();
        db.flush_cf(&FlushOptions::default(), &h[1]).unwrap();
        db.flush_cf(&FlushOptions::default(), &h[0]).unwrap();
        let m = db.column_family_metadata(&h[1], None).unwrap();
        let files: Vec<_> = m.levels.iter().flat_map(|l| l.files.iter()).collect();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].directory, cfdir.to_string_lossy());
        assert_eq!(tables_in(&cfdir), vec![files[0].file_number]);
        assert_eq!(tables_in(&dbdir).len(), 1, "the default family's table stays in the db directory");
        db.close().unwrap();
    }
    let (db, h) = Db::open_cf(&o, &dbdir, &cfs).unwrap();
    assert_eq!(db.get_cf(&ReadOptions::new(), &h[1], b"foo").unwrap().as_deref(), Some(&b"hello"[..]));
    assert_eq!(db.get_cf(&ReadOptions::new(), &h[0], b"bar").unwrap().as_deref(), Some(&b"default"[..]));
    // A family created later with its own path.
    let mut cf2 = o.clone();
    let cf2dir = base.0.join("cf2");
    cf2.cf_paths = vec![db_path(&cf2dir, 1 << 20)];
    let h2 = db.create_column_family(&cf2, "cf2").unwrap();
    db.put_cf(&WriteOptions::default(), &h2, b"k", b"v").unwrap();
    db.flush_cf(&FlushOptions::default(), &h2).unwrap();
    assert_eq!(tables_in(&cf2dir).len(), 1);
    // Dropping it makes its table obsolete; deletion finds it in its directory.
    db.drop_column_family(&h2).unwrap();
    // The next flush's obsolete-file pass finds it there.
    db.put_cf(&WriteOptions::default(), &h[0], b"again", b"1").unwrap();
    db.flush_cf(&FlushOptions::default(), &h[0]).unwrap();
    assert_eq!(tables_in(&cf2dir), Vec::<u64>::new());
    db.close().unwrap();
}

#[test]
fn more_than_four_db_paths_are_refused() {
    let base = TempDir::created("fivepaths");
    let mut o = Options { create_if_missing: true, ..Default::default() };
    o.db_paths = (0..5).map(|i| db_path(&base.0.join(format!("p{i}")), 1 << 30)).collect();
    let err = Db::open(&o, base.0.join("db")).err().unwrap();
    assert_eq!(err.to_string(), "Not implemented: More than four DB paths are not supported yet. ");
}
