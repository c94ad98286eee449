/* Read-and-continue compatibility (issue 8), over rocksdb/c.h. Compiled twice without
 * change: against Debian's header and librocksdb 7.8.3, and against ferrock's header
 * and library.
 *
 *   compat write    DIR MODE   RocksDB: creates DIR in configuration MODE, rounds 0-2
 *   compat continue DIR MODE   ferrock: verifies rounds 0-2, writes round 3, flushes,
 *                              compacts every column family, verifies, writes round 4
 *                              and closes without flushing it (it stays in the WAL)
 *   compat verify   DIR MODE   RocksDB: verifies rounds 0-4
 *
 * MODE: default (RocksDB 7.8.3's defaults: Snappy; ferrock then writes its default, LZ4),
 * snappy (Snappy in every phase), lz4, zstd, zlib, bzip2, bloom10,
 * ribbon, partitioned (two-level index + partitioned bloom filters), fv2 (format_version
 * 2, CRC32C), prefix (a 6-byte prefix extractor, prefix-only bloom filter),
 * recycle (recycle_log_file_num 4, so recyclable WAL records, rounds 1-2 unflushed),
 * cfs (three column families), wal (rounds 1-2 left unflushed in the WAL),
 * twopc (a TransactionDB: each round a prepared-then-committed transaction, one more
 * prepared and rolled back, everything left in the WAL).
 * rangedel (a DeleteRange in round 2), merge (uint64add merges in round 2, keys
 * zcnt000..zcnt099) and prepared (twopc plus a transaction left prepared, which stays
 * prepared and invisible) round-trip like the others, and so do the user comparators written
 * here in C: comparator (bytewise order under a name of its own), reverse (reverse bytewise
 * order) and numeric (keys by the value of their number, which is not zero-padded in this
 * mode: key9 < key10); every phase opens the database with the same comparator and checks
 * iteration in its order. blob (values in blob files) is what ferrock does not support: it
 * must refuse it with "Not implemented: ...", never answer wrongly; `verify2` then checks
 * RocksDB still reads rounds 0-2 from the untouched directory.
 * COMPAT_FORMAT_VERSION=N in the environment makes the writer (RocksDB) write tables in
 * format_version N (compat/release_roundtrip.sh: 6 and 7 with RocksDB 11.8.1).
 * The table options of ribbon, partitioned and fv2 apply to RocksDB's first writes only;
 * the codec of snappy, lz4, zstd, zlib and bzip2 applies to every phase, so ferrock writes it too.
 *
 * The expected contents are a pure function of (column family, key, last round), so
 * every phase checks every key: a get of each present key compares the value, a get
 * of each deleted key must find nothing, and a forward iteration must list exactly the
 * expected keys and values in order (a backward one the same number). Prints one line
 * per problem (at most 20) and exits 1 on any. */
#include <rocksdb/c.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NKEYS 3000
#define NNEW 500
#define NCOUNTERS 100
#define RANGE_BEGIN 1000
#define RANGE_END 1100

static int problems = 0;
static const char *g_mode = "";

static void problem(const char *what, const char *key) {
  if (++problems <= 20) fprintf(stderr, "compat[%s]: %s: %s\n", g_mode, key, what);
}

static void check_err(char *err, const char *what) {
  if (err) {
    fprintf(stderr, "compat[%s]: %s: %s\n", g_mode, what, err);
    exit(1);
  }
}

/* The round that last wrote key i, or -1 when its last operation is a delete
 * (or nothing), after rounds 0..upto. */
static int last_round(int i, int upto) {
  int r = -1;
  for (int round = 0; round <= upto; round++) {
    switch (round) {
      case 0: r = 0; break;
      case 1: if (i % 3 == 0) r = 1; if (i % 7 == 0) r = -1; break;
      case 2:
        if (i % 5 == 0) r = 2;
        if (!strcmp(g_mode, "rangedel") && i >= RANGE_BEGIN && i < RANGE_END) r = -1;
        break;
      case 3: if (i % 4 == 0) r = 3; if (i % 11 == 0) r = -1; break;
      case 4: if (i % 13 == 0) r = 4; break;
    }
  }
  return r;
}

