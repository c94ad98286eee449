//! c.h's event listeners: `rocksdb_eventlistener_create` / `_destroy`,
//! `rocksdb_options_add_eventlistener`, and the accessors of the infos each callback gets
//! (`rocksdb_flushjobinfo_*`, `rocksdb_compactionjobinfo_*`, `rocksdb_subcompactionjobinfo_*`,
//! `rocksdb_externalfileingestioninfo_*`, `rocksdb_writestallinfo_*`, `rocksdb_memtableinfo_*`,
//! `rocksdb_compaction_file_info_*`, and the background-error status `rocksdb_status_ptr_t`).
//!
//! Ownership follows RocksDB's c.cc: `rocksdb_options_add_eventlistener` takes the listener
//! over (its destructor runs when the last options or database using it is gone);
//! `rocksdb_eventlistener_destroy` is for a listener never added. An info and the strings its
//! accessors return live only during the callback. Callbacks run on the database's threads,
//! without the db mutex held; a NULL callback is skipped.

use super::compaction_job_stats::rocksdb_compaction_job_stats_t;
use super::db::rocksdb_t;
use super::table_properties::rocksdb_table_properties_t;
use super::options::rocksdb_options_t;
use super::*;
use crate::db::listener::{
    BackgroundErrorReason, CompactionJobInfo, ExternalFileIngestionInfo, FlushJobInfo, Listener, MemTableInfo,
    SubcompactionJobInfo, WriteStallInfo,
};
use crate::db::Db;
use libc::{c_int, c_uchar};
use std::sync::Arc;

/// Text handed to C: its bytes followed by a NUL (C++'s `std::string::data()` is terminated
/// too, and callers rely on it), returned with its length without the NUL.
struct CText(Vec<u8>);

impl CText {
    fn new(s: &str) -> CText {
        let mut v = Vec::with_capacity(s.len() + 1);
        v.extend_from_slice(s.as_bytes());
        v.push(0);
        CText(v)
    }
    /// The text without its NUL.
    fn bytes(&self) -> &[u8] {
        &self.0[..self.0.len().saturating_sub(1)]
    }
    fn out(&self, size: *mut size_t) -> *const c_char {
        set_out(size, self.0.len().saturating_sub(1));
        self.0.as_ptr() as *const c_char
    }
}

pub type on_flush_begin_cb = Option<unsafe extern "C" fn(*mut c_void, *mut rocksdb_t, *const rocksdb_flushjobinfo_t)>;
pub type on_flush_completed_cb = Option<unsafe extern "C" fn(*mut c_void, *mut rocksdb_t, *const rocksdb_flushjobinfo_t)>;
pub type on_compaction_begin_cb = Option<unsafe extern "C" fn(*mut c_void, *mut rocksdb_t, *const rocksdb_compactionjobinfo_t)>;
pub type on_compaction_completed_cb =
    Option<unsafe extern "C" fn(*mut c_void, *mut rocksdb_t, *const rocksdb_compactionjobinfo_t)>;
pub type on_subcompaction_begin_cb = Option<unsafe extern "C" fn(*mut c_void, *const rocksdb_subcompactionjobinfo_t)>;
pub type on_subcompaction_completed_cb = Option<unsafe extern "C" fn(*mut c_void, *const rocksdb_subcompactionjobinfo_t)>;
pub type on_external_file_ingested_cb =
    Option<unsafe extern "C" fn(*mut c_void, *mut rocksdb_t, *const rocksdb_externalfileingestioninfo_t)>;
pub type on_background_error_cb = Option<unsafe extern "C" fn(*mut c_void, u32, *mut rocksdb_status_ptr_t)>;
pub type on_stall_conditions_changed_cb = Option<unsafe extern "C" fn(*mut c_void, *const rocksdb_writestallinfo_t)>;
pub type on_memtable_sealed_cb = Option<unsafe extern "C" fn(*mut c_void, *const rocksdb_memtableinfo_t)>;

