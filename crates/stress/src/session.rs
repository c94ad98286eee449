//! A session: the database directory, the expected-state directory and the file system
//! of one process of the test, and the two things done at every open and close of the
//! database: open and verify (against the base and the history of the current
//! generation, judged by how the history ended), and end (close cleanly, or crash, or
//! lose power, recording which in the history first).

use crate::engine::{self, read_all, setup_for, Kind, RunSetup};
use crate::history::{End, History, Outcome};
use crate::live::Live;
use crate::statedir::StateDir;
use crate::verify::{verify, Cut};
use crate::worker::{first_wid, Counters, Ctx};
use ferrock::env::fault::FaultInjectionFs;
use ferrock::env::FileSystem;
use ferrock_opmodel::rng::Rng;
use ferrock_opmodel::*;
use parking_lot::Mutex;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The shape of a whole test, fixed at its start (`<root>/config`).
#[derive(Clone, Debug, PartialEq)]
pub struct TestConfig {
    pub keys: KeySpace,
    pub threads: u32,
    /// `name=weight,...` overrides of `Weights::stress()`.
    pub weights: String,
    /// Weights of sync, async and WAL-less writes for every run (None: each run draws a mix).
    pub modes: Option<[u32; 3]>,
}

impl TestConfig {
    pub fn save(&self, root: &Path) -> Result<(), String> {
        let modes = self.modes.map_or(String::new(), |m| format!("{}/{}/{}", m[0], m[1], m[2]));
        let text = format!(
            "cfs={}\nkeys={}\nsd_keys={}\nthreads={}\nweights={}\nmodes={modes}\n",
            self.keys.num_cfs, self.keys.keys_per_cf, self.keys.sd_keys, self.threads, self.weights
        );
        std::fs::write(root.join("config"), text).map_err(|e| format!("{}: {e}", root.display()))
    }

    pub fn load(root: &Path) -> Result<TestConfig, String> {
        let p = root.join("config");
        let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        let get = |k: &str| text.lines().find_map(|l| l.strip_prefix(&format!("{k}="))).map(str::to_string);
        let num = |k: &str| -> Result<u32, String> { get(k).and_then(|v| v.parse().ok()).ok_or_else(|| format!("{}: no {k}=", p.display())) };
        Ok(TestConfig {
            keys: KeySpace { num_cfs: num("cfs")?, keys_per_cf: num("keys")?, sd_keys: num("sd_keys")? },
            threads: num("threads")?,
            weights: get("weights").unwrap_or_default(),
            modes: get("modes").filter(|m| !m.is_empty()).map(|m| parse_modes(&m)).transpose()?,
        })
    }

    /// The generator configuration for a database of `kind`.
    pub fn gen_config(&self, kind: Kind, modes: [u32; 3]) -> Result<GenConfig, String> {
        let mut g = GenConfig::stress(self.keys);
        g.weights.apply_overrides(&self.weights)?;
        g.modes = modes;
        g.pessimistic = kind == Kind::Pessimistic;
        g.optimistic = kind == Kind::Optimistic;
        if kind == Kind::Plain {
            g.weights.set("txn", 0)?;
        }
        Ok(g)
    }
}

/// How a cycle ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Clean,
    Crash,
    PowerLoss,
}

pub struct Session {
    pub root: PathBuf,
    pub config: TestConfig,
    pub state: StateDir,
    pub fault_fs: Option<Arc<FaultInjectionFs>>,
    pub setup: RunSetup,
    pub rng: Rng,
    pub counters: Arc<Counters>,
    /// Totals over the verifications of this session.
    pub verified_writes: u64,
    pub verified_acked: u64,
    pub verifications: u64,
    /// The last power loss kept random prefixes of the unsynced bytes (torn writes).
    pub torn_last: bool,
}

/// What one verification looked at.
pub struct Verified {
    pub generation: u64,
    pub writes: usize,
    pub acked: usize,
    pub pending: usize,
    pub failed: usize,
    pub prepared: usize,
    pub keys: usize,
    pub cut: Cut,
}

impl Session {
    pub fn new(root: &Path, seed: u64, with_faults: bool) -> Result<Session, String> {
        let config = TestConfig::load(root)?;
        let state = StateDir::open(&root.join("state"))?;
        // External files and checkpoints a killed process left behind are of no use.
        let scratch = root.join("scratch");
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
        let fault_fs = with_faults.then(|| Arc::new(FaultInjectionFs::new(ferrock::env::default_fs())));
        let mut setup = setup_for(seed, fault_fs.clone().map(|f| f as Arc<dyn FileSystem>));
        if let Some(m) = config.modes {
            setup.modes = m;
        }
        Ok(Session {
            root: root.to_path_buf(),
            config,
            state,
            fault_fs,
            setup,
            rng: Rng::new(rng_seed(seed)),
            counters: Arc::new(Counters::new()),
            verified_writes: 0,
            verified_acked: 0,
            verifications: 0,
            torn_last: false,
        })
    }

