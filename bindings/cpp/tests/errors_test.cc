// Error statuses the engine reports through the C++ API: a missing database, a
// database that exists when it must not, a lock another handle holds, corrupted
// files.
#include <fstream>
#include <memory>
#include <string>

#include "rocksdb/db.h"
#include "rocksdb/options.h"
#include "test_util.h"

using namespace rocksdb;

TEST(Errors, MissingDatabaseIsInvalidArgument) {
  TempDir dir;
  std::unique_ptr<DB> db;
  Status s = DB::Open(Options(), dir.Sub("absent"), &db);
  EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
  EXPECT_NE(s.ToString().find("does not exist (create_if_missing is false)"), std::string::npos) << s.ToString();
  EXPECT_EQ(db, nullptr);
}

TEST(Errors, ExistingDatabaseWithErrorIfExists) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  db.reset();
  options.error_if_exists = true;
  Status s = DB::Open(options, dir.Sub("db"), &db);
  EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
  EXPECT_NE(s.ToString().find("exists (error_if_exists is true)"), std::string::npos) << s.ToString();
}

TEST(Errors, LockHeldByAnotherHandleIsIOError) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  std::unique_ptr<DB> first, second;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &first));
  Status s = DB::Open(options, dir.Sub("db"), &second);
  EXPECT_TRUE(s.IsIOError()) << s.ToString();
  EXPECT_NE(s.ToString().find("LOCK"), std::string::npos) << s.ToString();
  EXPECT_EQ(second, nullptr);
  first.reset();
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &second));
}

TEST(Errors, CorruptedCurrentFileIsCorruption) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  db.reset();
  std::ofstream(dir.Sub("db") + "/CURRENT", std::ios::trunc) << "garbage";
  Status s = DB::Open(options, dir.Sub("db"), &db);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.ToString().find("CURRENT file does not end with newline"), std::string::npos) << s.ToString();
}

TEST(Errors, CorruptedTableBlockIsCorruptionOnRead) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  options.compression = kNoCompression;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  for (int i = 0; i < 1000; ++i) ASSERT_OK(db->Put(WriteOptions(), "key" + std::to_string(i), std::string(100, 'a')));
  ASSERT_OK(db->Flush(FlushOptions()));
  std::vector<LiveFileMetaData> files;
  db->GetLiveFilesMetaData(&files);
  ASSERT_EQ(files.size(), 1u);
  db.reset();
  // Flip bytes early in the file: inside the first data block.
  std::string path = dir.Sub("db") + files[0].name;
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(100);
  f.write("XXXXXXXX", 8);
  f.close();
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  std::string value;
  Status s = db->Get(ReadOptions(), "key0", &value);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  std::unique_ptr<Iterator> it(db->NewIterator(ReadOptions()));
  it->SeekToFirst();
  EXPECT_FALSE(it->Valid());
  EXPECT_TRUE(it->status().IsCorruption()) << it->status().ToString();
}
