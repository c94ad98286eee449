/* Tracing through c.h. The option handles answer RocksDB's defaults, then what was set. A query
 * trace records the writes, gets, MultiGets and iterator seeks made while it runs, as RocksDB's
 * records (header first, footer last); the trace reader hands them back one at a time and
 * starts over on reset; the replayer runs them again on another database; filters and
 * sampling leave operations out. An IO trace records the file operations of a flush; a block
 * cache trace records the data block a Get reads (with either start function). */
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

static char path[512];
static char replay_path[512];
static char trace_file[600];

/* The record types of the trace at trace_file, in order (at most cap). */
static int record_types(rocksdb_env_t* env, int* types, int cap) {
  char* err = NULL;
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_trace_reader_t* r = rocksdb_trace_reader_create(env, eo, trace_file, &err);
  CHECK_NOERR(err);
  int n = 0;
  for (;;) {
    size_t len = 99;
    char* rec = rocksdb_trace_reader_read(r, &len, &err);
    CHECK_NOERR(err);
    if (rec == NULL) {
      CHECK(len == 0, "the end has size 0");
      break;
    }
    CHECK(len >= 13, "a record has its 13 bytes of metadata: %zu", len);
    uint32_t payload = (uint8_t)rec[9] | (uint8_t)rec[10] << 8 | (uint8_t)rec[11] << 16 | (uint32_t)(uint8_t)rec[12] << 24;
    CHECK(len == 13 + payload, "the payload's length");
    if (n < cap) types[n] = rec[8];
    n++;
    free(rec);
  }
  rocksdb_trace_reader_close(r, &err);
  CHECK_NOERR(err);
  rocksdb_trace_reader_reset(r, &err);
  CHECK_ERR_PREFIX(err, "IO error: TraceReader is closed.");
  rocksdb_trace_reader_destroy(r);
  rocksdb_envoptions_destroy(eo);
  return n;
}

