//! PlainTable tests: round trips through `TableBuilder::new_plain` and `Table`, files Debian's RocksDB 7.8.3
//! wrote (testdata/plain_*_rocksdb783.sst, from testdata/plain_rocksdb783.cc) read by ferrock, and databases with
//! the plain factory that RocksDB 7.8.3's `ldb` reads back.

use super::key_coding::KeyEncoding;
use super::PlainTableOptions;
use crate::iter::InternalIterator;
use crate::key::{make_internal_key, seek_key, user_key, ValueType, MAX_SEQUENCE_NUMBER};
use crate::prefix::{FixedPrefix, SliceTransform};
use crate::table::{Table, TableBuildOptions, TableBuilder, TableReadOptions};
use crate::util::testutil::MemFile;
use parking_lot::Mutex;
use std::sync::Arc;

fn fixed3() -> Arc<dyn SliceTransform> {
    Arc::new(FixedPrefix(3))
}

fn open(bytes: Vec<u8>) -> Arc<Table> {
    let n = bytes.len() as u64;
    Table::open(Arc::new(MemFile(Arc::new(Mutex::new(bytes)))), n, TableReadOptions::default()).expect("open")
}

/// Builds a table of `entries` (user key, seq, type, value).
fn build(plain: &PlainTableOptions, extractor: Option<Arc<dyn SliceTransform>>, entries: &[(&[u8], u64, ValueType, &[u8])]) -> Vec<u8> {
    let f = MemFile::default();
    let opts = TableBuildOptions { prefix_extractor: extractor, file_number: 7, ..Default::default() };
    let mut b = TableBuilder::new_plain(opts, plain, Box::new(f.clone()));
    for (k, s, t, v) in entries {
        b.add(&make_internal_key(k, *s, *t), v).unwrap();
    }
    b.finish().unwrap();
    f.bytes()
}

fn scan(t: &Arc<Table>) -> Vec<(Vec<u8>, u64, Vec<u8>)> {
    let mut it = t.iter(false);
    it.seek_to_first();
    let mut out = Vec::new();
    while it.valid() {
        let k = it.key();
        out.push((user_key(k).to_vec(), crate::key::trailer(k) >> 8, it.value().to_vec()));
        it.next();
    }
    it.status().unwrap();
    out
}

/// What a point lookup finds for `key` at `seq`: the first entry at or after the lookup key, if of that key.
fn get(t: &Table, key: &[u8], extractor: Option<&dyn SliceTransform>) -> Option<Vec<u8>> {
    let mut found = None;
    t.get_with_prefix_extractor(&seek_key(key, MAX_SEQUENCE_NUMBER), extractor, &mut |k, v| {
        if user_key(k) == key {
            found = Some(v.to_vec());
        }
        Ok(false)
    })
    .unwrap();
    found
}

fn sample() -> Vec<(Vec<u8>, u64, ValueType, Vec<u8>)> {
    let mut out = Vec::new();
    for (i, p) in ["aaa", "bar", "foo", "qux"].iter().enumerate() {
        for j in 0..40u64 {
            let k = format!("{p}{j:02}").into_bytes();
            out.push((k.clone(), 100 + i as u64 * 40 + j, ValueType::Value, format!("v{}", String::from_utf8_lossy(&k)).into_bytes()));
        }
    }
    out
}

fn as_refs(e: &[(Vec<u8>, u64, ValueType, Vec<u8>)]) -> Vec<(&[u8], u64, ValueType, &[u8])> {
    e.iter().map(|(k, s, t, v)| (k.as_slice(), *s, *t, v.as_slice())).collect()
}

