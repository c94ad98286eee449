//! DBWithTTL: the stamp format on disk, reads stripping it, compaction dropping stale values
//! by the injected clock (no sleeps), the wrapped merge operator and user filter, and RocksDB's
//! errors for bad input.

use super::*;
use crate::options::{FlushOptions, ReadOptions, WriteOptions};
use crate::util::testutil::{scan_all, TempDir};
use std::sync::atomic::{AtomicI64, Ordering};

const T0: i64 = 1_700_000_000;

fn clock_at(t: &Arc<AtomicI64>) -> TtlClock {
    let t = t.clone();
    Arc::new(move || t.load(Ordering::SeqCst))
}

fn opts() -> Options {
    Options { create_if_missing: true, ..Default::default() }
}

#[test]
fn values_carry_the_write_time_and_reads_strip_it() {
    let d = TempDir::new("ttl-format");
    let now = Arc::new(AtomicI64::new(T0));
    {
        let db = Db::open_with_ttl(&opts(), &d.0, 100, false, clock_at(&now)).unwrap();
        assert!(db.is_ttl());
        db.put(&WriteOptions::default(), b"a", b"apple").unwrap();
        let mut b = WriteBatch::new();
        b.put(b"b", b"banana");
        b.delete(b"a");
        b.put(b"c", b"cherry");
        db.write(&WriteOptions::default(), &b).unwrap();
        assert_eq!(db.get(&ReadOptions::new(), b"b").unwrap().as_deref(), Some(&b"banana"[..]));
        assert_eq!(db.get(&ReadOptions::new(), b"a").unwrap(), None);
        assert_eq!(scan_all(&db, &ReadOptions::new()), vec![(b"b".to_vec(), b"banana".to_vec()), (b"c".to_vec(), b"cherry".to_vec())]);
        db.close().unwrap();
    }
    // Opened without TTL, the stored value is the user's bytes then the time, little-endian.
    let db = Db::open(&opts(), &d.0).unwrap();
    let raw = db.get(&ReadOptions::new(), b"b").unwrap().unwrap();
    assert_eq!(&raw[..6], b"banana");
    assert_eq!(raw[6..].to_vec(), (T0 as u32).to_le_bytes().to_vec());
    // A value too short for a stamp, or stamped before the feature existed: RocksDB's corruption.
    db.put(&WriteOptions::default(), b"short", b"xy").unwrap();
    db.put(&WriteOptions::default(), b"old", &append_ts(b"v", 1_000_000)).unwrap();
    db.close().unwrap();
    let db = Db::open_with_ttl(&opts(), &d.0, 100, false, clock_at(&now)).unwrap();
    assert_eq!(db.get(&ReadOptions::new(), b"short").unwrap_err().to_string(), "Corruption: Error: value's length less than timestamp's\n");
    assert_eq!(db.get(&ReadOptions::new(), b"old").unwrap_err().to_string(), "Corruption: Error: Timestamp < ttl feature release time!\n");
}

#[test]
fn compaction_drops_values_older_than_the_ttl() {
    let d = TempDir::new("ttl-expiry");
    let now = Arc::new(AtomicI64::new(T0));
    let db = Db::open_with_ttl(&opts(), &d.0, 100, false, clock_at(&now)).unwrap();
    db.put(&WriteOptions::default(), b"old", b"1").unwrap();
    now.store(T0 + 60, Ordering::SeqCst);
    db.put(&WriteOptions::default(), b"young", b"2").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    // At T0+150 "old" (written at T0) is past its 100 s; until a compaction it is still read.
    now.store(T0 + 150, Ordering::SeqCst);
    assert_eq!(db.get(&ReadOptions::new(), b"old").unwrap().as_deref(), Some(&b"1"[..]));
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    assert_eq!(db.get(&ReadOptions::new(), b"old").unwrap(), None);
    assert_eq!(db.get(&ReadOptions::new(), b"young").unwrap().as_deref(), Some(&b"2"[..]));
    // Exactly at the limit a value is still fresh (stamp + ttl < now is stale). Each round
    // flushes a table overlapping "young" so the compaction rewrites it (ferrock's
    // CompactRange does not recompact a bottommost level on its own).
    let rewrite = |db: &Db| {
        db.put(&WriteOptions::default(), b"x", b"").unwrap();
        db.put(&WriteOptions::default(), b"zz", b"").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    };
    now.store(T0 + 160, Ordering::SeqCst);
    rewrite(&db);
    assert_eq!(db.get(&ReadOptions::new(), b"young").unwrap().as_deref(), Some(&b"2"[..]));
    now.store(T0 + 161, Ordering::SeqCst);
    rewrite(&db);
    assert_eq!(db.get(&ReadOptions::new(), b"young").unwrap(), None);
    assert_eq!(scan_all(&db, &ReadOptions::new()).len(), 2);
}

