//! c.h's remote compaction, the primary's side and the options a worker overrides:
//! `rocksdb_compactionservice_create` (a `CompactionService` of C callbacks) and
//! `rocksdb_options_set_compaction_service`, the schedule responses and job infos the callbacks
//! see, and `rocksdb_compaction_service_options_override_*`. The engine is
//! src/compaction/remote.rs and src/db/remote_compaction.rs; the worker's entry points are in
//! open_and_compact.rs.
//!
//! Ownership follows RocksDB's c.cc: the options take the service (its destructor runs when the
//! last options and database holding it are gone); a response the schedule callback returns
//! is the engine's to free; the override borrows comparators and compaction filters, and takes
//! merge operators, filter factories, prefix extractors and event listeners.

use super::options::rocksdb_options_t;
use super::*;
use crate::compaction::remote::{CompactionService, JobInfo, JobStatus, OptionsOverride, ScheduleResponse};
use libc::{c_int, c_uchar};
use std::ffi::CString;
use std::sync::Arc;

pub struct rocksdb_compactionservice_scheduleresponse_t {
    r: ScheduleResponse,
}

pub struct rocksdb_compactionservice_jobinfo_t {
    info: JobInfo,
}

/// c.h's `rocksdb_compaction_service_schedule_cb`.
pub type rocksdb_compaction_service_schedule_cb = Option<
    unsafe extern "C" fn(
        *mut c_void,
        *const rocksdb_compactionservice_jobinfo_t,
        *const c_char,
        size_t,
    ) -> *mut rocksdb_compactionservice_scheduleresponse_t,
>;
/// c.h's `rocksdb_compaction_service_wait_cb`.
pub type rocksdb_compaction_service_wait_cb =
    Option<unsafe extern "C" fn(*mut c_void, *const c_char, *mut *mut c_char, *mut size_t) -> c_int>;
/// c.h's `rocksdb_compaction_service_cancel_awaiting_jobs_cb`.
pub type rocksdb_compaction_service_cancel_awaiting_jobs_cb = Option<unsafe extern "C" fn(*mut c_void)>;
/// c.h's `rocksdb_compaction_service_on_installation_cb`.
pub type rocksdb_compaction_service_on_installation_cb = Option<unsafe extern "C" fn(*mut c_void, *const c_char, c_int)>;

fn invalid_status() -> Error {
    Error::invalid_argument("Invalid status value. Must be 0-3.")
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_scheduleresponse_create(
    scheduled_job_id: *const c_char,
    status: c_int,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_compactionservice_scheduleresponse_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let status = JobStatus::from_i32(status).ok_or_else(invalid_status)?;
        let id = if scheduled_job_id.is_null() { String::new() } else { c_str(scheduled_job_id, "scheduled_job_id")?.to_string() };
        Ok(into_handle(rocksdb_compactionservice_scheduleresponse_t { r: ScheduleResponse { scheduled_job_id: id, status } }))
    })
}

/// A response without a job id (RocksDB's CompactionServiceScheduleResponse(status)).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_scheduleresponse_create_with_status(
    status: c_int,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_compactionservice_scheduleresponse_t {
    rocksdb_compactionservice_scheduleresponse_create(std::ptr::null(), status, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_scheduleresponse_t_destroy(response: *mut rocksdb_compactionservice_scheduleresponse_t) {
    drop_handle(response)
}

/// The response's status; NULL answers failure, as c.cc.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_scheduleresponse_getstatus(response: *const rocksdb_compactionservice_scheduleresponse_t) -> c_int {
    guarded(JobStatus::Failure as c_int, || Ok(handle(response, "response")?.r.status as c_int))
}

/// The job id (not NUL-terminated) and its length; "" and 0 for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_scheduleresponse_get_scheduled_job_id(
    response: *const rocksdb_compactionservice_scheduleresponse_t,
    len: *mut size_t,
) -> *const c_char {
    set_out(len, 0);
    guarded(c"".as_ptr(), || {
        if len.is_null() {
            return Ok(c"".as_ptr());
        }
        let id = &handle(response, "response")?.r.scheduled_job_id;
        set_out(len, id.len());
        Ok(id.as_ptr() as *const c_char)
    })
}

