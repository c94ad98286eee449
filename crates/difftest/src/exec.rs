//! Runs a program on one library and writes down every answer: one line per step,
//! `ok`, `err <RocksDB's message>`, a value, an iterator position. The two libraries'
//! lines are compared by the driver (`main.rs`).
//!
//! The executor owns the slots (column families, snapshots, iterators, batches,
//! transactions) and keeps `ffi`'s contract: a handle is destroyed once, iterators
//! before what they read (their column family, transaction, batch, the database). A step
//! naming an empty slot answers `skip` without calling anything, on every library alike.
//!
//! Normalisation (documented in docs/difftest.md): the database directory in an error
//! text is written `$DB`, since each library runs in its own directory.

use crate::ffi::{BatchKind, DbKind, Lib, Missing, Opened, Res, SType, Scalar, H, W, WV};
use crate::prog::*;
use crate::surface::{CArg, OptObject};
use std::collections::BTreeMap;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Db,
    Txn(usize),
    Batch(usize),
}

struct IterSlot {
    it: H,
    ro: H,
    cf: usize,
    owner: Owner,
    // The bounds' bytes: the C API keeps pointers to them in the ReadOptions.
    _bounds: Box<(Vec<u8>, Vec<u8>)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CfState {
    Absent,
    Live,
    Dropped,
}

pub struct Exec<'a> {
    lib: &'a Lib,
    kind: DbKind,
    dir: String,
    opts: H,
    wo: H,
    db: Option<Opened>,
    cf_state: [CfState; CF_SLOTS],
    snaps: [Option<H>; SNAP_SLOTS],
    iters: [Option<IterSlot>; ITER_SLOTS],
    batches: [Option<(BatchKind, H)>; BATCH_SLOTS],
    txns: [Option<H>; TXN_SLOTS],
    scratch: BTreeMap<String, H>,
    objs: &'a [OptObject],
    /// The `use` steps so far: setters applied to every read options (transaction options)
    /// the executor makes after them, and to its write options.
    uses: Vec<(String, String, SType, Scalar)>,
    checkpoints: usize,
}

pub fn bytes(b: &[u8]) -> String {
    let mut s = String::new();
    for &c in b {
        if c.is_ascii_graphic() && c != b'\\' {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\x{c:02x}"));
        }
    }
    s
}

fn key_arg(s: &str) -> Vec<u8> {
    if s == "E" {
        Vec::new()
    } else {
        s.as_bytes().to_vec()
    }
}

fn opt_key(s: &str) -> Option<Vec<u8>> {
    (s != "-").then(|| key_arg(s))
}

fn value(r: &Res<Option<Vec<u8>>>) -> String {
    match r {
        Ok(Some(v)) => format!("= {}", bytes(v)),
        Ok(None) => "not found".into(),
        Err(e) => format!("err {e}"),
    }
}

pub fn unit_pub(r: &Res<()>) -> String {
    unit(r)
}

fn unit(r: &Res<()>) -> String {
    match r {
        Ok(()) => "ok".into(),
        Err(e) => format!("err {e}"),
    }
}

