//! The operations, with their arguments, and their text form: one operation per
//! line, so a program can be saved, read back, replayed and shrunk line by line.
//!
//! Keys are indices into the key space of a column family (`keys::key_bytes` makes
//! the bytes); values are named by an entry id (`keys::value_bytes`). Column
//! families are slots `0..num_cfs`; slot 0 is `default`.
//!
//! Text form (ids in hex, `-` for an absent bound):
//! ```text
//! write async put 0 17 1f:12        # Put, value of entry 0x1f with 12 padding bytes
//! write sync merge 1 3 20           # Merge operand of entry 0x20
//! write nowal del 0 5 | sdel | delrange 0 10 20
//! batch async sp=2 { put 0 1 21:0 ; del 0 2 ; merge 0 3 22 }   # rolled back to before entry 2
//! txn pess sync 2pc commit { put 0 1 23:4 ; merge 1 2 24 }
//! ingest 0 { put 0 5 25:3 ; del 0 7 ; delrange 0 8 12 }
//! cfreset 1 | flush 0 | flushwal sync | compact 0 10 - | checkpoint
//! get 0 17 | multiget 0 1 2 3 | scan 0 10 50 seek:20 nnpn | scan 1 - - last ppp
//! snap 0 | snapget 0 1 17 | snapscan 0 1 - 40 rev | unsnap 0
//! reopen | crash | powerloss | fault sync wal
//! ```

use std::fmt;

pub type Cf = u32;
pub type Key = u32;

/// RocksDB's WriteOptions as the operations use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WriteMode {
    /// `sync = true`: the WAL is synced before the write returns.
    Sync,
    /// The default: the WAL record is handed to the OS, not synced.
    Async,
    /// `disableWAL = true`: only the memtable has the write until a flush.
    NoWal,
}

impl WriteMode {
    pub const ALL: [WriteMode; 3] = [WriteMode::Sync, WriteMode::Async, WriteMode::NoWal];
    pub fn name(self) -> &'static str {
        match self {
            WriteMode::Sync => "sync",
            WriteMode::Async => "async",
            WriteMode::NoWal => "nowal",
        }
    }
    pub fn logged(self) -> bool {
        self != WriteMode::NoWal
    }
}

/// A Put's value: the entry id that names it and its padding length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Val {
    pub id: u64,
    pub len: u32,
}

/// One entry of a write: alone, in a batch, in a transaction or in an ingested file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mutation {
    Put { cf: Cf, key: Key, val: Val },
    Merge { cf: Cf, key: Key, id: u64 },
    Delete { cf: Cf, key: Key },
    SingleDelete { cf: Cf, key: Key },
    /// Deletes `begin..end` (end exclusive, as RocksDB's DeleteRange).
    DeleteRange { cf: Cf, begin: Key, end: Key },
}

impl Mutation {
    pub fn cf(&self) -> Cf {
        match *self {
            Mutation::Put { cf, .. }
            | Mutation::Merge { cf, .. }
            | Mutation::Delete { cf, .. }
            | Mutation::SingleDelete { cf, .. }
            | Mutation::DeleteRange { cf, .. } => cf,
        }
    }

