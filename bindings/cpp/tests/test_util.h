// Helpers shared by the C++ API's tests: a fresh database directory per test
// (removed afterwards) and status assertions that print RocksDB's status text.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "rocksdb/status.h"

#define ASSERT_OK(expr)                                        \
  do {                                                         \
    ::rocksdb::Status _s = (expr);                             \
    ASSERT_TRUE(_s.ok()) << #expr << ": " << _s.ToString();    \
  } while (0)
#define EXPECT_OK(expr)                                        \
  do {                                                         \
    ::rocksdb::Status _s = (expr);                             \
    EXPECT_TRUE(_s.ok()) << #expr << ": " << _s.ToString();    \
  } while (0)

// A directory of its own under $TEST_TMPDIR (or /tmp), removed at destruction.
class TempDir {
 public:
  TempDir() {
    const char* base = getenv("TEST_TMPDIR");
    std::string tmpl = std::string(base != nullptr && *base ? base : "/tmp") + "/ferrock-cpp-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    path_ = mkdtemp(buf.data());
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  // A path inside the directory (not created).
  std::string Sub(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};
