"""Every speed the README and the docs quote from a recorded benchmark run agrees
with that run, ``benchmarks/results/*.json`` (issue 24: one Python-bot speed was
20-24k hands/s on one page and 65,000 on another). The tables and charts are
drawn from the same files when the site is built (docs/_hooks/charts.py).

Three kinds of claim: "about X" is within 10 % of the recorded value; a range
"lo-hi" is the least and the greatest recorded value of its rows, each rounded
to the digits quoted; a figure quoted as recorded is the recorded cell.
Re-record a run and the pages must follow."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"

pytestmark = pytest.mark.skipif(not RESULTS.is_dir() or not (ROOT / "docs").is_dir(),
                                reason="needs the source tree")


def _load(name: str) -> dict[str, Any]:
    run: dict[str, Any] = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))
    return run


def _eval_rate(name: str, field: str = "cpu_rate") -> float:
    """A row of ``bench_eval.py --json`` output, read as that script writes it."""
    (row,) = [r for r in _load("bench_eval")["results"] if r["name"] == name]
    return float(row[field])


def _column(name: str, engine: str, column: str, second: str | None = None) -> list[Any]:
    """The ``column`` of every row of a recorded table whose first cell is ``engine``
    (and second cell ``second``, when given)."""
    run = _load(name)
    at = run["columns"].index(column)
    values = [row[at] for row in run["rows"] if row[0] == engine and row[at] is not None
              and second in (None, row[1])]
    assert values, (name, engine, column)
    return values


def _cells(name: str, first: int, second: int) -> list[tuple[Any, Any]]:
    """Two cells of every row of a recorded table."""
    return [(row[first], row[second]) for row in _load(name)["rows"]]


def _ratio(cell: str) -> float:
    """``'7,055x'`` -> 7055.0"""
    return float(cell.replace(",", "").removesuffix("x"))


def _page(path: str) -> str:
    """The page's text with every run of whitespace one space (claims wrap)."""
    return " ".join((ROOT / path).read_text(encoding="utf-8").split())


def _number(text: str) -> float:
    """'18,800' -> 18800.0; 'a' (as in "about a million") -> 1.0"""
    return 1.0 if text == "a" else float(text.replace(",", ""))


def _unit(text: str) -> float:
    """One unit of the last digit quoted: '0.95' -> 0.01, '7,000' -> 1 (the
    range checks scale it), '56' -> 1."""
    decimals = text.split(".")[1] if "." in text else ""
    return 10.0 ** -len(decimals)


def _equity_cpu_seconds() -> float:
    """The 1-thread exhaustive run's CPU seconds, which the run records in words."""
    match = re.search(r"CPU time of the 1-thread exhaustive run was ([\d.]+) s",
                      _load("bench_equity")["conditions"])
    assert match
    return float(match.group(1))


def _site_rates(kind: str, fixtures_only: bool = False) -> list[int]:
    """The read + replay + settle rates of every format of ``kind`` ("text" or
    "XML") in the recorded run of every format, in its order (only the rows of
    a site's own fixtures with ``fixtures_only``)."""
    return [row[4] for row in _load("bench_hh_sites")["rows"]
            if row[1] == kind and (not fixtures_only or "(its fixtures)" in row[0])]


SELFPLAY_C = "hilo-fast simulate (C engine)"
SELFPLAY_PY = "hilo-fast Hand.play, Python bot"
SELFPLAY_PURE = "hilo-fast pure backend"
HH = "read + replay + settle, hands/s"
VECTOR_HEADLINE = "hilo-fast VectorEnv, pot limit, 2 seats, 256 tables"

