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


/*
 RocksDB's marker for "the codec's default level" (CompressionOptions::kDefaultCompressionLevel).
 */
#define DEFAULT_COMPRESSION_LEVEL 32767

/*
 The type stamped on seek keys (7.8.3's kValueTypeForSeek): sorts before every
 real entry of the same user key and sequence.
 */
#define VALUE_TYPE_FOR_SEEK 22

#define VALUE_TYPE_FOR_SEEK_FOR_PREV 0

#define HEADER_SIZE 12

#define TAG_DELETION 0

#define TAG_VALUE 1

#define TAG_MERGE 2

#define TAG_LOG_DATA 3

#define TAG_CF_DELETION 4

#define TAG_CF_VALUE 5

#define TAG_CF_MERGE 6

#define TAG_SINGLE_DELETION 7

#define TAG_CF_SINGLE_DELETION 8

#define TAG_BEGIN_PREPARE 9

#define TAG_END_PREPARE 10

#define TAG_COMMIT 11

#define TAG_ROLLBACK 12

#define TAG_NOOP 13

#define TAG_CF_RANGE_DELETION 14

#define TAG_RANGE_DELETION 15

#define TAG_CF_BLOB_INDEX 16

#define TAG_BLOB_INDEX 17

#define TAG_BEGIN_PERSISTED_PREPARE 18

#define TAG_BEGIN_UNPREPARE 19

#define TAG_COMMIT_WITH_TIMESTAMP 21

#define TAG_WIDE_COLUMN_ENTITY 22

#define TAG_CF_WIDE_COLUMN_ENTITY 23

/*
 Block-based table options (`rocksdb_block_based_table_options_t`).
 */
typedef struct rocksdb_block_based_table_options_t rocksdb_block_based_table_options_t;

/*
 A block cache (`rocksdb_cache_t`). Shard bits and the strict limit are kept for
 `BlockCache::new` once the engine cache is wired in.
 */
typedef struct rocksdb_cache_t rocksdb_cache_t;

/*
 A column family handle (`rocksdb_column_family_handle_t`); it shares the engine's handle.
 */
typedef struct rocksdb_column_family_handle_t rocksdb_column_family_handle_t;

/*
 A user comparator (`rocksdb_comparator_t`); its destructor runs at destroy, as in RocksDB.
 */
typedef struct rocksdb_comparator_t rocksdb_comparator_t;

/*
 A filter policy (`rocksdb_filterpolicy_t`): bits per key of a full filter.
 */
typedef struct rocksdb_filterpolicy_t rocksdb_filterpolicy_t;

/*
 Flush options (`rocksdb_flushoptions_t`).
 */
typedef struct rocksdb_flushoptions_t rocksdb_flushoptions_t;

/*
 An iterator (`rocksdb_iterator_t`). It holds its own reference to the engine,
 so it stays safe to use (answering "Shutdown in progress") after `rocksdb_close`.
 */
typedef struct rocksdb_iterator_t rocksdb_iterator_t;

/*
 Options for `rocksdb_cache_create_lru_opts` (`rocksdb_lru_cache_options_t`).
 */
typedef struct rocksdb_lru_cache_options_t rocksdb_lru_cache_options_t;

/*
 A user merge operator (`rocksdb_mergeoperator_t`); its destructor runs at destroy.
 */
typedef struct rocksdb_mergeoperator_t rocksdb_mergeoperator_t;

/*
 Database and column family options (`rocksdb_options_t`).
 */
typedef struct rocksdb_options_t rocksdb_options_t;

/*
 A value read by `rocksdb_get_pinned*` (`rocksdb_pinnableslice_t`).
 */
typedef struct rocksdb_pinnableslice_t rocksdb_pinnableslice_t;

/*
 Read options (`rocksdb_readoptions_t`).
 */
typedef struct rocksdb_readoptions_t rocksdb_readoptions_t;

/*
 A consistent read point (`rocksdb_snapshot_t`); it keeps its own share of the engine's snapshot.
 */
typedef struct rocksdb_snapshot_t rocksdb_snapshot_t;

/*
 An open database (`rocksdb_t`).
 */
typedef struct rocksdb_t rocksdb_t;

/*
 A write batch (`rocksdb_writebatch_t`) in RocksDB's byte representation.
 */
typedef struct rocksdb_writebatch_t rocksdb_writebatch_t;

/*
 Write options (`rocksdb_writeoptions_t`).
 */
typedef struct rocksdb_writeoptions_t rocksdb_writeoptions_t;

typedef uint64_t SequenceNumber;

#define MAX_SEQUENCE_NUMBER ((1ull << 56) - 1)

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/*
 Frees memory this library handed to C (values, strings, arrays).
 */
void rocksdb_free(void *ptr);

rocksdb_writebatch_t *rocksdb_writebatch_create(void);

/*
 A batch from RocksDB's serialized bytes; NULL when they are not a batch.
 */
rocksdb_writebatch_t *rocksdb_writebatch_create_from(const char *rep, size_t size);

rocksdb_writebatch_t *rocksdb_writebatch_create_with_params(size_t reserved_bytes, size_t max_bytes, size_t protection_bytes_per_key, size_t default_cf_ts_sz);

void rocksdb_writebatch_destroy(rocksdb_writebatch_t *b);

void rocksdb_writebatch_clear(rocksdb_writebatch_t *b);

int rocksdb_writebatch_count(rocksdb_writebatch_t *b);

void rocksdb_writebatch_put(rocksdb_writebatch_t *b, const char *key, size_t klen, const char *val, size_t vlen);

void rocksdb_writebatch_put_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen);

void rocksdb_writebatch_putv(rocksdb_writebatch_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

void rocksdb_writebatch_putv_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

void rocksdb_writebatch_merge(rocksdb_writebatch_t *b, const char *key, size_t klen, const char *val, size_t vlen);

void rocksdb_writebatch_merge_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, const char *val, size_t vlen);

void rocksdb_writebatch_mergev(rocksdb_writebatch_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

void rocksdb_writebatch_mergev_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes, int num_values, const char *const *values_list, const size_t *values_list_sizes);

void rocksdb_writebatch_delete(rocksdb_writebatch_t *b, const char *key, size_t klen);

void rocksdb_writebatch_delete_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen);

void rocksdb_writebatch_deletev(rocksdb_writebatch_t *b, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes);

void rocksdb_writebatch_deletev_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *keys_list, const size_t *keys_list_sizes);

void rocksdb_writebatch_singledelete(rocksdb_writebatch_t *b, const char *key, size_t klen);

void rocksdb_writebatch_singledelete_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen);

void rocksdb_writebatch_delete_range(rocksdb_writebatch_t *b, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len);

void rocksdb_writebatch_delete_range_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len);

void rocksdb_writebatch_delete_rangev(rocksdb_writebatch_t *b, int num_keys, const char *const *start_keys_list, const size_t *start_keys_list_sizes, const char *const *end_keys_list, const size_t *end_keys_list_sizes);

void rocksdb_writebatch_delete_rangev_cf(rocksdb_writebatch_t *b, rocksdb_column_family_handle_t *column_family, int num_keys, const char *const *start_keys_list, const size_t *start_keys_list_sizes, const char *const *end_keys_list, const size_t *end_keys_list_sizes);

void rocksdb_writebatch_put_log_data(rocksdb_writebatch_t *b, const char *blob, size_t len);

/*
 The batch's RocksDB bytes, valid until the batch changes.
 */
