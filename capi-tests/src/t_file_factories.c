/* The file checksum generator and SST partitioner factories on regular options:
 * rocksdb_file_checksum_gen_crc32c_factory_create records each table's CRC32C in the MANIFEST,
 * rocksdb_verify_file_checksums checks them (and finds a flipped byte);
 * rocksdb_sst_partitioner_fixed_prefix_factory_create cuts compaction outputs where the key
 * prefix changes. The options share the factories: the caller destroys its handles. */
#include "check.h"

#include <dirent.h>

/* The one .sst file of `dir` into buf (returns 0 if there is not exactly one). */
static int only_table(const char* dir, char* buf, size_t cap) {
  int n = 0;
  DIR* d = opendir(dir);
  if (!d) return 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l > 4 && strcmp(e->d_name + l - 4, ".sst") == 0) {
      snprintf(buf, cap, "%s/%s", dir, e->d_name);
      n++;
    }
  }
  closedir(d);
  return n == 1;
}

static void checksums(void) {
  char path[300], table[600];
  make_db_path(path, sizeof path, "t_file_factories_crc");
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_file_checksum_gen_factory_t* f = rocksdb_file_checksum_gen_crc32c_factory_create();
  CHECK(f != NULL, "factory");
  rocksdb_options_set_file_checksum_gen_factory(o, f);
  rocksdb_file_checksum_gen_factory_destroy(f); /* the options share it */
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char k[32], v[64];
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < 300; i++) {
      snprintf(k, sizeof k, "key%04d", i);
      snprintf(v, sizeof v, "checksummed-value-%d-%04d", round, i);
      rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
      CHECK_NOERR(err);
    }
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
  }
  rocksdb_verify_file_checksums(db, &err);
  CHECK_NOERR(err);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  rocksdb_verify_file_checksums_with_options(db, ro, &err);
  CHECK_NOERR(err);
  rocksdb_close(db);
  /* After a reopen the MANIFEST still has them; a flipped byte is found. */
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_verify_file_checksums(db, &err);
  CHECK_NOERR(err);
  CHECK(only_table(path, table, sizeof table), "one table after the compaction");
  FILE* fp = fopen(table, "r+b");
  CHECK(fp != NULL, "open %s", table);
  if (fp) {
    fseek(fp, 100, SEEK_SET);
    int c = fgetc(fp);
    fseek(fp, 100, SEEK_SET);
    fputc(c ^ 1, fp);
    fclose(fp);
  }
  rocksdb_verify_file_checksums(db, &err);
  CHECK(err != NULL && strncmp(err, "Corruption: ", 12) == 0 && strstr(err, "file checksum mismatch") != NULL, "got %s",
        err ? err : "no error");
  free(err);
  err = NULL;
  rocksdb_close(db);
  /* Without the factory nothing can be verified, as RocksDB says. */
  rocksdb_options_t* plain = rocksdb_options_create();
  db = rocksdb_open(plain, path, &err);
  CHECK_NOERR(err);
  rocksdb_verify_file_checksums(db, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Cannot verify file checksum if options.file_checksum_gen_factory is null");
  rocksdb_close(db);
  rocksdb_options_destroy(plain);
  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

/* Tables at the last level after writing three prefixes in two flushes and compacting. */
static int last_level_tables(int prefix_len) {
  char path[300];
  make_db_path(path, sizeof path, "t_file_factories_part");
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_sst_partitioner_factory_t* p = NULL;
  if (prefix_len > 0) {
    p = rocksdb_sst_partitioner_fixed_prefix_factory_create(prefix_len);
    CHECK(p != NULL, "partitioner");
    rocksdb_options_set_sst_partitioner_factory(o, p);
  }
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  const char* prefixes[] = {"aaaa", "bbbb", "cccc"};
  char k[32];
  for (int round = 0; round < 2; round++) {
    for (int pi = 0; pi < 3; pi++)
      for (int i = 0; i < 50; i++) {
        snprintf(k, sizeof k, "%s%03d", prefixes[pi], i);
        rocksdb_put(db, wo, k, strlen(k), "v", 1, &err);
        CHECK_NOERR(err);
      }
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
  }
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  int n = files_at_level(db, 6);
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  size_t len;
  char* v = rocksdb_get(db, ro, "bbbb007", 7, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "v");
  free(v);
  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  if (p) rocksdb_sst_partitioner_factory_destroy(p);
  remove_db_path(path);
  return n;
}

int main(void) {
  checksums();
  int whole = last_level_tables(0);
  int parted = last_level_tables(4);
  CHECK(whole == 1, "one table without a partitioner: %d", whole);
  CHECK(parted == 3, "one table per prefix: %d", parted);
  return check_report("t_file_factories");
}
