/* The functions of c_test.c's phases (RocksDB 11.8.1's db/c_test.c) that no other test of
 * ours called: the vector and column-family forms of write batches, the indexed batch's
 * clear / iterate / putv / pinned read over the database, iterator slices, string options,
 * read options' request id and merge-operand threshold, the Env's thread pools, histogram
 * data, the TransactionDB's column-family and multi-get calls, a transaction's multi-gets
 * and log data, key_may_exist, get_into_buffer_cf, get_pinned_cf_v2 and
 * create_column_families. Each check is what RocksDB answers (db/c.cc). */
#include "check.h"

static char* err = NULL;

struct collected {
  char text[512];
};

static void on_put(void* s, const char* k, size_t kl, const char* v, size_t vl) {
  struct collected* c = s;
  size_t n = strlen(c->text);
  snprintf(c->text + n, sizeof(c->text) - n, "put(%.*s,%.*s)", (int)kl, k, (int)vl, v);
}

static void on_delete(void* s, const char* k, size_t kl) {
  struct collected* c = s;
  size_t n = strlen(c->text);
  snprintf(c->text + n, sizeof(c->text) - n, "del(%.*s)", (int)kl, k);
}

/* A merge operator that concatenates operands with ',' (full merge only). */
static char* concat_full(void* state, const char* key, size_t key_length, const char* existing,
                         size_t existing_length, const char* const* operands, const size_t* lens,
                         int num_operands, unsigned char* success, size_t* new_length) {
  (void)state; (void)key; (void)key_length;
  size_t total = existing ? existing_length : 0;
  for (int i = 0; i < num_operands; i++) total += lens[i] + 1;
  char* out = malloc(total + 1);
  size_t n = 0;
  if (existing) { memcpy(out, existing, existing_length); n = existing_length; }
  for (int i = 0; i < num_operands; i++) {
    if (n > 0) out[n++] = ',';
    memcpy(out + n, operands[i], lens[i]);
    n += lens[i];
  }
  *new_length = n;
  *success = 1;
  return out;
}
static char* concat_partial(void* state, const char* key, size_t key_length, const char* const* operands,
                            const size_t* lens, int num_operands, unsigned char* success, size_t* new_length) {
  (void)state; (void)key; (void)key_length; (void)operands; (void)lens; (void)num_operands;
  *success = 0;
  *new_length = 0;
  return NULL;
}
static void no_destroy(void* s) { (void)s; }
static void delete_value(void* s, const char* v, size_t n) { (void)s; (void)n; free((void*)v); }
static const char* concat_name(void* s) { (void)s; return "concat"; }

static void check_get_cf(rocksdb_t* db, rocksdb_readoptions_t* ro, rocksdb_column_family_handle_t* cf,
                         const char* key, const char* want) {
  size_t len = 0;
  char* v = rocksdb_get_cf(db, ro, cf, key, strlen(key), &len, &err);
  CHECK_NOERR(err);
  if (want == NULL) {
    CHECK(v == NULL, "%s: expected absent, got %.*s", key, (int)len, v ? v : "");
  } else {
    CHECK_VALUE(v, len, want);
  }
  free(v);
}

