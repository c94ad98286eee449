//! RocksDB's GenericRateLimiter: a byte budget refilled every `refill_period_us` with
//! `rate_bytes_per_sec * refill_period_us / 1e6` bytes, shared by the threads that write (and,
//! by mode, read) files. A request takes what is left of the current period; the rest waits
//! in its priority's queue until a refill, where queued requests are granted front to back,
//! `IO_USER` first, then `IO_HIGH`, `IO_MID`, `IO_LOW`, except that one refill in `fairness`
//! serves the lower priorities before the higher ones so that they are never starved. With
//! `auto_tuned` the rate starts at half the given one and is moved every 100 periods between
//! 1/20 of it and all of it, by how often the budget ran dry (RocksDB's TuneLocked).
//!
//! The clock is injectable: the fake one advances when a request would wait, so a test checks
//! the refill arithmetic in virtual time without sleeping.

use parking_lot::{Condvar, Mutex, MutexGuard};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// RocksDB's Env::IOPriority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoPriority {
    /// Background work of low priority (compactions).
    Low = 0,
    /// Middle priority.
    Mid = 1,
    /// Background work of high priority (flushes).
    High = 2,
    /// Foreground (user) I/O.
    User = 3,
}

const PRIORITIES: usize = 4;

/// RocksDB's RateLimiter::OpType.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpType {
    /// Reads.
    Read,
    /// Writes.
    Write,
}

/// RocksDB's RateLimiter::Mode (the C API's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateLimiterMode {
    /// Only reads are limited.
    ReadsOnly = 0,
    /// Only writes are limited (RocksDB's default).
    WritesOnly = 1,
    /// Reads and writes are limited.
    AllIo = 2,
}

impl RateLimiterMode {
    /// The mode with the C API's number `code` (0, 1, 2).
    pub fn from_code(code: i32) -> Option<RateLimiterMode> {
        match code {
            0 => Some(RateLimiterMode::ReadsOnly),
            1 => Some(RateLimiterMode::WritesOnly),
            2 => Some(RateLimiterMode::AllIo),
            _ => None,
        }
    }
}

/// Where the limiter reads the time and how it waits for a refill.
enum Clock {
    Real(Instant),
    /// Virtual microseconds; a wait moves them to the deadline at once.
    Fake(Arc<AtomicU64>),
}

impl Clock {
    fn now_micros(&self) -> u64 {
        match self {
            Clock::Real(start) => start.elapsed().as_micros() as u64,
            Clock::Fake(t) => t.load(Ordering::Acquire),
        }
    }

    fn wait_until(&self, cv: &Condvar, guard: &mut MutexGuard<'_, State>, deadline_us: u64) {
        match self {
            Clock::Real(_) => {
                let now = self.now_micros();
                if deadline_us > now {
                    cv.wait_for(guard, Duration::from_micros(deadline_us - now));
                }
            }
            Clock::Fake(t) => {
                t.fetch_max(deadline_us, Ordering::AcqRel);
            }
        }
    }
}

struct State {
    rate_bytes_per_sec: i64,
    refill_bytes_per_period: i64,
    single_burst_bytes: i64,
    available_bytes: i64,
    next_refill_us: u64,
    /// Queued request ids per priority, oldest first.
    queues: [VecDeque<u64>; PRIORITIES],
    /// Bytes still owed to each queued request.
    owed: HashMap<u64, i64>,
    next_id: u64,
    /// A queued thread is waiting for the next refill time (the others wait to be granted).
    wait_until_refill_pending: bool,
    total_requests: [i64; PRIORITIES],
    total_bytes_through: [i64; PRIORITIES],
    rng: u64,
    num_drains: i64,
    tuned_time_us: u64,
}

impl State {
    /// RocksDB's OneIn with its own xorshift generator.
    fn one_in(&mut self, n: i32) -> bool {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        n <= 1 || self.rng % n as u64 == 0
    }
}

/// Limits the bytes per second flushes and compactions read or write (RocksDB's
/// `GenericRateLimiter`, from `NewGenericRateLimiter`); set it in [`Options::rate_limiter`](crate::Options::rate_limiter).
/// Requests wait in priority order; `fairness` gives lower priorities a turn now and then.
pub struct RateLimiter {
    refill_period_us: i64,
    fairness: i32,
    mode: RateLimiterMode,
    auto_tuned: bool,
    max_bytes_per_sec: i64,
    clock: Clock,
    state: Mutex<State>,
    cv: Condvar,
}

