/* Writes an SST with RocksDB's data-block hash index (kDataBlockBinaryAndHash),
   used by table::tests. Built and run by the test itself:
   cc hashindex_rocksdb783.c -lrocksdb -o gen && ./gen out.sst 2000 */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  char* err = NULL;
  if (argc < 3) return 2;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  rocksdb_block_based_options_set_data_block_index_type(
      t, rocksdb_block_based_table_data_block_index_type_binary_search_and_hash);
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(rocksdb_envoptions_create(), o);
  rocksdb_sstfilewriter_open(w, argv[1], &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  int n = atoi(argv[2]);
  for (int i = 0; i < n; i++) {
    char k[32], v[32];
    snprintf(k, sizeof k, "key%05d", i);
    snprintf(v, sizeof v, "value%d", i);
    rocksdb_sstfilewriter_put(w, k, strlen(k), v, strlen(v), &err);
    if (err) { fprintf(stderr, "%s\n", err); return 1; }
  }
  rocksdb_sstfilewriter_finish(w, &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_options_destroy(o);
  rocksdb_block_based_options_destroy(t);
  return 0;
}
