#!/usr/bin/env bash
# Installs what the tests and benchmarks need on a fresh Debian machine, from Debian only.
# Idempotent and quick: when every package is already installed it runs no apt at all.
#   librocksdb-dev  - RocksDB 7.8.3's c.h and librocksdb.so (interop, bench-compare)
#   rocksdb-tools   - sst_dump and ldb (interop)
#   pkg-config      - the install test compiles through ferrock.pc
#   python3-venv    - the header checker and, later, the Python binding's tests
#   gcc, g++, make, libc6-dev - C and C++ test programs
#   libzstd-dev, libbz2-dev - the ZSTD and BZip2 codecs ferrock links (found with pkg-config)
set -euo pipefail

PACKAGES=(librocksdb-dev rocksdb-tools pkg-config python3-venv gcc g++ make libc6-dev libzstd-dev libbz2-dev)
# `scripts/deps.sh PKG...` installs those packages instead (bench/rocksdb-release.sh asks
# for libclang-dev, which librocksdb-sys's bindgen needs).
(($#)) && PACKAGES=("$@")

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
      echo "deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "deps: all installed (${PACKAGES[*]})"
fi

if ! command -v cargo >/dev/null; then
  echo "deps: cargo not found; install Rust >= 1.80 (rustup or Debian's rustc/cargo if recent enough)" >&2
  exit 1
fi
