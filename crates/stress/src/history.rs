//! The history: every write the driver starts, and how it ended, appended to a file
//! outside the database's process state (RocksDB db_stress's expected-state trace).
//!
//! A write's `B` (begin) line reaches the file (one `write` system call) before the
//! database is called, and its `A` (acknowledged), `F` (failed) or `R` (refused: known not
//! to have happened) line after it returns. A `kill -9` at any moment therefore leaves,
//! for every write that can be in the database, a `B` line, and for every write the
//! database acknowledged, usually an `A` line (a write whose `A` line was lost counts as
//! pending, which only weakens the check). Writes to one key are serialized by the
//! driver's key locks, so the order of `B` lines is each key's write order.
//!
//! Every line carries a tick of one clock (incremented under the history's lock), so
//! "A was acknowledged before B started" is `ack(A) < start(B)`.
//!
//! ```text
//! B <wid> <tick> <thread> <operation>     wid: hex id of this execution
//! A <wid> <tick>
//! F <wid> <tick> <error>
//! R <wid> <tick>
//! E <how> <tick>                          how: clean-ok, clean-err, crash, powerloss
//! ```

use ferrock_opmodel::Op;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Started, no answer recorded (in flight at the crash, or its answer was lost).
    Pending,
    Acked(u64),
    /// Returned an error: may or may not have taken effect.
    Failed(u64),
    /// Known not to have taken effect (an optimistic transaction's conflict).
    Refused,
}

#[derive(Clone, Debug)]
pub struct Rec {
    pub wid: u64,
    pub start: u64,
    pub thread: u32,
    pub op: Op,
    pub outcome: Outcome,
}

impl Rec {
    pub fn acked(&self) -> Option<u64> {
        match self.outcome {
            Outcome::Acked(t) => Some(t),
            _ => None,
        }
    }
}

/// How a history ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// No end line: the process died (kill -9).
    Killed,
    /// The database was closed; `ok`: close returned OK.
    Clean { ok: bool },
    /// The driver simulated a process crash (file system stopped, no close).
    Crash,
    /// The driver simulated a power loss (unsynced data dropped).
    PowerLoss,
}

struct Inner {
    file: File,
    tick: u64,
    recs: Vec<Rec>,
    index: HashMap<u64, usize>,
    end: End,
}

pub struct History {
    inner: Mutex<Inner>,
}

fn io_err(p: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", p.display())
}

impl History {
    /// A new, empty history file (truncating one left over).
    pub fn create(path: &Path) -> Result<History, String> {
        let file = OpenOptions::new().create(true).write(true).truncate(true).open(path).map_err(|e| io_err(path, e))?;
        Ok(History {
            inner: Mutex::new(Inner { file, tick: 0, recs: Vec::new(), index: HashMap::new(), end: End::Killed }),
        })
    }

    fn append(inner: &mut Inner, line: &str) {
        // One write per line: the line is either in the file after a kill -9 or not.
        // A history that cannot be written makes every later check meaningless.
        if let Err(e) = inner.file.write_all(line.as_bytes()) {
            eprintln!("ferrock-stress: cannot append to the history: {e}");
            std::process::exit(4);
        }
    }

    /// Records the start of `op` (before the database is called); returns its start tick.
    pub fn begin(&self, wid: u64, thread: u32, op: &Op) -> u64 {
        let mut g = self.inner.lock();
        g.tick += 1;
        let t = g.tick;
        Self::append(&mut g, &format!("B {wid:x} {t} {thread} {op}\n"));
        let i = g.recs.len();
        g.recs.push(Rec { wid, start: t, thread, op: op.clone(), outcome: Outcome::Pending });
        g.index.insert(wid, i);
        t
    }

    fn finish(&self, wid: u64, kind: char, outcome: impl FnOnce(u64) -> Outcome, text: &str) -> u64 {
        let mut g = self.inner.lock();
        g.tick += 1;
        let t = g.tick;
        let line = if text.is_empty() { format!("{kind} {wid:x} {t}\n") } else { format!("{kind} {wid:x} {t} {}\n", text.replace('\n', " ")) };
        Self::append(&mut g, &line);
        if let Some(&i) = g.index.get(&wid) {
            g.recs[i].outcome = outcome(t);
        }
        t
    }

    pub fn ack(&self, wid: u64) -> u64 {
        self.finish(wid, 'A', Outcome::Acked, "")
    }

    pub fn fail(&self, wid: u64, error: &str) -> u64 {
        self.finish(wid, 'F', Outcome::Failed, error)
    }

