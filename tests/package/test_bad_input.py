"""The bad-input catalogue: every public function x every class of bad input.

``CASES`` is the single source of truth: each case is a call written out as
text (evaluated in a namespace holding the public API, numpy as ``np``, and a
fresh engine ``hand``/``table``), the exception it must raise and a piece of
text the message must contain (the bad thing, named). The test runs every case
on both backends; where there is state (a ``Hand``, a ``Table``), it checks the
state is unchanged afterwards, and a batch writes nothing into its outputs.
``docs/bad-input.md`` is rendered from this
table, and a test fails when the document and the table differ. Regenerate:

    python tests/package/test_bad_input.py > docs/bad-input.md
"""

# ruff: noqa: E501  (the catalogue is a table: one case per line reads best)
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import hilo_fast

DOC = Path(__file__).resolve().parents[2] / "docs" / "bad-input.md"

# The classes of bad input, in the order of the document's columns.
CLASSES = {
    "type": "wrong type",
    "count": "wrong count",
    "range": "out-of-range card or value",
    "dup": "duplicate card (hole/board/dead)",
    "chips": "negative or fractional chips",
    "action": "illegal engine action",
    "float": "NaN/float where int expected",
    "array": "non-contiguous or wrong-dtype array",
}


@dataclass(frozen=True)
class Case:
    function: str  # the public name, as in the document's rows
    kind: str  # a key of CLASSES
    call: str  # Python source, evaluated by the test and shown in the document
    error: type[Exception]
    says: str  # the message names the bad thing: this text is in it


