/* rocksdb_set_options, rocksdb_set_options_cf and rocksdb_set_db_options: RocksDB's mutable
 * options change on the open database (a level-0 trigger change makes compaction run), RocksDB
 * 11.8.1's error texts for an empty input, an unknown name, an immutable name and a value that
 * does not parse, nothing changed by a call that fails (all or nothing), and the new values in
 * the next OPTIONS file (read back with rocksdb_load_latest_options). */
#include <rocksdb/c.h>
#include "check.h"

static void wait_for_compact(rocksdb_t* db) {
  char* err = NULL;
  rocksdb_wait_for_compact_options_t* w = rocksdb_wait_for_compact_options_create();
  rocksdb_wait_for_compact(db, w, &err);
  CHECK_NOERR(err);
  rocksdb_wait_for_compact_options_destroy(w);
}

static void set1(rocksdb_t* db, const char* k, const char* v, char** err) {
  const char* keys[1] = {k};
  const char* values[1] = {v};
  rocksdb_set_options(db, 1, keys, values, err);
}

static void set_db1(rocksdb_t* db, const char* k, const char* v, char** err) {
  const char* keys[1] = {k};
  const char* values[1] = {v};
  rocksdb_set_db_options(db, 1, keys, values, err);
}

int main(void) {
  char path[512];
  make_db_path(path, sizeof path, "t_set_options");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < 200; i++) {
      char k[16];
      snprintf(k, sizeof k, "k%04d", i * 3 + round);
      rocksdb_put(db, wo, k, strlen(k), "v", 1, &err);
      if (err) break;
    }
    if (!err) rocksdb_flush(db, fo, &err);
  }
  CHECK_NOERR(err);
  CHECK(files_at_level(db, 0) == 3, "three level-0 tables, no automatic compaction");

  /* Errors, each with RocksDB 11.8.1's text. */
  rocksdb_set_options(db, 0, NULL, NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: empty input");
  rocksdb_set_db_options(db, 0, NULL, NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: empty input");
  set1(db, "not_a_cf_option", "1", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Could not find option: : not_a_cf_option");
  set1(db, "num_levels", "3", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Option not changeable: num_levels");
  set1(db, "write_buffer_size", "abc", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Error parsing write_buffer_size:stoull");
  set1(db, "compression", "kFoo", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Error parsing:: compression");
  set1(db, "max_background_jobs", "4", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Could not find option: : max_background_jobs");
  set_db1(db, "not_a_db_option", "10", &err);
  CHECK_ERR_PREFIX(err, "NotFound: Unrecognized option: not_a_db_option");
  set_db1(db, "create_if_missing", "true", &err);
  CHECK_ERR_PREFIX(err, "NotFound: Unrecognized option: create_if_missing");
  set_db1(db, "write_buffer_size", "1048576", &err);
  CHECK_ERR_PREFIX(err, "NotFound: Unrecognized option: write_buffer_size");
  set_db1(db, "max_background_jobs", "abc", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Error parsing max_background_jobs:stoi");
  set_db1(db, "avoid_flush_during_shutdown", "yes", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Error parsing avoid_flush_during_shutdown:");

  /* All or nothing: a good change next to a bad one is not applied. */
  {
    const char* keys[3] = {"disable_auto_compactions", "level0_file_num_compaction_trigger", "num_levels"};
    const char* values[3] = {"false", "2", "3"};
    rocksdb_set_options(db, 3, keys, values, &err);
    CHECK_ERR_PREFIX(err, "Invalid argument: Option not changeable: num_levels");
  }
  wait_for_compact(db);
  CHECK(files_at_level(db, 0) == 3, "the failed call re-enabled nothing: still three level-0 tables");
  /* A NULL array is an error, not a crash. */
  rocksdb_set_options(db, 1, NULL, NULL, &err);
  CHECK(err != NULL, "NULL keys are refused");
  free(err);
  err = NULL;

  /* The change applies: compactions come back and level 0 is compacted down. */
  {
    const char* keys[2] = {"disable_auto_compactions", "level0_file_num_compaction_trigger"};
    const char* values[2] = {"false", "2"};
    rocksdb_set_options(db, 2, keys, values, &err);
    CHECK_NOERR(err);
  }
  wait_for_compact(db);
  CHECK(files_at_level(db, 0) == 0, "level 0 compacted after the trigger change (%d left)", files_at_level(db, 0));
  {
    int below = 0;
    for (int level = 1; level < 7; level++) below += files_at_level(db, level);
    CHECK(below >= 1, "the data is below level 0 (dynamic level bytes: the base level)");
  }

  set_db1(db, "stats_dump_period_sec", "10", &err);
  CHECK_NOERR(err);
  {
    const char* keys[2] = {"max_background_jobs", "delayed_write_rate"};
    const char* values[2] = {"4", "2000000"};
    rocksdb_set_db_options(db, 2, keys, values, &err);
    CHECK_NOERR(err);
  }
  /* An option RocksDB marks mutable that ferrock stores without using is accepted. */
  set1(db, "paranoid_file_checks", "true", &err);
  CHECK_NOERR(err);

  /* A column family of its own. */
  rocksdb_column_family_handle_t* cf = rocksdb_create_column_family(db, o, "meta", &err);
  CHECK_NOERR(err);
  {
    const char* keys[1] = {"write_buffer_size"};
    const char* values[1] = {"1048576"};
    rocksdb_set_options_cf(db, cf, 1, keys, values, &err);
    CHECK_NOERR(err);
    const char* bad_keys[1] = {"merge_operator"};
    const char* bad_values[1] = {"uint64add"};
    rocksdb_set_options_cf(db, cf, 1, bad_keys, bad_values, &err);
    CHECK_ERR_PREFIX(err, "Invalid argument: Option not changeable: merge_operator");
  }

  /* The newest OPTIONS file holds the new values. */
  {
    rocksdb_options_t* dbo = NULL;
    size_t n = 0;
    char** names = NULL;
    rocksdb_options_t** cfo = NULL;
    rocksdb_load_latest_options(path, NULL, 0, NULL, &dbo, &n, &names, &cfo, &err);
    CHECK_NOERR(err);
    CHECK(n == 2, "two column families in the OPTIONS file (%zu)", n);
    if (n == 2) {
      CHECK(strcmp(names[0], "default") == 0 && strcmp(names[1], "meta") == 0, "names");
      CHECK(rocksdb_options_get_stats_dump_period_sec(dbo) == 10, "stats_dump_period_sec in the file");
      CHECK(rocksdb_options_get_max_background_jobs(dbo) == 4, "max_background_jobs in the file");
      CHECK(rocksdb_options_get_delayed_write_rate(dbo) == 2000000, "delayed_write_rate in the file");
      CHECK(rocksdb_options_get_level0_file_num_compaction_trigger(cfo[0]) == 2, "the trigger in the file");
      CHECK(rocksdb_options_get_disable_auto_compactions(cfo[0]) == 0, "compactions enabled in the file");
      CHECK(rocksdb_options_get_write_buffer_size(cfo[1]) == 1048576, "meta's write buffer size in the file");
      CHECK(rocksdb_options_get_write_buffer_size(cfo[0]) == 64 << 20, "default's write buffer size unchanged");
    }
    if (dbo) rocksdb_load_latest_options_destroy(dbo, names, cfo, n);
  }

  rocksdb_column_family_handle_destroy(cf);
  rocksdb_close(db);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_set_options");
}
