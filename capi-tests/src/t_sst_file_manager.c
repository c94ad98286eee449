/* An SST file manager through c.h (RocksDB's SstFileManager): c_test's accessor checks, the
 * total size of a database's table files, max_allowed_space_usage turning the flush that
 * reaches it into the background error RocksDB gives ("IO error: Space limit reached: Max
 * allowed space was reached") so later writes fail, and obsolete tables deleted through the
 * manager after a compaction, and RocksDB's EnoughRoomForCompaction: a compaction whose inputs
 * would not fit beside the tables under the limit does not start (rocksdb.compaction.cancelled
 * counts it) and runs once the limit allows it. */
#include <rocksdb/c.h>
#include <sys/stat.h>
#include <dirent.h>

#include "check.h"

/* Bytes of the .sst files in dir. */
static uint64_t sst_bytes(const char* dir) {
  uint64_t total = 0;
  DIR* d = opendir(dir);
  if (!d) return 0;
  struct dirent* e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n > 4 && strcmp(e->d_name + n - 4, ".sst") == 0) {
      char p[600];
      struct stat st;
      snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
      if (stat(p, &st) == 0) total += (uint64_t)st.st_size;
    }
  }
  closedir(d);
  return total;
}

static void put_and_flush(rocksdb_t* db, const char* prefix, char** err) {
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  char key[32], value[200];
  memset(value, 'v', sizeof(value));
  for (int i = 0; i < 200 && !*err; i++) {
    snprintf(key, sizeof(key), "%s%04d", prefix, i);
    rocksdb_put(db, wo, key, strlen(key), value, sizeof(value), err);
  }
  rocksdb_writeoptions_destroy(wo);
  if (*err) return;
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  rocksdb_flush(db, fo, err);
  rocksdb_flushoptions_destroy(fo);
}

/* COMPACTION_CANCELLED in RocksDB 11.8.1's Tickers (statistics.h): c.h names no tickers. */
static const uint32_t COMPACTION_CANCELLED = 56;

int main(void) {
  char path[300];
  char* err = NULL;
  make_db_path(path, sizeof(path), "sfm");
  rocksdb_env_t* env = rocksdb_create_default_env();

  /* c_test's phase. */
  rocksdb_sst_file_manager_t* m = rocksdb_sst_file_manager_create(env);
  rocksdb_sst_file_manager_set_delete_rate_bytes_per_second(m, 1);
  rocksdb_sst_file_manager_set_max_trash_db_ratio(m, 0.75);
  CHECK(rocksdb_sst_file_manager_get_delete_rate_bytes_per_second(m) == 1, "delete rate");
  CHECK(rocksdb_sst_file_manager_get_max_trash_db_ratio(m) == 0.75, "trash ratio");
  rocksdb_sst_file_manager_destroy(m);

  m = rocksdb_sst_file_manager_create(env);
  CHECK(rocksdb_sst_file_manager_get_delete_rate_bytes_per_second(m) == 0, "no rate by default");
  CHECK(rocksdb_sst_file_manager_get_max_trash_db_ratio(m) == 0.25, "RocksDB's default ratio");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_options_set_sst_file_manager(o, m);
  rocksdb_options_enable_statistics(o);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  put_and_flush(db, "a", &err);
  CHECK_NOERR(err);
  put_and_flush(db, "b", &err);
  CHECK_NOERR(err);
  uint64_t total = rocksdb_sst_file_manager_get_total_size(m);
  CHECK(total > 0 && total == sst_bytes(path), "total size %llu is the tables' %llu", (unsigned long long)total,
        (unsigned long long)sst_bytes(path));
  CHECK(!rocksdb_sst_file_manager_is_max_allowed_space_reached(m), "no limit set");

  /* A compaction makes the two tables obsolete; without a rate they go at once. */
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  CHECK(rocksdb_sst_file_manager_get_total_size(m) == sst_bytes(path), "after compaction: %llu",
        (unsigned long long)rocksdb_sst_file_manager_get_total_size(m));
  CHECK(rocksdb_sst_file_manager_get_total_trash_size(m) == 0, "no trash without a rate");

  /* Room for a compaction: its inputs (about the tables' whole size here) must fit beside the
   * tables under the limit, so with a limit just above their size it does not start. */
  put_and_flush(db, "e", &err);
  CHECK_NOERR(err);
  put_and_flush(db, "f", &err);
  CHECK_NOERR(err);
  CHECK(files_at_level(db, 0) == 2, "two level-0 tables, got %d", files_at_level(db, 0));
  rocksdb_sst_file_manager_set_max_allowed_space_usage(m, rocksdb_sst_file_manager_get_total_size(m) + 1);
  CHECK(!rocksdb_sst_file_manager_is_max_allowed_space_reached(m), "below the limit");
  CHECK(!rocksdb_sst_file_manager_is_max_allowed_space_reached_including_compactions(m),
        "no compaction running, nothing reserved");
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  CHECK(files_at_level(db, 0) == 2, "not enough room: the compaction did not start, level 0 has %d",
        files_at_level(db, 0));
  CHECK(rocksdb_options_statistics_get_ticker_count(o, COMPACTION_CANCELLED) == 1,
        "rocksdb.compaction.cancelled %llu",
        (unsigned long long)rocksdb_options_statistics_get_ticker_count(o, COMPACTION_CANCELLED));
  rocksdb_sst_file_manager_set_max_allowed_space_usage(m, 0);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  CHECK(files_at_level(db, 0) == 0, "without the limit it runs, level 0 has %d", files_at_level(db, 0));

  /* The limit: the flush that reaches it stops the database. The compaction buffer counts
   * only toward a compaction's room, not toward the limit. */
  rocksdb_sst_file_manager_set_max_allowed_space_usage(m, rocksdb_sst_file_manager_get_total_size(m) + 1);
  CHECK(!rocksdb_sst_file_manager_is_max_allowed_space_reached(m), "below the limit");
  rocksdb_sst_file_manager_set_compaction_buffer_size(m, 10);
  CHECK(!rocksdb_sst_file_manager_is_max_allowed_space_reached_including_compactions(m),
        "the buffer is not a reservation");
  /* The flush's table stands; waiting for it reports the database stopped (RocksDB's
   * WaitForFlushMemTables returns the background error). */
  put_and_flush(db, "c", &err);
  CHECK(err != NULL && strcmp(err, "IO error: Space limit reached: Max allowed space was reached") == 0,
        "the flush reports the limit, got %s", err ? err : "none");
  free(err);
  err = NULL;
  CHECK(rocksdb_sst_file_manager_is_max_allowed_space_reached(m), "reached");
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "d", 1, "x", 1, &err);
  CHECK(err != NULL && strcmp(err, "IO error: Space limit reached: Max allowed space was reached") == 0,
        "RocksDB's error, got %s", err ? err : "none");
  free(err);
  err = NULL;
  /* Reads still work. */
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  size_t vl = 0;
  char* v = rocksdb_get(db, ro, "c0001", 5, &vl, &err);
  CHECK_NOERR(err);
  CHECK(v != NULL && vl == 200, "the flushed key reads back");
  free(v);
  rocksdb_close(db);

  /* Raised limit: the database reopens and takes writes again. */
  rocksdb_sst_file_manager_set_max_allowed_space_usage(m, 0);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "d", 1, "x", 1, &err);
  CHECK_NOERR(err);
  rocksdb_close(db);

  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  rocksdb_sst_file_manager_destroy(m);
  rocksdb_env_destroy(env);
  remove_db_path(path);
  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed ? 1 : 0;
}
