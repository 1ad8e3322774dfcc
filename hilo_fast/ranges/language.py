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

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import RANKS, SUITS, CardsLike, card_str, parse_cards
from .preflop import _numpy, all_hands, hand_classes, hand_keys, preflop_ranking

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["RANK_MACROS", "SHAPE_MACROS", "Range"]

HOLE_SIZES = (4, 5, 6)
_ALL = (1 << 52) - 1
SUIT_VARIABLES = "wxyz"
#: Rank macros: one card whose rank is in the set, as ProPokerTools defines
#: them: $L the low cards (A-8, the ace low), $W the wheel cards, the others spans.
RANK_MACROS = {"L": "A2345678", "W": "A2345", "B": "AKQJ", "R": "AKQJT", "F": "KQJ",
               "N": "KQJT9", "M": "T987", "Z": "65432"}
#: Shape macros: filters on the suits or ranks of the whole hand.
SHAPE_MACROS = ("ds", "ss", "r", "np")

_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_PERCENT = re.compile(rf"({_NUMBER})%(?:-({_NUMBER})%)?")
_WEIGHT = re.compile(_NUMBER)
_OPERATORS = ",:!()"


def _rank_index(letter: str) -> int:
    """Rank index 0 (deuce) .. 12 (ace) of a rank letter."""
    return RANKS.index(letter)


def _cards_of(ranks: str | None = None, suits: str | None = None) -> int:
    """The 52-bit mask of the cards with a rank in ``ranks`` and a suit in ``suits``."""
    mask = 0
    for r in ranks if ranks is not None else RANKS:
        for s in suits if suits is not None else SUITS:
            mask |= 1 << (_rank_index(r) * 4 + SUITS.index(s))
    return mask


def _error(text: str, what: str, token: str, pos: int) -> ValueError:
    """A bad range: the message names the token and its position (a long
    range or token shortened, so the message stays one readable line)."""
    shown = repr(text) if len(text) <= 200 else f"{text[:60]!r}... ({len(text):,} characters)"
    named = repr(token) if len(token) <= 60 else f"{token[:40]!r}... ({len(token):,} characters)"
    return ValueError(f"bad range {shown}: {what} {named} at position {pos}")


# ---- terms: the cards a hand must hold ----

@dataclass(frozen=True)
class _Card:
    """One card of a term: the cards it may be (a mask), and the variables it binds."""

    mask: int = _ALL
    rank_var: str | None = None
    suit_var: str | None = None
    rank: int | None = None   # an explicitly written rank: variables avoid it
    suit: int | None = None   # an explicitly written suit: variables avoid it


@dataclass
class _Term:
    """Alternatives for the term's cards (a product of groups) and its shape filters."""

    groups: list[list[list[_Card]]] = field(default_factory=list)
    shapes: list[str] = field(default_factory=list)


