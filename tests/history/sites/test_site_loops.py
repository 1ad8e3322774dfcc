"""Each text site's line loop in C (csrc/py/hhsite_<site>.c, the module's
``_c_loop``) against its Python loop (``_loop``): the same hands, errors and
skipped games, with the C twin and without it, on every fixture, every real
file of ../shared/data/hand-histories when it is there, and every fixture
mutated (lines dropped, doubled, swapped, cut, characters changed, non-ASCII
and odd spaces put in). And the twin must answer: it reads every fixture hand
the Python loop reads (a twin that always hands back would pass the rest)."""

from __future__ import annotations

import codecs
import glob
import os
import random
from typing import Any

import pytest

from hilo_fast.history.sites import SITES

from ._mutations import mutate

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "shared", "data",
                      "hand-histories")

#: the sites whose module has a C twin of its loop (``_c_loop``)
TWINS = ("winamax", "winning-acr", "partypoker", "888pacific", "fulltilt", "entraction", "everleaf",
         "pkr", "bovada", "ongame", "cake", "absolute", "kingsclub")
#: fixtures a twin does not read (hands its site reads with another loop)
PYTHON_ONLY = {"winning-acr": ("old_format.txt",)}   # (_parse_old)

#: what a mutation may put in a line: the characters the patterns turn on, and
#: non-ASCII ones a pattern's \S, \s, \d or . read otherwise than plain bytes
NOISE = [*"<>&\"'0123456789$.,/ Xx#[]():-*|", "€", "£", "é", "\u00a0", "\u2009", "\u0661",
         "\u3000", "\x85", "\t", "ß"]


def _module(site: str) -> Any:
    return __import__(f"hilo_fast.history.sites.{SITES[site]}", fromlist=["_"])


def _reader_class(module: Any) -> Any:
    return next(v for v in vars(module).values() if isinstance(v, type)
                and v.__name__.endswith("Reader") and v.__module__ == module.__name__)


def _lines(path: str) -> list[str]:
    with open(path, "rb") as stream:
        raw = stream.read()
    text = raw.decode("utf-16") if raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) \
        else raw.decode("utf-8-sig", errors="replace")
    return text.splitlines()


def _outcome(reader_class: Any, lines: list[str]) -> tuple[Any, ...]:
    reader = reader_class(iter(lines), "twin")
    hands: list[str] = []
    try:
        hands.extend(repr(hand) for hand in reader)
    except ValueError as refused:   # (a mutation that is no file of this site)
        hands.append(f"ValueError: {refused}")
    return hands, [repr(e) for e in reader.errors], reader.error_count, dict(reader.skipped_games)


def _both(module: Any, reader_class: Any, lines: list[str],
          monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, int]:
    """(outcome with the C twin, without it, hands the twin answered)."""
    twin = module._c_loop
    answered = 0

    def counting(*args: Any) -> Any:
        nonlocal answered
        found = twin(*args)
        answered += found is not None
        return found

    monkeypatch.setattr(module, "_c_loop", counting)
    with_c = _outcome(reader_class, lines)
    monkeypatch.setattr(module, "_c_loop", None)
    without = _outcome(reader_class, lines)
    monkeypatch.setattr(module, "_c_loop", twin)
    return with_c, without, answered


@pytest.mark.parametrize("site", TWINS)
def test_the_twin_is_built(site: str) -> None:
    from hilo_fast import BACKEND

    if BACKEND != "native":
        pytest.skip("the pure backend has no C twin")
    assert _module(site)._c_loop is not None, f"{site}: csrc/py/hhsite_*.c not built"


@pytest.mark.parametrize("site", TWINS)
def test_twin_reads_every_fixture_as_python(site: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = _module(site)
    if module._c_loop is None:
        pytest.skip("no C twin in this build")
    reader_class = _reader_class(module)
    for path in sorted(glob.glob(os.path.join(DATA, site, "*"))):
        with_c, without, answered = _both(module, reader_class, _lines(path), monkeypatch)
        assert with_c == without, path
        read = [hand for hand in without[0] if not hand.startswith("ValueError")]
        if os.path.basename(path) not in PYTHON_ONLY.get(site, ()):
            # (every hand Python reads; a hand cut short too, where its twin says so)
            assert answered >= len(read), f"{path}: the twin handed back a hand Python reads"


@pytest.mark.skipif(not os.path.isdir(SHARED), reason="../shared/data/hand-histories absent")
@pytest.mark.parametrize("site", TWINS)
def test_twin_reads_every_real_file_as_python(site: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    module = _module(site)
    if module._c_loop is None:
        pytest.skip("no C twin in this build")
    reader_class = _reader_class(module)
    for path in sorted(glob.glob(os.path.join(SHARED, site, "*"))):
        with_c, without, _ = _both(module, reader_class, _lines(path), monkeypatch)
        assert with_c == without, path


@pytest.mark.parametrize("site", TWINS)
def test_twin_equals_python_on_mutated_fixtures(site: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    module = _module(site)
    if module._c_loop is None:
        pytest.skip("no C twin in this build")
    reader_class = _reader_class(module)
    rng = random.Random(f"twin {site}")
    for path in sorted(glob.glob(os.path.join(DATA, site, "*"))):
        lines = _lines(path)
        for _ in range(int(os.environ.get("TWIN_MUTATIONS", "300"))):
            mutated = mutate(lines, rng, NOISE)
            with_c, without, _ = _both(module, reader_class, mutated, monkeypatch)
            assert with_c == without, (path, mutated)