#[test]
fn a_ttl_of_zero_or_less_keeps_everything() {
    let d = TempDir::new("ttl-zero");
    let now = Arc::new(AtomicI64::new(T0));
    let db = Db::open_with_ttl(&opts(), &d.0, -5, false, clock_at(&now)).unwrap();
    db.put(&WriteOptions::default(), b"k", b"v").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    now.store(T0 + 1_000_000, Ordering::SeqCst);
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    assert_eq!(db.get(&ReadOptions::new(), b"k").unwrap().as_deref(), Some(&b"v"[..]));
}

#[test]
fn merges_see_unstamped_operands_and_families_have_their_own_ttl() {
    let d = TempDir::new("ttl-merge");
    let now = Arc::new(AtomicI64::new(T0));
    let mut o = opts();
    o.create_missing_column_families = true;
    o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
    let cfs = [("default".to_string(), o.clone()), ("short".to_string(), o.clone())];
    let (db, h) = Db::open_cf_with_ttl(&o, &d.0, &cfs, &[0, 10], false, clock_at(&now)).unwrap();
    db.put_cf(&WriteOptions::default(), &h[0], b"k", b"a").unwrap();
    db.merge_cf(&WriteOptions::default(), &h[0], b"k", b"b").unwrap();
    db.merge_cf(&WriteOptions::default(), &h[0], b"k", b"c").unwrap();
    assert_eq!(db.get_cf(&ReadOptions::new(), &h[0], b"k").unwrap().as_deref(), Some(&b"a,b,c"[..]));
    db.put_cf(&WriteOptions::default(), &h[1], b"k", b"gone").unwrap();
    db.flush_cf(&FlushOptions::default(), &h[0]).unwrap();
    db.flush_cf(&FlushOptions::default(), &h[1]).unwrap();
    now.store(T0 + 11, Ordering::SeqCst);
    db.compact_range_cf(&h[0], None, None).unwrap();
    db.compact_range_cf(&h[1], None, None).unwrap();
    assert_eq!(db.get_cf(&ReadOptions::new(), &h[0], b"k").unwrap().as_deref(), Some(&b"a,b,c"[..]));
    assert_eq!(db.get_cf(&ReadOptions::new(), &h[1], b"k").unwrap(), None);
    // A family created later with its own TTL; one created plainly gets TTL 0 (stamped).
    let c = db.create_column_family_with_ttl(&opts(), "later", 5).unwrap();
    db.put_cf(&WriteOptions::default(), &c, b"x", b"y").unwrap();
    let p = db.create_column_family(&opts(), "plain").unwrap();
    db.put_cf(&WriteOptions::default(), &p, b"x", b"z").unwrap();
    db.flush_cf(&FlushOptions::default(), &c).unwrap();
    db.flush_cf(&FlushOptions::default(), &p).unwrap();
    now.store(T0 + 100, Ordering::SeqCst);
    db.compact_range_cf(&c, None, None).unwrap();
    db.compact_range_cf(&p, None, None).unwrap();
    assert_eq!(db.get_cf(&ReadOptions::new(), &c, b"x").unwrap(), None);
    assert_eq!(db.get_cf(&ReadOptions::new(), &p, b"x").unwrap().as_deref(), Some(&b"z"[..]));
}

#[test]
fn bad_input_gets_rocksdb_errors() {
    let d = TempDir::new("ttl-bad");
    let cfs = [("default".to_string(), opts())];
    let err = Db::open_cf_with_ttl(&opts(), &d.0, &cfs, &[1, 2], false, system_clock()).err().unwrap();
    assert_eq!(err.to_string(), "Invalid argument: ttls size has to be the same as number of column families");
    let db = Db::open(&opts(), &d.0).unwrap();
    assert!(db.create_column_family_with_ttl(&opts(), "x", 1).is_err());
    db.close().unwrap();
    let db = Db::open_with_ttl(&opts(), &d.0, 1, false, system_clock()).unwrap();
    let mut b = WriteBatch::new();
    b.single_delete_cf(3, b"k");
    assert_eq!(
        db.write(&WriteOptions::default(), &b).unwrap_err().to_string(),
        "Invalid argument: non-default column family and SingleDeleteCF not implemented"
    );
}

#[test]
fn a_user_filter_sees_values_without_stamps() {
    struct DropB;
    impl CompactionFilter for DropB {
        fn name(&self) -> String {
            "DropB".into()
        }
        fn filter(&self, _level: i32, _key: &[u8], value: &[u8]) -> FilterDecision {
            match value {
                b"b" => FilterDecision::Remove,
                b"c" => FilterDecision::Change(b"C".to_vec()),
                _ => FilterDecision::Keep,
            }
        }
    }
    let d = TempDir::new("ttl-filter");
    let now = Arc::new(AtomicI64::new(T0));
    let mut o = opts();
    o.compaction_filter = Some(Arc::new(DropB));
    let db = Db::open_with_ttl(&o, &d.0, 1000, false, clock_at(&now)).unwrap();
    for (k, v) in [(&b"1"[..], &b"a"[..]), (b"2", b"b"), (b"3", b"c")] {
        db.put(&WriteOptions::default(), k, v).unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    assert_eq!(scan_all(&db, &ReadOptions::new()), vec![(b"1".to_vec(), b"a".to_vec()), (b"3".to_vec(), b"C".to_vec())]);
}
