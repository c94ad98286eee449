//! `db_bench`: ferrock's port of RocksDB's benchmark tool (tools/db_bench_tool.cc),
//! written over the safe Rust API (`ferrock::db::Db`), not the C API.
//!
//! It keeps RocksDB's flag syntax (`--name=value`, booleans as `--x`, `--x=1`,
//! `--x=true`, `--nox`), flag names and defaults, key format (an 8-byte
//! big-endian number padded with '0' to `--key_size`), value generator
//! (fragments compressible to `--compression_ratio`) and the exact text of the
//! header and of each result line, so scripts that parse RocksDB's output parse
//! ours. Benchmarks: fillseq, fillrandom, overwrite, fill100K, readseq,
//! readreverse, readrandom, multireadrandom, deleteseq, deleterandom,
//! readwhilewriting, readrandomwriterandom, seekrandom, seekrandomwhilewriting,
//! newiterator, fillseekseq, compact, stats.
//!
//! With `--stats_interval_seconds=N` a reporter thread prints RocksDB's interval
//! line on stderr every N seconds (`... thread 0: (interval,total) ops and
//! (interval,total) ops/second in (interval,total) seconds`); with
//! `--stats_per_interval=1` it adds `... thread 0: interval stall% S l0_files F
//! pending_compaction_bytes B` (from the engine's properties), which
//! scripts/plot_bench.py draws. After the last benchmark one summary row per
//! benchmark is printed with the columns of RocksDB's tools/benchmark.sh.

use ferrock::cli::{CliError, Flag, Parsed, Tool};
use ferrock::db::Db;
use ferrock::stats::HistogramStat;
use ferrock::options::{CompressionType, Options, ReadOptions, WriteOptions};
use ferrock::batch::WriteBatch;
use ferrock::txn::{
    OptimisticTransactionDb, OptimisticTransactionOptions, Transaction, TransactionDb, TransactionDbOptions, TransactionOptions,
};
use std::sync::Arc;
use ferrock::table::cache::BlockCache;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::exit;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Every flag db_bench accepts, with RocksDB's default and meaning (ferrock::cli parses them:
/// gflags' `--name=value`, `--name value`, `-name`, `--name`/`--noname` for booleans).
const FLAGS: &[Flag] = &[
    // RocksDB's default list, keeping only the members ferrock's db_bench runs, in its order.
    Flag::str(
        "benchmarks",
        "fillseq,fillrandom,overwrite,readrandom,seekrandom,readseq,readreverse,compact,readseq,readreverse",
        "Comma-separated list of benchmarks to run, in order (see the list below)",
    ),
    Flag::int("num", "1000000", "Number of key/values to place in the database"),
    Flag::int("reads", "-1", "Number of read operations to do; -1: --num"),
    Flag::int("writes", "-1", "Number of write operations to do; -1: --num"),
    Flag::int("threads", "1", "Number of concurrent threads to run"),
    Flag::int("key_size", "16", "Size of each key in bytes"),
    Flag::int("value_size", "100", "Size of each value in bytes"),
    Flag::int("batch_size", "1", "Number of keys per write batch"),
    Flag::str("compression_type", "lz4", "Algorithm to compress tables with: none, snappy, zlib, bzip2, lz4, lz4hc, zstd"),
    Flag::float("compression_ratio", "0.5", "Values compress to this fraction of their size"),
    Flag::str("db", "", "Directory of the database; empty: /tmp/rocksdbtest-<uid>/dbbench"),
    Flag::bool("use_existing_db", "false", "Use the existing database instead of destroying it first"),
    Flag::bool("sync", "false", "Sync every write to storage"),
    Flag::bool("disable_wal", "false", "Write without the write-ahead log"),
    Flag::int("write_buffer_size", "67108864", "Bytes a memtable holds before it is flushed"),
    Flag::int("max_write_buffer_number", "2", "Memtables kept in memory at most (one mutable)"),
    Flag::int("cache_size", "33554432", "Bytes of the block cache"),
    Flag::int("bloom_bits", "-1", "Bloom filter bits per key; negative: no filter"),
    Flag::int("block_size", "4096", "Bytes of user data per table data block"),
    Flag::int("seed", "0", "Seed of the random generators; 0: from the clock"),
    Flag::bool("histogram", "false", "Print a histogram of operation latencies after each benchmark"),
    Flag::int("seek_nexts", "0", "Next() calls after each Seek() in seekrandom"),
    Flag::int("target_file_size_base", "67108864", "Target size of a level-1 table file"),
    Flag::int("max_bytes_for_level_base", "268435456", "Bytes of level 1 before it compacts"),
    Flag::int("num_levels", "7", "Number of levels of the LSM tree"),
    Flag::int("level0_file_num_compaction_trigger", "4", "Level-0 files that start a compaction"),
    Flag::int("level0_slowdown_writes_trigger", "20", "Level-0 files that slow writes down"),
    Flag::int("level0_stop_writes_trigger", "36", "Level-0 files that stop writes"),
    Flag::int("max_background_jobs", "2", "Background flush and compaction threads"),
    Flag::int("open_files", "-1", "Table files kept open at most; -1: all"),
    Flag::bool("statistics", "false", "Collect statistics and print them at the end"),
    // Issue 6: run length, reporting and the mixed workloads.
    Flag::int("duration", "0", "Seconds each benchmark runs; 0: until --num/--reads operations"),
    Flag::int("stats_interval_seconds", "0", "Print interval throughput every N seconds; 0: never"),
    Flag::int("stats_per_interval", "0", "With 1, also print stall %, level-0 files and pending bytes each interval"),
    Flag::int("readwritepercent", "90", "Percent of reads in readrandomwriterandom"),
    Flag::int("benchmark_write_rate_limit", "0", "Bytes per second the writer of *whilewriting writes at most; 0: no limit"),
    Flag::str("wal_dir", "", "Directory of the write-ahead log; empty: the database's"),
    Flag::float("max_bytes_for_level_multiplier", "10", "Each level holds this many times the bytes of the one above"),
    Flag::int("soft_pending_compaction_bytes_limit", "68719476736", "Pending compaction bytes that slow writes down"),
    Flag::int("hard_pending_compaction_bytes_limit", "274877906944", "Pending compaction bytes that stop writes"),
    Flag::int("subcompactions", "1", "Threads one compaction may split into"),
    Flag::bool("level_compaction_dynamic_level_bytes", "false", "Size the levels from the last one up"),
    Flag::int("perf_level", "1", "Perf context level (ferrock keeps none; accepted)"),
    Flag::str("merge_operator", "", "Merge operator for mergerandom: put, uint64add or stringappend"),
    Flag::str("memtablerep", "skip_list", "Memtable representation (ferrock has skip_list)"),
    // Transactions (issue 5): each write batch of fillseq/fillrandom/overwrite becomes one
    // pessimistic transaction; commit_bypass_memtable installs it as an immutable memtable at
    // commit; txn_prepare names and prepares it first (two-phase commit).
    Flag::bool("transaction_db", "false", "Open a pessimistic TransactionDB; each write batch is a transaction"),
    Flag::bool("optimistic_transaction_db", "false", "Open an OptimisticTransactionDB (for randomtransaction)"),
    Flag::bool("commit_bypass_memtable", "false", "Commit transactions as immutable memtables"),
    Flag::bool("txn_prepare", "false", "Name and prepare each transaction before its commit"),
    // randomtransaction: keys per transaction (one in each set) and a snapshot per transaction.
    Flag::int("transaction_sets", "2", "randomtransaction: keys per transaction, one in each set"),
    Flag::bool("transaction_set_snapshot", "false", "randomtransaction: take a snapshot per transaction"),
    Flag::int("report_interval_seconds", "0", "Write the interval throughput to --report_file every N seconds; 0: never"),
    Flag::str("report_file", "report.csv", "CSV file of secs_elapsed,interval_qps lines (with --report_interval_seconds)"),
];

const DB_BENCH: Tool = Tool {
    name: "db_bench",
    about: "ferrock's db_bench: RocksDB's benchmark tool over the Rust API, with RocksDB's flags and output",
    flags: FLAGS,
    separate_values: true,
    single_dash: true,
    positionals: None,
    after_help: BENCHMARKS_HELP,
};

const BENCHMARKS_HELP: &str = "Benchmarks (--benchmarks): fillseq, fillbatch, fillsync, fillrandom, overwrite, updaterandom, \
mergerandom, fill100K, readseq, readmissing, readhot, readwhilemerging, \
readreverse, readrandom, multireadrandom, deleteseq, deleterandom, readwhilewriting, readrandomwriterandom, seekrandom, \
seekrandomwhilewriting, newiterator, fillseekseq, randomtransaction, compact, waitforcompaction, flush, stats";

/// The parsed command line (db_bench reads its flags by name).
struct Flags(Parsed);

impl Flags {
    /// Parses `args` (without the program name); errors are gflags' texts.
    fn parse(args: &[String]) -> Result<Flags, CliError> {
        DB_BENCH.parse(args.iter().cloned()).map(Flags)
    }
    fn str(&self, name: &str) -> &str {
        self.0.str(name)
    }
    fn i64(&self, name: &str) -> i64 {
        self.0.i64(name)
    }
    fn f64(&self, name: &str) -> f64 {
        self.0.f64(name)
    }
    fn bool(&self, name: &str) -> bool {
        self.0.bool(name)
    }
}

