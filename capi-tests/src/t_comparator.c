/* User comparators through the C API (rocksdb_comparator_create): a numeric and a reverse
 * comparator written here in C order every read and write path (memtable, flush, tables,
 * compaction, point reads, iterators both ways with bounds, SeekForPrev, compact_range
 * bounds, SstFileWriter and ingestion, an indexed batch over a base iterator, transactions),
 * a different one per column family; the name check at reopen (RocksDB's text, nothing
 * changed on disk), a name that changes between opens, RocksDB's ownership rules (options
 * and the database never destroy the comparator; rocksdb_comparator_destroy does) and bad
 * input (a NULL comparator, one without callbacks, one used after destroy);
 * rocksdb_comparator_with_ts_create: an ordinary comparator with a timestamp size of 0, and
 * Not implemented (user-defined timestamps) with a larger one. */
#include <rocksdb/c.h>
#include <ctype.h>
#include <dirent.h>
#include <sys/stat.h>
#include "check.h"

static char path[512];
static int destroyed[4];

/* Keys "<letters><number>" by letters, then by the number's value ("k9" < "k10"). */
static int numeric_compare(void* state, const char* a, size_t al, const char* b, size_t bl) {
  (void)state;
  size_t pa = 0, pb = 0;
  while (pa < al && !isdigit((unsigned char)a[pa])) pa++;
  while (pb < bl && !isdigit((unsigned char)b[pb])) pb++;
  int c = memcmp(a, b, pa < pb ? pa : pb);
  if (c) return c;
  if (pa != pb) return pa < pb ? -1 : 1;
  unsigned long long na = 0, nb = 0;
  for (size_t i = pa; i < al; i++) na = na * 10 + (unsigned)(a[i] - '0');
  for (size_t i = pb; i < bl; i++) nb = nb * 10 + (unsigned)(b[i] - '0');
  if (na != nb) return na < nb ? -1 : 1;
  return al < bl ? -1 : al > bl;
}

static int reverse_compare(void* state, const char* a, size_t al, const char* b, size_t bl) {
  (void)state;
  int c = memcmp(a, b, al < bl ? al : bl);
  if (c) return -c;
  return al < bl ? 1 : al > bl ? -1 : 0;
}

static const char* numeric_name(void* state) { (void)state; return "test.Numeric"; }
static const char* reverse_name(void* state) { (void)state; return "test.Reverse"; }
/* state points at the name to give: it may change between opens. */
static const char* state_name(void* state) { return (const char*)state; }
static void count_destroy(void* state) { destroyed[*(int*)state]++; }

static int ids[4] = {0, 1, 2, 3};

static rocksdb_options_t* opts_with(rocksdb_comparator_t* cmp) {
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_create_missing_column_families(o, 1);
  rocksdb_options_set_compression(o, rocksdb_no_compression);
  if (cmp) rocksdb_options_set_comparator(o, cmp);
  return o;
}

static void put(rocksdb_t* db, rocksdb_column_family_handle_t* cf, const char* k, const char* v) {
  char* err = NULL;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  if (cf) rocksdb_put_cf(db, wo, cf, k, strlen(k), v, strlen(v), &err);
  else rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_destroy(wo);
}

static void flush(rocksdb_t* db, rocksdb_column_family_handle_t* cf) {
  char* err = NULL;
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  if (cf) rocksdb_flush_cf(db, fo, cf, &err);
  else rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_destroy(fo);
}

/* The keys an iterator lists from its first position, comma-separated, into buf. */
static const char* listed(rocksdb_iterator_t* it, int backward, char* buf, size_t cap) {
  size_t at = 0;
  buf[0] = 0;
  if (backward) rocksdb_iter_seek_to_last(it);
  else rocksdb_iter_seek_to_first(it);
  while (rocksdb_iter_valid(it) && at + 40 < cap) {
    size_t kl;
    const char* k = rocksdb_iter_key(it, &kl);
    at += (size_t)snprintf(buf + at, cap - at, "%s%.*s", at ? "," : "", (int)kl, k);
    if (backward) rocksdb_iter_prev(it);
    else rocksdb_iter_next(it);
  }
  char* err = NULL;
  rocksdb_iter_get_error(it, &err);
  CHECK_NOERR(err);
  return buf;
}

