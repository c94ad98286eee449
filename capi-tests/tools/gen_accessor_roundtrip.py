#!/usr/bin/env python3
"""Writes a C test (to the path given, under target/: it is generated at build time, never
committed) that round-trips every scalar setter/getter pair of every option object in
include/rocksdb/c.h: the objects c_test's option phases (`options`, `read_options`,
`write_options`, `compact_options`, `flush_options`, `ingest_external_file_options`,
`transaction_options_roundtrip`, `wait_for_compact_options`, `compression_options`, `env`,
`generated_option_roundtrips`, ...) exercise.

An option object is a `rocksdb_X_t` with a `T *f(void)` constructor and a `void g(T *)`
destroy. A pair is `void rocksdb_..._set_N(T *, S)` and `S rocksdb_..._get_N(T *)` for a
scalar S (unsigned char, int, size_t, uint64_t, double, ...). Each pair is set to two values
in turn, each read back; a bool-like `unsigned char` takes 1 then 0. Functions on the
not-implemented list (capi-tests/NOT_IMPLEMENTED.md) are left out, as are the pairs in
OVERRIDES, whose read-back is not the value set (as RocksDB's own c.cc answers), and
enum-valued pairs take two members of their enum (ENUMS).

Usage: gen_accessor_roundtrip.py OUT.c
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import check_header  # noqa: E402

# Scalar C types and the two values each pair is set to.
VALUES = {
    "unsigned char": ("1", "0"),
    "char": ("1", "0"),
    "int": ("3", "7"),
    "int32_t": ("3", "7"),
    "uint32_t": ("3", "7"),
    "int64_t": ("3", "7"),
    "uint64_t": ("3", "7"),
    "size_t": ("3", "7"),
    "double": ("0.25", "2.5"),
    "float": ("0.25", "2.5"),
}

# Pairs whose read-back is not the value set, as RocksDB's c.cc has it (name -> the values to
# set, each with the value the getter must then answer).
OVERRIDES = {
    # A bool in DBOptions behind an int setter: any non-zero value reads back 1.
    "rocksdb_options_set_use_fsync": [("3", "1"), ("0", "0")],
    # Without a statistics object the level is not stored and reads kDisableAll (0).
    "rocksdb_options_set_statistics_level": [("3", "0"), ("7", "0")],
}

# Enum-valued options: set to two members (1 and 0) instead of 3 and 7.
ENUMS = {
    "rocksdb_options_set_compression", "rocksdb_options_set_bottommost_compression",
    "rocksdb_options_set_compaction_style", "rocksdb_options_set_wal_recovery_mode",
    "rocksdb_options_set_access_hint_on_compaction_start", "rocksdb_options_set_info_log_level",
    "rocksdb_options_set_compaction_pri", "rocksdb_options_set_prepopulate_blob_cache",
    "rocksdb_options_set_blob_compression_type", "rocksdb_options_set_wal_compression",
    "rocksdb_block_based_options_set_index_type", "rocksdb_block_based_options_set_data_block_index_type",
    "rocksdb_block_based_options_set_checksum", "rocksdb_block_based_options_set_index_shortening",
    "rocksdb_block_based_options_set_pinning_tier", "rocksdb_block_based_options_set_top_level_index_pinning_tier",
    "rocksdb_block_based_options_set_partition_pinning_tier",
    "rocksdb_block_based_options_set_unpartitioned_pinning_tier",
    "rocksdb_readoptions_set_read_tier", "rocksdb_readoptions_set_io_activity",
    "rocksdb_writeoptions_set_io_activity", "rocksdb_compactoptions_set_bottommost_level_compaction",
    "rocksdb_transactiondb_options_set_write_policy",
}


def not_implemented():
    text = open(os.path.join(ROOT, "capi-tests", "NOT_IMPLEMENTED.md"), encoding="utf-8").read()
    return set(re.findall(r"`(rocksdb_\w+)`", text))


def parse(sig):
    m = re.match(r"^(.*?)\s*\b(rocksdb_\w+)\((.*)\)$", sig)
    ret, name, params = m.group(1).strip(), m.group(2), m.group(3)
    params = [p.strip() for p in params.split(",")] if params.strip() else []
    return ret, name, params


def param_type(p):
    # "rocksdb_options_t * opt" / "unsigned char v" -> the type without the name
    p = re.sub(r"\b(const)\b", "", p).strip()
    toks = p.replace("*", " * ").split()
    if len(toks) >= 2 and toks[-1] != "*" and re.match(r"^[A-Za-z_]\w*$", toks[-1]) and toks[-1] not in (
        "char", "int", "double", "float", "size_t", "uint64_t", "int64_t", "uint32_t", "int32_t", "void"):
        toks = toks[:-1]
    return " ".join(toks).replace(" *", "*").strip()


def main(out_path):
    functions, _ = check_header.parse_header(os.path.join(ROOT, "include", "rocksdb", "c.h"))
    missing = not_implemented()
    decls = {name: parse(sig) for name, sig in functions.items() if name not in missing}
    objects = []
    for name, (ret, _, params) in sorted(decls.items()):
        if params or not ret.endswith("*"):
            continue
        ty = ret.rstrip("*").strip()
        if not ty.startswith("rocksdb_") or not name.endswith("_create"):
            continue
        ptr = ty + "*"
        destroy = [n for n, (r, _, ps) in decls.items()
                   if n.endswith("_destroy") and r == "void" and len(ps) == 1 and param_type(ps[0]) == ptr]
        if not destroy or any(o[0] == ty for o in objects):
            continue
        pairs = []
        for sname, (sret, _, sparams) in sorted(decls.items()):
            if "_set_" not in sname or sret != "void" or len(sparams) != 2 or param_type(sparams[0]) != ptr:
                continue
            st = param_type(sparams[1])
            if st not in VALUES:
                continue
            gname = sname.replace("_set_", "_get_", 1)
            g = decls.get(gname)
            if not g or len(g[2]) != 1 or param_type(g[2][0]) != ptr or g[0] != st:
                continue
            pairs.append((sname, gname, st))
        if pairs:
            objects.append((ty, name, destroy[0], pairs))

    out = []
    w = out.append
    w("/* GENERATED by capi-tests/tools/gen_accessor_roundtrip.py from include/rocksdb/c.h:")
    w(" * every scalar setter/getter pair of every option object, set and read back. */")
    w('#include "check.h"')
    w("")
    w("int main(void) {")
    total = 0
    for ty, create, destroy, pairs in objects:
        w("  {")
        w("    %s* o = %s();" % (ty, create))
        w('    CHECK(o != NULL, "%s returned NULL");' % create)
        w("    if (o) {")
        for sname, gname, st in pairs:
            if sname in OVERRIDES:
                steps = OVERRIDES[sname]
            elif sname in ENUMS:
                steps = [("1", "1"), ("0", "0")]
            else:
                steps = [(v, v) for v in VALUES[st]]
            for v, want in steps:
                w("      %s(o, (%s)%s);" % (sname, st, v))
                if st in ("double", "float"):
                    w('      CHECK(%s(o) == (%s)%s, "%s(%s) then %s: %%g", (double)%s(o));' % (gname, st, want, sname, v, gname, gname))
                else:
                    w('      CHECK(%s(o) == (%s)%s, "%s(%s) then %s: %%llu", (unsigned long long)%s(o));' % (gname, st, want, sname, v, gname, gname))
            total += 1
        w("      %s(o);" % destroy)
        w("    }")
        w("  }")
    w('  printf("pairs: %d of %d option objects\\n");' % (total, len(objects)))
    w('  printf("RESULT %d %d\\n", checks_passed, checks_failed);')
    w("  return checks_failed ? 1 : 0;")
    w("}")
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
