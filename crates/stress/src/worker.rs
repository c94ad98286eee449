//! One worker thread: draws operations from its generator and runs them against the
//! database, recording every write in the history and checking every read against the
//! live model under the keys' locks. A wrong read, or an error where none is expected
//! (no faults are being injected), is a problem: the run stops and reports it.

use crate::engine::{cf_name, read_all, Engine, Kind};
use crate::history::History;
use crate::live::{Live, Locked, Slot};
use crate::verify::{verify, Cut};
use ferrock::batch::WriteBatch;
use ferrock::db::ingest::IngestExternalFileOptions;
use ferrock::db::{ColumnFamilyHandle, Db, Snapshot};
use ferrock::error::Code;
use ferrock::options::{FlushOptions, Options, ReadOptions, WriteOptions};
use ferrock::table::sst_file_writer::SstFileWriter;
use ferrock::txn::{OptimisticTransactionOptions, TransactionOptions};
use ferrock_opmodel::keys::{key_bytes, parse_key};
use ferrock_opmodel::model::{ingest_order, Position};
use ferrock_opmodel::*;
use parking_lot::Mutex;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Operation counts by kind, for the progress lines and the report.
pub const KINDS: [&str; 20] = [
    "put", "merge", "delete", "single_delete", "delete_range", "batch", "txn", "ingest", "cf_reset", "flush", "flush_wal",
    "compact", "checkpoint", "get", "multi_get", "scan", "snapshot", "snap_read", "failed", "skipped",
];

fn kind_of(op: &Op) -> usize {
    let name = match op {
        Op::Write { m, .. } => match m {
            Mutation::Put { .. } => "put",
            Mutation::Merge { .. } => "merge",
            Mutation::Delete { .. } => "delete",
            Mutation::SingleDelete { .. } => "single_delete",
            Mutation::DeleteRange { .. } => "delete_range",
        },
        Op::Batch { .. } => "batch",
        Op::Txn { .. } => "txn",
        Op::Ingest { .. } => "ingest",
        Op::CfReset { .. } => "cf_reset",
        Op::Flush { .. } => "flush",
        Op::FlushWal { .. } => "flush_wal",
        Op::CompactRange { .. } => "compact",
        Op::Checkpoint => "checkpoint",
        Op::Get { .. } => "get",
        Op::MultiGet { .. } => "multi_get",
        Op::Scan { .. } => "scan",
        Op::SnapTake { .. } | Op::SnapRelease { .. } => "snapshot",
        Op::SnapGet { .. } | Op::SnapScan { .. } => "snap_read",
        _ => "skipped",
    };
    KINDS.iter().position(|k| *k == name).unwrap_or(KINDS.len() - 1)
}

pub struct Counters(pub [AtomicU64; KINDS.len()]);

impl Counters {
    pub fn new() -> Counters {
        Counters(std::array::from_fn(|_| AtomicU64::new(0)))
    }
    pub fn bump(&self, i: usize) {
        self.0[i].fetch_add(1, Ordering::Relaxed);
    }
    pub fn total(&self) -> u64 {
        self.0.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }
    pub fn line(&self) -> String {
        KINDS.iter().zip(&self.0).map(|(k, c)| format!("{k}={}", c.load(Ordering::Relaxed))).collect::<Vec<_>>().join(" ")
    }
}

/// What the workers of one cycle share.
pub struct Ctx {
    pub engine: Engine,
    pub opts: Options,
    pub live: Live,
    pub history: Arc<History>,
    /// The state the history starts from (for checkpoint verification).
    pub base: Model,
    pub keys: KeySpace,
    /// Faults are being injected: errors are expected, not problems.
    pub faults: AtomicBool,
    pub stop: AtomicBool,
    pub problems: Mutex<Vec<String>>,
    pub counters: Arc<Counters>,
    pub next_wid: AtomicU64,
    /// Where external files and checkpoints are made.
    pub scratch: PathBuf,
    /// When the first operation failed (a fault cycle ends soon after: a database that turned
    /// read-only has nothing more to show).
    pub first_failure: Mutex<Option<std::time::Instant>>,
}

