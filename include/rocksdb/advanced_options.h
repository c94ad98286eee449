// ferrock's C++ API: the column family options RocksDB calls advanced
// (AdvancedColumnFamilyOptions) and the enums they use. Every field here is
// translated to c.h's options when a database or column family is opened
// (impl/options_to_c.h); one the engine cannot honour makes Open answer
// NotSupported naming it, unless it still has its default value.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "rocksdb/compression_type.h"
#include "rocksdb/memtablerep.h"
#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/types.h"
#include "rocksdb/universal_compaction.h"

namespace ROCKSDB_NAMESPACE {

class Cache;
class SliceTransform;

enum CompactionStyle : char {
  kCompactionStyleLevel = 0x0,
  kCompactionStyleUniversal = 0x1,
  kCompactionStyleFIFO = 0x2,
  kCompactionStyleNone = 0x3,
};

enum CompactionPri : char {
  kByCompensatedSize = 0x0,
  kOldestLargestSeqFirst = 0x1,
  kOldestSmallestSeqFirst = 0x2,
  kMinOverlappingRatio = 0x3,
  kRoundRobin = 0x4,
};

struct CompactionOptionsFIFO {
  uint64_t max_table_files_size = 1 * 1024 * 1024 * 1024;
  bool allow_compaction = false;
  uint64_t age_for_warm = 0;

  CompactionOptionsFIFO() = default;
  CompactionOptionsFIFO(uint64_t _max_table_files_size, bool _allow_compaction)
      : max_table_files_size(_max_table_files_size), allow_compaction(_allow_compaction) {}
  bool operator==(const CompactionOptionsFIFO& rhs) const = default;
};

enum class PrepopulateBlobCache : uint8_t { kDisable = 0x0, kFlushOnly = 0x1 };

struct AdvancedColumnFamilyOptions {
  int max_write_buffer_number = 2;
  int min_write_buffer_number_to_merge = 1;
  int64_t max_write_buffer_size_to_maintain = 0;
  bool inplace_update_support = false;
  size_t inplace_update_num_locks = 10000;
  double experimental_mempurge_threshold = 0.0;
  double memtable_prefix_bloom_size_ratio = 0.0;
  bool memtable_whole_key_filtering = false;
  size_t memtable_huge_page_size = 0;
  uint32_t bloom_locality = 0;
  size_t arena_block_size = 0;
  // One codec per level (overrides `compression`); empty means `compression` everywhere.
  std::vector<CompressionType> compression_per_level;
  int num_levels = 7;
  int level0_slowdown_writes_trigger = 20;
  int level0_stop_writes_trigger = 36;
  uint64_t target_file_size_base = 64 * 1048576;
  int target_file_size_multiplier = 1;
  bool target_file_size_is_upper_bound = false;
  bool level_compaction_dynamic_level_bytes = true;
  double max_bytes_for_level_multiplier = 10;
  std::vector<int> max_bytes_for_level_multiplier_additional = std::vector<int>(static_cast<size_t>(num_levels), 1);
  uint64_t max_compaction_bytes = 0;
  uint64_t soft_pending_compaction_bytes_limit = 64 * 1073741824ull;
  uint64_t hard_pending_compaction_bytes_limit = 256 * 1073741824ull;
  CompactionStyle compaction_style = kCompactionStyleLevel;
  CompactionPri compaction_pri = kMinOverlappingRatio;
  CompactionOptionsUniversal compaction_options_universal;
  CompactionOptionsFIFO compaction_options_fifo;
  uint64_t max_sequential_skip_in_iterations = 8;
  // The memtable's structure; the built-ins of memtablerep.h only.
  std::shared_ptr<MemTableRepFactory> memtable_factory = std::shared_ptr<SkipListFactory>(new SkipListFactory);
  size_t max_successive_merges = 0;
  bool strict_max_successive_merges = false;
  bool optimize_filters_for_hits = false;
  bool paranoid_file_checks = false;
  bool force_consistency_checks = true;
  bool report_bg_io_stats = false;
  bool disallow_memtable_writes = false;
  uint64_t ttl = 0xfffffffffffffffe;
  uint64_t periodic_compaction_seconds = 0xfffffffffffffffe;
  uint64_t sample_for_compression = 0;
  Temperature last_level_temperature = Temperature::kUnknown;
  Temperature default_write_temperature = Temperature::kUnknown;
  Temperature default_temperature = Temperature::kUnknown;
  uint64_t preclude_last_level_data_seconds = 0;
  uint64_t preserve_internal_time_seconds = 0;
  bool enable_blob_files = false;
  uint64_t min_blob_size = 0;
  uint64_t blob_file_size = 1ULL << 28;
  CompressionType blob_compression_type = kNoCompression;
  bool enable_blob_garbage_collection = false;
  double blob_garbage_collection_age_cutoff = 0.25;
  double blob_garbage_collection_force_threshold = 1.0;
  uint64_t blob_compaction_readahead_size = 0;
  int blob_file_starting_level = 0;
  std::shared_ptr<Cache> blob_cache = nullptr;
  PrepopulateBlobCache prepopulate_blob_cache = PrepopulateBlobCache::kDisable;
  uint32_t memtable_protection_bytes_per_key = 0;
  bool persist_user_defined_timestamps = true;
  uint8_t block_protection_bytes_per_key = 0;
  uint32_t bottommost_file_compaction_delay = 0;
  bool paranoid_memory_checks = false;
  bool memtable_verify_per_key_checksum_on_seek = false;
  uint32_t memtable_op_scan_flush_trigger = 0;
  uint32_t memtable_avg_op_scan_flush_trigger = 0;
  bool cf_allow_ingest_behind = false;

  AdvancedColumnFamilyOptions() = default;
};

}  // namespace ROCKSDB_NAMESPACE
