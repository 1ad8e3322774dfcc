"""The native backend: thin calls into the compiled cffi module ``_native``.

Same functions and return conventions as :mod:`hilo_fast._pybackend`. The C
validates every card itself; the only checks here are the ones cffi cannot
make for it (a fixed 5-card array needs exactly five items; cards must be
ints, not floats cffi would truncate). Input cffi cannot pass (not ints,
numbers beyond int32/int64) is replaced by values the C refuses at the same
place (a card 52, a count -1), so the C still decides the error code, as
the pure backend does, in the same order. This module never imports the
pure backend.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence
from functools import partial
from struct import Struct
from typing import Any

from ._native import ffi, lib
from ._range_arrays import check_range_arrays

NAME = "native"

# ---- the constants of csrc/hilo_fast.h, read from it (the pure backend's
# copies are checked against the header by tests/test_constants.py) ----

ERR_CARD: int = lib.HF_ERR_CARD
ERR_DUPLICATE: int = lib.HF_ERR_DUPLICATE
ERR_COUNT: int = lib.HF_ERR_COUNT
ERR_TOO_MANY_CHIPS: int = lib.HF_ERR_TOO_MANY_CHIPS
ERR_CHIPS_NOT_CONSERVED: int = lib.HF_ERR_CHIPS_NOT_CONSERVED
MAX_CHIPS: int = 1 << lib.HF_MAX_CHIPS_BITS
LIMIT_FIXED, LIMIT_POT, LIMIT_NO = lib.HF_FIXED, lib.HF_POT, lib.HF_NO
FOLD, CHECK, CALL, BET, RAISE = lib.HF_FOLD, lib.HF_CHECK, lib.HF_CALL, lib.HF_BET, lib.HF_RAISE
PREFLOP, FLOP, TURN, RIVER, OVER = (lib.HF_PREFLOP, lib.HF_FLOP, lib.HF_TURN, lib.HF_RIVER,
                                    lib.HF_OVER)
SEAT_OUT, SEAT_FOLDED, SEAT_ACTIVE, SEAT_ALL_IN = (lib.HF_OUT, lib.HF_FOLDED, lib.HF_ACTIVE,
                                                   lib.HF_ALL_IN)
BOT_RANDOM, BOT_CALL, BOT_POT = lib.HF_BOT_RANDOM, lib.HF_BOT_CALL, lib.HF_BOT_POT
EQUITY_POT: int = lib.HF_EQUITY_POT
EQUITY_MAX_PLAYERS: int = lib.HF_EQUITY_MAX_PLAYERS
EQUITY_MAX_COUNT: int = lib.HF_EQUITY_MAX_COUNT
#: A flat tally: deals, no_low, then these per player, in hf_equity_tally's order.
EQUITY_TALLY_FIELDS: tuple[str, ...] = tuple(
    name for name, _ in ffi.typeof("hf_equity_tally").fields if name not in ("deals", "no_low"))

# Items cffi refuses to convert to int32_t (strings, floats, huge ints, NaN).
_NOT_A_CARD = (TypeError, OverflowError, ValueError)

# cffi converts anything with __int__, so a numpy float, a Decimal or a
# Fraction would silently be truncated into a card. A sum is the cheapest
# probe that every card is an int: it stays an int only if they all are.
# Starting at 2**62 keeps sum() on its C-long fast path for ints, while a
# numpy integer scalar raises OverflowError at once (numpy >= 2) instead of
# wrapping around with a RuntimeWarning (only an int64 scalar near 2**63, far
# from any card, can still wrap and warn).
_SUM_START = 2**62


def _ints(cards: Sequence[int], more: Sequence[int] = ()) -> bool:
    """True when every card of both groups is an int (a bool counts: it is one)."""
    try:
        return type(sum(more, sum(cards, _SUM_START))) is int
    except Exception:  # a card that cannot be added is no int
        return False


_LISTS = (list, tuple)


_BAD_CARD = 52   # a card the C refuses (HF_ERR_CARD) where an unpassable item was


def _card_ids(cards: Any) -> list[int]:
    """``cards`` as ints cffi can pass: an item that is not an int in -1..51
    (-1: a random hand's card in equity) becomes a card the C refuses there."""
    return [c if type(c) is int and -1 <= c < 52 else _BAD_CARD for c in cards]


def high5(cards: Sequence[int]) -> int:
    """High value 1..7462 of five cards, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    if _ints(cards):
        try:
            return int(lib.hf_high5(cards))
        except _NOT_A_CARD:
            pass
    return int(lib.hf_high5(_card_ids(cards)))


def low5(cards: Sequence[int]) -> int:
    """Low value 1..56 of five cards, 0 for no qualifying low, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    if _ints(cards):
        try:
            return int(lib.hf_low5(cards))
        except _NOT_A_CARD:
            pass
    return int(lib.hf_low5(_card_ids(cards)))


def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """``high << 8 | low`` for an Omaha hand, or ERR_*.

    Lists and tuples go to C as bytes: ``bytes()`` takes only true integers
    (``__index__``) in 0..255, so it is an exact card-type check that costs
    less than cffi's own list conversion (anything else goes as checked
    ints). Never ``bytes()`` of other objects: a numpy array would give its
    raw memory.
    """
    if type(hole) in _LISTS and type(board) in _LISTS:
        try:
            cards = bytes(hole) + bytes(board)
        except (TypeError, ValueError):
            pass
        else:
            return lib.hf_omaha_bytes(cards, len(hole), len(board))
    hole_ids, board_ids = _card_ids(hole), _card_ids(board)
    return int(lib.hf_omaha(hole_ids, len(hole_ids), board_ids, len(board_ids)))


def omaha_bytes(cards: bytes, n_hole: int) -> int:
    """``omaha(cards[:n_hole], cards[n_hole:])`` for card ids as bytes: cffi
    passes a bytes object as it is, faster than converting two lists."""
    if type(cards) is not bytes:
        return ERR_CARD
    try:
        return lib.hf_omaha_bytes(cards, n_hole, len(cards) - n_hole)
    except OverflowError:  # a count beyond int32: the pure backend's answer
        return ERR_COUNT


#: ``pack, river = OMAHA_RIVER[n_hole]``; ``river(pack(*hole, *board))`` is
#: ``high << 8 | low`` of n_hole cards and a 5-card board, or ERR_*. ``pack``
#: (struct) takes exactly n_hole + 5 ints 0..255 (``__index__``: no float is
#: truncated into a card) or raises struct.error.
OMAHA_RIVER = {n: (Struct(f"{n + 5}B").pack, river) for n, river in
               ((4, lib.hf_omaha_river4), (5, lib.hf_omaha_river5), (6, lib.hf_omaha_river6))}


def builtin_omaha_hilo(fallback: Callable[[Any, Any], tuple[int, int | None]]
                       ) -> Callable[[Any, Any], tuple[int, int | None]] | None:
    """``omaha_hilo`` as a CPython builtin (csrc/py/percall.c) bound to this
    module's ``hf_omaha_bytes``, with ``fallback`` for every input it does not
    answer itself; None where the builtin was not built (PyPy, a failed compile)."""
    try:
        from . import _percall
    except ImportError:
        return None
    address = ffi.cast("uintptr_t", ffi.addressof(lib, "hf_omaha_bytes"))  # type: ignore[call-overload]
    _percall.bind(int(address), fallback)
    return _percall.omaha_hilo


def omaha_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None] | int:
    """``(high, low, high_cards, low_cards)`` of an Omaha hand, or ERR_*."""
    out: Any = ffi.new("hf_hand *")  # cffi struct fields are typed at run time only
    try:
        if not _ints(hole, board):
            raise TypeError("not ints")
        err = int(lib.hf_omaha_best(hole, len(hole), board, len(board), out))
    except _NOT_A_CARD:
        hole, board = _card_ids(hole), _card_ids(board)
        err = int(lib.hf_omaha_best(hole, len(hole), board, len(board), out))
    if err:
        return err
    low_cards = tuple(out.low_cards) if out.low else None
    return int(out.high), int(out.low), tuple(out.high_cards), low_cards



