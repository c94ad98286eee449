//! `LevelIterator`: the concatenation of the sorted, key-disjoint files of one
//! level (L1 and deeper) as one internal iterator, in both directions.
//!
//! Files are given by their smallest and largest internal keys
//! (docs/format/internal-key.md §1.2 order) and opened lazily through a caller-supplied
//! function, one at a time: a seek binary-searches the largest keys for the
//! only file that can hold the target. Files that yield nothing are skipped. A
//! failure to open a file, or an error of an open file's iterator, makes this
//! iterator invalid with that error as status() until the next seek.
//!
//! Not thread-safe (one reader); `Send`.

use crate::error::Result;
use crate::iter::InternalIterator;
use crate::key::InternalKeyComparator;
use std::cmp::Ordering;

/// Opens the iterator of file `i` (an index into the level's file list).
pub type OpenFileFn = Box<dyn FnMut(usize) -> Result<Box<dyn InternalIterator>> + Send>;

pub struct LevelIterator {
    cmp: InternalKeyComparator,
    /// `(smallest, largest)` internal keys of each file, in key order.
    files: Vec<(Vec<u8>, Vec<u8>)>,
    open: OpenFileFn,
    /// The open file: its index and iterator.
    current: Option<(usize, Box<dyn InternalIterator>)>,
    status: Result<()>,
}

impl LevelIterator {
    pub fn new(cmp: InternalKeyComparator, files: Vec<(Vec<u8>, Vec<u8>)>, open: OpenFileFn) -> LevelIterator {
        LevelIterator { cmp, files, open, current: None, status: Ok(()) }
    }

    /// The first file whose largest key is >= `target` (`files.len()` if none).
    fn find_file(&self, target: &[u8]) -> usize {
        self.files.partition_point(|(_, largest)| self.cmp.compare(largest, target) == Ordering::Less)
    }

    /// Makes file `i` the open one (reusing it if it already is). False when
    /// opening failed; the error is then the status.
    fn open_file(&mut self, i: usize) -> bool {
        if matches!(&self.current, Some((j, _)) if *j == i) {
            return true;
        }
        self.current = None;
        match (self.open)(i) {
            Ok(it) => {
                self.current = Some((i, it));
                true
            }
            Err(e) => {
                self.status = Err(e);
                false
            }
        }
    }

    /// While the open file has nothing at its position, moves to the start of
    /// the next file.
    fn skip_empty_forward(&mut self) {
        loop {
            let Some((i, it)) = &self.current else { return };
            if it.valid() {
                return;
            }
            if let Err(e) = it.status() {
                self.status = Err(e);
                return;
            }
            let next = *i + 1;
            if next >= self.files.len() || !self.open_file(next) {
                return;
            }
            if let Some((_, it)) = &mut self.current {
                it.seek_to_first();
            }
        }
    }

    /// While the open file has nothing at its position, moves to the end of the
    /// previous file.
    fn skip_empty_backward(&mut self) {
        loop {
            let Some((i, it)) = &self.current else { return };
            if it.valid() {
                return;
            }
            if let Err(e) = it.status() {
                self.status = Err(e);
                return;
            }
            if *i == 0 {
                return;
            }
            let prev = *i - 1;
            if !self.open_file(prev) {
                return;
            }
            if let Some((_, it)) = &mut self.current {
                it.seek_to_last();
            }
        }
    }

    fn current_iter(&self) -> Option<&dyn InternalIterator> {
        self.current.as_ref().map(|(_, it)| &**it as &dyn InternalIterator)
    }
}

impl InternalIterator for LevelIterator {
    fn valid(&self) -> bool {
        self.status.is_ok() && self.current_iter().is_some_and(|it| it.valid())
    }

    fn seek_to_first(&mut self) {
        self.status = Ok(());
        if self.files.is_empty() || !self.open_file(0) {
            self.current = None;
            return;
        }
        if let Some((_, it)) = &mut self.current {
            it.seek_to_first();
        }
        self.skip_empty_forward();
    }

