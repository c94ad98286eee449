//! The programs of the differential test and their generator.
//!
//! A program is a header (`# db=plain|pessimistic|optimistic`, `# merge=partial|full`,
//! `# wal_ttl=N`) and one C-level step per line: a word naming the step, then its
//! arguments (slots, keys, values), e.g.
//! ```text
//! put 0 k03 v17            # rocksdb_put_cf on column family slot 0
//! batch 1 wi               # a WriteBatchWithIndex in batch slot 1
//! bput 1 2 k05 v18         # ... Put into it for column family slot 2
//! iter 0 1 k02 k09 -       # iterator slot 0 on cf slot 1, bounds [k02, k09), no snapshot
//! iseek 0 k04 | inext 0 | iprev 0 | iclose 0
//! tbegin 0 | tput 0 0 k01 v19 | tcommit 0 | trollback 0 | tfree 0
//! opt rocksdb_options_t rocksdb_options_set_max_open_files 64
//! ```
//! Column families, snapshots, iterators, batches and transactions live in numbered
//! slots, so the steps name what they use the way a C program names its handles. A step
//! whose slot is empty is skipped the same way on every library, which is what lets the
//! shrinker drop any step of a program.
//!
//! Why not `ferrock_opmodel::Op`: the stress driver's operations are whole writes and
//! reads (a batch, a transaction, a scan) checked against a model; the differential test
//! needs each C call as its own step (a transaction used after its rollback, an iterator
//! moved after a write) and checks nothing but the two libraries' answers. It shares the
//! model's seeded generator (`ferrock_opmodel::rng`) and its delta debugging.

use crate::surface::OptObject;
use ferrock_opmodel::rng::Rng;

pub const CF_SLOTS: usize = 4;
pub const SNAP_SLOTS: usize = 3;
pub const ITER_SLOTS: usize = 3;
pub const BATCH_SLOTS: usize = 2;
pub const TXN_SLOTS: usize = 3;
pub const KEYS: u64 = 12;
pub const SD_KEYS: usize = 4;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub header: Vec<(String, String)>,
    pub ops: Vec<Vec<String>>,
}

impl Program {
    pub fn get(&self, k: &str) -> Option<&str> {
        self.header.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str())
    }

    pub fn set(&mut self, k: &str, v: impl ToString) {
        let v = v.to_string();
        match self.header.iter_mut().find(|(a, _)| a == k) {
            Some(e) => e.1 = v,
            None => self.header.push((k.to_string(), v)),
        }
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.header {
            s.push_str(&format!("# {k}={v}\n"));
        }
        for op in &self.ops {
            s.push_str(&op.join(" "));
            s.push('\n');
        }
        s
    }

    /// `# key=value` lines are the header; other `#` lines and blank lines are comments.
    pub fn parse(text: &str) -> Program {
        let mut p = Program::default();
        for line in text.lines() {
            let l = line.trim();
            if l.is_empty() {
                continue;
            }
            if let Some(rest) = l.strip_prefix('#') {
                if let Some((k, v)) = rest.trim().split_once('=') {
                    if !k.trim().contains(' ') {
                        p.set(k.trim(), v.trim());
                    }
                }
                continue;
            }
            p.ops.push(l.split_whitespace().map(str::to_string).collect());
        }
        p
    }
}

/// What the generator believes exists (it never sees results; a wrong belief only
/// makes a step that both libraries answer the same way).
#[derive(Default)]
struct Belief {
    cf_live: [bool; CF_SLOTS],
    cf_dropped: [bool; CF_SLOTS],
    snap: [bool; SNAP_SLOTS],
    iter: [bool; ITER_SLOTS],
    /// The snapshot slot each iterator was made with: RocksDB's transaction iterators read
    /// through the snapshot, so releasing it under them is undefined (7.8.3 crashes).
    iter_snap: [Option<usize>; ITER_SLOTS],
    batch: [Option<bool>; BATCH_SLOTS],
    txn: [bool; TXN_SLOTS],
    sd_present: [[bool; SD_KEYS]; CF_SLOTS],
}

pub struct Gen<'a> {
    rng: Rng,
    next_val: u64,
    b: Belief,
    kind: String,
    wal_ttl: bool,
    wal_obsolete: bool,
    objs: &'a [OptObject],
    /// Restrict to functions this predicate accepts (those every library under test has).
    pub has: &'a dyn Fn(&str) -> bool,
}

fn key(i: u64) -> String {
    format!("k{i:02}")
}

