//! `MergingIterator`: the union of several sorted internal iterators
//! (memtables, L0 files, levels) in internal-key order (docs/format/internal-key.md §1.2),
//! in both directions.
//!
//! Children that are valid sit in a binary heap of child indices: a min-heap
//! on key while moving forward, a max-heap while moving backward. Switching
//! direction repositions every other child around the current key, as LevelDB's
//! MergingIterator does, so that entries equal to the current key in other
//! children are neither skipped nor returned twice.
//!
//! Not thread-safe (one reader); it is `Send` like every `InternalIterator`.

use crate::error::Result;
use crate::iter::InternalIterator;
use crate::key::InternalKeyComparator;
use std::cmp::Ordering;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Forward,
    Reverse,
}

pub struct MergingIterator {
    cmp: InternalKeyComparator,
    children: Vec<Box<dyn InternalIterator>>,
    /// Indices of valid children; `heap[0]` is the current child.
    heap: Vec<usize>,
    direction: Direction,
    /// The first error of a child that went invalid with one.
    status: Result<()>,
    /// Reused copy of the current key while switching direction.
    switch_key: Vec<u8>,
}

impl MergingIterator {
    pub fn new(cmp: InternalKeyComparator, children: Vec<Box<dyn InternalIterator>>) -> MergingIterator {
        let n = children.len();
        MergingIterator { cmp, children, heap: Vec::with_capacity(n), direction: Direction::Forward, status: Ok(()), switch_key: Vec::new() }
    }

    /// True when child `a` must sit above child `b` in the heap.
    #[inline]
    fn before(&self, a: usize, b: usize) -> bool {
        let o = self.cmp.compare(self.children[a].key(), self.children[b].key());
        match self.direction {
            // Ties go to the lower index so the order is deterministic.
            Direction::Forward => o == Ordering::Less || (o == Ordering::Equal && a < b),
            Direction::Reverse => o == Ordering::Greater || (o == Ordering::Equal && a < b),
        }
    }

    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                return;
            }
            let r = l + 1;
            let mut best = l;
            if r < n && self.before(self.heap[r], self.heap[l]) {
                best = r;
            }
            if self.before(self.heap[best], self.heap[i]) {
                self.heap.swap(best, i);
                i = best;
            } else {
                return;
            }
        }
    }

    fn sift_up(&mut self, mut i: usize) {
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.before(self.heap[i], self.heap[parent]) {
                self.heap.swap(i, parent);
                i = parent;
            } else {
                return;
            }
        }
    }

    /// Rebuilds the heap from every valid child, in the current direction.
    fn rebuild(&mut self) {
        self.heap.clear();
        self.status = Ok(());
        for i in 0..self.children.len() {
            if self.children[i].valid() {
                self.heap.push(i);
                let last = self.heap.len() - 1;
                self.sift_up(last);
            } else if self.status.is_ok() {
                self.status = self.children[i].status();
            }
        }
    }

    /// After the current child moved: keep it if still valid, else drop it.
    fn fix_top(&mut self) {
        let Some(&top) = self.heap.first() else { return };
        if self.children[top].valid() {
            self.sift_down(0);
        } else {
            if self.status.is_ok() {
                self.status = self.children[top].status();
            }
            let last = self.heap.len() - 1;
            self.heap.swap(0, last);
            self.heap.pop();
            self.sift_down(0);
        }
    }

}

impl InternalIterator for MergingIterator {
    fn valid(&self) -> bool {
        !self.heap.is_empty() && self.status.is_ok()
    }

    fn seek_to_first(&mut self) {
        for c in &mut self.children {
            c.seek_to_first();
        }
        self.direction = Direction::Forward;
        self.rebuild();
    }

    fn seek_to_last(&mut self) {
        for c in &mut self.children {
            c.seek_to_last();
        }
        self.direction = Direction::Reverse;
        self.rebuild();
    }

