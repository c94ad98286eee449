// ferrock's C++ API: EventListener and the infos its callbacks get. A listener
// in options.listeners reaches the engine through c.h's rocksdb_eventlistener_create
// (impl/callbacks.h), which carries flush, compaction, subcompaction, ingestion,
// background-error, stall and memtable-sealed events. The other callbacks of
// RocksDB's EventListener have no c.h counterpart and are deleted here, so a
// listener overriding them fails to compile instead of never hearing anything.
// Infos carry what c.h's accessors give (no table properties).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/compression_type.h"
#include "rocksdb/customizable.h"
#include "rocksdb/status.h"
#include "rocksdb/types.h"

namespace ROCKSDB_NAMESPACE {

class DB;
class ColumnFamilyHandle;

enum class CompactionReason : int {
  kUnknown = 0,
  kLevelL0FilesNum,
  kLevelMaxLevelSize,
  kUniversalSizeAmplification,
  kUniversalSizeRatio,
  kUniversalSortedRunNum,
  kFIFOMaxSize,
  kFIFOReduceNumFiles,
  kFIFOTtl,
  kManualCompaction,
  kFilesMarkedForCompaction,
  kBottommostFiles,
  kTtl,
  kFlush,
  kExternalSstIngestion,
  kPeriodicCompaction,
  kChangeTemperature,
  kForcedBlobGC,
  kRoundRobinTtl,
  kRefitLevel,
  kReadTriggered,
  kNumOfReasons,
};

enum class FlushReason : int {
  kOthers = 0x00,
  kGetLiveFiles = 0x01,
  kShutDown = 0x02,
  kExternalFileIngestion = 0x03,
  kManualCompaction = 0x04,
  kWriteBufferManager = 0x05,
  kWriteBufferFull = 0x06,
  kTest = 0x07,
  kDeleteFiles = 0x08,
  kAutoCompaction = 0x09,
  kManualFlush = 0x0a,
  kErrorRecovery = 0xb,
  kErrorRecoveryRetryFlush = 0xc,
  kWalFull = 0xd,
  kCatchUpAfterErrorRecovery = 0xe,
  kMemtableMaxRangeDeletions = 0xf,
};

enum class BackgroundErrorReason {
  kFlush,
  kCompaction,
  kWriteCallback,
  kMemTable,
  kManifestWrite,
  kFlushNoWAL,
  kManifestWriteNoWAL,
  kAsyncFileOpen,
};

struct WriteStallInfo {
  std::string cf_name;
  struct {
    WriteStallCondition cur;
    WriteStallCondition prev;
  } condition;
};

struct FlushJobInfo {
  uint32_t cf_id;
  std::string cf_name;
  std::string file_path;
  uint64_t file_number;
  uint64_t oldest_blob_file_number;
  uint64_t thread_id;
  int job_id;
  bool triggered_writes_slowdown;
  bool triggered_writes_stop;
  SequenceNumber smallest_seqno;
  SequenceNumber largest_seqno;
  FlushReason flush_reason;
  CompressionType blob_compression_type;
};

struct CompactionFileInfo {
  int level;
  uint64_t file_number;
  uint64_t oldest_blob_file_number;
};

// The counters of a compaction that c.h's compaction info reports.
struct CompactionJobStats {
  uint64_t elapsed_micros = 0;
  uint64_t num_input_records = 0;
  size_t num_input_files = 0;
  size_t num_input_files_at_output_level = 0;
  uint64_t num_output_records = 0;
  uint64_t total_input_bytes = 0;
  uint64_t total_output_bytes = 0;
  uint64_t num_corrupt_keys = 0;
};

struct SubcompactionJobInfo {
  uint32_t cf_id;
  std::string cf_name;
  Status status;
  uint64_t thread_id;
  int job_id;
  int subcompaction_job_id;
  int base_input_level;
  int output_level;
  CompactionReason compaction_reason;
  CompressionType compression;
  CompressionType blob_compression_type;
};

struct CompactionJobInfo {
  uint32_t cf_id;
  std::string cf_name;
  Status status;
  uint64_t thread_id;
  int job_id;
  int base_input_level;
  int output_level;
  std::vector<std::string> input_files;
  std::vector<CompactionFileInfo> input_file_infos;
  std::vector<std::string> output_files;
  std::vector<CompactionFileInfo> output_file_infos;
  CompactionReason compaction_reason;
  CompressionType compression;
  CompactionJobStats stats;
  CompressionType blob_compression_type;
  bool aborted = false;
};

struct MemTableInfo {
  std::string cf_name;
  SequenceNumber first_seqno;
  SequenceNumber earliest_seqno;
  uint64_t num_entries;
  uint64_t num_deletes;
  std::string newest_udt;
};

struct ExternalFileIngestionInfo {
  std::string cf_name;
  std::string external_file_path;
  std::string internal_file_path;
  SequenceNumber global_seqno;
};

// Infos of callbacks c.h does not carry (only named by the deleted callbacks below).
struct ManualFlushInfo;
struct TableFileDeletionInfo;
struct TableFileCreationInfo;
struct TableFileCreationBriefInfo;
struct FileOperationInfo;
struct BackgroundErrorRecoveryInfo;
struct BlobFileCreationBriefInfo;
struct BlobFileCreationInfo;
struct BlobFileDeletionInfo;
struct IOErrorInfo;
struct BackgroundJobPressure;

class EventListener : public Customizable {
 public:
  static const char* Type() { return "EventListener"; }
  const char* Name() const override { return ""; }

