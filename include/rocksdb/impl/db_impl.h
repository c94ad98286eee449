// ferrock's C++ API, implementation: the DB a program opens (CDB over c.h's
// rocksdb_t), its column family handles, DB::Open and friends, DestroyDB and
// RepairDB. Per call, ReadOptions / WriteOptions are translated into c.h option
// objects kept per thread; at Open, the option structs are translated once
// (impl/options_to_c.h) and the C objects the engine borrows (comparators,
// shared compaction filters) live until the database is closed.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "rocksdb/c.h"
#include "rocksdb/db.h"
#include "rocksdb/impl/callbacks.h"
#include "rocksdb/impl/iterator_impl.h"
#include "rocksdb/impl/options_to_c.h"
#include "rocksdb/impl/snapshot_impl.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

// Collects a C call's errptr and turns it into a Status.
class ErrPtr {
 public:
  ErrPtr() = default;
  ErrPtr(const ErrPtr&) = delete;
  ErrPtr& operator=(const ErrPtr&) = delete;
  ~ErrPtr() { rocksdb_free(err_); }
  char** out() { return &err_; }
  bool failed() const { return err_ != nullptr; }
  Status status() const { return Status::FromCErrorText(err_); }

 private:
  char* err_ = nullptr;
};

// Per-thread c.h option objects for one call. Options equal to the defaults (but for the
// snapshot) use an object translated once; others are translated into a second one.
inline Status ThreadReadOptions(const ReadOptions& o, rocksdb_readoptions_t** out) {
  struct Holder {
    rocksdb_readoptions_t* defaults = rocksdb_readoptions_create();
    rocksdb_readoptions_t* custom = rocksdb_readoptions_create();
    Holder() { ReadOptionsToC(ReadOptions(), defaults).PermitUncheckedError(); }
    ~Holder() {
      rocksdb_readoptions_destroy(defaults);
      rocksdb_readoptions_destroy(custom);
    }
  };
  thread_local Holder h;
  if (IsDefaultReadOptions(o)) {
    rocksdb_readoptions_set_snapshot(h.defaults, o.snapshot == nullptr ? nullptr : CSnapshotOf(o.snapshot));
    *out = h.defaults;
    return Status::OK();
  }
  *out = h.custom;
  return ReadOptionsToC(o, h.custom);
}
inline rocksdb_writeoptions_t* ThreadWriteOptions(const WriteOptions& o) {
  struct Holder {
    rocksdb_writeoptions_t* defaults = rocksdb_writeoptions_create();
    rocksdb_writeoptions_t* custom = rocksdb_writeoptions_create();
    Holder() { WriteOptionsToC(WriteOptions(), defaults); }
    ~Holder() {
      rocksdb_writeoptions_destroy(defaults);
      rocksdb_writeoptions_destroy(custom);
    }
  };
  thread_local Holder h;
  if (IsDefaultWriteOptions(o)) return h.defaults;
  WriteOptionsToC(o, h.custom);
  return h.custom;
}

// A malloc'd C string as a std::string (freed here).
inline std::string TakeCString(char* p) {
  if (p == nullptr) return std::string();
  std::string s(p);
  rocksdb_free(p);
  return s;
}
inline std::string TakeCBytes(char* p, size_t n) {
  if (p == nullptr) return std::string();
  std::string s(p, n);
  rocksdb_free(p);
  return s;
}

// The number in a table file's name ("/db/000012.sst" -> 12), or 0.
inline uint64_t FileNumberOf(const std::string& name) {
  size_t slash = name.find_last_of('/');
  size_t i = slash == std::string::npos ? 0 : slash + 1;
  uint64_t n = 0;
  bool any = false;
  for (; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i) {
    n = n * 10 + static_cast<uint64_t>(name[i] - '0');
    any = true;
  }
  return any ? n : 0;
}

class CDB;

class CColumnFamilyHandle : public ColumnFamilyHandle {
 public:
  CColumnFamilyHandle(rocksdb_column_family_handle_t* c, CDB* db) : c_(c), db_(db) {
    size_t n = 0;
    char* name = rocksdb_column_family_handle_get_name(c, &n);
    name_ = TakeCBytes(name, n);
    id_ = rocksdb_column_family_handle_get_id(c);
  }
  ~CColumnFamilyHandle() override { rocksdb_column_family_handle_destroy(c_); }
  const std::string& GetName() const override { return name_; }
  uint32_t GetID() const override { return id_; }
  Status GetDescriptor(ColumnFamilyDescriptor* desc) override;
  const Comparator* GetComparator() const override;
  rocksdb_column_family_handle_t* ferrock_c_handle() const override { return c_; }

 private:
  rocksdb_column_family_handle_t* c_;
  CDB* db_;
  std::string name_;
  uint32_t id_;
};

// The c.h handle behind a program's column family handle (nullptr: the default one).
inline rocksdb_column_family_handle_t* CfOf(ColumnFamilyHandle* cf) {
  return cf == nullptr ? nullptr : cf->ferrock_c_handle();
}

// How a CDB lets go of its c.h handle: close the database, or release a borrowed handle
// (the base of a transaction database).
using CloseFunction = void (*)(rocksdb_t*);
inline void CloseOwned(rocksdb_t* db) { rocksdb_close(db); }

class CDB : public DB, public ListenerTarget {
 public:
  CDB(const std::string& name, const DBOptions& db_options) : name_(name), db_options_(db_options) {}
  CDB(const CDB&) = delete;
  CDB& operator=(const CDB&) = delete;
  ~CDB() override { CloseImpl(); }

