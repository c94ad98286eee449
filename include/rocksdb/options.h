// ferrock's C++ API: RocksDB's option structs with public fields (DBOptions,
// ColumnFamilyOptions, Options, ReadOptions, WriteOptions, FlushOptions,
// CompactionOptions, CompactRangeOptions, IngestExternalFileOptions, ...) and
// their presets (IncreaseParallelism, OptimizeLevelStyleCompaction, ...).
// Nothing is sent to the engine until a call uses them: DB::Open translates
// DBOptions and each ColumnFamilyOptions to c.h's rocksdb_options_t, and each
// read or write translates its ReadOptions / WriteOptions (impl/options_to_c.h).
// A field the engine cannot honour makes that call answer NotSupported, naming
// the field, unless it still has its default value.
#pragma once

#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "rocksdb/advanced_options.h"
#include "rocksdb/comparator.h"
#include "rocksdb/compression_type.h"
#include "rocksdb/env.h"
#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/types.h"

namespace ROCKSDB_NAMESPACE {

class Cache;
class CompactionFilter;
class CompactionFilterFactory;
class EventListener;
class MergeOperator;
class RateLimiter;
class Snapshot;
class SliceTransform;
class SstFileManager;
class Statistics;
class TableFactory;
class WalFilter;
class WriteBufferManager;
struct Options;
struct DbPath;

using FileTypeSet = std::vector<FileType>;

struct ColumnFamilyOptions : public AdvancedColumnFamilyOptions {
  // A copy of the column family options of `options`.
  explicit ColumnFamilyOptions(const Options& options);
  ColumnFamilyOptions();

  ColumnFamilyOptions* OptimizeForSmallDb(std::shared_ptr<Cache>* cache = nullptr);
  ColumnFamilyOptions* OptimizeForPointLookup(uint64_t block_cache_size_mb);
  ColumnFamilyOptions* OptimizeLevelStyleCompaction(uint64_t memtable_memory_budget = 512 * 1024 * 1024);
  ColumnFamilyOptions* OptimizeUniversalStyleCompaction(uint64_t memtable_memory_budget = 512 * 1024 * 1024);

  // The key order; BytewiseComparator() unless set. Must outlive the database.
  const Comparator* comparator = BytewiseComparator();
  std::shared_ptr<MergeOperator> merge_operator = nullptr;
  // A filter shared by every compaction (the program keeps it alive), or a factory.
  const CompactionFilter* compaction_filter = nullptr;
  std::shared_ptr<CompactionFilterFactory> compaction_filter_factory = nullptr;
  size_t write_buffer_size = 64 << 20;
  CompressionType compression = kSnappyCompression;
  CompressionType bottommost_compression = kDisableCompressionOption;
  CompressionOptions bottommost_compression_opts;
  CompressionOptions compression_opts;
  int level0_file_num_compaction_trigger = 4;
  std::shared_ptr<const SliceTransform> prefix_extractor = nullptr;
  uint64_t max_bytes_for_level_base = 256 * 1048576;
  bool disable_auto_compactions = false;
  // The table format; block-based (table.h) is the one ferrock writes.
  std::shared_ptr<TableFactory> table_factory;
  std::vector<DbPath> cf_paths;
  uint32_t memtable_max_range_deletions = 0;
  uint32_t uncache_aggressiveness = 0;
};

enum class WALRecoveryMode : char {
  kTolerateCorruptedTailRecords = 0x00,
  kAbsoluteConsistency = 0x01,
  kPointInTimeRecovery = 0x02,
  kSkipAnyCorruptedRecords = 0x03,
};

struct DbPath {
  std::string path;
  uint64_t target_size;
  DbPath() : target_size(0) {}
  DbPath(const std::string& p, uint64_t t) : path(p), target_size(t) {}
  bool operator==(const DbPath& o) const { return path == o.path && target_size == o.target_size; }
};

enum class CacheTier : uint8_t { kVolatileTier = 0, kVolatileCompressedTier = 0x01, kNonVolatileBlockTier = 0x02 };

struct DBOptions {
  DBOptions* OptimizeForSmallDb(std::shared_ptr<Cache>* cache = nullptr);
  // Background jobs follow total_threads (and the default env's LOW pool grows to it).
  DBOptions* IncreaseParallelism(int total_threads = 16);

