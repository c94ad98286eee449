//! Transaction tests through the public API: isolation, locks (timeouts, deadlocks, many
//! threads), optimistic conflicts, savepoints, two-phase commit recovery across reopen, and a
//! random model run with and without the commit that bypasses the memtable.

use super::*;
use crate::options::FlushOptions;
use crate::stats::perf;
use std::collections::BTreeMap;

pub(crate) use crate::util::testutil::TempDir;

fn opts() -> Options {
    Options { create_if_missing: true, ..Default::default() }
}

fn open(dir: &TempDir) -> TransactionDb {
    TransactionDb::open(&opts(), &TransactionDbOptions::default(), &dir.0).unwrap()
}

fn ro() -> ReadOptions {
    ReadOptions::new()
}

fn wo() -> WriteOptions {
    WriteOptions::default()
}

#[test]
fn writes_are_private_until_commit() {
    let dir = TempDir::new("private");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.put(b"a", b"1").unwrap();
    assert_eq!(t.get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), None);
    t.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    assert_eq!(db.num_locks(), 0);
    // Reusing the handle starts a fresh transaction.
    let t = db.begin(&wo(), &TransactionOptions::default(), Some(t));
    assert_eq!(t.state(), TxnState::Started);
    t.delete(b"a").unwrap();
    assert_eq!(t.get(&ro(), b"a").unwrap(), None);
    t.rollback().unwrap();
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
}

#[test]
fn lock_conflict_times_out() {
    let dir = TempDir::new("timeout");
    let db = open(&dir);
    let topts = TransactionOptions { lock_timeout: 20, ..Default::default() };
    let t1 = db.begin(&wo(), &topts, None);
    let t2 = db.begin(&wo(), &topts, None);
    t1.put(b"k", b"1").unwrap();
    let e = t2.put(b"k", b"2").unwrap_err();
    assert_eq!(e.to_string(), "Operation timed out: Timeout waiting to lock key");
    let e = t2.get_for_update(&ro(), b"k", true).unwrap_err();
    assert_eq!(e.code(), Code::TimedOut);
    // The TransactionDb's own writes lock too.
    assert_eq!(db.put(&wo(), b"k", b"x").unwrap_err().code(), Code::TimedOut);
    t1.commit().unwrap();
    t2.put(b"k", b"2").unwrap();
    t2.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"k").unwrap(), Some(b"2".to_vec()));
}

#[test]
fn deadlock_is_detected_between_transactions() {
    let dir = TempDir::new("deadlock");
    let db = open(&dir);
    let topts = TransactionOptions { deadlock_detect: true, lock_timeout: 5000, ..Default::default() };
    let t1 = db.begin(&wo(), &topts, None);
    let t2 = db.begin(&wo(), &topts, None);
    t1.put(b"a", b"1").unwrap();
    t2.put(b"b", b"2").unwrap();
    let t2c = t2.clone();
    let h = std::thread::spawn(move || t2c.put(b"a", b"2"));
    // Wait until t2 waits for t1's lock.
    while db.shared.locks.num_locks() != 2 || !h.is_finished() && !waiting(&db) {
        std::thread::yield_now();
    }
    let e = t1.put(b"b", b"1").unwrap_err();
    assert_eq!(e.to_string(), "Resource busy: Deadlock");
    t1.rollback().unwrap();
    h.join().unwrap().unwrap();
    t2.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), Some(b"2".to_vec()));
}

fn waiting(db: &TransactionDb) -> bool {
    db.shared.locks.has_waiters()
}

#[test]
fn concurrent_get_for_update_counters_sum_exactly() {
    let dir = TempDir::new("counters");
    let db = open(&dir);
    db.put(&wo(), b"counter", b"0").unwrap();
    let threads = 8;
    let per = 50;
    let hs: Vec<_> = (0..threads)
        .map(|_| {
            let db = db.clone();
            std::thread::spawn(move || {
                let topts = TransactionOptions { lock_timeout: -1, ..Default::default() };
                let mut old = None;
                for _ in 0..per {
                    let t = db.begin(&wo(), &topts, old.take());
                    let v = t.get_for_update(&ro(), b"counter", true).unwrap().unwrap();
                    let n: u64 = std::str::from_utf8(&v).unwrap().parse().unwrap();
                    t.put(b"counter", (n + 1).to_string().as_bytes()).unwrap();
                    t.commit().unwrap();
                    old = Some(t);
                }
            })
        })
        .collect();
    for h in hs {
        h.join().unwrap();
    }
    let v = db.db().get(&ro(), b"counter").unwrap().unwrap();
    assert_eq!(v, (threads * per).to_string().into_bytes());
}

#[test]
fn snapshot_conflict_is_busy() {
    let dir = TempDir::new("snapconf");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions { set_snapshot: true, ..Default::default() }, None);
    db.put(&wo(), b"k", b"outside").unwrap();
    let e = t.put(b"k", b"inside").unwrap_err();
    assert_eq!(e.to_string(), "Resource busy: ");
    t.put(b"other", b"ok").unwrap();
    t.commit().unwrap();
}

