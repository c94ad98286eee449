# RocksDB 11.8.1's release library and its c.h, for the scripts of `make compat-release`
# (sourced): sets RELEASE_LIB (the directory of librocksdb.so, `make rocksdb-release`) and
# header_dir (RocksDB's include/, from the librocksdb-sys 0.19.0+11.8.1 source cargo fetches),
# or says which is missing and exits 0: without them these checks are skipped, not failed.
RELEASE_LIB=${RELEASE_LIB:-${FERROCK_CACHE:-$HOME/.cache/ferrock}/rocksdb-11.8.1/lib}
if [ ! -f "$RELEASE_LIB/librocksdb.so" ]; then
  echo "skipped: no RocksDB 11.8.1 release build at $RELEASE_LIB/librocksdb.so (make rocksdb-release builds it, ~40 min)"
  exit 0
fi
header_dir=$(ls -d "$HOME"/.cargo/registry/src/*/librocksdb-sys-0.19.0+11.8.1/rocksdb/include 2>/dev/null | head -1)
if [ -z "$header_dir" ]; then
  echo "skipped: RocksDB 11.8.1's include/rocksdb/c.h not found (cargo fetch brings librocksdb-sys 0.19.0+11.8.1)"
  exit 0
fi