static void query_trace(void) {
  char* err = NULL;
  rocksdb_env_t* env = rocksdb_create_default_env();
  make_db_path(path, sizeof(path), "trace");
  make_db_path(replay_path, sizeof(replay_path), "trace-replay");
  snprintf(trace_file, sizeof(trace_file), "%s-query.trace", path);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();

  rocksdb_end_trace(db, &err);
  CHECK_ERR_PREFIX(err, "IO error: No trace file to close");

  rocksdb_start_trace(db, NULL, NULL, NULL, trace_file, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "k1", 2, "v1", 2, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_t* b = rocksdb_writebatch_create();
  rocksdb_writebatch_put(b, "k2", 2, "v2", 2);
  rocksdb_writebatch_delete(b, "k0", 2);
  rocksdb_write(db, wo, b, &err);
  CHECK_NOERR(err);
  size_t len;
  char* v = rocksdb_get(db, ro, "k1", 2, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "v1");
  free(v);
  const char* keys[2] = {"k1", "k2"};
  size_t key_lens[2] = {2, 2};
  char* vals[2];
  size_t val_lens[2];
  char* errs[2];
  rocksdb_multi_get(db, ro, 2, keys, key_lens, vals, val_lens, errs);
  for (int i = 0; i < 2; i++) {
    CHECK(errs[i] == NULL, "multi get");
    free(vals[i]);
  }
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  rocksdb_iter_seek(it, "k", 1);
  CHECK(rocksdb_iter_valid(it), "seek");
  rocksdb_iter_seek_for_prev(it, "k9", 2);
  rocksdb_iter_destroy(it);
  rocksdb_end_trace(db, &err);
  CHECK_NOERR(err);

  int types[16];
  int n = record_types(env, types, 16);
  /* kTraceBegin, 2 x kTraceWrite, kTraceGet, kTraceMultiGet, kTraceIteratorSeek,
   * kTraceIteratorSeekForPrev, kTraceEnd. */
  int want[8] = {1, 3, 3, 4, 13, 5, 6, 2};
  CHECK(n == 8, "eight records: %d", n);
  for (int i = 0; i < 8 && i < n; i++) CHECK(types[i] == want[i], "record %d is type %d: %d", i, want[i], types[i]);

  /* Replayed on an empty database. */
  rocksdb_t* target = rocksdb_open(o, replay_path, &err);
  CHECK_NOERR(err);
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_replayer_t* rp = rocksdb_new_default_replayer(target, NULL, 0, env, eo, trace_file, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_replayer_get_header_timestamp(rp) == 0, "no header read yet");
  rocksdb_replay_options_t* rpo = rocksdb_replay_options_create();
  rocksdb_replay_options_set_fast_forward(rpo, 1000000.0);
  rocksdb_replayer_replay(rp, rpo, &err);
  CHECK_ERR_PREFIX(err, "Result incomplete: Not prepared!");
  rocksdb_replayer_prepare(rp, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_replayer_get_header_timestamp(rp) > 0, "the header's time");
  rocksdb_replay_options_set_fast_forward(rpo, 0.0);
  rocksdb_replayer_replay(rp, rpo, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Wrong fast forward speed!");
  rocksdb_replay_options_set_fast_forward(rpo, 1000000.0);
  rocksdb_replayer_replay(rp, rpo, &err);
  CHECK_NOERR(err);
  v = rocksdb_get(target, ro, "k2", 2, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "v2");
  free(v);
  rocksdb_replayer_replay(rp, rpo, &err);
  CHECK_ERR_PREFIX(err, "Result incomplete: Trace end.");
  rocksdb_replayer_destroy(rp);
  rp = rocksdb_new_default_replayer(target, NULL, 0, NULL, NULL, "/nonexistent/trace", &err);
  CHECK(rp == NULL && err != NULL, "a missing trace file");
  free(err);
  err = NULL;

  /* A filter leaves Gets and MultiGets out; a sampling frequency of 2 keeps one write in two. */
  rocksdb_trace_options_t* to = rocksdb_trace_options_create();
  rocksdb_trace_options_set_filter(to, rocksdb_trace_filter_get | rocksdb_trace_filter_multi_get);
  rocksdb_trace_options_set_sampling_frequency(to, 2);
  rocksdb_start_trace(db, env, eo, to, trace_file, &err);
  CHECK_NOERR(err);
  for (int i = 0; i < 6; i++) {
    rocksdb_put(db, wo, "k", 1, "v", 1, &err);
    CHECK_NOERR(err);
    v = rocksdb_get(db, ro, "k", 1, &len, &err);
    CHECK_NOERR(err);
    free(v);
  }
  rocksdb_end_trace(db, &err);
  CHECK_NOERR(err);
  n = record_types(env, types, 16);
  CHECK(n == 5, "header, three writes, footer: %d", n);
  for (int i = 1; i < 4 && i < n; i++) CHECK(types[i] == 3, "a write: %d", types[i]);

  rocksdb_trace_reader_t* bad = rocksdb_trace_reader_create(NULL, eo, trace_file, &err);
  CHECK(bad == NULL, "no env");
  CHECK_ERR_PREFIX(err, "Invalid argument: env must not be null");

  rocksdb_trace_options_destroy(to);
  rocksdb_replay_options_destroy(rpo);
  rocksdb_envoptions_destroy(eo);
  rocksdb_writebatch_destroy(b);
  rocksdb_close(target);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_env_destroy(env);
  remove(trace_file);
  remove_db_path(path);
  remove_db_path(replay_path);
}

static long file_size(const char* f) {
  struct stat st;
  return stat(f, &st) == 0 ? (long)st.st_size : -1;
}

/* Records of the trace at f of type `type`. */
static int count_records(rocksdb_env_t* env, const char* f, int type) {
  char* err = NULL;
  rocksdb_trace_reader_t* r = rocksdb_trace_reader_create(env, NULL, f, &err);
  CHECK_NOERR(err);
  int n = 0;
  size_t len;
  char* rec;
  while ((rec = rocksdb_trace_reader_read(r, &len, &err)) != NULL) {
    if (rec[8] == type) n++;
    free(rec);
  }
  CHECK_NOERR(err);
  rocksdb_trace_reader_destroy(r);
  return n;
}

static void io_and_block_cache_traces(void) {
  char* err = NULL;
  char io_file[600], bc_file[600], bc_file2[600];
  rocksdb_env_t* env = rocksdb_create_default_env();
  make_db_path(path, sizeof(path), "trace-io");
  snprintf(io_file, sizeof(io_file), "%s-io.trace", path);
  snprintf(bc_file, sizeof(bc_file), "%s-bc.trace", path);
  snprintf(bc_file2, sizeof(bc_file2), "%s-bc2.trace", path);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_put(db, wo, "k", 1, "v", 1, &err);
  CHECK_NOERR(err);

  rocksdb_start_io_trace(db, NULL, NULL, NULL, io_file, &err);
  CHECK_NOERR(err);
  rocksdb_start_io_trace(db, NULL, NULL, NULL, bc_file, &err);
  CHECK_ERR_PREFIX(err, "Resource busy");
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_end_io_trace(db, &err);
  CHECK_NOERR(err);
  rocksdb_end_io_trace(db, &err);
  CHECK_NOERR(err);
  CHECK(count_records(env, io_file, 1) == 1, "one header");
  CHECK(count_records(env, io_file, 12) > 3, "the flush's file operations: %d", count_records(env, io_file, 12));

  rocksdb_start_block_cache_trace(db, NULL, NULL, NULL, bc_file, &err);
  CHECK_NOERR(err);
  size_t len;
  char* v = rocksdb_get(db, ro, "k", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "v");
  free(v);
  rocksdb_end_block_cache_trace(db, &err);
  CHECK_NOERR(err);
  CHECK(count_records(env, bc_file, 9) == 1, "one data block lookup");

  rocksdb_block_cache_trace_options_t* bo = rocksdb_block_cache_trace_options_create();
  rocksdb_block_cache_trace_writer_options_t* bw = rocksdb_block_cache_trace_writer_options_create();
  rocksdb_block_cache_trace_writer_options_set_max_trace_file_size(bw, 1);
  rocksdb_start_block_cache_trace_with_options(db, env, NULL, bo, bw, bc_file2, &err);
  CHECK_NOERR(err);
  for (int i = 0; i < 3; i++) {
    v = rocksdb_get(db, ro, "k", 1, &len, &err);
    CHECK_NOERR(err);
    free(v);
  }
  rocksdb_end_block_cache_trace(db, &err);
  CHECK_NOERR(err);
  CHECK(file_size(bc_file2) > 0, "the header");
  CHECK(count_records(env, bc_file2, 9) == 0, "nothing past the size limit");

  rocksdb_block_cache_trace_options_destroy(bo);
  rocksdb_block_cache_trace_writer_options_destroy(bw);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_env_destroy(env);
  remove(io_file);
  remove(bc_file);
  remove(bc_file2);
  remove_db_path(path);
}

int main(void) {
  options_read_back();
  query_trace();
  io_and_block_cache_traces();
  return check_report("t_trace");
}
