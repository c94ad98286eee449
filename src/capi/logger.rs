//! c.h's loggers: `rocksdb_logger_create_stderr_logger`, `_create_callback_logger`,
//! `rocksdb_logger_destroy` and `rocksdb_options_set_info_log` / `_get_info_log`. A database
//! opened with a logger sends its info-log lines there instead of writing `<db>/LOG`.

use super::options::rocksdb_options_t;
use super::*;
use crate::env::info_log::UserLogger;
use libc::{c_int, c_uint};
use std::sync::Arc;

/// A logger handle; options and databases share the logger it names.
pub struct rocksdb_logger_t {
    pub(crate) logger: Option<Arc<UserLogger>>,
}

/// The callback and its state; the C side promises they may be called from any thread.
struct CallbackTarget {
    callback: unsafe extern "C" fn(*mut c_void, c_uint, *mut c_char, size_t),
    state: *mut c_void,
}

// SAFETY: the state pointer is only handed back to the user's callback, which c.h requires to
// be callable from the database's threads (RocksDB calls it from its background threads too).
unsafe impl Send for CallbackTarget {}
unsafe impl Sync for CallbackTarget {}

impl CallbackTarget {
    fn call(&self, level: u32, msg: &str) {
        // The callback gets a writable, NUL-terminated copy and its length without the NUL.
        let mut buf = Vec::with_capacity(msg.len() + 1);
        buf.extend_from_slice(msg.as_bytes());
        buf.push(0);
        // SAFETY: the buffer outlives the call; the callback and state are the user's pair.
        unsafe { (self.callback)(self.state, level as c_uint, buf.as_mut_ptr() as *mut c_char, msg.len()) }
    }
}

fn level_of(log_level: c_int) -> u32 {
    log_level.max(0) as u32
}

/// Lines go to standard error as "<time> <thread> <prefix><message>", at `log_level` and above.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_logger_create_stderr_logger(log_level: c_int, prefix: *const c_char) -> *mut rocksdb_logger_t {
    guarded(std::ptr::null_mut(), || {
        let prefix = if prefix.is_null() { String::new() } else { c_str(prefix, "prefix")?.to_string() };
        Ok(into_handle(rocksdb_logger_t { logger: Some(Arc::new(UserLogger::stderr(level_of(log_level), prefix))) }))
    })
}

/// Each message at `log_level` and above is handed to `callback(priv, level, msg, len)`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_logger_create_callback_logger(
    log_level: c_int,
    callback: Option<unsafe extern "C" fn(*mut c_void, c_uint, *mut c_char, size_t)>,
    priv_: *mut c_void,
) -> *mut rocksdb_logger_t {
    guarded(std::ptr::null_mut(), || {
        let target = callback.map(|callback| CallbackTarget { callback, state: priv_ });
        let logger = UserLogger {
            level: level_of(log_level),
            write: Box::new(move |level, msg| {
                if let Some(t) = &target {
                    t.call(level, msg)
                }
            }),
        };
        Ok(into_handle(rocksdb_logger_t { logger: Some(Arc::new(logger)) }))
    })
}

/// Frees the handle; options and databases that were given the logger keep using it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_logger_destroy(logger: *mut rocksdb_logger_t) {
    drop_handle(logger)
}

/// A NULL logger leaves the options unchanged, as RocksDB's does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_info_log(opt: *mut rocksdb_options_t, l: *mut rocksdb_logger_t) {
    guarded((), || {
        let o = handle_mut(opt, "options")?;
        if let Some(l) = l.as_ref() {
            o.opts.info_log = l.logger.clone();
        }
        Ok(())
    })
}

/// A new handle naming the options' logger (empty when none is set); free it with
/// `rocksdb_logger_destroy`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_get_info_log(opt: *mut rocksdb_options_t) -> *mut rocksdb_logger_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_logger_t { logger: handle(opt, "options")?.opts.info_log.clone() })))
}
