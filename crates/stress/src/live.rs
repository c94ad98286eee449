//! The model the worker threads check reads against while they run, and the locks that
//! make the check exact under concurrency (as db_stress's key locks do).
//!
//! Every key has a slot: a mutex that a thread holds while it writes the key or reads it
//! and compares, and the key's possible values. After acknowledged writes a slot is
//! certain (one value); a write that failed may or may not have taken effect, so its
//! key's slot then holds both possibilities (up to `MAX_CANDIDATES`, then "unknown": not
//! checked until the next verification). Every column family has a gate, a read-write
//! lock that operations on the family hold for reading and a reset (drop and create)
//! holds for writing; it also holds the family's current handle and generation.
//!
//! Lock order: gates by ascending slot, then keys by ascending (column family, key).

use ferrock::db::ColumnFamilyHandle;
use ferrock_opmodel::model::apply_to_key;
use ferrock_opmodel::*;
use parking_lot::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::sync::Arc;

pub const MAX_CANDIDATES: usize = 8;

#[derive(Clone, Debug, Default)]
pub struct Slot {
    /// The values the key may have; empty: unknown.
    pub cands: Vec<Option<Vec<u8>>>,
}

impl Slot {
    pub fn certain(v: Option<Vec<u8>>) -> Slot {
        Slot { cands: vec![v] }
    }

    /// The key's value when there is only one possibility.
    pub fn value(&self) -> Option<Option<&[u8]>> {
        match self.cands.as_slice() {
            [one] => Some(one.as_deref()),
            _ => None,
        }
    }

    /// Whether a read of `v` agrees with the slot (always, when unknown).
    pub fn accepts(&self, v: Option<&[u8]>) -> bool {
        self.cands.is_empty() || self.cands.iter().any(|c| c.as_deref() == v)
    }

    /// Applies one operation's entries on this key (`ms`, in order): when `took_effect`
    /// is None the operation failed and may or may not have happened.
    pub fn apply(&mut self, key: Key, ms: &[&Mutation], took_effect: Option<bool>) {
        if self.cands.is_empty() {
            // A Put or Delete that took effect makes the key known again.
            if took_effect == Some(true) && ms.first().is_some_and(|m| !matches!(m, Mutation::Merge { .. })) {
                self.cands = vec![None];
            } else {
                return;
            }
        }
        let after: Vec<Option<Vec<u8>>> = self
            .cands
            .iter()
            .map(|c| {
                let mut v = c.clone();
                for m in ms {
                    v = apply_to_key(v.as_deref(), m, key);
                }
                v
            })
            .collect();
        match took_effect {
            Some(true) => self.cands = after,
            Some(false) => {}
            None => {
                for a in after {
                    if !self.cands.contains(&a) {
                        self.cands.push(a);
                    }
                }
                if self.cands.len() > MAX_CANDIDATES {
                    self.cands.clear();
                }
            }
        }
    }
}

pub struct CfGate {
    pub handle: Option<Arc<ColumnFamilyHandle>>,
    /// Bumped by every reset: a snapshot taken before sees the family as it was then.
    pub generation: u64,
}

pub struct CfLive {
    pub gate: RwLock<CfGate>,
    pub keys: Vec<Mutex<Slot>>,
}

pub struct Live {
    pub cfs: Vec<CfLive>,
}

