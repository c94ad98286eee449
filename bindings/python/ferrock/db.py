"""The database, its column families, iterators, snapshots and write batches.

Everything here goes through RocksDB's C API as declared in :mod:`ferrock._lib`.
Keys and values are ``bytes`` (``bytearray`` and ``memoryview`` are accepted
and copied); ``str`` is refused with ``TypeError`` so no encoding is guessed.

Thread-safety: a :class:`DB` (and its column families) may be used from many
threads at once; ctypes releases the GIL during each C call. Iterators and
write batches belong to one thread at a time. :meth:`DB.close` must not race
with other calls on the same database.
"""

from __future__ import annotations

import os
import threading
import weakref
from ctypes import POINTER, byref, c_bool, c_char_p, c_double, c_int, c_int64, c_size_t, c_ubyte, c_uint32, c_uint64, c_void_p, cast, string_at
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    Optional,
    Tuple,
    TypeVar,
    Union,
)

from ._capi import PROTOTYPES
from ._lib import COMPRESSION_TYPES, ClosedOnCollect, lib
from .callbacks import CompactionFilter, MergeOperator, PrefixExtractor
from .errors import InvalidArgumentError, NotFoundError, NotSupportedError, error_from_status

BytesLike = Union[bytes, bytearray, memoryview]
T = TypeVar("T")

_MISSING: Any = object()


def _as_bytes(x: BytesLike, what: str = "key") -> bytes:
    if type(x) is bytes:
        return x
    if isinstance(x, (bytes, bytearray, memoryview)):
        return bytes(x)
    raise TypeError(f"{what} must be bytes, not {type(x).__name__}")


def _call(fn: Callable[..., T], *args: Any) -> T:
    """Calls a C function whose last argument is ``char** errptr``; raises on error."""
    err = c_void_p()
    result = fn(*args, byref(err))
    if err.value:
        text = string_at(err.value).decode("utf-8", "replace")
        lib.rocksdb_free(err)
        raise error_from_status(text)
    return result


def _take_bytes(ptr: Optional[int], size: int) -> Optional[bytes]:
    """Copies a malloc'd C buffer into bytes and frees it; None for NULL."""
    if not ptr:
        return None
    try:
        return string_at(ptr, size)
    finally:
        lib.rocksdb_free(ptr)


def _prefix_successor(prefix: bytes) -> Optional[bytes]:
    """The smallest key greater than every key starting with ``prefix``; None if unbounded."""
    trimmed = prefix.rstrip(b"\xff")
    if not trimmed:
        return None
    return trimmed[:-1] + bytes([trimmed[-1] + 1])


# Options accepted as DB(**options): name -> (C setter, converter).
_DB_OPTIONS: Dict[str, Tuple[str, Callable[[Any], Any]]] = {
    "error_if_exists": ("rocksdb_options_set_error_if_exists", bool),
    "create_missing_column_families": (
        "rocksdb_options_set_create_missing_column_families",
        bool,
    ),
    "paranoid_checks": ("rocksdb_options_set_paranoid_checks", bool),
    "write_buffer_size": ("rocksdb_options_set_write_buffer_size", int),
    "max_write_buffer_number": ("rocksdb_options_set_max_write_buffer_number", int),
    "max_open_files": ("rocksdb_options_set_max_open_files", int),
    "target_file_size_base": ("rocksdb_options_set_target_file_size_base", int),
    "max_bytes_for_level_base": ("rocksdb_options_set_max_bytes_for_level_base", int),
    "level0_file_num_compaction_trigger": (
        "rocksdb_options_set_level0_file_num_compaction_trigger",
        int,
    ),
    "max_background_jobs": ("rocksdb_options_set_max_background_jobs", int),
    "increase_parallelism": ("rocksdb_options_increase_parallelism", int),
    "use_fsync": ("rocksdb_options_set_use_fsync", int),
}
_TABLE_OPTIONS = ("block_size", "block_cache_size", "bloom_bits_per_key")
_SCALAR_TYPES = (c_ubyte, c_int, c_uint64, c_size_t, c_double, c_uint32, c_int64, c_bool)


def _generic_setter(name: str) -> Optional[str]:
    """c.h's ``rocksdb_options_set_<name>(opt, value)`` for a scalar option, if there is one."""
    fn = f"rocksdb_options_set_{name}"
    proto = PROTOTYPES.get(fn)
    if proto is None or len(proto[1]) != 2 or proto[1][1] not in _SCALAR_TYPES:
        return None
    return fn


