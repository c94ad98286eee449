// ferrock's C++ API, implementation: the WriteBatch operations that name a
// column family, its save points, and Iterate, which decodes RocksDB's
// WriteBatch format (a 12-byte header: sequence number and count; then records,
// each a tag byte, an optional varint32 column family id, and varint32-length-
// prefixed key and value) from the c.h batch's bytes.
#pragma once

#include <cstring>

#include "rocksdb/impl/column_family_handle.h"
#include "rocksdb/write_batch.h"

namespace ROCKSDB_NAMESPACE {
namespace ferrock_impl {

// Reads a varint32 or a length-prefixed slice from [*p, end); false when the bytes run out.
inline bool ReadVarint32(const char** p, const char* end, uint32_t* v) {
  uint32_t result = 0;
  for (int shift = 0; shift <= 28 && *p < end; shift += 7) {
    uint32_t byte = static_cast<unsigned char>(**p);
    ++*p;
    result |= (byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) {
      *v = result;
      return true;
    }
  }
  return false;
}

inline bool ReadLengthPrefixed(const char** p, const char* end, Slice* out) {
  uint32_t len;
  if (!ReadVarint32(p, end, &len) || static_cast<size_t>(end - *p) < len) return false;
  *out = Slice(*p, len);
  *p += len;
  return true;
}

// RocksDB's record tags (db/dbformat.h's ValueType as written into batches).
enum BatchTag : unsigned char {
  kTagDeletion = 0x0,
  kTagValue = 0x1,
  kTagMerge = 0x2,
  kTagLogData = 0x3,
  kTagCfDeletion = 0x4,
  kTagCfValue = 0x5,
  kTagCfMerge = 0x6,
  kTagSingleDeletion = 0x7,
  kTagCfSingleDeletion = 0x8,
  kTagBeginPrepareXID = 0x9,
  kTagEndPrepareXID = 0xA,
  kTagCommitXID = 0xB,
  kTagRollbackXID = 0xC,
  kTagNoop = 0xD,
  kTagCfRangeDeletion = 0xE,
  kTagRangeDeletion = 0xF,
  kTagCfBlobIndex = 0x10,
  kTagBlobIndex = 0x11,
  kTagBeginPersistedPrepareXID = 0x12,
  kTagBeginUnprepareXID = 0x13,
  kTagWideColumnEntity = 0x16,
  kTagCfWideColumnEntity = 0x17,
};

}  // namespace ferrock_impl

inline Status WriteBatch::Put(ColumnFamilyHandle* cf, const Slice& key, const Slice& value) {
  if (cf == nullptr) return Put(key, value);
  return Apply([&] { rocksdb_writebatch_put_cf(c_, cf->ferrock_c_handle(), key.data(), key.size(), value.data(), value.size()); });
}

inline Status WriteBatch::Put(ColumnFamilyHandle* cf, const SliceParts& key, const SliceParts& value) {
  std::string k, v;
  return Put(cf, Slice(key, &k), Slice(value, &v));
}

inline Status WriteBatch::Delete(ColumnFamilyHandle* cf, const Slice& key) {
  if (cf == nullptr) return Delete(key);
  return Apply([&] { rocksdb_writebatch_delete_cf(c_, cf->ferrock_c_handle(), key.data(), key.size()); });
}

inline Status WriteBatch::Delete(ColumnFamilyHandle* cf, const SliceParts& key) {
  std::string k;
  return Delete(cf, Slice(key, &k));
}

inline Status WriteBatch::SingleDelete(ColumnFamilyHandle* cf, const Slice& key) {
  if (cf == nullptr) return SingleDelete(key);
  return Apply([&] { rocksdb_writebatch_singledelete_cf(c_, cf->ferrock_c_handle(), key.data(), key.size()); });
}

inline Status WriteBatch::DeleteRange(ColumnFamilyHandle* cf, const Slice& begin_key, const Slice& end_key) {
  if (cf == nullptr) return DeleteRange(begin_key, end_key);
  return Apply([&] {
    rocksdb_writebatch_delete_range_cf(c_, cf->ferrock_c_handle(), begin_key.data(), begin_key.size(), end_key.data(),
                                       end_key.size());
  });
}

inline Status WriteBatch::Merge(ColumnFamilyHandle* cf, const Slice& key, const Slice& value) {
  if (cf == nullptr) return Merge(key, value);
  return Apply([&] { rocksdb_writebatch_merge_cf(c_, cf->ferrock_c_handle(), key.data(), key.size(), value.data(), value.size()); });
}

inline Status WriteBatch::RollbackToSavePoint() {
  char* err = nullptr;
  rocksdb_writebatch_rollback_to_save_point(c_, &err);
  Status s = Status::FromCErrorText(err);
  rocksdb_free(err);
  return s;
}

inline Status WriteBatch::PopSavePoint() {
  char* err = nullptr;
  rocksdb_writebatch_pop_save_point(c_, &err);
  Status s = Status::FromCErrorText(err);
  rocksdb_free(err);
  return s;
}

inline Status WriteBatch::Iterate(Handler* handler) const {
  using namespace ferrock_impl;
  size_t size = 0;
  const char* p = rocksdb_writebatch_data(c_, &size);
  if (size < 12) return Status::Corruption("malformed WriteBatch (too small)");
  const char* end = p + size;
  p += 12;
  while (p < end && handler->Continue()) {
    unsigned char tag = static_cast<unsigned char>(*p++);
    uint32_t cf = 0;
    Slice key, value;
    bool ok = true;
    switch (tag) {
      case kTagCfValue:
      case kTagCfMerge:
      case kTagCfBlobIndex:
      case kTagCfWideColumnEntity:
      case kTagCfRangeDeletion:
        ok = ReadVarint32(&p, end, &cf);
        [[fallthrough]];
      case kTagValue:
      case kTagMerge:
      case kTagBlobIndex:
      case kTagWideColumnEntity:
      case kTagRangeDeletion:
        ok = ok && ReadLengthPrefixed(&p, end, &key) && ReadLengthPrefixed(&p, end, &value);
        break;
      case kTagCfDeletion:
      case kTagCfSingleDeletion:
        ok = ReadVarint32(&p, end, &cf);
        [[fallthrough]];
      case kTagDeletion:
      case kTagSingleDeletion:
      case kTagLogData:
      case kTagEndPrepareXID:
      case kTagCommitXID:
      case kTagRollbackXID:
        ok = ok && ReadLengthPrefixed(&p, end, &key);
        break;
      case kTagBeginPrepareXID:
      case kTagBeginPersistedPrepareXID:
      case kTagBeginUnprepareXID:
      case kTagNoop:
        break;
      default:
        return Status::Corruption("unknown WriteBatch tag");
    }
    if (!ok) return Status::Corruption("bad WriteBatch record");
    Status s;
    switch (tag) {
      case kTagValue:
      case kTagCfValue: s = handler->PutCF(cf, key, value); break;
      case kTagMerge:
      case kTagCfMerge: s = handler->MergeCF(cf, key, value); break;
      case kTagDeletion:
      case kTagCfDeletion: s = handler->DeleteCF(cf, key); break;
      case kTagSingleDeletion:
      case kTagCfSingleDeletion: s = handler->SingleDeleteCF(cf, key); break;
      case kTagRangeDeletion:
      case kTagCfRangeDeletion: s = handler->DeleteRangeCF(cf, key, value); break;
      case kTagBlobIndex:
      case kTagCfBlobIndex: s = handler->PutBlobIndexCF(cf, key, value); break;
      case kTagWideColumnEntity:
      case kTagCfWideColumnEntity: s = handler->PutEntityCF(cf, key, value); break;
      case kTagLogData: handler->LogData(key); break;
      case kTagBeginPrepareXID:
      case kTagBeginPersistedPrepareXID:
      case kTagBeginUnprepareXID: s = handler->MarkBeginPrepare(tag == kTagBeginUnprepareXID); break;
      case kTagEndPrepareXID: s = handler->MarkEndPrepare(key); break;
      case kTagCommitXID: s = handler->MarkCommit(key); break;
      case kTagRollbackXID: s = handler->MarkRollback(key); break;
      case kTagNoop: s = handler->MarkNoop(false); break;
    }
    if (!s.ok()) return s;
  }
  return Status::OK();
}

inline bool WriteBatch::Has(int mask) const {
  // Records the kinds present with a handler that only looks.
  struct Kinds : Handler {
    int seen = 0;
    Status PutCF(uint32_t, const Slice&, const Slice&) override { seen |= kPutMask; return Status::OK(); }
    Status DeleteCF(uint32_t, const Slice&) override { seen |= kDeleteMask; return Status::OK(); }
    Status SingleDeleteCF(uint32_t, const Slice&) override { seen |= kSingleDeleteMask; return Status::OK(); }
    Status DeleteRangeCF(uint32_t, const Slice&, const Slice&) override { seen |= kDeleteRangeMask; return Status::OK(); }
    Status MergeCF(uint32_t, const Slice&, const Slice&) override { seen |= kMergeMask; return Status::OK(); }
    Status PutBlobIndexCF(uint32_t, const Slice&, const Slice&) override { return Status::OK(); }
    Status PutEntityCF(uint32_t, const Slice&, const Slice&) override { return Status::OK(); }
    Status MarkBeginPrepare(bool) override { return Status::OK(); }
    Status MarkEndPrepare(const Slice&) override { return Status::OK(); }
    Status MarkNoop(bool) override { return Status::OK(); }
    Status MarkRollback(const Slice&) override { return Status::OK(); }
    Status MarkCommit(const Slice&) override { return Status::OK(); }
  } kinds;
  Iterate(&kinds).PermitUncheckedError();
  return (kinds.seen & mask) != 0;
}

}  // namespace ROCKSDB_NAMESPACE
