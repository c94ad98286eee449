//! Engine tests: behaviour through the public `Db` API, including a model-based random test
//! against a `BTreeMap` across flushes, compactions, snapshots and reopen.

use super::*;
use crate::batch::WriteBatch;
use crate::options::{FlushOptions, ReadOptions, WriteOptions};
use std::collections::BTreeMap;

use crate::util::testutil::TempDir;

fn opts() -> Options {
    Options { create_if_missing: true, ..Default::default() }
}

fn small_opts() -> Options {
    let mut o = opts();
    o.write_buffer_size = 64 << 10;
    o.target_file_size_base = 64 << 10;
    o.max_bytes_for_level_base = 256 << 10;
    o.level0_file_num_compaction_trigger = 2;
    o
}

fn wo() -> WriteOptions {
    WriteOptions::default()
}

fn ro() -> ReadOptions {
    ReadOptions::new()
}

fn scan(db: &Db) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut it = db.iter(&ro()).unwrap();
    it.seek_to_first();
    let mut out = Vec::new();
    while it.valid() {
        out.push((it.key().to_vec(), it.value().to_vec()));
        it.next();
    }
    it.status().unwrap();
    out
}

#[test]
fn put_get_delete_and_reopen() {
    let d = TempDir::new("basic");
    {
        let db = Db::open(&opts(), &d.0).unwrap();
        db.put(&wo(), b"a", b"1").unwrap();
        db.put(&wo(), b"b", b"2").unwrap();
        db.delete(&wo(), b"a").unwrap();
        assert_eq!(db.get(&ro(), b"a").unwrap(), None);
        assert_eq!(db.get(&ro(), b"b").unwrap(), Some(b"2".to_vec()));
        db.close().unwrap();
        assert_eq!(db.get(&ro(), b"b").unwrap_err().to_string(), "Shutdown in progress: ");
    }
    let db = Db::open(&opts(), &d.0).unwrap();
    assert_eq!(db.get(&ro(), b"a").unwrap(), None);
    assert_eq!(db.get(&ro(), b"b").unwrap(), Some(b"2".to_vec()));
    // The reopen flushed the recovered WAL into a level-0 table.
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(1));
}

#[test]
fn inplace_update_support_updates_in_place_and_refuses_snapshots() {
    let d = TempDir::new("inplace");
    let mut o = opts();
    o.inplace_update_support = true;
    // RocksDB's ColumnFamilyData::ValidateOptions text; nothing is created.
    let e = Db::open(&o, &d.0).err().unwrap();
    assert_eq!(
        e.to_string(),
        "Invalid argument: In-place memtable updates (inplace_update_support) is not compatible with concurrent writes (allow_concurrent_memtable_write)"
    );
    assert!(!d.0.join("CURRENT").exists());
    o.allow_concurrent_memtable_write = false;
    let db = Db::open(&o, &d.0).unwrap();
    assert!(!db.snapshots_supported());
    assert!(db.snapshot().is_err(), "RocksDB's GetSnapshot gives none");
    db.put(&wo(), b"k", b"hello_s1").unwrap();
    db.put(&wo(), b"k", b"hello_s2").unwrap();
    db.put(&wo(), b"k", b"s3").unwrap();
    assert_eq!(db.get(&ro(), b"k").unwrap(), Some(b"s3".to_vec()));
    // One memtable entry for the three Puts: the second and third replaced the first's value.
    assert_eq!(db.property_int("rocksdb.num-entries-active-mem-table"), Some(1));
    // A longer value is a new entry; a Delete too. The values survive a flush and a reopen (WAL
    // replay applies the same rule).
    db.put(&wo(), b"k", b"a longer value").unwrap();
    db.put(&wo(), b"j", b"v").unwrap();
    db.delete(&wo(), b"j").unwrap();
    assert_eq!(db.property_int("rocksdb.num-entries-active-mem-table"), Some(4));
    db.close().unwrap();
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(db.get(&ro(), b"k").unwrap(), Some(b"a longer value".to_vec()));
    assert_eq!(db.get(&ro(), b"j").unwrap(), None);
    db.put(&wo(), b"k", b"short").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    assert_eq!(scan(&db), vec![(b"k".to_vec(), b"short".to_vec())]);
    // A family created with it refuses concurrent writes too (the db option decides).
    let db2_dir = TempDir::new("inplace-cf");
    let db2 = Db::open(&opts(), &db2_dir.0).unwrap();
    let e = db2.create_column_family(&o, "inplace").err().unwrap();
    assert!(e.to_string().contains("inplace_update_support"), "{e}");
    assert!(db2.snapshots_supported());
}

#[test]
fn hash_skiplist_memtable_buckets_prefix_mode_iterators() {
    let d = TempDir::new("hash-skiplist");
    let mut o = opts();
    o.prefix_extractor = Some(std::sync::Arc::new(crate::prefix::FixedPrefix(3)));
    o.memtable_rep = crate::options::MemTableRep::HashSkipList { bucket_count: 5000, height: 4, branching: 4 };
    let e = Db::open(&o, &d.0).err().unwrap();
    assert_eq!(e.to_string(), "Invalid argument: Memtable doesn't allow concurrent writes (allow_concurrent_memtable_write)");
    o.allow_concurrent_memtable_write = false;
    let db = Db::open(&o, &d.0).unwrap();
    for k in ["foo1", "foo2", "bar1", "bar2"] {
        db.put(&wo(), k.as_bytes(), b"v").unwrap();
    }
    let collect = |it: &mut DbIterator| {
        let mut v = Vec::new();
        while it.valid() {
            v.push(String::from_utf8(it.key().to_vec()).unwrap());
            it.next();
        }
        v
    };
    // Prefix mode: the seek's bucket only; no first entry.
    let mut it = db.iter(&ro()).unwrap();
    it.seek(b"bar");
    assert_eq!(collect(&mut it), ["bar1", "bar2"]);
    it.seek_to_first();
    assert!(!it.valid());
    // Total order: everything. Once flushed, the keys are in a table (no buckets).
    let mut total = ro();
    total.total_order_seek = true;
    let mut it = db.iter(&total).unwrap();
    it.seek(b"ba");
    assert_eq!(collect(&mut it), ["bar1", "bar2", "foo1", "foo2"]);
    db.flush(&FlushOptions::default()).unwrap();
    let mut it = db.iter(&ro()).unwrap();
    it.seek(b"bar");
    assert_eq!(collect(&mut it)[..2], ["bar1", "bar2"]);
    assert_eq!(db.get(&ro(), b"foo2").unwrap(), Some(b"v".to_vec()));
}

#[test]
fn open_errors_match_rocksdb() {
    let d = TempDir::new("errors");
    let e = Db::open(&Options::default(), &d.0).err().unwrap();
    assert_eq!(
        e.to_string(),
        format!("Invalid argument: {}/CURRENT: does not exist (create_if_missing is false)", d.0.display())
    );
    let db = Db::open(&opts(), &d.0).unwrap();
    let e = Db::open(&opts(), &d.0).err().unwrap();
    assert!(e.to_string().starts_with("IO error: lock hold by current process"), "{e}");
    db.close().unwrap();
    let mut o = opts();
    o.error_if_exists = true;
    let e = Db::open(&o, &d.0).err().unwrap();
    assert_eq!(e.to_string(), format!("Invalid argument: {}: exists (error_if_exists is true)", d.0.display()));
    // The LOCK was released by close.
    Db::open(&opts(), &d.0).unwrap().close().unwrap();
}

