"""Hand evaluation: 5-card high and low, Omaha Hi-Lo, and hand descriptions.

Every value is **lower is better**:

- high: 1..7462, the Cactus Kev classes (1 = royal flush, 7462 = 7-5-4-3-2
  offsuit), the same numbers phevaluator and treys give;
- low: 1..56 (1 = 5-4-3-2-A, 56 = 8-7-6-5-4), ``None`` = no qualifying low.

An Omaha hand is exactly two hole cards and three board cards, chosen
separately for the high and for the low.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from struct import error as struct_error

from ..cards import CardsLike, card_str, check_count, check_distinct, parse_cards
from . import tables as gen
from ._backend import backend

__all__ = [
    "HandValue",
    "describe_high",
    "describe_low",
    "evaluate",
    "evaluate_high5",
    "evaluate_low5",
    "high_category",
    "omaha_high",
    "omaha_hilo",
    "omaha_low",
]

HOLE_SIZES = (4, 5, 6)
BOARD_SIZES = (3, 4, 5)

_RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
               "Jack", "Queen", "King", "Ace")
_RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                 "Tens", "Jacks", "Queens", "Kings", "Aces")
_LOW_RANK_CHARS = "A2345678"
_DIRECT_TYPES = (list, tuple)  # passed to the backend as they are; anything else is parsed


def _bool_among(cards: bytes, hole: Sequence[object], board: Sequence[object]) -> bool:
    """Whether a bool hides among the card ids ``cards`` (``bytes(hole) + bytes(board)``).
    True == 1 and False == 0, so look only where a 0 or a 1 is, at its first place: a
    bool further on repeats the card there, which the backend refuses anyway."""
    n = len(hole)
    for value in (0, 1):
        at = cards.find(value)
        if at >= 0 and type(hole[at] if at < n else board[at - n]) is bool:
            return True
    return False


def _five(cards: CardsLike) -> list[int]:
    ids = parse_cards(cards)
    check_count(ids, (5,), "a 5-card hand")
    check_distinct(cards=ids)
    return ids


def _hand(hole: CardsLike, board: CardsLike) -> tuple[list[int], list[int]]:
    """Parse and validate an Omaha hand, raising an error that names the problem."""
    hole_ids, board_ids = parse_cards(hole), parse_cards(board)
    check_count(hole_ids, HOLE_SIZES, "hole")
    check_count(board_ids, BOARD_SIZES, "board")
    check_distinct(hole=hole_ids, board=board_ids)
    return hole_ids, board_ids


def _omaha_packed(hole: CardsLike, board: CardsLike) -> int:
    """``high << 8 | low``. Lists of valid ids go straight to the backend,
    which validates them too; only on failure (or other input forms) does
    the slower Python parser run, to build the error message."""
    if type(hole) in _DIRECT_TYPES and type(board) in _DIRECT_TYPES:
        try:
            hole_bytes = bytes(hole)  # type: ignore[arg-type]
            cards = hole_bytes + bytes(board)  # type: ignore[arg-type]
        except (TypeError, ValueError):  # not ints 0..255: the parser names the problem
            pass
        else:
            if not ((0 in cards or 1 in cards) and _bool_among(cards, hole, board)):  # type: ignore[arg-type]
                packed: int = backend.omaha_bytes(cards, len(hole_bytes))
                if packed >= 0:
                    return packed
    return int(backend.omaha(*_hand(hole, board)))


def evaluate_high5(cards: CardsLike) -> int:
    """High value of exactly five cards: 1..7462, lower is better.

    >>> evaluate_high5("AsKsQsJsTs")
    1
    >>> evaluate_high5("7d5c4h3s2d")
    7462
    """
    return int(backend.high5(_five(cards)))


def evaluate_low5(cards: CardsLike) -> int | None:
    """8-or-better low value of exactly five cards: 1..56, lower is better,
    or None when they make no qualifying low (a pair, or a card above 8).

    >>> evaluate_low5("5c4d3h2sAc")
    1
    >>> evaluate_low5("8c7d6h5s4c")
    56
    >>> evaluate_low5("9c4d3h2sAc") is None
    True
    """
    return int(backend.low5(_five(cards))) or None


def omaha_high(hole: CardsLike, board: CardsLike) -> int:
    """Best Omaha high (exactly 2 hole + 3 board cards): 1..7462, lower is better.

    >>> omaha_high("AsKsQdJd", "QsJsTs2c3c")  # royal flush
    1
    >>> omaha_high("AsKsQsJs", "Ts2c3c4d5h")  # one spade on board: no flush
    6288
    """
    return _omaha_packed(hole, board) >> 8


def omaha_low(hole: CardsLike, board: CardsLike) -> int | None:
    """Best Omaha 8-or-better low: 1..56, lower is better, None if none qualifies.

    >>> omaha_low("As2dKh9c", "3s4h5dKd8c")
    1
    >>> omaha_low("As2d3cKh", "2c3d4sQhKd") is None  # counterfeited: no low
    True
    """
    return (_omaha_packed(hole, board) & 0xFF) or None


def omaha_hilo(hole: CardsLike, board: CardsLike) -> tuple[int, int | None]:
    """Both halves of an Omaha hand as ``(high, low)``, ``low`` None when
    there is none: the leanest call per hand (no :class:`HandValue`).

    With the native backend on CPython, ``hilo_fast.omaha_hilo`` is this
    function's builtin twin (csrc/py/percall.c): it answers lists or tuples
    of int card ids itself and hands everything else to this function.

    >>> omaha_hilo("As2dKh9c", "3s4h5dKd8c")
    (1609, 1)
    >>> omaha_hilo("KsKd7c2h", "Kh7d7s3c9d")
    (185, None)
    """
    # The hot path: a river hand's card ids packed as bytes by struct (which
    # takes exactly hole + 5 ints 0..255, so no float becomes a card) go to
    # C in one argument, the cheapest cffi call. Anything else, or a
    # failure, goes through the parser, which names the problem.
    packed = _river_packed(hole, board)
    if packed < 0:
        packed = _omaha_packed(hole, board)
    return packed >> 8, (packed & 0xFF) or None


def _river_packed(hole: CardsLike, board: CardsLike) -> int:
    """``high << 8 | low`` of a river hand of plain card ids packed by struct, or -1
    (any other input, a bool among the ids, or a value the backend refuses)."""
    try:
        pack, river = backend.OMAHA_RIVER[len(hole)]  # type: ignore[arg-type]
        items = (*hole, *board)
        cards: bytes = pack(*items)
    except (KeyError, TypeError, struct_error):
        return -1
    if (0 in cards or 1 in cards) and any(type(item) is bool for item in items):
        return -1  # True == 1 packs as a card: the parser refuses it by name
    return int(river(cards))


def _builtin_omaha_hilo() -> Callable[[CardsLike, CardsLike], tuple[int, int | None]]:
    bind = getattr(backend, "builtin_omaha_hilo", None)
    builtin = bind(omaha_hilo) if bind is not None else None
    return builtin if builtin is not None else omaha_hilo


#: ``hilo_fast.omaha_hilo``: the builtin twin of :func:`omaha_hilo` where it
#: was built (native backend on CPython), which hands every input it does not
#: answer itself to :func:`omaha_hilo`; else :func:`omaha_hilo` itself.
fast_omaha_hilo = _builtin_omaha_hilo()
"""``omaha_hilo(hole, board) -> (high, low)``, exported as ``hilo_fast.omaha_hilo``:
both halves of an Omaha hand, ``low`` None when there is none, with the
validation and errors of :func:`omaha_high`. On CPython with the native
backend it is a builtin (csrc/py/percall.c) that answers lists or tuples of
int card ids itself and hands every other input to the Python
``omaha_hilo`` of this module; elsewhere it is that function."""
#: The backend the builtin answers for (None without the builtin).
_BUILTIN_BACKEND = backend if fast_omaha_hilo is not omaha_hilo else None


@lru_cache(maxsize=1)
def _high_classes() -> list[tuple[int, tuple[int, ...]]]:
    return gen.high_classes()


def _check_value(value: int, top: int, what: str) -> None:
    if type(value) is not int or not 1 <= value <= top:
        raise ValueError(f"bad {what} value {value!r}: expected an int 1..{top}")


def high_category(value: int) -> str:
    """The category of a high value, e.g. ``"Full House"``.

    >>> high_category(1), high_category(7462)
    ('Straight Flush', 'High Card')
    """
    _check_value(value, gen.N_HIGH_CLASSES, "high")
    return gen.CATEGORIES[_high_classes()[value - 1][0]]


def describe_high(value: int) -> str:
    """The high hand as a player would say it.

    >>> describe_high(evaluate_high5("KcKdKh7s7d"))
    'Full House, Kings full of Sevens'
    >>> describe_high(evaluate_high5("5d4d3d2dAd"))
    'Straight Flush, Five high'
    """
    _check_value(value, gen.N_HIGH_CLASSES, "high")
    category, ranks = _high_classes()[value - 1]
    top = ranks[0]
    if value == 1:
        return "Royal Flush"
    if category == 1:
        return f"Four of a Kind, {_RANK_PLURALS[top]}"
    if category == 2:
        return f"Full House, {_RANK_PLURALS[top]} full of {_RANK_PLURALS[ranks[3]]}"
    if category == 5:
        return f"Three of a Kind, {_RANK_PLURALS[top]}"
    if category == 6:
        return f"Two Pair, {_RANK_PLURALS[top]} and {_RANK_PLURALS[ranks[2]]}"
    if category == 7:
        return f"Pair of {_RANK_PLURALS[top]}"
    if category == 8:
        return f"High Card, {_RANK_NAMES[top]}"
    return f"{gen.CATEGORIES[category]}, {_RANK_NAMES[top]} high"


def describe_low(value: int | None) -> str:
    """The low hand as a player would say it, highest card first.

    >>> describe_low(evaluate_low5("8c6d4h2sAc"))
    '8-6-4-2-A low'
    >>> describe_low(None)
    'no low'
    """
    if value is None:
        return "no low"
    _check_value(value, gen.N_LOW_CLASSES, "low")
    mask = gen.low_classes()[value - 1]
    return "-".join(_LOW_RANK_CHARS[i] for i in range(7, -1, -1) if mask >> i & 1) + " low"


class HandValue:
    """Both halves of an Omaha hand. Lower values are better.

    ``high`` 1..7462; ``low`` 1..56 or None. The best five cards of each half
    (two hole cards, then three board cards) and the descriptions are worked
    out when first asked for.

    >>> hand = evaluate("As2dKh9c", "3s4h5dKd8c")
    >>> hand.high, hand.low
    (1609, 1)
    >>> hand.high_description, hand.low_description
    ('Straight, Five high', '5-4-3-2-A low')
    >>> hand.high_cards
    ('As', '2d', '3s', '4h', '5d')
    """

    __slots__ = ("_best", "_board", "_hole", "high", "low")

    def __init__(
        self, high: int, low: int | None, hole: Sequence[int], board: Sequence[int]
    ) -> None:
        # hole and board: immutable card ids (tuples, or bytes from evaluate).
        self.high = high
        self.low = low
        self._hole = hole
        self._board = board
        self._best: tuple[tuple[int, ...], tuple[int, ...] | None] | None = None

    def _best_cards(self) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        if self._best is None:
            # list(): ids kept as bytes are numbers here, not the card names bytes mean
            result = backend.omaha_best(*_hand(list(self._hole), list(self._board)))
            self._best = (result[2], result[3])
        return self._best

    @property
    def high_card_ids(self) -> tuple[int, ...]:
        """The five cards of the best high as ids: two hole cards, then three board cards."""
        return self._best_cards()[0]

    @property
    def low_card_ids(self) -> tuple[int, ...] | None:
        """The five cards of the best low as ids, or None when there is no low."""
        return self._best_cards()[1]

    @property
    def high_cards(self) -> tuple[str, ...]:
        """The five cards of the best high as names."""
        return tuple(card_str(c) for c in self.high_card_ids)

    @property
    def low_cards(self) -> tuple[str, ...] | None:
        """The five cards of the best low as names, or None."""
        ids = self.low_card_ids
        return None if ids is None else tuple(card_str(c) for c in ids)

    @property
    def high_category(self) -> str:
        """The high hand's category, e.g. ``'Straight'`` (see :func:`high_category`)."""
        return high_category(self.high)

    @property
    def high_description(self) -> str:
        """The high hand in words, e.g. ``'Straight, Five high'``."""
        return describe_high(self.high)

    @property
    def low_description(self) -> str:
        """The low in words, e.g. ``'5-4-3-2-A low'``, or ``'no low'``."""
        return describe_low(self.low)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return (self.high, self.low) == (other.high, other.low)

    def __hash__(self) -> int:
        return hash((self.high, self.low))

    def __repr__(self) -> str:
        return f"HandValue(high={self.high}, low={self.low})"

    def __str__(self) -> str:
        return f"{self.high_description}; {self.low_description}"


