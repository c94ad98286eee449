#!/usr/bin/env bash
# TTL databases (RocksDB's DBWithTTL format) between ferrock and the release RocksDB 11.8.1
# (issue 16): tests/interop/ttl.c, which `make test` runs against Debian's 7.8.3, built
# against RocksDB 11.8.1's c.h and its release library. Each engine writes a TTL database
# (a day's TTL, deletions, a flushed part and a part left in the WAL); the other opens it
# with TTL and reads every key, value and the iteration, then without TTL and finds each
# value followed by its 4-byte write time. Not part of `make test` (it needs `make
# rocksdb-release`); skips, saying so, without that library. Part of `make compat-release`.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
LIBDIR=${LIBDIR:-$ROOT/target/release}
source "$ROOT/tests/lib/release.sh"
[ -f "$LIBDIR/libferrock.so" ] || { echo "no $LIBDIR/libferrock.so: run make build first"; exit 1; }
BIN=$ROOT/target/compat
mkdir -p "$BIN"
source "$ROOT/tests/lib/checks.sh"

check "build ttl.c against RocksDB 11.8.1's c.h and its release library" \
  rocksdb gcc -O1 -Wall -Werror -I "$header_dir" tests/interop/ttl.c -o "$BIN/ttl_rocksdb_11_8_1" \
  -L "$RELEASE_LIB" -l:librocksdb.so -Wl,-rpath,"$RELEASE_LIB"
check "build ttl.c against ferrock's header" \
  gcc -O1 -Wall -Werror -I "$ROOT/include" -L "$LIBDIR" -Wl,-rpath,"$LIBDIR" tests/interop/ttl.c \
  -o "$BIN/ttl_ferrock" -lferrock
[ "$failed" -eq 0 ] || finish

for pair in "ferrock rocksdb_11_8_1" "rocksdb_11_8_1 ferrock"; do
  set -- $pair
  t=$work/ttl-$1
  check "[ttl] $1 writes a TTL database" rocksdb "$BIN/ttl_$1" write "$t"
  check "[ttl] $2 opens it with TTL and reads every key and value" rocksdb "$BIN/ttl_$2" read "$t"
  check "[ttl] $2 opens it without TTL: each value ends in its write time" rocksdb "$BIN/ttl_$2" raw "$t"
done
finish
