// ferrock's C++ API, implementation: transactions (CTransaction over c.h's
// rocksdb_transaction_t, and ferrock_ext.h for what c.h lacks), TransactionDB over rocksdb_transactiondb_t and
// OptimisticTransactionDB over rocksdb_optimistictransactiondb_t. Each
// transaction database stacks on a CDB over c.h's base-db handle for the calls
// that do not go through the transaction layer (properties, compaction, ...).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/c.h"
#include "rocksdb/ferrock_ext.h"
#include "rocksdb/impl/db_impl.h"
#include "rocksdb/utilities/optimistic_transaction_db.h"
#include "rocksdb/utilities/transaction.h"
#include "rocksdb/utilities/transaction_db.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

class CTransaction : public Transaction {
 public:
  CTransaction(rocksdb_transaction_t* c, CDB* base) : c_(c), base_(base) {}
  ~CTransaction() override {
    ForgetSnapshot();
    rocksdb_transaction_destroy(c_);
  }

  // After BeginTransaction reused this transaction's handle.
  void Restarted() { ForgetSnapshot(); }
  rocksdb_transaction_t* c() const { return c_; }

  const Snapshot* GetSnapshot() const override {
    if (snapshot_ == nullptr) {
      const rocksdb_snapshot_t* s = rocksdb_transaction_get_snapshot(c_);
      if (s != nullptr) snapshot_ = new CSnapshot(s);
    }
    return snapshot_;
  }

  void SetSnapshot() override {
    ferrock_transaction_set_snapshot(c_);
    ForgetSnapshot();
  }
  void ClearSnapshot() override {
    ferrock_transaction_clear_snapshot(c_);
    ForgetSnapshot();
  }

  Status Prepare() override {
    ErrPtr err;
    rocksdb_transaction_prepare(c_, err.out());
    return err.status();
  }
  Status Commit() override {
    ErrPtr err;
    rocksdb_transaction_commit(c_, err.out());
    return err.status();
  }
  Status Rollback() override {
    ErrPtr err;
    rocksdb_transaction_rollback(c_, err.out());
    return err.status();
  }
  void SetSavePoint() override { rocksdb_transaction_set_savepoint(c_); }
  Status RollbackToSavePoint() override {
    ErrPtr err;
    rocksdb_transaction_rollback_to_savepoint(c_, err.out());
    // A rollback may bring back the snapshot of the save point.
    ForgetSnapshot();
    return err.status();
  }
  Status PopSavePoint() override {
    ErrPtr err;
    ferrock_transaction_pop_savepoint(c_, err.out());
    return err.status();
  }

  Status Get(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, PinnableSlice* value) override {
    rocksdb_readoptions_t* ro = nullptr;
    Status s = ThreadReadOptions(options, &ro);
    if (!s.ok()) return s;
    ErrPtr err;
    rocksdb_pinnableslice_t* p = rocksdb_transaction_get_pinned_cf(c_, ro, Cf(cf), key.data(), key.size(), err.out());
    return CDB::PinResult(p, err, value);
  }
  Status Get(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, std::string* value) override {
    PinnableSlice pinned;
    Status s = Get(options, cf, key, &pinned);
    if (s.ok()) value->assign(pinned.data(), pinned.size());
    return s;
  }
  Status Get(const ReadOptions& options, const Slice& key, std::string* value) override {
    return Get(options, nullptr, key, value);
  }
  Status Get(const ReadOptions& options, const Slice& key, PinnableSlice* value) override {
    return Get(options, nullptr, key, value);
  }

  Status GetForUpdate(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, PinnableSlice* value,
                      bool exclusive = true, const bool do_validate = true) override {
    if (!do_validate) return Unsupported("Transaction::GetForUpdate with do_validate=false", "c.h always validates");
    rocksdb_readoptions_t* ro = nullptr;
    Status s = ThreadReadOptions(options, &ro);
    if (!s.ok()) return s;
    ErrPtr err;
    rocksdb_pinnableslice_t* p = rocksdb_transaction_get_pinned_for_update_cf(c_, ro, Cf(cf), key.data(), key.size(),
                                                                             exclusive ? 1 : 0, err.out());
    if (value != nullptr) return CDB::PinResult(p, err, value);
    PinnableSlice ignored;
    return CDB::PinResult(p, err, &ignored);
  }
  Status GetForUpdate(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, std::string* value,
                      bool exclusive = true, const bool do_validate = true) override {
    PinnableSlice pinned;
    Status s = GetForUpdate(options, cf, key, &pinned, exclusive, do_validate);
    if (s.ok() && value != nullptr) value->assign(pinned.data(), pinned.size());
    return s;
  }
  Status GetForUpdate(const ReadOptions& options, const Slice& key, std::string* value, bool exclusive = true,
                      const bool do_validate = true) override {
    return GetForUpdate(options, nullptr, key, value, exclusive, do_validate);
  }
  Status GetForUpdate(const ReadOptions& options, const Slice& key, PinnableSlice* value, bool exclusive = true,
                      const bool do_validate = true) override {
    return GetForUpdate(options, nullptr, key, value, exclusive, do_validate);
  }

