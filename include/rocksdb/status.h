// ferrock's C++ API: Status, the result of every operation, with RocksDB's codes,
// subcodes, severities and ToString() texts. A Status made from a C call's
// errptr text (ferrock's errors carry RocksDB's prefixes) is parsed back into its
// code, subcode and message by Status::FromCErrorText.
#pragma once

#include <cstring>
#include <memory>
#include <string>

#include "rocksdb/slice.h"

namespace ROCKSDB_NAMESPACE {

class Status {
 public:
  Status() : code_(kOk), subcode_(kNone), sev_(kNoError), retryable_(false), data_loss_(false), scope_(0) {}
  ~Status() = default;

  Status(const Status& s) { CopyFrom(s); }
  Status& operator=(const Status& s) {
    if (this != &s) CopyFrom(s);
    return *this;
  }
  Status(Status&& s) noexcept : Status() { *this = std::move(s); }
  Status& operator=(Status&& s) noexcept {
    if (this != &s) {
      code_ = s.code_;
      subcode_ = s.subcode_;
      sev_ = s.sev_;
      retryable_ = s.retryable_;
      data_loss_ = s.data_loss_;
      scope_ = s.scope_;
      state_ = std::move(s.state_);
      s.code_ = kOk;
      s.subcode_ = kNone;
      s.sev_ = kNoError;
      s.retryable_ = false;
      s.data_loss_ = false;
      s.scope_ = 0;
    }
    return *this;
  }
  // Statuses compare by code only, as RocksDB's do.
  bool operator==(const Status& rhs) const { return code_ == rhs.code_; }
  bool operator!=(const Status& rhs) const { return !(*this == rhs); }

  // RocksDB's checked-status build hooks; ferrock does not track checking.
  inline void PermitUncheckedError() const {}
  inline void PermitUncheckedOk() const {}
  inline void MustCheck() const {}

  enum Code : unsigned char {
    kOk = 0,
    kNotFound = 1,
    kCorruption = 2,
    kNotSupported = 3,
    kInvalidArgument = 4,
    kIOError = 5,
    kMergeInProgress = 6,
    kIncomplete = 7,
    kShutdownInProgress = 8,
    kTimedOut = 9,
    kAborted = 10,
    kBusy = 11,
    kExpired = 12,
    kTryAgain = 13,
    kCompactionTooLarge = 14,
    kColumnFamilyDropped = 15,
    kMaxCode
  };
  Code code() const { return code_; }

  enum SubCode : unsigned char {
    kNone = 0,
    kMutexTimeout = 1,
    kLockTimeout = 2,
    kLockLimit = 3,
    kNoSpace = 4,
    kDeadlock = 5,
    kStaleFile = 6,
    kMemoryLimit = 7,
    kSpaceLimit = 8,
    kPathNotFound = 9,
    KMergeOperandsInsufficientCapacity = 10,
    kManualCompactionPaused = 11,
    kOverwritten = 12,
    kTxnNotPrepared = 13,
    kIOFenced = 14,
    kMergeOperatorFailed = 15,
    kMergeOperandThresholdExceeded = 16,
    kPrefetchLimitReached = 17,
    kNotExpectedCodePath = 18,
    kCompactionAborted = 19,
    kMaxSubCode
  };
  SubCode subcode() const { return subcode_; }

  enum Severity : unsigned char {
    kNoError = 0,
    kSoftError = 1,
    kHardError = 2,
    kFatalError = 3,
    kUnrecoverableError = 4,
    kMaxSeverity
  };

  Status(const Status& s, Severity sev) : Status(s) { sev_ = sev; }
  Status(Code _code, SubCode _subcode, Severity _sev, const Slice& msg)
      : Status(_code, _subcode, msg, Slice(), _sev) {}

  // s with delim and msg appended to its message.
  static Status CopyAppendMessage(const Status& s, const Slice& delim, const Slice& msg) {
    std::string m = s.getState() == nullptr ? std::string() : std::string(s.getState());
    m.append(delim.data(), delim.size());
    m.append(msg.data(), msg.size());
    return Status(s.code(), s.subcode(), s.severity(), m);
  }

  Severity severity() const { return sev_; }
  // The message without the code's prefix, or nullptr when there is none.
  const char* getState() const { return state_.get(); }

