//! `Model`: what RocksDB's semantics say the database holds after each operation, for
//! a program run by one thread (the reference both drivers check reads against), and
//! the per-key arithmetic the stress driver's crash verification is built on.
//!
//! A column family is a map from key index to value bytes (absent = not found). Puts
//! set, Deletes, SingleDeletes and DeleteRanges remove, Merges append (`keys::merge_append`).
//! An ingested file applies its range deletion, then its point entries. A column
//! family reset empties it.

use crate::gen::KeySpace;
use crate::keys::{merge_append, operand_bytes, value_bytes};
use crate::op::*;
use std::collections::BTreeMap;

/// The value an entry leaves on `key` given the value before it (`None` = absent). The
/// caller has checked that `m` covers `key`.
pub fn apply_to_key(before: Option<&[u8]>, m: &Mutation, key: Key) -> Option<Vec<u8>> {
    match *m {
        Mutation::Put { cf, val, .. } => Some(value_bytes(val.id, cf, key, val.len)),
        Mutation::Merge { id, .. } => Some(merge_append(before, &operand_bytes(id))),
        Mutation::Delete { .. } | Mutation::SingleDelete { .. } | Mutation::DeleteRange { .. } => None,
    }
}

/// The order in which an ingested file's entries take effect: its range deletions
/// first (a tombstone does not cover a point key of its own file), then its points.
pub fn ingest_order(entries: &[Mutation]) -> Vec<&Mutation> {
    let mut out: Vec<&Mutation> = entries.iter().filter(|m| matches!(m, Mutation::DeleteRange { .. })).collect();
    out.extend(entries.iter().filter(|m| !matches!(m, Mutation::DeleteRange { .. })));
    out
}

/// One iterator position: the key and value there, or None once the iterator is invalid.
pub type Position = Option<(Key, Vec<u8>)>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    pub keys: KeySpace,
    cfs: Vec<BTreeMap<Key, Vec<u8>>>,
}

impl Model {
    pub fn new(keys: KeySpace) -> Model {
        Model { keys, cfs: vec![BTreeMap::new(); keys.num_cfs as usize] }
    }

    pub fn get(&self, cf: Cf, key: Key) -> Option<&[u8]> {
        self.cfs.get(cf as usize)?.get(&key).map(|v| v.as_slice())
    }

    pub fn set(&mut self, cf: Cf, key: Key, v: Option<Vec<u8>>) {
        let m = &mut self.cfs[cf as usize];
        match v {
            Some(v) => {
                m.insert(key, v);
            }
            None => {
                m.remove(&key);
            }
        }
    }

    pub fn clear_cf(&mut self, cf: Cf) {
        self.cfs[cf as usize].clear();
    }

    pub fn cf_entries(&self, cf: Cf) -> &BTreeMap<Key, Vec<u8>> {
        &self.cfs[cf as usize]
    }

    pub fn apply(&mut self, m: &Mutation) {
        let cf = m.cf();
        for key in m.keys() {
            let v = apply_to_key(self.get(cf, key), m, key);
            self.set(cf, key, v);
        }
    }

    /// The operation a driver runs for `op` in this state, or None to skip it: a Put on a
    /// single-delete key that is present becomes a SingleDelete, and a SingleDelete on a
    /// single-delete key that is absent is skipped (RocksDB's SingleDelete contract).
    pub fn resolve(&self, op: &Op) -> Option<Op> {
        if let Op::Write { mode, m } = op {
            match *m {
                Mutation::Put { cf, key, .. } if self.keys.is_sd_key(key) && self.get(cf, key).is_some() => {
                    return Some(Op::Write { mode: *mode, m: Mutation::SingleDelete { cf, key } });
                }
                Mutation::SingleDelete { cf, key } if self.get(cf, key).is_none() => return None,
                _ => {}
            }
        }
        Some(op.clone())
    }

    /// Applies a successful write (reads and control operations change nothing).
    pub fn apply_op(&mut self, op: &Op) {
        match op {
            Op::Ingest { entries, .. } => {
                for m in ingest_order(entries) {
                    self.apply(m);
                }
            }
            Op::CfReset { cf } => self.clear_cf(*cf),
            _ => {
                for m in op.effective_mutations() {
                    self.apply(m);
                }
            }
        }
    }

    /// The entries of `cf` inside `[lower, upper)`, ascending.
    pub fn range(&self, cf: Cf, lower: Option<Key>, upper: Option<Key>) -> Vec<(Key, Vec<u8>)> {
        let lo = lower.unwrap_or(0);
        let hi = upper.unwrap_or(Key::MAX);
        if lo >= hi {
            return Vec::new();
        }
        self.cfs[cf as usize].range(lo..hi).map(|(k, v)| (*k, v.clone())).collect()
    }

