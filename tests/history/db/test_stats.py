"""Every statistic of ``hh stats`` / ``hf.history.stats`` against a plain recount
from the hands themselves (docs/database.md's definitions), on both backends."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history.db import open_database
from hilo_fast.history.db.stats import BY, STAT_COLUMNS, stats_rows
from hilo_fast.history.model import HandHistory
from hilo_fast.history.replay import Replay
from hilo_fast.history.report import all_in_equity
from hilo_fast.history.sites.pokerstars import read_pokerstars


def _first(actions: list[tuple[int, str, str]], player: str, after: int = -1,
           when: Any = None) -> tuple[int, str] | None:
    """The player's first (index, kind) after index ``after`` for which when(index) holds."""
    for index, who, kind in actions:
        if index > after and who == player and (when is None or when(index)):
            return index, kind
    return None


def _tracker(h: HandHistory, name: str) -> dict[str, int]:
    """The per-hand counts of one player, recounted from the history's actions."""
    pre = [(k, a.player, a.kind) for k, a in enumerate(h.actions)
           if a.street == "preflop" and a.kind != "return"]
    flop = [(k, a.player, a.kind) for k, a in enumerate(h.actions)
            if a.street == "flop" and a.kind != "return"]
    raises_before = {k: sum(1 for j, _, kind in pre if j < k and kind in ("raise", "bet"))
                     for k, _, _ in pre}
    raisers = [who for _, who, kind in pre if kind in ("raise", "bet")]
    c: dict[str, int] = defaultdict(int)
    c["vpip"] = any(who == name and kind in ("call", "raise", "bet") for _, who, kind in pre)
    c["pfr"] = any(who == name and kind in ("raise", "bet") for _, who, kind in pre)
    facing_one = _first(pre, name, when=lambda k: raises_before[k] == 1)
    if facing_one:
        c["three_bet_chance"] = 1
        c["three_bet"] = facing_one[1] == "raise"
    if raisers and raisers[0] == name:
        facing_two = _first(pre, name, when=lambda k: raises_before[k] == 2)
        if facing_two:
            c["fold_to_three_bet_chance"] = 1
            c["fold_to_three_bet"] = facing_two[1] == "fold"
    aggressor = raisers[-1] if raisers else None
    first_flop_bet = next((k for k, _, kind in flop if kind == "bet"), None)
    if aggressor == name:
        mine = _first(flop, name)
        if mine and (first_flop_bet is None or first_flop_bet >= mine[0]):
            c["cbet_chance"] = 1
            c["cbet"] = mine[1] == "bet"
    cbet = next(((k, who) for k, who, kind in flop if kind == "bet"), None)
    # a c-bet: the first flop bet, the aggressor's first flop action
    if cbet and cbet[1] == aggressor and name != aggressor \
            and _first(flop, aggressor)[0] == cbet[0]:  # type: ignore[index]
        first_raise = next((k for k, _, kind in flop if kind == "raise" and k > cbet[0]),
                           math.inf)
        answer = _first(flop, name, after=cbet[0])
        if answer and answer[0] <= first_raise:   # (its own raise answers it)
            c["fold_to_cbet_chance"] = 1
            c["fold_to_cbet"] = answer[1] == "fold"
    for a in h.actions:
        if a.player == name and a.street in ("flop", "turn", "river"):
            c["bets_raises"] += a.kind in ("bet", "raise")
            c["calls"] += a.kind == "call"
            c["folds"] += a.kind == "fold"
    folded_pre = any(who == name and kind == "fold" for _, who, kind in pre)
    c["saw_flop"] = len(h.board) >= 3 and not folded_pre
    return c


def _main_pot_parts(h: HandHistory, rep: Replay) -> tuple[dict[str, int], dict[str, int],
                                                          dict[str, bool]]:
    """Each player's high and low part of the main pot, and who made a low (on
    any run), by the rule book: a hand run N times splits the pot equally among
    the runs, an odd chip to the first; on each run's board the best high takes
    the high half (all with no low), the best 8-or-better low the low half,
    halves split evenly, odd chips clockwise from the button."""
    pot = rep.pots[0]
    boards = [list(run) for run in h.runs] or [[hf.card_str(c) for c in rep.board]]
    values = [{name: hf.omaha_hilo(list(h.hole_cards[name]), board) for name in rep.showdown
               if name in h.hole_cards} for board in boards]
    made_low = {name: any(value[name][1] is not None for value in values)
                for name in values[0]}
    if len(pot.eligible) < 2:
        return dict(pot.shares), {}, made_low
    seat = {s.name: s.seat for s in h.seats}
    clockwise = sorted(pot.eligible, key=lambda n: (seat[n] <= h.button, seat[n]))

    def share(chips: int, names: list[str], into: dict[str, int]) -> None:
        each, odd = divmod(chips, len(names)) if names else (0, 0)
        for k, n in enumerate(names):
            into[n] = into.get(n, 0) + each + (k < odd)

    high: dict[str, int] = {}
    low: dict[str, int] = {}
    for run, value in enumerate(values):
        amount = pot.amount // len(values) + (run < pot.amount % len(values))
        best_high = min(value[n][0] for n in clockwise)
        lows = [value[n][1] for n in clockwise if value[n][1] is not None]
        low_winners = [n for n in clockwise if lows and value[n][1] == min(lows)]
        low_half = amount // 2 if low_winners else 0
        share(amount - low_half, [n for n in clockwise if value[n][0] == best_high], high)
        share(low_half, low_winners, low)
    return high, low, made_low