/* Whether the iterator is at key `want`. */
static int at_key(rocksdb_iterator_t* it, const char* want) {
  if (!rocksdb_iter_valid(it)) return 0;
  size_t kl;
  const char* k = rocksdb_iter_key(it, &kl);
  return kl == strlen(want) && !memcmp(k, want, kl);
}

static const char* keys_of(rocksdb_t* db, rocksdb_column_family_handle_t* cf, int backward, char* buf, size_t cap) {
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_iterator_t* it = cf ? rocksdb_create_iterator_cf(db, ro, cf) : rocksdb_create_iterator(db, ro);
  listed(it, backward, buf, cap);
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
  return buf;
}

static void check_get(rocksdb_t* db, const char* k, const char* want) {
  char* err = NULL;
  size_t len = 0;
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  char* v = rocksdb_get(db, ro, k, strlen(k), &len, &err);
  CHECK_NOERR(err);
  if (want) CHECK_VALUE(v, len, want);
  else CHECK(v == NULL, "%s: expected nothing", k);
  rocksdb_free(v);
  rocksdb_readoptions_destroy(ro);
}

/* The directory's file names and sizes, to see that a refused open changed nothing. */
static void dir_listing(const char* dir, char* buf, size_t cap) {
  char names[64][64];
  int n = 0;
  DIR* d = opendir(dir);
  struct dirent* e;
  while (d && (e = readdir(d)) && n < 64) {
    if (e->d_name[0] != '.' && strlen(e->d_name) < 64) memcpy(names[n++], e->d_name, strlen(e->d_name) + 1);
  }
  if (d) closedir(d);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (strcmp(names[i], names[j]) > 0) {
        char t[64];
        memcpy(t, names[i], 64);
        memcpy(names[i], names[j], 64);
        memcpy(names[j], t, 64);
      }
  size_t at = 0;
  buf[0] = 0;
  for (int i = 0; i < n && at + 100 < cap; i++) {
    char p[700];
    struct stat st;
    snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
    stat(p, &st);
    at += (size_t)snprintf(buf + at, cap - at, "%s:%lld;", names[i], (long long)st.st_size);
  }
}

