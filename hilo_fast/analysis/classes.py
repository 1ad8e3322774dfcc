"""Board-aware hand classes: what a hand holds on a flop, turn or river.

:func:`classify` answers, exactly, the questions a hi/lo player asks of a
hand on a board: how good its high and its low are among the hands an
opponent could hold, what it draws to and with how many live cards, and
which nut cards it blocks. The C core (csrc/analysis/classify.c) and a
pure-Python twin compute it alike.

>>> import hilo_fast as hf
>>> c = hf.classify("As2sKd7h", "3s4s9c")
>>> c.high_category, c.nut_high, c.low, c.nut_flush_draw, c.nut_low_outs
('High Card', False, None, True, 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CardsLike, check_count, check_distinct, parse_cards
from ..core.evaluation import BOARD_SIZES, HOLE_SIZES, high_category
from ._backend import backend

__all__ = ["HandClass", "classify"]


@dataclass(frozen=True)
class HandClass:
    """The class of one hand on one board (see :func:`classify`).

    "Unseen" cards are those that are not the hero's, the board's or dead.
    An opponent's hand is any two unseen cards (with three board cards: an
    Omaha hand of more cards makes exactly what its best two cards make).
    "The next card" is any one unseen card as the next board card; every
    count of outs is 0 on the river.

    Attributes:
        high: the hero's high value, 1..7462 (lower is better).
        high_rank: 1 + the number of distinct high values better than
            ``high`` that some two unseen cards make with the board
            (1 = the nut high, as PQL's ``nutHi`` judges it; ties do not count).
        low: the hero's low value 1..56, or None when he has no low.
        low_rank: counted as ``high_rank`` over the lows two unseen cards
            make (1 = the nut low, 2 = the second nut low), None without a low.
        low_counterfeit: with a low and a next card to come, the unseen cards
            of the rank of one of the hero's A-8 hole cards (cards that pair
            him) after which ``low_rank`` is worse (higher) than now: the
            cards that counterfeit his low.
        flush_outs: when the hero cannot make a flush now (two hole cards
            and three board cards of one suit), the unseen cards after which
            he can: cards of a suit with two board cards of which he holds two.
        nut_flush_draw: ``flush_outs`` come from a suit whose highest card
            that is neither on the board nor dead is the hero's.
        straight_ranks: the ranks r with an unseen card such that the best
            straight the hero can make (two hole ranks and three board ranks,
            any suits) is higher with r on the board than without it (a wrap
            has many; a made straight counts the ranks of higher ones).
        straight_outs: the unseen cards of those ranks.
        low_outs: when the hero has no low, the unseen cards after which he has one.
        nut_low_outs: when ``low_rank`` is not 1, the unseen cards after
            which it is 1 (on the new board, that card no longer unseen).
        nut_flush_blocker: the hero holds the highest card, neither on the
            board nor dead, of a suit that can flush: three board cards of
            it, or two with a card to come.
        nut_low_blocker: a low is still possible (the board's distinct A-8
            ranks plus the cards to come are at least 3) and the hero holds
            both of the two lowest A-8 ranks that are not on the board (A2 on
            most boards): the hole ranks of the best low this board allows.
    """

    high: int
    high_rank: int
    low: int | None
    low_rank: int | None
    low_counterfeit: int
    flush_outs: int
    nut_flush_draw: bool
    straight_ranks: int
    straight_outs: int
    low_outs: int
    nut_low_outs: int
    nut_flush_blocker: bool
    nut_low_blocker: bool

    @property
    def high_category(self) -> str:
        """The high's category: "Full House", "Flush", ... (:func:`hilo_fast.high_category`)."""
        return high_category(self.high)

    @property
    def nut_high(self) -> bool:
        return self.high_rank == 1

    @property
    def nut_low(self) -> bool:
        return self.low_rank == 1

    @property
    def flush_draw(self) -> bool:
        return self.flush_outs > 0

    @property
    def low_draw(self) -> bool:
        return self.low_outs > 0

    @property
    def nut_low_draw(self) -> bool:
        return self.nut_low_outs > 0

    @classmethod
    def from_fields(cls, fields: tuple[int, ...] | list[int]) -> HandClass:
        """From the backend's integers, in ``CLASS_FIELDS`` order."""
        (high, high_rank, low, low_rank, counterfeit, flush_outs, nut_flush_draw,
         straight_ranks, straight_outs, low_outs, nut_low_outs, flush_blocker,
         low_blocker) = (int(x) for x in fields)
        return cls(high, high_rank, low or None, low_rank or None, counterfeit, flush_outs,
                   bool(nut_flush_draw), straight_ranks, straight_outs, low_outs,
                   nut_low_outs, bool(flush_blocker), bool(low_blocker))


def parse_spot(board: CardsLike, dead: CardsLike) -> tuple[list[int], list[int]]:
    """The board (3, 4 or 5 cards) and the dead cards as ids, checked."""
    board_ids, dead_ids = parse_cards(board), parse_cards(dead)
    check_count(board_ids, BOARD_SIZES, "board")
    check_distinct(board=board_ids, dead=dead_ids)
    return board_ids, dead_ids


def classify(hole: CardsLike, board: CardsLike, dead: CardsLike = ()) -> HandClass:
    """The class of ``hole`` (4, 5 or 6 cards) on ``board`` (3, 4 or 5 cards),
    with ``dead`` cards known to be out of play (see :class:`HandClass` for
    every field).

    >>> import hilo_fast as hf
    >>> c = hf.classify("Ah2h3c4d", "5h6h9c")
    >>> c.low, c.low_outs, c.nut_low_outs, c.straight_ranks, c.nut_flush_draw
    (None, 20, 20, 4, True)
    >>> c = hf.classify("Ah2h3c4d", "5h6h9c7d")
    >>> c.low_rank, c.low_counterfeit, c.high_category, c.high_rank
    (1, 0, 'Straight', 4)
    """
    hole_ids = parse_cards(hole)
    check_count(hole_ids, HOLE_SIZES, "hole")
    board_ids, dead_ids = parse_spot(board, dead)
    check_distinct(hole=hole_ids, board=board_ids, dead=dead_ids)
    fields = backend.classify(hole_ids, board_ids, dead_ids)
    if isinstance(fields, int):  # parse_* checked everything the backend checks
        raise ValueError(f"classify: bad cards (error {fields})")
    return HandClass.from_fields(fields)
