// ferrock's C++ API: Slice (a pointer and a length into bytes owned elsewhere),
// PinnableSlice (a Slice that either pins the engine's buffer or owns a copy),
// and SliceParts. RocksDB's declarations; the bodies are ferrock's.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "rocksdb/cleanable.h"

namespace ROCKSDB_NAMESPACE {

class Slice {
 public:
  Slice() : data_(""), size_(0) {}
  Slice(const char* d, size_t n) : data_(d), size_(n) {}
  /* implicit */ Slice(const std::string& s) : data_(s.data()), size_(s.size()) {}
  /* implicit */ Slice(const std::string_view& sv) : data_(sv.data()), size_(sv.size()) {}
  /* implicit */ Slice(const char* s) : data_(s), size_(s == nullptr ? 0 : std::strlen(s)) {}
  // The concatenation of `parts`, built in `buf` (which must outlive the Slice).
  Slice(const struct SliceParts& parts, std::string* buf);

  const char* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  char operator[](size_t n) const {
    assert(n < size());
    return data_[n];
  }

  void clear() {
    data_ = "";
    size_ = 0;
  }
  void remove_prefix(size_t n) {
    assert(n <= size());
    data_ += n;
    size_ -= n;
  }
  void remove_suffix(size_t n) {
    assert(n <= size());
    size_ -= n;
  }

  // A copy of the bytes, or with hex=true their upper-case hex digits.
  std::string ToString(bool hex = false) const {
    if (!hex) return std::string(data_, size_);
    static const char kDigits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(size_ * 2);
    for (size_t i = 0; i < size_; ++i) {
      unsigned char c = static_cast<unsigned char>(data_[i]);
      out.push_back(kDigits[c >> 4]);
      out.push_back(kDigits[c & 0xf]);
    }
    return out;
  }
  std::string_view ToStringView() const { return std::string_view(data_, size_); }

  // Decodes the hex digits of this slice into *result; false on an odd length or a non-hex digit.
  bool DecodeHex(std::string* result) const {
    auto nibble = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    if (size_ % 2 != 0) return false;
    std::string out;
    out.reserve(size_ / 2);
    for (size_t i = 0; i < size_; i += 2) {
      int hi = nibble(data_[i]), lo = nibble(data_[i + 1]);
      if (hi < 0 || lo < 0) return false;
      out.push_back(static_cast<char>((hi << 4) | lo));
    }
    *result = std::move(out);
    return true;
  }

  // <0, 0 or >0 as this slice sorts before, equal to or after b (bytewise).
  int compare(const Slice& b) const {
    size_t n = size_ < b.size_ ? size_ : b.size_;
    int r = n == 0 ? 0 : std::memcmp(data_, b.data_, n);
    if (r != 0) return r;
    return size_ < b.size_ ? -1 : (size_ > b.size_ ? 1 : 0);
  }
  bool starts_with(const Slice& x) const {
    return size_ >= x.size_ && (x.size_ == 0 || std::memcmp(data_, x.data_, x.size_) == 0);
  }
  bool ends_with(const Slice& x) const {
    return size_ >= x.size_ &&
           (x.size_ == 0 || std::memcmp(data_ + size_ - x.size_, x.data_, x.size_) == 0);
  }
  // The length of the common prefix of this slice and b.
  size_t difference_offset(const Slice& b) const {
    size_t n = size_ < b.size_ ? size_ : b.size_;
    size_t i = 0;
    while (i < n && data_[i] == b.data_[i]) ++i;
    return i;
  }

  const char* data_;
  size_t size_;
};

// A Slice or nothing (RocksDB's OptSlice).
class OptSlice {
 public:
  OptSlice() : slice_(nullptr, SIZE_MAX) {}
  /*implicit*/ OptSlice(const Slice& s) : slice_(s) {}
  /*implicit*/ OptSlice(const std::string& s) : slice_(s) {}
  /*implicit*/ OptSlice(const std::string_view& sv) : slice_(sv) {}
  /*implicit*/ OptSlice(const char* c_str) : slice_(c_str) {}
  /*implicit*/ OptSlice(std::nullptr_t) : OptSlice() {}
  bool has_value() const noexcept { return slice_.size() != SIZE_MAX; }
  explicit operator bool() const noexcept { return has_value(); }
  const Slice& value() const noexcept {
    assert(has_value());
    return slice_;
  }
  const Slice& operator*() const noexcept { return value(); }
  const Slice* operator->() const noexcept { return &value(); }
  const Slice* AsPtr() const noexcept { return has_value() ? &slice_ : nullptr; }
  static OptSlice CopyFromPtr(const Slice* ptr) { return ptr ? OptSlice{*ptr} : OptSlice{}; }