static void numeric_database(void) {
  char buf[512], *err = NULL;
  rocksdb_comparator_t* num = rocksdb_comparator_create(&ids[0], count_destroy, numeric_compare, numeric_name);
  rocksdb_options_t* o = opts_with(num);
  make_db_path(path, sizeof(path), "comparator");
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  const char* in[] = {"k9", "k100", "k10", "k2", "k1", "k55"};
  for (int i = 0; i < 6; i++) {
    put(db, NULL, in[i], in[i]);
    if (i == 2) flush(db, NULL);
  }
  CHECK(!strcmp(keys_of(db, NULL, 0, buf, sizeof(buf)), "k1,k2,k9,k10,k55,k100"), "forward: %s", buf);
  CHECK(!strcmp(keys_of(db, NULL, 1, buf, sizeof(buf)), "k100,k55,k10,k9,k2,k1"), "backward: %s", buf);
  /* Seeks, SeekForPrev and bounds in the comparator's order. */
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_readoptions_set_iterate_lower_bound(ro, "k3", 2);
  rocksdb_readoptions_set_iterate_upper_bound(ro, "k56", 3);
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  CHECK(!strcmp(listed(it, 0, buf, sizeof(buf)), "k9,k10,k55"), "bounded: %s", buf);
  CHECK(!strcmp(listed(it, 1, buf, sizeof(buf)), "k55,k10,k9"), "bounded backward: %s", buf);
  rocksdb_iter_seek(it, "k11", 3);
  CHECK(at_key(it, "k55"), "seek k11");
  rocksdb_iter_seek_for_prev(it, "k54", 3);
  CHECK(at_key(it, "k10"), "seek_for_prev k54");
  rocksdb_iter_prev(it);
  CHECK(at_key(it, "k9"), "prev from k10");
  rocksdb_iter_prev(it);
  CHECK(!rocksdb_iter_valid(it), "prev past the lower bound");
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
  /* compact_range's bounds in the comparator's order: [k2, k10] holds k2, k9, k10. */
  flush(db, NULL);
  rocksdb_compact_range(db, "k2", 2, "k10", 3);
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  CHECK(!strcmp(keys_of(db, NULL, 0, buf, sizeof(buf)), "k1,k2,k9,k10,k55,k100"), "after compaction: %s", buf);
  check_get(db, "k100", "k100");
  check_get(db, "k0100", NULL);

  /* An external file written in the comparator's order, then ingested. */
  char sst[600];
  snprintf(sst, sizeof(sst), "%s.ingest.sst", path);
  rocksdb_envoptions_t* env = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create_with_comparator(env, o, num);
  rocksdb_sstfilewriter_open(w, sst, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "k3", 2, "ingested", 8, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "k20", 3, "ingested", 8, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "k4", 2, "x", 1, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Keys must be added in strict ascending order.");
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(env);
  rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
  const char* files[] = {sst};
  rocksdb_ingest_external_file(db, files, 1, io, &err);
  CHECK_NOERR(err);
  rocksdb_ingestexternalfileoptions_destroy(io);
  unlink(sst);
  CHECK(!strcmp(keys_of(db, NULL, 0, buf, sizeof(buf)), "k1,k2,k3,k9,k10,k20,k55,k100"), "after ingest: %s", buf);

  /* An indexed batch over the database iterates in the database's order. */
  rocksdb_writebatch_wi_t* wbwi = rocksdb_writebatch_wi_create(0, 1);
  rocksdb_writebatch_wi_put(wbwi, "k50", 3, "batch", 5);
  rocksdb_writebatch_wi_put(wbwi, "k5", 2, "batch", 5);
  rocksdb_writebatch_wi_delete(wbwi, "k9", 2);
  ro = rocksdb_readoptions_create();
  it = rocksdb_writebatch_wi_create_iterator_with_base(wbwi, rocksdb_create_iterator(db, ro));
  CHECK(!strcmp(listed(it, 0, buf, sizeof(buf)), "k1,k2,k3,k5,k10,k20,k50,k55,k100"), "batch over base: %s", buf);
  CHECK(!strcmp(listed(it, 1, buf, sizeof(buf)), "k100,k55,k50,k20,k10,k5,k3,k2,k1"), "batch over base backward: %s", buf);
  rocksdb_iter_destroy(it);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writebatch_wi_destroy(wbwi);

  /* Neither closing the database nor destroying the options destroys the comparator. */
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  CHECK(destroyed[0] == 0, "destroyed by close or options_destroy: %d", destroyed[0]);

  /* Reopen under another name: RocksDB's error, and nothing on disk changed. */
  char before[4096], after[4096];
  dir_listing(path, before, sizeof(before));
  rocksdb_comparator_t* rev = rocksdb_comparator_create(&ids[1], count_destroy, reverse_compare, reverse_name);
  o = opts_with(rev);
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "opened under another comparator");
  CHECK_ERR_PREFIX(err, "Invalid argument: test.Reverse: does not match existing comparator test.Numeric");
  rocksdb_options_destroy(o);
  o = opts_with(NULL);
  db = rocksdb_open(o, path, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: leveldb.BytewiseComparator: does not match existing comparator test.Numeric");
  rocksdb_options_destroy(o);
  dir_listing(path, after, sizeof(after));
  CHECK(!strcmp(before, after), "a refused open changed the directory:\n%s\n%s", before, after);

  /* The right comparator reopens it with everything. */
  o = opts_with(num);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  CHECK(!strcmp(keys_of(db, NULL, 0, buf, sizeof(buf)), "k1,k2,k3,k9,k10,k20,k55,k100"), "after reopen: %s", buf);
  /* Destroying the comparator while the database is open (undefined in RocksDB) is safe:
   * the destructor waits for the database to close. */
  rocksdb_comparator_destroy(num);
  CHECK(destroyed[0] == 0, "destroyed while the database uses it");
  put(db, NULL, "k7", "late");
  flush(db, NULL);
  CHECK(!strcmp(keys_of(db, NULL, 0, buf, sizeof(buf)), "k1,k2,k3,k7,k9,k10,k20,k55,k100"), "after destroy: %s", buf);
  rocksdb_close(db);
  CHECK(destroyed[0] == 1, "destructor runs once the database closed: %d", destroyed[0]);
  /* Options naming a destroyed comparator cannot open a database. */
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "opened with a destroyed comparator");
  CHECK_ERR_PREFIX(err, "Invalid argument: the comparator was destroyed");
  rocksdb_options_destroy(o);
  /* rocksdb_comparator_destroy runs the destructor right away when nothing uses it. */
  rocksdb_comparator_destroy(rev);
  CHECK(destroyed[1] == 1, "reverse comparator destructor: %d", destroyed[1]);
  remove_db_path(path);
}

