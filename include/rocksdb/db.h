// ferrock's C++ API: DB, an open database, with RocksDB's names and overloads,
// plus column family descriptors, DestroyDB and RepairDB. DB::Open returns a
// DB over c.h's rocksdb_t (impl/db_impl.h); the interface is RocksDB's, so a
// program may also wrap a DB (utilities/stackable_db.h). Methods that c.h cannot
// carry answer NotSupported with the reason; those whose signature cannot carry
// an error are not declared.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "rocksdb/comparator.h"
#include "rocksdb/impl/column_family_handle.h"
#include "rocksdb/iterator.h"
#include "rocksdb/listener.h"
#include "rocksdb/metadata.h"
#include "rocksdb/options.h"
#include "rocksdb/snapshot.h"
#include "rocksdb/status.h"
#include "rocksdb/table.h"
#include "rocksdb/types.h"
#include "rocksdb/version.h"
#include "rocksdb/write_batch.h"

namespace ROCKSDB_NAMESPACE {

namespace ferrock_impl {
class CDB;
}

inline const std::string kDefaultColumnFamilyName = "default";
inline const std::string kPersistentStatsColumnFamilyName = "___rocksdb_stats_history___";

struct ColumnFamilyDescriptor {
  std::string name;
  ColumnFamilyOptions options;
  ColumnFamilyDescriptor() : name(kDefaultColumnFamilyName), options(ColumnFamilyOptions()) {}
  ColumnFamilyDescriptor(const std::string& _name, const ColumnFamilyOptions& _options)
      : name(_name), options(_options) {}
};

static const int kMajorVersion = ROCKSDB_MAJOR;
static const int kMinorVersion = ROCKSDB_MINOR;

class DB {
 public:
  static Status Open(const Options& options, const std::string& name, std::unique_ptr<DB>* dbptr);
  static Status Open(const DBOptions& db_options, const std::string& name,
                     const std::vector<ColumnFamilyDescriptor>& column_families,
                     std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr);
  static Status OpenForReadOnly(const Options& options, const std::string& name, std::unique_ptr<DB>* dbptr,
                                bool error_if_wal_file_exists = false);
  static Status OpenForReadOnly(const DBOptions& db_options, const std::string& name,
                                const std::vector<ColumnFamilyDescriptor>& column_families,
                                std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr,
                                bool error_if_wal_file_exists = false);
  static Status OpenAsSecondary(const Options& options, const std::string& name, const std::string& secondary_path,
                                std::unique_ptr<DB>* dbptr);
  static Status OpenAsSecondary(const DBOptions& db_options, const std::string& name,
                                const std::string& secondary_path,
                                const std::vector<ColumnFamilyDescriptor>& column_families,
                                std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr);
  static Status ListColumnFamilies(const DBOptions& db_options, const std::string& name,
                                   std::vector<std::string>* column_families);

  DB() = default;
  DB(const DB&) = delete;
  void operator=(const DB&) = delete;
  virtual ~DB() = default;

  virtual Status Resume() { return Status::NotSupported(); }
  virtual Status Close() { return Status::NotSupported(); }

  virtual Status CreateColumnFamily(const ColumnFamilyOptions& options, const std::string& column_family_name,
                                    ColumnFamilyHandle** handle) = 0;
  virtual Status CreateColumnFamilies(const ColumnFamilyOptions& options,
                                      const std::vector<std::string>& column_family_names,
                                      std::vector<ColumnFamilyHandle*>* handles) {
    handles->clear();
    for (const std::string& name : column_family_names) {
      ColumnFamilyHandle* h = nullptr;
      Status s = CreateColumnFamily(options, name, &h);
      if (!s.ok()) return s;
      handles->push_back(h);
    }
    return Status::OK();
  }
  virtual Status CreateColumnFamilies(const std::vector<ColumnFamilyDescriptor>& column_families,
                                      std::vector<ColumnFamilyHandle*>* handles) {
    handles->clear();
    for (const ColumnFamilyDescriptor& d : column_families) {
      ColumnFamilyHandle* h = nullptr;
      Status s = CreateColumnFamily(d.options, d.name, &h);
      if (!s.ok()) return s;
      handles->push_back(h);
    }
    return Status::OK();
  }
  virtual Status DropColumnFamily(ColumnFamilyHandle* column_family) = 0;
  virtual Status DropColumnFamilies(const std::vector<ColumnFamilyHandle*>& column_families) {
    for (ColumnFamilyHandle* cf : column_families) {
      Status s = DropColumnFamily(cf);
      if (!s.ok()) return s;
    }
    return Status::OK();
  }
  virtual Status DestroyColumnFamilyHandle(ColumnFamilyHandle* column_family) {
    if (column_family == DefaultColumnFamily()) {
      return Status::InvalidArgument("Cannot destroy the handle returned by DefaultColumnFamily()");
    }
    delete column_family;
    return Status::OK();
  }

