/* Backups, checkpoints and column family export/import through c.h: what RocksDB's c_test
 * phases backup_and_restore, backup_create_options, checkpoint, checkpoint_db_id_in_manifest,
 * checkpoint_export_column_family, import_column_family_options, backup_engine_option and
 * restore_options check, and the bad input of issue 16. */
#include <rocksdb/c.h>

#include "check.h"

static int progress_calls = 0;
static void on_progress(void* state) {
  (void)state;
  progress_calls++;
}

static int exclude_calls = 0;
static unsigned char on_exclude(void* state, const char* file, size_t len) {
  (void)state;
  exclude_calls++;
  return len > 16 && strncmp(file, "shared_checksum/", 16) == 0 ? 0 : 1;
}

static char* get(rocksdb_t* db, const char* key, size_t* len) {
  char* err = NULL;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = rocksdb_get(db, ro, key, strlen(key), len, &err);
  CHECK_NOERR(err);
  rocksdb_readoptions_destroy(ro);
  return v;
}

static void check_get(rocksdb_t* db, const char* key, const char* want) {
  size_t len = 0;
  char* v = get(db, key, &len);
  if (want) {
    CHECK_VALUE(v, len, want);
  } else {
    CHECK(v == NULL, "%s should be absent", key);
  }
  free(v);
}

static char* identity(rocksdb_t* db) {
  size_t len = 0;
  char* id = rocksdb_get_db_identity(db, &len);
  CHECK(len == 36, "identity length %zu", len);
  char* s = malloc(len + 1);
  memcpy(s, id, len);
  s[len] = 0;
  free(id);
  return s;
}

static void backup_and_restore(void) {
  char dbname[300], backups[300], *err = NULL;
  make_db_path(dbname, sizeof dbname, "backup-db");
  make_db_path(backups, sizeof backups, "backup-dir");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_write_dbid_to_manifest(o, 0);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "foo", 3, "hello", 5, &err);
  CHECK_NOERR(err);

  rocksdb_backup_engine_t* be = rocksdb_backup_engine_open(o, backups, &err);
  CHECK_NOERR(err);
  rocksdb_backup_engine_create_new_backup(be, db, &err);
  CHECK_NOERR(err);
  rocksdb_delete(db, wo, "does-not-exist", 14, &err);
  CHECK_NOERR(err);
  rocksdb_backup_engine_create_new_backup(be, db, &err);
  CHECK_NOERR(err);
  const rocksdb_backup_engine_info_t* bei = rocksdb_backup_engine_get_backup_info(be);
  CHECK(rocksdb_backup_engine_info_count(bei) == 2, "count %d", rocksdb_backup_engine_info_count(bei));
  CHECK(rocksdb_backup_engine_info_backup_id(bei, 1) == 2, "second id");
  rocksdb_backup_engine_info_destroy(bei);
  rocksdb_backup_engine_verify_backup(be, 1, &err);
  CHECK_NOERR(err);
  rocksdb_backup_engine_verify_backup(be, 9, &err);
  CHECK_ERR_PREFIX(err, "NotFound");
  rocksdb_backup_engine_purge_old_backups(be, 1, &err);
  CHECK_NOERR(err);
  bei = rocksdb_backup_engine_get_backup_info(be);
  CHECK(rocksdb_backup_engine_info_count(bei) == 1, "after purge: %d", rocksdb_backup_engine_info_count(bei));
  rocksdb_backup_engine_info_destroy(bei);

  rocksdb_delete(db, wo, "foo", 3, &err);
  CHECK_NOERR(err);
  char* before = identity(db);
  /* The database is open: restoring over it is refused, and it is left alone. */
  rocksdb_restore_options_t* ro = rocksdb_restore_options_create();
  rocksdb_backup_engine_restore_db_from_latest_backup(be, dbname, dbname, ro, &err);
  CHECK_ERR_PREFIX(err, "IO error: ");
  check_get(db, "foo", NULL);
  rocksdb_close(db);
  rocksdb_destroy_db(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_restore_options_set_keep_log_files(ro, 0);
  rocksdb_backup_engine_restore_db_from_backup(be, dbname, dbname, ro, 1, &err);
  CHECK_ERR_PREFIX(err, "NotFound: Backup not found");
  rocksdb_backup_engine_restore_db_from_latest_backup(be, dbname, dbname, ro, &err);
  CHECK_NOERR(err);
  rocksdb_restore_options_destroy(ro);
  db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  check_get(db, "foo", "hello");
  char* after = identity(db);
  CHECK(strcmp(before, after) != 0, "a restored database is a new one (no DB id in the MANIFEST)");
  free(before);
  free(after);

  rocksdb_backup_engine_stop_backup(be);
  rocksdb_backup_engine_create_new_backup(be, db, &err);
  CHECK_ERR_PREFIX(err, "Result incomplete: Backup stopped");
  rocksdb_backup_engine_close(be);
  rocksdb_close(db);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(dbname);
  remove_db_path(backups);
}

