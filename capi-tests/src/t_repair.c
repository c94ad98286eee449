/* rocksdb_repair_db: a database whose MANIFEST is lost or corrupted is rebuilt from its
 * tables and WALs (RocksDB's Repairer): every key comes back with its newest value, deletes
 * still hide what they deleted, the old MANIFEST and the WALs go to lost/, and an open
 * database or a missing directory is refused. */
#include <rocksdb/c.h>
#include <dirent.h>
#include <sys/stat.h>

#include "check.h"

static void check_get(rocksdb_t* db, const char* k, const char* want) {
  char* err = NULL;
  size_t len = 0;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = rocksdb_get(db, ro, k, strlen(k), &len, &err);
  CHECK_NOERR(err);
  if (want == NULL) {
    CHECK(v == NULL, "%s: expected no value, got %.*s", k, (int)len, v ? v : "");
  } else {
    CHECK_VALUE(v, len, want);
  }
  free(v);
  rocksdb_readoptions_destroy(ro);
}

/* Removes (or, with corrupt, scrambles) the MANIFEST files; with lose_current also CURRENT. */
static int damage_manifests(const char* path, int corrupt, int lose_current, char* name_out, size_t cap) {
  DIR* d = opendir(path);
  struct dirent* e;
  int n = 0;
  char file[600];
  while (d && (e = readdir(d)) != NULL) {
    if (strncmp(e->d_name, "MANIFEST-", 9) != 0 && !(lose_current && strcmp(e->d_name, "CURRENT") == 0)) continue;
    snprintf(file, sizeof(file), "%s/%s", path, e->d_name);
    if (strncmp(e->d_name, "MANIFEST-", 9) == 0) {
      snprintf(name_out, cap, "%s", e->d_name);
      n++;
    }
    if (corrupt && strncmp(e->d_name, "MANIFEST-", 9) == 0) {
      FILE* f = fopen(file, "r+b");
      if (f) {
        fseek(f, 10, SEEK_SET);
        fwrite("garbage-garbage-garbage", 1, 23, f);
        fclose(f);
      }
    } else {
      remove(file);
    }
  }
  if (d) closedir(d);
  return n;
}

static int file_exists(const char* dir, const char* name) {
  char p[600];
  struct stat st;
  snprintf(p, sizeof(p), "%s/%s", dir, name);
  return stat(p, &st) == 0;
}

static int count_suffix(const char* dir, const char* suffix) {
  DIR* d = opendir(dir);
  struct dirent* e;
  int n = 0;
  size_t sl = strlen(suffix);
  while (d && (e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l > sl && strcmp(e->d_name + l - sl, suffix) == 0) n++;
  }
  if (d) closedir(d);
  return n;
}

static void fill(const char* path, rocksdb_options_t* o) {
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_put(db, wo, "a", 1, "1", 1, &err);
  rocksdb_put(db, wo, "b", 1, "2", 1, &err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_delete(db, wo, "a", 1, &err);
  rocksdb_put(db, wo, "c", 1, "3", 1, &err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  /* These two stay in the WAL only. */
  rocksdb_put(db, wo, "d", 1, "4", 1, &err);
  rocksdb_put(db, wo, "b", 1, "22", 2, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_close(db);
}

static void check_repaired(const char* path, rocksdb_options_t* o, const char* b) {
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db == NULL) return;
  check_get(db, "a", NULL);
  check_get(db, "b", b);
  check_get(db, "c", "3");
  check_get(db, "d", "4");
  /* New writes take sequence numbers above everything recovered. */
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "b", 1, "222", 3, &err);
  CHECK_NOERR(err);
  check_get(db, "b", "222");
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
}

int main(void) {
  char path[256], lost[300], manifest[256];
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_t* plain = rocksdb_options_create();

  /* A lost MANIFEST (and CURRENT). */
  make_db_path(path, sizeof(path), "repair-lost");
  fill(path, o);
  CHECK(damage_manifests(path, 0, 1, manifest, sizeof(manifest)) >= 1, "a MANIFEST to lose");
  rocksdb_t* db = rocksdb_open(plain, path, &err);
  CHECK(db == NULL && err != NULL, "without CURRENT the database does not open");
  free(err);
  err = NULL;
  rocksdb_repair_db(plain, path, &err);
  CHECK_NOERR(err);
  snprintf(lost, sizeof(lost), "%s/lost", path);
  CHECK(count_suffix(lost, ".log") >= 1, "the WAL is archived in lost/");
  CHECK(count_suffix(path, ".log") <= 1, "and replayed into tables");
  check_repaired(path, plain, "22");
  remove_db_path(path);

  /* A corrupted MANIFEST. */
  make_db_path(path, sizeof(path), "repair-corrupt");
  fill(path, o);
  CHECK(damage_manifests(path, 1, 0, manifest, sizeof(manifest)) == 1, "one MANIFEST to corrupt");
  db = rocksdb_open(plain, path, &err);
  CHECK(db == NULL && err != NULL, "the corrupted MANIFEST does not open");
  free(err);
  err = NULL;
  rocksdb_repair_db(plain, path, &err);
  CHECK_NOERR(err);
  snprintf(lost, sizeof(lost), "%s/lost", path);
  CHECK(file_exists(lost, manifest), "the old %s is in lost/", manifest);
  check_repaired(path, plain, "22");

  /* An intact database repairs to the same contents (what RocksDB's c_test does). */
  rocksdb_repair_db(plain, path, &err);
  CHECK_NOERR(err);
  check_repaired(path, plain, "222");

  /* Bad input: an open database (its LOCK is held), NULL options. */
  db = rocksdb_open(plain, path, &err);
  CHECK_NOERR(err);
  rocksdb_repair_db(plain, path, &err);
  CHECK_ERR_PREFIX(err, "IO error: lock");
  rocksdb_close(db);
  remove_db_path(path);
  if (getenv("CAPI_TESTS_REFERENCE") == NULL) { /* RocksDB itself crashes on NULL options */
    rocksdb_repair_db(NULL, path, &err);
    CHECK_ERR_PREFIX(err, "Invalid argument");
  }
  /* A directory that does not exist: RocksDB creates it (for its LOG) and repairs it into
   * an empty database. */
  rocksdb_repair_db(plain, path, &err);
  CHECK_NOERR(err);
  db = rocksdb_open(plain, path, &err);
  CHECK_NOERR(err);
  if (db) {
    check_get(db, "a", NULL);
    rocksdb_close(db);
  }
  remove_db_path(path);

  rocksdb_options_destroy(o);
  rocksdb_options_destroy(plain);
  return check_report("t_repair");
}
