package ferrock

// #include <rocksdb/c.h>
import "C"

import "unsafe"

// WriteBatch collects puts, merges and deletes for DB.Write to apply atomically.
type WriteBatch struct {
	c *C.rocksdb_writebatch_t
}

// NewWriteBatch returns an empty batch; Destroy it when done.
func NewWriteBatch() *WriteBatch { return &WriteBatch{c: C.rocksdb_writebatch_create()} }

func (wb *WriteBatch) Put(key, value []byte) {
	C.rocksdb_writebatch_put(wb.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(value), C.size_t(len(value)))
}

func (wb *WriteBatch) PutCF(cf *ColumnFamilyHandle, key, value []byte) {
	C.rocksdb_writebatch_put_cf(wb.c, cf.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(value), C.size_t(len(value)))
}

func (wb *WriteBatch) Merge(key, operand []byte) {
	C.rocksdb_writebatch_merge(wb.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(operand), C.size_t(len(operand)))
}

func (wb *WriteBatch) MergeCF(cf *ColumnFamilyHandle, key, operand []byte) {
	C.rocksdb_writebatch_merge_cf(wb.c, cf.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(operand), C.size_t(len(operand)))
}

func (wb *WriteBatch) Delete(key []byte) {
	C.rocksdb_writebatch_delete(wb.c, bytesPtr(key), C.size_t(len(key)))
}

func (wb *WriteBatch) DeleteCF(cf *ColumnFamilyHandle, key []byte) {
	C.rocksdb_writebatch_delete_cf(wb.c, cf.c, bytesPtr(key), C.size_t(len(key)))
}

func (wb *WriteBatch) SingleDelete(key []byte) {
	C.rocksdb_writebatch_singledelete(wb.c, bytesPtr(key), C.size_t(len(key)))
}

// Count returns the number of operations in the batch.
func (wb *WriteBatch) Count() int { return int(C.rocksdb_writebatch_count(wb.c)) }

// Clear empties the batch.
func (wb *WriteBatch) Clear() { C.rocksdb_writebatch_clear(wb.c) }

// Data returns a copy of the batch in RocksDB's byte representation.
func (wb *WriteBatch) Data() []byte {
	var n C.size_t
	p := C.rocksdb_writebatch_data(wb.c, &n)
	return C.GoBytes(unsafe.Pointer(p), C.int(n))
}

// Destroy frees the batch.
func (wb *WriteBatch) Destroy() {
	if wb.c != nil {
		C.rocksdb_writebatch_destroy(wb.c)
		wb.c = nil
	}
}
