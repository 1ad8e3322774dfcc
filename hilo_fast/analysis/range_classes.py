"""A range's hand classes on a board ("range hits board"): every hand of a
range classified (:func:`hilo_fast.analysis.classes.classify`) in one C call,
and the weighted count of each named class.

>>> import hilo_fast as hf
>>> hits = hf.classify_range("A23*,AA$ds", "Ks4s9c7h")
>>> hits.hands, hits.removed, round(hits.fraction("nut low draw"), 3)
(3305, 395, 0.853)
>>> hits.count("nut flush draw"), round(hits.fraction("One Pair"), 3)
(709.0, 0.519)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import CardsLike
from ..core import tables as gen
from ..ranges.language import Range
from ..ranges.preflop import _numpy
from ._backend import backend
from .classes import HandClass, parse_spot

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CLASSES", "RangeClasses", "classify_range"]

_F = {name: i for i, name in enumerate(backend.CLASS_FIELDS)}


def _category_bounds() -> list[tuple[str, int, int]]:
    """(category, its first high value, its last) for the nine categories, best first."""
    bounds: list[tuple[str, int, int]] = []
    for value, (category, _) in enumerate(gen.high_classes(), start=1):
        name = gen.CATEGORIES[category]
        if bounds and bounds[-1][0] == name:
            bounds[-1] = (name, bounds[-1][1], value)
        else:
            bounds.append((name, value, value))
    return bounds


_CATEGORY_BOUNDS = _category_bounds()


def _in_category(low: int, high: int) -> Callable[[Any], Any]:
    return lambda fields: (fields[:, 0] >= low) & (fields[:, 0] <= high)


#: Every named class: a test on the rows of HandClass fields (as integers).
CLASSES: dict[str, Callable[[Any], Any]] = {
    **{name: _in_category(low, high) for name, low, high in _CATEGORY_BOUNDS},
    "nut high": lambda f: f[:, _F["high_rank"]] == 1,
    "low": lambda f: f[:, _F["low"]] > 0,
    "no low": lambda f: f[:, _F["low"]] == 0,
    "nut low": lambda f: f[:, _F["low_rank"]] == 1,
    "second nut low": lambda f: f[:, _F["low_rank"]] == 2,
    "low counterfeit risk": lambda f: f[:, _F["low_counterfeit"]] > 0,
    "flush draw": lambda f: f[:, _F["flush_outs"]] > 0,
    "nut flush draw": lambda f: f[:, _F["nut_flush_draw"]] > 0,
    "straight draw": lambda f: f[:, _F["straight_ranks"]] > 0,
    "wrap": lambda f: f[:, _F["straight_ranks"]] >= 3,
    "low draw": lambda f: f[:, _F["low_outs"]] > 0,
    "nut low draw": lambda f: f[:, _F["nut_low_outs"]] > 0,
    "nut flush blocker": lambda f: f[:, _F["nut_flush_blocker"]] > 0,
    "nut low blocker": lambda f: f[:, _F["nut_low_blocker"]] > 0,
}
"""The classes :class:`RangeClasses` counts: the nine high categories
("Straight Flush" .. "High Card"), then ``nut high`` (high_rank 1), ``low``
/ ``no low``, ``nut low`` (low_rank 1), ``second nut low`` (low_rank 2),
``low counterfeit risk`` (low_counterfeit > 0), ``flush draw``
(flush_outs > 0), ``nut flush draw``, ``straight draw`` (straight_ranks > 0),
``wrap`` (straight_ranks >= 3), ``low draw`` (low_outs > 0), ``nut low draw``
(nut_low_outs > 0), ``nut flush blocker`` and ``nut low blocker``."""


@dataclass(frozen=True, eq=False)
class RangeClasses:
    """Every hand of a range classified on one board.

    Attributes:
        board, dead: the spot, as card ids.
        combos: the range's hands that hold no board or dead card (rows of
            card ids; card removal drops the others).
        weights: their weights.
        fields: one row of :class:`~hilo_fast.analysis.classes.HandClass`
            fields per hand, as int32 (``low`` and ``low_rank`` 0 for no low,
            flags 0/1), in :data:`FIELDS` order.
        removed: hands of the range dropped because they hold a board or dead card.
    """

    board: tuple[int, ...]
    dead: tuple[int, ...]
    combos: npt.NDArray[np.int32]
    weights: npt.NDArray[np.float64]
    fields: npt.NDArray[np.int32]
    removed: int

    FIELDS = backend.CLASS_FIELDS

    @property
    def hands(self) -> int:
        """Hands classified (after card removal)."""
        return len(self.combos)

    @property
    def total(self) -> float:
        """Their total weight."""
        return float(self.weights.sum())

    def column(self, field: str) -> npt.NDArray[np.int32]:
        """One field of every hand (``"high_rank"``, ``"flush_outs"``, ...)."""
        if field not in _F:
            raise ValueError(f"no field {field!r}: one of {', '.join(self.FIELDS)}")
        return self.fields[:, _F[field]]

    def mask(self, name: str) -> npt.NDArray[np.bool_]:
        """Which hands are in the class ``name`` (a key of :data:`CLASSES`)."""
        if name not in CLASSES:
            raise ValueError(f"no class {name!r}: one of {', '.join(CLASSES)}")
        return CLASSES[name](self.fields)  # type: ignore[no-any-return]

    def count(self, name: str) -> float:
        """The weight of the hands in class ``name``."""
        return float(self.weights[self.mask(name)].sum())

    def fraction(self, name: str) -> float:
        """:meth:`count` over the total weight (0.0 for an empty range)."""
        total = self.total
        return self.count(name) / total if total else 0.0

    def counts(self) -> dict[str, float]:
        """The weight of every class of :data:`CLASSES`, in its order."""
        return {name: self.count(name) for name in CLASSES}

    def hand_class(self, row: int) -> HandClass:
        """Row ``row`` as a :class:`~hilo_fast.analysis.classes.HandClass`."""
        return HandClass.from_fields(self.fields[row].tolist())


def classify_range(hands: Range | str, board: CardsLike, dead: CardsLike = ()) -> RangeClasses:
    """Classify every hand of ``hands`` (a :class:`~hilo_fast.Range` or range
    text, 4-card hands for text) on ``board`` with ``dead`` cards out: hands
    holding a board or dead card are dropped, the others classified exactly
    (see :class:`RangeClasses` and :data:`CLASSES`)."""
    if isinstance(hands, str):
        hands = Range(hands)
    if not isinstance(hands, Range):
        raise TypeError(f"hands must be a Range or range text, not {type(hands).__name__}")
    board_ids, dead_ids = parse_spot(board, dead)
    np = _numpy()
    combos = hands.combos
    keep = ~np.isin(combos, [*board_ids, *dead_ids]).any(axis=1)
    combos = np.ascontiguousarray(combos[keep], dtype=np.int32)
    fields = np.zeros((len(combos), len(backend.CLASS_FIELDS)), dtype=np.int32)
    err, row = backend.classify_many(combos, hands.hole_count, board_ids, dead_ids, fields)
    if err:  # the range's rows are valid hands and parse_spot checked the rest
        raise ValueError(f"classify_range: bad hand at row {row} (error {err})")
    return RangeClasses(tuple(board_ids), tuple(dead_ids), combos, hands.weights[keep],
                        fields, int((~keep).sum()))
