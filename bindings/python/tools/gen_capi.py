#!/usr/bin/env python3
"""Generates ferrock/_capi.py, the ctypes prototypes of every c.h function, from c.h.

    python3 tools/gen_capi.py [C_H [OUT]]     (defaults: ../../include/rocksdb/c.h, ferrock/_capi.py)
    python3 tools/gen_capi.py --check [C_H [OUT]]   exits 1 when OUT is not what C_H generates

c.h is itself generated (``make header``) with one declaration a line, but the
parser does not rely on it: declarations are read up to their ``;``. It knows
c.h's shapes: ``extern ROCKSDB_LIBRARY_API <type> <name>(<params>);``,
function-pointer parameters and typedefs, ``typedef struct {...} name;`` with
plain fields, scalar typedefs and anonymous enums. An unknown type is an error,
so a new shape in c.h is noticed here, not at a call.

How C types become ctypes (the binding relies on these choices):
- every ``rocksdb_*_t *`` (opaque) and ``void *`` is ``c_void_p``;
- a ``const char *`` / ``char *`` argument is ``c_char_p`` (bytes in; lengths are
  passed beside it, so embedded NULs are kept);
- a returned ``char *`` is ``c_void_p``, so the caller can copy ``len`` bytes
  and ``rocksdb_free`` it; a returned ``char **`` is ``POINTER(c_char_p)``;
- a ``char **`` argument (errptr, output values) is ``POINTER(c_void_p)``, so the
  pointer it receives can be freed; ``const char *const *`` is ``POINTER(c_char_p)``;
- inside callbacks every ``char`` pointer is ``c_void_p`` (the bytes are read
  with ``string_at(ptr, len)``; a callback returns addresses, never Python strings).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Dict, List, Tuple

HERE = Path(__file__).resolve().parent
DEFAULT_HEADER = HERE.parent.parent.parent / "include" / "rocksdb" / "c.h"
DEFAULT_OUT = HERE.parent / "ferrock" / "_capi.py"

SCALARS = {
    "void": "None",
    "char": "c_char",
    "unsigned char": "c_ubyte",
    "bool": "c_bool",
    "int": "c_int",
    "unsigned int": "c_uint",
    "unsigned long long": "c_ulonglong",
    "int32_t": "c_int32",
    "uint32_t": "c_uint32",
    "int64_t": "c_int64",
    "uint64_t": "c_uint64",
    "uint8_t": "c_uint8",
    "size_t": "c_size_t",
    "double": "c_double",
}


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _split_params(params: str) -> List[str]:
    """Splits a parameter list at its top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in params:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


class Header:
    def __init__(self, text: str) -> None:
        self.text = _strip_comments(text)
        self.structs: Dict[str, List[Tuple[str, str]]] = {}  # name -> [(field, C type)]
        self.callbacks: Dict[str, str] = {}  # typedef'd function pointer -> C declaration
        self.aliases: Dict[str, str] = {}  # scalar typedef -> C type
        self.opaque: set = set()
        self.enums: List[Tuple[str, int]] = []
        self.functions: List[Tuple[str, str, List[str]]] = []  # (name, return type, params)
        self._parse()

    def _parse(self) -> None:
        t = self.text
        for m in re.finditer(r"typedef\s+struct\s+(\w+)\s+(\w+)\s*;", t):
            self.opaque.add(m.group(2))
        for m in re.finditer(r"typedef\s+struct\s*\{([^}]*)\}\s*(\w+)\s*;", t):
            fields = []
            for decl in m.group(1).split(";"):
                decl = decl.strip()
                if decl:
                    fm = re.match(r"(.*?)(\w+)$", decl)
                    assert fm, decl
                    fields.append((fm.group(2), fm.group(1).strip()))
            self.structs[m.group(2)] = fields
        for m in re.finditer(r"typedef\s+([^;()]*?)\(\s*\*\s*(\w+)\s*\)\s*\(([^;]*)\)\s*;", t):
            self.callbacks[m.group(2)] = f"{m.group(1).strip()} (*)({m.group(3)})"
        for m in re.finditer(r"typedef\s+([a-z][\w ]*?)\s+(\w+)\s*;", t):
            if not m.group(1).startswith("struct"):
                self.aliases[m.group(2)] = m.group(1)
        for m in re.finditer(r"enum\s*\{([^}]*)\}\s*;", t):
            for em in re.finditer(r"(\w+)\s*=\s*(-?(?:0x[0-9a-fA-F]+|\d+))", m.group(1)):
                self.enums.append((em.group(1), int(em.group(2), 0)))
        for m in re.finditer(r"extern\s+ROCKSDB_LIBRARY_API\s+([^;]*?)\s*;", t):
            decl = " ".join(m.group(1).split())
            fm = re.match(r"(.*?)\b(\w+)\s*\((.*)\)$", decl)
            if not fm:
                raise SystemExit(f"gen_capi: cannot parse declaration: {decl}")
            params = _split_params(fm.group(3))
            if params == ["void"]:
                params = []
            self.functions.append((fm.group(2), fm.group(1).strip(), params))

    # -- C type -> ctypes expression ---------------------------------------------------

    def ctype(self, ctype: str, ctx: str) -> str:
        """The ctypes expression for a C type; ctx is "arg", "ret" or "cb" (inside a callback)."""
        ctype = " ".join(ctype.replace("*", " * ").split())
        if "(*" in ctype.replace(" ", "") or "( *" in ctype:
            return self.funcptr(ctype)
        stars = ctype.count("*")
        words = [w for w in ctype.replace("*", " ").split() if w != "const"]
        base = " ".join(words)
        base = self.aliases.get(base, base)
        # Whether the pointed-to char is const at the first level (`const char *const *`).
        const_chars = ctype.startswith("const ")
        if stars == 0:
            if base in SCALARS:
                return SCALARS[base]
            if base in self.structs:
                return base
            if base in self.callbacks:
                return base
            raise SystemExit(f"gen_capi: unknown type {ctype!r}")
        if base == "char":
            if stars == 1:
                return "c_char_p" if ctx == "arg" else "c_void_p"
            if stars == 2:
                if ctx == "ret" or (ctx == "arg" and const_chars):
                    return "POINTER(c_char_p)"
                return "POINTER(c_void_p)"
            return "POINTER(" * (stars - 2) + "POINTER(c_char_p)" + ")" * (stars - 2)
        if base == "void" or base in self.opaque:
            inner = "c_void_p"
        elif base in self.structs:
            inner = f"POINTER({base})"
        elif base in SCALARS:
            inner = f"POINTER({SCALARS[base]})"
        else:
            raise SystemExit(f"gen_capi: unknown pointer type {ctype!r}")
        return "POINTER(" * (stars - 1) + inner + ")" * (stars - 1)

    def funcptr(self, decl: str) -> str:
        """A function pointer parameter, `ret (*name)(params)` or `ret (*)(params)`."""
        m = re.match(r"(.*?)\(\s*\*\s*\w*\s*\)\s*\((.*)\)$", decl)
        if not m:
            raise SystemExit(f"gen_capi: cannot parse function pointer {decl!r}")
        params = _split_params(m.group(2))
        if params == ["void"]:
            params = []
        ret = self.ctype(m.group(1).strip(), "cb")
        args = [self.ctype(_split_param(self, p)[0], "cb") for p in params]
        return f"CFUNCTYPE({', '.join([ret] + args)})"


