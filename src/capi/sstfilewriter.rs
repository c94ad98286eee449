//! c.h's SstFileWriter, over `table::sst_file_writer::SstFileWriter` (tables in RocksDB's
//! external file form), and the env options object it takes (accepted, not used).

use super::options::rocksdb_options_t;
use super::*;
use crate::table::sst_file_writer::SstFileWriter;

/// Env options (`rocksdb_envoptions_t`): accepted for the SstFileWriter; ferrock's
/// file I/O has no per-writer settings, so the values are stored and read back only.
pub struct rocksdb_envoptions_t {
    flags: std::collections::BTreeMap<&'static str, u64>,
}

impl rocksdb_envoptions_t {
    /// RocksDB's EnvOptions defaults.
    fn get(&self, name: &'static str) -> u64 {
        self.flags.get(name).copied().unwrap_or(match name {
            "allow_fallocate" | "fd_cloexec" | "fallocate_with_keep_size" => 1,
            "compaction_readahead_size" => 0,
            "writable_file_max_buffer_size" => 1024 * 1024,
            _ => 0,
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_create() -> *mut rocksdb_envoptions_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_envoptions_t { flags: Default::default() })))
}

/// A rate limiter is accepted and not charged, as in RocksDB: c.h's SstFileWriter writes at
/// IO_TOTAL priority, which RocksDB's WritableFileWriter never charges to a limiter.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_rate_limiter(
    opt: *mut rocksdb_envoptions_t,
    _rate_limiter: *mut crate::capi::ratelimiter::rocksdb_ratelimiter_t,
) {
    guarded((), || {
        handle_mut(opt, "env options")?;
        Ok(())
    })
}

unsafe fn set_envoption(opt: *mut rocksdb_envoptions_t, name: &'static str, v: u64) {
    guarded((), || {
        handle_mut(opt, "env options")?.flags.insert(name, v);
        Ok(())
    })
}

