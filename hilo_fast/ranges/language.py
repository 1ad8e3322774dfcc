"""The Omaha range language and :class:`Range`, a set of weighted starting hands.

The grammar (docs/ranges.md has it in full) follows ProPokerTools' generic
syntax. A range is terms combined with ``,`` (union), ``:`` (intersection)
and ``!`` (difference), ``:`` and ``!`` binding tighter and read left to
right, with parentheses; a term describes cards a hand must hold (padded
with ``*`` to the hand size) and shape filters on the whole hand:

>>> len(Range("AA"))               # at least two aces
6961
>>> len(Range("AxAyxy"))           # double-suited aces
864
>>> len(Range("JJ!JJJ")), len(Range("RROO"))
(6768, 2808)
>>> "As2s3h4h" in Range("A2$ds")
True

A range is evaluated once, vectorised over every hand of its size (numpy),
to the sorted array of its hands and their weights; hands written out in
full (``AsKd7h2c,...``, as tools export ranges) stay a list, with no pass
over every hand.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import RANKS, SUITS, CardsLike, card_str, parse_cards
from .preflop import RANKINGS, _numpy, hand_keys
from .terms import (
    _OPERATORS,
    _PERCENT,
    _WEIGHT,
    HOLE_SIZES,
    RANK_MACROS,
    SHAPE_MACROS,
    _error,
    _Hands,
    _hands,
    _percent_mask,
    _term_mask,
    _TermParser,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..core.game import Game  # a type only: ranges sit beside core, not above it

__all__ = ["RANK_MACROS", "SHAPE_MACROS", "Range"]


# ---- the expression parser ----

@dataclass(frozen=True)
class _Token:
    kind: str          # "op", "term", "percent", "weight", "end"
    text: str
    pos: int


def _tokenize(text: str) -> list[_Token]:
    tokens, at = [], 0
    while at < len(text):
        c = text[at]
        if c.isspace():
            at += 1
        elif c in _OPERATORS:
            tokens.append(_Token("op", c, at))
            at += 1
        elif c == "@":
            match = _WEIGHT.match(text, at + 1)
            if match is None:
                bad = re.match(r"@[^\s,:!()]*", text[at:])
                raise _error(text, "a weight must be a positive number, not",
                             bad.group(0) if bad else "@", at)
            tokens.append(_Token("weight", text[at:match.end()], at))
            at = match.end()
        elif (match := _PERCENT.match(text, at)) is not None:
            tokens.append(_Token("percent", match.group(0), at))
            at = match.end()
        else:
            start, depth = at, 0
            while at < len(text) and (depth or (not text[at].isspace()
                                                and text[at] not in _OPERATORS + "@")):
                depth += text[at] == "["
                depth -= text[at] == "]"
                if depth < 0:
                    raise _error(text, "unbalanced bracket", "]", at)
                at += 1
            if depth:
                raise _error(text, "unbalanced bracket", "[", text.rindex("[", start, at))
            tokens.append(_Token("term", text[start:at], start))
    tokens.append(_Token("end", "", len(text)))
    return tokens


_EXPLICIT = {n: re.compile(f"(?:[{RANKS}][{SUITS}]){{{n}}}") for n in HOLE_SIZES}


def _hand_rows(cards: Any) -> Any:
    """Each hand's row in all_hands(n) (rows of ascending card ids in
    lexicographic order): C(52, n) - 1 - sum_i C(51 - c_i, n - i)."""
    np = _numpy()
    n = cards.shape[1]
    table = np.array([[math.comb(51 - c, n - i) for c in range(52)] for i in range(n)],
                     dtype=np.int64)
    rows = np.full(len(cards), math.comb(52, n) - 1, dtype=np.int64)
    for i in range(n):
        rows -= table[i][cards[:, i]]
    return rows


@dataclass
class _Value:
    """A part of a range: which hands, and their weights (None: unweighted).

    Dense: ``mask`` holds one bool per hand of the size (weights per hand).
    Sparse, for parts made of explicit hands (``AsKd7h2c``): ``mask`` is
    None and ``hands`` lists each hand's ascending card ids (weights per
    hand listed), so a list of hands never makes a pass over all hands."""

    mask: Any
    weights: Any | None
    hands: list[tuple[int, ...]] | None = None


@dataclass
class _Frame:
    """The range, or one parenthesis of it, while it is read: its "(" token,
    the finished parts of its union (each with its first token), the part
    being read (an intersection so far, the operator waiting for its right
    side, its first token, whether a weight closed it)."""

    open: _Token | None
    parts: list[tuple[_Value, _Token]] = field(default_factory=list)
    value: _Value | None = None
    op: str | None = None
    first: _Token | None = None
    weighted: bool = False

    def close_part(self) -> None:
        assert self.value is not None and self.first is not None
        self.parts.append((self.value, self.first))
        self.value, self.op, self.first, self.weighted = None, None, None, False


def _sparse_arrays(value: _Value) -> tuple[Any, Any]:
    """A sparse value's distinct hands, ascending (rows of ascending card ids,
    uint8), and their weights (a hand listed twice keeps its larger weight)."""
    np = _numpy()
    assert value.hands is not None
    cards = np.array(value.hands, dtype=np.uint8).reshape(len(value.hands), -1)
    keys = hand_keys(cards)
    if value.weights is None:
        weights = np.ones(len(cards))
        order = np.argsort(keys, kind="stable")
    else:
        weights = np.asarray(value.weights, dtype=float)
        order = np.lexsort((weights, keys))  # by hand, the largest weight last
    keys, cards, weights = keys[order], cards[order], weights[order]
    last = np.append(keys[1:] != keys[:-1], True)
    return cards[last], weights[last]


class _Parser:
    """union := part (',' part)* ; part := inter ['@' weight] ;
    inter := primary ((':' | '!') primary)* ; primary := term | percent | '(' union ')'.

    Read by a loop with an explicit stack of open parentheses, never by
    recursion, so any depth of nesting parses (or fails with a ValueError
    naming the position), whatever the interpreter's recursion limit."""

    def __init__(self, text: str, hole_count: int) -> None:
        self.text = text
        self.hole_count = hole_count
        self.tokens = _tokenize(text)
        self._hands: _Hands | None = None

    @property
    def hands(self) -> _Hands:
        """All hands of the size, built on first need (never for a list of hands)."""
        if self._hands is None:
            self._hands = _hands(self.hole_count)
        return self._hands

    def fail(self, what: str, token: _Token) -> ValueError:
        return _error(self.text, what, token.text or "end of range", token.pos)

    def parse(self) -> _Value:
        tokens = self.tokens
        if tokens[0].kind == "end":
            raise self.fail("an empty range:", tokens[0])
        frames = [_Frame(None)]  # the whole range, then one per open parenthesis
        operand = True           # expecting a primary, else an operator
        for token in tokens:
            frame = frames[-1]
            if operand:
                if frame.first is None:
                    frame.first = token
                if token.kind == "op" and token.text == "(":
                    frames.append(_Frame(token))
                    continue
                if token.kind == "term":
                    value = self._term(token)
                elif token.kind == "percent":
                    value = _Value(self._percent(token), None)
                elif token.kind == "end":
                    raise self.fail("a range ends too early:", token)
                else:
                    raise self.fail("unexpected", token)
                self._operand(frame, value)
                operand = False
            elif (token.kind == "op" and token.text in ",)") or token.kind == "end":
                if token.text == ")" and frame.open is None:
                    raise self.fail("unbalanced parenthesis", token)
                if token.kind == "end" and frame.open is not None:
                    raise self.fail("unbalanced parenthesis", frame.open)
                frame.close_part()
                if token.text == ",":
                    operand = True
                    continue
                value = self._union(frame.parts)
                if token.kind == "end":
                    return value
                frames.pop()
                self._operand(frames[-1], value)
            elif frame.weighted:
                raise self.fail("after a weight, expected , ) or the end, not", token)
            elif token.kind == "weight":
                assert frame.value is not None
                frame.value = self._weigh(frame.value, token)
                frame.weighted = True
            elif token.kind == "op" and token.text in ":!":
                frame.op = token.text
                operand = True
            else:
                raise self.fail("expected , : or ! before", token)
        raise AssertionError("the tokens end with an end token")

    def _operand(self, frame: _Frame, value: _Value) -> None:
        """A primary read in ``frame``: an intersection's start or its right side."""
        if frame.op is None:
            frame.value = value
            return
        assert frame.value is not None
        left, right = self._dense(frame.value), self._dense(value)
        if frame.op == ":":
            weights = left.weights
            if weights is None:
                weights = right.weights
            elif right.weights is not None:
                weights = self.hands.np.minimum(weights, right.weights)
            frame.value = _Value(left.mask & right.mask, weights)
        else:
            frame.value = _Value(left.mask & ~right.mask, left.weights)
        frame.op = None

    def _weigh(self, value: _Value, token: _Token) -> _Value:
        weight = float(token.text[1:])
        if not weight > 0 or weight == float("inf"):
            raise self.fail("a weight must be a positive number, not", token)
        if value.hands is not None:
            base = value.weights if value.weights is not None else [1.0] * len(value.hands)
            return _Value(None, [w * weight for w in base], value.hands)
        np = self.hands.np
        base = value.weights if value.weights is not None else 1.0
        return _Value(value.mask, np.where(value.mask, base * weight, 0.0))

    def _union(self, parts: list[tuple[_Value, _Token]]) -> _Value:
        if len(parts) == 1:
            return parts[0][0]
        weighted = [value.weights is not None for value, _ in parts]
        if any(weighted) and not all(weighted):
            token = next(tok for (value, tok) in parts if value.weights is None)
            raise self.fail("weight every part of a union or none; no weight on", token)
        if all(value.hands is not None for value, _ in parts):  # lists of hands: stay lists
            hands = [hand for value, _ in parts for hand in value.hands or ()]
            weights = ([w for value, _ in parts for w in value.weights or ()]
                       if all(weighted) else None)
            return _Value(None, weights, hands)
        np = self.hands.np
        mask = np.zeros(self.hands.count, dtype=bool)
        weights = np.zeros(self.hands.count) if all(weighted) else None
        for value, _ in parts:
            value = self._dense(value)
            mask |= value.mask
            if weights is not None:
                weights = np.maximum(weights, np.where(value.mask, value.weights, 0.0))
        return _Value(mask, weights)

    def _dense(self, value: _Value) -> _Value:
        """The value with a mask over every hand (a sparse one spread out)."""
        if value.hands is None:
            return value
        hands = self.hands
        np = hands.np
        mask = np.zeros(hands.count, dtype=bool)
        weights = None if value.weights is None else np.zeros(hands.count)
        if value.hands:
            cards, w = _sparse_arrays(value)
            rows = _hand_rows(cards)
            mask[rows] = True
            if weights is not None:
                weights[rows] = w
        return _Value(mask, weights)

    def _term(self, token: _Token) -> _Value:
        if _EXPLICIT[self.hole_count].fullmatch(token.text):
            # A hand written out: its cards, without a pass over every hand.
            text = token.text
            cards = tuple(sorted(RANKS.index(text[i]) * 4 + SUITS.index(text[i + 1])
                                 for i in range(0, len(text), 2)))
            if len(set(cards)) == len(cards):
                return _Value(None, None, [cards])
        term = _TermParser(self.text, token.text, token.pos).parse()
        return _Value(_term_mask(self.hands, term, self.text, token.text, token.pos), None)

    def _percent(self, token: _Token) -> Any:
        match = _PERCENT.fullmatch(token.text)
        assert match is not None
        low, high = (0.0, float(match.group(1))) if match.group(2) is None else (
            float(match.group(1)), float(match.group(2)))
        if not 0 <= low <= high <= 100:
            raise self.fail("a percentage outside 0-100 (or a span high to low):", token)
        # a bare % is the heads-up ranking for 4-card hands; 5-card hands
        # have one ranking, 6-handed, which a bare % takes (docs/ranges.md)
        default = 6 if self.hole_count == 5 else 2
        players = default if match.group(3) is None else int(match.group(3))
        if self.hole_count in RANKINGS and players - 1 not in RANKINGS[self.hole_count]:
            sizes = [str(n) for n in sorted(RANKINGS[self.hole_count].values())]
            which = "a ranking" if self.hole_count == 4 else f"a {self.hole_count}-card ranking"
            listed = sizes[0] if len(sizes) == 1 else f"{', '.join(sizes[:-1])} or {sizes[-1]}"
            raise self.fail(f"{which} for {listed} players "
                            f"({', '.join(n + 'h' for n in sizes)}), not", token)
        try:
            return _percent_mask(self.hands, low, high, players)
        except ValueError as exc:
            raise self.fail(f"{exc}:", token) from None