E, H = "evaluate", "As2dKh9c"
PL = "Structure.pot_limit(1, 2)"
CASES = [
    # ---- evaluation ----
    Case(E, "type", 'evaluate(12345, "3s4h5d")', TypeError, "bad cards 12345"),
    Case(E, "type", 'evaluate([None, 1, 2, 3], [4, 5, 6])', TypeError, "bad card None"),
    Case(E, "type", 'evaluate("AsXx2d3c", "4h5h6h")', ValueError, "'Xx'"),
    Case(E, "count", 'evaluate("As2dKh", "3s4h5d")', ValueError, "hole must have 4, 5 or 6 cards, got 3"),
    Case(E, "count", 'evaluate("As2dKh9c7c8c9d", "3s4h5d")', ValueError, "got 7"),
    Case(E, "count", 'evaluate("As2dKh9c", "3s4h")', ValueError, "board must have 3, 4 or 5 cards, got 2"),
    Case(E, "range", 'evaluate([0, 1, 2, 52], [4, 5, 6])', ValueError, "bad card 52"),
    Case(E, "range", 'evaluate([-1, 1, 2, 3], [4, 5, 6])', ValueError, "bad card -1"),
    Case(E, "range", 'evaluate([2**40, 1, 2, 3], [4, 5, 6])', ValueError, "bad card 1099511627776"),
    Case(E, "dup", 'evaluate("As2dKh9c", "As4h5d")', ValueError, "duplicate card As: in hole and in board"),
    Case(E, "dup", 'evaluate("As2dAs9c", "3s4h5d")', ValueError, "duplicate card As: twice in hole"),
    Case(E, "type", 'evaluate([True, 2, 3, 4], [5, 6, 7])', TypeError, "bad card True: a bool is not a card"),
    Case(E, "type", 'evaluate(b"As2d\\xffc", "3s4h5d")', ValueError, "bytes are read as ASCII card names"),
    Case(E, "float", 'evaluate([1.0, 2, 3, 4], [5, 6, 7])', TypeError, "bad card 1.0"),
    Case(E, "float", 'evaluate([float("nan"), 2, 3, 4], [5, 6, 7])', TypeError, "bad card nan"),
    Case(E, "float", 'evaluate([np.float32(7.9), 2, 3, 4], [5, 6, 8])', TypeError, "bad card"),
    Case(E, "array", 'evaluate(np.array([0.0, 1, 2, 3]), [4, 5, 6])', TypeError, "bad card"),
    Case("omaha_high", "count", 'omaha_high("As2dKh9c", "3s4h")', ValueError, "board must have"),
    Case("omaha_high", "range", 'omaha_high([0, 1, 2, 99], [4, 5, 6])', ValueError, "bad card 99"),
    Case("omaha_high", "dup", 'omaha_high("As2dKh9c", "9c4h5d")', ValueError, "duplicate card 9c"),
    Case("omaha_high", "float", 'omaha_high([0, 1, 2, 3.5], [4, 5, 6])', TypeError, "bad card 3.5"),
    Case("omaha_hilo", "type", 'omaha_hilo("As2dKh9c", None)', TypeError, "bad cards None"),
    Case("omaha_hilo", "count", 'omaha_hilo([0, 1, 2, 3], [4, 5])', ValueError, "board must have"),
    Case("omaha_hilo", "range", 'omaha_hilo([0, 1, 2, 3], [4, 5, 6, 7, 52])', ValueError,
         "bad card 52"),
    Case("omaha_hilo", "dup", 'omaha_hilo([0, 1, 2, 3], [4, 5, 6, 7, 3])', ValueError,
         "duplicate card 2s"),
    Case("omaha_hilo", "float", 'omaha_hilo([0, 1, 2, 3], [4, 5, 6, 7, 8.0])', TypeError,
         "bad card 8.0"),
    Case("omaha_low", "type", 'omaha_low("As2dKh9c", None)', TypeError, "bad cards None"),
    Case("omaha_low", "count", 'omaha_low("As2dKh9c", "")', ValueError, "board must have"),
    Case("omaha_low", "range", 'omaha_low([0, 1, 2, 3], [4, 5, -7])', ValueError, "bad card -7"),
    Case("omaha_low", "dup", 'omaha_low([0, 1, 2, 3], [3, 5, 6])', ValueError, "duplicate card 2s"),
    Case("omaha_low", "float", 'omaha_low([0, 1, 2, 3], [4, 5, float("inf")])', TypeError, "bad card inf"),
    Case("evaluate_high5", "type", "evaluate_high5(7)", TypeError, "bad cards 7"),
    Case("evaluate_high5", "count", 'evaluate_high5("AsKsQsJs")', ValueError, "5-card hand must have 5 cards, got 4"),
    Case("evaluate_high5", "range", "evaluate_high5([0, 1, 2, 3, 52])", ValueError, "bad card 52"),
    Case("evaluate_high5", "dup", 'evaluate_high5("AsKsQsJsAs")', ValueError, "duplicate card As"),
    Case("evaluate_high5", "float", "evaluate_high5([0, 1, 2, 3, 4.0])", TypeError, "bad card 4.0"),
    Case("evaluate_low5", "count", 'evaluate_low5("As2d3h4s5c6c")', ValueError, "got 6"),
    Case("evaluate_low5", "range", "evaluate_low5([0, 1, 2, 3, -52])", ValueError, "bad card -52"),
    Case("evaluate_low5", "dup", 'evaluate_low5("As2d3h4sAs")', ValueError, "duplicate card As"),
    Case("evaluate_low5", "float", 'evaluate_low5([0, 1, 2, 3, float("nan")])', TypeError, "bad card nan"),
    Case("describe_high", "type", 'describe_high("1")', ValueError, "bad high value '1'"),
    Case("describe_high", "range", "describe_high(7463)", ValueError, "bad high value 7463"),
    Case("describe_high", "float", "describe_high(1.0)", ValueError, "bad high value 1.0"),
    Case("describe_low", "range", "describe_low(57)", ValueError, "bad low value 57"),
    Case("describe_low", "range", "describe_low(0)", ValueError, "bad low value 0"),
    Case("describe_low", "float", "describe_low(2.0)", ValueError, "bad low value 2.0"),
    Case("high_category", "range", "high_category(0)", ValueError, "bad high value 0"),
    Case("high_category", "float", 'high_category(float("nan"))', ValueError, "bad high value nan"),
    # ---- batch (H, B: valid int32 arrays of 2 rows; oh, ol: int32 outputs) ----
    Case("evaluate_batch", "type", 'evaluate_batch("As2dKh9c", "3s4h5d")', TypeError,
         "holes must be a sequence of rows or a numpy array, not str"),
    Case("evaluate_batch", "type", "evaluate_batch(H, B, out_high=[0, 0], out_low=ol)", TypeError,
         "out_high must be a numpy int32 array, not list"),
    Case("evaluate_batch", "count", "evaluate_batch([[0, 1, 2]], [[4, 5, 6]])", ValueError,
         "holes must be rows of 4..6 card ids"),
    Case("evaluate_batch", "count", "evaluate_batch(H, B[:1])", ValueError, "holes has 2 rows but boards has 1"),
    Case("evaluate_batch", "count", "evaluate_batch([[0, 1, 2, 3], [4, 5, 6]], [[7, 8, 9]] * 2)", ValueError,
         "row 1: holes has 3 cards, row 0 has 4"),
    Case("evaluate_batch", "range", "evaluate_batch([[0, 1, 2, 52]], [[4, 5, 6]])", ValueError, "row 0: bad card 52"),
    Case("evaluate_batch", "range", "evaluate_batch(H, B + 40, out_high=oh, out_low=ol)", ValueError,
         "row 0: bad card 53"),
    Case("evaluate_batch", "range", "evaluate_batch(H.astype(np.int64) * 2**40, B)", ValueError,
         "bad card 56075093016576 in holes"),
    Case("evaluate_batch", "range", "evaluate_batch(H, B, threads=0)", ValueError, "threads must be >= 1, got 0"),
    Case("evaluate_batch", "dup", "evaluate_batch([[0, 1, 2, 3]], [[3, 5, 6]])", ValueError,
         "row 0: duplicate card 2s: in hole and in board"),
    Case("evaluate_batch", "dup", "evaluate_batch(H, np.concatenate([H[:, :1], B[:, 1:]], axis=1), "
         "out_high=oh, out_low=ol)", ValueError, "row 0: duplicate card As: in hole and in board"),
    Case("evaluate_batch", "float", "evaluate_batch([[0, 1, 2, 3.0]], [[4, 5, 6]])", TypeError,
         "row 0: bad card 3.0 in holes"),
    Case("evaluate_batch", "float", "evaluate_batch(H, B, threads=1.5)", TypeError, "threads must be an int"),
    Case("evaluate_batch", "array", "evaluate_batch(H.astype(np.float64), B)", TypeError,
         "holes must hold integer card ids, not float64"),
    Case("evaluate_batch", "array", "evaluate_batch(H.astype(bool), B)", TypeError,
         "holes must hold integer card ids, not bool"),
    Case("evaluate_batch", "array", "evaluate_batch(H.reshape(2, 4, 1), B)", ValueError,
         "holes must be rows of 4..6 card ids (an array of shape (N, k)), got shape (2, 4, 1)"),
    Case("evaluate_batch", "array", "evaluate_batch(np.repeat(H + 60, 2, axis=1)[:, ::2], B)", ValueError,
         "row 0: bad card 111 in holes"),
    Case("evaluate_batch", "array", "evaluate_batch(H, B, out_high=np.zeros(2, np.int64), out_low=ol)",
         ValueError, "out_high must be a writeable C-contiguous int32 array of shape (2,)"),
    Case("evaluate_batch", "array", "evaluate_batch(H, B, out_high=np.zeros(4, np.int32)[::2], out_low=ol)",
         ValueError, "out_high must be a writeable C-contiguous int32 array"),
    Case("evaluate_batch", "array", "evaluate_batch(H, B, out_high=H.reshape(-1)[4:6], out_low=ol)",
         ValueError, "out_high overlaps holes: outputs must be separate arrays"),
    Case("evaluate_batch", "array", "evaluate_batch(H, B, out_high=oh, out_low=oh)", ValueError,
         "out_high overlaps out_low"),
    # ---- cards ----
    Case("parse_card", "type", "parse_card(None)", TypeError, "bad card None"),
    Case("parse_card", "type", 'parse_card("1s")', ValueError, "bad card '1s'"),
    Case("parse_card", "type", "parse_card(True)", TypeError, "bad card True: a bool is not a card"),
    Case("parse_card", "range", "parse_card(52)", ValueError, "bad card 52"),
    Case("parse_card", "float", "parse_card(1.0)", TypeError, "bad card 1.0"),
    Case("parse_cards", "type", "parse_cards(42)", TypeError, "bad cards 42"),
    Case("parse_cards", "type", 'parse_cards("AsKd1x")', ValueError, "bad card '1x'"),
    Case("parse_cards", "range", "parse_cards([3, 60])", ValueError, "bad card 60"),
    Case("parse_cards", "float", "parse_cards([3, 6.5])", TypeError, "bad card 6.5"),
    Case("card_str", "type", 'card_str("As")', TypeError, "bad card 'As'"),
    Case("card_str", "type", "card_str(None)", TypeError, "bad card None"),
    Case("card_str", "range", "card_str(52)", ValueError, "bad card 52"),
    Case("card_str", "float", "card_str(1.5)", TypeError, "bad card 1.5"),
    Case("format_cards", "type", "format_cards(5)", TypeError, "bad cards 5"),
    Case("format_cards", "range", "format_cards([0, -3])", ValueError, "bad card -3"),
    # ---- showdown ----
    Case("showdown", "type", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], "10,10")', TypeError,
         "contributions must be a sequence"),
    Case("showdown", "count", 'showdown("As2dKh3c", ["KsKdQsQd", "2c3d4h6s"], [10, 10])', ValueError,
         "board must have 5 cards, got 4"),
    Case("showdown", "count", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], [10, 10, 10])',
         ValueError, "2 seats in holes but 3 contributions"),
    Case("showdown", "range", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], [10, 10], button=5)',
         ValueError, "button 5 is not a seat"),
    Case("showdown", "range", 'showdown("As2dKh3c5c", [[0, 1, 2, 77], "2c3d4h6s"], [10, 10])',
         ValueError, "bad card 77"),
    Case("showdown", "dup", 'showdown("As2dKh3c5c", ["AsKdQsQd", "2c3d4h6s"], [10, 10])', ValueError,
         "duplicate card As: in board and in seat 0"),
    Case("showdown", "chips", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], [-5, 10])', ValueError,
         "seat 0's contribution must be >= 0, got -5"),
    Case("showdown", "chips", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], [2.5, 10])', TypeError,
         "seat 0's contribution must be an int number of chips, got 2.5"),
    Case("showdown", "float", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], [10, float("nan")])',
         TypeError, "got nan"),
    Case("showdown", "count", 'showdown(None, ["KsKdQsQd", "2c3d4h6s"], [10, 10], '
         'boards=["As2dKh3c5c", "9h8h7h6h"])', ValueError, "board 1 must have 5 cards, got 4"),
    Case("showdown", "dup", 'showdown(None, ["KsKdQsQd", "2c3d4h6s"], [10, 10], '
         'boards=["As2dKh3c5c", "9h8hAs6h5h"])', ValueError,
         "card As is on board 0 and on board 1 at another place"),
    Case("showdown", "count", 'showdown("As2dKh3c5c", ["KsKdQsQd", "2c3d4h6s"], [10, 10], '
         'game=Game(hole_cards=5))', ValueError, "seat 0 holds 4 cards but the game deals 5"),
    Case("rank_hands", "count", 'rank_hands("As2dKh3c5c", ["KsKdQs", "2c3d4h6s"])', ValueError,
         "seat 0's hole must have 4, 5 or 6 cards, got 3"),
    Case("rank_hands", "dup", 'rank_hands("As2dKh3c5c", ["KsKdQsQd", "Ks3d4h6s"])', ValueError,
         "duplicate card Ks"),
    # ---- ranges ----
    Case("Range", "type", "Range(44)", TypeError, "a range is a string, not int"),
    Case("Range", "range", 'Range("AQb")', ValueError, "unknown letter 'b' at position 2"),
    Case("Range", "range", 'Range("(AA,KK")', ValueError, "unbalanced parenthesis '(' at position 0"),
    Case("Range", "count", 'Range("AAKKQ")', ValueError, "more cards than a 4-card hand"),
    Case("Range", "count", 'Range("AA", hole_count=3)', ValueError, "hole_count must be 4, 5 or 6"),
    Case("Range", "count", 'Range("AA", hole_count=4, game=Game(hole_cards=5))', ValueError,
         "hole_count 4 but the game deals 5 cards"),
    # ---- the game dealt ----
    Case("Game", "count", "Game(hole_cards=7)", ValueError, "Game hole_cards must be 4, 5 or 6"),
    Case("Game", "range", "Game(boards=3)", ValueError, "Game boards must be 1 or 2"),
    Case("Game", "type", 'Game(boards="2")', TypeError, "Game boards must be an int"),
    Case("Game", "range", 'Game(split="low")', ValueError, "Game split must be 'hilo' or 'high'"),
    Case("Game", "range", 'Game.named("stud")', ValueError, "unknown game 'stud'"),
    Case("Range", "range", 'Range("101%")', ValueError, "a percentage outside 0-100"),
    Case("Range", "range", 'Range("AA@0,KK@1")', ValueError, "a weight must be a positive number"),
    Case("Range", "dup", 'Range("AsAs")', ValueError, "the same card twice (As)"),
    Case("equity", "dup", 'equity(["AsKsQsJs", "AsAh**"])', ValueError,
         "player 2's range 'AsAh**' is empty after card removal"),
    # ---- equity ----
    Case("equity", "type", 'equity("As2dKh3c7c8d9hTs")', TypeError, "holes must be a sequence of hands"),
    Case("equity", "count", 'equity(["As2dKh3c", "7c8d9hTs"], game=Game(boards=2), boards=["2c3c4c"])',
         ValueError, "boards must hold 2 board(s)"),
    Case("equity", "dup", 'equity(["As2dKh3c", "7c8d9hTs"], game=Game(boards=2), '
         'boards=["2c4c5c", "6cJc2c"])', ValueError, "duplicate card 2c"),
    Case("equity", "range", 'equity(["As2dKh3c", "7c8d9hTs"], runs=9)', ValueError,
         "runs must be 1..8, got 9"),
    Case("equity", "type", 'equity(["As2dKh3c", "7c8d9hTs"], game="high")', TypeError,
         "game must be a hilo_fast.Game"),
    Case("equity", "count", 'equity(["As2dKh3c"])', ValueError, "equity needs 2 to 10 players, got 1"),
    Case("equity", "count", 'equity(["As2dKh3c", "7c8d9hTsJs"])', ValueError,
         "every player must hold the same number of cards"),
    Case("equity", "count", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c")', ValueError,
         "board must have 0, 3, 4 or 5 cards, got 2"),
    Case("equity", "count", "equity([None] * 10, dead=list(range(20)))", ValueError,
         "too many players for the deck"),
    Case("equity", "range", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", seed=-1)', ValueError,
         "seed must be 0..18446744073709551615, got -1"),
    Case("equity", "range", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", samples=0)', ValueError,
         "samples must be >= 1, got 0"),
    Case("equity", "range", 'equity(["As2dKh3c", None], samples=10**12 + 1)', ValueError,
         "samples must be at most 1,000,000,000,000 (equity.MAX_SAMPLES)"),
    Case("equity", "range", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", threads=0)', ValueError,
         "threads must be >= 1, got 0"),
    Case("equity", "dup", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", "2h")', ValueError,
         "duplicate card 2h: in board and in dead"),
    Case("equity", "dup", 'equity(["As2dKh3c", "7c8d9hAs"])', ValueError,
         "duplicate card As: in player 1 and in player 2"),
    Case("equity", "float", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", samples=2.5)', TypeError,
         "samples must be an int, not float"),
    Case("equity", "float", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", samples=float("nan"))',
         TypeError, "samples must be an int"),
    Case("equity", "float", 'equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", threads=1.5)', TypeError,
         "threads must be an int"),
    # ---- rules engine ----
    Case("Structure", "type", "Structure.pot_limit(1, 2, ante=None)", TypeError, "ante must be an int"),
    Case("Structure", "range", "Structure.pot_limit(2, 1)", ValueError,
         "small_blind 2 is larger than big_blind 1"),
    Case("Structure", "chips", "Structure.pot_limit(-1, 2)", ValueError,
         "small_blind must be zero or more, got -1"),
    Case("Structure", "chips", "Structure.fixed_limit(0, 4)", ValueError, "small_bet must be positive, got 0"),
    Case("Structure", "float", "Structure.pot_limit(1.5, 2)", TypeError, "small_blind must be an int, got 1.5"),
    Case("Structure", "float", 'Structure.no_limit(1, float("nan"))', TypeError, "big_blind must be an int"),
    Case("MixedGame", "type", "MixedGame(Structure.no_limit(1, 2), hands_per_game=2)", TypeError,
         "pot_limit must be a pot-limit Structure"),
    Case("MixedGame", "range", f"MixedGame({PL}, hands_per_game=0)", ValueError,
         "hands_per_game must be positive, got 0"),
    Case("Hand", "type", 'Hand("pl", [100, 100], button=0)', TypeError, "structure must be a Structure"),
    Case("Hand", "count", f"Hand({PL}, [100], button=0)", ValueError, "a table has 2..10 seats, got 1"),
    Case("Hand", "count", f'Hand({PL}, [100, 100], button=0, holes=["AsKsQsJs", "2c3c4c"], '
         'board="5d6d7d8d9d")', ValueError, "got 3"),
    Case("Hand", "range", f"Hand({PL}, [100, 100], button=2)", ValueError, "button must be a seat 0..1, got 2"),
    Case("Hand", "dup", f'Hand({PL}, [100, 100], button=0, holes=["AsKsQsJs", "AsKdQdJd"], '
         'board="5d6d7d8d9d")', ValueError, "duplicate card As"),
    Case("Hand", "chips", f"Hand({PL}, [100, -5], button=0)", ValueError, "stack of seat 1 is negative: -5"),
    Case("Hand", "chips", f"Hand({PL}, [100, 2.5], button=0)", TypeError, "stack of seat 1 must be an int"),
    Case("Hand", "float", f'Hand({PL}, [100, float("nan")], button=0)', TypeError, "got nan"),
    Case("Hand.act", "type", "hand.act(42)", ValueError, "unknown action 42"),
    Case("Hand.act", "type", 'hand.act("shove")', ValueError, "unknown action 'shove'"),
    Case("Hand.act", "action", 'hand.act("check")', ValueError, "seat 0 cannot check (faces a bet of 1"),
    Case("Hand.act", "action", 'hand.act("bet", 4)', ValueError, "seat 0 cannot bet"),
    Case("Hand.act", "action", 'hand.act("raise", 10**9)', ValueError, "must be to 4..6"),
    Case("Hand.act", "chips", 'hand.act("raise", -4)', ValueError, "seat 0 cannot raise -4"),
    Case("Hand.act", "float", 'hand.act("raise", 4.0)', TypeError, "raise needs an int 'to' amount, got 4.0"),
    Case("Hand.act", "float", 'hand.act("raise", float("nan"))', TypeError, "got nan"),
    Case("Hand.act", "action", 'over.act("call")', ValueError, "over"),
    Case("Hand.view", "range", "hand.view(2)", ValueError, "seat must be 0..1, got 2"),
    Case("Table", "type", 'Table([100, 100], "x")', TypeError, "structure must be a Structure or MixedGame"),
    Case("Table", "chips", f"Table([100, -1], {PL})", ValueError, "stack of seat 1 is negative: -1"),
    Case("Table.next_hand", "count", 'table.next_hand(holes=["AsKsQsJs", "2c2d2h2s"], board="5d6d7d8d9d")',
         ValueError, "holes must have one entry per seat (3)"),
    Case("Table.next_hand", "dup", 'table.next_hand(holes=["AsKsQsJs", "AsKdQdJd", "2c2d2h2s"], '
         'board="5d6d7d8d9d")', ValueError, "duplicate card As"),
    Case("Table.next_hand", "action", "busy.next_hand()", ValueError, "is not over yet"),
    Case("simulate", "count", f"simulate(10, {PL}, players=1)", ValueError, "players must be 2..10, got 1"),
    Case("simulate", "range", f"simulate(-1, {PL})", ValueError, "hands must be an int >= 0, got -1"),
    Case("simulate", "float", f"simulate(2.5, {PL})", ValueError, "hands must be an int >= 0, got 2.5"),
    Case("simulate", "range", f"simulate(10**23, {PL})", ValueError, "hands must be at most 1,000,000,000,000 (selfplay.MAX_HANDS)"),
    Case("simulate", "range", f"simulate(10, {PL}, seed=-1)", ValueError, "seed must be 0..18446744073709551615, got -1"),
    Case("simulate", "range", f"simulate(10, {PL}, seed=2**64)", ValueError, "seed must be 0..18446744073709551615, got 18446744073709551616"),
    Case("simulate", "float", f"simulate(10, {PL}, seed=1.5)", TypeError, "seed must be an int or None, not float"),
    Case("simulate", "type", f'simulate(10, {PL}, bots=["allin"])', ValueError, "unknown bot 'allin'"),
    Case("simulate", "type", f"simulate(10, {PL}, bots=[3])", TypeError, "bots[0] must be a callable"),
    Case("to_phh", "type", 'to_phh("x")', TypeError, "to_phh needs a Hand, not str"),
    Case("to_phh", "action", "to_phh(hand)", ValueError, "only a finished hand can be exported"),
    Case("read_pokerstars", "type", "read_pokerstars(12)", TypeError, "source must be a path or an open text file, got 12"),
    Case("read_pokerstars", "type", "read_pokerstars(b'PokerStars')", TypeError, "source must be a path or an open text file"),
    Case("parse_pokerstars", "type", "parse_pokerstars(None)", TypeError, "text must be a str, got NoneType"),
    Case("parse_pokerstars", "type", "list(parse_pokerstars('hello\\n'))", ValueError, "is not a PokerStars hand history"),
    Case("read_history", "type", "read_history(12)", TypeError, "source must be a path, an open file, a directory or a list of these, got int"),
    Case("read_history", "type", "read_history([b'hello'])", TypeError, "got bytes"),
    Case("read_history", "type", "list(read_history(__import__('io').StringIO('hello\\n')))", ValueError, "no site's hand history recognised"),
    Case("parse_phh", "type", "parse_phh('x = = 1\\n')", ValueError, "<text>: not PHH (TOML: Invalid value"),
    Case("parse_phh", "range", 'parse_phh(\'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\nactions = []\\n\')', ValueError, "variant 'NT' is not one of"),
    Case("parse_phh", "chips", 'parse_phh(\'variant = "PO/8"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [-5, 10]\\nactions = []\\n\')', ValueError, "starting_stacks[0] is negative: -5"),
    Case("parse_phh", "action", 'parse_phh(\'variant = "PO/8"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\nactions = [\"p1 f\"]\\n\')', ValueError, "p1 acts out of turn"),
    Case("parse_phh", "range", 'parse_phh(\'variant = "PO/8"\\nantes = [0, 0, 0]\\nblinds_or_straddles = [1, 2, 0]\\nmin_bet = 2\\nstarting_stacks = [10, 10, 10]\\nactions = []\\n_big_blind = 3\\n\')', ValueError, "_big_blind = 3: not a player who posts a blind"),
    Case("read_phh", "type", "read_phh('this is not phh')", ValueError, "not PHH: 'this is not phh' is not a file"),
    Case("read_phh", "type", "read_phh(b'variant')", TypeError, "source must be a path or an open file"),
    # ---- solver ----
    Case("Subgame", "dup", 'Subgame("Kh9s5d4cKh", ranges=("AA", "KK"), pot=100, stacks=200, structure=Structure.fixed_limit(10))', ValueError, "the board holds a card twice"),
    Case("Subgame", "count", 'Subgame("Kh9s5d", ranges=("AA", "KK"), pot=100, stacks=200, structure=Structure.fixed_limit(10))', ValueError, "the board must be 5 cards"),
    Case("Subgame", "range", 'Subgame("AhAs5d4c2h", ranges=("AhAsAdAc", "KK"), pot=100, stacks=200, structure=Structure.fixed_limit(10))', ValueError, "is empty once the board's cards are removed"),
    Case("Subgame", "range", f'Subgame("Kh9s5d4c2h", ranges=("AA", "KK"), pot=100, stacks=200, structure={PL}, bet_sizes=(1.5,))', ValueError, "above the pot-limit maximum"),
    Case("Subgame", "chips", 'Subgame("Kh9s5d4c2h", ranges=("AA", "KK"), pot=100, stacks=-1, structure=Structure.fixed_limit(10))', ValueError, "stacks must not be negative, got -1"),
    Case("Subgame", "float", 'Subgame("Kh9s5d4c2h", ranges=("AA", "KK"), pot=100.5, stacks=10, structure=Structure.fixed_limit(10))', TypeError, "pot must be an int"),
    Case("Subgame", "type", 'Subgame("Kh9s5d4c2h", ranges=("AA", "KK"), pot=100, stacks=10, structure="pot")', TypeError, "structure must be a hilo_fast.Structure"),
    Case("solve", "type", "solve('spot')", TypeError, "solve takes a hilo_fast.Subgame"),
    Case("solve", "range", 'solve(Subgame("Kh9s5d4c2h", ranges=("AsAd2c3c", "KsKd2d3d"), pot=100, stacks=10, structure=Structure.fixed_limit(10)), max_iterations=0)', ValueError, "max_iterations must be a positive int"),
    Case("best_response", "type", 'best_response(Subgame("Kh9s5d4c2h", ranges=("AsAd2c3c", "KsKd2d3d"), pot=100, stacks=10, structure=Structure.fixed_limit(10)), 5)', TypeError, "strategy must be a Solution"),
    Case("SolverBot", "type", "SolverBot('solution')", TypeError, "SolverBot plays a hilo_fast.Solution"),
    Case("strategy_by_class", "type", "strategy_by_class('solution')", TypeError, "strategy_by_class takes a hilo_fast.Solution"),
    Case("plot_strategy", "type", "plot_strategy(None)", TypeError, "strategy_by_class takes a hilo_fast.Solution"),
    Case("classify", "count", 'classify("As2dKh", "3s4h5d")', ValueError, "hole must have 4, 5 or 6 cards, got 3"),
    Case("classify", "count", 'classify("As2dKh9c", "3s4h")', ValueError, "board must have 3, 4 or 5 cards, got 2"),
    Case("classify", "range", 'classify([0, 1, 2, 52], [4, 5, 6])', ValueError, "bad card 52"),
    Case("classify", "dup", 'classify("As2dKh9c", "3s4h5d", dead="5d")', ValueError, "duplicate card 5d: in board and in dead"),
    Case("classify", "type", 'classify("As2dKh9c", "3s4h5d", dead=7.5)', TypeError, "bad cards 7.5"),
    Case("runouts", "count", 'runouts(["As2sKhKd"], "")', ValueError, "runouts needs 2 to 10 players, got 1"),
    Case("runouts", "dup", 'runouts(["As2sKhKd", "As3dQcJc"], "")', ValueError, "duplicate card As"),
    Case("runouts", "count", 'runouts(["As2sKhKd", "Ad3dQcJc"], "3h4c")', ValueError, "board must have 0, 3, 4 or 5 cards, got 2"),
    Case("runouts", "range", 'runouts(["As2sKhKd", "Ad3dQcJc"], samples=0)', ValueError, "samples must be a positive int or None, got 0"),
    Case("range_vs_range", "type", 'range_vs_range("AA", 3, "7c8d9h")', TypeError, "villain must be a Range or range text, not int"),
    Case("range_vs_range", "count", 'range_vs_range("AA", "KK", "7c8d")', ValueError, "board must have 3, 4 or 5 cards, got 2"),
    Case("range_vs_range", "dup", 'range_vs_range("AsAdAhAc", "AsKdKhKc", "7c8d9h")', ValueError, "the ranges can never be dealt together"),
    Case("percentile", "count", 'percentile("AsAd2s")', ValueError, "a percentile needs a 4- or 5-card hand, not 3 cards"),
    Case("percentile", "dup", 'percentile("AsAs2s3d")', ValueError, "is not 4 distinct cards"),
    Case("percentile", "range", 'percentile("AsAd2s3d", against=4)', ValueError, "no 4-card ranking against 4 random hands"),
    Case("percentile", "range", 'percentile("AsAd2s3d4c", against=1)', ValueError, "no 5-card ranking against 1 random hands (there are 5-card rankings against 5)"),
    Case("percentile", "range", 'percentile("AsAd2s3d4c", against="20%")', ValueError, "rankings against a range are for 4-card hands, not 5-card"),
    Case("percentile", "type", 'percentile(5)', TypeError, "bad cards 5"),
    Case("percentile", "type", 'percentile("AsAd2s3d", against=2.5)', TypeError, "against must be a number of opponents, a range or a PreflopRanking, not float"),
    Case("unroll", "type", 'unroll("AsAd2s3d", 7, "7c8d9h")', TypeError, "villain must be a Range or range text, not int"),
    Case("unroll", "count", 'unroll("AsAd2s3d", "KKQQ", "7c8d")', ValueError, "board must have 3, 4 or 5 cards, got 2"),
    Case("unroll", "dup", 'unroll("AsAd2s3d", "KKQQ", "7c7c9h")', ValueError, "duplicate card 7c"),
    Case("unroll", "dup", 'unroll("AsAdAhAc", "AsKdKhKc", "7c8d9h")', ValueError, "can never be dealt together"),
    Case("next_street", "count", 'next_street("AsAd2s3d", "KKQQ", "7c8d9hTs2c")', ValueError, "board for the next street must have 3 or 4 cards, got 5"),
    Case("next_street", "type", 'next_street(None, "KKQQ", "7c8d9h")', TypeError, "hero must be a Range or range text, not NoneType"),
    Case("classify_range", "type", 'classify_range(12, "3s4h5d")', TypeError, "hands must be a Range or range text, not int"),
    Case("classify_range", "type", 'classify_range("AA**", "3s4h5d", dead="Xx")', ValueError, "Xx"),
    Case("classify_range", "count", 'classify_range("AA**", "3s4h5d6d7d8d")', ValueError, "board must have 3, 4 or 5 cards, got 6"),
    Case("classify_range", "dup", 'classify_range("AA**", "3s4h5d", dead="3s")', ValueError, "duplicate card 3s: in board and in dead"),
    Case("pql", "type", "pql(3)", TypeError, "a PQL query is a str, not int"),
    Case("pql", "count", "pql(\"select count(winsHi(h)) from h='As2d3c4h', board='7d8d'\")", ValueError, "col 51: board: 0, 3, 4 or 5 cards, got 2"),
    Case("pql", "range", "pql(\"select count(winsHi(h)) from h='As2d3c4h'\", samples=0)", ValueError, "samples must be 1.."),
    Case("pql", "dup", "pql(\"select count(winsHi(h)) from h='As2d3c4h', board='As7d8d'\")", ValueError, "col 33: player h: As is also on the board"),
    Case("pql", "float", "pql(\"select count(winsHi(h)) from h='As2d3c4h'\", samples=2.5)", TypeError, "samples must be an int, not float"),
]


