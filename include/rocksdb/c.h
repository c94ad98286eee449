/* ferrock's RocksDB C API: RocksDB 11.8.1's rocksdb/c.h, implemented in Rust.
 * GENERATED from src/capi by cbindgen (make header): do not edit.
 * Functions that answer "Not implemented: ..." are listed in capi-tests/NOT_IMPLEMENTED.md. */

#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#ifndef ROCKSDB_LIBRARY_API
#define ROCKSDB_LIBRARY_API
#endif

/* The anonymous enum constant groups of RocksDB 11.8.1's c.h, with its names and values. */
enum {
  rocksdb_size_approximation_flags_none = 0,
  rocksdb_size_approximation_flags_include_memtable = 1,
  rocksdb_size_approximation_flags_include_files = 2,
  rocksdb_size_approximation_flags_include_blob_files = 4,
};

enum {
  rocksdb_wal_file_type_archived_log = 0,
  rocksdb_wal_file_type_alive_log = 1,
};

enum {
  rocksdb_block_based_table_index_type_binary_search = 0,
  rocksdb_block_based_table_index_type_hash_search = 1,
  rocksdb_block_based_table_index_type_two_level_index_search = 2,
};

enum {
  rocksdb_block_based_table_data_block_index_type_binary_search = 0,
  rocksdb_block_based_table_data_block_index_type_binary_search_and_hash = 1,
};

enum {
  rocksdb_block_based_table_index_block_search_type_binary = 0,
  rocksdb_block_based_table_index_block_search_type_interpolation = 1,
  rocksdb_block_based_table_index_block_search_type_auto = 2,
};

enum {
  rocksdb_block_based_k_fallback_pinning_tier = 0,
  rocksdb_block_based_k_none_pinning_tier = 1,
  rocksdb_block_based_k_flush_and_similar_pinning_tier = 2,
  rocksdb_block_based_k_all_pinning_tier = 3,
};

enum {
  rocksdb_statistics_level_disable_all = 0,
  rocksdb_statistics_level_except_tickers = 0,
  rocksdb_statistics_level_except_histogram_or_timers = 1,
  rocksdb_statistics_level_except_timers = 2,
  rocksdb_statistics_level_except_detailed_timers = 3,
  rocksdb_statistics_level_except_time_for_mutex = 4,
  rocksdb_statistics_level_all = 5,
};

enum {
  rocksdb_prepopulate_blob_disable = 0,
  rocksdb_prepopulate_blob_flush_only = 1,
};

enum {
  rocksdb_tolerate_corrupted_tail_records_recovery = 0,
  rocksdb_absolute_consistency_recovery = 1,
  rocksdb_point_in_time_recovery = 2,
  rocksdb_skip_any_corrupted_records_recovery = 3,
};

enum {
  rocksdb_no_compression = 0,
  rocksdb_snappy_compression = 1,
  rocksdb_zlib_compression = 2,
  rocksdb_bz2_compression = 3,
  rocksdb_lz4_compression = 4,
  rocksdb_lz4hc_compression = 5,
  rocksdb_xpress_compression = 6,
  rocksdb_zstd_compression = 7,
};

enum {
  rocksdb_level_compaction = 0,
  rocksdb_universal_compaction = 1,
  rocksdb_fifo_compaction = 2,
};

enum {
  rocksdb_k_by_compensated_size_compaction_pri = 0,
  rocksdb_k_oldest_largest_seq_first_compaction_pri = 1,
  rocksdb_k_oldest_smallest_seq_first_compaction_pri = 2,
  rocksdb_k_min_overlapping_ratio_compaction_pri = 3,
  rocksdb_k_round_robin_compaction_pri = 4,
};

enum {
  rocksdb_uninitialized = 0,
  rocksdb_disable = 1,
  rocksdb_enable_count = 2,
  rocksdb_enable_time_except_for_mutex = 3,
  rocksdb_enable_time = 4,
  rocksdb_out_of_bounds = 5,
};

enum {
  rocksdb_user_key_comparison_count = 0,
  rocksdb_block_cache_hit_count = 1,
  rocksdb_block_read_count = 2,
  rocksdb_block_read_byte = 3,
  rocksdb_block_read_time = 4,
  rocksdb_block_checksum_time = 5,
  rocksdb_block_decompress_time = 6,
  rocksdb_get_read_bytes = 7,
  rocksdb_multiget_read_bytes = 8,
  rocksdb_iter_read_bytes = 9,
  rocksdb_internal_key_skipped_count = 10,
  rocksdb_internal_delete_skipped_count = 11,
  rocksdb_internal_recent_skipped_count = 12,
  rocksdb_internal_merge_count = 13,
  rocksdb_get_snapshot_time = 14,
  rocksdb_get_from_memtable_time = 15,
  rocksdb_get_from_memtable_count = 16,
  rocksdb_get_post_process_time = 17,
  rocksdb_get_from_output_files_time = 18,
  rocksdb_seek_on_memtable_time = 19,
  rocksdb_seek_on_memtable_count = 20,
  rocksdb_next_on_memtable_count = 21,
  rocksdb_prev_on_memtable_count = 22,
  rocksdb_seek_child_seek_time = 23,
  rocksdb_seek_child_seek_count = 24,
  rocksdb_seek_min_heap_time = 25,
  rocksdb_seek_max_heap_time = 26,
  rocksdb_seek_internal_seek_time = 27,
  rocksdb_find_next_user_entry_time = 28,
  rocksdb_write_wal_time = 29,
  rocksdb_write_memtable_time = 30,
  rocksdb_write_delay_time = 31,
  rocksdb_write_pre_and_post_process_time = 32,
  rocksdb_db_mutex_lock_nanos = 33,
  rocksdb_db_condition_wait_nanos = 34,
  rocksdb_merge_operator_time_nanos = 35,
  rocksdb_read_index_block_nanos = 36,
  rocksdb_read_filter_block_nanos = 37,
  rocksdb_new_table_block_iter_nanos = 38,
  rocksdb_new_table_iterator_nanos = 39,
  rocksdb_block_seek_nanos = 40,
  rocksdb_find_table_nanos = 41,
  rocksdb_bloom_memtable_hit_count = 42,
  rocksdb_bloom_memtable_miss_count = 43,
  rocksdb_bloom_sst_hit_count = 44,
  rocksdb_bloom_sst_miss_count = 45,
  rocksdb_key_lock_wait_time = 46,
  rocksdb_key_lock_wait_count = 47,
  rocksdb_env_new_sequential_file_nanos = 48,
  rocksdb_env_new_random_access_file_nanos = 49,
  rocksdb_env_new_writable_file_nanos = 50,
  rocksdb_env_reuse_writable_file_nanos = 51,
  rocksdb_env_new_random_rw_file_nanos = 52,
  rocksdb_env_new_directory_nanos = 53,
  rocksdb_env_file_exists_nanos = 54,
  rocksdb_env_get_children_nanos = 55,
  rocksdb_env_get_children_file_attributes_nanos = 56,
  rocksdb_env_delete_file_nanos = 57,
  rocksdb_env_create_dir_nanos = 58,
  rocksdb_env_create_dir_if_missing_nanos = 59,
  rocksdb_env_delete_dir_nanos = 60,
  rocksdb_env_get_file_size_nanos = 61,
  rocksdb_env_get_file_modification_time_nanos = 62,
  rocksdb_env_rename_file_nanos = 63,
  rocksdb_env_link_file_nanos = 64,
  rocksdb_env_lock_file_nanos = 65,
  rocksdb_env_unlock_file_nanos = 66,
  rocksdb_env_new_logger_nanos = 67,
  rocksdb_number_async_seek = 68,
  rocksdb_blob_cache_hit_count = 69,
  rocksdb_blob_read_count = 70,
  rocksdb_blob_read_byte = 71,
  rocksdb_blob_read_time = 72,
  rocksdb_blob_checksum_time = 73,
  rocksdb_blob_decompress_time = 74,
  rocksdb_internal_range_del_reseek_count = 75,
  rocksdb_block_read_cpu_time = 76,
  rocksdb_internal_merge_point_lookup_count = 77,
  rocksdb_data_block_read_byte = 78,
  rocksdb_index_block_read_byte = 79,
  rocksdb_filter_block_read_byte = 80,
  rocksdb_compression_dict_block_read_byte = 81,
  rocksdb_metadata_block_read_byte = 82,
  rocksdb_blob_cache_read_byte = 83,
  rocksdb_total_metric_count = 86,
};

enum {
  rocksdb_wal_filter_continue_processing = 0,
  rocksdb_wal_filter_ignore_current_record = 1,
  rocksdb_wal_filter_stop_replay = 2,
  rocksdb_wal_filter_corrupted_record = 3,
};

enum {
  rocksdb_trace_filter_none = 0,
  rocksdb_trace_filter_get = 1,
  rocksdb_trace_filter_write = 2,
  rocksdb_trace_filter_iterator_seek = 4,
  rocksdb_trace_filter_iterator_seek_for_prev = 8,
  rocksdb_trace_filter_multi_get = 16,
};

enum {
  rocksdb_similar_size_compaction_stop_style = 0,
  rocksdb_total_size_compaction_stop_style = 1,
};

enum {
  rocksdb_txndb_write_policy_write_committed = 0,
  rocksdb_txndb_write_policy_write_prepared = 1,
  rocksdb_txndb_write_policy_write_unprepared = 2,
};

enum {
  rocksdb_compactionservice_jobstatus_success = 0,
  rocksdb_compactionservice_jobstatus_failure = 1,
  rocksdb_compactionservice_jobstatus_aborted = 2,
  rocksdb_compactionservice_jobstatus_use_local = 3,
};


typedef struct rocksdb_backup_engine_info_t rocksdb_backup_engine_info_t;

typedef struct rocksdb_backup_engine_options_t rocksdb_backup_engine_options_t;

typedef struct rocksdb_backup_engine_t rocksdb_backup_engine_t;

/*
 An object of c.h that ferrock does not create (`rocksdb_blob_file_addition_info_t`).
 */
typedef struct rocksdb_blob_file_addition_info_t rocksdb_blob_file_addition_info_t;

/*
 An object of c.h that ferrock does not create (`rocksdb_blob_file_garbage_info_t`).
 */
typedef struct rocksdb_blob_file_garbage_info_t rocksdb_blob_file_garbage_info_t;

/*
 Block-based table options (`rocksdb_block_based_table_options_t`).
 */
typedef struct rocksdb_block_based_table_options_t rocksdb_block_based_table_options_t;

typedef struct rocksdb_block_cache_trace_options_t rocksdb_block_cache_trace_options_t;

typedef struct rocksdb_block_cache_trace_writer_options_t rocksdb_block_cache_trace_writer_options_t;

/*
 A block cache (`rocksdb_cache_t`).
 */
typedef struct rocksdb_cache_t rocksdb_cache_t;

/*
 A checkpoint object (`rocksdb_checkpoint_t`): the database it copies.
 */
typedef struct rocksdb_checkpoint_t rocksdb_checkpoint_t;

/*
 A column family handle (`rocksdb_column_family_handle_t`); it shares the engine's handle.
 */
typedef struct rocksdb_column_family_handle_t rocksdb_column_family_handle_t;

typedef struct rocksdb_column_family_metadata_options_t rocksdb_column_family_metadata_options_t;

typedef struct rocksdb_column_family_metadata_t rocksdb_column_family_metadata_t;

/*
 One input or output table of a compaction (`rocksdb_compaction_file_info_t`).
 */
typedef struct rocksdb_compaction_file_info_t rocksdb_compaction_file_info_t;

typedef struct rocksdb_compaction_job_stats_t rocksdb_compaction_job_stats_t;

/*
 Options of `rocksdb_compact_files` (`rocksdb_compaction_options_t`, RocksDB's
 `CompactionOptions`), with RocksDB's defaults.
 */
typedef struct rocksdb_compaction_options_t rocksdb_compaction_options_t;

/*
 RocksDB's CompactionServiceOptionsOverride (`OptionsOverride`), and a table option ferrock
 cannot write, which makes the worker's open_and_compact fail as open would.
 */
typedef struct rocksdb_compaction_service_options_override_t rocksdb_compaction_service_options_override_t;

/*
 A compaction filter handle (`rocksdb_compactionfilter_t`).
 */
typedef struct rocksdb_compactionfilter_t rocksdb_compactionfilter_t;

/*
 What a factory is told about the compaction it makes a filter for.
 */
typedef struct rocksdb_compactionfiltercontext_t rocksdb_compactionfiltercontext_t;

/*
 A compaction filter factory handle (`rocksdb_compactionfilterfactory_t`).
 */
typedef struct rocksdb_compactionfilterfactory_t rocksdb_compactionfilterfactory_t;

/*
 A compaction's info (`rocksdb_compactionjobinfo_t`).
 */
typedef struct rocksdb_compactionjobinfo_t rocksdb_compactionjobinfo_t;

typedef struct rocksdb_compactionservice_jobinfo_t rocksdb_compactionservice_jobinfo_t;

typedef struct rocksdb_compactionservice_scheduleresponse_t rocksdb_compactionservice_scheduleresponse_t;

/*
 A compaction service of C callbacks (RocksDB's c.cc rocksdb_compactionservice_t).
 */
typedef struct rocksdb_compactionservice_t rocksdb_compactionservice_t;

/*
 Options of `rocksdb_compact_range_opt` (`rocksdb_compactoptions_t`); the scalar
 pairs are in `option_accessors.rs`.
 */
typedef struct rocksdb_compactoptions_t rocksdb_compactoptions_t;

/*
 A user comparator (`rocksdb_comparator_t`); `rocksdb_comparator_destroy` runs its
 destructor unless a database or writer still uses it (then the last of those does).
 */
typedef struct rocksdb_comparator_t rocksdb_comparator_t;

typedef struct rocksdb_create_backup_options_t rocksdb_create_backup_options_t;

typedef struct rocksdb_cuckoo_table_options_t rocksdb_cuckoo_table_options_t;

/*
 A directory with its target size (RocksDB's DbPath).
 */
typedef struct rocksdb_dbpath_t rocksdb_dbpath_t;

/*
 The default environment (`rocksdb_env_t`).
 */
typedef struct rocksdb_env_t rocksdb_env_t;

/*
 Env options (`rocksdb_envoptions_t`): accepted for the SstFileWriter; ferrock's
 file I/O has no per-writer settings, so the values are stored and read back only.
 */
typedef struct rocksdb_envoptions_t rocksdb_envoptions_t;

/*
 A listener made of C callbacks (`rocksdb_eventlistener_t`).
 */
typedef struct rocksdb_eventlistener_t rocksdb_eventlistener_t;

typedef struct rocksdb_export_import_files_metadata_t rocksdb_export_import_files_metadata_t;

/*
 One ingested file's info (`rocksdb_externalfileingestioninfo_t`).
 */
typedef struct rocksdb_externalfileingestioninfo_t rocksdb_externalfileingestioninfo_t;

typedef struct rocksdb_fifo_compaction_options_t rocksdb_fifo_compaction_options_t;

typedef struct rocksdb_file_checksum_gen_factory_t rocksdb_file_checksum_gen_factory_t;

/*
 A filter policy (`rocksdb_filterpolicy_t`): bits per key of a full filter.
 */
typedef struct rocksdb_filterpolicy_t rocksdb_filterpolicy_t;

/*
 A flush's info (`rocksdb_flushjobinfo_t`).
 */
typedef struct rocksdb_flushjobinfo_t rocksdb_flushjobinfo_t;

/*
 Flush options (`rocksdb_flushoptions_t`).
 */
typedef struct rocksdb_flushoptions_t rocksdb_flushoptions_t;

/*
 Options of `rocksdb_flush_wal_with_options` (`rocksdb_flushwaloptions_t`).
 */
typedef struct rocksdb_flushwaloptions_t rocksdb_flushwaloptions_t;

/*
 An object of c.h that ferrock does not create (`rocksdb_hyper_clock_cache_options_t`).
 */
typedef struct rocksdb_hyper_clock_cache_options_t rocksdb_hyper_clock_cache_options_t;

typedef struct rocksdb_import_column_family_options_t rocksdb_import_column_family_options_t;

/*
 RocksDB's `IngestExternalFileOptions` as c.h sets them.
 */
typedef struct rocksdb_ingestexternalfileoptions_t rocksdb_ingestexternalfileoptions_t;

/*
 An iterator (`rocksdb_iterator_t`). It holds its own reference to the engine,
 so it stays safe to use (answering "Shutdown in progress") after `rocksdb_close`.
 */
typedef struct rocksdb_iterator_t rocksdb_iterator_t;

/*
 A view of one level of a `rocksdb_column_family_metadata_t` (which must outlive it).
 */
typedef struct rocksdb_level_metadata_t rocksdb_level_metadata_t;

/*
 One entry of a `rocksdb_livefiles_t`, with its strings NUL-terminated for C.
 */
typedef struct rocksdb_livefile_t rocksdb_livefile_t;

typedef struct rocksdb_livefiles_storage_info_options_t rocksdb_livefiles_storage_info_options_t;

typedef struct rocksdb_livefiles_storage_info_t rocksdb_livefiles_storage_info_t;

typedef struct rocksdb_livefiles_t rocksdb_livefiles_t;

/*
 A logger handle; options and databases share the logger it names.
 */
typedef struct rocksdb_logger_t rocksdb_logger_t;

/*
 Options for `rocksdb_cache_create_lru_opts` (`rocksdb_lru_cache_options_t`).
 */
typedef struct rocksdb_lru_cache_options_t rocksdb_lru_cache_options_t;

/*
 An object of c.h that ferrock does not create (`rocksdb_memory_allocator_t`).
 */
typedef struct rocksdb_memory_allocator_t rocksdb_memory_allocator_t;

/*
 Databases and caches to report on (`rocksdb_memory_consumers_t`). The pointers are the
 caller's; as in RocksDB they must stay valid until the report is made.
 */
typedef struct rocksdb_memory_consumers_t rocksdb_memory_consumers_t;

/*
 One report (`rocksdb_memory_usage_t`).
 */
typedef struct rocksdb_memory_usage_t rocksdb_memory_usage_t;

/*
 A sealed memtable's info (`rocksdb_memtableinfo_t`).
 */
typedef struct rocksdb_memtableinfo_t rocksdb_memtableinfo_t;

/*
 A merge operator handle (`rocksdb_mergeoperator_t`).
 */
typedef struct rocksdb_mergeoperator_t rocksdb_mergeoperator_t;

/*
 RocksDB's OpenAndCompactOptions: the flag is borrowed (the caller frees it after the
 options are done with).
 */
typedef struct rocksdb_open_and_compact_options_t rocksdb_open_and_compact_options_t;

typedef struct rocksdb_optimistictransaction_options_t rocksdb_optimistictransaction_options_t;

/*
 Lock buckets to share between optimistic transaction databases (RocksDB's
 `MakeSharedOccLockBuckets`).
 */
typedef struct rocksdb_optimistictransactiondb_lock_buckets_t rocksdb_optimistictransactiondb_lock_buckets_t;

typedef struct rocksdb_optimistictransactiondb_options_t rocksdb_optimistictransactiondb_options_t;

/*
 An open OptimisticTransactionDB (`rocksdb_optimistictransactiondb_t`).
 */
typedef struct rocksdb_optimistictransactiondb_t rocksdb_optimistictransactiondb_t;

/*
 Database and column family options (`rocksdb_options_t`).
 */
typedef struct rocksdb_options_t rocksdb_options_t;

/*
 The calling thread's perf context (`rocksdb_perfcontext_t`).
 */
typedef struct rocksdb_perfcontext_t rocksdb_perfcontext_t;

/*
 A value read by `rocksdb_get_pinned_v2` (`rocksdb_pinnable_handle_t`).
 */
typedef struct rocksdb_pinnable_handle_t rocksdb_pinnable_handle_t;

/*
 A value read by `rocksdb_get_pinned*` (`rocksdb_pinnableslice_t`).
 */
typedef struct rocksdb_pinnableslice_t rocksdb_pinnableslice_t;

/*
 A rate limiter handle; the limiter lives on in the options and engines it was given to.
 */
typedef struct rocksdb_ratelimiter_t rocksdb_ratelimiter_t;

/*
 Read options (`rocksdb_readoptions_t`).
 */
typedef struct rocksdb_readoptions_t rocksdb_readoptions_t;

typedef struct rocksdb_replay_options_t rocksdb_replay_options_t;

typedef struct rocksdb_replayer_t rocksdb_replayer_t;

typedef struct rocksdb_restore_options_t rocksdb_restore_options_t;

/*
 RocksDB's SizeApproximationOptions (`rocksdb_size_approximation_options_t`).
 */
typedef struct rocksdb_size_approximation_options_t rocksdb_size_approximation_options_t;

/*
 A prefix extractor handle (`rocksdb_slicetransform_t`).
 */
typedef struct rocksdb_slicetransform_t rocksdb_slicetransform_t;

/*
 A consistent read point (`rocksdb_snapshot_t`).
 */
typedef struct rocksdb_snapshot_t rocksdb_snapshot_t;

/*
 An SST file manager handle; the manager lives on in the options and databases given it.
 */
typedef struct rocksdb_sst_file_manager_t rocksdb_sst_file_manager_t;

/*
 A view of one file of a `rocksdb_level_metadata_t`'s level.
 */
typedef struct rocksdb_sst_file_metadata_t rocksdb_sst_file_metadata_t;

typedef struct rocksdb_sst_partitioner_factory_t rocksdb_sst_partitioner_factory_t;

/*
 An SstFileWriter (`rocksdb_sstfilewriter_t`): `table::sst_file_writer::SstFileWriter`.
 */
typedef struct rocksdb_sstfilewriter_t rocksdb_sstfilewriter_t;

/*
 `rocksdb_statistics_histogram_data_t`: one histogram's summary.
 */
typedef struct rocksdb_statistics_histogram_data_t rocksdb_statistics_histogram_data_t;

/*
 The status a background-error callback may read or clear (`rocksdb_status_ptr_t`).
 */
typedef struct rocksdb_status_ptr_t rocksdb_status_ptr_t;

/*
 A subcompaction's info (`rocksdb_subcompactionjobinfo_t`).
 */
typedef struct rocksdb_subcompactionjobinfo_t rocksdb_subcompactionjobinfo_t;

/*
 An open database (`rocksdb_t`).
 */
typedef struct rocksdb_t rocksdb_t;

/*
 An object of c.h that ferrock does not create (`rocksdb_table_properties_collector_factory_t`).
 */
typedef struct rocksdb_table_properties_collector_factory_t rocksdb_table_properties_collector_factory_t;

typedef struct rocksdb_table_properties_t rocksdb_table_properties_t;

typedef struct rocksdb_trace_options_t rocksdb_trace_options_t;

typedef struct rocksdb_trace_reader_t rocksdb_trace_reader_t;

typedef struct rocksdb_transaction_options_t rocksdb_transaction_options_t;

/*
 A transaction of either kind (`rocksdb_transaction_t`).
 */
typedef struct rocksdb_transaction_t rocksdb_transaction_t;

typedef struct rocksdb_transactiondb_options_t rocksdb_transactiondb_options_t;

/*
 An open TransactionDB (`rocksdb_transactiondb_t`).
 */
