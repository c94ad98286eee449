/* Prefix bloom filters through the C API: a fixed-prefix extractor with a full
 * bloom filter (whole keys on and off) and a memtable prefix bloom. A seek in
 * prefix mode to a prefix no source holds skips every source (RocksDB leaves
 * results past the prefix unspecified, and skips what its filters rule out),
 * total_order_seek and auto_prefix_mode see total order, prefix_same_as_start
 * stays within the prefix, and Get finds every key, in the memtable, in a
 * level-0 table and in a level-1 table. Runs against Debian's RocksDB too
 * (make reference). */
#include <rocksdb/c.h>
#include "check.h"

static char path[512];

/* The key a seek to target lands on ("" when the iterator is invalid). */
static void first_from(rocksdb_t* db, rocksdb_readoptions_t* ro, const char* target, char* out, size_t cap) {
  char* err = NULL;
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  rocksdb_iter_seek(it, target, strlen(target));
  out[0] = 0;
  if (rocksdb_iter_valid(it)) {
    size_t kl;
    const char* k = rocksdb_iter_key(it, &kl);
    snprintf(out, cap, "%.*s", (int)kl, k);
  }
  rocksdb_iter_get_error(it, &err);
  CHECK_NOERR(err);
  rocksdb_iter_destroy(it);
}

static void check_round(rocksdb_t* db, const char* where) {
  char got[64];
  char* err = NULL;
  rocksdb_readoptions_t* prefix_mode = rocksdb_readoptions_create();
  first_from(db, prefix_mode, "bb", got, sizeof got);
  CHECK(strcmp(got, "") == 0, "%s: prefix mode, seek to absent prefix bb: got %s", where, got);
  first_from(db, prefix_mode, "aa2", got, sizeof got);
  CHECK(strcmp(got, "aa2") == 0, "%s: seek aa2: got %s", where, got);

  rocksdb_readoptions_t* total = rocksdb_readoptions_create();
  rocksdb_readoptions_set_total_order_seek(total, 1);
  first_from(db, total, "bb", got, sizeof got);
  CHECK(strcmp(got, "cc1") == 0, "%s: total order, seek bb: got %s", where, got);
#ifndef CAPI_TESTS_REFERENCE_783 /* added after RocksDB 7.8.3 */
  rocksdb_readoptions_t* autop = rocksdb_readoptions_create();
  rocksdb_readoptions_set_auto_prefix_mode(autop, 1);
  CHECK(rocksdb_readoptions_get_auto_prefix_mode(autop) == 1, "auto_prefix_mode reads back");
  first_from(db, autop, "bb", got, sizeof got);
  CHECK(strcmp(got, "cc1") == 0, "%s: auto_prefix_mode, seek bb: got %s", where, got);
  rocksdb_readoptions_destroy(autop);
#endif

  rocksdb_readoptions_t* same = rocksdb_readoptions_create();
  rocksdb_readoptions_set_prefix_same_as_start(same, 1);
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, same);
  int n = 0;
  for (rocksdb_iter_seek(it, "aa", 2); rocksdb_iter_valid(it); rocksdb_iter_next(it)) n++;
  CHECK(n == 2, "%s: %d keys of prefix aa", where, n);
  rocksdb_iter_seek(it, "bb", 2);
  CHECK(!rocksdb_iter_valid(it), "%s: nothing of prefix bb", where);
  rocksdb_iter_destroy(it);

  const char* keys[] = {"aa1", "aa2", "cc1", "cc2"};
  for (int i = 0; i < 4; i++) {
    size_t vl;
    char* v = rocksdb_get(db, prefix_mode, keys[i], 3, &vl, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, vl, keys[i]);
    free(v);
  }
  size_t vl = 7;
  char* v = rocksdb_get(db, prefix_mode, "bb1", 3, &vl, &err);
  CHECK_NOERR(err);
  CHECK(v == NULL, "%s: bb1 is absent", where);
  free(v);
  rocksdb_readoptions_destroy(same);
  rocksdb_readoptions_destroy(total);
  rocksdb_readoptions_destroy(prefix_mode);
}

int main(void) {
  char* err = NULL;
  for (int whole_key = 0; whole_key <= 1; whole_key++) {
    make_db_path(path, sizeof path, whole_key ? "prefix-whole" : "prefix-only");
    rocksdb_options_t* o = rocksdb_options_create();
    rocksdb_options_set_create_if_missing(o, 1);
    rocksdb_options_set_prefix_extractor(o, rocksdb_slicetransform_create_fixed_prefix(2));
    rocksdb_options_set_memtable_prefix_bloom_size_ratio(o, 0.1);
    CHECK(rocksdb_options_get_memtable_prefix_bloom_size_ratio(o) == 0.1, "bloom ratio reads back");
    rocksdb_options_set_memtable_whole_key_filtering(o, (unsigned char)whole_key);
    rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_filter_policy(t, rocksdb_filterpolicy_create_bloom_full(10));
    rocksdb_block_based_options_set_whole_key_filtering(t, (unsigned char)whole_key);
    rocksdb_options_set_block_based_table_factory(o, t);
    rocksdb_t* db = rocksdb_open(o, path, &err);
    CHECK_NOERR(err);
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    const char* keys[] = {"aa1", "aa2", "cc1", "cc2"};
    for (int i = 0; i < 4; i++) {
      rocksdb_put(db, wo, keys[i], 3, keys[i], 3, &err);
      CHECK_NOERR(err);
    }
    check_round(db, "memtable");
    rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
    check_round(db, "level 0");
    rocksdb_compact_range(db, NULL, 0, NULL, 0);
    check_round(db, "level 1");
    rocksdb_flushoptions_destroy(fo);
    rocksdb_writeoptions_destroy(wo);
    rocksdb_close(db);
    rocksdb_block_based_options_destroy(t);
    rocksdb_options_destroy(o);
    remove_db_path(path);
  }
  return check_report("t_prefix");
}
