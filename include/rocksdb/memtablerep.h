// ferrock's C++ API: the memtable structures a program can ask for
// (MemTableRepFactory built-ins: skip list, vector, hash skip list, hash linked
// list). They reach the engine through c.h's rocksdb_options_set_*_rep; a
// factory of the program's own cannot, and makes Open answer NotSupported.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "rocksdb/customizable.h"

namespace ROCKSDB_NAMESPACE {

class MemTableRepFactory : public Customizable {
 public:
  ~MemTableRepFactory() override = default;
  static const char* Type() { return "MemTableRepFactory"; }
  virtual bool IsInsertConcurrentlySupported() const { return false; }
  virtual bool CanHandleDuplicatedKey() const { return false; }

  // Which built-in this is (impl/options_to_c.h translates it); kCustom for a program's own.
  enum class FerrockKind { kCustom, kSkipList, kVector, kHashSkipList, kHashLinkList };
  virtual FerrockKind ferrock_kind() const { return FerrockKind::kCustom; }
};

class SkipListFactory : public MemTableRepFactory {
 public:
  explicit SkipListFactory(size_t lookahead = 0) : lookahead_(lookahead) {}
  static const char* kClassName() { return "SkipListFactory"; }
  static const char* kNickName() { return "skip_list"; }
  const char* Name() const override { return kClassName(); }
  bool IsInsertConcurrentlySupported() const override { return true; }
  bool CanHandleDuplicatedKey() const override { return true; }
  FerrockKind ferrock_kind() const override { return FerrockKind::kSkipList; }
  size_t lookahead() const { return lookahead_; }

 private:
  size_t lookahead_;
};

class VectorRepFactory : public MemTableRepFactory {
 public:
  explicit VectorRepFactory(size_t count = 0) : count_(count) {}
  static const char* kClassName() { return "VectorRepFactory"; }
  static const char* kNickName() { return "vector"; }
  const char* Name() const override { return kClassName(); }
  FerrockKind ferrock_kind() const override { return FerrockKind::kVector; }

 private:
  size_t count_;
};

namespace ferrock_impl {

class HashSkipListRepFactory : public MemTableRepFactory {
 public:
  HashSkipListRepFactory(size_t buckets, int32_t height, int32_t branching)
      : bucket_count(buckets), skiplist_height(height), skiplist_branching_factor(branching) {}
  const char* Name() const override { return "HashSkipListRepFactory"; }
  FerrockKind ferrock_kind() const override { return FerrockKind::kHashSkipList; }
  size_t bucket_count;
  int32_t skiplist_height;
  int32_t skiplist_branching_factor;
};

class HashLinkListRepFactory : public MemTableRepFactory {
 public:
  HashLinkListRepFactory(size_t buckets, bool knobs_default)
      : bucket_count(buckets), other_knobs_default(knobs_default) {}
  const char* Name() const override { return "HashLinkListRepFactory"; }
  FerrockKind ferrock_kind() const override { return FerrockKind::kHashLinkList; }
  size_t bucket_count;
  bool other_knobs_default;  // c.h takes the bucket count only: Open refuses other settings
};

}  // namespace ferrock_impl

inline MemTableRepFactory* NewHashSkipListRepFactory(size_t bucket_count = 1000000, int32_t skiplist_height = 4,
                                                     int32_t skiplist_branching_factor = 4) {
  return new ferrock_impl::HashSkipListRepFactory(bucket_count, skiplist_height, skiplist_branching_factor);
}

// c.h's hash linked list takes the bucket count only, so Open refuses other values of the other knobs.
inline MemTableRepFactory* NewHashLinkListRepFactory(size_t bucket_count = 50000, size_t huge_page_tlb_size = 0,
                                                     int bucket_entries_logging_threshold = 4096,
                                                     bool if_log_bucket_dist_when_flash = true,
                                                     uint32_t threshold_use_skiplist = 256) {
  bool other_knobs_default = huge_page_tlb_size == 0 && bucket_entries_logging_threshold == 4096 &&
                             if_log_bucket_dist_when_flash && threshold_use_skiplist == 256;
  return new ferrock_impl::HashLinkListRepFactory(bucket_count, other_knobs_default);
}

}  // namespace ROCKSDB_NAMESPACE
