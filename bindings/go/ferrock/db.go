package ferrock

// #include <stdlib.h>
// #include <string.h>
// #include <rocksdb/c.h>
import "C"

import (
	"sync"
	"unsafe"
)

// DB is an open database. Safe for concurrent use; see the package comment.
type DB struct {
	// mu is held shared by every call into the C database and exclusively by
	// Close, so Close never frees the handle under a running call.
	mu   sync.RWMutex
	c    *C.rocksdb_t
	name string
}

// Range is a key range [Start, Limit] for CompactRange; nil means unbounded.
type Range struct {
	Start []byte
	Limit []byte
}

// OpenDb opens the database at name.
func OpenDb(opts *Options, name string) (*DB, error) {
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	var cErr *C.char
	db := C.rocksdb_open(opts.c, cName, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return &DB{c: db, name: name}, nil
}

// OpenDbColumnFamilies opens the database with the named column families
// (which must include "default"); handles come back in the same order.
func OpenDbColumnFamilies(opts *Options, name string, cfNames []string, cfOpts []*Options) (*DB, []*ColumnFamilyHandle, error) {
	n := len(cfNames)
	if len(cfOpts) != n {
		return nil, nil, NewError("Invalid argument: cfNames and cfOpts differ in length")
	}
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	// Arrays handed to C must live in C memory (they would otherwise hold Go pointers).
	cNames, pNames := cArray[*C.char](n)
	defer C.free(pNames)
	cOpts, pOpts := cArray[*C.rocksdb_options_t](n)
	defer C.free(pOpts)
	cHandles, pHandles := cArray[*C.rocksdb_column_family_handle_t](n)
	defer C.free(pHandles)
	for i := range cfNames {
		cNames[i] = C.CString(cfNames[i])
		defer C.free(unsafe.Pointer(cNames[i]))
		cOpts[i] = cfOpts[i].c
		cHandles[i] = nil
	}
	var cErr *C.char
	db := C.rocksdb_open_column_families(opts.c, cName, C.int(n),
		(**C.char)(pNames), (**C.rocksdb_options_t)(pOpts), (**C.rocksdb_column_family_handle_t)(pHandles), &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, nil, err
	}
	handles := make([]*ColumnFamilyHandle, n)
	for i := range handles {
		handles[i] = &ColumnFamilyHandle{c: cHandles[i], name: cfNames[i]}
	}
	return &DB{c: db, name: name}, handles, nil
}

// cArray allocates room for n values of T in C memory (free the pointer with
// C.free) and returns it also as a Go slice for filling in.
func cArray[T any](n int) ([]T, unsafe.Pointer) {
	var zero T
	p := C.malloc(C.size_t(unsafe.Sizeof(zero)) * C.size_t(n+1))
	return unsafe.Slice((*T)(p), n), p
}

// ListColumnFamilies returns the names of the column families of the database at name.
func ListColumnFamilies(opts *Options, name string) ([]string, error) {
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	var cErr *C.char
	var n C.size_t
	cNames := C.rocksdb_list_column_families(opts.c, cName, &n, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	defer C.rocksdb_list_column_families_destroy(cNames, n)
	list := unsafe.Slice(cNames, int(n))
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = C.GoString(s)
	}
	return names, nil
}

// DestroyDb deletes the database at name.
func DestroyDb(name string, opts *Options) error {
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	var cErr *C.char
	C.rocksdb_destroy_db(opts.c, cName, &cErr)
	return errorFrom(cErr)
}

// Name returns the path the database was opened with.
func (db *DB) Name() string { return db.name }

// Close waits for calls in flight, then closes the database. Later calls
// return an error. Destroy iterators, snapshots and column family handles first.
func (db *DB) Close() {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.c != nil {
		C.rocksdb_close(db.c)
		db.c = nil
	}
}

// enter takes the shared lock and returns the live handle, or an error once closed.
func (db *DB) enter() (*C.rocksdb_t, error) {
	db.mu.RLock()
	if db.c == nil {
		db.mu.RUnlock()
		return nil, errClosed
	}
	return db.c, nil
}

func (db *DB) leave() { db.mu.RUnlock() }

// Put stores value under key.
func (db *DB) Put(opts *WriteOptions, key, value []byte) error {
	return db.PutCF(opts, nil, key, value)
}

// PutCF stores value under key in a column family (nil: the default one).
func (db *DB) PutCF(opts *WriteOptions, cf *ColumnFamilyHandle, key, value []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	if cf == nil {
		C.rocksdb_put(c, opts.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(value), C.size_t(len(value)), &cErr)
	} else {
		C.rocksdb_put_cf(c, opts.c, cf.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(value), C.size_t(len(value)), &cErr)
	}
	return errorFrom(cErr)
}

// Merge adds operand to key through the merge operator of the options the
// database was opened with (see Options.SetUint64AddMergeOperator).
func (db *DB) Merge(opts *WriteOptions, key, operand []byte) error {
	return db.MergeCF(opts, nil, key, operand)
}

// MergeCF is Merge in a column family (nil: the default one).
func (db *DB) MergeCF(opts *WriteOptions, cf *ColumnFamilyHandle, key, operand []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	if cf == nil {
		C.rocksdb_merge(c, opts.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(operand), C.size_t(len(operand)), &cErr)
	} else {
		C.rocksdb_merge_cf(c, opts.c, cf.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(operand), C.size_t(len(operand)), &cErr)
	}
	return errorFrom(cErr)
}

// Get returns the value of key as a *Slice over C memory (Free it). A missing
// key gives a Slice whose Exists() is false.
func (db *DB) Get(opts *ReadOptions, key []byte) (*Slice, error) {
	return db.GetCF(opts, nil, key)
}

// GetCF is Get in a column family (nil: the default one).
func (db *DB) GetCF(opts *ReadOptions, cf *ColumnFamilyHandle, key []byte) (*Slice, error) {
	c, err := db.enter()
	if err != nil {
		return nil, err
	}
	defer db.leave()
	var cErr *C.char
	var size C.size_t
	var value *C.char
	if cf == nil {
		value = C.rocksdb_get(c, opts.c, bytesPtr(key), C.size_t(len(key)), &size, &cErr)
	} else {
		value = C.rocksdb_get_cf(c, opts.c, cf.c, bytesPtr(key), C.size_t(len(key)), &size, &cErr)
	}
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return newSlice(value, size), nil
}

// GetBytes returns a Go copy of key's value, or nil when the key is missing.
func (db *DB) GetBytes(opts *ReadOptions, key []byte) ([]byte, error) {
	return db.GetBytesCF(opts, nil, key)
}

// GetBytesCF is GetBytes in a column family (nil: the default one).
func (db *DB) GetBytesCF(opts *ReadOptions, cf *ColumnFamilyHandle, key []byte) ([]byte, error) {
	s, err := db.GetCF(opts, cf, key)
	if err != nil {
		return nil, err
	}
	defer s.Free()
	if !s.Exists() {
		return nil, nil
	}
	return C.GoBytes(unsafe.Pointer(s.data), C.int(s.size)), nil
}

// MultiGet reads many keys in one call; missing keys give Slices that do not
// Exist. Free the slices (Slices.Destroy).
func (db *DB) MultiGet(opts *ReadOptions, keys ...[]byte) (Slices, error) {
	c, err := db.enter()
	if err != nil {
		return nil, err
	}
	defer db.leave()
	n := len(keys)
	if n == 0 {
		return Slices{}, nil
	}
	// Keys, pointers and sizes go to C in C memory: no Go pointers inside C arrays.
	total := 0
	for _, k := range keys {
		total += len(k)
	}
	buf := C.malloc(C.size_t(total + 1))
	defer C.free(buf)
	keyPtrs, p1 := cArray[*C.char](n)
	defer C.free(p1)
	keySizes, p2 := cArray[C.size_t](n)
	defer C.free(p2)
	values, p3 := cArray[*C.char](n)
	defer C.free(p3)
	valueSizes, p4 := cArray[C.size_t](n)
	defer C.free(p4)
	errs, p5 := cArray[*C.char](n)
	defer C.free(p5)
	offset := 0
	for i, k := range keys {
		p := unsafe.Add(buf, offset)
		if len(k) > 0 {
			C.memcpy(p, unsafe.Pointer(&k[0]), C.size_t(len(k)))
		}
		keyPtrs[i] = (*C.char)(p)
		keySizes[i] = C.size_t(len(k))
		values[i], errs[i], valueSizes[i] = nil, nil, 0
		offset += len(k)
	}
	C.rocksdb_multi_get(c, opts.c, C.size_t(n), &keyPtrs[0], &keySizes[0], &values[0], &valueSizes[0], &errs[0])
	out := make(Slices, n)
	var firstErr error
	for i := 0; i < n; i++ {
		if errs[i] != nil {
			if e := errorFrom(errs[i]); firstErr == nil {
				firstErr = e
			}
		}
		out[i] = newSlice(values[i], valueSizes[i])
	}
	if firstErr != nil {
		out.Destroy()
		return nil, firstErr
	}
	return out, nil
}

// Delete removes key; deleting a missing key is not an error.
func (db *DB) Delete(opts *WriteOptions, key []byte) error {
	return db.DeleteCF(opts, nil, key)
}

// DeleteCF is Delete in a column family (nil: the default one).
func (db *DB) DeleteCF(opts *WriteOptions, cf *ColumnFamilyHandle, key []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	if cf == nil {
		C.rocksdb_delete(c, opts.c, bytesPtr(key), C.size_t(len(key)), &cErr)
	} else {
		C.rocksdb_delete_cf(c, opts.c, cf.c, bytesPtr(key), C.size_t(len(key)), &cErr)
	}
	return errorFrom(cErr)
}

// SingleDelete removes a key that was put once and not overwritten.
func (db *DB) SingleDelete(opts *WriteOptions, key []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_singledelete(c, opts.c, bytesPtr(key), C.size_t(len(key)), &cErr)
	return errorFrom(cErr)
}

// Write applies a batch atomically.
func (db *DB) Write(opts *WriteOptions, batch *WriteBatch) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_write(c, opts.c, batch.c, &cErr)
	return errorFrom(cErr)
}