  // The `db` given to callbacks is the DB object the program opened (not a temporary).
  virtual void OnFlushCompleted(DB* /*db*/, const FlushJobInfo& /*flush_job_info*/) {}
  virtual void OnFlushBegin(DB* /*db*/, const FlushJobInfo& /*flush_job_info*/) {}
  virtual void OnCompactionBegin(DB* /*db*/, const CompactionJobInfo& /*ci*/) {}
  virtual void OnCompactionCompleted(DB* /*db*/, const CompactionJobInfo& /*ci*/) {}
  virtual void OnSubcompactionBegin(const SubcompactionJobInfo& /*si*/) {}
  virtual void OnSubcompactionCompleted(const SubcompactionJobInfo& /*si*/) {}
  virtual void OnMemTableSealed(const MemTableInfo& /*info*/) {}
  virtual void OnExternalFileIngested(DB* /*db*/, const ExternalFileIngestionInfo& /*info*/) {}
  // bg_error is a copy: c.h's background-error callback lets a listener read the error,
  // not replace it, so a changed *bg_error does not reach the engine.
  virtual void OnBackgroundError(BackgroundErrorReason /*reason*/, Status* /*bg_error*/) {}
  virtual void OnStallConditionsChanged(const WriteStallInfo& /*info*/) {}

  // No c.h counterpart: deleted (see the top of this file).
  virtual void OnManualFlushScheduled(DB* db, const std::vector<ManualFlushInfo>& manual_flush_info) = delete;
  virtual void OnTableFileDeleted(const TableFileDeletionInfo& info) = delete;
  virtual void OnCompactionPreCommit(DB* db, const CompactionJobInfo& ci) = delete;
  virtual void OnTableFileCreated(const TableFileCreationInfo& info) = delete;
  virtual void OnTableFileCreationStarted(const TableFileCreationBriefInfo& info) = delete;
  virtual void OnColumnFamilyHandleDeletionStarted(ColumnFamilyHandle* handle) = delete;
  virtual void OnFileReadFinish(const FileOperationInfo& info) = delete;
  virtual void OnFileWriteFinish(const FileOperationInfo& info) = delete;
  virtual void OnFileFlushFinish(const FileOperationInfo& info) = delete;
  virtual void OnFileSyncFinish(const FileOperationInfo& info) = delete;
  virtual void OnFileRangeSyncFinish(const FileOperationInfo& info) = delete;
  virtual void OnFileTruncateFinish(const FileOperationInfo& info) = delete;
  virtual void OnFileCloseFinish(const FileOperationInfo& info) = delete;
  virtual bool ShouldBeNotifiedOnFileIO() = delete;
  virtual void OnErrorRecoveryBegin(BackgroundErrorReason reason, Status bg_error, bool* auto_recovery) = delete;
  virtual void OnErrorRecoveryEnd(const BackgroundErrorRecoveryInfo& info) = delete;
  virtual void OnBlobFileCreationStarted(const BlobFileCreationBriefInfo& info) = delete;
  virtual void OnBlobFileCreated(const BlobFileCreationInfo& info) = delete;
  virtual void OnBlobFileDeleted(const BlobFileDeletionInfo& info) = delete;
  virtual void OnIOError(const IOErrorInfo& info) = delete;
  virtual void OnBackgroundJobPressureChanged(DB* db, const BackgroundJobPressure& pressure) = delete;
  virtual void OnDBShutdownBegin(DB* db) = delete;

  ~EventListener() override = default;
};

}  // namespace ROCKSDB_NAMESPACE
