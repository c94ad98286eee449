package ferrock

// #include <rocksdb/c.h>
import "C"

import "unsafe"

// Slice is a value in C memory returned by Get; Free it when done.
type Slice struct {
	data  *C.char
	size  C.size_t
	freed bool
}

func newSlice(data *C.char, size C.size_t) *Slice { return &Slice{data: data, size: size} }

// Data returns the bytes without copying: valid only until Free.
func (s *Slice) Data() []byte {
	if s.data == nil {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(s.data)), int(s.size))
}

// Size returns the value's length.
func (s *Slice) Size() int { return int(s.size) }

// Exists reports whether the key had a value.
func (s *Slice) Exists() bool { return s.data != nil }

// Free releases the C memory (safe to call twice).
func (s *Slice) Free() {
	if !s.freed {
		if s.data != nil {
			C.rocksdb_free(unsafe.Pointer(s.data))
		}
		s.data, s.size, s.freed = nil, 0, true
	}
}

// Slices are the results of MultiGet.
type Slices []*Slice

// Destroy frees every slice.
func (s Slices) Destroy() {
	for _, v := range s {
		v.Free()
	}
}
