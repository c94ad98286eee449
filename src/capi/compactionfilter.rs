//! c.h's compaction filters: `rocksdb_compactionfilter_create` (RocksDB's filter
//! callback: return 1 to remove the value, or set `*value_changed` and
//! `*new_value`/`*new_value_length` to replace it; the new value's buffer stays
//! the caller's, as in RocksDB's c.cc), the filter factory with its context, and
//! the options setters. As in RocksDB, a filter set on options is not owned by
//! them (the caller destroys it after closing the database), while a factory
//! and the filters it creates are owned by the engine.

use super::options::rocksdb_options_t;
use super::*;
use crate::compaction::{CompactionFilter, CompactionFilterFactory, FilterDecision};
use libc::{c_int, c_uchar};
use std::sync::Arc;

pub(crate) type FilterFn = unsafe extern "C" fn(
    *mut c_void,
    c_int,
    *const c_char,
    size_t,
    *const c_char,
    size_t,
    *mut *mut c_char,
    *mut size_t,
    *mut c_uchar,
) -> c_uchar;
pub(crate) type NameFn = unsafe extern "C" fn(*mut c_void) -> *const c_char;
/// The merge-operand question of ferrock_ext.h's filter: 1 drops the operand.
pub(crate) type MergeOperandFn =
    unsafe extern "C" fn(*mut c_void, c_int, *const c_char, size_t, *const c_char, size_t) -> c_uchar;

/// The state, destructor and name callback of a C object; the destructor runs on drop.
struct CObject {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    name: Option<NameFn>,
}

// SAFETY: RocksDB calls compaction filters from its background threads; its C API
// requires the caller's state to allow that.
#[allow(unsafe_code)]
unsafe impl Send for CObject {}
// SAFETY: as above; no Rust borrows are kept across calls.
#[allow(unsafe_code)]
unsafe impl Sync for CObject {}

impl Drop for CObject {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the caller gave this destructor for this state; it runs once.
            unsafe { d(self.state) }
        }
    }
}

impl CObject {
    fn name(&self) -> String {
        match self.name {
            Some(f) => {
                // SAFETY: the name callback returns a NUL-terminated string or NULL.
                let p = unsafe { f(self.state) };
                if p.is_null() {
                    return String::new();
                }
                // SAFETY: non-NULL and NUL-terminated, per the callback contract.
                unsafe { std::ffi::CStr::from_ptr(p) }.to_string_lossy().into_owned()
            }
            None => String::new(),
        }
    }
}

struct CCompactionFilter {
    obj: CObject,
    filter: Option<FilterFn>,
    /// Only from ferrock_ext.h's constructor; c.h's filter has no merge-operand callback.
    merge_operand: Option<MergeOperandFn>,
}

impl CompactionFilter for CCompactionFilter {
    fn name(&self) -> String {
        self.obj.name()
    }

    fn filter(&self, level: i32, key: &[u8], value: &[u8]) -> FilterDecision {
        let f = match self.filter {
            Some(f) => f,
            None => return FilterDecision::Keep,
        };
        let mut new_value: *mut c_char = std::ptr::null_mut();
        let mut new_len: size_t = 0;
        let mut changed: c_uchar = 0;
        // SAFETY: key and value are valid for their lengths during the call; the
        // out-pointers point at live locals.
        let remove = unsafe {
            f(
                self.obj.state,
                level as c_int,
                key.as_ptr() as *const c_char,
                key.len(),
                value.as_ptr() as *const c_char,
                value.len(),
                &mut new_value,
                &mut new_len,
                &mut changed,
            )
        };
        if remove != 0 {
            return FilterDecision::Remove;
        }
        if changed != 0 {
            let v = if new_value.is_null() {
                Vec::new()
            } else {
                // SAFETY: the callback set new_value to new_len readable bytes.
                unsafe { std::slice::from_raw_parts(new_value as *const u8, new_len) }.to_vec()
            };
            return FilterDecision::Change(v);
        }
        FilterDecision::Keep
    }

    fn filter_merge_operand(&self, level: i32, key: &[u8], operand: &[u8]) -> FilterDecision {
        let f = match self.merge_operand {
            Some(f) => f,
            None => return FilterDecision::Keep,
        };
        // SAFETY: key and operand are valid for their lengths during the call.
        let remove = unsafe {
            f(
                self.obj.state,
                level as c_int,
                key.as_ptr() as *const c_char,
                key.len(),
                operand.as_ptr() as *const c_char,
                operand.len(),
            )
        };
        if remove != 0 {
            FilterDecision::Remove
        } else {
            FilterDecision::Keep
        }
    }
}

/// A compaction filter handle (`rocksdb_compactionfilter_t`).
pub struct rocksdb_compactionfilter_t {
    filter: Arc<CCompactionFilter>,
}

impl rocksdb_compactionfilter_t {
    /// The filter, shared (options and compaction service overrides borrow it).
    pub(crate) fn shared(&self) -> Arc<dyn CompactionFilter> {
        self.filter.clone()
    }
}

