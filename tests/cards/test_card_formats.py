"""The card formats people paste: suit symbols and the sites' brackets.

Every card in every accepted spelling is parsed and compared with its id,
computed here from the table of docs/cards.md (rank index * 4 + suit index),
and with the plain form; strings of cards mix the spellings, separators and
brackets at random; bad ones raise ValueError naming the bad thing; a
hypothesis test feeds text made of the same characters (and any others) and
checks that nothing but ValueError ever comes out.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hilo_fast as hf

RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
# suit index -> every spelling of the suit (letters, filled and outlined symbols)
SUIT_SPELLINGS = [
    ["c", "C", "♣", "♧"],
    ["d", "D", "♦", "♢"],
    ["h", "H", "♥", "♡"],
    ["s", "S", "♠", "♤"],
]
SELECTORS = ["", "\ufe0f", "\ufe0e"]   # the variation selectors a phone may add to a symbol


def rank_spellings(index: int) -> list[str]:
    name = RANK_NAMES[index]
    return sorted({name, name.lower()} | ({"10"} if name == "T" else set()))


def suit_spellings(index: int) -> list[str]:
    out = []
    for suit in SUIT_SPELLINGS[index]:
        out += [suit + s for s in SELECTORS] if not suit.isascii() else [suit]
    return out


def spellings(card: int) -> list[str]:
    return [r + s for r in rank_spellings(card // 4) for s in suit_spellings(card % 4)]


def plain(card: int) -> str:
    return RANK_NAMES[card // 4] + "cdhs"[card % 4]


def test_every_card_in_every_spelling() -> None:
    count = 0
    for card in range(52):
        for text in spellings(card):
            for form in (text, f"[{text}]", f" [ {text} ] ", text.encode() if text.isascii()
                         else text):
                assert hf.parse_card(form) == card, form
                assert hf.parse_cards(form) == [card], form
            assert hf.parse_card(text) == hf.parse_card(plain(card))
            count += 1
    # rank spellings: 8 digits, 5 letters in two cases, "10"; suits: 2 letters + 2
    # symbols x 3 (no selector, U+FE0F, U+FE0E), each of 4 suits
    assert count == (8 + 5 * 2 + 1) * 4 * (2 + 2 * 3)


SEPARATORS = ["", " ", ",", ", ", ";", "\u00a0", "  ", "\t"]


def random_spelling(rng: random.Random, card: int) -> str:
    return rng.choice(spellings(card))


@pytest.mark.parametrize("seed", range(40))
def test_strings_of_cards_mixing_the_forms(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        cards = rng.sample(range(52), rng.randint(1, 9))
        names = [random_spelling(rng, c) for c in cards]
        # a separator is needed between "10" and a card starting with a digit only
        # when none is given; any separator is fine, none is fine too
        sep = rng.choice(SEPARATORS)
        shape = rng.randrange(3)
        if shape == 0:
            text = sep.join(names)
        elif shape == 1:
            text = "[" + sep.join(names) + "]"
        else:   # groups, as a site writes a board: "[3s 4h 5d] [Kd] [8c]"
            cut = sorted(rng.sample(range(1, len(names)), min(2, len(names) - 1)))
            groups = [names[a:b] for a, b in zip([0, *cut], [*cut, len(names)], strict=True)]
            text = rng.choice(["", " "]).join("[" + sep.join(g) + "]" for g in groups)
        assert hf.parse_cards(text) == cards, text
        assert hf.parse_cards(text) == hf.parse_cards(" ".join(plain(c) for c in cards))
        assert hf.format_cards(text) == "".join(plain(c) for c in cards)
        # a list of such strings: each element by the same rules
        assert hf.parse_cards([text, plain(cards[0])]) == [*cards, cards[0]]


@pytest.mark.parametrize("bad, named", [
    ("[As 2d", "the '[' at 0 is never closed"),
    ("As 2d]", "a ']' at 5 closes no '['"),
    ("[As] 2d]", "a ']' at 7 closes no '['"),
    ("[[As 2d]]", "a '[' at 1 inside the brackets opened at 0"),
    ("[As [2d]]", "a '[' at 4 inside the brackets opened at 0"),
    ("A♠♠", "bad card '♠'"),
    ("A♠♠2d", "bad card '♠2'"),
    ("♠A", "bad card '♠A'"),
    ("A♠\ufe0f\ufe0f", "bad card '\ufe0f'"),
    ("1♠", "bad card '1♠'"),
    ("A\ufe0f", "bad card 'A\ufe0f'"),
    ("X♥", "bad card 'X♥'"),
    ("A★", "bad card 'A★'"),
    ("\u212as", "bad card '\u212as'"),      # the Kelvin sign folds to K in Unicode
    ("A\u017f", "bad card 'A\u017f'"),      # the long s folds to s in Unicode
    ("[]As[", "the '[' at 4 is never closed"),
])
def test_bad_forms_are_refused_naming_the_bad_thing(bad: str, named: str) -> None:
    with pytest.raises(ValueError, match=r"^bad card") as error:
        hf.parse_cards(bad)
    assert named in str(error.value)
    if " " not in bad.strip("[]") and "\ufe0f\ufe0f" not in bad:
        with pytest.raises(ValueError, match=r"^bad card"):
            hf.parse_card(bad)


def test_empty_brackets_are_no_cards() -> None:
    assert hf.parse_cards("[]") == []
    assert hf.parse_cards("[] []") == []
    with pytest.raises(ValueError, match="bad card"):
        hf.parse_card("[]")


def test_the_public_functions_take_the_new_forms() -> None:
    hole, board = "[A♠ 2♦ K♥ 9♣]", "[3♠ 4♥ 5♦] [K♦] [8♣]"
    plain_hole, plain_board = "As2dKh9c", "3s4h5dKd8c"
    assert hf.evaluate(hole, board) == hf.evaluate(plain_hole, plain_board)
    assert hf.omaha_hilo(hole, board) == hf.omaha_hilo(plain_hole, plain_board)
    other = "[k♤ k♣ 7♧ 2♡]"
    assert hf.showdown(board, [hole, other], [10, 10]) == \
        hf.showdown(plain_board, [plain_hole, "KsKc7c2h"], [10, 10])
    flop = "[3♠ 4♥ 5♦]"
    assert hf.equity([hole, other], board=flop) == \
        hf.equity([plain_hole, "KsKc7c2h"], board="3s4h5d")


def test_the_command_line_takes_them() -> None:
    env = {**os.environ, "PYTHONUTF8": "1"}
    run = [sys.executable, "-m", "hilo_fast", "eval"]
    new = subprocess.run([*run, "[A♠ 2♦ K♥ 9♣]", "3♠4♥5♦"], capture_output=True, text=True,
                         env=env, check=True)
    old = subprocess.run([*run, "As2dKh9c", "3s4h5d"], capture_output=True, text=True,
                         env=env, check=True)
    assert new.stdout == old.stdout
    bad = subprocess.run([*run, "[As 2d Kh 9c", "3s4h5d"], capture_output=True, text=True,
                         env=env)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "hilo-fast: error: bad cards '[As 2d Kh 9c': the '[' at 0 is never closed"]


ALPHABET = "23456789TJQKAtjqka10cdhsCDHS♣♧♦♢♥♡♠♤[] ,;\t\u00a0\ufe0f\ufe0e\u212a\u017f★x"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=30) | st.text(max_size=12))
def test_new_forms_never_crash(text: str) -> None:
    for parse in (hf.parse_cards, hf.parse_card):
        try:
            got = parse(text)
        except ValueError as error:
            assert str(error).startswith("bad card")
            continue
        ids = got if isinstance(got, list) else [got]
        assert all(type(c) is int and 0 <= c < 52 for c in ids)
        # what parses, formats to plain names that parse back to the same ids
        assert hf.parse_cards(hf.format_cards(ids, " ")) == ids
