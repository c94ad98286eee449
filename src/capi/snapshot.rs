//! c.h's snapshots: create and release (a snapshot is used through `rocksdb_readoptions_set_snapshot`).

use super::db::rocksdb_t;
use super::*;
use crate::db::Snapshot;

/// A consistent read point (`rocksdb_snapshot_t`).
pub struct rocksdb_snapshot_t {
    pub(crate) held: HeldSnapshot,
}

/// Who keeps the snapshot alive.
pub(crate) enum HeldSnapshot {
    /// This handle holds a share (rocksdb_create_snapshot; freed by rocksdb_release_snapshot).
    Own(Snapshot),
    /// A transaction holds it; the handle only names its sequence number. c.h's callers free
    /// such a handle with rocksdb_free(), which cannot run a destructor, so this variant has
    /// nothing to destroy.
    OfTransaction(u64),
    /// No snapshot: the database has a column family with inplace_update_support, where
    /// RocksDB's GetSnapshot returns nullptr inside the handle rocksdb_create_snapshot makes.
    /// Read options given it read the latest state.
    Unsupported,
}

impl rocksdb_snapshot_t {
    pub(crate) fn sequence_number(&self) -> u64 {
        match &self.held {
            HeldSnapshot::Own(s) => s.sequence_number(),
            HeldSnapshot::OfTransaction(seq) => *seq,
            HeldSnapshot::Unsupported => 0,
        }
    }

    /// The read point for read options. A transaction's snapshot is not registered again:
    /// RocksDB's contract is that it is used only while the transaction holds it.
    pub(crate) fn snapshot(&self) -> Option<Snapshot> {
        match &self.held {
            HeldSnapshot::Own(s) => Some(s.clone()),
            HeldSnapshot::OfTransaction(seq) => Some(Snapshot::unregistered(*seq)),
            HeldSnapshot::Unsupported => None,
        }
    }
}

/// NULL when the database is NULL or closed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_snapshot(db: *mut rocksdb_t) -> *const rocksdb_snapshot_t {
    guarded(std::ptr::null(), || {
        let db = &handle(db, "db")?.db;
        let held = if db.snapshots_supported() { HeldSnapshot::Own(db.snapshot()?) } else { HeldSnapshot::Unsupported };
        Ok(into_handle(rocksdb_snapshot_t { held }) as *const rocksdb_snapshot_t)
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
        Ok(handle(snapshot, "snapshot")?.sequence_number())
    })
}
