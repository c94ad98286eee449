#!/usr/bin/env python3
"""Checks ferrock's include/rocksdb/c.h against RocksDB's c.h.

Modes:
  check_header.py [OURS]                 against RocksDB 11.8.1's c.h: fails if ours
                                         declares a function or enum constant that
                                         11.8.1 lacks, or with another signature/value;
                                         prints coverage.
  check_header.py --debian [OURS]        against Debian's 7.8.3 /usr/include/rocksdb/c.h,
                                         allowing only the seven signatures that changed
                                         after 7.8.3 (functions 7.8.3 lacks are skipped).
  check_header.py --show PREFIX          prints 11.8.1's normalised declarations
                                         whose name starts with PREFIX.
  check_header.py --missing [OURS]       lists 11.8.1 functions ours does not declare.
Python 3 standard library only.
"""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_OURS = os.path.join(ROOT, "include", "rocksdb", "c.h")
DEBIAN = "/usr/include/rocksdb/c.h"
CHANGED_SINCE_783 = {
    "rocksdb_enable_file_deletions",
    "rocksdb_slicetransform_create",
    "rocksdb_options_set_plain_table_factory",
    "rocksdb_cache_create_lru_opts",
    "rocksdb_cache_get_usage",
    "rocksdb_cache_get_pinned_usage",
    "rocksdb_cache_get_capacity",
}
# Enum constants whose value changed after 7.8.3 (perf metrics were added before the count).
ENUM_CHANGED_SINCE_783 = {"rocksdb_total_metric_count"}
# Words that are (parts of) types, so a trailing one is not a parameter name.
TYPE_WORDS = {
    "void", "char", "short", "int", "long", "unsigned", "signed", "float",
    "double", "const", "size_t", "bool", "struct",
}


def find_rocksdb_11_header():
    pattern = os.path.expanduser(
        "~/.cargo/registry/src/*/librocksdb-sys-0.19.0+11.8.1/rocksdb/include/rocksdb/c.h")
    found = glob.glob(pattern)
    if not found:
        subprocess.run(["cargo", "fetch", "--manifest-path",
                        os.path.join(ROOT, "tools", "rocksdb-src", "Cargo.toml")], check=True)
        found = glob.glob(pattern)
    if not found:
        sys.exit("check_header: RocksDB 11.8.1's c.h not found (%s)" % pattern)
    return found[0]


