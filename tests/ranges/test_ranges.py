"""The range language against plain filters over every hand.

Each filter below is written from the meaning of the construct (rank and
suit counts of each hand), not from the parser: all 270,725 4-card hands
(and all 2,598,960 5-card hands for a few ranges) are built here once, and
each range must hold exactly the hands its filter keeps.
"""

from __future__ import annotations

import csv
import itertools
import json
from functools import cache
from importlib import resources
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hilo_fast import Range  # noqa: E402

A, K, Q, J, T = 12, 11, 10, 9, 8
RANK = {r: i for i, r in enumerate("23456789TJQKA")}
SUIT = {s: i for i, s in enumerate("cdhs")}


class Hands:
    """Every hand of one size with its per-hand counts."""

    def __init__(self, n: int) -> None:
        self.cards = np.array(list(itertools.combinations(range(52), n)), dtype=np.int8)
        rows = np.arange(len(self.cards))
        self.rc = np.zeros((len(self.cards), 13), dtype=np.int8)   # cards of each rank
        self.sc = np.zeros((len(self.cards), 4), dtype=np.int8)    # cards of each suit
        for column in self.cards.T:
            self.rc[rows, column >> 2] += 1
            self.sc[rows, column & 3] += 1

    def has(self, card: int) -> Any:
        return (self.cards == card).any(axis=1)

    def card(self, name: str) -> Any:
        return self.has(RANK[name[0]] * 4 + SUIT[name[1]])

    def suited(self, ranks: range, suit: int) -> Any:
        """Cards of ``suit`` with a rank in ``ranks``."""
        return sum(self.has(r * 4 + suit).astype(np.int8) for r in ranks)

    def ranks(self, *names: str) -> Any:
        """Cards whose rank is among ``names``."""
        return self.rc[:, [RANK[r] for r in names]].sum(axis=1)

    def suit_shape(self) -> Any:
        return -np.sort(-self.sc, axis=1)    # suit counts, largest first


@cache
def hands(n: int) -> Hands:
    return Hands(n)


def check(text: str, keep: Any, n: int = 4) -> None:
    h = hands(n)
    r = Range(text, hole_count=n)
    assert len(r) == int(keep.sum()), text
    # Both in lexicographic order: the same hands, row by row.
    assert np.array_equal(r.combos, h.cards[keep]), text


def shape(h: Hands, name: str) -> Any:
    s = h.suit_shape()
    paired = (s >= 2).sum(axis=1)
    if name == "ds":
        return (paired == 2) & (s[:, 0] == 2)
    if name == "ss":
        return (paired == 1) & (s[:, 0] == 2)
    if name == "r":
        return s[:, 0] == 1
    return h.rc.max(axis=1) <= 1


def any_suit_pair(h: Hands, test: Any) -> Any:
    return np.any([test(x, y) for x in range(4) for y in range(4) if x != y], axis=0)


