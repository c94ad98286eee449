// Key orders written in C++: the engine sorts with the program's Comparator.
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>

#include "rocksdb/comparator.h"
#include "rocksdb/db.h"
#include "rocksdb/options.h"
#include "test_util.h"

using namespace rocksdb;

namespace {

// Orders keys by length first, then bytewise.
class LengthFirst : public Comparator {
 public:
  int Compare(const Slice& a, const Slice& b) const override {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    return a.compare(b);
  }
  const char* Name() const override { return "test.LengthFirst"; }
  void FindShortestSeparator(std::string*, const Slice&) const override {}
  void FindShortSuccessor(std::string*) const override {}
};

std::string Keys(DB* db) {
  std::unique_ptr<Iterator> it(db->NewIterator(ReadOptions()));
  std::string out;
  for (it->SeekToFirst(); it->Valid(); it->Next()) out += it->key().ToString() + " ";
  return out;
}

// Opens with `cmp`; skips the test while the engine refuses comparators of callbacks.
void OpenOrSkip(const Comparator* cmp, const std::string& path, std::unique_ptr<DB>* db) {
  Options options;
  options.create_if_missing = true;
  options.comparator = cmp;
  Status s = DB::Open(options, path, db);
  if (s.IsNotSupported() && s.ToString().find("comparator") != std::string::npos) {
    GTEST_SKIP() << "waits on the engine's support for rocksdb_comparator_create (issue 13): " << s.ToString();
  }
  ASSERT_OK(s);
}

}  // namespace

TEST(Comparator, BuiltinsCompare) {
  EXPECT_LT(BytewiseComparator()->Compare("a", "b"), 0);
  EXPECT_GT(ReverseBytewiseComparator()->Compare("a", "b"), 0);
  std::string start = "abcd", succ = "ab\xff";
  BytewiseComparator()->FindShortestSeparator(&start, "abzz");
  EXPECT_EQ(start, "abd");
  BytewiseComparator()->FindShortSuccessor(&succ);
  EXPECT_EQ(succ, "b");
}

TEST(Comparator, ProgramsComparatorOrdersKeys) {
  TempDir dir;
  LengthFirst cmp;
  std::unique_ptr<DB> db;
  OpenOrSkip(&cmp, dir.Sub("db"), &db);
  if (db == nullptr) return;
  for (const char* k : {"ccc", "a", "bb", "aa", "b"}) ASSERT_OK(db->Put(WriteOptions(), k, "v"));
  EXPECT_EQ(Keys(db.get()), "a b aa bb ccc ");
  ASSERT_OK(db->Flush(FlushOptions()));
  ASSERT_OK(db->Put(WriteOptions(), "dddd", "v"));
  EXPECT_EQ(Keys(db.get()), "a b aa bb ccc dddd ");
  EXPECT_EQ(db->DefaultColumnFamily()->GetComparator(), &cmp);
}

TEST(Comparator, ReverseBytewiseOrdersBackwards) {
  TempDir dir;
  std::unique_ptr<DB> db;
  OpenOrSkip(ReverseBytewiseComparator(), dir.Sub("db"), &db);
  if (db == nullptr) return;
  for (const char* k : {"a", "c", "b"}) ASSERT_OK(db->Put(WriteOptions(), k, "v"));
  EXPECT_EQ(Keys(db.get()), "c b a ");
}
