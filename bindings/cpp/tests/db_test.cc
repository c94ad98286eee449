// DB basics through the C++ API: reads and writes, batches, iterators, snapshots,
// column families, pinned values, properties, flush/compaction, metadata, and
// options that cannot be honoured answering NotSupported.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/cache.h"
#include "rocksdb/db.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/options.h"
#include "rocksdb/slice_transform.h"
#include "rocksdb/table.h"
#include "rocksdb/write_batch.h"
#include "test_util.h"

using namespace rocksdb;

class DBTest : public ::testing::Test {
 protected:
  void SetUp() override {
    options_.create_if_missing = true;
    ASSERT_OK(DB::Open(options_, dir_.Sub("db"), &db_));
  }
  std::string Get(const std::string& key, ColumnFamilyHandle* cf = nullptr) {
    std::string value;
    Status s = cf == nullptr ? db_->Get(ReadOptions(), key, &value) : db_->Get(ReadOptions(), cf, key, &value);
    if (s.IsNotFound()) return "NOT_FOUND";
    if (!s.ok()) return s.ToString();
    return value;
  }
  TempDir dir_;
  Options options_;
  std::unique_ptr<DB> db_;
};

TEST_F(DBTest, PutGetDeleteAndBatches) {
  ASSERT_OK(db_->Put(WriteOptions(), "a", "1"));
  ASSERT_OK(db_->Put(WriteOptions(), "b", "2"));
  EXPECT_EQ(Get("a"), "1");
  ASSERT_OK(db_->Delete(WriteOptions(), "a"));
  EXPECT_EQ(Get("a"), "NOT_FOUND");
  std::string v;
  Status s = db_->Get(ReadOptions(), "a", &v);
  EXPECT_TRUE(s.IsNotFound());
  EXPECT_EQ(s.ToString(), "NotFound: ");

  WriteBatch batch;
  ASSERT_OK(batch.Put("c", "3"));
  ASSERT_OK(batch.Delete("b"));
  ASSERT_OK(batch.Put("d", "4"));
  ASSERT_OK(batch.SingleDelete("d"));
  EXPECT_EQ(batch.Count(), 4u);
  EXPECT_TRUE(batch.HasPut());
  EXPECT_TRUE(batch.HasDelete());
  EXPECT_TRUE(batch.HasSingleDelete());
  EXPECT_FALSE(batch.HasMerge());
  ASSERT_OK(db_->Write(WriteOptions(), &batch));
  EXPECT_EQ(Get("b"), "NOT_FOUND");
  EXPECT_EQ(Get("c"), "3");
  EXPECT_EQ(Get("d"), "NOT_FOUND");

  ASSERT_OK(db_->Put(WriteOptions(), "k1", "x"));
  ASSERT_OK(db_->Put(WriteOptions(), "k2", "x"));
  ASSERT_OK(db_->Put(WriteOptions(), "k3", "x"));
  ASSERT_OK(db_->DeleteRange(WriteOptions(), "k1", "k3"));
  EXPECT_EQ(Get("k1"), "NOT_FOUND");
  EXPECT_EQ(Get("k2"), "NOT_FOUND");
  EXPECT_EQ(Get("k3"), "x");
}

