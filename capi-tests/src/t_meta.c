/* Table-file metadata through c.h: rocksdb_livefiles (and the livefile builder),
 * rocksdb_get_column_family_metadata* with levels, files and the level/range options. */
#include <rocksdb/c.h>
#include <sys/stat.h>

#include "check.h"

static void put(rocksdb_t* db, rocksdb_writeoptions_t* wo, const char* k) {
  char* err = NULL;
  rocksdb_put(db, wo, k, strlen(k), "v", 1, &err);
  CHECK_NOERR(err);
}

static void flush(rocksdb_t* db) {
  char* err = NULL;
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_destroy(fo);
}

int main(void) {
  char path[512];
  char* err = NULL;
  size_t len = 0;
  make_db_path(path, sizeof(path), "meta");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  /* Two level-0 tables: [a, c] and [m, p] (one deletion). */
  put(db, wo, "a");
  put(db, wo, "c");
  flush(db);
  put(db, wo, "m");
  rocksdb_delete(db, wo, "n", 1, &err);
  CHECK_NOERR(err);
  put(db, wo, "p");
  flush(db);

  const rocksdb_livefiles_t* lf = rocksdb_livefiles(db);
  CHECK(lf != NULL, "livefiles");
  CHECK(rocksdb_livefiles_count(lf) == 2, "two live files, got %d", rocksdb_livefiles_count(lf));
  int saw_deletion = 0;
  for (int i = 0; i < rocksdb_livefiles_count(lf); i++) {
    const char* name = rocksdb_livefiles_name(lf, i);
    CHECK(name && name[0] == '/' && strstr(name, ".sst"), "name %s", name ? name : "NULL");
    CHECK(strcmp(rocksdb_livefiles_column_family_name(lf, i), "default") == 0, "cf name");
    CHECK(strcmp(rocksdb_livefiles_directory(lf, i), path) == 0, "directory");
    CHECK(rocksdb_livefiles_level(lf, i) == 0, "level 0");
    char file[700];
    snprintf(file, sizeof(file), "%s%s", path, name);
    struct stat stb;
    CHECK(stat(file, &stb) == 0 && (size_t)stb.st_size == rocksdb_livefiles_size(lf, i), "size matches the file");
    const char* lo = rocksdb_livefiles_smallestkey(lf, i, &len);
    CHECK(len == 1 && (lo[0] == 'a' || lo[0] == 'm'), "smallest key");
    const char* hi = rocksdb_livefiles_largestkey(lf, i, &len);
    CHECK(len == 1 && hi[0] == (lo[0] == 'a' ? 'c' : 'p'), "largest key");
    CHECK(rocksdb_livefiles_smallest_seqno(lf, i) <= rocksdb_livefiles_largest_seqno(lf, i), "seqnos");
    CHECK(rocksdb_livefiles_entries(lf, i) == (lo[0] == 'a' ? 2u : 3u), "entries");
    saw_deletion += (int)rocksdb_livefiles_deletions(lf, i);
  }
  CHECK(saw_deletion == 1, "one deletion in all");
  CHECK(rocksdb_livefiles_name(lf, 5) == NULL, "index past the end");
  rocksdb_livefiles_destroy(lf);

  /* The builder: a list made by hand. */
  rocksdb_livefiles_t* built = rocksdb_livefiles_create();
  rocksdb_livefile_t* one = rocksdb_livefile_create();
  rocksdb_livefile_set_name(one, "/000042.sst");
  rocksdb_livefile_set_column_family_name(one, "cf1");
  rocksdb_livefile_set_level(one, 3);
  rocksdb_livefile_set_size(one, 4096);
  rocksdb_livefile_set_smallest_key(one, "k\0a", 3);
  rocksdb_livefile_set_num_entries(one, 7);
  rocksdb_livefiles_add(built, one);
  CHECK(rocksdb_livefiles_count(built) == 1, "built count");
  CHECK(strcmp(rocksdb_livefiles_name(built, 0), "/000042.sst") == 0, "built name");
  CHECK(rocksdb_livefiles_level(built, 0) == 3 && rocksdb_livefiles_size(built, 0) == 4096, "built level, size");
  const char* bk = rocksdb_livefiles_smallestkey(built, 0, &len);
  CHECK(len == 3 && memcmp(bk, "k\0a", 3) == 0, "binary key kept");
  CHECK(rocksdb_livefiles_entries(built, 0) == 7, "built entries");
  rocksdb_livefiles_destroy(built);

  /* Column family metadata: every level listed, files in level 0. */
  rocksdb_column_family_metadata_t* cm = rocksdb_get_column_family_metadata(db);
  CHECK(cm != NULL, "cf metadata");
  char* name = rocksdb_column_family_metadata_get_name(cm);
  CHECK(name && strcmp(name, "default") == 0, "cf name");
  rocksdb_free(name);
  CHECK(rocksdb_column_family_metadata_get_file_count(cm) == 2, "file count");
  CHECK(rocksdb_column_family_metadata_get_level_count(cm) == 7, "7 levels, got %zu", rocksdb_column_family_metadata_get_level_count(cm));
  rocksdb_level_metadata_t* l0 = rocksdb_column_family_metadata_get_level_metadata(cm, 0);
  CHECK(rocksdb_level_metadata_get_level(l0) == 0, "level 0");
  CHECK(rocksdb_level_metadata_get_file_count(l0) == 2, "two files in level 0");
  CHECK(rocksdb_level_metadata_get_size(l0) == rocksdb_column_family_metadata_get_size(cm), "level size = cf size");
  uint64_t sum = 0;
  for (size_t i = 0; i < rocksdb_level_metadata_get_file_count(l0); i++) {
    rocksdb_sst_file_metadata_t* f = rocksdb_level_metadata_get_sst_file_metadata(l0, i);
    char* rel = rocksdb_sst_file_metadata_get_relative_filename(f);
    CHECK(rel && rel[0] != '/' && strstr(rel, ".sst"), "relative name %s", rel ? rel : "NULL");
    char* dir = rocksdb_sst_file_metadata_get_directory(f);
    CHECK(dir && strcmp(dir, path) == 0, "file directory");
    char* lo = rocksdb_sst_file_metadata_get_smallestkey(f, &len);
    CHECK(len == 1 && (lo[0] == 'a' || lo[0] == 'm'), "file smallest key");
    char* hi = rocksdb_sst_file_metadata_get_largestkey(f, &len);
    CHECK(len == 1 && (hi[0] == 'c' || hi[0] == 'p'), "file largest key");
    sum += rocksdb_sst_file_metadata_get_size(f);
    rocksdb_free(rel);
    rocksdb_free(dir);
    rocksdb_free(lo);
    rocksdb_free(hi);
    rocksdb_sst_file_metadata_destroy(f);
  }
  CHECK(sum == rocksdb_level_metadata_get_size(l0), "file sizes add up");
  CHECK(rocksdb_level_metadata_get_sst_file_metadata(l0, 2) == NULL, "file index past the end");
  rocksdb_level_metadata_destroy(l0);
  CHECK(rocksdb_column_family_metadata_get_level_metadata(cm, 7) == NULL, "level index past the end");
  rocksdb_column_family_metadata_destroy(cm);

  /* With options: [b, n) reaches both files; [d, m) reaches neither; level 1 is empty. */
  rocksdb_column_family_metadata_options_t* mo = rocksdb_column_family_metadata_options_create();
  CHECK(rocksdb_column_family_metadata_options_get_level(mo) == -1, "default level -1");
  CHECK(rocksdb_column_family_metadata_options_get_start_key(mo, &len) == NULL && len == 0, "no start key");
  rocksdb_column_family_metadata_options_set_start_key(mo, "d", 1);
  rocksdb_column_family_metadata_options_set_end_key(mo, "m", 1);
  const char* sk = rocksdb_column_family_metadata_options_get_start_key(mo, &len);
  CHECK(sk && len == 1 && sk[0] == 'd', "start key read back");
  rocksdb_column_family_handle_t* dcf = rocksdb_get_default_column_family_handle(db);
  cm = rocksdb_get_column_family_metadata_cf_with_options(db, dcf, mo);
  CHECK(rocksdb_column_family_metadata_get_file_count(cm) == 0 && rocksdb_column_family_metadata_get_level_count(cm) == 0,
        "[d, m) holds no file");
  rocksdb_column_family_metadata_destroy(cm);
  rocksdb_column_family_metadata_options_set_start_key(mo, "b", 1);
  rocksdb_column_family_metadata_options_set_end_key(mo, "n", 1);
  cm = rocksdb_get_column_family_metadata_with_options(db, mo);
  CHECK(rocksdb_column_family_metadata_get_file_count(cm) == 2 && rocksdb_column_family_metadata_get_level_count(cm) == 1,
        "[b, n) reaches both files in one level");
  rocksdb_column_family_metadata_destroy(cm);
  rocksdb_column_family_metadata_options_set_level(mo, 1);
  CHECK(rocksdb_column_family_metadata_options_get_level(mo) == 1, "level read back");
  cm = rocksdb_get_column_family_metadata_cf_with_options(db, dcf, mo);
  CHECK(rocksdb_column_family_metadata_get_file_count(cm) == 0, "level 1 is empty");
  rocksdb_column_family_metadata_destroy(cm);
  rocksdb_column_family_metadata_options_destroy(mo);
  rocksdb_column_family_handle_destroy(dcf);

  /* Manual compaction paused: compact_range leaves the files in level 0 (c.h's
   * compact_range has no errptr); enabled again, it moves them down. */
  rocksdb_disable_manual_compaction(db);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  lf = rocksdb_livefiles(db);
  CHECK(rocksdb_livefiles_count(lf) == 2 && rocksdb_livefiles_level(lf, 0) == 0, "paused: still in level 0");
  rocksdb_livefiles_destroy(lf);
  rocksdb_enable_manual_compaction(db);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  lf = rocksdb_livefiles(db);
  CHECK(rocksdb_livefiles_count(lf) >= 1 && rocksdb_livefiles_level(lf, 0) > 0, "enabled: compacted down");
  rocksdb_livefiles_destroy(lf);

  /* Background work cancelled: a write without WAL is flushed first, reads go on. */
  rocksdb_writeoptions_disable_WAL(wo, 1);
  put(db, wo, "unlogged");
  rocksdb_cancel_all_background_work(db, 1);
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* got = rocksdb_get(db, ro, "unlogged", 8, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(got, len, "v");
  free(got);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  got = rocksdb_get(db, ro, "unlogged", 8, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(got, len, "v");
  free(got);
  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);
  CHECK(rocksdb_livefiles(NULL) == NULL, "NULL db");
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_meta");
}