class _Options:
    """A C ``rocksdb_options_t`` built from keyword options, with what it references.

    ``options_string`` (RocksDB's ``name=value;...`` text) is applied first, then
    the keywords. ``base`` is a C options object to start from (this object then
    owns it). Beyond the named options, any ``name`` with a scalar
    ``rocksdb_options_set_<name>`` in c.h is accepted (``num_levels=4``).
    """

    def __init__(self, create_if_missing: Optional[bool], options: Dict[str, Any], base: Optional[int] = None) -> None:
        self.handle = base if base is not None else lib.rocksdb_options_create()
        self._table = None
        self._cache = None
        self._compaction_filter: Optional[int] = None
        self.callbacks: List[Any] = []  # Python objects the engine calls
        try:
            self._apply(create_if_missing, dict(options))
        except BaseException:
            self.destroy()
            raise

    def _apply(self, create_if_missing: Optional[bool], options: Dict[str, Any]) -> None:
        options_string = options.pop("options_string", None)
        if options_string is not None:
            new = lib.rocksdb_options_create()
            try:
                _call(lib.rocksdb_get_options_from_string, self.handle, str(options_string).encode(), new)
            except BaseException:
                lib.rocksdb_options_destroy(new)
                raise
            lib.rocksdb_options_destroy(self.handle)
            self.handle = new
        if create_if_missing is not None:
            lib.rocksdb_options_set_create_if_missing(self.handle, bool(create_if_missing))
        table = {}
        for name, value in options.items():
            if name == "compression":
                code = COMPRESSION_TYPES.get(value, value) if isinstance(value, str) else value
                if not isinstance(code, int):
                    raise ValueError(f"unknown compression {value!r}")
                lib.rocksdb_options_set_compression(self.handle, code)
            elif name == "merge_operator":
                self._set_merge_operator(value)
            elif name == "compaction_filter":
                f = value if isinstance(value, CompactionFilter) else CompactionFilter(value)
                self._compaction_filter = f._create()
                self.callbacks.append(f)
                lib.rocksdb_options_set_compaction_filter(self.handle, self._compaction_filter)
            elif name == "prefix_extractor":
                if isinstance(value, int) and not isinstance(value, bool):
                    st = lib.rocksdb_slicetransform_create_fixed_prefix(value)
                else:
                    p = value if isinstance(value, PrefixExtractor) else PrefixExtractor(value)
                    st = p._create()
                    self.callbacks.append(p)
                lib.rocksdb_options_set_prefix_extractor(self.handle, st)  # takes it over
            elif name == "statistics":
                if value:
                    lib.rocksdb_options_enable_statistics(self.handle)
            elif name in _DB_OPTIONS:
                setter, convert = _DB_OPTIONS[name]
                getattr(lib, setter)(self.handle, convert(value))
            elif name in _TABLE_OPTIONS:
                table[name] = value
            elif _generic_setter(name):
                getattr(lib, _generic_setter(name))(self.handle, value)
            else:
                raise TypeError(f"unknown option {name!r}")
        if table:
            self._table = lib.rocksdb_block_based_options_create()
            if "block_size" in table:
                lib.rocksdb_block_based_options_set_block_size(self._table, int(table["block_size"]))
            if "block_cache_size" in table:
                size = int(table["block_cache_size"])
                if size == 0:
                    lib.rocksdb_block_based_options_set_no_block_cache(self._table, True)
                else:
                    self._cache = lib.rocksdb_cache_create_lru(size)
                    lib.rocksdb_block_based_options_set_block_cache(self._table, self._cache)
            if "bloom_bits_per_key" in table:
                policy = lib.rocksdb_filterpolicy_create_bloom(float(table["bloom_bits_per_key"]))
                # The table options own the policy from here on.
                lib.rocksdb_block_based_options_set_filter_policy(self._table, policy)
            lib.rocksdb_options_set_block_based_table_factory(self.handle, self._table)

    def _set_merge_operator(self, value: Any) -> None:
        if value == "uint64add":
            lib.rocksdb_options_set_uint64add_merge_operator(self.handle)
            return
        if isinstance(value, str):
            raise ValueError(f"unknown merge operator {value!r} (built in: 'uint64add'; or a Python callable)")
        op = value if isinstance(value, MergeOperator) else MergeOperator(value)
        self.callbacks.append(op)
        lib.rocksdb_options_set_merge_operator(self.handle, op._create())  # takes it over

    def option(self, name: str) -> Any:
        """The value c.h's ``rocksdb_options_get_<name>`` reads from these options."""
        fn = f"rocksdb_options_get_{name}"
        if fn not in PROTOTYPES or len(PROTOTYPES[fn][1]) != 1:
            raise TypeError(f"no option getter {fn} in rocksdb/c.h")
        return getattr(lib, fn)(self.handle)

    def destroy(self) -> None:
        if self.handle:
            lib.rocksdb_options_destroy(self.handle)
            self.handle = None
        if self._table:
            lib.rocksdb_block_based_options_destroy(self._table)
            self._table = None
        if self._cache:
            lib.rocksdb_cache_destroy(self._cache)
            self._cache = None
        if self._compaction_filter:
            # Not owned by the options (RocksDB's C API): freed once no database uses it.
            lib.rocksdb_compactionfilter_destroy(self._compaction_filter)
            self._compaction_filter = None


class _ReadOptions:
    """A C ``rocksdb_readoptions_t`` plus the bound buffers it points into."""

    def __init__(
        self,
        snapshot: Optional["Snapshot"] = None,
        lower: Optional[bytes] = None,
        upper: Optional[bytes] = None,
        fill_cache: bool = True,
        prefix_same_as_start: bool = False,
        total_order_seek: bool = False,
    ) -> None:
        self.handle = lib.rocksdb_readoptions_create()
        # The C API keeps pointers to the bounds, so the bytes must live as long.
        self._lower = lower
        self._upper = upper
        if snapshot is not None:
            lib.rocksdb_readoptions_set_snapshot(self.handle, snapshot._live_handle())
        if lower is not None:
            lib.rocksdb_readoptions_set_iterate_lower_bound(self.handle, lower, len(lower))
        if upper is not None:
            lib.rocksdb_readoptions_set_iterate_upper_bound(self.handle, upper, len(upper))
        if not fill_cache:
            lib.rocksdb_readoptions_set_fill_cache(self.handle, False)
        if prefix_same_as_start:
            lib.rocksdb_readoptions_set_prefix_same_as_start(self.handle, True)
        if total_order_seek:
            lib.rocksdb_readoptions_set_total_order_seek(self.handle, True)

    def destroy(self) -> None:
        if self.handle:
            lib.rocksdb_readoptions_destroy(self.handle)
            self.handle = None


