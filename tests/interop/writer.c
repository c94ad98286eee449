/* Interop writer: compiled against ferrock's header (-I include) and linked to ferrock.
 *
 *   writer DIR MODE        MODE: default | none | lz4bloom
 *
 * Writes a database RocksDB 7.8.3 must read: 2 rounds of 3,000 keys whose ranges
 * overlap (key i goes in round i % 2), a flush after each round, then deletes of
 * every 7th key and overwrites of every 11th, flushed too (three L0 tables: one
 * short of the default compaction trigger, so they stay separate), then 500 more
 * keys left in the WAL only. Closes, then writes
 * DIR.expected ("key value" per live key, sorted) and DIR.deleted (one key a line).
 * Options: default, or rocksdb_no_compression, or LZ4 with a 10-bit bloom filter. */
#include <rocksdb/c.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUND_KEYS 6000
#define TAIL_KEYS 500
#define TOTAL (ROUND_KEYS + TAIL_KEYS)

static int gen[TOTAL];      /* value generation of each key; 0 = never written */
static int deleted[TOTAL];

static void check(char *err, const char *what) {
  if (err) { fprintf(stderr, "writer: %s: %s\n", what, err); exit(1); }
}

static int make_key(int i, char *buf) { return sprintf(buf, "key%08d", i); }

/* Values vary in length (30..230 bytes) and compress well, like real data. */
static int make_value(int i, int g, const char *mode, char *buf) {
  int n = sprintf(buf, "value-%s-%08d-gen%d-", mode, i, g);
  int pad = i % 200;
  for (int k = 0; k < pad; k++) buf[n + k] = (char)('a' + (k + i) % 26);
  buf[n + pad] = 0;
  return n + pad;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: writer DIR default|none|lz4bloom\n"); return 2; }
  const char *dir = argv[1], *mode = argv[2];
  char *err = NULL;
  rocksdb_options_t *opts = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(opts, 1);
  rocksdb_block_based_table_options_t *table = NULL;
  if (!strcmp(mode, "none")) {
    rocksdb_options_set_compression(opts, rocksdb_no_compression);
  } else if (!strcmp(mode, "lz4bloom")) {
    rocksdb_options_set_compression(opts, rocksdb_lz4_compression);
    table = rocksdb_block_based_options_create();
    rocksdb_block_based_options_set_filter_policy(table, rocksdb_filterpolicy_create_bloom(10));
    rocksdb_options_set_block_based_table_factory(opts, table);
  } else if (strcmp(mode, "default")) {
    fprintf(stderr, "writer: unknown mode %s\n", mode); return 2;
  }
  rocksdb_t *db = rocksdb_open(opts, dir, &err);
  check(err, "open");
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t *fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  char key[64], value[512];

  for (int round = 0; round < 2; round++) {
    for (int i = round; i < ROUND_KEYS; i += 2) {
      gen[i] = 1;
      rocksdb_put(db, wo, key, make_key(i, key), value, make_value(i, 1, mode, value), &err);
      check(err, "put");
    }
    rocksdb_flush(db, fo, &err);
    check(err, "flush");
  }
  for (int i = 0; i < ROUND_KEYS; i++) {
    if (i % 7 == 0) {
      deleted[i] = 1;
      rocksdb_delete(db, wo, key, make_key(i, key), &err);
      check(err, "delete");
    } else if (i % 11 == 0) {
      gen[i] = 2;
      rocksdb_put(db, wo, key, make_key(i, key), value, make_value(i, 2, mode, value), &err);
      check(err, "overwrite");
    }
  }
  rocksdb_flush(db, fo, &err);
  check(err, "flush");
  for (int i = ROUND_KEYS; i < TOTAL; i++) {
    gen[i] = 1;
    rocksdb_put(db, wo, key, make_key(i, key), value, make_value(i, 1, mode, value), &err);
    check(err, "put (WAL tail)");
  }
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(opts);
  if (table) rocksdb_block_based_options_destroy(table);

  char path[4096];
  snprintf(path, sizeof path, "%s.expected", dir);
  FILE *exp = fopen(path, "w");
  snprintf(path, sizeof path, "%s.deleted", dir);
  FILE *del = fopen(path, "w");
  if (!exp || !del) { perror("writer: expected/deleted files"); return 1; }
  for (int i = 0; i < TOTAL; i++) {
    make_key(i, key);
    if (deleted[i]) { fprintf(del, "%s\n", key); continue; }
    make_value(i, gen[i], mode, value);
    fprintf(exp, "%s %s\n", key, value);
  }
  fclose(exp);
  fclose(del);
  return 0;
}
