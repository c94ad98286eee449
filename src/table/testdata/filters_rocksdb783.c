/* Writes SST files with the filters Debian's RocksDB 7.8.3 builds, for the
   table::ribbon and partitioned-filter tests (built and run by the tests):
   cc filters_rocksdb783.c -lrocksdb -o gen && ./gen OUT.sst KIND N
   KIND: ribbon       Standard128 Ribbon full filter (10 bits/key Bloom equivalent)
         partitioned  FastLocalBloom 10 bits/key, partitioned filters + two-level index
         ribbonpart   Ribbon, partitioned filters + two-level index
   Keys "key%08d" for every even i in 0..2N (so odd ones are absent but interleaved),
   values "v<i>". Ribbon uses bloom_before_level -1: an SstFileWriter builds at
   level -1, where the plain Ribbon policy would fall back to Bloom. */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  char* err = NULL;
  if (argc < 4) return 2;
  const char* kind = argv[2];
  int n = atoi(argv[3]);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_block_based_table_options_t* t = rocksdb_block_based_options_create();
  int ribbon = !strcmp(kind, "ribbon") || !strcmp(kind, "ribbonpart");
  int partitioned = !strcmp(kind, "partitioned") || !strcmp(kind, "ribbonpart");
  rocksdb_block_based_options_set_filter_policy(
      t, ribbon ? rocksdb_filterpolicy_create_ribbon_hybrid(10, -1) : rocksdb_filterpolicy_create_bloom_full(10));
  if (partitioned) {
    rocksdb_block_based_options_set_index_type(t, rocksdb_block_based_table_index_type_two_level_index_search);
    rocksdb_block_based_options_set_partition_filters(t, 1);
    rocksdb_block_based_options_set_metadata_block_size(t, 1024);
  }
  rocksdb_options_set_block_based_table_factory(o, t);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, argv[1], &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  for (int i = 0; i < 2 * n; i += 2) {
    char k[32], v[32];
    snprintf(k, sizeof k, "key%08d", i);
    snprintf(v, sizeof v, "v%d", i);
    rocksdb_sstfilewriter_put(w, k, strlen(k), v, strlen(v), &err);
    if (err) { fprintf(stderr, "%s\n", err); return 1; }
  }
  rocksdb_sstfilewriter_finish(w, &err);
  if (err) { fprintf(stderr, "%s\n", err); return 1; }
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(eo);
  rocksdb_options_destroy(o);
  rocksdb_block_based_options_destroy(t);
  return 0;
}
