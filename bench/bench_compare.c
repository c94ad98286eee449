/* bench_compare: one workload of the side-by-side benchmark, over rocksdb/c.h only.
 *
 * Compiled ONCE against Debian's /usr/include/rocksdb/c.h and linked -lrocksdb;
 * bench/compare.sh runs the same binary with the system librocksdb (RocksDB 7.8.3)
 * and with LD_LIBRARY_PATH=target/release (ferrock's librocksdb.so.7.8 alias).
 *
 *   bench_compare WORKLOAD DBDIR NUM OPS
 *   WORKLOAD: fillseq | fillrandom | overwrite | fillbatch | readrandom | seekrandom
 *             | readwhilewriting | deleterandom | txnfill
 *
 * The process forks: the child opens DBDIR, runs the workload and prints
 *   RESULT <workload> <ops> <seconds> <verified> <missing_or_wrong>
 * and the parent, after waiting, prints `RSS_KB <n>` from getrusage(RUSAGE_CHILDREN),
 * which is the child's peak resident set since this parent has only that child.
 *
 * Keys are db_bench's (8-byte big-endian number, '0'-padded to 16 bytes). A value
 * is a function of its key number (50 pseudo-random bytes written twice, so it
 * compresses to about half, like db_bench's --compression_ratio=0.5). Reads run on
 * the database fillseq built, where every key 0..NUM-1 exists, and check every
 * value they find: readrandom must find every key with its value, seekrandom must
 * land on the key it sought, with its value. fillbatch writes keys in order in
 * write batches of BATCH puts. readwhilewriting is readrandom while a second
 * thread keeps putting random keys (each with its own value, so reads still
 * verify). deleterandom deletes random keys of fillrandom's database and then
 * checks that the last DELETE_CHECK keys it deleted are gone. txnfill opens a
 * TransactionDB and writes random keys in pessimistic transactions of TXN_KEYS puts
 * each (begin, put, commit), then reads back the keys of the last transaction.
 *
 * Both sides get the same options, set explicitly: LZ4, 64 MiB write buffers,
 * an LRU block cache of 32 MiB, 2 background jobs. With BENCH_COMPARATOR=c in the
 * environment the keys are ordered by a bytewise comparator written here in C
 * (rocksdb_comparator_create, named "bench.CBytewise") instead of the built-in one:
 * bench/comparator_cost.sh measures what the indirect call per comparison costs. */
#include <rocksdb/c.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define KEY_SIZE 16
#define VALUE_SIZE 100
#define CACHE_BYTES (32u << 20)
#define WRITE_BUFFER_BYTES (64u << 20)
#define BATCH 100
#define DELETE_CHECK 1000

static uint64_t rng_state;

