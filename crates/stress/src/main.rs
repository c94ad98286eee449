//! ferrock-stress: the crash and fault stress test of issue 12 (`make stress`), after
//! RocksDB's db_stress + db_crashtest.py and Pebble's metamorphic test.
//!
//! ```text
//! ferrock-stress crash    [--seed S] [--kills N] [--fault-cycles N] [--seconds T] [--threads N]
//!                         [--cfs N] [--keys N] [--sd-keys N] [--weights name=w,...] [--modes s/a/n]
//!                         [--min-ms N] [--max-ms N] [--dir D] [--verbose]
//! ferrock-stress programs [--seed S] [--count N] [--ops N] [--cfs N] [--keys N] [--dir D]
//! ferrock-stress replay   FILE [--shrink] [--dir D]
//! ferrock-stress gen      [--seed S] [--ops N] [--cfs N] [--keys N]
//! ferrock-stress run      --dir D --seed S --seconds T [--fault-cycles N]   (a child of crash)
//! ```
//!
//! `crash` is the multi-threaded test with kill -9 and fault cycles (`crash.rs`);
//! `programs` runs generated single-threaded programs with crashes, power losses and
//! faults as operations, deterministically, and shrinks a failing one (`replay.rs`);
//! `replay` runs (and shrinks) a saved program; `gen` prints one. See docs/reliability.md.

mod crash;
mod engine;
mod history;
mod live;
mod replay;
mod run;
mod session;
mod statedir;
mod verify;
mod worker;

use ferrock_opmodel::KeySpace;
use std::path::PathBuf;

struct Args {
    words: Vec<String>,
}

impl Args {
    fn flag(&mut self, name: &str) -> bool {
        match self.words.iter().position(|w| w == name) {
            Some(i) => {
                self.words.remove(i);
                true
            }
            None => false,
        }
    }

    fn value(&mut self, name: &str) -> Option<String> {
        let i = self.words.iter().position(|w| w == name)?;
        if i + 1 >= self.words.len() {
            usage(&format!("{name} needs a value"));
        }
        let v = self.words.remove(i + 1);
        self.words.remove(i);
        Some(v)
    }

    fn num<T: std::str::FromStr>(&mut self, name: &str, default: T) -> T {
        match self.value(name) {
            Some(v) => v.parse().unwrap_or_else(|_| usage(&format!("{name}: bad value {v:?}"))),
            None => default,
        }
    }

    fn finish(&self) {
        if let Some(w) = self.words.first() {
            usage(&format!("unexpected argument {w:?}"));
        }
    }
}

fn usage(why: &str) -> ! {
    eprintln!("ferrock-stress: {why}");
    eprintln!("usage: ferrock-stress crash|programs|replay|gen|run [options] (see crates/stress/src/main.rs)");
    std::process::exit(64);
}

fn key_space(a: &mut Args) -> KeySpace {
    let num_cfs = a.num("--cfs", 4u32).max(1);
    let keys_per_cf = a.num("--keys", 1000u32).max(2);
    let sd_keys = a.num("--sd-keys", keys_per_cf / 10).min(keys_per_cf - 1);
    KeySpace { num_cfs, keys_per_cf, sd_keys }
}

fn default_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1) % 1_000_000_007
}

fn scratch_dir(a: &mut Args, what: &str, seed: u64) -> PathBuf {
    a.value("--dir").map(PathBuf::from).unwrap_or_else(|| std::env::temp_dir().join(format!("ferrock-stress-{what}-{seed}")))
}

