"""hf.Game: the description of the game dealt, its checks and its names."""

from __future__ import annotations

import pytest

from hilo_fast import Game
from hilo_fast.core.game import NAMED


def test_default_is_four_card_omaha_hi_lo_on_one_board() -> None:
    game = Game()
    assert (game.hole_cards, game.boards, game.split, game.exposed) == (4, 1, "hilo", 0)
    assert game.hilo


@pytest.mark.parametrize("name", list(NAMED))
def test_every_name_gives_a_valid_game(name: str) -> None:
    assert Game.named(name) is NAMED[name]
    assert Game.named(name.upper().replace("-", " ")) == NAMED[name]


def test_the_variants_are_what_their_names_say() -> None:
    assert Game.named("courchevel") == Game(hole_cards=5, exposed=1)
    assert Game.named("double-board") == Game(boards=2)
    assert not Game.named("omahahi").hilo


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"hole_cards": 3}, "hole_cards"), ({"hole_cards": 7}, "hole_cards"),
    ({"boards": 0}, "boards"), ({"boards": 3}, "boards"), ({"split": "low"}, "split"),
    ({"exposed": -1}, "exposed"), ({"exposed": 4}, "exposed"),
])
def test_bad_values_are_named(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        Game(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"hole_cards": 4.0}, {"boards": True}, {"exposed": "1"}])
def test_wrong_types_are_named(kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError, match=next(iter(kwargs))):
        Game(**kwargs)  # type: ignore[arg-type]


def test_unknown_name_lists_the_known() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'stud'.*omaha8"):
        Game.named("stud")
    with pytest.raises(TypeError):
        Game.named(4)  # type: ignore[arg-type]