/// The codecs db_bench knows by name; ferrock writes only none, lz4 and lz4hc.
fn parse_compression(name: &str) -> Result<CompressionType, String> {
    let t = match name.to_ascii_lowercase().as_str() {
        "none" => CompressionType::None,
        "lz4" => CompressionType::Lz4,
        "lz4hc" => CompressionType::Lz4hc,
        "snappy" => CompressionType::Snappy,
        "zlib" => CompressionType::Zlib,
        "bzip2" => CompressionType::BZip2,
        "xpress" => CompressionType::Xpress,
        "zstd" => CompressionType::Zstd,
        _ => return Err(format!("unknown --compression_type={name} (none, snappy, zlib, bzip2, lz4, lz4hc, zstd)")),
    };
    if !t.supported_for_writing() {
        return Err(format!(
            "Not implemented: --compression_type={name}: ferrock writes every codec but xpress (Windows only)"
        ));
    }
    Ok(t)
}

/// A small, fast PRNG (SplitMix64). db_bench only needs uniform keys, not RocksDB's exact stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn uniform(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// RocksDB's RandomGenerator idea: 1 MiB of 100-byte fragments, each made of
/// `100 * ratio` random bytes repeated, so values compress to about `ratio`.
struct ValueGenerator {
    data: Vec<u8>,
    pos: usize,
}

impl ValueGenerator {
    fn new(ratio: f64, value_size: usize, seed: u64) -> ValueGenerator {
        let mut rng = Rng(seed);
        let want = value_size.max(1 << 20);
        let mut data = Vec::with_capacity(want + 100);
        let raw_len = ((100.0 * ratio) as usize).max(1);
        while data.len() < want {
            let raw: Vec<u8> = (0..raw_len).map(|_| (rng.next() & 0xff) as u8).collect();
            let mut piece = Vec::with_capacity(100);
            while piece.len() < 100 {
                piece.extend_from_slice(&raw);
            }
            piece.truncate(100);
            data.extend_from_slice(&piece);
        }
        ValueGenerator { data, pos: 0 }
    }
    fn generate(&mut self, len: usize) -> &[u8] {
        if self.pos + len > self.data.len() {
            self.pos = 0;
        }
        let start = self.pos;
        self.pos += len;
        &self.data[start..start + len]
    }
}

/// RocksDB's GenerateKeyFromInt without prefixes: the low `min(key_size, 8)`
/// bytes of `v` big-endian, then '0' padding up to `key_size`.
fn generate_key(v: u64, key_size: usize, out: &mut Vec<u8>) {
    out.clear();
    let n = key_size.min(8);
    for i in 0..n {
        out.push((v >> ((n - i - 1) * 8)) as u8);
    }
    out.resize(key_size, b'0');
}

/// Per-thread measurements, merged into one report line as RocksDB's CombinedStats does.
#[derive(Default)]
struct Stats {
    start: Option<Instant>,
    finish: Option<Instant>,
    done: u64,
    bytes: u64,
    found: u64,
    reads: u64,
    has_found_message: bool,
    /// Operation latencies in microseconds, in RocksDB's buckets (bounded memory).
    latencies: HistogramStat,
    /// readrandomwriterandom's (reads, writes), for its `( reads:N writes:M total:T found:F)` message.
    mixed: Option<(u64, u64)>,
    /// updaterandom: its `( updates:N found:F)` message.
    updates: bool,
    /// A message after the others (fillsync's `(N ops)`).
    note: Option<String>,
}

impl Stats {
    fn started(has_found_message: bool) -> Stats {
        Stats { start: Some(Instant::now()), has_found_message, ..Default::default() }
    }

    /// Counts `n` finished operations that began at `op_start`.
    fn finished_ops(&mut self, cfg: &Config, n: u64, op_start: Instant) {
        self.done += n;
        cfg.progress.fetch_add(n, AtomicOrdering::Relaxed);
        self.latencies.add(op_start.elapsed().as_micros() as u64);
    }

    fn merge(&mut self, other: Stats) {
        self.start = match (self.start, other.start) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.finish = match (self.finish, other.finish) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.done += other.done;
        self.bytes += other.bytes;
        self.found += other.found;
        self.reads += other.reads;
        self.has_found_message |= other.has_found_message;
        self.updates |= other.updates;
        self.note = self.note.take().or(other.note);
        self.mixed = match (self.mixed, other.mixed) {
            (Some(a), Some(b)) => Some((a.0 + b.0, a.1 + b.1)),
            (a, b) => a.or(b),
        };
        self.latencies.merge(&other.latencies);
    }
}

/// RocksDB's Report(): `%-12s : %11.3f micros/op %ld ops/sec %.3f seconds %lu operations;%s%s`.
/// `thread_seconds` is the sum of each thread's own elapsed time, as RocksDB's `seconds_`.
fn report(name: &str, stats: &Stats, thread_seconds: f64, histogram: bool) {
    let elapsed = match (stats.start, stats.finish) {
        (Some(s), Some(f)) => f.duration_since(s).as_secs_f64(),
        _ => 0.0,
    };
    println!("{}", format_report(name, stats, elapsed, thread_seconds));
    if histogram && stats.latencies.count() > 0 {
        print_histogram(name, &stats.latencies);
    }
    let _ = std::io::stdout().flush();
}

/// The result line (without its final newline) for `elapsed` wall seconds.
fn format_report(name: &str, stats: &Stats, elapsed: f64, thread_seconds: f64) -> String {
    let done = stats.done.max(1);
    let elapsed = elapsed.max(1e-9);
    let mut extra = String::new();
    if stats.bytes > 0 {
        extra = format!("{:6.1} MB/s", (stats.bytes as f64 / 1048576.0) / elapsed);
    }
    if let Some((reads, writes)) = stats.mixed {
        // RocksDB: "( reads:%lu writes:%lu total:%lu found:%lu)".
        if !extra.is_empty() {
            extra.push(' ');
        }
        extra.push_str(&format!("( reads:{} writes:{} total:{} found:{})", reads, writes, stats.done, stats.found));
    } else if stats.updates {
        if !extra.is_empty() {
            extra.push(' ');
        }
        extra.push_str(&format!("( updates:{} found:{})", stats.reads, stats.found));
    } else if stats.has_found_message {
        // RocksDB's read benchmarks end their message with a newline.
        let msg = format!("({} of {} found)\n", stats.found, stats.reads);
        if !extra.is_empty() {
            extra.push(' ');
        }
        extra.push_str(&msg);
    }
    if let Some(n) = &stats.note {
        if !extra.is_empty() {
            extra.push(' ');
        }
        extra.push_str(n);
    }
    let throughput = done as f64 / elapsed;
    format!(
        "{:<12} : {:11.3} micros/op {} ops/sec {:.3} seconds {} operations;{}{}",
        name,
        thread_seconds * 1e6 / done as f64,
        throughput as i64,
        elapsed,
        done,
        if extra.is_empty() { "" } else { " " },
        extra
    )
}

/// A latency summary: RocksDB's HistogramImpl::ToString of the benchmark's histogram.
fn print_histogram(name: &str, lat: &HistogramStat) {
    let kind = if name.starts_with("fill") || name == "overwrite" || name == "mergerandom" || name == "updaterandom" {
        "write"
    } else if name.starts_with("seek") {
        "seek"
    } else {
        "read"
    };
    println!("Microseconds per {kind}:\n{}", lat.to_text());
}

/// Settings the workloads share, derived from the flags once.
struct Config {
    num: u64,
    reads: u64,
    writes: u64,
    threads: usize,
    key_size: usize,
    value_size: usize,
    batch_size: usize,
    seek_nexts: usize,
    compression_ratio: f64,
    seed: u64,
    histogram: bool,
    write_options: WriteOptions,
    /// --duration: seconds a benchmark runs (0: until its op count).
    duration_secs: u64,
    stats_interval_seconds: u64,
    stats_per_interval: bool,
    report_interval_seconds: u64,
    report_file: String,
    readwritepercent: u64,
    /// --benchmark_write_rate_limit: bytes per second of all writers of fillseq, fillrandom,
    /// overwrite and the writer thread of the *whilewriting benchmarks (0: unlimited).
    write_rate_limit: u64,
    /// Operations finished by every thread of the running benchmark, for the interval lines.
    progress: AtomicU64,
    commit_bypass_memtable: bool,
    txn_prepare: bool,
}

impl Config {
    /// RocksDB's Duration: run for --duration seconds when set, else `max_ops` operations.
    fn keep_going(&self, start: Instant, done: u64, max_ops: u64) -> bool {
        if self.duration_secs > 0 {
            start.elapsed().as_secs() < self.duration_secs
        } else {
            done < max_ops
        }
    }
}

fn die(msg: &str) -> ! {
    eprintln!("{msg}");
    exit(1);
}

fn default_db_path() -> PathBuf {
    // RocksDB's Env::GetTestDirectory: $TEST_TMPDIR, else /tmp/rocksdbtest-<euid>.
    let base = match std::env::var("TEST_TMPDIR") {
        Ok(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(format!("/tmp/rocksdbtest-{}", effective_uid())),
    };
    base.join("dbbench")
}

fn effective_uid() -> u32 {
    // /proc/self/status "Uid:\treal\teffective\t..." avoids unsafe libc calls here.
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(2).and_then(|u| u.parse().ok()))
        })
        .unwrap_or(0)
}

