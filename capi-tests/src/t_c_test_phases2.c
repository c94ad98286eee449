/* The rest of the functions c_test.c's phases call (RocksDB 11.8.1's db/c_test.c) that no
 * other test of ours called (every rocksdb_* a phase calls, against the names our tests
 * call): table option setters that alias other
 * fields, option pairs whose C types differ between setter and getter, rate limiters on
 * options and on env options, the compaction infos' output file infos, readable table
 * properties, the memory allocator calls, the backup engine options that change what a
 * backup holds, and the transaction databases' pinned reads, batch writes and column-family
 * opens. Each check is what RocksDB answers (db/c.cc and the behaviour behind it). */
#include "check.h"


static char* err = NULL;

static void table_option_aliases(void) {
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  /* c.cc: set_data_block_hash_ratio sets data_block_hash_table_util_ratio. */
  rocksdb_block_based_options_set_data_block_hash_ratio(t, 0.5);
  CHECK(rocksdb_block_based_options_get_data_block_hash_table_util_ratio(t) == 0.5,
        "data_block_hash_ratio sets the util ratio (got %f)",
        rocksdb_block_based_options_get_data_block_hash_table_util_ratio(t));
  /* PinningTier values (0 fallback, 1 none, 2 flushed-and-similar, 3 all): setters only in
   * c.h; a database opens with them. */
  rocksdb_block_based_options_set_top_level_index_pinning_tier(t, 3);
  rocksdb_block_based_options_set_partition_pinning_tier(t, 2);
  rocksdb_block_based_options_set_unpartitioned_pinning_tier(t, 1);
  char path[512];
  make_db_path(path, sizeof path, "phases2-table");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) {
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    rocksdb_put(db, wo, "k", 1, "v", 1, &err);
    CHECK_NOERR(err);
    rocksdb_writeoptions_destroy(wo);
    rocksdb_close(db);
  }
  rocksdb_options_destroy(o);
  rocksdb_block_based_options_destroy(t);
  remove_db_path(path);
}

static void option_pairs(void) {
  rocksdb_options_t* o = rocksdb_options_create();
  CHECK(rocksdb_options_get_optimize_filters_for_hits(o) == 0, "default false");
  rocksdb_options_set_optimize_filters_for_hits(o, 1);
  CHECK(rocksdb_options_get_optimize_filters_for_hits(o) == 1, "set");
  CHECK(rocksdb_options_get_report_bg_io_stats(o) == 0, "default false");
  rocksdb_options_set_report_bg_io_stats(o, 1);
  CHECK(rocksdb_options_get_report_bg_io_stats(o) == 1, "set");
  rocksdb_options_set_stats_persist_period_sec(o, 5);
  CHECK(rocksdb_options_get_stats_persist_period_sec(o) == 5, "set");
  rocksdb_options_set_stats_dump_period_sec(o, 7);
  CHECK(rocksdb_options_get_stats_dump_period_sec(o) == 7, "set");
  CHECK(rocksdb_options_get_block_protection_bytes_per_key(o) == 0, "default 0");
  rocksdb_options_set_block_protection_bytes_per_key(o, 8);
  CHECK(rocksdb_options_get_block_protection_bytes_per_key(o) == 8, "set");

  /* The lifetime-hint set: clear, add, remove, as a set of compaction styles. */
  rocksdb_options_calculate_sst_write_lifetime_hint_set_clear(o);
  CHECK(rocksdb_options_calculate_sst_write_lifetime_hint_set_count(o) == 0, "cleared");
  rocksdb_options_calculate_sst_write_lifetime_hint_set_add(o, 1);
  rocksdb_options_calculate_sst_write_lifetime_hint_set_add(o, 2);
  rocksdb_options_calculate_sst_write_lifetime_hint_set_add(o, 2);
  CHECK(rocksdb_options_calculate_sst_write_lifetime_hint_set_count(o) == 2, "a set");
  rocksdb_options_calculate_sst_write_lifetime_hint_set_remove(o, 1);
  CHECK(rocksdb_options_calculate_sst_write_lifetime_hint_set_count(o) == 1, "removed");
  CHECK(rocksdb_options_calculate_sst_write_lifetime_hint_set_contains(o, 1) == 0, "1 gone");
  CHECK(rocksdb_options_calculate_sst_write_lifetime_hint_set_contains(o, 2) == 1, "2 kept");

  /* compression_per_level, the compact-on-deletion collectors and the compression options
   * are accepted at open (ferrock stores them: capi-tests/NOT_IMPLEMENTED.md). */
  int levels[3] = {rocksdb_no_compression, rocksdb_no_compression, rocksdb_lz4_compression};
  rocksdb_options_set_compression_per_level(o, levels, 3);
  rocksdb_options_add_compact_on_deletion_collector_factory(o, 10000, 9000);
  rocksdb_options_add_compact_on_deletion_collector_factory_del_ratio(o, 10000, 9000, 0.5);
  rocksdb_options_set_compression_options(o, -14, -1, 0, 0);
  rocksdb_options_set_create_if_missing(o, 1);
  char path[512];
  make_db_path(path, sizeof path, "phases2-options");
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) {
    rocksdb_close(db);
    /* Read back through RocksDB's options loader: the database's OPTIONS file parses. */
    rocksdb_options_t* loaded = NULL;
    char** cf_names = NULL;
    rocksdb_options_t** cf_opts = NULL;
    size_t ncf = 0;
    rocksdb_load_latest_options(path, rocksdb_create_default_env(), 0, NULL, &loaded, &ncf, &cf_names, &cf_opts, &err);
    CHECK_NOERR(err);
    CHECK(ncf == 1, "one family in the OPTIONS file");
    if (loaded) rocksdb_load_latest_options_destroy(loaded, cf_names, cf_opts, ncf);
  }
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

