// Writes PlainTable databases with Debian's RocksDB 7.8.3 for ferrock's tests.
#include <rocksdb/db.h>
#include <rocksdb/table.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/memtablerep.h>
#include <cstdio>
#include <string>
using namespace rocksdb;
static void make(const std::string& dir, uint32_t key_len, EncodingType enc, bool store_index, bool prefix) {
  Options o;
  o.create_if_missing = true;
  o.allow_mmap_reads = true;
  if (prefix) o.prefix_extractor.reset(NewFixedPrefixTransform(3));
  PlainTableOptions p;
  p.user_key_len = key_len;
  p.encoding_type = enc;
  p.store_index_in_file = store_index;
  p.hash_table_ratio = prefix ? 0.75 : 0;
  p.index_sparseness = 2;
  o.table_factory.reset(NewPlainTableFactory(p));
  DB* db;
  Status s = DB::Open(o, dir, &db);
  if (!s.ok()) { fprintf(stderr, "%s\n", s.ToString().c_str()); exit(1); }
  const char* keys[] = {"bar1","bar2","bar3","baz1","foo1","foo2","foo3","foo4","foo5","qux9"};
  for (int i = 0; i < 10; i++) {
    std::string k = keys[i];
    if (key_len == 0 && i % 2) k += "-long";
    db->Put(WriteOptions(), k, std::string("v") + k);
  }
  db->Delete(WriteOptions(), "foo3");
  db->Flush(FlushOptions());
  delete db;
}
int main() {
  make("/tmp/plaingen/fixed", 4, kPlain, false, true);
  make("/tmp/plaingen/var", 0, kPlain, false, true);
  make("/tmp/plaingen/prefixenc", 0, kPrefix, false, true);
  make("/tmp/plaingen/idx", 0, kPlain, true, true);
  make("/tmp/plaingen/total", 0, kPlain, false, false);
  return 0;
}
