"""Every PQL function against a plain brute force written here.

The reference deals every runout of a spot with nested loops (each player's
hands, the flop as a set, then the turn and the river in their places),
evaluates each function one deal at a time with the scalar evaluators and
itertools, and sums the aggregates by hand. Exact PQL answers must equal it;
Monte Carlo ones (a preflop spot) must lie within 4.5 standard errors of an
exact reference (hf.equity's grouped enumeration).
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations, permutations, product

import pytest

import hilo_fast as hf
from hilo_fast.analysis.pql import pql
from hilo_fast.cards import parse_card, parse_cards

np = pytest.importorskip("numpy")

TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads",
         "straightflush")
CATEGORY = {"High Card": 0, "One Pair": 1, "Two Pair": 2, "Three of a Kind": 3,
            "Straight": 4, "Flush": 5, "Full House": 6, "Four of a Kind": 7,
            "Straight Flush": 8}
STREET = {"flop": 3, "turn": 4, "river": 5}


# ---- the reference ----

def hands_of(text: str, removed: set[int]) -> list[tuple[tuple[int, ...], float]]:
    """A player's hands and weights: four cards, or a range cut by the board and dead."""
    try:
        cards = parse_cards(text)
        if len(cards) in (4, 5):
            return [(tuple(cards), 1.0)]
    except ValueError:
        pass
    r = hf.Range(text)
    return [(tuple(int(c) for c in row), float(w)) for row, w in zip(r.combos, r.weights,
                                                                     strict=True)
            if not set(int(c) for c in row) & removed]


def deals(players: list[str], board: str = "", dead: str = ""):
    """Every deal: (hands, five board cards in dealing order, weight)."""
    known, gone = parse_cards(board), parse_cards(dead)
    removed = set(known) | set(gone)
    lists = [hands_of(p, removed) for p in players]
    for choice in product(*lists):
        cards = [c for hand, _ in choice for c in hand]
        if len(set(cards)) != len(cards):
            continue
        weight = math.prod(w for _, w in choice)
        deck = [c for c in range(52) if c not in removed and c not in cards]
        flop_need = max(0, 3 - len(known))
        rest = 5 - len(known) - flop_need
        for flop in combinations(deck, flop_need):
            left = [c for c in deck if c not in flop]
            for more in permutations(left, rest):
                yield [hand for hand, _ in choice], (*known, *flop, *more), weight


def high(hand, board):
    return hf.omaha_high(list(hand), list(board))


def low(hand, board, hilo=True):
    return hf.omaha_low(list(hand), list(board)) if hilo else None


def htype(value: int) -> int:
    return CATEGORY[hf.high_category(value)]


def results(hands, board, hilo=True):
    """Per player: (share, wins hi, ties hi, wins lo, ties lo, scoops) at the river."""
    highs = [high(h, board) for h in hands]
    lows = [low(h, board, hilo) for h in hands]
    best = min(highs)
    hi_w = [v == best for v in highs]
    made = [v for v in lows if v is not None]
    lo_w = [v is not None and v == min(made) for v in lows] if made else [False] * len(hands)
    out = []
    for p in range(len(hands)):
        hi_share = hi_w[p] / sum(hi_w)
        share = (hi_share / 2 + (lo_w[p] / sum(lo_w)) / 2) if made else hi_share
        wins_hi, ties_hi = hi_w[p] and sum(hi_w) == 1, hi_w[p] and sum(hi_w) > 1
        wins_lo, ties_lo = lo_w[p] and sum(lo_w) == 1, lo_w[p] and sum(lo_w) > 1
        scoops = wins_hi and (not made or wins_lo)
        out.append((share, wins_hi, ties_hi, wins_lo, ties_lo, scoops))
    return out


def unseen(hand, board, dead):
    return [c for c in range(52) if c not in hand and c not in board and c not in dead]


@cache
def best_makeable_high(board: tuple[int, ...], rest: tuple[int, ...]) -> list[int]:
    return sorted({hf.evaluate_high5([*pair, *triple]) for pair in combinations(rest, 2)
                   for triple in combinations(board, 3)})


