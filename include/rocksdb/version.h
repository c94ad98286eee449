// ferrock's C++ API: the RocksDB release whose C++ API (and c.h) ferrock follows.
#pragma once

#include <string>
#include <unordered_map>

#include "rocksdb/rocksdb_namespace.h"

#define ROCKSDB_MAJOR 11
#define ROCKSDB_MINOR 8
#define ROCKSDB_PATCH 1

#define ROCKSDB_MAKE_VERSION_INT(major, minor, patch) \
  ((major) * 10000 + (minor) * 100 + (patch))
#define ROCKSDB_VERSION_GE(major, minor, patch)                          \
  (ROCKSDB_MAKE_VERSION_INT(ROCKSDB_MAJOR, ROCKSDB_MINOR, ROCKSDB_PATCH) >= \
   ROCKSDB_MAKE_VERSION_INT(major, minor, patch))

namespace ROCKSDB_NAMESPACE {

// "11.8" or, with with_patch, "11.8.1".
inline std::string GetRocksVersionAsString(bool with_patch = true) {
  std::string v = std::to_string(ROCKSDB_MAJOR) + "." + std::to_string(ROCKSDB_MINOR);
  if (with_patch) v += "." + std::to_string(ROCKSDB_PATCH);
  return v;
}

inline std::string GetRocksBuildInfoAsString(const std::string& program, bool verbose = false) {
  std::string info = program + " (ferrock, RocksDB API) version: " + GetRocksVersionAsString(true);
  if (verbose) info += "\nImplementation: ferrock over RocksDB's C API (rocksdb/c.h)";
  return info;
}

inline const std::unordered_map<std::string, std::string>& GetRocksBuildProperties() {
  static const std::unordered_map<std::string, std::string> props = {
      {"rocksdb_version", GetRocksVersionAsString(true)}, {"implementation", "ferrock"}};
  return props;
}

}  // namespace ROCKSDB_NAMESPACE