#[test]
fn optimistic_conflict_at_commit() {
    let dir = TempDir::new("optimistic");
    let odb = OptimisticTransactionDb::open(&opts(), &dir.0).unwrap();
    odb.base_db().put(&wo(), b"k", b"0").unwrap();
    let t1 = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    let t2 = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    assert_eq!(t1.get_for_update(&ro(), b"k", true).unwrap(), Some(b"0".to_vec()));
    t1.put(b"k", b"1").unwrap();
    t2.put(b"k", b"2").unwrap();
    t2.commit().unwrap();
    let e = t1.commit().unwrap_err();
    assert_eq!(e.to_string(), "Resource busy: ");
    t1.rollback().unwrap();
    assert_eq!(odb.base_db().get(&ro(), b"k").unwrap(), Some(b"2".to_vec()));
    // No conflict: commits.
    let t3 = odb.begin(&wo(), &OptimisticTransactionOptions { set_snapshot: true }, Some(t1));
    t3.put(b"j", b"3").unwrap();
    t3.commit().unwrap();
    assert_eq!(odb.base_db().get(&ro(), b"j").unwrap(), Some(b"3".to_vec()));
}

#[test]
fn savepoints_undo_writes_and_locks() {
    let dir = TempDir::new("savepoint");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.put(b"a", b"1").unwrap();
    t.set_save_point();
    t.put(b"a", b"2").unwrap();
    t.put(b"b", b"2").unwrap();
    assert_eq!(db.num_locks(), 2);
    t.rollback_to_save_point().unwrap();
    assert_eq!(db.num_locks(), 1);
    assert_eq!(t.get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    assert_eq!(t.get(&ro(), b"b").unwrap(), None);
    assert_eq!(t.rollback_to_save_point().unwrap_err().code(), Code::NotFound);
    t.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    assert_eq!(db.db().get(&ro(), b"b").unwrap(), None);
}

#[test]
fn iterator_merges_own_writes() {
    let dir = TempDir::new("iter");
    let db = open(&dir);
    db.put(&wo(), b"a", b"db").unwrap();
    db.put(&wo(), b"c", b"db").unwrap();
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.put(b"b", b"t").unwrap();
    t.delete(b"c").unwrap();
    let mut it = t.iter_cf(&ro(), &default_cf()).unwrap();
    it.seek_to_first();
    let mut got = Vec::new();
    while it.valid() {
        got.push((it.key().to_vec(), it.value().to_vec()));
        it.next();
    }
    assert_eq!(got, vec![(b"a".to_vec(), b"db".to_vec()), (b"b".to_vec(), b"t".to_vec())]);
}

#[test]
fn two_phase_commit_recovers_prepared_after_reopen() {
    let dir = TempDir::new("2pc");
    {
        let db = open(&dir);
        let t = db.begin(&wo(), &TransactionOptions::default(), None);
        t.set_name("xid1").unwrap();
        t.put(b"p", b"prepared").unwrap();
        t.prepare().unwrap();
        let t2 = db.begin(&wo(), &TransactionOptions::default(), None);
        t2.set_name("xid2").unwrap();
        t2.put(b"r", b"rolled").unwrap();
        t2.prepare().unwrap();
        t2.rollback().unwrap();
        let t3 = db.begin(&wo(), &TransactionOptions::default(), None);
        t3.set_name("xid3").unwrap();
        t3.put(b"c", b"committed").unwrap();
        t3.prepare().unwrap();
        t3.commit().unwrap();
        // Flushing must not lose the prepared section's WAL.
        db.flush(&FlushOptions::default()).unwrap();
        std::mem::forget(t); // a crash: no decision reaches the WAL
        db.close().unwrap();
    }
    {
        let db = open(&dir);
        assert_eq!(db.db().get(&ro(), b"c").unwrap(), Some(b"committed".to_vec()));
        assert_eq!(db.db().get(&ro(), b"p").unwrap(), None);
        assert_eq!(db.db().get(&ro(), b"r").unwrap(), None);
        let prepared = db.prepared_transactions();
        assert_eq!(prepared.len(), 1);
        assert_eq!(prepared[0].name().as_deref(), Some("xid1"));
        assert_eq!(prepared[0].state(), TxnState::Prepared);
        // Its key stays locked until the decision.
        let other = db.begin(&wo(), &TransactionOptions { lock_timeout: 0, ..Default::default() }, None);
        assert_eq!(other.put(b"p", b"x").unwrap_err().code(), Code::TimedOut);
        other.rollback().unwrap();
        db.close().unwrap();
    }
    {
        // Still prepared after a second reopen (it was re-logged), then committed.
        let db = open(&dir);
        let prepared = db.prepared_transactions();
        assert_eq!(prepared.len(), 1);
        prepared[0].commit().unwrap();
        assert_eq!(db.db().get(&ro(), b"p").unwrap(), Some(b"prepared".to_vec()));
        db.close().unwrap();
    }
    let db = open(&dir);
    assert!(db.prepared_transactions().is_empty());
    assert_eq!(db.db().get(&ro(), b"p").unwrap(), Some(b"prepared".to_vec()));
    assert_eq!(db.db().get(&ro(), b"c").unwrap(), Some(b"committed".to_vec()));
}

/// A committed transaction whose writes are only in a memtable needs the WAL holding its
/// prepared section (the commit record names only the xid): another family's flush must not
/// delete that WAL (RocksDB's MemTable::RefLogContainingPrepSection).
#[test]
fn a_committed_transaction_survives_the_deletion_of_older_wals() {
    let dir = TempDir::new("2pc-wal");
    let mut dbo = opts();
    dbo.create_missing_column_families = true;
    let cfs = vec![("default".to_string(), opts()), ("b".to_string(), opts())];
    {
        let (db, h) = TransactionDb::open_cf(&dbo, &TransactionDbOptions::default(), &dir.0, &cfs).unwrap();
        let t = db.begin(&wo(), &TransactionOptions::default(), None);
        t.set_name("x1").unwrap();
        t.put_cf(&h[1], b"k", b"committed").unwrap();
        t.prepare().unwrap();
        // b's memtable starts after the WAL holding the prepared section.
        db.db().put_cf(&wo(), &h[1], b"other", b"1").unwrap();
        db.db().flush_cf(&FlushOptions::default(), &h[1]).unwrap();
        t.commit().unwrap();
        // default's flush moves its log number past every older WAL.
        db.db().put(&wo(), b"d", b"1").unwrap();
        db.db().flush_cf(&FlushOptions::default(), &h[0]).unwrap();
        db.close().unwrap();
    }
    let (db, h) = TransactionDb::open_cf(&dbo, &TransactionDbOptions::default(), &dir.0, &cfs).unwrap();
    assert_eq!(db.db().get_cf(&ro(), &h[1], b"k").unwrap(), Some(b"committed".to_vec()));
    assert_eq!(db.db().get(&ro(), b"d").unwrap(), Some(b"1".to_vec()));
}

/// RocksDB's GetAllPreparedTransactions lists a recovered transaction until it is decided,
/// however often it is asked.
#[test]
fn recovered_prepared_transactions_are_listed_until_decided() {
    let dir = TempDir::new("2pc-list");
    {
        let db = open(&dir);
        let t = db.begin(&wo(), &TransactionOptions::default(), None);
        t.set_name("x1").unwrap();
        t.put(b"p", b"v").unwrap();
        t.prepare().unwrap();
        std::mem::forget(t);
        db.close().unwrap();
    }
    let db = open(&dir);
    assert_eq!(db.prepared_transactions().len(), 1);
    let again = db.prepared_transactions();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].name().as_deref(), Some("x1"));
    again[0].commit().unwrap();
    assert!(db.prepared_transactions().is_empty());
    assert_eq!(db.db().get(&ro(), b"p").unwrap(), Some(b"v".to_vec()));
}

