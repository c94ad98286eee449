#!/usr/bin/env bash
# Per-call overhead of each binding over C, measured side by side in one run:
# N puts then N gets of the same 16-byte keys (32-byte values, default
# options, WAL on, no sync) through c.h directly, then through the C++, Go and
# Python bindings, each into a fresh database, all against the same library.
# ROUNDS rounds, each running every program once; the best round of each
# program is kept (the machine is shared). Prints a Markdown table: ops/s and binding/C ratio.
# Not run by `make test`.
#
#   bindings/bench.sh [N]            (default N=200000; ROUNDS=4, LIBDIR=target/release)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${1:-200000}
ROUNDS=${ROUNDS:-4}
LIBDIR=$(cd "${LIBDIR:-$ROOT/target/release}" && pwd)
LIB=$LIBDIR/libferrock.so
[ -f "$LIB" ] || { echo "no $LIB (build it: cargo build --release --lib)" >&2; exit 1; }
INCLUDE=$ROOT/include
[ -f "$INCLUDE/rocksdb/c.h" ] || { echo "no $INCLUDE/rocksdb/c.h" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ferrock-bindings-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
BENCH=$ROOT/bindings/bench

# Build every program first so no compile time lands in a measurement.
cc -O2 -I"$INCLUDE" "$BENCH/putget.c" -o "$WORK/putget_c" -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -lferrock
c++ -std=c++20 -O2 -I"$INCLUDE" "$BENCH/putget.cc" \
  -o "$WORK/putget_cpp" -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -lferrock
(cd "$BENCH/go" && GOTOOLCHAIN=local CGO_ENABLED=1 CGO_CFLAGS="-I$INCLUDE" \
  CGO_LDFLAGS="-L$LIBDIR -Wl,-rpath,$LIBDIR" go build -tags ferrock_no_pkgconfig -o "$WORK/putget_go" .)
PY=${PYTHON:-python3}

# Rounds interleave the programs so a change in the machine's load hits all of
# them alike; the best round of each is kept.
c_put=0 c_get=0 cpp_put=0 cpp_get=0 go_put=0 go_get=0 py_put=0 py_get=0
run() {  # run NAME CMD... -> raises $NAME_put/$NAME_get to this run's ops/s if higher
  local name=$1; shift
  local out put get put_var=${name}_put get_var=${name}_get
  rm -rf "$WORK/db"
  out=$("$@" "$WORK/db" "$N")
  put=$(awk '$1=="put"{print $2}' <<<"$out")
  get=$(awk '$1=="get"{print $2}' <<<"$out")
  [ "$put" -gt "${!put_var}" ] && printf -v "$put_var" %s "$put"
  [ "$get" -gt "${!get_var}" ] && printf -v "$get_var" %s "$get"
  return 0
}

run_one() {
  case $1 in
    c) run c "$WORK/putget_c" ;;
    cpp) run cpp "$WORK/putget_cpp" ;;
    go) run go "$WORK/putget_go" ;;
    py) run py env FERROCK_LIBRARY="$LIB" PYTHONPATH="$ROOT/bindings/python" "$PY" "$BENCH/putget.py" ;;
  esac
}
# The starting program rotates from round to round so none always runs first.
ORDER=(c cpp go py)
for round in $(seq 0 $((ROUNDS - 1))); do
  for i in 0 1 2 3; do run_one "${ORDER[$(((round + i) % 4))]}"; done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }
# Extra time per call over C, in ns: 1e9/binding - 1e9/C.
extra() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%+.0f", 1e9/a - 1e9/b}'; }
echo "N=$N puts then N gets, best of $ROUNDS rounds; $(date -u '+%Y-%m-%d %H:%M UTC'); nproc $(nproc); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "library: $LIB"
echo
echo "| through | put ops/s | put ratio to C | put extra ns/call | get ops/s | get ratio to C | get extra ns/call |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for name in c cpp go py; do
  put_var=${name}_put get_var=${name}_get
  case $name in c) label="C (c.h)";; cpp) label="C++ (rocksdb/db.h)";; go) label="Go (cgo)";; py) label="Python (ctypes)";; esac
  echo "| $label | ${!put_var} | $(ratio "${!put_var}" "$c_put") | $(extra "${!put_var}" "$c_put") | ${!get_var} | $(ratio "${!get_var}" "$c_get") | $(extra "${!get_var}" "$c_get") |"
done
