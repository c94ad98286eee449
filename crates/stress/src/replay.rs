//! Programs run by one thread, deterministically: a program's text (from the generator,
//! a file or a shrink) is executed operation by operation against the database under the
//! fault-injecting file system, with every read checked against the model, and with its
//! `reopen`, `crash`, `powerloss` and `fault` operations done in process and followed by a
//! full verification. The same program fails the same way every time, so a failure can
//! be shrunk (`opmodel::shrink`) to a few lines and kept as a regression test.

use crate::session::{Ending, Session, TestConfig};
use crate::worker::Worker;
use ferrock_opmodel::shrink::shrink_program;
use ferrock_opmodel::*;
use std::path::Path;
use std::sync::atomic::Ordering;

/// Where a program failed: the operation's index (ops.len() for the final verification)
/// and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub at: usize,
    pub problem: String,
}

impl Failure {
    /// The kind of problem ("acknowledged write lost", "wrong read", ...), for shrinking to
    /// the same bug.
    pub fn category(&self) -> String {
        let p = self.problem.rsplit("\n  ").next().unwrap_or(&self.problem);
        let p = p.trim_start_matches("problem: ");
        p.split(':').next().unwrap_or(p).trim().to_string()
    }
}

/// Runs `program` in a fresh directory `dir` (removed first).
pub fn replay_program(program: &Program, dir: &Path) -> Result<(), Failure> {
    let fail = |at: usize| move |problem: String| Failure { at, problem };
    let keys = key_space_of(program).map_err(fail(0))?;
    let seed: u64 = program.get("seed").and_then(|s| s.parse().ok()).unwrap_or(0);
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| fail(0)(e.to_string()))?;
    TestConfig { keys, threads: 1, weights: String::new(), modes: None }.save(dir).map_err(fail(0))?;
    let mut session = Session::new(dir, seed, true).map_err(fail(0))?;
    match program.get("kind") {
        Some("plain") => session.setup.kind = crate::engine::Kind::Plain,
        Some("pessimistic") => session.setup.kind = crate::engine::Kind::Pessimistic,
        Some("optimistic") => session.setup.kind = crate::engine::Kind::Optimistic,
        _ => {}
    }
    let fs = session.fault_fs.clone().expect("replays run under the fault file system");
    let (mut ctx, _) = session.open_and_verify().map_err(fail(0))?;
    let mut worker = Worker::new(0, 8);
    for (i, op) in program.ops.iter().enumerate() {
        let ending = match op {
            Op::Reopen => Some(Ending::Clean),
            Op::Crash => Some(Ending::Crash),
            Op::PowerLoss => Some(Ending::PowerLoss),
            Op::Fault { kind, file } => {
                ctx.faults.store(true, Ordering::SeqCst);
                match kind {
                    FaultKind::SyncError => fs.inject_sync_error(file.path_pattern()),
                    // Read and no-space faults wait for the fault file system to offer them;
                    // a write error stands in.
                    FaultKind::WriteError | FaultKind::NoSpace | FaultKind::ReadError => fs.inject_write_error(file.path_pattern()),
                }
                None
            }
            _ => {
                worker.execute(&ctx, op);
                None
            }
        };
        if let Some(p) = ctx.problems.lock().first() {
            return Err(fail(i)(p.clone()));
        }
        if let Some(e) = ending {
            worker.snapshots.iter_mut().for_each(|s| *s = None);
            if e != Ending::Clean {
                session.stop_the_world(&ctx);
            }
            session.end(&ctx, e).map_err(fail(i))?;
            drop(ctx);
            ctx = session.open_and_verify().map_err(fail(i))?.0;
        }
    }
    worker.snapshots.iter_mut().for_each(|s| *s = None);
    session.end(&ctx, Ending::Clean).map_err(fail(program.ops.len()))?;
    drop(ctx);
    let (ctx, _) = session.open_and_verify().map_err(fail(program.ops.len()))?;
    session.end(&ctx, Ending::Clean).map_err(fail(program.ops.len()))?;
    Ok(())
}

/// Shrinks a failing program to a small one failing with the same kind of problem.
pub fn shrink(program: &Program, dir: &Path, first: &Failure) -> (Program, Failure) {
    let want = first.category();
    let mut last = first.clone();
    let header = program.header.clone();
    let mut runs = 0u32;
    let ops = shrink_program(program.ops[..(first.at + 1).min(program.ops.len())].to_vec(), &mut |ops: &[Op]| {
        runs += 1;
        let p = Program { header: header.clone(), ops: ops.to_vec() };
        match replay_program(&p, dir) {
            Err(f) if f.category() == want => {
                last = f;
                true
            }
            _ => false,
        }
    });
    let _ = runs;
    let p = Program { header, ops };
    // Run the result once more, so the failure reported is the shrunk program's own.
    let f = replay_program(&p, dir).err().unwrap_or(last);
    (p, f)
}

/// The header of a generated program.
pub fn program_header(seed: u64, keys: KeySpace) -> Vec<(String, String)> {
    vec![
        ("seed".into(), seed.to_string()),
        ("cfs".into(), keys.num_cfs.to_string()),
        ("keys".into(), keys.keys_per_cf.to_string()),
        ("sd_keys".into(), keys.sd_keys.to_string()),
    ]
}

/// A generated single-threaded program: the stress mix plus reopens, crashes, power losses
/// and faults.
pub fn generate(seed: u64, keys: KeySpace, ops: usize) -> Program {
    let setup = crate::engine::setup_for(seed, None);
    let mut cfg = GenConfig::stress(keys);
    cfg.modes = setup.modes;
    cfg.pessimistic = setup.kind == crate::engine::Kind::Pessimistic;
    cfg.optimistic = setup.kind == crate::engine::Kind::Optimistic;
    if setup.kind == crate::engine::Kind::Plain {
        cfg.weights.set("txn", 0).expect("known kind");
    }
    for (k, w) in [("reopen", 4), ("crash", 4), ("power_loss", 6), ("fault", 3), ("checkpoint", 2)] {
        cfg.weights.set(k, w).expect("known kind");
    }
    let mut header = program_header(seed, keys);
    header.push(("kind".into(), setup.kind.name().into()));
    Program { header, ops: Generator::new(cfg, seed, 1 << 40).program(ops) }
}
