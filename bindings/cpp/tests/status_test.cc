// Status: RocksDB's codes, subcodes and texts, and the parse of the texts c.h hands back.
#include "rocksdb/io_status.h"
#include "rocksdb/status.h"
#include "test_util.h"

using rocksdb::IOStatus;
using rocksdb::Status;

TEST(Status, RendersRocksDBsTexts) {
  EXPECT_EQ(Status::OK().ToString(), "OK");
  EXPECT_EQ(Status::NotFound().ToString(), "NotFound: ");
  EXPECT_EQ(Status::NotFound("key", "k1").ToString(), "NotFound: key: k1");
  EXPECT_EQ(Status::NotSupported("x").ToString(), "Not implemented: x");
  EXPECT_EQ(Status::IOError("While lock file", "Resource temporarily unavailable").ToString(),
            "IO error: While lock file: Resource temporarily unavailable");
  EXPECT_EQ(Status::TimedOut(Status::kLockTimeout).ToString(), "Operation timed out: Timeout waiting to lock key");
  EXPECT_EQ(Status::NoSpace("disk").ToString(), "IO error: No space left on device: disk");
  EXPECT_EQ(Status::TryAgain().ToString(), "Operation failed. Try again.: ");
}

TEST(Status, ParsesEachCodeFromItsText) {
  const std::pair<Status, Status::Code> cases[] = {
      {Status::NotFound("a"), Status::kNotFound},          {Status::Corruption("a"), Status::kCorruption},
      {Status::NotSupported("a"), Status::kNotSupported},  {Status::InvalidArgument("a"), Status::kInvalidArgument},
      {Status::IOError("a"), Status::kIOError},            {Status::MergeInProgress("a"), Status::kMergeInProgress},
      {Status::Incomplete("a"), Status::kIncomplete},      {Status::ShutdownInProgress("a"), Status::kShutdownInProgress},
      {Status::TimedOut("a"), Status::kTimedOut},          {Status::Aborted("a"), Status::kAborted},
      {Status::Busy("a"), Status::kBusy},                  {Status::Expired("a"), Status::kExpired},
      {Status::TryAgain("a"), Status::kTryAgain},          {Status::CompactionTooLarge("a"), Status::kCompactionTooLarge},
      {Status::ColumnFamilyDropped("a"), Status::kColumnFamilyDropped},
  };
  for (const auto& [s, code] : cases) {
    Status parsed = Status::FromCErrorText(s.ToString().c_str());
    EXPECT_EQ(parsed.code(), code) << s.ToString();
    EXPECT_EQ(parsed.ToString(), s.ToString());
    EXPECT_STREQ(parsed.getState(), "a");
  }
  EXPECT_TRUE(Status::FromCErrorText(nullptr).ok());
}

TEST(Status, ParsesSubcodes) {
  Status s = Status::FromCErrorText("Operation timed out: Timeout waiting to lock key");
  EXPECT_TRUE(s.IsTimedOut());
  EXPECT_EQ(s.subcode(), Status::kLockTimeout);
  EXPECT_EQ(s.getState(), nullptr);
  s = Status::FromCErrorText("IO error: No space left on device: /db/000012.sst");
  EXPECT_TRUE(s.IsNoSpace());
  EXPECT_STREQ(s.getState(), "/db/000012.sst");
  EXPECT_EQ(s.ToString(), "IO error: No space left on device: /db/000012.sst");
  s = Status::FromCErrorText("Resource busy: Deadlock");
  EXPECT_TRUE(s.IsDeadlock());
  s = Status::FromCErrorText("Result incomplete: Manual compaction paused");
  EXPECT_TRUE(s.IsManualCompactionPaused());
}

TEST(Status, KeepsAnUnrecognisedTextWhole) {
  Status s = Status::FromCErrorText("something odd");
  EXPECT_TRUE(s.IsIOError());
  EXPECT_EQ(s.ToString(), "IO error: something odd");
}

TEST(Status, CopiesAndMovesKeepTheMessage) {
  Status a = Status::Corruption("bad block");
  Status b = a;
  Status c = std::move(a);
  EXPECT_EQ(b.ToString(), "Corruption: bad block");
  EXPECT_EQ(c.ToString(), "Corruption: bad block");
  EXPECT_TRUE(a.ok());
  EXPECT_EQ(Status::CopyAppendMessage(c, ": ", "more").ToString(), "Corruption: bad block: more");
  IOStatus io = Status::IOError("x");
  EXPECT_TRUE(io.IsIOError());
  Status back = io;
  EXPECT_EQ(back.ToString(), "IO error: x");
}