typedef struct rocksdb_transactiondb_t rocksdb_transactiondb_t;

typedef struct rocksdb_universal_compaction_options_t rocksdb_universal_compaction_options_t;

/*
 Options of `rocksdb_wait_for_compact` (`rocksdb_wait_for_compact_options_t`), RocksDB's defaults.
 */
typedef struct rocksdb_wait_for_compact_options_t rocksdb_wait_for_compact_options_t;

/*
 One WAL file (`rocksdb_wal_file_t`, RocksDB's WalFile as c.h captures it): from
 `rocksdb_get_current_wal_file` (destroyed by `rocksdb_wal_file_destroy`) or borrowed
 from a `rocksdb_wal_files_t`. `path` is `file.path_name` as a C string.
 */
typedef struct rocksdb_wal_file_t rocksdb_wal_file_t;

/*
 The WALs of `rocksdb_get_sorted_wal_files`, by number (`rocksdb_wal_files_t`).
 */
typedef struct rocksdb_wal_files_t rocksdb_wal_files_t;

/*
 A WAL iterator (`rocksdb_wal_iterator_t`).
 */
typedef struct rocksdb_wal_iterator_t rocksdb_wal_iterator_t;

/*
 RocksDB's TransactionLogIterator::ReadOptions (`rocksdb_wal_readoptions_t`).
 */
typedef struct rocksdb_wal_readoptions_t rocksdb_wal_readoptions_t;

/*
 A WAL filter made of C callbacks (`rocksdb_walfilter_t`).
 */
typedef struct rocksdb_walfilter_t rocksdb_walfilter_t;

/*
 A write buffer manager handle; the manager lives on in the options and databases given it.
 */
typedef struct rocksdb_write_buffer_manager_t rocksdb_write_buffer_manager_t;

/*
 A write batch (`rocksdb_writebatch_t`) in RocksDB's byte representation.
 */
typedef struct rocksdb_writebatch_t rocksdb_writebatch_t;

/*
 A write batch with an index of its keys (`rocksdb_writebatch_wi_t`).
 */
typedef struct rocksdb_writebatch_wi_t rocksdb_writebatch_wi_t;

/*
 Write options (`rocksdb_writeoptions_t`).
 */
typedef struct rocksdb_writeoptions_t rocksdb_writeoptions_t;

/*
 A WriteStallCondition as c.h hands it out: a pointer to an int holding
 kDelayed = 0, kStopped = 1 or kNormal = 2 (`rocksdb_writestallcondition_t`).
 */
typedef struct rocksdb_writestallcondition_t rocksdb_writestallcondition_t;

/*
 A stall-condition change (`rocksdb_writestallinfo_t`); the conditions are RocksDB's
 WriteStallCondition numbers stored as C ints.
 */
typedef struct rocksdb_writestallinfo_t rocksdb_writestallinfo_t;

/*
 c.h's `rocksdb_create_backup_options_progress_cb`.
 */
typedef void (*rocksdb_create_backup_options_progress_cb)(void *state);

/*
 c.h's `rocksdb_create_backup_options_exclude_files_cb`: non-zero excludes the file.
 */
typedef unsigned char (*rocksdb_create_backup_options_exclude_files_cb)(void *state, const char *relative_file, size_t relative_file_len);

/*
 c.h's `rocksdb_compaction_service_schedule_cb`.
 */
typedef rocksdb_compactionservice_scheduleresponse_t *(*rocksdb_compaction_service_schedule_cb)(void*, const rocksdb_compactionservice_jobinfo_t*, const char*, size_t);

/*
 c.h's `rocksdb_compaction_service_wait_cb`.
 */
typedef int (*rocksdb_compaction_service_wait_cb)(void*, const char*, char**, size_t*);

/*
 c.h's `rocksdb_compaction_service_cancel_awaiting_jobs_cb`.
 */
typedef void (*rocksdb_compaction_service_cancel_awaiting_jobs_cb)(void*);

/*
 c.h's `rocksdb_compaction_service_on_installation_cb`.
 */
typedef void (*rocksdb_compaction_service_on_installation_cb)(void*, const char*, int);

/*
 A view of bytes owned by ferrock (`rocksdb_slice_t`, laid out like `rocksdb::Slice`).
 */
typedef struct {
  const char *data;
  size_t size;
} rocksdb_slice_t;

typedef void (*on_flush_begin_cb)(void*, rocksdb_t*, const rocksdb_flushjobinfo_t*);

typedef void (*on_flush_completed_cb)(void*, rocksdb_t*, const rocksdb_flushjobinfo_t*);

typedef void (*on_compaction_begin_cb)(void*, rocksdb_t*, const rocksdb_compactionjobinfo_t*);

typedef void (*on_compaction_completed_cb)(void*, rocksdb_t*, const rocksdb_compactionjobinfo_t*);

typedef void (*on_subcompaction_begin_cb)(void*, const rocksdb_subcompactionjobinfo_t*);

typedef void (*on_subcompaction_completed_cb)(void*, const rocksdb_subcompactionjobinfo_t*);

typedef void (*on_external_file_ingested_cb)(void*, rocksdb_t*, const rocksdb_externalfileingestioninfo_t*);

typedef void (*on_background_error_cb)(void*, uint32_t, rocksdb_status_ptr_t*);

typedef void (*on_stall_conditions_changed_cb)(void*, const rocksdb_writestallinfo_t*);

typedef void (*on_memtable_sealed_cb)(void*, const rocksdb_memtableinfo_t*);

/*
 c.h's `rocksdb_readoptions_table_filter_cb`: whether a scan reads the table with these properties.
 */
typedef unsigned char (*rocksdb_readoptions_table_filter_cb)(void*, const rocksdb_table_properties_t*);

/*
 c.h's `rocksdb_walfilter_column_family_log_number_map_cb`.
 */
typedef void (*rocksdb_walfilter_column_family_log_number_map_cb)(void*, const uint32_t*, const uint64_t*, size_t, const char*const *, const size_t*, const uint32_t*, size_t);

/*
 c.h's `rocksdb_walfilter_log_record_found_cb`.
 */
typedef int (*rocksdb_walfilter_log_record_found_cb)(void*, unsigned long long, const char*, size_t, const rocksdb_writebatch_t*, rocksdb_writebatch_t*, unsigned char*);

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/*
 Frees memory this library handed to C (values, strings, arrays).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_free(void *ptr);

extern ROCKSDB_LIBRARY_API rocksdb_backup_engine_t *rocksdb_backup_engine_open(const rocksdb_options_t *options, const char *path, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_backup_engine_t *rocksdb_backup_engine_open_opts(const rocksdb_backup_engine_options_t *options, rocksdb_env_t *env, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_create_new_backup(rocksdb_backup_engine_t *be, rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_create_new_backup_flush(rocksdb_backup_engine_t *be, rocksdb_t *db, unsigned char flush_before_backup, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_create_new_backup_with_options(rocksdb_backup_engine_t *be, rocksdb_t *db, const rocksdb_create_backup_options_t *options, uint32_t *backup_id, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_create_new_backup_with_metadata(rocksdb_backup_engine_t *be, rocksdb_t *db, const rocksdb_create_backup_options_t *options, const char *app_metadata, size_t app_metadata_len, uint32_t *backup_id, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_purge_old_backups(rocksdb_backup_engine_t *be, uint32_t num_backups_to_keep, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_verify_backup(rocksdb_backup_engine_t *be, uint32_t backup_id, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_restore_db_from_latest_backup(rocksdb_backup_engine_t *be, const char *db_dir, const char *wal_dir, const rocksdb_restore_options_t *restore_options, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_restore_db_from_backup(rocksdb_backup_engine_t *be, const char *db_dir, const char *wal_dir, const rocksdb_restore_options_t *restore_options, uint32_t backup_id, char **errptr);

/*
 The backups in id order; NULL for a NULL engine.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_backup_engine_info_t *rocksdb_backup_engine_get_backup_info(rocksdb_backup_engine_t *be);

extern ROCKSDB_LIBRARY_API int rocksdb_backup_engine_info_count(const rocksdb_backup_engine_info_t *info);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_backup_engine_info_timestamp(const rocksdb_backup_engine_info_t *info, int index);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_backup_engine_info_backup_id(const rocksdb_backup_engine_info_t *info, int index);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_backup_engine_info_size(const rocksdb_backup_engine_info_t *info, int index);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_backup_engine_info_number_files(const rocksdb_backup_engine_info_t *info, int index);

/*
 The backup's app metadata, owned by `info` (not NUL-terminated; its length in `*len`).
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_backup_engine_info_app_metadata(const rocksdb_backup_engine_info_t *info, int index, size_t *len);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_info_destroy(const rocksdb_backup_engine_info_t *info);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_stop_backup(rocksdb_backup_engine_t *be);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_close(rocksdb_backup_engine_t *be);

extern ROCKSDB_LIBRARY_API rocksdb_backup_engine_options_t *rocksdb_backup_engine_options_create(const char *backup_dir);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_destroy(rocksdb_backup_engine_options_t *options);

/*
 Backups are written through the database's own file system (ferrock's env carries none).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_env(rocksdb_backup_engine_options_t *options, rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_backup_rate_limiter(rocksdb_backup_engine_options_t *options, rocksdb_ratelimiter_t *limiter);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_restore_rate_limiter(rocksdb_backup_engine_options_t *options, rocksdb_ratelimiter_t *limiter);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_backup_dir(rocksdb_backup_engine_options_t *opt, const char *v);

/*
 The backup directory, owned by the options (its length in `*size`).
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_backup_engine_options_get_backup_dir(rocksdb_backup_engine_options_t *opt, size_t *size);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_share_table_files(rocksdb_backup_engine_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_backup_engine_options_get_share_table_files(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_sync(rocksdb_backup_engine_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_backup_engine_options_get_sync(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_destroy_old_data(rocksdb_backup_engine_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_backup_engine_options_get_destroy_old_data(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_backup_log_files(rocksdb_backup_engine_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_backup_engine_options_get_backup_log_files(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_share_files_with_checksum(rocksdb_backup_engine_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_backup_engine_options_get_share_files_with_checksum(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_current_temperatures_override_manifest(rocksdb_backup_engine_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_backup_engine_options_get_current_temperatures_override_manifest(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_backup_rate_limit(rocksdb_backup_engine_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_backup_engine_options_get_backup_rate_limit(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_restore_rate_limit(rocksdb_backup_engine_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_backup_engine_options_get_restore_rate_limit(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_io_buffer_size(rocksdb_backup_engine_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_backup_engine_options_get_io_buffer_size(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_callback_trigger_interval_size(rocksdb_backup_engine_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_backup_engine_options_get_callback_trigger_interval_size(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_max_background_operations(rocksdb_backup_engine_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_backup_engine_options_get_max_background_operations(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_max_valid_backups_to_open(rocksdb_backup_engine_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_backup_engine_options_get_max_valid_backups_to_open(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_share_files_with_checksum_naming(rocksdb_backup_engine_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_backup_engine_options_get_share_files_with_checksum_naming(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_backup_engine_options_set_schema_version(rocksdb_backup_engine_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_backup_engine_options_get_schema_version(rocksdb_backup_engine_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_create_backup_options_t *rocksdb_create_backup_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_destroy(rocksdb_create_backup_options_t *options);

/*
 `callback(state)` every `callback_trigger_interval_size` bytes copied; NULL clears it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_set_progress_callback(rocksdb_create_backup_options_t *options, void *state, rocksdb_create_backup_options_progress_cb callback);

/*
 `callback(state, relative_file, len)` for each shared file a backup would copy; non-zero
 excludes the file (requires schema_version 2). NULL clears it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_set_exclude_files_callback(rocksdb_create_backup_options_t *options, void *state, rocksdb_create_backup_options_exclude_files_cb callback);

extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_set_flush_before_backup(rocksdb_create_backup_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_create_backup_options_get_flush_before_backup(rocksdb_create_backup_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_set_atomic_flush(rocksdb_create_backup_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_create_backup_options_get_atomic_flush(rocksdb_create_backup_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_set_decrease_background_thread_cpu_priority(rocksdb_create_backup_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_create_backup_options_get_decrease_background_thread_cpu_priority(rocksdb_create_backup_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_create_backup_options_set_background_thread_cpu_priority(rocksdb_create_backup_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_create_backup_options_get_background_thread_cpu_priority(rocksdb_create_backup_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_restore_options_t *rocksdb_restore_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_restore_options_destroy(rocksdb_restore_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_restore_options_set_keep_log_files(rocksdb_restore_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_restore_options_get_keep_log_files(rocksdb_restore_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_restore_options_set_mode(rocksdb_restore_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_restore_options_get_mode(rocksdb_restore_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_writebatch_t *rocksdb_writebatch_create(void);

/*
 A batch from RocksDB's serialized bytes; NULL when they are not a batch.
 */
extern ROCKSDB_LIBRARY_API rocksdb_writebatch_t *rocksdb_writebatch_create_from(const char *rep, size_t size);

extern ROCKSDB_LIBRARY_API rocksdb_writebatch_t *rocksdb_writebatch_create_with_params(size_t reserved_bytes, size_t max_bytes, size_t protection_bytes_per_key, size_t default_cf_ts_sz);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_destroy(rocksdb_writebatch_t *b);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_clear(rocksdb_writebatch_t *b);

