//! The point-lock manager of pessimistic transactions (RocksDB's PointLockManager): locks on
//! (column family, key), exclusive or shared, kept in `num_stripes` hash stripes each with its
//! own mutex and condition variable. A waiter gives up after its timeout with
//! "Operation timed out: Timeout waiting to lock key"; with deadlock detection it first looks
//! for a cycle in the wait-for graph and fails with "Resource busy: Deadlock"; a lock held by a
//! transaction past its expiration may be taken over.
//!
//! Thread-safety: `Send + Sync`; lock order is stripe → wait-for graph, never two stripes.

use crate::error::{Code, Error, Result, SubCode};
use parking_lot::{Condvar, Mutex};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

pub type TxnId = u64;

struct LockInfo {
    exclusive: bool,
    holders: Vec<TxnId>,
    /// When the holders' transactions expire (None: never); a waiter may steal an expired lock.
    expire_at: Option<Instant>,
}

struct Stripe {
    locks: Mutex<HashMap<(u32, Vec<u8>), LockInfo>>,
    cv: Condvar,
}

/// How a transaction asks for a lock.
#[derive(Clone, Copy, Debug)]
pub struct LockRequest {
    pub txn: TxnId,
    pub exclusive: bool,
    /// Milliseconds; negative waits forever, 0 fails at once.
    pub timeout_ms: i64,
    pub deadlock_detect: bool,
    pub deadlock_detect_depth: i64,
    pub expire_at: Option<Instant>,
}

pub struct LockManager {
    stripes: Vec<Stripe>,
    /// Waiting transaction → the transactions it waits for.
    wait_for: Mutex<HashMap<TxnId, Vec<TxnId>>>,
    max_num_locks: i64,
    num_locks: AtomicI64,
}

fn deadlock() -> Error {
    Error::with_subcode(Code::Busy, SubCode::Deadlock, "")
}
fn lock_timeout() -> Error {
    Error::with_subcode(Code::TimedOut, SubCode::LockTimeout, "")
}

impl LockManager {
    /// `max_num_locks` <= 0 means no limit.
    pub fn new(num_stripes: usize, max_num_locks: i64) -> LockManager {
        let n = num_stripes.max(1);
        LockManager {
            stripes: (0..n).map(|_| Stripe { locks: Mutex::new(HashMap::new()), cv: Condvar::new() }).collect(),
            wait_for: Mutex::new(HashMap::new()),
            max_num_locks,
            num_locks: AtomicI64::new(0),
        }
    }

    fn stripe(&self, cf: u32, key: &[u8]) -> &Stripe {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        cf.hash(&mut h);
        key.hash(&mut h);
        let i = (h.finish() as usize) % self.stripes.len();
        &self.stripes[i]
    }

    /// Takes (or upgrades) the lock on `key` for `req.txn`. Returns whether a new lock entry was
    /// recorded for this transaction (false when it already held a lock that suffices).
    pub fn lock(&self, cf: u32, key: &[u8], req: &LockRequest) -> Result<bool> {
        let stripe = self.stripe(cf, key);
        // The clock is read only once the key turns out to be held by someone else: most locks
        // are uncontended, and reading it costs about as much as taking the lock.
        let mut first_wait: Option<Instant> = None;
        let mut map = stripe.locks.lock();
        let lookup = (cf, key.to_vec());
        let result = loop {
            match map.get_mut(&lookup) {
                None => {
                    if self.max_num_locks > 0 && self.num_locks.load(Ordering::Relaxed) >= self.max_num_locks {
                        break Err(Error::with_subcode(Code::Busy, SubCode::LockLimit, ""));
                    }
                    self.num_locks.fetch_add(1, Ordering::Relaxed);
                    map.insert(lookup, LockInfo { exclusive: req.exclusive, holders: vec![req.txn], expire_at: req.expire_at });
                    break Ok(true);
                }
                Some(info) => {
                    let mine = info.holders.contains(&req.txn);
                    if mine && (info.holders.len() == 1 || (!req.exclusive && !info.exclusive)) {
                        if req.exclusive {
                            info.exclusive = true;
                        }
                        break Ok(false);
                    }
                    if !mine && !req.exclusive && !info.exclusive {
                        info.holders.push(req.txn);
                        break Ok(true);
                    }
                    let now = Instant::now();
                    let deadline = if req.timeout_ms < 0 {
                        None
                    } else {
                        Some(*first_wait.get_or_insert(now) + Duration::from_millis(req.timeout_ms as u64))
                    };
                    if info.expire_at.is_some_and(|t| t <= now) {
                        // The holders ran past their expiration: take the lock over.
                        info.holders.clear();
                        info.holders.push(req.txn);
                        info.exclusive = req.exclusive;
                        info.expire_at = req.expire_at;
                        break Ok(true);
                    }
                    let blockers: Vec<TxnId> = info.holders.iter().copied().filter(|t| *t != req.txn).collect();
                    if deadline.is_some_and(|d| d <= now) {
                        break Err(lock_timeout());
                    }
                    if req.deadlock_detect {
                        let mut g = self.wait_for.lock();
                        if self.would_deadlock(&g, req.txn, &blockers, req.deadlock_detect_depth) {
                            break Err(deadlock());
                        }
                        g.insert(req.txn, blockers);
                    }
                    let mut wake = deadline;
                    if let Some(e) = info.expire_at {
                        wake = Some(wake.map_or(e, |w| w.min(e)));
                    }
                    match wake {
                        Some(w) => {
                            stripe.cv.wait_until(&mut map, w);
                        }
                        None => stripe.cv.wait(&mut map),
                    }
                }
            }
        };
        if req.deadlock_detect {
            self.wait_for.lock().remove(&req.txn);
        }
        result
    }