impl<'a> Exec<'a> {
    pub fn new(lib: &'a Lib, p: &Program, dir: &str, objs: &'a [OptObject]) -> Result<Exec<'a>, Missing> {
        let kind = match p.get("db").unwrap_or("plain") {
            "pessimistic" => DbKind::Pessimistic,
            "optimistic" => DbKind::Optimistic,
            _ => DbKind::Plain,
        };
        let merge = match p.get("merge").unwrap_or("full") {
            "none" => None,
            "partial" => Some(true),
            _ => Some(false),
        };
        let wal_ttl = p.get("wal_ttl").and_then(|v| v.parse().ok()).unwrap_or(0);
        let opts = lib.options(merge, wal_ttl)?;
        let wo = lib.writeoptions(false, false)?;
        let mut cf_state = [CfState::Absent; CF_SLOTS];
        cf_state[0] = CfState::Live;
        Ok(Exec {
            lib,
            kind,
            dir: dir.to_string(),
            opts,
            wo,
            db: None,
            cf_state,
            snaps: Default::default(),
            iters: Default::default(),
            batches: Default::default(),
            txns: Default::default(),
            scratch: BTreeMap::new(),
            objs,
            uses: Vec::new(),
            checkpoints: 0,
        })
    }

    fn norm(&self, s: String) -> String {
        s.replace(&self.dir, "$DB")
    }

    fn cf_name(i: usize) -> String {
        if i == 0 {
            "default".into()
        } else {
            format!("cf{i}")
        }
    }

    /// Opens the database with the column families of the live slots.
    pub fn open(&mut self) -> Result<String, Missing> {
        let live: Vec<usize> = (0..CF_SLOTS).filter(|&i| self.cf_state[i] == CfState::Live).collect();
        let names: Vec<String> = live.iter().map(|&i| Self::cf_name(i)).collect();
        match self.lib.open_db(self.kind, self.opts, &self.dir, &names)? {
            Ok(o) => {
                let mut cfs = vec![H::NULL; CF_SLOTS];
                for (j, &i) in live.iter().enumerate() {
                    cfs[i] = o.cfs[j];
                }
                self.db = Some(Opened { db: o.db, base: o.base, cfs });
                Ok("ok".into())
            }
            Err(e) => Ok(format!("err {}", self.norm(e))),
        }
    }

    /// Ends everything that holds the database, then closes it.
    pub fn close(&mut self) -> Result<(), Missing> {
        for i in 0..ITER_SLOTS {
            self.close_iter(i)?;
        }
        for i in 0..TXN_SLOTS {
            if let Some(t) = self.txns[i].take() {
                // Rolled back first, so no prepared transaction outlives the database into
                // the WAL recovery (the recovery of prepared transactions is not compared yet).
                let _ = self.lib.txn_step(t, "rollback")?;
                self.lib.txn_destroy(t)?;
            }
        }
        for i in 0..BATCH_SLOTS {
            if let Some((k, b)) = self.batches[i].take() {
                self.lib.batch_destroy(&k, b)?;
            }
        }
        if let Some(o) = self.db.take() {
            for i in 0..SNAP_SLOTS {
                if let Some(s) = self.snaps[i].take() {
                    self.lib.release_snapshot(self.kind, &o, s)?;
                }
            }
            self.lib.close(self.kind, &o)?;
        }
        for i in 0..CF_SLOTS {
            if self.cf_state[i] == CfState::Dropped {
                self.cf_state[i] = CfState::Absent;
            }
        }
        Ok(())
    }

    pub fn finish(mut self) -> Result<(), Missing> {
        self.close()?;
        for (ty, h) in std::mem::take(&mut self.scratch) {
            let o = self.objs.iter().find(|o| o.ty == ty).expect("scratch object of a known type");
            self.lib.destroy_obj(&o.destroy, h)?;
        }
        self.lib.writeoptions_destroy(self.wo)?;
        self.lib.options_destroy(self.opts)?;
        Ok(())
    }

    fn obj(&self, ty: &str) -> Option<&'a OptObject> {
        self.objs.iter().find(|o| o.ty == ty)
    }

    /// The scratch object of a type, made on first use with its default constructor.
    fn scratch_of(&mut self, o: &'a OptObject) -> Result<H, Missing> {
        if let Some(h) = self.scratch.get(&o.ty) {
            return Ok(*h);
        }
        let h = self.new_obj(o, &o.create, &[])?;
        self.scratch.insert(o.ty.clone(), h);
        Ok(h)
    }

    /// An object from constructor `ctor` with the step's arguments (missing ones: the defaults).
    fn new_obj(&mut self, o: &'a OptObject, ctor: &str, args: &[String]) -> Result<H, Missing> {
        let c = o.ctors.iter().find(|c| c.name == ctor).expect("a constructor of the type");
        if let [CArg::Obj(t)] = &c.args[..] {
            let Some(from) = self.obj(t) else { return Err(Missing("the object type of a constructor")) };
            let f = self.scratch_of(from)?;
            return self.lib.construct_from(ctor, f);
        }
        let vals: Vec<Scalar> = c
            .args
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                CArg::Scalar(t) => parse_scalar(*t, args.get(i).map(String::as_str).unwrap_or(crate::surface::ctor_default(*t))),
                CArg::Obj(_) => unreachable!("object arguments come alone"),
            })
            .collect();
        self.lib.construct(ctor, &vals)
    }

    /// Applies the `use` steps' setters of type `ty` to a new object of it.
    fn apply_uses(&self, ty: &str, h: H) -> Result<(), Missing> {
        for (t, name, st, v) in &self.uses {
            if t == ty {
                self.lib.set_scalar(name, h, *st, v)?;
            }
        }
        Ok(())
    }

    fn close_iter(&mut self, i: usize) -> Result<(), Missing> {
        if let Some(s) = self.iters[i].take() {
            self.lib.iter_destroy(s.it)?;
            self.lib.readoptions_destroy(s.ro)?;
        }
        Ok(())
    }

    fn close_iters_of(&mut self, pred: impl Fn(&IterSlot) -> bool) -> Result<(), Missing> {
        for i in 0..ITER_SLOTS {
            if self.iters[i].as_ref().is_some_and(&pred) {
                self.close_iter(i)?;
            }
        }
        Ok(())
    }

    /// The handle a step names: `d` is the default family through the C functions without
    /// a handle argument (`rocksdb_put` rather than `rocksdb_put_cf`), answered `Some(None)`.
    fn cf(&self, s: &str) -> Option<Option<H>> {
        let o = self.db.as_ref()?;
        if s == "d" {
            return Some(None);
        }
        let i: usize = s.parse().ok()?;
        (i < CF_SLOTS && self.cf_state[i] != CfState::Absent && !o.cfs[i].is_null()).then(|| Some(o.cfs[i]))
    }

    fn snap(&self, s: &str) -> Option<Option<H>> {
        if s == "-" {
            return Some(None);
        }
        let i: usize = s.parse().ok()?;
        self.snaps.get(i).copied().flatten().map(Some)
    }

    fn ro(&self, snap: Option<H>) -> Result<H, Missing> {
        let ro = self.lib.readoptions(snap, None, None)?;
        self.apply_uses("rocksdb_readoptions_t", ro)?;
        Ok(ro)
    }

    fn write_of<'b>(name: &str, a: &'b [Vec<u8>]) -> W<'b> {
        match name {
            "put" => W::Put(&a[0], &a[1]),
            "merge" => W::Merge(&a[0], &a[1]),
            "del" => W::Delete(&a[0]),
            "sdel" => W::SingleDelete(&a[0]),
            _ => W::DeleteRange(&a[0], &a[1]),
        }
    }

    /// Runs one step and says what it answered.
    pub fn step(&mut self, op: &[String]) -> Result<String, Missing> {
        let r = self.step_inner(op)?;
        Ok(self.norm(r))
    }

    fn step_inner(&mut self, op: &[String]) -> Result<String, Missing> {
        let skip = Ok("skip".to_string());
        let a = |i: usize| op.get(i).map(String::as_str).unwrap_or("-");
        let lib = self.lib;
        let kind = self.kind;
        if op.is_empty() {
            return skip;
        }
        if op[0] != "reopen" && !op[0].starts_with("opt") && self.db.is_none() {
            return skip;
        }
        let name = op[0].as_str();
        match name {
            "put" | "merge" | "del" | "sdel" | "delrange" => {
                let Some(cf) = self.cf(a(1)) else { return skip };
                let args: Vec<Vec<u8>> = op[2..].iter().map(|s| key_arg(s)).collect();
                let w = Self::write_of(name, &args);
                Ok(unit(&lib.write_one(kind, self.db.as_ref().unwrap(), self.wo, cf, &w)?))
            }
            "get" | "pget" => {
                let (Some(cf), Some(sn)) = (self.cf(a(1)), self.snap(a(3))) else { return skip };
                let ro = self.ro(sn)?;
                let r = lib.get(kind, self.db.as_ref().unwrap(), ro, cf, &key_arg(a(2)), name == "pget")?;
                lib.readoptions_destroy(ro)?;
                Ok(value(&r))
            }
            "mget" => {
                let Some(sn) = self.snap(a(1)) else { return skip };
                let mut cfs = Vec::new();
                let mut keys = Vec::new();
                let default = self.db.as_ref().unwrap().cfs[0];
                let mut all_default = true;
                for pair in op[2..].chunks(2) {
                    let Some(cf) = self.cf(&pair[0]) else { return skip };
                    all_default &= cf.is_none();
                    cfs.push(cf.unwrap_or(default));
                    keys.push(key_arg(pair.get(1).map(String::as_str).unwrap_or("E")));
                }
                let ro = self.ro(sn)?;
                // Every key in `d`: rocksdb_multi_get, else rocksdb_multi_get_cf.
                let r = lib.multi_get(kind, self.db.as_ref().unwrap(), ro, (!all_default).then_some(&cfs[..]), &keys)?;
                lib.readoptions_destroy(ro)?;
                Ok(r.iter().map(value).collect::<Vec<_>>().join(" | "))
            }
            "snap" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.snaps[i].is_some() {
                    return skip;
                }
                self.snaps[i] = Some(lib.snapshot(kind, self.db.as_ref().unwrap())?);
                Ok("ok".into())
            }
            "snapseq" => {
                let Some(Some(s)) = self.snap(a(1)) else { return skip };
                Ok(format!("seq {}", lib.snapshot_seq(s)?))
            }
            "unsnap" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(s) = self.snaps[i].take() else { return skip };
                lib.release_snapshot(kind, self.db.as_ref().unwrap(), s)?;
                Ok("ok".into())
            }
            "iter" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some(cf), Some(sn)) = (self.cf(a(3)), self.snap(a(6))) else { return skip };
                let cfi: usize = a(3).parse().unwrap_or(0);
                let owner = match a(2) {
                    "db" => Owner::Db,
                    t if t.starts_with('t') => Owner::Txn(t[1..].parse().unwrap_or(0)),
                    b => Owner::Batch(b[1..].parse().unwrap_or(0)),
                };
                match owner {
                    Owner::Txn(t) if self.txns.get(t).copied().flatten().is_none() => return skip,
                    Owner::Batch(b) if !matches!(self.batches.get(b), Some(Some((BatchKind::Indexed, _)))) => return skip,
                    _ => {}
                }
                self.close_iter(i)?;
                let bounds = Box::new((opt_key(a(4)).unwrap_or_default(), opt_key(a(5)).unwrap_or_default()));
                let lo = (a(4) != "-").then_some(bounds.0.as_slice());
                let hi = (a(5) != "-").then_some(bounds.1.as_slice());
                let ro = lib.readoptions(sn, lo, hi)?;
                self.apply_uses("rocksdb_readoptions_t", ro)?;
                let o = self.db.as_ref().unwrap();
                let it = match owner {
                    Owner::Db => lib.iterator(kind, o, ro, cf)?,
                    Owner::Txn(t) => lib.txn_iterator(self.txns[t].unwrap(), ro, cf)?,
                    Owner::Batch(b) => {
                        if kind == DbKind::Pessimistic {
                            lib.readoptions_destroy(ro)?;
                            return Ok("n/a".into());
                        }
                        let base = lib.iterator(kind, o, ro, cf)?;
                        let wb = self.batches[b].as_ref().unwrap().1;
                        if a(2).starts_with('B') {
                            lib.wbwi_iterator_readopts(wb, base, cf, ro)?
                        } else {
                            lib.wbwi_iterator(wb, base, cf)?
                        }
                    }
                };
                self.iters[i] = Some(IterSlot { it, ro, cf: cfi, owner, _bounds: bounds });
                self.iter_report(i)
            }
            "iseek" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(s) = self.iters[i].as_ref() else { return skip };
                if !lib.iter_move(s.it, a(2), &key_arg(a(3)))? {
                    return Ok("invalid (not moved)".into());
                }
                self.iter_report(i)
            }
            "iclose" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.iters[i].is_none() {
                    return skip;
                }
                self.close_iter(i)?;
                Ok("ok".into())
            }
            "cfcreate" => {
                let i: usize = a(1).parse().unwrap_or(1);
                if self.cf_state[i] == CfState::Dropped {
                    // The dropped family's handle goes before a new one takes the slot.
                    self.close_iters_of(|s| s.cf == i)?;
                    let h = self.db.as_ref().unwrap().cfs[i];
                    lib.cf_handle_destroy(h)?;
                    self.db.as_mut().unwrap().cfs[i] = H::NULL;
                    self.cf_state[i] = CfState::Absent;
                }
                let r = lib.create_cf(kind, self.db.as_ref().unwrap(), self.opts, &Self::cf_name(i))?;
                match r {
                    Ok(h) => {
                        if self.cf_state[i] == CfState::Live {
                            // Created although the slot's family exists: keep the first handle.
                            lib.cf_handle_destroy(h)?;
                            return Ok("ok (again)".into());
                        }
                        self.db.as_mut().unwrap().cfs[i] = h;
                        self.cf_state[i] = CfState::Live;
                        Ok("ok".into())
                    }
                    Err(e) => Ok(format!("err {e}")),
                }
            }
            "cfdrop" => {
                let i: usize = a(1).parse().unwrap_or(1);
                let Some(Some(cf)) = self.cf(a(1)) else { return skip };
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                let r = lib.drop_cf(self.db.as_ref().unwrap(), cf)?;
                if r.is_ok() {
                    self.cf_state[i] = CfState::Dropped;
                }
                Ok(unit(&r))
            }
            "flush" => {
                let Some(cf) = self.cf(a(1)) else { return skip };
                Ok(unit(&lib.flush(kind, self.db.as_ref().unwrap(), cf)?))
            }
            "compact" => {
                let Some(cf) = self.cf(a(1)) else { return skip };
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                let (b, e) = (opt_key(a(2)), opt_key(a(3)));
                lib.compact_range(self.db.as_ref().unwrap(), cf, b.as_deref(), e.as_deref())?;
                Ok("done".into())
            }
            "reopen" => {
                self.close()?;
                let names = lib.list_cfs(self.opts, &self.dir)?;
                let listed = match names {
                    Ok(n) => n.join(","),
                    Err(e) => format!("err {e}"),
                };
                let r = self.open()?;
                Ok(format!("cfs {listed}; open {r}"))
            }
            "latestseq" => {
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                Ok(format!("seq {}", lib.latest_seq(self.db.as_ref().unwrap())?))
            }
            "updates" => {
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                let seq: u64 = a(1).parse().unwrap_or(0);
                match lib.updates_since(self.db.as_ref().unwrap(), seq)? {
                    Err(e) => Ok(format!("err {e}")),
                    Ok((batches, st)) => {
                        let mut s = String::new();
                        for (seq, data) in batches {
                            s.push_str(&format!("{seq}:{} ", bytes(&data)));
                        }
                        s.push_str(&unit(&st));
                        Ok(s)
                    }
                }
            }
            "prop" => {
                let Some(cf) = self.cf(a(1)) else { return skip };
                let (v, n) = lib.property(kind, self.db.as_ref().unwrap(), cf, a(2))?;
                Ok(format!("{} / {}", v.as_deref().unwrap_or("NULL"), n.map_or("none".into(), |n| n.to_string())))
            }
            "batch" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.batches[i].is_some() {
                    return skip;
                }
                let k = if a(2) == "wi" { BatchKind::Indexed } else { BatchKind::Plain };
                let b = if a(2) == "params" {
                    lib.batch_with_params(a(3).parse().unwrap_or(0), a(4).parse().unwrap_or(0))?
                } else {
                    lib.batch_create(&k)?
                };
                self.batches[i] = Some((k, b));
                Ok("ok".into())
            }
            "bput" | "bmerge" | "bdel" | "bsdel" | "bdelrange" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some((k, b)), Some(cf)) = (self.batches[i].as_ref(), self.cf(a(2))) else { return skip };
                let b = *b;
                let args: Vec<Vec<u8>> = op[3..].iter().map(|s| key_arg(s)).collect();
                let w = Self::write_of(&name[1..], &args);
                lib.batch_write_entry(k, b, cf, &w)?;
                // ferrock's iterators over an indexed batch do not see its later writes
                // (tests/difftest/known.txt): the batch's iterators end at a write.
                self.close_iters_of(|s| s.owner == Owner::Batch(i))?;
                Ok(self.batch_report(i)?)
            }
            "bputv" | "bmergev" | "bdelv" | "bdelrangev" => {
                // The vector forms, every argument split in two parts (the empty key in none).
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some((k, b)), Some(cf)) = (self.batches[i].as_ref(), self.cf(a(2))) else { return skip };
                let b = *b;
                let split = |s: &str| -> Vec<Vec<u8>> {
                    let v = key_arg(s);
                    if v.is_empty() {
                        return Vec::new();
                    }
                    vec![v[..1].to_vec(), v[1..].to_vec()]
                };
                let w = match name {
                    "bputv" => WV::Put(split(a(3)), split(a(4))),
                    "bmergev" => WV::Merge(split(a(3)), split(a(4))),
                    "bdelv" => WV::Delete(split(a(3))),
                    _ => WV::DeleteRange(split(a(3)), split(a(4))),
                };
                lib.batch_write_v(k, b, cf, &w)?;
                self.close_iters_of(|s| s.owner == Owner::Batch(i))?;
                Ok(self.batch_report(i)?)
            }
            "biter" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some((k, b)) = self.batches[i].as_ref() else { return skip };
                lib.batch_iterate(k, *b, a(2))
            }
            "bfrom" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some((k, b)) = self.batches[i].as_ref() else { return skip };
                let (_, d) = lib.batch_data(k, *b)?;
                let (n, d2) = lib.batch_from(&d)?;
                Ok(format!("count {n} {}", if d2 == d { "same bytes".to_string() } else { format!("data {}", bytes(&d2)) }))
            }
            "bverify" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some((BatchKind::Plain, b)) = self.batches[i].as_ref() else { return skip };
                Ok(unit(&lib.batch_verify(*b)?))
            }
            "bpget" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some((BatchKind::Indexed, b)), Some(cf), Some(sn)) = (self.batches[i].as_ref(), self.cf(a(2)), self.snap(a(4))) else {
                    return skip;
                };
                let b = *b;
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                let ro = self.ro(sn)?;
                let r = lib.wbwi_get_pinned(self.db.as_ref().unwrap(), ro, b, cf, &key_arg(a(3)))?;
                lib.readoptions_destroy(ro)?;
                Ok(value(&r))
            }
            "tpget" | "tpgfu" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some(t), Some(cf)) = (self.txns[i], self.cf(a(2))) else { return skip };
                let (sn, fu) = if name == "tpget" { (self.snap(a(4)), None) } else { (Some(None), Some(a(4) == "x")) };
                let Some(sn) = sn else { return skip };
                let ro = self.ro(sn)?;
                let r = lib.txn_get_pinned(t, ro, cf, &key_arg(a(3)), fu)?;
                lib.readoptions_destroy(ro)?;
                Ok(value(&r))
            }
            "tmget" => {
                // tmget TXN SNAP get|fu CF KEY CF KEY ...
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some(t), Some(sn)) = (self.txns[i], self.snap(a(2))) else { return skip };
                let default = self.db.as_ref().unwrap().cfs[0];
                let mut cfs = Vec::new();
                let mut keys = Vec::new();
                let mut all_default = true;
                for pair in op[4..].chunks(2) {
                    let Some(cf) = self.cf(&pair[0]) else { return skip };
                    all_default &= cf.is_none();
                    cfs.push(cf.unwrap_or(default));
                    keys.push(key_arg(pair.get(1).map(String::as_str).unwrap_or("E")));
                }
                let ro = self.ro(sn)?;
                let r = lib.txn_multi_get(t, ro, (!all_default).then_some(&cfs[..]), &keys, a(3) == "fu")?;
                lib.readoptions_destroy(ro)?;
                Ok(r.iter().map(value).collect::<Vec<_>>().join(" | "))
            }
            "tlog" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(t) = self.txns[i] else { return skip };
                lib.txn_log_data(t, a(2).as_bytes())?;
                let (n, d) = lib.txn_batch(t)?;
                Ok(format!("count {n} size {}", d.len()))
            }
            "tbatch" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(t) = self.txns[i] else { return skip };
                let (n, d) = lib.txn_batch(t)?;
                Ok(format!("count {n} data {}", bytes(&d)))
            }
            "trebuild" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let b: usize = a(2).parse().unwrap_or(0);
                if self.txns[i].is_none() || self.batches[b].is_none() {
                    return skip;
                }
                self.close_iters_of(|s| s.owner == Owner::Txn(i))?;
                let t = self.txns[i].unwrap();
                let (k, bh) = self.batches[b].as_ref().unwrap();
                let r = lib.txn_rebuild(t, k, *bh)?;
                let (n, d) = lib.txn_batch(t)?;
                Ok(format!("{}; count {n} size {}", unit(&r), d.len()))
            }
            "tsnapseq" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(t) = self.txns[i] else { return skip };
                Ok(lib.txn_snapshot_seq(t)?.map_or("no snapshot".into(), |s| format!("seq {s}")))
            }
            "cfname" => {
                let Some(Some(cf)) = self.cf(a(1)) else { return skip };
                let (n, id) = lib.cf_name_id(cf)?;
                Ok(format!("{n} id {id}"))
            }
            "sst" => {
                // sst CF OP... with OP p:KEY:VAL | m:KEY:VAL | d:KEY | r:BEGIN:END, written
                // in the order given (out of order is misuse RocksDB answers), then ingested.
                let Some(cf) = self.cf(a(1)) else { return skip };
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                let mut ops = Vec::new();
                for w in &op[2..] {
                    let parts: Vec<&str> = w.split(':').collect();
                    let k = |i: usize| key_arg(parts.get(i).copied().unwrap_or("E"));
                    ops.push(match parts[0] {
                        "p" => crate::ffi::SstOp::Put(k(1), k(2)),
                        "m" => crate::ffi::SstOp::Merge(k(1), k(2)),
                        "d" => crate::ffi::SstOp::Delete(k(1)),
                        _ => crate::ffi::SstOp::DeleteRange(k(1), k(2)),
                    });
                }
                self.checkpoints += 1;
                let path = format!("{}-ext{}.sst", self.dir, self.checkpoints);
                let io = lib.ingestoptions()?;
                self.apply_uses("rocksdb_ingestexternalfileoptions_t", io)?;
                let r = lib.sst_ingest(self.db.as_ref().unwrap(), self.opts, io, cf, &path, &ops);
                lib.ingestoptions_destroy(io)?;
                let _ = std::fs::remove_file(&path);
                r
            }
            "compactopt" => {
                let Some(cf) = self.cf(a(1)) else { return skip };
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                let co = lib.compactoptions()?;
                self.apply_uses("rocksdb_compactoptions_t", co)?;
                let (b, e) = (opt_key(a(2)), opt_key(a(3)));
                lib.compact_range_opt(self.db.as_ref().unwrap(), co, cf, b.as_deref(), e.as_deref())?;
                lib.compactoptions_destroy(co)?;
                Ok("done".into())
            }
            "livefiles" => {
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                lib.livefiles(self.db.as_ref().unwrap())
            }
            "cfmeta" => {
                let Some(cf) = self.cf(a(1)) else { return skip };
                if kind == DbKind::Pessimistic {
                    return Ok("n/a".into());
                }
                lib.cf_metadata(self.db.as_ref().unwrap(), cf)
            }
            "checkpoint" => {
                self.checkpoints += 1;
                let dir = format!("{}-cp{}", self.dir, self.checkpoints);
                let live: Vec<String> = (0..CF_SLOTS).filter(|&i| self.cf_state[i] == CfState::Live).map(Self::cf_name).collect();
                let r = lib.checkpoint(kind, self.db.as_ref().unwrap(), self.opts, &dir, &live)?;
                let _ = std::fs::remove_dir_all(&dir);
                Ok(r)
            }
            "tprop" => {
                if kind == DbKind::Plain {
                    return skip;
                }
                let (v, n) = lib.txndb_property(kind, self.db.as_ref().unwrap(), a(1))?;
                Ok(format!("{} / {}", v.as_deref().unwrap_or("NULL"), n.map_or("none".into(), |n| n.to_string())))
            }
            "blog" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some((k, b)) = self.batches[i].as_ref() else { return skip };
                lib.batch_log_data(k, *b, a(2).as_bytes())?;
                Ok(self.batch_report(i)?)
            }
            "bsp" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some((k, b)) = self.batches[i].as_ref() else { return skip };
                let b = *b;
                if matches!(k, BatchKind::Indexed) {
                    if a(2) == "pop" {
                        return Ok("n/a".into());
                    }
                    self.close_iters_of(|s| s.owner == Owner::Batch(i))?;
                }
                let k = &self.batches[i].as_ref().unwrap().0;
                let r = lib.batch_savepoint(k, b, a(2))?;
                Ok(format!("{}; {}", unit(&r), self.batch_report(i)?))
            }
            "bclear" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.batches[i].is_none() {
                    return skip;
                }
                self.close_iters_of(|s| s.owner == Owner::Batch(i))?;
                let (k, b) = self.batches[i].as_ref().unwrap();
                lib.batch_clear(k, *b)?;
                Ok(self.batch_report(i)?)
            }
            "bdata" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.batches[i].is_none() {
                    return skip;
                }
                let (k, b) = self.batches[i].as_ref().unwrap();
                let (n, d) = lib.batch_data(k, *b)?;
                Ok(format!("count {n} data {}", bytes(&d)))
            }
            "bwrite" | "bfree" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.batches[i].is_none() {
                    return skip;
                }
                self.close_iters_of(|s| s.owner == Owner::Batch(i))?;
                let (k, b) = self.batches[i].take().unwrap();
                let mut out = "ok".to_string();
                if name == "bwrite" {
                    let wo = lib.writeoptions(a(2) == "sync", false)?;
                    self.apply_uses("rocksdb_writeoptions_t", wo)?;
                    out = match lib.batch_commit(kind, &k, self.db.as_ref().unwrap(), wo, b) {
                        Ok(r) => unit(&r),
                        Err(Missing(_)) => "n/a".into(),
                    };
                    lib.writeoptions_destroy(wo)?;
                }
                lib.batch_destroy(&k, b)?;
                Ok(out)
            }
            "bget" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some((BatchKind::Indexed, b)), Some(cf), Some(sn)) = (self.batches[i].as_ref(), self.cf(a(3)), self.snap(a(5))) else {
                    return skip;
                };
                let b = *b;
                if kind == DbKind::Pessimistic && a(2) == "db" {
                    return Ok("n/a".into());
                }
                let ro = self.ro(sn)?;
                let r = lib.wbwi_get(self.db.as_ref().unwrap(), self.opts, ro, b, cf, &key_arg(a(4)), a(2) == "db")?;
                lib.readoptions_destroy(ro)?;
                Ok(value(&r))
            }
            "tbegin" => {
                let i: usize = a(1).parse().unwrap_or(0);
                if self.txns[i].is_some() || kind == DbKind::Plain {
                    return skip;
                }
                self.txns[i] = Some(lib.txn_begin(kind, self.db.as_ref().unwrap(), self.wo, &|ty, h| self.apply_uses(ty, h))?);
                Ok("ok".into())
            }
            "tput" | "tmerge" | "tdel" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some(t), Some(cf)) = (self.txns[i], self.cf(a(2))) else { return skip };
                self.close_iters_of(|s| s.owner == Owner::Txn(i))?;
                let args: Vec<Vec<u8>> = op[3..].iter().map(|s| key_arg(s)).collect();
                let w = Self::write_of(&name[1..], &args);
                Ok(unit(&lib.txn_write(t, cf, &w)?))
            }
            "tget" | "tgfu" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let (Some(t), Some(cf)) = (self.txns[i], self.cf(a(2))) else { return skip };
                let (sn, fu) = if name == "tget" { (self.snap(a(4)), None) } else { (Some(None), Some(a(4) == "x")) };
                let Some(sn) = sn else { return skip };
                let ro = self.ro(sn)?;
                let r = lib.txn_get(t, ro, cf, &key_arg(a(3)), fu)?;
                lib.readoptions_destroy(ro)?;
                Ok(value(&r))
            }
            "tname" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(t) = self.txns[i] else { return skip };
                let r = lib.txn_set_name(t, a(2).as_bytes())?;
                let n = lib.txn_get_name(t)?;
                Ok(format!("{}; name {}", unit(&r), n.map_or("NULL".into(), |n| bytes(&n))))
            }
            "tstep" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(t) = self.txns[i] else { return skip };
                self.close_iters_of(|s| s.owner == Owner::Txn(i))?;
                Ok(unit(&lib.txn_step(t, a(2))?))
            }
            "tfree" => {
                let i: usize = a(1).parse().unwrap_or(0);
                let Some(t) = self.txns[i].take() else { return skip };
                self.close_iters_of(|s| s.owner == Owner::Txn(i))?;
                lib.txn_destroy(t)?;
                Ok("ok".into())
            }
            "opt" | "optget" => {
                let Some(o) = self.obj(a(1)) else { return skip };
                let fresh = name == "optget" && a(3) == "fresh";
                let h = if fresh { self.new_obj(o, &o.create, &[])? } else { self.scratch_of(o)? };
                let out = if name == "opt" {
                    let Some(st) = o.setters.iter().find(|s| s.name == a(2)) else { return skip };
                    let v = parse_scalar(st.ty, a(3));
                    let r = lib.set_scalar(&st.name, h, st.ty, &v)?;
                    let got = st.getter.as_ref().filter(|g| g.as_str() == a(4)).and_then(|g| o.getters.iter().find(|x| x.0 == *g));
                    match got {
                        Some((g, t)) => format!("{r}; get {}", lib.get_scalar(g, h, *t)?),
                        None => r.to_string(),
                    }
                } else {
                    let Some((g, t)) = o.getters.iter().find(|g| g.0 == a(2)) else { return skip };
                    format!("= {}", lib.get_scalar(g, h, *t)?)
                };
                if fresh {
                    lib.destroy_obj(&o.destroy, h)?;
                }
                Ok(out)
            }
            "optnew" => {
                // A new scratch object from one of the type's constructors.
                let Some(o) = self.obj(a(1)) else { return skip };
                if !o.ctors.iter().any(|c| c.name == a(2)) {
                    return skip;
                }
                let h = self.new_obj(o, a(2), &op[3..])?;
                if let Some(old) = self.scratch.insert(o.ty.clone(), h) {
                    lib.destroy_obj(&o.destroy, old)?;
                }
                Ok("ok".into())
            }
            "optobj" => {
                // optobj T SETTER U: the setter on T's scratch object with a fresh U.
                let (Some(o), Some(u)) = (self.obj(a(1)), self.obj(a(3))) else { return skip };
                if !o.obj_setters.iter().any(|(n, t)| n == a(2) && t == a(3)) {
                    return skip;
                }
                let h = self.scratch_of(o)?;
                let uh = self.new_obj(u, &u.create, &[])?;
                lib.set_obj(a(2), h, uh)?;
                Ok("ok".into())
            }
            "optset" => {
                // optset T SETTER VALUE: a setter no getter reads, on T's scratch object
                // (what it can show: that it takes the value, or the error it answers).
                let Some(o) = self.obj(a(1)) else { return skip };
                let Some(st) = o.setters.iter().find(|s| s.name == a(2)) else { return skip };
                let h = self.scratch_of(o)?;
                let r = lib.set_scalar(&st.name, h, st.ty, &parse_scalar(st.ty, a(3)))?;
                Ok(match r {
                    Scalar::Err(Some(e)) => format!("err {e}"),
                    _ => "ok".into(),
                })
            }
            "optdo" => {
                let Some(o) = self.obj(a(1)) else { return skip };
                if !o.actions.iter().any(|x| x == a(2)) {
                    return skip;
                }
                let h = self.scratch_of(o)?;
                lib.action(a(2), h)?;
                Ok("ok".into())
            }
            "use" => {
                // A setter of the read, write or transaction options the following steps use.
                let Some(o) = self.obj(a(1)) else { return skip };
                let Some(st) = o.setters.iter().find(|s| s.name == a(2)) else { return skip };
                let v = parse_scalar(st.ty, a(3));
                if o.ty == "rocksdb_writeoptions_t" {
                    lib.set_scalar(&st.name, self.wo, st.ty, &v)?;
                }
                self.uses.push((o.ty.clone(), st.name.clone(), st.ty, v));
                Ok("ok".into())
            }
            _ => Ok(format!("unknown step {name}")),
        }
    }

    fn iter_report(&self, i: usize) -> Result<String, Missing> {
        let s = self.iters[i].as_ref().unwrap();
        let (pos, st) = self.lib.iter_state(s.it)?;
        let p = match pos {
            Some((k, v)) => format!("at {} = {}", bytes(&k), bytes(&v)),
            None => "invalid".into(),
        };
        Ok(format!("{p}; {}", unit(&st)))
    }

    fn batch_report(&self, i: usize) -> Result<String, Missing> {
        let (k, b) = self.batches[i].as_ref().unwrap();
        let (n, d) = self.lib.batch_data(k, *b)?;
        Ok(format!("count {n} size {}", d.len()))
    }
}

