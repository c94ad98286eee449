"""Python-callable merge operators, compaction filters and prefix extractors; delete_range;
options from an OPTIONS string; c.h option setters and getters by name."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import pytest

import ferrock
from conftest import open_or_skip


def test_merge_operator_as_a_python_callable(tmp_path: Path) -> None:
    def append(key: bytes, existing: Optional[bytes], operands: List[bytes]) -> bytes:
        return b",".join(([existing] if existing is not None else []) + operands)

    with open_or_skip(tmp_path / "db", merge_operator=append) as db:
        db[b"list"] = b"a"
        db.merge(b"list", b"b")
        db.merge(b"list", b"c")
        db.merge(b"fresh", b"x")
        assert db[b"list"] == b"a,b,c"
        assert db[b"fresh"] == b"x"
        db.flush()
        db.compact_range()
        db.merge(b"list", b"d")
        assert db[b"list"] == b"a,b,c,d"


def test_failing_merge_operator_raises_on_read(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    def broken(key: bytes, existing: Optional[bytes], operands: List[bytes]) -> bytes:
        raise ValueError("no merge today")

    op = ferrock.MergeOperator(broken, name="Broken")
    with open_or_skip(tmp_path / "db", merge_operator=op) as db:
        db.merge(b"k", b"1")
        with pytest.raises(ferrock.RocksDBError):
            db.get(b"k")
    assert isinstance(op.errors[-1], ValueError)
    assert "no merge today" in capfd.readouterr().err


def test_compaction_filter_as_a_python_callable(tmp_path: Path) -> None:
    seen = []

    def drop_tmp(level: int, key: bytes, value: bytes):  # type: ignore[no-untyped-def]
        seen.append(key)
        if key.startswith(b"tmp:"):
            return ferrock.REMOVE
        if key == b"upper":
            return value.upper()
        return ferrock.KEEP

    with open_or_skip(tmp_path / "db", compaction_filter=drop_tmp) as db:
        for i in range(10):
            db[b"tmp:%d" % i] = b"x"
            db[b"keep:%d" % i] = b"y"
        db[b"upper"] = b"loud"
        db.flush()
        db.compact_range()
        assert seen
        assert list(db.keys(prefix=b"tmp:")) == []
        assert len(list(db.keys(prefix=b"keep:"))) == 10
        assert db[b"upper"] == b"LOUD"


def test_fixed_prefix_extractor_with_prefix_same_as_start(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db", prefix_extractor=3) as db:
        for key in (b"aaa1", b"aaa2", b"aab1", b"abc1"):
            db[key] = b"v"
        db.flush()
        assert list(db.keys(start=b"aaa", prefix_same_as_start=True)) == [b"aaa1", b"aaa2"]
        assert list(db.keys(start=b"aab", prefix_same_as_start=True)) == [b"aab1"]
        assert list(db.keys(start=b"aaa", total_order_seek=True)) == [b"aaa1", b"aaa2", b"aab1", b"abc1"]


def test_python_prefix_extractor(tmp_path: Path) -> None:
    extractor = ferrock.PrefixExtractor(lambda key: key.index(b":") + 1 if b":" in key else len(key), name="UpToColon")
    with open_or_skip(tmp_path / "db", prefix_extractor=extractor) as db:
        for key in (b"user:1", b"user:2", b"users:1", b"zz"):
            db[key] = b"v"
        assert list(db.keys(start=b"user:", prefix_same_as_start=True)) == [b"user:1", b"user:2"]
    assert extractor.errors == []


def test_delete_range(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db") as db:
        for i in range(10):
            db[b"k%d" % i] = b"v"
        db.delete_range(b"k2", b"k5")
        assert list(db.keys()) == [b"k0", b"k1", b"k5", b"k6", b"k7", b"k8", b"k9"]
        cf = db.create_column_family("c")
        cf[b"a"] = cf[b"b"] = cf[b"c"] = b"1"
        cf.delete_range(b"a", b"c")
        assert list(cf.keys()) == [b"c"]
        db.flush()
        assert b"k3" not in db and db[b"k5"] == b"v"


def test_options_string_and_option_by_name(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db", options_string="write_buffer_size=1048576;max_write_buffer_number=5",
                      num_levels=4) as db:
        assert db._options.option("write_buffer_size") == 1048576
        assert db._options.option("max_write_buffer_number") == 5
        assert db._options.option("num_levels") == 4
        db[b"k"] = b"v"
    with pytest.raises(ferrock.InvalidArgumentError):
        ferrock.DB(tmp_path / "db2", options_string="no_such_option=1")
    with pytest.raises(TypeError, match="unknown option"):
        ferrock.DB(tmp_path / "db3", no_such_option=1)


def test_checkpoint_is_an_openable_copy(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db") as db:
        db[b"a"] = b"1"
        db.flush()
        db[b"b"] = b"2"  # in the memtable / WAL only
        db.checkpoint(tmp_path / "cp")
        db[b"c"] = b"3"
        with pytest.raises(ferrock.RocksDBError):
            db.checkpoint(tmp_path / "cp")  # exists already
    with ferrock.DB(tmp_path / "cp", create_if_missing=False) as copy:
        assert list(copy.items()) == [(b"a", b"1"), (b"b", b"2")]


def test_read_only_open(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db") as db:
        db[b"k"] = b"v"
        db.create_column_family("c")[b"x"] = b"y"
    with ferrock.DB(tmp_path / "db", read_only=True) as ro:
        assert ro[b"k"] == b"v"
        assert ro.column_family("c")[b"x"] == b"y"
        with pytest.raises(ferrock.RocksDBError):
            ro[b"k"] = b"other"
    with ferrock.DB(tmp_path / "db") as db:
        assert db[b"k"] == b"v"


def test_statistics_and_properties(tmp_path: Path) -> None:
    with open_or_skip(tmp_path / "db", statistics=True) as db:
        for i in range(100):
            db[b"k%d" % i] = b"v"
        db.get(b"k1")
        text = db.statistics()
        assert text is not None and "rocksdb.number.keys.written COUNT : 100" in text
        assert db.get_int_property("rocksdb.estimate-num-keys") == 100
        cf = db.create_column_family("c")
        for i in range(7):
            cf[b"k%d" % i] = b"v"
        assert db.get_int_property("rocksdb.estimate-num-keys", column_family=cf) == 7
        assert db.get_property("rocksdb.no-such-property", column_family=cf) is None
        assert "Compaction Stats" in (db.get_property("rocksdb.stats") or "")
    with open_or_skip(tmp_path / "db") as db:
        assert db.statistics() is None


def test_sst_file_writer_and_ingest(tmp_path: Path) -> None:
    sst = tmp_path / "bulk.sst"
    with ferrock.SstFileWriter(sst) as w:
        for i in range(100):
            w[b"bulk%03d" % i] = b"v%d" % i
        with pytest.raises(ferrock.RocksDBError):
            w.put(b"a-out-of-order", b"x")
        assert w.file_size >= 0
    assert sst.stat().st_size > 0
    with open_or_skip(tmp_path / "db") as db:
        db[b"bulk050"] = b"old"
        db.ingest_external_file([sst])
        assert db[b"bulk050"] == b"v50"  # the ingested file is newer
        assert len(list(db.keys(prefix=b"bulk"))) == 100
        cf = db.create_column_family("c")
        with ferrock.SstFileWriter(tmp_path / "cf.sst") as w:
            w[b"x"] = b"1"
        cf.ingest_external_file([tmp_path / "cf.sst"])
        assert cf[b"x"] == b"1" and b"x" not in db
        with pytest.raises(ferrock.RocksDBError):
            db.ingest_external_file([tmp_path / "missing.sst"])


def test_per_column_family_options_at_open(tmp_path: Path) -> None:
    def concat(key: bytes, existing: Optional[bytes], operands: List[bytes]) -> bytes:
        return (existing or b"") + b"".join(operands)

    path = tmp_path / "db"
    families = {"counters": {"merge_operator": "uint64add"}, "text": {"merge_operator": concat, "num_levels": 3}}
    with open_or_skip(path, column_families=families) as db:
        db.column_family("counters").merge(b"n", (2).to_bytes(8, "little"))
        db.column_family("counters").merge(b"n", (3).to_bytes(8, "little"))
        db.column_family("text").merge(b"s", b"ab")
        db.column_family("text").merge(b"s", b"cd")
        assert db.column_family("counters")[b"n"] == (5).to_bytes(8, "little")
        assert db.column_family("text")[b"s"] == b"abcd"
        with pytest.raises(ferrock.RocksDBError):
            db.merge(b"x", b"1")  # the default family has no merge operator
            db[b"x"]
    assert sorted(ferrock.list_column_families(path)) == ["counters", "default", "text"]
    with ferrock.DB(path, column_families=families) as db:
        assert db.column_family("text")[b"s"] == b"abcd"


def test_open_with_the_options_of_the_options_file(tmp_path: Path) -> None:
    path = tmp_path / "db"
    with open_or_skip(path, write_buffer_size=3 << 20, column_families={"c": {"write_buffer_size": 5 << 20}}) as db:
        db.column_family("c")[b"k"] = b"v"
    with ferrock.DB(path, latest_options=True) as db:
        # write_buffer_size is a column family option: the file keeps it per family.
        assert db._cf_options["default"].option("write_buffer_size") == 3 << 20
        assert db._cf_options["c"].option("write_buffer_size") == 5 << 20
        assert db.column_family("c")[b"k"] == b"v"
    with pytest.raises(ferrock.RocksDBError):
        ferrock.DB(tmp_path / "missing", latest_options=True)
