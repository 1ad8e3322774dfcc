"""The range parser on hostile input, and lists of explicit hands.

- Nesting: the parser is a loop with an explicit stack, so 10,000 nested
  parentheses parse, and unbalanced ones fail with a ValueError naming the
  position, never a RecursionError.
- Garbage: any string made of the language's characters either parses or
  raises ValueError (hypothesis).
- Lists of hands (``AsKd7h2c,...``, what a tool exports): built without a
  pass over every hand per term; the hands and weights must equal a plain
  set computation, and the dense evaluator must never be called.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import sys
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import hilo_fast.ranges.language as ranges_module  # noqa: E402
from hilo_fast import Range  # noqa: E402

RANKS, SUITS = "23456789TJQKA", "cdhs"


def name(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def test_ten_thousand_nested_parentheses_parse() -> None:
    deep = "(" * 10_000 + "AA" + ")" * 10_000
    assert Range(deep) == Range("AA")
    weighted = "(" * 3_000 + "KK@2,QQ@1" + ")" * 3_000 + "!$ds"
    assert Range(weighted) == Range("(KK@2,QQ@1)!$ds")


@pytest.mark.parametrize("text,token,pos", [
    ("(" * 10_000 + "AA", "(", 9_999),
    ("(" * 10_000 + "AA" + ")" * 10_001, ")", 20_002),
    ("(" * 5_000 + ")" * 5_000, ")", 5_000),
    ("AA@2@3", "@3", 4),
    ("AA@2:KK", ":", 4),
    ("(AA@2)@3@1", "@1", 8),
    ("AA,(KK@2)", "AA", 0),
])
def test_deep_or_bad_nesting_names_the_position(text: str, token: str, pos: int) -> None:
    limit = sys.getrecursionlimit()
    with pytest.raises(ValueError) as info:
        Range(text)
    assert f"{token!r} at position {pos}" in str(info.value)
    assert sys.getrecursionlimit() == limit
    assert len(str(info.value)) < 300  # the range shortened, one readable line


ALPHABET = "AKQJT98765432*cdhswxyzRONLWBMFZ$[](),:!@%+-. 0123456789"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=14))
def test_garbage_raises_only_value_error(text: str) -> None:
    with contextlib.suppress(ValueError):  # anything else fails the test
        Range(text)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="(),AK@2!:", max_size=40))
def test_operator_soup_raises_only_value_error(text: str) -> None:
    with contextlib.suppress(ValueError):
        Range(text)


def random_hands(rng: random.Random, count: int, n: int = 4) -> list[tuple[int, ...]]:
    return [tuple(rng.sample(range(52), n)) for _ in range(count)]


@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_list_of_hands_is_those_hands(n: int) -> None:
    rng = random.Random(n)
    hands = random_hands(rng, 300, n) + random_hands(rng, 5, n)
    hands += hands[:20]  # written twice, in other card orders
    text = ",".join("".join(name(c) for c in (h if i % 2 else h[::-1]))
                    for i, h in enumerate(hands))
    r = Range(text, hole_count=n)
    want = sorted({tuple(sorted(h)) for h in hands})
    assert [tuple(row) for row in r.combos.tolist()] == want
    assert not r.weighted and set(r.weights.tolist()) == {1.0}


def test_a_weighted_list_keeps_the_larger_weight() -> None:
    rng = random.Random(7)
    hands = random_hands(rng, 200)
    weights = [rng.choice((0.5, 1, 2, 3.25)) for _ in hands]
    hands += hands[:50]
    weights += [rng.choice((0.5, 1, 2, 3.25)) for _ in range(50)]
    text = ",".join(f"{''.join(name(c) for c in h)}@{w}" for h, w in zip(hands, weights,
                                                                          strict=True))
    want: dict[tuple[int, ...], float] = {}
    for h, w in zip(hands, weights, strict=True):
        key = tuple(sorted(h))
        want[key] = max(want.get(key, 0.0), float(w))
    r = Range(text)
    assert [tuple(row) for row in r.combos.tolist()] == sorted(want)
    assert r.weights.tolist() == [want[k] for k in sorted(want)]


def test_hands_mixed_with_other_parts_equal_the_dense_evaluation() -> None:
    # The same hands written as a list and as terms the dense evaluator reads
    # (a padded hand, "AsKd7h2c:*"), combined with other parts.
    rng = random.Random(3)
    hands = ["".join(name(c) for c in h) for h in random_hands(rng, 40)]
    for shape in ("{},KK", "({})!$ds", "({}):AA", "{}!(As*)", "(KK@2,({})@3)", "({})@2,QQ@1"):
        listed = shape.format(",".join(hands))
        dense = shape.format(",".join(f"{h}:*" for h in hands))
        assert Range(listed) == Range(dense), shape


def test_a_list_never_passes_over_every_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # The complexity claim, counted rather than timed: a list of hands calls
    # neither the dense term evaluator nor the all-hands table.
    calls: list[str] = []

    def counted(name: str, real: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(ranges_module, "_term_mask", counted("_term_mask",
                                                             ranges_module._term_mask))
    monkeypatch.setattr(ranges_module, "_hands", counted("_hands", ranges_module._hands))
    rng = random.Random(11)
    for n in (4, 5, 6):
        text = ",".join("".join(name(c) for c in h) for h in random_hands(rng, 2_000, n))
        assert len(Range(text, hole_count=n)) > 1_900
        assert len(Range(f"({text})@2", hole_count=n)) > 1_900
    assert calls == []
    Range("AsKd7h2c,AA")  # a term that is not a hand: the dense path, counted
    assert "_term_mask" in calls


def test_a_card_twice_in_a_listed_hand_is_still_refused() -> None:
    with pytest.raises(ValueError, match="the same card twice"):
        Range("AsKd7h2c,AsAs7h2c")


def test_every_rank_and_suit_spelling_of_a_hand() -> None:
    # Each card of a hand in each order: one hand.
    hand = (0, 17, 34, 51)
    for order in itertools.permutations(hand):
        assert Range("".join(name(c) for c in order)).combos.tolist() == [list(hand)]