  Iterator* GetIterator(const ReadOptions& options) override { return GetIterator(options, nullptr); }
  Iterator* GetIterator(const ReadOptions& options, ColumnFamilyHandle* cf) override {
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    Status s = ReadOptionsToC(options, ro);
    if (!s.ok()) {
      rocksdb_readoptions_destroy(ro);
      return NewErrorIterator(s);
    }
    return new CIterator(rocksdb_transaction_create_iterator_cf(c_, ro, Cf(cf)), ro);
  }

  using Transaction::Delete;
  using Transaction::Put;
  using Transaction::SingleDelete;

  Status Put(ColumnFamilyHandle* cf, const Slice& key, const Slice& value, const bool /*assume_tracked*/ = false) override {
    ErrPtr err;
    rocksdb_transaction_put_cf(c_, Cf(cf), key.data(), key.size(), value.data(), value.size(), err.out());
    return err.status();
  }
  Status Put(const Slice& key, const Slice& value) override { return Put(nullptr, key, value); }
  Status Merge(ColumnFamilyHandle* cf, const Slice& key, const Slice& value, const bool /*assume_tracked*/ = false) override {
    ErrPtr err;
    rocksdb_transaction_merge_cf(c_, Cf(cf), key.data(), key.size(), value.data(), value.size(), err.out());
    return err.status();
  }
  Status Merge(const Slice& key, const Slice& value) override { return Merge(nullptr, key, value); }
  Status Delete(ColumnFamilyHandle* cf, const Slice& key, const bool /*assume_tracked*/ = false) override {
    ErrPtr err;
    rocksdb_transaction_delete_cf(c_, Cf(cf), key.data(), key.size(), err.out());
    return err.status();
  }
  Status Delete(const Slice& key) override { return Delete(nullptr, key); }
  Status SingleDelete(ColumnFamilyHandle* cf, const Slice& key, const bool /*assume_tracked*/ = false) override {
    ErrPtr err;
    ferrock_transaction_singledelete_cf(c_, Cf(cf), key.data(), key.size(), err.out());
    return err.status();
  }

  void PutLogData(const Slice& blob) override { rocksdb_transaction_put_log_data(c_, blob.data(), blob.size()); }

  Status RebuildFromWriteBatch(WriteBatch* src_batch) override {
    ErrPtr err;
    rocksdb_transaction_rebuild_from_writebatch(c_, src_batch->ferrock_c_batch(), err.out());
    return err.status();
  }

  Status SetName(const TransactionName& name) override {
    ErrPtr err;
    rocksdb_transaction_set_name(c_, name.data(), name.size(), err.out());
    return err.status();
  }
  TransactionName GetName() const override {
    size_t n = 0;
    char* name = rocksdb_transaction_get_name(c_, &n);
    return TakeCBytes(name, n);
  }

 private:
  rocksdb_column_family_handle_t* Cf(ColumnFamilyHandle* cf) const {
    return CfOf(cf == nullptr ? base_->DefaultColumnFamily() : cf);
  }
  void ForgetSnapshot() {
    if (snapshot_ != nullptr) {
      // c.h's transaction snapshot handle is malloc'd for the caller; the transaction keeps the snapshot.
      rocksdb_free(const_cast<rocksdb_snapshot_t*>(snapshot_->c()));
      delete snapshot_;
      snapshot_ = nullptr;
    }
  }

  rocksdb_transaction_t* c_;
  CDB* base_;
  mutable CSnapshot* snapshot_ = nullptr;
};