#[test]
fn flush_snapshot_and_iterators() {
    let d = TempDir::new("flush");
    let db = Db::open(&opts(), &d.0).unwrap();
    for i in 0..100u32 {
        db.put(&wo(), format!("k{i:03}").as_bytes(), format!("v{i}").as_bytes()).unwrap();
    }
    let snap = db.snapshot().unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(1));
    for i in 0..100u32 {
        db.put(&wo(), format!("k{i:03}").as_bytes(), b"new").unwrap();
    }
    let mut r = ro();
    r.snapshot = Some(snap.clone());
    assert_eq!(db.get(&r, b"k007").unwrap(), Some(b"v7".to_vec()));
    assert_eq!(db.get(&ro(), b"k007").unwrap(), Some(b"new".to_vec()));
    let mut it = db.iter(&r).unwrap();
    it.seek_to_last();
    assert_eq!(it.key(), b"k099");
    assert_eq!(it.value(), b"v99");
    it.seek_for_prev(b"k0505");
    assert_eq!(it.key(), b"k050");
    let mut bounded = ro();
    bounded.iterate_lower_bound = Some(b"k010".to_vec());
    bounded.iterate_upper_bound = Some(b"k020".to_vec());
    let mut it = db.iter(&bounded).unwrap();
    it.seek_to_first();
    let mut n = 0;
    while it.valid() {
        n += 1;
        it.next();
    }
    assert_eq!(n, 10);
}

#[test]
fn batches_and_single_delete() {
    let d = TempDir::new("batch");
    let db = Db::open(&opts(), &d.0).unwrap();
    let mut b = WriteBatch::new();
    b.put(b"x", b"1");
    b.put(b"y", b"2");
    b.single_delete(b"x");
    db.write(&wo(), &b).unwrap();
    assert_eq!(db.get(&ro(), b"x").unwrap(), None);
    assert_eq!(db.latest_sequence_number(), 3);
    db.flush(&FlushOptions::default()).unwrap();
    assert_eq!(scan(&db), vec![(b"y".to_vec(), b"2".to_vec())]);
}

#[test]
fn column_families_survive_reopen() {
    let d = TempDir::new("cf");
    {
        let db = Db::open(&opts(), &d.0).unwrap();
        let cf = db.create_column_family(&opts(), "other").unwrap();
        db.put_cf(&wo(), &cf, b"k", b"in-other").unwrap();
        db.put(&wo(), b"k", b"in-default").unwrap();
    }
    assert_eq!(Db::list_column_families(&opts(), &d.0).unwrap(), vec!["default".to_string(), "other".to_string()]);
    let e = Db::open(&opts(), &d.0).err().unwrap();
    assert_eq!(e.to_string(), "Invalid argument: Column families not opened: other");
    let (db, handles) =
        Db::open_cf(&opts(), &d.0, &[("default".into(), opts()), ("other".into(), opts())]).unwrap();
    assert_eq!(db.get_cf(&ro(), &handles[1], b"k").unwrap(), Some(b"in-other".to_vec()));
    assert_eq!(db.get(&ro(), b"k").unwrap(), Some(b"in-default".to_vec()));
    db.drop_column_family(&handles[1]).unwrap();
    db.close().unwrap();
    assert_eq!(Db::list_column_families(&opts(), &d.0).unwrap(), vec!["default".to_string()]);
}

use crate::util::comparator::Comparator;
use crate::util::testutil::Rng;

fn assert_same(got: &[(Vec<u8>, Vec<u8>)], want: &[(Vec<u8>, Vec<u8>)], what: &str) {
    if got == want {
        return;
    }
    let show = |e: Option<&(Vec<u8>, Vec<u8>)>| {
        e.map(|(k, v)| format!("{}={}", String::from_utf8_lossy(k), String::from_utf8_lossy(&v[..v.len().min(40)])))
    };
    let i = got.iter().zip(want.iter()).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
    panic!(
        "{what}: {} entries, model has {}; first difference at {i}: got {:?}, want {:?}",
        got.len(),
        want.len(),
        show(got.get(i)),
        show(want.get(i))
    );
}

/// A user key of the model test's key space, ordered by the database's comparator.
#[derive(Clone, Debug)]
struct ModelKey(Vec<u8>, Comparator);