// NewIterator returns an iterator over the database (Close it). opts must
// stay alive, and not be destroyed, until the iterator is closed.
func (db *DB) NewIterator(opts *ReadOptions) *Iterator { return db.NewIteratorCF(opts, nil) }

// NewIteratorCF is NewIterator over a column family (nil: the default one).
// A closed database gives an iterator whose Err reports it.
func (db *DB) NewIteratorCF(opts *ReadOptions, cf *ColumnFamilyHandle) *Iterator {
	c, err := db.enter()
	if err != nil {
		return &Iterator{err: err}
	}
	defer db.leave()
	if cf == nil {
		return &Iterator{c: C.rocksdb_create_iterator(c, opts.c)}
	}
	return &Iterator{c: C.rocksdb_create_iterator_cf(c, opts.c, cf.c)}
}

// NewSnapshot returns a consistent read view; release it with ReleaseSnapshot
// or Snapshot.Destroy before closing the database.
func (db *DB) NewSnapshot() *Snapshot {
	c, err := db.enter()
	if err != nil {
		return &Snapshot{}
	}
	defer db.leave()
	return &Snapshot{c: C.rocksdb_create_snapshot(c), db: db}
}

// ReleaseSnapshot releases snap.
func (db *DB) ReleaseSnapshot(snap *Snapshot) { snap.Destroy() }

