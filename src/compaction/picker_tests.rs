//! The data-driven tests of compaction planning (after Pebble's `testdata/compaction_picker_*`):
//! each file of `testdata/picker/` defines LSMs as text and states what the pure functions
//! of `score.rs`, `picker.rs` and `manual.rs` make of them. A case is a command line, its
//! input lines, `----`, and the expected output up to a blank line; `#` lines are comments.
//!
//! Commands:
//! - `define [option=value ...]`: a new LSM, with RocksDB option-string names and values
//!   (sizes may end in K, M or G). Input: `L<n>` lines, each followed by its files, one a line:
//!   `<number>: <smallest>-<largest> size=<bytes> [seq=<n>] [epoch=<n>] [compacting] [marked]`
//!   (level 0 newest first). Output: the LSM as defined.
//! - `scores`: the base level, each level's target and score, and the pending bytes.
//! - `pick`: what the automatic picker chooses.
//! - `compact-range [from=<level>] [begin=<key>] [end=<key>]`: the next CompactRange job.
//! - `compact-files output=<level> files=<n>,<n>... [trivial-move]`: CompactFiles' plan.
//!
//! `FERROCK_REWRITE_TESTDATA=1 cargo test --release --lib picker_tests` rewrites the expected
//! outputs with what the code gives (check the diff before committing it).

use super::manual::{compact_range_job, plan_compact_files, CompactFilesOptions};
use super::picker::{pick_compaction, FileStates};
use super::plan::{CompactionPlan, FileSet};
use super::score::{compaction_scores, estimated_compaction_bytes, level_targets};
use crate::key::{make_internal_key, InternalKeyComparator, ValueType};
use crate::options::Options;
use crate::version::edit::FileMetaData;
use crate::version::version::Version;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// An LSM as a case defined it.
struct Lsm {
    opts: Options,
    version: Version,
    compacting: FileSet,
    marked: FileSet,
}

/// `10M` -> 10485760 (K, M and G are powers of 1024).
fn size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.split_at(i),
        None => (text, ""),
    };
    let n: u64 = digits.parse().map_err(|_| format!("bad size {text:?}"))?;
    let mult = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return Err(format!("bad size unit in {text:?}")),
    };
    Ok(n * mult)
}

/// `name=value` arguments of a command line.
fn args(words: &[&str]) -> Result<Vec<(String, String)>, String> {
    words
        .iter()
        .map(|w| match w.split_once('=') {
            Some((k, v)) => Ok((k.to_string(), v.to_string())),
            None => Ok((w.to_string(), String::new())),
        })
        .collect()
}

fn define(words: &[&str], input: &[String]) -> Result<Lsm, String> {
    let mut option_text = String::new();
    for (name, value) in args(words)? {
        let value = if value.ends_with(['K', 'M', 'G']) { size(&value)?.to_string() } else { value };
        let _ = write!(option_text, "{name}={value};");
    }
    let base = Options::default();
    let opts = if option_text.is_empty() {
        base
    } else {
        let (o, not_applied) = crate::options::load::options_from_string(&base, &option_text).map_err(|e| e.to_string())?;
        if !not_applied.is_empty() {
            return Err(format!("options not applied: {not_applied:?}"));
        }
        o
    };
    let mut version = Version::new(opts.num_levels.max(1) as usize);
    let (mut compacting, mut marked) = (FileSet::new(), FileSet::new());
    let mut level: Option<usize> = None;
    for line in input {
        let line = line.trim();
        if let Some(n) = line.strip_prefix('L').and_then(|n| n.parse::<usize>().ok()) {
            if n >= version.levels.len() {
                return Err(format!("L{n}: only {} levels", version.levels.len()));
            }
            level = Some(n);
            continue;
        }
        let l = level.ok_or_else(|| format!("a file before any level: {line:?}"))?;
        let (number, rest) = line.split_once(':').ok_or_else(|| format!("bad file line {line:?}"))?;
        let mut words = rest.split_whitespace();
        let range = words.next().ok_or_else(|| format!("no key range in {line:?}"))?;
        let (lo, hi) = range.split_once('-').ok_or_else(|| format!("bad key range {range:?}"))?;
        let mut f = FileMetaData { number: number.trim().parse().map_err(|_| format!("bad file number in {line:?}"))?, ..Default::default() };
        let mut seq = 1u64;
        for (k, v) in args(&words.collect::<Vec<_>>())? {
            match k.as_str() {
                "size" => f.file_size = size(&v)?,
                "seq" => seq = v.parse().map_err(|_| format!("bad seq {v:?}"))?,
                "epoch" => f.epoch_number = v.parse().map_err(|_| format!("bad epoch {v:?}"))?,
                "compacting" => {
                    compacting.insert(f.number);
                }
                "marked" => {
                    marked.insert(f.number);
                }
                _ => return Err(format!("unknown file attribute {k:?}")),
            }
        }
        f.smallest = make_internal_key(lo.as_bytes(), seq, ValueType::Value);
        f.largest = make_internal_key(hi.as_bytes(), seq, ValueType::Value);
        f.smallest_seqno = seq;
        f.largest_seqno = seq;
        version.levels[l].push(Arc::new(f));
    }
    Ok(Lsm { opts, version, compacting, marked })
}

