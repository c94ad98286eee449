/* rocksdb_compact_files with rocksdb_compaction_options_t: named level-0 tables (from
 * rocksdb_livefiles) compacted into level 1, the output names handed back, RocksDB's error
 * texts, the cancellation flag and an output temperature; then pausing background work, the
 * WAL files and the checksum verifications. */
#include <rocksdb/c.h>
#include "check.h"

static rocksdb_t* open_fresh(const char* path, rocksdb_options_t* o) {
  char* err = NULL;
  rocksdb_t* db = rocksdb_open(o, path, &err);
  CHECK_NOERR(err);
  return db;
}

static int live_tables(rocksdb_t* db) {
  const rocksdb_livefiles_t* lf = rocksdb_livefiles(db);
  int n = rocksdb_livefiles_count(lf);
  rocksdb_livefiles_destroy(lf);
  return n;
}

/* When compact_range and compact_files return, their inputs are gone from disk: RocksDB purges
 * a job's obsolete files before it wakes the caller waiting for the job, so the directory holds
 * the live tables alone (before, ferrock kept them until the next flush or compaction, while
 * the caller's and the job's references to the input version were still held). */
static void inputs_are_deleted_when_a_manual_compaction_returns(void) {
  char path[512];
  make_db_path(path, sizeof path, "t_compact_obsolete");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  char* err = NULL;
  rocksdb_t* db = open_fresh(path, o);
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  for (int pass = 0; pass < 2; pass++) {
    for (int round = 0; round < 2; round++) {
      for (int i = round; i < 400; i += 2) {
        char k[16];
        snprintf(k, sizeof k, "k%04d", i);
        rocksdb_put(db, wo, k, strlen(k), "v", 1, &err);
        CHECK_NOERR(err);
      }
      rocksdb_flush(db, fo, &err);
      CHECK_NOERR(err);
    }
    CHECK(files_at_level(db, 0) == 2, "two overlapping level-0 tables");
    if (pass == 0) {
      rocksdb_compact_range(db, NULL, 0, NULL, 0);
    } else {
      const rocksdb_livefiles_t* live = rocksdb_livefiles(db);
      const char* names[4];
      int k = 0;
      for (int i = 0; i < rocksdb_livefiles_count(live) && k < 4; i++) {
        if (rocksdb_livefiles_level(live, i) == 0) names[k++] = rocksdb_livefiles_name(live, i);
      }
      rocksdb_compaction_options_t* co = rocksdb_compaction_options_create();
      rocksdb_compact_files(db, co, names, (size_t)k, 1, 0, NULL, NULL, NULL, &err);
      CHECK_NOERR(err);
      rocksdb_compaction_options_destroy(co);
      rocksdb_livefiles_destroy(live);
    }
    CHECK(files_at_level(db, 0) == 0, "level 0 compacted");
    int on_disk = count_files_ending(path, ".sst"), live = live_tables(db);
    CHECK(on_disk == live, "%s: %d table files on disk, %d live", pass == 0 ? "compact_range" : "compact_files",
          on_disk, live);
  }
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
}

