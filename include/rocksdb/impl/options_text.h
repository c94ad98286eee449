// ferrock's C++ API, implementation: option values as text, in RocksDB's
// syntax ("name=value" pairs of OPTIONS files and option strings, with "{...}"
// for nested structs and ":" between list items), parsed into the option
// structs. Used by LoadLatestOptions / LoadOptionsFromFile (utilities/options_util.h)
// and the Get*OptionsFromString functions (convenience.h); which names and values
// are valid is checked by the engine's own parser first, so an option RocksDB
// knows but these structs do not declare keeps its default.
#pragma once

#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "rocksdb/comparator.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/memtablerep.h"
#include "rocksdb/options.h"
#include "rocksdb/slice_transform.h"
#include "rocksdb/table.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

template <typename T>
using EnumNames = std::vector<std::pair<const char*, T>>;

inline const EnumNames<CompressionType>& NamesOf(CompressionType*) {
  static const EnumNames<CompressionType> n = {
      {"kNoCompression", kNoCompression},       {"kSnappyCompression", kSnappyCompression},
      {"kZlibCompression", kZlibCompression},   {"kBZip2Compression", kBZip2Compression},
      {"kLZ4Compression", kLZ4Compression},     {"kLZ4HCCompression", kLZ4HCCompression},
      {"kXpressCompression", kXpressCompression}, {"kZSTD", kZSTD},
      {"kZSTDNotFinalCompression", kZSTD},      {"kDisableCompressionOption", kDisableCompressionOption}};
  return n;
}
inline const EnumNames<CompactionStyle>& NamesOf(CompactionStyle*) {
  static const EnumNames<CompactionStyle> n = {{"kCompactionStyleLevel", kCompactionStyleLevel},
                                               {"kCompactionStyleUniversal", kCompactionStyleUniversal},
                                               {"kCompactionStyleFIFO", kCompactionStyleFIFO},
                                               {"kCompactionStyleNone", kCompactionStyleNone}};
  return n;
}
inline const EnumNames<CompactionPri>& NamesOf(CompactionPri*) {
  static const EnumNames<CompactionPri> n = {{"kByCompensatedSize", kByCompensatedSize},
                                             {"kOldestLargestSeqFirst", kOldestLargestSeqFirst},
                                             {"kOldestSmallestSeqFirst", kOldestSmallestSeqFirst},
                                             {"kMinOverlappingRatio", kMinOverlappingRatio},
                                             {"kRoundRobin", kRoundRobin}};
  return n;
}
inline const EnumNames<WALRecoveryMode>& NamesOf(WALRecoveryMode*) {
  static const EnumNames<WALRecoveryMode> n = {
      {"kTolerateCorruptedTailRecords", WALRecoveryMode::kTolerateCorruptedTailRecords},
      {"kAbsoluteConsistency", WALRecoveryMode::kAbsoluteConsistency},
      {"kPointInTimeRecovery", WALRecoveryMode::kPointInTimeRecovery},
      {"kSkipAnyCorruptedRecords", WALRecoveryMode::kSkipAnyCorruptedRecords}};
  return n;
}
inline const EnumNames<InfoLogLevel>& NamesOf(InfoLogLevel*) {
  static const EnumNames<InfoLogLevel> n = {{"DEBUG_LEVEL", DEBUG_LEVEL}, {"INFO_LEVEL", INFO_LEVEL},
                                            {"WARN_LEVEL", WARN_LEVEL},   {"ERROR_LEVEL", ERROR_LEVEL},
                                            {"FATAL_LEVEL", FATAL_LEVEL}, {"HEADER_LEVEL", HEADER_LEVEL}};
  return n;
}
inline const EnumNames<Temperature>& NamesOf(Temperature*) {
  static const EnumNames<Temperature> n = {{"kUnknown", Temperature::kUnknown}, {"kHot", Temperature::kHot},
                                           {"kWarm", Temperature::kWarm},       {"kCool", Temperature::kCool},
                                           {"kCold", Temperature::kCold},       {"kIce", Temperature::kIce}};
  return n;
}
inline const EnumNames<CacheTier>& NamesOf(CacheTier*) {
  static const EnumNames<CacheTier> n = {{"kVolatileTier", CacheTier::kVolatileTier},
                                         {"kVolatileCompressedTier", CacheTier::kVolatileCompressedTier},
                                         {"kNonVolatileBlockTier", CacheTier::kNonVolatileBlockTier}};
  return n;
}
inline const EnumNames<PrepopulateBlobCache>& NamesOf(PrepopulateBlobCache*) {
  static const EnumNames<PrepopulateBlobCache> n = {{"kDisable", PrepopulateBlobCache::kDisable},
                                                    {"kFlushOnly", PrepopulateBlobCache::kFlushOnly}};
  return n;
}
inline const EnumNames<ChecksumType>& NamesOf(ChecksumType*) {
  static const EnumNames<ChecksumType> n = {{"kNoChecksum", kNoChecksum}, {"kCRC32c", kCRC32c}, {"kxxHash", kxxHash},
                                            {"kxxHash64", kxxHash64},     {"kXXH3", kXXH3}};
  return n;
}
inline const EnumNames<BlockBasedTableOptions::IndexType>& NamesOf(BlockBasedTableOptions::IndexType*) {
  using B = BlockBasedTableOptions;
  static const EnumNames<B::IndexType> n = {{"kBinarySearch", B::kBinarySearch},
                                            {"kHashSearch", B::kHashSearch},
                                            {"kTwoLevelIndexSearch", B::kTwoLevelIndexSearch},
                                            {"kBinarySearchWithFirstKey", B::kBinarySearchWithFirstKey}};
  return n;
}
inline const EnumNames<BlockBasedTableOptions::BlockSearchType>& NamesOf(BlockBasedTableOptions::BlockSearchType*) {
  using B = BlockBasedTableOptions;
  static const EnumNames<B::BlockSearchType> n = {{"kBinary", B::kBinary}, {"kInterpolation", B::kInterpolation}, {"kAuto", B::kAuto}};
  return n;
}
inline const EnumNames<BlockBasedTableOptions::DataBlockIndexType>& NamesOf(BlockBasedTableOptions::DataBlockIndexType*) {
  using B = BlockBasedTableOptions;
  static const EnumNames<B::DataBlockIndexType> n = {{"kDataBlockBinarySearch", B::kDataBlockBinarySearch},
                                                     {"kDataBlockBinaryAndHash", B::kDataBlockBinaryAndHash}};
  return n;
}
inline const EnumNames<BlockBasedTableOptions::IndexShorteningMode>& NamesOf(BlockBasedTableOptions::IndexShorteningMode*) {
  using M = BlockBasedTableOptions::IndexShorteningMode;
  static const EnumNames<M> n = {{"kNoShortening", M::kNoShortening},
                                 {"kShortenSeparators", M::kShortenSeparators},
                                 {"kShortenSeparatorsAndSuccessor", M::kShortenSeparatorsAndSuccessor}};
  return n;
}
inline const EnumNames<BlockBasedTableOptions::PrepopulateBlockCache>& NamesOf(BlockBasedTableOptions::PrepopulateBlockCache*) {
  using P = BlockBasedTableOptions::PrepopulateBlockCache;
  static const EnumNames<P> n = {{"kDisable", P::kDisable}, {"kFlushOnly", P::kFlushOnly}, {"kFlushAndCompaction", P::kFlushAndCompaction}};
  return n;
}
inline const EnumNames<PinningTier>& NamesOf(PinningTier*) {
  static const EnumNames<PinningTier> n = {{"kFallback", PinningTier::kFallback}, {"kNone", PinningTier::kNone},
                                           {"kFlushedAndSimilar", PinningTier::kFlushedAndSimilar}, {"kAll", PinningTier::kAll}};
  return n;
}

