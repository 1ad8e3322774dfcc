"""The CLI without its optional dependencies: a command that needs one says so in one
line ``hilo-fast: error: ... needs MODULE: pip install 'hilo-fast[EXTRA]'`` and exits 2;
every other command works as with them. Checked two ways: each optional module hidden
in turn from the CLI's interpreter (an import hook), and for real, in a fresh venv with
a plain ``pip install`` of this tree and no extras. Every run is a subprocess."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hilo_fast.cli.app import OPTIONAL

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "history" / "data" / "pokerstars"
CASH = str(DATA / "plo8_cash.txt")

MODULES = sorted(OPTIONAL)
# Hidden together in the matrix below: no command imports them (one run each would
# only repeat the same check).
UNUSED = "dask,distributed,gymnasium,pettingzoo"

# What each extra of pyproject.toml installs, read from the file itself.
try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None  # type: ignore[assignment]


def _extras() -> dict[str, list[str]]:
    if tomllib is None or not (ROOT / "pyproject.toml").exists():
        pytest.skip("needs the source tree's pyproject.toml and Python 3.11")
    with open(ROOT / "pyproject.toml", "rb") as f:
        extras: dict[str, list[str]] = tomllib.load(f)["project"]["optional-dependencies"]
    return extras


def _requirement(name: str) -> str:
    """The distribution a requirement names, in import-name spelling."""
    return re.split(r"[\[<>=!~; ]", name, maxsplit=1)[0].lower().replace("-", "_")


def test_each_optional_module_names_an_extra_that_installs_it() -> None:
    extras = _extras()
    for module, extra in OPTIONAL.items():
        wanted = {_requirement(r) for r in extras[extra]}
        # dask.distributed is the 'distributed' distribution, which dask[distributed] brings
        dist = "dask" if module == "distributed" else module
        assert dist in wanted, (module, extra, extras[extra])
        if module == "distributed":
            assert any("distributed" in r for r in extras[extra])


def test_every_extra_a_user_installs_is_known_to_the_cli() -> None:
    """A new optional dependency (an extra other than test and bench) must be named in
    the CLI's table, so that its absence is one line too."""
    extras = _extras()
    for extra, requirements in extras.items():
        if extra in ("test", "bench"):
            continue
        for requirement in requirements:
            assert _requirement(requirement) in OPTIONAL, (extra, requirement)


# ------------------------------------------------------------ modules hidden

HIDE = """\
import os, sys
from importlib.abc import MetaPathFinder

HIDDEN = set(filter(None, os.environ.get("HILO_FAST_TEST_HIDE", "").split(",")))


class Hide(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Hide())
"""