/// The gates and key slots one operation holds.
pub struct Locked<'a> {
    gates: Vec<(Cf, RwLockReadGuard<'a, CfGate>)>,
    slots: Vec<((Cf, Key), MutexGuard<'a, Slot>)>,
}

impl<'a> Locked<'a> {
    pub fn handle(&self, cf: Cf) -> Option<Arc<ColumnFamilyHandle>> {
        self.gates.iter().find(|(c, _)| *c == cf).and_then(|(_, g)| g.handle.clone())
    }

    pub fn generation(&self, cf: Cf) -> u64 {
        self.gates.iter().find(|(c, _)| *c == cf).map_or(0, |(_, g)| g.generation)
    }

    pub fn all_handles(&self) -> bool {
        self.gates.iter().all(|(_, g)| g.handle.is_some())
    }

    pub fn slot(&mut self, cf: Cf, key: Key) -> &mut Slot {
        let i = self.slots.binary_search_by(|(k, _)| k.cmp(&(cf, key))).expect("key not locked");
        &mut self.slots[i].1
    }

    pub fn slots(&self) -> impl Iterator<Item = ((Cf, Key), &Slot)> {
        self.slots.iter().map(|(k, g)| (*k, &**g))
    }
}

impl Live {
    pub fn new(state: &Model, handles: &[Option<Arc<ColumnFamilyHandle>>]) -> Live {
        let keys = state.keys;
        let cfs = (0..keys.num_cfs)
            .map(|cf| CfLive {
                gate: RwLock::new(CfGate { handle: handles[cf as usize].clone(), generation: 0 }),
                keys: (0..keys.keys_per_cf).map(|k| Mutex::new(Slot::certain(state.get(cf, k).map(|v| v.to_vec())))).collect(),
            })
            .collect();
        Live { cfs }
    }

    /// Takes the gates of `cfs` (read) and the slots of `keys`, in lock order.
    pub fn lock(&self, cfs: &[Cf], keys: &[(Cf, Key)]) -> Locked<'_> {
        let mut cfs: Vec<Cf> = cfs.iter().copied().chain(keys.iter().map(|(c, _)| *c)).collect();
        cfs.sort_unstable();
        cfs.dedup();
        let mut keys = keys.to_vec();
        keys.sort_unstable();
        keys.dedup();
        let gates = cfs.iter().map(|&c| (c, self.cfs[c as usize].gate.read())).collect();
        let slots = keys.iter().map(|&(c, k)| ((c, k), self.cfs[c as usize].keys[k as usize].lock())).collect();
        Locked { gates, slots }
    }

    /// Every gate for writing: no operation on any column family is in flight while held.
    pub fn quiesce(&self) -> Vec<RwLockWriteGuard<'_, CfGate>> {
        self.cfs.iter().map(|c| c.gate.write()).collect()
    }

    /// The slots of all keys, read while `quiesce`'s guards are held.
    pub fn state_while_quiesced(&self) -> Vec<Vec<Option<Option<Vec<u8>>>>> {
        self.cfs
            .iter()
            .map(|c| c.keys.iter().map(|s| s.lock().value().map(|v| v.map(|b| b.to_vec()))).collect())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_writes_leave_both_possibilities() {
        let put = Mutation::Put { cf: 0, key: 3, val: Val { id: 1, len: 0 } };
        let merge = Mutation::Merge { cf: 0, key: 3, id: 2 };
        let mut s = Slot::certain(None);
        s.apply(3, &[&put], Some(true));
        let v1 = keys::value_bytes(1, 0, 3, 0);
        assert_eq!(s.value(), Some(Some(&v1[..])));
        s.apply(3, &[&merge], None);
        assert!(s.value().is_none());
        assert!(s.accepts(Some(&v1)));
        assert!(s.accepts(Some(&keys::merge_append(Some(&v1), b"m2"))));
        assert!(!s.accepts(None));
        for i in 0..10 {
            s.apply(3, &[&Mutation::Merge { cf: 0, key: 3, id: 10 + i }], None);
        }
        assert!(s.cands.is_empty(), "too many possibilities: unknown");
        assert!(s.accepts(Some(b"anything")));
        s.apply(3, &[&merge], Some(true));
        assert!(s.cands.is_empty(), "a merge onto an unknown value is unknown");
        s.apply(3, &[&put, &merge], Some(true));
        assert_eq!(s.value(), Some(Some(&keys::merge_append(Some(&v1), b"m2")[..])));
    }
}