def _namespace() -> dict[str, Any]:
    """The public API, numpy, and fresh engine state for one case."""
    ns: dict[str, Any] = {name: getattr(hilo_fast, name) for name in hilo_fast.__all__}
    ns["np"] = np
    ns["H"] = np.array([[51, 1, 46, 32], [0, 4, 8, 12]], dtype=np.int32)
    ns["B"] = np.array([[2, 5, 9, 13, 17], [20, 24, 28, 33, 40]], dtype=np.int32)
    ns["oh"], ns["ol"] = np.full(2, -7, dtype=np.int32), np.full(2, -7, dtype=np.int32)
    pot_limit = hilo_fast.Structure.pot_limit(1, 2)
    ns["hand"] = hilo_fast.Hand(pot_limit, [100, 100], button=0, seed=1)  # seat 0 faces the blind
    ns["over"] = hilo_fast.Hand(pot_limit, [100, 100], button=0, seed=1)
    ns["over"].act("fold")
    ns["table"] = hilo_fast.Table([100, 100, 100], pot_limit, seed=5)
    ns["busy"] = hilo_fast.Table([100, 100, 100], pot_limit, seed=5)
    ns["busy"].next_hand()
    return ns


def _state(ns: dict[str, Any]) -> dict[str, str]:
    """Every attribute of every stateful object, as text (and the table's shuffle)."""
    out: dict[str, str] = {name: repr(ns[name].tolist()) for name in ("H", "B", "oh", "ol")}
    for name in ("hand", "over", "table", "busy"):
        obj = ns[name]
        for slot in type(obj).__slots__:
            out[f"{name}.{slot}"] = repr(getattr(obj, slot, None))
        if isinstance(obj, hilo_fast.Table):
            out[f"{name}._rng state"] = repr(obj._rng.getstate())
            if obj.hand is not None:
                out.update({f"{name}.hand.{s}": repr(getattr(obj.hand, s, None))
                            for s in type(obj.hand).__slots__})
    return out