static void backup_create_options(void) {
  char dbname[300], backups[300], *err = NULL;
  make_db_path(dbname, sizeof dbname, "backupopt-db");
  make_db_path(backups, sizeof backups, "backupopt-dir");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "backup-key", 10, "backup-value", 12, &err);
  CHECK_NOERR(err);

  rocksdb_backup_engine_options_t* beo = rocksdb_backup_engine_options_create(backups);
  rocksdb_backup_engine_options_set_destroy_old_data(beo, 1);
  rocksdb_backup_engine_options_set_callback_trigger_interval_size(beo, 1);
  rocksdb_backup_engine_options_set_schema_version(beo, 2);
  rocksdb_env_t* env = rocksdb_create_default_env();
  rocksdb_backup_engine_t* be = rocksdb_backup_engine_open_opts(beo, env, &err);
  CHECK_NOERR(err);
  rocksdb_backup_engine_options_destroy(beo);

  rocksdb_create_backup_options_t* cbo = rocksdb_create_backup_options_create();
  rocksdb_create_backup_options_set_flush_before_backup(cbo, 1);
  CHECK(rocksdb_create_backup_options_get_flush_before_backup(cbo) == 1, "flush_before_backup");
  rocksdb_create_backup_options_set_atomic_flush(cbo, 1);
  CHECK(rocksdb_create_backup_options_get_atomic_flush(cbo) == 1, "atomic_flush");
  rocksdb_create_backup_options_set_atomic_flush(cbo, 0);
  rocksdb_create_backup_options_set_background_thread_cpu_priority(cbo, 1);
  CHECK(rocksdb_create_backup_options_get_background_thread_cpu_priority(cbo) == 1, "priority");
  rocksdb_create_backup_options_set_progress_callback(cbo, NULL, on_progress);
  rocksdb_create_backup_options_set_exclude_files_callback(cbo, NULL, on_exclude);
  uint32_t id = 0;
  rocksdb_backup_engine_create_new_backup_with_options(be, db, cbo, &id, &err);
  CHECK_NOERR(err);
  CHECK(id == 1, "id %u", id);
  CHECK(progress_calls > 100, "one progress call per byte copied: %d", progress_calls);
  CHECK(exclude_calls == 1, "the one table was offered for exclusion: %d", exclude_calls);
  rocksdb_create_backup_options_set_exclude_files_callback(cbo, NULL, NULL);

  rocksdb_put(db, wo, "backup-key-2", 12, "backup-value-2", 14, &err);
  CHECK_NOERR(err);
  rocksdb_backup_engine_create_new_backup_with_metadata(be, db, cbo, "meta-1", 6, &id, &err);
  CHECK_NOERR(err);
  CHECK(id == 2, "id %u", id);
  const rocksdb_backup_engine_info_t* bei = rocksdb_backup_engine_get_backup_info(be);
  size_t len = 0;
  const char* meta = rocksdb_backup_engine_info_app_metadata(bei, rocksdb_backup_engine_info_count(bei) - 1, &len);
  CHECK_VALUE(meta, len, "meta-1");
  CHECK(rocksdb_backup_engine_info_size(bei, 1) > rocksdb_backup_engine_info_size(bei, 0), "sizes");
  rocksdb_backup_engine_info_destroy(bei);
  rocksdb_create_backup_options_destroy(cbo);
  rocksdb_backup_engine_close(be);

  /* destroy_old_data empties the backup directory at open. */
  beo = rocksdb_backup_engine_options_create(backups);
  rocksdb_backup_engine_options_set_destroy_old_data(beo, 1);
  be = rocksdb_backup_engine_open_opts(beo, env, &err);
  CHECK_NOERR(err);
  bei = rocksdb_backup_engine_get_backup_info(be);
  CHECK(rocksdb_backup_engine_info_count(bei) == 0, "destroyed");
  rocksdb_backup_engine_info_destroy(bei);
  rocksdb_backup_engine_close(be);
  rocksdb_backup_engine_options_destroy(beo);
  rocksdb_env_destroy(env);
  rocksdb_close(db);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(dbname);
  remove_db_path(backups);
}

