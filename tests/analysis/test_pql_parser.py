"""PQL's reading of queries: the tree, and errors that name their column."""

from __future__ import annotations

import json

import pytest

import hilo_fast as hf
from hilo_fast.analysis.pql.parser import Binary, Call, Name, Text, Unary, parse_query
from hilo_fast.cli import main

pytest.importorskip("numpy")

SPOT = "from hero='As2s3h4h', villain='KsKdQhJc', board='7c8d9hKh2c'"


def test_the_tree_binds_not_and_or_and_comparisons_in_order():
    q = parse_query("SELECT count(not winsHi(hero) and x(a) or handType(hero, river) >= flush) "
                    "AS n FROM game='omaha8', hero='AA' WHERE 1 + 2 * 3 > 4")
    expr = q.items[0].expr
    assert isinstance(expr, Binary) and expr.op == "or"
    assert isinstance(expr.left, Binary) and expr.left.op == "and"
    assert isinstance(expr.left.left, Unary) and expr.left.left.op == "not"
    assert isinstance(expr.right, Binary) and expr.right.op == ">="
    assert isinstance(expr.right.right, Name) and expr.right.right.name == "flush"
    assert isinstance(expr.right.left, Call) and expr.right.left.name == "handtype"
    where = q.where
    assert isinstance(where, Binary) and where.op == ">"
    assert isinstance(where.left, Binary) and where.left.op == "+"
    assert isinstance(where.left.right, Binary) and where.left.right.op == "*"
    assert q.items[0].name == "n"
    assert [(b.name, b.value) for b in q.bindings] == [("game", "omaha8"), ("hero", "AA")]
    assert isinstance(parse_query(f"select count(inRange(hero, \"AA\")) {SPOT}").items[0].expr
                      .args[1], Text)


@pytest.mark.parametrize(("query", "message"), [
    ("", "col 1: empty query"),
    ("count(winsHi(hero)) from hero='AA'", "col 1: expected SELECT"),
    ("select winsHi(hero) from hero='AA'", "col 8: expected an aggregate"),
    ("select count(winsHi(hero) from hero='AA'", "col 27: expected ')'"),
    ("select count(winsHi(hero)) hero='AA'", "col 28: expected FROM"),
    ("select count(winsHi(hero)) from hero=AA", "col 38: expected a quoted value"),
    ("select count(winsHi(hero)) from hero='AA", "col 38: unterminated string"),
    ("select count(winsHi(hero)) from hero='AA' where", "col 48: expected a value"),
    ("select count(winsHi(hero)) from hero='AA' extra", "col 43: unexpected 'extra'"),
    ("select count(1 < 2 < 3) from hero='AA'", "col 20: comparisons do not chain"),
    ("select count(winsHi(hero)) ; from hero='AA'", "col 28: unexpected character ';'"),
    ("select count(winsHi(hero)) as a, avg(riverEquity(hero)) as a from hero='AA'",
     "col 34: column name 'a' is used twice"),
    ("select count(winsHi(hero))\nfrom hero='AA' where", "line 2 col 21: expected a value"),
])
def test_syntax_errors_name_the_column(query, message):
    with pytest.raises(ValueError) as err:
        parse_query(query)
    assert str(err.value).startswith(message), str(err.value)


