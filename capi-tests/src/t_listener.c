/* Event listeners through the C API: a listener made of callbacks counts flushes,
 * compactions, subcompactions, ingestions, stall changes and sealed memtables, and reads
 * their infos with the accessors (paths that exist on disk while the callback runs, column
 * family names, levels, sequence numbers, reasons). The callbacks record; main checks. */
#include <rocksdb/c.h>
#include <pthread.h>
#include "check.h"

struct seen {
  pthread_mutex_t mu;
  int flush_begin, flush_completed, compaction_begin, compaction_completed;
  int sub_begin, sub_completed, ingested, stalls, sealed, destroyed;
  /* Last flush. */
  char flush_cf[32], flush_path[512];
  int flush_path_exists, flush_job_begin, flush_job_completed;
  uint64_t flush_smallest, flush_largest, flush_number;
  uint32_t flush_reason;
  /* Last compaction. */
  int comp_base_level, comp_output_level, comp_l0, comp_outputs_exist, comp_status_ok;
  size_t comp_inputs, comp_outputs, comp_input_infos;
  int comp_input_info_level;
  uint64_t comp_input_records, comp_output_records, comp_in_bytes, comp_out_bytes;
  uint32_t comp_reason;
  int sub_output_level, sub_job_matches;
  int comp_job;
  /* Stalls, in order: prev * 10 + cur. */
  int stall_changes[8];
  char stall_cf[32];
  /* Last ingestion. */
  char ext_path[512];
  int int_path_exists;
  uint64_t global_seqno;
  /* Last sealed memtable. */
  uint64_t sealed_entries, sealed_deletes, sealed_first;
  /* The db handle works inside a callback. */
  int db_usable;
};

static void copy_text(char* dst, size_t cap, const char* s, size_t n) {
  if (n >= cap) n = cap - 1;
  memcpy(dst, s, n);
  dst[n] = 0;
}

static void on_destroy(void* p) {
  struct seen* s = p;
  pthread_mutex_lock(&s->mu);
  s->destroyed++;
  pthread_mutex_unlock(&s->mu);
}

static void on_flush_begin(void* p, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  struct seen* s = p;
  (void)db;
  pthread_mutex_lock(&s->mu);
  s->flush_begin++;
  s->flush_job_begin = rocksdb_flushjobinfo_job_id(info);
  pthread_mutex_unlock(&s->mu);
}

static void on_flush_completed(void* p, rocksdb_t* db, const rocksdb_flushjobinfo_t* info) {
  struct seen* s = p;
  size_t n = 0;
  /* The database is usable (and not locked) inside the callback. */
  char* prop = rocksdb_property_value(db, "rocksdb.num-files-at-level0");
  pthread_mutex_lock(&s->mu);
  s->flush_completed++;
  s->db_usable += prop != NULL;
  const char* cf = rocksdb_flushjobinfo_cf_name(info, &n);
  copy_text(s->flush_cf, sizeof s->flush_cf, cf, n);
  const char* path = rocksdb_flushjobinfo_file_path(info, &n);
  copy_text(s->flush_path, sizeof s->flush_path, path, n);
  s->flush_path_exists = access(s->flush_path, F_OK) == 0;
  s->flush_number = rocksdb_flushjobinfo_file_number(info);
  s->flush_smallest = rocksdb_flushjobinfo_smallest_seqno(info);
  s->flush_largest = rocksdb_flushjobinfo_largest_seqno(info);
  s->flush_reason = rocksdb_flushjobinfo_flush_reason(info);
  s->flush_job_completed = rocksdb_flushjobinfo_job_id(info);
  pthread_mutex_unlock(&s->mu);
  free(prop);
}

static void on_compaction_begin(void* p, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  struct seen* s = p;
  (void)db;
  (void)info;
  pthread_mutex_lock(&s->mu);
  s->compaction_begin++;
  pthread_mutex_unlock(&s->mu);
}

