// ferrock's C++ API: Checkpoint, an openable copy of a database made with hard
// links where possible (c.h's rocksdb_checkpoint_object_create / _create).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/db.h"
#include "rocksdb/env.h"
#include "rocksdb/io_status.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

class RateLimiter;
struct ExportImportFilesMetaData;

struct CheckpointOrBackupEngineOptions {
  Logger* info_log = nullptr;
  uint64_t io_buffer_size = 0;
  uint64_t backup_rate_limit = 0;
  std::shared_ptr<RateLimiter> backup_rate_limiter{nullptr};
  int max_background_operations = 1;
};

struct CreateCheckpointOrBackupOptions {
  bool decrease_background_thread_cpu_priority = false;
  CpuPriority background_thread_cpu_priority = CpuPriority::kNormal;
};

class Checkpoint {
 public:
  // A checkpoint maker for `db`.
  static Status Create(DB* db, Checkpoint** checkpoint_ptr);

  // Writes the checkpoint into checkpoint_dir (which must not exist). With a
  // non-zero log_size_for_flush, the memtables are flushed first unless the WAL is
  // smaller than that, as in RocksDB.
  virtual Status CreateCheckpoint(const std::string& checkpoint_dir, uint64_t log_size_for_flush = 0,
                                  uint64_t* sequence_number_ptr = nullptr);

  // c.h's export answers through a metadata object ferrock does not create yet.
  virtual Status ExportColumnFamily(ColumnFamilyHandle* /*handle*/, const std::string& /*export_dir*/,
                                    ExportImportFilesMetaData** /*metadata*/) {
    return Status::NotSupported("Checkpoint::ExportColumnFamily (column family export is not implemented)");
  }

  virtual ~Checkpoint() {
    if (c_ != nullptr) rocksdb_checkpoint_object_destroy(c_);
  }

 private:
  explicit Checkpoint(rocksdb_checkpoint_t* c) : c_(c) {}
  rocksdb_checkpoint_t* c_;
};

inline Status Checkpoint::Create(DB* db, Checkpoint** checkpoint_ptr) {
  *checkpoint_ptr = nullptr;
  ferrock_impl::CDB* cdb = db->ferrock_cdb();
  if (cdb == nullptr) return Status::InvalidArgument("Checkpoint::Create: not a database opened by this API");
  ferrock_impl::ErrPtr err;
  rocksdb_checkpoint_t* c = rocksdb_checkpoint_object_create(cdb->c(), err.out());
  if (err.failed()) return err.status();
  *checkpoint_ptr = new Checkpoint(c);
  return Status::OK();
}

inline Status Checkpoint::CreateCheckpoint(const std::string& checkpoint_dir, uint64_t log_size_for_flush,
                                           uint64_t* sequence_number_ptr) {
  if (sequence_number_ptr != nullptr) {
    return Status::NotSupported("Checkpoint::CreateCheckpoint's sequence number (c.h does not report it)");
  }
  ferrock_impl::ErrPtr err;
  rocksdb_checkpoint_create(c_, checkpoint_dir.c_str(), log_size_for_flush, err.out());
  return err.status();
}

}  // namespace ROCKSDB_NAMESPACE