impl PartialEq for ModelKey {
    fn eq(&self, o: &ModelKey) -> bool {
        self.cmp(o) == std::cmp::Ordering::Equal
    }
}
impl Eq for ModelKey {}
impl PartialOrd for ModelKey {
    fn partial_cmp(&self, o: &ModelKey) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for ModelKey {
    fn cmp(&self, o: &ModelKey) -> std::cmp::Ordering {
        self.1.compare(&self.0, &o.0)
    }
}

/// What the database should hold: a BTreeMap ordered by the database's comparator.
#[derive(Clone)]
struct Model {
    cmp: Comparator,
    map: BTreeMap<ModelKey, Vec<u8>>,
}

impl Model {
    fn new(cmp: Comparator) -> Model {
        Model { cmp, map: BTreeMap::new() }
    }
    fn key(&self, k: &[u8]) -> ModelKey {
        ModelKey(k.to_vec(), self.cmp.clone())
    }
    fn insert(&mut self, k: Vec<u8>, v: Vec<u8>) {
        self.map.insert(ModelKey(k, self.cmp.clone()), v);
    }
    fn remove(&mut self, k: &[u8]) {
        self.map.remove(&self.key(k));
    }
    fn get(&self, k: &[u8]) -> Option<&Vec<u8>> {
        self.map.get(&self.key(k))
    }
    fn entries(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.map.iter().map(|(k, v)| (k.0.clone(), v.clone())).collect()
    }
    /// The first key >= k, the last key < k and the last key <= k, in the comparator's order.
    fn at_or_after(&self, k: &[u8]) -> Option<Vec<u8>> {
        self.map.range(self.key(k)..).next().map(|(k, _)| k.0.clone())
    }
    fn before(&self, k: &[u8]) -> Option<Vec<u8>> {
        self.map.range(..self.key(k)).next_back().map(|(k, _)| k.0.clone())
    }
    fn at_or_before(&self, k: &[u8]) -> Option<Vec<u8>> {
        self.map.range(..=self.key(k)).next_back().map(|(k, _)| k.0.clone())
    }
    /// Removes the keys in [begin, end) (nothing when end is not after begin), as DeleteRange.
    fn delete_range(&mut self, begin: &[u8], end: &[u8]) {
        if self.cmp.compare(begin, end) != std::cmp::Ordering::Less {
            return;
        }
        let doomed: Vec<ModelKey> = self.map.range(self.key(begin)..self.key(end)).map(|(k, _)| k.clone()).collect();
        for k in doomed {
            self.map.remove(&k);
        }
    }
}

/// The model test's key space under a comparator: `key_of(n)` for n < 600, and the
/// SingleDelete keys `sd_key_of(n)`. Under the numeric comparator the numbers are not
/// zero-padded, so its order differs from bytewise order ("key9" < "key10").
#[derive(Clone, Copy)]
enum KeySpace {
    Padded,
    Unpadded,
}

impl KeySpace {
    fn key_of(self, n: u64) -> Vec<u8> {
        match self {
            KeySpace::Padded => format!("key{n:04}").into_bytes(),
            KeySpace::Unpadded => format!("key{n}").into_bytes(),
        }
    }
    fn sd_key_of(self, n: u64) -> Vec<u8> {
        match self {
            KeySpace::Padded => format!("sd{n:04}").into_bytes(),
            KeySpace::Unpadded => format!("sd{n}").into_bytes(),
        }
    }
}

fn check_against_model(db: &Db, model: &Model, keys: KeySpace, r: &ReadOptions, rng: &mut Rng) {
    // Forward scan.
    let got = crate::util::testutil::scan_all(db, r);
    let want = model.entries();
    assert_same(&got, &want, "forward scan");
    // Backward scan.
    let mut it = db.iter(r).unwrap();
    it.seek_to_last();
    let mut back = Vec::new();
    while it.valid() {
        back.push((it.key().to_vec(), it.value().to_vec()));
        it.prev();
    }
    back.reverse();
    assert_same(&back, &want, "backward scan");
    // Point reads and seeks.
    for _ in 0..50 {
        let k = keys.key_of(rng.below(600));
        assert_eq!(db.get(r, &k).unwrap(), model.get(&k).cloned(), "get {:?}", String::from_utf8_lossy(&k));
        it.seek(&k);
        assert_eq!(it.valid().then(|| it.key().to_vec()), model.at_or_after(&k), "seek");
        if it.valid() && rng.below(2) == 0 {
            it.prev();
            assert_eq!(it.valid().then(|| it.key().to_vec()), model.before(&k), "seek then prev");
        }
        it.seek_for_prev(&k);
        assert_eq!(it.valid().then(|| it.key().to_vec()), model.at_or_before(&k), "seek_for_prev");
    }
    // Iterators with bounds: every key in [lower, upper), both ways.
    let (a, b) = (keys.key_of(rng.below(600)), keys.key_of(rng.below(600)));
    let (lower, upper) = if model.cmp.compare(&a, &b).is_le() { (a, b) } else { (b, a) };
    let mut bounded = r.clone();
    bounded.iterate_lower_bound = Some(lower.clone());
    bounded.iterate_upper_bound = Some(upper.clone());
    let want: Vec<_> = want
        .into_iter()
        .filter(|(k, _)| model.cmp.compare(k, &lower).is_ge() && model.cmp.compare(k, &upper).is_lt())
        .collect();
    assert_same(&crate::util::testutil::scan_all(db, &bounded), &want, "bounded forward scan");
    let mut it = db.iter(&bounded).unwrap();
    it.seek_to_last();
    let mut back = Vec::new();
    while it.valid() {
        back.push((it.key().to_vec(), it.value().to_vec()));
        it.prev();
    }
    back.reverse();
    assert_same(&back, &want, "bounded backward scan");
}

#[test]
fn model_based_random_operations() {
    let (db, _dir) = run_model_test("model", &|_| {});
    let files: u64 = (0..7).map(|l| db.property_u64(&format!("rocksdb.num-files-at-level{l}")).unwrap()).sum();
    assert!(files > 0);
}

/// The model test under a reverse order (a user comparator of its own name, not the built-in
/// reverse one) and a numeric one: every part that orders keys (memtables, flushes, tables'
/// indexes, compactions, range deletions, ingestion, iterators both ways with bounds,
/// SeekForPrev) follows the comparator, across flushes, compactions and reopen; the tables
/// record its name.
#[test]
fn model_based_random_operations_with_user_comparators() {
    use crate::util::testutil::comparators;
    for (tag, cmp, keys) in [
        ("model-reverse", comparators::reverse(), KeySpace::Padded),
        ("model-numeric", comparators::numeric(), KeySpace::Unpadded),
    ] {
        let (db, dir) = run_model_test_with(tag, cmp.clone(), keys, &|_| {});
        let files: Vec<_> = db.live_files_metadata().unwrap();
        assert!(files.iter().any(|f| f.level > 0), "{tag}: nothing was compacted");
        for f in &files {
            let props = crate::util::testutil::table_properties(&dir.0.join(&f.file.relative_filename));
            assert_eq!(props.comparator_name, cmp.name(), "{tag}: {}", f.file.relative_filename);
        }
    }
}

/// The same operations with compactions split into up to 4 subcompactions (small target files,
/// so that inputs are large enough to split) read back the same as the model.
#[test]
fn model_based_random_operations_with_subcompactions() {
    let stats = crate::stats::Statistics::new();
    let with_subcompactions = |o: &mut Options| {
        o.max_subcompactions = 4;
        o.target_file_size_base = 8 << 10;
        o.statistics = true;
        o.stats = Some(stats.clone());
    };
    let (db, _dir) = run_model_test("model-sub", &with_subcompactions);
    drop(db);
    let h = stats.histogram_data(crate::stats::Histogram::NumSubcompactionsScheduled as u32);
    assert!(h.count > 0, "no compaction ran");
    assert!(h.max >= 2.0, "no compaction was split: {h:?}");
}

/// Runs random operations against the engine and a BTreeMap (across flushes, compactions,
/// snapshots and reopen) and checks they agree; `tune` adjusts the options. Returns the db and
/// its directory (removed when dropped, after the db).
fn run_model_test(tag: &str, tune: &dyn Fn(&mut Options)) -> (Db, TempDir) {
    run_model_test_with(tag, Comparator::Bytewise, KeySpace::Padded, tune)
}

/// `run_model_test` under comparator `cmp` (the model ordered by it too), with keys from
/// `keys`; some rounds also ingest an external table written in the comparator's order.
fn run_model_test_with(tag: &str, cmp: Comparator, keys: KeySpace, tune: &dyn Fn(&mut Options)) -> (Db, TempDir) {
    let d = TempDir::new(tag);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut model = Model::new(cmp.clone());
    // String append merges and range deletions take part too.
    let model_opts = || {
        let mut o = small_opts();
        o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
        o.comparator = cmp.clone();
        tune(&mut o);
        o
    };
    let mut db = Db::open(&model_opts(), &d.0).unwrap();
    let mut snapshots: Vec<(Snapshot, Model)> = Vec::new();
    // Per SingleDelete key: 0 unused, 1 Put, 2 SingleDeleted (retired).
    let mut sd_state = [0u8; 200];
    for round in 0..12 {
        for _ in 0..1500 {
            let k = keys.key_of(rng.below(600));
            match rng.below(12) {
                0..=5 => {
                    let v = format!("val{}-{}", round, rng.next()).into_bytes();
                    let v = if rng.below(20) == 0 { v.repeat(50) } else { v };
                    db.put(&wo(), &k, &v).unwrap();
                    model.insert(k, v);
                }
                6 => {
                    db.delete(&wo(), &k).unwrap();
                    model.remove(&k);
                }
                9 if rng.below(60) == 0 => {
                    // An external table of a few keys, written in the comparator's order.
                    let mut batch: Vec<(Vec<u8>, Vec<u8>)> =
                        (0..1 + rng.below(20)).map(|_| keys.key_of(rng.below(600))).map(|kk| (kk, Vec::new())).collect();
                    batch.sort_by(|a, b| cmp.compare(&a.0, &b.0));
                    batch.dedup_by(|a, b| cmp.compare(&a.0, &b.0).is_eq());
                    let path = d.0.with_extension(format!("ingest-{round}-{}.sst", rng.next()));
                    let mut w = crate::table::SstFileWriter::new(&model_opts());
                    w.open(&path).unwrap();
                    for (kk, v) in batch.iter_mut() {
                        *v = format!("ingested{round}-{}", rng.below(1000)).into_bytes();
                        w.put(kk, v).unwrap();
                    }
                    w.finish().unwrap();
                    db.ingest_external_file(&[path.clone()], &Default::default()).unwrap();
                    let _ = std::fs::remove_file(&path);
                    for (kk, v) in batch {
                        model.insert(kk, v);
                    }
                }
                7 => {
                    // SingleDelete within its contract: a key of its own space (no other
                    // operation touches it), Put once, later SingleDeleted, then never used again.
                    // Mixing it with Delete is undefined in RocksDB, and so is a Put again after
                    // the SingleDelete across a snapshot: a flush drops the older SingleDelete
                    // that the new Put hides, and when the next SingleDelete cancels that Put,
                    // the first Put shows again (RocksDB's hidden-entry rule does the same).
                    let n = rng.below(200) as usize;
                    let sk = keys.sd_key_of(n as u64);
                    match sd_state[n] {
                        0 => {
                            let v = format!("once{round}").into_bytes();
                            db.put(&wo(), &sk, &v).unwrap();
                            model.insert(sk, v);
                            sd_state[n] = 1;
                        }
                        1 => {
                            db.single_delete(&wo(), &sk).unwrap();
                            model.remove(&sk);
                            sd_state[n] = 2;
                        }
                        _ => {}
                    }
                }
                10 => {
                    let v = format!("m{}", rng.below(1000)).into_bytes();
                    db.merge(&wo(), &k, &v).unwrap();
                    let merged = match model.get(&k) {
                        Some(old) => [&old[..], b",", &v[..]].concat(),
                        None => v,
                    };
                    model.insert(k, merged);
                }
                11 if rng.below(4) == 0 => {
                    let end = keys.key_of(rng.below(600));
                    // A reversed range is refused and latched, as in RocksDB: write it in order.
                    let (k, end) = if cmp.compare(&k, &end).is_gt() { (end, k) } else { (k, end) };
                    let in_batch = rng.below(2) == 0;
                    if in_batch {
                        let mut b = WriteBatch::new();
                        b.delete_range(&k, &end);
                        db.write(&wo(), &b).unwrap();
                    } else {
                        db.delete_range_cf(&wo(), &db.default_column_family(), &k, &end).unwrap();
                    }
                    model.delete_range(&k, &end);
                }
                _ => {
                    let mut b = WriteBatch::new();
                    for j in 0..5 {
                        let kk = keys.key_of((rng.below(600) + j) % 600);
                        if rng.below(4) == 0 {
                            b.delete(&kk);
                            model.remove(&kk);
                        } else {
                            let v = format!("b{round}-{j}").into_bytes();
                            b.put(&kk, &v);
                            model.insert(kk, v);
                        }
                    }
                    db.write(&wo(), &b).unwrap();
                }
            }
        }
        check_against_model(&db, &model, keys, &ro(), &mut rng);
        if rng.below(2) == 0 {
            snapshots.push((db.snapshot().unwrap(), model.clone()));
        }
        if snapshots.len() > 3 {
            snapshots.remove(0);
        }
        for (s, m) in &snapshots {
            let mut r = ro();
            r.snapshot = Some(s.clone());
            check_against_model(&db, m, keys, &r, &mut rng);
        }
        match round % 4 {
            0 => db.flush(&FlushOptions::default()).unwrap(),
            1 => db.compact_range_cf(&db.default_column_family(), None, None).unwrap(),
            2 => {
                snapshots.clear();
                db.close().unwrap();
                drop(db);
                db = Db::open(&model_opts(), &d.0).unwrap();
            }
            _ => db.wait_for_background_work().unwrap(),
        }
        check_against_model(&db, &model, keys, &ro(), &mut rng);
    }
    (db, d)
}

#[test]
fn concurrent_writers_are_all_applied() {
    let d = TempDir::new("concurrent");
    let db = Db::open(&small_opts(), &d.0).unwrap();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let db = db.clone();
            std::thread::spawn(move || {
                for i in 0..2000 {
                    let sync = WriteOptions { sync: i % 500 == 0, ..Default::default() };
                    db.put(&sync, format!("t{t}-{i:05}").as_bytes(), b"v").unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(db.latest_sequence_number(), 8000);
    assert_eq!(scan(&db).len(), 8000);
    db.close().unwrap();
    let db = Db::open(&small_opts(), &d.0).unwrap();
    assert_eq!(scan(&db).len(), 8000);
}

#[test]
fn read_only_open_sees_wal_and_refuses_writes() {
    let d = TempDir::new("ro");
    {
        let db = Db::open(&opts(), &d.0).unwrap();
        db.put(&wo(), b"k", b"v").unwrap();
        // Leave the data in the WAL only.
        std::mem::forget(db.clone());
        db.inner.close().unwrap();
    }
    let (db, _) = Db::open_for_read_only(&Options::default(), &d.0, &[], false).unwrap();
    assert_eq!(db.get(&ro(), b"k").unwrap(), Some(b"v".to_vec()));
    assert_eq!(
        db.put(&wo(), b"x", b"y").unwrap_err().to_string(),
        "Not implemented: Not supported operation in read only mode."
    );
}

#[test]
fn destroy_removes_the_database() {
    let d = TempDir::new("destroy");
    let db = Db::open(&opts(), &d.0).unwrap();
    db.put(&wo(), b"k", b"v").unwrap();
    db.close().unwrap();
    Db::destroy(&opts(), &d.0).unwrap();
    assert!(!d.0.exists());
}

#[test]
fn batch_put_then_delete_same_key() {
    let d = TempDir::new("batchdel");
    let db = Db::open(&opts(), &d.0).unwrap();
    db.put(&wo(), b"k", b"old").unwrap();
    let mut b = WriteBatch::new();
    b.put(b"k", b"1");
    b.delete(b"k");
    b.put(b"j", b"2");
    db.write(&wo(), &b).unwrap();
    assert_eq!(db.get(&ro(), b"k").unwrap(), None);
    assert_eq!(scan(&db), vec![(b"j".to_vec(), b"2".to_vec())]);
}

#[test]
fn flush_keeps_deletions() {
    let d = TempDir::new("flushdel");
    let db = Db::open(&opts(), &d.0).unwrap();
    for i in 0..200u32 {
        db.put(&wo(), format!("key{i:04}").as_bytes(), b"v").unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    for i in (0..200u32).step_by(3) {
        db.delete(&wo(), format!("key{i:04}").as_bytes()).unwrap();
    }
    db.put(&wo(), b"key0001", b"v2").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    let got = scan(&db);
    assert_eq!(got.len(), 200 - 67);
}

fn fault_opts(fs: &Arc<crate::env::fault::FaultInjectionFs>) -> Options {
    let mut o = opts();
    o.fs = Some(fs.clone() as Arc<dyn crate::env::FileSystem>);
    o
}

#[test]
fn power_loss_keeps_every_synced_write() {
    let d = TempDir::new("powerloss");
    let fs = Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()));
    let o = fault_opts(&fs);
    {
        let db = Db::open(&o, &d.0).unwrap();
        for i in 0..500u32 {
            db.put(&wo(), format!("flushed{i:04}").as_bytes(), b"v").unwrap();
        }
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&wo(), b"before-sync", b"1").unwrap();
        db.put(&WriteOptions { sync: true, ..Default::default() }, b"synced", b"2").unwrap();
        db.put(&wo(), b"unsynced", b"3").unwrap();
        // The machine loses power: the process never closes the database cleanly and every byte
        // the OS had not synced is gone.
        fs.set_filesystem_active(false);
        drop(db);
        fs.drop_unsynced_data().unwrap();
        fs.set_filesystem_active(true);
    }
    let db = Db::open(&o, &d.0).unwrap();
    for i in 0..500u32 {
        assert_eq!(db.get(&ro(), format!("flushed{i:04}").as_bytes()).unwrap(), Some(b"v".to_vec()));
    }
    assert_eq!(db.get(&ro(), b"before-sync").unwrap(), Some(b"1".to_vec()));
    assert_eq!(db.get(&ro(), b"synced").unwrap(), Some(b"2".to_vec()));
    assert_eq!(db.get(&ro(), b"unsynced").unwrap(), None);
}

#[test]
fn failed_flush_is_latched_and_nothing_is_lost() {
    let d = TempDir::new("flushfail");
    let fs = Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()));
    let o = fault_opts(&fs);
    {
        let db = Db::open(&o, &d.0).unwrap();
        db.put(&wo(), b"a", b"1").unwrap();
        fs.inject_write_error(".sst");
        let e = db.flush(&FlushOptions::default()).unwrap_err();
        assert!(e.to_string().starts_with("IO error:"), "{e}");
        // The error is latched: later writes fail with it, reads still work.
        let e2 = db.put(&wo(), b"b", b"2").unwrap_err();
        assert_eq!(e2.to_string(), e.to_string());
        assert_eq!(db.get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
        fs.clear_injected_errors();
    }
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(db.get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    assert_eq!(db.get(&ro(), b"b").unwrap(), None);
    db.put(&wo(), b"b", b"2").unwrap();
}

#[test]
fn damaged_files_are_reported_not_misread() {
    let d = TempDir::new("damage");
    {
        let db = Db::open(&opts(), &d.0).unwrap();
        for i in 0..2000u32 {
            db.put(&wo(), format!("key{i:05}").as_bytes(), &[b'x'; 100]).unwrap();
        }
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&wo(), b"tail", b"in the wal").unwrap();
    }
    // A torn WAL tail: the last record is cut; everything before it is recovered.
    let wal = std::fs::read_dir(&d.0)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().map_or(false, |x| x == "log"))
        .unwrap();
    let len = std::fs::metadata(&wal).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(&wal).unwrap();
    f.set_len(len - 3).unwrap();
    drop(f);
    {
        let db = Db::open(&opts(), &d.0).unwrap();
        assert_eq!(db.get(&ro(), b"tail").unwrap(), None);
        assert_eq!(db.get(&ro(), b"key00007").unwrap(), Some(vec![b'x'; 100]));
    }
    // A flipped byte inside a table: reads that touch it fail with Corruption, never wrong data.
    let sst = std::fs::read_dir(&d.0)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map_or(false, |x| x == "sst"))
        .max_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .unwrap();
    let mut bytes = std::fs::read(&sst).unwrap();
    bytes[100] ^= 0x40;
    std::fs::write(&sst, &bytes).unwrap();
    {
        let db = Db::open(&opts(), &d.0).unwrap();
        let mut it = db.iter(&ro()).unwrap();
        it.seek_to_first();
        while it.valid() {
            it.next();
        }
        let e = it.status().unwrap_err();
        assert!(e.is_corruption(), "{e}");
    }
    // A garbage CURRENT.
    std::fs::write(d.0.join("CURRENT"), b"garbage").unwrap();
    let e = Db::open(&opts(), &d.0).err().unwrap();
    assert!(e.is_corruption(), "{e}");
}

