//! A Rust program that depends on ferrock as a Rust user does (`default-features = false`):
//! it opens a database in a temporary directory, writes through each kind of write the API
//! offers, reads everything back and asserts it, reopens and reads again. It names only the
//! crate root's re-exports, so it also checks that the Rust API is enough for that.
//! scripts/rust-api-check.sh builds and runs it, then checks with `nm` that the binary holds
//! no `rocksdb_*` symbol: a program may link ferrock beside RocksDB's own C library.

use ferrock::{
    ColumnFamilyHandle, Db, Error, FlushOptions, OptimisticTransactionDb, OptimisticTransactionOptions, Options,
    ReadOptions, Result, UInt64AddOperator, WriteBatch, WriteOptions,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn all(db: &Db, cf: &ColumnFamilyHandle, ro: &ReadOptions) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
    let mut it = db.iter_cf(ro, cf)?;
    it.seek_to_first();
    let mut out = Vec::new();
    while it.valid() {
        out.push((it.key().to_vec(), it.value().to_vec()));
        it.next();
    }
    it.status()?;
    Ok(out)
}

fn kv(k: &str, v: &[u8]) -> (Vec<u8>, Vec<u8>) {
    (k.as_bytes().to_vec(), v.to_vec())
}

fn check(dir: &Path) -> Result<()> {
    let mut opts = Options::default();
    opts.create_if_missing = true;
    opts.create_missing_column_families = true;
    opts.merge_operator = Some(Arc::new(UInt64AddOperator));
    let cfs = vec![("default".to_string(), opts.clone()), ("counters".to_string(), opts.clone())];
    let (db, handles) = Db::open_cf(&opts, dir, &cfs)?;
    let (default, counters) = (&handles[0], &handles[1]);
    let wo = WriteOptions::default();
    let ro = ReadOptions::new();

    db.put(&wo, b"a", b"1")?;
    db.put(&wo, b"b", b"2")?;
    db.delete(&wo, b"b")?;
    assert_eq!(db.get(&ro, b"a")?, Some(b"1".to_vec()));
    assert_eq!(db.get(&ro, b"b")?, None);

    // A snapshot keeps reading what was there when it was taken.
    let snap = db.snapshot()?;
    let mut batch = WriteBatch::new();
    batch.put(b"c", b"3");
    batch.put(b"d", b"4");
    batch.delete(b"a");
    batch.merge_cf(counters.id(), b"hits", &5u64.to_le_bytes());
    batch.merge_cf(counters.id(), b"hits", &7u64.to_le_bytes());
    db.write(&wo, &batch)?;
    let at_snap = ReadOptions { snapshot: Some(snap.clone()), ..ReadOptions::new() };
    assert_eq!(all(&db, default, &at_snap)?, vec![kv("a", b"1")]);
    assert_eq!(all(&db, default, &ro)?, vec![kv("c", b"3"), kv("d", b"4")]);
    assert_eq!(db.get_cf(&ro, counters, b"hits")?, Some(12u64.to_le_bytes().to_vec()));
    drop(at_snap);
    drop(snap);

    // A clone of the database is usable from another thread.
    let other = db.clone();
    std::thread::spawn(move || other.put(&WriteOptions::default(), b"e", b"5")).join().expect("writer thread")?;

    db.flush(&FlushOptions::default())?;
    db.close()?;
    drop(handles);
    drop(db);
    let tdb = OptimisticTransactionDb::open(&opts, dir).err();
    // The database has two column families: opening the default one alone is refused, with
    // RocksDB's text.
    match tdb {
        Some(e) => assert!(e.to_string().starts_with("Invalid argument: "), "{e}"),
        None => panic!("opening without every column family should fail"),
    }
    // Reopened: an optimistic transaction's writes appear at its commit only.
    let (tdb, handles) = OptimisticTransactionDb::open_cf(&opts, dir, &cfs)?;
    let txn = tdb.begin(&wo, &OptimisticTransactionOptions::default(), None);
    txn.put(b"f", b"6")?;
    assert_eq!(tdb.base_db().get(&ro, b"f")?, None);
    txn.commit()?;
    let db = tdb.base_db();
    assert_eq!(
        all(db, &handles[0], &ro)?,
        vec![kv("c", b"3"), kv("d", b"4"), kv("e", b"5"), kv("f", b"6")]
    );
    assert_eq!(db.get_cf(&ro, &handles[1], b"hits")?, Some(12u64.to_le_bytes().to_vec()));
    tdb.close()?;
    Ok(())
}

fn main() {
    let dir: PathBuf = std::env::temp_dir().join(format!("ferrock-rust-api-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let outcome = check(&dir);
    let destroyed: std::result::Result<(), Error> = Db::destroy(&Options::default(), &dir);
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = outcome {
        eprintln!("ferrock-rust-api-check: {e}");
        std::process::exit(1);
    }
    destroyed.expect("destroy");
    println!("ferrock-rust-api-check: the Rust API opened, wrote, read back and reopened a database");
}