impl Ctx {
    fn problem(&self, p: String) {
        self.problems.lock().push(p);
        self.stop.store(true, Ordering::SeqCst);
    }

    fn faults(&self) -> bool {
        self.faults.load(Ordering::SeqCst)
    }

    /// An error from the database: expected while faults are injected, else a problem.
    fn unexpected(&self, op: &Op, e: &ferrock::Error) {
        self.first_failure.lock().get_or_insert_with(std::time::Instant::now);
        if !self.faults() && !self.stop.load(Ordering::SeqCst) {
            self.problem(format!("unexpected error: {op}: {e}"));
        }
    }

    fn db(&self) -> &Db {
        &self.engine.db
    }
}

/// The first write id of generation `generation`: ids are unique over the whole test, not
/// only within a generation, because a two-phase transaction is named after its id and one
/// prepared before a crash is recovered, under that name, by the next generation. Its
/// low 40 bits count the generation's writes.
pub fn first_wid(generation: u64) -> u64 {
    (generation << 40) | 1
}

/// The name of the two-phase transaction of write `wid`.
pub fn txn_name(wid: u64) -> String {
    format!("x{wid:x}")
}

fn wo(mode: WriteMode) -> WriteOptions {
    WriteOptions { sync: mode == WriteMode::Sync, disable_wal: mode == WriteMode::NoWal, ..Default::default() }
}

fn show(v: Option<&[u8]>) -> String {
    match v {
        None => "absent".into(),
        Some(v) if v.len() > 60 => format!("{:?}...", String::from_utf8_lossy(&v[..60])),
        Some(v) => format!("{:?}", String::from_utf8_lossy(v)),
    }
}

/// A snapshot a worker holds, with what every key was when it was taken.
pub struct HeldSnapshot {
    snap: Snapshot,
    generations: Vec<u64>,
    /// Per column family, per key: Some(value) when it was certain.
    state: Vec<Vec<Option<Option<Vec<u8>>>>>,
}

pub struct Worker {
    pub thread: u32,
    pub snapshots: Vec<Option<HeldSnapshot>>,
}

impl Worker {
    pub fn new(thread: u32, slots: u32) -> Worker {
        Worker { thread, snapshots: (0..slots).map(|_| None).collect() }
    }

    pub fn run(&mut self, ctx: &Ctx, gen: &mut Generator) {
        while !ctx.stop.load(Ordering::SeqCst) {
            let op = gen.next_op();
            self.execute(ctx, &op);
        }
        self.snapshots.iter_mut().for_each(|s| *s = None);
    }

    pub fn execute(&mut self, ctx: &Ctx, op: &Op) {
        // A write is counted once resolved (a Put on a single-delete key may run as a SingleDelete).
        if !matches!(op, Op::Write { .. }) {
            ctx.counters.bump(kind_of(op));
        }
        match op {
            Op::Write { .. } | Op::Batch { .. } | Op::Txn { .. } => self.write(ctx, op),
            Op::Ingest { .. } => self.ingest(ctx, op),
            Op::CfReset { cf } => self.reset(ctx, op, *cf),
            Op::Flush { cf } => {
                let l = ctx.live.lock(&[*cf], &[]);
                let Some(h) = l.handle(*cf) else { return };
                self.barrier(ctx, op, || ctx.db().flush_cf(&FlushOptions { wait: true, allow_write_stall: true }, &h));
            }
            Op::FlushWal { sync } => self.barrier(ctx, op, || ctx.db().flush_wal(*sync)),
            Op::CompactRange { cf, begin, end } => {
                let l = ctx.live.lock(&[*cf], &[]);
                let Some(h) = l.handle(*cf) else { return };
                let (b, e) = (begin.map(key_bytes), end.map(key_bytes));
                if let Err(err) = ctx.db().compact_range_cf(&h, b.as_deref(), e.as_deref()) {
                    ctx.unexpected(op, &err);
                }
            }
            Op::Checkpoint => self.checkpoint(ctx, op),
            Op::Get { cf, key } => self.get(ctx, op, *cf, &[*key]),
            Op::MultiGet { cf, keys } => self.get(ctx, op, *cf, keys),
            Op::Scan { cf, lower, upper, seek, steps } => self.scan(ctx, op, *cf, *lower, *upper, *seek, steps),
            Op::SnapTake { slot } => self.snap_take(ctx, *slot),
            Op::SnapGet { slot, cf, key } => self.snap_get(ctx, op, *slot, *cf, *key),
            Op::SnapScan { slot, cf, lower, upper, reverse } => self.snap_scan(ctx, op, *slot, *cf, *lower, *upper, *reverse),
            Op::SnapRelease { slot } => {
                if let Some(s) = self.snapshots.get_mut(*slot as usize) {
                    *s = None;
                }
            }
            Op::Reopen | Op::Crash | Op::PowerLoss | Op::Fault { .. } => {}
        }
    }

