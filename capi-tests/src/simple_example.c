/* The usage pattern of RocksDB's examples/c_simple_example.c, written anew:
 * open with create_if_missing and parallelism, put, get, then a backup-free
 * close and cleanup. It must run unchanged against RocksDB or ferrock. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rocksdb/c.h>

int main(void) {
  char path[256];
  const char* tmp = getenv("TMPDIR");
  snprintf(path, sizeof(path), "%s/ferrock-simple-example-%d", tmp ? tmp : "/tmp", (int)getpid());

  rocksdb_options_t* options = rocksdb_options_create();
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  rocksdb_options_increase_parallelism(options, (int)cpus);
  rocksdb_options_optimize_level_style_compaction(options, 0);
  rocksdb_options_set_create_if_missing(options, 1);

  char* err = NULL;
  rocksdb_t* db = rocksdb_open(options, path, &err);
  if (err) {
    fprintf(stderr, "open failed: %s\n", err);
    return 1;
  }

  rocksdb_writeoptions_t* writeoptions = rocksdb_writeoptions_create();
  const char key[] = "key";
  const char* value = "value";
  rocksdb_put(db, writeoptions, key, strlen(key), value, strlen(value) + 1, &err);
  if (err) {
    fprintf(stderr, "put failed: %s\n", err);
    return 1;
  }

  rocksdb_readoptions_t* readoptions = rocksdb_readoptions_create();
  size_t len;
  char* returned_value = rocksdb_get(db, readoptions, key, strlen(key), &len, &err);
  if (err) {
    fprintf(stderr, "get failed: %s\n", err);
    return 1;
  }
  if (returned_value == NULL || strcmp(returned_value, "value") != 0 || len != 6) {
    fprintf(stderr, "get returned the wrong value\n");
    return 1;
  }
  free(returned_value);

  rocksdb_writeoptions_destroy(writeoptions);
  rocksdb_readoptions_destroy(readoptions);
  rocksdb_close(db);
  rocksdb_destroy_db(options, path, &err);
  if (err) {
    fprintf(stderr, "destroy failed: %s\n", err);
    return 1;
  }
  rocksdb_options_destroy(options);
  printf("RESULT 1 0 simple_example\n");
  return 0;
}
