/* Column-family forms of the API: batches with _cf records and iterate
 * callbacks, multi_get_cf, get_pinned_cf, iterators per family,
 * create_iterators, flush_cfs, compact_range_cf, properties, key_may_exist,
 * snapshot sequence numbers and a read-only open. */
#include <rocksdb/c.h>
#include "check.h"

static char log_buf[512];

static void on_put_cf(void* s, uint32_t cf, const char* k, size_t kl, const char* v, size_t vl) {
  (void)s;
  size_t n = strlen(log_buf);
  snprintf(log_buf + n, sizeof(log_buf) - n, "put%u(%.*s=%.*s);", cf, (int)kl, k, (int)vl, v);
}
static void on_del_cf(void* s, uint32_t cf, const char* k, size_t kl) {
  (void)s;
  size_t n = strlen(log_buf);
  snprintf(log_buf + n, sizeof(log_buf) - n, "del%u(%.*s);", cf, (int)kl, k);
}
static void on_merge_cf(void* s, uint32_t cf, const char* k, size_t kl, const char* v, size_t vl) {
  (void)s;
  size_t n = strlen(log_buf);
  snprintf(log_buf + n, sizeof(log_buf) - n, "merge%u(%.*s=%.*s);", cf, (int)kl, k, (int)vl, v);
}