static int numeric_mode(void) { return !strcmp(g_mode, "numeric"); }
static void key_of(char *buf, int i) { sprintf(buf, numeric_mode() ? "key%d" : "key%06d", i); }
static void new_key_of(char *buf, int j) { sprintf(buf, numeric_mode() ? "new%d" : "new%06d", j); }

/* ~110 bytes, compressible (so every codec actually compresses blocks), and naming
 * its column family and round so a value from the wrong place never passes. */
static void value_of(char *buf, const char *cf, int round, int i) {
  int n = sprintf(buf, "%s-r%d-%06d-", cf, round, i);
  for (int k = 0; k < 9; k++) n += sprintf(buf + n, "payload%03d", (i + k) % 17);
}

static const char *mode_cfs[] = {"default", "cf1", "cf2"};

/* The user comparators of the comparator modes. comparator: bytewise order under a name of
 * its own. */
static int bytewise_compare(void *state, const char *a, size_t al, const char *b, size_t bl) {
  (void)state;
  int c = memcmp(a, b, al < bl ? al : bl);
  return c ? c : (al < bl ? -1 : al > bl);
}
static const char *custom_name(void *state) { (void)state; return "compat.CustomBytewise"; }
/* reverse: reverse bytewise order. */
static int reverse_compare(void *state, const char *a, size_t al, const char *b, size_t bl) {
  return bytewise_compare(state, b, bl, a, al);
}
static const char *reverse_name(void *state) { (void)state; return "compat.Reverse"; }
/* numeric: the letters before the first digit (bytewise), then the number's value, then
 * the length and the bytes, so it is a total order ("key9" < "key10" < "new2"). */
static int numeric_compare(void *state, const char *a, size_t al, const char *b, size_t bl) {
  size_t pa = 0, pb = 0, da, db;
  while (pa < al && (a[pa] < '0' || a[pa] > '9')) pa++;
  while (pb < bl && (b[pb] < '0' || b[pb] > '9')) pb++;
  int c = memcmp(a, b, pa < pb ? pa : pb);
  if (c || pa != pb) return c ? c : (pa < pb ? -1 : 1);
  for (da = pa; da < al && a[da] == '0'; da++) {}
  for (db = pb; db < bl && b[db] == '0'; db++) {}
  size_t ea = da, eb = db;
  while (ea < al && a[ea] >= '0' && a[ea] <= '9') ea++;
  while (eb < bl && b[eb] >= '0' && b[eb] <= '9') eb++;
  if (ea - da != eb - db) return ea - da < eb - db ? -1 : 1;
  c = memcmp(a + da, b + db, ea - da);
  return c ? c : bytewise_compare(state, a, al, b, bl);
}
static const char *numeric_name(void *state) { (void)state; return "compat.Numeric"; }

/* The mode's order of user keys (bytewise unless a comparator mode). */
static int (*mode_compare(void))(void *, const char *, size_t, const char *, size_t) {
  if (!strcmp(g_mode, "reverse")) return reverse_compare;
  if (!strcmp(g_mode, "numeric")) return numeric_compare;
  return bytewise_compare;
}

static int num_cfs(void) { return strcmp(g_mode, "cfs") == 0 ? 3 : 1; }

/* Modes whose RocksDB-written tables have whole-key filters ferrock must use on reads. */
static int filtered_mode(void) {
  return !strcmp(g_mode, "bloom10") || !strcmp(g_mode, "ribbon") || !strcmp(g_mode, "partitioned");
}

