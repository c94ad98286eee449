//! Engine tests of user comparators beyond the model test (`tests.rs`): a comparator per
//! column family, the name check at reopen (which must touch nothing), compact_range bounds
//! and ingestion under a comparator.

use super::*;
use crate::options::{FlushOptions, ReadOptions, WriteOptions};
use crate::util::comparator::Comparator;
use crate::util::testutil::{comparators, scan_all, TempDir};
use std::collections::BTreeMap;

fn opts(cmp: Comparator) -> Options {
    Options { create_if_missing: true, create_missing_column_families: true, comparator: cmp, ..Default::default() }
}

fn keys(db: &Db, cf: &ColumnFamilyHandle) -> Vec<String> {
    let mut it = db.iter_cf(&ReadOptions::new(), cf).unwrap();
    it.seek_to_first();
    let mut out = Vec::new();
    while it.valid() {
        out.push(String::from_utf8_lossy(it.key()).into_owned());
        it.next();
    }
    it.status().unwrap();
    out
}

/// Every file of the directory with its bytes (the "touches nothing" check).
fn snapshot_dir(dir: &std::path::Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        out.insert(e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap());
    }
    out
}

/// Three families, three orders: bytewise, the built-in reverse one and a numeric user one;
/// each keeps its own through flush, compaction, reopen and a family created later.
#[test]
fn each_column_family_orders_keys_by_its_own_comparator() {
    let d = TempDir::new("cf-comparators");
    let names = ["default", "rev", "num"];
    let cmps = [Comparator::Bytewise, Comparator::ReverseBytewise, comparators::numeric()];
    let cfs: Vec<(String, Options)> = names.iter().zip(&cmps).map(|(n, c)| (n.to_string(), opts(c.clone()))).collect();
    let input = ["k9", "k10", "k100", "k2", "k1"];
    let want = [
        vec!["k1", "k10", "k100", "k2", "k9"],
        vec!["k9", "k2", "k100", "k10", "k1"],
        vec!["k1", "k2", "k9", "k10", "k100"],
    ];
    {
        let (db, handles) = Db::open_cf(&opts(Comparator::Bytewise), &d.0, &cfs).unwrap();
        for (i, h) in handles.iter().enumerate() {
            for (j, k) in input.iter().enumerate() {
                db.put_cf(&WriteOptions::default(), h, k.as_bytes(), format!("{i}-{j}").as_bytes()).unwrap();
                if j == 2 {
                    db.flush_cf(&FlushOptions::default(), h).unwrap();
                }
            }
            assert_eq!(keys(&db, h), want[i], "{} in memtable and table", names[i]);
            db.flush_cf(&FlushOptions::default(), h).unwrap();
            db.compact_range_cf(h, None, None).unwrap();
            assert_eq!(keys(&db, h), want[i], "{} after compaction", names[i]);
        }
        let late = db.create_column_family(&opts(comparators::reverse()), "late").unwrap();
        for k in input {
            db.put_cf(&WriteOptions::default(), &late, k.as_bytes(), b"x").unwrap();
        }
        db.flush_cf(&FlushOptions::default(), &late).unwrap();
        db.close().unwrap();
    }
    let mut cfs = cfs;
    cfs.push(("late".to_string(), opts(comparators::reverse())));
    let (db, handles) = Db::open_cf(&opts(Comparator::Bytewise), &d.0, &cfs).unwrap();
    for (i, h) in handles.iter().take(3).enumerate() {
        assert_eq!(keys(&db, h), want[i], "{} after reopen", names[i]);
        assert_eq!(db.get_cf(&ReadOptions::new(), h, b"k100").unwrap(), Some(format!("{i}-2").into_bytes()));
    }
    assert_eq!(keys(&db, &handles[3]), want[1], "late after reopen");
    // The OPTIONS file names each family's comparator.
    let options_file = std::fs::read_dir(&d.0)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("OPTIONS-"))
        .max()
        .unwrap();
    let text = std::fs::read_to_string(d.0.join(options_file)).unwrap();
    for name in ["leveldb.BytewiseComparator", "rocksdb.ReverseBytewiseComparator", "ferrock.test.Numeric", "ferrock.test.Reverse"] {
        assert!(text.contains(&format!("comparator={name}")), "OPTIONS lacks {name}");
    }
}