/// A decided transaction gives its name back. RocksDB's Commit unregisters the name at once;
/// a recovered prepared transaction, once committed or rolled back, is no longer held by the
/// database, so its name is free when the application drops its handle. The stress test's next
/// generation named a transaction like one it had just decided and was refused with
/// "Transaction name must be unique." (issue 12, the long run's child 1157).
#[test]
fn a_decided_recovered_transaction_gives_its_name_back() {
    let dir = TempDir::new("2pc-name-back");
    {
        let db = open(&dir);
        for (name, key) in [("x1", b"c"), ("x2", b"r")] {
            let t = db.begin(&wo(), &TransactionOptions::default(), None);
            t.set_name(name).unwrap();
            t.put(key, b"v").unwrap();
            t.prepare().unwrap();
            std::mem::forget(t);
        }
        db.close().unwrap();
    }
    let db = open(&dir);
    for t in db.prepared_transactions() {
        match t.name().as_deref() {
            Some("x1") => t.commit().unwrap(),
            Some("x2") => t.rollback().unwrap(),
            other => panic!("unexpected recovered transaction {other:?}"),
        }
    }
    // The decided transactions are gone without another listing.
    assert!(db.transaction_by_name("x1").is_none());
    assert!(db.transaction_by_name("x2").is_none());
    for (name, key) in [("x1", b"c"), ("x2", b"r")] {
        let t = db.begin(&wo(), &TransactionOptions::default(), None);
        t.set_name(name).unwrap();
        t.put(key, b"w").unwrap();
        t.prepare().unwrap();
        t.commit().unwrap();
    }
    assert_eq!(db.db().get(&ro(), b"c").unwrap(), Some(b"w".to_vec()));
    assert_eq!(db.db().get(&ro(), b"r").unwrap(), Some(b"w".to_vec()));
    assert!(db.prepared_transactions().is_empty());
}

/// RocksDB's Commit unregisters the name while the handle lives on (a rollback keeps it until
/// the handle goes), and the old handle's end does not take the name from its new holder.
#[test]
fn a_committed_transaction_gives_its_name_up_at_once() {
    let dir = TempDir::new("2pc-name-commit");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.set_name("n").unwrap();
    t.put(b"a", b"1").unwrap();
    t.prepare().unwrap();
    t.commit().unwrap();
    assert_eq!(t.name().as_deref(), Some("n"));
    assert!(db.transaction_by_name("n").is_none());
    let t2 = db.begin(&wo(), &TransactionOptions::default(), None);
    t2.set_name("n").unwrap();
    drop(t);
    assert!(db.transaction_by_name("n").is_some_and(|x| Arc::ptr_eq(&x, &t2)));
    let t3 = db.begin(&wo(), &TransactionOptions::default(), None);
    assert_eq!(t3.set_name("n").unwrap_err().to_string(), "Invalid argument: Duplicate txn name n");
    t2.put(b"b", b"1").unwrap();
    t2.prepare().unwrap();
    t2.rollback().unwrap();
    assert_eq!(t3.set_name("n").unwrap_err().to_string(), "Invalid argument: Duplicate txn name n");
    drop(t2);
    t3.set_name("n").unwrap();
}

#[test]
fn expired_transaction_cannot_commit() {
    let dir = TempDir::new("expire");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions { expiration: 0, ..Default::default() }, None);
    t.put(b"k", b"1").unwrap();
    // Another transaction may take the expired lock.
    let t2 = db.begin(&wo(), &TransactionOptions { lock_timeout: 0, ..Default::default() }, None);
    t2.put(b"k", b"2").unwrap();
    assert_eq!(t.commit().unwrap_err().code(), Code::Expired);
    t2.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"k").unwrap(), Some(b"2".to_vec()));
}

