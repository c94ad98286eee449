// ferrock's C++ API: filter policies for block-based tables. Only RocksDB's
// built-ins exist over c.h (Bloom and Ribbon, rocksdb_filterpolicy_create_*);
// a FilterPolicy cannot be written by a program here, since c.h has no callback
// filter policy, so the class has no builder or reader interface to override.
#pragma once

#include <memory>
#include <string>

#include "rocksdb/customizable.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

class FilterPolicy : public Customizable {
 public:
  ~FilterPolicy() override = default;
  static const char* Type() { return "FilterPolicy"; }
  virtual const char* CompatibilityName() const = 0;

  // The built-in this is, and its parameters (for impl/options_to_c.h).
  enum class FerrockKind { kBloom, kRibbon };
  virtual FerrockKind ferrock_kind() const = 0;
  virtual double ferrock_bits_per_key() const = 0;
  virtual int ferrock_bloom_before_level() const { return 0; }

 protected:
  FilterPolicy() = default;
};

namespace ferrock_impl {

class BuiltinBloomFilterPolicy : public FilterPolicy {
 public:
  explicit BuiltinBloomFilterPolicy(double bits_per_key) : bits_per_key_(bits_per_key) {}
  static const char* kClassName() { return "bloomfilter"; }
  const char* Name() const override { return "bloomfilter"; }
  const char* CompatibilityName() const override { return "rocksdb.BuiltinBloomFilter"; }
  std::string GetId() const override { return "bloomfilter:" + std::to_string(bits_per_key_) + ":false"; }
  FerrockKind ferrock_kind() const override { return FerrockKind::kBloom; }
  double ferrock_bits_per_key() const override { return bits_per_key_; }

 private:
  double bits_per_key_;
};

class BuiltinRibbonFilterPolicy : public FilterPolicy {
 public:
  BuiltinRibbonFilterPolicy(double bits, int bloom_before_level) : bits_(bits), bloom_before_level_(bloom_before_level) {}
  static const char* kClassName() { return "ribbonfilter"; }
  const char* Name() const override { return "ribbonfilter"; }
  const char* CompatibilityName() const override { return "rocksdb.BuiltinBloomFilter"; }
  std::string GetId() const override {
    return "ribbonfilter:" + std::to_string(bits_) + ":" + std::to_string(bloom_before_level_);
  }
  FerrockKind ferrock_kind() const override { return FerrockKind::kRibbon; }
  double ferrock_bits_per_key() const override { return bits_; }
  int ferrock_bloom_before_level() const override { return bloom_before_level_; }

 private:
  double bits_;
  int bloom_before_level_;
};

}  // namespace ferrock_impl

// A full Bloom filter of bits_per_key bits per key (the block-based builder flag is ignored, as in RocksDB).
inline const FilterPolicy* NewBloomFilterPolicy(double bits_per_key, bool /*IGNORED_use_block_based_builder*/ = false) {
  return new ferrock_impl::BuiltinBloomFilterPolicy(bits_per_key);
}

inline FilterPolicy* NewRibbonFilterPolicy(double bloom_equivalent_bits_per_key, int bloom_before_level = 0) {
  return new ferrock_impl::BuiltinRibbonFilterPolicy(bloom_equivalent_bits_per_key, bloom_before_level);
}

}  // namespace ROCKSDB_NAMESPACE
