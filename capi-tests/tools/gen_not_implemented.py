#!/usr/bin/env python3
"""Generates src/capi/not_implemented.rs and capi-tests/NOT_IMPLEMENTED.md.

For every function of RocksDB 11.8.1's c.h that no hand-written file of src/capi
defines, it decides whether ferrock can declare it honestly:
  errptr     the function reports errors through `char** errptr`: it stores
             "Not implemented: <function>" there and returns 0/NULL;
  null       a constructor of an object ferrock lacks: returns NULL;
  inert      its first argument is an object ferrock never creates (it can only
             be NULL): nothing to do, returns 0/NULL;
  stored     an options setter with scalar arguments: stored in the handle;
  open-fails an options setter with a non-NULL object argument: open then
             fails with "Not implemented: <function>";
and otherwise leaves it undeclared (a program that names it fails to link,
rather than running against a stub that pretends). Re-run after hand-writing
more of the API: `python3 capi-tests/tools/gen_not_implemented.py`.
"""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import check_header  # noqa: E402

TARGET = os.path.join(ROOT, "src", "capi", "not_implemented.rs")
LIST = os.path.join(ROOT, "capi-tests", "NOT_IMPLEMENTED.md")

# Handles ferrock creates (their functions need real behaviour, not stubs).
CREATABLE = {
    "rocksdb_t", "rocksdb_options_t", "rocksdb_readoptions_t", "rocksdb_writeoptions_t",
    "rocksdb_flushoptions_t", "rocksdb_block_based_table_options_t", "rocksdb_cache_t",
    "rocksdb_lru_cache_options_t", "rocksdb_filterpolicy_t", "rocksdb_comparator_t",
    "rocksdb_mergeoperator_t", "rocksdb_writebatch_t", "rocksdb_iterator_t", "rocksdb_snapshot_t",
    "rocksdb_column_family_handle_t", "rocksdb_pinnableslice_t", "rocksdb_env_t",
    "rocksdb_transactiondb_t", "rocksdb_optimistictransactiondb_t", "rocksdb_transaction_t",
    "rocksdb_transactiondb_options_t", "rocksdb_transaction_options_t",
    "rocksdb_optimistictransaction_options_t", "rocksdb_optimistictransactiondb_options_t",
    "rocksdb_writebatch_wi_t", "rocksdb_perfcontext_t",
}
# Option handles whose scalar setters may be stored.
STORING = {
    "rocksdb_options_t": "options",
    "rocksdb_readoptions_t": "read options",
    "rocksdb_writeoptions_t": "write options",
    "rocksdb_flushoptions_t": "flush options",
    "rocksdb_block_based_table_options_t": "block-based table options",
}
BASE = {
    "void": "c_void", "char": "c_char", "unsigned char": "c_uchar", "int": "c_int",
    "unsigned int": "c_uint", "unsigned": "c_uint", "unsigned long long": "c_ulonglong", "size_t": "size_t", "uint64_t": "u64", "int64_t": "i64",
    "uint32_t": "u32", "int32_t": "i32", "uint8_t": "u8", "uint16_t": "u16", "double": "f64",
    "float": "f32", "bool": "bool",
}
SCALARS = {"c_char", "c_uchar", "c_int", "c_uint", "c_ulonglong", "size_t", "u64", "i64", "u32", "i32", "u8", "u16", "f64", "f32", "bool"}


class Skip(Exception):
    pass


def split_params(s):
    return [p.strip() for p in check_header.split_top_level(s) if p.strip()]


# The function-pointer typedefs of c.h (name -> "ret(*)(args)"), filled by main().
CALLBACK_TYPEDEFS = {}


def callback_typedefs(path):
    """c.h's `typedef RET (*NAME)(ARGS);` as NAME -> the normalised pointer type."""
    text = check_header.strip_source(open(path, encoding="utf-8").read())
    out = {}
    for m in re.finditer(r"typedef\s+([^;{}()]*?)\(\s*\*\s*(\w+)\s*\)\s*\(([^;]*?)\)\s*;", text):
        ret = check_header.normalise_type(m.group(1))
        args = [check_header.normalise_param(a) for a in check_header.split_top_level(m.group(3))]
        out[m.group(2)] = "%s(*)(%s)" % (ret, ", ".join(a for a in args if a != "void"))
    return out


