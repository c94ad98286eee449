// ferrock's C++ API: MergeOperator and AssociativeMergeOperator, the user's
// read-modify-write logic behind DB::Merge. The engine calls them through c.h's
// rocksdb_mergeoperator_create (impl/callbacks.h): full merges go to FullMergeV3
// (whose default calls FullMergeV2, whose default calls FullMerge), partial merges
// to PartialMergeMulti (whose default folds PartialMerge).
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "rocksdb/customizable.h"
#include "rocksdb/slice.h"
#include "rocksdb/wide_columns.h"

namespace ROCKSDB_NAMESPACE {

class Logger;

class MergeOperator : public Customizable {
 public:
  ~MergeOperator() override = default;
  static const char* Type() { return "MergeOperator"; }

  // The oldest interface: the operands as strings, oldest first.
  virtual bool FullMerge(const Slice& /*key*/, const Slice* /*existing_value*/,
                         const std::deque<std::string>& /*operand_list*/, std::string* /*new_value*/,
                         Logger* /*logger*/) const {
    assert(false);
    return false;
  }

  struct MergeOperationInput {
    explicit MergeOperationInput(const Slice& _key, const Slice* _existing_value,
                                 const std::vector<Slice>& _operand_list, Logger* _logger)
        : key(_key), existing_value(_existing_value), operand_list(_operand_list), logger(_logger) {}
    const Slice& key;
    const Slice* existing_value;  // nullptr when there is no value under the operands
    const std::vector<Slice>& operand_list;
    Logger* logger;
  };

  enum class OpFailureScope { kDefault, kTryMerge, kMustMerge, kOpFailureScopeMax };

  struct MergeOperationOutput {
    explicit MergeOperationOutput(std::string& _new_value, Slice& _existing_operand)
        : new_value(_new_value), existing_operand(_existing_operand) {}
    std::string& new_value;
    // Set instead of new_value to answer with one of the inputs without a copy.
    Slice& existing_operand;
    OpFailureScope op_failure_scope = OpFailureScope::kDefault;
  };

  virtual bool FullMergeV2(const MergeOperationInput& merge_in, MergeOperationOutput* merge_out) const {
    std::deque<std::string> operands;
    for (const Slice& s : merge_in.operand_list) operands.emplace_back(s.data(), s.size());
    return FullMerge(merge_in.key, merge_in.existing_value, operands, &merge_out->new_value, merge_in.logger);
  }

  struct MergeOperationInputV3 {
    using ExistingValue = std::variant<std::monostate, Slice, WideColumns>;
    using OperandList = std::vector<Slice>;
    explicit MergeOperationInputV3(const Slice& _key, ExistingValue&& _existing_value,
                                   const OperandList& _operand_list, Logger* _logger)
        : key(_key), existing_value(std::move(_existing_value)), operand_list(_operand_list), logger(_logger) {}
    const Slice& key;
    ExistingValue existing_value;
    const OperandList& operand_list;
    Logger* logger;
  };

  struct MergeOperationOutputV3 {
    using NewColumns = std::vector<std::pair<std::string, std::string>>;
    using NewValue = std::variant<std::string, NewColumns, Slice>;
    NewValue new_value;
    OpFailureScope op_failure_scope = OpFailureScope::kDefault;
  };

  virtual bool FullMergeV3(const MergeOperationInputV3& merge_in, MergeOperationOutputV3* merge_out) const {
    // ferrock stores no wide-column entities, so an existing value is a plain value or none.
    if (std::holds_alternative<WideColumns>(merge_in.existing_value)) return false;
    const Slice* existing = std::get_if<Slice>(&merge_in.existing_value);
    std::string new_value;
    Slice existing_operand(nullptr, 0);
    MergeOperationOutput out(new_value, existing_operand);
    MergeOperationInput in(merge_in.key, existing, merge_in.operand_list, merge_in.logger);
    bool ok = FullMergeV2(in, &out);
    merge_out->op_failure_scope = out.op_failure_scope;
    if (!ok) return false;
    if (existing_operand.data() != nullptr) {
      merge_out->new_value = existing_operand;
    } else {
      merge_out->new_value = std::move(new_value);
    }
    return true;
  }

  virtual bool PartialMerge(const Slice& /*key*/, const Slice& /*left_operand*/, const Slice& /*right_operand*/,
                            std::string* /*new_value*/, Logger* /*logger*/) const {
    return false;
  }

  // Combines operands (oldest first) into one; the default folds PartialMerge pairwise.
  virtual bool PartialMergeMulti(const Slice& key, const std::deque<Slice>& operand_list, std::string* new_value,
                                 Logger* logger) const {
    if (operand_list.size() < 2) return false;
    std::string acc(operand_list[0].data(), operand_list[0].size());
    for (size_t i = 1; i < operand_list.size(); ++i) {
      std::string next;
      if (!PartialMerge(key, Slice(acc), operand_list[i], &next, logger)) return false;
      acc = std::move(next);
    }
    *new_value = std::move(acc);
    return true;
  }

  const char* Name() const override = 0;
  virtual bool AllowSingleOperand() const { return false; }
  virtual bool ShouldMerge(const std::vector<Slice>& /*operands*/) const { return false; }
};

// A merge operator whose operands and values have one type, combined two at a time.
class AssociativeMergeOperator : public MergeOperator {
 public:
  ~AssociativeMergeOperator() override = default;
  virtual bool Merge(const Slice& key, const Slice* existing_value, const Slice& value, std::string* new_value,
                     Logger* logger) const = 0;

 private:
  bool FullMergeV2(const MergeOperationInput& merge_in, MergeOperationOutput* merge_out) const override {
    // Each operand merges into what the previous one produced, starting from the existing value.
    const Slice* existing = merge_in.existing_value;
    std::string acc;
    Slice current;
    for (const Slice& operand : merge_in.operand_list) {
      std::string next;
      if (!Merge(merge_in.key, existing, operand, &next, merge_in.logger)) return false;
      acc.swap(next);
      current = Slice(acc);
      existing = &current;
    }
    merge_out->new_value = std::move(acc);
    return true;
  }
  bool PartialMerge(const Slice& key, const Slice& left_operand, const Slice& right_operand,
                    std::string* new_value, Logger* logger) const override {
    return Merge(key, &left_operand, right_operand, new_value, logger);
  }
};

}  // namespace ROCKSDB_NAMESPACE
