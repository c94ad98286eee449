// ferrock's C++ API: StackableDB, a DB that forwards every call to another
// (how RocksDB's utilities, and programs, wrap a database).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "rocksdb/db.h"

namespace ROCKSDB_NAMESPACE {

class StackableDB : public DB {
 public:
  explicit StackableDB(DB* db) : db_(db) {}
  explicit StackableDB(std::shared_ptr<DB> db) : db_(db.get()), shared_db_ptr_(db) {}
  explicit StackableDB(std::unique_ptr<DB>&& db) : db_(db.get()), shared_db_ptr_(std::move(db)) {}
  ~StackableDB() override {
    if (shared_db_ptr_ == nullptr) delete db_;
    db_ = nullptr;
  }

  Status Close() override { return db_->Close(); }
  virtual DB* GetBaseDB() { return db_; }
  DB* GetRootDB() override { return db_->GetRootDB(); }
  ferrock_impl::CDB* ferrock_cdb() override { return db_->ferrock_cdb(); }

  using DB::CompactFiles;
  using DB::CompactRange;
  using DB::Delete;
  using DB::DeleteRange;
  using DB::Flush;
  using DB::Get;
  using DB::GetApproximateSizes;
  using DB::GetColumnFamilyMetaData;
  using DB::GetIntProperty;
  using DB::GetMapProperty;
  using DB::GetOptions;
  using DB::GetProperty;
  using DB::IngestExternalFile;
  using DB::KeyMayExist;
  using DB::Level0StopWriteTrigger;
  using DB::Merge;
  using DB::MultiGet;
  using DB::NewIterator;
  using DB::NumberLevels;
  using DB::Put;
  using DB::SetOptions;
  using DB::SingleDelete;
  using DB::VerifyChecksum;

  Status CreateColumnFamily(const ColumnFamilyOptions& options, const std::string& column_family_name,
                            ColumnFamilyHandle** handle) override {
    return db_->CreateColumnFamily(options, column_family_name, handle);
  }
  Status CreateColumnFamilies(const ColumnFamilyOptions& options, const std::vector<std::string>& column_family_names,
                              std::vector<ColumnFamilyHandle*>* handles) override {
    return db_->CreateColumnFamilies(options, column_family_names, handles);
  }
  Status CreateColumnFamilies(const std::vector<ColumnFamilyDescriptor>& column_families,
                              std::vector<ColumnFamilyHandle*>* handles) override {
    return db_->CreateColumnFamilies(column_families, handles);
  }
  Status DropColumnFamily(ColumnFamilyHandle* column_family) override { return db_->DropColumnFamily(column_family); }
  Status DropColumnFamilies(const std::vector<ColumnFamilyHandle*>& column_families) override {
    return db_->DropColumnFamilies(column_families);
  }
  Status DestroyColumnFamilyHandle(ColumnFamilyHandle* column_family) override {
    return db_->DestroyColumnFamilyHandle(column_family);
  }

  Status Put(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
             const Slice& val) override {
    return db_->Put(options, column_family, key, val);
  }
  Status Delete(const WriteOptions& wopts, ColumnFamilyHandle* column_family, const Slice& key) override {
    return db_->Delete(wopts, column_family, key);
  }
  Status SingleDelete(const WriteOptions& wopts, ColumnFamilyHandle* column_family, const Slice& key) override {
    return db_->SingleDelete(wopts, column_family, key);
  }
  Status DeleteRange(const WriteOptions& wopts, ColumnFamilyHandle* column_family, const Slice& start_key,
                     const Slice& end_key) override {
    return db_->DeleteRange(wopts, column_family, start_key, end_key);
  }
  Status Merge(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
               const Slice& value) override {
    return db_->Merge(options, column_family, key, value);
  }
  Status Write(const WriteOptions& opts, WriteBatch* updates) override { return db_->Write(opts, updates); }

  Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key, PinnableSlice* value,
             std::string* timestamp) override {
    return db_->Get(options, column_family, key, value, timestamp);
  }
  void MultiGet(const ReadOptions& options, const size_t num_keys, ColumnFamilyHandle** column_families,
                const Slice* keys, PinnableSlice* values, std::string* timestamps, Status* statuses,
                const bool sorted_input = false) override {
    db_->MultiGet(options, num_keys, column_families, keys, values, timestamps, statuses, sorted_input);
  }
  bool KeyMayExist(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key, std::string* value,
                   std::string* timestamp, bool* value_found = nullptr) override {
    return db_->KeyMayExist(options, column_family, key, value, timestamp, value_found);
  }

  Iterator* NewIterator(const ReadOptions& opts, ColumnFamilyHandle* column_family) override {
    return db_->NewIterator(opts, column_family);
  }
  Status NewIterators(const ReadOptions& options, const std::vector<ColumnFamilyHandle*>& column_families,
                      std::vector<Iterator*>* iterators) override {
    return db_->NewIterators(options, column_families, iterators);
  }

  const Snapshot* GetSnapshot() override { return db_->GetSnapshot(); }
  void ReleaseSnapshot(const Snapshot* snapshot) override { db_->ReleaseSnapshot(snapshot); }