fn describe_lsm(lsm: &Lsm) -> String {
    let mut out = String::new();
    for (level, files) in lsm.version.levels.iter().enumerate() {
        if files.is_empty() {
            continue;
        }
        let _ = writeln!(out, "L{level}: {} files, {} bytes", files.len(), lsm.version.level_bytes(level));
        for f in files {
            let state = match (lsm.compacting.contains(&f.number), lsm.marked.contains(&f.number)) {
                (true, true) => " compacting marked",
                (true, false) => " compacting",
                (false, true) => " marked",
                (false, false) => "",
            };
            let _ = writeln!(out, "  {}: {}-{} {}{state}", f.number, user_key_text(&f.smallest), user_key_text(&f.largest), f.file_size);
        }
    }
    if out.is_empty() {
        out.push_str("empty\n");
    }
    out
}

fn user_key_text(ikey: &[u8]) -> String {
    String::from_utf8_lossy(crate::key::user_key(ikey)).into_owned()
}

fn numbers(files: &[Arc<FileMetaData>]) -> String {
    if files.is_empty() {
        return "-".to_string();
    }
    files.iter().map(|f| f.number.to_string()).collect::<Vec<_>>().join(" ")
}

fn describe_plan(plan: Option<CompactionPlan>) -> String {
    let Some(p) = plan else { return "no compaction\n".to_string() };
    let mut out = String::new();
    let _ = writeln!(out, "{:?}: L{} -> L{}", p.kind, p.level, p.output_level);
    let _ = writeln!(out, "inputs: {}", numbers(&p.inputs));
    let _ = writeln!(out, "output inputs: {}", numbers(&p.output_inputs));
    let mut flags = Vec::new();
    if p.bottommost {
        flags.push("bottommost".to_string());
    }
    if p.trivial_move {
        flags.push("trivial move".to_string());
    }
    if p.max_grandparent_overlap != u64::MAX {
        flags.push(format!("grandparent limit {}", p.max_grandparent_overlap));
    }
    if p.max_subcompactions != 0 {
        flags.push(format!("max subcompactions {}", p.max_subcompactions));
    }
    match p.max_output_file_size {
        0 => {}
        u64::MAX => flags.push("outputs not cut by size".to_string()),
        n => flags.push(format!("output file size {n}")),
    }
    if !flags.is_empty() {
        let _ = writeln!(out, "{}", flags.join(", "));
    }
    out
}

