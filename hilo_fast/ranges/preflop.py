"""Starting hands up to suit symmetry, and the preflop ranking ``%`` ranges use.

Two 4-card hands are in one suit-isomorphism class when renaming the suits
turns one into the other (``AsAh2s3h`` and ``AcAd2c3d``); the 270,725 hands
fall into 16,432 classes, all of one class equally strong before the flop.

The ranking (``preflop_hilo4.csv``, written by ``tools/preflop_ranking.py``)
orders the classes by Omaha Hi-Lo pot equity against one random hand, best
first, each with its Monte Carlo standard error (docs/ranges.md says how it
was measured).

>>> classes = hand_classes(4)
>>> len(classes.representatives), int(classes.combos.sum())
(16432, 270725)
"""

from __future__ import annotations

import csv
import itertools
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..cards import format_cards, parse_cards

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["OPPONENTS", "RANKINGS", "PreflopRanking", "all_hands", "hand_classes", "hand_keys",
           "multiway_file", "preflop_ranking", "range_file"]

RANKING_FILE = "preflop_hilo4.csv"
#: The committed rankings: number of random opponents -> players at the table.
OPPONENTS = {1: 2, 2: 3, 3: 4, 5: 6, 8: 9}
#: The same per hand size: 5-card Omaha Hi-Lo has the 6-handed ranking only.
RANKINGS = {4: OPPONENTS, 5: {5: 6}}


def multiway_file(players: int, hole_count: int = 4) -> str:
    """The ranking file of ``hole_count``-card hands against ``players - 1``
    random hands (4-card heads-up: RANKING_FILE)."""
    if hole_count == 4 and players == 2:
        return RANKING_FILE
    return f"preflop_hilo{hole_count}_{players}h.csv"


def range_file(against: str, players: int) -> str:
    """The ranking file against ``players - 1`` hands of the range ``against``."""
    safe = "".join(c if c.isalnum() else {"%": "pct", "-": "to"}.get(c, "_") for c in against)
    return f"preflop_hilo4_vs_{safe}_{players}h.csv"


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as exc:  # an optional dependency: say which extra brings it
        raise ImportError("a range needs numpy: pip install 'hilo-fast[numpy]'") from exc
    return numpy


@cache
def all_hands(hole_count: int) -> npt.NDArray[np.uint8]:
    """Every hand of ``hole_count`` cards, ascending card ids in each row, rows
    in lexicographic order (so :func:`hand_keys` ascends). Read-only, built once."""
    np = _numpy()
    # Grown a column at a time, each row followed by every larger card, in
    # numpy (20 million 6-card rows as Python tuples would take gigabytes).
    hands = np.arange(52, dtype=np.uint8)[:, None]
    for _ in range(hole_count - 1):
        last = hands[:, -1].astype(np.int64)
        follow = 51 - last                          # cards above each row's last
        starts = np.cumsum(follow) - follow
        step = np.arange(int(follow.sum()), dtype=np.int64) - np.repeat(starts, follow)
        nxt = (np.repeat(last + 1, follow) + step).astype(np.uint8)
        hands = np.column_stack([np.repeat(hands, follow, axis=0), nxt])
    hands.flags.writeable = False
    return hands  # type: ignore[no-any-return]


