/* rocksdb_get_livefiles_storage_info: the options read back what was set (RocksDB's defaults
 * otherwise); the list holds every live file of the database (tables, MANIFEST, CURRENT with
 * its replacement contents, OPTIONS, WALs) with its directory, number, type and size; the
 * MANIFEST and WALs are to be copied only up to their size; the checksum function name is
 * filled only when asked; a flush happens first unless wal_size_for_flush lets the WALs be
 * copied instead, and atomic_flush flushes every column family from one cut. */
#include <rocksdb/c.h>
#include <sys/stat.h>
#include "check.h"

static char path[512];

/* RocksDB's FileType numbers. */
enum { kWal = 0, kTable = 2, kManifest = 3, kCurrent = 4, kOptions = 9 };

static int count_type(const rocksdb_livefiles_storage_info_t* info, int type) {
  int n = 0;
  for (size_t i = 0; i < rocksdb_livefiles_storage_info_count(info); i++) {
    if (rocksdb_livefiles_storage_info_file_type(info, i) == type) n++;
  }
  return n;
}

static uint64_t on_disk_size(const rocksdb_livefiles_storage_info_t* info, size_t i) {
  char full[1200];
  struct stat st;
  snprintf(full, sizeof(full), "%s/%s", rocksdb_livefiles_storage_info_directory(info, i),
           rocksdb_livefiles_storage_info_relative_filename(info, i));
  return stat(full, &st) == 0 ? (uint64_t)st.st_size : (uint64_t)-1;
}