# ---- settlement: a hand's payouts at showdown (csrc/settle.c) ----


def _row(hole: Any) -> list[Any]:
    """A live seat's cards given as another sequence: converted as the pure
    backend converts them (``array``), else Nones (refused as unconvertible)."""
    try:
        return list(array("i", hole))
    except (TypeError, ValueError, OverflowError):
        return [None] * len(hole)


def _unconvertible(cards: Sequence[Any]) -> bool:
    """Some card is no int32 (what the pure backend refuses before any check)."""
    try:
        array("i", cards)
    except (TypeError, ValueError, OverflowError):
        return True
    return False


def settle(board: Sequence[int], holes: Sequence[Sequence[int] | None], live: Sequence[int],
           contributions: Sequence[int], button: int, odd_chip_low: int,
           payouts: list[int]) -> int:
    """Pay out a hand at showdown with ``hf_settle``: set ``payouts[:]`` and return
    0, or return ERR_* with ``payouts`` untouched (see the pure backend's twin).

    The C gets the live seats' cards in one flat array. Input it cannot be
    given is answered as the pure backend answers it, in the same order:
    flags, chips or options that do not convert, or rows of different sizes,
    are HF_ERR_COUNT; cards that do not convert go as cards the C refuses.
    """
    n = len(holes)
    try:
        flags = bytes(live)
        chips = array("q", contributions)
        button, odd_chip_low = int(button.__index__()), int(odd_chip_low.__index__())
    except (TypeError, ValueError, OverflowError, AttributeError):
        return ERR_COUNT
    if len(flags) != n or len(chips) != n or len(payouts) != n or len(board) != 5 \
            or not 0 <= button < n or odd_chip_low not in (0, 1):
        return ERR_COUNT   # what the C says to them; it must not read short arrays
    live_rows = [holes[seat] for seat in range(n) if flags[seat]]
    try:
        sizes = set(map(len, live_rows))  # type: ignore[arg-type]
    except TypeError:   # a live seat without cards
        return ERR_COUNT
    n_hole = sizes.pop() if len(sizes) == 1 else -1   # -1: refused by the C
    blank = (0,) * max(n_hole, 0)   # the C reads only live seats' cards
    rows: Sequence[Any] = holes
    cards: list[int] = []
    for hole, flag in zip(rows, flags, strict=True):
        cards.extend(blank if not flag else hole if type(hole) in _LISTS else _row(hole))
    board_ids: Sequence[Any] = board
    try:
        bytes(cards), bytes(board_ids)   # plain card ids?
    except (TypeError, ValueError):
        if _unconvertible(cards) or _unconvertible(board_ids):
            # As the pure backend: the C's count checks first, then this.
            counts_ok = 2 <= n <= 10 and any(flags) and 4 <= n_hole <= 6 \
                and min(chips) >= 0 and sum(chips) < 1 << 62
            return ERR_CARD if counts_ok else ERR_COUNT
        cards, board_ids = _card_ids(cards), _card_ids(board_ids)
    out = ffi.new("int64_t[]", n)
    err = int(lib.hf_settle(n, cards, n_hole, board_ids, flags,
                            ffi.from_buffer("int64_t[]", chips), button, odd_chip_low, out))
    if not err:
        payouts[:] = out
    return err