int main(void) {
  char path[512];
  make_db_path(path, sizeof path, "t_compact");
  rocksdb_options_t* o = rocksdb_options_create();
  rocksdb_options_set_create_if_missing(o, 1);
  rocksdb_options_set_disable_auto_compactions(o, 1);
  rocksdb_t* db = open_fresh(path, o);
  char* err = NULL;
  rocksdb_writeoptions_t* wo = rocksdb_writeoptions_create();
  rocksdb_flushoptions_t* fo = rocksdb_flushoptions_create();
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < 500; i++) {
      char k[16], v[16];
      snprintf(k, sizeof k, "k%04d", i * 3 + round);
      snprintf(v, sizeof v, "r%d", round);
      rocksdb_put(db, wo, k, strlen(k), v, strlen(v), &err);
      if (err) break;
    }
    if (!err) rocksdb_flush(db, fo, &err);
  }
  CHECK_NOERR(err);
  CHECK(files_at_level(db, 0) == 3, "three level-0 tables");

  rocksdb_compaction_options_t* co = rocksdb_compaction_options_create();
  CHECK(co != NULL, "compaction options are created");
  CHECK(rocksdb_compaction_options_get_max_subcompactions(co) == 0, "default max_subcompactions");
  CHECK(rocksdb_compaction_options_get_output_file_size_limit(co) == UINT64_MAX, "default output_file_size_limit");
  CHECK(rocksdb_compaction_options_get_compression(co) == 0xff, "default compression: the column family's");
  rocksdb_compaction_options_set_max_subcompactions(co, 2);
  CHECK(rocksdb_compaction_options_get_max_subcompactions(co) == 2, "max_subcompactions stored");
  rocksdb_compaction_options_set_allow_trivial_move(co, 1);
  CHECK(rocksdb_compaction_options_get_allow_trivial_move(co) == 1, "allow_trivial_move stored");
  rocksdb_compaction_options_set_allow_trivial_move(co, 0);

  /* The level-0 tables by name, as rocksdb_livefiles gives them. */
  const rocksdb_livefiles_t* live = rocksdb_livefiles(db);
  int n = rocksdb_livefiles_count(live);
  const char* names[8];
  int k = 0;
  for (int i = 0; i < n && k < 8; i++) {
    if (rocksdb_livefiles_level(live, i) == 0) names[k++] = rocksdb_livefiles_name(live, i);
  }
  CHECK(k == 3, "livefiles lists the level-0 tables (%d)", k);
  char** out = NULL;
  size_t nout = 0;
  rocksdb_compact_files(db, co, names, (size_t)k, 1, 0, &out, &nout, NULL, &err);
  CHECK_NOERR(err);
  rocksdb_livefiles_destroy(live);
  CHECK(nout == 1 && out != NULL && strstr(out[0], ".sst") != NULL, "one output table named (%zu)", nout);
  rocksdb_compact_files_output_file_names_destroy(out, nout);
  CHECK(files_at_level(db, 0) == 0 && files_at_level(db, 1) == 1, "level 0 compacted into level 1");
  rocksdb_readoptions_t* ro = rocksdb_readoptions_create();
  size_t len = 0;
  char* v = rocksdb_get(db, ro, "k0004", 5, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "r1");
  free(v);

  /* A compression override (CompactionOptions::compression): the level-1 table rewritten in
     its level without compression (c_test's columnfamilies phase sets it); an unknown codec is
     refused. */
  {
    live = rocksdb_livefiles(db);
    const char* l1[1] = {NULL};
    for (int i = 0; i < rocksdb_livefiles_count(live); i++) {
      if (rocksdb_livefiles_level(live, i) == 1) l1[0] = rocksdb_livefiles_name(live, i);
    }
    CHECK(l1[0] != NULL, "the level-1 table");
    rocksdb_compaction_options_set_compression(co, 99);
    rocksdb_compact_files(db, co, l1, 1, 1, 0, &out, &nout, NULL, &err);
    CHECK(err != NULL, "an unknown codec is refused");
    free(err);
    err = NULL;
    rocksdb_compaction_options_set_compression(co, rocksdb_no_compression);
    CHECK(rocksdb_compaction_options_get_compression(co) == 0, "compression stored");
    rocksdb_compact_files(db, co, l1, 1, 1, 0, &out, &nout, NULL, &err);
    CHECK_NOERR(err);
    CHECK(nout == 1, "one output (%zu)", nout);
    rocksdb_compact_files_output_file_names_destroy(out, nout);
    rocksdb_livefiles_destroy(live);
    CHECK(files_at_level(db, 1) == 1, "rewritten in level 1");
    v = rocksdb_get(db, ro, "k0004", 5, &len, &err);
    CHECK_NOERR(err);
    CHECK_VALUE(v, len, "r1");
    free(v);
    rocksdb_compaction_options_set_compression(co, 0xff);
  }

  const char* missing[1] = {"/000999.sst"};
  rocksdb_compact_files(db, co, missing, 1, 2, 0, &out, &nout, NULL, &err);
  CHECK(err != NULL && strcmp(err, "Invalid argument: Specified compaction input file /000999.sst does not exist in column family default.") == 0,
        "missing input: %s", err ? err : "(none)");
  free(err);
  err = NULL;

  /* A cancelled compaction does not start. */
  unsigned char* canceled = rocksdb_compaction_options_canceled_create();
  rocksdb_compaction_options_canceled_set(canceled, 1);
  rocksdb_compaction_options_set_canceled(co, canceled);
  live = rocksdb_livefiles(db);
  const char* l1[1] = {rocksdb_livefiles_name(live, 0)};
  rocksdb_compact_files(db, co, l1, 1, 2, 0, &out, &nout, NULL, &err);
  CHECK_ERR_PREFIX(err, "Result incomplete: Manual compaction paused");
  err = NULL;
  rocksdb_compaction_options_canceled_set(canceled, 0);
  /* An output temperature (kHot, 4; c_test's columnfamilies phase sets it) is accepted: the
     compaction runs as without one (ferrock has no tiered storage and records no temperature). */
  rocksdb_compaction_options_set_output_temperature_override(co, 4);
  CHECK(rocksdb_compaction_options_get_output_temperature_override(co) == 4, "output temperature stored");
  /* output_path_id -1: RocksDB's "choose the path" (CompactFiles' default argument). */
  rocksdb_compact_files_cf(db, rocksdb_get_default_column_family_handle(db), co, l1, 1, 2, -1, &out, &nout, NULL, &err);
  CHECK_NOERR(err);
  CHECK(files_at_level(db, 1) == 0 && files_at_level(db, 2) == (int)nout && nout >= 1, "level 1 compacted into level 2");
  rocksdb_compact_files_output_file_names_destroy(out, nout);
  rocksdb_livefiles_destroy(live);
  v = rocksdb_get(db, ro, "k0004", 5, &len, &err);
  CHECK_NOERR(err);
  CHECK_VALUE(v, len, "r1");
  free(v);
  rocksdb_compaction_options_canceled_destroy(canceled);
  rocksdb_compaction_options_destroy(co);

  /* Paused background work: an unwaited flush leaves its memtable immutable until continued;
     a continue without a pause is refused. */
  rocksdb_continue_background_work(db, &err);
  CHECK_ERR_PREFIX(err, "Invalid argument: Background work already unpaused");
  err = NULL;
  rocksdb_pause_background_work(db, &err);
  CHECK_NOERR(err);
  rocksdb_put(db, wo, "paused", 6, "p", 1, &err);
  CHECK_NOERR(err);
  {
    rocksdb_flushoptions_t* nowait = rocksdb_flushoptions_create();
    rocksdb_flushoptions_set_wait(nowait, 0);
    rocksdb_flush(db, nowait, &err);
    CHECK_NOERR(err);
    rocksdb_flushoptions_destroy(nowait);
  }
  uint64_t imm = 0;
  CHECK(rocksdb_property_int(db, "rocksdb.num-immutable-mem-table", &imm) == 0 && imm == 1, "paused: the memtable waits (%d)", (int)imm);
  rocksdb_wait_for_compact_options_t* wfc = rocksdb_wait_for_compact_options_create();
  rocksdb_wait_for_compact_options_set_abort_on_pause(wfc, 1);
  rocksdb_wait_for_compact(db, wfc, &err);
  CHECK_ERR_PREFIX(err, "Operation aborted");
  err = NULL;
  rocksdb_continue_background_work(db, &err);
  CHECK_NOERR(err);
  rocksdb_wait_for_compact(db, wfc, &err);
  CHECK_NOERR(err);
  rocksdb_wait_for_compact_options_destroy(wfc);
  CHECK(rocksdb_property_int(db, "rocksdb.num-immutable-mem-table", &imm) == 0 && imm == 0, "continued: flushed (%d)", (int)imm);

  /* The WAL files: the current one is alive, named NNNNNN.log, and holds the write. */
  rocksdb_put(db, wo, "walkey", 6, "w", 1, &err);
  CHECK_NOERR(err);
  {
    rocksdb_wal_files_t* wals = rocksdb_get_sorted_wal_files(db, &err);
    CHECK_NOERR(err);
    size_t nw = rocksdb_wal_files_count(wals);
    CHECK(nw >= 1, "WAL files listed (%zu)", nw);
    const rocksdb_wal_file_t* last = rocksdb_wal_files_get_wal_file(wals, nw - 1);
    CHECK(rocksdb_wal_files_get_wal_file(wals, nw) == NULL, "NULL past the end");
    rocksdb_wal_file_t* cur = rocksdb_get_current_wal_file(db, &err);
    CHECK_NOERR(err);
    CHECK(last != NULL && cur != NULL, "last and current WAL");
    char want[32];
    snprintf(want, sizeof want, "/%06llu.log", (unsigned long long)rocksdb_wal_file_log_number(cur));
    CHECK(strcmp(rocksdb_wal_file_path_name(cur), want) == 0, "current WAL path %s", rocksdb_wal_file_path_name(cur));
    CHECK(rocksdb_wal_file_log_number(last) == rocksdb_wal_file_log_number(cur), "the newest WAL is the current one");
    CHECK(rocksdb_wal_file_type(last) == rocksdb_wal_file_type_alive_log, "alive");
    CHECK(rocksdb_wal_file_start_sequence(last) > 0 && rocksdb_wal_file_start_sequence(cur) == 0, "start sequences");
    CHECK(rocksdb_wal_file_size_file_bytes(last) > 0 && rocksdb_wal_file_size_file_bytes(cur) == rocksdb_wal_file_size_file_bytes(last), "sizes");
    rocksdb_wal_file_destroy(cur);
    rocksdb_wal_files_destroy(wals);
  }

  /* Checksums: every table verifies; file checksums need a generator ferrock lacks. */
  rocksdb_verify_checksum(db, &err);
  CHECK_NOERR(err);
  rocksdb_verify_checksum_with_options(db, ro, &err);
  CHECK_NOERR(err);
  rocksdb_verify_file_checksums(db, &err);
  CHECK(err != NULL && strcmp(err, "Invalid argument: Cannot verify file checksum if options.file_checksum_gen_factory is null") == 0,
        "file checksums: %s", err ? err : "(none)");
  free(err);
  err = NULL;
  rocksdb_verify_file_checksums_with_options(db, NULL, &err);
  CHECK(err != NULL, "file checksums with options refused");
  free(err);
  err = NULL;

  rocksdb_readoptions_destroy(ro);
  rocksdb_flushoptions_destroy(fo);
  rocksdb_writeoptions_destroy(wo);
  rocksdb_close(db);
  rocksdb_options_destroy(o);
  remove_db_path(path);
  inputs_are_deleted_when_a_manual_compaction_returns();
  return check_report("t_compact");
}