class _TermParser:
    """Parse one term, e.g. ``AxAy[K-T]$ds``, ``KK-TT``, ``TT+``; every
    position is an index into the term, reported as one into the range."""

    def __init__(self, text: str, term: str, start: int) -> None:
        self.text, self.term, self.start = text, term, start

    def fail(self, what: str, at: int, length: int = 1) -> ValueError:
        return _error(self.text, what, self.term[at:at + length], self.start + at)

    def parse(self) -> _Term:
        out = _Term()
        end = len(self.term)
        match = re.search(r"(\$(?:ds|ss|r|np))+$", self.term)  # shape macros come last
        if match:
            end = match.start()
            out.shapes = re.findall(r"\$(ds|ss|r|np)", match.group(0))
        if end == 0:
            return out
        head = self.term[:end]
        if "[" not in head and re.search(r"[-+]", head):
            out.groups.append(self._span(0, end))
            return out
        at = 0
        while at < end:
            if head[at] == "[":
                group, at = self._bracket(at, head.index("]", at))  # brackets balance
                out.groups.append(group)
            else:
                card, at = self._card(at, end)
                out.groups.append([[card]])
        return out

    def _card(self, at: int, end: int, variables: bool = True) -> tuple[_Card, int]:
        """One card at term[at]: a rank (or *, a rank variable, a $macro) and an
        optional suit (or suit variable), or a suit (variable) alone."""
        s = self.term
        c = s[at]
        mask, rank_var, rank = _ALL, None, None
        if c in RANKS:
            mask, rank, at = _cards_of(c), _rank_index(c), at + 1
        elif c == "*":
            at += 1
        elif c == "$":
            name = s[at + 1:at + 2]
            if name not in RANK_MACROS or at + 1 >= end:
                raise self.fail("unknown macro", at, 2)
            mask, at = _cards_of(RANK_MACROS[name]), at + 2
        elif c.isupper() and c.isalpha():
            if not variables:
                raise self.fail("a rank variable cannot be in a span or list:", at)
            rank_var, at = c, at + 1
        elif c not in SUITS and c not in SUIT_VARIABLES:
            raise self.fail("unknown letter" if c.isalpha() else "unexpected character", at)
        suit_var, suit = None, None
        if at < end and s[at] in SUITS:
            suit = SUITS.index(s[at])
            mask &= _cards_of(None, s[at])
            at += 1
        elif at < end and s[at] in SUIT_VARIABLES:
            suit_var, at = s[at], at + 1
        return _Card(mask, rank_var, suit_var, rank, suit), at

    def _ranked(self, at: int, end: int) -> list[_Card]:
        """A run of cards with explicit ranks (the ends of a span)."""
        out = []
        while at < end:
            if self.term[at] not in RANKS:
                raise self.fail("a span needs explicit ranks, not", at)
            card, at = self._card(at, end, variables=False)
            out.append(card)
        return out

    def _span(self, at: int, end: int) -> list[list[_Card]]:
        """``KK-TT``, ``A-T``, ``TT+``, ``A5-`` in term[at:end]: its alternatives."""
        s = self.term[at:end]
        if s[-1] in "+-":
            cards = self._ranked(at, end - 1)
            if not cards:
                raise self.fail("a span needs explicit ranks, not", end - 1)
            return _stepped(cards, up=s[-1] == "+")
        dash = at + s.index("-")
        if "-" in self.term[dash + 1:end] or "+" in s or dash == at:
            raise self.fail("bad span", dash)
        spanned = _spanned(self._ranked(at, dash), self._ranked(dash + 1, end))
        if spanned is None:
            raise self.fail("the two ends of a span must match card by card:", at, end - at)
        return spanned

    def _bracket(self, at: int, close: int) -> tuple[list[list[_Card]], int]:
        """``[A,2,3]``, ``[A-T]s``, ``[KK-TT,77]``: the alternatives of one group."""
        s = self.term
        if close == at + 1:
            raise self.fail("empty list", at, 2)
        alternatives: list[list[_Card]] = []
        item = at + 1
        while item < close:
            stop = s.find(",", item, close)
            stop = close if stop < 0 else stop
            if stop == item:
                raise self.fail("empty list item", item)
            if re.search(r"[-+]", s[item:stop]):
                alternatives.extend(self._span(item, stop))
            else:
                cards, pos = [], item
                while pos < stop:
                    card, pos = self._card(pos, stop, variables=False)
                    if card.suit_var:
                        raise self.fail("a suit variable cannot be in a list:", pos - 1)
                    cards.append(card)
                alternatives.append(cards)
            item = stop + 1
        end = close + 1
        suit_mask, suit_var = _ALL, None
        if end < len(s) and (s[end] in SUITS or s[end] in SUIT_VARIABLES):
            if any(len(alt) != 1 for alt in alternatives):
                raise self.fail("a suit after a list of several cards:", end)
            if s[end] in SUITS:
                suit_mask = _cards_of(None, s[end])
            else:
                suit_var = s[end]
            end += 1
        if all(len(alt) == 1 for alt in alternatives):  # one card: merge into one mask
            mask = 0
            for alt in alternatives:
                mask |= alt[0].mask
            return [[_Card(mask & suit_mask, suit_var=suit_var)]], end
        return alternatives, end


def _shift(card: _Card, by: int) -> _Card:
    assert card.rank is not None
    rank = card.rank + by
    suits = SUITS[card.suit] if card.suit is not None else None
    return _Card(_cards_of(RANKS[rank], suits), None, card.suit_var, rank, card.suit)


def _spanned(high: list[_Card], low: list[_Card]) -> list[list[_Card]] | None:
    """Alternatives from ``high`` down to ``low``: the positions whose ranks
    differ move together by the same step, the others stay."""
    if len(high) != len(low):
        return None
    steps = set()
    for a, b in zip(high, low, strict=True):
        assert a.rank is not None and b.rank is not None
        if (a.suit, a.suit_var) != (b.suit, b.suit_var):
            return None
        if a.rank != b.rank:
            steps.add(a.rank - b.rank)
    if len(steps) > 1:
        return None
    step = steps.pop() if steps else 0
    if step < 0:
        high, low, step = low, high, -step
    moving = [a.rank != b.rank for a, b in zip(high, low, strict=True)]
    return [[_shift(c, -k) if m else c for c, m in zip(high, moving, strict=True)]
            for k in range(step + 1)]


def _stepped(cards: list[_Card], up: bool) -> list[list[_Card]]:
    """``TT+`` (up to AA), ``KK-`` (down to 22): every ranked card moves; when
    the term holds aces and other ranks (``AT+``, ``A5-``) the aces stay and
    the others move, below the aces going up."""
    ranks = [c.rank for c in cards if c.rank is not None]
    top = 12
    moving = [True] * len(cards)
    if 12 in ranks and any(r != 12 for r in ranks):
        moving = [c.rank != 12 for c in cards]
        top = 11
    moved = [c.rank for c, m in zip(cards, moving, strict=True) if m and c.rank is not None]
    room = top - max(moved) if up else min(moved)
    sign = 1 if up else -1
    return [[_shift(c, sign * k) if m else c for c, m in zip(cards, moving, strict=True)]
            for k in range(room + 1)]


# ---- evaluating terms over every hand (numpy) ----