  explicit DBOptions(const Options& options);
  DBOptions() = default;

  bool create_if_missing = false;
  bool create_missing_column_families = false;
  bool error_if_exists = false;
  bool paranoid_checks = true;
  bool flush_verify_memtable_count = true;
  bool compaction_verify_record_count = true;
  bool track_and_verify_wals_in_manifest = false;
  bool track_and_verify_wals = false;
  bool verify_sst_unique_id_in_manifest = true;
  Env* env = Env::Default();
  std::shared_ptr<RateLimiter> rate_limiter = nullptr;
  std::shared_ptr<SstFileManager> sst_file_manager = nullptr;
  std::shared_ptr<Logger> info_log = nullptr;
  InfoLogLevel info_log_level = Logger::kDefaultLogLevel;
  int max_open_files = -1;
  int max_file_opening_threads = 16;
  uint64_t max_total_wal_size = 0;
  std::shared_ptr<Statistics> statistics = nullptr;
  bool use_fsync = false;
  std::vector<DbPath> db_paths;
  std::string db_log_dir = "";
  std::string wal_dir = "";
  uint64_t delete_obsolete_files_period_micros = 6ULL * 60 * 60 * 1000000;
  int max_background_jobs = 2;
  int max_background_compactions = -1;
  uint32_t max_subcompactions = 1;
  int max_background_flushes = -1;
  size_t max_log_file_size = 0;
  size_t log_file_time_to_roll = 0;
  size_t keep_log_file_num = 1000;
  size_t recycle_log_file_num = 0;
  uint64_t max_manifest_file_size = 1024 * 1024 * 1024;
  int table_cache_numshardbits = 6;
  uint64_t WAL_ttl_seconds = 0;
  uint64_t WAL_size_limit_MB = 0;
  size_t manifest_preallocation_size = 4 * 1024 * 1024;
  bool allow_mmap_reads = false;
  bool allow_mmap_writes = false;
  bool use_direct_reads = false;
  bool use_direct_io_for_flush_and_compaction = false;
  bool allow_fallocate = true;
  bool is_fd_close_on_exec = true;
  unsigned int stats_dump_period_sec = 600;
  unsigned int stats_persist_period_sec = 600;
  bool persist_stats_to_disk = false;
  size_t stats_history_buffer_size = 1024 * 1024;
  bool advise_random_on_open = true;
  size_t db_write_buffer_size = 0;
  std::shared_ptr<WriteBufferManager> write_buffer_manager = nullptr;
  size_t compaction_readahead_size = 2 * 1024 * 1024;
  size_t writable_file_max_buffer_size = 1024 * 1024;
  bool use_adaptive_mutex = false;
  uint64_t bytes_per_sync = 0;
  uint64_t wal_bytes_per_sync = 0;
  bool strict_bytes_per_sync = false;
  // Told of flushes, compactions, ingestions, stalls and errors (listener.h).
  std::vector<std::shared_ptr<EventListener>> listeners;
  bool enable_thread_tracking = false;
  uint64_t delayed_write_rate = 0;
  bool enable_pipelined_write = false;
  bool unordered_write = false;
  bool allow_concurrent_memtable_write = true;
  bool enable_write_thread_adaptive_yield = true;
  uint64_t max_write_batch_group_size_bytes = 1 << 20;
  uint64_t write_thread_max_yield_usec = 100;
  uint64_t write_thread_slow_yield_usec = 3;
  bool skip_stats_update_on_db_open = false;
  WALRecoveryMode wal_recovery_mode = WALRecoveryMode::kPointInTimeRecovery;
  bool allow_2pc = false;
  std::shared_ptr<Cache> row_cache = nullptr;
  WalFilter* wal_filter = nullptr;
  bool dump_malloc_stats = false;
  bool avoid_flush_during_recovery = false;
  bool avoid_flush_during_shutdown = false;
  bool allow_ingest_behind = false;
  bool two_write_queues = false;
  bool manual_wal_flush = false;
  CompressionType wal_compression = kNoCompression;
  bool background_close_inactive_wals = false;
  bool atomic_flush = false;
  bool avoid_unnecessary_blocking_io = false;
  bool write_dbid_to_manifest = true;
  bool write_identity_file = true;
  bool prefix_seek_opt_in_only = false;
  size_t log_readahead_size = 0;
  bool best_efforts_recovery = false;
  int max_bgerror_resume_count = INT_MAX;
  uint64_t bgerror_resume_retry_interval = 1000000;
  bool allow_data_in_errors = false;
  std::string db_host_id = "__hostname__";
  CacheTier lowest_used_cache_tier = CacheTier::kNonVolatileBlockTier;
  bool enforce_single_del_contracts = true;
  std::string daily_offpeak_time_utc = "";
  Temperature metadata_write_temperature = Temperature::kUnknown;
  Temperature wal_write_temperature = Temperature::kUnknown;
};

// What DB::Open(Options, ...) takes: the database's options and the default column family's.
struct Options : public DBOptions, public ColumnFamilyOptions {
  Options() : DBOptions(), ColumnFamilyOptions() {}
  Options(const DBOptions& db_options, const ColumnFamilyOptions& column_family_options)
      : DBOptions(db_options), ColumnFamilyOptions(column_family_options) {}

