// ferrock C++ binding: header-only C++17 RAII wrappers over RocksDB's C API
// (`rocksdb/c.h`, RocksDB 11.8.1 names and signatures). Works against ferrock's
// cdylib (`-lferrock`) or RocksDB itself (`-lrocksdb`): nothing here touches
// anything but the C ABI.
//
// Error model: exceptions. Every failing C call (a non-NULL `errptr`) throws
// `ferrock::Error`, whose `what()` is RocksDB's status text byte for byte and
// whose `code()` is parsed from that text's prefix ("Corruption: ...", "IO
// error: ..."). A missing key is not an error: `get` returns `std::nullopt`.
//
// Ownership: every handle is move-only and freed by its destructor. The
// database itself lives in a shared `detail::DbHandle`: iterators, snapshots
// and column families each hold a reference, so destroying the `DB` object
// before them is safe; the C database is closed when the last holder goes.
//
// Thread-safety: as RocksDB's. A `DB` may be used from many threads at once;
// `Iterator`, `WriteBatch` and the option objects are single-threaded.
#pragma once

#include <rocksdb/c.h>

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ferrock {

// RocksDB's Status codes, recovered from the status text's prefix.
enum class Code {
  kOk,
  kNotFound,
  kCorruption,
  kNotSupported,
  kInvalidArgument,
  kIOError,
  kMergeInProgress,
  kIncomplete,
  kShutdownInProgress,
  kTimedOut,
  kAborted,
  kBusy,
  kExpired,
  kTryAgain,
  kUnknown,
};

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& status_text)
      : std::runtime_error(status_text), code_(code_from_text(status_text)) {}
  Code code() const noexcept { return code_; }

  static Code code_from_text(std::string_view text) {
    // Prefixes as rendered by rocksdb::Status::ToString().
    static constexpr std::pair<std::string_view, Code> kPrefixes[] = {
        {"NotFound: ", Code::kNotFound},
        {"Corruption: ", Code::kCorruption},
        {"Not implemented: ", Code::kNotSupported},
        {"Invalid argument: ", Code::kInvalidArgument},
        {"IO error: ", Code::kIOError},
        {"Merge in progress: ", Code::kMergeInProgress},
        {"Result incomplete: ", Code::kIncomplete},
        {"Shutdown in progress: ", Code::kShutdownInProgress},
        {"Operation timed out: ", Code::kTimedOut},
        {"Operation aborted: ", Code::kAborted},
        {"Resource busy: ", Code::kBusy},
        {"Operation expired: ", Code::kExpired},
        {"Operation failed. Try again.: ", Code::kTryAgain},
    };
    for (const auto& [prefix, code] : kPrefixes) {
      // A status without a message renders the prefix without ": ".
      std::string_view bare = prefix.substr(0, prefix.size() - 2);
      if (text.substr(0, prefix.size()) == prefix || text == bare) return code;
    }
    return Code::kUnknown;
  }

 private:
  Code code_;
};

namespace detail {

// Collects a C call's `char** errptr` and throws if it was set.
class ErrPtr {
 public:
  ErrPtr() = default;
  ErrPtr(const ErrPtr&) = delete;
  ErrPtr& operator=(const ErrPtr&) = delete;
  ~ErrPtr() { rocksdb_free(err_); }
  char** out() { return &err_; }
  void throw_if_set() {
    if (err_ != nullptr) {
      std::string text(err_);
      rocksdb_free(err_);
      err_ = nullptr;
      throw Error(text);
    }
  }

 private:
  char* err_ = nullptr;
};

// Calls `fn(errptr)` and throws on error.
template <typename Fn>
auto checked(Fn&& fn) {
  ErrPtr err;
  if constexpr (std::is_void_v<decltype(fn(err.out()))>) {
    fn(err.out());
    err.throw_if_set();
  } else {
    auto result = fn(err.out());
    err.throw_if_set();
    return result;
  }
}

// Owns a C handle through its destroy function; move-only.
template <typename T, void (*Destroy)(T*)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(T* raw) : raw_(raw) {}
  Handle(Handle&& other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      raw_ = std::exchange(other.raw_, nullptr);
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { reset(); }
  void reset() {
    if (raw_ != nullptr) Destroy(std::exchange(raw_, nullptr));
  }
  T* get() const { return raw_; }

 private:
  T* raw_ = nullptr;
};

// The open C database; closed when the last owner (DB, Iterator, Snapshot,
// ColumnFamily) lets go.
struct DbHandle {
  explicit DbHandle(rocksdb_t* handle) : raw(handle) {}
  DbHandle(const DbHandle&) = delete;
  DbHandle& operator=(const DbHandle&) = delete;
  ~DbHandle() { rocksdb_close(raw); }
  rocksdb_t* raw;
};

inline std::string take_c_string(char* s) {
  if (s == nullptr) return {};
  std::string out(s);
  rocksdb_free(s);
  return out;
}

}  // namespace detail

