#!/usr/bin/env bash
# Read-and-continue compatibility with tables in format_version 6 and 7, which Debian's
# RocksDB 7.8.3 cannot write: RocksDB 11.8.1's release build writes them (issue 8).
# Not part of `make test`: CI has no RocksDB 11.8.1 build (`make rocksdb-release` takes
# about 40 minutes). Skips, saying so, when that library is missing.
#
# The same compat.c as tests/compat/run.sh, built against RocksDB 11.8.1's c.h and its
# library, is the writer and the final verifier. For each format_version in FORMATS and
# each configuration in MODES:
#  1. RocksDB 11.8.1 writes the database (COMPAT_FORMAT_VERSION=N: its tables in format N);
#  2. its tables' footers say format_version N;
#  3. ferrock opens it, verifies every key, writes more, flushes, compacts, verifies, and
#     leaves a last round in its WAL;
#  4. RocksDB 11.8.1 reopens the directory (replaying ferrock's WAL) and verifies every key.
# Then the configuration ferrock must refuse (blob files) still says
# "Not implemented: ...". Prints `N passed, M failed`; exits non-zero on failure.
#
# Needs ferrock's library (LIBDIR, default target/release: `make build`).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
LIBDIR=${LIBDIR:-$ROOT/target/release}
FORMATS=${FORMATS:-6 7}
# fv2 is left out: it sets its own format_version.
MODES=${COMPAT_MODES-default snappy lz4 zstd bloom10 ribbon partitioned prefix cfs wal recycle rangedel merge twopc comparator reverse numeric}
REFUSED=${COMPAT_REFUSED-blob=blob files}

source "$ROOT/tests/lib/release.sh"
if [ ! -f "$LIBDIR/libferrock.so" ]; then
  echo "no $LIBDIR/libferrock.so: run make build first"
  exit 1
fi

BIN=$ROOT/target/compat
mkdir -p "$BIN"
# check, finish, rocksdb, $work: the shared harness.
source "$ROOT/tests/lib/checks.sh"


check "build compat.c against RocksDB 11.8.1's c.h and its release library" \
  rocksdb gcc -O1 -Wall -Werror -I "$header_dir" tests/compat/compat.c -o "$BIN/compat_rocksdb_11_8_1" \
  -L "$RELEASE_LIB" -l:librocksdb.so -Wl,-rpath,"$RELEASE_LIB"
check "build compat.c against ferrock's header" \
  gcc -O1 -Wall -Werror -I "$ROOT/include" -L "$LIBDIR" -Wl,-rpath,"$LIBDIR" tests/compat/compat.c \
  -o "$BIN/compat_ferrock" -lferrock
[ "$failed" -eq 0 ] || finish

footer_format_version() { # the format_version in an SST's footer (4 bytes before the magic)
  local size; size=$(stat -c %s "$1")
  od -An -tu4 -j $((size - 12)) -N4 "$1" | tr -d ' '
}
tables_have_format() { # tables_have_format DIR N: every table RocksDB wrote is in format N
  local t n=0 fv
  for t in "$1"/*.sst; do
    [ -e "$t" ] || continue
    fv=$(footer_format_version "$t"); n=$((n + 1))
    echo "$(basename "$t"): format_version $fv"
    [ "$fv" = "$2" ] || return 1
  done
  [ "$n" -gt 0 ] || [ "$3" = twopc ]
}

for fv in $FORMATS; do
  for mode in $MODES; do
    db=$work/fv$fv-$mode
    check "[fv$fv $mode] RocksDB 11.8.1 writes the database" \
      rocksdb env COMPAT_FORMAT_VERSION="$fv" "$BIN/compat_rocksdb_11_8_1" write "$db" "$mode"
    [ -d "$db" ] || continue
    check "[fv$fv $mode] RocksDB 11.8.1's tables are in format_version $fv" tables_have_format "$db" "$fv" "$mode"
    before=$failed
    check "[fv$fv $mode] ferrock opens it, verifies every key, writes, flushes, compacts, verifies again" \
      "$BIN/compat_ferrock" continue "$db" "$mode"
    # (Without ferrock's rounds there is nothing more to verify.)
    [ "$failed" -eq "$before" ] && check "[fv$fv $mode] RocksDB 11.8.1 reopens it (replaying ferrock's WAL) and verifies every key" \
      rocksdb "$BIN/compat_rocksdb_11_8_1" verify "$db" "$mode"
    rm -rf "$db"
  done
done

# The user-comparator modes the other way round: ferrock creates the database with the
# comparator, RocksDB 11.8.1 continues with the same one, ferrock verifies every key.
for mode in ${COMPAT_SWAPPED_MODES-comparator reverse numeric}; do
  db=$work/swapped-$mode
  check "[$mode, swapped] ferrock writes the database" "$BIN/compat_ferrock" write "$db" "$mode"
  [ -d "$db" ] || continue
  check "[$mode, swapped] RocksDB 11.8.1 opens it, verifies every key, writes, flushes, compacts, verifies again" \
    rocksdb "$BIN/compat_rocksdb_11_8_1" continue "$db" "$mode"
  check "[$mode, swapped] ferrock reopens it (replaying RocksDB's WAL) and verifies every key" \
    "$BIN/compat_ferrock" verify "$db" "$mode"
  rm -rf "$db"
done

refused() {
  local msg=$1; shift
  local out rc=0
  out=$("$@" 2>&1) || rc=$?
  echo "$out" | head -5
  [ $rc -ne 0 ] && grep -qi "Not implemented: $msg" <<<"$out"
}
IFS=';' read -r -a refused_list <<<"$REFUSED"
for entry in "${refused_list[@]}"; do
  mode=${entry%%=*}; msg=${entry#*=}
  db=$work/$mode
  check "[$mode] RocksDB 11.8.1 writes the database" rocksdb "$BIN/compat_rocksdb_11_8_1" write "$db" "$mode"
  [ -d "$db" ] || continue
  check "[$mode] ferrock refuses it: Not implemented: $msg" refused "$msg" "$BIN/compat_ferrock" continue "$db" "$mode"
  check "[$mode] RocksDB 11.8.1 still reads everything it wrote" rocksdb "$BIN/compat_rocksdb_11_8_1" verify2 "$db" "$mode"
  rm -rf "$db"
done

finish
