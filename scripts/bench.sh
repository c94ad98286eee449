#!/usr/bin/env bash
# `make bench`: ferrock's db_bench on a temporary database (removed afterwards):
# fillseq, fillrandom, overwrite, readrandom and seekrandom over 1,000,000 keys of
# 16 bytes with 100-byte values. Sized to stay within ~5 minutes on 2 cores.
# Override with e.g. `NUM=100000 make bench`; extra flags go in DB_BENCH_FLAGS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
NUM=${NUM:-1000000}
READS=${READS:-1000000}
SEEKS=${SEEKS:-100000}
bin=target/release/db_bench
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

common=(--num="$NUM" --key_size=16 --value_size=100 --db="$dir/db")
# The writes build the database; the reads then run on it (--use_existing_db=1).
"$bin" "${common[@]}" --benchmarks=fillseq,fillrandom,overwrite ${DB_BENCH_FLAGS:-}
# Only the result line of each read run: its header repeats the first run's.
run_read() {
  local name=$1 reads=$2 out
  out=$("$bin" "${common[@]}" --use_existing_db=1 --benchmarks="$name" --reads="$reads" ${DB_BENCH_FLAGS:-} 2>&1) \
    || { echo "$out"; exit 1; }
  grep -A1 -E "^$name " <<<"$out"
}
run_read readrandom "$READS"
run_read seekrandom "$SEEKS"