    /// Where an iterator over `entries` (ascending, already within the bounds) is after
    /// `seek` and after each of `steps`; stepping stops at the first invalid position.
    /// RocksDB clamps a Seek below the lower bound to it and a SeekForPrev at or past the
    /// upper bound to below it, which filtering the entries by the bounds already gives.
    pub fn positions(entries: &[(Key, Vec<u8>)], seek: Seek, steps: &[Step]) -> Vec<Position> {
        let mut at: Option<usize> = match seek {
            Seek::First => (!entries.is_empty()).then_some(0),
            Seek::Last => entries.len().checked_sub(1),
            Seek::To(k) => {
                let i = entries.partition_point(|(e, _)| *e < k);
                (i < entries.len()).then_some(i)
            }
            Seek::ForPrev(k) => entries.partition_point(|(e, _)| *e <= k).checked_sub(1),
        };
        let mut out = vec![at.map(|i| entries[i].clone())];
        for s in steps {
            let Some(i) = at else { break };
            at = match s {
                Step::Next => (i + 1 < entries.len()).then_some(i + 1),
                Step::Prev => i.checked_sub(1),
            };
            out.push(at.map(|i| entries[i].clone()));
        }
        out
    }

    pub fn scan(&self, cf: Cf, lower: Option<Key>, upper: Option<Key>, seek: Seek, steps: &[Step]) -> Vec<Position> {
        Self::positions(&self.range(cf, lower, upper), seek, steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{decode_value, Token};

    fn ks() -> KeySpace {
        KeySpace { num_cfs: 2, keys_per_cf: 100, sd_keys: 10 }
    }

    fn put(cf: Cf, key: Key, id: u64) -> Mutation {
        Mutation::Put { cf, key, val: Val { id, len: 3 } }
    }

    #[test]
    fn writes_merges_and_ranges() {
        let mut m = Model::new(ks());
        m.apply(&put(0, 20, 1));
        m.apply(&Mutation::Merge { cf: 0, key: 20, id: 2 });
        m.apply(&Mutation::Merge { cf: 0, key: 21, id: 3 });
        let toks = decode_value(m.get(0, 20).unwrap()).unwrap();
        assert_eq!(toks, vec![Token::Put { id: 1, cf: 0, key: 20 }, Token::Operand { id: 2 }]);
        assert_eq!(m.get(0, 21).unwrap(), b"m3");
        assert_eq!(m.get(1, 20), None);
        m.apply(&Mutation::DeleteRange { cf: 0, begin: 21, end: 30 });
        assert!(m.get(0, 21).is_none() && m.get(0, 20).is_some());
        m.apply_op(&Op::Ingest {
            cf: 0,
            entries: vec![put(0, 20, 9), Mutation::DeleteRange { cf: 0, begin: 10, end: 20 }, Mutation::Delete { cf: 0, key: 40 }],
        });
        assert_eq!(decode_value(m.get(0, 20).unwrap()).unwrap(), vec![Token::Put { id: 9, cf: 0, key: 20 }]);
        m.apply_op(&Op::CfReset { cf: 0 });
        assert!(m.cf_entries(0).is_empty());
    }

    #[test]
    fn single_delete_keys_alternate_put_and_single_delete() {
        let mut m = Model::new(ks());
        let p = Op::Write { mode: WriteMode::Async, m: put(1, 3, 5) };
        assert_eq!(m.resolve(&p), Some(p.clone()));
        m.apply_op(&p);
        let sd = Op::Write { mode: WriteMode::Async, m: Mutation::SingleDelete { cf: 1, key: 3 } };
        assert_eq!(m.resolve(&p), Some(sd.clone()));
        m.apply_op(&sd);
        assert_eq!(m.resolve(&sd), None);
        // Not a single-delete key: a Put stays a Put.
        let p2 = Op::Write { mode: WriteMode::Async, m: put(1, 50, 6) };
        m.apply_op(&p2);
        assert_eq!(m.resolve(&p2), Some(p2));
    }

    #[test]
    fn iterator_positions_follow_rocksdb_bounds_and_seeks() {
        let mut m = Model::new(ks());
        for k in [10, 20, 30, 40] {
            m.apply(&put(0, k, k as u64));
        }
        let keys = |p: Vec<Position>| p.into_iter().map(|x| x.map(|(k, _)| k)).collect::<Vec<_>>();
        assert_eq!(keys(m.scan(0, None, None, Seek::First, &[Step::Next, Step::Next])), vec![Some(10), Some(20), Some(30)]);
        assert_eq!(keys(m.scan(0, Some(15), Some(40), Seek::To(0), &[Step::Next, Step::Next])), vec![Some(20), Some(30), None]);
        assert_eq!(keys(m.scan(0, Some(15), Some(40), Seek::ForPrev(99), &[Step::Prev, Step::Prev, Step::Next])), vec![Some(30), Some(20), None]);
        assert_eq!(keys(m.scan(0, None, None, Seek::Last, &[Step::Prev, Step::Next])), vec![Some(40), Some(30), Some(40)]);
        assert_eq!(keys(m.scan(0, Some(25), Some(25), Seek::First, &[])), vec![None]);
        assert_eq!(keys(m.scan(0, None, None, Seek::ForPrev(5), &[Step::Next])), vec![None]);
    }
}
