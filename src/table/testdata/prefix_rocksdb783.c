/* Prefix bloom filters with RocksDB 7.8.3, for ferrock's tests (built and run
   by them: cc prefix_rocksdb783.c -lrocksdb -o prefix).
   Keys are "p%03d-%05d" of (i / 7, i) for i in 0..N, values "v%d" of i; the
   prefix extractor is a 4-byte fixed prefix ("p000", "p001", ...), the filter
   a full bloom filter at 10 bits per key, no compression.

   ./prefix write SST N WHOLE_KEY
       writes the keys with an SstFileWriter (whole_key_filtering = WHOLE_KEY)
   ./prefix read DBDIR N
       opens a database (written by ferrock) with the same extractor and
       filter, whole_key_filtering off, so Get and seeks consult the tables'
       prefix filters; reads every key with Get, and every prefix with a seek
       under prefix_same_as_start; prints "ok <found by get> <found by seeks>
       <absent prefixes found>". */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static rocksdb_options_t* options(int whole_key) {
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_prefix_extractor(o, rocksdb_slicetransform_create_fixed_prefix(4));
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_filter_policy(t, rocksdb_filterpolicy_create_bloom_full(10));
  rocksdb_block_based_options_set_whole_key_filtering(t, (unsigned char)whole_key);
  rocksdb_options_set_block_based_table_factory(o, t);
  return o;
}

static int write_sst(const char* path, int n, int whole_key) {
  char* err = NULL;
  rocksdb_options_t* o = options(whole_key);
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(rocksdb_envoptions_create(), o);
  rocksdb_sstfilewriter_open(w, path, &err);
  if (err) { printf("open: %s\n", err); return 1; }
  for (int i = 0; i < n; i++) {
    char k[32], v[32];
    snprintf(k, sizeof k, "p%03d-%05d", i / 7, i);
    snprintf(v, sizeof v, "v%d", i);
    rocksdb_sstfilewriter_put(w, k, strlen(k), v, strlen(v), &err);
    if (err) { printf("put: %s\n", err); return 1; }
  }
  rocksdb_sstfilewriter_finish(w, &err);
  if (err) { printf("finish: %s\n", err); return 1; }
  printf("ok\n");
  return 0;
}

static int read_db(const char* dir, int n) {
  char* err = NULL;
  rocksdb_options_t* o = options(0);
  rocksdb_t* db = rocksdb_open(o, dir, &err);
  if (err) { printf("open: %s\n", err); return 1; }
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  int found = 0, seen = 0, absent = 0;
  for (int i = 0; i < n; i++) {
    char k[32], want[32];
    snprintf(k, sizeof k, "p%03d-%05d", i / 7, i);
    snprintf(want, sizeof want, "v%d", i);
    size_t vl;
    char* v = rocksdb_get(db, ro, k, strlen(k), &vl, &err);
    if (err) { printf("get: %s\n", err); return 1; }
    if (v && vl == strlen(want) && memcmp(v, want, vl) == 0) found++;
    free(v);
  }
  rocksdb_readoptions_t* pro = rocksdb_readoptions_create();
  rocksdb_readoptions_set_prefix_same_as_start(pro, 1);
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, pro);
  for (int p = 0; p <= (n - 1) / 7; p++) {
    char pk[8];
    snprintf(pk, sizeof pk, "p%03d", p);
    for (rocksdb_iter_seek(it, pk, 4); rocksdb_iter_valid(it); rocksdb_iter_next(it)) seen++;
  }
  /* Prefixes never written: "q000".. are out of the key range, "p%03d" beyond
     the last one too; none may be found. */
  for (int p = (n - 1) / 7 + 1; p < (n - 1) / 7 + 50 && p < 1000; p++) {
    char pk[8];
    snprintf(pk, sizeof pk, "p%03d", p);
    for (rocksdb_iter_seek(it, pk, 4); rocksdb_iter_valid(it); rocksdb_iter_next(it)) absent++;
  }
  rocksdb_iter_get_error(it, &err);
  if (err) { printf("iter: %s\n", err); return 1; }
  rocksdb_iter_destroy(it);
  rocksdb_close(db);
  printf("ok %d %d %d\n", found, seen, absent);
  return 0;
}

int main(int argc, char** argv) {
  if (argc >= 5 && strcmp(argv[1], "write") == 0) return write_sst(argv[2], atoi(argv[3]), atoi(argv[4]));
  if (argc >= 4 && strcmp(argv[1], "read") == 0) return read_db(argv[2], atoi(argv[3]));
  return 2;
}
