//! c.h's table-file metadata: `rocksdb_livefiles` (every live table, as RocksDB's
//! GetLiveFilesMetaData) with the `rocksdb_livefile_*` builder, and
//! `rocksdb_get_column_family_metadata*` with its level and file views and options.
//!
//! Ownership follows RocksDB's c.cc: strings returned as `const char*` live as long as their
//! list; `char*` results are malloc'd copies the caller frees; a level or file view
//! (`rocksdb_level_metadata_t`, `rocksdb_sst_file_metadata_t`) borrows from its parent, which must
//! outlive it, and its destroy frees only the view.

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_ref, db_ref, rocksdb_t};
use super::*;
use crate::db::metadata::{ColumnFamilyMetaData, LevelMetaData, LiveFileMetaData, MetaDataFilter, SstFileMetaData};
use libc::c_int;
use std::ffi::CString;

/// One entry of a `rocksdb_livefiles_t`, with its strings NUL-terminated for C.
#[derive(Default)]
pub struct rocksdb_livefile_t {
    column_family_name: CString,
    name: CString,
    directory: CString,
    level: c_int,
    size: size_t,
    smallest_key: Vec<u8>,
    largest_key: Vec<u8>,
    smallest_seqno: u64,
    largest_seqno: u64,
    num_entries: u64,
    num_deletions: u64,
}

pub struct rocksdb_livefiles_t {
    files: Vec<rocksdb_livefile_t>,
}

impl rocksdb_livefiles_t {
    pub(crate) fn from_metadata(files: Vec<LiveFileMetaData>) -> rocksdb_livefiles_t {
        rocksdb_livefiles_t { files: files.into_iter().map(Into::into).collect() }
    }

    /// The list as the engine's metadata (column family export and import use it).
    pub(crate) fn to_metadata(&self) -> Vec<LiveFileMetaData> {
        self.files
            .iter()
            .map(|f| {
                let name = f.name.to_string_lossy().trim_start_matches('/').to_string();
                let file_number = crate::version::filename::parse_file_name(&name).map_or(0, |(_, n)| n);
                LiveFileMetaData {
                    column_family_name: f.column_family_name.to_string_lossy().into_owned(),
                    level: f.level,
                    file: SstFileMetaData {
                        file_number,
                        relative_filename: name,
                        directory: f.directory.to_string_lossy().into_owned(),
                        size: f.size as u64,
                        smallest_seqno: f.smallest_seqno,
                        largest_seqno: f.largest_seqno,
                        smallest_key: f.smallest_key.clone(),
                        largest_key: f.largest_key.clone(),
                        num_entries: f.num_entries,
                        num_deletions: f.num_deletions,
                        being_compacted: false,
                    },
                }
            })
            .collect()
    }
}

/// A C string of `s` (cut at an interior NUL, as C would read it).
fn c_string(s: &str) -> CString {
    let bytes = s.as_bytes();
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    CString::new(&bytes[..end]).unwrap_or_default()
}

impl From<LiveFileMetaData> for rocksdb_livefile_t {
    fn from(f: LiveFileMetaData) -> Self {
        rocksdb_livefile_t {
            column_family_name: c_string(&f.column_family_name),
            name: c_string(&f.file.name()),
            directory: c_string(&f.file.directory),
            level: f.level,
            size: f.file.size as size_t,
            smallest_key: f.file.smallest_key,
            largest_key: f.file.largest_key,
            smallest_seqno: f.file.smallest_seqno,
            largest_seqno: f.file.largest_seqno,
            num_entries: f.file.num_entries,
            num_deletions: f.file.num_deletions,
        }
    }
}