class Cache {
 public:
  // An LRU block cache of `capacity_bytes`.
  explicit Cache(size_t capacity_bytes) : h_(rocksdb_cache_create_lru(capacity_bytes)) {}
  rocksdb_cache_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_cache_t, rocksdb_cache_destroy> h_;
};

class BlockBasedTableOptions {
 public:
  BlockBasedTableOptions() : h_(rocksdb_block_based_options_create()) {}
  BlockBasedTableOptions& block_size(size_t bytes) {
    rocksdb_block_based_options_set_block_size(h_.get(), bytes);
    return *this;
  }
  // The cache is shared (RocksDB keeps its own reference), so `cache` may be
  // destroyed after this call.
  BlockBasedTableOptions& block_cache(const Cache& cache) {
    rocksdb_block_based_options_set_block_cache(h_.get(), cache.raw());
    return *this;
  }
  BlockBasedTableOptions& no_block_cache(bool v) {
    rocksdb_block_based_options_set_no_block_cache(h_.get(), v);
    return *this;
  }
  BlockBasedTableOptions& bloom_filter(double bits_per_key) {
    // The table options take ownership of the policy.
    rocksdb_block_based_options_set_filter_policy(
        h_.get(), rocksdb_filterpolicy_create_bloom(bits_per_key));
    return *this;
  }
  rocksdb_block_based_table_options_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_block_based_table_options_t, rocksdb_block_based_options_destroy> h_;
};

class Options {
 public:
  Options() : h_(rocksdb_options_create()) {}
  Options& create_if_missing(bool v) {
    rocksdb_options_set_create_if_missing(h_.get(), v);
    return *this;
  }
  Options& error_if_exists(bool v) {
    rocksdb_options_set_error_if_exists(h_.get(), v);
    return *this;
  }
  Options& create_missing_column_families(bool v) {
    rocksdb_options_set_create_missing_column_families(h_.get(), v);
    return *this;
  }
  Options& write_buffer_size(size_t bytes) {
    rocksdb_options_set_write_buffer_size(h_.get(), bytes);
    return *this;
  }
  Options& max_open_files(int n) {
    rocksdb_options_set_max_open_files(h_.get(), n);
    return *this;
  }
  // One of rocksdb_no_compression, rocksdb_lz4_compression, ... from c.h.
  Options& compression(int type) {
    rocksdb_options_set_compression(h_.get(), type);
    return *this;
  }
  Options& paranoid_checks(bool v) {
    rocksdb_options_set_paranoid_checks(h_.get(), v);
    return *this;
  }
  // RocksDB's built-in "UInt64AddOperator": values and operands are 8-byte
  // little-endian unsigned counters that merge() adds up.
  Options& uint64add_merge_operator() {
    rocksdb_options_set_uint64add_merge_operator(h_.get());
    return *this;
  }
  Options& table_options(const BlockBasedTableOptions& t) {
    rocksdb_options_set_block_based_table_factory(h_.get(), t.raw());
    return *this;
  }
  rocksdb_options_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_options_t, rocksdb_options_destroy> h_;
};

class WriteOptions {
 public:
  WriteOptions() : h_(rocksdb_writeoptions_create()) {}
  WriteOptions& sync(bool v) {
    rocksdb_writeoptions_set_sync(h_.get(), v);
    return *this;
  }
  WriteOptions& disable_wal(bool v) {
    rocksdb_writeoptions_disable_WAL(h_.get(), v ? 1 : 0);
    return *this;
  }
  rocksdb_writeoptions_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_writeoptions_t, rocksdb_writeoptions_destroy> h_;
};

class Snapshot;

class ReadOptions {
 public:
  ReadOptions() : h_(rocksdb_readoptions_create()) {}
  // Copyable, as RocksDB's C++ ReadOptions: a copy is a fresh C object with
  // the same settings (an iterator keeps its own copy alive, because the C
  // iterator points into its options' bounds).
  ReadOptions(const ReadOptions& other) : ReadOptions() { assign_from(other); }
  ReadOptions& operator=(const ReadOptions& other) {
    if (this != &other) {
      ReadOptions fresh(other);
      *this = std::move(fresh);
    }
    return *this;
  }
  ReadOptions(ReadOptions&&) noexcept = default;
  ReadOptions& operator=(ReadOptions&&) noexcept = default;

