/* Secondary instances through c.h (RocksDB c_test's open_as_secondary phase, extended):
 * rocksdb_open_as_secondary follows the primary through rocksdb_try_catch_up_with_primary
 * (a flushed unlogged write, then a write still in the WAL), refuses writes, leaves the
 * primary's directory as it was, and fails on a directory that holds no database. The
 * two-process test is src/db/secondary/tests.rs. */
#include <rocksdb/c.h>
#include <dirent.h>
#include <sys/stat.h>

#include "check.h"

static void check_get(rocksdb_t* db, const char* k, const char* want) {
  char* err = NULL;
  size_t len = 0;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = rocksdb_get(db, ro, k, strlen(k), &len, &err);
  CHECK_NOERR(err);
  if (want) {
    CHECK_VALUE(v, len, want);
  } else {
    CHECK(v == NULL, "%s: expected no value", k);
  }
  free(v);
  rocksdb_readoptions_destroy(ro);
}

int main(void) {
  char path[300], secondary[300], empty[300];
  char* err = NULL;
  make_db_path(path, sizeof(path), "secondary-primary");
  make_db_path(secondary, sizeof(secondary), "secondary-own");
  make_db_path(empty, sizeof(empty), "secondary-empty");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_options_t* so = rocksdb_options_create();
  rocksdb_options_set_max_open_files(so, -1);
  rocksdb_t* db1 = rocksdb_open_as_secondary(so, path, secondary, &err);
  CHECK_NOERR(err);
  if (!db || !db1) return check_report("t_secondary");

  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_writeoptions_disable_WAL(wo, 1);
  rocksdb_put(db, wo, "key0", 4, "value0", 6, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  check_get(db1, "key0", NULL);
  rocksdb_try_catch_up_with_primary(db1, &err);
  CHECK_NOERR(err);
  check_get(db1, "key0", "value0");

  rocksdb_writeoptions_disable_WAL(wo, 0);
  rocksdb_put(db, wo, "key1", 4, "value1", 6, &err);
  CHECK_NOERR(err);
  rocksdb_try_catch_up_with_primary(db1, &err);
  CHECK_NOERR(err);
  check_get(db1, "key0", "value0");
  check_get(db1, "key1", "value1");

  rocksdb_put(db1, wo, "k", 1, "v", 1, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: ");
  /* Catching up on a primary. */
  rocksdb_try_catch_up_with_primary(db, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: Supported only by secondary instance");
  rocksdb_close(db1);
  rocksdb_destroy_db(so, secondary, &err);
  CHECK_NOERR(err);

  /* A directory that holds no database. */
  mkdir(empty, 0755);
  db1 = rocksdb_open_as_secondary(so, empty, secondary, &err);
  CHECK(db1 == NULL, "no database");
  CHECK_ERR_PREFIX(err, "IO error: ");

  rocksdb_close(db);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  rocksdb_options_destroy(so);
  remove_db_path(path);
  remove_db_path(secondary);
  remove_db_path(empty);
  return check_report("t_secondary");
}