FILTERS: dict[str, Any] = {
    # cards and padding
    "AsKhJd2c": lambda h: h.card("As") & h.card("Kh") & h.card("Jd") & h.card("2c"),
    "AA": lambda h: h.rc[:, A] >= 2,
    "AA**": lambda h: h.rc[:, A] >= 2,
    "AsKs": lambda h: h.card("As") & h.card("Ks"),
    "*": lambda h: np.ones(len(h.cards), bool),
    "****": lambda h: np.ones(len(h.cards), bool),
    "A*s": lambda h: (h.rc[:, A] >= 1) & (h.sc[:, 3] >= 1)  # an ace and another card, a spade
    & ~((h.rc[:, A] == 1) & (h.sc[:, 3] == 1) & h.card("As")),
    # suits alone and suit variables
    "sshh": lambda h: (h.sc[:, 3] >= 2) & (h.sc[:, 2] >= 2),
    "s": lambda h: h.sc[:, 3] >= 1,
    "wxy": lambda h: (h.sc >= 1).sum(axis=1) >= 3,
    "wxyz": lambda h: (h.sc >= 1).sum(axis=1) == 4,
    "xxx": lambda h: h.sc.max(axis=1) >= 3,
    "AxKx": lambda h: np.any([h.has(A * 4 + s) & h.has(K * 4 + s) for s in range(4)], 0),
    "AxKy": lambda h: any_suit_pair(h, lambda x, y: h.has(A * 4 + x) & h.has(K * 4 + y)),
    "AxAy": lambda h: h.rc[:, A] >= 2,
    "AxAyxy": lambda h: any_suit_pair(
        h, lambda x, y: h.has(A * 4 + x) & h.has(A * 4 + y) & (h.sc[:, x] >= 2)
        & (h.sc[:, y] >= 2)),
    "Asxx": lambda h: h.card("As") & (h.sc[:, :3].max(axis=1) >= 2),  # x is never spades
    "ssxx": lambda h: (h.sc[:, 3] >= 2) & (h.sc[:, :3].max(axis=1) >= 2),
    # rank variables
    "RR": lambda h: h.rc.max(axis=1) >= 2,
    "RROO": lambda h: (h.rc >= 2).sum(axis=1) >= 2,
    "RRR": lambda h: h.rc.max(axis=1) >= 3,
    "RRON": lambda h: (h.rc.max(axis=1) >= 2) & ((h.rc >= 1).sum(axis=1) >= 3),
    "AARR": lambda h: (h.rc[:, A] >= 2) & ((h.rc[:, :A] >= 2).sum(axis=1) >= 1),
    "KRR": lambda h: (h.rc[:, K] >= 1) & (np.delete(h.rc, K, axis=1).max(axis=1) >= 2),
    "RxRyOxOy": lambda h: ((h.rc >= 2).sum(axis=1) >= 2) & shape(h, "ds"),
    "RsOs": lambda h: h.sc[:, 3] >= 2,
    # rank macros: one card each, each occurrence independent
    "A2$L": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, 0] >= 1) & (h.ranks(*"A2345678") >= 3),
    "$W$W$W": lambda h: h.ranks(*"A2345") >= 3,
    "$B$B": lambda h: h.ranks(*"AKQJ") >= 2,
    "$R": lambda h: h.ranks(*"AKQJT") >= 1,
    "$F$N": lambda h: (h.ranks(*"KQJ") >= 1) & (h.ranks(*"KQJT9") >= 2),
    "$M$Z$Z": lambda h: (h.ranks(*"T987") >= 1) & (h.ranks(*"65432") >= 2),
    "$Ls$Ls": lambda h: h.suited(range(0, 7), 3) + h.has(A * 4 + 3) >= 2,  # A-8 low
    # shape macros
    "$ds": lambda h: shape(h, "ds"),
    "$ss": lambda h: shape(h, "ss"),
    "$r": lambda h: shape(h, "r"),
    "$np": lambda h: shape(h, "np"),
    "A2$ds": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, 0] >= 1) & shape(h, "ds"),
    "A2:$ds": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, 0] >= 1) & shape(h, "ds"),
    "A23$np$r": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, 0] >= 1) & (h.rc[:, 1] >= 1)
    & shape(h, "np") & shape(h, "r"),
    # spans and lists
    "A-T": lambda h: h.ranks(*"AKQJT") >= 1,
    "9-5": lambda h: h.ranks(*"98765") >= 1,
    "KK-TT": lambda h: (h.rc[:, T:A] >= 2).any(axis=1),
    "TT+": lambda h: (h.rc[:, T:] >= 2).any(axis=1),
    "JJ-": lambda h: (h.rc[:, :K - 1] >= 2).any(axis=1),
    "AT+": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, T:A] >= 1).any(axis=1),
    "A5-": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, :4] >= 1).any(axis=1),
    "KQ-T9": lambda h: np.any([(h.rc[:, r] >= 1) & (h.rc[:, r - 1] >= 1)
                               for r in (8, 9, 10, 11)], 0),
    "AK-AT": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, T:A] >= 1).any(axis=1),
    "[A,2,3]": lambda h: h.ranks("A", "2", "3") >= 1,
    "[A,2,3][A,2,3]": lambda h: h.ranks("A", "2", "3") >= 2,
    "[A-J]s": lambda h: h.suited(range(J, 13), 3) >= 1,
    "[s,h][s,h][s,h]": lambda h: h.sc[:, 2] + h.sc[:, 3] >= 3,
    "[As,Kh]2": lambda h: (h.card("As") | h.card("Kh")) & (h.rc[:, 0] >= 1),
    "[KK-QQ,AA]": lambda h: (h.rc[:, Q:] >= 2).any(axis=1),
    "[KK-QQ][7-6]": lambda h: (h.rc[:, Q:A] >= 2).any(axis=1) & (h.ranks("7", "6") >= 1),
    "AsKs-AsTs": lambda h: h.card("As") & (h.suited(range(T, A), 3) >= 1),
    # operators and parentheses
    "JJ!JJJ": lambda h: h.rc[:, J] == 2,
    "AA,KK": lambda h: (h.rc[:, A] >= 2) | (h.rc[:, K] >= 2),
    "AA,KK:$ds": lambda h: (h.rc[:, A] >= 2) | ((h.rc[:, K] >= 2) & shape(h, "ds")),
    "(AA,KK):$ds": lambda h: ((h.rc[:, A] >= 2) | (h.rc[:, K] >= 2)) & shape(h, "ds"),
    "AA!AAA!$ds": lambda h: (h.rc[:, A] == 2) & ~shape(h, "ds"),
    "AA:$ds!AAA": lambda h: (h.rc[:, A] == 2) & shape(h, "ds"),
    "*!(AA,KK),(QQ!$np)": lambda h: ((h.rc[:, A] < 2) & (h.rc[:, K] < 2)) | (h.rc[:, Q] >= 2),
    " AA , KK : $ds ": lambda h: (h.rc[:, A] >= 2) | ((h.rc[:, K] >= 2) & shape(h, "ds")),
    "AA:xxyy,JJ!JJJ,KK": lambda h: ((h.rc[:, A] >= 2) & (np.sort(h.sc, 1)[:, 2] >= 2))
    | (h.rc[:, J] == 2) | (h.rc[:, K] >= 2),
}


