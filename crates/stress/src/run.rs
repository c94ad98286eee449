//! One child process of the crash test (`ferrock-stress run`): verify what the previous
//! process left, then run the worker threads until the time is up (and close cleanly) or
//! until the parent kills it. With `--fault-cycles N` it runs N cycles under the
//! fault-injecting file system instead, each ended by a simulated power loss, a crash or
//! a clean close and followed by a reopen and a verification in the same process.
//!
//! It talks to the parent on stdout, one line each: `verified ...` after every
//! verification, `ready` once the workers start, `progress <counts>` twice a second,
//! `problem: ...` for each problem found (then it exits with status 2).

use crate::session::{Ending, Session};
use crate::worker::{Ctx, Worker};
use ferrock::env::fault::FaultInjectionFs;
use ferrock_opmodel::rng::Rng;
use ferrock_opmodel::FileKind;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct RunArgs {
    pub root: std::path::PathBuf,
    pub seed: u64,
    pub seconds: f64,
    pub fault_cycles: u32,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// No operation finishing for this long while workers run is a hang.
const HANG: Duration = Duration::from_secs(60);

/// Runs the workers for `duration` (or until a problem); `inject` is called about every
/// 50 ms with the time elapsed, to inject faults. Returns when all workers have stopped;
/// with `stop_first`, calls it (the crash or power loss) while they still run.
fn run_workers(
    session: &Session,
    ctx: &Arc<Ctx>,
    seed: u64,
    duration: Duration,
    mut inject: impl FnMut(&Ctx, Duration),
    stop_first: Option<&dyn Fn(&Ctx)>,
) -> Result<(), String> {
    let mut handles = Vec::new();
    for t in 0..session.config.threads {
        let mut gen = session.generator(ctx, seed, t)?;
        let ctx = ctx.clone();
        handles.push(std::thread::Builder::new().name(format!("stress-{t}")).spawn(move || {
            let mut w = Worker::new(t, gen.cfg.snapshot_slots);
            w.run(&ctx, &mut gen);
        }).map_err(|e| e.to_string())?);
    }
    let start = Instant::now();
    let mut last_total = session.counters.total();
    let mut last_change = Instant::now();
    let mut last_progress = Instant::now();
    while start.elapsed() < duration && !ctx.stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(50));
        // After a fault the database keeps working or turns read-only; a little more is
        // enough to see which, then the cycle ends.
        if ctx.first_failure.lock().is_some_and(|t| t.elapsed() > Duration::from_millis(150)) {
            break;
        }
        inject(ctx, start.elapsed());
        if last_progress.elapsed() >= Duration::from_millis(500) {
            say(&format!("progress {}", session.counters.line()));
            last_progress = Instant::now();
        }
        let total = session.counters.total();
        if total != last_total {
            last_total = total;
            last_change = Instant::now();
        } else if last_change.elapsed() > HANG {
            // The workers are stuck inside the database: a hang. Report and leave (joining
            // them would hang too).
            say(&format!("problem: hang: no operation finished for {} s", HANG.as_secs()));
            std::process::exit(3);
        }
    }
    if let Some(f) = stop_first {
        f(ctx);
    }
    ctx.stop.store(true, Ordering::SeqCst);
    for h in handles {
        if h.join().is_err() {
            ctx.problems.lock().push("a worker thread panicked".into());
        }
    }
    let problems = ctx.problems.lock();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.iter().take(10).cloned().collect::<Vec<_>>().join("\n  "))
    }
}

fn report_verified(v: &crate::session::Verified) {
    say(&format!(
        "verified generation={} cut={:?} writes={} acked={} pending={} failed={} prepared={} keys={}",
        v.generation, v.cut, v.writes, v.acked, v.pending, v.failed, v.prepared, v.keys
    ));
}