/// A deterministic xorshift generator (no external randomness in tests).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Runs the same random transactions and returns what reads saw at each step.
fn model_run(bypass: bool, dir: &TempDir) -> Vec<String> {
    let mut o = opts();
    o.write_buffer_size = 32 << 10;
    o.merge_operator = Some(Arc::new(crate::merge::StringAppendOperator::new(b",")));
    let cfs = vec![("default".to_string(), o.clone()), ("other".to_string(), o.clone())];
    let mut dbo = o.clone();
    dbo.create_missing_column_families = true;
    let (mut db, mut handles) = TransactionDb::open_cf(&dbo, &every_bypass(), &dir.0, &cfs).unwrap();
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut model: BTreeMap<(usize, Vec<u8>), Vec<u8>> = BTreeMap::new();
    let mut log = Vec::new();
    for round in 0..60 {
        let topts = TransactionOptions { commit_bypass_memtable: bypass, ..Default::default() };
        let t = db.begin(&wo(), &topts, None);
        let snap = db.db().snapshot().unwrap();
        let snap_model = model.clone();
        let mut pending = model.clone();
        let n = 1 + rng.next() % 40;
        for _ in 0..n {
            let c = (rng.next() % 2) as usize;
            let k = format!("k{:03}", rng.next() % 100).into_bytes();
            match rng.next() % 5 {
                0 => {
                    t.delete_cf(&handles[c], &k).unwrap();
                    pending.remove(&(c, k));
                }
                4 => {
                    // Operands resolve over the batch's own writes or the database's value.
                    let v = format!("m{round}-{}", rng.next() % 1000).into_bytes();
                    t.merge_cf(&handles[c], &k, &v).unwrap();
                    let merged = match pending.get(&(c, k.clone())) {
                        Some(old) => [old.as_slice(), b",", v.as_slice()].concat(),
                        None => v,
                    };
                    assert_eq!(t.get_cf(&ro(), &handles[c], &k).unwrap().as_ref(), Some(&merged), "round {round} merge read");
                    pending.insert((c, k), merged);
                }
                1 => {
                    // SingleDelete is defined only over a single put: a fresh key put and
                    // single-deleted inside the transaction (the bypass keeps only the newest).
                    let fresh = format!("s{round}-{}", rng.next()).into_bytes();
                    t.put_cf(&handles[c], &fresh, b"short-lived").unwrap();
                    t.single_delete_cf(&handles[c], &fresh).unwrap();
                }
                _ => {
                    let v = format!("v{round}-{}", rng.next() % 1000).into_bytes();
                    t.put_cf(&handles[c], &k, &v).unwrap();
                    pending.insert((c, k), v);
                }
            }
        }
        let name = format!("x{round}");
        if round % 3 == 0 {
            t.set_name(&name).unwrap();
            t.prepare().unwrap();
        }
        if round % 7 == 6 {
            t.rollback().unwrap();
        } else {
            t.commit().unwrap();
            model = pending;
        }
        // Reads: every key through get, the snapshot, and iterators of both column families.
        for c in 0..2 {
            let mut it = db.db().iter_cf(&ro(), &handles[c]).unwrap();
            it.seek_to_first();
            let mut got = Vec::new();
            while it.valid() {
                got.push((it.key().to_vec(), it.value().to_vec()));
                it.next();
            }
            let want: Vec<(Vec<u8>, Vec<u8>)> = model.iter().filter(|((cc, _), _)| *cc == c).map(|((_, k), v)| (k.clone(), v.clone())).collect();
            assert_eq!(got, want, "round {round} cf {c} bypass {bypass}");
            let sro = ReadOptions { snapshot: Some(snap.clone()), ..ReadOptions::new() };
            for i in 0..100 {
                let k = format!("k{i:03}").into_bytes();
                assert_eq!(
                    db.db().get_cf(&sro, &handles[c], &k).unwrap(),
                    snap_model.get(&(c, k.clone())).cloned(),
                    "round {round} cf {c} key {i} bypass {bypass} snapshot {}",
                    snap.sequence_number()
                );
            }
            log.push(format!("{round}/{c}: {got:?}"));
        }
        if round % 10 == 9 {
            db.flush(&FlushOptions::default()).unwrap();
        }
        if round % 20 == 19 {
            drop(handles);
            db.close().unwrap();
            drop(db);
            let (d, h) = TransactionDb::open_cf(&dbo, &every_bypass(), &dir.0, &cfs).unwrap();
            db = d;
            handles = h;
        }
    }
    log
}

#[test]
fn bypass_and_plain_commits_give_identical_results() {
    let d1 = TempDir::new("model-plain");
    let d2 = TempDir::new("model-bypass");
    let plain = model_run(false, &d1);
    let bypass = model_run(true, &d2);
    assert_eq!(plain, bypass);
}

#[test]
fn bypass_commit_installs_an_immutable_memtable_and_reports_timings() {
    let dir = TempDir::new("bypass");
    let db = open(&dir);
    db.put(&wo(), b"k0", b"old").unwrap();
    perf::set_perf_level(perf::ENABLE_TIME_EXCEPT_FOR_MUTEX);
    perf::reset();
    let t = db.begin(&wo(), &TransactionOptions { commit_bypass_memtable: true, ..Default::default() }, None);
    for i in 0..1000 {
        t.put(format!("k{i}").as_bytes(), b"new").unwrap();
    }
    t.commit().unwrap();
    let c = perf::counters();
    assert!(c.write_wal_time > 0);
    perf::set_perf_level(1);
    let cf = db.db().inner.cf(0).unwrap();
    // The installed memtable may already be flushed (by a background thread) when this looks.
    assert!(t.last_commit_timings().bypassed_memtable);
    assert!(cf.super_version().mem.is_empty());
    assert_eq!(db.db().get(&ro(), b"k0").unwrap(), Some(b"new".to_vec()));
    db.db().put(&wo(), b"k1", b"newer").unwrap();
    assert_eq!(db.db().get(&ro(), b"k1").unwrap(), Some(b"newer".to_vec()));
    db.flush(&FlushOptions::default()).unwrap();
    assert_eq!(db.db().get(&ro(), b"k1").unwrap(), Some(b"newer".to_vec()));
    assert_eq!(db.db().get(&ro(), b"k999").unwrap(), Some(b"new".to_vec()));
}

