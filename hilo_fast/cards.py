"""Cards: ids, parsing and formatting.

A card is an int ``0..51 = rank * 4 + suit``, the ids phevaluator uses::

    rank  2  3  4  5  6  7  8  9  T  J  Q  K  A
    id    0  1  2  3  4  5  6  7  8  9 10 11 12      (rank index)
    suit  c=0  d=1  h=2  s=3

    2c=0 2d=1 2h=2 2s=3 3c=4 ... Ac=48 Ad=49 Ah=50 As=51

Accepted wherever cards are taken:

- an int 0..51 (or anything with ``__index__``, such as a numpy integer),
  but not a bool: ``True`` is a mistake, not the 2d;
- a string card: ``"As"``, ``"td"``, ``"TD"``, ``"10d"``;
- a string of cards: ``"As2dKh3c"``, ``"As 2d Kh 3c"``, ``"As,2d"``; ``bytes``
  are read as the same ASCII text (``b"As2d"``), never as card ids;
- the forms people paste: suit symbols, filled or outlined (``"A♠2♦K♥9♣"``,
  ``"a♤"``, also with an emoji variation selector after the symbol), and the
  sites' brackets around cards (``"[As 2d Kh 9c]"``, ``"[3s 4h 5d] [Kd]"``:
  balanced, not nested);
- a peer's card: a treys card int (``treys.Card.new("As")``), a phevaluator
  ``Card`` (its ``id_``) or a pokerkit ``Card`` (its ``rank`` and ``suit``);
- a sequence mixing any of the above.

>>> parse_cards("As 2d, 10h")
[51, 1, 34]
>>> format_cards([51, 1, 34])
'As2dTh'
>>> card_str(0)
'2c'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence
from typing import Protocol, SupportsIndex, TypeAlias, runtime_checkable

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_CARDS = 52



@runtime_checkable
class IdCard(Protocol):
    """A card that carries its id 0..51, as phevaluator's ``Card`` does."""

    @property
    def id_(self) -> int: ...


@runtime_checkable
class RankSuitCard(Protocol):
    """A card with a rank and a suit (plain strings or enums with string values),
    as pokerkit's ``Card`` has."""

    @property
    def rank(self) -> object: ...

    @property
    def suit(self) -> object: ...


CardLike: TypeAlias = SupportsIndex | str | bytes | IdCard | RankSuitCard
"""One card: an id (int, numpy integer, treys int: anything with ``__index__``),
a name (``str`` or ASCII ``bytes``), or a peer's card object."""
CardsLike: TypeAlias = str | bytes | Iterable[CardLike]
"""A collection of cards: a string of them or an iterable of single cards."""

# A suit symbol is the suit of its letter; the emoji variation selectors (U+FE0E,
# U+FE0F) a phone may put after one are part of it. re.ASCII: rank and suit letters
# match in either case, but only ASCII ones (not the Kelvin sign for K, nor the long
# s for s, which Unicode case folding would let through).
_SUIT_SYMBOLS = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
_TOKEN = re.compile(r"(10|[2-9TJQKA])([CDHS]|[♣♧♦♢♥♡♠♤][\ufe0e\ufe0f]?)",
                    re.IGNORECASE | re.ASCII)
_SEPARATORS = re.compile(r"[\s,;]+")
_TREYS_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_TREYS_SUITS = {1: 3, 2: 2, 4: 1, 8: 0}  # treys suit bit -> our suit (s, h, d, c)


def card_id(rank: int, suit: int) -> int:
    """The id of a card from its rank index (0 = deuce) and suit index (0 = clubs).

    >>> card_id(12, 3)
    51
    """
    return rank * 4 + suit


def card_str(card: int) -> str:
    """The two-character name of a card id, rank upper case, suit lower case.

    >>> card_str(51)
    'As'
    """
    if isinstance(card, (bool, float)) or not hasattr(card, "__index__"):
        raise TypeError(f"bad card {card!r}: expected an int 0..51, not {type(card).__name__}")
    card = _card_from_int(operator.index(card), card)
    return RANKS[card >> 2] + SUITS[card & 3]


def format_cards(cards: Iterable[CardLike], sep: str = "") -> str:
    """Card names joined by ``sep``; round-trips with :func:`parse_cards`.

    >>> format_cards("as kd", sep=" ")
    'As Kd'
    """
    return sep.join(card_str(c) for c in parse_cards(cards))


def _text(cards: bytes | bytearray, whole: object) -> str:
    """Bytes of card names as text: ASCII only, so b"\\x01" is refused, not card 1."""
    try:
        return cards.decode("ascii")
    except UnicodeDecodeError:
        raise ValueError(f"bad cards {whole!r}: bytes are read as ASCII card names like "
                         "b'As2d', and these are not ASCII") from None


def _token_card(token: str) -> int:
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise ValueError(f"bad card {token!r}: expected a rank of 2-9, T, 10, J, Q, K, A "
                         "and a suit of c, d, h, s, like 'As' or 'td'")
    rank = "T" if match.group(1) == "10" else match.group(1).upper()
    suit = match.group(2)
    suit = _SUIT_SYMBOLS.get(suit[0]) or suit.lower()
    return card_id(RANKS.index(rank), SUITS.index(suit))