  ReadOptions& verify_checksums(bool v) {
    verify_checksums_ = v;
    rocksdb_readoptions_set_verify_checksums(h_.get(), v);
    return *this;
  }
  ReadOptions& fill_cache(bool v) {
    fill_cache_ = v;
    rocksdb_readoptions_set_fill_cache(h_.get(), v);
    return *this;
  }
  // The snapshot must outlive every read made with these options.
  inline ReadOptions& snapshot(const Snapshot& s);
  ReadOptions& clear_snapshot() {
    snapshot_ = nullptr;
    rocksdb_readoptions_set_snapshot(h_.get(), nullptr);
    return *this;
  }
  // Bounds are copied here because the C API keeps only a pointer to them.
  ReadOptions& iterate_upper_bound(std::string_view key) {
    upper_ = std::make_unique<std::string>(key);
    rocksdb_readoptions_set_iterate_upper_bound(h_.get(), upper_->data(), upper_->size());
    return *this;
  }
  ReadOptions& iterate_lower_bound(std::string_view key) {
    lower_ = std::make_unique<std::string>(key);
    rocksdb_readoptions_set_iterate_lower_bound(h_.get(), lower_->data(), lower_->size());
    return *this;
  }
  rocksdb_readoptions_t* raw() const { return h_.get(); }

 private:
  void assign_from(const ReadOptions& o) {
    if (o.verify_checksums_) verify_checksums(*o.verify_checksums_);
    if (o.fill_cache_) fill_cache(*o.fill_cache_);
    if (o.snapshot_ != nullptr) {
      snapshot_ = o.snapshot_;
      rocksdb_readoptions_set_snapshot(h_.get(), snapshot_);
    }
    if (o.upper_) iterate_upper_bound(*o.upper_);
    if (o.lower_) iterate_lower_bound(*o.lower_);
  }

  detail::Handle<rocksdb_readoptions_t, rocksdb_readoptions_destroy> h_;
  std::optional<bool> verify_checksums_, fill_cache_;
  const rocksdb_snapshot_t* snapshot_ = nullptr;
  std::unique_ptr<std::string> upper_, lower_;
};

namespace detail {
// Shared defaults, so a call without options allocates none. Only read by the
// C calls, hence safe to share between threads.
inline const ReadOptions& default_read_options() {
  static const ReadOptions options;
  return options;
}
inline const WriteOptions& default_write_options() {
  static const WriteOptions options;
  return options;
}
}  // namespace detail

class FlushOptions {
 public:
  FlushOptions() : h_(rocksdb_flushoptions_create()) {}
  FlushOptions& wait(bool v) {
    rocksdb_flushoptions_set_wait(h_.get(), v);
    return *this;
  }
  rocksdb_flushoptions_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_flushoptions_t, rocksdb_flushoptions_destroy> h_;
};

// A column family handle; keeps the database open while it lives.
class ColumnFamily {
 public:
  ColumnFamily(std::shared_ptr<detail::DbHandle> db, rocksdb_column_family_handle_t* raw,
               std::string name)
      : db_(std::move(db)), h_(raw), name_(std::move(name)) {}
  const std::string& name() const { return name_; }
  rocksdb_column_family_handle_t* raw() const { return h_.get(); }

 private:
  std::shared_ptr<detail::DbHandle> db_;  // declared first: destroyed after h_
  detail::Handle<rocksdb_column_family_handle_t, rocksdb_column_family_handle_destroy> h_;
  std::string name_;
};

