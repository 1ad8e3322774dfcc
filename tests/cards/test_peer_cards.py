"""Peers' own card objects are cards here, checked against each peer's own answers on many
random deals: phevaluator ``Card``, treys ints, pokerkit ``Card``; and any ``__index__``
object. A bool is refused; bytes are ASCII card names."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

import hilo_fast as hf

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def deals(count: int, seed: int) -> list[tuple[list[str], list[str]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(DECK, 9)
        out.append((cards[:4], cards[4:]))
    return out


def test_phevaluator_cards_against_phevaluator(backend: object) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    for hole, board in deals(500, seed=1):
        hole_cards = [phevaluator.Card(c) for c in hole]
        board_cards = [phevaluator.Card(c) for c in board]
        assert hf.omaha_high(hole_cards, board_cards) == \
            phevaluator.evaluate_omaha_cards(*board_cards, *hole_cards)
        assert hf.format_cards(hole_cards) == "".join(hole)


def test_treys_ints_against_treys(backend: object) -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    for hole, board in deals(300, seed=2):
        hole_ints = [treys.Card.new(c) for c in hole]
        board_ints = [treys.Card.new(c) for c in board]
        best = min(evaluator.evaluate(list(two), list(three))  # Omaha: 2 hole + 3 board
                   for two in combinations(hole_ints, 2) for three in combinations(board_ints, 3))
        assert hf.omaha_high(hole_ints, board_ints) == best


def test_pokerkit_cards_against_pokerkit(backend: object) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    pairs = deals(400, seed=3)
    for (hole_a, board), (hole_b, _) in zip(pairs[::2], pairs[1::2], strict=True):
        hole_b = [c for c in DECK if c not in hole_a + board][:4]
        a, b, common = (list(pokerkit.Card.parse("".join(x))) for x in (hole_a, hole_b, board))
        ours = hf.omaha_high(a, common), hf.omaha_high(b, common)
        theirs = (pokerkit.OmahaHoldemHand.from_game(a, common),
                  pokerkit.OmahaHoldemHand.from_game(b, common))
        assert (ours[0] < ours[1]) == (theirs[0] > theirs[1])  # lower is better here
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
        low = hf.omaha_low(a, common)
        try:
            pokerkit.OmahaEightOrBetterLowHand.from_game(a, common)
        except ValueError:  # pokerkit: no qualifying low
            assert low is None
        else:
            assert low is not None


class Index:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_any_index_object_is_a_card() -> None:
    assert hf.parse_cards([Index(51), Index(0)]) == [51, 0]
    assert hf.card_str(Index(51)) == "As"
    with pytest.raises(ValueError, match="bad card"):
        hf.parse_card(Index(52))


@pytest.mark.parametrize("call", [lambda: hf.parse_card(True), lambda: hf.parse_cards([False]),
                                  lambda: hf.card_str(True),
                                  lambda: hf.evaluate([True, 2, 3, 4], [5, 6, 7])])
def test_bools_are_not_cards(call: object) -> None:
    with pytest.raises(TypeError, match=r"bad card (True|False)"):
        call()  # type: ignore[operator]


def test_bytes_are_ascii_card_names() -> None:
    assert hf.parse_cards(b"As2dKh9c") == hf.parse_cards("As2dKh9c") == [51, 1, 46, 28]
    assert hf.parse_card(b"Td") == 33
    assert hf.parse_cards([b"As", b"2d Kh", 7]) == [51, 1, 46, 7]
    assert hf.evaluate(b"As2dKh9c", b"3s4h5d").low == hf.evaluate("As2dKh9c", "3s4h5d").low
    with pytest.raises(ValueError, match="bytes are read as ASCII card names"):
        hf.parse_cards(b"\xffs2d")
    with pytest.raises(ValueError, match="bad card 'Xx'"):
        hf.parse_cards(b"AsXx")


def test_cardlike_protocol_is_strict_clean(tmp_path: Path) -> None:
    """mypy --strict takes every accepted card form and refuses a float."""
    pytest.importorskip("mypy")
    pytest.importorskip("phevaluator")
    good = tmp_path / "good.py"
    good.write_text(
        "import numpy as np\nimport phevaluator\nimport hilo_fast as hf\n"
        "from hilo_fast.cards import CardLike\n"
        "cards: list[CardLike] = [51, 'As', b'Kd', np.int64(3), phevaluator.Card('2c')]\n"
        "print(hf.parse_cards(cards), hf.parse_card(phevaluator.Card('As')))\n")
    bad = tmp_path / "bad.py"
    bad.write_text("import hilo_fast as hf\nhf.parse_card(1.5)\n")
    root = Path(hf.__file__).resolve().parent.parent
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--ignore-missing-imports",
                              str(good), str(bad)], capture_output=True, text=True, cwd=root,
                             check=False)
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, checked.stdout
    # the file's name, not its path: mypy's cache may name the bad.py of an earlier run
    assert errors[0].split(":")[0].endswith("bad.py") and '"float"' in errors[0]