  // Takes the opened handle (or the failure of the open) and the options of its column families.
  void Opened(rocksdb_t* c, CloseFunction close) {
    std::lock_guard<std::mutex> lock(mu_);
    close_ = close;
    default_cf_ = c == nullptr ? nullptr : new CColumnFamilyHandle(rocksdb_get_default_column_family_handle(c), this);
    c_.store(c, std::memory_order_release);
    open_done_ = true;
    open_cv_.notify_all();
  }
  void RecordColumnFamily(const std::string& name, const ColumnFamilyOptions& options) {
    std::lock_guard<std::mutex> lock(mu_);
    cf_options_[name] = options;
  }
  BorrowedCObjects* borrowed() { return &borrowed_; }

  // The c.h handle (see ListenerTarget for calls made from callbacks during Open).
  rocksdb_t* c() const {
    rocksdb_t* h = c_.load(std::memory_order_acquire);
    if (h != nullptr) return h;
    for (auto it = CallbackStack().rbegin(); it != CallbackStack().rend(); ++it) {
      if (it->first == this) return it->second;
    }
    std::unique_lock<std::mutex> lock(mu_);
    open_cv_.wait(lock, [this] { return open_done_; });
    return c_.load(std::memory_order_acquire);
  }

  Status Close() override {
    CloseImpl();
    return Status::OK();
  }

  using DB::CompactFiles;
  using DB::CompactRange;
  using DB::Delete;
  using DB::DeleteRange;
  using DB::Flush;
  using DB::Get;
  using DB::GetApproximateSizes;
  using DB::GetColumnFamilyMetaData;
  using DB::GetIntProperty;
  using DB::GetOptions;
  using DB::GetProperty;
  using DB::IngestExternalFile;
  using DB::KeyMayExist;
  using DB::Merge;
  using DB::MultiGet;
  using DB::NewIterator;
  using DB::NumberLevels;
  using DB::Level0StopWriteTrigger;
  using DB::Put;
  using DB::SetOptions;
  using DB::SingleDelete;
  using DB::VerifyChecksum;

  Status CreateColumnFamily(const ColumnFamilyOptions& options, const std::string& column_family_name,
                            ColumnFamilyHandle** handle) override {
    COptions co;
    BorrowedCObjects borrowed;
    Status s = CFOptionsToC(options, co.get(), &borrowed);
    if (!s.ok()) return s;
    ErrPtr err;
    rocksdb_column_family_handle_t* h = CreateColumnFamilyC(co.get(), column_family_name, err.out());
    if (err.failed()) return err.status();
    borrowed_.Append(std::move(borrowed));
    RecordColumnFamily(column_family_name, options);
    *handle = new CColumnFamilyHandle(h, this);
    return Status::OK();
  }

  Status DropColumnFamily(ColumnFamilyHandle* column_family) override {
    ErrPtr err;
    rocksdb_drop_column_family(c(), CfOf(column_family), err.out());
    return err.status();
  }

  Status Put(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key, const Slice& value) override {
    ErrPtr err;
    rocksdb_put_cf(c(), ThreadWriteOptions(options), CfOf(Cf(cf)), key.data(), key.size(), value.data(), value.size(),
                   err.out());
    return err.status();
  }
  Status Delete(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key) override {
    ErrPtr err;
    rocksdb_delete_cf(c(), ThreadWriteOptions(options), CfOf(Cf(cf)), key.data(), key.size(), err.out());
    return err.status();
  }
  Status SingleDelete(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key) override {
    ErrPtr err;
    rocksdb_singledelete_cf(c(), ThreadWriteOptions(options), CfOf(Cf(cf)), key.data(), key.size(), err.out());
    return err.status();
  }
  Status DeleteRange(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& begin_key,
                     const Slice& end_key) override {
    ErrPtr err;
    rocksdb_delete_range_cf(c(), ThreadWriteOptions(options), CfOf(Cf(cf)), begin_key.data(), begin_key.size(),
                            end_key.data(), end_key.size(), err.out());
    return err.status();
  }
  Status Merge(const WriteOptions& options, ColumnFamilyHandle* cf, const Slice& key, const Slice& value) override {
    ErrPtr err;
    rocksdb_merge_cf(c(), ThreadWriteOptions(options), CfOf(Cf(cf)), key.data(), key.size(), value.data(),
                     value.size(), err.out());
    return err.status();
  }
  Status Write(const WriteOptions& options, WriteBatch* updates) override {
    ErrPtr err;
    rocksdb_write(c(), ThreadWriteOptions(options), updates->ferrock_c_batch(), err.out());
    return err.status();
  }

  Status Get(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, PinnableSlice* value,
             std::string* timestamp) override {
    if (timestamp != nullptr) return Unsupported("DB::Get with a timestamp", "user-defined timestamps are not supported by ferrock");
    rocksdb_readoptions_t* ro = nullptr;
    Status s = ThreadReadOptions(options, &ro);
    if (!s.ok()) return s;
    ErrPtr err;
    rocksdb_pinnableslice_t* p = rocksdb_get_pinned_cf(c(), ro, CfOf(Cf(cf)), key.data(), key.size(), err.out());
    return PinResult(p, err, value);
  }

  // Hands a c.h pinned value to the program's PinnableSlice (no copy).
  static Status PinResult(rocksdb_pinnableslice_t* p, const ErrPtr& err, PinnableSlice* value) {
    value->Reset();
    if (err.failed()) return err.status();
    if (p == nullptr) return Status::NotFound();
    size_t n = 0;
    const char* v = rocksdb_pinnableslice_value(p, &n);
    value->PinSlice(Slice(v, n), [](void* arg, void*) { rocksdb_pinnableslice_destroy(static_cast<rocksdb_pinnableslice_t*>(arg)); },
                    p, nullptr);
    return Status::OK();
  }