    /// The keys it changes, ascending.
    pub fn keys(&self) -> std::ops::Range<Key> {
        match *self {
            Mutation::Put { key, .. } | Mutation::Merge { key, .. } | Mutation::Delete { key, .. } | Mutation::SingleDelete { key, .. } => {
                key..key + 1
            }
            Mutation::DeleteRange { begin, end, .. } => begin..end.max(begin),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TxnKind {
    Pessimistic,
    Optimistic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TxnEnd {
    Commit,
    Rollback,
}

/// Where an iterator starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seek {
    First,
    Last,
    To(Key),
    ForPrev(Key),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Next,
    Prev,
}

/// An I/O fault the fault-injecting file system makes happen once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    WriteError,
    SyncError,
    ReadError,
    NoSpace,
}

/// Which files a fault hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    Wal,
    Table,
    Manifest,
    Any,
}

impl FileKind {
    /// A substring of the paths of such files (what the fault file system matches).
    pub fn path_pattern(self) -> &'static str {
        match self {
            FileKind::Wal => ".log",
            FileKind::Table => ".sst",
            FileKind::Manifest => "MANIFEST-",
            FileKind::Any => "",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Write { mode: WriteMode, m: Mutation },
    /// A WriteBatch; with `savepoint = Some(i)` a save point is set before entry `i` and
    /// the batch is rolled back to it after the last entry, so entries `i..` are dropped.
    Batch { mode: WriteMode, ms: Vec<Mutation>, savepoint: Option<u32> },
    /// A transaction (no DeleteRange: transactions do not take it); `savepoint` as for
    /// batches; `two_phase`: named and prepared before the commit or rollback.
    Txn { kind: TxnKind, mode: WriteMode, ms: Vec<Mutation>, savepoint: Option<u32>, two_phase: bool, end: TxnEnd },
    /// An external file (SstFileWriter) of Puts, Deletes and DeleteRanges in `cf`, keys
    /// ascending, ingested.
    Ingest { cf: Cf, entries: Vec<Mutation> },
    /// Drops the column family and creates it again, empty.
    CfReset { cf: Cf },
    Flush { cf: Cf },
    FlushWal { sync: bool },
    CompactRange { cf: Cf, begin: Option<Key>, end: Option<Key> },
    Checkpoint,
    Get { cf: Cf, key: Key },
    MultiGet { cf: Cf, keys: Vec<Key> },
    /// An iterator with bounds (upper exclusive), positioned by `seek`, then stepped.
    Scan { cf: Cf, lower: Option<Key>, upper: Option<Key>, seek: Seek, steps: Vec<Step> },
    SnapTake { slot: u32 },
    SnapGet { slot: u32, cf: Cf, key: Key },
    SnapScan { slot: u32, cf: Cf, lower: Option<Key>, upper: Option<Key>, reverse: bool },
    SnapRelease { slot: u32 },
    /// Close cleanly and open again.
    Reopen,
    /// The process dies here (nothing more reaches the files), then the database is opened.
    Crash,
    /// Power is lost here (unsynced data and directory entries vanish), then the database is opened.
    PowerLoss,
    Fault { kind: FaultKind, file: FileKind },
}

impl Op {
    /// The entries this operation writes (empty for reads and control operations).
    pub fn mutations(&self) -> &[Mutation] {
        match self {
            Op::Write { m, .. } => std::slice::from_ref(m),
            Op::Batch { ms, .. } | Op::Txn { ms, .. } => ms,
            Op::Ingest { entries, .. } => entries,
            _ => &[],
        }
    }

    /// The entries that take effect when the operation succeeds (after its save point
    /// rollback; none for a rolled-back transaction).
    pub fn effective_mutations(&self) -> &[Mutation] {
        match self {
            Op::Batch { ms, savepoint, .. } => &ms[..savepoint.map_or(ms.len(), |i| (i as usize).min(ms.len()))],
            Op::Txn { end: TxnEnd::Rollback, .. } => &[],
            Op::Txn { ms, savepoint, .. } => &ms[..savepoint.map_or(ms.len(), |i| (i as usize).min(ms.len()))],
            _ => self.mutations(),
        }
    }

