# The check harness the shell suites share (source it; it sets `work`, a scratch directory
# removed at exit, and the pass/fail counters).
#   check DESCRIPTION COMMAND...   one test; shows the command's output when it fails
#   finish                         prints "N passed, M failed" and exits non-zero on failures
#   rocksdb COMMAND...             runs a RocksDB program without LD_LIBRARY_PATH, so it
#                                  loads RocksDB's own library, not ferrock's alias
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0; failed=0

check() {
  local desc=$1; shift
  if "$@" > "$work/out" 2>&1; then
    passed=$((passed + 1)); echo "ok   - $desc"
  else
    failed=$((failed + 1)); echo "FAIL - $desc"; sed -n '1,30p' "$work/out" | sed 's/^/       /'
  fi
}

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]; exit
}

rocksdb() { env -u LD_LIBRARY_PATH "$@"; }
