// ferrock's C++ API: IOStatus, the Status of file-system level operations
// (backup engine, checkpoints), with RocksDB's retryable / data-loss flags.
#pragma once

#include <string>

#include "rocksdb/slice.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

class IOStatus : public Status {
 public:
  using Code = Status::Code;
  using SubCode = Status::SubCode;
  enum IOErrorScope : unsigned char { kIOErrorScopeFileSystem, kIOErrorScopeFile, kIOErrorScopeRange, kIOErrorScopeMax };

  IOStatus() : IOStatus(kOk, kNone) {}
  // A Status seen as an IOStatus (how c.h's errors arrive).
  /* implicit */ IOStatus(const Status& s) : Status(s) {}
  IOStatus(Code _code, SubCode _subcode, const Slice& msg, const Slice& msg2) : Status(_code, _subcode, msg, msg2) {}

  void SetRetryable(bool retryable) { retryable_ = retryable; }
  void SetDataLoss(bool data_loss) { data_loss_ = data_loss; }
  void SetScope(IOErrorScope scope) { scope_ = static_cast<unsigned char>(scope); }
  bool GetRetryable() const { return retryable_; }
  bool GetDataLoss() const { return data_loss_; }
  IOErrorScope GetScope() const { return static_cast<IOErrorScope>(scope_); }

  static IOStatus OK() { return IOStatus(); }
  static IOStatus NotSupported(const Slice& msg, const Slice& msg2 = Slice()) {
    return IOStatus(kNotSupported, kNone, msg, msg2);
  }
  static IOStatus NotFound(const Slice& msg, const Slice& msg2 = Slice()) { return IOStatus(kNotFound, kNone, msg, msg2); }
  static IOStatus Corruption(const Slice& msg, const Slice& msg2 = Slice()) {
    return IOStatus(kCorruption, kNone, msg, msg2);
  }
  static IOStatus InvalidArgument(const Slice& msg, const Slice& msg2 = Slice()) {
    return IOStatus(kInvalidArgument, kNone, msg, msg2);
  }
  static IOStatus IOError(const Slice& msg, const Slice& msg2 = Slice()) { return IOStatus(kIOError, kNone, msg, msg2); }
  static IOStatus Busy(const Slice& msg, const Slice& msg2 = Slice()) { return IOStatus(kBusy, kNone, msg, msg2); }
  static IOStatus NoSpace(const Slice& msg, const Slice& msg2 = Slice()) { return IOStatus(kIOError, kNoSpace, msg, msg2); }
  static IOStatus PathNotFound(const Slice& msg, const Slice& msg2 = Slice()) {
    return IOStatus(kIOError, kPathNotFound, msg, msg2);
  }

 private:
  IOStatus(Code _code, SubCode _subcode) : Status(_code, _subcode, false, false, kIOErrorScopeFileSystem) {}
};

}  // namespace ROCKSDB_NAMESPACE