// The base database of a transaction database: calls outside transactions that c.h
// only offers on rocksdb_t, with column families created through `create_cf`.
class CTxnBaseDB : public CDB {
 public:
  using CreateCfFunction = std::function<rocksdb_column_family_handle_t*(const rocksdb_options_t*, const std::string&, char**)>;
  CTxnBaseDB(const std::string& name, const DBOptions& db_options) : CDB(name, db_options) {}
  void SetCreateColumnFamily(CreateCfFunction f) { create_cf_ = std::move(f); }

 protected:
  rocksdb_column_family_handle_t* CreateColumnFamilyC(const rocksdb_options_t* options, const std::string& name,
                                                      char** errptr) override {
    if (create_cf_) return create_cf_(options, name, errptr);
    return CDB::CreateColumnFamilyC(options, name, errptr);
  }

 private:
  CreateCfFunction create_cf_;
};

class CTransactionDB : public TransactionDB {
 public:
  explicit CTransactionDB(CTxnBaseDB* base) : TransactionDB(base), base_(base) {}
  ~CTransactionDB() override {
    // The base handle goes first, then the transaction database; the borrowed C objects last.
    BorrowedCObjects borrowed;
    borrowed.Append(std::move(*base_->borrowed()));
    base_->Close().PermitUncheckedError();
    if (c_ != nullptr) rocksdb_transactiondb_close(c_);
  }
  void Opened(rocksdb_transactiondb_t* c) {
    c_ = c;
    base_->SetCreateColumnFamily([c](const rocksdb_options_t* o, const std::string& name, char** err) {
      return rocksdb_transactiondb_create_column_family(c, o, name.c_str(), err);
    });
    base_->Opened(rocksdb_transactiondb_get_base_db(c), &rocksdb_transactiondb_close_base_db);
  }

  using StackableDB::Delete;
  using StackableDB::Get;
  using StackableDB::Merge;
  using StackableDB::NewIterator;
  using StackableDB::Put;
  using StackableDB::SingleDelete;

  Transaction* BeginTransaction(const WriteOptions& write_options, const TransactionOptions& txn_options = TransactionOptions(),
                                Transaction* old_txn = nullptr) override {
    rocksdb_transaction_options_t* o = rocksdb_transaction_options_create();
    rocksdb_transaction_options_set_set_snapshot(o, txn_options.set_snapshot);
    rocksdb_transaction_options_set_deadlock_detect(o, txn_options.deadlock_detect);
    rocksdb_transaction_options_set_use_only_the_last_commit_time_batch_for_recovery(
        o, txn_options.use_only_the_last_commit_time_batch_for_recovery);
    rocksdb_transaction_options_set_lock_timeout(o, txn_options.lock_timeout);
    rocksdb_transaction_options_set_deadlock_timeout_us(o, txn_options.deadlock_timeout_us);
    rocksdb_transaction_options_set_expiration(o, txn_options.expiration);
    rocksdb_transaction_options_set_deadlock_detect_depth(o, txn_options.deadlock_detect_depth);
    rocksdb_transaction_options_set_max_write_batch_size(o, txn_options.max_write_batch_size);
    rocksdb_transaction_options_set_skip_concurrency_control(o, txn_options.skip_concurrency_control);
    rocksdb_transaction_options_set_skip_prepare(o, txn_options.skip_prepare);
    rocksdb_transaction_options_set_write_batch_flush_threshold(o, txn_options.write_batch_flush_threshold);
    rocksdb_transaction_options_set_write_batch_track_timestamp_size(o, txn_options.write_batch_track_timestamp_size);
    rocksdb_transaction_options_set_commit_bypass_memtable(o, txn_options.commit_bypass_memtable);
    rocksdb_transaction_options_set_large_txn_commit_optimize_threshold(o, txn_options.large_txn_commit_optimize_threshold);
    rocksdb_transaction_options_set_large_txn_commit_optimize_byte_threshold(
        o, txn_options.large_txn_commit_optimize_byte_threshold);
    auto* old = static_cast<CTransaction*>(old_txn);
    rocksdb_transaction_t* t = rocksdb_transaction_begin(c_, ThreadWriteOptions(write_options), o, old != nullptr ? old->c() : nullptr);
    rocksdb_transaction_options_destroy(o);
    if (t == nullptr) return nullptr;
    if (old != nullptr) {
      old->Restarted();
      return old;
    }
    return new CTransaction(t, base_);
  }

