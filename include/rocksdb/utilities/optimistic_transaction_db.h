// ferrock's C++ API: OptimisticTransactionDB, a database whose transactions
// check at commit that no key they read or wrote changed meanwhile (optimistic
// concurrency control), over c.h's rocksdb_optimistictransactiondb_t.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rocksdb/comparator.h"
#include "rocksdb/db.h"
#include "rocksdb/utilities/stackable_db.h"
#include "rocksdb/utilities/transaction.h"

namespace ROCKSDB_NAMESPACE {

// c.h's optimistic transaction options carry set_snapshot only, so RocksDB's `cmp`
// (the comparator of the conflict check) is not offered.
struct OptimisticTransactionOptions {
  bool set_snapshot = false;
};

enum class OccValidationPolicy { kValidateSerial = 0, kValidateParallel = 1 };

struct OptimisticTransactionDBOptions {
  OccValidationPolicy validate_policy = OccValidationPolicy::kValidateParallel;
  uint32_t occ_lock_buckets = (1 << 20);
};

class OptimisticTransactionDB : public StackableDB {
 public:
  static Status Open(const Options& options, const std::string& dbname, OptimisticTransactionDB** dbptr);
  static Status Open(const DBOptions& db_options, const std::string& dbname,
                     const std::vector<ColumnFamilyDescriptor>& column_families,
                     std::vector<ColumnFamilyHandle*>* handles, OptimisticTransactionDB** dbptr);
  static Status Open(const DBOptions& db_options, const OptimisticTransactionDBOptions& occ_options,
                     const std::string& dbname, const std::vector<ColumnFamilyDescriptor>& column_families,
                     std::vector<ColumnFamilyHandle*>* handles, OptimisticTransactionDB** dbptr);

  ~OptimisticTransactionDB() override = default;

  virtual Transaction* BeginTransaction(const WriteOptions& write_options,
                                        const OptimisticTransactionOptions& txn_options = OptimisticTransactionOptions(),
                                        Transaction* old_txn = nullptr) = 0;

  OptimisticTransactionDB(const OptimisticTransactionDB&) = delete;
  void operator=(const OptimisticTransactionDB&) = delete;

 protected:
  explicit OptimisticTransactionDB(DB* db) : StackableDB(db) {}
};

}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/transaction_impl.h"
