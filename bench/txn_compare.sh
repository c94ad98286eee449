#!/usr/bin/env bash
# Transactions side by side: Debian's RocksDB 7.8.3 (built with assertions), a release
# RocksDB 11.8.1 (bench/rocksdb-release.sh; left out when missing) and ferrock, through ONE
# C program (bench/txn_compare.c) built against Debian's c.h; only LD_LIBRARY_PATH changes.
#   fill: db_bench's `fillrandom --transaction_db=1 --batch_size=$BATCH`, in four modes:
#         plain, bypass (commit_bypass_memtable), prepare (two-phase), prepare_bypass;
#         ops/s and the commits' perf-context write_memtable_time and write_wal_time.
#   get:  Get and GetPinned of $GET_KEYS uncommitted keys inside one transaction.
# Runs alternate between the libraries; ROUNDS rounds are averaged.
# Env: NUM (1000000), BATCH (10000), GET_KEYS (10000), GET_ROUNDS (20), ROUNDS (1),
#      MODES (plain bypass prepare prepare_bypass).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
NUM=${NUM:-1000000}
BATCH=${BATCH:-10000}
GET_KEYS=${GET_KEYS:-10000}
GET_ROUNDS=${GET_ROUNDS:-20}
ROUNDS=${ROUNDS:-1}
MODES=${MODES:-plain bypass prepare prepare_bypass}
FERROCK_LIBDIR=$ROOT/target/release
RELEASE_LIBDIR=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib
[ -f "$FERROCK_LIBDIR/librocksdb.so.7.8" ] || make build >/dev/null
sides=(rocksdb ferrock)
if [ -f "$RELEASE_LIBDIR/librocksdb.so" ]; then
  sides=(rocksdb release ferrock)
else
  echo "txn_compare: no release RocksDB 11.8.1 in $RELEASE_LIBDIR (make rocksdb-release builds it); comparing with 7.8.3 only"
fi
bin=$ROOT/target/bench/txn_compare
mkdir -p "$(dirname "$bin")"
gcc -O2 -Wall -Werror -I/usr/include bench/txn_compare.c -o "$bin" -lrocksdb -ldl

libdir_of() {
  case $1 in ferrock) echo "$FERROCK_LIBDIR" ;; release) echo "$RELEASE_LIBDIR" ;; *) echo "" ;; esac
}
for s in "${sides[@]}"; do
  d=$(libdir_of "$s")
  echo "$s side loads: $(readlink -f "$(LD_LIBRARY_PATH=$d ldd "$bin" | awk '/librocksdb/ { print $3 }')")"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results   # side test ops-or-ns fields...
: > "$results"
for ((round = 1; round <= ROUNDS; round++)); do
  n=${#sides[@]}
  for test in $MODES get; do
    for ((k = 0; k < n; k++)); do
      side=${sides[$(((k + round - 1) % n))]}
      dir=$work/$side-$test
      rm -rf "$dir"
      if [ "$test" = get ]; then args=(get "$dir" "$GET_KEYS" "$GET_ROUNDS"); else args=(fill "$dir" "$NUM" "$BATCH" "$test"); fi
      out=$(LD_LIBRARY_PATH=$(libdir_of "$side") "$bin" "${args[@]}" 2>&1) || { echo "  $side $test: FAILED: $out"; echo "$side $test FAILED" >> "$results"; continue; }
      rm -rf "$dir"
      if grep -q '^UNSUPPORTED' <<<"$out"; then
        echo "  $side $test: not in this library"
        echo "$side $test UNSUPPORTED" >> "$results"
      else
        line=$(grep '^RESULT' <<<"$out")
        echo "  $side $test: $line"
        echo "$side $test ${line#RESULT * }" >> "$results"
      fi
    done
  done
done

awk -v sides="${sides[*]}" -v modes="$MODES" -v num="$NUM" -v batch="$BATCH" '
  { key = $1 SUBSEP $2
    if ($3 == "FAILED" || $3 == "UNSUPPORTED") { bad[key] = $3; next }
    n[key]++; for (i = 3; i <= NF; i++) sum[key, i] += $i }
  function avg(s, t, i) { k = s SUBSEP t; return sum[k, i] / n[k] }
  function name(s) { return s == "rocksdb" ? "RocksDB 7.8.3 (Debian)" : s == "release" ? "RocksDB 11.8.1 release" : "ferrock" }
  END {
    ns = split(sides, S, " "); nm = split(modes, M, " ")
    printf "fillrandom, %d keys, %d per transaction (ops/s; the commits'"'"' perf-context times per transaction):\n\n", num, batch
    print "| library | mode | ops/s | write_memtable_time | write_wal_time | commit time |"
    print "|---|---|---:|---:|---:|---:|"
    txns = int((num + batch - 1) / batch)
    for (j = 1; j <= nm; j++) for (i = 1; i <= ns; i++) {
      k = S[i] SUBSEP M[j]
      if (k in bad) { printf "| %s | %s | %s | | | |\n", name(S[i]), M[j], bad[k] == "UNSUPPORTED" ? "not in this version" : "FAILED"; continue }
      if (!(k in n)) continue
      printf "| %s | %s | %.0f | %.3f ms | %.3f ms | %.3f ms |\n", name(S[i]), M[j], avg(S[i], M[j], 3),
        avg(S[i], M[j], 4) / txns / 1e6, avg(S[i], M[j], 5) / txns / 1e6, avg(S[i], M[j], 6) / txns / 1e6
    }
    print ""
    print "Get and GetPinned of uncommitted keys inside one transaction (ns per call):"
    print ""
    print "| library | Get | GetPinned |"
    print "|---|---:|---:|"
    for (i = 1; i <= ns; i++) { k = S[i] SUBSEP "get"; if (k in n) printf "| %s | %.1f | %.1f |\n", name(S[i]), avg(S[i], "get", 3), avg(S[i], "get", 4); else printf "| %s | FAILED | |\n", name(S[i]) }
  }' "$results"
! grep -q FAILED "$results"
