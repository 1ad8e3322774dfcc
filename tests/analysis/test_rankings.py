"""The multiway and range rankings: the whole-table kernel (C against its pure
twin, deal for deal; its statistics against hf.equity and the heads-up
ranking), the committed files, hf.percentile and the ``P%Nh`` notation."""

from __future__ import annotations

import csv
import functools
import itertools
from importlib import resources
from types import ModuleType
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import hilo_fast as hf  # noqa: E402
from hilo_fast._backends import IN_USE, NATIVE, PURE  # noqa: E402
from hilo_fast.analysis.rankings import (  # noqa: E402
    CHUNK,
    colex_classes,
    percentile,
    range_ranking,
    ranking_for,
    sample_ranking,
)
from hilo_fast.cards import parse_cards  # noqa: E402
from hilo_fast.ranges.preflop import (  # noqa: E402
    OPPONENTS,
    hand_classes,
    multiway_file,
    preflop_ranking,
    range_file,
)

TOTAL = 270725
N_CLASSES = 16432
#: Statistical checks deal 10^5-10^6 tables: the native kernel only (the
#: pure twin deals the same tables, checked deal for deal above them).
needs_native = pytest.mark.skipif(IN_USE is not NATIVE,
                                  reason="10^5+ deals need the native kernel")


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("hilo_fast.ranges").joinpath(name).read_text()
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


def _canonical(cards: list[int]) -> tuple[int, ...]:
    """The least sorted hand among the 24 suit renamings (written here, apart
    from the numpy version in ranges/preflop.py)."""
    return min(tuple(sorted((c >> 2) * 4 + perm[c & 3] for c in cards))
               for perm in itertools.permutations(range(4)))


def _sums(backend: Any, players: int, combos: Any, seats: int, seed: int,
          count: int) -> tuple[int, list[Any]]:
    out = [np.zeros(N_CLASSES, dtype=np.int64) for _ in range(3)]
    err = backend.ranking_sample(players, 4, colex_classes(4), N_CLASSES, combos, seats, seed,
                                 count, *out)
    return err, out


# ---- the kernel ----

@pytest.mark.skipif(NATIVE is None, reason="the native backend is not built")
@pytest.mark.parametrize(("players", "against", "seats"), [
    (2, None, 0), (3, None, 0), (6, None, 0), (9, None, 0), (10, None, 0),
    (2, "AA", 1), (3, "KK,QQ", 2), (9, "KK,QQ,JJ,TT", 4), (3, "5%", 1), (4, "AsAh2s3h", 1)])
def test_the_c_kernel_deals_what_the_pure_twin_deals(players: int, against: str | None,
                                                     seats: int) -> None:
    combos = None if against is None else \
        np.ascontiguousarray(hf.Range(against).combos, dtype=np.int32).reshape(-1)
    for seed in (0, 2**64 - 1):
        c_err, c_out = _sums(NATIVE, players, combos, seats, seed, 100)
        p_err, p_out = _sums(PURE, players, combos, seats, seed, 100)
        assert c_err == p_err == 0
        for a, b in zip(c_out, p_out, strict=True):
            assert (a == b).all()
        assert int(c_out[2].sum()) == 100 * (players - seats)


@pytest.mark.parametrize("backend", [PURE] + ([NATIVE] if NATIVE else []),
                         ids=lambda b: b.NAME)
def test_bad_kernel_arguments_are_refused_with_nothing_added(backend: ModuleType) -> None:
    table = colex_classes(4)
    good = np.ascontiguousarray(hf.Range("AA").combos, dtype=np.int32).reshape(-1)
    bad_card = good.copy()
    bad_card[0] = 52
    twice = good.copy()
    twice[1] = twice[0]
    broken = table.copy()
    broken[5] = N_CLASSES
    calls = [(1, 4, table, None, 0, 10), (11, 4, table, None, 0, 10),
             (11, 5, table, None, 0, 10), (3, 6, table, None, 0, 10),
             (2, 4, table, None, 0, -1), (2, 4, table, None, 0, 2**31),
             (2, 4, table, good, 2, 10), (2, 4, table, None, 1, 10),
             (2, 4, table[:-1], None, 0, 10), (2, 4, broken, None, 0, 10),
             (2, 4, table, bad_card, 1, 10), (2, 4, table, twice, 1, 10),
             (2, 4, table, good[:-1], 1, 10)]
    for players, hole, classes, combos, seats, count in calls:
        out = [np.zeros(N_CLASSES, dtype=np.int64) for _ in range(3)]
        err = backend.ranking_sample(players, hole, classes, N_CLASSES, combos, seats, 1,
                                     count, *out)
        assert err < 0, (players, hole, seats, count)
        assert not any(o.any() for o in out)
    # two seats of a one-combo range always clash: refused, not an endless deal
    one = np.ascontiguousarray(hf.Range("AsAh2s3h").combos, dtype=np.int32).reshape(-1)
    out = [np.zeros(N_CLASSES, dtype=np.int64) for _ in range(3)]
    assert backend.ranking_sample(3, 4, table, N_CLASSES, one, 2, 1, 5, *out) < 0


