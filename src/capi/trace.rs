//! c.h's tracing, over `crate::trace` and `utilities::replayer`: the query trace
//! (`rocksdb_start_trace` / `rocksdb_end_trace`), the IO trace (`rocksdb_start_io_trace` /
//! `rocksdb_end_io_trace`), the block cache trace (`rocksdb_start_block_cache_trace`,
//! `_with_options`, `rocksdb_end_block_cache_trace`), the trace reader (`rocksdb_trace_reader_*`),
//! the replayer (`rocksdb_new_default_replayer`, `rocksdb_replayer_*`) and the option
//! handles (`rocksdb_trace_options_*`, `rocksdb_block_cache_trace_options_*`,
//! `rocksdb_block_cache_trace_writer_options_*`, `rocksdb_replay_options_*`). Getters of a
//! NULL option handle answer 0, setters of one do nothing.
//!
//! Trace files are written and read through the env's file system when one is given, else
//! through the database's own (its options' file system, not the IO-traced view of it), as
//! RocksDB's CreateFileTraceWriter / CreateFileTraceReader. The env options are accepted:
//! ferrock's files have no options to take from them.

use super::cf::rocksdb_column_family_handle_t;
use super::db::{db_ref, rocksdb_t};
use super::env::rocksdb_env_t;
use super::sstfilewriter::rocksdb_envoptions_t;
use super::*;
use crate::env::FileSystem;
use crate::error::Code;
use crate::trace::TraceOptions;
use crate::trace::block_cache::{BlockCacheTraceOptions, BlockCacheTraceWriterOptions};
use crate::trace::file::{TraceFileReader, TraceFileWriter};
use crate::utilities::replayer::{ReplayOptions, Replayer};
use libc::c_uchar;
use std::path::Path;
use std::sync::Arc;

pub struct rocksdb_trace_options_t {
    pub(crate) opts: TraceOptions,
}

pub struct rocksdb_block_cache_trace_options_t {
    pub(crate) opts: BlockCacheTraceOptions,
}

pub struct rocksdb_block_cache_trace_writer_options_t {
    pub(crate) opts: BlockCacheTraceWriterOptions,
}