class _Mapping:
    """The dict-like surface shared by databases, column families and transactions.

    Subclasses provide ``get``, ``put``, ``delete`` and ``_open_iterator``.
    """

    def get(self, key: BytesLike, default: Any = None) -> Any:
        raise NotImplementedError

    def put(self, key: BytesLike, value: BytesLike) -> None:
        raise NotImplementedError

    def delete(self, key: BytesLike) -> None:
        raise NotImplementedError

    def _open_iterator(self, read_options: _ReadOptions, **flags: Any) -> "Iterator":
        raise NotImplementedError

    def __getitem__(self, key: BytesLike) -> bytes:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise NotFoundError(f"NotFound: {bytes(key)!r}")
        return value  # type: ignore[no-any-return]

    def __setitem__(self, key: BytesLike, value: BytesLike) -> None:
        self.put(key, value)

    def __delitem__(self, key: BytesLike) -> None:
        self.delete(key)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, (bytes, bytearray, memoryview)):
            return False
        return self.get(key, _MISSING) is not _MISSING

    def iterator(
        self,
        start: Optional[BytesLike] = None,
        stop: Optional[BytesLike] = None,
        *,
        prefix: Optional[BytesLike] = None,
        reverse: bool = False,
        include_key: bool = True,
        include_value: bool = True,
        snapshot: Optional["Snapshot"] = None,
        fill_cache: bool = True,
        prefix_same_as_start: bool = False,
        total_order_seek: bool = False,
    ) -> "Iterator":
        """Iterates over keys in ``[start, stop)`` (or starting with ``prefix``), in
        key order or reversed. Yields ``(key, value)`` pairs, or only keys or only
        values when ``include_value`` or ``include_key`` is False.

        With a prefix extractor, ``prefix_same_as_start=True`` stops at the first
        key whose extracted prefix differs from the seek target's (RocksDB's
        ReadOptions flag; the iterator then starts at ``start`` or after
        :meth:`Iterator.seek`); ``total_order_seek=True`` ignores the extractor."""
        if prefix is not None and (start is not None or stop is not None):
            raise TypeError("prefix cannot be combined with start or stop")
        lower = _as_bytes(start) if start is not None else None
        upper = _as_bytes(stop) if stop is not None else None
        if prefix is not None:
            lower = _as_bytes(prefix)
            upper = _prefix_successor(lower)
        read_options = _ReadOptions(snapshot, lower, upper, fill_cache, prefix_same_as_start, total_order_seek)
        try:
            return self._open_iterator(
                read_options,
                reverse=reverse,
                include_key=include_key,
                include_value=include_value,
                # Seek (not SeekToFirst) to the start, so prefix_same_as_start takes its prefix.
                start=lower if prefix_same_as_start else None,
            )
        except BaseException:
            read_options.destroy()
            raise

    def items(self, **kwargs: Any) -> "Iterator":
        return self.iterator(include_key=True, include_value=True, **kwargs)

    def keys(self, **kwargs: Any) -> "Iterator":
        return self.iterator(include_key=True, include_value=False, **kwargs)

    def values(self, **kwargs: Any) -> "Iterator":
        return self.iterator(include_key=False, include_value=True, **kwargs)

    def __iter__(self) -> "Iterator":
        return self.keys()


