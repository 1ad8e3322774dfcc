"""The fallback a user can see: a failed C build warns at build time, makes a py3-none-any
wheel with no binary in it (not even a stale one), warns at import, and ``hilo-fast info``
says why. An editable install is visible to a user's ``mypy --strict`` as documented.

The builds run from a copy of the source tree, once (in the native run of the suite):
they test packaging, not a backend."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import hilo_fast
from hilo_fast._native.build_record import fallback_warning

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["csrc", "hilo_fast", "setup.py", "pyproject.toml", "MANIFEST.in", "README.md",
           "LICENSE"]

needs_tree = pytest.mark.skipif(not (ROOT / "setup.py").exists() or sys.platform == "win32",
                                reason="needs the source tree and a POSIX shell")
once = pytest.mark.skipif(os.environ.get("HILO_FAST_PUREPYTHON") == "1",
                          reason="packaging runs once, in the native run")


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("HILO_FAST_PUREPYTHON", "CIBUILDWHEEL", "PYTHONPATH")}
    return {**env, **extra}


def _copy_tree(dest: Path) -> Path:
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.so", "*.pyd", "_core.c", "_build_info.json"))
        else:
            shutil.copy2(source, dest / name)
    return dest


def _pip_version() -> str:
    out = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True,
                         text=True, check=False, timeout=60).stdout
    return ([*out.split(), "?", "?"])[1]


@pytest.fixture(scope="module")
def failed_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A wheel built with a compiler that always fails, from a tree where an earlier
    build left binaries both in the package and in build/lib: (wheel, build output)."""
    tree = _copy_tree(tmp_path_factory.mktemp("tree"))
    (tree / "hilo_fast" / "_native" / "_core.abi3.so").write_bytes(b"stale, pip install -e .")
    (tree / "hilo_fast" / "_native.abi3.so").write_bytes(b"stale, from before hilo_fast/_native/")
    lib = tree / "build" / f"lib.{sysconfig.get_platform()}-{sys.implementation.cache_tag}"
    (lib / "hilo_fast" / "_native").mkdir(parents=True)
    (lib / "hilo_fast" / "_native" / "_core.abi3.so").write_bytes(b"stale, from pip install .")
    out = tree / "wheels"
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out),
                             str(tree)], capture_output=True, text=True, timeout=600,
                            env=_clean_env(CC="/bin/false"), check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = out.glob("*.whl")
    return wheel, result.stdout + result.stderr


@needs_tree
@once
def test_failed_c_build_warns_and_makes_a_pure_wheel(failed_build: tuple[Path, str]) -> None:
    wheel, output = failed_build
    # pip < 26.3 does not print a build backend's warnings (docs/getting-started.md
    # says so; the README's test command upgrades pip first)
    assert "hilo-fast: the C extension did not build, so this install uses the " \
           "pure-Python backend, 5-40x slower. Reason: " in " ".join(output.split()), \
        f"pip {_pip_version()} (26.3 or later prints it): {output}"
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = json.loads(archive.read("hilo_fast/_native/_build_info.json"))
        wheel_meta = archive.read(next(n for n in names if n.endswith(".dist-info/WHEEL")))
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dylib"))], names
    assert b"Root-Is-Purelib: true" in wheel_meta
    assert record["native_built"] is False and "CompileError" in record["native_error"]
    assert record["compiler"][0] == "/bin/false"