/* A rate limiter on the database's options and one on an SstFileWriter's env options: writes
 * go through them (the limit is generous, so nothing here waits on time) and read back. */
static void rate_limiters(void) {
  char path[512], sst[600];
  make_db_path(path, sizeof path, "phases2-ratelimit");
  snprintf(sst, sizeof sst, "%s.sst", path);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_ratelimiter_t* rl = rocksdb_ratelimiter_create(64 << 20, 100 * 1000, 10);
  rocksdb_ratelimiter_t* auto_rl = rocksdb_ratelimiter_create_auto_tuned(64 << 20, 100 * 1000, 10);
  CHECK(rl != NULL && auto_rl != NULL, "rate limiters");
  rocksdb_options_set_ratelimiter(o, auto_rl);
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_envoptions_set_rate_limiter(eo, rl);
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, sst, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "b", 1, "2", 1, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) {
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    rocksdb_put(db, wo, "c", 1, "3", 1, &err);
    CHECK_NOERR(err);
    rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
    rocksdb_flushoptions_destroy(fo);
    rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
    const char* files[1] = {sst};
    rocksdb_ingest_external_file(db, files, 1, io, &err);
    CHECK_NOERR(err);
    rocksdb_ingestexternalfileoptions_destroy(io);
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    const char* keys[3] = {"a", "b", "c"};
    const char* want[3] = {"1", "2", "3"};
    for (int i = 0; i < 3; i++) {
      size_t len = 0;
      char* v = rocksdb_get(db, ro, keys[i], 1, &len, &err);
      CHECK_NOERR(err);
      CHECK_VALUE(v, len, want[i]);
      rocksdb_free(v);
    }
    rocksdb_readoptions_destroy(ro);
    rocksdb_writeoptions_destroy(wo);
    rocksdb_close(db);
  }
  rocksdb_envoptions_destroy(eo);
  rocksdb_options_destroy(o);
  rocksdb_ratelimiter_destroy(rl);
  rocksdb_ratelimiter_destroy(auto_rl);
  remove(sst);
  remove_db_path(path);
}

struct compaction_seen {
  int calls;
  int outputs;
  int numbers_match;
  int blob_counts;
};

static void on_compaction_completed(void* s, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  (void)db;
  struct compaction_seen* c = s;
  c->calls++;
  size_t n = rocksdb_compactionjobinfo_output_file_infos_count(info);
  c->outputs += (int)n;
  if (n != rocksdb_compactionjobinfo_output_files_count(info)) c->numbers_match = 0;
  for (size_t i = 0; i < n; i++) {
    const rocksdb_compaction_file_info_t* fi = rocksdb_compactionjobinfo_output_file_info_at(info, i);
    size_t len = 0;
    const char* name = rocksdb_compactionjobinfo_output_file_at(info, i, &len);
    /* The output path ends in <number>.sst with the info's file number. */
    char want[32];
    snprintf(want, sizeof want, "/%06llu.sst", (unsigned long long)rocksdb_compaction_file_info_file_number(fi));
    size_t wl = strlen(want);
    if (!fi || len < wl || memcmp(name + len - wl, want, wl) != 0) c->numbers_match = 0;
  }
  c->blob_counts += (int)(rocksdb_compactionjobinfo_blob_file_addition_infos_count(info) +
                          rocksdb_compactionjobinfo_blob_file_garbage_infos_count(info));
}

