/* A compaction's CompactionJobStats (rocksdb_compactionjobinfo_stats, rocksdb_compaction_job_stats_*)
 * and the table properties of its inputs and outputs (rocksdb_compactionjobinfo_table_properties_*),
 * as a listener sees them at begin and completion, and a subcompaction's stats. */
#include <pthread.h>

#include "check.h"

struct seen {
  pthread_mutex_t mu;
  int begins, completions, sub_completions;
  /* At begin. */
  size_t begin_props, begin_outputs;
  uint64_t begin_input_records;
  /* At completion. */
  size_t inputs, outputs, in_files, out_files, at_output_level, trivially_moved, props;
  uint64_t in_records, out_records, in_bytes, out_bytes, raw_key, raw_value, deletions, elapsed;
  uint64_t sum_props_entries_inputs, out_props_entries, corrupt, blobs;
  int manual, full, remote, accurate, out_props_has_seqno, in_props_has_seqno, props_found, key_at_matches;
  char smallest[16], largest[16];
  size_t smallest_len, largest_len;
  int null_for_unknown_file, null_past_end;
  /* Subcompaction. */
  size_t sub_out_files;
  uint64_t sub_out_records;
};

static void on_begin(void* p, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  struct seen* s = p;
  (void)db;
  const rocksdb_compaction_job_stats_t* st = rocksdb_compactionjobinfo_stats(info);
  pthread_mutex_lock(&s->mu);
  s->begins++;
  s->begin_props = rocksdb_compactionjobinfo_table_properties_count(info);
  s->begin_outputs = st ? rocksdb_compaction_job_stats_num_output_files(st) : 99;
  s->begin_input_records = st ? rocksdb_compaction_job_stats_num_input_records(st) : 0;
  pthread_mutex_unlock(&s->mu);
}

