//! c.h's tracing: the trace option handles (`rocksdb_trace_options_*`,
//! `rocksdb_block_cache_trace_options_*`, `rocksdb_block_cache_trace_writer_options_*`,
//! `rocksdb_replay_options_*`), over `crate::trace` and `utilities::replayer`. Getters of a
//! NULL handle answer 0, setters of one do nothing.

use super::*;
use crate::trace::block_cache::{BlockCacheTraceOptions, BlockCacheTraceWriterOptions};
use crate::trace::TraceOptions;
use crate::utilities::replayer::ReplayOptions;
use libc::c_uchar;

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
