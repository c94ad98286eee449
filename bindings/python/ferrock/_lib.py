"""Loading ferrock's shared library and declaring the C prototypes, once.

Only RocksDB's C API (``rocksdb/c.h``, RocksDB 11.8.1 names and signatures) is
used, so the same code runs over ferrock's cdylib or over RocksDB's own
``librocksdb.so``. Every prototype is declared here at import time; the rest of
the package calls ``lib.rocksdb_*`` attributes directly, with no per-call
lookups.

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
from ctypes import (
    POINTER,
    c_char_p,
    c_double,
    c_int,
    c_int64,
    c_size_t,
    c_ubyte,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import List, Optional

_PACKAGE_LIB = "libferrock.so"

# c.h's anonymous enum of compression types.
COMPRESSION_TYPES = {
    "none": 0,
    "snappy": 1,
    "zlib": 2,
    "bz2": 3,
    "lz4": 4,
    "lz4hc": 5,
    "xpress": 6,
    "zstd": 7,
}


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


# Argument and result types used below.
P = c_void_p  # every opaque handle
ERR = POINTER(c_void_p)  # char** errptr, kept as void* so the message can be freed
SIZE_P = POINTER(c_size_t)
UCHAR = c_ubyte

# name: (restype, argtypes). Declared once at load.
_PROTOTYPES = {
    "rocksdb_free": (None, [c_void_p]),
    # options
    "rocksdb_options_create": (P, []),
    "rocksdb_options_destroy": (None, [P]),
    "rocksdb_options_set_create_if_missing": (None, [P, UCHAR]),
    "rocksdb_options_set_error_if_exists": (None, [P, UCHAR]),
    "rocksdb_options_set_create_missing_column_families": (None, [P, UCHAR]),
    "rocksdb_options_set_paranoid_checks": (None, [P, UCHAR]),
    "rocksdb_options_set_write_buffer_size": (None, [P, c_size_t]),
    "rocksdb_options_set_max_write_buffer_number": (None, [P, c_int]),
    "rocksdb_options_set_max_open_files": (None, [P, c_int]),
    "rocksdb_options_set_compression": (None, [P, c_int]),
    "rocksdb_options_set_target_file_size_base": (None, [P, c_uint64]),
    "rocksdb_options_set_max_bytes_for_level_base": (None, [P, c_uint64]),
    "rocksdb_options_set_level0_file_num_compaction_trigger": (None, [P, c_int]),
    "rocksdb_options_set_max_background_jobs": (None, [P, c_int]),
    "rocksdb_options_increase_parallelism": (None, [P, c_int]),
    "rocksdb_options_set_use_fsync": (None, [P, c_int]),
    "rocksdb_options_set_uint64add_merge_operator": (None, [P]),
    "rocksdb_options_set_block_based_table_factory": (None, [P, P]),
    "rocksdb_block_based_options_create": (P, []),
    "rocksdb_block_based_options_destroy": (None, [P]),
    "rocksdb_block_based_options_set_block_size": (None, [P, c_size_t]),
    "rocksdb_block_based_options_set_block_cache": (None, [P, P]),
    "rocksdb_block_based_options_set_no_block_cache": (None, [P, UCHAR]),
    "rocksdb_block_based_options_set_filter_policy": (None, [P, P]),
    "rocksdb_filterpolicy_create_bloom": (P, [c_double]),
    "rocksdb_cache_create_lru": (P, [c_size_t]),
    "rocksdb_cache_destroy": (None, [P]),
    "rocksdb_readoptions_create": (P, []),
    "rocksdb_readoptions_destroy": (None, [P]),
    "rocksdb_readoptions_set_snapshot": (None, [P, P]),
    "rocksdb_readoptions_set_verify_checksums": (None, [P, UCHAR]),
    "rocksdb_readoptions_set_fill_cache": (None, [P, UCHAR]),
    "rocksdb_readoptions_set_iterate_upper_bound": (None, [P, c_char_p, c_size_t]),
    "rocksdb_readoptions_set_iterate_lower_bound": (None, [P, c_char_p, c_size_t]),
    "rocksdb_writeoptions_create": (P, []),
    "rocksdb_writeoptions_destroy": (None, [P]),
    "rocksdb_writeoptions_set_sync": (None, [P, UCHAR]),
    "rocksdb_writeoptions_disable_WAL": (None, [P, c_int]),
    "rocksdb_flushoptions_create": (P, []),
    "rocksdb_flushoptions_destroy": (None, [P]),
    "rocksdb_flushoptions_set_wait": (None, [P, UCHAR]),
    # database
    "rocksdb_open": (P, [P, c_char_p, ERR]),
    "rocksdb_open_column_families": (
        P,
        [P, c_char_p, c_int, POINTER(c_char_p), POINTER(P), POINTER(P), ERR],
    ),
    "rocksdb_list_column_families": (POINTER(c_char_p), [P, c_char_p, SIZE_P, ERR]),
    "rocksdb_list_column_families_destroy": (None, [POINTER(c_char_p), c_size_t]),
    "rocksdb_close": (None, [P]),
    "rocksdb_destroy_db": (None, [P, c_char_p, ERR]),
    "rocksdb_create_column_family": (P, [P, P, c_char_p, ERR]),
    "rocksdb_drop_column_family": (None, [P, P, ERR]),
    "rocksdb_column_family_handle_destroy": (None, [P]),
    "rocksdb_put": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_put_cf": (None, [P, P, P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_merge": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_merge_cf": (None, [P, P, P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_get": (c_void_p, [P, P, c_char_p, c_size_t, SIZE_P, ERR]),
    "rocksdb_get_cf": (c_void_p, [P, P, P, c_char_p, c_size_t, SIZE_P, ERR]),
    "rocksdb_multi_get": (
        None,
        [P, P, c_size_t, POINTER(c_char_p), SIZE_P, POINTER(c_void_p), SIZE_P, POINTER(c_void_p)],
    ),
    "rocksdb_multi_get_cf": (
        None,
        [P, P, POINTER(P), c_size_t, POINTER(c_char_p), SIZE_P, POINTER(c_void_p), SIZE_P,
         POINTER(c_void_p)],
    ),
    "rocksdb_delete": (None, [P, P, c_char_p, c_size_t, ERR]),
    "rocksdb_delete_cf": (None, [P, P, P, c_char_p, c_size_t, ERR]),
    "rocksdb_write": (None, [P, P, P, ERR]),
    "rocksdb_flush": (None, [P, P, ERR]),
    "rocksdb_compact_range": (None, [P, c_char_p, c_size_t, c_char_p, c_size_t]),
    "rocksdb_compact_range_cf": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t]),
    "rocksdb_property_value": (c_void_p, [P, c_char_p]),
    "rocksdb_property_int": (c_int, [P, c_char_p, POINTER(c_uint64)]),
    "rocksdb_create_snapshot": (P, [P]),
    "rocksdb_release_snapshot": (None, [P, P]),
    # iterators
    "rocksdb_create_iterator": (P, [P, P]),
    "rocksdb_create_iterator_cf": (P, [P, P, P]),
    "rocksdb_iter_destroy": (None, [P]),
    "rocksdb_iter_valid": (UCHAR, [P]),
    "rocksdb_iter_seek_to_first": (None, [P]),
    "rocksdb_iter_seek_to_last": (None, [P]),
    "rocksdb_iter_seek": (None, [P, c_char_p, c_size_t]),
    "rocksdb_iter_seek_for_prev": (None, [P, c_char_p, c_size_t]),
    "rocksdb_iter_next": (None, [P]),
    "rocksdb_iter_prev": (None, [P]),
    "rocksdb_iter_key": (c_void_p, [P, SIZE_P]),
    "rocksdb_iter_value": (c_void_p, [P, SIZE_P]),
    "rocksdb_iter_get_error": (None, [P, ERR]),
    # write batches
    "rocksdb_writebatch_create": (P, []),
    "rocksdb_writebatch_destroy": (None, [P]),
    "rocksdb_writebatch_clear": (None, [P]),
    "rocksdb_writebatch_count": (c_int, [P]),
    "rocksdb_writebatch_put": (None, [P, c_char_p, c_size_t, c_char_p, c_size_t]),
    "rocksdb_writebatch_put_cf": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t]),
    "rocksdb_writebatch_merge": (None, [P, c_char_p, c_size_t, c_char_p, c_size_t]),
    "rocksdb_writebatch_merge_cf": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t]),
    "rocksdb_writebatch_delete": (None, [P, c_char_p, c_size_t]),
    "rocksdb_writebatch_delete_cf": (None, [P, P, c_char_p, c_size_t]),
    "rocksdb_writebatch_data": (c_void_p, [P, SIZE_P]),
    # transactions (ferrock answers "Not implemented" until they land)
    "rocksdb_transactiondb_options_create": (P, []),
    "rocksdb_transactiondb_options_destroy": (None, [P]),
    "rocksdb_transaction_options_create": (P, []),
    "rocksdb_transaction_options_destroy": (None, [P]),
    "rocksdb_transaction_options_set_lock_timeout": (None, [P, c_int64]),
    "rocksdb_transactiondb_open": (P, [P, P, c_char_p, ERR]),
    "rocksdb_transactiondb_close": (None, [P]),
    "rocksdb_transactiondb_put": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_transactiondb_merge": (None, [P, P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_transactiondb_get": (c_void_p, [P, P, c_char_p, c_size_t, SIZE_P, ERR]),
    "rocksdb_transactiondb_delete": (None, [P, P, c_char_p, c_size_t, ERR]),
    "rocksdb_transactiondb_write": (None, [P, P, P, ERR]),
    "rocksdb_transactiondb_create_iterator": (P, [P, P]),
    "rocksdb_transaction_begin": (P, [P, P, P, P]),
    "rocksdb_transaction_put": (None, [P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_transaction_merge": (None, [P, c_char_p, c_size_t, c_char_p, c_size_t, ERR]),
    "rocksdb_transaction_get": (c_void_p, [P, P, c_char_p, c_size_t, SIZE_P, ERR]),
    "rocksdb_transaction_get_for_update": (
        c_void_p,
        [P, P, c_char_p, c_size_t, SIZE_P, UCHAR, ERR],
    ),
    "rocksdb_transaction_delete": (None, [P, c_char_p, c_size_t, ERR]),
    "rocksdb_transaction_create_iterator": (P, [P, P]),
    "rocksdb_transaction_set_savepoint": (None, [P]),
    "rocksdb_transaction_rollback_to_savepoint": (None, [P, ERR]),
    "rocksdb_transaction_commit": (None, [P, ERR]),
    "rocksdb_transaction_rollback": (None, [P, ERR]),
    "rocksdb_transaction_destroy": (None, [P]),
}


def _load() -> ctypes.CDLL:
    path = find_library()
    lib = ctypes.CDLL(path)
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(lib, name)  # AttributeError names a function the library lacks
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


lib = _load()
library_path: Optional[str] = lib._name