static void on_completed(void* p, rocksdb_t* db, const rocksdb_compactionjobinfo_t* info) {
  struct seen* s = p;
  (void)db;
  const rocksdb_compaction_job_stats_t* st = rocksdb_compactionjobinfo_stats(info);
  pthread_mutex_lock(&s->mu);
  s->completions++;
  s->inputs = rocksdb_compactionjobinfo_input_files_count(info);
  s->outputs = rocksdb_compactionjobinfo_output_files_count(info);
  if (st) {
    s->in_files = rocksdb_compaction_job_stats_num_input_files(st);
    s->out_files = rocksdb_compaction_job_stats_num_output_files(st);
    s->at_output_level = rocksdb_compaction_job_stats_num_input_files_at_output_level(st);
    s->trivially_moved = rocksdb_compaction_job_stats_num_input_files_trivially_moved(st);
    s->in_records = rocksdb_compaction_job_stats_num_input_records(st);
    s->out_records = rocksdb_compaction_job_stats_num_output_records(st);
    s->in_bytes = rocksdb_compaction_job_stats_total_input_bytes(st);
    s->out_bytes = rocksdb_compaction_job_stats_total_output_bytes(st);
    s->raw_key = rocksdb_compaction_job_stats_total_input_raw_key_bytes(st);
    s->raw_value = rocksdb_compaction_job_stats_total_input_raw_value_bytes(st);
    s->deletions = rocksdb_compaction_job_stats_num_input_deletion_records(st);
    s->elapsed = rocksdb_compaction_job_stats_elapsed_micros(st);
    s->corrupt = rocksdb_compaction_job_stats_num_corrupt_keys(st);
    s->blobs = rocksdb_compaction_job_stats_num_blobs_read(st) + rocksdb_compaction_job_stats_num_output_files_blob(st);
    s->manual = rocksdb_compaction_job_stats_is_manual_compaction(st);
    s->full = rocksdb_compaction_job_stats_is_full_compaction(st);
    s->remote = rocksdb_compaction_job_stats_is_remote_compaction(st);
    s->accurate = rocksdb_compaction_job_stats_has_accurate_num_input_records(st);
    const char* k = rocksdb_compaction_job_stats_smallest_output_key_prefix(st, &s->smallest_len);
    if (k && s->smallest_len < sizeof s->smallest) memcpy(s->smallest, k, s->smallest_len);
    k = rocksdb_compaction_job_stats_largest_output_key_prefix(st, &s->largest_len);
    if (k && s->largest_len < sizeof s->largest) memcpy(s->largest, k, s->largest_len);
  }
  s->props = rocksdb_compactionjobinfo_table_properties_count(info);
  s->props_found = 1;
  for (size_t i = 0; i < s->inputs; i++) {
    size_t n = 0;
    const char* f = rocksdb_compactionjobinfo_input_file_at(info, i, &n);
    const rocksdb_table_properties_t* tp = rocksdb_compactionjobinfo_table_properties_for_file(info, f, n);
    if (!tp) {
      s->props_found = 0;
      continue;
    }
    s->sum_props_entries_inputs += rocksdb_table_properties_num_entries(tp);
    s->in_props_has_seqno |= rocksdb_table_properties_has_key_largest_seqno(tp);
  }
  for (size_t i = 0; i < s->outputs; i++) {
    size_t n = 0;
    const char* f = rocksdb_compactionjobinfo_output_file_at(info, i, &n);
    const rocksdb_table_properties_t* tp = rocksdb_compactionjobinfo_table_properties_for_file(info, f, n);
    if (!tp) {
      s->props_found = 0;
      continue;
    }
    s->out_props_entries += rocksdb_table_properties_num_entries(tp);
    s->out_props_has_seqno = rocksdb_table_properties_has_key_largest_seqno(tp);
  }
  /* key_at / value_at walk the same collection. */
  s->key_at_matches = 1;
  for (size_t i = 0; i < s->props; i++) {
    size_t n = 0;
    const char* key = rocksdb_compactionjobinfo_table_properties_key_at(info, i, &n);
    const rocksdb_table_properties_t* v = rocksdb_compactionjobinfo_table_properties_value_at(info, i);
    if (!key || n == 0 || v != rocksdb_compactionjobinfo_table_properties_for_file(info, key, n)) s->key_at_matches = 0;
  }
  s->null_for_unknown_file = rocksdb_compactionjobinfo_table_properties_for_file(info, "nope.sst", 8) == NULL;
  size_t n = 7;
  s->null_past_end = rocksdb_compactionjobinfo_table_properties_key_at(info, s->props, &n) == NULL && n == 0 &&
                     rocksdb_compactionjobinfo_table_properties_value_at(info, s->props) == NULL;
  pthread_mutex_unlock(&s->mu);
}

static void on_sub_completed(void* p, const rocksdb_subcompactionjobinfo_t* info) {
  struct seen* s = p;
  const rocksdb_compaction_job_stats_t* st = rocksdb_subcompactionjobinfo_stats(info);
  pthread_mutex_lock(&s->mu);
  s->sub_completions++;
  s->sub_out_files = st ? rocksdb_compaction_job_stats_num_output_files(st) : 0;
  s->sub_out_records = st ? rocksdb_compaction_job_stats_num_output_records(st) : 0;
  pthread_mutex_unlock(&s->mu);
}

