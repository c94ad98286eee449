"""Python callables as RocksDB merge operators, compaction filters and prefix extractors.

Each object wraps c.h's ``rocksdb_mergeoperator_create``,
``rocksdb_compactionfilter_create`` or ``rocksdb_slicetransform_create``; the C
side calls back into Python from the engine's threads (ctypes takes the GIL).

Lifetimes: the C object gets a ``state`` number naming an entry of
``_STATES``; its ``destructor`` callback (called by the engine when it drops
the object) removes the entry, so the Python callable and the ctypes callback
objects live exactly as long as the engine uses them. Buffers handed to C stay
referenced until C says it is done with them (``delete_value``) or copies them.

Errors: an exception raised by a callable is kept in ``.errors`` (and printed
on stderr) and the callback answers "failed": the merge
fails (the read raises :class:`~ferrock.CorruptionError`), the compaction
filter keeps the entry, the prefix extractor treats the key as out of domain.
"""

from __future__ import annotations

import itertools
import sys
import threading
import traceback
from ctypes import addressof, c_void_p, create_string_buffer, string_at
from typing import Any, Callable, Dict, List, Optional, Union

from ._lib import callback_type, lib

BytesLike = Union[bytes, bytearray, memoryview]

_STATES: Dict[int, Any] = {}
_next_state = itertools.count(1)


def _register(obj: Any, callbacks: Any) -> int:
    """Keeps ``obj`` and the ctypes callbacks of one C object alive until its destructor runs."""
    state = next(_next_state)
    _STATES[state] = (obj, callbacks)
    return state


def _release(state: Optional[int]) -> None:
    _STATES.pop(state or 0, None)


def _report(obj: Any, exc: BaseException) -> None:
    obj.errors.append(exc)
    del obj.errors[:-10]  # the last few are enough to say what went wrong
    print(f"ferrock: exception in {type(obj).__name__} {obj.name!r} (called from the engine):", file=sys.stderr)
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)


_destructor = callback_type("rocksdb_mergeoperator_create", "destructor")(_release)


class _Named:
    errors: List[BaseException]

    def __init__(self, name: str) -> None:
        self.name = name
        self._name_buf = create_string_buffer(name.encode())  # C keeps the pointer
        self.errors = []

    def _name_cb(self, _state: Any) -> int:
        return addressof(self._name_buf)


class MergeOperator(_Named):
    """A merge operator from Python callables (``DB(path, merge_operator=op)``).

    ``full_merge(key, existing, operands) -> bytes``: ``existing`` is the value
    under the key (None when there is none), ``operands`` the merged operands,
    oldest first. ``partial_merge(key, operands) -> bytes | None`` may combine
    operands without the base value (None: it cannot, which is always correct).
    A plain callable passed as ``merge_operator`` is ``MergeOperator(callable)``.
    The name is stored in the OPTIONS file, as RocksDB's is.
    """

    def __init__(
        self,
        full_merge: Callable[[bytes, Optional[bytes], List[bytes]], BytesLike],
        partial_merge: Optional[Callable[[bytes, List[bytes]], Optional[BytesLike]]] = None,
        name: str = "PythonMergeOperator",
    ) -> None:
        super().__init__(name)
        self.full_merge = full_merge
        self.partial_merge = partial_merge
        self._results: Dict[int, Any] = {}  # address -> buffer, until delete_value

    def _result(self, value: BytesLike, success: Any, length: Any) -> int:
        data = bytes(value)
        buf = create_string_buffer(data, len(data) or 1)
        address = addressof(buf)
        self._results[address] = buf
        success[0] = 1
        length[0] = len(data)
        return address

    def _full(self, _s: Any, key: int, klen: int, existing: int, elen: int, ops: Any, op_lens: Any, n: int,
              success: Any, length: Any) -> Optional[int]:
        try:
            base = string_at(existing, elen) if existing else None
            operands = [string_at(ops[i], op_lens[i]) for i in range(n)]
            return self._result(self.full_merge(string_at(key, klen), base, operands), success, length)
        except BaseException as e:  # noqa: BLE001 - reported, then the merge fails
            _report(self, e)
            success[0] = 0
            length[0] = 0
            return None

    def _partial(self, _s: Any, key: int, klen: int, ops: Any, op_lens: Any, n: int, success: Any,
                 length: Any) -> Optional[int]:
        success[0] = 0
        length[0] = 0
        if self.partial_merge is None:
            return None
        try:
            value = self.partial_merge(string_at(key, klen), [string_at(ops[i], op_lens[i]) for i in range(n)])
            if value is None:
                return None
            return self._result(value, success, length)
        except BaseException as e:  # noqa: BLE001
            _report(self, e)
            return None

    def _delete_value(self, _s: Any, value: int, _len: int) -> None:
        self._results.pop(value, None)

    def _create(self) -> int:
        """A new C ``rocksdb_mergeoperator_t`` calling this object (owned by the caller)."""
        fn = "rocksdb_mergeoperator_create"
        callbacks = (
            callback_type(fn, "full_merge")(self._full),
            callback_type(fn, "partial_merge")(self._partial),
            callback_type(fn, "delete_value")(self._delete_value),
            callback_type(fn, "name")(self._name_cb),
        )
        return lib.rocksdb_mergeoperator_create(_register(self, callbacks), _destructor, *callbacks)  # type: ignore[no-any-return]