    fn seek_to_last(&mut self) {
        self.status = Ok(());
        let n = self.files.len();
        if n == 0 || !self.open_file(n - 1) {
            self.current = None;
            return;
        }
        if let Some((_, it)) = &mut self.current {
            it.seek_to_last();
        }
        self.skip_empty_backward();
    }

    fn seek(&mut self, target: &[u8]) {
        self.status = Ok(());
        let i = self.find_file(target);
        if i >= self.files.len() || !self.open_file(i) {
            self.current = None;
            return;
        }
        if let Some((_, it)) = &mut self.current {
            it.seek(target);
        }
        self.skip_empty_forward();
    }

    fn seek_for_prev(&mut self, target: &[u8]) {
        self.status = Ok(());
        let n = self.files.len();
        if n == 0 {
            self.current = None;
            return;
        }
        let mut i = self.find_file(target).min(n - 1);
        if self.cmp.compare(target, &self.files[i].0) == Ordering::Less {
            // Everything in file i is after target: the answer is the end of
            // the file before it, without opening file i.
            if i == 0 {
                self.current = None;
                return;
            }
            i -= 1;
            if !self.open_file(i) {
                self.current = None;
                return;
            }
            if let Some((_, it)) = &mut self.current {
                it.seek_to_last();
            }
            self.skip_empty_backward();
            return;
        }
        if !self.open_file(i) {
            self.current = None;
            return;
        }
        if let Some((_, it)) = &mut self.current {
            it.seek_for_prev(target);
        }
        self.skip_empty_backward();
    }

    fn next(&mut self) {
        if !self.valid() {
            return;
        }
        if let Some((_, it)) = &mut self.current {
            it.next();
        }
        self.skip_empty_forward();
    }

    fn prev(&mut self) {
        if !self.valid() {
            return;
        }
        if let Some((_, it)) = &mut self.current {
            it.prev();
        }
        self.skip_empty_backward();
    }

    fn key(&self) -> &[u8] {
        match self.current_iter() {
            Some(it) if it.valid() => it.key(),
            _ => &[],
        }
    }

    fn value(&self) -> &[u8] {
        match self.current_iter() {
            Some(it) if it.valid() => it.value(),
            _ => &[],
        }
    }

    fn status(&self) -> Result<()> {
        self.status.clone()?;
        match self.current_iter() {
            Some(it) => it.status(),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::key::{make_internal_key, ValueType};
    use crate::memtable::MemTable;
    use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
    use std::sync::Arc;

    fn ik(k: &str) -> Vec<u8> {
        make_internal_key(k.as_bytes(), 1, ValueType::Value)
    }

    /// Files as memtables; an empty key list makes a file that yields nothing
    /// (its bounds still given), `None` a file that fails to open.
    fn level(files: Vec<(Option<Vec<&str>>, &str, &str)>, opens: Arc<AtomicUsize>) -> LevelIterator {
        let mut bounds = Vec::new();
        let mut mems = Vec::new();
        for (keys, lo, hi) in files {
            bounds.push((ik(lo), ik(hi)));
            mems.push(keys.map(|keys| {
                let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 0));
                for k in keys {
                    m.add(1, ValueType::Value, k.as_bytes(), k.to_uppercase().as_bytes());
                }
                m
            }));
        }
        LevelIterator::new(
            InternalKeyComparator::default(),
            bounds,
            Box::new(move |i| {
                opens.fetch_add(1, AtomicOrdering::Relaxed);
                match &mems[i] {
                    Some(m) => Ok(Box::new(m.iter()) as Box<dyn InternalIterator>),
                    None => Err(Error::io(format!("cannot open file {i}"))),
                }
            }),
        )
    }

    fn forward(it: &mut LevelIterator) -> Vec<String> {
        let mut v = Vec::new();
        while it.valid() {
            v.push(String::from_utf8(crate::key::user_key(it.key()).to_vec()).unwrap());
            assert_eq!(it.value(), v.last().unwrap().to_uppercase().as_bytes());
            it.next();
        }
        v
    }