/// Removes what a database leaves in `dir` (RocksDB's file names only, as DestroyDB does)
/// and the directory itself when it ends up empty. Anything else is left alone.
fn destroy_db_files(dir: &Path) -> std::io::Result<()> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().to_string();
        let numbered = |ext: &str| {
            name.strip_suffix(ext).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        let is_db_file = name == "CURRENT"
            || name == "LOCK"
            || name == "IDENTITY"
            || name == "LOG"
            || name.starts_with("LOG.old.")
            || name.starts_with("MANIFEST-")
            || name.starts_with("OPTIONS-")
            || name.ends_with(".dbtmp")
            || numbered(".sst")
            || numbered(".ldb")
            || numbered(".log")
            || numbered(".blob");
        if is_db_file && entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
        }
    }
    match std::fs::remove_dir(dir) {
        Ok(()) => Ok(()),
        Err(_) => Ok(()), // not empty: keep whatever the user put there
    }
}

fn build_options(flags: &Flags) -> Result<Options, String> {
    let mut o = Options {
        create_if_missing: true,
        compression: parse_compression(flags.str("compression_type"))?,
        max_open_files: flags.i64("open_files") as i32,
        statistics: flags.bool("statistics"),
        max_subcompactions: flags.i64("subcompactions").max(1) as u32,
        ..Options::default()
    };
    // Flags named after an option (--write_buffer_size, --num_levels, --block_size, ...) are
    // parsed by the option catalog, as RocksDB's db_bench hands them to its options.
    for info in Options::CATALOG.iter().chain(ferrock::options::BlockBasedTableOptions::CATALOG) {
        let Some(v) = flags.0.opt(info.name) else { continue };
        let set = if info.section == ferrock::options::Section::Table {
            o.table.set_from_string(info.section, info.name, v)
        } else {
            o.set_from_string(info.section, info.name, v)
        };
        if let Some(r) = set {
            r.map_err(|e| format!("--{}: {e}", info.name))?;
        }
    }
    match flags.str("memtablerep") {
        "skip_list" | "skiplist" => {}
        m => return Err(format!("Not implemented: --memtablerep={m}: ferrock has the skip list only")),
    }
    let merge_operator = flags.str("merge_operator");
    if !merge_operator.is_empty() {
        o.merge_operator = Some(
            ferrock::merge::builtin(merge_operator)
                .ok_or_else(|| format!("unknown merge operator '{merge_operator}' (put, uint64add, stringappend)"))?,
        );
    }
    let bloom_bits = flags.i64("bloom_bits");
    o.table.bloom_bits_per_key = if bloom_bits > 0 { bloom_bits as f64 } else { 0.0 };
    let cache_size = flags.i64("cache_size");
    if cache_size <= 0 {
        // RocksDB's db_bench: a cache size of 0 or less means no block cache.
        o.table.no_block_cache = true;
    } else {
        // -1: the cache picks its shard count, as RocksDB's --cache_numshardbits=-1 does.
        o.table.block_cache = Some(BlockCache::new(cache_size as usize, -1));
    }
    Ok(o)
}

fn print_header(flags: &Flags, cfg: &Config) {
    // RocksDB prints the environment part on stderr and the rest on stdout.
    eprintln!("RocksDB:    version ferrock {} (RocksDB 11.8.1 C API)", env!("CARGO_PKG_VERSION"));
    eprintln!("Date:       {}", ctime_now());
    if let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") {
        let mut cpus = 0;
        let mut model = String::new();
        let mut cache = String::new();
        for line in cpuinfo.lines() {
            if let Some((k, v)) = line.split_once(':') {
                match k.trim() {
                    "model name" => {
                        cpus += 1;
                        model = v.trim().to_string();
                    }
                    "cache size" => cache = v.trim().to_string(),
                    _ => {}
                }
            }
        }
        eprintln!("CPU:        {cpus} * {model}");
        eprintln!("CPUCache:   {cache}");
    }
    let ratio = cfg.compression_ratio;
    println!("Keys:       {} bytes each (+ 0 bytes user-defined timestamp)", cfg.key_size);
    println!(
        "Values:     {} bytes each ({} bytes after compression)",
        cfg.value_size,
        (cfg.value_size as f64 * ratio + 0.5) as i64
    );
    println!("Entries:    {}", cfg.num);
    println!("Prefix:    0 bytes");
    println!("Keys per prefix:    0");
    println!(
        "RawSize:    {:.1} MB (estimated)",
        ((cfg.key_size + cfg.value_size) as f64 * cfg.num as f64) / 1048576.0
    );
    println!(
        "FileSize:   {:.1} MB (estimated)",
        ((cfg.key_size as f64 + cfg.value_size as f64 * ratio) * cfg.num as f64) / 1048576.0
    );
    println!("Write rate: 0 bytes/second");
    println!("Read rate: 0 ops/second");
    let compression = parse_compression(flags.str("compression_type")).map(|c| c.name()).unwrap_or("?");
    println!("Compression: {compression}");
    println!("Compression sampling rate: 0");
    println!("Memtablerep: SkipListFactory");
    println!("Perf Level: 1");
    if cfg!(debug_assertions) {
        println!("WARNING: Optimization is disabled: benchmarks unnecessarily slow");
        println!("WARNING: Assertions are enabled; benchmarks unnecessarily slow");
    }
    println!("------------------------------------------------");
}

/// `ctime()`-style UTC date ("Mon Nov 30 05:47:04 2026"), computed without libc.
fn ctime_now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let days = (secs / 86400) as i64;
    let rem = secs % 86400;
    let (h, m, s) = (rem / 3600, (rem % 3600) / 60, rem % 60);
    // Howard Hinnant's civil_from_days.
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
    const WD: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MO: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let wd = WD[days.rem_euclid(7) as usize];
    let mo = MO[((month - 1).clamp(0, 11)) as usize];
    format!("{wd} {mo} {d:2} {h:02}:{m:02}:{s:02} {year}")
}

#[derive(Clone, Copy, PartialEq)]
enum KeyOrder {
    Sequential,
    Random,
}

/// fillseq / fillrandom / overwrite: `writes` entries per thread, `batch_size` per write.
fn do_write(db: &Db, cfg: &Config, order: KeyOrder, seed: u64, merge: bool) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let mut values = ValueGenerator::new(cfg.compression_ratio, cfg.value_size, seed ^ 301);
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut batch = WriteBatch::new();
    let mut st = Stats::started(false);
    let batch_size = cfg.batch_size.max(1) as u64;
    let start = Instant::now();
    let mut i = 0u64;
    while cfg.keep_going(start, i, cfg.writes) {
        let op_start = Instant::now();
        batch.clear();
        let n = if cfg.duration_secs > 0 { batch_size } else { batch_size.min(cfg.writes - i) };
        for j in 0..n {
            let k = match order {
                KeyOrder::Sequential => i + j,
                KeyOrder::Random => rng.uniform(cfg.num),
            };
            generate_key(k, cfg.key_size, &mut key);
            if merge {
                batch.merge(&key, values.generate(cfg.value_size));
            } else {
                batch.put(&key, values.generate(cfg.value_size));
            }
        }
        db.write(&cfg.write_options, &batch).map_err(|e| format!("put error: {e}"))?;
        st.bytes += n * (cfg.key_size + cfg.value_size) as u64;
        st.finished_ops(cfg, n, op_start);
        i += n;
        // RocksDB's limit is for all writers together: each thread takes its share.
        pace_writes(start, st.bytes, cfg.write_rate_limit / cfg.threads.max(1) as u64);
    }
    st.finish = Some(Instant::now());
    Ok(st)
}

/// readrandom: `reads` point lookups of uniformly random keys per thread.
fn do_read_random(db: &Db, cfg: &Config, seed: u64) -> Result<Stats, String> {
    do_read_random_in(db, cfg, seed, cfg.num)
}

/// readrandom over the first `range` keys (readhot: the first 1%).
fn do_read_random_in(db: &Db, cfg: &Config, seed: u64, range: u64) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let ro = ReadOptions::new();
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut st = Stats::started(true);
    let start = Instant::now();
    while cfg.keep_going(start, st.done, cfg.reads) {
        let op_start = Instant::now();
        generate_key(rng.uniform(range.max(1)), cfg.key_size, &mut key);
        st.reads += 1;
        match db.get(&ro, &key) {
            Ok(Some(v)) => {
                st.found += 1;
                st.bytes += (key.len() + v.len()) as u64;
            }
            Ok(None) => {}
            Err(e) => return Err(format!("get error: {e}")),
        }
        st.finished_ops(cfg, 1, op_start);
    }
    st.finish = Some(Instant::now());
    Ok(st)
}

/// seekrandom: a new iterator per operation, Seek to a random key, then `seek_nexts` Next()s.
fn do_seek_random(db: &Db, cfg: &Config, seed: u64) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let ro = ReadOptions::new();
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut st = Stats::started(true);
    let start = Instant::now();
    while cfg.keep_going(start, st.done, cfg.reads) {
        let op_start = Instant::now();
        generate_key(rng.uniform(cfg.num), cfg.key_size, &mut key);
        let mut it = db.iter(&ro).map_err(|e| format!("iterator error: {e}"))?;
        it.seek(&key);
        st.reads += 1;
        if it.valid() && it.key() == key.as_slice() {
            st.found += 1;
        }
        for _ in 0..cfg.seek_nexts {
            if !it.valid() {
                break;
            }
            st.bytes += (it.key().len() + it.value().len()) as u64;
            it.next();
        }
        it.status().map_err(|e| format!("iterator error: {e}"))?;
        st.finished_ops(cfg, 1, op_start);
    }
    st.finish = Some(Instant::now());
    Ok(st)
}

