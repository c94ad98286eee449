// ferrock's C++ API: Env (the operating system as RocksDB's programs see it:
// files, clocks and a pool of threads for Env::Schedule) and Logger (the info
// LOG). ferrock's engine has one environment, the POSIX one, with its own
// background threads; Env::Default() here is that environment seen from C++:
// file and clock calls go to POSIX directly, Schedule runs jobs on thread pools
// of this process (one per priority), and SetBackgroundThreads both sizes the
// pool and records the size on c.h's default env. A custom Env subclass given in
// options makes Open answer NotSupported (c.h has no callback environment).
#pragma once

#include <dirent.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "rocksdb/customizable.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

enum InfoLogLevel : unsigned char {
  DEBUG_LEVEL = 0,
  INFO_LEVEL,
  WARN_LEVEL,
  ERROR_LEVEL,
  FATAL_LEVEL,
  HEADER_LEVEL,
  NUM_INFO_LOG_LEVELS,
};

// Where the engine writes its info log lines. A Logger given as options.info_log
// receives the engine's lines through c.h's callback logger.
class Logger {
 public:
  static constexpr size_t kDoNotSupportGetLogFileSize = SIZE_MAX;
  static const InfoLogLevel kDefaultLogLevel = INFO_LEVEL;

  explicit Logger(const InfoLogLevel log_level = InfoLogLevel::INFO_LEVEL) : log_level_(log_level) {}
  Logger(const Logger&) = delete;
  void operator=(const Logger&) = delete;
  virtual ~Logger() = default;

  virtual Status Close() {
    if (closed_) return Status::OK();
    closed_ = true;
    return CloseImpl();
  }
  virtual void LogHeader(const char* format, va_list ap) { Logv(format, ap); }
  virtual void Logv(const char* /*format*/, va_list /*ap*/) {}
  virtual void Logv(const InfoLogLevel log_level, const char* format, va_list ap) {
    if (log_level < log_level_) return;
    if (log_level == HEADER_LEVEL) {
      LogHeader(format, ap);
    } else {
      Logv(format, ap);
    }
  }
  virtual size_t GetLogFileSize() const { return kDoNotSupportGetLogFileSize; }
  virtual void Flush() {}
  virtual InfoLogLevel GetInfoLogLevel() const { return log_level_; }
  virtual void SetInfoLogLevel(const InfoLogLevel log_level) { log_level_ = log_level; }

 protected:
  virtual Status CloseImpl() { return Status::NotSupported(); }
  bool closed_ = false;

 private:
  InfoLogLevel log_level_;
};

inline void Log(const InfoLogLevel log_level, const std::shared_ptr<Logger>& info_log, const char* format, ...) {
  if (!info_log) return;
  va_list ap;
  va_start(ap, format);
  info_log->Logv(log_level, format, ap);
  va_end(ap);
}
inline void Log(const std::shared_ptr<Logger>& info_log, const char* format, ...) {
  if (!info_log) return;
  va_list ap;
  va_start(ap, format);
  info_log->Logv(INFO_LEVEL, format, ap);
  va_end(ap);
}
inline void Log(Logger* info_log, const char* format, ...) {
  if (info_log == nullptr) return;
  va_list ap;
  va_start(ap, format);
  info_log->Logv(INFO_LEVEL, format, ap);
  va_end(ap);
}

enum class CpuPriority { kIdle = 19, kLow = 10, kNormal = 0, kHigh = -10 };

namespace ferrock_impl {

// A pool of worker threads running queued jobs in order (Env::Schedule). Workers are
// started on demand up to the pool's size and stopped when it shrinks.
class ThreadPool {
 public:
  explicit ThreadPool(int size) : size_(size) {}
  ~ThreadPool() { JoinAll(); }

  void Schedule(void (*function)(void*), void* arg, void* tag, void (*unschedule)(void*)) {
    std::unique_lock<std::mutex> lock(mu_);
    if (stopping_) return;
    queue_.push_back(Job{function, arg, tag, unschedule});
    StartWorkersLocked();
    cv_.notify_one();
  }

