#!/usr/bin/env bash
# `make bench-compare`: RocksDB 7.8.3 (Debian's librocksdb, built with assertions),
# RocksDB 11.8.1 (a release build, see bench/rocksdb-release.sh) and ferrock side by
# side, in the same command, through ONE C program (bench/bench_compare.c) compiled
# once against Debian's /usr/include/rocksdb/c.h and linked -lrocksdb. The other
# sides only change LD_LIBRARY_PATH: target/release (where `make build` put the
# librocksdb.so.7.8 -> libferrock.so alias) or the release build's cache directory
# (librocksdb.so.7.8 -> its librocksdb.so). The release build is made once when
# missing (about 15 minutes on 2 cores; ROCKSDB_RELEASE=0 leaves that column out).
#
# Workloads (16-byte keys, 100-byte values, LZ4, 64 MiB write buffer, 32 MiB LRU cache):
#   fillseq, fillrandom, fillbatch (fresh databases; fillbatch in batches of 100),
#   overwrite (on fillrandom's), readrandom, seekrandom and readwhilewriting (on
#   fillseq's, every read verified), deleterandom (on fillrandom's, deletions verified),
#   txnfill (a fresh TransactionDB, random puts in transactions of 100, last one verified).
#   Each run is its own child process; the runs alternate between the libraries (and
#   the order rotates every round).
# Env: NUM (1000000), READS (1000000), SEEKS (100000), RWW_READS (200000), DELETES (NUM),
#      WORKLOADS (all nine, in order), ROUNDS (1), OUT (a file for the table),
#      ROCKSDB_RELEASE (1: include RocksDB 11.8.1 release, building it when missing),
#      RECOMPRESS (1: also compare sst_dump --command=recompress, bench/recompress_compare.sh),
#      RECORD=1 (rewrite docs/benchmarks.md with this run: machine, command, date, table),
#      BASE_REV (a git revision: adds a column for ferrock built at that commit, to measure a
#      change against the commit before it in the same command; built once, from `git archive`,
#      into target/bench-base/<sha>).
# Each figure is the median of the ROUNDS runs of that side and workload.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
NUM=${NUM:-1000000}
READS=${READS:-1000000}
SEEKS=${SEEKS:-100000}
RWW_READS=${RWW_READS:-200000}
DELETES=${DELETES:-$NUM}
WORKLOADS=${WORKLOADS:-fillseq fillrandom overwrite fillbatch readrandom seekrandom readwhilewriting deleterandom txnfill}
ROUNDS=${ROUNDS:-1}
FERROCK_LIBDIR=$ROOT/target/release
ROCKSDB_RELEASE=${ROCKSDB_RELEASE:-1}
RELEASE_LIBDIR=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib
sides=(rocksdb ferrock)
if [ "$ROCKSDB_RELEASE" = 1 ]; then
  if [ ! -f "$RELEASE_LIBDIR/librocksdb.so" ]; then
    echo "bench-compare: RocksDB 11.8.1 release build missing; building it once now (about 15 minutes on 2 cores)"
    bench/rocksdb-release.sh
  fi
  sides=(rocksdb release ferrock)
fi

BASE_REV=${BASE_REV:-}
if [ -n "$BASE_REV" ]; then
  base_sha=$(git rev-parse --verify "$BASE_REV^{commit}")
  base_dir=$ROOT/target/bench-base/$base_sha
  BASE_LIBDIR=$base_dir/target/release
  if [ ! -f "$BASE_LIBDIR/libferrock.so" ]; then
    echo "bench-compare: building ferrock at $BASE_REV ($base_sha) once, into $base_dir"
    rm -rf "$base_dir/src"
    mkdir -p "$base_dir/src"
    git archive "$base_sha" | tar -x -C "$base_dir/src"
    (cd "$base_dir/src" && nice cargo build --release --lib -q --target-dir "$base_dir/target")
  fi
  ln -sfn libferrock.so "$BASE_LIBDIR/librocksdb.so.7.8"
  sides+=(base)
fi