// One value: true when `text` is a valid value of T.
inline bool ParseValue(const std::string& text, bool* out) {
  if (text == "true" || text == "1") {
    *out = true;
  } else if (text == "false" || text == "0") {
    *out = false;
  } else {
    return false;
  }
  return true;
}
inline bool ParseValue(const std::string& text, std::string* out) {
  *out = text;
  return true;
}
inline bool ParseValue(const std::string& text, double* out) {
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return !text.empty() && end != nullptr && *end == '\0';
}
template <typename T>
auto ParseValue(const std::string& text, T* out) -> decltype(NamesOf(out), bool()) {
  for (const auto& [name, value] : NamesOf(out)) {
    if (text == name) {
      *out = value;
      return true;
    }
  }
  return false;
}
template <typename T>
auto ParseValue(const std::string& text, T* out) -> std::enable_if_t<std::is_integral_v<T>, bool> {
  if (text.empty()) return false;
  char* end = nullptr;
  if constexpr (std::is_signed_v<T>) {
    *out = static_cast<T>(std::strtoll(text.c_str(), &end, 10));
  } else {
    *out = static_cast<T>(std::strtoull(text.c_str(), &end, 10));
  }
  return end != nullptr && *end == '\0';
}
template <typename T>
bool ParseValue(const std::string& text, std::vector<T>* out) {
  out->clear();
  size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    size_t colon = text.find(':', start);
    std::string item = text.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    T v{};
    if (!ParseValue(item, &v)) return false;
    out->push_back(v);
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return true;
}