/// readseq / readreverse: one iterator walked over at most `reads` entries.
fn do_read_scan(db: &Db, cfg: &Config, reverse: bool) -> Result<Stats, String> {
    let ro = ReadOptions::new();
    let mut st = Stats { start: Some(Instant::now()), ..Default::default() };
    let mut it = db.iter(&ro).map_err(|e| format!("iterator error: {e}"))?;
    if reverse {
        it.seek_to_last();
    } else {
        it.seek_to_first();
    }
    while it.valid() && st.done < cfg.reads {
        let op_start = Instant::now();
        st.bytes += (it.key().len() + it.value().len()) as u64;
        if reverse {
            it.prev();
        } else {
            it.next();
        }
        st.finished_ops(cfg, 1, op_start);
    }
    it.status().map_err(|e| format!("iterator error: {e}"))?;
    st.finish = Some(Instant::now());
    Ok(st)
}

/// multireadrandom: batches of `batch_size` random keys through one MultiGet each.
fn do_multi_read_random(db: &Db, cfg: &Config, seed: u64) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let ro = ReadOptions::new();
    let cf = db.default_column_family();
    let batch = cfg.batch_size.max(1);
    let mut keys: Vec<Vec<u8>> = vec![Vec::with_capacity(cfg.key_size); batch];
    let mut st = Stats::started(true);
    let start = Instant::now();
    while cfg.keep_going(start, st.done, cfg.reads) {
        let op_start = Instant::now();
        let n = if cfg.duration_secs > 0 { batch } else { batch.min((cfg.reads - st.done) as usize) };
        for k in keys.iter_mut().take(n) {
            generate_key(rng.uniform(cfg.num), cfg.key_size, k);
        }
        let req: Vec<(&ferrock::db::ColumnFamilyHandle, &[u8])> = keys[..n].iter().map(|k| (&*cf, k.as_slice())).collect();
        for (r, k) in db.multi_get_cf(&ro, &req).into_iter().zip(&keys[..n]) {
            st.reads += 1;
            match r {
                Ok(Some(v)) => {
                    st.found += 1;
                    st.bytes += (k.len() + v.len()) as u64;
                }
                Ok(None) => {}
                Err(e) => return Err(format!("multiget error: {e}")),
            }
        }
        st.finished_ops(cfg, n as u64, op_start);
    }
    st.finish = Some(Instant::now());
    Ok(st)
}

/// deleteseq / deleterandom: `num` deletes per thread, `batch_size` per write.
fn do_delete(db: &Db, cfg: &Config, order: KeyOrder, seed: u64) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut batch = WriteBatch::new();
    let batch_size = cfg.batch_size.max(1) as u64;
    let mut st = Stats::started(false);
    let mut i = 0u64;
    while i < cfg.num {
        let op_start = Instant::now();
        batch.clear();
        let n = batch_size.min(cfg.num - i);
        for j in 0..n {
            let k = if order == KeyOrder::Sequential { i + j } else { rng.uniform(cfg.num) };
            generate_key(k, cfg.key_size, &mut key);
            batch.delete(&key);
        }
        db.write(&cfg.write_options, &batch).map_err(|e| format!("del error: {e}"))?;
        st.finished_ops(cfg, n, op_start);
        i += n;
    }
    st.finish = Some(Instant::now());
    Ok(st)
}

/// readrandomwriterandom: `reads` operations per thread, --readwritepercent of them reads.
fn do_read_random_write_random(db: &Db, cfg: &Config, seed: u64) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let mut values = ValueGenerator::new(cfg.compression_ratio, cfg.value_size, seed ^ 301);
    let ro = ReadOptions::new();
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut st = Stats::started(true);
    let (mut reads_done, mut writes_done) = (0u64, 0u64);
    let start = Instant::now();
    while cfg.keep_going(start, st.done, cfg.reads) {
        let op_start = Instant::now();
        generate_key(rng.uniform(cfg.num), cfg.key_size, &mut key);
        if rng.uniform(100) < cfg.readwritepercent {
            reads_done += 1;
            if let Some(v) = db.get(&ro, &key).map_err(|e| format!("get error: {e}"))? {
                st.found += 1;
                st.bytes += (key.len() + v.len()) as u64;
            }
        } else {
            writes_done += 1;
            db.put(&cfg.write_options, &key, values.generate(cfg.value_size)).map_err(|e| format!("put error: {e}"))?;
            st.bytes += (cfg.key_size + cfg.value_size) as u64;
        }
        st.finished_ops(cfg, 1, op_start);
    }
    st.reads = reads_done;
    st.mixed = Some((reads_done, writes_done));
    st.finish = Some(Instant::now());
    Ok(st)
}

/// updaterandom: `reads` read-modify-writes of random keys per thread (a Get, then a Put).
fn do_update_random(db: &Db, cfg: &Config, seed: u64) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let mut values = ValueGenerator::new(cfg.compression_ratio, cfg.value_size, seed ^ 301);
    let ro = ReadOptions::new();
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut st = Stats::started(false);
    let start = Instant::now();
    while cfg.keep_going(start, st.done, cfg.reads) {
        let op_start = Instant::now();
        generate_key(rng.uniform(cfg.num), cfg.key_size, &mut key);
        if let Some(v) = db.get(&ro, &key).map_err(|e| format!("get error: {e}"))? {
            st.found += 1;
            st.bytes += v.len() as u64;
        }
        db.put(&cfg.write_options, &key, values.generate(cfg.value_size)).map_err(|e| format!("put error: {e}"))?;
        st.bytes += (cfg.key_size + cfg.value_size) as u64;
        st.reads += 1;
        st.finished_ops(cfg, 1, op_start);
    }
    st.updates = true;
    st.finish = Some(Instant::now());
    Ok(st)
}

/// newiterator: `reads` iterator creations per thread.
fn do_new_iterator(db: &Db, cfg: &Config) -> Result<Stats, String> {
    let ro = ReadOptions::new();
    let mut st = Stats::started(false);
    let start = Instant::now();
    while cfg.keep_going(start, st.done, cfg.reads) {
        let op_start = Instant::now();
        let it = db.iter(&ro).map_err(|e| format!("iterator error: {e}"))?;
        drop(it);
        st.finished_ops(cfg, 1, op_start);
    }
    st.finish = Some(Instant::now());
    Ok(st)
}

/// fillseekseq: writes keys 0..num in order, then seeks each one and checks it and its successor.
fn do_fill_seek_seq(db: &Db, cfg: &Config, seed: u64) -> Result<Stats, String> {
    let mut values = ValueGenerator::new(cfg.compression_ratio, cfg.value_size, seed ^ 301);
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut st = Stats::started(false);
    for i in 0..cfg.num {
        let op_start = Instant::now();
        generate_key(i, cfg.key_size, &mut key);
        db.put(&cfg.write_options, &key, values.generate(cfg.value_size)).map_err(|e| format!("put error: {e}"))?;
        st.bytes += (cfg.key_size + cfg.value_size) as u64;
        st.finished_ops(cfg, 1, op_start);
    }
    let mut it = db.iter(&ReadOptions::new()).map_err(|e| format!("iterator error: {e}"))?;
    for i in 0..cfg.num {
        let op_start = Instant::now();
        generate_key(i, cfg.key_size, &mut key);
        it.seek(&key);
        if !it.valid() || it.key() != key.as_slice() {
            return Err(format!("fillseekseq: seek to key {i} did not find it"));
        }
        it.next();
        if i + 1 < cfg.num {
            generate_key(i + 1, cfg.key_size, &mut key);
            if !it.valid() || it.key() != key.as_slice() {
                return Err(format!("fillseekseq: the key after {i} is not {}", i + 1));
            }
        }
        st.finished_ops(cfg, 1, op_start);
    }
    it.status().map_err(|e| format!("iterator error: {e}"))?;
    st.finish = Some(Instant::now());
    Ok(st)
}

/// The background writer of readwhilewriting / seekrandomwhilewriting: random
/// puts (paced to --benchmark_write_rate_limit bytes/s when set) until `stop`.
fn background_writer(db: &Db, cfg: &Config, seed: u64, stop: &AtomicBool, merge: bool) -> Result<(), String> {
    let mut rng = Rng(seed);
    let mut values = ValueGenerator::new(cfg.compression_ratio, cfg.value_size, seed ^ 301);
    let mut key = Vec::with_capacity(cfg.key_size);
    let start = Instant::now();
    let mut bytes = 0u64;
    while !stop.load(AtomicOrdering::Relaxed) {
        generate_key(rng.uniform(cfg.num), cfg.key_size, &mut key);
        let value = values.generate(cfg.value_size);
        if merge {
            db.merge(&cfg.write_options, &key, value).map_err(|e| format!("merge error: {e}"))?;
        } else {
            db.put(&cfg.write_options, &key, value).map_err(|e| format!("put error: {e}"))?;
        }
        bytes += (cfg.key_size + cfg.value_size) as u64;
        pace_writes(start, bytes, cfg.write_rate_limit);
    }
    Ok(())
}

/// --benchmark_write_rate_limit: sleeps while a writer that has written `bytes` since `start`
/// is ahead of `rate` bytes/s (0: no limit).
fn pace_writes(start: Instant, bytes: u64, rate: u64) {
    if rate == 0 {
        return;
    }
    let due = Duration::from_secs_f64(bytes as f64 / rate as f64);
    let elapsed = start.elapsed();
    if due > elapsed {
        std::thread::sleep((due - elapsed).min(Duration::from_millis(100)));
    }
}

