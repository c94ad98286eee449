// Transactions through the C++ binding. Skipped when the library answers
// TransactionDB::open with NotSupported (ferrock before transactions land).
#include <ferrock/db.hpp>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace fs = std::filesystem;
using namespace ferrock;

namespace {

class TransactionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "ferrock-cpp-txn-XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
    try {
      db_.emplace(TransactionDB::open(Options().create_if_missing(true), dir_ + "/db"));
    } catch (const Error& e) {
      if (e.code() == Code::kNotSupported) GTEST_SKIP() << "no transactions: " << e.what();
      throw;
    }
  }
  void TearDown() override {
    db_.reset();
    fs::remove_all(dir_);
  }
  std::string dir_;
  std::optional<TransactionDB> db_;
};

TEST_F(TransactionTest, CommitPublishesRollbackDiscards) {
  TransactionDB& db = *db_;
  db.put("base", "0");
  {
    Transaction txn = db.begin();
    txn.put("a", "1");
    EXPECT_EQ(txn.get("a"), "1");
    EXPECT_EQ(db.get("a"), std::nullopt);
    txn.set_savepoint();
    txn.put("b", "2");
    txn.rollback_to_savepoint();
    std::string keys;
    {
      auto it = txn.new_iterator();
      for (auto [k, v] : it) keys += std::string(k) + ",";
    }
    EXPECT_EQ(keys, "a,base,");
    txn.commit();
  }
  EXPECT_EQ(db.get("a"), "1");
  EXPECT_EQ(db.get("b"), std::nullopt);
  {
    Transaction txn = db.begin();
    txn.del("base");
    txn.rollback();
  }
  EXPECT_EQ(db.get("base"), "0");
  WriteBatch batch;
  batch.put("w", "x");
  db.write(batch);
  int n = 0;
  for (auto entry : db.new_iterator()) {
    (void)entry;
    n++;
  }
  EXPECT_EQ(n, 3);
}

TEST_F(TransactionTest, LockConflictTimesOut) {
  TransactionDB& db = *db_;
  Transaction first = db.begin(WriteOptions(), TransactionOptions().lock_timeout(10));
  EXPECT_EQ(first.get_for_update("k"), std::nullopt);
  Transaction second = db.begin(WriteOptions(), TransactionOptions().lock_timeout(10));
  try {
    second.put("k", "v");
    FAIL() << "conflicting put succeeded";
  } catch (const Error& e) {
    EXPECT_TRUE(e.code() == Code::kTimedOut || e.code() == Code::kBusy) << e.what();
  }
  first.commit();
}

}  // namespace