#: (page, pattern with one group, scale, recorded value): "about X" claims.
ABOUT: list[tuple[str, str, float, Callable[[], float]]] = [
    ("README.md", r"about (\d+) million hi\+lo hands/s through the batch API", 1e6,
     lambda: _eval_rate("hilo-fast batch, 1 thread")),
    ("README.md", r"hands/s through the batch API, (\d+) million `evaluate\(\)`", 1e6,
     lambda: _eval_rate("hilo-fast evaluate() per call")),
    ("README.md", r"and (\d+) million `omaha_hilo\(\)` calls/s", 1e6,
     lambda: _eval_rate("hilo-fast omaha_hilo() per call")),
    ("README.md", r"self-play about (\d+) million hands/s in C", 1e6,
     lambda: min(_column("bench_selfplay", SELFPLAY_C, "CPU hands/s"))),
    ("README.md", r"self-play about (\d+) million hands/s in C", 1e6,
     lambda: max(_column("bench_selfplay", SELFPLAY_C, "CPU hands/s"))),
    ("README.md", r"the C `VectorEnv` about (\d+) million environment steps/s", 1e6,
     lambda: _column("bench_envs", VECTOR_HEADLINE, "CPU steps/s")[0]),
    ("docs/performance.md", r"The batch does about (\d+)M hi\+lo hands/s of CPU", 1e6,
     lambda: _eval_rate("hilo-fast batch, 1 thread")),
    ("docs/performance.md", r"(\d+)M/s of wall clock on two idle cores", 1e6,
     lambda: _eval_rate("hilo-fast batch, 2 threads", "wall_rate")),
    ("docs/performance.md", r"`evaluate\(\)`, one call per hand, about (\d+)M/s", 1e6,
     lambda: _eval_rate("hilo-fast evaluate() per call")),
    ("docs/performance.md", r"`omaha_hilo\(\)` about (\d+)M/s", 1e6,
     lambda: _eval_rate("hilo-fast omaha_hilo() per call")),
    ("docs/performance.md", r"raw high-only call is about ([\d.]+)M/s", 1e6,
     lambda: _eval_rate("phevaluator._pheval.evaluate_omaha_cards (raw C call)")),
    ("docs/performance.md", r"the pure backend about (\d+)k hands/s", 1e3,
     lambda: _eval_rate("hilo-fast pure Python, batch")),
    ("docs/performance.md", r"pokerkit needs about ([\d.]+) million times longer \(wall clock\)",
     1e6,
     lambda: _ratio(_column("bench_equity", "hilo-fast exhaustive, 1 thread", "vs pokerkit")[0])),
    ("README.md", r"replayed and checked chip by chip at about ([\d,]+) hands/s", 1,
     lambda: _column("bench_hh", "hilo-fast on synthetic self-play", HH, "native")[0]),
    ("docs/performance.md", r"About ([\d,]+) hands/s on the synthetic hands", 1,
     lambda: _column("bench_hh", "hilo-fast on synthetic self-play", HH, "native")[0]),
    ("docs/performance.md", r"about ([\d,]+) hands/s on the pure backend; the figures", 1,
     lambda: _column("bench_hh", "hilo-fast on synthetic self-play", HH, "python")[0]),
    ("docs/performance.md", r"synthetic iPoker XML \| ([\d,]+) hands/s; read", 1,
     lambda: _site_rates("XML")[-1]),
    ("docs/equity.md", r"about ([\d.]+) million times longer \(wall clock\)", 1e6,
     lambda: _ratio(_column("bench_equity", "hilo-fast exhaustive, 1 thread", "vs pokerkit")[0])),
    ("docs/equity.md", r"about ([\d.]+) ms of CPU for the 1,086,008 boards on one thread", 1e-3,
     lambda: _equity_cpu_seconds()),
    ("docs/performance.md", r"The exhaustive run is about ([\d.]+) ms of CPU", 1e-3,
     lambda: _equity_cpu_seconds()),
    ("docs/performance.md", r"ms of CPU \(([\d,]+) M boards per CPU second", 1e6,
     lambda: 1_086_008 / _equity_cpu_seconds()),
    ("docs/engine.md", r"in C \(`csrc/engine/selfplay.c`, about (a) million hands a second", 1e6,
     lambda: min(_column("bench_selfplay", SELFPLAY_C, "CPU hands/s"))),
    ("docs/engine.md", r"in C \(`csrc/engine/selfplay.c`, about (a) million hands a second", 1e6,
     lambda: max(_column("bench_selfplay", SELFPLAY_C, "CPU hands/s"))),
    ("docs/engine.md", r"plays about ([\d,]+) hands a second this way", 1,
     lambda: _column("bench_checkcall", "hilo-fast native", "CPU hands/s")[0]),
]

#: (page, pattern with two groups, scale, recorded values): "lo-hi" claims.
RANGES: list[tuple[str, str, float, Callable[[], list[float]]]] = [
    ("docs/performance.md", r"Built-in bots in C: about ([\d.]+)-([\d.]+) million hands/s", 1e6,
     lambda: _column("bench_selfplay", SELFPLAY_C, "CPU hands/s")),
    ("docs/performance.md", r"million hands/s on one core, (\d+),000-(\d+),000 times pokerkit",
     1e3, lambda: [_ratio(c) for c in _column("bench_selfplay", SELFPLAY_C, "vs pokerkit (CPU)")]),
    ("docs/performance.md", r"one decision at a time runs (\d+)-(\d+)k hands/s", 1e3,
     lambda: _column("bench_selfplay", SELFPLAY_PY, "CPU hands/s")),
    ("docs/performance.md", r"hands/s \((\d+)0-(\d+)0 times pokerkit\)", 10,
     lambda: [_ratio(c) for c in _column("bench_selfplay", SELFPLAY_PY, "vs pokerkit (CPU)")]),
    ("docs/envs.md", r"The AEC environment ran (\d+)-(\d+) times as many steps per second", 1,
     lambda: [_ratio(c) for r, c in _cells("bench_envs", 0, 3) if " AEC, " in r]),
    ("docs/envs.md", r"`VectorEnv` ([\d.]+)-([\d.]+) million steps per second", 1e6,
     lambda: [float(c) for r, c in _cells("bench_envs", 0, 2) if " VectorEnv, " in r]),
    ("docs/envs.md", r"million steps per second, (\d+)-(\d+) times the AEC", 1,
     lambda: [_ratio(c) for r, c in _cells("bench_envs", 0, 4) if " VectorEnv, " in r]),
    ("docs/performance.md", r"times pokerkit\), the pure backend (\d+)-(\d+)k", 1e3,
     lambda: _column("bench_selfplay", SELFPLAY_PURE, "CPU hands/s")),
    ("docs/performance.md", r"its fixtures \| text ([\d,]+)-([\d,]+) hands/s", 1,
     lambda: _site_rates("text", fixtures_only=True)),
    ("docs/performance.md", r"hands/s \(10,000\), XML ([\d,]+)-([\d,]+) \(5,000\)", 1,
     lambda: _site_rates("XML", fixtures_only=True)),
]