def _unbracket(text: str) -> str:
    """``text`` with the sites' brackets around cards (``"[As 2d Kh 9c]"``, also
    several groups, ``"[3s 4h 5d] [Kd]"``) made separators; a bracket left open,
    closed without an opening one or opened inside another is refused."""
    if "[" not in text and "]" not in text:
        return text
    opened = -1   # where the open bracket is, -1 outside brackets
    for pos, char in enumerate(text):
        if char == "[":
            if opened >= 0:
                raise ValueError(f"bad cards {text!r}: a '[' at {pos} inside the brackets "
                                 f"opened at {opened}")
            opened = pos
        elif char == "]":
            if opened < 0:
                raise ValueError(f"bad cards {text!r}: a ']' at {pos} closes no '['")
            opened = -1
    if opened >= 0:
        raise ValueError(f"bad cards {text!r}: the '[' at {opened} is never closed")
    return text.replace("[", " ").replace("]", " ")


def _split_string(text: str) -> list[str]:
    """Split a string of cards into card tokens, naming the first bad token."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(_unbracket(text).strip()):
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            if match is None:
                bad = chunk[pos : pos + 3] if chunk[pos : pos + 2] == "10" else chunk[pos : pos + 2]
                _token_card(bad)  # raises, naming the bad token
            assert match is not None
            tokens.append(match.group(0))
            pos = match.end()
    return tokens


def _treys_card(value: int) -> int | None:
    """Our id for a treys card int, or None if ``value`` is not one."""
    rank = (value >> 8) & 0xF
    suit_bit = (value >> 12) & 0xF
    if rank > 12 or suit_bit not in _TREYS_SUITS:
        return None
    expected = (1 << (16 + rank)) | (suit_bit << 12) | (rank << 8) | _TREYS_PRIMES[rank]
    return card_id(rank, _TREYS_SUITS[suit_bit]) if value == expected else None


def _card_from_int(value: int, original: object) -> int:
    if 0 <= value < N_CARDS:
        return value
    treys = _treys_card(value) if value > 0 else None
    if treys is None:
        raise ValueError(f"bad card {original!r}: card ids are ints 0..51")
    return treys


def parse_card(card: CardLike) -> int:
    """One card (int id, name, treys int, phevaluator or pokerkit Card) as an id 0..51.

    >>> parse_card("Td"), parse_card(b"10d"), parse_card(33)
    (33, 33, 33)
    """
    if type(card) is int and 0 <= card < N_CARDS:
        return card   # the common case, before the Protocol isinstance checks (slow)
    if isinstance(card, (bytes, bytearray)):
        card = _text(card, card)
    if isinstance(card, str):
        return _token_card(_unbracket(card).strip())
    if isinstance(card, bool):  # an int to Python, but never meant as the 2d
        raise TypeError(f"bad card {card!r}: a bool is not a card")
    if isinstance(card, IdCard):  # a phevaluator Card
        return _card_from_int(operator.index(card.id_), card)
    if isinstance(card, RankSuitCard):  # a pokerkit Card
        rank, suit = card.rank, card.suit
        return _token_card(f"{getattr(rank, 'value', rank)}{getattr(suit, 'value', suit)}")
    if isinstance(card, float) or not hasattr(card, "__index__"):
        raise TypeError(f"bad card {card!r}: expected an int 0..51 or a string like 'As', "
                        f"not {type(card).__name__}")
    return _card_from_int(operator.index(card), card)


def parse_cards(cards: CardsLike) -> list[int]:
    """Any accepted form of a collection of cards as a list of ids.

    >>> parse_cards("As2dKh3c")
    [51, 1, 46, 4]
    >>> parse_cards(["Ah", 0, "10c"])
    [50, 0, 32]
    """
    if isinstance(cards, (bytes, bytearray)):
        cards = _text(cards, cards)
    if isinstance(cards, str):
        return [_token_card(t) for t in _split_string(cards)]
    if not isinstance(cards, Iterable):
        raise TypeError(f"bad cards {cards!r}: expected a string or a sequence of cards, "
                        f"not {type(cards).__name__}")
    out: list[int] = []
    for card in cards:
        if type(card) is int and 0 <= card < N_CARDS:
            out.append(card)   # the common case first (see parse_card)
            continue
        if isinstance(card, (bytes, bytearray)):
            card = _text(card, card)
        if isinstance(card, str) and len(_split_string(card)) > 1:
            out.extend(parse_cards(card))
        else:
            out.append(parse_card(card))
    return out


def check_count(cards: Sequence[int], allowed: Sequence[int], name: str) -> None:
    """Raise ValueError unless ``len(cards)`` is one of ``allowed``."""
    if len(cards) not in allowed:
        counts = ", ".join(str(n) for n in allowed[:-1]) + (" or " if len(allowed) > 1 else "")
        counts += str(allowed[-1])
        raise ValueError(f"{name} must have {counts} cards, got {len(cards)}: "
                         f"{format_cards(cards, ' ') or 'none'}")


def check_distinct(**groups: Sequence[int]) -> None:
    """Raise ValueError naming a card that appears twice within or across groups.

    >>> check_distinct(hole=[51, 1, 2, 3], board=[51, 4, 5])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As: in hole and in board
    """
    seen: dict[int, str] = {}
    for name, cards in groups.items():
        for card in cards:
            if card in seen:
                first = seen[card]
                where = f"twice in {name}" if first == name else f"in {first} and in {name}"
                raise ValueError(f"duplicate card {card_str(card)}: {where}")
            seen[card] = name