/// Runs `work` on `cfg.threads` reader threads while one more thread writes; reports the readers.
fn run_while_writing(
    db: &Db,
    cfg: &Config,
    writer_seed: u64,
    merge: bool,
    work: &(dyn Fn(usize) -> Result<Stats, String> + Sync),
) -> Result<(Stats, f64), String> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let writer = s.spawn(|| background_writer(db, cfg, writer_seed, &stop, merge));
        let r = run_threads(cfg, work);
        stop.store(true, AtomicOrdering::Relaxed);
        let w = writer.join().unwrap_or_else(|_| Err("writer thread panicked".to_string()));
        w?;
        r
    })
}

/// Calls `tick(now, start)` every `interval` until `done` is set (the interval reporters).
fn every(done: &(Mutex<bool>, Condvar), interval: Duration, mut tick: impl FnMut(Instant, Instant)) {
    let start = Instant::now();
    let mut last = start;
    let mut finished = done.0.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let (g, _) = done.1.wait_timeout(finished, interval).unwrap_or_else(|e| e.into_inner());
        finished = g;
        if *finished {
            break;
        }
        let now = Instant::now();
        if now.duration_since(last) < interval {
            continue; // a spurious wake-up
        }
        tick(now, start);
        last = now;
    }
}

/// Runs `f` while reporter threads print an interval line every --stats_interval_seconds
/// and append a CSV line to --report_file every --report_interval_seconds.
fn with_interval_reporter<T>(cfg: &Config, db: &Db, f: impl FnOnce() -> T) -> T {
    cfg.progress.store(0, AtomicOrdering::Relaxed);
    if cfg.stats_interval_seconds == 0 && cfg.report_interval_seconds == 0 {
        return f();
    }
    let done = (Mutex::new(false), Condvar::new());
    // RocksDB's ReporterAgent: the file is made anew for each benchmark, header first.
    let mut report = (cfg.report_interval_seconds > 0).then(|| {
        let mut file = std::fs::File::create(&cfg.report_file)
            .unwrap_or_else(|e| die(&format!("Can't open {}: {e}", cfg.report_file)));
        if let Err(e) = file.write_all(b"secs_elapsed,interval_qps\n") {
            die(&format!("Can't open {}: {e}", cfg.report_file));
        }
        file
    });
    std::thread::scope(|s| {
        if cfg.stats_interval_seconds > 0 {
            s.spawn(|| {
                let (mut last_time, mut last_done) = (Instant::now(), 0u64);
                let mut last_stall = db_stall_seconds(db);
                every(&done, Duration::from_secs(cfg.stats_interval_seconds), |now, start| {
                    let total = cfg.progress.load(AtomicOrdering::Relaxed);
                    let (isecs, tsecs) = (now.duration_since(last_time).as_secs_f64(), now.duration_since(start).as_secs_f64());
                    eprintln!(
                        "{} ... thread 0: ({},{}) ops and ({:.1},{:.1}) ops/second in ({:.6},{:.6}) seconds",
                        time_to_string(),
                        total - last_done,
                        total,
                        (total - last_done) as f64 / isecs,
                        total as f64 / tsecs,
                        isecs,
                        tsecs
                    );
                    if cfg.stats_per_interval {
                        let cf = db.default_column_family();
                        let stall = db_stall_seconds(db);
                        eprintln!(
                            "{} ... thread 0: interval stall% {:.1} l0_files {} pending_compaction_bytes {}",
                            time_to_string(),
                            ((stall - last_stall) / isecs * 100.0).clamp(0.0, 100.0),
                            db.property_u64_cf(&cf, "rocksdb.num-files-at-level0").unwrap_or(0),
                            db.property_int_cf(&cf, "rocksdb.estimate-pending-compaction-bytes").unwrap_or(0)
                        );
                        last_stall = stall;
                    }
                    last_time = now;
                    last_done = total;
                });
            });
        }
        if let Some(file) = report.as_mut() {
            let done = &done;
            s.spawn(move || {
                let mut last_done = 0u64;
                every(done, Duration::from_secs(cfg.report_interval_seconds), |now, start| {
                    let total = cfg.progress.load(AtomicOrdering::Relaxed);
                    // Whole seconds since the benchmark began, rounded; operations in the interval.
                    let secs = (now.duration_since(start).as_micros() as u64 + 500_000) / 1_000_000;
                    if let Err(e) = file.write_all(format!("{secs},{}\n", total - last_done).as_bytes()) {
                        eprintln!("Can't write to report file ({e}), stopping the reporting");
                    }
                    last_done = total;
                });
            });
        }
        let r = f();
        *done.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        done.1.notify_all();
        r
    })
}

/// RocksDB's Env::TimeToString: `YYYY/MM/DD-HH:MM:SS` (UTC here).
fn time_to_string() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, mo, d) = civil_from_days((secs / 86400) as i64);
    let rem = secs % 86400;
    format!("{y:04}/{mo:02}/{d:02}-{:02}:{:02}:{:02}", rem / 3600, (rem % 3600) / 60, rem % 60)
}

/// Howard Hinnant's civil_from_days: (year, month, day) of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + if month <= 2 { 1 } else { 0 }, month, d)
}

/// Seconds writes have stalled so far (the `Cumulative stall: H:M:S` of rocksdb.stats).
fn db_stall_seconds(db: &Db) -> f64 {
    let cf = db.default_column_family();
    let text = db.property_value_cf(&cf, "rocksdb.stats").unwrap_or_default();
    engine_figures(&text).stall_secs
}

/// What the summary row takes from the engine's rocksdb.stats text.
#[derive(Clone, Copy, Default)]
struct EngineFigures {
    compaction_write_gb: f64,
    compaction_secs: f64,
    write_amp: f64,
    stall_secs: f64,
    stall_count: u64,
}

fn engine_figures(stats: &str) -> EngineFigures {
    let mut f = EngineFigures::default();
    let num = |s: &str| s.trim_end_matches(',').parse::<f64>().unwrap_or(0.0);
    for line in stats.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        if let Some(rest) = line.strip_prefix("Cumulative compaction: ") {
            let w: Vec<&str> = rest.split_whitespace().collect();
            f.compaction_write_gb = w.first().map_or(0.0, |x| num(x));
            f.compaction_secs = w.iter().rposition(|x| *x == "seconds").and_then(|i| w.get(i.wrapping_sub(1))).map_or(0.0, |x| num(x));
        } else if t.first() == Some(&"Sum") {
            // Level  Files Size(2 tokens) Score Read Rn Rnp1 Write Wnew Moved W-Amp
            f.write_amp = t.get(11).map_or(0.0, |x| num(x));
        } else if let Some(rest) = line.strip_prefix("Cumulative stall: ") {
            let hms = rest.split_whitespace().next().unwrap_or("");
            let parts: Vec<f64> = hms.split(':').map(num).collect();
            if parts.len() == 3 {
                f.stall_secs = parts[0] * 3600.0 + parts[1] * 60.0 + parts[2];
            }
        } else if let Some(rest) = line.strip_prefix("Stalls(count): ") {
            f.stall_count = rest
                .split(',')
                .filter_map(|part| part.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()))
                .sum();
        }
    }
    f
}

/// User and system CPU seconds of this process so far (/proc/self/stat, 100 ticks a second).
fn cpu_seconds() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    let after = stat.rsplit_once(") ").map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0) / 100.0;
    (tick(11), tick(12))
}

fn dir_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok()).filter_map(|e| e.metadata().ok()).filter(|m| m.is_file()).map(|m| m.len()).sum())
        .unwrap_or(0)
}

/// Engine and process figures taken before a benchmark, to report its share.
struct Baseline {
    engine: EngineFigures,
    cpu: (f64, f64),
}

fn baseline(db: &Db) -> Baseline {
    let cf = db.default_column_family();
    Baseline { engine: engine_figures(&db.property_value_cf(&cf, "rocksdb.stats").unwrap_or_default()), cpu: cpu_seconds() }
}

const SUMMARY_HEADER: &str =
    "ops_sec\tmb_sec\tdb_size\tc_wgb\tw_amp\tc_mbps\tc_secs\tusec_op\tp50\tp99\tp99.9\tp99.99\tpmax\tuptime\tstall%\tNstall\tu_cpu\ts_cpu\ttest";

/// One row of the summary table (the columns of RocksDB's tools/benchmark.sh).
fn summary_row(name: &str, st: &Stats, thread_seconds: f64, before: &Baseline, db: &Db, db_path: &Path) -> String {
    let elapsed = match (st.start, st.finish) {
        (Some(s), Some(f)) => f.duration_since(s).as_secs_f64(),
        _ => 0.0,
    }
    .max(1e-9);
    let cf = db.default_column_family();
    let now = engine_figures(&db.property_value_cf(&cf, "rocksdb.stats").unwrap_or_default());
    let cpu = cpu_seconds();
    let c_wgb = (now.compaction_write_gb - before.engine.compaction_write_gb).max(0.0);
    let c_secs = (now.compaction_secs - before.engine.compaction_secs).max(0.0);
    let stall = (now.stall_secs - before.engine.stall_secs).max(0.0);
    let pct = |p: f64| st.latencies.percentile(p);
    let done = st.done.max(1) as f64;
    format!(
        "{}\t{:.1}\t{:.1}GB\t{:.1}\t{:.1}\t{:.1}\t{:.0}\t{:.1}\t{:.1}\t{:.0}\t{:.0}\t{:.0}\t{:.0}\t{:.1}\t{:.1}\t{}\t{:.1}\t{:.1}\t{}",
        (st.done as f64 / elapsed) as u64,
        st.bytes as f64 / 1048576.0 / elapsed,
        dir_bytes(db_path) as f64 / (1u64 << 30) as f64,
        c_wgb,
        now.write_amp,
        c_wgb * 1024.0 / elapsed,
        c_secs,
        thread_seconds * 1e6 / done,
        pct(50.0),
        pct(99.0),
        pct(99.9),
        pct(99.99),
        st.latencies.max() as f64,
        elapsed,
        stall / elapsed * 100.0,
        now.stall_count.saturating_sub(before.engine.stall_count),
        cpu.0 - before.cpu.0,
        cpu.1 - before.cpu.1,
        name
    )
}