int main(void) {
  char* err = NULL;
  make_db_path(path, sizeof(path), "livefiles");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  const char* names[2] = {"default", "two"};
  const rocksdb_options_t* cf_opts[2] = {o, o};
  rocksdb_column_family_handle_t* cfs[2];
  rocksdb_t* db = rocksdb_open_column_families(o, path, 2, names, cf_opts, cfs, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();

  /* Options: defaults, then what was set. */
  rocksdb_livefiles_storage_info_options_t* lo = rocksdb_livefiles_storage_info_options_create();
  CHECK(rocksdb_livefiles_storage_info_options_get_include_checksum_info(lo) == 0, "default checksum info");
  CHECK(rocksdb_livefiles_storage_info_options_get_wal_size_for_flush(lo) == 0, "default wal size");
  CHECK(rocksdb_livefiles_storage_info_options_get_atomic_flush(lo) == 0, "default atomic flush");
  rocksdb_livefiles_storage_info_options_set_include_checksum_info(lo, 1);
  rocksdb_livefiles_storage_info_options_set_wal_size_for_flush(lo, UINT64_MAX);
  rocksdb_livefiles_storage_info_options_set_atomic_flush(lo, 1);
  CHECK(rocksdb_livefiles_storage_info_options_get_include_checksum_info(lo) == 1, "checksum info");
  CHECK(rocksdb_livefiles_storage_info_options_get_wal_size_for_flush(lo) == UINT64_MAX, "wal size");
  CHECK(rocksdb_livefiles_storage_info_options_get_atomic_flush(lo) == 1, "atomic flush");

  /* No flush (wal_size_for_flush UINT64_MAX): the writes stay in the WAL, which is listed. */
  rocksdb_put(db, wo, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_put_cf(db, wo, cfs[1], "b", 1, "2", 1, &err);
  CHECK_NOERR(err);
  rocksdb_livefiles_storage_info_t* info = rocksdb_get_livefiles_storage_info(db, lo, &err);
  CHECK_NOERR(err);
  CHECK(info != NULL, "a result");
  CHECK(count_type(info, kTable) == 0, "no table without a flush");
  CHECK(count_type(info, kManifest) == 1 && count_type(info, kCurrent) == 1 && count_type(info, kOptions) == 1,
        "MANIFEST, CURRENT, OPTIONS");
  CHECK(count_type(info, kWal) >= 1, "the WAL");
  for (size_t i = 0; i < rocksdb_livefiles_storage_info_count(info); i++) {
    int type = rocksdb_livefiles_storage_info_file_type(info, i);
    const char* name = rocksdb_livefiles_storage_info_relative_filename(info, i);
    size_t len = 12345;
    const char* contents = rocksdb_livefiles_storage_info_replacement_contents(info, i, &len);
    CHECK(strlen(name) > 0 && name[0] != '/', "a relative name: %s", name);
    CHECK(strcmp(rocksdb_livefiles_storage_info_directory(info, i), path) == 0, "in the db directory");
    CHECK(strcmp(rocksdb_livefiles_storage_info_file_checksum_func_name(info, i), "Unknown") == 0, "func name");
    CHECK(strcmp(rocksdb_livefiles_storage_info_file_checksum(info, i), "") == 0, "no checksum");
    CHECK(rocksdb_livefiles_storage_info_temperature(info, i) == 0, "kUnknown temperature");
    if (type == kCurrent) {
      CHECK(strcmp(name, "CURRENT") == 0 && rocksdb_livefiles_storage_info_file_number(info, i) == 0, "CURRENT");
      CHECK(len > 9 && memcmp(contents, "MANIFEST-", 9) == 0 && contents[len - 1] == '\n', "CURRENT's contents");
      CHECK(rocksdb_livefiles_storage_info_size(info, i) == len, "CURRENT's size");
    } else {
      CHECK(contents != NULL && len == 0, "no replacement contents for %s", name);
      CHECK(rocksdb_livefiles_storage_info_size(info, i) <= on_disk_size(info, i), "size within the file: %s", name);
    }
    CHECK(rocksdb_livefiles_storage_info_trim_to_size(info, i) == (type == kWal || type == kManifest),
          "trim_to_size for %s", name);
  }
  rocksdb_livefiles_storage_info_destroy(info);

  /* Defaults: a flush first, each family's data lands in a table, no checksum func name. */
  rocksdb_livefiles_storage_info_options_t* defaults = rocksdb_livefiles_storage_info_options_create();
  info = rocksdb_get_livefiles_storage_info(db, defaults, &err);
  CHECK_NOERR(err);
  CHECK(count_type(info, kTable) == 2, "one table per family: %d", count_type(info, kTable));
  for (size_t i = 0; i < rocksdb_livefiles_storage_info_count(info); i++) {
    CHECK(strcmp(rocksdb_livefiles_storage_info_file_checksum_func_name(info, i), "") == 0, "not asked");
    if (rocksdb_livefiles_storage_info_file_type(info, i) == kTable) {
      CHECK(rocksdb_livefiles_storage_info_size(info, i) == on_disk_size(info, i), "a table's whole size");
      CHECK(rocksdb_livefiles_storage_info_file_number(info, i) > 0, "a table's number");
    }
  }
  rocksdb_livefiles_storage_info_destroy(info);

  /* Atomic flush with a flush (wal_size_for_flush 0): both families flushed from one cut. */
  rocksdb_put(db, wo, "c", 1, "3", 1, &err);
  CHECK_NOERR(err);
  rocksdb_put_cf(db, wo, cfs[1], "d", 1, "4", 1, &err);
  CHECK_NOERR(err);
  rocksdb_livefiles_storage_info_options_set_wal_size_for_flush(lo, 0);
  info = rocksdb_get_livefiles_storage_info(db, lo, &err);
  CHECK_NOERR(err);
  CHECK(count_type(info, kTable) == 4, "two more tables: %d", count_type(info, kTable));
  /* NULL options are the defaults. */
  rocksdb_livefiles_storage_info_t* again = rocksdb_get_livefiles_storage_info(db, NULL, &err);
  CHECK_NOERR(err);
  CHECK(count_type(again, kTable) == 4, "NULL options");
  rocksdb_livefiles_storage_info_destroy(again);
  rocksdb_livefiles_storage_info_destroy(info);
  rocksdb_livefiles_storage_info_destroy(NULL);
  CHECK(rocksdb_livefiles_storage_info_count(NULL) == 0, "NULL result");

  rocksdb_livefiles_storage_info_options_destroy(defaults);
  rocksdb_livefiles_storage_info_options_destroy(lo);
  rocksdb_column_family_handle_destroy(cfs[0]);
  rocksdb_column_family_handle_destroy(cfs[1]);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_writeoptions_destroy(wo);
  remove_db_path(path);
  return check_report("t_livefiles");
}
