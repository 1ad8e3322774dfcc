"""The documentation site: every ``>>>`` example on every page runs, and the
generated pages (CLI, API reference) cover the whole public surface.

A page whose examples need an optional package says so in a comment line
``<!-- doctest-requires: numpy pokerkit -->``; where one is missing it is skipped.
"""

from __future__ import annotations

import argparse
import doctest
import importlib
import importlib.util
import itertools
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

import hilo_fast

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md")) if DOCS.is_dir() else []
_REQUIRES = re.compile(r"^<!-- doctest-requires: ([\w .-]+) -->$", re.MULTILINE)

pytestmark = pytest.mark.skipif(not PAGES, reason="docs/ is not beside the tests")


def _missing(page: Path) -> list[str]:
    wanted = [name for match in _REQUIRES.finditer(page.read_text(encoding="utf-8"))
              for name in match.group(1).split()]
    return [name for name in wanted if importlib.util.find_spec(name) is None]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples_run(page: Path, backend: object) -> None:
    missing = _missing(page)
    if missing:
        pytest.skip(f"{page.name} needs {', '.join(missing)}")
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS,
                              encoding="utf-8")
    assert result.failed == 0


def _reference() -> ModuleType:
    """docs/_hooks/reference.py, the hook that writes the generated pages."""
    pytest.importorskip("mkdocs")  # it builds MkDocs files: the `docs` group has it
    sys.path.insert(0, str(DOCS / "_hooks"))
    try:
        return importlib.import_module("reference")
    finally:
        sys.path.pop(0)


def _api_entries() -> list[tuple[str, str]]:
    """(module, name) of each ``::: module.name`` entry of the API page for a name of
    ``hilo_fast.__all__`` (the optional subpackages' sections: tests/package/test_docs_build.py)."""
    reference = _reference()
    page = reference.api_markdown()
    return [(module, name) for module, name
            in re.findall(r"^::: (hilo_fast(?:\.\w+)*)\.(\w+)$", page, re.MULTILINE)
            if module not in reference.EXTRAS]


def test_api_reference_lists_every_public_name() -> None:
    listed = _api_entries()
    assert sorted(name for _, name in listed) == sorted(hilo_fast.__all__)
    for module, name in listed:   # each entry names the very object the package exports
        assert getattr(importlib.import_module(module), name) is getattr(hilo_fast, name)


def test_every_public_name_is_documented_and_typed() -> None:
    """What the API reference renders: a docstring for every public name and
    an annotation on every parameter and return of every public function."""
    griffe = pytest.importorskip("griffe")
    package = griffe.load("hilo_fast", search_paths=[str(ROOT)])
    for module, name in _api_entries():
        if name in ("BACKEND", "__version__"):
            continue
        member = package[f"{module.removeprefix('hilo_fast').lstrip('.')}.{name}".lstrip(".")]
        assert member.docstring is not None and member.docstring.value.strip(), name
        if member.is_function:
            assert member.returns is not None, f"{name}: no return annotation"
            for parameter in member.parameters:
                if parameter.name not in ("self", "cls"):
                    assert parameter.annotation is not None, f"{name}({parameter.name})"


def test_cli_page_lists_every_subcommand() -> None:
    from hilo_fast.cli import build_parser

    page = _reference().cli_markdown()
    names = [name for action in build_parser()._actions
             if isinstance(action, argparse._SubParsersAction) for name in action.choices]
    assert len(names) >= 7
    for name in names:
        assert f"## hilo-fast {name}\n" in page


def test_range_composition_chart_counts_by_brute_force() -> None:
    """The ranges page's chart: its counts against every 4-card hand classified by hand."""
    pytest.importorskip("numpy")   # ranges need it
    sys.path.insert(0, str(DOCS / "_hooks"))
    try:
        charts = importlib.import_module("charts")
    finally:
        sys.path.pop(0)
    assert charts.COMPOSITION_RANGE == "A2**"   # the brute force below spells it out
    want: dict[str, list[int]] = {}
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    for hand in itertools.combinations(deck, 4):
        ranks = [card[0] for card in hand]
        if "A" not in ranks or "2" not in ranks:
            continue
        suits = sorted(Counter(card[1] for card in hand).values(), reverse=True)
        shape = {(2, 2): "double suited", (2, 1, 1): "single suited",
                 (1, 1, 1, 1): "rainbow"}.get(tuple(suits), "other (3+ of a suit)")
        paired = len(set(ranks)) < 4
        want.setdefault(shape, [0, 0])[paired] += 1
    assert charts.range_composition("A2**") == [(shape, *want[shape]) for shape in
                                                 ("double suited", "single suited", "rainbow",
                                                  "other (3+ of a suit)")]