# What a compaction filter's callable answers.
KEEP = None
REMOVE = True


class CompactionFilter(_Named):
    """A compaction filter from a Python callable (``DB(path, compaction_filter=f)``).

    ``filter(level, key, value)`` returns None or False to keep the entry, True
    to remove it, or ``bytes`` to keep the key with that value instead. It is
    called on the entries a compaction rewrites, not on every write.
    """

    def __init__(self, filter: Callable[[int, bytes, bytes], Union[None, bool, BytesLike]],
                 name: str = "PythonCompactionFilter") -> None:
        super().__init__(name)
        self.filter = filter
        # C copies a changed value right after the call on the same thread, so one
        # buffer per thread is enough to keep it alive that long.
        self._changed = threading.local()

    def _filter(self, _s: Any, level: int, key: int, klen: int, value: int, vlen: int, new_value: Any,
                new_len: Any, changed: Any) -> int:
        changed[0] = 0
        try:
            answer = self.filter(level, string_at(key, klen), string_at(value, vlen))
        except BaseException as e:  # noqa: BLE001 - reported; the entry is kept
            _report(self, e)
            return 0
        if answer is None or answer is False:
            return 0
        if answer is True:
            return 1
        data = bytes(answer)
        buf = create_string_buffer(data, len(data) or 1)
        self._changed.buf = buf
        new_value[0] = addressof(buf)
        new_len[0] = len(data)
        changed[0] = 1
        return 0

    def _create(self) -> int:
        """A new C ``rocksdb_compactionfilter_t`` (the options point at it: the caller
        destroys it once no database uses it)."""
        fn = "rocksdb_compactionfilter_create"
        callbacks = (callback_type(fn, "filter")(self._filter), callback_type(fn, "name")(self._name_cb))
        return lib.rocksdb_compactionfilter_create(_register(self, callbacks), _destructor, *callbacks)  # type: ignore[no-any-return]


class PrefixExtractor(_Named):
    """A prefix extractor from Python callables (``DB(path, prefix_extractor=p)``).

    ``transform(key) -> int`` is the length of the key's prefix;
    ``in_domain(key) -> bool`` says whether the key has one (default: always).
    ``prefix_extractor=N`` (an int) is RocksDB's built-in fixed-length one
    (``rocksdb.FixedPrefix.N``), which needs no Python calls.
    """

    def __init__(self, transform: Callable[[bytes], int], in_domain: Optional[Callable[[bytes], bool]] = None,
                 name: str = "PythonPrefixExtractor") -> None:
        super().__init__(name)
        self.transform = transform
        self.in_domain = in_domain

    def _transform(self, _s: Any, key: int, klen: int, dst_len: Any) -> int:
        try:
            n = int(self.transform(string_at(key, klen)))
            if not 0 <= n <= klen:
                raise ValueError(f"prefix length {n} outside the key's {klen} bytes")
        except BaseException as e:  # noqa: BLE001
            _report(self, e)
            n = klen
        dst_len[0] = n
        return key  # the prefix is the key's first n bytes: no copy to keep alive

    def _in_domain(self, _s: Any, key: int, klen: int) -> int:
        if self.in_domain is None:
            return 1
        try:
            return 1 if self.in_domain(string_at(key, klen)) else 0
        except BaseException as e:  # noqa: BLE001
            _report(self, e)
            return 0

    def _create(self) -> int:
        """A new C ``rocksdb_slicetransform_t`` (the options take it over)."""
        fn = "rocksdb_slicetransform_create"
        callbacks = (
            callback_type(fn, "transform")(self._transform),
            callback_type(fn, "in_domain")(self._in_domain),
            callback_type(fn, "name")(self._name_cb),
        )
        return lib.rocksdb_slicetransform_create(_register(self, callbacks), _destructor, *callbacks)  # type: ignore[no-any-return]


__all__ = ["MergeOperator", "CompactionFilter", "PrefixExtractor", "KEEP", "REMOVE"]
