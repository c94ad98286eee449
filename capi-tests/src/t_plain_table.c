/* The PlainTable format through the C API: a database opened with
 * rocksdb_options_set_plain_table_factory (fixed 4-byte keys, fixed prefix 3,
 * kPlain) writes, flushes, reopens and reads back; prefix seeks land within the
 * prefix; SeekToLast and a total-order seek over a flushed plain table fail as
 * in RocksDB; the OPTIONS file names the factory and rocksdb_load_latest_options
 * opens the database with it; the kPrefix encoding and variable-length keys
 * round-trip; store_index_in_file and full_scan_mode answer Not implemented. */
#include <rocksdb/c.h>
#include "check.h"

static char path[512];

static rocksdb_options_t* plain_options(char encoding, uint32_t key_len) {
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_allow_mmap_reads(o, 1);
  rocksdb_options_set_prefix_extractor(o, rocksdb_slicetransform_create_fixed_prefix(3));
  rocksdb_options_set_plain_table_factory(o, key_len, 10, 0.75, 16, 0, encoding, 0, 0);
  return o;
}

static void check_get(rocksdb_t* db, const char* key, const char* want, const char* where) {
  char* err = NULL;
  size_t vl = 0;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = rocksdb_get(db, ro, key, strlen(key), &vl, &err);
  CHECK_NOERR(err);
  if (want == NULL) {
    CHECK(v == NULL, "%s: %s should be absent", where, key);
  } else {
    CHECK_VALUE(v, vl, want);
  }
  rocksdb_free(v);
  rocksdb_readoptions_destroy(ro);
}

/* The keys a prefix seek to target yields while they keep its first 3 bytes, joined by ','. */
static void prefix_scan(rocksdb_t* db, const char* target, char* out, size_t cap) {
  char* err = NULL;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  out[0] = 0;
  for (rocksdb_iter_seek(it, target, strlen(target)); rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
    size_t kl;
    const char* k = rocksdb_iter_key(it, &kl);
    if (kl < 3 || memcmp(k, target, 3) != 0) break;
    size_t n = strlen(out);
    snprintf(out + n, cap - n, "%s%.*s", n ? "," : "", (int)kl, k);
  }
  rocksdb_iter_get_error(it, &err);
  CHECK_NOERR(err);
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
}

