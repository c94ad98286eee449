/* The README's C example: open (create) a database, write, read back, delete, close.
 * Build against an installed ferrock:
 *   cc example.c $(pkg-config --cflags --libs ferrock) -o example
 * Run: ./example /tmp/ferrock-example   (LD_LIBRARY_PATH=$PREFIX/lib if PREFIX is not a system path) */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "/tmp/ferrock-example";
  char *err = NULL;

  rocksdb_options_t *opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  rocksdb_t *db = rocksdb_open(opts, path, &err);
  if (err) { fprintf(stderr, "open: %s\n", err); return 1; }

  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
  rocksdb_put(db, wo, "hello", 5, "world", 5, &err);
  if (err) { fprintf(stderr, "put: %s\n", err); return 1; }

  size_t len = 0;
  char *value = rocksdb_get(db, ro, "hello", 5, &len, &err);
  if (err) { fprintf(stderr, "get: %s\n", err); return 1; }
  if (value == NULL || len != 5 || memcmp(value, "world", 5) != 0) {
    fprintf(stderr, "get: unexpected value\n"); return 1;
  }
  printf("hello -> %.*s\n", (int)len, value);
  rocksdb_free(value);

  rocksdb_delete(db, wo, "hello", 5, &err);
  if (err) { fprintf(stderr, "delete: %s\n", err); return 1; }
  value = rocksdb_get(db, ro, "hello", 5, &len, &err);
  if (err || value != NULL) { fprintf(stderr, "deleted key still found\n"); return 1; }

  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(opts);
  return 0;
}
