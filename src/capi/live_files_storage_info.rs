//! c.h's `rocksdb_get_livefiles_storage_info` and its options and accessors, over
//! `Db::live_files_storage_info` (src/db/live_files.rs, the list checkpoints and backups copy).
//! The result keeps each entry's strings as C strings, so the accessors hand out pointers
//! that live as long as the result, as RocksDB's `c_str()` do.

use super::db::{db_ref, rocksdb_t};
use super::*;
use crate::db::live_files::{rocksdb_file_type_code, LiveFileStorageInfo, LiveFilesStorageInfoOptions};
use libc::{c_int, c_uchar};
use std::ffi::CString;

pub struct rocksdb_livefiles_storage_info_options_t {
    opts: LiveFilesStorageInfoOptions,
}

/// One entry with its strings ready for C.
struct Entry {
    info: LiveFileStorageInfo,
    relative_filename: CString,
    directory: CString,
    file_checksum: CString,
    file_checksum_func_name: CString,
}

pub struct rocksdb_livefiles_storage_info_t {
    entries: Vec<Entry>,
}

/// A C string of `s` (an interior NUL, which no file name or checksum holds, ends it there).
fn c_string(s: &[u8]) -> CString {
    let end = s.iter().position(|&b| b == 0).unwrap_or(s.len());
    CString::new(&s[..end]).unwrap_or_default()
}

impl rocksdb_livefiles_storage_info_t {
    fn entry(&self, index: size_t) -> Option<&Entry> {
        self.entries.get(index)
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_create() -> *mut rocksdb_livefiles_storage_info_options_t {
    into_handle(rocksdb_livefiles_storage_info_options_t { opts: LiveFilesStorageInfoOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_destroy(options: *mut rocksdb_livefiles_storage_info_options_t) {
    drop_handle(options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_set_include_checksum_info(
    opt: *mut rocksdb_livefiles_storage_info_options_t,
    v: c_uchar,
) {
    if let Some(o) = opt.as_mut() {
        o.opts.include_checksum_info = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_get_include_checksum_info(
    opt: *mut rocksdb_livefiles_storage_info_options_t,
) -> c_uchar {
    opt.as_ref().map_or(0, |o| o.opts.include_checksum_info as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_set_wal_size_for_flush(
    opt: *mut rocksdb_livefiles_storage_info_options_t,
    v: u64,
) {
    if let Some(o) = opt.as_mut() {
        o.opts.wal_size_for_flush = v;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_get_wal_size_for_flush(
    opt: *mut rocksdb_livefiles_storage_info_options_t,
) -> u64 {
    opt.as_ref().map_or(0, |o| o.opts.wal_size_for_flush)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_set_atomic_flush(
    opt: *mut rocksdb_livefiles_storage_info_options_t,
    v: c_uchar,
) {
    if let Some(o) = opt.as_mut() {
        o.opts.atomic_flush = v != 0;
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_options_get_atomic_flush(
    opt: *mut rocksdb_livefiles_storage_info_options_t,
) -> c_uchar {
    opt.as_ref().map_or(0, |o| o.opts.atomic_flush as c_uchar)
}

/// RocksDB's GetLiveFilesStorageInfo; NULL options are the defaults (always flush first).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_livefiles_storage_info(
    db: *mut rocksdb_t,
    options: *const rocksdb_livefiles_storage_info_options_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_livefiles_storage_info_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        let defaults = LiveFilesStorageInfoOptions::default();
        let opts = options.as_ref().map_or(&defaults, |o| &o.opts);
        let entries = d
            .live_files_storage_info(opts)?
            .into_iter()
            .map(|info| Entry {
                relative_filename: c_string(info.relative_filename.as_bytes()),
                directory: c_string(info.directory.as_os_str().as_encoded_bytes()),
                file_checksum: c_string(info.file_checksum.as_bytes()),
                file_checksum_func_name: c_string(info.file_checksum_func_name.as_bytes()),
                info,
            })
            .collect();
        Ok(into_handle(rocksdb_livefiles_storage_info_t { entries }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_count(info: *const rocksdb_livefiles_storage_info_t) -> size_t {
    info.as_ref().map_or(0, |i| i.entries.len())
}

/// The entry at `index` of a result, None for a NULL result or an index past its end.
unsafe fn entry_at<'a>(info: *const rocksdb_livefiles_storage_info_t, index: size_t) -> Option<&'a Entry> {
    info.as_ref().and_then(|i| i.entry(index))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_relative_filename(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> *const c_char {
    entry_at(info, index).map_or(std::ptr::null(), |e| e.relative_filename.as_ptr())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_directory(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> *const c_char {
    entry_at(info, index).map_or(std::ptr::null(), |e| e.directory.as_ptr())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_file_number(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> u64 {
    entry_at(info, index).map_or(0, |e| e.info.file_number)
}

/// RocksDB's FileType number (kWalFile 0, kTableFile 2, kDescriptorFile 3, kCurrentFile 4, kOptionsFile 9).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_file_type(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> c_int {
    entry_at(info, index).map_or(0, |e| rocksdb_file_type_code(e.info.file_type))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_size(info: *const rocksdb_livefiles_storage_info_t, index: size_t) -> u64 {
    entry_at(info, index).map_or(0, |e| e.info.size)
}

/// RocksDB's Temperature: ferrock places no file by temperature, so every file is kUnknown (0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_temperature(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> c_int {
    let _ = entry_at(info, index);
    0
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_file_checksum(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> *const c_char {
    entry_at(info, index).map_or(std::ptr::null(), |e| e.file_checksum.as_ptr())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_file_checksum_func_name(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> *const c_char {
    entry_at(info, index).map_or(std::ptr::null(), |e| e.file_checksum_func_name.as_ptr())
}

/// The bytes to create the file from instead of copying it (CURRENT), else an empty,
/// non-NULL buffer as RocksDB's empty `std::string::data()`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_replacement_contents(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
    size: *mut size_t,
) -> *const c_char {
    let contents: &[u8] = entry_at(info, index).and_then(|e| e.info.replacement_contents.as_deref()).unwrap_or(b"");
    set_out(size, contents.len());
    if contents.is_empty() {
        c"".as_ptr()
    } else {
        contents.as_ptr() as *const c_char
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_trim_to_size(
    info: *const rocksdb_livefiles_storage_info_t,
    index: size_t,
) -> c_uchar {
    entry_at(info, index).map_or(0, |e| e.info.trim_to_size as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_storage_info_destroy(info: *mut rocksdb_livefiles_storage_info_t) {
    drop_handle(info)
}
