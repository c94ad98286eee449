//! Tests of the backup engine: layout, incremental sharing, restore, corruption and bad input.

use super::*;
use crate::db::Db;
use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
use crate::util::testutil::TempDir;

fn db_opts() -> Options {
    Options { create_if_missing: true, ..Default::default() }
}

fn engine(dir: &Path) -> BackupEngine {
    BackupEngine::open(&BackupEngineOptions::new(dir), crate::env::default_fs()).unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir).map(|r| r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()).unwrap_or_default();
    v.sort();
    v
}

fn get(db: &Db, k: &[u8]) -> Option<Vec<u8>> {
    db.get(&ReadOptions::default(), k).unwrap()
}

#[test]
fn backups_use_rocksdb_layout_and_share_tables() {
    let t = TempDir::created("backup-layout");
    let (dbp, bp) = (t.0.join("db"), t.0.join("backup"));
    let db = Db::open(&db_opts(), &dbp).unwrap();
    for i in 0..200u32 {
        db.put(&WriteOptions::default(), format!("k{i:04}").as_bytes(), b"v1").unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    db.put(&WriteOptions::default(), b"unflushed", b"in the WAL").unwrap();
    let be = engine(&bp);
    let first = be.create_new_backup(&db, &CreateBackupOptions::default(), b"").unwrap();
    assert_eq!(first, 1);
    assert_eq!(names(&bp), vec!["meta", "private", "shared_checksum"]);
    assert_eq!(names(&bp.join("meta")), vec!["1"]);
    let private = names(&bp.join("private/1"));
    assert!(private.contains(&"CURRENT".to_string()), "{private:?}");
    assert!(private.iter().any(|n| n.starts_with("MANIFEST-")) && private.iter().any(|n| n.starts_with("OPTIONS-")), "{private:?}");
    assert!(private.iter().any(|n| n.ends_with(".log")), "the WAL is backed up without a flush: {private:?}");
    let shared = names(&bp.join("shared_checksum"));
    assert_eq!(shared.len(), 1);
    // <number>_s<20-character session id>_<size>.sst
    let table = std::fs::read_dir(&dbp).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).find(|n| n.ends_with(".sst")).unwrap();
    let size = std::fs::metadata(dbp.join(&table)).unwrap().len();
    let (num, rest) = shared[0].split_once("_s").unwrap();
    assert_eq!(format!("{num}.sst"), table);
    assert_eq!(rest.len(), 20 + 1 + size.to_string().len() + 4, "{}", shared[0]);
    assert!(rest.ends_with(&format!("_{size}.sst")));

    // An incremental backup copies only the new table.
    for i in 0..50u32 {
        db.put(&WriteOptions::default(), format!("n{i:04}").as_bytes(), b"v2").unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    let second = be.create_new_backup(&db, &CreateBackupOptions { flush_before_backup: true, ..Default::default() }, b"two").unwrap();
    assert_eq!(second, 2);
    assert_eq!(names(&bp.join("shared_checksum")).len(), 2, "the first table is shared, not copied again");
    let info = be.backup_info();
    assert_eq!(info.iter().map(|i| i.backup_id).collect::<Vec<_>>(), vec![1, 2]);
    assert_eq!(info[1].app_metadata, b"two");
    assert!(info[1].number_files > info[0].number_files - 1 && info[1].size > info[0].size);
    assert!(info[0].timestamp > 1_700_000_000);
    be.verify_backup(1, true).unwrap();
    be.verify_backup(2, true).unwrap();

    // Both restore, each to its own state.
    db.close().unwrap();
    drop(be);
    let be = engine(&bp);
    assert_eq!(be.backup_info().len(), 2, "a reopened engine finds both backups");
    let r1 = t.0.join("r1");
    be.restore_db_from_backup(&RestoreOptions::default(), Some(1), &r1, &r1).unwrap();
    let r = Db::open(&Options::default(), &r1).unwrap();
    assert_eq!(get(&r, b"k0100"), Some(b"v1".to_vec()));
    assert_eq!(get(&r, b"unflushed"), Some(b"in the WAL".to_vec()));
    assert_eq!(get(&r, b"n0001"), None);
    drop(r);
    let r2 = t.0.join("r2");
    be.restore_db_from_backup(&RestoreOptions::default(), None, &r2, &r2).unwrap();
    let r = Db::open(&Options::default(), &r2).unwrap();
    assert_eq!(get(&r, b"n0049"), Some(b"v2".to_vec()));
    assert_eq!(get(&r, b"unflushed"), Some(b"in the WAL".to_vec()));
    drop(r);
    assert!(!r2.join(".restore.tmp").exists());

    // Purging the first backup keeps the table the second still needs.
    be.purge_old_backups(1).unwrap();
    assert_eq!(be.backup_info().iter().map(|i| i.backup_id).collect::<Vec<_>>(), vec![2]);
    assert_eq!(names(&bp.join("shared_checksum")).len(), 2);
    assert!(!bp.join("private/1").exists() && !bp.join("meta/1").exists());
    be.verify_backup(2, true).unwrap();
    be.delete_backup(2).unwrap();
    assert!(names(&bp.join("shared_checksum")).is_empty() && names(&bp.join("private")).is_empty());
    assert_eq!(be.delete_backup(2).unwrap_err().to_string(), "NotFound: Backup not found");
}

#[test]
fn a_corrupted_backup_file_fails_verify_and_restore_and_leaves_the_target() {
    let t = TempDir::created("backup-corrupt");
    let (dbp, bp) = (t.0.join("db"), t.0.join("backup"));
    let db = Db::open(&db_opts(), &dbp).unwrap();
    for i in 0..100u32 {
        db.put(&WriteOptions::default(), format!("k{i:04}").as_bytes(), b"value").unwrap();
    }
    let be = engine(&bp);
    be.create_new_backup(&db, &CreateBackupOptions { flush_before_backup: true, ..Default::default() }, b"").unwrap();
    be.create_new_backup(&db, &CreateBackupOptions::default(), b"").unwrap();
    // The target holds a database of its own.
    let target = t.0.join("target");
    {
        let other = Db::open(&db_opts(), &target).unwrap();
        other.put(&WriteOptions::default(), b"mine", b"keep me").unwrap();
        other.flush(&FlushOptions::default()).unwrap();
    }
    let before = names(&target);
    let table = names(&bp.join("shared_checksum"))[0].clone();
    let table_path = bp.join("shared_checksum").join(&table);
    let original = std::fs::read(&table_path).unwrap();

    // A flipped byte: sizes still match (RocksDB's verify_backup checks sizes), the checksum does not.
    let mut flipped = original.clone();
    flipped[original.len() / 3] ^= 0x40;
    std::fs::write(&table_path, &flipped).unwrap();
    be.verify_backup(1, false).unwrap();
    let e = be.verify_backup(1, true).unwrap_err();
    assert!(e.is_corruption() && e.to_string().contains("Checksum mismatch"), "{e}");
    let e = be.restore_db_from_backup(&RestoreOptions::default(), Some(1), &target, &target).unwrap_err();
    assert!(e.is_corruption() && e.to_string().contains("expected checksum is"), "{e}");
    assert_eq!(names(&target), before, "a failed restore leaves the target as it was");
    let other = Db::open(&Options::default(), &target).unwrap();
    assert_eq!(get(&other, b"mine"), Some(b"keep me".to_vec()));
    drop(other);
    let before = names(&target);

    // A truncated file: this engine knows its size (verify_backup fails), and the checksum
    // catches it whatever the session (restore fails).
    std::fs::write(&table_path, &original[..original.len() - 10]).unwrap();
    let e = be.verify_backup(2, false).unwrap_err();
    assert!(e.to_string().starts_with("Corruption: File corrupted: File size mismatch for "), "{e}");
    let e = be.restore_db_from_backup(&RestoreOptions::default(), None, &target, &target).unwrap_err();
    assert!(e.is_corruption(), "{e}");
    assert_eq!(names(&target), before);
    drop(be);
    // A reopened engine takes the sizes it finds (RocksDB's schema-1 meta files record none):
    // only the checksum tells.
    let be = engine(&bp);
    be.verify_backup(2, false).unwrap();
    assert!(be.verify_backup(2, true).unwrap_err().is_corruption());
    assert!(be.restore_db_from_backup(&RestoreOptions::default(), Some(2), &target, &target).unwrap_err().is_corruption());
    assert_eq!(names(&target), before);
    drop(be);
    // A missing file makes both backups corrupt at open.
    std::fs::remove_file(&table_path).unwrap();
    let be = engine(&bp);
    assert_eq!(be.corrupted_backups(), vec![1, 2]);
    assert!(be.backup_info().is_empty());
    let e = be.verify_backup(1, false).unwrap_err();
    assert!(e.to_string().starts_with("Corruption: Pathname in meta file not found on disk: "), "{e}");
    let e = be.restore_db_from_backup(&RestoreOptions::default(), None, &target, &target).unwrap_err();
    assert_eq!(e.to_string(), "NotFound: Backup not found", "no valid backup is left to be the latest");
    assert!(be.restore_db_from_backup(&RestoreOptions::default(), Some(2), &target, &target).unwrap_err().is_corruption());
    assert_eq!(names(&target), before);
    drop(db);
}

#[test]
fn bad_input_gets_rocksdb_errors() {
    let t = TempDir::created("backup-bad");
    let (dbp, bp) = (t.0.join("db"), t.0.join("backup"));
    let db = Db::open(&db_opts(), &dbp).unwrap();
    db.put(&WriteOptions::default(), b"k", b"v").unwrap();
    let be = engine(&bp);
    let e = be.restore_db_from_backup(&RestoreOptions::default(), Some(7), &t.0.join("x"), &t.0.join("x")).unwrap_err();
    assert_eq!(e.to_string(), "NotFound: Backup not found");
    assert_eq!(be.verify_backup(7, false).unwrap_err().to_string(), "NotFound: ");
    let big = vec![0u8; 1024 * 1024 + 1];
    assert_eq!(be.create_new_backup(&db, &CreateBackupOptions::default(), &big).unwrap_err().to_string(), "Invalid argument: App metadata too large");
    let cb: ExcludeFilesCallback = Arc::new(|_files| {});
    let with_cb = CreateBackupOptions { exclude_files_callback: Some(cb), ..Default::default() };
    assert_eq!(
        be.create_new_backup(&db, &with_cb, b"").unwrap_err().to_string(),
        "Invalid argument: exclude_files_callback requires schema_version >= 2"
    );
    be.create_new_backup(&db, &CreateBackupOptions::default(), b"").unwrap();
    // The database is open in `dbp`: restoring over it is refused with the lock error.
    let e = be.restore_db_from_backup(&RestoreOptions::default(), None, &dbp, &dbp).unwrap_err();
    assert!(e.to_string().starts_with("IO error: "), "{e}");
    assert_eq!(get(&db, b"k"), Some(b"v".to_vec()));
    be.stop_backup();
    assert_eq!(be.create_new_backup(&db, &CreateBackupOptions::default(), b"").unwrap_err().to_string(), "Result incomplete: Backup stopped");
    assert_eq!(be.backup_info().len(), 1);
    // destroy_old_data empties the directory.
    drop(be);
    let mut o = BackupEngineOptions::new(&bp);
    o.destroy_old_data = true;
    let be = BackupEngine::open(&o, crate::env::default_fs()).unwrap();
    assert!(be.backup_info().is_empty());
    assert!(names(&bp.join("meta")).is_empty() && names(&bp.join("shared_checksum")).is_empty() && names(&bp.join("private")).is_empty());
}

#[test]
fn a_failed_backup_leaves_nothing_behind() {
    let t = TempDir::created("backup-fail");
    let (dbp, bp) = (t.0.join("db"), t.0.join("backup"));
    let db = Db::open(&db_opts(), &dbp).unwrap();
    db.put(&WriteOptions::default(), b"k", b"v").unwrap();
    db.flush(&FlushOptions::default()).unwrap();
    let fault = Arc::new(crate::env::fault::FaultInjectionFs::new(crate::env::default_fs()));
    let mut o = BackupEngineOptions::new(&bp);
    o.backup_fs = Some(fault.clone());
    let be = BackupEngine::open(&o, crate::env::default_fs()).unwrap();
    fault.inject_write_error("shared_checksum");
    let e = be.create_new_backup(&db, &CreateBackupOptions::default(), b"").unwrap_err();
    assert_eq!(e.to_string(), "IO error: injected write error");
    assert!(names(&bp.join("meta")).is_empty() && names(&bp.join("shared_checksum")).is_empty() && names(&bp.join("private")).is_empty());
    assert_eq!(be.create_new_backup(&db, &CreateBackupOptions::default(), b"").unwrap(), 1, "the failed id is reused");
    be.verify_backup(1, true).unwrap();
}

#[test]
fn callbacks_options_and_restore_modes() {
    let t = TempDir::created("backup-modes");
    let (dbp, bp) = (t.0.join("db"), t.0.join("backup"));
    let db = Db::open(&db_opts(), &dbp).unwrap();
    for i in 0..300u32 {
        db.put(&WriteOptions::default(), format!("k{i:04}").as_bytes(), &[b'x'; 100]).unwrap();
    }
    db.flush(&FlushOptions::default()).unwrap();
    let mut o = BackupEngineOptions::new(&bp);
    o.callback_trigger_interval_size = 1;
    o.max_background_operations = 3;
    o.schema_version = 2;
    o.backup_log_files = false;
    let be = BackupEngine::open(&o, crate::env::default_fs()).unwrap();
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let c = calls.clone();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let opts = CreateBackupOptions {
        progress_callback: Some(Arc::new(move || {
            c.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        })),
        exclude_files_callback: Some(Arc::new(move |files: &mut [create::MaybeExcludeBackupFile]| {
            s.lock().extend(files.iter().map(|f| f.relative_file.clone()));
        })),
        ..Default::default()
    };
    be.create_new_backup(&db, &opts, b"").unwrap();
    assert!(calls.load(std::sync::atomic::Ordering::SeqCst) > 1000, "one call per byte");
    assert_eq!(seen.lock().len(), 1);
    assert!(seen.lock()[0].starts_with("shared_checksum/"));
    assert!(!names(&bp.join("private/1")).iter().any(|n| n.ends_with(".log")), "backup_log_files=false");
    assert!(std::fs::read_to_string(bp.join("meta/1")).unwrap().starts_with("schema_version 2.1\n"));
    db.close().unwrap();

    // kVerifyChecksum keeps the table the target already has; kPurgeAllFiles replaces it.
    let target = t.0.join("target");
    be.restore_db_from_backup(&RestoreOptions::default(), None, &target, &target).unwrap();
    let table = names(&target).into_iter().find(|n| n.ends_with(".sst")).unwrap();
    let ino = |p: &Path| std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).unwrap());
    let before = ino(&target.join(&table));
    let verify = RestoreOptions { mode: RestoreMode::VerifyChecksum as u32, ..Default::default() };
    be.restore_db_from_backup(&verify, None, &target, &target).unwrap();
    assert_eq!(ino(&target.join(&table)), before, "kept");
    let by_session = RestoreOptions { mode: RestoreMode::KeepLatestDbSessionIdFiles as u32, ..Default::default() };
    be.restore_db_from_backup(&by_session, None, &target, &target).unwrap();
    assert_eq!(ino(&target.join(&table)), before, "kept");
    be.restore_db_from_backup(&RestoreOptions::default(), None, &target, &target).unwrap();
    assert_ne!(ino(&target.join(&table)), before, "replaced");
    let r = Db::open(&Options::default(), &target).unwrap();
    assert_eq!(get(&r, b"k0299"), Some(vec![b'x'; 100]));
    drop(r);

    // keep_log_files: the WAL already in the target stays and is replayed.
    let keep = t.0.join("keep");
    be.restore_db_from_backup(&RestoreOptions::default(), None, &keep, &keep).unwrap();
    {
        let r = Db::open(&Options::default(), &keep).unwrap();
        r.put(&WriteOptions { sync: true, ..Default::default() }, b"only-in-wal", b"w").unwrap();
        drop(r);
    }
    let wals = names(&keep).into_iter().filter(|n| n.ends_with(".log")).collect::<Vec<_>>();
    assert!(!wals.is_empty());
    be.restore_db_from_backup(&RestoreOptions { keep_log_files: true, ..Default::default() }, None, &keep, &keep).unwrap();
    for w in &wals {
        assert!(keep.join(w).exists(), "{w} kept");
    }
}
