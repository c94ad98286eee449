// ferrock's C++ API: BackupEngine and BackupEngineReadOnly, incremental backups
// of a database into a backup directory, over c.h's rocksdb_backup_engine_t.
// c.h has one (read-write) backup engine; BackupEngineReadOnly opens it too and
// offers the reading calls only. Calls c.h has no counterpart for answer
// NotSupported (DeleteBackup, GarbageCollect) or are not declared.
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/c.h"
#include "rocksdb/db.h"
#include "rocksdb/env.h"
#include "rocksdb/io_status.h"
#include "rocksdb/metadata.h"
#include "rocksdb/options.h"
#include "rocksdb/status.h"
#include "rocksdb/utilities/checkpoint.h"

namespace ROCKSDB_NAMESPACE {

class BackupEngine;

struct BackupEngineOptions : public CheckpointOrBackupEngineOptions {
  std::string backup_dir;
  Env* backup_env;
  bool share_table_files;
  bool sync;
  bool destroy_old_data;
  bool backup_log_files;
  uint64_t restore_rate_limit;
  std::shared_ptr<RateLimiter> restore_rate_limiter{nullptr};
  bool share_files_with_checksum;
  uint64_t callback_trigger_interval_size;
  int max_valid_backups_to_open;

  enum ShareFilesNaming : uint32_t {
    kLegacyCrc32cAndFileSize = 1U,
    kUseDbSessionId = 2U,
    kMaskNoNamingFlags = 0xffffU,
    kFlagIncludeFileSize = 1U << 31,
    kMaskNamingFlags = ~kMaskNoNamingFlags,
  };
  ShareFilesNaming share_files_with_checksum_naming;
  int schema_version = 1;
  bool current_temperatures_override_manifest = false;

