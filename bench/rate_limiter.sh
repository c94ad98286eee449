#!/usr/bin/env bash
# The rate limiter's real write rate, ferrock beside RocksDB (issue 16): bench/rate_limiter.c
# built against ferrock's c.h and library, Debian's RocksDB 7.8.3 (always, `make deps`) and the
# release 11.8.1 when `make rocksdb-release` has built it. For each limit (LIMITS, MiB/s; 0 = no
# limiter) the engines run one after the other on the same data (MIB MiB, WAL off, no
# compression): a timed flush and a timed full compaction, each one's bytes on disk over its
# wall time. The rate a limiter lets through should sit just under its limit for both engines.
# Usage: bench/rate_limiter.sh   (LIMITS="0 8 4", MIB=16, WORK=<dir> override)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
LIMITS=${LIMITS:-0 8 4}
MIB=${MIB:-16}
LIBDIR=$ROOT/target/release
RELEASE_LIB=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib
[ -f "$LIBDIR/libferrock.so" ] || make --no-print-directory build >/dev/null
scripts/deps.sh librocksdb-dev >/dev/null
BIN=$ROOT/target/bench
mkdir -p "$BIN"
WORK=${WORK:-$(mktemp -d)}
trap 'rm -rf "$WORK"' EXIT

gcc -O2 -Wall -Werror -I include bench/rate_limiter.c -o "$BIN/rate_limiter_ferrock" \
  -L "$LIBDIR" -Wl,-rpath,"$LIBDIR" -lferrock
gcc -O2 -Wall -Werror bench/rate_limiter.c -o "$BIN/rate_limiter_rocksdb_7_8_3" -l:librocksdb.so.7.8
engines=(ferrock rocksdb_7_8_3)
header_dir=$(ls -d "$HOME"/.cargo/registry/src/*/librocksdb-sys-0.19.0+11.8.1/rocksdb/include 2>/dev/null | head -1 || true)
if [ -f "$RELEASE_LIB/librocksdb.so" ] && [ -n "$header_dir" ]; then
  gcc -O2 -Wall -Werror -I "$header_dir" bench/rate_limiter.c -o "$BIN/rate_limiter_rocksdb_11_8_1" \
    -L "$RELEASE_LIB" -Wl,-rpath,"$RELEASE_LIB" -l:librocksdb.so
  engines+=(rocksdb_11_8_1)
else
  echo "(no release RocksDB 11.8.1 build: make rocksdb-release adds it)"
fi

echo "bench/rate_limiter.sh: $MIB MiB, limits (MiB/s): $LIMITS; $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
for limit in $LIMITS; do
  for e in "${engines[@]}"; do
    "$BIN/rate_limiter_$e" "$WORK/$e" "$e" "$limit" "$MIB"
  done
done
