// ferrock's C++ API, implementation: the translation of the option structs of
// options.h, table.h and advanced_options.h into c.h's option objects. Every
// public field of DBOptions, ColumnFamilyOptions (with AdvancedColumnFamilyOptions),
// BlockBasedTableOptions, ReadOptions and WriteOptions is named here: either it
// is set through its c.h setter, or c.h has no way to carry it and the call
// answers NotSupported naming the field unless the field keeps its default
// (bindings/cpp/tools/check_options_coverage.py checks that none is forgotten).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/c.h"
#include "rocksdb/cache.h"
#include "rocksdb/compaction_filter.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/impl/callbacks.h"
#include "rocksdb/memtablerep.h"
#include "rocksdb/merge_operator.h"
#include "rocksdb/options.h"
#include "rocksdb/slice_transform.h"
#include "rocksdb/table.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

// C objects the engine uses without owning them (comparators, shared compaction filters,
// logger state): destroyed after the database that uses them is closed.
class BorrowedCObjects {
 public:
  BorrowedCObjects() = default;
  BorrowedCObjects(const BorrowedCObjects&) = delete;
  BorrowedCObjects& operator=(const BorrowedCObjects&) = delete;
  ~BorrowedCObjects() { DestroyAll(); }
  void Add(std::function<void()> destroy) { destroyers_.push_back(std::move(destroy)); }
  void Append(BorrowedCObjects&& other) {
    for (auto& d : other.destroyers_) destroyers_.push_back(std::move(d));
    other.destroyers_.clear();
  }
  void DestroyAll() {
    for (auto& d : destroyers_) d();
    destroyers_.clear();
  }

 private:
  std::vector<std::function<void()>> destroyers_;
};

inline Status Unsupported(const std::string& field, const std::string& why) {
  return Status::NotSupported(field, why);
}

