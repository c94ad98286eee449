#!/usr/bin/env bash
# Write throughput under compaction debt, side by side: Debian's RocksDB 7.8.3 db_bench
# (/usr/bin/db_bench, built with assertions) and ferrock's db_bench, same flags, same machine,
# runs interleaved. A write-friendly configuration (L0 triggers 4/40/60, huge pending-bytes
# limits, small write buffers and target files, dynamic level bytes) runs fillseq, then a
# multi-threaded overwrite; each side reports ops/sec, write amplification, compaction GB
# written, stall percent and stall count from its own rocksdb.stats.
# Usage: bench/compaction_compare.sh   (NUM, THREADS, ROUNDS override the defaults;
#   OVERWRITE_FLAGS adds flags to both engines' overwrite, e.g.
#   OVERWRITE_FLAGS=--benchmark_write_rate_limit=14000000 to compare at one write rate)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
NUM=${NUM:-1000000}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-1}
OURS=target/release/db_bench
[ -x "$OURS" ] || cargo build --release --bin db_bench
COMMON=(--num="$NUM" --key_size=16 --value_size=100 --compression_type=lz4
  --level0_file_num_compaction_trigger=4 --level0_slowdown_writes_trigger=40 --level0_stop_writes_trigger=60
  --soft_pending_compaction_bytes_limit=1099511627776 --hard_pending_compaction_bytes_limit=2199023255552
  --write_buffer_size=4194304 --target_file_size_base=4194304 --max_bytes_for_level_base=16777216
  --level_compaction_dynamic_level_bytes=true --max_background_jobs=2 --cache_size=33554432 --seed=1)
WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "keeping $WORK" || trap 'rm -rf "$WORK"' EXIT

# run NAME CMD...: fillseq then overwrite+stats; prints one summary line.
run() {
  local name=$1; shift
  local db="$WORK/$name"
  rm -rf "$db"
  "$@" --benchmarks=fillseq --threads=1 --db="$db" > "$WORK/$name.fill" 2>&1
  # The second stats block follows waitforcompaction: the same data with its compaction debt
  # paid, so the write amplification does not depend on how far compaction got by the end.
  "$@" --benchmarks=overwrite,stats,waitforcompaction,stats --threads="$THREADS" --use_existing_db=1 --db="$db" ${OVERWRITE_FLAGS:-} > "$WORK/$name.ow" 2>&1
  local fill ow ingest cgb wamp stallpct stallcnt cgb_done wamp_done
  fill=$(awk '/^fillseq /{for(i=1;i<=NF;i++) if($i=="ops/sec") print $(i-1)}' "$WORK/$name.fill" | head -1)
  ow=$(awk '/^overwrite /{for(i=1;i<=NF;i++) if($i=="ops/sec") print $(i-1)}' "$WORK/$name.ow" | head -1)
  # Both print RocksDB's DB Stats lines: "Cumulative writes: ... ingest: X GB" and
  # "Cumulative compaction: X GB write" (flushes included); W-Amp = written / ingested.
  ingest=$(grep -m1 '^Cumulative writes:' "$WORK/$name.ow" | sed -E 's/.*ingest: ([0-9.]+) GB.*/\1/')
  cgb=$(awk '/^Cumulative compaction:/{print $3; exit}' "$WORK/$name.ow")
  wamp=$(awk -v w="$cgb" -v i="$ingest" 'BEGIN { if (i > 0) printf "%.2f", w / i; else print "n/a" }')
  cgb_done=$(awk '/^Cumulative compaction:/{v=$3} END {print v}' "$WORK/$name.ow")
  wamp_done=$(awk -v w="$cgb_done" -v i="$ingest" 'BEGIN { if (i > 0) printf "%.2f", w / i; else print "n/a" }')
  stallpct=$(awk '/^Cumulative stall:/{print $5; exit}' "$WORK/$name.ow")
  # 7.8.3: "Stalls(count): ... interval N total count"; ferrock (11.x layout): "interval-total-count: N".
  stallcnt=$(grep -m1 -oE 'interval [0-9]+ total count|interval-total-count: [0-9]+' "$WORK/$name.ow" | grep -oE '[0-9]+' || echo "?")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s%% | %s |\n' "$name" "$fill" "$ow" "$ingest" "$cgb" "$wamp" "$cgb_done" "$wamp_done" "$stallpct" "$stallcnt"
}

echo "NUM=$NUM THREADS=$THREADS; flags: ${COMMON[*]}"
echo "| engine | fillseq ops/s | overwrite ops/s | ingest GB | compaction+flush GB written | W-Amp | GB written after waitforcompaction | W-Amp after waitforcompaction | stall | stalls |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for r in $(seq "$ROUNDS"); do
  run "rocksdb-7.8.3" env -u LD_LIBRARY_PATH /usr/bin/db_bench "${COMMON[@]}"
  run "ferrock" "$OURS" "${COMMON[@]}"
done
