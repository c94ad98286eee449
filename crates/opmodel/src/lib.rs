//! ferrock-opmodel: one description of the operations that ferrock's stress driver
//! (`crates/stress`, issue 12) and the differential test (issue 14) run, so both
//! drivers generate, print, replay and shrink the same programs.
//!
//! - `op`: the operations with their arguments and their one-line text form;
//! - `gen`: a seeded generator with a weight per operation kind;
//! - `keys`: how key indices and entry ids become bytes, and how a value read back is
//!   taken apart into the writes that made it;
//! - `model`: RocksDB's semantics over a map (the reference a single-threaded driver
//!   compares reads with, and the per-key arithmetic of the crash verification);
//! - `shrink`: delta debugging of a failing program;
//! - `rng`: the deterministic random generator behind the seeds;
//! - `Program`: a program's text (a `# key=value` header, then one operation per line).
//!
//! The crate depends on nothing, not even ferrock: a driver that loads RocksDB and
//! ferrock through `dlopen` links it without linking either engine. The guide is
//! `docs/reliability.md` ("The operation model").

pub mod gen;
pub mod keys;
pub mod model;
pub mod op;
pub mod rng;
pub mod shrink;

pub use gen::{GenConfig, Generator, KeySpace, Weights};
pub use model::Model;
pub use op::*;

/// A program: settings (seed, key space, options of the run) and its operations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub header: Vec<(String, String)>,
    pub ops: Vec<Op>,
}

impl Program {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.header.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    pub fn set(&mut self, key: &str, value: impl ToString) {
        let value = value.to_string();
        match self.header.iter_mut().find(|(k, _)| k == key) {
            Some(e) => e.1 = value,
            None => self.header.push((key.to_string(), value)),
        }
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.header {
            s.push_str(&format!("# {k}={v}\n"));
        }
        for op in &self.ops {
            s.push_str(&op.to_string());
            s.push('\n');
        }
        s
    }

    /// Reads a program's text: `# key=value` lines set the header, other `#` lines and
    /// blank lines are comments, every other line is one operation.
    pub fn parse(text: &str) -> Result<Program, String> {
        let mut p = Program::default();
        for (n, line) in text.lines().enumerate() {
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
            p.ops.push(l.parse().map_err(|e| format!("line {}: {e}: {l}", n + 1))?);
        }
        Ok(p)
    }
}

/// Parses the header's key space (`cfs`, `keys`, `sd_keys`).
pub fn key_space_of(p: &Program) -> Result<KeySpace, String> {
    let num = |k: &str| -> Result<u32, String> {
        p.get(k).ok_or_else(|| format!("program header has no {k}="))?.parse().map_err(|_| format!("bad {k}= in program header"))
    };
    Ok(KeySpace { num_cfs: num("cfs")?, keys_per_cf: num("keys")?, sd_keys: num("sd_keys")? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_round_trip_through_their_text() {
        let ks = KeySpace { num_cfs: 3, keys_per_cf: 500, sd_keys: 50 };
        let mut p = Program { header: Vec::new(), ops: Generator::new(GenConfig::stress(ks), 77, 0).program(500) };
        p.set("seed", 77);
        p.set("cfs", 3);
        p.set("keys", 500);
        p.set("sd_keys", 50);
        let text = p.to_text();
        let back = Program::parse(&text).unwrap();
        assert_eq!(back, p);
        assert_eq!(key_space_of(&back).unwrap(), ks);
        assert_eq!(back.get("seed"), Some("77"));
        let err = Program::parse("# seed=1\nget 0 1\nbogus 3\n").unwrap_err();
        assert_eq!(err, "line 3: unknown operation \"bogus\": bogus 3");
    }
}
