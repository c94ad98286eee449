#!/usr/bin/env bash
# sst_dump --command=recompress with LZ4 on the same table, Debian's RocksDB 7.8.3
# sst_dump next to ferrock's (target/release/sst_dump), one row per level.
# The table: Debian's db_bench fillseq of NUM (default 200000) keys, uncompressed,
# flushed by `ldb compact`. Prints a Markdown table; called by bench/compare.sh.
# 7.8.3 reports "Size" (the rebuilt table's data size) and "Time Taken" (building it);
# ferrock reports RocksDB 11's "Cx size" and "Write usec", plus "Read usec".
# Debian's sst_dump is built with assertions, which slows it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
NUM=${RECOMPRESS_NUM:-200000}
LEVEL_FROM=${LEVEL_FROM:-1}
LEVEL_TO=${LEVEL_TO:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
env -u LD_LIBRARY_PATH /usr/bin/db_bench --benchmarks=fillseq --num="$NUM" --compression_type=none --db="$work/db" >/dev/null 2>&1
env -u LD_LIBRARY_PATH /usr/bin/ldb --db="$work/db" compact >/dev/null 2>&1
sst=$(ls -S "$work"/db/*.sst | head -1)
args=(--file="$sst" --command=recompress --compression_types=kLZ4Compression
      --compression_level_from="$LEVEL_FROM" --compression_level_to="$LEVEL_TO")
theirs=$(env -u LD_LIBRARY_PATH /usr/bin/sst_dump "${args[@]}" 2>&1)
ours=$(target/release/sst_dump "${args[@]}" 2>&1)
echo "Table: $(basename "$sst"), $(stat -c %s "$sst") bytes, $NUM entries of 24+100 bytes, written by RocksDB 7.8.3 without compression"
echo
echo "| LZ4 level | RocksDB 7.8.3 size | RocksDB 7.8.3 write usec | ferrock size | ferrock write usec | ferrock read usec |"
echo "|---:|---:|---:|---:|---:|---:|"
join -j1 \
  <(awk '/^Compression level:/ { print $3, $5, $10 }' <<<"$theirs" | sort -k1,1) \
  <(sed -n 's/^Cx level: \([-0-9]*\) Cx size: *\([0-9]*\) .*Write usec: *\([0-9]*\) *Read usec: *\([0-9]*\) .*/\1 \2 \3 \4/p' <<<"$ours" | sort -k1,1) \
  | sort -n | awk '{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }'
