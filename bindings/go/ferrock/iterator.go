package ferrock

// #include <rocksdb/c.h>
import "C"

import "bytes"

// Iterator walks a database or column family in key order. For one goroutine at a time.
type Iterator struct {
	c   *C.rocksdb_iterator_t
	err error // set when the iterator could not be created
}

// Valid reports whether the iterator is at an entry.
func (it *Iterator) Valid() bool { return it.c != nil && C.rocksdb_iter_valid(it.c) != 0 }

// ValidForPrefix reports whether the iterator is at an entry whose key starts with prefix.
func (it *Iterator) ValidForPrefix(prefix []byte) bool {
	return it.Valid() && bytes.HasPrefix(it.Key().Data(), prefix)
}

func (it *Iterator) SeekToFirst() {
	if it.c != nil {
		C.rocksdb_iter_seek_to_first(it.c)
	}
}

func (it *Iterator) SeekToLast() {
	if it.c != nil {
		C.rocksdb_iter_seek_to_last(it.c)
	}
}

// Seek positions at the first key >= key.
func (it *Iterator) Seek(key []byte) {
	if it.c != nil {
		C.rocksdb_iter_seek(it.c, bytesPtr(key), C.size_t(len(key)))
	}
}

// SeekForPrev positions at the last key <= key.
func (it *Iterator) SeekForPrev(key []byte) {
	if it.c != nil {
		C.rocksdb_iter_seek_for_prev(it.c, bytesPtr(key), C.size_t(len(key)))
	}
}

// Next moves to the following entry; call it only while Valid.
func (it *Iterator) Next() {
	if it.c != nil {
		C.rocksdb_iter_next(it.c)
	}
}

// Prev moves to the preceding entry; call it only while Valid.
func (it *Iterator) Prev() {
	if it.c != nil {
		C.rocksdb_iter_prev(it.c)
	}
}

// Key returns the current key without copying; valid until the iterator moves
// (no Free needed).
func (it *Iterator) Key() *Slice {
	if it.c == nil {
		return &Slice{freed: true}
	}
	var n C.size_t
	p := C.rocksdb_iter_key(it.c, &n)
	return &Slice{data: p, size: n, freed: true}
}

// Value returns the current value without copying; valid until the iterator moves.
func (it *Iterator) Value() *Slice {
	if it.c == nil {
		return &Slice{freed: true}
	}
	var n C.size_t
	p := C.rocksdb_iter_value(it.c, &n)
	return &Slice{data: p, size: n, freed: true}
}

// Err returns the iterator's error, if any (check it once Valid is false).
func (it *Iterator) Err() error {
	if it.err != nil {
		return it.err
	}
	if it.c == nil {
		return nil
	}
	var cErr *C.char
	C.rocksdb_iter_get_error(it.c, &cErr)
	return errorFrom(cErr)
}

// Close frees the iterator.
func (it *Iterator) Close() {
	if it.c != nil {
		C.rocksdb_iter_destroy(it.c)
		it.c = nil
	}
}