// "a=1;b={x=2;y=3};c=4" -> {a: 1, b: "x=2;y=3", c: 4} (braces stripped from nested values).
inline bool SplitOptions(const std::string& text, std::vector<std::pair<std::string, std::string>>* out) {
  size_t i = 0;
  auto trim = [](std::string s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    size_t e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
  };
  while (i < text.size()) {
    size_t eq = text.find('=', i);
    if (eq == std::string::npos) {
      if (trim(text.substr(i)).empty()) break;
      return false;
    }
    std::string key = trim(text.substr(i, eq - i));
    size_t j = eq + 1;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
    std::string value;
    if (j < text.size() && text[j] == '{') {
      int depth = 0;
      size_t k = j;
      for (; k < text.size(); ++k) {
        if (text[k] == '{') ++depth;
        if (text[k] == '}' && --depth == 0) break;
      }
      if (k >= text.size()) return false;
      value = text.substr(j + 1, k - j - 1);
      j = k + 1;
      while (j < text.size() && text[j] != ';') ++j;
    } else {
      size_t semi = text.find(';', j);
      value = trim(text.substr(j, semi == std::string::npos ? std::string::npos : semi - j));
      j = semi == std::string::npos ? text.size() : semi;
    }
    out->emplace_back(key, value);
    i = j + 1;
  }
  return true;
}

// A struct's settable fields by name.
template <typename S>
using FieldTable = std::unordered_map<std::string, std::function<bool(S&, const std::string&)>>;