struct flush_seen {
  int calls;
  int blob_counts;
  int readable;
  int readable_key_null;
};

static void on_flush_completed(void* s, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  (void)db;
  struct flush_seen* f = s;
  f->calls++;
  f->blob_counts += (int)rocksdb_flushjobinfo_blob_file_addition_infos_count(info);
  const rocksdb_table_properties_t* p = rocksdb_flushjobinfo_table_properties(info);
  /* Without user collectors a table has no readable properties (RocksDB's internal
   * collectors give none); past the end the accessors answer NULL with length 0. */
  size_t n = rocksdb_table_properties_readable_properties_count(p);
  f->readable += (int)n;
  size_t kl = 99, vl = 99;
  if (rocksdb_table_properties_readable_properties_key_at(p, n, &kl) == NULL && kl == 0 &&
      rocksdb_table_properties_readable_properties_value_at(p, n, &vl) == NULL && vl == 0)
    f->readable_key_null++;
}

struct both_seen {
  struct compaction_seen c;
  struct flush_seen f;
};

static void on_compaction_completed_both(void* s, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  on_compaction_completed(&((struct both_seen*)s)->c, db, info);
}
static void on_flush_completed_both(void* s, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  on_flush_completed(&((struct both_seen*)s)->f, db, info);
}
static void no_destroy(void* s) { (void)s; }
/* RocksDB's C listener calls every callback it was given without checking for NULL, so each
 * one is a function here. */
static void nop_flush(void* s, rocksdb_t* db, const rocksdb_flushjobinfo_t* i) { (void)s; (void)db; (void)i; }
static void nop_compaction(void* s, rocksdb_t* db, const rocksdb_compactionjobinfo_t* i) { (void)s; (void)db; (void)i; }
static void nop_sub(void* s, const rocksdb_subcompactionjobinfo_t* i) { (void)s; (void)i; }
static void nop_ingest(void* s, rocksdb_t* db, const rocksdb_externalfileingestioninfo_t* i) { (void)s; (void)db; (void)i; }
static void nop_bg_error(void* s, uint32_t r, rocksdb_status_ptr_t* st) { (void)s; (void)r; (void)st; }
static void nop_stall(void* s, const rocksdb_writestallinfo_t* i) { (void)s; (void)i; }
static void nop_sealed(void* s, const rocksdb_memtableinfo_t* i) { (void)s; (void)i; }

static void listener_infos(void) {
  struct both_seen seen;
  memset(&seen, 0, sizeof seen);
  seen.c.numbers_match = 1;
  rocksdb_eventlistener_t* l = rocksdb_eventlistener_create(&seen, no_destroy, nop_flush, on_flush_completed_both,
                                                            nop_compaction, on_compaction_completed_both, nop_sub,
                                                            nop_sub, nop_ingest, nop_bg_error, nop_stall, nop_sealed);
  char path[512];
  make_db_path(path, sizeof path, "phases2-listener");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_add_eventlistener(o, l);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) {
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
    for (int round = 0; round < 2; round++) {
      for (int i = round; i < 200; i += 2) {
        char k[16];
        snprintf(k, sizeof k, "key%04d", i);
        rocksdb_put(db, wo, k, strlen(k), "value", 5, &err);
        CHECK_NOERR(err);
      }
      rocksdb_flush(db, fo, &err);
      CHECK_NOERR(err);
    }
    rocksdb_compact_range(db, NULL, 0, NULL, 0);
    rocksdb_flushoptions_destroy(fo);
    rocksdb_writeoptions_destroy(wo);
    rocksdb_close(db);
  }
  rocksdb_options_destroy(o);
  CHECK(seen.f.calls == 2, "two flushes seen (%d)", seen.f.calls);
  CHECK(seen.f.blob_counts == 0, "no blob files");
  CHECK(seen.f.readable == 0 && seen.f.readable_key_null == 2, "no readable properties (%d, %d)", seen.f.readable,
        seen.f.readable_key_null);
  CHECK(seen.c.calls == 1, "one compaction seen (%d)", seen.c.calls);
  CHECK(seen.c.outputs >= 1, "its outputs (%d)", seen.c.outputs);
  CHECK(seen.c.numbers_match, "each output file info's number is its file's");
  CHECK(seen.c.blob_counts == 0, "no blob file infos");
  remove_db_path(path);
}

