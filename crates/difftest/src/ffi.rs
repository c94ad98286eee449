//! Everything unsafe of the differential test lives here: loading a library that
//! implements RocksDB's C API with `dlopen`, looking its functions up with `dlsym`,
//! calling them, and the C callbacks (merge operator) handed to it.
//!
//! The rest of the driver sees `Lib` (the looked-up functions) and `H` (an opaque
//! handle the library returned). Safety contract of every `Lib` method: the handles
//! passed are ones this library returned and that were not destroyed yet. The
//! executor (`exec.rs`) keeps that contract by its slot bookkeeping: it destroys a
//! handle once, and destroys iterators before what they read from.
//!
//! Each function is looked up by name; a function the library lacks (RocksDB 7.8.3 has
//! fewer than 11.8.1) is `None`, and calling it answers `Missing` instead of calling
//! anything. Every call records the function's name, which is the coverage figure.

use libc::{c_char, c_int, c_uchar, c_void, size_t};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::ffi::{CStr, CString};

type P = *mut c_void;
type S = *const c_char;
type E = *mut *mut c_char;
type Z = size_t;

/// An opaque handle returned by the library (NULL is `H::NULL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct H(P);

impl H {
    pub const NULL: H = H(std::ptr::null_mut());
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }
}

/// The library lacks a function the operation needs.
#[derive(Debug)]
pub struct Missing(pub &'static str);

macro_rules! capi {
    ($( fn $name:ident ( $($ty:ty),* ) $(-> $ret:ty)? ; )*) => {
        #[allow(non_snake_case, dead_code)]
        struct Fns { $( $name: Option<unsafe extern "C" fn($($ty),*) $(-> $ret)?>, )* }
        impl Fns {
            /// SAFETY: `h` is a handle dlopen returned; each symbol found is assumed to
            /// have the signature of RocksDB's c.h (checked by `make header`'s suite for
            /// ferrock, and by RocksDB's own build for RocksDB).
            unsafe fn load(h: P) -> Fns {
                Fns { $( $name: {
                    let p = libc::dlsym(h, concat!(stringify!($name), "\0").as_ptr() as S);
                    if p.is_null() { None } else { Some(std::mem::transmute::<P, unsafe extern "C" fn($($ty),*) $(-> $ret)?>(p)) }
                }, )* }
            }
        }
    };
}

capi! {
    fn rocksdb_free(P);
    fn rocksdb_envoptions_create() -> P;
    fn rocksdb_envoptions_destroy(P);
    fn rocksdb_sstfilewriter_create(P, P) -> P;
    fn rocksdb_sstfilewriter_open(P, S, E);
    fn rocksdb_sstfilewriter_put(P, S, Z, S, Z, E);
    fn rocksdb_sstfilewriter_merge(P, S, Z, S, Z, E);
    fn rocksdb_sstfilewriter_delete(P, S, Z, E);
    fn rocksdb_sstfilewriter_delete_range(P, S, Z, S, Z, E);
    fn rocksdb_sstfilewriter_finish(P, E);
    fn rocksdb_sstfilewriter_file_size(P, *mut u64);
    fn rocksdb_sstfilewriter_destroy(P);
    fn rocksdb_ingestexternalfileoptions_create() -> P;
    fn rocksdb_ingestexternalfileoptions_destroy(P);
    fn rocksdb_ingest_external_file(P, *const S, Z, P, E);
    fn rocksdb_ingest_external_file_cf(P, P, *const S, Z, P, E);
    fn rocksdb_options_create() -> P;
    fn rocksdb_options_destroy(P);
    fn rocksdb_options_set_create_if_missing(P, c_uchar);
    fn rocksdb_options_set_create_missing_column_families(P, c_uchar);
    fn rocksdb_options_set_disable_auto_compactions(P, c_int);
    fn rocksdb_options_set_merge_operator(P, P);
    fn rocksdb_options_set_write_buffer_size(P, Z);
    fn rocksdb_options_set_WAL_ttl_seconds(P, u64);
    fn rocksdb_options_set_error_if_exists(P, c_uchar);
    fn rocksdb_options_set_level_compaction_dynamic_level_bytes(P, c_uchar);
    fn rocksdb_mergeoperator_create(P, Option<unsafe extern "C" fn(P)>,
        Option<unsafe extern "C" fn(P, S, Z, S, Z, *const S, *const Z, c_int, *mut c_uchar, *mut Z) -> *mut c_char>,
        Option<unsafe extern "C" fn(P, S, Z, *const S, *const Z, c_int, *mut c_uchar, *mut Z) -> *mut c_char>,
        Option<unsafe extern "C" fn(P, S, Z)>,
        Option<unsafe extern "C" fn(P) -> S>) -> P;
    fn rocksdb_open_column_families(P, S, c_int, *const S, *const P, *mut P, E) -> P;
    fn rocksdb_transactiondb_open_column_families(P, P, S, c_int, *const S, *const P, *mut P, E) -> P;
    fn rocksdb_optimistictransactiondb_open_column_families(P, S, c_int, *const S, *const P, *mut P, E) -> P;
    fn rocksdb_optimistictransactiondb_get_base_db(P) -> P;
    fn rocksdb_optimistictransactiondb_close_base_db(P);
    fn rocksdb_optimistictransactiondb_close(P);
    fn rocksdb_transactiondb_close(P);
    fn rocksdb_close(P);
    fn rocksdb_list_column_families(P, S, *mut Z, E) -> *mut *mut c_char;
    fn rocksdb_list_column_families_destroy(*mut *mut c_char, Z);
    fn rocksdb_transactiondb_options_create() -> P;
    fn rocksdb_transactiondb_options_destroy(P);
    fn rocksdb_transactiondb_options_set_default_lock_timeout(P, i64);
    fn rocksdb_transactiondb_options_set_transaction_lock_timeout(P, i64);
    fn rocksdb_create_column_family(P, P, S, E) -> P;
    fn rocksdb_transactiondb_create_column_family(P, P, S, E) -> P;
    fn rocksdb_drop_column_family(P, P, E);
    fn rocksdb_column_family_handle_destroy(P);
    fn rocksdb_writeoptions_create() -> P;
    fn rocksdb_writeoptions_destroy(P);
    fn rocksdb_writeoptions_set_sync(P, c_uchar);
    fn rocksdb_writeoptions_disable_WAL(P, c_int);
    fn rocksdb_readoptions_create() -> P;
    fn rocksdb_readoptions_destroy(P);
    fn rocksdb_readoptions_set_snapshot(P, P);
    fn rocksdb_readoptions_set_iterate_upper_bound(P, S, Z);
    fn rocksdb_readoptions_set_iterate_lower_bound(P, S, Z);
    fn rocksdb_flushoptions_create() -> P;
    fn rocksdb_flushoptions_destroy(P);
    fn rocksdb_flushoptions_set_wait(P, c_uchar);
    fn rocksdb_put_cf(P, P, P, S, Z, S, Z, E);
    fn rocksdb_merge_cf(P, P, P, S, Z, S, Z, E);
    fn rocksdb_delete_cf(P, P, P, S, Z, E);
    fn rocksdb_singledelete_cf(P, P, P, S, Z, E);
    fn rocksdb_delete_range_cf(P, P, P, S, Z, S, Z, E);
    fn rocksdb_transactiondb_put_cf(P, P, P, S, Z, S, Z, E);
    fn rocksdb_transactiondb_merge_cf(P, P, P, S, Z, S, Z, E);
    fn rocksdb_transactiondb_delete_cf(P, P, P, S, Z, E);
    fn rocksdb_write(P, P, P, E);
    fn rocksdb_transactiondb_write(P, P, P, E);
    fn rocksdb_get_cf(P, P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_transactiondb_get_cf(P, P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_get_pinned_cf(P, P, P, S, Z, E) -> P;
    fn rocksdb_transactiondb_get_pinned_cf(P, P, P, S, Z, E) -> P;
    fn rocksdb_pinnableslice_value(P, *mut Z) -> S;
    fn rocksdb_pinnableslice_destroy(P);
    fn rocksdb_multi_get_cf(P, P, *const P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_transactiondb_multi_get_cf(P, P, *const P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_create_snapshot(P) -> P;
    fn rocksdb_release_snapshot(P, P);
    fn rocksdb_transactiondb_create_snapshot(P) -> P;
    fn rocksdb_transactiondb_release_snapshot(P, P);
    fn rocksdb_snapshot_get_sequence_number(P) -> u64;
    fn rocksdb_create_iterator_cf(P, P, P) -> P;
    fn rocksdb_transactiondb_create_iterator_cf(P, P, P) -> P;
    fn rocksdb_iter_destroy(P);
    fn rocksdb_iter_valid(P) -> c_uchar;
    fn rocksdb_iter_seek_to_first(P);
    fn rocksdb_iter_seek_to_last(P);
    fn rocksdb_iter_seek(P, S, Z);
    fn rocksdb_iter_seek_for_prev(P, S, Z);
    fn rocksdb_iter_next(P);
    fn rocksdb_iter_prev(P);
    fn rocksdb_iter_key(P, *mut Z) -> S;
    fn rocksdb_iter_value(P, *mut Z) -> S;
    fn rocksdb_iter_get_error(P, E);
    fn rocksdb_flush_cf(P, P, P, E);
    fn rocksdb_transactiondb_flush_cf(P, P, P, E);
    fn rocksdb_compact_range_cf(P, P, S, Z, S, Z);
    fn rocksdb_get_latest_sequence_number(P) -> u64;
    fn rocksdb_get_updates_since(P, u64, P, E) -> P;
    fn rocksdb_wal_iter_valid(P) -> c_uchar;
    fn rocksdb_wal_iter_next(P);
    fn rocksdb_wal_iter_status(P, E);
    fn rocksdb_wal_iter_get_batch(P, *mut u64) -> P;
    fn rocksdb_wal_iter_destroy(P);
    fn rocksdb_property_value_cf(P, P, S) -> *mut c_char;
    fn rocksdb_property_int_cf(P, P, S, *mut u64) -> c_int;
    fn rocksdb_transactiondb_property_value(P, S) -> *mut c_char;
    fn rocksdb_writebatch_create() -> P;
    fn rocksdb_writebatch_destroy(P);
    fn rocksdb_writebatch_clear(P);
    fn rocksdb_writebatch_count(P) -> c_int;
    fn rocksdb_writebatch_put_cf(P, P, S, Z, S, Z);
    fn rocksdb_writebatch_merge_cf(P, P, S, Z, S, Z);
    fn rocksdb_writebatch_delete_cf(P, P, S, Z);
    fn rocksdb_writebatch_singledelete_cf(P, P, S, Z);
    fn rocksdb_writebatch_delete_range_cf(P, P, S, Z, S, Z);
    fn rocksdb_writebatch_put_log_data(P, S, Z);
    fn rocksdb_writebatch_set_save_point(P);
    fn rocksdb_writebatch_rollback_to_save_point(P, E);
    fn rocksdb_writebatch_pop_save_point(P, E);
    fn rocksdb_writebatch_data(P, *mut Z) -> S;
    fn rocksdb_writebatch_wi_create(Z, c_uchar) -> P;
    fn rocksdb_writebatch_wi_destroy(P);
    fn rocksdb_writebatch_wi_clear(P);
    fn rocksdb_writebatch_wi_count(P) -> c_int;
    fn rocksdb_writebatch_wi_put_cf(P, P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_merge_cf(P, P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_delete_cf(P, P, S, Z);
    fn rocksdb_writebatch_wi_singledelete_cf(P, P, S, Z);
    fn rocksdb_writebatch_wi_delete_range_cf(P, P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_put_log_data(P, S, Z);
    fn rocksdb_writebatch_wi_set_save_point(P);
    fn rocksdb_writebatch_wi_rollback_to_save_point(P, E);
    fn rocksdb_writebatch_wi_data(P, *mut Z) -> S;
    fn rocksdb_writebatch_wi_get_from_batch_cf(P, P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_writebatch_wi_get_from_batch_and_db_cf(P, P, P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_writebatch_wi_create_iterator_with_base_cf(P, P, P) -> P;
    fn rocksdb_write_writebatch_wi(P, P, P, E);
    fn rocksdb_transaction_options_create() -> P;
    fn rocksdb_transaction_options_destroy(P);
    fn rocksdb_transaction_options_set_lock_timeout(P, i64);
    fn rocksdb_optimistictransaction_options_create() -> P;
    fn rocksdb_optimistictransaction_options_destroy(P);
    fn rocksdb_transaction_begin(P, P, P, P) -> P;
    fn rocksdb_optimistictransaction_begin(P, P, P, P) -> P;
    fn rocksdb_transaction_destroy(P);
    fn rocksdb_transaction_put_cf(P, P, S, Z, S, Z, E);
    fn rocksdb_transaction_merge_cf(P, P, S, Z, S, Z, E);
    fn rocksdb_transaction_delete_cf(P, P, S, Z, E);
    fn rocksdb_transaction_get_cf(P, P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_transaction_get_for_update_cf(P, P, P, S, Z, *mut Z, c_uchar, E) -> *mut c_char;
    fn rocksdb_transaction_set_savepoint(P);
    fn rocksdb_transaction_rollback_to_savepoint(P, E);
    fn rocksdb_transaction_set_name(P, S, Z, E);
    fn rocksdb_transaction_get_name(P, *mut Z) -> *mut c_char;
    fn rocksdb_transaction_prepare(P, E);
    fn rocksdb_transaction_commit(P, E);
    fn rocksdb_transaction_rollback(P, E);
    fn rocksdb_transaction_create_iterator_cf(P, P, P) -> P;
    // The default-family variants (no handle argument).
    fn rocksdb_put(P, P, S, Z, S, Z, E);
    fn rocksdb_merge(P, P, S, Z, S, Z, E);
    fn rocksdb_delete(P, P, S, Z, E);
    fn rocksdb_singledelete(P, P, S, Z, E);
    fn rocksdb_transactiondb_put(P, P, S, Z, S, Z, E);
    fn rocksdb_transactiondb_merge(P, P, S, Z, S, Z, E);
    fn rocksdb_transactiondb_delete(P, P, S, Z, E);
    fn rocksdb_get(P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_transactiondb_get(P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_get_pinned(P, P, S, Z, E) -> P;
    fn rocksdb_transactiondb_get_pinned(P, P, S, Z, E) -> P;
    fn rocksdb_multi_get(P, P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_transactiondb_multi_get(P, P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_create_iterator(P, P) -> P;
    fn rocksdb_transactiondb_create_iterator(P, P) -> P;
    fn rocksdb_flush(P, P, E);
    fn rocksdb_transactiondb_flush(P, P, E);
    fn rocksdb_compact_range(P, S, Z, S, Z);
    fn rocksdb_property_value(P, S) -> *mut c_char;
    fn rocksdb_property_int(P, S, *mut u64) -> c_int;
    fn rocksdb_writebatch_put(P, S, Z, S, Z);
    fn rocksdb_writebatch_merge(P, S, Z, S, Z);
    fn rocksdb_writebatch_delete(P, S, Z);
    fn rocksdb_writebatch_singledelete(P, S, Z);
    fn rocksdb_writebatch_delete_range(P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_put(P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_merge(P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_delete(P, S, Z);
    fn rocksdb_writebatch_wi_singledelete(P, S, Z);
    fn rocksdb_writebatch_wi_delete_range(P, S, Z, S, Z);
    fn rocksdb_writebatch_wi_get_from_batch(P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_writebatch_wi_get_from_batch_and_db(P, P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_writebatch_wi_create_iterator_with_base(P, P) -> P;
    fn rocksdb_transaction_put(P, S, Z, S, Z, E);
    fn rocksdb_transaction_merge(P, S, Z, S, Z, E);
    fn rocksdb_transaction_delete(P, S, Z, E);
    fn rocksdb_transaction_get(P, P, S, Z, *mut Z, E) -> *mut c_char;
    fn rocksdb_transaction_get_for_update(P, P, S, Z, *mut Z, c_uchar, E) -> *mut c_char;
    fn rocksdb_transaction_create_iterator(P, P) -> P;
    // Vector forms: key and value parts are concatenated (SliceParts).
    fn rocksdb_writebatch_putv(P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_putv_cf(P, P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_mergev(P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_mergev_cf(P, P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_deletev(P, c_int, *const S, *const Z);
    fn rocksdb_writebatch_deletev_cf(P, P, c_int, *const S, *const Z);
    fn rocksdb_writebatch_delete_rangev(P, c_int, *const S, *const Z, *const S, *const Z);
    fn rocksdb_writebatch_delete_rangev_cf(P, P, c_int, *const S, *const Z, *const S, *const Z);
    fn rocksdb_writebatch_wi_putv(P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_wi_putv_cf(P, P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_wi_mergev(P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_wi_mergev_cf(P, P, c_int, *const S, *const Z, c_int, *const S, *const Z);
    fn rocksdb_writebatch_wi_deletev(P, c_int, *const S, *const Z);
    fn rocksdb_writebatch_wi_deletev_cf(P, P, c_int, *const S, *const Z);
    fn rocksdb_writebatch_wi_delete_rangev(P, c_int, *const S, *const Z, *const S, *const Z);
    fn rocksdb_writebatch_wi_delete_rangev_cf(P, P, c_int, *const S, *const Z, *const S, *const Z);
    fn rocksdb_writebatch_iterate(P, P, Option<PutFn>, Option<DelFn>);
    fn rocksdb_writebatch_iterate_ld(P, P, Option<PutFn>, Option<DelFn>, Option<LogFn>);
    fn rocksdb_writebatch_iterate_cf(P, P, Option<PutCfFn>, Option<DelCfFn>, Option<PutCfFn>);
    fn rocksdb_writebatch_iterate_cf_ld(P, P, Option<PutCfFn>, Option<DelCfFn>, Option<PutCfFn>, Option<LogFn>);
    fn rocksdb_writebatch_wi_iterate(P, P, Option<PutFn>, Option<DelFn>);
    fn rocksdb_writebatch_create_from(S, Z) -> P;
    fn rocksdb_writebatch_create_with_params(Z, Z, Z, Z) -> P;
    fn rocksdb_writebatch_verify_checksum(P, E);
    fn rocksdb_writebatch_wi_get_pinned_from_batch_and_db(P, P, P, S, Z, E) -> P;
    fn rocksdb_writebatch_wi_get_pinned_from_batch_and_db_cf(P, P, P, P, S, Z, E) -> P;
    fn rocksdb_writebatch_wi_create_iterator_with_base_readopts(P, P, P) -> P;
    fn rocksdb_writebatch_wi_create_iterator_with_base_cf_readopts(P, P, P, P) -> P;
    fn rocksdb_transaction_get_pinned(P, P, S, Z, E) -> P;
    fn rocksdb_transaction_get_pinned_cf(P, P, P, S, Z, E) -> P;
    fn rocksdb_transaction_get_pinned_for_update(P, P, S, Z, c_uchar, E) -> P;
    fn rocksdb_transaction_get_pinned_for_update_cf(P, P, P, S, Z, c_uchar, E) -> P;
    fn rocksdb_transaction_multi_get(P, P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_transaction_multi_get_cf(P, P, *const P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_transaction_multi_get_for_update(P, P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_transaction_multi_get_for_update_cf(P, P, *const P, Z, *const S, *const Z, *mut *mut c_char, *mut Z, *mut *mut c_char);
    fn rocksdb_transaction_put_log_data(P, S, Z);
    fn rocksdb_transaction_get_writebatch_wi(P) -> P;
    fn rocksdb_transaction_rebuild_from_writebatch(P, P, E);
    fn rocksdb_transaction_rebuild_from_writebatch_wi(P, P, E);
    fn rocksdb_transaction_get_snapshot(P) -> P;
    fn rocksdb_column_family_handle_get_name(P, *mut Z) -> *mut c_char;
    fn rocksdb_column_family_handle_get_id(P) -> u32;
    fn rocksdb_compact_range_opt(P, P, S, Z, S, Z);
    fn rocksdb_compact_range_cf_opt(P, P, P, S, Z, S, Z);
    fn rocksdb_compactoptions_create() -> P;
    fn rocksdb_compactoptions_destroy(P);
    fn rocksdb_checkpoint_object_create(P, E) -> P;
    fn rocksdb_transactiondb_checkpoint_object_create(P, E) -> P;
    fn rocksdb_checkpoint_create(P, S, u64, E);
    fn rocksdb_checkpoint_object_destroy(P);
    fn rocksdb_open_for_read_only_column_families(P, S, c_int, *const S, *const P, *mut P, c_uchar, E) -> P;
    fn rocksdb_livefiles(P) -> P;
    fn rocksdb_livefiles_count(P) -> c_int;
    fn rocksdb_livefiles_name(P, c_int) -> S;
    fn rocksdb_livefiles_column_family_name(P, c_int) -> S;
    fn rocksdb_livefiles_level(P, c_int) -> c_int;
    fn rocksdb_livefiles_smallestkey(P, c_int, *mut Z) -> S;
    fn rocksdb_livefiles_largestkey(P, c_int, *mut Z) -> S;
    fn rocksdb_livefiles_smallest_seqno(P, c_int) -> u64;
    fn rocksdb_livefiles_largest_seqno(P, c_int) -> u64;
    fn rocksdb_livefiles_entries(P, c_int) -> u64;
    fn rocksdb_livefiles_deletions(P, c_int) -> u64;
    fn rocksdb_livefiles_destroy(P);
    fn rocksdb_get_column_family_metadata(P) -> P;
    fn rocksdb_get_column_family_metadata_cf(P, P) -> P;
    fn rocksdb_column_family_metadata_destroy(P);
    fn rocksdb_column_family_metadata_get_name(P) -> *mut c_char;
    fn rocksdb_column_family_metadata_get_file_count(P) -> Z;
    fn rocksdb_column_family_metadata_get_level_count(P) -> Z;
    fn rocksdb_column_family_metadata_get_level_metadata(P, Z) -> P;
    fn rocksdb_level_metadata_destroy(P);
    fn rocksdb_level_metadata_get_level(P) -> c_int;
    fn rocksdb_level_metadata_get_file_count(P) -> Z;
    fn rocksdb_level_metadata_get_sst_file_metadata(P, Z) -> P;
    fn rocksdb_sst_file_metadata_destroy(P);
    fn rocksdb_sst_file_metadata_get_relative_filename(P) -> *mut c_char;
    fn rocksdb_sst_file_metadata_get_smallestkey(P, *mut Z) -> *mut c_char;
    fn rocksdb_sst_file_metadata_get_largestkey(P, *mut Z) -> *mut c_char;
    fn rocksdb_transactiondb_property_int(P, S, *mut u64) -> c_int;
    fn rocksdb_optimistictransactiondb_property_value(P, S) -> *mut c_char;
    fn rocksdb_optimistictransactiondb_property_int(P, S, *mut u64) -> c_int;
}

type PutFn = unsafe extern "C" fn(P, S, Z, S, Z);
type DelFn = unsafe extern "C" fn(P, S, Z);
type LogFn = unsafe extern "C" fn(P, S, Z);
type PutCfFn = unsafe extern "C" fn(P, u32, S, Z, S, Z);
type DelCfFn = unsafe extern "C" fn(P, u32, S, Z);

/// What a WriteBatch iterate handler saw, one record a word (the `state` of the callbacks).
struct Seen(Vec<String>);

unsafe fn seen<'a>(state: P) -> &'a mut Seen {
    &mut *(state as *mut Seen)
}

unsafe fn b(p: S, n: Z) -> String {
    crate::exec::bytes(std::slice::from_raw_parts(p as *const u8, n))
}

unsafe extern "C" fn seen_put(state: P, k: S, kn: Z, v: S, vn: Z) {
    seen(state).0.push(format!("put:{}={}", b(k, kn), b(v, vn)));
}
unsafe extern "C" fn seen_del(state: P, k: S, kn: Z) {
    seen(state).0.push(format!("del:{}", b(k, kn)));
}
unsafe extern "C" fn seen_log(state: P, d: S, n: Z) {
    seen(state).0.push(format!("log:{}", b(d, n)));
}
unsafe extern "C" fn seen_put_cf(state: P, cf: u32, k: S, kn: Z, v: S, vn: Z) {
    seen(state).0.push(format!("put{cf}:{}={}", b(k, kn), b(v, vn)));
}
unsafe extern "C" fn seen_del_cf(state: P, cf: u32, k: S, kn: Z) {
    seen(state).0.push(format!("del{cf}:{}", b(k, kn)));
}
unsafe extern "C" fn seen_merge_cf(state: P, cf: u32, k: S, kn: Z, v: S, vn: Z) {
    seen(state).0.push(format!("merge{cf}:{}={}", b(k, kn), b(v, vn)));
}

thread_local! {
    static USED: RefCell<BTreeSet<String>> = const { RefCell::new(BTreeSet::new()) };
}

/// The functions called so far in this process (the coverage).
pub fn used() -> BTreeSet<String> {
    USED.with(|u| u.borrow().clone())
}

fn note(name: &str) {
    USED.with(|u| {
        if !u.borrow().contains(name) {
            u.borrow_mut().insert(name.to_string());
        }
    })
}

/// Looks a function up and records that it is called; `?` turns a missing one into `Missing`.
macro_rules! f {
    ($lib:expr, $name:ident) => {{
        note(stringify!($name));
        $lib.fns.$name.ok_or(Missing(stringify!($name)))?
    }};
}

/// One loaded library.
pub struct Lib {
    handle: P,
    fns: Fns,
}

pub type R<T> = Result<T, Missing>;

/// A C call's outcome: its value, or the error string it stored through errptr.
pub type Res<T> = Result<T, String>;

impl Lib {
    /// Loads the library at `path` (absolute) with RTLD_LOCAL, so its symbols do not
    /// take the place of another library's.
    pub fn open(path: &str) -> Result<Lib, String> {
        let c = CString::new(path).map_err(|e| e.to_string())?;
        // SAFETY: dlopen with a NUL-terminated path; the library's constructors run.
        let handle = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            // SAFETY: dlerror returns a NUL-terminated message after a failed dlopen.
            let msg = unsafe { CStr::from_ptr(libc::dlerror()) }.to_string_lossy().into_owned();
            return Err(format!("dlopen {path}: {msg}"));
        }
        // SAFETY: a live handle from dlopen.
        let fns = unsafe { Fns::load(handle) };
        Ok(Lib { handle, fns })
    }

    /// Whether the library exports `name` (any c.h function).
    pub fn has(&self, name: &str) -> bool {
        self.sym(name).is_some()
    }

    fn sym(&self, name: &str) -> Option<P> {
        let c = CString::new(name).ok()?;
        // SAFETY: a live handle, a NUL-terminated name.
        let p = unsafe { libc::dlsym(self.handle, c.as_ptr()) };
        (!p.is_null()).then_some(p)
    }

    /// Takes an error string the library stored (and frees it with the library's free).
    fn take_err(&self, e: *mut c_char) -> R<Res<()>> {
        if e.is_null() {
            return Ok(Ok(()));
        }
        // SAFETY: a NUL-terminated string the library malloc'ed for errptr.
        let s = unsafe { CStr::from_ptr(e) }.to_string_lossy().into_owned();
        unsafe { f!(self, rocksdb_free)(e as P) };
        Ok(Err(s))
    }

    /// A malloc'ed buffer of `len` bytes returned by the library (NULL: None), freed.
    fn take_buf(&self, p: *mut c_char, len: Z) -> R<Option<Vec<u8>>> {
        if p.is_null() {
            return Ok(None);
        }
        // SAFETY: the library returned `len` readable bytes at `p`.
        let v = unsafe { std::slice::from_raw_parts(p as *const u8, len) }.to_vec();
        unsafe { f!(self, rocksdb_free)(p as P) };
        Ok(Some(v))
    }

    /// Bytes the library owns (not freed).
    fn borrowed(p: S, len: Z) -> Option<Vec<u8>> {
        // SAFETY: the library returned `len` readable bytes at `p`, valid until the next call on the object.
        (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p as *const u8, len) }.to_vec())
    }

    fn cstr_owned(&self, p: *mut c_char) -> R<Option<String>> {
        if p.is_null() {
            return Ok(None);
        }
        // SAFETY: a NUL-terminated malloc'ed string from the library.
        let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
        unsafe { f!(self, rocksdb_free)(p as P) };
        Ok(Some(s))
    }
}

fn cs(s: &str) -> CString {
    CString::new(s).expect("no NUL in names")
}

/// Which database object the handle is: a plain DB, a TransactionDB, or an
/// OptimisticTransactionDB (whose base DB serves the plain operations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbKind {
    Plain,
    Pessimistic,
    Optimistic,
}

/// The merge operator the driver hands to both libraries. Full merge writes
/// `[base;op,op,...]` (`~` for no base); with `partial` set, partial merge writes
/// `(op+op+...)`, otherwise it declines. Every result shows which operands each call
/// received, in which order.
pub struct MergeState {
    pub partial: bool,
}

unsafe extern "C" fn merge_destructor(state: P) {
    drop(Box::from_raw(state as *mut MergeState));
}

unsafe fn slices<'a>(ops: *const S, lens: *const Z, n: c_int) -> Vec<&'a [u8]> {
    (0..n as usize).map(|i| std::slice::from_raw_parts(*ops.add(i) as *const u8, *lens.add(i))).collect()
}

unsafe fn malloc_bytes(v: &[u8], out_len: *mut Z) -> *mut c_char {
    let p = libc::malloc(v.len().max(1)) as *mut u8;
    std::ptr::copy_nonoverlapping(v.as_ptr(), p, v.len());
    *out_len = v.len();
    p as *mut c_char
}

unsafe extern "C" fn merge_full(
    _state: P, _key: S, _klen: Z, existing: S, elen: Z, ops: *const S, lens: *const Z, n: c_int, success: *mut c_uchar, out_len: *mut Z,
) -> *mut c_char {
    let mut v = b"[".to_vec();
    if existing.is_null() {
        v.push(b'~');
    } else {
        v.extend_from_slice(std::slice::from_raw_parts(existing as *const u8, elen));
    }
    v.push(b';');
    for (i, o) in slices(ops, lens, n).iter().enumerate() {
        if i > 0 {
            v.push(b',');
        }
        v.extend_from_slice(o);
    }
    v.push(b']');
    *success = 1;
    malloc_bytes(&v, out_len)
}

unsafe extern "C" fn merge_partial(
    state: P, _key: S, _klen: Z, ops: *const S, lens: *const Z, n: c_int, success: *mut c_uchar, out_len: *mut Z,
) -> *mut c_char {
    if !(*(state as *const MergeState)).partial {
        *success = 0;
        *out_len = 0;
        return std::ptr::null_mut();
    }
    let mut v = b"(".to_vec();
    for (i, o) in slices(ops, lens, n).iter().enumerate() {
        if i > 0 {
            v.push(b'+');
        }
        v.extend_from_slice(o);
    }
    v.push(b')');
    *success = 1;
    malloc_bytes(&v, out_len)
}

unsafe extern "C" fn merge_delete_value(_state: P, v: S, _len: Z) {
    libc::free(v as P);
}

unsafe extern "C" fn merge_name(_state: P) -> S {
    c"difftest.merge".as_ptr()
}

/// A scalar argument or result of an option setter or getter (strings included).
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    U8(u8),
    I32(i32),
    U32(u32),
    I64(i64),
    U64(u64),
    F64(f64),
    /// A string setter's argument; a `const char *f(T *, size_t *)` getter's answer (None: NULL).
    Str(Option<Vec<u8>>),
    /// A setter's error (`..._from_string(T *, const char *, size_t, char **)`).
    Err(Option<String>),
}

impl std::fmt::Display for Scalar {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Scalar::U8(v) => write!(f, "{v}"),
            Scalar::I32(v) => write!(f, "{v}"),
            Scalar::U32(v) => write!(f, "{v}"),
            Scalar::I64(v) => write!(f, "{v}"),
            Scalar::U64(v) => write!(f, "{v}"),
            Scalar::F64(v) => write!(f, "{v:?}"),
            Scalar::Str(None) => write!(f, "NULL"),
            Scalar::Str(Some(v)) => write!(f, "\"{}\"", crate::exec::bytes(v)),
            Scalar::Err(None) => write!(f, "ok"),
            Scalar::Err(Some(e)) => write!(f, "err {e}"),
        }
    }
}

/// The C type of a scalar (c.h spelling decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SType {
    U8,
    I32,
    U32,
    I64,
    U64,
    F64,
    /// `const char *` (NUL-terminated).
    Str,
    /// `const char *, size_t` (a getter: `const char *f(T *, size_t *)`).
    Bytes,
    /// `const char *, size_t, char **errptr`.
    BytesErr,
}

impl SType {
    pub fn of_c(t: &str) -> Option<SType> {
        Some(match t.trim() {
            "unsigned char" | "uint8_t" | "bool" => SType::U8,
            "int" | "int32_t" => SType::I32,
            "uint32_t" | "unsigned int" => SType::U32,
            "int64_t" => SType::I64,
            "uint64_t" | "size_t" => SType::U64,
            "double" => SType::F64,
            _ => return None,
        })
    }
}

/// Strings handed to setters stay alive to the end of the process: some setters keep the
/// pointer (ReadOptions' bounds and timestamps are Slices over the caller's bytes).
fn keep(v: &[u8]) -> S {
    let mut b = v.to_vec();
    b.push(0);
    Box::leak(b.into_boxed_slice()).as_ptr() as S
}

impl Lib {
    fn sym_noted(&self, name: &str) -> R<P> {
        let p = self.sym(name).ok_or(Missing(leak(name)))?;
        note(name);
        Ok(p)
    }

    /// Calls a constructor `T *f(args)` (the shapes c.h has; see `surface::Ctor`).
    pub fn construct(&self, name: &str, args: &[Scalar]) -> R<H> {
        use Scalar::*;
        let p = self.sym_noted(name)?;
        let ptr = |v: &Option<Vec<u8>>| v.as_deref().map_or(std::ptr::null(), keep);
        // SAFETY: each arm's function type is the constructor's c.h signature, which the
        // arguments were built for (surface.rs parsed it); an object argument is a live
        // object of the type c.h names (the executor's scratch object).
        Ok(H(unsafe {
            match args {
                [] => std::mem::transmute::<P, unsafe extern "C" fn() -> P>(p)(),
                [Str(s)] => std::mem::transmute::<P, unsafe extern "C" fn(S) -> P>(p)(ptr(s)),
                [U64(a)] => std::mem::transmute::<P, unsafe extern "C" fn(u64) -> P>(p)(*a),
                [U64(a), U64(b)] => std::mem::transmute::<P, unsafe extern "C" fn(u64, u64) -> P>(p)(*a, *b),
                [U64(a), U8(b)] => std::mem::transmute::<P, unsafe extern "C" fn(u64, u8) -> P>(p)(*a, *b),
                [Str(s), U64(a)] => std::mem::transmute::<P, unsafe extern "C" fn(S, u64) -> P>(p)(ptr(s), *a),
                [F64(a)] => std::mem::transmute::<P, unsafe extern "C" fn(f64) -> P>(p)(*a),
                [F64(a), I32(b)] => std::mem::transmute::<P, unsafe extern "C" fn(f64, i32) -> P>(p)(*a, *b),
                [I64(a), I64(b), I32(c)] => std::mem::transmute::<P, unsafe extern "C" fn(i64, i64, i32) -> P>(p)(*a, *b, *c),
                [I64(a), I64(b), I32(c), I32(d), U8(e)] => {
                    std::mem::transmute::<P, unsafe extern "C" fn(i64, i64, i32, i32, u8) -> P>(p)(*a, *b, *c, *d, *e)
                }
                [I32(a), Str(s)] => std::mem::transmute::<P, unsafe extern "C" fn(i32, S) -> P>(p)(*a, ptr(s)),
                _ => return std::result::Result::Err(Missing(leak(&format!("{name} (a constructor shape the driver cannot call)")))),
            }
        }))
    }

    /// Whether `construct` (or `construct_from`, for one object) can call a constructor of these arguments.
    pub fn can_construct(args: &[crate::surface::CArg]) -> bool {
        use crate::surface::CArg::{Obj, Scalar as C};
        use SType::*;
        matches!(
            args,
            [] | [C(Str)]
                | [C(U64)]
                | [C(U64), C(U64)]
                | [C(U64), C(U8)]
                | [C(Str), C(U64)]
                | [C(F64)]
                | [C(F64), C(I32)]
                | [C(I64), C(I64), C(I32)]
                | [C(I64), C(I64), C(I32), C(I32), C(U8)]
                | [C(I32), C(Str)]
                | [Obj(_)]
        )
    }

    /// Calls a constructor whose one argument is another object (`rocksdb_cache_create_lru_opts`).
    pub fn construct_from(&self, name: &str, from: H) -> R<H> {
        let p = self.sym_noted(name)?;
        // SAFETY: c.h declares it `T *f(const U *)`; `from` is a live U.
        Ok(H(unsafe { std::mem::transmute::<P, unsafe extern "C" fn(P) -> P>(p)(from.0) }))
    }

    /// Destroys an object with a `void destroy(T *)` function.
    pub fn destroy_obj(&self, destroy: &str, h: H) -> R<()> {
        self.action(destroy, h)
    }

    /// Calls a `void f(T *)` (a destroy, a clear).
    pub fn action(&self, name: &str, h: H) -> R<()> {
        let p = self.sym_noted(name)?;
        // SAFETY: c.h declares `name` as `void (T *)`; `h` is a live T.
        let f: unsafe extern "C" fn(P) = unsafe { std::mem::transmute(p) };
        unsafe { f(h.0) };
        Ok(())
    }

    /// Writes an SST file at `path` with an SstFileWriter on the database's options, then
    /// ingests it into `cf` with `io` (ingest options): every call's answer in order. The
    /// file's size is asked but not compared (table bytes are each engine's own).
    pub fn sst_ingest(&self, o: &Opened, opts: H, io: H, cf: Option<H>, path: &str, ops: &[SstOp]) -> R<String> {
        let mut out = Vec::new();
        let p = cs(path);
        unsafe {
            let eo = f!(self, rocksdb_envoptions_create)();
            let w = f!(self, rocksdb_sstfilewriter_create)(eo, opts.0);
            let mut err = std::ptr::null_mut();
            f!(self, rocksdb_sstfilewriter_open)(w, p.as_ptr(), &mut err);
            out.push(format!("open {}", crate::exec::unit_pub(&self.take_err(err)?)));
            for op in ops {
                let mut err = std::ptr::null_mut();
                let s = |b: &[u8]| (b.as_ptr() as S, b.len());
                match op {
                    SstOp::Put(k, v) => f!(self, rocksdb_sstfilewriter_put)(w, s(k).0, s(k).1, s(v).0, s(v).1, &mut err),
                    SstOp::Merge(k, v) => f!(self, rocksdb_sstfilewriter_merge)(w, s(k).0, s(k).1, s(v).0, s(v).1, &mut err),
                    SstOp::Delete(k) => f!(self, rocksdb_sstfilewriter_delete)(w, s(k).0, s(k).1, &mut err),
                    SstOp::DeleteRange(a, b) => f!(self, rocksdb_sstfilewriter_delete_range)(w, s(a).0, s(a).1, s(b).0, s(b).1, &mut err),
                }
                if let Err(e) = self.take_err(err)? {
                    out.push(format!("err {e}"));
                }
            }
            let mut size = 0u64;
            f!(self, rocksdb_sstfilewriter_file_size)(w, &mut size);
            let mut err = std::ptr::null_mut();
            f!(self, rocksdb_sstfilewriter_finish)(w, &mut err);
            let fin = self.take_err(err)?;
            out.push(format!("finish {}", crate::exec::unit_pub(&fin)));
            f!(self, rocksdb_sstfilewriter_destroy)(w);
            f!(self, rocksdb_envoptions_destroy)(eo);
            if fin.is_ok() {
                let files = [p.as_ptr()];
                let mut err = std::ptr::null_mut();
                match cf {
                    Some(c) => f!(self, rocksdb_ingest_external_file_cf)(o.base.0, c.0, files.as_ptr(), 1, io.0, &mut err),
                    None => f!(self, rocksdb_ingest_external_file)(o.base.0, files.as_ptr(), 1, io.0, &mut err),
                }
                out.push(format!("ingest {}", crate::exec::unit_pub(&self.take_err(err)?)));
            }
        }
        Ok(out.join("; "))
    }

    pub fn ingestoptions(&self) -> R<H> {
        unsafe { Ok(H(f!(self, rocksdb_ingestexternalfileoptions_create)())) }
    }

    pub fn ingestoptions_destroy(&self, h: H) -> R<()> {
        unsafe { f!(self, rocksdb_ingestexternalfileoptions_destroy)(h.0) };
        Ok(())
    }

    /// Calls `void name(T *, U *)` (`surface::OptObject::obj_setters`).
    pub fn set_obj(&self, name: &str, h: H, u: H) -> R<()> {
        let p = self.sym_noted(name)?;
        // SAFETY: c.h declares `name` as `void (T *, U *)`; `h` is a live T, `u` a live U.
        let f: unsafe extern "C" fn(P, P) = unsafe { std::mem::transmute(p) };
        unsafe { f(h.0, u.0) };
        Ok(())
    }

    /// Calls a setter `void name(T *, value)`; a setter with an errptr answers its error.
    pub fn set_scalar(&self, name: &str, h: H, t: SType, v: &Scalar) -> R<Scalar> {
        let p = self.sym_noted(name)?;
        let bytes = |v: &Option<Vec<u8>>| v.as_deref().map_or((std::ptr::null(), 0), |b| (keep(b), b.len()));
        // SAFETY: the setter's parameters have the C types `t` names (parsed from c.h), and
        // `v` was built for `t`.
        unsafe {
            match (t, v) {
                (_, Scalar::U8(x)) => std::mem::transmute::<P, unsafe extern "C" fn(P, u8)>(p)(h.0, *x),
                (_, Scalar::I32(x)) => std::mem::transmute::<P, unsafe extern "C" fn(P, i32)>(p)(h.0, *x),
                (_, Scalar::U32(x)) => std::mem::transmute::<P, unsafe extern "C" fn(P, u32)>(p)(h.0, *x),
                (_, Scalar::I64(x)) => std::mem::transmute::<P, unsafe extern "C" fn(P, i64)>(p)(h.0, *x),
                (_, Scalar::U64(x)) => std::mem::transmute::<P, unsafe extern "C" fn(P, u64)>(p)(h.0, *x),
                (_, Scalar::F64(x)) => std::mem::transmute::<P, unsafe extern "C" fn(P, f64)>(p)(h.0, *x),
                (SType::Str, Scalar::Str(s)) => std::mem::transmute::<P, unsafe extern "C" fn(P, S)>(p)(h.0, bytes(s).0),
                (SType::Bytes, Scalar::Str(s)) => {
                    let (b, n) = bytes(s);
                    std::mem::transmute::<P, unsafe extern "C" fn(P, S, Z)>(p)(h.0, b, n)
                }
                (SType::BytesErr, Scalar::Str(s)) => {
                    let (b, n) = bytes(s);
                    let mut err = std::ptr::null_mut();
                    std::mem::transmute::<P, unsafe extern "C" fn(P, S, Z, E)>(p)(h.0, b, n, &mut err);
                    return Ok(Scalar::Err(self.take_err(err)?.err()));
                }
                _ => unreachable!("a {t:?} setter given {v:?}"),
            }
        }
        Ok(Scalar::Err(None))
    }

    /// Calls a getter `scalar name(T *)`, or `const char *name(T *, size_t *)`.
    pub fn get_scalar(&self, name: &str, h: H, t: SType) -> R<Scalar> {
        let p = self.sym_noted(name)?;
        // SAFETY: the getter returns the C type `t` (parsed from c.h).
        Ok(unsafe {
            match t {
                SType::U8 => Scalar::U8(std::mem::transmute::<P, unsafe extern "C" fn(P) -> u8>(p)(h.0)),
                SType::I32 => Scalar::I32(std::mem::transmute::<P, unsafe extern "C" fn(P) -> i32>(p)(h.0)),
                SType::U32 => Scalar::U32(std::mem::transmute::<P, unsafe extern "C" fn(P) -> u32>(p)(h.0)),
                SType::I64 => Scalar::I64(std::mem::transmute::<P, unsafe extern "C" fn(P) -> i64>(p)(h.0)),
                SType::U64 => Scalar::U64(std::mem::transmute::<P, unsafe extern "C" fn(P) -> u64>(p)(h.0)),
                SType::F64 => Scalar::F64(std::mem::transmute::<P, unsafe extern "C" fn(P) -> f64>(p)(h.0)),
                SType::Bytes | SType::Str | SType::BytesErr => {
                    let mut n: Z = 0;
                    let s = std::mem::transmute::<P, unsafe extern "C" fn(P, *mut Z) -> S>(p)(h.0, &mut n);
                    Scalar::Str(Lib::borrowed(s, n))
                }
            }
        })
    }
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// The handles an open database has: the DB (or TransactionDB / OptimisticTransactionDB),
/// the `rocksdb_t` plain operations use (the base DB of an optimistic one), and one
/// handle per column family opened.
pub struct Opened {
    pub db: H,
    pub base: H,
    pub cfs: Vec<H>,
}

/// One entry given to an SstFileWriter.
pub enum SstOp {
    Put(Vec<u8>, Vec<u8>),
    Merge(Vec<u8>, Vec<u8>),
    Delete(Vec<u8>),
    DeleteRange(Vec<u8>, Vec<u8>),
}

/// Arguments of a write into a batch, a WriteBatchWithIndex or a transaction.
#[derive(Clone, Copy)]
pub enum W<'a> {
    Put(&'a [u8], &'a [u8]),
    Merge(&'a [u8], &'a [u8]),
    Delete(&'a [u8]),
    SingleDelete(&'a [u8]),
    DeleteRange(&'a [u8], &'a [u8]),
}

pub enum BatchKind {
    Plain,
    Indexed,
}

/// The `rocksdb_*` calls the executor makes, one method per logical step.
impl Lib {
    pub fn options(&self, merge: Option<bool>, wal_ttl: u64) -> R<H> {
        unsafe {
            let o = f!(self, rocksdb_options_create)();
            f!(self, rocksdb_options_set_create_if_missing)(o, 1);
            f!(self, rocksdb_options_set_create_missing_column_families)(o, 1);
            f!(self, rocksdb_options_set_disable_auto_compactions)(o, 1);
            // Large enough that no write makes a flush of its own.
            f!(self, rocksdb_options_set_write_buffer_size)(o, 64 << 20);
            // 11.8.1's default (7.8.3's was off): where CompactRange puts its output.
            f!(self, rocksdb_options_set_level_compaction_dynamic_level_bytes)(o, 1);
            if wal_ttl > 0 {
                f!(self, rocksdb_options_set_WAL_ttl_seconds)(o, wal_ttl);
            }
            if let Some(partial) = merge {
                let state = Box::into_raw(Box::new(MergeState { partial })) as P;
                let m = f!(self, rocksdb_mergeoperator_create)(
                    state,
                    Some(merge_destructor),
                    Some(merge_full),
                    Some(merge_partial),
                    Some(merge_delete_value),
                    Some(merge_name),
                );
                f!(self, rocksdb_options_set_merge_operator)(o, m);
            }
            Ok(H(o))
        }
    }

    pub fn options_destroy(&self, o: H) -> R<()> {
        unsafe { f!(self, rocksdb_options_destroy)(o.0) };
        Ok(())
    }

    pub fn open_db(&self, kind: DbKind, opts: H, path: &str, cf_names: &[String]) -> R<Res<Opened>> {
        let cpath = cs(path);
        let names: Vec<CString> = cf_names.iter().map(|n| cs(n)).collect();
        let name_ptrs: Vec<S> = names.iter().map(|c| c.as_ptr()).collect();
        let cf_opts: Vec<P> = vec![opts.0; names.len()];
        let mut handles: Vec<P> = vec![std::ptr::null_mut(); names.len()];
        let mut err: *mut c_char = std::ptr::null_mut();
        let n = names.len() as c_int;
        unsafe {
            let (db, base) = match kind {
                DbKind::Plain => {
                    let db = f!(self, rocksdb_open_column_families)(
                        opts.0, cpath.as_ptr(), n, name_ptrs.as_ptr(), cf_opts.as_ptr(), handles.as_mut_ptr(), &mut err,
                    );
                    (db, db)
                }
                DbKind::Pessimistic => {
                    let t = f!(self, rocksdb_transactiondb_options_create)();
                    // No waiting for a lock: a conflict answers at once, the same way on both libraries.
                    f!(self, rocksdb_transactiondb_options_set_default_lock_timeout)(t, 0);
                    f!(self, rocksdb_transactiondb_options_set_transaction_lock_timeout)(t, 0);
                    let db = f!(self, rocksdb_transactiondb_open_column_families)(
                        opts.0, t, cpath.as_ptr(), n, name_ptrs.as_ptr(), cf_opts.as_ptr(), handles.as_mut_ptr(), &mut err,
                    );
                    f!(self, rocksdb_transactiondb_options_destroy)(t);
                    (db, std::ptr::null_mut())
                }
                DbKind::Optimistic => {
                    let db = f!(self, rocksdb_optimistictransactiondb_open_column_families)(
                        opts.0, cpath.as_ptr(), n, name_ptrs.as_ptr(), cf_opts.as_ptr(), handles.as_mut_ptr(), &mut err,
                    );
                    let base = if db.is_null() { db } else { f!(self, rocksdb_optimistictransactiondb_get_base_db)(db) };
                    (db, base)
                }
            };
            if let Err(e) = self.take_err(err)? {
                return Ok(Err(e));
            }
            Ok(Ok(Opened { db: H(db), base: H(base), cfs: handles.into_iter().map(H).collect() }))
        }
    }

    pub fn close(&self, kind: DbKind, o: &Opened) -> R<()> {
        unsafe {
            for h in &o.cfs {
                if !h.is_null() {
                    f!(self, rocksdb_column_family_handle_destroy)(h.0);
                }
            }
            match kind {
                DbKind::Plain => f!(self, rocksdb_close)(o.db.0),
                DbKind::Pessimistic => f!(self, rocksdb_transactiondb_close)(o.db.0),
                DbKind::Optimistic => {
                    f!(self, rocksdb_optimistictransactiondb_close_base_db)(o.base.0);
                    f!(self, rocksdb_optimistictransactiondb_close)(o.db.0);
                }
            }
        }
        Ok(())
    }

    pub fn list_cfs(&self, opts: H, path: &str) -> R<Res<Vec<String>>> {
        let cpath = cs(path);
        let mut n: Z = 0;
        let mut err = std::ptr::null_mut();
        unsafe {
            let l = f!(self, rocksdb_list_column_families)(opts.0, cpath.as_ptr(), &mut n, &mut err);
            if let Err(e) = self.take_err(err)? {
                return Ok(Err(e));
            }
            let v = (0..n).map(|i| CStr::from_ptr(*l.add(i)).to_string_lossy().into_owned()).collect();
            f!(self, rocksdb_list_column_families_destroy)(l, n);
            Ok(Ok(v))
        }
    }

    pub fn create_cf(&self, kind: DbKind, o: &Opened, opts: H, name: &str) -> R<Res<H>> {
        let c = cs(name);
        let mut err = std::ptr::null_mut();
        unsafe {
            let h = match kind {
                DbKind::Pessimistic => f!(self, rocksdb_transactiondb_create_column_family)(o.db.0, opts.0, c.as_ptr(), &mut err),
                _ => f!(self, rocksdb_create_column_family)(o.base.0, opts.0, c.as_ptr(), &mut err),
            };
            Ok(self.take_err(err)?.map(|_| H(h)))
        }
    }

    pub fn drop_cf(&self, o: &Opened, cf: H) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe { f!(self, rocksdb_drop_column_family)(o.base.0, cf.0, &mut err) };
        self.take_err(err)
    }

    pub fn cf_handle_destroy(&self, cf: H) -> R<()> {
        unsafe { f!(self, rocksdb_column_family_handle_destroy)(cf.0) };
        Ok(())
    }

    pub fn writeoptions(&self, sync: bool, disable_wal: bool) -> R<H> {
        unsafe {
            let w = f!(self, rocksdb_writeoptions_create)();
            if sync {
                f!(self, rocksdb_writeoptions_set_sync)(w, 1);
            }
            if disable_wal {
                f!(self, rocksdb_writeoptions_disable_WAL)(w, 1);
            }
            Ok(H(w))
        }
    }

    pub fn writeoptions_destroy(&self, w: H) -> R<()> {
        unsafe { f!(self, rocksdb_writeoptions_destroy)(w.0) };
        Ok(())
    }

    /// ReadOptions with a snapshot and bounds; the bounds' bytes must outlive it (the
    /// C API keeps a pointer to them).
    pub fn readoptions(&self, snap: Option<H>, lower: Option<&[u8]>, upper: Option<&[u8]>) -> R<H> {
        unsafe {
            let r = f!(self, rocksdb_readoptions_create)();
            if let Some(s) = snap {
                f!(self, rocksdb_readoptions_set_snapshot)(r, s.0);
            }
            if let Some(l) = lower {
                f!(self, rocksdb_readoptions_set_iterate_lower_bound)(r, l.as_ptr() as S, l.len());
            }
            if let Some(u) = upper {
                f!(self, rocksdb_readoptions_set_iterate_upper_bound)(r, u.as_ptr() as S, u.len());
            }
            Ok(H(r))
        }
    }

    pub fn readoptions_destroy(&self, r: H) -> R<()> {
        unsafe { f!(self, rocksdb_readoptions_destroy)(r.0) };
        Ok(())
    }

    /// `cf` None: the default family through the variant without a handle (`rocksdb_put`).
    pub fn write_one(&self, kind: DbKind, o: &Opened, wo: H, cf: Option<H>, w: &W) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        let pes = kind == DbKind::Pessimistic;
        let (db, b) = (o.db.0, o.base.0);
        unsafe {
            match (*w, cf) {
                (W::Put(k, v), Some(c)) if pes => f!(self, rocksdb_transactiondb_put_cf)(db, wo.0, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Put(k, v), None) if pes => f!(self, rocksdb_transactiondb_put)(db, wo.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Put(k, v), Some(c)) => f!(self, rocksdb_put_cf)(b, wo.0, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Put(k, v), None) => f!(self, rocksdb_put)(b, wo.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Merge(k, v), Some(c)) if pes => f!(self, rocksdb_transactiondb_merge_cf)(db, wo.0, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Merge(k, v), None) if pes => f!(self, rocksdb_transactiondb_merge)(db, wo.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Merge(k, v), Some(c)) => f!(self, rocksdb_merge_cf)(b, wo.0, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Merge(k, v), None) => f!(self, rocksdb_merge)(b, wo.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Delete(k), Some(c)) if pes => f!(self, rocksdb_transactiondb_delete_cf)(db, wo.0, c.0, k.as_ptr() as S, k.len(), &mut err),
                (W::Delete(k), None) if pes => f!(self, rocksdb_transactiondb_delete)(db, wo.0, k.as_ptr() as S, k.len(), &mut err),
                (W::Delete(k), Some(c)) => f!(self, rocksdb_delete_cf)(b, wo.0, c.0, k.as_ptr() as S, k.len(), &mut err),
                (W::Delete(k), None) => f!(self, rocksdb_delete)(b, wo.0, k.as_ptr() as S, k.len(), &mut err),
                (W::SingleDelete(_) | W::DeleteRange(..), _) if pes => return Err(Missing("rocksdb_transactiondb_singledelete/delete_range")),
                (W::SingleDelete(k), Some(c)) => f!(self, rocksdb_singledelete_cf)(b, wo.0, c.0, k.as_ptr() as S, k.len(), &mut err),
                (W::SingleDelete(k), None) => f!(self, rocksdb_singledelete)(b, wo.0, k.as_ptr() as S, k.len(), &mut err),
                (W::DeleteRange(x, y), c) => {
                    let c = c.ok_or(Missing("rocksdb_delete_range (no such function)"))?;
                    f!(self, rocksdb_delete_range_cf)(b, wo.0, c.0, x.as_ptr() as S, x.len(), y.as_ptr() as S, y.len(), &mut err)
                }
            }
        }
        self.take_err(err)
    }

    pub fn get(&self, kind: DbKind, o: &Opened, ro: H, cf: Option<H>, k: &[u8], pinned: bool) -> R<Res<Option<Vec<u8>>>> {
        let mut err = std::ptr::null_mut();
        let mut len: Z = 0;
        let pes = kind == DbKind::Pessimistic;
        let (kp, kl) = (k.as_ptr() as S, k.len());
        unsafe {
            if pinned {
                let p = match (pes, cf) {
                    (true, Some(c)) => f!(self, rocksdb_transactiondb_get_pinned_cf)(o.db.0, ro.0, c.0, kp, kl, &mut err),
                    (true, None) => f!(self, rocksdb_transactiondb_get_pinned)(o.db.0, ro.0, kp, kl, &mut err),
                    (false, Some(c)) => f!(self, rocksdb_get_pinned_cf)(o.base.0, ro.0, c.0, kp, kl, &mut err),
                    (false, None) => f!(self, rocksdb_get_pinned)(o.base.0, ro.0, kp, kl, &mut err),
                };
                if let Err(e) = self.take_err(err)? {
                    return Ok(Err(e));
                }
                if p.is_null() {
                    return Ok(Ok(None));
                }
                let v = f!(self, rocksdb_pinnableslice_value)(p, &mut len);
                let out = Lib::borrowed(v, len);
                f!(self, rocksdb_pinnableslice_destroy)(p);
                return Ok(Ok(out));
            }
            let p = match (pes, cf) {
                (true, Some(c)) => f!(self, rocksdb_transactiondb_get_cf)(o.db.0, ro.0, c.0, kp, kl, &mut len, &mut err),
                (true, None) => f!(self, rocksdb_transactiondb_get)(o.db.0, ro.0, kp, kl, &mut len, &mut err),
                (false, Some(c)) => f!(self, rocksdb_get_cf)(o.base.0, ro.0, c.0, kp, kl, &mut len, &mut err),
                (false, None) => f!(self, rocksdb_get)(o.base.0, ro.0, kp, kl, &mut len, &mut err),
            };
            if let Err(e) = self.take_err(err)? {
                return Ok(Err(e));
            }
            Ok(Ok(self.take_buf(p, len)?))
        }
    }

    /// `cfs` None: every key in the default family through `rocksdb_multi_get`.
    pub fn multi_get(&self, kind: DbKind, o: &Opened, ro: H, cfs: Option<&[H]>, keys: &[Vec<u8>]) -> R<Vec<Res<Option<Vec<u8>>>>> {
        let n = keys.len();
        let cfp: Vec<P> = cfs.unwrap_or(&[]).iter().map(|h| h.0).collect();
        let kp: Vec<S> = keys.iter().map(|k| k.as_ptr() as S).collect();
        let kl: Vec<Z> = keys.iter().map(|k| k.len()).collect();
        let mut vals: Vec<*mut c_char> = vec![std::ptr::null_mut(); n];
        let mut vl: Vec<Z> = vec![0; n];
        let mut errs: Vec<*mut c_char> = vec![std::ptr::null_mut(); n];
        unsafe {
            let (vp, lp, ep) = (vals.as_mut_ptr(), vl.as_mut_ptr(), errs.as_mut_ptr());
            match (kind == DbKind::Pessimistic, cfs.is_some()) {
                (true, true) => f!(self, rocksdb_transactiondb_multi_get_cf)(o.db.0, ro.0, cfp.as_ptr(), n, kp.as_ptr(), kl.as_ptr(), vp, lp, ep),
                (true, false) => f!(self, rocksdb_transactiondb_multi_get)(o.db.0, ro.0, n, kp.as_ptr(), kl.as_ptr(), vp, lp, ep),
                (false, true) => f!(self, rocksdb_multi_get_cf)(o.base.0, ro.0, cfp.as_ptr(), n, kp.as_ptr(), kl.as_ptr(), vp, lp, ep),
                (false, false) => f!(self, rocksdb_multi_get)(o.base.0, ro.0, n, kp.as_ptr(), kl.as_ptr(), vp, lp, ep),
            }
        }
        let mut out = Vec::new();
        for i in 0..n {
            match self.take_err(errs[i])? {
                Err(e) => {
                    self.take_buf(vals[i], vl[i])?;
                    out.push(Err(e))
                }
                Ok(()) => out.push(Ok(self.take_buf(vals[i], vl[i])?)),
            }
        }
        Ok(out)
    }

    pub fn snapshot(&self, kind: DbKind, o: &Opened) -> R<H> {
        unsafe {
            Ok(H(if kind == DbKind::Pessimistic {
                f!(self, rocksdb_transactiondb_create_snapshot)(o.db.0)
            } else {
                f!(self, rocksdb_create_snapshot)(o.base.0)
            }))
        }
    }

    pub fn release_snapshot(&self, kind: DbKind, o: &Opened, s: H) -> R<()> {
        unsafe {
            if kind == DbKind::Pessimistic {
                f!(self, rocksdb_transactiondb_release_snapshot)(o.db.0, s.0)
            } else {
                f!(self, rocksdb_release_snapshot)(o.base.0, s.0)
            }
        }
        Ok(())
    }

    pub fn snapshot_seq(&self, s: H) -> R<u64> {
        Ok(unsafe { f!(self, rocksdb_snapshot_get_sequence_number)(s.0) })
    }

    pub fn iterator(&self, kind: DbKind, o: &Opened, ro: H, cf: Option<H>) -> R<H> {
        unsafe {
            Ok(H(match (kind == DbKind::Pessimistic, cf) {
                (true, Some(c)) => f!(self, rocksdb_transactiondb_create_iterator_cf)(o.db.0, ro.0, c.0),
                (true, None) => f!(self, rocksdb_transactiondb_create_iterator)(o.db.0, ro.0),
                (false, Some(c)) => f!(self, rocksdb_create_iterator_cf)(o.base.0, ro.0, c.0),
                (false, None) => f!(self, rocksdb_create_iterator)(o.base.0, ro.0),
            }))
        }
    }

    pub fn iter_destroy(&self, it: H) -> R<()> {
        unsafe { f!(self, rocksdb_iter_destroy)(it.0) };
        Ok(())
    }

    /// Moves an iterator: `first`, `last`, `seek`, `seekprev`, `next`, `prev`. Next and
    /// Prev are called only on a valid iterator (RocksDB asserts that).
    pub fn iter_move(&self, it: H, how: &str, k: &[u8]) -> R<bool> {
        unsafe {
            match how {
                "first" => f!(self, rocksdb_iter_seek_to_first)(it.0),
                "last" => f!(self, rocksdb_iter_seek_to_last)(it.0),
                "seek" => f!(self, rocksdb_iter_seek)(it.0, k.as_ptr() as S, k.len()),
                "seekprev" => f!(self, rocksdb_iter_seek_for_prev)(it.0, k.as_ptr() as S, k.len()),
                "next" | "prev" => {
                    if f!(self, rocksdb_iter_valid)(it.0) == 0 {
                        return Ok(false);
                    }
                    if how == "next" {
                        f!(self, rocksdb_iter_next)(it.0)
                    } else {
                        f!(self, rocksdb_iter_prev)(it.0)
                    }
                }
                _ => unreachable!("iterator move {how}"),
            }
        }
        Ok(true)
    }

    /// Where the iterator is: `Some((key, value))` when valid, and its status.
    pub fn iter_state(&self, it: H) -> R<(Option<(Vec<u8>, Vec<u8>)>, Res<()>)> {
        unsafe {
            let pos = if f!(self, rocksdb_iter_valid)(it.0) != 0 {
                let mut kl = 0;
                let mut vl = 0;
                let k = Lib::borrowed(f!(self, rocksdb_iter_key)(it.0, &mut kl), kl).unwrap_or_default();
                let v = Lib::borrowed(f!(self, rocksdb_iter_value)(it.0, &mut vl), vl).unwrap_or_default();
                Some((k, v))
            } else {
                None
            };
            let mut err = std::ptr::null_mut();
            f!(self, rocksdb_iter_get_error)(it.0, &mut err);
            Ok((pos, self.take_err(err)?))
        }
    }

    pub fn flush(&self, kind: DbKind, o: &Opened, cf: Option<H>) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe {
            let fo = f!(self, rocksdb_flushoptions_create)();
            f!(self, rocksdb_flushoptions_set_wait)(fo, 1);
            match (kind == DbKind::Pessimistic, cf) {
                (true, Some(c)) => f!(self, rocksdb_transactiondb_flush_cf)(o.db.0, fo, c.0, &mut err),
                (true, None) => f!(self, rocksdb_transactiondb_flush)(o.db.0, fo, &mut err),
                (false, Some(c)) => f!(self, rocksdb_flush_cf)(o.base.0, fo, c.0, &mut err),
                (false, None) => f!(self, rocksdb_flush)(o.base.0, fo, &mut err),
            }
            f!(self, rocksdb_flushoptions_destroy)(fo);
        }
        self.take_err(err)
    }

    pub fn compact_range(&self, o: &Opened, cf: Option<H>, b: Option<&[u8]>, e: Option<&[u8]>) -> R<()> {
        let (bp, bl) = b.map_or((std::ptr::null(), 0), |b| (b.as_ptr() as S, b.len()));
        let (ep, el) = e.map_or((std::ptr::null(), 0), |e| (e.as_ptr() as S, e.len()));
        unsafe {
            match cf {
                Some(c) => f!(self, rocksdb_compact_range_cf)(o.base.0, c.0, bp, bl, ep, el),
                None => f!(self, rocksdb_compact_range)(o.base.0, bp, bl, ep, el),
            }
        }
        Ok(())
    }

    pub fn latest_seq(&self, o: &Opened) -> R<u64> {
        Ok(unsafe { f!(self, rocksdb_get_latest_sequence_number)(o.base.0) })
    }

    /// Every batch from `seq` on: (sequence, count, data bytes), then the status.
    pub fn updates_since(&self, o: &Opened, seq: u64) -> R<Res<(Vec<(u64, Vec<u8>)>, Res<()>)>> {
        let mut err = std::ptr::null_mut();
        unsafe {
            let it = f!(self, rocksdb_get_updates_since)(o.base.0, seq, std::ptr::null_mut(), &mut err);
            if let Err(e) = self.take_err(err)? {
                return Ok(Err(e));
            }
            let mut out = Vec::new();
            let mut n = 0;
            while f!(self, rocksdb_wal_iter_valid)(it) != 0 && n < 1000 {
                let mut s = 0u64;
                let b = f!(self, rocksdb_wal_iter_get_batch)(it, &mut s);
                let mut len = 0;
                let d = f!(self, rocksdb_writebatch_data)(b, &mut len);
                out.push((s, Lib::borrowed(d, len).unwrap_or_default()));
                f!(self, rocksdb_writebatch_destroy)(b);
                f!(self, rocksdb_wal_iter_next)(it);
                n += 1;
            }
            let mut err = std::ptr::null_mut();
            f!(self, rocksdb_wal_iter_status)(it, &mut err);
            let st = self.take_err(err)?;
            f!(self, rocksdb_wal_iter_destroy)(it);
            Ok(Ok((out, st)))
        }
    }

    pub fn property(&self, kind: DbKind, o: &Opened, cf: Option<H>, name: &str) -> R<(Option<String>, Option<u64>)> {
        let c = cs(name);
        unsafe {
            if kind == DbKind::Pessimistic {
                let v = f!(self, rocksdb_transactiondb_property_value)(o.db.0, c.as_ptr());
                return Ok((self.cstr_owned(v)?, None));
            }
            let v = match cf {
                Some(h) => f!(self, rocksdb_property_value_cf)(o.base.0, h.0, c.as_ptr()),
                None => f!(self, rocksdb_property_value)(o.base.0, c.as_ptr()),
            };
            let s = self.cstr_owned(v)?;
            let mut n = 0u64;
            let ok = match cf {
                Some(h) => f!(self, rocksdb_property_int_cf)(o.base.0, h.0, c.as_ptr(), &mut n),
                None => f!(self, rocksdb_property_int)(o.base.0, c.as_ptr(), &mut n),
            };
            Ok((s, (ok == 0).then_some(n)))
        }
    }

    pub fn batch_create(&self, kind: &BatchKind) -> R<H> {
        unsafe {
            Ok(H(match kind {
                BatchKind::Plain => f!(self, rocksdb_writebatch_create)(),
                BatchKind::Indexed => f!(self, rocksdb_writebatch_wi_create)(0, 1),
            }))
        }
    }

    pub fn batch_destroy(&self, kind: &BatchKind, b: H) -> R<()> {
        unsafe {
            match kind {
                BatchKind::Plain => f!(self, rocksdb_writebatch_destroy)(b.0),
                BatchKind::Indexed => f!(self, rocksdb_writebatch_wi_destroy)(b.0),
            }
        }
        Ok(())
    }

    pub fn batch_write_entry(&self, kind: &BatchKind, b: H, cf: Option<H>, w: &W) -> R<()> {
        let b = b.0;
        unsafe {
            match (kind, w, cf) {
                (BatchKind::Plain, W::Put(k, v), Some(c)) => f!(self, rocksdb_writebatch_put_cf)(b, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Plain, W::Put(k, v), None) => f!(self, rocksdb_writebatch_put)(b, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Plain, W::Merge(k, v), Some(c)) => f!(self, rocksdb_writebatch_merge_cf)(b, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Plain, W::Merge(k, v), None) => f!(self, rocksdb_writebatch_merge)(b, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Plain, W::Delete(k), Some(c)) => f!(self, rocksdb_writebatch_delete_cf)(b, c.0, k.as_ptr() as S, k.len()),
                (BatchKind::Plain, W::Delete(k), None) => f!(self, rocksdb_writebatch_delete)(b, k.as_ptr() as S, k.len()),
                (BatchKind::Plain, W::SingleDelete(k), Some(c)) => f!(self, rocksdb_writebatch_singledelete_cf)(b, c.0, k.as_ptr() as S, k.len()),
                (BatchKind::Plain, W::SingleDelete(k), None) => f!(self, rocksdb_writebatch_singledelete)(b, k.as_ptr() as S, k.len()),
                (BatchKind::Plain, W::DeleteRange(x, y), Some(c)) => f!(self, rocksdb_writebatch_delete_range_cf)(b, c.0, x.as_ptr() as S, x.len(), y.as_ptr() as S, y.len()),
                (BatchKind::Plain, W::DeleteRange(x, y), None) => f!(self, rocksdb_writebatch_delete_range)(b, x.as_ptr() as S, x.len(), y.as_ptr() as S, y.len()),
                (BatchKind::Indexed, W::Put(k, v), Some(c)) => f!(self, rocksdb_writebatch_wi_put_cf)(b, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Indexed, W::Put(k, v), None) => f!(self, rocksdb_writebatch_wi_put)(b, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Indexed, W::Merge(k, v), Some(c)) => f!(self, rocksdb_writebatch_wi_merge_cf)(b, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Indexed, W::Merge(k, v), None) => f!(self, rocksdb_writebatch_wi_merge)(b, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len()),
                (BatchKind::Indexed, W::Delete(k), Some(c)) => f!(self, rocksdb_writebatch_wi_delete_cf)(b, c.0, k.as_ptr() as S, k.len()),
                (BatchKind::Indexed, W::Delete(k), None) => f!(self, rocksdb_writebatch_wi_delete)(b, k.as_ptr() as S, k.len()),
                (BatchKind::Indexed, W::SingleDelete(k), Some(c)) => f!(self, rocksdb_writebatch_wi_singledelete_cf)(b, c.0, k.as_ptr() as S, k.len()),
                (BatchKind::Indexed, W::SingleDelete(k), None) => f!(self, rocksdb_writebatch_wi_singledelete)(b, k.as_ptr() as S, k.len()),
                (BatchKind::Indexed, W::DeleteRange(x, y), Some(c)) => f!(self, rocksdb_writebatch_wi_delete_range_cf)(b, c.0, x.as_ptr() as S, x.len(), y.as_ptr() as S, y.len()),
                (BatchKind::Indexed, W::DeleteRange(x, y), None) => f!(self, rocksdb_writebatch_wi_delete_range)(b, x.as_ptr() as S, x.len(), y.as_ptr() as S, y.len()),
            }
        }
        Ok(())
    }

    pub fn batch_log_data(&self, kind: &BatchKind, b: H, d: &[u8]) -> R<()> {
        unsafe {
            match kind {
                BatchKind::Plain => f!(self, rocksdb_writebatch_put_log_data)(b.0, d.as_ptr() as S, d.len()),
                BatchKind::Indexed => f!(self, rocksdb_writebatch_wi_put_log_data)(b.0, d.as_ptr() as S, d.len()),
            }
        }
        Ok(())
    }

    /// `set`, `rollback`, `pop` (pop only on a plain batch: the indexed one has none in c.h).
    pub fn batch_savepoint(&self, kind: &BatchKind, b: H, what: &str) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe {
            match (kind, what) {
                (BatchKind::Plain, "set") => f!(self, rocksdb_writebatch_set_save_point)(b.0),
                (BatchKind::Plain, "rollback") => f!(self, rocksdb_writebatch_rollback_to_save_point)(b.0, &mut err),
                (BatchKind::Plain, _) => f!(self, rocksdb_writebatch_pop_save_point)(b.0, &mut err),
                (BatchKind::Indexed, "set") => f!(self, rocksdb_writebatch_wi_set_save_point)(b.0),
                (BatchKind::Indexed, "rollback") => f!(self, rocksdb_writebatch_wi_rollback_to_save_point)(b.0, &mut err),
                (BatchKind::Indexed, _) => return Err(Missing("rocksdb_writebatch_wi_pop_save_point")),
            }
        }
        self.take_err(err)
    }

    pub fn batch_clear(&self, kind: &BatchKind, b: H) -> R<()> {
        unsafe {
            match kind {
                BatchKind::Plain => f!(self, rocksdb_writebatch_clear)(b.0),
                BatchKind::Indexed => f!(self, rocksdb_writebatch_wi_clear)(b.0),
            }
        }
        Ok(())
    }

    /// The entry count and the serialized batch (RocksDB's WriteBatch format).
    pub fn batch_data(&self, kind: &BatchKind, b: H) -> R<(i32, Vec<u8>)> {
        let mut len = 0;
        unsafe {
            let (n, d) = match kind {
                BatchKind::Plain => (f!(self, rocksdb_writebatch_count)(b.0), f!(self, rocksdb_writebatch_data)(b.0, &mut len)),
                BatchKind::Indexed => (f!(self, rocksdb_writebatch_wi_count)(b.0), f!(self, rocksdb_writebatch_wi_data)(b.0, &mut len)),
            };
            Ok((n, Lib::borrowed(d, len).unwrap_or_default()))
        }
    }

    pub fn batch_commit(&self, kind: DbKind, bk: &BatchKind, o: &Opened, wo: H, b: H) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe {
            match (bk, kind) {
                (BatchKind::Plain, DbKind::Pessimistic) => f!(self, rocksdb_transactiondb_write)(o.db.0, wo.0, b.0, &mut err),
                (BatchKind::Plain, _) => f!(self, rocksdb_write)(o.base.0, wo.0, b.0, &mut err),
                (BatchKind::Indexed, DbKind::Pessimistic) => return Err(Missing("rocksdb_transactiondb_write_writebatch_wi")),
                (BatchKind::Indexed, _) => f!(self, rocksdb_write_writebatch_wi)(o.base.0, wo.0, b.0, &mut err),
            }
        }
        self.take_err(err)
    }

    /// A read from a WriteBatchWithIndex alone (`db` None) or merged with the database.
    pub fn wbwi_get(&self, o: &Opened, opts: H, ro: H, b: H, cf: Option<H>, k: &[u8], with_db: bool) -> R<Res<Option<Vec<u8>>>> {
        let mut err = std::ptr::null_mut();
        let mut len = 0;
        unsafe {
            let (kp, kl) = (k.as_ptr() as S, k.len());
            let p = match (with_db, cf) {
                (true, Some(c)) => f!(self, rocksdb_writebatch_wi_get_from_batch_and_db_cf)(b.0, o.base.0, ro.0, c.0, kp, kl, &mut len, &mut err),
                (true, None) => f!(self, rocksdb_writebatch_wi_get_from_batch_and_db)(b.0, o.base.0, ro.0, kp, kl, &mut len, &mut err),
                (false, Some(c)) => f!(self, rocksdb_writebatch_wi_get_from_batch_cf)(b.0, opts.0, c.0, kp, kl, &mut len, &mut err),
                (false, None) => f!(self, rocksdb_writebatch_wi_get_from_batch)(b.0, opts.0, kp, kl, &mut len, &mut err),
            };
            if let Err(e) = self.take_err(err)? {
                self.take_buf(p, len)?;
                return Ok(Err(e));
            }
            Ok(Ok(self.take_buf(p, len)?))
        }
    }

    /// An iterator over the batch on top of a database iterator (which it takes over).
    pub fn wbwi_iterator(&self, b: H, base: H, cf: Option<H>) -> R<H> {
        Ok(H(unsafe {
            match cf {
                Some(c) => f!(self, rocksdb_writebatch_wi_create_iterator_with_base_cf)(b.0, base.0, c.0),
                None => f!(self, rocksdb_writebatch_wi_create_iterator_with_base)(b.0, base.0),
            }
        }))
    }

    /// Begins a transaction; `setup` gets its options object (type name, handle) before the
    /// driver's own settings (no waiting for a lock).
    pub fn txn_begin(&self, kind: DbKind, o: &Opened, wo: H, setup: &dyn Fn(&str, H) -> R<()>) -> R<H> {
        unsafe {
            Ok(H(match kind {
                DbKind::Pessimistic => {
                    let t = f!(self, rocksdb_transaction_options_create)();
                    setup("rocksdb_transaction_options_t", H(t))?;
                    f!(self, rocksdb_transaction_options_set_lock_timeout)(t, 0);
                    let x = f!(self, rocksdb_transaction_begin)(o.db.0, wo.0, t, std::ptr::null_mut());
                    f!(self, rocksdb_transaction_options_destroy)(t);
                    x
                }
                DbKind::Optimistic => {
                    let t = f!(self, rocksdb_optimistictransaction_options_create)();
                    setup("rocksdb_optimistictransaction_options_t", H(t))?;
                    let x = f!(self, rocksdb_optimistictransaction_begin)(o.db.0, wo.0, t, std::ptr::null_mut());
                    f!(self, rocksdb_optimistictransaction_options_destroy)(t);
                    x
                }
                DbKind::Plain => return Err(Missing("transactions need a transaction database")),
            }))
        }
    }

    pub fn txn_destroy(&self, t: H) -> R<()> {
        unsafe { f!(self, rocksdb_transaction_destroy)(t.0) };
        Ok(())
    }

    pub fn txn_write(&self, t: H, cf: Option<H>, w: &W) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        let t = t.0;
        unsafe {
            match (*w, cf) {
                (W::Put(k, v), Some(c)) => f!(self, rocksdb_transaction_put_cf)(t, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Put(k, v), None) => f!(self, rocksdb_transaction_put)(t, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Merge(k, v), Some(c)) => f!(self, rocksdb_transaction_merge_cf)(t, c.0, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Merge(k, v), None) => f!(self, rocksdb_transaction_merge)(t, k.as_ptr() as S, k.len(), v.as_ptr() as S, v.len(), &mut err),
                (W::Delete(k), Some(c)) => f!(self, rocksdb_transaction_delete_cf)(t, c.0, k.as_ptr() as S, k.len(), &mut err),
                (W::Delete(k), None) => f!(self, rocksdb_transaction_delete)(t, k.as_ptr() as S, k.len(), &mut err),
                _ => return Err(Missing("rocksdb_transaction_singledelete/delete_range")),
            }
        }
        self.take_err(err)
    }

    pub fn txn_get(&self, t: H, ro: H, cf: Option<H>, k: &[u8], for_update: Option<bool>) -> R<Res<Option<Vec<u8>>>> {
        let mut err = std::ptr::null_mut();
        let mut len = 0;
        unsafe {
            let (kp, kl) = (k.as_ptr() as S, k.len());
            let p = match (for_update, cf) {
                (None, Some(c)) => f!(self, rocksdb_transaction_get_cf)(t.0, ro.0, c.0, kp, kl, &mut len, &mut err),
                (None, None) => f!(self, rocksdb_transaction_get)(t.0, ro.0, kp, kl, &mut len, &mut err),
                (Some(x), Some(c)) => f!(self, rocksdb_transaction_get_for_update_cf)(t.0, ro.0, c.0, kp, kl, &mut len, x as u8, &mut err),
                (Some(x), None) => f!(self, rocksdb_transaction_get_for_update)(t.0, ro.0, kp, kl, &mut len, x as u8, &mut err),
            };
            if let Err(e) = self.take_err(err)? {
                self.take_buf(p, len)?;
                return Ok(Err(e));
            }
            Ok(Ok(self.take_buf(p, len)?))
        }
    }

    /// `savepoint`, `rollback_to`, `prepare`, `commit`, `rollback`.
    pub fn txn_step(&self, t: H, what: &str) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe {
            match what {
                "savepoint" => f!(self, rocksdb_transaction_set_savepoint)(t.0),
                "rollback_to" => f!(self, rocksdb_transaction_rollback_to_savepoint)(t.0, &mut err),
                "prepare" => f!(self, rocksdb_transaction_prepare)(t.0, &mut err),
                "commit" => f!(self, rocksdb_transaction_commit)(t.0, &mut err),
                "rollback" => f!(self, rocksdb_transaction_rollback)(t.0, &mut err),
                _ => unreachable!("transaction step {what}"),
            }
        }
        self.take_err(err)
    }

    pub fn txn_set_name(&self, t: H, name: &[u8]) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe { f!(self, rocksdb_transaction_set_name)(t.0, name.as_ptr() as S, name.len(), &mut err) };
        self.take_err(err)
    }

    pub fn txn_get_name(&self, t: H) -> R<Option<Vec<u8>>> {
        let mut len = 0;
        let p = unsafe { f!(self, rocksdb_transaction_get_name)(t.0, &mut len) };
        self.take_buf(p, len)
    }

    pub fn txn_iterator(&self, t: H, ro: H, cf: Option<H>) -> R<H> {
        Ok(H(unsafe {
            match cf {
                Some(c) => f!(self, rocksdb_transaction_create_iterator_cf)(t.0, ro.0, c.0),
                None => f!(self, rocksdb_transaction_create_iterator)(t.0, ro.0),
            }
        }))
    }
}

/// Pointer and length arrays over byte strings, for the C API's `const char *const *` lists.
struct Parts {
    p: Vec<S>,
    n: Vec<Z>,
}

fn parts(v: &[Vec<u8>]) -> Parts {
    Parts { p: v.iter().map(|x| x.as_ptr() as S).collect(), n: v.iter().map(Vec::len).collect() }
}

/// The vector form of a write: every argument in parts (concatenated by the library).
pub enum WV {
    Put(Vec<Vec<u8>>, Vec<Vec<u8>>),
    Merge(Vec<Vec<u8>>, Vec<Vec<u8>>),
    Delete(Vec<Vec<u8>>),
    DeleteRange(Vec<Vec<u8>>, Vec<Vec<u8>>),
}

/// A livefile or an SST file's metadata, as the steps report it.
fn meta_key(k: Option<Vec<u8>>) -> String {
    k.map_or("NULL".into(), |k| crate::exec::bytes(&k))
}

impl Lib {
    /// `rocksdb_writebatch[_wi]_{put,merge,delete,delete_range}v[_cf]`.
    pub fn batch_write_v(&self, kind: &BatchKind, b: H, cf: Option<H>, w: &WV) -> R<()> {
        let b = b.0;
        unsafe {
            match (kind, w, cf) {
                (BatchKind::Plain, WV::Put(k, v), None) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_putv)(b, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Plain, WV::Put(k, v), Some(c)) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_putv_cf)(b, c.0, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Plain, WV::Merge(k, v), None) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_mergev)(b, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Plain, WV::Merge(k, v), Some(c)) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_mergev_cf)(b, c.0, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Plain, WV::Delete(k), None) => {
                    let k = parts(k);
                    f!(self, rocksdb_writebatch_deletev)(b, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr())
                }
                (BatchKind::Plain, WV::Delete(k), Some(c)) => {
                    let k = parts(k);
                    f!(self, rocksdb_writebatch_deletev_cf)(b, c.0, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr())
                }
                (BatchKind::Plain, WV::DeleteRange(x, y), None) => {
                    let (x, y) = (parts(x), parts(y));
                    f!(self, rocksdb_writebatch_delete_rangev)(b, x.p.len() as c_int, x.p.as_ptr(), x.n.as_ptr(), y.p.as_ptr(), y.n.as_ptr())
                }
                (BatchKind::Plain, WV::DeleteRange(x, y), Some(c)) => {
                    let (x, y) = (parts(x), parts(y));
                    f!(self, rocksdb_writebatch_delete_rangev_cf)(b, c.0, x.p.len() as c_int, x.p.as_ptr(), x.n.as_ptr(), y.p.as_ptr(), y.n.as_ptr())
                }
                (BatchKind::Indexed, WV::Put(k, v), None) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_wi_putv)(b, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Indexed, WV::Put(k, v), Some(c)) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_wi_putv_cf)(b, c.0, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Indexed, WV::Merge(k, v), None) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_wi_mergev)(b, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Indexed, WV::Merge(k, v), Some(c)) => {
                    let (k, v) = (parts(k), parts(v));
                    f!(self, rocksdb_writebatch_wi_mergev_cf)(b, c.0, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr(), v.p.len() as c_int, v.p.as_ptr(), v.n.as_ptr())
                }
                (BatchKind::Indexed, WV::Delete(k), None) => {
                    let k = parts(k);
                    f!(self, rocksdb_writebatch_wi_deletev)(b, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr())
                }
                (BatchKind::Indexed, WV::Delete(k), Some(c)) => {
                    let k = parts(k);
                    f!(self, rocksdb_writebatch_wi_deletev_cf)(b, c.0, k.p.len() as c_int, k.p.as_ptr(), k.n.as_ptr())
                }
                (BatchKind::Indexed, WV::DeleteRange(x, y), None) => {
                    let (x, y) = (parts(x), parts(y));
                    f!(self, rocksdb_writebatch_wi_delete_rangev)(b, x.p.len() as c_int, x.p.as_ptr(), x.n.as_ptr(), y.p.as_ptr(), y.n.as_ptr())
                }
                (BatchKind::Indexed, WV::DeleteRange(x, y), Some(c)) => {
                    let (x, y) = (parts(x), parts(y));
                    f!(self, rocksdb_writebatch_wi_delete_rangev_cf)(b, c.0, x.p.len() as c_int, x.p.as_ptr(), x.n.as_ptr(), y.p.as_ptr(), y.n.as_ptr())
                }
            }
        }
        Ok(())
    }

    /// Walks a batch with one of c.h's handlers (`plain`, `ld`, `cf`, `cfld`; an indexed
    /// batch has `plain` only) and says what each callback saw, in order.
    pub fn batch_iterate(&self, kind: &BatchKind, b: H, how: &str) -> R<String> {
        let mut st = Seen(Vec::new());
        let sp = &mut st as *mut Seen as P;
        unsafe {
            match (kind, how) {
                (BatchKind::Indexed, _) => f!(self, rocksdb_writebatch_wi_iterate)(b.0, sp, Some(seen_put), Some(seen_del)),
                (BatchKind::Plain, "ld") => f!(self, rocksdb_writebatch_iterate_ld)(b.0, sp, Some(seen_put), Some(seen_del), Some(seen_log)),
                (BatchKind::Plain, "cf") => f!(self, rocksdb_writebatch_iterate_cf)(b.0, sp, Some(seen_put_cf), Some(seen_del_cf), Some(seen_merge_cf)),
                (BatchKind::Plain, "cfld") => {
                    f!(self, rocksdb_writebatch_iterate_cf_ld)(b.0, sp, Some(seen_put_cf), Some(seen_del_cf), Some(seen_merge_cf), Some(seen_log))
                }
                (BatchKind::Plain, _) => f!(self, rocksdb_writebatch_iterate)(b.0, sp, Some(seen_put), Some(seen_del)),
            }
        }
        Ok(if st.0.is_empty() { "nothing".into() } else { st.0.join(" ") })
    }

    /// A new plain batch from another's bytes (`rocksdb_writebatch_create_from`): its count and bytes.
    pub fn batch_from(&self, data: &[u8]) -> R<(i32, Vec<u8>)> {
        unsafe {
            let b = f!(self, rocksdb_writebatch_create_from)(data.as_ptr() as S, data.len());
            let r = self.batch_data(&BatchKind::Plain, H(b))?;
            f!(self, rocksdb_writebatch_destroy)(b);
            Ok(r)
        }
    }

    pub fn batch_with_params(&self, max_bytes: usize, protection: usize) -> R<H> {
        unsafe { Ok(H(f!(self, rocksdb_writebatch_create_with_params)(0, max_bytes, protection, 0))) }
    }

    pub fn batch_verify(&self, b: H) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe { f!(self, rocksdb_writebatch_verify_checksum)(b.0, &mut err) };
        self.take_err(err)
    }

    fn pinned_value(&self, p: P) -> R<Option<Vec<u8>>> {
        if p.is_null() {
            return Ok(None);
        }
        let mut n = 0;
        unsafe {
            let v = f!(self, rocksdb_pinnableslice_value)(p, &mut n);
            let out = Lib::borrowed(v, n);
            f!(self, rocksdb_pinnableslice_destroy)(p);
            Ok(out)
        }
    }

    fn pinned_result(&self, p: P, err: *mut c_char) -> R<Res<Option<Vec<u8>>>> {
        let e = self.take_err(err)?;
        let v = self.pinned_value(p)?;
        Ok(e.map(|_| v))
    }

    pub fn wbwi_get_pinned(&self, o: &Opened, ro: H, b: H, cf: Option<H>, k: &[u8]) -> R<Res<Option<Vec<u8>>>> {
        let mut err = std::ptr::null_mut();
        let (kp, kl) = (k.as_ptr() as S, k.len());
        let p = unsafe {
            match cf {
                Some(c) => f!(self, rocksdb_writebatch_wi_get_pinned_from_batch_and_db_cf)(b.0, o.base.0, ro.0, c.0, kp, kl, &mut err),
                None => f!(self, rocksdb_writebatch_wi_get_pinned_from_batch_and_db)(b.0, o.base.0, ro.0, kp, kl, &mut err),
            }
        };
        self.pinned_result(p, err)
    }

    /// An iterator over the batch on a database iterator, with read options (its bounds apply to the batch too).
    pub fn wbwi_iterator_readopts(&self, b: H, base: H, cf: Option<H>, ro: H) -> R<H> {
        Ok(H(unsafe {
            match cf {
                Some(c) => f!(self, rocksdb_writebatch_wi_create_iterator_with_base_cf_readopts)(b.0, base.0, c.0, ro.0),
                None => f!(self, rocksdb_writebatch_wi_create_iterator_with_base_readopts)(b.0, base.0, ro.0),
            }
        }))
    }

    pub fn txn_get_pinned(&self, t: H, ro: H, cf: Option<H>, k: &[u8], for_update: Option<bool>) -> R<Res<Option<Vec<u8>>>> {
        let mut err = std::ptr::null_mut();
        let (kp, kl) = (k.as_ptr() as S, k.len());
        let p = unsafe {
            match (for_update, cf) {
                (None, Some(c)) => f!(self, rocksdb_transaction_get_pinned_cf)(t.0, ro.0, c.0, kp, kl, &mut err),
                (None, None) => f!(self, rocksdb_transaction_get_pinned)(t.0, ro.0, kp, kl, &mut err),
                (Some(x), Some(c)) => f!(self, rocksdb_transaction_get_pinned_for_update_cf)(t.0, ro.0, c.0, kp, kl, x as u8, &mut err),
                (Some(x), None) => f!(self, rocksdb_transaction_get_pinned_for_update)(t.0, ro.0, kp, kl, x as u8, &mut err),
            }
        };
        self.pinned_result(p, err)
    }

    /// `rocksdb_transaction_multi_get[_for_update][_cf]` (`cfs` None: the default family's form).
    pub fn txn_multi_get(&self, t: H, ro: H, cfs: Option<&[H]>, keys: &[Vec<u8>], for_update: bool) -> R<Vec<Res<Option<Vec<u8>>>>> {
        let n = keys.len();
        let k = parts(keys);
        let mut vals: Vec<*mut c_char> = vec![std::ptr::null_mut(); n];
        let mut lens: Vec<Z> = vec![0; n];
        let mut errs: Vec<*mut c_char> = vec![std::ptr::null_mut(); n];
        unsafe {
            match (cfs, for_update) {
                (Some(c), fu) => {
                    let cp: Vec<P> = c.iter().map(|h| h.0).collect();
                    let f = if fu { f!(self, rocksdb_transaction_multi_get_for_update_cf) } else { f!(self, rocksdb_transaction_multi_get_cf) };
                    f(t.0, ro.0, cp.as_ptr(), n, k.p.as_ptr(), k.n.as_ptr(), vals.as_mut_ptr(), lens.as_mut_ptr(), errs.as_mut_ptr())
                }
                (None, fu) => {
                    let f = if fu { f!(self, rocksdb_transaction_multi_get_for_update) } else { f!(self, rocksdb_transaction_multi_get) };
                    f(t.0, ro.0, n, k.p.as_ptr(), k.n.as_ptr(), vals.as_mut_ptr(), lens.as_mut_ptr(), errs.as_mut_ptr())
                }
            }
        }
        let mut out = Vec::new();
        for i in 0..n {
            let e = self.take_err(errs[i])?;
            let v = self.take_buf(vals[i], lens[i])?;
            out.push(e.map(|_| v));
        }
        Ok(out)
    }

    pub fn txn_log_data(&self, t: H, d: &[u8]) -> R<()> {
        unsafe { f!(self, rocksdb_transaction_put_log_data)(t.0, d.as_ptr() as S, d.len()) };
        Ok(())
    }

    /// The transaction's indexed batch (count and bytes); the C API hands out a malloc'ed
    /// wrapper over the transaction's own batch, released with rocksdb_free.
    pub fn txn_batch(&self, t: H) -> R<(i32, Vec<u8>)> {
        unsafe {
            let wi = f!(self, rocksdb_transaction_get_writebatch_wi)(t.0);
            if wi.is_null() {
                return Ok((-1, Vec::new()));
            }
            let r = self.batch_data(&BatchKind::Indexed, H(wi))?;
            f!(self, rocksdb_free)(wi);
            Ok(r)
        }
    }

    pub fn txn_rebuild(&self, t: H, kind: &BatchKind, b: H) -> R<Res<()>> {
        let mut err = std::ptr::null_mut();
        unsafe {
            match kind {
                BatchKind::Plain => f!(self, rocksdb_transaction_rebuild_from_writebatch)(t.0, b.0, &mut err),
                BatchKind::Indexed => f!(self, rocksdb_transaction_rebuild_from_writebatch_wi)(t.0, b.0, &mut err),
            }
        }
        self.take_err(err)
    }

    /// The sequence of the transaction's snapshot (None: it has none).
    pub fn txn_snapshot_seq(&self, t: H) -> R<Option<u64>> {
        unsafe {
            let s = f!(self, rocksdb_transaction_get_snapshot)(t.0);
            if s.is_null() {
                return Ok(None);
            }
            Ok(Some(f!(self, rocksdb_snapshot_get_sequence_number)(s)))
        }
    }

    pub fn cf_name_id(&self, cf: H) -> R<(String, u32)> {
        unsafe {
            let mut n = 0;
            let p = f!(self, rocksdb_column_family_handle_get_name)(cf.0, &mut n);
            let name = self.take_buf(p, n)?.map_or("NULL".into(), |v| crate::exec::bytes(&v));
            Ok((name, f!(self, rocksdb_column_family_handle_get_id)(cf.0)))
        }
    }

    pub fn compactoptions(&self) -> R<H> {
        unsafe { Ok(H(f!(self, rocksdb_compactoptions_create)())) }
    }

    pub fn compactoptions_destroy(&self, h: H) -> R<()> {
        unsafe { f!(self, rocksdb_compactoptions_destroy)(h.0) };
        Ok(())
    }

    pub fn compact_range_opt(&self, o: &Opened, co: H, cf: Option<H>, b: Option<&[u8]>, e: Option<&[u8]>) -> R<()> {
        let (bp, bl) = b.map_or((std::ptr::null(), 0), |x| (x.as_ptr() as S, x.len()));
        let (ep, el) = e.map_or((std::ptr::null(), 0), |x| (x.as_ptr() as S, x.len()));
        unsafe {
            match cf {
                Some(c) => f!(self, rocksdb_compact_range_cf_opt)(o.base.0, c.0, co.0, bp, bl, ep, el),
                None => f!(self, rocksdb_compact_range_opt)(o.base.0, co.0, bp, bl, ep, el),
            }
        }
        Ok(())
    }

    /// `rocksdb_livefiles`: per file, its column family, level, key range, sequence range
    /// and entry counts (not its size, nor its number: file numbering is the engine's).
    pub fn livefiles(&self, o: &Opened) -> R<String> {
        unsafe {
            let lf = f!(self, rocksdb_livefiles)(o.base.0);
            let n = f!(self, rocksdb_livefiles_count)(lf);
            let mut files = Vec::new();
            for i in 0..n {
                let cf = CStr::from_ptr(f!(self, rocksdb_livefiles_column_family_name)(lf, i)).to_string_lossy().into_owned();
                let name = f!(self, rocksdb_livefiles_name)(lf, i);
                let named = !name.is_null() && CStr::from_ptr(name).to_bytes().ends_with(b".sst");
                let (mut a, mut b) = (0, 0);
                let sk = Lib::borrowed(f!(self, rocksdb_livefiles_smallestkey)(lf, i, &mut a), a);
                let lk = Lib::borrowed(f!(self, rocksdb_livefiles_largestkey)(lf, i, &mut b), b);
                files.push(format!(
                    "{cf}@L{} {}..{} seq {}..{} entries {} deletions {}{}",
                    f!(self, rocksdb_livefiles_level)(lf, i),
                    meta_key(sk),
                    meta_key(lk),
                    f!(self, rocksdb_livefiles_smallest_seqno)(lf, i),
                    f!(self, rocksdb_livefiles_largest_seqno)(lf, i),
                    f!(self, rocksdb_livefiles_entries)(lf, i),
                    f!(self, rocksdb_livefiles_deletions)(lf, i),
                    if named { "" } else { " (not a .sst name)" }
                ));
            }
            f!(self, rocksdb_livefiles_destroy)(lf);
            // The engine's order of files within a level is its own: sorted.
            files.sort();
            Ok(format!("{n} files: {}", files.join(", ")))
        }
    }

    /// `rocksdb_get_column_family_metadata[_cf]`: the family's name, levels, and per level
    /// its files' key ranges (sizes and file numbers left out).
    pub fn cf_metadata(&self, o: &Opened, cf: Option<H>) -> R<String> {
        unsafe {
            let m = match cf {
                Some(c) => f!(self, rocksdb_get_column_family_metadata_cf)(o.base.0, c.0),
                None => f!(self, rocksdb_get_column_family_metadata)(o.base.0),
            };
            if m.is_null() {
                return Ok("NULL".into());
            }
            let name = self.cstr_owned(f!(self, rocksdb_column_family_metadata_get_name)(m))?.unwrap_or_default();
            let files = f!(self, rocksdb_column_family_metadata_get_file_count)(m);
            let levels = f!(self, rocksdb_column_family_metadata_get_level_count)(m);
            let mut out = format!("{name}: {files} files, {levels} levels");
            for l in 0..levels {
                let lm = f!(self, rocksdb_column_family_metadata_get_level_metadata)(m, l);
                let n = f!(self, rocksdb_level_metadata_get_file_count)(lm);
                if n > 0 {
                    out.push_str(&format!("; L{}:", f!(self, rocksdb_level_metadata_get_level)(lm)));
                    let mut ranges = Vec::new();
                    for i in 0..n {
                        let fm = f!(self, rocksdb_level_metadata_get_sst_file_metadata)(lm, i);
                        let fname = self.cstr_owned(f!(self, rocksdb_sst_file_metadata_get_relative_filename)(fm))?.unwrap_or_default();
                        let (mut a, mut b) = (0, 0);
                        let sk = f!(self, rocksdb_sst_file_metadata_get_smallestkey)(fm, &mut a);
                        let sk = self.take_buf(sk, a)?;
                        let lk = f!(self, rocksdb_sst_file_metadata_get_largestkey)(fm, &mut b);
                        let lk = self.take_buf(lk, b)?;
                        let sst = if fname.ends_with(".sst") { "" } else { "?" };
                        ranges.push(format!(" {}..{}{sst}", meta_key(sk), meta_key(lk)));
                        f!(self, rocksdb_sst_file_metadata_destroy)(fm);
                    }
                    ranges.sort();
                    out.push_str(&ranges.concat());
                }
                f!(self, rocksdb_level_metadata_destroy)(lm);
            }
            f!(self, rocksdb_column_family_metadata_destroy)(m);
            Ok(out)
        }
    }

    /// Makes a checkpoint of the open database in `dir`, opens it read-only with `cfs`, and
    /// reads every key of every family: what the checkpoint holds.
    pub fn checkpoint(&self, kind: DbKind, o: &Opened, opts: H, dir: &str, cfs: &[String]) -> R<String> {
        let cdir = cs(dir);
        let mut err = std::ptr::null_mut();
        unsafe {
            let cp = match kind {
                DbKind::Pessimistic => f!(self, rocksdb_transactiondb_checkpoint_object_create)(o.db.0, &mut err),
                _ => f!(self, rocksdb_checkpoint_object_create)(o.base.0, &mut err),
            };
            if let Err(e) = self.take_err(err)? {
                return Ok(format!("err {e}"));
            }
            let mut err = std::ptr::null_mut();
            f!(self, rocksdb_checkpoint_create)(cp, cdir.as_ptr(), 0, &mut err);
            f!(self, rocksdb_checkpoint_object_destroy)(cp);
            if let Err(e) = self.take_err(err)? {
                return Ok(format!("err {e}"));
            }
            let names: Vec<CString> = cfs.iter().map(|n| cs(n)).collect();
            let np: Vec<S> = names.iter().map(|c| c.as_ptr()).collect();
            let op: Vec<P> = vec![opts.0; np.len()];
            let mut hs: Vec<P> = vec![std::ptr::null_mut(); np.len()];
            let mut err = std::ptr::null_mut();
            let db = f!(self, rocksdb_open_for_read_only_column_families)(
                opts.0, cdir.as_ptr(), np.len() as c_int, np.as_ptr(), op.as_ptr(), hs.as_mut_ptr(), 0, &mut err,
            );
            if let Err(e) = self.take_err(err)? {
                return Ok(format!("open err {e}"));
            }
            let mut out = Vec::new();
            let ro = f!(self, rocksdb_readoptions_create)();
            for (i, h) in hs.iter().enumerate() {
                let it = f!(self, rocksdb_create_iterator_cf)(db, ro, *h);
                f!(self, rocksdb_iter_seek_to_first)(it);
                let mut kv = Vec::new();
                while f!(self, rocksdb_iter_valid)(it) != 0 {
                    let (mut a, mut b) = (0, 0);
                    let k = Lib::borrowed(f!(self, rocksdb_iter_key)(it, &mut a), a).unwrap_or_default();
                    let v = Lib::borrowed(f!(self, rocksdb_iter_value)(it, &mut b), b).unwrap_or_default();
                    kv.push(format!("{}={}", crate::exec::bytes(&k), crate::exec::bytes(&v)));
                    f!(self, rocksdb_iter_next)(it);
                }
                f!(self, rocksdb_iter_destroy)(it);
                out.push(format!("{}: {}", cfs[i], kv.join(" ")));
                f!(self, rocksdb_column_family_handle_destroy)(*h);
            }
            f!(self, rocksdb_readoptions_destroy)(ro);
            f!(self, rocksdb_close)(db);
            Ok(out.join("; "))
        }
    }

    /// A property through the transaction databases' own functions (`rocksdb_transactiondb_property_int`, ...).
    pub fn txndb_property(&self, kind: DbKind, o: &Opened, name: &str) -> R<(Option<String>, Option<u64>)> {
        let c = cs(name);
        let mut n = 0u64;
        unsafe {
            let (v, ok) = match kind {
                DbKind::Pessimistic => (f!(self, rocksdb_transactiondb_property_value)(o.db.0, c.as_ptr()), f!(self, rocksdb_transactiondb_property_int)(o.db.0, c.as_ptr(), &mut n)),
                _ => (
                    f!(self, rocksdb_optimistictransactiondb_property_value)(o.db.0, c.as_ptr()),
                    f!(self, rocksdb_optimistictransactiondb_property_int)(o.db.0, c.as_ptr(), &mut n),
                ),
            };
            Ok((self.cstr_owned(v)?, (ok == 0).then_some(n)))
        }
    }
}