/// What a factory is told about the compaction it makes a filter for.
pub struct rocksdb_compactionfiltercontext_t {
    is_full_compaction: bool,
    is_manual_compaction: bool,
}

struct CFactory {
    obj: CObject,
    create: Option<
        unsafe extern "C" fn(*mut c_void, *mut rocksdb_compactionfiltercontext_t) -> *mut rocksdb_compactionfilter_t,
    >,
}

impl CompactionFilterFactory for CFactory {
    fn name(&self) -> String {
        self.obj.name()
    }

    fn create(&self, is_full_compaction: bool, is_manual_compaction: bool) -> Option<Arc<dyn CompactionFilter>> {
        let f = self.create?;
        let mut ctx = rocksdb_compactionfiltercontext_t { is_full_compaction, is_manual_compaction };
        // SAFETY: ctx lives across the call.
        let h = unsafe { f(self.obj.state, &mut ctx) };
        if h.is_null() {
            return None;
        }
        // SAFETY: h came from rocksdb_compactionfilter_create; the engine owns filters a
        // factory makes, as RocksDB does.
        let owned = unsafe { Box::from_raw(h) };
        Some(owned.filter.clone() as Arc<dyn CompactionFilter>)
    }
}

/// A compaction filter factory handle (`rocksdb_compactionfilterfactory_t`).
pub struct rocksdb_compactionfilterfactory_t {
    factory: Arc<CFactory>,
}

impl rocksdb_compactionfilterfactory_t {
    /// The factory, shared.
    pub(crate) fn shared(&self) -> Arc<dyn CompactionFilterFactory> {
        self.factory.clone()
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfilter_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    filter: Option<
        unsafe extern "C" fn(
            *mut c_void,
            c_int,
            *const c_char,
            size_t,
            *const c_char,
            size_t,
            *mut *mut c_char,
            *mut size_t,
            *mut c_uchar,
        ) -> c_uchar,
    >,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_compactionfilter_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(new_compaction_filter(state, destructor, filter, None, name))))
}

/// A filter of C callbacks (c.h's, or ferrock_ext.h's with a merge-operand callback).
pub(crate) fn new_compaction_filter(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    filter: Option<FilterFn>,
    merge_operand: Option<MergeOperandFn>,
    name: Option<NameFn>,
) -> rocksdb_compactionfilter_t {
    let f = CCompactionFilter { obj: CObject { state, destructor, name }, filter, merge_operand };
    rocksdb_compactionfilter_t { filter: Arc::new(f) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfilter_destroy(filter: *mut rocksdb_compactionfilter_t) {
    drop_handle(filter)
}

/// Ignoring snapshots is the only behaviour RocksDB still has (false is rejected at
/// open there); ferrock accepts either and always ignores them.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfilter_set_ignore_snapshots(
    filter: *mut rocksdb_compactionfilter_t,
    v: c_uchar,
) {
    let _ = (filter, v);
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfiltercontext_is_full_compaction(
    context: *mut rocksdb_compactionfiltercontext_t,
) -> c_uchar {
    guarded(0, || Ok(handle(context, "context")?.is_full_compaction as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfiltercontext_is_manual_compaction(
    context: *mut rocksdb_compactionfiltercontext_t,
) -> c_uchar {
    guarded(0, || Ok(handle(context, "context")?.is_manual_compaction as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfilterfactory_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    create_compaction_filter: Option<
        unsafe extern "C" fn(
            *mut c_void,
            *mut rocksdb_compactionfiltercontext_t,
        ) -> *mut rocksdb_compactionfilter_t,
    >,
    name: Option<unsafe extern "C" fn(*mut c_void) -> *const c_char>,
) -> *mut rocksdb_compactionfilterfactory_t {
    guarded(std::ptr::null_mut(), || {
        let f = CFactory { obj: CObject { state, destructor, name }, create: create_compaction_filter };
        Ok(into_handle(rocksdb_compactionfilterfactory_t { factory: Arc::new(f) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionfilterfactory_destroy(factory: *mut rocksdb_compactionfilterfactory_t) {
    drop_handle(factory)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_compaction_filter(
    opt: *mut rocksdb_options_t,
    filter: *mut rocksdb_compactionfilter_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        o.opts.compaction_filter = match filter.as_ref() {
            Some(f) => Some(f.shared()),
            None => None,
        };
        Ok(())
    })
}

/// Takes ownership of the factory, as RocksDB's C API does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_compaction_filter_factory(
    opt: *mut rocksdb_options_t,
    factory: *mut rocksdb_compactionfilterfactory_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if factory.is_null() {
            o.opts.compaction_filter_factory = None;
            return Ok(());
        }
        // SAFETY: factory came from rocksdb_compactionfilterfactory_create; ownership passes here.
        let owned = Box::from_raw(factory);
        o.opts.compaction_filter_factory = Some(owned.shared());
        Ok(())
    })
}
