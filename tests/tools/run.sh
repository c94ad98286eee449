#!/usr/bin/env bash
# `tools` suite of `make test`: ferrock's sst_dump and ldb (target/release, or BIN_DIR)
# against Debian's RocksDB 7.8.3 tools, on a database and tables written by Debian's
# RocksDB and on ones written by ferrock. Where the formats are the same the outputs
# must be byte-identical; the differences allowed are named in `normalize`.
# Debian's programs run with LD_LIBRARY_PATH unset so they load Debian's librocksdb.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN_DIR=${BIN_DIR:-$PWD/target/release}
for t in sst_dump ldb db_bench; do
  [ -x "$BIN_DIR/$t" ] || { echo "tools: $BIN_DIR/$t missing (run make build)"; exit 1; }
done
OUR_SST=$BIN_DIR/sst_dump
OUR_LDB=$BIN_DIR/ldb
OUR_BENCH=$BIN_DIR/db_bench
rocks() { env -u LD_LIBRARY_PATH "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0; fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Removes what legitimately differs: the Env pointer sst_dump prints.
normalize() { sed -e 's/^options.env is 0x[0-9a-f]*$/options.env is PTR/'; }

# same NAME CMD_OURS... -- CMD_THEIRS...: stdout+stderr and exit status must match after normalize.
same() {
  local name=$1; shift
  local ours=() theirs=()
  while [ "$1" != -- ]; do ours+=("$1"); shift; done; shift
  theirs=("$@")
  "${ours[@]}" >"$work/o.out" 2>&1; echo "rc=$?" >>"$work/o.out"
  rocks "${theirs[@]}" >"$work/t.out" 2>&1; echo "rc=$?" >>"$work/t.out"
  if cmp -s <(normalize <"$work/o.out") <(normalize <"$work/t.out"); then ok; else
    bad "$name"; diff -a <(normalize <"$work/t.out") <(normalize <"$work/o.out") | head -10
  fi
}

# expect NAME PATTERN CMD...: the output must match the extended regex.
expect() {
  local name=$1 pat=$2; shift 2
  "$@" >"$work/e.out" 2>&1
  if grep -aqE -- "$pat" "$work/e.out"; then ok; else bad "$name: no /$pat/ in:"; head -5 "$work/e.out"; fi
}

# --- a database and a table written by Debian's RocksDB 7.8.3
rdb=$work/rocksdb_db
rocks /usr/bin/db_bench --benchmarks=fillseq --num=1000 --compression_type=none --db="$rdb" >/dev/null 2>&1 \
  || { echo "tools: Debian's db_bench failed"; exit 1; }
rocks /usr/bin/ldb --db="$rdb" compact >/dev/null 2>&1   # flushes the memtable into a table
rsst=$(ls "$rdb"/*.sst | head -1)
[ -f "$rsst" ] || { echo "tools: no table in $rdb"; exit 1; }

# --- a database and a table written by ferrock
fdb=$work/ferrock_db
"$OUR_BENCH" --benchmarks=fillseq --num=1000 --compression_type=none --db="$fdb" >/dev/null 2>&1 \
  || { echo "tools: ferrock's db_bench failed"; exit 1; }
"$OUR_LDB" --db="$fdb" compact >/dev/null 2>&1
fsst=$(ls "$fdb"/*.sst | head -1)
[ -f "$fsst" ] || { echo "tools: no table in $fdb"; exit 1; }

# --- the same, compressed with LZ4
rdb_lz4=$work/rocksdb_lz4
rocks /usr/bin/db_bench --benchmarks=fillseq --num=1000 --compression_type=lz4 --db="$rdb_lz4" >/dev/null 2>&1
rocks /usr/bin/ldb --db="$rdb_lz4" compact >/dev/null 2>&1
fdb_lz4=$work/ferrock_lz4
"$OUR_BENCH" --benchmarks=fillseq --num=1000 --compression_type=lz4 --db="$fdb_lz4" >/dev/null 2>&1
"$OUR_LDB" --db="$fdb_lz4" compact >/dev/null 2>&1

for who in rocksdb ferrock rocksdb-lz4 ferrock-lz4; do
  case $who in
    rocksdb) db=$rdb ;; ferrock) db=$fdb ;; rocksdb-lz4) db=$rdb_lz4 ;; ferrock-lz4) db=$fdb_lz4 ;;
  esac
  sst=$(ls "$db"/*.sst 2>/dev/null | head -1)
  [ -f "$sst" ] || { bad "no table in $who's database"; continue; }
  # sst_dump: ours and Debian's on the same table.
  for args in "--command=check" "--command=verify" "--command=scan" "--command=scan --output_hex" \
              "--command=scan --read_num=7 --output_hex" \
              "--command=scan --from=0x00000000000000053030303030303030 --to=0x00000000000000203030303030303030 --input_key_hex --output_hex" \
              "--command=none --show_properties" "--command=check --show_properties"; do
    # shellcheck disable=SC2086
    same "sst_dump $args on $who's table" "$OUR_SST" --file="$sst" $args -- /usr/bin/sst_dump --file="$sst" $args
  done
  same "sst_dump on $who's directory" "$OUR_SST" --file="$db" --command=check -- /usr/bin/sst_dump --file="$db" --command=check
  same "sst_dump --show_summary on $who's directory" "$OUR_SST" --file="$db" --command=none --show_summary -- /usr/bin/sst_dump --file="$db" --command=none --show_summary
  expect "sst_dump --list_meta_blocks on $who's table" '^  rocksdb\.properties: [0-9]+ [0-9]+$' "$OUR_SST" --file="$sst" --command=none --list_meta_blocks
  cp "$sst" "$work/a.sst"; "$OUR_SST" --file="$work/a.sst" --command=raw >/dev/null; mv "$work/a_dump.txt" "$work/ours.txt"
  rocks /usr/bin/sst_dump --file="$work/a.sst" --command=raw >/dev/null; mv "$work/a_dump.txt" "$work/theirs.txt"
  if cmp -s <(normalize <"$work/ours.txt") <(normalize <"$work/theirs.txt"); then ok; else bad "sst_dump --command=raw on $who's table"; fi
  expect "recompress header on $who's table" '^Compression: kLZ4Compression +Block Size: 16384  Threads: 1$' \
    "$OUR_SST" --file="$sst" --command=recompress --compression_types=kNoCompression,kLZ4Compression --compression_level_from=1 --compression_level_to=2
  expect "recompress lines on $who's table" '^Cx level: 2 Cx size: +[0-9]+ Uncx size: +[0-9]+ Ratio: +[0-9.]+ Write usec: +[0-9]+  Read usec: +[0-9]+  Cx count: +[0-9]+' \
    "$OUR_SST" --file="$sst" --command=recompress --compression_types=kLZ4HCCompression --compression_level_from=1 --compression_level_to=2
  expect "recompress zstd on $who's table" '^Compression: kZSTD +Block Size: 16384  Threads: 1$' "$OUR_SST" --file="$sst" --command=recompress --compression_types=kZSTD
  expect "recompress xpress unsupported" '^Unsupported compression type: kXpressCompression.$' "$OUR_SST" --file="$sst" --command=recompress --compression_types=kXpressCompression

  # ldb read-only commands: ours and Debian's on the same database.
  for args in "scan" "scan --hex" "scan --max_keys=3 --hex" "dump --hex" "dump --key_hex --from=0x00000000000000103030303030303030 --to=0x00000000000000203030303030303030" \
              "get --hex 0x00000000000000073030303030303030" "get --key_hex 0x00000000000000073030303030303030 --value_hex" \
              "get nosuchkey" "manifest_dump" "manifest_dump --hex" "list_column_families" \
              "approxsize --key_hex --from=0x00000000000000053030 --to=0x00000000000001053030" "approxsize --from=a --to=z"; do
    # shellcheck disable=SC2086
    same "ldb $args on $who's db" "$OUR_LDB" --db="$db" $args -- /usr/bin/ldb --db="$db" $args
  done
done

# ldb writes: ours on a copy of RocksDB's database, read back by Debian's ldb, and the reverse.
cp -r "$rdb" "$work/w1"
"$OUR_LDB" --db="$work/w1" put hello world >/dev/null && "$OUR_LDB" --db="$work/w1" delete --hex 0x00000000000000003030303030303030 >/dev/null \
  && "$OUR_LDB" --db="$work/w1" compact >/dev/null
expect "rocksdb reads ferrock's put" '^world$' rocks /usr/bin/ldb --db="$work/w1" get hello
expect "rocksdb sees ferrock's delete" 'NotFound' rocks /usr/bin/ldb --db="$work/w1" get --hex 0x00000000000000003030303030303030
expect "rocksdb counts after ferrock's writes" '^Keys in range: 1000$' rocks /usr/bin/ldb --db="$work/w1" dump
rocks /usr/bin/ldb --db="$work/w1" put --value_hex again 0x616263 >/dev/null
expect "ferrock reads rocksdb's put" '^abc$' "$OUR_LDB" --db="$work/w1" get again
expect "ldb creates with --create_if_missing" '^OK$' "$OUR_LDB" --db="$work/new" --create_if_missing put k v
expect "ldb fails without --create_if_missing" '^Failed: ' "$OUR_LDB" --db="$work/missing" put k v
same "ldb column families" "$OUR_LDB" --db="$work/new" list_column_families -- /usr/bin/ldb --db="$work/new" list_column_families

# A read-only command leaves the database untouched (no new files, no LOCK taken).
before=$(ls "$rdb" | sort); "$OUR_LDB" --db="$rdb" scan >/dev/null; after=$(ls "$rdb" | sort)
if [ "$before" == "$after" ]; then ok; else bad "ldb scan changed the files of $rdb"; fi

# A damaged data block: both tools report the table corrupted.
cp "$rsst" "$work/bad.sst"
printf '\xff\xff\xff\xff' | dd of="$work/bad.sst" bs=1 seek=100 conv=notrunc status=none
expect "sst_dump verify reports corruption" 'bad.sst is corrupted: Corruption: ' "$OUR_SST" --file="$work/bad.sst" --command=verify
# (Debian's 7.8.3 sst_dump passes this file: its verify does not check data blocks.)
expect "sst_dump check --verify_checksum reports corruption" 'Corruption: block checksum mismatch' "$OUR_SST" --file="$work/bad.sst" --command=check --verify_checksum

echo "tools: $pass passed, $fail failed"
[ $fail -eq 0 ]
