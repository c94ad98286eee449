#!/usr/bin/env bash
# Backups that move between RocksDB and ferrock (issue 16): make test's backup suite with
# Debian's RocksDB 7.8.3 (the default), and `make compat-release` with the release 11.8.1
# (`tests/backup/run.sh release`, skipped, saying so, when that build is missing).
# backup_compat.c, built once against RocksDB and once against ferrock, is every step:
#  1. RocksDB creates a database and backups 1 and 2 (one with the WAL, one flushed);
#     ferrock restores both and checks them; ferrock adds backup 3 to RocksDB's backup
#     directory, RocksDB restores it and adds backup 4, which ferrock restores.
#  2. The same with the roles swapped: ferrock's backups restore with RocksDB.
#  3. ferrock's backup directory has RocksDB's layout: meta/<id>, private/<id>/CURRENT,
#     tables as shared_checksum/<number>_s<session id>_<size>.sst, each stored once.
# Prints `N passed, M failed`; exits non-zero on failure.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT=$PWD
LIBDIR=${LIBDIR:-$ROOT/target/release}
FLAVOR=${1:-debian}
BIN=$ROOT/target/backup-compat
mkdir -p "$BIN"
source "$ROOT/tests/lib/checks.sh"

if [ "$FLAVOR" = release ]; then
  source "$ROOT/tests/lib/release.sh"
  label="RocksDB 11.8.1"
  metadata=-DBACKUP_METADATA
  check "build backup_compat.c against $label" \
    rocksdb gcc -O1 -Wall -Werror -DBACKUP_METADATA -I "$header_dir" tests/backup/backup_compat.c -o "$BIN/rocksdb_side" \
    -L "$RELEASE_LIB" -l:librocksdb.so -Wl,-rpath,"$RELEASE_LIB"
else
  label="RocksDB 7.8.3"
  metadata=
  check "build backup_compat.c against $label (Debian's header, -lrocksdb)" \
    rocksdb gcc -O1 -Wall -Werror -I/usr/include tests/backup/backup_compat.c -o "$BIN/rocksdb_side" -lrocksdb
fi
check "build backup_compat.c against ferrock" \
  gcc -O1 -Wall -Werror $metadata -I "$ROOT/include" -L "$LIBDIR" -Wl,-rpath,"$LIBDIR" tests/backup/backup_compat.c \
  -o "$BIN/ferrock_side" -lferrock
[ "$failed" -eq 0 ] || finish

R() { rocksdb "$BIN/rocksdb_side" "$@"; }
F() { "$BIN/ferrock_side" "$@"; }

# 1. RocksDB's backups, restored and extended by ferrock.
b=$work/rocksdb-backups
check "$label creates a database and backups 1 and 2" R create "$work/r-db" "$b"
check "ferrock restores $label's backup 1 (WAL included)" F restore "$b" 1 "$work/r1"
check "ferrock restores $label's backup 2 (flushed)" F restore "$b" 2 "$work/r2"
check "ferrock adds backup 3 to $label's backup directory" F extend "$work/r2" "$b" 3
check "$label restores ferrock's backup 3" R restore "$b" 3 "$work/r3"
check "$label adds backup 4 after ferrock's" R extend "$work/r3" "$b" 4
check "ferrock restores $label's backup 4" F restore "$b" 4 "$work/r4"

# 2. ferrock's backups, restored and extended by RocksDB.
b=$work/ferrock-backups
check "ferrock creates a database and backups 1 and 2" F create "$work/f-db" "$b"
check "$label restores ferrock's backup 1 (WAL included)" R restore "$b" 1 "$work/f1"
check "$label restores ferrock's backup 2 (flushed)" R restore "$b" 2 "$work/f2"
check "$label adds backup 3 to ferrock's backup directory" R extend "$work/f2" "$b" 3
check "ferrock restores $label's backup 3" F restore "$b" 3 "$work/f3"
check "ferrock adds backup 4 after $label's" F extend "$work/f3" "$b" 4
check "$label restores ferrock's backup 4" R restore "$b" 4 "$work/f4"

# 3. The layout ferrock wrote.
layout() {
  local d=$work/layout
  F create "$work/layout-db" "$d" || return 1
  ls -R "$d"
  [ -f "$d/meta/1" ] && [ -f "$d/meta/2" ] && [ -f "$d/private/1/CURRENT" ] && [ -f "$d/private/2/CURRENT" ] || return 1
  ls "$d/private/1" | grep -q '^MANIFEST-[0-9]*$' && ls "$d/private/1" | grep -q '^OPTIONS-[0-9]*$' || return 1
  ls "$d/private/1" | grep -q '\.log$' || { echo "backup 1 has no WAL"; return 1; }
  local n; n=$(ls "$d/shared_checksum" | wc -l)
  [ "$n" -gt 0 ] || return 1
  ls "$d/shared_checksum" | grep -vE '^[0-9]{6}_s[0-9A-Z]{20}_[0-9]+\.sst$' && { echo "unexpected shared names"; return 1; }
  # Each table is stored once however many backups name it.
  [ "$(cat "$d"/meta/* | grep -c '^shared_checksum/')" -gt "$n" ] || { echo "no table shared between backups"; return 1; }
  return 0
}
check "ferrock's backup directory has RocksDB's layout and shares tables" layout

finish