TEST_F(DBTest, WriteBatchIterateSeesEveryRecordKind) {
  struct Recorder : WriteBatch::Handler {
    std::vector<std::string> seen;
    Status PutCF(uint32_t cf, const Slice& k, const Slice& v) override {
      seen.push_back("put " + std::to_string(cf) + " " + k.ToString() + "=" + v.ToString());
      return Status::OK();
    }
    Status DeleteCF(uint32_t cf, const Slice& k) override {
      seen.push_back("delete " + std::to_string(cf) + " " + k.ToString());
      return Status::OK();
    }
    Status SingleDeleteCF(uint32_t cf, const Slice& k) override {
      seen.push_back("single " + std::to_string(cf) + " " + k.ToString());
      return Status::OK();
    }
    Status DeleteRangeCF(uint32_t cf, const Slice& b, const Slice& e) override {
      seen.push_back("range " + std::to_string(cf) + " " + b.ToString() + ".." + e.ToString());
      return Status::OK();
    }
    Status MergeCF(uint32_t cf, const Slice& k, const Slice& v) override {
      seen.push_back("merge " + std::to_string(cf) + " " + k.ToString() + "+" + v.ToString());
      return Status::OK();
    }
    void LogData(const Slice& blob) override { seen.push_back("log " + blob.ToString()); }
  };
  ColumnFamilyHandle* cf = nullptr;
  ASSERT_OK(db_->CreateColumnFamily(ColumnFamilyOptions(), "other", &cf));
  WriteBatch batch;
  ASSERT_OK(batch.Put("a", "1"));
  ASSERT_OK(batch.Put(cf, "b", "2"));
  ASSERT_OK(batch.Delete(cf, "c"));
  ASSERT_OK(batch.SingleDelete("d"));
  ASSERT_OK(batch.DeleteRange("e", "f"));
  ASSERT_OK(batch.Merge(cf, "g", "h"));
  ASSERT_OK(batch.PutLogData("blob"));
  Recorder r;
  ASSERT_OK(batch.Iterate(&r));
  std::string id = std::to_string(cf->GetID());
  std::vector<std::string> want = {"put 0 a=1",   "put " + id + " b=2", "delete " + id + " c", "single 0 d",
                                   "range 0 e..f", "merge " + id + " g+h", "log blob"};
  EXPECT_EQ(r.seen, want);
  // A copy holds the same records; Clear empties the batch.
  WriteBatch copy(batch);
  EXPECT_EQ(copy.Data(), batch.Data());
  batch.Clear();
  EXPECT_EQ(batch.Count(), 0u);
  ASSERT_OK(db_->DestroyColumnFamilyHandle(cf));
}

TEST_F(DBTest, WriteBatchMaxBytesRefusesAndUndoes) {
  WriteBatch batch(0, 40);
  ASSERT_OK(batch.Put("k", "v"));
  Status s = batch.Put("key2", std::string(100, 'x'));
  EXPECT_TRUE(s.IsMemoryLimit()) << s.ToString();
  EXPECT_EQ(batch.Count(), 1u);
}

TEST_F(DBTest, SavePointsOfABatch) {
  WriteBatch batch;
  ASSERT_OK(batch.Put("a", "1"));
  batch.SetSavePoint();
  ASSERT_OK(batch.Put("b", "2"));
  ASSERT_OK(batch.RollbackToSavePoint());
  EXPECT_EQ(batch.Count(), 1u);
  Status s = batch.RollbackToSavePoint();
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
}

TEST_F(DBTest, IteratorsWalkBothWaysWithinBounds) {
  for (const char* k : {"a", "b", "c", "d", "e"}) ASSERT_OK(db_->Put(WriteOptions(), k, std::string("v") + k));
  std::unique_ptr<Iterator> it(db_->NewIterator(ReadOptions()));
  std::string forward, backward;
  for (it->SeekToFirst(); it->Valid(); it->Next()) forward += it->key().ToString();
  for (it->SeekToLast(); it->Valid(); it->Prev()) backward += it->key().ToString();
  EXPECT_EQ(forward, "abcde");
  EXPECT_EQ(backward, "edcba");
  ASSERT_OK(it->status());
  it->Seek("bb");
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key().ToString(), "c");
  EXPECT_EQ(it->value().ToString(), "vc");
  it->SeekForPrev("bb");
  ASSERT_TRUE(it->Valid());
  EXPECT_EQ(it->key().ToString(), "b");

  Slice lower("b"), upper("d");
  ReadOptions ro;
  ro.iterate_lower_bound = &lower;
  ro.iterate_upper_bound = &upper;
  std::unique_ptr<Iterator> bounded(db_->NewIterator(ro));
  std::string seen;
  for (bounded->SeekToFirst(); bounded->Valid(); bounded->Next()) seen += bounded->key().ToString();
  EXPECT_EQ(seen, "bc");
}

