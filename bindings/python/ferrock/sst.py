"""SstFileWriter: building a table file outside the database, to ingest it with
:meth:`DB.ingest_external_file` (c.h's ``rocksdb_sstfilewriter_*``)."""

from __future__ import annotations

import os
from ctypes import byref, c_uint64
from typing import Any, Optional, Union

from ._lib import ClosedOnCollect, lib
from .db import BytesLike, _as_bytes, _call, _Options
from .errors import InvalidArgumentError


class SstFileWriter(ClosedOnCollect):
    """``SstFileWriter(path=None, **options)``: keys must be added in increasing order.

    ``open(path)``, ``put``/``w[key] = value``, ``merge``, ``delete``,
    ``delete_range``, ``finish()``, ``file_size``. As a context manager with a
    path it opens the file and finishes it when the block ends normally.
    Options are those of :class:`~ferrock.DB` (compression, block_size, ...).
    """

    def __init__(self, path: Optional[Union[str, "os.PathLike[str]"]] = None, **options: Any) -> None:
        self._options = _Options(None, options)
        self._env = lib.rocksdb_envoptions_create()
        self._handle: Optional[int] = lib.rocksdb_sstfilewriter_create(self._env, self._options.handle)
        self._path = path
        if path is not None:
            self.open(path)

    def _live(self) -> int:
        if not self._handle:
            raise InvalidArgumentError("Invalid argument: SstFileWriter is closed")
        return self._handle

    def open(self, path: Union[str, "os.PathLike[str]"]) -> None:
        _call(lib.rocksdb_sstfilewriter_open, self._live(), os.fsencode(path))

    def put(self, key: BytesLike, value: BytesLike) -> None:
        key, value = _as_bytes(key), _as_bytes(value, "value")
        _call(lib.rocksdb_sstfilewriter_put, self._live(), key, len(key), value, len(value))

    __setitem__ = put

    def merge(self, key: BytesLike, operand: BytesLike) -> None:
        key, operand = _as_bytes(key), _as_bytes(operand, "value")
        _call(lib.rocksdb_sstfilewriter_merge, self._live(), key, len(key), operand, len(operand))

    def delete(self, key: BytesLike) -> None:
        key = _as_bytes(key)
        _call(lib.rocksdb_sstfilewriter_delete, self._live(), key, len(key))

    __delitem__ = delete

    def delete_range(self, start: BytesLike, stop: BytesLike) -> None:
        start, stop = _as_bytes(start), _as_bytes(stop)
        _call(lib.rocksdb_sstfilewriter_delete_range, self._live(), start, len(start), stop, len(stop))

    def finish(self) -> None:
        _call(lib.rocksdb_sstfilewriter_finish, self._live())

    @property
    def file_size(self) -> int:
        size = c_uint64()
        lib.rocksdb_sstfilewriter_file_size(self._live(), byref(size))
        return size.value

    def close(self) -> None:
        if self._handle:
            lib.rocksdb_sstfilewriter_destroy(self._handle)
            lib.rocksdb_envoptions_destroy(self._env)
            self._options.destroy()
            self._handle = None

    def __enter__(self) -> "SstFileWriter":
        return self

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        try:
            if exc_type is None and self._path is not None:
                self.finish()
        finally:
            self.close()


__all__ = ["SstFileWriter"]
