#!/usr/bin/env bash
# The Rust API check (issue 19), the `rustapi` suite of `make test`:
# 1. crates/rust-api-check, a program that depends on ferrock as a Rust user does
#    (`default-features = false`: no C API, no internals), builds and runs: it opens a
#    database in a temporary directory, writes, reads back and asserts;
# 2. its binary holds no `rocksdb_*` symbol, defined or undefined (`nm`), so a program can
#    link ferrock beside RocksDB's own C library (librocksdb-sys);
# 3. the normal build, target/release/libferrock.so (`make build`, with the default
#    features), still exports every `rocksdb_*` function include/rocksdb/c.h declares;
# 4. the Rust API's documentation builds without a warning (missing docs, broken links):
#    `cargo doc --no-default-features --no-deps` with -Dwarnings.
# Release profile, as the rest of `make test`: the dependencies built by the rust and build
# suites are reused, only ferrock itself is compiled again, without features.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CARGO=${CARGO:-cargo}
LIB=target/release/libferrock.so
BIN=target/release/ferrock-rust-api-check

# `-p` alone: the package's own feature set (resolver 2), not unified with the root's defaults.
$CARGO build --release -q -p ferrock-rust-api-check
"$BIN"

leaked=$(nm "$BIN" | awk '{print $NF}' | grep -c '^rocksdb_' || true)
if [ "$leaked" -ne 0 ]; then
  echo "FAIL: $BIN holds $leaked rocksdb_* symbols (ferrock without the capi feature must have none):"
  nm "$BIN" | awk '{print $NF}' | grep '^rocksdb_' | head -5
  exit 1
fi
echo "$BIN: no rocksdb_* symbol ($(nm "$BIN" | wc -l) symbols)"

if [ ! -f "$LIB" ]; then
  echo "FAIL: $LIB is missing (run make build first)"; exit 1
fi
exported=$(mktemp); declared=$(mktemp)
trap 'rm -f "$exported" "$declared"' EXIT
nm -D --defined-only "$LIB" | awk '{print $NF}' | grep '^rocksdb_' | sort -u > "$exported"
grep -oE '\brocksdb_[A-Za-z0-9_]+[[:space:]]*\(' include/rocksdb/c.h | sed 's/[[:space:]]*($//' | sort -u > "$declared"
missing=$(comm -23 "$declared" "$exported")
if [ -n "$missing" ]; then
  echo "FAIL: $LIB lacks $(echo "$missing" | wc -l) functions of c.h:"; echo "$missing" | head -5
  exit 1
fi
echo "$LIB: exports $(wc -l < "$exported") rocksdb_* functions, every one c.h declares ($(wc -l < "$declared"))"

RUSTDOCFLAGS=-Dwarnings $CARGO doc --release -q --no-default-features --no-deps --lib
echo "cargo doc --no-default-features: no warning"