static void memory_allocator(void) {
  /* ferrock has no jemalloc: making the allocator fails, as in a RocksDB built without
   * jemalloc ("Not supported: Not compiled with JEMALLOC"; RocksDB still hands back an empty
   * allocator object, ferrock NULL, and destroy takes either). */
  rocksdb_memory_allocator_t* a = rocksdb_jemalloc_nodump_allocator_create(&err);
  CHECK(err != NULL, "an error");
  if (err) { free(err); err = NULL; }
  rocksdb_lru_cache_options_t* co = rocksdb_lru_cache_options_create();
  rocksdb_lru_cache_options_set_capacity(co, 1 << 20);
  /* RocksDB reads the object it is given (its empty allocator); ferrock takes NULL too. */
  rocksdb_lru_cache_options_set_memory_allocator(co, a);
  rocksdb_cache_t* cache = rocksdb_cache_create_lru_opts(co);
  CHECK(cache != NULL && rocksdb_cache_get_capacity(cache) == (1 << 20), "a cache all the same");
  rocksdb_cache_destroy(cache);
  rocksdb_lru_cache_options_destroy(co);
  rocksdb_memory_allocator_destroy(a);
}

static int backup_count(rocksdb_backup_engine_t* be, uint32_t* newest) {
  const rocksdb_backup_engine_info_t* info = rocksdb_backup_engine_get_backup_info(be);
  int n = rocksdb_backup_engine_info_count(info);
  if (newest && n > 0) *newest = rocksdb_backup_engine_info_backup_id(info, n - 1);
  rocksdb_backup_engine_info_destroy(info);
  return n;
}

static void backup_options(void) {
  char path[512], bdir[600], rdir[600], sub[700];
  make_db_path(path, sizeof path, "phases2-backup-db");
  snprintf(bdir, sizeof bdir, "%s-backups", path);
  snprintf(rdir, sizeof rdir, "%s-restored", path);
  remove_db_path(bdir);
  remove_db_path(rdir);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (!db) return;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_put(db, wo, "flushed", 7, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "in-wal", 6, "2", 1, &err);
  CHECK_NOERR(err);

  rocksdb_backup_engine_options_t* bo = rocksdb_backup_engine_options_create(bdir);
  CHECK(rocksdb_backup_engine_options_get_destroy_old_data(bo) == 0, "default false");
  rocksdb_backup_engine_options_set_destroy_old_data(bo, 1);
  CHECK(rocksdb_backup_engine_options_get_destroy_old_data(bo) == 1, "set");
  rocksdb_backup_engine_options_set_destroy_old_data(bo, 0);
  /* No shared table files: each backup keeps its tables under private/<id>/. No WAL files:
   * a backup without a flush misses what only the WAL held. */
  rocksdb_backup_engine_options_set_share_table_files(bo, 0);
  rocksdb_backup_engine_options_set_backup_log_files(bo, 0);
  rocksdb_backup_engine_options_set_sync(bo, 1);
  rocksdb_backup_engine_options_set_max_background_operations(bo, 2);
  rocksdb_backup_engine_t* be = rocksdb_backup_engine_open_opts(bo, rocksdb_create_default_env(), &err);
  CHECK_NOERR(err);
  if (be) {
    rocksdb_backup_engine_create_new_backup_flush(be, db, 0, &err);
    CHECK_NOERR(err);
    snprintf(sub, sizeof sub, "%s/shared_checksum", bdir);
    CHECK(count_files_ending(sub, ".sst") <= 0, "no shared table files (none, or no directory)");
    snprintf(sub, sizeof sub, "%s/shared", bdir);
    CHECK(count_files_ending(sub, ".sst") <= 0, "no shared table files (none, or no directory)");
    snprintf(sub, sizeof sub, "%s/private/1", bdir);
    CHECK(count_files_ending(sub, ".sst") == 1, "the table in private/1");
    CHECK(count_files_ending(sub, ".log") == 0, "no WAL in the backup");
    rocksdb_put(db, wo, "second", 6, "3", 1, &err);
    CHECK_NOERR(err);
    rocksdb_backup_engine_create_new_backup_flush(be, db, 1, &err);
    CHECK_NOERR(err);
    CHECK(backup_count(be, NULL) == 2, "two backups");
    rocksdb_restore_options_t* rest = rocksdb_restore_options_create();
    rocksdb_backup_engine_restore_db_from_backup(be, rdir, rdir, rest, 1, &err);
    CHECK_NOERR(err);
    rocksdb_restore_options_destroy(rest);
    rocksdb_backup_engine_close(be);

    rocksdb_t* r = rocksdb_open(o, rdir, &err);
    CHECK_NOERR(err);
    if (r) {
      size_t len = 0;
      char* v = rocksdb_get(r, ro, "flushed", 7, &len, &err);
      CHECK_NOERR(err);
      CHECK_VALUE(v, len, "1");
      rocksdb_free(v);
      v = rocksdb_get(r, ro, "in-wal", 6, &len, &err);
      CHECK_NOERR(err);
      CHECK(v == NULL, "the unflushed write is not in a backup without WAL files");
      rocksdb_free(v);
      rocksdb_close(r);
    }
  }
  rocksdb_backup_engine_options_destroy(bo);

  /* max_valid_backups_to_open: RocksDB ignores it for an engine that is not read-only, and
   * c.h opens only writable engines, so both backups are there. */
  rocksdb_backup_engine_options_t* bo1 = rocksdb_backup_engine_options_create(bdir);
  rocksdb_backup_engine_options_set_max_valid_backups_to_open(bo1, 1);
  rocksdb_backup_engine_t* be1 = rocksdb_backup_engine_open_opts(bo1, rocksdb_create_default_env(), &err);
  CHECK_NOERR(err);
  if (be1) {
    uint32_t newest = 0;
    CHECK(backup_count(be1, &newest) == 2 && newest == 2, "every backup (%u)", newest);
    rocksdb_backup_engine_close(be1);
  }
  rocksdb_backup_engine_options_destroy(bo1);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  remove_db_path(bdir);
  remove_db_path(rdir);
}