@pytest.mark.parametrize("case", CASES, ids=[f"{c.function}-{c.kind}-{i}" for i, c in enumerate(CASES)])
def test_bad_input_raises_and_changes_nothing(backend: ModuleType, case: Case) -> None:
    ns = _namespace()
    before = _state(ns)
    with pytest.raises(case.error) as raised:
        eval(case.call, ns)  # the catalogue's calls are source text so the doc shows them
    assert type(raised.value) is case.error
    assert case.says in str(raised.value), f"the message does not name the problem: {raised.value}"
    assert _state(ns) == before, "state changed although the call was refused"


def test_every_public_function_is_catalogued() -> None:
    """Each public function and class with a bad-input surface has cases."""
    covered = {case.function.split(".")[0] for case in CASES}
    no_input = {"BACKEND", "__version__", "HandValue", "HandClass", "RangeClasses",
                "RangeVsRange", "NextStreet", "StreetEquity", "Unroll", "Runouts", "RunoutChunk", "PQLResult", "EquityResult",
                "PlayerEquity", "BoardEquity", "Pot",
                "ShowdownResult", "SimulationSummary", "LegalActions", "Action", "Street", "Limit",
                "OddChip", "to_phhs", "Bot", "HandView", "Solution",  # values, enums and to_phhs (it calls to_phh per hand)
                "HandHistory", "Replay", "PokerStarsReader", "UnreadableHand",  # read results
                "CardLike", "CardsLike"}  # type aliases
    assert set(hilo_fast.__all__) - no_input == covered