  virtual Status Put(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                     const Slice& value) = 0;
  virtual Status Put(const WriteOptions& /*options*/, ColumnFamilyHandle* /*column_family*/, const Slice& /*key*/,
                     const Slice& /*ts*/, const Slice& /*value*/) {
    return Status::NotSupported("user-defined timestamps are not supported by ferrock");
  }
  virtual Status Put(const WriteOptions& options, const Slice& key, const Slice& value) {
    return Put(options, DefaultColumnFamily(), key, value);
  }
  virtual Status Put(const WriteOptions& options, const Slice& key, const Slice& ts, const Slice& value) {
    return Put(options, DefaultColumnFamily(), key, ts, value);
  }

  virtual Status Delete(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& key) = 0;
  virtual Status Delete(const WriteOptions& /*options*/, ColumnFamilyHandle* /*column_family*/, const Slice& /*key*/,
                        const Slice& /*ts*/) {
    return Status::NotSupported("user-defined timestamps are not supported by ferrock");
  }
  virtual Status Delete(const WriteOptions& options, const Slice& key) {
    return Delete(options, DefaultColumnFamily(), key);
  }
  virtual Status Delete(const WriteOptions& options, const Slice& key, const Slice& ts) {
    return Delete(options, DefaultColumnFamily(), key, ts);
  }

  virtual Status SingleDelete(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& key) = 0;
  virtual Status SingleDelete(const WriteOptions& /*options*/, ColumnFamilyHandle* /*column_family*/,
                              const Slice& /*key*/, const Slice& /*ts*/) {
    return Status::NotSupported("user-defined timestamps are not supported by ferrock");
  }
  virtual Status SingleDelete(const WriteOptions& options, const Slice& key) {
    return SingleDelete(options, DefaultColumnFamily(), key);
  }
  virtual Status SingleDelete(const WriteOptions& options, const Slice& key, const Slice& ts) {
    return SingleDelete(options, DefaultColumnFamily(), key, ts);
  }

  virtual Status DeleteRange(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& begin_key,
                             const Slice& end_key) {
    WriteBatch batch;
    Status s = batch.DeleteRange(column_family, begin_key, end_key);
    return s.ok() ? Write(options, &batch) : s;
  }
  virtual Status DeleteRange(const WriteOptions& options, const Slice& begin_key, const Slice& end_key) {
    return DeleteRange(options, DefaultColumnFamily(), begin_key, end_key);
  }

  virtual Status Merge(const WriteOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                       const Slice& value) = 0;
  virtual Status Merge(const WriteOptions& options, const Slice& key, const Slice& value) {
    return Merge(options, DefaultColumnFamily(), key, value);
  }

  virtual Status Write(const WriteOptions& options, WriteBatch* updates) = 0;

