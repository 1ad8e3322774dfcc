"""The hand-history readers', replay's and database rows' fast paths in C: CPython
builtins (csrc/py/hhlines.c, csrc/py/hhsites.c, csrc/py/hhreplay.c, csrc/py/hhrows.c) that
give exactly the Python code's answer or hand the case back to it. The pure
backend has no twin module: the Python code is the twin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NAME = "native"

def builtin_hh_lines(seat_info: type, post: type, hh_action: type
                     ) -> Callable[[list[str], bool], tuple[Any, ...] | None] | None:
    """``read_lines(lines, cash)``: the PokerStars reader's line loop as a CPython
    builtin (csrc/py/hhlines.c) making these named tuples; its result or None
    ("let Python read this hand"). None where it was not built."""
    try:
        from .._native import _hhlines
    except ImportError:
        return None
    _hhlines.bind(seat_info, post, hh_action)
    return _hhlines.read_lines


def builtin_hh_hand(seat_info: type, post: type, hh_action: type
                    ) -> tuple[Callable[[list[str], bool], tuple[Any, ...] | None],
                               Callable[[str, int, int, bool], tuple[Any, ...] | None],
                               Callable[..., Any],
                               Callable[[str, int, int, int], tuple[int, int] | None]] | None:
    """``(read_hand(block, cash), read_span(text, start, stop, cash), read_stars(text,
    start, stop, headers, minutes, seconds), next_hand(text, pos, start, end))``: a
    PokerStars hand's raw lines (a list, or a slice of an ASCII text) read whole by
    the CPython builtin (csrc/py/hhlines.c): its table line and HandHistory fields,
    or None ("let Python read this hand"); read_stars reads its header line too,
    next_hand finds where the next hand starts (csrc/py/hhlines_header.c). None
    where it was not built."""
    try:
        from .._native import _hhlines
    except ImportError:
        return None
    _hhlines.bind(seat_info, post, hh_action)
    return _hhlines.read_hand, _hhlines.read_span, _hhlines.read_stars, _hhlines.next_hand


def action_columns() -> Callable[[list[Any]], tuple[Any, Any]] | None:
    """``action_columns(hands)``: the hand database's actions rows of a batch
    of hand histories as one Arrow struct array, made in C (csrc/py/hhrows.c;
    the twin of hilo_fast.history.db.rows.action_rows): its (schema, array)
    capsules of the Arrow C data interface. None where it was not built."""
    try:
        from .._native import _hhrows
    except ImportError:
        return None
    return _hhrows.action_columns


def seat_columns() -> Callable[[list[Any]], tuple[Any, Any]] | None:
    """``seat_columns(facts)``: the hand database's seats rows of a batch of
    hands' seat facts (hilo_fast.history.db.rows.SeatFacts) as one Arrow
    struct array, made in C (csrc/py/hhrows_seats.c; the twin of
    rows.seat_rows): its (schema, array) capsules. None where not built."""
    try:
        from .._native import _hhrows
    except ImportError:
        return None
    return _hhrows.seat_columns


def replay_columns() -> Callable[[str, list[Any]], tuple[Any, Any]] | None:
    """``replay_columns(table, items)``: the hand database's boards, pots,
    pot_winners or discrepancies rows of a batch of (replay, hand key) pairs
    as one Arrow struct array, made in C (csrc/py/hhrows_pots.c; the twins of
    rows.board_rows, pot_rows, pot_winner_rows and discrepancy_rows): its
    (schema, array) capsules. None where not built."""
    try:
        from .._native import _hhrows
    except ImportError:
        return None
    return _hhrows.replay_columns


def record_columns() -> Callable[[str, tuple[str, ...], bytes, list[Any]], Any] | None:
    """``record_columns(table, names, kinds, records)``: a table's rows (tuples
    in its columns' order) as one Arrow struct array, made in C
    (csrc/py/hhrows_records.c; the twin of pyarrow's conversion to the
    table's struct type): its "arrow_array" capsule. None where not built."""
    try:
        from .._native import _hhrows
    except ImportError:
        return None
    return _hhrows.record_columns


def all_in_spot(spot_seed: Callable[[str, str, int], int], exact_deals: int
                ) -> Callable[[Any, int, int | None], tuple[list[Any], dict[str, float]] | None
                              ] | None:
    """``all_in_spot(replay, hand key, samples)``: a replayed hand's all-in equity
    rows and name -> chips expected, settled in C over the native equity backend
    (csrc/py/hhrows_all_in.c; the twin of hilo_fast.history.db.rows._all_in with
    ``spot_seed`` and ``exact_deals``, all_in's), or None ("let Python settle
    it"). None where it was not built, or on the pure equity backend."""
    try:
        from .._native import _hhrows
    except ImportError:
        return None
    from ..equity._backend import backend

    if backend.NAME != "native":
        return None
    _hhrows.bind_all_in(backend.function_address("hf_equity_exact_pots"),
                        backend.function_address("hf_equity_sample"), spot_seed, exact_deals)
    return _hhrows.all_in_spot


def lows_made() -> Callable[[Any], dict[str, bool] | None] | None:
    """``lows_made(replay)``: name -> whether each showdown player whose cards
    are shown made a low (csrc/py/hhrows_seats.c; the twin of
    hilo_fast.history.db.rows._lows_made), or None ("let Python work it out").
    None where it was not built, or on the pure core backend."""
    try:
        from .._native import _hhrows
    except ImportError:
        return None
    from ..core._backend import backend

    if backend.NAME != "native":
        return None
    _hhrows.bind_omaha(backend.function_address("hf_omaha"))
    return _hhrows.lows_made


def part_columns(spot_seed: Callable[[str, str, int], int], exact_deals: int
                 ) -> Callable[[list[Any], list[int], int | None],
                               tuple[dict[str, tuple[Any, Any]], list[int | None]]] | None:
    """``part_columns(histories, keys, samples)``: a part of an import's hands
    replayed in C into numbers and the seats, actions, boards, pots,
    pot_winners and all_in_equities rows made of them (csrc/py/hhrows_part.c;
    the twin of rows.hand_rows and the tables' builders over the hands'
    Replays): ({table: (schema, array) capsules}, a code a hand: its all-in
    street, 0 not all in, 1 preflop, 2 flop, 3 turn, or None for a hand left
    to the Python, no rows made). None where it was not built, or on a pure
    backend (the equity's or the core's). The replay's C (replay_hand) must be
    bound first."""
    try:
        from .._native import _hhreplay, _hhrows
    except ImportError:
        return None
    if all_in_spot(spot_seed, exact_deals) is None or lows_made() is None:
        return None
    _hhrows.bind_replay(_hhreplay)
    return _hhrows.part_columns


def _replay_deal() -> Callable[..., tuple[list[list[int] | None], list[int]] | None] | None:
    try:
        from .._native import _hhreplay
    except ImportError:
        return None
    return _hhreplay.deal_history


#: ``replay_deal(board, hole_cards, seat_of, dealt, n_seats, hole_count, card_ids, deck)``:
#: hilo_fast.history.replay._deal's (holes, board) or None (csrc/py/hhreplay.c
#: ``deal_history``); None where it was not built.
replay_deal = _replay_deal()


def site_loop(site: str, money: Any, cards: Any, builder: type) -> Callable[..., Any] | None:
    """``<site>_loop(lines, builder, cash, ...)``: the CPython builtin (csrc/py/hhsites.c)
    twin of a text site's line loop, calling these Python ``money``, ``cards`` and
    ``HandBuilder`` methods; what the Python loop returns, or None ("read this
    hand in Python"). None where it was not built or the site has no twin."""
    try:
        from .._native import _hhsites
    except ImportError:
        return None
    _hhsites.bind(money, cards, builder)
    loop: Callable[..., Any] | None = getattr(_hhsites, site.replace("-", "_") + "_loop", None)
    return loop


def replay_hand(card_ids: dict[str, int], deck: list[int], pot_result: type,
                low_to_high: frozenset[str], settings_of: Callable[..., Any],
                kinds: tuple[str, ...], post_kinds: tuple[str, str, str, str, str], fixed: int
                ) -> Callable[[Any], tuple[Any, ...] | None] | None:
    """``replay_hand(h)``: a plain hand history's whole replay in C
    (csrc/py/hhreplay_hand.c), the fields of its Replay when it settles
    exactly, else None ("replay this hand in Python"); bound to the replay's
    card ids, deck order, PotResult, the sites whose low odd chips go high,
    ``settings_of(limit, low, high, small blind, ante, runs)`` (the engine's C
    settings or None), the action kinds, the post kinds (small blind, big blind,
    ante, small & big blinds, straddle) and Limit.FIXED. None where it was not built."""
    try:
        from .._native import _hhreplay
    except ImportError:
        return None
    _hhreplay.bind_history(card_ids, tuple(deck), pot_result, low_to_high, settings_of, kinds,
                           *post_kinds, fixed)
    return _hhreplay.replay_hand