# ---- Range ----

def _hole_count_of(hole_count: int | None, game: Game | None) -> int:
    """The hand size: ``hole_count``, or the game's ``hole_cards`` (a
    :class:`~hilo_fast.Game`; the two must agree when both are given), else 4."""
    if game is None:
        return 4 if hole_count is None else hole_count
    cards = getattr(game, "hole_cards", None)
    if not isinstance(cards, int):
        raise TypeError(f"game must be a hilo_fast.Game, got {game!r}")
    if hole_count is not None and hole_count != cards:
        raise ValueError(f"hole_count {hole_count} but the game deals {cards} cards")
    return cards


class Range:
    """A set of starting hands, each with a positive weight, parsed from the
    range language once. Immutable and hashable.

    ``len(r)`` counts distinct hands; ``hand in r`` takes any card form;
    iteration yields each hand (card names, highest first) in a stable order
    (ascending card ids); :meth:`weight`, :meth:`without`; ``combos`` and
    ``weights`` are read-only numpy arrays (one row of ascending card ids per
    hand, and its weight).

    >>> r = Range("KK@100,QQ@25")
    >>> len(r), r.weight("KsKh2c3d"), r.weight("QsQh2c3d"), r.weight("2c3c4c5c")
    (13886, 100.0, 25.0, 0.0)
    >>> len(r.without("Ks Kh Kd"))
    6121

    ``hole_count`` (4, 5 or 6; default 4) or ``game=hf.Game(...)`` (its
    ``hole_cards``) sets the hand size:

    >>> from hilo_fast import Game
    >>> Range("AA", game=Game.named("big-o-high")).hole_count
    5
    """

    __slots__ = ("_combos", "_hash", "_hole_count", "_keys", "_text", "_weighted", "_weights")

    def __init__(self, text: str, hole_count: int | None = None, *,
                 game: Game | None = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a range is a string, not {type(text).__name__}")
        hole_count = _hole_count_of(hole_count, game)
        if isinstance(hole_count, bool) or hole_count not in HOLE_SIZES:
            raise ValueError(f"hole_count must be 4, 5 or 6, got {hole_count!r}")
        value = _Parser(text, hole_count).parse()
        if value.hands is not None:  # a list of hands: never a pass over every hand
            cards, weights = _sparse_arrays(value)
            self._set(text, hole_count, cards, weights, value.weights is not None)
            return
        hands = _hands(hole_count)
        index = hands.np.flatnonzero(value.mask)
        weights = (hands.np.ones(len(index)) if value.weights is None
                   else value.weights[index].astype(float))
        self._set(text, hole_count, hands.cards[index], weights, value.weights is not None)

    def _set(self, text: str, hole_count: int, combos: Any, weights: Any, weighted: bool) -> None:
        np = _numpy()
        combos = np.ascontiguousarray(combos, dtype=np.int32)
        weights = np.ascontiguousarray(weights, dtype=np.float64)
        combos.flags.writeable = False
        weights.flags.writeable = False
        self._text, self._hole_count = text, hole_count
        self._combos, self._weights, self._weighted = combos, weights, weighted
        self._keys = hand_keys(combos)
        self._hash = hash((hole_count, combos.tobytes(), weights.tobytes()))

    @property
    def hole_count(self) -> int:
        return self._hole_count

    @property
    def combos(self) -> npt.NDArray[np.int32]:
        """The hands, one row of ascending card ids each (read-only)."""
        return self._combos  # type: ignore[no-any-return]

    @property
    def weights(self) -> npt.NDArray[np.float64]:
        """Each hand's weight (all 1.0 when the range is unweighted; read-only)."""
        return self._weights  # type: ignore[no-any-return]

    @property
    def weighted(self) -> bool:
        return self._weighted

    def __len__(self) -> int:
        return len(self._combos)

    def _find(self, hand: CardsLike) -> int:
        """Row of ``hand`` in combos, or -1."""
        cards = sorted(parse_cards(hand))
        if len(cards) != self._hole_count or len(set(cards)) != len(cards):
            return -1
        np = _numpy()
        key = hand_keys(np.array([cards]))[0]
        row = int(np.searchsorted(self._keys, key))
        return row if row < len(self._keys) and self._keys[row] == key else -1

    def __contains__(self, hand: object) -> bool:
        return self._find(hand) >= 0  # type: ignore[arg-type]

    def weight(self, hand: CardsLike) -> float:
        """The hand's weight, 0.0 when it is not in the range."""
        row = self._find(hand)
        return float(self._weights[row]) if row >= 0 else 0.0

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        for row in self._combos:
            yield tuple(card_str(int(c)) for c in row[::-1])

    def without(self, cards: CardsLike) -> Range:
        """The hands holding none of ``cards`` (card removal), weights kept."""
        removed = parse_cards(cards)
        np = _numpy()
        keep = ~np.isin(self._combos, removed).any(axis=1)
        out = Range.__new__(Range)
        names = "".join(f"!{card_str(c)}" for c in removed)
        out._set(f"({self._text}){names}" if removed else self._text, self._hole_count,
                 self._combos[keep], self._weights[keep], self._weighted)
        return out

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        size = "" if self._hole_count == 4 else f", hole_count={self._hole_count}"
        return f"Range({self._text!r}{size})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return (self._hole_count == other._hole_count
                and self._combos.shape == other._combos.shape
                and bool((self._combos == other._combos).all())
                and bool((self._weights == other._weights).all()))

    def __hash__(self) -> int:
        return self._hash
