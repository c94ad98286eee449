/* Remote compaction (RocksDB's CompactionService): the primary hands each compaction to a
 * service whose callbacks run the worker, rocksdb_open_and_compact, in this process; the
 * worker reads the primary's files, writes its tables into its own directory (never into the
 * primary's), and the primary installs them. The data is checked after the remote compaction
 * (at the latest state and at a snapshot taken before overwrites) and after a reopen without
 * the service. A service that fails, returns garbage, or whose worker was canceled leaves the
 * data intact: failure fails the compaction (the database stops writes, as RocksDB's with
 * paranoid_checks), garbage and kUseLocal run the job locally. */
#include "check.h"

#include <dirent.h>
#include <sys/stat.h>

enum mode { WORKER, FAIL_SCHEDULE, GARBAGE_RESULT, FAIL_WAIT, CANCELED_WORKER };

struct service_state {
  enum mode mode;
  const char* db_path;
  const char* out_dir;
  int schedule_calls, wait_calls, cancel_calls, destroyed;
  int installed[4]; /* on_installation calls by status */
  int inputs_seen;
  char* input;
  size_t input_len;
  char job_id[64];
  int db_untouched;   /* the primary's directory listing was the same before and after the worker */
  int worker_ok;      /* rocksdb_open_and_compact answered without an error */
  char worker_err[256];
  int manual, bottommost, output_level;
  char cf_name[32];
};

/* The names in `dir`, sorted and joined by '/', into buf. */
static void listing(const char* dir, char* buf, size_t cap) {
  char names[256][64];
  int n = 0;
  DIR* d = opendir(dir);
  buf[0] = 0;
  if (!d) return;
  struct dirent* e;
  while ((e = readdir(d)) != NULL && n < 256) {
    if (e->d_name[0] == '.') continue;
    strncpy(names[n], e->d_name, 63);
    names[n++][63] = 0;
  }
  closedir(d);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (strcmp(names[j], names[i]) < 0) {
        char t[64];
        memcpy(t, names[i], 64);
        memcpy(names[i], names[j], 64);
        memcpy(names[j], t, 64);
      }
  for (int i = 0; i < n; i++) {
    strncat(buf, names[i], cap - strlen(buf) - 2);
    strncat(buf, "/", cap - strlen(buf) - 1);
  }
}

static int count_sst(const char* dir) {
  int n = 0;
  DIR* d = opendir(dir);
  if (!d) return 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l > 4 && strcmp(e->d_name + l - 4, ".sst") == 0) n++;
  }
  closedir(d);
  return n;
}

static rocksdb_compactionservice_scheduleresponse_t* schedule(void* p, const rocksdb_compactionservice_jobinfo_t* info,
                                                              const char* input, size_t input_len) {
  struct service_state* s = p;
  char* err = NULL;
  s->schedule_calls++;
  size_t len;
  const char* cf = rocksdb_compactionservice_jobinfo_t_get_cf_name(info, &len);
  snprintf(s->cf_name, sizeof s->cf_name, "%.*s", (int)len, cf);
  const char* name = rocksdb_compactionservice_jobinfo_t_get_db_name(info, &len);
  if (len == strlen(s->db_path) && memcmp(name, s->db_path, len) == 0) s->inputs_seen++;
  s->manual = rocksdb_compactionservice_jobinfo_t_is_manual_compaction(info);
  s->bottommost = rocksdb_compactionservice_jobinfo_t_is_bottommost_level(info);
  s->output_level = rocksdb_compactionservice_jobinfo_t_get_output_level(info);
  if (s->mode == FAIL_SCHEDULE) {
    return rocksdb_compactionservice_scheduleresponse_create_with_status(rocksdb_compactionservice_jobstatus_failure, &err);
  }
  free(s->input);
  s->input = malloc(input_len);
  memcpy(s->input, input, input_len);
  s->input_len = input_len;
  snprintf(s->job_id, sizeof s->job_id, "job-%d", s->schedule_calls);
  return rocksdb_compactionservice_scheduleresponse_create(s->job_id, rocksdb_compactionservice_jobstatus_success, &err);
}

