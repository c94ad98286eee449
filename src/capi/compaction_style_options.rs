//! c.h's universal and FIFO compaction options (`rocksdb_universal_compaction_options_t`,
//! `rocksdb_fifo_compaction_options_t`): created with RocksDB's defaults, each field set and
//! read back as c.cc does (ints cast to and from the unsigned fields), and copied into the
//! column family options by `rocksdb_options_set_universal_compaction_options` /
//! `_set_fifo_compaction_options`, which keep them and write them to the OPTIONS file
//! (src/options/compaction_style.rs; they do not drive compaction).

use super::options::rocksdb_options_t;
use super::*;
use crate::options::compaction_style::{CompactionOptionsFifo, CompactionOptionsUniversal};
use libc::{c_int, c_uchar};

pub struct rocksdb_universal_compaction_options_t {
    u: CompactionOptionsUniversal,
}

pub struct rocksdb_fifo_compaction_options_t {
    f: CompactionOptionsFifo,
}

unsafe fn set_u(p: *mut rocksdb_universal_compaction_options_t, f: impl FnOnce(&mut CompactionOptionsUniversal)) {
    guarded((), || {
        f(&mut handle_mut(p, "universal compaction options")?.u);
        Ok(())
    })
}

unsafe fn get_u<R: Default>(p: *mut rocksdb_universal_compaction_options_t, f: impl FnOnce(&CompactionOptionsUniversal) -> R) -> R {
    guarded(R::default(), || Ok(f(&handle(p, "universal compaction options")?.u)))
}

unsafe fn set_f(p: *mut rocksdb_fifo_compaction_options_t, f: impl FnOnce(&mut CompactionOptionsFifo)) {
    guarded((), || {
        f(&mut handle_mut(p, "FIFO compaction options")?.f);
        Ok(())
    })
}

unsafe fn get_f<R: Default>(p: *mut rocksdb_fifo_compaction_options_t, f: impl FnOnce(&CompactionOptionsFifo) -> R) -> R {
    guarded(R::default(), || Ok(f(&handle(p, "FIFO compaction options")?.f)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_create() -> *mut rocksdb_universal_compaction_options_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_universal_compaction_options_t { u: Default::default() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_destroy(uco: *mut rocksdb_universal_compaction_options_t) {
    drop_handle(uco)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_create() -> *mut rocksdb_fifo_compaction_options_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_fifo_compaction_options_t { f: Default::default() })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_destroy(fifo_opts: *mut rocksdb_fifo_compaction_options_t) {
    drop_handle(fifo_opts)
}

/// Copies the options into the column family options (a NULL one changes nothing).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_universal_compaction_options(opt: *mut rocksdb_options_t, uco: *mut rocksdb_universal_compaction_options_t) {
    guarded((), || {
        let u = handle(uco, "universal compaction options")?.u.clone();
        handle_mut(opt, "options")?.opts.compaction_options_universal = u;
        Ok(())
    })
}

/// Copies the options into the column family options (a NULL one changes nothing).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_fifo_compaction_options(opt: *mut rocksdb_options_t, fifo: *mut rocksdb_fifo_compaction_options_t) {
    guarded((), || {
        let f = handle(fifo, "FIFO compaction options")?.f.clone();
        handle_mut(opt, "options")?.opts.compaction_options_fifo = f;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_size_ratio(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.size_ratio = v as u32)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_size_ratio(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.size_ratio as c_int)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_min_merge_width(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.min_merge_width = v as u32)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_min_merge_width(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.min_merge_width as c_int)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_max_merge_width(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.max_merge_width = v as u32)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_max_merge_width(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.max_merge_width as c_int)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_max_size_amplification_percent(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.max_size_amplification_percent = v as u32)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_max_size_amplification_percent(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.max_size_amplification_percent as c_int)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_compression_size_percent(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.compression_size_percent = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_compression_size_percent(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.compression_size_percent)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_stop_style(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.stop_style = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_stop_style(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.stop_style)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_max_read_amp(uco: *mut rocksdb_universal_compaction_options_t, v: c_int) {
    set_u(uco, |o| o.max_read_amp = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_max_read_amp(uco: *mut rocksdb_universal_compaction_options_t) -> c_int {
    get_u(uco, |o| o.max_read_amp)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_allow_trivial_move(uco: *mut rocksdb_universal_compaction_options_t, v: c_uchar) {
    set_u(uco, |o| o.allow_trivial_move = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_allow_trivial_move(uco: *mut rocksdb_universal_compaction_options_t) -> c_uchar {
    get_u(uco, |o| o.allow_trivial_move as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_incremental(uco: *mut rocksdb_universal_compaction_options_t, v: c_uchar) {
    set_u(uco, |o| o.incremental = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_incremental(uco: *mut rocksdb_universal_compaction_options_t) -> c_uchar {
    get_u(uco, |o| o.incremental as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_set_reduce_file_locking(uco: *mut rocksdb_universal_compaction_options_t, v: c_uchar) {
    set_u(uco, |o| o.reduce_file_locking = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_universal_compaction_options_get_reduce_file_locking(uco: *mut rocksdb_universal_compaction_options_t) -> c_uchar {
    get_u(uco, |o| o.reduce_file_locking as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_allow_compaction(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: c_uchar) {
    set_f(fifo_opts, |o| o.allow_compaction = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_allow_compaction(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> c_uchar {
    get_f(fifo_opts, |o| o.allow_compaction as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_max_table_files_size(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: u64) {
    set_f(fifo_opts, |o| o.max_table_files_size = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_max_table_files_size(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> u64 {
    get_f(fifo_opts, |o| o.max_table_files_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_max_data_files_size(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: u64) {
    set_f(fifo_opts, |o| o.max_data_files_size = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_max_data_files_size(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> u64 {
    get_f(fifo_opts, |o| o.max_data_files_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_use_kv_ratio_compaction(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: c_uchar) {
    set_f(fifo_opts, |o| o.use_kv_ratio_compaction = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_use_kv_ratio_compaction(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> c_uchar {
    get_f(fifo_opts, |o| o.use_kv_ratio_compaction as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_age_for_warm(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: u64) {
    set_f(fifo_opts, |o| o.age_for_warm = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_age_for_warm(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> u64 {
    get_f(fifo_opts, |o| o.age_for_warm)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_allow_trivial_copy_when_change_temperature(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: c_uchar) {
    set_f(fifo_opts, |o| o.allow_trivial_copy_when_change_temperature = v != 0)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_allow_trivial_copy_when_change_temperature(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> c_uchar {
    get_f(fifo_opts, |o| o.allow_trivial_copy_when_change_temperature as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_set_trivial_copy_buffer_size(fifo_opts: *mut rocksdb_fifo_compaction_options_t, v: u64) {
    set_f(fifo_opts, |o| o.trivial_copy_buffer_size = v)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_fifo_compaction_options_get_trivial_copy_buffer_size(fifo_opts: *mut rocksdb_fifo_compaction_options_t) -> u64 {
    get_f(fifo_opts, |o| o.trivial_copy_buffer_size)
}
