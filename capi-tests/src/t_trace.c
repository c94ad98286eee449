/* Tracing through c.h. The option handles answer RocksDB's defaults, then what was set. */
#include <rocksdb/c.h>
#include <sys/stat.h>
#include "check.h"

static void options_read_back(void) {
  rocksdb_trace_options_t* t = rocksdb_trace_options_create();
  CHECK(rocksdb_trace_options_get_max_trace_file_size(t) == 64ull * 1024 * 1024 * 1024, "default max size");
  CHECK(rocksdb_trace_options_get_sampling_frequency(t) == 1, "default sampling");
  CHECK(rocksdb_trace_options_get_filter(t) == rocksdb_trace_filter_none, "default filter");
  CHECK(rocksdb_trace_options_get_preserve_write_order(t) == 0, "default order");
  rocksdb_trace_options_set_max_trace_file_size(t, 1024 * 1024);
  rocksdb_trace_options_set_sampling_frequency(t, 3);
  rocksdb_trace_options_set_filter(t, rocksdb_trace_filter_get | rocksdb_trace_filter_multi_get);
  rocksdb_trace_options_set_preserve_write_order(t, 1);
  CHECK(rocksdb_trace_options_get_max_trace_file_size(t) == 1024 * 1024, "max size");
  CHECK(rocksdb_trace_options_get_sampling_frequency(t) == 3, "sampling");
  CHECK(rocksdb_trace_options_get_filter(t) == (rocksdb_trace_filter_get | rocksdb_trace_filter_multi_get), "filter");
  CHECK(rocksdb_trace_options_get_preserve_write_order(t) == 1, "order");
  rocksdb_trace_options_destroy(t);

  rocksdb_block_cache_trace_options_t* b = rocksdb_block_cache_trace_options_create();
  CHECK(rocksdb_block_cache_trace_options_get_sampling_frequency(b) == 1, "default block sampling");
  rocksdb_block_cache_trace_options_set_sampling_frequency(b, 7);
  CHECK(rocksdb_block_cache_trace_options_get_sampling_frequency(b) == 7, "block sampling");
  rocksdb_block_cache_trace_options_destroy(b);

  rocksdb_block_cache_trace_writer_options_t* w = rocksdb_block_cache_trace_writer_options_create();
  CHECK(rocksdb_block_cache_trace_writer_options_get_max_trace_file_size(w) == 64ull * 1024 * 1024 * 1024,
        "default block max size");
  rocksdb_block_cache_trace_writer_options_set_max_trace_file_size(w, 2048);
  CHECK(rocksdb_block_cache_trace_writer_options_get_max_trace_file_size(w) == 2048, "block max size");
  rocksdb_block_cache_trace_writer_options_destroy(w);

  rocksdb_replay_options_t* r = rocksdb_replay_options_create();
  CHECK(rocksdb_replay_options_get_num_threads(r) == 1, "default threads");
  CHECK(rocksdb_replay_options_get_fast_forward(r) == 1.0, "default fast forward");
  rocksdb_replay_options_set_num_threads(r, 4);
  rocksdb_replay_options_set_fast_forward(r, 1000000.0);
  CHECK(rocksdb_replay_options_get_num_threads(r) == 4, "threads");
  CHECK(rocksdb_replay_options_get_fast_forward(r) == 1000000.0, "fast forward");
  rocksdb_replay_options_destroy(r);

  /* NULL handles: getters answer 0, setters and destroy do nothing. */
  rocksdb_trace_options_set_filter(NULL, 1);
  CHECK(rocksdb_trace_options_get_filter(NULL) == 0, "NULL handle");
  rocksdb_trace_options_destroy(NULL);
}

int main(void) {
  options_read_back();
  return check_report("t_trace");
}
