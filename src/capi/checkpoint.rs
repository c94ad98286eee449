//! c.h's checkpoints: `rocksdb_checkpoint_object_create` (of a DB, a TransactionDB or an
//! OptimisticTransactionDB) / `_create` / `_destroy` over `Db::create_checkpoint`, and column
//! family export and import: `rocksdb_checkpoint_export_column_family`,
//! `rocksdb_create_column_family_with_import`, the export metadata
//! (`rocksdb_export_import_files_metadata_*`) and the import options.

use super::cf::rocksdb_column_family_handle_t;
use super::db::{cf_ref, db_ref, rocksdb_t};
use super::metadata::rocksdb_livefiles_t;
use super::options::rocksdb_options_t;
use super::transaction::{rocksdb_optimistictransactiondb_t, rocksdb_transactiondb_t};
use super::*;
use crate::db::import::{ExportImportFilesMetaData, ImportColumnFamilyOptions};
use libc::c_uchar;

/// A checkpoint object (`rocksdb_checkpoint_t`): the database it copies.
pub struct rocksdb_checkpoint_t {
    db: crate::db::Db,
}

pub struct rocksdb_export_import_files_metadata_t {
    pub(crate) metadata: ExportImportFilesMetaData,
}

pub struct rocksdb_import_column_family_options_t {
    opts: ImportColumnFamilyOptions,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_object_create(db: *mut rocksdb_t, errptr: *mut *mut c_char) -> *mut rocksdb_checkpoint_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let db = db_ref(db)?.clone();
        Ok(into_handle(rocksdb_checkpoint_t { db }))
    })
}

/// A checkpoint of a TransactionDB: two-phase commit is on, so every checkpoint flushes first.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_transactiondb_checkpoint_object_create(
    txn_db: *mut rocksdb_transactiondb_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_checkpoint_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let db = handle(txn_db, "transaction db")?.db.db().clone();
        Ok(into_handle(rocksdb_checkpoint_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_optimistictransactiondb_checkpoint_object_create(
    otxn_db: *mut rocksdb_optimistictransactiondb_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_checkpoint_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let db = handle(otxn_db, "optimistic transaction db")?.db.base_db().clone();
        Ok(into_handle(rocksdb_checkpoint_t { db }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_create(
    checkpoint: *mut rocksdb_checkpoint_t,
    checkpoint_dir: *const c_char,
    log_size_for_flush: u64,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let cp = handle(checkpoint, "checkpoint")?;
        let dir = c_str(checkpoint_dir, "checkpoint_dir")?;
        cp.db.create_checkpoint(std::path::Path::new(dir), log_size_for_flush).map(|_| ())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_export_column_family(
    checkpoint: *mut rocksdb_checkpoint_t,
    column_family: *mut rocksdb_column_family_handle_t,
    export_dir: *const c_char,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_export_import_files_metadata_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let cp = handle(checkpoint, "checkpoint")?;
        let cf = cf_ref(column_family)?;
        let dir = c_str(export_dir, "export_dir")?;
        let metadata = cp.db.export_column_family(cf, std::path::Path::new(dir))?;
        Ok(into_handle(rocksdb_export_import_files_metadata_t { metadata }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_checkpoint_object_destroy(checkpoint: *mut rocksdb_checkpoint_t) {
    drop_handle(checkpoint)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_create_column_family_with_import(
    db: *mut rocksdb_t,
    column_family_options: *mut rocksdb_options_t,
    column_family_name: *const c_char,
    import_options: *mut rocksdb_import_column_family_options_t,
    metadata: *mut rocksdb_export_import_files_metadata_t,
    errptr: *mut *mut c_char,
) -> *mut rocksdb_column_family_handle_t {
    with_errptr(errptr, std::ptr::null_mut(), || {
        let d = db_ref(db)?;
        let o = handle(column_family_options, "column family options")?;
        o.check_supported()?;
        let name = c_str(column_family_name, "column family name")?;
        let import = handle(import_options, "import options")?;
        let m = handle(metadata, "export import files metadata")?;
        let cf = d.create_column_family_with_import(&o.opts, name, &import.opts, &m.metadata)?;
        Ok(into_handle(rocksdb_column_family_handle_t { cf }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_import_column_family_options_create() -> *mut rocksdb_import_column_family_options_t {
    into_handle(rocksdb_import_column_family_options_t { opts: ImportColumnFamilyOptions::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_import_column_family_options_set_move_files(opt: *mut rocksdb_import_column_family_options_t, v: c_uchar) {
    guarded((), || {
        handle_mut(opt, "import options")?.opts.move_files = v != 0;
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_import_column_family_options_get_move_files(opt: *mut rocksdb_import_column_family_options_t) -> c_uchar {
    guarded(0, || Ok(handle(opt, "import options")?.opts.move_files as c_uchar))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_import_column_family_options_destroy(opt: *mut rocksdb_import_column_family_options_t) {
    drop_handle(opt)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_export_import_files_metadata_create() -> *mut rocksdb_export_import_files_metadata_t {
    into_handle(rocksdb_export_import_files_metadata_t { metadata: ExportImportFilesMetaData::default() })
}

/// A malloc'd copy of the comparator name; the caller frees it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_export_import_files_metadata_get_db_comparator_name(
    metadata: *mut rocksdb_export_import_files_metadata_t,
) -> *mut c_char {
    guarded(std::ptr::null_mut(), || Ok(malloc_cstring(&handle(metadata, "export import files metadata")?.metadata.db_comparator_name)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_export_import_files_metadata_set_db_comparator_name(
    metadata: *mut rocksdb_export_import_files_metadata_t,
    name: *const c_char,
) {
    guarded((), || {
        let name = c_str(name, "comparator name")?.to_string();
        handle_mut(metadata, "export import files metadata")?.metadata.db_comparator_name = name;
        Ok(())
    })
}

/// A copy of the file list (destroy it with `rocksdb_livefiles_destroy`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_export_import_files_metadata_get_files(
    metadata: *mut rocksdb_export_import_files_metadata_t,
) -> *mut rocksdb_livefiles_t {
    guarded(std::ptr::null_mut(), || {
        let m = handle(metadata, "export import files metadata")?;
        Ok(into_handle(rocksdb_livefiles_t::from_metadata(m.metadata.files.clone())))
    })
}

/// Replaces the file list with `files`, which this call takes (and frees).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_export_import_files_metadata_set_files(
    metadata: *mut rocksdb_export_import_files_metadata_t,
    files: *mut rocksdb_livefiles_t,
) {
    guarded((), || {
        let m = handle_mut(metadata, "export import files metadata")?;
        if files.is_null() {
            return Err(Error::invalid_argument("files is NULL"));
        }
        // SAFETY: `files` came from rocksdb_livefiles*/get_files and is taken over here, as c.cc does.
        let taken = Box::from_raw(files);
        m.metadata.files = taken.to_metadata();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_export_import_files_metadata_destroy(metadata: *mut rocksdb_export_import_files_metadata_t) {
    drop_handle(metadata)
}
