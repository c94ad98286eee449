// Merge operators written in C++ (MergeOperator with FullMergeV2 and PartialMerge,
// AssociativeMergeOperator), run by the engine on reads, flushes and compactions.
#include <atomic>
#include <cstring>
#include <memory>
#include <string>

#include "rocksdb/db.h"
#include "rocksdb/merge_operator.h"
#include "rocksdb/options.h"
#include "test_util.h"

using namespace rocksdb;

namespace {

// Joins operands onto the existing value with ',' and counts its calls.
class JoinOperator : public MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    ++full_merges;
    std::string v = in.existing_value != nullptr ? in.existing_value->ToString() : "";
    for (const Slice& op : in.operand_list) {
      if (!v.empty()) v += ",";
      v += op.ToString();
    }
    out->new_value = v;
    return true;
  }
  bool PartialMerge(const Slice&, const Slice& left, const Slice& right, std::string* new_value,
                    Logger*) const override {
    ++partial_merges;
    *new_value = left.ToString() + "," + right.ToString();
    return true;
  }
  const char* Name() const override { return "JoinOperator"; }
  mutable std::atomic<int> full_merges{0};
  mutable std::atomic<int> partial_merges{0};
};

// 8-byte little-endian counters added together.
class AddOperator : public AssociativeMergeOperator {
 public:
  static uint64_t Decode(const Slice& s) {
    uint64_t v = 0;
    if (s.size() == sizeof(v)) std::memcpy(&v, s.data(), sizeof(v));
    return v;
  }
  static std::string Encode(uint64_t v) { return std::string(reinterpret_cast<const char*>(&v), sizeof(v)); }
  bool Merge(const Slice&, const Slice* existing, const Slice& value, std::string* new_value, Logger*) const override {
    *new_value = Encode((existing != nullptr ? Decode(*existing) : 0) + Decode(value));
    return true;
  }
  const char* Name() const override { return "AddOperator"; }
};

// Refuses operand "bad": the read that needs it fails.
class PickyOperator : public MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    for (const Slice& op : in.operand_list) {
      if (op == "bad") return false;
    }
    out->existing_operand = in.operand_list.back();  // answer with an input, no copy
    return true;
  }
  const char* Name() const override { return "PickyOperator"; }
};

}  // namespace

TEST(Merge, FullMergeOnReadsFlushesAndCompactions) {
  TempDir dir;
  auto op = std::make_shared<JoinOperator>();
  Options options;
  options.create_if_missing = true;
  options.merge_operator = op;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  ASSERT_OK(db->Put(WriteOptions(), "k", "base"));
  ASSERT_OK(db->Merge(WriteOptions(), "k", "a"));
  ASSERT_OK(db->Merge(WriteOptions(), "k", "b"));
  std::string v;
  ASSERT_OK(db->Get(ReadOptions(), "k", &v));
  EXPECT_EQ(v, "base,a,b");
  EXPECT_GT(op->full_merges.load(), 0);

  ASSERT_OK(db->Merge(WriteOptions(), "fresh", "x"));
  ASSERT_OK(db->Flush(FlushOptions()));
  ASSERT_OK(db->Merge(WriteOptions(), "fresh", "y"));
  ASSERT_OK(db->Flush(FlushOptions()));
  ASSERT_OK(db->Merge(WriteOptions(), "fresh", "z"));
  ASSERT_OK(db->CompactRange(CompactRangeOptions(), nullptr, nullptr));
  ASSERT_OK(db->Get(ReadOptions(), "fresh", &v));
  EXPECT_EQ(v, "x,y,z");
  db.reset();
  // Reopened with the operator, the merged value is there.
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  ASSERT_OK(db->Get(ReadOptions(), "fresh", &v));
  EXPECT_EQ(v, "x,y,z");
}

TEST(Merge, AssociativeOperatorAddsCounters) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  options.merge_operator = std::make_shared<AddOperator>();
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  for (int i = 1; i <= 10; ++i) {
    ASSERT_OK(db->Merge(WriteOptions(), "counter", AddOperator::Encode(static_cast<uint64_t>(i))));
    if (i == 5) ASSERT_OK(db->Flush(FlushOptions()));
  }
  std::string v;
  ASSERT_OK(db->Get(ReadOptions(), "counter", &v));
  EXPECT_EQ(AddOperator::Decode(v), 55u);
  WriteBatch batch;
  ASSERT_OK(batch.Merge("counter", AddOperator::Encode(45)));
  ASSERT_OK(db->Write(WriteOptions(), &batch));
  ASSERT_OK(db->Get(ReadOptions(), "counter", &v));
  EXPECT_EQ(AddOperator::Decode(v), 100u);
}

TEST(Merge, AFailedMergeIsAnErrorAndExistingOperandIsUsed) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  options.merge_operator = std::make_shared<PickyOperator>();
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  ASSERT_OK(db->Merge(WriteOptions(), "good", "one"));
  ASSERT_OK(db->Merge(WriteOptions(), "good", "two"));
  std::string v;
  ASSERT_OK(db->Get(ReadOptions(), "good", &v));
  EXPECT_EQ(v, "two");
  ASSERT_OK(db->Merge(WriteOptions(), "bad", "bad"));
  Status s = db->Get(ReadOptions(), "bad", &v);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

TEST(Merge, MergeWithoutOperatorIsRefused) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  Status s = db->Merge(WriteOptions(), "k", "v");
  EXPECT_TRUE(s.IsNotSupported() || s.IsInvalidArgument()) << s.ToString();
}
