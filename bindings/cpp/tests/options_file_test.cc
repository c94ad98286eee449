// Options read back from text: the OPTIONS file a database writes
// (LoadLatestOptions) and option strings (GetOptionsFromString).
#include <memory>
#include <string>
#include <vector>

#include "rocksdb/convenience.h"
#include "rocksdb/db.h"
#include "rocksdb/table.h"
#include "rocksdb/utilities/options_util.h"
#include "test_util.h"

using namespace rocksdb;

TEST(OptionsFile, LoadLatestOptionsReadsWhatTheDatabaseWrote) {
  TempDir dir;
  Options options;
  options.create_if_missing = true;
  options.write_buffer_size = 8 << 20;
  options.level0_file_num_compaction_trigger = 7;
  options.compression = kZSTD;
  BlockBasedTableOptions table;
  table.block_size = 32 * 1024;
  options.table_factory.reset(NewBlockBasedTableFactory(table));
  std::unique_ptr<DB> db;
  ASSERT_OK(DB::Open(options, dir.Sub("db"), &db));
  ColumnFamilyHandle* cf = nullptr;
  ASSERT_OK(db->CreateColumnFamily(ColumnFamilyOptions(), "second", &cf));
  delete cf;
  db.reset();

  DBOptions loaded_db;
  std::vector<ColumnFamilyDescriptor> loaded_cfs;
  ASSERT_OK(LoadLatestOptions(ConfigOptions(), dir.Sub("db"), &loaded_db, &loaded_cfs));
  EXPECT_TRUE(loaded_db.create_if_missing);
  ASSERT_EQ(loaded_cfs.size(), 2u);
  EXPECT_EQ(loaded_cfs[0].name, "default");
  EXPECT_EQ(loaded_cfs[1].name, "second");
  EXPECT_EQ(loaded_cfs[0].options.write_buffer_size, 8u << 20);
  EXPECT_EQ(loaded_cfs[0].options.level0_file_num_compaction_trigger, 7);
  EXPECT_EQ(loaded_cfs[0].options.compression, kZSTD);
  auto* t = loaded_cfs[0].options.table_factory->GetOptions<BlockBasedTableOptions>();
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->block_size, 32u * 1024);
  EXPECT_EQ(loaded_cfs[1].options.table_factory->GetOptions<BlockBasedTableOptions>()->block_size, 4096u);

  std::vector<ColumnFamilyHandle*> handles;
  ASSERT_OK(DB::Open(loaded_db, dir.Sub("db"), loaded_cfs, &handles, &db));
  for (auto* h : handles) delete h;
}

TEST(OptionsFile, NoOptionsFileIsNotFound) {
  TempDir dir;
  DBOptions db;
  std::vector<ColumnFamilyDescriptor> cfs;
  Status s = LoadLatestOptions(ConfigOptions(), dir.path(), &db, &cfs);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_TRUE(s.IsPathNotFound()) << s.ToString();
}

TEST(OptionsString, ParsesRocksDBsSyntax) {
  Options base, out;
  ASSERT_OK(GetOptionsFromString(ConfigOptions(), base,
                                 "write_buffer_size=1048576;max_background_jobs=3;compression=kLZ4Compression;"
                                 "create_if_missing=true;compression_opts={level=3;enabled=false}",
                                 &out));
  EXPECT_EQ(out.write_buffer_size, 1048576u);
  EXPECT_EQ(out.max_background_jobs, 3);
  EXPECT_EQ(out.compression, kLZ4Compression);
  EXPECT_TRUE(out.create_if_missing);
  EXPECT_EQ(out.compression_opts.level, 3);
  Status s = GetOptionsFromString(ConfigOptions(), base, "no_such_option=1", &out);
  EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
  BlockBasedTableOptions t;
  ASSERT_OK(GetBlockBasedTableOptionsFromString(ConfigOptions(), BlockBasedTableOptions(),
                                                "block_size=8192;filter_policy=bloomfilter:10:false", &t));
  EXPECT_EQ(t.block_size, 8192u);
  ASSERT_NE(t.filter_policy, nullptr);
  EXPECT_STREQ(t.filter_policy->Name(), "bloomfilter");
}
