"""When a packaging check runs the suite, it proves which package it tested.

The packaging check (.ci/packaging_check.sh) and cibuildwheel set
``HILO_FAST_EXPECT_BACKEND`` (``native`` or ``python``) and
``HILO_FAST_EXPECT_INSTALLED=1``; a plain developer run sets neither and
these tests skip.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

import hilo_fast

EXPECTED_BACKEND = os.environ.get("HILO_FAST_EXPECT_BACKEND")
EXPECT_INSTALLED = os.environ.get("HILO_FAST_EXPECT_INSTALLED") == "1"


@pytest.mark.skipif(EXPECTED_BACKEND is None, reason="HILO_FAST_EXPECT_BACKEND not set")
def test_backend_is_the_one_the_install_must_have() -> None:
    assert hilo_fast.BACKEND == EXPECTED_BACKEND


@pytest.mark.skipif(not EXPECT_INSTALLED, reason="HILO_FAST_EXPECT_INSTALLED not set")
def test_package_comes_from_site_packages_not_a_source_tree() -> None:
    package = Path(hilo_fast.__file__).resolve().parent
    installed = {Path(sysconfig.get_path(key)).resolve() for key in ("purelib", "platlib")}
    assert package.parent in installed, f"{package} is not in {sorted(map(str, installed))}"
    assert not (package.parent / "csrc").exists()


@pytest.mark.skipif(not sysconfig.get_config_var("Py_GIL_DISABLED"),
                    reason="not a free-threaded build")
def test_native_module_leaves_the_gil_disabled(native: ModuleType) -> None:
    # An extension that does not declare free-threading support turns the GIL
    # back on when imported (cffi >= 2.0 modules declare it). A fresh
    # interpreter, because other tests import references that may not.
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    check = "import sys, hilo_fast._native._core; sys.exit(sys._is_gil_enabled())"
    assert subprocess.run([sys.executable, "-c", check], env=env).returncode == 0