  bool GetProperty(ColumnFamilyHandle* column_family, const Slice& property, std::string* value) override {
    return db_->GetProperty(column_family, property, value);
  }
  bool GetMapProperty(ColumnFamilyHandle* column_family, const Slice& property,
                      std::map<std::string, std::string>* value) override {
    return db_->GetMapProperty(column_family, property, value);
  }
  bool GetIntProperty(ColumnFamilyHandle* column_family, const Slice& property, uint64_t* value) override {
    return db_->GetIntProperty(column_family, property, value);
  }
  Status ResetStats() override { return db_->ResetStats(); }

  Status GetApproximateSizes(const SizeApproximationOptions& options, ColumnFamilyHandle* column_family,
                             const Range* r, int n, uint64_t* sizes) override {
    return db_->GetApproximateSizes(options, column_family, r, n, sizes);
  }

  Status CompactRange(const CompactRangeOptions& options, ColumnFamilyHandle* column_family, const Slice* begin,
                      const Slice* end) override {
    return db_->CompactRange(options, column_family, begin, end);
  }
  Status SetOptions(ColumnFamilyHandle* column_family,
                    const std::unordered_map<std::string, std::string>& new_options) override {
    return db_->SetOptions(column_family, new_options);
  }
  Status SetDBOptions(const std::unordered_map<std::string, std::string>& new_options) override {
    return db_->SetDBOptions(new_options);
  }
  Status CompactFiles(const CompactionOptions& compact_options, ColumnFamilyHandle* column_family,
                      const std::vector<std::string>& input_file_names, const int output_level,
                      const int output_path_id = -1, std::vector<std::string>* const output_file_names = nullptr,
                      CompactionJobInfo* compaction_job_info = nullptr) override {
    return db_->CompactFiles(compact_options, column_family, input_file_names, output_level, output_path_id,
                             output_file_names, compaction_job_info);
  }
  Status PauseBackgroundWork() override { return db_->PauseBackgroundWork(); }
  Status ContinueBackgroundWork() override { return db_->ContinueBackgroundWork(); }
  void DisableManualCompaction() override { db_->DisableManualCompaction(); }
  void EnableManualCompaction() override { db_->EnableManualCompaction(); }
  Status WaitForCompact(const WaitForCompactOptions& wait_for_compact_options) override {
    return db_->WaitForCompact(wait_for_compact_options);
  }

  int NumberLevels(ColumnFamilyHandle* column_family) override { return db_->NumberLevels(column_family); }
  int Level0StopWriteTrigger(ColumnFamilyHandle* column_family) override {
    return db_->Level0StopWriteTrigger(column_family);
  }
  const std::string& GetName() const override { return db_->GetName(); }
  Env* GetEnv() const override { return db_->GetEnv(); }
  Options GetOptions(ColumnFamilyHandle* column_family) const override { return db_->GetOptions(column_family); }
  DBOptions GetDBOptions() const override { return db_->GetDBOptions(); }

  Status Flush(const FlushOptions& fopts, ColumnFamilyHandle* column_family) override {
    return db_->Flush(fopts, column_family);
  }
  Status Flush(const FlushOptions& fopts, const std::vector<ColumnFamilyHandle*>& column_families) override {
    return db_->Flush(fopts, column_families);
  }
  Status FlushWAL(bool sync) override { return db_->FlushWAL(sync); }
  Status SyncWAL() override { return db_->SyncWAL(); }
  SequenceNumber GetLatestSequenceNumber() const override { return db_->GetLatestSequenceNumber(); }
  Status DisableFileDeletions() override { return db_->DisableFileDeletions(); }
  Status EnableFileDeletions() override { return db_->EnableFileDeletions(); }
  void GetLiveFilesMetaData(std::vector<LiveFileMetaData>* metadata) override { db_->GetLiveFilesMetaData(metadata); }
  void GetColumnFamilyMetaData(ColumnFamilyHandle* column_family, ColumnFamilyMetaData* cf_meta) override {
    db_->GetColumnFamilyMetaData(column_family, cf_meta);
  }
  void GetColumnFamilyMetaData(ColumnFamilyHandle* column_family, const GetColumnFamilyMetaDataOptions& options,
                               ColumnFamilyMetaData* cf_meta) override {
    db_->GetColumnFamilyMetaData(column_family, options, cf_meta);
  }
  Status IngestExternalFile(ColumnFamilyHandle* column_family, const std::vector<std::string>& external_files,
                            const IngestExternalFileOptions& options) override {
    return db_->IngestExternalFile(column_family, external_files, options);
  }
  Status VerifyChecksum(const ReadOptions& ro) override { return db_->VerifyChecksum(ro); }
  Status GetDbIdentity(std::string& identity) const override { return db_->GetDbIdentity(identity); }
  ColumnFamilyHandle* DefaultColumnFamily() const override { return db_->DefaultColumnFamily(); }
  Status TryCatchUpWithPrimary() override { return db_->TryCatchUpWithPrimary(); }
  Status Resume() override { return db_->Resume(); }

 protected:
  DB* db_;
  std::shared_ptr<DB> shared_db_ptr_;
};

}  // namespace ROCKSDB_NAMESPACE
