//! c.h's backup engine (`rocksdb_backup_engine_*`), its options
//! (`rocksdb_backup_engine_options_*`), backup creation options
//! (`rocksdb_create_backup_options_*`, with C progress and exclude callbacks), restore options
//! (`rocksdb_restore_options_*`) and the backup info list, over `utilities::backup`.

use super::db::{db_ref, rocksdb_t};
use super::env::rocksdb_env_t;
use super::options::rocksdb_options_t;
use super::ratelimiter::rocksdb_ratelimiter_t;
use super::*;
use crate::utilities::backup::{BackupEngine, BackupEngineOptions, BackupInfo, CreateBackupOptions, RestoreOptions};
use libc::{c_int, c_uchar};
use std::ffi::CString;
use std::path::Path;
use std::sync::Arc;

pub struct rocksdb_backup_engine_t {
    engine: BackupEngine,
}

pub struct rocksdb_backup_engine_info_t {
    infos: Vec<BackupInfo>,
}

pub struct rocksdb_backup_engine_options_t {
    opts: BackupEngineOptions,
    /// The backup directory as C text, for `rocksdb_backup_engine_options_get_backup_dir`.
    backup_dir: CString,
}

pub struct rocksdb_create_backup_options_t {
    opts: CreateBackupOptions,
}

pub struct rocksdb_restore_options_t {
    opts: RestoreOptions,
}

/// c.h's `rocksdb_create_backup_options_progress_cb`.
pub type rocksdb_create_backup_options_progress_cb = Option<unsafe extern "C" fn(state: *mut c_void)>;
/// c.h's `rocksdb_create_backup_options_exclude_files_cb`: non-zero excludes the file.
pub type rocksdb_create_backup_options_exclude_files_cb =
    Option<unsafe extern "C" fn(state: *mut c_void, relative_file: *const c_char, relative_file_len: size_t) -> c_uchar>;

/// A C callback with the state pointer it was registered with.
struct CCallback<F> {
    state: *mut c_void,
    f: F,
}

impl CCallback<unsafe extern "C" fn(*mut c_void)> {
    fn progress(&self) {
        // SAFETY: the C caller registered `f` with `state` for exactly this call.
        unsafe { (self.f)(self.state) }
    }
}

impl CCallback<unsafe extern "C" fn(*mut c_void, *const c_char, size_t) -> c_uchar> {
    fn exclude(&self, relative_file: &str) -> bool {
        // SAFETY: the name is valid for the call; the C caller registered `f` with `state`.
        unsafe { (self.f)(self.state, relative_file.as_ptr() as *const c_char, relative_file.len()) != 0 }
    }
}