/// A listener made of C callbacks (`rocksdb_eventlistener_t`).
pub struct rocksdb_eventlistener_t {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    on_flush_begin: on_flush_begin_cb,
    on_flush_completed: on_flush_completed_cb,
    on_compaction_begin: on_compaction_begin_cb,
    on_compaction_completed: on_compaction_completed_cb,
    on_subcompaction_begin: on_subcompaction_begin_cb,
    on_subcompaction_completed: on_subcompaction_completed_cb,
    on_external_file_ingested: on_external_file_ingested_cb,
    on_background_error: on_background_error_cb,
    on_stall_conditions_changed: on_stall_conditions_changed_cb,
    on_memtable_sealed: on_memtable_sealed_cb,
}

// SAFETY: the state pointer is only handed back to the user's callbacks, which c.h (like
// RocksDB's EventListener) requires to be callable from the database's threads.
unsafe impl Send for rocksdb_eventlistener_t {}
unsafe impl Sync for rocksdb_eventlistener_t {}

impl Drop for rocksdb_eventlistener_t {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the user's destructor for the user's state, called once, as RocksDB does.
            unsafe { d(self.state) }
        }
    }
}

/// The database as a temporary C handle for one callback, as RocksDB's c.cc makes one.
fn c_db(db: &Db) -> rocksdb_t {
    rocksdb_t { db: db.clone() }
}

impl Listener for rocksdb_eventlistener_t {
    fn on_flush_begin(&self, db: &Db, info: &FlushJobInfo) {
        if let Some(cb) = self.on_flush_begin {
            let mut h = c_db(db);
            let i = rocksdb_flushjobinfo_t::from(info);
            // SAFETY: both pointers are valid for the call; the callback is the user's.
            unsafe { cb(self.state, &mut h, &i) }
        }
    }
    fn on_flush_completed(&self, db: &Db, info: &FlushJobInfo) {
        if let Some(cb) = self.on_flush_completed {
            let mut h = c_db(db);
            let i = rocksdb_flushjobinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &mut h, &i) }
        }
    }
    fn on_compaction_begin(&self, db: &Db, info: &CompactionJobInfo) {
        if let Some(cb) = self.on_compaction_begin {
            let mut h = c_db(db);
            let i = rocksdb_compactionjobinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &mut h, &i) }
        }
    }
    fn on_compaction_completed(&self, db: &Db, info: &CompactionJobInfo) {
        if let Some(cb) = self.on_compaction_completed {
            let mut h = c_db(db);
            let i = rocksdb_compactionjobinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &mut h, &i) }
        }
    }
    fn on_subcompaction_begin(&self, info: &SubcompactionJobInfo) {
        if let Some(cb) = self.on_subcompaction_begin {
            let i = rocksdb_subcompactionjobinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &i) }
        }
    }
    fn on_subcompaction_completed(&self, info: &SubcompactionJobInfo) {
        if let Some(cb) = self.on_subcompaction_completed {
            let i = rocksdb_subcompactionjobinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &i) }
        }
    }
    fn on_external_file_ingested(&self, db: &Db, info: &ExternalFileIngestionInfo) {
        if let Some(cb) = self.on_external_file_ingested {
            let mut h = c_db(db);
            let i = rocksdb_externalfileingestioninfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &mut h, &i) }
        }
    }
    fn on_background_error(&self, reason: BackgroundErrorReason, status: &mut Option<Error>) {
        if let Some(cb) = self.on_background_error {
            let mut s = rocksdb_status_ptr_t { status: status as *mut Option<Error> };
            // SAFETY: `s` points at the live status for the call; the callback is the user's.
            unsafe { cb(self.state, reason as u32, &mut s) }
        }
    }
    fn on_stall_conditions_changed(&self, info: &WriteStallInfo) {
        if let Some(cb) = self.on_stall_conditions_changed {
            let i = rocksdb_writestallinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &i) }
        }
    }
    fn on_memtable_sealed(&self, info: &MemTableInfo) {
        if let Some(cb) = self.on_memtable_sealed {
            let i = rocksdb_memtableinfo_t::from(info);
            // SAFETY: as above.
            unsafe { cb(self.state, &i) }
        }
    }
}

