/* db_paths and cf_paths (RocksDB's DbPath): flushes write to the first path, compactions to
 * the path their level fits (a first path too small for level 1 sends every compaction
 * output to the second), a reopen finds every table through the MANIFEST's path ids, a
 * family's cf_paths hold its tables (the metadata names the directory), a checkpoint and
 * CompactFiles without a path refuse several paths with RocksDB's texts, five db_paths are
 * refused, and destroy empties and removes every db path. */
#include <rocksdb/c.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>

#include "check.h"

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

static int exists(const char* p) {
  struct stat st;
  return stat(p, &st) == 0;
}

static uint64_t prop(rocksdb_t* db, const char* name) {
  uint64_t v = 0;
  if (rocksdb_property_int(db, name, &v) == 0) return v;
  /* String-only properties (num-files-at-level<N>) have no integer answer; read the text. */
  char* text = rocksdb_property_value(db, name);
  if (text == NULL) return (uint64_t)-1;
  v = strtoull(text, NULL, 10);
  rocksdb_free(text);
  return v;
}

static void wait_for_compactions(rocksdb_t* db) {
  time_t deadline = time(NULL) + 120;
  while (!(prop(db, "rocksdb.compaction-pending") == 0 && prop(db, "rocksdb.num-running-compactions") == 0 &&
           prop(db, "rocksdb.num-files-at-level1") != 0)) {
    if (time(NULL) > deadline) {
      CHECK(0, "compactions did not finish");
      return;
    }
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}

static void db_paths_test(const char* base) {
  char dbname[400], p0[400], p1[400], cp[400];
  char* err = NULL;
  snprintf(dbname, sizeof(dbname), "%s/db", base);
  snprintf(p0, sizeof(p0), "%s/fast", base);
  snprintf(p1, sizeof(p1), "%s/slow", base);
  snprintf(cp, sizeof(cp), "%s/cp", base);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_write_buffer_size(o, 64 << 10);
  rocksdb_options_set_target_file_size_base(o, 64 << 10);
  rocksdb_options_set_max_bytes_for_level_base(o, 256 << 10);
  rocksdb_options_set_level0_file_num_compaction_trigger(o, 2);
  rocksdb_dbpath_t* d0 = rocksdb_dbpath_create(p0, 100 << 10);
  rocksdb_dbpath_t* d1 = rocksdb_dbpath_create(p1, (uint64_t)1 << 40);
  CHECK(rocksdb_dbpath_create(NULL, 1) == NULL, "a NULL path gives no object");
  const rocksdb_dbpath_t* paths[2] = {d0, d1};
  rocksdb_options_set_db_paths(o, paths, 2);
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  if (!db) return;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char k[32], v[128];
  const int n = 6000;
  for (int i = 0; i < n; i++) {
    snprintf(k, sizeof(k), "key%06d", i);
    snprintf(v, sizeof(v), "value-%d-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", i);
    rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
    CHECK_NOERR(err);
  }
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  wait_for_compactions(db);
  CHECK(tables_in(p1) > 0, "compaction outputs in the second path");
  CHECK(tables_in(dbname) == 0, "no table in the db directory (%d)", tables_in(dbname));
  /* Every file's directory, from the metadata: level 0 in the first path, the rest in the second. */
  rocksdb_column_family_metadata_t* m = rocksdb_get_column_family_metadata(db);
  size_t levels = rocksdb_column_family_metadata_get_level_count(m);
  int checked = 0;
  for (size_t l = 0; l < levels; l++) {
    rocksdb_level_metadata_t* lm = rocksdb_column_family_metadata_get_level_metadata(m, l);
    for (size_t f = 0; f < rocksdb_level_metadata_get_file_count(lm); f++) {
      rocksdb_sst_file_metadata_t* fm = rocksdb_level_metadata_get_sst_file_metadata(lm, f);
      char* dir = rocksdb_sst_file_metadata_get_directory(fm);
      CHECK(strcmp(dir, l == 0 ? p0 : p1) == 0, "L%zu file in %s", l, dir);
      checked++;
      rocksdb_free(dir);
      rocksdb_sst_file_metadata_destroy(fm);
    }
    rocksdb_level_metadata_destroy(lm);
  }
  rocksdb_column_family_metadata_destroy(m);
  CHECK(checked > 0, "files listed");
  /* A checkpoint of several directories: RocksDB's NotSupported. */
  rocksdb_checkpoint_t* c = rocksdb_checkpoint_object_create(db, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_create(c, cp, 0, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: db_paths / cf_paths not supported for Checkpoint nor BackupEngine");
  CHECK(!exists(cp), "no checkpoint directory left");
  rocksdb_checkpoint_object_destroy(c);
  /* CompactFiles must be told the path when there are several. */
  const rocksdb_livefiles_t* lf = rocksdb_livefiles(db);
  const char* name = rocksdb_livefiles_name(lf, 0);
  rocksdb_compaction_options_t* co = rocksdb_compaction_options_create();
  rocksdb_compact_files(db, co, &name, 1, 2, -1, NULL, NULL, NULL, &err);
  CHECK_ERR_PREFIX(err, "Not implemented: Automatic output path selection is not yet supported in CompactFiles()");
  rocksdb_compaction_options_destroy(co);
  rocksdb_livefiles_destroy(lf);
  rocksdb_close(db);

  /* Reopen: the MANIFEST's path ids find every table. */
  db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  if (db) {
    int bad = 0;
    for (int i = 0; i < n; i++) {
      size_t len = 0;
      snprintf(k, sizeof(k), "key%06d", i);
      snprintf(v, sizeof(v), "value-%d-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", i);
      char* got = rocksdb_get(db, ro, k, strlen(k), &len, &err);
      CHECK_NOERR(err);
      if (!got || len != strlen(v) || memcmp(got, v, len) != 0) bad++;
      free(got);
    }
    CHECK(bad == 0, "%d keys read wrong after the reopen", bad);
    rocksdb_close(db);
  }
  rocksdb_destroy_db(o, dbname, &err);
  CHECK_NOERR(err);
  CHECK(!exists(dbname) && !exists(p0) && !exists(p1), "destroy removes the db directory and both paths");

  /* Five db_paths: RocksDB's NotSupported. */
  const rocksdb_dbpath_t* five[5] = {d0, d1, d0, d1, d0};
  rocksdb_options_set_db_paths(o, five, 5);
  db = rocksdb_open(o, dbname, &err);
  CHECK(db == NULL, "open with five paths fails");
  CHECK_ERR_PREFIX(err, "Not implemented: More than four DB paths are not supported yet. ");
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_dbpath_destroy(d0);
  rocksdb_dbpath_destroy(d1);
  rocksdb_options_destroy(o);
}

/* RocksDB c_test's columnfamilies phase, its cf_paths part. */
static void cf_paths_test(const char* base) {
  char dbname[400], cfdir[400];
  char* err = NULL;
  snprintf(dbname, sizeof(dbname), "%s/cfdb", base);
  snprintf(cfdir, sizeof(cfdir), "%s/cf1path", base);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_column_family_handle_t* h = rocksdb_create_column_family(db, o, "cf1", &err);
  CHECK_NOERR(err);
  rocksdb_column_family_handle_destroy(h);
  rocksdb_close(db);

  rocksdb_options_t* cf1 = rocksdb_options_create();
  rocksdb_options_t* cf2 = rocksdb_options_create();
  rocksdb_dbpath_t* p = rocksdb_dbpath_create(cfdir, 1024 * 1024);
  const rocksdb_dbpath_t* cf_paths[1] = {p};
  rocksdb_options_set_cf_paths(cf2, cf_paths, 1);
  const char* names[2] = {"default", "cf1"};
  const rocksdb_options_t* opts[2] = {cf1, cf2};
  rocksdb_column_family_handle_t* handles[2];
  db = rocksdb_open_column_families(o, dbname, 2, names, opts, handles, &err);
  CHECK_NOERR(err);
  if (!db) return;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_put_cf(db, wo, handles[1], "foo", 3, "hello", 5, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  rocksdb_flush_cf(db, fo, handles[1], &err);
  CHECK_NOERR(err);
  rocksdb_column_family_metadata_t* m = rocksdb_get_column_family_metadata_cf(db, handles[1]);
  CHECK(rocksdb_column_family_metadata_get_file_count(m) == 1, "one file");
  rocksdb_level_metadata_t* lm = rocksdb_column_family_metadata_get_level_metadata(m, 0);
  rocksdb_sst_file_metadata_t* fm = rocksdb_level_metadata_get_sst_file_metadata(lm, 0);
  char* dir = rocksdb_sst_file_metadata_get_directory(fm);
  CHECK(strcmp(dir, cfdir) == 0, "cf1's file in %s", dir);
  rocksdb_free(dir);
  rocksdb_sst_file_metadata_destroy(fm);
  rocksdb_level_metadata_destroy(lm);
  rocksdb_column_family_metadata_destroy(m);
  CHECK(tables_in(cfdir) == 1 && tables_in(dbname) == 0, "the table is in the cf path");
  rocksdb_column_family_handle_destroy(handles[0]);
  rocksdb_column_family_handle_destroy(handles[1]);
  rocksdb_close(db);
  db = rocksdb_open_column_families(o, dbname, 2, names, opts, handles, &err);
  CHECK_NOERR(err);
  if (db) {
    size_t len = 0;
    char* got = rocksdb_get_cf(db, ro, handles[1], "foo", 3, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(got, len, "hello");
    free(got);
    rocksdb_column_family_handle_destroy(handles[0]);
    rocksdb_column_family_handle_destroy(handles[1]);
    rocksdb_close(db);
  }
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_dbpath_destroy(p);
  rocksdb_options_destroy(cf1);
  rocksdb_options_destroy(cf2);
  rocksdb_options_destroy(o);
}

int main(void) {
  char base[300];
  make_db_path(base, sizeof(base), "dbpaths");
  mkdir(base, 0755);
  db_paths_test(base);
  cf_paths_test(base);
  remove_db_path(base);
  return check_report("t_dbpaths");
}
