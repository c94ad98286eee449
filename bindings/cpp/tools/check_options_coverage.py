#!/usr/bin/env python3
"""Every public field of the C++ API's option structs must be translated to c.h.

Reads the field declarations of DBOptions, ColumnFamilyOptions,
AdvancedColumnFamilyOptions, BlockBasedTableOptions, ReadOptions and WriteOptions
from include/rocksdb, and checks that impl/options_to_c.h names each one
(`o.<field>`, or FERROCK_DEFAULT_ONLY(prefix, <field>, why)): set through its c.h setter, or refused with NotSupported unless it
keeps its default. A field declared but never translated would be a silent
no-op, which the project does not allow. ReadOptions and WriteOptions fields must
also be compared in IsDefaultReadOptions / IsDefaultWriteOptions, which decide
whether a call may skip the translation.

    tools/check_options_coverage.py INCLUDE_ROCKSDB_DIR
"""
import os
import re
import sys

STRUCTS = [
    ("options.h", "DBOptions"),
    ("options.h", "ColumnFamilyOptions"),
    ("advanced_options.h", "AdvancedColumnFamilyOptions"),
    ("table.h", "BlockBasedTableOptions"),
    ("options.h", "ReadOptions"),
    ("options.h", "WriteOptions"),
]


def struct_body(src, name):
    m = re.search(r"struct " + name + r"\b[^{;]*\{", src)
    if m is None:
        sys.exit(f"check_options_coverage: struct {name} not found")
    depth, j = 1, m.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(src[j], 0)
        j += 1
    return src[m.end():j - 1]


def fields(src, name):
    """The data members declared at the struct's top level (not in nested braces)."""
    body = re.sub(r"//[^\n]*", "", struct_body(src, name))
    top, depth = [], 0
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            top.append(";")
        elif depth == 0:
            top.append(ch)
    out = []
    for stmt in "".join(top).split(";"):
        s = " ".join(stmt.split())
        if not s or s.startswith(("using", "enum", "static", "friend", "struct", "class", "virtual", "explicit")):
            continue
        m = re.match(r"^([\w:<>,\s\*&]+?)\s+(\w+)(\s*=.*)?$", s)
        if m and "(" not in m.group(1) and "operator" not in s:
            out.append(m.group(2))
    return out


def function_body(src, name):
    m = re.search(r"\b" + name + r"\([^)]*\)\s*\{", src)
    if m is None:
        sys.exit(f"check_options_coverage: function {name} not found")
    depth, j = 1, m.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(src[j], 0)
        j += 1
    return src[m.end():j - 1]


FAST_PATHS = {"ReadOptions": "IsDefaultReadOptions", "WriteOptions": "IsDefaultWriteOptions"}
# Set by every read on the once-translated object too (ThreadReadOptions).
FAST_PATH_EXEMPT = {"ReadOptions::snapshot"}


def main():
    inc = sys.argv[1]
    glue = open(os.path.join(inc, "impl", "options_to_c.h")).read()
    missing = []
    total = 0
    for header, name in STRUCTS:
        src = open(os.path.join(inc, header)).read()
        for f in fields(src, name):
            total += 1
            named = r"\bo\." + re.escape(f) + r"\b"
            refused = r"FERROCK_DEFAULT_ONLY\([^,]+,\s*" + re.escape(f) + r"\s*,"
            if not re.search(named, glue) and not re.search(refused, glue):
                missing.append(f"{name}::{f}")
            if name in FAST_PATHS and f"{name}::{f}" not in FAST_PATH_EXEMPT and not re.search(named, function_body(glue, FAST_PATHS[name])):
                missing.append(f"{name}::{f} (not compared in {FAST_PATHS[name]})")
    if missing:
        print("check_options_coverage: fields not translated in impl/options_to_c.h:")
        for m in missing:
            print("  " + m)
        sys.exit(1)
    print(f"check_options_coverage: {total} option fields, each translated or refused")


if __name__ == "__main__":
    main()
