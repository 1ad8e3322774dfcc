"""Showdown: settle a hand's pots exactly (side pots, hi/lo split, ties, odd chips).

Seats are numbered ``0..n-1`` in clockwise order: seat ``i + 1`` sits to the
left of seat ``i`` (and seat 0 to the left of seat ``n - 1``).

How the chips are settled (the rule book of the docs, ``docs/rules.md`` §2,
which says which standard casino practice fills the gaps):

- A seat is **live** when it has hole cards and has not folded. Pots are
  built at each live seat's contribution level: the main pot first, then a
  side pot for every higher level. Every seat's chips up to a level go into
  it (folded seats' chips stay in as dead money), and only the live seats
  that put in at least that level contest it.
- A level that only one live seat reached (an uncalled bet, plus any dead
  money at that level) goes to that seat without a contest.
- Chips above **every** live seat's level (a folded seat that put in more
  than anyone still in; only hand-made input produces this) were never
  contested by anyone: they go back to the seats that put them in, in a last
  pot with no eligible seat. That is the one case where a folded seat gets
  chips back; it wins nothing.
- Each contested pot splits half to its best high and half to its best
  qualifying low among **that pot's** eligible seats; if none of them has a
  low, the best high takes the whole pot. Ties divide a half among the tied
  seats, so a seat can win a quarter ("quartering").
- Odd chips (the ``odd_chip`` parameter): by default (``"high"``) the odd chip
  of the hi/lo split goes to the high half; rooms that give it to the low
  half pass ``"low"``. A remainder from dividing a half among tied seats goes
  one chip each to the tied seats in clockwise order starting with the first
  seat to the left of the button.
- Payouts always sum to the contributions, exactly; none is negative.

>>> result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h"], [50, 50])
>>> result.payouts                  # A-2 makes 7-4-3-2-A low; the kings have a set
[50, 50]
>>> [(p.amount, p.high_winners, p.low_winners) for p in result.pots]
[(100, (1,), (0,))]
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..cards import CardsLike, check_count, check_distinct, format_cards, parse_cards
from ._backend import backend
from .evaluation import BOARD_SIZES, HOLE_SIZES, HandValue
from .game import Game
from .pots import Pot, payouts_of, split_pots, split_pots_boards, winners

__all__ = ["OddChip", "Pot", "ShowdownResult", "rank_hands", "showdown"]

#: Which half of a pot takes the odd chip when the pot splits hi/lo.
OddChip = Literal["high", "low"]
"""Which half takes the odd chip of a hi/lo split: ``"high"`` (the default) or ``"low"``."""
_ODD_CHIP_RULES = ("high", "low")


@dataclass(frozen=True)
class ShowdownResult:
    """The settlement of one hand.

    ``payouts``: chips each seat receives (one per seat, summing to the
    contributions); ``pots``: main pot first, then side pots, then (only for
    hand-made input) the returned chips above every live level; ``hands``:
    the best high and low of each live seat, as :class:`HandValue` (on the
    first board); ``board_hands``: the same for every board, in board order
    (one entry with one board). With several boards each contested pot is one
    :class:`Pot` per board (see :attr:`Pot.board`).
    """

    payouts: list[int]
    pots: list[Pot]
    hands: dict[int, HandValue]
    board_hands: list[dict[int, HandValue]] = field(default_factory=list)


def _plain_table(
    board: CardsLike, holes: Sequence[CardsLike | None], board_sizes: Sequence[int]
) -> tuple[list[int], list[list[int] | None]] | None:
    """The cards as lists when they are already valid plain ids (lists or
    tuples of ints 0..51, right counts, all distinct), else None: the fast
    path for engines and simulators; anything else takes the full parser."""
    if not isinstance(board, (list, tuple)) or len(board) not in board_sizes:
        return None
    plain_holes: list[list[int] | None] = []
    cards = list(board)
    size = 0  # every seat's hole must have the size of the first one
    for hole in holes:
        if hole is not None:
            if not isinstance(hole, (list, tuple)) or len(hole) not in HOLE_SIZES:
                return None
            if size and len(hole) != size:
                return None
            size = len(hole)
            cards += hole
        plain_holes.append(None if hole is None else list(hole))
    # Whole-list checks in CPython builtins (no Python loop per card): only
    # ints, all in 0..51, no repeats.
    if set(map(type, cards)) != {int} or min(cards) < 0 or max(cards) > 51:
        return None
    if len(set(cards)) != len(cards):
        return None
    return list(board), plain_holes


def _parse_table(
    board: CardsLike, holes: Sequence[CardsLike | None], board_sizes: Sequence[int]
) -> tuple[list[int], list[list[int] | None]]:
    """Parse and validate the board and every seat's hole cards."""
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        raise TypeError(f"holes must be a sequence with one entry per seat, got {holes!r}")
    plain = _plain_table(board, holes, board_sizes)
    if plain is not None:
        return plain
    board_ids = parse_cards(board)
    check_count(board_ids, board_sizes, "board")
    hole_ids: list[list[int] | None] = []
    size: int | None = None
    for seat, hole in enumerate(holes):
        if hole is None:
            hole_ids.append(None)
            continue
        ids = parse_cards(hole)
        check_count(ids, HOLE_SIZES, f"seat {seat}'s hole")
        if size is not None and len(ids) != size:
            raise ValueError(f"every seat must hold the same number of cards: seat {seat} has "
                             f"{len(ids)}, an earlier seat has {size}")
        size = len(ids)
        hole_ids.append(ids)
    groups = {f"seat {seat}": ids for seat, ids in enumerate(hole_ids) if ids is not None}
    check_distinct(board=board_ids, **groups)
    return board_ids, hole_ids


