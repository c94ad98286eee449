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
            6,  // 13 option objects
        ];
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        match self.rng.weighted(&weights) {
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
                if self.b.snap[i] && self.rng.chance(1, 2) {
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
                    let (cf, lo, hi, sn) = (self.read_cf(), self.opt_key(), self.opt_key(), self.snap_arg());
                    // On the database, in a transaction, or over an indexed batch.
                    let src = match self.rng.below(4) {
                        0 if txn_db => format!("t{}", self.slot(TXN_SLOTS, &self.b.txn.clone())),
                        1 => format!("b{}", self.rng.below(BATCH_SLOTS as u64)),
                        _ => "db".into(),
                    };
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
            7 => vec!["compact".into(), self.read_cf(), self.opt_key(), self.opt_key()],
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
            _ => self.opt_step(),
        }
    }

    fn batch_step(&mut self) -> Vec<String> {
        let i = self.rng.below(BATCH_SLOTS as u64) as usize;
        let is = i.to_string();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        let Some(wi) = self.b.batch[i] else {
            let wi = self.rng.chance(1, 2);
            self.b.batch[i] = Some(wi);
            return s(&["batch", &is, if wi { "wi" } else { "plain" }]);
        };
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

    fn txn_step(&mut self) -> Vec<String> {
        let i = self.rng.below(TXN_SLOTS as u64) as usize;
        let is = i.to_string();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        if !self.b.txn[i] {
            self.b.txn[i] = true;
            return s(&["tbegin", &is]);
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
        let o = *self.rng.pick(&objs);
        let setters: Vec<&crate::surface::Setter> = o.setters.iter().filter(|s| has(&s.name)).collect();
        let getters: Vec<&(String, crate::ffi::SType)> = o.getters.iter().filter(|g| has(&g.0)).collect();
        if !setters.is_empty() && (getters.is_empty() || self.rng.chance(2, 3)) {
            let st = *self.rng.pick(&setters);
            let v = self.scalar(st.ty);
            // Read back with the matching getter when every library has it.
            let g = st.getter.clone().filter(|g| has(g)).unwrap_or_else(|| "-".into());
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

    fn scalar(&mut self, t: crate::ffi::SType) -> String {
        use crate::ffi::SType::*;
        match t {
            // `2b`: 2 given to an `unsigned char` setter of a bool field (RocksDB stores true).
            U8 => self.rng.pick(&["0", "1", "1", "2b"]).to_string(),
            I32 | I64 => self.rng.pick(&["0", "1", "2", "3", "4", "7", "10", "100", "-1"]).to_string(),
            U32 | U64 => self.rng.pick(&["0", "1", "2", "3", "8", "64", "1000", "65536", "1048576"]).to_string(),
            F64 => self.rng.pick(&["0.0", "0.5", "1.0", "2.5", "10.0"]).to_string(),
        }
    }
}

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
