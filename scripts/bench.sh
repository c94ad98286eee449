#!/usr/bin/env bash
# `make bench`: ferrock's db_bench on a temporary database (removed afterwards):
# fillseq, fillrandom, overwrite, then readrandom, seekrandom, readwhilewriting and
# readseq on the result, over 1,000,000 keys of 16 bytes with 100-byte values.
# Sized to stay within ~5 minutes on 2 cores.
# Prints db_bench's result lines, one summary row per benchmark (the columns of
# RocksDB's tools/benchmark.sh) and the path of a PNG of the interval lines
# (throughput, stall %, L0 files and pending compaction bytes over time).
# Override with e.g. `NUM=100000 make bench`; extra flags go in DB_BENCH_FLAGS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
NUM=${NUM:-1000000}
READS=${READS:-1000000}
SEEKS=${SEEKS:-100000}
RWW_READS=${RWW_READS:-200000}
INTERVAL=${INTERVAL:-1}
bin=target/release/db_bench
out_dir=target/bench
mkdir -p "$out_dir"
log=$out_dir/db_bench.log
png=$out_dir/db_bench.png
: > "$log"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

common=(--num="$NUM" --key_size=16 --value_size=100 --db="$dir/db"
        --stats_interval_seconds="$INTERVAL" --stats_per_interval=1)
rows=()
# run ARGS...: one db_bench process; its full output goes to the log, its result
# lines to the terminal (the header only for the first run), its summary rows to `rows`.
first=1
run() {
  local out
  out=$("$bin" "${common[@]}" "$@" ${DB_BENCH_FLAGS:-} 2>&1) || { echo "$out"; exit 1; }
  echo "$out" >> "$log"
  if [ $first = 1 ]; then
    grep -E '^(RocksDB:|Date:|CPU:|CPUCache:|Keys:|Values:|Entries:|RawSize:|FileSize:|Compression:)' <<<"$out" || true
    echo "------------------------------------------------"
    first=0
  fi
  grep -E '^[A-Za-z0-9]+ +: .*(micros/op|skipped)' <<<"$out" || true
  while IFS= read -r r; do rows+=("$r"); done < <(awk '/^ops_sec\t/ { on = 1; next } on && NF { print }' <<<"$out")
}
# The writes build the database; the reads then run on it (--use_existing_db=1).
run --benchmarks=fillseq,fillrandom,overwrite
run --use_existing_db=1 --benchmarks=readrandom --reads="$READS"
run --use_existing_db=1 --benchmarks=seekrandom --reads="$SEEKS"
run --use_existing_db=1 --benchmarks=readwhilewriting --reads="$RWW_READS"
run --use_existing_db=1 --benchmarks=readseq --reads="$READS"

echo
printf 'ops_sec\tmb_sec\tdb_size\tc_wgb\tw_amp\tc_mbps\tc_secs\tusec_op\tp50\tp99\tp99.9\tp99.99\tpmax\tuptime\tstall%%\tNstall\tu_cpu\ts_cpu\ttest\n'
printf '%s\n' "${rows[@]}"
echo
if python3 scripts/plot_bench.py "$log" "$png" >/dev/null; then
  echo "plot: $PWD/$png (interval lines in $PWD/$log)"
else
  echo "plot: failed (interval lines in $PWD/$log)"
fi