def _split_param(h: "Header", param: str) -> Tuple[str, str]:
    """`const char *key` -> (`const char *`, `key`); an unnamed one gets name ""."""
    param = " ".join(param.replace("*", " * ").split())
    if "(" in param:  # a function pointer: `ret (*name)(params)`
        m = re.search(r"\(\s*\*\s*(\w*)\s*\)", param)
        return param, m.group(1) if m else ""
    words = param.split()
    last = words[-1]
    type_words = {w for k in SCALARS for w in k.split()} | {"const"}
    known = type_words | set(h.aliases) | h.opaque | set(h.structs) | set(h.callbacks)
    if len(words) > 1 and re.match(r"^\w+$", last) and last not in known:
        return " ".join(words[:-1]), last
    return param, ""


def generate(header_path: Path) -> str:
    h = Header(header_path.read_text())
    out = [
        '"""ctypes prototypes of every function of ``include/rocksdb/c.h``: GENERATED, do not edit.',
        "",
        "Made by ``tools/gen_capi.py`` (``make -C bindings/python capi``) from c.h; the python",
        "suite checks that it matches c.h. :mod:`ferrock._lib` declares each function from",
        "``PROTOTYPES`` the first time it is used.",
        '"""',
        "",
        "# fmt: off",
        "from ctypes import (  # noqa: F401",
        "    CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int, c_int32,",
        "    c_int64, c_size_t, c_ubyte, c_uint, c_uint8, c_uint32, c_uint64, c_ulonglong, c_void_p,",
        ")",
        "",
    ]
    for name, fields in h.structs.items():
        out.append(f"class {name}(Structure):")
        out.append("    _fields_ = [")
        for field, ctype in fields:
            # A struct field is read by Python code, as in a callback: addresses, not strings.
            out.append(f"        ({field!r}, {h.ctype(ctype, 'cb')}),")
        out.append("    ]")
        out.append("")
    out.append("")
    for name, decl in h.callbacks.items():
        out.append(f"{name} = {h.funcptr(decl)}")
    out.append("")
    out.append("ENUMS = {")
    for name, value in h.enums:
        out.append(f"    {name!r}: {value},")
    out.append("}")
    out.append("")
    out.append("# name: (restype, argtypes, parameter names)")
    out.append("PROTOTYPES = {")
    for name, ret, params in h.functions:
        restype = h.ctype(ret, "ret")
        split = [_split_param(h, p) for p in params]
        argtypes = [h.ctype(t, "arg") for t, _ in split]
        names = [n or f"arg{i}" for i, (_, n) in enumerate(split)]
        out.append(f"    {name!r}: ({restype}, [{', '.join(argtypes)}], {names!r}),")
    out.append("}")
    out.append("")
    return "\n".join(out)


def main(argv: List[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    header = Path(args[0]) if args else DEFAULT_HEADER
    target = Path(args[1]) if len(args) > 1 else DEFAULT_OUT
    text = generate(header)
    if check:
        if not target.is_file() or target.read_text() != text:
            print(f"{target} is stale: run python3 tools/gen_capi.py", file=sys.stderr)
            return 1
        return 0
    target.write_text(text)
    print(f"wrote {target} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