class _Store(_Mapping):
    """The key-value API shared by the database's default column family and the others."""

    _db: "DB"
    _cf: Optional[int]  # C column family handle; None for the default one or once dropped
    _is_cf = False  # True for a ColumnFamily object (even after its handle is gone)

    # -- point reads and writes ------------------------------------------------

    def get(
        self,
        key: BytesLike,
        default: Optional[T] = None,
        *,
        snapshot: Optional["Snapshot"] = None,
    ) -> Union[bytes, T, None]:
        """Returns the value stored under ``key``, or ``default`` when there is none."""
        key = _as_bytes(key)
        db = self._db._live_handle()
        size = c_size_t()
        ro = _ReadOptions(snapshot) if snapshot is not None else None
        ro_handle = ro.handle if ro is not None else self._db._read_options
        try:
            if not self._is_cf:
                ptr = _call(lib.rocksdb_get, db, ro_handle, key, len(key), byref(size))
            else:
                ptr = _call(
                    lib.rocksdb_get_cf, db, ro_handle, self._live_cf(), key, len(key), byref(size)
                )
        finally:
            if ro is not None:
                ro.destroy()
        value = _take_bytes(ptr, size.value)
        return default if value is None else value

    def multi_get(
        self, keys: Iterable[BytesLike], *, snapshot: Optional["Snapshot"] = None
    ) -> List[Optional[bytes]]:
        """Returns each key's value (None where missing), in order, in one call."""
        key_list = [_as_bytes(k) for k in keys]
        n = len(key_list)
        if n == 0:
            return []
        key_ptrs = (c_char_p * n)(*key_list)
        key_sizes = (c_size_t * n)(*(len(k) for k in key_list))
        values = (c_void_p * n)()
        value_sizes = (c_size_t * n)()
        errs = (c_void_p * n)()
        db = self._db._live_handle()
        ro = _ReadOptions(snapshot) if snapshot is not None else None
        ro_handle = ro.handle if ro is not None else self._db._read_options
        try:
            if not self._is_cf:
                lib.rocksdb_multi_get(db, ro_handle, n, key_ptrs, key_sizes, values, value_sizes, errs)
            else:
                cfs = (c_void_p * n)(*([self._live_cf()] * n))
                lib.rocksdb_multi_get_cf(
                    db, ro_handle, cfs, n, key_ptrs, key_sizes, values, value_sizes, errs
                )
        finally:
            if ro is not None:
                ro.destroy()
        out: List[Optional[bytes]] = []
        first_error: Optional[str] = None
        for i in range(n):
            err_ptr = errs[i]
            if err_ptr:
                if first_error is None:
                    first_error = string_at(err_ptr).decode("utf-8", "replace")
                lib.rocksdb_free(err_ptr)
            out.append(_take_bytes(values[i], value_sizes[i]))
        if first_error is not None:
            raise error_from_status(first_error)
        return out

    def put(self, key: BytesLike, value: BytesLike, *, sync: bool = False) -> None:
        key = _as_bytes(key)
        value = _as_bytes(value, "value")
        db = self._db._live_handle()
        wo = self._db._write_options(sync)
        if not self._is_cf:
            _call(lib.rocksdb_put, db, wo, key, len(key), value, len(value))
        else:
            _call(lib.rocksdb_put_cf, db, wo, self._live_cf(), key, len(key), value, len(value))

    def merge(self, key: BytesLike, operand: BytesLike, *, sync: bool = False) -> None:
        """Adds ``operand`` to ``key`` through the merge operator the database
        was opened with (``merge_operator="uint64add"``: 8-byte little-endian
        counters, e.g. ``(1).to_bytes(8, "little")``)."""
        key = _as_bytes(key)
        operand = _as_bytes(operand, "value")
        db = self._db._live_handle()
        wo = self._db._write_options(sync)
        if not self._is_cf:
            _call(lib.rocksdb_merge, db, wo, key, len(key), operand, len(operand))
        else:
            _call(lib.rocksdb_merge_cf, db, wo, self._live_cf(), key, len(key), operand, len(operand))

    def delete(self, key: BytesLike, *, sync: bool = False) -> None:
        """Removes ``key``; deleting a missing key is not an error."""
        key = _as_bytes(key)
        db = self._db._live_handle()
        wo = self._db._write_options(sync)
        if not self._is_cf:
            _call(lib.rocksdb_delete, db, wo, key, len(key))
        else:
            _call(lib.rocksdb_delete_cf, db, wo, self._live_cf(), key, len(key))

    def delete_range(self, start: BytesLike, stop: BytesLike, *, sync: bool = False) -> None:
        """Removes every key in ``[start, stop)`` with one range tombstone."""
        start = _as_bytes(start)
        stop = _as_bytes(stop)
        db = self._db._live_handle()
        cf = self._live_cf() if self._is_cf else lib.rocksdb_get_default_column_family_handle(db)
        try:
            _call(lib.rocksdb_delete_range_cf, db, self._db._write_options(sync), cf, start, len(start), stop, len(stop))
        finally:
            if not self._is_cf:
                lib.rocksdb_column_family_handle_destroy(cf)

    def ingest_external_file(
        self,
        paths: Iterable[Union[str, "os.PathLike[str]"]],
        *,
        move_files: bool = False,
        snapshot_consistency: bool = True,
        allow_global_seqno: bool = True,
        allow_blocking_flush: bool = True,
    ) -> None:
        """Adds table files written by :class:`~ferrock.SstFileWriter` (RocksDB's IngestExternalFile)."""
        names = [os.fsencode(p) for p in paths]
        c_names = (c_char_p * len(names))(*names)
        opts = lib.rocksdb_ingestexternalfileoptions_create()
        db = self._db._live_handle()
        cf = self._live_cf() if self._is_cf else lib.rocksdb_get_default_column_family_handle(db)
        try:
            lib.rocksdb_ingestexternalfileoptions_set_move_files(opts, move_files)
            lib.rocksdb_ingestexternalfileoptions_set_snapshot_consistency(opts, snapshot_consistency)
            lib.rocksdb_ingestexternalfileoptions_set_allow_global_seqno(opts, allow_global_seqno)
            lib.rocksdb_ingestexternalfileoptions_set_allow_blocking_flush(opts, allow_blocking_flush)
            _call(lib.rocksdb_ingest_external_file_cf, db, cf, c_names, len(names), opts)
        finally:
            lib.rocksdb_ingestexternalfileoptions_destroy(opts)
            if not self._is_cf:
                lib.rocksdb_column_family_handle_destroy(cf)

    def _open_iterator(self, read_options: _ReadOptions, **flags: Any) -> "Iterator":
        db = self._db
        handle = db._live_handle()
        if self._is_cf:
            cf = self._live_cf()
            return Iterator(
                db, lambda ro: lib.rocksdb_create_iterator_cf(handle, ro, cf), read_options, **flags
            )
        return Iterator(db, lambda ro: lib.rocksdb_create_iterator(handle, ro), read_options, **flags)

    def _live_cf(self) -> int:
        if self._cf is None:
            raise InvalidArgumentError("Invalid argument: column family was dropped or closed")
        return self._cf