def _evaluate(board: list[int], holes: Sequence[list[int] | None],
              seats: Iterable[int]) -> dict[int, HandValue]:
    hands: dict[int, HandValue] = {}
    for seat in seats:
        hole = holes[seat]
        assert hole is not None
        packed = int(backend.omaha(hole, board))
        if packed < 0:  # unreachable after validation; never settle on an error code
            raise ValueError(f"seat {seat}: cannot evaluate hole {hole} on board {board}")
        hands[seat] = HandValue(packed >> 8, (packed & 0xFF) or None, tuple(hole), tuple(board))
    return hands


def _values(hands: dict[int, HandValue], n_seats: int) -> tuple[list[int], list[int]]:
    """Per seat: high and low values (low 0 when none; 0, 0 for seats not in ``hands``)."""
    high, low = [0] * n_seats, [0] * n_seats
    for seat, hand in hands.items():
        high[seat], low[seat] = hand.high, hand.low or 0
    return high, low


def rank_hands(board: CardsLike, holes: Sequence[CardsLike | None]) -> tuple[tuple[int, ...],
                                                                              tuple[int, ...]]:
    """The seats holding the best high and the best low, without chips.

    ``holes`` has one entry per seat; ``None`` entries (no cards) are skipped.
    The board may be 3, 4 or 5 cards (who is ahead on the flop, turn, river).
    Returns ``(high_winners, low_winners)``, each a tuple of seats in seat
    order; ``low_winners`` is empty when no hand makes a qualifying low.

    >>> rank_hands("Ks8d7h4c3s", ["As2dQcQh", None, "KcKdJs9h", "Ac2cJdTd"])
    ((2,), (0, 3))
    """
    board_ids, hole_ids = _parse_table(board, holes, BOARD_SIZES)
    seats = [seat for seat, hole in enumerate(hole_ids) if hole is not None]
    if not seats:
        raise ValueError("no hands to rank: every seat is None")
    return winners(*_values(_evaluate(board_ids, hole_ids, seats), len(hole_ids)), seats)


def _chip_count(value: object, seat: int) -> int:
    if type(value) is int and value >= 0:  # the common case, first
        return value
    if isinstance(value, (bool, float)) or not hasattr(value, "__index__"):
        raise TypeError(f"seat {seat}'s contribution must be an int number of chips, "
                        f"got {value!r}")
    chips = operator.index(value)
    if chips < 0:
        raise ValueError(f"seat {seat}'s contribution must be >= 0, got {chips}")
    return int(chips)


