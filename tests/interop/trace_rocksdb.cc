// Query traces across engines, RocksDB 7.8.3's side (Debian's C++ API: c.h has no way to
// step through a trace's records). `trace_rocksdb replay DB TRACE` replays a trace ferrock
// wrote on a new database with RocksDB's own Replayer, checking each record decodes as the
// operation ferrock traced (interop.c's order: Write, Get, Seek, SeekForPrev, MultiGet) and
// that the written key reads back; `trace_rocksdb write DB TRACE` traces RocksDB's own
// operations for ferrock to replay.
#include <rocksdb/db.h>
#include <rocksdb/env.h>
#include <rocksdb/trace_reader_writer.h>
#include <rocksdb/trace_record.h>
#include <rocksdb/trace_record_result.h>
#include <rocksdb/utilities/replayer.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace rocksdb;

static int failures = 0;
#define EXPECT(cond, what)                                 \
  do {                                                     \
    if (!(cond)) {                                         \
      std::fprintf(stderr, "FAIL %s: %s\n", what, #cond); \
      failures++;                                          \
    }                                                      \
  } while (0)

static int replay(DB* db, const char* trace) {
  std::unique_ptr<TraceReader> r;
  Status s = NewFileTraceReader(Env::Default(), EnvOptions(), trace, &r);
  EXPECT(s.ok(), "open the trace");
  if (!s.ok()) return 1;
  std::unique_ptr<Replayer> rep;
  s = db->NewDefaultReplayer({db->DefaultColumnFamily()}, std::move(r), &rep);
  EXPECT(s.ok(), "a replayer");
  s = rep->Prepare();
  EXPECT(s.ok(), "the header parses");
  EXPECT(rep->GetHeaderTimestamp() > 0, "the header's timestamp");
  const TraceType want[] = {kTraceWrite, kTraceGet, kTraceIteratorSeek, kTraceIteratorSeekForPrev, kTraceMultiGet};
  size_t n = 0;
  uint64_t last_ts = rep->GetHeaderTimestamp();
  for (;;) {
    std::unique_ptr<TraceRecord> rec;
    s = rep->Next(&rec);
    if (s.IsIncomplete()) break;
    EXPECT(s.ok(), "a record decodes");
    if (!s.ok()) break;
    EXPECT(n < 5 && rec->GetTraceType() == want[n], "the record's type");
    EXPECT(rec->GetTimestamp() >= last_ts, "timestamps in order");
    last_ts = rec->GetTimestamp();
    switch (rec->GetTraceType()) {
      case kTraceGet:
        EXPECT(static_cast<GetQueryTraceRecord*>(rec.get())->GetKey() == "tracek", "the Get's key");
        break;
      case kTraceIteratorSeek:
      case kTraceIteratorSeekForPrev: {
        auto* it = static_cast<IteratorSeekQueryTraceRecord*>(rec.get());
        EXPECT(it->GetUpperBound() == "z" && it->GetLowerBound().empty(), "the seek's bounds");
        break;
      }
      case kTraceMultiGet:
        EXPECT(static_cast<MultiGetQueryTraceRecord*>(rec.get())->GetKeys().size() == 2, "the MultiGet's keys");
        break;
      default:
        break;
    }
    std::unique_ptr<TraceRecordResult> res;
    s = rep->Execute(rec, &res);
    EXPECT(s.ok(), "the record runs");
    n++;
  }
  EXPECT(n == 5, "five operations");
  std::string v;
  s = db->Get(ReadOptions(), "tracek", &v);
  EXPECT(s.ok() && v == "tracev", "the replayed write");
  return failures;
}

static int write(DB* db, const char* trace) {
  std::unique_ptr<TraceWriter> w;
  Status s = NewFileTraceWriter(Env::Default(), EnvOptions(), trace, &w);
  EXPECT(s.ok(), "a trace file");
  s = db->StartTrace(TraceOptions(), std::move(w));
  EXPECT(s.ok(), "start the trace");
  db->Put(WriteOptions(), "rk", "rv");
  std::string v;
  db->Get(ReadOptions(), "rk", &v);
  Iterator* it = db->NewIterator(ReadOptions());
  it->Seek("r");
  delete it;
  std::vector<Slice> keys = {"rk", "zz"};
  std::vector<std::string> vals;
  db->MultiGet(ReadOptions(), keys, &vals);
  s = db->EndTrace();
  EXPECT(s.ok(), "end the trace");
  return failures;
}

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  Options o;
  o.create_if_missing = true;
  DB* db;
  Status s = DB::Open(o, argv[2], &db);
  if (!s.ok()) {
    std::fprintf(stderr, "open: %s\n", s.ToString().c_str());
    return 1;
  }
  int rc = std::strcmp(argv[1], "replay") == 0 ? replay(db, argv[3]) : write(db, argv[3]);
  delete db;
  return rc;
}
