"""MkDocs hook and script: charts and benchmark tables drawn from data, never by hand.

- Each ``benchmarks/results/NAME.json`` (a recorded benchmark run: its date,
  machine, command, columns and rows; ``bench_eval.py --json`` output is read
  as that script writes it) becomes ``img/NAME.png``, a bar chart,
  and a page line ``<!-- bench-table: NAME -->`` becomes its table.
- ``img/equity_breakdown.png``: high / low / scoop per player of a spot,
  computed by ``hilo_fast.equity`` at build time.
- ``img/range_composition.png``: how a range's hands split by suit shape
  (double suited, single suited, rainbow, other) and pairing, counted by the
  range language itself at build time.
- ``img/solver_strategy.png``: the first player's strategy by hand class in
  the river spot docs/solving.md solves (``hilo_fast.plot_strategy``), solved
  at build time.

As a script it writes one benchmark's chart, e.g. the README's headline chart:
``python docs/_hooks/charts.py benchmarks/results/bench_eval.json benchmarks/bench_eval.png``.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
#: The spot of the equity chart (also worked through in docs/equity.md).
EQUITY_SPOT = {"holes": ["As2dKh3c", "7c8d9hTs", "AhKd4s5s"], "board": "2h5c9d"}
#: The range of the composition chart (also counted in docs/ranges.md).
COMPOSITION_RANGE = "A2**"
#: The river spot of the strategy chart (also worked through in docs/solving.md).
SOLVER_SPOT = {"board": "7h5hKh4d3s",
               "oop": "Ah2hQdJs,AhQhJdTc,9h8hTcJc,Ad2c9s9c,Ac2dQsQc,6c8dJdJh,6s2sTdTc,"
                      "KsKdQcJc,KcQsJhTs,QcQdJsJd,AdAs8c8s,9c9dTsTh",
               "ip": "As2c6h8d,2d6dTsTh,KcKs5c5d,Th9hJcQc,8d6s9c9d,Qh2hJsTd,AcKd4c8c,"
                     "JcJdQsQh,Ad3cKsQd,8h6hJsJd"}
#: The suit shapes of the chart: the range language's shape macros; "other" is the rest.
SHAPES = (("double suited", "$ds"), ("single suited", "$ss"), ("rainbow", "$r"))


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110, metadata={"Software": None})
    _pyplot().close(fig)
    return out.getvalue()


def _label(row: list[Any], columns: list[str], value: str) -> str:
    """A bar's label: the text columns of its row."""
    return ", ".join(str(cell) for cell, col in zip(row, columns, strict=True)
                     if isinstance(cell, str) and col != value and cell != "-"
                     and not cell.endswith(("%", "x")))


def bench_chart(result: dict[str, Any]) -> bytes:
    """A horizontal bar chart of one recorded benchmark run, hilo-fast in blue."""
    plt = _pyplot()
    columns, chart = result["columns"], result["chart"]
    at = columns.index(chart["value"])
    rows = [row for row in result["rows"] if row[at] is not None][::-1]
    labels = [_label(row, columns, chart["value"]) for row in rows]
    values = [row[at] for row in rows]
    fig, ax = plt.subplots(figsize=(10, 0.38 * len(rows) + 1.6))
    ax.barh(labels, values,
            color=["tab:blue" if label.startswith("hilo") else "tab:gray" for label in labels])
    if chart["log"]:
        ax.set_xscale("log")
    ax.set_xlim(right=max(values) * (5 if chart["log"] else 1.2))  # room for the labels
    ax.set_xlabel(chart["xlabel"])
    ax.set_title(f"{result['title']}, {result['date']}\n{result['machine']}, "
                 f"Python {result['python']}", fontsize=9)
    for y, value in enumerate(values):
        ax.text(value, y, f" {value:,}", va="center", fontsize=8)
    ax.tick_params(axis="y", labelsize=8)
    fig.tight_layout()
    return _png(fig)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def bench_table(result: dict[str, Any]) -> str:
    """The Markdown table of one recorded run, with where, when and how."""
    columns = result["columns"]
    numeric = [not isinstance(cell, str) or cell.endswith(("%", "x")) for cell in result["rows"][0]]
    lines = ["| " + " | ".join(columns) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in result["rows"]]
    lines += ["", f"Recorded {result['date']} on {result['machine']}, Python "
              f"{result['python']} ({result['conditions']}), by `{result['command']}`."]
    return "\n".join(lines)


def equity_chart() -> bytes:
    """Stacked bars per player: scoop, high only, low only, split pots."""
    import hilo_fast as hf

    plt = _pyplot()
    r = hf.equity(EQUITY_SPOT["holes"], board=EQUITY_SPOT["board"])
    names = ["".join(p.hole or ()) for p in r.players]
    fig, (share, wins) = plt.subplots(1, 2, figsize=(10, 3.4))
    share.bar(names, [p.equity for p in r.players], color="tab:blue")
    share.set_title("equity (share of the pot)", fontsize=10)
    share.set_ylim(0, 1)
    width = 0.2
    series = [("scoop", "scoop", "tab:green"), ("wins high", "win_high", "tab:blue"),
              ("ties high", "tie_high", "lightsteelblue"), ("wins low", "win_low", "tab:orange"),
              ("ties low", "tie_low", "navajowhite")]
    for k, (label, field, color) in enumerate(series):
        xs = [i + (k - 2) * width * 0.8 for i in range(len(names))]
        wins.bar(xs, [getattr(p, field) for p in r.players], width * 0.8,
                 label=label, color=color)
    wins.set_xticks(range(len(names)), names)
    wins.set_title(f"how often (no low on {r.no_low:.0%} of boards)", fontsize=10)
    wins.set_ylim(0, 1)
    wins.legend(fontsize=8, ncol=2)
    fig.suptitle(f"{len(names)} players on {EQUITY_SPOT['board']}, exact "
                 f"over all {r.boards:,} turn and river cards", fontsize=10)
    fig.tight_layout()
    return _png(fig)


