/* Memtable options through c.h, with RocksDB's results.
 *
 * inplace_update_support (c_test's snapshot_with_memtable_inplace_update): open refuses it
 * while allow_concurrent_memtable_write is on (RocksDB's text); with it a Put whose key's
 * newest memtable entry is a Put with a value at least as long replaces that value in place;
 * a database with such a family has no snapshots (rocksdb_create_snapshot's handle holds
 * none, so read options given it read the latest state); the values survive reopen (WAL
 * replay) and flush.
 *
 * The hash skiplist memtable (c_test's prefix phase, without its PlainTable factory): it
 * refuses concurrent writes; a prefix-mode iterator walks the bucket of its seek's prefix
 * (and has no first or last entry); total_order_seek sees every key.
 *
 * The memory usage report (c_test's approximate_memory_usage): memtable bytes grow with a write. */
#include <rocksdb/c.h>

#include "check.h"

static void check_get(rocksdb_t* db, rocksdb_readoptions_t* ro, const char* key, const char* want) {
  char* err = NULL;
  size_t len = 0;
  char* v = rocksdb_get(db, ro, key, strlen(key), &len, &err);
  CHECK_NOERR(err);
  if (want == NULL) {
    CHECK(v == NULL, "%s: expected no value, got \"%.*s\"", key, (int)len, v ? v : "");
  } else {
    CHECK_VALUE(v, len, want);
  }
  free(v);
}

static void inplace_updates(void) {
  char path[256];
  char* err = NULL;
  make_db_path(path, sizeof(path), "memtable-inplace");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  CHECK(rocksdb_options_get_inplace_update_support(o) == 0, "off by default");
  CHECK(rocksdb_options_get_inplace_update_num_locks(o) == 10000, "RocksDB's default lock stripes");
  CHECK(rocksdb_options_get_allow_concurrent_memtable_write(o) == 1, "concurrent writes on by default");
  rocksdb_options_set_inplace_update_support(o, 1);
  rocksdb_options_set_inplace_update_num_locks(o, 123);
  CHECK(rocksdb_options_get_inplace_update_support(o) == 1, "set");
  CHECK(rocksdb_options_get_inplace_update_num_locks(o) == 123, "set");

  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "concurrent writes with in-place updates are refused");
  CHECK_ERR_PREFIX(err,
                   "Invalid argument: In-place memtable updates (inplace_update_support) is not compatible with "
                   "concurrent writes (allow_concurrent_memtable_write)");

  rocksdb_options_set_allow_concurrent_memtable_write(o, 0);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_put(db, wo, "foo_snap", 8, "hello_s1", 8, &err);
  CHECK_NOERR(err);
  const rocksdb_snapshot_t* snap = rocksdb_create_snapshot(db);
  CHECK(snap != NULL, "a handle, as RocksDB's");
  rocksdb_put(db, wo, "foo_snap", 8, "hello_s2", 8, &err);
  CHECK_NOERR(err);
  rocksdb_readoptions_set_snapshot(ro, snap);
  /* No snapshot is held: the read sees the latest value, and after a delete, nothing. */
  check_get(db, ro, "foo_snap", "hello_s2");
  rocksdb_delete(db, wo, "foo_snap", 8, &err);
  CHECK_NOERR(err);
  check_get(db, ro, "foo_snap", NULL);
  rocksdb_readoptions_set_snapshot(ro, NULL);
  rocksdb_release_snapshot(db, snap);

  /* Same-size and shorter values replace the entry: the memtable keeps one entry per key. */
  rocksdb_put(db, wo, "counter", 7, "0000000001", 10, &err);
  rocksdb_put(db, wo, "counter", 7, "0000000002", 10, &err);
  rocksdb_put(db, wo, "counter", 7, "3", 1, &err);
  CHECK_NOERR(err);
  check_get(db, ro, "counter", "3");
  uint64_t entries = 0;
  CHECK(rocksdb_property_int(db, "rocksdb.num-entries-active-mem-table", &entries) == 0, "property");
  /* foo_snap: its Put and its Delete; counter: one entry. */
  CHECK(entries == 3, "3 memtable entries, got %llu", (unsigned long long)entries);
  /* A longer value is a new entry. */
  rocksdb_put(db, wo, "counter", 7, "4444444444444", 13, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_property_int(db, "rocksdb.num-entries-active-mem-table", &entries) == 0 && entries == 4,
        "4 entries, got %llu", (unsigned long long)entries);
  rocksdb_close(db);

  /* The WAL replays under the same rule; a flush keeps the values. */
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  check_get(db, ro, "counter", "4444444444444");
  check_get(db, ro, "foo_snap", NULL);
  rocksdb_put(db, wo, "counter", 7, "5", 1, &err);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  check_get(db, ro, "counter", "5");
  rocksdb_flushoptions_destroy(fo);
  rocksdb_close(db);

  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void check_iter(rocksdb_iterator_t* it, const char* key) {
  size_t len = 0;
  CHECK(rocksdb_iter_valid(it), "expected %s, iterator invalid", key);
  if (!rocksdb_iter_valid(it)) return;
  const char* k = rocksdb_iter_key(it, &len);
  CHECK(len == strlen(key) && memcmp(k, key, len) == 0, "expected %s, got %.*s", key, (int)len, k);
}