class WriteBatch {
 public:
  WriteBatch() : h_(rocksdb_writebatch_create()) {}
  WriteBatch& put(std::string_view key, std::string_view value) {
    rocksdb_writebatch_put(h_.get(), key.data(), key.size(), value.data(), value.size());
    return *this;
  }
  WriteBatch& put(const ColumnFamily& cf, std::string_view key, std::string_view value) {
    rocksdb_writebatch_put_cf(h_.get(), cf.raw(), key.data(), key.size(), value.data(),
                              value.size());
    return *this;
  }
  WriteBatch& merge(std::string_view key, std::string_view operand) {
    rocksdb_writebatch_merge(h_.get(), key.data(), key.size(), operand.data(), operand.size());
    return *this;
  }
  WriteBatch& merge(const ColumnFamily& cf, std::string_view key, std::string_view operand) {
    rocksdb_writebatch_merge_cf(h_.get(), cf.raw(), key.data(), key.size(), operand.data(),
                                operand.size());
    return *this;
  }
  WriteBatch& del(std::string_view key) {
    rocksdb_writebatch_delete(h_.get(), key.data(), key.size());
    return *this;
  }
  WriteBatch& del(const ColumnFamily& cf, std::string_view key) {
    rocksdb_writebatch_delete_cf(h_.get(), cf.raw(), key.data(), key.size());
    return *this;
  }
  WriteBatch& single_delete(std::string_view key) {
    rocksdb_writebatch_singledelete(h_.get(), key.data(), key.size());
    return *this;
  }
  void clear() { rocksdb_writebatch_clear(h_.get()); }
  int count() const { return rocksdb_writebatch_count(h_.get()); }
  // RocksDB's byte representation of the batch.
  std::string_view data() const {
    size_t size = 0;
    const char* p = rocksdb_writebatch_data(h_.get(), &size);
    return {p, size};
  }
  rocksdb_writebatch_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_writebatch_t, rocksdb_writebatch_destroy> h_;
};

// A consistent read view; released by its destructor.
class Snapshot {
 public:
  Snapshot(std::shared_ptr<detail::DbHandle> db)
      : db_(std::move(db)), raw_(rocksdb_create_snapshot(db_->raw)) {}
  Snapshot(Snapshot&& other) noexcept
      : db_(std::move(other.db_)), raw_(std::exchange(other.raw_, nullptr)) {}
  Snapshot& operator=(Snapshot&& other) noexcept {
    if (this != &other) {
      release();
      db_ = std::move(other.db_);
      raw_ = std::exchange(other.raw_, nullptr);
    }
    return *this;
  }
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;
  ~Snapshot() { release(); }
  const rocksdb_snapshot_t* raw() const { return raw_; }

 private:
  void release() {
    if (raw_ != nullptr) rocksdb_release_snapshot(db_->raw, std::exchange(raw_, nullptr));
  }
  std::shared_ptr<detail::DbHandle> db_;
  const rocksdb_snapshot_t* raw_;
};

inline ReadOptions& ReadOptions::snapshot(const Snapshot& s) {
  snapshot_ = s.raw();
  rocksdb_readoptions_set_snapshot(h_.get(), snapshot_);
  return *this;
}

// A cursor over a database or column family. Use it RocksDB-style (seek,
// valid, next, key, value, status) or in a range-for loop, which starts at the
// first key unless the iterator was positioned already:
//   for (auto [key, value] : db.new_iterator()) { ... }
// Views returned by key()/value() stay valid until the iterator moves.
class Iterator {
 public:
  using Entry = std::pair<std::string_view, std::string_view>;

  // `owner` keeps alive whatever the C iterator reads from (a database, a
  // transaction database, a transaction).
  Iterator(std::shared_ptr<const void> owner, rocksdb_iterator_t* raw,
           std::unique_ptr<ReadOptions> owned_options)
      : db_(std::move(owner)), h_(raw), options_(std::move(owned_options)) {}

  bool valid() const { return rocksdb_iter_valid(h_.get()) != 0; }
  void seek_to_first() { positioned_ = true, rocksdb_iter_seek_to_first(h_.get()); }
  void seek_to_last() { positioned_ = true, rocksdb_iter_seek_to_last(h_.get()); }
  void seek(std::string_view target) {
    positioned_ = true;
    rocksdb_iter_seek(h_.get(), target.data(), target.size());
  }
  void seek_for_prev(std::string_view target) {
    positioned_ = true;
    rocksdb_iter_seek_for_prev(h_.get(), target.data(), target.size());
  }
  void next() { rocksdb_iter_next(h_.get()); }
  void prev() { rocksdb_iter_prev(h_.get()); }
  std::string_view key() const {
    size_t n = 0;
    const char* p = rocksdb_iter_key(h_.get(), &n);
    return {p, n};
  }
  std::string_view value() const {
    size_t n = 0;
    const char* p = rocksdb_iter_value(h_.get(), &n);
    return {p, n};
  }
  // Throws the iterator's error, if any (RocksDB's `status()`).
  void check_status() const {
    detail::checked([&](char** err) { rocksdb_iter_get_error(h_.get(), err); });
  }

