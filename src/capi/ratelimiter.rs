//! c.h's rate limiters (`rocksdb_ratelimiter_create*`, RocksDB's GenericRateLimiter in
//! `util::rate_limiter`) and `rocksdb_options_set_ratelimiter`: flush and compaction writes of a
//! database opened with the options are charged to it. Backup engine options take one too.

use super::options::rocksdb_options_t;
use super::*;
use crate::util::rate_limiter::{RateLimiter, RateLimiterMode};
use libc::c_int;
use std::sync::Arc;

/// A rate limiter handle; the limiter lives on in the options and engines it was given to.
pub struct rocksdb_ratelimiter_t {
    pub(crate) limiter: Arc<RateLimiter>,
}

/// RocksDB's NewGenericRateLimiter (writes only).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ratelimiter_create(rate_bytes_per_sec: i64, refill_period_us: i64, fairness: i32) -> *mut rocksdb_ratelimiter_t {
    into_handle(rocksdb_ratelimiter_t {
        limiter: RateLimiter::new(rate_bytes_per_sec, refill_period_us, fairness, RateLimiterMode::WritesOnly, false),
    })
}

/// The same, auto-tuned: the rate adapts between 1/20 of the limit and the limit.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ratelimiter_create_auto_tuned(
    rate_bytes_per_sec: i64,
    refill_period_us: i64,
    fairness: i32,
) -> *mut rocksdb_ratelimiter_t {
    into_handle(rocksdb_ratelimiter_t {
        limiter: RateLimiter::new(rate_bytes_per_sec, refill_period_us, fairness, RateLimiterMode::WritesOnly, true),
    })
}

/// `mode`: 0 reads only, 1 writes only, 2 all I/O (RocksDB's RateLimiter::Mode); another value
/// gives NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ratelimiter_create_with_mode(
    rate_bytes_per_sec: i64,
    refill_period_us: i64,
    fairness: i32,
    mode: c_int,
    auto_tuned: bool,
) -> *mut rocksdb_ratelimiter_t {
    match RateLimiterMode::from_code(mode) {
        Some(m) => into_handle(rocksdb_ratelimiter_t { limiter: RateLimiter::new(rate_bytes_per_sec, refill_period_us, fairness, m, auto_tuned) }),
        None => std::ptr::null_mut(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ratelimiter_destroy(limiter: *mut rocksdb_ratelimiter_t) {
    drop_handle(limiter)
}

/// Flushes and compactions of databases opened with `opt` write at the limiter's rate; NULL
/// leaves the options as they were (as RocksDB's c.cc does).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_ratelimiter(opt: *mut rocksdb_options_t, limiter: *mut rocksdb_ratelimiter_t) {
    guarded((), || {
        if let Some(l) = limiter.as_ref() {
            handle_mut(opt, "options")?.opts.rate_limiter = Some(l.limiter.clone());
        }
        Ok(())
    })
}
