/* One database handle used from several threads at once, as RocksDB allows:
 * each thread writes its own keys and reads them back, then all are checked. */
#include <pthread.h>
#include <rocksdb/c.h>
#include "check.h"

#define THREADS 4
#define KEYS_PER_THREAD 200

static rocksdb_t* db;
static int thread_failures[THREADS];

static void* worker(void* arg) {
  int id = (int)(long)arg;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char key[32], val[32];
  for (int i = 0; i < KEYS_PER_THREAD; i++) {
    char* err = NULL;
    snprintf(key, sizeof(key), "t%d-k%04d", id, i);
    snprintf(val, sizeof(val), "v%d-%d", id, i);
    rocksdb_put(db, wo, key, strlen(key), val, strlen(val), &err);
    if (err) { thread_failures[id]++; free(err); err = NULL; }
    size_t len = 0;
    char* got = rocksdb_get(db, ro, key, strlen(key), &len, &err);
    if (err || got == NULL || len != strlen(val) || memcmp(got, val, len) != 0) thread_failures[id]++;
    free(got);
    free(err);
  }
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  return NULL;
}

int main(void) {
  char path[512];
  char* err = NULL;
  make_db_path(path, sizeof(path), "threads");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  db = rocksdb_open(o, path, &err);
  CHECK(db != NULL, "open: %s", err ? err : "");
  free(err);
  err = NULL;
  if (db) {
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, (void*)i);
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    for (int i = 0; i < THREADS; i++) CHECK(thread_failures[i] == 0, "thread %d had %d failures", i, thread_failures[i]);
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
    int n = 0;
    for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) n++;
    CHECK(n == THREADS * KEYS_PER_THREAD, "iterator sees every key once (%d)", n);
    rocksdb_iter_destroy(it);
    rocksdb_readoptions_destroy(ro);
    rocksdb_close(db);
  }
  rocksdb_destroy_db(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_threads");
}
