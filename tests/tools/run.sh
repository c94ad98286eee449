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

# Removes what legitimately differs: the Env pointer sst_dump prints; the subcode text RocksDB
# puts before a missing file's IO error ("IO error: No such file or directory: While ..."),
# which ferrock's posix env leaves out of every IO error it makes (an engine-wide text).
normalize() { sed -e 's/^options.env is 0x[0-9a-f]*$/options.env is PTR/' -e 's/IO error: No such file or directory: /IO error: /'; }

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

# --- --help lists every flag each tool parses, with its meaning and default: the list comes
# from the parser's own table (--helpxml, gflags' XML of the same definitions).
for t in "$OUR_SST" "$OUR_LDB" "$OUR_BENCH"; do
  tn=$(basename "$t")
  if "$t" --help >"$work/help.txt" 2>&1 && "$t" --helpxml >"$work/help.xml" 2>&1; then
    if msg=$(python3 - "$work/help.xml" "$work/help.txt" <<'PY'
import re, sys, xml.etree.ElementTree as ET
flags = ET.parse(sys.argv[1]).getroot().findall("flag")
text = open(sys.argv[2]).read()
flat = " ".join(text.split())
bad = []
for f in flags:
    name, meaning, default = f.findtext("name"), f.findtext("meaning"), f.findtext("default")
    m = re.search(r"(?m)^\s+--%s(?:[ =\[]|$)(.*(?:\n(?!\s+--).*)*)" % re.escape(name), text)
    if not m:
        bad.append("--%s not listed" % name); continue
    block = " ".join(m.group(1).split())
    if " ".join(meaning.split()) not in block:
        bad.append("--%s: meaning missing" % name)
    takes_value = m.group(0).lstrip().startswith("--%s=" % name) or m.group(0).lstrip().startswith("--%s <" % name) or "[=<" in m.group(0)
    if default and takes_value and ("[default: %s]" % default) not in block:
        bad.append("--%s: default %s missing" % (name, default))
if len(flags) < 10:
    bad.append("only %d flags in --helpxml" % len(flags))
print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
    ); then ok; else bad "$tn --help: $msg"; fi
  else
    bad "$tn --help or --helpxml failed"
  fi
done
expect "db_bench unknown flag" "^ERROR: unknown command line flag 'nosuch'$" "$OUR_BENCH" --nosuch=1
expect "db_bench --noflag" "^ERROR: unknown command line flag 'nonum'$" "$OUR_BENCH" --nonum
expect "ldb unknown option" '^Failed: Invalid argument: Unknown option: --nosuch$' "$OUR_LDB" --db="$work/x" --nosuch get k
expect "sst_dump unknown option" "^Unrecognized argument '--nosuch'$" "$OUR_SST" --nosuch

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
              "approxsize --key_hex --from=0x00000000000000053030 --to=0x00000000000001053030" "approxsize --from=a --to=z" \
              "idump --max_keys=20" "idump --hex --max_keys=20" "idump --count_only" \
              "idump --key_hex --from=0x00000000000000103030303030303030 --to=0x00000000000000203030303030303030" \
              "idump --input_key_hex --from=0x00000000000000103030303030303030 --to=0x00000000000000203030303030303030"; do
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