class ColumnFamily(_Store):
    """A named column family; the same mapping API as :class:`DB`."""

    _is_cf = True

    def __init__(self, db: "DB", name: str, handle: int) -> None:
        self._db = db
        self._cf = handle
        self.name = name

    def _destroy(self) -> None:
        if self._cf is not None:
            lib.rocksdb_column_family_handle_destroy(self._cf)
            self._cf = None

    def __repr__(self) -> str:
        return f"<ColumnFamily {self.name!r}>"


class Iterator(ClosedOnCollect):
    """A Python iterator over a database or column family (see :meth:`DB.iterator`).

    It may be repositioned with :meth:`seek`, :meth:`seek_to_first` and
    :meth:`seek_to_last`; a read error surfaces as the matching
    :class:`~ferrock.errors.RocksDBError` when iteration ends.
    """

    def __init__(
        self,
        owner: Any,
        create: Callable[[int], int],
        read_options: _ReadOptions,
        *,
        reverse: bool,
        include_key: bool,
        include_value: bool,
        start: Optional[bytes] = None,
    ) -> None:
        # `owner` (a database or transaction) closes this iterator before itself;
        # holding it keeps `for k in DB(path).keys()` from closing mid-loop.
        self._owner = owner
        self._ro = read_options
        self._reverse = reverse
        self._include_key = include_key
        self._include_value = include_value
        self._start = start
        self._it: Optional[int] = create(read_options.handle)
        self._positioned = False  # first __next__ seeks to the first (or last) key
        self._advance = False  # whether __next__ must step before reading
        owner._track(self)

    def _live(self) -> int:
        if not self._it:
            raise InvalidArgumentError("Invalid argument: iterator is closed")
        return self._it

    def seek(self, target: BytesLike) -> None:
        """Positions at the first key >= target (reverse: the last key <= target)."""
        target = _as_bytes(target)
        if self._reverse:
            lib.rocksdb_iter_seek_for_prev(self._live(), target, len(target))
        else:
            lib.rocksdb_iter_seek(self._live(), target, len(target))
        self._positioned, self._advance = True, False

    def seek_to_first(self) -> None:
        lib.rocksdb_iter_seek_to_first(self._live())
        self._positioned, self._advance = True, False

    def seek_to_last(self) -> None:
        lib.rocksdb_iter_seek_to_last(self._live())
        self._positioned, self._advance = True, False

    def __iter__(self) -> "Iterator":
        return self

    def __next__(self) -> Any:
        it = self._live()
        if not self._positioned:
            if self._reverse:
                lib.rocksdb_iter_seek_to_last(it)
            elif self._start is not None:
                lib.rocksdb_iter_seek(it, self._start, len(self._start))
            else:
                lib.rocksdb_iter_seek_to_first(it)
            self._positioned = True
        elif self._advance:
            if self._reverse:
                lib.rocksdb_iter_prev(it)
            else:
                lib.rocksdb_iter_next(it)
        self._advance = True
        if not lib.rocksdb_iter_valid(it):
            _call(lib.rocksdb_iter_get_error, it)
            self._advance = False
            raise StopIteration
        size = c_size_t()
        key = value = None
        if self._include_key:
            key = string_at(lib.rocksdb_iter_key(it, byref(size)), size.value)
        if self._include_value:
            value = string_at(lib.rocksdb_iter_value(it, byref(size)), size.value)
        if self._include_key and self._include_value:
            return key, value
        return key if self._include_key else value

    def close(self) -> None:
        """Frees the C iterator (also done when the database closes or on garbage collection)."""
        if self._it:
            lib.rocksdb_iter_destroy(self._it)
            self._it = None
            self._ro.destroy()

    def __enter__(self) -> "Iterator":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Snapshot(ClosedOnCollect):
    """A consistent read view of the whole database, released by :meth:`close`
    (or on leaving its ``with`` block, or when the database closes)."""

    def __init__(self, db: "DB") -> None:
        self._db = db
        self._db_handle = db._live_handle()
        self._handle: Optional[int] = lib.rocksdb_create_snapshot(self._db_handle)
        db._track(self)

    def _live_handle(self) -> int:
        if not self._handle:
            raise InvalidArgumentError("Invalid argument: snapshot is released")
        return self._handle

    def get(
        self, key: BytesLike, default: Optional[T] = None, *, column_family: Optional[ColumnFamily] = None
    ) -> Union[bytes, T, None]:
        store: _Store = column_family if column_family is not None else self._db
        return store.get(key, default, snapshot=self)

    def __getitem__(self, key: BytesLike) -> bytes:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise NotFoundError(f"NotFound: {bytes(key)!r}")
        return value  # type: ignore[return-value]

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, (bytes, bytearray, memoryview)):
            return False
        return self.get(key, _MISSING) is not _MISSING

    def iterator(self, *, column_family: Optional[ColumnFamily] = None, **kwargs: Any) -> Iterator:
        store: _Store = column_family if column_family is not None else self._db
        return store.iterator(snapshot=self, **kwargs)

    def close(self) -> None:
        if self._handle:
            lib.rocksdb_release_snapshot(self._db_handle, self._handle)
            self._handle = None

    release = close

    def __enter__(self) -> "Snapshot":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class WriteBatch(ClosedOnCollect):
    """Puts and deletes applied atomically by :meth:`DB.write`.

    As a context manager (``with db.write_batch() as wb:``) the batch is
    written when the block ends normally and discarded if it raises.
    """

    def __init__(self, db: Optional[Any] = None, *, sync: bool = False) -> None:
        self._db = db
        self._sync = sync
        self._handle: Optional[int] = lib.rocksdb_writebatch_create()

    def _live(self) -> int:
        if not self._handle:
            raise InvalidArgumentError("Invalid argument: write batch is closed")
        return self._handle

    def put(self, key: BytesLike, value: BytesLike, *, column_family: Optional[ColumnFamily] = None) -> None:
        key = _as_bytes(key)
        value = _as_bytes(value, "value")
        if column_family is None:
            lib.rocksdb_writebatch_put(self._live(), key, len(key), value, len(value))
        else:
            lib.rocksdb_writebatch_put_cf(
                self._live(), column_family._live_cf(), key, len(key), value, len(value)
            )

    def merge(self, key: BytesLike, operand: BytesLike, *, column_family: Optional[ColumnFamily] = None) -> None:
        key = _as_bytes(key)
        operand = _as_bytes(operand, "value")
        if column_family is None:
            lib.rocksdb_writebatch_merge(self._live(), key, len(key), operand, len(operand))
        else:
            lib.rocksdb_writebatch_merge_cf(
                self._live(), column_family._live_cf(), key, len(key), operand, len(operand)
            )

    def delete(self, key: BytesLike, *, column_family: Optional[ColumnFamily] = None) -> None:
        key = _as_bytes(key)
        if column_family is None:
            lib.rocksdb_writebatch_delete(self._live(), key, len(key))
        else:
            lib.rocksdb_writebatch_delete_cf(self._live(), column_family._live_cf(), key, len(key))

    def __setitem__(self, key: BytesLike, value: BytesLike) -> None:
        self.put(key, value)

    def __delitem__(self, key: BytesLike) -> None:
        self.delete(key)

    def clear(self) -> None:
        lib.rocksdb_writebatch_clear(self._live())

    def __len__(self) -> int:
        return int(lib.rocksdb_writebatch_count(self._live()))

    def data(self) -> bytes:
        """The batch in RocksDB's byte representation (as written to the WAL)."""
        size = c_size_t()
        ptr = lib.rocksdb_writebatch_data(self._live(), byref(size))
        return string_at(ptr, size.value)

    def close(self) -> None:
        if self._handle:
            lib.rocksdb_writebatch_destroy(self._handle)
            self._handle = None

    def __enter__(self) -> "WriteBatch":
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        try:
            if exc_type is None and self._db is not None:
                self._db.write(self, sync=self._sync)
        finally:
            self.close()


