/* The rate limiter's real write rate (issue 16), over c.h so the same program runs on ferrock
 * and on RocksDB: `bench/rate_limiter.sh` builds it against each library and prints their lines
 * side by side.
 *
 *   rate_limiter <dir> <engine-name> <limit MiB/s, 0 = none> <MiB of data>
 *
 * Writes <MiB> of 100-byte values (16-byte keys, no compression, WAL off, memtables large
 * enough to hold it all) in two flushes over the same key range, then times the flushes and a
 * full compact_range (which rewrites both files). Both write through the
 * rate limiter, so each one's bytes (the live table files it leaves) divided by its
 * wall time is the rate the limiter let through. Every key is read back afterwards: a limiter
 * that lost writes would not be a measurement. One line per phase:
 *   <engine> limit=<L> flush: <bytes> B in <s> s = <MiB/s> MiB/s (<pct>% of the limit)
 */
#include <rocksdb/c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void check(char *err, const char *what) {
  if (err) {
    fprintf(stderr, "%s: %s\n", what, err);
    exit(1);
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Bytes of the database's live table files (obsolete ones may still be on disk). */
static uint64_t live_bytes(rocksdb_t *db) {
  const rocksdb_livefiles_t *lf = rocksdb_livefiles(db);
  uint64_t total = 0;
  for (int i = 0; i < rocksdb_livefiles_count(lf); i++) total += rocksdb_livefiles_size(lf, i);
  rocksdb_livefiles_destroy(lf);
  return total;
}

static void report(const char *engine, double limit, const char *phase, uint64_t bytes, double secs) {
  double rate = bytes / secs / (1024.0 * 1024.0);
  if (limit > 0)
    printf("%-14s limit=%4.1f MiB/s %-8s %10llu B in %6.2f s = %6.2f MiB/s (%5.1f%% of the limit)\n", engine, limit,
           phase, (unsigned long long)bytes, secs, rate, 100.0 * rate / limit);
  else
    printf("%-14s limit=none       %-8s %10llu B in %6.2f s = %6.2f MiB/s\n", engine, phase, (unsigned long long)bytes,
           secs, rate);
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s <dir> <engine-name> <limit MiB/s, 0 = none> <MiB of data>\n", argv[0]);
    return 2;
  }
  const char *dir = argv[1], *engine = argv[2];
  double limit = atof(argv[3]);
  long mib = atol(argv[4]);
  long n = mib * 1024 * 1024 / 116;
  char *err = NULL;

  rocksdb_options_t *o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  rocksdb_options_set_write_buffer_size(o, (size_t)(mib + 64) * 1024 * 1024);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_options_set_target_file_size_base(o, 4 * 1024 * 1024);
  rocksdb_ratelimiter_t *rl = NULL;
  if (limit > 0) {
    rl = rocksdb_ratelimiter_create((int64_t)(limit * 1024 * 1024), 100 * 1000, 10);
    rocksdb_options_set_ratelimiter(o, rl);
  }
  rocksdb_destroy_db(o, dir, &err);
  check(err, "destroy");
  rocksdb_t *db = rocksdb_open(o, dir, &err);
  check(err, "open");

  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_writeoptions_disable_WAL(wo, 1);
  char key[32], val[100];
  memset(val, 'v', sizeof val);
  rocksdb_flushoptions_t *fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  /* Two flushes, of the even keys and then of the odd ones, in a scrambled order: two level-0
   * files over the same key range, so the compaction must rewrite both (one file alone would
   * be moved, not written). */
  double flush_secs = 0;
  for (int half = 0; half < 2; half++) {
    for (long i = 0; i < n; i++) {
      long k = (i * 2654435761L) % n;
      if (k % 2 != half) continue;
      snprintf(key, sizeof key, "%016ld", k);
      memcpy(val, key, 16);
      rocksdb_put(db, wo, key, 16, val, sizeof val, &err);
      check(err, "put");
    }
    double t = now();
    rocksdb_flush(db, fo, &err);
    check(err, "flush");
    flush_secs += now() - t;
  }
  uint64_t flushed = live_bytes(db);
  report(engine, limit, "flush:", flushed, flush_secs);

  double t1 = now();
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  double t2 = now();
  uint64_t compacted = live_bytes(db);
  report(engine, limit, "compact:", compacted, t2 - t1);

  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
  for (long k = 0; k < n; k++) {
    size_t len = 0;
    snprintf(key, sizeof key, "%016ld", k);
    char *v = rocksdb_get(db, ro, key, 16, &len, &err);
    check(err, "get");
    if (!v || len != sizeof val || memcmp(v, key, 16) != 0) {
      fprintf(stderr, "%s: key %s read back wrong\n", engine, key);
      return 1;
    }
    rocksdb_free(v);
  }
  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_destroy_db(o, dir, &err);
  rocksdb_options_destroy(o);
  if (rl) rocksdb_ratelimiter_destroy(rl);
  return 0;
}
