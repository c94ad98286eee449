package ferrock

// #include <stdlib.h>
// #include <rocksdb/c.h>
import "C"

import (
	"sync"
	"unsafe"
)

// TransactionDBOptions configures a TransactionDB (lock timeouts, ...).
type TransactionDBOptions struct {
	c *C.rocksdb_transactiondb_options_t
}

// NewDefaultTransactionDBOptions returns the default TransactionDB options.
func NewDefaultTransactionDBOptions() *TransactionDBOptions {
	return &TransactionDBOptions{c: C.rocksdb_transactiondb_options_create()}
}

// Destroy frees the C options.
func (o *TransactionDBOptions) Destroy() {
	if o.c != nil {
		C.rocksdb_transactiondb_options_destroy(o.c)
		o.c = nil
	}
}

// TransactionOptions configures one transaction.
type TransactionOptions struct {
	c *C.rocksdb_transaction_options_t
}

// NewDefaultTransactionOptions returns the default transaction options.
func NewDefaultTransactionOptions() *TransactionOptions {
	return &TransactionOptions{c: C.rocksdb_transaction_options_create()}
}

// SetLockTimeout sets how long (ms) the transaction waits for a key lock; -1 is forever.
func (o *TransactionOptions) SetLockTimeout(ms int64) {
	C.rocksdb_transaction_options_set_lock_timeout(o.c, C.int64_t(ms))
}

// Destroy frees the C options.
func (o *TransactionOptions) Destroy() {
	if o.c != nil {
		C.rocksdb_transaction_options_destroy(o.c)
		o.c = nil
	}
}

// TransactionDB is a database opened for pessimistic transactions. Safe for
// concurrent use like *DB. A library without transactions answers
// OpenTransactionDb with a NotSupported error ("Not implemented: ...").
type TransactionDB struct {
	mu sync.RWMutex
	c  *C.rocksdb_transactiondb_t
}

