/* Options handles: getters return what setters set, defaults are RocksDB's,
 * and options that change results make open fail with "Not implemented". */
#include <rocksdb/c.h>
#include "check.h"

static void test_db_options(void) {
  rocksdb_options_t* o = rocksdb_options_create();
  CHECK(rocksdb_options_get_create_if_missing(o) == 0, "default create_if_missing");
  rocksdb_options_set_create_if_missing(o, 1);
  CHECK(rocksdb_options_get_create_if_missing(o) == 1, "create_if_missing read back");
  CHECK(rocksdb_options_get_write_buffer_size(o) == 64u << 20, "default write_buffer_size");
  rocksdb_options_set_write_buffer_size(o, 1 << 20);
  CHECK(rocksdb_options_get_write_buffer_size(o) == 1 << 20, "write_buffer_size read back");
  rocksdb_options_set_max_open_files(o, 123);
  CHECK(rocksdb_options_get_max_open_files(o) == 123, "max_open_files read back");
  rocksdb_options_set_max_bytes_for_level_multiplier(o, 8.5);
  CHECK(rocksdb_options_get_max_bytes_for_level_multiplier(o) == 8.5, "multiplier read back");
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  CHECK(rocksdb_options_get_compression(o) == rocksdb_no_compression, "compression read back");
  rocksdb_options_set_wal_recovery_mode(o, rocksdb_absolute_consistency_recovery);
  CHECK(rocksdb_options_get_wal_recovery_mode(o) == rocksdb_absolute_consistency_recovery, "recovery mode");
  /* An option the engine does not use is still stored and read back. */
  rocksdb_options_set_max_file_opening_threads(o, 7);
  CHECK(rocksdb_options_get_max_file_opening_threads(o) == 7, "stored option read back");
  rocksdb_options_set_db_log_dir(o, "/var/log/x");
  size_t tlen = 0;
  const char* text = rocksdb_options_get_db_log_dir(o, &tlen);
  CHECK_VALUE(text, tlen, "/var/log/x");
  CHECK(rocksdb_options_calculate_sst_write_lifetime_hint_set_count(o) == 1 &&
        rocksdb_options_calculate_sst_write_lifetime_hint_set_contains(o, 0), "default lifetime-hint set is {level}");
  rocksdb_options_checksum_handoff_file_types_add(o, 2);
  rocksdb_options_checksum_handoff_file_types_add(o, 2);
  CHECK(rocksdb_options_checksum_handoff_file_types_count(o) == 1 &&
        rocksdb_options_checksum_handoff_file_types_contains(o, 2), "handoff set holds one type");
  rocksdb_options_checksum_handoff_file_types_remove(o, 2);
  CHECK(rocksdb_options_checksum_handoff_file_types_count(o) == 0, "handoff set emptied");
  rocksdb_options_set_allow_concurrent_memtable_write(o, 0);
  CHECK(rocksdb_options_get_allow_concurrent_memtable_write(o) == 0, "stored bool read back");
  rocksdb_options_increase_parallelism(o, 8);
  CHECK(rocksdb_options_get_max_background_jobs(o) == 8, "increase_parallelism sets background jobs");
  rocksdb_options_t* copy = rocksdb_options_create_copy(o);
  CHECK(rocksdb_options_get_max_file_opening_threads(copy) == 7, "copy keeps stored options");
  CHECK(rocksdb_options_get_write_buffer_size(copy) == 1 << 20, "copy keeps engine options");
  rocksdb_options_destroy(copy);
  rocksdb_options_destroy(o);
}