int main(void) {
  char path[512];
  char* err = NULL;
  make_db_path(path, sizeof(path), "cf");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  const char* names[2] = {"default", "meta"};
  const rocksdb_options_t* opts[2] = {o, o};
  rocksdb_column_family_handle_t* cfs[2] = {NULL, NULL};
  rocksdb_t* db = rocksdb_open_column_families(o, path, 2, names, opts, cfs, &err);
  CHECK(db != NULL, "open with create_missing_column_families: %s", err ? err : "");
  free(err);
  err = NULL;
  if (db) {
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    CHECK(rocksdb_column_family_handle_get_id(cfs[0]) == 0, "default cf id is 0");
    uint32_t meta_id = rocksdb_column_family_handle_get_id(cfs[1]);
    CHECK(meta_id == 1, "meta cf id is 1 (%u)", meta_id);

    rocksdb_writebatch_t* b = rocksdb_writebatch_create();
    rocksdb_writebatch_put_cf(b, cfs[1], "m1", 2, "x", 1);
    rocksdb_writebatch_put_cf(b, cfs[1], "m2", 2, "y", 1);
    rocksdb_writebatch_put(b, "d1", 2, "z", 1);
    rocksdb_writebatch_delete_cf(b, cfs[1], "m0", 2);
#ifndef CAPI_TESTS_REFERENCE_783 /* functions added after RocksDB 7.8.3 */
    memset(log_buf, 0, sizeof(log_buf));
    rocksdb_writebatch_iterate_cf(b, NULL, on_put_cf, on_del_cf, on_merge_cf);
    CHECK(strcmp(log_buf, "put1(m1=x);put1(m2=y);put0(d1=z);del1(m0);") == 0, "iterate_cf: %s", log_buf);
#else
    (void)on_put_cf;
    (void)on_del_cf;
    (void)on_merge_cf;
#endif
    rocksdb_write(db, wo, b, &err);
    CHECK_NOERR(err);
    rocksdb_writebatch_destroy(b);

    const rocksdb_column_family_handle_t* mcf[3] = {cfs[1], cfs[0], cfs[1]};
    const char* keys[3] = {"m1", "m1", "m2"};
    size_t ksz[3] = {2, 2, 2};
    char* vals[3];
    size_t vsz[3];
    char* errs[3];
    rocksdb_multi_get_cf(db, ro, mcf, 3, keys, ksz, vals, vsz, errs);
    CHECK(errs[0] == NULL && errs[1] == NULL && errs[2] == NULL, "multi_get_cf without errors");
    CHECK_VALUE(vals[0], vsz[0], "x");
    CHECK(vals[1] == NULL, "m1 is not in the default family");
    CHECK_VALUE(vals[2], vsz[2], "y");
    for (int i = 0; i < 3; i++) { free(vals[i]); free(errs[i]); }

#ifndef CAPI_TESTS_REFERENCE_783
    {
      const char* bkeys[3] = {"m1", "zz", "m2"};
      size_t bksz[3] = {2, 2, 2};
      rocksdb_pinnableslice_t* bvals[3];
      char* berrs[3];
      rocksdb_batched_multi_get_cf(db, ro, cfs[1], 3, bkeys, bksz, bvals, berrs, 0);
      size_t bl = 0;
      const char* b0 = bvals[0] ? rocksdb_pinnableslice_value(bvals[0], &bl) : NULL;
      CHECK_VALUE(b0, bl, "x");
      CHECK(bvals[1] == NULL && berrs[1] == NULL, "batched: absent key is NULL without error");
      const char* b2 = bvals[2] ? rocksdb_pinnableslice_value(bvals[2], &bl) : NULL;
      CHECK_VALUE(b2, bl, "y");
      for (int i = 0; i < 3; i++) {
        rocksdb_pinnableslice_destroy(bvals[i]);
        free(berrs[i]);
      }
    }
#endif
    rocksdb_pinnableslice_t* p = rocksdb_get_pinned_cf(db, ro, cfs[1], "m2", 2, &err);
    CHECK_NOERR(err);
    size_t len = 0;
    const char* pv = p ? rocksdb_pinnableslice_value(p, &len) : NULL;
    CHECK_VALUE(pv, len, "y");
    rocksdb_pinnableslice_destroy(p);

    rocksdb_iterator_t* its[2] = {NULL, NULL};
    rocksdb_create_iterators(db, ro, cfs, its, 2, &err);
    CHECK_NOERR(err);
    int counts[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
      if (!its[i]) continue;
      for (rocksdb_iter_seek_to_first(its[i]); rocksdb_iter_valid(its[i]); rocksdb_iter_next(its[i])) counts[i]++;
      rocksdb_iter_destroy(its[i]);
    }
    CHECK(counts[0] == 1 && counts[1] == 2, "iterators per family see 1 and 2 keys (%d, %d)", counts[0], counts[1]);

    unsigned char found = 9;
    char* kv = NULL;
    size_t kvlen = 0;
    CHECK(rocksdb_key_may_exist_cf(db, ro, cfs[1], "never", 5, &kv, &kvlen, NULL, 0, &found) == 0 || found == 0,
          "an absent key is not reported as found");
    free(kv);

#ifndef CAPI_TESTS_REFERENCE_783
    const rocksdb_snapshot_t* snap = rocksdb_create_snapshot(db);
    CHECK(snap && rocksdb_snapshot_get_sequence_number(snap) == rocksdb_get_latest_sequence_number(db),
          "snapshot is at the latest sequence");
    rocksdb_release_snapshot(db, snap);
#endif

    rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
#ifndef CAPI_TESTS_REFERENCE_783
    rocksdb_flush_cfs(db, fo, cfs, 2, &err);
#else
    rocksdb_flush_cf(db, fo, cfs[1], &err);
#endif
    CHECK_NOERR(err);
    rocksdb_flushoptions_destroy(fo);
    char* files = rocksdb_property_value_cf(db, cfs[1], "rocksdb.num-files-at-level0");
    CHECK(files != NULL && strcmp(files, "1") == 0, "one L0 file in meta after flush (%s)", files ? files : "NULL");
    free(files);
    uint64_t keys_estimate = 0;
    CHECK(rocksdb_property_int_cf(db, cfs[1], "rocksdb.estimate-num-keys", &keys_estimate) == 0 && keys_estimate >= 1,
          "meta has a key estimate (%llu; deletes count against it)", (unsigned long long)keys_estimate);
    rocksdb_compact_range_cf(db, cfs[1], NULL, 0, NULL, 0);
    rocksdb_compactoptions_t* copt = rocksdb_compactoptions_create();
    rocksdb_compactoptions_set_exclusive_manual_compaction(copt, 1);
    rocksdb_compact_range_cf_opt(db, cfs[1], copt, "m0", 2, "m9", 2);
    rocksdb_compactoptions_destroy(copt);
    char* v = rocksdb_get_cf(db, ro, cfs[1], "m1", 2, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "x");
    free(v);

#ifndef CAPI_TESTS_REFERENCE_783
    /* A batch holding a key with a timestamp is refused as a whole. */
    rocksdb_writebatch_t* tsb = rocksdb_writebatch_create();
    rocksdb_writebatch_put_cf(tsb, cfs[1], "t1", 2, "v", 1);
    rocksdb_writebatch_put_cf_with_ts(tsb, cfs[1], "t2", 2, "\0\0\0\0\0\0\0\1", 8, "v", 1);
    rocksdb_write(db, wo, tsb, &err);
    CHECK_ERR_PREFIX(err, "Not implemented: user-defined timestamps");
    v = rocksdb_get_cf(db, ro, cfs[1], "t1", 2, &len, &err);
    CHECK_NOERR(err);
    CHECK(v == NULL, "nothing of the refused batch was written");
    free(v);
    rocksdb_writebatch_destroy(tsb);

    /* wait_for_compact with flush: every memtable is empty afterwards. */
    rocksdb_put_cf(db, wo, cfs[1], "m3", 2, "w", 1, &err);
    CHECK_NOERR(err);
    rocksdb_wait_for_compact_options_t* wfc = rocksdb_wait_for_compact_options_create();
    rocksdb_wait_for_compact_options_set_flush(wfc, 1);
    CHECK(rocksdb_wait_for_compact_options_get_flush(wfc) == 1, "flush flag read back");
    rocksdb_wait_for_compact(db, wfc, &err);
    CHECK_NOERR(err);
    uint64_t entries = 99, running = 99;
    CHECK(rocksdb_property_int_cf(db, cfs[1], "rocksdb.num-entries-active-mem-table", &entries) == 0 && entries == 0,
          "meta memtable flushed (%llu entries)", (unsigned long long)entries);
    CHECK(rocksdb_property_int(db, "rocksdb.num-running-compactions", &running) == 0 && running == 0,
          "no compaction running after wait_for_compact");
    rocksdb_wait_for_compact_options_destroy(wfc);
#endif

    rocksdb_writeoptions_destroy(wo);
    rocksdb_readoptions_destroy(ro);
    rocksdb_column_family_handle_destroy(cfs[0]);
    rocksdb_column_family_handle_destroy(cfs[1]);
    rocksdb_close(db);

    /* Read-only: reads work, writes fail. */
    rocksdb_t* rdb = rocksdb_open_for_read_only_column_families(o, path, 2, names, opts, cfs, 0, &err);
    CHECK(rdb != NULL, "read-only open: %s", err ? err : "");
    free(err);
    err = NULL;
    if (rdb) {
      ro = rocksdb_readoptions_create();
      wo = rocksdb_writeoptions_create();
      v = rocksdb_get_cf(rdb, ro, cfs[1], "m2", 2, &len, &err);
      CHECK_NOERR(err);
      CHECK_VALUE(v, len, "y");
      free(v);
      rocksdb_put(rdb, wo, "w", 1, "w", 1, &err);
      CHECK(err != NULL, "a write to a read-only database fails");
      free(err);
      err = NULL;
      rocksdb_readoptions_destroy(ro);
      rocksdb_writeoptions_destroy(wo);
      rocksdb_column_family_handle_destroy(cfs[0]);
      rocksdb_column_family_handle_destroy(cfs[1]);
      rocksdb_close(rdb);
    }
  }
  rocksdb_destroy_db(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_cf");
}
