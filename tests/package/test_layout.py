"""The package's shape: the public names pinned, the old module paths still
importing (the same objects), every subpackage packaged, and the import
layers written where lint-imports reads them."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hilo_fast

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(hilo_fast.__file__).resolve().parent

# Written out by hand: adding or removing a public name is a decision, made here too.
PUBLIC = {
    "Action", "BACKEND", "BoardEquity", "Bot", "CardLike", "CardsLike", "EquityResult", "Game",
    "Hand", "HandClass", "HandHistory", "HandValue", "HandView", "LegalActions", "Limit",
    "MixedGame", "OddChip", "PQLResult", "PlayerEquity", "PokerStarsReader", "Pot", "Range",
    "RangeClasses", "RangeVsRange", "Replay", "RunoutChunk", "Runouts", "ShowdownResult",
    "SimulationSummary", "Street", "Structure", "Table", "UnreadableHand", "__version__",
    "card_str", "classify", "classify_range", "describe_high", "describe_low", "equity",
    "evaluate", "evaluate_batch", "evaluate_high5", "evaluate_low5", "format_cards",
    "high_category", "omaha_high", "omaha_hilo", "omaha_low", "parse_card", "parse_cards",
    "parse_phh", "parse_pokerstars", "percentile", "pql", "range_vs_range", "rank_hands",
    "read_history",
    "read_phh", "read_pokerstars", "runouts", "showdown", "simulate", "to_phh", "to_phhs",
    "Solution", "SolverBot", "Subgame", "best_response", "solve", "plot_strategy",
    "strategy_by_class",
    "NextStreet", "StreetEquity", "Unroll", "next_street", "unroll",
}

# Module paths the docs and examples used before the subpackages: (old, new, a name in it).
OLD_PATHS = [
    ("hilo_fast.evaluation", "hilo_fast.core.evaluation", "evaluate"),
    ("hilo_fast.batch", "hilo_fast.core.batch", "evaluate_batch"),
    ("hilo_fast.showdown", "hilo_fast.core.showdown", "showdown"),
    ("hilo_fast.preflop", "hilo_fast.ranges.preflop", "preflop_ranking"),
    ("hilo_fast.range_equity", "hilo_fast.equity.range_spots", "prepare_ranges"),
    ("hilo_fast.structures", "hilo_fast.engine.structures", "Structure"),
    ("hilo_fast.selfplay", "hilo_fast.engine.selfplay", "simulate"),
    ("hilo_fast.hand_history", "hilo_fast.history.model", "HandHistory"),
    ("hilo_fast.replay", "hilo_fast.history.replay", "replay"),
    ("hilo_fast.phh", "hilo_fast.history.phh", "to_phh"),
    ("hilo_fast.hh_report", "hilo_fast.history.report", "all_in_equity"),
    ("hilo_fast.pokerstars", "hilo_fast.history.sites.pokerstars", "read_pokerstars"),
    ("hilo_fast.hh_cli", "hilo_fast.cli.hh", "add_parser"),
    ("hilo_fast.info", "hilo_fast.cli.info", "install_info"),
]

# Modules that were modules and are packages now, with the names they exported.
NOW_PACKAGES = [
    ("hilo_fast.engine", ["Action", "Hand", "HandView", "LegalActions", "Street", "Table",
                          "cards_needed"]),
    ("hilo_fast.equity", ["equity", "EquityResult", "PlayerEquity", "DEFAULT_SAMPLES",
                          "EXACT_LIMIT", "MAX_SAMPLES", "IN_FLIGHT"]),
    ("hilo_fast.ranges", ["Range", "RANK_MACROS", "SHAPE_MACROS"]),
    ("hilo_fast.cli", ["main", "build_parser"]),
]


def test_the_public_names_are_pinned() -> None:
    assert set(hilo_fast.__all__) == PUBLIC
    for name in PUBLIC:
        assert getattr(hilo_fast, name) is not None, name


@pytest.mark.parametrize(("old", "new", "name"), OLD_PATHS, ids=[o for o, _, _ in OLD_PATHS])
def test_an_old_module_path_is_the_new_module(old: str, new: str, name: str) -> None:
    assert importlib.import_module(old) is importlib.import_module(new)
    assert getattr(importlib.import_module(old), name) is getattr(importlib.import_module(new),
                                                                  name)


def test_old_paths_import_in_a_fresh_interpreter_without_shadowing_the_api() -> None:
    """``from hilo_fast.showdown import ...`` must not turn ``hf.showdown`` into a module."""
    code = ("import hilo_fast as hf\n"
            + "".join(f"from {old} import {name}\n" for old, _, name in OLD_PATHS)
            + "import hilo_fast.showdown, hilo_fast.replay\n"
            + "assert callable(hf.showdown)\n"
            + "assert hf.showdown.__module__ == 'hilo_fast.core.showdown'\n"
            + "assert callable(hf.equity)\nprint('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize(("package", "names"), NOW_PACKAGES, ids=[p for p, _ in NOW_PACKAGES])
def test_a_module_turned_package_exports_what_it_did(package: str, names: list[str]) -> None:
    module = importlib.import_module(package)
    assert hasattr(module, "__path__")
    for name in names:
        assert getattr(module, name) is not None, (package, name)


def test_every_subpackage_is_a_package_the_build_finds() -> None:
    """setuptools finds packages by their __init__.py: a folder of modules without one
    would be left out of the wheel."""
    for folder in PACKAGE.rglob("*"):
        if folder.is_dir() and folder.name != "__pycache__" and any(folder.glob("*.py")):
            assert (folder / "__init__.py").exists(), f"{folder} has no __init__.py"


def test_no_module_is_long_without_saying_why() -> None:
    """About 600 lines at most, unless its docstring says why it is one cohesive thing."""
    for path in PACKAGE.rglob("*.py"):
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > 650:
            doc = path.read_text(encoding="utf-8").split('"""')[1]
            assert "one cohesive" in doc, f"{path.relative_to(ROOT)}: {lines} lines"