@pytest.mark.parametrize("text", list(FILTERS))
def test_range_equals_plain_filter(text: str) -> None:
    check(text, FILTERS[text](hands(4)))


FIVE_CARD = {
    "AA": lambda h: h.rc[:, A] >= 2,
    "A2$ds": lambda h: (h.rc[:, A] >= 1) & (h.rc[:, 0] >= 1) & shape(h, "ds"),
    "RROO!RRR": lambda h: ((h.rc >= 2).sum(axis=1) >= 2) & (h.rc.max(axis=1) <= 2),
    "AxKx2": lambda h: np.any([h.has(A * 4 + s) & h.has(K * 4 + s) for s in range(4)], 0)
    & (h.rc[:, 0] >= 1),
}


@pytest.mark.parametrize("text", list(FIVE_CARD))
def test_five_card_range_equals_plain_filter(text: str) -> None:
    check(text, FIVE_CARD[text](hands(5)), n=5)


def test_weights_take_the_larger_part() -> None:
    h = hands(4)
    r = Range("KK@100,QQ@25,AA:$ds@2.5")
    kk, qq, aa = h.rc[:, K] >= 2, h.rc[:, Q] >= 2, (h.rc[:, A] >= 2) & shape(h, "ds")
    want = np.where(kk, 100.0, np.where(qq, 25.0, np.where(aa, 2.5, 0.0)))
    keep = want > 0
    assert len(r) == int(keep.sum()) and r.weighted
    assert np.array_equal(r.combos, h.cards[keep]) and np.array_equal(r.weights, want[keep])
    assert r.weight("KsKhQsQh") == 100.0 and r.weight("AsAh2s3h") == 2.5
    assert r.weight("2c3c4c5c") == 0.0 and Range("AA").weight("AsAh2c3c") == 1.0


def _ranking_rows() -> list[tuple[str, int]]:
    text = resources.files("hilo_fast.ranges").joinpath("preflop_hilo4.csv").read_text()
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    return [(row["hand"], int(row["combos"])) for row in rows]


@pytest.mark.parametrize("low,high", [(0, 15), (5, 10), (0, 100), (99, 100)])
def test_percent_ranges_take_whole_classes_in_ranking_order(low: float, high: float) -> None:
    rows = _ranking_rows()
    text = f"{high}%" if low == 0 else f"{low}%-{high}%"
    r = Range(text)
    total, before, want, members = 270725, 0, 0, []
    for hand, combos in rows:  # a class is in when the hands ranked above it are in the span
        if low / 100 * total <= before < high / 100 * total:
            want += combos
            members.append(hand)
        before += combos
    assert len(r) == want and all(hand in r for hand in members[::40])
    # Closed under renaming the suits: a range of whole classes.
    swap = str.maketrans("cdhs", "hscd")
    assert all("".join(card.translate(swap) for card in hand) in r for hand in list(r)[:500])


