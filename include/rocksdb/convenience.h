// ferrock's C++ API: ConfigOptions and the option-string helpers
// (Get*OptionsFromString), plus CancelAllBackgroundWork. Option strings use
// RocksDB's syntax; the engine's own parser (c.h's rocksdb_get_options_from_string)
// validates them first, then impl/options_text.h fills the C++ structs.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "rocksdb/db.h"
#include "rocksdb/impl/options_text.h"
#include "rocksdb/options.h"
#include "rocksdb/status.h"
#include "rocksdb/table.h"

namespace ROCKSDB_NAMESPACE {

struct ConfigOptions {
  ConfigOptions() = default;
  explicit ConfigOptions(const DBOptions& db_opts) : env(db_opts.env) {}

  enum SanityLevel : unsigned char {
    kSanityLevelNone = 0x01,
    kSanityLevelLooselyCompatible = 0x02,
    kSanityLevelExactMatch = 0xFF,
  };
  enum Depth { kDepthDefault, kDepthShallow, kDepthDetailed };

  bool ignore_unknown_options = false;
  bool ignore_unsupported_options = true;
  bool input_strings_escaped = true;
  bool invoke_prepare_options = true;
  bool mutable_options_only = false;
  std::string delimiter = ";";
  Depth depth = Depth::kDepthDefault;
  SanityLevel sanity_level = SanityLevel::kSanityLevelExactMatch;
  size_t file_readahead_size = 512 * 1024;
  Env* env = Env::Default();
};

namespace ferrock_impl {

// The engine's verdict on an option string (names and values RocksDB accepts).
inline Status CheckOptionString(const std::string& opts_str) {
  COptions base, parsed;
  ErrPtr err;
  rocksdb_get_options_from_string(base.get(), opts_str.c_str(), parsed.get(), err.out());
  return err.status();
}

// Applies "name=value;..." to whichever of the three structs declares each name.
inline Status ApplyOptionString(const std::string& opts_str, DBOptions* db, ColumnFamilyOptions* cf,
                                BlockBasedTableOptions* table) {
  std::vector<std::pair<std::string, std::string>> kv;
  if (!SplitOptions(opts_str, &kv)) return Status::InvalidArgument("Malformed option string", opts_str);
  for (const auto& [name, value] : kv) {
    bool ok = true;
    if (db != nullptr && DBOptionFields().count(name)) ok = DBOptionFields().at(name)(*db, value);
    if (cf != nullptr && CFOptionFields().count(name)) ok = ok && CFOptionFields().at(name)(*cf, value);
    if (table != nullptr && TableOptionFields().count(name)) ok = ok && TableOptionFields().at(name)(*table, value);
    if (cf != nullptr && (name == "block_based_table_factory" || name == "table_factory.block_based_table_factory")) {
      BlockBasedTableOptions t;
      if (BlockBasedTableOptions* cur = cf->table_factory ? cf->table_factory->ferrock_block_based_options() : nullptr) t = *cur;
      ok = ApplyFields(TableOptionFields(), &t, value);
      cf->table_factory.reset(NewBlockBasedTableFactory(t));
    }
    if (!ok) return Status::InvalidArgument("Error parsing option " + name, value);
  }
  return Status::OK();
}

}  // namespace ferrock_impl

inline Status GetDBOptionsFromString(const ConfigOptions& /*config_options*/, const DBOptions& base_options,
                                     const std::string& opts_str, DBOptions* new_options) {
  Status s = ferrock_impl::CheckOptionString(opts_str);
  if (!s.ok()) return s;
  DBOptions o = base_options;
  s = ferrock_impl::ApplyOptionString(opts_str, &o, nullptr, nullptr);
  if (s.ok()) *new_options = o;
  return s;
}

inline Status GetColumnFamilyOptionsFromString(const ConfigOptions& /*config_options*/,
                                               const ColumnFamilyOptions& base_options, const std::string& opts_str,
                                               ColumnFamilyOptions* new_options) {
  Status s = ferrock_impl::CheckOptionString(opts_str);
  if (!s.ok()) return s;
  ColumnFamilyOptions o = base_options;
  s = ferrock_impl::ApplyOptionString(opts_str, nullptr, &o, nullptr);
  if (s.ok()) *new_options = o;
  return s;
}

inline Status GetBlockBasedTableOptionsFromString(const ConfigOptions& /*config_options*/,
                                                  const BlockBasedTableOptions& table_options,
                                                  const std::string& opts_str, BlockBasedTableOptions* new_table_options) {
  BlockBasedTableOptions t = table_options;
  if (!ferrock_impl::ApplyFields(ferrock_impl::TableOptionFields(), &t, opts_str)) {
    return Status::InvalidArgument("Error parsing block-based table options", opts_str);
  }
  *new_table_options = t;
  return Status::OK();
}

inline Status GetOptionsFromString(const ConfigOptions& /*config_options*/, const Options& base_options,
                                   const std::string& opts_str, Options* new_options) {
  Status s = ferrock_impl::CheckOptionString(opts_str);
  if (!s.ok()) return s;
  Options o = base_options;
  s = ferrock_impl::ApplyOptionString(opts_str, &o, &o, nullptr);
  if (s.ok()) *new_options = o;
  return s;
}

// Stops the database's flushes and compactions (waiting for running ones when asked).
inline void CancelAllBackgroundWork(DB* db, bool wait = false) {
  if (ferrock_impl::CDB* c = db->ferrock_cdb()) rocksdb_cancel_all_background_work(c->c(), wait ? 1 : 0);
}

}  // namespace ROCKSDB_NAMESPACE
