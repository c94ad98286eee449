#!/usr/bin/env bash
# `make rocksdb-release`: builds RocksDB 11.8.1 in release mode ONCE, from the source the
# librocksdb-sys crate (0.19.0+11.8.1) bundles, and links its static libraries into a
# shared librocksdb.so for bench/bench_compare.c.
#
# The cache lives outside target/ so `make clean` keeps it:
#   ${FERROCK_CACHE:-~/.cache/ferrock}/rocksdb-11.8.1/lib/librocksdb.so (+ librocksdb.so.7.8 alias,
#   the SONAME the benchmark binary, linked against Debian's library, asks for).
# Cargo drives the build (cc compiles with -O3 and NDEBUG; features lz4 and snappy, and
# zstd when the registry can provide zstd-sys). About 15 minutes on 2 cores; it runs under
# `nice -n 19`. Prints the library's path on success; does nothing when it already exists.
set -euo pipefail
CACHE=${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1
LIB=$CACHE/lib/librocksdb.so
if [ -f "$LIB" ] && [ "${1:-}" != --force ]; then
  echo "$LIB"
  exit 0
fi
# librocksdb-sys runs bindgen, which needs libclang (Debian's libclang-dev).
"$(dirname "${BASH_SOURCE[0]}")/../scripts/deps.sh" libclang-dev g++
mkdir -p "$CACHE/crate/src" "$CACHE/lib"
cd "$CACHE/crate"
write_manifest() {
  cat > Cargo.toml <<TOML
[package]
name = "rocksdb-release-build"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
path = "src/lib.rs"

[dependencies]
librocksdb-sys = { version = "=0.19.0+11.8.1", features = [$1] }

[profile.release]
opt-level = 3
debug = false

[workspace]
TOML
}
echo "// Only here so cargo builds librocksdb-sys's native libraries." > src/lib.rs
features='"lz4", "snappy", "zstd"'
write_manifest "$features"
if ! cargo fetch >/dev/null 2>&1; then
  echo "rocksdb-release: zstd-sys is not available from the registry; building with lz4 and snappy only" >&2
  features='"lz4", "snappy"'
  write_manifest "$features"
  cargo fetch
fi
echo "rocksdb-release: building RocksDB 11.8.1 (features $features) in $CACHE; ~15 minutes on 2 cores" >&2
NUM_JOBS=${NUM_JOBS:-$(nproc)} nice -n 19 cargo build --release --lib

out=$(dirname "$(find target/release/build -path '*librocksdb-sys-*/out/librocksdb.a' | head -1)")
[ -f "$out/librocksdb.a" ] || { echo "rocksdb-release: librocksdb.a not found under target/release/build" >&2; exit 1; }
whole=("$out/librocksdb.a")
[ -f "$out/libsnappy.a" ] && whole+=("$out/libsnappy.a")
extra=()
for dep in lz4-sys zstd-sys; do
  a=$(find target/release/build -path "*$dep-*/out/*" -name '*.a' | head -1)
  [ -n "$a" ] && extra+=("$a")
done
# The static archives are position-independent (cc builds with -fPIC), so one shared
# library can hold all of them; --whole-archive keeps every rocksdb_* C function.
g++ -shared -o "$LIB.tmp" -Wl,-soname,librocksdb.so.7.8 \
  -Wl,--whole-archive "${whole[@]}" -Wl,--no-whole-archive "${extra[@]}" -lpthread -ldl
mv "$LIB.tmp" "$LIB"
ln -sfn librocksdb.so "$CACHE/lib/librocksdb.so.7.8"
echo "$LIB"