/// The live table files of every column family; NULL when the database is NULL or closed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles(db: *mut rocksdb_t) -> *const rocksdb_livefiles_t {
    guarded(std::ptr::null(), || {
        let files = db_ref(db)?.live_files_metadata()?;
        Ok(into_handle(rocksdb_livefiles_t { files: files.into_iter().map(Into::into).collect() }) as *const _)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_create() -> *mut rocksdb_livefiles_t {
    into_handle(rocksdb_livefiles_t { files: Vec::new() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_destroy(files: *const rocksdb_livefiles_t) {
    drop_handle(files as *mut rocksdb_livefiles_t)
}

/// Moves `file` into the list and frees the builder (as RocksDB does).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_add(files: *mut rocksdb_livefiles_t, file: *mut rocksdb_livefile_t) {
    guarded((), || {
        let list = handle_mut(files, "live files")?;
        if !file.is_null() {
            // SAFETY: `file` came from rocksdb_livefile_create (Box::into_raw) and is consumed here.
            let f = Box::from_raw(file);
            list.files.push(*f);
        }
        Ok(())
    })
}

unsafe fn entry<'a>(files: *const rocksdb_livefiles_t, index: c_int) -> Result<&'a rocksdb_livefile_t> {
    let list = handle(files, "live files")?;
    usize::try_from(index)
        .ok()
        .and_then(|i| list.files.get(i))
        .ok_or_else(|| Error::invalid_argument(format!("live file index {index} out of range")))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_count(files: *const rocksdb_livefiles_t) -> c_int {
    guarded(0, || Ok(handle(files, "live files")?.files.len() as c_int))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_column_family_name(files: *const rocksdb_livefiles_t, index: c_int) -> *const c_char {
    guarded(std::ptr::null(), || Ok(entry(files, index)?.column_family_name.as_ptr()))
}

/// RocksDB's file name relative to the directory, with a leading '/': "/000012.sst".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_name(files: *const rocksdb_livefiles_t, index: c_int) -> *const c_char {
    guarded(std::ptr::null(), || Ok(entry(files, index)?.name.as_ptr()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_directory(files: *const rocksdb_livefiles_t, index: c_int) -> *const c_char {
    guarded(std::ptr::null(), || Ok(entry(files, index)?.directory.as_ptr()))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_level(files: *const rocksdb_livefiles_t, index: c_int) -> c_int {
    guarded(0, || Ok(entry(files, index)?.level))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_size(files: *const rocksdb_livefiles_t, index: c_int) -> size_t {
    guarded(0, || Ok(entry(files, index)?.size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_smallestkey(files: *const rocksdb_livefiles_t, index: c_int, size: *mut size_t) -> *const c_char {
    guarded(std::ptr::null(), || {
        let e = entry(files, index)?;
        set_out(size, e.smallest_key.len());
        Ok(e.smallest_key.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_largestkey(files: *const rocksdb_livefiles_t, index: c_int, size: *mut size_t) -> *const c_char {
    guarded(std::ptr::null(), || {
        let e = entry(files, index)?;
        set_out(size, e.largest_key.len());
        Ok(e.largest_key.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_smallest_seqno(files: *const rocksdb_livefiles_t, index: c_int) -> u64 {
    guarded(0, || Ok(entry(files, index)?.smallest_seqno))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_largest_seqno(files: *const rocksdb_livefiles_t, index: c_int) -> u64 {
    guarded(0, || Ok(entry(files, index)?.largest_seqno))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_entries(files: *const rocksdb_livefiles_t, index: c_int) -> u64 {
    guarded(0, || Ok(entry(files, index)?.num_entries))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefiles_deletions(files: *const rocksdb_livefiles_t, index: c_int) -> u64 {
    guarded(0, || Ok(entry(files, index)?.num_deletions))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_create() -> *mut rocksdb_livefile_t {
    into_handle(rocksdb_livefile_t::default())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_destroy(file: *mut rocksdb_livefile_t) {
    drop_handle(file)
}

unsafe fn set_file(file: *mut rocksdb_livefile_t, f: impl FnOnce(&mut rocksdb_livefile_t) -> Result<()>) {
    guarded((), || f(handle_mut(file, "live file")?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_column_family_name(file: *mut rocksdb_livefile_t, name: *const c_char) {
    set_file(file, |f| {
        f.column_family_name = c_string(c_str(name, "column family name")?);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_name(file: *mut rocksdb_livefile_t, name: *const c_char) {
    set_file(file, |f| {
        f.name = c_string(c_str(name, "file name")?);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_directory(file: *mut rocksdb_livefile_t, directory: *const c_char) {
    set_file(file, |f| {
        f.directory = c_string(c_str(directory, "directory")?);
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_level(file: *mut rocksdb_livefile_t, level: c_int) {
    set_file(file, |f| {
        f.level = level;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_size(file: *mut rocksdb_livefile_t, size: size_t) {
    set_file(file, |f| {
        f.size = size;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_smallest_key(file: *mut rocksdb_livefile_t, key: *const c_char, len: size_t) {
    set_file(file, |f| {
        f.smallest_key = bytes(key, len)?.to_vec();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_largest_key(file: *mut rocksdb_livefile_t, key: *const c_char, len: size_t) {
    set_file(file, |f| {
        f.largest_key = bytes(key, len)?.to_vec();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_smallest_seqno(file: *mut rocksdb_livefile_t, seqno: u64) {
    set_file(file, |f| {
        f.smallest_seqno = seqno;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_largest_seqno(file: *mut rocksdb_livefile_t, seqno: u64) {
    set_file(file, |f| {
        f.largest_seqno = seqno;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_num_entries(file: *mut rocksdb_livefile_t, n: u64) {
    set_file(file, |f| {
        f.num_entries = n;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_livefile_set_num_deletions(file: *mut rocksdb_livefile_t, n: u64) {
    set_file(file, |f| {
        f.num_deletions = n;
        Ok(())
    })
}

// ---- column family metadata ----

pub struct rocksdb_column_family_metadata_t {
    meta: ColumnFamilyMetaData,
}

/// A view of one level of a `rocksdb_column_family_metadata_t` (which must outlive it).
pub struct rocksdb_level_metadata_t {
    level: *const LevelMetaData,
}

/// A view of one file of a `rocksdb_level_metadata_t`'s level.
pub struct rocksdb_sst_file_metadata_t {
    file: *const SstFileMetaData,
}

#[derive(Default)]
pub struct rocksdb_column_family_metadata_options_t {
    filter: MetaDataFilter,
}

unsafe fn cf_metadata_handle(
    db: *mut rocksdb_t,
    cf: Option<*mut rocksdb_column_family_handle_t>,
    options: Option<*const rocksdb_column_family_metadata_options_t>,
) -> *mut rocksdb_column_family_metadata_t {
    guarded(std::ptr::null_mut(), || {
        let db = db_ref(db)?;
        let default_cf;
        let cf = match cf {
            Some(c) => cf_ref(c)?,
            None => {
                default_cf = db.default_column_family();
                &default_cf
            }
        };
        // With options (even all defaults), RocksDB lists only levels that have files.
        let filter = match options {
            None => None,
            Some(o) if o.is_null() => Some(MetaDataFilter::default()),
            Some(o) => Some(handle(o, "metadata options")?.filter.clone()),
        };
        let meta = db.column_family_metadata(cf, filter.as_ref())?;
        Ok(into_handle(rocksdb_column_family_metadata_t { meta }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_column_family_metadata(db: *mut rocksdb_t) -> *mut rocksdb_column_family_metadata_t {
    cf_metadata_handle(db, None, None)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_column_family_metadata_cf(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
) -> *mut rocksdb_column_family_metadata_t {
    cf_metadata_handle(db, Some(column_family), None)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_column_family_metadata_with_options(
    db: *mut rocksdb_t,
    options: *const rocksdb_column_family_metadata_options_t,
) -> *mut rocksdb_column_family_metadata_t {
    cf_metadata_handle(db, None, Some(options))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_column_family_metadata_cf_with_options(
    db: *mut rocksdb_t,
    column_family: *mut rocksdb_column_family_handle_t,
    options: *const rocksdb_column_family_metadata_options_t,
) -> *mut rocksdb_column_family_metadata_t {
    cf_metadata_handle(db, Some(column_family), Some(options))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_destroy(cf_meta: *mut rocksdb_column_family_metadata_t) {
    drop_handle(cf_meta)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_get_size(cf_meta: *mut rocksdb_column_family_metadata_t) -> u64 {
    guarded(0, || Ok(handle(cf_meta, "column family metadata")?.meta.size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_get_file_count(cf_meta: *mut rocksdb_column_family_metadata_t) -> size_t {
    guarded(0, || Ok(handle(cf_meta, "column family metadata")?.meta.file_count))
}

/// A malloc'd copy of the family's name.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_get_name(cf_meta: *mut rocksdb_column_family_metadata_t) -> *mut c_char {
    guarded(std::ptr::null_mut(), || Ok(malloc_cstring(&handle(cf_meta, "column family metadata")?.meta.name)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_get_level_count(cf_meta: *mut rocksdb_column_family_metadata_t) -> size_t {
    guarded(0, || Ok(handle(cf_meta, "column family metadata")?.meta.levels.len()))
}

/// A view of level entry `i` (NULL past the end); it borrows from `cf_meta`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_get_level_metadata(
    cf_meta: *mut rocksdb_column_family_metadata_t,
    i: size_t,
) -> *mut rocksdb_level_metadata_t {
    guarded(std::ptr::null_mut(), || {
        let m = handle(cf_meta, "column family metadata")?;
        Ok(match m.meta.levels.get(i) {
            Some(level) => into_handle(rocksdb_level_metadata_t { level: level as *const LevelMetaData }),
            None => std::ptr::null_mut(),
        })
    })
}

unsafe fn level_ref<'a>(level_meta: *mut rocksdb_level_metadata_t) -> Result<&'a LevelMetaData> {
    let view = handle(level_meta, "level metadata")?;
    // SAFETY: the view points into the rocksdb_column_family_metadata_t it came from, which the
    // C contract (as RocksDB's) keeps alive while the view is used.
    Ok(&*view.level)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_level_metadata_destroy(level_meta: *mut rocksdb_level_metadata_t) {
    drop_handle(level_meta)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_level_metadata_get_level(level_meta: *mut rocksdb_level_metadata_t) -> c_int {
    guarded(0, || Ok(level_ref(level_meta)?.level))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_level_metadata_get_size(level_meta: *mut rocksdb_level_metadata_t) -> u64 {
    guarded(0, || Ok(level_ref(level_meta)?.size))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_level_metadata_get_file_count(level_meta: *mut rocksdb_level_metadata_t) -> size_t {
    guarded(0, || Ok(level_ref(level_meta)?.files.len()))
}

/// A view of file `i` of the level (NULL past the end); it borrows from the level's parent.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_level_metadata_get_sst_file_metadata(
    level_meta: *mut rocksdb_level_metadata_t,
    i: size_t,
) -> *mut rocksdb_sst_file_metadata_t {
    guarded(std::ptr::null_mut(), || {
        Ok(match level_ref(level_meta)?.files.get(i) {
            Some(f) => into_handle(rocksdb_sst_file_metadata_t { file: f as *const SstFileMetaData }),
            None => std::ptr::null_mut(),
        })
    })
}

unsafe fn file_ref<'a>(file_meta: *mut rocksdb_sst_file_metadata_t) -> Result<&'a SstFileMetaData> {
    let view = handle(file_meta, "sst file metadata")?;
    // SAFETY: as level_ref: the parent column family metadata outlives its views.
    Ok(&*view.file)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_metadata_destroy(file_meta: *mut rocksdb_sst_file_metadata_t) {
    drop_handle(file_meta)
}

/// A malloc'd "000012.sst".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_metadata_get_relative_filename(file_meta: *mut rocksdb_sst_file_metadata_t) -> *mut c_char {
    guarded(std::ptr::null_mut(), || Ok(malloc_cstring(&file_ref(file_meta)?.relative_filename)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_metadata_get_directory(file_meta: *mut rocksdb_sst_file_metadata_t) -> *mut c_char {
    guarded(std::ptr::null_mut(), || Ok(malloc_cstring(&file_ref(file_meta)?.directory)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_metadata_get_size(file_meta: *mut rocksdb_sst_file_metadata_t) -> u64 {
    guarded(0, || Ok(file_ref(file_meta)?.size))
}

/// A malloc'd copy of the smallest user key.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_metadata_get_smallestkey(file_meta: *mut rocksdb_sst_file_metadata_t, len: *mut size_t) -> *mut c_char {
    guarded(std::ptr::null_mut(), || {
        let f = file_ref(file_meta)?;
        set_out(len, f.smallest_key.len());
        Ok(malloc_bytes(&f.smallest_key))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_file_metadata_get_largestkey(file_meta: *mut rocksdb_sst_file_metadata_t, len: *mut size_t) -> *mut c_char {
    guarded(std::ptr::null_mut(), || {
        let f = file_ref(file_meta)?;
        set_out(len, f.largest_key.len());
        Ok(malloc_bytes(&f.largest_key))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_create() -> *mut rocksdb_column_family_metadata_options_t {
    into_handle(rocksdb_column_family_metadata_options_t::default())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_destroy(options: *mut rocksdb_column_family_metadata_options_t) {
    drop_handle(options)
}

/// NULL clears the bound.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_set_start_key(
    options: *mut rocksdb_column_family_metadata_options_t,
    key: *const c_char,
    key_len: size_t,
) {
    guarded((), || {
        let o = handle_mut(options, "metadata options")?;
        o.filter.start = if key.is_null() { None } else { Some(bytes(key, key_len)?.to_vec()) };
        Ok(())
    })
}

/// NULL clears the bound (the end is exclusive).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_set_end_key(
    options: *mut rocksdb_column_family_metadata_options_t,
    key: *const c_char,
    key_len: size_t,
) {
    guarded((), || {
        let o = handle_mut(options, "metadata options")?;
        o.filter.limit = if key.is_null() { None } else { Some(bytes(key, key_len)?.to_vec()) };
        Ok(())
    })
}

unsafe fn bound_out(bound: &Option<Vec<u8>>, key_len: *mut size_t) -> *const c_char {
    match bound {
        Some(k) => {
            set_out(key_len, k.len());
            k.as_ptr() as *const c_char
        }
        None => {
            set_out(key_len, 0);
            std::ptr::null()
        }
    }
}

/// The start bound (NULL when unset); the bytes live as long as the options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_get_start_key(
    options: *const rocksdb_column_family_metadata_options_t,
    key_len: *mut size_t,
) -> *const c_char {
    guarded(std::ptr::null(), || Ok(bound_out(&handle(options, "metadata options")?.filter.start, key_len)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_get_end_key(
    options: *const rocksdb_column_family_metadata_options_t,
    key_len: *mut size_t,
) -> *const c_char {
    guarded(std::ptr::null(), || Ok(bound_out(&handle(options, "metadata options")?.filter.limit, key_len)))
}

/// The level to list (-1, the default: all levels).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_set_level(options: *mut rocksdb_column_family_metadata_options_t, v: c_int) {
    guarded((), || {
        handle_mut(options, "metadata options")?.filter.level = usize::try_from(v).ok();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_column_family_metadata_options_get_level(options: *mut rocksdb_column_family_metadata_options_t) -> c_int {
    guarded(-1, || Ok(handle(options, "metadata options")?.filter.level.map_or(-1, |l| l as c_int)))
}
