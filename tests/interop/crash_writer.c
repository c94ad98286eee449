/* Crash-test writer (ferrock's header, linked to ferrock).
 *
 *   crash_writer DIR [START]
 *
 * Puts key%08d -> value-%08d for i = START, START+1, ... with sync=1, forever, and after each put returns
 * prints the key on stdout (flushed): every printed key was acknowledged as
 * durable. tests/interop/run.sh kills it with SIGKILL after N lines and checks
 * that every acknowledged key survived. */
#include <rocksdb/c.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) { fprintf(stderr, "usage: crash_writer DIR [START]\n"); return 2; }
  long start = argc == 3 ? atol(argv[2]) : 0;
  char *err = NULL;
  rocksdb_options_t *opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  /* Small memtables so flushes happen while the writer runs and the kill may land in one. */
  rocksdb_options_set_write_buffer_size(opts, 64 << 10);
  rocksdb_t *db = rocksdb_open(opts, argv[1], &err);
  if (err) { fprintf(stderr, "crash_writer: open: %s\n", err); return 1; }
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_writeoptions_set_sync(wo, 1);
  char key[32], value[64];
  for (long i = start;; i++) {
    int klen = snprintf(key, sizeof key, "key%08ld", i);
    int vlen = snprintf(value, sizeof value, "value-%08ld", i);
    rocksdb_put(db, wo, key, klen, value, vlen, &err);
    if (err) { fprintf(stderr, "crash_writer: put: %s\n", err); return 1; }
    printf("%s %s\n", key, value);
    fflush(stdout);
  }
}
