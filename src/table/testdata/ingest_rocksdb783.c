/* Ingests an SST written by ferrock into a fresh RocksDB 7.8.3 database and
   reads every key back through Get (which consults the table's bloom filter)
   and an iterator. Used by table::tests; built and run by the test:
   cc ingest_rocksdb783.c -lrocksdb -o ingest && ./ingest DBDIR SST N
   Keys are "key%08d" for i in 0..N, values "value-<i>-" + (i % 37) times 'x'.
   Prints "ok <found> <absent-found> <iterated>" or an error. */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  char* err = NULL;
  if (argc < 4) return 2;
  int n = atoi(argv[3]);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_filter_policy(t, rocksdb_filterpolicy_create_bloom_full(10));
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_t* db = rocksdb_open(o, argv[1], &err);
  if (err) { printf("open: %s\n", err); return 1; }
  rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
  const char* files[1] = {argv[2]};
  rocksdb_ingest_external_file(db, files, 1, io, &err);
  if (err) { printf("ingest: %s\n", err); return 1; }
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  int found = 0, absent_found = 0, iterated = 0;
  for (int i = 0; i < n; i++) {
    char k[32], want[128];
    snprintf(k, sizeof k, "key%08d", i);
    int len = snprintf(want, sizeof want, "value-%d-", i);
    for (int x = 0; x < i % 37; x++) want[len++] = 'x';
    size_t vlen = 0;
    char* v = rocksdb_get(db, ro, k, strlen(k), &vlen, &err);
    if (err) { printf("get: %s\n", err); return 1; }
    if (v && vlen == (size_t)len && memcmp(v, want, len) == 0) found++;
    else { printf("mismatch at %s\n", k); return 1; }
    free(v);
    snprintf(k, sizeof k, "key%08d!", i);
    v = rocksdb_get(db, ro, k, strlen(k), &vlen, &err);
    if (v) { absent_found++; free(v); }
  }
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) iterated++;
  rocksdb_iter_get_error(it, &err);
  if (err) { printf("iter: %s\n", err); return 1; }
  rocksdb_iter_destroy(it);
  printf("ok %d %d %d\n", found, absent_found, iterated);
  rocksdb_close(db);
  return 0;
}