def evaluate(hole: CardsLike, board: CardsLike) -> HandValue:
    """Both halves of an Omaha Hi-Lo hand in one call (lower is better).

    ``hole``: 4, 5 or 6 cards; ``board``: 3, 4 or 5 cards. Each half uses
    exactly two hole cards and three board cards.

    >>> str(evaluate("KsKd7c2h", "Kh7d7s3c9d"))
    'Full House, Kings full of Sevens; no low'
    """
    # The hot path of one-call-per-hand users, kept to the fewest Python
    # steps: lists or tuples go to the builtin omaha_hilo when it answers for
    # this backend (it raises the parser's errors for bad cards); then a river
    # hand's ids go to C as packed bytes, as in omaha_hilo;
    # the hand keeps tuples (so a caller reusing its lists cannot change it
    # later). Other boards of lists go as bytes (cffi passes bytes as they
    # are); anything else, or a failure, goes through the parser, which
    # names the problem.
    if backend is _BUILTIN_BACKEND and type(hole) in _DIRECT_TYPES \
            and type(board) in _DIRECT_TYPES:
        high, low = fast_omaha_hilo(hole, board)
        return HandValue(high, low, tuple(hole), tuple(board))  # type: ignore[arg-type]
    packed = _river_packed(hole, board)
    if packed >= 0:
        return HandValue(packed >> 8, (packed & 0xFF) or None,
                         tuple(hole), tuple(board))  # type: ignore[arg-type]
    if type(hole) in _DIRECT_TYPES and type(board) in _DIRECT_TYPES:
        try:
            hole_bytes, board_bytes = bytes(hole), bytes(board)  # type: ignore[arg-type]
        except (TypeError, ValueError):  # not ints 0..255: the parser names the problem
            pass
        else:
            cards = hole_bytes + board_bytes
            if not ((0 in cards or 1 in cards) and _bool_among(cards, hole, board)):  # type: ignore[arg-type]
                packed = backend.omaha_bytes(cards, len(hole_bytes))
                if packed >= 0:
                    return HandValue(packed >> 8, (packed & 0xFF) or None, hole_bytes,
                                     board_bytes)
    hole_ids, board_ids = _hand(hole, board)
    packed = backend.omaha(hole_ids, board_ids)
    return HandValue(packed >> 8, (packed & 0xFF) or None, tuple(hole_ids), tuple(board_ids))
