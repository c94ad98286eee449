# Shared by bindings/{cpp,go}/Makefile: which library LIBDIR holds, and
# whether it exports RocksDB's C API yet.
ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
LIBDIR ?= $(ROOT)/target/release
override LIBDIR := $(abspath $(LIBDIR))
# Prefer ferrock's cdylib; accept a RocksDB build too (useful for comparison).
LIBNAME := $(if $(wildcard $(LIBDIR)/libferrock.so),ferrock,rocksdb)
LIBFILE := $(LIBDIR)/lib$(LIBNAME).so
# ferrock's header when the C API has landed, else RocksDB 11.8.1's own.
C_INCLUDE := $(firstword $(wildcard $(ROOT)/include/rocksdb/c.h) \
  $(wildcard $(HOME)/.cargo/registry/src/*/librocksdb-sys-0.19.0+11.8.1/rocksdb/include/rocksdb/c.h) \
  $(wildcard /usr/include/rocksdb/c.h))
C_INCLUDE_DIR := $(patsubst %/rocksdb/c.h,%,$(C_INCLUDE))
# Empty when the library is missing or does not export the C API yet.
HAS_CAPI := $(shell nm -D --defined-only $(LIBFILE) 2>/dev/null | grep -q ' T rocksdb_open$$' && echo yes)
SKIP_REASON := $(if $(wildcard $(LIBFILE)),$(LIBFILE) does not export the RocksDB C API yet,no libferrock.so or librocksdb.so in $(LIBDIR) (build it with: cargo build --release --lib))