def test_range_api() -> None:
    r = Range("AA:$ds")
    assert len(r) == len(list(r)) and str(r) == "AA:$ds" and repr(r) == "Range('AA:$ds')"
    assert ("As", "Ah", "Ks", "Kh") in r and "AsAhKsKh" in r and [51, 50, 47, 46] in r
    assert "AsAhKsKd" not in r and "AsAh" not in r
    assert list(r) == list(Range("AA:$ds")) and r == Range("AxAyxy")
    assert hash(r) == hash(Range("AxAyxy")) and r != Range("AA")
    assert {r, Range("AxAyxy")} == {r}
    assert r.combos.shape == (len(r), 4) and r.combos.dtype == np.int32
    assert not r.combos.flags.writeable and not r.weights.flags.writeable
    assert (np.diff(r.combos, axis=1) > 0).all()
    rows = r.combos.tolist()
    assert rows == sorted(rows)                      # stable order: ascending ids
    cut = r.without("As Kd")
    assert len(cut) == sum(1 for hand in r if "As" not in hand and "Kd" not in hand)
    assert Range(str(cut)) == cut and str(cut) == "(AA:$ds)!As!Kd"
    weighted = Range("KK@3,QQ@1").without("Ks")
    assert weighted.weight("KhKdQsQh") == 3.0 and Range(str(weighted)) == weighted
    with pytest.raises(AttributeError):
        r.foo = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("text,token,pos", [
    ("AQb", "b", 2),
    ("AA,Kq", "q", 4),
    ("(AA,KK", "(", 0),
    ("AA)", ")", 2),
    ("AA,,KK", ",", 3),
    ("AAAAA", "AAAAA", 0),
    ("AsAs", "AsAs", 0),
    ("KK,AsKsAs", "AsKsAs", 3),
    ("101%", "101%", 0),
    ("10%-5%", "10%-5%", 0),
    ("AA@0", "@0", 2),
    ("AA@x", "@x", 2),
    ("AA@2,KK", "KK", 5),
    ("[A,K", "[", 0),
    ("A]", "]", 1),
    ("$Q", "$Q", 0),
    ("A2$dz", "$d", 2),
    ("KK-QT", "KK-QT", 0),
    ("RR+", "R", 0),
    ("", "end of range", 0),
    ("AA KK", "KK", 3),
])
def test_bad_ranges_name_the_token_and_position(text: str, token: str, pos: int) -> None:
    with pytest.raises(ValueError) as info:
        Range(text)
    message = str(info.value)
    assert f"{token!r} at position {pos}" in message, message


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        Range(44)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hole_count"):
        Range("AA", hole_count=3)
    with pytest.raises(ValueError, match=r"a 5-card ranking for 6 players \(6h\), not '10%2h'"):
        Range("10%2h", hole_count=5)   # 5-card hands are ranked 6-handed only
    with pytest.raises(ValueError, match="no preflop ranking for 6-card"):
        Range("10%6h", hole_count=6)


def test_cli_range(capsys: pytest.CaptureFixture[str]) -> None:
    from hilo_fast import cli

    assert cli.main(["range", "AxAyxy", "--count"]) == 0
    assert capsys.readouterr().out == "864\n"
    assert cli.main(["range", "A2$ds"]) == 0
    assert capsys.readouterr().out == "A2$ds: 2,382 hands (0.88% of 270,725)\n"
    assert cli.main(["range", "AsKsQs*:$np", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["".join(hand) for hand in Range("AsKsQs*:$np")] and len(lines) == 40
    assert cli.main(["range", "KsKhQs*@3,AsAhQs*@1", "--list", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["combos"] == 98 and out["weighted"] and out["hole_count"] == 4
    assert {h["weight"] for h in out["hands"]} == {1.0, 3.0}
    assert cli.main(["range", "AA", "--hole-count", "5", "--count"]) == 0
    assert capsys.readouterr().out == f"{int((hands(5).rc[:, A] >= 2).sum())}\n"
    assert cli.main(["range", "AQb"]) == 2
    assert capsys.readouterr().err == (
        "hilo-fast: error: bad range 'AQb': unknown letter 'b' at position 2\n")


def test_cli_equity_with_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    from hilo_fast import cli

    argv = ["equity", "AcKd3h8h", "QQJJ", "--board", "Kh7c4d2s9s", "--json"]
    assert cli.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] and out["players"][1]["range"] == "QQJJ"
    assert out["players"][1]["hole"] is None
    assert cli.main(["equity", "A2**:$ds", "?", "--samples", "500", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("A2**:$ds ") and lines[2].startswith("random ")
    assert cli.main(["equity", "AcKd3h8h", "(QQJJ", "--board", "Kh7c4d2s9s"]) == 2
    assert "unbalanced parenthesis" in capsys.readouterr().err