#[test]
fn compact_range_moves_level0_down() {
    let d = TempDir::new("compactrange");
    let db = Db::open(&opts(), &d.0).unwrap();
    for round in 0..3u32 {
        for i in 0..100u32 {
            db.put(&wo(), format!("k{i:03}").as_bytes(), format!("{round}").as_bytes()).unwrap();
        }
        db.flush(&FlushOptions::default()).unwrap();
    }
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(3));
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(0));
    // With dynamic level bytes (the default) the data ends in the last level.
    assert_eq!(db.property_u64("rocksdb.num-files-at-level6"), Some(1));
    assert_eq!(db.get(&ro(), b"k042").unwrap(), Some(b"2".to_vec()));
    assert_eq!(scan(&db).len(), 100);
}

#[test]
fn merges_and_range_deletions_across_flush_compaction_snapshots_and_reopen() {
    let d = TempDir::new("datamodel");
    let mut o = opts();
    o.merge_operator = Some(Arc::new(crate::merge::UInt64AddOperator));
    let n = |v: u64| v.to_le_bytes().to_vec();
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"a", &n(10)).unwrap();
    db.merge(&wo(), b"a", &n(1)).unwrap();
    db.merge(&wo(), b"b", &n(5)).unwrap();
    for k in [&b"c1"[..], b"c2", b"c3", b"d"] {
        db.put(&wo(), k, &n(7)).unwrap();
    }
    let before = db.snapshot().unwrap();
    db.delete_range_cf(&wo(), &db.default_column_family(), b"c", b"d").unwrap();
    db.merge(&wo(), b"a", &n(100)).unwrap();
    db.merge(&wo(), b"c2", &n(3)).unwrap();
    let expect_now = vec![(b"a".to_vec(), n(111)), (b"b".to_vec(), n(5)), (b"c2".to_vec(), n(3)), (b"d".to_vec(), n(7))];
    let check = |db: &Db, what: &str| {
        assert_eq!(scan(db), expect_now, "{what}: scan");
        assert_eq!(db.get(&ro(), b"a").unwrap(), Some(n(111)), "{what}");
        assert_eq!(db.get(&ro(), b"c1").unwrap(), None, "{what}");
        assert_eq!(db.get(&ro(), b"c2").unwrap(), Some(n(3)), "{what}");
        let mut it = db.iter(&ro()).unwrap();
        it.seek_to_last();
        let mut back = Vec::new();
        while it.valid() {
            back.push((it.key().to_vec(), it.value().to_vec()));
            it.prev();
        }
        back.reverse();
        assert_eq!(back, expect_now, "{what}: backward scan");
    };
    check(&db, "memtable");
    let mut r = ro();
    r.snapshot = Some(before.clone());
    let old_view = |db: &Db, r: &ReadOptions| {
        assert_eq!(db.get(r, b"a").unwrap(), Some(n(11)));
        assert_eq!(db.get(r, b"c1").unwrap(), Some(n(7)));
        let res = db.multi_get_cf(r, &[(&db.default_column_family(), &b"c3"[..]), (&db.default_column_family(), &b"b"[..])]);
        assert_eq!(res[0].as_ref().unwrap(), &Some(n(7)));
        assert_eq!(res[1].as_ref().unwrap(), &Some(n(5)));
    };
    old_view(&db, &r);
    db.flush(&FlushOptions::default()).unwrap();
    check(&db, "after flush");
    old_view(&db, &r);
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    check(&db, "after compaction with a snapshot");
    old_view(&db, &r);
    drop(r);
    drop(before);
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    check(&db, "after compaction");
    db.close().unwrap();
    drop(db);
    let db = Db::open(&o, &d.0).unwrap();
    check(&db, "after reopen");
    // Without the operator a merge is refused.
    db.close().unwrap();
    drop(db);
    let db = Db::open(&opts(), &d.0).unwrap();
    assert!(db.merge(&wo(), b"a", &n(1)).unwrap_err().to_string().contains("merge_operator"));
}

