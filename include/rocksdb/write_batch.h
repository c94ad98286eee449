// ferrock's C++ API: WriteBatch, updates applied atomically by DB::Write. It
// wraps c.h's rocksdb_writebatch_t (its bytes are RocksDB's WriteBatch format),
// and WriteBatch::Iterate reads those bytes on the C++ side, so a Handler sees
// every record kind (c.h's rocksdb_writebatch_iterate* report only some).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "rocksdb/c.h"
#include "rocksdb/slice.h"
#include "rocksdb/status.h"
#include "rocksdb/write_batch_base.h"

namespace ROCKSDB_NAMESPACE {

class ColumnFamilyHandle;

class WriteBatch : public WriteBatchBase {
 public:
  explicit WriteBatch(size_t /*reserved_bytes*/ = 0, size_t max_bytes = 0) : c_(rocksdb_writebatch_create()), max_bytes_(max_bytes) {}
  // A batch holding the serialized records `rep` (RocksDB's WriteBatch format).
  explicit WriteBatch(const std::string& rep) : c_(rocksdb_writebatch_create_from(rep.data(), rep.size())) {}
  explicit WriteBatch(std::string&& rep) : WriteBatch(static_cast<const std::string&>(rep)) {}
  WriteBatch(const WriteBatch& src) : c_(Copy(src)), max_bytes_(src.max_bytes_) {}
  WriteBatch(WriteBatch&& src) noexcept : c_(std::exchange(src.c_, rocksdb_writebatch_create())), max_bytes_(src.max_bytes_) {}
  WriteBatch& operator=(const WriteBatch& src) {
    if (this != &src) {
      rocksdb_writebatch_destroy(c_);
      c_ = Copy(src);
      max_bytes_ = src.max_bytes_;
    }
    return *this;
  }
  WriteBatch& operator=(WriteBatch&& src) {
    if (this != &src) std::swap(c_, src.c_);
    max_bytes_ = src.max_bytes_;
    return *this;
  }
  ~WriteBatch() override { rocksdb_writebatch_destroy(c_); }

  using WriteBatchBase::Delete;
  using WriteBatchBase::DeleteRange;
  using WriteBatchBase::Merge;
  using WriteBatchBase::Put;
  using WriteBatchBase::SingleDelete;

  Status Put(ColumnFamilyHandle* column_family, const Slice& key, const Slice& value) override;
  Status Put(const Slice& key, const Slice& value) override {
    return Apply([&] { rocksdb_writebatch_put(c_, key.data(), key.size(), value.data(), value.size()); });
  }
  Status Put(ColumnFamilyHandle* column_family, const SliceParts& key, const SliceParts& value) override;
  Status Put(const SliceParts& key, const SliceParts& value) override { return Put(nullptr, key, value); }

  Status Delete(ColumnFamilyHandle* column_family, const Slice& key) override;
  Status Delete(const Slice& key) override {
    return Apply([&] { rocksdb_writebatch_delete(c_, key.data(), key.size()); });
  }
  Status Delete(ColumnFamilyHandle* column_family, const SliceParts& key) override;
  Status Delete(const SliceParts& key) override { return Delete(nullptr, key); }

  Status SingleDelete(ColumnFamilyHandle* column_family, const Slice& key) override;
  Status SingleDelete(const Slice& key) override {
    return Apply([&] { rocksdb_writebatch_singledelete(c_, key.data(), key.size()); });
  }

  Status DeleteRange(ColumnFamilyHandle* column_family, const Slice& begin_key, const Slice& end_key) override;
  Status DeleteRange(const Slice& begin_key, const Slice& end_key) override {
    return Apply([&] { rocksdb_writebatch_delete_range(c_, begin_key.data(), begin_key.size(), end_key.data(), end_key.size()); });
  }

  Status Merge(ColumnFamilyHandle* column_family, const Slice& key, const Slice& value) override;
  Status Merge(const Slice& key, const Slice& value) override {
    return Apply([&] { rocksdb_writebatch_merge(c_, key.data(), key.size(), value.data(), value.size()); });
  }

  // A blob written to the WAL with the batch but not applied to any column family.
  Status PutLogData(const Slice& blob) override {
    return Apply([&] { rocksdb_writebatch_put_log_data(c_, blob.data(), blob.size()); });
  }

  void Clear() override { rocksdb_writebatch_clear(c_); }

  void SetSavePoint() override { rocksdb_writebatch_set_save_point(c_); }
  Status RollbackToSavePoint() override;
  Status PopSavePoint() override;

