#!/usr/bin/env python3
"""Generates src/capi/option_accessors.rs: the scalar setter/getter pairs of c.h's
option handles (options, readoptions, writeoptions, flushoptions, block-based table
options), taken from RocksDB 11.8.1's c.h.

A pair the engine honours sets/reads the field of the Rust options struct named in
ENGINE below (for options and table options: read from the catalog, src/options/catalog.rs). Every other pair stores its value in the handle (`Stored`) and its
getter answers RocksDB's default (tools/defaults_rocksdb_7.8.3.txt, probed from
Debian's librocksdb, or DEFAULTS_11 below) until set. Setters listed in CHANGES_RESULTS record a feature
that makes open fail with "Not implemented: <what>" when enabled.

Run: python3 capi-tests/tools/gen_option_accessors.py   (writes the file, then rustfmt formats it)
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import check_header  # noqa: E402

KINDS = {
    # kind: (handle struct, module, what for error messages)
    "options": ("rocksdb_options_t", "options", "options"),
    "readoptions": ("rocksdb_readoptions_t", "readoptions", "read options"),
    "writeoptions": ("rocksdb_writeoptions_t", "writeoptions", "write options"),
    "flushoptions": ("rocksdb_flushoptions_t", "flush", "flush options"),
    "block_based_options": ("rocksdb_block_based_table_options_t", "table_options", "block-based table options"),
    "compactoptions": ("rocksdb_compactoptions_t", "compact", "compact options"),
}

# (kind, option name) -> (Rust place in the handle, Rust type)
ENGINE = {}

# The options and block-based table options the engine models come from the catalog,
# src/options/catalog.rs, where each is declared once: a line
#   Cf "write_buffer_size" => write_buffer_size: usize = 64 << 20, Num, mutable, written;
# gives the C pair rocksdb_options_{set,get}_write_buffer_size on h.opts.write_buffer_size.
# Only plain numbers and booleans (codec Num; info_log_level's LogLevel is its level number)
# get generated accessors; the others (compression, recovery mode, ...) are hand-written.
CATALOG_LINE = re.compile(r'^\s*(Db|Cf|Table) "(\w+)" => (\w+): ([\w<>]+) = [^,]+, (\w+), (?:mutable|immutable), (?:written|unwritten);')


def read_catalog():
    path = os.path.join(os.path.dirname(os.path.dirname(HERE)), "src", "options", "catalog.rs")
    for line in open(path):
        m = CATALOG_LINE.match(line)
        if not m or m.group(5) not in ("Num", "LogLevel"):
            continue
        section, name, field, rtype = m.group(1), m.group(2), m.group(3), m.group(4)
        if section == "Table":
            ENGINE[("block_based_options", name)] = ("h.t.%s" % field, rtype)
        else:
            ENGINE[("options", name)] = ("h.opts.%s" % field, rtype)


read_catalog()
for f, t in [("verify_checksums", "bool"), ("fill_cache", "bool"), ("total_order_seek", "bool"),
             ("prefix_same_as_start", "bool"), ("tailing", "bool"), ("pin_data", "bool"),
             ("readahead_size", "usize"), ("auto_prefix_mode", "bool")]:
    ENGINE[("readoptions", f)] = ("h.ro.%s" % f, t)
for f, t in [("sync", "bool"), ("disable_WAL", "bool"), ("ignore_missing_column_families", "bool"),
             ("no_slowdown", "bool"), ("low_pri", "bool")]:
    ENGINE[("writeoptions", f)] = ("h.wo.%s" % f.lower(), t)
for f, t in [("wait", "bool"), ("allow_write_stall", "bool")]:
    ENGINE[("flushoptions", f)] = ("h.fo.%s" % f, t)

# Written by hand in src/capi (conversions the generic code cannot do).
HAND_WRITTEN = {
    "rocksdb_options_set_compression", "rocksdb_options_get_compression",
    "rocksdb_options_set_bottommost_compression", "rocksdb_options_get_bottommost_compression",
    "rocksdb_options_set_wal_recovery_mode", "rocksdb_options_get_wal_recovery_mode",
    "rocksdb_options_set_max_bytes_for_level_multiplier_additional",
    "rocksdb_options_set_statistics_level", "rocksdb_options_get_statistics_level",
}

# Setters c.h names without `set_` (RocksDB's spelling), with the option they set.
# Setters whose option is not the name after `set_` (c.cc sets that field).
UNPREFIXED_SETTERS = {
    "rocksdb_options_compaction_readahead_size": "compaction_readahead_size",
    "rocksdb_block_based_options_set_data_block_hash_ratio": "data_block_hash_table_util_ratio",
}

# Stored options whose RocksDB field is a bool: any non-zero value reads back as 1.
STORED_BOOLS = {
    ("options", "track_and_verify_wals_in_manifest"),
    ("options", "track_and_verify_wals"),
}

# Setters whose non-zero value changes results or files: open fails with "Not implemented: <what>".
CHANGES_RESULTS = {
    "rocksdb_options_set_enable_blob_files": "blob files (enable_blob_files)",
    "rocksdb_options_set_allow_ingest_behind": "allow_ingest_behind",
    "rocksdb_options_set_unordered_write": "unordered_write",
    "rocksdb_options_set_atomic_flush": "atomic_flush",
    "rocksdb_options_set_two_write_queues": "two_write_queues",
    "rocksdb_options_set_manual_wal_flush": "manual_wal_flush",
    "rocksdb_options_set_allow_mmap_writes": "allow_mmap_writes",
}

# RocksDB 11.8.1 defaults of getters that Debian's 7.8.3 lacks (include/rocksdb/table.h, options.h).
DEFAULTS_11 = {
    "rocksdb_block_based_options_get_block_size_deviation": "10",
    "rocksdb_block_based_options_get_checksum": "4",
    "rocksdb_block_based_options_get_data_block_hash_table_util_ratio": "0.75",
    "rocksdb_block_based_options_get_enable_index_compression": "1",
    "rocksdb_block_based_options_get_index_shortening": "1",
    "rocksdb_block_based_options_get_initial_auto_readahead_size": "8192",
    "rocksdb_block_based_options_get_max_auto_readahead_size": "262144",
    "rocksdb_block_based_options_get_metadata_block_size": "4096",
    "rocksdb_block_based_options_get_num_file_reads_for_auto_readahead": "2",
    "rocksdb_block_based_options_get_optimize_filters_for_memory": "1",
    "rocksdb_block_based_options_get_pin_top_level_index_and_filter": "1",
    "rocksdb_block_based_options_get_use_delta_encoding": "1",
    "rocksdb_block_based_options_get_decouple_partitioned_filters": "1",
    "rocksdb_block_based_options_get_uniform_cv_threshold": "-1.0",
    "rocksdb_block_based_options_get_cache_index_and_filter_blocks_with_high_priority": "1",
    "rocksdb_readoptions_get_auto_readahead_size": "1",
    "rocksdb_readoptions_get_max_skippable_internal_keys": "0",
    "rocksdb_readoptions_get_value_size_soft_limit": "18446744073709551615",
    "rocksdb_readoptions_get_rate_limiter_priority": "4",
    "rocksdb_writeoptions_get_rate_limiter_priority": "4",
    # CompactRangeOptions (include/rocksdb/options.h).
    "rocksdb_compactoptions_get_bottommost_level_compaction": "1",
    "rocksdb_compactoptions_get_blob_garbage_collection_policy": "2",
    "rocksdb_compactoptions_get_blob_garbage_collection_age_cutoff": "-1.0",
    "rocksdb_compactoptions_get_target_level": "-1",
    # DBOptions (options.h: `unsigned int stats_persist_period_sec = 600;`).
    "rocksdb_options_get_stats_persist_period_sec": "600",
}

C_TO_RUST = {
    "unsigned char": "c_uchar", "int": "c_int", "uint64_t": "u64", "size_t": "size_t",
    "double": "f64", "uint32_t": "u32", "int64_t": "i64", "char": "c_char", "int32_t": "i32",
    "unsigned int": "c_uint", "unsigned": "c_uint", "uint8_t": "u8",
}


def to_bits(ctype, v):
    if ctype == "double":
        return "%s.to_bits()" % v
    if ctype in ("int", "int64_t", "char", "int32_t"):
        return "%s as i64 as u64" % v
    return "%s as u64" % v


def from_bits(ctype, b):
    if ctype == "double":
        return "f64::from_bits(%s)" % b
    if ctype in ("int", "int64_t", "char", "int32_t"):
        return "%s as i64 as %s" % (b, C_TO_RUST[ctype])
    return "%s as %s" % (b, C_TO_RUST[ctype])


def c_to_engine(ctype, rtype, v):
    if rtype == "bool":
        return "%s != 0" % v
    return "%s as %s" % (v, rtype)


def engine_to_c(ctype, rtype, x):
    return "%s as %s" % (x, C_TO_RUST[ctype])


def default_literal(ctype, text):
    if text is None:
        return "0.0" if ctype == "double" else "0"
    if ctype == "double":
        v = float(text)
        return repr(v) if "." in repr(v) or "e" in repr(v) else repr(v) + ".0"
    return text if ctype in ("int", "int64_t", "char", "int32_t") else str(int(text))


def ptr_type(param, handle_struct):
    return "*const %s" % handle_struct if param.startswith("const ") else "*mut %s" % handle_struct


def bool_fields(c_h):
    """The fields RocksDB declares `bool` in its option structs (options.h, advanced_options.h,
    table.h): their C setters take an int or an unsigned char and store it into the bool, so
    any non-zero value reads back 1."""
    inc = os.path.dirname(c_h)
    names = set()
    for f in ("options.h", "advanced_options.h", "table.h"):
        text = check_header.strip_source(open(os.path.join(inc, f)).read())
        names.update(re.findall(r"\bbool\s+(\w+)\s*(?:=[^;]*)?;", text))
    return names


def main():
    c_h = check_header.find_rocksdb_11_header()
    fns, _ = check_header.parse_header(c_h)
    bools = bool_fields(c_h)
    defaults = {}
    for line in open(os.path.join(HERE, "defaults_rocksdb_7.8.3.txt")):
        name, value = line.split()
        defaults[name] = value
    for name, value in DEFAULTS_11.items():
        defaults.setdefault(name, value)
    out = [
        "//! GENERATED by capi-tests/tools/gen_option_accessors.py from RocksDB 11.8.1's c.h: do not edit.",
        "//! Scalar option setters and getters: engine fields are set directly; every other",
        "//! option is stored in the handle and its getter answers RocksDB's default until set.",
        "// Generated casts are uniform over C types, some of which equal the Rust type.",
        "#![allow(clippy::unnecessary_cast, clippy::redundant_closure)]",
        "",
        "use super::compact::rocksdb_compactoptions_t;",
        "use super::flush::rocksdb_flushoptions_t;",
        "use super::options::rocksdb_options_t;",
        "use super::readoptions::rocksdb_readoptions_t;",
        "use super::table_options::rocksdb_block_based_table_options_t;",
        "use super::writeoptions::rocksdb_writeoptions_t;",
        "use super::*;",
        "use libc::{c_int, c_uchar, c_uint};",
        "",
        "/// Setters that change results or files, with what open reports as not implemented.",
        "pub(crate) const CHANGES_RESULTS: &[(&str, &str)] = &[",
    ]
    for name in sorted(CHANGES_RESULTS):
        if name in fns:
            out.append('    ("%s", "%s"),' % (name[len("rocksdb_options_set_"):], CHANGES_RESULTS[name]))
    out.append("];")
    count = 0
    for name in sorted(fns):
        if name in HAND_WRITTEN:
            continue
        sig = fns[name]
        for kind, (struct, _mod, what) in KINDS.items():
            m = re.match(r"^void (rocksdb_%s_(?:set_)?(\w+))\(((?:const )?%s\*), ([\w ]+)\)$" % (kind, struct), sig)
            setter = m is not None and m.group(4) in C_TO_RUST and not m.group(2).startswith("get_")
            g = re.match(r"^([\w ]+) (rocksdb_%s_get_(\w+))\(((?:const )?%s\*)\)$" % (kind, struct), sig)
            getter = g is not None and g.group(1) in C_TO_RUST
            if setter:
                opt, ctype = m.group(2), m.group(4)
                if kind == "writeoptions" and opt == "disable_WAL":
                    pass
                elif name in UNPREFIXED_SETTERS:
                    opt = UNPREFIXED_SETTERS[name]
                elif not name.startswith("rocksdb_%s_set_" % kind):
                    continue
                engine = ENGINE.get((kind, opt))
                out.append("")
                out.append("#[unsafe(no_mangle)]")
                out.append("pub unsafe extern \"C\" fn %s(h: %s, v: %s) {" % (name, ptr_type(m.group(3), struct), C_TO_RUST[ctype]))
                out.append("    guarded((), || {")
                out.append("        let h = handle_mut(h as *mut %s, \"%s\")?;" % (struct, what))
                if engine:
                    out.append("        %s = %s;" % (engine[0], c_to_engine(ctype, engine[1], "v")))
                else:
                    bits = "(v != 0) as u64" if (kind, opt) in STORED_BOOLS or opt in bools else to_bits(ctype, "v")
                    out.append("        h.stored.set(\"%s\", %s);" % (opt, bits))
                out.append("        Ok(())")
                out.append("    })")
                out.append("}")
                count += 1
            elif getter:
                ctype, opt = g.group(1), g.group(3)
                engine = ENGINE.get((kind, opt))
                default = default_literal(ctype, defaults.get(name))
                out.append("")
                out.append("#[unsafe(no_mangle)]")
                out.append("pub unsafe extern \"C\" fn %s(h: %s) -> %s {" % (name, ptr_type(g.group(4), struct), C_TO_RUST[ctype]))
                out.append("    guarded(%s, || {" % default)
                out.append("        let h = handle(h as *const %s, \"%s\")?;" % (struct, what))
                if engine:
                    out.append("        Ok(%s)" % engine_to_c(ctype, engine[1], engine[0]))
                else:
                    out.append("        Ok(h.stored.get(\"%s\").map(|b| %s).unwrap_or(%s))" % (opt, from_bits(ctype, "b"), default))
                out.append("    })")
                out.append("}")
                count += 1
    target = os.path.join(os.path.dirname(os.path.dirname(HERE)), "src", "capi", "option_accessors.rs")
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")
    subprocess.run(["rustfmt", "--edition", "2021", target], check=True)
    sys.stderr.write("gen_option_accessors: %d functions\n" % count)


if __name__ == "__main__":
    main()
