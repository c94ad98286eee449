/* Table filters through c.h's filter policies, seen by point lookups and the perf context:
 * a full Bloom filter of 8 bits per key answers "may match" for exactly the false positives
 * RocksDB's filter gives (its bit layout fixes them: 188 of 10,000 absent keys for this data),
 * a Ribbon filter of 8 Bloom-equivalent bits exactly RocksDB's Standard128 Ribbon's (226, as
 * c_test's filter phase checks), and the Ribbon/Bloom hybrid with bloom_before_level 1 a Bloom
 * filter: the flush writes one (a flush counts as level -1) and CompactRange moves that table
 * to the last level unrewritten (a trivial move), as RocksDB's does,
 * every table check is counted as a hit or a miss (bloom_sst_hit_count / _miss_count) from the
 * thread's default perf level on, and nothing is counted once the perf level is "disable". */
#include <rocksdb/c.h>

#include "check.h"

static rocksdb_t* filled_db(const char* path, rocksdb_filterpolicy_t* policy, rocksdb_options_t** out) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_filter_policy(t, policy);
  rocksdb_block_based_options_set_optimize_filters_for_memory(t, 0);
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_block_based_options_destroy(t);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "foo", 3, "foovalue", 8, &err);
  rocksdb_put(db, wo, "bar", 3, "barvalue", 8, &err);
  char k[64];
  for (int i = 0; i < 1500; i++) {
    snprintf(k, sizeof(k), "yes%020d", i);
    rocksdb_put(db, wo, k, strlen(k), "val", 3, &err);
  }
  CHECK_NOERR(err);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  rocksdb_writeoptions_destroy(wo);
  *out = o;
  return db;
}

/* Looks up 10,000 absent keys; returns how many the filters let through. */
static uint64_t query_absent(rocksdb_t* db, rocksdb_perfcontext_t* perf, uint64_t* misses) {
  char* err = NULL;
  char k[64];
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_perfcontext_reset(perf);
  for (int i = 0; i < 10000; i++) {
    size_t len;
    snprintf(k, sizeof(k), "no%020d", i);
    char* v = rocksdb_get(db, ro, k, strlen(k), &len, &err);
    CHECK(v == NULL && err == NULL, "absent key %s", k);
    free(v);
  }
  rocksdb_readoptions_destroy(ro);
  *misses = rocksdb_perfcontext_metric(perf, rocksdb_bloom_sst_miss_count);
  return rocksdb_perfcontext_metric(perf, rocksdb_bloom_sst_hit_count);
}

int main(void) {
  char path[256];
  char* err = NULL;
  make_db_path(path, sizeof(path), "filter");
  rocksdb_options_t* o;
  rocksdb_t* db = filled_db(path, rocksdb_filterpolicy_create_bloom_full(8.0), &o);
  size_t len;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = rocksdb_get(db, ro, "foo", 3, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "foovalue");
  free(v);

  rocksdb_perfcontext_t* perf = rocksdb_perfcontext_create();
  uint64_t misses = 0;
  uint64_t hits = query_absent(db, perf, &misses);
  CHECK(hits == 188, "RocksDB's full Bloom filter lets 188 of these through, got %llu", (unsigned long long)hits);
  CHECK(hits + misses == 10000, "every lookup checked one table filter: %llu + %llu", (unsigned long long)hits,
        (unsigned long long)misses);
  /* A present key is a hit. */
  rocksdb_perfcontext_reset(perf);
  v = rocksdb_get(db, ro, "bar", 3, &len, &err);
  free(v);
  CHECK(rocksdb_perfcontext_metric(perf, rocksdb_bloom_sst_hit_count) == 1, "a present key passes the filter");
  char* report = rocksdb_perfcontext_report(perf, 1);
  CHECK(report != NULL && strstr(report, "bloom_sst_hit_count = 1") != NULL, "the report lists the hit: %s",
        report ? report : "NULL");
  free(report);
  /* Perf level "disable" (1) counts nothing. */
  rocksdb_set_perf_level(rocksdb_disable);
  hits = query_absent(db, perf, &misses);
  CHECK(hits == 0 && misses == 0, "nothing counted while disabled: %llu %llu", (unsigned long long)hits,
        (unsigned long long)misses);
  rocksdb_set_perf_level(rocksdb_enable_count);

  rocksdb_perfcontext_destroy(perf);
  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);

  /* Ribbon, then the hybrid: each in a fresh database. */
  struct {
    const char* what;
    int bloom_before_level; /* -2: plain ribbon */
    uint64_t want;
  } kinds[] = {{"ribbon", -2, 226}, {"ribbon hybrid, bloom before level 1", 1, 188}, {"ribbon hybrid, -1", -1, 226}};
  for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
    make_db_path(path, sizeof(path), "filter-ribbon");
    rocksdb_filterpolicy_t* p = kinds[i].bloom_before_level == -2
                                    ? rocksdb_filterpolicy_create_ribbon(8.0)
                                    : rocksdb_filterpolicy_create_ribbon_hybrid(8.0, kinds[i].bloom_before_level);
    db = filled_db(path, p, &o);
    ro = rocksdb_readoptions_create();
    v = rocksdb_get(db, ro, "foo", 3, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "foovalue");
    free(v);
    perf = rocksdb_perfcontext_create();
    hits = query_absent(db, perf, &misses);
    CHECK(hits == kinds[i].want, "%s: RocksDB's filter lets %llu through, got %llu", kinds[i].what,
          (unsigned long long)kinds[i].want, (unsigned long long)hits);
    CHECK(hits + misses == 10000, "%s: %llu + %llu", kinds[i].what, (unsigned long long)hits,
          (unsigned long long)misses);
    rocksdb_perfcontext_destroy(perf);
    rocksdb_readoptions_destroy(ro);
    rocksdb_close(db);
    rocksdb_options_destroy(o);
    remove_db_path(path);
  }
  return check_report("t_filter");
}