  explicit BackupEngineOptions(const std::string& _backup_dir, Env* _backup_env = nullptr,
                               bool _share_table_files = true, Logger* _info_log = nullptr, bool _sync = true,
                               bool _destroy_old_data = false, bool _backup_log_files = true,
                               uint64_t _io_buffer_size = 0, uint64_t _backup_rate_limit = 0,
                               uint64_t _restore_rate_limit = 0, int _max_background_operations = 1,
                               uint64_t _callback_trigger_interval_size = 4 * 1024 * 1024,
                               int _max_valid_backups_to_open = INT_MAX,
                               ShareFilesNaming _share_files_with_checksum_naming =
                                   static_cast<ShareFilesNaming>(kUseDbSessionId | kFlagIncludeFileSize))
      : CheckpointOrBackupEngineOptions{_info_log, _io_buffer_size, _backup_rate_limit, nullptr,
                                        _max_background_operations},
        backup_dir(_backup_dir),
        backup_env(_backup_env),
        share_table_files(_share_table_files),
        sync(_sync),
        destroy_old_data(_destroy_old_data),
        backup_log_files(_backup_log_files),
        restore_rate_limit(_restore_rate_limit),
        share_files_with_checksum(true),
        callback_trigger_interval_size(_callback_trigger_interval_size),
        max_valid_backups_to_open(_max_valid_backups_to_open),
        share_files_with_checksum_naming(_share_files_with_checksum_naming) {}
};

struct CreateBackupOptions : public CreateCheckpointOrBackupOptions {
  bool flush_before_backup = false;
  // c.h reports no progress; a program's callback is never called (which RocksDB allows:
  // it is called only as each callback_trigger_interval_size bytes are copied).
  std::function<void()> progress_callback = {};
  bool atomic_flush = false;
};

struct RestoreOptions {
  enum Mode : uint32_t { kKeepLatestDbSessionIdFiles = 1U, kVerifyChecksum = 2U, kPurgeAllFiles = 0xffffU };
  bool keep_log_files;
  Mode mode;
  explicit RestoreOptions(bool _keep_log_files = false, Mode _mode = Mode::kPurgeAllFiles)
      : keep_log_files(_keep_log_files), mode(_mode) {}
};

using BackupID = uint32_t;

// What c.h reports of a backup (no per-file details).
struct BackupInfo {
  BackupID backup_id = 0U;
  int64_t timestamp = 0;
  uint64_t size = 0U;
  uint32_t number_files = 0U;
  std::string app_metadata;
  BackupInfo() {}
  explicit BackupInfo(BackupID _backup_id, int64_t _timestamp, uint64_t _size, uint32_t _number_files,
                      const std::string& _app_metadata)
      : backup_id(_backup_id), timestamp(_timestamp), size(_size), number_files(_number_files), app_metadata(_app_metadata) {}
};

class BackupEngineReadOnlyBase {
 public:
  virtual ~BackupEngineReadOnlyBase() = default;
  virtual Status GetLatestBackupInfo(BackupInfo* backup_info, bool include_file_details = false) const = 0;
  virtual Status GetBackupInfo(BackupID backup_id, BackupInfo* backup_info, bool include_file_details = false) const = 0;
  virtual void GetBackupInfo(std::vector<BackupInfo>* backup_infos, bool include_file_details = false) const = 0;
  virtual IOStatus RestoreDBFromBackup(const RestoreOptions& options, BackupID backup_id, const std::string& db_dir,
                                       const std::string& wal_dir) const = 0;
  virtual IOStatus RestoreDBFromBackup(BackupID backup_id, const std::string& db_dir, const std::string& wal_dir,
                                       const RestoreOptions& options = RestoreOptions()) const {
    return RestoreDBFromBackup(options, backup_id, db_dir, wal_dir);
  }
  virtual IOStatus RestoreDBFromLatestBackup(const RestoreOptions& options, const std::string& db_dir,
                                             const std::string& wal_dir) const = 0;
  virtual IOStatus RestoreDBFromLatestBackup(const std::string& db_dir, const std::string& wal_dir,
                                             const RestoreOptions& options = RestoreOptions()) const {
    return RestoreDBFromLatestBackup(options, db_dir, wal_dir);
  }
  virtual IOStatus VerifyBackup(BackupID backup_id, bool verify_with_checksum = false) const = 0;
  virtual BackupEngine* AsBackupEngine() = 0;
};

class BackupEngineAppendOnlyBase {
 public:
  virtual ~BackupEngineAppendOnlyBase() = default;
  virtual IOStatus CreateNewBackupWithMetadata(const CreateBackupOptions& options, DB* db,
                                               const std::string& app_metadata, BackupID* new_backup_id = nullptr) = 0;
  virtual IOStatus CreateNewBackupWithMetadata(DB* db, const std::string& app_metadata, bool flush_before_backup = false,
                                               std::function<void()> progress_callback = []() {}) {
    CreateBackupOptions options;
    options.flush_before_backup = flush_before_backup;
    options.progress_callback = progress_callback;
    return CreateNewBackupWithMetadata(options, db, app_metadata);
  }
  virtual IOStatus CreateNewBackup(const CreateBackupOptions& options, DB* db, BackupID* new_backup_id = nullptr) {
    return CreateNewBackupWithMetadata(options, db, "", new_backup_id);
  }
  virtual IOStatus CreateNewBackup(DB* db, bool flush_before_backup = false,
                                   std::function<void()> progress_callback = []() {}) {
    CreateBackupOptions options;
    options.flush_before_backup = flush_before_backup;
    options.progress_callback = progress_callback;
    return CreateNewBackup(options, db);
  }
  virtual void StopBackup() = 0;
  virtual IOStatus GarbageCollect() { return IOStatus::NotSupported("BackupEngine::GarbageCollect (not in c.h)"); }
};

class BackupEngine : public BackupEngineReadOnlyBase, public BackupEngineAppendOnlyBase {
 public:
  ~BackupEngine() override = default;
  static IOStatus Open(const BackupEngineOptions& options, Env* db_env, BackupEngine** backup_engine_ptr);
  static IOStatus Open(Env* db_env, const BackupEngineOptions& options, BackupEngine** backup_engine_ptr) {
    return BackupEngine::Open(options, db_env, backup_engine_ptr);
  }
  virtual IOStatus PurgeOldBackups(uint32_t num_backups_to_keep) = 0;
  virtual IOStatus DeleteBackup(BackupID /*backup_id*/) {
    return IOStatus::NotSupported("BackupEngine::DeleteBackup (not in c.h)");
  }
};

class BackupEngineReadOnly : public BackupEngineReadOnlyBase {
 public:
  ~BackupEngineReadOnly() override = default;
  static IOStatus Open(const BackupEngineOptions& options, Env* db_env, BackupEngineReadOnly** backup_engine_ptr);
  static IOStatus Open(Env* db_env, const BackupEngineOptions& options, BackupEngineReadOnly** backup_engine_ptr) {
    return BackupEngineReadOnly::Open(options, db_env, backup_engine_ptr);
  }
};

namespace ferrock_impl {

inline Status OpenCBackupEngine(const BackupEngineOptions& o, Env* db_env, rocksdb_backup_engine_t** out) {
  *out = nullptr;
  if ((o.backup_env != nullptr && o.backup_env != Env::Default()) || (db_env != nullptr && db_env != Env::Default())) {
    return Status::NotSupported("BackupEngineOptions::backup_env", "only Env::Default() (c.h has no callback environment)");
  }
  if (o.backup_rate_limiter != nullptr || o.restore_rate_limiter != nullptr) {
    return Status::NotSupported("BackupEngineOptions rate limiters", "ferrock has no rate limiter yet");
  }
  rocksdb_backup_engine_options_t* c = rocksdb_backup_engine_options_create(o.backup_dir.c_str());
  rocksdb_backup_engine_options_set_share_table_files(c, o.share_table_files);
  rocksdb_backup_engine_options_set_sync(c, o.sync);
  rocksdb_backup_engine_options_set_destroy_old_data(c, o.destroy_old_data);
  rocksdb_backup_engine_options_set_backup_log_files(c, o.backup_log_files);
  rocksdb_backup_engine_options_set_backup_rate_limit(c, o.backup_rate_limit);
  rocksdb_backup_engine_options_set_restore_rate_limit(c, o.restore_rate_limit);
  rocksdb_backup_engine_options_set_max_background_operations(c, o.max_background_operations);
  rocksdb_backup_engine_options_set_callback_trigger_interval_size(c, o.callback_trigger_interval_size);
  rocksdb_backup_engine_options_set_max_valid_backups_to_open(c, o.max_valid_backups_to_open);
  rocksdb_backup_engine_options_set_share_files_with_checksum(c, o.share_files_with_checksum);
  rocksdb_backup_engine_options_set_share_files_with_checksum_naming(c, static_cast<int>(o.share_files_with_checksum_naming));
  rocksdb_backup_engine_options_set_schema_version(c, o.schema_version);
  rocksdb_backup_engine_options_set_current_temperatures_override_manifest(c, o.current_temperatures_override_manifest);
  rocksdb_backup_engine_options_set_io_buffer_size(c, o.io_buffer_size);
  ErrPtr err;
  *out = rocksdb_backup_engine_open_opts(c, CDefaultEnv(), err.out());
  rocksdb_backup_engine_options_destroy(c);
  if (err.failed()) return err.status();
  if (*out == nullptr) return Status::IOError("backup engine open failed");
  return Status::OK();
}

// The reading side both engines share.
template <typename Base>
class CBackupEngineReads : public Base {
 public:
  explicit CBackupEngineReads(rocksdb_backup_engine_t* c) : c_(c) {}
  ~CBackupEngineReads() override { rocksdb_backup_engine_close(c_); }