static void on_compaction_completed(void* p, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  struct seen* s = p;
  char* err = NULL;
  (void)db;
  rocksdb_compactionjobinfo_status(info, &err);
  pthread_mutex_lock(&s->mu);
  s->compaction_completed++;
  s->comp_status_ok = err == NULL;
  s->comp_job = rocksdb_compactionjobinfo_job_id(info);
  s->comp_base_level = rocksdb_compactionjobinfo_base_input_level(info);
  s->comp_output_level = rocksdb_compactionjobinfo_output_level(info);
  s->comp_l0 = rocksdb_compactionjobinfo_num_l0_files(info);
  s->comp_inputs = rocksdb_compactionjobinfo_input_files_count(info);
  s->comp_outputs = rocksdb_compactionjobinfo_output_files_count(info);
  s->comp_input_infos = rocksdb_compactionjobinfo_input_file_infos_count(info);
  s->comp_input_info_level = s->comp_input_infos > 0
      ? rocksdb_compaction_file_info_level(rocksdb_compactionjobinfo_input_file_info_at(info, 0)) : -1;
  s->comp_outputs_exist = 1;
  for (size_t i = 0; i < s->comp_outputs; i++) {
    size_t n = 0;
    char path[512];
    const char* out = rocksdb_compactionjobinfo_output_file_at(info, i, &n);
    copy_text(path, sizeof path, out, n);
    if (access(path, F_OK) != 0) s->comp_outputs_exist = 0;
  }
  s->comp_input_records = rocksdb_compactionjobinfo_input_records(info);
  s->comp_output_records = rocksdb_compactionjobinfo_output_records(info);
  s->comp_in_bytes = rocksdb_compactionjobinfo_total_input_bytes(info);
  s->comp_out_bytes = rocksdb_compactionjobinfo_total_output_bytes(info);
  s->comp_reason = rocksdb_compactionjobinfo_compaction_reason(info);
  pthread_mutex_unlock(&s->mu);
  free(err);
}

static void on_sub_begin(void* p, const rocksdb_subcompactionjobinfo_t* info) {
  struct seen* s = p;
  (void)info;
  pthread_mutex_lock(&s->mu);
  s->sub_begin++;
  pthread_mutex_unlock(&s->mu);
}

static void on_sub_completed(void* p, const rocksdb_subcompactionjobinfo_t* info) {
  struct seen* s = p;
  pthread_mutex_lock(&s->mu);
  s->sub_completed++;
  s->sub_output_level = rocksdb_subcompactionjobinfo_output_level(info);
  s->sub_job_matches = rocksdb_subcompactionjobinfo_subcompaction_job_id(info) == 0;
  pthread_mutex_unlock(&s->mu);
}

static void on_ingested(void* p, rocksdb_t* db, const rocksdb_externalfileingestioninfo_t* info) {
  struct seen* s = p;
  size_t n = 0;
  char internal[512];
  (void)db;
  pthread_mutex_lock(&s->mu);
  s->ingested++;
  const char* ext = rocksdb_externalfileingestioninfo_external_file_path(info, &n);
  copy_text(s->ext_path, sizeof s->ext_path, ext, n);
  const char* in = rocksdb_externalfileingestioninfo_internal_file_path(info, &n);
  copy_text(internal, sizeof internal, in, n);
  s->int_path_exists = access(internal, F_OK) == 0;
  s->global_seqno = rocksdb_externalfileingestioninfo_global_seqno(info);
  pthread_mutex_unlock(&s->mu);
}

static void on_background_error(void* p, uint32_t reason, rocksdb_status_ptr_t* status) {
  (void)p;
  (void)reason;
  (void)status;
}

static void on_stall(void* p, const rocksdb_writestallinfo_t* info) {
  struct seen* s = p;
  size_t n = 0;
  int prev = *(const int*)rocksdb_writestallinfo_prev(info);
  int cur = *(const int*)rocksdb_writestallinfo_cur(info);
  pthread_mutex_lock(&s->mu);
  if (s->stalls < 8) s->stall_changes[s->stalls] = prev * 10 + cur;
  s->stalls++;
  const char* cf = rocksdb_writestallinfo_cf_name(info, &n);
  copy_text(s->stall_cf, sizeof s->stall_cf, cf, n);
  pthread_mutex_unlock(&s->mu);
}

static void on_sealed(void* p, const rocksdb_memtableinfo_t* info) {
  struct seen* s = p;
  pthread_mutex_lock(&s->mu);
  s->sealed++;
  s->sealed_entries = rocksdb_memtableinfo_num_entries(info);
  s->sealed_deletes = rocksdb_memtableinfo_num_deletes(info);
  s->sealed_first = rocksdb_memtableinfo_first_seqno(info);
  pthread_mutex_unlock(&s->mu);
}

static rocksdb_eventlistener_t* make_listener(struct seen* s) {
  return rocksdb_eventlistener_create(s, on_destroy, on_flush_begin, on_flush_completed, on_compaction_begin,
                                      on_compaction_completed, on_sub_begin, on_sub_completed, on_ingested,
                                      on_background_error, on_stall, on_sealed);
}