static void fixed_keys(void) {
  char* err = NULL;
  char got[256];
  make_db_path(path, sizeof path, "plain");
  rocksdb_options_t* o = plain_options(0, 4);
  rocksdb_options_set_hash_skip_list_rep(o, 5000, 4, 4);
  rocksdb_options_set_allow_concurrent_memtable_write(o, 0);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  const char* keys[] = {"foo1", "foo2", "foo3", "bar1", "bar2", "bar3", "baz1"};
  for (int i = 0; i < 7; i++) {
    rocksdb_put(db, wo, keys[i], 4, keys[i], 3, &err);
    CHECK_NOERR(err);
  }
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  CHECK(files_at_level(db, 0) == 1, "one table after the flush");
  rocksdb_delete(db, wo, "bar2", 4, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "foo4", 4, "new", 3, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_close(db);

  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  check_get(db, "foo1", "foo", "reopened");
  check_get(db, "bar3", "bar", "reopened");
  check_get(db, "foo4", "new", "reopened");
  check_get(db, "bar2", NULL, "reopened");
  check_get(db, "qux1", NULL, "reopened");
  prefix_scan(db, "bar", got, sizeof got);
  CHECK(strcmp(got, "bar1,bar3") == 0, "prefix seek bar: %s", got);
  prefix_scan(db, "foo2", got, sizeof got);
  CHECK(strcmp(got, "foo2,foo3,foo4") == 0, "prefix seek foo2: %s", got);
  prefix_scan(db, "zzz", got, sizeof got);
  CHECK(strcmp(got, "") == 0, "prefix seek zzz: %s", got);

  /* A compaction rewrites both tables as one plain table. */
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  CHECK(files_at_level(db, 0) == 0, "level 0 compacted away");
  prefix_scan(db, "bar", got, sizeof got);
  CHECK(strcmp(got, "bar1,bar3") == 0, "prefix seek bar after compaction: %s", got);
  prefix_scan(db, "baz", got, sizeof got);
  CHECK(strcmp(got, "baz1") == 0, "prefix seek baz after compaction: %s", got);
  check_get(db, "foo3", "foo", "compacted");

  /* What PlainTable cannot do, with RocksDB's messages. */
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  rocksdb_iter_seek_to_last(it);
  CHECK(!rocksdb_iter_valid(it), "SeekToLast is not supported");
  rocksdb_iter_get_error(it, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: SeekToLast() is not supported in PlainTable");
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_set_total_order_seek(ro, 1);
  it = rocksdb_create_iterator(db, ro);
  rocksdb_iter_seek(it, "ba", 2);
  rocksdb_iter_get_error(it, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: total_order_seek not implemented for PlainTable.");
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);

  /* The OPTIONS file carries the factory: the loaded options open the database and read it. */
  size_t n_cf = 0;
  char** names = NULL;
  rocksdb_options_t* db_opts = NULL;
  rocksdb_options_t** cf_opts = NULL;
  rocksdb_env_t* env = rocksdb_create_default_env();
  rocksdb_load_latest_options(path, env, 0, NULL, &db_opts, &n_cf, &names, &cf_opts, &err);
  CHECK_NOERR(err);
  CHECK(n_cf == 1, "one column family in the OPTIONS file");
  if (n_cf == 1) {
    rocksdb_column_family_handle_t* h = NULL;
    db = rocksdb_open_column_families(db_opts, path, 1, (const char* const*)names,
                                      (const rocksdb_options_t* const*)cf_opts, &h, &err);
    CHECK_NOERR(err);
    if (db) {
      prefix_scan(db, "foo", got, sizeof got);
      CHECK(strcmp(got, "foo1,foo2,foo3,foo4") == 0, "loaded options, prefix seek foo: %s", got);
      rocksdb_column_family_handle_destroy(h);
      rocksdb_close(db);
    }
  }
  rocksdb_load_latest_options_destroy(db_opts, names, cf_opts, n_cf);
  rocksdb_env_destroy(env);
  char cmd[1400];
  snprintf(cmd, sizeof cmd, "grep -q '^  table_factory=PlainTable$' %s/OPTIONS-* && grep -q '^\\[TableOptions/PlainTable \"default\"\\]$' %s/OPTIONS-*", path, path);
  CHECK(system(cmd) == 0, "the OPTIONS file names the PlainTable factory and its section");
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void prefix_encoding_and_variable_keys(void) {
  char* err = NULL;
  char got[256];
  make_db_path(path, sizeof path, "plain-kprefix");
  rocksdb_options_t* o = plain_options(1, 0);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  const char* keys[] = {"abc", "abcdef", "abcx", "abd-long-key", "xyz1"};
  for (int i = 0; i < 5; i++) {
    rocksdb_put(db, wo, keys[i], strlen(keys[i]), "v", 1, &err);
    CHECK_NOERR(err);
  }
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_close(db);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  for (int i = 0; i < 5; i++) check_get(db, keys[i], "v", "kPrefix");
  check_get(db, "abcd", NULL, "kPrefix");
  prefix_scan(db, "abc", got, sizeof got);
  CHECK(strcmp(got, "abc,abcdef,abcx") == 0, "kPrefix prefix seek abc: %s", got);
  rocksdb_close(db);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void not_implemented_modes(void) {
  char* err = NULL;
  make_db_path(path, sizeof path, "plain-ni");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_plain_table_factory(o, 0, 10, 0.75, 16, 0, 0, 0, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "store_index_in_file refused");
  CHECK_ERR_PREFIX(err, "Not implemented: PlainTable store_index_in_file");
  rocksdb_options_set_plain_table_factory(o, 0, 10, 0.75, 16, 0, 0, 1, 0);
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "full_scan_mode refused");
  CHECK_ERR_PREFIX(err, "Not implemented: PlainTable full_scan_mode");
  /* Back to block-based tables: opens. */
  rocksdb_block_based_table_options_t* bbto = rocksdb_block_based_options_create();
  rocksdb_options_set_block_based_table_factory(o, bbto);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) rocksdb_close(db);
  rocksdb_block_based_options_destroy(bbto);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  fixed_keys();
  prefix_encoding_and_variable_keys();
  not_implemented_modes();
  return check_report("t_plain_table");
}