// OpenTransactionDb opens the database at name for transactions.
func OpenTransactionDb(opts *Options, txnDbOpts *TransactionDBOptions, name string) (*TransactionDB, error) {
	cName := C.CString(name)
	defer C.free(unsafe.Pointer(cName))
	var cErr *C.char
	db := C.rocksdb_transactiondb_open(opts.c, txnDbOpts.c, cName, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return &TransactionDB{c: db}, nil
}

func (db *TransactionDB) enter() (*C.rocksdb_transactiondb_t, error) {
	db.mu.RLock()
	if db.c == nil {
		db.mu.RUnlock()
		return nil, errClosed
	}
	return db.c, nil
}

func (db *TransactionDB) leave() { db.mu.RUnlock() }

// Close waits for calls in flight and closes the database; destroy
// transactions and iterators first.
func (db *TransactionDB) Close() {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.c != nil {
		C.rocksdb_transactiondb_close(db.c)
		db.c = nil
	}
}

// Put writes key outside any explicit transaction.
func (db *TransactionDB) Put(opts *WriteOptions, key, value []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_transactiondb_put(c, opts.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(value), C.size_t(len(value)), &cErr)
	return errorFrom(cErr)
}

// Merge adds operand to key outside any explicit transaction.
func (db *TransactionDB) Merge(opts *WriteOptions, key, operand []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_transactiondb_merge(c, opts.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(operand), C.size_t(len(operand)), &cErr)
	return errorFrom(cErr)
}

// Get reads key outside any transaction; Free the slice.
func (db *TransactionDB) Get(opts *ReadOptions, key []byte) (*Slice, error) {
	c, err := db.enter()
	if err != nil {
		return nil, err
	}
	defer db.leave()
	var cErr *C.char
	var size C.size_t
	v := C.rocksdb_transactiondb_get(c, opts.c, bytesPtr(key), C.size_t(len(key)), &size, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return newSlice(v, size), nil
}

// Delete removes key outside any explicit transaction.
func (db *TransactionDB) Delete(opts *WriteOptions, key []byte) error {
	c, err := db.enter()
	if err != nil {
		return err
	}
	defer db.leave()
	var cErr *C.char
	C.rocksdb_transactiondb_delete(c, opts.c, bytesPtr(key), C.size_t(len(key)), &cErr)
	return errorFrom(cErr)
}

// NewIterator iterates over the committed data.
func (db *TransactionDB) NewIterator(opts *ReadOptions) *Iterator {
	c, err := db.enter()
	if err != nil {
		return &Iterator{err: err}
	}
	defer db.leave()
	return &Iterator{c: C.rocksdb_transactiondb_create_iterator(c, opts.c)}
}

// TransactionBegin starts a transaction (oldTxn, if not nil, is reused).
// Destroy it after Commit or Rollback. A closed database gives nil.
func (db *TransactionDB) TransactionBegin(wo *WriteOptions, to *TransactionOptions, oldTxn *Transaction) *Transaction {
	c, err := db.enter()
	if err != nil {
		return nil
	}
	defer db.leave()
	var old *C.rocksdb_transaction_t
	if oldTxn != nil {
		old = oldTxn.c
	}
	t := C.rocksdb_transaction_begin(c, wo.c, to.c, old)
	if oldTxn != nil && t == old {
		return oldTxn
	}
	return &Transaction{c: t}
}

// Transaction is one pessimistic transaction; for one goroutine at a time.
type Transaction struct {
	c *C.rocksdb_transaction_t
}

func (t *Transaction) Put(key, value []byte) error {
	var cErr *C.char
	C.rocksdb_transaction_put(t.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(value), C.size_t(len(value)), &cErr)
	return errorFrom(cErr)
}

// Merge adds operand to key inside the transaction.
func (t *Transaction) Merge(key, operand []byte) error {
	var cErr *C.char
	C.rocksdb_transaction_merge(t.c, bytesPtr(key), C.size_t(len(key)), bytesPtr(operand), C.size_t(len(operand)), &cErr)
	return errorFrom(cErr)
}

func (t *Transaction) Delete(key []byte) error {
	var cErr *C.char
	C.rocksdb_transaction_delete(t.c, bytesPtr(key), C.size_t(len(key)), &cErr)
	return errorFrom(cErr)
}

// Get reads key as this transaction sees it (its own writes included).
func (t *Transaction) Get(opts *ReadOptions, key []byte) (*Slice, error) {
	var cErr *C.char
	var size C.size_t
	v := C.rocksdb_transaction_get(t.c, opts.c, bytesPtr(key), C.size_t(len(key)), &size, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return newSlice(v, size), nil
}

// GetForUpdate reads key and locks it (exclusively) until commit or rollback.
func (t *Transaction) GetForUpdate(opts *ReadOptions, key []byte) (*Slice, error) {
	var cErr *C.char
	var size C.size_t
	v := C.rocksdb_transaction_get_for_update(t.c, opts.c, bytesPtr(key), C.size_t(len(key)), &size, 1, &cErr)
	if err := errorFrom(cErr); err != nil {
		return nil, err
	}
	return newSlice(v, size), nil
}

// NewIterator iterates over the database merged with this transaction's writes.
func (t *Transaction) NewIterator(opts *ReadOptions) *Iterator {
	return &Iterator{c: C.rocksdb_transaction_create_iterator(t.c, opts.c)}
}

func (t *Transaction) SetSavePoint() { C.rocksdb_transaction_set_savepoint(t.c) }

func (t *Transaction) RollbackToSavePoint() error {
	var cErr *C.char
	C.rocksdb_transaction_rollback_to_savepoint(t.c, &cErr)
	return errorFrom(cErr)
}

func (t *Transaction) Commit() error {
	var cErr *C.char
	C.rocksdb_transaction_commit(t.c, &cErr)
	return errorFrom(cErr)
}

func (t *Transaction) Rollback() error {
	var cErr *C.char
	C.rocksdb_transaction_rollback(t.c, &cErr)
	return errorFrom(cErr)
}

// Destroy frees the transaction (rolling back what was not committed).
func (t *Transaction) Destroy() {
	if t.c != nil {
		C.rocksdb_transaction_destroy(t.c)
		t.c = nil
	}
}
