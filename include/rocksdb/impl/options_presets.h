// ferrock's C++ API, implementation: the option structs' constructors and
// presets (IncreaseParallelism, OptimizeLevelStyleCompaction, ...), which set
// fields exactly as RocksDB's do; the fields reach the engine at Open.
#pragma once

#include "rocksdb/cache.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/options.h"
#include "rocksdb/table.h"

namespace ROCKSDB_NAMESPACE {

inline ColumnFamilyOptions::ColumnFamilyOptions()
    : table_factory(std::shared_ptr<TableFactory>(NewBlockBasedTableFactory())) {}

inline ColumnFamilyOptions::ColumnFamilyOptions(const Options& options)
    : ColumnFamilyOptions(static_cast<const ColumnFamilyOptions&>(options)) {}

inline DBOptions::DBOptions(const Options& options) : DBOptions(static_cast<const DBOptions&>(options)) {}

inline DBOptions* DBOptions::IncreaseParallelism(int total_threads) {
  max_background_jobs = total_threads;
  env->SetBackgroundThreads(total_threads, Env::LOW);
  env->SetBackgroundThreads(1, Env::HIGH);
  return this;
}

// RocksDB also gives the database a WriteBufferManager charging `cache`; ferrock has none
// (c.h's rocksdb_write_buffer_manager_create answers NULL), so the memtables are not charged.
inline DBOptions* DBOptions::OptimizeForSmallDb(std::shared_ptr<Cache>* /*cache*/) {
  max_file_opening_threads = 1;
  max_open_files = 5000;
  return this;
}

inline ColumnFamilyOptions* ColumnFamilyOptions::OptimizeForSmallDb(std::shared_ptr<Cache>* cache) {
  write_buffer_size = 2 << 20;
  target_file_size_base = 2 * 1048576;
  max_bytes_for_level_base = 10 * 1048576;
  soft_pending_compaction_bytes_limit = 256 * 1048576;
  hard_pending_compaction_bytes_limit = 1073741824ul;
  BlockBasedTableOptions table_options;
  table_options.block_cache = cache != nullptr ? *cache : std::shared_ptr<Cache>();
  table_options.cache_index_and_filter_blocks = true;
  table_options.index_type = BlockBasedTableOptions::IndexType::kTwoLevelIndexSearch;
  table_factory.reset(NewBlockBasedTableFactory(table_options));
  return this;
}

inline ColumnFamilyOptions* ColumnFamilyOptions::OptimizeForPointLookup(uint64_t block_cache_size_mb) {
  BlockBasedTableOptions table_options;
  table_options.data_block_index_type = BlockBasedTableOptions::kDataBlockBinaryAndHash;
  table_options.data_block_hash_table_util_ratio = 0.75;
  table_options.filter_policy.reset(NewBloomFilterPolicy(10));
  table_options.block_cache = NewLRUCache(static_cast<size_t>(block_cache_size_mb * 1024 * 1024));
  table_factory.reset(NewBlockBasedTableFactory(table_options));
  memtable_prefix_bloom_size_ratio = 0.02;
  memtable_whole_key_filtering = true;
  return this;
}

inline ColumnFamilyOptions* ColumnFamilyOptions::OptimizeLevelStyleCompaction(uint64_t memtable_memory_budget) {
  write_buffer_size = static_cast<size_t>(memtable_memory_budget / 4);
  min_write_buffer_number_to_merge = 2;
  max_write_buffer_number = 6;
  level0_file_num_compaction_trigger = 2;
  target_file_size_base = memtable_memory_budget / 8;
  max_bytes_for_level_base = memtable_memory_budget;
  compaction_style = kCompactionStyleLevel;
  // No compression on levels 0 and 1, LZ4 below (ferrock has LZ4).
  compression_per_level.resize(static_cast<size_t>(num_levels));
  for (int i = 0; i < num_levels; ++i) compression_per_level[i] = i < 2 ? kNoCompression : kLZ4Compression;
  return this;
}

inline ColumnFamilyOptions* ColumnFamilyOptions::OptimizeUniversalStyleCompaction(uint64_t memtable_memory_budget) {
  write_buffer_size = static_cast<size_t>(memtable_memory_budget / 4);
  min_write_buffer_number_to_merge = 2;
  max_write_buffer_number = 6;
  compaction_style = kCompactionStyleUniversal;
  compaction_options_universal.compression_size_percent = 80;
  return this;
}

inline Options* Options::PrepareForBulkLoad() {
  level0_file_num_compaction_trigger = (1 << 30);
  level0_slowdown_writes_trigger = (1 << 30);
  level0_stop_writes_trigger = (1 << 30);
  soft_pending_compaction_bytes_limit = 0;
  hard_pending_compaction_bytes_limit = 0;
  disable_auto_compactions = true;
  max_compaction_bytes = (static_cast<uint64_t>(1) << 60);
  num_levels = 2;
  max_write_buffer_number = 6;
  min_write_buffer_number_to_merge = 1;
  max_background_flushes = 4;
  max_background_compactions = 2;
  target_file_size_base = 256 * 1024 * 1024;
  return this;
}

inline Options* Options::OptimizeForSmallDb() {
  std::shared_ptr<Cache> cache = NewLRUCache(16 << 20);
  ColumnFamilyOptions::OptimizeForSmallDb(&cache);
  DBOptions::OptimizeForSmallDb(&cache);
  return this;
}

}  // namespace ROCKSDB_NAMESPACE
