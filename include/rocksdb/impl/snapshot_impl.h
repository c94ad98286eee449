// ferrock's C++ API, implementation: the Snapshot objects handed to programs,
// each over a c.h rocksdb_snapshot_t (of a database, or of a transaction).
#pragma once

#include <ctime>

#include "rocksdb/c.h"
#include "rocksdb/snapshot.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

class CSnapshot : public Snapshot {
 public:
  explicit CSnapshot(const rocksdb_snapshot_t* c) : c_(c), unix_time_(static_cast<int64_t>(std::time(nullptr))) {}
  ~CSnapshot() override = default;
  SequenceNumber GetSequenceNumber() const override { return rocksdb_snapshot_get_sequence_number(c_); }
  int64_t GetUnixTime() const override { return unix_time_; }
  uint64_t GetTimestamp() const override { return 0; }
  const rocksdb_snapshot_t* c() const { return c_; }

 private:
  const rocksdb_snapshot_t* c_;
  int64_t unix_time_;
};

// Every Snapshot a program holds was made by this API, so it is a CSnapshot.
inline const rocksdb_snapshot_t* CSnapshotOf(const Snapshot* s) { return static_cast<const CSnapshot*>(s)->c(); }

}  // namespace ferrock_impl
}  // namespace ROCKSDB_NAMESPACE
