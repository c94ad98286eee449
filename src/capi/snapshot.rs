//! c.h's snapshots: create and release (a snapshot is used through `rocksdb_readoptions_set_snapshot`).

use super::db::rocksdb_t;
use super::*;
use crate::db::Snapshot;

/// A consistent read point (`rocksdb_snapshot_t`); it keeps its own share of the engine's snapshot.
pub struct rocksdb_snapshot_t {
    pub(crate) snap: Snapshot,
}

/// NULL when the database is NULL or closed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_snapshot(db: *mut rocksdb_t) -> *const rocksdb_snapshot_t {
    guarded(std::ptr::null(), || {
        let snap = handle(db, "db")?.db.snapshot()?;
        Ok(into_handle(rocksdb_snapshot_t { snap }) as *const rocksdb_snapshot_t)
    })
}

/// Releases the snapshot (the database argument is not needed: the snapshot knows its engine).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_release_snapshot(
    db: *mut rocksdb_t,
    snapshot: *const rocksdb_snapshot_t,
) {
    let _ = db;
    drop_handle(snapshot as *mut rocksdb_snapshot_t)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_snapshot_get_sequence_number(
    snapshot: *const rocksdb_snapshot_t,
) -> u64 {
    guarded(0, || {
        Ok(handle(snapshot, "snapshot")?.snap.sequence_number())
    })
}
