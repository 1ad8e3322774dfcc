"""A hand-history report: read a PokerStars Omaha Hi/Lo file, replay every hand, add up.

Each hand is read by ``hilo_fast.read_pokerstars``, played again through the
rules engine (``Report.add`` replays it and compares every chip with what
the site paid), and added to a per-player report: hands, net won after
rake, and the all-in-adjusted net (an all-in hand counted at its exact
hi/lo equity instead of what the rest of the board gave). The chips must
balance: the players' nets add up to minus the rake. Without an argument it
reads a small cash-game file of the test suite:

    python examples/hand_history_report.py [HH.txt ...]

Several files make one report (the chips of each unit must balance over all).

``hilo-fast hh report HH.txt`` prints the same report, and more columns.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import hilo_fast as hf
from hilo_fast.history.report import Report

FIXTURE = (Path(__file__).resolve().parent.parent / "tests" / "history" / "data" / "pokerstars"
           / "plo8_cash.txt")


def money(amount: float, unit: str) -> str:
    """Cents as currency, chips as they are."""
    return f"{amount:,.0f}" if unit == "chips" else f"{amount / 100:,.2f}"


def main(argv: list[str]) -> Report:
    paths = [Path(arg) for arg in argv] or [FIXTURE]
    total, rake = Report(), Counter[str]()
    for path in paths:                     # one report over every file given
        reader = hf.read_pokerstars(path)
        hands, exact = total.hands, total.exact
        for h in reader:
            all_ins = len(total.all_ins)
            rep = total.add(h)             # replays the hand
            allin = " all in, cards known" if len(total.all_ins) > all_ins else ""
            print(f"hand #{h.hand_id}: {'cancelled' if h.cancelled else 'replayed'}"
                  f"{'' if rep.exact or h.cancelled else ' with discrepancies'}{allin}")
            if rep.settled and not h.cancelled:
                rake[h.currency or "chips"] += h.rake
        print(f"{path.name}: {total.hands - hands} hands, {total.exact - exact} replayed "
              f"exactly, {reader.skipped} of other games skipped, {reader.error_count} "
              "unreadable")
    if len(paths) > 1:
        print(f"{len(paths)} files: {total.hands} hands, {total.exact} replayed exactly")
    print(f"{'player':<16}{'unit':>6}{'hands':>7}{'net':>10}{'adjusted':>10}")
    for s in sorted(total.players.values(), key=lambda s: (s.unit, -s.net, s.name)):
        print(f"{s.name:<16}{s.unit:>6}{s.hands:>7}{money(s.net, s.unit):>10}"
              f"{money(float(s.adjusted), s.unit):>10}")
    if total.discrepancies:            # the engine paid otherwise than the site
        print(f"not balanced: hands {', '.join(total.discrepancies)} replayed otherwise")
        return total
    for unit in sorted(total.units):
        net = sum(s.net for s in total.players.values() if s.unit == unit)
        assert net == -rake[unit], f"{unit}: the nets add up to {net}, the rake is {rake[unit]}"
        print(f"{unit}: the nets add up to minus the rake ({money(rake[unit], unit)})")
    return total


if __name__ == "__main__":
    main(sys.argv[1:])