static void batches(rocksdb_t* db, rocksdb_column_family_handle_t* cf, rocksdb_readoptions_t* ro,
                    rocksdb_writeoptions_t* wo) {
  /* putv_cf: keys and values given as pieces, joined. */
  const char* kparts[] = {"ke", "y1"};
  const size_t klens[] = {2, 2};
  const char* vparts[] = {"va", "l", "1"};
  const size_t vlens[] = {2, 1, 1};
  rocksdb_writebatch_t* b = rocksdb_writebatch_create();
  rocksdb_writebatch_putv_cf(b, cf, 2, kparts, klens, 3, vparts, vlens);
  rocksdb_writebatch_put_cf(b, cf, "a", 1, "x", 1);
  rocksdb_writebatch_put_cf(b, cf, "b", 1, "y", 1);
  rocksdb_writebatch_put_cf(b, cf, "c", 1, "z", 1);
  rocksdb_writebatch_put_cf(b, cf, "m1", 2, "p", 1);
  rocksdb_writebatch_put_cf(b, cf, "m2", 2, "q", 1);
  rocksdb_writebatch_put(b, "r1", 2, "1", 1);
  rocksdb_writebatch_put(b, "r2", 2, "2", 1);
  rocksdb_writebatch_put(b, "r3", 2, "3", 1);
  rocksdb_writebatch_merge_cf(b, cf, "mk", 2, "one", 3);
  rocksdb_writebatch_merge_cf(b, cf, "mk", 2, "two", 3);
  CHECK(rocksdb_writebatch_count(b) == 11, "count %d", rocksdb_writebatch_count(b));
  rocksdb_write(db, wo, b, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_destroy(b);
  check_get_cf(db, ro, cf, "key1", "val1");
  check_get_cf(db, ro, cf, "mk", "one,two");

  /* deletev_cf ("a" + "" joined is "a"), delete_rangev_cf [m1, m2+) and delete_rangev on default. */
  b = rocksdb_writebatch_create();
  const char* dparts[] = {"a", ""};
  const size_t dlens[] = {1, 0};
  rocksdb_writebatch_deletev_cf(b, cf, 2, dparts, dlens);
  const char* rs[] = {"m1"};
  const size_t rsl[] = {2};
  const char* re[] = {"m3"};
  const size_t rel[] = {2};
  rocksdb_writebatch_delete_rangev_cf(b, cf, 1, rs, rsl, re, rel);
  const char* ds[] = {"r1"};
  const size_t dsl[] = {2};
  const char* de[] = {"r3"};
  const size_t del[] = {2};
  rocksdb_writebatch_delete_rangev(b, 1, ds, dsl, de, del);
  CHECK(rocksdb_writebatch_count(b) == 3, "count %d", rocksdb_writebatch_count(b));
  rocksdb_write(db, wo, b, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_destroy(b);
  check_get_cf(db, ro, cf, "a", NULL);
  check_get_cf(db, ro, cf, "b", "y");
  check_get_cf(db, ro, cf, "m1", NULL);
  check_get_cf(db, ro, cf, "m2", NULL);
  size_t len;
  char* v = rocksdb_get(db, ro, "r1", 2, &len, &err);
  CHECK_NOERR(err);
  CHECK(v == NULL, "r1 deleted by delete_rangev");
  free(v);
  v = rocksdb_get(db, ro, "r3", 2, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "3");
  free(v);

  /* rocksdb_delete_cf */
  rocksdb_delete_cf(db, wo, cf, "c", 1, &err);
  CHECK_NOERR(err);
  check_get_cf(db, ro, cf, "c", NULL);
}

static void indexed_batches(rocksdb_t* db, rocksdb_column_family_handle_t* cf, rocksdb_readoptions_t* ro,
                            rocksdb_writeoptions_t* wo) {
  rocksdb_put(db, wo, "base", 4, "fromdb", 6, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_wi_t* wb = rocksdb_writebatch_wi_create(0, 1);
  const char* kp[] = {"w", "k"};
  const size_t kl[] = {1, 1};
  const char* vp[] = {"v", "v"};
  const size_t vl[] = {1, 1};
  rocksdb_writebatch_wi_putv(wb, 2, kp, kl, 2, vp, vl);
  rocksdb_writebatch_wi_delete(wb, "gone", 4);
  struct collected c = {{0}};
  rocksdb_writebatch_wi_iterate(wb, &c, on_put, on_delete);
  CHECK(strcmp(c.text, "put(wk,vv)del(gone)") == 0, "iterate saw %s", c.text);

  /* Pinned reads: from the batch, and through to the database. */
  rocksdb_pinnableslice_t* p = rocksdb_writebatch_wi_get_pinned_from_batch_and_db(wb, db, ro, "wk", 2, &err);
  CHECK_NOERR(err);
  size_t len = 0;
  const char* pv = p ? rocksdb_pinnableslice_value(p, &len) : NULL;
  CHECK_VALUE(pv, len, "vv");
  rocksdb_pinnableslice_destroy(p);
  p = rocksdb_writebatch_wi_get_pinned_from_batch_and_db(wb, db, ro, "base", 4, &err);
  CHECK_NOERR(err);
  pv = p ? rocksdb_pinnableslice_value(p, &len) : NULL;
  CHECK_VALUE(pv, len, "fromdb");
  rocksdb_pinnableslice_destroy(p);
  p = rocksdb_writebatch_wi_get_pinned_from_batch_and_db(wb, db, ro, "nope", 4, &err);
  CHECK_NOERR(err);
  CHECK(p == NULL, "a missing key gives NULL");

  /* put_cf and an iterator over the family's base with read options. */
  rocksdb_writebatch_wi_put_cf(wb, cf, "b0", 2, "inbatch", 7);
  rocksdb_iterator_t* base = rocksdb_create_iterator_cf(db, ro, cf);
  rocksdb_iterator_t* it = rocksdb_writebatch_wi_create_iterator_with_base_cf_readopts(wb, base, cf, ro);
  rocksdb_iter_seek(it, "b", 1);
  CHECK(rocksdb_iter_valid(it), "seek b valid");
  if (rocksdb_iter_valid(it)) {
    rocksdb_slice_t ks = rocksdb_iter_key_slice(it);
    rocksdb_slice_t vs = rocksdb_iter_value_slice(it);
    CHECK(ks.size == 1 && memcmp(ks.data, "b", 1) == 0, "first key from b: %.*s", (int)ks.size, ks.data);
    CHECK(vs.size == 1 && memcmp(vs.data, "y", 1) == 0, "value y: %.*s", (int)vs.size, vs.data);
    rocksdb_iter_next(it);
    ks = rocksdb_iter_key_slice(it);
    vs = rocksdb_iter_value_slice(it);
    CHECK(rocksdb_iter_valid(it) && ks.size == 2 && memcmp(ks.data, "b0", 2) == 0 && vs.size == 7,
          "then the batch's b0: %.*s", (int)ks.size, ks.data);
  }
  rocksdb_iter_destroy(it); /* also destroys base, as RocksDB's wrapper owns it */

  CHECK(rocksdb_writebatch_wi_count(wb) == 3, "count %d", rocksdb_writebatch_wi_count(wb));
  rocksdb_writebatch_wi_clear(wb);
  CHECK(rocksdb_writebatch_wi_count(wb) == 0, "cleared count %d", rocksdb_writebatch_wi_count(wb));
  p = rocksdb_writebatch_wi_get_pinned_from_batch_and_db(wb, db, ro, "wk", 2, &err);
  CHECK_NOERR(err);
  CHECK(p == NULL, "a cleared batch holds nothing");
  rocksdb_writebatch_wi_destroy(wb);
}

static void reads(rocksdb_t* db, rocksdb_column_family_handle_t* cf, rocksdb_readoptions_t* ro) {
  char buf[4];
  size_t vallen = 0;
  unsigned char found = 0;
  unsigned char fit = rocksdb_get_into_buffer_cf(db, ro, cf, "key1", 4, buf, sizeof buf, &vallen, &found, &err);
  CHECK_NOERR(err);
  CHECK(found && fit && vallen == 4 && memcmp(buf, "val1", 4) == 0, "into buffer: found %d fit %d len %zu", found, fit, vallen);
  fit = rocksdb_get_into_buffer_cf(db, ro, cf, "key1", 4, buf, 2, &vallen, &found, &err);
  CHECK_NOERR(err);
  CHECK(found && !fit && vallen == 4, "too small: found %d fit %d len %zu", found, fit, vallen);
  fit = rocksdb_get_into_buffer_cf(db, ro, cf, "zzz", 3, buf, sizeof buf, &vallen, &found, &err);
  CHECK_NOERR(err);
  CHECK(!found && !fit, "missing: found %d fit %d", found, fit);

  rocksdb_pinnable_handle_t* h = rocksdb_get_pinned_cf_v2(db, ro, cf, "b", 1, &err);
  CHECK_NOERR(err);
  size_t len = 0;
  const char* v = h ? rocksdb_pinnable_handle_get_value(h, &len) : NULL;
  CHECK_VALUE(v, len, "y");
  rocksdb_pinnable_handle_destroy(h);
  h = rocksdb_get_pinned_cf_v2(db, ro, cf, "zzz", 3, &err);
  CHECK_NOERR(err);
  CHECK(h == NULL, "missing key: NULL handle");

  /* key_may_exist: a key in the memtable may exist, and its value is found. */
  char* val = NULL;
  size_t val_len = 0;
  unsigned char value_found = 0;
  unsigned char may = rocksdb_key_may_exist(db, ro, "r3", 2, &val, &val_len, NULL, 0, &value_found);
  CHECK(may, "r3 may exist");
  CHECK(value_found && val && val_len == 1 && val[0] == '3', "r3's value found: %d", value_found);
  free(val);

  rocksdb_suggest_compact_range_cf(db, cf, "a", 1, "z", 1, &err);
  CHECK_NOERR(err);
}

static void options_and_env(void) {
  rocksdb_options_t* o = rocksdb_options_create();
  size_t n = 99;
  const char* s = rocksdb_options_get_wal_dir(o, &n);
  CHECK(n == 0, "default wal_dir empty, len %zu", n);
  rocksdb_options_set_wal_dir(o, "/tmp/wal-here");
  s = rocksdb_options_get_wal_dir(o, &n);
  CHECK(s && n == 13 && memcmp(s, "/tmp/wal-here", 13) == 0, "wal_dir read back");
  s = rocksdb_options_get_db_host_id(o, &n);
  CHECK(s && n == 12 && memcmp(s, "__hostname__", 12) == 0, "default db_host_id is __hostname__ (len %zu)", n);
  rocksdb_options_set_db_host_id(o, "host-7");
  s = rocksdb_options_get_db_host_id(o, &n);
  CHECK(s && n == 6 && memcmp(s, "host-7", 6) == 0, "db_host_id read back");
  s = rocksdb_options_get_daily_offpeak_time_utc(o, &n);
  CHECK(n == 0, "default offpeak empty");
  rocksdb_options_set_daily_offpeak_time_utc(o, "04:00-06:30");
  s = rocksdb_options_get_daily_offpeak_time_utc(o, &n);
  CHECK(s && n == 11 && memcmp(s, "04:00-06:30", 11) == 0, "offpeak read back");
  rocksdb_options_set_memtable_vector_rep(o);
  rocksdb_options_destroy(o);

  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  const char* id = rocksdb_readoptions_get_request_id(ro, &n);
  CHECK(id == NULL && n == 0, "no request id by default");
  rocksdb_readoptions_set_request_id(ro, "req-1", 5);
  id = rocksdb_readoptions_get_request_id(ro, &n);
  CHECK(id && n == 5 && memcmp(id, "req-1", 5) == 0, "request id read back");
  rocksdb_readoptions_clear_request_id(ro);
  id = rocksdb_readoptions_get_request_id(ro, &n);
  CHECK(id == NULL && n == 0, "request id cleared");
  CHECK(!rocksdb_readoptions_has_merge_operand_count_threshold(ro), "no threshold by default");
  rocksdb_readoptions_set_merge_operand_count_threshold(ro, 9);
  CHECK(rocksdb_readoptions_has_merge_operand_count_threshold(ro), "threshold set");
  rocksdb_readoptions_clear_merge_operand_count_threshold(ro);
  CHECK(!rocksdb_readoptions_has_merge_operand_count_threshold(ro), "threshold cleared");
  rocksdb_readoptions_destroy(ro);

  rocksdb_env_t* env = rocksdb_create_default_env();
  rocksdb_env_set_low_priority_background_threads(env, 3);
  CHECK(rocksdb_env_get_low_priority_background_threads(env) == 3, "low: %d",
        rocksdb_env_get_low_priority_background_threads(env));
  rocksdb_env_set_bottom_priority_background_threads(env, 2);
  CHECK(rocksdb_env_get_bottom_priority_background_threads(env) == 2, "bottom: %d",
        rocksdb_env_get_bottom_priority_background_threads(env));
  rocksdb_env_destroy(env);

  rocksdb_filterpolicy_t* bloom = rocksdb_filterpolicy_create_bloom(10);
  CHECK(bloom != NULL, "bloom policy");
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_filter_policy(t, bloom); /* the table options own it now */
  rocksdb_block_based_options_destroy(t);

  rocksdb_column_family_metadata_options_t* mo = rocksdb_column_family_metadata_options_create();
  rocksdb_column_family_metadata_options_set_end_key(mo, "end", 3);
  size_t kl = 0;
  const char* ek = rocksdb_column_family_metadata_options_get_end_key(mo, &kl);
  CHECK(ek && kl == 3 && memcmp(ek, "end", 3) == 0, "end key read back");
  rocksdb_column_family_metadata_options_destroy(mo);
}

static void histogram(rocksdb_options_t* opts, rocksdb_t* db, rocksdb_readoptions_t* ro) {
  for (int i = 0; i < 20; i++) {
    size_t len;
    char* v = rocksdb_get(db, ro, "r3", 2, &len, &err);
    CHECK_NOERR(err);
    free(v);
  }
  rocksdb_statistics_histogram_data_t* h = rocksdb_statistics_histogram_data_create();
  const uint32_t DB_GET_HIST = 0; /* DB_GET, histogram 0 of RocksDB's statistics.h */
  rocksdb_options_statistics_get_histogram_data(opts, DB_GET_HIST, h);
  CHECK(rocksdb_statistics_histogram_data_get_count(h) >= 20, "db_get count %llu",
        (unsigned long long)rocksdb_statistics_histogram_data_get_count(h));
  double avg = rocksdb_statistics_histogram_data_get_average(h);
  uint64_t sum = rocksdb_statistics_histogram_data_get_sum(h);
  CHECK(avg >= 0 && rocksdb_statistics_histogram_data_get_median(h) >= 0 &&
        rocksdb_statistics_histogram_data_get_p95(h) >= rocksdb_statistics_histogram_data_get_median(h) &&
        rocksdb_statistics_histogram_data_get_p99(h) >= rocksdb_statistics_histogram_data_get_p95(h) &&
        rocksdb_statistics_histogram_data_get_std_dev(h) >= 0,
        "ordered percentiles");
  CHECK((double)sum + 1 >= avg * (double)rocksdb_statistics_histogram_data_get_count(h) - 1,
        "sum %llu ~ avg %g x count", (unsigned long long)sum, avg);
  rocksdb_statistics_histogram_data_destroy(h);
}

static void create_families(rocksdb_t* db, rocksdb_options_t* opts) {
  const char* names[] = {"f1", "f2"};
  size_t n = 0;
  rocksdb_column_family_handle_t** hs = rocksdb_create_column_families(db, opts, 2, names, &n, &err);
  CHECK_NOERR(err);
  CHECK(hs && n == 2, "two handles, got %zu", n);
  for (size_t i = 0; hs && i < n; i++) {
    size_t nl = 0;
    char* name = rocksdb_column_family_handle_get_name(hs[i], &nl);
    CHECK(nl == 2 && memcmp(name, names[i], 2) == 0, "handle %zu named %.*s", i, (int)nl, name);
    free(name);
  }
  if (hs) rocksdb_create_column_families_destroy(hs);
  /* An existing name fails the whole call, with RocksDB's text. */
  hs = rocksdb_create_column_families(db, opts, 1, names, &n, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Column family already exists");
  CHECK(n == 0, "no handles on failure: %zu", n);
  if (hs) rocksdb_create_column_families_destroy(hs);
}

static void transaction_db(const char* path) {
  rocksdb_options_t* opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  rocksdb_transactiondb_options_t* to = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t* tdb = rocksdb_transactiondb_open(opts, to, path, &err);
  CHECK_NOERR(err);
  if (!tdb) return;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_column_family_handle_t* cf = rocksdb_transactiondb_create_column_family(tdb, opts, "tcf", &err);
  CHECK_NOERR(err);
  rocksdb_transactiondb_put_cf(tdb, wo, cf, "k1", 2, "c1", 2, &err);
  CHECK_NOERR(err);
  rocksdb_transactiondb_put(tdb, wo, "k1", 2, "d1", 2, &err);
  CHECK_NOERR(err);
  rocksdb_transactiondb_put(tdb, wo, "k2", 2, "d2", 2, &err);
  CHECK_NOERR(err);
  const rocksdb_snapshot_t* snap = rocksdb_transactiondb_create_snapshot(tdb);
  CHECK(snap != NULL, "snapshot");
  rocksdb_transactiondb_delete(tdb, wo, "k2", 2, &err);
  CHECK_NOERR(err);
  rocksdb_transactiondb_delete_cf(tdb, wo, cf, "nothing", 7, &err);
  CHECK_NOERR(err);

  const char* keys[] = {"k1", "k2", "k3"};
  const size_t klens[] = {2, 2, 2};
  char* vals[3];
  size_t vlens[3];
  char* errs[3];
  rocksdb_transactiondb_multi_get(tdb, ro, 3, keys, klens, vals, vlens, errs);
  CHECK(errs[0] == NULL && vals[0] && vlens[0] == 2 && memcmp(vals[0], "d1", 2) == 0, "multi_get k1");
  CHECK(errs[1] == NULL && vals[1] == NULL, "multi_get k2 deleted");
  CHECK(errs[2] == NULL && vals[2] == NULL, "multi_get k3 absent");
  for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }

  /* At the snapshot, k2 is still there. */
  rocksdb_readoptions_t* sro = rocksdb_readoptions_create();
  rocksdb_readoptions_set_snapshot(sro, snap);
  const rocksdb_column_family_handle_t* cfs[] = {cf, cf, cf};
  rocksdb_transactiondb_multi_get_cf(tdb, ro, cfs, 3, keys, klens, vals, vlens, errs);
  CHECK(errs[0] == NULL && vals[0] && vlens[0] == 2 && memcmp(vals[0], "c1", 2) == 0, "multi_get_cf k1 in tcf");
  CHECK(vals[1] == NULL && vals[2] == NULL, "tcf has only k1");
  for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }

  rocksdb_transaction_options_t* txo = rocksdb_transaction_options_create();
  rocksdb_transaction_t* txn = rocksdb_transaction_begin(tdb, wo, txo, NULL);
  rocksdb_transaction_put(txn, "k3", 2, "t3", 2, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_put_log_data(txn, "blob", 4);
  rocksdb_transaction_multi_get(txn, sro, 3, keys, klens, vals, vlens, errs);
  CHECK(vals[0] && vlens[0] == 2 && memcmp(vals[0], "d1", 2) == 0, "txn multi_get k1");
  CHECK(vals[1] && vlens[1] == 2 && memcmp(vals[1], "d2", 2) == 0, "txn multi_get k2 at the snapshot");
  CHECK(vals[2] && vlens[2] == 2 && memcmp(vals[2], "t3", 2) == 0, "txn multi_get k3 from the txn");
  for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }
  rocksdb_transaction_multi_get_cf(txn, ro, cfs, 3, keys, klens, vals, vlens, errs);
  CHECK(vals[0] && vlens[0] == 2 && memcmp(vals[0], "c1", 2) == 0 && vals[1] == NULL && vals[2] == NULL,
        "txn multi_get_cf");
  for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }
  rocksdb_transaction_multi_get_for_update(txn, ro, 3, keys, klens, vals, vlens, errs);
  CHECK(errs[0] == NULL && vals[0] && vals[1] == NULL && vals[2] && memcmp(vals[2], "t3", 2) == 0,
        "multi_get_for_update");
  for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }
  rocksdb_transaction_multi_get_for_update_cf(txn, ro, cfs, 3, keys, klens, vals, vlens, errs);
  CHECK(errs[0] == NULL && vals[0] && memcmp(vals[0], "c1", 2) == 0, "multi_get_for_update_cf");
  for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }
  size_t vl = 0;
  char* v = rocksdb_transaction_get_for_update_cf(txn, ro, cf, "k1", 2, &vl, 1, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, vl, "c1");
  free(v);

  /* Another transaction cannot write a key the first locked (0 ms lock timeout). */
  rocksdb_transaction_options_set_lock_timeout(txo, 0);
  rocksdb_transaction_t* other = rocksdb_transaction_begin(tdb, wo, txo, NULL);
  rocksdb_transaction_put_cf(other, cf, "k1", 2, "no", 2, &err);
  CHECK_ERR_PREFIX(err, "Operation timed out");
  rocksdb_transaction_rollback(other, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_destroy(other);
  rocksdb_transaction_commit(txn, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_destroy(txn);

  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_transactiondb_flush_cf(tdb, fo, cf, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_destroy(fo);
  vl = 0;
  v = rocksdb_transactiondb_get_cf(tdb, ro, cf, "k1", 2, &vl, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, vl, "c1");
  free(v);

  rocksdb_readoptions_destroy(sro);
  rocksdb_transactiondb_release_snapshot(tdb, snap);
  rocksdb_transaction_options_destroy(txo);
  rocksdb_column_family_handle_destroy(cf);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_transactiondb_close(tdb);
  rocksdb_transactiondb_options_destroy(to);
  rocksdb_options_destroy(opts);
}

int main(void) {
  char path[512];
  make_db_path(path, sizeof path, "c-test-phases");
  rocksdb_options_t* opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  rocksdb_options_enable_statistics(opts);
  rocksdb_mergeoperator_t* mo = rocksdb_mergeoperator_create(NULL, no_destroy, concat_full, concat_partial,
                                                             delete_value, concat_name);
  rocksdb_options_set_merge_operator(opts, mo);
  rocksdb_t* db = rocksdb_open(opts, path, &err);
  CHECK_NOERR(err);
  if (db) {
    rocksdb_column_family_handle_t* cf = rocksdb_create_column_family(db, opts, "cf1", &err);
    CHECK_NOERR(err);
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    batches(db, cf, ro, wo);
    indexed_batches(db, cf, ro, wo);
    reads(db, cf, ro);
    histogram(opts, db, ro);
    create_families(db, opts);
    rocksdb_readoptions_destroy(ro);
    rocksdb_writeoptions_destroy(wo);
    rocksdb_column_family_handle_destroy(cf);
    rocksdb_close(db);
  }
  rocksdb_options_destroy(opts);
  options_and_env();
  char tpath[512];
  make_db_path(tpath, sizeof tpath, "c-test-phases-txn");
  transaction_db(tpath);
  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed ? 1 : 0;
}