class DB(_Store, ClosedOnCollect):
    """A ferrock (RocksDB-format) database.

    ``DB(path, create_if_missing=True, **options)`` opens it; use it as a
    context manager or call :meth:`close`. An existing database is opened with
    all of its column families (or those named in ``column_families``).

    Options: ``error_if_exists``, ``create_missing_column_families``,
    ``paranoid_checks``, ``write_buffer_size``, ``max_write_buffer_number``,
    ``max_open_files``, ``target_file_size_base``, ``max_bytes_for_level_base``,
    ``level0_file_num_compaction_trigger``, ``max_background_jobs``,
    ``increase_parallelism``, ``use_fsync``, ``compression`` ("none", "snappy",
    "lz4", "zstd", ... or c.h's number), and the block-based table's
    ``block_size``, ``block_cache_size`` (0: no cache) and ``bloom_bits_per_key``;
    ``merge_operator="uint64add"`` (RocksDB's built-in 64-bit counter add) for
    :meth:`merge`.
    """

    def __init__(
        self,
        path: Union[str, "os.PathLike[str]"],
        create_if_missing: bool = True,
        *,
        column_families: Optional[Iterable[str]] = None,
        read_only: bool = False,
        error_if_wal_file_exists: bool = False,
        latest_options: bool = False,
        **options: Any,
    ) -> None:
        self._handle: Optional[int] = None
        self.read_only = read_only
        self._error_if_wal = error_if_wal_file_exists
        self._cf = None
        self._db = self
        self._lock = threading.Lock()
        self._dependents: "weakref.WeakSet[Any]" = weakref.WeakSet()
        self._column_families: Dict[str, ColumnFamily] = {}
        # Options of families opened or created with their own, freed after close
        # (a compaction filter must outlive the database using it).
        self._cf_options: Dict[str, _Options] = {}
        self._created_cf_options: List[_Options] = []
        self.path = os.fspath(path)
        if latest_options:
            column_families = self._load_latest_options(create_if_missing, options)
        else:
            self._options = _Options(create_if_missing, options)
        self._read_options = lib.rocksdb_readoptions_create()
        self._write_plain: int = lib.rocksdb_writeoptions_create()
        self._write_sync: int = lib.rocksdb_writeoptions_create()
        lib.rocksdb_writeoptions_set_sync(self._write_sync, True)
        try:
            self._open(column_families)
        except BaseException:
            self._free_options()
            raise

    def _load_latest_options(self, create_if_missing: bool, options: Dict[str, Any]) -> List[str]:
        """Sets the DB's and each family's options from the database's newest OPTIONS
        file (``rocksdb_load_latest_options``), the keywords applied on top of each;
        returns the families' names."""
        db_opts = c_void_p()
        count = c_size_t()
        names = POINTER(c_char_p)()
        cf_opts = POINTER(c_void_p)()
        _call(lib.rocksdb_load_latest_options, os.fsencode(self.path), None, False, None,
              byref(db_opts), byref(count), byref(names), byref(cf_opts))
        try:
            self._options = _Options(create_if_missing, options, base=lib.rocksdb_options_create_copy(db_opts))
            result = []
            for i in range(count.value):
                name = names[i].decode()
                result.append(name)
                self._cf_options[name] = _Options(None, options, base=lib.rocksdb_options_create_copy(cf_opts[i]))
            return result
        finally:
            lib.rocksdb_load_latest_options_destroy(db_opts, cast(names, POINTER(c_void_p)), cf_opts, count.value)

    def _open(self, column_families: Optional[Iterable[str]]) -> None:
        path = os.fsencode(self.path)
        if column_families is None:
            if os.path.exists(os.path.join(self.path, "CURRENT")):
                names = list_column_families(self.path)
            else:
                names = ["default"]
        else:
            if isinstance(column_families, dict):
                # Each named family with its own options (the DB's keywords do not apply).
                for name, cf_options in column_families.items():
                    self._cf_options[name] = _Options(None, dict(cf_options))
            names = list(column_families)
            if "default" not in names:
                names.insert(0, "default")
            lib.rocksdb_options_set_create_missing_column_families(self._options.handle, True)
        if names == ["default"]:
            if self.read_only:
                self._handle = _call(lib.rocksdb_open_for_read_only, self._options.handle, path, self._error_if_wal)
            else:
                self._handle = _call(lib.rocksdb_open, self._options.handle, path)
            return
        n = len(names)
        c_names = (c_char_p * n)(*(name.encode() for name in names))
        c_options = (c_void_p * n)(
            *(self._cf_options[name].handle if name in self._cf_options else self._options.handle for name in names)
        )
        handles = (c_void_p * n)()
        if self.read_only:
            self._handle = _call(
                lib.rocksdb_open_for_read_only_column_families,
                self._options.handle, path, n, c_names, c_options, handles, self._error_if_wal,
            )
        else:
            self._handle = _call(
                lib.rocksdb_open_column_families, self._options.handle, path, n, c_names, c_options, handles
            )
        for name, handle in zip(names, handles):
            if name == "default":
                # The default family is served by the DB object itself.
                lib.rocksdb_column_family_handle_destroy(handle)
            else:
                self._column_families[name] = ColumnFamily(self, name, handle)

    # -- lifecycle ------------------------------------------------------------------

    def _live_handle(self) -> int:
        handle = self._handle
        if handle is None:
            raise InvalidArgumentError("Invalid argument: database is closed")
        return handle

    def _track(self, dependent: Any) -> None:
        with self._lock:
            self._dependents.add(dependent)

    def _write_options(self, sync: bool) -> int:
        return self._write_sync if sync else self._write_plain

    @property
    def closed(self) -> bool:
        return self._handle is None

    def close(self) -> None:
        """Closes the database, first closing its live iterators and snapshots."""
        with self._lock:
            if self._handle is None:
                return
            for dependent in list(self._dependents):
                dependent.close()
            self._dependents.clear()
            for cf in self._column_families.values():
                cf._destroy()
            self._column_families.clear()
            self._close_handle()
            self._handle = None
        self._free_options()

    def _close_handle(self) -> None:
        lib.rocksdb_close(self._handle)

    def _free_options(self) -> None:
        if self._options is not None:
            self._options.destroy()
            for cf_options in [*self._cf_options.values(), *self._created_cf_options]:
                cf_options.destroy()
            self._cf_options.clear()
            self._created_cf_options.clear()
            lib.rocksdb_readoptions_destroy(self._read_options)
            lib.rocksdb_writeoptions_destroy(self._write_plain)
            lib.rocksdb_writeoptions_destroy(self._write_sync)
            self._options = None  # type: ignore[assignment]

    def __enter__(self) -> "DB":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<ferrock.DB {self.path!r} {state}>"

    # -- batches, snapshots, column families ------------------------------------

    def write(self, batch: WriteBatch, *, sync: bool = False) -> None:
        """Applies every operation of ``batch`` atomically."""
        _call(lib.rocksdb_write, self._live_handle(), self._write_options(sync), batch._live())

    def write_batch(self, *, sync: bool = False) -> WriteBatch:
        """A batch written to this database when its ``with`` block ends normally."""
        return WriteBatch(self, sync=sync)

    def snapshot(self) -> Snapshot:
        return Snapshot(self)

    @property
    def column_families(self) -> Dict[str, ColumnFamily]:
        """The open column families other than "default", by name."""
        return dict(self._column_families)

    def column_family(self, name: str) -> ColumnFamily:
        try:
            return self._column_families[name]
        except KeyError:
            raise InvalidArgumentError(f"Invalid argument: no column family {name!r}") from None

    def create_column_family(self, name: str, **options: Any) -> ColumnFamily:
        opts = _Options(False, options)
        try:
            handle = _call(lib.rocksdb_create_column_family, self._live_handle(), opts.handle, name.encode())
        except BaseException:
            opts.destroy()
            raise
        self._created_cf_options.append(opts)  # kept until close
        cf = ColumnFamily(self, name, handle)
        self._column_families[name] = cf
        return cf

    def drop_column_family(self, name: str) -> None:
        cf = self.column_family(name)
        _call(lib.rocksdb_drop_column_family, self._live_handle(), cf._live_cf())
        del self._column_families[name]
        cf._destroy()

    def transaction(self) -> Any:
        """Transactions need the database opened as :class:`ferrock.TransactionDB`."""
        raise NotSupportedError(
            "Not implemented: transactions on a plain DB; open it with ferrock.TransactionDB"
        )

    # -- maintenance and properties ---------------------------------------------

    def flush(self, *, wait: bool = True) -> None:
        fo = lib.rocksdb_flushoptions_create()
        try:
            lib.rocksdb_flushoptions_set_wait(fo, wait)
            _call(lib.rocksdb_flush, self._live_handle(), fo)
        finally:
            lib.rocksdb_flushoptions_destroy(fo)

    def compact_range(
        self,
        start: Optional[BytesLike] = None,
        stop: Optional[BytesLike] = None,
        *,
        column_family: Optional[ColumnFamily] = None,
    ) -> None:
        """Compacts keys in ``[start, stop]`` (None: unbounded on that side)."""
        lo = _as_bytes(start) if start is not None else None
        hi = _as_bytes(stop) if stop is not None else None
        lo_len = len(lo) if lo is not None else 0
        hi_len = len(hi) if hi is not None else 0
        if column_family is None:
            lib.rocksdb_compact_range(self._live_handle(), lo, lo_len, hi, hi_len)
        else:
            lib.rocksdb_compact_range_cf(
                self._live_handle(), column_family._live_cf(), lo, lo_len, hi, hi_len
            )

    def checkpoint(self, directory: Union[str, "os.PathLike[str]"], *, log_size_for_flush: int = 0) -> None:
        """Writes an openable copy of the database into ``directory`` (which must not exist):
        RocksDB's Checkpoint, hard links to the table files where possible."""
        cp = _call(lib.rocksdb_checkpoint_object_create, self._live_handle())
        try:
            _call(lib.rocksdb_checkpoint_create, cp, os.fsencode(directory), log_size_for_flush)
        finally:
            lib.rocksdb_checkpoint_object_destroy(cp)

    def statistics(self) -> Optional[str]:
        """RocksDB's statistics text (``Statistics::ToString``); None unless opened with
        ``statistics=True``."""
        ptr = lib.rocksdb_options_statistics_get_string(self._options.handle)
        if not ptr:
            return None
        try:
            return string_at(ptr).decode("utf-8", "replace")
        finally:
            lib.rocksdb_free(ptr)

    def get_property(self, name: str, *, column_family: Optional[ColumnFamily] = None) -> Optional[str]:
        """A RocksDB property ("rocksdb.stats", ...) of the database or of one family; None if unknown."""
        if column_family is None:
            ptr = lib.rocksdb_property_value(self._live_handle(), name.encode())
        else:
            ptr = lib.rocksdb_property_value_cf(self._live_handle(), column_family._live_cf(), name.encode())
        if not ptr:
            return None
        try:
            return string_at(ptr).decode("utf-8", "replace")
        finally:
            lib.rocksdb_free(ptr)

    def get_int_property(self, name: str, *, column_family: Optional[ColumnFamily] = None) -> Optional[int]:
        value = c_uint64()
        if column_family is None:
            rc = lib.rocksdb_property_int(self._live_handle(), name.encode(), byref(value))
        else:
            rc = lib.rocksdb_property_int_cf(self._live_handle(), column_family._live_cf(), name.encode(), byref(value))
        return None if rc != 0 else value.value


def list_column_families(path: Union[str, "os.PathLike[str]"]) -> List[str]:
    """Names of the column families of the database at ``path``."""
    opts = lib.rocksdb_options_create()
    count = c_size_t()
    try:
        names = _call(lib.rocksdb_list_column_families, opts, os.fsencode(path), byref(count))
    finally:
        lib.rocksdb_options_destroy(opts)
    try:
        return [names[i].decode() for i in range(count.value)]
    finally:
        lib.rocksdb_list_column_families_destroy(cast(names, POINTER(c_void_p)), count.value)


def destroy_db(path: Union[str, "os.PathLike[str]"], **options: Any) -> None:
    """Deletes the database at ``path`` (its files, and the directory if then empty)."""
    opts = _Options(False, options)
    try:
        _call(lib.rocksdb_destroy_db, opts.handle, os.fsencode(path))
    finally:
        opts.destroy()


__all__ = [
    "DB",
    "ColumnFamily",
    "Iterator",
    "Snapshot",
    "WriteBatch",
    "destroy_db",
    "list_column_families",
]
