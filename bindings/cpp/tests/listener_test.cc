// EventListeners written in C++: flush and compaction events reach the program's
// listener with the DB object it opened, and calls made from a callback work.
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rocksdb/db.h"
#include "rocksdb/listener.h"
#include "rocksdb/options.h"
#include "test_util.h"

using namespace rocksdb;

namespace {

class Recorder : public EventListener {
 public:
  void OnFlushBegin(DB* db, const FlushJobInfo& info) override {
    std::lock_guard<std::mutex> l(mu);
    flush_begin_cf.push_back(info.cf_name);
    seen_db = db;
  }
  void OnFlushCompleted(DB* db, const FlushJobInfo& info) override {
    // A call into the database from the callback.
    std::string v;
    Status s = db->Get(ReadOptions(), "k", &v);
    std::lock_guard<std::mutex> l(mu);
    flushed_files.push_back(info.file_path);
    flush_reasons.push_back(info.flush_reason);
    get_in_callback = s.ok() ? v : s.ToString();
    cv.notify_all();
  }
  void OnCompactionCompleted(DB*, const CompactionJobInfo& info) override {
    std::lock_guard<std::mutex> l(mu);
    compactions.push_back(info);
    cv.notify_all();
  }
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> flush_begin_cf;
  std::vector<std::string> flushed_files;
  std::vector<FlushReason> flush_reasons;
  std::vector<CompactionJobInfo> compactions;
  std::string get_in_callback;
  DB* seen_db = nullptr;
};

}  // namespace

TEST(Listener, FlushAndCompactionEventsReachTheProgram) {
  TempDir dir;
  auto recorder = std::make_shared<Recorder>();
  Options options;
  options.create_if_missing = true;
  options.listeners.push_back(recorder);
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  ASSERT_OK(db->Put(WriteOptions(), "k", "v1"));
  FlushOptions fo;
  fo.listener_wait = true;
  ASSERT_OK(db->Flush(fo));
  {
    std::unique_lock<std::mutex> l(recorder->mu);
    recorder->cv.wait(l, [&] { return !recorder->flushed_files.empty(); });
    EXPECT_EQ(recorder->flush_begin_cf, std::vector<std::string>{"default"});
    EXPECT_EQ(recorder->seen_db, db.get());
    EXPECT_EQ(recorder->flush_reasons[0], FlushReason::kManualFlush);
    EXPECT_NE(recorder->flushed_files[0].find(".sst"), std::string::npos);
    EXPECT_EQ(recorder->get_in_callback, "v1");
  }
  ASSERT_OK(db->Put(WriteOptions(), "k", "v2"));
  ASSERT_OK(db->Flush(fo));
  ASSERT_OK(db->CompactRange(CompactRangeOptions(), nullptr, nullptr));
  std::unique_lock<std::mutex> l(recorder->mu);
  recorder->cv.wait(l, [&] { return !recorder->compactions.empty(); });
  const CompactionJobInfo& c = recorder->compactions.back();
  EXPECT_TRUE(c.status.ok()) << c.status.ToString();
  EXPECT_EQ(c.cf_name, "default");
  EXPECT_EQ(c.input_files.size(), 2u);
  EXPECT_EQ(c.compaction_reason, CompactionReason::kManualCompaction);
  EXPECT_EQ(c.stats.num_input_records, 2u);
}