/// Runs `work` on `cfg.threads` threads and merges their measurements.
fn run_threads(
    cfg: &Config,
    work: &(dyn Fn(usize) -> Result<Stats, String> + Sync),
) -> Result<(Stats, f64), String> {
    let results: Vec<Result<Stats, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.threads).map(|t| s.spawn(move || work(t))).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("benchmark thread panicked".to_string())))
            .collect()
    });
    let mut total = Stats::default();
    let mut thread_seconds = 0.0;
    for r in results {
        let st = r?;
        if let (Some(s), Some(f)) = (st.start, st.finish) {
            thread_seconds += f.duration_since(s).as_secs_f64();
        }
        total.merge(st);
    }
    Ok((total, thread_seconds))
}

/// Opens the database, as a TransactionDB with --transaction_db (kept in `tdb`) or an
/// OptimisticTransactionDB with --optimistic_transaction_db (kept in `otdb`).
fn open_any(
    opts: &Options,
    path: &Path,
    kind: (bool, bool),
    tdb: &mut Option<TransactionDb>,
    otdb: &mut Option<OptimisticTransactionDb>,
) -> Db {
    let (transaction_db, optimistic) = kind;
    if optimistic && !transaction_db {
        return match OptimisticTransactionDb::open(opts, path) {
            Ok(t) => {
                let d = t.base_db().clone();
                *otdb = Some(t);
                d
            }
            Err(e) => die(&format!("open error: {e}")),
        };
    }
    if !transaction_db {
        return open_db(opts, path);
    }
    match TransactionDb::open(opts, &TransactionDbOptions::default(), path) {
        Ok(t) => {
            let d = t.db().clone();
            *tdb = Some(t);
            d
        }
        Err(e) => die(&format!("open error: {e}")),
    }
}

/// Commit-path time of all writer threads, nanoseconds.
static TXN_WAL_NANOS: AtomicU64 = AtomicU64::new(0);
static TXN_MEMTABLE_NANOS: AtomicU64 = AtomicU64::new(0);

/// fillseq / fillrandom / overwrite with --transaction_db: one transaction per batch.
fn do_write_txn(db: &TransactionDb, cfg: &Config, order: KeyOrder, seed: u64) -> Result<Stats, String> {
    ferrock::stats::perf::set_perf_level(ferrock::stats::perf::ENABLE_TIME_EXCEPT_FOR_MUTEX);
    ferrock::stats::perf::reset();
    let mut rng = Rng(seed);
    let mut values = ValueGenerator::new(cfg.compression_ratio, cfg.value_size, seed ^ 301);
    let mut key = Vec::with_capacity(cfg.key_size);
    let mut st = Stats::started(false);
    let batch_size = cfg.batch_size.max(1) as u64;
    let topts = TransactionOptions { commit_bypass_memtable: cfg.commit_bypass_memtable, ..Default::default() };
    let mut txn = None;
    let start = Instant::now();
    let mut i = 0u64;
    let mut n_txn = 0u64;
    while cfg.keep_going(start, i, cfg.writes) {
        let op_start = Instant::now();
        let t = db.begin(&cfg.write_options, &topts, txn.take());
        let n = if cfg.duration_secs > 0 { batch_size } else { batch_size.min(cfg.writes - i) };
        for j in 0..n {
            let k = match order {
                KeyOrder::Sequential => i + j,
                KeyOrder::Random => rng.uniform(cfg.num),
            };
            generate_key(k, cfg.key_size, &mut key);
            t.put(&key, values.generate(cfg.value_size)).map_err(|e| format!("put error: {e}"))?;
        }
        if cfg.txn_prepare {
            t.set_name(&format!("xid-{seed}-{n_txn}")).map_err(|e| format!("set_name error: {e}"))?;
            t.prepare().map_err(|e| format!("prepare error: {e}"))?;
        }
        t.commit().map_err(|e| format!("commit error: {e}"))?;
        n_txn += 1;
        txn = Some(t);
        st.bytes += n * (cfg.key_size + cfg.value_size) as u64;
        st.finished_ops(cfg, n, op_start);
        i += n;
    }
    st.finish = Some(Instant::now());
    let c = ferrock::stats::perf::counters();
    TXN_WAL_NANOS.fetch_add(c.write_wal_time, std::sync::atomic::Ordering::Relaxed);
    TXN_MEMTABLE_NANOS.fetch_add(c.write_memtable_time, std::sync::atomic::Ordering::Relaxed);
    Ok(st)
}

/// The key of `k` in set `set` for randomtransaction (the set number leads, as RocksDB's
/// RandomTransactionInserter prefixes each set).
fn set_key(set: u64, k: u64) -> Vec<u8> {
    format!("{set:04}{k:016}").into_bytes()
}

/// RocksDB's randomtransaction: each transaction picks one random key in each of `sets` sets,
/// reads it under get_for_update and adds the same increment to each, so every set's sum stays
/// equal (checked by `verify_transaction_sets`). Conflicts roll back and count as failures.
/// randomtransaction over either kind of transaction database: `begin` starts a transaction
/// (reusing the old one); `prepare` names and prepares each before its commit (pessimistic only).
fn do_random_transaction(
    begin: &(dyn Fn(Option<Arc<Transaction>>) -> Arc<Transaction> + Sync),
    cfg: &Config,
    sets: u64,
    prepare: bool,
    seed: u64,
) -> Result<Stats, String> {
    let mut rng = Rng(seed);
    let mut st = Stats::started(false);
    let ro = ferrock::options::ReadOptions::new();
    let mut txn = None;
    let start = Instant::now();
    let (mut i, mut failed) = (0u64, 0u64);
    while cfg.keep_going(start, i, cfg.num) {
        let op_start = Instant::now();
        let t = begin(txn.take());
        let incr = rng.uniform(100) + 1;
        let mut ok = true;
        for set in 0..sets {
            let key = set_key(set, rng.uniform(cfg.num.max(1)));
            let old = match t.get_for_update(&ro, &key, true) {
                Ok(v) => v.and_then(|v| String::from_utf8(v).ok()).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0),
                Err(_) => {
                    ok = false;
                    break;
                }
            };
            if t.put(&key, (old + incr).to_string().as_bytes()).is_err() {
                ok = false;
                break;
            }
        }
        // With --txn_prepare, a two-phase commit as RocksDB's inserter does for a TransactionDB.
        if ok && prepare && (t.set_name(&format!("rt-{seed}-{i}")).is_err() || t.prepare().is_err()) {
            ok = false;
        }
        if ok && t.commit().is_err() {
            ok = false;
        }
        if !ok {
            failed += 1;
            let _ = t.rollback();
        }
        txn = Some(t);
        st.finished_ops(cfg, 1, op_start);
        i += 1;
    }
    st.finish = Some(Instant::now());
    if failed > 0 {
        println!("randomtransaction: {failed} transactions failed (conflict or timeout)");
    }
    Ok(st)
}

/// Sums each set's values; all sums equal means no transaction was half applied.
fn verify_transaction_sets(db: &Db, sets: u64) -> Result<(), String> {
    let ro = ferrock::options::ReadOptions::new();
    let mut sums = Vec::new();
    for set in 0..sets {
        let prefix = format!("{set:04}").into_bytes();
        let mut it = db.iter(&ro).map_err(|e| format!("iterator error: {e}"))?;
        it.seek(&prefix);
        let mut sum = 0u64;
        while it.valid() && it.key().starts_with(&prefix) {
            sum += std::str::from_utf8(it.value()).ok().and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
            it.next();
        }
        sums.push(sum);
    }
    if sums.windows(2).all(|w| w[0] == w[1]) {
        println!("randomtransaction verified: {sets} sets, each summing to {}", sums.first().copied().unwrap_or(0));
        Ok(())
    } else {
        Err(format!("randomtransaction verification FAILED: set sums {sums:?}"))
    }
}

fn report_txn_perf() {
    let wal = TXN_WAL_NANOS.swap(0, std::sync::atomic::Ordering::Relaxed);
    let mem = TXN_MEMTABLE_NANOS.swap(0, std::sync::atomic::Ordering::Relaxed);
    println!("perf context (commit path, all threads): write_wal_time = {wal} ns, write_memtable_time = {mem} ns");
}

