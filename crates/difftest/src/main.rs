//! ferrock-difftest: the differential test of issue 14 (docs/difftest.md).
//!
//! ```text
//! ferrock-difftest run --lib 7.8.3=/usr/lib/.../librocksdb.so.7.8 --lib ferrock=target/release/libferrock.so
//!                      [--seeds N] [--start S] [--len L] [--accepted F] [--known F] [--save DIR]
//! ferrock-difftest replay --lib ... FILE...      # saved programs, on every library
//! ferrock-difftest child LIB DIR < program       # one run (the driver's subprocess)
//! ferrock-difftest defaults LIB                  # every option getter's default, one a line
//! ```
//! Every library but the last is a reference; the last is the one under test. Each program
//! runs once per library, each in a child process of its own (a crash or a hang of one
//! library is an answer like any other, and the libraries never share a process). The
//! answers are compared line by line; a divergence not explained by `--accepted` (for the
//! reference named 7.8.3: behaviour that changed in 11.8.1) or `--known` (open ferrock
//! divergences) is shrunk by delta debugging and printed as a replayable program.

mod exec;
mod ffi;
mod prog;
mod surface;

use prog::Program;
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

struct LibRef {
    name: String,
    path: String,
}

/// A documented divergence: a step prefix and why.
struct Entry {
    prefix: String,
    /// Only against this reference (None: any).
    only: Option<String>,
}

fn load_entries(path: &str, only: Option<&str>) -> Vec<Entry> {
    let Ok(text) = std::fs::read_to_string(path) else { return Vec::new() };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(" | ").map(|(p, _)| Entry { prefix: p.trim().to_string(), only: only.map(str::to_string) }))
        .collect()
}

/// An entry's pattern against a step: word by word, the step may have more words; a word
/// ending in `*` matches any word it begins.
fn matches(pattern: &str, step: &str) -> bool {
    let words: Vec<&str> = step.split_whitespace().collect();
    pattern.split_whitespace().enumerate().all(|(i, p)| match (p.strip_suffix('*'), words.get(i)) {
        (Some(pre), Some(w)) => w.starts_with(pre),
        (None, Some(w)) => *w == p,
        _ => false,
    })
}

struct Outcome {
    lines: Vec<String>,
    used: BTreeSet<String>,
}

/// The line a child's outcome ends with when the harness itself panicked.
const HARNESS_PANIC: &str = "HARNESS PANIC";

fn run_child(lib: &LibRef, p: &Program, dir: &str) -> Outcome {
    let _ = std::fs::remove_dir_all(dir);
    let exe = std::env::current_exe().expect("own path");
    let mut child = Command::new(exe)
        .args(["child", &lib.path, dir])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the child");
    child.stdin.take().unwrap().write_all(p.to_text().as_bytes()).expect("program to the child");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        let mut e = String::new();
        let _ = stderr.read_to_string(&mut e);
        let _ = tx.send((s, e));
    });
    // A watchdog, not a timing assertion: a hung library is reported, not waited for forever.
    let (out, err, hung) = match rx.recv_timeout(Duration::from_secs(120)) {
        Ok((s, e)) => (s, e, false),
        Err(_) => {
            let _ = child.kill();
            (String::new(), String::new(), true)
        }
    };
    let status = child.wait().expect("wait for the child");
    let _ = std::fs::remove_dir_all(dir);
    let mut lines = Vec::new();
    let mut used = BTreeSet::new();
    for l in out.lines() {
        if let Some(u) = l.strip_prefix("#used ") {
            used.extend(u.split(' ').map(str::to_string));
        } else {
            lines.push(l.to_string());
        }
    }
    if hung {
        lines.push("HANG (no answer in 120 s)".into());
    } else if status.code() == Some(101) {
        // The child's own Rust code panicked (a library's crash is a signal): the program is
        // malformed or the harness is wrong, and every side would "agree" on it.
        let first = err.lines().find(|l| l.contains("panicked at")).unwrap_or("").to_string();
        lines.push(format!("{HARNESS_PANIC} {first}"));
    } else if !status.success() {
        let last = err.lines().filter(|l| !l.trim().is_empty()).last().unwrap_or("").to_string();
        lines.push(format!("CRASH ({status}) {last}"));
    }
    Outcome { lines, used }
}