static void set_mode_options(rocksdb_options_t *o, int writer) {
  const char *m = g_mode;
  rocksdb_block_based_table_options_t *bbo = NULL;
  if (filtered_mode()) rocksdb_options_enable_statistics(o);
  if (!strcmp(m, "merge")) rocksdb_options_set_uint64add_merge_operator(o);
  if (!strcmp(m, "blob") && writer) {
    rocksdb_options_set_enable_blob_files(o, 1);
    rocksdb_options_set_min_blob_size(o, 0);
  }
  /* The comparator lives as long as the process (options only name it, as in RocksDB). */
  static rocksdb_comparator_t *cmp = NULL;
  if (!cmp && !strcmp(m, "comparator")) cmp = rocksdb_comparator_create(NULL, NULL, bytewise_compare, custom_name);
  if (!cmp && !strcmp(m, "reverse")) cmp = rocksdb_comparator_create(NULL, NULL, reverse_compare, reverse_name);
  if (!cmp && !strcmp(m, "numeric")) cmp = rocksdb_comparator_create(NULL, NULL, numeric_compare, numeric_name);
  if (cmp) rocksdb_options_set_comparator(o, cmp);
  if (!strcmp(m, "snappy")) rocksdb_options_set_compression(o, rocksdb_snappy_compression);
  if (!strcmp(m, "lz4")) rocksdb_options_set_compression(o, rocksdb_lz4_compression);
  if (!strcmp(m, "zstd")) rocksdb_options_set_compression(o, rocksdb_zstd_compression);
  if (!strcmp(m, "zlib")) rocksdb_options_set_compression(o, rocksdb_zlib_compression);
  if (!strcmp(m, "bzip2")) rocksdb_options_set_compression(o, rocksdb_bz2_compression);
  if (!strcmp(m, "bloom10") || !strcmp(m, "partitioned")) {
    bbo = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_filter_policy(bbo, rocksdb_filterpolicy_create_bloom_full(10));
  }
  /* ferrock evaluates Ribbon filters on reads (table::ribbon) but does not write them. */
  if (!strcmp(m, "ribbon") && writer) {
    bbo = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_filter_policy(bbo, rocksdb_filterpolicy_create_ribbon(10));
  }
  /* Recycled log files: RocksDB writes the recyclable record format (types 5-8). */
  if (!strcmp(m, "recycle") && writer) {
    /* 7.8.3 keeps recycling only under kSkipAnyCorruptedRecords (it sanitizes it to 0 otherwise). */
    rocksdb_options_set_wal_recovery_mode(o, 3);
    rocksdb_options_set_recycle_log_file_num(o, 4);
  }
  if (!strcmp(m, "prefix") && writer) {
    /* A prefix-only filter (no whole keys in it): readers may use or skip it. */
    bbo = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_filter_policy(bbo, rocksdb_filterpolicy_create_bloom_full(10));
    rocksdb_block_based_options_set_whole_key_filtering(bbo, 0);
    rocksdb_options_set_prefix_extractor(o, rocksdb_slicetransform_create_fixed_prefix(6));
  }
  if (!strcmp(m, "partitioned") && writer) {
    /* Small partitions so every table has several index and filter partitions. */
    rocksdb_block_based_options_set_index_type(bbo, rocksdb_block_based_table_index_type_two_level_index_search);
    rocksdb_block_based_options_set_partition_filters(bbo, 1);
    rocksdb_block_based_options_set_metadata_block_size(bbo, 256);
  }
  if (!strcmp(m, "fv2") && writer) {
    bbo = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_format_version(bbo, 2);
    rocksdb_block_based_options_set_checksum(bbo, 1 /* kCRC32c */);
  }
  /* compat/release_roundtrip.sh: RocksDB 11.8.1 writes tables in format_version 6 or 7. */
  const char *fv = getenv("COMPAT_FORMAT_VERSION");
  if (fv && *fv && writer) {
    if (!bbo) bbo = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_format_version(bbo, atoi(fv));
  }
  if (bbo) {
    rocksdb_options_set_block_based_table_factory(o, bbo);
    rocksdb_block_based_options_destroy(bbo);
  }
}

struct db {
  rocksdb_t *db;
  rocksdb_column_family_handle_t *cf[3];
  rocksdb_options_t *opts;
};

static struct db open_db(const char *dir, int create, int writer) {
  struct db d;
  char *err = NULL;
  d.opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(d.opts, create);
  set_mode_options(d.opts, writer);
  int n = num_cfs();
  if (n == 1) {
    d.db = rocksdb_open(d.opts, dir, &err);
    check_err(err, "open");
    d.cf[0] = NULL;
    return d;
  }
  const rocksdb_options_t *cf_opts[3] = {d.opts, d.opts, d.opts};
  if (create) {
    d.db = rocksdb_open(d.opts, dir, &err);
    check_err(err, "open");
    d.cf[0] = NULL;
    for (int c = 1; c < n; c++) {
      d.cf[c] = rocksdb_create_column_family(d.db, d.opts, mode_cfs[c], &err);
      check_err(err, "create column family");
    }
    /* Reopen with every family, so the handles are uniform below. */
    for (int c = 1; c < n; c++) rocksdb_column_family_handle_destroy(d.cf[c]);
    rocksdb_close(d.db);
    rocksdb_options_set_create_if_missing(d.opts, 0);
  }
  d.db = rocksdb_open_column_families(d.opts, dir, n, mode_cfs, cf_opts, d.cf, &err);
  check_err(err, "open column families");
  return d;
}

