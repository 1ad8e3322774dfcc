"""The terms of the range language: the cards a hand must hold (ranks, suits,
suit variables, macros, spans, brackets), read from one token of a range, and
the hands of a given size that hold them, found over every hand at once
(numpy). :mod:`hilo_fast.ranges.language` combines terms into ranges."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import RANKS, SUITS, card_str
from .preflop import _numpy, all_hands, hand_classes, preflop_ranking

if TYPE_CHECKING:
    pass

__all__ = ["RANK_MACROS", "SHAPE_MACROS"]


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
#: P%, P%-Q%, either followed by ProPokerTools' table-size suffix (15%6h: the
#: ranking for 6 players, i.e. against 5 random hands).
_PERCENT = re.compile(rf"({_NUMBER})%(?:-({_NUMBER})%)?(?:(\d+)h)?")
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


def _percent_mask(hands: _Hands, low: float, high: float, players: int = 2) -> Any:
    """Hands in the classes ranked from ``low`` % to ``high`` % of all hands (by
    combos), in the ranking for ``players`` at the table (2: heads-up)."""
    np = hands.np
    ranking = preflop_ranking(hands.n, players - 1)
    classes = hand_classes(hands.n)
    combos = classes.combos[ranking.order]
    before = np.cumsum(combos) - combos  # hands ranked above each class
    chosen = (before >= low / 100 * hands.count) & (before < high / 100 * hands.count)
    in_range = np.zeros(len(combos), dtype=bool)
    in_range[ranking.order[chosen]] = True
    return in_range[classes.of_hand]