fn open_db(opts: &Options, path: &Path) -> Db {
    match Db::open(opts, path) {
        Ok(db) => db,
        Err(e) => die(&format!("open error: {e}")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flags = match Flags::parse(&args) {
        Ok(f) => f,
        Err(CliError::Help(text)) => {
            print!("{text}");
            exit(0);
        }
        Err(e) => die(&format!("ERROR: {e}")),
    };
    let opts = build_options(&flags).unwrap_or_else(|e| die(&format!("ERROR: {e}")));
    let num = flags.i64("num").max(0) as u64;
    let or_num = |v: i64| if v < 0 { num } else { v as u64 };
    let seed = match flags.i64("seed") {
        0 => SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_micros() as u64).unwrap_or(1),
        s => s as u64,
    };
    // fill100K runs with a thousandth of the entries, each 100,000 bytes (as RocksDB's).
    let make_config = |num: u64, value_size: usize| Config {
        num,
        reads: or_num(flags.i64("reads")),
        writes: if flags.i64("writes") < 0 { num } else { flags.i64("writes") as u64 },
        threads: flags.i64("threads").max(1) as usize,
        key_size: flags.i64("key_size").max(1) as usize,
        value_size,
        batch_size: flags.i64("batch_size").max(1) as usize,
        seek_nexts: flags.i64("seek_nexts").max(0) as usize,
        compression_ratio: flags.f64("compression_ratio"),
        seed,
        histogram: flags.bool("histogram"),
        write_options: WriteOptions { sync: flags.bool("sync"), disable_wal: flags.bool("disable_wal"), ..Default::default() },
        duration_secs: flags.i64("duration").max(0) as u64,
        stats_interval_seconds: flags.i64("stats_interval_seconds").max(0) as u64,
        stats_per_interval: flags.i64("stats_per_interval") > 0,
        report_interval_seconds: flags.i64("report_interval_seconds").max(0) as u64,
        report_file: flags.str("report_file").to_string(),
        readwritepercent: flags.i64("readwritepercent").clamp(0, 100) as u64,
        write_rate_limit: flags.i64("benchmark_write_rate_limit").max(0) as u64,
        progress: AtomicU64::new(0),
        commit_bypass_memtable: flags.bool("commit_bypass_memtable"),
        txn_prepare: flags.bool("txn_prepare"),
    };
    let cfg = make_config(num, flags.i64("value_size").max(0) as usize);
    let cfg_100k = make_config(num / 1000, 100_000);
    // As RocksDB's: fillsync writes a thousandth of the entries, each synced; fillbatch writes
    // sequentially 1000 to a batch; readmissing reads keys one byte longer than any written.
    // (RocksDB's fillsync still writes --num entries, over keys of a thousandth of the range.)
    let cfg_sync = Config {
        write_options: WriteOptions { sync: true, ..cfg.write_options },
        num: num / 1000,
        ..make_config(num, cfg.value_size)
    };
    let cfg_batch = Config { batch_size: 1000, ..make_config(num, cfg.value_size) };
    let cfg_missing = Config { key_size: cfg.key_size + 1, ..make_config(num, cfg.value_size) };
    let transaction_db = flags.bool("transaction_db");
    let mut tdb: Option<TransactionDb> = None;
    let mut otdb: Option<OptimisticTransactionDb> = None;
    let db_kind = (transaction_db, flags.bool("optimistic_transaction_db"));
    let db_path = match flags.str("db") {
        "" => default_db_path(),
        p => PathBuf::from(p),
    };
    let use_existing = flags.bool("use_existing_db");
    let benchmarks: Vec<String> =
        flags.str("benchmarks").split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
    const KNOWN: &[&str] = &[
        "fillseq",
        "fillbatch",
        "fillsync",
        "fillrandom",
        "overwrite",
        "updaterandom",
        "readmissing",
        "readhot",
        "readwhilemerging",
        "mergerandom",
        "fill100K",
        "readseq",
        "readreverse",
        "readrandom",
        "multireadrandom",
        "deleteseq",
        "deleterandom",
        "readwhilewriting",
        "readrandomwriterandom",
        "seekrandom",
        "seekrandomwhilewriting",
        "newiterator",
        "fillseekseq",
        "randomtransaction",
        "compact",
        "waitforcompaction",
        "flush",
        "stats",
    ];
    if let Some(bad) = benchmarks.iter().find(|b| !KNOWN.contains(&b.as_str())) {
        die(&format!("unknown benchmark '{bad}' (ferrock's db_bench runs: {})", KNOWN.join(", ")));
    }

    print_header(&flags, &cfg);
    if !use_existing {
        if let Err(e) = destroy_db_files(&db_path) {
            die(&format!("cannot remove the old database at {}: {e}", db_path.display()));
        }
    }
    if let Some(parent) = db_path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    let mut db = Some(open_any(&opts, &db_path, db_kind, &mut tdb, &mut otdb));
    let mut next_seed = cfg.seed.wrapping_add(1);
    let mut summary: Vec<String> = Vec::new();

    for name in &benchmarks {
        let fresh = matches!(name.as_str(), "fillseq" | "fillrandom" | "fill100K" | "fillseekseq" | "fillsync" | "fillbatch");
        if fresh {
            if use_existing {
                println!("{name:<12} : skipped (--use_existing_db is true)");
                continue;
            }
            tdb = None;
            otdb = None;
            if let Some(old) = db.take() {
                if let Err(e) = old.close() {
                    die(&format!("close error: {e}"));
                }
            }
            if let Err(e) = destroy_db_files(&db_path) {
                die(&format!("cannot remove the old database at {}: {e}", db_path.display()));
            }
            db = Some(open_any(&opts, &db_path, db_kind, &mut tdb, &mut otdb));
        }
        let Some(d) = db.as_ref() else { die("database is not open") };
        // As RocksDB's ThreadState: every thread of every benchmark gets the next seed
        // after the base, so overwrite does not replay fillrandom's keys.
        let first_seed = next_seed;
        next_seed = next_seed.wrapping_add(cfg.threads as u64);
        let seed_of = |t: usize| first_seed.wrapping_add(t as u64);
        println!("DB path: [{}]", db_path.display());
        let before = baseline(d);
        let cfg = match name.as_str() {
            "fill100K" => &cfg_100k,
            "fillsync" => &cfg_sync,
            "fillbatch" => &cfg_batch,
            "readmissing" => &cfg_missing,
            _ => &cfg,
        };
        let result = with_interval_reporter(cfg, d, || match name.as_str() {
            "fillseq" | "fillrandom" | "overwrite" if tdb.is_some() => {
                let order = if name == "fillseq" { KeyOrder::Sequential } else { KeyOrder::Random };
                let Some(t) = tdb.as_ref() else { die("transaction db is not open") };
                let r = run_threads(cfg, &|i| do_write_txn(t, cfg, order, seed_of(i)));
                report_txn_perf();
                r
            }
            "randomtransaction" => {
                let sets = flags.i64("transaction_sets").max(1) as u64;
                let snapshot = flags.bool("transaction_set_snapshot");
                let r = match (tdb.as_ref(), otdb.as_ref()) {
                    (Some(t), _) => {
                        let topts = TransactionOptions {
                            commit_bypass_memtable: cfg.commit_bypass_memtable,
                            set_snapshot: snapshot,
                            ..Default::default()
                        };
                        let begin = |old| t.begin(&cfg.write_options, &topts, old);
                        run_threads(cfg, &|i| do_random_transaction(&begin, cfg, sets, cfg.txn_prepare, seed_of(i)))
                    }
                    (None, Some(o)) => {
                        let oopts = OptimisticTransactionOptions { set_snapshot: snapshot };
                        let begin = |old| o.begin(&cfg.write_options, &oopts, old);
                        run_threads(cfg, &|i| do_random_transaction(&begin, cfg, sets, false, seed_of(i)))
                    }
                    (None, None) => {
                        die("randomtransaction requires --transaction_db=1 or --optimistic_transaction_db=1")
                    }
                };
                verify_transaction_sets(d, sets).map_err(|e| die(&e)).ok();
                r
            }
            "fillseq" => run_threads(cfg, &|t| do_write(d, cfg, KeyOrder::Sequential, seed_of(t), false)),
            "fillrandom" | "overwrite" => run_threads(cfg, &|t| do_write(d, cfg, KeyOrder::Random, seed_of(t), false)),
            "readrandom" => run_threads(cfg, &|t| do_read_random(d, cfg, seed_of(t))),
            "seekrandom" => run_threads(cfg, &|t| do_seek_random(d, cfg, seed_of(t))),
            "readseq" => run_threads(cfg, &|_| do_read_scan(d, cfg, false)),
            "readreverse" => run_threads(cfg, &|_| do_read_scan(d, cfg, true)),
            // As RocksDB's mergerandom: random keys, each write a Merge of a generated value.
            "mergerandom" if opts.merge_operator.is_none() => {
                die("mergerandom requires --merge_operator (put, uint64add or stringappend)")
            }
            "mergerandom" => run_threads(cfg, &|t| do_write(d, cfg, KeyOrder::Random, seed_of(t), true)),
            "fill100K" => run_threads(cfg, &|t| do_write(d, cfg, KeyOrder::Random, seed_of(t), false)),
            "multireadrandom" => run_threads(cfg, &|t| do_multi_read_random(d, cfg, seed_of(t))),
            "deleteseq" => run_threads(cfg, &|t| do_delete(d, cfg, KeyOrder::Sequential, seed_of(t))),
            "deleterandom" => run_threads(cfg, &|t| do_delete(d, cfg, KeyOrder::Random, seed_of(t))),
            "readwhilewriting" => {
                run_while_writing(d, cfg, seed_of(cfg.threads), false, &|t| do_read_random(d, cfg, seed_of(t)))
            }
            "readwhilemerging" if opts.merge_operator.is_none() => {
                die("readwhilemerging requires --merge_operator (put, uint64add or stringappend)")
            }
            "readwhilemerging" => {
                run_while_writing(d, cfg, seed_of(cfg.threads), true, &|t| do_read_random(d, cfg, seed_of(t)))
            }
            "readhot" => run_threads(cfg, &|t| do_read_random_in(d, cfg, seed_of(t), cfg.num.div_ceil(100))),
            "readmissing" => run_threads(cfg, &|t| do_read_random(d, cfg, seed_of(t))),
            "updaterandom" => run_threads(cfg, &|t| do_update_random(d, cfg, seed_of(t))),
            "fillbatch" => run_threads(cfg, &|t| do_write(d, cfg, KeyOrder::Sequential, seed_of(t), false)),
            "fillsync" => run_threads(cfg, &|t| do_write(d, cfg, KeyOrder::Random, seed_of(t), false)).map(|(mut st, s)| {
                st.note = Some(format!("({} ops)", cfg.num));
                (st, s)
            }),
            "seekrandomwhilewriting" => {
                run_while_writing(d, cfg, seed_of(cfg.threads), false, &|t| do_seek_random(d, cfg, seed_of(t)))
            }
            "readrandomwriterandom" => run_threads(cfg, &|t| do_read_random_write_random(d, cfg, seed_of(t))),
            "newiterator" => run_threads(cfg, &|_| do_new_iterator(d, cfg)),
            "fillseekseq" => run_threads(cfg, &|t| do_fill_seek_seq(d, cfg, seed_of(t))),
            "compact" => {
                let start = Instant::now();
                let cf = d.default_column_family();
                d.compact_range_cf(&cf, None, None).map_err(|e| format!("compact error: {e}")).map(|_| {
                    let finish = Instant::now();
                    let st = Stats { start: Some(start), finish: Some(finish), done: 1, ..Default::default() };
                    (st, finish.duration_since(start).as_secs_f64())
                })
            }
            // As RocksDB's db_bench: a pause until flushes and compactions are done, then no report line.
            "waitforcompaction" => {
                if let Err(e) = d.wait_for_background_work() {
                    die(&format!("waitforcompaction error: {e}"));
                }
                Err(String::new())
            }
            "flush" => {
                if let Err(e) = d.flush(&ferrock::options::FlushOptions::default()) {
                    die(&format!("flush error: {e}"));
                }
                Err(String::new())
            }
            "stats" => {
                let cf = d.default_column_family();
                match d.property_value_cf(&cf, "rocksdb.stats") {
                    Some(s) => println!("\n{s}"),
                    None => println!("\n(rocksdb.stats is not available)"),
                }
                Err(String::new())
            }
            _ => Err(String::new()),
        });
        match result {
            Ok((st, secs)) => {
                report(name, &st, secs, cfg.histogram);
                summary.push(summary_row(name, &st, secs, &before, d, &db_path));
            }
            Err(e) if e.is_empty() => {} // stats: nothing to report
            Err(e) => die(&e),
        }
    }
    if !summary.is_empty() {
        println!("\n{SUMMARY_HEADER}");
        for row in &summary {
            println!("{row}");
        }
    }
    if flags.bool("statistics") {
        if let Some(d) = db.as_ref() {
            let cf = d.default_column_family();
            let text = d
                .property_value_cf(&cf, "rocksdb.options-statistics")
                .unwrap_or_else(|| "(statistics are not available)".to_string());
            println!("STATISTICS:\n{text}");
        }
    }
    if let Some(d) = db.take() {
        if let Err(e) = d.close() {
            die(&format!("close error: {e}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn keys_are_rocksdb_big_endian_numbers_padded_with_zero_chars() {
        let mut k = Vec::new();
        generate_key(0x0102, 16, &mut k);
        assert_eq!(k, b"\0\0\0\0\0\0\x01\x0200000000".to_vec());
        generate_key(0x0102_0304_0506_0708, 4, &mut k);
        // Truncated to the low `key_size` bytes, still big-endian.
        assert_eq!(k, vec![0x05, 0x06, 0x07, 0x08]);
        // Sequential numbers give ascending keys, so fillseq writes in order.
        let mut a = Vec::new();
        generate_key(255, 16, &mut a);
        generate_key(256, 16, &mut k);
        assert!(a < k);
    }

    #[test]
    fn flags_parse_rocksdb_syntax_and_reject_unknown_names() {
        let f = Flags::parse(&args(&["--num=10", "--sync=1", "--disable_wal", "--nohistogram", "-threads=3"]))
            .unwrap();
        assert_eq!(f.i64("num"), 10);
        assert!(f.bool("sync"));
        assert!(f.bool("disable_wal"));
        assert!(!f.bool("histogram"));
        assert_eq!(f.i64("threads"), 3);
        assert_eq!(f.i64("cache_size"), 32 << 20);
        let err = Flags::parse(&args(&["--nmu=10"])).err().unwrap().to_string();
        assert_eq!(err, "unknown command line flag 'nmu'");
        let err = Flags::parse(&args(&["--num=ten"])).err().unwrap().to_string();
        assert!(err.contains("num") && err.contains("ten"), "{err}");
        assert_eq!(Flags::parse(&args(&["--num", "7"])).unwrap().i64("num"), 7);
    }

    #[test]
    fn compression_names_map_to_codecs_and_unsupported_ones_are_named() {
        assert_eq!(parse_compression("lz4").unwrap(), CompressionType::Lz4);
        assert_eq!(parse_compression("none").unwrap(), CompressionType::None);
        assert_eq!(parse_compression("LZ4HC").unwrap(), CompressionType::Lz4hc);
        assert_eq!(parse_compression("zstd").unwrap(), CompressionType::Zstd);
        assert_eq!(parse_compression("snappy").unwrap(), CompressionType::Snappy);
        let err = parse_compression("xpress").err().unwrap();
        assert!(err.starts_with("Not implemented") && err.contains("xpress"), "{err}");
        assert!(parse_compression("gzip").err().unwrap().contains("gzip"));
    }

    #[test]
    fn values_compress_to_about_the_requested_ratio() {
        let mut g = ValueGenerator::new(0.5, 100, 301);
        let v = g.generate(100).to_vec();
        assert_eq!(v.len(), 100);
        // 50 random bytes repeated twice: the second half equals the first.
        assert_eq!(v[..50], v[50..]);
    }

    #[test]
    fn result_lines_match_rocksdb_format() {
        let st = Stats { done: 1_000_000, bytes: 1_000_000 * 116, ..Default::default() };
        assert_eq!(
            format_report("fillseq", &st, 1.905, 1.905),
            "fillseq      :       1.905 micros/op 524934 ops/sec 1.905 seconds 1000000 operations;   58.1 MB/s"
        );
        let st = Stats {
            done: 1000,
            bytes: 900 * 116,
            found: 900,
            reads: 1000,
            has_found_message: true,
            ..Default::default()
        };
        assert_eq!(
            format_report("readrandom", &st, 0.5, 1.0),
            "readrandom   :    1000.000 micros/op 2000 ops/sec 0.500 seconds 1000 operations;    0.2 MB/s (900 of 1000 found)\n"
        );
        let st = Stats { done: 1, ..Default::default() };
        assert_eq!(
            format_report("compact", &st, 2.0, 2.0),
            "compact      : 2000000.000 micros/op 0 ops/sec 2.000 seconds 1 operations;"
        );
    }

    #[test]
    fn summary_figures_come_from_the_stats_text() {
        let text = "** Compaction Stats [default] **\n\
 Sum     4/0   13.19 MB   0.0      0.0     0.0      0.0       0.0      0.0       0.0   1.2      0.0      0.0      2.61              2.61        18    0.145     0       0\n\
Cumulative compaction: 0.04 GB write, 0.00 MB/s write, 0.02 GB read, 0.00 MB/s read, 2.6 seconds\n\
Cumulative stall: 00:01:02.500 H:M:S, 0.0 percent\n\
Stalls(count): 3 level0_slowdown, 1 level0_numfiles, 0 memtable\n";
        let f = engine_figures(text);
        assert_eq!(f.compaction_write_gb, 0.04);
        assert_eq!(f.compaction_secs, 2.6);
        assert_eq!(f.write_amp, 1.2);
        assert_eq!(f.stall_secs, 62.5);
        assert_eq!(f.stall_count, 4);
        assert_eq!(SUMMARY_HEADER.split('\t').count(), 19);
        assert_eq!(SUMMARY_HEADER.split('\t').last(), Some("test"));
    }

    #[test]
    fn interval_timestamps_use_rocksdb_layout() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19723), (2024, 1, 1));
        let t = time_to_string();
        assert_eq!(t.len(), 19, "{t}");
        assert_eq!(&t[4..5], "/");
        assert_eq!(&t[10..11], "-");
    }

    #[test]
    fn ctime_format_is_fixed_width() {
        let s = ctime_now();
        assert_eq!(s.len(), 24, "{s}");
    }

    #[test]
    fn destroy_removes_only_database_files() {
        let dir = std::env::temp_dir().join(format!("ferrock-dbbench-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in ["CURRENT", "000005.sst", "000004.log", "MANIFEST-000001", "notes.txt"] {
            std::fs::write(dir.join(f), b"x").unwrap();
        }
        destroy_db_files(&dir).unwrap();
        let left: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(left, vec!["notes.txt".to_string()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