impl<'a> Gen<'a> {
    pub fn new(seed: u64, objs: &'a [OptObject], has: &'a dyn Fn(&str) -> bool) -> Gen<'a> {
        Gen { rng: Rng::new(seed), next_val: 0, b: Belief::default(), kind: String::new(), wal_ttl: false, wal_obsolete: false, objs, has }
    }

    pub fn program(&mut self, seed: u64, len: usize) -> Program {
        let mut p = Program::default();
        p.set("seed", seed);
        self.kind = self.rng.pick(&["plain", "plain", "pessimistic", "optimistic"]).to_string();
        p.set("db", &self.kind);
        p.set("merge", self.rng.pick(&["partial", "full"]));
        // With a WAL TTL the WAL files a flush made obsolete are archived, not deleted; without
        // one RocksDB deletes them in the background after the flush returns, so what
        // get_updates_since finds would depend on timing: `updates` only runs with a TTL.
        self.wal_ttl = self.rng.chance(1, 2);
        p.set("wal_ttl", if self.wal_ttl { 1000 } else { 0 });
        self.b.cf_live[0] = true;
        while p.ops.len() < len {
            let op = self.step();
            if !op.is_empty() {
                p.ops.push(op);
            }
        }
        p
    }

    fn key(&mut self) -> String {
        if self.rng.chance(1, 60) {
            // The empty key: legal in RocksDB, an edge for every structure.
            return "E".into();
        }
        key(self.rng.below(KEYS))
    }

    fn opt_key(&mut self) -> String {
        if self.rng.chance(1, 4) {
            "-".into()
        } else {
            self.key()
        }
    }

    fn val(&mut self) -> String {
        self.next_val += 1;
        format!("v{}", self.next_val)
    }

    fn cf(&mut self) -> String {
        self.cf_for(false)
    }

    /// A column family slot for a read: never a dropped one, which RocksDB still reads
    /// and ferrock refuses (tests/difftest/known.txt).
    fn read_cf(&mut self) -> String {
        self.cf_for(true)
    }

    fn cf_for(&mut self, read: bool) -> String {
        // Mostly a live one; sometimes any slot (a dropped or never created one is misuse).
        let live: Vec<usize> = (0..CF_SLOTS).filter(|&i| self.b.cf_live[i] || (self.b.cf_dropped[i] && !read)).collect();
        let c = self.cf_slot(read, &live);
        // The default family, half the time through the functions without a handle.
        if c == "0" && self.rng.chance(1, 2) {
            return "d".into();
        }
        c
    }

    fn cf_slot(&mut self, read: bool, live: &[usize]) -> String {
        if read {
            return if live.is_empty() { "0".into() } else { self.rng.pick(live).to_string() };
        }
        if self.rng.chance(1, 30) || live.is_empty() {
            return self.rng.below(CF_SLOTS as u64).to_string();
        }
        self.rng.pick(live).to_string()
    }

    fn slot(&mut self, n: usize, live: &[bool]) -> usize {
        let l: Vec<usize> = (0..n).filter(|&i| live[i]).collect();
        if l.is_empty() || self.rng.chance(1, 20) {
            self.rng.below(n as u64) as usize
        } else {
            *self.rng.pick(&l)
        }
    }

    fn snap_arg(&mut self) -> String {
        if self.rng.chance(2, 3) {
            return "-".into();
        }
        let s = self.slot(SNAP_SLOTS, &self.b.snap.clone());
        s.to_string()
    }

    fn w(&mut self, prefix: &str, slot: Option<usize>, allow_range: bool, allow_sdel: bool) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        let what = self.rng.weighted(&[10, 5, 4, if allow_sdel { 2 } else { 0 }, if allow_range { 2 } else { 0 }]);
        let name = ["put", "merge", "del", "sdel", "delrange"][what];
        v.push(format!("{prefix}{name}"));
        if let Some(s) = slot {
            v.push(s.to_string());
        }
        let cf = self.cf();
        v.push(cf.clone());
        let c: usize = cf.parse().unwrap_or(0); // `d` is slot 0
        // SingleDelete keys s0..s3 follow RocksDB's contract: put once while absent, then
        // single-deleted, never overwritten, deleted or merged (mixing is undefined, or an
        // error found only by a flush).
        let absent: Vec<usize> = (0..SD_KEYS).filter(|&k| !self.b.sd_present[c][k]).collect();
        let present: Vec<usize> = (0..SD_KEYS).filter(|&k| self.b.sd_present[c][k]).collect();
        if what == 3 && present.is_empty() || what == 0 && allow_sdel && !absent.is_empty() && self.rng.chance(1, 5) {
            let k = *self.rng.pick(&absent);
            self.b.sd_present[c][k] = true;
            v[0] = format!("{prefix}put");
            v.push(format!("s{k}"));
            v.push(self.val());
            return v;
        }
        match what {
            0 | 1 => {
                v.push(self.key());
                v.push(self.val());
            }
            3 => {
                let k = *self.rng.pick(&present);
                self.b.sd_present[c][k] = false;
                v.push(format!("s{k}"));
            }
            2 => v.push(self.key()),
            _ => {
                let (a, b) = (self.rng.below(KEYS), self.rng.below(KEYS));
                // Mostly ordered; reversed and empty ranges are misuse RocksDB answers.
                let (a, b) = if self.rng.chance(4, 5) { (a.min(b), a.max(b)) } else { (a, b) };
                v.push(key(a));
                v.push(key(b));
            }
        }
        v
    }

    fn step(&mut self) -> Vec<String> {
        let pes = self.kind == "pessimistic";
        let txn_db = self.kind != "plain";
        let weights = [
            30, // 0 write
            20, // 1 get / pinned get
            4,  // 2 multiget
            4,  // 3 snapshot
            12, // 4 iterator create / move / close
            3,  // 5 cf create/drop
            3,  // 6 flush
            2,  // 7 compact
            1,  // 8 reopen
            2,  // 9 updates since / latest seq
            3,  // 10 property
            12, // 11 batch
            if txn_db { 16 } else { 0 }, // 12 transactions
            12, // 13 option objects and the options the steps use
            4,  // 14 database-wide extras
        ];
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        // What flushes a memtable, not beside an open optimistic transaction
        // (tests/difftest/known.txt: RocksDB's conflict check then answers TryAgain).
        let flush_ok = !(self.kind == "optimistic" && self.b.txn.iter().any(|&t| t));
        let pick = self.rng.weighted(&weights);
        if !flush_ok && matches!(pick, 6 | 7 | 14) {
            return s(&["latestseq"]);
        }
        match pick {
            0 => self.w("", None, !pes, !pes),
            1 => {
                let name = if self.rng.chance(1, 3) { "pget" } else { "get" };
                let (cf, k, sn) = (self.read_cf(), self.key(), self.snap_arg());
                vec![name.into(), cf, k, sn]
            }
            2 => {
                let sn = self.snap_arg();
                let mut v = vec!["mget".into(), sn];
                for _ in 0..self.rng.range(1, 4) {
                    v.push(self.read_cf());
                    v.push(self.key());
                }
                v
            }
            3 => {
                let i = self.rng.below(SNAP_SLOTS as u64) as usize;
                let in_use = (0..ITER_SLOTS).any(|j| self.b.iter[j] && self.b.iter_snap[j] == Some(i));
                if self.b.snap[i] && self.rng.chance(1, 2) && !in_use {
                    self.b.snap[i] = false;
                    s(&["unsnap", &i.to_string()])
                } else if self.b.snap[i] && (self.has)("rocksdb_snapshot_get_sequence_number") {
                    s(&["snapseq", &i.to_string()])
                } else {
                    self.b.snap[i] = true;
                    s(&["snap", &i.to_string()])
                }
            }
            4 => {
                let i = self.rng.below(ITER_SLOTS as u64) as usize;
                if !self.b.iter[i] || self.rng.chance(1, 25) {
                    self.b.iter[i] = true;
                    let (cf, mut lo, mut hi, sn) = (self.read_cf(), self.opt_key(), self.opt_key(), self.snap_arg());
                    self.b.iter_snap[i] = sn.parse().ok();
                    // On the database, in a transaction, or over an indexed batch.
                    let src = match self.rng.below(4) {
                        0 if txn_db => format!("t{}", self.slot(TXN_SLOTS, &self.b.txn.clone())),
                        // `B`: with read options (their bounds apply to the batch too).
                        1 => {
                            let ro = self.all(&["rocksdb_writebatch_wi_create_iterator_with_base_readopts", "rocksdb_writebatch_wi_create_iterator_with_base_cf_readopts"]);
                            format!("{}{}", if ro && self.rng.chance(1, 2) { "B" } else { "b" }, self.rng.below(BATCH_SLOTS as u64))
                        }
                        _ => "db".into(),
                    };
                    // Iterators over a transaction's or a batch's writes honour the read
                    // options' bounds since RocksDB 8.8.0 (HISTORY.md: "make BaseDeltaIterator
                    // ... respect the upper bound and lower bound"); before it (7.8.3) the
                    // batch's keys outside them show. A reference without the functions that
                    // came after (the readopts forms) gets no bounds there.
                    if src != "db" && !self.all(&["rocksdb_writebatch_wi_create_iterator_with_base_readopts"]) {
                        (lo, hi) = ("-".into(), "-".into());
                    }
                    return vec!["iter".into(), i.to_string(), src, cf, lo, hi, sn];
                }
                let i = i.to_string();
                match self.rng.weighted(&[3, 3, 6, 4, 8, 6, 1]) {
                    0 => s(&["iseek", &i, "first"]),
                    1 => s(&["iseek", &i, "last"]),
                    2 => vec!["iseek".into(), i, "seek".into(), self.key()],
                    3 => vec!["iseek".into(), i, "seekprev".into(), self.key()],
                    4 => s(&["iseek", &i, "next"]),
                    5 => s(&["iseek", &i, "prev"]),
                    _ => {
                        self.b.iter[i.parse::<usize>().unwrap()] = false;
                        s(&["iclose", &i])
                    }
                }
            }
            5 => {
                let lo = if self.rng.chance(1, 10) { 0 } else { 1 };
                let i = self.rng.range(lo, CF_SLOTS as u64 - 1) as usize;
                if i == 0 {
                    // Misuse: the default family cannot be dropped (nor created again).
                    s(&[if self.rng.chance(1, 2) { "cfdrop" } else { "cfcreate" }, "0"])
                } else if self.b.cf_live[i] && self.rng.chance(1, 2) && !pes {
                    self.b.cf_live[i] = false;
                    self.b.cf_dropped[i] = true;
                    // A write to a dropped family is refused after RocksDB logged it: its
                    // WAL then holds a batch ferrock's does not (known.txt); no `updates`.
                    self.wal_obsolete = true;
                    self.b.sd_present[i] = Default::default();
                    s(&["cfdrop", &i.to_string()])
                } else {
                    if !self.b.cf_live[i] {
                        self.b.sd_present[i] = Default::default();
                    }
                    self.b.cf_live[i] = true;
                    self.b.cf_dropped[i] = false;
                    s(&["cfcreate", &i.to_string()])
                }
            }
            6 => {
                self.wal_obsolete = true;
                vec!["flush".into(), self.read_cf()]
            }
            7 => {
                // CompactRange flushes a memtable its range meets.
                self.wal_obsolete = true;
                vec!["compact".into(), self.read_cf(), self.opt_key(), self.opt_key()]
            }
            8 => {
                self.wal_obsolete = true;
                self.b.iter = Default::default();
                self.b.snap = Default::default();
                self.b.batch = Default::default();
                self.b.txn = Default::default();
                for i in 0..CF_SLOTS {
                    self.b.cf_dropped[i] = false;
                }
                s(&["reopen"])
            }
            9 => {
                // ferrock does not archive WAL files yet (tests/difftest/known.txt): once a
                // flush or a reopen may have made a WAL obsolete, RocksDB reads it from
                // archive/ and ferrock has deleted it, so `updates` waits for that feature.
                if self.rng.chance(1, 3) || !self.wal_ttl || self.wal_obsolete {
                    s(&["latestseq"])
                } else {
                    vec!["updates".into(), self.rng.below(30).to_string()]
                }
            }
            10 => {
                let p = *self.rng.pick(&PROPERTIES);
                vec!["prop".into(), self.read_cf(), p.into()]
            }
            11 => self.batch_step(),
            12 => self.txn_step(),
            13 => self.opt_step(),
            _ => self.db_extra(),
        }
    }

    fn batch_step(&mut self) -> Vec<String> {
        let i = self.rng.below(BATCH_SLOTS as u64) as usize;
        let is = i.to_string();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        let Some(wi) = self.b.batch[i] else {
            let wi = self.rng.chance(1, 2);
            self.b.batch[i] = Some(wi);
            if !wi && self.rng.chance(1, 4) && self.all(&["rocksdb_writebatch_create_with_params"]) {
                // A byte limit makes writes past it fail (the C API drops the status: the
                // count and the bytes show what stayed); protection bytes 0 or 8.
                let max = *self.rng.pick(&["0", "40", "100"]);
                let prot = *self.rng.pick(&["0", "8"]);
                return s(&["batch", &is, "params", max, prot]);
            }
            return s(&["batch", &is, if wi { "wi" } else { "plain" }]);
        };
        if self.rng.chance(1, 3) {
            if let Some(v) = self.batch_extra(i, wi) {
                return v;
            }
        }
        match self.rng.weighted(&[20, 2, 3, 3, 1, 1, 2, 4, 1, if wi { 6 } else { 0 }]) {
            0 => self.w("b", Some(i), true, true),
            1 => vec!["blog".into(), is, self.val()],
            2 => s(&["bsp", &is, "set"]),
            3 => s(&["bsp", &is, "rollback"]),
            4 => s(&["bsp", &is, "pop"]),
            5 => s(&["bclear", &is]),
            6 => s(&["bdata", &is]),
            7 => {
                self.b.batch[i] = None;
                let sync = if self.rng.chance(1, 4) { "sync" } else { "async" };
                s(&["bwrite", &is, sync])
            }
            8 => {
                self.b.batch[i] = None;
                s(&["bfree", &is])
            }
            _ => {
                let db = if self.rng.chance(1, 2) { "db" } else { "batch" };
                let (cf, k, sn) = (self.read_cf(), self.key(), self.snap_arg());
                vec!["bget".into(), is, db.into(), cf, k, sn]
            }
        }
    }

    /// Whether every library has every one of `fns`.
    fn all(&self, fns: &[&str]) -> bool {
        fns.iter().all(|f| (self.has)(f))
    }

    /// The batch steps beyond single writes: vector forms, iterate handlers, a batch
    /// rebuilt from another's bytes, checksums, pinned reads.
    fn batch_extra(&mut self, i: usize, wi: bool) -> Option<Vec<String>> {
        let is = i.to_string();
        let p = if wi { "rocksdb_writebatch_wi_" } else { "rocksdb_writebatch_" };
        let f = |n: &str| format!("{p}{n}");
        match self.rng.below(6) {
            0 => {
                let what = *self.rng.pick(&["putv", "mergev", "deletev", "delete_rangev"]);
                if !self.all(&[&f(what), &f(&format!("{what}_cf"))]) {
                    return None;
                }
                let cf = self.cf();
                let step = match what {
                    "putv" => vec!["bputv".into(), is, cf, self.key(), self.val()],
                    "mergev" => vec!["bmergev".into(), is, cf, self.key(), self.val()],
                    "deletev" => vec!["bdelv".into(), is, cf, self.key()],
                    _ => {
                        let (a, b) = (self.rng.below(KEYS), self.rng.below(KEYS));
                        vec!["bdelrangev".into(), is, cf, key(a.min(b)), key(a.max(b))]
                    }
                };
                Some(step)
            }
            1 => {
                let how = if wi { "plain" } else { *self.rng.pick(&["plain", "ld", "cf", "cfld"]) };
                let fname = match how {
                    "plain" => f("iterate"),
                    "ld" => f("iterate_ld"),
                    "cf" => f("iterate_cf"),
                    _ => f("iterate_cf_ld"),
                };
                self.all(&[&fname]).then(|| vec!["biter".into(), is, how.into()])
            }
            2 => (!wi && self.all(&["rocksdb_writebatch_create_from"])).then(|| vec!["bfrom".into(), is]),
            3 => (!wi && self.all(&["rocksdb_writebatch_verify_checksum"])).then(|| vec!["bverify".into(), is]),
            _ => {
                let fns = ["rocksdb_writebatch_wi_get_pinned_from_batch_and_db", "rocksdb_writebatch_wi_get_pinned_from_batch_and_db_cf"];
                if !wi || !self.all(&fns) {
                    return None;
                }
                let (cf, k, sn) = (self.read_cf(), self.key(), self.snap_arg());
                Some(vec!["bpget".into(), is, cf, k, sn])
            }
        }
    }

    /// The transaction steps beyond the basic ones: pinned reads, multi-gets, log data,
    /// the transaction's batch, a rebuild from a batch, its snapshot.
    fn txn_extra(&mut self, i: usize) -> Option<Vec<String>> {
        let is = i.to_string();
        let pes = self.kind == "pessimistic";
        match self.rng.below(6) {
            0 => {
                let fu = self.rng.chance(1, 2);
                let fns: &[&str] = if fu {
                    &["rocksdb_transaction_get_pinned_for_update", "rocksdb_transaction_get_pinned_for_update_cf"]
                } else {
                    &["rocksdb_transaction_get_pinned", "rocksdb_transaction_get_pinned_cf"]
                };
                if !self.all(fns) {
                    return None;
                }
                let (cf, k) = (self.read_cf(), self.key());
                let last = if fu { if self.rng.chance(3, 4) { "x".to_string() } else { "s".into() } } else { self.snap_arg() };
                Some(vec![if fu { "tpgfu" } else { "tpget" }.into(), is, cf, k, last])
            }
            1 => {
                let fu = self.rng.chance(1, 3);
                let fns: &[&str] = if fu {
                    &["rocksdb_transaction_multi_get_for_update", "rocksdb_transaction_multi_get_for_update_cf"]
                } else {
                    &["rocksdb_transaction_multi_get", "rocksdb_transaction_multi_get_cf"]
                };
                if !self.all(fns) {
                    return None;
                }
                let sn = if fu { "-".to_string() } else { self.snap_arg() };
                let mut v = vec!["tmget".into(), is, sn, if fu { "fu" } else { "get" }.into()];
                for _ in 0..self.rng.range(1, 4) {
                    v.push(self.read_cf());
                    v.push(self.key());
                }
                Some(v)
            }
            // A pessimistic transaction's batch holds RocksDB's 2PC markers (tests/difftest/known.txt).
            2 if pes => None,
            3 if pes => None,
            4 if pes => None,
            2 => self.all(&["rocksdb_transaction_put_log_data", "rocksdb_transaction_get_writebatch_wi"]).then(|| vec!["tlog".into(), is, self.val()]),
            3 => self.all(&["rocksdb_transaction_get_writebatch_wi"]).then(|| vec!["tbatch".into(), is]),
            4 => {
                let fns = ["rocksdb_transaction_rebuild_from_writebatch", "rocksdb_transaction_rebuild_from_writebatch_wi", "rocksdb_transaction_get_writebatch_wi"];
                let b = self.rng.below(BATCH_SLOTS as u64).to_string();
                self.all(&fns).then(|| vec!["trebuild".into(), is, b])
            }
            // Not yet: RocksDB's rocksdb_transaction_get_snapshot answers a wrapper around
            // NULL for a transaction without a snapshot, whose sequence number crashes 11.8.1;
            // the step has to know when the transaction has one.
            _ => None,
        }
    }

    /// Database-wide steps: a family's name and id, CompactRange with options, live files,
    /// column family metadata, a checkpoint opened and read, the transaction databases'
    /// own property functions.
    fn db_extra(&mut self) -> Vec<String> {
        let plain_base = self.kind != "pessimistic";
        // compactopt and checkpoint flush memtables.
        self.wal_obsolete = true;
        match self.rng.below(8) {
            7 if plain_base && self.all(&["rocksdb_sstfilewriter_create", "rocksdb_sstfilewriter_delete_range", "rocksdb_ingest_external_file_cf"]) => self.sst_step(),
            0 if self.all(&["rocksdb_column_family_handle_get_name", "rocksdb_column_family_handle_get_id"]) => vec!["cfname".into(), self.read_cf()],
            1 if plain_base && self.all(&["rocksdb_compact_range_opt", "rocksdb_compact_range_cf_opt", "rocksdb_compactoptions_create"]) => {
                vec!["compactopt".into(), self.read_cf(), self.opt_key(), self.opt_key()]
            }
            2 if plain_base && self.all(&["rocksdb_livefiles", "rocksdb_livefiles_entries", "rocksdb_livefiles_smallest_seqno", "rocksdb_livefiles_largest_seqno"]) => vec!["livefiles".into()],
            3 if plain_base && self.all(&["rocksdb_get_column_family_metadata_cf", "rocksdb_sst_file_metadata_get_smallestkey"]) => {
                vec!["cfmeta".into(), self.read_cf()]
            }
            // Not beside a pessimistic transaction that may be prepared: 7.8.3's checkpoint
            // then fails an assertion walking the WAL (write_batch.cc, Iterate).
            4 if !(self.kind == "pessimistic" && self.b.txn.iter().any(|&t| t)) && self.all(&["rocksdb_checkpoint_object_create", "rocksdb_transactiondb_checkpoint_object_create", "rocksdb_open_for_read_only_column_families"]) => {
                vec!["checkpoint".into()]
            }
            5 if self.kind != "plain" => {
                let f: &[&str] = if self.kind == "pessimistic" {
                    &["rocksdb_transactiondb_property_int"]
                } else {
                    &["rocksdb_optimistictransactiondb_property_value", "rocksdb_optimistictransactiondb_property_int"]
                };
                if !self.all(f) {
                    return Vec::new();
                }
                vec!["tprop".into(), (*self.rng.pick(&PROPERTIES)).into()]
            }
            _ => Vec::new(),
        }
    }

    /// An SST file written and ingested: 0 to 4 point entries in key order (now and then out
    /// of order, or none: misuse RocksDB answers) and maybe a range deletion.
    fn sst_step(&mut self) -> Vec<String> {
        // Not into a dropped family: 7.8.3 answers "end key comes before start key" there (to
        // be checked against 11.8.1).
        let cf = self.read_cf();
        let mut keys: Vec<u64> = (0..self.rng.below(5)).map(|_| self.rng.below(KEYS)).collect();
        keys.sort();
        keys.dedup();
        if self.rng.chance(1, 12) {
            keys.reverse();
        }
        let mut v = vec!["sst".to_string(), cf];
        for k in keys {
            let val = self.val();
            v.push(match self.rng.below(4) {
                0 | 1 => format!("p:{}:{val}", key(k)),
                2 => format!("m:{}:{val}", key(k)),
                _ => format!("d:{}", key(k)),
            });
        }
        let (a, b) = (self.rng.below(KEYS), self.rng.below(KEYS));
        // Not an empty range (known.txt: a file holding only one is ingested by RocksDB).
        if self.rng.chance(1, 4) && a != b {
            v.push(format!("r:{}:{}", key(a.min(b)), key(a.max(b))));
        }
        // An ingestion may flush the memtable it overlaps: WAL files become obsolete.
        self.wal_obsolete = true;
        v
    }

    fn txn_step(&mut self) -> Vec<String> {
        let i = self.rng.below(TXN_SLOTS as u64) as usize;
        let is = i.to_string();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        if !self.b.txn[i] {
            self.b.txn[i] = true;
            return s(&["tbegin", &is]);
        }
        if self.rng.chance(1, 4) {
            if let Some(v) = self.txn_extra(i) {
                return v;
            }
        }
        match self.rng.weighted(&[20, 6, 4, 2, 2, 3, 3, 5, 3, 2]) {
            0 => self.w("t", Some(i), false, false),
            1 => {
                let (cf, k, sn) = (self.read_cf(), self.key(), self.snap_arg());
                vec!["tget".into(), is, cf, k, sn]
            }
            2 => {
                let (cf, k) = (self.read_cf(), self.key());
                let ex = if self.rng.chance(3, 4) { "x" } else { "s" };
                vec!["tgfu".into(), is, cf, k, ex.into()]
            }
            3 => s(&["tstep", &is, "savepoint"]),
            4 => s(&["tstep", &is, "rollback_to"]),
            5 => {
                let n = format!("x{}", self.rng.below(4));
                s(&["tname", &is, &n])
            }
            6 => s(&["tstep", &is, "prepare"]),
            7 => s(&["tstep", &is, "commit"]),
            8 => s(&["tstep", &is, "rollback"]),
            _ => {
                self.b.txn[i] = false;
                s(&["tfree", &is])
            }
        }
    }

    fn opt_step(&mut self) -> Vec<String> {
        let has = self.has;
        let objs: Vec<&OptObject> = self.objs.iter().filter(|o| has(&o.create) && has(&o.destroy)).collect();
        if objs.is_empty() {
            return Vec::new();
        }
        // Every accessor about equally likely, whichever object it belongs to.
        let mut items: Vec<(&OptObject, usize)> = Vec::new();
        for o in &objs {
            let readable = o.setters.iter().filter(|s| has(&s.name) && s.getter.as_deref().is_some_and(has)).count();
            let unread = o.setters.iter().filter(|s| has(&s.name) && !s.getter.as_deref().is_some_and(has)).count();
            let objset = o.obj_setters.iter().filter(|(n, _)| has(n)).count();
            let n = readable + o.getters.iter().filter(|g| has(&g.0)).count() + o.actions.len().min(1) + usize::from(o.ctors.len() > 1) + unread + objset;
            items.extend(std::iter::repeat_n((*o, 0), n));
        }
        let kind = self.use_site();
        let n = items.len().max(1) as u32;
        let w = self.rng.weighted(&[n, if kind.is_some() { n / 6 + 1 } else { 0 }]);
        if w == 1 {
            let ty = kind.unwrap();
            let Some(o) = objs.iter().find(|o| o.ty == ty) else { return Vec::new() };
            let setters: Vec<&crate::surface::Setter> =
                o.setters.iter().filter(|s| has(&s.name) && !USE_EXCLUDED.contains(&s.name.as_str()) && s.ty != crate::ffi::SType::BytesErr).collect();
            if setters.is_empty() {
                return Vec::new();
            }
            let st = *self.rng.pick(&setters);
            let v = self.scalar(st.ty);
            return vec!["use".into(), o.ty.clone(), st.name.clone(), v];
        }
        let Some(&(o, _)) = (!items.is_empty()).then(|| self.rng.pick(&items)) else { return Vec::new() };
        let ctors: Vec<&crate::surface::Ctor> = o.ctors.iter().filter(|c| has(&c.name)).collect();
        if ctors.len() > 1 && self.rng.chance(1, 12) {
            let c = *self.rng.pick(&ctors);
            let mut v = vec!["optnew".into(), o.ty.clone(), c.name.clone()];
            for a in &c.args {
                if let crate::surface::CArg::Scalar(t) = a {
                    v.push(self.ctor_arg(*t));
                }
            }
            return v;
        }
        let objset: Vec<&(String, String)> =
            o.obj_setters.iter().filter(|(n, u)| has(n) && objs.iter().any(|x| x.ty == *u && has(&x.create))).collect();
        if !objset.is_empty() && self.rng.chance(1, 6) {
            let (n, u) = *self.rng.pick(&objset);
            return vec!["optobj".into(), o.ty.clone(), n.clone(), u.clone()];
        }
        let unread: Vec<&crate::surface::Setter> = o
            .setters
            .iter()
            .filter(|s| has(&s.name) && !s.getter.as_deref().is_some_and(has) && !OPTSET_EXCLUDED.contains(&s.name.as_str()))
            .collect();
        if !unread.is_empty() && self.rng.chance(1, 5) {
            let st = *self.rng.pick(&unread);
            let v = self.scalar(st.ty);
            return vec!["optset".into(), o.ty.clone(), st.name.clone(), v];
        }
        let actions: Vec<&String> = o.actions.iter().filter(|a| has(a)).collect();
        if !actions.is_empty() && self.rng.chance(1, 12) {
            return vec!["optdo".into(), o.ty.clone(), (*self.rng.pick(&actions)).clone()];
        }
        // Setters whose effect a getter shows; a setter with none is used only where its
        // object is used (`use`).
        let setters: Vec<&crate::surface::Setter> = o.setters.iter().filter(|s| has(&s.name) && s.getter.as_deref().is_some_and(has)).collect();
        let getters: Vec<&(String, crate::ffi::SType)> = o.getters.iter().filter(|g| has(&g.0)).collect();
        if !setters.is_empty() && (getters.is_empty() || self.rng.chance(1, 2)) {
            let st = *self.rng.pick(&setters);
            let v = self.scalar(st.ty);
            let g = st.getter.clone().unwrap();
            return vec!["opt".into(), o.ty.clone(), st.name.clone(), v, g];
        }
        if getters.is_empty() {
            return Vec::new();
        }
        let g = *self.rng.pick(&getters);
        // The getter on the scratch object (what the setters left) or on a fresh one (the default).
        let fresh = if self.rng.chance(1, 2) { "fresh" } else { "scratch" };
        vec!["optget".into(), o.ty.clone(), g.0.clone(), fresh.into()]
    }

    /// The options object the database steps of this program use, for a `use` step.
    fn use_site(&mut self) -> Option<&'static str> {
        let mut v = vec!["rocksdb_readoptions_t", "rocksdb_writeoptions_t", "rocksdb_compactoptions_t", "rocksdb_ingestexternalfileoptions_t"];
        match self.kind.as_str() {
            "pessimistic" => v.push("rocksdb_transaction_options_t"),
            "optimistic" => v.push("rocksdb_optimistictransaction_options_t"),
            _ => {}
        }
        Some(*self.rng.pick(&v))
    }

    fn ctor_arg(&mut self, t: crate::ffi::SType) -> String {
        use crate::ffi::SType::*;
        match t {
            U8 => self.rng.pick(&["0", "1"]).to_string(),
            I32 | I64 | U32 | U64 => self.rng.pick(&["1", "1024", "1048576", "8388608"]).to_string(),
            F64 => self.rng.pick(&["1.0", "10.0", "20.5"]).to_string(),
            Str | Bytes | BytesErr => self.rng.pick(&["\"/tmp/ferrock-difftest-none", "\"x"]).to_string(),
        }
    }

    fn scalar(&mut self, t: crate::ffi::SType) -> String {
        use crate::ffi::SType::*;
        match t {
            // `2b`: 2 given to an `unsigned char` setter of a bool field (RocksDB stores true).
            U8 => self.rng.pick(&["0", "1", "1", "2b"]).to_string(),
            I32 | I64 => self.rng.pick(&["0", "1", "2", "3", "4", "7", "10", "100", "-1"]).to_string(),
            U32 | U64 => self.rng.pick(&["0", "1", "2", "3", "8", "64", "1000", "65536", "1048576"]).to_string(),
            F64 => self.rng.pick(&["0.0", "0.5", "1.0", "2.5", "10.0"]).to_string(),
            // `"` then the string (no spaces); NULL for a null pointer.
            // A `const char *` alone is copied into a std::string by RocksDB: NULL is undefined there.
            Str => self.rng.pick(&["\"", "\"x", "\"/tmp/ferrock-difftest-none", "\"00:00-23:59", "\"k05"]).to_string(),
            Bytes | BytesErr => self.rng.pick(&["\"", "\"x", "\"/tmp/ferrock-difftest-none", "\"00:00-23:59", "\"k05", "NULL"]).to_string(),
        }
    }
}

