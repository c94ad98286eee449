// ferrock's C++ API: SliceTransform, a key's prefix (prefix_extractor), and the
// built-ins (fixed, capped, no-op). Fixed and no-op are the engine's own (c.h's
// rocksdb_slicetransform_create_fixed_prefix / _noop); capped and a program's
// own transforms reach the engine through rocksdb_slicetransform_create.
#pragma once

#include <memory>
#include <string>

#include "rocksdb/customizable.h"
#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/slice.h"

namespace ROCKSDB_NAMESPACE {

class SliceTransform : public Customizable {
 public:
  ~SliceTransform() override = default;
  const char* Name() const override = 0;
  static const char* Type() { return "SliceTransform"; }
  std::string AsString() const { return GetId(); }

  // The prefix of key (a sub-slice of it); only called when InDomain(key).
  virtual Slice Transform(const Slice& key) const = 0;
  virtual bool InDomain(const Slice& key) const = 0;
  virtual bool FullLengthEnabled(size_t* /*len*/) const { return false; }
  virtual bool SameResultWhenAppended(const Slice& /*prefix*/) const { return false; }

  // For impl/options_to_c.h: 0 for a transform the engine gets as callbacks.
  enum class FerrockKind { kCallbacks, kFixed, kNoop };
  virtual FerrockKind ferrock_kind() const { return FerrockKind::kCallbacks; }
  virtual size_t ferrock_prefix_len() const { return 0; }
};

namespace ferrock_impl {

class FixedPrefixTransform : public SliceTransform {
 public:
  explicit FixedPrefixTransform(size_t len) : len_(len), id_("rocksdb.FixedPrefix." + std::to_string(len)) {}
  const char* Name() const override { return id_.c_str(); }
  std::string GetId() const override { return id_; }
  Slice Transform(const Slice& key) const override { return Slice(key.data(), len_); }
  bool InDomain(const Slice& key) const override { return key.size() >= len_; }
  bool FullLengthEnabled(size_t* len) const override {
    *len = len_;
    return true;
  }
  bool SameResultWhenAppended(const Slice& prefix) const override { return InDomain(prefix); }
  FerrockKind ferrock_kind() const override { return FerrockKind::kFixed; }
  size_t ferrock_prefix_len() const override { return len_; }

 private:
  size_t len_;
  std::string id_;
};

class CappedPrefixTransform : public SliceTransform {
 public:
  explicit CappedPrefixTransform(size_t cap) : cap_(cap), id_("rocksdb.CappedPrefix." + std::to_string(cap)) {}
  const char* Name() const override { return id_.c_str(); }
  std::string GetId() const override { return id_; }
  Slice Transform(const Slice& key) const override { return Slice(key.data(), key.size() < cap_ ? key.size() : cap_); }
  bool InDomain(const Slice& /*key*/) const override { return true; }
  bool FullLengthEnabled(size_t* len) const override {
    *len = cap_;
    return true;
  }
  bool SameResultWhenAppended(const Slice& prefix) const override { return prefix.size() >= cap_; }

 private:
  size_t cap_;
  std::string id_;
};

class NoopTransform : public SliceTransform {
 public:
  const char* Name() const override { return "rocksdb.Noop"; }
  Slice Transform(const Slice& key) const override { return key; }
  bool InDomain(const Slice& /*key*/) const override { return true; }
  FerrockKind ferrock_kind() const override { return FerrockKind::kNoop; }
};

}  // namespace ferrock_impl

inline const SliceTransform* NewFixedPrefixTransform(size_t prefix_len) {
  return new ferrock_impl::FixedPrefixTransform(prefix_len);
}
inline const SliceTransform* NewCappedPrefixTransform(size_t cap_len) {
  return new ferrock_impl::CappedPrefixTransform(cap_len);
}
inline const SliceTransform* NewNoopTransform() { return new ferrock_impl::NoopTransform(); }

}  // namespace ROCKSDB_NAMESPACE