/// The first step where `ours` differs from `theirs` and no entry explains it:
/// (line index, step text). Line 0 is the open.
fn divergence(p: &Program, theirs: &[String], ours: &[String], ref_name: &str, entries: &[Entry]) -> Option<(usize, String)> {
    let n = theirs.len().max(ours.len());
    for i in 0..n {
        if theirs.get(i) == ours.get(i) {
            continue;
        }
        let step = if i == 0 { "open".to_string() } else { p.ops.get(i - 1).map(|o| o.join(" ")).unwrap_or_else(|| "end".into()) };
        let explained = entries.iter().any(|e| matches(&e.prefix, &step) && e.only.as_deref().is_none_or(|o| o == ref_name));
        if !explained {
            return Some((i, step));
        }
    }
    None
}

struct Driver {
    libs: Vec<LibRef>,
    entries: Vec<Entry>,
    tmp: String,
    runs: u64,
    used: BTreeSet<String>,
}

impl Driver {
    fn outcomes(&mut self, p: &Program) -> Vec<Outcome> {
        self.runs += 1;
        let mut v = Vec::new();
        for (i, l) in self.libs.iter().enumerate() {
            let dir = format!("{}/r{}-{i}", self.tmp, self.runs);
            v.push(run_child(l, p, &dir));
        }
        if let Some(last) = v.last() {
            self.used.extend(last.used.iter().cloned());
        }
        v
    }

    /// The first reference that disagrees with the library under test, and where.
    fn check(&mut self, p: &Program) -> Option<(usize, usize, String, Vec<Outcome>)> {
        let outs = self.outcomes(p);
        let ours = outs.len() - 1;
        for r in 0..ours {
            if let Some((i, step)) = divergence(p, &outs[r].lines, &outs[ours].lines, &self.libs[r].name, &self.entries) {
                return Some((r, i, step, outs));
            }
        }
        // Every side answered the same, but a harness panic is never an agreement.
        for (r, o) in outs.iter().enumerate() {
            if let Some(i) = o.lines.iter().position(|l| l.starts_with(HARNESS_PANIC)) {
                let step = p.ops.get(i.wrapping_sub(1)).map(|o| o.join(" ")).unwrap_or_else(|| "end".into());
                return Some((r.min(ours.saturating_sub(1)), i, step, outs));
            }
        }
        None
    }

    /// A smaller program that still diverges against reference `r` at a step of the
    /// same kind (the first word of `step`), so the shrinker does not wander off to
    /// another divergence.
    fn shrink(&mut self, p: &Program, r: usize, step: &str) -> Program {
        let mut cand = p.clone();
        let reference = &self.libs[r].name.clone();
        let kind = step.split(' ').next().unwrap_or("").to_string();
        let mut fails = |ops: &[Vec<String>]| {
            cand.ops = ops.to_vec();
            let outs = self.outcomes(&cand);
            let ours = outs.len() - 1;
            divergence(&cand, &outs[r].lines, &outs[ours].lines, reference, &self.entries)
                .is_some_and(|(_, s)| s.split(' ').next() == Some(kind.as_str()))
        };
        let ops = ferrock_opmodel::shrink::minimize(p.ops.clone(), &mut fails);
        let mut out = p.clone();
        out.ops = ops;
        out
    }

    fn report(&mut self, p: &Program) -> String {
        let Some((r, i, step, outs)) = self.check(p) else { return String::new() };
        self.format(p, r, i, &step, &outs)
    }

    fn format(&self, p: &Program, r: usize, i: usize, step: &str, outs: &[Outcome]) -> String {
        let ours = outs.len() - 1;
        let mut s = format!("# DIVERGENCE at step {i} ({step}) against {}\n", self.libs[r].name);
        s.push_str(&format!("#   {}: {}\n", self.libs[r].name, outs[r].lines.get(i).map_or("(nothing)", |x| x.as_str())));
        s.push_str(&format!("#   {}: {}\n", self.libs[ours].name, outs[ours].lines.get(i).map_or("(nothing)", |x| x.as_str())));
        s.push_str(&p.to_text());
        s
    }
}

