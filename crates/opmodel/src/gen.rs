//! `Generator`: random operations from a seed, with a weight per operation kind.
//!
//! The generator does not look at the database: what it emits depends only on the
//! seed and the configuration, so the same seed gives the same operations in either
//! driver. Two rules keep programs inside RocksDB's contracts:
//! - keys `0..sd_keys` of every column family are single-delete keys: the generator
//!   writes them only with `write * put`, and drivers run such a Put on a key that is
//!   present as a SingleDelete instead (`Model::resolve`), so a key is Put once, then
//!   SingleDeleted, then Put again, never overwritten before its SingleDelete, as
//!   RocksDB requires. No batch, transaction, range deletion, merge or ingest touches
//!   them;
//! - two-phase transactions are logged (RocksDB refuses Prepare without the WAL).
//!
//! Entry ids are `id_base + n`, `n` counting up from 0, so drivers running several
//! generators (threads, runs) give each a disjoint `id_base` and every value ever
//! written is unique.

use crate::op::*;
use crate::rng::Rng;

/// The keys of the programs: `num_cfs` column families (slot 0 is `default`) of
/// `keys_per_cf` keys each, the first `sd_keys` of them single-delete keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeySpace {
    pub num_cfs: u32,
    pub keys_per_cf: u32,
    pub sd_keys: u32,
}

impl KeySpace {
    pub fn is_sd_key(&self, key: Key) -> bool {
        key < self.sd_keys
    }
}

/// One weight per operation kind, in the order of `Weights::NAMES`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub [u32; Weights::NAMES.len()]);

impl Weights {
    pub const NAMES: [&'static str; 24] = [
        "put", "merge", "delete", "single_delete", "delete_range", "batch", "txn", "ingest", "cf_reset", "flush",
        "flush_wal", "compact", "checkpoint", "get", "multi_get", "scan", "snap_take", "snap_get", "snap_scan",
        "snap_release", "reopen", "crash", "power_loss", "fault",
    ];

    /// The mix the stress driver runs (per 1000): mostly writes and reads checked against
    /// the model, a steady trickle of flushes, compactions, ingests and snapshots, and
    /// rare column family resets and checkpoints. Reopen, crash, power loss and faults
    /// are the driver's own cycles, so 0 here.
    pub fn stress() -> Weights {
        Weights([200, 70, 50, 30, 20, 80, 40, 8, 2, 10, 6, 5, 1, 150, 40, 60, 10, 25, 15, 10, 0, 0, 0, 0])
    }

    pub fn get(&self, name: &str) -> Option<u32> {
        Self::NAMES.iter().position(|n| *n == name).map(|i| self.0[i])
    }

    pub fn set(&mut self, name: &str, w: u32) -> Result<(), String> {
        let i = Self::NAMES.iter().position(|n| *n == name).ok_or_else(|| format!("unknown operation kind {name:?}"))?;
        self.0[i] = w;
        Ok(())
    }

    /// Applies `name=weight,name=weight` overrides.
    pub fn apply_overrides(&mut self, spec: &str) -> Result<(), String> {
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (n, w) = part.split_once('=').ok_or_else(|| format!("expected name=weight, got {part:?}"))?;
            self.set(n.trim(), w.trim().parse().map_err(|_| format!("bad weight in {part:?}"))?)?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    pub keys: KeySpace,
    pub weights: Weights,
    /// Weights of sync, async and WAL-less writes.
    pub modes: [u32; 3],
    /// Entries per batch, transaction or ingested file: 1..=max_batch.
    pub max_batch: u32,
    /// Keys per DeleteRange and per iterator bound window: 1..=max_range.
    pub max_range: u32,
    pub max_scan_steps: u32,
    /// One value in this many is large (up to `big_value` padding bytes); the rest up to 40.
    pub big_value_one_in: u32,
    pub big_value: u32,
    pub snapshot_slots: u32,
    /// Which transaction kinds to emit (a driver on a plain DB can allow neither).
    pub pessimistic: bool,
    pub optimistic: bool,
}

impl GenConfig {
    pub fn stress(keys: KeySpace) -> GenConfig {
        GenConfig {
            keys,
            weights: Weights::stress(),
            modes: [15, 70, 15],
            max_batch: 8,
            max_range: 24,
            max_scan_steps: 24,
            big_value_one_in: 64,
            big_value: 6000,
            snapshot_slots: 4,
            pessimistic: true,
            optimistic: true,
        }
    }
}

pub struct Generator {
    pub cfg: GenConfig,
    rng: Rng,
    next_id: u64,
}

impl Generator {
    pub fn new(cfg: GenConfig, seed: u64, id_base: u64) -> Generator {
        Generator { cfg, rng: Rng::new(seed), next_id: id_base }
    }

    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn cf(&mut self) -> Cf {
        self.rng.below(self.cfg.keys.num_cfs as u64) as Cf
    }

