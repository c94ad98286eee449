//! Durability tests of the engine (issue 12): what was acknowledged is there after a clean
//! reopen, a simulated power loss (`env::fault`), or an I/O error; a fault is returned or
//! latched, never turned into silent loss. Each test names the defect it pins down.

use super::*;
use crate::key::{make_internal_key, ValueType};
use crate::options::{FlushOptions, ReadOptions, WriteOptions};
use crate::util::testutil::TempDir;

fn opts() -> Options {
    Options { create_if_missing: true, ..Default::default() }
}

fn ro() -> ReadOptions {
    ReadOptions::new()
}

fn wo() -> WriteOptions {
    WriteOptions::default()
}

fn sync_wo() -> WriteOptions {
    WriteOptions { sync: true, ..Default::default() }
}

fn unlogged() -> WriteOptions {
    WriteOptions { disable_wal: true, ..Default::default() }
}

fn get(db: &Db, k: &[u8]) -> Option<Vec<u8>> {
    db.get(&ro(), k).unwrap()
}

fn get_cf(db: &Db, cf: &ColumnFamilyHandle, k: &[u8]) -> Option<Vec<u8>> {
    db.get_cf(&ro(), cf, k).unwrap()
}

/// Writes an external table as SstFileWriter does (sequence 0).
fn write_external(path: &Path, kvs: &[(&[u8], &[u8])]) {
    use crate::table::builder::{TableBuildOptions, TableBuilder};
    let file = crate::env::default_fs().new_writable_file(path).unwrap();
    let mut b = TableBuilder::new(TableBuildOptions::default(), file);
    b.set_user_property(crate::table::properties::PROP_EXTERNAL_SST_VERSION, 2u32.to_le_bytes().to_vec());
    b.set_user_property(crate::table::properties::PROP_EXTERNAL_SST_GLOBAL_SEQNO, 0u64.to_le_bytes().to_vec());
    for (k, v) in kvs {
        b.add(&make_internal_key(k, 0, ValueType::Value), v).unwrap();
    }
    let (_, mut f) = b.finish().unwrap();
    f.sync().unwrap();
    f.close().unwrap();
}

/// Issue 12 item 1: replay skipped WAL records at or below the largest sequence of the
/// column family's tables, and an ingested file (newer sequence) hid an older write that was
/// only in the WAL.
#[test]
fn ingested_file_does_not_hide_unflushed_writes_at_reopen() {
    let d = TempDir::new("dur-ingest");
    let ext = TempDir::created("dur-ingest-ext");
    let db = Db::open(&opts(), &d.0).unwrap();
    db.put(&wo(), b"a", b"a-old").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.put(&wo(), b"m", b"m-wal").unwrap();
    let f = ext.0.join("a.sst");
    write_external(&f, &[(b"a", b"a-ingested")]);
    db.ingest_external_file(&[f], &Default::default()).unwrap();
    db.close().unwrap();
    drop(db);
    let db = Db::open(&opts(), &d.0).unwrap();
    assert_eq!(get(&db, b"m").as_deref(), Some(&b"m-wal"[..]));
    assert_eq!(get(&db, b"a").as_deref(), Some(&b"a-ingested"[..]));
}

/// Issue 12 item 2: a flush of one column family cleared the database-wide "unpersisted
/// data" flag, so close did not flush another family's unlogged writes.
#[test]
fn unlogged_writes_of_every_column_family_are_flushed_at_close() {
    let d = TempDir::new("dur-unlogged");
    let mut o = opts();
    o.create_missing_column_families = true;
    let cfs = vec![("default".to_string(), o.clone()), ("b".to_string(), o.clone())];
    let (db, h) = Db::open_cf(&o, &d.0, &cfs).unwrap();
    db.put_cf(&unlogged(), &h[0], b"d", b"in-default").unwrap();
    db.put_cf(&unlogged(), &h[1], b"k", b"in-b").unwrap();
    db.flush_cf(&FlushOptions::default(), &h[0]).unwrap();
    db.close().unwrap();
    drop(db);
    let (db, h) = Db::open_cf(&o, &d.0, &cfs).unwrap();
    assert_eq!(get_cf(&db, &h[0], b"d").as_deref(), Some(&b"in-default"[..]));
    assert_eq!(get_cf(&db, &h[1], b"k").as_deref(), Some(&b"in-b"[..]));
}

fn fault_fs() -> Arc<crate::env::fault::FaultInjectionFs> {
    Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()))
}

fn with_fs(mut o: Options, fs: &Arc<crate::env::fault::FaultInjectionFs>) -> Options {
    o.fs = Some(fs.clone() as Arc<dyn FileSystem>);
    o
}

/// The machine stops: nothing more reaches the disk, the process goes away without a clean
/// close, and whatever was not synced (data or directory entries) is lost.
fn crash(fs: &crate::env::fault::FaultInjectionFs, db: Db) {
    fs.set_filesystem_active(false);
    drop(db);
    fs.power_loss().unwrap();
    fs.set_filesystem_active(true);
}

