//go:build ferrock_no_pkgconfig

package ferrock

// Plain -lferrock; CGO_CFLAGS / CGO_LDFLAGS say where (see ferrock.go).

// #cgo LDFLAGS: -lferrock
import "C"
