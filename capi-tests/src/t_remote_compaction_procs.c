/* Remote compaction with the worker in another process: the primary writes on while its
 * automatic compactions are each handed to the service; the schedule callback stores the job
 * in a file, the wait callback starts this program again as a worker (argv: worker <db>
 * <output dir> <input file> <result file>), which calls rocksdb_open_and_compact and writes
 * the result to a file the wait callback hands back. The data is verified after the writes
 * and after a reopen without the service; the primary's directory never holds a file the
 * worker wrote there (the worker's directory is its own). */
#include "check.h"

#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

extern char** environ;

static char self_path[600];
static char jobs_dir[300];
static int scheduled, waited, worker_failures, installed_ok;

static int write_file(const char* path, const char* data, size_t len) {
  FILE* f = fopen(path, "wb");
  if (!f) return -1;
  size_t n = fwrite(data, 1, len, f);
  fclose(f);
  return n == len ? 0 : -1;
}

/* A malloc'd copy of the file's bytes (NULL when it cannot be read). */
static char* read_file(const char* path, size_t* len) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = malloc(n > 0 ? (size_t)n : 1);
  *len = fread(buf, 1, (size_t)n, f);
  fclose(f);
  return buf;
}

/* The worker process: one job, its result in a file. */
static int worker_main(const char* db, const char* out, const char* input_file, const char* result_file) {
  size_t len;
  char* input = read_file(input_file, &len);
  if (!input) return 2;
  rocksdb_compaction_service_options_override_t* over = rocksdb_compaction_service_options_override_create();
  char* err = NULL;
  size_t out_len = 0;
  char* result = rocksdb_open_and_compact(db, out, input, len, &out_len, over, &err);
  rocksdb_compaction_service_options_override_destroy(over);
  free(input);
  if (err) {
    fprintf(stderr, "worker: %s\n", err);
    free(err);
    return 3;
  }
  int rc = write_file(result_file, result, out_len) == 0 ? 0 : 4;
  free(result);
  return rc;
}

static rocksdb_compactionservice_scheduleresponse_t* schedule(void* p, const rocksdb_compactionservice_jobinfo_t* info,
                                                              const char* input, size_t input_len) {
  (void)p;
  (void)info;
  char* err = NULL;
  int id = __sync_add_and_fetch(&scheduled, 1);
  char dir[400], file[500], job[32];
  snprintf(dir, sizeof dir, "%s/job%d", jobs_dir, id);
  mkdir(dir, 0755);
  snprintf(file, sizeof file, "%s/input", dir);
  if (write_file(file, input, input_len) != 0)
    return rocksdb_compactionservice_scheduleresponse_create_with_status(rocksdb_compactionservice_jobstatus_failure, &err);
  snprintf(job, sizeof job, "job%d", id);
  return rocksdb_compactionservice_scheduleresponse_create(job, rocksdb_compactionservice_jobstatus_success, &err);
}

