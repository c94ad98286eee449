/* Transactions through the C API: TransactionDB writes and reads, isolation,
 * lock timeouts, deadlock detection, counters from many threads under
 * get_for_update, savepoints, iterators over a transaction's writes, two-phase
 * commit recovered after reopen, the bypassing commit, optimistic conflicts,
 * WriteBatchWithIndex reads, options read back, and perf context timings. */
#include <pthread.h>
#include <rocksdb/c.h>
#include "check.h"

static rocksdb_transactiondb_t* open_txn_db(const char* path, rocksdb_options_t* o, rocksdb_transactiondb_options_t* to) {
  char* err = NULL;
  rocksdb_transactiondb_t* db = rocksdb_transactiondb_open(o, to, path, &err);
  CHECK_NOERR(err);
  return db;
}

struct worker {
  rocksdb_transactiondb_t* db;
  int rounds;
  int failures;
};

static void* increment(void* arg) {
  struct worker* w = (struct worker*)arg;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_transaction_options_t* to = rocksdb_transaction_options_create();
  rocksdb_transaction_options_set_lock_timeout(to, -1);
  rocksdb_transaction_t* t = NULL;
  for (int i = 0; i < w->rounds; i++) {
    char* err = NULL;
    t = rocksdb_transaction_begin(w->db, wo, to, t);
    size_t len = 0;
    char* v = rocksdb_transaction_get_for_update(t, ro, "counter", 7, &len, 1, &err);
    if (err) { w->failures++; free(err); err = NULL; continue; }
    char buf[32];
    snprintf(buf, sizeof(buf), "%.*s", (int)len, v);
    free(v);
    snprintf(buf, sizeof(buf), "%ld", atol(buf) + 1);
    rocksdb_transaction_put(t, "counter", 7, buf, strlen(buf), &err);
    if (err) { w->failures++; free(err); err = NULL; }
    rocksdb_transaction_commit(t, &err);
    if (err) { w->failures++; free(err); err = NULL; }
  }
  rocksdb_transaction_destroy(t);
  rocksdb_transaction_options_destroy(to);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  return NULL;
}

struct waiter {
  rocksdb_transaction_t* t;
  char* err;
};

static void* lock_a(void* arg) {
  struct waiter* w = (struct waiter*)arg;
  rocksdb_transaction_put(w->t, "a", 1, "2", 1, &w->err);
  return NULL;
}