    pub fn write_mode(&self) -> Option<WriteMode> {
        match self {
            Op::Write { mode, .. } | Op::Batch { mode, .. } | Op::Txn { mode, .. } => Some(*mode),
            _ => None,
        }
    }
}

fn opt_key(k: Option<Key>) -> String {
    k.map_or_else(|| "-".to_string(), |k| k.to_string())
}

impl fmt::Display for Mutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mutation::Put { cf, key, val } => write!(f, "put {cf} {key} {:x}:{}", val.id, val.len),
            Mutation::Merge { cf, key, id } => write!(f, "merge {cf} {key} {id:x}"),
            Mutation::Delete { cf, key } => write!(f, "del {cf} {key}"),
            Mutation::SingleDelete { cf, key } => write!(f, "sdel {cf} {key}"),
            Mutation::DeleteRange { cf, begin, end } => write!(f, "delrange {cf} {begin} {end}"),
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, ms: &[Mutation]) -> fmt::Result {
    write!(f, "{{")?;
    for (i, m) in ms.iter().enumerate() {
        write!(f, "{}{m}", if i == 0 { " " } else { " ; " })?;
    }
    write!(f, " }}")
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Write { mode, m } => write!(f, "write {} {m}", mode.name()),
            Op::Batch { mode, ms, savepoint } => {
                write!(f, "batch {}", mode.name())?;
                if let Some(i) = savepoint {
                    write!(f, " sp={i}")?;
                }
                write!(f, " ")?;
                write_list(f, ms)
            }
            Op::Txn { kind, mode, ms, savepoint, two_phase, end } => {
                let k = match kind {
                    TxnKind::Pessimistic => "pess",
                    TxnKind::Optimistic => "opt",
                };
                write!(f, "txn {k} {}", mode.name())?;
                if *two_phase {
                    write!(f, " 2pc")?;
                }
                if let Some(i) = savepoint {
                    write!(f, " sp={i}")?;
                }
                write!(f, " {} ", if *end == TxnEnd::Commit { "commit" } else { "rollback" })?;
                write_list(f, ms)
            }
            Op::Ingest { cf, entries } => {
                write!(f, "ingest {cf} ")?;
                write_list(f, entries)
            }
            Op::CfReset { cf } => write!(f, "cfreset {cf}"),
            Op::Flush { cf } => write!(f, "flush {cf}"),
            Op::FlushWal { sync } => write!(f, "flushwal {}", if *sync { "sync" } else { "nosync" }),
            Op::CompactRange { cf, begin, end } => write!(f, "compact {cf} {} {}", opt_key(*begin), opt_key(*end)),
            Op::Checkpoint => write!(f, "checkpoint"),
            Op::Get { cf, key } => write!(f, "get {cf} {key}"),
            Op::MultiGet { cf, keys } => {
                write!(f, "multiget {cf}")?;
                for k in keys {
                    write!(f, " {k}")?;
                }
                Ok(())
            }
            Op::Scan { cf, lower, upper, seek, steps } => {
                let s = match seek {
                    Seek::First => "first".to_string(),
                    Seek::Last => "last".to_string(),
                    Seek::To(k) => format!("seek:{k}"),
                    Seek::ForPrev(k) => format!("prev:{k}"),
                };
                let st: String = if steps.is_empty() {
                    "-".into()
                } else {
                    steps.iter().map(|s| if *s == Step::Next { 'n' } else { 'p' }).collect()
                };
                write!(f, "scan {cf} {} {} {s} {st}", opt_key(*lower), opt_key(*upper))
            }
            Op::SnapTake { slot } => write!(f, "snap {slot}"),
            Op::SnapGet { slot, cf, key } => write!(f, "snapget {slot} {cf} {key}"),
            Op::SnapScan { slot, cf, lower, upper, reverse } => {
                write!(f, "snapscan {slot} {cf} {} {} {}", opt_key(*lower), opt_key(*upper), if *reverse { "rev" } else { "fwd" })
            }
            Op::SnapRelease { slot } => write!(f, "unsnap {slot}"),
            Op::Reopen => write!(f, "reopen"),
            Op::Crash => write!(f, "crash"),
            Op::PowerLoss => write!(f, "powerloss"),
            Op::Fault { kind, file } => {
                let k = match kind {
                    FaultKind::WriteError => "write",
                    FaultKind::SyncError => "sync",
                    FaultKind::ReadError => "read",
                    FaultKind::NoSpace => "nospace",
                };
                let t = match file {
                    FileKind::Wal => "wal",
                    FileKind::Table => "table",
                    FileKind::Manifest => "manifest",
                    FileKind::Any => "any",
                };
                write!(f, "fault {k} {t}")
            }
        }
    }
}

