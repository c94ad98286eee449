//! A secondary following a primary in another process: this test binary runs itself again
//! as the primary (`PRIMARY_ENV` names its directory). The primary writes a round, flushes,
//! compacts on some rounds (deleting obsolete tables and WALs), leaves the last round in the
//! WAL only, waits for its background work, prints `PRIMARY round N` and blocks on its stdin
//! until told to go on, so each check below sees a directory no one is changing. The
//! secondary checks after each catch-up that it reads exactly the primary's data, that an
//! iterator it opened before a compaction still reads its old state after the primary
//! deleted those tables, and that the primary's directory is byte for byte as it was.

use super::*;
use crate::options::{FlushOptions, ReadOptions, WriteOptions};
use crate::db::DbIterator;
use crate::util::testutil::{scan_all, TempDir};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const PRIMARY_ENV: &str = "FERROCK_SECONDARY_TEST_PRIMARY";
const ROUNDS: usize = 5;

fn round_data(r: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
    // Each round overwrites the odd keys of the previous one and adds 600 new keys.
    let mut v = Vec::new();
    for i in 0..600 {
        v.push((format!("key{:06}", r * 600 + i).into_bytes(), format!("r{r}-{i}-{}", "x".repeat(40)).into_bytes()));
    }
    if r > 0 {
        for i in (1..600).step_by(2) {
            v.push((format!("key{:06}", (r - 1) * 600 + i).into_bytes(), format!("again{r}-{i}").into_bytes()));
        }
    }
    v
}

fn primary_opts() -> Options {
    let mut o = Options { create_if_missing: true, ..Default::default() };
    o.write_buffer_size = 64 << 10;
    o.level0_file_num_compaction_trigger = 2;
    o.target_file_size_base = 32 << 10;
    o
}

fn run_primary(dir: &str) {
    let db = Db::open(&primary_opts(), dir).unwrap();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    for r in 0..ROUNDS {
        for (k, v) in round_data(r) {
            db.put(&WriteOptions::default(), &k, &v).unwrap();
        }
        if r + 1 < ROUNDS {
            db.flush(&FlushOptions::default()).unwrap();
        }
        if r == 2 || r == 3 {
            db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        }
        db.wait_for_background_work().unwrap();
        println!("PRIMARY round {r}");
        std::io::stdout().flush().unwrap();
        if lines.next().is_none() {
            return;
        }
    }
    db.close().unwrap();
}

/// Names, sizes and modification times of the directory's files.
fn listing(dir: &Path) -> Vec<(String, u64, std::time::SystemTime)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let m = e.metadata().unwrap();
            (e.file_name().to_string_lossy().into_owned(), m.len(), m.modified().unwrap())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_secondary_follows_a_primary_in_another_process() {
    if let Ok(dir) = std::env::var(PRIMARY_ENV) {
        return run_primary(&dir);
    }
    let d = TempDir::new("secondary-primary");
    let s = TempDir::new("secondary-own");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "db::secondary::tests::a_secondary_follows_a_primary_in_another_process", "--nocapture", "--test-threads=1"])
        .env(PRIMARY_ENV, &d.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_primary = child.stdin.take().unwrap();
    let mut from_primary = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut wait_round = |r: usize| loop {
        let line = from_primary.next().expect("primary ended early").unwrap();
        // The harness may print the test's name on the same line first.
        if line.ends_with(&format!("PRIMARY round {r}")) {
            return;
        }
    };
    let mut model: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
    let mut secondary: Option<Db> = None;
    let mut old_iter: Option<(DbIterator, Vec<(Vec<u8>, Vec<u8>)>)> = None;
    for r in 0..ROUNDS {
        wait_round(r);
        model.extend(round_data(r));
        let before = listing(&d.0);
        let db = match &secondary {
            None => {
                let (db, _) = Db::open_as_secondary(&Options::default(), &d.0, &s.0, &[]).unwrap();
                db
            }
            Some(db) => {
                // Before catching up it still reads the previous round, even where the
                // primary's compaction deleted the tables.
                if r == 3 {
                    let (mut it, want) = old_iter.take().unwrap();
                    it.seek_to_first();
                    let mut got = Vec::new();
                    while it.valid() {
                        got.push((it.key().to_vec(), it.value().to_vec()));
                        it.next();
                    }
                    it.status().unwrap();
                    assert_eq!(got, want, "an iterator from before the compactions");
                }
                db.try_catch_up_with_primary().unwrap();
                db.clone()
            }
        };
        let want: Vec<_> = model.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        assert_eq!(scan_all(&db, &ReadOptions::new()), want, "round {r}");
        for (k, v) in want.iter().step_by(53) {
            assert_eq!(db.get(&ReadOptions::new(), k).unwrap().as_ref(), Some(v), "round {r}");
        }
        if r == 1 {
            old_iter = Some((db.iter(&ReadOptions::new()).unwrap(), want.clone()));
        }
        // Writes are refused; the primary's files are untouched.
        assert!(db.put(&WriteOptions::default(), b"k", b"v").is_err());
        assert_eq!(listing(&d.0), before, "round {r}: the secondary changed the primary's directory");
        secondary = Some(db);
        writeln!(to_primary, "next").unwrap();
        to_primary.flush().unwrap();
    }
    assert!(child.wait().unwrap().success());
    // After the primary closed (its shutdown flush), a catch-up still reads everything.
    let db = secondary.unwrap();
    db.try_catch_up_with_primary().unwrap();
    let want: Vec<_> = model.into_iter().collect();
    assert_eq!(scan_all(&db, &ReadOptions::new()), want);
}

#[test]
fn bad_input_gets_rocksdb_errors() {
    let d = TempDir::created("secondary-bad");
    let s = TempDir::new("secondary-bad-own");
    // Not a database.
    let err = Db::open_as_secondary(&Options::default(), &d.0, &s.0, &[]).err().unwrap();
    assert!(err.to_string().starts_with("IO error: "), "{err}");
    // Catching up on a primary.
    let p = TempDir::new("secondary-primary-only");
    let db = Db::open(&Options { create_if_missing: true, ..Default::default() }, &p.0).unwrap();
    assert_eq!(db.try_catch_up_with_primary().unwrap_err().to_string(), "Not implemented: Supported only by secondary instance");
    // A family the primary lacks.
    let cfs = [("default".to_string(), Options::default()), ("nope".to_string(), Options::default())];
    let err = Db::open_as_secondary(&Options::default(), &p.0, &s.0, &cfs).err().unwrap();
    assert!(err.to_string().starts_with("Invalid argument: "), "{err}");
}
