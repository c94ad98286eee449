/* Compile check: the header is valid C99 under -Wall -Werror. */
#include <rocksdb/c.h>

int header_c99_compiles(void) {
  rocksdb_options_t* o = rocksdb_options_create();
  int level = rocksdb_options_get_compression(o) + rocksdb_lz4_compression;
  rocksdb_options_destroy(o);
  return level;
}