  void GetBackupInfo(std::vector<BackupInfo>* infos, bool include_file_details = false) const override {
    infos->clear();
    if (include_file_details) return;  // c.h has no file details; the list stays empty rather than partial
    const rocksdb_backup_engine_info_t* i = rocksdb_backup_engine_get_backup_info(c_);
    if (i == nullptr) return;
    int n = rocksdb_backup_engine_info_count(i);
    for (int k = 0; k < n; ++k) {
      size_t len = 0;
      const char* meta = rocksdb_backup_engine_info_app_metadata(i, k, &len);
      infos->emplace_back(rocksdb_backup_engine_info_backup_id(i, k), rocksdb_backup_engine_info_timestamp(i, k),
                          rocksdb_backup_engine_info_size(i, k), rocksdb_backup_engine_info_number_files(i, k),
                          meta == nullptr ? std::string() : std::string(meta, len));
    }
    rocksdb_backup_engine_info_destroy(i);
  }
  Status GetBackupInfo(BackupID backup_id, BackupInfo* backup_info, bool include_file_details = false) const override {
    if (include_file_details) return Status::NotSupported("BackupInfo file details (not in c.h)");
    std::vector<BackupInfo> infos;
    GetBackupInfo(&infos);
    for (const BackupInfo& b : infos) {
      if (b.backup_id == backup_id) {
        *backup_info = b;
        return Status::OK();
      }
    }
    return Status::NotFound("Backup not found");
  }
  Status GetLatestBackupInfo(BackupInfo* backup_info, bool include_file_details = false) const override {
    if (include_file_details) return Status::NotSupported("BackupInfo file details (not in c.h)");
    std::vector<BackupInfo> infos;
    GetBackupInfo(&infos);
    if (infos.empty()) return Status::NotFound("No latest backup");
    *backup_info = infos.back();
    return Status::OK();
  }
  IOStatus RestoreDBFromBackup(const RestoreOptions& options, BackupID backup_id, const std::string& db_dir,
                               const std::string& wal_dir) const override {
    rocksdb_restore_options_t* r = RestoreOptionsToC(options);
    ErrPtr err;
    rocksdb_backup_engine_restore_db_from_backup(c_, db_dir.c_str(), wal_dir.c_str(), r, backup_id, err.out());
    rocksdb_restore_options_destroy(r);
    return err.status();
  }
  IOStatus RestoreDBFromLatestBackup(const RestoreOptions& options, const std::string& db_dir,
                                     const std::string& wal_dir) const override {
    rocksdb_restore_options_t* r = RestoreOptionsToC(options);
    ErrPtr err;
    rocksdb_backup_engine_restore_db_from_latest_backup(c_, db_dir.c_str(), wal_dir.c_str(), r, err.out());
    rocksdb_restore_options_destroy(r);
    return err.status();
  }
  IOStatus VerifyBackup(BackupID backup_id, bool verify_with_checksum = false) const override {
    if (verify_with_checksum) return IOStatus::NotSupported("VerifyBackup with checksums (c.h verifies sizes)");
    ErrPtr err;
    rocksdb_backup_engine_verify_backup(c_, backup_id, err.out());
    return err.status();
  }