    fn wid(&self, ctx: &Ctx) -> u64 {
        ctx.next_wid.fetch_add(1, Ordering::Relaxed)
    }

    /// Flush and FlushWAL: recorded in the history, as the verification counts them.
    fn barrier(&self, ctx: &Ctx, op: &Op, f: impl FnOnce() -> ferrock::Result<()>) {
        let wid = self.wid(ctx);
        ctx.history.begin(wid, self.thread, op);
        match f() {
            Ok(()) => {
                ctx.history.ack(wid);
            }
            Err(e) => {
                ctx.history.fail(wid, &e.to_string());
                ctx.counters.bump(KINDS.len() - 2);
                ctx.unexpected(op, &e);
            }
        }
    }

    /// Applies an operation's entries to the locked slots: `took_effect` None when it failed.
    fn apply(l: &mut Locked<'_>, ms: &[&Mutation], took_effect: Option<bool>) {
        let mut keys: Vec<(Cf, Key)> = ms.iter().flat_map(|m| m.keys().map(move |k| (m.cf(), k))).collect();
        keys.sort_unstable();
        keys.dedup();
        for (cf, key) in keys {
            let on_key: Vec<&Mutation> = ms.iter().copied().filter(|m| m.cf() == cf && m.keys().contains(&key)).collect();
            l.slot(cf, key).apply(key, &on_key, took_effect);
        }
    }

    fn write(&mut self, ctx: &Ctx, op: &Op) {
        let keys: Vec<(Cf, Key)> = op.mutations().iter().flat_map(|m| m.keys().map(move |k| (m.cf(), k))).collect();
        let cfs: Vec<Cf> = op.mutations().iter().map(|m| m.cf()).collect();
        if cfs.is_empty() {
            return;
        }
        let mut l = ctx.live.lock(&cfs, &keys);
        if !l.all_handles() {
            return;
        }
        // Single-delete keys: Put when absent, SingleDelete when present, never on an unknown one.
        let op = match op {
            Op::Write { mode, m: Mutation::Put { cf, key, .. } | Mutation::SingleDelete { cf, key } } if ctx.keys.is_sd_key(*key) => {
                match l.slot(*cf, *key).value() {
                    None => return,
                    Some(Some(_)) => Op::Write { mode: *mode, m: Mutation::SingleDelete { cf: *cf, key: *key } },
                    Some(None) if matches!(op, Op::Write { m: Mutation::SingleDelete { .. }, .. }) => return,
                    Some(None) => op.clone(),
                }
            }
            _ => op.clone(),
        };
        if matches!(op, Op::Write { .. }) {
            ctx.counters.bump(kind_of(&op));
        }
        let wid = self.wid(ctx);
        ctx.history.begin(wid, self.thread, &op);
        let r = self.run_write(ctx, &l, &op, wid);
        let effective: Vec<&Mutation> = op.effective_mutations().iter().collect();
        match r {
            Ok(()) => {
                ctx.history.ack(wid);
                Self::apply(&mut l, &effective, Some(true));
            }
            Err(e) if e.code() == Code::Busy && matches!(op, Op::Txn { kind: TxnKind::Optimistic, .. }) => {
                // An optimistic transaction that failed validation wrote nothing.
                ctx.history.refuse(wid);
            }
            Err(e) => {
                ctx.history.fail(wid, &e.to_string());
                ctx.counters.bump(KINDS.len() - 2);
                Self::apply(&mut l, &effective, None);
                ctx.unexpected(&op, &e);
            }
        }
    }

