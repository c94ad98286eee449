// ferrock's C++ API: WriteBatchBase, the interface WriteBatch and
// WriteBatchWithIndex share.
#pragma once

#include <cstddef>

#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/slice.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

class ColumnFamilyHandle;
class WriteBatch;

class WriteBatchBase {
 public:
  virtual ~WriteBatchBase() = default;

  virtual Status Put(ColumnFamilyHandle* column_family, const Slice& key, const Slice& value) = 0;
  virtual Status Put(const Slice& key, const Slice& value) = 0;
  virtual Status Put(ColumnFamilyHandle* column_family, const SliceParts& key, const SliceParts& value) {
    std::string k, v;
    return Put(column_family, Slice(key, &k), Slice(value, &v));
  }
  virtual Status Put(const SliceParts& key, const SliceParts& value) {
    std::string k, v;
    return Put(Slice(key, &k), Slice(value, &v));
  }
  virtual Status Merge(ColumnFamilyHandle* column_family, const Slice& key, const Slice& value) = 0;
  virtual Status Merge(const Slice& key, const Slice& value) = 0;
  virtual Status Delete(ColumnFamilyHandle* column_family, const Slice& key) = 0;
  virtual Status Delete(const Slice& key) = 0;
  virtual Status Delete(ColumnFamilyHandle* column_family, const SliceParts& key) {
    std::string k;
    return Delete(column_family, Slice(key, &k));
  }
  virtual Status Delete(const SliceParts& key) {
    std::string k;
    return Delete(Slice(key, &k));
  }
  virtual Status SingleDelete(ColumnFamilyHandle* column_family, const Slice& key) = 0;
  virtual Status SingleDelete(const Slice& key) = 0;
  virtual Status DeleteRange(ColumnFamilyHandle* column_family, const Slice& begin_key, const Slice& end_key) = 0;
  virtual Status DeleteRange(const Slice& begin_key, const Slice& end_key) = 0;
  virtual Status PutLogData(const Slice& blob) = 0;
  virtual void Clear() = 0;
  virtual WriteBatch* GetWriteBatch() = 0;
  virtual void SetSavePoint() = 0;
  virtual Status RollbackToSavePoint() = 0;
  virtual Status PopSavePoint() = 0;
  virtual void SetMaxBytes(size_t /*max_bytes*/) {}
};

}  // namespace ROCKSDB_NAMESPACE