pub struct rocksdb_replay_options_t {
    pub(crate) opts: ReplayOptions,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_create() -> *mut rocksdb_trace_options_t {
    into_handle(rocksdb_trace_options_t { opts: TraceOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_destroy(options: *mut rocksdb_trace_options_t) {
    drop_handle(options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_set_max_trace_file_size(opt: *mut rocksdb_trace_options_t, v: u64) {
    if let Some(o) = opt.as_mut() {
        o.opts.max_trace_file_size = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_get_max_trace_file_size(opt: *mut rocksdb_trace_options_t) -> u64 {
    opt.as_ref().map_or(0, |o| o.opts.max_trace_file_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_set_sampling_frequency(opt: *mut rocksdb_trace_options_t, v: u64) {
    if let Some(o) = opt.as_mut() {
        o.opts.sampling_frequency = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_get_sampling_frequency(opt: *mut rocksdb_trace_options_t) -> u64 {
    opt.as_ref().map_or(0, |o| o.opts.sampling_frequency)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_set_filter(opt: *mut rocksdb_trace_options_t, v: u64) {
    if let Some(o) = opt.as_mut() {
        o.opts.filter = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_get_filter(opt: *mut rocksdb_trace_options_t) -> u64 {
    opt.as_ref().map_or(0, |o| o.opts.filter)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_set_preserve_write_order(opt: *mut rocksdb_trace_options_t, v: c_uchar) {
    if let Some(o) = opt.as_mut() {
        o.opts.preserve_write_order = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_options_get_preserve_write_order(opt: *mut rocksdb_trace_options_t) -> c_uchar {
    opt.as_ref().map_or(0, |o| o.opts.preserve_write_order as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_options_create() -> *mut rocksdb_block_cache_trace_options_t {
    into_handle(rocksdb_block_cache_trace_options_t { opts: BlockCacheTraceOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_options_destroy(options: *mut rocksdb_block_cache_trace_options_t) {
    drop_handle(options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_options_set_sampling_frequency(opt: *mut rocksdb_block_cache_trace_options_t, v: u64) {
    if let Some(o) = opt.as_mut() {
        o.opts.sampling_frequency = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_options_get_sampling_frequency(opt: *mut rocksdb_block_cache_trace_options_t) -> u64 {
    opt.as_ref().map_or(0, |o| o.opts.sampling_frequency)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_writer_options_create() -> *mut rocksdb_block_cache_trace_writer_options_t {
    into_handle(rocksdb_block_cache_trace_writer_options_t { opts: BlockCacheTraceWriterOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_writer_options_destroy(options: *mut rocksdb_block_cache_trace_writer_options_t) {
    drop_handle(options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_writer_options_set_max_trace_file_size(opt: *mut rocksdb_block_cache_trace_writer_options_t, v: u64) {
    if let Some(o) = opt.as_mut() {
        o.opts.max_trace_file_size = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_cache_trace_writer_options_get_max_trace_file_size(opt: *mut rocksdb_block_cache_trace_writer_options_t) -> u64 {
    opt.as_ref().map_or(0, |o| o.opts.max_trace_file_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replay_options_create() -> *mut rocksdb_replay_options_t {
    into_handle(rocksdb_replay_options_t { opts: ReplayOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replay_options_destroy(options: *mut rocksdb_replay_options_t) {
    drop_handle(options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replay_options_set_num_threads(opt: *mut rocksdb_replay_options_t, v: u32) {
    if let Some(o) = opt.as_mut() {
        o.opts.num_threads = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replay_options_get_num_threads(opt: *mut rocksdb_replay_options_t) -> u32 {
    opt.as_ref().map_or(0, |o| o.opts.num_threads)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replay_options_set_fast_forward(opt: *mut rocksdb_replay_options_t, v: f64) {
    if let Some(o) = opt.as_mut() {
        o.opts.fast_forward = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replay_options_get_fast_forward(opt: *mut rocksdb_replay_options_t) -> f64 {
    opt.as_ref().map_or(0.0, |o| o.opts.fast_forward)
}

pub struct rocksdb_trace_reader_t {
    reader: TraceFileReader,
}

pub struct rocksdb_replayer_t {
    replayer: Replayer,
}

/// The file system trace files go through (see the module comment).
unsafe fn trace_fs(db: Option<&crate::db::Db>, env: *mut rocksdb_env_t) -> Arc<dyn FileSystem> {
    match (env.is_null(), db) {
        (true, Some(d)) => d.trace_file_system(),
        _ => crate::env::default_fs(),
    }
}

/// A new trace file at `trace_path` for `db`'s tracers.
unsafe fn trace_writer(d: &crate::db::Db, env: *mut rocksdb_env_t, trace_path: *const c_char) -> Result<TraceFileWriter> {
    let path = c_str(trace_path, "trace_path")?;
    TraceFileWriter::create(trace_fs(Some(d), env).as_ref(), Path::new(path))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_start_trace(
    db: *mut rocksdb_t,
    env: *mut rocksdb_env_t,
    env_options: *const rocksdb_envoptions_t,
    options: *const rocksdb_trace_options_t,
    trace_path: *const c_char,
    errptr: *mut *mut c_char,
) {
    let _ = env_options;
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let writer = trace_writer(d, env, trace_path)?;
        d.start_trace(options.as_ref().map_or_else(TraceOptions::default, |o| o.opts), writer)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_end_trace(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || db_ref(db)?.end_trace())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_start_io_trace(
    db: *mut rocksdb_t,
    env: *mut rocksdb_env_t,
    env_options: *const rocksdb_envoptions_t,
    options: *const rocksdb_trace_options_t,
    trace_path: *const c_char,
    errptr: *mut *mut c_char,
) {
    let _ = env_options;
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let writer = trace_writer(d, env, trace_path)?;
        d.start_io_trace(options.as_ref().map_or_else(TraceOptions::default, |o| o.opts), writer)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_end_io_trace(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || db_ref(db)?.end_io_trace())
}

/// A block cache trace with the sampling frequency and size limit of trace options (RocksDB's
/// StartBlockCacheTrace with TraceOptions).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_start_block_cache_trace(
    db: *mut rocksdb_t,
    env: *mut rocksdb_env_t,
    env_options: *const rocksdb_envoptions_t,
    options: *const rocksdb_trace_options_t,
    trace_path: *const c_char,
    errptr: *mut *mut c_char,
) {
    let _ = env_options;
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let o = options.as_ref().map_or_else(TraceOptions::default, |o| o.opts);
        let writer = trace_writer(d, env, trace_path)?;
        d.start_block_cache_trace(
            BlockCacheTraceOptions { sampling_frequency: o.sampling_frequency },
            BlockCacheTraceWriterOptions { max_trace_file_size: o.max_trace_file_size },
            writer,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_start_block_cache_trace_with_options(
    db: *mut rocksdb_t,
    env: *mut rocksdb_env_t,
    env_options: *const rocksdb_envoptions_t,
    options: *const rocksdb_block_cache_trace_options_t,
    writer_options: *const rocksdb_block_cache_trace_writer_options_t,
    trace_path: *const c_char,
    errptr: *mut *mut c_char,
) {
    let _ = env_options;
    with_errptr(errptr, (), || {
        let d = db_ref(db)?;
        let writer = trace_writer(d, env, trace_path)?;
        d.start_block_cache_trace(
            options.as_ref().map_or_else(BlockCacheTraceOptions::default, |o| o.opts),
            writer_options.as_ref().map_or_else(BlockCacheTraceWriterOptions::default, |o| o.opts),
            writer,
        )
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_end_block_cache_trace(db: *mut rocksdb_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || db_ref(db)?.end_block_cache_trace())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_reader_create(
    env: *mut rocksdb_env_t,
    env_options: *const rocksdb_envoptions_t,
    trace_path: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_trace_reader_t {
    let _ = env_options;
    with_errptr(errptr, std::ptr::null_mut(), || {
        if env.is_null() {
            return Err(crate::Error::invalid_argument("env must not be null"));
        }
        let path = c_str(trace_path, "trace_path")?;
        let reader = TraceFileReader::open(trace_fs(None, env).as_ref(), Path::new(path))?;
        Ok(into_handle(rocksdb_trace_reader_t { reader }))
    })
}

/// The next record, encoded, as a malloc'd buffer of `*size` bytes; NULL with size 0 and no
/// error at the end of the trace.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_reader_read(
    reader: *mut rocksdb_trace_reader_t,
    size: *mut size_t,
    errptr: *mut *mut c_char,
) -> *mut c_char {
    set_out(size, 0);
    with_errptr(errptr, std::ptr::null_mut(), || match handle_mut(reader, "trace reader")?.reader.read() {
        Ok(data) => {
            set_out(size, data.len());
            Ok(malloc_bytes(&data))
        }
        Err(e) if e.code() == Code::Incomplete => Ok(std::ptr::null_mut()),
        Err(e) => Err(e),
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_reader_reset(reader: *mut rocksdb_trace_reader_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle_mut(reader, "trace reader")?.reader.reset())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_reader_close(reader: *mut rocksdb_trace_reader_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || {
        handle_mut(reader, "trace reader")?.reader.close();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_trace_reader_destroy(reader: *mut rocksdb_trace_reader_t) {
    drop_handle(reader)
}

/// A replayer of the trace at `trace_path` on `db`'s `column_families` (the default family
/// when there are none).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_new_default_replayer(
    db: *mut rocksdb_t,
    column_families: *mut *mut rocksdb_column_family_handle_t,
    num_column_families: size_t,
    env: *mut rocksdb_env_t,
    env_options: *const rocksdb_envoptions_t,
    trace_path: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_replayer_t {
    let _ = env_options;
    with_errptr(errptr, std::ptr::null_mut(), || {
        if column_families.is_null() && num_column_families > 0 {
            return Err(crate::Error::invalid_argument("column_families must not be null when count > 0"));
        }
        let d = db_ref(db)?;
        let mut handles = Vec::with_capacity(num_column_families);
        for i in 0..num_column_families {
            // SAFETY: c.h passes `num_column_families` handles at `column_families`.
            let h = handle(*column_families.add(i), "column family handle")?;
            handles.push(h.cf.clone());
        }
        let path = c_str(trace_path, "trace_path")?;
        let reader = TraceFileReader::open(trace_fs(Some(d), env).as_ref(), Path::new(path))?;
        Ok(into_handle(rocksdb_replayer_t { replayer: Replayer::new(d.clone(), handles, reader) }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replayer_prepare(replayer: *mut rocksdb_replayer_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle_mut(replayer, "replayer")?.replayer.prepare())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replayer_get_header_timestamp(replayer: *const rocksdb_replayer_t) -> u64 {
    replayer.as_ref().map_or(0, |r| r.replayer.header_timestamp())
}

/// Replays the rest of the trace; NULL options are RocksDB's defaults (one thread, real speed).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replayer_replay(
    replayer: *mut rocksdb_replayer_t,
    options: *const rocksdb_replay_options_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let opts = options.as_ref().map_or_else(ReplayOptions::default, |o| o.opts);
        handle_mut(replayer, "replayer")?.replayer.replay(&opts)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_replayer_destroy(replayer: *mut rocksdb_replayer_t) {
    drop_handle(replayer)
}