int main(void) {
  char path[512];
  char* err = NULL;
  size_t len = 0;
  char* v;
  make_db_path(path, sizeof(path), "txn");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_transactiondb_options_t* tdo = rocksdb_transactiondb_options_create();

  /* Options read back. */
  rocksdb_transactiondb_options_set_num_stripes(tdo, 32);
  CHECK(rocksdb_transactiondb_options_get_num_stripes(tdo) == 32, "num_stripes");
  rocksdb_transactiondb_options_set_txn_commit_bypass_memtable_threshold(tdo, 1000);
  CHECK(rocksdb_transactiondb_options_get_txn_commit_bypass_memtable_threshold(tdo) == 1000, "threshold");
  CHECK(rocksdb_transactiondb_options_get_transaction_lock_timeout(tdo) == 1000, "default lock timeout");
  rocksdb_transaction_options_t* to = rocksdb_transaction_options_create();
  CHECK(rocksdb_transaction_options_get_lock_timeout(to) == -1, "txn lock timeout default");
  rocksdb_transaction_options_set_deadlock_detect(to, 1);
  CHECK(rocksdb_transaction_options_get_deadlock_detect(to) == 1, "deadlock_detect");
  rocksdb_transaction_options_set_commit_bypass_memtable(to, 1);
  CHECK(rocksdb_transaction_options_get_commit_bypass_memtable(to) == 1, "bypass");
  rocksdb_transaction_options_set_commit_bypass_memtable(to, 0);
  rocksdb_transaction_options_set_lock_timeout(to, 50);

  rocksdb_transactiondb_t* db = open_txn_db(path, o, tdo);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();

  /* The TransactionDB's own writes and reads. */
  rocksdb_transactiondb_put(db, wo, "k", 1, "v0", 2, &err);
  CHECK_NOERR(err);
  v = rocksdb_transactiondb_get(db, ro, "k", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "v0");
  free(v);

  /* Isolation: a transaction's write is visible to it only until commit. */
  rocksdb_transaction_t* t1 = rocksdb_transaction_begin(db, wo, to, NULL);
  rocksdb_transaction_put(t1, "k", 1, "v1", 2, &err);
  CHECK_NOERR(err);
  v = rocksdb_transaction_get(t1, ro, "k", 1, &len, &err);
  CHECK_VALUE(v, len, "v1");
  free(v);
  v = rocksdb_transactiondb_get(db, ro, "k", 1, &len, &err);
  CHECK_VALUE(v, len, "v0");
  free(v);

  /* Lock timeout: another transaction cannot write the locked key. */
  rocksdb_transaction_t* t2 = rocksdb_transaction_begin(db, wo, to, NULL);
  rocksdb_transaction_put(t2, "k", 1, "v2", 2, &err);
  CHECK_ERR_PREFIX(err, "Operation timed out: Timeout waiting to lock key");
  rocksdb_transaction_commit(t1, &err);
  CHECK_NOERR(err);
  v = rocksdb_transactiondb_get(db, ro, "k", 1, &len, &err);
  CHECK_VALUE(v, len, "v1");
  free(v);

  /* Deadlock: t1 holds a and waits for b, t2 holds b and waits for a. */
  rocksdb_transaction_options_set_lock_timeout(to, 5000);
  t1 = rocksdb_transaction_begin(db, wo, to, t1);
  t2 = rocksdb_transaction_begin(db, wo, to, t2);
  rocksdb_transaction_put(t1, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_put(t2, "b", 1, "2", 1, &err);
  CHECK_NOERR(err);
  struct waiter w2 = {t2, NULL};
  pthread_t th;
  pthread_create(&th, NULL, lock_a, &w2);
  usleep(100 * 1000); /* let t2 start waiting (a retry below covers a slow start) */
  int deadlock = 0;
  for (int i = 0; i < 50 && !deadlock; i++) {
    rocksdb_transaction_put(t1, "b", 1, "1", 1, &err);
    if (err && strncmp(err, "Resource busy: Deadlock", 23) == 0) deadlock = 1;
    if (err) { free(err); err = NULL; }
    if (!deadlock) usleep(20 * 1000);
  }
  CHECK(deadlock, "deadlock detected");
  rocksdb_transaction_rollback(t1, &err);
  CHECK_NOERR(err);
  pthread_join(th, NULL);
  CHECK_NOERR(w2.err);
  rocksdb_transaction_commit(t2, &err);
  CHECK_NOERR(err);

  /* Counters from many threads under get_for_update sum exactly. */
  rocksdb_transactiondb_put(db, wo, "counter", 7, "0", 1, &err);
  CHECK_NOERR(err);
  enum { THREADS = 8, ROUNDS = 100 };
  pthread_t ths[THREADS];
  struct worker ws[THREADS];
  for (int i = 0; i < THREADS; i++) {
    ws[i].db = db; ws[i].rounds = ROUNDS; ws[i].failures = 0;
    pthread_create(&ths[i], NULL, increment, &ws[i]);
  }
  int failures = 0;
  for (int i = 0; i < THREADS; i++) { pthread_join(ths[i], NULL); failures += ws[i].failures; }
  CHECK(failures == 0, "%d failed increments", failures);
  v = rocksdb_transactiondb_get(db, ro, "counter", 7, &len, &err);
  CHECK_VALUE(v, len, "800");
  free(v);

  /* Savepoints and the iterator over the transaction's writes. */
  t1 = rocksdb_transaction_begin(db, wo, to, t1);
  rocksdb_transaction_put(t1, "s1", 2, "x", 1, &err);
  rocksdb_transaction_set_savepoint(t1);
  rocksdb_transaction_put(t1, "s2", 2, "y", 1, &err);
  rocksdb_transaction_delete(t1, "k", 1, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_rollback_to_savepoint(t1, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_rollback_to_savepoint(t1, &err);
  CHECK_ERR_PREFIX(err, "NotFound");
  v = rocksdb_transaction_get(t1, ro, "s2", 2, &len, &err);
  CHECK(v == NULL, "s2 rolled back");
  rocksdb_iterator_t* it = rocksdb_transaction_create_iterator(t1, ro);
  rocksdb_iter_seek(it, "k", 1);
  size_t kl = 0;
  const char* k = rocksdb_iter_key(it, &kl);
  CHECK(rocksdb_iter_valid(it) && kl == 1 && k[0] == 'k', "iterator sees k");
  rocksdb_iter_next(it);
  k = rocksdb_iter_key(it, &kl);
  CHECK(rocksdb_iter_valid(it) && kl == 2 && memcmp(k, "s1", 2) == 0, "iterator sees the transaction's s1");
  rocksdb_iter_destroy(it);
  rocksdb_pinnableslice_t* p = rocksdb_transaction_get_pinned(t1, ro, "s1", 2, &err);
  CHECK_NOERR(err);
  const char* pv = rocksdb_pinnableslice_value(p, &len);
  CHECK_VALUE(pv, len, "x");
  rocksdb_pinnableslice_destroy(p);
  rocksdb_transaction_commit(t1, &err);
  CHECK_NOERR(err);

  /* A transaction's snapshot: the handle reads at the transaction's read point, is freed with
   * rocksdb_free (as RocksDB's c.h says), and pins nothing once the transaction ends. */
  {
    char* num = rocksdb_transactiondb_property_value(db, "rocksdb.num-snapshots");
    CHECK(num != NULL && strcmp(num, "0") == 0, "no snapshots before: %s", num ? num : "NULL");
    free(num);
    rocksdb_transaction_options_set_set_snapshot(to, 1);
    rocksdb_transaction_t* ts = rocksdb_transaction_begin(db, wo, to, NULL);
    rocksdb_transaction_options_set_set_snapshot(to, 0);
    const rocksdb_snapshot_t* s = rocksdb_transaction_get_snapshot(ts);
    CHECK(s != NULL, "transaction snapshot");
    rocksdb_transactiondb_put(db, wo, "snapkey", 7, "after", 5, &err);
    CHECK_NOERR(err);
    rocksdb_readoptions_t* sro = rocksdb_readoptions_create();
    rocksdb_readoptions_set_snapshot(sro, s);
    v = rocksdb_transactiondb_get(db, sro, "snapkey", 7, &len, &err);
    CHECK_NOERR(err);
    CHECK(v == NULL, "the snapshot does not see a later write");
    free(v);
    CHECK(rocksdb_snapshot_get_sequence_number(s) > 0, "snapshot sequence");
    num = rocksdb_transactiondb_property_value(db, "rocksdb.num-snapshots");
    CHECK(num != NULL && strcmp(num, "1") == 0, "the transaction holds one snapshot: %s", num ? num : "NULL");
    free(num);
    rocksdb_free((void*)s);
    rocksdb_transaction_rollback(ts, &err);
    CHECK_NOERR(err);
    rocksdb_transaction_destroy(ts);
    rocksdb_readoptions_destroy(sro);
    num = rocksdb_transactiondb_property_value(db, "rocksdb.num-snapshots");
    CHECK(num != NULL && strcmp(num, "0") == 0, "no snapshot pinned after the transaction: %s", num ? num : "NULL");
    free(num);
  }

  /* Two-phase commit: a prepared transaction survives a reopen. */
  t1 = rocksdb_transaction_begin(db, wo, to, t1);
  rocksdb_transaction_set_name(t1, "xid-1", 5, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_put(t1, "p", 1, "prepared", 8, &err);
  rocksdb_transaction_prepare(t1, &err);
  CHECK_NOERR(err);
  char* name = rocksdb_transaction_get_name(t1, &len);
  CHECK_VALUE(name, len, "xid-1");
  free(name);
  rocksdb_transaction_destroy(t2);
  rocksdb_transaction_destroy(t1); /* no decision: stays prepared in the WAL */
  rocksdb_transactiondb_close(db);
  db = open_txn_db(path, o, tdo);
  size_t cnt = 0;
  rocksdb_transaction_t** prepared = rocksdb_transactiondb_get_prepared_transactions(db, &cnt);
  CHECK(cnt == 1, "one prepared transaction, got %zu", cnt);
  if (cnt == 1) {
    name = rocksdb_transaction_get_name(prepared[0], &len);
    CHECK_VALUE(name, len, "xid-1");
    free(name);
    v = rocksdb_transactiondb_get(db, ro, "p", 1, &len, &err);
    CHECK(v == NULL, "prepared data not visible before commit");
    rocksdb_transaction_commit(prepared[0], &err);
    CHECK_NOERR(err);
    rocksdb_transaction_destroy(prepared[0]);
  }
  rocksdb_free(prepared);
  v = rocksdb_transactiondb_get(db, ro, "p", 1, &len, &err);
  CHECK_VALUE(v, len, "prepared");
  free(v);

  /* A commit that bypasses the memtable, with perf context timings. */
  rocksdb_set_perf_level(3);
  rocksdb_perfcontext_t* pc = rocksdb_perfcontext_create();
  rocksdb_perfcontext_reset(pc);
  rocksdb_transaction_options_set_commit_bypass_memtable(to, 1);
  t1 = rocksdb_transaction_begin(db, wo, to, NULL);
  for (int i = 0; i < 1000; i++) {
    char key[16];
    snprintf(key, sizeof(key), "bulk%04d", i);
    rocksdb_transaction_put(t1, key, strlen(key), "b", 1, &err);
  }
  rocksdb_transaction_commit(t1, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_perfcontext_metric(pc, rocksdb_write_wal_time) > 0, "write_wal_time measured");
  char* report = rocksdb_perfcontext_report(pc, 0);
  CHECK(report && strstr(report, "write_memtable_time") != NULL, "report names write_memtable_time");
  free(report);
  rocksdb_perfcontext_destroy(pc);
  rocksdb_set_perf_level(1);
  v = rocksdb_transactiondb_get(db, ro, "bulk0999", 8, &len, &err);
  CHECK_VALUE(v, len, "b");
  free(v);
  rocksdb_transaction_destroy(t1);

  /* FlushWAL with options on the base database: synced, and NULL options (no sync). */
  rocksdb_flushwaloptions_t* fwo = rocksdb_flushwaloptions_create();
  rocksdb_flushwaloptions_set_sync(fwo, 1);
  rocksdb_transactiondb_flush_wal_with_options(db, fwo, &err);
  CHECK_NOERR(err);
  rocksdb_transactiondb_flush_wal_with_options(db, NULL, &err);
  CHECK_NOERR(err);
  rocksdb_flushwaloptions_destroy(fwo);
  rocksdb_transactiondb_flush_wal_with_options(NULL, NULL, &err);
  CHECK(err != NULL, "a NULL database is an error");
  free(err);
  err = NULL;
  rocksdb_transactiondb_close(db);

  /* Optimistic: a conflicting write between read and commit is Busy. */
  char opath[512];
  make_db_path(opath, sizeof(opath), "otxn");
  rocksdb_optimistictransactiondb_t* odb = rocksdb_optimistictransactiondb_open(o, opath, &err);
  CHECK_NOERR(err);
  rocksdb_optimistictransaction_options_t* oto = rocksdb_optimistictransaction_options_create();
  rocksdb_t* base = rocksdb_optimistictransactiondb_get_base_db(odb);
  rocksdb_put(base, wo, "k", 1, "0", 1, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_t* ot = rocksdb_optimistictransaction_begin(odb, wo, oto, NULL);
  v = rocksdb_transaction_get_for_update(ot, ro, "k", 1, &len, 1, &err);
  CHECK_VALUE(v, len, "0");
  free(v);
  rocksdb_transaction_put(ot, "k", 1, "1", 1, &err);
  rocksdb_put(base, wo, "k", 1, "outside", 7, &err);
  rocksdb_transaction_commit(ot, &err);
  CHECK_ERR_PREFIX(err, "Resource busy: ");
  ot = rocksdb_optimistictransaction_begin(odb, wo, oto, ot);
  rocksdb_transaction_put(ot, "j", 1, "1", 1, &err);
  rocksdb_transaction_commit(ot, &err);
  CHECK_NOERR(err);
  v = rocksdb_get(base, ro, "k", 1, &len, &err);
  CHECK_VALUE(v, len, "outside");
  free(v);

  /* Lock buckets shared by two optimistic databases (parallel validation), and serial validation. */
  rocksdb_optimistictransactiondb_lock_buckets_t* lb = rocksdb_optimistictransactiondb_lock_buckets_create(128, 0);
  rocksdb_optimistictransactiondb_lock_buckets_t* lba = rocksdb_optimistictransactiondb_lock_buckets_create(128, 1);
  size_t mem = rocksdb_optimistictransactiondb_lock_buckets_approximate_memory_usage(lb);
  size_t mem_aligned = rocksdb_optimistictransactiondb_lock_buckets_approximate_memory_usage(lba);
  CHECK(mem > 0 && mem_aligned > mem, "bucket memory %zu, cache aligned %zu", mem, mem_aligned);
  rocksdb_optimistictransactiondb_lock_buckets_destroy(lba);
  rocksdb_optimistictransactiondb_options_t* odo = rocksdb_optimistictransactiondb_options_create();
  CHECK(rocksdb_optimistictransactiondb_options_get_validate_policy(odo) == 1 &&
            rocksdb_optimistictransactiondb_options_get_occ_lock_buckets(odo) == (1u << 20),
        "defaults: parallel validation, 2^20 buckets");
  rocksdb_optimistictransactiondb_options_set_shared_lock_buckets(odo, lb);
  rocksdb_optimistictransactiondb_lock_buckets_destroy(lb); /* the options keep them */
  char opath2[512], opath3[512];
  make_db_path(opath2, sizeof(opath2), "otxn-shared-a");
  make_db_path(opath3, sizeof(opath3), "otxn-shared-b");
  rocksdb_optimistictransactiondb_t* oa = rocksdb_optimistictransactiondb_open_with_otxn_db_options(o, odo, opath2, &err);
  CHECK_NOERR(err);
  rocksdb_optimistictransactiondb_t* ob = rocksdb_optimistictransactiondb_open_with_otxn_db_options(o, odo, opath3, &err);
  CHECK_NOERR(err);
  rocksdb_optimistictransactiondb_options_set_validate_policy(odo, 0);
  CHECK(rocksdb_optimistictransactiondb_options_get_validate_policy(odo) == 0, "serial read back");
  char opath4[512];
  make_db_path(opath4, sizeof(opath4), "otxn-serial");
  rocksdb_optimistictransactiondb_t* oc = rocksdb_optimistictransactiondb_open_with_otxn_db_options(o, odo, opath4, &err);
  CHECK_NOERR(err);
  rocksdb_optimistictransactiondb_options_destroy(odo);
  rocksdb_optimistictransactiondb_t* dbs[3] = {oa, ob, oc};
  for (int i = 0; i < 3; i++) {
    rocksdb_t* b = rocksdb_optimistictransactiondb_get_base_db(dbs[i]);
    rocksdb_transaction_t* x = rocksdb_optimistictransaction_begin(dbs[i], wo, oto, NULL);
    rocksdb_transaction_t* y = rocksdb_optimistictransaction_begin(dbs[i], wo, oto, NULL);
    v = rocksdb_transaction_get_for_update(x, ro, "s", 1, &len, 1, &err);
    CHECK(v == NULL && err == NULL, "db %d: s absent", i);
    rocksdb_transaction_put(x, "s", 1, "x", 1, &err);
    rocksdb_transaction_put(y, "s", 1, "y", 1, &err);
    rocksdb_transaction_commit(y, &err);
    CHECK_NOERR(err);
    rocksdb_transaction_commit(x, &err);
    CHECK_ERR_PREFIX(err, "Resource busy: ");
    v = rocksdb_get(b, ro, "s", 1, &len, &err);
    CHECK_VALUE(v, len, "y");
    free(v);
    rocksdb_transaction_destroy(x);
    rocksdb_transaction_destroy(y);
    rocksdb_optimistictransactiondb_close_base_db(b);
    rocksdb_optimistictransactiondb_close(dbs[i]);
  }

  /* WriteBatchWithIndex over the database. */
  rocksdb_writebatch_wi_t* wb = rocksdb_writebatch_wi_create(0, 1);
  rocksdb_writebatch_wi_put(wb, "j", 1, "wb", 2);
  rocksdb_writebatch_wi_delete(wb, "k", 1);
  rocksdb_writebatch_wi_put(wb, "m", 1, "wb", 2);
  CHECK(rocksdb_writebatch_wi_count(wb) == 3, "wbwi count");
  v = rocksdb_writebatch_wi_get_from_batch(wb, o, "j", 1, &len, &err);
  CHECK_VALUE(v, len, "wb");
  free(v);
  v = rocksdb_writebatch_wi_get_from_batch_and_db(wb, base, ro, "k", 1, &len, &err);
  CHECK(v == NULL, "deleted in batch");
  rocksdb_writebatch_wi_set_save_point(wb);
  rocksdb_writebatch_wi_put(wb, "z", 1, "gone", 4);
  rocksdb_writebatch_wi_rollback_to_save_point(wb, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_writebatch_wi_count(wb) == 3, "rolled back");
  it = rocksdb_writebatch_wi_create_iterator_with_base(wb, rocksdb_create_iterator(base, ro));
  int n = 0;
  char seen[64] = "";
  for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
    k = rocksdb_iter_key(it, &kl);
    const char* iv = rocksdb_iter_value(it, &len);
    size_t at = strlen(seen);
    snprintf(seen + at, sizeof(seen) - at, "%.*s=%.*s;", (int)kl, k, (int)len, iv);
    n++;
  }
  CHECK(strcmp(seen, "j=wb;m=wb;") == 0, "merged iteration, got %s", seen);
  rocksdb_iter_destroy(it);
  rocksdb_write_writebatch_wi(base, wo, wb, &err);
  CHECK_NOERR(err);
  v = rocksdb_get(base, ro, "m", 1, &len, &err);
  CHECK_VALUE(v, len, "wb");
  free(v);
  rocksdb_writebatch_wi_destroy(wb);

  rocksdb_transaction_destroy(ot);
  rocksdb_optimistictransaction_options_destroy(oto);
  rocksdb_optimistictransactiondb_close_base_db(base);
  rocksdb_optimistictransactiondb_close(odb);
  rocksdb_transaction_options_destroy(to);
  rocksdb_transactiondb_options_destroy(tdo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  remove_db_path(opath);
  (void)n;
  return check_report("t_txn");
}