    pub fn db_dir(&self) -> PathBuf {
        self.root.join("db")
    }

    /// Opens the database and verifies it against the current generation; on success starts
    /// the next generation and returns the context the workers share.
    pub fn open_and_verify(&mut self) -> Result<(Arc<Ctx>, Verified), String> {
        let keys = self.config.keys;
        let base = self.state.load_base(keys)?;
        let (recs, end) = History::load(&self.state.history_path())?;
        let cut = match end {
            End::Killed | End::Crash => Cut::Crash,
            End::PowerLoss => Cut::PowerLoss,
            End::Clean { ok } => Cut::Clean { ok, flushes: !self.setup.opts.avoid_flush_during_shutdown },
        };
        // Prepared transactions are recovered (and decided) only by a transaction database.
        let two_phase = recs.iter().any(|r| matches!(r.op, Op::Txn { two_phase: true, .. }));
        let kind = if two_phase { Kind::Pessimistic } else { self.setup.kind };
        let (eng, handles) = engine::open(&self.db_dir(), &self.setup.opts, kind, keys)?;
        // What recovery made visible is verified before the prepared transactions it found are
        // decided: a transaction in flight at the crash may have been prepared on its way to a
        // rollback, and the decision made here (commit or rollback, as an application would)
        // is not in the history. The next generation starts from what is visible after it.
        let recovered = read_all(&eng.db, &handles, keys)?;
        let problems = verify(&base, &recs, cut, &recovered);
        if !problems.is_empty() {
            let _ = eng.close();
            return Err(format!(
                "verification of generation {} after {cut:?} failed ({} problem(s)); state kept in {}\n  {}",
                self.state.generation,
                problems.len(),
                self.root.display(),
                problems.iter().take(20).cloned().collect::<Vec<_>>().join("\n  ")
            ));
        }
        let prepared = eng.resolve_prepared(&mut self.rng)?;
        let observed = if prepared > 0 { read_all(&eng.db, &handles, keys)? } else { recovered };
        let v = Verified {
            generation: self.state.generation,
            writes: recs.len(),
            acked: recs.iter().filter(|r| r.acked().is_some()).count(),
            pending: recs.iter().filter(|r| r.outcome == Outcome::Pending).count(),
            failed: recs.iter().filter(|r| matches!(r.outcome, Outcome::Failed(_))).count(),
            prepared,
            keys: (0..keys.num_cfs).map(|cf| observed.cf_entries(cf).len()).sum(),
            cut,
        };
        self.verified_writes += v.writes as u64;
        self.verified_acked += v.acked as u64;
        self.verifications += 1;
        let history = Arc::new(self.state.advance(&observed)?);
        let live = Live::new(&observed, &handles);
        let ctx = Ctx {
            engine: eng,
            opts: self.setup.opts.clone(),
            live,
            history,
            base: observed,
            keys,
            faults: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            problems: Mutex::new(Vec::new()),
            counters: self.counters.clone(),
            next_wid: AtomicU64::new(first_wid(self.state.generation)),
            scratch: self.root.join("scratch"),
            first_failure: Mutex::new(None),
        };
        Ok((Arc::new(ctx), v))
    }

    /// The generator of thread `thread` for the current generation: entry ids are unique
    /// over the whole test (generation and thread in the high bits).
    pub fn generator(&self, ctx: &Ctx, seed: u64, thread: u32) -> Result<Generator, String> {
        let cfg = self.config.gen_config(ctx.engine.kind, self.setup.modes)?;
        let id_base = (self.state.generation << 44) | ((thread as u64) << 36);
        Ok(Generator::new(cfg, rng::derive(seed, thread as u64), id_base))
    }

    /// Ends the database's life in this cycle. The workers must have stopped, except for a
    /// crash or power loss, which `stop_the_world` makes happen first.
    pub fn end(&mut self, ctx: &Arc<Ctx>, ending: Ending) -> Result<(), String> {
        match ending {
            Ending::Clean => {
                let r = ctx.engine.close();
                ctx.history.end(End::Clean { ok: r.is_ok() });
                if let Some(fs) = &self.fault_fs {
                    fs.clear_injected_errors();
                }
                if !ctx.faults.load(Ordering::SeqCst) {
                    r.map_err(|e| format!("close failed: {e}"))?;
                }
            }
            Ending::Crash | Ending::PowerLoss => {
                let fs = self.fault_fs.as_ref().ok_or("a crash or power loss needs the fault-injecting file system")?;
                ctx.history.end(if ending == Ending::Crash { End::Crash } else { End::PowerLoss });
                let _ = ctx.engine.close();
                fs.clear_injected_errors();
                if ending == Ending::PowerLoss {
                    // Half the power losses tear the unsynced tails instead of dropping them.
                    self.torn_last = self.rng.chance(1, 2);
                    let r = if self.torn_last { fs.power_loss_keeping_random_tails(self.rng.next_u64()) } else { fs.power_loss() };
                    r.map_err(|e| format!("simulating the power loss: {e}"))?;
                }
                fs.set_filesystem_active(true);
            }
        }
        Ok(())
    }

