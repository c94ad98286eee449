"""Fixtures: a fresh database directory per test, and a skip while the engine is unfinished."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import ferrock

UNDER_CONSTRUCTION = "engine under construction"


def open_or_skip(path: Path, **kwargs: Any) -> ferrock.DB:
    try:
        return ferrock.DB(path, **kwargs)
    except ferrock.NotSupportedError as e:
        if UNDER_CONSTRUCTION in str(e):
            pytest.skip(str(e))
        raise


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "db"


@pytest.fixture
def opener(db_path: Path) -> Callable[..., ferrock.DB]:
    return lambda **kwargs: open_or_skip(db_path, **kwargs)


@pytest.fixture
def db(opener: Callable[..., ferrock.DB]) -> Iterator[ferrock.DB]:
    database = opener()
    yield database
    database.close()