static void hash_skip_list(void) {
  char path[256];
  char* err = NULL;
  make_db_path(path, sizeof(path), "memtable-hash");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_prefix_extractor(o, rocksdb_slicetransform_create_fixed_prefix(3));
  rocksdb_options_set_hash_skip_list_rep(o, 5000, 4, 4);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "the hash skiplist takes no concurrent writes");
#ifdef CAPI_TESTS_REFERENCE_783
  /* 7.8.3's text lacks a word that 11.8.1's has. */
  CHECK_ERR_PREFIX(err, "Invalid argument: Memtable doesn't concurrent writes (allow_concurrent_memtable_write)");
#else
  CHECK_ERR_PREFIX(err, "Invalid argument: Memtable doesn't allow concurrent writes (allow_concurrent_memtable_write)");
#endif
  rocksdb_options_set_allow_concurrent_memtable_write(o, 0);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  const char* keys[] = {"foo1", "foo2", "foo3", "bar1", "bar2", "bar3"};
  for (int i = 0; i < 6; i++) {
    rocksdb_put(db, wo, keys[i], 4, keys[i], 3, &err);
    CHECK_NOERR(err);
  }
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  check_get(db, ro, "foo2", "foo");
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  CHECK(!rocksdb_iter_valid(it), "not positioned");
  rocksdb_iter_seek(it, "bar", 3);
  check_iter(it, "bar1");
  rocksdb_iter_next(it);
  check_iter(it, "bar2");
  rocksdb_iter_next(it);
  check_iter(it, "bar3");
  rocksdb_iter_next(it);
  CHECK(!rocksdb_iter_valid(it), "the bucket of \"bar\" ends after bar3");
  rocksdb_iter_seek(it, "foo2", 4);
  check_iter(it, "foo2");
  rocksdb_iter_prev(it);
  check_iter(it, "foo1");
  rocksdb_iter_prev(it);
  CHECK(!rocksdb_iter_valid(it), "and begins at foo1");
  rocksdb_iter_seek_to_first(it);
  CHECK(!rocksdb_iter_valid(it), "a prefix-mode iterator of the hash memtable has no first entry");
  rocksdb_iter_get_error(it, &err);
  CHECK_NOERR(err);
  rocksdb_iter_destroy(it);

  rocksdb_readoptions_set_total_order_seek(ro, 1);
  it = rocksdb_create_iterator(db, ro);
  rocksdb_iter_seek(it, "ba", 2);
  check_iter(it, "bar1");
  for (int i = 0; i < 3; i++) rocksdb_iter_next(it);
  check_iter(it, "foo1");
  rocksdb_iter_seek_to_first(it);
  check_iter(it, "bar1");
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void memory_usage(void) {
  char path[256];
  char* err = NULL;
  make_db_path(path, sizeof(path), "memtable-usage");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_cache_t* cache = rocksdb_cache_create_lru(1 << 20);
  rocksdb_memory_consumers_t* consumers = rocksdb_memory_consumers_create();
  rocksdb_memory_consumers_add_db(consumers, db);
  rocksdb_memory_consumers_add_cache(consumers, cache);
  rocksdb_memory_usage_t* mu1 = rocksdb_approximate_memory_usage_create(consumers, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  char value[1000];
  memset(value, 'v', sizeof(value));
  for (int i = 0; i < 200; i++) {
    char k[16];
    snprintf(k, sizeof k, "key%05d", i);
    rocksdb_put(db, wo, k, strlen(k), value, sizeof(value), &err);
  }
  CHECK_NOERR(err);
  rocksdb_memory_usage_t* mu2 = rocksdb_approximate_memory_usage_create(consumers, &err);
  CHECK_NOERR(err);
  uint64_t t1 = rocksdb_approximate_memory_usage_get_mem_table_total(mu1);
  uint64_t t2 = rocksdb_approximate_memory_usage_get_mem_table_total(mu2);
  CHECK(t2 >= t1 + 200 * 1000, "memtable bytes grew by the values: %llu -> %llu", (unsigned long long)t1,
        (unsigned long long)t2);
  CHECK(rocksdb_approximate_memory_usage_get_mem_table_unflushed(mu2) >=
            rocksdb_approximate_memory_usage_get_mem_table_unflushed(mu1) + 200 * 1000,
        "unflushed too");
  CHECK(rocksdb_approximate_memory_usage_get_cache_total(mu2) == rocksdb_cache_get_usage(cache), "the cache's usage");
  rocksdb_approximate_memory_usage_destroy(mu1);
  rocksdb_approximate_memory_usage_destroy(mu2);
  rocksdb_memory_consumers_destroy(consumers);
  rocksdb_cache_destroy(cache);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  inplace_updates();
  hash_skip_list();
  memory_usage();
  return check_report("t_memtable");
}