static void close_db(struct db *d) {
  for (int c = 0; c < num_cfs(); c++)
    if (d->cf[c]) rocksdb_column_family_handle_destroy(d->cf[c]);
  rocksdb_close(d->db);
  rocksdb_options_destroy(d->opts);
}

static void put(struct db *d, int c, const char *k, const char *v, rocksdb_writeoptions_t *wo) {
  char *err = NULL;
  if (d->cf[c]) rocksdb_put_cf(d->db, wo, d->cf[c], k, strlen(k), v, strlen(v), &err);
  else rocksdb_put(d->db, wo, k, strlen(k), v, strlen(v), &err);
  check_err(err, "put");
}

static void del(struct db *d, int c, const char *k, rocksdb_writeoptions_t *wo) {
  char *err = NULL;
  if (d->cf[c]) rocksdb_delete_cf(d->db, wo, d->cf[c], k, strlen(k), &err);
  else rocksdb_delete(d->db, wo, k, strlen(k), &err);
  check_err(err, "delete");
}

static void write_round(struct db *d, int round) {
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  char k[32], v[256];
  for (int c = 0; c < num_cfs(); c++) {
    for (int i = 0; i < NKEYS; i++) {
      int wrote = round == 0 || (round == 1 && i % 3 == 0) || (round == 2 && i % 5 == 0) ||
                  (round == 3 && i % 4 == 0) || (round == 4 && i % 13 == 0);
      int deleted = (round == 1 && i % 7 == 0) || (round == 3 && i % 11 == 0);
      key_of(k, i);
      if (wrote) {
        value_of(v, mode_cfs[c], round, i);
        put(d, c, k, v, wo);
      }
      if (deleted) del(d, c, k, wo);
    }
    if (round == 2 && !strcmp(g_mode, "rangedel")) {
      char b[32], e[32], *err = NULL;
      key_of(b, RANGE_BEGIN);
      key_of(e, RANGE_END);
      rocksdb_writebatch_t *wb = rocksdb_writebatch_create();
      if (d->cf[c]) rocksdb_writebatch_delete_range_cf(wb, d->cf[c], b, strlen(b), e, strlen(e));
      else rocksdb_writebatch_delete_range(wb, b, strlen(b), e, strlen(e));
      rocksdb_write(d->db, wo, wb, &err);
      rocksdb_writebatch_destroy(wb);
      check_err(err, "delete range");
    }
    if (round == 2 && !strcmp(g_mode, "merge"))
      for (int twice = 0; twice < 2; twice++)
        for (int j = 0; j < NCOUNTERS; j++) {
          char *err = NULL;
          sprintf(k, "zcnt%03d", j);
          unsigned char operand[8];
          for (int b = 0; b < 8; b++) operand[b] = (unsigned char)(((unsigned long long)(j + 1) >> (8 * b)) & 0xff);
          rocksdb_merge(d->db, wo, k, strlen(k), (const char *)operand, 8, &err);
          check_err(err, "merge");
        }
    if (round == 3)
      for (int j = 0; j < NNEW; j++) {
        new_key_of(k, j);
        value_of(v, mode_cfs[c], 3, j);
        put(d, c, k, v, wo);
      }
  }
  rocksdb_writeoptions_destroy(wo);
}

static void flush_all(struct db *d) {
  char *err = NULL;
  rocksdb_flushoptions_t *fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  for (int c = 0; c < num_cfs(); c++) {
    if (d->cf[c]) rocksdb_flush_cf(d->db, fo, d->cf[c], &err);
    else rocksdb_flush(d->db, fo, &err);
    check_err(err, "flush");
  }
  rocksdb_flushoptions_destroy(fo);
}

