// Transactions through the C++ API: pessimistic (locks, timeouts, snapshot
// validation, save points, two-phase commit) and optimistic (commit-time conflicts).
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/db.h"
#include "rocksdb/options.h"
#include "rocksdb/utilities/optimistic_transaction_db.h"
#include "rocksdb/utilities/transaction.h"
#include "rocksdb/utilities/transaction_db.h"
#include "test_util.h"

using namespace rocksdb;

class TxnTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.create_if_missing = true;
    TransactionDBOptions txn_db_options;
    txn_db_options.default_lock_timeout = 50;
    txn_db_options.transaction_lock_timeout = 50;
    TransactionDB* db = nullptr;
    ASSERT_OK(TransactionDB::Open(options, txn_db_options, dir_.Sub("db"), &db));
    db_.reset(db);
  }
  TempDir dir_;
  std::unique_ptr<TransactionDB> db_;
};

TEST_F(TxnTest, CommitAndRollback) {
  std::unique_ptr<Transaction> txn(db_->BeginTransaction(WriteOptions()));
  ASSERT_OK(txn->Put("a", "1"));
  std::string v;
  ASSERT_OK(txn->Get(ReadOptions(), "a", &v));
  EXPECT_EQ(v, "1");
  EXPECT_TRUE(db_->Get(ReadOptions(), "a", &v).IsNotFound());
  ASSERT_OK(txn->Commit());
  ASSERT_OK(db_->Get(ReadOptions(), "a", &v));
  EXPECT_EQ(v, "1");

  Transaction* again = db_->BeginTransaction(WriteOptions(), TransactionOptions(), txn.get());
  EXPECT_EQ(again, txn.get());
  ASSERT_OK(txn->Delete("a"));
  ASSERT_OK(txn->Rollback());
  ASSERT_OK(db_->Get(ReadOptions(), "a", &v));
  EXPECT_EQ(v, "1");
}

TEST_F(TxnTest, LockedKeyTimesOutForOthers) {
  std::unique_ptr<Transaction> txn(db_->BeginTransaction(WriteOptions()));
  ASSERT_OK(txn->Put("k", "mine"));
  Status s = db_->Put(WriteOptions(), "k", "other");
  EXPECT_TRUE(s.IsTimedOut()) << s.ToString();
  EXPECT_EQ(s.subcode(), Status::kLockTimeout);
  std::unique_ptr<Transaction> txn2(db_->BeginTransaction(WriteOptions()));
  std::string v;
  s = txn2->GetForUpdate(ReadOptions(), "k", &v);
  EXPECT_TRUE(s.IsTimedOut()) << s.ToString();
  ASSERT_OK(txn->Commit());
  ASSERT_OK(txn2->GetForUpdate(ReadOptions(), "k", &v));
  EXPECT_EQ(v, "mine");
}

TEST_F(TxnTest, SnapshotValidationAndSavePoints) {
  TransactionOptions to;
  to.set_snapshot = true;
  std::unique_ptr<Transaction> txn(db_->BeginTransaction(WriteOptions(), to));
  const Snapshot* snap = txn->GetSnapshot();
  ASSERT_NE(snap, nullptr);
  ASSERT_OK(db_->Put(WriteOptions(), "k", "outside"));
  ReadOptions ro;
  ro.snapshot = snap;
  std::string v;
  Status s = txn->GetForUpdate(ro, "k", &v);
  EXPECT_TRUE(s.IsBusy()) << s.ToString();
  ASSERT_OK(txn->Rollback());

  std::unique_ptr<Transaction> t2(db_->BeginTransaction(WriteOptions()));
  ASSERT_OK(t2->Put("x", "1"));
  t2->SetSavePoint();
  ASSERT_OK(t2->Put("x", "2"));
  ASSERT_OK(t2->Put("y", "2"));
  ASSERT_OK(t2->RollbackToSavePoint());
  ASSERT_OK(t2->Commit());
  ASSERT_OK(db_->Get(ReadOptions(), "x", &v));
  EXPECT_EQ(v, "1");
  EXPECT_TRUE(db_->Get(ReadOptions(), "y", &v).IsNotFound());
}

TEST_F(TxnTest, IteratorSeesTheTransactionsWrites) {
  ASSERT_OK(db_->Put(WriteOptions(), "a", "db"));
  std::unique_ptr<Transaction> txn(db_->BeginTransaction(WriteOptions()));
  ASSERT_OK(txn->Put("b", "txn"));
  std::unique_ptr<Iterator> it(txn->GetIterator(ReadOptions()));
  std::string seen;
  for (it->SeekToFirst(); it->Valid(); it->Next()) seen += it->key().ToString() + "=" + it->value().ToString() + " ";
  EXPECT_EQ(seen, "a=db b=txn ");
  it.reset();
  ASSERT_OK(txn->Rollback());
}

