// The consumer of an installed ferrock (bindings/cpp/consumer): opens a database
// with RocksDB's C++ API, writes a batch, reads it back in order, and checks the
// values. Usage: consumer DIR
#include <cstdio>
#include <memory>
#include <string>

#include "rocksdb/db.h"
#include "rocksdb/options.h"
#include "rocksdb/write_batch.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  rocksdb::Options options;
  options.create_if_missing = true;
  std::unique_ptr<rocksdb::DB> db;
  rocksdb::Status s = rocksdb::DB::Open(options, argv[1], &db);
  if (!s.ok()) {
    std::fprintf(stderr, "open: %s\n", s.ToString().c_str());
    return 1;
  }
  rocksdb::WriteBatch batch;
  batch.Put("b", "2");
  batch.Put("a", "1");
  s = db->Write(rocksdb::WriteOptions(), &batch);
  std::string seen;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions()));
  for (it->SeekToFirst(); it->Valid(); it->Next()) seen += it->key().ToString() + "=" + it->value().ToString() + ";";
  if (!s.ok() || !it->status().ok() || seen != "a=1;b=2;") {
    std::fprintf(stderr, "unexpected: %s %s\n", s.ToString().c_str(), seen.c_str());
    return 1;
  }
  std::printf("consumer: %s\n", seen.c_str());
  return 0;
}