class _Hands:
    """All hands of one size and per-hand columns the matchers reuse."""

    def __init__(self, hole_count: int) -> None:
        np = _numpy()
        self.np = np
        self.n = hole_count
        self.cards = all_hands(hole_count)
        self.ranks = self.cards >> 2
        self.suits = self.cards & 3
        self.count = len(self.cards)

    def lookup(self, mask: int, column: int) -> Any:
        table = self.np.array([mask >> c & 1 for c in range(52)], dtype=bool)
        return table[self.cards[:, column]]

    def shape(self, name: str) -> Any:
        np = self.np
        counts = np.stack([(self.suits == s).sum(axis=1) for s in range(4)], axis=1)
        paired = (counts >= 2).sum(axis=1)
        biggest = counts.max(axis=1)
        if name == "ds":
            return (paired == 2) & (biggest == 2)
        if name == "ss":
            return (paired == 1) & (biggest == 2)
        if name == "r":
            return biggest == 1
        ranks = np.sort(self.ranks, axis=1)
        return ~(ranks[:, 1:] == ranks[:, :-1]).any(axis=1)


_HANDS: dict[int, _Hands] = {}


def _hands(hole_count: int) -> _Hands:
    if hole_count not in _HANDS:
        _HANDS[hole_count] = _Hands(hole_count)
    return _HANDS[hole_count]


def _match(hands: _Hands, cards: list[_Card]) -> Any:
    """Hands holding distinct cards matching ``cards``, variables bound consistently."""
    np = hands.np
    cards = [c for c in cards if c != _Card()]  # plain `*`: padding
    if not cards:
        return np.ones(hands.count, dtype=bool)
    k, n = len(cards), hands.n
    fits = [[None if c.mask == _ALL else hands.lookup(c.mask, j) for j in range(n)]
            for c in cards]
    explicit_ranks = {c.rank for c in cards if c.rank is not None}
    explicit_suits = {c.suit for c in cards if c.suit is not None}
    rank_vars = sorted({c.rank_var for c in cards if c.rank_var})
    suit_vars = sorted({c.suit_var for c in cards if c.suit_var})
    free_rank = np.array([r not in explicit_ranks for r in range(13)], dtype=bool)
    free_suit = np.array([s not in explicit_suits for s in range(4)], dtype=bool)
    out = np.zeros(hands.count, dtype=bool)
    for where in itertools.permutations(range(n), k):
        # Equal cards are interchangeable: try each set of positions once.
        if any(cards[i] == cards[j] and where[i] > where[j]
               for i in range(k) for j in range(i + 1, k)):
            continue
        ok = np.ones(hands.count, dtype=bool)
        for i, j in enumerate(where):
            if fits[i][j] is not None:
                ok &= fits[i][j]
        for variables, column, free, attr in ((rank_vars, hands.ranks, free_rank, "rank_var"),
                                              (suit_vars, hands.suits, free_suit, "suit_var")):
            bound: list[Any] = []
            for var in variables:
                at = [where[i] for i, c in enumerate(cards) if getattr(c, attr) == var]
                value = column[:, at[0]]
                for j in at[1:]:
                    ok &= column[:, j] == value
                ok &= free[value]
                for other in bound:
                    ok &= value != other
                bound.append(value)
        out |= ok
    return out


def _term_mask(hands: _Hands, term: _Term, text: str, token: str, pos: int) -> Any:
    np = hands.np
    mask = np.zeros(hands.count, dtype=bool) if term.groups else np.ones(hands.count, bool)
    for choice in itertools.product(*term.groups):
        cards = [card for alternative in choice for card in alternative]
        if len(cards) > hands.n:
            raise _error(text, f"more cards than a {hands.n}-card hand in", token, pos)
        singles = [c.mask for c in cards if c.mask & (c.mask - 1) == 0]
        if len(singles) != len(set(singles)):
            twice = next(m for m in singles if singles.count(m) > 1)
            raise _error(text, f"the same card twice ({card_str(twice.bit_length() - 1)}) in",
                         token, pos)
        mask |= _match(hands, cards)
    for shape in term.shapes:
        mask &= hands.shape(shape)
    return mask


def _percent_mask(hands: _Hands, low: float, high: float) -> Any:
    """Hands in the classes ranked from ``low`` % to ``high`` % of all hands (by combos)."""
    np = hands.np
    ranking = preflop_ranking(hands.n)
    classes = hand_classes(hands.n)
    combos = classes.combos[ranking.order]
    before = np.cumsum(combos) - combos  # hands ranked above each class
    chosen = (before >= low / 100 * hands.count) & (before < high / 100 * hands.count)
    in_range = np.zeros(len(combos), dtype=bool)
    in_range[ranking.order[chosen]] = True
    return in_range[classes.of_hand]


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
        try:
            return _percent_mask(self.hands, low, high)
        except ValueError as exc:
            raise self.fail(f"{exc}:", token) from None


# ---- Range ----

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
    """

    __slots__ = ("_combos", "_hash", "_hole_count", "_keys", "_text", "_weighted", "_weights")

    def __init__(self, text: str, hole_count: int = 4) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a range is a string, not {type(text).__name__}")
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
