// ferrock's C++ API: the block cache (Cache, NewLRUCache, LRUCacheOptions,
// HyperClockCacheOptions). A Cache here owns a c.h rocksdb_cache_t and is shared
// by every table options and database that uses it; the engine keeps the cache
// alive while a database still uses it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "rocksdb/c.h"
#include "rocksdb/customizable.h"

namespace ROCKSDB_NAMESPACE {

class MemoryAllocator;

enum CacheMetadataChargePolicy { kDontChargeCacheMetadata, kFullChargeCacheMetadata };
const CacheMetadataChargePolicy kDefaultCacheMetadataChargePolicy = kFullChargeCacheMetadata;

class Cache : public Customizable {
 public:
  explicit Cache(rocksdb_cache_t* c, const char* name) : c_(c), name_(name) {}
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;
  ~Cache() override { rocksdb_cache_destroy(c_); }

  static const char* Type() { return "Cache"; }
  const char* Name() const override { return name_; }

  void SetCapacity(size_t capacity) { rocksdb_cache_set_capacity(c_, capacity); }
  size_t GetCapacity() const { return rocksdb_cache_get_capacity(c_); }
  size_t GetUsage() const { return rocksdb_cache_get_usage(c_); }
  size_t GetPinnedUsage() const { return rocksdb_cache_get_pinned_usage(c_); }
  size_t GetOccupancyCount() const { return rocksdb_cache_get_occupancy_count(c_); }
  size_t GetTableAddressCount() const { return rocksdb_cache_get_table_address_count(c_); }
  void DisownData() { rocksdb_cache_disown_data(c_); }

  // The c.h cache behind this object (for the translation of options).
  rocksdb_cache_t* ferrock_c_cache() const { return c_; }

 private:
  rocksdb_cache_t* c_;
  const char* name_;
};

using BlockCache = Cache;
using RowCache = Cache;

struct ShardedCacheOptions {
  size_t capacity = 0;
  int num_shard_bits = -1;
  bool strict_capacity_limit = false;
  std::shared_ptr<MemoryAllocator> memory_allocator;
  CacheMetadataChargePolicy metadata_charge_policy = kDefaultCacheMetadataChargePolicy;

  ShardedCacheOptions() = default;
  ShardedCacheOptions(size_t _capacity, int _num_shard_bits, bool _strict_capacity_limit,
                      std::shared_ptr<MemoryAllocator> _memory_allocator = nullptr,
                      CacheMetadataChargePolicy _metadata_charge_policy = kDefaultCacheMetadataChargePolicy)
      : capacity(_capacity),
        num_shard_bits(_num_shard_bits),
        strict_capacity_limit(_strict_capacity_limit),
        memory_allocator(std::move(_memory_allocator)),
        metadata_charge_policy(_metadata_charge_policy) {}
  virtual ~ShardedCacheOptions() = default;
};

struct LRUCacheOptions : public ShardedCacheOptions {
  double high_pri_pool_ratio = 0.5;
  double low_pri_pool_ratio = 0.0;

  LRUCacheOptions() = default;
  LRUCacheOptions(size_t _capacity, int _num_shard_bits, bool _strict_capacity_limit, double _high_pri_pool_ratio,
                  std::shared_ptr<MemoryAllocator> _memory_allocator = nullptr,
                  bool /*_use_adaptive_mutex*/ = false,
                  CacheMetadataChargePolicy _metadata_charge_policy = kDefaultCacheMetadataChargePolicy,
                  double _low_pri_pool_ratio = 0.0)
      : ShardedCacheOptions(_capacity, _num_shard_bits, _strict_capacity_limit, std::move(_memory_allocator),
                            _metadata_charge_policy),
        high_pri_pool_ratio(_high_pri_pool_ratio),
        low_pri_pool_ratio(_low_pri_pool_ratio) {}

  // An LRU cache of c.h (rocksdb_cache_create_lru_opts with capacity and shard bits; a strict
  // capacity limit through rocksdb_cache_create_lru_with_strict_capacity_limit). c.h has no
  // setter for the priority pool ratios, which tune eviction only: ferrock's cache has no
  // priority pools (README, "Not yet supported").
  std::shared_ptr<Cache> MakeSharedCache() const {
    if (strict_capacity_limit) {
      return std::make_shared<Cache>(rocksdb_cache_create_lru_with_strict_capacity_limit(capacity), "LRUCache");
    }
    rocksdb_lru_cache_options_t* o = rocksdb_lru_cache_options_create();
    rocksdb_lru_cache_options_set_capacity(o, capacity);
    rocksdb_lru_cache_options_set_num_shard_bits(o, num_shard_bits);
    rocksdb_cache_t* c = rocksdb_cache_create_lru_opts(o);
    rocksdb_lru_cache_options_destroy(o);
    return std::make_shared<Cache>(c, "LRUCache");
  }
};

inline std::shared_ptr<Cache> NewLRUCache(size_t capacity, int num_shard_bits = -1, bool strict_capacity_limit = false,
                                          double high_pri_pool_ratio = 0.5,
                                          std::shared_ptr<MemoryAllocator> memory_allocator = nullptr,
                                          bool use_adaptive_mutex = false,
                                          CacheMetadataChargePolicy metadata_charge_policy = kDefaultCacheMetadataChargePolicy,
                                          double low_pri_pool_ratio = 0.0) {
  return LRUCacheOptions(capacity, num_shard_bits, strict_capacity_limit, high_pri_pool_ratio,
                         std::move(memory_allocator), use_adaptive_mutex, metadata_charge_policy, low_pri_pool_ratio)
      .MakeSharedCache();
}
inline std::shared_ptr<Cache> NewLRUCache(const LRUCacheOptions& cache_opts) { return cache_opts.MakeSharedCache(); }

struct HyperClockCacheOptions : public ShardedCacheOptions {
  size_t estimated_entry_charge;
  HyperClockCacheOptions(size_t _capacity, size_t _estimated_entry_charge, int _num_shard_bits = -1,
                         bool _strict_capacity_limit = false,
                         std::shared_ptr<MemoryAllocator> _memory_allocator = nullptr,
                         CacheMetadataChargePolicy _metadata_charge_policy = kDefaultCacheMetadataChargePolicy)
      : ShardedCacheOptions(_capacity, _num_shard_bits, _strict_capacity_limit, std::move(_memory_allocator),
                            _metadata_charge_policy),
        estimated_entry_charge(_estimated_entry_charge) {}

  // c.h's rocksdb_cache_create_hyper_clock(capacity, estimated_entry_charge); c.h takes these two only.
  std::shared_ptr<Cache> MakeSharedCache() const {
    return std::make_shared<Cache>(rocksdb_cache_create_hyper_clock(capacity, estimated_entry_charge),
                                   "HyperClockCache");
  }
};

}  // namespace ROCKSDB_NAMESPACE
