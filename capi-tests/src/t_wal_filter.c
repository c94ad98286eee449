/* WAL filters (rocksdb_walfilter_create, rocksdb_options_set_wal_filter): at recovery the
 * filter is told the column families' log numbers and names once, then decides on each WAL
 * record (continue, ignore, stop replay, corrupted record, or a replacement batch); the
 * options do not own it, rocksdb_walfilter_destroy runs its destructor once. */
#include "check.h"

struct state {
  int map_calls, record_calls, destroyed;
  size_t cfs_with_logs, cf_names;
  int saw_default;
  int answers[8];
  int replace_at; /* 1-based record whose batch is replaced by put(k2, "changed"); 0: none */
  int bigger_at;  /* 1-based record replaced by a batch with two entries */
  int counts_ok, names_ok;
};

static void destroy(void* p) { ((struct state*)p)->destroyed++; }

static void cf_map(void* p, const uint32_t* ids, const uint64_t* logs, size_t n, const char* const* names,
                   const size_t* name_lens, const uint32_t* name_ids, size_t nn) {
  struct state* s = p;
  (void)ids;
  (void)logs;
  s->map_calls++;
  s->cfs_with_logs = n;
  s->cf_names = nn;
  for (size_t i = 0; i < nn; i++) {
    if (name_lens[i] == 7 && memcmp(names[i], "default", 7) == 0 && name_ids[i] == 0) s->saw_default = 1;
  }
}

static int record(void* p, unsigned long long log_number, const char* name, size_t name_len,
                  const rocksdb_writebatch_t* batch, rocksdb_writebatch_t* new_batch, unsigned char* changed) {
  struct state* s = p;
  int i = s->record_calls++;
  if (rocksdb_writebatch_count((rocksdb_writebatch_t*)batch) != 1) s->counts_ok = 0;
  char want[32];
  snprintf(want, sizeof want, "%06llu.log", log_number);
  if (name_len < strlen(want) || memcmp(name + name_len - strlen(want), want, strlen(want)) != 0) s->names_ok = 0;
  if (s->replace_at == i + 1) {
    rocksdb_writebatch_put(new_batch, "k2", 2, "changed", 7);
    *changed = 1;
  }
  if (s->bigger_at == i + 1) {
    rocksdb_writebatch_put(new_batch, "x", 1, "1", 1);
    rocksdb_writebatch_put(new_batch, "y", 1, "2", 1);
    *changed = 1;
  }
  return i < 8 ? s->answers[i] : rocksdb_wal_filter_continue_processing;
}

static const char* name(void* p) {
  (void)p;
  return "TestWalFilter";
}

/* A database with k1..k4 = v1..v4 in its WAL only. */
static void fill(const char* path) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  char k[4], v[4];
  for (int i = 1; i <= 4; i++) {
    snprintf(k, sizeof k, "k%d", i);
    snprintf(v, sizeof v, "v%d", i);
    rocksdb_put(db, wo, k, 2, v, 2, &err);
    CHECK_NOERR(err);
  }
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
}

/* Reopens with the filter; *got gets "k1..k4" values joined by ',' ("-" for missing). Returns the open's error. */
static char* reopen(const char* path, rocksdb_walfilter_t* f, int paranoid, char* got, size_t cap) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_wal_filter(o, f);
  rocksdb_options_set_paranoid_checks(o, (unsigned char)paranoid);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  rocksdb_options_destroy(o); /* the options do not own the filter */
  got[0] = 0;
  if (err) return err;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char k[4];
  for (int i = 1; i <= 4; i++) {
    size_t len = 0;
    snprintf(k, sizeof k, "k%d", i);
    char* v = rocksdb_get(db, ro, k, 2, &len, &err);
    CHECK_NOERR(err);
    snprintf(got + strlen(got), cap - strlen(got), "%s%.*s", i > 1 ? "," : "", v ? (int)len : 1, v ? v : "-");
    free(v);
  }
  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);
  return NULL;
}