# ---- equity: chunks of deals settled into integer tallies (csrc/equity.c) ----
#
# A tally is a list of ints: deals, no_low, then per player share,
# share_sq, scoop, win_high, tie_high, win_low, tie_low (see hf_equity_tally).



def _flat_tally(tally: object, n_players: int) -> list[int]:
    out = [int(tally.deals), int(tally.no_low)]  # type: ignore[attr-defined]
    columns = [getattr(tally, field) for field in EQUITY_TALLY_FIELDS]
    for p in range(n_players):
        out.extend(int(column[p]) for column in columns)
    return out


def _n_players(holes: Sequence[int], n_hole: int) -> int:
    """Players in a flat list of hands; 0 (refused by the C) if it does not divide."""
    return len(holes) // n_hole if n_hole > 0 and len(holes) % n_hole == 0 else 0


def equity_deals(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int]
) -> int:
    """Number of deals of the spot (random hands are -1s), or ERR_*."""
    return _equity_spot_error(holes, n_hole, board, dead, checked=False)


def _equity_spot_error(holes: Sequence[int], n_hole: Any, board: Sequence[int],
                       dead: Sequence[int], *, checked: bool = True) -> int:
    """``hf_equity_deals`` of the spot with any item cffi cannot pass replaced
    by one the C refuses: the spot's error code, or (``checked``) ERR_COUNT
    for a valid spot, because the caller's numbers are out of range."""
    if type(n_hole) is not int or not 0 <= n_hole < 64:
        n_hole = -1
    holes, board, dead = _card_ids(holes), _card_ids(board), _card_ids(dead)
    deals = int(lib.hf_equity_deals(holes, _n_players(holes, n_hole), n_hole, board,
                                    len(board), dead, len(dead)))
    return ERR_COUNT if checked and deals >= 0 else deals