  // Removes the queued jobs with this tag, calling their unschedule functions; how many.
  int UnSchedule(void* tag) {
    std::vector<Job> removed;
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (auto it = queue_.begin(); it != queue_.end();) {
        if (it->tag == tag) {
          removed.push_back(*it);
          it = queue_.erase(it);
        } else {
          ++it;
        }
      }
    }
    for (const Job& j : removed) {
      if (j.unschedule != nullptr) j.unschedule(j.arg);
    }
    return static_cast<int>(removed.size());
  }

  unsigned int QueueLen() const {
    std::lock_guard<std::mutex> lock(mu_);
    return static_cast<unsigned int>(queue_.size());
  }

  void SetSize(int n) {
    std::lock_guard<std::mutex> lock(mu_);
    size_ = n < 0 ? 0 : n;
    StartWorkersLocked();
    cv_.notify_all();
  }
  void IncSizeIfNeeded(int n) {
    std::lock_guard<std::mutex> lock(mu_);
    if (n > size_) {
      size_ = n;
      StartWorkersLocked();
    }
  }
  int Size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return size_;
  }

  // Runs the queued jobs to the end, then stops the workers.
  void JoinAll() {
    std::vector<std::thread> workers;
    {
      std::unique_lock<std::mutex> lock(mu_);
      stopping_ = true;
      cv_.notify_all();
      workers.swap(workers_);
    }
    for (std::thread& t : workers) {
      if (t.joinable()) t.join();
    }
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = false;
  }

 private:
  struct Job {
    void (*function)(void*);
    void* arg;
    void* tag;
    void (*unschedule)(void*);
  };

  // Workers start with the first job and then track the pool's size.
  void StartWorkersLocked() {
    if (queue_.empty() && running_ == 0) return;
    while (running_ < size_) {
      ++running_;
      workers_.emplace_back([this] { Work(); });
    }
  }

  void Work() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty() || running_ > size_; });
      if (running_ > size_ || (queue_.empty() && stopping_)) break;
      Job job = queue_.front();
      queue_.pop_front();
      lock.unlock();
      job.function(job.arg);
      lock.lock();
    }
    --running_;
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  std::vector<std::thread> workers_;
  int size_;
  int running_ = 0;
  bool stopping_ = false;
};

inline Status PosixError(const std::string& context, int err) {
  std::string msg = context + ": " + std::strerror(err);
  if (err == ENOENT) return Status::PathNotFound(msg);
  if (err == ENOSPC) return Status::NoSpace(msg);
  return Status::IOError(msg);
}

}  // namespace ferrock_impl

class Env : public Customizable {
 public:
  enum Priority { BOTTOM, LOW, HIGH, USER, TOTAL };
  enum IOPriority { IO_LOW = 0, IO_MID = 1, IO_HIGH = 2, IO_USER = 3, IO_TOTAL = 4 };
  enum class IOActivity : uint8_t {
    kFlush = 0,
    kCompaction = 1,
    kDBOpen = 2,
    kGet = 3,
    kMultiGet = 4,
    kDBIterator = 5,
    kVerifyDBChecksum = 6,
    kVerifyFileChecksums = 7,
    kGetEntity = 8,
    kMultiGetEntity = 9,
    kGetFileChecksumsFromCurrentManifest = 10,
    kUnknown,
  };

  Env() = default;
  Env(const Env&) = delete;
  void operator=(const Env&) = delete;
  ~Env() override = default;

  static const char* Type() { return "Environment"; }
  const char* Name() const override { return "DefaultEnv"; }
  static const char* kDefaultName() { return "DefaultEnv"; }

  // The process's one environment (never destroyed, like RocksDB's).
  static Env* Default();

  static std::string PriorityToString(Priority priority) {
    switch (priority) {
      case BOTTOM: return "Bottom";
      case LOW: return "Low";
      case HIGH: return "High";
      case USER: return "User";
      default: return "Invalid";
    }
  }