def test_every_deal_pays_out_one_whole_pot() -> None:
    # 5040 splits exactly among 1..10 winners of either half: the shares of
    # a deal of random seats add up to one pot, so the sums to one per deal.
    for players in (2, 3, 9, 10):
        sample = sample_ranking(players, 400, seed=players)
        assert int(sample.samples.sum()) == 400 * players
        assert sample.share_sum.sum() == pytest.approx(400, abs=1e-9)


def test_the_sums_do_not_depend_on_threads() -> None:
    one = sample_ranking(3, 2_500, seed=5, threads=1, chunk=1_000)
    two = sample_ranking(3, 2_500, seed=5, threads=2, chunk=1_000)
    assert int(one.samples.sum()) == 3 * 2_500
    # the default chunk is what the committed files' headers state
    assert CHUNK == 1_000_000
    assert (one.samples == two.samples).all() and (one.share_sum == two.share_sum).all()
    assert (one.share_sq == two.share_sq).all()


@needs_native
def test_heads_up_tables_agree_with_the_committed_heads_up_ranking() -> None:
    # Two independent measures of one thing: the committed file came from
    # hf.equity per class (equity.c), these from whole tables (ranking.c).
    sample = sample_ranking(2, 1_500_000, seed=2026)
    committed = preflop_ranking(4)
    ok = sample.samples >= 60
    z = (sample.equity[ok] - committed.equity[ok]) / np.hypot(sample.std_error[ok],
                                                              committed.std_error[ok])
    assert ok.sum() > 14_000
    assert 0.9 < float((z ** 2).mean()) < 1.1
    assert abs(float(z.mean())) < 0.05


@needs_native
def test_tables_against_a_range_agree_with_hf_equity() -> None:
    # The random seat's mean share against AA (card removal: the random hand
    # comes from the 48 cards the AA leaves) is what the AA hand loses.
    deals = 400_000
    sample = sample_ranking(2, deals, seed=3, against="AA")
    mean = sample.share_sum.sum() / deals
    se = float(np.sqrt((sample.share_sq.sum() / deals - mean ** 2) / deals))
    ref = hf.equity(["AA", None], samples=400_000, seed=4).players[1]
    assert abs(mean - ref.equity) < 4 * float(np.hypot(se, ref.std_error))


