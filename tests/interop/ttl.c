/* TTL databases across engines (RocksDB's DBWithTTL format): `ttl write DB` opens DB with
 * rocksdb_open_with_ttl (a TTL of one day), writes N keys (and deletes every tenth), flushes
 * and writes N more into the WAL; `ttl read DB` opens it the same way and reads every key
 * and value and iterates exactly the expected keys; `ttl raw DB` opens it without TTL and
 * checks each stored value is the written value followed by a 4-byte little-endian write
 * time within the last day. Built against ferrock and against Debian's RocksDB 7.8.3, so
 * each engine reads what the other wrote. */
#include <rocksdb/c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 2000

static void die(const char* what, char* err) {
  fprintf(stderr, "%s: %s\n", what, err ? err : "failed");
  exit(1);
}

static void kv(int i, char* k, size_t kc, char* v, size_t vc) {
  snprintf(k, kc, "key%06d", i);
  snprintf(v, vc, "value-%d", i * 7);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: ttl write|read|raw DB\n");
    return 2;
  }
  const char* mode = argv[1];
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, strcmp(mode, "write") == 0);
  int raw = strcmp(mode, "raw") == 0;
  rocksdb_t* db = raw ? rocksdb_open(o, argv[2], &err) : rocksdb_open_with_ttl(o, argv[2], 86400, &err);
  if (err) die("open", err);
  char k[32], v[64];
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  if (strcmp(mode, "write") == 0) {
    for (int i = 0; i < 2 * N; i++) {
      kv(i, k, sizeof(k), v, sizeof(v));
      rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
      if (err) die("put", err);
      if (i % 10 == 0) {
        rocksdb_delete(db, wo, k, strlen(k), &err);
        if (err) die("delete", err);
      }
      if (i == N - 1) {
        rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
        rocksdb_flush(db, fo, &err);
        if (err) die("flush", err);
        rocksdb_flushoptions_destroy(fo);
      }
    }
  } else {
    int64_t now = (int64_t)time(NULL);
    for (int i = 0; i < 2 * N; i++) {
      size_t len = 0;
      kv(i, k, sizeof(k), v, sizeof(v));
      char* got = rocksdb_get(db, ro, k, strlen(k), &len, &err);
      if (err) die("get", err);
      if (i % 10 == 0) {
        if (got != NULL) die("a deleted key is back", NULL);
        continue;
      }
      size_t want = strlen(v) + (raw ? 4 : 0);
      if (got == NULL || len != want || memcmp(got, v, strlen(v)) != 0) {
        fprintf(stderr, "%s: wrong value (len %zu)\n", k, len);
        return 1;
      }
      if (raw) {
        const unsigned char* t = (const unsigned char*)got + strlen(v);
        int64_t ts = (int64_t)((uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24);
        if (ts > now + 1 || ts < now - 86400) {
          fprintf(stderr, "%s: timestamp %lld not within the last day of %lld\n", k, (long long)ts, (long long)now);
          return 1;
        }
      }
      rocksdb_free(got);
    }
    if (!raw) {
      rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
      int n = 0;
      for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) {
        size_t kl, vl;
        const char* ik = rocksdb_iter_key(it, &kl);
        const char* iv = rocksdb_iter_value(it, &vl);
        int i = atoi(ik + 3);
        kv(i, k, sizeof(k), v, sizeof(v));
        if (i % 10 == 0 || vl != strlen(v) || memcmp(iv, v, vl) != 0) die("iterator entry", NULL);
        n++;
      }
      rocksdb_iter_destroy(it);
      if (n != 2 * N - 2 * N / 10) die("iterator count", NULL);
    }
  }
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  printf("%s ok\n", mode);
  return 0;
}
