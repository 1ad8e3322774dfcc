"""The report page of a hand-history database: one self-contained HTML file.

Tables and charts (inline SVG: no script, no file or network fetched): the
player's winnings and all-in-adjusted winnings over the hands, results by
position, the hi/lo breakdown at showdown, and every player's statistics.
Every name is escaped (a player may be called ``<script>``).
"""

from __future__ import annotations

import html
import os
from typing import TYPE_CHECKING

from .stats import stats_rows

if TYPE_CHECKING:
    from .store import Database

__all__ = ["write_report"]

_MAX_POINTS = 800   # a line chart of a million hands is drawn from this many points
_STYLE = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}
td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}
th{background:#eee}td:first-child,th:first-child{text-align:left}
svg{background:#fafafa;border:1px solid #ddd;margin:.5em 0}
.won{stroke:#1f77b4}.adj{stroke:#ff7f0e}"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, int):
        return f"{value:,}"
    return _e(value)


def _table(names: list[str], rows: list[tuple[object, ...]]) -> str:
    head = "".join(f"<th>{_e(name)}</th>" for name in names)
    body = "".join("<tr>" + "".join(f"<td>{_fmt(v)}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _lines(series: list[tuple[str, str, list[float]]], title: str) -> str:
    """A line chart of ``series`` (label, css class, values), x = hand number."""
    width, height, pad = 760, 300, 50
    values = [v for _, _, ys in series for v in ys] or [0.0]
    low, high = min(*values, 0.0), max(*values, 0.0)
    span = (high - low) or 1.0
    count = max((len(ys) for _, _, ys in series), default=1)

    def x(k: int) -> float:
        return pad + (width - 2 * pad) * k / max(count - 1, 1)

    def y(v: float) -> float:
        return height - pad - (height - 2 * pad) * (v - low) / span

    parts = [f'<svg width="{width}" height="{height}" role="img" aria-label="{_e(title)}">',
             f'<text x="{pad}" y="20">{_e(title)}</text>',
             f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
             'stroke="#999"/>',
             f'<text x="5" y="{y(high) + 4:.1f}">{high:,.0f}</text>',
             f'<text x="5" y="{y(low) + 4:.1f}">{low:,.0f}</text>']
    for k, (label, css, ys) in enumerate(series):
        step = max(1, len(ys) // _MAX_POINTS)
        picked = list(range(0, len(ys), step))
        if ys and picked[-1] != len(ys) - 1:
            picked.append(len(ys) - 1)
        points = " ".join(f"{x(i):.1f},{y(ys[i]):.1f}" for i in picked)
        parts.append(f'<polyline class="{css}" fill="none" stroke-width="1.5" '
                     f'points="{points}"/>')
        parts.append(f'<text class="{css}" x="{width - 200}" y="{20 + 16 * k}" '
                     f'fill="currentColor">{_e(label)}</text>')
    parts.append(f'<text x="{width / 2:.0f}" y="{height - 10}">hands ({count:,})</text></svg>')
    return "".join(parts)


def _bars(items: list[tuple[str, float]], title: str, unit: str) -> str:
    """A bar chart, one bar per (label, value), negative values below the axis."""
    width, height, pad = 760, 260, 40
    values = [v for _, v in items] or [0.0]
    low, high = min(*values, 0.0), max(*values, 0.0)
    span = (high - low) or 1.0
    slot = (width - 2 * pad) / max(len(items), 1)

    def y(v: float) -> float:
        return height - pad - (height - 2 * pad) * (v - low) / span

    parts = [f'<svg width="{width}" height="{height}" role="img" aria-label="{_e(title)}">',
             f'<text x="{pad}" y="20">{_e(title)} ({_e(unit)})</text>']
    for k, (label, value) in enumerate(items):
        top, bottom = sorted((y(value), y(0)))
        left = pad + k * slot + slot * 0.15
        parts.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{slot * 0.7:.1f}" '
                     f'height="{max(bottom - top, 0.5):.1f}" fill="#1f77b4"/>')
        parts.append(f'<text x="{left:.1f}" y="{height - 22}" font-size="11">{_e(label)}</text>')
        parts.append(f'<text x="{left:.1f}" y="{top - 3:.1f}" font-size="11">{value:,.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def write_report(db: Database, path: str | os.PathLike[str], player: str | None = None) -> None:
    """Write the report page of ``db`` to ``path``: for ``player`` (default the one
    with the most hands, the hero of one's own histories) and every player."""
    names, rows = stats_rows(db)
    if not rows:
        raise ValueError(f"{db.target} holds no settled hand to report")
    if player is None:
        player = str(max(rows, key=lambda row: (row[2], str(row[0])))[0])
    elif player not in {row[0] for row in rows}:
        raise ValueError(f"no hands of player {player!r} in {db.target}")
    mine = [row for row in rows if row[0] == player]
    unit = str(mine[0][1])
    _, history = db.query(
        "SELECT s.net, s.adjusted_net FROM seats s JOIN hands h ON h.hand_key = s.hand_key "
        "WHERE s.player = ? AND h.unit = ? AND s.dealt_in AND h.settled "
        "ORDER BY h.played_at, h.hand_id", (player, unit))
    won, adjusted, total, total_adjusted = [], [], 0.0, 0.0
    for net, adj in history:
        total += net
        total_adjusted += adj
        won.append(total / 100 if unit != "chips" else total)
        adjusted.append(total_adjusted / 100 if unit != "chips" else total_adjusted)
    money = unit if unit == "chips" else f"{unit}"
    by_names, by_rows = stats_rows(db, player, "position")
    by_rows = [row for row in by_rows if row[1] == unit]
    order = ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN"]
    by_rows.sort(key=lambda row: order.index(str(row[2])) if row[2] in order else 99)
    bb100 = by_names.index("bb_per_100")
    hilo_columns = ["scoop", "high_only", "low_only", "quartered", "low_made"]
    hilo = [(name, float(mine[0][names.index(name)] or 0.0)) for name in hilo_columns]
    _, counts = db.query("SELECT (SELECT COUNT(*) FROM hands), (SELECT COUNT(DISTINCT hand_key) "
                         "FROM discrepancies), (SELECT COUNT(*) FROM unreadable_hands)")
    hands, discrepant, unreadable = counts[0]
    page = [
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>hilo-fast report: {_e(player)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(player)} ({_e(unit)})</h1>",
        f"<p>{hands:,} hands in the database ({discrepant:,} with discrepancies), "
        f"{unreadable:,} unreadable.</p>",
        "<h2>Winnings over the hands</h2>",
        _lines([("won", "won", won), ("all-in adjusted", "adj", adjusted)],
               f"{player}: cumulative net ({money})"),
        "<h2>By position</h2>",
        _bars([(str(row[2]), float(row[bb100] or 0.0)) for row in by_rows],
              "results by position", "bb/100"),
        _table(by_names, by_rows),
        "<h2>Hi/lo at showdown</h2>",
        _bars(hilo, "share of showdowns", "%"),
        "<h2>Every player</h2>",
        _table(names, rows),
        "</body></html>",
    ]
    target = os.fspath(path)
    with open(target + ".part", "w", encoding="utf-8") as out:
        out.write("\n".join(page))
    os.replace(target + ".part", target)