/// Options under which every commit that asks for the bypass gets it, however small.
fn every_bypass() -> TransactionDbOptions {
    TransactionDbOptions { commit_bypass_min_writes: 0, ..Default::default() }
}

#[test]
fn tiny_commits_asking_for_the_bypass_are_inserted() {
    let dir = TempDir::new("bypass-min");
    let db = open(&dir);
    let topts = TransactionOptions { commit_bypass_memtable: true, ..Default::default() };
    let cf = db.db().inner.cf(0).unwrap();
    let t = db.begin(&wo(), &topts, None);
    for i in 0..COMMIT_BYPASS_MIN_WRITES - 1 {
        t.put(format!("small{i}").as_bytes(), b"v").unwrap();
    }
    t.commit().unwrap();
    assert!(!t.last_commit_timings().bypassed_memtable);
    assert_eq!(cf.super_version().mem.num_entries(), (COMMIT_BYPASS_MIN_WRITES - 1) as u64, "inserted into the active memtable");
    let t = db.begin(&wo(), &topts, Some(t));
    for i in 0..COMMIT_BYPASS_MIN_WRITES {
        t.put(format!("large{i}").as_bytes(), b"v").unwrap();
    }
    t.commit().unwrap();
    assert!(t.last_commit_timings().bypassed_memtable);
    assert!(cf.super_version().mem.is_empty(), "the active memtable was switched");
    assert_eq!(db.db().get(&ro(), b"small0").unwrap(), Some(b"v".to_vec()));
    assert_eq!(db.db().get(&ro(), b"large0").unwrap(), Some(b"v".to_vec()));
}

fn counter_opts() -> Options {
    Options { create_if_missing: true, merge_operator: Some(Arc::new(crate::merge::UInt64AddOperator)), ..Default::default() }
}

fn n(v: u64) -> Vec<u8> {
    v.to_le_bytes().to_vec()
}

/// Merge operands inside a transaction resolve over the database (get, get_for_update,
/// iterator), and the committed result is the same with and without the bypassing commit,
/// before and after a flush and a reopen.
fn merge_counters(bypass: bool) {
    let dir = TempDir::new(if bypass { "merge-bypass" } else { "merge" });
    let db = TransactionDb::open(&counter_opts(), &every_bypass(), &dir.0).unwrap();
    db.put(&wo(), b"a", &n(10)).unwrap();
    db.put(&wo(), b"c", &n(1)).unwrap();
    let topts = TransactionOptions { commit_bypass_memtable: bypass, ..Default::default() };
    let t = db.begin(&wo(), &topts, None);
    t.merge(b"a", &n(5)).unwrap();
    t.merge(b"a", &n(2)).unwrap();
    assert_eq!(t.get(&ro(), b"a").unwrap(), Some(n(17)));
    assert_eq!(t.get_for_update(&ro(), b"a", true).unwrap(), Some(n(17)));
    // Operands over nothing, over the batch's own put and over its own delete.
    t.merge(b"b", &n(3)).unwrap();
    t.put(b"c", &n(100)).unwrap();
    t.merge(b"c", &n(1)).unwrap();
    t.delete(b"d").unwrap();
    t.merge(b"d", &n(4)).unwrap();
    assert_eq!(t.get(&ro(), b"b").unwrap(), Some(n(3)));
    assert_eq!(t.get(&ro(), b"c").unwrap(), Some(n(101)));
    assert_eq!(t.get(&ro(), b"d").unwrap(), Some(n(4)));
    let mut it = t.iter_cf(&ro(), &default_cf()).unwrap();
    it.seek_to_first();
    let mut seen = Vec::new();
    while it.valid() {
        seen.push((it.key().to_vec(), it.value().to_vec()));
        it.next();
    }
    it.status().unwrap();
    assert_eq!(seen, vec![(b"a".to_vec(), n(17)), (b"b".to_vec(), n(3)), (b"c".to_vec(), n(101)), (b"d".to_vec(), n(4))]);
    it.seek_to_last();
    assert_eq!((it.key(), it.value()), (&b"d"[..], &n(4)[..]));
    it.prev();
    assert_eq!((it.key(), it.value()), (&b"c"[..], &n(101)[..]));
    t.commit().unwrap();
    let want = [(b"a", 17u64), (b"b", 3), (b"c", 101), (b"d", 4)];
    for (k, v) in want {
        assert_eq!(db.db().get(&ro(), k).unwrap(), Some(n(v)), "bypass {bypass}");
    }
    // A second transaction adds to the committed counters.
    let t = db.begin(&wo(), &topts, None);
    for (k, _) in want {
        t.merge(k, &n(1)).unwrap();
    }
    t.commit().unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    for (k, v) in want {
        assert_eq!(db.db().get(&ro(), k).unwrap(), Some(n(v + 1)), "bypass {bypass}");
    }
    db.close().unwrap();
    drop(db);
    let db = TransactionDb::open(&counter_opts(), &every_bypass(), &dir.0).unwrap();
    for (k, v) in want {
        assert_eq!(db.db().get(&ro(), k).unwrap(), Some(n(v + 1)), "bypass {bypass} after reopen");
    }
}

