// ferrock's C++ API: reading a database's OPTIONS file back into the option
// structs (LoadLatestOptions, LoadOptionsFromFile, GetLatestOptionsFileName).
// The file is RocksDB's INI format; LoadLatestOptions first lets the engine
// parse it (c.h's rocksdb_load_latest_options), so a malformed or unknown option
// gets the engine's error, then fills the structs (impl/options_text.h). As in
// RocksDB, objects that are not built-ins (a program's comparator, merge
// operator, compaction filter, block cache) come back unset.
#pragma once

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "rocksdb/convenience.h"
#include "rocksdb/db.h"
#include "rocksdb/env.h"
#include "rocksdb/options.h"
#include "rocksdb/status.h"

namespace ROCKSDB_NAMESPACE {

inline Status GetLatestOptionsFileName(const std::string& dbpath, Env* env, std::string* options_file_name) {
  std::vector<std::string> names;
  Status s = env->GetChildren(dbpath, &names);
  if (s.IsNotFound()) return Status::NotFound(Status::kPathNotFound, "No options files found in the DB directory.", dbpath);
  if (!s.ok()) return s;
  uint64_t latest = 0;
  std::string latest_name;
  for (const std::string& n : names) {
    if (n.compare(0, 8, "OPTIONS-") != 0 || n.size() == 8) continue;
    uint64_t number = 0;
    if (!ferrock_impl::ParseValue(n.substr(8), &number)) continue;
    if (number > latest) {
      latest = number;
      latest_name = n;
    }
  }
  if (latest_name.empty()) {
    return Status::NotFound(Status::kPathNotFound, "No options files found in the DB directory.", dbpath);
  }
  *options_file_name = latest_name;
  return Status::OK();
}

namespace ferrock_impl {

// One statement of an OPTIONS file: escapes (\n \r \\ \: \#) undone, a "#" comment dropped.
inline std::string OptionsFileLine(const std::string& raw) {
  std::string out;
  for (size_t i = 0; i < raw.size(); ++i) {
    char ch = raw[i];
    if (ch == '\\' && i + 1 < raw.size()) {
      char n = raw[++i];
      out.push_back(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
    } else if (ch == '#') {
      break;
    } else {
      out.push_back(ch);
    }
  }
  size_t b = out.find_first_not_of(" \t\r");
  size_t e = out.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : out.substr(b, e - b + 1);
}

inline Status ParseOptionsFile(const std::string& file_name, DBOptions* db_options,
                               std::vector<ColumnFamilyDescriptor>* cf_descs, std::shared_ptr<Cache>* cache) {
  std::ifstream in(file_name);
  if (!in) return Status::IOError("While opening a file for sequentially reading: " + file_name, "No such file or directory");
  DBOptions db;
  std::vector<ColumnFamilyDescriptor> cfs;
  std::vector<BlockBasedTableOptions> tables;
  enum { kNone, kDB, kCF, kTable } section = kNone;
  size_t index = 0;
  std::string raw;
  int line_no = 0;
  while (std::getline(in, raw)) {
    ++line_no;
    std::string line = OptionsFileLine(raw);
    if (line.empty()) continue;
    if (line.front() == '[') {
      std::string title = line.substr(1, line.find(']') - 1);
      std::string arg;
      size_t q = title.find('"');
      if (q != std::string::npos) {
        arg = title.substr(q + 1, title.rfind('"') - q - 1);
        title = title.substr(0, title.find_last_not_of(' ', q - 1) + 1);
      }
      if (title == "DBOptions") {
        section = kDB;
      } else if (title == "CFOptions") {
        section = kCF;
        index = cfs.size();
        cfs.emplace_back(arg, ColumnFamilyOptions());
        tables.emplace_back();
      } else if (title == "TableOptions/BlockBasedTable") {
        section = kTable;
        index = cfs.size();
        for (size_t i = 0; i < cfs.size(); ++i) {
          if (cfs[i].name == arg) index = i;
        }
        if (index == cfs.size()) {
          return Status::InvalidArgument("Options file " + file_name, "table options of an unknown column family " + arg);
        }
      } else {
        section = kNone;
      }
      continue;
    }
    size_t eq = line.find('=');
    if (eq == std::string::npos) {
      return Status::InvalidArgument("Options file " + file_name, "a statement without '=' at line " + std::to_string(line_no));
    }
    std::string name = OptionsFileLine(line.substr(0, eq));
    std::string value = OptionsFileLine(line.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '{' && value.back() == '}') value = value.substr(1, value.size() - 2);
    bool ok = true;
    if (section == kDB && DBOptionFields().count(name)) ok = DBOptionFields().at(name)(db, value);
    if (section == kCF && CFOptionFields().count(name)) ok = CFOptionFields().at(name)(cfs[index].options, value);
    if (section == kTable && TableOptionFields().count(name)) ok = TableOptionFields().at(name)(tables[index], value);
    if (!ok) return Status::InvalidArgument("Error parsing " + name + " in " + file_name, value);
  }
  for (size_t i = 0; i < cfs.size(); ++i) {
    if (cache != nullptr) tables[i].block_cache = *cache;
    cfs[i].options.table_factory.reset(NewBlockBasedTableFactory(tables[i]));
  }
  *db_options = db;
  *cf_descs = std::move(cfs);
  return Status::OK();
}

}  // namespace ferrock_impl

inline Status LoadOptionsFromFile(const ConfigOptions& /*config_options*/, const std::string& options_file_name,
                                  DBOptions* db_options, std::vector<ColumnFamilyDescriptor>* cf_descs,
                                  std::shared_ptr<Cache>* cache = {}) {
  return ferrock_impl::ParseOptionsFile(options_file_name, db_options, cf_descs, cache);
}

inline Status LoadLatestOptions(const ConfigOptions& config_options, const std::string& dbpath, DBOptions* db_options,
                                std::vector<ColumnFamilyDescriptor>* cf_descs, std::shared_ptr<Cache>* cache = {}) {
  std::string name;
  Status s = GetLatestOptionsFileName(dbpath, config_options.env, &name);
  if (!s.ok()) return s;
  // The engine reads the same file first, for its verdict on every name and value.
  rocksdb_options_t* c_db = nullptr;
  size_t n = 0;
  char** c_names = nullptr;
  rocksdb_options_t** c_cfs = nullptr;
  ferrock_impl::ErrPtr err;
  rocksdb_load_latest_options(dbpath.c_str(), ferrock_impl::CDefaultEnv(), config_options.ignore_unknown_options, nullptr,
                              &c_db, &n, &c_names, &c_cfs, err.out());
  if (err.failed()) return err.status();
  rocksdb_load_latest_options_destroy(c_db, c_names, c_cfs, n);
  return LoadOptionsFromFile(config_options, dbpath + "/" + name, db_options, cf_descs, cache);
}

}  // namespace ROCKSDB_NAMESPACE