bin=$ROOT/target/bench/bench_compare
mkdir -p "$(dirname "$bin")"
gcc -O2 -Wall -Werror -I/usr/include bench/bench_compare.c -o "$bin" -lrocksdb -lpthread

# Prove which library each side loads.
sys_lib=$(ldd "$bin" | awk '/librocksdb/ { print $3 }')
our_lib=$(LD_LIBRARY_PATH=$FERROCK_LIBDIR ldd "$bin" | awk '/librocksdb/ { print $3 }')
echo "rocksdb side: $sys_lib"
echo "ferrock side: $our_lib -> $(readlink -f "$our_lib")"
if [ "$ROCKSDB_RELEASE" = 1 ]; then
  rel_lib=$(LD_LIBRARY_PATH=$RELEASE_LIBDIR ldd "$bin" | awk '/librocksdb/ { print $3 }')
  echo "release side: $rel_lib -> $(readlink -f "$rel_lib")"
  case "$(readlink -f "$rel_lib")" in
    "$RELEASE_LIBDIR"/librocksdb.so) ;;
    *) echo "bench-compare: the release side does not resolve to $RELEASE_LIBDIR/librocksdb.so" >&2; exit 1 ;;
  esac
fi
if [ -n "$BASE_REV" ]; then
  base_lib=$(LD_LIBRARY_PATH=$BASE_LIBDIR ldd "$bin" | awk '/librocksdb/ { print $3 }')
  echo "base side ($BASE_REV): $base_lib -> $(readlink -f "$base_lib")"
  case "$(readlink -f "$base_lib")" in
    "$BASE_LIBDIR"/libferrock.so) ;;
    *) echo "bench-compare: the base side does not resolve to $BASE_LIBDIR/libferrock.so" >&2; exit 1 ;;
  esac
fi
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
    fillbatch) dir=$work/$side-batch; rm -rf "$dir"; ops=$NUM ;;
    txnfill) dir=$work/$side-txn; rm -rf "$dir"; ops=$NUM ;;
    readrandom) dir=$work/$side-seq; ops=$READS ;;
    readwhilewriting) dir=$work/$side-seq; ops=$RWW_READS ;;
    deleterandom) dir=$work/$side-rand; ops=$DELETES ;;
    seekrandom) dir=$work/$side-seq; ops=$SEEKS ;;
  esac
  if [ "$side" = ferrock ]; then
    out=$(LD_LIBRARY_PATH=$FERROCK_LIBDIR "$bin" "$w" "$dir" "$NUM" "$ops" 2>&1) || rc=$?
  elif [ "$side" = release ]; then
    out=$(LD_LIBRARY_PATH=$RELEASE_LIBDIR "$bin" "$w" "$dir" "$NUM" "$ops" 2>&1) || rc=$?
  elif [ "$side" = base ]; then
    out=$(LD_LIBRARY_PATH=$BASE_LIBDIR "$bin" "$w" "$dir" "$NUM" "$ops" 2>&1) || rc=$?
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
    case $w in readrandom|seekrandom|readwhilewriting|deleterandom) checked=", verified $verified, wrong $bad" ;; esac
    echo "  $side $w: $opsps ops/s, peak RSS $(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }') MiB$checked"
    echo "$side $w $opsps $rss ok" >> "$results"
  fi
}

