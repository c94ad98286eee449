/* The ferrock-only entry points of rocksdb/ferrock_ext.h (outside c.h): a
 * transaction's snapshot moved forward and cleared (conflict checks follow it),
 * a save point popped, a single delete in a transaction, and a compaction filter
 * that drops merge operands. */
#include <rocksdb/ferrock_ext.h>
#include "check.h"

static int operands_seen = 0;

static unsigned char keep_values(void* state, int level, const char* key, size_t klen, const char* val, size_t vlen,
                                 char** new_value, size_t* new_len, unsigned char* changed) {
  (void)state; (void)level; (void)key; (void)klen; (void)val; (void)vlen; (void)new_value; (void)new_len; (void)changed;
  return 0;
}

/* Drops the operands spelled "bad". */
static unsigned char drop_bad(void* state, int level, const char* key, size_t klen, const char* op, size_t oplen) {
  (void)state; (void)level; (void)key; (void)klen;
  operands_seen++;
  return oplen == 3 && memcmp(op, "bad", 3) == 0;
}

static const char* filter_name(void* state) {
  (void)state;
  return "DropBad";
}

/* Appends operands to the existing value (no separator). */
static char* concat(void* state, const char* key, size_t klen, const char* existing, size_t elen,
                    const char* const* ops, const size_t* oplens, int n, unsigned char* success, size_t* new_len) {
  (void)state; (void)key; (void)klen;
  size_t total = existing ? elen : 0;
  for (int i = 0; i < n; i++) total += oplens[i];
  char* out = malloc(total + 1);
  size_t at = 0;
  if (existing) { memcpy(out, existing, elen); at = elen; }
  for (int i = 0; i < n; i++) { memcpy(out + at, ops[i], oplens[i]); at += oplens[i]; }
  *new_len = total;
  *success = 1;
  return out;
}

static const char* merge_name(void* state) {
  (void)state;
  return "Concat";
}

static void transactions(void) {
  char path[512];
  make_db_path(path, sizeof(path), "ext-txn");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_transactiondb_options_t* tdo = rocksdb_transactiondb_options_create();
  char* err = NULL;
  rocksdb_transactiondb_t* db = rocksdb_transactiondb_open(o, tdo, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_transaction_options_t* to = rocksdb_transaction_options_create();
  rocksdb_transaction_options_set_set_snapshot(to, 1);

  /* A write after the transaction's snapshot conflicts; after set_snapshot it does not. */
  rocksdb_transaction_t* t = rocksdb_transaction_begin(db, wo, to, NULL);
  rocksdb_transactiondb_put(db, wo, "y", 1, "outside", 7, &err);
  CHECK_NOERR(err);
  const rocksdb_snapshot_t* before = rocksdb_transaction_get_snapshot(t);
  ferrock_transaction_set_snapshot(t);
  const rocksdb_snapshot_t* after = rocksdb_transaction_get_snapshot(t);
  CHECK(before != NULL && after != NULL &&
            rocksdb_snapshot_get_sequence_number(after) > rocksdb_snapshot_get_sequence_number(before),
        "set_snapshot moves the snapshot forward");
  rocksdb_readoptions_set_snapshot(ro, after);
  size_t len = 0;
  char* v = rocksdb_transaction_get_for_update(t, ro, "y", 1, &len, 1, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "outside");
  free(v);
  rocksdb_readoptions_set_snapshot(ro, NULL);
  rocksdb_free((void*)before);
  rocksdb_free((void*)after);
  ferrock_transaction_clear_snapshot(t);
  CHECK(rocksdb_transaction_get_snapshot(t) == NULL, "clear_snapshot leaves no snapshot");

  /* pop_savepoint keeps the writes; a second pop has no save point. */
  rocksdb_transaction_put(t, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_set_savepoint(t);
  rocksdb_transaction_put(t, "b", 1, "2", 1, &err);
  CHECK_NOERR(err);
  ferrock_transaction_pop_savepoint(t, &err);
  CHECK_NOERR(err);
  ferrock_transaction_pop_savepoint(t, &err);
  CHECK(err != NULL && strcmp(err, "NotFound: ") == 0, "no save point: NotFound with no message");
  free(err);
  err = NULL;
  rocksdb_transaction_rollback_to_savepoint(t, &err);
  CHECK_ERR_PREFIX(err, "NotFound");

  /* single delete inside the transaction. */
  rocksdb_column_family_handle_t* cf = rocksdb_get_default_column_family_handle((rocksdb_t*)NULL);
  CHECK(cf == NULL, "no default handle from a NULL db");
  rocksdb_t* base = rocksdb_transactiondb_get_base_db(db);
  cf = rocksdb_get_default_column_family_handle(base);
  ferrock_transaction_singledelete_cf(t, cf, "y", 1, &err);
  CHECK_NOERR(err);
  rocksdb_transaction_commit(t, &err);
  CHECK_NOERR(err);
  v = rocksdb_transactiondb_get(db, ro, "b", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "2");
  free(v);
  v = rocksdb_transactiondb_get(db, ro, "y", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK(v == NULL, "single-deleted key is gone");
  ferrock_transaction_pop_savepoint(NULL, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument");

  rocksdb_column_family_handle_destroy(cf);
  rocksdb_transactiondb_close_base_db(base);
  rocksdb_transaction_destroy(t);
  rocksdb_transaction_options_destroy(to);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_transactiondb_close(db);
  rocksdb_transactiondb_options_destroy(tdo);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

static void merge_operand_filter(void) {
  char path[512];
  make_db_path(path, sizeof(path), "ext-filter");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_merge_operator(o, rocksdb_mergeoperator_create(NULL, NULL, concat, NULL, NULL, merge_name));
  rocksdb_compactionfilter_t* f =
      ferrock_compactionfilter_create_with_merge_operand(NULL, NULL, keep_values, drop_bad, filter_name);
  rocksdb_options_set_compaction_filter(o, f);
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  const char* ops[] = {"x", "bad", "y", "bad"};
  for (int i = 0; i < 4; i++) {
    rocksdb_merge(db, wo, "k", 1, ops[i], strlen(ops[i]), &err);
    CHECK_NOERR(err);
  }
  rocksdb_compactoptions_t* co = rocksdb_compactoptions_create();
  rocksdb_compact_range_opt(db, co, NULL, 0, NULL, 0);
  CHECK(operands_seen == 4, "the filter saw each operand (%d)", operands_seen);
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  size_t len = 0;
  char* v = rocksdb_get(db, ro, "k", 1, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "xy");
  free(v);
  rocksdb_readoptions_destroy(ro);
  rocksdb_compactoptions_destroy(co);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_compactionfilter_destroy(f);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  transactions();
  merge_operand_filter();
  return check_report("t_ferrock_ext");
}