/* SplitMix64: the same stream on both sides for a given seed. */
static uint64_t rng_next(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void make_key(uint64_t n, char *key) {
  for (int i = 0; i < 8; i++) key[i] = (char)(n >> (8 * (7 - i)));
  memset(key + 8, '0', KEY_SIZE - 8);
}

static void make_value(uint64_t n, char *value) {
  uint64_t s = n * 0x2545F4914F6CDD1Dull + 1;
  for (int i = 0; i < VALUE_SIZE / 2; i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    value[i] = (char)s;
  }
  memcpy(value + VALUE_SIZE / 2, value, VALUE_SIZE / 2);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void fail(const char *what, char *err) {
  fprintf(stderr, "bench_compare: %s: %s\n", what, err ? err : "(no message)");
  exit(2);
}

struct writer_args {
  rocksdb_t *db;
  rocksdb_writeoptions_t *wo;
  uint64_t num;
  volatile int stop;
  uint64_t writes;
  char *err;
};

/* readwhilewriting's writer: its own SplitMix64 stream, so the readers' keys stay the same. */
static void *background_writer(void *p) {
  struct writer_args *a = p;
  uint64_t s = 0x5DEECE66Dull;
  char key[KEY_SIZE], value[VALUE_SIZE];
  while (!a->stop) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    uint64_t n = (z ^ (z >> 31)) % a->num;
    make_key(n, key);
    make_value(n, value);
    rocksdb_put(a->db, a->wo, key, KEY_SIZE, value, VALUE_SIZE, &a->err);
    if (a->err) break;
    a->writes++;
  }
  return NULL;
}

#define TXN_KEYS 100

/* The transaction workload: a TransactionDB, transactions of TXN_KEYS random puts. */
static int run_txn_workload(rocksdb_options_t *opts, const char *dir, uint64_t num, uint64_t ops) {
  char *err = NULL;
  rocksdb_transactiondb_options_t *topts = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t *tdb = rocksdb_transactiondb_open(opts, topts, dir, &err);
  if (err) fail("transactiondb_open", err);
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
  rocksdb_transaction_options_t *txo = rocksdb_transaction_options_create();
  char key[KEY_SIZE], value[VALUE_SIZE];
  uint64_t last[TXN_KEYS], verified = 0, bad = 0;
  rng_state = 4242;
  rocksdb_transaction_t *txn = NULL;
  double start = now_seconds();
  for (uint64_t i = 0; i < ops; i += TXN_KEYS) {
    txn = rocksdb_transaction_begin(tdb, wo, txo, txn);
    for (uint64_t j = 0; j < TXN_KEYS && i + j < ops; j++) {
      uint64_t n = rng_next() % num;
      last[j] = n;
      make_key(n, key);
      make_value(n, value);
      rocksdb_transaction_put(txn, key, KEY_SIZE, value, VALUE_SIZE, &err);
      if (err) fail("transaction_put", err);
    }
    rocksdb_transaction_commit(txn, &err);
    if (err) fail("transaction_commit", err);
  }
  double seconds = now_seconds() - start;
  for (uint64_t j = 0; j < TXN_KEYS && j < ops; j++) {
    size_t len = 0;
    make_key(last[j], key);
    make_value(last[j], value);
    char *got = rocksdb_transactiondb_get(tdb, ro, key, KEY_SIZE, &len, &err);
    if (err) fail("transactiondb_get", err);
    if (got && len == VALUE_SIZE && !memcmp(got, value, VALUE_SIZE)) verified++; else bad++;
    free(got);
  }
  if (txn) rocksdb_transaction_destroy(txn);
  rocksdb_transaction_options_destroy(txo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_transactiondb_close(tdb);
  rocksdb_transactiondb_options_destroy(topts);
  printf("RESULT txnfill %llu %.6f %llu %llu\n", (unsigned long long)ops, seconds,
         (unsigned long long)verified, (unsigned long long)bad);
  fflush(stdout);
  return bad == 0 ? 0 : 1;
}

/* BENCH_COMPARATOR=c: the built-in order, supplied from C. */
static int c_bytewise_compare(void *state, const char *a, size_t al, const char *b, size_t bl) {
  (void)state;
  int c = memcmp(a, b, al < bl ? al : bl);
  return c ? c : (al < bl ? -1 : al > bl);
}
static const char *c_bytewise_name(void *state) { (void)state; return "bench.CBytewise"; }

static int run_workload(const char *workload, const char *dir, uint64_t num, uint64_t ops) {
  char *err = NULL;
  rocksdb_options_t *opts = rocksdb_options_create();
  const char *which = getenv("BENCH_COMPARATOR");
  if (which && !strcmp(which, "c"))
    rocksdb_options_set_comparator(opts, rocksdb_comparator_create(NULL, NULL, c_bytewise_compare, c_bytewise_name));
  rocksdb_options_set_create_if_missing(opts, 1);
  rocksdb_options_set_compression(opts, rocksdb_lz4_compression);
  rocksdb_options_set_write_buffer_size(opts, WRITE_BUFFER_BYTES);
  rocksdb_options_set_max_background_jobs(opts, 2);
  rocksdb_block_based_table_options_t *table = rocksdb_block_based_options_create();
  rocksdb_cache_t *cache = rocksdb_cache_create_lru(CACHE_BYTES);
  rocksdb_block_based_options_set_block_cache(table, cache);
  rocksdb_options_set_block_based_table_factory(opts, table);
  if (!strcmp(workload, "txnfill")) return run_txn_workload(opts, dir, num, ops);

  rocksdb_t *db = rocksdb_open(opts, dir, &err);
  if (err) fail("open", err);
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();

  char key[KEY_SIZE], value[VALUE_SIZE];
  uint64_t verified = 0, bad = 0;
  /* Different seeds per workload, identical between the two libraries. */
  rng_state = (uint64_t)strlen(workload) * 7919 + (uint64_t)workload[0];
  double start = now_seconds();

  if (!strcmp(workload, "fillseq") || !strcmp(workload, "fillrandom") || !strcmp(workload, "overwrite")) {
    int sequential = !strcmp(workload, "fillseq");
    for (uint64_t i = 0; i < ops; i++) {
      uint64_t n = sequential ? i : rng_next() % num;
      make_key(n, key);
      make_value(n, value);
      rocksdb_put(db, wo, key, KEY_SIZE, value, VALUE_SIZE, &err);
      if (err) fail("put", err);
    }
  } else if (!strcmp(workload, "fillbatch")) {
    rocksdb_writebatch_t *batch = rocksdb_writebatch_create();
    for (uint64_t i = 0; i < ops; i += BATCH) {
      rocksdb_writebatch_clear(batch);
      for (uint64_t j = i; j < i + BATCH && j < ops; j++) {
        make_key(j, key);
        make_value(j, value);
        rocksdb_writebatch_put(batch, key, KEY_SIZE, value, VALUE_SIZE);
      }
      rocksdb_write(db, wo, batch, &err);
      if (err) fail("write", err);
    }
    rocksdb_writebatch_destroy(batch);
  } else if (!strcmp(workload, "deleterandom")) {
    uint64_t *last = calloc(DELETE_CHECK, sizeof(uint64_t));
    if (!last) fail("calloc", NULL);
    for (uint64_t i = 0; i < ops; i++) {
      uint64_t n = rng_next() % num;
      make_key(n, key);
      rocksdb_delete(db, wo, key, KEY_SIZE, &err);
      if (err) fail("delete", err);
      last[i % DELETE_CHECK] = n;
    }
    uint64_t checks = ops < DELETE_CHECK ? ops : DELETE_CHECK;
    for (uint64_t i = 0; i < checks; i++) {
      make_key(last[i], key);
      size_t len = 0;
      char *got = rocksdb_get(db, ro, key, KEY_SIZE, &len, &err);
      if (err) fail("get", err);
      if (got) bad++; else verified++;
      rocksdb_free(got);
    }
    free(last);
  } else if (!strcmp(workload, "readrandom") || !strcmp(workload, "readwhilewriting")) {
    struct writer_args wa = { db, wo, num, 0, 0, NULL };
    pthread_t writer;
    int writing = !strcmp(workload, "readwhilewriting");
    if (writing && pthread_create(&writer, NULL, background_writer, &wa) != 0) fail("pthread_create", NULL);
    for (uint64_t i = 0; i < ops; i++) {
      uint64_t n = rng_next() % num;
      make_key(n, key);
      size_t len = 0;
      char *got = rocksdb_get(db, ro, key, KEY_SIZE, &len, &err);
      if (err) fail("get", err);
      make_value(n, value);
      if (got && len == VALUE_SIZE && !memcmp(got, value, VALUE_SIZE)) verified++; else bad++;
      rocksdb_free(got);
    }
    if (writing) {
      wa.stop = 1;
      pthread_join(writer, NULL);
      if (wa.err) fail("background put", wa.err);
    }
  } else if (!strcmp(workload, "seekrandom")) {
    for (uint64_t i = 0; i < ops; i++) {
      uint64_t n = rng_next() % num;
      make_key(n, key);
      /* A new iterator per seek, as db_bench's seekrandom does. */
      rocksdb_iterator_t *it = rocksdb_create_iterator(db, ro);
      rocksdb_iter_seek(it, key, KEY_SIZE);
      int ok = 0;
      if (rocksdb_iter_valid(it)) {
        size_t klen = 0, vlen = 0;
        const char *k = rocksdb_iter_key(it, &klen);
        const char *v = rocksdb_iter_value(it, &vlen);
        make_value(n, value);
        ok = klen == KEY_SIZE && !memcmp(k, key, KEY_SIZE) && vlen == VALUE_SIZE && !memcmp(v, value, VALUE_SIZE);
      }
      rocksdb_iter_get_error(it, &err);
      if (err) fail("iterator", err);
      rocksdb_iter_destroy(it);
      if (ok) verified++; else bad++;
    }
  } else {
    fprintf(stderr, "bench_compare: unknown workload %s\n", workload);
    exit(2);
  }
  double seconds = now_seconds() - start;

  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(opts);
  rocksdb_block_based_options_destroy(table);
  rocksdb_cache_destroy(cache);

  printf("RESULT %s %llu %.6f %llu %llu\n", workload, (unsigned long long)ops, seconds,
         (unsigned long long)verified, (unsigned long long)bad);
  fflush(stdout);
  return bad == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s WORKLOAD DBDIR NUM OPS\n", argv[0]);
    return 2;
  }
  uint64_t num = strtoull(argv[3], NULL, 10), ops = strtoull(argv[4], NULL, 10);
  if (num == 0) { fprintf(stderr, "bench_compare: NUM must be > 0\n"); return 2; }
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); return 2; }
  if (pid == 0) _exit(run_workload(argv[1], argv[2], num, ops));
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) { perror("waitpid"); return 2; }
  struct rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru);
  printf("RSS_KB %ld\n", ru.ru_maxrss);
  if (WIFSIGNALED(status)) {
    fprintf(stderr, "bench_compare: %s child killed by signal %d\n", argv[1], WTERMSIG(status));
    return 3;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}