  bool KeyMayExist(const ReadOptions& options, ColumnFamilyHandle* cf, const Slice& key, std::string* value,
                   std::string* timestamp, bool* value_found = nullptr) override {
    if (value_found != nullptr) *value_found = false;
    rocksdb_readoptions_t* ro = nullptr;
    if (timestamp != nullptr || !ThreadReadOptions(options, &ro).ok()) return true;
    char* v = nullptr;
    size_t n = 0;
    unsigned char found = 0;
    unsigned char may = rocksdb_key_may_exist_cf(c(), ro, CfOf(Cf(cf)), key.data(), key.size(),
                                                 value != nullptr ? &v : nullptr, &n, nullptr, 0,
                                                 value_found != nullptr ? &found : nullptr);
    if (value != nullptr && v != nullptr) *value = TakeCBytes(v, n);
    if (value_found != nullptr) *value_found = found != 0;
    return may != 0;
  }

  Iterator* NewIterator(const ReadOptions& options, ColumnFamilyHandle* cf) override {
    rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
    Status s = ReadOptionsToC(options, ro);
    if (!s.ok()) {
      rocksdb_readoptions_destroy(ro);
      return NewErrorIterator(s);
    }
    return new CIterator(rocksdb_create_iterator_cf(c(), ro, CfOf(Cf(cf))), ro);
  }

  const Snapshot* GetSnapshot() override { return new CSnapshot(rocksdb_create_snapshot(c())); }
  void ReleaseSnapshot(const Snapshot* snapshot) override {
    if (snapshot == nullptr) return;
    rocksdb_release_snapshot(c(), CSnapshotOf(snapshot));
    delete static_cast<const CSnapshot*>(snapshot);
  }

  bool GetProperty(ColumnFamilyHandle* cf, const Slice& property, std::string* value) override {
    char* v = rocksdb_property_value_cf(c(), CfOf(Cf(cf)), property.ToString().c_str());
    if (v == nullptr) return false;
    *value = TakeCString(v);
    return true;
  }
  bool GetIntProperty(ColumnFamilyHandle* cf, const Slice& property, uint64_t* value) override {
    return rocksdb_property_int_cf(c(), CfOf(Cf(cf)), property.ToString().c_str(), value) == 0;
  }

  Status GetApproximateSizes(const SizeApproximationOptions& options, ColumnFamilyHandle* cf, const Range* ranges,
                             int n, uint64_t* sizes) override {
    if (options.include_memtables || !options.include_files || options.include_blob_files ||
        options.files_size_error_margin != -1.0) {
      return Unsupported("SizeApproximationOptions", "c.h's rocksdb_approximate_sizes_cf counts files only");
    }
    std::vector<const char*> starts(static_cast<size_t>(n)), limits(static_cast<size_t>(n));
    std::vector<size_t> start_lens(static_cast<size_t>(n)), limit_lens(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      starts[i] = ranges[i].start.data();
      start_lens[i] = ranges[i].start.size();
      limits[i] = ranges[i].limit.data();
      limit_lens[i] = ranges[i].limit.size();
    }
    ErrPtr err;
    rocksdb_approximate_sizes_cf(c(), CfOf(Cf(cf)), n, starts.data(), start_lens.data(), limits.data(),
                                 limit_lens.data(), sizes, err.out());
    return err.status();
  }

  Status CompactRange(const CompactRangeOptions& options, ColumnFamilyHandle* cf, const Slice* begin,
                      const Slice* end) override {
    if (options.full_history_ts_low != nullptr) {
      return Unsupported("CompactRangeOptions::full_history_ts_low", "user-defined timestamps are not supported by ferrock");
    }
    if (options.canceled != nullptr) {
      return Unsupported("CompactRangeOptions::canceled", "c.h's manual compaction takes no cancellation flag");
    }
    rocksdb_compactoptions_t* co = rocksdb_compactoptions_create();
    rocksdb_compactoptions_set_exclusive_manual_compaction(co, options.exclusive_manual_compaction);
    rocksdb_compactoptions_set_change_level(co, options.change_level);
    rocksdb_compactoptions_set_target_level(co, options.target_level);
    rocksdb_compactoptions_set_target_path_id(co, static_cast<int>(options.target_path_id));
    rocksdb_compactoptions_set_bottommost_level_compaction(co, static_cast<unsigned char>(options.bottommost_level_compaction));
    rocksdb_compactoptions_set_allow_write_stall(co, options.allow_write_stall);
    rocksdb_compactoptions_set_max_subcompactions(co, static_cast<int>(options.max_subcompactions));
    rocksdb_compactoptions_set_blob_garbage_collection_policy(co, static_cast<int>(options.blob_garbage_collection_policy));
    rocksdb_compactoptions_set_blob_garbage_collection_age_cutoff(co, options.blob_garbage_collection_age_cutoff);
    // c.h's compact_range reports no status (RocksDB's c.h has no errptr here).
    rocksdb_compact_range_cf_opt(c(), CfOf(Cf(cf)), co, begin != nullptr ? begin->data() : nullptr,
                                 begin != nullptr ? begin->size() : 0, end != nullptr ? end->data() : nullptr,
                                 end != nullptr ? end->size() : 0);
    rocksdb_compactoptions_destroy(co);
    return Status::OK();
  }

  Status SetOptions(ColumnFamilyHandle* cf, const std::unordered_map<std::string, std::string>& opts_map) override {
    std::vector<const char*> keys, values;
    for (const auto& kv : opts_map) {
      keys.push_back(kv.first.c_str());
      values.push_back(kv.second.c_str());
    }
    ErrPtr err;
    rocksdb_set_options_cf(c(), CfOf(Cf(cf)), static_cast<int>(keys.size()), keys.data(), values.data(), err.out());
    return err.status();
  }
  Status SetDBOptions(const std::unordered_map<std::string, std::string>& new_options) override {
    std::vector<const char*> keys, values;
    for (const auto& kv : new_options) {
      keys.push_back(kv.first.c_str());
      values.push_back(kv.second.c_str());
    }
    ErrPtr err;
    rocksdb_set_db_options(c(), static_cast<int>(keys.size()), keys.data(), values.data(), err.out());
    return err.status();
  }

  Status CompactFiles(const CompactionOptions& compact_options, ColumnFamilyHandle* cf,
                      const std::vector<std::string>& input_file_names, const int output_level,
                      const int output_path_id = -1, std::vector<std::string>* const output_file_names = nullptr,
                      CompactionJobInfo* compaction_job_info = nullptr) override {
    ColumnFamilyHandle* family = Cf(cf);
    if (compact_options.canceled != nullptr) {
      return Unsupported("CompactionOptions::canceled", "c.h's flag is its own object, not the program's atomic");
    }
    rocksdb_compaction_options_t* co = rocksdb_compaction_options_create();
    // c.h's compact_files writes the column family's own codec for the output level; a
    // requested codec equal to it is honoured by passing "no override".
    int compression = static_cast<int>(kDisableCompressionOption);
    if (compact_options.compression != kDisableCompressionOption &&
        compact_options.compression != OutputCompression(family, output_level)) {
      compression = static_cast<int>(compact_options.compression);
    }
    rocksdb_compaction_options_set_compression(co, compression);
    rocksdb_compaction_options_set_output_file_size_limit(co, compact_options.output_file_size_limit);
    rocksdb_compaction_options_set_max_subcompactions(co, compact_options.max_subcompactions);
    rocksdb_compaction_options_set_output_temperature_override(co, static_cast<int>(compact_options.output_temperature_override));
    rocksdb_compaction_options_set_allow_trivial_move(co, compact_options.allow_trivial_move);
    std::vector<const char*> names;
    for (const std::string& n : input_file_names) names.push_back(n.c_str());
    CompactionStarted(input_file_names);
    char** outputs = nullptr;
    size_t num_outputs = 0;
    rocksdb_compactionjobinfo_t* info = compaction_job_info != nullptr ? rocksdb_compactionjobinfo_create() : nullptr;
    ErrPtr err;
    rocksdb_compact_files_cf(c(), CfOf(family), co, names.data(), names.size(), output_level, output_path_id,
                             output_file_names != nullptr ? &outputs : nullptr,
                             output_file_names != nullptr ? &num_outputs : nullptr, info, err.out());
    CompactionFinished(input_file_names);
    rocksdb_compaction_options_destroy(co);
    if (output_file_names != nullptr && outputs != nullptr) {
      for (size_t i = 0; i < num_outputs; ++i) output_file_names->push_back(outputs[i]);
      rocksdb_compact_files_output_file_names_destroy(outputs, num_outputs);
    }
    if (info != nullptr) {
      if (!err.failed()) *compaction_job_info = CompactionInfoOf(info);
      rocksdb_compactionjobinfo_destroy(info);
    }
    return err.status();
  }

  Status PauseBackgroundWork() override {
    ErrPtr err;
    rocksdb_pause_background_work(c(), err.out());
    return err.status();
  }
  Status ContinueBackgroundWork() override {
    ErrPtr err;
    rocksdb_continue_background_work(c(), err.out());
    return err.status();
  }
  void DisableManualCompaction() override { rocksdb_disable_manual_compaction(c()); }
  void EnableManualCompaction() override { rocksdb_enable_manual_compaction(c()); }
  Status WaitForCompact(const WaitForCompactOptions& o) override {
    rocksdb_wait_for_compact_options_t* co = rocksdb_wait_for_compact_options_create();
    rocksdb_wait_for_compact_options_set_abort_on_pause(co, o.abort_on_pause);
    rocksdb_wait_for_compact_options_set_flush(co, o.flush);
    rocksdb_wait_for_compact_options_set_wait_for_purge(co, o.wait_for_purge);
    rocksdb_wait_for_compact_options_set_close_db(co, o.close_db);
    rocksdb_wait_for_compact_options_set_timeout(co, static_cast<uint64_t>(o.timeout.count()));
    ErrPtr err;
    rocksdb_wait_for_compact(c(), co, err.out());
    rocksdb_wait_for_compact_options_destroy(co);
    return err.status();
  }

  int NumberLevels(ColumnFamilyHandle* cf) override { return OptionsOf(Cf(cf)).num_levels; }
  int Level0StopWriteTrigger(ColumnFamilyHandle* cf) override { return OptionsOf(Cf(cf)).level0_stop_writes_trigger; }

  const std::string& GetName() const override { return name_; }
  Env* GetEnv() const override { return db_options_.env; }
  Options GetOptions(ColumnFamilyHandle* cf) const override {
    return Options(db_options_, OptionsOf(cf == nullptr ? DefaultColumnFamily() : cf));
  }
  DBOptions GetDBOptions() const override { return db_options_; }

  Status Flush(const FlushOptions& options, ColumnFamilyHandle* cf) override {
    rocksdb_flushoptions_t* fo = FlushOptionsToC(options);
    ErrPtr err;
    rocksdb_flush_cf(c(), fo, CfOf(Cf(cf)), err.out());
    rocksdb_flushoptions_destroy(fo);
    return err.status();
  }
  Status Flush(const FlushOptions& options, const std::vector<ColumnFamilyHandle*>& column_families) override {
    std::vector<rocksdb_column_family_handle_t*> cfs;
    for (ColumnFamilyHandle* cf : column_families) cfs.push_back(CfOf(Cf(cf)));
    rocksdb_flushoptions_t* fo = FlushOptionsToC(options);
    ErrPtr err;
    rocksdb_flush_cfs(c(), fo, cfs.data(), static_cast<int>(cfs.size()), err.out());
    rocksdb_flushoptions_destroy(fo);
    return err.status();
  }
  Status FlushWAL(bool sync) override {
    ErrPtr err;
    rocksdb_flush_wal(c(), sync ? 1 : 0, err.out());
    return err.status();
  }
  Status SyncWAL() override { return FlushWAL(true); }

  SequenceNumber GetLatestSequenceNumber() const override { return rocksdb_get_latest_sequence_number(c()); }

  Status DisableFileDeletions() override {
    ErrPtr err;
    rocksdb_disable_file_deletions(c(), err.out());
    return err.status();
  }
  Status EnableFileDeletions() override {
    ErrPtr err;
    rocksdb_enable_file_deletions(c(), err.out());
    return err.status();
  }

  void GetLiveFilesMetaData(std::vector<LiveFileMetaData>* metadata) override {
    metadata->clear();
    const rocksdb_livefiles_t* files = rocksdb_livefiles(c());
    if (files == nullptr) return;
    int n = rocksdb_livefiles_count(files);
    for (int i = 0; i < n; ++i) {
      LiveFileMetaData f;
      f.column_family_name = rocksdb_livefiles_column_family_name(files, i);
      f.level = rocksdb_livefiles_level(files, i);
      FillFromLiveFile(files, i, &f);
      metadata->push_back(std::move(f));
    }
    rocksdb_livefiles_destroy(files);
  }

  void GetColumnFamilyMetaData(ColumnFamilyHandle* cf, ColumnFamilyMetaData* metadata) override {
    FillMetaData(Cf(cf), rocksdb_get_column_family_metadata_cf(c(), CfOf(Cf(cf))), metadata);
  }
  void GetColumnFamilyMetaData(ColumnFamilyHandle* cf, const GetColumnFamilyMetaDataOptions& options,
                               ColumnFamilyMetaData* metadata) override {
    rocksdb_column_family_metadata_options_t* o = rocksdb_column_family_metadata_options_create();
    if (options.range.start.has_value()) {
      rocksdb_column_family_metadata_options_set_start_key(o, options.range.start->data(), options.range.start->size());
    }
    if (options.range.limit.has_value()) {
      rocksdb_column_family_metadata_options_set_end_key(o, options.range.limit->data(), options.range.limit->size());
    }
    rocksdb_column_family_metadata_options_set_level(o, options.level);
    FillMetaData(Cf(cf), rocksdb_get_column_family_metadata_cf_with_options(c(), CfOf(Cf(cf)), o), metadata);
    rocksdb_column_family_metadata_options_destroy(o);
  }

  Status IngestExternalFile(ColumnFamilyHandle* cf, const std::vector<std::string>& external_files,
                            const IngestExternalFileOptions& o) override {
    rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
    rocksdb_ingestexternalfileoptions_set_move_files(io, o.move_files);
    rocksdb_ingestexternalfileoptions_set_link_files(io, o.link_files);
    rocksdb_ingestexternalfileoptions_set_failed_move_fall_back_to_copy(io, o.failed_move_fall_back_to_copy);
    rocksdb_ingestexternalfileoptions_set_snapshot_consistency(io, o.snapshot_consistency);
    rocksdb_ingestexternalfileoptions_set_allow_global_seqno(io, o.allow_global_seqno);
    rocksdb_ingestexternalfileoptions_set_allow_blocking_flush(io, o.allow_blocking_flush);
    rocksdb_ingestexternalfileoptions_set_ingest_behind(io, o.ingest_behind);
    rocksdb_ingestexternalfileoptions_set_write_global_seqno(io, o.write_global_seqno);
    rocksdb_ingestexternalfileoptions_set_verify_checksums_before_ingest(io, o.verify_checksums_before_ingest);
    rocksdb_ingestexternalfileoptions_set_verify_checksums_readahead_size(io, o.verify_checksums_readahead_size);
    rocksdb_ingestexternalfileoptions_set_verify_file_checksum(io, o.verify_file_checksum);
    rocksdb_ingestexternalfileoptions_set_fail_if_not_bottommost_level(io, o.fail_if_not_bottommost_level);
    rocksdb_ingestexternalfileoptions_set_allow_db_generated_files(io, o.allow_db_generated_files);
    rocksdb_ingestexternalfileoptions_set_fill_cache(io, o.fill_cache);
    std::vector<const char*> files;
    for (const std::string& f : external_files) files.push_back(f.c_str());
    ErrPtr err;
    rocksdb_ingest_external_file_cf(c(), CfOf(Cf(cf)), files.data(), files.size(), io, err.out());
    rocksdb_ingestexternalfileoptions_destroy(io);
    return err.status();
  }

  Status VerifyChecksum(const ReadOptions& /*read_options*/) override {
    ErrPtr err;
    rocksdb_verify_checksum(c(), err.out());
    return err.status();
  }
  Status GetDbIdentity(std::string& identity) const override {
    size_t n = 0;
    char* id = rocksdb_get_db_identity(c(), &n);
    if (id == nullptr) return Status::IOError("cannot read the database's IDENTITY");
    identity = TakeCBytes(id, n);
    return Status::OK();
  }

  ColumnFamilyHandle* DefaultColumnFamily() const override {
    c();  // waits for Open to hand over the handle
    return default_cf_;
  }

  Status TryCatchUpWithPrimary() override {
    ErrPtr err;
    rocksdb_try_catch_up_with_primary(c(), err.out());
    return err.status();
  }

  CDB* ferrock_cdb() override { return this; }

  // ListenerTarget.
  DB* ListenerDB() override { return this; }
  void EnterCallback(rocksdb_t* db) override { CallbackStack().emplace_back(this, db); }
  void ExitCallback() override { CallbackStack().pop_back(); }
  void CompactionStarted(const std::vector<std::string>& input_files) override {
    std::lock_guard<std::mutex> lock(compacting_mu_);
    for (const std::string& f : input_files) ++compacting_[FileNumberOf(f)];
  }
  void CompactionFinished(const std::vector<std::string>& input_files) override {
    std::lock_guard<std::mutex> lock(compacting_mu_);
    for (const std::string& f : input_files) {
      auto it = compacting_.find(FileNumberOf(f));
      if (it != compacting_.end() && --it->second <= 0) compacting_.erase(it);
    }
  }

  // The options a column family was opened or created with.
  ColumnFamilyOptions OptionsOf(ColumnFamilyHandle* cf) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = cf_options_.find(cf == nullptr ? kDefaultColumnFamilyName : cf->GetName());
    return it == cf_options_.end() ? ColumnFamilyOptions() : it->second;
  }

 protected:
  virtual rocksdb_column_family_handle_t* CreateColumnFamilyC(const rocksdb_options_t* options, const std::string& name,
                                                              char** errptr) {
    return rocksdb_create_column_family(c(), options, name.c_str(), errptr);
  }

  ColumnFamilyHandle* Cf(ColumnFamilyHandle* cf) const { return cf == nullptr ? DefaultColumnFamily() : cf; }

 private:
  // Compactions started and not finished on callback threads, and the temporary c.h handles
  // of the callbacks running on this thread.
  static std::vector<std::pair<const CDB*, rocksdb_t*>>& CallbackStack() {
    thread_local std::vector<std::pair<const CDB*, rocksdb_t*>> stack;
    return stack;
  }

  void CloseImpl() {
    rocksdb_t* h = c_.exchange(nullptr);
    delete default_cf_;
    default_cf_ = nullptr;
    if (h != nullptr && close_ != nullptr) close_(h);
    borrowed_.DestroyAll();
  }

  static rocksdb_flushoptions_t* FlushOptionsToC(const FlushOptions& o) {
    rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
    rocksdb_flushoptions_set_wait(fo, o.wait);
    rocksdb_flushoptions_set_allow_write_stall(fo, o.allow_write_stall);
    rocksdb_flushoptions_set_force_atomic_flush(fo, o.force_atomic_flush);
    rocksdb_flushoptions_set_listener_wait(fo, o.listener_wait);
    return fo;
  }

  // The codec a compaction writes at `level` of this column family.
  CompressionType OutputCompression(ColumnFamilyHandle* cf, int level) const {
    ColumnFamilyOptions o = OptionsOf(cf);
    if (!o.compression_per_level.empty()) {
      size_t i = static_cast<size_t>(std::max(0, level));
      return o.compression_per_level[std::min(i, o.compression_per_level.size() - 1)];
    }
    if (level == o.num_levels - 1 && o.bottommost_compression != kDisableCompressionOption) return o.bottommost_compression;
    return o.compression;
  }

  static void FillFromLiveFile(const rocksdb_livefiles_t* files, int i, SstFileMetaData* f) {
    std::string name = rocksdb_livefiles_name(files, i);
    f->relative_filename = !name.empty() && name[0] == '/' ? name.substr(1) : name;
    f->name = "/" + f->relative_filename;
    f->directory = rocksdb_livefiles_directory(files, i);
    f->db_path = f->directory;
    f->file_number = FileNumberOf(name);
    f->file_type = kTableFile;
    f->size = rocksdb_livefiles_size(files, i);
    size_t n = 0;
    const char* k = rocksdb_livefiles_smallestkey(files, i, &n);
    f->smallestkey.assign(k, n);
    k = rocksdb_livefiles_largestkey(files, i, &n);
    f->largestkey.assign(k, n);
    f->smallest_seqno = rocksdb_livefiles_smallest_seqno(files, i);
    f->largest_seqno = rocksdb_livefiles_largest_seqno(files, i);
    f->num_entries = rocksdb_livefiles_entries(files, i);
    f->num_deletions = rocksdb_livefiles_deletions(files, i);
  }

  void FillMetaData(ColumnFamilyHandle* cf, rocksdb_column_family_metadata_t* m, ColumnFamilyMetaData* out) {
    *out = ColumnFamilyMetaData();
    if (m == nullptr) return;
    // Per-file counters and sequence numbers come from the live files list.
    std::map<uint64_t, SstFileMetaData> live;
    if (const rocksdb_livefiles_t* files = rocksdb_livefiles(c())) {
      int n = rocksdb_livefiles_count(files);
      for (int i = 0; i < n; ++i) {
        if (cf->GetName() != rocksdb_livefiles_column_family_name(files, i)) continue;
        SstFileMetaData f;
        FillFromLiveFile(files, i, &f);
        live[f.file_number] = f;
      }
      rocksdb_livefiles_destroy(files);
    }
    out->size = rocksdb_column_family_metadata_get_size(m);
    out->file_count = rocksdb_column_family_metadata_get_file_count(m);
    out->name = TakeCString(rocksdb_column_family_metadata_get_name(m));
    size_t levels = rocksdb_column_family_metadata_get_level_count(m);
    std::lock_guard<std::mutex> lock(compacting_mu_);
    for (size_t l = 0; l < levels; ++l) {
      rocksdb_level_metadata_t* lm = rocksdb_column_family_metadata_get_level_metadata(m, l);
      std::vector<SstFileMetaData> files;
      size_t nf = rocksdb_level_metadata_get_file_count(lm);
      for (size_t j = 0; j < nf; ++j) {
        rocksdb_sst_file_metadata_t* fm = rocksdb_level_metadata_get_sst_file_metadata(lm, j);
        SstFileMetaData f;
        f.relative_filename = TakeCString(rocksdb_sst_file_metadata_get_relative_filename(fm));
        f.file_number = FileNumberOf(f.relative_filename);
        auto it = live.find(f.file_number);
        if (it != live.end()) f = it->second;
        f.directory = TakeCString(rocksdb_sst_file_metadata_get_directory(fm));
        f.db_path = f.directory;
        f.name = "/" + f.relative_filename;
        f.size = rocksdb_sst_file_metadata_get_size(fm);
        size_t kn = 0;
        char* k = rocksdb_sst_file_metadata_get_smallestkey(fm, &kn);
        f.smallestkey = TakeCBytes(k, kn);
        k = rocksdb_sst_file_metadata_get_largestkey(fm, &kn);
        f.largestkey = TakeCBytes(k, kn);
        f.being_compacted = compacting_.count(f.file_number) != 0;
        files.push_back(std::move(f));
        rocksdb_sst_file_metadata_destroy(fm);
      }
      out->levels.emplace_back(rocksdb_level_metadata_get_level(lm), rocksdb_level_metadata_get_size(lm), std::move(files));
      rocksdb_level_metadata_destroy(lm);
    }
    rocksdb_column_family_metadata_destroy(m);
  }

  std::string name_;
  DBOptions db_options_;
  std::atomic<rocksdb_t*> c_{nullptr};
  CloseFunction close_ = nullptr;
  ColumnFamilyHandle* default_cf_ = nullptr;
  mutable std::mutex mu_;
  mutable std::condition_variable open_cv_;
  bool open_done_ = false;
  std::map<std::string, ColumnFamilyOptions> cf_options_;
  BorrowedCObjects borrowed_;
  mutable std::mutex compacting_mu_;
  std::map<uint64_t, int> compacting_;
};

inline Status CColumnFamilyHandle::GetDescriptor(ColumnFamilyDescriptor* desc) {
  desc->name = name_;
  desc->options = db_->OptionsOf(this);
  return Status::OK();
}

inline const Comparator* CColumnFamilyHandle::GetComparator() const {
  return db_->OptionsOf(const_cast<CColumnFamilyHandle*>(this)).comparator;
}

// The c.h options of a database and of each of its column families, ready for an open call.
struct OpenArguments {
  COptions db;
  std::vector<std::unique_ptr<COptions>> cfs;
  std::vector<const char*> names;
  std::vector<const rocksdb_options_t*> cf_ptrs;
};

inline Status PrepareOpen(CDB* db, const DBOptions& db_options, const std::vector<ColumnFamilyDescriptor>& column_families,
                          OpenArguments* args) {
  Status s = DBOptionsToC(db_options, args->db.get(), db->borrowed(), db);
  for (const ColumnFamilyDescriptor& d : column_families) {
    if (!s.ok()) break;
    args->cfs.push_back(std::make_unique<COptions>());
    s = CFOptionsToC(d.options, args->cfs.back()->get(), db->borrowed());
    args->names.push_back(d.name.c_str());
    args->cf_ptrs.push_back(args->cfs.back()->get());
    db->RecordColumnFamily(d.name, d.options);
  }
  return s;
}

// Opens with descriptors through `open` (one of c.h's *_column_families calls) and fills handles.
template <typename OpenFn>
Status OpenWithColumnFamilies(const DBOptions& db_options, const std::string& name,
                              const std::vector<ColumnFamilyDescriptor>& column_families,
                              std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr, OpenFn&& open) {
  handles->clear();
  dbptr->reset();
  auto db = std::make_unique<CDB>(name, db_options);
  OpenArguments args;
  Status s = PrepareOpen(db.get(), db_options, column_families, &args);
  if (!s.ok()) {
    db->Opened(nullptr, nullptr);
    return s;
  }
  std::vector<rocksdb_column_family_handle_t*> c_handles(column_families.size(), nullptr);
  ErrPtr err;
  rocksdb_t* c = open(args, c_handles.data(), err.out());
  if (err.failed() || c == nullptr) {
    db->Opened(nullptr, nullptr);
    return err.failed() ? err.status() : Status::IOError("open failed");
  }
  db->Opened(c, &CloseOwned);
  for (rocksdb_column_family_handle_t* h : c_handles) handles->push_back(new CColumnFamilyHandle(h, db.get()));
  *dbptr = std::move(db);
  return Status::OK();
}

template <typename OpenFn>
Status OpenDefaultOnly(const Options& options, const std::string& name, std::unique_ptr<DB>* dbptr, OpenFn&& open) {
  dbptr->reset();
  auto db = std::make_unique<CDB>(name, DBOptions(options));
  COptions co;
  Status s = DBOptionsToC(options, co.get(), db->borrowed(), db.get());
  if (s.ok()) s = CFOptionsToC(options, co.get(), db->borrowed());
  if (!s.ok()) {
    db->Opened(nullptr, nullptr);
    return s;
  }
  db->RecordColumnFamily(kDefaultColumnFamilyName, options);
  ErrPtr err;
  rocksdb_t* c = open(co.get(), err.out());
  if (err.failed() || c == nullptr) {
    db->Opened(nullptr, nullptr);
    return err.failed() ? err.status() : Status::IOError("open failed");
  }
  db->Opened(c, &CloseOwned);
  *dbptr = std::move(db);
  return Status::OK();
}

}  // namespace ferrock_impl

inline Status DB::Open(const Options& options, const std::string& name, std::unique_ptr<DB>* dbptr) {
  return ferrock_impl::OpenDefaultOnly(options, name, dbptr, [&](rocksdb_options_t* o, char** err) {
    return rocksdb_open(o, name.c_str(), err);
  });
}

inline Status DB::Open(const DBOptions& db_options, const std::string& name,
                       const std::vector<ColumnFamilyDescriptor>& column_families,
                       std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr) {
  return ferrock_impl::OpenWithColumnFamilies(
      db_options, name, column_families, handles, dbptr,
      [&](ferrock_impl::OpenArguments& a, rocksdb_column_family_handle_t** h, char** err) {
        return rocksdb_open_column_families(a.db.get(), name.c_str(), static_cast<int>(a.names.size()), a.names.data(),
                                            a.cf_ptrs.data(), h, err);
      });
}

inline Status DB::OpenForReadOnly(const Options& options, const std::string& name, std::unique_ptr<DB>* dbptr,
                                  bool error_if_wal_file_exists) {
  return ferrock_impl::OpenDefaultOnly(options, name, dbptr, [&](rocksdb_options_t* o, char** err) {
    return rocksdb_open_for_read_only(o, name.c_str(), error_if_wal_file_exists, err);
  });
}

inline Status DB::OpenForReadOnly(const DBOptions& db_options, const std::string& name,
                                  const std::vector<ColumnFamilyDescriptor>& column_families,
                                  std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr,
                                  bool error_if_wal_file_exists) {
  return ferrock_impl::OpenWithColumnFamilies(
      db_options, name, column_families, handles, dbptr,
      [&](ferrock_impl::OpenArguments& a, rocksdb_column_family_handle_t** h, char** err) {
        return rocksdb_open_for_read_only_column_families(a.db.get(), name.c_str(), static_cast<int>(a.names.size()),
                                                          a.names.data(), a.cf_ptrs.data(), h,
                                                          error_if_wal_file_exists, err);
      });
}

inline Status DB::OpenAsSecondary(const Options& options, const std::string& name, const std::string& secondary_path,
                                  std::unique_ptr<DB>* dbptr) {
  return ferrock_impl::OpenDefaultOnly(options, name, dbptr, [&](rocksdb_options_t* o, char** err) {
    return rocksdb_open_as_secondary(o, name.c_str(), secondary_path.c_str(), err);
  });
}

inline Status DB::OpenAsSecondary(const DBOptions& db_options, const std::string& name,
                                  const std::string& secondary_path,
                                  const std::vector<ColumnFamilyDescriptor>& column_families,
                                  std::vector<ColumnFamilyHandle*>* handles, std::unique_ptr<DB>* dbptr) {
  return ferrock_impl::OpenWithColumnFamilies(
      db_options, name, column_families, handles, dbptr,
      [&](ferrock_impl::OpenArguments& a, rocksdb_column_family_handle_t** h, char** err) {
        return rocksdb_open_as_secondary_column_families(a.db.get(), name.c_str(), secondary_path.c_str(),
                                                         static_cast<int>(a.names.size()), a.names.data(),
                                                         a.cf_ptrs.data(), h, err);
      });
}

inline Status DB::ListColumnFamilies(const DBOptions& db_options, const std::string& name,
                                     std::vector<std::string>* column_families) {
  ferrock_impl::COptions co;
  ferrock_impl::BorrowedCObjects borrowed;
  Status s = ferrock_impl::DBOptionsToC(db_options, co.get(), &borrowed, nullptr);
  if (!s.ok()) return s;
  size_t n = 0;
  ferrock_impl::ErrPtr err;
  char** list = rocksdb_list_column_families(co.get(), name.c_str(), &n, err.out());
  if (err.failed()) return err.status();
  column_families->clear();
  for (size_t i = 0; i < n; ++i) column_families->push_back(list[i]);
  rocksdb_list_column_families_destroy(list, n);
  return Status::OK();
}

inline Status DestroyDB(const std::string& name, const Options& options,
                        const std::vector<ColumnFamilyDescriptor>& /*column_families*/) {
  ferrock_impl::COptions co;
  ferrock_impl::BorrowedCObjects borrowed;
  Status s = ferrock_impl::DBOptionsToC(options, co.get(), &borrowed, nullptr);
  if (!s.ok()) return s;
  ferrock_impl::ErrPtr err;
  rocksdb_destroy_db(co.get(), name.c_str(), err.out());
  return err.status();
}

inline Status RepairDB(const std::string& dbname, const Options& options) {
  ferrock_impl::COptions co;
  ferrock_impl::BorrowedCObjects borrowed;
  Status s = ferrock_impl::DBOptionsToC(options, co.get(), &borrowed, nullptr);
  if (s.ok()) s = ferrock_impl::CFOptionsToC(options, co.get(), &borrowed);
  if (!s.ok()) return s;
  ferrock_impl::ErrPtr err;
  rocksdb_repair_db(co.get(), dbname.c_str(), err.out());
  return err.status();
}

inline Status RepairDB(const std::string& dbname, const DBOptions& db_options,
                       const std::vector<ColumnFamilyDescriptor>& column_families) {
  // c.h repairs with one set of options for every column family.
  for (const ColumnFamilyDescriptor& d : column_families) {
    if (d.name != kDefaultColumnFamilyName) {
      return Status::NotSupported("RepairDB with column family options", "c.h's rocksdb_repair_db takes one set of options");
    }
  }
  return RepairDB(dbname, Options(db_options, column_families.empty() ? ColumnFamilyOptions() : column_families[0].options));
}

inline ManagedSnapshot::ManagedSnapshot(DB* db) : db_(db), snapshot_(db->GetSnapshot()) {}
inline ManagedSnapshot::~ManagedSnapshot() {
  if (db_ != nullptr && snapshot_ != nullptr) db_->ReleaseSnapshot(snapshot_);
}

}  // namespace ROCKSDB_NAMESPACE