@pytest.mark.parametrize(("query", "message"), [
    (f"select count(winsHi(villian)) {SPOT}", "col 21: unknown player 'villian'"),
    (f"select count(foo(hero)) {SPOT}", "col 14: unknown function 'foo'"),
    (f"select count(nutHi(hero)) {SPOT}", "col 14: nutHi takes 2 argument(s)"),
    (f"select count(nutHi(hero, preflop)) {SPOT}", "col 26: nutHi takes the street flop"),
    (f"select count(nutHi(hero, 3)) {SPOT}", "col 26: expected a street"),
    (f"select avg(outsToHandType(hero, river, flush)) {SPOT}",
     "col 33: outsToHandType takes the street flop, turn"),
    (f"select count(minHandType(hero, river, fullhous)) {SPOT}",
     "col 39: expected a hand type"),
    (f"select count(riverEquity(hero)) {SPOT}", "col 8: count takes bool, got num"),
    (f"select avg(handType(hero, river)) {SPOT}", "col 8: avg takes num or int or bool"),
    (f"select count(winsHi(hero) and 1) {SPOT}", "col 31: AND needs bool, got num"),
    (f"select count(handType(hero, river) = 'KKK22') {SPOT}", "col 38: expected a hand type"),
    (f"select count(hiRating(hero, river) > 'KKK2') {SPOT}", "col 38: a hand is five"),
    (f"select count(loRating(hero, river) > 'KQJT9') {SPOT}", "col 38: 'KQJT9' is no 8-or"),
    (f"select count(turnCard() > 'As') {SPOT}", "col 25: a card is compared with = or <>"),
    (f"select count(turnCard() = 'Ax') {SPOT}", "col 27: "),
    (f"select count(handType(hero, river) = riverCard()) {SPOT}", "col 36: cannot compare"),
    (f"select count(inRange(hero, 'AAAAA')) {SPOT}", "col 28: inRange: bad range"),
    (f"select count(boardInRange('AKQJT9')) {SPOT}", "col 27: boardInRange: a board range"),
    (f"select count(winsHi(hero)) {SPOT} where riverEquity(hero)",
     "col 95: WHERE needs a true/false condition"),
    ("select count(winsHi(hero)) from game='holdem', hero='AA'", "col 39: unknown game"),
    ("select count(winsHi(hero)) from syntax='ppt', hero='AA'", "col 41: syntax 'ppt'"),
    ("select count(winsHi(hero)) from hero='AA', hero='KK'", "col 44: hero is given twice"),
    ("select count(winsHi(hero)) from game='omaha8'", "col 46: no player in FROM"),
    ("select count(winsHi(hero)) from hero='AAAAA'", "col 39: player hero: bad range"),
    ("select count(winsHi(hero)) from hero='AsAd2s2s'", "col 39: player hero: a card twice"),
    ("select count(winsHi(hero)) from hero='AsAd2s3s', board='As7d8d'",
     "col 39: player hero: As is also on the board"),
    ("select count(winsHi(hero)) from hero='AsAd2s3s', board='7d8d'", "col 57: board: 0, 3"),
    ("select count(winsHi(hero)) from hero='AsAd2s3s', board='7d8dZz'", "col 57: board: "),
    ("select count(winsHi(hero)) from hero='AsAd', villain='AsAd**'",   # AsAd: a range,
     "the ranges can hardly be dealt together"),   # too many tuples to list: sampled
    ("select count(winsHi(hero)) from hero='AsAd2s3s', villain='8c8d!8'",
     "col 59: player villain: the range '8c8d!8' is empty"),
    ("select count(winsHi(hero)) from hero='AsAd2s3s', villain='AsAd**'",
     "the players' ranges can never be dealt together"),
])
def test_meaning_errors_name_the_column(query, message):
    with pytest.raises(ValueError) as err:
        hf.pql(query)
    assert str(err.value).startswith(message), str(err.value)


def test_bad_samples_and_seed():
    with pytest.raises(ValueError, match="samples must be"):
        hf.pql(f"select count(winsHi(hero)) {SPOT}", samples=0)
    with pytest.raises(TypeError, match="samples must be an int"):
        hf.pql(f"select count(winsHi(hero)) {SPOT}", samples=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"seed must be 0\.\.2\*\*64-1"):
        hf.pql(f"select count(winsHi(hero)) {SPOT}", samples=10, seed=-1)
    with pytest.raises(ValueError, match=r"seed must be 0\.\.2\*\*64-1"):
        hf.pql(f"select count(winsHi(hero)) {SPOT}", samples=10, seed=2**64)
    with pytest.raises(TypeError, match="seed must be an int"):
        hf.pql(f"select count(winsHi(hero)) {SPOT}", samples=10, seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a PQL query is a str"):
        hf.pql(3)  # type: ignore[arg-type]


def test_cli_prints_the_answer_and_json(capsys):
    assert main(["pql", f"select avg(riverEquity(hero)) as e, histogram(handType(hero, river)) "
                        f"as h {SPOT}"]) == 0
    out = capsys.readouterr().out
    assert "1 deals (exact)" in out and "e = 0" in out and "h:" in out
    assert main(["pql", "select count(winsHi(hero)) as w from hero='A2**', villain='**'",
                 "--samples", "2000", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["trials"] == 2000 and data["seed"] == 4 and not data["exact"]
    assert 0 < data["columns"][0]["std_error"] < 0.02


def test_cli_seed_and_samples_follow_the_rules_of_every_subcommand(capsys):
    for args, says in ((["--seed", "-1"], "--seed: must be 0..18446744073709551615, got -1"),
                       (["--samples", "0"], "--samples: must be 1..")):
        with pytest.raises(SystemExit) as stop:
            main(["pql", f"select count(winsHi(hero)) {SPOT}", *args])
        assert stop.value.code == 2
        assert says in capsys.readouterr().err


def test_cli_error_is_one_line_naming_the_column(capsys):
    assert main(["pql", "select count(winsHi(hero) from hero='AA'"]) == 2
    err = capsys.readouterr().err
    assert err == "hilo-fast: error: col 27: expected ')' to close count(, got 'from'\n"
