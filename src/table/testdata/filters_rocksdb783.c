/* Writes SST files with the filters Debian's RocksDB 7.8.3 builds, for the
   table::ribbon and partitioned-filter tests (built and run by the tests):
   cc filters_rocksdb783.c -lrocksdb -o gen && ./gen OUT.sst KIND N
   KIND: ribbon       Standard128 Ribbon full filter (10 bits/key Bloom equivalent)
         partitioned  FastLocalBloom 10 bits/key, partitioned filters + two-level index
         ribbonpart   Ribbon, partitioned filters + two-level index
   Keys "key%08d" for every even i in 0..2N (so odd ones are absent but interleaved),
   values "v<i>". Ribbon uses bloom_before_level -1: an SstFileWriter builds at
   level -1, where the plain Ribbon policy would fall back to Bloom.
   ./gen DBDIR probe N SST   ingests SST (written by ferrock with those keys) into a new
   database at DBDIR, checks every present key's value, then looks up the N-1 absent odd
   keys within its key range and prints "<filter positives> <filter useful>" from the statistics
   (rocksdb.bloom.filter.full.positive and .useful): how RocksDB's reader answers
   ferrock's filter. */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* The COUNT of ticker `name` in a statistics dump ("name COUNT : 123"), -1 if absent. */
static long long ticker(const char* stats, const char* name) {
  char pat[128];
  snprintf(pat, sizeof pat, "%s COUNT : ", name);
  const char* p = strstr(stats, pat);
  return p ? atoll(p + strlen(pat)) : -1;
}
int main(int argc, char** argv) {
  char* err = NULL;
  if (argc < 4) return 2;
  const char* kind = argv[2];
  int n = atoi(argv[3]);
  if (!strcmp(kind, "probe")) {
    if (argc < 5) return 2;
    rocksdb_options_t* o = rocksdb_options_create();
    rocksdb_options_set_create_if_missing(o, 1);
    rocksdb_options_enable_statistics(o);
    /* RocksDB consults a table's filter only with a filter policy set; any built-in
       policy reads every built-in filter (Bloom or Ribbon). */
    rocksdb_block_based_table_options_t* pt = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_filter_policy(pt, rocksdb_filterpolicy_create_bloom_full(10));
    rocksdb_options_set_block_based_table_factory(o, pt);
    rocksdb_t* db = rocksdb_open(o, argv[1], &err);
    if (err) { fprintf(stderr, "open: %s\n", err); return 1; }
    rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
    const char* files[1] = {argv[4]};
    rocksdb_ingest_external_file(db, files, 1, io, &err);
    if (err) { fprintf(stderr, "ingest: %s\n", err); return 1; }
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    for (int i = 0; i < 2 * n; i += 2) {
      char k[32], v[32];
      size_t len;
      snprintf(k, sizeof k, "key%08d", i);
      snprintf(v, sizeof v, "v%d", i);
      char* got = rocksdb_get(db, ro, k, strlen(k), &len, &err);
      if (err || !got || len != strlen(v) || memcmp(got, v, len)) { fprintf(stderr, "get %s failed\n", k); return 1; }
      rocksdb_free(got);
    }
    char* before = rocksdb_options_statistics_get_string(o);
    long long pos0 = ticker(before, "rocksdb.bloom.filter.full.positive"), useful0 = ticker(before, "rocksdb.bloom.filter.useful");
    rocksdb_free(before);
    /* The absent keys inside the table's key range (the last odd one is past it, where
       RocksDB skips the table without asking the filter). */
    for (int i = 1; i < 2 * n - 1; i += 2) {
      char k[32];
      size_t len;
      snprintf(k, sizeof k, "key%08d", i);
      char* got = rocksdb_get(db, ro, k, strlen(k), &len, &err);
      if (err || got) { fprintf(stderr, "absent %s found\n", k); return 1; }
    }
    char* after = rocksdb_options_statistics_get_string(o);
    printf("%lld %lld\n", ticker(after, "rocksdb.bloom.filter.full.positive") - pos0,
           ticker(after, "rocksdb.bloom.filter.useful") - useful0);
    rocksdb_free(after);
    rocksdb_readoptions_destroy(ro);
    rocksdb_ingestexternalfileoptions_destroy(io);
    rocksdb_close(db);
    rocksdb_options_destroy(o);
    return 0;
  }
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