/// A listener calling the given callbacks (each may be NULL) with `state_`; `destructor_`
/// (may be NULL) gets `state_` when the listener is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_eventlistener_create(
    state_: *mut c_void,
    destructor_: Option<unsafe extern "C" fn(*mut c_void)>,
    on_flush_begin: on_flush_begin_cb,
    on_flush_completed: on_flush_completed_cb,
    on_compaction_begin: on_compaction_begin_cb,
    on_compaction_completed: on_compaction_completed_cb,
    on_subcompaction_begin: on_subcompaction_begin_cb,
    on_subcompaction_completed: on_subcompaction_completed_cb,
    on_external_file_ingested: on_external_file_ingested_cb,
    on_background_error: on_background_error_cb,
    on_stall_conditions_changed: on_stall_conditions_changed_cb,
    on_memtable_sealed: on_memtable_sealed_cb,
) -> *mut rocksdb_eventlistener_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_eventlistener_t {
            state: state_,
            destructor: destructor_,
            on_flush_begin,
            on_flush_completed,
            on_compaction_begin,
            on_compaction_completed,
            on_subcompaction_begin,
            on_subcompaction_completed,
            on_external_file_ingested,
            on_background_error,
            on_stall_conditions_changed,
            on_memtable_sealed,
        }))
    })
}

/// Frees a listener that was never added to options (runs its destructor).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_eventlistener_destroy(t: *mut rocksdb_eventlistener_t) {
    drop_handle(t)
}

/// The options take the listener over: do not destroy it afterwards (as in RocksDB).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_add_eventlistener(opt: *mut rocksdb_options_t, t: *mut rocksdb_eventlistener_t) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if t.is_null() {
            return Err(Error::invalid_argument("listener is NULL"));
        }
        // SAFETY: t came from rocksdb_eventlistener_create and its ownership passes here.
        let l: Box<rocksdb_eventlistener_t> = Box::from_raw(t);
        let l: Arc<dyn Listener> = Arc::from(l as Box<dyn Listener>);
        o.opts.listeners.push(l);
        Ok(())
    })
}

/// The status a background-error callback may read or clear (`rocksdb_status_ptr_t`).
pub struct rocksdb_status_ptr_t {
    status: *mut Option<Error>,
}

/// Clears the error: the database does not latch it (RocksDB's `*status = Status::OK()`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_reset_status(status_ptr: *mut rocksdb_status_ptr_t) {
    guarded((), || {
        let s = handle(status_ptr, "status")?;
        // SAFETY: `status` points at the status of the running callback.
        if let Some(st) = s.status.as_mut() {
            *st = None;
        }
        Ok(())
    })
}

/// Stores the status text in `*errptr` (nothing when it is OK).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_status_ptr_get_error(status: *mut rocksdb_status_ptr_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || {
        let s = handle(status, "status")?;
        // SAFETY: as in rocksdb_reset_status.
        if let Some(Some(e)) = s.status.as_ref() {
            save_error(errptr, e);
        }
        Ok(())
    })
}

/// A flush's info (`rocksdb_flushjobinfo_t`).
pub struct rocksdb_flushjobinfo_t {
    info: FlushJobInfo,
    cf_name: CText,
    file_path: CText,
    /// The table's properties (empty ones when the flush wrote none, as RocksDB's default-constructed field).
    table_properties: super::table_properties::rocksdb_table_properties_t,
}

impl From<&FlushJobInfo> for rocksdb_flushjobinfo_t {
    fn from(i: &FlushJobInfo) -> Self {
        let table_properties = match &i.table_properties {
            // The builder saw the table's keys: their sequence bounds are known.
            Some(p) => super::table_properties::rocksdb_table_properties_t::new(p.clone(), Some((i.smallest_seqno, i.largest_seqno))),
            None => super::table_properties::rocksdb_table_properties_t::new(crate::table::TableProperties::default(), None),
        };
        rocksdb_flushjobinfo_t { info: i.clone(), cf_name: CText::new(&i.cf_name), file_path: CText::new(&i.file_path), table_properties }
    }
}