unsafe fn get_envoption(opt: *mut rocksdb_envoptions_t, name: &'static str) -> u64 {
    guarded(0, || Ok(handle(opt, "env options")?.get(name)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_use_mmap_reads(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "use_mmap_reads", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_use_mmap_reads(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "use_mmap_reads") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_use_mmap_writes(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "use_mmap_writes", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_use_mmap_writes(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "use_mmap_writes") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_use_direct_reads(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "use_direct_reads", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_use_direct_reads(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "use_direct_reads") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_use_direct_writes(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "use_direct_writes", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_use_direct_writes(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "use_direct_writes") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_allow_fallocate(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "allow_fallocate", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_allow_fallocate(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "allow_fallocate") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_fd_cloexec(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "fd_cloexec", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_fd_cloexec(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "fd_cloexec") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_bytes_per_sync(opt: *mut rocksdb_envoptions_t, v: u64) {
    set_envoption(opt, "bytes_per_sync", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_bytes_per_sync(opt: *mut rocksdb_envoptions_t) -> u64 {
    get_envoption(opt, "bytes_per_sync") as u64
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_strict_bytes_per_sync(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "strict_bytes_per_sync", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_strict_bytes_per_sync(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "strict_bytes_per_sync") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_fallocate_with_keep_size(opt: *mut rocksdb_envoptions_t, v: libc::c_uchar) {
    set_envoption(opt, "fallocate_with_keep_size", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_fallocate_with_keep_size(opt: *mut rocksdb_envoptions_t) -> libc::c_uchar {
    get_envoption(opt, "fallocate_with_keep_size") as libc::c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_compaction_readahead_size(opt: *mut rocksdb_envoptions_t, v: libc::size_t) {
    set_envoption(opt, "compaction_readahead_size", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_compaction_readahead_size(opt: *mut rocksdb_envoptions_t) -> libc::size_t {
    get_envoption(opt, "compaction_readahead_size") as libc::size_t
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_set_writable_file_max_buffer_size(opt: *mut rocksdb_envoptions_t, v: libc::size_t) {
    set_envoption(opt, "writable_file_max_buffer_size", v as u64)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_get_writable_file_max_buffer_size(opt: *mut rocksdb_envoptions_t) -> libc::size_t {
    get_envoption(opt, "writable_file_max_buffer_size") as libc::size_t
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_envoptions_destroy(opt: *mut rocksdb_envoptions_t) {
    drop_handle(opt)
}

/// An SstFileWriter (`rocksdb_sstfilewriter_t`): `table::sst_file_writer::SstFileWriter`.
pub struct rocksdb_sstfilewriter_t {
    w: SstFileWriter,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_create(
    env: *const rocksdb_envoptions_t,
    io_options: *const rocksdb_options_t,
) -> *mut rocksdb_sstfilewriter_t {
    let _ = env;
    guarded(std::ptr::null_mut(), || {
        let opts = &handle(io_options, "options")?.opts;
        Ok(into_handle(rocksdb_sstfilewriter_t { w: SstFileWriter::new(opts) }))
    })
}

/// As RocksDB 11.8.1's: the comparator argument is ignored (the options' comparator orders the file).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_create_with_comparator(
    env: *const rocksdb_envoptions_t,
    io_options: *const rocksdb_options_t,
    comparator: *const super::filter::rocksdb_comparator_t,
) -> *mut rocksdb_sstfilewriter_t {
    let _ = comparator;
    rocksdb_sstfilewriter_create(env, io_options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_open(
    writer: *mut rocksdb_sstfilewriter_t,
    name: *const c_char,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let w = handle_mut(writer, "sst file writer")?;
        let path = std::path::PathBuf::from(c_str(name, "file name")?);
        w.w.open(&path)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_add(
    writer: *mut rocksdb_sstfilewriter_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    rocksdb_sstfilewriter_put(writer, key, keylen, val, vallen, errptr)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_put(
    writer: *mut rocksdb_sstfilewriter_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle_mut(writer, "sst file writer")?.w.put(bytes(key, keylen)?, bytes(val, vallen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_merge(
    writer: *mut rocksdb_sstfilewriter_t,
    key: *const c_char,
    keylen: size_t,
    val: *const c_char,
    vallen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle_mut(writer, "sst file writer")?.w.merge(bytes(key, keylen)?, bytes(val, vallen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_delete(
    writer: *mut rocksdb_sstfilewriter_t,
    key: *const c_char,
    keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || handle_mut(writer, "sst file writer")?.w.delete(bytes(key, keylen)?))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_delete_range(
    writer: *mut rocksdb_sstfilewriter_t,
    begin_key: *const c_char,
    begin_keylen: size_t,
    end_key: *const c_char,
    end_keylen: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let w = handle_mut(writer, "sst file writer")?;
        w.w.delete_range(bytes(begin_key, begin_keylen)?, bytes(end_key, end_keylen)?)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_finish(writer: *mut rocksdb_sstfilewriter_t, errptr: *mut *mut c_char) {
    with_errptr(errptr, (), || handle_mut(writer, "sst file writer")?.w.finish())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_file_size(writer: *mut rocksdb_sstfilewriter_t, file_size: *mut u64) {
    guarded((), || {
        set_out(file_size, handle(writer, "sst file writer")?.w.file_size());
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sstfilewriter_destroy(writer: *mut rocksdb_sstfilewriter_t) {
    drop_handle(writer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capi::options::{rocksdb_options_create, rocksdb_options_destroy};

    #[test]
    fn rocksdb_ingests_a_file_ferrock_wrote() {
        let base = std::env::temp_dir().join(format!("ferrock-sstwriter-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).unwrap();
        let sst = base.join("external.sst");
        let name = std::ffi::CString::new(sst.to_str().unwrap()).unwrap();
        let mut err: *mut c_char = std::ptr::null_mut();
        unsafe {
            let o = rocksdb_options_create();
            let env = rocksdb_envoptions_create();
            let w = rocksdb_sstfilewriter_create(env, o);
            rocksdb_sstfilewriter_open(w, name.as_ptr(), &mut err);
            assert!(err.is_null());
            for (k, v) in [("a", "1"), ("b", "2"), ("c", "3")] {
                rocksdb_sstfilewriter_put(w, k.as_ptr() as *const c_char, 1, v.as_ptr() as *const c_char, 1, &mut err);
                assert!(err.is_null());
            }
            // Out of order: refused.
            rocksdb_sstfilewriter_put(w, "b".as_ptr() as *const c_char, 1, "x".as_ptr() as *const c_char, 1, &mut err);
            assert!(!err.is_null());
            let msg = std::ffi::CStr::from_ptr(err).to_string_lossy().into_owned();
            assert_eq!(msg, "Invalid argument: Keys must be added in strict ascending order.");
            libc::free(err as *mut c_void);
            err = std::ptr::null_mut();
            rocksdb_sstfilewriter_finish(w, &mut err);
            assert!(err.is_null());
            let mut size = 0u64;
            rocksdb_sstfilewriter_file_size(w, &mut size);
            assert_eq!(size, std::fs::metadata(&sst).unwrap().len());
            rocksdb_sstfilewriter_destroy(w);
            rocksdb_envoptions_destroy(env);
            rocksdb_options_destroy(o);
        }
        let db = base.join("rocksdb");
        let ldb = |args: &[&str]| {
            crate::util::testutil::system_command("/usr/bin/ldb")
                .arg(format!("--db={}", db.display()))
                .args(args)
                .output()
        };
        let Ok(out) = ldb(&["--create_if_missing", "put", "z", "0"]) else { return };
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let out = ldb(&["ingest_extern_sst", sst.to_str().unwrap()]).unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{text}");
        let out = ldb(&["scan"]).unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), "a : 1\nb : 2\nc : 3\nz : 0\n");
        let _ = std::fs::remove_dir_all(&base);
    }
}
