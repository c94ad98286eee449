"""Loading ferrock's shared library and declaring the C prototypes, once.

Only RocksDB's C API (``rocksdb/c.h``, RocksDB 11.8.1 names and signatures) is
used, so the same code runs over ferrock's cdylib or over RocksDB's own
``librocksdb.so``. The prototypes are generated from c.h into
:mod:`ferrock._capi` (``tools/gen_capi.py``); :class:`Library` declares each
function from there on first use, and the rest of the package calls
``lib.rocksdb_*`` attributes directly.

The library is found, in order, from:
1. the ``FERROCK_LIBRARY`` environment variable (a path to the ``.so``);
2. the package's own copy (``libferrock.so`` beside this file, put there by
   setup.py's build step when the package is built);
3. the system's library: ``ctypes.util.find_library("ferrock")`` (after
   ``make install``; the ld.so cache, the linker's paths, ``LD_LIBRARY_PATH``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path
from typing import Any, List

from ._capi import ENUMS, PROTOTYPES

_PACKAGE_LIB = "libferrock.so"

# c.h's compression types by short name: "none", "snappy", ..., "zstd".
COMPRESSION_TYPES = {
    name[len("rocksdb_"):-len("_compression")]: value
    for name, value in ENUMS.items()
    if name.endswith("_compression")
}
COMPRESSION_TYPES["none"] = COMPRESSION_TYPES.pop("no")


def _candidates() -> List[str]:
    """Where the library is looked for, in order (a path, or a name for the loader)."""
    env = os.environ.get("FERROCK_LIBRARY")
    if env:
        return [env]  # explicit: nothing else is tried
    found = [str(Path(__file__).resolve().parent / _PACKAGE_LIB)]
    system = ctypes.util.find_library("ferrock")
    if system:
        found.append(system)
    return found


def find_library() -> str:
    """Returns the path (or loader name) of the library to load, or raises OSError saying where it looked."""
    candidates = _candidates()
    for candidate in candidates:
        # find_library answers a bare name (libferrock.so) the dynamic loader resolves.
        if os.path.isfile(candidate) or os.sep not in candidate:
            return candidate
    looked = ", ".join(candidates)
    raise OSError(
        "ferrock: shared library not found; set FERROCK_LIBRARY to its path, install "
        "the package from a tree where it was built (cargo build --release --lib), or "
        f"`make install` it (looked in: {looked}; ctypes.util.find_library('ferrock') found nothing)"
    )


class Library:
    """The loaded library, its functions declared from c.h's prototypes (:mod:`ferrock._capi`).

    ``lib.rocksdb_put`` is the ctypes function with c.h's argtypes and restype,
    declared on first use and cached as an attribute, so later calls do no
    lookup. A name c.h does not declare, or one the loaded library does not
    export (an older RocksDB), raises AttributeError saying which.
    """

    def __init__(self, path: str) -> None:
        self._cdll = ctypes.CDLL(path)
        self._name = path

    def __getattr__(self, name: str) -> Any:
        try:
            restype, argtypes, _ = PROTOTYPES[name]
        except KeyError:
            raise AttributeError(f"{name} is not declared in rocksdb/c.h") from None
        try:
            fn = getattr(self._cdll, name)
        except AttributeError:
            raise AttributeError(f"{name}: not exported by {self._name}") from None
        fn.restype = restype
        fn.argtypes = argtypes
        setattr(self, name, fn)
        return fn


def callback_type(function: str, parameter: str) -> Any:
    """The CFUNCTYPE of a function-pointer parameter, as c.h declares it
    (``callback_type("rocksdb_mergeoperator_create", "full_merge")``)."""
    _, argtypes, names = PROTOTYPES[function]
    return argtypes[names.index(parameter)]


lib = Library(find_library())
library_path: str = lib._name


class ClosedOnCollect:
    """A handle over C memory that closes itself when Python collects it. At interpreter
    shutdown the library may already be gone, so an error from that close is ignored; the
    class defines `close`."""

    def __del__(self) -> None:
        try:
            self.close()  # type: ignore[attr-defined]
        except Exception:
            pass