/// Reads tokens of one line.
struct Tokens<'a> {
    toks: Vec<&'a str>,
    pos: usize,
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> Result<&'a str, String> {
        let t = self.toks.get(self.pos).copied().ok_or_else(|| "unexpected end of line".to_string())?;
        self.pos += 1;
        Ok(t)
    }
    fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.pos).copied()
    }
    fn num(&mut self) -> Result<u32, String> {
        let t = self.next()?;
        t.parse().map_err(|_| format!("expected a number, got {t:?}"))
    }
    fn opt_num(&mut self) -> Result<Option<u32>, String> {
        let t = self.next()?;
        if t == "-" {
            return Ok(None);
        }
        t.parse().map(Some).map_err(|_| format!("expected a number or -, got {t:?}"))
    }
    fn hex(&mut self) -> Result<u64, String> {
        let t = self.next()?;
        u64::from_str_radix(t, 16).map_err(|_| format!("expected a hex id, got {t:?}"))
    }
    fn mode(&mut self) -> Result<WriteMode, String> {
        match self.next()? {
            "sync" => Ok(WriteMode::Sync),
            "async" => Ok(WriteMode::Async),
            "nowal" => Ok(WriteMode::NoWal),
            t => Err(format!("expected sync, async or nowal, got {t:?}")),
        }
    }
    fn mutation(&mut self) -> Result<Mutation, String> {
        let name = self.next()?;
        let cf = self.num()?;
        Ok(match name {
            "put" => {
                let key = self.num()?;
                let v = self.next()?;
                let (id, len) = v.split_once(':').ok_or_else(|| format!("expected id:len, got {v:?}"))?;
                let id = u64::from_str_radix(id, 16).map_err(|_| format!("bad value id {id:?}"))?;
                let len = len.parse().map_err(|_| format!("bad value length {len:?}"))?;
                Mutation::Put { cf, key, val: Val { id, len } }
            }
            "merge" => {
                let key = self.num()?;
                Mutation::Merge { cf, key, id: self.hex()? }
            }
            "del" => Mutation::Delete { cf, key: self.num()? },
            "sdel" => Mutation::SingleDelete { cf, key: self.num()? },
            "delrange" => {
                let begin = self.num()?;
                Mutation::DeleteRange { cf, begin, end: self.num()? }
            }
            _ => return Err(format!("unknown entry {name:?}")),
        })
    }
    fn list(&mut self) -> Result<Vec<Mutation>, String> {
        if self.next()? != "{" {
            return Err("expected {".into());
        }
        let mut out = Vec::new();
        if self.peek() == Some("}") {
            self.pos += 1;
            return Ok(out);
        }
        loop {
            out.push(self.mutation()?);
            match self.next()? {
                ";" => continue,
                "}" => return Ok(out),
                t => return Err(format!("expected ; or }}, got {t:?}")),
            }
        }
    }
    fn savepoint(&mut self) -> Result<Option<u32>, String> {
        match self.peek() {
            Some(t) if t.starts_with("sp=") => {
                self.pos += 1;
                t[3..].parse().map(Some).map_err(|_| format!("bad save point {t:?}"))
            }
            _ => Ok(None),
        }
    }
}

impl std::str::FromStr for Op {
    type Err = String;

