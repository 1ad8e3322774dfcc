"""Street by street: the exact equity of a hand or range against a range on
each street of a given runout (:func:`unroll`, ProPokerTools' "Unroll"), and
how the next card moves it (:func:`next_street`: every turn given a flop,
every river given a turn, each with its chance and the equity after it).

Both are :func:`~hilo_fast.range_vs_range` on each board, so they are exact,
with card removal: a next card's chance is the share of the deals (pairs of
combos by weight, then boards) in which it comes, and the mean of the
equities after it, weighted by those chances, is the equity now.

>>> import hilo_fast as hf
>>> u = hf.unroll("As2sKhKd", "QQJJ:$ds", "5h6h9cTd3c")
>>> [(s.street, round(s.equity, 4)) for s in u.streets]   # the river gives him both halves
[('flop', 0.7293), ('turn', 0.7312), ('river', 1.0)]
>>> n = hf.next_street("As2sKhKd", "QQJJ:$ds", "5h6h9c")
>>> len(n.cards), round(float(n.probability @ n.card_equity), 4)   # the mean is the flop's
(45, 0.7293)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import CardsLike, card_str, check_count
from ..ranges.language import Range
from ..ranges.preflop import _numpy
from .classes import parse_spot
from .range_vs_range import RangeVsRange, ranges_of, settle

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["NextStreet", "StreetEquity", "Unroll", "next_street", "unroll"]

STREETS = {3: "flop", 4: "turn", 5: "river"}


@dataclass(frozen=True, eq=False)
class StreetEquity:
    """One street of :func:`unroll`: its name, the board so far, the hero's
    exact equity on it and the whole :class:`~hilo_fast.RangeVsRange` (each
    of the hero's combos' equity on that street)."""

    street: str
    board: tuple[str, ...]
    equity: float
    detail: RangeVsRange


@dataclass(frozen=True, eq=False)
class Unroll:
    """The answer of :func:`unroll`: one :class:`StreetEquity` per street
    from the flop to the last card given."""

    streets: tuple[StreetEquity, ...]

    @property
    def equities(self) -> list[float]:
        """The hero's equity on each street, flop first."""
        return [s.equity for s in self.streets]


@dataclass(frozen=True, eq=False)
class NextStreet:
    """The answer of :func:`next_street`.

    Attributes:
        board: the board now (3 or 4 cards); street: the street to come
            ("turn" or "river").
        equity: the hero's exact equity now.
        cards: every card that can come next (one the ranges can be dealt
            around), in card order.
        probability: each card's chance of coming (they sum to 1).
        card_equity: the hero's exact equity after each card.
        details: each card's :class:`~hilo_fast.RangeVsRange` (each combo's
            equity after it).
    """

    board: tuple[str, ...]
    street: str
    equity: float
    cards: tuple[str, ...]
    probability: npt.NDArray[np.float64]
    card_equity: npt.NDArray[np.float64]
    details: tuple[RangeVsRange, ...]

    def distribution(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The equities after each card sorted ascending, and the cumulative
        chance up to each."""
        np = _numpy()
        order = np.argsort(self.card_equity, kind="stable")
        return self.card_equity[order], np.cumsum(self.probability[order])

    def plot(self, path: str | None = None, *, label: str = "hero", ax: Any = None) -> Any:
        """The distribution as a step chart (matplotlib, the ``plot`` extra),
        the equity now as a dashed line; saved to ``path`` when given."""
        ax = _axes(path, ax)
        equity, cumulative = self.distribution()
        np = _numpy()
        label = label.replace("$", r"\$")   # text, not matplotlib's math
        ax.step(np.concatenate(([0.0], cumulative)) * 100,
                np.concatenate((equity, equity[-1:])) * 100, where="post",
                label=f"{label} on the {self.street}")
        ax.axhline(self.equity * 100, linestyle="--", color="grey",
                   label=f"{label} now ({self.equity:.1%})")
        ax.set_xlabel(f"share of {self.street} cards (%), worst first")
        ax.set_ylabel("equity (%)")
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 100)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper left")
        if path is not None:
            ax.figure.savefig(path, dpi=100, bbox_inches="tight")
        return ax


def _axes(path: str | None, ax: Any) -> Any:
    import matplotlib

    if ax is not None:
        return ax
    if path is not None:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(6, 4))
    return ax


def _settled(a: Range, b: Range, board: list[int], dead: list[int]) -> RangeVsRange:
    result = settle(a, b, board, dead)
    if result is None:
        raise ValueError(f"the hands can never be dealt together on "
                         f"{''.join(card_str(c) for c in board)}")
    return result


def unroll(hero: Range | str, villain: Range | str, board: CardsLike,
           dead: CardsLike = ()) -> Unroll:
    """The hero's exact hi/lo equity against ``villain`` on the flop, then
    the turn, then the river of ``board`` (3, 4 or 5 cards, as far as given):
    each a hand or a range (a :class:`~hilo_fast.Range` or its text), with
    ``dead`` cards out. A street's equity counts only the cards known on it."""
    a, b = ranges_of(hero, villain)
    board_ids, dead_ids = parse_spot(board, dead)
    streets = []
    for n in range(3, len(board_ids) + 1):
        detail = _settled(a, b, board_ids[:n], dead_ids)
        streets.append(StreetEquity(STREETS[n], tuple(card_str(c) for c in board_ids[:n]),
                                    detail.equity, detail))
    return Unroll(tuple(streets))


def next_street(hero: Range | str, villain: Range | str, board: CardsLike,
                dead: CardsLike = ()) -> NextStreet:
    """The distribution of the hero's exact equity on the next street: for
    every turn card of a flop ``board`` (or river card of a turn), its chance
    and the hero's equity after it, against ``villain`` (hands or ranges,
    as :func:`unroll`)."""
    a, b = ranges_of(hero, villain)
    board_ids, dead_ids = parse_spot(board, dead)
    check_count(board_ids, (3, 4), "board for the next street")
    now = _settled(a, b, board_ids, dead_ids)
    np = _numpy()
    known = {*board_ids, *dead_ids}
    cards, deals, equities, details = [], [], [], []
    for card in range(52):
        if card in known:
            continue
        detail = settle(a, b, [*board_ids, card], dead_ids)
        if detail is None:
            continue  # every pair of combos holds it: it cannot come
        cards.append(card_str(card))
        # its deals: pairs of combos by weight, times the rivers each leaves (the
        # same number for every pair), so in proportion to the card's chance
        deals.append(float(detail.weights @ detail.matchups))
        equities.append(detail.equity)
        details.append(detail)
    weight = np.array(deals)
    return NextStreet(tuple(card_str(c) for c in board_ids), STREETS[len(board_ids) + 1],
                      now.equity, tuple(cards), weight / weight.sum(), np.array(equities),
                      tuple(details))