/// The WAL files in `dir`, oldest first.
fn wal_paths(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    v.sort();
    v
}

/// Issue 12 item 3: an I/O error while reading a WAL at recovery was treated as corruption:
/// point-in-time replay stopped, the open succeeded without the tail, and the WAL was deleted.
/// RocksDB fails the open with the IO error.
#[test]
fn an_io_error_reading_a_wal_fails_the_open_and_keeps_the_wal() {
    let d = TempDir::new("dur-eio");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&sync_wo(), b"k1", b"v1").unwrap();
    db.close().unwrap();
    drop(db);
    fs.inject_read_error(".log");
    let e = Db::open(&o, &d.0).err().expect("the open must fail");
    assert_eq!(e.to_string(), "IO error: injected read error");
    assert_eq!(wal_paths(&d.0).len(), 1, "the WAL is kept");
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"k1").as_deref(), Some(&b"v1"[..]));
}

/// Two column families so that a flush of `default` starts a new WAL while the older one
/// still holds `b`'s data: WAL A = [d0 (default), b1 (b)], WAL B = [b2 (b)].
fn two_wals(d: &Path, o: &Options) -> Vec<PathBuf> {
    let mut o = o.clone();
    o.create_missing_column_families = true;
    let cfs = vec![("default".to_string(), o.clone()), ("b".to_string(), o.clone())];
    let (db, h) = Db::open_cf(&o, d, &cfs).unwrap();
    db.put(&wo(), b"d0", b"v").unwrap();
    db.put_cf(&wo(), &h[1], b"b1", b"v").unwrap();
    db.flush_cf(&FlushOptions::default(), &h[0]).unwrap();
    db.put_cf(&wo(), &h[1], b"b2", b"v").unwrap();
    db.close().unwrap();
    let wals = wal_paths(d);
    assert_eq!(wals.len(), 2, "{wals:?}");
    wals
}

fn open_two(d: &Path, o: &Options) -> Result<(Db, Vec<Arc<ColumnFamilyHandle>>)> {
    let cfs = vec![("default".to_string(), o.clone()), ("b".to_string(), o.clone())];
    Db::open_cf(o, d, &cfs)
}

/// Issue 12 item 3: kTolerateCorruptedTailRecords accepted a checksum failure at the end of a
/// WAL that is not the last one and went on with the next WAL, leaving a hole. RocksDB (with
/// paranoid_checks, the default) fails the open on any checksum mismatch in this mode; only a
/// record cut off by the end of a file is tolerated.
#[test]
fn tolerate_corrupted_tail_records_fails_on_a_checksum_error_ending_an_older_wal() {
    let d = TempDir::new("dur-tolerate");
    let o = Options { wal_recovery_mode: crate::options::WalRecoveryMode::TolerateCorruptedTailRecords, ..opts() };
    let wals = two_wals(&d.0, &o);
    let mut bytes = std::fs::read(&wals[0]).unwrap();
    *bytes.last_mut().unwrap() ^= 0x55;
    std::fs::write(&wals[0], &bytes).unwrap();
    let e = open_two(&d.0, &o).err().expect("the open must fail");
    assert_eq!(e.to_string(), "Corruption: checksum mismatch");
    // A record cut off by the end of the older WAL is a torn write, which this mode tolerates.
    bytes.truncate(bytes.len() - 2);
    std::fs::write(&wals[0], &bytes).unwrap();
    let (db, h) = open_two(&d.0, &o).unwrap();
    assert_eq!(get_cf(&db, &h[1], b"b1"), None);
    assert_eq!(get_cf(&db, &h[1], b"b2").as_deref(), Some(&b"v"[..]));
}

/// Issue 12 item 3 (point-in-time): a record cut off at the end of an older WAL ended that
/// WAL's replay but the next WAL was replayed anyway, leaving a hole (b1 lost, b2 kept). RocksDB
/// stops replaying at the damage, and fails the open when a column family's tables hold data
/// newer than that point (default's log number is past the damaged WAL and it has a table).
#[test]
fn point_in_time_recovery_stops_at_a_torn_older_wal() {
    let d = TempDir::new("dur-pit");
    let o = opts();
    let wals = two_wals(&d.0, &o);
    let bytes = std::fs::read(&wals[0]).unwrap();
    std::fs::write(&wals[0], &bytes[..bytes.len() - 2]).unwrap();
    let e = open_two(&d.0, &o).err().expect("the open must fail");
    assert_eq!(
        e.to_string(),
        "Corruption: Column family inconsistency: SST file contains data beyond the point of corruption in CF default. \
         WAL recovery stopped at corruption point, but SST files contain newer data."
    );
}