// Field `f` of `o` must keep the value it has in `d` (c.h cannot carry another).
#define FERROCK_DEFAULT_ONLY(prefix, f, why) \
  if (!(o.f == d.f)) return Unsupported(std::string(prefix) + #f, why)

inline Status TableOptionsToC(const BlockBasedTableOptions& o, rocksdb_block_based_table_options_t* c) {
  static const BlockBasedTableOptions d;
  rocksdb_block_based_options_set_cache_index_and_filter_blocks(c, o.cache_index_and_filter_blocks);
  rocksdb_block_based_options_set_cache_index_and_filter_blocks_with_high_priority(
      c, o.cache_index_and_filter_blocks_with_high_priority);
  rocksdb_block_based_options_set_pin_l0_filter_and_index_blocks_in_cache(c, o.pin_l0_filter_and_index_blocks_in_cache);
  rocksdb_block_based_options_set_pin_top_level_index_and_filter(c, o.pin_top_level_index_and_filter);
  rocksdb_block_based_options_set_top_level_index_pinning_tier(c, static_cast<int>(o.metadata_cache_options.top_level_index_pinning));
  rocksdb_block_based_options_set_partition_pinning_tier(c, static_cast<int>(o.metadata_cache_options.partition_pinning));
  rocksdb_block_based_options_set_unpartitioned_pinning_tier(c, static_cast<int>(o.metadata_cache_options.unpartitioned_pinning));
  rocksdb_block_based_options_set_index_type(c, static_cast<int>(o.index_type));
  rocksdb_block_based_options_set_index_block_search_type(c, static_cast<int>(o.index_block_search_type));
  rocksdb_block_based_options_set_data_block_index_type(c, static_cast<int>(o.data_block_index_type));
  rocksdb_block_based_options_set_data_block_hash_ratio(c, o.data_block_hash_table_util_ratio);
  rocksdb_block_based_options_set_checksum(c, static_cast<char>(o.checksum));
  rocksdb_block_based_options_set_no_block_cache(c, o.no_block_cache);
  if (o.block_cache != nullptr) rocksdb_block_based_options_set_block_cache(c, o.block_cache->ferrock_c_cache());
  rocksdb_block_based_options_set_block_size(c, o.block_size);
  rocksdb_block_based_options_set_block_size_deviation(c, o.block_size_deviation);
  rocksdb_block_based_options_set_block_restart_interval(c, o.block_restart_interval);
  rocksdb_block_based_options_set_index_block_restart_interval(c, o.index_block_restart_interval);
  rocksdb_block_based_options_set_metadata_block_size(c, o.metadata_block_size);
  rocksdb_block_based_options_set_partition_filters(c, o.partition_filters);
  rocksdb_block_based_options_set_decouple_partitioned_filters(c, o.decouple_partitioned_filters);
  rocksdb_block_based_options_set_optimize_filters_for_memory(c, o.optimize_filters_for_memory);
  rocksdb_block_based_options_set_use_delta_encoding(c, o.use_delta_encoding);
  if (o.filter_policy != nullptr) {
    // The table options take the C policy over.
    const FilterPolicy& p = *o.filter_policy;
    rocksdb_filterpolicy_t* fp =
        p.ferrock_kind() == FilterPolicy::FerrockKind::kBloom
            ? rocksdb_filterpolicy_create_bloom_full(p.ferrock_bits_per_key())
            : rocksdb_filterpolicy_create_ribbon_hybrid(p.ferrock_bits_per_key(), p.ferrock_bloom_before_level());
    if (fp == nullptr) return Unsupported("BlockBasedTableOptions::filter_policy", p.Name());
    rocksdb_block_based_options_set_filter_policy(c, fp);
  }
  rocksdb_block_based_options_set_use_udi_as_primary_index(c, o.use_udi_as_primary_index);
  rocksdb_block_based_options_set_fail_if_no_udi_on_open(c, o.fail_if_no_udi_on_open);
  rocksdb_block_based_options_set_whole_key_filtering(c, o.whole_key_filtering);
  rocksdb_block_based_options_set_detect_filter_construct_corruption(c, o.detect_filter_construct_corruption);
  rocksdb_block_based_options_set_verify_compression(c, o.verify_compression);
  rocksdb_block_based_options_set_read_amp_bytes_per_bit(c, o.read_amp_bytes_per_bit);
  rocksdb_block_based_options_set_format_version(c, static_cast<int>(o.format_version));
  rocksdb_block_based_options_set_separate_key_value_in_data_block(c, o.separate_key_value_in_data_block);
  rocksdb_block_based_options_set_uniform_cv_threshold(c, o.uniform_cv_threshold);
  rocksdb_block_based_options_set_enable_index_compression(c, o.enable_index_compression);
  rocksdb_block_based_options_set_block_align(c, o.block_align);
  rocksdb_block_based_options_set_super_block_alignment_size(c, o.super_block_alignment_size);
  rocksdb_block_based_options_set_super_block_alignment_space_overhead_ratio(c, o.super_block_alignment_space_overhead_ratio);
  rocksdb_block_based_options_set_index_shortening(c, static_cast<int>(o.index_shortening));
  rocksdb_block_based_options_set_max_auto_readahead_size(c, o.max_auto_readahead_size);
  rocksdb_block_based_options_set_prepopulate_block_cache(c, static_cast<int>(o.prepopulate_block_cache));
  rocksdb_block_based_options_set_initial_auto_readahead_size(c, o.initial_auto_readahead_size);
  rocksdb_block_based_options_set_num_file_reads_for_auto_readahead(c, o.num_file_reads_for_auto_readahead);
  (void)d;
  return Status::OK();
}

inline Status DBOptionsToC(const DBOptions& o, rocksdb_options_t* c, BorrowedCObjects* borrowed,
                           ListenerTarget* listener_target) {
  static const DBOptions d;
  const char* p = "DBOptions::";
  rocksdb_options_set_create_if_missing(c, o.create_if_missing);
  rocksdb_options_set_create_missing_column_families(c, o.create_missing_column_families);
  rocksdb_options_set_error_if_exists(c, o.error_if_exists);
  rocksdb_options_set_paranoid_checks(c, o.paranoid_checks);
  rocksdb_options_set_flush_verify_memtable_count(c, o.flush_verify_memtable_count);
  rocksdb_options_set_compaction_verify_record_count(c, o.compaction_verify_record_count);
  rocksdb_options_set_track_and_verify_wals_in_manifest(c, o.track_and_verify_wals_in_manifest);
  rocksdb_options_set_track_and_verify_wals(c, o.track_and_verify_wals);
  rocksdb_options_set_verify_sst_unique_id_in_manifest(c, o.verify_sst_unique_id_in_manifest);
  if (o.env != Env::Default()) return Unsupported(std::string(p) + "env", "only Env::Default() (c.h has no callback environment)");
  rocksdb_options_set_env(c, CDefaultEnv());
  if (o.rate_limiter != nullptr) return Unsupported(std::string(p) + "rate_limiter", "ferrock has no rate limiter yet");
  if (o.sst_file_manager != nullptr) return Unsupported(std::string(p) + "sst_file_manager", "ferrock has no SstFileManager yet");
  if (o.info_log != nullptr) {
    auto* priv = new std::shared_ptr<Logger>(o.info_log);
    rocksdb_logger_t* l = rocksdb_logger_create_callback_logger(static_cast<int>(o.info_log->GetInfoLogLevel()), &LoggerWrite, priv);
    rocksdb_options_set_info_log(c, l);
    rocksdb_logger_destroy(l);
    borrowed->Add([priv] { delete priv; });
  }
  rocksdb_options_set_info_log_level(c, static_cast<int>(o.info_log_level));
  rocksdb_options_set_max_open_files(c, o.max_open_files);
  rocksdb_options_set_max_file_opening_threads(c, o.max_file_opening_threads);
  rocksdb_options_set_max_total_wal_size(c, o.max_total_wal_size);
  if (o.statistics != nullptr) rocksdb_options_enable_statistics(c);
  rocksdb_options_set_use_fsync(c, o.use_fsync);
  if (!o.db_paths.empty()) return Unsupported(std::string(p) + "db_paths", "ferrock keeps every file in the database directory");
  rocksdb_options_set_db_log_dir(c, o.db_log_dir.c_str());
  rocksdb_options_set_wal_dir(c, o.wal_dir.c_str());
  rocksdb_options_set_delete_obsolete_files_period_micros(c, o.delete_obsolete_files_period_micros);
  rocksdb_options_set_max_background_jobs(c, o.max_background_jobs);
  rocksdb_options_set_max_background_compactions(c, o.max_background_compactions);
  rocksdb_options_set_max_subcompactions(c, o.max_subcompactions);
  rocksdb_options_set_max_background_flushes(c, o.max_background_flushes);
  rocksdb_options_set_max_log_file_size(c, o.max_log_file_size);
  rocksdb_options_set_log_file_time_to_roll(c, o.log_file_time_to_roll);
  rocksdb_options_set_keep_log_file_num(c, o.keep_log_file_num);
  rocksdb_options_set_recycle_log_file_num(c, o.recycle_log_file_num);
  rocksdb_options_set_max_manifest_file_size(c, static_cast<size_t>(o.max_manifest_file_size));
  rocksdb_options_set_table_cache_numshardbits(c, o.table_cache_numshardbits);
  rocksdb_options_set_WAL_ttl_seconds(c, o.WAL_ttl_seconds);
  rocksdb_options_set_WAL_size_limit_MB(c, o.WAL_size_limit_MB);
  rocksdb_options_set_manifest_preallocation_size(c, o.manifest_preallocation_size);
  rocksdb_options_set_allow_mmap_reads(c, o.allow_mmap_reads);
  rocksdb_options_set_allow_mmap_writes(c, o.allow_mmap_writes);
  rocksdb_options_set_use_direct_reads(c, o.use_direct_reads);
  rocksdb_options_set_use_direct_io_for_flush_and_compaction(c, o.use_direct_io_for_flush_and_compaction);
  rocksdb_options_set_allow_fallocate(c, o.allow_fallocate);
  rocksdb_options_set_is_fd_close_on_exec(c, o.is_fd_close_on_exec);
  rocksdb_options_set_stats_dump_period_sec(c, o.stats_dump_period_sec);
  rocksdb_options_set_stats_persist_period_sec(c, o.stats_persist_period_sec);
  rocksdb_options_set_persist_stats_to_disk(c, o.persist_stats_to_disk);
  rocksdb_options_set_stats_history_buffer_size(c, o.stats_history_buffer_size);
  rocksdb_options_set_advise_random_on_open(c, o.advise_random_on_open);
  rocksdb_options_set_db_write_buffer_size(c, o.db_write_buffer_size);
  if (o.write_buffer_manager != nullptr) {
    return Unsupported(std::string(p) + "write_buffer_manager", "ferrock has no WriteBufferManager yet");
  }
  rocksdb_options_compaction_readahead_size(c, o.compaction_readahead_size);
  rocksdb_options_set_writable_file_max_buffer_size(c, o.writable_file_max_buffer_size);
  rocksdb_options_set_use_adaptive_mutex(c, o.use_adaptive_mutex);
  rocksdb_options_set_bytes_per_sync(c, o.bytes_per_sync);
  rocksdb_options_set_wal_bytes_per_sync(c, o.wal_bytes_per_sync);
  rocksdb_options_set_strict_bytes_per_sync(c, o.strict_bytes_per_sync);
  // The database's own tracker of running compactions (metadata's being_compacted) comes first.
  if (listener_target != nullptr) {
    rocksdb_options_add_eventlistener(c, NewCEventListener(nullptr, listener_target));
    for (const std::shared_ptr<EventListener>& l : o.listeners) {
      if (l != nullptr) rocksdb_options_add_eventlistener(c, NewCEventListener(l, listener_target));
    }
  }
  rocksdb_options_set_enable_thread_tracking(c, o.enable_thread_tracking);
  rocksdb_options_set_delayed_write_rate(c, o.delayed_write_rate);
  rocksdb_options_set_enable_pipelined_write(c, o.enable_pipelined_write);
  rocksdb_options_set_unordered_write(c, o.unordered_write);
  rocksdb_options_set_allow_concurrent_memtable_write(c, o.allow_concurrent_memtable_write);
  rocksdb_options_set_enable_write_thread_adaptive_yield(c, o.enable_write_thread_adaptive_yield);
  rocksdb_options_set_max_write_batch_group_size_bytes(c, o.max_write_batch_group_size_bytes);
  rocksdb_options_set_write_thread_max_yield_usec(c, o.write_thread_max_yield_usec);
  rocksdb_options_set_write_thread_slow_yield_usec(c, o.write_thread_slow_yield_usec);
  rocksdb_options_set_skip_stats_update_on_db_open(c, o.skip_stats_update_on_db_open);
  rocksdb_options_set_wal_recovery_mode(c, static_cast<int>(o.wal_recovery_mode));
  rocksdb_options_set_allow_2pc(c, o.allow_2pc);
  if (o.row_cache != nullptr) rocksdb_options_set_row_cache(c, o.row_cache->ferrock_c_cache());
  if (o.wal_filter != nullptr) return Unsupported(std::string(p) + "wal_filter", "no C++ WalFilter adapter yet");
  rocksdb_options_set_dump_malloc_stats(c, o.dump_malloc_stats);
  rocksdb_options_set_avoid_flush_during_recovery(c, o.avoid_flush_during_recovery);
  rocksdb_options_set_avoid_flush_during_shutdown(c, o.avoid_flush_during_shutdown);
  rocksdb_options_set_allow_ingest_behind(c, o.allow_ingest_behind);
  rocksdb_options_set_two_write_queues(c, o.two_write_queues);
  rocksdb_options_set_manual_wal_flush(c, o.manual_wal_flush);
  rocksdb_options_set_wal_compression(c, static_cast<int>(o.wal_compression));
  rocksdb_options_set_background_close_inactive_wals(c, o.background_close_inactive_wals);
  rocksdb_options_set_atomic_flush(c, o.atomic_flush);
  rocksdb_options_set_avoid_unnecessary_blocking_io(c, o.avoid_unnecessary_blocking_io);
  rocksdb_options_set_write_dbid_to_manifest(c, o.write_dbid_to_manifest);
  rocksdb_options_set_write_identity_file(c, o.write_identity_file);
  rocksdb_options_set_prefix_seek_opt_in_only(c, o.prefix_seek_opt_in_only);
  rocksdb_options_set_log_readahead_size(c, o.log_readahead_size);
  rocksdb_options_set_best_efforts_recovery(c, o.best_efforts_recovery);
  rocksdb_options_set_max_bgerror_resume_count(c, o.max_bgerror_resume_count);
  rocksdb_options_set_bgerror_resume_retry_interval(c, o.bgerror_resume_retry_interval);
  rocksdb_options_set_allow_data_in_errors(c, o.allow_data_in_errors);
  rocksdb_options_set_db_host_id(c, o.db_host_id.c_str());
  rocksdb_options_set_lowest_used_cache_tier(c, static_cast<int>(o.lowest_used_cache_tier));
  rocksdb_options_set_enforce_single_del_contracts(c, o.enforce_single_del_contracts);
  rocksdb_options_set_daily_offpeak_time_utc(c, o.daily_offpeak_time_utc.c_str());
  rocksdb_options_set_metadata_write_temperature(c, static_cast<int>(o.metadata_write_temperature));
  rocksdb_options_set_wal_write_temperature(c, static_cast<int>(o.wal_write_temperature));
  (void)d;
  return Status::OK();
}

inline Status CompressionOptionsToC(const CompressionOptions& o, rocksdb_options_t* c, bool bottommost) {
  static const CompressionOptions d;
  const std::string p = bottommost ? "ColumnFamilyOptions::bottommost_compression_opts." : "ColumnFamilyOptions::compression_opts.";
  FERROCK_DEFAULT_ONLY(p, max_compressed_bytes_per_kb, "c.h has no setter");
  FERROCK_DEFAULT_ONLY(p, checksum, "c.h has no setter");
  if (bottommost) {
    FERROCK_DEFAULT_ONLY(p, parallel_threads, "c.h has no setter for the bottommost level");
    rocksdb_options_set_bottommost_compression_options(c, o.window_bits, o.level, o.strategy,
                                                       static_cast<int>(o.max_dict_bytes), o.enabled);
    rocksdb_options_set_bottommost_compression_options_zstd_max_train_bytes(c, static_cast<int>(o.zstd_max_train_bytes), o.enabled);
    rocksdb_options_set_bottommost_compression_options_max_dict_buffer_bytes(c, o.max_dict_buffer_bytes, o.enabled);
    rocksdb_options_set_bottommost_compression_options_use_zstd_dict_trainer(c, o.use_zstd_dict_trainer, o.enabled);
  } else {
    FERROCK_DEFAULT_ONLY(p, enabled, "c.h's setter is for bottommost_compression_opts only");
    rocksdb_options_set_compression_options(c, o.window_bits, o.level, o.strategy, static_cast<int>(o.max_dict_bytes));
    rocksdb_options_set_compression_options_zstd_max_train_bytes(c, static_cast<int>(o.zstd_max_train_bytes));
    rocksdb_options_set_compression_options_max_dict_buffer_bytes(c, o.max_dict_buffer_bytes);
    rocksdb_options_set_compression_options_use_zstd_dict_trainer(c, o.use_zstd_dict_trainer);
    rocksdb_options_set_compression_options_parallel_threads(c, static_cast<int>(o.parallel_threads));
  }
  return Status::OK();
}

inline Status CFOptionsToC(const ColumnFamilyOptions& o, rocksdb_options_t* c, BorrowedCObjects* borrowed) {
  static const ColumnFamilyOptions d;
  const std::string p = "ColumnFamilyOptions::";
  if (o.comparator == nullptr) return Status::InvalidArgument("ColumnFamilyOptions::comparator is null");
  if (o.comparator != BytewiseComparator()) {
    if (o.comparator->timestamp_size() != 0) {
      return Unsupported(p + "comparator", "user-defined timestamps are not supported by ferrock");
    }
    rocksdb_comparator_t* cmp = NewCComparator(o.comparator);
    rocksdb_options_set_comparator(c, cmp);
    borrowed->Add([cmp] { rocksdb_comparator_destroy(cmp); });
  }
  if (o.merge_operator != nullptr) rocksdb_options_set_merge_operator(c, NewCMergeOperator(o.merge_operator));
  if (o.compaction_filter != nullptr) {
    rocksdb_compactionfilter_t* f = NewCCompactionFilter(o.compaction_filter);
    rocksdb_options_set_compaction_filter(c, f);
    borrowed->Add([f] { rocksdb_compactionfilter_destroy(f); });
  }
  if (o.compaction_filter_factory != nullptr) {
    rocksdb_options_set_compaction_filter_factory(c, NewCCompactionFilterFactory(o.compaction_filter_factory));
  }
  rocksdb_options_set_write_buffer_size(c, o.write_buffer_size);
  rocksdb_options_set_compression(c, static_cast<int>(o.compression));
  rocksdb_options_set_bottommost_compression(c, static_cast<int>(o.bottommost_compression));
  Status s = CompressionOptionsToC(o.bottommost_compression_opts, c, true);
  if (!s.ok()) return s;
  s = CompressionOptionsToC(o.compression_opts, c, false);
  if (!s.ok()) return s;
  rocksdb_options_set_level0_file_num_compaction_trigger(c, o.level0_file_num_compaction_trigger);
  if (o.prefix_extractor != nullptr) rocksdb_options_set_prefix_extractor(c, NewCSliceTransform(o.prefix_extractor));
  rocksdb_options_set_max_bytes_for_level_base(c, o.max_bytes_for_level_base);
  rocksdb_options_set_disable_auto_compactions(c, o.disable_auto_compactions);
  if (o.table_factory != nullptr) {
    BlockBasedTableOptions* t = o.table_factory->ferrock_block_based_options();
    if (t == nullptr) return Unsupported(p + "table_factory", std::string(o.table_factory->Name()) + " (ferrock writes block-based tables)");
    rocksdb_block_based_table_options_t* ct = rocksdb_block_based_options_create();
    s = TableOptionsToC(*t, ct);
    if (s.ok()) rocksdb_options_set_block_based_table_factory(c, ct);
    rocksdb_block_based_options_destroy(ct);
    if (!s.ok()) return s;
  }
  if (!o.cf_paths.empty()) return Unsupported(p + "cf_paths", "ferrock keeps every file in the database directory");
  rocksdb_options_set_memtable_max_range_deletions(c, o.memtable_max_range_deletions);
  rocksdb_options_set_uncache_aggressiveness(c, o.uncache_aggressiveness);

  rocksdb_options_set_max_write_buffer_number(c, o.max_write_buffer_number);
  rocksdb_options_set_min_write_buffer_number_to_merge(c, o.min_write_buffer_number_to_merge);
  rocksdb_options_set_max_write_buffer_size_to_maintain(c, o.max_write_buffer_size_to_maintain);
  rocksdb_options_set_inplace_update_support(c, o.inplace_update_support);
  rocksdb_options_set_inplace_update_num_locks(c, o.inplace_update_num_locks);
  rocksdb_options_set_experimental_mempurge_threshold(c, o.experimental_mempurge_threshold);
  rocksdb_options_set_memtable_prefix_bloom_size_ratio(c, o.memtable_prefix_bloom_size_ratio);
  rocksdb_options_set_memtable_whole_key_filtering(c, o.memtable_whole_key_filtering);
  rocksdb_options_set_memtable_huge_page_size(c, o.memtable_huge_page_size);
  rocksdb_options_set_bloom_locality(c, o.bloom_locality);
  rocksdb_options_set_arena_block_size(c, o.arena_block_size);
  rocksdb_options_set_num_levels(c, o.num_levels);
  if (!o.compression_per_level.empty()) {
    std::vector<int> levels(o.compression_per_level.begin(), o.compression_per_level.end());
    rocksdb_options_set_compression_per_level(c, levels.data(), levels.size());
  }
  rocksdb_options_set_level0_slowdown_writes_trigger(c, o.level0_slowdown_writes_trigger);
  rocksdb_options_set_level0_stop_writes_trigger(c, o.level0_stop_writes_trigger);
  rocksdb_options_set_target_file_size_base(c, o.target_file_size_base);
  rocksdb_options_set_target_file_size_multiplier(c, o.target_file_size_multiplier);
  rocksdb_options_set_target_file_size_is_upper_bound(c, o.target_file_size_is_upper_bound);
  rocksdb_options_set_level_compaction_dynamic_level_bytes(c, o.level_compaction_dynamic_level_bytes);
  rocksdb_options_set_max_bytes_for_level_multiplier(c, o.max_bytes_for_level_multiplier);
  {
    std::vector<int> additional = o.max_bytes_for_level_multiplier_additional;
    rocksdb_options_set_max_bytes_for_level_multiplier_additional(c, additional.data(), additional.size());
  }
  rocksdb_options_set_max_compaction_bytes(c, o.max_compaction_bytes);
  rocksdb_options_set_soft_pending_compaction_bytes_limit(c, static_cast<size_t>(o.soft_pending_compaction_bytes_limit));
  rocksdb_options_set_hard_pending_compaction_bytes_limit(c, static_cast<size_t>(o.hard_pending_compaction_bytes_limit));
  rocksdb_options_set_compaction_style(c, static_cast<int>(o.compaction_style));
  rocksdb_options_set_compaction_pri(c, static_cast<int>(o.compaction_pri));
  // ferrock compacts level-style whatever compaction_style says (as its c.h does for
  // universal), so the universal knobs have nothing to steer; c.h's universal options
  // object is not created by ferrock.
  (void)o.compaction_options_universal;
  FERROCK_DEFAULT_ONLY(p, compaction_options_fifo, "FIFO compaction is not implemented by ferrock");
  rocksdb_options_set_max_sequential_skip_in_iterations(c, o.max_sequential_skip_in_iterations);
  if (o.memtable_factory != nullptr) {
    switch (o.memtable_factory->ferrock_kind()) {
      case MemTableRepFactory::FerrockKind::kSkipList: break;  // the engine's default
      case MemTableRepFactory::FerrockKind::kVector: rocksdb_options_set_memtable_vector_rep(c); break;
      case MemTableRepFactory::FerrockKind::kHashSkipList: {
        auto* f = static_cast<const HashSkipListRepFactory*>(o.memtable_factory.get());
        rocksdb_options_set_hash_skip_list_rep(c, f->bucket_count, f->skiplist_height, f->skiplist_branching_factor);
        break;
      }
      case MemTableRepFactory::FerrockKind::kHashLinkList: {
        auto* f = static_cast<const HashLinkListRepFactory*>(o.memtable_factory.get());
        if (!f->other_knobs_default) {
          return Unsupported(p + "memtable_factory", "NewHashLinkListRepFactory takes only bucket_count over c.h");
        }
        rocksdb_options_set_hash_link_list_rep(c, f->bucket_count);
        break;
      }
      default: return Unsupported(p + "memtable_factory", std::string(o.memtable_factory->Name()) + " (c.h has no callback memtable)");
    }
  }
  rocksdb_options_set_max_successive_merges(c, o.max_successive_merges);
  rocksdb_options_set_strict_max_successive_merges(c, o.strict_max_successive_merges);
  rocksdb_options_set_optimize_filters_for_hits(c, o.optimize_filters_for_hits);
  rocksdb_options_set_paranoid_file_checks(c, o.paranoid_file_checks);
  rocksdb_options_set_force_consistency_checks(c, o.force_consistency_checks);
  rocksdb_options_set_report_bg_io_stats(c, o.report_bg_io_stats);
  rocksdb_options_set_disallow_memtable_writes(c, o.disallow_memtable_writes);
  rocksdb_options_set_ttl(c, o.ttl);
  rocksdb_options_set_periodic_compaction_seconds(c, o.periodic_compaction_seconds);
  rocksdb_options_set_sample_for_compression(c, o.sample_for_compression);
  rocksdb_options_set_last_level_temperature(c, static_cast<int>(o.last_level_temperature));
  rocksdb_options_set_default_write_temperature(c, static_cast<int>(o.default_write_temperature));
  rocksdb_options_set_default_temperature(c, static_cast<int>(o.default_temperature));
  rocksdb_options_set_preclude_last_level_data_seconds(c, o.preclude_last_level_data_seconds);
  rocksdb_options_set_preserve_internal_time_seconds(c, o.preserve_internal_time_seconds);
  rocksdb_options_set_enable_blob_files(c, o.enable_blob_files);
  rocksdb_options_set_min_blob_size(c, o.min_blob_size);
  rocksdb_options_set_blob_file_size(c, o.blob_file_size);
  rocksdb_options_set_blob_compression_type(c, static_cast<int>(o.blob_compression_type));
  rocksdb_options_set_enable_blob_gc(c, o.enable_blob_garbage_collection);
  rocksdb_options_set_blob_gc_age_cutoff(c, o.blob_garbage_collection_age_cutoff);
  rocksdb_options_set_blob_gc_force_threshold(c, o.blob_garbage_collection_force_threshold);
  rocksdb_options_set_blob_compaction_readahead_size(c, o.blob_compaction_readahead_size);
  rocksdb_options_set_blob_file_starting_level(c, o.blob_file_starting_level);
  if (o.blob_cache != nullptr) rocksdb_options_set_blob_cache(c, o.blob_cache->ferrock_c_cache());
  rocksdb_options_set_prepopulate_blob_cache(c, static_cast<int>(o.prepopulate_blob_cache));
  rocksdb_options_set_memtable_protection_bytes_per_key(c, o.memtable_protection_bytes_per_key);
  rocksdb_options_set_persist_user_defined_timestamps(c, o.persist_user_defined_timestamps);
  rocksdb_options_set_block_protection_bytes_per_key(c, o.block_protection_bytes_per_key);
  rocksdb_options_set_bottommost_file_compaction_delay(c, o.bottommost_file_compaction_delay);
  rocksdb_options_set_paranoid_memory_checks(c, o.paranoid_memory_checks);
  rocksdb_options_set_memtable_verify_per_key_checksum_on_seek(c, o.memtable_verify_per_key_checksum_on_seek);
  rocksdb_options_set_memtable_op_scan_flush_trigger(c, o.memtable_op_scan_flush_trigger);
  rocksdb_options_set_memtable_avg_op_scan_flush_trigger(c, o.memtable_avg_op_scan_flush_trigger);
  rocksdb_options_set_cf_allow_ingest_behind(c, o.cf_allow_ingest_behind);
  (void)d;
  return Status::OK();
}

// A c.h options object for one call or open; destroyed with this holder.
class COptions {
 public:
  COptions() : c_(rocksdb_options_create()) {}
  COptions(const COptions&) = delete;
  COptions& operator=(const COptions&) = delete;
  ~COptions() { rocksdb_options_destroy(c_); }
  rocksdb_options_t* get() const { return c_; }

 private:
  rocksdb_options_t* c_;
};

// The c.h read options of `o`. Fields c.h has no setter for answer NotSupported when set.
inline Status ReadOptionsToC(const ReadOptions& o, rocksdb_readoptions_t* c);

// Whether `o` equals ReadOptions() in every field but the snapshot: then a read can use a
// c.h object translated once, with only its snapshot set (most reads; see ThreadReadOptions).
inline bool IsDefaultReadOptions(const ReadOptions& o) {
  static const ReadOptions d;
  return o.timestamp == nullptr && o.iter_start_ts == nullptr && o.deadline == d.deadline &&
         o.io_timeout == d.io_timeout && o.read_tier == d.read_tier && o.rate_limiter_priority == d.rate_limiter_priority &&
         o.value_size_soft_limit == d.value_size_soft_limit &&
         o.merge_operand_count_threshold == d.merge_operand_count_threshold && o.verify_checksums == d.verify_checksums &&
         o.fill_cache == d.fill_cache && o.ignore_range_deletions == d.ignore_range_deletions && o.async_io == d.async_io &&
         o.optimize_multiget_for_io == d.optimize_multiget_for_io && o.readahead_size == d.readahead_size &&
         o.max_skippable_internal_keys == d.max_skippable_internal_keys && o.iterate_lower_bound == nullptr &&
         o.iterate_upper_bound == nullptr && o.tailing == d.tailing && o.total_order_seek == d.total_order_seek &&
         o.auto_prefix_mode == d.auto_prefix_mode && o.prefix_same_as_start == d.prefix_same_as_start &&
         o.pin_data == d.pin_data && o.adaptive_readahead == d.adaptive_readahead &&
         o.background_purge_on_iterator_cleanup == d.background_purge_on_iterator_cleanup &&
         o.auto_readahead_size == d.auto_readahead_size && o.allow_unprepared_value == d.allow_unprepared_value &&
         o.auto_refresh_iterator_with_snapshot == d.auto_refresh_iterator_with_snapshot &&
         o.io_activity == d.io_activity && o.request_id == nullptr;
}

// Whether `o` equals WriteOptions() in every field (then no setter needs to run).
inline bool IsDefaultWriteOptions(const WriteOptions& o) {
  static const WriteOptions d;
  return o.sync == d.sync && o.disableWAL == d.disableWAL &&
         o.ignore_missing_column_families == d.ignore_missing_column_families && o.no_slowdown == d.no_slowdown &&
         o.low_pri == d.low_pri && o.memtable_insert_hint_per_batch == d.memtable_insert_hint_per_batch &&
         o.rate_limiter_priority == d.rate_limiter_priority && o.protection_bytes_per_key == d.protection_bytes_per_key &&
         o.io_activity == d.io_activity;
}

inline void WriteOptionsToC(const WriteOptions& o, rocksdb_writeoptions_t* c) {
  rocksdb_writeoptions_set_sync(c, o.sync);
  rocksdb_writeoptions_disable_WAL(c, o.disableWAL ? 1 : 0);
  rocksdb_writeoptions_set_ignore_missing_column_families(c, o.ignore_missing_column_families);
  rocksdb_writeoptions_set_no_slowdown(c, o.no_slowdown);
  rocksdb_writeoptions_set_low_pri(c, o.low_pri);
  rocksdb_writeoptions_set_memtable_insert_hint_per_batch(c, o.memtable_insert_hint_per_batch);
  rocksdb_writeoptions_set_rate_limiter_priority(c, static_cast<int>(o.rate_limiter_priority));
  rocksdb_writeoptions_set_protection_bytes_per_key(c, o.protection_bytes_per_key);
  rocksdb_writeoptions_set_io_activity(c, static_cast<int>(o.io_activity));
}

}  // namespace ferrock_impl
}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/snapshot_impl.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

