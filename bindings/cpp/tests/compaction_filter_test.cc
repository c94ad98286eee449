// Compaction filters written in C++: a shared filter (options.compaction_filter)
// that removes and rewrites values and drops merge operands, and a factory whose
// filters see the context.
#include <atomic>
#include <memory>
#include <string>

#include "rocksdb/compaction_filter.h"
#include "rocksdb/db.h"
#include "rocksdb/merge_operator.h"
#include "rocksdb/options.h"
#include "test_util.h"

using namespace rocksdb;

namespace {

// Drops keys starting with "drop", upper-cases values starting with "up".
class EditFilter : public CompactionFilter {
 public:
  bool Filter(int, const Slice& key, const Slice& value, std::string* new_value, bool* value_changed) const override {
    ++calls;
    if (key.starts_with("drop")) return true;
    if (value.starts_with("up")) {
      *new_value = "UP" + value.ToString().substr(2);
      *value_changed = true;
    }
    return false;
  }
  bool FilterMergeOperand(int, const Slice&, const Slice& operand) const override {
    ++operand_calls;
    return operand == "bad";
  }
  const char* Name() const override { return "EditFilter"; }
  mutable std::atomic<int> calls{0};
  mutable std::atomic<int> operand_calls{0};
};

// Appends operands to the existing value; full merges only, so a flush keeps the operands
// apart for the compaction to filter (a partial merge would combine them first, in RocksDB too).
class Concat : public MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    out->new_value = in.existing_value != nullptr ? in.existing_value->ToString() : "";
    for (const Slice& op : in.operand_list) out->new_value += op.ToString();
    return true;
  }
  const char* Name() const override { return "Concat"; }
};

class CountingFactory : public CompactionFilterFactory {
 public:
  std::unique_ptr<CompactionFilter> CreateCompactionFilter(const CompactionFilter::Context& context) override {
    ++created;
    if (context.is_manual_compaction) ++manual;
    return std::make_unique<EditFilter>();
  }
  const char* Name() const override { return "CountingFactory"; }
  std::atomic<int> created{0};
  std::atomic<int> manual{0};
};

void Fill(DB* db) {
  ASSERT_OK(db->Put(WriteOptions(), "drop1", "x"));
  ASSERT_OK(db->Put(WriteOptions(), "keep1", "plain"));
  ASSERT_OK(db->Put(WriteOptions(), "keep2", "upper"));
  ASSERT_OK(db->Flush(FlushOptions()));
}

std::string Get(DB* db, const std::string& k) {
  std::string v;
  Status s = db->Get(ReadOptions(), k, &v);
  return s.IsNotFound() ? "NOT_FOUND" : (s.ok() ? v : s.ToString());
}

}  // namespace

TEST(CompactionFilter, RemovesAndRewritesValuesInCompaction) {
  TempDir dir;
  EditFilter filter;
  Options options;
  options.create_if_missing = true;
  options.compaction_filter = &filter;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  Fill(db.get());
  // A flush does not filter; the compaction does.
  EXPECT_EQ(Get(db.get(), "drop1"), "x");
  ASSERT_OK(db->CompactRange(CompactRangeOptions(), nullptr, nullptr));
  EXPECT_EQ(filter.calls.load(), 3);
  EXPECT_EQ(Get(db.get(), "drop1"), "NOT_FOUND");
  EXPECT_EQ(Get(db.get(), "keep1"), "plain");
  EXPECT_EQ(Get(db.get(), "keep2"), "UPper");
}

TEST(CompactionFilter, FactoryMakesAFilterPerCompaction) {
  TempDir dir;
  auto factory = std::make_shared<CountingFactory>();
  Options options;
  options.create_if_missing = true;
  options.compaction_filter_factory = factory;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  Fill(db.get());
  ASSERT_OK(db->CompactRange(CompactRangeOptions(), nullptr, nullptr));
  EXPECT_GE(factory->created.load(), 1);
  EXPECT_GE(factory->manual.load(), 1);
  EXPECT_EQ(Get(db.get(), "drop1"), "NOT_FOUND");
  EXPECT_EQ(Get(db.get(), "keep2"), "UPper");
}

TEST(CompactionFilter, DropsMergeOperandsInCompaction) {
  TempDir dir;
  EditFilter filter;
  Options options;
  options.create_if_missing = true;
  options.compaction_filter = &filter;
  options.merge_operator = std::make_shared<Concat>();
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  for (const char* op : {"a", "bad", "b", "bad", "c"}) ASSERT_OK(db->Merge(WriteOptions(), "k", op));
  EXPECT_EQ(Get(db.get(), "k"), "abadbbadc");  // reads merge every operand
  ASSERT_OK(db->CompactRange(CompactRangeOptions(), nullptr, nullptr));
  EXPECT_EQ(filter.operand_calls.load(), 5);
  EXPECT_EQ(Get(db.get(), "k"), "abc");
}