    fn run_write(&self, ctx: &Ctx, l: &Locked<'_>, op: &Op, wid: u64) -> ferrock::Result<()> {
        let h = |cf: Cf| l.handle(cf).expect("handles checked");
        let db = ctx.db();
        match op {
            Op::Write { mode, m } => {
                let w = wo(*mode);
                match m {
                    Mutation::Put { cf, key, val } => db.put_cf(&w, &h(*cf), &key_bytes(*key), &keys::value_bytes(val.id, *cf, *key, val.len)),
                    Mutation::Merge { cf, key, id } => db.merge_cf(&w, &h(*cf), &key_bytes(*key), &keys::operand_bytes(*id)),
                    Mutation::Delete { cf, key } => db.delete_cf(&w, &h(*cf), &key_bytes(*key)),
                    Mutation::SingleDelete { cf, key } => db.single_delete_cf(&w, &h(*cf), &key_bytes(*key)),
                    Mutation::DeleteRange { cf, begin, end } => db.delete_range_cf(&w, &h(*cf), &key_bytes(*begin), &key_bytes(*end)),
                }
            }
            Op::Batch { mode, ms, savepoint } => {
                let mut b = WriteBatch::new();
                for (i, m) in ms.iter().enumerate() {
                    if *savepoint == Some(i as u32) {
                        b.set_save_point();
                    }
                    let id = h(m.cf()).id();
                    match m {
                        Mutation::Put { cf, key, val } => b.put_cf(id, &key_bytes(*key), &keys::value_bytes(val.id, *cf, *key, val.len)),
                        Mutation::Merge { key, id: oid, .. } => b.merge_cf(id, &key_bytes(*key), &keys::operand_bytes(*oid)),
                        Mutation::Delete { key, .. } => b.delete_cf(id, &key_bytes(*key)),
                        Mutation::SingleDelete { key, .. } => b.single_delete_cf(id, &key_bytes(*key)),
                        Mutation::DeleteRange { begin, end, .. } => b.delete_range_cf(id, &key_bytes(*begin), &key_bytes(*end)),
                    }
                }
                if let Some(sp) = savepoint {
                    if *sp as usize >= ms.len() {
                        b.set_save_point();
                    }
                    b.rollback_to_save_point()?;
                }
                db.write(&wo(*mode), &b)
            }
            Op::Txn { kind, mode, ms, savepoint, two_phase, end } => self.run_txn(ctx, l, *kind, *mode, ms, *savepoint, *two_phase, *end, wid),
            _ => unreachable!("not a write: {op}"),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn run_txn(
        &self,
        ctx: &Ctx,
        l: &Locked<'_>,
        kind: TxnKind,
        mode: WriteMode,
        ms: &[Mutation],
        savepoint: Option<u32>,
        two_phase: bool,
        end: TxnEnd,
        wid: u64,
    ) -> ferrock::Result<()> {
        let t = match (&ctx.engine.pessimistic, &ctx.engine.optimistic) {
            (Some(p), _) => p.begin(&wo(mode), &TransactionOptions::default(), None),
            (None, Some(o)) => o.begin(&wo(mode), &OptimisticTransactionOptions::default(), None),
            (None, None) => {
                // A plain database runs the transaction's writes as a batch.
                let op = Op::Batch { mode, ms: if end == TxnEnd::Commit { ms.to_vec() } else { Vec::new() }, savepoint };
                return self.run_write(ctx, l, &op, wid);
            }
        };
        let _ = kind;
        for (i, m) in ms.iter().enumerate() {
            if savepoint == Some(i as u32) {
                t.set_save_point();
            }
            let h = l.handle(m.cf()).expect("handles checked");
            match m {
                Mutation::Put { cf, key, val } => t.put_cf(&h, &key_bytes(*key), &keys::value_bytes(val.id, *cf, *key, val.len))?,
                Mutation::Merge { key, id, .. } => t.merge_cf(&h, &key_bytes(*key), &keys::operand_bytes(*id))?,
                Mutation::Delete { key, .. } => t.delete_cf(&h, &key_bytes(*key))?,
                Mutation::SingleDelete { key, .. } => t.single_delete_cf(&h, &key_bytes(*key))?,
                Mutation::DeleteRange { .. } => return Err(ferrock::Error::not_supported("DeleteRange in a transaction")),
            }
        }
        if let Some(sp) = savepoint {
            if sp as usize >= ms.len() {
                t.set_save_point();
            }
            t.rollback_to_save_point()?;
        }
        if two_phase && ctx.engine.kind == Kind::Pessimistic {
            t.set_name(&txn_name(wid))?;
            t.prepare()?;
        }
        match end {
            TxnEnd::Commit => t.commit(),
            TxnEnd::Rollback => t.rollback(),
        }
    }

    fn ingest(&mut self, ctx: &Ctx, op: &Op) {
        let Op::Ingest { cf, entries } = op else { return };
        let keys: Vec<(Cf, Key)> = entries.iter().flat_map(|m| m.keys().map(move |k| (m.cf(), k))).collect();
        let wid = self.wid(ctx);
        let path = ctx.scratch.join(format!("ingest-{wid:x}.sst"));
        // The file is written before the keys are locked; it depends on nothing but the op.
        let mut w = SstFileWriter::new(&ctx.opts);
        let written = w.open(&path).and_then(|_| {
            for m in entries {
                match m {
                    Mutation::Put { cf, key, val } => w.put(&key_bytes(*key), &keys::value_bytes(val.id, *cf, *key, val.len))?,
                    Mutation::Delete { key, .. } => w.delete(&key_bytes(*key))?,
                    Mutation::DeleteRange { begin, end, .. } => w.delete_range(&key_bytes(*begin), &key_bytes(*end))?,
                    Mutation::Merge { key, id, .. } => w.merge(&key_bytes(*key), &keys::operand_bytes(*id))?,
                    Mutation::SingleDelete { .. } => {}
                }
            }
            w.finish()
        });
        if let Err(e) = written {
            ctx.unexpected(op, &e);
            let _ = std::fs::remove_file(&path);
            return;
        }
        let mut l = ctx.live.lock(&[*cf], &keys);
        let Some(h) = l.handle(*cf) else {
            let _ = std::fs::remove_file(&path);
            return;
        };
        let io = IngestExternalFileOptions { move_files: wid % 2 == 0, ..Default::default() };
        ctx.history.begin(wid, self.thread, op);
        let effective = ingest_order(entries);
        match ctx.db().ingest_external_file_cf(&h, std::slice::from_ref(&path), &io) {
            Ok(()) => {
                ctx.history.ack(wid);
                Self::apply(&mut l, &effective, Some(true));
            }
            Err(e) => {
                ctx.history.fail(wid, &e.to_string());
                ctx.counters.bump(KINDS.len() - 2);
                Self::apply(&mut l, &effective, None);
                ctx.unexpected(op, &e);
            }
        }
        drop(l);
        let _ = std::fs::remove_file(&path);
    }

    fn reset(&mut self, ctx: &Ctx, op: &Op, cf: Cf) {
        if cf == 0 || cf >= ctx.keys.num_cfs {
            return;
        }
        let live = &ctx.live.cfs[cf as usize];
        let mut gate = live.gate.write();
        let Some(old) = gate.handle.take() else { return };
        let wid = self.wid(ctx);
        ctx.history.begin(wid, self.thread, op);
        let r = ctx.db().drop_column_family(&old).and_then(|_| ctx.db().create_column_family(&ctx.opts, &cf_name(cf)));
        gate.generation += 1;
        match r {
            Ok(h) => {
                ctx.history.ack(wid);
                gate.handle = Some(h);
                for s in &live.keys {
                    *s.lock() = Slot::certain(None);
                }
            }
            Err(e) => {
                // The family may be gone or still there: unknown until the next open.
                ctx.history.fail(wid, &e.to_string());
                ctx.counters.bump(KINDS.len() - 2);
                for s in &live.keys {
                    s.lock().cands.clear();
                }
                ctx.unexpected(op, &e);
            }
        }
    }

    fn checkpoint(&mut self, ctx: &Ctx, op: &Op) {
        let wid = self.wid(ctx);
        let dir = ctx.scratch.join(format!("checkpoint-{wid:x}"));
        let start = ctx.history.now();
        let r = ctx.db().create_checkpoint(&dir, 0);
        let end = ctx.history.now();
        if let Err(e) = r {
            ctx.unexpected(op, &e);
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
        let (recs, _) = ctx.history.snapshot();
        // The checkpoint's files were written outside the fault-injecting file system.
        let mut o = ctx.opts.clone();
        o.fs = None;
        o.create_if_missing = false;
        match crate::engine::open(&dir, &o, Kind::Plain, ctx.keys) {
            Ok((e, handles)) => {
                match read_all(&e.db, &handles, ctx.keys) {
                    Ok(observed) => {
                        for p in verify(&ctx.base, &recs, Cut::Checkpoint { start, end }, &observed) {
                            ctx.problem(format!("checkpoint {}: {p}", dir.display()));
                        }
                    }
                    Err(err) => ctx.problem(format!("checkpoint {}: {err}", dir.display())),
                }
                let _ = e.close();
            }
            Err(err) => ctx.problem(format!("checkpoint {} does not open: {err}", dir.display())),
        }
        if ctx.problems.lock().is_empty() {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    fn ro() -> ReadOptions {
        ReadOptions::new()
    }

    fn get(&mut self, ctx: &Ctx, op: &Op, cf: Cf, keys: &[Key]) {
        let locked: Vec<(Cf, Key)> = keys.iter().map(|k| (cf, *k)).collect();
        let mut l = ctx.live.lock(&[cf], &locked);
        let Some(h) = l.handle(cf) else { return };
        let results: Vec<(Key, ferrock::Result<Option<Vec<u8>>>)> = if keys.len() == 1 {
            let k = key_bytes(keys[0]);
            let r = if keys[0] % 2 == 0 { ctx.db().get_cf(&Self::ro(), &h, &k) } else { ctx.db().get_pinned_cf(&Self::ro(), &h, &k).map(|p| p.map(|s| s.as_slice().to_vec())) };
            vec![(keys[0], r)]
        } else {
            let kb: Vec<Vec<u8>> = keys.iter().map(|k| key_bytes(*k)).collect();
            let req: Vec<(&ColumnFamilyHandle, &[u8])> = kb.iter().map(|k| (&*h, k.as_slice())).collect();
            keys.iter().copied().zip(ctx.db().multi_get_cf(&Self::ro(), &req)).collect()
        };
        for (k, r) in results {
            match r {
                Ok(v) => {
                    let slot = l.slot(cf, k);
                    if !slot.accepts(v.as_deref()) {
                        ctx.problem(format!(
                            "wrong read: {op}: key {k} of {} reads {}, the model has {}",
                            cf_name(cf),
                            show(v.as_deref()),
                            slot.cands.iter().map(|c| show(c.as_deref())).collect::<Vec<_>>().join(" or ")
                        ));
                    }
                }
                Err(e) => ctx.unexpected(op, &e),
            }
        }
    }

    /// Runs an iterator with `ro` from `seek` through `steps` and compares each position
    /// with `expected`; returns a description of the first difference.
    fn compare_positions(db: &Db, h: &ColumnFamilyHandle, ro: &ReadOptions, seek: Seek, steps: &[Step], expected: &[Position]) -> ferrock::Result<Option<String>> {
        let mut it = db.iter_cf(ro, h)?;
        match seek {
            Seek::First => it.seek_to_first(),
            Seek::Last => it.seek_to_last(),
            Seek::To(k) => it.seek(&key_bytes(k)),
            Seek::ForPrev(k) => it.seek_for_prev(&key_bytes(k)),
        }
        for (i, want) in expected.iter().enumerate() {
            let got: Option<(Option<Key>, Vec<u8>)> = it.valid().then(|| (parse_key(it.key()), it.value().to_vec()));
            let same = match (&got, want) {
                (None, None) => true,
                (Some((Some(k), v)), Some((wk, wv))) => k == wk && v == wv,
                _ => false,
            };
            if !same {
                it.status()?;
                let g = got.as_ref().map_or("invalid".to_string(), |(k, v)| format!("key {k:?} = {}", show(Some(v))));
                let w = want.as_ref().map_or("invalid".to_string(), |(k, v)| format!("key {k} = {}", show(Some(v))));
                // What the database says about the keys involved, read afresh: tells an
                // iterator's own error from a wrong state.
                let mut probe = String::new();
                for k in [got.as_ref().and_then(|(k, _)| *k), want.as_ref().map(|(k, _)| *k)].into_iter().flatten() {
                    let g = db.get_cf(ro, h, &key_bytes(k))?;
                    let mut fresh = db.iter_cf(ro, h)?;
                    fresh.seek(&key_bytes(k));
                    let f = if fresh.valid() { format!("{:?}", parse_key(fresh.key())) } else { "invalid".into() };
                    probe.push_str(&format!("; get of key {k} reads {}, a fresh seek to it lands on {f}", show(g.as_deref())));
                }
                return Ok(Some(format!("after {} step(s) the iterator is at {g}, the model says {w}{probe}", i)));
            }
            if want.is_none() {
                break;
            }
            if let Some(s) = steps.get(i) {
                match s {
                    Step::Next => it.next(),
                    Step::Prev => it.prev(),
                }
            }
        }
        it.status()?;
        Ok(None)
    }

    fn bounds(ro: &mut ReadOptions, lower: Option<Key>, upper: Option<Key>) {
        ro.iterate_lower_bound = lower.map(key_bytes);
        ro.iterate_upper_bound = upper.map(key_bytes);
    }

    #[allow(clippy::too_many_arguments)]
    fn scan(&mut self, ctx: &Ctx, op: &Op, cf: Cf, lower: Option<Key>, upper: Option<Key>, seek: Seek, steps: &[Step]) {
        let n = ctx.keys.keys_per_cf;
        let (lo, hi) = (lower.unwrap_or(0).min(n), upper.unwrap_or(n).min(n));
        let window: Vec<(Cf, Key)> = (lo..hi.max(lo)).map(|k| (cf, k)).collect();
        let l = ctx.live.lock(&[cf], &window);
        let Some(h) = l.handle(cf) else { return };
        let mut entries = Vec::new();
        for ((_, k), s) in l.slots() {
            match s.value() {
                None => return, // an unknown key: positions cannot be predicted
                Some(Some(v)) => entries.push((k, v.to_vec())),
                Some(None) => {}
            }
        }
        let expected = Model::positions(&entries, seek, steps);
        let mut ro = Self::ro();
        Self::bounds(&mut ro, lower, upper);
        match Self::compare_positions(ctx.db(), &h, &ro, seek, steps, &expected) {
            Ok(None) => {}
            Ok(Some(d)) => ctx.problem(format!("wrong iteration: {op} on {}: {d}", cf_name(cf))),
            Err(e) => ctx.unexpected(op, &e),
        }
    }

    fn snap_take(&mut self, ctx: &Ctx, slot: u32) {
        if slot as usize >= self.snapshots.len() {
            return;
        }
        let gates = ctx.live.quiesce();
        let snap = match ctx.db().snapshot() {
            Ok(s) => s,
            Err(e) => {
                drop(gates);
                ctx.unexpected(&Op::SnapTake { slot }, &e);
                return;
            }
        };
        let generations = gates.iter().map(|g| g.generation).collect();
        let state = ctx.live.state_while_quiesced();
        drop(gates);
        self.snapshots[slot as usize] = Some(HeldSnapshot { snap, generations, state });
    }

    /// What key `key` of `cf` was at the snapshot: None when unknown. A family reset since
    /// the snapshot is a new family, empty at the snapshot's sequence number.
    fn at_snapshot(s: &HeldSnapshot, generation: u64, cf: Cf, key: Key) -> Option<Option<&[u8]>> {
        if generation != s.generations[cf as usize] {
            return Some(None);
        }
        s.state[cf as usize][key as usize].as_ref().map(|v| v.as_deref())
    }

    fn snap_get(&mut self, ctx: &Ctx, op: &Op, slot: u32, cf: Cf, key: Key) {
        let Some(Some(s)) = self.snapshots.get(slot as usize) else { return };
        let l = ctx.live.lock(&[cf], &[]);
        let Some(h) = l.handle(cf) else { return };
        let Some(want) = Self::at_snapshot(s, l.generation(cf), cf, key) else { return };
        let mut ro = Self::ro();
        ro.snapshot = Some(s.snap.clone());
        match ctx.db().get_cf(&ro, &h, &key_bytes(key)) {
            Ok(v) if v.as_deref() == want => {}
            Ok(v) => ctx.problem(format!(
                "wrong snapshot read: {op}: key {key} of {} reads {} at snapshot {}, which saw {}",
                cf_name(cf),
                show(v.as_deref()),
                s.snap.sequence_number(),
                show(want)
            )),
            Err(e) => ctx.unexpected(op, &e),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn snap_scan(&mut self, ctx: &Ctx, op: &Op, slot: u32, cf: Cf, lower: Option<Key>, upper: Option<Key>, reverse: bool) {
        let Some(Some(s)) = self.snapshots.get(slot as usize) else { return };
        let l = ctx.live.lock(&[cf], &[]);
        let Some(h) = l.handle(cf) else { return };
        let generation = l.generation(cf);
        let n = ctx.keys.keys_per_cf;
        let (lo, hi) = (lower.unwrap_or(0).min(n), upper.unwrap_or(n).min(n));
        let mut entries = Vec::new();
        for k in lo..hi.max(lo) {
            match Self::at_snapshot(s, generation, cf, k) {
                None => return,
                Some(Some(v)) => entries.push((k, v.to_vec())),
                Some(None) => {}
            }
        }
        let (seek, step) = if reverse { (Seek::Last, Step::Prev) } else { (Seek::First, Step::Next) };
        let steps = vec![step; entries.len()];
        let expected = Model::positions(&entries, seek, &steps);
        let mut ro = Self::ro();
        ro.snapshot = Some(s.snap.clone());
        Self::bounds(&mut ro, lower, upper);
        match Self::compare_positions(ctx.db(), &h, &ro, seek, &steps, &expected) {
            Ok(None) => {}
            Ok(Some(d)) => ctx.problem(format!("wrong snapshot iteration: {op} on {} at snapshot {}: {d}", cf_name(cf), s.snap.sequence_number())),
            Err(e) => ctx.unexpected(op, &e),
        }
    }
}
