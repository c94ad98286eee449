// ferrock's C++ API: Snapshot (a consistent read point, made by DB::GetSnapshot)
// and ManagedSnapshot (releases its snapshot when destroyed).
#pragma once

#include <cstdint>

#include "rocksdb/types.h"

namespace ROCKSDB_NAMESPACE {

class DB;

class Snapshot {
 public:
  virtual SequenceNumber GetSequenceNumber() const = 0;
  virtual int64_t GetUnixTime() const = 0;
  virtual uint64_t GetTimestamp() const = 0;

 protected:
  virtual ~Snapshot() = default;
};

class ManagedSnapshot {
 public:
  explicit ManagedSnapshot(DB* db);
  ManagedSnapshot(DB* db, const Snapshot* _snapshot) : db_(db), snapshot_(_snapshot) {}
  ~ManagedSnapshot();
  const Snapshot* snapshot() { return snapshot_; }

 private:
  DB* db_;
  const Snapshot* snapshot_;
};

}  // namespace ROCKSDB_NAMESPACE