def _seat_records(hands: list[HandHistory]) -> list[tuple[str, str, dict[str, object],
                                                         dict[str, Any], tuple | None]]:
    """Per hand and player: name, unit, the groups, the counts, the all-in equities."""
    records = []
    for h in hands:
        rep = h.replay()
        if not rep.settled:
            continue
        high, low, made_low = _main_pot_parts(h, rep)
        pot = rep.pots[0]
        allin = all_in_equity(rep)
        seat = {s.name: s.seat for s in h.seats}
        order = sorted(h.dealt_in, key=lambda n: (seat[n] <= h.button, seat[n]))
        groups_of_hand: dict[str, object] = {
            "stakes": f"{ {0: 'fixed', 1: 'pot', 2: 'no'}[int(h.limit)]} "
                      f"{h.stakes[0]}/{h.stakes[1]} {h.currency or 'chips'}",
            "game": h.game, "month": f"{h.date:%Y-%m}" if h.date else None}
        for name in h.dealt_in:
            groups = {**groups_of_hand, "position": _position(order, name)}
            t: dict[str, Any] = defaultdict(float)
            c = _tracker(h, name)
            for key, value in c.items():
                t[key] += value
            t["hands"] += 1
            won = rep.collected.get(name, 0)
            net = won - rep.contributions[name]
            t["net"] += net
            t["bb"] += Fraction(net, h.blinds[1])
            t["adjusted"] += net if allin is None or name not in allin.expected else \
                net - won + float(allin.expected[name])
            at_showdown = name in rep.showdown
            t["showdown"] += at_showdown
            t["wtsd_n"] += at_showdown and c["saw_flop"]
            t["won_sd"] += at_showdown and won > 0
            t["won_sf"] += c["saw_flop"] and won > 0
            if at_showdown and name in made_low:
                t["low_known"] += 1
                t["low_made"] += made_low[name]
            if at_showdown and len(pot.eligible) >= 2:
                part = high.get(name, 0) + low.get(name, 0)
                t["sd"] += 1
                t["scoop"] += part == pot.amount > 0
                t["high_only"] += high.get(name, 0) > 0 and not low.get(name, 0) and \
                    any(low.values())
                t["low_only"] += low.get(name, 0) > 0 and not high.get(name, 0)
                t["quartered"] += pot.amount < 8 * part < 3 * pot.amount
                split = sum(1 for n in set(high) | set(low) if high.get(n, 0) + low.get(n, 0))
                t["split_won"] += split >= 2 and part > 0
                t["split_lost"] += split >= 2 and part == 0
            equities = None
            if allin is not None and name in allin.equity:
                players = [n for n in pot.eligible if n in h.hole_cards]
                hi_eq = lo_eq = 0.0
                if len(players) >= 2:
                    result = hf.equity([list(h.hole_cards[n]) for n in players],
                                       [hf.card_str(c) for c in rep.all_in_board or ()],
                                       [c for n in allin.equity if n not in players
                                        for c in h.hole_cards[n]])
                    mine = result.players[players.index(name)]
                    hi_eq = mine.win_high + mine.tie_high / 2
                    lo_eq = mine.win_low + mine.tie_low / 2
                equities = (allin.equity[name], hi_eq, lo_eq)
            records.append((name, h.currency or "chips", groups, t, equities))
    return records


