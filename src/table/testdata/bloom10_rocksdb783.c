/* Generates bloom10_rocksdb783.sst with Debian RocksDB 7.8.3 (used by table::filter tests):
   gcc bloom10_rocksdb783.c -lrocksdb -o gen && ./gen bloom10_rocksdb783.sst 300 */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_filter_policy(t, rocksdb_filterpolicy_create_bloom_full(10));
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(rocksdb_envoptions_create(), o);
  rocksdb_sstfilewriter_open(w, argv[1], &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  int n = atoi(argv[2]);
  /* The empty key first, then key00000.. */
  rocksdb_sstfilewriter_put(w, "", 0, "e", 1, &err);
  for (int i = 0; i < n; i++) {
    char k[32]; snprintf(k, sizeof k, "key%05d", i);
    rocksdb_sstfilewriter_put(w, k, strlen(k), "v", 1, &err);
    if (err) { fprintf(stderr, "%s\n", err); return 1; }
  }
  rocksdb_sstfilewriter_finish(w, &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  return 0;
}
