// ferrock's C++ API: wide columns, as far as the merge-operator and iterator
// interfaces name them. The engine stores no wide-column entities yet, so no
// call returns any; the types are here for the signatures that mention them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "rocksdb/slice.h"

namespace ROCKSDB_NAMESPACE {

class WideColumn {
 public:
  WideColumn() = default;
  template <typename N, typename V>
  WideColumn(N&& name, V&& value) : name_(std::forward<N>(name)), value_(std::forward<V>(value)) {}
  const Slice& name() const { return name_; }
  const Slice& value() const { return value_; }
  Slice& name() { return name_; }
  Slice& value() { return value_; }

 private:
  Slice name_;
  Slice value_;
};

inline bool operator==(const WideColumn& a, const WideColumn& b) {
  return a.name() == b.name() && a.value() == b.value();
}
inline bool operator!=(const WideColumn& a, const WideColumn& b) { return !(a == b); }

using WideColumns = std::vector<WideColumn>;

// The name of the anonymous column (a plain value seen as an entity), and no columns.
inline const Slice kDefaultWideColumnName;
inline const WideColumns kNoWideColumns;

}  // namespace ROCKSDB_NAMESPACE