static void test_read_write_flush_options(void) {
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  CHECK(rocksdb_readoptions_get_verify_checksums(ro) == 1, "default verify_checksums");
  CHECK(rocksdb_readoptions_get_fill_cache(ro) == 1, "default fill_cache");
  rocksdb_readoptions_set_fill_cache(ro, 0);
  CHECK(rocksdb_readoptions_get_fill_cache(ro) == 0, "fill_cache read back");
  rocksdb_readoptions_set_readahead_size(ro, 4096);
  CHECK(rocksdb_readoptions_get_readahead_size(ro) == 4096, "readahead_size read back");
  rocksdb_readoptions_set_io_timeout(ro, 99);
  CHECK(rocksdb_readoptions_get_io_timeout(ro) == 99, "io_timeout stored");
  rocksdb_readoptions_destroy(ro);

  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  CHECK(rocksdb_writeoptions_get_sync(wo) == 0, "default sync");
  rocksdb_writeoptions_set_sync(wo, 1);
  CHECK(rocksdb_writeoptions_get_sync(wo) == 1, "sync read back");
  rocksdb_writeoptions_disable_WAL(wo, 1);
  CHECK(rocksdb_writeoptions_get_disable_WAL(wo) == 1, "disable_WAL read back");
  rocksdb_writeoptions_destroy(wo);

  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  CHECK(rocksdb_flushoptions_get_wait(fo) == 1, "default wait");
  rocksdb_flushoptions_set_wait(fo, 0);
  CHECK(rocksdb_flushoptions_get_wait(fo) == 0, "wait read back");
  rocksdb_flushoptions_destroy(fo);
}

static void test_table_options_and_cache(void) {
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  CHECK(rocksdb_block_based_options_get_block_size(t) == 4096, "default block_size");
  rocksdb_block_based_options_set_block_size(t, 16384);
  CHECK(rocksdb_block_based_options_get_block_size(t) == 16384, "block_size read back");
  rocksdb_block_based_options_set_block_restart_interval(t, 8);
  CHECK(rocksdb_block_based_options_get_block_restart_interval(t) == 8, "restart interval read back");
  rocksdb_block_based_options_set_cache_index_and_filter_blocks(t, 1);
  CHECK(rocksdb_block_based_options_get_cache_index_and_filter_blocks(t) == 1, "cache_index_and_filter_blocks");
  rocksdb_block_based_options_set_format_version(t, 5);
  CHECK(rocksdb_block_based_options_get_format_version(t) == 5, "format_version read back");
  rocksdb_filterpolicy_t* bloom = rocksdb_filterpolicy_create_bloom_full(10);
  CHECK(bloom != NULL, "bloom policy created");
  rocksdb_block_based_options_set_filter_policy(t, bloom);
  rocksdb_filterpolicy_destroy(bloom);

  rocksdb_cache_t* cache = rocksdb_cache_create_lru(8 << 20);
  CHECK(rocksdb_cache_get_capacity(cache) == 8 << 20, "cache capacity");
  rocksdb_cache_set_capacity(cache, 4 << 20);
  CHECK(rocksdb_cache_get_capacity(cache) == 4 << 20, "cache capacity after set");
  CHECK(rocksdb_cache_get_usage(cache) <= rocksdb_cache_get_capacity(cache), "usage within capacity");
  CHECK(rocksdb_cache_get_pinned_usage(cache) <= rocksdb_cache_get_usage(cache), "pinned within usage");
  rocksdb_block_based_options_set_block_cache(t, cache);
  rocksdb_lru_cache_options_t* lo = rocksdb_lru_cache_options_create();
  rocksdb_lru_cache_options_set_capacity(lo, 1 << 20);
  rocksdb_lru_cache_options_set_num_shard_bits(lo, 2);
  rocksdb_cache_t* c2 = rocksdb_cache_create_lru_opts(lo);
  CHECK(rocksdb_cache_get_capacity(c2) == 1 << 20, "lru opts capacity");
  rocksdb_cache_destroy(c2);
  rocksdb_cache_t* hc = rocksdb_cache_create_hyper_clock(2 << 20, 0);
  CHECK(hc != NULL && rocksdb_cache_get_capacity(hc) == 2 << 20, "hyper clock cache has its capacity");
  rocksdb_cache_destroy(hc);
  rocksdb_lru_cache_options_destroy(lo);

  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_block_based_options_destroy(t);
  rocksdb_cache_destroy(cache);
  rocksdb_options_destroy(o);
}