def _seat_number(value: object, n_seats: int, what: str) -> int:
    if type(value) is int and 0 <= value < n_seats:  # the common case, first
        return value
    if isinstance(value, (bool, float)) or not hasattr(value, "__index__"):
        raise TypeError(f"{what} must be a seat number, got {value!r}")
    seat = int(operator.index(value))
    if not 0 <= seat < n_seats:
        raise ValueError(f"{what} {seat} is not a seat: seats are 0..{n_seats - 1}")
    return seat


def _is_card_text(item: object) -> bool:
    """One card written as text ("Ks", "10h", "K♠"), not a whole board."""
    return isinstance(item, (str, bytes)) and len(item.strip()) <= 3


def _board_list(board: CardsLike | Sequence[CardsLike] | None,
                boards: Sequence[CardsLike] | None) -> list[CardsLike]:
    """The boards of a showdown: ``board`` alone, or ``boards``, or ``board``
    given as a list of boards (each a string of cards or a sequence)."""
    if boards is not None:
        if board is not None:
            raise TypeError("give the board or boards=[...], not both (pass board=None)")
        if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
            raise TypeError(f"boards must be a list of boards, got {boards!r}")
        if not boards:
            raise ValueError("boards must hold at least one board")
        return list(boards)
    if board is None:
        raise TypeError("no board: give the board or boards=[...]")
    if isinstance(board, (list, tuple)) and board and all(
            isinstance(item, (list, tuple)) or (isinstance(item, (str, bytes))
                                                and not _is_card_text(item))
            for item in board):
        return list(board)
    return [board]  # type: ignore[list-item]


def _check_runs(boards: list[list[int]]) -> None:
    """Boards may share cards only as runs of one deal share them: a card on
    two boards is at the same place on both (dealt before the runs)."""
    for first in range(len(boards)):
        for second in range(first + 1, len(boards)):
            a, b = boards[first], boards[second]
            for at, card in enumerate(a):
                if card in b and b.index(card) != at:
                    raise ValueError(
                        f"card {format_cards([card])} is on board {first} and on board "
                        f"{second} at another place: boards share only the cards dealt "
                        "before the runs, in the same place")


def _check_game(game: Game | None, hole_ids: Sequence[list[int] | None],
                n_boards: int) -> None:
    if game is None:
        return
    if not isinstance(game, Game):
        raise TypeError(f"game must be a hilo_fast.Game, got {game!r}")
    for seat, hole in enumerate(hole_ids):
        if hole is not None and len(hole) != game.hole_cards:
            raise ValueError(f"seat {seat} holds {len(hole)} cards but the game deals "
                             f"{game.hole_cards}")
    if n_boards % game.boards:
        raise ValueError(f"{n_boards} board(s) given but the game deals {game.boards} "
                         "boards (each run deals them all)")