/// Issue 12 item 4: a sync write into a WAL created by a memtable switch only synced the file,
/// never the WAL directory, so at a power loss the new WAL's directory entry (and the
/// acknowledged write in it) could vanish. RocksDB syncs the WAL directory on the first sync
/// write to a new log. (A separate wal_dir, so that no table's directory sync covers it.)
#[test]
fn a_sync_write_to_a_new_wal_survives_power_loss() {
    let d = TempDir::new("dur-waldir");
    let fs = fault_fs();
    let mut o = with_fs(opts(), &fs);
    o.wal_dir = d.0.join("wal").to_string_lossy().into_owned();
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"a", b"1").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.put(&sync_wo(), b"k", b"acknowledged").unwrap();
    crash(&fs, db);
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"a").as_deref(), Some(&b"1"[..]));
    assert_eq!(get(&db, b"k").as_deref(), Some(&b"acknowledged"[..]));
}

/// The same through `flush_wal(true)` (RocksDB's SyncWAL syncs the directory of a new WAL too).
#[test]
fn flush_wal_sync_to_a_new_wal_survives_power_loss() {
    let d = TempDir::new("dur-waldir-flushwal");
    let fs = fault_fs();
    let mut o = with_fs(opts(), &fs);
    o.wal_dir = d.0.join("wal").to_string_lossy().into_owned();
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"a", b"1").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.put(&wo(), b"k", b"synced by flush_wal").unwrap();
    db.flush_wal(true).unwrap();
    crash(&fs, db);
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"k").as_deref(), Some(&b"synced by flush_wal"[..]));
}

/// Found by the stress test's programs: a sync write of an empty batch (a batch rolled back to
/// its first save point) returned before touching the WAL, so the asynchronous writes
/// acknowledged before it were lost at a power loss. RocksDB syncs the WAL for it.
#[test]
fn a_sync_write_of_an_empty_batch_syncs_the_wal() {
    let d = TempDir::new("dur-empty-sync");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"k", b"async").unwrap();
    db.write(&sync_wo(), &crate::batch::WriteBatch::new()).unwrap();
    crash(&fs, db);
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"k").as_deref(), Some(&b"async"[..]));
}

/// Found by the stress test (seed 20261202): a transaction committed with sync and without
/// writes returned OK without syncing the WAL, and after a latched error too. RocksDB's commit
/// goes through the write path with its empty batch, as a plain empty write does.
#[test]
fn a_sync_commit_without_writes_syncs_the_wal_and_answers_a_latched_error() {
    use crate::txn::{TransactionDb, TransactionDbOptions, TransactionOptions};
    let d = TempDir::new("dur-empty-commit");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let tdb = TransactionDb::open(&o, &TransactionDbOptions::default(), &d.0).unwrap();
    tdb.db().put(&wo(), b"k", b"async").unwrap();
    tdb.begin(&sync_wo(), &TransactionOptions::default(), None).commit().unwrap();
    fs.set_filesystem_active(false);
    drop(tdb);
    fs.power_loss().unwrap();
    fs.set_filesystem_active(true);
    let tdb = TransactionDb::open(&o, &TransactionDbOptions::default(), &d.0).unwrap();
    assert_eq!(tdb.db().get(&crate::options::ReadOptions::new(), b"k").unwrap().as_deref(), Some(&b"async"[..]));
    tdb.db().put(&wo(), b"a", b"1").unwrap();
    fs.inject_sync_error(".log");
    assert_eq!(tdb.db().flush(&FlushOptions::default()).unwrap_err().to_string(), "IO error: injected sync error");
    let t = tdb.begin(&wo(), &TransactionOptions::default(), None);
    assert_eq!(t.commit().unwrap_err().to_string(), "IO error: injected sync error");
}

/// Found by the stress test's programs: a flush whose MANIFEST sync failed deleted its table as
/// obsolete, but the edit naming it had reached the MANIFEST that CURRENT names, so the next
/// open referenced a missing file. RocksDB quarantines such files until a new MANIFEST is in
/// place.
#[test]
fn a_table_whose_manifest_sync_failed_is_kept_for_the_next_open() {
    let d = TempDir::new("dur-quarantine");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"k", b"v").unwrap();
    fs.inject_sync_error("MANIFEST-");
    assert!(db.flush(&FlushOptions::default()).is_err());
    assert_eq!(get(&db, b"k").as_deref(), Some(&b"v"[..]));
    // Deleting obsolete files now (a checkpoint ends so) must not take the table.
    db.disable_file_deletions().unwrap();
    db.enable_file_deletions().unwrap();
    let _ = db.close();
    drop(db);
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"k").as_deref(), Some(&b"v"[..]));
    let mut it = db.iter(&ro()).unwrap();
    it.seek_to_first();
    assert!(it.valid(), "{:?}", it.status());
    assert_eq!(it.key(), b"k");
}