  // Receives the records of a batch, in order (Iterate).
  class Handler {
   public:
    virtual ~Handler() = default;
    virtual Status PutCF(uint32_t column_family_id, const Slice& key, const Slice& value) {
      if (column_family_id == 0) {
        Put(key, value);
        return Status::OK();
      }
      return Status::InvalidArgument("non-default column family and PutCF not implemented");
    }
    virtual void Put(const Slice& /*key*/, const Slice& /*value*/) {}
    virtual Status PutEntityCF(uint32_t /*column_family_id*/, const Slice& /*key*/, const Slice& /*entity*/) {
      return Status::NotSupported("PutEntityCF not implemented");
    }
    virtual Status DeleteCF(uint32_t column_family_id, const Slice& key) {
      if (column_family_id == 0) {
        Delete(key);
        return Status::OK();
      }
      return Status::InvalidArgument("non-default column family and DeleteCF not implemented");
    }
    virtual void Delete(const Slice& /*key*/) {}
    virtual Status SingleDeleteCF(uint32_t column_family_id, const Slice& key) {
      if (column_family_id == 0) {
        SingleDelete(key);
        return Status::OK();
      }
      return Status::InvalidArgument("non-default column family and SingleDeleteCF not implemented");
    }
    virtual void SingleDelete(const Slice& /*key*/) {}
    virtual Status DeleteRangeCF(uint32_t /*column_family_id*/, const Slice& /*begin_key*/, const Slice& /*end_key*/) {
      return Status::InvalidArgument("DeleteRangeCF not implemented");
    }
    virtual Status MergeCF(uint32_t column_family_id, const Slice& key, const Slice& value) {
      if (column_family_id == 0) {
        Merge(key, value);
        return Status::OK();
      }
      return Status::InvalidArgument("non-default column family and MergeCF not implemented");
    }
    virtual void Merge(const Slice& /*key*/, const Slice& /*value*/) {}
    virtual Status PutBlobIndexCF(uint32_t /*column_family_id*/, const Slice& /*key*/, const Slice& /*value*/) {
      return Status::InvalidArgument("PutBlobIndexCF not implemented");
    }
    virtual void LogData(const Slice& /*blob*/) {}
    virtual Status MarkBeginPrepare(bool = false) { return Status::InvalidArgument("MarkBeginPrepare() handler not defined."); }
    virtual Status MarkEndPrepare(const Slice& /*xid*/) { return Status::InvalidArgument("MarkEndPrepare() handler not defined."); }
    virtual Status MarkNoop(bool /*empty_batch*/) { return Status::InvalidArgument("MarkNoop() handler not defined."); }
    virtual Status MarkRollback(const Slice& /*xid*/) {
      return Status::InvalidArgument("MarkRollbackPrepare() handler not defined.");
    }
    virtual Status MarkCommit(const Slice& /*xid*/) { return Status::InvalidArgument("MarkCommit() handler not defined."); }
    // Return false to stop the iteration.
    virtual bool Continue() { return true; }
  };

  // Calls the handler for each record; a Corruption status for malformed bytes.
  Status Iterate(Handler* handler) const;

  // The serialized batch (a copy refreshed by each call).
  const std::string& Data() const {
    size_t size = 0;
    const char* p = rocksdb_writebatch_data(c_, &size);
    data_.assign(p, size);
    return data_;
  }
  size_t GetDataSize() const {
    size_t size = 0;
    rocksdb_writebatch_data(c_, &size);
    return size;
  }
  uint32_t Count() const { return static_cast<uint32_t>(rocksdb_writebatch_count(c_)); }

  bool HasPut() const { return Has(kPutMask); }
  bool HasDelete() const { return Has(kDeleteMask); }
  bool HasSingleDelete() const { return Has(kSingleDeleteMask); }
  bool HasDeleteRange() const { return Has(kDeleteRangeMask); }
  bool HasMerge() const { return Has(kMergeMask); }

  WriteBatch* GetWriteBatch() override { return this; }

  // The c.h batch behind this object.
  rocksdb_writebatch_t* ferrock_c_batch() const { return c_; }

 private:
  static constexpr int kPutMask = 1, kDeleteMask = 2, kSingleDeleteMask = 4, kDeleteRangeMask = 8, kMergeMask = 16;

  static rocksdb_writebatch_t* Copy(const WriteBatch& src) {
    size_t size = 0;
    const char* p = rocksdb_writebatch_data(src.c_, &size);
    return rocksdb_writebatch_create_from(p, size);
  }
  // Runs one append; with max_bytes set, an append that would grow the batch past it is
  // undone and answers MemoryLimit, as RocksDB's does.
  template <typename F>
  Status Apply(F&& append) {
    if (max_bytes_ == 0) {
      append();
      return Status::OK();
    }
    rocksdb_writebatch_set_save_point(c_);
    append();
    char* err = nullptr;
    if (GetDataSize() > max_bytes_) {
      rocksdb_writebatch_rollback_to_save_point(c_, &err);
      rocksdb_free(err);
      return Status::MemoryLimit();
    }
    rocksdb_writebatch_pop_save_point(c_, &err);
    rocksdb_free(err);
    return Status::OK();
  }
  bool Has(int mask) const;

  rocksdb_writebatch_t* c_;
  size_t max_bytes_ = 0;
  mutable std::string data_;
};

}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/write_batch_impl.h"
