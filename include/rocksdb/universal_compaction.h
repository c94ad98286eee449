// ferrock's C++ API: the knobs of universal compaction (CompactionOptionsUniversal).
// ferrock compacts level-style (issue 17); c.h's universal options object is not
// created by ferrock, so Open answers NotSupported when these differ from the defaults.
#pragma once

#include <climits>
#include <cstdint>

#include "rocksdb/rocksdb_namespace.h"

namespace ROCKSDB_NAMESPACE {

enum CompactionStopStyle { kCompactionStopStyleSimilarSize, kCompactionStopStyleTotalSize };

class CompactionOptionsUniversal {
 public:
  unsigned int size_ratio = 1;
  unsigned int min_merge_width = 2;
  unsigned int max_merge_width = UINT_MAX;
  unsigned int max_size_amplification_percent = 200;
  int compression_size_percent = -1;
  int max_read_amp = -1;
  CompactionStopStyle stop_style = kCompactionStopStyleTotalSize;
  bool allow_trivial_move = false;
  bool incremental = false;
  bool reduce_file_locking = true;

  bool operator==(const CompactionOptionsUniversal& rhs) const = default;
};

}  // namespace ROCKSDB_NAMESPACE
