// ferrock's C++ API: table formats. ferrock writes block-based tables, so the
// one TableFactory is NewBlockBasedTableFactory(BlockBasedTableOptions); its
// options reach the engine through c.h's rocksdb_block_based_options_* at Open.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "rocksdb/cache.h"
#include "rocksdb/customizable.h"
#include "rocksdb/env.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

enum ChecksumType : char {
  kNoChecksum = 0x0,
  kCRC32c = 0x1,
  kxxHash = 0x2,
  kxxHash64 = 0x3,
  kXXH3 = 0x4,
};

enum class PinningTier { kFallback, kNone, kFlushedAndSimilar, kAll };

struct MetadataCacheOptions {
  PinningTier top_level_index_pinning = PinningTier::kFallback;
  PinningTier partition_pinning = PinningTier::kFallback;
  PinningTier unpartitioned_pinning = PinningTier::kFallback;
};

struct BlockBasedTableOptions {
  static const char* kName() { return "BlockTableOptions"; }

  bool cache_index_and_filter_blocks = false;
  bool cache_index_and_filter_blocks_with_high_priority = true;
  bool pin_l0_filter_and_index_blocks_in_cache = false;
  bool pin_top_level_index_and_filter = true;
  MetadataCacheOptions metadata_cache_options;

  enum IndexType : char {
    kBinarySearch = 0x00,
    kHashSearch = 0x01,
    kTwoLevelIndexSearch = 0x02,
    kBinarySearchWithFirstKey = 0x03,
  };
  IndexType index_type = kBinarySearch;

  enum BlockSearchType : char { kBinary = 0x00, kInterpolation = 0x01, kAuto = 0x02 };
  BlockSearchType index_block_search_type = kBinary;

  enum DataBlockIndexType : char { kDataBlockBinarySearch = 0, kDataBlockBinaryAndHash = 1 };
  DataBlockIndexType data_block_index_type = kDataBlockBinarySearch;
  double data_block_hash_table_util_ratio = 0.75;

  ChecksumType checksum = kXXH3;
  bool no_block_cache = false;
  // The block cache; the engine's default (32 MiB) when nullptr.
  std::shared_ptr<Cache> block_cache = nullptr;
  uint64_t block_size = 4 * 1024;
  int block_size_deviation = 10;
  int block_restart_interval = 16;
  int index_block_restart_interval = 1;
  uint64_t metadata_block_size = 4096;
  bool partition_filters = false;
  bool decouple_partitioned_filters = true;
  bool optimize_filters_for_memory = true;
  bool use_delta_encoding = true;
  std::shared_ptr<const FilterPolicy> filter_policy = nullptr;
  bool use_udi_as_primary_index = false;
  bool fail_if_no_udi_on_open = false;
  bool whole_key_filtering = true;
  bool detect_filter_construct_corruption = false;
  bool verify_compression = false;
  uint32_t read_amp_bytes_per_bit = 0;
  uint32_t format_version = 7;
  bool separate_key_value_in_data_block = false;
  double uniform_cv_threshold = -1;
  bool enable_index_compression = true;
  bool block_align = false;
  size_t super_block_alignment_size = 0;
  size_t super_block_alignment_space_overhead_ratio = 128;

  enum class IndexShorteningMode : char { kNoShortening, kShortenSeparators, kShortenSeparatorsAndSuccessor };
  IndexShorteningMode index_shortening = IndexShorteningMode::kShortenSeparators;
  size_t max_auto_readahead_size = 256 * 1024;

  enum class PrepopulateBlockCache : char { kDisable, kFlushOnly, kFlushAndCompaction };
  PrepopulateBlockCache prepopulate_block_cache = PrepopulateBlockCache::kDisable;
  size_t initial_auto_readahead_size = 8 * 1024;
  uint64_t num_file_reads_for_auto_readahead = 2;
};

class TableFactory : public Customizable {
 public:
  ~TableFactory() override = default;
  static const char* Type() { return "TableFactory"; }
  static const char* kBlockBasedTableName() { return "BlockBasedTable"; }
  static const char* kPlainTableName() { return "PlainTable"; }
  static const char* kCuckooTableName() { return "CuckooTable"; }

  // The block-based options this factory holds, or nullptr for another format.
  virtual BlockBasedTableOptions* ferrock_block_based_options() { return nullptr; }
};

namespace ferrock_impl {

class BlockBasedTableFactory : public TableFactory {
 public:
  explicit BlockBasedTableFactory(const BlockBasedTableOptions& options) : options_(options) {}
  static const char* kClassName() { return kBlockBasedTableName(); }
  const char* Name() const override { return kBlockBasedTableName(); }
  const void* GetOptionsPtr(const std::string& name) const override {
    return name == BlockBasedTableOptions::kName() ? &options_ : nullptr;
  }
  BlockBasedTableOptions* ferrock_block_based_options() override { return &options_; }

 private:
  BlockBasedTableOptions options_;
};

}  // namespace ferrock_impl

inline TableFactory* NewBlockBasedTableFactory(const BlockBasedTableOptions& table_options = BlockBasedTableOptions()) {
  return new ferrock_impl::BlockBasedTableFactory(table_options);
}

}  // namespace ROCKSDB_NAMESPACE
