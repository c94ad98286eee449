/* External file ingestion through the C API: tables written by
 * rocksdb_sstfilewriter_* are added with rocksdb_ingest_external_file(_cf);
 * their keys read back, shadow older values (memtable and tables), keep doing
 * so after reopen; files with range deletions delete older data in their range;
 * overlapping inputs are refused; the options' setters store
 * what the getters read back. Also the WAL iterator: rocksdb_get_updates_since
 * and rocksdb_wal_iter_* return the batches with their sequence numbers, and its read
 * options (rocksdb_wal_readoptions_*: checksums verified unless turned off). */
#include <rocksdb/c.h>
#include <dirent.h>
#include "check.h"

static char path[512];

static void write_sst(rocksdb_options_t* o, const char* file, const char* const* kv, int n) {
  char* err = NULL;
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, file, &err);
  CHECK_NOERR(err);
  for (int i = 0; i < n; i++) {
    rocksdb_sstfilewriter_put(w, kv[2 * i], strlen(kv[2 * i]), kv[2 * i + 1], strlen(kv[2 * i + 1]), &err);
    CHECK_NOERR(err);
  }
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(eo);
}

/* An external file with a range deletion [begin, end) and, when key is set, one put. */
static void write_sst_with_range(rocksdb_options_t* o, const char* file, const char* begin, const char* end,
                                 const char* key, const char* val) {
  char* err = NULL;
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, file, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_delete_range(w, begin, strlen(begin), end, strlen(end), &err);
  CHECK_NOERR(err);
  if (key) {
    rocksdb_sstfilewriter_put(w, key, strlen(key), val, strlen(val), &err);
    CHECK_NOERR(err);
  }
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(eo);
}

static void check_get(rocksdb_t* db, rocksdb_column_family_handle_t* cf, const char* key, const char* want) {
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

static void wal_iterator(void) {
  char* err = NULL;
  char wpath[512];
  make_db_path(wpath, sizeof(wpath), "waliter");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, wpath, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "k1", 2, "v1", 2, &err); /* seq 1 */
  CHECK_NOERR(err);
  rocksdb_writebatch_t* b = rocksdb_writebatch_create();
  rocksdb_writebatch_put(b, "k2", 2, "v2", 2);
  rocksdb_writebatch_delete(b, "k1", 2);
  rocksdb_write(db, wo, b, &err); /* seqs 2..3 */
  CHECK_NOERR(err);
  rocksdb_writebatch_destroy(b);
  rocksdb_put(db, wo, "k3", 2, "v3", 2, &err); /* seq 4 */
  CHECK_NOERR(err);

  rocksdb_wal_iterator_t* it = rocksdb_get_updates_since(db, 3, NULL, &err);
  CHECK_NOERR(err);
  uint64_t seqs[4] = {0};
  int counts[4] = {0};
  int n = 0;
  for (; it && rocksdb_wal_iter_valid(it) && n < 4; rocksdb_wal_iter_next(it), n++) {
    rocksdb_writebatch_t* got = rocksdb_wal_iter_get_batch(it, &seqs[n]);
    counts[n] = rocksdb_writebatch_count(got);
    rocksdb_writebatch_destroy(got);
  }
  rocksdb_wal_iter_status(it, &err);
  CHECK_NOERR(err);
  CHECK(n == 2, "two batches from seq 3, got %d", n);
  CHECK(seqs[0] == 2 && counts[0] == 2, "first batch starts at 2 with 2 records: %llu %d",
        (unsigned long long)seqs[0], counts[0]);
  CHECK(seqs[1] == 4 && counts[1] == 1, "second batch starts at 4: %llu %d", (unsigned long long)seqs[1], counts[1]);
  rocksdb_wal_iter_destroy(it);

  /* Sequence 0 (before every write) starts at the oldest batch, as in RocksDB. */
  it = rocksdb_get_updates_since(db, 0, NULL, &err);
  CHECK_NOERR(err);
  CHECK(it != NULL && rocksdb_wal_iter_valid(it), "an iterator from sequence 0");
  if (it && rocksdb_wal_iter_valid(it)) {
    rocksdb_writebatch_t* got = rocksdb_wal_iter_get_batch(it, &seqs[0]);
    CHECK(seqs[0] == 1, "from sequence 0 the first batch is 1: %llu", (unsigned long long)seqs[0]);
    rocksdb_writebatch_destroy(got);
  }
  if (it) rocksdb_wal_iter_destroy(it);

  it = rocksdb_get_updates_since(db, 100, NULL, &err);
  CHECK(it == NULL, "no iterator past the last sequence");
  CHECK_ERR_PREFIX(err, "NotFound");

  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_destroy_db(o, wpath, &err);
  CHECK_NOERR(err);
  rocksdb_options_destroy(o);
}

