//! c.h's compaction job statistics (`rocksdb_compaction_job_stats_t`, RocksDB's
//! `CompactionJobStats`): the figures a compaction or one of its subcompactions hands its
//! listeners (`rocksdb_compactionjobinfo_stats`, `rocksdb_subcompactionjobinfo_stats`). The
//! stats live inside the info and only as long as it; what ferrock does not measure reads 0
//! (`db::listener::CompactionJobStats` says which and why).

use super::*;
use crate::db::listener::CompactionJobStats;
use libc::c_uchar;

pub struct rocksdb_compaction_job_stats_t {
    pub(crate) s: CompactionJobStats,
}

/// A figure of the stats; 0 for NULL.
unsafe fn get<R: Default>(stats: *const rocksdb_compaction_job_stats_t, f: impl FnOnce(&CompactionJobStats) -> R) -> R {
    // SAFETY: a non-NULL stats pointer is the one an info accessor returned, valid while the
    // info is.
    match stats.as_ref() {
        Some(s) => f(&s.s),
        None => R::default(),
    }
}

/// A key prefix: its bytes (not NUL-terminated, as std::string::data() of a key may hold any
/// byte) and their length.
unsafe fn prefix(stats: *const rocksdb_compaction_job_stats_t, size: *mut size_t, f: impl FnOnce(&CompactionJobStats) -> &[u8]) -> *const c_char {
    set_out(size, 0);
    // SAFETY: as in `get`.
    match stats.as_ref() {
        Some(s) => {
            let p = f(&s.s);
            set_out(size, p.len());
            p.as_ptr() as *const c_char
        }
        None => std::ptr::null(),
    }
}

// One accessor per figure, written out (the header generator reads functions, not macros).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_elapsed_micros(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.elapsed_micros)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_cpu_micros(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.cpu_micros)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_has_accurate_num_input_records(stats: *const rocksdb_compaction_job_stats_t) -> c_uchar {
    get(stats, |s| s.has_accurate_num_input_records as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_input_records(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_input_records)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_blobs_read(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_blobs_read)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_input_files(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_input_files)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_input_files_trivially_moved(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_input_files_trivially_moved)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_input_files_at_output_level(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_input_files_at_output_level)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_filtered_input_files(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_filtered_input_files)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_filtered_input_files_at_output_level(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_filtered_input_files_at_output_level)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_output_records(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_output_records)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_output_files(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_output_files)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_output_files_blob(stats: *const rocksdb_compaction_job_stats_t) -> size_t {
    get(stats, |s| s.num_output_files_blob)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_is_full_compaction(stats: *const rocksdb_compaction_job_stats_t) -> c_uchar {
    get(stats, |s| s.is_full_compaction as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_is_manual_compaction(stats: *const rocksdb_compaction_job_stats_t) -> c_uchar {
    get(stats, |s| s.is_manual_compaction as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_is_remote_compaction(stats: *const rocksdb_compaction_job_stats_t) -> c_uchar {
    get(stats, |s| s.is_remote_compaction as c_uchar)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_input_bytes(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_input_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_blob_bytes_read(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_blob_bytes_read)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_output_bytes(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_output_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_output_bytes_blob(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_output_bytes_blob)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_skipped_input_bytes(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_skipped_input_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_records_replaced(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_records_replaced)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_input_raw_key_bytes(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_input_raw_key_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_total_input_raw_value_bytes(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.total_input_raw_value_bytes)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_input_deletion_records(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_input_deletion_records)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_expired_deletion_records(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_expired_deletion_records)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_corrupt_keys(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_corrupt_keys)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_file_write_nanos(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.file_write_nanos)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_file_range_sync_nanos(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.file_range_sync_nanos)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_file_fsync_nanos(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.file_fsync_nanos)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_file_prepare_write_nanos(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.file_prepare_write_nanos)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_single_del_fallthru(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_single_del_fallthru)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_num_single_del_mismatch(stats: *const rocksdb_compaction_job_stats_t) -> u64 {
    get(stats, |s| s.num_single_del_mismatch)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_smallest_output_key_prefix(stats: *const rocksdb_compaction_job_stats_t, size: *mut size_t) -> *const c_char {
    prefix(stats, size, |s| &s.smallest_output_key_prefix)
}
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_compaction_job_stats_largest_output_key_prefix(stats: *const rocksdb_compaction_job_stats_t, size: *mut size_t) -> *const c_char {
    prefix(stats, size, |s| &s.largest_output_key_prefix)
}
