#!/usr/bin/env bash
# Runs one of RocksDB's examples the way it is meant to be run: most take no
# argument; multi_processes_example runs a primary (argument 0) to completion
# while a secondary (argument 1) follows it, then is stopped with SIGINT as its
# comment describes, and both must exit 0.
#
#   examples/run_one.sh NAME BINARY
set -euo pipefail
name=$1
bin=$2
if [ "$name" != multi_processes_example ]; then
  exec "$bin"
fi
"$bin" 0 > primary.log 2>&1 &
primary=$!
# The secondary starts once the primary has created the database.
for _ in $(seq 600); do
  grep -q "Column families created" primary.log 2>/dev/null && break
  kill -0 $primary 2>/dev/null || break
  sleep 0.1
done
"$bin" 1 > secondary.log 2>&1 &
secondary=$!
wait $primary
kill -INT $secondary
wait $secondary
cat primary.log secondary.log
