"""Transactions through TransactionDB; skipped while the library answers Not implemented."""

from __future__ import annotations

from pathlib import Path

import pytest

import ferrock


@pytest.fixture
def tdb(tmp_path: Path):  # type: ignore[no-untyped-def]
    try:
        db = ferrock.TransactionDB(tmp_path / "txndb")
    except ferrock.NotSupportedError as e:
        pytest.skip(f"library has no transactions: {e}")
    yield db
    db.close()


def test_plain_db_transaction_points_to_transactiondb(tmp_path: Path) -> None:
    from conftest import open_or_skip

    with open_or_skip(tmp_path / "db") as db:
        with pytest.raises(ferrock.NotSupportedError, match="TransactionDB"):
            db.transaction()


def test_transactiondb_open_error_is_a_rocksdb_error(tmp_path: Path) -> None:
    try:
        ferrock.TransactionDB(tmp_path / "missing", create_if_missing=False)
    except ferrock.NotSupportedError as e:
        assert str(e).startswith("Not implemented: ")
    except ferrock.InvalidArgumentError as e:
        assert "does not exist" in str(e)
    else:
        pytest.fail("open of a missing database succeeded")


def test_commit_on_exit_rollback_on_exception(tdb: ferrock.TransactionDB) -> None:
    tdb[b"base"] = b"0"
    with tdb.transaction() as txn:
        txn[b"a"] = b"1"
        assert txn[b"a"] == b"1"
        assert tdb.get(b"a") is None
        txn.set_savepoint()
        txn.put(b"b", b"2")
        txn.rollback_to_savepoint()
        assert list(txn.keys()) == [b"a", b"base"]
    assert tdb[b"a"] == b"1" and b"b" not in tdb

    with pytest.raises(RuntimeError):
        with tdb.transaction() as txn:
            del txn[b"base"]
            raise RuntimeError("abort")
    assert tdb[b"base"] == b"0"

    with tdb.write_batch() as wb:
        wb.put(b"w", b"x")
    assert list(tdb.items()) == [(b"a", b"1"), (b"base", b"0"), (b"w", b"x")]


def test_lock_conflict(tdb: ferrock.TransactionDB) -> None:
    first = tdb.transaction(lock_timeout=10)
    assert first.get_for_update(b"k") is None
    second = tdb.transaction(lock_timeout=10)
    with pytest.raises((ferrock.TimedOutError, ferrock.BusyError)):
        second.put(b"k", b"v")
    first.commit()
    second.close()
    first.close()


def test_close_frees_live_transactions(tdb: ferrock.TransactionDB) -> None:
    txn = tdb.transaction()
    txn[b"k"] = b"v"
    it = txn.iterator()
    tdb.close()
    with pytest.raises(ferrock.InvalidArgumentError):
        txn.commit()
    with pytest.raises(ferrock.InvalidArgumentError):
        next(it)


def test_named_transaction_prepare_commit_and_recovery(tmp_path: Path) -> None:
    path = tmp_path / "2pc"
    with ferrock.TransactionDB(path) as tdb:
        txn = tdb.transaction()
        with pytest.raises(ferrock.RocksDBError):
            txn.prepare()  # unnamed
        txn.set_name("t1")
        assert txn.name == b"t1"
        txn[b"a"] = b"1"
        txn.prepare()
        assert tdb.get(b"a") is None
        assert [t.name for t in tdb.prepared_transactions()] == [b"t1"]
        txn.commit()
        assert tdb[b"a"] == b"1"
        left = tdb.transaction()
        left.set_name("t2")
        left[b"b"] = b"2"
        left.prepare()
    # Reopened, the prepared t2 is recovered, still invisible, and commits.
    with ferrock.TransactionDB(path) as tdb:
        assert tdb[b"a"] == b"1" and tdb.get(b"b") is None
        (recovered,) = tdb.prepared_transactions()
        assert recovered.name == b"t2"
        recovered.commit()
        assert tdb[b"b"] == b"2"


def test_optimistic_transactions_conflict_at_commit(tmp_path: Path) -> None:
    with ferrock.OptimisticTransactionDB(tmp_path / "otxn") as odb:
        odb[b"k"] = b"0"
        with odb.transaction() as txn:
            txn[b"a"] = b"1"
            assert txn[b"a"] == b"1" and odb.get(b"a") is None
        assert odb[b"a"] == b"1"

        txn = odb.transaction()
        assert txn.get_for_update(b"k") == b"0"
        odb[b"k"] = b"outside"  # written after the transaction read it
        txn[b"k"] = b"inside"
        with pytest.raises(ferrock.BusyError):
            txn.commit()
        txn.close()
        assert odb[b"k"] == b"outside"
        with pytest.raises(RuntimeError):
            with odb.transaction() as txn:
                txn[b"gone"] = b"x"
                raise RuntimeError("roll back")
        assert b"gone" not in odb
    with ferrock.DB(tmp_path / "otxn") as db:
        assert db[b"a"] == b"1"
