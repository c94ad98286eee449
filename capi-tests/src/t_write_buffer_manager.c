/* A write buffer manager shared by two databases (RocksDB's WriteBufferManager through c.h):
 * c_test's accessor checks, memtable memory counted as it is allocated, flushes triggered by
 * the shared budget long before write_buffer_size (64 MiB) is reached, memory given back when
 * the flushed memtables go, and the charge to a block cache in 256 KiB dummy entries. */
#include <rocksdb/c.h>

#include "check.h"

int main(void) {
  char p1[300], p2[300];
  char* err = NULL;
  make_db_path(p1, sizeof(p1), "wbm-1");
  make_db_path(p2, sizeof(p2), "wbm-2");

  /* c_test's phase. */
  rocksdb_cache_t* lru = rocksdb_cache_create_lru(100);
  rocksdb_write_buffer_manager_t* w = rocksdb_write_buffer_manager_create_with_cache(200, lru, false);
  CHECK(rocksdb_write_buffer_manager_enabled(w), "enabled");
  CHECK(rocksdb_write_buffer_manager_cost_to_cache(w), "cost to cache");
  CHECK(rocksdb_write_buffer_manager_buffer_size(w) == 200, "buffer size");
  rocksdb_write_buffer_manager_set_buffer_size(w, 300);
  CHECK(rocksdb_write_buffer_manager_buffer_size(w) == 300, "buffer size set");
  rocksdb_write_buffer_manager_destroy(w);
  rocksdb_cache_destroy(lru);
  w = rocksdb_write_buffer_manager_create(0, false);
  CHECK(!rocksdb_write_buffer_manager_enabled(w), "a zero budget is disabled");
  CHECK(!rocksdb_write_buffer_manager_cost_to_cache(w), "no cache");
  rocksdb_write_buffer_manager_destroy(w);

  /* Two databases under one 1 MiB budget, charged to a 64 MiB cache. */
  rocksdb_cache_t* cache = rocksdb_cache_create_lru(64 << 20);
  w = rocksdb_write_buffer_manager_create_with_cache(1 << 20, cache, false);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_write_buffer_size(o, 64 << 20);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_options_set_write_buffer_manager(o, w);
  rocksdb_options_set_write_buffer_manager(o, NULL); /* NULL keeps the manager */
  rocksdb_t* db1 = rocksdb_open(o, p1, &err);
  CHECK_NOERR(err);
  rocksdb_t* db2 = rocksdb_open(o, p2, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_write_buffer_manager_memory_usage(w) == 0, "nothing allocated before a write");

  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  char key[32], value[1000];
  memset(value, 'v', sizeof(value));
  rocksdb_put(db1, wo, "first", 5, "x", 1, &err);
  CHECK_NOERR(err);
  size_t after_one = rocksdb_write_buffer_manager_memory_usage(w);
  CHECK(after_one > 0, "a write allocates memtable memory: %zu", after_one);
  CHECK(rocksdb_write_buffer_manager_mutable_memtable_memory_usage(w) == after_one, "all of it mutable");
  /* The memory rounded up to whole 256 KiB dummy entries. */
  size_t charged = (after_one + (256 << 10) - 1) / (256 << 10) * (256 << 10);
  CHECK(rocksdb_write_buffer_manager_dummy_entries_in_cache_usage(w) == charged, "%zu charged for %zu bytes",
        rocksdb_write_buffer_manager_dummy_entries_in_cache_usage(w), after_one);
  CHECK(rocksdb_cache_get_usage(cache) >= charged, "the cache carries the charge");

  /* 4 MiB of writes split over both databases: the budget flushes them. */
  for (int i = 0; i < 4000; i++) {
    snprintf(key, sizeof(key), "key%06d", i);
    rocksdb_put(i % 2 ? db2 : db1, wo, key, strlen(key), value, sizeof(value), &err);
    CHECK_NOERR(err);
  }
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  /* The flushes the budget started finish before this one returns. */
  rocksdb_flush(db1, fo, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db2, fo, &err);
  CHECK_NOERR(err);
  int f1 = files_at_level(db1, 0), f2 = files_at_level(db2, 0);
  CHECK(f1 >= 2 && f2 >= 2, "the shared budget flushed both databases early: %d and %d level-0 files", f1, f2);
  size_t left = rocksdb_write_buffer_manager_memory_usage(w);
  CHECK(left < (1 << 20), "flushed memtables gave their memory back: %zu left", left);

  /* Every key reads back. */
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  int found = 0;
  for (int i = 0; i < 4000; i++) {
    size_t vl = 0;
    snprintf(key, sizeof(key), "key%06d", i);
    char* v = rocksdb_get(i % 2 ? db2 : db1, ro, key, strlen(key), &vl, &err);
    CHECK_NOERR(err);
    if (v && vl == sizeof(value)) found++;
    free(v);
  }
  CHECK(found == 4000, "%d of 4000 keys read back", found);

  rocksdb_close(db1);
  rocksdb_close(db2);
  CHECK(rocksdb_write_buffer_manager_memory_usage(w) == 0, "closed databases hold no memtable memory: %zu",
        rocksdb_write_buffer_manager_memory_usage(w));
  CHECK(rocksdb_write_buffer_manager_dummy_entries_in_cache_usage(w) == 0, "and charge nothing");

  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  rocksdb_write_buffer_manager_destroy(w);
  rocksdb_cache_destroy(cache);
  remove_db_path(p1);
  remove_db_path(p2);
  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed ? 1 : 0;
}
