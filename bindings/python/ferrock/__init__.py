"""ferrock: a Pythonic binding (ctypes) over ferrock's RocksDB-compatible C API.

    >>> import ferrock
    >>> with ferrock.DB("/tmp/db") as db:
    ...     db[b"key"] = b"value"

See README.md for the API; only RocksDB's C API (``rocksdb/c.h``) is used.
"""

from ._lib import library_path
from .db import DB, ColumnFamily, Iterator, Snapshot, WriteBatch, destroy_db, list_column_families
from .transaction import OptimisticTransactionDB, Transaction, TransactionDB
from .sst import SstFileWriter
from .callbacks import KEEP, REMOVE, CompactionFilter, MergeOperator, PrefixExtractor
from .errors import (
    AbortedError,
    BusyError,
    CorruptionError,
    ExpiredError,
    IncompleteError,
    InvalidArgumentError,
    IoError,
    MergeInProgressError,
    NotFoundError,
    NotSupportedError,
    RocksDBError,
    ShutdownInProgressError,
    TimedOutError,
    TryAgainError,
    error_from_status,
)

__version__ = "0.1.0"

__all__ = [
    "DB",
    "ColumnFamily",
    "Iterator",
    "Snapshot",
    "WriteBatch",
    "TransactionDB",
    "OptimisticTransactionDB",
    "SstFileWriter",
    "MergeOperator",
    "CompactionFilter",
    "PrefixExtractor",
    "KEEP",
    "REMOVE",
    "Transaction",
    "destroy_db",
    "list_column_families",
    "library_path",
    "RocksDBError",
    "NotFoundError",
    "CorruptionError",
    "NotSupportedError",
    "InvalidArgumentError",
    "IoError",
    "MergeInProgressError",
    "IncompleteError",
    "ShutdownInProgressError",
    "TimedOutError",
    "AbortedError",
    "BusyError",
    "ExpiredError",
    "TryAgainError",
    "error_from_status",
]