  Status& UpdateIfOk(Status&& s) {
    if (code() == kOk) *this = std::move(s);
    return *this;
  }
  Status& UpdateIfOk(const Status& s) { return UpdateIfOk(Status(s)); }

  static Status OK() { return Status(); }
  static Status OkOverwritten() { return Status(kOk, kOverwritten); }
  static Status OkMergeOperandThresholdExceeded() { return Status(kOk, kMergeOperandThresholdExceeded); }

  static Status NotFound(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kNotFound, msg, msg2); }
  static Status NotFound(SubCode msg = kNone) { return Status(kNotFound, msg); }
  static Status NotFound(SubCode sc, const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kNotFound, sc, msg, msg2);
  }
  static Status Corruption(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kCorruption, msg, msg2); }
  static Status Corruption(SubCode msg = kNone) { return Status(kCorruption, msg); }
  static Status NotSupported(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kNotSupported, msg, msg2);
  }
  static Status NotSupported(SubCode msg = kNone) { return Status(kNotSupported, msg); }
  static Status InvalidArgument(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kInvalidArgument, msg, msg2);
  }
  static Status InvalidArgument(SubCode msg = kNone) { return Status(kInvalidArgument, msg); }
  static Status IOError(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kIOError, msg, msg2); }
  static Status IOError(SubCode msg = kNone) { return Status(kIOError, msg); }
  static Status MergeInProgress(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kMergeInProgress, msg, msg2);
  }
  static Status MergeInProgress(SubCode msg = kNone) { return Status(kMergeInProgress, msg); }
  static Status Incomplete(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kIncomplete, msg, msg2); }
  static Status Incomplete(SubCode msg = kNone) { return Status(kIncomplete, msg); }
  static Status ShutdownInProgress(SubCode msg = kNone) { return Status(kShutdownInProgress, msg); }
  static Status ShutdownInProgress(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kShutdownInProgress, msg, msg2);
  }
  static Status Aborted(SubCode msg = kNone) { return Status(kAborted, msg); }
  static Status Aborted(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kAborted, msg, msg2); }
  static Status Busy(SubCode msg = kNone) { return Status(kBusy, msg); }
  static Status Busy(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kBusy, msg, msg2); }
  static Status TimedOut(SubCode msg = kNone) { return Status(kTimedOut, msg); }
  static Status TimedOut(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kTimedOut, msg, msg2); }
  static Status Expired(SubCode msg = kNone) { return Status(kExpired, msg); }
  static Status Expired(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kExpired, msg, msg2); }
  static Status TryAgain(SubCode msg = kNone) { return Status(kTryAgain, msg); }
  static Status TryAgain(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kTryAgain, msg, msg2); }
  static Status CompactionTooLarge(SubCode msg = kNone) { return Status(kCompactionTooLarge, msg); }
  static Status CompactionTooLarge(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kCompactionTooLarge, msg, msg2);
  }
  static Status ColumnFamilyDropped(SubCode msg = kNone) { return Status(kColumnFamilyDropped, msg); }
  static Status ColumnFamilyDropped(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kColumnFamilyDropped, msg, msg2);
  }
  static Status NoSpace() { return Status(kIOError, kNoSpace); }
  static Status NoSpace(const Slice& msg, const Slice& msg2 = Slice()) { return Status(kIOError, kNoSpace, msg, msg2); }
  static Status MemoryLimit() { return Status(kAborted, kMemoryLimit); }
  static Status MemoryLimit(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kAborted, kMemoryLimit, msg, msg2);
  }
  static Status SpaceLimit() { return Status(kIOError, kSpaceLimit); }
  static Status SpaceLimit(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kIOError, kSpaceLimit, msg, msg2);
  }
  static Status PathNotFound() { return Status(kIOError, kPathNotFound); }
  static Status PathNotFound(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kIOError, kPathNotFound, msg, msg2);
  }
  static Status TxnNotPrepared() { return Status(kInvalidArgument, kTxnNotPrepared); }
  static Status TxnNotPrepared(const Slice& msg, const Slice& msg2 = Slice()) {
    return Status(kInvalidArgument, kTxnNotPrepared, msg, msg2);
  }
  static Status LockLimit() { return Status(kAborted, kLockLimit); }
  static Status PrefetchLimitReached() { return Status(kIncomplete, kPrefetchLimitReached); }

  bool ok() const { return code_ == kOk; }
  void AssertOK() const { assert(ok()); }
  bool IsOkOverwritten() const { return code_ == kOk && subcode_ == kOverwritten; }
  bool IsOkMergeOperandThresholdExceeded() const { return code_ == kOk && subcode_ == kMergeOperandThresholdExceeded; }
  bool IsNotFound() const { return code_ == kNotFound; }
  bool IsCorruption() const { return code_ == kCorruption; }
  bool IsNotSupported() const { return code_ == kNotSupported; }
  bool IsInvalidArgument() const { return code_ == kInvalidArgument; }
  bool IsIOError() const { return code_ == kIOError; }
  bool IsMergeInProgress() const { return code_ == kMergeInProgress; }
  bool IsIncomplete() const { return code_ == kIncomplete; }
  bool IsShutdownInProgress() const { return code_ == kShutdownInProgress; }
  bool IsTimedOut() const { return code_ == kTimedOut; }
  bool IsAborted() const { return code_ == kAborted; }
  bool IsLockLimit() const { return code_ == kAborted && subcode_ == kLockLimit; }
  bool IsBusy() const { return code_ == kBusy; }
  bool IsDeadlock() const { return code_ == kBusy && subcode_ == kDeadlock; }
  bool IsExpired() const { return code_ == kExpired; }
  bool IsTryAgain() const { return code_ == kTryAgain; }
  bool IsCompactionTooLarge() const { return code_ == kCompactionTooLarge; }
  bool IsColumnFamilyDropped() const { return code_ == kColumnFamilyDropped; }
  bool IsNoSpace() const { return code_ == kIOError && subcode_ == kNoSpace; }
  bool IsMemoryLimit() const { return code_ == kAborted && subcode_ == kMemoryLimit; }
  bool IsPathNotFound() const { return (code_ == kIOError || code_ == kNotFound) && subcode_ == kPathNotFound; }
  bool IsManualCompactionPaused() const { return code_ == kIncomplete && subcode_ == kManualCompactionPaused; }
  bool IsCompactionAborted() const { return code_ == kIncomplete && subcode_ == kCompactionAborted; }
  bool IsTxnNotPrepared() const { return code_ == kInvalidArgument && subcode_ == kTxnNotPrepared; }
  bool IsIOFenced() const { return code_ == kIOError && subcode_ == kIOFenced; }
  bool IsPrefetchLimitReached() const { return code_ == kIncomplete && subcode_ == kPrefetchLimitReached; }

  // "OK", or the code's prefix, the subcode's text and the message, as RocksDB renders them
  // ("IO error: No space left on device: /db/000012.sst").
  std::string ToString() const {
    if (code_ == kOk) return "OK";
    std::string result = CodePrefix(code_);
    if (subcode_ != kNone) result.append(SubCodeText(subcode_));
    if (state_ != nullptr) {
      if (subcode_ != kNone) result.append(": ");
      result.append(state_.get());
    }
    return result;
  }

  // The Status whose ToString() is `text`: the text a ferrock (or RocksDB) C call
  // stored through errptr. An unrecognised text becomes an IOError carrying it whole.
  static Status FromCErrorText(const char* text) {
    if (text == nullptr) return Status();
    const size_t len = std::strlen(text);
    for (int c = kNotFound; c < kMaxCode; ++c) {
      const char* prefix = CodePrefix(static_cast<Code>(c));
      const size_t plen = std::strlen(prefix);
      // A status without a message renders as its prefix; a prefix's ": " may be cut off.
      bool whole = len >= plen && std::memcmp(text, prefix, plen) == 0;
      bool bare = len + 2 == plen && std::memcmp(text, prefix, len) == 0;
      if (!whole && !bare) continue;
      const char* rest = whole ? text + plen : text + len;
      SubCode sub = kNone;
      for (int sc = kMutexTimeout; sc < kMaxSubCode; ++sc) {
        const char* st = SubCodeText(static_cast<SubCode>(sc));
        const size_t slen = std::strlen(st);
        if (std::strncmp(rest, st, slen) == 0 && (rest[slen] == '\0' || std::strncmp(rest + slen, ": ", 2) == 0)) {
          sub = static_cast<SubCode>(sc);
          rest += slen;
          if (*rest != '\0') rest += 2;
          break;
        }
      }
      Status s(static_cast<Code>(c), sub);
      if (*rest != '\0') s.state_ = CopyState(rest, std::strlen(rest));
      return s;
    }
    Status s(kIOError, kNone);
    s.state_ = CopyState(text, len);
    return s;
  }

 protected:
  Code code_;
  SubCode subcode_;
  Severity sev_;
  bool retryable_;
  bool data_loss_;
  unsigned char scope_;
  std::unique_ptr<const char[]> state_;

  explicit Status(Code _code, SubCode _subcode = kNone)
      : code_(_code), subcode_(_subcode), sev_(kNoError), retryable_(false), data_loss_(false), scope_(0) {}
  explicit Status(Code _code, SubCode _subcode, bool retryable, bool data_loss, unsigned char scope)
      : code_(_code), subcode_(_subcode), sev_(kNoError), retryable_(retryable), data_loss_(data_loss), scope_(scope) {}
  Status(Code _code, SubCode _subcode, const Slice& msg, const Slice& msg2, Severity sev = kNoError)
      : code_(_code), subcode_(_subcode), sev_(sev), retryable_(false), data_loss_(false), scope_(0) {
    std::string m(msg.data(), msg.size());
    if (!msg2.empty()) {
      m.append(": ");
      m.append(msg2.data(), msg2.size());
    }
    state_ = CopyState(m.data(), m.size());
  }
  Status(Code _code, const Slice& msg, const Slice& msg2) : Status(_code, kNone, msg, msg2) {}

  static std::unique_ptr<const char[]> CopyState(const char* s) { return CopyState(s, std::strlen(s)); }
  static std::unique_ptr<const char[]> CopyState(const char* s, size_t n) {
    char* copy = new char[n + 1];
    std::memcpy(copy, s, n);
    copy[n] = '\0';
    return std::unique_ptr<const char[]>(copy);
  }

 private:
  void CopyFrom(const Status& s) {
    code_ = s.code_;
    subcode_ = s.subcode_;
    sev_ = s.sev_;
    retryable_ = s.retryable_;
    data_loss_ = s.data_loss_;
    scope_ = s.scope_;
    state_ = s.state_ == nullptr ? nullptr : CopyState(s.state_.get());
  }

  static const char* CodePrefix(Code code) {
    switch (code) {
      case kOk: return "OK";
      case kNotFound: return "NotFound: ";
      case kCorruption: return "Corruption: ";
      case kNotSupported: return "Not implemented: ";
      case kInvalidArgument: return "Invalid argument: ";
      case kIOError: return "IO error: ";
      case kMergeInProgress: return "Merge in progress: ";
      case kIncomplete: return "Result incomplete: ";
      case kShutdownInProgress: return "Shutdown in progress: ";
      case kTimedOut: return "Operation timed out: ";
      case kAborted: return "Operation aborted: ";
      case kBusy: return "Resource busy: ";
      case kExpired: return "Operation expired: ";
      case kTryAgain: return "Operation failed. Try again.: ";
      case kCompactionTooLarge: return "Compaction too large: ";
      case kColumnFamilyDropped: return "Column family dropped: ";
      default: return "Unknown code: ";
    }
  }

  static const char* SubCodeText(SubCode sub) {
    switch (sub) {
      case kNone: return "";
      case kMutexTimeout: return "Timeout Acquiring Mutex";
      case kLockTimeout: return "Timeout waiting to lock key";
      case kLockLimit: return "Failed to acquire lock due to max_num_locks limit";
      case kNoSpace: return "No space left on device";
      case kDeadlock: return "Deadlock";
      case kStaleFile: return "Stale file handle";
      case kMemoryLimit: return "Memory limit reached";
      case kSpaceLimit: return "Space limit reached";
      case kPathNotFound: return "No such file or directory";
      case KMergeOperandsInsufficientCapacity: return "Insufficient capacity for merge operands";
      case kManualCompactionPaused: return "Manual compaction paused";
      case kOverwritten: return " (overwritten)";
      case kTxnNotPrepared: return "Txn not prepared";
      case kIOFenced: return "IO fenced off";
      case kMergeOperatorFailed: return "Merge operator failed";
      case kMergeOperandThresholdExceeded: return "Number of operands merged exceeded threshold";
      case kPrefetchLimitReached: return "MultiScan reached file prefetch limit";
      case kNotExpectedCodePath: return "Not expected code path";
      case kCompactionAborted: return "All compactions aborted";
      default: return "";
    }
  }
};

}  // namespace ROCKSDB_NAMESPACE