  class Cursor {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Entry;
    using difference_type = std::ptrdiff_t;
    using pointer = const Entry*;
    using reference = Entry;

    explicit Cursor(Iterator* it) : it_(it) { settle(); }
    Entry operator*() const { return {it_->key(), it_->value()}; }
    Cursor& operator++() {
      it_->next();
      settle();
      return *this;
    }
    bool operator==(const Cursor& other) const { return it_ == other.it_; }
    bool operator!=(const Cursor& other) const { return it_ != other.it_; }

   private:
    friend class Iterator;
    Cursor() : it_(nullptr) {}
    // At the end, surface a read error instead of ending silently.
    void settle() {
      if (it_ != nullptr && !it_->valid()) {
        Iterator* it = std::exchange(it_, nullptr);
        it->check_status();
      }
    }
    Iterator* it_;
  };

  Cursor begin() {
    if (!positioned_) seek_to_first();
    return Cursor(this);
  }
  Cursor end() { return Cursor(); }

  rocksdb_iterator_t* raw() const { return h_.get(); }

 private:
  std::shared_ptr<const void> db_;  // destroyed after h_
  detail::Handle<rocksdb_iterator_t, rocksdb_iter_destroy> h_;
  std::unique_ptr<ReadOptions> options_;  // keeps bounds alive for the C iterator
  bool positioned_ = false;
};

// Names for opening a database with its column families.
struct ColumnFamilyDescriptor {
  std::string name;
  const Options* options = nullptr;  // nullptr: the database's options
};

class DB {
 public:
  static DB open(const Options& options, const std::string& path) {
    rocksdb_t* raw = detail::checked(
        [&](char** err) { return rocksdb_open(options.raw(), path.c_str(), err); });
    return DB(std::make_shared<detail::DbHandle>(raw));
  }

  // Opens with the given column families (include "default"); their handles
  // come back in `handles`, in the same order.
  static DB open(const Options& options, const std::string& path,
                 const std::vector<ColumnFamilyDescriptor>& families,
                 std::vector<ColumnFamily>* handles) {
    std::vector<const char*> names;
    std::vector<const rocksdb_options_t*> cf_options;
    for (const auto& f : families) {
      names.push_back(f.name.c_str());
      cf_options.push_back(f.options != nullptr ? f.options->raw() : options.raw());
    }
    std::vector<rocksdb_column_family_handle_t*> raw_handles(families.size(), nullptr);
    rocksdb_t* raw = detail::checked([&](char** err) {
      return rocksdb_open_column_families(options.raw(), path.c_str(),
                                          static_cast<int>(families.size()), names.data(),
                                          cf_options.data(), raw_handles.data(), err);
    });
    DB db(std::make_shared<detail::DbHandle>(raw));
    handles->clear();
    for (size_t i = 0; i < families.size(); i++) {
      handles->emplace_back(db.db_, raw_handles[i], families[i].name);
    }
    return db;
  }

  static std::vector<std::string> list_column_families(const Options& options,
                                                       const std::string& path) {
    size_t n = 0;
    char** names = detail::checked([&](char** err) {
      return rocksdb_list_column_families(options.raw(), path.c_str(), &n, err);
    });
    std::vector<std::string> out(names, names + n);
    rocksdb_list_column_families_destroy(names, n);
    return out;
  }

  static void destroy(const Options& options, const std::string& path) {
    detail::checked([&](char** err) { rocksdb_destroy_db(options.raw(), path.c_str(), err); });
  }

  DB(DB&&) noexcept = default;
  DB& operator=(DB&&) noexcept = default;
  DB(const DB&) = delete;
  DB& operator=(const DB&) = delete;

  // Lets go of this object's hold on the database; it closes once no
  // iterator, snapshot or column family holds it either.
  void close() { db_.reset(); }