# ldb's write and admin commands: ours on one copy of a database, Debian's on another copy at
# the same path; the command's output and status must match, and so must the database after it
# as Debian's ldb reads it (scan of every column family, the column families' names).
state() {
  rocks /usr/bin/ldb --db="$1" list_column_families 2>&1
  for cf in $(rocks /usr/bin/ldb --db="$1" list_column_families 2>/dev/null | tail -1 | tr -d '{},'); do
    echo "[$cf]"; rocks /usr/bin/ldb --db="$1" --column_family="$cf" scan --hex 2>&1
  done
}
# RocksDB's repair logs to stderr (ferrock's to the LOG file): those lines are dropped.
no_info_log() { grep -avE '^[0-9]{4}/[0-9]{2}/[0-9]{2}-[0-9:.]+ [0-9a-f]+ \[' | normalize; }
same_write() {
  local name=$1 src=$2; shift 2
  local d=$work/wdb in=${STDIN_FILE:-/dev/null}
  rm -rf "$d"; cp -r "$src" "$d"
  "$OUR_LDB" --db="$d" "$@" <"$in" 2>&1 | no_info_log >"$work/o.out"; echo "rc=${PIPESTATUS[0]}" >>"$work/o.out"; state "$d" >>"$work/o.out"
  rm -rf "$d"; cp -r "$src" "$d"
  rocks /usr/bin/ldb --db="$d" "$@" <"$in" 2>&1 | no_info_log >"$work/t.out"; echo "rc=${PIPESTATUS[0]}" >>"$work/t.out"; state "$d" >>"$work/t.out"
  if cmp -s "$work/o.out" "$work/t.out"; then ok; else bad "$name"; diff -a "$work/t.out" "$work/o.out" | head -10; fi
}
small=$work/small
rocks /usr/bin/ldb --db="$small" --create_if_missing batchput a 1 b 2 c 3 d 4 >/dev/null
rocks /usr/bin/ldb --db="$work/small" create_column_family other >/dev/null
for src in "$small" "$fdb"; do
  same_write "ldb batchput on $src" "$src" batchput k1 v1 k2 v2
  same_write "ldb batchput --hex on $src" "$src" --hex batchput 0x6B31 0x7631
  same_write "ldb batchput into a column family on $src" "$small" --column_family=other batchput x y
  same_write "ldb batchput without pairs" "$src" batchput
  same_write "ldb batchput odd" "$src" batchput k1 v1 k2
  same_write "ldb deleterange on $src" "$src" deleterange b d
  same_write "ldb deleterange --hex on $src" "$src" --hex deleterange 0x00000000000000103030303030303030 0x00000000000000203030303030303030
  same_write "ldb deleterange one key" "$src" deleterange b
  same_write "ldb singledelete on $src" "$src" singledelete c
  same_write "ldb singledelete without key" "$src" singledelete
  same_write "ldb create_column_family on $src" "$src" create_column_family newcf
  same_write "ldb create_column_family existing" "$small" create_column_family other
  same_write "ldb create_column_family without name" "$src" create_column_family
  same_write "ldb drop_column_family" "$small" drop_column_family other
  same_write "ldb drop_column_family missing" "$src" drop_column_family nosuch
  same_write "ldb drop_column_family without name" "$src" drop_column_family
  same_write "ldb get_property without name" "$src" get_property
  same_write "ldb get_property unknown" "$src" get_property rocksdb.nosuch
  same_write "ldb checkpoint without dir" "$src" checkpoint
  same_write "ldb checkpoint existing dir" "$src" checkpoint --checkpoint_dir="$work"
done
# load (lines of stdin), repair, checkconsistency, ingest_extern_sst.
printf 'k1 ==> v1\nno delimiter\nk2 ==> v2\n' >"$work/load.txt"
printf '0x6B33 ==> 0x7633\n' >"$work/loadhex.txt"
for src in "$small" "$fdb"; do
  STDIN_FILE=$work/load.txt same_write "ldb load on $src" "$src" load
  STDIN_FILE=$work/load.txt same_write "ldb load --compact --disable_wal on $src" "$src" load --compact --disable_wal
  STDIN_FILE=$work/loadhex.txt same_write "ldb load --hex on $src" "$src" --hex load
  same_write "ldb repair on $src" "$src" repair
  same "ldb checkconsistency on $src" "$OUR_LDB" --db="$src" checkconsistency -- /usr/bin/ldb --db="$src" checkconsistency
done
printf 'x1 ==> y1\nx2 ==> y2\n' | rocks /usr/bin/ldb --db="$small" write_extern_sst "$work/ext.sst" >/dev/null 2>&1
for src in "$small" "$fdb"; do
  same_write "ldb ingest_extern_sst on $src" "$src" ingest_extern_sst "$work/ext.sst"
  same_write "ldb ingest_extern_sst --ingest_behind=false on $src" "$src" ingest_extern_sst --ingest_behind=false "$work/ext.sst"
done
same_write "ldb ingest_extern_sst without file" "$small" ingest_extern_sst
same_write "ldb ingest_extern_sst --allow_global_seqno=false" "$small" ingest_extern_sst --allow_global_seqno=false "$work/ext.sst"
same_write "ldb ingest_extern_sst --write_global_seqno=false" "$small" ingest_extern_sst --write_global_seqno=false "$work/ext.sst"
same_write "ldb ingest_extern_sst missing file" "$small" ingest_extern_sst "$work/nosuch.sst"

