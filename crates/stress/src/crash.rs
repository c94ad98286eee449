//! The crash test's parent (`ferrock-stress crash`, what `make stress` runs): starts child
//! processes one after another on one database, kills most of them with SIGKILL at a
//! random moment (some while they are still opening and recovering), lets the others
//! finish and close, and runs the fault-injection children (which end their own cycles);
//! each child verifies what the one before it left. Stops at the first child that reports
//! a problem, crashes or hangs, and prints the seed to replay it with.

use crate::session::TestConfig;
use ferrock_opmodel::rng::{derive, Rng};
use ferrock_opmodel::KeySpace;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub struct CrashArgs {
    pub dir: PathBuf,
    pub seed: u64,
    pub kills: u32,
    pub fault_cycles: u32,
    /// Stop starting children after this long (0: no limit).
    pub seconds: f64,
    pub config: TestConfig,
    /// How long a killed child runs after it is ready: uniform in this range, ms.
    pub min_ms: u64,
    pub max_ms: u64,
    pub verbose: bool,
}

/// What the children reported, summed.
#[derive(Default)]
struct Totals {
    kills: u32,
    kills_during_open: u32,
    clean_ends: u32,
    fault_cycles: u32,
    verifications: u32,
    writes: u64,
    acked: u64,
    pending: u64,
    failed: u64,
    prepared: u64,
    /// Operations by kind (the last progress line of each child).
    ops: Vec<(String, u64)>,
    cuts: std::collections::BTreeMap<String, u32>,
}

impl Totals {
    fn add_progress(&mut self, line: &str) {
        for part in line.split_whitespace() {
            if let Some((k, v)) = part.split_once('=') {
                let v: u64 = v.parse().unwrap_or(0);
                match self.ops.iter_mut().find(|(n, _)| n == k) {
                    Some(e) => e.1 += v,
                    None => self.ops.push((k.to_string(), v)),
                }
            }
        }
    }

    fn add_verified(&mut self, line: &str) {
        self.verifications += 1;
        for part in line.split_whitespace() {
            let Some((k, v)) = part.split_once('=') else { continue };
            let n: u64 = v.parse().unwrap_or(0);
            match k {
                "writes" => self.writes += n,
                "acked" => self.acked += n,
                "pending" => self.pending += n,
                "failed" => self.failed += n,
                "prepared" => self.prepared += n,
                "cut" => *self.cuts.entry(v.split(' ').next().unwrap_or(v).to_string()).or_default() += 1,
                _ => {}
            }
        }
    }
}

/// A child's outcome.
enum Outcome {
    Killed { during_open: bool },
    Finished,
    Failed(String),
}

struct Child {
    child: std::process::Child,
    lines: mpsc::Receiver<String>,
    /// Everything it printed (for the failure report).
    log: Vec<String>,
    progress: Option<String>,
}

impl Child {
    fn spawn(args: &[String]) -> Result<Child, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut child = Command::new(exe).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(|e| format!("spawn: {e}"))?;
        let (tx, rx) = mpsc::channel();
        let out = child.stdout.take().expect("piped");
        let err = child.stderr.take().expect("piped");
        let tx2 = tx.clone();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines().map_while(Result::ok) {
                if tx2.send(format!("stderr: {l}")).is_err() {
                    break;
                }
            }
        });
        Ok(Child { child, lines: rx, log: Vec::new(), progress: None })
    }

    /// Takes the lines printed so far (waiting up to `wait` for the first); true when one was `line`.
    fn drain(&mut self, totals: &mut Totals, wait: Duration, until: &str) -> bool {
        let mut found = false;
        let mut timeout = wait;
        while let Ok(l) = self.lines.recv_timeout(timeout) {
            timeout = Duration::from_millis(0);
            if l == until {
                found = true;
            }
            if let Some(p) = l.strip_prefix("progress ") {
                self.progress = Some(p.to_string());
            } else {
                if l.starts_with("verified ") {
                    totals.add_verified(&l);
                }
                if l.starts_with("fault-cycle ") {
                    totals.fault_cycles += 1;
                }
                self.log.push(l);
            }
            if found {
                break;
            }
        }
        found
    }

    fn tail(&self) -> String {
        let n = self.log.len();
        self.log[n.saturating_sub(40)..].join("\n    ")
    }
}