const char *rocksdb_writebatch_data(rocksdb_writebatch_t *b, size_t *size);

/*
 Calls `put` and `deleted` for the default column family's records, in order.
 */
void rocksdb_writebatch_iterate(rocksdb_writebatch_t *b, void *state, void (*put)(void*, const char*, size_t, const char*, size_t), void (*deleted)(void*, const char*, size_t));

void rocksdb_writebatch_iterate_ld(rocksdb_writebatch_t *b, void *state, void (*put)(void*, const char*, size_t, const char*, size_t), void (*deleted)(void*, const char*, size_t), void (*log_data)(void*, const char*, size_t));

void rocksdb_writebatch_iterate_cf(rocksdb_writebatch_t *b, void *state, void (*put_cf)(void*, uint32_t, const char*, size_t, const char*, size_t), void (*deleted_cf)(void*, uint32_t, const char*, size_t), void (*merge_cf)(void*, uint32_t, const char*, size_t, const char*, size_t));

void rocksdb_writebatch_iterate_cf_ld(rocksdb_writebatch_t *b, void *state, void (*put_cf)(void*, uint32_t, const char*, size_t, const char*, size_t), void (*deleted_cf)(void*, uint32_t, const char*, size_t), void (*merge_cf)(void*, uint32_t, const char*, size_t, const char*, size_t), void (*log_data)(void*, const char*, size_t));

void rocksdb_writebatch_set_save_point(rocksdb_writebatch_t *b);

void rocksdb_writebatch_rollback_to_save_point(rocksdb_writebatch_t *b, char **errptr);

void rocksdb_writebatch_pop_save_point(rocksdb_writebatch_t *b, char **errptr);

/*
 Checks the batch's records decode and match its count.
 */
void rocksdb_writebatch_verify_checksum(rocksdb_writebatch_t *b, char **errptr);

rocksdb_cache_t *rocksdb_cache_create_lru(size_t capacity);

rocksdb_cache_t *rocksdb_cache_create_lru_with_strict_capacity_limit(size_t capacity);

rocksdb_cache_t *rocksdb_cache_create_lru_opts(const rocksdb_lru_cache_options_t *opts);

void rocksdb_cache_destroy(rocksdb_cache_t *cache);

void rocksdb_cache_set_capacity(rocksdb_cache_t *cache, size_t capacity);

size_t rocksdb_cache_get_capacity(const rocksdb_cache_t *cache);

size_t rocksdb_cache_get_usage(const rocksdb_cache_t *cache);

size_t rocksdb_cache_get_pinned_usage(const rocksdb_cache_t *cache);

rocksdb_lru_cache_options_t *rocksdb_lru_cache_options_create(void);

void rocksdb_lru_cache_options_destroy(rocksdb_lru_cache_options_t *opts);

void rocksdb_lru_cache_options_set_capacity(rocksdb_lru_cache_options_t *opts, size_t capacity);

void rocksdb_lru_cache_options_set_num_shard_bits(rocksdb_lru_cache_options_t *opts, int num_shard_bits);

rocksdb_column_family_handle_t *rocksdb_create_column_family(rocksdb_t *db, const rocksdb_options_t *column_family_options, const char *column_family_name, char **errptr);

void rocksdb_drop_column_family(rocksdb_t *db, rocksdb_column_family_handle_t *handle_, char **errptr);

rocksdb_column_family_handle_t *rocksdb_get_default_column_family_handle(rocksdb_t *db);

void rocksdb_column_family_handle_destroy(rocksdb_column_family_handle_t *handle_);

uint32_t rocksdb_column_family_handle_get_id(rocksdb_column_family_handle_t *handle_);

/*
 A malloc'd copy of the name, not NUL-terminated (as RocksDB); *name_len gets its length.
 */
char *rocksdb_column_family_handle_get_name(rocksdb_column_family_handle_t *handle_, size_t *name_len);

rocksdb_t *rocksdb_open(const rocksdb_options_t *options, const char *name, char **errptr);

rocksdb_t *rocksdb_open_for_read_only(const rocksdb_options_t *options, const char *name, unsigned char error_if_wal_file_exists, char **errptr);

rocksdb_t *rocksdb_open_column_families(const rocksdb_options_t *options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, char **errptr);

rocksdb_t *rocksdb_open_for_read_only_column_families(const rocksdb_options_t *options, const char *name, int num_column_families, const char *const *column_family_names, const rocksdb_options_t *const *column_family_options, rocksdb_column_family_handle_t **column_family_handles, unsigned char error_if_wal_file_exists, char **errptr);

/*
 Closes the database and frees the handle; NULL is a no-op. Iterators,
 snapshots and column family handles still alive answer "Shutdown in progress".
 */
void rocksdb_close(rocksdb_t *db);

void rocksdb_destroy_db(const rocksdb_options_t *options, const char *name, char **errptr);

/*
 Returns a malloc'd array of malloc'd names; release with `rocksdb_list_column_families_destroy`.
 */
char **rocksdb_list_column_families(const rocksdb_options_t *options, const char *name, size_t *lencf, char **errptr);

void rocksdb_list_column_families_destroy(char **list, size_t len);

void rocksdb_put(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

void rocksdb_put_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, const char *val, size_t vallen, char **errptr);

void rocksdb_delete(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, char **errptr);

void rocksdb_delete_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

void rocksdb_singledelete(rocksdb_t *db, const rocksdb_writeoptions_t *options, const char *key, size_t keylen, char **errptr);

void rocksdb_singledelete_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

/*
 Deletes [begin, end) in the column family by writing a range tombstone batch.
 */
void rocksdb_delete_range_cf(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *end_key, size_t end_key_len, char **errptr);

void rocksdb_write(rocksdb_t *db, const rocksdb_writeoptions_t *options, rocksdb_writebatch_t *batch, char **errptr);

char *rocksdb_get(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, size_t *vallen, char **errptr);

char *rocksdb_get_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, size_t *vallen, char **errptr);

void rocksdb_multi_get(rocksdb_t *db, const rocksdb_readoptions_t *options, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

void rocksdb_multi_get_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, const rocksdb_column_family_handle_t *const *column_families, size_t num_keys, const char *const *keys_list, const size_t *keys_list_sizes, char **values_list, size_t *values_list_sizes, char **errs);

rocksdb_pinnableslice_t *rocksdb_get_pinned(rocksdb_t *db, const rocksdb_readoptions_t *options, const char *key, size_t keylen, char **errptr);

rocksdb_pinnableslice_t *rocksdb_get_pinned_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family, const char *key, size_t keylen, char **errptr);

/*
 The pinned value's bytes (valid until `rocksdb_pinnableslice_destroy`); NULL for a NULL handle.
 */
const char *rocksdb_pinnableslice_value(const rocksdb_pinnableslice_t *t, size_t *vlen);

void rocksdb_pinnableslice_destroy(rocksdb_pinnableslice_t *v);

/*
 A malloc'd NUL-terminated property value, or NULL when the property is unknown.
 */
char *rocksdb_property_value(rocksdb_t *db, const char *propname);

char *rocksdb_property_value_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *propname);

/*
 0 and *out_val set on success, -1 when the property is unknown (as RocksDB).
 */
int rocksdb_property_int(rocksdb_t *db, const char *propname, uint64_t *out_val);

int rocksdb_property_int_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *propname, uint64_t *out_val);

/*
 Compacts [start, limit] (NULL = unbounded). c.h gives no errptr: errors are dropped as in RocksDB.
 */
void rocksdb_compact_range(rocksdb_t *db, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len);

