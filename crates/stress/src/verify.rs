//! The verification after a crash, a power loss, a clean close or a checkpoint: does what
//! the reopened database holds agree with what RocksDB promises, given the state verified
//! last time (the base) and the history of writes since?
//!
//! Every value names the write that made it (`keys::decode_value`), so for each key the
//! value read tells which of its writes survived: the last Put or Delete that took effect
//! (exactly, for a Put; "one of these Deletes", for an absent key) and every Merge on top.
//! A write after that point that is not among the merges did not survive ("definitely
//! lost"); a write named by the value survived ("seen"). From this, per write mode:
//!
//! - must survive (else "acknowledged write lost"): after a process crash, every
//!   acknowledged write with the WAL; after a power loss, every acknowledged sync write and
//!   every write acknowledged before a sync write or `FlushWAL(sync)` started that was
//!   acknowledged itself; after a clean close, every acknowledged write (WAL-less ones too,
//!   unless `avoid_flush_during_shutdown` or an operation failed: RocksDB's close ignores a
//!   failed shutdown flush); always, a write acknowledged before a flush of
//!   its column family started that was acknowledged, an acknowledged ingest or column
//!   family reset; in a checkpoint, every write acknowledged before it started;
//! - atomic (else "torn write"): no write is seen on one key and lost on another (for a
//!   write without the WAL, on another key of the same column family: each family's
//!   memtable is flushed on its own, and RocksDB makes WAL-less writes atomic across
//!   families only with `atomic_flush`);
//! - a prefix (else "prefix violation"): no WAL write that was acknowledged is lost while
//!   a WAL write that started after that acknowledgement is seen;
//! - nothing else (else "never written"): a value that no write in the history or the base
//!   explains, a Put's value under another key, merge operands out of order, a key that
//!   changed without a write.
//!
//! Pending writes (in flight at the crash) and failed ones may or may not have survived,
//! but still atomically and in prefix order.

use crate::history::{Outcome, Rec};
use ferrock_opmodel::keys::{decode_value, Token};
use ferrock_opmodel::model::ingest_order;
use ferrock_opmodel::*;
use std::collections::{BTreeMap, HashMap};