static int wait_job(void* p, const char* job_id, char** result, size_t* result_len) {
  const char* db = p;
  __sync_add_and_fetch(&waited, 1);
  char dir[400], input[500], out[500], res[500];
  snprintf(dir, sizeof dir, "%s/%s", jobs_dir, job_id);
  snprintf(input, sizeof input, "%s/input", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(res, sizeof res, "%s/result", dir);
  char* argv[] = {self_path, "worker", (char*)db, out, input, res, NULL};
  pid_t pid;
  int status = 0;
  if (posix_spawn(&pid, self_path, NULL, NULL, argv, environ) != 0 || waitpid(pid, &status, 0) != pid ||
      !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    __sync_add_and_fetch(&worker_failures, 1);
    return rocksdb_compactionservice_jobstatus_failure;
  }
  *result = read_file(res, result_len);
  return *result ? rocksdb_compactionservice_jobstatus_success : rocksdb_compactionservice_jobstatus_failure;
}

static void installed(void* p, const char* job_id, int status) {
  (void)p;
  (void)job_id;
  if (status == rocksdb_compactionservice_jobstatus_success) __sync_add_and_fetch(&installed_ok, 1);
}

#define KEYS 6000

static void value_of(int i, int round, char* v, size_t cap) { snprintf(v, cap, "value-%05d-round-%d-%0200d", i, round, i); }

/* Every key holds its last round's value. */
static int verify(rocksdb_t* db, int last_round) {
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  int bad = 0;
  char k[32], want[300];
  for (int i = 0; i < KEYS; i++) {
    char* err = NULL;
    size_t len;
    snprintf(k, sizeof k, "key%05d", i);
    int round = i % 3 == 0 ? last_round : 0;
    value_of(i, round, want, sizeof want);
    char* v = rocksdb_get(db, ro, k, strlen(k), &len, &err);
    if (err || v == NULL || len != strlen(want) || memcmp(v, want, len) != 0) bad++;
    free(err);
    free(v);
  }
  rocksdb_readoptions_destroy(ro);
  return bad;
}

int main(int argc, char** argv) {
  if (argc == 6 && strcmp(argv[1], "worker") == 0) return worker_main(argv[2], argv[3], argv[4], argv[5]);
  ssize_t n = readlink("/proc/self/exe", self_path, sizeof self_path - 1);
  if (n <= 0) {
    fprintf(stderr, "no /proc/self/exe\n");
    return 1;
  }
  self_path[n] = 0;
  char path[300];
  make_db_path(path, sizeof path, "t_remote_compaction_procs");
  make_db_path(jobs_dir, sizeof jobs_dir, "t_remote_compaction_procs_jobs");
  mkdir(jobs_dir, 0755);

  char* err = NULL;
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_write_buffer_size(o, 256 << 10);
  rocksdb_options_set_level0_file_num_compaction_trigger(o, 2);
  rocksdb_options_set_max_bytes_for_level_base(o, 1 << 20);
  rocksdb_options_set_target_file_size_base(o, 256 << 10);
  rocksdb_compactionservice_t* svc = rocksdb_compactionservice_create(path, NULL, schedule, "ProcessWorkers", wait_job, NULL, installed);
  rocksdb_options_set_compaction_service(o, svc);
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  char k[32], v[300];
  const int rounds = 6;
  for (int round = 0; round < rounds; round++) {
    for (int i = 0; i < KEYS; i++) {
      if (round > 0 && i % 3 != 0) continue;
      snprintf(k, sizeof k, "key%05d", i);
      value_of(i, round, v, sizeof v);
      rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
      CHECK_NOERR(err);
    }
  }
  rocksdb_wait_for_compact_options_t* wco = rocksdb_wait_for_compact_options_create();
  rocksdb_wait_for_compact_options_set_flush(wco, 1);
  rocksdb_wait_for_compact(db, wco, &err);
  CHECK_NOERR(err);
  rocksdb_wait_for_compact_options_destroy(wco);
  CHECK(scheduled > 0, "automatic compactions went to the service: %d", scheduled);
  printf("%d compactions ran in worker processes\n", scheduled);
  CHECK(waited == scheduled && worker_failures == 0, "waited %d of %d, %d worker failures", waited, scheduled, worker_failures);
  CHECK(installed_ok == scheduled, "installed %d of %d", installed_ok, scheduled);
  CHECK(verify(db, rounds - 1) == 0, "data after the remote compactions");
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);

  rocksdb_options_t* plain = rocksdb_options_create();
  db = rocksdb_open(plain, path, &err);
  CHECK_NOERR(err);
  if (db) {
    CHECK(verify(db, rounds - 1) == 0, "data after reopen");
    rocksdb_close(db);
  }
  rocksdb_options_destroy(plain);
  remove_db_path(path);
  remove_db_path(jobs_dir);
  return check_report("t_remote_compaction_procs");
}
