#!/usr/bin/env bash
# `make difftest SEEDS=N` (docs/difftest.md): the saved regressions, then N random programs
# (seeds DIFFTEST_START.., DIFFTEST_LEN steps each), on Debian's RocksDB 7.8.3 and, when
# `make rocksdb-release` built it, the release 11.8.1, each compared with ferrock; prints
# the coverage of c.h. Needs `make build` (target/release/libferrock.so).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SEEDS=${1:-${SEEDS:-200}}
START=${DIFFTEST_START:-1}
LEN=${DIFFTEST_LEN:-120}
MAXFAIL=${DIFFTEST_MAX_FAILURES:-5}
cargo build --release -q -p ferrock-difftest
FERROCK=$PWD/target/release/libferrock.so
[ -f "$FERROCK" ] || { echo "no $FERROCK: run make build"; exit 2; }
# Debian's library by its real path (target/release's librocksdb.so.7.8 is ferrock's alias).
DEBIAN=/usr/lib/x86_64-linux-gnu/librocksdb.so.7.8
LIBS=(--lib "7.8.3=$DEBIAN")
RELEASE=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib/librocksdb.so
if [ -f "$RELEASE" ]; then
  LIBS+=(--lib "11.8.1=$RELEASE")
else
  echo "(the release RocksDB 11.8.1 is not built: make rocksdb-release; comparing with 7.8.3 only)"
fi
LIBS+=(--lib "ferrock=$FERROCK")
rc=0
target/release/ferrock-difftest replay "${LIBS[@]}" tests/difftest/regressions/*.txt || rc=1
target/release/ferrock-difftest run "${LIBS[@]}" --seeds "$SEEDS" --start "$START" --len "$LEN" \
  --max-failures "$MAXFAIL" ${DIFFTEST_SAVE:+--save "$DIFFTEST_SAVE"} || rc=1
exit $rc