void rocksdb_compact_range_cf(rocksdb_t *db, rocksdb_column_family_handle_t *column_family, const char *start_key, size_t start_key_len, const char *limit_key, size_t limit_key_len);

uint64_t rocksdb_get_latest_sequence_number(rocksdb_t *db);

rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_bloom(double bits_per_key);

/*
 Since RocksDB 7 both bloom constructors make the same full (format_version 5) filter.
 */
rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_bloom_full(double bits_per_key);

rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_ribbon(double bloom_equivalent_bits_per_key);

rocksdb_filterpolicy_t *rocksdb_filterpolicy_create_ribbon_hybrid(double bloom_equivalent_bits_per_key, int bloom_before_level);

void rocksdb_filterpolicy_destroy(rocksdb_filterpolicy_t *policy);

rocksdb_comparator_t *rocksdb_comparator_create(void *state, void (*destructor)(void*), int (*compare)(void*, const char*, size_t, const char*, size_t), const char *(*name)(void*));

void rocksdb_comparator_destroy(rocksdb_comparator_t *cmp);

rocksdb_mergeoperator_t *rocksdb_mergeoperator_create(void *state, void (*destructor)(void*), char *(*full_merge)(void*, const char*, size_t, const char*, size_t, const char*const *, const size_t*, int, unsigned char*, size_t*), char *(*partial_merge)(void*, const char*, size_t, const char*const *, const size_t*, int, unsigned char*, size_t*), void (*delete_value)(void*, const char*, size_t), const char *(*name)(void*));

void rocksdb_mergeoperator_destroy(rocksdb_mergeoperator_t *op);

rocksdb_flushoptions_t *rocksdb_flushoptions_create(void);

void rocksdb_flushoptions_destroy(rocksdb_flushoptions_t *opt);

void rocksdb_flush(rocksdb_t *db, const rocksdb_flushoptions_t *options, char **errptr);

void rocksdb_flush_cf(rocksdb_t *db, const rocksdb_flushoptions_t *options, rocksdb_column_family_handle_t *column_family, char **errptr);

/*
 Flushes each column family in turn, stopping at the first error.
 */
void rocksdb_flush_cfs(rocksdb_t *db, const rocksdb_flushoptions_t *options, rocksdb_column_family_handle_t **column_family, int num_column_families, char **errptr);

void rocksdb_flush_wal(rocksdb_t *db, unsigned char sync, char **errptr);

rocksdb_iterator_t *rocksdb_create_iterator(rocksdb_t *db, const rocksdb_readoptions_t *options);

rocksdb_iterator_t *rocksdb_create_iterator_cf(rocksdb_t *db, const rocksdb_readoptions_t *options, rocksdb_column_family_handle_t *column_family);

/*
 One iterator per column family, all reading at the same point.
 */
void rocksdb_create_iterators(rocksdb_t *db, rocksdb_readoptions_t *opts, rocksdb_column_family_handle_t **column_families, rocksdb_iterator_t **iterators, size_t size, char **errptr);

void rocksdb_iter_destroy(rocksdb_iterator_t *iter);

unsigned char rocksdb_iter_valid(const rocksdb_iterator_t *iter);

void rocksdb_iter_seek_to_first(rocksdb_iterator_t *iter);

void rocksdb_iter_seek_to_last(rocksdb_iterator_t *iter);

void rocksdb_iter_seek(rocksdb_iterator_t *iter, const char *k, size_t klen);

void rocksdb_iter_seek_for_prev(rocksdb_iterator_t *iter, const char *k, size_t klen);

/*
 Requires a valid iterator (as RocksDB); an invalid one is ignored rather than trusted.
 */
void rocksdb_iter_next(rocksdb_iterator_t *iter);

void rocksdb_iter_prev(rocksdb_iterator_t *iter);

/*
 The current key, valid until the iterator moves; NULL (length 0) when not valid.
 */
const char *rocksdb_iter_key(const rocksdb_iterator_t *iter, size_t *klen);

/*
 The current value, valid until the iterator moves; NULL (length 0) when not valid.
 */
const char *rocksdb_iter_value(const rocksdb_iterator_t *iter, size_t *vlen);

void rocksdb_iter_get_error(const rocksdb_iterator_t *iter, char **errptr);

void rocksdb_iter_refresh(const rocksdb_iterator_t *iter, char **errptr);