inline Status ReadOptionsToC(const ReadOptions& o, rocksdb_readoptions_t* c) {
  if (o.timestamp != nullptr || o.iter_start_ts != nullptr) {
    return Unsupported("ReadOptions::timestamp", "user-defined timestamps are not supported by ferrock");
  }
  rocksdb_readoptions_set_snapshot(c, o.snapshot == nullptr ? nullptr : CSnapshotOf(o.snapshot));
  rocksdb_readoptions_set_deadline(c, static_cast<uint64_t>(o.deadline.count()));
  rocksdb_readoptions_set_io_timeout(c, static_cast<uint64_t>(o.io_timeout.count()));
  rocksdb_readoptions_set_read_tier(c, static_cast<int>(o.read_tier));
  rocksdb_readoptions_set_rate_limiter_priority(c, static_cast<int>(o.rate_limiter_priority));
  rocksdb_readoptions_set_value_size_soft_limit(c, o.value_size_soft_limit);
  if (o.merge_operand_count_threshold.has_value()) {
    rocksdb_readoptions_set_merge_operand_count_threshold(c, *o.merge_operand_count_threshold);
  } else {
    rocksdb_readoptions_clear_merge_operand_count_threshold(c);
  }
  rocksdb_readoptions_set_verify_checksums(c, o.verify_checksums);
  rocksdb_readoptions_set_fill_cache(c, o.fill_cache);
  rocksdb_readoptions_set_ignore_range_deletions(c, o.ignore_range_deletions);
  rocksdb_readoptions_set_async_io(c, o.async_io);
  rocksdb_readoptions_set_optimize_multiget_for_io(c, o.optimize_multiget_for_io);
  rocksdb_readoptions_set_readahead_size(c, o.readahead_size);
  rocksdb_readoptions_set_max_skippable_internal_keys(c, o.max_skippable_internal_keys);
  if (o.iterate_lower_bound != nullptr) {
    rocksdb_readoptions_set_iterate_lower_bound(c, o.iterate_lower_bound->data(), o.iterate_lower_bound->size());
  } else {
    rocksdb_readoptions_set_iterate_lower_bound(c, nullptr, 0);
  }
  if (o.iterate_upper_bound != nullptr) {
    rocksdb_readoptions_set_iterate_upper_bound(c, o.iterate_upper_bound->data(), o.iterate_upper_bound->size());
  } else {
    rocksdb_readoptions_set_iterate_upper_bound(c, nullptr, 0);
  }
  rocksdb_readoptions_set_tailing(c, o.tailing);
  rocksdb_readoptions_set_total_order_seek(c, o.total_order_seek);
  rocksdb_readoptions_set_auto_prefix_mode(c, o.auto_prefix_mode);
  rocksdb_readoptions_set_prefix_same_as_start(c, o.prefix_same_as_start);
  rocksdb_readoptions_set_pin_data(c, o.pin_data);
  rocksdb_readoptions_set_adaptive_readahead(c, o.adaptive_readahead);
  rocksdb_readoptions_set_background_purge_on_iterator_cleanup(c, o.background_purge_on_iterator_cleanup);
  rocksdb_readoptions_set_auto_readahead_size(c, o.auto_readahead_size);
  rocksdb_readoptions_set_allow_unprepared_value(c, o.allow_unprepared_value);
  rocksdb_readoptions_set_auto_refresh_iterator_with_snapshot(c, o.auto_refresh_iterator_with_snapshot);
  rocksdb_readoptions_set_io_activity(c, static_cast<int>(o.io_activity));
  if (o.request_id != nullptr) {
    rocksdb_readoptions_set_request_id(c, o.request_id->data(), o.request_id->size());
  } else {
    rocksdb_readoptions_set_request_id(c, nullptr, 0);
  }
  return Status::OK();
}

}  // namespace ferrock_impl
}  // namespace ROCKSDB_NAMESPACE