  // No automatic compactions and large level-0 triggers, for loading data in bulk.
  Options* PrepareForBulkLoad();
  Options* OptimizeForSmallDb();
  Options* DisableExtraChecks() {
    force_consistency_checks = false;
    return this;
  }
};

enum ReadTier { kReadAllTier = 0x0, kBlockCacheTier = 0x1, kPersistedTier = 0x2, kMemtableTier = 0x3 };

struct ReadOptions {
  const Snapshot* snapshot = nullptr;
  const Slice* timestamp = nullptr;
  const Slice* iter_start_ts = nullptr;
  std::chrono::microseconds deadline = std::chrono::microseconds::zero();
  std::chrono::microseconds io_timeout = std::chrono::microseconds::zero();
  ReadTier read_tier = kReadAllTier;
  Env::IOPriority rate_limiter_priority = Env::IO_TOTAL;
  uint64_t value_size_soft_limit = std::numeric_limits<uint64_t>::max();
  std::optional<size_t> merge_operand_count_threshold;
  bool verify_checksums = true;
  bool fill_cache = true;
  bool ignore_range_deletions = false;
  bool async_io = false;
  bool optimize_multiget_for_io = true;
  size_t readahead_size = 0;
  uint64_t max_skippable_internal_keys = 0;
  // Bounds of iteration (copied when the iterator is created).
  const Slice* iterate_lower_bound = nullptr;
  const Slice* iterate_upper_bound = nullptr;
  bool tailing = false;
  bool total_order_seek = false;
  bool auto_prefix_mode = false;
  bool prefix_same_as_start = false;
  bool pin_data = false;
  bool adaptive_readahead = false;
  bool background_purge_on_iterator_cleanup = false;
  bool auto_readahead_size = true;
  bool allow_unprepared_value = false;
  bool auto_refresh_iterator_with_snapshot = false;
  Env::IOActivity io_activity = Env::IOActivity::kUnknown;
  const std::string* request_id = nullptr;

  ReadOptions() = default;
  ReadOptions(bool _verify_checksums, bool _fill_cache) : verify_checksums(_verify_checksums), fill_cache(_fill_cache) {}
  explicit ReadOptions(Env::IOActivity _io_activity) : io_activity(_io_activity) {}
};

struct WriteOptions {
  bool sync = false;
  bool disableWAL = false;
  bool ignore_missing_column_families = false;
  bool no_slowdown = false;
  bool low_pri = false;
  bool memtable_insert_hint_per_batch = false;
  Env::IOPriority rate_limiter_priority = Env::IO_TOTAL;
  size_t protection_bytes_per_key = 0;
  Env::IOActivity io_activity = Env::IOActivity::kUnknown;

