#!/usr/bin/env bash
# RocksDB 11.8.1's C++ examples (examples/*.cc of the librocksdb-sys crate source,
# which `cargo fetch` brings; never copied into this repository), each compiled
# unchanged with -std=c++20 against the C++ API installed in PREFIX, linked
# with -lferrock, and run; it must exit 0. Each is also compiled against RocksDB's
# own headers (syntax only) when it fails to build here, so an example that
# RocksDB itself cannot build is told apart from a ferrock failure. Examples that wait on work elsewhere are
# listed in examples/waiting.txt with the reason; they must still compile or fail
# as recorded there, and the suite fails if one of them starts passing (so the
# list is kept true).
#
#   examples/run.sh PREFIX WORKDIR
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PREFIX=$1
WORK=$2
mkdir -p "$WORK"

src=$(ls -d "$HOME"/.cargo/registry/src/*/librocksdb-sys-0.19.0+11.8.1/rocksdb 2>/dev/null | head -1)
if [ -z "$src" ]; then
  cargo fetch --manifest-path "$ROOT/tools/rocksdb-src/Cargo.toml" >/dev/null 2>&1
  src=$(ls -d "$HOME"/.cargo/registry/src/*/librocksdb-sys-0.19.0+11.8.1/rocksdb 2>/dev/null | head -1)
fi
[ -n "$src" ] || { echo "examples: RocksDB 11.8.1's source not found (cargo fetch of tools/rocksdb-src failed)"; exit 1; }

# The examples write fixed /tmp paths. Each runs in a private mount namespace with
# its own /tmp when the machine allows one (so concurrent runs cannot collide);
# otherwise runs are serialised with a lock and the paths cleaned first. A private /tmp
# would hide a checkout, a prefix or a work directory under /tmp, so those use the lock too.
isolate() {
  local tmp=$1; shift
  local under_tmp=0
  for p in "$HERE" "$PREFIX" "$WORK"; do case "$p/" in /tmp/*) under_tmp=1 ;; esac; done
  if [ "$under_tmp" = 0 ] && unshare -rm true 2>/dev/null; then
    unshare -rm sh -c 'mount --bind "$0" /tmp && exec "$@"' "$tmp" "$@"
  else
    (flock 9; for d in /tmp/rocksdb_*example* /tmp/rocksmergetest; do rm -rf "$d"; done; "$@") 9>/tmp/ferrock-cpp-examples.lock
  fi
}

# Flags as RocksDB's own build gives the examples (OS_LINUX picks the POSIX code paths).
CXXFLAGS="-std=c++20 -O2 -DOS_LINUX -DROCKSDB_PLATFORM_POSIX -fno-rtti"
declare -A waiting
while IFS='|' read -r name reason; do
  [ -n "$name" ] && [ "${name:0:1}" != "#" ] && waiting[$name]=$reason
done < "$HERE/waiting.txt"

pass=0; fail=0; waited=0
for cc in "$src"/examples/*.cc; do
  name=$(basename "$cc" .cc)
  reason=${waiting[$name]:-}
  # Compile against the installed API only: a header missing from it must not be
  # found in /usr/include/rocksdb (Debian's 7.8.3) instead.
  built=ok
  if g++ $CXXFLAGS -MD -MF "$WORK/$name.d" -I"$PREFIX/include" "$cc" -o "$WORK/$name" -L"$PREFIX/lib" \
      -Wl,-rpath,"$PREFIX/lib" -lferrock -lpthread >"$WORK/$name.build.log" 2>&1; then
    if tr ' ' '\n' < "$WORK/$name.d" | grep -q '^/usr/include/rocksdb/'; then
      built=leaked; echo "  $name: includes a header from /usr/include/rocksdb"
    fi
  else
    built=failed
  fi
  # Control for a failed build: does it compile against RocksDB's own headers?
  upstream=-
  if [ "$built" = failed ]; then
    upstream=ok
    g++ $CXXFLAGS -fsyntax-only -I"$src/include" "$cc" 2>"$WORK/$name.upstream.log" || upstream=broken
  fi
  ran=skipped
  if [ "$built" = ok ]; then
    rm -rf "$WORK/tmp-$name"; mkdir -p "$WORK/tmp-$name"
    if (cd "$WORK" && isolate "$WORK/tmp-$name" timeout 600 "$HERE/run_one.sh" "$name" "$WORK/$name") >"$WORK/$name.run.log" 2>&1; then
      ran=ok
    else
      ran=failed
    fi
  fi
  if [ -n "$reason" ]; then
    if [ "$ran" = ok ]; then
      echo "FAIL $name now passes: remove it from examples/waiting.txt ($reason)"; fail=$((fail + 1))
    else
      echo "wait $name (build: $built, run: $ran, RocksDB's headers: $upstream): $reason"; waited=$((waited + 1))
    fi
  elif [ "$ran" = ok ]; then
    echo "ok   $name"; pass=$((pass + 1))
  else
    echo "FAIL $name (build: $built, run: $ran, RocksDB's headers: $upstream)"
    tail -15 "$WORK/$name.build.log" "$WORK/$name.run.log" 2>/dev/null | sed 's/^/     /'
    fail=$((fail + 1))
  fi
done
echo "examples: $pass passed, $waited waiting (examples/waiting.txt), $fail failed"
[ $fail -eq 0 ]