/// Issue 12 item 5 (ingest): the external file was copied with std::fs, around the
/// FileSystem: its creation, writes and sync were invisible to the file system (here an
/// injected fault), and nothing was synced.
#[test]
fn ingest_copies_through_the_file_system() {
    let d = TempDir::new("dur-ingest-fs");
    let ext = TempDir::created("dur-ingest-fs-ext");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    let f = ext.0.join("x.sst");
    write_external(&f, &[(b"x", b"ingested")]);
    let tables_before = std::fs::read_dir(&d.0).unwrap().filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "sst")).count();
    use crate::env::fault::{FaultError, FaultOp, Times};
    fs.inject(FaultOp::Sync, ".sst", Times::Once, FaultError::Io);
    let e = db.ingest_external_file(&[f.clone()], &Default::default()).unwrap_err();
    assert_eq!(e.to_string(), "IO error: injected sync error");
    let tables_after = std::fs::read_dir(&d.0).unwrap().filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "sst")).count();
    assert_eq!(tables_after, tables_before, "the failed ingest leaves no table behind");
    assert_eq!(get(&db, b"x"), None);
    db.ingest_external_file(&[f], &Default::default()).unwrap();
    assert_eq!(get(&db, b"x").as_deref(), Some(&b"ingested"[..]));
}

/// An acknowledged ingest (copied, linked or moved in) survives a power loss: the table is
/// synced and the directory entry too before the MANIFEST names it.
#[test]
fn ingested_files_survive_power_loss() {
    let d = TempDir::new("dur-ingest-power");
    let ext = TempDir::created("dur-ingest-power-ext");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    let copy = ext.0.join("copy.sst");
    let link = ext.0.join("link.sst");
    let mv = ext.0.join("move.sst");
    write_external(&copy, &[(b"c", b"copied")]);
    write_external(&link, &[(b"l", b"linked")]);
    write_external(&mv, &[(b"m", b"moved")]);
    use crate::db::ingest::IngestExternalFileOptions;
    db.ingest_external_file(&[copy], &IngestExternalFileOptions::default()).unwrap();
    db.ingest_external_file(&[link], &IngestExternalFileOptions { link_files: true, ..Default::default() }).unwrap();
    db.ingest_external_file(&[mv.clone()], &IngestExternalFileOptions { move_files: true, ..Default::default() }).unwrap();
    assert!(!mv.exists());
    crash(&fs, db);
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"c").as_deref(), Some(&b"copied"[..]));
    assert_eq!(get(&db, b"l").as_deref(), Some(&b"linked"[..]));
    assert_eq!(get(&db, b"m").as_deref(), Some(&b"moved"[..]));
}

/// Issue 12 item 6: a failed `flush_wal(sync)` was returned but not latched: the next sync
/// write called fdatasync again (which succeeds once the kernel has dropped the dirty pages)
/// and was acknowledged after a hole. RocksDB sets the background error.
#[test]
fn a_failed_wal_sync_is_latched() {
    let d = TempDir::new("dur-wal-sync-latch");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"a", b"1").unwrap();
    fs.inject_sync_error(".log");
    assert_eq!(db.flush_wal(true).unwrap_err().to_string(), "IO error: injected sync error");
    let e = db.put(&sync_wo(), b"b", b"2").unwrap_err();
    assert_eq!(e.to_string(), "IO error: injected sync error", "later writes fail with the latched error");
    assert_eq!(get(&db, b"a").as_deref(), Some(&b"1"[..]), "reads still work");
    assert_eq!(get(&db, b"b"), None);
}

/// Found by the stress test (a power loss after ENOSPC on WAL syncs): a flush whose switch to a
/// new WAL failed to sync the old one latched the error but left no WAL writer, and a later
/// `flush_wal(true)` then returned OK, so writes acknowledged before it counted as durable.
#[test]
fn flush_wal_after_a_failed_wal_switch_fails_with_the_latched_error() {
    let d = TempDir::new("dur-switch-sync");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"a", b"1").unwrap();
    fs.inject_sync_error(".log");
    let e = db.flush(&FlushOptions::default()).unwrap_err();
    assert_eq!(e.to_string(), "IO error: injected sync error");
    assert_eq!(db.flush_wal(true).unwrap_err().to_string(), "IO error: injected sync error");
    assert_eq!(db.put(&wo(), b"b", b"2").unwrap_err().to_string(), "IO error: injected sync error");
    // An empty batch too, as RocksDB's write path answers the background error first.
    let empty = crate::batch::WriteBatch::new();
    assert_eq!(db.write(&wo(), &empty).unwrap_err().to_string(), "IO error: injected sync error");
}

