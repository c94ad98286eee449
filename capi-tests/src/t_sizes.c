/* Approximate sizes of key ranges: rocksdb_approximate_sizes (table files only),
 * _cf_with_flags and _with_options (memtables, files, blob files), the size approximation
 * options' defaults and accessors, and RocksDB's refusal when nothing is included. */
#include <rocksdb/c.h>

#include "check.h"

static const char* starts[2] = {"a", "k00000000000000010000"};
static const size_t start_lens[2] = {1, 21};
static const char* limits[2] = {"k00000000000000010000", "z"};
static const size_t limit_lens[2] = {21, 1};

int main(void) {
  char path[256];
  char* err = NULL;
  make_db_path(path, sizeof(path), "sizes");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  char k[64], v[64];
  for (int i = 0; i < 20000; i++) {
    snprintf(k, sizeof(k), "k%020d", i);
    snprintf(v, sizeof(v), "v%020d", i);
    rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
    CHECK_NOERR(err);
  }
  rocksdb_column_family_handle_t* cf = rocksdb_get_default_column_family_handle(db);

  /* Defaults: files only, no error margin. */
  rocksdb_size_approximation_options_t* so = rocksdb_size_approximation_options_create();
  CHECK(rocksdb_size_approximation_options_get_include_memtables(so) == 0, "memtables off by default");
  CHECK(rocksdb_size_approximation_options_get_include_files(so) == 1, "files on by default");
  CHECK(rocksdb_size_approximation_options_get_include_blob_files(so) == 0, "blob files off by default");
  CHECK(rocksdb_size_approximation_options_get_files_size_error_margin(so) == -1.0, "no error margin by default");

  /* Everything written so far is in the memtables: files alone count nothing. */
  uint64_t sizes[2] = {99, 99};
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  char* files = rocksdb_property_value(db, "rocksdb.num-files-at-level0");
  int in_memtables_only = files != NULL && strcmp(files, "0") == 0;
  free(files);
  if (in_memtables_only) {
    rocksdb_approximate_sizes_with_options(db, so, 2, starts, start_lens, limits, limit_lens, sizes, &err);
    CHECK_NOERR(err);
    CHECK(sizes[0] == 0 && sizes[1] == 0, "no table files yet: %llu %llu", (unsigned long long)sizes[0],
          (unsigned long long)sizes[1]);
  }
  rocksdb_size_approximation_options_set_include_memtables(so, 1);
  CHECK(rocksdb_size_approximation_options_get_include_memtables(so) == 1, "memtables set");
  rocksdb_approximate_sizes_with_options(db, so, 2, starts, start_lens, limits, limit_lens, sizes, &err);
  CHECK_NOERR(err);
  CHECK(sizes[0] > 0 && sizes[1] > 0, "memtables counted: %llu %llu", (unsigned long long)sizes[0],
        (unsigned long long)sizes[1]);
  rocksdb_approximate_sizes_cf_with_flags(db, cf, 2, starts, start_lens, limits, limit_lens,
                                          rocksdb_size_approximation_flags_include_memtable, sizes, &err);
  CHECK_NOERR(err);
  CHECK(sizes[0] > 0 && sizes[1] > 0, "the memtable flag counts them too");

  /* After a flush the table files hold the ranges. */
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_size_approximation_options_set_include_memtables(so, 0);
  rocksdb_size_approximation_options_set_include_blob_files(so, 1);
  CHECK(rocksdb_size_approximation_options_get_include_blob_files(so) == 1, "blob files set");
  rocksdb_size_approximation_options_set_files_size_error_margin(so, 0.25);
  CHECK(rocksdb_size_approximation_options_get_files_size_error_margin(so) == 0.25, "margin set");
  rocksdb_approximate_sizes_cf_with_options(db, cf, so, 2, starts, start_lens, limits, limit_lens, sizes, &err);
  CHECK_NOERR(err);
  CHECK(sizes[0] > 0 && sizes[1] > 0, "files counted after the flush");
  uint64_t plain[2] = {0, 0};
  rocksdb_approximate_sizes(db, 2, starts, start_lens, limits, limit_lens, plain, &err);
  CHECK_NOERR(err);
  CHECK(plain[0] > 0 && plain[1] > 0, "the plain form counts files");
  rocksdb_approximate_sizes_with_options(db, NULL, 2, starts, start_lens, limits, limit_lens, sizes, &err);
  CHECK_NOERR(err);
  CHECK(sizes[0] == plain[0] && sizes[1] == plain[1], "NULL options are the defaults (files only)");

  /* Nothing included is RocksDB's InvalidArgument. */
  rocksdb_size_approximation_options_set_include_files(so, 0);
  rocksdb_size_approximation_options_set_include_blob_files(so, 0);
  rocksdb_approximate_sizes_with_options(db, so, 2, starts, start_lens, limits, limit_lens, sizes, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Invalid options");
  rocksdb_approximate_sizes_cf_with_flags(db, cf, 2, starts, start_lens, limits, limit_lens,
                                          rocksdb_size_approximation_flags_none, sizes, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Invalid options");

  rocksdb_size_approximation_options_destroy(so);
  rocksdb_column_family_handle_destroy(cf);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_sizes");
}
