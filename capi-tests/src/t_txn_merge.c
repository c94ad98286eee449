/* Merges inside transactions and WriteBatchWithIndex through the C API, with
 * uint64add counters: reads inside the transaction resolve its operands over
 * the database's value (get, get_for_update, iterator), commits with and
 * without commit_bypass_memtable give the same counters, and a batch alone
 * answers "Merge in progress" for operands with nothing under them. */
#include <stdint.h>
#include <rocksdb/c.h>
#include "check.h"

static void le64(char* out, uint64_t v) {
  for (int i = 0; i < 8; i++) out[i] = (char)((v >> (8 * i)) & 0xff);
}

static int is_counter(const char* v, size_t len, uint64_t want) {
  if (v == NULL || len != 8) return 0;
  uint64_t got = 0;
  for (int i = 7; i >= 0; i--) got = (got << 8) | (unsigned char)v[i];
  return got == want;
}

static void counters_round(rocksdb_transactiondb_t* db, int bypass, uint64_t base) {
  char* err = NULL;
  size_t len = 0;
  char one[8], five[8];
  le64(one, 1);
  le64(five, 5);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_transaction_options_t* to = rocksdb_transaction_options_create();
  rocksdb_transaction_options_set_commit_bypass_memtable(to, (unsigned char)bypass);
  rocksdb_transaction_t* t = rocksdb_transaction_begin(db, wo, to, NULL);
  if (bypass) {
    /* ferrock inserts commits of fewer than 64 writes even when the bypass is asked for
     * (same result, faster); these keys (sorted before "hits") make this one take it. */
    for (int i = 0; i < 64; i++) {
      char fk[16];
      snprintf(fk, sizeof(fk), "a-fill-%02d", i);
      rocksdb_transaction_put(t, fk, strlen(fk), one, 8, &err);
      CHECK_NOERR(err);
    }
  }
  rocksdb_transaction_merge(t, "hits", 4, one, 8, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_merge(t, "hits", 4, five, 8, &err);
  CHECK_NOERR(err);
  char* v = rocksdb_transaction_get(t, ro, "hits", 4, &len, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, base + 6), "get inside txn (bypass %d)", bypass);
  free(v);
  v = rocksdb_transaction_get_for_update(t, ro, "hits", 4, &len, 1, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, base + 6), "get_for_update inside txn (bypass %d)", bypass);
  free(v);
  rocksdb_iterator_t* it = rocksdb_transaction_create_iterator(t, ro);
  rocksdb_iter_seek(it, "hits", 4);
  CHECK(rocksdb_iter_valid(it), "iterator finds hits");
  if (rocksdb_iter_valid(it)) {
    const char* iv = rocksdb_iter_value(it, &len);
    CHECK(is_counter(iv, len, base + 6), "iterator value (bypass %d)", bypass);
  }
  rocksdb_iter_destroy(it);
  rocksdb_transaction_commit(t, &err);
  CHECK_NOERR(err);
  v = rocksdb_transactiondb_get(db, ro, "hits", 4, &len, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, base + 6), "committed counter (bypass %d)", bypass);
  free(v);
  rocksdb_transaction_destroy(t);
  rocksdb_transaction_options_destroy(to);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
}

int main(void) {
  char path[512], path2[512];
  char* err = NULL;
  size_t len = 0;
  char* v;
  char ten[8], two[8], three[8];
  le64(ten, 10);
  le64(two, 2);
  le64(three, 3);
  make_db_path(path, sizeof(path), "txn-merge");
  make_db_path(path2, sizeof(path2), "wbwi-merge");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_uint64add_merge_operator(o);
  rocksdb_transactiondb_options_t* tdo = rocksdb_transactiondb_options_create();
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();

  rocksdb_transactiondb_t* db = rocksdb_transactiondb_open(o, tdo, path, &err);
  CHECK_NOERR(err);
  rocksdb_transactiondb_put(db, wo, "hits", 4, ten, 8, &err);
  CHECK_NOERR(err);
  counters_round(db, 0, 10);
  counters_round(db, 1, 16);
  rocksdb_transactiondb_merge(db, wo, "hits", 4, two, 8, &err);
  CHECK_NOERR(err);
  v = rocksdb_transactiondb_get(db, ro, "hits", 4, &len, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, 24), "transactiondb_merge");
  free(v);
  rocksdb_transactiondb_flush(db, NULL, &err);
  if (err) { free(err); err = NULL; }
  counters_round(db, 1, 24);
  rocksdb_transactiondb_close(db);

  /* WriteBatchWithIndex over a plain database. */
  rocksdb_t* pdb = rocksdb_open(o, path2, &err);
  CHECK_NOERR(err);
  rocksdb_put(pdb, wo, "k", 1, ten, 8, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_wi_t* b = rocksdb_writebatch_wi_create(0, 1);
  rocksdb_writebatch_wi_merge(b, "k", 1, two, 8);
  rocksdb_writebatch_wi_merge(b, "k", 1, three, 8);
  v = rocksdb_writebatch_wi_get_from_batch(b, o, "k", 1, &len, &err);
  CHECK_ERR_PREFIX(err, "Merge in progress");
  free(v);
  v = rocksdb_writebatch_wi_get_from_batch_and_db(b, pdb, ro, "k", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, 15), "wbwi get_from_batch_and_db");
  free(v);
  rocksdb_writebatch_wi_put(b, "p", 1, ten, 8);
  rocksdb_writebatch_wi_merge(b, "p", 1, three, 8);
  v = rocksdb_writebatch_wi_get_from_batch(b, o, "p", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, 13), "wbwi get_from_batch over its own put");
  free(v);
  rocksdb_iterator_t* it = rocksdb_writebatch_wi_create_iterator_with_base(b, rocksdb_create_iterator(pdb, ro));
  rocksdb_iter_seek_to_first(it);
  CHECK(rocksdb_iter_valid(it), "wbwi iterator valid");
  if (rocksdb_iter_valid(it)) {
    const char* iv = rocksdb_iter_value(it, &len);
    CHECK(is_counter(iv, len, 15), "wbwi iterator merges over the db");
  }
  rocksdb_iter_destroy(it);
  rocksdb_write_writebatch_wi(pdb, wo, b, &err);
  CHECK_NOERR(err);
  v = rocksdb_get(pdb, ro, "k", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(is_counter(v, len, 15), "wbwi written");
  free(v);
  rocksdb_writebatch_wi_destroy(b);
  rocksdb_close(pdb);

  rocksdb_transactiondb_options_destroy(tdo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  remove_db_path(path2);
  return check_report("t_txn_merge");
}
