# ferrock — top-level build, test, bench and install entry points.
# `make bench` and `make test` are the two commands a newcomer needs (README.md).
# Everything here runs on a fresh Debian machine with Rust installed: `make deps`
# installs the rest from Debian (see scripts/deps.sh).

SHELL        := /bin/bash
CARGO        ?= cargo
PREFIX       ?= /usr/local
RELEASE_DIR  := $(CURDIR)/target/release
# The names a program linked against RocksDB looks for: `-lrocksdb` at link time
# (librocksdb.so) and Debian's librocksdb's SONAME at run time (librocksdb.so.7.8).
ALIASES      := librocksdb.so librocksdb.so.7.8
# Beware: `cargo test`/`cargo run` put target/release on their children's
# LD_LIBRARY_PATH, so with these aliases present a Rust test that starts Debian's
# sst_dump/ldb/db_bench loads ferrock in their place. `make test` runs the Rust
# suite without them (scripts/test.sh); such tests should clear LD_LIBRARY_PATH.
VERSION      := $(shell sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -1)

.PHONY: all build header deps test stress difftest fuzz bench bench-compare bench-txn rocksdb-release compat-release install clean test-cpp test-go test-python

all: build

build:
	$(CARGO) build --release --lib --bins
	@cd $(RELEASE_DIR) && for a in $(ALIASES); do ln -sfn libferrock.so $$a; done
	@echo "built $(RELEASE_DIR)/libferrock.so (+ aliases: $(ALIASES))"

# c.h (RocksDB 11.8.1's functions) and ferrock_ext.h (the ferrock-only ferrock_* entry points),
# then the Python binding's ctypes table generated from c.h (its suite checks it is fresh).
header:
	$(CARGO) run --example gen_header -- include/rocksdb/c.h include/rocksdb/ferrock_ext.h
	python3 bindings/python/tools/gen_capi.py

deps:
	@scripts/deps.sh

test: deps
	@scripts/test.sh

# The crash and fault stress test (issue 12, docs/reliability.md): STRESS_KILLS kill -9
# cycles and STRESS_FAULTS fault-injected cycles (power loss, crash, write and sync errors)
# over all operation kinds from STRESS_THREADS threads, each followed by a reopen and a full
# verification against the expected state kept outside the process; then STRESS_PROGRAMS
# generated single-threaded programs with crashes and faults as operations. STRESS_SECONDS
# limits the time (0: none); STRESS_SEED replays a run (its children, kill times and
# operations). Long runs share the machine: `nice -n 15 make stress`.
stress:
	@scripts/stress.sh

# The differential test (issue 14, docs/difftest.md): the saved regressions, then SEEDS
# random programs over c.h run on RocksDB 7.8.3 (and the release 11.8.1 once
# `make rocksdb-release` built it) and on ferrock, every answer compared; a divergence is
# shrunk and printed replayable. Prints the coverage of c.h. DIFFTEST_START, DIFFTEST_LEN.
# `make test` runs the regressions and seeds 1..60 (0 divergences against 7.8.3 since
# 2026-12-03; docs/difftest.md).
SEEDS        ?= 200
difftest: build
	@scripts/difftest.sh $(SEEDS)

# The parsers of RocksDB's files fuzzed on stable Rust (docs/reliability.md): FUZZ_ITERS
# mutated inputs per parser from seeds out of real RocksDB and ferrock files; an input must
# not panic, allocate past its bound or loop. FUZZ_SEED, FUZZ_TARGETS=name,name.
FUZZ_ITERS   ?= 1000000
FUZZ_SEED    ?= 1
FUZZ_TARGETS ?=
fuzz:
	$(CARGO) build --release -q -p ferrock-fuzz
	target/release/ferrock-fuzz --iters $(FUZZ_ITERS) --seed $(FUZZ_SEED) $(if $(FUZZ_TARGETS),--target $(FUZZ_TARGETS))

bench: build
	@scripts/bench.sh

