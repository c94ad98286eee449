/* DBWithTTL through c.h: rocksdb_open_with_ttl stores each value with its write time (4
 * bytes, little-endian, after the value: what a plain open reads), reads and iterators give
 * the value without it, column families opened or created with their own TTL, and RocksDB's
 * errors: a value too short for a stamp or stamped before the feature existed is corruption,
 * a TTL family on a database opened without TTL is refused. Expiry by compaction is tested
 * with an injected clock in src/utilities/ttl/tests.rs. */
#include <rocksdb/c.h>
#include <stdint.h>
#include <time.h>

#include "check.h"

static void check_get(rocksdb_t* db, rocksdb_column_family_handle_t* cf, const char* k, const char* want) {
  char* err = NULL;
  size_t len = 0;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = cf ? rocksdb_get_cf(db, ro, cf, k, strlen(k), &len, &err) : rocksdb_get(db, ro, k, strlen(k), &len, &err);
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
  char path[300];
  char* err = NULL;
  make_db_path(path, sizeof(path), "ttl");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();

  rocksdb_t* db = rocksdb_open_with_ttl(o, path, 3600, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "a", 1, "apple", 5, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "b", 1, "banana", 6, &err);
  CHECK_NOERR(err);
  rocksdb_delete(db, wo, "a", 1, &err);
  CHECK_NOERR(err);
  check_get(db, NULL, "a", NULL);
  check_get(db, NULL, "b", "banana");
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  rocksdb_iter_seek_to_first(it);
  CHECK(rocksdb_iter_valid(it), "one entry");
  size_t vl = 0;
  const char* v = rocksdb_iter_value(it, &vl);
  CHECK_VALUE(v, vl, "banana");
  rocksdb_iter_next(it);
  CHECK(!rocksdb_iter_valid(it), "only one entry");
  rocksdb_iter_destroy(it);
  rocksdb_column_family_handle_t* cf = rocksdb_create_column_family_with_ttl(db, o, "short", 10, &err);
  CHECK_NOERR(err);
  rocksdb_put_cf(db, wo, cf, "k", 1, "v", 1, &err);
  CHECK_NOERR(err);
  check_get(db, cf, "k", "v");
  rocksdb_column_family_handle_destroy(cf);
  rocksdb_close(db);

  /* A plain open sees the stamp: the value, then the write time. */
  const char* names[2] = {"default", "short"};
  const rocksdb_options_t* opts[2] = {o, o};
  rocksdb_column_family_handle_t* handles[2];
  db = rocksdb_open_column_families(o, path, 2, names, opts, handles, &err);
  CHECK_NOERR(err);
  size_t len = 0;
  char* raw = rocksdb_get(db, ro, "b", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(raw != NULL && len == 10 && memcmp(raw, "banana", 6) == 0, "value then 4 bytes (len %zu)", len);
  if (raw && len == 10) {
    const unsigned char* t = (const unsigned char*)raw + 6;
    int64_t ts = (int64_t)((uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24);
    int64_t now = (int64_t)time(NULL);
    CHECK(ts <= now && ts > now - 3600, "the stamp is the write time (%lld, now %lld)", (long long)ts, (long long)now);
  }
  free(raw);
  /* Values written without TTL: too short for a stamp, or an old stamp. */
  rocksdb_put(db, wo, "short", 5, "xy", 2, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "old", 3, "v\x01\x00\x00\x00", 5, &err);
  CHECK_NOERR(err);
#ifndef CAPI_TESTS_REFERENCE_783
  /* A TTL family on a database opened without TTL (RocksDB crashes: its C API casts). */
  cf = rocksdb_create_column_family_with_ttl(db, o, "x", 1, &err);
  CHECK(cf == NULL, "refused");
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
#endif
  rocksdb_column_family_handle_destroy(handles[0]);
  rocksdb_column_family_handle_destroy(handles[1]);
  rocksdb_close(db);

  const int ttls[2] = {3600, 10};
  db = rocksdb_open_column_families_with_ttl(o, path, 2, names, opts, handles, ttls, &err);
  CHECK_NOERR(err);
  if (db) {
    char* got = rocksdb_get(db, ro, "short", 5, &len, &err);
    CHECK(got == NULL, "no value");
    CHECK_ERR_PREFIX(err, "Corruption: Error: value's length less than timestamp's\n");
    got = rocksdb_get(db, ro, "old", 3, &len, &err);
    CHECK(got == NULL, "no value");
    CHECK_ERR_PREFIX(err, "Corruption: Error: Timestamp < ttl feature release time!\n");
    check_get(db, handles[1], "k", "v");
    check_get(db, NULL, "b", "banana");
    rocksdb_column_family_handle_destroy(handles[0]);
    rocksdb_column_family_handle_destroy(handles[1]);
    rocksdb_close(db);
  }
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_ttl");
}
