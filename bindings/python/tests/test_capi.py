"""The ctypes prototypes: generated from c.h (and fresh), and every one the package calls is declared."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import ferrock
from ferrock import _capi, _lib

SOURCE = Path(__file__).resolve().parent.parent
HEADER = SOURCE.parent.parent / "include" / "rocksdb" / "c.h"


@pytest.mark.skipif(not HEADER.is_file(), reason="no include/rocksdb/c.h beside this tree")
def test_capi_table_is_what_c_h_generates() -> None:
    out = subprocess.run(
        [sys.executable, str(SOURCE / "tools" / "gen_capi.py"), "--check", str(HEADER), str(SOURCE / "ferrock" / "_capi.py")],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    # The installed package carries the same table as the source tree.
    assert Path(_capi.__file__).read_text() == (SOURCE / "ferrock" / "_capi.py").read_text()
    declared = re.findall(r"^extern ROCKSDB_LIBRARY_API .*?\b(rocksdb_\w+)\(", HEADER.read_text(), re.M)
    assert sorted(declared) == sorted(_capi.PROTOTYPES)


def test_every_function_the_package_calls_is_declared_and_exported() -> None:
    used = set()
    for path in Path(ferrock.__file__).parent.glob("*.py"):
        used |= set(re.findall(r"\blib\.(rocksdb_\w+)", path.read_text()))
    assert len(used) > 100
    missing = sorted(name for name in used if name not in _capi.PROTOTYPES)
    assert missing == []
    for name in sorted(used):
        getattr(_lib.lib, name)  # AttributeError names one the library lacks


def test_prototypes_follow_c_h() -> None:
    from ctypes import POINTER, c_char_p, c_size_t, c_void_p

    put = _lib.lib.rocksdb_put
    assert put.argtypes == [c_void_p, c_void_p, c_char_p, c_size_t, c_char_p, c_size_t, POINTER(c_void_p)]
    assert put.restype is None
    assert _lib.lib.rocksdb_get.restype is c_void_p  # malloc'd: copied, then rocksdb_free'd
    full_merge = _lib.callback_type("rocksdb_mergeoperator_create", "full_merge")
    assert full_merge._restype_ is c_void_p
    assert _lib.COMPRESSION_TYPES["none"] == 0 and _lib.COMPRESSION_TYPES["zstd"] == 7
    with pytest.raises(AttributeError, match="not declared in rocksdb/c.h"):
        _lib.lib.rocksdb_no_such_function