static int wait_job(void* p, const char* job_id, char** result, size_t* result_len) {
  struct service_state* s = p;
  s->wait_calls++;
  if (strcmp(job_id, s->job_id) != 0) return rocksdb_compactionservice_jobstatus_failure;
  if (s->mode == GARBAGE_RESULT) {
    *result = strdup("not a compaction result");
    *result_len = strlen(*result);
    return rocksdb_compactionservice_jobstatus_success;
  }
  if (s->mode == FAIL_WAIT) return rocksdb_compactionservice_jobstatus_failure;
  char before[8192], after[8192];
  listing(s->db_path, before, sizeof before);
  rocksdb_compaction_service_options_override_t* over = rocksdb_compaction_service_options_override_create();
  char* err = NULL;
  char* out;
  size_t out_len = 0;
  if (s->mode == CANCELED_WORKER) {
    unsigned char* canceled = rocksdb_open_and_compact_canceled_create();
    rocksdb_open_and_compact_canceled_set(canceled, 1);
    rocksdb_open_and_compact_options_t* o = rocksdb_open_and_compact_options_create();
    rocksdb_open_and_compact_options_set_canceled(o, canceled);
    out = rocksdb_open_and_compact_with_options(o, s->db_path, s->out_dir, s->input, s->input_len, &out_len, over, &err);
    rocksdb_open_and_compact_options_destroy(o);
    rocksdb_open_and_compact_canceled_destroy(canceled);
  } else {
    out = rocksdb_open_and_compact(s->db_path, s->out_dir, s->input, s->input_len, &out_len, over, &err);
  }
  rocksdb_compaction_service_options_override_destroy(over);
  listing(s->db_path, after, sizeof after);
  s->db_untouched = strcmp(before, after) == 0;
  if (err) {
    snprintf(s->worker_err, sizeof s->worker_err, "%s", err);
    free(err);
    return rocksdb_compactionservice_jobstatus_use_local;
  }
  s->worker_ok = out != NULL;
  *result = out;
  *result_len = out_len;
  return rocksdb_compactionservice_jobstatus_success;
}

static void cancel_jobs(void* p) { ((struct service_state*)p)->cancel_calls++; }

static void installed(void* p, const char* job_id, int status) {
  struct service_state* s = p;
  (void)job_id;
  if (status >= 0 && status < 4) s->installed[status]++;
}

static void destroy(void* p) { ((struct service_state*)p)->destroyed++; }

/* keyB_I for batches 0..4, 200 keys each, values of 500 bytes of 'a'+B; batch 4 overwrites
 * key0_I for even I with 'z' values and deletes key1_I for I < 50. */
static void expected(int b, int i, char* val, int* present) {
  *present = 1;
  int c = 'a' + b;
  if (b == 0 && i % 2 == 0) c = 'z';
  if (b == 1 && i < 50) *present = 0;
  memset(val, c, 500);
  val[500] = 0;
}

static void fill(rocksdb_t* db, const rocksdb_snapshot_t** snap) {
  char* err = NULL;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  rocksdb_flushoptions_set_wait(fo, 1);
  char key[32], val[501];
  for (int b = 0; b < 4; b++) {
    for (int i = 0; i < 200; i++) {
      snprintf(key, sizeof key, "key%d_%03d", b, i);
      memset(val, 'a' + b, 500);
      rocksdb_put(db, wo, key, strlen(key), val, 500, &err);
      CHECK_NOERR(err);
    }
    rocksdb_flush(db, fo, &err);
    CHECK_NOERR(err);
  }
  *snap = rocksdb_create_snapshot(db);
  for (int i = 0; i < 200; i++) {
    snprintf(key, sizeof key, "key0_%03d", i);
    if (i % 2 == 0) {
      memset(val, 'z', 500);
      rocksdb_put(db, wo, key, strlen(key), val, 500, &err);
      CHECK_NOERR(err);
    }
    if (i < 50) {
      snprintf(key, sizeof key, "key1_%03d", i);
      rocksdb_delete(db, wo, key, strlen(key), &err);
      CHECK_NOERR(err);
    }
  }
  rocksdb_flush(db, fo, &err);
  CHECK_NOERR(err);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
}

/* Every key as expected (latest state, or before the overwrites when `at` is given). */
static int verify(rocksdb_t* db, const rocksdb_snapshot_t* at) {
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  if (at) rocksdb_readoptions_set_snapshot(ro, at);
  int bad = 0;
  char key[32], want[501];
  for (int b = 0; b < 4; b++) {
    for (int i = 0; i < 200; i++) {
      char* err = NULL;
      int present;
      snprintf(key, sizeof key, "key%d_%03d", b, i);
      if (at) {
        present = 1;
        memset(want, 'a' + b, 500);
        want[500] = 0;
      } else {
        expected(b, i, want, &present);
      }
      size_t len;
      char* v = rocksdb_get(db, ro, key, strlen(key), &len, &err);
      if (err) {
        bad++;
        free(err);
      } else if (present ? (v == NULL || len != 500 || memcmp(v, want, 500) != 0) : v != NULL) {
        bad++;
      }
      free(v);
    }
  }
  rocksdb_readoptions_destroy(ro);
  return bad;
}

