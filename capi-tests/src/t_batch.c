/* Write batches without a database: count, RocksDB bytes, iterate callbacks,
 * save points, and a round trip through rocksdb_writebatch_create_from. */
#include <rocksdb/c.h>
#include "check.h"

struct seen {
  char log[512];
};

static void on_put(void* state, const char* k, size_t klen, const char* v, size_t vlen) {
  struct seen* s = (struct seen*)state;
  size_t n = strlen(s->log);
  snprintf(s->log + n, sizeof(s->log) - n, "put(%.*s=%.*s);", (int)klen, k, (int)vlen, v);
}

static void on_delete(void* state, const char* k, size_t klen) {
  struct seen* s = (struct seen*)state;
  size_t n = strlen(s->log);
  snprintf(s->log + n, sizeof(s->log) - n, "del(%.*s);", (int)klen, k);
}

static void on_log_data(void* state, const char* blob, size_t len) {
  struct seen* s = (struct seen*)state;
  size_t n = strlen(s->log);
  snprintf(s->log + n, sizeof(s->log) - n, "log(%.*s);", (int)len, blob);
}

int main(void) {
  char* err = NULL;
  rocksdb_writebatch_t* b = rocksdb_writebatch_create();
  CHECK(rocksdb_writebatch_count(b) == 0, "new batch is empty");
  size_t size = 0;
  rocksdb_writebatch_data(b, &size);
  CHECK(size == 12, "empty batch is the 12-byte header, got %zu", size);

  rocksdb_writebatch_put(b, "a", 1, "1", 1);
  rocksdb_writebatch_delete(b, "b", 1);
  rocksdb_writebatch_put_log_data(b, "blob", 4);
  const char* ks[2] = {"c", "d"};
  size_t kl[2] = {1, 1};
  const char* vs[2] = {"x", "y"};
  size_t vl[2] = {1, 1};
  rocksdb_writebatch_putv(b, 2, ks, kl, 2, vs, vl);
  rocksdb_writebatch_singledelete(b, "e", 1);
  CHECK(rocksdb_writebatch_count(b) == 4, "count excludes log data, got %d", rocksdb_writebatch_count(b));

  struct seen s;
  memset(&s, 0, sizeof(s));
  /* A SingleDelete reaches no callback: db/c.cc's handler overrides Put, Delete and
     LogData, and WriteBatch::Handler's default SingleDelete does nothing (checked on
     RocksDB 7.8.3 by the differential test). */
  rocksdb_writebatch_iterate(b, &s, on_put, on_delete);
  CHECK(strcmp(s.log, "put(a=1);del(b);put(cd=xy);") == 0, "iterate order: %s", s.log);
  memset(&s, 0, sizeof(s));
  rocksdb_writebatch_iterate_ld(b, &s, on_put, on_delete, on_log_data);
  CHECK(strcmp(s.log, "put(a=1);del(b);log(blob);put(cd=xy);") == 0, "iterate_ld: %s", s.log);

  /* Record bytes as RocksDB writes them: tag 1, varint key, varint value. */
  const char* data = rocksdb_writebatch_data(b, &size);
  CHECK(size > 12 && data[12] == 0x01 && data[13] == 1 && data[14] == 'a' && data[15] == 1 && data[16] == '1',
        "first record is kTypeValue a=1");
  rocksdb_writebatch_t* copy = rocksdb_writebatch_create_from(data, size);
  CHECK(copy != NULL && rocksdb_writebatch_count(copy) == 4, "create_from keeps the records");
  rocksdb_writebatch_destroy(copy);
  CHECK(rocksdb_writebatch_create_from("short", 5) == NULL, "create_from rejects a truncated batch");

  rocksdb_writebatch_set_save_point(b);
  rocksdb_writebatch_put(b, "z", 1, "9", 1);
  CHECK(rocksdb_writebatch_count(b) == 5, "put after save point");
  rocksdb_writebatch_rollback_to_save_point(b, &err);
  CHECK_NOERR(err);
  CHECK(rocksdb_writebatch_count(b) == 4, "rollback drops the put");
  rocksdb_writebatch_rollback_to_save_point(b, &err);
  CHECK_ERR_PREFIX(err, "NotFound");
  rocksdb_writebatch_pop_save_point(b, &err);
  CHECK_ERR_PREFIX(err, "NotFound");

  rocksdb_writebatch_clear(b);
  CHECK(rocksdb_writebatch_count(b) == 0, "clear empties the batch");
  rocksdb_writebatch_data(b, &size);
  CHECK(size == 12, "cleared batch is the header");
  rocksdb_writebatch_destroy(b);

  /* max_bytes: a record that would pass the limit is dropped, as RocksDB drops it. */
  rocksdb_writebatch_t* lim = rocksdb_writebatch_create_with_params(0, 40, 0, 0);
  CHECK(lim != NULL, "create_with_params");
  rocksdb_writebatch_put(lim, "k1", 2, "v1", 2); /* 12 header + 7 = 19 bytes */
  rocksdb_writebatch_put(lim, "k2", 2, "v2", 2); /* 26 */
  rocksdb_writebatch_put(lim, "k3", 2, "a-long-value", 12); /* 43 > 40: dropped */
  CHECK(rocksdb_writebatch_count(lim) == 2, "third put dropped, count %d", rocksdb_writebatch_count(lim));
  rocksdb_writebatch_data(lim, &size);
  CHECK(size == 26, "size after the dropped put: %zu", size);
  rocksdb_writebatch_delete(lim, "k1", 2); /* 30: fits */
  CHECK(rocksdb_writebatch_count(lim) == 3, "a delete that fits is kept");
  rocksdb_writebatch_destroy(lim);
  /* The indexed batch's full constructor: defaults work, what ferrock cannot honour is NULL. */
  rocksdb_writebatch_wi_t* wi = rocksdb_writebatch_wi_create_with_params(NULL, 0, 1, 0, 0);
  CHECK(wi != NULL, "wi_create_with_params");
  rocksdb_writebatch_wi_put(wi, "a", 1, "1", 1);
  CHECK(rocksdb_writebatch_wi_count(wi) == 1, "wi put");
  rocksdb_writebatch_wi_destroy(wi);
  CHECK(rocksdb_writebatch_wi_create_with_params(NULL, 0, 1, 100, 0) == NULL, "wi max_bytes unsupported");

  /* Per-key protection (protection_bytes_per_key = 8): each record's checksum is taken as it
   * is added; verify_checksum recomputes it, so a record changed in memory is corruption. */
  rocksdb_writebatch_t* prot = rocksdb_writebatch_create_with_params(0, 0, 8, 0);
  CHECK(prot != NULL, "create_with_params with 8 protection bytes per key");
  rocksdb_writebatch_put(prot, "sum", 3, "value", 5);
  rocksdb_writebatch_delete(prot, "gone", 4);
  rocksdb_writebatch_put_log_data(prot, "blob", 4);
  rocksdb_writebatch_set_save_point(prot);
  rocksdb_writebatch_merge(prot, "m", 1, "1", 1);
  rocksdb_writebatch_rollback_to_save_point(prot, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_verify_checksum(prot, &err);
  CHECK_NOERR(err);
  const char* pdata = rocksdb_writebatch_data(prot, &size);
  char* value_byte = memchr(pdata + 12, 'v', size - 12);
  CHECK(value_byte != NULL, "the value is in the batch bytes");
  if (value_byte != NULL) {
    *value_byte = 'V'; /* what a stray write into the batch's memory would do */
    rocksdb_writebatch_verify_checksum(prot, &err);
    CHECK_ERR_PREFIX(err, "Corruption: ProtectionInfo mismatch");
    *value_byte = 'v';
    rocksdb_writebatch_verify_checksum(prot, &err);
    CHECK_NOERR(err);
  }
  rocksdb_writebatch_destroy(prot);
  CHECK(rocksdb_writebatch_create_with_params(0, 0, 4, 0) == NULL, "protection other than 0 or 8 bytes is refused");
  /* An unprotected batch has nothing to verify (RocksDB answers OK). */
  rocksdb_writebatch_t* plain = rocksdb_writebatch_create();
  rocksdb_writebatch_put(plain, "a", 1, "1", 1);
  rocksdb_writebatch_verify_checksum(plain, &err);
  CHECK_NOERR(err);
  rocksdb_writebatch_destroy(plain);
  return check_report("t_batch");
}
