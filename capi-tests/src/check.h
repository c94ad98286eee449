/* A tiny check harness for the C API tests: every CHECK counts, a failure
 * prints the file, line and message and the run goes on; main returns
 * non-zero when anything failed and prints "RESULT <passed> <failed>". */
#ifndef FERROCK_CAPI_CHECK_H
#define FERROCK_CAPI_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include <rocksdb/c.h>

static int checks_passed = 0;
static int checks_failed = 0;

#define CHECK(cond, ...)                                               \
  do {                                                                 \
    if (cond) {                                                        \
      checks_passed++;                                                 \
    } else {                                                           \
      checks_failed++;                                                 \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
      fprintf(stderr, __VA_ARGS__);                                    \
      fprintf(stderr, "\n");                                           \
    }                                                                  \
  } while (0)

/* errptr must be NULL (no error); frees and resets it either way. */
#define CHECK_NOERR(err)                                               \
  do {                                                                 \
    CHECK((err) == NULL, "unexpected error: %s", (err));               \
    if (err) { free(err); (err) = NULL; }                              \
  } while (0)

/* errptr must hold a message starting with prefix; frees and resets it. */
#define CHECK_ERR_PREFIX(err, prefix)                                  \
  do {                                                                 \
    CHECK((err) != NULL && strncmp((err), (prefix), strlen(prefix)) == 0, \
          "expected an error starting with \"%s\", got %s", (prefix),  \
          (err) ? (err) : "no error");                                 \
    if (err) { free(err); (err) = NULL; }                              \
  } while (0)

/* A value of length len equal to the C string want. */
#define CHECK_VALUE(val, len, want)                                    \
  CHECK((val) != NULL && (len) == strlen(want) && memcmp((val), (want), (len)) == 0, \
        "expected \"%s\", got \"%.*s\" (len %zu)", (want), (int)((val) ? (len) : 4), \
        (val) ? (val) : "NULL", (size_t)(len))

/* A fresh empty directory path under $TMPDIR for one database. */
static inline void make_db_path(char* buf, size_t cap, const char* name) {
  const char* tmp = getenv("TMPDIR");
  char cmd[600];
  snprintf(buf, cap, "%s/ferrock-capi-%s-%d", tmp ? tmp : "/tmp", name, (int)getpid());
  snprintf(cmd, sizeof(cmd), "rm -rf '%s'", buf);
  if (system(cmd) != 0) fprintf(stderr, "could not clear %s\n", buf);
}

/* Table files at `level` (-1 when the property has no answer). A string-only property:
 * rocksdb_property_int has no answer for it (RocksDB's GetIntProperty), so it is read as text. */
static inline int files_at_level(rocksdb_t* db, int level) {
  char name[64];
  snprintf(name, sizeof name, "rocksdb.num-files-at-level%d", level);
  char* v = rocksdb_property_value(db, name);
  if (v == NULL) return -1;
  int n = atoi(v);
  rocksdb_free(v);
  return n;
}

/* Files in dir whose names end in suffix (-1: no such directory). */
static inline int count_files_ending(const char* dir, const char* suffix) {
  DIR* d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent* e;
  size_t sl = strlen(suffix);
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (l > sl && strcmp(e->d_name + l - sl, suffix) == 0) n++;
  }
  closedir(d);
  return n;
}

static inline void remove_db_path(const char* path) {
  char cmd[600];
  snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
  if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", path);
}

static inline int check_report(const char* program) {
  printf("RESULT %d %d %s\n", checks_passed, checks_failed, program);
  return checks_failed == 0 ? 0 : 1;
}

#endif
