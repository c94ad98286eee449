//! The fuzzers' global allocator: the system allocator, counting the bytes live so that a
//! run can measure the peak an input made the parser allocate. A single request above
//! `HARD_LIMIT` is never attempted: the input that asked for it is saved and the process
//! ends with a report (the system allocator would abort without saying which input); the
//! harness mirrors each input to `target/fuzz-failures/current-input` before running it.
//!
//! The only `unsafe` of the fuzzers is here: a `GlobalAlloc` implementation must be unsafe,
//! and the report path writes with `libc::write` because it runs inside the allocator,
//! where allocating again is not allowed.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// A single allocation larger than this is reported as a failure (1 GiB).
pub const HARD_LIMIT: usize = 1 << 30;

pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Starts a measurement: the peak restarts at the current live bytes.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
}

pub fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}

fn raw_write(fd: i32, bytes: &[u8]) {
    // SAFETY: writes a valid buffer to a file descriptor; no allocation.
    #[allow(unsafe_code)]
    unsafe {
        libc::write(fd, bytes.as_ptr() as *const libc::c_void, bytes.len());
    }
}

fn refuse(size: usize) -> ! {
    raw_write(2, b"ferrock-fuzz: FAILED: an input made the parser request one allocation over 1 GiB (");
    let mut digits = [0u8; 20];
    let mut n = size;
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    raw_write(2, &digits[i..]);
    raw_write(2, b" bytes); the input is in target/fuzz-failures/current-input\n");
    // SAFETY: ends the process at once; nothing else may run inside the allocator.
    #[allow(unsafe_code)]
    unsafe {
        libc::_exit(70)
    }
}

#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > HARD_LIMIT {
            refuse(layout.size());
        }
        let p = System.alloc(layout);
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > HARD_LIMIT {
            refuse(layout.size());
        }
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > HARD_LIMIT {
            refuse(new_size);
        }
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}