static void check_pinned(rocksdb_pinnableslice_t* p, const char* want) {
  if (want == NULL) {
    CHECK(p == NULL, "no value");
  } else {
    size_t len = 0;
    const char* v = p ? rocksdb_pinnableslice_value(p, &len) : NULL;
    CHECK_VALUE(v, len, want);
  }
  rocksdb_pinnableslice_destroy(p);
}

static void transaction_dbs(void) {
  char path[512];
  make_db_path(path, sizeof path, "phases2-txn");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  rocksdb_transactiondb_options_t* tdo = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t* tdb = rocksdb_transactiondb_open(o, tdo, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  if (tdb) {
    rocksdb_column_family_handle_t* cf = rocksdb_transactiondb_create_column_family(tdb, o, "cf", &err);
    CHECK_NOERR(err);
    rocksdb_writebatch_t* b = rocksdb_writebatch_create();
    rocksdb_writebatch_put(b, "a", 1, "1", 1);
    rocksdb_writebatch_put_cf(b, cf, "b", 1, "2", 1);
    rocksdb_writebatch_delete(b, "gone", 4);
    rocksdb_transactiondb_put(tdb, wo, "gone", 4, "x", 1, &err);
    CHECK_NOERR(err);
    rocksdb_transactiondb_write(tdb, wo, b, &err);
    CHECK_NOERR(err);
    rocksdb_writebatch_destroy(b);
    check_pinned(rocksdb_transactiondb_get_pinned(tdb, ro, "a", 1, &err), "1");
    CHECK_NOERR(err);
    check_pinned(rocksdb_transactiondb_get_pinned(tdb, ro, "gone", 4, &err), NULL);
    CHECK_NOERR(err);
    check_pinned(rocksdb_transactiondb_get_pinned_cf(tdb, ro, cf, "b", 1, &err), "2");
    CHECK_NOERR(err);
    check_pinned(rocksdb_transactiondb_get_pinned_cf(tdb, ro, cf, "a", 1, &err), NULL);
    CHECK_NOERR(err);

    rocksdb_transaction_options_t* to = rocksdb_transaction_options_create();
    rocksdb_transaction_t* t = rocksdb_transaction_begin(tdb, wo, to, NULL);
    rocksdb_transaction_put_cf(t, cf, "c", 1, "3", 1, &err);
    CHECK_NOERR(err);
    size_t len = 0;
    char* v = rocksdb_transaction_get_cf(t, ro, cf, "c", 1, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "3");
    rocksdb_free(v);
    v = rocksdb_transaction_get_cf(t, ro, cf, "b", 1, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "2");
    rocksdb_free(v);
    check_pinned(rocksdb_transaction_get_pinned_cf(t, ro, cf, "c", 1, &err), "3");
    CHECK_NOERR(err);
    check_pinned(rocksdb_transaction_get_pinned_cf(t, ro, cf, "zz", 2, &err), NULL);
    CHECK_NOERR(err);
    /* Not committed: invisible outside the transaction. */
    check_pinned(rocksdb_transactiondb_get_pinned_cf(tdb, ro, cf, "c", 1, &err), NULL);
    CHECK_NOERR(err);
    rocksdb_transaction_commit(t, &err);
    CHECK_NOERR(err);
    check_pinned(rocksdb_transactiondb_get_pinned_cf(tdb, ro, cf, "c", 1, &err), "3");
    CHECK_NOERR(err);
    rocksdb_transaction_destroy(t);
    rocksdb_transaction_options_destroy(to);
    rocksdb_column_family_handle_destroy(cf);
    rocksdb_transactiondb_close(tdb);
  }
  rocksdb_transactiondb_options_destroy(tdo);

  /* The same database as an optimistic transaction DB with its column families and
   * OptimisticTransactionDBOptions. */
  rocksdb_optimistictransactiondb_options_t* oto = rocksdb_optimistictransactiondb_options_create();
  rocksdb_optimistictransactiondb_options_set_occ_lock_buckets(oto, 64);
  const char* names[2] = {"default", "cf"};
  const rocksdb_options_t* cfo[2] = {o, o};
  rocksdb_column_family_handle_t* h[2] = {NULL, NULL};
  rocksdb_optimistictransactiondb_t* odb =
      rocksdb_optimistictransactiondb_open_column_families_with_otxn_db_options(o, oto, path, 2, names, cfo, h, &err);
  CHECK_NOERR(err);
  if (odb) {
    CHECK(h[0] != NULL && h[1] != NULL, "handles");
    rocksdb_optimistictransaction_options_t* ooo = rocksdb_optimistictransaction_options_create();
    rocksdb_transaction_t* t = rocksdb_optimistictransaction_begin(odb, wo, ooo, NULL);
    size_t len = 0;
    char* v = rocksdb_transaction_get_cf(t, ro, h[1], "c", 1, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "3");
    rocksdb_free(v);
    rocksdb_transaction_put_cf(t, h[1], "d", 1, "4", 1, &err);
    CHECK_NOERR(err);
    rocksdb_transaction_commit(t, &err);
    CHECK_NOERR(err);
    rocksdb_transaction_destroy(t);
    rocksdb_t* base = rocksdb_optimistictransactiondb_get_base_db(odb);
    v = rocksdb_get_cf(base, ro, h[1], "d", 1, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "4");
    rocksdb_free(v);
    rocksdb_optimistictransactiondb_close_base_db(base);
    rocksdb_optimistictransaction_options_destroy(ooo);
    rocksdb_column_family_handle_destroy(h[0]);
    rocksdb_column_family_handle_destroy(h[1]);
    rocksdb_optimistictransactiondb_close(odb);
  }
  /* RocksDB's open errors: a family of the database left out, then a missing one without
   * create_missing_column_families. */
  rocksdb_options_set_create_missing_column_families(o, 0);
  const char* only_default[1] = {"default"};
  odb = rocksdb_optimistictransactiondb_open_column_families_with_otxn_db_options(o, oto, path, 1, only_default, cfo,
                                                                                  h, &err);
  CHECK(odb == NULL, "no database");
  CHECK_ERR_PREFIX(err, "Invalid argument: Column families not opened: cf");
  const char* bad[3] = {"default", "cf", "nope"};
  const rocksdb_options_t* cfo3[3] = {o, o, o};
  rocksdb_column_family_handle_t* h3[3] = {NULL, NULL, NULL};
  odb = rocksdb_optimistictransactiondb_open_column_families_with_otxn_db_options(o, oto, path, 3, bad, cfo3, h3,
                                                                                  &err);
  CHECK(odb == NULL, "no database");
  CHECK_ERR_PREFIX(err, "Invalid argument: Column family not found: nope");
  rocksdb_optimistictransactiondb_options_destroy(oto);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  table_option_aliases();
  option_pairs();
  rate_limiters();
  listener_infos();
  memory_allocator();
  backup_options();
  transaction_dbs();
  return check_report("t_c_test_phases2");
}
