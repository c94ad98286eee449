// Prints the fold checked by util::xxph3 tests (matches_librocksdb_783_hash64_over_every_length):
//   g++ hash64_fold_rocksdb783.cc -lrocksdb -o fold && ./fold
#include <cstdint>
#include <cstdio>
#include <vector>
namespace rocksdb { uint64_t Hash64(const char* data, size_t n); }
int main() {
  std::vector<char> buf(20000);
  for (size_t i = 0; i < buf.size(); i++) buf[i] = (char)(i % 251);
  // Order-sensitive fold over every length 0..=4200 and a few long ones, with two offsets.
  uint64_t acc = 0;
  for (size_t len = 0; len <= 4200; len++) {
    for (size_t off = 0; off < 2; off++) {
      acc = (acc ^ rocksdb::Hash64(buf.data() + off * 7, len)) * 0x100000001b3ULL;
    }
  }
  size_t longs[] = {8191, 8192, 8193, 19999};
  for (size_t len : longs) acc = (acc ^ rocksdb::Hash64(buf.data(), len)) * 0x100000001b3ULL;
  printf("%016llx\n", (unsigned long long)acc);
}
