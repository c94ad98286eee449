// ferrock's C++ API: the small shared types of RocksDB's API (sequence numbers,
// file and entry kinds, write-stall causes, temperatures).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "rocksdb/slice.h"

namespace ROCKSDB_NAMESPACE {

using ColumnFamilyId = uint32_t;
using SequenceNumber = uint64_t;

struct TableProperties;
using TablePropertiesCollection = std::unordered_map<std::string, std::shared_ptr<const TableProperties>>;

const SequenceNumber kMinUnCommittedSeq = 1;

enum class TableFileCreationReason { kFlush, kCompaction, kRecovery, kMisc };
enum class BlobFileCreationReason { kFlush, kCompaction, kRecovery };

enum FileType {
  kWalFile,
  kDBLockFile,
  kTableFile,
  kDescriptorFile,
  kCurrentFile,
  kTempFile,
  kInfoLogFile,
  kMetaDatabase,
  kIdentityFile,
  kOptionsFile,
  kBlobFile,
  kCompactionProgressFile
};

enum EntryType {
  kEntryPut,
  kEntryDelete,
  kEntrySingleDelete,
  kEntryMerge,
  kEntryRangeDeletion,
  kEntryBlobIndex,
  kEntryDeleteWithTimestamp,
  kEntryWideColumnEntity,
  kEntryTimedPut,
  kEntryOther,
};

enum class WriteStallCause {
  kMemtableLimit,
  kL0FileCountLimit,
  kPendingCompactionBytes,
  kCFScopeWriteStallCauseEnumMax,
  kWriteBufferManagerLimit,
  kDBScopeWriteStallCauseEnumMax,
  kNone,
};

enum class WriteStallCondition { kDelayed, kStopped, kNormal };

enum class Temperature : uint8_t {
  kUnknown = 0,
  kHot = 0x04,
  kWarm = 0x08,
  kCool = 0x0A,
  kCold = 0x0C,
  kIce = 0x10,
  kLastTemperature,
};

}  // namespace ROCKSDB_NAMESPACE
