// ferrock's C++ API: ColumnFamilyHandle, a program's name for an open column
// family (declared here so write batches and databases can share it; db.h is
// where programs find it). Every handle wraps a c.h rocksdb_column_family_handle_t.
#pragma once

#include <cstdint>
#include <string>

#include "rocksdb/c.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

class Comparator;
struct ColumnFamilyDescriptor;

class ColumnFamilyHandle {
 public:
  virtual ~ColumnFamilyHandle() = default;
  virtual const std::string& GetName() const = 0;
  virtual uint32_t GetID() const = 0;
  virtual Status GetDescriptor(ColumnFamilyDescriptor* desc) = 0;
  virtual const Comparator* GetComparator() const = 0;

  // The c.h handle behind this one.
  virtual rocksdb_column_family_handle_t* ferrock_c_handle() const = 0;
};

}  // namespace ROCKSDB_NAMESPACE