def hand_keys(hands: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """Each row of sorted card ids read as a base-52 number: ascends with the
    lexicographic order of the rows, one int64 per hand (52**6 < 2**63)."""
    np = _numpy()
    keys = np.zeros(len(hands), dtype=np.int64)
    for column in range(hands.shape[1]):
        keys = keys * 52 + hands[:, column].astype(np.int64)
    return keys  # type: ignore[no-any-return]


@dataclass(frozen=True)
class HandClasses:
    """The suit-isomorphism classes of one hand size.

    ``of_hand[i]``: class of hand ``all_hands(n)[i]``; ``representatives[c]``:
    the least hand of class c (as a row of card ids); ``combos[c]``: its size.
    """

    of_hand: npt.NDArray[np.int32]
    representatives: npt.NDArray[np.uint8]
    combos: npt.NDArray[np.int64]


@cache
def hand_classes(hole_count: int) -> HandClasses:
    """The classes of ``hole_count``-card hands: the canonical form of a hand
    is the least (by :func:`hand_keys`) of its 24 suit renamings."""
    np = _numpy()
    hands = all_hands(hole_count)
    ranks, suits = hands >> 2, hands & 3
    best = None
    for perm in itertools.permutations(range(4)):
        renamed = np.sort(ranks * 4 + np.array(perm, dtype=np.uint8)[suits], axis=1)
        keys = hand_keys(renamed)
        best = keys if best is None else np.minimum(best, keys)
    canonical, of_hand, combos = np.unique(best, return_inverse=True, return_counts=True)
    reps = np.zeros((len(canonical), hole_count), dtype=np.uint8)
    rest = canonical.copy()
    for column in reversed(range(hole_count)):
        reps[:, column] = rest % 52
        rest //= 52
    return HandClasses(of_hand.astype(np.int32).reshape(-1), reps, combos.astype(np.int64))


@dataclass(frozen=True)
class PreflopRanking:
    """The committed ranking: ``order[i]`` is the class ranked i-th (best
    first), ``equity``/``std_error`` per class (indexed by class)."""

    hole_count: int
    order: npt.NDArray[np.int64]
    equity: npt.NDArray[np.float64]
    std_error: npt.NDArray[np.float64]
    samples: int


def read_ranking_rows(text: str) -> tuple[int, list[tuple[str, float, float]]]:
    """(samples per class, [(hand, equity, std_error)] best first) of a ranking file."""
    lines = text.splitlines()
    samples = 0
    for line in lines:
        if line.startswith("# samples per class:"):
            samples = int(line.split(":")[1].split()[0])
    rows = list(csv.DictReader(line for line in lines if not line.startswith("#")))
    return samples, [(row["hand"], float(row["equity"]), float(row["std_error"]))
                     for row in rows]


@cache
def preflop_ranking(hole_count: int = 4, opponents: int = 1) -> PreflopRanking:
    """The ranking of ``hole_count``-card classes against ``opponents`` random
    hands (4-card: 1, 2, 3, 5 or 8, i.e. 2, 3, 4, 6 or 9 players; 5-card: 5,
    i.e. 6 players, see :data:`RANKINGS`); ValueError when none is committed."""
    if isinstance(hole_count, bool) or hole_count not in RANKINGS:
        raise ValueError(f"no preflop ranking for {hole_count}-card hands (there are "
                         f"rankings of {' and '.join(map(str, RANKINGS))}-card hands)")
    committed = RANKINGS[hole_count]
    if isinstance(opponents, bool) or opponents not in committed:
        raise ValueError(f"opponents: no {hole_count}-card ranking against {opponents!r} "
                         f"random hands (there are {hole_count}-card rankings against "
                         f"{', '.join(map(str, committed))})")
    return read_ranking(multiway_file(committed[opponents], hole_count), hole_count)


@cache
def read_ranking(name: str, hole_count: int = 4) -> PreflopRanking:
    """A committed ranking file of this package (see tools/preflop_ranking.py)."""
    np = _numpy()
    text = resources.files(__package__).joinpath(name).read_text()
    samples, rows = read_ranking_rows(text)
    classes = hand_classes(hole_count)
    keys = hand_keys(classes.representatives)
    hands = [sorted(parse_cards(hand)) for hand, _, _ in rows]
    if any(len(hand) != hole_count for hand in hands):
        raise RuntimeError(f"{name} holds a hand that is not {hole_count} cards")
    wanted = hand_keys(np.array(hands, dtype=np.uint8).reshape(len(rows), hole_count))
    order = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1).astype(np.int64)
    if (len(rows) != len(keys) or len(np.unique(order)) != len(keys)
            or not np.array_equal(keys[order], wanted)):
        raise RuntimeError(f"{name} does not list every class once")
    equity = np.zeros(len(keys), dtype=np.float64)
    error = np.zeros(len(keys), dtype=np.float64)
    equity[order] = [eq for _, eq, _ in rows]
    error[order] = [se for _, _, se in rows]
    return PreflopRanking(hole_count, order, equity, error, samples)


def class_name(cards: npt.NDArray[Any]) -> str:
    """A hand's name, highest card first (``AsAh3s2h``)."""
    return format_cards(sorted((int(c) for c in cards), reverse=True))