int main(void) {
  static struct seen s;
  pthread_mutex_init(&s.mu, NULL);
  char path[512];
  make_db_path(path, sizeof path, "t_compaction_job_stats");
  char* err = NULL;

  CHECK(rocksdb_compaction_job_stats_num_input_files(NULL) == 0, "NULL stats read 0");
  CHECK(rocksdb_compactionjobinfo_stats(NULL) == NULL, "NULL info: NULL stats");

  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_level0_file_num_compaction_trigger(o, 100);
  rocksdb_options_add_eventlistener(
      o, rocksdb_eventlistener_create(&s, NULL, NULL, NULL, on_begin, on_completed, NULL, on_sub_completed, NULL, NULL,
                                      NULL, NULL));
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);

  /* Two tables of the same 10 keys ("k00".."k09", values "v0" then "v1"), the second with one delete more. */
  char key[8], val[8];
  for (int round = 0; round < 2; round++) {
    for (int k = 0; k < 10; k++) {
      snprintf(key, sizeof key, "k%02d", k);
      snprintf(val, sizeof val, "v%d", round);
      rocksdb_put(db, wo, key, 3, val, 2, &err);
      CHECK_NOERR(err);
    }
    if (round == 1) {
      rocksdb_delete(db, wo, "k10", 3, &err);
      CHECK_NOERR(err);
    }
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
  }

  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  pthread_mutex_lock(&s.mu);
  CHECK(s.begins == 1 && s.completions == 1 && s.sub_completions == 1, "one manual compaction (%d, %d, %d)", s.begins,
        s.completions, s.sub_completions);
  CHECK(s.begin_props == 2, "the two inputs' properties at begin (%zu)", s.begin_props);
  CHECK(s.begin_outputs == 0 && s.begin_input_records == 21, "no outputs yet at begin, inputs known (%zu, %llu)",
        s.begin_outputs, (unsigned long long)s.begin_input_records);
  CHECK(s.inputs == 2 && s.outputs == 1, "2 inputs, 1 output (%zu, %zu)", s.inputs, s.outputs);
  CHECK(s.in_files == 2 && s.out_files == 1 && s.at_output_level == 0 && s.trivially_moved == 0,
        "file counts %zu %zu %zu %zu", s.in_files, s.out_files, s.at_output_level, s.trivially_moved);
  /* The bottommost compaction drops the older versions and the delete of a key no table holds. */
  CHECK(s.in_records == 21 && s.out_records == 10, "records %llu -> %llu", (unsigned long long)s.in_records,
        (unsigned long long)s.out_records);
  CHECK(s.deletions == 1, "one input deletion (%llu)", (unsigned long long)s.deletions);
  CHECK(s.in_bytes > 0 && s.out_bytes > 0 && s.out_bytes < s.in_bytes, "bytes %llu -> %llu",
        (unsigned long long)s.in_bytes, (unsigned long long)s.out_bytes);
  /* Internal keys (user key + 8) and values of the 21 input entries. */
  CHECK(s.raw_key == 21 * 11 && s.raw_value == 20 * 2, "raw bytes %llu, %llu", (unsigned long long)s.raw_key,
        (unsigned long long)s.raw_value);
  CHECK(s.manual == 1 && s.full == 1 && s.remote == 0 && s.accurate == 1, "manual %d full %d remote %d accurate %d",
        s.manual, s.full, s.remote, s.accurate);
  CHECK(s.corrupt == 0 && s.blobs == 0, "no corrupt keys, no blobs");
  CHECK(s.smallest_len == 3 && memcmp(s.smallest, "k00", 3) == 0, "smallest output prefix %.*s", (int)s.smallest_len,
        s.smallest);
  CHECK(s.largest_len == 3 && memcmp(s.largest, "k09", 3) == 0, "largest output prefix %.*s", (int)s.largest_len,
        s.largest);
  CHECK(s.props == 3 && s.props_found, "properties of the 2 inputs and the output by path (%zu, %d)", s.props,
        s.props_found);
  CHECK(s.sum_props_entries_inputs == 21 && s.out_props_entries == 10, "entries in the properties %llu, %llu",
        (unsigned long long)s.sum_props_entries_inputs, (unsigned long long)s.out_props_entries);
  CHECK(s.out_props_has_seqno == 1 && s.in_props_has_seqno == 0, "key seqnos known for the output only");
  CHECK(s.key_at_matches, "key_at/value_at agree with for_file");
  CHECK(s.null_for_unknown_file && s.null_past_end, "NULL for an unknown file and past the end");
  CHECK(s.sub_out_files == 1 && s.sub_out_records == 10, "the subcompaction's outputs (%zu, %llu)", s.sub_out_files,
        (unsigned long long)s.sub_out_records);
  pthread_mutex_unlock(&s.mu);

  rocksdb_close(db);
  rocksdb_options_destroy(o);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_flushoptions_destroy(fo);
  printf("RESULT %d %d\n", checks_passed, checks_failed);
  return checks_failed != 0;
}
