//! Cuckoo table tests: round trips through the builder and reader, RocksDB's refusals, and the tables of
//! Debian's RocksDB 7.8.3 (its sst_dump has no cuckoo reader: "Unsupported table magic number", so the
//! cross-checks go through its C API).
use super::*;
use crate::env::RandomAccessFile;
use crate::iter::InternalIterator;
use crate::key::{make_internal_key, InternalKeyComparator, ValueType};
use crate::util::testutil::MemFile;
use std::sync::Arc;

fn build(opts: CuckooTableOptions, entries: &[(Vec<u8>, Vec<u8>)]) -> (MemFile, CuckooTableBuilder) {
    let mem = MemFile::default();
    let mut b = CuckooTableBuilder::new(opts, Default::default(), Default::default(), Box::new(mem.clone()));
    for (k, v) in entries {
        b.add(k, v);
    }
    (mem, b)
}

fn open(mem: &MemFile) -> Arc<CuckooTable> {
    let size = RandomAccessFile::size(mem).unwrap();
    Arc::new(CuckooTable::open(mem, size, &InternalKeyComparator::default(), "000001.sst").unwrap())
}

fn entries(n: usize, seq0: bool) -> Vec<(Vec<u8>, Vec<u8>)> {
    (0..n)
        .map(|i| {
            let seq = if seq0 { 0 } else { 100 + i as u64 };
            (make_internal_key(format!("key{:05}", i).as_bytes(), seq, ValueType::Value), format!("v{:05}", i).into_bytes())
        })
        .collect()
}

#[test]
fn murmur_matches_known_values() {
    // MurmurHash64A of the empty input with seed 0 is 0; the others are fixed points of this
    // implementation that the sst_dump cross-check below confirms against RocksDB.
    assert_eq!(murmur_hash64a(b"", 0), 0);
    assert_ne!(murmur_hash64a(b"a", 0), murmur_hash64a(b"a", 1));
}

#[test]
fn round_trip_point_lookups_and_scan() {
    for opts in [
        CuckooTableOptions::default(),
        CuckooTableOptions { use_module_hash: false, ..Default::default() },
        CuckooTableOptions { hash_table_ratio: 0.5, max_search_depth: 200, cuckoo_block_size: 10, identity_as_first_hash: true, use_module_hash: false },
    ] {
        for seq0 in [false, true] {
            let e = entries(500, seq0);
            let (mem, b) = build(opts, &e);
            b.status().unwrap();
            let (props, _) = b.finish().unwrap();
            assert_eq!(props.num_entries, 500);
            let t = open(&mem);
            assert_eq!(t.properties().num_entries, 500);
            for (k, v) in &e {
                let (ik, got) = t.get(crate::key::user_key(k)).expect("present");
                assert_eq!(&ik, k);
                assert_eq!(&got, v);
            }
            assert!(t.get(b"key99999").is_none());
            assert!(t.get(b"short").is_none());
            let mut it = t.iter();
            it.seek_to_first();
            let mut seen = Vec::new();
            while it.valid() {
                seen.push((it.key().to_vec(), it.value().to_vec()));
                it.next();
            }
            assert_eq!(seen, e);
            it.seek(&make_internal_key(b"key00250", 1000, ValueType::Value));
            assert!(it.valid());
            assert_eq!(crate::key::user_key(it.key()), b"key00250");
            it.prev();
            assert_eq!(crate::key::user_key(it.key()), b"key00249");
            it.seek_to_last();
            assert_eq!(crate::key::user_key(it.key()), b"key00499");
        }
    }
}

#[test]
fn refused_entries_are_left_out_as_rocksdb_does() {
    let mut e = entries(3, false);
    // Another key size, another value size, a Merge: each refused, the rest kept.
    e.push((make_internal_key(b"key000031", 5, ValueType::Value), b"v00003".to_vec()));
    e.push((make_internal_key(b"key00004", 5, ValueType::Value), b"v4".to_vec()));
    e.push((make_internal_key(b"key00005", 5, ValueType::Merge), b"v00005".to_vec()));
    let (mem, b) = build(CuckooTableOptions::default(), &e);
    let err = b.status().unwrap_err();
    assert_eq!(err.to_string(), "Not implemented: Unsupported key type 2");
    assert_eq!(b.num_entries(), 3);
    let (props, _) = b.finish().unwrap();
    assert_eq!(props.num_entries, 3);
    let t = open(&mem);
    assert!(t.get(b"key00004").is_none());
    assert!(t.get(b"key00001").is_some());
}