def test_bad_sample_arguments_name_the_argument() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
                         ({"players": 1}, "players"), ({"players": 11}, "players"),
                         ({"deals": -1}, "deals"), ({"threads": 0}, "threads"),
                         ({"chunk": 0}, "chunk"),
                         ({"hole_count": 6}, "hole_count"),
                         ({"against": "AA", "range_seats": 2}, "range_seats"),
                         ({"against": "AA@3,KK@1"}, "weighted"),
                         ({"against": "AsAh2s3h!As"}, "no hand")]
    for kwargs, word in cases:
        args: dict[str, Any] = {"players": 2, "deals": 10, **kwargs}
        with pytest.raises(ValueError, match=word):
            sample_ranking(**args)
    with pytest.raises(TypeError, match="players"):
        sample_ranking(2.0, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bad range"):
        sample_ranking(2, 10, against="AsAsKK")
    with pytest.raises(ValueError, match="never fit"):
        sample_ranking(3, 10, against="AsAh2s3h", range_seats=2)


# ---- the committed files ----

@pytest.mark.parametrize("players", sorted(OPPONENTS.values()))
def test_each_committed_ranking_lists_every_class_best_first(players: int) -> None:
    rows = _rows(multiway_file(players))
    assert len(rows) == N_CLASSES
    assert sum(int(row["combos"]) for row in rows) == TOTAL
    equities = [float(row["equity"]) for row in rows]
    assert equities == sorted(equities, reverse=True)
    assert all(0 < float(row["std_error"]) < 0.05 for row in rows)
    if players > 2:
        # every seat of every deal is one sample: a class's samples are close
        # to its share of the hands (binomial, 6 sigma)
        deals = preflop_ranking(4, players - 1)
        n = np.array([int(row["samples"]) for row in rows], dtype=float)
        expect = np.array([int(row["combos"]) for row in rows]) / TOTAL * n.sum()
        assert (abs(n - expect) < 6 * np.sqrt(expect) + 1).all()
        assert deals.samples == int(n.min())
        # the mean pot share over all hands is 1 / players
        eq = np.array(equities)
        assert float((eq * n).sum() / n.sum()) == pytest.approx(1 / players, abs=1e-6)


def test_more_opponents_mean_smaller_shares_for_the_best_hand() -> None:
    tops = [preflop_ranking(4, k).equity[preflop_ranking(4, k).order[0]] for k in OPPONENTS]
    assert tops == sorted(tops, reverse=True)


@needs_native
def test_the_committed_range_ranking_is_what_range_ranking_computes() -> None:
    # Fresh tables (another seed) against the committed file, pooled over ten
    # groups of classes by committed rank (a class alone has too few samples
    # here): each group's mean share agrees within 4.5 standard errors.
    committed = ranking_for("20%")
    rows = _rows(range_file("20%", 2))
    assert len(rows) == N_CLASSES
    committed_samples = np.zeros(N_CLASSES)
    committed_samples[committed.order] = [int(row["samples"]) for row in rows]
    fresh = sample_ranking(2, 400_000, seed=17, against="20%")
    for group in np.array_split(committed.order, 10):
        n = fresh.samples[group].sum()
        mean = fresh.share_sum[group].sum() / n
        se = np.sqrt((fresh.share_sq[group].sum() / n - mean ** 2) / n)
        want = np.average(committed.equity[group], weights=committed_samples[group])
        assert abs(mean - want) < 4.5 * se, (mean, want, se)
    # against the top 20% a random hand averages well below half the pot
    n = np.array([int(row["samples"]) for row in rows], dtype=float)
    eq = np.array([float(row["equity"]) for row in rows])
    assert 0.3 < float((eq * n).sum() / n.sum()) < 0.45


# ---- percentile ----

@functools.cache
def _file_classes(name: str) -> dict[tuple[int, ...], tuple[float, int]]:
    """Each class of a file by its canonical hand: (equity, combos)."""
    return {_canonical(parse_cards(r["hand"])): (float(r["equity"]), int(r["combos"]))
            for r in _rows(name)}


def _brute_percentile(hand: str, name: str) -> float:
    """Percent of all hands whose class equity is at most the hand's, read from
    the file with csv and classes found by the 24 renamings."""
    table = _file_classes(name)
    equity = table[_canonical(parse_cards(hand))][0]
    return 100 * sum(combos for eq, combos in table.values() if eq <= equity) / TOTAL


@pytest.mark.parametrize("opponents", sorted(OPPONENTS))
def test_percentile_is_the_brute_force_share_of_hands_beaten_or_tied(opponents: int) -> None:
    name = multiway_file(OPPONENTS[opponents])
    for hand in ("AsAh2s3h", "KdKc7h2s", "9c8c7d6d", "2s2h2d2c", "Ac2d9h9s"):
        assert percentile(hand, against=opponents) == pytest.approx(
            _brute_percentile(hand, name), abs=1e-9)


def test_percentile_is_monotone_and_bounded() -> None:
    for opponents in OPPONENTS:
        ranking = preflop_ranking(4, opponents)
        classes = hand_classes(4)
        reps = classes.representatives
        picks = ranking.order[:: 401]  # best to worst
        got = [percentile([int(c) for c in reps[i]], against=opponents) for i in picks]
        assert got == sorted(got, reverse=True)
        assert all(0 < p <= 100 for p in got)
        best = [int(c) for c in reps[ranking.order[0]]]
        worst = ranking.order[-1]
        assert percentile(best, against=opponents) == 100
        assert percentile([int(c) for c in reps[worst]], against=opponents) == \
            pytest.approx(100 * classes.combos[worst] / TOTAL)


def test_percentile_is_the_same_for_every_suit_renaming() -> None:
    assert percentile("AsAh2s3h", 8) == percentile("AcAd2c3d", 8) == percentile("3h2sAsAh", 8)


@needs_native
def test_percentile_against_a_range() -> None:
    # the committed 20% file, and a ranking computed now (few deals: noisy,
    # but the percentile is still the share of hands at or below its equity)
    assert percentile("AsAh2s3h", against="20%") > 99
    ranking = range_ranking("KK", deals=30_000, seed=1)
    classes = hand_classes(4)
    reps = classes.representatives
    dealt = ~np.isnan(ranking.equity)
    for i in np.flatnonzero(dealt)[::1500]:
        hand = [int(c) for c in reps[i]]
        want = 100 * classes.combos[dealt & (ranking.equity <= ranking.equity[i])].sum() / TOTAL
        assert percentile(hand, against=ranking) == pytest.approx(want)
    never = [int(c) for c in reps[np.flatnonzero(~dealt)[0]]]
    with pytest.raises(ValueError, match="never dealt"):
        percentile(never, against=ranking)


@pytest.mark.parametrize(("hand", "against", "error", "word"), [
    ("AsAh2s", 1, ValueError, "4- or 5-card"), ("AsAh2s3h4h", 1, ValueError, "no 5-card ranking"),
    ("AsAsAh2s", 1, ValueError, "distinct"), ("AsAh2sXx", 1, ValueError, "Xx"),
    ("AsAh2s3h", 4, ValueError, "opponents"), ("AsAh2s3h", 0, ValueError, "opponents"),
    ("AsAh2s3h", 1.5, TypeError, "against"), ("AsAh2s3h", True, TypeError, "against"),
    ("AsAh2s3h", "AsAsKK", ValueError, "AsAsKK"),
    ("AsAh2s3h", "AA@2,KK@1", ValueError, "weighted")])
def test_percentile_bad_input_names_the_bad_thing(hand: str, against: Any,
                                                  error: type[Exception], word: str) -> None:
    with pytest.raises(error, match=word):
        percentile(hand, against=against)


# ---- the notation ----

def _top_from_file(name: str, low: float, high: float) -> set[tuple[int, ...]]:
    """The canonical classes of P%-Q% read from the file: those with the hands
    ranked above them at least P% and below Q% of all hands."""
    chosen, before = set(), 0
    for row in _rows(name):
        if low / 100 * TOTAL <= before < high / 100 * TOTAL:
            chosen.add(_canonical(parse_cards(row["hand"])))
        before += int(row["combos"])
    return chosen


@pytest.mark.parametrize(("text", "players", "low", "high"), [
    ("3%9h", 9, 0, 3), ("2%-4%6h", 6, 2, 4), ("1.5%3h", 3, 0, 1.5), ("2%4h", 4, 0, 2),
    ("1%2h", 2, 0, 1)])
def test_percent_with_a_table_size_takes_that_ranking(text: str, players: int, low: float,
                                                      high: float) -> None:
    rng = hf.Range(text)
    want = _top_from_file(multiway_file(players), low, high)
    got = {_canonical([int(c) for c in row]) for row in rng.combos}
    assert got == want
    classes = hand_classes(4)
    size = sum(int(classes.combos[i]) for i in range(N_CLASSES)
               if _canonical([int(c) for c in classes.representatives[i]]) in want)
    assert len(rng) == size


def test_percent_defaults_to_heads_up_and_composes() -> None:
    assert hf.Range("10%") == hf.Range("10%2h")
    assert len(hf.Range("100%9h")) == TOTAL
    assert len(hf.Range("0%9h")) == 0
    nine, six = hf.Range("10%9h"), hf.Range("10%6h")
    both = hf.Range("10%9h:10%6h")
    assert len(both) == len(set(map(tuple, nine.combos.tolist()))
                            & set(map(tuple, six.combos.tolist())))
    assert nine != hf.Range("10%")  # the rankings differ


@pytest.mark.parametrize(("text", "shown"), [
    ("15%7h", "'15%7h'"), ("15%1h", "'15%1h'"), ("15%10h", "'15%10h'"),
    ("5%-2%6h", "'5%-2%6h'"), ("15%9h9h", "'9h'"), ("AA,15%5h", "'15%5h' at position 3")])
def test_bad_table_sizes_name_the_token(text: str, shown: str) -> None:
    with pytest.raises(ValueError, match=shown.replace("%", "%").replace("(", r"\(")):
        hf.Range(text)


# ---- 5-card Omaha Hi-Lo classes ----

def _burnside(cards: int) -> int:
    """Suit classes of ``cards``-card hands: the mean over the 24 suit
    renamings of the hands each leaves fixed (unions of its card cycles)."""
    fixed = 0
    for perm in itertools.permutations(range(4)):
        lengths, seen = [], set()
        for start in range(4):
            length, at = 0, start
            while at not in seen:
                seen.add(at)
                at = perm[at]
                length += 1
            if length:
                lengths.append(length)
        poly = [1]  # coefficients of prod (1 + x^length)^13
        for length in lengths * 13:
            poly = [a + (poly[i - length] if i >= length else 0)
                    for i, a in enumerate(poly + [0] * length)]
        fixed += poly[cards]
    assert fixed % 24 == 0
    return fixed // 24


@pytest.mark.slow
def test_five_card_classes_are_the_published_134459() -> None:
    assert _burnside(4) == 16432 and _burnside(5) == 134459
    classes = hand_classes(5)
    assert len(classes.representatives) == 134459
    assert int(classes.combos.sum()) == 2598960
    # a class is 4 (all one suit, or ...), 12 or 24 hands: never more than 24 renamings
    assert set(classes.combos.tolist()) <= {4, 12, 24}
