//! ferrock-fuzz: the parsers of RocksDB's files fuzzed on stable Rust (`make fuzz`), no
//! cargo-fuzz and no nightly: seeds from real files (`seeds.rs`), byte-level mutations
//! (`mutate.rs`), one run per input of each parser (`targets.rs`).
//!
//! ```text
//! ferrock-fuzz [--iters N] [--seed S] [--target NAME[,NAME]] [--hang-ms N] [--scratch DIR]
//! ```
//!
//! For every input of every target it checks the three promises of a parser fed any bytes:
//! - no panic (caught; the input is saved in `target/fuzz-failures/`);
//! - a bounded allocation: the input's peak of live heap bytes stays under the target's
//!   bound (16 MiB + 64 bytes per input byte; the whole-table target 64 MiB + 64 per byte),
//!   and no single allocation over 1 GiB is even requested (`alloc.rs` ends the run);
//! - no loop: iterators and readers yield at most about one entry per input byte (checked
//!   in the targets), and no input runs longer than `--hang-ms` (a watchdog ends the run).
//!
//! Before each input its bytes are mirrored to `target/fuzz-failures/current-input`, so the
//! input of an abort or a hang is on disk. Exit status 0 when no input failed.

mod alloc;
mod mutate;
mod seeds;
mod targets;

use ferrock_opmodel::rng::{derive, Rng};
use std::io::{Seek, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

fn usage(why: &str) -> ! {
    eprintln!("ferrock-fuzz: {why}");
    eprintln!("usage: ferrock-fuzz [--iters N] [--seed S] [--target NAME[,NAME]] [--hang-ms N] [--scratch DIR]");
    std::process::exit(64);
}

struct Args {
    iters: u64,
    seed: u64,
    targets: Option<Vec<String>>,
    hang_ms: u64,
    scratch: PathBuf,
}

fn parse_args() -> Args {
    let mut a = Args { iters: 100_000, seed: 1, targets: None, hang_ms: 10_000, scratch: std::env::temp_dir().join(format!("ferrock-fuzz-{}", std::process::id())) };
    let mut it = std::env::args().skip(1);
    while let Some(w) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| usage(&format!("{w} needs a value")));
        match w.as_str() {
            "--iters" => a.iters = val().parse().unwrap_or_else(|_| usage("bad --iters")),
            "--seed" => a.seed = val().parse().unwrap_or_else(|_| usage("bad --seed")),
            "--target" => a.targets = Some(val().split(',').map(str::to_string).collect()),
            "--hang-ms" => a.hang_ms = val().parse().unwrap_or_else(|_| usage("bad --hang-ms")),
            "--scratch" => a.scratch = PathBuf::from(val()),
            _ => usage(&format!("unknown argument {w:?}")),
        }
    }
    a
}

/// What the watchdog sees: when the current input started (ms since the run began; 0 between inputs).
struct Watch {
    started_ms: AtomicU64,
    target: parking_lot::Mutex<&'static str>,
}

