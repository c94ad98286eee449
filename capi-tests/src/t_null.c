/* NULL handles give errors through errptr (or NULL/0 returns), never crashes;
 * destroy functions accept NULL. */
#include <rocksdb/c.h>
#include "check.h"

int main(void) {
  char* err = NULL;
  size_t len = 7;
  rocksdb_open(NULL, "/tmp/never", &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_open(o, NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  rocksdb_options_destroy(o);

  rocksdb_put(NULL, NULL, "k", 1, "v", 1, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  char* v = rocksdb_get(NULL, NULL, "k", 1, &len, &err);
  CHECK(v == NULL && len == 0, "get on NULL db returns NULL, length 0");
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  rocksdb_delete(NULL, NULL, "k", 1, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  rocksdb_write(NULL, NULL, NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  rocksdb_flush(NULL, NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  /* A previous message in *errptr is freed and replaced, as RocksDB does. */
  err = strdup("old message");
  rocksdb_flush_wal(NULL, 0, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");

  CHECK(rocksdb_create_iterator(NULL, NULL) == NULL, "iterator on NULL db is NULL");
  CHECK(rocksdb_iter_valid(NULL) == 0, "NULL iterator is not valid");
  rocksdb_iter_seek_to_first(NULL);
  rocksdb_iter_next(NULL);
  CHECK(rocksdb_iter_key(NULL, &len) == NULL && len == 0, "NULL iterator has no key");
  rocksdb_iter_get_error(NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  CHECK(rocksdb_create_snapshot(NULL) == NULL, "snapshot of NULL db is NULL");
  CHECK(rocksdb_property_value(NULL, "rocksdb.stats") == NULL, "property of NULL db is NULL");
  uint64_t out = 5;
  CHECK(rocksdb_property_int(NULL, "rocksdb.estimate-num-keys", &out) == -1, "property_int of NULL db fails");
  CHECK(rocksdb_writebatch_count(NULL) == 0, "count of NULL batch");
  rocksdb_writebatch_put(NULL, "k", 1, "v", 1);
  CHECK(rocksdb_options_get_create_if_missing(NULL) == 0, "getter on NULL options");
  rocksdb_options_set_create_if_missing(NULL, 1);
  CHECK(rocksdb_get_default_column_family_handle(NULL) == NULL, "default cf of NULL db");
  CHECK(rocksdb_column_family_handle_get_name(NULL, &len) == NULL && len == 0, "name of NULL cf");
  CHECK(rocksdb_pinnableslice_value(NULL, &len) == NULL && len == 0, "value of NULL pinnable slice");

  rocksdb_close(NULL);
  rocksdb_iter_destroy(NULL);
  rocksdb_release_snapshot(NULL, NULL);
  rocksdb_writebatch_destroy(NULL);
  rocksdb_options_destroy(NULL);
  rocksdb_readoptions_destroy(NULL);
  rocksdb_writeoptions_destroy(NULL);
  rocksdb_cache_destroy(NULL);
  rocksdb_column_family_handle_destroy(NULL);
  rocksdb_pinnableslice_destroy(NULL);
  rocksdb_free(NULL);
  CHECK(1, "destroy functions accept NULL");
  return check_report("t_null");
}