TEST_F(DBTest, SnapshotsKeepTheirView) {
  ASSERT_OK(db_->Put(WriteOptions(), "k", "old"));
  const Snapshot* snap = db_->GetSnapshot();
  ASSERT_NE(snap, nullptr);
  EXPECT_GT(snap->GetSequenceNumber(), 0u);
  ASSERT_OK(db_->Put(WriteOptions(), "k", "new"));
  ReadOptions ro;
  ro.snapshot = snap;
  std::string v;
  ASSERT_OK(db_->Get(ro, "k", &v));
  EXPECT_EQ(v, "old");
  EXPECT_EQ(Get("k"), "new");
  db_->ReleaseSnapshot(snap);
  {
    ManagedSnapshot managed(db_.get());
    ASSERT_OK(db_->Put(WriteOptions(), "k", "newer"));
    ro.snapshot = managed.snapshot();
    ASSERT_OK(db_->Get(ro, "k", &v));
    EXPECT_EQ(v, "new");
  }
  EXPECT_EQ(db_->GetLatestSequenceNumber(), 3u);
}

TEST_F(DBTest, PinnableSliceHoldsTheValueUntilReset) {
  ASSERT_OK(db_->Put(WriteOptions(), "k", "value"));
  PinnableSlice pinned;
  ASSERT_OK(db_->Get(ReadOptions(), db_->DefaultColumnFamily(), "k", &pinned));
  EXPECT_TRUE(pinned.IsPinned());
  EXPECT_EQ(pinned.ToString(), "value");
  // The pinned value survives later writes to the key.
  ASSERT_OK(db_->Put(WriteOptions(), "k", "changed"));
  EXPECT_EQ(pinned.ToString(), "value");
  pinned.Reset();
  EXPECT_EQ(pinned.size(), 0u);
  ASSERT_OK(db_->Get(ReadOptions(), db_->DefaultColumnFamily(), "k", &pinned));
  EXPECT_EQ(pinned.ToString(), "changed");
  PinnableSlice moved(std::move(pinned));
  EXPECT_EQ(moved.ToString(), "changed");
}

TEST_F(DBTest, MultiGetAndKeyMayExist) {
  ASSERT_OK(db_->Put(WriteOptions(), "a", "1"));
  ASSERT_OK(db_->Put(WriteOptions(), "c", "3"));
  std::vector<Slice> keys = {"a", "b", "c"};
  std::vector<std::string> values;
  std::vector<Status> statuses = db_->MultiGet(ReadOptions(), keys, &values);
  ASSERT_EQ(statuses.size(), 3u);
  EXPECT_TRUE(statuses[0].ok());
  EXPECT_TRUE(statuses[1].IsNotFound());
  EXPECT_TRUE(statuses[2].ok());
  EXPECT_EQ(values[0], "1");
  EXPECT_EQ(values[2], "3");
  std::string v;
  bool found = false;
  EXPECT_TRUE(db_->KeyMayExist(ReadOptions(), "a", &v, &found));
  if (found) {
    EXPECT_EQ(v, "1");
  }
}