int main(void) {
  char path[512], got[128];
  char* err;

  /* Ignore the first record, replace the second. */
  make_db_path(path, sizeof path, "t_wal_filter");
  fill(path);
  struct state s = {0};
  s.counts_ok = s.names_ok = 1;
  s.answers[0] = rocksdb_wal_filter_ignore_current_record;
  s.replace_at = 2;
  rocksdb_walfilter_t* f = rocksdb_walfilter_create(&s, destroy, cf_map, record, name);
  err = reopen(path, f, 1, got, sizeof got);
  CHECK_NOERR(err);
  CHECK(strcmp(got, "-,changed,v3,v4") == 0, "values after ignore + replace: %s", got);
  CHECK(s.map_calls == 1 && s.cfs_with_logs == 1 && s.cf_names == 1 && s.saw_default, "map once (%d, %zu, %zu, %d)",
        s.map_calls, s.cfs_with_logs, s.cf_names, s.saw_default);
  CHECK(s.record_calls == 4 && s.counts_ok && s.names_ok, "4 records of one entry, named by their WAL (%d)",
        s.record_calls);
  CHECK(s.destroyed == 0, "not destroyed by closing or by destroying the options");
  rocksdb_walfilter_destroy(f);
  CHECK(s.destroyed == 1, "destroyed once by rocksdb_walfilter_destroy (%d)", s.destroyed);

  /* Stop replay at the second record: it and the rest are dropped. */
  make_db_path(path, sizeof path, "t_wal_filter_stop");
  fill(path);
  memset(&s, 0, sizeof s);
  s.counts_ok = s.names_ok = 1;
  s.answers[1] = rocksdb_wal_filter_stop_replay;
  f = rocksdb_walfilter_create(&s, destroy, cf_map, record, name);
  err = reopen(path, f, 1, got, sizeof got);
  CHECK_NOERR(err);
  CHECK(strcmp(got, "v1,-,-,-") == 0, "values after stop: %s", got);
  CHECK(s.record_calls == 2, "not asked past the stop (%d)", s.record_calls);
  rocksdb_walfilter_destroy(f);

  /* A corrupted record: point-in-time recovery (the default) stops there; without paranoid
   * checks the record is replayed. */
  make_db_path(path, sizeof path, "t_wal_filter_corrupt");
  fill(path);
  memset(&s, 0, sizeof s);
  s.counts_ok = s.names_ok = 1;
  s.answers[2] = rocksdb_wal_filter_corrupted_record;
  f = rocksdb_walfilter_create(&s, destroy, cf_map, record, name);
  err = reopen(path, f, 1, got, sizeof got);
  CHECK_NOERR(err);
  CHECK(strcmp(got, "v1,v2,-,-") == 0, "point in time stops at the corrupted record: %s", got);
  rocksdb_walfilter_destroy(f);

  make_db_path(path, sizeof path, "t_wal_filter_lax");
  fill(path);
  memset(&s, 0, sizeof s);
  s.counts_ok = s.names_ok = 1;
  s.answers[0] = rocksdb_wal_filter_corrupted_record;
  f = rocksdb_walfilter_create(&s, destroy, cf_map, record, name);
  err = reopen(path, f, 0, got, sizeof got);
  CHECK_NOERR(err);
  CHECK(strcmp(got, "v1,v2,v3,v4") == 0, "replayed without paranoid checks: %s", got);
  rocksdb_walfilter_destroy(f);

  /* A replacement with more entries than the record fails the open. */
  make_db_path(path, sizeof path, "t_wal_filter_bigger");
  fill(path);
  memset(&s, 0, sizeof s);
  s.counts_ok = s.names_ok = 1;
  s.bigger_at = 1;
  f = rocksdb_walfilter_create(&s, destroy, cf_map, record, name);
  err = reopen(path, f, 1, got, sizeof got);
  CHECK(err && strcmp(err, "Not implemented: More than original # of records returned by Wal Filter : TestWalFilter") == 0,
        "open fails: %s", err ? err : "(no error)");
  free(err);
  rocksdb_walfilter_destroy(f);

  /* A cleared filter is not called. */
  make_db_path(path, sizeof path, "t_wal_filter_clear");
  fill(path);
  memset(&s, 0, sizeof s);
  f = rocksdb_walfilter_create(&s, destroy, cf_map, record, name);
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_wal_filter(o, f);
  rocksdb_options_clear_wal_filter(o);
  err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  CHECK(s.map_calls == 0 && s.record_calls == 0, "cleared: not called");
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_walfilter_destroy(f);
  CHECK(s.destroyed == 1, "destroyed once");

  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed != 0;
}
