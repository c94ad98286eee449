//! The expected-state directory: the verified contents of the database at the start of
//! the current generation (`base.<g>`) and the history of writes since (`history.<g>`),
//! with `CURRENT` naming the generation. It lives outside the database directory and
//! outside the process, so it survives the `kill -9` it is there to judge.
//!
//! After a verification the verified contents become the next generation's base and its
//! history starts empty. The switch writes the new base and history first and replaces
//! `CURRENT` last (write to a temporary name, rename), so a kill at any point leaves one
//! consistent generation: the old one (verified again next time) or the new one.
//!
//! `base.<g>` holds one line per present key, `<cf> <key> <value>` (values are printable
//! and have no spaces, `keys::value_bytes`).

use crate::history::History;
use ferrock_opmodel::{KeySpace, Model};
use std::path::{Path, PathBuf};

/// Generations kept on disk (the current one and the ones before it).
const KEEP: u64 = 8;

pub struct StateDir {
    pub dir: PathBuf,
    pub generation: u64,
}

fn io_err(p: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", p.display())
}

fn write_atomically(path: &Path, data: &[u8]) -> Result<(), String> {
    let tmp = path.with_file_name(format!("{}.tmp", path.file_name().and_then(|n| n.to_str()).unwrap_or("state")));
    std::fs::write(&tmp, data).map_err(|e| io_err(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io_err(path, e))
}

impl StateDir {
    /// Opens the directory, creating generation 0 (an empty base, an empty history) when new.
    pub fn open(dir: &Path) -> Result<StateDir, String> {
        std::fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
        let current = dir.join("CURRENT");
        if !current.exists() {
            std::fs::write(dir.join("base.0"), b"").map_err(|e| io_err(dir, e))?;
            std::fs::write(dir.join("history.0"), b"").map_err(|e| io_err(dir, e))?;
            write_atomically(&current, b"0\n")?;
        }
        let text = std::fs::read_to_string(&current).map_err(|e| io_err(&current, e))?;
        let generation = text.trim().parse().map_err(|_| format!("{}: bad generation {text:?}", current.display()))?;
        Ok(StateDir { dir: dir.to_path_buf(), generation })
    }

    pub fn base_path(&self) -> PathBuf {
        self.dir.join(format!("base.{}", self.generation))
    }

    pub fn history_path(&self) -> PathBuf {
        self.dir.join(format!("history.{}", self.generation))
    }

    pub fn load_base(&self, keys: KeySpace) -> Result<Model, String> {
        let p = self.base_path();
        let text = std::fs::read_to_string(&p).map_err(|e| io_err(&p, e))?;
        let mut m = Model::new(keys);
        for (n, line) in text.lines().enumerate() {
            let bad = || format!("{}:{}: bad line {line:?}", p.display(), n + 1);
            let mut parts = line.splitn(3, ' ');
            let cf: u32 = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
            let key: u32 = parts.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
            let v = parts.next().ok_or_else(bad)?;
            if cf >= keys.num_cfs || key >= keys.keys_per_cf {
                return Err(bad());
            }
            m.set(cf, key, Some(v.as_bytes().to_vec()));
        }
        Ok(m)
    }

    /// Starts the next generation with `verified` as its base; returns its (empty) history.
    pub fn advance(&mut self, verified: &Model) -> Result<History, String> {
        let next = self.generation + 1;
        let mut text = Vec::new();
        for cf in 0..verified.keys.num_cfs {
            for (k, v) in verified.cf_entries(cf) {
                text.extend_from_slice(format!("{cf} {k} ").as_bytes());
                text.extend_from_slice(v);
                text.push(b'\n');
            }
        }
        let base = self.dir.join(format!("base.{next}"));
        std::fs::write(&base, &text).map_err(|e| io_err(&base, e))?;
        let history = History::create(&self.dir.join(format!("history.{next}")))?;
        write_atomically(&self.dir.join("CURRENT"), format!("{next}\n").as_bytes())?;
        self.generation = next;
        // The last few generations stay for a post-mortem of a failure.
        if let Some(old) = next.checked_sub(KEEP) {
            let _ = std::fs::remove_file(self.dir.join(format!("base.{old}")));
            let _ = std::fs::remove_file(self.dir.join(format!("history.{old}")));
        }
        Ok(history)
    }
}
