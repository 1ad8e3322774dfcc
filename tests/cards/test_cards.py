"""Card ids, parsing and formatting, including peers' card formats."""

from __future__ import annotations

import pytest

import hilo_fast as hf
from hilo_fast.cards import check_count, check_distinct


def test_ids_are_phevaluators() -> None:
    assert hf.parse_cards("2c2d2h2s3c") == [0, 1, 2, 3, 4]
    assert hf.parse_card("As") == 51
    assert hf.parse_card("Ah") == 50
    assert hf.parse_card("Td") == 8 * 4 + 1


@pytest.mark.parametrize("text", ["As2dKh3c", "As 2d Kh 3c", "As,2d,Kh,3c", "as2DkH3C",
                                  " As, 2d  Kh;3c "])
def test_string_forms(text: str) -> None:
    assert hf.parse_cards(text) == [51, 1, 46, 4]


def test_ten_spellings() -> None:
    assert {hf.parse_card(t) for t in ("Td", "td", "TD", "10d", "10D")} == {33}
    assert hf.parse_cards("10d10s") == [33, 35]


def test_sequences_mix_forms() -> None:
    assert hf.parse_cards(["As", 1, "Kh3c"]) == [51, 1, 46, 4]
    assert hf.parse_cards((0, 51)) == [0, 51]


def test_round_trip_all_cards() -> None:
    text = hf.format_cards(range(52))
    assert hf.parse_cards(text) == list(range(52))
    assert [hf.parse_card(hf.card_str(c)) for c in range(52)] == list(range(52))
    assert hf.format_cards("as kd", sep=" ") == "As Kd"


def test_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    assert hf.parse_cards(np.array([51, 0], dtype=np.int64)) == [51, 0]
    assert hf.omaha_high(np.array([51, 47, 43, 39]), np.array([35, 0, 4, 9, 13])) == \
        hf.omaha_high([51, 47, 43, 39], [35, 0, 4, 9, 13])


def test_treys_cards() -> None:
    treys = pytest.importorskip("treys")
    for name in ("As", "2c", "Td", "Kh", "8s"):
        assert hf.parse_card(treys.Card.new(name)) == hf.parse_card(name)


def test_pokerkit_cards() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    cards = list(pokerkit.Card.parse("As2dTh"))
    assert hf.parse_cards(cards) == hf.parse_cards("As2dTh")


@pytest.mark.parametrize(
    ("bad", "error", "named"),
    [
        ("Ax", ValueError, "'Ax'"),
        ("1s", ValueError, "'1s'"),
        ("As2dZh3c", ValueError, "'Zh'"),
        ("As 2d Kh 3", ValueError, "'3'"),
        ([52], ValueError, "52"),
        ([-1], ValueError, "-1"),
        ([1.0], TypeError, "1.0"),
        ([None], TypeError, "None"),
        (12, TypeError, "12"),
        (["As", 3.5], TypeError, "3.5"),
    ],
)
def test_bad_cards_are_named(bad: object, error: type[Exception], named: str) -> None:
    with pytest.raises(error, match=named.replace(".", r"\.")):
        hf.parse_cards(bad)  # type: ignore[arg-type]


def test_check_count_and_distinct() -> None:
    with pytest.raises(ValueError, match="hole must have 4, 5 or 6 cards, got 3"):
        check_count([1, 2, 3], (4, 5, 6), "hole")
    with pytest.raises(ValueError, match="duplicate card As: twice in hole"):
        check_distinct(hole=[51, 51])
    with pytest.raises(ValueError, match="duplicate card 2c: in hole and in board"):
        check_distinct(hole=[0, 1], board=[0])