#[test]
fn tables_with_range_deletions_and_merges_are_read_by_rocksdb() {
    let d = TempDir::new("rangedel-sst");
    let mut o = opts();
    o.compression = crate::options::CompressionType::None;
    o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"k1", b"v1").unwrap();
    db.merge(&wo(), b"k2", b"m1").unwrap();
    db.delete_range_cf(&wo(), &db.default_column_family(), b"k3", b"k5").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    assert_eq!(db.get(&ro(), b"k2").unwrap(), Some(b"m1".to_vec()));
    let table = std::fs::read_dir(&d.0)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().map_or(false, |x| x == "sst"))
        .unwrap();
    db.close().unwrap();
    let out = match crate::util::testutil::system_command("/usr/bin/sst_dump")
        .arg(format!("--file={}", table.display()))
        .arg("--command=scan")
        .output()
    {
        Ok(o) => o,
        Err(_) => return, // RocksDB's tools are not installed here
    };
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("'k1' seq:1, type:1 => v1"), "{text}");
    assert!(text.contains("'k2' seq:2, type:2 => m1"), "{text}");
    // sst_dump's scan shows point entries only; the tombstone is counted in the properties
    // and honoured by RocksDB when it opens the database (below).
    let props = crate::util::testutil::system_command("/usr/bin/sst_dump")
        .arg(format!("--file={}", table.display()))
        .arg("--show_properties")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&props.stdout).to_string();
    assert!(text.contains("merge operator name: StringAppendOperator"), "{text}");
    assert!(text.contains("# range deletions: 1"), "{text}");

    // RocksDB resolves the operands itself, with the operator the OPTIONS file names.
    let db = Db::open(&o, &d.0).unwrap();
    db.merge(&wo(), b"k2", b"m2").unwrap();
    db.merge(&wo(), b"k1", b"m3").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.close().unwrap();
    drop(db);
    for (key, want) in [("k1", "v1,m3"), ("k2", "m1,m2")] {
        let out = crate::util::testutil::system_command("/usr/bin/ldb")
            .arg(format!("--db={}", d.0.display()))
            .arg("--try_load_options")
            .args(["get", key])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        assert_eq!(text.trim(), want, "ldb get {key}");
    }

    // A database whose tombstone lives in a table of its own, under the keys it deletes:
    // RocksDB's ldb must not show them.
    let d = TempDir::new("rangedel-ldb");
    let db = Db::open(&opts(), &d.0).unwrap();
    for k in [&b"k1"[..], b"k2", b"k3", b"k4", b"k5", b"k6"] {
        db.put(&wo(), k, b"v").unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    db.delete_range_cf(&wo(), &db.default_column_family(), b"k2", b"k5").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.close().unwrap();
    drop(db);
    if let Some(text) = crate::util::testutil::debian_ldb_scan(&d.0) {
        assert_eq!(text, "k1 : v\nk5 : v\nk6 : v\n");
    }
}