/// A compaction's info (`rocksdb_compactionjobinfo_t`).
pub struct rocksdb_compactionjobinfo_t {
    info: CompactionJobInfo,
    cf_name: CText,
    input_files: Vec<CText>,
    output_files: Vec<CText>,
    input_file_infos: Vec<rocksdb_compaction_file_info_t>,
    output_file_infos: Vec<rocksdb_compaction_file_info_t>,
    stats: rocksdb_compaction_job_stats_t,
    /// By full path, in path order (RocksDB's collection is a hash map: its order is its own).
    table_properties: Vec<(CText, rocksdb_table_properties_t)>,
}

impl From<&CompactionJobInfo> for rocksdb_compactionjobinfo_t {
    fn from(i: &CompactionJobInfo) -> Self {
        let infos = |v: &[(i32, u64)]| v.iter().map(|(level, file_number)| rocksdb_compaction_file_info_t { level: *level, file_number: *file_number }).collect();
        rocksdb_compactionjobinfo_t {
            info: i.clone(),
            cf_name: CText::new(&i.cf_name),
            input_files: i.input_files.iter().map(|p| CText::new(p)).collect(),
            output_files: i.output_files.iter().map(|p| CText::new(p)).collect(),
            input_file_infos: infos(&i.input_file_infos),
            output_file_infos: infos(&i.output_file_infos),
            stats: rocksdb_compaction_job_stats_t { s: i.stats.clone() },
            table_properties: i
                .table_properties
                .iter()
                .map(|(path, t)| (CText::new(path), rocksdb_table_properties_t::new(t.properties.clone(), t.key_seqnos)))
                .collect(),
        }
    }
}

/// Fills a caller's info (`rocksdb_compact_files`).
pub(crate) fn set_compactionjobinfo(dst: &mut rocksdb_compactionjobinfo_t, info: &CompactionJobInfo) {
    *dst = rocksdb_compactionjobinfo_t::from(info);
}

/// One input or output table of a compaction (`rocksdb_compaction_file_info_t`).
pub struct rocksdb_compaction_file_info_t {
    level: i32,
    file_number: u64,
}

/// A subcompaction's info (`rocksdb_subcompactionjobinfo_t`).
pub struct rocksdb_subcompactionjobinfo_t {
    info: SubcompactionJobInfo,
    cf_name: CText,
    stats: rocksdb_compaction_job_stats_t,
}

impl From<&SubcompactionJobInfo> for rocksdb_subcompactionjobinfo_t {
    fn from(i: &SubcompactionJobInfo) -> Self {
        rocksdb_subcompactionjobinfo_t { info: i.clone(), cf_name: CText::new(&i.cf_name), stats: rocksdb_compaction_job_stats_t { s: i.stats.clone() } }
    }
}

/// One ingested file's info (`rocksdb_externalfileingestioninfo_t`).
pub struct rocksdb_externalfileingestioninfo_t {
    global_seqno: u64,
    cf_name: CText,
    external_file_path: CText,
    internal_file_path: CText,
    table_properties: super::table_properties::rocksdb_table_properties_t,
}

impl rocksdb_externalfileingestioninfo_t {
    pub(crate) fn table_properties(&self) -> &super::table_properties::rocksdb_table_properties_t {
        &self.table_properties
    }
}

impl From<&ExternalFileIngestionInfo> for rocksdb_externalfileingestioninfo_t {
    fn from(i: &ExternalFileIngestionInfo) -> Self {
        rocksdb_externalfileingestioninfo_t {
            global_seqno: i.global_seqno,
            cf_name: CText::new(&i.cf_name),
            external_file_path: CText::new(&i.external_file_path),
            internal_file_path: CText::new(&i.internal_file_path),
            table_properties: super::table_properties::rocksdb_table_properties_t::new(
                i.table_properties.clone().unwrap_or_default(),
                None,
            ),
        }
    }
}