fn refill_bytes(rate_bytes_per_sec: i64, refill_period_us: i64) -> i64 {
    if i64::MAX / rate_bytes_per_sec.max(1) < refill_period_us {
        i64::MAX / 1_000_000
    } else {
        rate_bytes_per_sec * refill_period_us / 1_000_000
    }
}

impl RateLimiter {
    /// RocksDB's NewGenericRateLimiter. Non-positive arguments are raised to 1 (RocksDB
    /// asserts on them); fairness is capped at 100.
    pub fn new(
        rate_bytes_per_sec: i64,
        refill_period_us: i64,
        fairness: i32,
        mode: RateLimiterMode,
        auto_tuned: bool,
    ) -> Arc<RateLimiter> {
        Self::with_clock(rate_bytes_per_sec, refill_period_us, fairness, mode, auto_tuned, Clock::Real(Instant::now()))
    }

    /// The same over a virtual clock (tests): returns the limiter and its clock in microseconds.
    #[doc(hidden)]
    pub fn with_fake_clock(
        rate_bytes_per_sec: i64,
        refill_period_us: i64,
        fairness: i32,
        mode: RateLimiterMode,
        auto_tuned: bool,
    ) -> (Arc<RateLimiter>, Arc<AtomicU64>) {
        let t = Arc::new(AtomicU64::new(0));
        let rl = Self::with_clock(rate_bytes_per_sec, refill_period_us, fairness, mode, auto_tuned, Clock::Fake(t.clone()));
        (rl, t)
    }

