/* Every kind of open names, once in the info LOG, the options a caller set that ferrock accepts
 * but does not use (docs/architecture.md): the plain, read-only, TTL, secondary, transaction and
 * optimistic transaction opens, each with and without column families. The DB options set
 * advise_random_on_open and the column family "b" sets arena_block_size, both stored only. */
#include <rocksdb/c.h>

#include "check.h"

/* The text of dir/LOG (and of extra/LOG when extra is not NULL), malloc'd; NULL if none. */
static char* read_logs(const char* dir, const char* extra) {
  char* out = NULL;
  size_t len = 0;
  const char* dirs[2] = {dir, extra};
  for (int i = 0; i < 2; i++) {
    if (!dirs[i]) continue;
    char path[400];
    snprintf(path, sizeof(path), "%s/LOG", dirs[i]);
    FILE* f = fopen(path, "rb");
    if (!f) continue;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
      out = realloc(out, len + n + 1);
      memcpy(out + len, buf, n);
      len += n;
      out[len] = 0;
    }
    fclose(f);
  }
  return out;
}

/* The LOG names the DB-wide ignored option, and the family's when with_cf. */
static void check_log(const char* what, const char* dir, const char* extra, int with_cf) {
  char* log = read_logs(dir, extra);
  CHECK(log != NULL, "%s: no LOG", what);
  if (!log) return;
  const char* db_line = with_cf ? "Options accepted but not used by ferrock (DB): "
                                : "Options accepted but not used by ferrock (default): ";
  const char* at = strstr(log, db_line);
  CHECK(at != NULL, "%s: no line \"%s\"", what, db_line);
  if (at) {
    const char* eol = strchr(at, '\n');
    const char* name = strstr(at, "advise_random_on_open");
    CHECK(name != NULL && (!eol || name < eol), "%s: the DB line does not name advise_random_on_open", what);
  }
  if (with_cf) {
    const char* cf_line = strstr(log, "Options accepted but not used by ferrock (b): ");
    CHECK(cf_line != NULL, "%s: no line for column family b", what);
    if (cf_line) {
      const char* eol = strchr(cf_line, '\n');
      const char* name = strstr(cf_line, "arena_block_size");
      CHECK(name != NULL && (!eol || name < eol), "%s: the b line does not name arena_block_size", what);
    }
  }
  free(log);
}

int main(void) {
  char path[300], secondary[320];
  char* err = NULL;
  make_db_path(path, sizeof(path), "open-log");
  snprintf(secondary, sizeof(secondary), "%s-secondary", path);
  remove_db_path(secondary);

  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  rocksdb_options_set_advise_random_on_open(o, 1);
  rocksdb_options_t* b = rocksdb_options_create();
  rocksdb_options_set_arena_block_size(b, 1 << 20);
  const char* names[2] = {"default", "b"};
  const rocksdb_options_t* cf_opts[2] = {o, b};
  rocksdb_column_family_handle_t* handles[2];

  /* Creates the database with both families; the LOG is replaced at each open. */
  rocksdb_t* db = rocksdb_open_column_families(o, path, 2, names, cf_opts, handles, &err);
  CHECK_NOERR(err);
  check_log("open_column_families", path, NULL, 1);
  for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(handles[i]);
  rocksdb_close(db);

  db = rocksdb_open(o, path, &err);
  /* A database with two families opened with only default: RocksDB refuses. */
  CHECK_ERR_PREFIX(err, "Invalid argument: Column families not opened");
  if (db) rocksdb_close(db);

  db = rocksdb_open_for_read_only_column_families(o, path, 2, names, cf_opts, handles, 0, &err);
  CHECK_NOERR(err);
  if (db) {
    for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(handles[i]);
    rocksdb_close(db);
  }

  int ttls[2] = {3600, 3600};
  remove_db_path(path);
  db = rocksdb_open_with_ttl(o, path, 3600, &err);
  CHECK_NOERR(err);
  check_log("open_with_ttl", path, NULL, 0);
  rocksdb_close(db);
  db = rocksdb_open_column_families_with_ttl(o, path, 2, names, cf_opts, handles, ttls, &err);
  CHECK_NOERR(err);
  check_log("open_column_families_with_ttl", path, NULL, 1);
  for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(handles[i]);

  /* A secondary of the TTL database (still open as the primary). */
  rocksdb_options_t* so = rocksdb_options_create();
  rocksdb_options_set_max_open_files(so, -1);
  rocksdb_options_set_advise_random_on_open(so, 1);
  const rocksdb_options_t* so_cfs[2] = {so, b};
  rocksdb_t* sec = rocksdb_open_as_secondary_column_families(so, path, secondary, 2, names, so_cfs, handles, &err);
  CHECK_NOERR(err);
  if (sec) {
    check_log("open_as_secondary_column_families", secondary, path, 1);
    for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(handles[i]);
    rocksdb_close(sec);
  }
  rocksdb_close(db);

  remove_db_path(path);
  rocksdb_transactiondb_options_t* to = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t* tdb = rocksdb_transactiondb_open(o, to, path, &err);
  CHECK_NOERR(err);
  check_log("transactiondb_open", path, NULL, 0);
  rocksdb_transactiondb_close(tdb);
  tdb = rocksdb_transactiondb_open_column_families(o, to, path, 2, names, cf_opts, handles, &err);
  CHECK_NOERR(err);
  check_log("transactiondb_open_column_families", path, NULL, 1);
  for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(handles[i]);
  rocksdb_transactiondb_close(tdb);
  rocksdb_transactiondb_options_destroy(to);

  remove_db_path(path);
  rocksdb_optimistictransactiondb_t* odb = rocksdb_optimistictransactiondb_open(o, path, &err);
  CHECK_NOERR(err);
  check_log("optimistictransactiondb_open", path, NULL, 0);
  rocksdb_optimistictransactiondb_close(odb);
  odb = rocksdb_optimistictransactiondb_open_column_families(o, path, 2, names, cf_opts, handles, &err);
  CHECK_NOERR(err);
  check_log("optimistictransactiondb_open_column_families", path, NULL, 1);
  for (int i = 0; i < 2; i++) rocksdb_column_family_handle_destroy(handles[i]);
  rocksdb_optimistictransactiondb_close(odb);

  /* The checks shared by every open: a NULL name and a negative count are refused. */
  db = rocksdb_open_column_families_with_ttl(o, NULL, 2, names, cf_opts, handles, ttls, &err);
  CHECK(db == NULL, "NULL name opens nothing");
  CHECK_ERR_PREFIX(err, "Invalid argument: ");
  odb = rocksdb_optimistictransactiondb_open_column_families(o, path, -1, names, cf_opts, handles, &err);
  CHECK(odb == NULL, "a negative count opens nothing");
  CHECK_ERR_PREFIX(err, "Invalid argument: num_column_families is negative");

  rocksdb_options_destroy(so);
  rocksdb_options_destroy(b);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  remove_db_path(secondary);
  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed ? 1 : 0;
}