/// Issue 12 item 6: a failed sync of a prepared transaction's rollback record was returned but
/// not latched either.
#[test]
fn a_failed_rollback_record_sync_is_latched() {
    use crate::txn::{TransactionDb, TransactionDbOptions, TransactionOptions};
    let d = TempDir::new("dur-rollback-latch");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let tdb = TransactionDb::open(&o, &TransactionDbOptions::default(), &d.0).unwrap();
    let t = tdb.begin(&sync_wo(), &TransactionOptions::default(), None);
    t.set_name("x1").unwrap();
    t.put(b"p", b"prepared").unwrap();
    t.prepare().unwrap();
    fs.inject_sync_error(".log");
    assert_eq!(t.rollback().unwrap_err().to_string(), "IO error: injected sync error");
    assert!(tdb.db().put(&sync_wo(), b"after", b"x").is_err(), "the failed sync is latched");
}

/// Issue 12 item 7: when CURRENT had been renamed to a new MANIFEST but the directory sync
/// after it failed, the new MANIFEST (which CURRENT names) was deleted: the database no longer
/// opened. RocksDB keeps it (and the old one) when only the CURRENT switch failed.
#[test]
fn a_failed_directory_sync_after_switching_current_keeps_the_new_manifest() {
    let d = TempDir::new("dur-current");
    let fs = fault_fs();
    let o = with_fs(opts(), &fs);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&sync_wo(), b"k", b"v").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.close().unwrap();
    drop(db);
    // The first directory sync of a reopen with nothing to recover into a table is the one
    // after CURRENT moves to the new MANIFEST.
    fs.inject_dir_sync_error(&d.0.to_string_lossy());
    let e = Db::open(&o, &d.0).err().expect("the open must fail");
    assert_eq!(e.to_string(), "IO error: injected metadata write error");
    let db = Db::open(&o, &d.0).unwrap();
    assert_eq!(get(&db, b"k").as_deref(), Some(&b"v"[..]));
}

/// A compaction filter that blocks in its first call until released, and records that it
/// returned.
struct BlockingFilter {
    entered: Mutex<std::sync::mpsc::Sender<()>>,
    release: Mutex<std::sync::mpsc::Receiver<()>>,
    started: AtomicBool,
    returned: AtomicBool,
}

impl crate::compaction::CompactionFilter for BlockingFilter {
    fn name(&self) -> String {
        "BlockingFilter".into()
    }
    fn filter(&self, _level: i32, _key: &[u8], _value: &[u8]) -> crate::compaction::FilterDecision {
        if !self.started.swap(true, Ordering::SeqCst) {
            let _ = self.entered.lock().send(());
            let _ = self.release.lock().recv();
            self.returned.store(true, Ordering::SeqCst);
        }
        crate::compaction::FilterDecision::Keep
    }
}

/// Issue 12 item 9: close released LOCK while a compact_range on another thread was still
/// running (as could a waiting flush or an ingest): after close returned, the old instance
/// went on writing tables and the MANIFEST into a directory it no longer held. Close now
/// waits for every operation started before it, and says so in the info LOG; the test
/// releases the compaction when close says it waits, or when close has returned (the defect).
#[test]
fn close_waits_for_a_running_manual_compaction() {
    use std::sync::mpsc;
    let d = TempDir::new("dur-close-compaction");
    let (events, event_rx) = mpsc::channel::<&'static str>();
    let (entered_tx, entered_rx) = mpsc::channel();
    let (release_tx, release_rx) = mpsc::channel();
    let filter = Arc::new(BlockingFilter {
        entered: Mutex::new(entered_tx),
        release: Mutex::new(release_rx),
        started: AtomicBool::new(false),
        returned: AtomicBool::new(false),
    });
    let log_events = Mutex::new(events.clone());
    let mut o = opts();
    o.disable_auto_compactions = true;
    o.compaction_filter = Some(filter.clone());
    o.info_log = Some(Arc::new(crate::env::info_log::UserLogger {
        level: crate::env::info_log::INFO_LEVEL,
        write: Box::new(move |_, msg| {
            if msg.starts_with("Shutdown: waiting for") {
                let _ = log_events.lock().send("close waits");
            }
        }),
    }));
    let db = Db::open(&o, &d.0).unwrap();
    for round in 0..2u8 {
        for i in 0..100u32 {
            db.put(&wo(), format!("k{i:03}").as_bytes(), &[b'a' + round]).unwrap();
        }
        db.flush(&FlushOptions::default()).unwrap();
    }
    let compactor = {
        let db = db.clone();
        std::thread::spawn(move || db.compact_range_cf(&db.default_column_family(), None, None))
    };
    entered_rx.recv().unwrap();
    let closer = {
        let (db, filter, events) = (db.clone(), filter.clone(), events.clone());
        std::thread::spawn(move || {
            let r = db.close();
            let compaction_done = filter.returned.load(Ordering::SeqCst);
            let _ = events.send("close returned");
            (r, compaction_done)
        })
    };
    let first = event_rx.recv().unwrap();
    release_tx.send(()).unwrap();
    let (closed, compaction_done) = closer.join().unwrap();
    closed.unwrap();
    assert_eq!(first, "close waits", "close returned while the compaction still ran");
    assert!(compaction_done, "close returned before the compaction it waited for");
    compactor.join().unwrap().unwrap();
    drop(db);
    let db = Db::open(&opts(), &d.0).unwrap();
    for i in 0..100u32 {
        assert_eq!(get(&db, format!("k{i:03}").as_bytes()).as_deref(), Some(&b"b"[..]));
    }
    assert_eq!(db.put(&wo(), b"after", b"reopen"), Ok(()));
}