int main(void) {
  static struct seen s;
  pthread_mutex_init(&s.mu, NULL);
  char path[512], ext[600];
  make_db_path(path, sizeof path, "t_listener");
  char* err = NULL;

  /* A listener never added is freed by destroy, which runs its destructor. */
  rocksdb_eventlistener_t* unused = make_listener(&s);
  rocksdb_eventlistener_destroy(unused);
  CHECK(s.destroyed == 1, "destructor ran at destroy (%d)", s.destroyed);
  s.destroyed = 0;

  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_level0_file_num_compaction_trigger(o, 2);
  rocksdb_options_set_level0_slowdown_writes_trigger(o, 2);
  rocksdb_options_add_eventlistener(o, make_listener(&s));
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);

  /* Flush: sealed memtable, begin, completed with the table on disk. */
  rocksdb_put(db, wo, "a", 1, "1", 1, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "b", 1, "2", 1, &err);
  CHECK_NOERR(err);
  rocksdb_delete(db, wo, "c", 1, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  pthread_mutex_lock(&s.mu);
  CHECK(s.sealed == 1 && s.sealed_entries == 3 && s.sealed_deletes == 1 && s.sealed_first == 1,
        "one memtable sealed with 3 entries, 1 delete, first seqno 1 (%d, %llu, %llu, %llu)", s.sealed,
        (unsigned long long)s.sealed_entries, (unsigned long long)s.sealed_deletes, (unsigned long long)s.sealed_first);
  CHECK(s.flush_begin == 1 && s.flush_completed == 1, "flush events fired before flush returned (%d, %d)", s.flush_begin,
        s.flush_completed);
  CHECK(s.flush_job_begin == s.flush_job_completed, "same job id at begin and completion");
  CHECK(strcmp(s.flush_cf, "default") == 0, "cf name %s", s.flush_cf);
  CHECK(s.flush_path_exists, "flushed table %s exists during the callback", s.flush_path);
  CHECK(s.flush_number > 0 && strstr(s.flush_path, ".sst") != NULL, "file number and path");
  CHECK(s.flush_smallest == 1 && s.flush_largest == 3, "seqnos %llu..%llu", (unsigned long long)s.flush_smallest,
        (unsigned long long)s.flush_largest);
  CHECK(s.flush_reason == 10, "manual flush reason (kManualFlush = 10), got %u", s.flush_reason);
  CHECK(s.db_usable == 1, "the db handle works inside the callback");
  pthread_mutex_unlock(&s.mu);

  /* A second table reaches both the compaction trigger and the slowdown trigger. */
  rocksdb_put(db, wo, "a", 1, "3", 1, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_wait_for_compact_options_t* wc = rocksdb_wait_for_compact_options_create();
  rocksdb_wait_for_compact(db, wc, &err);
  CHECK_NOERR(err);
  rocksdb_wait_for_compact_options_destroy(wc);
  pthread_mutex_lock(&s.mu);
  CHECK(s.compaction_begin == 1 && s.compaction_completed == 1, "one compaction (%d, %d)", s.compaction_begin,
        s.compaction_completed);
  CHECK(s.sub_begin == 1 && s.sub_completed == 1 && s.sub_output_level == 6 && s.sub_job_matches,
        "its one subcompaction (%d, %d, L%d)", s.sub_begin, s.sub_completed, s.sub_output_level);
  CHECK(s.comp_status_ok, "compaction status OK");
  CHECK(s.comp_base_level == 0 && s.comp_output_level == 6 && s.comp_l0 == 0, "L0 -> L6 (dynamic levels): %d -> %d, %d L0 files after",
        s.comp_base_level, s.comp_output_level, s.comp_l0);
  CHECK(s.comp_inputs == 2 && s.comp_input_infos == 2 && s.comp_input_info_level == 0, "two inputs from level 0");
  CHECK(s.comp_outputs == 1 && s.comp_outputs_exist, "one output, on disk during the callback");
  /* The deletion of "c" and the older "a" are dropped at the bottommost level. */
  CHECK(s.comp_input_records == 4 && s.comp_output_records == 2, "records %llu -> %llu",
        (unsigned long long)s.comp_input_records, (unsigned long long)s.comp_output_records);
  CHECK(s.comp_in_bytes > 0 && s.comp_out_bytes > 0, "bytes counted");
  CHECK(s.comp_reason == 1, "reason kLevelL0FilesNum (1), got %u", s.comp_reason);
  /* kNormal = 2, kDelayed = 0: normal -> delayed at two L0 files, back to normal after compaction. */
  CHECK(s.stalls == 2 && s.stall_changes[0] == 20 && s.stall_changes[1] == 2, "stall changes (%d): %d, %d", s.stalls,
        s.stall_changes[0], s.stall_changes[1]);
  CHECK(strcmp(s.stall_cf, "default") == 0, "stall cf %s", s.stall_cf);
  pthread_mutex_unlock(&s.mu);

  /* Ingestion: both paths and the global sequence number. */
  snprintf(ext, sizeof ext, "%s.external.sst", path);
  rocksdb_envoptions_t* eo = rocksdb_envoptions_create();
  rocksdb_sstfilewriter_t* w = rocksdb_sstfilewriter_create(eo, o);
  rocksdb_sstfilewriter_open(w, ext, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_put(w, "a", 1, "ingested", 8, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_finish(w, &err);
  CHECK_NOERR(err);
  rocksdb_sstfilewriter_destroy(w);
  rocksdb_envoptions_destroy(eo);
  rocksdb_ingestexternalfileoptions_t* io = rocksdb_ingestexternalfileoptions_create();
  const char* files[1] = {ext};
  rocksdb_ingest_external_file(db, files, 1, io, &err);
  CHECK_NOERR(err);
  rocksdb_ingestexternalfileoptions_destroy(io);
  pthread_mutex_lock(&s.mu);
  CHECK(s.ingested == 1, "one ingestion event");
  CHECK(strcmp(s.ext_path, ext) == 0, "external path %s", s.ext_path);
  CHECK(s.int_path_exists, "internal file exists during the callback");
  CHECK(s.global_seqno == 5, "overlapping 'a' reads at the next sequence (5), got %llu", (unsigned long long)s.global_seqno);
  pthread_mutex_unlock(&s.mu);

  /* rocksdb_compact_files fills the caller's job info (and the listener hears of it too).
   * Everything goes to the last level first, so the one new level-0 table stays below the
   * compaction trigger and no automatic compaction runs meanwhile. */
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  rocksdb_put(db, wo, "z", 1, "9", 1, &err);
  CHECK_NOERR(err);
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  char l0_table[512];
  pthread_mutex_lock(&s.mu);
  snprintf(l0_table, sizeof l0_table, "%s", s.flush_path);
  int completed_before = s.compaction_completed;
  pthread_mutex_unlock(&s.mu);
  rocksdb_compaction_options_t* co = rocksdb_compaction_options_create();
  rocksdb_compactionjobinfo_t* job = rocksdb_compactionjobinfo_create();
  CHECK(rocksdb_compactionjobinfo_input_files_count(job) == 0, "a created info is empty");
  const char* inputs[1] = {l0_table};
  char** out = NULL;
  size_t nout = 0;
  rocksdb_compact_files(db, co, inputs, 1, 6, 0, &out, &nout, job, &err);
  CHECK_NOERR(err);
  rocksdb_compact_files_output_file_names_destroy(out, nout);
  size_t n = 0;
  const char* in0 = rocksdb_compactionjobinfo_input_file_at(job, 0, &n);
  CHECK(in0 != NULL && n == strlen(l0_table) && memcmp(in0, l0_table, n) == 0, "job info names the input table");
  CHECK(rocksdb_compactionjobinfo_base_input_level(job) == 0 && rocksdb_compactionjobinfo_output_level(job) == 6,
        "job info levels %d -> %d", rocksdb_compactionjobinfo_base_input_level(job), rocksdb_compactionjobinfo_output_level(job));
  CHECK(rocksdb_compactionjobinfo_output_files_count(job) == nout, "job info outputs = returned names (%zu)", nout);
  CHECK(rocksdb_compactionjobinfo_compaction_reason(job) == 9, "kManualCompaction");
  const char* cfn = rocksdb_compactionjobinfo_cf_name(job, &n);
  CHECK(n == 7 && memcmp(cfn, "default", 7) == 0, "job info cf name");
  rocksdb_compactionjobinfo_destroy(job);
  rocksdb_compaction_options_destroy(co);
  pthread_mutex_lock(&s.mu);
  CHECK(s.compaction_completed == completed_before + 1, "the listener heard of compact_files");
  pthread_mutex_unlock(&s.mu);

  /* The listener lives while the options or the database use it. */
  rocksdb_close(db);
  CHECK(s.destroyed == 0, "listener alive while the options hold it");
  rocksdb_options_destroy(o);
  CHECK(s.destroyed == 1, "destructor ran once the options and the database were gone (%d)", s.destroyed);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_flushoptions_destroy(fo);
  remove_db_path(path);
  unlink(ext);
  return check_report("t_listener");
}
