// ferrock's C++ API: Configurable and Customizable, the bases of RocksDB's
// pluggable objects (comparators, merge operators, table factories, ...): a
// name, an id, and typed access to an object's options (GetOptions<T>()).
#pragma once

#include <string>

#include "rocksdb/rocksdb_namespace.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

struct ConfigOptions;

class Configurable {
 public:
  virtual ~Configurable() = default;

  // The options struct T this object holds (T::kName() names it), or nullptr.
  template <typename T>
  const T* GetOptions() const {
    return static_cast<const T*>(GetOptionsPtr(T::kName()));
  }
  template <typename T>
  T* GetOptions() {
    return const_cast<T*>(static_cast<const T*>(GetOptionsPtr(T::kName())));
  }
  template <typename T>
  const T* GetOptions(const std::string& name) const {
    return static_cast<const T*>(GetOptionsPtr(name));
  }
  template <typename T>
  T* GetOptions(const std::string& name) {
    return const_cast<T*>(static_cast<const T*>(GetOptionsPtr(name)));
  }

  virtual const void* GetOptionsPtr(const std::string& /*name*/) const { return nullptr; }

  // Validation RocksDB runs before using the object; nothing to check by default.
  virtual Status PrepareOptions(const ConfigOptions& /*config_options*/) { return Status::OK(); }
};

class Customizable : public Configurable {
 public:
  ~Customizable() override = default;
  virtual const char* Name() const = 0;
  virtual std::string GetId() const { return Name(); }
  virtual bool IsInstanceOf(const std::string& name) const {
    return !name.empty() && name == Name();
  }
  virtual const Customizable* Inner() const { return nullptr; }

  template <typename T>
  const T* CheckedCast() const {
    if (IsInstanceOf(T::kClassName())) return static_cast<const T*>(this);
    const Customizable* inner = Inner();
    return inner != nullptr ? inner->CheckedCast<T>() : nullptr;
  }
  template <typename T>
  T* CheckedCast() {
    return const_cast<T*>(static_cast<const Customizable*>(this)->CheckedCast<T>());
  }
};

}  // namespace ROCKSDB_NAMESPACE