// CreateColumnFamily adds a column family.
func (db *DB) CreateColumnFamily(opts *Options, name string) (*ColumnFamilyHandle, error) {
	c, err := db.enter()
	if err != nil {
		return nil, err
	}
	defer db.leave()
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	var cErr *C.char
	h := C.rocksdb_create_column_family(c, opts.c, cName, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return &ColumnFamilyHandle{c: h, name: name}, nil
}

// DropColumnFamily drops a column family; its handle must still be Destroyed.
func (db *DB) DropColumnFamily(cf *ColumnFamilyHandle) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_drop_column_family(c, cf.c, &cErr)
	return errorFrom(cErr)
}

// Flush writes the memtables to table files.
func (db *DB) Flush(opts *FlushOptions) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_flush(c, opts.c, &cErr)
	return errorFrom(cErr)
}

// CompactRange compacts the keys in r.
func (db *DB) CompactRange(r Range) {
	c, err := db.enter()
	if err != nil {
		return
	}
	defer db.leave()
	C.rocksdb_compact_range(c, bytesPtr(r.Start), C.size_t(len(r.Start)), bytesPtr(r.Limit), C.size_t(len(r.Limit)))
}

// GetProperty returns a database property's value ("" if unknown).
func (db *DB) GetProperty(name string) string {
	c, err := db.enter()
	if err != nil {
		return ""
	}
	defer db.leave()
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	v := C.rocksdb_property_value(c, cName)
	if v == nil {
		return ""
	}
	defer C.rocksdb_free(unsafe.Pointer(v))
	return C.GoString(v)
}

// GetIntProperty returns an integer property and whether it exists.
func (db *DB) GetIntProperty(name string) (uint64, bool) {
	c, err := db.enter()
	if err != nil {
		return 0, false
	}
	defer db.leave()
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	var v C.uint64_t
	ok := C.rocksdb_property_int(c, cName, &v) == 0
	return uint64(v), ok
}

// ColumnFamilyHandle names a column family in calls; Destroy it before closing the database.
type ColumnFamilyHandle struct {
	c    *C.rocksdb_column_family_handle_t
	name string
}

// Name returns the column family's name.
func (h *ColumnFamilyHandle) Name() string { return h.name }

// Destroy frees the handle (the column family itself stays).
func (h *ColumnFamilyHandle) Destroy() {
	if h.c != nil {
		C.rocksdb_column_family_handle_destroy(h.c)
		h.c = nil
	}
}

// Snapshot is a consistent read view; use it with ReadOptions.SetSnapshot.
type Snapshot struct {
	c  *C.rocksdb_snapshot_t
	db *DB
}

// Destroy releases the snapshot.
func (s *Snapshot) Destroy() {
	if s.c == nil {
		return
	}
	c, err := s.db.enter()
	if err != nil {
		s.c = nil
		return
	}
	defer s.db.leave()
	C.rocksdb_release_snapshot(c, s.c)
	s.c = nil
}