/// A string field of a job info, by pointer and length.
unsafe fn info_str(info: *const rocksdb_compactionservice_jobinfo_t, len: *mut size_t, field: fn(&JobInfo) -> &str) -> *const c_char {
    set_out(len, 0);
    guarded(c"".as_ptr(), || {
        let s = field(&handle(info, "job info")?.info);
        set_out(len, s.len());
        Ok(s.as_ptr() as *const c_char)
    })
}

unsafe fn info_val<T: Default>(info: *const rocksdb_compactionservice_jobinfo_t, field: fn(&JobInfo) -> T) -> T {
    guarded(T::default(), || Ok(field(&handle(info, "job info")?.info)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_db_name(info: *const rocksdb_compactionservice_jobinfo_t, len: *mut size_t) -> *const c_char {
    info_str(info, len, |i| &i.db_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_db_id(info: *const rocksdb_compactionservice_jobinfo_t, len: *mut size_t) -> *const c_char {
    info_str(info, len, |i| &i.db_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_db_session_id(
    info: *const rocksdb_compactionservice_jobinfo_t,
    len: *mut size_t,
) -> *const c_char {
    info_str(info, len, |i| &i.db_session_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_cf_name(info: *const rocksdb_compactionservice_jobinfo_t, len: *mut size_t) -> *const c_char {
    info_str(info, len, |i| &i.cf_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_cf_id(info: *const rocksdb_compactionservice_jobinfo_t) -> u32 {
    info_val(info, |i| i.cf_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_job_id(info: *const rocksdb_compactionservice_jobinfo_t) -> u64 {
    info_val(info, |i| i.job_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_priority(info: *const rocksdb_compactionservice_jobinfo_t) -> c_int {
    info_val(info, |i| i.priority)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_compaction_reason(info: *const rocksdb_compactionservice_jobinfo_t) -> c_int {
    info_val(info, |i| i.compaction_reason)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_base_input_level(info: *const rocksdb_compactionservice_jobinfo_t) -> c_int {
    info_val(info, |i| i.base_input_level)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_get_output_level(info: *const rocksdb_compactionservice_jobinfo_t) -> c_int {
    info_val(info, |i| i.output_level)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_is_full_compaction(info: *const rocksdb_compactionservice_jobinfo_t) -> c_uchar {
    info_val(info, |i| i.is_full_compaction as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_is_manual_compaction(info: *const rocksdb_compactionservice_jobinfo_t) -> c_uchar {
    info_val(info, |i| i.is_manual_compaction as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_jobinfo_t_is_bottommost_level(info: *const rocksdb_compactionservice_jobinfo_t) -> c_uchar {
    info_val(info, |i| i.bottommost_level as c_uchar)
}

/// A compaction service of C callbacks (RocksDB's c.cc rocksdb_compactionservice_t).
pub struct rocksdb_compactionservice_t {
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    schedule: rocksdb_compaction_service_schedule_cb,
    name: String,
    wait: rocksdb_compaction_service_wait_cb,
    cancel_awaiting_jobs: rocksdb_compaction_service_cancel_awaiting_jobs_cb,
    on_installation: rocksdb_compaction_service_on_installation_cb,
}

// SAFETY: c.h leaves the callbacks' thread-safety to the user, as RocksDB's CompactionService
// does (it calls them from its compaction threads).
unsafe impl Send for rocksdb_compactionservice_t {}
unsafe impl Sync for rocksdb_compactionservice_t {}

impl Drop for rocksdb_compactionservice_t {
    fn drop(&mut self) {
        if let Some(d) = self.destructor {
            // SAFETY: the user's destructor for the user's state, called once.
            unsafe { d(self.state) }
        }
    }
}

/// A job id as the callbacks receive it (an interior NUL ends it there).
fn job_id_cstring(id: &str) -> CString {
    CString::new(id.split('\0').next().unwrap_or("")).unwrap_or_default()
}

impl CompactionService for rocksdb_compactionservice_t {
    fn name(&self) -> &str {
        &self.name
    }

    fn schedule(&self, info: &JobInfo, input: &[u8]) -> ScheduleResponse {
        let Some(f) = self.schedule else {
            return ScheduleResponse { scheduled_job_id: String::new(), status: JobStatus::UseLocal };
        };
        let info = rocksdb_compactionservice_jobinfo_t { info: info.clone() };
        // SAFETY: the user's callback with its state, a job info valid for the call, and the input bytes.
        let response = unsafe { f(self.state, &info, input.as_ptr() as *const c_char, input.len()) };
        if response.is_null() {
            return ScheduleResponse { scheduled_job_id: String::new(), status: JobStatus::Failure };
        }
        // SAFETY: a response from rocksdb_compactionservice_scheduleresponse_create*, now ours.
        unsafe { Box::from_raw(response) }.r
    }

    fn wait(&self, scheduled_job_id: &str, result: &mut Vec<u8>) -> JobStatus {
        let Some(f) = self.wait else { return JobStatus::UseLocal };
        let id = job_id_cstring(scheduled_job_id);
        let (mut out, mut len): (*mut c_char, size_t) = (std::ptr::null_mut(), 0);
        // SAFETY: the user's callback; it may store a malloc'd buffer and its length.
        let status = unsafe { f(self.state, id.as_ptr(), &mut out, &mut len) };
        if !out.is_null() {
            // SAFETY: `len` bytes at `out`, malloc'd by the callback and freed here, as c.cc does.
            unsafe {
                result.extend_from_slice(std::slice::from_raw_parts(out as *const u8, len));
                libc::free(out as *mut c_void);
            }
        }
        JobStatus::from_i32(status).unwrap_or(JobStatus::Failure)
    }

    fn cancel_awaiting_jobs(&self) {
        if let Some(f) = self.cancel_awaiting_jobs {
            // SAFETY: the user's callback with its state.
            unsafe { f(self.state) }
        }
    }

    fn on_installation(&self, scheduled_job_id: &str, status: JobStatus) {
        if let Some(f) = self.on_installation {
            let id = job_id_cstring(scheduled_job_id);
            // SAFETY: the user's callback with its state and a job id valid for the call.
            unsafe { f(self.state, id.as_ptr(), status as c_int) }
        }
    }
}

/// A service of the given callbacks; a NULL schedule or wait runs every job locally.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compactionservice_create(
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    schedule: rocksdb_compaction_service_schedule_cb,
    name: *const c_char,
    wait: rocksdb_compaction_service_wait_cb,
    cancel_awaiting_jobs: rocksdb_compaction_service_cancel_awaiting_jobs_cb,
    on_installation: rocksdb_compaction_service_on_installation_cb,
) -> *mut rocksdb_compactionservice_t {
    guarded(std::ptr::null_mut(), || {
        let name = if name.is_null() { "CompactionService".to_string() } else { std::ffi::CStr::from_ptr(name).to_string_lossy().into_owned() };
        Ok(into_handle(rocksdb_compactionservice_t { state, destructor, schedule, name, wait, cancel_awaiting_jobs, on_installation }))
    })
}

/// The options take the service (NULL options or service: nothing happens, as in c.cc).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_compaction_service(opt: *mut rocksdb_options_t, service: *mut rocksdb_compactionservice_t) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if service.is_null() {
            return Ok(());
        }
        // SAFETY: service came from rocksdb_compactionservice_create; ownership passes here.
        let s: Box<rocksdb_compactionservice_t> = Box::from_raw(service);
        o.opts.compaction_service = Some(Arc::from(s as Box<dyn CompactionService>));
        Ok(())
    })
}

/// RocksDB's CompactionServiceOptionsOverride (`OptionsOverride`), and a table option ferrock
/// cannot write, which makes the worker's open_and_compact fail as open would.
#[derive(Default)]
pub struct rocksdb_compaction_service_options_override_t {
    pub(crate) o: OptionsOverride,
    pub(crate) unsupported: Option<String>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_create() -> *mut rocksdb_compaction_service_options_override_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_compaction_service_options_override_t::default())))
}

/// The objects of `options` (comparator, merge operator, filters, prefix extractor, table
/// factory, listeners, statistics, info log); NULL options give NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_create_from_options(
    options: *mut rocksdb_options_t,
) -> *mut rocksdb_compaction_service_options_override_t {
    guarded(std::ptr::null_mut(), || {
        let Some(h) = options.as_ref() else { return Ok(std::ptr::null_mut()) };
        let s = &h.opts;
        let o = OptionsOverride {
            comparator: Some(s.comparator.clone()),
            merge_operator: s.merge_operator.clone(),
            compaction_filter: s.compaction_filter.clone(),
            compaction_filter_factory: s.compaction_filter_factory.clone(),
            prefix_extractor: s.prefix_extractor.clone(),
            table: if s.cuckoo_table.is_none() { Some(s.table.clone()) } else { None },
            cuckoo_table: s.cuckoo_table,
            listeners: s.listeners.clone(),
            stats: s.stats.clone(),
            info_log: s.info_log.clone(),
            file_checksum_gen_factory: s.file_checksum_gen_factory,
            sst_partitioner_factory: s.sst_partitioner_factory,
            options_map: Default::default(),
        };
        Ok(into_handle(rocksdb_compaction_service_options_override_t { o, unsupported: h.unsupported.first().cloned() }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_destroy(o: *mut rocksdb_compaction_service_options_override_t) {
    drop_handle(o)
}

/// Runs `f` on a non-NULL override with a non-NULL argument (c.cc ignores NULL either way).
unsafe fn with_override<A>(o: *mut rocksdb_compaction_service_options_override_t, arg: *mut A, f: impl FnOnce(&mut rocksdb_compaction_service_options_override_t, *mut A)) {
    guarded((), || {
        if let (Some(o), false) = (o.as_mut(), arg.is_null()) {
            f(o, arg);
        }
        Ok(())
    })
}

/// ferrock has one environment; the override's, like rocksdb_options_set_env's, changes nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_env(
    o: *mut rocksdb_compaction_service_options_override_t,
    env: *mut super::env::rocksdb_env_t,
) {
    with_override(o, env, |_, _| {})
}

/// Borrowed, as rocksdb_options_set_comparator's.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_comparator(
    o: *mut rocksdb_compaction_service_options_override_t,
    cmp: *mut super::comparator::rocksdb_comparator_t,
) {
    with_override(o, cmp, |o, c| o.o.comparator = Some(super::comparator::named_in_options(c)))
}

/// Taken (the override owns it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_merge_operator(
    o: *mut rocksdb_compaction_service_options_override_t,
    op: *mut super::merge::rocksdb_mergeoperator_t,
) {
    // SAFETY: op came from rocksdb_mergeoperator_create; ownership passes here.
    with_override(o, op, |o, op| o.o.merge_operator = Some(unsafe { Box::from_raw(op) }.op.clone()))
}

/// Borrowed, as rocksdb_options_set_compaction_filter's.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_compaction_filter(
    o: *mut rocksdb_compaction_service_options_override_t,
    filter: *mut super::compactionfilter::rocksdb_compactionfilter_t,
) {
    // SAFETY: a live filter handle (the caller keeps it while the override is used).
    with_override(o, filter, |o, f| o.o.compaction_filter = Some(unsafe { &*f }.shared()))
}

/// Taken (the override owns it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_compaction_filter_factory(
    o: *mut rocksdb_compaction_service_options_override_t,
    factory: *mut super::compactionfilter::rocksdb_compactionfilterfactory_t,
) {
    with_override(o, factory, |o, f| {
        // SAFETY: f came from rocksdb_compactionfilterfactory_create; ownership passes here.
        let owned = unsafe { Box::from_raw(f) };
        o.o.compaction_filter_factory = Some(owned.shared())
    })
}

/// Taken (the override owns it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_prefix_extractor(
    o: *mut rocksdb_compaction_service_options_override_t,
    st: *mut super::slicetransform::rocksdb_slicetransform_t,
) {
    // SAFETY: st came from a rocksdb_slicetransform_create*; ownership passes here.
    with_override(o, st, |o, st| o.o.prefix_extractor = Some(unsafe { Box::from_raw(st) }.transform.clone()))
}

/// A block-based table factory with a copy of these options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_block_based_table_factory(
    o: *mut rocksdb_compaction_service_options_override_t,
    t: *mut super::table_options::rocksdb_block_based_table_options_t,
) {
    with_override(o, t, |o, t| {
        // SAFETY: a live table options handle, read for the call.
        let t = unsafe { &*t };
        o.o.table = Some(t.t.clone());
        o.o.cuckoo_table = None;
        o.unsupported = t.unsupported.clone();
    })
}

/// A cuckoo table factory with a copy of these options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_cuckoo_table_factory(
    o: *mut rocksdb_compaction_service_options_override_t,
    t: *mut super::cuckoo::rocksdb_cuckoo_table_options_t,
) {
    with_override(o, t, |o, t| {
        // SAFETY: a live table options handle, read for the call.
        o.o.cuckoo_table = Some(unsafe { &*t }.o);
        o.o.table = None;
        o.unsupported = None;
    })
}

/// Taken (the override owns it), as rocksdb_options_add_eventlistener's.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_add_event_listener(
    o: *mut rocksdb_compaction_service_options_override_t,
    l: *mut super::listener::rocksdb_eventlistener_t,
) {
    with_override(o, l, |o, l| {
        // SAFETY: l came from rocksdb_eventlistener_create; ownership passes here.
        let l: Box<super::listener::rocksdb_eventlistener_t> = unsafe { Box::from_raw(l) };
        o.o.listeners.push(Arc::from(l as Box<dyn crate::db::listener::Listener>));
    })
}

/// The statistics object of `options` (none unless it enabled statistics).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_statistics(
    o: *mut rocksdb_compaction_service_options_override_t,
    options: *mut rocksdb_options_t,
) {
    // SAFETY: a live options handle, read for the call.
    with_override(o, options, |o, opts| o.o.stats = unsafe { &*opts }.opts.stats.clone())
}

/// The logger the handle names (shared).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_info_log(
    o: *mut rocksdb_compaction_service_options_override_t,
    l: *mut super::logger::rocksdb_logger_t,
) {
    // SAFETY: a live logger handle, read for the call.
    with_override(o, l, |o, l| o.o.info_log = unsafe { &*l }.logger.clone())
}

/// An option string pair the worker applies after loading the primary's options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_option(
    o: *mut rocksdb_compaction_service_options_override_t,
    key: *const c_char,
    value: *const c_char,
) {
    guarded((), || {
        if let (Some(o), false, false) = (o.as_mut(), key.is_null(), value.is_null()) {
            o.o.options_map.insert(c_str(key, "key")?.to_string(), c_str(value, "value")?.to_string());
        }
        Ok(())
    })
}

/// The worker's tables get checksums by this factory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_file_checksum_gen_factory(
    o: *mut rocksdb_compaction_service_options_override_t,
    factory: *mut super::file_factories::rocksdb_file_checksum_gen_factory_t,
) {
    // SAFETY: a live factory handle, read for the call.
    with_override(o, factory, |o, f| o.o.file_checksum_gen_factory = Some(unsafe { &*f }.f))
}

/// The worker's outputs are cut by this partitioner.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_set_sst_partitioner_factory(
    o: *mut rocksdb_compaction_service_options_override_t,
    factory: *mut super::file_factories::rocksdb_sst_partitioner_factory_t,
) {
    // SAFETY: a live factory handle, read for the call.
    with_override(o, factory, |o, f| o.o.sst_partitioner_factory = Some(unsafe { &*f }.p))
}

/// ferrock creates no table properties collector factory, so the only argument is NULL,
/// which c.cc ignores too.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_service_options_override_add_table_properties_collector_factory(
    o: *mut rocksdb_compaction_service_options_override_t,
    factory: *mut super::not_implemented::rocksdb_table_properties_collector_factory_t,
) {
    with_override(o, factory, |_, _| {})
}