// SAFETY: RocksDB calls these callbacks from its backup threads too; the C caller owns the
// state and must make it usable from any thread, as with RocksDB.
unsafe impl<F: Send> Send for CCallback<F> {}
// SAFETY: as above; the progress callback is called one call at a time.
unsafe impl<F: Sync> Sync for CCallback<F> {}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_open(
    options: *const rocksdb_options_t,
    path: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_backup_engine_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let o = handle(options, "options")?;
        let path = c_str(path, "backup directory")?;
        let engine = BackupEngine::open(&BackupEngineOptions::new(path), o.opts.file_system())?;
        Ok(into_handle(rocksdb_backup_engine_t { engine }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_open_opts(
    options: *const rocksdb_backup_engine_options_t,
    env: *mut rocksdb_env_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_backup_engine_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let o = handle(options, "backup engine options")?;
        handle(env, "env")?;
        let engine = BackupEngine::open(&o.opts, crate::env::default_fs())?;
        Ok(into_handle(rocksdb_backup_engine_t { engine }))
    })
}

unsafe fn engine<'a>(be: *mut rocksdb_backup_engine_t) -> Result<&'a BackupEngine> {
    Ok(&handle(be, "backup engine")?.engine)
}

unsafe fn create_backup(
    be: *mut rocksdb_backup_engine_t,
    db: *mut rocksdb_t,
    options: Option<&CreateBackupOptions>,
    app_metadata: &[u8],
    backup_id: *mut u32,
) -> Result<()> {
    let default = CreateBackupOptions::default();
    let id = engine(be)?.create_new_backup(db_ref(db)?, options.unwrap_or(&default), app_metadata)?;
    set_out(backup_id, id);
    Ok(())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_create_new_backup(be: *mut rocksdb_backup_engine_t, db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || create_backup(be, db, None, &[], std::ptr::null_mut()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_create_new_backup_flush(
    be: *mut rocksdb_backup_engine_t,
    db: *mut rocksdb_t,
    flush_before_backup: c_uchar,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let o = CreateBackupOptions { flush_before_backup: flush_before_backup != 0, ..Default::default() };
        create_backup(be, db, Some(&o), &[], std::ptr::null_mut())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_create_new_backup_with_options(
    be: *mut rocksdb_backup_engine_t,
    db: *mut rocksdb_t,
    options: *const rocksdb_create_backup_options_t,
    backup_id: *mut u32,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || create_backup(be, db, options.as_ref().map(|o| &o.opts), &[], backup_id))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_create_new_backup_with_metadata(
    be: *mut rocksdb_backup_engine_t,
    db: *mut rocksdb_t,
    options: *const rocksdb_create_backup_options_t,
    app_metadata: *const c_char,
    app_metadata_len: size_t,
    backup_id: *mut u32,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let meta = if app_metadata.is_null() { &[][..] } else { bytes(app_metadata, app_metadata_len)? };
        create_backup(be, db, options.as_ref().map(|o| &o.opts), meta, backup_id)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_purge_old_backups(be: *mut rocksdb_backup_engine_t, num_backups_to_keep: u32, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || engine(be)?.purge_old_backups(num_backups_to_keep))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_verify_backup(be: *mut rocksdb_backup_engine_t, backup_id: u32, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || engine(be)?.verify_backup(backup_id, false))
}

unsafe fn restore(
    be: *mut rocksdb_backup_engine_t,
    db_dir: *const c_char,
    wal_dir: *const c_char,
    restore_options: *const rocksdb_restore_options_t,
    backup_id: Option<u32>,
) -> Result<()> {
    let o = handle(restore_options, "restore options")?;
    let db_dir = c_str(db_dir, "db_dir")?;
    let wal_dir = c_str(wal_dir, "wal_dir")?;
    engine(be)?.restore_db_from_backup(&o.opts, backup_id, Path::new(db_dir), Path::new(wal_dir))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_restore_db_from_latest_backup(
    be: *mut rocksdb_backup_engine_t,
    db_dir: *const c_char,
    wal_dir: *const c_char,
    restore_options: *const rocksdb_restore_options_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || restore(be, db_dir, wal_dir, restore_options, None))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_restore_db_from_backup(
    be: *mut rocksdb_backup_engine_t,
    db_dir: *const c_char,
    wal_dir: *const c_char,
    restore_options: *const rocksdb_restore_options_t,
    backup_id: u32,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || restore(be, db_dir, wal_dir, restore_options, Some(backup_id)))
}

/// The backups in id order; NULL for a NULL engine.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_get_backup_info(be: *mut rocksdb_backup_engine_t) -> *const rocksdb_backup_engine_info_t {
    guarded(std::ptr::null(), || Ok(into_handle(rocksdb_backup_engine_info_t { infos: engine(be)?.backup_info() }) as *const _))
}

unsafe fn info_at<'a>(info: *const rocksdb_backup_engine_info_t, index: c_int) -> Result<&'a BackupInfo> {
    let i = handle(info, "backup info")?;
    usize::try_from(index).ok().and_then(|k| i.infos.get(k)).ok_or_else(|| Error::invalid_argument("backup info index out of range"))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_count(info: *const rocksdb_backup_engine_info_t) -> c_int {
    guarded(0, || Ok(handle(info, "backup info")?.infos.len() as c_int))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_timestamp(info: *const rocksdb_backup_engine_info_t, index: c_int) -> i64 {
    guarded(0, || Ok(info_at(info, index)?.timestamp))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_backup_id(info: *const rocksdb_backup_engine_info_t, index: c_int) -> u32 {
    guarded(0, || Ok(info_at(info, index)?.backup_id))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_size(info: *const rocksdb_backup_engine_info_t, index: c_int) -> u64 {
    guarded(0, || Ok(info_at(info, index)?.size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_number_files(info: *const rocksdb_backup_engine_info_t, index: c_int) -> u32 {
    guarded(0, || Ok(info_at(info, index)?.number_files))
}

/// The backup's app metadata, owned by `info` (not NUL-terminated; its length in `*len`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_app_metadata(
    info: *const rocksdb_backup_engine_info_t,
    index: c_int,
    len: *mut size_t,
) -> *const c_char {
    guarded(std::ptr::null(), || {
        let m = &info_at(info, index)?.app_metadata;
        set_out(len, m.len());
        Ok(m.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_info_destroy(info: *const rocksdb_backup_engine_info_t) {
    drop_handle(info as *mut rocksdb_backup_engine_info_t)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_stop_backup(be: *mut rocksdb_backup_engine_t) {
    guarded((), || {
        engine(be)?.stop_backup();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_close(be: *mut rocksdb_backup_engine_t) {
    drop_handle(be)
}

// ---- rocksdb_backup_engine_options_t ----

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_create(backup_dir: *const c_char) -> *mut rocksdb_backup_engine_options_t {
    guarded(std::ptr::null_mut(), || {
        let dir = c_str(backup_dir, "backup directory")?;
        Ok(into_handle(rocksdb_backup_engine_options_t {
            opts: BackupEngineOptions::new(dir),
            backup_dir: CString::new(dir).unwrap_or_default(),
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_destroy(options: *mut rocksdb_backup_engine_options_t) {
    drop_handle(options)
}

/// Backups are written through the database's own file system (ferrock's env carries none).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_env(options: *mut rocksdb_backup_engine_options_t, env: *mut rocksdb_env_t) {
    let _ = env;
    guarded((), || {
        handle_mut(options, "backup engine options")?.opts.backup_fs = None;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_backup_rate_limiter(
    options: *mut rocksdb_backup_engine_options_t,
    limiter: *mut rocksdb_ratelimiter_t,
) {
    guarded((), || {
        if let Some(l) = limiter.as_ref() {
            handle_mut(options, "backup engine options")?.opts.backup_rate_limiter = Some(Arc::clone(&l.limiter));
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_restore_rate_limiter(
    options: *mut rocksdb_backup_engine_options_t,
    limiter: *mut rocksdb_ratelimiter_t,
) {
    guarded((), || {
        if let Some(l) = limiter.as_ref() {
            handle_mut(options, "backup engine options")?.opts.restore_rate_limiter = Some(Arc::clone(&l.limiter));
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_backup_dir(opt: *mut rocksdb_backup_engine_options_t, v: *const c_char) {
    guarded((), || {
        let o = handle_mut(opt, "backup engine options")?;
        let dir = c_str(v, "backup directory")?;
        o.opts.backup_dir = dir.into();
        o.backup_dir = CString::new(dir).unwrap_or_default();
        Ok(())
    })
}

/// The backup directory, owned by the options (its length in `*size`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_backup_dir(opt: *mut rocksdb_backup_engine_options_t, size: *mut size_t) -> *const c_char {
    guarded(std::ptr::null(), || {
        let o = handle(opt, "backup engine options")?;
        set_out(size, o.backup_dir.as_bytes().len());
        Ok(o.backup_dir.as_ptr())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_share_table_files(opt: *mut rocksdb_backup_engine_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.share_table_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_share_table_files(opt: *mut rocksdb_backup_engine_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.share_table_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_sync(opt: *mut rocksdb_backup_engine_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.sync = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_sync(opt: *mut rocksdb_backup_engine_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.sync as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_destroy_old_data(opt: *mut rocksdb_backup_engine_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.destroy_old_data = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_destroy_old_data(opt: *mut rocksdb_backup_engine_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.destroy_old_data as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_backup_log_files(opt: *mut rocksdb_backup_engine_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.backup_log_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_backup_log_files(opt: *mut rocksdb_backup_engine_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.backup_log_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_share_files_with_checksum(opt: *mut rocksdb_backup_engine_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.share_files_with_checksum = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_share_files_with_checksum(opt: *mut rocksdb_backup_engine_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.share_files_with_checksum as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_current_temperatures_override_manifest(opt: *mut rocksdb_backup_engine_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.current_temperatures_override_manifest = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_current_temperatures_override_manifest(opt: *mut rocksdb_backup_engine_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.current_temperatures_override_manifest as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_backup_rate_limit(opt: *mut rocksdb_backup_engine_options_t, v: u64) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.backup_rate_limit = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_backup_rate_limit(opt: *mut rocksdb_backup_engine_options_t) -> u64 {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.backup_rate_limit))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_restore_rate_limit(opt: *mut rocksdb_backup_engine_options_t, v: u64) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.restore_rate_limit = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_restore_rate_limit(opt: *mut rocksdb_backup_engine_options_t) -> u64 {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.restore_rate_limit))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_io_buffer_size(opt: *mut rocksdb_backup_engine_options_t, v: u64) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.io_buffer_size = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_io_buffer_size(opt: *mut rocksdb_backup_engine_options_t) -> u64 {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.io_buffer_size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_callback_trigger_interval_size(opt: *mut rocksdb_backup_engine_options_t, v: u64) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.callback_trigger_interval_size = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_callback_trigger_interval_size(opt: *mut rocksdb_backup_engine_options_t) -> u64 {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.callback_trigger_interval_size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_max_background_operations(opt: *mut rocksdb_backup_engine_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.max_background_operations = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_max_background_operations(opt: *mut rocksdb_backup_engine_options_t) -> c_int {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.max_background_operations))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_max_valid_backups_to_open(opt: *mut rocksdb_backup_engine_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.max_valid_backups_to_open = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_max_valid_backups_to_open(opt: *mut rocksdb_backup_engine_options_t) -> c_int {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.max_valid_backups_to_open))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_share_files_with_checksum_naming(opt: *mut rocksdb_backup_engine_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.share_files_with_checksum_naming = v as u32;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_share_files_with_checksum_naming(opt: *mut rocksdb_backup_engine_options_t) -> c_int {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.share_files_with_checksum_naming as c_int))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_set_schema_version(opt: *mut rocksdb_backup_engine_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "backup engine options")?.opts.schema_version = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_backup_engine_options_get_schema_version(opt: *mut rocksdb_backup_engine_options_t) -> c_int {
    guarded(Default::default(), || Ok(handle(opt, "backup engine options")?.opts.schema_version))
}

// ---- rocksdb_create_backup_options_t ----

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_create() -> *mut rocksdb_create_backup_options_t {
    into_handle(rocksdb_create_backup_options_t { opts: CreateBackupOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_destroy(options: *mut rocksdb_create_backup_options_t) {
    drop_handle(options)
}

/// `callback(state)` every `callback_trigger_interval_size` bytes copied; NULL clears it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_set_progress_callback(
    options: *mut rocksdb_create_backup_options_t,
    state: *mut c_void,
    callback: rocksdb_create_backup_options_progress_cb,
) {
    guarded((), || {
        let o = handle_mut(options, "create backup options")?;
        o.opts.progress_callback = callback.map(|f| {
            let cb = CCallback { state, f };
            Arc::new(move || cb.progress()) as Arc<dyn Fn() + Send + Sync>
        });
        Ok(())
    })
}

/// `callback(state, relative_file, len)` for each shared file a backup would copy; non-zero
/// excludes the file (requires schema_version 2). NULL clears it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_set_exclude_files_callback(
    options: *mut rocksdb_create_backup_options_t,
    state: *mut c_void,
    callback: rocksdb_create_backup_options_exclude_files_cb,
) {
    guarded((), || {
        let o = handle_mut(options, "create backup options")?;
        o.opts.exclude_files_callback = callback.map(|f| {
            let cb = CCallback { state, f };
            Arc::new(move |files: &mut [crate::utilities::backup::MaybeExcludeBackupFile]| {
                for file in files {
                    file.exclude_decision = cb.exclude(&file.relative_file);
                }
            }) as crate::utilities::backup::ExcludeFilesCallback
        });
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_set_flush_before_backup(opt: *mut rocksdb_create_backup_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "create backup options")?.opts.flush_before_backup = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_get_flush_before_backup(opt: *mut rocksdb_create_backup_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "create backup options")?.opts.flush_before_backup as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_set_atomic_flush(opt: *mut rocksdb_create_backup_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "create backup options")?.opts.atomic_flush = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_get_atomic_flush(opt: *mut rocksdb_create_backup_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "create backup options")?.opts.atomic_flush as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_set_decrease_background_thread_cpu_priority(opt: *mut rocksdb_create_backup_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "create backup options")?.opts.decrease_background_thread_cpu_priority = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_get_decrease_background_thread_cpu_priority(opt: *mut rocksdb_create_backup_options_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "create backup options")?.opts.decrease_background_thread_cpu_priority as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_set_background_thread_cpu_priority(opt: *mut rocksdb_create_backup_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "create backup options")?.opts.background_thread_cpu_priority = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_backup_options_get_background_thread_cpu_priority(opt: *mut rocksdb_create_backup_options_t) -> c_int {
    guarded(Default::default(), || Ok(handle(opt, "create backup options")?.opts.background_thread_cpu_priority))
}

// ---- rocksdb_restore_options_t ----

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_restore_options_create() -> *mut rocksdb_restore_options_t {
    into_handle(rocksdb_restore_options_t { opts: RestoreOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_restore_options_destroy(opt: *mut rocksdb_restore_options_t) {
    drop_handle(opt)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_restore_options_set_keep_log_files(opt: *mut rocksdb_restore_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "restore options")?.opts.keep_log_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_restore_options_get_keep_log_files(opt: *mut rocksdb_restore_options_t) -> c_uchar {
    guarded(0, || Ok(handle(opt, "restore options")?.opts.keep_log_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_restore_options_set_mode(opt: *mut rocksdb_restore_options_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "restore options")?.opts.mode = v as u32;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_restore_options_get_mode(opt: *mut rocksdb_restore_options_t) -> c_int {
    guarded(0, || Ok(handle(opt, "restore options")?.opts.mode as c_int))
}
