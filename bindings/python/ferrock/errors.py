"""The ``RocksDBError`` hierarchy: one class per RocksDB Status code.

The C API reports failures as RocksDB's status text (``"Corruption: ..."``,
``"IO error: ..."``); :func:`error_from_status` picks the class from that
text's prefix and keeps the text unchanged as the message.
"""

from __future__ import annotations

from typing import Tuple, Type


class RocksDBError(Exception):
    """Base of every error reported by the database; ``str(e)`` is RocksDB's status text."""

    @property
    def status_text(self) -> str:
        return str(self.args[0]) if self.args else ""


class NotFoundError(RocksDBError, KeyError):
    """Status NotFound (also raised by ``db[key]`` for a missing key)."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return self.status_text


class CorruptionError(RocksDBError):
    """Status Corruption."""


class NotSupportedError(RocksDBError, NotImplementedError):
    """Status NotSupported (``"Not implemented: ..."``)."""


class InvalidArgumentError(RocksDBError, ValueError):
    """Status InvalidArgument."""


class IoError(RocksDBError):
    """Status IOError (``"IO error: ..."``); not the builtin ``IOError``."""


class MergeInProgressError(RocksDBError):
    """Status MergeInProgress."""


class IncompleteError(RocksDBError):
    """Status Incomplete (``"Result incomplete: ..."``)."""


class ShutdownInProgressError(RocksDBError):
    """Status ShutdownInProgress."""


class TimedOutError(RocksDBError, TimeoutError):
    """Status TimedOut (``"Operation timed out: ..."``)."""


class AbortedError(RocksDBError):
    """Status Aborted (``"Operation aborted: ..."``)."""


class BusyError(RocksDBError):
    """Status Busy (``"Resource busy: ..."``)."""


class ExpiredError(RocksDBError):
    """Status Expired (``"Operation expired: ..."``)."""


class TryAgainError(RocksDBError):
    """Status TryAgain (``"Operation failed. Try again.: ..."``)."""


# Prefixes as rocksdb::Status::ToString() renders them.
_PREFIXES: Tuple[Tuple[str, Type[RocksDBError]], ...] = (
    ("NotFound", NotFoundError),
    ("Corruption", CorruptionError),
    ("Not implemented", NotSupportedError),
    ("Invalid argument", InvalidArgumentError),
    ("IO error", IoError),
    ("Merge in progress", MergeInProgressError),
    ("Result incomplete", IncompleteError),
    ("Shutdown in progress", ShutdownInProgressError),
    ("Operation timed out", TimedOutError),
    ("Operation aborted", AbortedError),
    ("Resource busy", BusyError),
    ("Operation expired", ExpiredError),
    ("Operation failed. Try again.", TryAgainError),
)


def error_from_status(text: str) -> RocksDBError:
    """Returns the error for a status text, of the class its prefix names."""
    for prefix, cls in _PREFIXES:
        if text == prefix or text.startswith(prefix + ": "):
            return cls(text)
    return RocksDBError(text)
