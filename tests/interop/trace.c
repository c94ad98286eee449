/* Query traces across engines, ferrock's side (c.h): `trace write DB TRACE` traces a Write,
 * a Get, an iterator Seek and SeekForPrev (upper bound "z") and a MultiGet, the operations
 * trace_rocksdb.cc expects; `trace replay DB TRACE` replays a trace RocksDB 7.8.3 wrote
 * (trace_rocksdb.cc's write) on a new database and reads back its write. */
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char* what, char* err) {
  fprintf(stderr, "FAIL %s: %s\n", what, err ? err : "");
  free(err);
  return 1;
}

int main(int argc, char** argv) {
  char* err = NULL;
  size_t len;
  if (argc != 4) return 2;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_env_t* env = rocksdb_create_default_env();
  rocksdb_t* db = rocksdb_open(o, argv[2], &err);
  if (err) return fail("open", err);
  if (strcmp(argv[1], "write") == 0) {
    rocksdb_start_trace(db, NULL, NULL, NULL, argv[3], &err);
    if (err) return fail("start the trace", err);
    rocksdb_put(db, wo, "tracek", 6, "tracev", 6, &err);
    free(rocksdb_get(db, ro, "tracek", 6, &len, &err));
    rocksdb_readoptions_set_iterate_upper_bound(ro, "z", 1);
    rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
    rocksdb_iter_seek(it, "t", 1);
    rocksdb_iter_seek_for_prev(it, "u", 1);
    rocksdb_iter_destroy(it);
    const char* keys[2] = {"tracek", "nope"};
    size_t key_lens[2] = {6, 4};
    char* vals[2];
    size_t val_lens[2];
    char* errs[2];
    rocksdb_multi_get(db, ro, 2, keys, key_lens, vals, val_lens, errs);
    free(vals[0]);
    free(vals[1]);
    rocksdb_end_trace(db, &err);
    if (err) return fail("end the trace", err);
  } else {
    rocksdb_replayer_t* r = rocksdb_new_default_replayer(db, NULL, 0, env, NULL, argv[3], &err);
    if (err) return fail("a replayer", err);
    rocksdb_replayer_prepare(r, &err);
    if (err) return fail("prepare", err);
    rocksdb_replay_options_t* rpo = rocksdb_replay_options_create();
    rocksdb_replay_options_set_fast_forward(rpo, 1e6);
    rocksdb_replayer_replay(r, rpo, &err);
    if (err) return fail("replay", err);
    char* v = rocksdb_get(db, ro, "rk", 2, &len, &err);
    if (err || v == NULL || len != 2 || memcmp(v, "rv", 2) != 0) return fail("the replayed write", err);
    free(v);
    rocksdb_replay_options_destroy(rpo);
    rocksdb_replayer_destroy(r);
  }
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_env_destroy(env);
  return 0;
}