  void GetAllPreparedTransactions(std::vector<Transaction*>* trans) override {
    trans->clear();
    size_t n = 0;
    rocksdb_transaction_t** list = rocksdb_transactiondb_get_prepared_transactions(c_, &n);
    for (size_t i = 0; i < n; ++i) trans->push_back(new CTransaction(list[i], base_));
    rocksdb_free(list);
  }

  // Writes outside transactions take the transaction locks, as in RocksDB.
  Status Put(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key, const Slice& value) override {
    ErrPtr err;
    rocksdb_transactiondb_put_cf(c_, ThreadWriteOptions(options), Cf(cf), key.data(), key.size(), value.data(),
                                 value.size(), err.out());
    return err.status();
  }
  Status Delete(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key) override {
    ErrPtr err;
    rocksdb_transactiondb_delete_cf(c_, ThreadWriteOptions(options), Cf(cf), key.data(), key.size(), err.out());
    return err.status();
  }
  // As RocksDB's: a one-operation transaction, so the key's lock is taken.
  Status SingleDelete(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key) override {
    std::unique_ptr<Transaction> txn(BeginTransaction(options));
    Status s = txn->SingleDelete(cf, key);
    return s.ok() ? txn->Commit() : s;
  }
  Status DeleteRange(const WriteOptions&, ColumnFamilyHandle*, const Slice&, const Slice&) override {
    return Status::NotSupported("DeleteRange is not supported by TransactionDB (c.h locks keys, not ranges)");
  }
  Status Merge(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key, const Slice& value) override {
    ErrPtr err;
    rocksdb_transactiondb_merge_cf(c_, ThreadWriteOptions(options), Cf(cf), key.data(), key.size(), value.data(),
                                   value.size(), err.out());
    return err.status();
  }
  Status Write(const WriteOptions& options, WriteBatch* updates) override {
    ErrPtr err;
    rocksdb_transactiondb_write(c_, ThreadWriteOptions(options), updates->ferrock_c_batch(), err.out());
    return err.status();
  }
  Status Get(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, PinnableSlice* value,
             std::string* timestamp) override {
    if (timestamp != nullptr) return Unsupported("DB::Get with a timestamp", "user-defined timestamps are not supported by ferrock");
    rocksdb_readoptions_t* ro = nullptr;
    Status s = ThreadReadOptions(options, &ro);
    if (!s.ok()) return s;
    ErrPtr err;
    rocksdb_pinnableslice_t* p = rocksdb_transactiondb_get_pinned_cf(c_, ro, Cf(cf), key.data(), key.size(), err.out());
    return CDB::PinResult(p, err, value);
  }
  Iterator* NewIterator(const ReadOptions& options, ColumnFamilyHandle* cf) override {
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    Status s = ReadOptionsToC(options, ro);
    if (!s.ok()) {
      rocksdb_readoptions_destroy(ro);
      return NewErrorIterator(s);
    }
    return new CIterator(rocksdb_transactiondb_create_iterator_cf(c_, ro, Cf(cf)), ro);
  }
  const Snapshot* GetSnapshot() override { return new CSnapshot(rocksdb_transactiondb_create_snapshot(c_)); }
  void ReleaseSnapshot(const Snapshot* snapshot) override {
    if (snapshot == nullptr) return;
    rocksdb_transactiondb_release_snapshot(c_, CSnapshotOf(snapshot));
    delete static_cast<const CSnapshot*>(snapshot);
  }

 private:
  rocksdb_column_family_handle_t* Cf(ColumnFamilyHandle* cf) const {
    return CfOf(cf == nullptr ? base_->DefaultColumnFamily() : cf);
  }

  CTxnBaseDB* base_;
  rocksdb_transactiondb_t* c_ = nullptr;
};

class COptimisticTransactionDB : public OptimisticTransactionDB {
 public:
  explicit COptimisticTransactionDB(CTxnBaseDB* base) : OptimisticTransactionDB(base), base_(base) {}
  ~COptimisticTransactionDB() override {
    BorrowedCObjects borrowed;
    borrowed.Append(std::move(*base_->borrowed()));
    base_->Close().PermitUncheckedError();
    if (c_ != nullptr) rocksdb_optimistictransactiondb_close(c_);
  }
  void Opened(rocksdb_optimistictransactiondb_t* c) {
    c_ = c;
    base_->Opened(rocksdb_optimistictransactiondb_get_base_db(c), &rocksdb_optimistictransactiondb_close_base_db);
  }