    fn seek(&mut self, target: &[u8]) {
        for c in &mut self.children {
            c.seek(target);
        }
        self.direction = Direction::Forward;
        self.rebuild();
    }

    fn seek_for_prev(&mut self, target: &[u8]) {
        for c in &mut self.children {
            c.seek_for_prev(target);
        }
        self.direction = Direction::Reverse;
        self.rebuild();
    }

    fn next(&mut self) {
        let Some(&cur) = self.heap.first() else { return };
        if self.direction == Direction::Reverse {
            // Every other child is at or before key(); move each to its first
            // entry after key() (entries equal to key() live in `cur` only,
            // as keys are unique across sources).
            let mut key = std::mem::take(&mut self.switch_key);
            key.clear();
            key.extend_from_slice(self.children[cur].key());
            for i in 0..self.children.len() {
                if i == cur {
                    continue;
                }
                let c = &mut self.children[i];
                c.seek(&key);
                if c.valid() && self.cmp.compare(&key, c.key()) == Ordering::Equal {
                    c.next();
                }
            }
            self.switch_key = key;
            self.children[cur].next();
            self.direction = Direction::Forward;
            self.rebuild();
            return;
        }
        self.children[cur].next();
        self.fix_top();
    }

    fn prev(&mut self) {
        let Some(&cur) = self.heap.first() else { return };
        if self.direction == Direction::Forward {
            // Every other child is after key(); move each to its last entry
            // before key().
            let mut key = std::mem::take(&mut self.switch_key);
            key.clear();
            key.extend_from_slice(self.children[cur].key());
            for i in 0..self.children.len() {
                if i == cur {
                    continue;
                }
                let c = &mut self.children[i];
                c.seek_for_prev(&key);
                if c.valid() && self.cmp.compare(&key, c.key()) == Ordering::Equal {
                    c.prev();
                }
            }
            self.switch_key = key;
            self.children[cur].prev();
            self.direction = Direction::Reverse;
            self.rebuild();
            return;
        }
        self.children[cur].prev();
        self.fix_top();
    }

    fn key(&self) -> &[u8] {
        match self.heap.first() {
            Some(&i) => self.children[i].key(),
            None => &[],
        }
    }

    fn value(&self) -> &[u8] {
        match self.heap.first() {
            Some(&i) => self.children[i].value(),
            None => &[],
        }
    }

