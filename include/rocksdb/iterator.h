// ferrock's C++ API: Iterator, an ordered walk over a column family (or a
// transaction's view of it). The iterators DB::NewIterator returns wrap c.h's
// rocksdb_iterator_t (impl/iterator_impl.h); key() and value() point into the
// engine's buffers, valid until the iterator moves.
#pragma once

#include <string>

#include "rocksdb/cleanable.h"
#include "rocksdb/options.h"
#include "rocksdb/slice.h"
#include "rocksdb/status.h"
#include "rocksdb/wide_columns.h"

namespace ROCKSDB_NAMESPACE {

class Snapshot;

class IteratorBase : public Cleanable {
 public:
  IteratorBase() = default;
  IteratorBase(const IteratorBase&) = delete;
  void operator=(const IteratorBase&) = delete;
  virtual ~IteratorBase() = default;

  virtual bool Valid() const = 0;
  virtual void SeekToFirst() = 0;
  virtual void SeekToLast() = 0;
  virtual void Seek(const Slice& target) = 0;
  virtual void SeekForPrev(const Slice& target) = 0;
  virtual void Next() = 0;
  virtual void Prev() = 0;
  virtual Status Refresh() { return Refresh(nullptr); }
  virtual Status Refresh(const Snapshot*) { return Status::NotSupported("Refresh() is not supported"); }
  virtual bool PrepareValue() { return true; }
  virtual Slice key() const = 0;
  virtual Status status() const = 0;
};

class Iterator : public IteratorBase {
 public:
  Iterator() = default;
  Iterator(const Iterator&) = delete;
  void operator=(const Iterator&) = delete;
  ~Iterator() override = default;

  virtual Slice value() const = 0;
  // A plain value as the one anonymous column (ferrock stores no entities).
  virtual const WideColumns& columns() const {
    columns_.clear();
    columns_.emplace_back(kDefaultWideColumnName, value());
    return columns_;
  }
  // RocksDB's iterator properties ("rocksdb.iterator.*") have no c.h accessor.
  virtual Status GetProperty(std::string prop_name, std::string* /*prop*/) {
    return Status::NotSupported("iterator property (c.h has no accessor): " + prop_name);
  }
  virtual Slice timestamp() const { return Slice(); }

 private:
  mutable WideColumns columns_;
};

namespace ferrock_impl {

// An iterator over nothing, with a given status.
class EmptyIterator : public Iterator {
 public:
  explicit EmptyIterator(const Status& s) : status_(s) {}
  bool Valid() const override { return false; }
  void SeekToFirst() override {}
  void SeekToLast() override {}
  void Seek(const Slice&) override {}
  void SeekForPrev(const Slice&) override {}
  void Next() override { assert(false); }
  void Prev() override { assert(false); }
  Slice key() const override {
    assert(false);
    return Slice();
  }
  Slice value() const override {
    assert(false);
    return Slice();
  }
  Status status() const override { return status_; }

 private:
  Status status_;
};

}  // namespace ferrock_impl

inline Iterator* NewEmptyIterator() { return new ferrock_impl::EmptyIterator(Status::OK()); }
inline Iterator* NewErrorIterator(const Status& status) { return new ferrock_impl::EmptyIterator(status); }

}  // namespace ROCKSDB_NAMESPACE
