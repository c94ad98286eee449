#!/usr/bin/env bash
# `make test`: runs every suite (rust, build, rustapi, stress, fuzz, header, capi, difftest, ctest, interop, compat, backup, install, tools, cpp, go, python), prints each one's wall time (`== suite X: 12.3 s`),
# keeps going after a failure, ends with `N passed, M failed` and exits non-zero
# if any suite failed. A suite whose files are not in the tree yet is skipped (and said so).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
LIBDIR=$ROOT/target/release
MAKE=${MAKE:-make}

passed=0; failed=0; failed_names=(); skipped_names=()

# SUITES="interop install" make test runs only those suites (default: all).
SUITES=${SUITES:-}

# run_suite NAME COMMAND...: runs the command, times it, records the outcome.
run_suite() {
  local name=$1; shift
  if [ -n "$SUITES" ] && [[ " $SUITES " != *" $name "* ]]; then return 0; fi
  echo
  echo "== suite $name: starting"
  local t0 t1 rc
  t0=$(date +%s.%N)
  "$@"; rc=$?
  t1=$(date +%s.%N)
  local secs; secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1)); echo "== suite $name: $secs s (passed)"
  else
    failed=$((failed + 1)); failed_names+=("$name"); echo "== suite $name: $secs s (FAILED, exit $rc)"
  fi
}

skip_suite() {
  if [ -n "$SUITES" ] && [[ " $SUITES " != *" $1 "* ]]; then return 0; fi
  skipped_names+=("$1"); echo; echo "== suite $1: skipped ($2)"
}

# One profile (release) for every Rust test, so the crate is compiled once for tests and benches.
# `cargo test` puts target/release on the tests' LD_LIBRARY_PATH, so while the
# librocksdb.so.7.8 alias sits there, the Debian tools (sst_dump, ldb, db_bench) that
# Rust tests start would load ferrock instead of RocksDB and fail with "symbol lookup
# error". The Rust suite therefore runs without the aliases; the build suite puts them back.
rust_suite() {
  rm -f "$LIBDIR/librocksdb.so" "$LIBDIR/librocksdb.so.7.8"
  cargo test --release --no-fail-fast
}
run_suite rust rust_suite

run_suite build $MAKE --no-print-directory build

# The Rust API (issue 19): a program depending on ferrock without its default features (no C
# API) builds, runs and holds no rocksdb_* symbol; libferrock.so exports all of c.h; the API's
# rustdoc has no warning.
if [ -x scripts/rust-api-check.sh ]; then
  run_suite rustapi scripts/rust-api-check.sh
else
  skip_suite rustapi "scripts/rust-api-check.sh not in the tree yet"
fi

# The test tools' own tests (the operation model, the stress driver's verifier), then the
# short fixed-seed share of `make stress` (docs/reliability.md).
if [ -f crates/stress/Cargo.toml ]; then
  stress_suite() {
    cargo test --release -q -p ferrock-opmodel -p ferrock-stress -p ferrock-fuzz || return 1
    scripts/stress.sh --short
  }
  run_suite stress stress_suite
  # A fixed-seed share of `make fuzz`.
  run_suite fuzz $MAKE --no-print-directory fuzz FUZZ_ITERS=20000 FUZZ_SEED=1
else
  skip_suite stress "crates/stress not in the tree yet"
  skip_suite fuzz "crates/fuzz not in the tree yet"
fi

if [ -f capi-tests/check_header.py ]; then
  # Freshness (the checked-in header is what `make header` generates now), then
  # compatibility with RocksDB 11.8.1's c.h and with Debian's 7.8.3 c.h.
  header_suite() {
    if [ -f examples/gen_header.rs ]; then
      # c.h and ferrock_ext.h (the ferrock-only entry points) are both generated.
      local fresh; fresh=$(mktemp -d)
      cargo run -q --release --example gen_header -- "$fresh/c.h" "$fresh/ferrock_ext.h" || { rm -rf "$fresh"; return 1; }
      local h
      for h in c.h ferrock_ext.h; do
        if ! cmp -s "$fresh/$h" "include/rocksdb/$h"; then
          echo "include/rocksdb/$h is stale: run make header"; diff -u "include/rocksdb/$h" "$fresh/$h" | head -20
          rm -rf "$fresh"; return 1
        fi
      done
      rm -rf "$fresh"; echo "include/rocksdb/c.h and ferrock_ext.h are fresh"
    fi
    python3 capi-tests/check_header.py && python3 capi-tests/check_header.py --debian
  }
  run_suite header header_suite
else
  skip_suite header "capi-tests/check_header.py not in the tree yet"
fi

if [ -f capi-tests/Makefile ]; then
  run_suite capi $MAKE --no-print-directory -C capi-tests test LIBDIR="$LIBDIR"
else
  skip_suite capi "capi-tests/Makefile not in the tree yet"
fi

# The differential test (issue 14, docs/difftest.md): the saved regressions and seeds 1..60
# of random programs over c.h, on Debian's RocksDB 7.8.3 and on ferrock, every answer
# compared (about 30 s). The pass against the release 11.8.1 is `make difftest`'s (issue 14:
# make test runs the 7.8.3 share).
if [ -x scripts/difftest.sh ]; then
  run_suite difftest env DIFFTEST_REFS=7.8.3 scripts/difftest.sh 60
else
  skip_suite difftest "scripts/difftest.sh not in the tree yet"
fi

# RocksDB 11.8.1's own C API test, db/c_test.c, unchanged, linked to ferrock: the last phase
# it reaches may not fall behind the record in capi-tests/c_test_progress (issue 13).
if [ -x tests/ctest/run.sh ]; then
  run_suite ctest tests/ctest/run.sh
else
  skip_suite ctest "tests/ctest/run.sh not in the tree yet"
fi

if [ -f include/rocksdb/c.h ]; then
  run_suite interop tests/interop/run.sh
  if [ -f tests/compat/run.sh ]; then
    # RocksDB 7.8.3 writes, ferrock reads and continues, RocksDB reads again (issue 8).
    run_suite compat tests/compat/run.sh
  else
    skip_suite compat "tests/compat/run.sh not in the tree yet"
  fi
  if [ -f tests/backup/run.sh ]; then
    # Backups made by RocksDB 7.8.3 restore with ferrock and the other way round (issue 16).
    run_suite backup tests/backup/run.sh
  else
    skip_suite backup "tests/backup/run.sh not in the tree yet"
  fi
  run_suite install scripts/test-install.sh
else
  skip_suite interop "include/rocksdb/c.h not generated yet"
  skip_suite install "include/rocksdb/c.h not generated yet"
fi

# sst_dump and ldb against Debian's tools, on RocksDB's and ferrock's files (target/release binaries).
if [ -x tests/tools/run.sh ]; then
  run_suite tools tests/tools/run.sh
else
  skip_suite tools "tests/tools/run.sh not in the tree yet"
fi

for b in cpp go python; do
  if [ -d "bindings/$b" ]; then
    run_suite "$b" $MAKE --no-print-directory "test-$b"
  else
    skip_suite "$b" "bindings/$b absent"
  fi
done

echo
((${#skipped_names[@]})) && echo "skipped: ${skipped_names[*]}"
((${#failed_names[@]})) && echo "failed: ${failed_names[*]}"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