static void compact_all(struct db *d) {
  for (int c = 0; c < num_cfs(); c++) {
    if (d->cf[c]) rocksdb_compact_range_cf(d->db, d->cf[c], NULL, 0, NULL, 0);
    else rocksdb_compact_range(d->db, NULL, 0, NULL, 0);
  }
}

/* One entry a scan must list. */
struct entry {
  char key[32];
  char value[256];
  size_t value_len;
};
static struct entry expected[NKEYS + NNEW + NCOUNTERS];

static int by_mode_order(const void *a, const void *b) {
  const char *ka = ((const struct entry *)a)->key, *kb = ((const struct entry *)b)->key;
  return mode_compare()(NULL, ka, strlen(ka), kb, strlen(kb));
}

/* Checks every key of every column family against rounds 0..upto. */
static void verify(struct db *d, int upto) {
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
  char k[32], v[256];
  char *err = NULL;
  for (int c = 0; c < num_cfs(); c++) {
    /* Point lookups, present and deleted keys. */
    int expected_count = 0;
    for (int i = 0; i < NKEYS + (upto >= 3 ? NNEW : 0); i++) {
      int r;
      if (i < NKEYS) {
        key_of(k, i);
        r = last_round(i, upto);
        if (r >= 0) value_of(v, mode_cfs[c], r, i);
      } else {
        new_key_of(k, i - NKEYS);
        r = 3;
        value_of(v, mode_cfs[c], 3, i - NKEYS);
      }
      size_t len = 0;
      char *got = d->cf[c] ? rocksdb_get_cf(d->db, ro, d->cf[c], k, strlen(k), &len, &err)
                           : rocksdb_get(d->db, ro, k, strlen(k), &len, &err);
      if (err) { problem(err, k); free(err); err = NULL; continue; }
      if (r < 0) {
        if (got) problem("deleted key is present", k);
      } else {
        expected_count++;
        if (!got) problem("missing", k);
        else if (len != strlen(v) || memcmp(got, v, len)) problem("wrong value", k);
      }
      rocksdb_free(got);
    }
    /* A forward scan lists exactly the expected entries, in the mode's order; a backward
     * one the same entries reversed. */
    int n = 0;
    for (int i = 0; i < NKEYS + (upto >= 3 ? NNEW : 0); i++) {
      if (i < NKEYS) {
        int r = last_round(i, upto);
        if (r < 0) continue;
        key_of(expected[n].key, i);
        value_of(expected[n].value, mode_cfs[c], r, i);
      } else {
        new_key_of(expected[n].key, i - NKEYS);
        value_of(expected[n].value, mode_cfs[c], 3, i - NKEYS);
      }
      expected[n].value_len = strlen(expected[n].value);
      n++;
    }
    /* The merge mode's counters: each is 2 * (j + 1), little-endian. */
    for (int j = 0; !strcmp(g_mode, "merge") && j < NCOUNTERS; j++) {
      sprintf(expected[n].key, "zcnt%03d", j);
      for (int b = 0; b < 8; b++) expected[n].value[b] = (char)(((unsigned long long)(2 * (j + 1)) >> (8 * b)) & 0xff);
      expected[n].value_len = 8;
      expected_count++;
      size_t len = 0;
      char *got = rocksdb_get(d->db, ro, expected[n].key, strlen(expected[n].key), &len, &err);
      if (err) { problem(err, expected[n].key); free(err); err = NULL; }
      else if (!got || len != 8 || memcmp(got, expected[n].value, 8)) problem("wrong merged counter", expected[n].key);
      rocksdb_free(got);
      n++;
    }
    qsort(expected, n, sizeof(expected[0]), by_mode_order);
    rocksdb_iterator_t *it = d->cf[c] ? rocksdb_create_iterator_cf(d->db, ro, d->cf[c]) : rocksdb_create_iterator(d->db, ro);
    rocksdb_iter_seek_to_first(it);
    for (int e = 0; e < n; e++) {
      const char *k = expected[e].key;
      if (!rocksdb_iter_valid(it)) { problem("iteration ended before", k); break; }
      size_t kl, vl;
      const char *ik = rocksdb_iter_key(it, &kl);
      const char *iv = rocksdb_iter_value(it, &vl);
      if (kl != strlen(k) || memcmp(ik, k, kl)) { problem("iteration found another key instead of", k); break; }
      if (vl != expected[e].value_len || memcmp(iv, expected[e].value, vl)) problem("iteration: wrong value", k);
      rocksdb_iter_next(it);
    }
    if (rocksdb_iter_valid(it)) problem("iteration: extra entries after the last expected key", mode_cfs[c]);
    rocksdb_iter_get_error(it, &err);
    if (err) { problem(err, "iterator"); free(err); err = NULL; }
    int back = 0;
    for (rocksdb_iter_seek_to_last(it); rocksdb_iter_valid(it); rocksdb_iter_prev(it)) {
      size_t kl;
      const char *ik = rocksdb_iter_key(it, &kl);
      int e = n - 1 - back++;
      if (e < 0 || kl != strlen(expected[e].key) || memcmp(ik, expected[e].key, kl)) {
        problem("backward iteration found another key than expected", e < 0 ? "(before the first)" : expected[e].key);
        break;
      }
    }
    if (back != expected_count) problem("backward iteration count differs", mode_cfs[c]);
    rocksdb_iter_destroy(it);
  }
  rocksdb_readoptions_destroy(ro);
}