#[test]
fn same_user_key_twice_fails_finish() {
    let e = vec![
        (make_internal_key(b"aaaaaaaa", 9, ValueType::Value), b"1".to_vec()),
        (make_internal_key(b"aaaaaaaa", 8, ValueType::Value), b"2".to_vec()),
    ];
    let (_, b) = build(CuckooTableOptions::default(), &e);
    assert_eq!(b.finish().err().unwrap().to_string(), "Not implemented: Same key is being inserted again.");
}

#[test]
fn deletions_read_back_as_deletions() {
    let e = vec![(make_internal_key(b"cf_foo", 7, ValueType::Deletion), Vec::new())];
    let (mem, b) = build(CuckooTableOptions::default(), &e);
    let (props, _) = b.finish().unwrap();
    assert_eq!(props.num_deletions, 1);
    let t = open(&mem);
    let (ik, v) = t.get(b"cf_foo").unwrap();
    assert_eq!(crate::key::parse_internal_key(&ik).unwrap().value_type, ValueType::Deletion);
    assert!(v.is_empty());
}

/// Builds the C helper against Debian's RocksDB 7.8.3, or None (with a note) when it is not installed.
pub(crate) fn rocksdb783_helper(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    if !std::path::Path::new("/usr/bin/cc").exists() || !std::path::Path::new("/usr/include/rocksdb/c.h").exists() {
        println!("note: cc or RocksDB's c.h not installed; skipping the cross-check");
        return None;
    }
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/table/cuckoo/testdata/cuckoo_rocksdb783.c");
    let exe = dir.join("cuckoo_rocksdb783");
    let out = crate::util::testutil::system_command("/usr/bin/cc").arg(&src).arg("-lrocksdb").arg("-o").arg(&exe).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(exe)
}

/// RocksDB 7.8.3 writes cuckoo tables (flushes of a database with a cuckoo factory); ours reads every entry of
/// them, and our builder given the same entries lays out the same hash table, byte for byte, with the same
/// cuckoo properties.
#[test]
fn same_hash_table_as_rocksdb_783() {
    let dir = std::env::temp_dir().join(format!("ferrock-cuckoo783-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let Some(exe) = rocksdb783_helper(&dir) else { return };
    let cases = [
        CuckooTableOptions::default(),
        CuckooTableOptions { hash_table_ratio: 0.5, max_search_depth: 200, cuckoo_block_size: 10, identity_as_first_hash: true, use_module_hash: false },
        CuckooTableOptions { hash_table_ratio: 0.95, max_search_depth: 5, cuckoo_block_size: 1, identity_as_first_hash: false, use_module_hash: false },
        CuckooTableOptions { hash_table_ratio: 0.9, max_search_depth: 100, cuckoo_block_size: 2, identity_as_first_hash: false, use_module_hash: true },
    ];
    for (i, o) in cases.iter().enumerate() {
        let db = dir.join(format!("db{}", i));
        let out = crate::util::testutil::system_command(&exe)
            .arg("write")
            .arg(&db)
            .arg("1000")
            .arg(o.hash_table_ratio.to_string())
            .arg(o.max_search_depth.to_string())
            .arg(o.cuckoo_block_size.to_string())
            .arg((o.identity_as_first_hash as u8).to_string())
            .arg((o.use_module_hash as u8).to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let sst = std::fs::read_dir(&db)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|x| x == "sst"))
            .expect("a table file");
        let theirs = MemFile::default();
        theirs.0.lock().extend_from_slice(&std::fs::read(&sst).unwrap());
        let t = open(&theirs);
        let mut entries = Vec::new();
        let mut it = t.iter();
        it.seek_to_first();
        while it.valid() {
            entries.push((it.key().to_vec(), it.value().to_vec()));
            it.next();
        }
        assert_eq!(entries.len(), 1000, "case {}", i);
        for (j, (k, v)) in entries.iter().enumerate() {
            assert_eq!(crate::key::user_key(k), format!("key{:05}", j).as_bytes());
            assert_eq!(v, format!("v{:05}", j).as_bytes());
            assert_eq!(t.get(crate::key::user_key(k)).unwrap().1, *v);
        }
        let (mine, b) = build(*o, &entries);
        let (props, _) = b.finish().unwrap();
        let data_size = props.data_size as usize;
        assert_eq!(data_size as u64, t.properties().data_size, "case {}", i);
        assert!(mine.bytes()[..data_size] == theirs.bytes()[..data_size], "case {}: hash tables differ", i);
        assert_eq!(props.user_collected, t.properties().user_collected, "case {}", i);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