fn run_command(lsm: &mut Option<Lsm>, line: &str, input: &[String]) -> Result<String, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (cmd, rest) = words.split_first().ok_or("empty command")?;
    if *cmd == "define" {
        let defined = define(rest, input)?;
        let out = describe_lsm(&defined);
        *lsm = Some(defined);
        return Ok(out);
    }
    let lsm = lsm.as_ref().ok_or("no LSM defined yet")?;
    let icmp = InternalKeyComparator::default();
    let v = &lsm.version;
    match *cmd {
        "scores" => {
            let t = level_targets(v, &lsm.opts);
            let scores = compaction_scores(v, &lsm.opts, &t, &lsm.compacting);
            let mut out = format!("base level: {}\n", t.base_level);
            for (level, score) in scores.iter().enumerate() {
                let target = if t.target(level) == u64::MAX { "-".to_string() } else { t.target(level).to_string() };
                let _ = writeln!(out, "L{level}: target {target}, score {score:.3}");
            }
            let _ = writeln!(out, "pending bytes: {}", estimated_compaction_bytes(v, &lsm.opts, &t));
            Ok(out)
        }
        "pick" => Ok(describe_plan(pick_compaction(v, &icmp, &lsm.opts, FileStates { compacting: &lsm.compacting, marked: &lsm.marked }))),
        "compact-range" => {
            let (mut from, mut begin, mut end) = (0usize, None, None);
            for (k, val) in args(rest)? {
                match k.as_str() {
                    "from" => from = val.parse().map_err(|_| format!("bad level {val:?}"))?,
                    "begin" => begin = Some(val),
                    "end" => end = Some(val),
                    _ => return Err(format!("unknown argument {k:?}")),
                }
            }
            Ok(describe_plan(compact_range_job(v, &icmp, &lsm.opts, from, begin.as_deref().map(str::as_bytes), end.as_deref().map(str::as_bytes))))
        }
        "compact-files" => {
            let (mut output, mut names) = (0i32, Vec::new());
            let mut opts = CompactFilesOptions::default();
            for (k, val) in args(rest)? {
                match k.as_str() {
                    "output" => output = val.parse().map_err(|_| format!("bad level {val:?}"))?,
                    "files" => names = val.split(',').map(|n| format!("{:06}.sst", n.parse::<u64>().unwrap_or(0))).collect(),
                    "trivial-move" => opts.allow_trivial_move = true,
                    _ => return Err(format!("unknown argument {k:?}")),
                }
            }
            match plan_compact_files(v, &icmp, "default", &lsm.opts, &opts, &lsm.compacting, &names, output) {
                Ok(plan) => Ok(describe_plan(Some(plan))),
                Err(e) => Ok(format!("error: {e}\n")),
            }
        }
        _ => Err(format!("unknown command {cmd:?}")),
    }
}

/// One case of a file, or the comment and blank lines between cases.
enum Item {
    Text(String),
    Case { line_no: usize, command: String, input: Vec<String>, expected: Vec<String> },
}

fn parse(text: &str) -> Vec<Item> {
    let lines: Vec<&str> = text.lines().collect();
    let mut items = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() || line.starts_with('#') {
            items.push(Item::Text(line.to_string()));
            i += 1;
            continue;
        }
        let line_no = i + 1;
        let command = line.to_string();
        i += 1;
        let mut input = Vec::new();
        while i < lines.len() && lines[i] != "----" {
            input.push(lines[i].to_string());
            i += 1;
        }
        i += 1;
        let mut expected = Vec::new();
        while i < lines.len() && !lines[i].trim().is_empty() {
            expected.push(lines[i].to_string());
            i += 1;
        }
        items.push(Item::Case { line_no, command, input, expected });
    }
    items
}

fn testdata_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/compaction/testdata/picker");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn picker_testdata() {
    let rewrite = std::env::var_os("FERROCK_REWRITE_TESTDATA").is_some();
    let files = testdata_files();
    assert!(!files.is_empty(), "no picker test data");
    let mut failures = Vec::new();
    let mut cases = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut lsm = None;
        let mut rewritten = String::new();
        for item in parse(&text) {
            match item {
                Item::Text(t) => {
                    rewritten.push_str(&t);
                    rewritten.push('\n');
                }
                Item::Case { line_no, command, input, expected } => {
                    cases += 1;
                    let got = run_command(&mut lsm, &command, &input).unwrap_or_else(|e| format!("error: {e}\n"));
                    let want: String = expected.iter().map(|l| format!("{l}\n")).collect();
                    if got != want {
                        failures.push(format!("{}:{line_no}: {command}\n--- want\n{want}--- got\n{got}", path.display()));
                    }
                    rewritten.push_str(&command);
                    rewritten.push('\n');
                    for l in &input {
                        rewritten.push_str(l);
                        rewritten.push('\n');
                    }
                    rewritten.push_str("----\n");
                    rewritten.push_str(&got);
                }
            }
        }
        if rewrite && rewritten != text {
            std::fs::write(path, rewritten).unwrap();
        }
    }
    assert!(cases > 0, "no cases in the picker test data");
    assert!(rewrite || failures.is_empty(), "{} of {cases} cases differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_case_without_the_expected_output_fails() {
    // The runner itself: a wrong expectation is reported, not ignored.
    let items = parse("define\nL1\n  1: a-b size=1M\n----\nL1: 1 files, 1 bytes\n");
    let Item::Case { command, input, expected, .. } = &items[0] else { panic!("not a case") };
    let got = run_command(&mut None, command, input).unwrap();
    assert_ne!(got, expected.iter().map(|l| format!("{l}\n")).collect::<String>());
    assert_eq!(got, "L1: 1 files, 1048576 bytes\n  1: a-b 1048576\n");
}
