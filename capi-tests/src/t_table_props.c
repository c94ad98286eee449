/* Table properties through the C API: the properties of the table a flush wrote (entries, the
 * column family, the key sequence bounds) in on_flush_completed, those of an ingested file in
 * on_external_file_ingested, and a read options table filter that sees each table's properties
 * once per iterator and hides the entries of the tables it rejects; its destructor runs when the
 * filter is replaced, cleared or the read options destroyed, as in RocksDB. */
#include <rocksdb/c.h>
#include "check.h"

static char path[512];
static char sst[600];

typedef struct {
  int flushes;
  uint64_t last_entries;
  uint64_t last_largest_seqno;
  uint64_t ingested_entries;
} Seen;

static void noop(void* s) { (void)s; }

static void on_flush(void* arg, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  Seen* s = (Seen*)arg;
  (void)db;
  const rocksdb_table_properties_t* p = rocksdb_flushjobinfo_table_properties(info);
  size_t len = 0;
  const char* cf = rocksdb_table_properties_column_family_name(p, &len);
  CHECK(len == 7 && memcmp(cf, "default", 7) == 0, "cf name");
  CHECK(rocksdb_table_properties_has_key_largest_seqno(p) == 1, "largest seqno known");
  CHECK(rocksdb_table_properties_has_key_smallest_seqno(p) == 1, "smallest seqno known");
  CHECK(rocksdb_table_properties_key_smallest_seqno(p) <= rocksdb_table_properties_key_largest_seqno(p), "bounds");
  CHECK(rocksdb_table_properties_num_data_blocks(p) == 1, "one data block");
  s->last_entries = rocksdb_table_properties_num_entries(p);
  s->last_largest_seqno = rocksdb_table_properties_key_largest_seqno(p);
  s->flushes++;
}

static void on_ingested(void* arg, rocksdb_t* db, const rocksdb_externalfileingestioninfo_t* info) {
  Seen* s = (Seen*)arg;
  (void)db;
  s->ingested_entries = rocksdb_table_properties_num_entries(rocksdb_externalfileingestioninfo_table_properties(info));
}

typedef struct {
  int calls;
  int destroyed;
  uint64_t hide;
} Filter;

static void filter_destroy(void* arg) { ((Filter*)arg)->destroyed++; }

static unsigned char filter_cb(void* arg, const rocksdb_table_properties_t* p) {
  Filter* f = (Filter*)arg;
  f->calls++;
  CHECK(rocksdb_table_properties_has_key_largest_seqno(p) == 1, "the filter sees the seqno bounds");
  return rocksdb_table_properties_num_entries(p) != f->hide;
}

static int scan(rocksdb_t* db, rocksdb_readoptions_t* ro, char* keys) {
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  int n = 0;
  for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
    size_t kl;
    keys[n++] = rocksdb_iter_key(it, &kl)[0];
  }
  keys[n] = 0;
  rocksdb_iter_destroy(it);
  return n;
}

int main(void) {
  char* err = NULL;
  Seen seen = {0};
  make_db_path(path, sizeof path, "table_props");
  snprintf(sst, sizeof sst, "%s.sst", path);
  remove(sst);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_options_add_eventlistener(o, rocksdb_eventlistener_create(&seen, noop, NULL, on_flush, NULL, NULL, NULL, NULL,
                                                                    on_ingested, NULL, NULL, NULL));
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  const char* batches[3] = {"a", "bc", "def"};
  for (int b = 0; b < 3; b++) {
    for (const char* k = batches[b]; *k; k++) {
      rocksdb_put(db, wo, k, 1, "v", 1, &err);
      CHECK_NOERR(err);
    }
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
    CHECK(seen.last_entries == strlen(batches[b]), "flush %d: %llu entries", b, (unsigned long long)seen.last_entries);
  }
  CHECK(seen.flushes == 3, "three flushes: %d", seen.flushes);
  CHECK(seen.last_largest_seqno == 6, "the last table's newest key: %llu", (unsigned long long)seen.last_largest_seqno);

  Filter f = {0, 0, 2};
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  CHECK(rocksdb_readoptions_has_table_filter(ro) == 0, "no filter");
  rocksdb_readoptions_set_table_filter(ro, &f, filter_destroy, filter_cb);
  CHECK(rocksdb_readoptions_has_table_filter(ro) == 1, "a filter");
  char keys[16];
  CHECK(scan(db, ro, keys) == 4 && strcmp(keys, "adef") == 0, "the two-entry table hidden: %s", keys);
  CHECK(f.calls == 3, "asked once per table: %d", f.calls);
  size_t len;
  char* v = rocksdb_get(db, ro, "b", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(v != NULL, "a point read is not filtered (RocksDB's TableCache::Get)");
  rocksdb_free(v);
  rocksdb_readoptions_set_table_filter(ro, &f, filter_destroy, filter_cb);
  CHECK(f.destroyed == 1, "replacing runs the destructor: %d", f.destroyed);
  rocksdb_readoptions_clear_table_filter(ro);
  CHECK(f.destroyed == 2 && rocksdb_readoptions_has_table_filter(ro) == 0, "clearing runs it: %d", f.destroyed);
  CHECK(scan(db, ro, keys) == 6, "no filter: all six");
  rocksdb_readoptions_set_table_filter(ro, &f, filter_destroy, filter_cb);
  rocksdb_readoptions_destroy(ro);
  CHECK(f.destroyed == 3, "destroying the options runs it: %d", f.destroyed);

  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, sst, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "g", 1, "7", 1, &err);
  rocksdb_sstfilewriter_put(w, "h", 1, "8", 1, &err);
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
  const char* files[1] = {sst};
  rocksdb_ingest_external_file(db, files, 1, io, &err);
  CHECK_NOERR(err);
  CHECK(seen.ingested_entries == 2, "the ingested table's entries: %llu", (unsigned long long)seen.ingested_entries);

  rocksdb_ingestexternalfileoptions_destroy(io);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(eo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_flushoptions_destroy(fo);
  remove_db_path(path);
  remove(sst);
  return check_report("t_table_props");
}