#define FERROCK_FIELD(name) \
  { #name, [](auto& o, const std::string& v) { return ParseValue(v, &o.name); } }

template <typename S>
bool ApplyFields(const FieldTable<S>& table, S* o, const std::string& text) {
  std::vector<std::pair<std::string, std::string>> kv;
  if (!SplitOptions(text, &kv)) return false;
  for (const auto& [k, v] : kv) {
    auto it = table.find(k);
    if (it != table.end() && !it->second(*o, v)) return false;
  }
  return true;
}

inline bool ParseValue(const std::string& text, CompressionOptions* out) {
  static const FieldTable<CompressionOptions> table = {
      FERROCK_FIELD(window_bits), FERROCK_FIELD(level), FERROCK_FIELD(strategy), FERROCK_FIELD(max_dict_bytes),
      FERROCK_FIELD(zstd_max_train_bytes), FERROCK_FIELD(parallel_threads), FERROCK_FIELD(enabled),
      FERROCK_FIELD(max_dict_buffer_bytes), FERROCK_FIELD(use_zstd_dict_trainer),
      FERROCK_FIELD(max_compressed_bytes_per_kb), FERROCK_FIELD(checksum)};
  if (text.find('=') == std::string::npos) {
    // The old form: window_bits:level:strategy[:max_dict_bytes[:zstd_max_train_bytes[:parallel_threads[:enabled]]]].
    std::vector<int64_t> parts;
    if (!ParseValue(text, &parts) || parts.size() < 3) return false;
    out->window_bits = static_cast<int>(parts[0]);
    out->level = static_cast<int>(parts[1]);
    out->strategy = static_cast<int>(parts[2]);
    if (parts.size() > 3) out->max_dict_bytes = static_cast<uint32_t>(parts[3]);
    if (parts.size() > 4) out->zstd_max_train_bytes = static_cast<uint32_t>(parts[4]);
    if (parts.size() > 5) out->parallel_threads = static_cast<uint32_t>(parts[5]);
    if (parts.size() > 6) out->enabled = parts[6] != 0;
    return true;
  }
  return ApplyFields(table, out, text);
}
inline bool ParseValue(const std::string& text, MetadataCacheOptions* out) {
  static const FieldTable<MetadataCacheOptions> table = {
      FERROCK_FIELD(top_level_index_pinning), FERROCK_FIELD(partition_pinning), FERROCK_FIELD(unpartitioned_pinning)};
  return ApplyFields(table, out, text);
}
inline bool ParseValue(const std::string& text, CompactionOptionsFIFO* out) {
  static const FieldTable<CompactionOptionsFIFO> table = {
      FERROCK_FIELD(max_table_files_size), FERROCK_FIELD(allow_compaction), FERROCK_FIELD(age_for_warm)};
  return ApplyFields(table, out, text);
}
inline bool ParseValue(const std::string& text, CompactionStopStyle* out) {
  if (text == "kCompactionStopStyleSimilarSize") {
    *out = kCompactionStopStyleSimilarSize;
  } else if (text == "kCompactionStopStyleTotalSize") {
    *out = kCompactionStopStyleTotalSize;
  } else {
    return false;
  }
  return true;
}
inline bool ParseValue(const std::string& text, CompactionOptionsUniversal* out) {
  static const FieldTable<CompactionOptionsUniversal> table = {
      FERROCK_FIELD(size_ratio), FERROCK_FIELD(min_merge_width), FERROCK_FIELD(max_merge_width),
      FERROCK_FIELD(max_size_amplification_percent), FERROCK_FIELD(compression_size_percent),
      FERROCK_FIELD(max_read_amp), FERROCK_FIELD(stop_style), FERROCK_FIELD(allow_trivial_move),
      FERROCK_FIELD(incremental), FERROCK_FIELD(reduce_file_locking)};
  return ApplyFields(table, out, text);
}

// Pointer-valued options: the built-ins are made again from their names; any other
// object (a program's comparator, merge operator, ...) must be set by the program,
// as RocksDB documents for LoadLatestOptions.
inline bool ParseComparator(const std::string& v, ColumnFamilyOptions* o) {
  if (v == "leveldb.BytewiseComparator") o->comparator = BytewiseComparator();
  if (v == "rocksdb.ReverseBytewiseComparator") o->comparator = ReverseBytewiseComparator();
  return true;
}
inline bool ParsePrefixExtractor(const std::string& v, ColumnFamilyOptions* o) {
  auto number_after = [&](const char* prefix, size_t* n) {
    size_t len = std::strlen(prefix);
    return v.compare(0, len, prefix) == 0 && ParseValue(v.substr(len), n);
  };
  size_t n = 0;
  if (v == "nullptr" || v.empty()) {
    o->prefix_extractor = nullptr;
  } else if (number_after("rocksdb.FixedPrefix.", &n) || number_after("fixed:", &n)) {
    o->prefix_extractor.reset(NewFixedPrefixTransform(n));
  } else if (number_after("rocksdb.CappedPrefix.", &n) || number_after("capped:", &n)) {
    o->prefix_extractor.reset(NewCappedPrefixTransform(n));
  } else if (v == "rocksdb.Noop") {
    o->prefix_extractor.reset(NewNoopTransform());
  }
  return true;
}
inline bool ParseMemtableFactory(const std::string& v, ColumnFamilyOptions* o) {
  if (v == "SkipListFactory" || v == "skip_list") o->memtable_factory = std::make_shared<SkipListFactory>();
  if (v == "VectorRepFactory" || v == "vector") o->memtable_factory = std::make_shared<VectorRepFactory>();
  return true;
}
inline bool ParseFilterPolicy(const std::string& v, BlockBasedTableOptions* t) {
  if (v == "nullptr" || v.empty()) {
    t->filter_policy = nullptr;
    return true;
  }
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t colon; (colon = v.find(':', start)) != std::string::npos; start = colon + 1) {
    parts.push_back(v.substr(start, colon - start));
  }
  parts.push_back(v.substr(start));
  double bits = 10;
  if ((parts[0] == "bloomfilter" || parts[0] == "rocksdb.BloomFilter") && parts.size() >= 2 && ParseValue(parts[1], &bits)) {
    t->filter_policy.reset(NewBloomFilterPolicy(bits));
  } else if ((parts[0] == "ribbonfilter" || parts[0] == "rocksdb.RibbonFilter") && parts.size() >= 2 &&
             ParseValue(parts[1], &bits)) {
    int before = 0;
    if (parts.size() >= 3) ParseValue(parts[2], &before);
    t->filter_policy.reset(NewRibbonFilterPolicy(bits, before));
  } else if (parts[0] == "rocksdb.BuiltinBloomFilter") {
    // The compatibility name alone does not say how many bits; RocksDB's default is 10.
    t->filter_policy.reset(NewBloomFilterPolicy(10));
  }
  return true;
}