    pub fn refuse(&self, wid: u64) -> u64 {
        self.finish(wid, 'R', |_| Outcome::Refused, "")
    }

    /// The clock now (advanced, so the returned tick is after everything recorded so far).
    pub fn now(&self) -> u64 {
        let mut g = self.inner.lock();
        g.tick += 1;
        g.tick
    }

    pub fn end(&self, end: End) {
        let mut g = self.inner.lock();
        g.tick += 1;
        let t = g.tick;
        let how = match end {
            End::Killed => return,
            End::Clean { ok: true } => "clean-ok",
            End::Clean { ok: false } => "clean-err",
            End::Crash => "crash",
            End::PowerLoss => "powerloss",
        };
        Self::append(&mut g, &format!("E {how} {t}\n"));
        g.end = end;
    }

    /// What was recorded so far, and how the history ended.
    pub fn snapshot(&self) -> (Vec<Rec>, End) {
        let g = self.inner.lock();
        (g.recs.clone(), g.end)
    }

    /// Reads a history file written by an earlier process. A last line without its
    /// newline (cut by the kill) is ignored.
    pub fn load(path: &Path) -> Result<(Vec<Rec>, End), String> {
        let text = std::fs::read_to_string(path).map_err(|e| io_err(path, e))?;
        let mut recs: Vec<Rec> = Vec::new();
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut end = End::Killed;
        let complete = match text.rfind('\n') {
            Some(i) => &text[..i + 1],
            None => "",
        };
        for (n, line) in complete.lines().enumerate() {
            let bad = |what: &str| format!("{}:{}: {what}: {line}", path.display(), n + 1);
            let mut parts = line.splitn(5, ' ');
            let kind = parts.next().unwrap_or("");
            if kind == "E" {
                end = match parts.next() {
                    Some("clean-ok") => End::Clean { ok: true },
                    Some("clean-err") => End::Clean { ok: false },
                    Some("crash") => End::Crash,
                    Some("powerloss") => End::PowerLoss,
                    _ => return Err(bad("unknown end")),
                };
                continue;
            }
            let wid = parts.next().and_then(|w| u64::from_str_radix(w, 16).ok()).ok_or_else(|| bad("bad id"))?;
            let tick: u64 = parts.next().and_then(|t| t.parse().ok()).ok_or_else(|| bad("bad tick"))?;
            match kind {
                "B" => {
                    let thread = parts.next().and_then(|t| t.parse().ok()).ok_or_else(|| bad("bad thread"))?;
                    let op: Op = parts.next().ok_or_else(|| bad("no operation"))?.parse().map_err(|e: String| bad(&e))?;
                    index.insert(wid, recs.len());
                    recs.push(Rec { wid, start: tick, thread, op, outcome: Outcome::Pending });
                }
                "A" | "F" | "R" => {
                    let i = *index.get(&wid).ok_or_else(|| bad("answer without a start"))?;
                    recs[i].outcome = match kind {
                        "A" => Outcome::Acked(tick),
                        "F" => Outcome::Failed(tick),
                        _ => Outcome::Refused,
                    };
                }
                _ => return Err(bad("unknown line")),
            }
        }
        Ok((recs, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_reads_back_as_written_and_a_torn_tail_is_ignored() {
        let dir = std::env::temp_dir().join(format!("ferrock-stress-history-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("history");
        let h = History::create(&p).unwrap();
        let put: Op = "write async put 0 1 5:3".parse().unwrap();
        let flush: Op = "flush 1".parse().unwrap();
        let t1 = h.begin(0x10, 0, &put);
        let t2 = h.begin(0x11, 1, &flush);
        let a = h.ack(0x10);
        h.fail(0x11, "IO error: boom\nsecond line");
        h.begin(0x12, 0, &put);
        assert!(t1 < t2 && t2 < a);
        drop(h);
        let mut text = std::fs::read_to_string(&p).unwrap();
        text.push_str("A 12 9");
        std::fs::write(&p, text).unwrap();
        let (recs, end) = History::load(&p).unwrap();
        assert_eq!(end, End::Killed);
        assert_eq!(recs.len(), 3);
        assert_eq!(recs[0].outcome, Outcome::Acked(a));
        assert_eq!(recs[0].op, put);
        assert!(matches!(recs[1].outcome, Outcome::Failed(_)));
        assert_eq!(recs[2].outcome, Outcome::Pending, "the torn last line is not an answer");
        let h = History::create(&p).unwrap();
        h.end(End::Clean { ok: true });
        assert_eq!(History::load(&p).unwrap().1, End::Clean { ok: true });
        let _ = std::fs::remove_dir_all(&dir);
    }
}
