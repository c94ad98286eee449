/* Backups that move between engines (issue 16), over rocksdb/c.h. Compiled without change
 * against Debian's header and librocksdb 7.8.3 (or the release 11.8.1), and against
 * ferrock's header and library.
 *
 *   backup_compat create DB BACKUPS      new DB: round 0 flushed, round 1 left in the WAL,
 *                                        backup 1 (no flush); round 2 flushed, backup 2
 *                                        (flush_before_backup, app metadata "second" when
 *                                        built with -DBACKUP_METADATA)
 *   backup_compat extend DB BACKUPS R    opens DB (a restored copy), checks it holds round
 *                                        R-1, writes round R, backs it up into the existing
 *                                        BACKUPS (backup R, metadata "round-R")
 *   backup_compat restore BACKUPS ID T   checks the backup list (ids 1..ID present, metadata),
 *                                        verifies backup ID, restores it into T and checks
 *                                        that T holds exactly round ID
 *
 * Two column families: "default" and "extra". Round r writes, in both, keys k<i> for i in
 * [start(r), end(r)) with value v<r>-<i>; round 2 also deletes k0000..k0099 of "default".
 * Prints one line per problem (at most 20) and exits 1 on any. */
#include <rocksdb/c.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int problems = 0;

static void fail(const char *what, const char *detail) {
  if (problems++ < 20) fprintf(stderr, "problem: %s: %s\n", what, detail ? detail : "");
}

static void check_err(char *err, const char *what) {
  if (err) {
    fprintf(stderr, "%s: %s\n", what, err);
    exit(1);
  }
}

static const int kStart[] = {0, 0, 500, 1000, 1500, 2000};
static const int kEnd[] = {1000, 500, 1500, 2000, 2500, 3000};
#define MAX_ROUND 5
#define NKEYS 3000

/* The value key i holds after rounds 0..last in column family cf (0 default, 1 extra), or
 * -1 when it is absent. */
static int expected_round(int cf, int i, int last) {
  int r, got = -1;
  for (r = 0; r <= last; r++) {
    if (i >= kStart[r] && i < kEnd[r]) got = r;
    if (r == 2 && cf == 0 && i < 100) got = -1;
  }
  return got;
}

static rocksdb_t *open_db(const char *path, rocksdb_column_family_handle_t **cfs, int create) {
  rocksdb_options_t *o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, create);
  rocksdb_options_set_create_missing_column_families(o, create);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  const char *names[2] = {"default", "extra"};
  const rocksdb_options_t *cf_opts[2] = {o, o};
  char *err = NULL;
  rocksdb_t *db = rocksdb_open_column_families(o, path, 2, names, cf_opts, cfs, &err);
  check_err(err, "open");
  rocksdb_options_destroy(o);
  return db;
}

static void write_round(rocksdb_t *db, rocksdb_column_family_handle_t **cfs, int r) {
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  char key[32], val[32], *err = NULL;
  int cf, i;
  for (cf = 0; cf < 2; cf++) {
    for (i = kStart[r]; i < kEnd[r]; i++) {
      snprintf(key, sizeof key, "k%04d", i);
      snprintf(val, sizeof val, "v%d-%04d", r, i);
      rocksdb_put_cf(db, wo, cfs[cf], key, strlen(key), val, strlen(val), &err);
      check_err(err, "put");
    }
  }
  if (r == 2) {
    for (i = 0; i < 100; i++) {
      snprintf(key, sizeof key, "k%04d", i);
      rocksdb_delete_cf(db, wo, cfs[0], key, strlen(key), &err);
      check_err(err, "delete");
    }
  }
  rocksdb_writeoptions_destroy(wo);
}

static void flush_all(rocksdb_t *db, rocksdb_column_family_handle_t **cfs) {
  rocksdb_flushoptions_t *fo = rocksdb_flushoptions_create();
  char *err = NULL;
  rocksdb_flush_cf(db, fo, cfs[0], &err);
  check_err(err, "flush");
  rocksdb_flush_cf(db, fo, cfs[1], &err);
  check_err(err, "flush");
  rocksdb_flushoptions_destroy(fo);
}