TEST_F(DBTest, ColumnFamiliesAreSeparateAndReopen) {
  ColumnFamilyHandle* cf = nullptr;
  ASSERT_OK(db_->CreateColumnFamily(ColumnFamilyOptions(), "cf1", &cf));
  EXPECT_EQ(cf->GetName(), "cf1");
  EXPECT_NE(cf->GetID(), 0u);
  ASSERT_OK(db_->Put(WriteOptions(), cf, "k", "in cf1"));
  ASSERT_OK(db_->Put(WriteOptions(), "k", "in default"));
  EXPECT_EQ(Get("k", cf), "in cf1");
  EXPECT_EQ(Get("k"), "in default");
  ASSERT_OK(db_->DestroyColumnFamilyHandle(cf));
  db_.reset();

  std::vector<std::string> names;
  ASSERT_OK(DB::ListColumnFamilies(DBOptions(), dir_.Sub("db"), &names));
  EXPECT_EQ(names, (std::vector<std::string>{"default", "cf1"}));

  std::vector<ColumnFamilyDescriptor> cfs = {{kDefaultColumnFamilyName, ColumnFamilyOptions()},
                                             {"cf1", ColumnFamilyOptions()}};
  std::vector<ColumnFamilyHandle*> handles;
  ASSERT_OK(DB::Open(DBOptions(), dir_.Sub("db"), cfs, &handles, &db_));
  ASSERT_EQ(handles.size(), 2u);
  EXPECT_EQ(Get("k", handles[1]), "in cf1");
  ASSERT_OK(db_->DropColumnFamily(handles[1]));
  for (auto* h : handles) ASSERT_OK(db_->DestroyColumnFamilyHandle(h));
  Status s = db_->DestroyColumnFamilyHandle(db_->DefaultColumnFamily());
  EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
}

TEST_F(DBTest, PropertiesFlushCompactionAndMetadata) {
  for (int i = 0; i < 100; ++i) ASSERT_OK(db_->Put(WriteOptions(), "key" + std::to_string(i), std::string(100, 'v')));
  uint64_t n = 0;
  ASSERT_TRUE(db_->GetIntProperty(DB::Properties::kNumEntriesActiveMemTable, &n));
  EXPECT_EQ(n, 100u);
  ASSERT_OK(db_->Flush(FlushOptions()));
  std::string files;
  ASSERT_TRUE(db_->GetProperty(DB::Properties::kNumFilesAtLevelPrefix + "0", &files));
  EXPECT_EQ(files, "1");
  ColumnFamilyMetaData meta;
  db_->GetColumnFamilyMetaData(&meta);
  EXPECT_EQ(meta.name, "default");
  EXPECT_EQ(meta.file_count, 1u);
  ASSERT_FALSE(meta.levels.empty());
  ASSERT_EQ(meta.levels[0].files.size(), 1u);
  const SstFileMetaData& f = meta.levels[0].files[0];
  EXPECT_EQ(f.smallestkey, "key0");
  EXPECT_EQ(f.largestkey, "key99");
  EXPECT_EQ(f.num_entries, 100u);
  EXPECT_FALSE(f.being_compacted);
  EXPECT_EQ(f.name, "/" + f.relative_filename);

  ASSERT_OK(db_->CompactRange(CompactRangeOptions(), nullptr, nullptr));
  db_->GetColumnFamilyMetaData(&meta);
  EXPECT_EQ(meta.levels[0].files.size(), 0u);
  std::vector<LiveFileMetaData> live;
  db_->GetLiveFilesMetaData(&live);
  ASSERT_EQ(live.size(), 1u);
  EXPECT_EQ(live[0].column_family_name, "default");
  EXPECT_GT(live[0].level, 0);
  std::string id;
  ASSERT_OK(db_->GetDbIdentity(id));
  EXPECT_FALSE(id.empty());
  EXPECT_EQ(db_->NumberLevels(), 7);
  EXPECT_EQ(db_->GetName(), dir_.Sub("db"));
}

