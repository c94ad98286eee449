// ferrock's C++ API: the compression codecs (CompressionType) and their tuning
// (CompressionOptions), with RocksDB's values.
#pragma once

#include <cstdint>

#include "rocksdb/rocksdb_namespace.h"

namespace ROCKSDB_NAMESPACE {

enum CompressionType : unsigned char {
  kNoCompression = 0x00,
  kSnappyCompression = 0x01,
  kZlibCompression = 0x02,
  kBZip2Compression = 0x03,
  kLZ4Compression = 0x04,
  kLZ4HCCompression = 0x05,
  kXpressCompression = 0x06,
  kZSTD = 0x07,
  kLastBuiltinCompression = kZSTD,
  kDisableCompressionOption = 0xff,
};

struct CompressionOptions {
  static constexpr int kDefaultCompressionLevel = 32767;

  int window_bits = -14;
  int level = kDefaultCompressionLevel;
  int strategy = 0;
  uint32_t max_dict_bytes = 0;
  uint32_t zstd_max_train_bytes = 0;
  uint32_t parallel_threads = 1;
  bool enabled = false;
  uint64_t max_dict_buffer_bytes = 0;
  bool use_zstd_dict_trainer = true;
  int max_compressed_bytes_per_kb = 1024 * 7 / 8;
  bool checksum = false;

  CompressionOptions() = default;
  CompressionOptions(int wbits, int _lev, int _strategy, uint32_t _max_dict_bytes, uint32_t _zstd_max_train_bytes,
                     uint64_t _max_dict_buffer_bytes, bool _enabled, bool _use_zstd_dict_trainer)
      : window_bits(wbits),
        level(_lev),
        strategy(_strategy),
        max_dict_bytes(_max_dict_bytes),
        zstd_max_train_bytes(_zstd_max_train_bytes),
        enabled(_enabled),
        max_dict_buffer_bytes(_max_dict_buffer_bytes),
        use_zstd_dict_trainer(_use_zstd_dict_trainer) {}

  bool operator==(const CompressionOptions& rhs) const = default;
};

}  // namespace ROCKSDB_NAMESPACE
