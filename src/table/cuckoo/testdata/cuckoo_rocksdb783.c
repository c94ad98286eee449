/* Built and run by src/table/cuckoo/tests.rs against Debian's RocksDB 7.8.3 (-lrocksdb).
 *   write DIR N RATIO DEPTH BLOCK IDENTITY MODULE: a database in DIR whose table factory is a cuckoo
 *     factory with those options; puts "key%05d" -> "v%05d" for N keys, flushes, closes.
 *   read DIR N: opens DIR with the default cuckoo factory and mmap reads, and checks that every
 *     "key%05d" reads "v%05d" and "nokey" is absent; prints "ok N".  */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(char* err, const char* what) {
  if (err != NULL) {
    fprintf(stderr, "%s: %s\n", what, err);
    exit(1);
  }
}

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const char* mode = argv[1];
  const char* dir = argv[2];
  int n = atoi(argv[3]);
  rocksdb_cuckoo_table_options_t* c = rocksdb_cuckoo_options_create();
  if (strcmp(mode, "write") == 0 && argc == 9) {
    rocksdb_cuckoo_options_set_hash_ratio(c, atof(argv[4]));
    rocksdb_cuckoo_options_set_max_search_depth(c, (uint32_t)atoi(argv[5]));
    rocksdb_cuckoo_options_set_cuckoo_block_size(c, (uint32_t)atoi(argv[6]));
    rocksdb_cuckoo_options_set_identity_as_first_hash(c, (unsigned char)atoi(argv[7]));
    rocksdb_cuckoo_options_set_use_module_hash(c, (unsigned char)atoi(argv[8]));
  }
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_allow_mmap_reads(o, 1);
  rocksdb_options_set_compression(o, 0);
  rocksdb_options_set_cuckoo_table_factory(o, c);
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, dir, &err);
  check(err, "open");
  char k[32], v[32];
  if (strcmp(mode, "write") == 0) {
    rocksdb_writeoptions_t* w = rocksdb_writeoptions_create();
    for (int i = 0; i < n; i++) {
      snprintf(k, sizeof k, "key%05d", i);
      snprintf(v, sizeof v, "v%05d", i);
      rocksdb_put(db, w, k, strlen(k), v, strlen(v), &err);
      check(err, "put");
    }
    rocksdb_flushoptions_t* f = rocksdb_flushoptions_create();
    rocksdb_flush(db, f, &err);
    check(err, "flush");
    rocksdb_flushoptions_destroy(f);
    rocksdb_writeoptions_destroy(w);
  } else {
    rocksdb_readoptions_t* r = rocksdb_readoptions_create();
    for (int i = 0; i < n; i++) {
      snprintf(k, sizeof k, "key%05d", i);
      snprintf(v, sizeof v, "v%05d", i);
      size_t len = 0;
      char* got = rocksdb_get(db, r, k, strlen(k), &len, &err);
      check(err, "get");
      if (got == NULL || len != strlen(v) || memcmp(got, v, len) != 0) {
        fprintf(stderr, "%s: expected %s, got %.*s\n", k, v, (int)len, got ? got : "(null)");
        return 1;
      }
      rocksdb_free(got);
    }
    size_t len = 0;
    char* got = rocksdb_get(db, r, "nokey000", 8, &len, &err);
    check(err, "get");
    if (got != NULL) {
      fprintf(stderr, "nokey000 found\n");
      return 1;
    }
    printf("ok %d\n", n);
    rocksdb_readoptions_destroy(r);
  }
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_cuckoo_options_destroy(c);
  return 0;
}