/// Setters without a getter that `optset` leaves out: none so far (every one only stores).
const OPTSET_EXCLUDED: &[&str] = &[];

/// Setters `use` leaves out: timing (deadlines, lock waits, expirations), what the steps
/// set themselves (bounds, snapshots), timestamps (no family has a timestamp comparator),
/// and the block-cache-only read tier (what a cache holds differs between engines).
const USE_EXCLUDED: &[&str] = &[
    "rocksdb_readoptions_set_deadline",
    "rocksdb_readoptions_set_io_timeout",
    "rocksdb_readoptions_set_iterate_upper_bound",
    "rocksdb_readoptions_set_iterate_lower_bound",
    "rocksdb_readoptions_set_timestamp",
    "rocksdb_readoptions_set_iter_start_ts",
    "rocksdb_readoptions_set_read_tier",
    // A tailing iterator (tests/difftest/known.txt): ferrock's iterators ignore the flag.
    "rocksdb_readoptions_set_tailing",
    "rocksdb_transaction_options_set_lock_timeout",
    "rocksdb_transaction_options_set_expiration",
    "rocksdb_transaction_options_set_deadlock_timeout_us",
    // Ingest behind is not implemented in ferrock (tests/difftest/known.txt).
    "rocksdb_ingestexternalfileoptions_set_ingest_behind",
];

/// Properties whose values do not depend on timing or on file sizes.
pub const PROPERTIES: [&str; 16] = [
    "rocksdb.num-entries-active-mem-table",
    "rocksdb.num-deletes-active-mem-table",
    "rocksdb.num-entries-imm-mem-tables",
    "rocksdb.num-deletes-imm-mem-tables",
    "rocksdb.num-immutable-mem-table",
    "rocksdb.num-immutable-mem-table-flushed",
    "rocksdb.num-files-at-level0",
    "rocksdb.num-files-at-level1",
    "rocksdb.num-files-at-level6",
    "rocksdb.num-snapshots",
    "rocksdb.mem-table-flush-pending",
    "rocksdb.compaction-pending",
    "rocksdb.background-errors",
    "rocksdb.is-write-stopped",
    "rocksdb.num-running-compactions",
    "rocksdb.no-such-property",
];
