"""Merge through the built-in uint64add operator: DB, WriteBatch, column families, TransactionDB."""

from __future__ import annotations

from pathlib import Path

import pytest

import ferrock
from conftest import open_or_skip


def u64(n: int) -> bytes:
    return n.to_bytes(8, "little")


def test_counters_merge_and_survive_compaction(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db", merge_operator="uint64add") as db:
        for _ in range(10):
            db.merge(b"hits", u64(1))
        db.merge(b"bytes", u64(1000))
        db.merge(b"bytes", u64(24))
        assert db[b"hits"] == u64(10)
        assert db[b"bytes"] == u64(1024)
        db.compact_range()
        db.merge(b"hits", u64(5))
        assert db[b"hits"] == u64(15)
        db.compact_range()
        assert db[b"hits"] == u64(15)
        assert db[b"bytes"] == u64(1024)
    # Reopened with the operator, the merged values are still there.
    with ferrock.DB(tmp_path / "db", merge_operator="uint64add") as db:
        assert db[b"hits"] == u64(15)


def test_merge_on_top_of_put_and_in_a_batch(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db", merge_operator="uint64add") as db:
        db.put(b"n", u64(40))
        with db.write_batch() as wb:
            wb.merge(b"n", u64(1))
            wb.merge(b"n", u64(1))
            wb.merge(b"fresh", u64(7))
        assert db[b"n"] == u64(42)
        assert db[b"fresh"] == u64(7)


def test_merge_in_a_column_family(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db", merge_operator="uint64add") as db:
        cf = db.create_column_family("counters", merge_operator="uint64add")
        cf.merge(b"k", u64(2))
        with db.write_batch() as wb:
            wb.merge(b"k", u64(3), column_family=cf)
        assert cf[b"k"] == u64(5)
        assert b"k" not in db
        db.compact_range(column_family=cf)
        assert cf[b"k"] == u64(5)


def test_merge_without_operator_is_an_error(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db") as db:
        with pytest.raises(ferrock.RocksDBError):
            db.merge(b"k", u64(1))
            db[b"k"]


def test_unknown_merge_operator_is_value_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="uint64add"):
        ferrock.DB(tmp_path / "db", merge_operator="max")


def test_transaction_merge(tmp_path: Path) -> None:
    try:
        tdb = ferrock.TransactionDB(tmp_path / "txndb", merge_operator="uint64add")
    except ferrock.NotSupportedError as e:
        pytest.skip(f"library has no transactions: {e}")
    with tdb:
        tdb.merge(b"c", u64(1))
        with tdb.transaction() as txn:
            txn.merge(b"c", u64(10))
            txn.merge(b"c", u64(100))
        assert tdb[b"c"] == u64(111)
        with pytest.raises(RuntimeError):
            with tdb.transaction() as txn:
                txn.merge(b"c", u64(1000))
                raise RuntimeError("rolled back")
        assert tdb[b"c"] == u64(111)
