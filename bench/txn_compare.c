/* Transactions side by side (bench/txn_compare.sh): one C program over c.h, run against
 * Debian's RocksDB 7.8.3, a release RocksDB 11.8.1 and ferrock by changing LD_LIBRARY_PATH.
 *
 *   txn_compare fill DIR NUM BATCH MODE
 *     db_bench's `fillrandom --transaction_db=1 --batch_size=BATCH`: NUM random keys
 *     (16 bytes) with 100-byte values, BATCH puts per pessimistic transaction. MODE:
 *     plain | bypass (TransactionOptions::commit_bypass_memtable) | prepare (set_name +
 *     prepare before commit) | prepare_bypass. The perf context (level 3, time except
 *     mutex) measures the commits: write_memtable_time and write_wal_time. The keys of the
 *     last transaction are read back and checked.
 *     Prints: RESULT fill <ops/s> <memtable_ns> <wal_ns> <commit_ns> <verified> <wrong>
 *   txn_compare get DIR KEYS ROUNDS
 *     Get and GetPinned of KEYS keys that one transaction wrote and has not committed.
 *     Prints: RESULT get <get_ns_per_op> <pinned_ns_per_op> <found> <expected>
 *
 * commit_bypass_memtable is looked up with dlsym: RocksDB 7.8.3 has no such function, and
 * there a bypass mode prints `UNSUPPORTED` instead of a result. The same options as
 * bench_compare.c: LZ4, 64 MiB write buffer, 32 MiB LRU cache. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <rocksdb/c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KEY_SIZE 16
#define VALUE_SIZE 100

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng_next(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* Keys are 16 decimal digits (n below 10^16), as bench_compare.c writes them. */
static void make_key(uint64_t n, char *key) {
  n %= 10000000000000000ull;
  for (int i = KEY_SIZE - 1; i >= 0; i--, n /= 10) key[i] = (char)('0' + n % 10);
  key[KEY_SIZE] = 0;
}