/// A stall-condition change (`rocksdb_writestallinfo_t`); the conditions are RocksDB's
/// WriteStallCondition numbers stored as C ints.
pub struct rocksdb_writestallinfo_t {
    cf_name: CText,
    cur: c_int,
    prev: c_int,
}

impl From<&WriteStallInfo> for rocksdb_writestallinfo_t {
    fn from(i: &WriteStallInfo) -> Self {
        rocksdb_writestallinfo_t { cf_name: CText::new(&i.cf_name), cur: i.cur as c_int, prev: i.prev as c_int }
    }
}

/// A WriteStallCondition as c.h hands it out: a pointer to an int holding
/// kDelayed = 0, kStopped = 1 or kNormal = 2 (`rocksdb_writestallcondition_t`).
pub struct rocksdb_writestallcondition_t {
    _opaque: [u8; 0],
}

/// A sealed memtable's info (`rocksdb_memtableinfo_t`).
pub struct rocksdb_memtableinfo_t {
    info: MemTableInfo,
    cf_name: CText,
}

impl From<&MemTableInfo> for rocksdb_memtableinfo_t {
    fn from(i: &MemTableInfo) -> Self {
        rocksdb_memtableinfo_t { info: i.clone(), cf_name: CText::new(&i.cf_name) }
    }
}

/// `f(info)` for a non-NULL info, else the default (these accessors have no error channel).
unsafe fn read<T, R: Default>(p: *const T, f: impl FnOnce(&T) -> R) -> R {
    // SAFETY: a non-NULL info is the one the running callback received (or a created one).
    match p.as_ref() {
        Some(i) => f(i),
        None => R::default(),
    }
}

/// Text accessor: NULL (size 0) for a NULL info.
unsafe fn text<T>(p: *const T, size: *mut size_t, f: impl FnOnce(&T) -> &CText) -> *const c_char {
    // SAFETY: as in `read`.
    match p.as_ref() {
        Some(i) => f(i).out(size),
        None => {
            set_out(size, 0);
            std::ptr::null()
        }
    }
}