for ((round = 1; round <= ROUNDS; round++)); do
  echo "round $round of $ROUNDS"
  for w in $WORKLOADS; do
    # The order rotates every round so no side always runs first (on a cold cache).
    n=${#sides[@]}
    for ((k = 0; k < n; k++)); do run_one "${sides[$(((k + round - 1) % n))]}" "$w"; done
  done
done

# The table: each side's median throughput, ferrock's ratio to each other side, each side's peak RSS.
table=$(awk -v sides="${sides[*]}" -v workloads="$WORKLOADS" -v base_rev="$BASE_REV" '
  BEGIN {
    label["rocksdb"] = "RocksDB 7.8.3 (Debian)"; label["release"] = "RocksDB 11.8.1 release"
    label["base"] = "ferrock " base_rev; label["ferrock"] = "ferrock"
  }
  { key = $1 SUBSEP $2; if ($5 != "ok") failed[key] = 1; v[key, ++n[key]] = $3; if ($4 > rss[key]) rss[key] = $4 }
  function median(k,   i, j, t, m, a) {
    m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
    for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  function ok(k) { return (k in n) && !(k in failed) }
  function ops(s, w) { k = s SUBSEP w; return ok(k) ? sprintf("%.0f", median(k)) : "FAILED" }
  function ratio(a, b, w) { ka = a SUBSEP w; kb = b SUBSEP w
    return (!ok(ka) || !ok(kb) || median(kb) == 0) ? "-" : sprintf("%.2f", median(ka) / median(kb)) }
  function mib(s, w) { k = s SUBSEP w; return ok(k) ? sprintf("%.0f MiB", rss[k] / 1024) : "-" }
  END {
    ns = split(sides, ss, " "); nw = split(workloads, ws, " ")
    head = "| workload"; rule = "|---"
    for (i = 1; i <= ns; i++) { head = head " | " label[ss[i]] " ops/s"; rule = rule "|---:" }
    for (i = 1; i <= ns; i++) if (ss[i] != "ferrock") { head = head " | ferrock / " label[ss[i]]; rule = rule "|---:" }
    for (i = 1; i <= ns; i++) { head = head " | peak RSS " label[ss[i]]; rule = rule "|---:" }
    print head " |"; print rule "|"
    for (j = 1; j <= nw; j++) {
      w = ws[j]; line = "| " w
      for (i = 1; i <= ns; i++) line = line " | " ops(ss[i], w)
      for (i = 1; i <= ns; i++) if (ss[i] != "ferrock") line = line " | " ratio("ferrock", ss[i], w)
      for (i = 1; i <= ns; i++) line = line " | " mib(ss[i], w)
      print line " |"
    }
  }' "$results")
echo
echo "$table"
recompress=""
if [ "${RECOMPRESS:-1}" = 1 ]; then
  echo
  echo "sst_dump --command=recompress with LZ4, RocksDB 7.8.3's and ferrock's on the same table:"
  recompress=$(bench/recompress_compare.sh) || recompress="(recompress comparison failed)"
  echo "$recompress"
fi
if [ -n "${OUT:-}" ]; then echo "$table" > "$OUT"; fi
if [ "${RECORD:-0}" = 1 ]; then
  cpu=$(awk -F: '/^model name/ { sub(/^ +/, "", $2); print $2; exit }' /proc/cpuinfo)
  ram=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
  {
    sed -n '1,/^## Latest run/p' docs/benchmarks.md
    echo
    echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- Machine: $(nproc) CPUs ($cpu), $ram RAM, $(. /etc/os-release && echo "$PRETTY_NAME")"
    echo "- Libraries: RocksDB $(dpkg-query -W -f='${Version}' librocksdb7.8 2>/dev/null || echo 7.8.3) (Debian, built with assertions)$([ "$ROCKSDB_RELEASE" = 1 ] && echo ", RocksDB 11.8.1 (release build of librocksdb-sys 0.19.0+11.8.1: -O3, NDEBUG)"), ferrock $(git describe --always --dirty 2>/dev/null)"
    echo "- Load average when the run started: $load_at_start (the machine may be shared)"
    echo "- Command: \`NUM=$NUM READS=$READS SEEKS=$SEEKS RWW_READS=$RWW_READS ROUNDS=$ROUNDS ROCKSDB_RELEASE=$ROCKSDB_RELEASE${BASE_REV:+ BASE_REV=$BASE_REV} make bench-compare\`"
    echo
    echo "$table"
    if [ -n "$recompress" ]; then
      echo
      echo "sst_dump \`--command=recompress\` with LZ4 on the same table (\`bench/recompress_compare.sh\`):"
      echo
      echo "$recompress"
    fi
  } > "$work/benchmarks.md"
  cp "$work/benchmarks.md" docs/benchmarks.md
  echo "recorded in docs/benchmarks.md"
fi
! grep -q FAILED "$results"