inline const FieldTable<DBOptions>& DBOptionFields() {
  static const FieldTable<DBOptions> table = {
      FERROCK_FIELD(create_if_missing),
      FERROCK_FIELD(create_missing_column_families),
      FERROCK_FIELD(error_if_exists),
      FERROCK_FIELD(paranoid_checks),
      FERROCK_FIELD(flush_verify_memtable_count),
      FERROCK_FIELD(compaction_verify_record_count),
      FERROCK_FIELD(track_and_verify_wals_in_manifest),
      FERROCK_FIELD(track_and_verify_wals),
      FERROCK_FIELD(verify_sst_unique_id_in_manifest),
      FERROCK_FIELD(info_log_level),
      FERROCK_FIELD(max_open_files),
      FERROCK_FIELD(max_file_opening_threads),
      FERROCK_FIELD(max_total_wal_size),
      FERROCK_FIELD(use_fsync),
      FERROCK_FIELD(db_log_dir),
      FERROCK_FIELD(wal_dir),
      FERROCK_FIELD(delete_obsolete_files_period_micros),
      FERROCK_FIELD(max_background_jobs),
      FERROCK_FIELD(max_background_compactions),
      FERROCK_FIELD(max_subcompactions),
      FERROCK_FIELD(max_background_flushes),
      FERROCK_FIELD(max_log_file_size),
      FERROCK_FIELD(log_file_time_to_roll),
      FERROCK_FIELD(keep_log_file_num),
      FERROCK_FIELD(recycle_log_file_num),
      FERROCK_FIELD(max_manifest_file_size),
      FERROCK_FIELD(table_cache_numshardbits),
      FERROCK_FIELD(WAL_ttl_seconds),
      FERROCK_FIELD(WAL_size_limit_MB),
      FERROCK_FIELD(manifest_preallocation_size),
      FERROCK_FIELD(allow_mmap_reads),
      FERROCK_FIELD(allow_mmap_writes),
      FERROCK_FIELD(use_direct_reads),
      FERROCK_FIELD(use_direct_io_for_flush_and_compaction),
      FERROCK_FIELD(allow_fallocate),
      FERROCK_FIELD(is_fd_close_on_exec),
      FERROCK_FIELD(stats_dump_period_sec),
      FERROCK_FIELD(stats_persist_period_sec),
      FERROCK_FIELD(persist_stats_to_disk),
      FERROCK_FIELD(stats_history_buffer_size),
      FERROCK_FIELD(advise_random_on_open),
      FERROCK_FIELD(db_write_buffer_size),
      FERROCK_FIELD(compaction_readahead_size),
      FERROCK_FIELD(writable_file_max_buffer_size),
      FERROCK_FIELD(use_adaptive_mutex),
      FERROCK_FIELD(bytes_per_sync),
      FERROCK_FIELD(wal_bytes_per_sync),
      FERROCK_FIELD(strict_bytes_per_sync),
      FERROCK_FIELD(enable_thread_tracking),
      FERROCK_FIELD(delayed_write_rate),
      FERROCK_FIELD(enable_pipelined_write),
      FERROCK_FIELD(unordered_write),
      FERROCK_FIELD(allow_concurrent_memtable_write),
      FERROCK_FIELD(enable_write_thread_adaptive_yield),
      FERROCK_FIELD(max_write_batch_group_size_bytes),
      FERROCK_FIELD(write_thread_max_yield_usec),
      FERROCK_FIELD(write_thread_slow_yield_usec),
      FERROCK_FIELD(skip_stats_update_on_db_open),
      FERROCK_FIELD(wal_recovery_mode),
      FERROCK_FIELD(allow_2pc),
      FERROCK_FIELD(dump_malloc_stats),
      FERROCK_FIELD(avoid_flush_during_recovery),
      FERROCK_FIELD(avoid_flush_during_shutdown),
      FERROCK_FIELD(allow_ingest_behind),
      FERROCK_FIELD(two_write_queues),
      FERROCK_FIELD(manual_wal_flush),
      FERROCK_FIELD(wal_compression),
      FERROCK_FIELD(background_close_inactive_wals),
      FERROCK_FIELD(atomic_flush),
      FERROCK_FIELD(avoid_unnecessary_blocking_io),
      FERROCK_FIELD(write_dbid_to_manifest),
      FERROCK_FIELD(write_identity_file),
      FERROCK_FIELD(prefix_seek_opt_in_only),
      FERROCK_FIELD(log_readahead_size),
      FERROCK_FIELD(best_efforts_recovery),
      FERROCK_FIELD(max_bgerror_resume_count),
      FERROCK_FIELD(bgerror_resume_retry_interval),
      FERROCK_FIELD(allow_data_in_errors),
      FERROCK_FIELD(db_host_id),
      FERROCK_FIELD(lowest_used_cache_tier),
      FERROCK_FIELD(enforce_single_del_contracts),
      FERROCK_FIELD(daily_offpeak_time_utc),
      FERROCK_FIELD(metadata_write_temperature),
      FERROCK_FIELD(wal_write_temperature),
  };
  return table;
}