static rocksdb_options_t* primary_options(struct service_state* s) {
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_options_set_target_file_size_base(o, 64 << 10);
  rocksdb_compactionservice_t* svc =
      rocksdb_compactionservice_create(s, destroy, schedule, "TestService", wait_job, cancel_jobs, installed);
  rocksdb_options_set_compaction_service(o, svc);
  /* The worker takes the checksum generator from the primary's OPTIONS file. */
  rocksdb_file_checksum_gen_factory_t* f = rocksdb_file_checksum_gen_crc32c_factory_create();
  rocksdb_options_set_file_checksum_gen_factory(o, f);
  rocksdb_file_checksum_gen_factory_destroy(f);
  return o;
}

/* The database reopened without the service has the expected data and compacts. */
static void reopen_and_verify(const char* path) {
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  if (db) {
    CHECK(verify(db, NULL) == 0, "data after reopen");
    rocksdb_compact_range(db, NULL, 0, NULL, 0);
    CHECK(files_at_level(db, 0) == 0, "a local compaction after reopen");
    CHECK(verify(db, NULL) == 0, "data after a local compaction");
    rocksdb_close(db);
  }
  rocksdb_options_destroy(o);
}

/* A primary at `path` (cleared) whose service runs in `mode` with its worker writing to `out`,
 * filled (five level-0 files, a snapshot before the overwrites) and compacted by hand. */
static rocksdb_t* compacted_primary(struct service_state* s, enum mode mode, char* path, char* out, const char* name,
                                    rocksdb_options_t** o, const rocksdb_snapshot_t** snap) {
  char worker[100];
  snprintf(worker, sizeof worker, "%s_worker", name);
  make_db_path(path, 300, name);
  make_db_path(out, 300, worker);
  memset(s, 0, sizeof *s);
  s->mode = mode;
  s->db_path = path;
  s->out_dir = out;
  char* err = NULL;
  *o = primary_options(s);
  rocksdb_t* db = rocksdb_open(*o, path, &err);
  CHECK_NOERR(err);
  fill(db, snap);
  CHECK(files_at_level(db, 0) == 5, "%s: five level-0 files before: %d", name, files_at_level(db, 0));
  rocksdb_compact_range(db, NULL, 0, NULL, 0);
  return db;
}

static void run_remote(void) {
  char path[300], out[300];
  struct service_state s;
  char* err = NULL;
  rocksdb_options_t* o;
  const rocksdb_snapshot_t* snap = NULL;
  rocksdb_t* db = compacted_primary(&s, WORKER, path, out, "t_remote_compaction", &o, &snap);
  CHECK(s.schedule_calls >= 1 && s.wait_calls == s.schedule_calls, "scheduled %d, waited %d", s.schedule_calls, s.wait_calls);
  CHECK(s.inputs_seen == s.schedule_calls, "the job info names the database");
  CHECK(strcmp(s.cf_name, "default") == 0 && s.manual == 1, "job info: cf %s, manual %d", s.cf_name, s.manual);
  CHECK(s.worker_ok, "worker: %s", s.worker_err);
  CHECK(s.db_untouched, "the worker wrote nothing into the primary's directory");
  CHECK(s.installed[rocksdb_compactionservice_jobstatus_success] == s.schedule_calls, "installed %d",
        s.installed[rocksdb_compactionservice_jobstatus_success]);
  CHECK(files_at_level(db, 0) == 0, "level 0 emptied: %d", files_at_level(db, 0));
  CHECK(files_at_level(db, 6) > 0, "outputs at level 6: %d", files_at_level(db, 6));
  CHECK(count_sst(out) == 0, "the worker's tables were moved into the database: %d left", count_sst(out));
  CHECK(verify(db, NULL) == 0, "latest data after the remote compaction");
  CHECK(verify(db, snap) == 0, "data at the snapshot after the remote compaction");
  rocksdb_verify_file_checksums(db, &err);
  CHECK_NOERR(err);
  /* Writes go on after the remote compaction. */
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "after", 5, "yes", 3, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_release_snapshot(db, snap);
  rocksdb_close(db);
  CHECK(s.cancel_calls >= 1, "close cancels awaiting jobs");
  CHECK(s.destroyed == 0, "the options still hold the service");
  rocksdb_options_destroy(o);
  CHECK(s.destroyed == 1, "destroyed once with the options");
  reopen_and_verify(path);
  free(s.input);
  remove_db_path(path);
  remove_db_path(out);
}

