/* Acknowledged writes survive a clean close and reopen (issue 12):
 * - an external file ingested over a key that is already in a table does not
 *   hide an older write that is still only in the WAL (replay starts at each
 *   column family's log number, not at the sequence of its newest table);
 * - writes made with disable_WAL to two column families are both flushed at
 *   close after only one of them was flushed by hand.
 * Builds against RocksDB 7.8.3 too (`make -C capi-tests reference`), which
 * keeps the data in both cases. */
#include <rocksdb/c.h>
#include "check.h"

static void check_get_cf(rocksdb_t* db, rocksdb_column_family_handle_t* cf, const char* key, const char* want) {
  char* err = NULL;
  size_t len = 0;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = cf ? rocksdb_get_cf(db, ro, cf, key, strlen(key), &len, &err)
               : rocksdb_get(db, ro, key, strlen(key), &len, &err);
  CHECK_NOERR(err);
  if (want) {
    CHECK_VALUE(v, len, want);
  } else {
    CHECK(v == NULL, "%s should be absent", key);
  }
  free(v);
  rocksdb_readoptions_destroy(ro);
}

/* put(a), flush, put(m), ingest a file holding a, close, reopen: m is there. */
static void ingest_does_not_hide_unflushed_writes(void) {
  char path[512], sst[600];
  char* err = NULL;
  make_db_path(path, sizeof(path), "dur-ingest");
  snprintf(sst, sizeof(sst), "%s.ext.sst", path);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_put(db, wo, "a", 1, "a-old", 5, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "m", 1, "m-wal", 5, &err);
  CHECK_NOERR(err);

  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, sst, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "a", 1, "a-ingested", 10, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(eo);
  rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
  const char* files[1] = {sst};
  rocksdb_ingest_external_file(db, files, 1, io, &err);
  CHECK_NOERR(err);
  rocksdb_ingestexternalfileoptions_destroy(io);
  check_get_cf(db, NULL, "m", "m-wal");
  check_get_cf(db, NULL, "a", "a-ingested");
  rocksdb_close(db);

  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) {
    check_get_cf(db, NULL, "m", "m-wal");
    check_get_cf(db, NULL, "a", "a-ingested");
    rocksdb_close(db);
    /* And again: the recovered write was flushed into a table the MANIFEST names. */
    db = rocksdb_open(o, path, &err);
    CHECK_NOERR(err);
    if (db) {
      check_get_cf(db, NULL, "m", "m-wal");
      rocksdb_close(db);
    }
  }
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove(sst);
  remove_db_path(path);
}

/* disable_WAL writes to default and b, flush_cf(default), close, reopen: b's key is there. */
static void unlogged_writes_of_every_family_are_flushed_at_close(void) {
  char path[512];
  char* err = NULL;
  make_db_path(path, sizeof(path), "dur-unlogged");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  const char* names[2] = {"default", "b"};
  const rocksdb_options_t* opts[2] = {o, o};
  rocksdb_column_family_handle_t* cfs[2] = {NULL, NULL};
  rocksdb_t* db = rocksdb_open_column_families(o, path, 2, names, opts, cfs, &err);
  CHECK_NOERR(err);
  if (!db) return;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_writeoptions_disable_WAL(wo, 1);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_put_cf(db, wo, cfs[0], "d", 1, "in-default", 10, &err);
  CHECK_NOERR(err);
  rocksdb_put_cf(db, wo, cfs[1], "k", 1, "in-b", 4, &err);
  CHECK_NOERR(err);
  rocksdb_flush_cf(db, fo, cfs[0], &err);
  CHECK_NOERR(err);
  rocksdb_column_family_handle_destroy(cfs[0]);
  rocksdb_column_family_handle_destroy(cfs[1]);
  rocksdb_close(db);

  db = rocksdb_open_column_families(o, path, 2, names, opts, cfs, &err);
  CHECK_NOERR(err);
  if (db) {
    check_get_cf(db, cfs[0], "d", "in-default");
    check_get_cf(db, cfs[1], "k", "in-b");
    rocksdb_column_family_handle_destroy(cfs[0]);
    rocksdb_column_family_handle_destroy(cfs[1]);
    rocksdb_close(db);
  }
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  ingest_does_not_hide_unflushed_writes();
  unlogged_writes_of_every_family_are_flushed_at_close();
  return check_report("t_durability");
}