def recount(records: list[Any], by: str | None = None) -> dict[tuple[object, ...], dict]:
    """Every statistic per (player, unit[, group]), added up from the seat records."""
    totals: dict[tuple[object, ...], dict[str, Any]] = defaultdict(lambda: defaultdict(float))
    equities: dict[tuple[object, ...], list[tuple[float, float, float]]] = defaultdict(list)
    for name, unit, groups, counts, seat_equities in records:
        key = (name, unit, *([groups[by]] if by else []))
        for stat, value in counts.items():
            totals[key][stat] += value
        if seat_equities is not None:
            equities[key].append(seat_equities)
    out = {}
    for key, t in totals.items():
        def pct(a: float, b: float) -> float | None:
            return 100 * a / b if b else None
        eq = equities.get(key, [])
        out[key] = {
            "hands": t["hands"], "vpip": pct(t["vpip"], t["hands"]),
            "pfr": pct(t["pfr"], t["hands"]),
            "three_bet": pct(t["three_bet"], t["three_bet_chance"]),
            "fold_to_three_bet": pct(t["fold_to_three_bet"], t["fold_to_three_bet_chance"]),
            "cbet": pct(t["cbet"], t["cbet_chance"]),
            "fold_to_cbet": pct(t["fold_to_cbet"], t["fold_to_cbet_chance"]),
            "af": t["bets_raises"] / t["calls"] if t["calls"] else None,
            "afq": pct(t["bets_raises"], t["bets_raises"] + t["calls"] + t["folds"]),
            "wtsd": pct(t["wtsd_n"], t["saw_flop"]), "wsd": pct(t["won_sd"], t["showdown"]),
            "wwsf": pct(t["won_sf"], t["saw_flop"]), "net": t["net"],
            "bb_per_100": float(100 * t["bb"] / t["hands"]), "adjusted_net": t["adjusted"],
            "showdowns": t["sd"], "scoop": pct(t["scoop"], t["sd"]),
            "high_only": pct(t["high_only"], t["sd"]), "low_only": pct(t["low_only"], t["sd"]),
            "quartered": pct(t["quartered"], t["sd"]),
            "low_made": pct(t["low_made"], t["low_known"]),
            "split_won": t["split_won"], "split_lost": t["split_lost"], "all_ins": len(eq),
            "all_in_equity": pct(sum(e[0] for e in eq), len(eq)),
            "all_in_high_equity": pct(sum(e[1] for e in eq), len(eq)),
            "all_in_low_equity": pct(sum(e[2] for e in eq), len(eq)),
        }
    return out


def _position(order: list[str], name: str) -> str:
    """Positions written out by table size (docs/database.md's table)."""
    n = len(order)
    names = {2: ["BB", "BTN"], 3: ["SB", "BB", "BTN"], 4: ["SB", "BB", "CO", "BTN"],
             5: ["SB", "BB", "HJ", "CO", "BTN"], 6: ["SB", "BB", "UTG", "HJ", "CO", "BTN"],
             7: ["SB", "BB", "UTG", "LJ", "HJ", "CO", "BTN"],
             8: ["SB", "BB", "UTG", "UTG+1", "LJ", "HJ", "CO", "BTN"],
             9: ["SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN"],
             10: ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN"]}[n]
    return names[order.index(name)]


def _close(a: object, b: object) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-6)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def hands(hands_file: Path) -> list[HandHistory]:
    return list(read_pokerstars(hands_file))


@pytest.mark.parametrize("by", [None, *BY])
def test_stats_equal_a_plain_recount(imported: str, hands: list[HandHistory],
                                     by: str | None) -> None:
    assert assert_stats_equal(imported, _recounted(hands, by), by) > 100


def assert_stats_equal(target: str, expected: dict[tuple[object, ...], dict[str, Any]],
                       by: str | None) -> int:
    """The database's stats (grouped ``by``) are the recount ``expected``, every
    stat of every (player, unit[, group]); the number of stats not None."""
    with open_database(target) as db:
        names, rows = stats_rows(db, by=by)
    width = 3 if by else 2
    assert names == ["player", "unit", *([by] if by else []), *(n for n, _ in STAT_COLUMNS)]
    got = {row[:width]: dict(zip(names[width:], row[width:], strict=True)) for row in rows}
    assert set(got) == set(expected)
    checked = 0
    for key, stats in got.items():
        for stat, value in stats.items():
            assert _close(value, expected[key][stat]), (key, stat, value, expected[key][stat])
            checked += value is not None
    return checked


_RECOUNTS: dict[str | None, dict[tuple[object, ...], dict[str, Any]]] = {}
_RECORDS: list[Any] = []


def _recounted(hands: list[HandHistory], by: str | None) -> dict[tuple[object, ...],
                                                                  dict[str, Any]]:
    if by not in _RECOUNTS:   # (the same for both backends: counted once)
        if not _RECORDS:
            _RECORDS.extend(_seat_records(hands))
        _RECOUNTS[by] = recount(_RECORDS, by)
    return _RECOUNTS[by]


def test_the_recount_sees_every_stat(hands: list[HandHistory]) -> None:
    """The sample exercises each statistic: no column is empty or zero throughout."""
    totals = _recounted(hands, None)
    for stat in (name for name, _ in STAT_COLUMNS):
        assert any(row[stat] for row in totals.values()), stat


def test_one_player_and_a_dataframe(imported: str) -> None:
    pandas = pytest.importorskip("pandas")
    from .conftest import WEIRD_NAMES

    name = WEIRD_NAMES["p1"]
    with open_database(imported) as db:
        frame = hf.history.stats(db, player=name)
        everyone = hf.history.stats(db)
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["player"]) == [name]
    row = everyone[everyone["player"] == name].reset_index(drop=True)
    pandas.testing.assert_frame_equal(frame, row, check_dtype=False)
    with pytest.raises(ValueError, match="bad grouping 'seat'"):
        hf.history.stats(imported, by="seat")