fn parse_args(args: &[String]) -> (Vec<LibRef>, std::collections::BTreeMap<String, String>, Vec<String>) {
    let mut libs = Vec::new();
    let mut kv = std::collections::BTreeMap::new();
    let mut rest = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--lib" {
            let (n, p) = args[i + 1].split_once('=').expect("--lib NAME=PATH");
            libs.push(LibRef { name: n.to_string(), path: p.to_string() });
            i += 2;
        } else if let Some(k) = a.strip_prefix("--") {
            kv.insert(k.to_string(), args.get(i + 1).cloned().unwrap_or_default());
            i += 2;
        } else {
            rest.push(a.clone());
            i += 1;
        }
    }
    (libs, kv, rest)
}

fn child(lib_path: &str, dir: &str) -> i32 {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("program on stdin");
    let p = Program::parse(&text);
    let lib = match ffi::Lib::open(lib_path) {
        Ok(l) => l,
        Err(e) => {
            println!("load error: {e}");
            return 2;
        }
    };
    let objs = surface::option_objects();
    let stdout = std::io::stdout();
    let lines = exec::run(&lib, &p, dir, &objs);
    let mut out = stdout.lock();
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let used: Vec<String> = ffi::used().into_iter().collect();
    let _ = writeln!(out, "#used {}", used.join(" "));
    let _ = out.flush();
    0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("child") {
        std::process::exit(child(&args[1], &args[2]));
    }
    if args.first().map(String::as_str) == Some("defaults") {
        // Every getter of every option object on a fresh object: `getter value`, one a line
        // (diff two libraries' lists to see every default at once).
        let lib = ffi::Lib::open(&args[1]).unwrap_or_else(|e| panic!("{e}"));
        for o in surface::option_objects() {
            if !lib.has(&o.create) || !lib.has(&o.destroy) {
                continue;
            }
            let c = o.ctors.iter().find(|c| c.name == o.create).expect("the default constructor");
            if !c.args.is_empty() {
                continue;
            }
            let h = lib.construct(&o.create, &[]).expect("create");
            for (g, t) in &o.getters {
                if lib.has(g) {
                    println!("{g} {}", lib.get_scalar(g, h, *t).expect("getter"));
                }
            }
            lib.destroy_obj(&o.destroy, h).expect("destroy");
        }
        return;
    }
    let mode = args.first().cloned().unwrap_or_default();
    let (libs, kv, files) = parse_args(&args[1.min(args.len())..]);
    if libs.len() < 2 {
        eprintln!("usage: ferrock-difftest run|replay --lib REF=PATH [--lib REF2=PATH] --lib ferrock=PATH ...");
        std::process::exit(2);
    }
    // The libraries must be the ones named: Debian's RocksDB exports C++ symbols ferrock does not.
    for l in &libs {
        let lib = ffi::Lib::open(&l.path).unwrap_or_else(|e| panic!("{e}"));
        let is_rocksdb = lib.has("_ZN7rocksdb2DB4OpenERKNS_7OptionsERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPPS0_")
            || lib.has("_ZN7rocksdb2DB4OpenERKNS_9DBOptionsERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorINS_22ColumnFamilyDescriptorESaISD_EEPSC_IPNS_18ColumnFamilyHandleESaISJ_EEPSt10unique_ptrIS0_St14default_deleteIS0_EE")
            || lib.has("_ZN7rocksdb2DB4OpenERKNS_9DBOptionsERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorINS_22ColumnFamilyDescriptorESaISD_EEPSC_IPNS_18ColumnFamilyHandleESaISJ_EEPPS0_");
        if l.name != "ferrock" && !is_rocksdb {
            eprintln!("{} ({}) is not RocksDB (no rocksdb::DB::Open): is it ferrock's alias?", l.name, l.path);
            std::process::exit(2);
        }
        if l.name == "ferrock" && is_rocksdb {
            eprintln!("{} is RocksDB, not ferrock", l.path);
            std::process::exit(2);
        }
    }
    let root = env!("CARGO_MANIFEST_DIR").to_string() + "/../..";
    let accepted = kv.get("accepted").cloned().unwrap_or(format!("{root}/tests/difftest/accepted.txt"));
    let known = kv.get("known").cloned().unwrap_or(format!("{root}/tests/difftest/known.txt"));
    let mut entries = load_entries(&accepted, Some("7.8.3"));
    entries.extend(load_entries(&known, None));
    let tmp = format!("{}/ferrock-difftest-{}", std::env::temp_dir().display(), std::process::id());
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let mut d = Driver { libs, entries, tmp: tmp.clone(), runs: 0, used: BTreeSet::new() };
    let mut failures = 0;
    match mode.as_str() {
        "replay" => {
            for f in &files {
                let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
                let p = Program::parse(&text);
                match d.check(&p) {
                    None => println!("replay {f}: same answers"),
                    Some((r, i, step, outs)) => {
                        // A saved program using a function this reference lacks (one 11.8.1
                        // added) is not for this reference.
                        let lacks = outs[..outs.len() - 1].iter().find_map(|o| o.lines.iter().find(|l| l.starts_with("missing ")).cloned());
                        if let Some(m) = lacks {
                            println!("replay {f}: not for {} ({m})", d.libs[r].name);
                        } else {
                            failures += 1;
                            println!("replay {f}: FAILED\n{}", d.format(&p, r, i, &step, &outs));
                        }
                    }
                }
            }
        }
        "run" => {
            let seeds: u64 = kv.get("seeds").map_or(100, |s| s.parse().expect("--seeds N"));
            let start: u64 = kv.get("start").map_or(1, |s| s.parse().expect("--start S"));
            let len: usize = kv.get("len").map_or(120, |s| s.parse().expect("--len L"));
            let max_fail: u64 = kv.get("max-failures").map_or(5, |s| s.parse().expect("--max-failures N"));
            let opened: Vec<ffi::Lib> = d.libs.iter().map(|l| ffi::Lib::open(&l.path).expect("load")).collect();
            // Only what ferrock implements (the rest answers Not implemented by design) and
            // every library exports.
            let implemented: BTreeSet<String> = surface::implemented().into_iter().collect();
            let has = |f: &str| implemented.contains(f) && opened.iter().all(|l| l.has(f));
            let objs = surface::option_objects();
            for seed in start..start + seeds {
                let p = prog::Gen::new(seed, &objs, &has).program(seed, len);
                if let Some((r, i, step, outs)) = d.check(&p) {
                    failures += 1;
                    let ans = |o: &Outcome| o.lines.get(i).cloned().unwrap_or_default();
                    println!(
                        "seed {seed}: divergence at step {i} {step:?}: {} {:?}, {} {:?}; shrinking",
                        d.libs[r].name,
                        ans(&outs[r]),
                        d.libs[outs.len() - 1].name,
                        ans(&outs[outs.len() - 1])
                    );
                    let small = d.shrink(&p, r, &step);
                    let rep = d.report(&small);
                    println!("{rep}");
                    if let Some(dir) = kv.get("save") {
                        let _ = std::fs::create_dir_all(dir);
                        let _ = std::fs::write(format!("{dir}/seed-{seed}.txt"), &rep);
                    }
                    if failures as u64 >= max_fail {
                        println!("stopping after {failures} divergences");
                        break;
                    }
                }
            }
            println!("{seeds} seeds from {start}, {} runs", d.runs);
        }
        _ => {
            eprintln!("unknown mode {mode:?}");
            std::process::exit(2);
        }
    }
    let implemented = surface::implemented();
    if mode != "run" {
        let _ = std::fs::remove_dir_all(&tmp);
        println!("{failures} divergences");
        std::process::exit(if failures > 0 { 1 } else { 0 });
    }
    let called = implemented.iter().filter(|f| d.used.contains(*f)).count();
    let refs: Vec<&LibRef> = d.libs[..d.libs.len() - 1].iter().collect();
    let names: Vec<&str> = refs.iter().map(|l| l.name.as_str()).collect();
    let opened: Vec<ffi::Lib> = refs.iter().map(|l| ffi::Lib::open(&l.path).expect("load")).collect();
    let exported = implemented.iter().filter(|f| opened.iter().all(|l| l.has(f))).count();
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "coverage against {}: the generator called {called} of the {} c.h functions ferrock implements ({:.1}%); {} exports {exported} of them, {:.1}% of which were called",
        names.join("+"),
        implemented.len(),
        pct(called, implemented.len()),
        names.join("+"),
        pct(called, exported)
    );
    if let Some(f) = kv.get("coverage-list") {
        let missing: Vec<&String> = implemented.iter().filter(|f| !d.used.contains(*f)).collect();
        let _ = std::fs::write(f, missing.iter().map(|s| format!("{s}\n")).collect::<String>());
    }
    let _ = std::fs::remove_dir_all(&tmp);
    println!("{failures} divergences");
    std::process::exit(if failures > 0 { 1 } else { 0 });
}