unsigned char rocksdb_block_based_options_get_block_align(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_block_restart_interval(rocksdb_block_based_table_options_t *h);

uint64_t rocksdb_block_based_options_get_block_size(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_block_size_deviation(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_cache_index_and_filter_blocks(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_cache_index_and_filter_blocks_with_high_priority(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_checksum(rocksdb_block_based_table_options_t *h);

double rocksdb_block_based_options_get_data_block_hash_table_util_ratio(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_data_block_index_type(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_decouple_partitioned_filters(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_detect_filter_construct_corruption(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_enable_index_compression(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_fail_if_no_udi_on_open(rocksdb_block_based_table_options_t *h);

uint32_t rocksdb_block_based_options_get_format_version(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_index_block_restart_interval(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_index_block_search_type(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_index_shortening(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_index_type(rocksdb_block_based_table_options_t *h);

size_t rocksdb_block_based_options_get_initial_auto_readahead_size(rocksdb_block_based_table_options_t *h);

size_t rocksdb_block_based_options_get_max_auto_readahead_size(rocksdb_block_based_table_options_t *h);

uint64_t rocksdb_block_based_options_get_metadata_block_size(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_no_block_cache(rocksdb_block_based_table_options_t *h);

uint64_t rocksdb_block_based_options_get_num_file_reads_for_auto_readahead(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_optimize_filters_for_memory(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_partition_filters(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_pin_l0_filter_and_index_blocks_in_cache(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_pin_top_level_index_and_filter(rocksdb_block_based_table_options_t *h);

int rocksdb_block_based_options_get_prepopulate_block_cache(rocksdb_block_based_table_options_t *h);

uint32_t rocksdb_block_based_options_get_read_amp_bytes_per_bit(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_separate_key_value_in_data_block(rocksdb_block_based_table_options_t *h);

size_t rocksdb_block_based_options_get_super_block_alignment_size(rocksdb_block_based_table_options_t *h);

size_t rocksdb_block_based_options_get_super_block_alignment_space_overhead_ratio(rocksdb_block_based_table_options_t *h);

double rocksdb_block_based_options_get_uniform_cv_threshold(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_use_delta_encoding(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_use_udi_as_primary_index(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_verify_compression(rocksdb_block_based_table_options_t *h);

unsigned char rocksdb_block_based_options_get_whole_key_filtering(rocksdb_block_based_table_options_t *h);

void rocksdb_block_based_options_set_block_align(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_block_restart_interval(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_block_size(rocksdb_block_based_table_options_t *h, size_t v);

void rocksdb_block_based_options_set_block_size_deviation(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_cache_index_and_filter_blocks(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_cache_index_and_filter_blocks_with_high_priority(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_checksum(rocksdb_block_based_table_options_t *h, char v);

void rocksdb_block_based_options_set_data_block_hash_ratio(rocksdb_block_based_table_options_t *h, double v);

void rocksdb_block_based_options_set_data_block_hash_table_util_ratio(rocksdb_block_based_table_options_t *h, double v);

void rocksdb_block_based_options_set_data_block_index_type(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_decouple_partitioned_filters(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_detect_filter_construct_corruption(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_enable_index_compression(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_fail_if_no_udi_on_open(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_format_version(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_index_block_restart_interval(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_index_block_search_type(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_index_shortening(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_index_type(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_initial_auto_readahead_size(rocksdb_block_based_table_options_t *h, size_t v);

void rocksdb_block_based_options_set_max_auto_readahead_size(rocksdb_block_based_table_options_t *h, size_t v);

void rocksdb_block_based_options_set_metadata_block_size(rocksdb_block_based_table_options_t *h, uint64_t v);

void rocksdb_block_based_options_set_no_block_cache(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_num_file_reads_for_auto_readahead(rocksdb_block_based_table_options_t *h, uint64_t v);

void rocksdb_block_based_options_set_optimize_filters_for_memory(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_partition_filters(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_partition_pinning_tier(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_pin_l0_filter_and_index_blocks_in_cache(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_pin_top_level_index_and_filter(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_prepopulate_block_cache(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_read_amp_bytes_per_bit(rocksdb_block_based_table_options_t *h, uint32_t v);

void rocksdb_block_based_options_set_separate_key_value_in_data_block(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_super_block_alignment_size(rocksdb_block_based_table_options_t *h, size_t v);

void rocksdb_block_based_options_set_super_block_alignment_space_overhead_ratio(rocksdb_block_based_table_options_t *h, size_t v);

void rocksdb_block_based_options_set_top_level_index_pinning_tier(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_uniform_cv_threshold(rocksdb_block_based_table_options_t *h, double v);

void rocksdb_block_based_options_set_unpartitioned_pinning_tier(rocksdb_block_based_table_options_t *h, int v);

void rocksdb_block_based_options_set_use_delta_encoding(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_use_udi_as_primary_index(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_verify_compression(rocksdb_block_based_table_options_t *h, unsigned char v);

void rocksdb_block_based_options_set_whole_key_filtering(rocksdb_block_based_table_options_t *h, unsigned char v);

unsigned char rocksdb_flushoptions_get_allow_write_stall(rocksdb_flushoptions_t *h);

unsigned char rocksdb_flushoptions_get_force_atomic_flush(rocksdb_flushoptions_t *h);

unsigned char rocksdb_flushoptions_get_listener_wait(rocksdb_flushoptions_t *h);

unsigned char rocksdb_flushoptions_get_wait(rocksdb_flushoptions_t *h);

void rocksdb_flushoptions_set_allow_write_stall(rocksdb_flushoptions_t *h, unsigned char v);

void rocksdb_flushoptions_set_force_atomic_flush(rocksdb_flushoptions_t *h, unsigned char v);

void rocksdb_flushoptions_set_listener_wait(rocksdb_flushoptions_t *h, unsigned char v);

void rocksdb_flushoptions_set_wait(rocksdb_flushoptions_t *h, unsigned char v);

uint64_t rocksdb_options_get_WAL_size_limit_MB(rocksdb_options_t *h);

uint64_t rocksdb_options_get_WAL_ttl_seconds(rocksdb_options_t *h);

unsigned char rocksdb_options_get_advise_random_on_open(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_2pc(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_concurrent_memtable_write(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_data_in_errors(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_fallocate(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_ingest_behind(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_mmap_reads(rocksdb_options_t *h);

unsigned char rocksdb_options_get_allow_mmap_writes(rocksdb_options_t *h);

size_t rocksdb_options_get_arena_block_size(rocksdb_options_t *h);

unsigned char rocksdb_options_get_async_wal_precreate(rocksdb_options_t *h);

unsigned char rocksdb_options_get_atomic_flush(rocksdb_options_t *h);

unsigned char rocksdb_options_get_avoid_flush_during_recovery(rocksdb_options_t *h);

unsigned char rocksdb_options_get_avoid_flush_during_shutdown(rocksdb_options_t *h);

unsigned char rocksdb_options_get_avoid_unnecessary_blocking_io(rocksdb_options_t *h);

unsigned char rocksdb_options_get_background_close_inactive_wals(rocksdb_options_t *h);

unsigned char rocksdb_options_get_best_efforts_recovery(rocksdb_options_t *h);

uint64_t rocksdb_options_get_bgerror_resume_retry_interval(rocksdb_options_t *h);

uint64_t rocksdb_options_get_blob_compaction_readahead_size(rocksdb_options_t *h);

int rocksdb_options_get_blob_compression_type(rocksdb_options_t *h);

uint32_t rocksdb_options_get_blob_direct_write_partitions(rocksdb_options_t *h);

uint64_t rocksdb_options_get_blob_file_size(rocksdb_options_t *h);

int rocksdb_options_get_blob_file_starting_level(rocksdb_options_t *h);

double rocksdb_options_get_blob_gc_age_cutoff(rocksdb_options_t *h);

double rocksdb_options_get_blob_gc_force_threshold(rocksdb_options_t *h);

uint8_t rocksdb_options_get_block_protection_bytes_per_key(rocksdb_options_t *h);

uint32_t rocksdb_options_get_bloom_locality(rocksdb_options_t *h);

unsigned char rocksdb_options_get_bottommost_compression_options_use_zstd_dict_trainer(rocksdb_options_t *h);

uint32_t rocksdb_options_get_bottommost_file_compaction_delay(rocksdb_options_t *h);

uint64_t rocksdb_options_get_bytes_per_sync(rocksdb_options_t *h);

unsigned char rocksdb_options_get_cf_allow_ingest_behind(rocksdb_options_t *h);

int rocksdb_options_get_compaction_pri(rocksdb_options_t *h);

size_t rocksdb_options_get_compaction_readahead_size(rocksdb_options_t *h);

int rocksdb_options_get_compaction_style(rocksdb_options_t *h);

unsigned char rocksdb_options_get_compaction_verify_record_count(rocksdb_options_t *h);

uint64_t rocksdb_options_get_compression_options_max_dict_buffer_bytes(rocksdb_options_t *h);

int rocksdb_options_get_compression_options_parallel_threads(rocksdb_options_t *h);

unsigned char rocksdb_options_get_compression_options_use_zstd_dict_trainer(rocksdb_options_t *h);

int rocksdb_options_get_compression_options_zstd_max_train_bytes(rocksdb_options_t *h);

unsigned char rocksdb_options_get_create_if_missing(rocksdb_options_t *h);

unsigned char rocksdb_options_get_create_missing_column_families(rocksdb_options_t *h);

size_t rocksdb_options_get_db_write_buffer_size(rocksdb_options_t *h);

int rocksdb_options_get_default_temperature(rocksdb_options_t *h);

int rocksdb_options_get_default_write_temperature(rocksdb_options_t *h);

uint64_t rocksdb_options_get_delayed_write_rate(rocksdb_options_t *h);

uint64_t rocksdb_options_get_delete_obsolete_files_period_micros(rocksdb_options_t *h);

unsigned char rocksdb_options_get_disable_auto_compactions(rocksdb_options_t *h);

unsigned char rocksdb_options_get_disallow_memtable_writes(rocksdb_options_t *h);

unsigned char rocksdb_options_get_dump_malloc_stats(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enable_blob_direct_write(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enable_blob_files(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enable_blob_gc(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enable_pipelined_write(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enable_thread_tracking(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enable_write_thread_adaptive_yield(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enforce_single_del_contracts(rocksdb_options_t *h);

unsigned char rocksdb_options_get_enforce_write_buffer_manager_during_recovery(rocksdb_options_t *h);

unsigned char rocksdb_options_get_error_if_exists(rocksdb_options_t *h);

double rocksdb_options_get_experimental_mempurge_threshold(rocksdb_options_t *h);

unsigned char rocksdb_options_get_fast_sst_open(rocksdb_options_t *h);

unsigned char rocksdb_options_get_flush_verify_memtable_count(rocksdb_options_t *h);

uint64_t rocksdb_options_get_follower_catchup_retry_count(rocksdb_options_t *h);

uint64_t rocksdb_options_get_follower_catchup_retry_wait_ms(rocksdb_options_t *h);

uint64_t rocksdb_options_get_follower_refresh_catchup_period_ms(rocksdb_options_t *h);

unsigned char rocksdb_options_get_force_consistency_checks(rocksdb_options_t *h);

size_t rocksdb_options_get_hard_pending_compaction_bytes_limit(rocksdb_options_t *h);

int rocksdb_options_get_info_log_level(rocksdb_options_t *h);

size_t rocksdb_options_get_inplace_update_num_locks(rocksdb_options_t *h);

unsigned char rocksdb_options_get_inplace_update_support(rocksdb_options_t *h);

unsigned char rocksdb_options_get_is_fd_close_on_exec(rocksdb_options_t *h);

size_t rocksdb_options_get_keep_log_file_num(rocksdb_options_t *h);

int rocksdb_options_get_last_level_temperature(rocksdb_options_t *h);

int rocksdb_options_get_level0_file_num_compaction_trigger(rocksdb_options_t *h);

int rocksdb_options_get_level0_slowdown_writes_trigger(rocksdb_options_t *h);

int rocksdb_options_get_level0_stop_writes_trigger(rocksdb_options_t *h);

unsigned char rocksdb_options_get_level_compaction_dynamic_level_bytes(rocksdb_options_t *h);

size_t rocksdb_options_get_log_file_time_to_roll(rocksdb_options_t *h);

size_t rocksdb_options_get_log_readahead_size(rocksdb_options_t *h);

int rocksdb_options_get_lowest_used_cache_tier(rocksdb_options_t *h);

size_t rocksdb_options_get_manifest_preallocation_size(rocksdb_options_t *h);

unsigned char rocksdb_options_get_manual_wal_flush(rocksdb_options_t *h);

int rocksdb_options_get_max_background_compactions(rocksdb_options_t *h);

int rocksdb_options_get_max_background_flushes(rocksdb_options_t *h);

int rocksdb_options_get_max_background_jobs(rocksdb_options_t *h);

int rocksdb_options_get_max_bgerror_resume_count(rocksdb_options_t *h);

uint64_t rocksdb_options_get_max_bytes_for_level_base(rocksdb_options_t *h);

double rocksdb_options_get_max_bytes_for_level_multiplier(rocksdb_options_t *h);

uint64_t rocksdb_options_get_max_compaction_bytes(rocksdb_options_t *h);

uint64_t rocksdb_options_get_max_compaction_trigger_wakeup_seconds(rocksdb_options_t *h);

int rocksdb_options_get_max_file_opening_threads(rocksdb_options_t *h);

size_t rocksdb_options_get_max_log_file_size(rocksdb_options_t *h);

size_t rocksdb_options_get_max_manifest_file_size(rocksdb_options_t *h);

int rocksdb_options_get_max_manifest_space_amp_pct(rocksdb_options_t *h);

int rocksdb_options_get_max_open_files(rocksdb_options_t *h);

uint64_t rocksdb_options_get_max_sequential_skip_in_iterations(rocksdb_options_t *h);

uint32_t rocksdb_options_get_max_subcompactions(rocksdb_options_t *h);

size_t rocksdb_options_get_max_successive_merges(rocksdb_options_t *h);

uint64_t rocksdb_options_get_max_total_wal_size(rocksdb_options_t *h);

uint64_t rocksdb_options_get_max_write_batch_group_size_bytes(rocksdb_options_t *h);

int rocksdb_options_get_max_write_buffer_number(rocksdb_options_t *h);

int64_t rocksdb_options_get_max_write_buffer_size_to_maintain(rocksdb_options_t *h);

uint32_t rocksdb_options_get_memtable_avg_op_scan_flush_trigger(rocksdb_options_t *h);

unsigned char rocksdb_options_get_memtable_batch_lookup_optimization(rocksdb_options_t *h);

size_t rocksdb_options_get_memtable_huge_page_size(rocksdb_options_t *h);

uint32_t rocksdb_options_get_memtable_max_range_deletions(rocksdb_options_t *h);

uint32_t rocksdb_options_get_memtable_op_scan_flush_trigger(rocksdb_options_t *h);

double rocksdb_options_get_memtable_prefix_bloom_size_ratio(rocksdb_options_t *h);

uint32_t rocksdb_options_get_memtable_protection_bytes_per_key(rocksdb_options_t *h);

unsigned char rocksdb_options_get_memtable_verify_per_key_checksum_on_seek(rocksdb_options_t *h);

unsigned char rocksdb_options_get_memtable_whole_key_filtering(rocksdb_options_t *h);

int rocksdb_options_get_metadata_write_temperature(rocksdb_options_t *h);

uint64_t rocksdb_options_get_min_blob_size(rocksdb_options_t *h);

uint32_t rocksdb_options_get_min_tombstones_for_range_conversion(rocksdb_options_t *h);

int rocksdb_options_get_min_write_buffer_number_to_merge(rocksdb_options_t *h);

int rocksdb_options_get_num_levels(rocksdb_options_t *h);

unsigned char rocksdb_options_get_open_files_async(rocksdb_options_t *h);

unsigned char rocksdb_options_get_optimize_filters_for_hits(rocksdb_options_t *h);

unsigned char rocksdb_options_get_optimize_manifest_for_recovery(rocksdb_options_t *h);

unsigned char rocksdb_options_get_paranoid_checks(rocksdb_options_t *h);

unsigned char rocksdb_options_get_paranoid_file_checks(rocksdb_options_t *h);

unsigned char rocksdb_options_get_paranoid_memory_checks(rocksdb_options_t *h);

uint64_t rocksdb_options_get_periodic_compaction_seconds(rocksdb_options_t *h);

unsigned char rocksdb_options_get_persist_stats_to_disk(rocksdb_options_t *h);

unsigned char rocksdb_options_get_persist_user_defined_timestamps(rocksdb_options_t *h);

uint64_t rocksdb_options_get_preclude_last_level_data_seconds(rocksdb_options_t *h);

unsigned char rocksdb_options_get_prefix_seek_opt_in_only(rocksdb_options_t *h);

int rocksdb_options_get_prepopulate_blob_cache(rocksdb_options_t *h);

uint64_t rocksdb_options_get_preserve_internal_time_seconds(rocksdb_options_t *h);

int rocksdb_options_get_read_io_executor_threads(rocksdb_options_t *h);

double rocksdb_options_get_read_triggered_compaction_threshold(rocksdb_options_t *h);

size_t rocksdb_options_get_recycle_log_file_num(rocksdb_options_t *h);

unsigned char rocksdb_options_get_report_bg_io_stats(rocksdb_options_t *h);

unsigned char rocksdb_options_get_reuse_manifest_on_open(rocksdb_options_t *h);

uint64_t rocksdb_options_get_sample_for_compression(rocksdb_options_t *h);

unsigned char rocksdb_options_get_skip_stats_update_on_db_open(rocksdb_options_t *h);

size_t rocksdb_options_get_soft_pending_compaction_bytes_limit(rocksdb_options_t *h);

int rocksdb_options_get_statistics_level(rocksdb_options_t *h);

unsigned int rocksdb_options_get_stats_dump_period_sec(rocksdb_options_t *h);

size_t rocksdb_options_get_stats_history_buffer_size(rocksdb_options_t *h);

unsigned int rocksdb_options_get_stats_persist_period_sec(rocksdb_options_t *h);

unsigned char rocksdb_options_get_strict_bytes_per_sync(rocksdb_options_t *h);

unsigned char rocksdb_options_get_strict_max_successive_merges(rocksdb_options_t *h);

int rocksdb_options_get_table_cache_numshardbits(rocksdb_options_t *h);

uint64_t rocksdb_options_get_target_file_size_base(rocksdb_options_t *h);

unsigned char rocksdb_options_get_target_file_size_is_upper_bound(rocksdb_options_t *h);

int rocksdb_options_get_target_file_size_multiplier(rocksdb_options_t *h);

unsigned char rocksdb_options_get_track_and_verify_wals(rocksdb_options_t *h);

unsigned char rocksdb_options_get_track_and_verify_wals_in_manifest(rocksdb_options_t *h);

uint64_t rocksdb_options_get_ttl(rocksdb_options_t *h);

unsigned char rocksdb_options_get_two_write_queues(rocksdb_options_t *h);

uint32_t rocksdb_options_get_uncache_aggressiveness(rocksdb_options_t *h);

unsigned char rocksdb_options_get_unordered_write(rocksdb_options_t *h);

unsigned char rocksdb_options_get_use_adaptive_mutex(rocksdb_options_t *h);

unsigned char rocksdb_options_get_use_direct_io_for_compaction_reads(rocksdb_options_t *h);

unsigned char rocksdb_options_get_use_direct_io_for_flush_and_compaction(rocksdb_options_t *h);

unsigned char rocksdb_options_get_use_direct_reads(rocksdb_options_t *h);

int rocksdb_options_get_use_fsync(rocksdb_options_t *h);

unsigned char rocksdb_options_get_verify_manifest_content_on_close(rocksdb_options_t *h);

int rocksdb_options_get_verify_output_flags(rocksdb_options_t *h);

unsigned char rocksdb_options_get_verify_sst_unique_id_in_manifest(rocksdb_options_t *h);

uint64_t rocksdb_options_get_wal_bytes_per_sync(rocksdb_options_t *h);

int rocksdb_options_get_wal_compression(rocksdb_options_t *h);

int rocksdb_options_get_wal_write_temperature(rocksdb_options_t *h);

uint64_t rocksdb_options_get_writable_file_max_buffer_size(rocksdb_options_t *h);

size_t rocksdb_options_get_write_buffer_size(rocksdb_options_t *h);

unsigned char rocksdb_options_get_write_dbid_to_manifest(rocksdb_options_t *h);

unsigned char rocksdb_options_get_write_identity_file(rocksdb_options_t *h);

uint64_t rocksdb_options_get_write_thread_max_yield_usec(rocksdb_options_t *h);

uint64_t rocksdb_options_get_write_thread_slow_yield_usec(rocksdb_options_t *h);

void rocksdb_options_set_WAL_size_limit_MB(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_WAL_ttl_seconds(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_advise_random_on_open(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_2pc(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_concurrent_memtable_write(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_data_in_errors(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_fallocate(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_ingest_behind(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_mmap_reads(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_allow_mmap_writes(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_arena_block_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_async_wal_precreate(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_atomic_flush(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_avoid_flush_during_recovery(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_avoid_flush_during_shutdown(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_avoid_unnecessary_blocking_io(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_background_close_inactive_wals(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_best_efforts_recovery(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_bgerror_resume_retry_interval(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_blob_compaction_readahead_size(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_blob_compression_type(rocksdb_options_t *h, int v);

void rocksdb_options_set_blob_direct_write_partitions(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_blob_file_size(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_blob_file_starting_level(rocksdb_options_t *h, int v);

void rocksdb_options_set_blob_gc_age_cutoff(rocksdb_options_t *h, double v);

void rocksdb_options_set_blob_gc_force_threshold(rocksdb_options_t *h, double v);

void rocksdb_options_set_block_protection_bytes_per_key(rocksdb_options_t *h, uint8_t v);

void rocksdb_options_set_bloom_locality(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_bottommost_file_compaction_delay(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_bytes_per_sync(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_cf_allow_ingest_behind(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_compaction_pri(rocksdb_options_t *h, int v);

void rocksdb_options_set_compaction_style(rocksdb_options_t *h, int v);

void rocksdb_options_set_compaction_verify_record_count(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_compression_options_max_dict_buffer_bytes(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_compression_options_parallel_threads(rocksdb_options_t *h, int v);

void rocksdb_options_set_compression_options_use_zstd_dict_trainer(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_compression_options_zstd_max_train_bytes(rocksdb_options_t *h, int v);

void rocksdb_options_set_create_if_missing(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_create_missing_column_families(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_db_write_buffer_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_default_temperature(rocksdb_options_t *h, int v);

void rocksdb_options_set_default_write_temperature(rocksdb_options_t *h, int v);

void rocksdb_options_set_delayed_write_rate(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_delete_obsolete_files_period_micros(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_disable_auto_compactions(rocksdb_options_t *h, int v);

void rocksdb_options_set_disallow_memtable_writes(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_dump_malloc_stats(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enable_blob_direct_write(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enable_blob_files(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enable_blob_gc(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enable_pipelined_write(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enable_thread_tracking(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enable_write_thread_adaptive_yield(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enforce_single_del_contracts(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_enforce_write_buffer_manager_during_recovery(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_error_if_exists(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_experimental_mempurge_threshold(rocksdb_options_t *h, double v);

void rocksdb_options_set_fast_sst_open(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_flush_verify_memtable_count(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_follower_catchup_retry_count(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_follower_catchup_retry_wait_ms(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_follower_refresh_catchup_period_ms(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_force_consistency_checks(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_hard_pending_compaction_bytes_limit(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_hash_link_list_rep(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_info_log_level(rocksdb_options_t *h, int v);

void rocksdb_options_set_inplace_update_num_locks(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_inplace_update_support(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_is_fd_close_on_exec(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_keep_log_file_num(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_last_level_temperature(rocksdb_options_t *h, int v);

void rocksdb_options_set_level0_file_num_compaction_trigger(rocksdb_options_t *h, int v);

void rocksdb_options_set_level0_slowdown_writes_trigger(rocksdb_options_t *h, int v);

void rocksdb_options_set_level0_stop_writes_trigger(rocksdb_options_t *h, int v);

void rocksdb_options_set_level_compaction_dynamic_level_bytes(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_log_file_time_to_roll(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_log_readahead_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_lowest_used_cache_tier(rocksdb_options_t *h, int v);

void rocksdb_options_set_manifest_preallocation_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_manual_wal_flush(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_max_background_compactions(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_background_flushes(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_background_jobs(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_bgerror_resume_count(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_bytes_for_level_base(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_max_bytes_for_level_multiplier(rocksdb_options_t *h, double v);

void rocksdb_options_set_max_compaction_bytes(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_max_compaction_trigger_wakeup_seconds(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_max_file_opening_threads(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_log_file_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_max_manifest_file_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_max_manifest_space_amp_pct(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_open_files(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_sequential_skip_in_iterations(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_max_subcompactions(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_max_successive_merges(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_max_total_wal_size(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_max_write_batch_group_size_bytes(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_max_write_buffer_number(rocksdb_options_t *h, int v);

void rocksdb_options_set_max_write_buffer_size_to_maintain(rocksdb_options_t *h, int64_t v);

void rocksdb_options_set_memtable_avg_op_scan_flush_trigger(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_memtable_batch_lookup_optimization(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_memtable_huge_page_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_memtable_max_range_deletions(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_memtable_op_scan_flush_trigger(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_memtable_prefix_bloom_size_ratio(rocksdb_options_t *h, double v);

void rocksdb_options_set_memtable_protection_bytes_per_key(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_memtable_verify_per_key_checksum_on_seek(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_memtable_whole_key_filtering(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_metadata_write_temperature(rocksdb_options_t *h, int v);

void rocksdb_options_set_min_blob_size(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_min_level_to_compress(rocksdb_options_t *h, int v);

void rocksdb_options_set_min_tombstones_for_range_conversion(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_min_write_buffer_number_to_merge(rocksdb_options_t *h, int v);

void rocksdb_options_set_num_levels(rocksdb_options_t *h, int v);

void rocksdb_options_set_open_files_async(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_optimize_filters_for_hits(rocksdb_options_t *h, int v);

void rocksdb_options_set_optimize_manifest_for_recovery(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_paranoid_checks(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_paranoid_file_checks(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_paranoid_memory_checks(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_periodic_compaction_seconds(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_persist_stats_to_disk(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_persist_user_defined_timestamps(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_preclude_last_level_data_seconds(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_prefix_seek_opt_in_only(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_prepopulate_blob_cache(rocksdb_options_t *h, int v);

void rocksdb_options_set_preserve_internal_time_seconds(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_read_io_executor_threads(rocksdb_options_t *h, int v);

void rocksdb_options_set_read_triggered_compaction_threshold(rocksdb_options_t *h, double v);

void rocksdb_options_set_recycle_log_file_num(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_report_bg_io_stats(rocksdb_options_t *h, int v);

void rocksdb_options_set_reuse_manifest_on_open(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_sample_for_compression(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_skip_stats_update_on_db_open(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_soft_pending_compaction_bytes_limit(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_statistics_level(rocksdb_options_t *h, int v);

void rocksdb_options_set_stats_dump_period_sec(rocksdb_options_t *h, unsigned int v);

void rocksdb_options_set_stats_history_buffer_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_stats_persist_period_sec(rocksdb_options_t *h, unsigned int v);

void rocksdb_options_set_strict_bytes_per_sync(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_strict_max_successive_merges(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_table_cache_numshardbits(rocksdb_options_t *h, int v);

void rocksdb_options_set_target_file_size_base(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_target_file_size_is_upper_bound(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_target_file_size_multiplier(rocksdb_options_t *h, int v);

void rocksdb_options_set_track_and_verify_wals(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_track_and_verify_wals_in_manifest(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_ttl(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_two_write_queues(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_uncache_aggressiveness(rocksdb_options_t *h, uint32_t v);

void rocksdb_options_set_unordered_write(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_use_adaptive_mutex(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_use_direct_io_for_compaction_reads(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_use_direct_io_for_flush_and_compaction(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_use_direct_reads(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_use_fsync(rocksdb_options_t *h, int v);

void rocksdb_options_set_verify_manifest_content_on_close(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_verify_output_flags(rocksdb_options_t *h, int v);

void rocksdb_options_set_verify_sst_unique_id_in_manifest(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_wal_bytes_per_sync(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_wal_compression(rocksdb_options_t *h, int v);

void rocksdb_options_set_wal_write_temperature(rocksdb_options_t *h, int v);

void rocksdb_options_set_writable_file_max_buffer_size(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_write_buffer_size(rocksdb_options_t *h, size_t v);

void rocksdb_options_set_write_dbid_to_manifest(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_write_identity_file(rocksdb_options_t *h, unsigned char v);

void rocksdb_options_set_write_thread_max_yield_usec(rocksdb_options_t *h, uint64_t v);

void rocksdb_options_set_write_thread_slow_yield_usec(rocksdb_options_t *h, uint64_t v);

unsigned char rocksdb_readoptions_get_adaptive_readahead(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_allow_unprepared_value(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_async_io(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_auto_prefix_mode(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_auto_readahead_size(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_auto_refresh_iterator_with_snapshot(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_background_purge_on_iterator_cleanup(rocksdb_readoptions_t *h);

uint64_t rocksdb_readoptions_get_deadline(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_fill_cache(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_ignore_range_deletions(rocksdb_readoptions_t *h);

int rocksdb_readoptions_get_io_activity(rocksdb_readoptions_t *h);

uint64_t rocksdb_readoptions_get_io_timeout(rocksdb_readoptions_t *h);

uint64_t rocksdb_readoptions_get_max_skippable_internal_keys(rocksdb_readoptions_t *h);

size_t rocksdb_readoptions_get_merge_operand_count_threshold(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_optimize_multiget_for_io(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_pin_data(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_prefix_same_as_start(rocksdb_readoptions_t *h);

int rocksdb_readoptions_get_rate_limiter_priority(rocksdb_readoptions_t *h);

int rocksdb_readoptions_get_read_tier(rocksdb_readoptions_t *h);

size_t rocksdb_readoptions_get_readahead_size(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_tailing(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_total_order_seek(rocksdb_readoptions_t *h);

uint64_t rocksdb_readoptions_get_value_size_soft_limit(rocksdb_readoptions_t *h);

unsigned char rocksdb_readoptions_get_verify_checksums(rocksdb_readoptions_t *h);

void rocksdb_readoptions_set_adaptive_readahead(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_allow_unprepared_value(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_async_io(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_auto_prefix_mode(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_auto_readahead_size(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_auto_refresh_iterator_with_snapshot(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_background_purge_on_iterator_cleanup(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_deadline(rocksdb_readoptions_t *h, uint64_t v);

void rocksdb_readoptions_set_fill_cache(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_ignore_range_deletions(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_io_activity(rocksdb_readoptions_t *h, int v);

void rocksdb_readoptions_set_io_timeout(rocksdb_readoptions_t *h, uint64_t v);

void rocksdb_readoptions_set_max_skippable_internal_keys(rocksdb_readoptions_t *h, uint64_t v);

void rocksdb_readoptions_set_merge_operand_count_threshold(rocksdb_readoptions_t *h, size_t v);

void rocksdb_readoptions_set_optimize_multiget_for_io(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_pin_data(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_prefix_same_as_start(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_rate_limiter_priority(rocksdb_readoptions_t *h, int v);

void rocksdb_readoptions_set_read_tier(rocksdb_readoptions_t *h, int v);

void rocksdb_readoptions_set_readahead_size(rocksdb_readoptions_t *h, size_t v);

void rocksdb_readoptions_set_tailing(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_total_order_seek(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_readoptions_set_value_size_soft_limit(rocksdb_readoptions_t *h, uint64_t v);

void rocksdb_readoptions_set_verify_checksums(rocksdb_readoptions_t *h, unsigned char v);

void rocksdb_writeoptions_disable_WAL(rocksdb_writeoptions_t *h, int v);

unsigned char rocksdb_writeoptions_get_disable_WAL(rocksdb_writeoptions_t *h);

unsigned char rocksdb_writeoptions_get_ignore_missing_column_families(rocksdb_writeoptions_t *h);

int rocksdb_writeoptions_get_io_activity(rocksdb_writeoptions_t *h);

unsigned char rocksdb_writeoptions_get_low_pri(rocksdb_writeoptions_t *h);

unsigned char rocksdb_writeoptions_get_memtable_insert_hint_per_batch(rocksdb_writeoptions_t *h);

unsigned char rocksdb_writeoptions_get_no_slowdown(rocksdb_writeoptions_t *h);

size_t rocksdb_writeoptions_get_protection_bytes_per_key(rocksdb_writeoptions_t *h);

int rocksdb_writeoptions_get_rate_limiter_priority(rocksdb_writeoptions_t *h);

unsigned char rocksdb_writeoptions_get_sync(rocksdb_writeoptions_t *h);

void rocksdb_writeoptions_set_ignore_missing_column_families(rocksdb_writeoptions_t *h, unsigned char v);

void rocksdb_writeoptions_set_io_activity(rocksdb_writeoptions_t *h, int v);

void rocksdb_writeoptions_set_low_pri(rocksdb_writeoptions_t *h, unsigned char v);

void rocksdb_writeoptions_set_memtable_insert_hint_per_batch(rocksdb_writeoptions_t *h, unsigned char v);

void rocksdb_writeoptions_set_no_slowdown(rocksdb_writeoptions_t *h, unsigned char v);

void rocksdb_writeoptions_set_protection_bytes_per_key(rocksdb_writeoptions_t *h, size_t v);

void rocksdb_writeoptions_set_rate_limiter_priority(rocksdb_writeoptions_t *h, int v);

void rocksdb_writeoptions_set_sync(rocksdb_writeoptions_t *h, unsigned char v);

rocksdb_options_t *rocksdb_options_create(void);

rocksdb_options_t *rocksdb_options_create_copy(rocksdb_options_t *options);

void rocksdb_options_destroy(rocksdb_options_t *options);

/*
 RocksDB's IncreaseParallelism: background jobs follow the thread count.
 */
void rocksdb_options_increase_parallelism(rocksdb_options_t *opt, int total_threads);

/*
 RocksDB's OptimizeForPointLookup: a bloom filter and a block cache of the given size.
 */
void rocksdb_options_optimize_for_point_lookup(rocksdb_options_t *opt, uint64_t block_cache_size_mb);

/*
 RocksDB's OptimizeLevelStyleCompaction for a memtable budget.
 */
void rocksdb_options_optimize_level_style_compaction(rocksdb_options_t *opt, uint64_t memtable_memory_budget);

void rocksdb_options_optimize_universal_style_compaction(rocksdb_options_t *opt, uint64_t memtable_memory_budget);

/*
 RocksDB's PrepareForBulkLoad: no automatic compactions, large L0 triggers.
 */
void rocksdb_options_prepare_for_bulk_load(rocksdb_options_t *opt);

void rocksdb_options_enable_statistics(rocksdb_options_t *opt);

/*
 Compression by RocksDB's type byte (`rocksdb_*_compression`); an unknown byte is stored as given.
 */
void rocksdb_options_set_compression(rocksdb_options_t *opt, int t);

int rocksdb_options_get_compression(rocksdb_options_t *opt);

void rocksdb_options_set_bottommost_compression(rocksdb_options_t *opt, int t);

int rocksdb_options_get_bottommost_compression(rocksdb_options_t *opt);

void rocksdb_options_set_wal_recovery_mode(rocksdb_options_t *opt, int mode);

int rocksdb_options_get_wal_recovery_mode(rocksdb_options_t *opt);

void rocksdb_options_set_max_bytes_for_level_multiplier_additional(rocksdb_options_t *opt, int *level_values, size_t num_levels);

void rocksdb_options_set_wal_dir(rocksdb_options_t *opt, const char *v);

/*
 Block-based tables are ferrock's only format: the table options are copied in.
 */
void rocksdb_options_set_block_based_table_factory(rocksdb_options_t *opt, rocksdb_block_based_table_options_t *table_options);

void rocksdb_options_set_plain_table_factory(rocksdb_options_t *opt, uint32_t user_key_len, int bloom_bits_per_key, double hash_table_ratio, size_t index_sparseness, size_t huge_page_tlb_size, char encoding_type, unsigned char full_scan_mode, unsigned char store_index_in_file);

/*
 A custom comparator orders keys differently from ferrock's bytewise one: open reports Not implemented.
 */
void rocksdb_options_set_comparator(rocksdb_options_t *opt, rocksdb_comparator_t *cmp);

void rocksdb_options_set_merge_operator(rocksdb_options_t *opt, rocksdb_mergeoperator_t *op);

void rocksdb_options_set_uint64add_merge_operator(rocksdb_options_t *opt);

/*
 The row cache is a performance option ferrock does not use; its capacity is recorded.
 */
void rocksdb_options_set_row_cache(rocksdb_options_t *opt, rocksdb_cache_t *cache);

rocksdb_readoptions_t *rocksdb_readoptions_create(void);

void rocksdb_readoptions_destroy(rocksdb_readoptions_t *opt);

/*
 Reads at the snapshot (NULL = the latest state). The options keep their own share of it.
 */
void rocksdb_readoptions_set_snapshot(rocksdb_readoptions_t *opt, const rocksdb_snapshot_t *snap);

/*
 Keys at or above this bound are not visited (NULL = no bound); the bytes are copied.
 */
void rocksdb_readoptions_set_iterate_upper_bound(rocksdb_readoptions_t *opt, const char *key, size_t keylen);

/*
 Keys below this bound are not visited (NULL = no bound); the bytes are copied.
 */
void rocksdb_readoptions_set_iterate_lower_bound(rocksdb_readoptions_t *opt, const char *key, size_t keylen);

/*
 User-defined timestamps are not supported; the value is stored (open already refuses such column families).
 */
void rocksdb_readoptions_set_timestamp(rocksdb_readoptions_t *opt, const char *ts, size_t tslen);

void rocksdb_readoptions_set_iter_start_ts(rocksdb_readoptions_t *opt, const char *ts, size_t tslen);

void rocksdb_readoptions_set_request_id(rocksdb_readoptions_t *opt, const char *id, size_t len);

/*
 The stored request id (not a copy: valid while the options live), NULL when unset.
 */
const char *rocksdb_readoptions_get_request_id(rocksdb_readoptions_t *opt, size_t *len);

/*
 NULL when the database is NULL or closed.
 */
const rocksdb_snapshot_t *rocksdb_create_snapshot(rocksdb_t *db);

/*
 Releases the snapshot (the database argument is not needed: the snapshot knows its engine).
 */
void rocksdb_release_snapshot(rocksdb_t *db, const rocksdb_snapshot_t *snapshot);

uint64_t rocksdb_snapshot_get_sequence_number(const rocksdb_snapshot_t *snapshot);

rocksdb_block_based_table_options_t *rocksdb_block_based_options_create(void);

void rocksdb_block_based_options_destroy(rocksdb_block_based_table_options_t *options);

/*
 The policy's bits per key are copied (NULL = no filter), so the policy may be destroyed afterwards.
 */
void rocksdb_block_based_options_set_filter_policy(rocksdb_block_based_table_options_t *options, rocksdb_filterpolicy_t *filter_policy);

/*
 Records the chosen cache's capacity; see `cache.rs` for how far the cache is wired in.
 */
void rocksdb_block_based_options_set_block_cache(rocksdb_block_based_table_options_t *options, rocksdb_cache_t *block_cache);

rocksdb_writeoptions_t *rocksdb_writeoptions_create(void);

void rocksdb_writeoptions_destroy(rocksdb_writeoptions_t *opt);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus
