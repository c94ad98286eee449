// ferrock's C++ API, implementation: the adapters that hand a program's C++
// objects (Comparator, MergeOperator, CompactionFilter(Factory), SliceTransform,
// EventListener, Logger) to the engine as c.h (or ferrock_ext.h) callback objects. Each adapter's
// state points at the C++ object; objects shared through shared_ptr are kept
// alive by the state, which the engine's destructor callback frees. Exceptions
// thrown by a program's callback do not cross into C: they count as a failed
// merge, a kept value, or an ignored event.
#pragma once

#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/c.h"
#include "rocksdb/compaction_filter.h"
#include "rocksdb/ferrock_ext.h"
#include "rocksdb/comparator.h"
#include "rocksdb/env.h"
#include "rocksdb/listener.h"
#include "rocksdb/merge_operator.h"
#include "rocksdb/slice_transform.h"

namespace ROCKSDB_NAMESPACE {

class DB;

namespace ferrock_impl {

// ---- Comparator: the program owns it; the C object is destroyed after the database closes.

inline int ComparatorCompare(void* state, const char* a, size_t alen, const char* b, size_t blen) {
  return static_cast<const Comparator*>(state)->Compare(Slice(a, alen), Slice(b, blen));
}
inline const char* ComparatorName(void* state) { return static_cast<const Comparator*>(state)->Name(); }

inline rocksdb_comparator_t* NewCComparator(const Comparator* cmp) {
  return rocksdb_comparator_create(const_cast<Comparator*>(cmp), nullptr, &ComparatorCompare, &ComparatorName);
}

// ---- MergeOperator: the state holds a shared_ptr; the engine frees it with the options/db.

// The merge result handed to the engine, which copies it before the next call on this thread.
inline std::string& MergeResultBuffer() {
  thread_local std::string buffer;
  return buffer;
}

inline char* HandBackMergeResult(std::string&& value, unsigned char* success, size_t* new_value_length) {
  std::string& out = MergeResultBuffer();
  out = std::move(value);
  *success = 1;
  *new_value_length = out.size();
  return out.data();
}

inline char* MergeFull(void* state, const char* key, size_t key_length, const char* existing_value,
                       size_t existing_value_length, const char* const* operands_list,
                       const size_t* operands_list_length, int num_operands, unsigned char* success,
                       size_t* new_value_length) {
  *success = 0;
  *new_value_length = 0;
  try {
    const MergeOperator& op = **static_cast<std::shared_ptr<MergeOperator>*>(state);
    std::vector<Slice> operands;
    operands.reserve(static_cast<size_t>(num_operands));
    for (int i = 0; i < num_operands; ++i) operands.emplace_back(operands_list[i], operands_list_length[i]);
    Slice k(key, key_length);
    MergeOperator::MergeOperationInputV3::ExistingValue existing;
    if (existing_value != nullptr) existing = Slice(existing_value, existing_value_length);
    MergeOperator::MergeOperationInputV3 in(k, std::move(existing), operands, nullptr);
    MergeOperator::MergeOperationOutputV3 out;
    if (!op.FullMergeV3(in, &out)) return nullptr;
    if (std::string* s = std::get_if<std::string>(&out.new_value)) {
      return HandBackMergeResult(std::move(*s), success, new_value_length);
    }
    if (Slice* s = std::get_if<Slice>(&out.new_value)) {
      return HandBackMergeResult(s->ToString(), success, new_value_length);
    }
    return nullptr;  // wide columns: ferrock stores plain values only
  } catch (...) {
    return nullptr;
  }
}

inline char* MergePartial(void* state, const char* key, size_t key_length, const char* const* operands_list,
                          const size_t* operands_list_length, int num_operands, unsigned char* success,
                          size_t* new_value_length) {
  *success = 0;
  *new_value_length = 0;
  try {
    const MergeOperator& op = **static_cast<std::shared_ptr<MergeOperator>*>(state);
    std::deque<Slice> operands;
    for (int i = 0; i < num_operands; ++i) operands.emplace_back(operands_list[i], operands_list_length[i]);
    std::string result;
    if (!op.PartialMergeMulti(Slice(key, key_length), operands, &result, nullptr)) return nullptr;
    return HandBackMergeResult(std::move(result), success, new_value_length);
  } catch (...) {
    return nullptr;
  }
}

inline void MergeDeleteValue(void* /*state*/, const char* /*value*/, size_t /*length*/) {
  // The value lives in MergeResultBuffer(); nothing to free.
}
inline const char* MergeName(void* state) { return (*static_cast<std::shared_ptr<MergeOperator>*>(state))->Name(); }
inline void MergeDestroy(void* state) { delete static_cast<std::shared_ptr<MergeOperator>*>(state); }

inline rocksdb_mergeoperator_t* NewCMergeOperator(const std::shared_ptr<MergeOperator>& op) {
  return rocksdb_mergeoperator_create(new std::shared_ptr<MergeOperator>(op), &MergeDestroy, &MergeFull,
                                      &MergePartial, &MergeDeleteValue, &MergeName);
}

// ---- CompactionFilter: values only (c.h's filter callback; compaction_filter.h).

inline std::string& FilterNewValueBuffer() {
  thread_local std::string buffer;
  return buffer;
}

inline unsigned char FilterValue(const CompactionFilter& f, int level, const char* key, size_t key_length,
                                 const char* existing_value, size_t value_length, char** new_value,
                                 size_t* new_value_length, unsigned char* value_changed) {
  try {
    std::string& replacement = FilterNewValueBuffer();
    replacement.clear();
    bool changed = false;
    bool remove = f.Filter(level, Slice(key, key_length), Slice(existing_value, value_length), &replacement, &changed);
    if (!remove && changed) {
      // The engine copies the new value before this thread calls a filter again.
      *value_changed = 1;
      *new_value = replacement.data();
      *new_value_length = replacement.size();
    }
    return remove ? 1 : 0;
  } catch (...) {
    return 0;
  }
}

inline unsigned char CompactionFilterBorrowedFilter(void* state, int level, const char* key, size_t key_length,
                                                    const char* existing_value, size_t value_length, char** new_value,
                                                    size_t* new_value_length, unsigned char* value_changed) {
  return FilterValue(*static_cast<const CompactionFilter*>(state), level, key, key_length, existing_value,
                     value_length, new_value, new_value_length, value_changed);
}
inline const char* CompactionFilterName(void* state) { return static_cast<const CompactionFilter*>(state)->Name(); }

inline unsigned char CompactionFilterMergeOperand(void* state, int level, const char* key, size_t key_length,
                                                  const char* operand, size_t operand_length) {
  try {
    return static_cast<const CompactionFilter*>(state)->FilterMergeOperand(level, Slice(key, key_length),
                                                                           Slice(operand, operand_length))
               ? 1
               : 0;
  } catch (...) {
    return 0;
  }
}

// The C filter for a program's CompactionFilter (values and merge operands).
inline rocksdb_compactionfilter_t* NewCFilterOver(CompactionFilter* f, void (*destructor)(void*)) {
  rocksdb_compactionfilter_t* c = ferrock_compactionfilter_create_with_merge_operand(
      f, destructor, &CompactionFilterBorrowedFilter, &CompactionFilterMergeOperand, &CompactionFilterName);
  rocksdb_compactionfilter_set_ignore_snapshots(c, f->IgnoreSnapshots() ? 1 : 0);
  return c;
}

// A filter the program owns (options.compaction_filter); destroy after the database closes.
inline rocksdb_compactionfilter_t* NewCCompactionFilter(const CompactionFilter* f) {
  return NewCFilterOver(const_cast<CompactionFilter*>(f), nullptr);
}

// A filter made by a factory: the engine owns the C object, which owns the C++ filter.
inline void CompactionFilterDelete(void* state) { delete static_cast<CompactionFilter*>(state); }

inline rocksdb_compactionfilter_t* FactoryCreateFilter(void* state, rocksdb_compactionfiltercontext_t* context) {
  try {
    CompactionFilterFactory& factory = **static_cast<std::shared_ptr<CompactionFilterFactory>*>(state);
    CompactionFilter::Context ctx;
    ctx.is_full_compaction = rocksdb_compactionfiltercontext_is_full_compaction(context) != 0;
    ctx.is_manual_compaction = rocksdb_compactionfiltercontext_is_manual_compaction(context) != 0;
    ctx.column_family_id = 0;
    ctx.reason = TableFileCreationReason::kCompaction;
    std::unique_ptr<CompactionFilter> f = factory.CreateCompactionFilter(ctx);
    if (f == nullptr) return nullptr;
    return NewCFilterOver(f.release(), &CompactionFilterDelete);
  } catch (...) {
    return nullptr;
  }
}
inline const char* FactoryName(void* state) {
  return (*static_cast<std::shared_ptr<CompactionFilterFactory>*>(state))->Name();
}
inline void FactoryDestroy(void* state) { delete static_cast<std::shared_ptr<CompactionFilterFactory>*>(state); }

inline rocksdb_compactionfilterfactory_t* NewCCompactionFilterFactory(const std::shared_ptr<CompactionFilterFactory>& f) {
  return rocksdb_compactionfilterfactory_create(new std::shared_ptr<CompactionFilterFactory>(f), &FactoryDestroy,
                                                &FactoryCreateFilter, &FactoryName);
}

// ---- SliceTransform: built-ins map to the engine's; others become callbacks.

inline char* TransformPrefix(void* state, const char* key, size_t length, size_t* dst_length) {
  const SliceTransform& t = **static_cast<std::shared_ptr<const SliceTransform>*>(state);
  Slice prefix = t.Transform(Slice(key, length));
  *dst_length = prefix.size();
  return const_cast<char*>(prefix.data());
}
inline unsigned char TransformInDomain(void* state, const char* key, size_t length) {
  return (*static_cast<std::shared_ptr<const SliceTransform>*>(state))->InDomain(Slice(key, length)) ? 1 : 0;
}
inline const char* TransformName(void* state) {
  return (*static_cast<std::shared_ptr<const SliceTransform>*>(state))->Name();
}
inline void TransformDestroy(void* state) { delete static_cast<std::shared_ptr<const SliceTransform>*>(state); }

inline rocksdb_slicetransform_t* NewCSliceTransform(const std::shared_ptr<const SliceTransform>& t) {
  switch (t->ferrock_kind()) {
    case SliceTransform::FerrockKind::kFixed: return rocksdb_slicetransform_create_fixed_prefix(t->ferrock_prefix_len());
    case SliceTransform::FerrockKind::kNoop: return rocksdb_slicetransform_create_noop();
    default:
      return rocksdb_slicetransform_create(new std::shared_ptr<const SliceTransform>(t), &TransformDestroy,
                                           &TransformPrefix, &TransformInDomain, &TransformName);
  }
}

// ---- Logger: the engine's info log lines go to the program's Logger.

inline void LoggerWrite(void* priv, unsigned int level, char* msg, size_t len) {
  auto* logger = static_cast<std::shared_ptr<Logger>*>(priv);
  struct Call {
    static void Logv(Logger* l, InfoLogLevel lev, const char* format, ...) {
      va_list ap;
      va_start(ap, format);
      l->Logv(lev, format, ap);
      va_end(ap);
    }
  };
  Call::Logv(logger->get(), static_cast<InfoLogLevel>(level), "%.*s", static_cast<int>(len), msg);
}

// ---- EventListener.

// What the DB object behind a listener offers its callbacks (impl/db_impl.h implements it).
class ListenerTarget {
 public:
  virtual ~ListenerTarget() = default;
  virtual DB* ListenerDB() = 0;
  // The temporary c.h handle of the callback running on this thread (usable for calls made
  // from the callback while Open has not returned yet).
  virtual void EnterCallback(rocksdb_t* db) = 0;
  virtual void ExitCallback() = 0;
  virtual void CompactionStarted(const std::vector<std::string>& input_files) = 0;
  virtual void CompactionFinished(const std::vector<std::string>& input_files) = 0;
};

// One adapter per listener per open database; `listener` is null for the database's own
// tracker of running compactions.
struct ListenerState {
  std::shared_ptr<EventListener> listener;
  ListenerTarget* target;
};

inline std::string CText(const char* p, size_t n) { return p == nullptr ? std::string() : std::string(p, n); }

inline FlushJobInfo FlushInfoOf(const rocksdb_flushjobinfo_t* i) {
  FlushJobInfo f;
  size_t n = 0;
  f.cf_id = rocksdb_flushjobinfo_cf_id(i);
  const char* p = rocksdb_flushjobinfo_cf_name(i, &n);
  f.cf_name = CText(p, n);
  p = rocksdb_flushjobinfo_file_path(i, &n);
  f.file_path = CText(p, n);
  f.file_number = rocksdb_flushjobinfo_file_number(i);
  f.oldest_blob_file_number = rocksdb_flushjobinfo_oldest_blob_file_number(i);
  f.thread_id = rocksdb_flushjobinfo_thread_id(i);
  f.job_id = rocksdb_flushjobinfo_job_id(i);
  f.triggered_writes_slowdown = rocksdb_flushjobinfo_triggered_writes_slowdown(i) != 0;
  f.triggered_writes_stop = rocksdb_flushjobinfo_triggered_writes_stop(i) != 0;
  f.smallest_seqno = rocksdb_flushjobinfo_smallest_seqno(i);
  f.largest_seqno = rocksdb_flushjobinfo_largest_seqno(i);
  f.flush_reason = static_cast<FlushReason>(rocksdb_flushjobinfo_flush_reason(i));
  f.blob_compression_type = static_cast<CompressionType>(rocksdb_flushjobinfo_blob_compression_type(i));
  return f;
}

inline CompactionFileInfo FileInfoOf(const rocksdb_compaction_file_info_t* i) {
  CompactionFileInfo f;
  f.level = rocksdb_compaction_file_info_level(i);
  f.file_number = rocksdb_compaction_file_info_file_number(i);
  f.oldest_blob_file_number = rocksdb_compaction_file_info_oldest_blob_file_number(i);
  return f;
}

inline CompactionJobInfo CompactionInfoOf(const rocksdb_compactionjobinfo_t* i) {
  CompactionJobInfo c;
  size_t n = 0;
  c.cf_id = rocksdb_compactionjobinfo_cf_id(i);
  const char* p = rocksdb_compactionjobinfo_cf_name(i, &n);
  c.cf_name = CText(p, n);
  char* err = nullptr;
  rocksdb_compactionjobinfo_status(i, &err);
  c.status = Status::FromCErrorText(err);
  rocksdb_free(err);
  c.thread_id = rocksdb_compactionjobinfo_thread_id(i);
  c.job_id = rocksdb_compactionjobinfo_job_id(i);
  c.base_input_level = rocksdb_compactionjobinfo_base_input_level(i);
  c.output_level = rocksdb_compactionjobinfo_output_level(i);
  for (size_t k = 0; k < rocksdb_compactionjobinfo_input_files_count(i); ++k) {
    p = rocksdb_compactionjobinfo_input_file_at(i, k, &n);
    c.input_files.push_back(CText(p, n));
  }
  for (size_t k = 0; k < rocksdb_compactionjobinfo_input_file_infos_count(i); ++k) {
    c.input_file_infos.push_back(FileInfoOf(rocksdb_compactionjobinfo_input_file_info_at(i, k)));
  }
  for (size_t k = 0; k < rocksdb_compactionjobinfo_output_files_count(i); ++k) {
    p = rocksdb_compactionjobinfo_output_file_at(i, k, &n);
    c.output_files.push_back(CText(p, n));
  }
  for (size_t k = 0; k < rocksdb_compactionjobinfo_output_file_infos_count(i); ++k) {
    c.output_file_infos.push_back(FileInfoOf(rocksdb_compactionjobinfo_output_file_info_at(i, k)));
  }
  c.compaction_reason = static_cast<CompactionReason>(rocksdb_compactionjobinfo_compaction_reason(i));
  c.compression = static_cast<CompressionType>(rocksdb_compactionjobinfo_compression(i));
  c.blob_compression_type = static_cast<CompressionType>(rocksdb_compactionjobinfo_blob_compression_type(i));
  c.aborted = rocksdb_compactionjobinfo_aborted(i) != 0;
  c.stats.elapsed_micros = rocksdb_compactionjobinfo_elapsed_micros(i);
  c.stats.num_input_records = rocksdb_compactionjobinfo_input_records(i);
  c.stats.num_output_records = rocksdb_compactionjobinfo_output_records(i);
  c.stats.total_input_bytes = rocksdb_compactionjobinfo_total_input_bytes(i);
  c.stats.total_output_bytes = rocksdb_compactionjobinfo_total_output_bytes(i);
  c.stats.num_input_files = rocksdb_compactionjobinfo_num_input_files(i);
  c.stats.num_input_files_at_output_level = rocksdb_compactionjobinfo_num_input_files_at_output_level(i);
  c.stats.num_corrupt_keys = rocksdb_compactionjobinfo_num_corrupt_keys(i);
  return c;
}

inline SubcompactionJobInfo SubcompactionInfoOf(const rocksdb_subcompactionjobinfo_t* i) {
  SubcompactionJobInfo s;
  size_t n = 0;
  s.cf_id = rocksdb_subcompactionjobinfo_cf_id(i);
  const char* p = rocksdb_subcompactionjobinfo_cf_name(i, &n);
  s.cf_name = CText(p, n);
  char* err = nullptr;
  rocksdb_subcompactionjobinfo_status(i, &err);
  s.status = Status::FromCErrorText(err);
  rocksdb_free(err);
  s.thread_id = rocksdb_subcompactionjobinfo_thread_id(i);
  s.job_id = rocksdb_subcompactionjobinfo_job_id(i);
  s.subcompaction_job_id = rocksdb_subcompactionjobinfo_subcompaction_job_id(i);
  s.base_input_level = rocksdb_subcompactionjobinfo_base_input_level(i);
  s.output_level = rocksdb_subcompactionjobinfo_output_level(i);
  s.compaction_reason = static_cast<CompactionReason>(rocksdb_subcompactionjobinfo_compaction_reason(i));
  s.compression = static_cast<CompressionType>(rocksdb_subcompactionjobinfo_compression(i));
  s.blob_compression_type = static_cast<CompressionType>(rocksdb_subcompactionjobinfo_blob_compression_type(i));
  return s;
}

// Runs a program's callback with the database's temporary handle published, swallowing exceptions.
template <typename F>
void RunListener(ListenerState* st, rocksdb_t* db, F&& call) {
  if (db != nullptr) st->target->EnterCallback(db);
  try {
    call();
  } catch (...) {
  }
  if (db != nullptr) st->target->ExitCallback();
}

inline void OnFlushBeginCb(void* state, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  FlushJobInfo f = FlushInfoOf(info);
  RunListener(st, db, [&] { st->listener->OnFlushBegin(st->target->ListenerDB(), f); });
}
inline void OnFlushCompletedCb(void* state, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  FlushJobInfo f = FlushInfoOf(info);
  RunListener(st, db, [&] { st->listener->OnFlushCompleted(st->target->ListenerDB(), f); });
}
inline void OnCompactionBeginCb(void* state, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  CompactionJobInfo c = CompactionInfoOf(info);
  if (st->listener == nullptr) {
    st->target->CompactionStarted(c.input_files);
    return;
  }
  RunListener(st, db, [&] { st->listener->OnCompactionBegin(st->target->ListenerDB(), c); });
}
inline void OnCompactionCompletedCb(void* state, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  CompactionJobInfo c = CompactionInfoOf(info);
  if (st->listener == nullptr) {
    st->target->CompactionFinished(c.input_files);
    return;
  }
  RunListener(st, db, [&] { st->listener->OnCompactionCompleted(st->target->ListenerDB(), c); });
}
inline void OnSubcompactionBeginCb(void* state, const rocksdb_subcompactionjobinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  SubcompactionJobInfo s = SubcompactionInfoOf(info);
  RunListener(st, nullptr, [&] { st->listener->OnSubcompactionBegin(s); });
}
inline void OnSubcompactionCompletedCb(void* state, const rocksdb_subcompactionjobinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  SubcompactionJobInfo s = SubcompactionInfoOf(info);
  RunListener(st, nullptr, [&] { st->listener->OnSubcompactionCompleted(s); });
}
inline void OnExternalFileIngestedCb(void* state, rocksdb_t* db, const rocksdb_externalfileingestioninfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  ExternalFileIngestionInfo e;
  size_t n = 0;
  const char* p = rocksdb_externalfileingestioninfo_cf_name(info, &n);
  e.cf_name = CText(p, n);
  p = rocksdb_externalfileingestioninfo_external_file_path(info, &n);
  e.external_file_path = CText(p, n);
  p = rocksdb_externalfileingestioninfo_internal_file_path(info, &n);
  e.internal_file_path = CText(p, n);
  e.global_seqno = rocksdb_externalfileingestioninfo_global_seqno(info);
  RunListener(st, db, [&] { st->listener->OnExternalFileIngested(st->target->ListenerDB(), e); });
}
inline void OnBackgroundErrorCb(void* state, uint32_t reason, rocksdb_status_ptr_t* status) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  char* err = nullptr;
  rocksdb_status_ptr_get_error(status, &err);
  Status s = Status::FromCErrorText(err);
  rocksdb_free(err);
  RunListener(st, nullptr, [&] { st->listener->OnBackgroundError(static_cast<BackgroundErrorReason>(reason), &s); });
}
inline void OnStallConditionsChangedCb(void* state, const rocksdb_writestallinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  WriteStallInfo w;
  size_t n = 0;
  const char* p = rocksdb_writestallinfo_cf_name(info, &n);
  w.cf_name = CText(p, n);
  w.condition.cur = static_cast<WriteStallCondition>(*reinterpret_cast<const int*>(rocksdb_writestallinfo_cur(info)));
  w.condition.prev = static_cast<WriteStallCondition>(*reinterpret_cast<const int*>(rocksdb_writestallinfo_prev(info)));
  RunListener(st, nullptr, [&] { st->listener->OnStallConditionsChanged(w); });
}
inline void OnMemTableSealedCb(void* state, const rocksdb_memtableinfo_t* info) {
  auto* st = static_cast<ListenerState*>(state);
  if (st->listener == nullptr) return;
  MemTableInfo m;
  size_t n = 0;
  const char* p = rocksdb_memtableinfo_cf_name(info, &n);
  m.cf_name = CText(p, n);
  m.first_seqno = rocksdb_memtableinfo_first_seqno(info);
  m.earliest_seqno = rocksdb_memtableinfo_earliest_seqno(info);
  m.num_entries = rocksdb_memtableinfo_num_entries(info);
  m.num_deletes = rocksdb_memtableinfo_num_deletes(info);
  p = rocksdb_memtableinfo_newest_udt(info, &n);
  m.newest_udt = CText(p, n);
  RunListener(st, nullptr, [&] { st->listener->OnMemTableSealed(m); });
}
inline void ListenerDestroy(void* state) { delete static_cast<ListenerState*>(state); }

inline rocksdb_eventlistener_t* NewCEventListener(std::shared_ptr<EventListener> listener, ListenerTarget* target) {
  return rocksdb_eventlistener_create(new ListenerState{std::move(listener), target}, &ListenerDestroy, &OnFlushBeginCb,
                                      &OnFlushCompletedCb, &OnCompactionBeginCb, &OnCompactionCompletedCb,
                                      &OnSubcompactionBeginCb, &OnSubcompactionCompletedCb, &OnExternalFileIngestedCb,
                                      &OnBackgroundErrorCb, &OnStallConditionsChangedCb, &OnMemTableSealedCb);
}

}  // namespace ferrock_impl
}  // namespace ROCKSDB_NAMESPACE