inline const FieldTable<ColumnFamilyOptions>& CFOptionFields() {
  static const FieldTable<ColumnFamilyOptions> table = {
      FERROCK_FIELD(write_buffer_size),
      FERROCK_FIELD(compression),
      FERROCK_FIELD(bottommost_compression),
      FERROCK_FIELD(level0_file_num_compaction_trigger),
      FERROCK_FIELD(max_bytes_for_level_base),
      FERROCK_FIELD(disable_auto_compactions),
      FERROCK_FIELD(memtable_max_range_deletions),
      FERROCK_FIELD(uncache_aggressiveness),
      FERROCK_FIELD(max_write_buffer_number),
      FERROCK_FIELD(min_write_buffer_number_to_merge),
      FERROCK_FIELD(max_write_buffer_size_to_maintain),
      FERROCK_FIELD(inplace_update_support),
      FERROCK_FIELD(inplace_update_num_locks),
      FERROCK_FIELD(experimental_mempurge_threshold),
      FERROCK_FIELD(memtable_prefix_bloom_size_ratio),
      FERROCK_FIELD(memtable_whole_key_filtering),
      FERROCK_FIELD(memtable_huge_page_size),
      FERROCK_FIELD(bloom_locality),
      FERROCK_FIELD(arena_block_size),
      FERROCK_FIELD(compression_per_level),
      FERROCK_FIELD(num_levels),
      FERROCK_FIELD(level0_slowdown_writes_trigger),
      FERROCK_FIELD(level0_stop_writes_trigger),
      FERROCK_FIELD(target_file_size_base),
      FERROCK_FIELD(target_file_size_multiplier),
      FERROCK_FIELD(target_file_size_is_upper_bound),
      FERROCK_FIELD(level_compaction_dynamic_level_bytes),
      FERROCK_FIELD(max_bytes_for_level_multiplier),
      FERROCK_FIELD(max_bytes_for_level_multiplier_additional),
      FERROCK_FIELD(max_compaction_bytes),
      FERROCK_FIELD(soft_pending_compaction_bytes_limit),
      FERROCK_FIELD(hard_pending_compaction_bytes_limit),
      FERROCK_FIELD(compaction_style),
      FERROCK_FIELD(compaction_pri),
      FERROCK_FIELD(max_sequential_skip_in_iterations),
      FERROCK_FIELD(max_successive_merges),
      FERROCK_FIELD(strict_max_successive_merges),
      FERROCK_FIELD(optimize_filters_for_hits),
      FERROCK_FIELD(paranoid_file_checks),
      FERROCK_FIELD(force_consistency_checks),
      FERROCK_FIELD(report_bg_io_stats),
      FERROCK_FIELD(disallow_memtable_writes),
      FERROCK_FIELD(ttl),
      FERROCK_FIELD(periodic_compaction_seconds),
      FERROCK_FIELD(sample_for_compression),
      FERROCK_FIELD(last_level_temperature),
      FERROCK_FIELD(default_write_temperature),
      FERROCK_FIELD(default_temperature),
      FERROCK_FIELD(preclude_last_level_data_seconds),
      FERROCK_FIELD(preserve_internal_time_seconds),
      FERROCK_FIELD(enable_blob_files),
      FERROCK_FIELD(min_blob_size),
      FERROCK_FIELD(blob_file_size),
      FERROCK_FIELD(blob_compression_type),
      FERROCK_FIELD(enable_blob_garbage_collection),
      FERROCK_FIELD(blob_garbage_collection_age_cutoff),
      FERROCK_FIELD(blob_garbage_collection_force_threshold),
      FERROCK_FIELD(blob_compaction_readahead_size),
      FERROCK_FIELD(blob_file_starting_level),
      FERROCK_FIELD(prepopulate_blob_cache),
      FERROCK_FIELD(memtable_protection_bytes_per_key),
      FERROCK_FIELD(persist_user_defined_timestamps),
      FERROCK_FIELD(block_protection_bytes_per_key),
      FERROCK_FIELD(bottommost_file_compaction_delay),
      FERROCK_FIELD(paranoid_memory_checks),
      FERROCK_FIELD(memtable_verify_per_key_checksum_on_seek),
      FERROCK_FIELD(memtable_op_scan_flush_trigger),
      FERROCK_FIELD(memtable_avg_op_scan_flush_trigger),
      FERROCK_FIELD(cf_allow_ingest_behind),
      FERROCK_FIELD(compression_opts),
      FERROCK_FIELD(bottommost_compression_opts),
      FERROCK_FIELD(compaction_options_fifo),
      FERROCK_FIELD(compaction_options_universal),
      {"comparator", [](ColumnFamilyOptions& o, const std::string& v) { return ParseComparator(v, &o); }},
      {"prefix_extractor", [](ColumnFamilyOptions& o, const std::string& v) { return ParsePrefixExtractor(v, &o); }},
      {"memtable_factory", [](ColumnFamilyOptions& o, const std::string& v) { return ParseMemtableFactory(v, &o); }},
  };
  return table;
}

