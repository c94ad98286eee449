#!/usr/bin/env bash
# The cost of a user comparator: fillrandom and readrandom with the built-in bytewise
# comparator and with the same order supplied from C (rocksdb_comparator_create, an
# indirect call per comparison), side by side in one command, on ferrock, RocksDB 7.8.3
# (Debian's) and, when built, RocksDB 11.8.1 (`make rocksdb-release`). One C program
# (bench/bench_compare.c, BENCH_COMPARATOR=c for the C comparator) compiled once against
# Debian's c.h; only LD_LIBRARY_PATH changes between libraries, as in bench/compare.sh.
# readrandom reads fillseq's database, made with the same comparator. Each round runs every
# (library, comparator) pair, the order rotating; the table shows medians of ROUNDS rounds.
# Env: NUM (1000000 keys), READS (1000000), ROUNDS (3), OUT (a file for the table),
# FERROCK_LIBDIR (default target/release: a copy of the library keeps a build from changing it mid-run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
NUM=${NUM:-1000000}
READS=${READS:-1000000}
ROUNDS=${ROUNDS:-3}
FERROCK_LIBDIR=${FERROCK_LIBDIR:-$ROOT/target/release}
RELEASE_LIBDIR=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib
libs=(ferrock rocksdb)
[ -f "$RELEASE_LIBDIR/librocksdb.so" ] && libs+=(release)

bin=$ROOT/target/bench/bench_compare
mkdir -p "$(dirname "$bin")"
gcc -O2 -Wall -Werror -I/usr/include bench/bench_compare.c -o "$bin" -lrocksdb -lpthread
our_lib=$(LD_LIBRARY_PATH=$FERROCK_LIBDIR ldd "$bin" | awk '/librocksdb/ { print $3 }')
[ "$(readlink -f "$our_lib")" = "$FERROCK_LIBDIR/libferrock.so" ] || { echo "ferrock side does not load $FERROCK_LIBDIR/libferrock.so (make build)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results   # lines: lib comparator workload ops_per_sec
echo "uptime at start: $(uptime)"

run() { # run LIB CMP WORKLOAD DIR OPS
  local lib=$1 cmp=$2 w=$3 dir=$4 ops=$5 out rc=0 env=()
  [ "$cmp" = c ] && env=(BENCH_COMPARATOR=c)
  case $lib in
    ferrock) env+=(LD_LIBRARY_PATH=$FERROCK_LIBDIR) ;;
    release) env+=(LD_LIBRARY_PATH=$RELEASE_LIBDIR) ;;
  esac
  out=$(env "${env[@]}" "$bin" "$w" "$dir" "$NUM" "$ops" 2>&1) || rc=$?
  local r; r=$(awk '/^RESULT/ { if ($6 != 0) print "WRONG"; else printf "%.0f", $3 / $4 }' <<<"$out")
  if [ $rc -ne 0 ] || [ -z "$r" ] || [ "$r" = WRONG ]; then
    echo "  $lib $cmp $w: FAILED (exit $rc): $(grep -v '^RSS_KB' <<<"$out" | head -3 | tr '\n' ' ')" >&2
    exit 1
  fi
  echo "  $lib $cmp $w: $r ops/s"
  [ "$w" = fillseq ] || echo "$lib $cmp $w $r" >> "$results"
}

pairs=()
for lib in "${libs[@]}"; do for cmp in builtin c; do pairs+=("$lib $cmp"); done; done
for ((round = 1; round <= ROUNDS; round++)); do
  echo "round $round of $ROUNDS"
  n=${#pairs[@]}
  for ((k = 0; k < n; k++)); do
    read -r lib cmp <<<"${pairs[$(((k + round - 1) % n))]}"
    rm -rf "$work/rand" "$work/seq"
    run "$lib" "$cmp" fillrandom "$work/rand" "$NUM"
    run "$lib" "$cmp" fillseq "$work/seq" "$NUM"
    run "$lib" "$cmp" readrandom "$work/seq" "$READS"
  done
done

table=$(awk -v libs="${libs[*]}" '
  { v[$1 SUBSEP $2 SUBSEP $3] = v[$1 SUBSEP $2 SUBSEP $3] " " $4 }
  function median(s,    a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    name["ferrock"] = "ferrock"; name["rocksdb"] = "RocksDB 7.8.3"; name["release"] = "RocksDB 11.8.1"
    print "| library | workload | built-in bytewise (ops/s) | bytewise from C (ops/s) | C / built-in |"
    print "| --- | --- | ---: | ---: | ---: |"
    nl = split(libs, L, " ")
    for (i = 1; i <= nl; i++) foreach_w(L[i])
  }
  function foreach_w(lib,    w, ws, k, b, c) {
    split("fillrandom readrandom", ws, " ")
    for (k = 1; k <= 2; k++) {
      w = ws[k]; b = median(v[lib SUBSEP "builtin" SUBSEP w]); c = median(v[lib SUBSEP "c" SUBSEP w])
      printf "| %s | %s | %.0f | %.0f | %.2f |\n", name[lib], w, b, c, c / b
    }
  }' "$results")
echo
echo "$table"
echo "uptime at end: $(uptime)"
[ -n "${OUT:-}" ] && echo "$table" > "$OUT"
exit 0