@pytest.fixture(scope="module")
def hider(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a sitecustomize.py that hides the modules named in
    HILO_FAST_TEST_HIDE from the interpreter it starts in."""
    folder = tmp_path_factory.mktemp("hide")
    (folder / "sitecustomize.py").write_text(HIDE, encoding="utf-8")
    return folder


# Each command, and the modules whose absence must stop it (worked out by hand:
# ranges are numpy arrays; --plot draws with matplotlib, which imports numpy).
RANGE = {"numpy"}
PLOT = {"numpy", "matplotlib"}
COMMANDS: list[tuple[list[str], set[str]]] = [
    (["eval", "As2dKh3c", "4s5hKd"], set()),
    (["equity", "As2dKh3c", "7c8d9hTs", "--board", "2h5c9d"], set()),
    (["equity", "As2dKh3c", "random", "--samples", "500", "--seed", "1"], set()),
    (["equity", "A2**:$ds", "KK", "--samples", "500", "--seed", "1"], RANGE),
    (["equity", "As2dKh3c", "AA22", "--samples", "500", "--seed", "1"], RANGE),
    (["range", "A2$ds", "--count"], RANGE),
    (["range", "15%", "--count"], RANGE),
    (["range", "AA22", "--list"], RANGE),
    (["simulate", "--hands", "50", "--seed", "1"], set()),
    (["showdown", "--board", "7h5hKh4d3s", "--seat", "Ah2hQdJs:10", "--seat", "Ad2cQcJc:10"],
     set()),
    (["info"], set()),
    (["hh", "check", CASH], set()),
    (["hh", "report", CASH, "--json"], set()),
    (["hh", "report", CASH, "--plot", "{tmp}/plot.png"], PLOT),
]


#: The optional modules this environment lacks altogether.
ABSENT = {name for name in OPTIONAL if importlib.util.find_spec(name) is None}


@pytest.mark.parametrize("hidden", ["numpy", "matplotlib", "tqdm", UNUSED])
@pytest.mark.parametrize(("command", "stopped_by"), COMMANDS,
                         ids=[" ".join(c[:2]) + f"-{i}" for i, (c, _) in enumerate(COMMANDS)])
def test_a_missing_optional_module_is_one_line_or_nothing(
        hider: Path, tmp_path: Path, hidden: str, command: list[str], stopped_by: set[str]
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in command]
    path = os.pathsep.join(filter(None, [str(hider), os.environ.get("PYTHONPATH")]))
    result = subprocess.run([sys.executable, "-m", "hilo_fast", *args], capture_output=True,
                            text=True, timeout=120, check=False, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": path,
                                 "HILO_FAST_TEST_HIDE": hidden})
    assert "Traceback" not in result.stderr, result.stderr
    # hidden by the hook, or not installed here at all (matplotlib is no test extra)
    missing = set(hidden.split(",")) | ABSENT
    if not missing & stopped_by:
        assert result.returncode == 0, result.stderr
        return
    assert result.returncode == 2, result
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    # the package the user lacks: --plot met a missing numpy names matplotlib, whose
    # extra brings numpy too
    needed = "matplotlib" if "--plot" in command else hidden
    extra = OPTIONAL[needed]
    assert re.fullmatch(rf"hilo-fast: error: .+ needs {needed}: pip install "
                        rf"'hilo-fast\[{extra}\]'", line), line
    assert not (tmp_path / "plot.png").exists()


def test_the_hook_hides_what_it_is_told(hider: Path, tmp_path: Path) -> None:
    """The matrix above means something only if the module is really hidden."""
    check = "import importlib, sys\ntry:\n    importlib.import_module(sys.argv[1])\n" \
            "except ModuleNotFoundError as e:\n    print('hidden', e.name)\n"
    for module in ("numpy", "matplotlib.pyplot"):
        result = subprocess.run([sys.executable, "-c", check, module], capture_output=True,
                                text=True, check=True, cwd=tmp_path,
                                env={**os.environ, "PYTHONPATH": str(hider),
                                     "HILO_FAST_TEST_HIDE": module.split(".")[0]})
        assert result.stdout == f"hidden {module.split('.')[0]}\n", result


def test_a_bare_missing_module_names_its_extra() -> None:
    """A module the CLI imports without a message of its own (none today: dask,
    gymnasium, pettingzoo are not imported by any command) still gets the line."""
    from hilo_fast.cli.app import _missing_extra

    for module, extra in OPTIONAL.items():
        exc = ModuleNotFoundError(f"No module named {module!r}", name=f"{module}.sub")
        assert _missing_extra(exc, "simulate") == \
            f"hilo-fast simulate needs {module}: pip install 'hilo-fast[{extra}]'"
    own = ImportError("a range needs numpy: pip install 'hilo-fast[numpy]'")
    assert _missing_extra(own, "range") == str(own)


# ------------------------------------------------------------ a real venv

real_venv = pytest.mark.skipif(
    not (ROOT / "setup.py").exists() or sys.platform == "win32"
    or os.environ.get("HILO_FAST_SKIP_VENV") == "1",
    reason="needs the source tree and a POSIX venv (HILO_FAST_SKIP_VENV=1 skips it)")

SOURCES = ["csrc", "hilo_fast", "setup.py", "pyproject.toml", "MANIFEST.in", "README.md",
           "LICENSE"]


@pytest.fixture(scope="session")
def bare_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with ``pip install`` of a copy of this tree and nothing else: the bin
    folder. Made once a session (about a minute: it compiles the C core)."""
    root = tmp_path_factory.mktemp("bare")
    tree = root / "tree"
    tree.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.so", "*.pyd", "_core.c", "_build_info.json"))
        else:
            shutil.copy2(source, tree / name)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "HILO_FAST_PUREPYTHON")}
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, env=env,
                   timeout=300)
    bin_dir = root / "venv" / "bin"
    done = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(tree)],
                          capture_output=True, text=True, env=env, timeout=1200, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return bin_dir


def _in_venv(bin_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # From a folder outside the tree: the venv's own install, not this checkout.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(bin_dir / "hilo-fast"), *args], capture_output=True, text=True,
                          timeout=300, check=False, cwd=cwd, env=env)


@real_venv
@pytest.mark.slow
def test_no_extras_venv_has_none_of_them(bare_venv: Path, tmp_path: Path) -> None:
    probe = ("import importlib.util, sys, hilo_fast\n"
             "print(hilo_fast.__file__)\n"
             "print(sorted(m for m in sys.argv[1:] if importlib.util.find_spec(m)))\n")
    result = subprocess.run([str(bare_venv / "python"), "-c", probe, *MODULES],
                            capture_output=True, text=True, check=True, cwd=tmp_path,
                            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    where, found = result.stdout.splitlines()
    assert where.startswith(str(bare_venv.parent)), where
    assert found == "[]"


@real_venv
@pytest.mark.slow
@pytest.mark.parametrize(("command", "stopped_by"), COMMANDS,
                         ids=[" ".join(c[:2]) + f"-{i}" for i, (c, _) in enumerate(COMMANDS)])
def test_no_extras_venv_cli(bare_venv: Path, tmp_path: Path, command: list[str],
                            stopped_by: set[str]) -> None:
    result = _in_venv(bare_venv, tmp_path, *(a.replace("{tmp}", str(tmp_path))
                                             for a in command))
    assert "Traceback" not in result.stderr, result.stderr
    if not stopped_by:
        assert result.returncode == 0, result.stderr
        return
    assert (result.returncode, result.stdout) == (2, ""), result
    needed = "matplotlib" if "--plot" in command else "numpy"
    assert result.stderr.splitlines() == [
        f"hilo-fast: error: {'--plot' if needed == 'matplotlib' else 'a range'} needs "
        f"{needed}: pip install 'hilo-fast[{OPTIONAL[needed]}]'"]


@real_venv
@pytest.mark.slow
def test_no_extras_venv_draws_its_own_bar_without_tqdm(bare_venv: Path, tmp_path: Path,
                                                       on_terminal: Callable[..., Any]) -> None:
    """On a terminal, the bar tqdm would draw is hilo-fast's own."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result, text = on_terminal([str(bare_venv / "hilo-fast"), "simulate", "--hands", "3000"],
                               cwd=tmp_path, env=env, timeout=300, check=False)
    assert result.returncode == 0, text
    assert "3,000/3,000 hands" in text and "ETA" in text and "Traceback" not in text