def test_the_state_check_can_see_a_change() -> None:
    ns = _namespace()
    before = _state(ns)
    ns["hand"].act("call")
    assert _state(ns) != before


def render() -> str:
    """docs/bad-input.md, from CASES."""
    functions = list(dict.fromkeys(case.function for case in CASES))
    lines = [
        "# Bad input: what every public function raises",
        "",
        "Generated from `tests/package/test_bad_input.py` (`python tests/package/test_bad_input.py >"
        " docs/bad-input.md`); a test fails when this file and the table differ. Every row below is",
        "a test, run on both backends: the call raises exactly this exception, the message",
        "contains the quoted text (it names the bad thing), and a `Hand` or `Table` involved",
        "is unchanged afterwards (`hand`: a heads-up pot-limit 1/2 hand, seat 0 to act facing",
        "the big blind; `over`: a finished hand; `table`: a fresh 3-seat table; `busy`: a table",
        "whose hand is still on), as are the batch inputs `H`, `B` (valid int32 arrays of two",
        "rows) and outputs `oh`, `ol` (nothing is written on bad input).",
        "",
        f"{len(CASES)} cases over {len(functions)} public functions and {len(CLASSES)} classes of"
        " bad input.",
        "",
        "## Summary (exceptions raised; - = the function takes no such input)",
        "",
        "| function | " + " | ".join(CLASSES.values()) + " |",
        "|---" * (len(CLASSES) + 1) + "|",
    ]
    for function in functions:
        cells = []
        for kind in CLASSES:
            errors = sorted({c.error.__name__ for c in CASES if c.function == function and c.kind == kind})
            cells.append(", ".join(errors) or "-")
        lines.append(f"| `{function}` | " + " | ".join(cells) + " |")
    lines += ["", "## Every case", "", "| function | bad input | call | raises | message contains |",
              "|---|---|---|---|---|"]
    for c in CASES:
        call, says = c.call.replace("|", "\\|"), c.says.replace("|", "\\|")
        lines.append(f"| `{c.function}` | {CLASSES[c.kind]} | `{call}` | `{c.error.__name__}` | "
                     f"{says} |")
    lines += [
        "",
        "Accepted on purpose: anything with `__index__` is a card id (numpy integer scalars,",
        "phevaluator and treys card ints), as are phevaluator `Card` (its `id_`) and pokerkit",
        "`Card` objects; `bytes` are ASCII card names (`b\"As2d\"`), never card ids; numpy",
        "integer arrays of any dtype, byte order or layout are cards (non-contiguous or",
        "non-int32 arrays are range-checked, then copied once). A `bool` is never a card",
        "(`True` would be the 2d): the one exception is `evaluate_batch`, whose list rows are",
        "read as plain numbers, like its arrays.",
        "",
        "## At the command line",
        "",
        "`hilo-fast` never shows a traceback (`tests/cli/test_cli_errors.py` runs each case in a",
        "subprocess). Whatever goes wrong, stderr gets one line and the exit code says what:",
        "",
        "| what went wrong | the user sees | exit |",
        "|---|---|---|",
        "| bad input (cards, counts, chips, any library `ValueError`/`TypeError`) | `hilo-fast: error: <the library's message>` | 2 |",
        "| a bad option or value (argparse) | `hilo-fast: error: argument --seed: must be 0..18446744073709551615, got -1 (see 'hilo-fast equity --help')` | 2 |",
        "| `--stakes -1/2` (a value starting with `-`) | `hilo-fast: error: argument --stakes: expected two whole numbers >= 0 like 1/2 (small/big), got '-1/2' ...` | 2 |",
        "| `--seat As2dJcTc:-20` | `hilo-fast: error: bad --seat 'As2dJcTc:-20' (seat 0): the chips put in must be a whole number >= 0, got '-20'` | 2 |",
        "| `--samples` above the cap | `hilo-fast: error: argument --samples: must be 1..1000000000000, got ...` | 2 |",
        "| a file that cannot be written (`--phh /nonexistent/dir/x.phhs`) | `hilo-fast: error: cannot write --phh file '/nonexistent/dir/x.phhs': No such file or directory` | 1 |",
        "| any other file that cannot be read or written | `hilo-fast: error: <path>: <reason>` | 1 |",
        "| an optional dependency not installed (`range 'A2$ds'` without numpy, `hh report --plot` without matplotlib) | `hilo-fast: error: a range needs numpy: pip install 'hilo-fast[numpy]'` | 2 |",
        "| `--bots foo` | `hilo-fast: error: --bots: unknown bot 'foo' in 'foo': choose from random, call, pot` | 2 |",
        "| a command group without its command (`hilo-fast hh`) | `hilo-fast: error: choose a command: check, convert, report (see 'hilo-fast hh --help')` | 2 |",
        "| `hh check`/`hh report`: a file missing or not a hand history | one line per bad file, `hilo-fast: error: <path>: <reason>`; the other files are still read | 1 |",
        "| `hh convert`: hands that could not be read or converted | `hilo-fast: error: 14 hands of HH.txt not written (14 unreadable)`; the rest are written | 1 |",
        "| the reader of stdout left (`... --json \\| head -1`) | nothing | 1 |",
        "| Ctrl-C | stops at once: `hilo-fast: interrupted after 8,290,000 of 1,000,000,000,000 samples` (with `--phh`: `; the 1,368 hands played are in x.phhs`; `hh check`: `after 61,204 hands; 2 of 5 files checked`; `hh convert`: `after 9,310 hands; 9,310 hands converted, none written: out.phhs not made`) | 130 |",
        "",
        "A command that needs an optional dependency says which extra brings it",
        "(`tests/cli/test_cli_optional_deps.py` runs every command with each one hidden, and in a",
        "fresh venv with no extras at all); the others do not import it. `hh` has one exit rule,",
        "in the [hand-histories page](hand-histories.md#the-command-line).",
        "",
        "One rule per option, in every subcommand that has it: `--seed` 0..2\\*\\*64-1 (equity and",
        "simulate alike), `--samples` 1..10\\*\\*12 (`hilo_fast.equity.MAX_SAMPLES`; the library",
        "refuses more too), `--threads` >= 1, `--hands` 0..10\\*\\*12 (`hilo_fast.engine.selfplay.MAX_HANDS`;",
        "`simulate` refuses more too), `--players` 2..10, `--stack` >= 1,",
        "`--hands-per-game` >= 1 (and only with `--structure mixed`), `--button` >= 0, `--stakes`",
        "two whole numbers >= 0.",
        "",
    ]
    return "\n".join(lines)


@pytest.mark.skipif(not DOC.exists(), reason="docs/bad-input.md is not beside the tests")
def test_the_document_is_the_table() -> None:
    assert DOC.read_text() == render(), "docs/bad-input.md is stale: regenerate it (see module doc)"


if __name__ == "__main__":
    sys.stdout.write(render())