fn describe_exit(s: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (Some(c), _) => format!("exit status {c}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => "unknown exit".into(),
    }
}

/// Runs one child to its end: killed after `kill_after` (from its start when
/// `before_ready`, else from its `ready` line), or left to finish within `limit`.
fn run_child(args: &[String], kill_after: Option<(Duration, bool)>, limit: Duration, totals: &mut Totals) -> Result<Outcome, String> {
    let mut c = Child::spawn(args)?;
    let started = Instant::now();
    let mut ready_at: Option<Instant> = None;
    let mut killed_at: Option<bool> = None;
    loop {
        if let Some(status) = c.child.try_wait().map_err(|e| e.to_string())? {
            c.drain(totals, Duration::from_millis(200), "");
            while c.drain(totals, Duration::from_millis(50), "") {}
            if let Some(p) = &c.progress {
                totals.add_progress(p);
            }
            use std::os::unix::process::ExitStatusExt;
            // A child that found a problem may exit just before the kill lands.
            let reported = c.log.iter().any(|l| l.starts_with("problem:"));
            let exited_badly = status.code().is_some_and(|c| c != 0);
            if reported || (killed_at.is_some() && exited_badly && status.signal().is_none()) {
                return Ok(Outcome::Failed(format!("the child ended with {}; its last lines:\n    {}", describe_exit(status), c.tail())));
            }
            return Ok(match killed_at {
                Some(during_open) => Outcome::Killed { during_open },
                None if status.success() => Outcome::Finished,
                None => Outcome::Failed(format!("the child ended with {}; its last lines:\n    {}", describe_exit(status), c.tail())),
            });
        }
        if killed_at.is_none() {
            if ready_at.is_none() {
                if c.drain(totals, Duration::from_millis(20), "ready") {
                    ready_at = Some(Instant::now());
                }
            } else {
                c.drain(totals, Duration::from_millis(20), "");
            }
            let due = match kill_after {
                Some((d, true)) => started.elapsed() >= d,
                Some((d, false)) => ready_at.is_some_and(|r| r.elapsed() >= d),
                None => false,
            };
            let ready = ready_at.is_some();
            if due {
                let _ = c.child.kill();
                killed_at = Some(!ready);
            } else if started.elapsed() > limit {
                let _ = c.child.kill();
                let _ = c.child.wait();
                c.drain(totals, Duration::from_millis(200), "");
                let what = if ready { "did not finish" } else { "did not open and verify the database" };
                return Ok(Outcome::Failed(format!("hang: the child {what} within {} s; its last lines:\n    {}", limit.as_secs(), c.tail())));
            }
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

pub fn crash_test(a: CrashArgs) -> i32 {
    match crash_inner(&a) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ferrock-stress: {e}");
            1
        }
    }
}

fn crash_inner(a: &CrashArgs) -> Result<i32, String> {
    let _ = std::fs::remove_dir_all(&a.dir);
    std::fs::create_dir_all(&a.dir).map_err(|e| format!("{}: {e}", a.dir.display()))?;
    a.config.save(&a.dir)?;
    let t0 = Instant::now();
    let mut rng = Rng::new(a.seed);
    let mut totals = Totals::default();
    let mut child_no = 0u64;
    let dir = a.dir.display().to_string();
    let KeySpace { num_cfs, keys_per_cf, .. } = a.config.keys;
    println!(
        "ferrock-stress: seed {} — {} kill cycles + {} fault cycles, {} threads, {num_cfs} column families x {keys_per_cf} keys, in {dir}",
        a.seed, a.kills, a.fault_cycles, a.config.threads
    );
    let mut partial = None;
    while totals.kills < a.kills || totals.fault_cycles < a.fault_cycles {
        if a.seconds > 0.0 && t0.elapsed().as_secs_f64() > a.seconds {
            partial = Some(format!("stopped at the time limit ({} s)", a.seconds));
            break;
        }
        let child_seed = derive(a.seed, child_no);
        child_no += 1;
        let fault_child = totals.fault_cycles < a.fault_cycles && (totals.kills >= a.kills || child_no % 4 == 0);
        let (args, kill, limit, what) = if fault_child {
            let n = (a.fault_cycles - totals.fault_cycles).min(5);
            let secs = rng.range(a.min_ms, a.max_ms.max(a.min_ms)) as f64 / 1000.0;
            let args = vec!["run".into(), "--dir".into(), dir.clone(), "--seed".into(), child_seed.to_string(), "--seconds".into(), format!("{secs:.3}"), "--fault-cycles".into(), n.to_string()];
            (args, None, Duration::from_secs(120 + n as u64 * 60), format!("{n} fault cycles"))
        } else {
            // The child's own time is longer than most kill delays, so most end by the kill;
            // some finish first and close cleanly.
            let own = rng.range(a.min_ms, a.max_ms.max(a.min_ms) * 2) as f64 / 1000.0;
            let early = rng.chance(1, 10);
            let delay = if early { Duration::from_millis(rng.range(0, 400)) } else { Duration::from_millis(rng.range(a.min_ms, a.max_ms.max(a.min_ms))) };
            let args = vec!["run".into(), "--dir".into(), dir.clone(), "--seed".into(), child_seed.to_string(), "--seconds".into(), format!("{own:.3}")];
            (args, Some((delay, early)), Duration::from_secs(180), if early { format!("kill {:.2} s after start", delay.as_secs_f64()) } else { format!("kill {:.2} s after ready", delay.as_secs_f64()) })
        };
        let outcome = run_child(&args, kill, limit, &mut totals)?;
        match outcome {
            Outcome::Killed { during_open } => {
                totals.kills += 1;
                if during_open {
                    totals.kills_during_open += 1;
                }
            }
            Outcome::Finished => {
                if !fault_child {
                    totals.clean_ends += 1;
                }
            }
            Outcome::Failed(why) => {
                println!("FAILED in child {} (seed {child_seed}, {what}): {why}", child_no - 1);
                println!("replay: make stress STRESS_SEED={} (the same children and kill times; thread interleavings differ)", a.seed);
                println!("the database and the expected state are kept in {dir}");
                return Ok(1);
            }
        }
        if a.verbose || child_no % 25 == 0 {
            println!(
                "  child {:4} ({what}): {} kills, {} clean ends, {} fault cycles, {} writes verified, {:.0} s",
                child_no - 1,
                totals.kills,
                totals.clean_ends,
                totals.fault_cycles,
                totals.writes,
                t0.elapsed().as_secs_f64()
            );
        }
        let _ = std::io::stdout().flush();
    }
    // The last child's work is verified by one more open.
    let args = vec!["run".into(), "--dir".into(), dir.clone(), "--seed".into(), derive(a.seed, child_no).to_string(), "--seconds".into(), "0".into()];
    if let Outcome::Failed(why) = run_child(&args, None, Duration::from_secs(180), &mut totals)? {
        println!("FAILED in the final verification: {why}");
        println!("replay: make stress STRESS_SEED={}", a.seed);
        return Ok(1);
    }
    let ops: Vec<String> = totals.ops.iter().filter(|(_, n)| *n > 0).map(|(k, n)| format!("{k}={n}")).collect();
    let cuts: Vec<String> = totals.cuts.iter().map(|(k, n)| format!("{k}={n}")).collect();
    println!(
        "ferrock-stress: seed {}: {} kill cycles ({} during open), {} clean ends, {} fault cycles, {} verifications ({}): {} writes checked ({} acknowledged, {} pending at a crash, {} failed), {} prepared transactions decided at reopen; 0 acknowledged writes lost, 0 prefix violations, 0 crashes, 0 hangs; {:.0} s",
        a.seed,
        totals.kills,
        totals.kills_during_open,
        totals.clean_ends,
        totals.fault_cycles,
        totals.verifications,
        cuts.join(" "),
        totals.writes,
        totals.acked,
        totals.pending,
        totals.failed,
        totals.prepared,
        t0.elapsed().as_secs_f64()
    );
    println!("operations: {}", ops.join(" "));
    if let Some(p) = partial {
        println!("PARTIAL: {p}: {} of {} kill cycles, {} of {} fault cycles", totals.kills, a.kills, totals.fault_cycles, a.fault_cycles);
        return Ok(0);
    }
    let _ = std::fs::remove_dir_all(&a.dir);
    Ok(0)
}