#[test]
fn round_trip_with_prefix_index_in_both_encodings() {
    let entries = sample();
    for encoding in [KeyEncoding::Plain, KeyEncoding::Prefix] {
        for sparseness in [1, 3, 16] {
            let plain = PlainTableOptions { encoding_type: encoding, index_sparseness: sparseness, ..Default::default() };
            let t = open(build(&plain, Some(fixed3()), &as_refs(&entries)));
            assert!(t.is_plain());
            assert_eq!(t.properties().num_entries, entries.len() as u64);
            assert_eq!(t.properties().format_version, if encoding == KeyEncoding::Plain { 0 } else { 1 });
            assert_eq!(t.footer().format_version, 0);
            let got = scan(&t);
            assert_eq!(got.len(), entries.len());
            for ((k, s, _, v), (gk, gs, gv)) in entries.iter().zip(&got) {
                assert_eq!((k, s, v), (gk, gs, gv));
            }
            let x = fixed3();
            for (k, _, _, v) in &entries {
                assert_eq!(get(&t, k, Some(x.as_ref())).as_ref(), Some(v), "{encoding:?} {sparseness}");
            }
            assert_eq!(get(&t, b"foo99", Some(x.as_ref())), None);
            assert_eq!(get(&t, b"zzz00", Some(x.as_ref())), None);
            // Prefix seeks land on the first key >= the target within the prefix.
            let mut it = t.iter_for_read(true, true, Some(&x), None);
            it.seek(&seek_key(b"bar", MAX_SEQUENCE_NUMBER));
            assert!(it.valid());
            assert_eq!(user_key(it.key()), b"bar00");
            it.seek(&seek_key(b"foo17x", MAX_SEQUENCE_NUMBER));
            assert_eq!(user_key(it.key()), b"foo18");
            for _ in 0..22 {
                it.next();
            }
            // Past the prefix, the table's next keys follow (prefix mode leaves them to the caller).
            assert_eq!(user_key(it.key()), b"qux00");
            it.seek(&seek_key(b"zzz", MAX_SEQUENCE_NUMBER));
            assert!(!it.valid());
            it.status().unwrap();
        }
    }
}

#[test]
fn unsupported_directions_and_total_order_seek_fail_as_in_rocksdb() {
    let entries = sample();
    let t = open(build(&PlainTableOptions::default(), Some(fixed3()), &as_refs(&entries)));
    let x = fixed3();
    let mut it = t.iter_for_read(true, true, Some(&x), None);
    it.seek_to_last();
    assert!(!it.valid());
    assert_eq!(it.status().unwrap_err().to_string(), "Not implemented: SeekToLast() is not supported in PlainTable");
    it.seek_for_prev(&seek_key(b"foo", 0));
    assert_eq!(it.status().unwrap_err().to_string(), "Not implemented: SeekForPrev() is not supported in PlainTable");
    // total_order_seek on a family with a prefix extractor.
    let mut it = t.iter_for_read(true, false, Some(&x), None);
    it.seek(&seek_key(b"ba", MAX_SEQUENCE_NUMBER));
    assert_eq!(it.status().unwrap_err().to_string(), "Invalid argument: total_order_seek not implemented for PlainTable.");
    // SeekToFirst still works (compaction reads tables this way).
    it.seek_to_first();
    assert!(it.valid());
    assert_eq!(user_key(it.key()), b"aaa00");
    // A lookup without the extractor the file was built with.
    let mut sink = |_: &[u8], _: &[u8]| Ok(false);
    let e = t.get_with_prefix_extractor(&seek_key(b"foo01", 5), None, &mut sink).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Invalid argument: Prefix extractor is missing when opening a PlainTable built using a prefix extractor"
    );
    let other: Arc<dyn SliceTransform> = Arc::new(FixedPrefix(2));
    let e = t.get_with_prefix_extractor(&seek_key(b"foo01", 5), Some(other.as_ref()), &mut sink).unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Prefix extractor given doesn't match the one used to build PlainTable");
    // No range deletions in PlainTable.
    let mut b = TableBuilder::new_plain(TableBuildOptions::default(), &PlainTableOptions::default(), Box::new(MemFile::default()));
    let e = b.add_range_tombstone(&make_internal_key(b"a", 1, ValueType::RangeDeletion), b"b").unwrap_err();
    assert_eq!(e.to_string(), "Not implemented: Range deletion unsupported");
}

#[test]
fn total_order_mode_without_extractor_seeks_by_binary_search() {
    let entries = sample();
    let plain = PlainTableOptions { hash_table_ratio: 0.0, user_key_len: 5, ..Default::default() };
    let t = open(build(&plain, None, &as_refs(&entries)));
    assert_eq!(t.properties().fixed_key_len, 5);
    let mut it = t.iter_for_read(true, false, None, None);
    for (i, (k, _, _, _)) in entries.iter().enumerate().step_by(7) {
        it.seek(&seek_key(k, MAX_SEQUENCE_NUMBER));
        assert!(it.valid(), "{i}");
        assert_eq!(user_key(it.key()), k.as_slice());
    }
    it.seek(&seek_key(b"bar", MAX_SEQUENCE_NUMBER));
    assert_eq!(user_key(it.key()), b"bar00");
    it.seek(&seek_key(b"zzz", MAX_SEQUENCE_NUMBER));
    assert!(!it.valid());
    it.status().unwrap();
    for (k, _, _, v) in &entries {
        assert_eq!(get(&t, k, None).as_ref(), Some(v));
    }
    assert_eq!(get(&t, b"bar0x", None), None);
    // Prefix mode without an extractor: RocksDB's mismatch error.
    let mut it = t.iter_for_read(true, true, None, None);
    it.seek(&seek_key(b"bar", MAX_SEQUENCE_NUMBER));
    assert!(it.status().is_err());
}