#[test]
fn stall_conditions_follow_rocksdb_triggers() {
    use super::write::{StallCause, StallState};
    use crate::key::{make_internal_key, ValueType};
    use crate::version::edit::FileMetaData;
    let mut o = opts();
    o.level0_slowdown_writes_trigger = 3;
    o.level0_stop_writes_trigger = 5;
    o.soft_pending_compaction_bytes_limit = 1 << 20;
    o.hard_pending_compaction_bytes_limit = 1 << 40;
    let f = |n: u64, size: u64| {
        let mut m = FileMetaData::default();
        m.number = n;
        m.file_size = size;
        m.smallest = make_internal_key(b"a", 100 - n, ValueType::Value);
        m.largest = make_internal_key(b"z", 100 - n, ValueType::Value);
        m.smallest_seqno = 100 - n;
        m.largest_seqno = 100 - n;
        Arc::new(m)
    };
    let mut v = crate::version::version::Version::default();
    v.levels = vec![Vec::new(); 7];
    let st = StallState::default();
    v.levels[0] = (1..=2).map(|n| f(n, 1000)).collect();
    st.update(&v, &o);
    assert_eq!(st.cause(), StallCause::None);
    v.levels[0] = (1..=3).map(|n| f(n, 1000)).collect();
    st.update(&v, &o);
    assert_eq!(st.cause(), StallCause::L0Slowdown);
    v.levels[0] = (1..=5).map(|n| f(n, 1000)).collect();
    st.update(&v, &o);
    assert_eq!(st.cause(), StallCause::L0Stop);
    // Two L0 files of 1 MiB are over the compaction trigger: 2 MiB pending > soft limit.
    v.levels[0] = (1..=2).map(|n| f(n, 1 << 20)).collect();
    o.level0_file_num_compaction_trigger = 2;
    st.update(&v, &o);
    assert_eq!(st.cause(), StallCause::PendingBytesSlowdown);
    assert_eq!(st.pending_bytes.load(Ordering::Relaxed), 2 << 20);
    o.disable_auto_compactions = true;
    st.update(&v, &o);
    assert_eq!(st.cause(), StallCause::None);
}

