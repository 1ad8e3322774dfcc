"""The engine's pure-Python twin: one hand as :mod:`hilo_fast.engine._py_hand`'s
state machine, dealt with the checks of csrc/engine/hand.c in their order and
settled by the pure core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core._py_backend import ERR_COUNT as ERR_COUNT
from ..core._py_backend import ERR_TOO_MANY_CHIPS, check_cards
from ..core._py_backend import MAX_CHIPS as MAX_CHIPS
from ..core._py_backend import _omaha_high as omaha_high
from ..core._py_backend import _omaha_low as omaha_low
from ..core._py_backend import settle as settle
from ..core._py_backend import splitmix64 as splitmix64
from ..core.pots import payouts_of, split_pots_boards
from . import _py_hand

NAME = "python"

# ---- the constants of csrc/hilo_fast.h (the native twin reads them from its
# lib; tests/native/test_constants.py checks these copies against the header) ----

ERR_ILLEGAL = -6          # an action that is not legal now
NO_AMOUNT = -1            # an action given without an amount
LIMIT_FIXED, LIMIT_POT, LIMIT_NO = 0, 1, 2                         # HF_FIXED ..
FOLD, CHECK, CALL, BET, RAISE = 0, 1, 2, 3, 4                      # HF_FOLD ..
PREFLOP, FLOP, TURN, RIVER, OVER = 0, 1, 2, 3, 4                   # HF_PREFLOP ..
SEAT_OUT, SEAT_FOLDED, SEAT_ACTIVE, SEAT_ALL_IN = 0, 1, 2, 3       # HF_OUT ..
BOT_RANDOM, BOT_CALL, BOT_POT = 0, 1, 2                            # HF_BOT_*
MAX_RUNS = _py_hand.MAX_RUNS                                       # HF_MAX_RUNS

# ---- the hand: the twin of csrc/engine/hand.c is hilo_fast.engine._py_hand's state machine ----

HandState = _py_hand.HandState


def _settle_payouts(board: list[int], holes: list[Any], live: list[bool],
                    contributions: list[int], button: int) -> list[int]:
    """The Python machine's showdown, settled by this backend (a plain function:
    hands are deep-copied, and a copied function is the function itself)."""
    payouts = _py_hand.settled_payouts(settle, board, holes, live, contributions, button)
    # hand_deal keeps a table's chips below MAX_CHIPS, so no pot reaches settle's bound.
    assert payouts is not None, "a pot beyond the pure settle's bound at a checked table"
    return payouts


def settle_boards_payouts(boards: list[list[int]], holes: list[Any], live: list[bool],
                          contributions: list[int], button: int, high_only: bool) -> list[int]:
    """The Python machine's showdown on several boards (double board, the runs) or
    of a high-only game, as hand.c's (hf_settle_boards' values: every low
    "none" when ``high_only``); chips of any size (Python ints)."""
    n = len(holes)
    seats = [seat for seat, flag in enumerate(live) if flag]
    highs, lows = [], []
    for board in boards:
        high, low = [0] * n, [0] * n
        for seat in seats:
            high[seat] = omaha_high(holes[seat], board)
            low[seat] = 0 if high_only else omaha_low(holes[seat], board)
        highs.append(high)
        lows.append(low)
    return payouts_of(split_pots_boards(highs, lows, seats, list(contributions), button, False),
                      n)


def hand_deal_forced(structure: Any, stacks: Sequence[int], button: int, hole_count: int,
                     cards: Sequence[int], antes: Sequence[int], blinds: Sequence[int],
                     big_blind: int, *, game: Any = None, runs: int = 1) -> HandState | int:
    """As ``_cbackend.hand_deal_forced``: :func:`hand_deal` with each seat's own
    antes and blinds posted (the Python machine's ``forced``), or ERR_* from
    hf_hand_deal_forced's checks in its order (the posts, then hf_hand_deal's)."""
    n = len(stacks)
    if len(antes) != n or len(blinds) != n or not 2 <= n <= 10 or not -1 <= big_blind < n \
            or (big_blind >= 0 and blinds[big_blind] <= 0):
        return ERR_COUNT
    for stack, ante, blind in zip(stacks, antes, blinds, strict=True):
        if not 0 <= ante < MAX_CHIPS or not 0 <= blind < MAX_CHIPS or \
                ((ante or blind) and stack <= 0):
            return ERR_COUNT
    return hand_deal(structure, stacks, button, hole_count, cards, game=game, runs=runs,
                     forced=(list(antes), list(blinds), big_blind))


def hand_deal(structure: Any, stacks: Sequence[int], button: int, hole_count: int,
              cards: Sequence[int], *, game: Any = None, runs: int = 1,
              forced: tuple[list[int], list[int], int] | None = None) -> HandState | int:
    """As ``_cbackend.hand_deal``: the HandState, or ERR_* from hf_hand_deal's
    checks in its order (settings, then stacks seat by seat, then the cards);
    ``forced``: the posts of :func:`hand_deal_forced`."""
    s, n = structure, len(stacks)
    amounts = (s.small_blind, s.big_blind, s.ante, s.small_bet, s.big_bet, s.straddle,
               s.bomb_pot)
    double = game is not None and game.boards == 2
    boards = 2 if double else max(runs, 1)
    if not 0 <= runs <= _py_hand.MAX_RUNS or (double and runs > 1):
        return ERR_COUNT
    if max(amounts) >= MAX_CHIPS or not 2 <= n <= 10 or not 4 <= hole_count <= 6 \
            or not 0 <= button < n or stacks[button] <= 0:
        return ERR_COUNT
    chips = 0
    for stack in stacks:
        if stack < 0:
            return ERR_COUNT
        if stack >= MAX_CHIPS - chips:
            return ERR_TOO_MANY_CHIPS
        chips += stack
    dealt = [seat for seat in range(n) if stacks[seat]]
    cards = list(cards)
    if len(dealt) < 2 or len(cards) != len(dealt) * hole_count + 5 * boards or len(cards) > 52:
        return ERR_COUNT
    err = check_cards(cards)
    if err:
        return err
    holes: list[list[int] | None] = [None] * n
    for k, seat in enumerate(dealt):
        holes[seat] = cards[k * hole_count:(k + 1) * hole_count]
    first = len(dealt) * hole_count
    extra = [cards[first + 5 * b:first + 5 * b + 5] for b in range(1, boards)]
    return HandState(structure, stacks, button, hole_count, holes, cards[first:first + 5],
                     _settle_payouts, exposed=0 if game is None else game.exposed,
                     high_only=game is not None and game.split == "high", double_board=double,
                     runs=max(runs, 1), extra_boards=extra, settle_boards=settle_boards_payouts,
                     forced=forced)