 protected:
  static rocksdb_restore_options_t* RestoreOptionsToC(const RestoreOptions& o) {
    rocksdb_restore_options_t* r = rocksdb_restore_options_create();
    rocksdb_restore_options_set_keep_log_files(r, o.keep_log_files ? 1 : 0);
    rocksdb_restore_options_set_mode(r, static_cast<int>(o.mode));
    return r;
  }
  rocksdb_backup_engine_t* c_;
};

class CBackupEngine : public CBackupEngineReads<BackupEngine> {
 public:
  using CBackupEngineReads<BackupEngine>::CBackupEngineReads;
  using BackupEngineAppendOnlyBase::CreateNewBackup;
  using BackupEngineAppendOnlyBase::CreateNewBackupWithMetadata;
  using CBackupEngineReads<BackupEngine>::RestoreDBFromBackup;
  using CBackupEngineReads<BackupEngine>::RestoreDBFromLatestBackup;
  using CBackupEngineReads<BackupEngine>::GetBackupInfo;

  IOStatus CreateNewBackupWithMetadata(const CreateBackupOptions& options, DB* db, const std::string& app_metadata,
                                       BackupID* new_backup_id = nullptr) override {
    CDB* cdb = db->ferrock_cdb();
    if (cdb == nullptr) return IOStatus::InvalidArgument("CreateNewBackup: not a database opened by this API");
    rocksdb_create_backup_options_t* o = rocksdb_create_backup_options_create();
    rocksdb_create_backup_options_set_flush_before_backup(o, options.flush_before_backup);
    rocksdb_create_backup_options_set_atomic_flush(o, options.atomic_flush);
    rocksdb_create_backup_options_set_decrease_background_thread_cpu_priority(o, options.decrease_background_thread_cpu_priority);
    rocksdb_create_backup_options_set_background_thread_cpu_priority(o, static_cast<int>(options.background_thread_cpu_priority));
    uint32_t id = 0;
    ErrPtr err;
    rocksdb_backup_engine_create_new_backup_with_metadata(c_, cdb->c(), o, app_metadata.data(), app_metadata.size(), &id,
                                                          err.out());
    rocksdb_create_backup_options_destroy(o);
    if (!err.failed() && new_backup_id != nullptr) *new_backup_id = id;
    return err.status();
  }
  void StopBackup() override { rocksdb_backup_engine_stop_backup(c_); }
  IOStatus PurgeOldBackups(uint32_t num_backups_to_keep) override {
    ErrPtr err;
    rocksdb_backup_engine_purge_old_backups(c_, num_backups_to_keep, err.out());
    return err.status();
  }
  BackupEngine* AsBackupEngine() override { return this; }
};

class CBackupEngineReadOnly : public CBackupEngineReads<BackupEngineReadOnly> {
 public:
  using CBackupEngineReads<BackupEngineReadOnly>::CBackupEngineReads;
  BackupEngine* AsBackupEngine() override { return nullptr; }
};

}  // namespace ferrock_impl

inline IOStatus BackupEngine::Open(const BackupEngineOptions& options, Env* db_env, BackupEngine** backup_engine_ptr) {
  *backup_engine_ptr = nullptr;
  rocksdb_backup_engine_t* c = nullptr;
  Status s = ferrock_impl::OpenCBackupEngine(options, db_env, &c);
  if (!s.ok()) return s;
  *backup_engine_ptr = new ferrock_impl::CBackupEngine(c);
  return IOStatus::OK();
}

inline IOStatus BackupEngineReadOnly::Open(const BackupEngineOptions& options, Env* db_env,
                                           BackupEngineReadOnly** backup_engine_ptr) {
  *backup_engine_ptr = nullptr;
  rocksdb_backup_engine_t* c = nullptr;
  Status s = ferrock_impl::OpenCBackupEngine(options, db_env, &c);
  if (!s.ok()) return s;
  *backup_engine_ptr = new ferrock_impl::CBackupEngineReadOnly(c);
  return IOStatus::OK();
}

}  // namespace ROCKSDB_NAMESPACE