    fn with_clock(
        rate_bytes_per_sec: i64,
        refill_period_us: i64,
        fairness: i32,
        mode: RateLimiterMode,
        auto_tuned: bool,
        clock: Clock,
    ) -> Arc<RateLimiter> {
        let max_rate = rate_bytes_per_sec.max(1);
        let refill_period_us = refill_period_us.max(1);
        let rate = if auto_tuned { (max_rate / 2).max(1) } else { max_rate };
        let now = clock.now_micros();
        let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64) | 1;
        Arc::new(RateLimiter {
            refill_period_us,
            fairness: fairness.clamp(1, 100),
            mode,
            auto_tuned,
            max_bytes_per_sec: max_rate,
            clock,
            state: Mutex::new(State {
                rate_bytes_per_sec: rate,
                refill_bytes_per_period: refill_bytes(rate, refill_period_us),
                single_burst_bytes: 0,
                available_bytes: 0,
                next_refill_us: now,
                queues: Default::default(),
                owed: HashMap::new(),
                next_id: 0,
                wait_until_refill_pending: false,
                total_requests: [0; PRIORITIES],
                total_bytes_through: [0; PRIORITIES],
                rng: seed,
                num_drains: 0,
                tuned_time_us: now,
            }),
            cv: Condvar::new(),
        })
    }

    /// The mode: which operations are limited.
    pub fn mode(&self) -> RateLimiterMode {
        self.mode
    }

    /// Whether operations of type `op` are limited in this mode.
    pub fn is_rate_limited(&self, op: OpType) -> bool {
        match self.mode {
            RateLimiterMode::AllIo => true,
            RateLimiterMode::WritesOnly => op == OpType::Write,
            RateLimiterMode::ReadsOnly => op == OpType::Read,
        }
    }

    /// The current rate limit in bytes per second.
    pub fn bytes_per_second(&self) -> i64 {
        self.state.lock().rate_bytes_per_sec
    }

    /// RocksDB's SetBytesPerSecond (non-positive values are ignored, RocksDB asserts).
    pub fn set_bytes_per_second(&self, rate: i64) {
        if rate > 0 {
            let mut st = self.state.lock();
            st.rate_bytes_per_sec = rate;
            st.refill_bytes_per_period = refill_bytes(rate, self.refill_period_us);
        }
    }

    /// The most one request may ask for: the refill size unless a burst size was set.
    pub fn single_burst_bytes(&self) -> i64 {
        let st = self.state.lock();
        if st.single_burst_bytes == 0 {
            st.refill_bytes_per_period
        } else {
            st.single_burst_bytes
        }
    }

    /// Sets the largest single request granted at once (RocksDB's `SetSingleBurstBytes`; 0:
    /// the refill size); InvalidArgument for a negative value.
    pub fn set_single_burst_bytes(&self, bytes: i64) -> crate::error::Result<()> {
        if bytes < 0 {
            return Err(crate::error::Error::invalid_argument("`single_burst_bytes` must be greater than or equal to 0"));
        }
        self.state.lock().single_burst_bytes = bytes;
        Ok(())
    }

    /// Bytes granted so far at `pri`, or at every priority with `None`.
    pub fn total_bytes_through(&self, pri: Option<IoPriority>) -> i64 {
        let st = self.state.lock();
        pri.map_or_else(|| st.total_bytes_through.iter().sum(), |p| st.total_bytes_through[p as usize])
    }

    /// Requests made at priority `pri` (None: all priorities) since the limiter was made.
    pub fn total_requests(&self, pri: Option<IoPriority>) -> i64 {
        let st = self.state.lock();
        pri.map_or_else(|| st.total_requests.iter().sum(), |p| st.total_requests[p as usize])
    }

    /// Requests currently waiting at `pri`.
    pub fn total_pending_requests(&self, pri: Option<IoPriority>) -> usize {
        let st = self.state.lock();
        pri.map_or_else(|| st.queues.iter().map(|q| q.len()).sum(), |p| st.queues[p as usize].len())
    }

    /// Asks for `bytes`, any amount: larger requests go through in burst-sized pieces
    /// (RocksDB's LoopRateLimitRequestHelper).
    pub(crate) fn request_in_bursts(&self, mut bytes: i64, pri: IoPriority, op: OpType) {
        if !self.is_rate_limited(op) {
            return;
        }
        while bytes > 0 {
            let piece = bytes.min(self.single_burst_bytes().max(1));
            self.request(piece, pri, op);
            bytes -= piece;
        }
    }

    /// RocksDB's Request: returns once `bytes` (at most one burst) have been granted.
    pub fn request(&self, bytes: i64, pri: IoPriority, op: OpType) {
        if !self.is_rate_limited(op) {
            return;
        }
        let mut bytes = bytes.max(0);
        let p = pri as usize;
        let mut st = self.state.lock();
        if self.auto_tuned {
            let now = self.clock.now_micros();
            if now.saturating_sub(st.tuned_time_us) >= 100 * self.refill_period_us as u64 {
                self.tune(&mut st, now);
            }
        }
        st.total_requests[p] += 1;
        if st.available_bytes > 0 {
            let through = st.available_bytes.min(bytes);
            st.total_bytes_through[p] += through;
            st.available_bytes -= through;
            bytes -= through;
        }
        if bytes == 0 {
            return;
        }
        let id = st.next_id;
        st.next_id += 1;
        st.queues[p].push_back(id);
        st.owed.insert(id, bytes);
        loop {
            let now = self.clock.now_micros();
            if st.next_refill_us > now {
                if st.wait_until_refill_pending {
                    self.cv.wait(&mut st);
                } else {
                    st.num_drains += 1;
                    st.wait_until_refill_pending = true;
                    let deadline = st.next_refill_us;
                    self.clock.wait_until(&self.cv, &mut st, deadline);
                    st.wait_until_refill_pending = false;
                }
            } else {
                self.refill_and_grant(&mut st, now);
            }
            if !st.owed.contains_key(&id) {
                break;
            }
        }
        // Someone must stay awake to wait for the next refill on behalf of those still queued.
        self.cv.notify_all();
    }

    fn priority_order(&self, st: &mut State) -> [usize; PRIORITIES] {
        let (low, mid, high, user) = (0, 1, 2, 3);
        let high_after_mid_low = st.one_in(self.fairness);
        let mid_after_low = st.one_in(self.fairness);
        if high_after_mid_low {
            let third = if mid_after_low { mid } else { low };
            let second = if third == mid { low } else { mid };
            [user, second, third, high]
        } else {
            let fourth = if mid_after_low { mid } else { low };
            let third = if fourth == mid { low } else { mid };
            [user, high, third, fourth]
        }
    }

    fn refill_and_grant(&self, st: &mut State, now: u64) {
        st.next_refill_us = now + self.refill_period_us as u64;
        st.available_bytes = st.refill_bytes_per_period;
        for pri in self.priority_order(st) {
            while let Some(&id) = st.queues[pri].front() {
                let owed = st.owed[&id];
                if st.available_bytes < owed {
                    // A partial grant, so a request larger than one refill still progresses.
                    st.owed.insert(id, owed - st.available_bytes);
                    st.total_bytes_through[pri] += st.available_bytes;
                    st.available_bytes = 0;
                    break;
                }
                st.available_bytes -= owed;
                st.total_bytes_through[pri] += owed;
                st.owed.remove(&id);
                st.queues[pri].pop_front();
            }
            if st.available_bytes == 0 {
                break;
            }
        }
        self.cv.notify_all();
    }

    /// RocksDB's TuneLocked.
    fn tune(&self, st: &mut State, now: u64) {
        let period = self.refill_period_us as u64;
        let elapsed_intervals = ((now - st.tuned_time_us + period - 1) / period).max(1) as i64;
        st.tuned_time_us = now;
        let drained_pct = st.num_drains * 100 / elapsed_intervals;
        let prev = st.rate_bytes_per_sec;
        let floor = (self.max_bytes_per_sec / 20).max(1);
        let new = if drained_pct == 0 {
            floor
        } else if drained_pct < 50 {
            floor.max(prev.min(i64::MAX / 100) * 100 / 105)
        } else if drained_pct > 90 {
            self.max_bytes_per_sec.min(prev.min(i64::MAX / 105) * 105 / 100)
        } else {
            prev
        };
        if new != prev {
            st.rate_bytes_per_sec = new;
            st.refill_bytes_per_period = refill_bytes(new, self.refill_period_us);
        }
        st.num_drains = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refill_arithmetic_in_virtual_time() {
        // 1 MB/s refilled every 100 ms: 100,000 bytes per period.
        let (rl, clock) = RateLimiter::with_fake_clock(1_000_000, 100_000, 10, RateLimiterMode::WritesOnly, false);
        assert_eq!(rl.single_burst_bytes(), 100_000);
        // The budget starts empty: the first request waits for the first refill (at time 0),
        // then each further 100,000 bytes cost one period.
        for _ in 0..10 {
            rl.request(100_000, IoPriority::Low, OpType::Write);
        }
        assert_eq!(clock.load(Ordering::Acquire), 900_000, "10 periods' worth granted over 9 waits");
        assert_eq!(rl.total_bytes_through(None), 1_000_000);
        assert_eq!(rl.total_requests(Some(IoPriority::Low)), 10);
        // Small requests share a period: five of 20,000 bytes fit in one refill.
        let t0 = clock.load(Ordering::Acquire);
        for _ in 0..5 {
            rl.request(20_000, IoPriority::High, OpType::Write);
        }
        assert_eq!(clock.load(Ordering::Acquire), t0 + 100_000);
        assert_eq!(rl.total_bytes_through(Some(IoPriority::High)), 100_000);
        // Reads are not limited in WritesOnly mode and cost nothing.
        rl.request(100_000, IoPriority::Low, OpType::Read);
        assert_eq!(rl.total_bytes_through(None), 1_100_000);
    }

    #[test]
    fn a_request_larger_than_a_refill_is_granted_in_parts() {
        let (rl, clock) = RateLimiter::with_fake_clock(1_000, 1_000_000, 10, RateLimiterMode::AllIo, false);
        rl.set_single_burst_bytes(5_000).unwrap();
        rl.request(5_000, IoPriority::User, OpType::Read);
        // 1,000 bytes per 1 s period: the fifth refill completes it.
        assert_eq!(clock.load(Ordering::Acquire), 4_000_000);
        rl.request_in_bursts(12_000, IoPriority::User, OpType::Write);
        assert_eq!(rl.total_bytes_through(Some(IoPriority::User)), 17_000);
        assert_eq!(clock.load(Ordering::Acquire), 16_000_000);
    }

    #[test]
    fn changing_the_rate_changes_the_refill() {
        let (rl, _) = RateLimiter::with_fake_clock(1_000_000, 100_000, 10, RateLimiterMode::WritesOnly, false);
        rl.set_bytes_per_second(50_000);
        assert_eq!(rl.bytes_per_second(), 50_000);
        assert_eq!(rl.single_burst_bytes(), 5_000);
        assert!(rl.set_single_burst_bytes(-1).is_err());
        let (auto, _) = RateLimiter::with_fake_clock(1_000_000, 100_000, 10, RateLimiterMode::WritesOnly, true);
        assert_eq!(auto.bytes_per_second(), 500_000, "auto-tuned limiters start at half the rate");
    }

    #[test]
    fn auto_tuning_lowers_an_idle_rate_and_raises_a_drained_one() {
        let (rl, clock) = RateLimiter::with_fake_clock(1_000_000, 1_000, 10, RateLimiterMode::WritesOnly, true);
        // Idle for 100 periods, then a request: no drains, the rate drops to 1/20 of the maximum.
        clock.store(100_000, Ordering::Release);
        rl.request(1, IoPriority::Low, OpType::Write);
        assert_eq!(rl.bytes_per_second(), 50_000);
        // Drain every period for 100 periods: each tune raises it by 5%.
        let before = rl.bytes_per_second();
        for _ in 0..200 {
            let burst = rl.single_burst_bytes();
            rl.request(burst, IoPriority::Low, OpType::Write);
        }
        assert!(rl.bytes_per_second() > before, "{} not above {before}", rl.bytes_per_second());
    }
}
