// Env::Default(): jobs scheduled on its thread pools run, and its file calls
// answer as RocksDB's POSIX env does.
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "rocksdb/env.h"
#include "test_util.h"

using namespace rocksdb;

namespace {
struct Counter {
  std::mutex mu;
  std::condition_variable cv;
  int done = 0;
};
void Bump(void* arg) {
  auto* c = static_cast<Counter*>(arg);
  std::lock_guard<std::mutex> l(c->mu);
  ++c->done;
  c->cv.notify_all();
}
}  // namespace

TEST(Env, ScheduledJobsRun) {
  Env* env = Env::Default();
  EXPECT_EQ(env, Env::Default());
  env->SetBackgroundThreads(3, Env::LOW);
  EXPECT_EQ(env->GetBackgroundThreads(Env::LOW), 3);
  Counter c;
  for (int i = 0; i < 20; ++i) env->Schedule(&Bump, &c, Env::LOW);
  env->Schedule(&Bump, &c, Env::HIGH);
  std::unique_lock<std::mutex> l(c.mu);
  c.cv.wait(l, [&] { return c.done == 21; });
  EXPECT_EQ(c.done, 21);
}

TEST(Env, FilesAndDirectories) {
  TempDir dir;
  Env* env = Env::Default();
  ASSERT_OK(env->CreateDirIfMissing(dir.Sub("d")));
  ASSERT_OK(env->CreateDirIfMissing(dir.Sub("d")));
  EXPECT_OK(env->FileExists(dir.Sub("d")));
  EXPECT_TRUE(env->FileExists(dir.Sub("nope")).IsNotFound());
  std::vector<std::string> children;
  ASSERT_OK(env->GetChildren(dir.path(), &children));
  EXPECT_EQ(children, std::vector<std::string>{"d"});
  EXPECT_TRUE(env->GetChildren(dir.Sub("nope"), &children).IsNotFound());
  Status s = env->DeleteFile(dir.Sub("nope"));
  EXPECT_TRUE(s.IsPathNotFound()) << s.ToString();
  ASSERT_OK(env->DeleteDir(dir.Sub("d")));
  EXPECT_GT(env->NowMicros(), 0u);
}
