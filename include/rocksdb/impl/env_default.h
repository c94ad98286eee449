// ferrock's C++ API, implementation: Env::Default() and the one c.h environment
// (rocksdb_create_default_env) that every database opened from C++ is given, so
// that the thread counts a program sets reach the engine's env as well.
#pragma once

#include "rocksdb/c.h"
#include "rocksdb/env.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

inline rocksdb_env_t* CDefaultEnv() {
  static rocksdb_env_t* env = rocksdb_create_default_env();
  return env;
}

}  // namespace ferrock_impl

inline Env* Env::Default() {
  // Never destroyed: scheduled jobs and background threads may outlive main().
  static Env* env = new Env();
  return env;
}

inline void Env::SetBackgroundThreads(int number, Priority pri) {
  Pool(pri).SetSize(number);
  if (this != Default()) return;
  rocksdb_env_t* c = ferrock_impl::CDefaultEnv();
  switch (pri) {
    case LOW: rocksdb_env_set_low_priority_background_threads(c, number); break;
    case HIGH: rocksdb_env_set_high_priority_background_threads(c, number); break;
    case BOTTOM: rocksdb_env_set_bottom_priority_background_threads(c, number); break;
    default: break;
  }
}

}  // namespace ROCKSDB_NAMESPACE