static long filter_useful_count(struct db *d) {
  char *stats = rocksdb_options_statistics_get_string(d->opts);
  const char *at = stats ? strstr(stats, "rocksdb.bloom.filter.useful COUNT : ") : NULL;
  long n = at ? atol(at + strlen("rocksdb.bloom.filter.useful COUNT : ")) : -1;
  rocksdb_free(stats);
  return n;
}

/* Point lookups of 1000 absent keys, each between two present ones (so only a
 * filter can answer without reading data blocks). Each lookup asks every table
 * whose range covers the key; a filter that rejects the key counts once in
 * rocksdb.bloom.filter.useful. At least 900 rejections are required (at 10
 * bits/key ~99% of the table lookups are rejected; without filters, none are).
 * Run on the tables RocksDB wrote, before ferrock writes any. */
static void check_filters_used(struct db *d) {
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
  char k[32], *err = NULL;
  long before = filter_useful_count(d);
  for (int i = 0; i < 1000; i++) {
    size_t len;
    sprintf(k, "key%06dx", i);
    char *v = rocksdb_get(d->db, ro, k, strlen(k), &len, &err);
    if (err) { problem(err, k); free(err); err = NULL; }
    if (v) problem("absent key found", k);
    rocksdb_free(v);
  }
  rocksdb_readoptions_destroy(ro);
  long useful = filter_useful_count(d) - before;
  if (before < 0 || useful < 900) {
    char what[80];
    sprintf(what, "only %ld table lookups of 1000 absent keys answered by filters", useful);
    problem(what, "rocksdb.bloom.filter.useful");
  } else {
    printf("compat[%s]: filters answered %ld table lookups of 1000 absent keys\n", g_mode, useful);
  }
}

/* The twopc mode's writer: a TransactionDB (allow_2pc) whose every round is one named
 * transaction, prepared then committed, all left in the WAL (no flush); plus one
 * prepared transaction that is rolled back, whose writes must never be visible. */