    #[test]
    fn concatenates_skips_empty_files_and_seeks() {
        let opens = Arc::new(AtomicUsize::new(0));
        let mut it = level(
            vec![
                (Some(vec!["a", "b"]), "a", "b"),
                (Some(vec![]), "c", "d"),
                (Some(vec!["e", "g"]), "e", "g"),
                (Some(vec![]), "h", "i"),
                (Some(vec!["j"]), "j", "j"),
            ],
            Arc::clone(&opens),
        );
        it.seek_to_first();
        assert_eq!(forward(&mut it), ["a", "b", "e", "g", "j"]);
        let mut back = Vec::new();
        it.seek_to_last();
        while it.valid() {
            back.push(String::from_utf8(crate::key::user_key(it.key()).to_vec()).unwrap());
            it.prev();
        }
        assert_eq!(back, ["j", "g", "e", "b", "a"]);

        it.seek(&ik("c"));
        assert_eq!(forward(&mut it), ["e", "g", "j"]);
        it.seek(&ik("f"));
        assert_eq!(crate::key::user_key(it.key()), b"g");
        it.prev();
        assert_eq!(crate::key::user_key(it.key()), b"e");
        it.prev();
        assert_eq!(crate::key::user_key(it.key()), b"b");
        it.next();
        assert_eq!(crate::key::user_key(it.key()), b"e");
        it.seek(&ik("k"));
        assert!(!it.valid());
        it.seek_for_prev(&ik("i"));
        assert_eq!(crate::key::user_key(it.key()), b"g");
        it.seek_for_prev(&ik("d"));
        assert_eq!(crate::key::user_key(it.key()), b"b");
        it.seek_for_prev(&ik("zz"));
        assert_eq!(crate::key::user_key(it.key()), b"j");
        it.seek_for_prev(&make_internal_key(b"a", 2, ValueType::Value));
        assert!(!it.valid());
        assert!(it.status().is_ok());

        // seek_for_prev into a gap does not open the file after the gap.
        it.seek(&ik("j"));
        let before = opens.load(AtomicOrdering::Relaxed);
        it.seek_for_prev(&ik("dd"));
        assert_eq!(crate::key::user_key(it.key()), b"b");
        assert_eq!(opens.load(AtomicOrdering::Relaxed), before + 2, "opens file 1 (empty), then file 0");

        // A seek within the open file does not reopen it.
        it.seek(&ik("a"));
        let before = opens.load(AtomicOrdering::Relaxed);
        it.seek(&ik("b"));
        assert_eq!(opens.load(AtomicOrdering::Relaxed), before);
    }

    #[test]
    fn open_error_becomes_status() {
        let opens = Arc::new(AtomicUsize::new(0));
        let mut it = level(
            vec![(Some(vec!["a"]), "a", "a"), (None, "b", "c"), (Some(vec!["d"]), "d", "d")],
            Arc::clone(&opens),
        );
        it.seek_to_first();
        assert_eq!(crate::key::user_key(it.key()), b"a");
        it.next();
        assert!(!it.valid());
        assert_eq!(it.status().unwrap_err().to_string(), "IO error: cannot open file 1");
        // A seek past the bad file works again.
        it.seek(&ik("d"));
        assert!(it.valid());
        assert!(it.status().is_ok());
        it.prev();
        assert!(!it.valid());
        assert!(it.status().is_err());
    }

    #[test]
    fn empty_level() {
        let mut it = level(vec![], Arc::new(AtomicUsize::new(0)));
        it.seek_to_first();
        assert!(!it.valid());
        it.seek_to_last();
        assert!(!it.valid());
        it.seek(&ik("a"));
        assert!(!it.valid());
        it.seek_for_prev(&ik("a"));
        assert!(!it.valid());
        assert!(it.status().is_ok());
    }
}
