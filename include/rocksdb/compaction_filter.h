// ferrock's C++ API: CompactionFilter (drop or rewrite values, drop merge operands,
// as compactions pass over them) and CompactionFilterFactory (a filter per
// compaction). The engine calls them through ferrock_ext.h's
// ferrock_compactionfilter_create_with_merge_operand and c.h's
// rocksdb_compactionfilterfactory_create (impl/callbacks.h). The C filter answers
// keep/remove/change for values and keep/remove for operands, so the entry points
// that would need more (skip-until, wide columns, blob values: FilterV2/V3) are
// deleted: a program overriding them fails to compile instead of never being called.
#pragma once

#include <cassert>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rocksdb/customizable.h"
#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/types.h"
#include "rocksdb/wide_columns.h"

namespace ROCKSDB_NAMESPACE {

class SliceTransform;

class CompactionFilter : public Customizable {
 public:
  enum ValueType { kValue, kMergeOperand, kBlobIndex, kWideColumnEntity };

  enum class Decision {
    kKeep,
    kRemove,
    kChangeValue,
    kRemoveAndSkipUntil,
    kChangeBlobIndex,
    kIOError,
    kPurge,
    kChangeWideColumnEntity,
    kUndetermined,
  };

  enum class BlobDecision { kKeep, kChangeValue, kCorruption, kIOError };

  struct Context {
    bool is_full_compaction;
    bool is_manual_compaction;
    int input_start_level = kUnknownStartLevel;
    uint32_t column_family_id;
    TableFileCreationReason reason;
    TablePropertiesCollection input_table_properties;
    static const int kUnknownStartLevel = -1;
  };

  ~CompactionFilter() override = default;
  static const char* Type() { return "CompactionFilter"; }

  // Return true to remove the value; or set *new_value and *value_changed to replace it.
  virtual bool Filter(int /*level*/, const Slice& /*key*/, const Slice& /*existing_value*/,
                      std::string* /*new_value*/, bool* /*value_changed*/) const {
    return false;
  }

  // Return true to drop a merge operand (asked about each operand newer than every snapshot).
  virtual bool FilterMergeOperand(int /*level*/, const Slice& /*key*/, const Slice& /*operand*/) const {
    return false;
  }

  // Not available: the C filter answers keep, remove or change only, and sees no blob
  // indexes or entities. Override Filter and FilterMergeOperand instead.
  virtual Decision FilterV2(int level, const Slice& key, ValueType value_type, const Slice& existing_value,
                            std::string* new_value, std::string* skip_until) const = delete;
  virtual Decision FilterV3(int level, const Slice& key, ValueType value_type, const Slice* existing_value,
                            const WideColumns* existing_columns, std::string* new_value,
                            std::vector<std::pair<std::string, std::string>>* new_columns,
                            std::string* skip_until) const = delete;

  // Whether the filter may drop values a snapshot still sees (RocksDB's only supported answer
  // is true); passed to rocksdb_compactionfilter_set_ignore_snapshots.
  virtual bool IgnoreSnapshots() const { return true; }

  const char* Name() const override = 0;
};

class CompactionFilterFactory : public Customizable {
 public:
  ~CompactionFilterFactory() override = default;
  static const char* Type() { return "CompactionFilterFactory"; }

  // c.h's factory is asked for compactions only, which is RocksDB's default answer here;
  // an override that asks for flushes too cannot be honoured, so it is not offered.
  virtual bool ShouldFilterTableFileCreation(TableFileCreationReason reason) const = delete;

  virtual std::unique_ptr<CompactionFilter> CreateCompactionFilter(const CompactionFilter::Context& context) = 0;
  const char* Name() const override = 0;
};

}  // namespace ROCKSDB_NAMESPACE