static void verify_round(rocksdb_t *db, rocksdb_column_family_handle_t **cfs, int last) {
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();
  char key[32], want[32], detail[128], *err = NULL;
  int cf, i;
  for (cf = 0; cf < 2; cf++) {
    for (i = 0; i < NKEYS; i++) {
      size_t len = 0;
      int r = expected_round(cf, i, last);
      snprintf(key, sizeof key, "k%04d", i);
      char *v = rocksdb_get_cf(db, ro, cfs[cf], key, strlen(key), &len, &err);
      check_err(err, "get");
      if (r < 0) {
        if (v) {
          snprintf(detail, sizeof detail, "cf %d %s present (%.*s), expected absent", cf, key, (int)len, v);
          fail("round", detail);
        }
      } else {
        snprintf(want, sizeof want, "v%d-%04d", r, i);
        if (!v || len != strlen(want) || memcmp(v, want, len) != 0) {
          snprintf(detail, sizeof detail, "cf %d %s = %.*s, expected %s", cf, key, v ? (int)len : 6, v ? v : "(none)", want);
          fail("round", detail);
        }
      }
      free(v);
    }
  }
  rocksdb_readoptions_destroy(ro);
}

static rocksdb_backup_engine_t *open_backups(const char *dir) {
  rocksdb_options_t *o = rocksdb_options_create();
  char *err = NULL;
  rocksdb_backup_engine_t *be = rocksdb_backup_engine_open(o, dir, &err);
  check_err(err, "backup engine open");
  rocksdb_options_destroy(o);
  return be;
}

/* App metadata needs 11.8.1's c.h (create_new_backup_with_metadata): built with
 * -DBACKUP_METADATA for the release leg; RocksDB 7.8.3's c.h has create_new_backup_flush. */
static void backup(rocksdb_backup_engine_t *be, rocksdb_t *db, int flush, const char *meta, uint32_t want_id) {
  char *err = NULL, detail[64];
#ifdef BACKUP_METADATA
  rocksdb_create_backup_options_t *co = rocksdb_create_backup_options_create();
  rocksdb_create_backup_options_set_flush_before_backup(co, (unsigned char)flush);
  uint32_t id = 0;
  rocksdb_backup_engine_create_new_backup_with_metadata(be, db, co, meta, strlen(meta), &id, &err);
  check_err(err, "create backup");
  rocksdb_create_backup_options_destroy(co);
#else
  (void)meta;
  rocksdb_backup_engine_create_new_backup_flush(be, db, (unsigned char)flush, &err);
  check_err(err, "create backup");
  const rocksdb_backup_engine_info_t *info = rocksdb_backup_engine_get_backup_info(be);
  int n = rocksdb_backup_engine_info_count(info);
  uint32_t id = n > 0 ? rocksdb_backup_engine_info_backup_id(info, n - 1) : 0;
  rocksdb_backup_engine_info_destroy(info);
#endif
  if (id != want_id) {
    snprintf(detail, sizeof detail, "got backup id %u, expected %u", id, want_id);
    fail("backup", detail);
  }
}

static void close_db(rocksdb_t *db, rocksdb_column_family_handle_t **cfs) {
  rocksdb_column_family_handle_destroy(cfs[0]);
  rocksdb_column_family_handle_destroy(cfs[1]);
  rocksdb_close(db);
}

