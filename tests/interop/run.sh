#!/usr/bin/env bash
# Interop and crash tests (make test's interop suite). Needs `make build` (ferrock's
# library and its librocksdb.so.7.8 alias in target/release), include/rocksdb/c.h, and
# Debian's librocksdb-dev and rocksdb-tools (make deps).
#  1. writer.c (ferrock's header, ferrock's library) writes databases with default
#     options, with rocksdb_no_compression and with LZ4 + a 10-bit bloom filter.
#  2. RocksDB 7.8.3 accepts them: sst_dump check and scan on every table, ldb scan lists
#     exactly the expected keys and values, and reader.c built against Debian's header
#     and library reads every expected key, finds deleted keys absent, and iterates
#     exactly the expected keys. RocksDB always runs in its own process (it aborts on
#     failed assertions, rocksdb-formats.md 9.7).
#  3. kill -9: crash_writer.c does sync=1 puts and prints each acknowledged key; it is
#     killed with SIGKILL once N keys are printed (we wait on its output, never sleep);
#     ferrock reopens and every acknowledged key is there; RocksDB 7.8.3 recovers it too.
#  4. The Debian-built reader runs unchanged on ferrock with only LD_LIBRARY_PATH set
#     (ldd proves it resolved ferrock's alias).
#  5. db_paths.c and ttl.c, each built for both engines: a database with two db_paths and a
#     TTL database (RocksDB's DBWithTTL format) written by each engine are read by the other.
#  6. Query traces: RocksDB 7.8.3's Replayer (trace_rocksdb.cc, its C++ API) decodes and
#     replays a trace ferrock wrote (trace.c), and ferrock replays one RocksDB wrote.
# Prints `N passed, M failed`; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
LIBDIR=$ROOT/target/release
BIN=$ROOT/target/interop
CRASH_KEYS=${CRASH_KEYS:-1000}
mkdir -p "$BIN"

# check, finish, rocksdb, $work: the shared harness.
source "$ROOT/tests/lib/checks.sh"

# --- build ------------------------------------------------------------------------
ours=(-O1 -Wall -Werror -I "$ROOT/include" -L "$LIBDIR" -Wl,-rpath,"$LIBDIR")
check "build writer.c against ferrock's header" gcc "${ours[@]}" tests/interop/writer.c -o "$BIN/writer" -lferrock
check "build crash_writer.c against ferrock's header" gcc "${ours[@]}" tests/interop/crash_writer.c -o "$BIN/crash_writer" -lferrock
check "build reader.c against ferrock's header" gcc "${ours[@]}" tests/interop/reader.c -o "$BIN/reader_ferrock" -lferrock
# Debian's header and library only: this binary is the one that later runs on ferrock unchanged.
check "build reader.c against Debian's rocksdb/c.h (-lrocksdb)" gcc -O1 -Wall -Werror -I/usr/include tests/interop/reader.c -o "$BIN/reader_rocksdb" -lrocksdb
check "build writer.c against Debian's rocksdb/c.h (-lrocksdb)" gcc -O1 -Wall -Werror -I/usr/include tests/interop/writer.c -o "$BIN/writer_rocksdb" -lrocksdb
for prog in db_paths ttl; do
  check "build $prog.c against ferrock's header" gcc "${ours[@]}" tests/interop/$prog.c -o "$BIN/${prog}_ferrock" -lferrock
  check "build $prog.c against Debian's rocksdb/c.h (-lrocksdb)" gcc -O1 -Wall -Werror -I/usr/include tests/interop/$prog.c -o "$BIN/${prog}_rocksdb" -lrocksdb
done
check "build trace.c against ferrock's header" gcc "${ours[@]}" tests/interop/trace.c -o "$BIN/trace_ferrock" -lferrock
check "build trace_rocksdb.cc against Debian's RocksDB (C++, -lrocksdb)" g++ -O1 -Wall -Werror -I/usr/include tests/interop/trace_rocksdb.cc -o "$BIN/trace_rocksdb" -lrocksdb
[ "$failed" -eq 0 ] || finish

# --- 1 and 2: ferrock writes, RocksDB 7.8.3 reads -----------------------------------
sst_ok() { # sst_ok FILE COMMAND: exit 0 and no corruption or assertion text
  local out rc=0
  out=$(/usr/bin/sst_dump --file="$1" --command="$2" 2>&1) || rc=$?
  echo "$out" | tail -20
  [ $rc -eq 0 ] && ! grep -qiE 'corruption|assertion|error' <<<"$out"
}
ldb_scan_matches() { # ldb_scan_matches DIR EXPECTED
  /usr/bin/ldb --db="$1" scan > "$work/ldb.out" 2> "$work/ldb.err" || { cat "$work/ldb.err"; return 1; }
  sed 's/ : / /' "$work/ldb.out" | diff -u "$2" - | head -20
  [ "${PIPESTATUS[1]}" -eq 0 ]
}
alias_resolves() { # the Debian-built binary finds ferrock's alias through LD_LIBRARY_PATH only
  readelf -d "$BIN/reader_rocksdb" | grep -q 'NEEDED.*\[librocksdb\.so\.7\.8\]' || { echo "not NEEDED librocksdb.so.7.8"; return 1; }
  local got; got=$(LD_LIBRARY_PATH=$LIBDIR ldd "$BIN/reader_rocksdb" | awk '/librocksdb/ { print $3 }')
  echo "librocksdb resolved to $got -> $(readlink -f "$got")"
  [ "$(readlink -f "$got")" = "$LIBDIR/libferrock.so" ]
}

for mode in default none lz4bloom; do
  db=$work/$mode
  check "[$mode] ferrock writes the database" "$BIN/writer" "$db" "$mode"
  [ -f "$db.expected" ] || continue
  tables=("$db"/*.sst)
  check "[$mode] several tables exist (${#tables[@]})" test "${#tables[@]}" -ge 2 -a -f "${tables[0]}"
  for t in "${tables[@]}"; do
    [ -f "$t" ] || continue
    check "[$mode] sst_dump --command=check $(basename "$t")" sst_ok "$t" check
    check "[$mode] sst_dump --command=scan $(basename "$t")" sst_ok "$t" scan
  done
  check "[$mode] ldb scan lists exactly the expected keys and values" ldb_scan_matches "$db" "$db.expected"
  # Each reader gets its own copy: a read-write open may change the directory.
  cp -a "$db" "$db-rocksdb"; cp -a "$db" "$db-alias"
  check "[$mode] RocksDB 7.8.3 (Debian's librocksdb) reads every key, deleted keys absent" \
    "$BIN/reader_rocksdb" "$db-rocksdb" "$db.expected" "$db.deleted"
  check "[$mode] ferrock reopens and reads every key, deleted keys absent" \
    "$BIN/reader_ferrock" "$db" "$db.expected" "$db.deleted"
  check "[$mode] the Debian-built reader runs unchanged on ferrock (LD_LIBRARY_PATH only)" \
    env LD_LIBRARY_PATH="$LIBDIR" "$BIN/reader_rocksdb" "$db-alias" "$db.expected" "$db.deleted"
done

# --- the other direction: RocksDB 7.8.3 writes, ferrock reads ----------------------
# (With codecs ferrock reads: RocksDB's default, Snappy, is not one of them.)
for mode in none lz4bloom; do
  db=$work/from-rocksdb-$mode
  check "[$mode] RocksDB 7.8.3 writes a database" "$BIN/writer_rocksdb" "$db" "$mode"
  [ -f "$db.expected" ] || continue
  check "[$mode] ferrock opens RocksDB's database and reads every key, deleted keys absent" \
    "$BIN/reader_ferrock" "$db" "$db.expected" "$db.deleted"
done

# --- db_paths and TTL databases, each engine reading the other's ----------------------
# db_paths: two paths, compaction outputs in the second (the MANIFEST's path ids).
# TTL: RocksDB's DBWithTTL value format (4-byte write time after each value).
for pair in "ferrock rocksdb" "rocksdb ferrock"; do
  set -- $pair
  d=$work/dbpaths-$1; mkdir -p "$d"
  check "[db_paths] $1 writes a database with two db_paths" "$BIN/db_paths_$1" write "$d/db" "$d/p0" "$d/p1"
  check "[db_paths] $2 opens it with the same db_paths and reads every key" "$BIN/db_paths_$2" read "$d/db" "$d/p0" "$d/p1"
  t=$work/ttl-$1
  check "[ttl] $1 writes a TTL database" "$BIN/ttl_$1" write "$t"
  check "[ttl] $2 opens it with TTL and reads every key and value" "$BIN/ttl_$2" read "$t"
  check "[ttl] $2 opens it without TTL: each value ends in its write time" "$BIN/ttl_$2" raw "$t"
done

# --- 6: query traces, each engine replaying the other's ------------------------------
check "[trace] ferrock traces a write, a get, two seeks and a MultiGet" "$BIN/trace_ferrock" write "$work/trace-f" "$work/f.trace"
check "[trace] RocksDB 7.8.3's Replayer decodes each record and replays it" rocksdb "$BIN/trace_rocksdb" replay "$work/trace-fr" "$work/f.trace"
check "[trace] RocksDB 7.8.3 traces its own operations" rocksdb "$BIN/trace_rocksdb" write "$work/trace-r" "$work/r.trace"
check "[trace] ferrock replays RocksDB's trace" "$BIN/trace_ferrock" replay "$work/trace-rf" "$work/r.trace"

# --- 4: the alias ------------------------------------------------------------------
check "ldd: the Debian-built reader resolves librocksdb.so.7.8 to ferrock with LD_LIBRARY_PATH" alias_resolves

# --- 3: kill -9 --------------------------------------------------------------------
# Several rounds on one database: each round recovers what the previous crash left,
# writes new keys and is killed again. Acknowledged keys accumulate in $work/acked.
CRASH_ROUNDS=${CRASH_ROUNDS:-3}
: > "$work/acked"
crash_round() { # crash_round DB START: kill after CRASH_KEYS more acknowledged keys
  local db=$1 start=$2 fifo=$work/crash.fifo n=0 line pid
  rm -f "$fifo"; mkfifo "$fifo"
  "$BIN/crash_writer" "$db" "$start" > "$fifo" 2> "$work/crash.err" &
  pid=$!
  exec 3< "$fifo"
  # The timeout only guards against a hung writer; progress is driven by its output.
  while [ $n -lt "$CRASH_KEYS" ] && IFS= read -r -t 300 line <&3; do
    echo "$line" >> "$work/acked"; n=$((n + 1))
  done
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  # Lines already in the pipe were acknowledged too: keep them (a cut last line is not).
  while IFS= read -r line <&3; do echo "$line" >> "$work/acked"; done
  exec 3<&-
  echo "$(wc -l < "$work/acked") keys acknowledged so far"
  cat "$work/crash.err"
  [ $n -ge "$CRASH_KEYS" ]
}
for ((round = 1; round <= CRASH_ROUNDS; round++)); do
  check "kill -9 round $round: SIGKILL the sync=1 writer after $CRASH_KEYS more acknowledged keys" \
    crash_round "$work/crash" "$(wc -l < "$work/acked")"
  [ -s "$work/acked" ] || break
  if [ $round -eq $CRASH_ROUNDS ]; then cp -a "$work/crash" "$work/crash-rocksdb"; fi
  check "kill -9 round $round: ferrock reopens with every acknowledged key" \
    "$BIN/reader_ferrock" "$work/crash" "$work/acked" --allow-extra
done
if [ -d "$work/crash-rocksdb" ]; then
  check "kill -9: RocksDB 7.8.3 recovers ferrock's crashed database with every acknowledged key" \
    "$BIN/reader_rocksdb" "$work/crash-rocksdb" "$work/acked" --allow-extra
fi

finish