  void put(std::string_view key, std::string_view value,
           const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_put(raw(), wo.raw(), key.data(), key.size(), value.data(), value.size(), err);
    });
  }
  void put(const ColumnFamily& cf, std::string_view key, std::string_view value,
           const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_put_cf(raw(), wo.raw(), cf.raw(), key.data(), key.size(), value.data(),
                     value.size(), err);
    });
  }

  // Adds an operand for the merge operator the options were opened with.
  void merge(std::string_view key, std::string_view operand,
             const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_merge(raw(), wo.raw(), key.data(), key.size(), operand.data(), operand.size(), err);
    });
  }
  void merge(const ColumnFamily& cf, std::string_view key, std::string_view operand,
             const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_merge_cf(raw(), wo.raw(), cf.raw(), key.data(), key.size(), operand.data(),
                       operand.size(), err);
    });
  }

  std::optional<std::string> get(std::string_view key,
                                 const ReadOptions& ro = detail::default_read_options()) const {
    return get_impl(ro, nullptr, key);
  }
  std::optional<std::string> get(const ColumnFamily& cf, std::string_view key,
                                 const ReadOptions& ro = detail::default_read_options()) const {
    return get_impl(ro, &cf, key);
  }

  // Reads many keys at once; each result is a value, nullopt, or a throw of
  // the first per-key error.
  std::vector<std::optional<std::string>> multi_get(const std::vector<std::string_view>& keys,
                                                    const ReadOptions& ro = detail::default_read_options()) const {
    size_t n = keys.size();
    std::vector<const char*> ptrs(n);
    std::vector<size_t> sizes(n), value_sizes(n);
    std::vector<char*> values(n, nullptr), errs(n, nullptr);
    for (size_t i = 0; i < n; i++) ptrs[i] = keys[i].data(), sizes[i] = keys[i].size();
    rocksdb_multi_get(raw(), ro.raw(), n, ptrs.data(), sizes.data(), values.data(),
                      value_sizes.data(), errs.data());
    std::vector<std::optional<std::string>> out(n);
    std::optional<std::string> first_error;
    for (size_t i = 0; i < n; i++) {
      if (errs[i] != nullptr) {
        if (!first_error) first_error = errs[i];
        rocksdb_free(errs[i]);
      } else if (values[i] != nullptr) {
        out[i] = std::string(values[i], value_sizes[i]);
      }
      rocksdb_free(values[i]);
    }
    if (first_error) throw Error(*first_error);
    return out;
  }

  void del(std::string_view key, const WriteOptions& wo = detail::default_write_options()) {
    detail::checked(
        [&](char** err) { rocksdb_delete(raw(), wo.raw(), key.data(), key.size(), err); });
  }
  void del(const ColumnFamily& cf, std::string_view key,
           const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_delete_cf(raw(), wo.raw(), cf.raw(), key.data(), key.size(), err);
    });
  }
  void single_delete(std::string_view key, const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_singledelete(raw(), wo.raw(), key.data(), key.size(), err);
    });
  }

  void write(const WriteBatch& batch, const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) { rocksdb_write(raw(), wo.raw(), batch.raw(), err); });
  }

  Iterator new_iterator(const ReadOptions& ro = detail::default_read_options()) const {
    auto owned = std::make_unique<ReadOptions>(ro);
    rocksdb_iterator_t* it = rocksdb_create_iterator(raw(), owned->raw());
    return Iterator(db_, it, std::move(owned));
  }
  Iterator new_iterator(const ColumnFamily& cf, const ReadOptions& ro = detail::default_read_options()) const {
    auto owned = std::make_unique<ReadOptions>(ro);
    rocksdb_iterator_t* it = rocksdb_create_iterator_cf(raw(), owned->raw(), cf.raw());
    return Iterator(db_, it, std::move(owned));
  }

  Snapshot snapshot() const { return Snapshot(db_); }

  ColumnFamily create_column_family(const std::string& name,
                                    const Options& options = Options()) {
    rocksdb_column_family_handle_t* h = detail::checked([&](char** err) {
      return rocksdb_create_column_family(raw(), options.raw(), name.c_str(), err);
    });
    return ColumnFamily(db_, h, name);
  }
  void drop_column_family(const ColumnFamily& cf) {
    detail::checked([&](char** err) { rocksdb_drop_column_family(raw(), cf.raw(), err); });
  }

  void flush(const FlushOptions& fo = FlushOptions()) {
    detail::checked([&](char** err) { rocksdb_flush(raw(), fo.raw(), err); });
  }
  // Compacts [begin, end]; nullopt means unbounded on that side.
  void compact_range(std::optional<std::string_view> begin = std::nullopt,
                     std::optional<std::string_view> end = std::nullopt) {
    rocksdb_compact_range(raw(), begin ? begin->data() : nullptr, begin ? begin->size() : 0,
                          end ? end->data() : nullptr, end ? end->size() : 0);
  }

  std::optional<std::string> property(const std::string& name) const {
    char* v = rocksdb_property_value(raw(), name.c_str());
    if (v == nullptr) return std::nullopt;
    return detail::take_c_string(v);
  }
  std::optional<uint64_t> property_int(const std::string& name) const {
    uint64_t v = 0;
    if (rocksdb_property_int(raw(), name.c_str(), &v) != 0) return std::nullopt;
    return v;
  }

  rocksdb_t* raw() const {
    if (!db_) throw Error("Invalid argument: database is closed");
    return db_->raw;
  }

 private:
  explicit DB(std::shared_ptr<detail::DbHandle> db) : db_(std::move(db)) {}

  std::optional<std::string> get_impl(const ReadOptions& ro, const ColumnFamily* cf,
                                      std::string_view key) const {
    // A pinned read avoids one copy compared with rocksdb_get + free.
    rocksdb_pinnableslice_t* pinned = detail::checked([&](char** err) {
      return cf == nullptr
                 ? rocksdb_get_pinned(raw(), ro.raw(), key.data(), key.size(), err)
                 : rocksdb_get_pinned_cf(raw(), ro.raw(), cf->raw(), key.data(), key.size(),
                                         err);
    });
    if (pinned == nullptr) return std::nullopt;
    size_t n = 0;
    const char* p = rocksdb_pinnableslice_value(pinned, &n);
    std::string out(p, n);
    rocksdb_pinnableslice_destroy(pinned);
    return out;
  }

  std::shared_ptr<detail::DbHandle> db_;
};