  WriteOptions() = default;
  explicit WriteOptions(Env::IOActivity _io_activity) : io_activity(_io_activity) {}
  explicit WriteOptions(Env::IOPriority _rate_limiter_priority, Env::IOActivity _io_activity = Env::IOActivity::kUnknown)
      : rate_limiter_priority(_rate_limiter_priority), io_activity(_io_activity) {}
};

struct FlushOptions {
  bool wait;
  bool allow_write_stall;
  bool force_atomic_flush;
  bool listener_wait;
  FlushOptions() : wait(true), allow_write_stall(false), force_atomic_flush(false), listener_wait(false) {}
};

struct FlushWALOptions {
  bool sync;
  Env::IOPriority rate_limiter_priority;
  FlushWALOptions() : sync(false), rate_limiter_priority(Env::IO_TOTAL) {}
};

struct CompactionOptions {
  CompressionType compression;
  uint64_t output_file_size_limit;
  uint32_t max_subcompactions;
  std::atomic<bool>* canceled;
  Temperature output_temperature_override = Temperature::kUnknown;
  bool allow_trivial_move;
  CompactionOptions()
      : compression(kDisableCompressionOption),
        output_file_size_limit(std::numeric_limits<uint64_t>::max()),
        max_subcompactions(0),
        canceled(nullptr),
        allow_trivial_move(false) {}
};

enum class BottommostLevelCompaction { kSkip, kIfHaveCompactionFilter, kForce, kForceOptimized };

enum class BlobGarbageCollectionPolicy { kForce, kDisable, kUseDefault };

struct CompactRangeOptions {
  bool exclusive_manual_compaction = false;
  bool change_level = false;
  int target_level = -1;
  uint32_t target_path_id = 0;
  BottommostLevelCompaction bottommost_level_compaction = BottommostLevelCompaction::kIfHaveCompactionFilter;
  bool allow_write_stall = false;
  uint32_t max_subcompactions = 0;
  const Slice* full_history_ts_low = nullptr;
  std::atomic<bool>* canceled = nullptr;
  BlobGarbageCollectionPolicy blob_garbage_collection_policy = BlobGarbageCollectionPolicy::kUseDefault;
  double blob_garbage_collection_age_cutoff = -1;
};

struct IngestExternalFileOptions {
  bool move_files = false;
  bool link_files = false;
  bool failed_move_fall_back_to_copy = true;
  bool snapshot_consistency = true;
  bool allow_global_seqno = true;
  bool allow_blocking_flush = true;
  bool ingest_behind = false;
  bool write_global_seqno = false;
  bool verify_checksums_before_ingest = false;
  size_t verify_checksums_readahead_size = 0;
  bool verify_file_checksum = true;
  bool fail_if_not_bottommost_level = false;
  bool allow_db_generated_files = false;
  bool fill_cache = true;
};

struct WaitForCompactOptions {
  bool abort_on_pause = false;
  bool flush = false;
  bool wait_for_purge = false;
  bool close_db = false;
  std::chrono::microseconds timeout = std::chrono::microseconds::zero();
};

// A key range [start, limit).
struct Range {
  Slice start;
  Slice limit;
  Range() {}
  Range(const Slice& s, const Slice& l) : start(s), limit(l) {}
};

// A key range whose ends may be absent (before the first key / after the last).
struct RangeOpt {
  OptSlice start;
  OptSlice limit;
  RangeOpt() {}
  RangeOpt(const OptSlice& s, const OptSlice& l) : start(s), limit(l) {}
};

struct RangePtr {
  const Slice* start;
  const Slice* limit;
  RangePtr() : start(nullptr), limit(nullptr) {}
  RangePtr(const Slice* s, const Slice* l) : start(s), limit(l) {}
};

struct SizeApproximationOptions {
  bool include_memtables = false;
  bool include_files = true;
  bool include_blob_files = false;
  double files_size_error_margin = -1.0;
};

}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/options_presets.h"
