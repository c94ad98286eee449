// ferrock's C++ API: Cleanable, a holder of cleanup functions that run when it
// is reset or destroyed (how PinnableSlice and iterators release what they pin).
#pragma once

#include <utility>
#include <vector>

#include "rocksdb/rocksdb_namespace.h"

namespace ROCKSDB_NAMESPACE {

class Cleanable {
 public:
  using CleanupFunction = void (*)(void* arg1, void* arg2);

  Cleanable() = default;
  Cleanable(Cleanable&) = delete;
  Cleanable& operator=(Cleanable&) = delete;
  ~Cleanable() { DoCleanup(); }

  Cleanable(Cleanable&& other) noexcept { *this = std::move(other); }
  Cleanable& operator=(Cleanable&& other) noexcept {
    if (this != &other) {
      DoCleanup();
      first_ = std::exchange(other.first_, Cleanup{});
      more_ = std::move(other.more_);
      other.more_.clear();
    }
    return *this;
  }

  // Runs function(arg1, arg2) at Reset() or destruction, after the ones registered before.
  void RegisterCleanup(CleanupFunction function, void* arg1, void* arg2) {
    if (function == nullptr) return;
    if (first_.function == nullptr) {
      first_ = Cleanup{function, arg1, arg2};
    } else {
      more_.push_back(Cleanup{function, arg1, arg2});
    }
  }

  // Moves this object's cleanups to `other` (they run when `other` is cleaned up).
  void DelegateCleanupsTo(Cleanable* other) {
    if (first_.function == nullptr) return;
    other->RegisterCleanup(first_.function, first_.arg1, first_.arg2);
    for (const Cleanup& c : more_) other->RegisterCleanup(c.function, c.arg1, c.arg2);
    first_ = Cleanup{};
    more_.clear();
  }

  inline void Reset() { DoCleanup(); }
  inline bool HasCleanups() { return first_.function != nullptr; }

 private:
  struct Cleanup {
    CleanupFunction function = nullptr;
    void* arg1 = nullptr;
    void* arg2 = nullptr;
  };

  void DoCleanup() {
    if (first_.function == nullptr) return;
    Cleanup first = std::exchange(first_, Cleanup{});
    std::vector<Cleanup> more = std::move(more_);
    more_.clear();
    first.function(first.arg1, first.arg2);
    for (const Cleanup& c : more) c.function(c.arg1, c.arg2);
  }

  Cleanup first_;
  std::vector<Cleanup> more_;
};

}  // namespace ROCKSDB_NAMESPACE
