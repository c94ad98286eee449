"""Pessimistic transactions: :class:`TransactionDB` and :class:`Transaction`.

They call c.h's ``rocksdb_transactiondb_*`` and ``rocksdb_transaction_*``
functions (pessimistic transactions, as RocksDB's TransactionDB).

Thread-safety: a :class:`TransactionDB` may be shared by threads; each
:class:`Transaction` belongs to one thread.
"""

from __future__ import annotations

import os
import threading
import weakref
from ctypes import byref, c_size_t
from typing import Any, Optional, TypeVar, Union

from ._lib import ClosedOnCollect, lib
from .db import (
    DB,
    BytesLike,
    Iterator,
    WriteBatch,
    _as_bytes,
    _call,
    _Mapping,
    _Options,
    _ReadOptions,
    _take_bytes,
    list_column_families,
)
from .errors import InvalidArgumentError, NotSupportedError

T = TypeVar("T")


class TransactionDB(_Mapping, ClosedOnCollect):
    """A database opened for transactions: ``TransactionDB(path, create_if_missing=True, **options)``
    (the options of :class:`~ferrock.DB`). Reads and writes outside a
    transaction use the mapping API; :meth:`transaction` starts one."""

    def __init__(
        self,
        path: Union[str, "os.PathLike[str]"],
        create_if_missing: bool = True,
        **options: Any,
    ) -> None:
        self._handle: Optional[int] = None
        self._lock = threading.Lock()
        self._dependents: "weakref.WeakSet[Any]" = weakref.WeakSet()
        self.path = os.fspath(path)
        self._options: Optional[_Options] = _Options(create_if_missing, options)
        self._txn_db_options = lib.rocksdb_transactiondb_options_create()
        self._read_options = lib.rocksdb_readoptions_create()
        self._write_plain: int = lib.rocksdb_writeoptions_create()
        self._write_sync: int = lib.rocksdb_writeoptions_create()
        lib.rocksdb_writeoptions_set_sync(self._write_sync, True)
        try:
            self._handle = _call(
                lib.rocksdb_transactiondb_open,
                self._options.handle,
                self._txn_db_options,
                os.fsencode(self.path),
            )
        except BaseException:
            self._free_options()
            raise

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

    # -- reads and writes outside a transaction ----------------------------------

    def get(self, key: BytesLike, default: Optional[T] = None) -> Union[bytes, T, None]:
        key = _as_bytes(key)
        size = c_size_t()
        ptr = _call(
            lib.rocksdb_transactiondb_get,
            self._live_handle(),
            self._read_options,
            key,
            len(key),
            byref(size),
        )
        value = _take_bytes(ptr, size.value)
        return default if value is None else value

    def put(self, key: BytesLike, value: BytesLike, *, sync: bool = False) -> None:
        key = _as_bytes(key)
        value = _as_bytes(value, "value")
        _call(
            lib.rocksdb_transactiondb_put,
            self._live_handle(),
            self._write_options(sync),
            key,
            len(key),
            value,
            len(value),
        )

    def merge(self, key: BytesLike, operand: BytesLike, *, sync: bool = False) -> None:
        key = _as_bytes(key)
        operand = _as_bytes(operand, "value")
        _call(
            lib.rocksdb_transactiondb_merge,
            self._live_handle(),
            self._write_options(sync),
            key,
            len(key),
            operand,
            len(operand),
        )

    def delete(self, key: BytesLike, *, sync: bool = False) -> None:
        key = _as_bytes(key)
        _call(lib.rocksdb_transactiondb_delete, self._live_handle(), self._write_options(sync), key, len(key))

    def write(self, batch: WriteBatch, *, sync: bool = False) -> None:
        _call(lib.rocksdb_transactiondb_write, self._live_handle(), self._write_options(sync), batch._live())

    def write_batch(self, *, sync: bool = False) -> WriteBatch:
        return WriteBatch(self, sync=sync)

    def _open_iterator(self, read_options: _ReadOptions, **flags: Any) -> Iterator:
        handle = self._live_handle()
        return Iterator(
            self, lambda ro: lib.rocksdb_transactiondb_create_iterator(handle, ro), read_options, **flags
        )

    def transaction(self, *, sync: bool = False, lock_timeout: Optional[int] = None) -> "Transaction":
        """Starts a transaction. As a context manager it commits when the block
        ends normally and rolls back if it raises. ``lock_timeout`` is in ms."""
        return Transaction(self, sync=sync, lock_timeout=lock_timeout)

    def prepared_transactions(self) -> "list[Transaction]":
        """The prepared, not yet committed transactions (recovered at open, or live)."""
        count = c_size_t()
        array = lib.rocksdb_transactiondb_get_prepared_transactions(self._live_handle(), byref(count))
        if not array:
            return []
        try:
            return [Transaction(self, sync=False, lock_timeout=None, handle=array[i]) for i in range(count.value)]
        finally:
            lib.rocksdb_free(array)

    # -- lifecycle ------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._handle is None

    def close(self) -> None:
        """Closes the database, first rolling back and freeing live transactions and iterators."""
        with self._lock:
            if self._handle is None:
                return
            # Iterators before the transactions they may read from.
            dependents = sorted(self._dependents, key=lambda d: isinstance(d, Transaction))
            for dependent in dependents:
                dependent.close()
            self._dependents.clear()
            lib.rocksdb_transactiondb_close(self._handle)
            self._handle = None
        self._free_options()

    def _free_options(self) -> None:
        if self._options is not None:
            self._options.destroy()
            lib.rocksdb_transactiondb_options_destroy(self._txn_db_options)
            lib.rocksdb_readoptions_destroy(self._read_options)
            lib.rocksdb_writeoptions_destroy(self._write_plain)
            lib.rocksdb_writeoptions_destroy(self._write_sync)
            self._options = None

    def __enter__(self) -> "TransactionDB":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Transaction(_Mapping, ClosedOnCollect):
    """One pessimistic transaction; reads see its own writes. Use it as a
    context manager, or call :meth:`commit` / :meth:`rollback` (then
    :meth:`close`)."""

    def __init__(self, db: TransactionDB, *, sync: bool, lock_timeout: Optional[int], handle: Optional[int] = None) -> None:
        self._db = db
        self._dependents: "weakref.WeakSet[Any]" = weakref.WeakSet()
        if handle is not None:  # a prepared transaction recovered at open
            self._handle = handle
            db._track(self)
            return
        txn_options = lib.rocksdb_transaction_options_create()
        try:
            if lock_timeout is not None:
                lib.rocksdb_transaction_options_set_lock_timeout(txn_options, int(lock_timeout))
            self._handle: Optional[int] = lib.rocksdb_transaction_begin(
                db._live_handle(), db._write_options(sync), txn_options, None
            )
        finally:
            lib.rocksdb_transaction_options_destroy(txn_options)
        db._track(self)

    def _live(self) -> int:
        if not self._handle:
            raise InvalidArgumentError("Invalid argument: transaction is closed")
        return self._handle

    def _track(self, dependent: Any) -> None:
        self._dependents.add(dependent)
        self._db._track(dependent)

    def get(self, key: BytesLike, default: Optional[T] = None) -> Union[bytes, T, None]:
        key = _as_bytes(key)
        size = c_size_t()
        ptr = _call(lib.rocksdb_transaction_get, self._live(), self._db._read_options, key, len(key), byref(size))
        value = _take_bytes(ptr, size.value)
        return default if value is None else value

    def get_for_update(
        self, key: BytesLike, default: Optional[T] = None, *, exclusive: bool = True
    ) -> Union[bytes, T, None]:
        """Reads ``key`` and locks it until commit or rollback."""
        key = _as_bytes(key)
        size = c_size_t()
        ptr = _call(
            lib.rocksdb_transaction_get_for_update,
            self._live(),
            self._db._read_options,
            key,
            len(key),
            byref(size),
            exclusive,
        )
        value = _take_bytes(ptr, size.value)
        return default if value is None else value

    def put(self, key: BytesLike, value: BytesLike) -> None:
        key = _as_bytes(key)
        value = _as_bytes(value, "value")
        _call(lib.rocksdb_transaction_put, self._live(), key, len(key), value, len(value))

    def merge(self, key: BytesLike, operand: BytesLike) -> None:
        key = _as_bytes(key)
        operand = _as_bytes(operand, "value")
        _call(lib.rocksdb_transaction_merge, self._live(), key, len(key), operand, len(operand))

    def delete(self, key: BytesLike) -> None:
        key = _as_bytes(key)
        _call(lib.rocksdb_transaction_delete, self._live(), key, len(key))

    def _open_iterator(self, read_options: _ReadOptions, **flags: Any) -> Iterator:
        handle = self._live()
        return Iterator(
            self, lambda ro: lib.rocksdb_transaction_create_iterator(handle, ro), read_options, **flags
        )

    def set_savepoint(self) -> None:
        lib.rocksdb_transaction_set_savepoint(self._live())

    def rollback_to_savepoint(self) -> None:
        _call(lib.rocksdb_transaction_rollback_to_savepoint, self._live())

    def set_name(self, name: Union[str, bytes]) -> None:
        """Names the transaction, as :meth:`prepare` (two-phase commit) needs."""
        raw = name.encode() if isinstance(name, str) else bytes(name)
        _call(lib.rocksdb_transaction_set_name, self._live(), raw, len(raw))

    @property
    def name(self) -> Optional[bytes]:
        size = c_size_t()
        return _take_bytes(lib.rocksdb_transaction_get_name(self._live(), byref(size)), size.value)

    def prepare(self) -> None:
        """The first phase of two-phase commit: the writes are made durable, not
        visible; after a crash the reopened database lists the transaction in
        :meth:`TransactionDB.prepared_transactions` to commit or roll back."""
        _call(lib.rocksdb_transaction_prepare, self._live())

    def commit(self) -> None:
        _call(lib.rocksdb_transaction_commit, self._live())

    def rollback(self) -> None:
        _call(lib.rocksdb_transaction_rollback, self._live())

    def close(self) -> None:
        """Frees the transaction (an uncommitted one is rolled back) and its iterators."""
        if self._handle:
            for dependent in list(self._dependents):
                dependent.close()
            lib.rocksdb_transaction_destroy(self._handle)
            self._handle = None

    def __enter__(self) -> "Transaction":
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        try:
            if exc_type is None:
                self.commit()
            elif self._handle:
                self.rollback()
        finally:
            self.close()