extern ROCKSDB_LIBRARY_API int rocksdb_writebatch_count(rocksdb_writebatch_t *b);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_put(rocksdb_writebatch_t *b, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_put_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_putv(rocksdb_writebatch_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_putv_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_merge(rocksdb_writebatch_t *b, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_merge_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_mergev(rocksdb_writebatch_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_mergev_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete(rocksdb_writebatch_t *b, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_deletev(rocksdb_writebatch_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_deletev_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_singledelete(rocksdb_writebatch_t *b, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_singledelete_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete_range(rocksdb_writebatch_t *b, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete_range_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete_rangev(rocksdb_writebatch_t *b, int num_keys, const char *const *start_keys_list, const size_t *start_keys_list_sizes, const char *const *end_keys_list, const size_t *end_keys_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete_rangev_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *start_keys_list, const size_t *start_keys_list_sizes, const char *const *end_keys_list, const size_t *end_keys_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_put_log_data(rocksdb_writebatch_t *b, const char *blob, size_t len);

/*
 The batch's RocksDB bytes, valid until the batch changes.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_writebatch_data(rocksdb_writebatch_t *b, size_t *size);

/*
 Calls `put` and `deleted` for the default column family's records, in order.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_iterate(rocksdb_writebatch_t *b, void *state, void (*put)(void*, const char*, size_t, const char*, size_t), void (*deleted)(void*, const char*, size_t));

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_iterate_ld(rocksdb_writebatch_t *b, void *state, void (*put)(void*, const char*, size_t, const char*, size_t), void (*deleted)(void*, const char*, size_t), void (*log_data)(void*, const char*, size_t));

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_iterate_cf(rocksdb_writebatch_t *b, void *state, void (*put_cf)(void*, uint32_t, const char*, size_t, const char*, size_t), void (*deleted_cf)(void*, uint32_t, const char*, size_t), void (*merge_cf)(void*, uint32_t, const char*, size_t, const char*, size_t));

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_iterate_cf_ld(rocksdb_writebatch_t *b, void *state, void (*put_cf)(void*, uint32_t, const char*, size_t, const char*, size_t), void (*deleted_cf)(void*, uint32_t, const char*, size_t), void (*merge_cf)(void*, uint32_t, const char*, size_t, const char*, size_t), void (*log_data)(void*, const char*, size_t));

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_set_save_point(rocksdb_writebatch_t *b);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_rollback_to_save_point(rocksdb_writebatch_t *b, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_pop_save_point(rocksdb_writebatch_t *b, char **errptr);

/*
 RocksDB's WriteBatch::VerifyChecksum: a batch made with protection_bytes_per_key = 8
 checks each record against the checksum taken when it was added; any other batch is OK.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_verify_checksum(rocksdb_writebatch_t *b, char **errptr);

/*
 User-defined timestamps are not implemented: the batch remembers it and
 `rocksdb_write` of it fails with "Not implemented: user-defined timestamps".
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_put_cf_with_ts(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *ts, size_t tslen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_delete_cf_with_ts(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *ts, size_t tslen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_singledelete_cf_with_ts(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *ts, size_t tslen);

extern ROCKSDB_LIBRARY_API rocksdb_cache_t *rocksdb_cache_create_lru(size_t capacity);

extern ROCKSDB_LIBRARY_API rocksdb_cache_t *rocksdb_cache_create_lru_with_strict_capacity_limit(size_t capacity);

extern ROCKSDB_LIBRARY_API rocksdb_cache_t *rocksdb_cache_create_lru_opts(const rocksdb_lru_cache_options_t *opts);

extern ROCKSDB_LIBRARY_API void rocksdb_cache_destroy(rocksdb_cache_t *cache);

extern ROCKSDB_LIBRARY_API void rocksdb_cache_set_capacity(rocksdb_cache_t *cache, size_t capacity);

extern ROCKSDB_LIBRARY_API size_t rocksdb_cache_get_capacity(const rocksdb_cache_t *cache);

extern ROCKSDB_LIBRARY_API size_t rocksdb_cache_get_usage(const rocksdb_cache_t *cache);

/*
 Entries in the cache.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_cache_get_occupancy_count(const rocksdb_cache_t *cache);

/*
 Slots of the cache's hash tables (RocksDB's GetTableAddressCount).
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_cache_get_table_address_count(const rocksdb_cache_t *cache);

extern ROCKSDB_LIBRARY_API size_t rocksdb_cache_get_pinned_usage(const rocksdb_cache_t *cache);

extern ROCKSDB_LIBRARY_API rocksdb_lru_cache_options_t *rocksdb_lru_cache_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_lru_cache_options_destroy(rocksdb_lru_cache_options_t *opts);

extern ROCKSDB_LIBRARY_API void rocksdb_lru_cache_options_set_capacity(rocksdb_lru_cache_options_t *opts, size_t capacity);

extern ROCKSDB_LIBRARY_API void rocksdb_lru_cache_options_set_num_shard_bits(rocksdb_lru_cache_options_t *opts, int num_shard_bits);

/*
 The allocator the cache's blocks come from. c.h's only allocator constructor
 (`rocksdb_jemalloc_nodump_allocator_create`) answers "Not implemented" in ferrock, so the
 only allocator a program can pass is NULL, which is RocksDB's default too (blocks from
 the ordinary heap): there is nothing to record.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_lru_cache_options_set_memory_allocator(rocksdb_lru_cache_options_t *opts, rocksdb_memory_allocator_t *allocator);

/*
 RocksDB's DisownData only skips freeing the cache at exit (a shutdown speed-up);
 ferrock frees it normally, which callers cannot observe.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_cache_disown_data(rocksdb_cache_t *cache);

/*
 A HyperClockCache is a faster cache with the same contract (a byte budget
 shared by its users); ferrock gives an LRU cache of the same capacity.
 */
extern ROCKSDB_LIBRARY_API rocksdb_cache_t *rocksdb_cache_create_hyper_clock(size_t capacity, size_t estimated_entry_charge);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_handle_t *rocksdb_create_column_family(rocksdb_t *db, const rocksdb_options_t *column_family_options, const char *column_family_name, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_drop_column_family(rocksdb_t *db, rocksdb_column_family_handle_t *handle_, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_handle_t *rocksdb_get_default_column_family_handle(rocksdb_t *db);

extern ROCKSDB_LIBRARY_API void rocksdb_column_family_handle_destroy(rocksdb_column_family_handle_t *handle_);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_column_family_handle_get_id(rocksdb_column_family_handle_t *handle_);

/*
 A malloc'd copy of the name, not NUL-terminated (as RocksDB); *name_len gets its length.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_column_family_handle_get_name(rocksdb_column_family_handle_t *handle_, size_t *name_len);

/*
 Creates several column families with the same options; returns a malloc'd
 array of handles (free it with `rocksdb_create_column_families_destroy`,
 each handle with `rocksdb_column_family_handle_destroy`). On an error the
 families created before it stay created, as in RocksDB, and NULL is returned.
 */
extern ROCKSDB_LIBRARY_API rocksdb_column_family_handle_t **rocksdb_create_column_families(rocksdb_t *db, const rocksdb_options_t *column_family_options, int num_column_families, const char *const *column_family_names, size_t *lencfs, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_create_column_families_destroy(rocksdb_column_family_handle_t **list);

extern ROCKSDB_LIBRARY_API rocksdb_checkpoint_t *rocksdb_checkpoint_object_create(rocksdb_t *db, char **errptr);

/*
 A checkpoint of a TransactionDB: two-phase commit is on, so every checkpoint flushes first.
 */
extern ROCKSDB_LIBRARY_API rocksdb_checkpoint_t *rocksdb_transactiondb_checkpoint_object_create(rocksdb_transactiondb_t *txn_db, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_checkpoint_t *rocksdb_optimistictransactiondb_checkpoint_object_create(rocksdb_optimistictransactiondb_t *otxn_db, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_checkpoint_create(rocksdb_checkpoint_t *checkpoint, const char *checkpoint_dir, uint64_t log_size_for_flush, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_export_import_files_metadata_t *rocksdb_checkpoint_export_column_family(rocksdb_checkpoint_t *checkpoint, rocksdb_column_family_handle_t *column_family, const char *export_dir, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_checkpoint_object_destroy(rocksdb_checkpoint_t *checkpoint);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_handle_t *rocksdb_create_column_family_with_import(rocksdb_t *db, rocksdb_options_t *column_family_options, const char *column_family_name, rocksdb_import_column_family_options_t *import_options, rocksdb_export_import_files_metadata_t *metadata, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_import_column_family_options_t *rocksdb_import_column_family_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_import_column_family_options_set_move_files(rocksdb_import_column_family_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_import_column_family_options_get_move_files(rocksdb_import_column_family_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_import_column_family_options_destroy(rocksdb_import_column_family_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_export_import_files_metadata_t *rocksdb_export_import_files_metadata_create(void);

/*
 A malloc'd copy of the comparator name; the caller frees it.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_export_import_files_metadata_get_db_comparator_name(rocksdb_export_import_files_metadata_t *metadata);

extern ROCKSDB_LIBRARY_API void rocksdb_export_import_files_metadata_set_db_comparator_name(rocksdb_export_import_files_metadata_t *metadata, const char *name);

/*
 A copy of the file list (destroy it with `rocksdb_livefiles_destroy`).
 */
extern ROCKSDB_LIBRARY_API rocksdb_livefiles_t *rocksdb_export_import_files_metadata_get_files(rocksdb_export_import_files_metadata_t *metadata);

/*
 Replaces the file list with `files`, which this call takes (and frees).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_export_import_files_metadata_set_files(rocksdb_export_import_files_metadata_t *metadata, rocksdb_livefiles_t *files);

extern ROCKSDB_LIBRARY_API void rocksdb_export_import_files_metadata_destroy(rocksdb_export_import_files_metadata_t *metadata);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_elapsed_micros(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_cpu_micros(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compaction_job_stats_has_accurate_num_input_records(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_input_records(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_blobs_read(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_input_files(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_input_files_trivially_moved(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_input_files_at_output_level(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_filtered_input_files(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_filtered_input_files_at_output_level(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_output_records(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_output_files(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compaction_job_stats_num_output_files_blob(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compaction_job_stats_is_full_compaction(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compaction_job_stats_is_manual_compaction(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compaction_job_stats_is_remote_compaction(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_input_bytes(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_blob_bytes_read(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_output_bytes(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_output_bytes_blob(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_skipped_input_bytes(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_records_replaced(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_input_raw_key_bytes(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_total_input_raw_value_bytes(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_input_deletion_records(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_expired_deletion_records(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_corrupt_keys(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_file_write_nanos(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_file_range_sync_nanos(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_file_fsync_nanos(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_file_prepare_write_nanos(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_single_del_fallthru(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_job_stats_num_single_del_mismatch(const rocksdb_compaction_job_stats_t *stats);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compaction_job_stats_smallest_output_key_prefix(const rocksdb_compaction_job_stats_t *stats, size_t *size);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compaction_job_stats_largest_output_key_prefix(const rocksdb_compaction_job_stats_t *stats, size_t *size);

extern ROCKSDB_LIBRARY_API rocksdb_universal_compaction_options_t *rocksdb_universal_compaction_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_destroy(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API rocksdb_fifo_compaction_options_t *rocksdb_fifo_compaction_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_destroy(rocksdb_fifo_compaction_options_t *fifo_opts);

/*
 Copies the options into the column family options (a NULL one changes nothing).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_universal_compaction_options(rocksdb_options_t *opt, rocksdb_universal_compaction_options_t *uco);

/*
 Copies the options into the column family options (a NULL one changes nothing).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_fifo_compaction_options(rocksdb_options_t *opt, rocksdb_fifo_compaction_options_t *fifo);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_size_ratio(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_size_ratio(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_min_merge_width(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_min_merge_width(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_max_merge_width(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_max_merge_width(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_max_size_amplification_percent(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_max_size_amplification_percent(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_compression_size_percent(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_compression_size_percent(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_stop_style(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_stop_style(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_max_read_amp(rocksdb_universal_compaction_options_t *uco, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_universal_compaction_options_get_max_read_amp(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_allow_trivial_move(rocksdb_universal_compaction_options_t *uco, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_universal_compaction_options_get_allow_trivial_move(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_incremental(rocksdb_universal_compaction_options_t *uco, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_universal_compaction_options_get_incremental(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_universal_compaction_options_set_reduce_file_locking(rocksdb_universal_compaction_options_t *uco, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_universal_compaction_options_get_reduce_file_locking(rocksdb_universal_compaction_options_t *uco);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_allow_compaction(rocksdb_fifo_compaction_options_t *fifo_opts, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_fifo_compaction_options_get_allow_compaction(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_max_table_files_size(rocksdb_fifo_compaction_options_t *fifo_opts, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_fifo_compaction_options_get_max_table_files_size(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_max_data_files_size(rocksdb_fifo_compaction_options_t *fifo_opts, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_fifo_compaction_options_get_max_data_files_size(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_use_kv_ratio_compaction(rocksdb_fifo_compaction_options_t *fifo_opts, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_fifo_compaction_options_get_use_kv_ratio_compaction(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_age_for_warm(rocksdb_fifo_compaction_options_t *fifo_opts, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_fifo_compaction_options_get_age_for_warm(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_allow_trivial_copy_when_change_temperature(rocksdb_fifo_compaction_options_t *fifo_opts, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_fifo_compaction_options_get_allow_trivial_copy_when_change_temperature(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API void rocksdb_fifo_compaction_options_set_trivial_copy_buffer_size(rocksdb_fifo_compaction_options_t *fifo_opts, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_fifo_compaction_options_get_trivial_copy_buffer_size(rocksdb_fifo_compaction_options_t *fifo_opts);

extern ROCKSDB_LIBRARY_API rocksdb_compactionfilter_t *rocksdb_compactionfilter_create(void *state, void (*destructor)(void*), unsigned char (*filter)(void*, int, const char*, size_t, const char*, size_t, char**, size_t*, unsigned char*), const char *(*name)(void*));

extern ROCKSDB_LIBRARY_API void rocksdb_compactionfilter_destroy(rocksdb_compactionfilter_t *filter);

/*
 Ignoring snapshots is the only behaviour RocksDB still has (false is rejected at
 open there); ferrock accepts either and always ignores them.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compactionfilter_set_ignore_snapshots(rocksdb_compactionfilter_t *filter, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactionfiltercontext_is_full_compaction(rocksdb_compactionfiltercontext_t *context);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactionfiltercontext_is_manual_compaction(rocksdb_compactionfiltercontext_t *context);

extern ROCKSDB_LIBRARY_API rocksdb_compactionfilterfactory_t *rocksdb_compactionfilterfactory_create(void *state, void (*destructor)(void*), rocksdb_compactionfilter_t *(*create_compaction_filter)(void*, rocksdb_compactionfiltercontext_t*), const char *(*name)(void*));

extern ROCKSDB_LIBRARY_API void rocksdb_compactionfilterfactory_destroy(rocksdb_compactionfilterfactory_t *factory);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compaction_filter(rocksdb_options_t *opt, rocksdb_compactionfilter_t *filter);

/*
 Takes ownership of the factory, as RocksDB's C API does.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compaction_filter_factory(rocksdb_options_t *opt, rocksdb_compactionfilterfactory_t *factory);

extern ROCKSDB_LIBRARY_API rocksdb_wait_for_compact_options_t *rocksdb_wait_for_compact_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact_options_destroy(rocksdb_wait_for_compact_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact_options_set_abort_on_pause(rocksdb_wait_for_compact_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_wait_for_compact_options_get_abort_on_pause(rocksdb_wait_for_compact_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact_options_set_flush(rocksdb_wait_for_compact_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_wait_for_compact_options_get_flush(rocksdb_wait_for_compact_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact_options_set_close_db(rocksdb_wait_for_compact_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_wait_for_compact_options_get_close_db(rocksdb_wait_for_compact_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact_options_set_wait_for_purge(rocksdb_wait_for_compact_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_wait_for_compact_options_get_wait_for_purge(rocksdb_wait_for_compact_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact_options_set_timeout(rocksdb_wait_for_compact_options_t *opt, uint64_t micros);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_wait_for_compact_options_get_timeout(rocksdb_wait_for_compact_options_t *opt);

/*
 Waits for background flushes and compactions (NULL options = RocksDB's
 defaults). A timeout cannot be honoured yet: a non-zero one is Not implemented.
 Obsolete files are deleted by the same background work, so wait_for_purge
 needs nothing more; with abort_on_pause, paused background work (rocksdb_pause_background_work)
 answers "Operation aborted", without it the call waits until work is continued (RocksDB's).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_wait_for_compact(rocksdb_t *db, rocksdb_wait_for_compact_options_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_compactoptions_t *rocksdb_compactoptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_destroy(rocksdb_compactoptions_t *opt);

/*
 Stored: it only matters with user-defined timestamps, which open refuses.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_full_history_ts_low(rocksdb_compactoptions_t *opt, char *ts, size_t tslen);

extern ROCKSDB_LIBRARY_API void rocksdb_compact_range_opt(rocksdb_t *db, rocksdb_compactoptions_t *opt, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len);

extern ROCKSDB_LIBRARY_API void rocksdb_compact_range_cf_opt(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, rocksdb_compactoptions_t *opt, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len);

/*
 Manual compactions fail with "Result incomplete: Manual compaction paused" until matched by
 `rocksdb_enable_manual_compaction`; returns once none is running.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_disable_manual_compaction(rocksdb_t *db);

extern ROCKSDB_LIBRARY_API void rocksdb_enable_manual_compaction(rocksdb_t *db);

/*
 Stops background flushes and compactions (flushing writes made without the WAL first);
 with `wait`, returns when the background threads are done. Close the database afterwards.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_cancel_all_background_work(rocksdb_t *db, unsigned char wait);

/*
 RocksDB's PauseBackgroundWork: no background flush or compaction starts until the matching
 `rocksdb_continue_background_work`; returns once the running ones have finished.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_pause_background_work(rocksdb_t *db, char **errptr);

/*
 RocksDB's ContinueBackgroundWork; "Invalid argument: Background work already unpaused"
 without an unmatched pause.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_continue_background_work(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_compaction_options_t *rocksdb_compaction_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_destroy(rocksdb_compaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_set_max_subcompactions(rocksdb_compaction_options_t *opt, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_compaction_options_get_max_subcompactions(rocksdb_compaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_set_output_file_size_limit(rocksdb_compaction_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_options_get_output_file_size_limit(rocksdb_compaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_set_allow_trivial_move(rocksdb_compaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compaction_options_get_allow_trivial_move(rocksdb_compaction_options_t *opt);

/*
 Stored; `rocksdb_compact_files` refuses any value but kDisableCompressionOption (0xff).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_set_compression(rocksdb_compaction_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_compaction_options_get_compression(rocksdb_compaction_options_t *opt);

/*
 Stored; accepted by `rocksdb_compact_files` without effect (ferrock has no tiered storage
 and records no file temperature).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_set_output_temperature_override(rocksdb_compaction_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_compaction_options_get_output_temperature_override(rocksdb_compaction_options_t *opt);

/*
 A cancellation flag for `rocksdb_compaction_options_set_canceled` (an atomic boolean, as
 RocksDB's), freed by `rocksdb_compaction_options_canceled_destroy`.
 */
extern ROCKSDB_LIBRARY_API unsigned char *rocksdb_compaction_options_canceled_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_canceled_destroy(unsigned char *canceled);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_canceled_set(unsigned char *canceled, unsigned char value);

/*
 A compaction started while the flag is set answers "Incomplete: Manual compaction paused",
 as RocksDB's; the flag is read when `rocksdb_compact_files` starts.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_options_set_canceled(rocksdb_compaction_options_t *opt, unsigned char *canceled);

extern ROCKSDB_LIBRARY_API void rocksdb_compact_files(rocksdb_t *db, const rocksdb_compaction_options_t *options, const char *const *input_file_names, size_t num_input_file_names, int output_level, int output_path_id, char ***output_file_names, size_t *num_output_file_names, rocksdb_compactionjobinfo_t *compaction_job_info, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_compact_files_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const rocksdb_compaction_options_t *options, const char *const *input_file_names, size_t num_input_file_names, int output_level, int output_path_id, char ***output_file_names, size_t *num_output_file_names, rocksdb_compactionjobinfo_t *compaction_job_info, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_compactionservice_scheduleresponse_t *rocksdb_compactionservice_scheduleresponse_create(const char *scheduled_job_id, int status, char **errptr);

/*
 A response without a job id (RocksDB's CompactionServiceScheduleResponse(status)).
 */
extern ROCKSDB_LIBRARY_API rocksdb_compactionservice_scheduleresponse_t *rocksdb_compactionservice_scheduleresponse_create_with_status(int status, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_compactionservice_scheduleresponse_t_destroy(rocksdb_compactionservice_scheduleresponse_t *response);

/*
 The response's status; NULL answers failure, as c.cc.
 */
extern ROCKSDB_LIBRARY_API int rocksdb_compactionservice_scheduleresponse_getstatus(const rocksdb_compactionservice_scheduleresponse_t *response);

/*
 The job id (not NUL-terminated) and its length; "" and 0 for NULL.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionservice_scheduleresponse_get_scheduled_job_id(const rocksdb_compactionservice_scheduleresponse_t *response, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionservice_jobinfo_t_get_db_name(const rocksdb_compactionservice_jobinfo_t *info, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionservice_jobinfo_t_get_db_id(const rocksdb_compactionservice_jobinfo_t *info, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionservice_jobinfo_t_get_db_session_id(const rocksdb_compactionservice_jobinfo_t *info, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionservice_jobinfo_t_get_cf_name(const rocksdb_compactionservice_jobinfo_t *info, size_t *len);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_compactionservice_jobinfo_t_get_cf_id(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionservice_jobinfo_t_get_job_id(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionservice_jobinfo_t_get_priority(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionservice_jobinfo_t_get_compaction_reason(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionservice_jobinfo_t_get_base_input_level(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionservice_jobinfo_t_get_output_level(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactionservice_jobinfo_t_is_full_compaction(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactionservice_jobinfo_t_is_manual_compaction(const rocksdb_compactionservice_jobinfo_t *info);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactionservice_jobinfo_t_is_bottommost_level(const rocksdb_compactionservice_jobinfo_t *info);

/*
 A service of the given callbacks; a NULL schedule or wait runs every job locally.
 */
extern ROCKSDB_LIBRARY_API rocksdb_compactionservice_t *rocksdb_compactionservice_create(void *state, void (*destructor)(void*), rocksdb_compaction_service_schedule_cb schedule, const char *name, rocksdb_compaction_service_wait_cb wait, rocksdb_compaction_service_cancel_awaiting_jobs_cb cancel_awaiting_jobs, rocksdb_compaction_service_on_installation_cb on_installation);

/*
 The options take the service (NULL options or service: nothing happens, as in c.cc).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compaction_service(rocksdb_options_t *opt, rocksdb_compactionservice_t *service);

extern ROCKSDB_LIBRARY_API rocksdb_compaction_service_options_override_t *rocksdb_compaction_service_options_override_create(void);

/*
 The objects of `options` (comparator, merge operator, filters, prefix extractor, table
 factory, listeners, statistics, info log); NULL options give NULL.
 */
extern ROCKSDB_LIBRARY_API rocksdb_compaction_service_options_override_t *rocksdb_compaction_service_options_override_create_from_options(rocksdb_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_destroy(rocksdb_compaction_service_options_override_t *o);

/*
 ferrock has one environment; the override's, like rocksdb_options_set_env's, changes nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_env(rocksdb_compaction_service_options_override_t *o, rocksdb_env_t *env);

/*
 Borrowed, as rocksdb_options_set_comparator's.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_comparator(rocksdb_compaction_service_options_override_t *o, rocksdb_comparator_t *cmp);

/*
 Taken (the override owns it).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_merge_operator(rocksdb_compaction_service_options_override_t *o, rocksdb_mergeoperator_t *op);

/*
 Borrowed, as rocksdb_options_set_compaction_filter's.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_compaction_filter(rocksdb_compaction_service_options_override_t *o, rocksdb_compactionfilter_t *filter);

/*
 Taken (the override owns it).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_compaction_filter_factory(rocksdb_compaction_service_options_override_t *o, rocksdb_compactionfilterfactory_t *factory);

/*
 Taken (the override owns it).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_prefix_extractor(rocksdb_compaction_service_options_override_t *o, rocksdb_slicetransform_t *st);

/*
 A block-based table factory with a copy of these options.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_block_based_table_factory(rocksdb_compaction_service_options_override_t *o, rocksdb_block_based_table_options_t *t);

/*
 A cuckoo table factory with a copy of these options.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_cuckoo_table_factory(rocksdb_compaction_service_options_override_t *o, rocksdb_cuckoo_table_options_t *t);

/*
 Taken (the override owns it), as rocksdb_options_add_eventlistener's.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_add_event_listener(rocksdb_compaction_service_options_override_t *o, rocksdb_eventlistener_t *l);

/*
 The statistics object of `options` (none unless it enabled statistics).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_statistics(rocksdb_compaction_service_options_override_t *o, rocksdb_options_t *options);

/*
 The logger the handle names (shared).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_info_log(rocksdb_compaction_service_options_override_t *o, rocksdb_logger_t *l);

/*
 An option string pair the worker applies after loading the primary's options.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_option(rocksdb_compaction_service_options_override_t *o, const char *key, const char *value);

/*
 The worker's tables get checksums by this factory.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_file_checksum_gen_factory(rocksdb_compaction_service_options_override_t *o, rocksdb_file_checksum_gen_factory_t *factory);

/*
 The worker's outputs are cut by this partitioner.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_set_sst_partitioner_factory(rocksdb_compaction_service_options_override_t *o, rocksdb_sst_partitioner_factory_t *factory);

/*
 ferrock creates no table properties collector factory, so the only argument is NULL,
 which c.cc ignores too.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compaction_service_options_override_add_table_properties_collector_factory(rocksdb_compaction_service_options_override_t *o, rocksdb_table_properties_collector_factory_t *factory);

extern ROCKSDB_LIBRARY_API rocksdb_cuckoo_table_options_t *rocksdb_cuckoo_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_destroy(rocksdb_cuckoo_table_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_set_hash_ratio(rocksdb_cuckoo_table_options_t *options, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_set_hash_table_ratio(rocksdb_cuckoo_table_options_t *options, double v);

extern ROCKSDB_LIBRARY_API double rocksdb_cuckoo_options_get_hash_table_ratio(rocksdb_cuckoo_table_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_set_max_search_depth(rocksdb_cuckoo_table_options_t *options, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_cuckoo_options_get_max_search_depth(rocksdb_cuckoo_table_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_set_cuckoo_block_size(rocksdb_cuckoo_table_options_t *options, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_cuckoo_options_get_cuckoo_block_size(rocksdb_cuckoo_table_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_set_identity_as_first_hash(rocksdb_cuckoo_table_options_t *options, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_cuckoo_options_get_identity_as_first_hash(rocksdb_cuckoo_table_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_cuckoo_options_set_use_module_hash(rocksdb_cuckoo_table_options_t *options, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_cuckoo_options_get_use_module_hash(rocksdb_cuckoo_table_options_t *options);

/*
 The table factory becomes a cuckoo factory with a copy of the options (RocksDB copies them too); NULL changes
 nothing, as in RocksDB. It replaces any earlier factory, so an earlier plain table factory no longer fails open.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_cuckoo_table_factory(rocksdb_options_t *opt, rocksdb_cuckoo_table_options_t *table_options);

extern ROCKSDB_LIBRARY_API rocksdb_comparator_t *rocksdb_comparator_create(void *state, void (*destructor)(void*), int (*compare)(void*, const char*, size_t, const char*, size_t), const char *(*name)(void*));

/*
 RocksDB 11.8.1's comparator with user-defined timestamps. With `timestamp_size` 0 it is
 `rocksdb_comparator_create`'s comparator (`compare_ts` and `compare_without_ts` are never
 called, as in RocksDB, where keys then carry no timestamp); with a larger size, opening a
 database (or writer, or indexed batch) with it fails with "Not implemented: user-defined
 timestamps ...". Either way the handle is the program's, destroyed by
 `rocksdb_comparator_destroy`.
 */
extern ROCKSDB_LIBRARY_API rocksdb_comparator_t *rocksdb_comparator_with_ts_create(void *state, void (*destructor)(void*), int (*compare)(void*, const char*, size_t, const char*, size_t), int (*compare_ts)(void*, const char*, size_t, const char*, size_t), int (*compare_without_ts)(void*, const char*, size_t, unsigned char, const char*, size_t, unsigned char), const char *(*name)(void*), size_t timestamp_size);

extern ROCKSDB_LIBRARY_API void rocksdb_comparator_destroy(rocksdb_comparator_t *cmp);

/*
 Orders the keys of the database (and of each column family opened with these options).
 The options name the comparator without owning it, as in RocksDB.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_comparator(rocksdb_options_t *opt, rocksdb_comparator_t *cmp);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open(const rocksdb_options_t *options, const char *name, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_for_read_only(const rocksdb_options_t *options, const char *name, unsigned char error_if_wal_file_exists, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_column_families(const rocksdb_options_t *options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_for_read_only_column_families(const rocksdb_options_t *options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, unsigned char error_if_wal_file_exists, char **errptr);

/*
 Closes the database and frees the handle; NULL is a no-op. Iterators,
 snapshots and column family handles still alive answer "Shutdown in progress".
 */
extern ROCKSDB_LIBRARY_API void rocksdb_close(rocksdb_t *db);

extern ROCKSDB_LIBRARY_API void rocksdb_destroy_db(const rocksdb_options_t *options, const char *name, char **errptr);

/*
 RocksDB's RepairDB: rebuilds the MANIFEST from the tables and WALs in the directory (see
 `db::repair`); the database must not be open.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_repair_db(const rocksdb_options_t *options, const char *name, char **errptr);

/*
 Returns a malloc'd array of malloc'd names; release with `rocksdb_list_column_families_destroy`.
 */
extern ROCKSDB_LIBRARY_API char **rocksdb_list_column_families(const rocksdb_options_t *options, const char *name, size_t *lencf, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_list_column_families_destroy(char **list, size_t len);

extern ROCKSDB_LIBRARY_API void rocksdb_put(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_put_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_delete(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_delete_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_singledelete(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_singledelete_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

/*
 Deletes [begin, end) in the column family by writing a range tombstone batch.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_delete_range_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_write(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_writebatch_t *batch, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_get(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_get_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_multi_get(rocksdb_t *db, const rocksdb_readoptions_t *options, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API void rocksdb_multi_get_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, const rocksdb_column_family_handle_t *const *column_families, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_get_pinned(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_get_pinned_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

/*
 The pinned value's bytes (valid until `rocksdb_pinnableslice_destroy`); NULL for a NULL handle.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_pinnableslice_value(const rocksdb_pinnableslice_t *t, size_t *vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_pinnableslice_destroy(rocksdb_pinnableslice_t *v);

/*
 A malloc'd NUL-terminated property value, or NULL when the property is unknown.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_property_value(rocksdb_t *db, const char *propname);

extern ROCKSDB_LIBRARY_API char *rocksdb_property_value_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *propname);

/*
 0 and *out_val set on success, -1 when the property is unknown (as RocksDB).
 */
extern ROCKSDB_LIBRARY_API int rocksdb_property_int(rocksdb_t *db, const char *propname, uint64_t *out_val);

extern ROCKSDB_LIBRARY_API int rocksdb_property_int_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *propname, uint64_t *out_val);

/*
 Compacts [start, limit] (NULL = unbounded). c.h gives no errptr: errors are dropped as in RocksDB.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compact_range(rocksdb_t *db, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len);

extern ROCKSDB_LIBRARY_API void rocksdb_compact_range_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len);

/*
 Marks the files overlapping the range for a background compaction (NULL keys = unbounded).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_suggest_compact_range(rocksdb_t *db, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_suggest_compact_range_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len, char **errptr);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_get_latest_sequence_number(rocksdb_t *db);

/*
 1 unless the key is certainly absent (a read that finds nothing); with a
 found value and `value_found` given, the value is handed out as RocksDB does.
 */
extern ROCKSDB_LIBRARY_API unsigned char rocksdb_key_may_exist(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t key_len, char **value, size_t *val_len, const char *timestamp, size_t timestamp_len, unsigned char *value_found);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_key_may_exist_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t key_len, char **value, size_t *val_len, const char *timestamp, size_t timestamp_len, unsigned char *value_found);

/*
 Copies the value into the caller's buffer when it fits (returns 1); otherwise
 returns 0 with *vallen set to the size needed. *found tells a present key
 from an absent one; only real errors go to errptr.
 */
extern ROCKSDB_LIBRARY_API unsigned char rocksdb_get_into_buffer(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, char *buffer, size_t buffer_size, size_t *vallen, unsigned char *found, char **errptr);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_get_into_buffer_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char *buffer, size_t buffer_size, size_t *vallen, unsigned char *found, char **errptr);

/*
 NULL when absent (no error) or on an error (in errptr).
 */
extern ROCKSDB_LIBRARY_API rocksdb_pinnable_handle_t *rocksdb_get_pinned_v2(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnable_handle_t *rocksdb_get_pinned_cf_v2(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API const char *rocksdb_pinnable_handle_get_value(const rocksdb_pinnable_handle_t *h, size_t *vallen);

extern ROCKSDB_LIBRARY_API void rocksdb_pinnable_handle_destroy(rocksdb_pinnable_handle_t *h);

/*
 The database's identity (the IDENTITY file's text) as a malloc'd buffer; NULL on error.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_get_db_identity(rocksdb_t *db, size_t *id_len);

/*
 Reads `num_keys` keys of one column family: `values[i]` is a pinned value
 (NULL when absent), `errs[i]` an error message (NULL when none). The keys
 need not be sorted, so `sorted_input` changes nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_batched_multi_get_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, rocksdb_pinnableslice_t **values, char **errs, bool sorted_input);

/*
 `rocksdb_batched_multi_get_cf` with the keys as an array of `rocksdb_slice_t`.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_batched_multi_get_cf_slice(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, size_t num_keys, const rocksdb_slice_t *keys_list, rocksdb_pinnableslice_t **values, char **errs, bool sorted_input);

/*
 Frees what `rocksdb_load_latest_options` hands out (the options, the names and both arrays).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_load_latest_options_destroy(rocksdb_options_t *db_options, char **list_column_family_names, rocksdb_options_t **list_column_family_options, size_t len);

/*
 Frees a malloc'd array of malloc'd file names (from `rocksdb_compact_files*`).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compact_files_output_file_names_destroy(char **output_file_names, size_t num_output_file_names);

extern ROCKSDB_LIBRARY_API void rocksdb_multi_get_with_ts(rocksdb_t *db, const rocksdb_readoptions_t *options, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **timestamp_list, size_t *timestamp_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API void rocksdb_multi_get_cf_with_ts(rocksdb_t *db, const rocksdb_readoptions_t *options, const rocksdb_column_family_handle_t *const *column_families, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **timestamp_list, size_t *timestamp_list_sizes, char **errs);

/*
 RocksDB's VerifyChecksum: every block of every live table read again and its checksum
 checked (src/db/verify.rs); the first corruption found is the error.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_verify_checksum(rocksdb_t *db, char **errptr);

/*
 `rocksdb_verify_checksum`; the read options (NULL: the defaults) change nothing: RocksDB
 verifies whatever `verify_checksums` says, and ferrock reads the tables outside the caches.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_verify_checksum_with_options(rocksdb_t *db, const rocksdb_readoptions_t *options, char **errptr);

/*
 RocksDB's VerifyFileChecksums for a database without a file_checksum_gen_factory (ferrock
 has none): "Invalid argument: Cannot verify file checksum if
 options.file_checksum_gen_factory is null".
 */
extern ROCKSDB_LIBRARY_API void rocksdb_verify_file_checksums(rocksdb_t *db, char **errptr);

/*
 `rocksdb_verify_file_checksums`; the read options change nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_verify_file_checksums_with_options(rocksdb_t *db, const rocksdb_readoptions_t *options, char **errptr);

/*
 A NULL `path` gives NULL (RocksDB would crash on it).
 */
extern ROCKSDB_LIBRARY_API rocksdb_dbpath_t *rocksdb_dbpath_create(const char *path, uint64_t target_size);

extern ROCKSDB_LIBRARY_API void rocksdb_dbpath_destroy(rocksdb_dbpath_t *dbpath);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_db_paths(rocksdb_options_t *opt, const rocksdb_dbpath_t **path_values, size_t num_paths);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_cf_paths(rocksdb_options_t *opt, const rocksdb_dbpath_t **path_values, size_t num_paths);

extern ROCKSDB_LIBRARY_API rocksdb_env_t *rocksdb_create_default_env(void);

extern ROCKSDB_LIBRARY_API void rocksdb_env_destroy(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_set_background_threads(rocksdb_env_t *env, int n);

extern ROCKSDB_LIBRARY_API int rocksdb_env_get_background_threads(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_set_low_priority_background_threads(rocksdb_env_t *env, int n);

extern ROCKSDB_LIBRARY_API int rocksdb_env_get_low_priority_background_threads(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_set_high_priority_background_threads(rocksdb_env_t *env, int n);

extern ROCKSDB_LIBRARY_API int rocksdb_env_get_high_priority_background_threads(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_set_bottom_priority_background_threads(rocksdb_env_t *env, int n);

extern ROCKSDB_LIBRARY_API int rocksdb_env_get_bottom_priority_background_threads(rocksdb_env_t *env);

/*
 The environment owns no threads (each database runs and joins its own at close): nothing to wait for.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_env_join_all_threads(rocksdb_env_t *env);

/*
 Recorded; ferrock does not change thread priorities.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_env_lower_thread_pool_io_priority(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_lower_high_priority_thread_pool_io_priority(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_lower_thread_pool_cpu_priority(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_env_lower_high_priority_thread_pool_cpu_priority(rocksdb_env_t *env);

/*
 Creates the directory (and its parents) unless it exists.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_create_dir_if_missing(rocksdb_env_t *env, const char *path, char **errptr);

/*
 Accepts the default environment (the only one ferrock has). Its pool sizes
 are recorded on the env handle; ferrock sizes its background work by
 `max_background_jobs`, as RocksDB schedules it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_env(rocksdb_options_t *opt, rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_disable_file_deletions(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_enable_file_deletions(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_file_checksum_gen_factory_t *rocksdb_file_checksum_gen_crc32c_factory_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_file_checksum_gen_factory_destroy(rocksdb_file_checksum_gen_factory_t *factory);

/*
 Every table the database writes from now on gets its CRC32C in the MANIFEST.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_file_checksum_gen_factory(rocksdb_options_t *opt, rocksdb_file_checksum_gen_factory_t *factory);

extern ROCKSDB_LIBRARY_API rocksdb_sst_partitioner_factory_t *rocksdb_sst_partitioner_fixed_prefix_factory_create(size_t prefix_len);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_partitioner_factory_destroy(rocksdb_sst_partitioner_factory_t *factory);

/*
 Compaction outputs are cut where the prefix changes.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_sst_partitioner_factory(rocksdb_options_t *opt, rocksdb_sst_partitioner_factory_t *factory);

extern ROCKSDB_LIBRARY_API rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_bloom(double bits_per_key);

/*
 Since RocksDB 7 both bloom constructors make the same full (format_version 5) filter.
 */
extern ROCKSDB_LIBRARY_API rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_bloom_full(double bits_per_key);

/*
 RocksDB's NewRibbonFilterPolicy(bits, -1): Ribbon filters at every level.
 */
extern ROCKSDB_LIBRARY_API rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_ribbon(double bloom_equivalent_bits_per_key);

/*
 Bloom filters for flushes (level -1) and levels below `bloom_before_level`, Ribbon
 filters from there on (RibbonFilterPolicy; i32::MAX = Bloom everywhere).
 */
extern ROCKSDB_LIBRARY_API rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_ribbon_hybrid(double bloom_equivalent_bits_per_key, int bloom_before_level);

extern ROCKSDB_LIBRARY_API void rocksdb_filterpolicy_destroy(rocksdb_filterpolicy_t *policy);

extern ROCKSDB_LIBRARY_API rocksdb_flushoptions_t *rocksdb_flushoptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_flushoptions_destroy(rocksdb_flushoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_flush(rocksdb_t *db, const rocksdb_flushoptions_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_flush_cf(rocksdb_t *db, const rocksdb_flushoptions_t *options, rocksdb_column_family_handle_t *column_family, char **errptr);

/*
 Flushes each column family in turn, stopping at the first error.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_flush_cfs(rocksdb_t *db, const rocksdb_flushoptions_t *options, rocksdb_column_family_handle_t **column_family, int num_column_families, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_flush_wal(rocksdb_t *db, unsigned char sync, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_flushwaloptions_t *rocksdb_flushwaloptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_flushwaloptions_destroy(rocksdb_flushwaloptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_flushwaloptions_set_sync(rocksdb_flushwaloptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushwaloptions_get_sync(rocksdb_flushwaloptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_flushwaloptions_set_rate_limiter_priority(rocksdb_flushwaloptions_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_flushwaloptions_get_rate_limiter_priority(rocksdb_flushwaloptions_t *opt);

/*
 Writes the WAL buffer out (and syncs it with the options' sync); NULL options: no sync.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_flush_wal_with_options(rocksdb_t *db, const rocksdb_flushwaloptions_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_ingestexternalfileoptions_t *rocksdb_ingestexternalfileoptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_destroy(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_allow_blocking_flush(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_allow_blocking_flush(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_allow_db_generated_files(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_allow_db_generated_files(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_allow_global_seqno(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_allow_global_seqno(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_fail_if_not_bottommost_level(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_fail_if_not_bottommost_level(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_failed_move_fall_back_to_copy(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_failed_move_fall_back_to_copy(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_fill_cache(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_fill_cache(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_ingest_behind(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_ingest_behind(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_link_files(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_link_files(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_move_files(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_move_files(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_prefetch_lmax_index_and_filter_blocks(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_prefetch_lmax_index_and_filter_blocks(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_snapshot_consistency(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_snapshot_consistency(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_verify_checksums_before_ingest(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_verify_checksums_before_ingest(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_verify_file_checksum(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_verify_file_checksum(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_write_global_seqno(rocksdb_ingestexternalfileoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_ingestexternalfileoptions_get_write_global_seqno(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_file_opening_threads(rocksdb_ingestexternalfileoptions_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_ingestexternalfileoptions_get_file_opening_threads(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingestexternalfileoptions_set_verify_checksums_readahead_size(rocksdb_ingestexternalfileoptions_t *opt, size_t v);

extern ROCKSDB_LIBRARY_API size_t rocksdb_ingestexternalfileoptions_get_verify_checksums_readahead_size(rocksdb_ingestexternalfileoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_ingest_external_file(rocksdb_t *db, const char *const *file_list, size_t list_len, const rocksdb_ingestexternalfileoptions_t *opt, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_ingest_external_file_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *const *file_list, size_t list_len, const rocksdb_ingestexternalfileoptions_t *opt, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_create_iterator(rocksdb_t *db, const rocksdb_readoptions_t *options);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_create_iterator_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family);

/*
 One iterator per column family, all reading at the same point.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_create_iterators(rocksdb_t *db, rocksdb_readoptions_t *opts, rocksdb_column_family_handle_t **column_families, rocksdb_iterator_t **iterators, size_t size, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_destroy(rocksdb_iterator_t *iter);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_iter_valid(const rocksdb_iterator_t *iter);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_seek_to_first(rocksdb_iterator_t *iter);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_seek_to_last(rocksdb_iterator_t *iter);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_seek(rocksdb_iterator_t *iter, const char *k, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_seek_for_prev(rocksdb_iterator_t *iter, const char *k, size_t klen);

/*
 Requires a valid iterator (as RocksDB); an invalid one is ignored rather than trusted.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_iter_next(rocksdb_iterator_t *iter);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_prev(rocksdb_iterator_t *iter);

/*
 The current key, valid until the iterator moves; NULL (length 0) when not valid.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_iter_key(const rocksdb_iterator_t *iter, size_t *klen);

/*
 The current value, valid until the iterator moves; NULL (length 0) when not valid.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_iter_value(const rocksdb_iterator_t *iter, size_t *vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_get_error(const rocksdb_iterator_t *iter, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_iter_refresh(const rocksdb_iterator_t *iter, char **errptr);

/*
 The current key as a slice, valid until the iterator moves; {NULL, 0} when not valid.
 */
extern ROCKSDB_LIBRARY_API rocksdb_slice_t rocksdb_iter_key_slice(const rocksdb_iterator_t *iter);

/*
 The current value as a slice, valid until the iterator moves; {NULL, 0} when not valid.
 */
extern ROCKSDB_LIBRARY_API rocksdb_slice_t rocksdb_iter_value_slice(const rocksdb_iterator_t *iter);

/*
 ferrock has no user-defined timestamps, so every key's timestamp is empty
 (as RocksDB answers for a column family without them): "" with length 0.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_iter_timestamp(const rocksdb_iterator_t *iter, size_t *tslen);

extern ROCKSDB_LIBRARY_API rocksdb_slice_t rocksdb_iter_timestamp_slice(const rocksdb_iterator_t *iter);

/*
 A listener calling the given callbacks (each may be NULL) with `state_`; `destructor_`
 (may be NULL) gets `state_` when the listener is freed.
 */
extern ROCKSDB_LIBRARY_API rocksdb_eventlistener_t *rocksdb_eventlistener_create(void *state_, void (*destructor_)(void*), on_flush_begin_cb on_flush_begin, on_flush_completed_cb on_flush_completed, on_compaction_begin_cb on_compaction_begin, on_compaction_completed_cb on_compaction_completed, on_subcompaction_begin_cb on_subcompaction_begin, on_subcompaction_completed_cb on_subcompaction_completed, on_external_file_ingested_cb on_external_file_ingested, on_background_error_cb on_background_error, on_stall_conditions_changed_cb on_stall_conditions_changed, on_memtable_sealed_cb on_memtable_sealed);

/*
 Frees a listener that was never added to options (runs its destructor).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_eventlistener_destroy(rocksdb_eventlistener_t *t);

/*
 The options take the listener over: do not destroy it afterwards (as in RocksDB).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_add_eventlistener(rocksdb_options_t *opt, rocksdb_eventlistener_t *t);

/*
 Clears the error: the database does not latch it (RocksDB's `*status = Status::OK()`).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_reset_status(rocksdb_status_ptr_t *status_ptr);

/*
 Stores the status text in `*errptr` (nothing when it is OK).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_status_ptr_get_error(rocksdb_status_ptr_t *status, char **errptr);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_flushjobinfo_cf_id(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_flushjobinfo_cf_name(const rocksdb_flushjobinfo_t *info, size_t *size);

/*
 The table written (empty at flush begin: ferrock numbers the table when it writes it).
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_flushjobinfo_file_path(const rocksdb_flushjobinfo_t *info, size_t *size);

/*
 The properties of the table the flush wrote (valid while the info is).
 */
extern ROCKSDB_LIBRARY_API const rocksdb_table_properties_t *rocksdb_flushjobinfo_table_properties(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_flushjobinfo_file_number(const rocksdb_flushjobinfo_t *info);

/*
 0: ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_flushjobinfo_oldest_blob_file_number(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_flushjobinfo_thread_id(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_flushjobinfo_job_id(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushjobinfo_triggered_writes_slowdown(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushjobinfo_triggered_writes_stop(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_flushjobinfo_smallest_seqno(const rocksdb_flushjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_flushjobinfo_largest_seqno(const rocksdb_flushjobinfo_t *info);

/*
 RocksDB's FlushReason number.
 */
extern ROCKSDB_LIBRARY_API uint32_t rocksdb_flushjobinfo_flush_reason(const rocksdb_flushjobinfo_t *info);

/*
 0 (kNoCompression): ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API uint32_t rocksdb_flushjobinfo_blob_compression_type(const rocksdb_flushjobinfo_t *info);

/*
 0: ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_flushjobinfo_blob_file_addition_infos_count(const rocksdb_flushjobinfo_t *info);

/*
 The stats of the job (all 0 but the input side at `on_compaction_begin`).
 */
extern ROCKSDB_LIBRARY_API const rocksdb_compaction_job_stats_t *rocksdb_compactionjobinfo_stats(const rocksdb_compactionjobinfo_t *info);

/*
 How many tables (inputs, and outputs at completion) the info has the properties of.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_table_properties_count(const rocksdb_compactionjobinfo_t *info);

/*
 The full path of the `pos`-th table with properties; NULL (length 0) past the end.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionjobinfo_table_properties_key_at(const rocksdb_compactionjobinfo_t *info, size_t pos, size_t *key_len);

/*
 The properties of the `pos`-th table; NULL past the end.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_table_properties_t *rocksdb_compactionjobinfo_table_properties_value_at(const rocksdb_compactionjobinfo_t *info, size_t pos);

/*
 The properties of the table at full path `file_name`; NULL when the info has none for it.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_table_properties_t *rocksdb_compactionjobinfo_table_properties_for_file(const rocksdb_compactionjobinfo_t *info, const char *file_name, size_t file_name_len);

/*
 An empty info, for `rocksdb_compact_files` to fill.
 */
extern ROCKSDB_LIBRARY_API rocksdb_compactionjobinfo_t *rocksdb_compactionjobinfo_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_compactionjobinfo_destroy(rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_compactionjobinfo_cf_id(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionjobinfo_cf_name(const rocksdb_compactionjobinfo_t *info, size_t *size);

/*
 The job's error in `*errptr` (nothing when it succeeded).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_compactionjobinfo_status(const rocksdb_compactionjobinfo_t *info, char **errptr);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_thread_id(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionjobinfo_job_id(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionjobinfo_num_l0_files(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionjobinfo_base_input_level(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compactionjobinfo_output_level(const rocksdb_compactionjobinfo_t *info);

/*
 RocksDB's CompactionReason number.
 */
extern ROCKSDB_LIBRARY_API uint32_t rocksdb_compactionjobinfo_compaction_reason(const rocksdb_compactionjobinfo_t *info);

/*
 RocksDB's CompressionType number of the outputs.
 */
extern ROCKSDB_LIBRARY_API uint32_t rocksdb_compactionjobinfo_compression(const rocksdb_compactionjobinfo_t *info);

/*
 0 (kNoCompression): ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API uint32_t rocksdb_compactionjobinfo_blob_compression_type(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactionjobinfo_aborted(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_input_files_count(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_output_files_count(const rocksdb_compactionjobinfo_t *info);

/*
 The full path of input `pos`; NULL (size 0) past the end.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionjobinfo_input_file_at(const rocksdb_compactionjobinfo_t *info, size_t pos, size_t *size);

/*
 The full path of output `pos`; NULL (size 0) past the end.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_compactionjobinfo_output_file_at(const rocksdb_compactionjobinfo_t *info, size_t pos, size_t *size);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_input_file_infos_count(const rocksdb_compactionjobinfo_t *info);

/*
 Input `pos`'s level and number; NULL past the end.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_compaction_file_info_t *rocksdb_compactionjobinfo_input_file_info_at(const rocksdb_compactionjobinfo_t *info, size_t pos);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_output_file_infos_count(const rocksdb_compactionjobinfo_t *info);

/*
 Output `pos`'s level and number; NULL past the end.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_compaction_file_info_t *rocksdb_compactionjobinfo_output_file_info_at(const rocksdb_compactionjobinfo_t *info, size_t pos);

/*
 0: ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_blob_file_addition_infos_count(const rocksdb_compactionjobinfo_t *info);

/*
 0: ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_blob_file_garbage_infos_count(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_elapsed_micros(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_num_corrupt_keys(const rocksdb_compactionjobinfo_t *info);

/*
 Entries of the input tables.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_input_records(const rocksdb_compactionjobinfo_t *info);

/*
 Entries of the output tables.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_output_records(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_total_input_bytes(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compactionjobinfo_total_output_bytes(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_num_input_files(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API size_t rocksdb_compactionjobinfo_num_input_files_at_output_level(const rocksdb_compactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_compaction_file_info_level(const rocksdb_compaction_file_info_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_file_info_file_number(const rocksdb_compaction_file_info_t *info);

/*
 0: ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_compaction_file_info_oldest_blob_file_number(const rocksdb_compaction_file_info_t *info);

/*
 The range's stats: all 0 as it begins; its elapsed time and outputs at completion.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_compaction_job_stats_t *rocksdb_subcompactionjobinfo_stats(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_subcompactionjobinfo_cf_id(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_subcompactionjobinfo_cf_name(const rocksdb_subcompactionjobinfo_t *info, size_t *size);

/*
 The range's error in `*errptr` (nothing when it succeeded).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_subcompactionjobinfo_status(const rocksdb_subcompactionjobinfo_t *info, char **errptr);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_subcompactionjobinfo_thread_id(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_subcompactionjobinfo_job_id(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_subcompactionjobinfo_subcompaction_job_id(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_subcompactionjobinfo_base_input_level(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API int rocksdb_subcompactionjobinfo_output_level(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_subcompactionjobinfo_compaction_reason(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_subcompactionjobinfo_compression(const rocksdb_subcompactionjobinfo_t *info);

/*
 0 (kNoCompression): ferrock writes no blob files.
 */
extern ROCKSDB_LIBRARY_API uint32_t rocksdb_subcompactionjobinfo_blob_compression_type(const rocksdb_subcompactionjobinfo_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_externalfileingestioninfo_cf_name(const rocksdb_externalfileingestioninfo_t *info, size_t *size);

extern ROCKSDB_LIBRARY_API const char *rocksdb_externalfileingestioninfo_external_file_path(const rocksdb_externalfileingestioninfo_t *info, size_t *size);

extern ROCKSDB_LIBRARY_API const char *rocksdb_externalfileingestioninfo_internal_file_path(const rocksdb_externalfileingestioninfo_t *info, size_t *size);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_externalfileingestioninfo_global_seqno(const rocksdb_externalfileingestioninfo_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_writestallinfo_cf_name(const rocksdb_writestallinfo_t *info, size_t *size);

/*
 Points at an int: kDelayed = 0, kStopped = 1, kNormal = 2.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_writestallcondition_t *rocksdb_writestallinfo_cur(const rocksdb_writestallinfo_t *info);

/*
 Points at an int: kDelayed = 0, kStopped = 1, kNormal = 2.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_writestallcondition_t *rocksdb_writestallinfo_prev(const rocksdb_writestallinfo_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_memtableinfo_cf_name(const rocksdb_memtableinfo_t *info, size_t *size);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_memtableinfo_first_seqno(const rocksdb_memtableinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_memtableinfo_earliest_seqno(const rocksdb_memtableinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_memtableinfo_num_entries(const rocksdb_memtableinfo_t *info);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_memtableinfo_num_deletes(const rocksdb_memtableinfo_t *info);

/*
 Empty: ferrock has no user-defined timestamps.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_memtableinfo_newest_udt(const rocksdb_memtableinfo_t *info, size_t *size);

extern ROCKSDB_LIBRARY_API rocksdb_livefiles_storage_info_options_t *rocksdb_livefiles_storage_info_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_storage_info_options_destroy(rocksdb_livefiles_storage_info_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_storage_info_options_set_include_checksum_info(rocksdb_livefiles_storage_info_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_livefiles_storage_info_options_get_include_checksum_info(rocksdb_livefiles_storage_info_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_storage_info_options_set_wal_size_for_flush(rocksdb_livefiles_storage_info_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_storage_info_options_get_wal_size_for_flush(rocksdb_livefiles_storage_info_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_storage_info_options_set_atomic_flush(rocksdb_livefiles_storage_info_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_livefiles_storage_info_options_get_atomic_flush(rocksdb_livefiles_storage_info_options_t *opt);

/*
 RocksDB's GetLiveFilesStorageInfo; NULL options are the defaults (always flush first).
 */
extern ROCKSDB_LIBRARY_API rocksdb_livefiles_storage_info_t *rocksdb_get_livefiles_storage_info(rocksdb_t *db, const rocksdb_livefiles_storage_info_options_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API size_t rocksdb_livefiles_storage_info_count(const rocksdb_livefiles_storage_info_t *info);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_storage_info_relative_filename(const rocksdb_livefiles_storage_info_t *info, size_t index);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_storage_info_directory(const rocksdb_livefiles_storage_info_t *info, size_t index);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_storage_info_file_number(const rocksdb_livefiles_storage_info_t *info, size_t index);

/*
 RocksDB's FileType number (kWalFile 0, kTableFile 2, kDescriptorFile 3, kCurrentFile 4, kOptionsFile 9).
 */
extern ROCKSDB_LIBRARY_API int rocksdb_livefiles_storage_info_file_type(const rocksdb_livefiles_storage_info_t *info, size_t index);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_storage_info_size(const rocksdb_livefiles_storage_info_t *info, size_t index);

/*
 RocksDB's Temperature: ferrock places no file by temperature, so every file is kUnknown (0).
 */
extern ROCKSDB_LIBRARY_API int rocksdb_livefiles_storage_info_temperature(const rocksdb_livefiles_storage_info_t *info, size_t index);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_storage_info_file_checksum(const rocksdb_livefiles_storage_info_t *info, size_t index);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_storage_info_file_checksum_func_name(const rocksdb_livefiles_storage_info_t *info, size_t index);

/*
 The bytes to create the file from instead of copying it (CURRENT), else an empty,
 non-NULL buffer as RocksDB's empty `std::string::data()`.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_storage_info_replacement_contents(const rocksdb_livefiles_storage_info_t *info, size_t index, size_t *size);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_livefiles_storage_info_trim_to_size(const rocksdb_livefiles_storage_info_t *info, size_t index);

extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_storage_info_destroy(rocksdb_livefiles_storage_info_t *info);

/*
 Lines go to standard error as "<time> <thread> <prefix><message>", at `log_level` and above.
 */
extern ROCKSDB_LIBRARY_API rocksdb_logger_t *rocksdb_logger_create_stderr_logger(int log_level, const char *prefix);

/*
 Each message at `log_level` and above is handed to `callback(priv, level, msg, len)`.
 */
extern ROCKSDB_LIBRARY_API rocksdb_logger_t *rocksdb_logger_create_callback_logger(int log_level, void (*callback)(void*, unsigned int, char*, size_t), void *priv_);

/*
 Frees the handle; options and databases that were given the logger keep using it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_logger_destroy(rocksdb_logger_t *logger);

/*
 A NULL logger leaves the options unchanged, as RocksDB's does.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_info_log(rocksdb_options_t *opt, rocksdb_logger_t *l);

/*
 A new handle naming the options' logger (empty when none is set); free it with
 `rocksdb_logger_destroy`.
 */
extern ROCKSDB_LIBRARY_API rocksdb_logger_t *rocksdb_options_get_info_log(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_memory_consumers_t *rocksdb_memory_consumers_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_memory_consumers_add_db(rocksdb_memory_consumers_t *consumers, rocksdb_t *db);

/*
 A cache added twice counts once (RocksDB keeps a set).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_memory_consumers_add_cache(rocksdb_memory_consumers_t *consumers, rocksdb_cache_t *cache);

extern ROCKSDB_LIBRARY_API void rocksdb_memory_consumers_destroy(rocksdb_memory_consumers_t *consumers);

extern ROCKSDB_LIBRARY_API rocksdb_memory_usage_t *rocksdb_approximate_memory_usage_create(rocksdb_memory_consumers_t *consumers, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_approximate_memory_usage_destroy(rocksdb_memory_usage_t *usage);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_approximate_memory_usage_get_mem_table_total(rocksdb_memory_usage_t *usage);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_approximate_memory_usage_get_mem_table_unflushed(rocksdb_memory_usage_t *usage);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_approximate_memory_usage_get_mem_table_readers_total(rocksdb_memory_usage_t *usage);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_approximate_memory_usage_get_cache_total(rocksdb_memory_usage_t *usage);

extern ROCKSDB_LIBRARY_API rocksdb_mergeoperator_t *rocksdb_mergeoperator_create(void *state, void (*destructor)(void*), char *(*full_merge)(void*, const char*, size_t, const char*, size_t, const char*const *, const size_t*, int, unsigned char*, size_t*), char *(*partial_merge)(void*, const char*, size_t, const char*const *, const size_t*, int, unsigned char*, size_t*), void (*delete_value)(void*, const char*, size_t), const char *(*name)(void*));

extern ROCKSDB_LIBRARY_API void rocksdb_mergeoperator_destroy(rocksdb_mergeoperator_t *op);

/*
 Takes ownership of `op`, as RocksDB's C API does (the caller must not destroy it).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_merge_operator(rocksdb_options_t *opt, rocksdb_mergeoperator_t *op);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_uint64add_merge_operator(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_merge(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_merge_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

/*
 The live table files of every column family; NULL when the database is NULL or closed.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_livefiles_t *rocksdb_livefiles(rocksdb_t *db);

extern ROCKSDB_LIBRARY_API rocksdb_livefiles_t *rocksdb_livefiles_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_destroy(const rocksdb_livefiles_t *files);

/*
 Moves `file` into the list and frees the builder (as RocksDB does).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_livefiles_add(rocksdb_livefiles_t *files, rocksdb_livefile_t *file);

extern ROCKSDB_LIBRARY_API int rocksdb_livefiles_count(const rocksdb_livefiles_t *files);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_column_family_name(const rocksdb_livefiles_t *files, int index);

/*
 RocksDB's file name relative to the directory, with a leading '/': "/000012.sst".
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_name(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_directory(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API int rocksdb_livefiles_level(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API size_t rocksdb_livefiles_size(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_smallestkey(const rocksdb_livefiles_t *files, int index, size_t *size);

extern ROCKSDB_LIBRARY_API const char *rocksdb_livefiles_largestkey(const rocksdb_livefiles_t *files, int index, size_t *size);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_smallest_seqno(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_largest_seqno(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_entries(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_livefiles_deletions(const rocksdb_livefiles_t *files, int index);

extern ROCKSDB_LIBRARY_API rocksdb_livefile_t *rocksdb_livefile_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_destroy(rocksdb_livefile_t *file);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_column_family_name(rocksdb_livefile_t *file, const char *name);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_name(rocksdb_livefile_t *file, const char *name);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_directory(rocksdb_livefile_t *file, const char *directory);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_level(rocksdb_livefile_t *file, int level);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_size(rocksdb_livefile_t *file, size_t size);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_smallest_key(rocksdb_livefile_t *file, const char *key, size_t len);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_largest_key(rocksdb_livefile_t *file, const char *key, size_t len);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_smallest_seqno(rocksdb_livefile_t *file, uint64_t seqno);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_largest_seqno(rocksdb_livefile_t *file, uint64_t seqno);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_num_entries(rocksdb_livefile_t *file, uint64_t n);

extern ROCKSDB_LIBRARY_API void rocksdb_livefile_set_num_deletions(rocksdb_livefile_t *file, uint64_t n);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_metadata_t *rocksdb_get_column_family_metadata(rocksdb_t *db);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_metadata_t *rocksdb_get_column_family_metadata_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_metadata_t *rocksdb_get_column_family_metadata_with_options(rocksdb_t *db, const rocksdb_column_family_metadata_options_t *options);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_metadata_t *rocksdb_get_column_family_metadata_cf_with_options(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const rocksdb_column_family_metadata_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_column_family_metadata_destroy(rocksdb_column_family_metadata_t *cf_meta);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_column_family_metadata_get_size(rocksdb_column_family_metadata_t *cf_meta);

extern ROCKSDB_LIBRARY_API size_t rocksdb_column_family_metadata_get_file_count(rocksdb_column_family_metadata_t *cf_meta);

/*
 A malloc'd copy of the family's name.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_column_family_metadata_get_name(rocksdb_column_family_metadata_t *cf_meta);

extern ROCKSDB_LIBRARY_API size_t rocksdb_column_family_metadata_get_level_count(rocksdb_column_family_metadata_t *cf_meta);

/*
 A view of level entry `i` (NULL past the end); it borrows from `cf_meta`.
 */
extern ROCKSDB_LIBRARY_API rocksdb_level_metadata_t *rocksdb_column_family_metadata_get_level_metadata(rocksdb_column_family_metadata_t *cf_meta, size_t i);

extern ROCKSDB_LIBRARY_API void rocksdb_level_metadata_destroy(rocksdb_level_metadata_t *level_meta);

extern ROCKSDB_LIBRARY_API int rocksdb_level_metadata_get_level(rocksdb_level_metadata_t *level_meta);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_level_metadata_get_size(rocksdb_level_metadata_t *level_meta);

extern ROCKSDB_LIBRARY_API size_t rocksdb_level_metadata_get_file_count(rocksdb_level_metadata_t *level_meta);

/*
 A view of file `i` of the level (NULL past the end); it borrows from the level's parent.
 */
extern ROCKSDB_LIBRARY_API rocksdb_sst_file_metadata_t *rocksdb_level_metadata_get_sst_file_metadata(rocksdb_level_metadata_t *level_meta, size_t i);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_file_metadata_destroy(rocksdb_sst_file_metadata_t *file_meta);

/*
 A malloc'd "000012.sst".
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_sst_file_metadata_get_relative_filename(rocksdb_sst_file_metadata_t *file_meta);

extern ROCKSDB_LIBRARY_API char *rocksdb_sst_file_metadata_get_directory(rocksdb_sst_file_metadata_t *file_meta);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_sst_file_metadata_get_size(rocksdb_sst_file_metadata_t *file_meta);

/*
 A malloc'd copy of the smallest user key.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_sst_file_metadata_get_smallestkey(rocksdb_sst_file_metadata_t *file_meta, size_t *len);

extern ROCKSDB_LIBRARY_API char *rocksdb_sst_file_metadata_get_largestkey(rocksdb_sst_file_metadata_t *file_meta, size_t *len);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_metadata_options_t *rocksdb_column_family_metadata_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_column_family_metadata_options_destroy(rocksdb_column_family_metadata_options_t *options);

/*
 NULL clears the bound.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_column_family_metadata_options_set_start_key(rocksdb_column_family_metadata_options_t *options, const char *key, size_t key_len);

/*
 NULL clears the bound (the end is exclusive).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_column_family_metadata_options_set_end_key(rocksdb_column_family_metadata_options_t *options, const char *key, size_t key_len);

/*
 The start bound (NULL when unset); the bytes live as long as the options.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_column_family_metadata_options_get_start_key(const rocksdb_column_family_metadata_options_t *options, size_t *key_len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_column_family_metadata_options_get_end_key(const rocksdb_column_family_metadata_options_t *options, size_t *key_len);

/*
 The level to list (-1, the default: all levels).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_column_family_metadata_options_set_level(rocksdb_column_family_metadata_options_t *options, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_column_family_metadata_options_get_level(rocksdb_column_family_metadata_options_t *options);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_blob_file_addition_info_blob_file_number(const rocksdb_blob_file_addition_info_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_blob_file_addition_info_blob_file_path(const rocksdb_blob_file_addition_info_t *a0, size_t *a1);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_blob_file_addition_info_total_blob_bytes(const rocksdb_blob_file_addition_info_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_blob_file_addition_info_total_blob_count(const rocksdb_blob_file_addition_info_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_blob_file_garbage_info_blob_file_number(const rocksdb_blob_file_garbage_info_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_blob_file_garbage_info_blob_file_path(const rocksdb_blob_file_garbage_info_t *a0, size_t *a1);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_blob_file_garbage_info_garbage_blob_bytes(const rocksdb_blob_file_garbage_info_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_blob_file_garbage_info_garbage_blob_count(const rocksdb_blob_file_garbage_info_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API rocksdb_cache_t *rocksdb_cache_create_hyper_clock_opts(const rocksdb_hyper_clock_cache_options_t *a0);

/*
 Not implemented in ferrock: returns NULL.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_blob_file_addition_info_t *rocksdb_compactionjobinfo_blob_file_addition_info_at(const rocksdb_compactionjobinfo_t *a0, size_t a1);

/*
 Not implemented in ferrock: returns NULL.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_blob_file_garbage_info_t *rocksdb_compactionjobinfo_blob_file_garbage_info_at(const rocksdb_compactionjobinfo_t *a0, size_t a1);

/*
 Not implemented in ferrock: returns NULL.
 */
extern ROCKSDB_LIBRARY_API rocksdb_env_t *rocksdb_create_mem_env(void);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_delete_cf_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_delete_cf_with_ts(rocksdb_t *a0, const rocksdb_writeoptions_t *a1, rocksdb_column_family_handle_t *a2, const char *a3, size_t a4, const char *a5, size_t a6, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_delete_file_in_range" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_delete_file_in_range(rocksdb_t *a0, const char *a1, size_t a2, const char *a3, size_t a4, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_delete_file_in_range_cf" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_delete_file_in_range_cf(rocksdb_t *a0, rocksdb_column_family_handle_t *a1, const char *a2, size_t a3, const char *a4, size_t a5, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_delete_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_delete_with_ts(rocksdb_t *a0, const rocksdb_writeoptions_t *a1, const char *a2, size_t a3, const char *a4, size_t a5, char **errptr);

/*
 Not implemented in ferrock: returns NULL.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_blob_file_addition_info_t *rocksdb_flushjobinfo_blob_file_addition_info_at(const rocksdb_flushjobinfo_t *a0, size_t a1);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_get_cf_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_get_cf_with_ts(rocksdb_t *a0, const rocksdb_readoptions_t *a1, rocksdb_column_family_handle_t *a2, const char *a3, size_t a4, size_t *a5, char **a6, size_t *a7, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_get_full_history_ts_low" through errptr.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_get_full_history_ts_low(rocksdb_t *a0, rocksdb_column_family_handle_t *a1, size_t *a2, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_get_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_get_with_ts(rocksdb_t *a0, const rocksdb_readoptions_t *a1, const char *a2, size_t a3, size_t *a4, char **a5, size_t *a6, char **errptr);

/*
 Not implemented in ferrock: returns NULL.
 */
extern ROCKSDB_LIBRARY_API rocksdb_hyper_clock_cache_options_t *rocksdb_hyper_clock_cache_options_create(size_t a0, size_t a1);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_hyper_clock_cache_options_destroy(rocksdb_hyper_clock_cache_options_t *a0);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_hyper_clock_cache_options_set_capacity(rocksdb_hyper_clock_cache_options_t *a0, size_t a1);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_hyper_clock_cache_options_set_estimated_entry_charge(rocksdb_hyper_clock_cache_options_t *a0, size_t a1);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_hyper_clock_cache_options_set_memory_allocator(rocksdb_hyper_clock_cache_options_t *a0, rocksdb_memory_allocator_t *a1);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_hyper_clock_cache_options_set_num_shard_bits(rocksdb_hyper_clock_cache_options_t *a0, int a1);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_increase_full_history_ts_low" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_increase_full_history_ts_low(rocksdb_t *a0, rocksdb_column_family_handle_t *a1, const char *a2, size_t a3, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_jemalloc_nodump_allocator_create" through errptr.
 */
extern ROCKSDB_LIBRARY_API rocksdb_memory_allocator_t *rocksdb_jemalloc_nodump_allocator_create(char **errptr);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_memory_allocator_destroy(rocksdb_memory_allocator_t *a0);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_open_and_trim_history" through errptr.
 */
extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_and_trim_history(const rocksdb_options_t *a0, const char *a1, int a2, const char *const *a3, const rocksdb_options_t *const *a4, rocksdb_column_family_handle_t **a5, char *a6, size_t a7, char **errptr);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_add_compact_on_deletion_collector_factory(rocksdb_options_t *a0, size_t a1, size_t a2);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_add_compact_on_deletion_collector_factory_del_ratio(rocksdb_options_t *a0, size_t a1, size_t a2, double a3);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_add_compact_on_deletion_collector_factory_min_file_size(rocksdb_options_t *a0, size_t a1, size_t a2, double a3, uint64_t a4);

/*
 Not implemented in ferrock: a non-NULL object makes open fail with Not implemented.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_add_table_properties_collector_factory(rocksdb_options_t *a0, rocksdb_table_properties_collector_factory_t *a1);

/*
 Not implemented in ferrock: a non-NULL object makes open fail with Not implemented.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_cache(rocksdb_options_t *a0, rocksdb_cache_t *a1);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bottommost_compression_options(rocksdb_options_t *a0, int a1, int a2, int a3, int a4, unsigned char a5);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bottommost_compression_options_max_dict_buffer_bytes(rocksdb_options_t *a0, uint64_t a1, unsigned char a2);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bottommost_compression_options_use_zstd_dict_trainer(rocksdb_options_t *a0, unsigned char a1, unsigned char a2);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bottommost_compression_options_zstd_max_train_bytes(rocksdb_options_t *a0, int a1, unsigned char a2);

/*
 Accepted and stored; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression_options(rocksdb_options_t *a0, int a1, int a2, int a3, int a4);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_put_cf_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_put_cf_with_ts(rocksdb_t *a0, const rocksdb_writeoptions_t *a1, rocksdb_column_family_handle_t *a2, const char *a3, size_t a4, const char *a5, size_t a6, const char *a7, size_t a8, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_put_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_put_with_ts(rocksdb_t *a0, const rocksdb_writeoptions_t *a1, const char *a2, size_t a3, const char *a4, size_t a5, const char *a6, size_t a7, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_singledelete_cf_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_singledelete_cf_with_ts(rocksdb_t *a0, const rocksdb_writeoptions_t *a1, rocksdb_column_family_handle_t *a2, const char *a3, size_t a4, const char *a5, size_t a6, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_singledelete_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_singledelete_with_ts(rocksdb_t *a0, const rocksdb_writeoptions_t *a1, const char *a2, size_t a3, const char *a4, size_t a5, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_sstfilewriter_delete_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_delete_with_ts(rocksdb_sstfilewriter_t *a0, const char *a1, size_t a2, const char *a3, size_t a4, char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_sstfilewriter_put_with_ts" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_put_with_ts(rocksdb_sstfilewriter_t *a0, const char *a1, size_t a2, const char *a3, size_t a4, const char *a5, size_t a6, char **errptr);

/*
 Not implemented in ferrock: its object is never created, so this does nothing.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_table_properties_collector_factory_destroy(rocksdb_table_properties_collector_factory_t *a0);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_writebatch_update_timestamps" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_update_timestamps(rocksdb_writebatch_t *a0, const char *a1, size_t a2, void *a3, size_t (*a4)(void*, uint32_t), char **errptr);

/*
 Not implemented in ferrock: reports "Not implemented: rocksdb_writebatch_wi_update_timestamps" through errptr.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_update_timestamps(rocksdb_writebatch_wi_t *a0, const char *a1, size_t a2, void *a3, size_t (*a4)(void*, uint32_t), char **errptr);

/*
 A new flag, false. Freed by `rocksdb_open_and_compact_canceled_destroy`.
 */
extern ROCKSDB_LIBRARY_API unsigned char *rocksdb_open_and_compact_canceled_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_open_and_compact_canceled_destroy(unsigned char *canceled);

/*
 Stores `value != 0`; NULL is ignored, as in RocksDB.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_open_and_compact_canceled_set(unsigned char *canceled, unsigned char value);

extern ROCKSDB_LIBRARY_API rocksdb_open_and_compact_options_t *rocksdb_open_and_compact_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_open_and_compact_options_destroy(rocksdb_open_and_compact_options_t *options);

/*
 A flag from `rocksdb_open_and_compact_canceled_create`; NULL is ignored, as in c.cc.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_open_and_compact_options_set_canceled(rocksdb_open_and_compact_options_t *options, unsigned char *canceled);

extern ROCKSDB_LIBRARY_API void rocksdb_open_and_compact_options_set_allow_resumption(rocksdb_open_and_compact_options_t *options, unsigned char allow_resumption);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_open_and_compact_options_get_allow_resumption(rocksdb_open_and_compact_options_t *options);

/*
 Runs the job `input` over the database at `db_path` (opened read-only), writing its tables
 to `output_directory`; returns the malloc'd result for the primary's wait callback.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_open_and_compact(const char *db_path, const char *output_directory, const char *input, size_t input_len, size_t *output_len, const rocksdb_compaction_service_options_override_t *override_options, char **errptr);

/*
 As `rocksdb_open_and_compact`, stopping with "Result incomplete: Manual compaction paused"
 when the options' flag is set.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_open_and_compact_with_options(const rocksdb_open_and_compact_options_t *options, const char *db_path, const char *output_directory, const char *input, size_t input_len, size_t *output_len, const rocksdb_compaction_service_options_override_t *override_options, char **errptr);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_block_align(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_block_restart_interval(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_block_based_options_get_block_size(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_block_size_deviation(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_cache_index_and_filter_blocks(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_cache_index_and_filter_blocks_with_high_priority(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_checksum(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_block_based_options_get_data_block_hash_table_util_ratio(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_data_block_index_type(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_decouple_partitioned_filters(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_detect_filter_construct_corruption(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_enable_index_compression(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_fail_if_no_udi_on_open(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_block_based_options_get_format_version(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_index_block_restart_interval(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_index_block_search_type(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_index_shortening(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_index_type(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_block_based_options_get_initial_auto_readahead_size(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_block_based_options_get_max_auto_readahead_size(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_block_based_options_get_metadata_block_size(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_no_block_cache(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_block_based_options_get_num_file_reads_for_auto_readahead(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_optimize_filters_for_memory(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_partition_filters(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_pin_l0_filter_and_index_blocks_in_cache(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_pin_top_level_index_and_filter(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_block_based_options_get_prepopulate_block_cache(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_block_based_options_get_read_amp_bytes_per_bit(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_separate_key_value_in_data_block(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_block_based_options_get_super_block_alignment_size(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_block_based_options_get_super_block_alignment_space_overhead_ratio(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_block_based_options_get_uniform_cv_threshold(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_use_delta_encoding(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_use_udi_as_primary_index(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_verify_compression(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_block_based_options_get_whole_key_filtering(rocksdb_block_based_table_options_t *h);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_block_align(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_block_restart_interval(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_block_size(rocksdb_block_based_table_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_block_size_deviation(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_cache_index_and_filter_blocks(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_cache_index_and_filter_blocks_with_high_priority(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_checksum(rocksdb_block_based_table_options_t *h, char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_data_block_hash_ratio(rocksdb_block_based_table_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_data_block_hash_table_util_ratio(rocksdb_block_based_table_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_data_block_index_type(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_decouple_partitioned_filters(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_detect_filter_construct_corruption(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_enable_index_compression(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_fail_if_no_udi_on_open(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_format_version(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_index_block_restart_interval(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_index_block_search_type(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_index_shortening(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_index_type(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_initial_auto_readahead_size(rocksdb_block_based_table_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_max_auto_readahead_size(rocksdb_block_based_table_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_metadata_block_size(rocksdb_block_based_table_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_no_block_cache(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_num_file_reads_for_auto_readahead(rocksdb_block_based_table_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_optimize_filters_for_memory(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_partition_filters(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_partition_pinning_tier(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_pin_l0_filter_and_index_blocks_in_cache(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_pin_top_level_index_and_filter(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_prepopulate_block_cache(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_read_amp_bytes_per_bit(rocksdb_block_based_table_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_separate_key_value_in_data_block(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_super_block_alignment_size(rocksdb_block_based_table_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_super_block_alignment_space_overhead_ratio(rocksdb_block_based_table_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_top_level_index_pinning_tier(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_uniform_cv_threshold(rocksdb_block_based_table_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_unpartitioned_pinning_tier(rocksdb_block_based_table_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_use_delta_encoding(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_use_udi_as_primary_index(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_verify_compression(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_whole_key_filtering(rocksdb_block_based_table_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactoptions_get_allow_write_stall(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_compactoptions_get_blob_garbage_collection_age_cutoff(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_compactoptions_get_blob_garbage_collection_policy(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactoptions_get_bottommost_level_compaction(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactoptions_get_change_level(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_compactoptions_get_exclusive_manual_compaction(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_compactoptions_get_max_subcompactions(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_compactoptions_get_target_level(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_compactoptions_get_target_path_id(rocksdb_compactoptions_t *h);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_allow_write_stall(rocksdb_compactoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_blob_garbage_collection_age_cutoff(rocksdb_compactoptions_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_blob_garbage_collection_policy(rocksdb_compactoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_bottommost_level_compaction(rocksdb_compactoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_change_level(rocksdb_compactoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_exclusive_manual_compaction(rocksdb_compactoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_max_subcompactions(rocksdb_compactoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_target_level(rocksdb_compactoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_compactoptions_set_target_path_id(rocksdb_compactoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushoptions_get_allow_write_stall(rocksdb_flushoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushoptions_get_force_atomic_flush(rocksdb_flushoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushoptions_get_listener_wait(rocksdb_flushoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_flushoptions_get_wait(rocksdb_flushoptions_t *h);

extern ROCKSDB_LIBRARY_API void rocksdb_flushoptions_set_allow_write_stall(rocksdb_flushoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_flushoptions_set_force_atomic_flush(rocksdb_flushoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_flushoptions_set_listener_wait(rocksdb_flushoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_flushoptions_set_wait(rocksdb_flushoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_compaction_readahead_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_WAL_size_limit_MB(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_WAL_ttl_seconds(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_advise_random_on_open(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_2pc(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_concurrent_memtable_write(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_data_in_errors(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_fallocate(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_ingest_behind(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_mmap_reads(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_allow_mmap_writes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_arena_block_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_async_wal_precreate(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_atomic_flush(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_avoid_flush_during_recovery(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_avoid_flush_during_shutdown(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_avoid_unnecessary_blocking_io(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_background_close_inactive_wals(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_best_efforts_recovery(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_bgerror_resume_retry_interval(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_blob_compaction_readahead_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_blob_compression_type(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_blob_direct_write_partitions(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_blob_file_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_blob_file_starting_level(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_options_get_blob_gc_age_cutoff(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_options_get_blob_gc_force_threshold(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint8_t rocksdb_options_get_block_protection_bytes_per_key(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_bloom_locality(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_bottommost_compression_options_use_zstd_dict_trainer(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_bottommost_file_compaction_delay(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_bytes_per_sync(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_cf_allow_ingest_behind(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_compaction_pri(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_compaction_readahead_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_compaction_style(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_compaction_verify_record_count(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_compression_options_max_dict_buffer_bytes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_compression_options_parallel_threads(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_compression_options_use_zstd_dict_trainer(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_compression_options_zstd_max_train_bytes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_create_if_missing(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_create_missing_column_families(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_db_write_buffer_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_default_temperature(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_default_write_temperature(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_delayed_write_rate(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_delete_obsolete_files_period_micros(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_disable_auto_compactions(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_disallow_memtable_writes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_dump_malloc_stats(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enable_blob_direct_write(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enable_blob_files(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enable_blob_gc(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enable_pipelined_write(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enable_thread_tracking(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enable_write_thread_adaptive_yield(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enforce_single_del_contracts(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_enforce_write_buffer_manager_during_recovery(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_error_if_exists(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_options_get_experimental_mempurge_threshold(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_fast_sst_open(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_flush_verify_memtable_count(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_follower_catchup_retry_count(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_follower_catchup_retry_wait_ms(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_follower_refresh_catchup_period_ms(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_force_consistency_checks(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_hard_pending_compaction_bytes_limit(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_info_log_level(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_inplace_update_num_locks(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_inplace_update_support(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_is_fd_close_on_exec(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_keep_log_file_num(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_last_level_temperature(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_level0_file_num_compaction_trigger(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_level0_slowdown_writes_trigger(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_level0_stop_writes_trigger(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_level_compaction_dynamic_level_bytes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_log_file_time_to_roll(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_log_readahead_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_lowest_used_cache_tier(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_manifest_preallocation_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_manual_wal_flush(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_background_compactions(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_background_flushes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_background_jobs(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_bgerror_resume_count(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_max_bytes_for_level_base(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_options_get_max_bytes_for_level_multiplier(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_max_compaction_bytes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_max_compaction_trigger_wakeup_seconds(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_file_opening_threads(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_max_log_file_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_max_manifest_file_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_manifest_space_amp_pct(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_open_files(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_max_sequential_skip_in_iterations(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_max_subcompactions(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_max_successive_merges(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_max_total_wal_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_max_write_batch_group_size_bytes(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_max_write_buffer_number(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_options_get_max_write_buffer_size_to_maintain(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_memtable_avg_op_scan_flush_trigger(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_memtable_batch_lookup_optimization(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_memtable_huge_page_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_memtable_max_range_deletions(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_memtable_op_scan_flush_trigger(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_options_get_memtable_prefix_bloom_size_ratio(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_memtable_protection_bytes_per_key(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_memtable_verify_per_key_checksum_on_seek(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_memtable_whole_key_filtering(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_metadata_write_temperature(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_min_blob_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_min_tombstones_for_range_conversion(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_min_write_buffer_number_to_merge(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_num_levels(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_open_files_async(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_optimize_filters_for_hits(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_optimize_manifest_for_recovery(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_paranoid_checks(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_paranoid_file_checks(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_paranoid_memory_checks(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_periodic_compaction_seconds(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_persist_stats_to_disk(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_persist_user_defined_timestamps(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_preclude_last_level_data_seconds(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_prefix_seek_opt_in_only(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_prepopulate_blob_cache(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_preserve_internal_time_seconds(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_read_io_executor_threads(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API double rocksdb_options_get_read_triggered_compaction_threshold(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_recycle_log_file_num(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_report_bg_io_stats(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_reuse_manifest_on_open(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_sample_for_compression(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_skip_stats_update_on_db_open(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_soft_pending_compaction_bytes_limit(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned int rocksdb_options_get_stats_dump_period_sec(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_stats_history_buffer_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned int rocksdb_options_get_stats_persist_period_sec(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_strict_bytes_per_sync(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_strict_max_successive_merges(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_table_cache_numshardbits(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_target_file_size_base(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_target_file_size_is_upper_bound(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_target_file_size_multiplier(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_track_and_verify_wals(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_track_and_verify_wals_in_manifest(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_ttl(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_two_write_queues(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_options_get_uncache_aggressiveness(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_unordered_write(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_use_adaptive_mutex(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_use_direct_io_for_compaction_reads(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_use_direct_io_for_flush_and_compaction(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_use_direct_reads(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_use_fsync(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_verify_manifest_content_on_close(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_verify_output_flags(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_verify_sst_unique_id_in_manifest(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_wal_bytes_per_sync(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_wal_compression(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_wal_write_temperature(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_writable_file_max_buffer_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_get_write_buffer_size(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_write_dbid_to_manifest(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_get_write_identity_file(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_write_thread_max_yield_usec(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_get_write_thread_slow_yield_usec(rocksdb_options_t *h);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_WAL_size_limit_MB(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_WAL_ttl_seconds(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_advise_random_on_open(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_2pc(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_concurrent_memtable_write(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_data_in_errors(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_fallocate(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_ingest_behind(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_mmap_reads(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_allow_mmap_writes(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_arena_block_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_async_wal_precreate(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_atomic_flush(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_avoid_flush_during_recovery(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_avoid_flush_during_shutdown(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_avoid_unnecessary_blocking_io(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_background_close_inactive_wals(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_best_efforts_recovery(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bgerror_resume_retry_interval(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_compaction_readahead_size(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_compression_type(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_direct_write_partitions(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_file_size(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_file_starting_level(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_gc_age_cutoff(rocksdb_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_blob_gc_force_threshold(rocksdb_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_block_protection_bytes_per_key(rocksdb_options_t *h, uint8_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bloom_locality(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bottommost_file_compaction_delay(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bytes_per_sync(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_cf_allow_ingest_behind(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compaction_pri(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compaction_style(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compaction_verify_record_count(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression_options_max_dict_buffer_bytes(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression_options_parallel_threads(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression_options_use_zstd_dict_trainer(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression_options_zstd_max_train_bytes(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_create_if_missing(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_create_missing_column_families(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_db_write_buffer_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_default_temperature(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_default_write_temperature(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_delayed_write_rate(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_delete_obsolete_files_period_micros(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_disable_auto_compactions(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_disallow_memtable_writes(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_dump_malloc_stats(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enable_blob_direct_write(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enable_blob_files(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enable_blob_gc(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enable_pipelined_write(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enable_thread_tracking(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enable_write_thread_adaptive_yield(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enforce_single_del_contracts(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_enforce_write_buffer_manager_during_recovery(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_error_if_exists(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_experimental_mempurge_threshold(rocksdb_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_fast_sst_open(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_flush_verify_memtable_count(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_follower_catchup_retry_count(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_follower_catchup_retry_wait_ms(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_follower_refresh_catchup_period_ms(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_force_consistency_checks(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_hard_pending_compaction_bytes_limit(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_hash_link_list_rep(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_info_log_level(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_inplace_update_num_locks(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_inplace_update_support(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_is_fd_close_on_exec(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_keep_log_file_num(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_last_level_temperature(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_level0_file_num_compaction_trigger(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_level0_slowdown_writes_trigger(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_level0_stop_writes_trigger(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_level_compaction_dynamic_level_bytes(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_log_file_time_to_roll(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_log_readahead_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_lowest_used_cache_tier(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_manifest_preallocation_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_manual_wal_flush(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_background_compactions(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_background_flushes(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_background_jobs(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_bgerror_resume_count(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_bytes_for_level_base(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_bytes_for_level_multiplier(rocksdb_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_compaction_bytes(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_compaction_trigger_wakeup_seconds(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_file_opening_threads(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_log_file_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_manifest_file_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_manifest_space_amp_pct(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_open_files(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_sequential_skip_in_iterations(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_subcompactions(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_successive_merges(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_total_wal_size(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_write_batch_group_size_bytes(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_write_buffer_number(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_write_buffer_size_to_maintain(rocksdb_options_t *h, int64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_avg_op_scan_flush_trigger(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_batch_lookup_optimization(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_huge_page_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_max_range_deletions(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_op_scan_flush_trigger(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_prefix_bloom_size_ratio(rocksdb_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_protection_bytes_per_key(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_verify_per_key_checksum_on_seek(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_whole_key_filtering(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_metadata_write_temperature(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_min_blob_size(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_min_level_to_compress(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_min_tombstones_for_range_conversion(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_min_write_buffer_number_to_merge(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_num_levels(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_open_files_async(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_optimize_filters_for_hits(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_optimize_manifest_for_recovery(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_paranoid_checks(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_paranoid_file_checks(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_paranoid_memory_checks(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_periodic_compaction_seconds(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_persist_stats_to_disk(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_persist_user_defined_timestamps(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_preclude_last_level_data_seconds(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_prefix_seek_opt_in_only(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_prepopulate_blob_cache(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_preserve_internal_time_seconds(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_read_io_executor_threads(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_read_triggered_compaction_threshold(rocksdb_options_t *h, double v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_recycle_log_file_num(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_report_bg_io_stats(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_reuse_manifest_on_open(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_sample_for_compression(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_skip_stats_update_on_db_open(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_soft_pending_compaction_bytes_limit(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_stats_dump_period_sec(rocksdb_options_t *h, unsigned int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_stats_history_buffer_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_stats_persist_period_sec(rocksdb_options_t *h, unsigned int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_strict_bytes_per_sync(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_strict_max_successive_merges(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_table_cache_numshardbits(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_target_file_size_base(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_target_file_size_is_upper_bound(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_target_file_size_multiplier(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_track_and_verify_wals(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_track_and_verify_wals_in_manifest(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_ttl(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_two_write_queues(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_uncache_aggressiveness(rocksdb_options_t *h, uint32_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_unordered_write(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_use_adaptive_mutex(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_use_direct_io_for_compaction_reads(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_use_direct_io_for_flush_and_compaction(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_use_direct_reads(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_use_fsync(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_verify_manifest_content_on_close(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_verify_output_flags(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_verify_sst_unique_id_in_manifest(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_wal_bytes_per_sync(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_wal_compression(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_wal_write_temperature(rocksdb_options_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_writable_file_max_buffer_size(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_write_buffer_size(rocksdb_options_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_write_dbid_to_manifest(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_write_identity_file(rocksdb_options_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_write_thread_max_yield_usec(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_write_thread_slow_yield_usec(rocksdb_options_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_adaptive_readahead(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_allow_unprepared_value(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_async_io(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_auto_prefix_mode(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_auto_readahead_size(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_auto_refresh_iterator_with_snapshot(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_background_purge_on_iterator_cleanup(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_readoptions_get_deadline(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_fill_cache(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_ignore_range_deletions(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_readoptions_get_io_activity(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_readoptions_get_io_timeout(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_readoptions_get_max_skippable_internal_keys(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_readoptions_get_merge_operand_count_threshold(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_optimize_multiget_for_io(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_pin_data(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_prefix_same_as_start(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_readoptions_get_rate_limiter_priority(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_readoptions_get_read_tier(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_readoptions_get_readahead_size(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_tailing(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_total_order_seek(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_readoptions_get_value_size_soft_limit(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_get_verify_checksums(rocksdb_readoptions_t *h);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_adaptive_readahead(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_allow_unprepared_value(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_async_io(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_auto_prefix_mode(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_auto_readahead_size(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_auto_refresh_iterator_with_snapshot(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_background_purge_on_iterator_cleanup(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_deadline(rocksdb_readoptions_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_fill_cache(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_ignore_range_deletions(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_io_activity(rocksdb_readoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_io_timeout(rocksdb_readoptions_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_max_skippable_internal_keys(rocksdb_readoptions_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_merge_operand_count_threshold(rocksdb_readoptions_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_optimize_multiget_for_io(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_pin_data(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_prefix_same_as_start(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_rate_limiter_priority(rocksdb_readoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_read_tier(rocksdb_readoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_readahead_size(rocksdb_readoptions_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_tailing(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_total_order_seek(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_value_size_soft_limit(rocksdb_readoptions_t *h, uint64_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_verify_checksums(rocksdb_readoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_disable_WAL(rocksdb_writeoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_writeoptions_get_disable_WAL(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_writeoptions_get_ignore_missing_column_families(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_writeoptions_get_io_activity(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_writeoptions_get_low_pri(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_writeoptions_get_memtable_insert_hint_per_batch(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_writeoptions_get_no_slowdown(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API size_t rocksdb_writeoptions_get_protection_bytes_per_key(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API int rocksdb_writeoptions_get_rate_limiter_priority(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_writeoptions_get_sync(rocksdb_writeoptions_t *h);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_ignore_missing_column_families(rocksdb_writeoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_io_activity(rocksdb_writeoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_low_pri(rocksdb_writeoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_memtable_insert_hint_per_batch(rocksdb_writeoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_no_slowdown(rocksdb_writeoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_protection_bytes_per_key(rocksdb_writeoptions_t *h, size_t v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_rate_limiter_priority(rocksdb_writeoptions_t *h, int v);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_set_sync(rocksdb_writeoptions_t *h, unsigned char v);

extern ROCKSDB_LIBRARY_API void rocksdb_options_calculate_sst_write_lifetime_hint_set_add(rocksdb_options_t *opt, int style);

extern ROCKSDB_LIBRARY_API void rocksdb_options_calculate_sst_write_lifetime_hint_set_remove(rocksdb_options_t *opt, int style);

extern ROCKSDB_LIBRARY_API void rocksdb_options_calculate_sst_write_lifetime_hint_set_clear(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_calculate_sst_write_lifetime_hint_set_contains(rocksdb_options_t *opt, int style);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_calculate_sst_write_lifetime_hint_set_count(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_options_checksum_handoff_file_types_add(rocksdb_options_t *opt, int file_type);

extern ROCKSDB_LIBRARY_API void rocksdb_options_checksum_handoff_file_types_remove(rocksdb_options_t *opt, int file_type);

extern ROCKSDB_LIBRARY_API void rocksdb_options_checksum_handoff_file_types_clear(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_options_checksum_handoff_file_types_contains(rocksdb_options_t *opt, int file_type);

extern ROCKSDB_LIBRARY_API size_t rocksdb_options_checksum_handoff_file_types_count(rocksdb_options_t *opt);

/*
 The filter iterators made with these read options ask about each table (RocksDB's ReadOptions::table_filter):
 `table_filter(state, properties)` returning 0 hides the table's entries. An earlier filter is cleared first (its
 destructor runs); a NULL callback keeps only the state, as in RocksDB.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_table_filter(rocksdb_readoptions_t *opt, void *state, void (*destructor)(void*), rocksdb_readoptions_table_filter_cb table_filter);

/*
 Clears the filter; its destructor runs now, as in RocksDB.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_clear_table_filter(rocksdb_readoptions_t *opt);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_has_table_filter(const rocksdb_readoptions_t *opt);

/*
 RocksDB's LoadUserDefinedIndexFactoryFromString for read options: "trie_index", the built-in factory, is
 kept and named by the getter. A read with it uses a table's trie index when the table has one; ferrock's
 tables never do (it cannot write that index), and RocksDB then reads with the table's own index too, so
 results are the same. An unknown name is RocksDB's NotSupported error; NULL clears it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_table_index_factory_from_string(rocksdb_readoptions_t *opt, const char *value, size_t value_len, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_clear_table_index_factory(rocksdb_readoptions_t *opt);

/*
 The factory's name, or NULL (length 0) when none is set.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_readoptions_get_table_index_factory_name(const rocksdb_readoptions_t *opt, size_t *len);

/*
 RocksDB's UserDefinedIndexFactory::CreateFromString: "trie_index", RocksDB's built-in
 factory, is accepted and named by the getter, but ferrock cannot build that index, so a
 table factory made from these options makes open fail with "Not implemented: ..."; an
 unknown name is RocksDB's NotSupported error; NULL clears it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_user_defined_index_factory_from_string(rocksdb_block_based_table_options_t *opt, const char *value, size_t value_len, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_clear_user_defined_index_factory(rocksdb_block_based_table_options_t *opt);

/*
 The factory's name, or NULL (length 0) when none is set.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_block_based_options_get_user_defined_index_factory_name(const rocksdb_block_based_table_options_t *opt, size_t *len);

/*
 The vector memtable only changes speed: recorded, ferrock keeps its skiplist.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_memtable_vector_rep(rocksdb_options_t *opt);

/*
 RocksDB's NewHashSkipListRepFactory: a memtable bucketed by the prefix extractor's prefixes
 (prefix-mode iterators walk one bucket); without a prefix extractor the skiplist, as in
 RocksDB's SanitizeOptions.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_hash_skip_list_rep(rocksdb_options_t *opt, size_t bucket_count, int32_t skiplist_height, int32_t skiplist_branching_factor);

extern ROCKSDB_LIBRARY_API rocksdb_options_t *rocksdb_options_create(void);

extern ROCKSDB_LIBRARY_API rocksdb_options_t *rocksdb_options_create_copy(rocksdb_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_options_destroy(rocksdb_options_t *options);

/*
 RocksDB's IncreaseParallelism: background jobs follow the thread count.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_increase_parallelism(rocksdb_options_t *opt, int total_threads);

/*
 RocksDB's OptimizeForPointLookup: a bloom filter and a block cache of the given size.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_optimize_for_point_lookup(rocksdb_options_t *opt, uint64_t block_cache_size_mb);

/*
 RocksDB's OptimizeLevelStyleCompaction for a memtable budget (the same fields,
 including no compression on L0 and L1 and LZ4 below).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_optimize_level_style_compaction(rocksdb_options_t *opt, uint64_t memtable_memory_budget);

/*
 RocksDB's OptimizeUniversalStyleCompaction: universal compaction is recorded
 (ferrock compacts level-style, which gives the same results).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_optimize_universal_style_compaction(rocksdb_options_t *opt, uint64_t memtable_memory_budget);

/*
 RocksDB's PrepareForBulkLoad: no automatic compactions, large L0 triggers.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_prepare_for_bulk_load(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_options_enable_statistics(rocksdb_options_t *opt);

/*
 The level of the options' statistics object; without one (no enable_statistics) nothing changes,
 as in RocksDB.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_statistics_level(rocksdb_options_t *opt, int level);

/*
 The statistics object's level; rocksdb_statistics_level_disable_all without one.
 */
extern ROCKSDB_LIBRARY_API int rocksdb_options_get_statistics_level(rocksdb_options_t *opt);

/*
 Compression by RocksDB's type byte (`rocksdb_*_compression`); an unknown byte is stored as given.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression(rocksdb_options_t *opt, int t);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_compression(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_bottommost_compression(rocksdb_options_t *opt, int t);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_bottommost_compression(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_wal_recovery_mode(rocksdb_options_t *opt, int mode);

extern ROCKSDB_LIBRARY_API int rocksdb_options_get_wal_recovery_mode(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_max_bytes_for_level_multiplier_additional(rocksdb_options_t *opt, int *level_values, size_t num_levels);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_wal_dir(rocksdb_options_t *opt, const char *v);

/*
 The table factory becomes block-based with a copy of the table options.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_block_based_table_factory(rocksdb_options_t *opt, rocksdb_block_based_table_options_t *table_options);

/*
 The family writes PlainTable files (`table::plain`) with these options; reading opens any file by its magic.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_plain_table_factory(rocksdb_options_t *opt, uint32_t user_key_len, int bloom_bits_per_key, double hash_table_ratio, size_t index_sparseness, size_t huge_page_tlb_size, char encoding_type, unsigned char full_scan_mode, unsigned char store_index_in_file);

/*
 The row cache is a performance option ferrock does not use; its capacity is recorded.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_row_cache(rocksdb_options_t *opt, rocksdb_cache_t *cache);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_db_log_dir(rocksdb_options_t *opt, const char *v);

/*
 "" when unset, RocksDB's default; the bytes belong to the options (not NUL-terminated).
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_options_get_db_log_dir(rocksdb_options_t *opt, size_t *size);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_daily_offpeak_time_utc(rocksdb_options_t *opt, const char *v);

extern ROCKSDB_LIBRARY_API const char *rocksdb_options_get_daily_offpeak_time_utc(rocksdb_options_t *opt, size_t *size);

extern ROCKSDB_LIBRARY_API void rocksdb_options_set_db_host_id(rocksdb_options_t *opt, const char *v);

/*
 RocksDB's default host id is the marker "__hostname__" (the host name is written at open).
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_options_get_db_host_id(rocksdb_options_t *opt, size_t *size);

/*
 The WAL directory ("" = the database directory); the bytes belong to the options.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_options_get_wal_dir(rocksdb_options_t *opt, size_t *size);

/*
 Per-level compression: stored; a codec ferrock cannot write makes open fail.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_compression_per_level(rocksdb_options_t *opt, const int *level_values, size_t num_levels);

/*
 Loads the newest OPTIONS file of `db_path`: the DB options, and each column
 family's name and options (default first). Free with
 `rocksdb_load_latest_options_destroy`. On error every output is NULL/0.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_load_latest_options(const char *db_path, rocksdb_env_t *env, bool ignore_unknown_options, rocksdb_cache_t *cache, rocksdb_options_t **db_options, size_t *num_column_families, char ***list_column_family_names, rocksdb_options_t ***list_column_family_options, char **errptr);

/*
 `new_options` = `base_options` with the `name=value;...` settings of
 `opts_str` applied (RocksDB's GetOptionsFromString).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_get_options_from_string(const rocksdb_options_t *base_options, const char *opts_str, rocksdb_options_t *new_options, char **errptr);

/*
 RocksDB's NewGenericRateLimiter (writes only).
 */
extern ROCKSDB_LIBRARY_API rocksdb_ratelimiter_t *rocksdb_ratelimiter_create(int64_t rate_bytes_per_sec, int64_t refill_period_us, int32_t fairness);

/*
 The same, auto-tuned: the rate adapts between 1/20 of the limit and the limit.
 */
extern ROCKSDB_LIBRARY_API rocksdb_ratelimiter_t *rocksdb_ratelimiter_create_auto_tuned(int64_t rate_bytes_per_sec, int64_t refill_period_us, int32_t fairness);

/*
 `mode`: 0 reads only, 1 writes only, 2 all I/O (RocksDB's RateLimiter::Mode); another value
 gives NULL.
 */
extern ROCKSDB_LIBRARY_API rocksdb_ratelimiter_t *rocksdb_ratelimiter_create_with_mode(int64_t rate_bytes_per_sec, int64_t refill_period_us, int32_t fairness, int mode, bool auto_tuned);

extern ROCKSDB_LIBRARY_API void rocksdb_ratelimiter_destroy(rocksdb_ratelimiter_t *limiter);

/*
 Flushes and compactions of databases opened with `opt` write at the limiter's rate; NULL
 leaves the options as they were (as RocksDB's c.cc does).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_ratelimiter(rocksdb_options_t *opt, rocksdb_ratelimiter_t *limiter);

extern ROCKSDB_LIBRARY_API rocksdb_readoptions_t *rocksdb_readoptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_destroy(rocksdb_readoptions_t *opt);

/*
 Reads at the snapshot (NULL = the latest state). The options keep their own share of it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_snapshot(rocksdb_readoptions_t *opt, const rocksdb_snapshot_t *snap);

/*
 Keys at or above this bound are not visited (NULL = no bound); the bytes are copied.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_iterate_upper_bound(rocksdb_readoptions_t *opt, const char *key, size_t keylen);

/*
 Keys below this bound are not visited (NULL = no bound); the bytes are copied.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_iterate_lower_bound(rocksdb_readoptions_t *opt, const char *key, size_t keylen);

/*
 User-defined timestamps are not supported; the value is stored (open already refuses such column families).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_timestamp(rocksdb_readoptions_t *opt, const char *ts, size_t tslen);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_iter_start_ts(rocksdb_readoptions_t *opt, const char *ts, size_t tslen);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_set_request_id(rocksdb_readoptions_t *opt, const char *id, size_t len);

/*
 The stored request id (not a copy: valid while the options live), NULL when unset.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_readoptions_get_request_id(rocksdb_readoptions_t *opt, size_t *len);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_clear_request_id(rocksdb_readoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_readoptions_clear_merge_operand_count_threshold(rocksdb_readoptions_t *opt);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_readoptions_has_merge_operand_count_threshold(rocksdb_readoptions_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_as_secondary(const rocksdb_options_t *options, const char *name, const char *secondary_path, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_as_secondary_column_families(const rocksdb_options_t *options, const char *name, const char *secondary_path, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_try_catch_up_with_primary(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_set_options(rocksdb_t *db, int count, const char *const *keys, const char *const *values, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_set_options_cf(rocksdb_t *db, rocksdb_column_family_handle_t *handle, int count, const char *const *keys, const char *const *values, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_set_db_options(rocksdb_t *db, int count, const char *const *keys, const char *const *values, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_approximate_sizes(rocksdb_t *db, int num_ranges, const char *const *range_start_key, const size_t *range_start_key_len, const char *const *range_limit_key, const size_t *range_limit_key_len, uint64_t *sizes, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_approximate_sizes_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, int num_ranges, const char *const *range_start_key, const size_t *range_start_key_len, const char *const *range_limit_key, const size_t *range_limit_key_len, uint64_t *sizes, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_approximate_sizes_cf_with_flags(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, int num_ranges, const char *const *range_start_key, const size_t *range_start_key_len, const char *const *range_limit_key, const size_t *range_limit_key_len, uint8_t include_flags, uint64_t *sizes, char **errptr);

/*
 RocksDB's defaults: files only, no error margin (-1).
 */
extern ROCKSDB_LIBRARY_API rocksdb_size_approximation_options_t *rocksdb_size_approximation_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_size_approximation_options_destroy(rocksdb_size_approximation_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_size_approximation_options_set_include_memtables(rocksdb_size_approximation_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_size_approximation_options_get_include_memtables(rocksdb_size_approximation_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_size_approximation_options_set_include_files(rocksdb_size_approximation_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_size_approximation_options_get_include_files(rocksdb_size_approximation_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_size_approximation_options_set_include_blob_files(rocksdb_size_approximation_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_size_approximation_options_get_include_blob_files(rocksdb_size_approximation_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_size_approximation_options_set_files_size_error_margin(rocksdb_size_approximation_options_t *opt, double v);

extern ROCKSDB_LIBRARY_API double rocksdb_size_approximation_options_get_files_size_error_margin(rocksdb_size_approximation_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_approximate_sizes_with_options(rocksdb_t *db, const rocksdb_size_approximation_options_t *options, int num_ranges, const char *const *range_start_key, const size_t *range_start_key_len, const char *const *range_limit_key, const size_t *range_limit_key_len, uint64_t *sizes, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_approximate_sizes_cf_with_options(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const rocksdb_size_approximation_options_t *options, int num_ranges, const char *const *range_start_key, const size_t *range_start_key_len, const char *const *range_limit_key, const size_t *range_limit_key_len, uint64_t *sizes, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_slicetransform_t *rocksdb_slicetransform_create(void *state, void (*destructor)(void*), char *(*transform)(void*, const char*, size_t, size_t*), unsigned char (*in_domain)(void*, const char*, size_t), const char *(*name)(void*));

extern ROCKSDB_LIBRARY_API rocksdb_slicetransform_t *rocksdb_slicetransform_create_fixed_prefix(size_t prefix_len);

extern ROCKSDB_LIBRARY_API rocksdb_slicetransform_t *rocksdb_slicetransform_create_noop(void);

extern ROCKSDB_LIBRARY_API void rocksdb_slicetransform_destroy(rocksdb_slicetransform_t *st);

/*
 Takes ownership of the extractor, as RocksDB's C API does.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_prefix_extractor(rocksdb_options_t *opt, rocksdb_slicetransform_t *st);

/*
 ferrock's env is the POSIX file system, so `env` only has to be a valid handle or NULL.
 */
extern ROCKSDB_LIBRARY_API rocksdb_sst_file_manager_t *rocksdb_sst_file_manager_create(rocksdb_env_t *env);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_file_manager_destroy(rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_file_manager_set_max_allowed_space_usage(rocksdb_sst_file_manager_t *sfm, uint64_t max_allowed_space);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_file_manager_set_compaction_buffer_size(rocksdb_sst_file_manager_t *sfm, uint64_t compaction_buffer_size);

extern ROCKSDB_LIBRARY_API bool rocksdb_sst_file_manager_is_max_allowed_space_reached(rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API bool rocksdb_sst_file_manager_is_max_allowed_space_reached_including_compactions(rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_sst_file_manager_get_total_size(rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_sst_file_manager_get_delete_rate_bytes_per_second(rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_file_manager_set_delete_rate_bytes_per_second(rocksdb_sst_file_manager_t *sfm, int64_t delete_rate);

extern ROCKSDB_LIBRARY_API double rocksdb_sst_file_manager_get_max_trash_db_ratio(rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API void rocksdb_sst_file_manager_set_max_trash_db_ratio(rocksdb_sst_file_manager_t *sfm, double ratio);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_sst_file_manager_get_total_trash_size(rocksdb_sst_file_manager_t *sfm);

/*
 Databases opened with `opt` report to the manager; NULL leaves the options as they were.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_sst_file_manager(rocksdb_options_t *opt, rocksdb_sst_file_manager_t *sfm);

extern ROCKSDB_LIBRARY_API rocksdb_envoptions_t *rocksdb_envoptions_create(void);

/*
 A rate limiter is accepted and not charged, as in RocksDB: c.h's SstFileWriter writes at
 IO_TOTAL priority, which RocksDB's WritableFileWriter never charges to a limiter.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_rate_limiter(rocksdb_envoptions_t *opt, rocksdb_ratelimiter_t *_rate_limiter);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_use_mmap_reads(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_use_mmap_reads(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_use_mmap_writes(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_use_mmap_writes(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_use_direct_reads(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_use_direct_reads(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_use_direct_writes(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_use_direct_writes(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_allow_fallocate(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_allow_fallocate(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_fd_cloexec(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_fd_cloexec(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_bytes_per_sync(rocksdb_envoptions_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_envoptions_get_bytes_per_sync(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_strict_bytes_per_sync(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_strict_bytes_per_sync(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_fallocate_with_keep_size(rocksdb_envoptions_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_envoptions_get_fallocate_with_keep_size(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_compaction_readahead_size(rocksdb_envoptions_t *opt, size_t v);

extern ROCKSDB_LIBRARY_API size_t rocksdb_envoptions_get_compaction_readahead_size(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_set_writable_file_max_buffer_size(rocksdb_envoptions_t *opt, size_t v);

extern ROCKSDB_LIBRARY_API size_t rocksdb_envoptions_get_writable_file_max_buffer_size(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_envoptions_destroy(rocksdb_envoptions_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_sstfilewriter_t *rocksdb_sstfilewriter_create(const rocksdb_envoptions_t *env, const rocksdb_options_t *io_options);

/*
 As RocksDB 11.8.1's: the comparator argument is ignored (the options' comparator orders the file).
 */
extern ROCKSDB_LIBRARY_API rocksdb_sstfilewriter_t *rocksdb_sstfilewriter_create_with_comparator(const rocksdb_envoptions_t *env, const rocksdb_options_t *io_options, const rocksdb_comparator_t *comparator);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_open(rocksdb_sstfilewriter_t *writer, const char *name, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_add(rocksdb_sstfilewriter_t *writer, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_put(rocksdb_sstfilewriter_t *writer, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_merge(rocksdb_sstfilewriter_t *writer, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_delete(rocksdb_sstfilewriter_t *writer, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_delete_range(rocksdb_sstfilewriter_t *writer, const char *begin_key, size_t begin_keylen, const char *end_key, size_t end_keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_finish(rocksdb_sstfilewriter_t *writer, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_file_size(rocksdb_sstfilewriter_t *writer, uint64_t *file_size);

extern ROCKSDB_LIBRARY_API void rocksdb_sstfilewriter_destroy(rocksdb_sstfilewriter_t *writer);

/*
 NULL when the database is NULL or closed.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_snapshot_t *rocksdb_create_snapshot(rocksdb_t *db);

/*
 Releases the snapshot (the database argument is not needed: the snapshot knows its engine).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_release_snapshot(rocksdb_t *db, const rocksdb_snapshot_t *snapshot);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_snapshot_get_sequence_number(const rocksdb_snapshot_t *snapshot);

/*
 The statistics text (RocksDB's `Statistics::ToString` lines), malloc'd; NULL when
 statistics are not enabled on these options.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_options_statistics_get_string(rocksdb_options_t *opt);

/*
 A ticker by RocksDB's ticker number (0 when statistics are off or the ticker is not kept).
 */
extern ROCKSDB_LIBRARY_API uint64_t rocksdb_options_statistics_get_ticker_count(rocksdb_options_t *opt, uint32_t ticker_type);

/*
 Fills `data` with a histogram by RocksDB's histogram number.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_statistics_get_histogram_data(rocksdb_options_t *opt, uint32_t histogram_type, rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API rocksdb_statistics_histogram_data_t *rocksdb_statistics_histogram_data_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_statistics_histogram_data_destroy(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_median(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_p95(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_p99(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_average(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_std_dev(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_max(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_statistics_histogram_data_get_count(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_statistics_histogram_data_get_sum(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API double rocksdb_statistics_histogram_data_get_min(rocksdb_statistics_histogram_data_t *data);

extern ROCKSDB_LIBRARY_API rocksdb_block_based_table_options_t *rocksdb_block_based_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_destroy(rocksdb_block_based_table_options_t *options);

/*
 The policy's bits per key are copied (NULL = no filter), so the policy may be destroyed afterwards.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_filter_policy(rocksdb_block_based_table_options_t *options, rocksdb_filterpolicy_t *filter_policy);

/*
 Tables read with these options use this cache (shared with whoever else holds it); NULL = a cache of the database's own.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_block_based_options_set_block_cache(rocksdb_block_based_table_options_t *options, rocksdb_cache_t *block_cache);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_column_family_id(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_creation_time(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_data_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_file_creation_time(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_filter_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_fixed_key_len(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_format_version(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_index_key_is_user_key(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_index_partitions(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_index_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_index_value_is_delta_encoded(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_key_largest_seqno(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_key_smallest_seqno(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_data_blocks(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_deletions(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_entries(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_filter_entries(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_merge_operands(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_range_deletions(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_oldest_key_time(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_orig_file_number(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_raw_key_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_raw_value_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_top_level_index_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_data_block_restart_interval(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_index_block_restart_interval(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_external_sst_file_global_seqno_offset(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_fast_compression_estimated_data_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_slow_compression_estimated_data_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_newest_key_time(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_data_blocks_compression_bypassed(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_data_blocks_compression_rejected(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_num_uniform_blocks(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_separate_key_value_in_data_block(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_tail_start_offset(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_udi_is_primary_index(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_uncompressed_data_size(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_table_properties_user_defined_timestamps_persisted(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_column_family_name(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_comparator_name(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_compression_name(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_compression_options(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_db_host_id(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_db_id(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_db_session_id(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_filter_policy_name(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_merge_operator_name(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_prefix_extractor_name(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_property_collectors_names(const rocksdb_table_properties_t *props, size_t *len);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_table_properties_has_key_largest_seqno(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_table_properties_has_key_smallest_seqno(const rocksdb_table_properties_t *props);

/*
 No mapping: ferrock records no sequence-number-to-time mapping.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_seqno_to_time_mapping(const rocksdb_table_properties_t *props, size_t *len);

/*
 The user-collected properties (the properties block's entries ferrock does not interpret), in key order.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_table_properties_user_collected_properties_count(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_user_collected_properties_key_at(const rocksdb_table_properties_t *props, size_t pos, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_user_collected_properties_value_at(const rocksdb_table_properties_t *props, size_t pos, size_t *len);

/*
 RocksDB's readable properties come from property collectors, which ferrock's tables have none of.
 */
extern ROCKSDB_LIBRARY_API size_t rocksdb_table_properties_readable_properties_count(const rocksdb_table_properties_t *props);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_readable_properties_key_at(const rocksdb_table_properties_t *props, size_t pos, size_t *len);

extern ROCKSDB_LIBRARY_API const char *rocksdb_table_properties_readable_properties_value_at(const rocksdb_table_properties_t *props, size_t pos, size_t *len);

/*
 The ingested table's properties (valid while the info is).
 */
extern ROCKSDB_LIBRARY_API const rocksdb_table_properties_t *rocksdb_externalfileingestioninfo_table_properties(const rocksdb_externalfileingestioninfo_t *info);

extern ROCKSDB_LIBRARY_API rocksdb_trace_options_t *rocksdb_trace_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_options_destroy(rocksdb_trace_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_options_set_max_trace_file_size(rocksdb_trace_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_trace_options_get_max_trace_file_size(rocksdb_trace_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_options_set_sampling_frequency(rocksdb_trace_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_trace_options_get_sampling_frequency(rocksdb_trace_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_options_set_filter(rocksdb_trace_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_trace_options_get_filter(rocksdb_trace_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_options_set_preserve_write_order(rocksdb_trace_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_trace_options_get_preserve_write_order(rocksdb_trace_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_block_cache_trace_options_t *rocksdb_block_cache_trace_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_block_cache_trace_options_destroy(rocksdb_block_cache_trace_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_block_cache_trace_options_set_sampling_frequency(rocksdb_block_cache_trace_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_block_cache_trace_options_get_sampling_frequency(rocksdb_block_cache_trace_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_block_cache_trace_writer_options_t *rocksdb_block_cache_trace_writer_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_block_cache_trace_writer_options_destroy(rocksdb_block_cache_trace_writer_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_block_cache_trace_writer_options_set_max_trace_file_size(rocksdb_block_cache_trace_writer_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_block_cache_trace_writer_options_get_max_trace_file_size(rocksdb_block_cache_trace_writer_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_replay_options_t *rocksdb_replay_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_replay_options_destroy(rocksdb_replay_options_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_replay_options_set_num_threads(rocksdb_replay_options_t *opt, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_replay_options_get_num_threads(rocksdb_replay_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_replay_options_set_fast_forward(rocksdb_replay_options_t *opt, double v);

extern ROCKSDB_LIBRARY_API double rocksdb_replay_options_get_fast_forward(rocksdb_replay_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_start_trace(rocksdb_t *db, rocksdb_env_t *env, const rocksdb_envoptions_t *env_options, const rocksdb_trace_options_t *options, const char *trace_path, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_end_trace(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_start_io_trace(rocksdb_t *db, rocksdb_env_t *env, const rocksdb_envoptions_t *env_options, const rocksdb_trace_options_t *options, const char *trace_path, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_end_io_trace(rocksdb_t *db, char **errptr);

/*
 A block cache trace with the sampling frequency and size limit of trace options (RocksDB's
 StartBlockCacheTrace with TraceOptions).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_start_block_cache_trace(rocksdb_t *db, rocksdb_env_t *env, const rocksdb_envoptions_t *env_options, const rocksdb_trace_options_t *options, const char *trace_path, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_start_block_cache_trace_with_options(rocksdb_t *db, rocksdb_env_t *env, const rocksdb_envoptions_t *env_options, const rocksdb_block_cache_trace_options_t *options, const rocksdb_block_cache_trace_writer_options_t *writer_options, const char *trace_path, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_end_block_cache_trace(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_trace_reader_t *rocksdb_trace_reader_create(rocksdb_env_t *env, const rocksdb_envoptions_t *env_options, const char *trace_path, char **errptr);

/*
 The next record, encoded, as a malloc'd buffer of `*size` bytes; NULL with size 0 and no
 error at the end of the trace.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_trace_reader_read(rocksdb_trace_reader_t *reader, size_t *size, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_reader_reset(rocksdb_trace_reader_t *reader, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_reader_close(rocksdb_trace_reader_t *reader, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_trace_reader_destroy(rocksdb_trace_reader_t *reader);

/*
 A replayer of the trace at `trace_path` on `db`'s `column_families` (the default family
 when there are none).
 */
extern ROCKSDB_LIBRARY_API rocksdb_replayer_t *rocksdb_new_default_replayer(rocksdb_t *db, rocksdb_column_family_handle_t **column_families, size_t num_column_families, rocksdb_env_t *env, const rocksdb_envoptions_t *env_options, const char *trace_path, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_replayer_prepare(rocksdb_replayer_t *replayer, char **errptr);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_replayer_get_header_timestamp(const rocksdb_replayer_t *replayer);

/*
 Replays the rest of the trace; NULL options are RocksDB's defaults (one thread, real speed).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_replayer_replay(rocksdb_replayer_t *replayer, const rocksdb_replay_options_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_replayer_destroy(rocksdb_replayer_t *replayer);

extern ROCKSDB_LIBRARY_API rocksdb_transactiondb_options_t *rocksdb_transactiondb_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_destroy(rocksdb_transactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_max_num_locks(rocksdb_transactiondb_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transactiondb_options_get_max_num_locks(rocksdb_transactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_num_stripes(rocksdb_transactiondb_options_t *opt, size_t v);

extern ROCKSDB_LIBRARY_API size_t rocksdb_transactiondb_options_get_num_stripes(rocksdb_transactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_transaction_lock_timeout(rocksdb_transactiondb_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transactiondb_options_get_transaction_lock_timeout(rocksdb_transactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_default_lock_timeout(rocksdb_transactiondb_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transactiondb_options_get_default_lock_timeout(rocksdb_transactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_txn_commit_bypass_memtable_threshold(rocksdb_transactiondb_options_t *opt, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_transactiondb_options_get_txn_commit_bypass_memtable_threshold(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_max_num_deadlocks(rocksdb_transactiondb_options_t *opt, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_transactiondb_options_get_max_num_deadlocks(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_default_write_batch_flush_threshold(rocksdb_transactiondb_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transactiondb_options_get_default_write_batch_flush_threshold(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_enable_udt_validation(rocksdb_transactiondb_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transactiondb_options_get_enable_udt_validation(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_rollback_merge_operands(rocksdb_transactiondb_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transactiondb_options_get_rollback_merge_operands(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_skip_concurrency_control(rocksdb_transactiondb_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transactiondb_options_get_skip_concurrency_control(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_use_per_key_point_lock_mgr(rocksdb_transactiondb_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transactiondb_options_get_use_per_key_point_lock_mgr(rocksdb_transactiondb_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_options_set_write_policy(rocksdb_transactiondb_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_transactiondb_options_get_write_policy(rocksdb_transactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_transaction_options_t *rocksdb_transaction_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_destroy(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_set_snapshot(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_set_snapshot(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_deadlock_detect(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_deadlock_detect(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_lock_timeout(rocksdb_transaction_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transaction_options_get_lock_timeout(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_expiration(rocksdb_transaction_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transaction_options_get_expiration(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_deadlock_detect_depth(rocksdb_transaction_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transaction_options_get_deadlock_detect_depth(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_max_write_batch_size(rocksdb_transaction_options_t *opt, size_t v);

extern ROCKSDB_LIBRARY_API size_t rocksdb_transaction_options_get_max_write_batch_size(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_skip_concurrency_control(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_skip_concurrency_control(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_commit_bypass_memtable(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_commit_bypass_memtable(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_skip_prepare(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_skip_prepare(rocksdb_transaction_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_deadlock_timeout_us(rocksdb_transaction_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transaction_options_get_deadlock_timeout_us(rocksdb_transaction_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_large_txn_commit_optimize_threshold(rocksdb_transaction_options_t *opt, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_transaction_options_get_large_txn_commit_optimize_threshold(rocksdb_transaction_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_large_txn_commit_optimize_byte_threshold(rocksdb_transaction_options_t *opt, uint64_t v);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_transaction_options_get_large_txn_commit_optimize_byte_threshold(rocksdb_transaction_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_use_only_the_last_commit_time_batch_for_recovery(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_use_only_the_last_commit_time_batch_for_recovery(rocksdb_transaction_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_write_batch_flush_threshold(rocksdb_transaction_options_t *opt, int64_t v);

extern ROCKSDB_LIBRARY_API int64_t rocksdb_transaction_options_get_write_batch_flush_threshold(rocksdb_transaction_options_t *opt);

/*
 Stored for the getter; ferrock does not use it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_options_set_write_batch_track_timestamp_size(rocksdb_transaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_transaction_options_get_write_batch_track_timestamp_size(rocksdb_transaction_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransaction_options_t *rocksdb_optimistictransaction_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransaction_options_destroy(rocksdb_optimistictransaction_options_t *opt);

extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransaction_options_set_set_snapshot(rocksdb_optimistictransaction_options_t *opt, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_optimistictransaction_options_get_set_snapshot(rocksdb_optimistictransaction_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransactiondb_options_t *rocksdb_optimistictransactiondb_options_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_options_destroy(rocksdb_optimistictransactiondb_options_t *opt);

/*
 The buckets a database opened with these options makes for itself (without shared ones).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_options_set_occ_lock_buckets(rocksdb_optimistictransactiondb_options_t *opt, uint32_t v);

extern ROCKSDB_LIBRARY_API uint32_t rocksdb_optimistictransactiondb_options_get_occ_lock_buckets(rocksdb_optimistictransactiondb_options_t *opt);

/*
 RocksDB's OccValidationPolicy: 0 kValidateSerial, 1 kValidateParallel (other values
 validate in parallel too, and read back as set).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_options_set_validate_policy(rocksdb_optimistictransactiondb_options_t *opt, int v);

extern ROCKSDB_LIBRARY_API int rocksdb_optimistictransactiondb_options_get_validate_policy(rocksdb_optimistictransactiondb_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransactiondb_lock_buckets_t *rocksdb_optimistictransactiondb_lock_buckets_create(size_t bucket_count, unsigned char cache_aligned);

extern ROCKSDB_LIBRARY_API size_t rocksdb_optimistictransactiondb_lock_buckets_approximate_memory_usage(rocksdb_optimistictransactiondb_lock_buckets_t *lock_buckets);

/*
 Releases this handle; databases and options using the buckets keep them.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_lock_buckets_destroy(rocksdb_optimistictransactiondb_lock_buckets_t *lock_buckets);

/*
 Databases opened with these options share `lock_buckets` (NULL: each makes its own).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_options_set_shared_lock_buckets(rocksdb_optimistictransactiondb_options_t *opt, rocksdb_optimistictransactiondb_lock_buckets_t *lock_buckets);

extern ROCKSDB_LIBRARY_API rocksdb_transactiondb_t *rocksdb_transactiondb_open(const rocksdb_options_t *options, const rocksdb_transactiondb_options_t *txn_db_options, const char *name, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_transactiondb_t *rocksdb_transactiondb_open_column_families(const rocksdb_options_t *options, const rocksdb_transactiondb_options_t *txn_db_options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_close(rocksdb_transactiondb_t *txn_db);

/*
 A handle to the database under the transactions; release it with
 `rocksdb_transactiondb_close_base_db` (which does not close the database).
 */
extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_transactiondb_get_base_db(rocksdb_transactiondb_t *txn_db);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_close_base_db(rocksdb_t *base_db);

extern ROCKSDB_LIBRARY_API rocksdb_column_family_handle_t *rocksdb_transactiondb_create_column_family(rocksdb_transactiondb_t *txn_db, const rocksdb_options_t *column_family_options, const char *column_family_name, char **errptr);

extern ROCKSDB_LIBRARY_API const rocksdb_snapshot_t *rocksdb_transactiondb_create_snapshot(rocksdb_transactiondb_t *txn_db);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_release_snapshot(rocksdb_transactiondb_t *txn_db, const rocksdb_snapshot_t *snapshot);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_put(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_put_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_delete(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, const char *key, size_t klen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_delete_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_merge(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_merge_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_write(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *options, rocksdb_writebatch_t *batch, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_transactiondb_get(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, const char *key, size_t klen, size_t *vlen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_transactiondb_get_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_transactiondb_get_pinned(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, const char *key, size_t klen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_transactiondb_get_pinned_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_multi_get(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_multi_get_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, const rocksdb_column_family_handle_t *const *column_families, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_transactiondb_create_iterator(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_transactiondb_create_iterator_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family);

extern ROCKSDB_LIBRARY_API char *rocksdb_transactiondb_property_value(rocksdb_transactiondb_t *txn_db, const char *propname);

extern ROCKSDB_LIBRARY_API int rocksdb_transactiondb_property_int(rocksdb_transactiondb_t *txn_db, const char *propname, uint64_t *out_val);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_flush(rocksdb_transactiondb_t *txn_db, const rocksdb_flushoptions_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_flush_cf(rocksdb_transactiondb_t *txn_db, const rocksdb_flushoptions_t *options, rocksdb_column_family_handle_t *column_family, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_flush_cfs(rocksdb_transactiondb_t *txn_db, const rocksdb_flushoptions_t *options, rocksdb_column_family_handle_t **column_families, int num_column_families, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_flush_wal(rocksdb_transactiondb_t *txn_db, unsigned char sync, char **errptr);

/*
 `rocksdb_flush_wal_with_options` on the base database.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transactiondb_flush_wal_with_options(rocksdb_transactiondb_t *txn_db, const rocksdb_flushwaloptions_t *options, char **errptr);

/*
 The prepared transactions (recovered at open, or live): a malloc'd array of `*num_transactions`
 handles, each released with `rocksdb_transaction_destroy`, the array with `rocksdb_free`.
 */
extern ROCKSDB_LIBRARY_API rocksdb_transaction_t **rocksdb_transactiondb_get_prepared_transactions(rocksdb_transactiondb_t *txn_db, size_t *cnt);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransactiondb_t *rocksdb_optimistictransactiondb_open(const rocksdb_options_t *options, const char *name, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransactiondb_t *rocksdb_optimistictransactiondb_open_with_otxn_db_options(const rocksdb_options_t *options, const rocksdb_optimistictransactiondb_options_t *otxn_db_options, const char *name, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransactiondb_t *rocksdb_optimistictransactiondb_open_column_families(const rocksdb_options_t *options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_optimistictransactiondb_t *rocksdb_optimistictransactiondb_open_column_families_with_otxn_db_options(const rocksdb_options_t *options, const rocksdb_optimistictransactiondb_options_t *otxn_db_options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_close(rocksdb_optimistictransactiondb_t *otxn_db);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_optimistictransactiondb_get_base_db(rocksdb_optimistictransactiondb_t *otxn_db);

extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_close_base_db(rocksdb_t *base_db);

extern ROCKSDB_LIBRARY_API void rocksdb_optimistictransactiondb_write(rocksdb_optimistictransactiondb_t *otxn_db, const rocksdb_writeoptions_t *options, rocksdb_writebatch_t *batch, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_optimistictransactiondb_property_value(rocksdb_optimistictransactiondb_t *otxn_db, const char *propname);

extern ROCKSDB_LIBRARY_API int rocksdb_optimistictransactiondb_property_int(rocksdb_optimistictransactiondb_t *otxn_db, const char *propname, uint64_t *out_val);

extern ROCKSDB_LIBRARY_API rocksdb_transaction_t *rocksdb_optimistictransaction_begin(rocksdb_optimistictransactiondb_t *otxn_db, const rocksdb_writeoptions_t *write_options, const rocksdb_optimistictransaction_options_t *otxn_options, rocksdb_transaction_t *old_txn);

extern ROCKSDB_LIBRARY_API rocksdb_transaction_t *rocksdb_transaction_begin(rocksdb_transactiondb_t *txn_db, const rocksdb_writeoptions_t *write_options, const rocksdb_transaction_options_t *txn_options, rocksdb_transaction_t *old_txn);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_destroy(rocksdb_transaction_t *t);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_commit(rocksdb_transaction_t *t, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_rollback(rocksdb_transaction_t *t, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_prepare(rocksdb_transaction_t *t, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_set_name(rocksdb_transaction_t *t, const char *name, size_t name_len, char **errptr);

/*
 The name as a malloc'd copy (not NUL-terminated); an unnamed transaction's is an empty
 allocation with length 0, as RocksDB's CopyString of its empty name.
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_transaction_get_name(rocksdb_transaction_t *t, size_t *name_len);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_set_savepoint(rocksdb_transaction_t *t);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_rollback_to_savepoint(rocksdb_transaction_t *t, char **errptr);

/*
 The transaction's snapshot (NULL without one); the handle is freed with `rocksdb_free` as in
 RocksDB, so it does not own the snapshot: the transaction keeps it alive.
 */
extern ROCKSDB_LIBRARY_API const rocksdb_snapshot_t *rocksdb_transaction_get_snapshot(rocksdb_transaction_t *t);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_put(rocksdb_transaction_t *t, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_put_cf(rocksdb_transaction_t *t, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_delete(rocksdb_transaction_t *t, const char *key, size_t klen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_delete_cf(rocksdb_transaction_t *t, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_merge(rocksdb_transaction_t *t, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_merge_cf(rocksdb_transaction_t *t, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_put_log_data(rocksdb_transaction_t *t, const char *blob, size_t len);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_rebuild_from_writebatch(rocksdb_transaction_t *t, rocksdb_writebatch_t *wb, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_rebuild_from_writebatch_wi(rocksdb_transaction_t *t, rocksdb_writebatch_wi_t *wi, char **errptr);

/*
 A copy of the transaction's indexed batch, released with `rocksdb_writebatch_wi_destroy`.
 */
extern ROCKSDB_LIBRARY_API rocksdb_writebatch_wi_t *rocksdb_transaction_get_writebatch_wi(rocksdb_transaction_t *t);

extern ROCKSDB_LIBRARY_API char *rocksdb_transaction_get(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, const char *key, size_t klen, size_t *vlen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_transaction_get_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, size_t *vlen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_transaction_get_for_update(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, const char *key, size_t klen, size_t *vlen, unsigned char exclusive, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_transaction_get_for_update_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, size_t *vlen, unsigned char exclusive, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_transaction_get_pinned(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, const char *key, size_t klen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_transaction_get_pinned_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_transaction_get_pinned_for_update(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, const char *key, size_t klen, unsigned char exclusive, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_transaction_get_pinned_for_update_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, unsigned char exclusive, char **errptr);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_multi_get(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_multi_get_for_update(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_multi_get_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, const rocksdb_column_family_handle_t *const *column_families, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API void rocksdb_transaction_multi_get_for_update_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, const rocksdb_column_family_handle_t *const *column_families, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_transaction_create_iterator(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_transaction_create_iterator_cf(rocksdb_transaction_t *t, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family);

/*
 Sets the calling thread's perf level (RocksDB's PerfLevel values).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_set_perf_level(int level);

extern ROCKSDB_LIBRARY_API rocksdb_perfcontext_t *rocksdb_perfcontext_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_perfcontext_destroy(rocksdb_perfcontext_t *context);

extern ROCKSDB_LIBRARY_API void rocksdb_perfcontext_reset(rocksdb_perfcontext_t *context);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_perfcontext_metric(rocksdb_perfcontext_t *context, int metric);

/*
 RocksDB's PerfContext::ToString: "name = value, " pairs (zeros left out when asked).
 */
extern ROCKSDB_LIBRARY_API char *rocksdb_perfcontext_report(rocksdb_perfcontext_t *context, unsigned char exclude_zero_counters);

/*
 User-defined timestamps are not supported (open fails for a comparator with timestamps), so
 a transaction's commit timestamp has nothing to apply to.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_set_commit_timestamp(rocksdb_transaction_t *t, uint64_t commit_timestamp);

/*
 See `rocksdb_transaction_set_commit_timestamp`.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_transaction_set_read_timestamp_for_validation(rocksdb_transaction_t *t, uint64_t ts);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_with_ttl(const rocksdb_options_t *options, const char *name, int ttl, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_t *rocksdb_open_column_families_with_ttl(const rocksdb_options_t *options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, const int *ttls, char **errptr);

/*
 On a database not opened with TTL (a bad cast in RocksDB) it fails with InvalidArgument.
 */
extern ROCKSDB_LIBRARY_API rocksdb_column_family_handle_t *rocksdb_create_column_family_with_ttl(rocksdb_t *db, const rocksdb_options_t *column_family_options, const char *column_family_name, int ttl, char **errptr);

/*
 `reserved_bytes` preallocates; `overwrite_keys` is recorded (reads always see the newest
 write of a key, which is what RocksDB gives with it set).
 */
extern ROCKSDB_LIBRARY_API rocksdb_writebatch_wi_t *rocksdb_writebatch_wi_create(size_t reserved_bytes, unsigned char overwrite_keys);

/*
 RocksDB 11.8.1's full constructor. The backup index comparator orders the batch's keys
 written without a column family handle (an iterator over a base orders by the base's
 column family). A max_bytes limit or per-key protection bytes are not supported: NULL
 then, like `rocksdb_writebatch_create_with_params` for what it cannot honour; so is a
 comparator already destroyed or without callbacks.
 */
extern ROCKSDB_LIBRARY_API rocksdb_writebatch_wi_t *rocksdb_writebatch_wi_create_with_params(rocksdb_comparator_t *backup_index_comparator, size_t reserved_bytes, unsigned char overwrite_key, size_t max_bytes, size_t protection_bytes_per_key);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_destroy(rocksdb_writebatch_wi_t *b);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_clear(rocksdb_writebatch_wi_t *b);

extern ROCKSDB_LIBRARY_API int rocksdb_writebatch_wi_count(rocksdb_writebatch_wi_t *b);

/*
 The batch's bytes (RocksDB's WriteBatch representation), valid until the batch changes.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_writebatch_wi_data(rocksdb_writebatch_wi_t *b, size_t *size);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_put(rocksdb_writebatch_wi_t *b, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_put_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_putv(rocksdb_writebatch_wi_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_putv_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_delete(rocksdb_writebatch_wi_t *b, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_delete_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_deletev(rocksdb_writebatch_wi_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_deletev_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_singledelete(rocksdb_writebatch_wi_t *b, const char *key, size_t klen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_singledelete_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen);

/*
 Reads of a merged key resolve the operands with the column family's merge operator.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_merge(rocksdb_writebatch_wi_t *b, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_merge_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_mergev(rocksdb_writebatch_wi_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_mergev_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_put_log_data(rocksdb_writebatch_wi_t *b, const char *blob, size_t len);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_set_save_point(rocksdb_writebatch_wi_t *b);

extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_rollback_to_save_point(rocksdb_writebatch_wi_t *b, char **errptr);

/*
 Walks the batch with rocksdb_writebatch_iterate's handler (`batch::walk_batch`).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_iterate(rocksdb_writebatch_wi_t *b, void *state, void (*put)(void*, const char*, size_t, const char*, size_t), void (*deleted)(void*, const char*, size_t));

extern ROCKSDB_LIBRARY_API char *rocksdb_writebatch_wi_get_from_batch(rocksdb_writebatch_wi_t *b, const rocksdb_options_t *options, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_writebatch_wi_get_from_batch_cf(rocksdb_writebatch_wi_t *b, const rocksdb_options_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_writebatch_wi_get_from_batch_and_db(rocksdb_writebatch_wi_t *b, rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API char *rocksdb_writebatch_wi_get_from_batch_and_db_cf(rocksdb_writebatch_wi_t *b, rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, size_t *vallen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_writebatch_wi_get_pinned_from_batch_and_db(rocksdb_writebatch_wi_t *b, rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_pinnableslice_t *rocksdb_writebatch_wi_get_pinned_from_batch_and_db_cf(rocksdb_writebatch_wi_t *b, rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_writebatch_wi_create_iterator_with_base(rocksdb_writebatch_wi_t *wbwi, rocksdb_iterator_t *base_iterator);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_writebatch_wi_create_iterator_with_base_cf(rocksdb_writebatch_wi_t *wbwi, rocksdb_iterator_t *base_iterator, rocksdb_column_family_handle_t *cf);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_writebatch_wi_create_iterator_with_base_readopts(rocksdb_writebatch_wi_t *wbwi, rocksdb_iterator_t *base_iterator, const rocksdb_readoptions_t *options);

extern ROCKSDB_LIBRARY_API rocksdb_iterator_t *rocksdb_writebatch_wi_create_iterator_with_base_cf_readopts(rocksdb_writebatch_wi_t *wbwi, rocksdb_iterator_t *base_iterator, rocksdb_column_family_handle_t *cf, const rocksdb_readoptions_t *options);

/*
 Writes the batch's records to the database (the index is not needed for that).
 */
extern ROCKSDB_LIBRARY_API void rocksdb_write_writebatch_wi(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_writebatch_wi_t *wbwi, char **errptr);

/*
 RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
 batch is left unchanged, as there.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_delete_range(rocksdb_writebatch_wi_t *b, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len);

/*
 RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
 batch is left unchanged, as there.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_delete_range_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len);

/*
 RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
 batch is left unchanged, as there.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_delete_rangev(rocksdb_writebatch_wi_t *b, int num_keys, const char *const *start_keys_list, const size_t *start_keys_list_sizes, const char *const *end_keys_list, const size_t *end_keys_list_sizes);

/*
 RocksDB's WriteBatchWithIndex refuses range deletions (NotSupported, which c.h drops): the
 batch is left unchanged, as there.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_writebatch_wi_delete_rangev_cf(rocksdb_writebatch_wi_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *start_keys_list, const size_t *start_keys_list_sizes, const char *const *end_keys_list, const size_t *end_keys_list_sizes);

extern ROCKSDB_LIBRARY_API rocksdb_walfilter_t *rocksdb_walfilter_create(void *state, void (*destructor)(void*), rocksdb_walfilter_column_family_log_number_map_cb column_family_log_number_map, rocksdb_walfilter_log_record_found_cb log_record_found, const char *(*name)(void*));

/*
 Frees the filter and runs its destructor; the databases opened with it must be closed.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_walfilter_destroy(rocksdb_walfilter_t *filter);

/*
 The filter later opens with these options use (NULL: none); the options do not own it.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_wal_filter(rocksdb_options_t *opt, rocksdb_walfilter_t *filter);

extern ROCKSDB_LIBRARY_API void rocksdb_options_clear_wal_filter(rocksdb_options_t *opt);

extern ROCKSDB_LIBRARY_API rocksdb_wal_readoptions_t *rocksdb_wal_readoptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_readoptions_destroy(rocksdb_wal_readoptions_t *options);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_readoptions_set_verify_checksums(rocksdb_wal_readoptions_t *options, unsigned char v);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_wal_readoptions_get_verify_checksums(rocksdb_wal_readoptions_t *options);

/*
 `options` may be NULL (RocksDB's defaults: checksums verified).
 */
extern ROCKSDB_LIBRARY_API rocksdb_wal_iterator_t *rocksdb_get_updates_since(rocksdb_t *db, uint64_t seq_number, const rocksdb_wal_readoptions_t *options, char **errptr);

extern ROCKSDB_LIBRARY_API unsigned char rocksdb_wal_iter_valid(const rocksdb_wal_iterator_t *iter);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_iter_next(rocksdb_wal_iterator_t *iter);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_iter_status(const rocksdb_wal_iterator_t *iter, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_writebatch_t *rocksdb_wal_iter_get_batch(const rocksdb_wal_iterator_t *iter, uint64_t *seq);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_iter_destroy(const rocksdb_wal_iterator_t *iter);

extern ROCKSDB_LIBRARY_API rocksdb_wal_files_t *rocksdb_get_sorted_wal_files(rocksdb_t *db, char **errptr);

extern ROCKSDB_LIBRARY_API rocksdb_wal_file_t *rocksdb_get_current_wal_file(rocksdb_t *db, char **errptr);

/*
 The path relative to the WAL directory ("/000007.log"), valid while `file` lives.
 */
extern ROCKSDB_LIBRARY_API const char *rocksdb_wal_file_path_name(const rocksdb_wal_file_t *file);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_wal_file_log_number(const rocksdb_wal_file_t *file);

/*
 `rocksdb_wal_file_type_archived_log` (0) or `rocksdb_wal_file_type_alive_log` (1).
 */
extern ROCKSDB_LIBRARY_API int rocksdb_wal_file_type(const rocksdb_wal_file_t *file);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_wal_file_start_sequence(const rocksdb_wal_file_t *file);

extern ROCKSDB_LIBRARY_API uint64_t rocksdb_wal_file_size_file_bytes(const rocksdb_wal_file_t *file);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_file_destroy(rocksdb_wal_file_t *file);

extern ROCKSDB_LIBRARY_API size_t rocksdb_wal_files_count(const rocksdb_wal_files_t *files);

/*
 The file at `index`, owned by `files`; NULL past the end (as RocksDB's).
 */
extern ROCKSDB_LIBRARY_API const rocksdb_wal_file_t *rocksdb_wal_files_get_wal_file(const rocksdb_wal_files_t *files, size_t index);

extern ROCKSDB_LIBRARY_API void rocksdb_wal_files_destroy(rocksdb_wal_files_t *files);

extern ROCKSDB_LIBRARY_API rocksdb_write_buffer_manager_t *rocksdb_write_buffer_manager_create(size_t buffer_size, bool allow_stall);

/*
 The memtable memory is also charged to `cache` (NULL: not charged, as `_create`).
 */
extern ROCKSDB_LIBRARY_API rocksdb_write_buffer_manager_t *rocksdb_write_buffer_manager_create_with_cache(size_t buffer_size, const rocksdb_cache_t *cache, bool allow_stall);

extern ROCKSDB_LIBRARY_API void rocksdb_write_buffer_manager_destroy(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API bool rocksdb_write_buffer_manager_enabled(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API bool rocksdb_write_buffer_manager_cost_to_cache(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API size_t rocksdb_write_buffer_manager_memory_usage(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API size_t rocksdb_write_buffer_manager_mutable_memtable_memory_usage(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API size_t rocksdb_write_buffer_manager_dummy_entries_in_cache_usage(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API size_t rocksdb_write_buffer_manager_buffer_size(rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API void rocksdb_write_buffer_manager_set_buffer_size(rocksdb_write_buffer_manager_t *wbm, size_t new_size);

extern ROCKSDB_LIBRARY_API void rocksdb_write_buffer_manager_set_allow_stall(rocksdb_write_buffer_manager_t *wbm, bool new_allow_stall);

/*
 Databases opened with `opt` account their memtables to the manager; NULL leaves the
 options as they were.
 */
extern ROCKSDB_LIBRARY_API void rocksdb_options_set_write_buffer_manager(rocksdb_options_t *opt, rocksdb_write_buffer_manager_t *wbm);

extern ROCKSDB_LIBRARY_API rocksdb_writeoptions_t *rocksdb_writeoptions_create(void);

extern ROCKSDB_LIBRARY_API void rocksdb_writeoptions_destroy(rocksdb_writeoptions_t *opt);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus
