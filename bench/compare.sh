#!/usr/bin/env bash
# `make bench-compare`: RocksDB 7.8.3 (Debian's librocksdb) and ferrock side by side,
# in the same command, through ONE C program (bench/bench_compare.c) compiled once
# against Debian's /usr/include/rocksdb/c.h and linked -lrocksdb. The ferrock runs
# only set LD_LIBRARY_PATH=target/release, where `make build` put the
# librocksdb.so.7.8 -> libferrock.so alias.
#
# Workloads (16-byte keys, 100-byte values, LZ4, 64 MiB write buffer, 32 MiB LRU cache):
#   fillseq, fillrandom (fresh databases), overwrite (on fillrandom's), readrandom and
#   seekrandom (on fillseq's, every read verified). Each run is its own child process;
#   the runs alternate between the two libraries (and the order flips every round).
# Env: NUM (1000000), READS (1000000), SEEKS (100000), ROUNDS (1), OUT (a file for the table),
#      RECORD=1 (rewrite docs/benchmarks.md with this run: machine, command, date, table).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
NUM=${NUM:-1000000}
READS=${READS:-1000000}
SEEKS=${SEEKS:-100000}
ROUNDS=${ROUNDS:-1}
FERROCK_LIBDIR=$ROOT/target/release

bin=$ROOT/target/bench/bench_compare
mkdir -p "$(dirname "$bin")"
gcc -O2 -Wall -Werror -I/usr/include bench/bench_compare.c -o "$bin" -lrocksdb

# Prove which library each side loads.
sys_lib=$(ldd "$bin" | awk '/librocksdb/ { print $3 }')
our_lib=$(LD_LIBRARY_PATH=$FERROCK_LIBDIR ldd "$bin" | awk '/librocksdb/ { print $3 }')
echo "rocksdb side: $sys_lib"
echo "ferrock side: $our_lib -> $(readlink -f "$our_lib")"
case "$(readlink -f "$our_lib")" in
  "$FERROCK_LIBDIR"/libferrock.so) ;;
  *) echo "bench-compare: the ferrock side does not resolve to $FERROCK_LIBDIR/libferrock.so (run make build)" >&2; exit 1 ;;
esac

load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results=$work/results   # lines: side workload ops_per_sec rss_kb status
: > "$results"

# run_one SIDE WORKLOAD: runs one workload in its own process and records the outcome.
run_one() {
  local side=$1 w=$2 dir ops out rc=0
  case $w in
    fillseq) dir=$work/$side-seq; rm -rf "$dir"; ops=$NUM ;;
    fillrandom) dir=$work/$side-rand; rm -rf "$dir"; ops=$NUM ;;
    overwrite) dir=$work/$side-rand; ops=$NUM ;;
    readrandom) dir=$work/$side-seq; ops=$READS ;;
    seekrandom) dir=$work/$side-seq; ops=$SEEKS ;;
  esac
  if [ "$side" = ferrock ]; then
    out=$(LD_LIBRARY_PATH=$FERROCK_LIBDIR "$bin" "$w" "$dir" "$NUM" "$ops" 2>&1) || rc=$?
  else
    out=$("$bin" "$w" "$dir" "$NUM" "$ops" 2>&1) || rc=$?
  fi
  local res rss
  res=$(awk '/^RESULT/ { printf "%.0f %s %s", $3 / $4, $5, $6 }' <<<"$out")
  rss=$(awk '/^RSS_KB/ { print $2 }' <<<"$out")
  if [ $rc -ne 0 ] || [ -z "$res" ]; then
    echo "  $side $w: FAILED (exit $rc): $(grep -v -E '^(RESULT|RSS_KB)' <<<"$out" | head -3 | tr '\n' ' ')"
    echo "$side $w 0 ${rss:-0} FAILED" >> "$results"
  else
    read -r opsps verified bad <<<"$res"
    local checked=""
    case $w in readrandom|seekrandom) checked=", verified $verified, wrong $bad" ;; esac
    echo "  $side $w: $opsps ops/s, peak RSS $(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }') MiB$checked"
    echo "$side $w $opsps $rss ok" >> "$results"
  fi
}

for ((round = 1; round <= ROUNDS; round++)); do
  echo "round $round of $ROUNDS"
  for w in fillseq fillrandom overwrite readrandom seekrandom; do
    if ((round % 2)); then run_one rocksdb "$w"; run_one ferrock "$w"
    else run_one ferrock "$w"; run_one rocksdb "$w"; fi
  done
done

table=$(awk -v num="$NUM" '
  { key = $1 SUBSEP $2; if ($5 != "ok") failed[key] = 1; sum[key] += $3; n[key]++; if ($4 > rss[key]) rss[key] = $4 }
  END {
    print "| workload | RocksDB 7.8.3 ops/s | ferrock ops/s | ferrock / RocksDB | RocksDB peak RSS | ferrock peak RSS |"
    print "|---|---:|---:|---:|---:|---:|"
    split("fillseq fillrandom overwrite readrandom seekrandom", ws, " ")
    for (i = 1; i <= 5; i++) {
      w = ws[i]; r = "rocksdb" SUBSEP w; f = "ferrock" SUBSEP w
      ro = (r in failed) ? "FAILED" : sprintf("%.0f", sum[r] / n[r])
      fo = (f in failed) ? "FAILED" : sprintf("%.0f", sum[f] / n[f])
      ratio = ((r in failed) || (f in failed) || sum[r] == 0) ? "-" : sprintf("%.2f", sum[f] / sum[r])
      rr = (r in failed) ? "-" : sprintf("%.0f MiB", rss[r] / 1024)
      fr = (f in failed) ? "-" : sprintf("%.0f MiB", rss[f] / 1024)
      printf "| %s | %s | %s | %s | %s | %s |\n", w, ro, fo, ratio, rr, fr
    }
  }' "$results")
echo
echo "$table"
if [ -n "${OUT:-}" ]; then echo "$table" > "$OUT"; fi
if [ "${RECORD:-0}" = 1 ]; then
  cpu=$(awk -F: '/^model name/ { sub(/^ +/, "", $2); print $2; exit }' /proc/cpuinfo)
  ram=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
  {
    sed -n '1,/^## Latest run/p' docs/benchmarks.md
    echo
    echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- Machine: $(nproc) CPUs ($cpu), $ram RAM, $(. /etc/os-release && echo "$PRETTY_NAME")"
    echo "- Libraries: RocksDB $(dpkg-query -W -f='${Version}' librocksdb7.8 2>/dev/null || echo 7.8.3) (Debian), ferrock $(git describe --always --dirty 2>/dev/null)"
    echo "- Load average when the run started: $load_at_start (the machine may be shared)"
    echo "- Command: \`NUM=$NUM READS=$READS SEEKS=$SEEKS ROUNDS=$ROUNDS make bench-compare\`"
    echo
    echo "$table"
  } > "$work/benchmarks.md"
  cp "$work/benchmarks.md" docs/benchmarks.md
  echo "recorded in docs/benchmarks.md"
fi
! grep -q FAILED "$results"