int main(int argc, char **argv) {
  rocksdb_column_family_handle_t *cfs[2];
  if (argc == 4 && strcmp(argv[1], "create") == 0) {
    rocksdb_t *db = open_db(argv[2], cfs, 1);
    rocksdb_backup_engine_t *be = open_backups(argv[3]);
    write_round(db, cfs, 0);
    flush_all(db, cfs);
    write_round(db, cfs, 1);
    backup(be, db, 0, "first", 1);
    write_round(db, cfs, 2);
    backup(be, db, 1, "second", 2);
    rocksdb_backup_engine_close(be);
    close_db(db, cfs);
  } else if (argc == 5 && strcmp(argv[1], "extend") == 0) {
    int r = atoi(argv[4]);
    char meta[32];
    if (r < 1 || r > MAX_ROUND) return 2;
    rocksdb_t *db = open_db(argv[2], cfs, 0);
    verify_round(db, cfs, r - 1);
    write_round(db, cfs, r);
    if (r % 2) flush_all(db, cfs);
    rocksdb_backup_engine_t *be = open_backups(argv[3]);
    snprintf(meta, sizeof meta, "round-%d", r);
    backup(be, db, 0, meta, (uint32_t)r);
    rocksdb_backup_engine_close(be);
    close_db(db, cfs);
  } else if (argc == 5 && strcmp(argv[1], "restore") == 0) {
    int id = atoi(argv[3]), i;
    char *err = NULL, detail[128];
    rocksdb_backup_engine_t *be = open_backups(argv[2]);
    const rocksdb_backup_engine_info_t *info = rocksdb_backup_engine_get_backup_info(be);
    if (rocksdb_backup_engine_info_count(info) < id) {
      snprintf(detail, sizeof detail, "%d backups listed, expected at least %d", rocksdb_backup_engine_info_count(info), id);
      fail("backup info", detail);
    }
    for (i = 0; i < rocksdb_backup_engine_info_count(info); i++) {
      uint32_t bid = rocksdb_backup_engine_info_backup_id(info, i);
      if (bid != (uint32_t)(i + 1)) {
        snprintf(detail, sizeof detail, "entry %d: id %u, expected %d", i, bid, i + 1);
        fail("backup info", detail);
      }
#ifdef BACKUP_METADATA
      size_t len = 0;
      const char *m = rocksdb_backup_engine_info_app_metadata(info, i, &len);
      char want[32];
      snprintf(want, sizeof want, "%s", bid == 1 ? "first" : bid == 2 ? "second" : "");
      if (bid > 2) snprintf(want, sizeof want, "round-%u", bid);
      if (len != strlen(want) || memcmp(m, want, len) != 0) {
        snprintf(detail, sizeof detail, "backup %u: metadata %.*s, expected %s", bid, (int)len, m, want);
        fail("backup info", detail);
      }
#endif
      if (rocksdb_backup_engine_info_number_files(info, i) < 4 || rocksdb_backup_engine_info_size(info, i) == 0 ||
          rocksdb_backup_engine_info_timestamp(info, i) < 1600000000) {
        snprintf(detail, sizeof detail, "backup %u: %u files, %llu bytes", bid, rocksdb_backup_engine_info_number_files(info, i),
                 (unsigned long long)rocksdb_backup_engine_info_size(info, i));
        fail("backup info", detail);
      }
    }
    rocksdb_backup_engine_info_destroy(info);
    rocksdb_backup_engine_verify_backup(be, (uint32_t)id, &err);
    check_err(err, "verify backup");
    rocksdb_restore_options_t *ro = rocksdb_restore_options_create();
    rocksdb_backup_engine_restore_db_from_backup(be, argv[4], argv[4], ro, (uint32_t)id, &err);
    check_err(err, "restore");
    rocksdb_restore_options_destroy(ro);
    rocksdb_backup_engine_close(be);
    rocksdb_t *db = open_db(argv[4], cfs, 0);
    verify_round(db, cfs, id);
    close_db(db, cfs);
  } else {
    fprintf(stderr, "usage: backup_compat create DB BACKUPS | extend DB BACKUPS ROUND | restore BACKUPS ID TARGET\n");
    return 2;
  }
  if (problems) fprintf(stderr, "%d problems\n", problems);
  return problems ? 1 : 0;
}