/// A reopen under another comparator name fails with RocksDB's text and changes no file;
/// so does one that gives a family another comparator than it was created with.
#[test]
fn reopen_with_another_comparator_fails_and_touches_nothing() {
    let d = TempDir::new("cmp-mismatch");
    {
        let db = Db::open(&opts(comparators::numeric()), &d.0).unwrap();
        db.put(&WriteOptions::default(), b"k1", b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&WriteOptions::default(), b"k2", b"in the WAL").unwrap();
        db.close().unwrap();
    }
    let before = snapshot_dir(&d.0);
    let err = Db::open(&opts(Comparator::Bytewise), &d.0).err().unwrap();
    assert_eq!(err.to_string(), "Invalid argument: leveldb.BytewiseComparator: does not match existing comparator ferrock.test.Numeric");
    assert_eq!(snapshot_dir(&d.0), before, "a refused open changed the directory");
    let err = Db::open(&opts(comparators::reverse()), &d.0).err().unwrap();
    assert_eq!(err.to_string(), "Invalid argument: ferrock.test.Reverse: does not match existing comparator ferrock.test.Numeric");
    assert_eq!(snapshot_dir(&d.0), before);
    let err = Db::open_for_read_only(&opts(Comparator::Bytewise), &d.0, &[], false).err().unwrap();
    assert!(err.to_string().contains("does not match existing comparator ferrock.test.Numeric"), "{err}");
    // The right one still opens it, with everything.
    let db = Db::open(&opts(comparators::numeric()), &d.0).unwrap();
    assert_eq!(db.get(&ReadOptions::new(), b"k2").unwrap(), Some(b"in the WAL".to_vec()));
    db.close().unwrap();

    // A column family reopened under another comparator than its own.
    let cfs = |c: Comparator| vec![("default".to_string(), opts(comparators::numeric())), ("cf".to_string(), opts(c))];
    let (db, _) = Db::open_cf(&opts(comparators::numeric()), &d.0, &cfs(Comparator::ReverseBytewise)).unwrap();
    db.close().unwrap();
    let before = snapshot_dir(&d.0);
    let err = Db::open_cf(&opts(comparators::numeric()), &d.0, &cfs(Comparator::Bytewise)).err().unwrap();
    assert_eq!(err.to_string(), "Invalid argument: leveldb.BytewiseComparator: does not match existing comparator rocksdb.ReverseBytewiseComparator");
    assert_eq!(snapshot_dir(&d.0), before);
}

/// compact_range's bounds are in the comparator's order: under reverse order [k8, k2]
/// is the range from k8 down to k2, and only the files in it move down (unrewritten: the
/// level-0 files do not overlap, so RocksDB's CompactRange moves them, a trivial move).
#[test]
fn compact_range_bounds_follow_the_comparator() {
    let d = TempDir::new("cmp-compact-range");
    let mut o = opts(comparators::reverse());
    o.disable_auto_compactions = true;
    let db = Db::open(&o, &d.0).unwrap();
    for k in ["k1", "k3", "k5", "k7", "k9"] {
        db.put(&WriteOptions::default(), k.as_bytes(), b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
    }
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0").unwrap(), 5);
    db.compact_range_cf(&db.default_column_family(), Some(b"k8"), Some(b"k2")).unwrap();
    // k7, k5 and k3 went down as they were; k9 and k1 stayed in level 0.
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0").unwrap(), 2);
    let deeper: u64 = (1..7).map(|l| db.property_u64(&format!("rocksdb.num-files-at-level{l}")).unwrap()).sum();
    assert_eq!(deeper, 3);
    let got: Vec<Vec<u8>> = scan_all(&db, &ReadOptions::new()).into_iter().map(|(k, _)| k).collect();
    assert_eq!(got, vec![b"k9".to_vec(), b"k7".to_vec(), b"k5".to_vec(), b"k3".to_vec(), b"k1".to_vec()]);
}

/// An external table written under the family's comparator is ingested; one written under
/// another comparator is refused with RocksDB 11.8.1's text and changes nothing.
#[test]
fn ingestion_checks_the_table_comparator() {
    let d = TempDir::new("cmp-ingest");
    let o = opts(comparators::numeric());
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&WriteOptions::default(), b"k50", b"db").unwrap();
    let good = d.0.with_extension("good.sst");
    let mut w = crate::table::SstFileWriter::new(&o);
    w.open(&good).unwrap();
    for k in ["k2", "k10", "k30"] {
        w.put(k.as_bytes(), b"ingested").unwrap();
    }
    assert_eq!(
        w.put(b"k4", b"x").err().unwrap().to_string(),
        "Invalid argument: Keys must be added in strict ascending order."
    );
    w.finish().unwrap();
    let bad = d.0.with_extension("bad.sst");
    let mut w = crate::table::SstFileWriter::new(&opts(Comparator::Bytewise));
    w.open(&bad).unwrap();
    w.put(b"k1", b"bytewise").unwrap();
    w.finish().unwrap();
    let err = db.ingest_external_file(&[bad.clone()], &Default::default()).err().unwrap();
    assert_eq!(err.to_string(), "Invalid argument: ferrock.test.Numeric: does not match existing comparator leveldb.BytewiseComparator");
    db.ingest_external_file(&[good.clone()], &Default::default()).unwrap();
    let got: Vec<(Vec<u8>, Vec<u8>)> = scan_all(&db, &ReadOptions::new());
    let want: Vec<(Vec<u8>, Vec<u8>)> =
        [("k2", "ingested"), ("k10", "ingested"), ("k30", "ingested"), ("k50", "db")].iter().map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec())).collect();
    assert_eq!(got, want);
    for p in [good, bad] {
        let _ = std::fs::remove_file(p);
    }
}
