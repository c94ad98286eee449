/* Merge operators and range deletions through the C API: a merge operator
 * made of C callbacks (full and partial merge, delete_value, name, destructor),
 * rocksdb_merge/_cf and batch merges resolved by get, multi_get and iterators
 * in both directions, across a snapshot, flush, compaction and reopen; the
 * built-in uint64add; rocksdb_delete_range_cf and batch delete ranges.
 * Runs against Debian's RocksDB too (make reference). */
#include <rocksdb/c.h>
#include <stdint.h>
#include "check.h"

static char path[512];
static int destroyed = 0;
static int deleted_values = 0;
static int full_merges = 0;

static void op_destroy(void* state) {
  (void)state;
  destroyed++;
}

static const char* op_name(void* state) {
  (void)state;
  return "TestAppendOperator";
}

/* Joins existing and operands with '+'. */
static char* join(const char* existing, size_t existing_len, const char* const* ops, const size_t* lens,
                  int n, size_t* out_len) {
  size_t total = existing ? existing_len : 0;
  for (int i = 0; i < n; i++) total += lens[i] + 1;
  char* out = malloc(total + 1);
  size_t at = 0;
  if (existing) {
    memcpy(out, existing, existing_len);
    at = existing_len;
  }
  for (int i = 0; i < n; i++) {
    if (at > 0) out[at++] = '+';
    memcpy(out + at, ops[i], lens[i]);
    at += lens[i];
  }
  *out_len = at;
  return out;
}

static char* op_full_merge(void* state, const char* key, size_t key_len, const char* existing,
                           size_t existing_len, const char* const* ops, const size_t* lens, int n,
                           unsigned char* success, size_t* new_len) {
  (void)state;
  (void)key;
  (void)key_len;
  full_merges++;
  *success = 1;
  return join(existing, existing_len, ops, lens, n, new_len);
}

static char* op_partial_merge(void* state, const char* key, size_t key_len, const char* const* ops,
                              const size_t* lens, int n, unsigned char* success, size_t* new_len) {
  (void)state;
  (void)key;
  (void)key_len;
  *success = 1;
  return join(NULL, 0, ops, lens, n, new_len);
}

static void op_delete_value(void* state, const char* value, size_t len) {
  (void)state;
  (void)len;
  deleted_values++;
  free((void*)value);
}

/* Opens path with its default column family's handle in *dflt (7.8.3 has no
 * rocksdb_get_default_column_family_handle). */
static rocksdb_t* open_db(rocksdb_options_t* o, rocksdb_column_family_handle_t** dflt) {
  char* err = NULL;
  const char* names[] = {"default"};
  const rocksdb_options_t* cf_opts[] = {o};
  rocksdb_t* db = rocksdb_open_column_families(o, path, 1, names, cf_opts, dflt, &err);
  CHECK_NOERR(err);
  return db;
}

static void expect(rocksdb_t* db, const rocksdb_readoptions_t* ro, const char* k, const char* want) {
  char* err = NULL;
  size_t len = 99;
  char* v = rocksdb_get(db, ro, k, strlen(k), &len, &err);
  CHECK_NOERR(err);
  if (want == NULL) {
    CHECK(v == NULL, "%s should be absent, got %.*s", k, (int)len, v ? v : "");
  } else {
    CHECK_VALUE(v, len, want);
  }
  free(v);
}

/* Compaction filter: removes "drop" values, turns "change" into "changed". */
static int filter_calls = 0;
static int filter_destroyed = 0;
static int factory_destroyed = 0;
static int factory_creates = 0;
static char changed_value[] = "changed";

static void filter_destroy(void* state) {
  (void)state;
  filter_destroyed++;
}
static const char* filter_name(void* state) {
  (void)state;
  return "TestFilter";
}
static unsigned char filter_fn(void* state, int level, const char* key, size_t key_len, const char* value,
                               size_t value_len, char** new_value, size_t* new_len, unsigned char* changed) {
  (void)state;
  (void)level;
  (void)key;
  (void)key_len;
  filter_calls++;
  if (value_len == 4 && memcmp(value, "drop", 4) == 0) return 1;
  if (value_len == 6 && memcmp(value, "change", 6) == 0) {
    *new_value = changed_value;
    *new_len = strlen(changed_value);
    *changed = 1;
  }
  return 0;
}
/* Records every value a compaction filter is shown ("v1,v2,"), removing none. */
static char filter_seen[256];
static unsigned char recording_filter_fn(void* state, int level, const char* key, size_t key_len,
                                         const char* value, size_t value_len, char** new_value, size_t* new_len,
                                         unsigned char* changed) {
  (void)state;
  (void)level;
  (void)key;
  (void)key_len;
  (void)new_value;
  (void)new_len;
  (void)changed;
  size_t at = strlen(filter_seen);
  snprintf(filter_seen + at, sizeof filter_seen - at, "%.*s,", (int)value_len, value);
  return 0;
}