# Properties of a compacted database (figures both engines compute the same way).
# (Not compared: rocksdb.estimate-num-keys, which ferrock gives as 0 for tables it has not
# written since the open, and rocksdb.num-live-versions, 2 against 1 on RocksDB's database.)
for p in rocksdb.num-files-at-level0 rocksdb.num-files-at-level1 rocksdb.num-snapshots \
         rocksdb.background-errors rocksdb.num-running-compactions rocksdb.is-write-stopped rocksdb.num-entries-active-mem-table \
         rocksdb.estimate-live-data-size rocksdb.total-sst-files-size; do
  same_write "ldb get_property $p on RocksDB's database" "$rdb" get_property "$p"
  same_write "ldb get_property $p on ferrock's database" "$fdb" get_property "$p"
done
# checkpoint: ours makes one of each database; Debian's ldb reads the same keys from it.
for src in "$rdb" "$fdb"; do
  rm -rf "$work/cp"
  expect "ldb checkpoint of $src" '^OK$' "$OUR_LDB" --db="$src" checkpoint --checkpoint_dir="$work/cp"
  if cmp -s <(state "$src") <(state "$work/cp" | sed "s|$work/cp|$src|"); then ok; else bad "checkpoint of $src differs"; fi
done
# dump_wal: the logs Debian's ldb and ours leave behind (each write command's batch), both tools.
wl=$work/wal_rocks; wf=$work/wal_ferrock
for d in "$wl" "$wf"; do
  if [ "$d" == "$wl" ]; then L=(rocks /usr/bin/ldb); else L=("$OUR_LDB"); fi
  "${L[@]}" --db="$d" --create_if_missing batchput a 1 b 2 c 3 >/dev/null
  "${L[@]}" --db="$d" delete a >/dev/null
  "${L[@]}" --db="$d" singledelete b >/dev/null
  "${L[@]}" --db="$d" --hex put 0x00FF 0x0102 >/dev/null
  "${L[@]}" --db="$d" deleterange c e >/dev/null
  for f in "$d"/*.log; do
    for args in "" "--header" "--print_value" "--header --print_value"; do
      # shellcheck disable=SC2086
      same "ldb dump_wal $args on $(basename "$d")/$(basename "$f")" "$OUR_LDB" dump_wal --walfile="$f" $args -- /usr/bin/ldb dump_wal --walfile="$f" $args
    done
  done
done
# idump: every version of each key (a value overwritten, a key deleted), in memtable and tables.
vers=$work/versions
rocks /usr/bin/ldb --db="$vers" --create_if_missing batchput a 1 b 2 c 3 >/dev/null
rocks /usr/bin/ldb --db="$vers" put a 4 >/dev/null
rocks /usr/bin/ldb --db="$vers" delete b >/dev/null
rocks /usr/bin/ldb --db="$vers" singledelete c >/dev/null
for args in "idump" "idump --hex" "idump --from=b" "idump --to=b" "idump --max_keys=2" "idump --count_only"; do
  # shellcheck disable=SC2086
  same "ldb $args on several versions" "$OUR_LDB" --db="$vers" $args -- /usr/bin/ldb --db="$vers" $args
done
same "ldb dump_wal missing file" "$OUR_LDB" dump_wal --walfile="$work/nosuch.log" -- /usr/bin/ldb dump_wal --walfile="$work/nosuch.log"

# A read-only command leaves the database untouched (no new files, no LOCK taken).
before=$(ls "$rdb" | sort); "$OUR_LDB" --db="$rdb" scan >/dev/null; after=$(ls "$rdb" | sort)
if [ "$before" == "$after" ]; then ok; else bad "ldb scan changed the files of $rdb"; fi

# A damaged data block: both tools report the table corrupted.
cp "$rsst" "$work/bad.sst"
printf '\xff\xff\xff\xff' | dd of="$work/bad.sst" bs=1 seek=100 conv=notrunc status=none
expect "sst_dump verify reports corruption" 'bad.sst is corrupted: Corruption: ' "$OUR_SST" --file="$work/bad.sst" --command=verify
# (Debian's 7.8.3 sst_dump passes this file: its verify does not check data blocks.)
expect "sst_dump check --verify_checksum reports corruption" 'Corruption: block checksum mismatch' "$OUR_SST" --file="$work/bad.sst" --command=check --verify_checksum

# db_bench: the benchmarks RocksDB names, with RocksDB's result lines, and --report_file's CSV
# (RocksDB's columns, a line per --report_interval_seconds).
bdb=$work/bench_db
"$OUR_BENCH" --benchmarks=fillbatch,fillsync,updaterandom,readmissing,readhot,readwhilemerging --merge_operator=put \
  --num=2000 --db="$bdb" --histogram >"$work/bench.out" 2>&1
for pat in '^fillbatch +: +[0-9.]+ micros/op [0-9]+ ops/sec [0-9.]+ seconds 2000 operations;' \
           '^fillsync +: +[0-9.]+ micros/op [0-9]+ ops/sec [0-9.]+ seconds 2000 operations; +[0-9.]+ MB/s \(2 ops\)$' \
           '^updaterandom : .* 2000 operations; +[0-9.]+ MB/s \( updates:2000 found:[0-9]+\)$' \
           '^readmissing +: .* 2000 operations; \(0 of 2000 found\)$' \
           '^readhot +: .* 2000 operations;.*\([0-9]+ of 2000 found\)$' \
           '^readwhilemerging : .* 2000 operations;.*found\)$' \
           '^Microseconds per write:$' '^Count: 2000 Average: [0-9.]+  StdDev: [0-9.]+$' \
           '^Percentiles: P50: [0-9.]+ P75: [0-9.]+ P99: [0-9.]+ P99.9: [0-9.]+ P99.99: [0-9.]+$' \
           '^[[(] +[0-9]+, +[0-9]+ \] +[0-9]+ +[0-9.]+% +[0-9.]+% #*$'; do
  if grep -aqE -- "$pat" "$work/bench.out"; then ok; else bad "db_bench: no /$pat/ in:"; head -40 "$work/bench.out"; fi
done
"$OUR_BENCH" --benchmarks=fillrandom --num=100000000 --duration=3 --report_interval_seconds=1 --report_file="$work/ours.csv" \
  --db="$bdb" >/dev/null 2>&1
rocks /usr/bin/db_bench --benchmarks=fillrandom --num=100000000 --duration=2 --report_interval_seconds=1 \
  --report_file="$work/theirs.csv" --db="$work/rbench" >/dev/null 2>&1
if [ "$(head -1 "$work/ours.csv")" == "$(head -1 "$work/theirs.csv")" ] && [ "$(head -1 "$work/ours.csv")" == "secs_elapsed,interval_qps" ]; then ok; else
  bad "report_file header: ours $(head -1 "$work/ours.csv"), RocksDB's $(head -1 "$work/theirs.csv")"; fi
if [ "$(tail -n +2 "$work/ours.csv" | grep -cE '^[0-9]+,[0-9]+$')" -ge 2 ] && [ "$(tail -n +2 "$work/ours.csv" | grep -cvE '^[0-9]+,[0-9]+$')" -eq 0 ]; then ok; else
  bad "report_file lines:"; cat "$work/ours.csv"; fi
expect "db_bench --noflag" '^fillseq +: ' "$OUR_BENCH" --benchmarks=fillseq --num=10 --nohistogram --db="$bdb"
expect "db_bench randomtransaction --optimistic_transaction_db" '^randomtransaction : .* 500 operations;' \
  "$OUR_BENCH" --benchmarks=randomtransaction --optimistic_transaction_db --num=500 --transaction_sets=3 --db="$bdb"
expect "db_bench randomtransaction needs a transaction database" 'requires --transaction_db=1 or --optimistic_transaction_db=1' \
  "$OUR_BENCH" --benchmarks=randomtransaction --num=5 --db="$bdb"
expect "db_bench --flag value" '^fillseq +: .* 10 operations;' "$OUR_BENCH" --benchmarks fillseq --num 10 --db "$bdb"

echo "tools: $pass passed, $fail failed"
[ $fail -eq 0 ]