 protected:
  Slice slice_;
};

// A value read from the database: either pinned (pointing into a buffer the engine
// keeps alive until Reset() or destruction; no copy) or held in its own string
// (or the caller's, given at construction).
class PinnableSlice : public Slice, public Cleanable {
 public:
  PinnableSlice() { buf_ = &self_space_; }
  explicit PinnableSlice(std::string* buf) { buf_ = buf; }

  PinnableSlice(PinnableSlice&& other) { *this = std::move(other); }
  PinnableSlice& operator=(PinnableSlice&& other) {
    if (this == &other) return *this;
    Cleanable::operator=(std::move(other));
    pinned_ = other.pinned_;
    if (!pinned_ && other.buf_ == &other.self_space_) {
      self_space_ = std::move(other.self_space_);
      buf_ = &self_space_;
      data_ = buf_->data();
      size_ = buf_->size();
    } else {
      buf_ = other.buf_ == &other.self_space_ ? &self_space_ : other.buf_;
      data_ = other.data_;
      size_ = other.size_;
    }
    other.pinned_ = false;
    other.buf_ = &other.self_space_;
    other.Slice::clear();
    return *this;
  }
  PinnableSlice(PinnableSlice&) = delete;
  PinnableSlice& operator=(PinnableSlice&) = delete;

  // Points at s without copying; f(arg1, arg2) releases it at Reset() or destruction.
  inline void PinSlice(const Slice& s, CleanupFunction f, void* arg1, void* arg2) {
    assert(!pinned_);
    pinned_ = true;
    data_ = s.data();
    size_ = s.size();
    RegisterCleanup(f, arg1, arg2);
  }
  // Points at s; the cleanups of `cleanable` move here.
  inline void PinSlice(const Slice& s, Cleanable* cleanable) {
    assert(!pinned_);
    pinned_ = true;
    data_ = s.data();
    size_ = s.size();
    if (cleanable != nullptr) cleanable->DelegateCleanupsTo(this);
  }
  // Copies slice into the buffer.
  inline void PinSelf(const Slice& slice) {
    assert(!pinned_);
    buf_->assign(slice.data(), slice.size());
    data_ = buf_->data();
    size_ = buf_->size();
  }
  // The buffer's current contents become the value.
  inline void PinSelf() {
    assert(!pinned_);
    data_ = buf_->data();
    size_ = buf_->size();
  }

  void remove_suffix(size_t n) {
    assert(n <= size());
    if (pinned_) {
      size_ -= n;
    } else {
      buf_->erase(size() - n, n);
      PinSelf();
    }
  }
  void remove_prefix(size_t n) {
    assert(n <= size());
    if (pinned_) {
      data_ += n;
      size_ -= n;
    } else {
      buf_->erase(0, n);
      PinSelf();
    }
  }

  // Releases what is pinned; the PinnableSlice may be reused afterwards.
  void Reset() {
    Cleanable::Reset();
    pinned_ = false;
    size_ = 0;
  }

  inline std::string* GetSelf() { return buf_; }
  inline bool IsPinned() const { return pinned_; }

 private:
  std::string self_space_;
  std::string* buf_;
  bool pinned_ = false;
};

// A value given as several pieces (concatenated when written).
struct SliceParts {
  SliceParts(const Slice* _parts, int _num_parts) : parts(_parts), num_parts(_num_parts) {}
  SliceParts() : parts(nullptr), num_parts(0) {}
  const Slice* parts;
  int num_parts;
};

inline Slice::Slice(const SliceParts& parts, std::string* buf) {
  size_t length = 0;
  for (int i = 0; i < parts.num_parts; ++i) length += parts.parts[i].size();
  buf->clear();
  buf->reserve(length);
  for (int i = 0; i < parts.num_parts; ++i) buf->append(parts.parts[i].data(), parts.parts[i].size());
  data_ = buf->data();
  size_ = buf->size();
}

inline bool operator==(const Slice& x, const Slice& y) {
  return x.size() == y.size() && (x.size() == 0 || std::memcmp(x.data(), y.data(), x.size()) == 0);
}
inline bool operator!=(const Slice& x, const Slice& y) { return !(x == y); }

}  // namespace ROCKSDB_NAMESPACE
