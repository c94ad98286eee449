//! c.h's user comparators: `rocksdb_comparator_create` (state, destructor, compare, name),
//! `rocksdb_comparator_with_ts_create` (the same with timestamp callbacks and a timestamp
//! size), `rocksdb_comparator_destroy` and `rocksdb_options_set_comparator`.
//!
//! User-defined timestamps are not implemented: a comparator made by
//! `rocksdb_comparator_with_ts_create` with a timestamp size of 0 is an ordinary comparator
//! (RocksDB then never calls its timestamp callbacks either), and one with a larger size
//! makes the open (or the writer, or the batch) that would use it fail with
//! "Not implemented: user-defined timestamps ...".
//!
//! Ownership, as RocksDB's `db/c.cc`: the program owns the comparator. Options only name it
//! (`rocksdb_options_destroy` never destroys it) and `rocksdb_comparator_destroy` runs its
//! destructor. RocksDB leaves the rest to the program: destroying a comparator a database
//! still uses is undefined there. ferrock makes that case safe instead of undefined: an open
//! database, SST file writer or indexed batch keeps the callbacks alive (it *pins* them,
//! `UserComparator::pinned`), and the destructor then runs when the last of those lets go;
//! options whose comparator was destroyed make the next open fail with Invalid argument.
//!
//! Like RocksDB's C wrapper, a C comparator does not shorten index separators or
//! successors (`FindShortestSeparator`/`FindShortSuccessor` are no-ops), so tables written
//! with it have full keys in their indexes. The callbacks may run on any thread (reads,
//! flushes, compactions) and must be a consistent total order.

use super::options::rocksdb_options_t;
use super::*;
use crate::util::comparator::{Comparator, UserComparator};
use libc::{c_int, c_uchar};
use std::cmp::Ordering;
use std::ffi::CStr;
use std::sync::{Arc, Weak};

type CompareFn = unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t) -> c_int;
type NameFn = unsafe extern "C" fn(*mut c_void) -> *const c_char;
type DestructorFn = unsafe extern "C" fn(*mut c_void);

/// A C program's comparator: its callbacks and state. Dropping it runs the destructor, once.
pub(crate) struct CComparator {
    state: *mut c_void,
    destructor: Option<DestructorFn>,
    compare: Option<CompareFn>,
    name: Option<NameFn>,
    /// The timestamp size of `rocksdb_comparator_with_ts_create` (0 for `rocksdb_comparator_create`).
    timestamp_size: usize,
}

// SAFETY: RocksDB calls a comparator from any thread; its C API requires the program's state
// and callbacks to allow that, and ferrock asks nothing more.
unsafe impl Send for CComparator {}
// SAFETY: as above; the callbacks take the state by pointer and keep no Rust borrows.
unsafe impl Sync for CComparator {}

impl Drop for CComparator {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the program gave this destructor for this state; Drop runs once.
            unsafe { d(self.state) }
        }
    }
}

impl CComparator {
    /// Why the comparator cannot order keys, if it cannot.
    fn problem(&self) -> Option<Error> {
        match (self.compare, self.name) {
            (None, _) => Some(Error::invalid_argument("the comparator has no compare function")),
            (_, None) => Some(Error::invalid_argument("the comparator has no name function")),
            _ if self.timestamp_size != 0 => Some(Error::not_supported(format!(
                "user-defined timestamps (rocksdb_comparator_with_ts_create with a timestamp size of {})",
                self.timestamp_size
            ))),
            _ => None,
        }
    }
}

impl UserComparator for CComparator {
    fn name(&self) -> String {
        let Some(f) = self.name else { return String::new() };
        // SAFETY: the program's name callback, called with its own state; a non-NULL result
        // is a NUL-terminated string valid at least until the next call.
        let p = unsafe { f(self.state) };
        if p.is_null() {
            return String::new();
        }
        // SAFETY: as above, `p` is a NUL-terminated string.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    #[inline]
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        let Some(f) = self.compare else {
            // Unreachable: a comparator without one is refused when pinned.
            panic!("C comparator without a compare function");
        };
        // SAFETY: the program's compare callback with its state and two valid byte ranges.
        let r = unsafe { f(self.state, a.as_ptr().cast(), a.len(), b.as_ptr().cast(), b.len()) };
        r.cmp(&0)
    }
}

