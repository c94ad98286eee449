//! c.h's external file ingestion: `rocksdb_ingestexternalfileoptions_*` (every field stored and
//! read back; the ones ferrock's ingestion uses are passed on) and `rocksdb_ingest_external_file(_cf)`
//! over `Db::ingest_external_file_cf` (src/db/ingest.rs).

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_ref, db_ref, rocksdb_t};
use super::*;
use crate::db::ingest::IngestExternalFileOptions;
use libc::{c_int, c_uchar};

/// RocksDB's `IngestExternalFileOptions` as c.h sets them.
pub struct rocksdb_ingestexternalfileoptions_t {
    allow_blocking_flush: bool,
    allow_db_generated_files: bool,
    allow_global_seqno: bool,
    fail_if_not_bottommost_level: bool,
    failed_move_fall_back_to_copy: bool,
    fill_cache: bool,
    ingest_behind: bool,
    link_files: bool,
    move_files: bool,
    prefetch_lmax_index_and_filter_blocks: bool,
    snapshot_consistency: bool,
    verify_checksums_before_ingest: bool,
    verify_file_checksum: bool,
    write_global_seqno: bool,
    file_opening_threads: c_int,
    verify_checksums_readahead_size: size_t,
}

impl rocksdb_ingestexternalfileoptions_t {
    fn to_options(&self) -> IngestExternalFileOptions {
        IngestExternalFileOptions {
            // link_files (11.8.1) hard-links as move_files does; only move_files removes the source.
            move_files: self.move_files,
            link_files: self.link_files,
            snapshot_consistency: self.snapshot_consistency,
            allow_global_seqno: self.allow_global_seqno,
            allow_blocking_flush: self.allow_blocking_flush,
            ingest_behind: self.ingest_behind,
            fail_if_not_bottommost_level: self.fail_if_not_bottommost_level,
        }
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_create() -> *mut rocksdb_ingestexternalfileoptions_t {
    into_handle(rocksdb_ingestexternalfileoptions_t {
        allow_blocking_flush: true,
        allow_db_generated_files: false,
        allow_global_seqno: true,
        fail_if_not_bottommost_level: false,
        failed_move_fall_back_to_copy: true,
        fill_cache: true,
        ingest_behind: false,
        link_files: false,
        move_files: false,
        prefetch_lmax_index_and_filter_blocks: true,
        snapshot_consistency: true,
        verify_checksums_before_ingest: false,
        verify_file_checksum: true,
        write_global_seqno: false,
        file_opening_threads: 16,
        verify_checksums_readahead_size: 0,
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_destroy(opt: *mut rocksdb_ingestexternalfileoptions_t) {
    drop_handle(opt)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_allow_blocking_flush(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.allow_blocking_flush = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_allow_blocking_flush(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.allow_blocking_flush as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_allow_db_generated_files(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.allow_db_generated_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_allow_db_generated_files(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.allow_db_generated_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_allow_global_seqno(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.allow_global_seqno = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_allow_global_seqno(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.allow_global_seqno as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_fail_if_not_bottommost_level(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.fail_if_not_bottommost_level = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_fail_if_not_bottommost_level(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.fail_if_not_bottommost_level as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_failed_move_fall_back_to_copy(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.failed_move_fall_back_to_copy = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_failed_move_fall_back_to_copy(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.failed_move_fall_back_to_copy as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_fill_cache(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.fill_cache = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_fill_cache(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.fill_cache as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_ingest_behind(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.ingest_behind = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_ingest_behind(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.ingest_behind as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_link_files(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.link_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_link_files(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.link_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_move_files(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.move_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_move_files(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.move_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_prefetch_lmax_index_and_filter_blocks(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.prefetch_lmax_index_and_filter_blocks = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_prefetch_lmax_index_and_filter_blocks(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.prefetch_lmax_index_and_filter_blocks as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_snapshot_consistency(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.snapshot_consistency = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_snapshot_consistency(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.snapshot_consistency as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_verify_checksums_before_ingest(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.verify_checksums_before_ingest = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_verify_checksums_before_ingest(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.verify_checksums_before_ingest as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_verify_file_checksum(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.verify_file_checksum = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_verify_file_checksum(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.verify_file_checksum as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_write_global_seqno(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.write_global_seqno = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_write_global_seqno(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_uchar {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.write_global_seqno as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_file_opening_threads(opt: *mut rocksdb_ingestexternalfileoptions_t, v: c_int) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.file_opening_threads = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_file_opening_threads(opt: *mut rocksdb_ingestexternalfileoptions_t) -> c_int {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.file_opening_threads))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_set_verify_checksums_readahead_size(opt: *mut rocksdb_ingestexternalfileoptions_t, v: size_t) {
    guarded((), || {
        handle_mut(opt, "ingest options")?.verify_checksums_readahead_size = v;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingestexternalfileoptions_get_verify_checksums_readahead_size(opt: *mut rocksdb_ingestexternalfileoptions_t) -> size_t {
    guarded(Default::default(), || Ok(handle(opt, "ingest options")?.verify_checksums_readahead_size))
}

unsafe fn paths_of(files: *const *const c_char, n: size_t) -> Result<Vec<std::path::PathBuf>> {
    if n > 0 && files.is_null() {
        return Err(Error::invalid_argument("file list is null"));
    }
    (0..n).map(|i| Ok(std::path::PathBuf::from(c_str(*files.add(i), "file name")?))).collect()
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingest_external_file(
    db: *mut rocksdb_t,
    file_list: *const *const c_char,
    list_len: size_t,
    opt: *const rocksdb_ingestexternalfileoptions_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let paths = paths_of(file_list, list_len)?;
        db_ref(db)?.ingest_external_file(&paths, &handle(opt, "ingest options")?.to_options())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_ingest_external_file_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    file_list: *const *const c_char,
    list_len: size_t,
    opt: *const rocksdb_ingestexternalfileoptions_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let paths = paths_of(file_list, list_len)?;
        db_ref(db)?.ingest_external_file_cf(cf_ref(column_family)?, &paths, &handle(opt, "ingest options")?.to_options())
    })
}
