"""Results of a file of hand histories: per player net, all-in-adjusted net, showdowns.

:func:`all_in_equity` gives, for a replayed hand whose players were all in
before the river with their cards known, each player's exact hi/lo equity at
that moment (:func:`hilo_fast.equity` over every remaining board) pot by pot,
and so each one's all-in-adjusted result: what the pots were worth to them on
average instead of what the rest of the board gave them.
:class:`PlayerStats` adds a file's hands up per player; :func:`report` does it
for many sources.

Amounts are the histories' exact units (cents, chips). A player's ``net`` is
what it collected less what it put in (after rake); ``adjusted`` replaces the
collected part of each all-in hand by its expected value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from ..equity.compute import equity
from .model import HandHistory
from .replay import Replay

__all__ = ["AllInEquity", "PlayerStats", "Report", "all_in_equity", "report"]


@dataclass(frozen=True)
class AllInEquity:
    """One all-in hand: ``board`` the cards out at the all-in (strings),
    ``equity`` name -> share of everything the pots paid (0..1, over the pots
    each contested), ``expected`` name -> expected chips (exact fraction) and
    ``collected`` name -> chips actually collected."""

    hand_id: str
    board: tuple[str, ...]
    equity: dict[str, float]
    expected: dict[str, Fraction]
    collected: dict[str, int]


def all_in_equity(rep: Replay) -> AllInEquity | None:
    """The all-in equity of a replayed hand, or None when its players were not all
    in before the river, or someone's cards at showdown are not known."""
    h = rep.history
    if not rep.settled or rep.all_in_board is None or not rep.holes:
        return None
    if any(name not in h.hole_cards for name in rep.showdown):
        return None
    from ..cards import card_str

    holes = {name: rep.holes[rep.seat_of[name]] for name in rep.showdown}
    expected: dict[str, Fraction] = {name: Fraction(0) for name in rep.showdown}
    for pot in rep.pots:
        players = [name for name in pot.eligible if name in holes]
        if len(players) < 2:
            for name, won in pot.shares.items():
                expected[name] = expected.get(name, Fraction(0)) + won
            continue
        dead = [c for name, hole in holes.items() if name not in players for c in hole or ()]
        result = equity([holes[name] for name in players], list(rep.all_in_board), dead)
        for name, player in zip(players, result.players, strict=True):
            expected[name] += player.equity_fraction * pot.amount
    total = sum(pot.amount for pot in rep.pots) or 1
    return AllInEquity(h.hand_id, tuple(card_str(c) for c in rep.all_in_board),
                       {name: float(value / total) for name, value in expected.items()},
                       expected, {name: rep.collected.get(name, 0) for name in rep.showdown})


@dataclass
class PlayerStats:
    """One player over a set of hands: ``hands`` dealt in, ``net`` won (after rake),
    ``adjusted`` the all-in-adjusted net, ``showdowns`` hands still in at the end
    with others, ``scoops``/``three_quarters``/``halves``/``quarters`` the main
    pots won whole, three quarters, half or a quarter of, ``all_ins`` hands
    all in before the river with cards known. ``unit``: the currency code of
    the amounts (cents of it), or ``"chips"``."""

    name: str
    unit: str = "chips"
    hands: int = 0
    net: int = 0
    adjusted: Fraction = Fraction(0)
    showdowns: int = 0
    scoops: int = 0
    three_quarters: int = 0
    halves: int = 0
    quarters: int = 0
    all_ins: int = 0
    history: list[tuple[str, int, float]] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """The counts, ``adjusted`` rounded to a float (for JSON)."""
        return {"name": self.name, "unit": self.unit, "hands": self.hands, "net": self.net,
                "adjusted": round(float(self.adjusted), 2), "showdowns": self.showdowns,
                "scoops": self.scoops, "three_quarters": self.three_quarters,
                "halves": self.halves, "quarters": self.quarters, "all_ins": self.all_ins}


@dataclass
class Report:
    """Totals over many hands: per player stats (keyed by name and unit: cash and
    tournament chips are never added together), the all-in hands, and the counts
    of what was read (``hands``, ``exact`` replays, ``discrepancies`` by hand id,
    ``skipped`` other games, ``unreadable`` hands)."""

    players: dict[tuple[str, str], PlayerStats] = field(default_factory=dict)
    all_ins: list[AllInEquity] = field(default_factory=list)
    hands: int = 0
    exact: int = 0
    cancelled: int = 0
    skipped: int = 0
    unreadable: list[str] = field(default_factory=list)
    discrepancies: dict[str, list[str]] = field(default_factory=dict)
    units: set[str] = field(default_factory=set)

    def add(self, h: HandHistory) -> Replay:
        """Replay one hand and add it up."""
        rep = h.replay()
        self.hands += 1
        unit = h.currency or "chips"
        self.units.add(unit)
        if h.cancelled:
            self.cancelled += 1
            return rep
        if rep.exact:
            self.exact += 1
        else:
            self.discrepancies[h.hand_id] = list(rep.discrepancies)
        if not rep.settled:
            return rep
        allin = all_in_equity(rep)
        if allin is not None:
            self.all_ins.append(allin)
        main = rep.pots[0] if rep.pots else None
        for name, net in rep.net.items():
            stats = self.players.setdefault((name, unit), PlayerStats(name, unit))
            stats.hands += 1
            stats.net += net
            adjusted = Fraction(net)
            if allin is not None and name in allin.expected:
                stats.all_ins += 1
                adjusted += allin.expected[name] - allin.collected[name]
            stats.adjusted += adjusted
            stats.history.append((h.hand_id, stats.net, float(stats.adjusted)))
            if name in rep.showdown:
                stats.showdowns += 1
            if main is not None and main.amount and name in main.shares and \
                    len(rep.showdown) > 1:   # won at showdown (a mucked rival counts)
                quarters = round(4 * main.shares[name] / main.amount)
                if quarters >= 4:
                    stats.scoops += 1
                elif quarters == 3:
                    stats.three_quarters += 1
                elif quarters == 2:
                    stats.halves += 1
                elif quarters == 1:
                    stats.quarters += 1
        return rep


def report(sources: Iterable[Iterable[HandHistory]],
           on_hand: Callable[[HandHistory], None] | None = None) -> Report:
    """Add up every hand of ``sources`` (readers from
    :func:`~hilo_fast.history.sites.pokerstars.read_pokerstars`); ``on_hand`` is called after
    each (a progress bar). Skipped and unreadable hands of a reader are counted
    when it has ``skipped``/``errors`` attributes."""
    total = Report()
    for source in sources:
        for h in source:
            total.add(h)
            if on_hand is not None:
                on_hand(h)
        total.skipped += getattr(source, "skipped", 0)
        total.unreadable += [str(e) for e in getattr(source, "errors", [])]
    return total