/// Picks and injects faults during a fault cycle: a write or sync error on the WAL, a
/// table or the MANIFEST, at random moments.
struct FaultPlan {
    rng: Rng,
    /// When the next fault fires (None: no more in this cycle).
    next: Option<Duration>,
    left: u32,
    injected: Vec<String>,
}

impl FaultPlan {
    fn new(rng: &mut Rng, duration: Duration) -> FaultPlan {
        let left = *rng.pick(&[0, 0, 1, 1, 2, 3]);
        let mut r = Rng::new(rng.next_u64());
        let next = (left > 0).then(|| Duration::from_millis(r.below(duration.as_millis().max(1) as u64)));
        FaultPlan { rng: r, next, left, injected: Vec::new() }
    }

    fn tick(&mut self, fs: &FaultInjectionFs, ctx: &Ctx, elapsed: Duration) {
        let Some(at) = self.next else { return };
        if elapsed < at {
            return;
        }
        let file = *self.rng.pick(&[FileKind::Wal, FileKind::Table, FileKind::Manifest]);
        ctx.faults.store(true, Ordering::SeqCst);
        let what = if self.rng.chance(1, 2) {
            fs.inject_write_error(file.path_pattern());
            "write"
        } else {
            fs.inject_sync_error(file.path_pattern());
            "sync"
        };
        self.injected.push(format!("{what}:{file:?}"));
        self.left -= 1;
        self.next = (self.left > 0).then(|| elapsed + Duration::from_millis(self.rng.range(20, 400)));
    }
}

pub fn run(args: RunArgs) -> i32 {
    match run_inner(&args) {
        Ok(()) => 0,
        Err(e) => {
            say(&format!("problem: {e}"));
            2
        }
    }
}

fn run_inner(args: &RunArgs) -> Result<(), String> {
    let mut session = Session::new(&args.root, args.seed, args.fault_cycles > 0)?;
    let (mut ctx, v) = session.open_and_verify()?;
    report_verified(&v);
    say(&format!("setup {}", session.setup.summary));
    say("ready");
    if args.seconds <= 0.0 {
        session.end(&ctx, Ending::Clean)?;
        return Ok(());
    }
    let duration = Duration::from_secs_f64(args.seconds);
    if args.fault_cycles == 0 {
        run_workers(&session, &ctx, args.seed, duration, |_, _| {}, None).map_err(|e| format!("while running: {e}"))?;
        session.end(&ctx, Ending::Clean)?;
        say(&format!("progress {}", session.counters.line()));
        return Ok(());
    }
    let fs = session.fault_fs.clone().expect("fault cycles have a fault file system");
    for cycle in 0..args.fault_cycles {
        let seed = ferrock_opmodel::rng::derive(args.seed, 1000 + cycle as u64);
        let ending = *session.rng.pick(&[Ending::PowerLoss, Ending::PowerLoss, Ending::PowerLoss, Ending::Crash, Ending::Clean]);
        let d = Duration::from_millis(session.rng.range(200, (duration.as_millis() as u64).max(201)));
        let mut plan = FaultPlan::new(&mut session.rng, d);
        let stop = |c: &Ctx| session.stop_the_world(c);
        let stop_first: Option<&dyn Fn(&Ctx)> = if ending == Ending::Clean { None } else { Some(&stop) };
        run_workers(&session, &ctx, seed, d, |c, t| plan.tick(&fs, c, t), stop_first).map_err(|e| format!("fault cycle {cycle}: {e}"))?;
        session.end(&ctx, ending)?;
        say(&format!("fault-cycle {cycle} ending={ending:?} faults={}", if plan.injected.is_empty() { "none".into() } else { plan.injected.join(",") }));
        drop(ctx);
        let (c, v) = session.open_and_verify().map_err(|e| format!("after fault cycle {cycle} ({ending:?}, faults {:?}): {e}", plan.injected))?;
        report_verified(&v);
        ctx = c;
    }
    session.end(&ctx, Ending::Clean)?;
    say(&format!("progress {}", session.counters.line()));
    Ok(())
}