/* A comparator per column family; one created later; reopen with the family's own. */
static void per_column_family(void) {
  char buf[512], *err = NULL;
  rocksdb_comparator_t* num = rocksdb_comparator_create(&ids[2], count_destroy, numeric_compare, numeric_name);
  rocksdb_comparator_t* rev = rocksdb_comparator_create(&ids[3], count_destroy, reverse_compare, reverse_name);
  make_db_path(path, sizeof(path), "comparator-cf");
  rocksdb_options_t* dbo = opts_with(NULL);
  rocksdb_options_t* numo = opts_with(num);
  rocksdb_options_t* revo = opts_with(rev);
  const char* names[] = {"default", "num", "rev"};
  const rocksdb_options_t* cfo[] = {dbo, numo, revo};
  rocksdb_column_family_handle_t* h[3];
  rocksdb_t* db = rocksdb_open_column_families(dbo, path, 3, names, cfo, h, &err);
  CHECK_NOERR(err);
  const char* in[] = {"k9", "k10", "k1", "k2"};
  for (int c = 0; c < 3; c++) {
    for (int i = 0; i < 4; i++) put(db, h[c], in[i], names[c]);
    flush(db, h[c]);
  }
  CHECK(!strcmp(keys_of(db, h[0], 0, buf, sizeof(buf)), "k1,k10,k2,k9"), "default: %s", buf);
  CHECK(!strcmp(keys_of(db, h[1], 0, buf, sizeof(buf)), "k1,k2,k9,k10"), "num: %s", buf);
  CHECK(!strcmp(keys_of(db, h[2], 0, buf, sizeof(buf)), "k9,k2,k10,k1"), "rev: %s", buf);
  rocksdb_column_family_handle_t* late = rocksdb_create_column_family(db, numo, "late", &err);
  CHECK_NOERR(err);
  for (int i = 0; i < 4; i++) put(db, late, in[i], "late");
  CHECK(!strcmp(keys_of(db, late, 1, buf, sizeof(buf)), "k10,k9,k2,k1"), "late backward: %s", buf);
  /* A transaction's own writes merge into the family's order. */
  for (int c = 0; c < 3; c++) rocksdb_column_family_handle_destroy(h[c]);
  rocksdb_column_family_handle_destroy(late);
  rocksdb_close(db);

  const char* names4[] = {"default", "num", "rev", "late"};
  const rocksdb_options_t* cfo4[] = {dbo, numo, revo, numo};
  rocksdb_column_family_handle_t* h4[4];
  /* A family reopened under another comparator than its own is refused. */
  const rocksdb_options_t* swapped[] = {dbo, revo, revo, numo};
  db = rocksdb_open_column_families(dbo, path, 4, names4, swapped, h4, &err);
  CHECK(db == NULL, "opened a family under another comparator");
  CHECK_ERR_PREFIX(err, "Invalid argument: test.Reverse: does not match existing comparator test.Numeric");

  rocksdb_transactiondb_options_t* topts = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_t* tdb =
      rocksdb_transactiondb_open_column_families(dbo, topts, path, 4, names4, cfo4, h4, &err);
  CHECK_NOERR(err);
  if (tdb) {
    rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    rocksdb_transaction_options_t* txo = rocksdb_transaction_options_create();
    rocksdb_transaction_t* txn = rocksdb_transaction_begin(tdb, wo, txo, NULL);
    rocksdb_transaction_put_cf(txn, h4[1], "k5", 2, "txn", 3, &err);
    CHECK_NOERR(err);
    rocksdb_transaction_put_cf(txn, h4[2], "k5", 2, "txn", 3, &err);
    CHECK_NOERR(err);
    rocksdb_iterator_t* it = rocksdb_transaction_create_iterator_cf(txn, ro, h4[1]);
    CHECK(!strcmp(listed(it, 0, buf, sizeof(buf)), "k1,k2,k5,k9,k10"), "txn num: %s", buf);
    rocksdb_iter_destroy(it);
    it = rocksdb_transaction_create_iterator_cf(txn, ro, h4[2]);
    CHECK(!strcmp(listed(it, 0, buf, sizeof(buf)), "k9,k5,k2,k10,k1"), "txn rev: %s", buf);
    rocksdb_iter_destroy(it);
    rocksdb_transaction_commit(txn, &err);
    CHECK_NOERR(err);
    rocksdb_transaction_destroy(txn);
    it = rocksdb_transactiondb_create_iterator_cf(tdb, ro, h4[2]);
    CHECK(!strcmp(listed(it, 1, buf, sizeof(buf)), "k1,k10,k2,k5,k9"), "committed rev backward: %s", buf);
    rocksdb_iter_destroy(it);
    rocksdb_transaction_options_destroy(txo);
    rocksdb_readoptions_destroy(ro);
    rocksdb_writeoptions_destroy(wo);
    for (int c = 0; c < 4; c++) rocksdb_column_family_handle_destroy(h4[c]);
    rocksdb_transactiondb_close(tdb);
  }
  rocksdb_transactiondb_options_destroy(topts);
  rocksdb_options_destroy(dbo);
  rocksdb_options_destroy(numo);
  rocksdb_options_destroy(revo);
  rocksdb_comparator_destroy(num);
  rocksdb_comparator_destroy(rev);
  CHECK(destroyed[2] == 1 && destroyed[3] == 1, "destructors: %d %d", destroyed[2], destroyed[3]);
  remove_db_path(path);
}