def test_the_import_layers_are_declared_for_lint_imports() -> None:
    tomllib = pytest.importorskip("tomllib")   # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["root_package"] == "hilo_fast"
    kinds = [contract["type"] for contract in config["contracts"]]
    assert {"layers", "acyclic_siblings", "forbidden"} <= set(kinds)
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    assert layers[0] == "hilo_fast.cli" and layers[-1].startswith("hilo_fast._native")
    # every subpackage stands in a layer
    named = {part.strip() for layer in layers for part in layer.split("|")}
    for folder in PACKAGE.iterdir():
        if (folder / "__init__.py").exists():
            assert f"hilo_fast.{folder.name}" in named, folder.name


# The repository's top level (the design card's layout, and what serves it):
# a scratch file committed there by mistake is caught here.
TOP_LEVEL = {
    ".ci", ".gitattributes", ".github", ".gitignore", ".readthedocs.yaml", "LICENSE",
    "MANIFEST.in", "README.md", "benchmarks", "conftest.py", "csrc", "docs", "examples",
    "fuzz", "hilo_fast", "mkdocs.yml", "pyproject.toml", "setup.py", "tests", "tools",
}


@pytest.mark.skipif(not (ROOT / ".git").exists() or shutil.which("git") is None,
                    reason="not a git checkout (an sdist), or no git")
def test_the_top_level_holds_the_layout_only() -> None:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=False, timeout=60)
    if listed.returncode:
        pytest.skip(f"git ls-files failed: {listed.stderr.strip()}")
    top = {path.split("/", 1)[0] for path in listed.stdout.splitlines()}
    assert top <= TOP_LEVEL, sorted(top - TOP_LEVEL)
    assert {"pyproject.toml", "setup.py", "csrc", "hilo_fast", "tests", ".github",
            "README.md"} <= top