  // Runs function(arg) on a thread of the pool of priority pri.
  virtual void Schedule(void (*function)(void* arg), void* arg, Priority pri = LOW, void* tag = nullptr,
                        void (*unschedFunction)(void* arg) = nullptr) {
    Pool(pri).Schedule(function, arg, tag, unschedFunction);
  }
  virtual int UnSchedule(void* tag, Priority pri) { return Pool(pri).UnSchedule(tag); }

  // Starts a thread running function(arg); WaitForJoin waits for every such thread.
  virtual void StartThread(void (*function)(void* arg), void* arg) {
    std::lock_guard<std::mutex> lock(threads_mu_);
    threads_.emplace_back(function, arg);
  }
  virtual void WaitForJoin() {
    std::vector<std::thread> threads;
    {
      std::lock_guard<std::mutex> lock(threads_mu_);
      threads.swap(threads_);
    }
    for (std::thread& t : threads) t.join();
  }

  virtual unsigned int GetThreadPoolQueueLen(Priority pri = LOW) const {
    return const_cast<Env*>(this)->Pool(pri).QueueLen();
  }
  virtual void SetBackgroundThreads(int number, Priority pri = LOW);
  virtual int GetBackgroundThreads(Priority pri = LOW) { return Pool(pri).Size(); }
  virtual void IncBackgroundThreadsIfNeeded(int number, Priority pri) { Pool(pri).IncSizeIfNeeded(number); }
  virtual void LowerThreadPoolIOPriority(Priority /*pool*/ = LOW) {}
  virtual void LowerThreadPoolCPUPriority(Priority /*pool*/ = LOW) {}