TEST_F(DBTest, CompactFilesMovesNamedFiles) {
  // Without automatic compactions: with level_compaction_dynamic_level_bytes (the default)
  // a background compaction moves a small level 1 down to the last level, as RocksDB's
  // does, and the test would race it for the file it names.
  db_.reset();
  options_.disable_auto_compactions = true;
  ASSERT_OK(DB::Open(options_, dir_.Sub("db"), &db_));
  for (int round = 0; round < 2; ++round) {
    ASSERT_OK(db_->Put(WriteOptions(), "k" + std::to_string(round), "v"));
    ASSERT_OK(db_->Flush(FlushOptions()));
  }
  ColumnFamilyMetaData meta;
  db_->GetColumnFamilyMetaData(&meta);
  std::vector<std::string> inputs;
  for (const auto& f : meta.levels[0].files) inputs.push_back(f.name);
  ASSERT_EQ(inputs.size(), 2u);
  CompactionOptions co;
  co.compression = options_.compression;  // the family's own codec: honoured
  std::vector<std::string> outputs;
  CompactionJobInfo info;
  ASSERT_OK(db_->CompactFiles(co, inputs, 1, -1, &outputs, &info));
  EXPECT_EQ(outputs.size(), 1u);
  EXPECT_EQ(info.output_level, 1);
  EXPECT_EQ(info.input_files.size(), 2u);
  co.compression = kZSTD;  // another codec: honoured too (rocksdb_compact_files' compression)
  db_->GetColumnFamilyMetaData(&meta);
  ASSERT_EQ(meta.levels[1].files.size(), 1u);
  Status s = db_->CompactFiles(co, {meta.levels[1].files[0].name}, 2);
  EXPECT_TRUE(s.ok()) << s.ToString();
}

TEST(DBOptionsTest, PresetsAndTableOptionsOpen) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  options.IncreaseParallelism(4);
  options.OptimizeLevelStyleCompaction();
  BlockBasedTableOptions table;
  table.block_size = 16 * 1024;
  table.block_cache = NewLRUCache(8 << 20);
  table.filter_policy.reset(NewBloomFilterPolicy(10));
  options.table_factory.reset(NewBlockBasedTableFactory(table));
  options.prefix_extractor.reset(NewFixedPrefixTransform(2));
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  EXPECT_EQ(options.max_background_jobs, 4);
  EXPECT_EQ(options.compression_per_level.size(), 7u);
  ASSERT_OK(db->Put(WriteOptions(), "aa1", "x"));
  ASSERT_OK(db->Put(WriteOptions(), "ab1", "y"));
  ReadOptions ro;
  ro.prefix_same_as_start = true;
  std::unique_ptr<Iterator> it(db->NewIterator(ro));
  int n = 0;
  for (it->Seek("aa"); it->Valid(); it->Next()) ++n;
  EXPECT_EQ(n, 1);
  EXPECT_EQ(db->GetOptions().write_buffer_size, options.write_buffer_size);
  EXPECT_GT(table.block_cache->GetCapacity(), 0u);
}

TEST(DBOptionsTest, UnsupportedOptionsAnswerNotSupported) {
  TempDir dir;
  auto open_with = [&](const Options& o) {
    std::unique_ptr<DB> db;
    return DB::Open(o, dir.Sub("db"), &db);
  };
  Options options;
  options.create_if_missing = true;
  Options paths = options;
  paths.db_paths.emplace_back(dir.Sub("p"), 1 << 20);
  Status s = open_with(paths);
  EXPECT_TRUE(s.IsNotSupported()) << s.ToString();
  EXPECT_NE(s.ToString().find("db_paths"), std::string::npos) << s.ToString();

  Options fifo = options;
  fifo.compaction_options_fifo.max_table_files_size = 1;
  s = open_with(fifo);
  EXPECT_TRUE(s.IsNotSupported()) << s.ToString();
  EXPECT_NE(s.ToString().find("compaction_options_fifo"), std::string::npos) << s.ToString();

  struct OwnMemtable : MemTableRepFactory {
    const char* Name() const override { return "OwnMemtable"; }
  };
  Options memtable = options;
  memtable.memtable_factory = std::make_shared<OwnMemtable>();
  s = open_with(memtable);
  EXPECT_TRUE(s.IsNotSupported()) << s.ToString();

  ReadOptions ro;
  Slice ts("t");
  ro.timestamp = &ts;
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  std::string v;
  s = db->Get(ro, "k", &v);
  EXPECT_TRUE(s.IsNotSupported()) << s.ToString();
  std::unique_ptr<Iterator> it(db->NewIterator(ro));
  EXPECT_TRUE(it->status().IsNotSupported());
}
