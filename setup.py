"""Only what pyproject.toml cannot say: the optional C extensions (the cffi core,
``hilo_fast._native._core``, and the builtins of ``hilo_fast._native``: ``_percall``
(``omaha_hilo``), ``_handplay`` (``Hand.play``'s loop), ``_hhlines`` (the
PokerStars reader's line loop), ``_hhsites`` (the other text sites' line loops),
``_hhreplay`` (a hand history's replay)), their
wheel tag, and a record of what the build did (``hilo_fast/_native/_build_info.json``, shown
by ``hilo-fast info``).

A failed C build still installs (the pure-Python backend), but never quietly:
it prints a warning, records why, and the wheel it makes is ``py3-none-any``
with no binary in it, not even a stale one from an earlier build. The builtins are
built only beside a built core (alone they would make a binary wheel of a pure build).
"""

from __future__ import annotations

import json
import os
import platform
import re
import sys
import sysconfig
import warnings
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

pure = os.environ.get("HILO_FAST_PUREPYTHON") == "1"
ROOT = Path(__file__).resolve().parent
INFO_NAME = "_build_info.json"
NATIVE, PERCALL, HANDPLAY, HHLINES, HHSITES, HHREPLAY, HHROWS = (
    "hilo_fast._native._core", "hilo_fast._native._percall", "hilo_fast._native._handplay",
    "hilo_fast._native._hhlines", "hilo_fast._native._hhsites", "hilo_fast._native._hhreplay",
    "hilo_fast._native._hhrows")

# cffi compiles API-mode modules against the limited API (Py_LIMITED_API) on
# CPython, except on free-threaded builds before 3.15; tag the wheel to match,
# so one cp310-abi3 wheel per platform serves every CPython from 3.10 on.
stable_abi = (
    not pure
    and platform.python_implementation() == "CPython"
    and not sysconfig.get_config_var("Py_GIL_DISABLED")
)


def _table_sizes() -> dict[str, int]:
    """Bytes of each C lookup table, from the declarations in csrc/core/tables.h."""
    text = (ROOT / "csrc" / "core" / "tables.h").read_text()
    width = {"uint8_t": 1, "uint16_t": 2, "uint32_t": 4}
    return {name: width[kind] * int(n) for kind, name, n in
            re.findall(r"extern const (\w+) (\w+)\[(\d+)\];", text)}


def _write_info(directory: str, info: dict[str, Any]) -> None:
    Path(directory).mkdir(parents=True, exist_ok=True)
    (Path(directory) / INFO_NAME).write_text(json.dumps(info, indent=2) + "\n")


def _warn(message: str) -> None:
    """A warning the person installing sees: pip shows a build backend's warnings
    (as BuildBackendWarning) even without -v, where it hides the build's output."""
    warnings.warn(message, stacklevel=2)


class BuildExt(build_ext):
    """Builds the optional C extension; on failure warns, records why, and deletes any
    binary left from an earlier build, so only a binary this build made is ever used."""

    native_error: str | None = None
    attempted = False

    def finalize_options(self) -> None:
        super().finalize_options()
        self.force = True  # an "up-to-date" binary may have been made with other flags

    def build_extensions(self) -> None:
        # The core first: whether it built decides whether the builtins are built at all.
        self.extensions.sort(key=lambda ext: ext.name != NATIVE)
        super().build_extensions()

    def build_extension(self, ext: Any) -> None:
        target = Path(self.get_ext_fullpath(ext.name))
        if target.exists():  # so a failed build cannot leave an old binary in its place
            target.unlink()
        if ext.name != NATIVE:
            if BuildExt.native_error is None:
                super().build_extension(ext)  # optional: a failure leaves omaha_hilo in Python
            return
        BuildExt.attempted = True
        try:
            super().build_extension(ext)
        except Exception as exc:
            BuildExt.native_error = f"{type(exc).__name__}: {exc}"
            _warn(f"hilo-fast: the C extension did not build, so this install uses the "
                  f"pure-Python backend, 5-40x slower. Reason: {BuildExt.native_error} -- "
                  "install a C compiler and the Python headers, then reinstall; "
                  "`hilo-fast info` shows this reason after installing.")
            raise  # an optional extension: setuptools goes on without it

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        made = {Path(p).resolve() for p in self.get_outputs()} if not self.native_error else set()
        # (hilo_fast/: where the compiled modules lived before hilo_fast/_native/)
        package = Path(self.build_lib) / "hilo_fast"
        for path in [*package.glob("_*"), *(package / "_native").glob("_*")]:
            if (path.name.startswith(("_core", "_native", "_percall", "_handplay", "_hhlines",
                                      "_hhsites", "_hhreplay", "_hhrows"))
                    and path.suffix in (".so", ".pyd", ".dylib") and path.resolve() not in made):
                path.unlink()  # left by an earlier build (or copied from the tree): not ours
        ext = next(ext for ext in self.extensions if ext.name == NATIVE)
        compiler = getattr(self.compiler, "compiler_so", None)
        _write_info(str(Path(self.get_ext_fullpath(ext.name)).parent), {
            "native_built": BuildExt.native_error is None,
            "native_error": BuildExt.native_error,
            "compiler": compiler if isinstance(compiler, list) else None,
            "extra_compile_args": list(ext.extra_compile_args or []),
            "extra_link_args": list(ext.extra_link_args or []),
            "table_bytes": _table_sizes(),
        })


