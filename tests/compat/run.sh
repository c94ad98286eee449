#!/usr/bin/env bash
# Read-and-continue compatibility (make test's compat suite, issue 8). Needs ferrock's
# library (LIBDIR, default target/release, as `make build` leaves it), include/rocksdb/c.h,
# and Debian's librocksdb-dev and rocksdb-tools (make deps).
# For each configuration (see compat.c for what each writes and checks):
#  1. RocksDB 7.8.3 (compat.c built with Debian's header and -lrocksdb) writes a database.
#  2. ferrock (compat.c built with ferrock's header) opens it, verifies every key, writes
#     more, flushes, compacts every column family, verifies, and leaves a last round in
#     its WAL.
#  3. RocksDB 7.8.3 opens the directory again (replaying ferrock's WAL) and verifies all.
#  4. sst_dump --command=verify (and check) accepts every table ferrock wrote.
# RocksDB always runs in its own process, without LD_LIBRARY_PATH (so it loads Debian's
# library, never ferrock's alias). Prints `N passed, M failed`; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
LIBDIR=${LIBDIR:-$ROOT/target/release}
BIN=$ROOT/target/compat
MODES=${COMPAT_MODES-default snappy lz4 zstd zlib bzip2 bloom10 ribbon partitioned fv2 prefix cfs wal recycle twopc prepared rangedel merge comparator reverse numeric}
# Configurations ferrock must refuse with a clear "Not implemented" (never a wrong answer)
# until the feature lands; MODE:expected message.
REFUSED=${COMPAT_REFUSED-blob=blob files}
mkdir -p "$BIN"

# check, finish, rocksdb, $work: the shared harness.
source "$ROOT/tests/lib/checks.sh"


check "build compat.c against Debian's rocksdb/c.h (-lrocksdb)" \
  rocksdb gcc -O1 -Wall -Werror -I/usr/include tests/compat/compat.c -o "$BIN/compat_rocksdb" -lrocksdb
check "build compat.c against ferrock's header" \
  gcc -O1 -Wall -Werror -I "$ROOT/include" -L "$LIBDIR" -Wl,-rpath,"$LIBDIR" tests/compat/compat.c \
  -o "$BIN/compat_ferrock" -lferrock
[ "$failed" -eq 0 ] || 
finish

