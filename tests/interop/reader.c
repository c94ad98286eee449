/* Interop reader over rocksdb/c.h, compiled twice without change: against Debian's
 * header and library (RocksDB 7.8.3) and against ferrock's header and library.
 *
 *   reader DIR EXPECTED [DELETED | --allow-extra]
 *
 * Opens DIR (read-write, create_if_missing off), gets every "key value" line of
 * EXPECTED and compares the value, checks every key of DELETED is absent, then
 * iterates the whole database and checks it holds exactly the expected keys in
 * order (with --allow-extra, as used after a crash, keys that were written but
 * never acknowledged may also be there: the expected keys need only appear in
 * order among them). Prints one line per problem (at most 20) and a summary; exit 1 on any. */
#include <rocksdb/c.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int problems = 0;

static void problem(const char *fmt, const char *a, const char *b) {
  if (++problems <= 20) { fprintf(stderr, "reader: "); fprintf(stderr, fmt, a, b); fputc('\n', stderr); }
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 4) { fprintf(stderr, "usage: reader DIR EXPECTED [DELETED]\n"); return 2; }
  char *err = NULL;
  rocksdb_options_t *opts = rocksdb_options_create();
  rocksdb_t *db = rocksdb_open(opts, argv[1], &err);
  if (err) { fprintf(stderr, "reader: open %s: %s\n", argv[1], err); return 1; }
  rocksdb_readoptions_t *ro = rocksdb_readoptions_create();

  FILE *exp = fopen(argv[2], "r");
  if (!exp) { perror(argv[2]); return 2; }
  size_t cap = 1024, n = 0;
  char **keys = malloc(cap * sizeof *keys);
  char line[8192];
  while (fgets(line, sizeof line, exp)) {
    line[strcspn(line, "\n")] = 0;
    char *sp = strchr(line, ' ');
    const char *want = sp ? sp + 1 : "";
    if (sp) *sp = 0;
    if (n == cap) keys = realloc(keys, (cap *= 2) * sizeof *keys);
    keys[n++] = strdup(line);
    size_t len = 0;
    char *got = rocksdb_get(db, ro, line, strlen(line), &len, &err);
    if (err) { problem("get %s: %s", line, err); free(err); err = NULL; continue; }
    if (!got) problem("%s is missing%s", line, "");
    else if (len != strlen(want) || memcmp(got, want, len)) problem("%s has a wrong value (want %s)", line, want);
    rocksdb_free(got);
  }
  fclose(exp);

  size_t ndeleted = 0;
  int allow_extra = argc == 4 && !strcmp(argv[3], "--allow-extra");
  if (argc == 4 && !allow_extra) {
    FILE *del = fopen(argv[3], "r");
    if (!del) { perror(argv[3]); return 2; }
    while (fgets(line, sizeof line, del)) {
      line[strcspn(line, "\n")] = 0;
      size_t len = 0;
      char *got = rocksdb_get(db, ro, line, strlen(line), &len, &err);
      if (err) { problem("get %s: %s", line, err); free(err); err = NULL; continue; }
      if (got) problem("deleted key %s is present%s", line, "");
      rocksdb_free(got);
      ndeleted++;
    }
    fclose(del);
  }

  rocksdb_iterator_t *it = rocksdb_create_iterator(db, ro);
  size_t i = 0;
  for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it), i++) {
    size_t klen = 0;
    const char *k = rocksdb_iter_key(it, &klen);
    if (allow_extra) {
      if (i < n && klen == strlen(keys[i]) && !memcmp(k, keys[i], klen)) continue; /* matched: i advances */
      i--; /* an unacknowledged extra key: stay on keys[i] */
      continue;
    }
    if (i >= n || klen != strlen(keys[i]) || memcmp(k, keys[i], klen)) {
      char buf[256];
      snprintf(buf, sizeof buf, "%.*s", (int)(klen < 200 ? klen : 200), k);
      problem("iteration: unexpected key %s at this position (want %s)", buf, i < n ? keys[i] : "the end");
      break;
    }
  }
  if (i < n && problems == 0) problem("iteration ended before %s%s", keys[i], "");
  rocksdb_iter_get_error(it, &err);
  if (err) { problem("iterator: %s%s", err, ""); free(err); err = NULL; }
  rocksdb_iter_destroy(it);

  rocksdb_readoptions_destroy(ro);
  rocksdb_close(db);
  rocksdb_options_destroy(opts);
  printf("reader: %zu keys checked, %zu deleted keys checked, %d problems\n", n, ndeleted, problems);
  for (size_t j = 0; j < n; j++) free(keys[j]);
  free(keys);
  return problems ? 1 : 0;
}