# RocksDB 7.8.3 (Debian), RocksDB 11.8.1 (release build, made once by rocksdb-release
# when missing; ROCKSDB_RELEASE=0 leaves it out) and ferrock, one ratio table.
bench-compare: deps build
	@bench/compare.sh

# Transactions of 10,000 keys (plain, bypass, prepare, prepare+bypass) and Get/GetPinned inside a
# transaction, on RocksDB 7.8.3, the release 11.8.1 (when built) and ferrock.
bench-txn: deps build
	@bench/txn_compare.sh

# Builds RocksDB 11.8.1 in release mode once (librocksdb-sys 0.19.0+11.8.1 with lz4,
# snappy, zstd; ~15 minutes on 2 cores, under nice) into ~/.cache/ferrock/rocksdb-11.8.1,
# outside target/ so `make clean` keeps it, and links it into a shared librocksdb.so.
rocksdb-release:
	@bench/rocksdb-release.sh

# The compat round trip with RocksDB 11.8.1 writing format_version 6 and 7, backups and TTL databases
# moving between RocksDB 11.8.1 and ferrock (not in `make test`: they need the
# rocksdb-release build; each skips, saying so, without it).
compat-release: build
	@tests/compat/release_roundtrip.sh
	@tests/backup/run.sh release
	@tests/compat/release_ttl.sh

# Installs the library, its RocksDB-named aliases, the headers (c.h and RocksDB's C++
# API under include/rocksdb), ferrock.pc, the CMake package (find_package(ferrock)) and the tools.
CXX_HEADERS := $(shell cd include && find rocksdb -name '*.h' ! -name c.h | sort)
install: build
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/ferrock $(DESTDIR)$(PREFIX)/include/rocksdb $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(RELEASE_DIR)/libferrock.so $(DESTDIR)$(PREFIX)/lib/libferrock.so
	install -m 0644 $(RELEASE_DIR)/libferrock.a $(DESTDIR)$(PREFIX)/lib/libferrock.a
	cd $(DESTDIR)$(PREFIX)/lib && for a in $(ALIASES); do ln -sfn libferrock.so $$a; done
	install -m 0644 include/rocksdb/c.h $(DESTDIR)$(PREFIX)/include/rocksdb/c.h
	for h in $(CXX_HEADERS); do install -D -m 0644 include/$$h $(DESTDIR)$(PREFIX)/include/$$h; done
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' ferrock.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ferrock.pc
	install -m 0644 cmake/ferrockConfig.cmake.in $(DESTDIR)$(PREFIX)/lib/cmake/ferrock/ferrockConfig.cmake
	sed -e 's|@VERSION@|$(VERSION)|g' cmake/ferrockConfigVersion.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/ferrock/ferrockConfigVersion.cmake
	for t in db_bench sst_dump ldb; do \
	  if [ -x $(RELEASE_DIR)/$$t ]; then install -m 0755 $(RELEASE_DIR)/$$t $(DESTDIR)$(PREFIX)/bin/$$t; fi; \
	done
	@echo "installed ferrock $(VERSION) under $(DESTDIR)$(PREFIX)"

# Bindings: each directory brings its own runner; skipped while the directory is absent.
test-cpp:
	@if [ -d bindings/cpp ]; then $(MAKE) -C bindings/cpp test LIBDIR=$(RELEASE_DIR); else echo "bindings/cpp: absent, skipped"; fi
test-go:
	@if [ -d bindings/go ]; then $(MAKE) -C bindings/go test LIBDIR=$(RELEASE_DIR); else echo "bindings/go: absent, skipped"; fi
test-python:
	@if [ -d bindings/python ]; then $(MAKE) -C bindings/python test LIBDIR=$(RELEASE_DIR); else echo "bindings/python: absent, skipped"; fi

# Removes Cargo's target/ (all build outputs, including the aliases and the
# interop/bench binaries, which live under target/) and nothing outside it.
clean:
	$(CARGO) clean
	rm -rf build