static void test_unsupported_options_fail_open(void) {
  char path[512];
  char* err = NULL;
  make_db_path(path, sizeof(path), "unsupported");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  /* PlainTable is implemented (t_plain_table); its store_index_in_file is not. */
  rocksdb_options_set_plain_table_factory(o, 0, 10, 0.75, 16, 0, 0, 0, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "open with a plain table factory storing its index must fail");
  CHECK_ERR_PREFIX(err, "Not implemented: PlainTable store_index_in_file");
  rocksdb_options_destroy(o);

  o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_enable_blob_files(o, 1);
  CHECK(rocksdb_options_get_enable_blob_files(o) == 1, "enable_blob_files read back");
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "open with blob files must fail");
  CHECK_ERR_PREFIX(err, "Not implemented: blob files");
  rocksdb_options_destroy(o);

  /* RocksDB's built-in user-defined index factory is accepted and named, but ferrock cannot
     build that index: a table factory with it makes open fail. An unknown name is an error. */
  o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  size_t len = 99;
  CHECK(rocksdb_block_based_options_get_user_defined_index_factory_name(t, &len) == NULL && len == 0, "none at first");
  rocksdb_block_based_options_set_user_defined_index_factory_from_string(t, "no_such_index", 13, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: Could not load UserDefinedIndexFactory");
  rocksdb_block_based_options_set_user_defined_index_factory_from_string(t, "trie_index", 10, &err);
  CHECK_NOERR(err);
  const char* name = rocksdb_block_based_options_get_user_defined_index_factory_name(t, &len);
  CHECK(name != NULL && len == 10 && memcmp(name, "trie_index", 10) == 0, "the factory's name");
  rocksdb_options_set_block_based_table_factory(o, t);
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "open with a trie index must fail");
  CHECK_ERR_PREFIX(err, "Not implemented: user-defined index factory");
  rocksdb_block_based_options_clear_user_defined_index_factory(t);
  CHECK(rocksdb_block_based_options_get_user_defined_index_factory_name(t, &len) == NULL && len == 0, "cleared");
  rocksdb_block_based_options_destroy(t);
  rocksdb_options_destroy(o);

  /* (Ribbon filters and inplace_update_support are implemented: t_filter, t_memtable.) */
  o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void test_env(void) {
  char* err = NULL;
  rocksdb_env_t* env = rocksdb_create_default_env();
  CHECK(env != NULL, "default env exists");
  rocksdb_env_set_background_threads(env, 4);
  CHECK(rocksdb_env_get_background_threads(env) == 4, "background threads read back");
  rocksdb_env_set_high_priority_background_threads(env, 2);
  CHECK(rocksdb_env_get_high_priority_background_threads(env) == 2, "high-priority threads read back");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_env(o, env);
  char dir[512];
  make_db_path(dir, sizeof(dir), "mkdir");
  strcat(dir, "/a/b");
  rocksdb_create_dir_if_missing(env, dir, &err);
  CHECK_NOERR(err);
  CHECK(access(dir, F_OK) == 0, "directory created");
  dir[strlen(dir) - 4] = 0;
  remove_db_path(dir);
  CHECK(rocksdb_create_mem_env() == NULL, "in-memory env is not implemented");
  rocksdb_options_destroy(o);
  rocksdb_env_destroy(env);
}