    fn status(&self) -> Result<()> {
        self.status.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::iter::EmptyIterator;
    use crate::key::{make_internal_key, ValueType};
    use crate::memtable::MemTable;
    use std::sync::Arc;

    fn mem(entries: &[(&str, u64)]) -> Box<dyn InternalIterator> {
        let m = Arc::new(MemTable::new(InternalKeyComparator::default(), 0));
        for (k, s) in entries {
            m.add(*s, ValueType::Value, k.as_bytes(), format!("{k}{s}").as_bytes());
        }
        Box::new(m.iter())
    }

    fn ik(k: &str, s: u64) -> Vec<u8> {
        make_internal_key(k.as_bytes(), s, ValueType::Value)
    }

    #[test]
    fn merges_both_directions_and_switches() {
        let children = vec![
            mem(&[("a", 1), ("c", 3), ("e", 5)]),
            mem(&[("b", 2), ("c", 7), ("f", 6)]),
            Box::new(EmptyIterator::new()) as Box<dyn InternalIterator>,
            mem(&[("a", 9), ("d", 4)]),
        ];
        let mut it = MergingIterator::new(InternalKeyComparator::default(), children);
        let expect = vec![ik("a", 9), ik("a", 1), ik("b", 2), ik("c", 7), ik("c", 3), ik("d", 4), ik("e", 5), ik("f", 6)];
        let mut got = Vec::new();
        it.seek_to_first();
        while it.valid() {
            got.push(it.key().to_vec());
            it.next();
        }
        assert_eq!(got, expect);
        got.clear();
        it.seek_to_last();
        while it.valid() {
            got.push(it.key().to_vec());
            it.prev();
        }
        got.reverse();
        assert_eq!(got, expect);
        // Direction switches at every position.
        for i in 0..expect.len() {
            it.seek(&expect[i]);
            assert_eq!(it.key(), &expect[i][..]);
            it.prev();
            if i > 0 {
                assert_eq!(it.key(), &expect[i - 1][..]);
                it.next();
                assert_eq!(it.key(), &expect[i][..]);
                let s = crate::key::trailer(&expect[i]) >> 8;
                assert_eq!(it.value(), format!("{}{s}", char::from(expect[i][0])).as_bytes());
            } else {
                assert!(!it.valid());
            }
            it.seek_for_prev(&expect[i]);
            assert_eq!(it.key(), &expect[i][..]);
            it.next();
            if i + 1 < expect.len() {
                assert_eq!(it.key(), &expect[i + 1][..]);
                it.prev();
                assert_eq!(it.key(), &expect[i][..]);
            } else {
                assert!(!it.valid());
            }
        }
    }

    #[test]
    fn random_walks_match_a_sorted_model() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        let mut rng = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for ucmp in [crate::util::comparator::Comparator::Bytewise, crate::util::comparator::Comparator::ReverseBytewise] {
            let icmp = InternalKeyComparator::new(ucmp.clone());
            let mems: Vec<Arc<MemTable>> = (0..5).map(|i| Arc::new(MemTable::new(icmp.clone(), i))).collect();
            let mut all = Vec::new();
            for seq in 1..=400u64 {
                let k = format!("{:x}", rng(50));
                let t = if rng(4) == 0 { ValueType::Deletion } else { ValueType::Value };
                // One memtable stays empty.
                mems[rng(4) as usize].add(seq, t, k.as_bytes(), &seq.to_le_bytes());
                all.push(make_internal_key(k.as_bytes(), seq, t));
            }
            all.sort_by(|a, b| icmp.compare(a, b));
            let children = mems.iter().map(|m| Box::new(m.iter()) as Box<dyn InternalIterator>).collect();
            let mut it = MergingIterator::new(icmp.clone(), children);
            for _ in 0..300 {
                let target = make_internal_key(format!("{:x}", rng(50)).as_bytes(), rng(420), ValueType::Value);
                let mut pos = match rng(4) {
                    0 => {
                        it.seek_to_first();
                        Some(0)
                    }
                    1 => {
                        it.seek_to_last();
                        Some(all.len() - 1)
                    }
                    2 => {
                        it.seek(&target);
                        let i = all.partition_point(|k| icmp.compare(k, &target) == Ordering::Less);
                        (i < all.len()).then_some(i)
                    }
                    _ => {
                        it.seek_for_prev(&target);
                        let i = all.partition_point(|k| icmp.compare(k, &target) != Ordering::Greater);
                        i.checked_sub(1)
                    }
                };
                for _ in 0..20 {
                    match pos {
                        Some(i) => {
                            assert!(it.valid());
                            assert_eq!(it.key(), &all[i][..]);
                            assert_eq!(it.value(), &(crate::key::trailer(&all[i]) >> 8).to_le_bytes());
                        }
                        None => {
                            assert!(!it.valid());
                            break;
                        }
                    }
                    if rng(2) == 0 {
                        it.next();
                        pos = pos.and_then(|i| (i + 1 < all.len()).then_some(i + 1));
                    } else {
                        it.prev();
                        pos = pos.and_then(|i| i.checked_sub(1));
                    }
                }
            }
        }
    }

    #[test]
    fn child_error_is_reported() {
        let children = vec![
            mem(&[("a", 1)]),
            Box::new(EmptyIterator::with_error(Error::corruption("bad block"))) as Box<dyn InternalIterator>,
        ];
        let mut it = MergingIterator::new(InternalKeyComparator::default(), children);
        it.seek_to_first();
        assert!(!it.valid());
        assert_eq!(it.status().unwrap_err().to_string(), "Corruption: bad block");
    }
}