// ---------------------------------------------------------------------------
// Transactions, over c.h's rocksdb_transactiondb_* / rocksdb_transaction_*.
// A library without transactions (ferrock this session) makes
// TransactionDB::open throw its NotSupported error ("Not implemented: ...").

class TransactionDBOptions {
 public:
  TransactionDBOptions() : h_(rocksdb_transactiondb_options_create()) {}
  rocksdb_transactiondb_options_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_transactiondb_options_t, rocksdb_transactiondb_options_destroy> h_;
};

class TransactionOptions {
 public:
  TransactionOptions() : h_(rocksdb_transaction_options_create()) {}
  // How long (ms) to wait for a key lock; -1 waits forever.
  TransactionOptions& lock_timeout(int64_t ms) {
    rocksdb_transaction_options_set_lock_timeout(h_.get(), ms);
    return *this;
  }
  rocksdb_transaction_options_t* raw() const { return h_.get(); }

 private:
  detail::Handle<rocksdb_transaction_options_t, rocksdb_transaction_options_destroy> h_;
};

namespace detail {
struct TxnDbHandle {
  explicit TxnDbHandle(rocksdb_transactiondb_t* handle) : raw(handle) {}
  TxnDbHandle(const TxnDbHandle&) = delete;
  TxnDbHandle& operator=(const TxnDbHandle&) = delete;
  ~TxnDbHandle() { rocksdb_transactiondb_close(raw); }
  rocksdb_transactiondb_t* raw;
};

inline std::optional<std::string> take_value(char* value, size_t size) {
  if (value == nullptr) return std::nullopt;
  std::string out(value, size);
  rocksdb_free(value);
  return out;
}
}  // namespace detail

// One pessimistic transaction. Destroying it without commit rolls it back.
class Transaction {
 public:
  Transaction(std::shared_ptr<detail::TxnDbHandle> db, rocksdb_transaction_t* raw)
      : db_(std::move(db)), h_(raw) {}

  void put(std::string_view key, std::string_view value) {
    detail::checked([&](char** err) {
      rocksdb_transaction_put(h_.get(), key.data(), key.size(), value.data(), value.size(), err);
    });
  }
  void merge(std::string_view key, std::string_view operand) {
    detail::checked([&](char** err) {
      rocksdb_transaction_merge(h_.get(), key.data(), key.size(), operand.data(), operand.size(),
                                err);
    });
  }
  void del(std::string_view key) {
    detail::checked(
        [&](char** err) { rocksdb_transaction_delete(h_.get(), key.data(), key.size(), err); });
  }
  // Reads as this transaction sees the database (its own writes included).
  std::optional<std::string> get(std::string_view key, const ReadOptions& ro = detail::default_read_options()) {
    size_t n = 0;
    char* v = detail::checked([&](char** err) {
      return rocksdb_transaction_get(h_.get(), ro.raw(), key.data(), key.size(), &n, err);
    });
    return detail::take_value(v, n);
  }
  // Reads and locks the key until commit or rollback.
  std::optional<std::string> get_for_update(std::string_view key,
                                            const ReadOptions& ro = detail::default_read_options(),
                                            bool exclusive = true) {
    size_t n = 0;
    char* v = detail::checked([&](char** err) {
      return rocksdb_transaction_get_for_update(h_.get(), ro.raw(), key.data(), key.size(), &n,
                                                exclusive, err);
    });
    return detail::take_value(v, n);
  }
  Iterator new_iterator(const ReadOptions& ro = detail::default_read_options()) {
    auto owned = std::make_unique<ReadOptions>(ro);
    rocksdb_iterator_t* it = rocksdb_transaction_create_iterator(h_.get(), owned->raw());
    return Iterator(keepalive(), it, std::move(owned));
  }
  void set_savepoint() { rocksdb_transaction_set_savepoint(h_.get()); }
  void rollback_to_savepoint() {
    detail::checked([&](char** err) { rocksdb_transaction_rollback_to_savepoint(h_.get(), err); });
  }
  void commit() {
    detail::checked([&](char** err) { rocksdb_transaction_commit(h_.get(), err); });
  }
  void rollback() {
    detail::checked([&](char** err) { rocksdb_transaction_rollback(h_.get(), err); });
  }
  rocksdb_transaction_t* raw() const { return h_.get(); }