/* An option ferrock stores but does not use is named in the info LOG at open. */
static void test_ignored_option_is_logged(void) {
  char path[512], logpath[600], line[1024];
  char* err = NULL;
  make_db_path(path, sizeof(path), "ignored");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_max_file_opening_threads(o, 3);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK(db != NULL, "open: %s", err ? err : "");
  free(err);
  if (db) rocksdb_close(db);
  snprintf(logpath, sizeof(logpath), "%s/LOG", path);
  FILE* f = fopen(logpath, "r");
  int found = 0;
  while (f && fgets(line, sizeof(line), f)) {
    if (strstr(line, "not used by ferrock") && strstr(line, "max_file_opening_threads")) found = 1;
  }
  if (f) fclose(f);
  CHECK(found, "LOG names max_file_opening_threads as not used");
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void test_compact_options(void) {
  rocksdb_compactoptions_t* c = rocksdb_compactoptions_create();
  CHECK(rocksdb_compactoptions_get_exclusive_manual_compaction(c) == 0, "default exclusive_manual_compaction");
  CHECK(rocksdb_compactoptions_get_bottommost_level_compaction(c) == 1, "default kIfHaveCompactionFilter");
  CHECK(rocksdb_compactoptions_get_target_level(c) == -1, "default target_level");
  rocksdb_compactoptions_set_target_level(c, 3);
  CHECK(rocksdb_compactoptions_get_target_level(c) == 3, "target_level read back");
  rocksdb_compactoptions_set_bottommost_level_compaction(c, 2);
  CHECK(rocksdb_compactoptions_get_bottommost_level_compaction(c) == 2, "bottommost read back");
  rocksdb_compactoptions_destroy(c);
}

/* rocksdb_load_latest_options: what the OPTIONS file says, usable to reopen
 * (including a column family's merge operator); and rocksdb_get_options_from_string. */
static void test_load_latest_options(void) {
  char path[512], *err = NULL;
  make_db_path(path, sizeof path, "load-options");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  rocksdb_options_set_max_open_files(o, 321);
  rocksdb_options_t* counters = rocksdb_options_create();
  rocksdb_options_set_uint64add_merge_operator(counters);
  rocksdb_options_set_write_buffer_size(counters, 1 << 20);
  const char* names[2] = {"default", "counters"};
  const rocksdb_options_t* cf_opts[2] = {o, counters};
  rocksdb_column_family_handle_t* cfs[2];
  rocksdb_t* db = rocksdb_open_column_families(o, path, 2, names, cf_opts, cfs, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  unsigned char one[8] = {1, 0, 0, 0, 0, 0, 0, 0};
  rocksdb_merge_cf(db, wo, cfs[1], "n", 1, (const char*)one, 8, &err);
  CHECK_NOERR(err);
  for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(cfs[i]);
  rocksdb_close(db);

  rocksdb_env_t* env = rocksdb_create_default_env();
  rocksdb_cache_t* cache = rocksdb_cache_create_lru(1 << 20);
  rocksdb_options_t* db_opts = NULL;
  rocksdb_options_t** loaded = NULL;
  char** loaded_names = NULL;
  size_t n = 0;
  rocksdb_load_latest_options(path, env, 0, cache, &db_opts, &n, &loaded_names, &loaded, &err);
  CHECK_NOERR(err);
  CHECK(n == 2 && !strcmp(loaded_names[0], "default") && !strcmp(loaded_names[1], "counters"), "%zu families", n);
  CHECK(rocksdb_options_get_max_open_files(db_opts) == 321, "max_open_files from the file");
  CHECK(rocksdb_options_get_write_buffer_size(loaded[1]) == 1 << 20, "write_buffer_size of counters");
  /* Reopen with exactly what was loaded: the merge operator comes from the file. */
  rocksdb_options_set_create_if_missing(db_opts, 0);
  db = rocksdb_open_column_families(db_opts, path, 2, (const char* const*)loaded_names,
                                    (const rocksdb_options_t* const*)loaded, cfs, &err);
  CHECK_NOERR(err);
  if (db) {
    rocksdb_merge_cf(db, wo, cfs[1], "n", 1, (const char*)one, 8, &err);
    CHECK_NOERR(err);
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    size_t len = 0;
    char* v = rocksdb_get_cf(db, ro, cfs[1], "n", 1, &len, &err);
    CHECK_NOERR(err);
    CHECK(v && len == 8 && v[0] == 2, "uint64add counter is 2");
    rocksdb_free(v);
    rocksdb_readoptions_destroy(ro);
    for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(cfs[i]);
    rocksdb_close(db);
  }
  rocksdb_load_latest_options_destroy(db_opts, loaded_names, loaded, n);

  /* A directory without an OPTIONS file: RocksDB's NotFound, outputs NULL. */
  char empty[512];
  make_db_path(empty, sizeof empty, "load-options-none");
  db_opts = (rocksdb_options_t*)1;
  rocksdb_load_latest_options(empty, env, 0, cache, &db_opts, &n, &loaded_names, &loaded, &err);
  CHECK_ERR_PREFIX(err, "NotFound: No such file or directory: No options files found in the DB directory.");
  CHECK(db_opts == NULL && n == 0 && loaded_names == NULL && loaded == NULL, "outputs cleared on error");

  rocksdb_options_t* from = rocksdb_options_create();
  rocksdb_get_options_from_string(o, "write_buffer_size=4096;max_open_files=9;block_based_table_factory={block_size=8192}", from, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_options_get_write_buffer_size(from) == 4096, "write_buffer_size from the string");
  CHECK(rocksdb_options_get_max_open_files(from) == 9, "max_open_files from the string");
  rocksdb_get_options_from_string(o, "no_such_option=1", from, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Could not find option: : no_such_option");
  rocksdb_get_options_from_string(o, "enable_blob_files=true", from, &err);
  CHECK_NOERR(err);
  rocksdb_options_set_create_if_missing(from, 1);
  db = rocksdb_open(from, empty, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: blob files");
  if (db) rocksdb_close(db);
  rocksdb_options_destroy(from);

  rocksdb_cache_destroy(cache);
  rocksdb_env_destroy(env);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(counters);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  remove_db_path(empty);
}

/* What c_test's options and read_options phases check: the statistics level lives on the statistics
 * object (disable_all without one; enable_statistics starts at except_detailed_timers; set clamps),
 * compaction_readahead_size's unprefixed setter, a bool option reading back 1 for 42, and the read
 * options' table index factory (trie_index kept and named, an unknown one NotSupported, clear). */
static void test_c_test_option_phases(void) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  CHECK(rocksdb_options_get_statistics_level(o) == rocksdb_statistics_level_disable_all, "no statistics");
  rocksdb_options_set_statistics_level(o, rocksdb_statistics_level_all);
  CHECK(rocksdb_options_get_statistics_level(o) == rocksdb_statistics_level_disable_all, "still none");
  rocksdb_options_enable_statistics(o);
  CHECK(rocksdb_options_get_statistics_level(o) == rocksdb_statistics_level_except_detailed_timers, "default level");
  rocksdb_options_set_statistics_level(o, 99);
  CHECK(rocksdb_options_get_statistics_level(o) == rocksdb_statistics_level_all, "clamped");
  rocksdb_options_t* copy = rocksdb_options_create_copy(o);
  rocksdb_options_set_statistics_level(copy, rocksdb_statistics_level_except_timers);
  CHECK(rocksdb_options_get_statistics_level(o) == rocksdb_statistics_level_except_timers, "the copy shares the object");
  rocksdb_options_compaction_readahead_size(o, 10);
  CHECK(rocksdb_options_get_compaction_readahead_size(o) == 10, "readahead");
  CHECK(rocksdb_options_get_track_and_verify_wals_in_manifest(o) == 0, "default");
  rocksdb_options_set_track_and_verify_wals_in_manifest(o, 42);
  CHECK(rocksdb_options_get_track_and_verify_wals_in_manifest(o) == 1, "a bool");
  rocksdb_options_destroy(copy);
  rocksdb_options_destroy(o);

  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  size_t len = 7;
  CHECK(rocksdb_readoptions_get_table_index_factory_name(ro, &len) == NULL && len == 0, "none");
  rocksdb_readoptions_set_table_index_factory_from_string(ro, "trie_index", 10, &err);
  CHECK_NOERR(err);
  const char* name = rocksdb_readoptions_get_table_index_factory_name(ro, &len);
  CHECK(name != NULL && len == 10 && memcmp(name, "trie_index", 10) == 0, "trie_index");
  rocksdb_readoptions_set_table_index_factory_from_string(ro, "bogus", 5, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: Could not load UserDefinedIndexFactory: bogus");
  CHECK(rocksdb_readoptions_get_table_index_factory_name(ro, &len) == NULL && len == 0, "cleared by the failure");
  rocksdb_readoptions_set_table_index_factory_from_string(ro, "trie_index", 10, &err);
  CHECK_NOERR(err);
  rocksdb_readoptions_clear_table_index_factory(ro);
  CHECK(rocksdb_readoptions_get_table_index_factory_name(ro, &len) == NULL && len == 0, "cleared");
  rocksdb_readoptions_destroy(ro);
}

int main(void) {
  test_load_latest_options();
  test_compact_options();
  test_ignored_option_is_logged();
  test_env();
  test_db_options();
  test_read_write_flush_options();
  test_table_options_and_cache();
  test_unsupported_options_fail_open();
  test_c_test_option_phases();
  return check_report("t_options");
}