  virtual Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                     PinnableSlice* value, std::string* timestamp) = 0;
  virtual inline Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                            std::string* value, std::string* timestamp) final {
    PinnableSlice pinnable_val(value);
    Status s = Get(options, column_family, key, &pinnable_val, timestamp);
    if (s.ok() && pinnable_val.IsPinned()) value->assign(pinnable_val.data(), pinnable_val.size());
    return s;
  }
  virtual Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                     PinnableSlice* value) final {
    return Get(options, column_family, key, value, nullptr);
  }
  virtual inline Status Get(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                            std::string* value) final {
    return Get(options, column_family, key, value, static_cast<std::string*>(nullptr));
  }
  virtual Status Get(const ReadOptions& options, const Slice& key, std::string* value) final {
    return Get(options, DefaultColumnFamily(), key, value);
  }
  virtual Status Get(const ReadOptions& options, const Slice& key, std::string* value, std::string* timestamp) final {
    return Get(options, DefaultColumnFamily(), key, value, timestamp);
  }

  virtual std::vector<Status> MultiGet(const ReadOptions& options,
                                       const std::vector<ColumnFamilyHandle*>& column_families,
                                       const std::vector<Slice>& keys, std::vector<std::string>* values,
                                       std::vector<std::string>* timestamps) final {
    size_t n = keys.size();
    std::vector<Status> statuses(n);
    std::vector<PinnableSlice> pinned(n);
    values->resize(n);
    if (timestamps != nullptr) timestamps->resize(n);
    MultiGet(options, n, const_cast<ColumnFamilyHandle**>(column_families.data()), keys.data(), pinned.data(),
             timestamps != nullptr ? timestamps->data() : nullptr, statuses.data(), false);
    for (size_t i = 0; i < n; ++i) {
      if (statuses[i].ok()) (*values)[i].assign(pinned[i].data(), pinned[i].size());
    }
    return statuses;
  }
  virtual std::vector<Status> MultiGet(const ReadOptions& options,
                                       const std::vector<ColumnFamilyHandle*>& column_family,
                                       const std::vector<Slice>& keys, std::vector<std::string>* values) final {
    return MultiGet(options, column_family, keys, values, nullptr);
  }
  virtual std::vector<Status> MultiGet(const ReadOptions& options, const std::vector<Slice>& keys,
                                       std::vector<std::string>* values) final {
    return MultiGet(options, std::vector<ColumnFamilyHandle*>(keys.size(), DefaultColumnFamily()), keys, values);
  }
  virtual std::vector<Status> MultiGet(const ReadOptions& options, const std::vector<Slice>& keys,
                                       std::vector<std::string>* values, std::vector<std::string>* timestamps) final {
    return MultiGet(options, std::vector<ColumnFamilyHandle*>(keys.size(), DefaultColumnFamily()), keys, values,
                    timestamps);
  }
  virtual void MultiGet(const ReadOptions& options, const size_t num_keys, ColumnFamilyHandle** column_families,
                        const Slice* keys, PinnableSlice* values, std::string* timestamps, Status* statuses,
                        const bool /*sorted_input*/ = false) {
    for (size_t i = 0; i < num_keys; ++i) {
      statuses[i] = Get(options, column_families[i], keys[i], &values[i], timestamps != nullptr ? &timestamps[i] : nullptr);
    }
  }
  virtual void MultiGet(const ReadOptions& options, ColumnFamilyHandle* column_family, const size_t num_keys,
                        const Slice* keys, PinnableSlice* values, std::string* timestamps, Status* statuses,
                        const bool sorted_input = false) final {
    std::vector<ColumnFamilyHandle*> cfs(num_keys, column_family);
    MultiGet(options, num_keys, cfs.data(), keys, values, timestamps, statuses, sorted_input);
  }
  virtual void MultiGet(const ReadOptions& options, ColumnFamilyHandle* column_family, const size_t num_keys,
                        const Slice* keys, PinnableSlice* values, Status* statuses,
                        const bool sorted_input = false) final {
    MultiGet(options, column_family, num_keys, keys, values, nullptr, statuses, sorted_input);
  }
  virtual void MultiGet(const ReadOptions& options, const size_t num_keys, ColumnFamilyHandle** column_families,
                        const Slice* keys, PinnableSlice* values, Status* statuses,
                        const bool sorted_input = false) final {
    MultiGet(options, num_keys, column_families, keys, values, nullptr, statuses, sorted_input);
  }

  // False when the key is certainly absent; otherwise true, with the value when found cheaply.
  virtual bool KeyMayExist(const ReadOptions& /*options*/, ColumnFamilyHandle* /*column_family*/,
                           const Slice& /*key*/, std::string* /*value*/, std::string* /*timestamp*/,
                           bool* value_found = nullptr) {
    if (value_found != nullptr) *value_found = false;
    return true;
  }
  virtual bool KeyMayExist(const ReadOptions& options, ColumnFamilyHandle* column_family, const Slice& key,
                           std::string* value, bool* value_found = nullptr) {
    return KeyMayExist(options, column_family, key, value, nullptr, value_found);
  }
  virtual bool KeyMayExist(const ReadOptions& options, const Slice& key, std::string* value,
                           bool* value_found = nullptr) {
    return KeyMayExist(options, DefaultColumnFamily(), key, value, value_found);
  }

  virtual Iterator* NewIterator(const ReadOptions& options, ColumnFamilyHandle* column_family) = 0;
  virtual Iterator* NewIterator(const ReadOptions& options) { return NewIterator(options, DefaultColumnFamily()); }
  virtual Status NewIterators(const ReadOptions& options, const std::vector<ColumnFamilyHandle*>& column_families,
                              std::vector<Iterator*>* iterators) {
    iterators->clear();
    for (ColumnFamilyHandle* cf : column_families) iterators->push_back(NewIterator(options, cf));
    return Status::OK();
  }

  virtual const Snapshot* GetSnapshot() = 0;
  virtual void ReleaseSnapshot(const Snapshot* snapshot) = 0;

  struct Properties {
    static inline const std::string kNumFilesAtLevelPrefix = "rocksdb.num-files-at-level";
    static inline const std::string kCompressionRatioAtLevelPrefix = "rocksdb.compression-ratio-at-level";
    static inline const std::string kStats = "rocksdb.stats";
    static inline const std::string kSSTables = "rocksdb.sstables";
    static inline const std::string kCFStats = "rocksdb.cfstats";
    static inline const std::string kCFStatsNoFileHistogram = "rocksdb.cfstats-no-file-histogram";
    static inline const std::string kCFFileHistogram = "rocksdb.cf-file-histogram";
    static inline const std::string kCFWriteStallStats = "rocksdb.cf-write-stall-stats";
    static inline const std::string kDBWriteStallStats = "rocksdb.db-write-stall-stats";
    static inline const std::string kDBStats = "rocksdb.dbstats";
    static inline const std::string kLevelStats = "rocksdb.levelstats";
    static inline const std::string kBlockCacheEntryStats = "rocksdb.block-cache-entry-stats";
    static inline const std::string kFastBlockCacheEntryStats = "rocksdb.fast-block-cache-entry-stats";
    static inline const std::string kNumImmutableMemTable = "rocksdb.num-immutable-mem-table";
    static inline const std::string kNumImmutableMemTableFlushed = "rocksdb.num-immutable-mem-table-flushed";
    static inline const std::string kMemTableFlushPending = "rocksdb.mem-table-flush-pending";
    static inline const std::string kNumRunningFlushes = "rocksdb.num-running-flushes";
    static inline const std::string kCompactionPending = "rocksdb.compaction-pending";
    static inline const std::string kNumRunningCompactions = "rocksdb.num-running-compactions";
    static inline const std::string kBackgroundErrors = "rocksdb.background-errors";
    static inline const std::string kCurSizeActiveMemTable = "rocksdb.cur-size-active-mem-table";
    static inline const std::string kCurSizeAllMemTables = "rocksdb.cur-size-all-mem-tables";
    static inline const std::string kSizeAllMemTables = "rocksdb.size-all-mem-tables";
    static inline const std::string kNumEntriesActiveMemTable = "rocksdb.num-entries-active-mem-table";
    static inline const std::string kNumEntriesImmMemTables = "rocksdb.num-entries-imm-mem-tables";
    static inline const std::string kNumDeletesActiveMemTable = "rocksdb.num-deletes-active-mem-table";
    static inline const std::string kNumDeletesImmMemTables = "rocksdb.num-deletes-imm-mem-tables";
    static inline const std::string kEstimateNumKeys = "rocksdb.estimate-num-keys";
    static inline const std::string kEstimateTableReadersMem = "rocksdb.estimate-table-readers-mem";
    static inline const std::string kIsFileDeletionsEnabled = "rocksdb.is-file-deletions-enabled";
    static inline const std::string kNumSnapshots = "rocksdb.num-snapshots";
    static inline const std::string kOldestSnapshotTime = "rocksdb.oldest-snapshot-time";
    static inline const std::string kOldestSnapshotSequence = "rocksdb.oldest-snapshot-sequence";
    static inline const std::string kNumLiveVersions = "rocksdb.num-live-versions";
    static inline const std::string kCurrentSuperVersionNumber = "rocksdb.current-super-version-number";
    static inline const std::string kEstimateLiveDataSize = "rocksdb.estimate-live-data-size";
    static inline const std::string kMinLogNumberToKeep = "rocksdb.min-log-number-to-keep";
    static inline const std::string kMinObsoleteSstNumberToKeep = "rocksdb.min-obsolete-sst-number-to-keep";
    static inline const std::string kTotalSstFilesSize = "rocksdb.total-sst-files-size";
    static inline const std::string kLiveSstFilesSize = "rocksdb.live-sst-files-size";
    static inline const std::string kObsoleteSstFilesSize = "rocksdb.obsolete-sst-files-size";
    static inline const std::string kBaseLevel = "rocksdb.base-level";
    static inline const std::string kEstimatePendingCompactionBytes = "rocksdb.estimate-pending-compaction-bytes";
    static inline const std::string kAggregatedTableProperties = "rocksdb.aggregated-table-properties";
    static inline const std::string kAggregatedTablePropertiesAtLevel = "rocksdb.aggregated-table-properties-at-level";
    static inline const std::string kActualDelayedWriteRate = "rocksdb.actual-delayed-write-rate";
    static inline const std::string kIsWriteStopped = "rocksdb.is-write-stopped";
    static inline const std::string kEstimateOldestKeyTime = "rocksdb.estimate-oldest-key-time";
    static inline const std::string kBlockCacheCapacity = "rocksdb.block-cache-capacity";
    static inline const std::string kBlockCacheUsage = "rocksdb.block-cache-usage";
    static inline const std::string kBlockCachePinnedUsage = "rocksdb.block-cache-pinned-usage";
    static inline const std::string kOptionsStatistics = "rocksdb.options-statistics";
    static inline const std::string kNumBlobFiles = "rocksdb.num-blob-files";
    static inline const std::string kBlobStats = "rocksdb.blob-stats";
    static inline const std::string kTotalBlobFileSize = "rocksdb.total-blob-file-size";
    static inline const std::string kLiveBlobFileSize = "rocksdb.live-blob-file-size";
  };

  virtual bool GetProperty(ColumnFamilyHandle* column_family, const Slice& property, std::string* value) = 0;
  virtual bool GetProperty(const Slice& property, std::string* value) {
    return GetProperty(DefaultColumnFamily(), property, value);
  }
  virtual bool GetIntProperty(ColumnFamilyHandle* column_family, const Slice& property, uint64_t* value) = 0;
  virtual bool GetIntProperty(const Slice& property, uint64_t* value) {
    return GetIntProperty(DefaultColumnFamily(), property, value);
  }
  // Map-valued properties have no c.h accessor: always false (the property is "not available").
  virtual bool GetMapProperty(ColumnFamilyHandle* /*column_family*/, const Slice& /*property*/,
                              std::map<std::string, std::string>* /*value*/) {
    return false;
  }
  virtual bool GetMapProperty(const Slice& property, std::map<std::string, std::string>* value) {
    return GetMapProperty(DefaultColumnFamily(), property, value);
  }
  virtual Status ResetStats() { return Status::NotSupported("Not implemented"); }

  enum class SizeApproximationFlags : uint8_t {
    NONE = 0,
    INCLUDE_MEMTABLES = 1 << 0,
    INCLUDE_FILES = 1 << 1,
    INCLUDE_BLOB_FILES = 1 << 2
  };
  virtual Status GetApproximateSizes(const SizeApproximationOptions& options, ColumnFamilyHandle* column_family,
                                     const Range* ranges, int n, uint64_t* sizes) = 0;
  virtual Status GetApproximateSizes(ColumnFamilyHandle* column_family, const Range* ranges, int n, uint64_t* sizes,
                                     SizeApproximationFlags include_flags = SizeApproximationFlags::INCLUDE_FILES);
  virtual Status GetApproximateSizes(const Range* ranges, int n, uint64_t* sizes,
                                     SizeApproximationFlags include_flags = SizeApproximationFlags::INCLUDE_FILES) {
    return GetApproximateSizes(DefaultColumnFamily(), ranges, n, sizes, include_flags);
  }

  virtual Status CompactRange(const CompactRangeOptions& options, ColumnFamilyHandle* column_family,
                              const Slice* begin, const Slice* end) = 0;
  virtual Status CompactRange(const CompactRangeOptions& options, const Slice* begin, const Slice* end) {
    return CompactRange(options, DefaultColumnFamily(), begin, end);
  }

  virtual Status SetOptions(ColumnFamilyHandle* column_family,
                            const std::unordered_map<std::string, std::string>& opts_map) = 0;
  virtual Status SetOptions(const std::unordered_map<std::string, std::string>& new_options) {
    return SetOptions(DefaultColumnFamily(), new_options);
  }
  virtual Status SetDBOptions(const std::unordered_map<std::string, std::string>& new_options) = 0;

  virtual Status CompactFiles(const CompactionOptions& compact_options, ColumnFamilyHandle* column_family,
                              const std::vector<std::string>& input_file_names, const int output_level,
                              const int output_path_id = -1,
                              std::vector<std::string>* const output_file_names = nullptr,
                              CompactionJobInfo* compaction_job_info = nullptr) = 0;
  virtual Status CompactFiles(const CompactionOptions& compact_options,
                              const std::vector<std::string>& input_file_names, const int output_level,
                              const int output_path_id = -1,
                              std::vector<std::string>* const output_file_names = nullptr,
                              CompactionJobInfo* compaction_job_info = nullptr) {
    return CompactFiles(compact_options, DefaultColumnFamily(), input_file_names, output_level, output_path_id,
                        output_file_names, compaction_job_info);
  }

  virtual Status PauseBackgroundWork() = 0;
  virtual Status ContinueBackgroundWork() = 0;
  virtual void DisableManualCompaction() = 0;
  virtual void EnableManualCompaction() = 0;
  virtual Status WaitForCompact(const WaitForCompactOptions& wait_for_compact_options) = 0;

  virtual int NumberLevels(ColumnFamilyHandle* column_family) = 0;
  virtual int NumberLevels() { return NumberLevels(DefaultColumnFamily()); }
  virtual int Level0StopWriteTrigger(ColumnFamilyHandle* column_family) = 0;
  virtual int Level0StopWriteTrigger() { return Level0StopWriteTrigger(DefaultColumnFamily()); }

  virtual const std::string& GetName() const = 0;
  virtual Env* GetEnv() const = 0;
  // The options the column family was opened or created with, as the program gave them.
  virtual Options GetOptions(ColumnFamilyHandle* column_family) const = 0;
  virtual Options GetOptions() const { return GetOptions(DefaultColumnFamily()); }
  virtual DBOptions GetDBOptions() const = 0;

  virtual Status Flush(const FlushOptions& options, ColumnFamilyHandle* column_family) = 0;
  virtual Status Flush(const FlushOptions& options) { return Flush(options, DefaultColumnFamily()); }
  virtual Status Flush(const FlushOptions& options, const std::vector<ColumnFamilyHandle*>& column_families) = 0;
  virtual Status FlushWAL(bool /*sync*/) { return Status::NotSupported("FlushWAL not implemented"); }
  virtual Status FlushWAL(const FlushWALOptions& options) { return FlushWAL(options.sync); }
  virtual Status SyncWAL() = 0;

  virtual SequenceNumber GetLatestSequenceNumber() const = 0;

  virtual Status DisableFileDeletions() = 0;
  virtual Status EnableFileDeletions() = 0;

  virtual void GetLiveFilesMetaData(std::vector<LiveFileMetaData>* /*metadata*/) {}
  virtual void GetColumnFamilyMetaData(ColumnFamilyHandle* /*column_family*/, ColumnFamilyMetaData* /*metadata*/) {}
  virtual void GetColumnFamilyMetaData(ColumnFamilyHandle* /*column_family*/,
                                       const GetColumnFamilyMetaDataOptions& /*options*/,
                                       ColumnFamilyMetaData* /*metadata*/) {}
  void GetColumnFamilyMetaData(ColumnFamilyMetaData* metadata) {
    GetColumnFamilyMetaData(DefaultColumnFamily(), metadata);
  }
  void GetColumnFamilyMetaData(const GetColumnFamilyMetaDataOptions& options, ColumnFamilyMetaData* metadata) {
    GetColumnFamilyMetaData(DefaultColumnFamily(), options, metadata);
  }

  virtual Status IngestExternalFile(ColumnFamilyHandle* column_family, const std::vector<std::string>& external_files,
                                    const IngestExternalFileOptions& options) = 0;
  virtual Status IngestExternalFile(const std::vector<std::string>& external_files,
                                    const IngestExternalFileOptions& options) {
    return IngestExternalFile(DefaultColumnFamily(), external_files, options);
  }

  virtual Status VerifyChecksum(const ReadOptions& read_options) = 0;
  virtual Status VerifyChecksum() { return VerifyChecksum(ReadOptions()); }
  virtual Status GetDbIdentity(std::string& identity) const = 0;

  virtual ColumnFamilyHandle* DefaultColumnFamily() const = 0;

  virtual DB* GetRootDB() { return this; }

  // The CDB under this database (impl/db_impl.h), for helpers that need its c.h handle.
  virtual ferrock_impl::CDB* ferrock_cdb() { return nullptr; }
  virtual Status TryCatchUpWithPrimary() { return Status::NotSupported("Supported only by secondary instance"); }
};

