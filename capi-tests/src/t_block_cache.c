/* A block cache handed to the tables through rocksdb_block_based_options_set_block_cache:
 * reads fill that cache (its usage grows), blocks an iterator holds with pin_data count as
 * pinned, and two databases given one cache share it. */
#include <rocksdb/c.h>

#include "check.h"

static rocksdb_t* open_with_cache(const char* path, rocksdb_cache_t* cache, rocksdb_options_t** out) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_block_cache(t, cache);
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_block_based_options_destroy(t);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  *out = o;
  return db;
}

static void put_and_compact(rocksdb_t* db, const char* key) {
  char* err = NULL;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, key, strlen(key), "hello", 5, &err);
  CHECK_NOERR(err);
  /* CompactRange flushes the memtable first, so the key is then only in a table. */
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  rocksdb_writeoptions_destroy(wo);
}

int main(void) {
  char p1[256], p2[256];
  make_db_path(p1, sizeof(p1), "block-cache-1");
  make_db_path(p2, sizeof(p2), "block-cache-2");
  rocksdb_cache_t* cache = rocksdb_cache_create_lru(100000);
  rocksdb_options_t *o1, *o2;
  rocksdb_t* db1 = open_with_cache(p1, cache, &o1);
  put_and_compact(db1, "foo");
  /* What the tables hold in the cache before any read (RocksDB keeps small entries there). */
  size_t usage_before = rocksdb_cache_get_usage(cache);
  size_t pinned_before = rocksdb_cache_get_pinned_usage(cache);

  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_readoptions_set_pin_data(ro, 1);
  rocksdb_iterator_t* it = rocksdb_create_iterator(db1, ro);
  rocksdb_iter_seek(it, "foo", 3);
  CHECK(rocksdb_iter_valid(it), "foo found in the table");
  size_t usage = rocksdb_cache_get_usage(cache);
  CHECK(usage > usage_before, "the block read is in the caller's cache (%zu, before %zu)", usage, usage_before);
  CHECK(rocksdb_cache_get_pinned_usage(cache) > pinned_before, "the block the iterator holds is pinned");
  rocksdb_iter_destroy(it);
  CHECK(rocksdb_cache_get_pinned_usage(cache) == pinned_before, "the block is unpinned once the iterator is gone, %zu",
        rocksdb_cache_get_pinned_usage(cache));
  CHECK(rocksdb_cache_get_usage(cache) == usage, "the block stays cached");

  /* A second database on the same cache adds its own blocks to it. */
  rocksdb_t* db2 = open_with_cache(p2, cache, &o2);
  put_and_compact(db2, "bar");
  char* err = NULL;
  size_t vlen = 0;
  rocksdb_readoptions_set_pin_data(ro, 0);
  char* v = rocksdb_get(db2, ro, "bar", 3, &vlen, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, vlen, "hello");
  free(v);
  CHECK(rocksdb_cache_get_usage(cache) > usage, "the second database's block joins the shared cache");

  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db1);
  rocksdb_close(db2);
  rocksdb_options_destroy(o1);
  rocksdb_options_destroy(o2);
  rocksdb_cache_destroy(cache);
  remove_db_path(p1);
  remove_db_path(p2);
  return check_report("t_block_cache");
}
