//! The database under test, as one run opens it: a plain `Db`, a pessimistic
//! `TransactionDb` or an `OptimisticTransactionDb` (plain writes go to the base database
//! in all three; the driver's key locks already serialize them), its column family
//! handles by slot (slot 0 is `default`, slot `i` is `cf<i>`), the options every run
//! derives from its seed, and a full read of the contents for verification.

use ferrock::db::{ColumnFamilyHandle, Db};
use ferrock::env::FileSystem;
use ferrock::merge::StringAppendOperator;
use ferrock::options::{CompressionType, Options, ReadOptions, WalRecoveryMode};
use ferrock::txn::{OptimisticTransactionDb, TransactionDb, TransactionDbOptions};
use ferrock_opmodel::keys::{key_bytes, parse_key, MERGE_DELIMITER};
use ferrock_opmodel::rng::Rng;
use ferrock_opmodel::{Cf, KeySpace, Model};
use std::path::Path;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Pessimistic,
    Optimistic,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Plain => "plain",
            Kind::Pessimistic => "pessimistic",
            Kind::Optimistic => "optimistic",
        }
    }
}

pub fn cf_name(slot: Cf) -> String {
    if slot == 0 {
        "default".into()
    } else {
        format!("cf{slot}")
    }
}

/// What one run varies: the database kind, the options, the write-mode mix.
#[derive(Clone)]
pub struct RunSetup {
    pub kind: Kind,
    pub opts: Options,
    /// Weights of sync, async and WAL-less writes.
    pub modes: [u32; 3],
    pub summary: String,
}

/// Small memtables and files, so that a few seconds of writes flush and compact often; a
/// codec, a block size, a filter, a recovery mode and a write-mode mix drawn from the seed.
pub fn setup_for(seed: u64, fs: Option<Arc<dyn FileSystem>>) -> RunSetup {
    let mut r = Rng::new(seed);
    let mut o = Options { create_if_missing: true, create_missing_column_families: true, fs, ..Default::default() };
    o.write_buffer_size = *r.pick(&[64 << 10, 128 << 10, 512 << 10, 2 << 20]);
    o.max_write_buffer_number = r.range(2, 4) as i32;
    o.level0_file_num_compaction_trigger = r.range(2, 6) as i32;
    o.target_file_size_base = *r.pick(&[64 << 10, 256 << 10, 1 << 20]);
    o.max_bytes_for_level_base = o.target_file_size_base * r.range(2, 6);
    o.compression = *r.pick(&[CompressionType::None, CompressionType::Snappy, CompressionType::Lz4, CompressionType::Zstd, CompressionType::Zlib]);
    o.table.block_size = *r.pick(&[256, 1024, 4096, 16384]);
    o.table.bloom_bits_per_key = *r.pick(&[0.0, 10.0]);
    o.max_background_jobs = r.range(2, 4) as i32;
    o.max_subcompactions = r.range(1, 3) as u32;
    o.wal_recovery_mode = *r.pick(&[WalRecoveryMode::PointInTime, WalRecoveryMode::TolerateCorruptedTailRecords]);
    o.disable_auto_compactions = r.chance(1, 10);
    o.merge_operator = Some(Arc::new(StringAppendOperator::new(&[MERGE_DELIMITER])));
    let kind = *r.pick(&[Kind::Plain, Kind::Pessimistic, Kind::Optimistic]);
    let modes = *r.pick(&[[15, 70, 15], [0, 100, 0], [100, 0, 0], [0, 0, 100], [5, 60, 35], [30, 40, 30]]);
    let summary = format!(
        "kind={} modes={}/{}/{} wbs={} l0={} tfs={} compression={} block={} bloom={} jobs={} subcompactions={} recovery={:?} auto_compactions={}",
        kind.name(),
        modes[0],
        modes[1],
        modes[2],
        o.write_buffer_size,
        o.level0_file_num_compaction_trigger,
        o.target_file_size_base,
        o.compression.name(),
        o.table.block_size,
        o.table.bloom_bits_per_key,
        o.max_background_jobs,
        o.max_subcompactions,
        o.wal_recovery_mode,
        !o.disable_auto_compactions
    );
    RunSetup { kind, opts: o, modes, summary }
}

pub struct Engine {
    pub kind: Kind,
    pub db: Db,
    pub pessimistic: Option<TransactionDb>,
    pub optimistic: Option<OptimisticTransactionDb>,
}

