// N puts then N gets through the C++ API (RocksDB's, include/rocksdb/db.h; bindings/bench.sh).
// Usage: putget_cpp DIR N   -> prints "put <ops/s>" and "get <ops/s>".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/db.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s DIR N\n", argv[0]);
    return 2;
  }
  long n = std::atol(argv[2]);
  std::vector<std::string> keys(n);
  char buf[17];
  for (long i = 0; i < n; i++) {
    std::snprintf(buf, sizeof(buf), "k%015ld", i);
    keys[i] = buf;
  }
  const std::string value = "0123456789abcdef0123456789abcdef";
  rocksdb::Options options;
  options.create_if_missing = true;
  std::unique_ptr<rocksdb::DB> db;
  rocksdb::Status s = rocksdb::DB::Open(options, argv[1], &db);
  if (!s.ok()) {
    std::fprintf(stderr, "open: %s\n", s.ToString().c_str());
    return 1;
  }
  using clock = std::chrono::steady_clock;
  rocksdb::WriteOptions wo;
  rocksdb::ReadOptions ro;
  auto t0 = clock::now();
  for (const auto& k : keys) db->Put(wo, k, value);
  auto t1 = clock::now();
  long found = 0;
  std::string v;
  for (const auto& k : keys) found += db->Get(ro, k, &v).ok();
  auto t2 = clock::now();
  if (found != n) {
    std::fprintf(stderr, "found %ld of %ld\n", found, n);
    return 1;
  }
  auto secs = [](auto d) { return std::chrono::duration<double>(d).count(); };
  std::printf("put %.0f\nget %.0f\n", n / secs(t1 - t0), n / secs(t2 - t1));
  return 0;
}
