"""Packaging: the built package carries libferrock.so; without it, the system's library is loaded.

Each test builds a wheel from a copy of this source tree (so the checkout's
``build/`` is untouched), installs it with pip into a fresh venv under the
test's temporary directory, and imports it from there, outside the
repository, with no ``FERROCK_LIBRARY``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import ferrock

SOURCE = Path(__file__).resolve().parent.parent

# Run inside the fresh venv: a write and a read back, then where the library came from.
PROBE = """
import sys, tempfile, ferrock
with tempfile.TemporaryDirectory() as d:
    with ferrock.DB(d + "/db") as db:
        db[b"k"] = b"v"
        assert db[b"k"] == b"v"
print(ferrock.library_path)
print(ferrock.__file__)
"""


def _libdir() -> Path:
    """The directory holding the libferrock.so under test (make test passes it)."""
    env = os.environ.get("FERROCK_TEST_LIBDIR")
    libdir = Path(env) if env else Path(ferrock.library_path).parent
    if not (libdir / "libferrock.so").is_file():
        pytest.skip(f"no libferrock.so in {libdir}")
    return libdir


def _clean_env(**extra: str) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FERROCK_LIBRARY", "LD_LIBRARY_PATH", "PYTHONPATH")}
    env.update(extra)
    return env


def _pip_wheel(tmp_path: Path, env: Dict[str, str]) -> "subprocess.CompletedProcess[str]":
    """Builds a wheel of a copy of the source into tmp_path/dist (output captured)."""
    pytest.importorskip("setuptools.command.bdist_wheel", reason="needs setuptools >= 70.1 (make venv)")
    src = tmp_path / "src"
    shutil.copytree(SOURCE / "ferrock", src / "ferrock", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(SOURCE / name, src / name)
    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"), str(src)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )


def _build_wheel(tmp_path: Path, env: Dict[str, str]) -> Path:
    out = _pip_wheel(tmp_path, env)
    assert out.returncode == 0, out.stdout + out.stderr
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    return wheel


def _install(tmp_path: Path, wheel: Path) -> Path:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
    )
    return python


def _probe(python: Path, cwd: Path, env: Dict[str, str]) -> List[str]:
    out = subprocess.run([str(python), "-c", PROBE], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_wheel_carries_the_library_and_imports_outside_the_repository(tmp_path: Path) -> None:
    libdir = _libdir()
    wheel = _build_wheel(tmp_path, _clean_env(FERROCK_LIBDIR=str(libdir)))
    assert wheel.name.startswith("ferrock-") and "-py3-none-linux" in wheel.name, wheel.name
    with zipfile.ZipFile(wheel) as z:
        assert z.read("ferrock/libferrock.so")[:4] == b"\x7fELF"

    python = _install(tmp_path, wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    library_path, package_file = _probe(python, elsewhere, _clean_env())
    package_dir = Path(package_file).parent
    assert str(package_dir).startswith(str(tmp_path / "venv"))
    assert Path(library_path) == package_dir / "libferrock.so"

    # The same package without its copy (as built with FERROCK_BUNDLE=0) loads the
    # system's: ctypes.util.find_library("ferrock") finds it on LD_LIBRARY_PATH here,
    # in the ld.so cache after `make install` and ldconfig.
    (package_dir / "libferrock.so").unlink()
    library_path, _ = _probe(python, elsewhere, _clean_env(LD_LIBRARY_PATH=str(libdir)))
    assert library_path == "libferrock.so"
    if not _system_has_ferrock():
        out = subprocess.run(
            [str(python), "-c", "import ferrock"], cwd=elsewhere, env=_clean_env(), capture_output=True, text=True
        )
        assert out.returncode != 0
        assert "ferrock: shared library not found; set FERROCK_LIBRARY" in out.stderr


def _system_has_ferrock() -> Optional[str]:
    import ctypes.util

    saved = os.environ.pop("LD_LIBRARY_PATH", None)
    try:
        return ctypes.util.find_library("ferrock")
    finally:
        if saved is not None:
            os.environ["LD_LIBRARY_PATH"] = saved


def _setup_module(monkeypatch: pytest.MonkeyPatch) -> Any:
    """setup.py imported as a module (it calls setup() only when run as a script)."""
    monkeypatch.syspath_prepend(str(SOURCE))
    import importlib

    sys.modules.pop("setup", None)
    return importlib.import_module("setup")


def test_build_without_library_is_an_error_unless_unbundled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    setup = _setup_module(monkeypatch)
    monkeypatch.setenv("FERROCK_LIBDIR", str(tmp_path))
    with pytest.raises(SystemExit, match=f"ferrock: {tmp_path}/libferrock.so not found.*FERROCK_BUNDLE=0"):
        setup._library()
    assert setup.BinaryDistribution().has_ext_modules()
    monkeypatch.setenv("FERROCK_BUNDLE", "0")
    assert not setup.BinaryDistribution().has_ext_modules()  # a pure wheel, nothing to copy


def test_copied_library_loads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    setup = _setup_module(monkeypatch)
    source = _libdir() / "libferrock.so"
    setup.copy_library(source, tmp_path / "libferrock.so")
    assert 0 < (tmp_path / "libferrock.so").stat().st_size <= source.stat().st_size
    import ctypes

    assert ctypes.CDLL(str(tmp_path / "libferrock.so")).rocksdb_options_create


@pytest.mark.skipif("FERROCK_LIBRARY" in os.environ, reason="FERROCK_LIBRARY overrides the package's copy")
def test_this_installed_package_uses_its_own_copy() -> None:
    package_dir = Path(ferrock.__file__).resolve().parent
    assert Path(ferrock.library_path) == package_dir / "libferrock.so"
    assert "site-packages" in package_dir.parts


def test_lookup_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ferrock import _lib

    monkeypatch.setenv("FERROCK_LIBRARY", str(tmp_path / "custom.so"))
    assert _lib._candidates() == [str(tmp_path / "custom.so")]
    with pytest.raises(OSError, match="FERROCK_LIBRARY"):
        _lib.find_library()
    monkeypatch.delenv("FERROCK_LIBRARY")
    monkeypatch.setattr(_lib.ctypes.util, "find_library", lambda name: "libferrock.so" if name == "ferrock" else None)
    package_copy = str(Path(_lib.__file__).resolve().parent / "libferrock.so")
    assert _lib._candidates() == [package_copy, "libferrock.so"]
    monkeypatch.setattr(_lib.ctypes.util, "find_library", lambda name: None)
    assert _lib._candidates() == [package_copy]
