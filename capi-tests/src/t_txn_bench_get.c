/* Micro-benchmark (not a test): Get and GetPinned of 10,000 keys that one
 * transaction wrote and has not committed, through the C API, plus a commit of
 * the 10,000-key transaction with the perf context's write_wal_time and
 * write_memtable_time. Builds against ferrock's header or Debian's RocksDB 7.8.3:
 *   cc -O2 -Iinclude capi-tests/src/t_txn_bench_get.c -Ltarget/release -lferrock
 *   cc -O2 capi-tests/src/t_txn_bench_get.c -lrocksdb            (RocksDB 7.8.3)
 * Usage: t_txn_bench_get [keys] [rounds] [bypass(0/1, ferrock/11.x only)] */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_sec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die_on(char* err, const char* what) {
  if (err) {
    fprintf(stderr, "%s: %s\n", what, err);
    exit(1);
  }
}

int main(int argc, char** argv) {
  int keys = argc > 1 ? atoi(argv[1]) : 10000;
  int rounds = argc > 2 ? atoi(argv[2]) : 20;
  int bypass = argc > 3 ? atoi(argv[3]) : 0;
  char path[256];
  snprintf(path, sizeof(path), "/tmp/ferrock-txn-bench-%d", (int)getpid());
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_transactiondb_options_t* tdo = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t* db = rocksdb_transactiondb_open(o, tdo, path, &err);
  die_on(err, "open");
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_transaction_options_t* to = rocksdb_transaction_options_create();
#ifndef CAPI_TESTS_REFERENCE_783
  rocksdb_transaction_options_set_commit_bypass_memtable(to, (unsigned char)bypass);
#else
  (void)bypass;
#endif
  char key[32], val[128];
  memset(val, 'v', sizeof(val));
  double get_s = 0, pinned_s = 0, commit_s = 0;
  unsigned long long wal_ns = 0, mem_ns = 0;
  long found = 0;
  rocksdb_transaction_t* t = NULL;
  rocksdb_perfcontext_t* pc = rocksdb_perfcontext_create();
  for (int r = 0; r < rounds; r++) {
    t = rocksdb_transaction_begin(db, wo, to, t);
    for (int i = 0; i < keys; i++) {
      int n = snprintf(key, sizeof(key), "key%010d-%04d", i, r);
      rocksdb_transaction_put(t, key, n, val, 100, &err);
      die_on(err, "put");
    }
    double t0 = now_sec();
    for (int i = 0; i < keys; i++) {
      int n = snprintf(key, sizeof(key), "key%010d-%04d", i, r);
      size_t len = 0;
      char* v = rocksdb_transaction_get(t, ro, key, n, &len, &err);
      die_on(err, "get");
      found += v != NULL;
      free(v);
    }
    double t1 = now_sec();
    for (int i = 0; i < keys; i++) {
      int n = snprintf(key, sizeof(key), "key%010d-%04d", i, r);
      rocksdb_pinnableslice_t* p = rocksdb_transaction_get_pinned(t, ro, key, n, &err);
      die_on(err, "get_pinned");
      found += p != NULL;
      rocksdb_pinnableslice_destroy(p);
    }
    double t2 = now_sec();
    rocksdb_set_perf_level(3);
    rocksdb_perfcontext_reset(pc);
    rocksdb_transaction_commit(t, &err);
    die_on(err, "commit");
    double t3 = now_sec();
    wal_ns += rocksdb_perfcontext_metric(pc, rocksdb_write_wal_time);
    mem_ns += rocksdb_perfcontext_metric(pc, rocksdb_write_memtable_time);
    rocksdb_set_perf_level(1);
    get_s += t1 - t0;
    pinned_s += t2 - t1;
    commit_s += t3 - t2;
  }
  double n = (double)keys * rounds;
  printf("keys/txn %d rounds %d found %ld\n", keys, rounds, found);
  printf("Get:       %.1f ns/op (%.0f ops/s)\n", get_s / n * 1e9, n / get_s);
  printf("GetPinned: %.1f ns/op (%.0f ops/s)\n", pinned_s / n * 1e9, n / pinned_s);
  printf("Commit:    %.3f ms/txn; perf write_wal_time %.3f ms/txn, write_memtable_time %.3f ms/txn\n",
         commit_s / rounds * 1e3, wal_ns / 1e6 / rounds, mem_ns / 1e6 / rounds);
  rocksdb_perfcontext_destroy(pc);
  rocksdb_transaction_destroy(t);
  rocksdb_transaction_options_destroy(to);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_transactiondb_close(db);
  rocksdb_transactiondb_options_destroy(tdo);
  rocksdb_options_destroy(o);
  char cmd[300];
  snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
  if (system(cmd) != 0) return 1;
  return 0;
}