static void run_failing(enum mode mode, const char* name) {
  char path[300], out[300];
  struct service_state s;
  char* err = NULL;
  rocksdb_options_t* o;
  const rocksdb_snapshot_t* snap = NULL;
  rocksdb_t* db = compacted_primary(&s, mode, path, out, name, &o, &snap);
  CHECK(s.schedule_calls >= 1, "%s: scheduled", name);
  CHECK(verify(db, NULL) == 0, "%s: latest data intact", name);
  CHECK(verify(db, snap) == 0, "%s: data at the snapshot intact", name);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_put(db, wo, "after", 5, "yes", 3, &err);
  if (mode == FAIL_SCHEDULE || mode == FAIL_WAIT) {
    /* The compaction failed: its inputs stay, and the database stops writes. */
    CHECK(files_at_level(db, 0) == 5, "%s: level-0 files kept: %d", name, files_at_level(db, 0));
    const char* want = mode == FAIL_SCHEDULE ? "Result incomplete: CompactionService failed to schedule a remote compaction job."
                                             : "Result incomplete: CompactionService failed to run the compaction job (and no valid result is returned).";
    CHECK(err != NULL && strcmp(err, want) == 0, "%s: writes stopped with %s", name, err ? err : "no error");
    free(err);
    err = NULL;
  } else {
    /* Run locally instead. */
    CHECK_NOERR(err);
    CHECK(files_at_level(db, 0) == 0, "%s: compacted locally: %d", name, files_at_level(db, 0));
    if (mode == GARBAGE_RESULT)
      CHECK(s.installed[rocksdb_compactionservice_jobstatus_use_local] == 1, "%s: told the result was not used", name);
    if (mode == CANCELED_WORKER)
      CHECK(strcmp(s.worker_err, "Result incomplete: Manual compaction paused") == 0, "%s: worker said %s", name, s.worker_err);
  }
  CHECK(s.installed[rocksdb_compactionservice_jobstatus_success] == 0, "%s: nothing installed from the service", name);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_release_snapshot(db, snap);
  rocksdb_cancel_all_background_work(db, 1);
  CHECK(s.cancel_calls == 1, "%s: CancelAllBackgroundWork cancels awaiting jobs: %d", name, s.cancel_calls);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  reopen_and_verify(path);
  free(s.input);
  remove_db_path(path);
  remove_db_path(out);
}

/* The worker's argument checks and a job that is not one. */
static void worker_errors(void) {
  char path[300], out[300];
  make_db_path(path, sizeof path, "t_remote_compaction_args");
  make_db_path(out, sizeof out, "t_remote_compaction_args_out");
  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  size_t len = 7;
  char* r = rocksdb_open_and_compact(path, out, "x", 1, &len, NULL, &err);
  CHECK(r == NULL, "no result");
  CHECK_ERR_PREFIX(err, "Invalid argument: Invalid arguments");
  rocksdb_compaction_service_options_override_t* over = rocksdb_compaction_service_options_override_create();
  rocksdb_compaction_service_options_override_set_option(over, "max_bytes_for_level_base", "67108864");
  r = rocksdb_open_and_compact(path, out, "garbage", 7, &len, over, &err);
  CHECK(r == NULL, "no result for garbage");
  CHECK_ERR_PREFIX(err, "Corruption: ");
  CHECK(len == 7, "output_len untouched on failure");
  rocksdb_compaction_service_options_override_destroy(over);
  /* Schedule responses. */
  rocksdb_compactionservice_scheduleresponse_t* resp = rocksdb_compactionservice_scheduleresponse_create("j", 7, &err);
  CHECK(resp == NULL, "invalid status refused");
  CHECK_ERR_PREFIX(err, "Invalid argument: Invalid status value. Must be 0-3.");
  CHECK(rocksdb_compactionservice_scheduleresponse_getstatus(NULL) == rocksdb_compactionservice_jobstatus_failure, "NULL is failure");
  remove_db_path(path);
  remove_db_path(out);
}

int main(void) {
  run_remote();
  run_failing(FAIL_SCHEDULE, "t_remote_compaction_fail_schedule");
  run_failing(FAIL_WAIT, "t_remote_compaction_fail_wait");
  run_failing(GARBAGE_RESULT, "t_remote_compaction_garbage");
  run_failing(CANCELED_WORKER, "t_remote_compaction_canceled");
  worker_errors();
  return check_report("t_remote_compaction");
}