def showdown(
    board: CardsLike | Sequence[CardsLike] | None,
    holes: Sequence[CardsLike | None],
    contributions: Sequence[int],
    *,
    folded: Iterable[int] = (),
    button: int = 0,
    odd_chip: OddChip = "high",
    boards: Sequence[CardsLike] | None = None,
    game: Game | None = None,
) -> ShowdownResult:
    """Settle a hand: build the pots, split each hi/lo, pay every seat.

    ``board``: the 5 community cards. ``holes``: one entry per seat, the
    seat's hole cards (4, 5 or 6; every seat the same size) or ``None`` for a
    seat with no cards. ``contributions``: the chips each seat put in over
    the whole hand (ints >= 0). ``folded``: seats that folded; their chips
    stay in the pots as dead money. ``button``: the button's seat, where the
    odd-chip order starts (the first seat to its left gets the first odd
    chip). ``odd_chip``: ``"high"`` (default) gives the odd chip of a hi/lo
    split to the high half, ``"low"`` to the low half.

    Several boards (double board, or the N runs of run-it-N: any number
    >= 1): ``boards=[b1, b2, ...]`` with ``board=None``, or the list of boards
    as ``board``. Each contested pot (main and side) is divided equally among
    the boards, the odd chips of that division one each to the first boards;
    each board's share is split hi/lo among that board's winners with the
    odd-chip rules above. Boards may share cards only as the runs of one deal
    do (the cards dealt before the runs, at the same places). ``game``: a
    :class:`~hilo_fast.core.game.Game`: every hole must hold its
    ``hole_cards``, the number of boards must be a multiple of its
    ``boards``, and ``split="high"`` settles on the high hand alone.

    Raises ``ValueError``/``TypeError`` naming the problem for a length
    mismatch, a bad or negative chip count, a seat that is neither folded
    nor has cards yet put chips in, duplicate cards, a board that is not 5
    cards, or no live seat at all. See the module doc for the rules.

    A 20-chip pot quartered: seats 0 and 1 tie for the low with A-2, seat 0
    alone has the high (a flush), so seat 0 gets 10 + 5 and seat 1 gets 5
    (winners are listed clockwise from the first seat left of the button):

    >>> result = showdown("7h5hKh4d3s", ["Ah2hQdJs", "Ad2cQcJc"], [10, 10])
    >>> result.payouts
    [15, 5]
    >>> pot = result.pots[0]
    >>> pot.high_winners, pot.low_winners, pot.shares
    ((0,), (1, 0), {0: 15, 1: 5})

    Double board: on the first board seat 1's kings take the high half and
    seat 0's 7-4-3-2-A the low; seat 0's queens scoop the second (no low):

    >>> showdown(None, ["As2dQcQh", "KcKdJs9h"], [50, 50],
    ...          boards=["Ks8d7h4c3s", "Qd9d7c5s2h"]).payouts
    [75, 25]
    """
    board_cards = _board_list(board, boards)
    board_ids, hole_ids = _parse_table(board_cards[0], holes, (5,))
    more_boards = [parse_cards(cards) for cards in board_cards[1:]]
    for number, ids in enumerate(more_boards, start=1):
        check_count(ids, (5,), f"board {number}")
        check_distinct(**{f"board {number}": ids},
                       **{f"seat {seat}": hole for seat, hole in enumerate(hole_ids)
                          if hole is not None})
    all_boards = [board_ids, *more_boards]
    _check_runs(all_boards)
    _check_game(game, hole_ids, len(all_boards))
    n_seats = len(hole_ids)
    if isinstance(contributions, (str, bytes)) or not isinstance(contributions, Sequence):
        raise TypeError(f"contributions must be a sequence with one int per seat, "
                        f"got {contributions!r}")
    if len(contributions) != n_seats:
        raise ValueError(f"{n_seats} seats in holes but {len(contributions)} contributions")
    chips = [_chip_count(value, seat) for seat, value in enumerate(contributions)]
    folded_seats = {_seat_number(seat, n_seats, "folded seat") for seat in folded}
    button = _seat_number(button, n_seats, "button")
    if odd_chip not in _ODD_CHIP_RULES:
        raise ValueError(f"odd_chip must be one of {_ODD_CHIP_RULES}, got {odd_chip!r}")
    for seat in range(n_seats):
        if hole_ids[seat] is None and seat not in folded_seats and chips[seat]:
            raise ValueError(f"seat {seat} put in {chips[seat]} chips but has no cards; "
                             "a seat without cards must be listed in folded")
    live = [seat for seat in range(n_seats)
            if hole_ids[seat] is not None and seat not in folded_seats]
    if not live:
        raise ValueError("no live seat: every seat folded or has no cards")

    board_hands = [_evaluate(ids, hole_ids, live) for ids in all_boards]
    if len(all_boards) == 1 and (game is None or game.hilo):
        high, low = _values(board_hands[0], n_seats)
        pots = split_pots(high, low, live, chips, button, odd_chip == "low")
    else:
        values = [_values(hands, n_seats) for hands in board_hands]
        lows = [low if game is None or game.hilo else [0] * n_seats for _, low in values]
        pots = split_pots_boards([high for high, _ in values], lows, live, chips, button,
                                 odd_chip == "low")
    return ShowdownResult(payouts_of(pots, n_seats), pots, board_hands[0], board_hands)