class BuildPy(build_py):
    """Records a build asked to be pure (HILO_FAST_PUREPYTHON=1: no extension at all)."""

    def run(self) -> None:
        super().run()
        if pure:
            target = (ROOT / "hilo_fast" / "_native" if getattr(self, "editable_mode", False)
                      else Path(self.build_lib) / "hilo_fast" / "_native")
            _write_info(str(target), {
                "native_built": False,
                "native_error": "built with HILO_FAST_PUREPYTHON=1: no C extension compiled",
                "compiler": None, "extra_compile_args": [], "extra_link_args": [],
                "table_bytes": {},
            })


class BdistWheel(bdist_wheel):
    """A wheel with no binary in it is tagged py3-none-any, not cp310-abi3-<platform>."""

    def run(self) -> None:
        if not self.skip_build:
            self.run_command("build")  # first, to know whether the extension was made
        if BuildExt.attempted and BuildExt.native_error is not None:
            self.distribution.ext_modules = []  # so install lays it out as pure too
            self.root_is_pure = True
            self.py_limited_api = False
        super().run()




def _builtin(name: str, source: str) -> Extension:
    """A CPython builtin over the core (csrc/py/): CPython only (PyPy keeps the
    Python code, which is fast there); optional like the cffi module."""
    return Extension(
        name,
        sources=[source],
        # (the headers and the site files hhsites.c includes: a change rebuilds)
        depends=sorted(str(p.relative_to(ROOT)) for p in (ROOT / "csrc" / "py").glob("*.[ch]")),
        py_limited_api=stable_abi,
        define_macros=[("Py_LIMITED_API", "0x030A0000")] if stable_abi else [],
        # (-O3: the import of hand histories runs 1.3% fewer instructions than at -O2)
        extra_compile_args=[] if os.name == "nt" else ["-O3", "-std=c99"],
        # auditwheel learns the libc a wheel targets from its extensions' NEEDED
        # entries, and stops at an extension with none: a builtin calling nothing
        # of libc's would have none, so it is linked against libc by name.
        extra_link_args=["-Wl,--no-as-needed", "-lc", "-lm"] if sys.platform.startswith("linux")
        else [],
        optional=os.environ.get("CIBUILDWHEEL") != "1",
    )


# omaha_hilo (csrc/py/percall.c), Hand.play's decision loop (csrc/py/handplay.c) and
# the PokerStars reader's line loop (csrc/py/hhlines.c), the other text sites' line
# loops (csrc/py/hhsites.c), the replay (csrc/py/hhreplay.c) and the database's
# actions rows as Arrow columns (csrc/py/hhrows.c).
builtins = [_builtin(PERCALL, "csrc/py/percall.c"), _builtin(HANDPLAY, "csrc/py/handplay.c"),
            _builtin(HHLINES, "csrc/py/hhlines.c"), _builtin(HHSITES, "csrc/py/hhsites.c"),
            _builtin(HHREPLAY, "csrc/py/hhreplay.c"), _builtin(HHROWS, "csrc/py/hhrows.c")]

setup(
    cffi_modules=[] if pure else ["hilo_fast/_native/ffi_build.py:ffibuilder"],
    ext_modules=builtins if not pure and platform.python_implementation() == "CPython" else [],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy, "bdist_wheel": BdistWheel},
    options={"bdist_wheel": {"py_limited_api": "cp310"}} if stable_abi else {},
)