  Transaction* BeginTransaction(const WriteOptions& write_options,
                                const OptimisticTransactionOptions& txn_options = OptimisticTransactionOptions(),
                                Transaction* old_txn = nullptr) override {
    rocksdb_optimistictransaction_options_t* o = rocksdb_optimistictransaction_options_create();
    rocksdb_optimistictransaction_options_set_set_snapshot(o, txn_options.set_snapshot);
    auto* old = static_cast<CTransaction*>(old_txn);
    rocksdb_transaction_t* t =
        rocksdb_optimistictransaction_begin(c_, ThreadWriteOptions(write_options), o, old != nullptr ? old->c() : nullptr);
    rocksdb_optimistictransaction_options_destroy(o);
    if (t == nullptr) return nullptr;
    if (old != nullptr) {
      old->Restarted();
      return old;
    }
    return new CTransaction(t, base_);
  }

  // A batch written outside transactions still conflicts with them (c.h's otxn write).
  Status Write(const WriteOptions& options, WriteBatch* updates) override {
    ErrPtr err;
    rocksdb_optimistictransactiondb_write(c_, ThreadWriteOptions(options), updates->ferrock_c_batch(), err.out());
    return err.status();
  }

 private:
  CTxnBaseDB* base_;
  rocksdb_optimistictransactiondb_t* c_ = nullptr;
};

inline rocksdb_transactiondb_options_t* TransactionDBOptionsToC(const TransactionDBOptions& o) {
  rocksdb_transactiondb_options_t* c = rocksdb_transactiondb_options_create();
  rocksdb_transactiondb_options_set_max_num_locks(c, o.max_num_locks);
  rocksdb_transactiondb_options_set_max_num_deadlocks(c, o.max_num_deadlocks);
  rocksdb_transactiondb_options_set_num_stripes(c, o.num_stripes);
  rocksdb_transactiondb_options_set_transaction_lock_timeout(c, o.transaction_lock_timeout);
  rocksdb_transactiondb_options_set_default_lock_timeout(c, o.default_lock_timeout);
  rocksdb_transactiondb_options_set_write_policy(c, static_cast<int>(o.write_policy));
  rocksdb_transactiondb_options_set_rollback_merge_operands(c, o.rollback_merge_operands);
  rocksdb_transactiondb_options_set_use_per_key_point_lock_mgr(c, o.use_per_key_point_lock_mgr);
  rocksdb_transactiondb_options_set_skip_concurrency_control(c, o.skip_concurrency_control);
  rocksdb_transactiondb_options_set_default_write_batch_flush_threshold(c, o.default_write_batch_flush_threshold);
  rocksdb_transactiondb_options_set_enable_udt_validation(c, o.enable_udt_validation);
  rocksdb_transactiondb_options_set_txn_commit_bypass_memtable_threshold(c, o.txn_commit_bypass_memtable_threshold);
  return c;
}

// Opens a transaction database through `open` (which returns the c.h handle) and wraps it.
template <typename Wrapper, typename OpenFn, typename Handle>
Status OpenTransactionDB(const DBOptions& db_options, const std::string& name,
                         const std::vector<ColumnFamilyDescriptor>& column_families,
                         std::vector<ColumnFamilyHandle*>* handles, Wrapper** dbptr, OpenFn&& open, Handle* /*type*/) {
  *dbptr = nullptr;
  if (handles != nullptr) handles->clear();
  auto* base = new CTxnBaseDB(name, db_options);
  auto* db = new Wrapper(base);
  OpenArguments args;
  Status s = PrepareOpen(base, db_options, column_families, &args);
  std::vector<rocksdb_column_family_handle_t*> c_handles(column_families.size(), nullptr);
  ErrPtr err;
  Handle* c = s.ok() ? open(args, c_handles.data(), err.out()) : nullptr;
  if (!s.ok() || err.failed() || c == nullptr) {
    base->Opened(nullptr, nullptr);
    delete db;
    if (!s.ok()) return s;
    return err.failed() ? err.status() : Status::IOError("open failed");
  }
  db->Opened(c);
  if (handles != nullptr) {
    for (rocksdb_column_family_handle_t* h : c_handles) handles->push_back(new CColumnFamilyHandle(h, base));
  }
  *dbptr = db;
  return Status::OK();
}

}  // namespace ferrock_impl