TEST(TxnTwoPhase, PrepareThenCommitANamedTransaction) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  options.allow_2pc = true;
  TransactionDB* raw = nullptr;
  ASSERT_OK(TransactionDB::Open(options, TransactionDBOptions(), dir.Sub("db"), &raw));
  std::unique_ptr<TransactionDB> db(raw);
  std::unique_ptr<Transaction> txn(db->BeginTransaction(WriteOptions()));
  ASSERT_OK(txn->SetName("xid1"));
  EXPECT_EQ(txn->GetName(), "xid1");
  ASSERT_OK(txn->Put("k", "v"));
  ASSERT_OK(txn->Prepare());
  ASSERT_OK(txn->Commit());
  std::string v;
  ASSERT_OK(db->Get(ReadOptions(), "k", &v));
  EXPECT_EQ(v, "v");
}

TEST(OptimisticTxn, ConflictingWriteFailsTheCommit) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  OptimisticTransactionDB* raw = nullptr;
  ASSERT_OK(OptimisticTransactionDB::Open(options, dir.Sub("db"), &raw));
  std::unique_ptr<OptimisticTransactionDB> db(raw);
  DB* base = db->GetBaseDB();
  std::unique_ptr<Transaction> txn(db->BeginTransaction(WriteOptions()));
  std::string v;
  EXPECT_TRUE(txn->GetForUpdate(ReadOptions(), "k", &v).IsNotFound());
  ASSERT_OK(txn->Put("k", "txn"));
  ASSERT_OK(base->Put(WriteOptions(), "k", "outside"));
  Status s = txn->Commit();
  EXPECT_TRUE(s.IsBusy()) << s.ToString();
  ASSERT_OK(base->Get(ReadOptions(), "k", &v));
  EXPECT_EQ(v, "outside");

  OptimisticTransactionOptions to;
  to.set_snapshot = true;
  std::unique_ptr<Transaction> t2(db->BeginTransaction(WriteOptions(), to));
  ASSERT_OK(t2->Put("other", "1"));
  ASSERT_OK(t2->Commit());
  ASSERT_OK(db->Get(ReadOptions(), "other", &v));
  EXPECT_EQ(v, "1");
}

TEST_F(TxnTest, SetSnapshotMovesTheValidationPoint) {
  TransactionOptions to;
  to.set_snapshot = true;
  std::unique_ptr<Transaction> txn(db_->BeginTransaction(WriteOptions(), to));
  const Snapshot* first = txn->GetSnapshot();
  ASSERT_OK(db_->Put(WriteOptions(), "y", "outside"));
  txn->SetSnapshot();
  const Snapshot* second = txn->GetSnapshot();
  ASSERT_NE(second, nullptr);
  EXPECT_NE(first, second);
  ReadOptions ro;
  ro.snapshot = second;
  std::string v;
  ASSERT_OK(txn->GetForUpdate(ro, "y", &v));
  EXPECT_EQ(v, "outside");
  txn->ClearSnapshot();
  EXPECT_EQ(txn->GetSnapshot(), nullptr);
  ASSERT_OK(txn->Commit());
}

TEST_F(TxnTest, PopSavePointAndSingleDelete) {
  ASSERT_OK(db_->Put(WriteOptions(), "gone", "x"));
  std::unique_ptr<Transaction> txn(db_->BeginTransaction(WriteOptions()));
  ASSERT_OK(txn->Put("a", "1"));
  txn->SetSavePoint();
  ASSERT_OK(txn->Put("b", "2"));
  ASSERT_OK(txn->PopSavePoint());
  Status s = txn->PopSavePoint();
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  ASSERT_OK(txn->SingleDelete("gone"));
  ASSERT_OK(txn->Commit());
  std::string v;
  ASSERT_OK(db_->Get(ReadOptions(), "b", &v));
  EXPECT_EQ(v, "2");
  EXPECT_TRUE(db_->Get(ReadOptions(), "gone", &v).IsNotFound());
  ASSERT_OK(db_->Put(WriteOptions(), "once", "x"));
  ASSERT_OK(db_->SingleDelete(WriteOptions(), "once"));
  EXPECT_TRUE(db_->Get(ReadOptions(), "once", &v).IsNotFound());
}