def strip_source(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    lines = [l for l in text.split("\n") if not l.lstrip().startswith("#")]
    text = "\n".join(lines)
    text = text.replace('extern "C" {', " ")
    return text


def is_type_word(tok):
    return tok in TYPE_WORDS or tok.endswith("_t")


def split_top_level(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def normalise_type(s):
    s = s.replace("*", " * ").replace("[", " [ ").replace("]", " ] ")
    s = re.sub(r"\bROCKSDB_LIBRARY_API\b|\bextern\b", " ", s)
    toks = s.split()
    # "unsigned" alone is "unsigned int" (c.h spells it both ways).
    toks = [t for i, t in enumerate(toks) if not (t == "int" and i > 0 and toks[i - 1] == "unsigned")]
    out = " ".join(toks)
    return out.replace(" *", "*")


def normalise_param(p):
    p = p.strip()
    fp = re.match(r"^(.*?)\(\s*\*\s*\w*\s*\)\s*\((.*)\)$", p, flags=re.S)
    if fp:
        ret = normalise_type(fp.group(1))
        args = [normalise_param(a) for a in split_top_level(fp.group(2))]
        return "%s(*)(%s)" % (ret, ", ".join(args))
    p = re.sub(r"\w*\s*\[\s*\w*\s*\]", "*", p)
    toks = p.replace("*", " * ").split()
    if len(toks) > 1 and re.match(r"^\w+$", toks[-1]) and not is_type_word(toks[-1]):
        toks = toks[:-1]
    t = normalise_type(" ".join(toks))
    # A top-level const on a parameter is not part of the function's type.
    if "*" not in t and t.startswith("const "):
        t = t[len("const "):]
    if t.endswith("* const"):
        t = t[: -len(" const")]
    return t


def parse_header(path):
    text = strip_source(open(path, encoding="utf-8").read())
    functions, enums = {}, {}
    for stmt in text.split(";"):
        stmt = " ".join(stmt.split())
        if not stmt:
            continue
        em = re.search(r"enum\s*\w*\s*\{(.*)\}", stmt)
        if em:
            value = -1
            for item in em.group(1).split(","):
                item = item.strip()
                if not item:
                    continue
                if "=" in item:
                    name, expr = [x.strip() for x in item.split("=", 1)]
                    value = int(eval(expr, {"__builtins__": {}}, dict(enums)))
                else:
                    name = item
                    value += 1
                enums[name] = value
            continue
        if stmt.startswith("typedef") or "(" not in stmt:
            continue
        m = re.match(r"^(.*?)\b(rocksdb_\w+)\s*\((.*)\)$", stmt)
        if not m:
            continue
        ret = normalise_type(m.group(1))
        params = [normalise_param(p) for p in split_top_level(m.group(3))]
        if params == ["void"]:
            params = []
        functions[m.group(2)] = "%s %s(%s)" % (ret, m.group(2), ", ".join(params))
    return functions, enums


def extra_names(ours_path, theirs_path):
    """Macros and type names our header defines that RocksDB's does not (namespace leaks)."""
    ours_text = open(ours_path, encoding="utf-8").read()
    theirs_text = open(theirs_path, encoding="utf-8").read()
    problems = []
    for name in re.findall(r"^\s*#\s*define\s+(\w+)", ours_text, flags=re.M):
        if name not in ("ROCKSDB_LIBRARY_API",) and not re.search(r"#\s*define\s+%s\b" % name, theirs_text):
            problems.append("macro %s is not in RocksDB's c.h" % name)
    for name in sorted(set(re.findall(r"typedef\s+struct\s+\w+\s*(?:\{[^}]*\})?\s*(\w+)\s*;", ours_text))):
        if not re.search(r"\b%s\b" % name, theirs_text):
            problems.append("type %s is not in RocksDB's c.h" % name)
    return problems


def compare(ours, theirs, allowed_changes=frozenset(), skip_absent=False, label="11.8.1"):
    o_fn, o_en = ours
    t_fn, t_en = theirs
    errors = []
    for name, sig in sorted(o_fn.items()):
        if name not in t_fn:
            if not skip_absent:
                errors.append("function %s is not in RocksDB %s's c.h" % (name, label))
        elif t_fn[name] != sig and name not in allowed_changes:
            errors.append("signature differs for %s:\n  ours:    %s\n  rocksdb: %s" % (name, sig, t_fn[name]))
    for name, val in sorted(o_en.items()):
        if name not in t_en:
            if not skip_absent:
                errors.append("enum constant %s is not in RocksDB %s's c.h" % (name, label))
        elif t_en[name] != val and name not in allowed_changes:
            errors.append("enum constant %s = %d, RocksDB %s has %d" % (name, val, label, t_en[name]))
    return errors


def main(argv):
    mode = "check"
    args = argv[1:]
    if args and args[0] in ("--debian", "--show", "--missing"):
        mode = args.pop(0)
    if mode == "--show":
        fns, _ = parse_header(find_rocksdb_11_header())
        for name in sorted(fns):
            if name.startswith(args[0] if args else ""):
                print(fns[name])
        return 0
    ours_path = args[0] if args else DEFAULT_OURS
    ours = parse_header(ours_path)
    if mode == "--debian":
        theirs = parse_header(DEBIAN)
        errors = compare(ours, theirs, CHANGED_SINCE_783 | ENUM_CHANGED_SINCE_783, skip_absent=True, label="7.8.3")
        common = len(set(ours[0]) & set(theirs[0]))
        for e in errors:
            print("FAIL:", e)
        print("check_header --debian: %d functions in common with 7.8.3, %d problems" % (common, len(errors)))
        return 1 if errors else 0
    theirs = parse_header(find_rocksdb_11_header())
    if mode == "--missing":
        for name in sorted(set(theirs[0]) - set(ours[0])):
            print(name)
        return 0
    errors = compare(ours, theirs) + extra_names(ours_path, find_rocksdb_11_header())
    for e in errors:
        print("FAIL:", e)
    print("check_header: ours declares %d of RocksDB 11.8.1's %d functions (%.1f%%) and %d of %d enum constants; %d problems"
          % (len(set(ours[0]) & set(theirs[0])), len(theirs[0]),
             100.0 * len(set(ours[0]) & set(theirs[0])) / max(1, len(theirs[0])),
             len(set(ours[1]) & set(theirs[1])), len(theirs[1]), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