// --- FlushJobInfo ---

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_cf_id(info: *const rocksdb_flushjobinfo_t) -> u32 {
    read(info, |i| i.info.cf_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_cf_name(info: *const rocksdb_flushjobinfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.cf_name)
}
/// The table written (empty at flush begin: ferrock numbers the table when it writes it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_file_path(info: *const rocksdb_flushjobinfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.file_path)
}
/// The properties of the table the flush wrote (valid while the info is).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_table_properties(
    info: *const rocksdb_flushjobinfo_t,
) -> *const super::table_properties::rocksdb_table_properties_t {
    guarded(std::ptr::null(), || Ok(&handle(info, "flush job info")?.table_properties as *const _))
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_file_number(info: *const rocksdb_flushjobinfo_t) -> u64 {
    read(info, |i| i.info.file_number)
}
/// 0: ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_oldest_blob_file_number(info: *const rocksdb_flushjobinfo_t) -> u64 {
    read(info, |_| 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_thread_id(info: *const rocksdb_flushjobinfo_t) -> u64 {
    read(info, |i| i.info.thread_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_job_id(info: *const rocksdb_flushjobinfo_t) -> c_int {
    read(info, |i| i.info.job_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_triggered_writes_slowdown(info: *const rocksdb_flushjobinfo_t) -> c_uchar {
    read(info, |i| i.info.triggered_writes_slowdown as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_triggered_writes_stop(info: *const rocksdb_flushjobinfo_t) -> c_uchar {
    read(info, |i| i.info.triggered_writes_stop as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_smallest_seqno(info: *const rocksdb_flushjobinfo_t) -> u64 {
    read(info, |i| i.info.smallest_seqno)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_largest_seqno(info: *const rocksdb_flushjobinfo_t) -> u64 {
    read(info, |i| i.info.largest_seqno)
}
/// RocksDB's FlushReason number.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_flush_reason(info: *const rocksdb_flushjobinfo_t) -> u32 {
    read(info, |i| i.info.flush_reason)
}
/// 0 (kNoCompression): ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_blob_compression_type(info: *const rocksdb_flushjobinfo_t) -> u32 {
    read(info, |_| 0)
}
/// 0: ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_flushjobinfo_blob_file_addition_infos_count(info: *const rocksdb_flushjobinfo_t) -> size_t {
    read(info, |_| 0)
}

// --- CompactionJobInfo ---

/// The stats of the job (all 0 but the input side at `on_compaction_begin`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_stats(info: *const rocksdb_compactionjobinfo_t) -> *const rocksdb_compaction_job_stats_t {
    match info.as_ref() {
        Some(i) => &i.stats,
        None => std::ptr::null(),
    }
}
/// How many tables (inputs, and outputs at completion) the info has the properties of.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_table_properties_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.table_properties.len())
}
/// The full path of the `pos`-th table with properties; NULL (length 0) past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_table_properties_key_at(info: *const rocksdb_compactionjobinfo_t, pos: size_t, key_len: *mut size_t) -> *const c_char {
    set_out(key_len, 0);
    match info.as_ref().and_then(|i| i.table_properties.get(pos)) {
        Some((path, _)) => path.out(key_len),
        None => std::ptr::null(),
    }
}
/// The properties of the `pos`-th table; NULL past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_table_properties_value_at(info: *const rocksdb_compactionjobinfo_t, pos: size_t) -> *const rocksdb_table_properties_t {
    match info.as_ref().and_then(|i| i.table_properties.get(pos)) {
        Some((_, p)) => p,
        None => std::ptr::null(),
    }
}
/// The properties of the table at full path `file_name`; NULL when the info has none for it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_table_properties_for_file(
    info: *const rocksdb_compactionjobinfo_t,
    file_name: *const c_char,
    file_name_len: size_t,
) -> *const rocksdb_table_properties_t {
    guarded(std::ptr::null(), || {
        let i = handle(info, "compaction job info")?;
        let name = bytes(file_name, file_name_len)?;
        Ok(i.table_properties.iter().find(|(path, _)| path.bytes() == name).map_or(std::ptr::null(), |(_, p)| p as *const _))
    })
}

/// An empty info, for `rocksdb_compact_files` to fill.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_create() -> *mut rocksdb_compactionjobinfo_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_compactionjobinfo_t::from(&CompactionJobInfo::default()))))
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_destroy(info: *mut rocksdb_compactionjobinfo_t) {
    drop_handle(info)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_cf_id(info: *const rocksdb_compactionjobinfo_t) -> u32 {
    read(info, |i| i.info.cf_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_cf_name(info: *const rocksdb_compactionjobinfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.cf_name)
}
/// The job's error in `*errptr` (nothing when it succeeded).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_status(info: *const rocksdb_compactionjobinfo_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || {
        if let Some(e) = &handle(info, "compaction job info")?.info.status {
            save_error(errptr, e);
        }
        Ok(())
    })
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_thread_id(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.thread_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_job_id(info: *const rocksdb_compactionjobinfo_t) -> c_int {
    read(info, |i| i.info.job_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_num_l0_files(info: *const rocksdb_compactionjobinfo_t) -> c_int {
    read(info, |i| i.info.num_l0_files)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_base_input_level(info: *const rocksdb_compactionjobinfo_t) -> c_int {
    read(info, |i| i.info.base_input_level)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_output_level(info: *const rocksdb_compactionjobinfo_t) -> c_int {
    read(info, |i| i.info.output_level)
}
/// RocksDB's CompactionReason number.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_compaction_reason(info: *const rocksdb_compactionjobinfo_t) -> u32 {
    read(info, |i| i.info.compaction_reason)
}
/// RocksDB's CompressionType number of the outputs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_compression(info: *const rocksdb_compactionjobinfo_t) -> u32 {
    read(info, |i| i.info.compression)
}
/// 0 (kNoCompression): ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_blob_compression_type(info: *const rocksdb_compactionjobinfo_t) -> u32 {
    read(info, |_| 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_aborted(info: *const rocksdb_compactionjobinfo_t) -> c_uchar {
    read(info, |i| i.info.aborted as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_input_files_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.input_files.len())
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_output_files_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.output_files.len())
}
/// The full path of input `pos`; NULL (size 0) past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_input_file_at(info: *const rocksdb_compactionjobinfo_t, pos: size_t, size: *mut size_t) -> *const c_char {
    set_out(size, 0);
    match info.as_ref().and_then(|i| i.input_files.get(pos)) {
        Some(t) => t.out(size),
        None => std::ptr::null(),
    }
}
/// The full path of output `pos`; NULL (size 0) past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_output_file_at(info: *const rocksdb_compactionjobinfo_t, pos: size_t, size: *mut size_t) -> *const c_char {
    set_out(size, 0);
    match info.as_ref().and_then(|i| i.output_files.get(pos)) {
        Some(t) => t.out(size),
        None => std::ptr::null(),
    }
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_input_file_infos_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.input_file_infos.len())
}
/// Input `pos`'s level and number; NULL past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_input_file_info_at(info: *const rocksdb_compactionjobinfo_t, pos: size_t) -> *const rocksdb_compaction_file_info_t {
    match info.as_ref().and_then(|i| i.input_file_infos.get(pos)) {
        Some(f) => f,
        None => std::ptr::null(),
    }
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_output_file_infos_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.output_file_infos.len())
}
/// Output `pos`'s level and number; NULL past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_output_file_info_at(info: *const rocksdb_compactionjobinfo_t, pos: size_t) -> *const rocksdb_compaction_file_info_t {
    match info.as_ref().and_then(|i| i.output_file_infos.get(pos)) {
        Some(f) => f,
        None => std::ptr::null(),
    }
}
/// 0: ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_blob_file_addition_infos_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |_| 0)
}
/// 0: ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_blob_file_garbage_infos_count(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |_| 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_elapsed_micros(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.stats.elapsed_micros)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_num_corrupt_keys(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.stats.num_corrupt_keys)
}
/// Entries of the input tables.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_input_records(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.stats.num_input_records)
}
/// Entries of the output tables.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_output_records(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.stats.num_output_records)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_total_input_bytes(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.stats.total_input_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_total_output_bytes(info: *const rocksdb_compactionjobinfo_t) -> u64 {
    read(info, |i| i.info.stats.total_output_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_num_input_files(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.info.stats.num_input_files)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionjobinfo_num_input_files_at_output_level(info: *const rocksdb_compactionjobinfo_t) -> size_t {
    read(info, |i| i.info.stats.num_input_files_at_output_level)
}

// --- CompactionFileInfo ---

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_file_info_level(info: *const rocksdb_compaction_file_info_t) -> c_int {
    read(info, |i| i.level)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_file_info_file_number(info: *const rocksdb_compaction_file_info_t) -> u64 {
    read(info, |i| i.file_number)
}
/// 0: ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_file_info_oldest_blob_file_number(info: *const rocksdb_compaction_file_info_t) -> u64 {
    read(info, |_| 0)
}

// --- SubcompactionJobInfo ---

/// The range's stats: all 0 as it begins; its elapsed time and outputs at completion.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_stats(info: *const rocksdb_subcompactionjobinfo_t) -> *const rocksdb_compaction_job_stats_t {
    match info.as_ref() {
        Some(i) => &i.stats,
        None => std::ptr::null(),
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_cf_id(info: *const rocksdb_subcompactionjobinfo_t) -> u32 {
    read(info, |i| i.info.cf_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_cf_name(info: *const rocksdb_subcompactionjobinfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.cf_name)
}
/// The range's error in `*errptr` (nothing when it succeeded).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_status(info: *const rocksdb_subcompactionjobinfo_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || {
        if let Some(e) = &handle(info, "subcompaction job info")?.info.status {
            save_error(errptr, e);
        }
        Ok(())
    })
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_thread_id(info: *const rocksdb_subcompactionjobinfo_t) -> u64 {
    read(info, |i| i.info.thread_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_job_id(info: *const rocksdb_subcompactionjobinfo_t) -> c_int {
    read(info, |i| i.info.job_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_subcompaction_job_id(info: *const rocksdb_subcompactionjobinfo_t) -> c_int {
    read(info, |i| i.info.subcompaction_job_id)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_base_input_level(info: *const rocksdb_subcompactionjobinfo_t) -> c_int {
    read(info, |i| i.info.base_input_level)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_output_level(info: *const rocksdb_subcompactionjobinfo_t) -> c_int {
    read(info, |i| i.info.output_level)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_compaction_reason(info: *const rocksdb_subcompactionjobinfo_t) -> u32 {
    read(info, |i| i.info.compaction_reason)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_compression(info: *const rocksdb_subcompactionjobinfo_t) -> u32 {
    read(info, |i| i.info.compression)
}
/// 0 (kNoCompression): ferrock writes no blob files.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_subcompactionjobinfo_blob_compression_type(info: *const rocksdb_subcompactionjobinfo_t) -> u32 {
    read(info, |_| 0)
}

// --- ExternalFileIngestionInfo ---

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_externalfileingestioninfo_cf_name(info: *const rocksdb_externalfileingestioninfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.cf_name)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_externalfileingestioninfo_external_file_path(
    info: *const rocksdb_externalfileingestioninfo_t,
    size: *mut size_t,
) -> *const c_char {
    text(info, size, |i| &i.external_file_path)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_externalfileingestioninfo_internal_file_path(
    info: *const rocksdb_externalfileingestioninfo_t,
    size: *mut size_t,
) -> *const c_char {
    text(info, size, |i| &i.internal_file_path)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_externalfileingestioninfo_global_seqno(info: *const rocksdb_externalfileingestioninfo_t) -> u64 {
    read(info, |i| i.global_seqno)
}

// --- WriteStallInfo ---

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writestallinfo_cf_name(info: *const rocksdb_writestallinfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.cf_name)
}
/// Points at an int: kDelayed = 0, kStopped = 1, kNormal = 2.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writestallinfo_cur(info: *const rocksdb_writestallinfo_t) -> *const rocksdb_writestallcondition_t {
    match info.as_ref() {
        Some(i) => &i.cur as *const c_int as *const rocksdb_writestallcondition_t,
        None => std::ptr::null(),
    }
}
/// Points at an int: kDelayed = 0, kStopped = 1, kNormal = 2.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_writestallinfo_prev(info: *const rocksdb_writestallinfo_t) -> *const rocksdb_writestallcondition_t {
    match info.as_ref() {
        Some(i) => &i.prev as *const c_int as *const rocksdb_writestallcondition_t,
        None => std::ptr::null(),
    }
}

// --- MemTableInfo ---

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memtableinfo_cf_name(info: *const rocksdb_memtableinfo_t, size: *mut size_t) -> *const c_char {
    text(info, size, |i| &i.cf_name)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memtableinfo_first_seqno(info: *const rocksdb_memtableinfo_t) -> u64 {
    read(info, |i| i.info.first_seqno)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memtableinfo_earliest_seqno(info: *const rocksdb_memtableinfo_t) -> u64 {
    read(info, |i| i.info.earliest_seqno)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memtableinfo_num_entries(info: *const rocksdb_memtableinfo_t) -> u64 {
    read(info, |i| i.info.num_entries)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memtableinfo_num_deletes(info: *const rocksdb_memtableinfo_t) -> u64 {
    read(info, |i| i.info.num_deletes)
}
/// Empty: ferrock has no user-defined timestamps.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_memtableinfo_newest_udt(info: *const rocksdb_memtableinfo_t, size: *mut size_t) -> *const c_char {
    let _ = info;
    set_out(size, 0);
    c"".as_ptr()
}
