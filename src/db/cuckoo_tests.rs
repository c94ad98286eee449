//! A database whose table factory is RocksDB's CuckooTable (`Options::cuckoo_table`): flushes write cuckoo
//! tables that reads and scans find, RocksDB's rules apply (entries of another size left out, no read without
//! mmap reads), the OPTIONS file names the factory, and Debian's RocksDB 7.8.3 reads the database.

use super::*;
use crate::options::{FlushOptions, ReadOptions, WriteOptions};
use crate::table::cuckoo::CuckooTableOptions;
use crate::util::testutil::TempDir;

fn cuckoo_opts(mmap: bool) -> Options {
    Options {
        create_if_missing: true,
        allow_mmap_reads: mmap,
        cuckoo_table: Some(CuckooTableOptions { hash_table_ratio: 0.5, max_search_depth: 200, cuckoo_block_size: 10, identity_as_first_hash: true, use_module_hash: false }),
        ..Default::default()
    }
}

fn tables(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "sst")).collect();
    v.sort();
    v
}

#[test]
fn flush_writes_cuckoo_tables_that_reads_find() {
    let d = TempDir::new("cuckoo_db");
    let db = Db::open(&cuckoo_opts(true), &d.0).unwrap();
    let wo = WriteOptions::default();
    for i in 0..200 {
        db.put(&wo, format!("key{:05}", i).as_bytes(), format!("v{:05}", i).as_bytes()).unwrap();
    }
    db.delete(&wo, b"key00007").unwrap();
    // Another key size: RocksDB's cuckoo builder leaves it out of the table, and the flush succeeds.
    db.put(&wo, b"longer-key", b"v99999").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    let t = tables(&d.0);
    assert_eq!(t.len(), 1);
    let bytes = std::fs::read(&t[0]).unwrap();
    assert_eq!(&bytes[bytes.len() - 8..], &crate::table::cuckoo::CUCKOO_TABLE_MAGIC.to_le_bytes());
    let ro = ReadOptions::new();
    assert_eq!(db.get(&ro, b"key00005").unwrap(), Some(b"v00005".to_vec()));
    assert_eq!(db.get(&ro, b"key00007").unwrap(), None);
    assert_eq!(db.get(&ro, b"key99999").unwrap(), None);
    assert_eq!(db.get(&ro, b"longer-key").unwrap(), None);
    let mut it = db.iter(&ro).unwrap();
    it.seek(b"key00006");
    assert_eq!(it.key(), b"key00006");
    it.next();
    assert_eq!(it.key(), b"key00008");
    it.seek_to_first();
    let mut n = 0;
    while it.valid() {
        n += 1;
        it.next();
    }
    it.status().unwrap();
    assert_eq!(n, 199);
    drop(it);
    db.close().unwrap();
    let text = std::fs::read_to_string(crate::options::file::latest_options_file(&*crate::env::default_fs(), &d.0).unwrap()).unwrap();
    assert!(text.contains("table_factory=CuckooTable"), "{}", text);
    assert!(text.contains("[TableOptions/CuckooTable \"default\"]"), "{}", text);
    assert!(text.contains("hash_table_ratio=0.500000") && text.contains("cuckoo_block_size=10"), "{}", text);
    let loaded = crate::options::load::load_latest_options(&*crate::env::default_fs(), &d.0, false).unwrap();
    assert_eq!(loaded.cfs[0].1.cuckoo_table, cuckoo_opts(true).cuckoo_table);
}

/// As RocksDB 7.8.3 does: the flush opens the table it wrote, which fails without mmap reads, so the flush
/// fails with the reader's error and leaves no table; the entry stays readable in the memtable.
#[test]
fn without_mmap_reads_a_cuckoo_flush_fails() {
    let d = TempDir::new("cuckoo_nommap");
    let db = Db::open(&cuckoo_opts(false), &d.0).unwrap();
    db.put(&WriteOptions::default(), b"key00001", b"v1").unwrap();
    assert_eq!(db.flush(&FlushOptions::default()).unwrap_err().to_string(), "Invalid argument: File is not mmaped");
    assert!(tables(&d.0).is_empty());
    assert_eq!(db.get(&ReadOptions::new(), b"key00001").unwrap(), Some(b"v1".to_vec()));
}

/// A table written with mmap reads and read without them: the read fails with RocksDB's error.
#[test]
fn without_mmap_reads_a_cuckoo_table_does_not_open() {
    let d = TempDir::new("cuckoo_nommap_read");
    {
        let db = Db::open(&cuckoo_opts(true), &d.0).unwrap();
        db.put(&WriteOptions::default(), b"key00001", b"v1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.close().unwrap();
    }
    let db = Db::open(&cuckoo_opts(false), &d.0).unwrap();
    assert_eq!(db.get(&ReadOptions::new(), b"key00001").unwrap_err().to_string(), "Invalid argument: File is not mmaped");
}

/// Debian's RocksDB 7.8.3, opening our database with its cuckoo factory and mmap reads, reads every key.
#[test]
fn rocksdb_783_reads_our_cuckoo_database() {
    let d = TempDir::new("cuckoo_783");
    std::fs::create_dir_all(&d.0).unwrap();
    let Some(exe) = crate::table::cuckoo::tests::rocksdb783_helper(&d.0) else { return };
    let dir = d.0.join("db");
    let db = Db::open(&Options { cuckoo_table: Some(CuckooTableOptions::default()), ..cuckoo_opts(true) }, &dir).unwrap();
    for i in 0..500 {
        db.put(&WriteOptions::default(), format!("key{:05}", i).as_bytes(), format!("v{:05}", i).as_bytes()).unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    db.close().unwrap();
    drop(db);
    // Reads only the table: the WAL is empty after the flush.
    let out = crate::util::testutil::system_command(&exe).arg("read").arg(&dir).arg("500").output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok 500");
}