/// The moment the database is judged at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// A process crash (kill -9 or the file system stopped): the OS kept what was written.
    Crash,
    /// A power loss: only what was synced (data and directory entries) is left.
    PowerLoss,
    /// The database was closed; `ok`: close succeeded; `flushes`: close flushes WAL-less writes.
    Clean { ok: bool, flushes: bool },
    /// A checkpoint taken between these ticks.
    Checkpoint { start: u64, end: u64 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effect {
    Put(u64),
    Merge(u64),
    Del,
}

/// One write's effect on one key.
#[derive(Clone, Copy, Debug)]
struct Step {
    rec: usize,
    effect: Effect,
}

/// What the value read says about a key's steps.
struct KeyView {
    /// The latest step that can be the last Put/Delete to take effect (None: the base).
    reset: Option<usize>,
    /// Steps the value names (they survived).
    seen: Vec<usize>,
}

impl KeyView {
    fn lost(&self, i: usize) -> bool {
        self.reset.is_none_or(|r| i > r) && !self.seen.contains(&i)
    }
}

fn show(v: Option<&[u8]>) -> String {
    match v {
        None => "absent".into(),
        Some(v) if v.len() > 80 => format!("{:?}...", String::from_utf8_lossy(&v[..80])),
        Some(v) => format!("{:?}", String::from_utf8_lossy(v)),
    }
}

/// Which of `steps` (one key's writes, in order) the value `observed` shows survived.
fn analyze(cf: Cf, key: Key, base: Option<&[u8]>, steps: &[Step], observed: Option<&[u8]>) -> Result<KeyView, String> {
    let dels = |below: usize| steps[..below].iter().rposition(|s| s.effect == Effect::Del);
    let Some(v) = observed else {
        let reset = dels(steps.len());
        if reset.is_none() && base.is_some() {
            return Err(format!("is absent, but it held {} and no write since deleted it", show(base)));
        }
        return Ok(KeyView { reset, seen: Vec::new() });
    };
    let tokens = decode_value(v).map_err(|e| format!("holds {}: {e}", show(Some(v))))?;
    let base_tokens = match base {
        Some(b) => decode_value(b).map_err(|e| format!("base value {}: {e}", show(Some(b))))?,
        None => Vec::new(),
    };
    let step_of = |id: u64, want: fn(Effect, u64) -> bool| steps.iter().position(|s| want(s.effect, id));
    let is_put = |e: Effect, id: u64| e == Effect::Put(id);
    let is_merge = |e: Effect, id: u64| e == Effect::Merge(id);
    let (reset, mut seen, rest): (Option<usize>, Vec<usize>, &[Token]) = match tokens[0] {
        Token::Put { id, cf: vcf, key: vkey } => {
            if (vcf, vkey) != (cf, key) {
                return Err(format!("holds {}, the value of key {vkey} of column family {vcf}", show(Some(v))));
            }
            match step_of(id, is_put) {
                Some(i) => (Some(i), vec![i], &tokens[1..]),
                None if !base_tokens.is_empty() && tokens.starts_with(&base_tokens) => (None, Vec::new(), &tokens[base_tokens.len()..]),
                None => return Err(format!("holds {}, which no write made", show(Some(v)))),
            }
        }
        Token::Operand { id } => {
            if !base_tokens.is_empty() && tokens.starts_with(&base_tokens) {
                (None, Vec::new(), &tokens[base_tokens.len()..])
            } else {
                let j = step_of(id, is_merge).ok_or_else(|| format!("holds {}, whose first operand no write made", show(Some(v))))?;
                let reset = dels(j);
                if reset.is_none() && base.is_some() {
                    return Err(format!("holds {}: merges onto nothing, but the key held {} and no write deleted it", show(Some(v)), show(base)));
                }
                (reset, Vec::new(), &tokens[..])
            }
        }
    };
    let mut after = reset;
    for t in rest {
        let Token::Operand { id } = *t else { unreachable!("decode_value allows a Put only first") };
        let j = step_of(id, is_merge).ok_or_else(|| format!("holds {}: operand m{id:x} was never written here", show(Some(v))))?;
        if after.is_some_and(|a| j <= a) {
            return Err(format!("holds {}: operand m{id:x} is out of order", show(Some(v))));
        }
        seen.push(j);
        after = Some(j);
    }
    Ok(KeyView { reset, seen })
}

/// The per-key steps of the writes in `recs`.
fn steps_by_key(keys: KeySpace, recs: &[Rec]) -> BTreeMap<(Cf, Key), Vec<Step>> {
    let mut out: BTreeMap<(Cf, Key), Vec<Step>> = BTreeMap::new();
    let mut add = |rec: usize, m: &Mutation| {
        for key in m.keys() {
            let effect = match m {
                Mutation::Put { val, .. } => Effect::Put(val.id),
                Mutation::Merge { id, .. } => Effect::Merge(*id),
                _ => Effect::Del,
            };
            out.entry((m.cf(), key)).or_default().push(Step { rec, effect });
        }
    };
    for (i, r) in recs.iter().enumerate() {
        match &r.op {
            Op::Ingest { entries, .. } => ingest_order(entries).into_iter().for_each(|m| add(i, m)),
            Op::CfReset { cf } => add(i, &Mutation::DeleteRange { cf: *cf, begin: 0, end: keys.keys_per_cf }),
            op => op.effective_mutations().iter().for_each(|m| add(i, m)),
        }
    }
    out
}

/// The violations of RocksDB's promises in `observed`, the database's contents at `cut`,
/// given `base` and the history `recs` since. Empty when all is well.
pub fn verify(base: &Model, recs: &[Rec], cut: Cut, observed: &Model) -> Vec<String> {
    let keys = base.keys;
    let recs: Vec<Rec> = recs
        .iter()
        .filter(|r| r.outcome != Outcome::Refused)
        .filter(|r| !matches!(cut, Cut::Checkpoint { end, .. } if r.start > end))
        .cloned()
        .collect();
    // Barriers: the last start of an acknowledged sync (sync write, FlushWAL(sync)) and of an
    // acknowledged flush per column family.
    let mut sync_barrier = 0u64;
    let mut flush_barrier: HashMap<Cf, u64> = HashMap::new();
    for r in &recs {
        if r.acked().is_none() {
            continue;
        }
        match &r.op {
            Op::FlushWal { sync: true } => sync_barrier = sync_barrier.max(r.start),
            Op::Flush { cf } => {
                let b = flush_barrier.entry(*cf).or_default();
                *b = (*b).max(r.start);
            }
            // A transaction rolled back without a prepare wrote nothing (RocksDB discards its
            // batch), so its sync option synced nothing (found by the stress test, seed 16).
            Op::Txn { end: TxnEnd::Rollback, two_phase: false, .. } => {}
            op if op.write_mode() == Some(WriteMode::Sync) => sync_barrier = sync_barrier.max(r.start),
            _ => {}
        }
    }
    let logged = |r: &Rec| r.op.write_mode().is_some_and(|m| m.logged());
    // After a failure (a background error) RocksDB's close ignores its shutdown flush failing
    // and still returns OK (DBImpl::CancelAllBackgroundWork), so WAL-less writes are kept by a
    // clean close only in a history without failures.
    let failed_any = recs.iter().any(|r| matches!(r.outcome, Outcome::Failed(_)));
    let must_survive = |r: &Rec, cf: Cf| -> bool {
        let Some(ack) = r.acked() else { return false };
        // A checkpoint flushes first: it holds every write acknowledged before it started,
        // and nothing later has to be there (not even an ingest, or a write that a flush
        // running beside it made durable after the checkpoint took its files).
        if let Cut::Checkpoint { start, .. } = cut {
            return ack < start;
        }
        let durable = matches!(r.op, Op::Ingest { .. } | Op::CfReset { .. });
        let mode = r.op.write_mode();
        if durable || flush_barrier.get(&cf).is_some_and(|&b| ack < b) {
            return true;
        }
        match cut {
            Cut::Crash => logged(r),
            Cut::Clean { ok: true, flushes } => logged(r) || (flushes && !failed_any),
            Cut::Clean { ok: false, .. } => logged(r),
            Cut::PowerLoss => mode == Some(WriteMode::Sync) || (logged(r) && ack < sync_barrier),
            Cut::Checkpoint { .. } => unreachable!("decided above"),
        }
    };

    let steps = steps_by_key(keys, &recs);
    let mut problems = Vec::new();
    // For each write, the keys it was seen on and the keys it was lost on.
    let mut seen_recs: HashMap<usize, Vec<(Cf, Key)>> = HashMap::new();
    let mut lost_recs: HashMap<usize, Vec<(Cf, Key)>> = HashMap::new();
    let none: Vec<Step> = Vec::new();
    for cf in 0..keys.num_cfs {
        for key in 0..keys.keys_per_cf {
            let s = steps.get(&(cf, key)).unwrap_or(&none);
            let (b, o) = (base.get(cf, key), observed.get(cf, key));
            if s.is_empty() {
                if b != o {
                    problems.push(format!("never written: key {key} of column family {cf} holds {}, but it held {} and nothing wrote it since", show(o), show(b)));
                }
                continue;
            }
            let view = match analyze(cf, key, b, s, o) {
                Ok(v) => v,
                Err(e) => {
                    problems.push(format!("never written: key {key} of column family {cf} {e}"));
                    continue;
                }
            };
            for (i, st) in s.iter().enumerate() {
                let r = &recs[st.rec];
                if view.seen.contains(&i) {
                    seen_recs.entry(st.rec).or_default().push((cf, key));
                }
                if view.lost(i) {
                    lost_recs.entry(st.rec).or_default().push((cf, key));
                    if must_survive(r, cf) {
                        problems.push(format!(
                            "acknowledged write lost: {} (write {:x} of thread {}, started at tick {}, acknowledged at {}) is missing from key {key} of column family {cf}, which holds {}",
                            r.op,
                            r.wid,
                            r.thread,
                            r.start,
                            r.acked().unwrap_or(0),
                            show(o)
                        ));
                    }
                }
            }
        }
    }
    for (rec, seen) in &seen_recs {
        let Some(lost) = lost_recs.get(rec) else { continue };
        // Without the WAL a write is atomic only within a column family: each family's
        // memtable is flushed on its own (RocksDB needs atomic_flush for more).
        let unlogged = recs[*rec].op.write_mode() == Some(WriteMode::NoWal);
        let pair = if unlogged { seen.iter().find_map(|s| lost.iter().find(|l| l.0 == s.0).map(|l| (*s, *l))) } else { Some((seen[0], lost[0])) };
        if let Some(((scf, skey), (lcf, lkey))) = pair {
            problems.push(format!(
                "torn write: {} took effect on key {skey} of column family {scf} but not on key {lkey} of column family {lcf}",
                recs[*rec].op
            ));
        }
    }
    // Prefix: the earliest acknowledgement of a lost WAL write against the latest start of
    // a seen one.
    let lost_first = lost_recs.keys().filter(|&&i| logged(&recs[i])).filter_map(|&i| recs[i].acked().map(|a| (a, i))).min();
    let seen_last = seen_recs.keys().filter(|&&i| logged(&recs[i])).map(|&i| (recs[i].start, i)).max();
    if let (Some((ack, a)), Some((start, b))) = (lost_first, seen_last) {
        if ack < start {
            problems.push(format!(
                "prefix violation: {} (acknowledged at tick {ack}) is lost, but {} (started later, at tick {start}) survived",
                recs[a].op, recs[b].op
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ks() -> KeySpace {
        KeySpace { num_cfs: 2, keys_per_cf: 10, sd_keys: 2 }
    }

    fn rec(wid: u64, start: u64, op: &str, outcome: Outcome) -> Rec {
        Rec { wid, start, thread: 0, op: op.parse().unwrap(), outcome }
    }

    /// The database's contents after `recs` took effect except those listed in `skip`.
    fn applied(base: &Model, recs: &[Rec], skip: &[u64]) -> Model {
        let mut m = base.clone();
        for r in recs.iter().filter(|r| !skip.contains(&r.wid)) {
            m.apply_op(&r.op);
        }
        m
    }

    fn history() -> (Model, Vec<Rec>) {
        let mut base = Model::new(ks());
        base.set(0, 5, Some(keys::value_bytes(0x900, 0, 5, 4)));
        let recs = vec![
            rec(1, 1, "write async put 0 3 10:2", Outcome::Acked(2)),
            rec(2, 3, "write nowal merge 0 6 11", Outcome::Acked(4)),
            rec(3, 5, "batch async { put 0 4 12:0 ; del 1 7 ; merge 0 5 13 }", Outcome::Acked(6)),
            rec(4, 7, "write sync delrange 0 3 4", Outcome::Acked(8)),
            rec(5, 9, "write async merge 0 3 14", Outcome::Acked(10)),
            rec(6, 11, "write async put 1 1 15:9", Outcome::Pending),
        ];
        (base, recs)
    }

    #[test]
    fn every_write_surviving_or_a_pending_one_lost_is_fine() {
        let (base, recs) = history();
        for cut in [Cut::Crash, Cut::PowerLoss, Cut::Clean { ok: true, flushes: true }] {
            assert_eq!(verify(&base, &recs, cut, &applied(&base, &recs, &[])), Vec::<String>::new());
            assert_eq!(verify(&base, &recs, cut, &applied(&base, &recs, &[6])), Vec::<String>::new());
        }
        // The WAL-less merge is lost at a crash: allowed (nothing flushed it).
        assert_eq!(verify(&base, &recs, Cut::Crash, &applied(&base, &recs, &[2])), Vec::<String>::new());
        // ... but not after a clean close that flushes (unless something failed before).
        let p = verify(&base, &recs, Cut::Clean { ok: true, flushes: true }, &applied(&base, &recs, &[2]));
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].starts_with("acknowledged write lost: write nowal merge 0 6 11"), "{p:?}");
        let mut with_failure = recs.clone();
        with_failure.push(rec(7, 13, "flush 0", Outcome::Failed(14)));
        assert_eq!(verify(&base, &with_failure, Cut::Clean { ok: true, flushes: true }, &applied(&base, &recs, &[2])), Vec::<String>::new());
    }

    #[test]
    fn a_power_loss_may_drop_an_unsynced_tail_but_not_a_synced_write() {
        let (base, recs) = history();
        // Writes after the last sync write (rec 4) may go: rec 5 (and pending 6).
        assert_eq!(verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[5, 6])), Vec::<String>::new());
        // Losing the async batch (rec 3), acknowledged before the sync write started, is not.
        let p = verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[3, 4, 5, 6]));
        assert!(p.iter().any(|e| e.starts_with("acknowledged write lost: write sync delrange")), "{p:?}");
        // Rec 5 lost while the later pending rec 6 survived: fine only if 5 was not acked before 6 started.
        let p = verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[5]));
        assert!(p.iter().any(|e| e.starts_with("prefix violation: write async merge 0 3 14")), "{p:?}");
    }

    #[test]
    fn a_rolled_back_transaction_syncs_nothing_unless_it_was_prepared() {
        let mut base = Model::new(ks());
        base.set(0, 5, Some(keys::value_bytes(0x900, 0, 5, 4)));
        for (txn, barrier) in [("txn pess sync rollback { put 1 2 21:0 }", false), ("txn pess sync 2pc rollback { put 1 2 21:0 }", true)] {
            let recs = vec![rec(1, 1, "write async put 0 3 20:2", Outcome::Acked(2)), rec(2, 3, txn, Outcome::Acked(4))];
            let p = verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[1]));
            assert_eq!(!p.is_empty(), barrier, "{txn}: {p:?}");
        }
    }

    #[test]
    fn torn_batches_and_invented_values_are_caught() {
        let (base, recs) = history();
        let mut torn = applied(&base, &recs, &[]);
        torn.set(1, 7, Some(keys::value_bytes(0x50, 1, 7, 1)));
        let p = verify(&base, &recs, Cut::Crash, &torn);
        assert!(p.iter().any(|e| e.starts_with("never written: key 7 of column family 1")), "{p:?}");
        // The batch's merge on key 5 is missing while its other entries took effect.
        let mut m = applied(&base, &recs, &[]);
        m.set(0, 5, base.get(0, 5).map(|v| v.to_vec()));
        let p = verify(&base, &recs, Cut::PowerLoss, &m);
        assert!(p.iter().any(|e| e.starts_with("torn write: batch async")), "{p:?}");
        // Without the WAL, a write is atomic per column family only.
        let recs3 = vec![rec(1, 1, "batch nowal { put 0 1 1:0 ; put 1 1 2:0 ; put 1 2 3:0 }", Outcome::Acked(2))];
        let mut m = Model::new(ks());
        m.set(0, 1, Some(keys::value_bytes(1, 0, 1, 0)));
        assert_eq!(verify(&Model::new(ks()), &recs3, Cut::Crash, &m), Vec::<String>::new());
        m.set(1, 1, Some(keys::value_bytes(2, 1, 1, 0)));
        let p = verify(&Model::new(ks()), &recs3, Cut::Crash, &m);
        assert!(p.iter().any(|e| e.starts_with("torn write: batch nowal")), "{p:?}");
        // A value under the wrong key.
        let mut m = applied(&base, &recs, &[]);
        m.set(0, 4, Some(keys::value_bytes(0x10, 0, 3, 2)));
        let p = verify(&base, &recs, Cut::Crash, &m);
        assert!(p.iter().any(|e| e.contains("the value of key 3 of column family 0")), "{p:?}");
        // A key that vanished.
        let mut m = applied(&base, &recs, &[]);
        m.set(1, 1, None);
        m.set(0, 9, None);
        let mut b2 = base.clone();
        b2.set(0, 9, Some(keys::value_bytes(0x901, 0, 9, 0)));
        let p = verify(&b2, &recs, Cut::Crash, &m);
        assert!(p.iter().any(|e| e.contains("key 9 of column family 0 holds absent")), "{p:?}");
        // Merge operands in the wrong order.
        let mut m = Model::new(ks());
        let recs2 = vec![rec(1, 1, "write async merge 0 1 1", Outcome::Acked(2)), rec(2, 3, "write async merge 0 1 2", Outcome::Acked(4))];
        m.set(0, 1, Some(b"m2,m1".to_vec()));
        let p = verify(&Model::new(ks()), &recs2, Cut::Crash, &m);
        assert!(p.iter().any(|e| e.contains("out of order")), "{p:?}");
    }

    #[test]
    fn flushes_ingests_resets_and_checkpoints_make_writes_durable() {
        let base = Model::new(ks());
        let recs = vec![
            rec(1, 1, "write nowal put 0 1 1:0", Outcome::Acked(2)),
            rec(2, 3, "flush 0", Outcome::Acked(4)),
            rec(3, 5, "write nowal put 0 2 2:0", Outcome::Acked(6)),
            rec(4, 7, "ingest 1 { put 1 4 3:1 }", Outcome::Acked(8)),
            rec(5, 9, "write async put 1 5 4:0", Outcome::Acked(10)),
            rec(6, 11, "cfreset 1", Outcome::Acked(12)),
        ];
        let all = applied(&base, &recs, &[]);
        assert_eq!(verify(&base, &recs, Cut::PowerLoss, &all), Vec::<String>::new());
        // The unflushed WAL-less write may be lost; the flushed one may not.
        assert_eq!(verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[3])), Vec::<String>::new());
        let p = verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[1, 3]));
        assert!(p.iter().any(|e| e.starts_with("acknowledged write lost: write nowal put 0 1")), "{p:?}");
        // The reset must survive: losing it shows the async put and the ingested key again.
        let p = verify(&base, &recs, Cut::PowerLoss, &applied(&base, &recs, &[6]));
        assert!(p.iter().any(|e| e.starts_with("acknowledged write lost: cfreset 1")), "{p:?}");
        // A checkpoint taken at tick 7: writes acknowledged before it are in it, writes
        // started after it are not.
        let cp = applied(&base, &recs[..3], &[]);
        assert_eq!(verify(&base, &recs, Cut::Checkpoint { start: 7, end: 7 }, &cp), Vec::<String>::new());
        let p = verify(&base, &recs, Cut::Checkpoint { start: 7, end: 7 }, &applied(&base, &recs[..3], &[3]));
        assert!(p.iter().any(|e| e.starts_with("acknowledged write lost: write nowal put 0 2")), "{p:?}");
        let p = verify(&base, &recs, Cut::Checkpoint { start: 7, end: 7 }, &applied(&base, &recs[..5], &[]));
        assert!(p.iter().any(|e| e.starts_with("never written: key 5 of column family 1")), "{p:?}");
        // Found by the crash test (seed 101): a WAL-less write acknowledged after a checkpoint
        // started, then a flush beside the checkpoint; the checkpoint need not hold the write.
        let recs = vec![
            rec(1, 1, "write nowal put 0 1 1:0", Outcome::Acked(2)),
            rec(2, 4, "write nowal put 0 2 2:0", Outcome::Acked(5)),
            rec(3, 6, "flush 0", Outcome::Acked(7)),
        ];
        let cp = applied(&base, &recs[..1], &[]);
        assert_eq!(verify(&base, &recs, Cut::Checkpoint { start: 3, end: 8 }, &cp), Vec::<String>::new());
        // A flush acknowledged before the checkpoint started still makes the write durable.
        let p = verify(&base, &recs, Cut::Checkpoint { start: 8, end: 9 }, &cp);
        assert!(p.iter().any(|e| e.starts_with("acknowledged write lost: write nowal put 0 2")), "{p:?}");
    }
}
