/* Universal and FIFO compaction options: RocksDB's defaults, every setter read back by its
 * getter, and rocksdb_options_set_universal_compaction_options / _set_fifo_compaction_options
 * kept in the column family options and written to the OPTIONS file as RocksDB 7.8.3 writes
 * them (compaction_options_universal={...}, compaction_options_fifo={...}). */
#include <dirent.h>

#include "check.h"

/* The text of the newest OPTIONS-* file of `dir` (malloc'd), or NULL. */
static char* latest_options(const char* dir) {
  DIR* d = opendir(dir);
  if (!d) return NULL;
  char best[256] = "";
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    if (strncmp(e->d_name, "OPTIONS-", 8) == 0 && !strstr(e->d_name, ".dbtmp") && strcmp(e->d_name, best) > 0)
      snprintf(best, sizeof best, "%s", e->d_name);
  }
  closedir(d);
  if (!best[0]) return NULL;
  char path[800];
  snprintf(path, sizeof path, "%s/%s", dir, best);
  FILE* f = fopen(path, "r");
  if (!f) return NULL;
  char* buf = calloc(1, 1 << 16);
  size_t n = fread(buf, 1, (1 << 16) - 1, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

int main(void) {
  /* Defaults (RocksDB's CompactionOptionsUniversal / CompactionOptionsFIFO). */
  rocksdb_universal_compaction_options_t* u = rocksdb_universal_compaction_options_create();
  CHECK(rocksdb_universal_compaction_options_get_size_ratio(u) == 1, "size_ratio default");
  CHECK(rocksdb_universal_compaction_options_get_min_merge_width(u) == 2, "min_merge_width default");
  CHECK(rocksdb_universal_compaction_options_get_max_merge_width(u) == -1, "max_merge_width UINT_MAX read as int");
  CHECK(rocksdb_universal_compaction_options_get_max_size_amplification_percent(u) == 200, "size amp default");
  CHECK(rocksdb_universal_compaction_options_get_compression_size_percent(u) == -1, "compression_size_percent default");
  CHECK(rocksdb_universal_compaction_options_get_stop_style(u) == 1, "stop style kCompactionStopStyleTotalSize");
  CHECK(rocksdb_universal_compaction_options_get_max_read_amp(u) == -1, "max_read_amp default");
  CHECK(rocksdb_universal_compaction_options_get_allow_trivial_move(u) == 0 &&
            rocksdb_universal_compaction_options_get_incremental(u) == 0 &&
            rocksdb_universal_compaction_options_get_reduce_file_locking(u) == 0,
        "flags off by default");
  rocksdb_fifo_compaction_options_t* f = rocksdb_fifo_compaction_options_create();
  CHECK(rocksdb_fifo_compaction_options_get_max_table_files_size(f) == 1073741824ULL, "max_table_files_size 1 GiB");
  CHECK(rocksdb_fifo_compaction_options_get_allow_compaction(f) == 0, "allow_compaction default");
  CHECK(rocksdb_fifo_compaction_options_get_age_for_warm(f) == 0, "age_for_warm default");
  CHECK(rocksdb_fifo_compaction_options_get_trivial_copy_buffer_size(f) == 4096, "trivial_copy_buffer_size default");
  CHECK(rocksdb_fifo_compaction_options_get_max_data_files_size(f) == 0 &&
            rocksdb_fifo_compaction_options_get_use_kv_ratio_compaction(f) == 0 &&
            rocksdb_fifo_compaction_options_get_allow_trivial_copy_when_change_temperature(f) == 0,
        "the rest 0");

  /* Every setter read back. */
  rocksdb_universal_compaction_options_set_size_ratio(u, 5);
  rocksdb_universal_compaction_options_set_min_merge_width(u, 15);
  rocksdb_universal_compaction_options_set_max_merge_width(u, 25);
  rocksdb_universal_compaction_options_set_max_size_amplification_percent(u, 35);
  rocksdb_universal_compaction_options_set_compression_size_percent(u, 45);
  rocksdb_universal_compaction_options_set_stop_style(u, 0);
  rocksdb_universal_compaction_options_set_max_read_amp(u, 2);
  rocksdb_universal_compaction_options_set_allow_trivial_move(u, 1);
  rocksdb_universal_compaction_options_set_incremental(u, 1);
  rocksdb_universal_compaction_options_set_reduce_file_locking(u, 1);
  CHECK(rocksdb_universal_compaction_options_get_size_ratio(u) == 5 &&
            rocksdb_universal_compaction_options_get_min_merge_width(u) == 15 &&
            rocksdb_universal_compaction_options_get_max_merge_width(u) == 25 &&
            rocksdb_universal_compaction_options_get_max_size_amplification_percent(u) == 35 &&
            rocksdb_universal_compaction_options_get_compression_size_percent(u) == 45 &&
            rocksdb_universal_compaction_options_get_stop_style(u) == 0 &&
            rocksdb_universal_compaction_options_get_max_read_amp(u) == 2 &&
            rocksdb_universal_compaction_options_get_allow_trivial_move(u) == 1 &&
            rocksdb_universal_compaction_options_get_incremental(u) == 1 &&
            rocksdb_universal_compaction_options_get_reduce_file_locking(u) == 1,
        "universal setters read back");
  rocksdb_fifo_compaction_options_set_max_table_files_size(f, 100000);
  rocksdb_fifo_compaction_options_set_allow_compaction(f, 1);
  rocksdb_fifo_compaction_options_set_max_data_files_size(f, 200000);
  rocksdb_fifo_compaction_options_set_use_kv_ratio_compaction(f, 1);
  rocksdb_fifo_compaction_options_set_age_for_warm(f, 300);
  rocksdb_fifo_compaction_options_set_allow_trivial_copy_when_change_temperature(f, 1);
  rocksdb_fifo_compaction_options_set_trivial_copy_buffer_size(f, 8192);
  CHECK(rocksdb_fifo_compaction_options_get_max_table_files_size(f) == 100000 &&
            rocksdb_fifo_compaction_options_get_allow_compaction(f) == 1 &&
            rocksdb_fifo_compaction_options_get_max_data_files_size(f) == 200000 &&
            rocksdb_fifo_compaction_options_get_use_kv_ratio_compaction(f) == 1 &&
            rocksdb_fifo_compaction_options_get_age_for_warm(f) == 300 &&
            rocksdb_fifo_compaction_options_get_allow_trivial_copy_when_change_temperature(f) == 1 &&
            rocksdb_fifo_compaction_options_get_trivial_copy_buffer_size(f) == 8192,
        "FIFO setters read back");

  /* Kept in the options (a level-style database opens with them) and written to OPTIONS. */
  char path[512];
  make_db_path(path, sizeof path, "t_compaction_style_options");
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_universal_compaction_options(o, u);
  rocksdb_options_set_fifo_compaction_options(o, f);
  /* Later changes to the handles do not reach the options (they were copied). */
  rocksdb_universal_compaction_options_set_size_ratio(u, 99);
  rocksdb_universal_compaction_options_destroy(u);
  rocksdb_fifo_compaction_options_destroy(f);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  char* text = latest_options(path);
  CHECK(text != NULL, "an OPTIONS file");
  if (text) {
    CHECK(strstr(text,
                 "  compaction_options_universal={incremental=true;compression_size_percent=45;allow_trivial_move=true;"
                 "max_size_amplification_percent=35;max_merge_width=25;stop_style=kCompactionStopStyleSimilarSize;"
                 "min_merge_width=15;size_ratio=5;}\n") != NULL,
          "universal options in OPTIONS");
    CHECK(strstr(text, "  compaction_options_fifo={allow_compaction=true;age_for_warm=300;max_table_files_size=100000;}\n") !=
              NULL,
          "FIFO options in OPTIONS");
    free(text);
  }
  rocksdb_close(db);
  rocksdb_options_destroy(o);

  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed != 0;
}