static void make_value(uint64_t n, char *value) {
  for (int i = 0; i < VALUE_SIZE; i++) value[i] = (char)('a' + (n * 31 + i) % 26);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fail(const char *what, char *err) {
  fprintf(stderr, "%s: %s\n", what, err ? err : "(no message)");
  exit(1);
}

static rocksdb_options_t *bench_options(void) {
  rocksdb_options_t *opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  rocksdb_options_set_compression(opts, rocksdb_lz4_compression);
  rocksdb_options_set_write_buffer_size(opts, 64 << 20);
  rocksdb_block_based_table_options_t *t = rocksdb_block_based_options_create();
  rocksdb_cache_t *cache = rocksdb_cache_create_lru(32 << 20);
  rocksdb_block_based_options_set_block_cache(t, cache);
  rocksdb_options_set_block_based_table_factory(opts, t);
  rocksdb_cache_destroy(cache);
  rocksdb_block_based_options_destroy(t);
  return opts;
}

typedef void (*set_bypass_fn)(rocksdb_transaction_options_t *, unsigned char);

/* A TransactionDB with the bench options and the handles both workloads use. */
struct bench_db {
  rocksdb_options_t *opts;
  rocksdb_transactiondb_options_t *topts;
  rocksdb_transactiondb_t *tdb;
  rocksdb_writeoptions_t *wo;
  rocksdb_readoptions_t *ro;
  rocksdb_transaction_options_t *txo;
};

static struct bench_db open_bench_db(const char *dir) {
  struct bench_db b;
  char *err = NULL;
  b.opts = bench_options();
  b.topts = rocksdb_transactiondb_options_create();
  b.tdb = rocksdb_transactiondb_open(b.opts, b.topts, dir, &err);
  if (err) fail("transactiondb_open", err);
  b.wo = rocksdb_writeoptions_create();
  b.ro = rocksdb_readoptions_create();
  b.txo = rocksdb_transaction_options_create();
  return b;
}

static void close_bench_db(struct bench_db *b) {
  rocksdb_transaction_options_destroy(b->txo);
  rocksdb_readoptions_destroy(b->ro);
  rocksdb_writeoptions_destroy(b->wo);
  rocksdb_transactiondb_close(b->tdb);
  rocksdb_transactiondb_options_destroy(b->topts);
  rocksdb_options_destroy(b->opts);
}

static int run_fill(const char *dir, uint64_t num, uint64_t batch, const char *mode) {
  int bypass = strstr(mode, "bypass") != NULL;
  int prepare = strncmp(mode, "prepare", 7) == 0;
  set_bypass_fn set_bypass = (set_bypass_fn)dlsym(RTLD_DEFAULT, "rocksdb_transaction_options_set_commit_bypass_memtable");
  if (bypass && !set_bypass) {
    printf("UNSUPPORTED commit_bypass_memtable\n");
    return 0;
  }
  char *err = NULL;
  struct bench_db b = open_bench_db(dir);
  rocksdb_transactiondb_t *tdb = b.tdb;
  rocksdb_writeoptions_t *wo = b.wo;
  rocksdb_readoptions_t *ro = b.ro;
  rocksdb_transaction_options_t *txo = b.txo;
  if (bypass) set_bypass(txo, 1);
  rocksdb_perfcontext_t *pc = rocksdb_perfcontext_create();
  uint64_t mem_ns = 0, wal_ns = 0;
  double commit_s = 0;
  char key[KEY_SIZE + 1], value[VALUE_SIZE];
  uint64_t *last = malloc(sizeof(uint64_t) * batch);
  uint64_t last_n = 0;
  rocksdb_transaction_t *txn = NULL;
  double start = now_seconds();
  uint64_t done = 0, txn_no = 0;
  while (done < num) {
    txn = rocksdb_transaction_begin(tdb, wo, txo, txn);
    last_n = 0;
    for (uint64_t j = 0; j < batch && done < num; j++, done++) {
      uint64_t k = rng_next() % num;
      make_key(k, key);
      make_value(k, value);
      rocksdb_transaction_put(txn, key, KEY_SIZE, value, VALUE_SIZE, &err);
      if (err) fail("transaction_put", err);
      last[last_n++] = k;
    }
    if (prepare) {
      char name[32];
      int n = snprintf(name, sizeof(name), "xid-%llu", (unsigned long long)txn_no);
      rocksdb_transaction_set_name(txn, name, (size_t)n, &err);
      if (err) fail("transaction_set_name", err);
      rocksdb_transaction_prepare(txn, &err);
      if (err) fail("transaction_prepare", err);
    }
    rocksdb_set_perf_level(rocksdb_enable_time_except_for_mutex);
    rocksdb_perfcontext_reset(pc);
    double c0 = now_seconds();
    rocksdb_transaction_commit(txn, &err);
    commit_s += now_seconds() - c0;
    if (err) fail("transaction_commit", err);
    mem_ns += rocksdb_perfcontext_metric(pc, rocksdb_write_memtable_time);
    wal_ns += rocksdb_perfcontext_metric(pc, rocksdb_write_wal_time);
    rocksdb_set_perf_level(rocksdb_disable);
    txn_no++;
  }
  double seconds = now_seconds() - start;
  uint64_t verified = 0, wrong = 0;
  for (uint64_t i = 0; i < last_n; i++) {
    char want[VALUE_SIZE];
    size_t len = 0;
    make_key(last[i], key);
    make_value(last[i], want);
    char *got = rocksdb_transactiondb_get(tdb, ro, key, KEY_SIZE, &len, &err);
    if (err) fail("transactiondb_get", err);
    if (got && len == VALUE_SIZE && memcmp(got, want, VALUE_SIZE) == 0) verified++;
    else wrong++;
    free(got);
  }
  if (txn) rocksdb_transaction_destroy(txn);
  free(last);
  rocksdb_perfcontext_destroy(pc);
  close_bench_db(&b);
  printf("RESULT fill %.0f %llu %llu %.0f %llu %llu\n", num / seconds, (unsigned long long)mem_ns,
         (unsigned long long)wal_ns, commit_s * 1e9, (unsigned long long)verified, (unsigned long long)wrong);
  return wrong != 0;
}

static int run_get(const char *dir, int keys, int rounds) {
  char *err = NULL;
  struct bench_db b = open_bench_db(dir);
  rocksdb_transactiondb_t *tdb = b.tdb;
  rocksdb_writeoptions_t *wo = b.wo;
  rocksdb_readoptions_t *ro = b.ro;
  rocksdb_transaction_options_t *txo = b.txo;
  rocksdb_transaction_t *txn = NULL;
  char key[KEY_SIZE + 1], value[VALUE_SIZE];
  double get_s = 0, pinned_s = 0;
  uint64_t found = 0;
  for (int r = 0; r < rounds; r++) {
    txn = rocksdb_transaction_begin(tdb, wo, txo, txn);
    for (int i = 0; i < keys; i++) {
      uint64_t k = (uint64_t)r * keys + i;
      make_key(k, key);
      make_value(k, value);
      rocksdb_transaction_put(txn, key, KEY_SIZE, value, VALUE_SIZE, &err);
      if (err) fail("transaction_put", err);
    }
    double t0 = now_seconds();
    for (int i = 0; i < keys; i++) {
      size_t len = 0;
      make_key((uint64_t)r * keys + i, key);
      char *v = rocksdb_transaction_get(txn, ro, key, KEY_SIZE, &len, &err);
      if (err) fail("transaction_get", err);
      found += v != NULL && len == VALUE_SIZE;
      free(v);
    }
    double t1 = now_seconds();
    for (int i = 0; i < keys; i++) {
      size_t len = 0;
      make_key((uint64_t)r * keys + i, key);
      rocksdb_pinnableslice_t *p = rocksdb_transaction_get_pinned(txn, ro, key, KEY_SIZE, &err);
      if (err) fail("transaction_get_pinned", err);
      if (p) {
        rocksdb_pinnableslice_value(p, &len);
        found += len == VALUE_SIZE;
      }
      rocksdb_pinnableslice_destroy(p);
    }
    pinned_s += now_seconds() - t1;
    get_s += t1 - t0;
    rocksdb_transaction_rollback(txn, &err);
    if (err) fail("transaction_rollback", err);
  }
  if (txn) rocksdb_transaction_destroy(txn);
  close_bench_db(&b);
  double n = (double)keys * rounds;
  printf("RESULT get %.1f %.1f %llu %llu\n", get_s / n * 1e9, pinned_s / n * 1e9, (unsigned long long)found,
         (unsigned long long)(2 * n));
  return found != (uint64_t)(2 * n);
}

int main(int argc, char **argv) {
  if (argc == 6 && !strcmp(argv[1], "fill"))
    return run_fill(argv[2], strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10), argv[5]);
  if (argc == 5 && !strcmp(argv[1], "get")) return run_get(argv[2], atoi(argv[3]), atoi(argv[4]));
  fprintf(stderr, "usage: %s fill DIR NUM BATCH plain|bypass|prepare|prepare_bypass\n"
                  "       %s get DIR KEYS ROUNDS\n", argv[0], argv[0]);
  return 2;
}