/* A name that changes between opens, a NULL comparator, one without callbacks. */
static void bad_input(void) {
  char *err = NULL;
  char name[32] = "test.Named.v1";
  rocksdb_comparator_t* named = rocksdb_comparator_create(name, NULL, reverse_compare, state_name);
  rocksdb_options_t* o = opts_with(named);
  make_db_path(path, sizeof(path), "comparator-bad");
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  put(db, NULL, "a", "1");
  rocksdb_close(db);
  snprintf(name, sizeof(name), "test.Named.v2");
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "opened after the name changed");
  CHECK_ERR_PREFIX(err, "Invalid argument: test.Named.v2: does not match existing comparator test.Named.v1");
  rocksdb_options_destroy(o);
  rocksdb_comparator_destroy(named);

  o = opts_with(NULL);
  rocksdb_options_set_comparator(o, NULL);
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "opened with a NULL comparator");
  CHECK_ERR_PREFIX(err, "Invalid argument: the comparator is NULL");
  rocksdb_options_destroy(o);

  rocksdb_comparator_t* empty = rocksdb_comparator_create(NULL, NULL, NULL, numeric_name);
  o = opts_with(empty);
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "opened with a comparator without compare");
  CHECK_ERR_PREFIX(err, "Invalid argument: the comparator has no compare function");
  rocksdb_envoptions_t* env = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(env, o);
  char sst[600];
  snprintf(sst, sizeof(sst), "%s.bad.sst", path);
  rocksdb_sstfilewriter_open(w, sst, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: the comparator has no compare function");
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(env);
  rocksdb_options_destroy(o);
  rocksdb_comparator_destroy(empty);
  remove_db_path(path);
}