def equity_enumerate(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    first: int, count: int,
) -> list[int] | int:
    """Tally of deals ``first .. first + count - 1``, or ERR_*."""
    n_players = _n_players(holes, n_hole)  # a number beyond int64: the except below
    out = ffi.new("hf_equity_tally *")
    try:
        err = int(lib.hf_equity_enumerate(holes, n_players, n_hole, board, len(board),
                                          dead, len(dead), first, count, out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    return err or _flat_tally(out, n_players)


def equity_sample(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    seed: int, count: int,
) -> list[int] | int:
    """Tally of ``count`` random deals drawn from the stream ``seed``, or ERR_*."""
    n_players = _n_players(holes, n_hole)  # a number beyond int64: the except below
    out = ffi.new("hf_equity_tally *")
    try:
        err = int(lib.hf_equity_sample(holes, n_players, n_hole, board, len(board),
                                       dead, len(dead), seed, count, out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    return err or _flat_tally(out, n_players)


_MASK64 = (1 << 64) - 1


def splitmix64(seed: int, index: int) -> int:
    """Output number ``index`` (0-based) of the splitmix64 stream seeded by ``seed``
    (both modulo 2**64), from ``hf_splitmix64``."""
    return int(lib.hf_splitmix64(seed & _MASK64, index & _MASK64))


def equity_exact(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    part: int, n_parts: int,
) -> list[int] | int:
    """Tally of part ``part`` of ``n_parts`` of the grouped exact enumeration
    of a spot with every hand known (``hf_equity_exact``), or ERR_*."""
    n_players = _n_players(holes, n_hole)
    out = ffi.new("hf_equity_tally *")
    try:
        err = int(lib.hf_equity_exact(holes, n_players, n_hole, board, len(board),
                                      dead, len(dead), part, n_parts, out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    return err or _flat_tally(out, n_players)


# ---- range equity (csrc/range_equity.c) ----
#
# ``ranges`` has one entry per player: None, or (combos, cumulative), a
# C-contiguous uint8 array of rows of card ids and an int64 array of the
# running sums of the rows' integer weights. A tally is an equity tally
# followed by the number of deals settled. (The array form: _range_arrays.py.)

ERR_RANGE_CLASH: int = lib.HF_ERR_RANGE_CLASH
RANGE_MAX_REJECTS: int = lib.HF_RANGE_MAX_REJECTS


def _ranges(ranges: Sequence[tuple[Any, Any] | None], n_hole: int) -> tuple[Any, list[Any]]:
    """The hf_range array, and the buffers it points into (kept alive by the caller)."""
    check_range_arrays(ranges, n_hole)
    out = ffi.new("hf_range[]", len(ranges))
    keep: list[Any] = []
    for p, entry in enumerate(ranges):
        if entry is not None:
            combos = ffi.from_buffer("uint8_t[]", entry[0])
            cumulative = ffi.from_buffer("int64_t[]", entry[1])
            keep += [combos, cumulative]
            out[p].combos, out[p].cumulative, out[p].n_combos = combos, cumulative, len(cumulative)
    return out, keep


def _range_call(c_function: Any, holes: Sequence[int], n_hole: int, board: Sequence[int],
                dead: Sequence[int], ranges: Sequence[tuple[Any, Any] | None],
                *trailing: Any) -> int:
    """One hf_range_* call over a spot and its ranges: its return code, or ERR_*."""
    table, _keep = _ranges(ranges, n_hole)
    n_players = _n_players(holes, n_hole)
    if len(ranges) != n_players:  # the C reads one entry per player
        return ERR_COUNT
    try:
        return int(c_function(holes, n_players, n_hole, board, len(board), dead, len(dead),
                              table, *trailing))
    except _NOT_A_CARD:  # numbers cffi cannot pass: the C names the spot's error
        return _equity_spot_error(holes, n_hole, board, dead)


def range_deals(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                ranges: Sequence[tuple[Any, Any] | None]) -> int:
    """Positions of the exhaustive range enumeration, or ERR_*."""
    return _range_call(lib.hf_range_deals, holes, n_hole, board, dead, ranges)


def _range_tally(err: int, out: Any, n_players: int) -> list[int] | int:
    """The equity tally and the deals settled, or the error."""
    if err:
        return err
    return [*_flat_tally(out.tally, n_players), int(out.settled)]


def range_enumerate(holes: Sequence[int], n_hole: int, board: Sequence[int],
                    dead: Sequence[int], ranges: Sequence[tuple[Any, Any] | None],
                    first: int, count: int) -> list[int] | int:
    """Weighted tally of positions ``first .. first + count - 1``, or ERR_*."""
    out = ffi.new("hf_range_tally *")
    err = _range_call(lib.hf_range_enumerate, holes, n_hole, board, dead, ranges,
                      first, count, out)
    return _range_tally(err, out, len(ranges))


def range_sample(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                 ranges: Sequence[tuple[Any, Any] | None], seed: int,
                 count: int) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed``, or ERR_*."""
    out = ffi.new("hf_range_tally *")
    err = _range_call(lib.hf_range_sample, holes, n_hole, board, dead, ranges,
                      seed, count, out)
    return _range_tally(err, out, len(ranges))


def omaha_batch(
    holes: Any, n_hole: int, boards: Any, n_board: int, start: int, stop: int,
    out_high: Any = None, out_low: Any = None, rowwise: bool = False,
) -> int:
    """Rows ``start..stop-1`` of flat int32 buffers (``n_hole`` / ``n_board``
    cards a row): -1 when every row is valid, after writing ``out_high[i]``
    and ``out_low[i]`` (when given) for each; else the first bad row, with
    nothing written. ``rowwise``: each row is checked as it is evaluated
    instead of all first (one pass over the cards, not two), and a bad row
    may leave the rows before it written (for outputs nobody sees unless
    every row is valid). The C call runs without the GIL."""
    hole_ids = ffi.from_buffer("int32_t[]", holes)
    board_ids = ffi.from_buffer("int32_t[]", boards)
    if not 0 <= start <= stop or len(hole_ids) < stop * n_hole or len(board_ids) < stop * n_board:
        raise ValueError("batch buffers shorter than the rows asked for")
    bad_row = ffi.new("int64_t *")
    hole_ptr, board_ptr = hole_ids + start * n_hole, board_ids + start * n_board
    if out_high is None or out_low is None:
        err = lib.hf_check_batch(hole_ptr, n_hole, board_ptr, n_board, stop - start, bad_row)
    else:
        high = ffi.from_buffer("int32_t[]", out_high, require_writable=True)
        low = ffi.from_buffer("int32_t[]", out_low, require_writable=True)
        if len(high) < stop or len(low) < stop:
            raise ValueError("batch outputs shorter than the rows asked for")
        run = lib.hf_omaha_batch_rows if rowwise else lib.hf_omaha_batch
        err = run(hole_ptr, n_hole, board_ptr, n_board, stop - start, high + start, low + start,
                  bad_row)
    if err == ERR_COUNT:
        raise ValueError(f"bad batch: {n_hole} hole and {n_board} board cards a row, "
                         "or outputs that overlap the inputs or each other")
    return -1 if err == 0 else start + int(bad_row[0])


# Self-play in C (csrc/selfplay.c). Native only: its pure-Python twin is the
# engine itself (hilo_fast.engine), which hilo_fast.selfplay runs when this
# backend is not in use; tests compare the two hand by hand.

_SELFPLAY_ERRORS = {
    lib.HF_ERR_COUNT: "a self-play setting out of range",
    lib.HF_ERR_TOO_MANY_CHIPS: f"{MAX_CHIPS} chips or more at the table",
    lib.HF_ERR_CHIPS_NOT_CONSERVED: "a hand created or lost chips",
}

#: One game's settings: (limit, max_bets, small_blind, big_blind, ante,
#: small_bet, big_bet), as in hf_structure.
GameSettings = tuple[int, int, int, int, int, int, int]
#: random.Random().getstate()
RandomState = tuple[Any, ...]


class SelfPlay:
    """A self-play session at one table, played by ``hf_selfplay_run``.

    ``games``: one structure, or two alternating every ``hands_per_game``
    hands; ``bots``: HF_BOT_* per seat; ``deal_state`` / ``bot_state``: the
    ``getstate()`` of the Random that shuffles and of the one the bots draw
    from. The first hand is dealt at ``button``; stacks and rebuys carry on.
    """

    __slots__ = ("_session",)
    _session: Any

    def __init__(self, games: Sequence[GameSettings], hands_per_game: int,
                 stacks: Sequence[int], hole_count: int, bots: Sequence[int], rebuy_to: int,
                 deal_state: RandomState, bot_state: RandomState, button: int = 0) -> None:
        # Any: the struct's fields are cffi attributes that no stub can list.
        session: Any = ffi.new("hf_selfplay *")
        for k, (limit, max_bets, sb, bb, ante, small_bet, big_bet) in enumerate(games):
            game = session.games[k]
            game.limit, game.max_bets = limit, max_bets
            game.small_blind, game.big_blind, game.ante = sb, bb, ante
            game.small_bet, game.big_bet = small_bet, big_bet
        session.n_games = len(games)
        session.hands_per_game = hands_per_game
        session.n_seats = len(stacks)
        session.hole_count = hole_count
        session.rebuy_to = rebuy_to
        session.button = button
        for seat, (chips, bot) in enumerate(zip(stacks, bots, strict=True)):
            session.stacks[seat] = chips
            session.bots[seat] = bot
        for target, state in ((session.deal_rng, deal_state), (session.bot_rng, bot_state)):
            words = state[1]          # (version, 624 words + position, gauss_next)
            target.key = words[:624]
            target.pos = words[624]
        self._session = session

    def run(self, hands: int, *, log: bool = False) -> list[list[int]] | None:
        """Play ``hands`` more hands; with ``log``, each hand's final stacks."""
        session = self._session
        n = session.n_seats
        buffer = ffi.new("int64_t[]", hands * n) if log else ffi.NULL
        err = lib.hf_selfplay_run(session, hands, buffer)
        if err:
            raise RuntimeError(f"native self-play stopped after {session.hands_played} hands: "
                               f"{_SELFPLAY_ERRORS.get(err, err)}")
        if not log:
            return None
        return [list(buffer[h * n:(h + 1) * n]) for h in range(hands)]

    @property
    def stacks(self) -> list[int]:
        return list(self._session.stacks[0:self._session.n_seats])

    @property
    def rebuys(self) -> list[int]:
        return list(self._session.rebuys[0:self._session.n_seats])

    @property
    def actions(self) -> int:
        return int(self._session.actions)

    @property
    def showdowns(self) -> int:
        return int(self._session.showdowns)


# ---- the hand in C (csrc/hand.c): one hand as a state machine ----

NO_AMOUNT: int = lib.HF_NO_AMOUNT
ERR_ILLEGAL: int = lib.HF_ERR_ILLEGAL


class HandState:
    """One hand played by ``hf_hand_deal`` / ``hf_hand_act`` (the C's ``hf_game``).

    Build with :func:`hand_deal`. ``act(action, amount)`` is ``hf_hand_act``
    itself (0, or ERR_ILLEGAL with nothing changed; amounts must fit int64);
    ``game`` is the ``hf_game``, whose fields Python reads directly.
    ``state()`` is the whole public state as plain values, in the same shape
    as the pure backend's twin (``last``: the newest entry of the log)."""

    __slots__ = ("act", "address", "game")
    game: Any
    address: int
    act: Callable[[int, int], int]

    def __init__(self, game: Any, address: int | None = None) -> None:
        self.game = game
        # What engine.Hand's HandCore reads (given when the caller has it already).
        self.address = int(ffi.cast("uintptr_t", game)) if address is None else address
        self.act = partial(lib.hf_hand_act, game)   # a C-level callable: no Python frame

    @property
    def bets_now(self) -> list[int]:
        """A copy of the bets (engine.Hand reads them through HandCore, in C)."""
        return ffi.unpack(self.game.bets, self.game.n_seats)  # type: ignore[return-value]

    @property
    def stacks_now(self) -> list[int]:
        """A copy of the stacks."""
        return ffi.unpack(self.game.stacks, self.game.n_seats)  # type: ignore[return-value]

    @property
    def contributions_now(self) -> list[int]:
        """A copy of the chips each seat put in."""
        return ffi.unpack(self.game.contributions, self.game.n_seats)  # type: ignore[return-value]

    @property
    def folded_now(self) -> list[bool]:
        """Per seat: folded this hand."""
        return [st == SEAT_FOLDED for st in self.game.status[0:self.game.n_seats]]

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        game = ffi.new("hf_game *")
        ffi.memmove(game, self.game, ffi.sizeof("hf_game"))
        return HandState(game)

    def __eq__(self, other: object) -> bool:
        """Equal states, byte for byte (tests compare a hand before and after)."""
        if not isinstance(other, HandState):
            return NotImplemented
        return bytes(ffi.buffer(self.game)) == bytes(ffi.buffer(other.game))

    __hash__ = None  # type: ignore[assignment]

    def state(self) -> dict[str, Any]:
        g = self.game
        n = g.n_seats
        over = g.street == lib.HF_OVER
        last = g.last
        return {
            "street": int(g.street), "actor": int(g.actor),
            "stacks": list(g.stacks[0:n]), "bets": list(g.bets[0:n]),
            "contributions": list(g.contributions[0:n]), "returned": list(g.returned[0:n]),
            "payouts": list(g.payouts[0:n]) if over else [],
            "pot": int(g.total), "current_bet": int(g.current_bet),
            "bet_count": int(g.bet_count), "last_aggressor": int(g.last_aggressor),
            "call_amount": int(g.call_amount), "min_to": int(g.min_to),
            "max_to": int(g.max_to),
            "small_blind_seat": int(g.small_blind_seat),
            "big_blind_seat": int(g.big_blind_seat),
            "board": list(g.board[0:g.board_shown]),
            "holes": [list(g.holes[s][0:g.hole_count]) if g.status[s] != lib.HF_OUT else None
                      for s in range(n)],
            "folded": [g.status[s] == lib.HF_FOLDED for s in range(n)],
            "showdown_order": list(g.showdown_order[0:g.n_shown]),
            "actions": int(g.n_actions),
            "last": (int(last.street), int(last.seat), int(last.action), int(last.amount)),
        }


def builtin_hand_play(streets: tuple[Any, ...], actions: tuple[Any, ...],
                      act_on: Callable[[Any, Any], None]
                      ) -> Callable[[HandState, Any, tuple[Any, ...], Any, list[Any]], None] | None:
    """``play(state, hand, bots, rng, log)``: Hand.play's decision loop over the
    C hand of ``state`` (a :class:`HandState`) as a CPython builtin
    (csrc/py/handplay.c) bound to this module's ``hf_hand_act``, the façade's
    ``streets`` and ``actions`` (engine.Street and Action by code) and
    ``act_on(hand, answer)``, which
    applies the answers the loop leaves to the façade; None where it was not
    built."""
    try:
        from . import _handplay
    except ImportError:
        return None
    global _c_deal, _c_deal_hand
    act, deal, omaha = (int(ffi.cast("uintptr_t", ffi.addressof(lib, name)))  # type: ignore[call-overload]
                        for name in ("hf_hand_act", "hf_hand_deal", "hf_omaha"))
    _handplay.bind(act, deal, streets, actions, act_on)
    _c_deal = _handplay.deal
    global _c_deal_given
    _c_deal_given = _handplay.deal_given
    _c_deal_hand = _handplay.deal_hand
    _bind_replay(act, omaha, streets, actions)
    loop = _handplay.play

    def play(state: HandState, hand: Any, bots: tuple[Any, ...], rng: Any,
             log: list[Any]) -> None:
        loop(state.address, state.game, hand, bots, rng, log)
    return play


def _bind_replay(act: int, omaha: int, streets: tuple[Any, ...], actions: tuple[Any, ...]
                 ) -> None:
    """Bind csrc/py/hhreplay.c (the replay's builtins) to the core's hf_hand_act
    and hf_omaha and set replay_deal, replay_actions, replay_pots (left None
    where it was not built)."""
    try:
        from . import _hhreplay
    except ImportError:
        return
    global replay_deal, replay_actions, replay_pots
    _hhreplay.bind(act, omaha, streets, actions)
    c_replay, c_pots = _hhreplay.replay, _hhreplay.pots

    def bound_replay(state: HandState, actions: tuple[Any, ...], seat_of: dict[str, int],
                     log: list[Any], start: int, kinds: tuple[str, ...],
                     returned: dict[int, int]) -> int:
        return c_replay(state.address, state.game, actions, seat_of, log, start, kinds,
                        returned)

    def bound_pots(state: HandState, chips: list[int], showing: list[int], button: int
                   ) -> list[ReplayPot]:
        return c_pots(state.address, state.game, chips, showing, button)
    replay_deal, replay_actions, replay_pots = _hhreplay.deal_history, bound_replay, bound_pots


#: ``replay_deal(board, hole_cards, seat_of, dealt, n_seats, hole_count, card_ids, deck)``:
#: hilo_fast.replay._deal's (holes, board) or None (csrc/py/hhreplay.c ``deal_history``);
#: None where it was not built.
replay_deal: Callable[..., tuple[list[list[int] | None], list[int]] | None] | None = None
#: A pot of the replay: (level, amount, eligible, high winners, low winners).
ReplayPot = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: ``replay_pots(state, chips, showing, button)``: hilo_fast.replay's pots with their
#: winners on the C hand of ``state`` (csrc/py/hhreplay.c ``pots``, the twin of
#: replay._showdown_pots); None where it was not built.
replay_pots: Callable[[HandState, list[int], list[int], int], list[ReplayPot]] | None = None
#: ``replay_actions(state, actions, seat_of, log, start, kinds, returned)``:
#: hilo_fast.replay's action loop over the C hand of ``state`` as far as each action
#: is plain (csrc/py/hhreplay.c ``replay``), the index it stopped at; None where it
#: was not built.
replay_actions: Callable[[HandState, tuple[Any, ...], dict[str, int], list[Any], int,
                          tuple[str, ...], dict[int, int]], int] | None = None


def builtin_hand_core() -> type | None:
    """``HandCore`` (csrc/py/handplay.c): the base class of engine.Hand whose
    getters read a bound C hand (``_bind_core(HandState.address, game)``)
    directly; None where it was not built."""
    try:
        from . import _handplay
    except ImportError:
        return None
    return _handplay.HandCore


def builtin_deal_cards() -> Callable[[Callable[[], float], list[int], int],
                                     tuple[list[list[int] | None], list[int], list[int]]] | None:
    """``deal_cards(rng.random, dealt_in, hole_count)``: engine._deal's shuffled
    ``(holes, board, cards in dealing order)`` from the same draws of a
    ``random.Random``, as a CPython builtin (csrc/py/handplay.c); None where it
    was not built."""
    try:
        from . import _handplay
    except ImportError:
        return None
    return _handplay.deal_cards


def builtin_hh_lines(seat_info: type, post: type, hh_action: type
                     ) -> Callable[[list[str], bool], tuple[Any, ...] | None] | None:
    """``read_lines(lines, cash)``: the PokerStars reader's line loop as a CPython
    builtin (csrc/py/hhlines.c) making these named tuples; its result or None
    ("let Python read this hand"). None where it was not built."""
    try:
        from . import _hhlines
    except ImportError:
        return None
    _hhlines.bind(seat_info, post, hh_action)
    return _hhlines.read_lines


def builtin_hh_hand(seat_info: type, post: type, hh_action: type
                    ) -> tuple[Callable[[list[str], bool], tuple[Any, ...] | None],
                               Callable[[str, int, int, bool], tuple[Any, ...] | None]] | None:
    """``(read_hand(block, cash), read_span(text, start, stop, cash))``: a PokerStars
    hand's raw lines (a list, or a slice of an ASCII text) read whole by the CPython
    builtin (csrc/py/hhlines.c): its table line and HandHistory fields, or None
    ("let Python read this hand"). None where it was not built."""
    try:
        from . import _hhlines
    except ImportError:
        return None
    _hhlines.bind(seat_info, post, hh_action)
    return _hhlines.read_hand, _hhlines.read_span


#: csrc/py/handplay.c's deal, once builtin_hand_play bound it (engine's import).
_c_deal: Callable[[int, int, list[int], int, int, list[int]], int | None] | None = None


#: csrc/py/handplay.c's deal_given, bound with _c_deal.
_c_deal_given: Callable[..., int | None] | None = None


def hand_deal_given(structure: Any, stacks: list[int], button: int, hole_count: int,
                    holes: list[list[int] | None], board: list[int]) -> HandState | int | None:
    """The hand of a deal given seat by seat (engine.Hand._given_deal), the C
    checking it: its state, the C's error code, or None when the builtin is not
    bound or the input is not plain lists of ints (a hole for exactly the seats
    with chips)."""
    if _c_deal_given is None:
        return None
    _alive, settings_address = _settings(structure)   # held: the cache may drop it
    game = ffi.new("hf_game *")
    address = int(ffi.cast("uintptr_t", game))
    err = _c_deal_given(address, settings_address, stacks, button, hole_count, holes, board)
    return HandState(game, address) if err == 0 else err


def hand_deal_plain(structure: Any, stacks: list[int], button: int, hole_count: int,
                    cards: list[int]) -> HandState | int:
    """:func:`hand_deal` for the façade's checked lists of ints (stacks, and
    cards 0..51): converted by the builtin deal where it is bound (anything
    else it leaves to hand_deal), else given to cffi as they are."""
    if _c_deal is not None:
        _alive, settings_address = _settings(structure)   # held: the cache may drop it
        game = ffi.new("hf_game *")
        address = int(ffi.cast("uintptr_t", game))
        err = _c_deal(address, settings_address, stacks, button, hole_count, cards)
        if err is not None:
            return err or HandState(game, address)
        return hand_deal(structure, stacks, button, hole_count, cards)   # not plain lists
    return hand_deal(structure, stacks, button, hole_count, cards, plain=True)


#: csrc/py/handplay.c's deal_hand, bound with _c_deal.
_c_deal_hand: Callable[[int, int, Callable[[], float], list[int], int, int],
                       tuple[list[list[int] | None], list[int], int] | None] | None = None
_GAME = ffi.typeof("hf_game *")


def hand_deal_shuffled(structure: Any, stacks: list[int], button: int, hole_count: int,
                       random: Callable[[], float]
                       ) -> tuple[HandState | int, list[list[int] | None], list[int]] | None:
    """engine._deal's shuffled deal and :func:`hand_deal_plain` in one builtin
    call, for the façade's checked plain stacks: (the HandState or the C's
    ERR_*, holes, board) from the same draws of ``random``; None where the
    builtin is not bound or the stacks are not a plain list of int64s (then
    nothing was drawn)."""
    if _c_deal_hand is None:
        return None
    _alive, settings_address = _settings(structure)   # held: the cache may drop it
    game = ffi.new(_GAME)
    address = int(ffi.cast("uintptr_t", game))
    dealt = _c_deal_hand(address, settings_address, random, stacks, button, hole_count)
    if dealt is None:
        return None
    holes, board, err = dealt
    return err or HandState(game, address), holes, board


def _settings(s: Any) -> tuple[Any, int]:
    """The hf_structure of a structure's settings, and its address (cached)."""
    key = (int(s.limit), s.max_bets, s.small_blind, s.big_blind, s.ante, s.small_bet, s.big_bet)
    found = _SETTINGS.get(key)
    if found is None:
        if len(_SETTINGS) >= 64:   # a handful in use at a time: keep the cache small
            _SETTINGS.clear()
        settings = ffi.new("hf_structure *", {
            "limit": key[0], "max_bets": _clamp(s.max_bets), "small_blind": _clamp(s.small_blind),
            "big_blind": _clamp(s.big_blind), "ante": _clamp(s.ante),
            "small_bet": _clamp(s.small_bet), "big_bet": _clamp(s.big_bet)})
        found = _SETTINGS[key] = (settings, int(ffi.cast("uintptr_t", settings)))
    return found


def hand_deal(structure: Any, stacks: Sequence[int], button: int, hole_count: int,
              cards: Sequence[int], *, plain: bool = False) -> HandState | int:
    """A new hand of ``structure`` (a :class:`~hilo_fast.structures.Structure`):
    ``cards`` in dealing order (each seat with chips its hole cards, then the
    board). The HandState, or ERR_* (ERR_TOO_MANY_CHIPS beyond MAX_CHIPS)."""
    settings = _settings(structure)[0]
    if not stacks or not (min(stacks) >= 0 and max(stacks) < MAX_CHIPS):
        stacks = [_clamp(chips) for chips in stacks]
    game = ffi.new("hf_game *")
    err = int(lib.hf_hand_deal(game, settings, len(stacks), hole_count, stacks,
                               button if 0 <= button < len(stacks) else -1,
                               cards if plain else _card_ids(cards), len(cards)))
    return err or HandState(game)


#: (hf_structure, its address) per structure's settings (hf_hand_deal copies it).
_SETTINGS: dict[tuple[int, ...], tuple[Any, int]] = {}


def _clamp(chips: int) -> int:
    """An amount beyond what the C is passed as one it refuses alike (too many
    chips, or negative)."""
    return chips if 0 <= chips < MAX_CHIPS else MAX_CHIPS if chips > 0 else -1


# ---- the vectorised environment (csrc/vector_env.c) ----

OBS_SIZE: int = lib.HF_OBS_SIZE
#: Where each observation field starts, by name, in order (HF_OBS_* of the header).
OBS_OFFSETS: dict[str, int] = dict(sorted(
    ((name[len("HF_OBS_"):].lower(), getattr(lib, name)) for name in dir(lib)
     if name.startswith("HF_OBS_") and name != "HF_OBS_SIZE"), key=lambda item: item[1]))
ENV_ACTIONS: int = lib.HF_ENV_ACTIONS
ENV_FIXED_ACTIONS: int = lib.HF_ENV_FIXED_ACTIONS


class VectorTables:
    """``n`` one-hand tables stepped by ``hf_vector_step``, writing into the
    caller's arrays, given at each call (C-contiguous; ``obs`` float32 n x
    OBS_SIZE, ``masks`` int8 n x n_actions, ``seats`` int32 n, ``rewards``
    float32 n x n_seats, ``done`` uint8 3 x n: hand over, episode
    terminated, truncated; each is checked to hold that many items, and
    written whole). ``games``, ``hands_per_game``, ``stacks``,
    ``hole_count`` as :class:`SelfPlay`'s; ``table_episodes``: hands at one
    table until a seat busts or ``max_hands`` (0: no bound) were played;
    hf_vector_deal checks every setting."""

    __slots__ = ("_bad", "_config", "_n", "_sizes", "_tables")
    _config: Any
    _tables: Any

    def __init__(self, n: int, games: Sequence[GameSettings], hands_per_game: int,
                 stacks: Sequence[int], hole_count: int, n_actions: int, button: int,
                 big_blind: int, table_episodes: bool = False, max_hands: int = 0) -> None:
        config: Any = ffi.new("hf_vector_config *")
        config.table_episodes, config.max_hands = int(table_episodes), max_hands
        for k, (limit, max_bets, sb, bb, ante, small_bet, big_bet) in enumerate(games):
            game = config.games[k]
            game.limit, game.max_bets = limit, max_bets
            game.small_blind, game.big_blind, game.ante = sb, bb, ante
            game.small_bet, game.big_bet = small_bet, big_bet
        config.n_games, config.hands_per_game = len(games), hands_per_game
        config.n_seats, config.hole_count, config.n_actions = len(stacks), hole_count, n_actions
        config.first_button, config.big_blind = button, big_blind
        for seat, chips in enumerate(stacks):
            config.stacks[seat] = chips
        self._config, self._n, self._bad = config, n, ffi.new("int64_t *")
        self._tables = ffi.new("hf_vector_table[]", n)
        # items of actions, obs, masks, seats, rewards, done
        self._sizes = (n, n * OBS_SIZE, n * n_actions, n, n * len(stacks), 3 * n)

    def seed(self, table: int, seed: int) -> None:
        """Restart ``table``'s hands from ``seed`` (shuffles by ``random.Random(seed)``)."""
        t = self._tables[table]
        words = random.Random(seed).getstate()[1]
        ffi.memmove(t.rng.key, array("I", words[:624]), 624 * 4)   # one copy, not 624 items
        t.rng.pos = words[624]
        t.hand_number = -1

    def _buffers(self, arrays: Sequence[Any], types: Sequence[str],
                 sizes: Sequence[int]) -> list[Any]:
        buffers = [ffi.from_buffer(kind, array) for kind, array in zip(types, arrays, strict=True)]
        for buffer, size in zip(buffers, sizes, strict=True):
            if len(buffer) != size:
                raise ValueError(f"a buffer of {len(buffer)} items where {size} are written")
        return buffers

    def deal(self, obs: Any, masks: Any, seats: Any) -> None:
        """The next hand at every table, and its first observation."""
        buffers = self._buffers((obs, masks, seats), ("float[]", "int8_t[]", "int32_t[]"),
                                self._sizes[1:4])
        err = lib.hf_vector_deal(self._config, self._tables, self._n, buffers[0], buffers[1],
                                 buffers[2])
        if err:
            raise ValueError(f"hf_vector_deal refused its settings ({err})")

    def step(self, actions: Any, obs: Any, masks: Any, seats: Any, rewards: Any,
             done: Any) -> int:
        """Apply ``actions`` (int64, one per table); -1, or the first table whose
        action is out of range or masked (then nothing changed)."""
        buffers = self._buffers(
            (actions, obs, masks, seats, rewards, done),
            ("int64_t[]", "float[]", "int8_t[]", "int32_t[]", "float[]", "uint8_t[]"),
            self._sizes)
        bad = self._bad
        chosen, obs, masks, seats, rewards, done = buffers
        err = lib.hf_vector_step(self._config, self._tables, self._n, chosen, obs, masks, seats,
                                 rewards, done, bad)
        if err == lib.HF_ERR_ILLEGAL:
            return int(bad[0])
        if err:
            raise RuntimeError(f"hf_vector_step failed ({err}) at table {bad[0]}")
        return -1


def env_observe(machine: Any, history: Any, seat: int, big_blind: int, n_actions: int,
                obs: Any, mask: Any) -> bool:
    """Write the observation of ``seat`` at the hand played by ``machine``
    (an engine hand's state machine) into ``obs`` (float32, OBS_SIZE) and
    ``mask`` (int8, n_actions) with ``hf_env_observe``; ``history`` (int32,
    3 x 4 x 10) its checks, calls and raises. False, with nothing written,
    when the machine is not the C hand (chips beyond the C's bound)."""
    if type(machine) is not HandState or not 0 < big_blind < MAX_CHIPS:
        return False
    history, obs, mask = (ffi.from_buffer("int32_t[]", history), ffi.from_buffer("float[]", obs),
                          ffi.from_buffer("int8_t[]", mask))
    if len(history) != 120 or len(obs) != OBS_SIZE or len(mask) != n_actions:
        raise ValueError(f"buffers of {len(history)}, {len(obs)}, {len(mask)} items where "
                         f"120, {OBS_SIZE}, {n_actions} are read and written")
    err = lib.hf_env_observe(machine.game, history, seat, big_blind, n_actions, obs, mask)
    if err:
        raise ValueError(f"hf_env_observe refused seat {seat} ({err})")
    return True