inline DB::SizeApproximationFlags operator&(DB::SizeApproximationFlags lhs, DB::SizeApproximationFlags rhs) {
  return static_cast<DB::SizeApproximationFlags>(static_cast<uint8_t>(lhs) & static_cast<uint8_t>(rhs));
}
inline DB::SizeApproximationFlags operator|(DB::SizeApproximationFlags lhs, DB::SizeApproximationFlags rhs) {
  return static_cast<DB::SizeApproximationFlags>(static_cast<uint8_t>(lhs) | static_cast<uint8_t>(rhs));
}

inline Status DB::GetApproximateSizes(ColumnFamilyHandle* column_family, const Range* ranges, int n, uint64_t* sizes,
                                      SizeApproximationFlags include_flags) {
  SizeApproximationOptions options;
  options.include_memtables = (include_flags & SizeApproximationFlags::INCLUDE_MEMTABLES) != SizeApproximationFlags::NONE;
  options.include_files = (include_flags & SizeApproximationFlags::INCLUDE_FILES) != SizeApproximationFlags::NONE;
  options.include_blob_files =
      (include_flags & SizeApproximationFlags::INCLUDE_BLOB_FILES) != SizeApproximationFlags::NONE;
  return GetApproximateSizes(options, column_family, ranges, n, sizes);
}

Status DestroyDB(const std::string& name, const Options& options,
                 const std::vector<ColumnFamilyDescriptor>& column_families = std::vector<ColumnFamilyDescriptor>());
Status RepairDB(const std::string& dbname, const DBOptions& db_options,
                const std::vector<ColumnFamilyDescriptor>& column_families);
Status RepairDB(const std::string& dbname, const Options& options);

}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/db_impl.h"
