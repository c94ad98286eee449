// Package ferrock is a Go binding (cgo) over ferrock's RocksDB-compatible C
// API, rocksdb/c.h (RocksDB 11.8.1 names and signatures), shaped like
// grocksdb: OpenDb, NewDefaultOptions, db.Put/Get/Delete/Write, *Slice,
// iterators, snapshots, write batches and column families.
//
// Memory: every value holding C memory has Destroy (or Free for *Slice, Close
// for *DB and *Iterator); call it when done. Getting a value as []byte with
// GetBytes copies it into Go memory and needs no Free.
//
// Concurrency: a *DB is safe for use from many goroutines (Close waits for
// calls in flight and makes later calls return an error). Iterators, write
// batches and option objects are for one goroutine at a time. Destroy
// iterators and release snapshots before closing the database.
//
// Linking: cgo asks pkg-config for ferrock (cgo_pkgconfig.go), so an installed
// ferrock (`make install`, which writes ferrock.pc) is found without CGO_*
// variables; set PKG_CONFIG_PATH for one installed elsewhere. Built with the tag
// ferrock_no_pkgconfig the package links plain -lferrock and takes its paths
// from CGO_CFLAGS / CGO_LDFLAGS instead (how the tests link a RocksDB build).
package ferrock

// #include <stdlib.h>
// #include <rocksdb/c.h>
import "C"

import (
	"strings"
	"unsafe"
)

// Code is RocksDB's Status code, recovered from the status text's prefix.
type Code int

// Status codes, in rocksdb::Status order.
const (
	CodeUnknown Code = iota
	CodeNotFound
	CodeCorruption
	CodeNotSupported
	CodeInvalidArgument
	CodeIOError
	CodeMergeInProgress
	CodeIncomplete
	CodeShutdownInProgress
	CodeTimedOut
	CodeAborted
	CodeBusy
	CodeExpired
	CodeTryAgain
)

// Prefixes as rocksdb::Status::ToString() renders them.
var statusPrefixes = []struct {
	prefix string
	code   Code
}{
	{"NotFound", CodeNotFound},
	{"Corruption", CodeCorruption},
	{"Not implemented", CodeNotSupported},
	{"Invalid argument", CodeInvalidArgument},
	{"IO error", CodeIOError},
	{"Merge in progress", CodeMergeInProgress},
	{"Result incomplete", CodeIncomplete},
	{"Shutdown in progress", CodeShutdownInProgress},
	{"Operation timed out", CodeTimedOut},
	{"Operation aborted", CodeAborted},
	{"Resource busy", CodeBusy},
	{"Operation expired", CodeExpired},
	{"Operation failed. Try again.", CodeTryAgain},
}

// Error is a failure reported by the database. Error() is RocksDB's status
// text unchanged, e.g. "Corruption: block checksum mismatch".
type Error struct {
	Code Code
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// NewError builds an *Error from a RocksDB status text.
func NewError(statusText string) *Error {
	for _, p := range statusPrefixes {
		if statusText == p.prefix || strings.HasPrefix(statusText, p.prefix+": ") {
			return &Error{Code: p.code, Msg: statusText}
		}
	}
	return &Error{Code: CodeUnknown, Msg: statusText}
}

// IsCode reports whether err is an *Error with the given code.
func IsCode(err error, code Code) bool {
	e, ok := err.(*Error)
	return ok && e.Code == code
}

// errorFrom turns a C errptr result into an error, freeing the C string.
func errorFrom(cErr *C.char) error {
	if cErr == nil {
		return nil
	}
	text := C.GoString(cErr)
	C.rocksdb_free(unsafe.Pointer(cErr))
	return NewError(text)
}

var errClosed = &Error{Code: CodeInvalidArgument, Msg: "Invalid argument: database is closed"}

// bytesPtr points C at a Go slice's bytes for the duration of one call (C
// must not keep the pointer). Empty slices give NULL, which C pairs with a
// zero length.
func bytesPtr(b []byte) *C.char {
	if len(b) == 0 {
		return nil
	}
	return (*C.char)(unsafe.Pointer(&b[0]))
}

func boolToChar(b bool) C.uchar {
	if b {
		return 1
	}
	return 0
}
