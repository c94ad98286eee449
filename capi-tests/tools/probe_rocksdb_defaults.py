#!/usr/bin/env python3
"""Prints the default value of every scalar option getter of Debian's RocksDB 7.8.3
(`/usr/include/rocksdb/c.h`, `-lrocksdb`), as `name value` lines. Its output is
checked in as defaults_rocksdb_7.8.3.txt and read by gen_option_accessors.py, so the
getters of options ferrock only stores answer RocksDB's defaults."""
import os, re, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import check_header

CREATE = {
    "options": "rocksdb_options_create()",
    "readoptions": "rocksdb_readoptions_create()",
    "writeoptions": "rocksdb_writeoptions_create()",
    "flushoptions": "rocksdb_flushoptions_create()",
    "block_based_options": "rocksdb_block_based_options_create()",
}
FMT = {"unsigned char": "%u", "int": "%d", "uint64_t": "%llu", "size_t": "%llu",
       "double": "%.17g", "uint32_t": "%u", "int64_t": "%lld", "char": "%d"}
CAST = {"uint64_t": "(unsigned long long)", "size_t": "(unsigned long long)", "int64_t": "(long long)"}

fns, _ = check_header.parse_header("/usr/include/rocksdb/c.h")
lines = ['#include <stdio.h>', '#include <rocksdb/c.h>', 'int main(void) {']
for kind, create in CREATE.items():
    lines.append("  { void* h = %s;" % create)
    for name, sig in sorted(fns.items()):
        m = re.match(r"^(.*) (rocksdb_%s_get_\w+)\((\w+)\*\)$" % kind, sig)
        if not m or m.group(1) not in FMT:
            continue
        lines.append('    printf("%s %s\\n", %s%s(h));' % (name, FMT[m.group(1)], CAST.get(m.group(1), ""), name))
    lines.append("  }")
lines.append("  return 0;\n}")
with tempfile.TemporaryDirectory() as d:
    src = os.path.join(d, "probe.c")
    open(src, "w").write("\n".join(lines))
    subprocess.run(["gcc", "-w", "-o", os.path.join(d, "probe"), src, "-lrocksdb"], check=True)
    sys.stdout.write(subprocess.run([os.path.join(d, "probe")], check=True, capture_output=True, text=True).stdout)