class OptimisticTransactionDB(DB):
    """A database with optimistic transactions (RocksDB's OptimisticTransactionDB):
    ``OptimisticTransactionDB(path, create_if_missing=True, **options)``.

    Outside transactions it is a :class:`~ferrock.DB` (its base database: the
    mapping API, batches, snapshots, column families...). Transactions take no
    locks; :meth:`Transaction.commit` fails with :class:`~ferrock.BusyError`
    when a key the transaction read or wrote was written by someone else since.
    """

    def _open(self, column_families: Any) -> None:
        if column_families is not None or (
            os.path.exists(os.path.join(self.path, "CURRENT")) and list_column_families(self.path) != ["default"]
        ):
            raise NotSupportedError(
                "Not implemented: column families in ferrock's Python OptimisticTransactionDB"
            )
        self._otxn = _call(lib.rocksdb_optimistictransactiondb_open, self._options.handle, os.fsencode(self.path))
        self._handle = lib.rocksdb_optimistictransactiondb_get_base_db(self._otxn)

    def _close_handle(self) -> None:
        lib.rocksdb_optimistictransactiondb_close_base_db(self._handle)
        lib.rocksdb_optimistictransactiondb_close(self._otxn)

    def transaction(self, *, sync: bool = False, set_snapshot: bool = False) -> "Transaction":  # type: ignore[override]
        """Starts an optimistic transaction (commits on normal exit of a ``with`` block,
        rolls back on an exception). ``set_snapshot``: conflicts are checked from
        the transaction's start rather than from each key's first read."""
        self._live_handle()
        opts = lib.rocksdb_optimistictransaction_options_create()
        try:
            lib.rocksdb_optimistictransaction_options_set_set_snapshot(opts, set_snapshot)
            handle = lib.rocksdb_optimistictransaction_begin(self._otxn, self._write_options(sync), opts, None)
        finally:
            lib.rocksdb_optimistictransaction_options_destroy(opts)
        return Transaction(self, sync=sync, lock_timeout=None, handle=handle)  # type: ignore[arg-type]


__all__ = ["TransactionDB", "Transaction", "OptimisticTransactionDB"]
