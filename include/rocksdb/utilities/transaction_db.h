// ferrock's C++ API: TransactionDB, a database whose transactions lock the keys
// they write (pessimistic concurrency control), over c.h's rocksdb_transactiondb_t
// (impl/transaction_impl.h). Plain writes through the TransactionDB take the same
// locks, as in RocksDB.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "rocksdb/comparator.h"
#include "rocksdb/db.h"
#include "rocksdb/utilities/stackable_db.h"
#include "rocksdb/utilities/transaction.h"

namespace ROCKSDB_NAMESPACE {

enum TxnDBWritePolicy { WRITE_COMMITTED = 0, WRITE_PREPARED, WRITE_UNPREPARED };

constexpr uint32_t kInitialMaxDeadlocks = 5;

struct TransactionDBOptions {
  int64_t max_num_locks = -1;
  uint32_t max_num_deadlocks = kInitialMaxDeadlocks;
  size_t num_stripes = 16;
  int64_t transaction_lock_timeout = 1000;
  int64_t default_lock_timeout = 1000;
  TxnDBWritePolicy write_policy = TxnDBWritePolicy::WRITE_COMMITTED;
  bool rollback_merge_operands = false;
  bool use_per_key_point_lock_mgr = false;
  bool skip_concurrency_control = false;
  int64_t default_write_batch_flush_threshold = 0;
  bool enable_udt_validation = true;
  uint32_t txn_commit_bypass_memtable_threshold = std::numeric_limits<uint32_t>::max();
};

struct TransactionOptions {
  bool set_snapshot = false;
  bool deadlock_detect = false;
  bool use_only_the_last_commit_time_batch_for_recovery = false;
  int64_t lock_timeout = -1;
  int64_t deadlock_timeout_us = 500;
  int64_t expiration = -1;
  int64_t deadlock_detect_depth = 50;
  size_t max_write_batch_size = 0;
  bool skip_concurrency_control = false;
  bool skip_prepare = true;
  int64_t write_batch_flush_threshold = -1;
  bool write_batch_track_timestamp_size = false;
  bool commit_bypass_memtable = false;
  uint32_t large_txn_commit_optimize_threshold = 0;
  uint64_t large_txn_commit_optimize_byte_threshold = 0;
};

class TransactionDB : public StackableDB {
 public:
  static Status Open(const Options& options, const TransactionDBOptions& txn_db_options, const std::string& dbname,
                     TransactionDB** dbptr);
  static Status Open(const DBOptions& db_options, const TransactionDBOptions& txn_db_options,
                     const std::string& dbname, const std::vector<ColumnFamilyDescriptor>& column_families,
                     std::vector<ColumnFamilyHandle*>* handles, TransactionDB** dbptr);

  ~TransactionDB() override = default;

  // A new transaction, or old_txn begun again (then the same pointer is returned).
  virtual Transaction* BeginTransaction(const WriteOptions& write_options,
                                        const TransactionOptions& txn_options = TransactionOptions(),
                                        Transaction* old_txn = nullptr) = 0;
  // c.h can list prepared transactions only (rocksdb_transactiondb_get_prepared_transactions).
  virtual void GetAllPreparedTransactions(std::vector<Transaction*>* trans) = 0;

  TransactionDB(const TransactionDB&) = delete;
  void operator=(const TransactionDB&) = delete;

 protected:
  explicit TransactionDB(DB* db) : StackableDB(db) {}
};

}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/transaction_impl.h"