def rust_type(t, opaque, callbacks=None):
    t = t.strip()
    if t in CALLBACK_TYPEDEFS and callbacks is not None:
        # Declared under c.h's own typedef name, so the header's signature matches.
        callbacks[t] = rust_type(CALLBACK_TYPEDEFS[t], opaque)
        return t
    fp = re.match(r"^(.*?)\(\*\)\((.*)\)$", t)
    if fp:
        ret = fp.group(1).strip()
        args = ", ".join(rust_type(a, opaque) for a in split_params(fp.group(2)) if a != "void")
        r = "" if ret == "void" else " -> " + rust_type(ret, opaque)
        return 'Option<unsafe extern "C" fn(%s)%s>' % (args, r)
    segs = t.split("*")
    base = segs[0].strip()
    const = base.startswith("const ")
    base = base[len("const "):] if const else base
    if base in BASE:
        rt = BASE[base]
    elif re.match(r"^rocksdb_(\w+_)?t$", base) and base != "rocksdb_slice_t":
        rt = base
        opaque.add(base)
    else:
        raise Skip("type %s" % base)
    if len(segs) == 1 and rt == "c_void":
        raise Skip("void value")
    if len(segs) == 1 and rt not in SCALARS:
        raise Skip("struct by value %s" % rt)
    pointee_const = const
    for i in range(len(segs) - 1):
        rt = ("*const " if pointee_const else "*mut ") + rt
        pointee_const = "const" in segs[i + 1]
    return rt


def default_of(rt):
    if rt.startswith("*"):
        return "std::ptr::null_mut()" if rt.startswith("*mut") else "std::ptr::null()"
    if rt in ("f64", "f32"):
        return "0.0"
    if rt == "bool":
        return "false"
    return "0"


def bits_of(rt, v):
    if rt in ("f64", "f32"):
        return "(%s as f64).to_bits()" % v
    if rt == "bool":
        return "%s as u64" % v
    return "%s as i64 as u64" % v


def hand_written():
    names = set()
    for path in glob.glob(os.path.join(ROOT, "src", "capi", "*.rs")):
        if os.path.basename(path) == "not_implemented.rs":
            continue
        names |= set(re.findall(r'extern "C" fn (rocksdb_\w+)\s*\(', open(path).read()))
    return names


def defined_type_aliases():
    names = set()
    for path in glob.glob(os.path.join(ROOT, "src", "capi", "*.rs")):
        if os.path.basename(path) == "not_implemented.rs":
            continue
        names |= set(re.findall(r"pub type (\w+)\s*=", open(path).read()))
    return names


def defined_structs():
    names = set()
    for path in glob.glob(os.path.join(ROOT, "src", "capi", "*.rs")):
        if os.path.basename(path) == "not_implemented.rs":
            continue
        names |= set(re.findall(r"pub struct (rocksdb_\w+)", open(path).read()))
    return names


def returns_uncreated(rt):
    """Whether the Rust return type `rt` points to an object type ferrock never creates."""
    base = rt.replace("*const ", "").replace("*mut ", "").strip()
    return re.match(r"^rocksdb_(\w+_)?t$", base) is not None and base not in CREATABLE


