/* ferrock-only C entry points, outside RocksDB's c.h: what RocksDB's C++ API has and
 * 11.8.1's c.h lacks (used by ferrock's C++ API headers; a C program may call them too).
 * GENERATED from src/capi/ferrock_ext.rs by cbindgen (make header): do not edit. */

#pragma once

#include "rocksdb/c.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 RocksDB's `Transaction::SetSnapshot`: the transaction's snapshot becomes the
 database's current state (later reads and conflict checks use it); a transaction
 handle of c.h's `rocksdb_transaction_get_snapshot` taken before keeps the old one.
 */
extern ROCKSDB_LIBRARY_API void ferrock_transaction_set_snapshot(rocksdb_transaction_t *t);

/*
 RocksDB's `Transaction::ClearSnapshot`: the transaction has no snapshot any more.
 */
extern ROCKSDB_LIBRARY_API void ferrock_transaction_clear_snapshot(rocksdb_transaction_t *t);

/*
 RocksDB's `Transaction::PopSavePoint`: forgets the last save point, keeping the
 writes made since; "NotFound: " (no message) when there is none.
 */
extern ROCKSDB_LIBRARY_API void ferrock_transaction_pop_savepoint(rocksdb_transaction_t *t, char **errptr);

/*
 RocksDB's `Transaction::SingleDelete` in a column family.
 */
extern ROCKSDB_LIBRARY_API void ferrock_transaction_singledelete_cf(rocksdb_transaction_t *t, rocksdb_column_family_handle_t *column_family, const char *key, size_t klen, char **errptr);

/*
 `rocksdb_compactionfilter_create` plus RocksDB's `CompactionFilter::FilterMergeOperand`:
 `filter_merge_operand(state, level, key, key_length, operand, operand_length)` is asked
 about each merge operand a compaction sees (newer than every snapshot) and returns 1 to
 drop it. A NULL callback keeps every operand, as c.h's filter does.
 */
extern ROCKSDB_LIBRARY_API rocksdb_compactionfilter_t *ferrock_compactionfilter_create_with_merge_operand(void *state, void (*destructor)(void*), unsigned char (*filter)(void*, int, const char*, size_t, const char*, size_t, char**, size_t*, unsigned char*), unsigned char (*filter_merge_operand)(void*, int, const char*, size_t, const char*, size_t), const char *(*name)(void*));

#ifdef __cplusplus
}  // extern "C"
#endif
