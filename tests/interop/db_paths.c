/* db_paths across engines: `db_paths write DB P0 P1` writes N keys into a database whose
 * tables go to two db_paths (P0 too small for level 1, so every compaction output lands in
 * P1, flushes in P0), waits until compactions are done, and checks P1 holds tables;
 * `db_paths read DB P0 P1` opens it with the same db_paths and reads every key and value,
 * and iterates exactly N keys. Built against ferrock and against Debian's RocksDB 7.8.3, so
 * each engine reads what the other wrote (the MANIFEST's path ids). */
#include <rocksdb/c.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 20000

static void die(const char* what, char* err) {
  fprintf(stderr, "%s: %s\n", what, err ? err : "failed");
  exit(1);
}

static int tables_in(const char* dir) {
  int n = 0;
  DIR* d = opendir(dir);
  struct dirent* e;
  while (d && (e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l > 4 && strcmp(e->d_name + l - 4, ".sst") == 0) n++;
  }
  if (d) closedir(d);
  return n;
}

static uint64_t prop(rocksdb_t* db, const char* name) {
  uint64_t v = 0;
  if (rocksdb_property_int(db, name, &v) != 0) return (uint64_t)-1;
  return v;
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: db_paths write|read DB P0 P1\n");
    return 2;
  }
  int writing = strcmp(argv[1], "write") == 0;
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, writing);
  rocksdb_options_set_write_buffer_size(o, 64 << 10);
  rocksdb_options_set_target_file_size_base(o, 64 << 10);
  rocksdb_options_set_max_bytes_for_level_base(o, 256 << 10);
  rocksdb_options_set_level0_file_num_compaction_trigger(o, 2);
  rocksdb_dbpath_t* p0 = rocksdb_dbpath_create(argv[3], 100 << 10);
  rocksdb_dbpath_t* p1 = rocksdb_dbpath_create(argv[4], (uint64_t)1 << 40);
  const rocksdb_dbpath_t* paths[2] = {p0, p1};
  rocksdb_options_set_db_paths(o, paths, 2);
  rocksdb_t* db = rocksdb_open(o, argv[2], &err);
  if (err) die("open", err);
  char k[32], v[128];
  if (writing) {
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    for (int i = 0; i < N; i++) {
      snprintf(k, sizeof(k), "key%08d", i);
      snprintf(v, sizeof(v), "value-%d-%s", i, "ppppppppppppppppppppppppppppppppppppppppppppppppppp");
      rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
      if (err) die("put", err);
    }
    rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
    rocksdb_flush(db, fo, &err);
    if (err) die("flush", err);
    /* Wait on the condition: compactions done, level 0 below its trigger. */
    time_t deadline = time(NULL) + 120;
    while (!(prop(db, "rocksdb.compaction-pending") == 0 && prop(db, "rocksdb.num-running-compactions") == 0 &&
             prop(db, "rocksdb.num-running-flushes") == 0 && prop(db, "rocksdb.num-files-at-level1") != 0)) {
      if (time(NULL) > deadline) die("waiting for compactions", NULL);
      struct timespec ts = {0, 1000000};
      nanosleep(&ts, NULL);
    }
    rocksdb_flushoptions_destroy(fo);
    rocksdb_writeoptions_destroy(wo);
  }
  int in_p0 = tables_in(argv[3]), in_p1 = tables_in(argv[4]), in_db = tables_in(argv[2]);
  printf("tables: %d in P0, %d in P1, %d in the db directory\n", in_p0, in_p1, in_db);
  if (in_p1 == 0) die("no table in the second path", NULL);
  if (in_db != 0) die("a table in the db directory", NULL);
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  for (int i = 0; i < N; i++) {
    size_t len = 0;
    snprintf(k, sizeof(k), "key%08d", i);
    snprintf(v, sizeof(v), "value-%d-%s", i, "ppppppppppppppppppppppppppppppppppppppppppppppppppp");
    char* got = rocksdb_get(db, ro, k, strlen(k), &len, &err);
    if (err) die("get", err);
    if (got == NULL || len != strlen(v) || memcmp(got, v, len) != 0) {
      fprintf(stderr, "%s: wrong value\n", k);
      return 1;
    }
    rocksdb_free(got);
  }
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  int n = 0;
  for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) n++;
  rocksdb_iter_get_error(it, &err);
  if (err) die("iterate", err);
  if (n != N) {
    fprintf(stderr, "iterated %d keys, expected %d\n", n, N);
    return 1;
  }
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_dbpath_destroy(p0);
  rocksdb_dbpath_destroy(p1);
  printf("%s ok: %d keys\n", argv[1], N);
  return 0;
}
