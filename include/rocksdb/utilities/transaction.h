// ferrock's C++ API: Transaction, a set of reads and writes committed
// atomically (from TransactionDB or OptimisticTransactionDB). Transactions wrap
// c.h's rocksdb_transaction_t (impl/transaction_impl.h), with ferrock_ext.h for
// what c.h lacks (SetSnapshot, ClearSnapshot, PopSavePoint, SingleDelete). RocksDB
// methods with no C counterpart at all are not declared, so a program using them
// fails to compile.
#pragma once

#include <string>
#include <vector>

#include "rocksdb/comparator.h"
#include "rocksdb/db.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

class Iterator;
class TransactionDB;
class WriteBatch;

using TransactionName = std::string;
using TransactionID = uint64_t;

class Transaction {
 public:
  Transaction(const Transaction&) = delete;
  void operator=(const Transaction&) = delete;
  virtual ~Transaction() = default;

  // The transaction's snapshot becomes the database's current state: later
  // GetForUpdate and writes validate against it (ferrock_transaction_set_snapshot).
  virtual void SetSnapshot() = 0;
  virtual void ClearSnapshot() = 0;

  // The transaction's snapshot (set_snapshot=true at begin), or nullptr; owned by the transaction.
  virtual const Snapshot* GetSnapshot() const = 0;

  virtual Status Prepare() = 0;
  virtual Status Commit() = 0;
  virtual Status Rollback() = 0;

  virtual void SetSavePoint() = 0;
  virtual Status RollbackToSavePoint() = 0;
  // Forgets the last save point, keeping the writes since (ferrock_transaction_pop_savepoint).
  virtual Status PopSavePoint() = 0;

  virtual Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                     std::string* value) = 0;
  virtual Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                     PinnableSlice* pinnable_val) = 0;
  virtual Status Get(const ReadOptions& options, const Slice& key, std::string* value) = 0;
  virtual Status Get(const ReadOptions& options, const Slice& key, PinnableSlice* pinnable_val) = 0;

  virtual std::vector<Status> MultiGet(const ReadOptions& options,
                                       const std::vector<ColumnFamilyHandle*>& column_family,
                                       const std::vector<Slice>& keys, std::vector<std::string>* values) {
    values->resize(keys.size());
    std::vector<Status> statuses(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) statuses[i] = Get(options, column_family[i], keys[i], &(*values)[i]);
    return statuses;
  }
  virtual std::vector<Status> MultiGet(const ReadOptions& options, const std::vector<Slice>& keys,
                                       std::vector<std::string>* values) {
    values->resize(keys.size());
    std::vector<Status> statuses(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) statuses[i] = Get(options, keys[i], &(*values)[i]);
    return statuses;
  }

  // Reads and locks key (pessimistic) or tracks it for the commit-time check (optimistic).
  // c.h validates every read against the snapshot: do_validate=false answers NotSupported.
  virtual Status GetForUpdate(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                              std::string* value, bool exclusive = true, const bool do_validate = true) = 0;
  virtual Status GetForUpdate(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                              PinnableSlice* pinnable_val, bool exclusive = true, const bool do_validate = true) = 0;
  virtual Status GetForUpdate(const ReadOptions& options, const Slice& key, std::string* value,
                              bool exclusive = true, const bool do_validate = true) = 0;
  virtual Status GetForUpdate(const ReadOptions& options, const Slice& key, PinnableSlice* pinnable_val,
                              bool exclusive = true, const bool do_validate = true) = 0;

  virtual std::vector<Status> MultiGetForUpdate(const ReadOptions& options,
                                                const std::vector<ColumnFamilyHandle*>& column_family,
                                                const std::vector<Slice>& keys, std::vector<std::string>* values) {
    values->resize(keys.size());
    std::vector<Status> statuses(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) statuses[i] = GetForUpdate(options, column_family[i], keys[i], &(*values)[i]);
    return statuses;
  }
  virtual std::vector<Status> MultiGetForUpdate(const ReadOptions& options, const std::vector<Slice>& keys,
                                                std::vector<std::string>* values) {
    values->resize(keys.size());
    std::vector<Status> statuses(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) statuses[i] = GetForUpdate(options, keys[i], &(*values)[i]);
    return statuses;
  }

  // An iterator over the database as this transaction sees it (its own writes included).
  virtual Iterator* GetIterator(const ReadOptions& read_options) = 0;
  virtual Iterator* GetIterator(const ReadOptions& read_options, ColumnFamilyHandle* column_family) = 0;

  virtual Status Put(ColumnFamilyHandle* column_family, const Slice& key, const Slice& value,
                     const bool assume_tracked = false) = 0;
  virtual Status Put(const Slice& key, const Slice& value) = 0;
  virtual Status Put(ColumnFamilyHandle* column_family, const SliceParts& key, const SliceParts& value,
                     const bool assume_tracked = false) {
    std::string k, v;
    return Put(column_family, Slice(key, &k), Slice(value, &v), assume_tracked);
  }
  virtual Status Put(const SliceParts& key, const SliceParts& value) {
    std::string k, v;
    return Put(Slice(key, &k), Slice(value, &v));
  }
  virtual Status Merge(ColumnFamilyHandle* column_family, const Slice& key, const Slice& value,
                       const bool assume_tracked = false) = 0;
  virtual Status Merge(const Slice& key, const Slice& value) = 0;
  virtual Status Delete(ColumnFamilyHandle* column_family, const Slice& key, const bool assume_tracked = false) = 0;
  virtual Status Delete(const Slice& key) = 0;
  virtual Status Delete(ColumnFamilyHandle* column_family, const SliceParts& key, const bool assume_tracked = false) {
    std::string k;
    return Delete(column_family, Slice(key, &k), assume_tracked);
  }
  virtual Status Delete(const SliceParts& key) {
    std::string k;
    return Delete(Slice(key, &k));
  }
  virtual Status SingleDelete(ColumnFamilyHandle* column_family, const Slice& key,
                              const bool assume_tracked = false) = 0;
  virtual Status SingleDelete(const Slice& key) { return SingleDelete(nullptr, key); }

  virtual void PutLogData(const Slice& blob) = 0;

  // Replays `src_batch`'s records into this transaction.
  virtual Status RebuildFromWriteBatch(WriteBatch* src_batch) = 0;

  // Names the transaction (for two-phase commit: Prepare, then Commit or Rollback).
  virtual Status SetName(const TransactionName& name) = 0;
  virtual TransactionName GetName() const = 0;

 protected:
  Transaction() = default;
};

}  // namespace ROCKSDB_NAMESPACE