static void factory_destroy(void* state) {
  (void)state;
  factory_destroyed++;
}
static rocksdb_compactionfilter_t* factory_create(void* state, rocksdb_compactionfiltercontext_t* ctx) {
  (void)state;
  (void)rocksdb_compactionfiltercontext_is_manual_compaction(ctx);
  (void)rocksdb_compactionfiltercontext_is_full_compaction(ctx);
  factory_creates++;
  return rocksdb_compactionfilter_create(NULL, filter_destroy, filter_fn, filter_name);
}

/* Writes drop/change/keep values, flushes (no filtering), compacts (filtered). */
static void run_filtered(rocksdb_options_t* o, const char* name) {
  char* err = NULL;
  make_db_path(path, sizeof path, name);
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_put(db, wo, "k1", 2, "old", 3, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "k1", 2, "drop", 4, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "k2", 2, "change", 6, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "k3", 2, "keep", 4, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  expect(db, ro, "k1", "drop");
  expect(db, ro, "k2", "change");
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  CHECK(filter_calls > 0, "%s: filter called", name);
  expect(db, ro, "k1", NULL);
  expect(db, ro, "k2", "changed");
  expect(db, ro, "k3", "keep");
  rocksdb_flushoptions_destroy(fo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  remove_db_path(path);
}

static rocksdb_options_t* make_options(void) {
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_mergeoperator_t* op = rocksdb_mergeoperator_create(NULL, op_destroy, op_full_merge, op_partial_merge,
                                                             op_delete_value, op_name);
  /* The options own the operator from here on, as in RocksDB. */
  rocksdb_options_set_merge_operator(o, op);
  return o;
}


/* The keys and values of a full scan, "k=v," each, forward or backward. */
static void scan(rocksdb_t* db, const rocksdb_readoptions_t* ro, int backward, char* out, size_t cap) {
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  out[0] = 0;
  if (backward) rocksdb_iter_seek_to_last(it); else rocksdb_iter_seek_to_first(it);
  while (rocksdb_iter_valid(it)) {
    size_t kl, vl;
    const char* k = rocksdb_iter_key(it, &kl);
    const char* v = rocksdb_iter_value(it, &vl);
    size_t at = strlen(out);
    snprintf(out + at, cap - at, "%.*s=%.*s,", (int)kl, k, (int)vl, v);
    if (backward) rocksdb_iter_prev(it); else rocksdb_iter_next(it);
  }
  char* err = NULL;
  rocksdb_iter_get_error(it, &err);
  CHECK_NOERR(err);
  rocksdb_iter_destroy(it);
}

static void check_all(rocksdb_t* db, const rocksdb_readoptions_t* ro, const char* what) {
  char buf[1024];
  expect(db, ro, "a", "1+2+3");
  expect(db, ro, "b", "x+y");
  expect(db, ro, "c2", NULL);
  expect(db, ro, "d", "new");
  scan(db, ro, 0, buf, sizeof buf);
  CHECK(strcmp(buf, "a=1+2+3,b=x+y,c1=keep,d=new,e=e,") == 0, "%s forward: %s", what, buf);
  scan(db, ro, 1, buf, sizeof buf);
  CHECK(strcmp(buf, "e=e,d=new,c1=keep,b=x+y,a=1+2+3,") == 0, "%s backward: %s", what, buf);
}

int main(void) {
  char* err = NULL;
  make_db_path(path, sizeof path, "merge");
  rocksdb_options_t* o = make_options();
  rocksdb_column_family_handle_t* dflt = NULL;
  rocksdb_t* db = open_db(o, &dflt);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();

  rocksdb_put(db, wo, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_merge(db, wo, "a", 1, "2", 1, &err);
  CHECK_NOERR(err);
  rocksdb_merge_cf(db, wo, dflt, "b", 1, "x", 1, &err);
  CHECK_NOERR(err);
  const char* keys[] = {"c1", "c2", "c3", "d"};
  for (int i = 0; i < 4; i++) {
    rocksdb_put(db, wo, keys[i], strlen(keys[i]), "old", 3, &err);
    CHECK_NOERR(err);
  }
  const rocksdb_snapshot_t* snap = rocksdb_create_snapshot(db);
  rocksdb_writebatch_t* b = rocksdb_writebatch_create();
  rocksdb_writebatch_merge(b, "a", 1, "3", 1);
  rocksdb_writebatch_merge(b, "b", 1, "y", 1);
  rocksdb_writebatch_delete_range(b, "c", 1, "d", 1);
  rocksdb_writebatch_put(b, "c1", 2, "keep", 4);
  rocksdb_write(db, wo, b, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_destroy(b);
  rocksdb_delete_range_cf(db, wo, dflt, "d", 1, "e", 1, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "d", 1, "new", 3, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "e", 1, "e", 1, &err);
  CHECK_NOERR(err);
  check_all(db, ro, "memtable");

  rocksdb_readoptions_t* old = rocksdb_readoptions_create();
  rocksdb_readoptions_set_snapshot(old, snap);
  expect(db, old, "a", "1+2");
  expect(db, old, "c2", "old");
  {
    const char* mk[] = {"b", "c3", "zz"};
    size_t ml[] = {1, 2, 2};
    char* vals[3];
    size_t vlens[3];
    char* errs[3];
    rocksdb_multi_get(db, old, 3, mk, ml, vals, vlens, errs);
    CHECK(errs[0] == NULL && errs[1] == NULL && errs[2] == NULL, "multi_get errors");
    CHECK_VALUE(vals[0], vlens[0], "x");
    CHECK_VALUE(vals[1], vlens[1], "old");
    CHECK(vals[2] == NULL, "zz absent");
    for (int i = 0; i < 3; i++) free(vals[i]);
  }

  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  check_all(db, ro, "after flush");
  expect(db, old, "a", "1+2");
  expect(db, old, "c2", "old");
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  check_all(db, ro, "after compaction");
  expect(db, old, "a", "1+2");
  rocksdb_readoptions_destroy(old);
  rocksdb_release_snapshot(db, snap);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  check_all(db, ro, "after compaction without snapshot");
  CHECK(full_merges > 0 && deleted_values >= full_merges, "delete_value gets every result back (%d, %d)",
        full_merges, deleted_values);

  rocksdb_column_family_handle_destroy(dflt);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  CHECK(destroyed == 1, "operator destroyed once when its last user went, got %d", destroyed);

  o = make_options();
  db = open_db(o, &dflt);
  check_all(db, ro, "after reopen");
  rocksdb_column_family_handle_destroy(dflt);
  rocksdb_close(db);
  rocksdb_options_destroy(o);

  /* A merge without an operator is refused. */
  rocksdb_options_t* plain = rocksdb_options_create();
  db = rocksdb_open(plain, path, &err);
  CHECK_NOERR(err);
  rocksdb_merge(db, wo, "a", 1, "4", 1, &err);
  CHECK(err != NULL, "merge without an operator must fail");
  free(err);
  err = NULL;
  rocksdb_close(db);
  rocksdb_options_destroy(plain);
  remove_db_path(path);

  /* The built-in uint64add. */
  make_db_path(path, sizeof path, "uint64add");
  rocksdb_options_t* u = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(u, 1);
  rocksdb_options_set_uint64add_merge_operator(u);
  db = rocksdb_open(u, path, &err);
  CHECK_NOERR(err);
  for (uint64_t i = 1; i <= 10; i++) {
    unsigned char le[8];
    for (int j = 0; j < 8; j++) le[j] = (unsigned char)(i >> (8 * j));
    rocksdb_merge(db, wo, "n", 1, (const char*)le, 8, &err);
    CHECK_NOERR(err);
    if (i == 5) {
      rocksdb_flush(db, fo, &err);
      CHECK_NOERR(err);
    }
  }
  size_t len = 0;
  char* v = rocksdb_get(db, ro, "n", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(v != NULL && len == 8 && (unsigned char)v[0] == 55 && v[1] == 0, "uint64add sum 55");
  free(v);
  rocksdb_close(db);
  rocksdb_options_destroy(u);
  remove_db_path(path);

  rocksdb_flushoptions_destroy(fo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);

  /* A compaction filter set on options stays the caller's. */
  rocksdb_compactionfilter_t* cf = rocksdb_compactionfilter_create(NULL, filter_destroy, filter_fn, filter_name);
  rocksdb_compactionfilter_set_ignore_snapshots(cf, 1);
  rocksdb_options_t* fopts = rocksdb_options_create();
  rocksdb_options_set_compaction_filter(fopts, cf);
  run_filtered(fopts, "filter");
  rocksdb_options_destroy(fopts);
  rocksdb_compactionfilter_destroy(cf);
  CHECK(filter_destroyed == 1, "filter destroyed by its owner, got %d", filter_destroyed);

  /* A factory is owned by the options, and the filters it makes by the engine. */
  filter_calls = 0;
  fopts = rocksdb_options_create();
  rocksdb_options_set_compaction_filter_factory(
      fopts, rocksdb_compactionfilterfactory_create(NULL, factory_destroy, factory_create, filter_name));
  run_filtered(fopts, "filterfactory");
  rocksdb_options_destroy(fopts);
  CHECK(factory_creates >= 1, "factory made a filter");
  CHECK(factory_destroyed == 1, "factory destroyed with its last user, got %d", factory_destroyed);
  CHECK(filter_destroyed == 1 + factory_creates, "factory filters destroyed: %d of %d", filter_destroyed - 1,
        factory_creates);

  /* A C compaction filter is never shown merge operands (RocksDB's C filter has only the
   * value callback, and FilterMergeOperand keeps every operand), nor the value a merge
   * consumes: only plain values that are their key's newest entry. */
  {
    make_db_path(path, sizeof path, "filter-merge");
    rocksdb_options_t* mo = make_options();
    rocksdb_compactionfilter_t* rf =
        rocksdb_compactionfilter_create(NULL, filter_destroy, recording_filter_fn, filter_name);
    rocksdb_options_set_compaction_filter(mo, rf);
    rocksdb_t* mdb = rocksdb_open(mo, path, &err);
    CHECK_NOERR(err);
    rocksdb_writeoptions_t* mwo = rocksdb_writeoptions_create();
    rocksdb_readoptions_t* mro = rocksdb_readoptions_create();
    rocksdb_flushoptions_t* mfo = rocksdb_flushoptions_create();
    rocksdb_put(mdb, mwo, "m", 1, "base", 4, &err);
    CHECK_NOERR(err);
    rocksdb_flush(mdb, mfo, &err);
    CHECK_NOERR(err);
    rocksdb_merge(mdb, mwo, "m", 1, "op1", 3, &err);
    CHECK_NOERR(err);
    rocksdb_merge(mdb, mwo, "n", 1, "solo", 4, &err);
    CHECK_NOERR(err);
    rocksdb_put(mdb, mwo, "p", 1, "plain", 5, &err);
    CHECK_NOERR(err);
    rocksdb_flush(mdb, mfo, &err);
    CHECK_NOERR(err);
    filter_seen[0] = 0;
    rocksdb_compact_range(mdb, NULL, 0, NULL, 0);
    CHECK(strcmp(filter_seen, "plain,") == 0, "the filter saw only the plain value: %s", filter_seen);
    expect(mdb, mro, "m", "base+op1");
    expect(mdb, mro, "n", "solo");
    expect(mdb, mro, "p", "plain");
    rocksdb_flushoptions_destroy(mfo);
    rocksdb_readoptions_destroy(mro);
    rocksdb_writeoptions_destroy(mwo);
    rocksdb_close(mdb);
    rocksdb_options_destroy(mo);
    rocksdb_compactionfilter_destroy(rf);
    remove_db_path(path);
  }

  /* Approximate sizes of flushed data. */
  {
    make_db_path(path, sizeof path, "approx");
    rocksdb_options_t* ao = rocksdb_options_create();
    rocksdb_options_set_create_if_missing(ao, 1);
    rocksdb_options_set_compression(ao, rocksdb_no_compression);
    rocksdb_t* adb = rocksdb_open(ao, path, &err);
    CHECK_NOERR(err);
    rocksdb_writeoptions_t* awo = rocksdb_writeoptions_create();
    char key[16], val[100];
    memset(val, 'v', sizeof val);
    for (int i = 0; i < 1000; i++) {
      snprintf(key, sizeof key, "k%04d", i);
      rocksdb_put(adb, awo, key, strlen(key), val, sizeof val, &err);
      CHECK_NOERR(err);
    }
    rocksdb_flushoptions_t* afo = rocksdb_flushoptions_create();
    rocksdb_flush(adb, afo, &err);
    CHECK_NOERR(err);
    const char* starts[] = {"k0000", "z"};
    const char* limits[] = {"k0500", "zz"};
    size_t slen[] = {5, 1}, llen[] = {5, 2};
    uint64_t sizes[2] = {7, 7};
    rocksdb_approximate_sizes(adb, 2, starts, slen, limits, llen, sizes, &err);
    CHECK_NOERR(err);
    CHECK(sizes[0] > 20000 && sizes[0] < 120000, "half the keys: %llu", (unsigned long long)sizes[0]);
    CHECK(sizes[1] == 0, "no keys: %llu", (unsigned long long)sizes[1]);
    rocksdb_flushoptions_destroy(afo);
    rocksdb_writeoptions_destroy(awo);
    rocksdb_close(adb);
    rocksdb_options_destroy(ao);
    remove_db_path(path);
  }

  /* Prefix seek with a fixed-prefix extractor, in the memtable and in a table. */
  {
    make_db_path(path, sizeof path, "prefix");
    rocksdb_options_t* po = rocksdb_options_create();
    rocksdb_options_set_create_if_missing(po, 1);
    rocksdb_options_set_prefix_extractor(po, rocksdb_slicetransform_create_fixed_prefix(2));
    rocksdb_t* pdb = rocksdb_open(po, path, &err);
    CHECK_NOERR(err);
    rocksdb_writeoptions_t* pwo = rocksdb_writeoptions_create();
    const char* pk[] = {"aa1", "aa2", "ab1", "b"};
    for (int i = 0; i < 4; i++) {
      rocksdb_put(pdb, pwo, pk[i], strlen(pk[i]), "v", 1, &err);
      CHECK_NOERR(err);
    }
    rocksdb_readoptions_t* pro = rocksdb_readoptions_create();
    rocksdb_readoptions_set_prefix_same_as_start(pro, 1);
    rocksdb_flushoptions_t* pfo = rocksdb_flushoptions_create();
    for (int round = 0; round < 2; round++) {
      rocksdb_iterator_t* it = rocksdb_create_iterator(pdb, pro);
      int n = 0;
      for (rocksdb_iter_seek(it, "aa", 2); rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
        size_t kl;
        const char* k = rocksdb_iter_key(it, &kl);
        CHECK(kl == 3 && memcmp(k, "aa", 2) == 0, "round %d: key %.*s", round, (int)kl, k);
        n++;
      }
      CHECK(n == 2, "round %d: %d keys of prefix aa", round, n);
      rocksdb_iter_destroy(it);
      rocksdb_flush(pdb, pfo, &err);
      CHECK_NOERR(err);
    }
    rocksdb_flushoptions_destroy(pfo);
    rocksdb_readoptions_destroy(pro);
    rocksdb_writeoptions_destroy(pwo);
    rocksdb_close(pdb);
    rocksdb_options_destroy(po);
    remove_db_path(path);
  }

  /* A checkpoint opens with the data written before it, and only that. */
  {
    char cp[600];
    make_db_path(path, sizeof path, "checkpoint");
    snprintf(cp, sizeof cp, "%s-cp", path);
    remove_db_path(cp);
    rocksdb_options_t* co = rocksdb_options_create();
    rocksdb_options_set_create_if_missing(co, 1);
    rocksdb_t* cdb = rocksdb_open(co, path, &err);
    CHECK_NOERR(err);
    rocksdb_writeoptions_t* cwo = rocksdb_writeoptions_create();
    rocksdb_readoptions_t* cro = rocksdb_readoptions_create();
    rocksdb_put(cdb, cwo, "before", 6, "1", 1, &err);
    CHECK_NOERR(err);
    rocksdb_checkpoint_t* ck = rocksdb_checkpoint_object_create(cdb, &err);
    CHECK_NOERR(err);
    rocksdb_checkpoint_create(ck, cp, 0, &err);
    CHECK_NOERR(err);
    rocksdb_checkpoint_create(ck, cp, 0, &err);
    CHECK(err != NULL, "a second checkpoint into the same directory fails");
    free(err);
    err = NULL;
    rocksdb_checkpoint_object_destroy(ck);
    rocksdb_put(cdb, cwo, "after", 5, "2", 1, &err);
    CHECK_NOERR(err);
    rocksdb_close(cdb);
    rocksdb_t* cpdb = rocksdb_open(co, cp, &err);
    CHECK_NOERR(err);
    expect(cpdb, cro, "before", "1");
    expect(cpdb, cro, "after", NULL);
    rocksdb_close(cpdb);
    rocksdb_readoptions_destroy(cro);
    rocksdb_writeoptions_destroy(cwo);
    rocksdb_options_destroy(co);
    remove_db_path(cp);
    remove_db_path(path);
  }
  return check_report("t_merge");
}
