#!/usr/bin/env bash
# RocksDB's own C API test, db/c_test.c of RocksDB 11.8.1, unchanged, against ferrock (issue 13).
#
# The source comes from the librocksdb-sys 0.19.0+11.8.1 crate, which `cargo fetch` in
# tools/rocksdb-src brings into cargo's registry; cargo itself says where it unpacked it
# (cargo metadata), so no registry path is written here. Nothing of RocksDB's is copied or
# patched: the file is compiled where cargo put it, with RocksDB's include/ (its c.h) and the
# crate's rocksdb/ root (for c_api_gen/c_generated_roundtrip_tests.c.inc), and linked with
# -lrocksdb against target/release, where `make build` makes librocksdb.so an alias of
# libferrock.so: the name a RocksDB program links against.
#
# c_test aborts at its first failure and prints "=== Test <phase>" as each of its phases starts.
# The suite prints the last phase reached and compares it with the record in
# capi-tests/c_test_progress (one phase name, or PASS once c_test passes whole): it fails when
# the run stops at an earlier phase than the record (progress only moves forward), and says so
# when the run got further, so the record can be raised in the same change.
#
# Needs ferrock's library and its aliases (LIBDIR, default target/release: `make build`).
# CTEST_TIMEOUT (seconds, default 1200) bounds a run that hangs.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
LIBDIR=${LIBDIR:-$ROOT/target/release}
RECORD_FILE=$ROOT/capi-tests/c_test_progress
BIN=$ROOT/target/ctest
CTEST_TIMEOUT=${CTEST_TIMEOUT:-1200}

if [ ! -e "$LIBDIR/librocksdb.so" ]; then
  echo "no $LIBDIR/librocksdb.so (ferrock's alias): run make build first"
  exit 1
fi

# The crate's directory, as cargo resolves it for tools/rocksdb-src.
manifest=$ROOT/tools/rocksdb-src/Cargo.toml
cargo fetch -q --manifest-path "$manifest" || { echo "cargo fetch of librocksdb-sys failed"; exit 1; }
crate_dir=$(cargo metadata -q --format-version 1 --manifest-path "$manifest" | python3 -c '
import json, os, sys
meta = json.load(sys.stdin)
for p in meta["packages"]:
    if p["name"] == "librocksdb-sys":
        print(os.path.dirname(p["manifest_path"]))
        break
')
R=$crate_dir/rocksdb
if [ -z "$crate_dir" ] || [ ! -f "$R/db/c_test.c" ]; then
  echo "RocksDB's db/c_test.c not found in the librocksdb-sys crate (cargo said: '${crate_dir}')"
  exit 1
fi
echo "c_test.c: $R/db/c_test.c"

# The phases in the order c_test runs them, from the source itself.
mapfile -t phases < <(grep -o 'StartPhase("[^"]*")' "$R/db/c_test.c" | sed 's/StartPhase("\(.*\)")/\1/')
phases+=(PASS)
phase_index() {
  local i
  for i in "${!phases[@]}"; do
    if [ "${phases[$i]}" = "$1" ]; then echo "$i"; return 0; fi
  done
  echo -1
}

record=$(tr -d ' \t\r\n' < "$RECORD_FILE" 2>/dev/null)
record_at=$(phase_index "$record")
if [ "$record_at" -lt 0 ]; then
  echo "capi-tests/c_test_progress names '$record', which is not a phase of c_test.c (nor PASS)"
  exit 1
fi

mkdir -p "$BIN"
# -lrocksdb finds the alias first (-L before the system directories), never Debian's librocksdb.
if ! gcc -O1 -g -I"$R/include" -I"$R" "$R/db/c_test.c" -o "$BIN/c_test" \
    -L"$LIBDIR" -lrocksdb -Wl,-rpath,"$LIBDIR" -lpthread > "$BIN/build.log" 2>&1; then
  sed -n '1,60p' "$BIN/build.log"
  echo "c_test.c did not build against ferrock (it names functions ferrock does not export?)"
  echo "last phase reached: none (record: $record); $(( ${#phases[@]} - 1 )) phases"
  exit 1
fi
lib=$(env -u LD_LIBRARY_PATH ldd "$BIN/c_test" | awk '/librocksdb|libferrock/ { print $1 " => " $3 }')
echo "linked: $lib"

run_dir=$(mktemp -d)
trap 'rm -rf "$run_dir"' EXIT
# In a group, so the shell's own "Aborted" report of the abort lands in the log too.
{ (cd "$run_dir" && TEST_TMPDIR=$run_dir env -u LD_LIBRARY_PATH timeout "$CTEST_TIMEOUT" "$BIN/c_test"); rc=$?; } > "$BIN/run.log" 2>&1

reached=$(sed -n 's/^=== Test //p' "$BIN/run.log" | tail -1)
if [ $rc -eq 0 ] && tail -1 "$BIN/run.log" | grep -qx PASS; then
  reached=PASS
fi
reached_at=$(phase_index "${reached:-none}")
total=$(( ${#phases[@]} - 1 ))

if [ "$reached" = PASS ]; then
  echo "c_test passed: all $total phases"
else
  echo "c_test stopped (exit $rc) in phase '${reached:-none}' ($((reached_at + 1)) of $total); its last lines:"
  grep -v '^=== Test ' "$BIN/run.log" | tail -5 | sed 's/^/    /'
  [ $rc -eq 124 ] && echo "    (timed out after $CTEST_TIMEOUT s)"
fi
echo "last phase reached: ${reached:-none} (record: $record)"

if [ "$reached_at" -lt "$record_at" ]; then
  echo "FAILED: c_test got less far than the record in capi-tests/c_test_progress ($record)"
  exit 1
fi
if [ "$reached_at" -gt "$record_at" ]; then
  echo "progress: c_test now reaches '$reached', past the record '$record': raise capi-tests/c_test_progress"
fi
exit 0