/// After close has begun, writes and the other operations that would write files fail with
/// "Shutdown in progress" instead of writing into a directory about to be released.
#[test]
fn operations_after_close_fail_with_shutdown() {
    let d = TempDir::new("dur-after-close");
    let db = Db::open(&opts(), &d.0).unwrap();
    db.put(&wo(), b"k", b"v").unwrap();
    db.close().unwrap();
    let shutdown = "Shutdown in progress: ";
    assert_eq!(db.put(&wo(), b"k2", b"v").unwrap_err().to_string(), shutdown);
    assert_eq!(db.flush(&FlushOptions::default()).unwrap_err().to_string(), shutdown);
    assert_eq!(db.flush_wal(true).unwrap_err().to_string(), shutdown);
    assert_eq!(db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err().to_string(), shutdown);
    assert_eq!(db.create_column_family(&opts(), "late").err().map(|e| e.to_string()).as_deref(), Some(shutdown));
    assert_eq!(db.enable_file_deletions().unwrap_err().to_string(), shutdown);
}

/// What a listener saw of failing jobs and background errors.
struct ErrorWatcher(Mutex<std::sync::mpsc::Sender<String>>);

impl listener::Listener for ErrorWatcher {
    fn on_compaction_completed(&self, _db: &Db, info: &listener::CompactionJobInfo) {
        if let Some(e) = &info.status {
            let _ = self.0.lock().send(format!("compaction failed: {e}"));
        }
    }
    fn on_background_error(&self, _reason: listener::BackgroundErrorReason, status: &mut Option<Error>) {
        if let Some(e) = status {
            let _ = self.0.lock().send(format!("background error: {e}"));
        }
    }
}

/// Options with an ErrorWatcher, and what it sees.
fn watched(mut o: Options) -> (Options, std::sync::mpsc::Receiver<String>) {
    let (tx, events) = std::sync::mpsc::channel();
    o.listeners = vec![Arc::new(ErrorWatcher(Mutex::new(tx)))];
    (o, events)
}

/// The next event the watcher saw. The deadline only keeps a broken build from hanging the
/// suite: the event comes at once when the engine works.
fn next_event(events: &std::sync::mpsc::Receiver<String>) -> String {
    events.recv_timeout(std::time::Duration::from_secs(60)).expect("no listener event within a minute")
}

/// The listeners hear of a background error before it is latched: waits for the latch (it
/// stops the background work, so the wait ends with it).
fn latched_after_the_listeners(db: &Db, reported: &str) {
    assert_eq!(db.wait_for_background_work().unwrap_err().to_string(), reported);
}

/// Waits until `done` holds; the deadline only turns a condition that never comes (the
/// defect) into a failure.
fn wait_for(what: &str, done: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !done() {
        assert!(std::time::Instant::now() < deadline, "waited a minute for: {what}");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Waits for the next background error the watcher saw, allowing `max_failures` failed jobs
/// before it.
fn next_background_error(events: &std::sync::mpsc::Receiver<String>, max_failures: usize) -> String {
    let mut failures = 0;
    loop {
        let e = next_event(events);
        if let Some(text) = e.strip_prefix("background error: ") {
            return text.to_string();
        }
        failures += 1;
        assert!(failures <= max_failures, "{failures} jobs failed before a background error, the last with {e}");
    }
}

/// A database whose one table has a damaged first data block (the footer and index stay
/// readable), and a second, newer level-0 table over the same keys once `overlap` is flushed.
fn damaged_table_db(d: &Path, o: &Options) {
    let db = Db::open(o, d).unwrap();
    for i in 0..200u32 {
        db.put(&wo(), format!("k{i:04}").as_bytes(), &[b'x'; 100]).unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    db.close().unwrap();
    let table = std::fs::read_dir(d)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "sst"))
        .unwrap();
    let mut bytes = std::fs::read(&table).unwrap();
    bytes[20] ^= 0xff;
    std::fs::write(&table, &bytes).unwrap();
}

/// Issue 12 item 8: corruption found by a compaction was not latched: the same compaction was
/// picked again at once, forever (100% CPU, outputs created and deleted, writes stopped for
/// good at the level-0 stop trigger). With paranoid_checks (the default) RocksDB makes it the
/// background error, an unrecoverable one: writes fail with it, reads go on. Failed before the
/// fix: the compaction failed again and again, nothing was latched.
#[test]
fn corruption_found_by_a_compaction_is_latched() {
    let d = TempDir::new("dur-compaction-corruption");
    let mut o = opts();
    o.level0_file_num_compaction_trigger = 2;
    damaged_table_db(&d.0, &o);
    let (o, events) = watched(o);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"k0001", b"newer").unwrap();
    // Two level-0 files: the compaction runs, meets the damage, and must latch it rather than
    // run again (the flush does not wait, or it could return the latched error).
    db.flush(&FlushOptions { wait: false, ..Default::default() }).unwrap();
    // The compaction's own failure may be told before or after the background error, but
    // no second run may come.
    let latched = next_background_error(&events, 1);
    assert!(latched.starts_with("Corruption: block checksum mismatch"), "{latched}");
    latched_after_the_listeners(&db, &latched);
    let w = db.put(&wo(), b"after", b"x").unwrap_err();
    assert_eq!(w.to_string(), latched, "writes fail with the latched error");
    assert_eq!(get(&db, b"k0001").as_deref(), Some(&b"newer"[..]), "reads go on");
    assert_eq!(db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err().to_string(), latched);
    wait_for("no running compaction", || db.property_int("rocksdb.num-running-compactions") == Some(0));
}

