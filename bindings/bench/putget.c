/* N puts then N gets of the same keys straight through c.h: the baseline the
 * bindings' per-call overhead is measured against (bindings/bench.sh).
 * Usage: putget_c DIR N   -> prints "put <ops/s>" and "get <ops/s>". */
#include <rocksdb/c.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void check(char* err) {
  if (err != NULL) {
    fprintf(stderr, "error: %s\n", err);
    exit(1);
  }
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s DIR N\n", argv[0]);
    return 2;
  }
  long n = atol(argv[2]);
  char (*keys)[17] = malloc(sizeof(*keys) * (size_t)n);
  for (long i = 0; i < n; i++) snprintf(keys[i], sizeof(keys[i]), "k%015ld", i);
  const char value[] = "0123456789abcdef0123456789abcdef";

  rocksdb_options_t* opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(opts, argv[1], &err);
  check(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();

  double t0 = now();
  for (long i = 0; i < n; i++) {
    rocksdb_put(db, wo, keys[i], 16, value, 32, &err);
    check(err);
  }
  double t1 = now();
  size_t found = 0;
  for (long i = 0; i < n; i++) {
    size_t len = 0;
    char* v = rocksdb_get(db, ro, keys[i], 16, &len, &err);
    check(err);
    found += v != NULL && len == 32;
    rocksdb_free(v);
  }
  double t2 = now();
  if (found != (size_t)n) {
    fprintf(stderr, "found %zu of %ld\n", found, n);
    return 1;
  }
  printf("put %.0f\nget %.0f\n", n / (t1 - t0), n / (t2 - t1));
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(opts);
  free(keys);
  return 0;
}