#[test]
fn write_load_with_tiny_triggers_stalls_and_recovers() {
    let d = TempDir::new("stalls");
    let mut o = small_opts();
    o.write_buffer_size = 32 << 10;
    o.level0_file_num_compaction_trigger = 2;
    o.level0_slowdown_writes_trigger = 3;
    o.level0_stop_writes_trigger = 4;
    o.delayed_write_rate = 64 << 20;
    let db = Db::open(&o, &d.0).unwrap();
    let snap = db.snapshot().unwrap();
    let threads: Vec<_> = (0..2)
        .map(|t| {
            let db = db.clone();
            std::thread::spawn(move || {
                for i in 0..6000u32 {
                    db.put(&wo(), format!("t{t}-{i:06}").as_bytes(), &[b'v'; 64]).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    db.wait_for_background_work().unwrap();
    assert_eq!(scan(&db).len(), 12000);
    let mut r = ro();
    r.snapshot = Some(snap);
    assert_eq!(db.iter(&r).map(|mut it| {
        it.seek_to_first();
        it.valid()
    }).unwrap(), false);
    let report = db.property_value("ferrock.stall-report").unwrap();
    assert!(report.contains("l0-file-count-limit-stops"), "{report}");
    assert!(report.contains("L0->base"), "{report}");
    let stats = db.property_value("rocksdb.stats").unwrap();
    assert!(stats.contains("Write Stall (count):"), "{stats}");
    // The shape RocksDB's rules predict: level 0 below its trigger once compaction caught up,
    // and data below it in the base level.
    assert!(db.property_u64("rocksdb.num-files-at-level0").unwrap() < 2);
    assert!(db.property_int("rocksdb.estimate-pending-compaction-bytes").is_some());
}

/// suggest_compact_range marks the level-0 file in the range; background compaction rewrites
/// it (into the base level) while the level-0 file outside the range stays, and every key
/// reads back as written.
#[test]
fn suggested_ranges_are_compacted_in_the_background() {
    let d = TempDir::new("suggest");
    let mut o = opts();
    o.level0_file_num_compaction_trigger = 10;
    let stats = o.enable_statistics();
    let db = Db::open(&o, &d.0).unwrap();
    let mut model = BTreeMap::new();
    let mut put_range = |db: &Db, from: u32, to: u32, tag: &str| {
        for i in from..to {
            let (k, v) = (format!("key{i:05}").into_bytes(), format!("{tag}{i}").into_bytes());
            db.put(&wo(), &k, &v).unwrap();
            model.insert(k, v);
        }
        db.flush(&FlushOptions::default()).unwrap();
    };
    put_range(&db, 0, 5000, "base");
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    put_range(&db, 1000, 2000, "in");
    put_range(&db, 3000, 4000, "out");
    let l0 = |db: &Db| -> Vec<u64> {
        let st = db.inner.state.lock();
        st.versions.cf(0).map(|c| c.current.files(0).iter().map(|f| f.number).collect()).unwrap_or_default()
    };
    let before = l0(&db);
    assert_eq!(before.len(), 2);
    // Nothing scores 1 or more: no compaction is due.
    db.wait_for_background_work().unwrap();
    assert_eq!(l0(&db), before);
    db.suggest_compact_range_cf(&db.default_column_family(), Some(b"key01200"), Some(b"key01300")).unwrap();
    // Returns once the picker has nothing left to do, the marked file included.
    db.wait_for_background_work().unwrap();
    let after = l0(&db);
    assert_eq!(after.len(), 1, "{after:?}");
    // The newer file (the one outside the range) is the one left.
    assert_eq!(after[0], before[0]);
    assert_eq!(scan(&db), model.into_iter().collect::<Vec<_>>());
    // The statistics RocksDB users read for this, through the statistics API.
    use crate::stats::{Histogram, Ticker};
    let ticker = |t: Ticker| stats.ticker_count(t as u32);
    assert_eq!(ticker(Ticker::NumberKeysWritten), 7000);
    assert!(ticker(Ticker::FlushWriteBytes) > 0);
    let (marked_read, marked_written) = (ticker(Ticker::CompactReadBytesMarked), ticker(Ticker::CompactWriteBytesMarked));
    assert!(marked_read > 0 && marked_written > 0, "{marked_read} {marked_written}");
    // The manual compaction moved its one level-0 table down unrewritten (a trivial move,
    // as RocksDB's CompactRange does): the marked compaction read and wrote everything.
    assert_eq!(ticker(Ticker::CompactReadBytes), marked_read);
    assert_eq!(ticker(Ticker::CompactWriteBytes), marked_written);
    // One compaction chosen by the picker (the marked one; manual ones are not counted).
    let files = stats.histogram_data(Histogram::NumFilesInSingleCompaction as u32);
    assert_eq!(files.count, 1);
    assert!(files.max >= 2.0, "{files:?}");
    let text = stats.to_text();
    assert!(text.contains(&format!("rocksdb.compact.read.marked.bytes COUNT : {marked_read}")), "{text}");
    assert!(text.contains("rocksdb.numfiles.in.singlecompaction P50"), "{text}");
}

/// A Get that a table's filter answers without reading the table counts as
/// rocksdb.bloom.filter.useful, as in RocksDB; present keys are still found.
#[test]
fn filter_rejections_count_as_bloom_filter_useful() {
    let d = TempDir::new("bloom-useful");
    let mut o = opts();
    o.table.bloom_bits_per_key = 10.0;
    o.statistics = true;
    let db = Db::open(&o, &d.0).unwrap();
    for i in 0..2000 {
        db.put(&WriteOptions::default(), format!("key{i:06}").as_bytes(), b"v").unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    let stats = db.statistics().unwrap();
    let useful = || stats.ticker_count(crate::stats::Ticker::BloomFilterUseful as u32);
    for i in 0..2000 {
        assert_eq!(db.get(&ro(), format!("key{i:06}").as_bytes()).unwrap(), Some(b"v".to_vec()));
    }
    assert_eq!(useful(), 0, "present keys never count");
    // Absent keys inside the table's key range, so only the filter can tell.
    for i in 0..1000 {
        assert_eq!(db.get(&ro(), format!("key{i:06}x").as_bytes()).unwrap(), None);
    }
    assert!(useful() >= 950, "{} of 1000 absent keys filtered", useful());
}

/// RocksDB's open does not read the OPTIONS file, so a malformed one never
/// stops an open; ferrock says in the info LOG that it did not use it, and
/// names a merge operator the file has and the opener does not.
#[test]
fn open_ignores_a_malformed_options_file_and_logs_differences() {
    let d = TempDir::new("options-file");
    let mut o = opts();
    o.merge_operator = crate::merge::builtin("uint64add");
    drop(Db::open(&o, &d.0).unwrap());
    let newest = crate::options::file::latest_options_file(&crate::env::posix::PosixFileSystem, &d.0).unwrap();
    let log = || std::fs::read_to_string(d.0.join("LOG")).unwrap();
    // Reopened without the merge operator the file names.
    drop(Db::open(&opts(), &d.0).unwrap());
    assert!(log().contains("was written with merge operator UInt64AddOperator, opened with none"), "{}", log());
    let newest_now = crate::options::file::latest_options_file(&crate::env::posix::PosixFileSystem, &d.0).unwrap();
    assert_ne!(newest, newest_now, "each open writes a new OPTIONS file");
    std::fs::write(&newest_now, "[DBOptions]\nthis is not an option line\n").unwrap();
    let db = Db::open(&opts(), &d.0).unwrap();
    db.put(&WriteOptions::default(), b"k", b"v").unwrap();
    assert_eq!(db.get(&ro(), b"k").unwrap(), Some(b"v".to_vec()));
    let name = newest_now.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        log().contains(&format!("{name} not used: Invalid argument: [RocksDBOptionsParser Error] : A valid statement must have a '='. (at line 2)")),
        "{}",
        log()
    );
}

#[test]
fn range_tombstones_are_split_at_output_boundaries() {
    let d = TempDir::new("rangedel-split");
    let mut o = opts();
    o.compression = crate::options::CompressionType::None;
    o.target_file_size_base = 64 << 10;
    o.disable_auto_compactions = true;
    let db = Db::open(&o, &d.0).unwrap();
    let key = |i: usize| format!("k{i:05}").into_bytes();
    let old = |i: usize| format!("{i:0>100}").into_bytes();
    let mut all: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
    for i in 0..4000 {
        db.put(&wo(), &key(i), &old(i)).unwrap();
        all.insert(key(i), old(i));
    }
    db.flush(&FlushOptions::default()).unwrap();
    let snap = db.snapshot().unwrap();
    db.delete_range_cf(&wo(), &db.default_column_family(), &key(500), &key(3500)).unwrap();
    let mut now = all.clone();
    for i in 500..3500 {
        now.remove(&key(i));
    }
    for i in 1000..1010 {
        db.put(&wo(), &key(i), b"new").unwrap();
        now.insert(key(i), b"new".to_vec());
    }
    db.flush(&FlushOptions::default()).unwrap();
    // The snapshot keeps the tombstone and what it hides through the compaction.
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();

    let tables = |db: &Db| {
        let v = db.inner.cf(0).unwrap().super_version().version.clone();
        let (level, files) = v.levels.iter().enumerate().find(|(_, f)| !f.is_empty()).map(|(l, f)| (l, f.clone())).unwrap();
        assert!(v.levels.iter().filter(|f| !f.is_empty()).count() == 1, "one level holds everything");
        (level, files)
    };
    let (level, files) = tables(&db);
    assert!(level > 0 && files.len() >= 4, "L{level}: {} files", files.len());
    let icmp = db.inner.cf(0).unwrap().icmp.clone();
    for w in files.windows(2) {
        assert_eq!(icmp.compare(&w[0].largest, &w[1].smallest), std::cmp::Ordering::Less, "files overlap");
    }
    let mut with_tombstones = 0;
    let mut pieces = Vec::new();
    for f in &files {
        let t = db.inner.table_cache.get(&icmp, &db.inner.path, f.number, f.file_size, f.largest_seqno).unwrap();
        for (ikey, end) in t.range_tombstones().unwrap() {
            let ts = crate::rangedel::RangeTombstone::from_table_entry(&ikey, &end).unwrap();
            // Each piece lies within its table's key range.
            assert!(crate::key::user_key(&f.smallest) <= &ts.start[..] && &ts.end[..] <= crate::key::user_key(&f.largest), "table #{}", f.number);
            pieces.push(ts);
        }
        with_tombstones += (t.properties().num_range_deletions > 0) as usize;
    }
    assert!(with_tombstones >= 3, "the tombstone spans {with_tombstones} tables");
    // The pieces put back together are the tombstone.
    pieces.sort_by(|a, b| a.start.cmp(&b.start));
    assert_eq!(pieces.first().unwrap().start, key(500));
    assert_eq!(pieces.last().unwrap().end, key(3500));
    for w in pieces.windows(2) {
        assert_eq!(w[0].end, w[1].start, "pieces meet at the cut");
    }
    assert!(files.iter().any(|f| crate::version::version::is_range_deletion_sentinel(&f.largest)));

    let check = |db: &Db, want: &BTreeMap<Vec<u8>, Vec<u8>>, r: &ReadOptions, what: &str| {
        let mut it = db.iter(r).unwrap();
        it.seek_to_first();
        let mut got = Vec::new();
        while it.valid() {
            got.push((it.key().to_vec(), it.value().to_vec()));
            it.next();
        }
        let want_v: Vec<_> = want.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        assert_same(&got, &want_v, what);
        for i in (0..4000).step_by(7).chain([499, 500, 999, 1000, 1009, 1010, 3499, 3500]) {
            assert_eq!(db.get(r, &key(i)).unwrap().as_ref(), want.get(&key(i)), "{what}: get {i}");
        }
    };
    check(&db, &now, &ro(), "latest");
    let mut at_snap = ro();
    at_snap.snapshot = Some(snap.clone());
    check(&db, &all, &at_snap, "snapshot");
    drop(at_snap);
    db.close().unwrap();
    drop(db);

    // RocksDB reads the split tombstone as one.
    if std::path::Path::new("/usr/bin/ldb").exists() {
        for f in std::fs::read_dir(&d.0).unwrap().map(|e| e.unwrap().path()) {
            if f.extension().is_some_and(|x| x == "sst") {
                let out = crate::util::testutil::system_command("/usr/bin/sst_dump")
                    .arg(format!("--file={}", f.display()))
                    .arg("--command=verify")
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            }
        }
        let text = crate::util::testutil::debian_ldb_scan(&d.0).unwrap_or_default();
        let keys: Vec<&str> = text.lines().map(|l| l.split(" : ").next().unwrap_or("")).collect();
        let want: Vec<String> = now.keys().map(|k| String::from_utf8_lossy(k).into_owned()).collect();
        assert_eq!(keys, want, "ldb scan");
    }

    let db = Db::open(&o, &d.0).unwrap();
    check(&db, &now, &ro(), "reopened");
    drop(snap);
    // Writes under the old tombstone's range, flushed and compacted into the split tables.
    for i in (600..3400).step_by(100) {
        db.put(&wo(), &key(i), b"again").unwrap();
        now.insert(key(i), b"again".to_vec());
    }
    db.flush(&FlushOptions::default()).unwrap();
    db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
    check(&db, &now, &ro(), "after the last compaction");
}

/// With allow_stall, a write waits while the shared budget is used up (here by memory another
/// database would hold in immutable memtables), and with no_slowdown it is refused with
/// RocksDB's Incomplete "Write stall"; once that memory is freed the same write goes through.
#[test]
fn a_used_up_write_buffer_manager_stalls_writes_when_allowed() {
    use crate::memtable::write_buffer_manager::WriteBufferManager;
    let d = TempDir::new("wbm-stall");
    let wbm = WriteBufferManager::new(1 << 20, None, true);
    let mut o = opts();
    o.write_buffer_manager = Some(wbm.clone());
    let db = Db::open(&o, &d.0).unwrap();
    wbm.reserve(2 << 20);
    wbm.schedule_free(2 << 20);
    assert!(wbm.should_stall() && !wbm.should_flush());
    let no_slowdown = WriteOptions { no_slowdown: true, ..WriteOptions::default() };
    let err = db.put(&no_slowdown, b"k", b"v").unwrap_err();
    assert_eq!(err.to_string(), "Result incomplete: Write stall");
    wbm.free(2 << 20);
    db.put(&no_slowdown, b"k", b"v").unwrap();
    assert_eq!(db.get(&ro(), b"k").unwrap().as_deref(), Some(&b"v"[..]));
    assert!(wbm.memory_usage() > 0, "the memtable's block is counted");
    drop(db);
    assert_eq!(wbm.memory_usage(), 0, "a closed database holds no memtable memory");
}

/// Issue 14 (delrange-reversed-latches.txt): a reversed DeleteRange is refused with RocksDB's
/// MemTableInserter text and latched as the background error (HandleMemTableInsertFailure):
/// every later write, an empty batch included, answers it; reads go on.
#[test]
fn reversed_delete_range_is_refused_and_latched() {
    let d = TempDir::new("delrange-reversed");
    let db = Db::open(&opts(), &d.0).unwrap();
    let cf = db.default_column_family();
    db.put(&wo(), b"k01", b"v1").unwrap();
    // An empty range is no error.
    db.delete_range_cf(&wo(), &cf, b"k03", b"k03").unwrap();
    let want = "Invalid argument: end key comes before start key";
    assert_eq!(db.delete_range_cf(&wo(), &cf, b"k05", b"k01").unwrap_err().to_string(), want);
    assert_eq!(db.put(&wo(), b"k02", b"v2").unwrap_err().to_string(), want);
    assert_eq!(db.write(&wo(), &WriteBatch::new()).unwrap_err().to_string(), want);
    assert_eq!(db.get(&ro(), b"k01").unwrap(), Some(b"v1".to_vec()));
    assert_eq!(db.get(&ro(), b"k02").unwrap(), None);
}

/// Issue 14 (dropped-cf-write-latches.txt): a write to a dropped column family is refused and
/// latched; Merge through the dropped family's handle gets past the merge-operator check (the
/// handle still knows the family in RocksDB) and is refused by the write.
#[test]
fn write_to_a_dropped_family_is_refused_and_latched() {
    let d = TempDir::new("dropped-cf-latch");
    let mut o = opts();
    o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
    let db = Db::open(&o, &d.0).unwrap();
    let cf = db.create_column_family(&o, "one").unwrap();
    db.drop_column_family(&cf).unwrap();
    let want = "Invalid argument: Invalid column family specified in write batch";
    assert_eq!(db.merge_cf(&wo(), &cf, b"k09", b"v1").unwrap_err().to_string(), want);
    assert_eq!(db.put(&wo(), b"k01", b"v2").unwrap_err().to_string(), want);
    assert_eq!(db.get(&ro(), b"k01").unwrap(), None);
    // With ignore_missing_column_families the record is skipped instead, no error latched.
    let d2 = TempDir::new("dropped-cf-ignore");
    let db = Db::open(&o, &d2.0).unwrap();
    let cf = db.create_column_family(&o, "one").unwrap();
    db.drop_column_family(&cf).unwrap();
    let ignore = WriteOptions { ignore_missing_column_families: true, ..wo() };
    db.put_cf(&ignore, &cf, b"k09", b"v1").unwrap();
    db.put(&wo(), b"k01", b"v2").unwrap();
}

/// Issue 14 (flush-with-latched-error-switches.txt): a flush while an error is latched still
/// makes the active memtable immutable, as RocksDB's FlushMemTable does, and answers the
/// error; the memtable waits, unflushed, and its keys still read.
#[test]
fn a_flush_with_a_latched_error_switches_the_memtable_and_answers_the_error() {
    let d = TempDir::new("flush-latched");
    let db = Db::open(&opts(), &d.0).unwrap();
    let cf = db.create_column_family(&opts(), "one").unwrap();
    db.put(&wo(), b"k00", b"v7").unwrap();
    db.drop_column_family(&cf).unwrap();
    let want = "Invalid argument: Invalid column family specified in write batch";
    assert_eq!(db.put_cf(&wo(), &cf, b"k01", b"v2").unwrap_err().to_string(), want);
    assert_eq!(db.flush(&FlushOptions::default()).unwrap_err().to_string(), want);
    assert_eq!(db.property_int("rocksdb.num-immutable-mem-table"), Some(1));
    assert_eq!(db.property_int("rocksdb.mem-table-flush-pending"), Some(1));
    assert_eq!(db.property_int("rocksdb.num-entries-active-mem-table"), Some(0));
    assert_eq!(db.get(&ro(), b"k00").unwrap(), Some(b"v7".to_vec()));
    // Nothing left to switch: the error alone.
    assert_eq!(db.flush(&FlushOptions::default()).unwrap_err().to_string(), want);
    assert_eq!(db.property_int("rocksdb.num-immutable-mem-table"), Some(1));
}

/// Issue 14 (property-int-string-only.txt): rocksdb.num-files-at-level<N> has only a string
/// handler in RocksDB's property table, so GetIntProperty has no answer for it.
#[test]
fn num_files_at_level_is_a_string_property_only() {
    let d = TempDir::new("prop-string-only");
    let db = Db::open(&opts(), &d.0).unwrap();
    db.put(&wo(), b"k03", b"v21").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    assert_eq!(db.property_int("rocksdb.num-files-at-level0"), None);
    assert_eq!(db.property_value("rocksdb.num-files-at-level0").as_deref(), Some("1"));
    assert_eq!(db.property_u64("rocksdb.num-files-at-level0"), Some(1));
    assert_eq!(db.property_int("rocksdb.num-entries-active-mem-table"), Some(0));
}
