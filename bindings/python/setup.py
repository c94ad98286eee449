"""Build step that puts ferrock's shared library inside the package.

``pip install ./bindings/python`` and ``make wheel`` run this (metadata is in
pyproject.toml). It copies ``libferrock.so`` from ``FERROCK_LIBDIR`` (default:
the repository's ``target/release``, two directories up) into the built
package (without debug sections, when ``strip`` is available), so
``import ferrock`` needs no environment variable, and tags the wheel
for this platform (``py3-none-<platform>``: the code is pure Python over ctypes,
the library is not).

``FERROCK_BUNDLE=0`` builds the package without the library; it then loads the
one ``FERROCK_LIBRARY`` names or the system's (``make install``), see
``ferrock/_lib.py``. A missing library is a build error otherwise, so a package
cannot silently come out without it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
LIB_NAME = "libferrock.so"


def _bundle() -> bool:
    return os.environ.get("FERROCK_BUNDLE", "1") != "0"


def _library() -> Path:
    libdir = Path(os.environ.get("FERROCK_LIBDIR", HERE.parent.parent / "target" / "release"))
    lib = libdir / LIB_NAME
    if not lib.is_file():
        raise SystemExit(
            f"ferrock: {lib} not found. Build it first (cargo build --release --lib, at the "
            "repository root), point FERROCK_LIBDIR at the directory holding libferrock.so, "
            "or set FERROCK_BUNDLE=0 to build a package that loads the system's library."
        )
    return lib


def copy_library(source: Path, target: Path) -> None:
    """Copies the library, without its debug sections when `strip` is at hand
    (38 MB -> 5 MB for a release build; symbols stay)."""
    # Always copied (no timestamp check): a stale library from an earlier build
    # left in build/ must never be packaged.
    strip = shutil.which("strip")
    if strip is None or subprocess.run([strip, "--strip-debug", "-o", str(target), str(source)]).returncode != 0:
        shutil.copyfile(source, target)
    os.chmod(target, 0o755)


class BuildPyWithLibrary(build_py):
    """build_py that also copies the shared library into the built package."""

    def run(self) -> None:
        super().run()
        if _bundle():
            target = Path(self.build_lib) / "ferrock" / LIB_NAME
            target.parent.mkdir(parents=True, exist_ok=True)
            copy_library(_library(), target)


class BinaryDistribution(Distribution):
    """A distribution holding a native library: the wheel is platform-specific."""

    def has_ext_modules(self) -> bool:
        return _bundle()


cmdclass = {"build_py": BuildPyWithLibrary}

try:  # setuptools >= 70.1 ships bdist_wheel; older ones use the wheel package's
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]
    except ImportError:
        bdist_wheel = None  # type: ignore[assignment,misc]

if bdist_wheel is not None:

    class PlatformWheel(bdist_wheel):  # type: ignore[misc,valid-type]
        """Tags the wheel py3-none-<platform>: any Python 3, no C extension ABI."""

        def get_tag(self):  # type: ignore[no-untyped-def]
            python, abi, plat = super().get_tag()
            if _bundle():
                return "py3", "none", plat
            return python, abi, plat

    cmdclass["bdist_wheel"] = PlatformWheel

if __name__ == "__main__":  # as pip (setuptools.build_meta) runs it; tests import it
    setup(cmdclass=cmdclass, distclass=BinaryDistribution)