#[test]
fn data_section_is_the_bytes_rocksdb_writes() {
    // testdata/plain_fixed_rocksdb783.sst: user_key_len 4, kPlain, FixedPrefix 3 (see plain_rocksdb783.cc).
    let rocksdb = include_bytes!("../testdata/plain_fixed_rocksdb783.sst").to_vec();
    let theirs = open(rocksdb.clone());
    let p = theirs.properties().clone();
    let mut entries = Vec::new();
    let mut it = theirs.iter(false);
    it.seek_to_first();
    while it.valid() {
        let k = crate::key::parse_internal_key(it.key()).unwrap();
        entries.push((k.user_key.to_vec(), k.sequence, k.value_type, it.value().to_vec()));
        it.next();
    }
    it.status().unwrap();
    assert_eq!(entries.len(), 10);
    let plain = PlainTableOptions { user_key_len: 4, index_sparseness: 2, ..Default::default() };
    let ours = build(&plain, Some(fixed3()), &as_refs(&entries));
    assert_eq!(ours[..p.data_size as usize], rocksdb[..p.data_size as usize]);
    let mine = open(ours.clone());
    let q = mine.properties();
    assert_eq!(
        (q.data_size, q.num_entries, q.num_deletions, q.raw_key_size, q.raw_value_size, q.fixed_key_len, q.format_version),
        (p.data_size, p.num_entries, p.num_deletions, p.raw_key_size, p.raw_value_size, p.fixed_key_len, p.format_version)
    );
    assert_eq!((q.prefix_extractor_name.as_str(), q.num_data_blocks), (p.prefix_extractor_name.as_str(), 1));
    assert_eq!(q.user_collected.get(super::PROP_ENCODING_TYPE), p.user_collected.get(super::PROP_ENCODING_TYPE));
    // Both files end with the same legacy footer layout (the handles differ with the properties' size).
    assert_eq!(ours[ours.len() - 8..], rocksdb[rocksdb.len() - 8..]);
    assert!(!q.user_collected.contains_key("rocksdb.block.based.table.index.type"));
}

#[test]
fn reads_the_plain_tables_rocksdb_7_8_3_wrote() {
    // plain_rocksdb783.cc: ten puts (odd ones with "-long" keys when the length is variable), foo3 deleted.
    let keys = ["bar1", "bar2", "bar3", "baz1", "foo1", "foo2", "foo3", "foo4", "foo5", "qux9"];
    let cases: [(&[u8], bool, bool); 5] = [
        (include_bytes!("../testdata/plain_fixed_rocksdb783.sst"), false, true),
        (include_bytes!("../testdata/plain_var_rocksdb783.sst"), true, true),
        (include_bytes!("../testdata/plain_prefixenc_rocksdb783.sst"), true, true),
        (include_bytes!("../testdata/plain_idx_rocksdb783.sst"), true, true),
        (include_bytes!("../testdata/plain_total_rocksdb783.sst"), true, false),
    ];
    for (n, (bytes, long, prefixed)) in cases.iter().enumerate() {
        let t = open(bytes.to_vec());
        let want: Vec<String> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| if *long && i % 2 == 1 { format!("{k}-long") } else { k.to_string() })
            .collect();
        let got = scan(&t);
        // foo3 (index 6, "foo3" in every file): the flush kept only its deletion (sequence 11).
        let mut expect: Vec<(Vec<u8>, u64, Vec<u8>)> = Vec::new();
        for (i, k) in want.iter().enumerate() {
            if k == "foo3" {
                expect.push((k.as_bytes().to_vec(), 11, Vec::new()));
            } else {
                expect.push((k.as_bytes().to_vec(), i as u64 + 1, format!("v{k}").into_bytes()));
            }
        }
        assert_eq!(got, expect, "case {n}");
        let x = fixed3();
        let ex = if *prefixed { Some(x.as_ref()) } else { None };
        for k in &want {
            let v = get(&t, k.as_bytes(), ex);
            if k == "foo3" {
                assert_eq!(v, Some(Vec::new()), "the deletion is found first");
            } else {
                assert_eq!(v, Some(format!("v{k}").into_bytes()), "case {n} key {k}");
            }
        }
        assert_eq!(get(&t, b"bar0", ex), None);
        if *prefixed {
            let mut it = t.iter_for_read(true, true, Some(&x), None);
            it.seek(&seek_key(b"foo", MAX_SEQUENCE_NUMBER));
            assert_eq!(user_key(it.key()), b"foo1");
            it.seek(&seek_key(b"baz", MAX_SEQUENCE_NUMBER));
            assert_eq!(user_key(it.key()), want[3].as_bytes());
        }
    }
}