    /// A breadth-first walk of the wait-for graph from `blockers`: reaching `me` means a cycle.
    fn would_deadlock(&self, g: &HashMap<TxnId, Vec<TxnId>>, me: TxnId, blockers: &[TxnId], depth: i64) -> bool {
        let limit = if depth <= 0 { 50 } else { depth as usize };
        let mut seen: HashSet<TxnId> = HashSet::new();
        let mut frontier: Vec<TxnId> = blockers.to_vec();
        for _ in 0..limit {
            if frontier.is_empty() {
                return false;
            }
            let mut next = Vec::new();
            for t in frontier {
                if t == me {
                    return true;
                }
                if !seen.insert(t) {
                    continue;
                }
                if let Some(ws) = g.get(&t) {
                    next.extend(ws.iter().copied());
                }
            }
            frontier = next;
        }
        false
    }

    /// Releases `txn`'s lock on `key` (no-op when it holds none).
    pub fn unlock(&self, txn: TxnId, cf: u32, key: &[u8]) {
        let stripe = self.stripe(cf, key);
        let mut map = stripe.locks.lock();
        let lookup = (cf, key.to_vec());
        let mut remove = false;
        if let Some(info) = map.get_mut(&lookup) {
            info.holders.retain(|t| *t != txn);
            remove = info.holders.is_empty();
        }
        if remove {
            map.remove(&lookup);
            self.num_locks.fetch_sub(1, Ordering::Relaxed);
        }
        drop(map);
        stripe.cv.notify_all();
    }

    /// Whether any transaction is waiting for a lock (with deadlock detection on).
    pub fn has_waiters(&self) -> bool {
        !self.wait_for.lock().is_empty()
    }

    /// Number of keys locked by anyone.
    pub fn num_locks(&self) -> i64 {
        self.num_locks.load(Ordering::Relaxed)
    }

    /// Whether `txn` still holds `key` (an expired lock may have been taken over).
    pub fn holds(&self, txn: TxnId, cf: u32, key: &[u8]) -> bool {
        let stripe = self.stripe(cf, key);
        let map = stripe.locks.lock();
        map.get(&(cf, key.to_vec())).is_some_and(|i| i.holders.contains(&txn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn req(txn: TxnId, exclusive: bool, timeout_ms: i64) -> LockRequest {
        LockRequest { txn, exclusive, timeout_ms, deadlock_detect: true, deadlock_detect_depth: 50, expire_at: None }
    }

    #[test]
    fn exclusive_conflict_times_out_with_rocksdb_text() {
        let m = LockManager::new(16, 0);
        assert!(m.lock(0, b"k", &req(1, true, 0)).unwrap());
        assert!(!m.lock(0, b"k", &req(1, true, 0)).unwrap());
        let e = m.lock(0, b"k", &req(2, true, 10)).unwrap_err();
        assert_eq!(e.to_string(), "Operation timed out: Timeout waiting to lock key");
        m.unlock(1, 0, b"k");
        assert!(m.lock(0, b"k", &req(2, true, 0)).unwrap());
        assert_eq!(m.num_locks(), 1);
    }

    #[test]
    fn shared_locks_coexist_and_block_exclusive() {
        let m = LockManager::new(4, 0);
        m.lock(0, b"k", &req(1, false, 0)).unwrap();
        m.lock(0, b"k", &req(2, false, 0)).unwrap();
        assert!(m.lock(0, b"k", &req(3, true, 0)).is_err());
        // Upgrade is refused while another reader holds it.
        assert!(m.lock(0, b"k", &req(1, true, 0)).is_err());
        m.unlock(2, 0, b"k");
        m.lock(0, b"k", &req(1, true, 0)).unwrap();
        assert!(m.lock(0, b"k", &req(2, false, 0)).is_err());
    }

    #[test]
    fn lock_limit_is_busy() {
        let m = LockManager::new(4, 1);
        m.lock(0, b"a", &req(1, true, 0)).unwrap();
        let e = m.lock(0, b"b", &req(1, true, 0)).unwrap_err();
        assert_eq!(e.code(), Code::Busy);
    }

    #[test]
    fn deadlock_is_detected() {
        let m = Arc::new(LockManager::new(16, 0));
        m.lock(0, b"a", &req(1, true, -1)).unwrap();
        m.lock(0, b"b", &req(2, true, -1)).unwrap();
        let m2 = m.clone();
        // Txn 2 waits for "a" (held by 1) until 1 gives up on its deadlock and releases.
        let t = std::thread::spawn(move || m2.lock(0, b"a", &req(2, true, -1)));
        // Wait until txn 2 is registered as waiting.
        loop {
            if m.wait_for.lock().contains_key(&2) {
                break;
            }
            std::thread::yield_now();
        }
        let e = m.lock(0, b"b", &req(1, true, -1)).unwrap_err();
        assert_eq!(e.to_string(), "Resource busy: Deadlock");
        m.unlock(1, 0, b"a");
        assert!(t.join().unwrap().unwrap());
    }

    #[test]
    fn expired_lock_is_taken_over() {
        let m = LockManager::new(4, 0);
        let mut r = req(1, true, 0);
        r.expire_at = Some(Instant::now());
        m.lock(0, b"k", &r).unwrap();
        assert!(m.lock(0, b"k", &req(2, true, 0)).unwrap());
        assert!(!m.holds(1, 0, b"k"));
    }
}
