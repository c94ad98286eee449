//! c.h's functions that build options from text: `rocksdb_load_latest_options`
//! (the database's newest OPTIONS file; `options::load`) and
//! `rocksdb_get_options_from_string`. `rocksdb_load_latest_options_destroy`
//! lives in db.rs.
//!
//! Options RocksDB has and the engine does not model are not lost silently:
//! those that change results or files (enable_blob_files, FIFO compaction, ...)
//! are stored on the handle, so opening with it fails "Not implemented: ...";
//! the rest only tune RocksDB and are dropped.

use super::cache::rocksdb_cache_t;
use super::env::rocksdb_env_t;
use super::options::rocksdb_options_t;
use super::*;
use crate::options::Options;
use crate::options::load as options_load;

/// A C options handle for `opts`, with the not-modelled options that matter
/// (`section: name=value` entries from `options_load`) stored on it.
fn options_handle(opts: Options, not_applied: &[String]) -> rocksdb_options_t {
    let mut h = rocksdb_options_t::new();
    h.opts = opts;
    for entry in not_applied {
        let Some((name, value)) = entry.split_once(": ").and_then(|(_, nv)| nv.split_once('=')) else { continue };
        let on = matches!(value, "true" | "1");
        if let Some((static_name, _)) = super::option_accessors::CHANGES_RESULTS.iter().find(|(n, _)| *n == name) {
            if on {
                h.stored.set(static_name, 1);
            }
        } else if name == "compaction_style" {
            let style = match value {
                "kCompactionStyleUniversal" => 1,
                "kCompactionStyleFIFO" => 2,
                _ => 0,
            };
            h.stored.set("compaction_style", style);
        } else if name == "table_factory" && value != "BlockBasedTable" && value != crate::table::cuckoo::CUCKOO_TABLE_NAME {
            h.mark_unsupported(&format!("table factory {value}"));
        }
    }
    h
}

/// Loads the newest OPTIONS file of `db_path`: the DB options, and each column
/// family's name and options (default first). Free with
/// `rocksdb_load_latest_options_destroy`. On error every output is NULL/0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_load_latest_options(
    db_path: *const c_char,
    env: *mut rocksdb_env_t,
    ignore_unknown_options: bool,
    cache: *mut rocksdb_cache_t,
    db_options: *mut *mut rocksdb_options_t,
    num_column_families: *mut size_t,
    list_column_family_names: *mut *mut *mut c_char,
    list_column_family_options: *mut *mut *mut rocksdb_options_t,
    errptr: *mut *mut c_char,
) {
    let _ = env; // ferrock's files go through its default file system.
    set_out(db_options, std::ptr::null_mut());
    set_out(num_column_families, 0);
    set_out(list_column_family_names, std::ptr::null_mut());
    set_out(list_column_family_options, std::ptr::null_mut());
    with_errptr(errptr, (), || {
        let path = std::path::PathBuf::from(c_str(db_path, "db_path")?);
        let fs = crate::env::default_fs();
        let loaded = options_load::load_latest_options(fs.as_ref(), &path, ignore_unknown_options)?;
        let block_cache = if cache.is_null() { None } else { Some(handle(cache, "cache")?.cache.clone()) };
        let n = loaded.cfs.len();
        // SAFETY: malloc of n pointers (at least one, so never a NULL for n == 0);
        // the C caller frees the arrays with free() through the destroy function.
        let names = libc::malloc(n.max(1) * std::mem::size_of::<*mut c_char>()) as *mut *mut c_char;
        let opts = libc::malloc(n.max(1) * std::mem::size_of::<*mut rocksdb_options_t>()) as *mut *mut rocksdb_options_t;
        if names.is_null() || opts.is_null() {
            libc::free(names as *mut c_void);
            libc::free(opts as *mut c_void);
            return Err(Error::io("out of memory for the column family lists"));
        }
        for (i, (name, mut o)) in loaded.cfs.into_iter().enumerate() {
            if let Some(c) = &block_cache {
                o.table.block_cache = Some(c.clone());
            }
            // SAFETY: i < n, inside both arrays just allocated.
            *names.add(i) = malloc_cstring(&name);
            let mine: Vec<String> = loaded.not_applied.iter().filter(|(cf, _)| cf.as_ref() == Some(&name)).map(|(_, e)| e.clone()).collect();
            *opts.add(i) = into_handle(options_handle(o, &mine));
        }
        let db_level: Vec<String> = loaded.not_applied.iter().filter(|(cf, _)| cf.is_none()).map(|(_, e)| e.clone()).collect();
        set_out(db_options, into_handle(options_handle(loaded.db, &db_level)));
        set_out(num_column_families, n);
        set_out(list_column_family_names, names);
        set_out(list_column_family_options, opts);
        Ok(())
    })
}

/// `new_options` = `base_options` with the `name=value;...` settings of
/// `opts_str` applied (RocksDB's GetOptionsFromString).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_get_options_from_string(
    base_options: *const rocksdb_options_t,
    opts_str: *const c_char,
    new_options: *mut rocksdb_options_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let base = handle(base_options, "base options")?;
        let text = c_str(opts_str, "options string")?;
        let (opts, not_applied) = options_load::options_from_string(&base.opts, text)?;
        let mut h = base.clone();
        let from_text = options_handle(opts, &not_applied);
        h.opts = from_text.opts;
        for name in from_text.stored.names() {
            if let Some(v) = from_text.stored.get(name) {
                h.stored.set(name, v);
            }
        }
        for what in &from_text.unsupported {
            h.mark_unsupported(what);
        }
        *handle_mut(new_options, "new options")? = h;
        Ok(())
    })
}