    /// A key that is not a single-delete key.
    fn key(&mut self) -> Key {
        let k = self.cfg.keys;
        if k.sd_keys >= k.keys_per_cf {
            return k.keys_per_cf - 1;
        }
        self.rng.range(k.sd_keys as u64, k.keys_per_cf as u64 - 1) as Key
    }

    fn any_key(&mut self) -> Key {
        self.rng.below(self.cfg.keys.keys_per_cf as u64) as Key
    }

    fn mode(&mut self) -> WriteMode {
        WriteMode::ALL[self.rng.weighted(&self.cfg.modes)]
    }

    fn val(&mut self) -> Val {
        let len = if self.cfg.big_value_one_in > 0 && self.rng.chance(1, self.cfg.big_value_one_in as u64) {
            self.rng.range(100, self.cfg.big_value.max(100) as u64) as u32
        } else {
            self.rng.below(41) as u32
        };
        Val { id: self.id(), len }
    }

    fn range_in(&mut self, cf: Cf) -> Mutation {
        let k = self.cfg.keys;
        let begin = self.key();
        let width = self.rng.range(1, self.cfg.max_range.max(1) as u64) as u32;
        let end = (begin + width).min(k.keys_per_cf);
        Mutation::DeleteRange { cf, begin, end }
    }

    /// A Put, Merge, Delete or (with `ranges`) DeleteRange on a non-single-delete key.
    fn entry(&mut self, cf: Cf, ranges: bool) -> Mutation {
        match self.rng.weighted(&[6, 3, 2, if ranges { 1 } else { 0 }]) {
            0 => Mutation::Put { cf, key: self.key(), val: self.val() },
            1 => Mutation::Merge { cf, key: self.key(), id: self.id() },
            2 => Mutation::Delete { cf, key: self.key() },
            _ => self.range_in(cf),
        }
    }

    fn entries(&mut self, ranges: bool) -> Vec<Mutation> {
        let n = self.rng.range(1, self.cfg.max_batch.max(1) as u64);
        // Mostly one column family, sometimes spread over all.
        let one_cf = self.rng.chance(3, 4);
        let cf = self.cf();
        (0..n)
            .map(|_| {
                let c = if one_cf { cf } else { self.cf() };
                self.entry(c, ranges)
            })
            .collect()
    }

    fn savepoint(&mut self, n: usize) -> Option<u32> {
        if self.rng.chance(1, 5) {
            Some(self.rng.below(n as u64 + 1) as u32)
        } else {
            None
        }
    }

    fn bound(&mut self) -> Option<Key> {
        if self.rng.chance(1, 3) {
            None
        } else {
            Some(self.any_key())
        }
    }

    /// A lower and upper bound at most `max_range` keys apart (either may be absent).
    fn bounds(&mut self) -> (Option<Key>, Option<Key>) {
        let n = self.cfg.keys.keys_per_cf;
        match self.rng.below(4) {
            0 => (None, None),
            1 => (self.bound(), None),
            2 => (None, self.bound()),
            _ => {
                let lo = self.any_key();
                let w = self.rng.range(0, self.cfg.max_range.max(1) as u64) as u32;
                (Some(lo), Some((lo + w).min(n)))
            }
        }
    }