static void write_twopc(const char *dir) {
  char *err = NULL;
  rocksdb_options_t *o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_transactiondb_options_t *topts = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t *tdb = rocksdb_transactiondb_open(o, topts, dir, &err);
  check_err(err, "open transaction db");
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_transaction_options_t *txo = rocksdb_transaction_options_create();
  char k[32], v[256], name[16];
  for (int round = 0; round <= 2; round++) {
    rocksdb_transaction_t *txn = rocksdb_transaction_begin(tdb, wo, txo, NULL);
    sprintf(name, "round%d", round);
    rocksdb_transaction_set_name(txn, name, strlen(name), &err);
    check_err(err, "set name");
    for (int i = 0; i < NKEYS; i++) {
      int wrote = round == 0 || (round == 1 && i % 3 == 0) || (round == 2 && i % 5 == 0);
      int deleted = round == 1 && i % 7 == 0;
      key_of(k, i);
      if (wrote) {
        value_of(v, "default", round, i);
        rocksdb_transaction_put(txn, k, strlen(k), v, strlen(v), &err);
        check_err(err, "transaction put");
      }
      if (deleted) {
        rocksdb_transaction_delete(txn, k, strlen(k), &err);
        check_err(err, "transaction delete");
      }
    }
    rocksdb_transaction_prepare(txn, &err);
    check_err(err, "prepare");
    if (round == 1) {
      /* Between a prepare and its commit: a transaction prepared then rolled back. */
      rocksdb_transaction_t *rb = rocksdb_transaction_begin(tdb, wo, txo, NULL);
      rocksdb_transaction_set_name(rb, "rolledback", 10, &err);
      check_err(err, "set name");
      rocksdb_transaction_put(rb, "key000001", 9, "ROLLED-BACK", 11, &err);
      check_err(err, "transaction put");
      rocksdb_transaction_put(rb, "zzz-rolled-back", 15, "x", 1, &err);
      check_err(err, "transaction put");
      rocksdb_transaction_prepare(rb, &err);
      check_err(err, "prepare");
      rocksdb_transaction_rollback(rb, &err);
      check_err(err, "rollback");
      rocksdb_transaction_destroy(rb);
    }
    rocksdb_transaction_commit(txn, &err);
    check_err(err, "commit");
    rocksdb_transaction_destroy(txn);
  }
  if (!strcmp(g_mode, "prepared")) {
    /* Prepared and never committed: RocksDB keeps it for the next TransactionDB. */
    rocksdb_transaction_t *txn = rocksdb_transaction_begin(tdb, wo, txo, NULL);
    rocksdb_transaction_set_name(txn, "dangling", 8, &err);
    check_err(err, "set name");
    rocksdb_transaction_put(txn, "key000002", 9, "UNDECIDED", 9, &err);
    check_err(err, "transaction put");
    rocksdb_transaction_prepare(txn, &err);
    check_err(err, "prepare");
    rocksdb_transaction_destroy(txn);
  }
  rocksdb_transaction_options_destroy(txo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_transactiondb_close(tdb);
  rocksdb_transactiondb_options_destroy(topts);
  rocksdb_options_destroy(o);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: compat write|continue|verify|verify2 DIR MODE\n");
    return 2;
  }
  const char *role = argv[1], *dir = argv[2];
  g_mode = argv[3];
  int wal = !strcmp(g_mode, "wal") || !strcmp(g_mode, "recycle");
  if (!strcmp(role, "write") && (!strcmp(g_mode, "twopc") || !strcmp(g_mode, "prepared"))) {
    /* (Debian's RocksDB asserts when a plain DB replays 2PC records, so the
     * checks start with ferrock's open.) */
    write_twopc(dir);
  } else if (!strcmp(role, "write")) {
    struct db d = open_db(dir, 1, 1);
    for (int round = 0; round <= 2; round++) {
      write_round(&d, round);
      /* The wal mode leaves rounds 1 and 2 only in the log. */
      if (!(wal && round > 0)) flush_all(&d);
    }
    verify(&d, 2);
    close_db(&d);
  } else if (!strcmp(role, "continue")) {
    struct db d = open_db(dir, 0, 0);
    verify(&d, 2);
    if (filtered_mode()) check_filters_used(&d);
    if (problems) {
      /* Never write on top of a database we cannot read correctly. */
      fprintf(stderr, "compat[%s] continue: %d problems before writing\n", g_mode, problems);
      return 1;
    }
    write_round(&d, 3);
    flush_all(&d);
    compact_all(&d);
    verify(&d, 3);
    write_round(&d, 4);
    verify(&d, 4);
    close_db(&d);
  } else if (!strcmp(role, "verify2")) {
    struct db d = open_db(dir, 0, 0);
    verify(&d, 2);
    close_db(&d);
  } else if (!strcmp(role, "verify")) {
    struct db d = open_db(dir, 0, 0);
    verify(&d, 4);
    close_db(&d);
  } else {
    fprintf(stderr, "unknown role %s\n", role);
    return 2;
  }
  if (problems) {
    fprintf(stderr, "compat[%s] %s: %d problems\n", g_mode, role, problems);
    return 1;
  }
  printf("compat[%s] %s: ok\n", g_mode, role);
  return 0;
}
