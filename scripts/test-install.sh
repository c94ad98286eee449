#!/usr/bin/env bash
# The install suite of `make test`: `make install` into a temporary prefix, then
# compile docs/example.c (the README's example) with `pkg-config ferrock` against
# that prefix and run it. Checks the pkg-config flags, the installed file set and
# that the program resolved libferrock.so from the prefix.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
MAKE=${MAKE:-make}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
echo "install: ok ($want)"