#[test]
fn a_database_with_the_plain_factory_flushes_compacts_and_reads_back() {
    use crate::db::Db;
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
    use crate::table::factory::TableFactory;
    let dir = crate::util::testutil::TempDir::new("plain-db");
    let mut o = Options::default();
    o.create_if_missing = true;
    o.prefix_extractor = Some(fixed3());
    o.table_factory = TableFactory::Plain(PlainTableOptions { user_key_len: 4, ..Default::default() });
    let wo = WriteOptions::default();
    {
        let db = Db::open(&o, &dir.0).unwrap();
        for (k, v) in [("foo1", "a"), ("foo2", "b"), ("bar1", "c"), ("bar2", "d")] {
            db.put(&wo, k.as_bytes(), v.as_bytes()).unwrap();
        }
        db.flush(&FlushOptions::default()).unwrap();
        db.put(&wo, b"foo3", b"e").unwrap();
        db.delete(&wo, b"bar1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.compact_range_cf(&crate::db::ColumnFamilyHandle { id: 0, name: "default".into() }, None, None).unwrap();
        db.close().unwrap();
    }
    let tables: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sst"))
        .collect();
    assert!(!tables.is_empty());
    for p in &tables {
        let bytes = std::fs::read(p).unwrap();
        assert_eq!(crate::util::coding::decode_fixed64(&bytes[bytes.len() - 8..]), super::LEGACY_PLAIN_TABLE_MAGIC);
    }
    let db = Db::open(&o, &dir.0).unwrap();
    let ro = ReadOptions::new();
    assert_eq!(db.get(&ro, b"foo2").unwrap(), Some(b"b".to_vec()));
    assert_eq!(db.get(&ro, b"bar1").unwrap(), None);
    assert_eq!(db.get(&ro, b"baz1").unwrap(), None);
    let mut it = db.iter(&ro).unwrap();
    it.seek(b"foo");
    let mut got = Vec::new();
    while it.valid() && it.key().starts_with(b"foo") {
        got.push(String::from_utf8_lossy(it.key()).into_owned());
        it.next();
    }
    it.status().unwrap();
    assert_eq!(got, ["foo1", "foo2", "foo3"]);
    let mut it = db.iter(&ro).unwrap();
    it.seek_to_last();
    assert_eq!(it.status().unwrap_err().to_string(), "Not implemented: SeekToLast() is not supported in PlainTable");
    drop(it);
    // No checksums in PlainTable: RocksDB's TableReader::VerifyChecksum answer.
    assert_eq!(db.verify_checksum().unwrap_err().to_string(), "Not implemented: VerifyChecksum() not supported");
    // An external PlainTable file is not written.
    let mut w = crate::table::SstFileWriter::new(&o);
    assert_eq!(
        w.open(&dir.0.join("ext.sst")).unwrap_err().to_string(),
        "Not implemented: SstFileWriter with the PlainTable factory"
    );
    db.close().unwrap();
    // Debian's RocksDB 7.8.3 reads the directory with the options in its OPTIONS file.
    if std::path::Path::new("/usr/bin/ldb").exists() {
        let out = crate::util::testutil::system_command("/usr/bin/ldb")
            .arg(format!("--db={}", dir.0.display()))
            .arg("--try_load_options")
            .arg("scan")
            .output()
            .unwrap();
        assert!(out.status.success(), "ldb: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "bar2 : d\nfoo1 : a\nfoo2 : b\nfoo3 : e\n");
    }
}

#[test]
fn options_file_records_the_plain_factory_and_loads_it_back() {
    use crate::options::Options;
    use crate::table::factory::TableFactory;
    let mut o = Options::default();
    o.prefix_extractor = Some(fixed3());
    let plain = PlainTableOptions { user_key_len: 4, hash_table_ratio: 0.5, encoding_type: KeyEncoding::Prefix, ..Default::default() };
    o.table_factory = TableFactory::Plain(plain.clone());
    let text = crate::options::file::options_file_text(&Options::default(), &[("default".to_string(), &o)]);
    assert!(text.contains("  table_factory=PlainTable\n"), "{text}");
    assert!(text.contains("[TableOptions/PlainTable \"default\"]\n  store_index_in_file=false\n  encoding_type=kPrefix\n  huge_page_tlb_size=0\n  hash_table_ratio=0.500000\n  full_scan_mode=false\n  bloom_bits_per_key=10\n  index_sparseness=16\n  user_key_len=4\n"), "{text}");
    assert!(!text.contains("TableOptions/BlockBasedTable"));
    let dir = crate::util::testutil::TempDir::created("plain-options");
    std::fs::write(dir.0.join("OPTIONS-000005"), &text).unwrap();
    let loaded = crate::options::load::load_latest_options(&*crate::env::default_fs(), &dir.0, false).unwrap();
    assert_eq!(loaded.cfs[0].1.table_factory, TableFactory::Plain(plain));
}

#[test]
fn option_strings_choose_and_configure_the_plain_factory() {
    use crate::options::load::options_from_string;
    use crate::options::Options;
    use crate::table::factory::TableFactory;
    let base = Options::default();
    let e = options_from_string(&base, "plain_table_factory={user_key_len=4}").err().unwrap();
    assert_eq!(e.to_string(), "Invalid argument: Cannot modify BlockBasedTable as plain_table_factory");
    let (o, _) = options_from_string(&base, "table_factory={id=PlainTable;bloom_bits_per_key=42}").unwrap();
    assert_eq!(o.table_factory, TableFactory::Plain(PlainTableOptions { bloom_bits_per_key: 42, ..Default::default() }));
    let (o, _) = options_from_string(&o, "plain_table_factory={user_key_len=8;encoding_type=kPrefix}").unwrap();
    let want = PlainTableOptions { bloom_bits_per_key: 42, user_key_len: 8, encoding_type: KeyEncoding::Prefix, ..Default::default() };
    assert_eq!(o.table_factory, TableFactory::Plain(want));
    let e = options_from_string(&o, "block_based_table_factory={block_size=8192}").err().unwrap();
    assert_eq!(e.to_string(), "Invalid argument: Cannot modify PlainTable as block_based_table_factory");
    let (o, _) = options_from_string(&o, "table_factory=BlockBasedTable").unwrap();
    assert_eq!(o.table_factory, TableFactory::BlockBased);
}

#[test]
fn the_familys_plain_options_tune_the_index() {
    let entries = sample();
    let bytes = build(&PlainTableOptions::default(), Some(fixed3()), &as_refs(&entries));
    let x = fixed3();
    // Defaults: 4 prefixes / 0.75 + 1 buckets and a bloom.
    let t = open(bytes.clone());
    assert_eq!(get(&t, b"foo07", Some(x.as_ref())), Some(b"vfoo07".to_vec()));
    assert_eq!(t.plain_table().unwrap().index_buckets(), Some((4.0 / 0.75) as u32 + 1));
    assert_eq!(t.plain_table().unwrap().has_bloom(), Some(true));
    // The family's options: one bucket (binary search), no bloom; same answers.
    let tuning = PlainTableOptions { hash_table_ratio: 0.0, bloom_bits_per_key: 0, index_sparseness: 1, ..Default::default() };
    let t = open(bytes);
    let mut it = t.iter_for_read(true, true, Some(&x), Some(&tuning));
    it.seek(&seek_key(b"qux3", MAX_SEQUENCE_NUMBER));
    assert_eq!(user_key(it.key()), b"qux30");
    assert_eq!(t.plain_table().unwrap().index_buckets(), Some(1));
    assert_eq!(t.plain_table().unwrap().has_bloom(), Some(false));
    for (k, _, _, v) in &entries {
        let mut found = None;
        t.get_in_family(&seek_key(k, MAX_SEQUENCE_NUMBER), Some(x.as_ref()), Some(&tuning), &mut |ik, val| {
            found = (user_key(ik) == k.as_slice()).then(|| val.to_vec());
            Ok(false)
        })
        .unwrap();
        assert_eq!(found.as_ref(), Some(v));
    }
}
