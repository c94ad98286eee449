// ferrock's C++ API: descriptions of a database's files (SstFileMetaData,
// LevelMetaData, ColumnFamilyMetaData, LiveFileMetaData), filled from c.h's
// rocksdb_get_column_family_metadata* and rocksdb_livefiles. The fields are
// those c.h reports; being_compacted comes from the compactions this process's
// C++ API has seen start and not yet finish (impl/db_impl.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rocksdb/options.h"
#include "rocksdb/types.h"

namespace ROCKSDB_NAMESPACE {

struct FileStorageInfo {
  std::string relative_filename;
  std::string directory;
  uint64_t file_number = 0;
  FileType file_type = kTempFile;
  uint64_t size = 0;
  Temperature temperature = Temperature::kUnknown;
};

struct SstFileMetaData : public FileStorageInfo {
  SstFileMetaData() = default;

  SequenceNumber smallest_seqno = 0;
  SequenceNumber largest_seqno = 0;
  std::string smallestkey;
  std::string largestkey;
  bool being_compacted = false;
  uint64_t num_entries = 0;
  uint64_t num_deletions = 0;
  // "/" + relative_filename (RocksDB's deprecated spelling), and the directory again.
  std::string name;
  std::string db_path;
};

struct LiveFileMetaData : SstFileMetaData {
  std::string column_family_name;
  int level = 0;
};

struct LevelMetaData {
  LevelMetaData(int _level, uint64_t _size, const std::vector<SstFileMetaData>&& _files)
      : level(_level), size(_size), files(_files) {}
  const int level;
  const uint64_t size;
  const std::vector<SstFileMetaData> files;
};

struct ColumnFamilyMetaData {
  ColumnFamilyMetaData() : size(0), file_count(0), name("") {}
  ColumnFamilyMetaData(const std::string& _name, uint64_t _size, const std::vector<LevelMetaData>&& _levels)
      : size(_size), name(_name), levels(_levels) {}
  uint64_t size;
  size_t file_count;
  std::string name;
  std::vector<LevelMetaData> levels;
};

// Limits a GetColumnFamilyMetaData call to files overlapping a key range, at one level (-1: all).
struct GetColumnFamilyMetaDataOptions {
  RangeOpt range;
  int level = -1;
  GetColumnFamilyMetaDataOptions() = default;
  GetColumnFamilyMetaDataOptions(const OptSlice& _start_key, const OptSlice& _end_key, int _level = -1)
      : range(_start_key, _end_key), level(_level) {}
};

}  // namespace ROCKSDB_NAMESPACE