/* Timestamp callbacks RocksDB never calls without timestamps: they count their calls. */
static int ts_calls;
static int ts_compare(void* state, const char* a, size_t al, const char* b, size_t bl) {
  (void)state, (void)a, (void)al, (void)b, (void)bl;
  ts_calls++;
  return 0;
}
static int ts_compare_without(void* state, const char* a, size_t al, unsigned char ah, const char* b,
                              size_t bl, unsigned char bh) {
  (void)state, (void)a, (void)al, (void)ah, (void)b, (void)bl, (void)bh;
  ts_calls++;
  return 0;
}

/* rocksdb_comparator_with_ts_create: with a timestamp size of 0 it is a comparator like any
 * other (its order, its name in the MANIFEST, its destructor); with 8 the open fails. */
static void with_timestamp_size(void) {
  char* err = NULL;
  int id = 0;
  destroyed[0] = 0;
  rocksdb_comparator_t* num = rocksdb_comparator_with_ts_create(&id, count_destroy, numeric_compare, ts_compare,
                                                                ts_compare_without, numeric_name, 0);
  CHECK(num != NULL, "rocksdb_comparator_with_ts_create returned NULL");
  rocksdb_options_t* o = opts_with(num);
  make_db_path(path, sizeof(path), "comparator-ts0");
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  const char* ks[] = {"k10", "k9", "k100", "k1"};
  for (int i = 0; i < 4; i++) put(db, NULL, ks[i], "v");
  flush(db, NULL);
  put(db, NULL, "k50", "v");
  char buf[256];
  CHECK(!strcmp(keys_of(db, NULL, 0, buf, sizeof(buf)), "k1,k9,k10,k50,k100"), "forward: %s", buf);
  CHECK(!strcmp(keys_of(db, NULL, 1, buf, sizeof(buf)), "k100,k50,k10,k9,k1"), "backward: %s", buf);
  rocksdb_close(db);
  CHECK(ts_calls == 0, "timestamp callbacks called %d times without timestamps", ts_calls);
  /* It wrote its own name: a comparator of another name is refused. */
  rocksdb_comparator_t* rev = rocksdb_comparator_create(&ids[1], NULL, reverse_compare, reverse_name);
  rocksdb_options_t* ro = opts_with(rev);
  db = rocksdb_open(ro, path, &err);
  CHECK(db == NULL, "opened under another comparator");
  CHECK_ERR_PREFIX(err, "Invalid argument: test.Reverse: does not match existing comparator test.Numeric");
  rocksdb_options_destroy(ro);
  rocksdb_comparator_destroy(rev);
  rocksdb_options_destroy(o);
  CHECK(destroyed[0] == 0, "destroyed by the database or the options");
  rocksdb_comparator_destroy(num);
  CHECK(destroyed[0] == 1, "destructor ran %d times", destroyed[0]);
  remove_db_path(path);

  rocksdb_comparator_t* ts8 = rocksdb_comparator_with_ts_create(NULL, NULL, numeric_compare, ts_compare,
                                                                ts_compare_without, numeric_name, 8);
  o = opts_with(ts8);
  make_db_path(path, sizeof(path), "comparator-ts8");
  db = rocksdb_open(o, path, &err);
  CHECK(db == NULL, "opened with a timestamp size of 8");
  CHECK_ERR_PREFIX(err, "Not implemented: user-defined timestamps");
  rocksdb_options_destroy(o);
  rocksdb_comparator_destroy(ts8);
  remove_db_path(path);
}

int main(void) {
  numeric_database();
  per_column_family();
  bad_input();
  with_timestamp_size();
  return check_report("t_comparator");
}