#[test]
fn merge_in_transaction_resolves_over_the_database() {
    merge_counters(false);
}

#[test]
fn merge_in_transaction_with_bypassing_commit() {
    merge_counters(true);
}

#[test]
fn merge_without_operator_is_refused() {
    let dir = TempDir::new("merge-noop");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    assert!(t.merge(b"a", b"x").unwrap_err().to_string().contains("merge_operator"));
}

#[test]
fn optimistic_merge_counters() {
    let dir = TempDir::new("merge-optimistic");
    let odb = OptimisticTransactionDb::open(&counter_opts(), &dir.0).unwrap();
    odb.base_db().put(&wo(), b"k", &n(7)).unwrap();
    let t = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    t.merge(b"k", &n(3)).unwrap();
    assert_eq!(t.get(&ro(), b"k").unwrap(), Some(n(10)));
    t.commit().unwrap();
    assert_eq!(odb.base_db().get(&ro(), b"k").unwrap(), Some(n(10)));
}

#[test]
fn concurrent_merge_counters_sum_exactly() {
    let dir = TempDir::new("merge-threads");
    // No lock timeout: the four threads take turns on one key, and on a loaded machine a
    // holder can be descheduled for longer than the default second (the test checks the sum,
    // not the timing).
    let topts = TransactionDbOptions { transaction_lock_timeout: -1, ..every_bypass() };
    let db = TransactionDb::open(&counter_opts(), &topts, &dir.0).unwrap();
    let threads: Vec<_> = (0..4)
        .map(|i| {
            let db = db.clone();
            std::thread::spawn(move || {
                for j in 0..50 {
                    let bypass = (i + j) % 2 == 0;
                    let t = db.begin(&wo(), &TransactionOptions { commit_bypass_memtable: bypass, ..Default::default() }, None);
                    t.merge(b"sum", &n(1)).unwrap();
                    t.merge(b"sum", &n(1)).unwrap();
                    t.commit().unwrap();
                }
            })
        })
        .collect();
    for h in threads {
        h.join().unwrap();
    }
    assert_eq!(db.db().get(&ro(), b"sum").unwrap(), Some(n(400)));
}

/// Issue 14 (tests/difftest/regressions/txn-rollback-then-reuse.txt): RocksDB's Rollback of a
/// transaction that was never prepared clears it and leaves it started, so it takes more writes
/// and commits them; only a prepared one's rollback ends it.
#[test]
fn rollback_before_prepare_clears_and_the_transaction_is_reusable() {
    let dir = TempDir::new("rollback-reuse");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.put(b"k01", b"v1").unwrap();
    t.rollback().unwrap();
    assert_eq!(t.state(), TxnState::Started);
    assert_eq!(db.num_locks(), 0);
    t.put(b"k02", b"v2").unwrap();
    assert_eq!(t.get(&ro(), b"k01").unwrap(), None);
    t.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"k01").unwrap(), None);
    assert_eq!(db.db().get(&ro(), b"k02").unwrap(), Some(b"v2".to_vec()));
    let e = t.rollback().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: This transaction has already been committed.");

    // A prepared transaction's rollback is final.
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.set_name("x1").unwrap();
    t.put(b"k03", b"v3").unwrap();
    t.prepare().unwrap();
    t.rollback().unwrap();
    assert_eq!(t.state(), TxnState::RolledBack);
    let e = t.rollback().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Two phase transaction is not in state for rollback.");
    assert_eq!(db.db().get(&ro(), b"k03").unwrap(), None);
}

/// Issue 14 (txn-rollback-then-reuse.txt, txn-states-after-prepare-and-commit.txt): RocksDB's
/// Put/Delete/Merge/GetForUpdate check no transaction state, so a committed transaction takes
/// writes; its next commit refuses them ("Transaction has already been committed.") and they
/// never reach the database. RollbackToSavePoint past STARTED answers before its save points.
#[test]
fn committed_transaction_takes_writes_and_refuses_the_next_commit() {
    let dir = TempDir::new("committed-writes");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.put(b"k01", b"v1").unwrap();
    t.commit().unwrap();
    assert_eq!(t.state(), TxnState::Committed);
    t.put(b"k03", b"v3").unwrap();
    t.delete(b"k04").unwrap();
    assert_eq!(t.get_for_update(&ro(), b"k01", true).unwrap(), Some(b"v1".to_vec()));
    assert_eq!(t.get(&ro(), b"k03").unwrap(), Some(b"v3".to_vec()));
    let e = t.commit().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Transaction has already been committed.");
    assert_eq!(db.db().get(&ro(), b"k03").unwrap(), None);
    t.set_save_point();
    let e = t.rollback_to_save_point().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Transaction is beyond state for rollback.");
    // Prepare asks for the name before the state.
    let e = t.prepare().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Cannot prepare a transaction that has not been named.");
    drop(t);
    assert_eq!(db.num_locks(), 0);
}