    fn ingest(&mut self) -> Op {
        let cf = self.cf();
        let n = self.rng.range(1, 2 * self.cfg.max_batch.max(1) as u64) as usize;
        let mut keys: Vec<Key> = (0..n).map(|_| self.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        let mut entries: Vec<Mutation> = Vec::new();
        // A range deletion over a stretch free of the file's point keys (a point key and a
        // tombstone of one file share a sequence number, so the tombstone would not cover it).
        if self.rng.chance(1, 4) {
            if let Mutation::DeleteRange { begin, end, .. } = self.range_in(cf) {
                keys.retain(|k| !(begin..end).contains(k));
                entries.push(Mutation::DeleteRange { cf, begin, end });
            }
        }
        for k in keys {
            if self.rng.chance(4, 5) {
                entries.push(Mutation::Put { cf, key: k, val: self.val() });
            } else {
                entries.push(Mutation::Delete { cf, key: k });
            }
        }
        Op::Ingest { cf, entries }
    }

    pub fn next_op(&mut self) -> Op {
        let kind = self.rng.weighted(&self.cfg.weights.0);
        let slots = self.cfg.snapshot_slots.max(1) as u64;
        match Weights::NAMES[kind] {
            "put" => {
                let cf = self.cf();
                let mode = self.mode();
                Op::Write { mode, m: Mutation::Put { cf, key: self.key(), val: self.val() } }
            }
            "merge" => {
                let cf = self.cf();
                let mode = self.mode();
                Op::Write { mode, m: Mutation::Merge { cf, key: self.key(), id: self.id() } }
            }
            "delete" => {
                let cf = self.cf();
                let mode = self.mode();
                Op::Write { mode, m: Mutation::Delete { cf, key: self.key() } }
            }
            "single_delete" => {
                let cf = self.cf();
                let mode = self.mode();
                let key = self.rng.below(self.cfg.keys.sd_keys.max(1) as u64) as Key;
                Op::Write { mode, m: Mutation::Put { cf, key, val: self.val() } }
            }
            "delete_range" => {
                let cf = self.cf();
                let mode = self.mode();
                Op::Write { mode, m: self.range_in(cf) }
            }
            "batch" => {
                let mode = self.mode();
                let ms = self.entries(true);
                let savepoint = self.savepoint(ms.len());
                Op::Batch { mode, ms, savepoint }
            }
            "txn" if self.cfg.pessimistic || self.cfg.optimistic => {
                let kind = match (self.cfg.pessimistic, self.cfg.optimistic) {
                    (true, true) if self.rng.chance(1, 2) => TxnKind::Optimistic,
                    (false, true) => TxnKind::Optimistic,
                    _ => TxnKind::Pessimistic,
                };
                let mut mode = self.mode();
                let ms = self.entries(false);
                let savepoint = self.savepoint(ms.len());
                let two_phase = kind == TxnKind::Pessimistic && self.rng.chance(1, 3);
                if two_phase && mode == WriteMode::NoWal {
                    mode = WriteMode::Async;
                }
                let end = if self.rng.chance(1, 8) { TxnEnd::Rollback } else { TxnEnd::Commit };
                Op::Txn { kind, mode, ms, savepoint, two_phase, end }
            }
            // With both transaction kinds off a driver should weigh "txn" 0; a read stands in.
            "txn" => Op::Get { cf: 0, key: 0 },
            "ingest" => self.ingest(),
            "cf_reset" if self.cfg.keys.num_cfs > 1 => Op::CfReset { cf: self.rng.range(1, self.cfg.keys.num_cfs as u64 - 1) as Cf },
            "cf_reset" => Op::Flush { cf: 0 },
            "flush" => Op::Flush { cf: self.cf() },
            "flush_wal" => Op::FlushWal { sync: self.rng.chance(1, 2) },
            "compact" => {
                let cf = self.cf();
                let (begin, end) = self.bounds();
                Op::CompactRange { cf, begin, end }
            }
            "checkpoint" => Op::Checkpoint,
            "get" => Op::Get { cf: self.cf(), key: self.any_key() },
            "multi_get" => {
                let cf = self.cf();
                let n = self.rng.range(2, 8);
                Op::MultiGet { cf, keys: (0..n).map(|_| self.any_key()).collect() }
            }
            "scan" => {
                let cf = self.cf();
                let (lower, upper) = self.bounds();
                let seek = match self.rng.below(4) {
                    0 => Seek::First,
                    1 => Seek::Last,
                    2 => Seek::To(self.any_key()),
                    _ => Seek::ForPrev(self.any_key()),
                };
                let n = self.rng.range(0, self.cfg.max_scan_steps as u64);
                let mut dir = if matches!(seek, Seek::Last | Seek::ForPrev(_)) { Step::Prev } else { Step::Next };
                let steps = (0..n)
                    .map(|_| {
                        if self.rng.chance(1, 6) {
                            dir = if dir == Step::Next { Step::Prev } else { Step::Next };
                        }
                        dir
                    })
                    .collect();
                Op::Scan { cf, lower, upper, seek, steps }
            }
            "snap_take" => Op::SnapTake { slot: self.rng.below(slots) as u32 },
            "snap_get" => Op::SnapGet { slot: self.rng.below(slots) as u32, cf: self.cf(), key: self.any_key() },
            "snap_scan" => {
                let slot = self.rng.below(slots) as u32;
                let cf = self.cf();
                let (lower, upper) = self.bounds();
                Op::SnapScan { slot, cf, lower, upper, reverse: self.rng.chance(1, 2) }
            }
            "snap_release" => Op::SnapRelease { slot: self.rng.below(slots) as u32 },
            "reopen" => Op::Reopen,
            "crash" => Op::Crash,
            "power_loss" => Op::PowerLoss,
            "fault" => {
                let kind = *self.rng.pick(&[FaultKind::WriteError, FaultKind::SyncError, FaultKind::ReadError, FaultKind::NoSpace]);
                let file = *self.rng.pick(&[FileKind::Wal, FileKind::Table, FileKind::Manifest, FileKind::Any]);
                Op::Fault { kind, file }
            }
            n => unreachable!("operation kind {n} has no generator"),
        }
    }

    pub fn program(&mut self, n: usize) -> Vec<Op> {
        (0..n).map(|_| self.next_op()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> GenConfig {
        let mut c = GenConfig::stress(KeySpace { num_cfs: 3, keys_per_cf: 200, sd_keys: 20 });
        for n in ["reopen", "crash", "power_loss", "fault"] {
            c.weights.set(n, 5).unwrap();
        }
        c
    }

    #[test]
    fn same_seed_same_program_and_every_kind_appears() {
        let a = Generator::new(cfg(), 9, 1 << 40).program(3000);
        let b = Generator::new(cfg(), 9, 1 << 40).program(3000);
        assert_eq!(a, b);
        let c = Generator::new(cfg(), 10, 1 << 40).program(3000);
        assert_ne!(a, c);
        let text: String = a.iter().map(|o| format!("{o}\n")).collect();
        for name in [
            "write sync", "write async", "write nowal", "put ", "merge ", "del ", "delrange ", "batch ", "txn pess",
            "txn opt", "2pc", "rollback", "sp=", "ingest ", "cfreset ", "flush ", "flushwal ", "compact ", "checkpoint", "get ",
            "multiget ", "scan ", "snap ", "snapget ", "snapscan ", "unsnap ", "reopen", "crash", "powerloss", "fault ",
        ] {
            assert!(text.contains(name), "no {name:?} in 3000 operations");
        }
    }

    #[test]
    fn programs_keep_rocksdb_contracts_and_unique_ids() {
        let c = cfg();
        let ops = Generator::new(c.clone(), 5, 7 << 40).program(5000);
        let mut ids = std::collections::HashSet::new();
        for op in &ops {
            let is_single = matches!(op, Op::Write { .. });
            for m in op.mutations() {
                let keys = m.keys();
                assert!(m.cf() < c.keys.num_cfs);
                assert!(keys.end <= c.keys.keys_per_cf, "{op}");
                let touches_sd = keys.clone().any(|k| c.keys.is_sd_key(k));
                match m {
                    Mutation::SingleDelete { .. } => panic!("generated a SingleDelete: {op}"),
                    Mutation::Put { .. } if is_single => {}
                    _ => assert!(!touches_sd, "{op} touches a single-delete key"),
                }
                match m {
                    Mutation::Put { val, .. } => assert!(ids.insert(val.id) && val.id >> 40 == 7),
                    Mutation::Merge { id, .. } => assert!(ids.insert(*id)),
                    _ => {}
                }
            }
            if let Op::Txn { two_phase: true, mode, ms, .. } = op {
                assert!(mode.logged());
                assert!(ms.iter().all(|m| !matches!(m, Mutation::DeleteRange { .. })));
            }
            if let Op::Ingest { cf, entries } = op {
                let pts: Vec<Key> = entries.iter().filter(|m| !matches!(m, Mutation::DeleteRange { .. })).map(|m| m.keys().start).collect();
                assert!(pts.windows(2).all(|w| w[0] < w[1]), "{op}");
                assert!(entries.iter().all(|m| m.cf() == *cf));
                for m in entries {
                    if let Mutation::DeleteRange { begin, end, .. } = m {
                        assert!(pts.iter().all(|k| !(*begin..*end).contains(k)), "{op}");
                    }
                }
            }
            // Every generated operation reads back from its text.
            assert_eq!(&op.to_string().parse::<Op>().unwrap(), op);
        }
    }

    #[test]
    fn weight_overrides_turn_kinds_off() {
        let mut w = Weights::stress();
        w.apply_overrides("put=0, get=7").unwrap();
        assert_eq!(w.get("put"), Some(0));
        assert_eq!(w.get("get"), Some(7));
        assert!(w.apply_overrides("jump=1").unwrap_err().contains("unknown operation kind"));
        let mut c = cfg();
        c.weights = Weights([0; Weights::NAMES.len()]);
        c.weights.set("get", 1).unwrap();
        let ops = Generator::new(c, 1, 0).program(100);
        assert!(ops.iter().all(|o| matches!(o, Op::Get { .. })));
    }
}