fn parse_scalar(t: SType, s: &str) -> Scalar {
    match t {
        SType::Str | SType::Bytes | SType::BytesErr => Scalar::Str(s.strip_prefix('"').map(|x| x.as_bytes().to_vec())),
        SType::U8 => Scalar::U8(s.trim_end_matches('b').parse().unwrap_or(0)),
        SType::I32 => Scalar::I32(s.parse().unwrap_or(0)),
        SType::U32 => Scalar::U32(s.parse().unwrap_or(0)),
        SType::I64 => Scalar::I64(s.parse().unwrap_or(0)),
        SType::U64 => Scalar::U64(s.parse().unwrap_or(0)),
        SType::F64 => Scalar::F64(s.parse().unwrap_or(0.0)),
    }
}

/// Runs a whole program on `lib` in `dir` (which must not exist yet): the open's answer,
/// then one line per step. A function the library lacks ends the run with a `missing` line.
pub fn run(lib: &Lib, p: &Program, dir: &str, objs: &[OptObject]) -> Vec<String> {
    let mut out = Vec::new();
    let mut ex = match Exec::new(lib, p, dir, objs) {
        Ok(e) => e,
        Err(Missing(f)) => return vec![format!("missing {f}")],
    };
    let r = (|| -> Result<(), Missing> {
        out.push(format!("open: {}", ex.open()?));
        for op in &p.ops {
            let r = ex.step(op)?;
            out.push(r);
        }
        Ok(())
    })();
    if let Err(Missing(f)) = r {
        out.push(format!("missing {f}"));
    }
    if let Err(Missing(f)) = ex.finish() {
        out.push(format!("missing {f}"));
    }
    out
}
