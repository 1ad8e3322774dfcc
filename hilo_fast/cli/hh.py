"""The ``hilo-fast hh`` commands: check, convert and report hand-history files.

- ``hilo-fast hh check FILE...``: read and replay every hand; print per file the
  hands read, replayed exactly, with discrepancies (each named), skipped and
  unreadable; exit 1 if any hand has a discrepancy or could not be read.
- ``hilo-fast hh convert IN.txt OUT.phhs``: every hand as PHH.
- ``hilo-fast hh report FILE... [--json] [--player NAME] [--plot OUT.png]``:
  per player hands, net, all-in-adjusted net, showdowns, scoops, halves and
  quarters; a progress bar on a terminal (tqdm, the ``progress`` extra); the
  plot (matplotlib, the ``plot`` extra) draws a player's actual and
  all-in-adjusted winnings hand by hand.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..progress import Progress

if TYPE_CHECKING:   # the commands load the reader on first use: the CLI starts faster
    from ..history.report import PlayerStats, Report


def add_parser(sub: Any) -> None:
    """Add the ``hh`` command group to the CLI's subparsers ``sub``."""
    hh = sub.add_parser("hh", help="hand histories: check, convert to PHH, report",
                        description="Read PokerStars Omaha Hi/Lo hand histories.")
    group = hh.add_subparsers(dest="hh_command", required=True)
    p = group.add_parser("check", help="replay every hand, check every chip",
                         description="Replay every hand through the engine and compare "
                                     "what it pays with what the site paid; exit 1 on any "
                                     "discrepancy or unreadable hand.")
    p.add_argument("files", nargs="+", help="PokerStars hand-history files")
    p.set_defaults(func=_check)
    p = group.add_parser("convert", help="write every hand as PHH",
                         description="Convert a PokerStars history to PHH (.phhs).")
    p.add_argument("source", help="a PokerStars hand-history file")
    p.add_argument("target", help="the .phhs file to write")
    p.set_defaults(func=_convert)
    p = group.add_parser("report", help="results per player, all-in adjusted",
                         description="Per player: hands, net, all-in-adjusted net, "
                                     "showdowns, scoops, halves and quarters.")
    p.add_argument("files", nargs="+", help="PokerStars hand-history files")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--player", help="only this player")
    p.add_argument("--plot", metavar="PNG", help="draw the player's winnings (needs "
                                                 "matplotlib; --player, else the hero)")
    p.set_defaults(func=_report)


def _check(args: argparse.Namespace) -> int:
    from ..history.sites.pokerstars import read_pokerstars

    bad = 0
    for path in args.files:
        reader = read_pokerstars(path)
        read = exact = cancelled = 0
        problems: list[str] = []
        for h in reader:
            read += 1
            if h.cancelled:
                cancelled += 1
                continue
            rep = h.replay()
            if rep.exact:
                exact += 1
            else:
                problems.append(f"  hand #{h.hand_id}: " + "; ".join(rep.discrepancies))
        games = ", ".join(f"{game} x{count}" for game, count in
                          sorted(reader.skipped_games.items()))
        print(f"{path}: {read} read, {exact} replayed exactly, {len(problems)} with "
              f"discrepancies, {cancelled} cancelled, {reader.skipped} of other games "
              f"skipped{f' ({games})' if games else ''}, {reader.error_count} unreadable")
        for line in problems + [f"  {e}" for e in reader.errors]:
            print(line)
        bad += len(problems) + reader.error_count
    return 1 if bad else 0


def _convert(args: argparse.Namespace) -> int:
    from ..history.phh import replay_to_phh
    from ..history.sites.pokerstars import read_pokerstars

    reader = read_pokerstars(args.source)
    written = 0
    with open(args.target, "w", encoding="utf-8") as out:
        for h in reader:
            rep = h.replay()
            if not rep.settled:
                reason = "cancelled" if h.cancelled else "; ".join(rep.discrepancies)
                print(f"hand #{h.hand_id} not converted: {reason}", file=sys.stderr)
                continue
            try:
                text = replay_to_phh(rep)
            except ValueError as exc:   # e.g. 5-card Omaha: PHH has no code for it
                print(f"hand #{h.hand_id} not converted: {exc}", file=sys.stderr)
                continue
            written += 1
            out.write(("\n" if written > 1 else "") + f"[{written}]\n" + text)
    for error in reader.errors:
        print(f"skipped {error}", file=sys.stderr)
    print(f"{written} hands written to {args.target}")
    return 0


def _money(amount: float, unit: str) -> str:
    return f"{amount:,.0f}" if unit == "chips" else f"{amount / 100:,.2f}"


def _report(args: argparse.Namespace) -> int:
    from ..history.report import report
    from ..history.sites.pokerstars import read_pokerstars

    # hilo-fast's one progress bar: on a terminal only, the total not known ahead
    with Progress(None, "hands", show=not args.json) as bar:
        total = report((read_pokerstars(path) for path in args.files),
                       lambda _hand: bar.update(1))
    players = sorted(total.players.values(), key=lambda s: (s.unit, -s.hands, s.name))
    if args.player:
        players = [s for s in players if s.name == args.player]
        if not players:
            raise ValueError(f"no hands of player {args.player!r} in the files")
    if args.plot:
        _plot(total, players, args.plot)
    if args.json:
        print(json.dumps({"hands": total.hands, "exact": total.exact,
                          "cancelled": total.cancelled, "skipped": total.skipped,
                          "unreadable": total.unreadable,
                          "discrepancies": total.discrepancies,
                          "players": [s.as_dict() for s in players],
                          "all_ins": [{"hand": a.hand_id, "board": "".join(a.board),
                                       "equity": a.equity, "collected": a.collected}
                                      for a in total.all_ins]}, indent=2))
        return 0
    print(f"{total.hands} hands ({total.exact} replayed exactly, {total.cancelled} "
          f"cancelled), {total.skipped} of other games skipped, {len(total.unreadable)} "
          f"unreadable, {len(total.all_ins)} all in before the river with cards known")
    print(f"{'player':<20}{'unit':>6}{'hands':>7}{'net':>11}{'adjusted':>11}{'sd':>5}"
          f"{'scoop':>7}{'3/4':>5}{'half':>6}{'1/4':>5}")
    for s in players:
        print(f"{s.name[:19]:<20}{s.unit:>6}{s.hands:>7}{_money(s.net, s.unit):>11}"
              f"{_money(float(s.adjusted), s.unit):>11}{s.showdowns:>5}{s.scoops:>7}"
              f"{s.three_quarters:>5}{s.halves:>6}{s.quarters:>5}")
    return 0


def _plot(total: Report, players: list[PlayerStats], path: str) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'hilo-fast[plot]'") from None
    if not players:
        raise ValueError("no player to plot")
    stats = max(players, key=lambda s: s.hands)   # --player, else the most hands (the hero)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    scale = 1 if stats.unit == "chips" else 100
    xs = range(1, len(stats.history) + 1)
    ax.plot(xs, [net / scale for _, net, _ in stats.history], label="won")
    ax.plot(xs, [adj / scale for _, _, adj in stats.history], label="all-in adjusted")
    ax.set_xlabel("hand")
    ax.set_ylabel(stats.unit)
    ax.set_title(f"{stats.name}: {stats.hands} hands")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