fn main() {
    let mut words: Vec<String> = std::env::args().skip(1).collect();
    if words.is_empty() {
        usage("no command");
    }
    let cmd = words.remove(0);
    let mut a = Args { words };
    let code = match cmd.as_str() {
        "crash" => {
            let seed = a.num("--seed", default_seed());
            let keys = key_space(&mut a);
            let args = crash::CrashArgs {
                dir: scratch_dir(&mut a, "crash", seed),
                seed,
                kills: a.num("--kills", 100),
                fault_cycles: a.num("--fault-cycles", 20),
                seconds: a.num("--seconds", 0.0),
                config: session::TestConfig {
                    keys,
                    threads: a.num("--threads", 4u32).max(1),
                    weights: a.value("--weights").unwrap_or_default(),
                    modes: a.value("--modes").map(|m| session::parse_modes(&m).unwrap_or_else(|e| usage(&e))),
                },
                min_ms: a.num("--min-ms", 300),
                max_ms: a.num("--max-ms", 2500),
                verbose: a.flag("--verbose"),
            };
            a.finish();
            if let Err(e) = ferrock_opmodel::Weights::stress().apply_overrides(&args.config.weights) {
                usage(&e);
            }
            crash::crash_test(args)
        }
        "run" => {
            let args = run::RunArgs {
                root: a.value("--dir").map(PathBuf::from).unwrap_or_else(|| usage("run needs --dir")),
                seed: a.num("--seed", 0),
                seconds: a.num("--seconds", 1.0),
                fault_cycles: a.num("--fault-cycles", 0),
            };
            a.finish();
            run::run(args)
        }
        "programs" => {
            let seed = a.num("--seed", default_seed());
            let count: u64 = a.num("--count", 20);
            let ops: usize = a.num("--ops", 300);
            let keys = KeySpace { num_cfs: a.num("--cfs", 3u32).max(1), keys_per_cf: a.num("--keys", 120u32).max(2), sd_keys: 0 };
            let keys = KeySpace { sd_keys: keys.keys_per_cf / 10, ..keys };
            let dir = scratch_dir(&mut a, "programs", seed);
            a.finish();
            programs(seed, count, ops, keys, &dir)
        }
        "replay" => {
            let shrink = a.flag("--shrink");
            let dir = scratch_dir(&mut a, "replay", std::process::id() as u64);
            let file = if a.words.is_empty() { usage("replay needs a program file") } else { a.words.remove(0) };
            a.finish();
            let text = std::fs::read_to_string(&file).unwrap_or_else(|e| usage(&format!("{file}: {e}")));
            let p = ferrock_opmodel::Program::parse(&text).unwrap_or_else(|e| usage(&format!("{file}: {e}")));
            match replay::replay_program(&p, &dir) {
                Ok(()) => {
                    println!("{file}: {} operations, no problem", p.ops.len());
                    let _ = std::fs::remove_dir_all(&dir);
                    0
                }
                Err(f) => {
                    println!("{file}: fails at operation {}: {}", f.at, f.problem);
                    if shrink {
                        let (small, f2) = replay::shrink(&p, &dir, &f);
                        println!("shrunk to {} operations (fails at {}: {}):\n{}", small.ops.len(), f2.at, f2.problem, small.to_text());
                    }
                    1
                }
            }
        }
        "gen" => {
            let seed = a.num("--seed", default_seed());
            let ops = a.num("--ops", 100usize);
            let keys = KeySpace { num_cfs: a.num("--cfs", 3u32).max(1), keys_per_cf: a.num("--keys", 120u32).max(2), sd_keys: 0 };
            let keys = KeySpace { sd_keys: keys.keys_per_cf / 10, ..keys };
            a.finish();
            print!("{}", replay::generate(seed, keys, ops).to_text());
            0
        }
        _ => usage(&format!("unknown command {cmd:?}")),
    };
    std::process::exit(code);
}

/// Runs `count` generated programs; the first failure is shrunk and saved.
fn programs(seed: u64, count: u64, ops: usize, keys: KeySpace, dir: &std::path::Path) -> i32 {
    let t0 = std::time::Instant::now();
    for i in 0..count {
        let s = ferrock_opmodel::rng::derive(seed, i);
        let p = replay::generate(s, keys, ops);
        if let Err(f) = replay::replay_program(&p, dir) {
            println!("program {i} (seed {s}) fails at operation {}: {}", f.at, f.problem);
            let (small, f2) = replay::shrink(&p, dir, &f);
            let _ = std::fs::create_dir_all("target/stress-failures");
            let path = format!("target/stress-failures/program-{s}.txt");
            let _ = std::fs::write(&path, small.to_text());
            println!("shrunk to {} operations, saved in {path} (fails at {}: {}):\n{}", small.ops.len(), f2.at, f2.problem, small.to_text());
            println!("replay: target/release/ferrock-stress replay {path}");
            return 1;
        }
    }
    let _ = std::fs::remove_dir_all(dir);
    println!("ferrock-stress programs: seed {seed}: {count} programs of {ops} operations, no problem ({:.0} s)", t0.elapsed().as_secs_f64());
    0
}
