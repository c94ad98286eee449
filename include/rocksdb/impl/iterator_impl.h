// ferrock's C++ API, implementation: the Iterator over a c.h rocksdb_iterator_t
// (of a database, a transaction database or a transaction). It owns the c.h read
// options it was made with, so its bounds stay valid while it lives.
#pragma once

#include "rocksdb/c.h"
#include "rocksdb/iterator.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

class CIterator : public Iterator {
 public:
  // Takes both over; `read_options` is destroyed after the iterator.
  CIterator(rocksdb_iterator_t* it, rocksdb_readoptions_t* read_options) : it_(it), read_options_(read_options) {}
  ~CIterator() override {
    rocksdb_iter_destroy(it_);
    if (read_options_ != nullptr) rocksdb_readoptions_destroy(read_options_);
  }
  bool Valid() const override { return rocksdb_iter_valid(it_) != 0; }
  void SeekToFirst() override { rocksdb_iter_seek_to_first(it_); }
  void SeekToLast() override { rocksdb_iter_seek_to_last(it_); }
  void Seek(const Slice& target) override { rocksdb_iter_seek(it_, target.data(), target.size()); }
  void SeekForPrev(const Slice& target) override { rocksdb_iter_seek_for_prev(it_, target.data(), target.size()); }
  void Next() override { rocksdb_iter_next(it_); }
  void Prev() override { rocksdb_iter_prev(it_); }
  Slice key() const override {
    size_t n = 0;
    const char* p = rocksdb_iter_key(it_, &n);
    return Slice(p, n);
  }
  Slice value() const override {
    size_t n = 0;
    const char* p = rocksdb_iter_value(it_, &n);
    return Slice(p, n);
  }
  Status status() const override {
    char* err = nullptr;
    rocksdb_iter_get_error(it_, &err);
    Status s = Status::FromCErrorText(err);
    rocksdb_free(err);
    return s;
  }
  Status Refresh() override {
    char* err = nullptr;
    rocksdb_iter_refresh(it_, &err);
    Status s = Status::FromCErrorText(err);
    rocksdb_free(err);
    return s;
  }
  Status Refresh(const Snapshot* snapshot) override {
    if (snapshot != nullptr) return Status::NotSupported("Refresh(snapshot): c.h refreshes to the latest state only");
    return Refresh();
  }

 private:
  rocksdb_iterator_t* it_;
  rocksdb_readoptions_t* read_options_;
};

}  // namespace ferrock_impl
}  // namespace ROCKSDB_NAMESPACE