 private:
  // An iterator must outlive neither the transaction nor its database; the
  // transaction is move-only, so the iterator holds the database only.
  std::shared_ptr<const void> keepalive() const { return db_; }

  std::shared_ptr<detail::TxnDbHandle> db_;  // destroyed after h_
  detail::Handle<rocksdb_transaction_t, rocksdb_transaction_destroy> h_;
};

class TransactionDB {
 public:
  static TransactionDB open(const Options& options, const std::string& path,
                            const TransactionDBOptions& txn_db_options = TransactionDBOptions()) {
    rocksdb_transactiondb_t* raw = detail::checked([&](char** err) {
      return rocksdb_transactiondb_open(options.raw(), txn_db_options.raw(), path.c_str(), err);
    });
    return TransactionDB(std::make_shared<detail::TxnDbHandle>(raw));
  }

  TransactionDB(TransactionDB&&) noexcept = default;
  TransactionDB& operator=(TransactionDB&&) noexcept = default;

  void close() { db_.reset(); }

  // Starts a transaction; destroy iterators made from it before it.
  Transaction begin(const WriteOptions& wo = detail::default_write_options(),
                    const TransactionOptions& to = TransactionOptions()) {
    return Transaction(db_, rocksdb_transaction_begin(raw(), wo.raw(), to.raw(), nullptr));
  }

  void put(std::string_view key, std::string_view value,
           const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_transactiondb_put(raw(), wo.raw(), key.data(), key.size(), value.data(),
                                value.size(), err);
    });
  }
  std::optional<std::string> get(std::string_view key,
                                 const ReadOptions& ro = detail::default_read_options()) const {
    size_t n = 0;
    char* v = detail::checked([&](char** err) {
      return rocksdb_transactiondb_get(raw(), ro.raw(), key.data(), key.size(), &n, err);
    });
    return detail::take_value(v, n);
  }
  void merge(std::string_view key, std::string_view operand,
             const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_transactiondb_merge(raw(), wo.raw(), key.data(), key.size(), operand.data(),
                                  operand.size(), err);
    });
  }
  void del(std::string_view key, const WriteOptions& wo = detail::default_write_options()) {
    detail::checked([&](char** err) {
      rocksdb_transactiondb_delete(raw(), wo.raw(), key.data(), key.size(), err);
    });
  }
  void write(const WriteBatch& batch, const WriteOptions& wo = detail::default_write_options()) {
    detail::checked(
        [&](char** err) { rocksdb_transactiondb_write(raw(), wo.raw(), batch.raw(), err); });
  }
  Iterator new_iterator(const ReadOptions& ro = detail::default_read_options()) const {
    auto owned = std::make_unique<ReadOptions>(ro);
    rocksdb_iterator_t* it = rocksdb_transactiondb_create_iterator(raw(), owned->raw());
    return Iterator(db_, it, std::move(owned));
  }

  rocksdb_transactiondb_t* raw() const {
    if (!db_) throw Error("Invalid argument: database is closed");
    return db_->raw;
  }

 private:
  explicit TransactionDB(std::shared_ptr<detail::TxnDbHandle> db) : db_(std::move(db)) {}
  std::shared_ptr<detail::TxnDbHandle> db_;
};

// Merge operators are not wrapped: ferrock does not provide them yet.

}  // namespace ferrock