/* Whether the WAL iterator from seq 1 yields a batch holding `needle`. */
static int wal_shows(rocksdb_t* db, const rocksdb_wal_readoptions_t* ro, const char* needle) {
  char* err = NULL;
  int found = 0;
  rocksdb_wal_iterator_t* it = rocksdb_get_updates_since(db, 1, ro, &err);
  free(err); /* a verified read of a damaged WAL may fail: then nothing is shown */
  for (; it && rocksdb_wal_iter_valid(it); rocksdb_wal_iter_next(it)) {
    uint64_t seq;
    size_t len;
    rocksdb_writebatch_t* b = rocksdb_wal_iter_get_batch(it, &seq);
    const char* data = rocksdb_writebatch_data(b, &len);
    for (size_t i = 0; i + strlen(needle) <= len; i++) {
      if (memcmp(data + i, needle, strlen(needle)) == 0) found = 1;
    }
    rocksdb_writebatch_destroy(b);
  }
  if (it) rocksdb_wal_iter_destroy(it);
  return found;
}

/* rocksdb_wal_readoptions_t: RocksDB's default verifies checksums; turned off, a record
 * whose bytes changed on disk is handed out as it now reads. */
static void wal_read_options(void) {
  char* err = NULL;
  char wpath[512], file[1024];
  make_db_path(wpath, sizeof(wpath), "walread");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, wpath, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "key1", 4, "value-one", 9, &err);
  CHECK_NOERR(err);
  rocksdb_flush_wal(db, 1, &err);
  CHECK_NOERR(err);
  rocksdb_wal_readoptions_t* ro = rocksdb_wal_readoptions_create();
  CHECK(ro != NULL, "wal read options created");
  CHECK(rocksdb_wal_readoptions_get_verify_checksums(ro) == 1, "checksums verified by default");
  CHECK(wal_shows(db, ro, "value-one"), "the intact record is read");
  /* Change the value's bytes in the WAL: "value-one" -> "value-two". */
  DIR* d = opendir(wpath);
  struct dirent* e;
  int changed = 0;
  while (d && (e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l < 4 || strcmp(e->d_name + l - 4, ".log") != 0) continue;
    snprintf(file, sizeof(file), "%s/%s", wpath, e->d_name);
    FILE* f = fopen(file, "r+b");
    char buf[4096];
    size_t n = f ? fread(buf, 1, sizeof(buf), f) : 0;
    for (size_t i = 0; i + 9 <= n; i++) {
      if (memcmp(buf + i, "value-one", 9) == 0) {
        fseek(f, (long)(i + 6), SEEK_SET);
        fwrite("two", 1, 3, f);
        changed = 1;
        break;
      }
    }
    if (f) fclose(f);
  }
  if (d) closedir(d);
  CHECK(changed, "the record found in the WAL");
  CHECK(!wal_shows(db, ro, "value-two"), "with checksums verified the changed record is not handed out");
  CHECK(!wal_shows(db, NULL, "value-two"), "NULL options verify too");
  rocksdb_wal_readoptions_set_verify_checksums(ro, 0);
  CHECK(rocksdb_wal_readoptions_get_verify_checksums(ro) == 0, "verify_checksums read back");
  CHECK(wal_shows(db, ro, "value-two"), "without verification the changed record is read as it is");
  rocksdb_wal_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_destroy_db(o, wpath, &err);
  CHECK_NOERR(err);
  rocksdb_options_destroy(o);
}