#: (page, pattern with one group, recorded cell): figures quoted as recorded.
EXACT: list[tuple[str, str, Callable[[], str]]] = [
    ("docs/hand-histories.md", r"settle on one core\): ([\d,]+) hands/s in the recorded run",
     lambda: f"{_site_rates('XML')[-1]:,}"),
    ("docs/hand-histories.md", r"the slowest text format at ([\d.]+x)",
     lambda: f"{min(c for r, c in _cells('bench_hh_sites', 1, 5) if r == 'text')}x"),
    ("docs/hand-histories.md", r"the slowest XML format at ([\d.]+x)",
     lambda: f"{min(c for r, c in _cells('bench_hh_sites', 1, 5) if r == 'XML')}x"),
    ("docs/hand-histories.md", r"the synthetic PokerStars hands at [\d,]+ there,\s+([\d,]+) here",
     lambda: f"{_site_rates('text')[0]:,}"),
    ("docs/engine.md", r"native backend \(([\d.]+) µs a decision",
     lambda: str(_column("bench_checkcall", "hilo-fast native", "CPU us/decision")[0])),
    ("docs/engine.md", r"included\), ([\d.]+x) the pure backend on the same hands",
     lambda: str(_column("bench_checkcall", "hilo-fast native", "vs pure")[0])),
    ("docs/engine.md", r"([\d.]+x) the native rate before this loop existed",
     lambda: str(_column("bench_checkcall", "hilo-fast native", "vs before")[0])),
]


@pytest.mark.parametrize(("page", "pattern", "scale", "recorded"), ABOUT,
                         ids=[f"{p}:{pat[:40]}" for p, pat, _, _ in ABOUT])
def test_about_figures_within_ten_percent(page: str, pattern: str, scale: float,
                                          recorded: Callable[[], float]) -> None:
    match = re.search(pattern, _page(page))
    assert match, f"{page}: no longer says {pattern!r}"
    quoted, value = _number(match.group(1)) * scale, float(recorded())
    assert abs(quoted - value) <= 0.10 * value, f"{page}: {match.group(0)!r}, recorded {value:,.0f}"


@pytest.mark.parametrize(("page", "pattern", "scale", "recorded"), RANGES,
                         ids=[f"{p}:{pat[:40]}" for p, pat, _, _ in RANGES])
def test_ranges_are_the_recorded_extremes_rounded(
        page: str, pattern: str, scale: float, recorded: Callable[[], list[float]]) -> None:
    match = re.search(pattern, _page(page))
    assert match, f"{page}: no longer says {pattern!r}"
    lo_text, hi_text = match.group(1), match.group(2)
    lo, hi = _number(lo_text) * scale, _number(hi_text) * scale
    lo_unit, hi_unit = _unit(lo_text) * scale, _unit(hi_text) * scale
    values = [float(v) for v in recorded()]
    where = f"{page}: {match.group(0)!r}, recorded {min(values):,.0f}..{max(values):,.0f}"
    assert abs(lo - min(values)) <= lo_unit / 2, where
    assert abs(hi - max(values)) <= hi_unit / 2, where


@pytest.mark.parametrize(("page", "pattern", "recorded"), EXACT,
                         ids=[f"{p}:{pat[:40]}" for p, pat, _ in EXACT])
def test_exact_figures_as_recorded(page: str, pattern: str, recorded: Callable[[], str]) -> None:
    match = re.search(pattern, _page(page))
    assert match, f"{page}: no longer says {pattern!r}"
    assert match.group(1) == recorded(), f"{page}: {match.group(0)!r}, recorded {recorded()}"


def test_each_recorded_run_has_a_table_on_the_site() -> None:
    """A recorded run the pages never show is a number nobody reads: each file is
    a ``<!-- bench-table: NAME -->`` somewhere in docs/ (bench_eval is the
    README's chart and a table too)."""
    pages = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))
    for path in RESULTS.glob("*.json"):
        assert f"<!-- bench-table: {path.stem} -->" in pages, path.name
