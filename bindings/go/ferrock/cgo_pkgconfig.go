//go:build !ferrock_no_pkgconfig

package ferrock

// The library and header found through pkg-config's ferrock.pc (see ferrock.go).

// #cgo pkg-config: ferrock
import "C"