fn main() {
    let args = parse_args();
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let failures = repo.join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&failures);
    let _ = std::fs::create_dir_all(&args.scratch);
    let t0 = Instant::now();
    let (corpus, notes) = seeds::collect(&repo, &args.scratch);
    let _ = std::fs::remove_dir_all(&args.scratch);
    println!("ferrock-fuzz: seed {}, {} inputs per parser; seeds: {}", args.seed, args.iters, notes.join("; "));

    let mut current = std::fs::File::create(failures.join("current-input")).unwrap_or_else(|e| usage(&format!("{}: {e}", failures.display())));
    let watch = Arc::new(Watch { started_ms: AtomicU64::new(0), target: parking_lot::Mutex::new("") });
    {
        let w = watch.clone();
        let hang = args.hang_ms;
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(100));
            let s = w.started_ms.load(Ordering::Relaxed);
            let now = t0.elapsed().as_millis() as u64;
            if s != 0 && now.saturating_sub(s) > hang {
                eprintln!("ferrock-fuzz: FAILED: an input of {} ran for more than {hang} ms (a loop or a hang); it is in target/fuzz-failures/current-input", w.target.lock());
                std::process::exit(3);
            }
        });
    }
    // Panics are counted and their inputs saved; the first message of each target is shown.
    let last_panic: Arc<parking_lot::Mutex<Option<String>>> = Arc::new(parking_lot::Mutex::new(None));
    {
        let lp = last_panic.clone();
        std::panic::set_hook(Box::new(move |info| {
            let msg = match info.payload().downcast_ref::<&str>() {
                Some(s) => s.to_string(),
                None => info.payload().downcast_ref::<String>().cloned().unwrap_or_default(),
            };
            let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
            *lp.lock() = Some(format!("{msg}{at}"));
        }));
    }

    let mut failed = 0u64;
    let mut summary = Vec::new();
    for (ti, t) in targets::all().into_iter().enumerate() {
        if let Some(want) = &args.targets {
            if !want.iter().any(|w| w == t.name) {
                continue;
            }
        }
        let seeds: Vec<Vec<u8>> = corpus.get(t.name).cloned().unwrap_or_default();
        let seeds = if seeds.is_empty() { vec![vec![0u8; 16]] } else { seeds };
        *watch.target.lock() = t.name;
        let mut rng = Rng::new(derive(args.seed, ti as u64));
        let (mut panics, mut over, mut max_peak, mut max_len) = (0u64, 0u64, 0usize, 0usize);
        let mut first_failure: Option<String> = None;
        let started = Instant::now();
        // The seeds themselves first, unmutated, then the mutants.
        let total = seeds.len() as u64 + args.iters;
        for i in 0..total {
            let input = if (i as usize) < seeds.len() {
                seeds[i as usize].clone()
            } else {
                let s = &seeds[rng.below(seeds.len() as u64) as usize];
                let o = &seeds[rng.below(seeds.len() as u64) as usize];
                let mut m = mutate::mutate(&mut rng, s, o);
                if let Some(fix) = t.repair {
                    if rng.chance(1, 2) {
                        fix(&mut m);
                    }
                }
                m
            };
            let _ = current.set_len(0).and_then(|_| current.rewind()).and_then(|_| current.write_all(&input));
            let before = alloc::live();
            alloc::reset_peak();
            watch.started_ms.store((t0.elapsed().as_millis() as u64).max(1), Ordering::Relaxed);
            let r = std::panic::catch_unwind(|| (t.run)(&input));
            watch.started_ms.store(0, Ordering::Relaxed);
            let used = alloc::peak().saturating_sub(before);
            if used > max_peak {
                max_peak = used;
                max_len = input.len();
            }
            let bound = t.alloc_fixed + t.alloc_per_byte * input.len();
            let problem = if r.is_err() {
                panics += 1;
                Some(format!("panic: {}", last_panic.lock().take().unwrap_or_default()))
            } else if used > bound {
                over += 1;
                Some(format!("allocated {used} bytes at the peak for a {}-byte input (bound {bound})", input.len()))
            } else {
                None
            };
            if let Some(p) = problem {
                let name = format!("{}-{}-{i}.bin", t.name, args.seed);
                let _ = std::fs::write(failures.join(&name), &input);
                if first_failure.is_none() {
                    first_failure = Some(format!("{p} (input saved as target/fuzz-failures/{name})"));
                }
            }
        }
        let secs = started.elapsed().as_secs_f64();
        let line = format!(
            "{:13} {:>9} inputs ({} seeds) {:>5.1} s: {} panics, {} over the allocation bound, largest peak {} KiB (a {}-byte input)",
            t.name,
            total,
            seeds.len(),
            secs,
            panics,
            over,
            max_peak / 1024,
            max_len
        );
        println!("{line}");
        if let Some(f) = &first_failure {
            println!("    first failure: {f}");
        }
        failed += panics + over;
        summary.push(line);
    }
    let _ = std::fs::remove_file(failures.join("current-input"));
    println!("ferrock-fuzz: {} failures in {:.0} s", failed, t0.elapsed().as_secs_f64());
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