inline Status TransactionDB::Open(const Options& options, const TransactionDBOptions& txn_db_options,
                                  const std::string& dbname, TransactionDB** dbptr) {
  std::vector<ColumnFamilyHandle*> handles;
  std::vector<ColumnFamilyDescriptor> cfs = {ColumnFamilyDescriptor(kDefaultColumnFamilyName, options)};
  Status s = Open(options, txn_db_options, dbname, cfs, &handles, dbptr);
  for (ColumnFamilyHandle* h : handles) delete h;  // the database keeps its own default handle
  return s;
}

inline Status TransactionDB::Open(const DBOptions& db_options, const TransactionDBOptions& txn_db_options,
                                  const std::string& dbname, const std::vector<ColumnFamilyDescriptor>& column_families,
                                  std::vector<ColumnFamilyHandle*>* handles, TransactionDB** dbptr) {
  ferrock_impl::CTransactionDB* db = nullptr;
  Status s = ferrock_impl::OpenTransactionDB(
      db_options, dbname, column_families, handles, &db,
      [&](ferrock_impl::OpenArguments& a, rocksdb_column_family_handle_t** h, char** err) {
        rocksdb_transactiondb_options_t* t = ferrock_impl::TransactionDBOptionsToC(txn_db_options);
        rocksdb_transactiondb_t* c = rocksdb_transactiondb_open_column_families(
            a.db.get(), t, dbname.c_str(), static_cast<int>(a.names.size()), a.names.data(), a.cf_ptrs.data(), h, err);
        rocksdb_transactiondb_options_destroy(t);
        return c;
      },
      static_cast<rocksdb_transactiondb_t*>(nullptr));
  *dbptr = db;
  return s;
}

inline Status OptimisticTransactionDB::Open(const Options& options, const std::string& dbname,
                                            OptimisticTransactionDB** dbptr) {
  std::vector<ColumnFamilyHandle*> handles;
  std::vector<ColumnFamilyDescriptor> cfs = {ColumnFamilyDescriptor(kDefaultColumnFamilyName, options)};
  Status s = Open(options, dbname, cfs, &handles, dbptr);
  for (ColumnFamilyHandle* h : handles) delete h;
  return s;
}

inline Status OptimisticTransactionDB::Open(const DBOptions& db_options, const std::string& dbname,
                                            const std::vector<ColumnFamilyDescriptor>& column_families,
                                            std::vector<ColumnFamilyHandle*>* handles, OptimisticTransactionDB** dbptr) {
  return Open(db_options, OptimisticTransactionDBOptions(), dbname, column_families, handles, dbptr);
}

inline Status OptimisticTransactionDB::Open(const DBOptions& db_options, const OptimisticTransactionDBOptions& occ_options,
                                            const std::string& dbname,
                                            const std::vector<ColumnFamilyDescriptor>& column_families,
                                            std::vector<ColumnFamilyHandle*>* handles, OptimisticTransactionDB** dbptr) {
  ferrock_impl::COptimisticTransactionDB* db = nullptr;
  Status s = ferrock_impl::OpenTransactionDB(
      db_options, dbname, column_families, handles, &db,
      [&](ferrock_impl::OpenArguments& a, rocksdb_column_family_handle_t** h, char** err) {
        rocksdb_optimistictransactiondb_options_t* o = rocksdb_optimistictransactiondb_options_create();
        rocksdb_optimistictransactiondb_options_set_validate_policy(o, static_cast<int>(occ_options.validate_policy));
        rocksdb_optimistictransactiondb_options_set_occ_lock_buckets(o, occ_options.occ_lock_buckets);
        rocksdb_optimistictransactiondb_t* c = rocksdb_optimistictransactiondb_open_column_families_with_otxn_db_options(
            a.db.get(), o, dbname.c_str(), static_cast<int>(a.names.size()), a.names.data(), a.cf_ptrs.data(), h, err);
        rocksdb_optimistictransactiondb_options_destroy(o);
        return c;
      },
      static_cast<rocksdb_optimistictransactiondb_t*>(nullptr));
  *dbptr = db;
  return s;
}

}  // namespace ROCKSDB_NAMESPACE