@needs_tree
@once
def test_pure_fallback_warns_at_import_and_info_says_why(
        failed_build: tuple[Path, str], tmp_path: Path) -> None:
    wheel, _ = failed_build
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:  # a pure wheel: unpacking it is installing it
        archive.extractall(site)

    def python(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
        # -S: no site-packages (so not this checkout's editable install), only the wheel
        return subprocess.run([sys.executable, "-S", *args], capture_output=True, text=True,
                              cwd=tmp_path, env=_clean_env(PYTHONPATH=str(site), **env),
                              check=True, timeout=120)

    imported = python("-c", "import hilo_fast; print(hilo_fast.BACKEND)")
    assert imported.stdout == "python\n"
    assert "RuntimeWarning: hilo-fast is using its pure-Python backend, 5-40x slower: " \
           "the C extension failed to build (CompileError" in imported.stderr
    asked = python("-c", "import hilo_fast", HILO_FAST_PUREPYTHON="1")
    assert asked.stderr == ""  # pure on purpose: nothing to warn about
    info = python("-W", "ignore", "-m", "hilo_fast", "info")
    assert f"hilo-fast      {hilo_fast.__version__}\n" in info.stdout
    assert "backend        python\n" in info.stdout
    assert "not native     the C extension did not build: CompileError" in info.stdout
    assert "compiler       /bin/false" in info.stdout
    assert "tables         1,653,970 bytes in 10 C tables" in info.stdout
    data = json.loads(python("-W", "ignore", "-m", "hilo_fast", "info", "--json").stdout)
    assert data["backend"] == "python" and data["build"]["native_built"] is False


def test_info_names_version_backend_and_reason() -> None:
    run = subprocess.run([sys.executable, "-m", "hilo_fast", "info", "--json"],
                         capture_output=True, text=True, check=True)
    data = json.loads(run.stdout)
    assert data["version"] == hilo_fast.__version__
    assert data["backend"] == hilo_fast.BACKEND
    if hilo_fast.BACKEND == "native":
        assert data["native_error"] is None
    else:
        assert data["native_error"]  # always a reason when not native
    forced = subprocess.run([sys.executable, "-m", "hilo_fast", "info"], capture_output=True,
                            text=True, check=True, env={**os.environ, "HILO_FAST_PUREPYTHON": "1"})
    assert "backend        python" in forced.stdout
    assert "not native     HILO_FAST_PUREPYTHON=1 is set" in forced.stdout
    if data["build"] and data["build"]["native_built"]:  # built here: its flags and tables
        assert " ".join(data["build"]["extra_compile_args"]) in forced.stdout
        assert "tables " in forced.stdout


def test_fallback_warning_only_when_the_c_build_was_wanted() -> None:
    assert fallback_warning(None, "ImportError: x") is None  # a plain source tree
    pure = {"native_built": False,
            "native_error": "built with HILO_FAST_PUREPYTHON=1: no C extension compiled"}
    assert fallback_warning(pure, "ImportError: x") is None
    failed = {"native_built": False, "native_error": "CompileError: no cc"}
    assert "failed to build (CompileError: no cc)" in (fallback_warning(failed, "") or "")
    broken = {"native_built": True, "native_error": None}
    assert "does not load (ImportError: bad ELF)" in (
        fallback_warning(broken, "ImportError: bad ELF") or "")


CONSUMER = "import hilo_fast\nhigh: int = hilo_fast.omaha_high('As2dKh9c', '3s4h5dKd8c')\n"


@needs_tree
def test_mypy_sees_a_checkout_through_mypypath(tmp_path: Path) -> None:
    """The README's first way: the default editable install plus MYPYPATH."""
    pytest.importorskip("mypy")
    (tmp_path / "consumer.py").write_text(CONSUMER)
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                             "consumer.py"], capture_output=True, text=True,
                            cwd=tmp_path, env={**os.environ, "MYPYPATH": str(ROOT)}, check=False)
    assert result.returncode == 0, result.stdout


@needs_tree
@once
def test_strict_editable_install_is_type_checkable(tmp_path: Path) -> None:
    """The README's second way: pip install -e . --config-settings editable_mode=strict,
    into a fresh environment; a user's mypy --strict then finds hilo_fast."""
    pytest.importorskip("mypy")
    tree = _copy_tree(tmp_path / "tree")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    target = venv / "bin" / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(target), "install", "--no-deps", "-q",
         "-e", str(tree), "--config-settings", "editable_mode=strict"],
        capture_output=True, text=True, timeout=600, check=False,
        env=_clean_env(HILO_FAST_PUREPYTHON="1"))  # the C is not the point here
    assert install.returncode == 0, install.stdout + install.stderr
    (tmp_path / "consumer.py").write_text(CONSUMER)
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                              "--python-executable", str(target), "consumer.py"],
                             capture_output=True, text=True, cwd=tmp_path, check=False)
    assert checked.returncode == 0, checked.stdout
