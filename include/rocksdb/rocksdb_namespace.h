// ferrock's C++ API (RocksDB's names, over ferrock's C ABI): the namespace macro
// RocksDB's headers and programs spell as ROCKSDB_NAMESPACE.
#pragma once

#ifndef ROCKSDB_NAMESPACE
#define ROCKSDB_NAMESPACE rocksdb
#endif