/// A prepared transaction rolled back is ROLLEDBACK: it takes writes, and commit, rollback,
/// RollbackToSavePoint and Prepare each answer RocksDB's text for that state.
#[test]
fn rolled_back_prepared_transaction_answers_each_call() {
    let dir = TempDir::new("rolledback-states");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.set_name("x1").unwrap();
    t.put(b"k01", b"v1").unwrap();
    t.prepare().unwrap();
    t.rollback().unwrap();
    t.put(b"k02", b"v2").unwrap();
    let e = t.commit().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Transaction has already been rolledback.");
    let e = t.rollback().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Two phase transaction is not in state for rollback.");
    let e = t.rollback_to_save_point().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Transaction is beyond state for rollback.");
    let e = t.prepare().unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Transaction has already been rolledback.");
    assert_eq!(db.db().get(&ro(), b"k01").unwrap(), None);
    assert_eq!(db.db().get(&ro(), b"k02").unwrap(), None);
    // No save point: NotFound with no message (TransactionBaseImpl::RollbackToSavePoint).
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    assert_eq!(t.rollback_to_save_point().unwrap_err().to_string(), "NotFound: ");
    assert_eq!(t.pop_save_point().unwrap_err().to_string(), "NotFound: ");
}

/// 11.8.1's Commit of a started transaction with skip_prepare off is Status::TxnNotPrepared()
/// ("Invalid argument: Txn not prepared"), named or not; one that can expire commits without
/// a prepare (RocksDB's compare-and-swap from STARTED skips the check).
#[test]
fn commit_without_prepare_when_skip_prepare_is_off() {
    let dir = TempDir::new("skip-prepare");
    let db = open(&dir);
    let no_skip = TransactionOptions { skip_prepare: false, ..Default::default() };
    let t = db.begin(&wo(), &no_skip, None);
    t.put(b"a", b"1").unwrap();
    assert_eq!(t.commit().unwrap_err().to_string(), "Invalid argument: Txn not prepared");
    t.set_name("named").unwrap();
    assert_eq!(t.commit().unwrap_err().to_string(), "Invalid argument: Txn not prepared");
    t.prepare().unwrap();
    t.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    let expiring = TransactionOptions { skip_prepare: false, expiration: 60_000, ..Default::default() };
    let t = db.begin(&wo(), &expiring, None);
    t.put(b"b", b"2").unwrap();
    t.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"b").unwrap(), Some(b"2".to_vec()));
}

/// RocksDB 11.8.1's SetName: a blank or over-long name is a length error, a live name a
/// duplicate (RegisterTransaction's text).
#[test]
fn set_name_answers_11_8_1_texts() {
    let dir = TempDir::new("set-name");
    let db = open(&dir);
    let t1 = db.begin(&wo(), &TransactionOptions::default(), None);
    let e = t1.set_name("").unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: Transaction name length must be between 1 and 512 chars.");
    assert!(t1.set_name(&"n".repeat(513)).is_err());
    t1.set_name("x1").unwrap();
    let t2 = db.begin(&wo(), &TransactionOptions::default(), None);
    assert_eq!(t2.set_name("x1").unwrap_err().to_string(), "Invalid argument: Duplicate txn name x1");
    assert_eq!(t1.set_name("x2").unwrap_err().to_string(), "Invalid argument: Transaction has already been named.");
}

/// Issue 14 (optimistic-txn-reuse.txt): an optimistic transaction has no state. After a commit
/// or a rollback it takes writes and commits them again; it cannot be named; a conflicting
/// commit stays refused (RocksDB clears the transaction only on success) until rolled back.
#[test]
fn optimistic_transaction_is_reused_after_commit_and_rollback() {
    let dir = TempDir::new("optimistic-reuse");
    let odb = OptimisticTransactionDb::open(&opts(), &dir.0).unwrap();
    let t = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    t.put(b"k01", b"v1").unwrap();
    t.commit().unwrap();
    t.put(b"k02", b"v2").unwrap();
    t.rollback().unwrap();
    t.put(b"k03", b"v3").unwrap();
    t.commit().unwrap();
    t.rollback().unwrap();
    assert_eq!(odb.base_db().get(&ro(), b"k02").unwrap(), None);
    assert_eq!(odb.base_db().get(&ro(), b"k03").unwrap(), Some(b"v3".to_vec()));
    assert_eq!(t.set_name("x1").unwrap_err().to_string(), "Invalid argument: Optimistic transactions cannot be named.");
    assert_eq!(t.name(), None);
    assert_eq!(
        t.prepare().unwrap_err().to_string(),
        "Invalid argument: Two phase commit not supported for optimistic transactions."
    );
    assert_eq!(t.rollback_to_save_point().unwrap_err().to_string(), "NotFound: ");

    assert_eq!(t.get_for_update(&ro(), b"k03", true).unwrap(), Some(b"v3".to_vec()));
    t.put(b"k03", b"mine").unwrap();
    odb.base_db().put(&wo(), b"k03", b"theirs").unwrap();
    assert_eq!(t.commit().unwrap_err().to_string(), "Resource busy: ");
    assert_eq!(t.commit().unwrap_err().to_string(), "Resource busy: ");
    t.rollback().unwrap();
    t.commit().unwrap();
    assert_eq!(odb.base_db().get(&ro(), b"k03").unwrap(), Some(b"theirs".to_vec()));
}

/// Issue 14 (optimistic-conflict-range-delete.txt): a DeleteRange over a key the transaction
/// wrote, after it did, is a conflict (RocksDB's GetLatestSequenceForKey raises the key's
/// newest sequence to the covering tombstone's). (After a flush RocksDB's optimistic check,
/// memtables only, answers TryAgain; ferrock reads the tables: not compared here.)
#[test]
fn optimistic_commit_conflicts_with_a_covering_range_delete() {
    let dir = TempDir::new("optimistic-rangedel");
    let odb = OptimisticTransactionDb::open(&opts(), &dir.0).unwrap();
    let base = odb.base_db();
    let cf = base.default_column_family();
    base.put(&wo(), b"k04", b"v4").unwrap();
    let t = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    t.put(b"k04", b"v5").unwrap();
    base.delete_range_cf(&wo(), &cf, b"k01", b"k11").unwrap();
    assert_eq!(t.commit().unwrap_err().to_string(), "Resource busy: ");
    // A tombstone over a key with no point entry finds nothing: no conflict.
    let t = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    t.put(b"z1", b"v9").unwrap();
    base.delete_range_cf(&wo(), &cf, b"z0", b"z2").unwrap();
    t.commit().unwrap();
    assert_eq!(base.get(&ro(), b"z1").unwrap(), Some(b"v9".to_vec()));
}