    /// The moment of a crash or power loss: nothing more reaches the files.
    pub fn stop_the_world(&self, ctx: &Ctx) {
        ctx.faults.store(true, Ordering::SeqCst);
        if let Some(fs) = &self.fault_fs {
            fs.set_filesystem_active(false);
        }
    }
}

/// `sync/async/nowal` weights, e.g. `10/90/0`.
pub fn parse_modes(s: &str) -> Result<[u32; 3], String> {
    let v: Vec<u32> = s.split('/').map(|x| x.trim().parse()).collect::<Result<_, _>>().map_err(|_| format!("bad write modes {s:?}"))?;
    match v.as_slice() {
        [a, b, c] if a + b + c > 0 => Ok([*a, *b, *c]),
        _ => Err(format!("write modes are sync/async/nowal weights, got {s:?}")),
    }
}

fn rng_seed(seed: u64) -> u64 {
    rng::derive(seed, 0xdec1de)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::{txn_name, Worker};
    use ferrock::options::WriteOptions;
    use ferrock_opmodel::keys::key_bytes;

    fn two_phase_put(key: u32, id: u64) -> Op {
        Op::Txn {
            kind: TxnKind::Pessimistic,
            mode: WriteMode::Async,
            ms: vec![Mutation::Put { cf: 0, key, val: Val { id, len: 8 } }],
            savepoint: None,
            two_phase: true,
            end: TxnEnd::Commit,
        }
    }

    /// Issue 12's long run (child 1157): the write ids started at 1 in every generation, so
    /// the next generation named a two-phase transaction like one recovered as prepared from
    /// the crash before it ("Transaction name must be unique."). A transaction prepared when
    /// the process crashed is recovered and decided at the reopen; the new generation's ids,
    /// and so its names, start past every id of the old one, and its own two-phase
    /// transaction commits and is verified at the next open.
    #[test]
    fn a_new_generation_never_reuses_a_recovered_transaction_name() {
        let root = std::env::temp_dir().join(format!("ferrock-stress-session-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let config = TestConfig { keys: KeySpace { num_cfs: 1, keys_per_cf: 20, sd_keys: 0 }, threads: 1, weights: String::new(), modes: Some([0, 100, 0]) };
        config.save(&root).unwrap();
        let seed = (1..).find(|s| setup_for(*s, None).kind == Kind::Pessimistic).unwrap();

        let mut s = Session::new(&root, seed, true).unwrap();
        let (ctx, _) = s.open_and_verify().unwrap();
        let first = ctx.next_wid.load(Ordering::SeqCst);
        assert_eq!(first, first_wid(s.state.generation));
        // The crash comes between the prepare and the commit.
        let wid = ctx.next_wid.fetch_add(1, Ordering::SeqCst);
        let op = two_phase_put(3, (s.state.generation << 44) | 1);
        ctx.history.begin(wid, 0, &op);
        let t = ctx.engine.pessimistic.as_ref().unwrap().begin(&WriteOptions::default(), &Default::default(), None);
        let h = ctx.live.lock(&[0], &[]).handle(0).unwrap();
        t.put_cf(&h, &key_bytes(3), &keys::value_bytes((s.state.generation << 44) | 1, 0, 3, 8)).unwrap();
        let recovered_name = txn_name(wid);
        t.set_name(&recovered_name).unwrap();
        t.prepare().unwrap();
        s.stop_the_world(&ctx);
        drop((t, h));
        s.end(&ctx, Ending::Crash).unwrap();
        drop(ctx);

        let mut s = Session::new(&root, seed, true).unwrap();
        let (ctx, v) = s.open_and_verify().unwrap();
        assert_eq!(v.prepared, 1, "the prepared transaction is recovered and decided");
        let next = ctx.next_wid.load(Ordering::SeqCst);
        assert!(next > wid, "generation {} starts at id {next:#x}, not past the recovered {wid:#x}", s.state.generation);
        assert_ne!(txn_name(next), recovered_name);
        let mut w = Worker::new(0, 1);
        w.execute(&ctx, &two_phase_put(4, (s.state.generation << 44) | 1));
        assert_eq!(*ctx.problems.lock(), Vec::<String>::new());
        s.end(&ctx, Ending::Clean).unwrap();
        drop(ctx);

        let mut s = Session::new(&root, seed, true).unwrap();
        let (ctx, v) = s.open_and_verify().unwrap();
        assert_eq!((v.writes, v.acked, v.prepared), (1, 1, 0));
        s.end(&ctx, Ending::Clean).unwrap();
        let _ = std::fs::remove_dir_all(&root);
    }
}
