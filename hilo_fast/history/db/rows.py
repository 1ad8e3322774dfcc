"""One replayed hand as the rows of each table of the schema (schema.sql).

:func:`hand_rows` appends a hand's rows to a :class:`Rows` batch (a list of
tuples per table, in the column order of schema.sql; the rows of the
actions, seats, boards, pots, pot_winners and discrepancies tables are made
when the batch is written: by :func:`action_rows`, :func:`seat_rows`,
:func:`board_rows`, :func:`pot_rows`, :func:`pot_winner_rows` and
:func:`discrepancy_rows`, or as Arrow columns in C); the importer turns a batch
into columns (Arrow for DuckDB, COPY for PostgreSQL). The tracker flags of
each seat (VPIP ... fold to c-bet, postflop aggression) are worked out here
from the actions, by the definitions of docs/database.md. Into DuckDB,
:func:`part_rows` makes a part's rows at once in C from its hands' replayed
numbers (no Replay), the same rows, and leaves the hands it does not make
whole to :func:`hand_rows`.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...cards import card_str, parse_card
from ...core.evaluation import fast_omaha_hilo
from ...engine.structures import Limit
from .._backend import fast
from ..replay import REPLAYED_IN_C
from .all_in import DEFAULT_SAMPLES, EXACT_DEALS, pots_equity, spot_seed

if TYPE_CHECKING:
    from ..model import HandHistory, UnreadableHand
    from ..replay import Replay

__all__ = ["TABLES", "Rows", "SeatFacts", "action_rows", "all_in_rows", "board_rows",
           "discrepancy_rows", "hand_row", "hand_rows", "part_rows", "positions", "pot_rows",
           "pot_winner_rows", "seat_flags", "seat_rows"]

#: The tables a hand fills, in the order they are written.
TABLES = ("hands", "seats", "actions", "boards", "pots", "pot_winners", "all_in_equities",
          "discrepancies")
_LIMITS = {Limit.FIXED: "fixed", Limit.POT: "pot", Limit.NO: "no"}
_POSTFLOP = ("flop", "turn", "river")
#: A seat not dealt in: its flags (seat_flags' order), showdown and won_money.
_OUT_FLAGS = (*([False] * 10), 0, 0, 0, False, False, False)
#: card id -> its text ("Ah"), for the board of an all-in
_CARD_TEXT = tuple(card_str(card) for card in range(52))


#: The tables whose rows a batch makes when it is written (see Rows): from
#: its histories, its seat facts, its replays.
_MADE_LATER = ("actions", "seats", "boards", "pots", "pot_winners", "discrepancies")
#: What a hand's seats rows are made from (:func:`seat_rows`): its history,
#: from its replay the showdown names, name -> chips contributed and
#: collected, name -> chips expected all in (:func:`all_in_rows`) and name ->
#: whether a low was made at showdown; and its hand key.
SeatFacts = tuple["HandHistory", tuple[str, ...], dict[str, int], dict[str, int],
                  dict[str, float], dict[str, bool], int]


@dataclass
class Rows:
    """A batch of rows: ``tables``, table name -> list of row tuples
    (schema.sql's column order), for the tables not in _MADE_LATER; theirs
    are made when the batch is written (:meth:`records` here, or the native
    columns of csrc/py/hhrows.c): the actions rows from ``histories``
    ((history, hand key) pairs), the seats rows from ``seat_facts``, the
    boards, pots, pot_winners and discrepancies rows from ``replays``
    ((replay, hand key) pairs)."""

    tables: dict[str, list[tuple[object, ...]]] = field(
        default_factory=lambda: {name: [] for name in (*TABLES, "unreadable_hands")
                                 if name not in _MADE_LATER})
    histories: list[tuple[HandHistory, int]] = field(default_factory=list)
    seat_facts: list[SeatFacts] = field(default_factory=list)
    replays: list[tuple[Replay, int]] = field(default_factory=list)
    #: tables' rows made as Arrow columns already (:func:`part_rows`): for
    #: each part, table -> (schema, array) capsules; DuckDB's import only
    columns: list[dict[str, tuple[Any, Any]]] = field(default_factory=list)
    hands: int = 0

    def records(self, table: str) -> list[tuple[object, ...]]:
        """The row tuples of ``table`` in this batch."""
        if table == "actions":
            return [row for h, key in self.histories for row in action_rows(h, key)]
        if table == "seats":
            return [row for facts in self.seat_facts for row in seat_rows(*facts)]
        made = _FROM_REPLAY.get(table)
        if made is not None:
            return [row for rep, key in self.replays for row in made(rep, key)]
        return self.tables[table]

    def clear(self) -> None:
        for rows in self.tables.values():
            rows.clear()
        self.histories.clear()
        self.seat_facts.clear()
        self.replays.clear()
        self.columns.clear()
        self.hands = 0


def action_rows(h: HandHistory, key: int) -> list[tuple[object, ...]]:
    """The actions table's rows of hand ``h`` stored under hand key ``key``:
    its posts first (street "posts", to_amount 0), then its actions (an
    HHAction is a tuple in the columns' order), seq counting through both.
    The twin of csrc/py/hhrows.c's action_columns."""
    posts = h.posts
    return [*[(key, seq, "posts", player, kind, amount, 0, all_in)
              for seq, (player, kind, amount, all_in) in enumerate(posts)],
            *[(key, seq, *action) for seq, action in enumerate(h.actions, len(posts))]]


def positions(h: HandHistory) -> dict[str, str]:
    """name -> position of each player dealt in: clockwise from the button, the
    seat after it is SB, the next BB, the last BTN; heads-up the button is the
    small blind (BTN) and the other BB. The seats between BB and BTN are, from
    the button back, CO, HJ, LJ, and before those UTG, UTG+1, ... (three or
    fewer: UTG, HJ, CO as far as they go from the button back)."""
    dealt = set(h.dealt_in)
    order = sorted([(seat[0], seat[1]) for seat in h.seats if seat[1] in dealt])
    if not order:
        return {}
    # clockwise from the first seat after the button
    button = h.button
    after = [name for seat, name in order if seat > button] + \
        [name for seat, name in order if seat <= button]
    if len(after) == 1:
        return {after[0]: "BTN"}
    if len(after) == 2:
        return {after[-1]: "BTN", after[0]: "BB"}
    out = {after[0]: "SB", after[1]: "BB", after[-1]: "BTN"}
    out.update(zip(after[2:-1], _middle_names(len(after) - 3), strict=True))
    return out


@functools.cache
def _middle_names(m: int) -> tuple[str, ...]:
    """The positions of the ``m`` seats between BB and BTN (see positions)."""
    if m <= 3:
        return ("UTG", "HJ", "CO")[3 - m:]
    return (*[("UTG" if k == 0 else f"UTG+{k}") for k in range(m - 3)], "LJ", "HJ", "CO")


def seat_flags(h: HandHistory) -> dict[str, list[int]]:
    """name -> the tracker flags of each player dealt in, in schema.sql's order:
    vpip, pfr, 3-bet chance, 3-bet, fold-to-3-bet chance, fold to 3-bet,
    c-bet chance, c-bet, fold-to-c-bet chance, fold to c-bet, postflop bets and
    raises, calls, folds, saw flop (docs/database.md defines each)."""
    flags: dict[str, list[int]] = {name: [False] * 10 + [0, 0, 0, False]
                                   for name in h.dealt_in}
    raises = 0                # preflop raises so far (1: an open raise, 2: a 3-bet)
    opener: str | None = None  # the raise to 2 bets
    aggressor: str | None = None   # the last preflop raiser
    folded: set[str] = set()
    faced_one: set[str] = set()
    faced_two: set[str] = set()
    flop_bet = False          # the flop was bet
    cbet_made = False
    flop_raised = False
    first_flop: set[str] = set()
    answered_cbet: set[str] = set()
    for street, player, kind, _amount, _to, _all_in in h.actions:
        f = flags.get(player)
        if f is None or kind == "return":
            continue
        if street == "preflop":
            if raises == 1 and player not in faced_one:
                faced_one.add(player)
                f[2] = True
                if kind == "raise":
                    f[3] = True
            if raises == 2 and player == opener and player not in faced_two:
                faced_two.add(player)
                f[4] = True
                if kind == "fold":
                    f[5] = True
            if kind == "fold":
                folded.add(player)
            elif kind == "call":
                f[0] = True
            elif kind == "raise" or kind == "bet":
                f[0] = f[1] = True
                raises += 1
                aggressor = player
                if raises == 1:
                    opener = player
            continue
        if kind in ("bet", "raise"):
            f[10] += 1
        elif kind == "call":
            f[11] += 1
        elif kind == "fold":
            f[12] += 1
        if street != "flop":
            continue
        if player not in first_flop:   # the player's first flop action
            first_flop.add(player)
            if player == aggressor and not flop_bet:
                f[6] = True
                if kind == "bet":
                    f[7] = True
                    cbet_made = True
        if cbet_made and player != aggressor and not flop_raised \
                and player not in answered_cbet:   # the first answer to the c-bet
            answered_cbet.add(player)
            f[8] = True
            if kind == "fold":
                f[9] = True
        if kind == "bet":
            flop_bet = True
        elif kind == "raise":
            flop_raised = True
    if len(h.board) >= 3:
        for name, f in flags.items():
            f[13] = name not in folded
    return flags


def _all_in(rep: Replay, out: Rows, key: int, expected_of: dict[str, float],
            samples: int | None) -> None:
    """The all-in equities of the hand, when its players were all in before the
    river with every showdown hand known (as hilo_fast.history.report.all_in_equity;
    exact or sampled by the rule of :mod:`.all_in`)."""
    h = rep.history
    if rep.all_in_board is None or not rep.holes or not rep.pots:
        return
    showdown = rep.showdown
    if not all(map(h.hole_cards.__contains__, showdown)):
        return
    hands = rep.holes
    seat_of = rep.seat_of
    holes = {name: hands[seat_of[name]] or [] for name in showdown}
    board = list(rep.all_in_board)
    expected = dict.fromkeys(showdown, 0.0)
    variance = dict.fromkeys(showdown, 0.0)   # of expected, in chips squared
    main_high: dict[str, float] = {}
    main_low: dict[str, float] = {}
    site, hand_id = h.site, h.hand_id   # (the seeds of its sampled pots)
    # the pots two or more players contest, their players in showdown order
    # (each pot's equities in that order), all settled over one enumeration
    index_of = {name: k for k, name in enumerate(holes)}
    contested: dict[int, list[str]] = {}
    for index, pot in enumerate(rep.pots):
        players = [name for name in holes if name in pot.eligible]
        if len(players) >= 2:
            contested[index] = players
    results = pots_equity(list(holes.values()),
                          [[index_of[name] for name in players] for players in contested.values()],
                          board, samples, [spot_seed(site, hand_id, index) for index in contested])
    if results is None:   # (never from a replayed hand: its cards are distinct)
        return
    settled = dict(zip(contested, results, strict=True))
    exact = all([result.exact for result in results])
    for index, pot in enumerate(rep.pots):
        result = settled.get(index)
        if result is None:
            for name, won in pot.shares.items():
                expected[name] = expected.get(name, 0.0) + won
            continue
        amount = pot.amount
        players = contested[index]
        for name, equity, error in zip(players, result.equity, result.std_error, strict=True):
            expected[name] += equity * amount
            spread = error * amount
            variance[name] += spread * spread   # (not ** 2: libm's pow may be off by an ulp)
        if index == 0:
            main_high = dict(zip(players, result.high, strict=True))
            main_low = dict(zip(players, result.low, strict=True))
    total = sum([pot.amount for pot in rep.pots]) or 1
    board_text = "".join([_CARD_TEXT[card] for card in board])
    collected = rep.collected
    expected_of.update(expected)
    out.tables["all_in_equities"].extend([
        (key, name, board_text, value / total, main_high.get(name, 0.0),
         main_low.get(name, 0.0), value, collected.get(name, 0), exact,
         math.sqrt(variance.get(name, 0.0)) / total) for name, value in expected.items()])


def all_in_rows(h: HandHistory, rep: Replay, out: Rows,
                samples: int | None = DEFAULT_SAMPLES, *, key: int) -> dict[str, float]:
    """Append the all-in equity rows of hand ``h`` (replayed as ``rep``, stored
    under hand key ``key``) to ``out``; name -> chips expected from the pots
    (empty without such a spot), for :func:`hand_rows`. The importer settles
    the spots of a run of hands one after the other, before their other rows:
    the C's tables stay in the cache between spots (about 6% of an import's
    time)."""
    expected: dict[str, float] = {}
    if rep.settled and rep.all_in_board is not None:
        settled = _C_ALL_IN(rep, key, samples) if _C_ALL_IN is not None else None
        if settled is None:
            _all_in(rep, out, key, expected, samples)
        else:
            rows, expected = settled
            out.tables["all_in_equities"] += rows
    return expected


#: _all_in in C (csrc/py/hhrows_all_in.c): the same rows and chips expected,
#: without the Python's glue (about 24 us a spot; the equities are the same C
#: calls), or None (the pure backend).
_C_ALL_IN = fast.all_in_spot(spot_seed, EXACT_DEALS) if fast is not None else None
#: _lows_made in C (csrc/py/hhrows_seats.c: 0.5 us a hand against the Python's
#: 1.4, its evaluator calls from Python), or None (the pure backend).
_C_LOWS = fast.lows_made() if fast is not None else None


def hand_rows(h: HandHistory, rep: Replay, source: str, out: Rows, *, key: int,
              samples: int | None = DEFAULT_SAMPLES,
              expected: dict[str, float] | None = None) -> None:
    """Append the rows of hand ``h`` (replayed as ``rep``) read from ``source`` to
    ``out``, under hand key ``key`` (a number of its own: the importer's are
    from the sequence hand_keys); ``samples``: the Monte Carlo deals of a big
    all-in spot (None: exact); ``expected``: what :func:`all_in_rows` returned
    when it stored the hand's all-in rows already (else they are worked out
    here)."""
    out.hands += 1
    all_in_street = None
    if rep.all_in_board is not None:
        all_in_street = ("preflop", "flop", "turn")[max(0, len(rep.all_in_board) - 2)]
    out.tables["hands"].append(hand_row(h, rep.settled, rep.exact, all_in_street, source, key))
    # (its actions, boards, pots, pot_winners and discrepancies rows: made when
    # the batch is written)
    out.histories.append((h, key))
    out.replays.append((rep, key))
    # who made a low at showdown (on any run): each shown hand valued
    low_made: dict[str, bool] = {}
    if rep.settled and rep.holes and len(rep.board) == 5:
        made = _C_LOWS(rep) if _C_LOWS is not None else None
        low_made = made if made is not None else _lows_made(h, rep)
    if expected is None:
        expected = all_in_rows(h, rep, out, samples, key=key)
    # (its seats rows: made when the batch is written)
    out.seat_facts.append((h, rep.showdown, rep.contributions, rep.collected, expected,
                           low_made, key))


def hand_row(h: HandHistory, settled: bool, exact: bool, all_in_street: str | None,
             source: str, key: int) -> tuple[object, ...]:
    """The hands table's row of hand ``h`` read from ``source``, stored under
    ``key``: its replay ``settled``, ``exact``, all in before the river on
    ``all_in_street`` (None: not)."""
    small, big = h.blinds
    return (h.site, h.hand_id, h.game, h.hole_count, _LIMITS.get(h.limit) or str(h.limit),
            f"{h.stakes[0]}/{h.stakes[1]}", small, big, h.currency, h.currency or "chips",
            h.table, h.max_seats, h.button, len(set(h.dealt_in)), h.date, h.time_zone,
            h.tournament_id, h.buy_in, h.level, h.mixed_game, h.hero, h.total_pot, h.rake,
            h.cancelled, settled, exact, all_in_street, source, h.line, key)


#: The rows of a part's hands made whole in C from their replays' numbers
#: (csrc/py/hhrows_part.c), or None (the pure backend, or no C replay).
_C_PART = fast.part_columns(spot_seed, EXACT_DEALS) if fast is not None and REPLAYED_IN_C \
    else None
#: part_columns' all-in street codes
_STREETS = (None, "preflop", "flop", "turn")


def part_rows(hands: list[HandHistory], keys: list[int], source: str, out: Rows,
              samples: int | None = DEFAULT_SAMPLES) -> list[int]:
    """Append the rows of the ``hands`` (under ``keys``, read from ``source``)
    that C makes whole to ``out``: each replayed in C into numbers, its rows
    made of them (the hands table's here, the others as Arrow columns in
    ``out.columns``; no Replay made). The indexes of the hands left: a
    cancelled hand, one not replayed in C, ...; :func:`hand_rows` makes theirs
    (all of them without the C). Their rows are the same either way
    (tests/history/db/test_part_native.py)."""
    if _C_PART is None:
        return list(range(len(hands)))
    tables, streets = _C_PART(hands, keys, samples)
    out.columns.append(tables)
    rows = out.tables["hands"]
    left: list[int] = []
    for index, (h, key, street) in enumerate(zip(hands, keys, streets, strict=True)):
        if street is None:
            left.append(index)
            continue
        out.hands += 1
        rows.append(hand_row(h, True, True, _STREETS[street], source, key))
    return left


def _lows_made(h: HandHistory, rep: Replay) -> dict[str, bool]:
    """name -> whether each showdown player whose cards ``h`` shows made a low
    on some run of the replay ``rep`` (settled, its board dealt whole)."""
    boards = [list(rep.board)] if len(h.runs) < 2 else \
        [[parse_card(card) for card in run] for run in h.runs]
    return {name: any([fast_omaha_hilo(rep.holes[rep.seat_of[name]] or [], board)[1]
                       for board in boards])
            for name in rep.showdown if name in h.hole_cards}


def board_rows(rep: Replay, key: int) -> list[tuple[object, ...]]:
    """The boards table's rows of the replayed hand ``rep`` under hand key
    ``key``: each run's board (a hand run twice: run 1, run 2, ...), else the
    board when a card was dealt. The twin of csrc/py/hhrows_pots.c's."""
    h = rep.history
    return [(key, run, "".join(board[:3]), board[3] if len(board) > 3 else None,
             board[4] if len(board) > 4 else None)
            for run, board in enumerate(h.runs or ((h.board,) if h.board else ()), 1)]


def pot_rows(rep: Replay, key: int) -> list[tuple[object, ...]]:
    """The pots table's rows of ``rep``: each pot with its high and low halves
    as the replay split them. The twin of csrc/py/hhrows_pots.c's."""
    rows: list[tuple[object, ...]] = []
    for index, pot in enumerate(rep.pots):
        low_amount = sum((pot.low_shares or {}).values())
        rows.append((key, index, pot.amount, pot.rake, len(pot.eligible), len(pot.shares),
                     pot.low_shares is not None, pot.amount - low_amount, low_amount))
    return rows


def pot_winner_rows(rep: Replay, key: int) -> list[tuple[object, ...]]:
    """The pot_winners table's rows of ``rep``: a row a player who took a part
    of a pot, by name, with the high and low chips of it. The twin of
    csrc/py/hhrows_pots.c's."""
    rows: list[tuple[object, ...]] = []
    for index, pot in enumerate(rep.pots):
        shares, lows = pot.shares, pot.low_shares or {}
        for name in sorted(shares):
            low = lows.get(name, 0)
            rows.append((key, index, name, shares[name] - low, low))
    return rows


def discrepancy_rows(rep: Replay, key: int) -> list[tuple[object, ...]]:
    """The discrepancies table's rows of ``rep``: what its replay found, seq
    from 0. The twin of csrc/py/hhrows_pots.c's."""
    return [(key, seq, message) for seq, message in enumerate(rep.discrepancies)]


#: The tables made from a batch's replays, and how (Rows.records).
_FROM_REPLAY = {"boards": board_rows, "pots": pot_rows, "pot_winners": pot_winner_rows,
                "discrepancies": discrepancy_rows}


def seat_rows(h: HandHistory, showdown: tuple[str, ...], contributions: dict[str, int],
              collected: dict[str, int], expected: dict[str, float],
              low_made: dict[str, bool], key: int) -> list[tuple[object, ...]]:
    """The seats table's rows of hand ``h`` from its :data:`SeatFacts`: one a
    seat, dealt in or not. The twin of csrc/py/hhrows_seats.c."""
    where = positions(h)
    flags = seat_flags(h)   # (by name: every player dealt in)
    at_showdown = set(showdown)
    hole_cards = h.hole_cards
    seats: list[tuple[object, ...]] = []
    for seat, name, stack, _sitting_out, _bounty in h.seats:
        if name not in flags:
            seats.append((key, seat, name, None, stack, False, None, 0, 0, 0, None, 0.0,
                          *_OUT_FLAGS, None))
            continue
        put_in = contributions.get(name, 0)
        won = collected.get(name, 0)
        net = won - put_in
        shown = hole_cards.get(name)   # the history's cards, as the replay dealt them
        value = expected.get(name)
        seats.append((
            key, seat, name, where.get(name), stack, True,
            "".join(shown) if shown else None, put_in, won, net, value,
            float(net) if value is None else net - won + value, *flags[name],
            name in at_showdown, won > 0, low_made.get(name)))
    return seats


def unreadable_rows(errors: list[UnreadableHand], source: str, out: Rows) -> None:
    """Append the reader's unreadable hands of ``source`` to ``out``."""
    for error in errors:
        out.tables["unreadable_hands"].append((source, error.line, error.hand_id, error.reason))