sst_ok() { # sst_ok FILE COMMAND: exit 0 and no corruption or error text
  local out rc=0
  out=$(rocksdb /usr/bin/sst_dump --file="$1" --command="$2" 2>&1) || rc=$?
  echo "$out" | tail -20
  [ $rc -eq 0 ] && ! grep -qiE 'corruption|assertion|error' <<<"$out"
}
wal_has_data() { # the newest log file of DIR is not empty
  local f; f=$(ls -1 "$1"/*.log 2>/dev/null | tail -1)
  [ -n "$f" ] && [ -s "$f" ] && echo "$f: $(stat -c %s "$f") bytes"
}
recyclable_wal() { # the newest log of DIR starts with a recyclable record (type byte 5..8)
  local f t; f=$(ls -1 "$1"/*.log | tail -1)
  t=$(od -An -tu1 -j6 -N1 "$f" | tr -d ' ')
  echo "$f: first record type $t"
  [ "$t" -ge 5 ] && [ "$t" -le 8 ]
}
compression_is() { # compression_is FILE NAME: the table's rocksdb.compression property
  local got
  got=$(rocksdb /usr/bin/sst_dump --file="$1" --show_properties 2>&1 | sed -n 's/^ *SST file compression algo: //p')
  echo "compression: $got"
  [ "$got" = "$2" ]
}
partitioned_tables() { # every table of DIR has a partitioned index
  local t
  for t in "$1"/*.sst; do
    rocksdb /usr/bin/sst_dump --file="$t" --show_properties 2>&1 | grep -q "# index partitions: [1-9]" \
      || { echo "$t: not a partitioned index"; return 1; }
  done
}

for mode in $MODES; do
  db=$work/$mode
  check "[$mode] RocksDB 7.8.3 writes the database" rocksdb "$BIN/compat_rocksdb" write "$db" "$mode"
  [ -d "$db" ] || continue
  ls -1 "$db" | grep '\.sst$' | sort > "$work/$mode.rocksdb-tables"
  if [ "$mode" = twopc ] || [ "$mode" = prepared ]; then
    check "[$mode] RocksDB left everything in a non-empty WAL" wal_has_data "$db"
  else
    check "[$mode] RocksDB wrote tables ($(wc -l < "$work/$mode.rocksdb-tables"))" test -s "$work/$mode.rocksdb-tables"
  fi
  [ "$mode" = wal ] || [ "$mode" = recycle ] && check "[$mode] RocksDB left its last rounds in a non-empty WAL" wal_has_data "$db"
  [ "$mode" = recycle ] && check "[$mode] the WAL uses recyclable records" recyclable_wal "$db"
  [ "$mode" = partitioned ] && check "[$mode] RocksDB's tables have partitioned indexes" partitioned_tables "$db"
  check "[$mode] ferrock opens it, verifies every key, writes, flushes, compacts, verifies again" \
    "$BIN/compat_ferrock" continue "$db" "$mode"
  ls -1 "$db" | grep '\.sst$' | sort > "$work/$mode.all-tables"
  comm -13 "$work/$mode.rocksdb-tables" "$work/$mode.all-tables" > "$work/$mode.ferrock-tables"
  check "[$mode] ferrock wrote tables ($(wc -l < "$work/$mode.ferrock-tables"))" test -s "$work/$mode.ferrock-tables"
  check "[$mode] ferrock left its last round in a non-empty WAL" wal_has_data "$db"
  case $mode in
    snappy) codec=Snappy ;; lz4) codec=LZ4 ;; zstd) codec=ZSTD ;; zlib) codec=Zlib ;; bzip2) codec=BZip2 ;; *) codec= ;;
  esac
  # Debian's sst_dump cannot load a user comparator (it asserts on RocksDB's own tables of
  # these modes too): their tables are checked by RocksDB's reads below instead.
  case $mode in comparator|reverse|numeric) : > "$work/$mode.ferrock-tables" ;; esac
  while read -r t; do
    [ -n "$codec" ] && check "[$mode] ferrock wrote $t with $codec" compression_is "$db/$t" "$codec"
    check "[$mode] sst_dump --command=verify accepts ferrock's $t" sst_ok "$db/$t" verify
    check "[$mode] sst_dump --command=check accepts ferrock's $t" sst_ok "$db/$t" check
  done < "$work/$mode.ferrock-tables"
  check "[$mode] RocksDB 7.8.3 reopens it (replaying ferrock's WAL) and verifies every key" \
    rocksdb "$BIN/compat_rocksdb" verify "$db" "$mode"
  rm -rf "$db"
done

# The user-comparator modes the other way round too: ferrock creates the database with the
# comparator, RocksDB 7.8.3 opens it with the same one, verifies every key, writes, flushes
# and compacts, and ferrock reopens it (replaying RocksDB's WAL) and verifies every key.
for mode in ${COMPAT_SWAPPED_MODES-comparator reverse numeric}; do
  db=$work/swapped-$mode
  check "[$mode, swapped] ferrock writes the database" "$BIN/compat_ferrock" write "$db" "$mode"
  [ -d "$db" ] || continue
  check "[$mode, swapped] RocksDB 7.8.3 opens it, verifies every key, writes, flushes, compacts, verifies again" \
    rocksdb "$BIN/compat_rocksdb" continue "$db" "$mode"
  check "[$mode, swapped] ferrock reopens it (replaying RocksDB's WAL) and verifies every key" \
    "$BIN/compat_ferrock" verify "$db" "$mode"
  rm -rf "$db"
done

refused() { # refused MESSAGE COMMAND...: the command fails and says "Not implemented: MESSAGE"
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
  check "[$mode] RocksDB 7.8.3 writes the database" rocksdb "$BIN/compat_rocksdb" write "$db" "$mode"
  [ -d "$db" ] || continue
  check "[$mode] ferrock refuses it: Not implemented: $msg" refused "$msg" "$BIN/compat_ferrock" continue "$db" "$mode"
  # (A plain RocksDB open of a 2PC WAL aborts on an assertion in Debian's build.)
  [ "$mode" = prepared ] || \
    check "[$mode] RocksDB 7.8.3 still reads everything it wrote" rocksdb "$BIN/compat_rocksdb" verify2 "$db" "$mode"
  rm -rf "$db"
done

finish
