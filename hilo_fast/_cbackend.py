"""The native backend: thin calls into the compiled cffi module ``_native``.

Same functions and return conventions as :mod:`hilo_fast._pybackend`. The C
validates every card itself; the only checks here are the ones cffi cannot
make for it (a fixed 5-card array needs exactly five items; cards must be
ints, not floats cffi would truncate). Input the C is not given (not ints,
numbers beyond int32/int64) gets its error code from the pure backend, so
both backends answer alike.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ._native import ffi, lib

NAME = "native"

ERR_CARD: int = lib.HF_ERR_CARD
ERR_DUPLICATE: int = lib.HF_ERR_DUPLICATE
ERR_COUNT: int = lib.HF_ERR_COUNT

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


def _pure() -> ModuleType:
    """The pure backend, which decides the error code of input the C was not
    given (a card that is not an int, a number beyond int32/int64): it
    validates in the same order as the C. Imported on the first such input."""
    from . import _pybackend

    return _pybackend


def high5(cards: Sequence[int]) -> int:
    """High value 1..7462 of five cards, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    if _ints(cards):
        try:
            return int(lib.hf_high5(cards))
        except _NOT_A_CARD:
            pass
    return int(_pure().high5(cards))


def low5(cards: Sequence[int]) -> int:
    """Low value 1..56 of five cards, 0 for no qualifying low, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    if _ints(cards):
        try:
            return int(lib.hf_low5(cards))
        except _NOT_A_CARD:
            pass
    return int(_pure().low5(cards))


def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """``high << 8 | low`` for an Omaha hand, or ERR_*.

    Lists and tuples go to C as bytes: ``bytes()`` takes only true integers
    (``__index__``) in 0..255, so it is an exact card-type check that costs
    less than cffi's own list conversion (anything else: the pure backend
    decides the error code). Never ``bytes()`` of other objects: a numpy array
    would give its raw memory.
    """
    if type(hole) in _LISTS and type(board) in _LISTS:
        try:
            cards = bytes(hole) + bytes(board)
        except (TypeError, ValueError):
            pass
        else:
            return lib.hf_omaha_bytes(cards, len(hole), len(board))
    return int(_pure().omaha(hole, board))


def omaha_bytes(cards: bytes, n_hole: int) -> int:
    """``omaha(cards[:n_hole], cards[n_hole:])`` for card ids as bytes: cffi
    passes a bytes object as it is, faster than converting two lists."""
    if type(cards) is not bytes:
        return ERR_CARD
    try:
        return lib.hf_omaha_bytes(cards, n_hole, len(cards) - n_hole)
    except OverflowError:  # a count beyond int32: the pure backend's answer
        return ERR_COUNT


def omaha_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None] | int:
    """``(high, low, high_cards, low_cards)`` of an Omaha hand, or ERR_*."""
    out: Any = ffi.new("hf_hand *")  # cffi struct fields are typed at run time only
    if not _ints(hole, board):
        return _pure().omaha_best(hole, board)  # type: ignore[no-any-return]
    try:
        err = int(lib.hf_omaha_best(hole, len(hole), board, len(board), out))
    except _NOT_A_CARD:
        return _pure().omaha_best(hole, board)  # type: ignore[no-any-return]
    if err:
        return err
    low_cards = tuple(out.low_cards) if out.low else None
    return int(out.high), int(out.low), tuple(out.high_cards), low_cards



# ---- settlement: a hand's payouts at showdown (csrc/settle.c) ----


def settle(board: Sequence[int], holes: Sequence[Sequence[int] | None], live: Sequence[int],
           contributions: Sequence[int], button: int, odd_chip_low: int,
           payouts: list[int]) -> int:
    """Pay out a hand at showdown with ``hf_settle``: set ``payouts[:]`` and return
    0, or return ERR_* with ``payouts`` untouched (see the pure backend's twin).

    The C gets lists and tuples whose items ``bytes`` and ``array`` take (they
    take exactly the integers the C may see) and plain int options; any other
    input, or a shape the C cannot receive (live seats' holes of different
    sizes), gets its answer from the pure backend, which converts the same way.
    """
    n = len(holes)
    if type(board) in _LISTS and type(holes) in _LISTS and type(live) in _LISTS \
            and type(contributions) in _LISTS and type(button) is int \
            and type(odd_chip_low) is int and len(board) == 5 \
            and len(live) == len(contributions) == len(payouts) == n:
        try:
            flags = bytes(live)
            rows: Sequence[Any] = holes
            live_rows = [hole for hole, flag in zip(rows, flags, strict=True) if flag]
            n_hole = len(live_rows[0])
            if set(map(len, live_rows)) == {n_hole} and set(map(type, live_rows)) <= {list, tuple}:
                blank = (0,) * n_hole   # the C reads only live seats' cards
                cards = [card for hole, flag in zip(rows, flags, strict=True)
                         for card in (hole if flag else blank)]
                bytes(cards), bytes(board), array("q", contributions)  # ints the C may see?
                out = ffi.new("int64_t[]", n)
                err = int(lib.hf_settle(n, cards, n_hole, board, flags, contributions, button,
                                        odd_chip_low, out))
                if not err:
                    payouts[:] = out
                return err
        except (TypeError, ValueError, OverflowError, IndexError):
            pass   # not ints the C may see, or no live seat: the pure backend answers
    return int(_pure().settle(board, holes, live, contributions, button, odd_chip_low, payouts))


# ---- equity: chunks of deals settled into integer tallies (csrc/equity.c) ----
#
# A tally is a list of ints: deals, no_low, then per player share,
# share_sq, scoop, win_high, tie_high, win_low, tie_low (see hf_equity_tally).

EQUITY_POT: int = lib.HF_EQUITY_POT
EQUITY_MAX_COUNT: int = lib.HF_EQUITY_MAX_COUNT
_TALLY_FIELDS = ("share", "share_sq", "scoop", "win_high", "tie_high", "win_low", "tie_low")


def _flat_tally(tally: object, n_players: int) -> list[int]:
    out = [int(tally.deals), int(tally.no_low)]  # type: ignore[attr-defined]
    columns = [getattr(tally, field) for field in _TALLY_FIELDS]
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
    n_players = _n_players(holes, n_hole)
    try:
        return int(lib.hf_equity_deals(holes, n_players, n_hole, board, len(board),
                                       dead, len(dead)))
    except _NOT_A_CARD:
        return int(_pure().equity_deals(holes, n_hole, board, dead))


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
        return _pure().equity_enumerate(holes, n_hole, board, dead, first, count)  # type: ignore[no-any-return]
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
        return _pure().equity_sample(holes, n_hole, board, dead, seed, count)  # type: ignore[no-any-return]
    return err or _flat_tally(out, n_players)


# ---- range equity (csrc/range_equity.c) ----
#
# ``ranges`` has one entry per player: None, or (combos, cumulative), a
# C-contiguous uint8 array of rows of card ids and an int64 array of the
# running sums of the rows' integer weights. A tally is an equity tally
# followed by the number of deals settled.

ERR_RANGE_CLASH: int = lib.HF_ERR_RANGE_CLASH
RANGE_MAX_REJECTS: int = lib.HF_RANGE_MAX_REJECTS


def _check_ranges(ranges: Sequence[tuple[Any, Any] | None], n_hole: int) -> None:
    """ValueError unless each range is 1-D uint8 rows of n_hole cards and as
    many int64 running sums (as the pure backend checks): the C trusts the
    lengths."""
    for entry in ranges:
        if entry is None:
            continue
        rows, sums = entry
        if (getattr(rows, "dtype", None) != "uint8" or getattr(sums, "dtype", None) != "int64"
                or rows.ndim != 1 or sums.ndim != 1 or not len(sums)
                or len(rows) != len(sums) * n_hole):
            raise ValueError("a range is 1-D uint8 rows of n_hole cards and int64 running sums")


def _ranges(ranges: Sequence[tuple[Any, Any] | None], n_hole: int) -> tuple[Any, list[Any]]:
    """The hf_range array, and the buffers it points into (kept alive by the caller)."""
    _check_ranges(ranges, n_hole)
    out = ffi.new("hf_range[]", len(ranges))
    keep: list[Any] = []
    for p, entry in enumerate(ranges):
        if entry is not None:
            combos = ffi.from_buffer("uint8_t[]", entry[0])
            cumulative = ffi.from_buffer("int64_t[]", entry[1])
            keep += [combos, cumulative]
            out[p].combos, out[p].cumulative, out[p].n_combos = combos, cumulative, len(cumulative)
    return out, keep


def range_deals(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                ranges: Sequence[tuple[Any, Any] | None]) -> int:
    """Positions of the exhaustive range enumeration, or ERR_*."""
    table, _keep = _ranges(ranges, n_hole)
    n_players = _n_players(holes, n_hole)
    if len(ranges) != n_players:  # the C reads one entry per player
        return ERR_COUNT
    try:
        return int(lib.hf_range_deals(holes, n_players, n_hole, board, len(board), dead,
                                      len(dead), table))
    except _NOT_A_CARD:  # numbers the C is not given: the pure backend's answer
        return int(_pure().range_deals(holes, n_hole, board, dead, ranges))


def _range_tally(out: Any, n_players: int) -> list[int]:
    return [*_flat_tally(out.tally, n_players), int(out.settled)]


def range_enumerate(holes: Sequence[int], n_hole: int, board: Sequence[int],
                    dead: Sequence[int], ranges: Sequence[tuple[Any, Any] | None],
                    first: int, count: int) -> list[int] | int:
    """Weighted tally of positions ``first .. first + count - 1``, or ERR_*."""
    table, _keep = _ranges(ranges, n_hole)
    n_players = _n_players(holes, n_hole)
    if len(ranges) != n_players:  # the C reads one entry per player
        return ERR_COUNT
    out = ffi.new("hf_range_tally *")
    try:
        err = int(lib.hf_range_enumerate(holes, n_players, n_hole, board, len(board), dead,
                                         len(dead), table, first, count, out))
    except _NOT_A_CARD:
        return _pure().range_enumerate(holes, n_hole, board, dead, ranges, first, count)  # type: ignore[no-any-return]
    return err or _range_tally(out, n_players)


def range_sample(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                 ranges: Sequence[tuple[Any, Any] | None], seed: int,
                 count: int) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed``, or ERR_*."""
    table, _keep = _ranges(ranges, n_hole)
    n_players = _n_players(holes, n_hole)
    if len(ranges) != n_players:  # the C reads one entry per player
        return ERR_COUNT
    out = ffi.new("hf_range_tally *")
    try:
        err = int(lib.hf_range_sample(holes, n_players, n_hole, board, len(board), dead,
                                      len(dead), table, seed, count, out))
    except _NOT_A_CARD:
        return _pure().range_sample(holes, n_hole, board, dead, ranges, seed, count)  # type: ignore[no-any-return]
    return err or _range_tally(out, n_players)


def omaha_batch(
    holes: Any, n_hole: int, boards: Any, n_board: int, start: int, stop: int,
    out_high: Any = None, out_low: Any = None,
) -> int:
    """Rows ``start..stop-1`` of flat int32 buffers (``n_hole`` / ``n_board``
    cards a row): -1 when every row is valid, after writing ``out_high[i]``
    and ``out_low[i]`` (when given) for each; else the first bad row, with
    nothing written. The C call runs without the GIL."""
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
        err = lib.hf_omaha_batch(hole_ptr, n_hole, board_ptr, n_board, stop - start,
                                 high + start, low + start, bad_row)
    if err == ERR_COUNT:
        raise ValueError(f"bad batch: {n_hole} hole and {n_board} board cards a row, "
                         "or outputs that overlap the inputs or each other")
    return -1 if err == 0 else start + int(bad_row[0])


# Self-play in C (csrc/selfplay.c). Native only: its pure-Python twin is the
# engine itself (hilo_fast.engine), which hilo_fast.selfplay runs when this
# backend is not in use; tests compare the two hand by hand.

#: More chips than this at the table and the C stops (amounts must convert to
#: doubles exactly, as Python's do); hilo_fast.selfplay stays below it.
SELFPLAY_MAX_CHIPS = 2**52

_SELFPLAY_ERRORS = {
    lib.HF_ERR_COUNT: "a self-play setting out of range",
    lib.HF_ERR_TOO_MANY_CHIPS: f"more than {SELFPLAY_MAX_CHIPS} chips at the table",
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
