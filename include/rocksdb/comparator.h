// ferrock's C++ API: Comparator, the order of keys in a column family, and the
// built-in bytewise orders. A user's Comparator reaches the engine through c.h's
// rocksdb_comparator_create (impl/callbacks.h); BytewiseComparator() is the
// engine's own default and is passed as "no comparator".
#pragma once

#include <cstdint>
#include <string>

#include "rocksdb/customizable.h"
#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/slice.h"

namespace ROCKSDB_NAMESPACE {

class CompareInterface {
 public:
  virtual ~CompareInterface() = default;
  // <0, 0 or >0 as a sorts before, with, or after b.
  virtual int Compare(const Slice& a, const Slice& b) const = 0;
};

class Comparator : public Customizable, public CompareInterface {
 public:
  Comparator() : timestamp_size_(0) {}
  Comparator(size_t ts_sz) : timestamp_size_(ts_sz) {}
  Comparator(const Comparator& orig) : timestamp_size_(orig.timestamp_size_) {}
  Comparator& operator=(const Comparator& rhs) {
    if (this != &rhs) timestamp_size_ = rhs.timestamp_size_;
    return *this;
  }
  ~Comparator() override = default;

  static const char* Type() { return "Comparator"; }
  const char* Name() const override = 0;

  virtual bool Equal(const Slice& a, const Slice& b) const { return Compare(a, b) == 0; }
  // May shorten *start to a key in [*start, limit) (index keys); c.h has no callback for
  // these, so the engine never calls a user's versions.
  virtual void FindShortestSeparator(std::string* start, const Slice& limit) const = 0;
  virtual void FindShortSuccessor(std::string* key) const = 0;
  virtual bool IsSameLengthImmediateSuccessor(const Slice& /*s*/, const Slice& /*t*/) const { return false; }
  virtual bool CanKeysWithDifferentByteContentsBeEqual() const { return true; }
  virtual const Comparator* GetRootComparator() const { return this; }

  inline size_t timestamp_size() const { return timestamp_size_; }
  virtual Slice GetMaxTimestamp() const { return Slice(); }
  virtual Slice GetMinTimestamp() const { return Slice(); }
  virtual std::string TimestampToString(const Slice& /*timestamp*/) const { return ""; }
  int CompareWithoutTimestamp(const Slice& a, const Slice& b) const {
    return CompareWithoutTimestamp(a, true, b, true);
  }
  virtual int CompareTimestamp(const Slice& /*ts1*/, const Slice& /*ts2*/) const { return 0; }
  virtual int CompareWithoutTimestamp(const Slice& a, bool /*a_has_ts*/, const Slice& b, bool /*b_has_ts*/) const {
    return Compare(a, b);
  }
  virtual bool EqualWithoutTimestamp(const Slice& a, const Slice& b) const {
    return CompareWithoutTimestamp(a, true, b, true) == 0;
  }

 private:
  size_t timestamp_size_;
};

namespace ferrock_impl {

// Bytewise order, and its shortening helpers (as leveldb's: cut at the first differing
// byte that can be incremented).
class BytewiseComparatorImpl : public Comparator {
 public:
  const char* Name() const override { return "leveldb.BytewiseComparator"; }
  int Compare(const Slice& a, const Slice& b) const override { return a.compare(b); }
  bool Equal(const Slice& a, const Slice& b) const override { return a == b; }
  void FindShortestSeparator(std::string* start, const Slice& limit) const override {
    size_t n = start->size() < limit.size() ? start->size() : limit.size();
    size_t i = 0;
    while (i < n && (*start)[i] == limit[i]) ++i;
    if (i >= n) return;  // one is a prefix of the other
    unsigned char b = static_cast<unsigned char>((*start)[i]);
    if (b < 0xff && b + 1 < static_cast<unsigned char>(limit[i])) {
      (*start)[i] = static_cast<char>(b + 1);
      start->resize(i + 1);
    }
  }
  void FindShortSuccessor(std::string* key) const override {
    for (size_t i = 0; i < key->size(); ++i) {
      unsigned char b = static_cast<unsigned char>((*key)[i]);
      if (b != 0xff) {
        (*key)[i] = static_cast<char>(b + 1);
        key->resize(i + 1);
        return;
      }
    }
  }
  bool CanKeysWithDifferentByteContentsBeEqual() const override { return false; }
};

// The reverse of bytewise order; the engine gets it as a comparator of callbacks.
class ReverseBytewiseComparatorImpl : public Comparator {
 public:
  const char* Name() const override { return "rocksdb.ReverseBytewiseComparator"; }
  int Compare(const Slice& a, const Slice& b) const override { return -a.compare(b); }
  bool Equal(const Slice& a, const Slice& b) const override { return a == b; }
  void FindShortestSeparator(std::string* /*start*/, const Slice& /*limit*/) const override {}
  void FindShortSuccessor(std::string* /*key*/) const override {}
  bool CanKeysWithDifferentByteContentsBeEqual() const override { return false; }
};

}  // namespace ferrock_impl

inline const Comparator* BytewiseComparator() {
  static const ferrock_impl::BytewiseComparatorImpl comparator;
  return &comparator;
}

inline const Comparator* ReverseBytewiseComparator() {
  static const ferrock_impl::ReverseBytewiseComparatorImpl comparator;
  return &comparator;
}

// BytewiseComparatorWithU64Ts and the u64 timestamp helpers are not declared: the
// engine has no user-defined timestamps yet (c.h's rocksdb_comparator_with_ts_create
// answers NULL), so a program using them fails to compile rather than misbehave.

}  // namespace ROCKSDB_NAMESPACE