int main(void) {
  char* err = NULL;
  char f1[600], f2[600], f3[600], f4[600];
  make_db_path(path, sizeof(path), "ingest");
  snprintf(f1, sizeof(f1), "%s-f1.sst", path);
  snprintf(f2, sizeof(f2), "%s-f2.sst", path);
  snprintf(f3, sizeof(f3), "%s-f3.sst", path);
  snprintf(f4, sizeof(f4), "%s-f4.sst", path);

  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "a", 1, "old-a", 5, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "b", 1, "mem-b", 5, &err);
  CHECK_NOERR(err);
  uint64_t seq = rocksdb_get_latest_sequence_number(db);

  rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
  CHECK(rocksdb_ingestexternalfileoptions_get_move_files(io) == 0, "move_files defaults off");
  CHECK(rocksdb_ingestexternalfileoptions_get_allow_global_seqno(io) == 1, "allow_global_seqno defaults on");
  rocksdb_ingestexternalfileoptions_set_snapshot_consistency(io, 0);
  CHECK(rocksdb_ingestexternalfileoptions_get_snapshot_consistency(io) == 0, "setter stored");
  rocksdb_ingestexternalfileoptions_set_snapshot_consistency(io, 1);

  /* Overlaps the table and the memtable: a global seqno above both. */
  const char* kv1[] = {"a", "new-a", "b", "new-b", "c", "new-c"};
  write_sst(o, f1, kv1, 3);
  const char* list1[] = {f1};
  rocksdb_ingest_external_file(db, list1, 1, io, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_get_latest_sequence_number(db) == seq + 1, "global seqno takes one sequence number");
  check_get(db, NULL, "a", "new-a");
  check_get(db, NULL, "b", "new-b");
  check_get(db, NULL, "c", "new-c");
  CHECK(access(f1, F_OK) == 0, "copied, the source stays");

  /* Two disjoint files at once, moved. */
  const char* kv2[] = {"m", "vm", "n", "vn"};
  const char* kv3[] = {"x", "vx"};
  write_sst(o, f2, kv2, 2);
  write_sst(o, f3, kv3, 1);
  rocksdb_ingestexternalfileoptions_set_move_files(io, 1);
  CHECK(rocksdb_ingestexternalfileoptions_get_move_files(io) == 1, "setter stored");
  const char* list23[] = {f3, f2};
  rocksdb_column_family_handle_t* def = rocksdb_get_default_column_family_handle(db);
  rocksdb_ingest_external_file_cf(db, def, list23, 2, io, &err);
  CHECK_NOERR(err);
  CHECK(access(f2, F_OK) != 0 && access(f3, F_OK) != 0, "moved files are gone from their source");
  check_get(db, def, "n", "vn");
  check_get(db, def, "x", "vx");

  /* Overlapping inputs are refused, nothing added. */
  const char* kv4[] = {"k", "bad", "z", "bad"};
  const char* kv5[] = {"l", "bad"};
  write_sst(o, f4, kv4, 2);
  write_sst(o, f1, kv5, 1);
  const char* list41[] = {f4, f1};
  rocksdb_ingest_external_file(db, list41, 2, io, &err);
  CHECK(err != NULL, "overlapping files must be refused");
  free(err);
  err = NULL;
  check_get(db, NULL, "z", NULL);

  /* Later writes win over ingested data. */
  rocksdb_put(db, wo, "m", 1, "put-m", 5, &err);
  CHECK_NOERR(err);
  rocksdb_column_family_handle_destroy(def);
  rocksdb_close(db);

  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  check_get(db, NULL, "a", "new-a");
  check_get(db, NULL, "b", "new-b");
  check_get(db, NULL, "m", "put-m");
  check_get(db, NULL, "x", "vx");

  /* A file with a range deletion: it deletes the older data in its range (memtable and
   * tables), not its own put; a file of range deletions only works too. */
  rocksdb_put(db, wo, "n2", 2, "mem-n2", 6, &err);
  CHECK_NOERR(err);
  write_sst_with_range(o, f4, "m", "o", "n5", "ext-n5");
  const char* list4[] = {f4};
  rocksdb_ingest_external_file(db, list4, 1, io, &err);
  CHECK_NOERR(err);
  check_get(db, NULL, "m", NULL);
  check_get(db, NULL, "n", NULL);
  check_get(db, NULL, "n2", NULL);
  check_get(db, NULL, "n5", "ext-n5");
  check_get(db, NULL, "x", "vx");
  write_sst_with_range(o, f4, "a", "b", NULL, NULL);
  rocksdb_ingest_external_file(db, list4, 1, io, &err);
  CHECK_NOERR(err);
  check_get(db, NULL, "a", NULL);
  check_get(db, NULL, "b", "new-b");
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  rocksdb_close(db);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  check_get(db, NULL, "a", NULL);
  check_get(db, NULL, "m", NULL);
  check_get(db, NULL, "n5", "ext-n5");
  check_get(db, NULL, "c", "new-c");
  rocksdb_close(db);

  rocksdb_ingestexternalfileoptions_destroy(io);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_destroy_db(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_options_destroy(o);
  unlink(f1);
  unlink(f4);
  wal_iterator();
  wal_read_options();
  return check_report("t_ingest");
}