@cache
def best_makeable_low(board: tuple[int, ...], rest: tuple[int, ...]) -> int | None:
    lows = [hf.evaluate_low5([*pair, *triple]) for pair in combinations(rest, 2)
            for triple in combinations(board, 3)]
    made = [v for v in lows if v is not None]
    return min(made) if made else None


def nut_hi(hand, board, dead):
    return high(hand, board) <= best_makeable_high(tuple(sorted(board)),
                                                   tuple(unseen(hand, board, dead)))[0]


def nut_lo(hand, board, dead):
    mine = low(hand, board)
    best = best_makeable_low(tuple(sorted(board)), tuple(unseen(hand, board, dead)))
    return mine is not None and (best is None or mine <= best)


def nut_for_type(hand, board, dead):
    mine = high(hand, board)
    makeable = best_makeable_high(tuple(sorted(board)), tuple(unseen(hand, board, dead)))
    return not any(v < mine and htype(v) == htype(mine) for v in makeable)


def outs_to_type(hand, board, dead, kind):
    mine = high(hand, board)
    return sum(1 for c in unseen(hand, board, dead)
               if htype(high(hand, (*board, c))) == kind and high(hand, (*board, c)) < mine)


@cache
def nut_outs(hand, board, dead):
    return sum(nut_hi(hand, (*board, c), dead) for c in unseen(hand, board, dead))