    /// Parses the text form of one operation (a trailing `# comment` is ignored).
    fn from_str(line: &str) -> Result<Op, String> {
        let line = line.split('#').next().unwrap_or("");
        let mut t = Tokens { toks: line.split_whitespace().collect(), pos: 0 };
        let name = t.next()?;
        let op = match name {
            "write" => {
                let mode = t.mode()?;
                Op::Write { mode, m: t.mutation()? }
            }
            "batch" => {
                let mode = t.mode()?;
                let savepoint = t.savepoint()?;
                Op::Batch { mode, savepoint, ms: t.list()? }
            }
            "txn" => {
                let kind = match t.next()? {
                    "pess" => TxnKind::Pessimistic,
                    "opt" => TxnKind::Optimistic,
                    k => return Err(format!("expected pess or opt, got {k:?}")),
                };
                let mode = t.mode()?;
                let two_phase = t.peek() == Some("2pc");
                if two_phase {
                    t.pos += 1;
                }
                let savepoint = t.savepoint()?;
                let end = match t.next()? {
                    "commit" => TxnEnd::Commit,
                    "rollback" => TxnEnd::Rollback,
                    e => return Err(format!("expected commit or rollback, got {e:?}")),
                };
                Op::Txn { kind, mode, two_phase, savepoint, end, ms: t.list()? }
            }
            "ingest" => {
                let cf = t.num()?;
                Op::Ingest { cf, entries: t.list()? }
            }
            "cfreset" => Op::CfReset { cf: t.num()? },
            "flush" => Op::Flush { cf: t.num()? },
            "flushwal" => Op::FlushWal {
                sync: match t.next()? {
                    "sync" => true,
                    "nosync" => false,
                    s => return Err(format!("expected sync or nosync, got {s:?}")),
                },
            },
            "compact" => {
                let cf = t.num()?;
                let begin = t.opt_num()?;
                Op::CompactRange { cf, begin, end: t.opt_num()? }
            }
            "checkpoint" => Op::Checkpoint,
            "get" => {
                let cf = t.num()?;
                Op::Get { cf, key: t.num()? }
            }
            "multiget" => {
                let cf = t.num()?;
                let mut keys = Vec::new();
                while t.peek().is_some() {
                    keys.push(t.num()?);
                }
                Op::MultiGet { cf, keys }
            }
            "scan" => {
                let cf = t.num()?;
                let lower = t.opt_num()?;
                let upper = t.opt_num()?;
                let s = t.next()?;
                let seek = match s {
                    "first" => Seek::First,
                    "last" => Seek::Last,
                    _ => match s.split_once(':') {
                        Some(("seek", k)) => Seek::To(k.parse().map_err(|_| format!("bad seek {s:?}"))?),
                        Some(("prev", k)) => Seek::ForPrev(k.parse().map_err(|_| format!("bad seek {s:?}"))?),
                        _ => return Err(format!("bad seek {s:?}")),
                    },
                };
                let st = t.next()?;
                let steps = if st == "-" {
                    Vec::new()
                } else {
                    st.chars()
                        .map(|c| match c {
                            'n' => Ok(Step::Next),
                            'p' => Ok(Step::Prev),
                            _ => Err(format!("bad steps {st:?}")),
                        })
                        .collect::<Result<_, _>>()?
                };
                Op::Scan { cf, lower, upper, seek, steps }
            }
            "snap" => Op::SnapTake { slot: t.num()? },
            "snapget" => {
                let slot = t.num()?;
                let cf = t.num()?;
                Op::SnapGet { slot, cf, key: t.num()? }
            }
            "snapscan" => {
                let slot = t.num()?;
                let cf = t.num()?;
                let lower = t.opt_num()?;
                let upper = t.opt_num()?;
                let reverse = match t.next()? {
                    "fwd" => false,
                    "rev" => true,
                    d => return Err(format!("expected fwd or rev, got {d:?}")),
                };
                Op::SnapScan { slot, cf, lower, upper, reverse }
            }
            "unsnap" => Op::SnapRelease { slot: t.num()? },
            "reopen" => Op::Reopen,
            "crash" => Op::Crash,
            "powerloss" => Op::PowerLoss,
            "fault" => {
                let kind = match t.next()? {
                    "write" => FaultKind::WriteError,
                    "sync" => FaultKind::SyncError,
                    "read" => FaultKind::ReadError,
                    "nospace" => FaultKind::NoSpace,
                    k => return Err(format!("unknown fault {k:?}")),
                };
                let file = match t.next()? {
                    "wal" => FileKind::Wal,
                    "table" => FileKind::Table,
                    "manifest" => FileKind::Manifest,
                    "any" => FileKind::Any,
                    k => return Err(format!("unknown file kind {k:?}")),
                };
                Op::Fault { kind, file }
            }
            _ => return Err(format!("unknown operation {name:?}")),
        };
        if let Some(extra) = t.peek() {
            return Err(format!("unexpected {extra:?} after the operation"));
        }
        Ok(op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_of_the_module_doc_round_trips() {
        let lines = [
            "write async put 0 17 1f:12",
            "write sync merge 1 3 20",
            "write nowal del 0 5",
            "write sync sdel 2 0",
            "write async delrange 0 10 20",
            "batch async sp=2 { put 0 1 21:0 ; del 0 2 ; merge 0 3 22 }",
            "batch sync { }",
            "txn pess sync 2pc commit { put 0 1 23:4 ; merge 1 2 24 }",
            "txn opt nowal sp=0 rollback { del 0 1 }",
            "ingest 0 { put 0 5 25:3 ; del 0 7 ; delrange 0 8 12 }",
            "cfreset 1",
            "flush 0",
            "flushwal sync",
            "flushwal nosync",
            "compact 0 10 -",
            "compact 1 - -",
            "checkpoint",
            "get 0 17",
            "multiget 0 1 2 3",
            "scan 0 10 50 seek:20 nnpn",
            "scan 1 - - last ppp",
            "scan 1 - 9 prev:4 -",
            "scan 0 - - first n",
            "snap 0",
            "snapget 0 1 17",
            "snapscan 0 1 - 40 rev",
            "unsnap 0",
            "reopen",
            "crash",
            "powerloss",
            "fault sync wal",
            "fault nospace any",
        ];
        for l in lines {
            let op: Op = l.parse().unwrap_or_else(|e| panic!("{l}: {e}"));
            assert_eq!(op.to_string(), l);
        }
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert_eq!("jump 3".parse::<Op>().unwrap_err(), "unknown operation \"jump\"");
        assert_eq!("get 0".parse::<Op>().unwrap_err(), "unexpected end of line");
        assert_eq!("get 0 1 2".parse::<Op>().unwrap_err(), "unexpected \"2\" after the operation");
        assert!("write fast put 0 1 2:3".parse::<Op>().unwrap_err().contains("expected sync, async or nowal"));
        assert!("batch sync { put 0 1 2:3 ".parse::<Op>().is_err());
        assert_eq!("get 0 1 # a comment".parse::<Op>().unwrap(), Op::Get { cf: 0, key: 1 });
    }

    #[test]
    fn effective_entries_honour_save_points_and_rollback() {
        let ms = vec![Mutation::Delete { cf: 0, key: 1 }, Mutation::Delete { cf: 0, key: 2 }];
        let b = Op::Batch { mode: WriteMode::Async, ms: ms.clone(), savepoint: Some(1) };
        assert_eq!(b.effective_mutations(), &ms[..1]);
        let t = Op::Txn { kind: TxnKind::Pessimistic, mode: WriteMode::Sync, ms: ms.clone(), savepoint: None, two_phase: false, end: TxnEnd::Rollback };
        assert!(t.effective_mutations().is_empty());
        assert_eq!(Mutation::DeleteRange { cf: 0, begin: 5, end: 3 }.keys().count(), 0);
        assert_eq!(Mutation::DeleteRange { cf: 0, begin: 3, end: 5 }.keys().collect::<Vec<_>>(), vec![3, 4]);
    }
}