/// What options hold: the program's comparator, named but not kept alive.
struct NamedInOptions {
    comparator: Weak<CComparator>,
}

impl NamedInOptions {
    fn live(&self) -> Arc<CComparator> {
        // Engine objects pin the comparator before they use it (`pinned`), so a live one is
        // always there; an unpinned use after rocksdb_comparator_destroy is a bug of ferrock.
        self.comparator.upgrade().expect("C comparator used after rocksdb_comparator_destroy without being pinned")
    }
}

impl UserComparator for NamedInOptions {
    fn name(&self) -> String {
        self.comparator.upgrade().map(|c| c.name()).unwrap_or_default()
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        self.live().compare(a, b)
    }
    fn pinned(&self) -> Option<Result<Arc<dyn UserComparator>>> {
        Some(match self.comparator.upgrade() {
            None => Err(Error::invalid_argument("the comparator was destroyed (rocksdb_comparator_destroy) before this use")),
            Some(c) => match c.problem() {
                Some(e) => Err(e),
                None => Ok(c as Arc<dyn UserComparator>),
            },
        })
    }
}

/// What options hold after `rocksdb_options_set_comparator(opt, NULL)`: in RocksDB a NULL
/// comparator crashes the open; here the open fails.
struct NullComparator;

impl UserComparator for NullComparator {
    fn name(&self) -> String {
        String::new()
    }
    fn compare(&self, _: &[u8], _: &[u8]) -> Ordering {
        panic!("NULL comparator used without being pinned")
    }
    fn pinned(&self) -> Option<Result<Arc<dyn UserComparator>>> {
        Some(Err(Error::invalid_argument("the comparator is NULL (rocksdb_options_set_comparator)")))
    }
}

/// A user comparator (`rocksdb_comparator_t`); `rocksdb_comparator_destroy` runs its
/// destructor unless a database or writer still uses it (then the last of those does).
pub struct rocksdb_comparator_t {
    comparator: Arc<CComparator>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_comparator_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    compare: Option<
        unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t) -> c_int,
    >,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_comparator_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_comparator_t {
            comparator: Arc::new(CComparator { state, destructor, compare, name, timestamp_size: 0 }),
        }))
    })
}

/// RocksDB 11.8.1's comparator with user-defined timestamps. With `timestamp_size` 0 it is
/// `rocksdb_comparator_create`'s comparator (`compare_ts` and `compare_without_ts` are never
/// called, as in RocksDB, where keys then carry no timestamp); with a larger size, opening a
/// database (or writer, or indexed batch) with it fails with "Not implemented: user-defined
/// timestamps ...". Either way the handle is the program's, destroyed by
/// `rocksdb_comparator_destroy`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_comparator_with_ts_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    compare: Option<
        unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t) -> c_int,
    >,
    compare_ts: Option<
        unsafe extern "C" fn(*mut c_void, *const c_char, size_t, *const c_char, size_t) -> c_int,
    >,
    compare_without_ts: Option<
        unsafe extern "C" fn(*mut c_void, *const c_char, size_t, c_uchar, *const c_char, size_t, c_uchar) -> c_int,
    >,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
    timestamp_size: size_t,
) -> *mut rocksdb_comparator_t {
    // Without timestamps RocksDB orders keys by `compare` alone.
    let _ = (compare_ts, compare_without_ts);
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_comparator_t {
            comparator: Arc::new(CComparator { state, destructor, compare, name, timestamp_size }),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_comparator_destroy(cmp: *mut rocksdb_comparator_t) {
    drop_handle(cmp)
}

/// The comparator as options name it.
pub(crate) unsafe fn named_in_options(cmp: *const rocksdb_comparator_t) -> Comparator {
    match cmp.as_ref() {
        None => Comparator::custom(Arc::new(NullComparator)),
        Some(c) => Comparator::custom(Arc::new(NamedInOptions { comparator: Arc::downgrade(&c.comparator) })),
    }
}

/// Orders the keys of the database (and of each column family opened with these options).
/// The options name the comparator without owning it, as in RocksDB.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_comparator(opt: *mut rocksdb_options_t, cmp: *mut rocksdb_comparator_t) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.comparator = named_in_options(cmp);
        Ok(())
    })
}