@cache
def hvh(hands, board, dead, hilo=True):
    """Each player's share over every completion of the board, every hand known."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    totals, n = [0.0] * len(hands), 0
    for more in combinations(deck, 5 - len(board)):
        for p, r in enumerate(results(hands, (*board, *more), hilo)):
            totals[p] += r[0]
        n += 1
    return [t / n for t in totals]


def low_ranks(cards):
    return {0 if c // 4 == 12 else c // 4 + 1 for c in cards if c // 4 == 12 or c // 4 <= 6}


def straight_board(cards):
    ranks = {c // 4 for c in cards}
    windows = [{12, 0, 1, 2, 3}] + [set(range(lo, lo + 5)) for lo in range(9)]
    return any(len(ranks & w) >= 3 for w in windows)


@cache
def settled(players: tuple[str, ...], board: str, dead: str, hilo: bool):
    """Every deal with its showdown results (listed once per spot)."""
    return [(hands, b, w, results(hands, b, hilo)) for hands, b, w in deals(list(players),
                                                                          board, dead)]


def reference(players, board, dead, fn, where=lambda hands, b, r: True, hilo=True):
    """Σ w·f / Σ w over the deals that pass ``where``; f(hands, board, results)."""
    top = bottom = 0.0
    dead_ids = parse_cards(dead)
    for hands, b, w, r in settled(tuple(players), board, dead, hilo):
        if where(hands, b, r):
            top += w * float(fn(hands, b, r, dead_ids))
            bottom += w
    return top / bottom


# ---- the spots ----

SPOTS = [
    # (players, board, dead): river, turn and flop, 2-4 players, ranges, dead cards
    (["AsKs2d3c", "QhQd7c8c"], "Ah7d5s9c2h", ""),
    (["Ac2c3d4d", "KsKhQsJh", "9c9dTcTd"], "5h6h7sKd", "2s"),
    (["As2h5c9d", "AcK23@1,AA2h3@3", "7c8c9hTd"], "3c4hJs8s6d", "Qs"),
    (["Ad3dKcQh", "AhAs2s3s@1,AhAc4c5c@2,AcAs2c3c@0.5,AsAc6c6s@1", "6c6s8h8d", "JsTs9h8c"],
     "4d5dKh2h", "Jc"),
    (["AcAd2c3d", "KsKdQhJc"], "7c8d9h", ""),
]


def run(query: str):
    result = pql(query)
    assert result.exact
    return result


def from_clause(players, board, dead, game="omaha8"):
    names = ", ".join(f"p{i + 1}='{p}'" for i, p in enumerate(players))
    more = (f", board='{board}'" if board else "") + (f", dead='{dead}'" if dead else "")
    return f"from game='{game}', {names}{more}"


@pytest.mark.parametrize("spot", SPOTS, ids=[f"spot{i}" for i in range(len(SPOTS))])
def test_outcomes_and_ratings_equal_the_brute_force(spot):
    players, board, dead = spot
    src = from_clause(players, board, dead)
    street = {3: "flop", 4: "turn", 5: "river"}[len(parse_cards(board))]
    k = STREET[street]
    for p in range(len(players)):
        pl = f"p{p + 1}"
        checks = {
            f"avg(riverEquity({pl}))": lambda h, b, r, d, p=p: r[p][0],
            f"count(winsHi({pl}))": lambda h, b, r, d, p=p: r[p][1],
            f"count(tiesHi({pl}))": lambda h, b, r, d, p=p: r[p][2],
            f"count(winsLo({pl}))": lambda h, b, r, d, p=p: r[p][3],
            f"count(tiesLo({pl}))": lambda h, b, r, d, p=p: r[p][4],
            f"count(scoops({pl}))": lambda h, b, r, d, p=p: r[p][5],
            f"count(bestHiRating({pl}, {street}))": lambda h, b, r, d, p=p: high(h[p], b[:k])
            <= min(high(x, b[:k]) for x in h),
            f"count(bestLoRating({pl}, river))": lambda h, b, r, d, p=p: low(h[p], b) is not None
            and all(low(x, b) is None or low(h[p], b) <= low(x, b) for x in h),
            f"count(handType({pl}, river) = twopair)": lambda h, b, r, d, p=p:
                htype(high(h[p], b)) == 2,
            f"count(minHandType({pl}, river, straight))": lambda h, b, r, d, p=p:
                htype(high(h[p], b)) >= 4,
            f"count(hiRating({pl}, river) >= 'KKK22')": lambda h, b, r, d, p=p:
                high(h[p], b) <= hf.evaluate_high5("KcKdKh2s2c"),
            f"count(loRating({pl}, river) > '76432')": lambda h, b, r, d, p=p:
                low(h[p], b) is not None and low(h[p], b) < hf.evaluate_low5("7c6d4h3s2c"),
            f"count(nutHi({pl}, {street}))": lambda h, b, r, d, p=p: nut_hi(h[p], b[:k], d),
            f"count(nutLo({pl}, {street}))": lambda h, b, r, d, p=p: nut_lo(h[p], b[:k], d),
            f"count(nutHiForHandType({pl}, {street}))": lambda h, b, r, d, p=p:
                nut_for_type(h[p], b[:k], d),
            f"count(inRange({pl}, 'AA,KK'))": lambda h, b, r, d, p=p:
                sum(c // 4 == 12 for c in h[p]) >= 2 or sum(c // 4 == 11 for c in h[p]) >= 2,
        }
        if k < 5:
            checks[f"avg(outsToHandType({pl}, {street}, flush))"] = (
                lambda h, b, r, d, p=p: outs_to_type(h[p], b[:k], d, 5))
            checks[f"avg(outsToHandType({pl}, {street}, straight))"] = (
                lambda h, b, r, d, p=p: outs_to_type(h[p], b[:k], d, 4))
        query = "select " + ", ".join(f"{e} as c{i}" for i, e in enumerate(checks)) + " " + src
        result = run(query)
        for i, (expr, fn) in enumerate(checks.items()):
            expected = reference(players, board, dead, fn)
            assert result[f"c{i}"].value == pytest.approx(expected, abs=1e-12), expr


@pytest.mark.parametrize("spot", [SPOTS[0], SPOTS[1], SPOTS[4]], ids=["river", "turn", "flop"])
def test_board_functions_and_where_equal_the_brute_force(spot):
    players, board, dead = spot
    src = from_clause(players, board, dead)
    checks = {
        "count(boardAllowsMadeLo(river))": lambda h, b, r, d: len(low_ranks(b)) >= 3,
        "avg(boardLoCardCount(turn))": lambda h, b, r, d: len(low_ranks(b[:4])),
        "avg(boardSuitCount(river))": lambda h, b, r, d: len({c % 4 for c in b}),
        "count(flushingBoard(turn))": lambda h, b, r, d:
            max([c % 4 for c in b[:4]].count(s) for s in range(4)) >= 3,
        "count(pairedBoard(river))": lambda h, b, r, d: len({c // 4 for c in b}) < 5,
        "count(straightBoard(turn))": lambda h, b, r, d: straight_board(b[:4]),
        "count(turnCard() = '2c')": lambda h, b, r, d: b[3] == parse_card("2c"),
        "count(riverCard() <> 'Ks')": lambda h, b, r, d: b[4] != parse_card("Ks"),
        "count(winningHandType() = pair)": lambda h, b, r, d:
            htype(min(high(x, b) for x in h)) == 1,
        "count(boardInRange('7**'))": lambda h, b, r, d: 5 in {c // 4 for c in b[:3]},
        "count(boardInRange('***2'))": lambda h, b, r, d: b[3] // 4 == 0,
    }
    where = "where winsHi(p1) or boardLoCardCount(river) >= 3"

    def keep(h, b, r):
        return r[0][1] or len(low_ranks(b)) >= 3

    query = ("select " + ", ".join(f"{e} as c{i}" for i, e in enumerate(checks)) + " "
             + src + " " + where)
    result = run(query)
    for i, (expr, fn) in enumerate(checks.items()):
        expected = reference(players, board, dead, fn, keep)
        assert result[f"c{i}"].value == pytest.approx(expected, abs=1e-12), expr


@pytest.mark.parametrize("spot", [SPOTS[1], SPOTS[4]], ids=["turn", "flop"])
def test_hvh_equity_and_nut_outs_equal_the_brute_force(spot):
    players, board, dead = spot
    src = from_clause(players, board, dead)
    k = len(parse_cards(board))
    street = {3: "flop", 4: "turn"}[k]
    dead_ids = parse_cards(dead)
    result = run(f"select avg(HvHequity(p1, {street})) as hvh, "
                 f"avg(nutHiOuts(p1, {street})) as outs, "
                 f"count(HvHequity(p2, {street}) > 0.3) as fav {src}")
    assert result["hvh"].value == pytest.approx(
        reference(players, board, dead, lambda h, b, r, d: hvh(tuple(h), b[:k], tuple(d))[0]),
        abs=1e-12)
    assert result["outs"].value == pytest.approx(
        reference(players, board, dead, lambda h, b, r, d: nut_outs(h[0], b[:k], tuple(d))),
        abs=1e-12)
    assert result["fav"].value == pytest.approx(
        reference(players, board, dead, lambda h, b, r, d: hvh(tuple(h), b[:k], tuple(d))[1] > 0.3),
        abs=1e-12)
    assert dead_ids is not None


def test_equity_against_ranges_equals_the_brute_force():
    # equity(p, street): p's hand against the others' ranges, not their hands
    players, board = ["As2s3h4h", "KhKcQ*", "9c9dTcTd"], "5h6h7sKd"
    result = run(f"select avg(equity(p1, turn)) as e, avg(equity(p3, river)) as e2 "
                 f"{from_clause(players, board, '')}")
    assert result["e"].value == pytest.approx(
        reference(players, board, "", lambda h, b, r, d: r[0][0]), abs=1e-12)
    # p3 (a hand) on each river against p1 (a hand) and p2 (a range): averaged, its result
    assert result["e2"].value == pytest.approx(
        reference(players, board, "", lambda h, b, r, d: r[2][0]), abs=1e-12)


def test_omaha_high_has_no_low():
    players, board = ["Ac2c3d4d", "KsKhQsJh"], "5h6h7sKd"
    result = run("select avg(riverEquity(p1)) as e, count(winsLo(p1)) as lo, "
                 "count(nutLo(p1, river)) as nl, count(boardAllowsMadeLo(river)) as made "
                 + from_clause(players, board, "", game="omahahi"))
    assert result["e"].value == pytest.approx(
        reference(players, board, "", lambda h, b, r, d: r[0][0], hilo=False), abs=1e-12)
    assert result["lo"].value == result["nl"].value == result["made"].value == 0.0


def test_preflop_sampled_within_standard_errors_of_the_exact_answer():
    hands = ["AsAd2s3d", "KhKcQhJc"]
    exact = hf.equity(hands).players[0]
    r = pql("select avg(riverEquity(p1)) as e, count(scoops(p1)) as s, "
            "count(winsHi(p1)) as w, count(winsLo(p1)) as t "
            f"from game='omaha8', p1='{hands[0]}', p2='{hands[1]}'", samples=40_000, seed=7)
    assert not r.exact and r.trials == 40_000 and r.seed == 7
    for column, value in (("e", exact.equity), ("s", exact.scoop), ("w", exact.win_high),
                          ("t", exact.win_low)):
        c = r[column]
        assert c.std_error > 0
        assert abs(c.value - value) < 4.5 * c.std_error, (column, c.value, value, c.std_error)


def test_sampled_with_where_within_standard_errors_of_the_brute_force():
    players, board, dead = SPOTS[4]
    src = from_clause(players, board, dead)
    r = pql(f"select count(scoops(p1)) as s {src} where pairedBoard(river)",
            samples=30_000, seed=3)
    expected = reference(players, board, dead, lambda h, b, r, d: r[0][5],
                         lambda h, b, r: len({c // 4 for c in b}) < 5)
    assert abs(r["s"].value - expected) < 4.5 * r["s"].std_error
    again = pql(f"select count(scoops(p1)) as s {src} where pairedBoard(river)",
                samples=30_000, seed=3)
    assert again["s"] == r["s"]   # a seed gives the same deals


def test_ranges_sampled_are_dealt_in_proportion_to_their_weights():
    # p2 holds AA twice as often as KK (weights), card removal with p1's hand
    r = pql("select count(inRange(p2, 'AA')) as aces from p1='QsQdJsJd', p2='AA@2,KK@1' "
            "where not inRange(p2, 'AA') or not inRange(p2, 'KK')", samples=30_000, seed=5)
    combos = hf.Range("AA@2,KK@1").without(parse_cards("QsQdJsJd"))
    weights = {tuple(row): w for row, w in zip(combos.combos.tolist(), combos.weights,
                                              strict=True)}
    aa = sum(w for row, w in weights.items() if sum(c // 4 == 12 for c in row) >= 2
             and sum(c // 4 == 11 for c in row) < 2)
    kk = sum(w for row, w in weights.items() if sum(c // 4 == 11 for c in row) >= 2
             and sum(c // 4 == 12 for c in row) < 2)
    assert abs(r["aces"].value - aa / (aa + kk)) < 4.5 * r["aces"].std_error


def test_histogram_max_min_equal_the_brute_force():
    players, board, dead = SPOTS[1]
    src = from_clause(players, board, dead)
    r = run(f"select histogram(handType(p2, river)) as h, max(hiRating(p1, river)) as best, "
            f"min(hiRating(p3, river)) as worst, max(boardLoCardCount(river)) as most, "
            f"histogram(HvHequity(p1, turn)) as eq {src}")
    seen = [(htype(high(h[1], b)), w) for h, b, w in deals(players, board, dead)]
    total = sum(w for _, w in seen)
    expected = [(TYPES[t], sum(w for u, w in seen if u == t) / total)
                for t in sorted({t for t, _ in seen})]
    got = [(label, fraction) for label, fraction, _ in r["h"].histogram]
    assert [label for label, _ in got] == [label for label, _ in expected]
    for (_, a), (_, b) in zip(got, expected, strict=True):
        assert a == pytest.approx(b, abs=1e-12)
    rivers = [b for _, b, _ in deals(players, board, dead)]
    hands = [parse_cards(p) for p in players]
    assert r["best"].value == hf.describe_high(min(high(hands[0], b) for b in rivers))
    assert r["worst"].value == hf.describe_high(max(high(hands[2], b) for b in rivers))
    assert r["most"].value == max(len(low_ranks(b)) for b in rivers)
    # one turn, every hand known: the whole weight in the bin of the one equity
    (label, fraction, _), = r["eq"].histogram
    equity = hvh(tuple(tuple(h) for h in hands), tuple(parse_cards(board)),
                 tuple(parse_cards(dead)))[0]
    low_edge = math.floor(equity / 0.05) * 0.05
    assert fraction == 1.0 and label.startswith(f"[{low_edge:.2f}, ")


def test_hvh_equity_preflop_is_the_exact_equity_of_the_hands():
    hands = ["AsAd2s3d", "KhKcQhJc"]
    r = pql(f"select avg(HvHequity(p1, preflop)) as e from p1='{hands[0]}', p2='{hands[1]}'",
            samples=20, seed=1)
    assert r["e"].value == pytest.approx(hf.equity(hands).players[0].equity, abs=1e-12)
    assert r["e"].std_error == pytest.approx(0.0, abs=1e-12)   # the same value every deal


def test_board_in_range_reads_the_flop_in_any_order_then_the_turn_and_river():
    # ProPokerTools' own example: board AsKdJhKc3s
    src = "from p1='2c2d2h4c', board='AsKdJhKc3s'"
    r = run(f"select count(boardInRange('AKK')) as a, count(boardInRange('AKJ3K')) as b, "
            f"count(boardInRange('KJAK3')) as c, count(boardInRange('JsA*Kc')) as d {src}")
    assert (r["a"].value, r["b"].value, r["c"].value, r["d"].value) == (0.0, 0.0, 1.0, 0.0)
    r = run(f"select count(boardInRange('KdJAKh')) as e, count(boardInRange('KdJAK')) as f, "
            f"count(boardInRange('KdJA')) as g {src}")
    # the turn is the Kc: not the Kh, but a K; three items judge the flop alone
    assert (r["e"].value, r["f"].value, r["g"].value) == (0.0, 1.0, 1.0)


@pytest.mark.parametrize("seed", range(16))
def test_random_spots_equal_the_brute_force(seed):
    """Random turn spots: 2-4 players, 4 or 5 cards, hi/lo or high, 0-2 dead cards."""
    import random

    rng = random.Random(seed)
    game = ("omaha8", "omahahi", "omaha85", "omahahi5")[seed % 4]
    hole = 5 if game.endswith("5") else 4
    n_players = 2 + seed % 3
    deck = rng.sample(range(52), n_players * hole + 4 + seed % 3)
    hands = [deck[i * hole:(i + 1) * hole] for i in range(n_players)]
    board = deck[n_players * hole:n_players * hole + 4]
    dead = deck[n_players * hole + 4:]
    text = [hf.format_cards(h) for h in hands]
    board_text, dead_text = hf.format_cards(board), hf.format_cards(dead)
    hilo = game in ("omaha8", "omaha85")
    r = run("select avg(riverEquity(p1)) as e, count(winsHi(p2)) as wh, count(tiesHi(p1)) as th, "
            "count(winsLo(p1)) as wl, count(tiesLo(p2)) as tl, count(scoops(p2)) as s, "
            "count(nutHi(p1, turn)) as nh, count(nutLo(p2, turn)) as nl, "
            "count(bestLoRating(p1, river)) as bl, count(minHandType(p2, river, trips)) as mt, "
            "count(HvHequity(p2, turn) > 0.4) as hv "
            + from_clause(text, board_text, dead_text, game))
    refs = {
        "e": lambda h, b, rr, d: rr[0][0], "wh": lambda h, b, rr, d: rr[1][1],
        "th": lambda h, b, rr, d: rr[0][2], "wl": lambda h, b, rr, d: rr[0][3],
        "tl": lambda h, b, rr, d: rr[1][4], "s": lambda h, b, rr, d: rr[1][5],
        "nh": lambda h, b, rr, d: nut_hi(h[0], b[:4], d),
        "nl": lambda h, b, rr, d: hilo and nut_lo(h[1], b[:4], d),
        "bl": lambda h, b, rr, d: hilo and low(h[0], b) is not None
        and all(low(x, b) is None or low(h[0], b) <= low(x, b) for x in h),
        "mt": lambda h, b, rr, d: htype(high(h[1], b)) >= 3,
        "hv": lambda h, b, rr, d: hvh(tuple(map(tuple, h)), b[:4], tuple(d), hilo)[1] > 0.4,
    }
    for name, fn in refs.items():
        expected = reference(text, board_text, dead_text, fn, hilo=hilo)
        assert r[name].value == pytest.approx(expected, abs=1e-12), (name, game, text)
