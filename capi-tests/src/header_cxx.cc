// Compile check: the header is usable from C++ (extern "C" linkage).
#include <rocksdb/c.h>

int header_cxx_compiles() {
  rocksdb_options_t* o = rocksdb_options_create();
  int level = rocksdb_options_get_compression(o) + rocksdb_snappy_compression;
  rocksdb_options_destroy(o);
  return level;
}