/// Item 8 without paranoid_checks: RocksDB gives the corruption no severity: the listeners hear
/// of it, nothing is latched, writes go on (and a background compaction is tried again after a
/// pause). Failed before the fix: the listeners were never told.
#[test]
fn without_paranoid_checks_compaction_corruption_is_reported_not_latched() {
    let d = TempDir::new("dur-compaction-corruption-lax");
    let mut o = opts();
    o.paranoid_checks = false;
    damaged_table_db(&d.0, &o);
    let (o, events) = watched(o);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"k0001", b"newer").unwrap();
    let e = db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err();
    assert!(e.to_string().starts_with("Corruption: block checksum mismatch"), "{e}");
    let reported = next_background_error(&events, 1);
    assert_eq!(reported, e.to_string());
    db.put(&wo(), b"after", b"x").unwrap();
    assert_eq!(get(&db, b"after").as_deref(), Some(&b"x"[..]));
    assert_eq!(get(&db, b"k0001").as_deref(), Some(&b"newer"[..]));
}

/// A compaction filter or merge operator that panics on the key "boom".
struct Panicking;

impl crate::compaction::CompactionFilter for Panicking {
    fn name(&self) -> String {
        "Panicking".into()
    }
    fn filter(&self, _level: i32, key: &[u8], _value: &[u8]) -> crate::compaction::FilterDecision {
        assert!(key != b"boom", "filter met boom");
        crate::compaction::FilterDecision::Keep
    }
}

impl crate::merge::MergeOperator for Panicking {
    fn name(&self) -> String {
        "Panicking".into()
    }
    fn full_merge(&self, key: &[u8], _existing: Option<&[u8]>, _operands: &[&[u8]]) -> Option<Vec<u8>> {
        assert!(key != b"boom", "merge met boom");
        Some(Vec::new())
    }
}

/// Issue 12 item 10: background threads did not catch panics: a panicking compaction filter
/// killed the compaction thread with the running-compaction count raised, and compact_range
/// then waited for it forever. The panic is now the background error. Failed before the fix:
/// no background error came (the thread was gone).
#[test]
fn a_panic_in_a_background_compaction_becomes_the_background_error() {
    let d = TempDir::new("dur-compaction-panic");
    let mut o = opts();
    o.level0_file_num_compaction_trigger = 2;
    o.compaction_filter = Some(Arc::new(Panicking));
    let (o, events) = watched(o);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"a", b"v").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    db.put(&wo(), b"boom", b"v").unwrap();
    // The compaction this flush triggers may panic and stop the database before the flush call
    // returns; the flush then answers the latched error, as RocksDB's WaitForFlushMemTable does
    // once the database is stopped (this raced under load: the test unwrapped the flush).
    if let Err(e) = db.flush(&FlushOptions::default()) {
        assert_eq!(e.to_string(), "Operation aborted: ferrock panicked: filter met boom");
    }
    let latched = next_background_error(&events, 1);
    assert_eq!(latched, "Operation aborted: ferrock panicked: filter met boom");
    latched_after_the_listeners(&db, &latched);
    // The listeners hear of the error before the job stops counting as running.
    wait_for("no running compaction", || db.property_int("rocksdb.num-running-compactions") == Some(0));
    assert_eq!(db.compact_range_cf(&db.default_column_family(), None, None).unwrap_err().to_string(), latched);
    assert_eq!(db.put(&wo(), b"c", b"v").unwrap_err().to_string(), latched);
    assert_eq!(get(&db, b"a").as_deref(), Some(&b"v"[..]));
}

