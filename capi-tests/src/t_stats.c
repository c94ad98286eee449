/* Statistics through the options handle: tickers by RocksDB's numbers, the text with
 * RocksDB's line format, histogram data objects, and the stall properties. */
#include <rocksdb/c.h>
#include "check.h"

/* A manual compaction split by rocksdb_compactoptions_set_max_subcompactions (the db's
 * option stays 1): histogram 30 (NUM_SUBCOMPACTIONS_SCHEDULED) records the ranges. */
static void test_subcompactions(void) {
  char path[512];
  make_db_path(path, sizeof path, "t_stats_sub");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_options_set_target_file_size_base(o, 16 << 10);
  rocksdb_options_enable_statistics(o);
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  for (int round = 0; round < 4; round++) {
    for (int i = 0; i < 3000; i++) {
      char k[16], v[32];
      snprintf(k, sizeof k, "key%05d", (i * 7919 + round) % 5000);
      snprintf(v, sizeof v, "value-%d-%d", round, i);
      rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
      if (err) break;
    }
    if (!err) rocksdb_flush(db, fo, &err);
  }
  CHECK_NOERR(err);
  rocksdb_compactoptions_t* co = rocksdb_compactoptions_create();
  rocksdb_compactoptions_set_max_subcompactions(co, 4);
  CHECK(rocksdb_compactoptions_get_max_subcompactions(co) == 4, "compact options keep max_subcompactions");
  rocksdb_compact_range_opt(db, co, NULL, 0, NULL, 0);
  rocksdb_compactoptions_destroy(co);
  rocksdb_statistics_histogram_data_t* h = rocksdb_statistics_histogram_data_create();
  rocksdb_options_statistics_get_histogram_data(o, 30 /* NUM_SUBCOMPACTIONS_SCHEDULED */, h);
  CHECK(rocksdb_statistics_histogram_data_get_count(h) == 1, "one compaction job");
  CHECK(rocksdb_statistics_histogram_data_get_max(h) >= 2, "split into %g ranges", rocksdb_statistics_histogram_data_get_max(h));
  rocksdb_statistics_histogram_data_destroy(h);
  CHECK(rocksdb_options_statistics_get_ticker_count(o, 95 /* COMPACT_WRITE_BYTES */) > 0, "compaction wrote");
  char* text = rocksdb_options_statistics_get_string(o);
  CHECK(text != NULL && strstr(text, "rocksdb.num.subcompactions.scheduled P50 : ") != NULL, "subcompactions histogram line");
  rocksdb_free(text);
  uint64_t l0 = 9;
  CHECK(rocksdb_property_int(db, "rocksdb.num-files-at-level0", &l0) == -1, "num-files-at-level is string-only");
  char* l0_text = rocksdb_property_value(db, "rocksdb.num-files-at-level0");
  CHECK(l0_text != NULL && strcmp(l0_text, "0") == 0, "level 0 compacted");
  rocksdb_free(l0_text);
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  size_t len = 0;
  char* v = rocksdb_get(db, ro, "key00003", 8, &len, &err);
  CHECK_NOERR(err);
  CHECK(v != NULL && len > 0, "data reads back after a split compaction");
  free(v);
  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  test_subcompactions();
  char path[512];
  make_db_path(path, sizeof path, "t_stats");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  CHECK(rocksdb_options_statistics_get_string(o) == NULL, "no statistics before enable_statistics");
  rocksdb_options_enable_statistics(o);
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  for (int i = 0; i < 10; i++) {
    char k[16];
    snprintf(k, sizeof k, "key%02d", i);
    rocksdb_put(db, wo, k, strlen(k), "value", 5, &err);
    CHECK_NOERR(err);
  }
  size_t len = 0;
  char* v = rocksdb_get(db, ro, "key03", 5, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "value");
  free(v);
  v = rocksdb_get(db, ro, "missing", 7, &len, &err);
  CHECK(v == NULL, "missing key");
  /* Ticker numbers are RocksDB 11.8.1's: 58 keys written, 59 keys read, 45 memtable hits. */
  CHECK(rocksdb_options_statistics_get_ticker_count(o, 58) == 10, "keys written");
  CHECK(rocksdb_options_statistics_get_ticker_count(o, 59) == 2, "keys read");
  CHECK(rocksdb_options_statistics_get_ticker_count(o, 45) == 1, "memtable hit");
  char* text = rocksdb_options_statistics_get_string(o);
  CHECK(text != NULL && strstr(text, "rocksdb.number.keys.written COUNT : 10\n") != NULL, "statistics text: %s", text ? text : "(null)");
  CHECK(text != NULL && strstr(text, "rocksdb.db.get.micros P50 : ") != NULL, "histogram line");
  rocksdb_free(text);
  rocksdb_statistics_histogram_data_t* h = rocksdb_statistics_histogram_data_create();
  rocksdb_options_statistics_get_histogram_data(o, 0 /* DB_GET */, h);
  CHECK(rocksdb_statistics_histogram_data_get_count(h) == 2, "two gets timed");
  CHECK(rocksdb_statistics_histogram_data_get_max(h) >= rocksdb_statistics_histogram_data_get_min(h), "max >= min");
  rocksdb_statistics_histogram_data_destroy(h);
  char* report = rocksdb_property_value(db, "ferrock.stall-report");
  CHECK(report != NULL && strstr(report, "l0-file-count-limit-stops") != NULL, "stall report");
  free(report);
  char* stats = rocksdb_property_value(db, "rocksdb.stats");
  CHECK(stats != NULL && strstr(stats, "Write Stall (count):") != NULL, "rocksdb.stats has the stall line");
  free(stats);
  uint64_t pending = 99;
  CHECK(rocksdb_property_int(db, "rocksdb.estimate-pending-compaction-bytes", &pending) == 0 && pending == 0, "no debt");
  /* File deletions: with deletions disabled, a compaction leaves its input tables on disk. */
  rocksdb_disable_file_deletions(db, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "key03", 5, "newer", 5, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  uint64_t enabled = 9;
  CHECK(rocksdb_property_int(db, "rocksdb.is-file-deletions-enabled", &enabled) == 0 && enabled == 0, "deletions disabled");
  char* live_before = rocksdb_property_value(db, "rocksdb.sstables");
  int sst_on_disk = 0;
  {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls %s | grep -c '\\.sst$'", path);
    FILE* p = popen(cmd, "r");
    if (p) { if (fscanf(p, "%d", &sst_on_disk) != 1) sst_on_disk = -1; pclose(p); }
  }
  CHECK(sst_on_disk >= 3, "compaction inputs kept on disk while deletions are disabled (%d tables)", sst_on_disk);
  free(live_before);
  rocksdb_enable_file_deletions(db, &err);
  CHECK_NOERR(err);
  {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls %s | grep -c '\\.sst$'", path);
    FILE* p = popen(cmd, "r");
    if (p) { if (fscanf(p, "%d", &sst_on_disk) != 1) sst_on_disk = -1; pclose(p); }
  }
  CHECK(sst_on_disk == 1, "obsolete tables deleted once deletions are enabled again (%d tables)", sst_on_disk);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_close(db);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_stats");
}