/// Opens the database with every column family slot `0..keys.num_cfs` (creating the
/// ones missing, as after a crash between a reset's drop and create). Returns the
/// handles by slot.
pub fn open(dir: &Path, opts: &Options, kind: Kind, keys: KeySpace) -> Result<(Engine, Vec<Option<Arc<ColumnFamilyHandle>>>), String> {
    let existing: Vec<String> =
        if dir.join("CURRENT").exists() { Db::list_column_families(opts, dir).map_err(|e| format!("list column families: {e}"))? } else { vec!["default".into()] };
    let wanted: Vec<String> = (0..keys.num_cfs).map(cf_name).collect();
    if let Some(odd) = existing.iter().find(|n| !wanted.contains(n)) {
        return Err(format!("the database has a column family {odd:?} the driver never creates"));
    }
    let cfs: Vec<(String, Options)> = existing.iter().map(|n| (n.clone(), opts.clone())).collect();
    let (engine, handles) = match kind {
        Kind::Plain => {
            let (db, h) = Db::open_cf(opts, dir, &cfs).map_err(|e| format!("open: {e}"))?;
            (Engine { kind, db, pessimistic: None, optimistic: None }, h)
        }
        Kind::Pessimistic => {
            let (t, h) = TransactionDb::open_cf(opts, &TransactionDbOptions::default(), dir, &cfs).map_err(|e| format!("open: {e}"))?;
            (Engine { kind, db: t.db().clone(), pessimistic: Some(t), optimistic: None }, h)
        }
        Kind::Optimistic => {
            let (t, h) = OptimisticTransactionDb::open_cf(opts, dir, &cfs).map_err(|e| format!("open: {e}"))?;
            (Engine { kind, db: t.base_db().clone(), pessimistic: None, optimistic: Some(t) }, h)
        }
    };
    let mut by_slot: Vec<Option<Arc<ColumnFamilyHandle>>> = vec![None; keys.num_cfs as usize];
    for (name, h) in existing.iter().zip(handles) {
        let slot = wanted.iter().position(|w| w == name).unwrap_or(0);
        by_slot[slot] = Some(h);
    }
    for slot in 0..keys.num_cfs {
        if by_slot[slot as usize].is_none() {
            let h = engine.db.create_column_family(opts, &cf_name(slot)).map_err(|e| format!("create column family {}: {e}", cf_name(slot)))?;
            by_slot[slot as usize] = Some(h);
        }
    }
    Ok((engine, by_slot))
}

impl Engine {
    /// Decides the prepared transactions recovered at open: each is committed or rolled
    /// back (by `rng`), as an application would. Returns how many there were.
    pub fn resolve_prepared(&self, rng: &mut Rng) -> Result<usize, String> {
        let Some(t) = &self.pessimistic else { return Ok(0) };
        let prepared = t.prepared_transactions();
        for p in &prepared {
            let r = if rng.chance(1, 2) { p.commit() } else { p.rollback() };
            r.map_err(|e| format!("deciding a recovered prepared transaction: {e}"))?;
        }
        Ok(prepared.len())
    }

    pub fn close(&self) -> Result<(), String> {
        self.db.close().map_err(|e| e.to_string())
    }
}

/// Everything the database holds in the key space, read three ways that must agree: a
/// forward scan, a backward scan and a Get of every key. A key outside the key space, a
/// disagreement or a read error is an error.
pub fn read_all(db: &Db, handles: &[Option<Arc<ColumnFamilyHandle>>], keys: KeySpace) -> Result<Model, String> {
    let mut m = Model::new(keys);
    let ro = ReadOptions::new();
    for cf in 0..keys.num_cfs {
        let Some(h) = &handles[cf as usize] else { continue };
        let mut fwd = Vec::new();
        let mut it = db.iter_cf(&ro, h).map_err(|e| format!("iterator on {}: {e}", cf_name(cf)))?;
        it.seek_to_first();
        while it.valid() {
            let k = parse_key(it.key()).filter(|k| *k < keys.keys_per_cf).ok_or_else(|| {
                format!("column family {} holds a key no write made: {:?}", cf_name(cf), String::from_utf8_lossy(it.key()))
            })?;
            fwd.push((k, it.value().to_vec()));
            it.next();
        }
        it.status().map_err(|e| format!("scan of {}: {e}", cf_name(cf)))?;
        let mut back = Vec::new();
        it.seek_to_last();
        while it.valid() {
            back.push((parse_key(it.key()).unwrap_or(u32::MAX), it.value().to_vec()));
            it.prev();
        }
        it.status().map_err(|e| format!("backward scan of {}: {e}", cf_name(cf)))?;
        back.reverse();
        if back != fwd {
            return Err(format!("column family {}: a backward scan gives {} entries, a forward scan {} (or other values)", cf_name(cf), back.len(), fwd.len()));
        }
        if fwd.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(format!("column family {}: a scan returned keys out of order", cf_name(cf)));
        }
        for (k, v) in &fwd {
            m.set(cf, *k, Some(v.clone()));
        }
        for k in 0..keys.keys_per_cf {
            let got = db.get_cf(&ro, h, &key_bytes(k)).map_err(|e| format!("get key {k} of {}: {e}", cf_name(cf)))?;
            if got.as_deref() != m.get(cf, k) {
                return Err(format!(
                    "column family {}: get of key {k} gives {:?}, a scan {:?}",
                    cf_name(cf),
                    got.map(|v| String::from_utf8_lossy(&v).into_owned()),
                    m.get(cf, k).map(|v| String::from_utf8_lossy(v).into_owned())
                ));
            }
        }
    }
    Ok(m)
}