  virtual uint64_t NowMicros() {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count());
  }
  virtual uint64_t NowNanos() {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
  }
  virtual uint64_t NowCPUNanos() {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ULL + static_cast<uint64_t>(ts.tv_nsec);
  }
  virtual void SleepForMicroseconds(int micros) { std::this_thread::sleep_for(std::chrono::microseconds(micros)); }
  virtual Status GetCurrentTime(int64_t* unix_time) {
    *unix_time = static_cast<int64_t>(std::time(nullptr));
    return Status::OK();
  }
  virtual Status GetHostName(char* name, uint64_t len) {
    if (gethostname(name, static_cast<size_t>(len)) != 0) return ferrock_impl::PosixError("gethostname", errno);
    return Status::OK();
  }
  virtual std::string TimeToString(uint64_t secondsSince1970) {
    time_t t = static_cast<time_t>(secondsSince1970);
    struct tm tm_buf;
    localtime_r(&t, &tm_buf);
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%04d/%02d/%02d-%02d:%02d:%02d ", tm_buf.tm_year + 1900, tm_buf.tm_mon + 1,
                  tm_buf.tm_mday, tm_buf.tm_hour, tm_buf.tm_min, tm_buf.tm_sec);
    return buf;
  }
  virtual uint64_t GetThreadID() const { return static_cast<uint64_t>(std::hash<std::thread::id>()(std::this_thread::get_id())); }

  virtual Status FileExists(const std::string& fname) {
    if (access(fname.c_str(), F_OK) == 0) return Status::OK();
    int err = errno;
    if (err == ENOENT || err == ENOTDIR) return Status::NotFound();
    return ferrock_impl::PosixError("While access " + fname, err);
  }
  virtual Status GetChildren(const std::string& dir, std::vector<std::string>* result) {
    result->clear();
    DIR* d = opendir(dir.c_str());
    if (d == nullptr) {
      int err = errno;
      if (err == ENOENT || err == ENOTDIR) return Status::NotFound("While opendir: " + dir, std::strerror(err));
      return ferrock_impl::PosixError("While opendir: " + dir, err);
    }
    while (struct dirent* e = readdir(d)) {
      std::string name = e->d_name;
      if (name != "." && name != "..") result->push_back(name);
    }
    closedir(d);
    return Status::OK();
  }
  virtual Status DeleteFile(const std::string& fname) {
    if (unlink(fname.c_str()) != 0) return ferrock_impl::PosixError("while unlink() file: " + fname, errno);
    return Status::OK();
  }
  virtual Status CreateDir(const std::string& dirname) {
    if (mkdir(dirname.c_str(), 0755) != 0) return ferrock_impl::PosixError("While mkdir: " + dirname, errno);
    return Status::OK();
  }
  virtual Status CreateDirIfMissing(const std::string& dirname) {
    if (mkdir(dirname.c_str(), 0755) != 0) {
      int err = errno;
      struct stat st;
      if (err != EEXIST) return ferrock_impl::PosixError("While mkdir if missing: " + dirname, err);
      if (stat(dirname.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        return Status::IOError("`" + dirname + "' exists but is not a directory");
      }
    }
    return Status::OK();
  }
  virtual Status DeleteDir(const std::string& dirname) {
    if (rmdir(dirname.c_str()) != 0) return ferrock_impl::PosixError("file rmdir: " + dirname, errno);
    return Status::OK();
  }
  virtual Status GetFileSize(const std::string& fname, uint64_t* file_size) {
    struct stat st;
    if (stat(fname.c_str(), &st) != 0) {
      *file_size = 0;
      return ferrock_impl::PosixError("while stat a file for size: " + fname, errno);
    }
    *file_size = static_cast<uint64_t>(st.st_size);
    return Status::OK();
  }
  virtual Status GetFileModificationTime(const std::string& fname, uint64_t* file_mtime) {
    struct stat st;
    if (stat(fname.c_str(), &st) != 0) return ferrock_impl::PosixError("while stat a file for modification time: " + fname, errno);
    *file_mtime = static_cast<uint64_t>(st.st_mtime);
    return Status::OK();
  }
  virtual Status RenameFile(const std::string& src, const std::string& target) {
    if (rename(src.c_str(), target.c_str()) != 0) {
      return ferrock_impl::PosixError("While renaming a file to " + target + ": " + src, errno);
    }
    return Status::OK();
  }
  virtual Status LinkFile(const std::string& src, const std::string& target) {
    if (link(src.c_str(), target.c_str()) != 0) {
      int err = errno;
      if (err == EXDEV || err == ENOTSUP) return Status::NotSupported("No cross FS links allowed");
      return ferrock_impl::PosixError("while link file to " + target + ": " + src, err);
    }
    return Status::OK();
  }
  virtual Status GetAbsolutePath(const std::string& db_path, std::string* output_path) {
    if (!db_path.empty() && db_path[0] == '/') {
      *output_path = db_path;
      return Status::OK();
    }
    char buf[4096];
    if (getcwd(buf, sizeof(buf)) == nullptr) return ferrock_impl::PosixError("GetAbsolutePath", errno);
    *output_path = std::string(buf) + "/" + db_path;
    return Status::OK();
  }
  virtual Status GetTestDirectory(std::string* path) {
    const char* env = std::getenv("TEST_TMPDIR");
    if (env != nullptr && env[0] != '\0') {
      *path = env;
    } else {
      *path = "/tmp/rocksdbtest-" + std::to_string(static_cast<int>(geteuid()));
    }
    CreateDirIfMissing(*path).PermitUncheckedError();
    return Status::OK();
  }

 private:
  ferrock_impl::ThreadPool& Pool(Priority pri) {
    int i = (pri >= BOTTOM && pri <= USER) ? static_cast<int>(pri) : static_cast<int>(LOW);
    return pools_[i];
  }

  // RocksDB's default env starts with one LOW and one HIGH thread and none BOTTOM.
  ferrock_impl::ThreadPool pools_[4] = {ferrock_impl::ThreadPool(0), ferrock_impl::ThreadPool(1),
                                        ferrock_impl::ThreadPool(1), ferrock_impl::ThreadPool(0)};
  std::mutex threads_mu_;
  std::vector<std::thread> threads_;
};

}  // namespace ROCKSDB_NAMESPACE

#include "rocksdb/impl/env_default.h"