static void checkpoints(void) {
  char dbname[300], cp[300], *err = NULL;
  make_db_path(dbname, sizeof dbname, "cp-db");
  make_db_path(cp, sizeof cp, "cp-copy");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_write_dbid_to_manifest(o, 0);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "foo", 3, "hello", 5, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_t* c = rocksdb_checkpoint_object_create(db, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_create(c, cp, 0, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_create(c, cp, 0, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Directory exists");
  rocksdb_checkpoint_object_destroy(c);
  char* before = identity(db);
  rocksdb_close(db);
  db = rocksdb_open(o, cp, &err);
  CHECK_NOERR(err);
  check_get(db, "foo", "hello");
  char* after = identity(db);
  CHECK(strcmp(before, after) != 0, "without the id in the MANIFEST a checkpoint is a new database");
  free(before);
  free(after);
  rocksdb_close(db);
  rocksdb_destroy_db(o, cp, &err);
  CHECK_NOERR(err);
  rocksdb_destroy_db(o, dbname, &err);
  CHECK_NOERR(err);

  /* write_dbid_to_manifest: the id is the same in the checkpoint. */
  rocksdb_options_set_write_dbid_to_manifest(o, 1);
  CHECK(rocksdb_options_get_write_dbid_to_manifest(o) == 1, "write_dbid_to_manifest");
  rocksdb_options_set_write_identity_file(o, 0);
  CHECK(rocksdb_options_get_write_identity_file(o) == 0, "write_identity_file");
  db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  c = rocksdb_checkpoint_object_create(db, &err);
  CHECK_NOERR(err);
  /* A large log_size_for_flush: the WAL is copied instead of flushing. */
  rocksdb_put(db, wo, "in-wal", 6, "w", 1, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_create(c, cp, 1 << 30, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_object_destroy(c);
  before = identity(db);
  rocksdb_close(db);
  db = rocksdb_open(o, cp, &err);
  CHECK_NOERR(err);
  after = identity(db);
  CHECK(strcmp(before, after) == 0, "the id came with the MANIFEST: %s vs %s", before, after);
  check_get(db, "in-wal", "w");
  free(before);
  free(after);
  rocksdb_close(db);
  rocksdb_options_set_write_dbid_to_manifest(o, 0);
  db = rocksdb_open(o, cp, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: write_dbid_to_manifest and write_identity_file cannot both be false");
  remove_db_path(dbname);
  remove_db_path(cp);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
}

static void transactiondb_checkpoint(void) {
  char dbname[300], cp[300], *err = NULL;
  make_db_path(dbname, sizeof dbname, "txn-cp-db");
  make_db_path(cp, sizeof cp, "txn-cp-copy");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_transactiondb_options_t* to = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t* tdb = rocksdb_transactiondb_open(o, to, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_transactiondb_put(tdb, wo, "k", 1, "v", 1, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_t* c = rocksdb_transactiondb_checkpoint_object_create(tdb, &err);
  CHECK_NOERR(err);
  /* Two-phase commit: a checkpoint flushes whatever log_size_for_flush says. */
  rocksdb_checkpoint_create(c, cp, UINT64_MAX, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_object_destroy(c);
  rocksdb_transactiondb_close(tdb);
  rocksdb_t* db = rocksdb_open(o, cp, &err);
  CHECK_NOERR(err);
  check_get(db, "k", "v");
  rocksdb_close(db);
  remove_db_path(cp);

  rocksdb_optimistictransactiondb_t* odb = rocksdb_optimistictransactiondb_open(o, dbname, &err);
  CHECK_NOERR(err);
  c = rocksdb_optimistictransactiondb_checkpoint_object_create(odb, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_create(c, cp, 0, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_object_destroy(c);
  rocksdb_optimistictransactiondb_close(odb);
  db = rocksdb_open(o, cp, &err);
  CHECK_NOERR(err);
  check_get(db, "k", "v");
  rocksdb_close(db);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_transactiondb_options_destroy(to);
  rocksdb_options_destroy(o);
  remove_db_path(dbname);
  remove_db_path(cp);
}

static void export_import(void) {
  char dbname[300], exported[300], other[300], *err = NULL;
  make_db_path(dbname, sizeof dbname, "export-db");
  make_db_path(exported, sizeof exported, "export-dir");
  make_db_path(other, sizeof other, "import-db");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_column_family_handle_t* cf = rocksdb_create_column_family(db, o, "cf_export", &err);
  CHECK_NOERR(err);
  rocksdb_put_cf(db, wo, cf, "k1", 2, "v1", 2, &err);
  CHECK_NOERR(err);
  rocksdb_put_cf(db, wo, cf, "k2", 2, "v2", 2, &err);
  CHECK_NOERR(err);
  rocksdb_checkpoint_t* c = rocksdb_checkpoint_object_create(db, &err);
  CHECK_NOERR(err);
  rocksdb_export_import_files_metadata_t* meta = rocksdb_checkpoint_export_column_family(c, cf, exported, &err);
  CHECK_NOERR(err);
  char* name = rocksdb_export_import_files_metadata_get_db_comparator_name(meta);
  CHECK(strcmp(name, "leveldb.BytewiseComparator") == 0, "comparator %s", name);
  rocksdb_free(name);
  rocksdb_livefiles_t* files = rocksdb_export_import_files_metadata_get_files(meta);
  CHECK(rocksdb_livefiles_count(files) == 1, "one exported table: %d", rocksdb_livefiles_count(files));
  CHECK(strcmp(rocksdb_livefiles_directory(files, 0), exported) == 0, "directory %s", rocksdb_livefiles_directory(files, 0));
  rocksdb_export_import_files_metadata_set_files(meta, files);
  rocksdb_export_import_files_metadata_t* again = rocksdb_checkpoint_export_column_family(c, cf, exported, &err);
  CHECK(again == NULL, "export into an existing directory");
  CHECK_ERR_PREFIX(err, "Invalid argument: Specified export_dir exists");
  rocksdb_checkpoint_object_destroy(c);
  rocksdb_drop_column_family(db, cf, &err);
  CHECK_NOERR(err);
  rocksdb_column_family_handle_destroy(cf);

  rocksdb_t* dst = rocksdb_open(o, other, &err);
  CHECK_NOERR(err);
  rocksdb_import_column_family_options_t* io = rocksdb_import_column_family_options_create();
  rocksdb_import_column_family_options_set_move_files(io, 1);
  CHECK(rocksdb_import_column_family_options_get_move_files(io) == 1, "move_files");
  rocksdb_import_column_family_options_set_move_files(io, 0);
  rocksdb_column_family_handle_t* imported = rocksdb_create_column_family_with_import(dst, o, "cf_import", io, meta, &err);
  CHECK_NOERR(err);
  size_t len = 0;
  char* v = rocksdb_get_cf(dst, ro, imported, "k2", 2, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "v2");
  free(v);
  rocksdb_export_import_files_metadata_set_db_comparator_name(meta, "rocksdb.ReverseBytewiseComparator");
  rocksdb_column_family_handle_t* bad = rocksdb_create_column_family_with_import(dst, o, "bad", io, meta, &err);
  CHECK(bad == NULL, "comparator mismatch");
  CHECK_ERR_PREFIX(err, "Invalid argument: Comparator name mismatch");
  rocksdb_import_column_family_options_destroy(io);
  rocksdb_export_import_files_metadata_destroy(meta);
  rocksdb_column_family_handle_destroy(imported);
  rocksdb_close(dst);
  rocksdb_close(db);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(dbname);
  remove_db_path(exported);
  remove_db_path(other);
}

static void backup_engine_options(void) {
  char dbname[300], backups[300], target[300], *err = NULL;
  size_t len = 0;
  rocksdb_backup_engine_options_t* bdo = rocksdb_backup_engine_options_create("path");
  const char* s = rocksdb_backup_engine_options_get_backup_dir(bdo, &len);
  CHECK_VALUE(s, len, "path");
  CHECK(rocksdb_backup_engine_options_get_share_table_files(bdo) == 1, "default share_table_files");
  CHECK(rocksdb_backup_engine_options_get_sync(bdo) == 1, "default sync");
  CHECK(rocksdb_backup_engine_options_get_backup_log_files(bdo) == 1, "default backup_log_files");
  CHECK(rocksdb_backup_engine_options_get_max_background_operations(bdo) == 1, "default threads");
  CHECK(rocksdb_backup_engine_options_get_callback_trigger_interval_size(bdo) == 4 * 1024 * 1024, "default interval");
  CHECK(rocksdb_backup_engine_options_get_max_valid_backups_to_open(bdo) == 2147483647, "default max valid");
  CHECK(rocksdb_backup_engine_options_get_share_files_with_checksum_naming(bdo) == (int)(2u | (1u << 31)), "default naming");
  CHECK(rocksdb_backup_engine_options_get_schema_version(bdo) == 1, "default schema");
  rocksdb_backup_engine_options_set_backup_rate_limit(bdo, 123);
  CHECK(rocksdb_backup_engine_options_get_backup_rate_limit(bdo) == 123, "backup_rate_limit");
  rocksdb_backup_engine_options_set_restore_rate_limit(bdo, 37);
  CHECK(rocksdb_backup_engine_options_get_restore_rate_limit(bdo) == 37, "restore_rate_limit");
  rocksdb_backup_engine_options_set_io_buffer_size(bdo, 8192);
  CHECK(rocksdb_backup_engine_options_get_io_buffer_size(bdo) == 8192, "io_buffer_size");
  rocksdb_backup_engine_options_set_share_files_with_checksum(bdo, 0);
  CHECK(rocksdb_backup_engine_options_get_share_files_with_checksum(bdo) == 0, "share_files_with_checksum");
  rocksdb_backup_engine_options_set_current_temperatures_override_manifest(bdo, 1);
  CHECK(rocksdb_backup_engine_options_get_current_temperatures_override_manifest(bdo) == 1, "temperatures");
  rocksdb_backup_engine_options_set_backup_dir(bdo, "elsewhere");
  s = rocksdb_backup_engine_options_get_backup_dir(bdo, &len);
  CHECK_VALUE(s, len, "elsewhere");
  rocksdb_backup_engine_options_destroy(bdo);

  /* A rate-limited backup and restore (1 MB/s, reads and writes) of a small database. */
  make_db_path(dbname, sizeof dbname, "rate-db");
  make_db_path(backups, sizeof backups, "rate-backups");
  make_db_path(target, sizeof target, "rate-restore");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_ratelimiter_t* limiter = rocksdb_ratelimiter_create_with_mode(1024 * 1024, 100 * 1000, 10, 2, 0);
  CHECK(limiter != NULL, "limiter");
  CHECK(rocksdb_ratelimiter_create_with_mode(1024, 1000, 10, 7, 0) == NULL, "unknown mode");
  rocksdb_options_set_ratelimiter(o, limiter);
  rocksdb_t* db = rocksdb_open(o, dbname, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "k", 1, "v", 1, &err);
  CHECK_NOERR(err);
  bdo = rocksdb_backup_engine_options_create(backups);
  rocksdb_backup_engine_options_set_backup_rate_limiter(bdo, limiter);
  rocksdb_backup_engine_options_set_restore_rate_limiter(bdo, limiter);
  rocksdb_backup_engine_options_set_share_files_with_checksum_naming(bdo, 1);
  rocksdb_ratelimiter_destroy(limiter);
  rocksdb_env_t* env = rocksdb_create_default_env();
  rocksdb_backup_engine_t* be = rocksdb_backup_engine_open_opts(bdo, env, &err);
  CHECK_NOERR(err);
  rocksdb_backup_engine_options_destroy(bdo);
  rocksdb_backup_engine_create_new_backup_flush(be, db, 1, &err);
  CHECK_NOERR(err);
  rocksdb_restore_options_t* ro = rocksdb_restore_options_create();
  CHECK(rocksdb_restore_options_get_mode(ro) == 0xffff, "default mode: purge all");
  CHECK(rocksdb_restore_options_get_keep_log_files(ro) == 0, "default keep_log_files");
  rocksdb_restore_options_set_keep_log_files(ro, 1);
  CHECK(rocksdb_restore_options_get_keep_log_files(ro) == 1, "keep_log_files");
  rocksdb_restore_options_set_mode(ro, 2);
  CHECK(rocksdb_restore_options_get_mode(ro) == 2, "mode");
  rocksdb_restore_options_set_keep_log_files(ro, 0);
  rocksdb_backup_engine_restore_db_from_latest_backup(be, target, target, ro, &err);
  CHECK_NOERR(err);
  rocksdb_restore_options_destroy(ro);
  rocksdb_backup_engine_close(be);
  rocksdb_env_destroy(env);
  rocksdb_t* restored = rocksdb_open(o, target, &err);
  CHECK_NOERR(err);
  check_get(restored, "k", "v");
  rocksdb_close(restored);
  rocksdb_close(db);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(dbname);
  remove_db_path(backups);
  remove_db_path(target);
}

int main(void) {
  backup_and_restore();
  backup_create_options();
  checkpoints();
  transactiondb_checkpoint();
  export_import();
  backup_engine_options();
  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed ? 1 : 0;
}