/// Issue 14, difftest seed 32 (shrunk: `cfcreate 3`, `tbegin 2`, `cfdrop 3`, `tmerge 2 3 k01 v27`):
/// an optimistic transaction's Merge through a dropped family's handle is recorded, as RocksDB's
/// is (it answers ok); a closed database still refuses it.
#[test]
fn a_merge_through_a_dropped_familys_handle_is_recorded() {
    let dir = TempDir::new("merge-dropped-cf");
    let odb = OptimisticTransactionDb::open(&counter_opts(), &dir.0).unwrap();
    let cf = odb.base_db().create_column_family(&counter_opts(), "cf3").unwrap();
    let t = odb.begin(&wo(), &OptimisticTransactionOptions::default(), None);
    odb.base_db().drop_column_family(&cf).unwrap();
    t.merge_cf(&cf, b"k01", &n(27)).unwrap();
    // A live family without a merge operator is still refused.
    let plain = odb.base_db().create_column_family(&opts(), "plain").unwrap();
    assert_eq!(
        t.merge_cf(&plain, b"k", &n(1)).unwrap_err().to_string(),
        "Not implemented: Provide a merge_operator when opening DB"
    );
}

#[test]
fn a_transaction_db_write_refuses_what_rocksdbs_lock_batch_cannot_lock() {
    // RocksDB 11.8.1's PessimisticTransaction::LockBatch handler overrides Put, PutEntity,
    // Merge and Delete only; the default handler answers the rest (difftest seed 15).
    let dir = TempDir::new("txndb-write-handler");
    let db = open(&dir);
    let b_cf = db.db().create_column_family(&opts(), "b").unwrap();
    let mut ranged = WriteBatch::new();
    ranged.put(b"before", b"1");
    ranged.delete_range(b"k03", b"k09");
    let e = db.write(&wo(), &ranged).unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: DeleteRangeCF not implemented");
    // Refused before anything is written or locked.
    assert_eq!(db.db().get(&ro(), b"before").unwrap(), None);
    assert_eq!(db.num_locks(), 0);

    let mut single = WriteBatch::new();
    single.put_cf(b_cf.id(), b"x", b"1");
    single.single_delete_cf(b_cf.id(), b"x");
    let e = db.write(&wo(), &single).unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: non-default column family and SingleDeleteCF not implemented");

    // A single deletion in the default family is written (without a lock), with the rest.
    db.put(&wo(), b"s", b"old").unwrap();
    let mut ok = WriteBatch::new();
    ok.single_delete(b"s");
    ok.put_log_data(b"blob");
    ok.put_cf(b_cf.id(), b"y", b"2");
    db.write(&wo(), &ok).unwrap();
    assert_eq!(db.db().get(&ro(), b"s").unwrap(), None);
    assert_eq!(db.db().get_cf(&ro(), &b_cf, b"y").unwrap(), Some(b"2".to_vec()));
    assert_eq!(db.num_locks(), 0);
}

#[test]
fn rebuild_from_write_batch_adds_to_the_transaction_and_stops_at_the_first_refusal() {
    let dir = TempDir::new("txn-rebuild");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    t.put(b"mine", b"0").unwrap();
    let mut b = WriteBatch::new();
    b.put(b"a", b"1");
    b.put_log_data(b"dropped");
    b.delete_range(b"b", b"c");
    b.put(b"after", b"2");
    let e = t.rebuild_from_write_batch(&b).unwrap_err();
    assert_eq!(e.to_string(), "Invalid argument: DeleteRangeCF not implemented");
    // The transaction's own write stays, the records before the refusal are added (and
    // locked), the log data is not carried, and nothing after the refusal is.
    assert_eq!(t.get(&ro(), b"mine").unwrap(), Some(b"0".to_vec()));
    assert_eq!(t.get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
    assert_eq!(t.get(&ro(), b"after").unwrap(), None);
    assert_eq!(t.num_writes(), 2);
    assert_eq!(db.num_locks(), 2);
    let mut want = WriteBatch::new();
    want.put(b"mine", b"0");
    want.put(b"a", b"1");
    assert_eq!(t.write_batch().data()[12..], want.data()[12..]);
    t.commit().unwrap();
    assert_eq!(db.db().get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
}

/// A record of a family the database does not have (dropped, or never made) is rebuilt into
/// the default family, as RocksDB's null handle for it means.
#[test]
fn rebuild_from_write_batch_puts_records_of_an_unknown_family_in_the_default_one() {
    let dir = TempDir::new("txn-rebuild-unknown-cf");
    let db = open(&dir);
    let t = db.begin(&wo(), &TransactionOptions::default(), None);
    let mut b = WriteBatch::new();
    b.put_cf(7, b"a", b"1");
    t.rebuild_from_write_batch(&b).unwrap();
    let mut want = WriteBatch::new();
    want.put(b"a", b"1");
    assert_eq!(t.write_batch().data()[12..], want.data()[12..]);
    assert_eq!(t.get(&ro(), b"a").unwrap(), Some(b"1".to_vec()));
}