/// Item 10 on a caller's thread: a panic in a manual compaction unwound through compact_range
/// with the running-compaction count raised, so every later compact_range hung. Failed before
/// the fix: compact_range panicked.
#[test]
fn a_panic_in_compact_range_is_returned_and_latched() {
    let d = TempDir::new("dur-compact-range-panic");
    let mut o = opts();
    o.compaction_filter = Some(Arc::new(Panicking));
    let db = Db::open(&o, &d.0).unwrap();
    for k in [&b"a"[..], b"boom"] {
        db.put(&wo(), k, b"v").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
    }
    let cf = db.default_column_family();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| db.compact_range_cf(&cf, None, None)));
    let e = r.expect("compact_range panicked").unwrap_err();
    assert_eq!(e.to_string(), "Operation aborted: ferrock panicked: filter met boom");
    assert_eq!(db.property_value("rocksdb.num-running-compactions").as_deref(), Some("0"));
    assert_eq!(db.compact_range_cf(&cf, None, None).unwrap_err(), e, "the next compact_range fails at once");
}

/// Item 10, the flush thread: a panicking merge operator killed it with the flush counted as
/// running, and a waiting flush never returned. Failed before the fix: no background error.
#[test]
fn a_panic_in_a_flush_becomes_the_background_error() {
    let d = TempDir::new("dur-flush-panic");
    let mut o = opts();
    o.merge_operator = Some(Arc::new(Panicking));
    let (o, events) = watched(o);
    let db = Db::open(&o, &d.0).unwrap();
    db.put(&wo(), b"boom", b"base").unwrap();
    db.merge(&wo(), b"boom", b"operand").unwrap();
    db.flush(&FlushOptions { wait: false, ..Default::default() }).unwrap();
    let latched = next_background_error(&events, 1);
    assert_eq!(latched, "Operation aborted: ferrock panicked: merge met boom");
    latched_after_the_listeners(&db, &latched);
    assert_eq!(db.flush(&FlushOptions::default()).unwrap_err().to_string(), latched);
    wait_for("no running flush", || db.property_int("rocksdb.num-running-flushes") == Some(0));
}

/// Issue 12 item 10: drop_column_family waited, holding the writer lock, for every running
/// compaction (of any column family): writes stopped meanwhile, and a compaction waiting on the
/// application deadlocked with it. RocksDB does not wait: a compaction of the dropped family
/// discards its result. Failed before the fix: the drop did not return while the compaction ran.
#[test]
fn drop_column_family_does_not_wait_for_running_compactions() {
    use std::sync::mpsc;
    let d = TempDir::new("dur-drop-cf-compaction");
    let (entered_tx, entered_rx) = mpsc::channel();
    let (release_tx, release_rx) = mpsc::channel();
    let filter = Arc::new(BlockingFilter {
        entered: Mutex::new(entered_tx),
        release: Mutex::new(release_rx),
        started: AtomicBool::new(false),
        returned: AtomicBool::new(false),
    });
    let db = Db::open(&opts(), &d.0).unwrap();
    let mut cf_opts = opts();
    cf_opts.disable_auto_compactions = true;
    cf_opts.compaction_filter = Some(filter.clone());
    let cf = db.create_column_family(&cf_opts, "a").unwrap();
    for round in 0..2u8 {
        db.put_cf(&wo(), &cf, b"k", &[round]).unwrap();
        db.flush_cf(&FlushOptions::default(), &cf).unwrap();
    }
    let compactor = {
        let (db, cf) = (db.clone(), cf.clone());
        std::thread::spawn(move || db.compact_range_cf(&cf, None, None))
    };
    entered_rx.recv().unwrap();
    let (dropped_tx, dropped_rx) = mpsc::channel();
    let dropper = {
        let (db, cf) = (db.clone(), cf.clone());
        std::thread::spawn(move || {
            let r = db.drop_column_family(&cf).and_then(|()| db.put(&wo(), b"during", b"compaction"));
            let _ = dropped_tx.send(());
            r
        })
    };
    // The deadline only turns the old deadlock into a failure.
    let waited = dropped_rx.recv_timeout(std::time::Duration::from_secs(60)).is_err();
    release_tx.send(()).unwrap();
    dropper.join().unwrap().unwrap();
    assert!(!waited, "drop_column_family (and the write after it) waited for the running compaction");
    let compacted = compactor.join().unwrap();
    assert_eq!(compacted.err().map(|e| e.code()), Some(crate::error::Code::ColumnFamilyDropped));
    db.put(&wo(), b"after", b"x").unwrap();
    db.close().unwrap();
    assert_eq!(Db::list_column_families(&opts(), &d.0).unwrap(), vec!["default".to_string()]);
    let db = Db::open(&opts(), &d.0).unwrap();
    assert_eq!(get(&db, b"during").as_deref(), Some(&b"compaction"[..]));
    assert_eq!(get(&db, b"after").as_deref(), Some(&b"x"[..]));
}
