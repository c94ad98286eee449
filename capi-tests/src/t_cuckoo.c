/* The cuckoo table factory through the C API: the options' setters and getters (RocksDB's defaults
 * first), a database flushing cuckoo tables (the table file ends in kCuckooTableMagicNumber) that
 * gets and scans read back, RocksDB's rules (a key of another size is left out of the table and the
 * flush still succeeds; no read without allow_mmap_reads), and a block-based factory replacing it. */
#include <rocksdb/c.h>
#include "check.h"

static char path[512];

/* The last 8 bytes of the only .sst file in the database, as a little-endian integer. */
static unsigned long long table_magic(rocksdb_t* db) {
  const rocksdb_livefiles_t* lf = rocksdb_livefiles(db);
  unsigned long long magic = 0;
  if (rocksdb_livefiles_count(lf) == 1) {
    char file[1024];
    snprintf(file, sizeof file, "%s%s", path, rocksdb_livefiles_name(lf, 0));
    FILE* f = fopen(file, "rb");
    unsigned char b[8];
    if (f != NULL && fseek(f, -8, SEEK_END) == 0 && fread(b, 1, 8, f) == 8) {
      for (int i = 7; i >= 0; i--) magic = (magic << 8) | b[i];
    }
    if (f != NULL) fclose(f);
  }
  rocksdb_livefiles_destroy(lf);
  return magic;
}

static rocksdb_t* open_cuckoo(int mmap, rocksdb_cuckoo_table_options_t* c) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_allow_mmap_reads(o, (unsigned char)mmap);
  rocksdb_options_set_cuckoo_table_factory(o, c);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_options_destroy(o);
  return db;
}

int main(void) {
  char* err = NULL;
  rocksdb_cuckoo_table_options_t* c = rocksdb_cuckoo_options_create();
  CHECK(c != NULL, "create");
  CHECK(rocksdb_cuckoo_options_get_hash_table_ratio(c) == 0.9, "default ratio");
  CHECK(rocksdb_cuckoo_options_get_max_search_depth(c) == 100, "default depth");
  CHECK(rocksdb_cuckoo_options_get_cuckoo_block_size(c) == 5, "default block size");
  CHECK(rocksdb_cuckoo_options_get_identity_as_first_hash(c) == 0, "default identity");
  CHECK(rocksdb_cuckoo_options_get_use_module_hash(c) == 1, "default module hash");
  rocksdb_cuckoo_options_set_hash_ratio(c, 0.5);
  CHECK(rocksdb_cuckoo_options_get_hash_table_ratio(c) == 0.5, "ratio");
  rocksdb_cuckoo_options_set_hash_table_ratio(c, 0.75);
  CHECK(rocksdb_cuckoo_options_get_hash_table_ratio(c) == 0.75, "ratio");
  rocksdb_cuckoo_options_set_max_search_depth(c, 200);
  CHECK(rocksdb_cuckoo_options_get_max_search_depth(c) == 200, "depth");
  rocksdb_cuckoo_options_set_cuckoo_block_size(c, 10);
  CHECK(rocksdb_cuckoo_options_get_cuckoo_block_size(c) == 10, "block size");
  rocksdb_cuckoo_options_set_identity_as_first_hash(c, 1);
  CHECK(rocksdb_cuckoo_options_get_identity_as_first_hash(c) == 1, "identity");
  rocksdb_cuckoo_options_set_use_module_hash(c, 0);
  CHECK(rocksdb_cuckoo_options_get_use_module_hash(c) == 0, "module hash");

  make_db_path(path, sizeof path, "cuckoo");
  rocksdb_t* db = open_cuckoo(1, c);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  char k[32], v[32];
  for (int i = 0; i < 100; i++) {
    snprintf(k, sizeof k, "key%05d", i);
    snprintf(v, sizeof v, "v%05d", i);
    rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
    CHECK_NOERR(err);
  }
  rocksdb_put(db, wo, "longer-key", 10, "v99999", 6, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  CHECK(table_magic(db) == 0x926789d0c5f17873ULL, "a cuckoo table: magic %llx", table_magic(db));
  size_t len = 0;
  char* got = rocksdb_get(db, ro, "key00042", 8, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(got, len, "v00042");
  rocksdb_free(got);
  got = rocksdb_get(db, ro, "longer-key", 10, &len, &err);
  CHECK_NOERR(err);
  CHECK(got == NULL, "a key of another size is not in the table");
  rocksdb_iterator_t* it = rocksdb_create_iterator(db, ro);
  int n = 0;
  for (rocksdb_iter_seek_to_first(it); rocksdb_iter_valid(it); rocksdb_iter_next(it)) n++;
  CHECK(n == 100, "scan: %d entries", n);
  rocksdb_iter_destroy(it);
  rocksdb_close(db);

  /* Reopened without mmap reads: the table does not open (RocksDB, which opens every table at open,
   * already fails the open; ferrock fails the first read of the table). */
  {
    rocksdb_options_t* no_mmap = rocksdb_options_create();
    rocksdb_options_set_cuckoo_table_factory(no_mmap, c);
    db = rocksdb_open(no_mmap, path, &err);
    if (db == NULL) {
      CHECK_ERR_PREFIX(err, "Invalid argument: File is not mmaped");
    } else {
      got = rocksdb_get(db, ro, "key00042", 8, &len, &err);
      CHECK_ERR_PREFIX(err, "Invalid argument: File is not mmaped");
      rocksdb_close(db);
    }
    rocksdb_options_destroy(no_mmap);
  }
  rocksdb_destroy_db(rocksdb_options_create(), path, &err);
  CHECK_NOERR(err);

  /* A flush without mmap reads fails as RocksDB's does: it cannot open the table it wrote. */
  db = open_cuckoo(0, c);
  rocksdb_put(db, wo, "key00001", 8, "v00001", 6, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: File is not mmaped");
  rocksdb_close(db);
  rocksdb_destroy_db(rocksdb_options_create(), path, &err);
  CHECK_NOERR(err);

  /* A block-based factory set after the cuckoo one replaces it. */
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_cuckoo_table_factory(o, c);
  rocksdb_block_based_table_options_t* bbto = rocksdb_block_based_options_create();
  rocksdb_options_set_block_based_table_factory(o, bbto);
  db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  CHECK(table_magic(db) == 0x88e241b785f4cff7ULL, "a block-based table: magic %llx", table_magic(db));
  rocksdb_close(db);
  rocksdb_block_based_options_destroy(bbto);
  rocksdb_options_destroy(o);
  remove_db_path(path);

  rocksdb_cuckoo_options_destroy(c);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  return check_report("t_cuckoo");
}
