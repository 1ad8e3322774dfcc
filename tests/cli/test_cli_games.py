"""``--game NAME`` and repeated ``--board`` in ``hilo-fast equity`` and
``hilo-fast showdown`` (double board, run it twice, Omaha high)."""

from __future__ import annotations

import json

import pytest

import hilo_fast as hf
from hilo_fast.cli import main
from hilo_fast.core.game import NAMED


def test_equity_double_board_json_is_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AsAhKsKd", "QsQhJsJd", "--game", "double-board", "--board", "Kh9c2d",
            "--board", "Qd8c3hTs", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    api = hf.equity(["AsAhKsKd", "QsQhJsJd"], game=hf.Game(boards=2),
                    boards=["Kh9c2d", "Qd8c3hTs"])
    assert data["exact"] and data["boards"] == api.boards
    assert data["game"]["boards"] == 2 and data["game"]["name"] == "double-board"
    assert data["boards_known"] == [["Kh", "9c", "2d"], ["Qd", "8c", "3h", "Ts"]]
    for ours, theirs in zip(data["players"], api.players, strict=True):
        assert ours["equity"] == theirs.equity and ours["scoop_one"] == theirs.scoop_one
        assert len(ours["boards"]) == 2


@pytest.mark.parametrize("name", list(NAMED))
def test_equity_takes_every_game_name(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = hf.Game.named(name)
    hands = {4: ["AsAhKsKd", "QsQhJsJd"], 5: ["AsAhKsKd2c", "QsQhJsJd3c"],
             6: ["AsAhKsKd2c4c", "QsQhJsJd3c5c"]}[game.hole_cards]
    boards = (["--board", "Kh9c2d7s", "--board", "Qd8c3hTs"] if game.boards == 2
              else ["--board", "Kh9c2d7s"])
    assert main(["equity", *hands, *boards, "--game", name, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"]
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)
    if game.split == "high":
        assert all(p["win_low"] == 0 for p in data["players"])


def test_equity_runs_twice_same_equity(capsys: pytest.CaptureFixture[str]) -> None:
    results = []
    for runs in ("1", "2"):
        assert main(["equity", "As2sKhKd", "Ad3dQcJc", "--board", "3h4c5d9s", "--runs", runs,
                     "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out))
    once, twice = results
    assert twice["runs"] == 2
    for one, two in zip(once["players"], twice["players"], strict=True):
        assert one["equity"] == pytest.approx(two["equity"], abs=1e-12)
        assert two["std_dev"] < one["std_dev"]


def test_showdown_double_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["showdown", "--board", "Ks8d7h4c3s", "--board", "Qd9d7c5s2h",
                 "--seat", "As2dQcQh:50", "--seat", "KcKdJs9h:50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [seat["won"] for seat in data["seats"]] == [75, 25]
    assert [(pot["board"], pot["amount"]) for pot in data["pots"]] == [(0, 50), (1, 50)]
    assert main(["showdown", "--board", "Ks8d7h4c3s", "--board", "Qd9d7c5s2h",
                 "--seat", "As2dQcQh:50", "--seat", "KcKdJs9h:50"]) == 0
    out = capsys.readouterr().out
    assert "main b0" in out and "main b1" in out


def test_showdown_high_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["showdown", "--board", "Ks8d7h4c3s", "--seat", "As2dQcQh:50",
                 "--seat", "KcKdJs9h:50", "--game", "high", "--json"]) == 0
    assert [seat["won"] for seat in json.loads(capsys.readouterr().out)["seats"]] == [0, 100]


@pytest.mark.parametrize(("argv", "words"), [
    (["equity", "AsAhKsKd", "QsQhJsJd", "--game", "nope"], "unknown game 'nope'"),
    (["equity", "AsAhKsKd", "QsQhJsJd", "--game", "double-board", "--board", "Kh9c2d"],
     "boards must hold 2"),
    (["equity", "AsAhKsKd", "QsQhJsJd", "--runs", "9"], "must be 1..8"),
    (["equity", "AsAhKsKd", "random", "--game", "double-board", "--runs", "5"],
     "at most 8 boards"),
    (["showdown", "--board", "Ks8d7h4c3s", "--seat", "As2dQcQh:5", "--seat", "KcKdJs9h:5",
      "--game", "courchevel"], "game deals 5"),
])
def test_bad_game_input_is_one_line(argv: list[str], words: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as parser_exit:   # argparse's own errors exit from the parser
        code = parser_exit.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("hilo-fast: error: ") and words in err and err.count("\n") == 1
