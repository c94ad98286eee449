#!/usr/bin/env bash
# `make difftest SEEDS=N` (docs/difftest.md): one pass per reference RocksDB, each comparing
# ferrock with that reference alone: the saved regressions, then N random programs (seeds
# DIFFTEST_START.., DIFFTEST_LEN steps each) using every function ferrock implements that the
# reference exports; each pass prints its coverage of c.h. The references: Debian's RocksDB
# 7.8.3 and, when `make rocksdb-release` built it, the release 11.8.1 (DIFFTEST_REFS="7.8.3"
# or "11.8.1" for one of them). Needs `make build` (target/release/libferrock.so, or FERROCK=).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SEEDS=${1:-${SEEDS:-200}}
START=${DIFFTEST_START:-1}
LEN=${DIFFTEST_LEN:-120}
MAXFAIL=${DIFFTEST_MAX_FAILURES:-5}
REFS=${DIFFTEST_REFS:-7.8.3 11.8.1}
cargo build --release -q -p ferrock-difftest
FERROCK=${FERROCK:-$PWD/target/release/libferrock.so}
[ -f "$FERROCK" ] || { echo "no $FERROCK: run make build"; exit 2; }
# Debian's library by its real path (target/release's librocksdb.so.7.8 is ferrock's alias).
DEBIAN=/usr/lib/x86_64-linux-gnu/librocksdb.so.7.8
RELEASE=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib/librocksdb.so
rc=0
passes=0
for ref in $REFS; do
  case $ref in
    7.8.3) lib=$DEBIAN ;;
    11.8.1) lib=$RELEASE ;;
    *) echo "unknown reference $ref (7.8.3 or 11.8.1)"; exit 2 ;;
  esac
  if [ ! -f "$lib" ]; then
    echo "(no RocksDB $ref at $lib: make rocksdb-release builds 11.8.1; skipping its pass)"
    continue
  fi
  passes=$((passes + 1))
  echo "== pass: ferrock against RocksDB $ref ($lib)"
  LIBS=(--lib "$ref=$lib" --lib "ferrock=$FERROCK")
  target/release/ferrock-difftest replay "${LIBS[@]}" tests/difftest/regressions/*.txt || rc=1
  target/release/ferrock-difftest run "${LIBS[@]}" --seeds "$SEEDS" --start "$START" --len "$LEN" \
    --max-failures "$MAXFAIL" ${DIFFTEST_SAVE:+--save "$DIFFTEST_SAVE/$ref"} \
    ${DIFFTEST_COVERAGE_LIST:+--coverage-list "$DIFFTEST_COVERAGE_LIST.$ref"} || rc=1
done
[ "$passes" -gt 0 ] || { echo "no reference RocksDB to compare with"; exit 2; }
exit $rc
