#!/usr/bin/env bash
# The install suite of `make test`: `make install` into a temporary prefix, then
# compile docs/example.c (the README's example) with `pkg-config ferrock` against
# that prefix and run it. Checks the pkg-config flags, the installed file set and
# that the program resolved libferrock.so from the prefix. Then a Go program in a
# module outside the repository builds against the installed ferrock with nothing
# but PKG_CONFIG_PATH (the binding's `#cgo pkg-config: ferrock`) and runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
MAKE=${MAKE:-make}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Go's build cache keeps, in a cgo package's archive, the link flags pkg-config gave when it was
# built, and its key does not cover PKG_CONFIG_PATH (seen: a run linked against the -L of an
# earlier run's deleted prefix), so the Go build below uses a cache of its own ($work/gocache):
# it can only link the library installed here.
prefix=$work/prefix

$MAKE --no-print-directory install PREFIX="$prefix" >/dev/null

for f in lib/libferrock.so lib/libferrock.a lib/librocksdb.so lib/librocksdb.so.7.8 \
         include/rocksdb/c.h lib/pkgconfig/ferrock.pc bin/db_bench; do
  [ -e "$prefix/$f" ] || { echo "install: $prefix/$f is missing"; exit 1; }
done

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
flags=$(echo $(pkg-config --cflags --libs ferrock))  # normalise spacing
want="-I$prefix/include -L$prefix/lib -lferrock"
if [ "$flags" != "$want" ]; then
  echo "install: pkg-config gave '$flags', expected '$want'"; exit 1
fi

cc -Wall -Werror docs/example.c $flags -o "$work/example"
resolved=$(LD_LIBRARY_PATH=$prefix/lib ldd "$work/example" | awk '/libferrock/ { print $3 }')
if [ "$resolved" != "$prefix/lib/libferrock.so" ]; then
  echo "install: example resolved libferrock to '$resolved'"; exit 1
fi
LD_LIBRARY_PATH=$prefix/lib "$work/example" "$work/db"

if command -v go >/dev/null; then
  mkdir -p "$work/goconsumer"
  cat > "$work/goconsumer/main.go" <<'GO'
package main

import (
	"fmt"
	"os"

	"github.com/ferrock/ferrock/bindings/go/ferrock"
)

func main() {
	opts := ferrock.NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	db, err := ferrock.OpenDb(opts, os.Args[1])
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	defer db.Close()
	wo := ferrock.NewDefaultWriteOptions()
	defer wo.Destroy()
	ro := ferrock.NewDefaultReadOptions()
	defer ro.Destroy()
	if err := db.Put(wo, []byte("go"), []byte("installed")); err != nil {
		panic(err)
	}
	v, err := db.GetBytes(ro, []byte("go"))
	fmt.Printf("go=%s %v\n", v, err)
}
GO
  printf 'module goconsumer\n\ngo 1.22\n\nrequire github.com/ferrock/ferrock/bindings/go v0.0.0\n\nreplace github.com/ferrock/ferrock/bindings/go => %s\n' \
    "$PWD/bindings/go" > "$work/goconsumer/go.mod"
  # This checks discovery through pkg-config itself, so cgo runs the real one even when the
  # caller keeps the system's dev packages out of reach with PKG_CONFIG=/bin/false.
  out=$(cd "$work/goconsumer" && env -u CGO_CFLAGS -u CGO_LDFLAGS GOTOOLCHAIN=local CGO_ENABLED=1 GOCACHE="$work/gocache" \
    PKG_CONFIG=pkg-config GOFLAGS=-mod=mod go build -o "$work/goconsumer/consumer" . && \
    LD_LIBRARY_PATH=$prefix/lib "$work/goconsumer/consumer" "$work/godb")
  if [ "$out" != "go=installed <nil>" ]; then
    echo "install: the Go consumer printed '$out'"; exit 1
  fi
  echo "install: a Go module outside the repository built through pkg-config and ran"
fi
echo "install: ok ($want)"