def main():
    header = check_header.find_rocksdb_11_header()
    fns, _ = check_header.parse_header(header)
    CALLBACK_TYPEDEFS.update(callback_typedefs(header))
    aliased = defined_type_aliases()
    done = hand_written()
    defined = defined_structs()
    # Every handle type written by hand is one ferrock creates.
    CREATABLE.update(defined)
    opaque = set()
    callbacks = {}
    bodies = []
    listed = {"errptr": [], "null": [], "inert": [], "stored": [], "open-fails": [], "undeclared": []}
    for name in sorted(fns):
        if name in done:
            continue
        m = re.match(r"^(.*) %s\((.*)\)$" % name, fns[name])
        ret_c, params_c = m.group(1).strip(), split_params(m.group(2))
        local = set()
        local_callbacks = {}
        try:
            ret = None if ret_c == "void" else rust_type(ret_c, local)
            params = [rust_type(p, local, local_callbacks) for p in params_c]
        except Skip as why:
            listed["undeclared"].append((name, str(why)))
            continue
        first = params_c[0].replace("const ", "").rstrip("*").strip() if params_c else ""
        first_is_handle = bool(params_c) and params_c[0].count("*") == 1 and re.match(r"^rocksdb_(\w+_)?t$", first)
        has_errptr = bool(params_c) and params_c[-1] == "char**" and "multi_get" not in name
        dflt = default_of(ret) if ret else "()"
        pnames = ["a%d" % i for i in range(len(params))]
        if has_errptr:
            pnames[-1] = "errptr"
        args = ", ".join("%s: %s" % (n, t) for n, t in zip(pnames, params))
        sig = 'pub unsafe extern "C" fn %s(%s)%s' % (name, args, " -> " + ret if ret else "")
        unused = ", ".join(pnames)
        if has_errptr:
            kind = "errptr"
            body = ["    let _ = (%s);" % unused,
                    '    save_error(errptr, &Error::not_supported("%s"));' % name,
                    "    %s" % dflt]
        elif (first_is_handle and first in STORING and ret is None and len(params) > 1
              and "_get_" not in name and "destroy" not in name):
            what = STORING[first]
            scalars = all(p in SCALARS for p in params[1:])
            if scalars:
                kind = "stored"
                key = name.split("_set_", 1)[-1] if "_set_" in name else name
                stmts = []
                for i in range(1, len(params)):
                    stmts.append('        h.stored.set("%s%s", %s);' % (key, "" if len(params) == 2 else ".%d" % i, bits_of(params[i], "a%d" % i)))
                body = ["    guarded((), || {",
                        '        let h = handle_mut(a0, "%s")?;' % what] + stmts + ["        Ok(())", "    })"]
            elif first == "rocksdb_options_t":
                kind = "open-fails"
                ptrs = [("a%d" % i) for i in range(1, len(params)) if params[i].startswith("*") or params[i].startswith("Option")]
                cond = " || ".join("!%s.is_null()" % p if not params[int(p[1:])].startswith("Option") else "%s.is_some()" % p for p in ptrs)
                body = ["    let _ = (%s);" % unused,
                        "    guarded((), || {",
                        '        let h = handle_mut(a0, "options")?;',
                        "        if %s {" % cond,
                        '            h.mark_unsupported("%s");' % name,
                        "        }",
                        "        Ok(())",
                        "    })"]
            else:
                listed["undeclared"].append((name, "object argument on %s" % first))
                continue
        elif first_is_handle and first not in CREATABLE:
            kind = "inert"
            body = ["    let _ = (%s);" % unused, "    %s" % dflt]
        elif ret is not None and ret.startswith("*") and (
                not (first_is_handle and first in CREATABLE) or returns_uncreated(ret)):
            # A constructor of an object ferrock lacks, or a getter of one (an object
            # ferrock never creates can only be NULL).
            kind = "null"
            body = ["    let _ = (%s);" % unused if params else "", "    %s" % dflt]
            body = [b for b in body if b]
        else:
            listed["undeclared"].append((name, "needs the engine"))
            continue
        opaque |= local
        callbacks.update(local_callbacks)
        listed[kind].append((name, ""))
        doc = {
            "errptr": "Not implemented in ferrock: reports \"Not implemented: %s\" through errptr." % name,
            "null": "Not implemented in ferrock: returns NULL.",
            "inert": "Not implemented in ferrock: its object is never created, so this does nothing.",
            "stored": "Accepted and stored; ferrock does not use it.",
            "open-fails": "Not implemented in ferrock: a non-NULL object makes open fail with Not implemented.",
        }[kind]
        bodies.append("")
        bodies.append("/// " + doc)
        bodies.append("#[unsafe(no_mangle)]")
        bodies.append(sig + " {")
        bodies.extend(body)
        bodies.append("}")
    out = [
        "//! GENERATED by capi-tests/tools/gen_not_implemented.py from RocksDB 11.8.1's c.h: do not edit.",
        "//! The functions of c.h whose feature ferrock lacks, each answering honestly",
        "//! (capi-tests/NOT_IMPLEMENTED.md lists them with what they do).",
        "#![allow(unused_parens, clippy::unused_unit, clippy::unnecessary_cast)]",
        "",
        "use super::*;",
    ]
    for path in sorted(glob.glob(os.path.join(ROOT, "src", "capi", "*.rs"))):
        mod = os.path.basename(path)[:-3]
        if mod not in ("mod", "not_implemented", "option_accessors"):
            out.append("#[allow(unused_imports)]")
            out.append("use super::%s::*;" % mod)
    out += [
        "#[allow(unused_imports)]",
        "use libc::{c_int, c_uchar, c_uint, c_ulonglong};",
    ]
    for s in sorted(opaque - defined):
        out.append("")
        out.append("/// An object of c.h that ferrock does not create (`%s`)." % s)
        out.append("pub struct %s {" % s)
        out.append("    _opaque: [u8; 0],")
        out.append("}")
    for name in sorted(set(callbacks) - aliased):
        out.append("")
        out.append("/// c.h's `%s`." % name)
        out.append("pub type %s = %s;" % (name, callbacks[name]))
    out.extend(bodies)
    with open(TARGET, "w") as f:
        f.write("\n".join(out) + "\n")
    subprocess.run(["rustfmt", "--edition", "2021", TARGET], check=True)
    explain = {
        "errptr": "store `Not implemented: <function>` in `*errptr`, return 0/NULL",
        "null": "constructors and getters of objects ferrock lacks: return NULL",
        "inert": "take an object ferrock never creates (so only NULL can reach them): do nothing, return 0/NULL",
        "stored": "option setters ferrock accepts and stores without using (no getter in c.h)",
        "open-fails": "option setters taking an object ferrock cannot honour: a non-NULL object makes open fail with `Not implemented: <function>`",
        "undeclared": "not declared in include/rocksdb/c.h (a program naming one fails to link)",
    }
    md = ["# Functions of RocksDB 11.8.1's c.h that ferrock does not implement", "",
          "GENERATED by `capi-tests/tools/gen_not_implemented.py`. Hand-written exceptions:",
          "`rocksdb_iter_refresh` (Not implemented through errptr), `rocksdb_writebatch_create_with_params`",
          "(NULL for protection bytes or timestamps),",
          "`rocksdb_options_set_plain_table_factory` with store_index_in_file or full_scan_mode set (open fails",
          "with Not implemented; the PlainTable format itself is implemented, but an SstFileWriter with it",
          "answers Not implemented at rocksdb_sstfilewriter_open) and",
          "the options in `CHANGES_RESULTS` (blob files, allow_ingest_behind, unordered_write,",
          "atomic_flush, two_write_queues, manual_wal_flush, allow_mmap_writes), FIFO compaction",
          "(compaction_style 2) and the Xpress compression type (open fails with Not implemented);",
          "`rocksdb_create_mem_env` (NULL). A strict cache capacity limit is not enforced (the cache evicts instead).",
          "`rocksdb_comparator_with_ts_create` with a timestamp size above 0 (user-defined timestamps: open fails",
          "with Not implemented; with a size of 0 it is an ordinary comparator).", ""]
    for kind in ["errptr", "null", "inert", "open-fails", "stored", "undeclared"]:
        md.append("## %s (%d): %s" % (kind, len(listed[kind]), explain[kind]))
        md.append("")
        for n, why in listed[kind]:
            md.append("- `%s`%s" % (n, " (%s)" % why if why and kind == "undeclared" else ""))
        md.append("")
    with open(LIST, "w") as f:
        f.write("\n".join(md))
    sys.stderr.write("gen_not_implemented: %s\n" % ", ".join("%s %d" % (k, len(v)) for k, v in listed.items()))


if __name__ == "__main__":
    main()