def strategy_chart() -> bytes:
    """The first player's strategy by hand class in SOLVER_SPOT (pot 100, pot
    limit, bets of half the pot and the pot, one raise)."""
    import hilo_fast as hf

    plt = _pyplot()
    game = hf.Subgame(SOLVER_SPOT["board"], ranges=(SOLVER_SPOT["oop"], SOLVER_SPOT["ip"]),
                      pot=100, stacks=200, structure=hf.Structure.pot_limit(5, 10),
                      bet_sizes=(0.5, 1.0), max_raises=1)
    solution = hf.solve(game, target=1e-4, max_iterations=5000)
    fig, ax = plt.subplots(figsize=(7, 3.8))
    hf.plot_strategy(solution, (), ax=ax)
    fig.tight_layout()
    return _png(fig)


def range_composition(text: str) -> list[tuple[str, int, int]]:
    """(shape, hands with no pair, paired hands) of range ``text``, shape by shape:
    each count is the size of the range intersected with the shape macros."""
    import hilo_fast as hf

    def count(extra: str) -> int:
        return len(hf.Range(f"({text}){extra}"))

    shapes = [(name, f":{macro}") for name, macro in SHAPES]
    shapes.append(("other (3+ of a suit)", "".join(f"!{macro}" for _, macro in SHAPES)))
    return [(name, count(f"{only}:$np"), count(f"{only}!$np")) for name, only in shapes]


def composition_chart(text: str = COMPOSITION_RANGE) -> bytes:
    """Stacked bars: the range's hands of each suit shape, unpaired and paired."""
    plt = _pyplot()
    rows = range_composition(text)
    total = sum(unpaired + paired for _, unpaired, paired in rows)
    names = [name for name, _, _ in rows]
    unpaired = [u for _, u, _ in rows]
    paired = [p for _, _, p in rows]
    fig, ax = plt.subplots(figsize=(8, 3.4))
    ax.bar(names, unpaired, color="tab:blue", label="no pair")
    ax.bar(names, paired, bottom=unpaired, color="lightsteelblue", label="paired")
    for x, (u, p) in enumerate(zip(unpaired, paired, strict=True)):
        ax.text(x, u + p, f"{u + p:,} ({(u + p) / total:.1%})", ha="center", va="bottom",
                fontsize=8)
    ax.set_ylim(top=max(u + p for u, p in zip(unpaired, paired, strict=True)) * 1.15)
    ax.set_ylabel("hands (combos)")
    ax.legend(fontsize=8)
    ax.set_title(f"range {text}: {total:,} 4-card hands by suit shape", fontsize=10)
    fig.tight_layout()
    return _png(fig)


def _from_bench_eval(run: dict[str, Any]) -> dict[str, Any]:
    """``bench_eval.py --json`` output in the shape of the other result files."""
    rates = {r["name"]: r["cpu_rate"] for r in run["results"]}
    return {
        "title": "Omaha Hi-Lo hand evaluation", "date": run["date"], "machine": run["machine"],
        "python": run["python"],
        "conditions": f"hilo-fast {run['hilo_fast']}, seed {run['seed']}, "
                      f"median of {run['repeat']} runs",
        "command": f"python benchmarks/bench_eval.py --repeat {run['repeat']} "
                   "--json benchmarks/results/bench_eval.json",
        "columns": ["contender", "halves", "hands", "hands/s (wall)", "hands/s (CPU)",
                    "vs hilo-fast per call", "vs hilo-fast batch"],
        "chart": {"value": "hands/s (CPU)", "log": True,
                  "xlabel": "Omaha hands per second (CPU time, log scale, higher is better)"},
        "rows": [[r["name"], r["halves"], r["hands"], round(r["wall_rate"]), round(r["cpu_rate"]),
                  _ratio(r["cpu_rate"], rates.get("hilo-fast evaluate() per call")),
                  _ratio(r["cpu_rate"], rates.get("hilo-fast batch, 1 thread"))]
                 for r in run["results"]],
    }


def _ratio(rate: float, base: float | None) -> str:
    return f"{rate / base:.3g}x" if base else "-"


def load(path: Path) -> dict[str, Any]:
    """A recorded run; ``bench_eval.py --json`` files are read as they are written."""
    run = json.loads(path.read_text())
    return _from_bench_eval(run) if "results" in run else run


def _results() -> dict[str, dict[str, Any]]:
    return {path.stem: load(path) for path in sorted(RESULTS.glob("*.json"))}


# ---- the MkDocs hook ----

_TABLE = re.compile(r"^<!-- bench-table: (\w+) -->$", re.MULTILINE)


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for name, result in _results().items():
        files.append(File.generated(config, f"img/{name}.png", content=bench_chart(result)))
    files.append(File.generated(config, "img/equity_breakdown.png", content=equity_chart()))
    files.append(File.generated(config, "img/range_composition.png",
                                content=composition_chart()))
    files.append(File.generated(config, "img/solver_strategy.png", content=strategy_chart()))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    results = _results()

    def table(match: re.Match[str]) -> str:
        return bench_table(results[match.group(1)])

    return _TABLE.sub(table, markdown)


if __name__ == "__main__":
    source, target = sys.argv[1:3]
    Path(target).write_bytes(bench_chart(load(Path(source))))