inline const FieldTable<BlockBasedTableOptions>& TableOptionFields() {
  static const FieldTable<BlockBasedTableOptions> table = {
      FERROCK_FIELD(cache_index_and_filter_blocks),
      FERROCK_FIELD(cache_index_and_filter_blocks_with_high_priority),
      FERROCK_FIELD(pin_l0_filter_and_index_blocks_in_cache),
      FERROCK_FIELD(pin_top_level_index_and_filter),
      FERROCK_FIELD(index_type),
      FERROCK_FIELD(index_block_search_type),
      FERROCK_FIELD(data_block_index_type),
      FERROCK_FIELD(data_block_hash_table_util_ratio),
      FERROCK_FIELD(checksum),
      FERROCK_FIELD(no_block_cache),
      FERROCK_FIELD(block_size),
      FERROCK_FIELD(block_size_deviation),
      FERROCK_FIELD(block_restart_interval),
      FERROCK_FIELD(index_block_restart_interval),
      FERROCK_FIELD(metadata_block_size),
      FERROCK_FIELD(partition_filters),
      FERROCK_FIELD(decouple_partitioned_filters),
      FERROCK_FIELD(optimize_filters_for_memory),
      FERROCK_FIELD(use_delta_encoding),
      FERROCK_FIELD(use_udi_as_primary_index),
      FERROCK_FIELD(fail_if_no_udi_on_open),
      FERROCK_FIELD(whole_key_filtering),
      FERROCK_FIELD(detect_filter_construct_corruption),
      FERROCK_FIELD(verify_compression),
      FERROCK_FIELD(read_amp_bytes_per_bit),
      FERROCK_FIELD(format_version),
      FERROCK_FIELD(separate_key_value_in_data_block),
      FERROCK_FIELD(uniform_cv_threshold),
      FERROCK_FIELD(enable_index_compression),
      FERROCK_FIELD(block_align),
      FERROCK_FIELD(super_block_alignment_size),
      FERROCK_FIELD(super_block_alignment_space_overhead_ratio),
      FERROCK_FIELD(index_shortening),
      FERROCK_FIELD(max_auto_readahead_size),
      FERROCK_FIELD(prepopulate_block_cache),
      FERROCK_FIELD(initial_auto_readahead_size),
      FERROCK_FIELD(num_file_reads_for_auto_readahead),
      FERROCK_FIELD(metadata_cache_options),
      {"filter_policy", [](BlockBasedTableOptions& t, const std::string& v) { return ParseFilterPolicy(v, &t); }},
  };
  return table;
}

#undef FERROCK_FIELD

}  // namespace ferrock_impl
}  // namespace ROCKSDB_NAMESPACE
