/* An indexed write batch's iterator over a database iterator (rocksdb_writebatch_wi_create_
 * iterator_with_base[_readopts]): the batch's entries merged over the database's, within the
 * read options' bounds on both sides, including seeks to targets outside the bounds. */
#include <rocksdb/c.h>

#include "check.h"

static void check_at(rocksdb_iterator_t* it, const char* want, const char* what) {
  size_t len = 0;
  const char* k = rocksdb_iter_valid(it) ? rocksdb_iter_key(it, &len) : NULL;
  if (want == NULL) {
    CHECK(k == NULL, "%s: expected no entry, got %.*s", what, (int)len, k ? k : "");
  } else {
    CHECK_VALUE(k, len, want);
    if (k == NULL || len != strlen(want) || memcmp(k, want, len) != 0) fprintf(stderr, "  (at %s)\n", what);
  }
}

int main(void) {
  char path[256];
  char* err = NULL;
  make_db_path(path, sizeof(path), "wbwi");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "box", 3, "c", 1, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "foo", 3, "hello", 5, &err);
  CHECK_NOERR(err);

  /* Bounds [boy, fool): the database contributes foo, the batch cat (bar and gnu are outside). */
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_readoptions_set_iterate_lower_bound(ro, "boy", 3);
  rocksdb_readoptions_set_iterate_upper_bound(ro, "fool", 4);
  rocksdb_writebatch_wi_t* wbi = rocksdb_writebatch_wi_create(0, 1);
  rocksdb_writebatch_wi_put(wbi, "bar", 3, "b", 1);
  rocksdb_writebatch_wi_put(wbi, "cat", 3, "miau", 4);
  rocksdb_writebatch_wi_put(wbi, "gnu", 3, "muh", 3);
  rocksdb_iterator_t* it =
      rocksdb_writebatch_wi_create_iterator_with_base_readopts(wbi, rocksdb_create_iterator(db, ro), ro);
  CHECK(it != NULL, "iterator with base and read options");
  CHECK(!rocksdb_iter_valid(it), "not positioned before a seek");
  rocksdb_iter_seek_to_first(it);
  check_at(it, "cat", "seek_to_first");
  size_t vlen = 0;
  const char* v = rocksdb_iter_value(it, &vlen);
  CHECK_VALUE(v, vlen, "miau");
  rocksdb_iter_next(it);
  check_at(it, "foo", "next");
  rocksdb_iter_next(it);
  check_at(it, NULL, "next past the upper bound");
  rocksdb_iter_seek_to_last(it);
  check_at(it, "foo", "seek_to_last");
  rocksdb_iter_prev(it);
  check_at(it, "cat", "prev");
  rocksdb_iter_prev(it);
  check_at(it, NULL, "prev past the lower bound");
  /* Targets outside the bounds start at the bound, on the batch's side as on the database's. */
  rocksdb_iter_seek(it, "b", 1);
  check_at(it, "cat", "seek below the lower bound");
  rocksdb_iter_seek_for_prev(it, "d", 1);
  check_at(it, "cat", "seek_for_prev inside the bounds");
  rocksdb_iter_seek_for_prev(it, "zzz", 3);
  check_at(it, "foo", "seek_for_prev above the upper bound");
  rocksdb_iter_get_error(it, &err);
  CHECK_NOERR(err);
  rocksdb_iter_destroy(it);

  /* Without read options: every entry, the batch's delete hiding the database's foo. */
  rocksdb_readoptions_t* plain = rocksdb_readoptions_create();
  rocksdb_writebatch_wi_delete(wbi, "foo", 3);
  it = rocksdb_writebatch_wi_create_iterator_with_base(wbi, rocksdb_create_iterator(db, plain));
  rocksdb_iter_seek_to_first(it);
  check_at(it, "bar", "unbounded first");
  rocksdb_iter_next(it);
  check_at(it, "box", "unbounded second (from the database)");
  rocksdb_iter_next(it);
  check_at(it, "cat", "unbounded third");
  rocksdb_iter_next(it);
  check_at(it, "gnu", "foo is deleted by the batch");
  rocksdb_iter_destroy(it);

  rocksdb_writebatch_wi_destroy(wbi);
  rocksdb_readoptions_destroy(plain);
  rocksdb_readoptions_destroy(ro);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  return check_report("t_wbwi");
}
