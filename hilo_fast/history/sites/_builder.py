"""A hand as a text reader meets it, line by line, made into a :class:`HandHistory`.

The text sites (Winning, Winamax, 888, partypoker, Bovada) say the same things
in different words: a seat, a post, a call of so much, a raise to (or by) so
much, a board, a show, a collection. :class:`HandBuilder` takes them in the
order of the history and keeps what the model needs that a site may leave
out: each player's chips put in on the street and in all (to turn "raises by"
into "raises to", and to mark the bet that takes a player's last chip all in
when the site does not say so), the uncalled bet, and who was dealt in.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, ClassVar

from ...engine.structures import Limit
from .._backend import fast
from ..model import HandHistory, HHAction, Post, SeatInfo
from ._base import LEADING_LINES, MAX_HAND_LINES, SiteReader, blocks

_CARD_NAMES = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")


class BadHand(Exception):
    """The hand cannot be read (the reason is the message); the reader reports it."""


_CARDS_SEEN: dict[str, tuple[str, ...]] = {}
_MONEY_SEEN: tuple[dict[str, int], dict[str, int]] = ({}, {})
_CACHE_SIZE = 10_000   # entries each cache keeps at most (memory stays bounded)


def cards(text: str) -> tuple[str, ...]:
    """The cards of ``"Ah Kd"``, ``"[ Ah, Kd ]"``, ``"10h"``... (a BadHand if one is not a card)."""
    found = _CARDS_SEEN.get(text)
    if found is None:
        found = _parse_cards(text)
        if len(_CARDS_SEEN) < _CACHE_SIZE:
            _CARDS_SEEN[text] = found
    return found


def _parse_cards(text: str) -> tuple[str, ...]:
    found = []
    for word in text.replace(",", " ").replace("[", " ").replace("]", " ").split():
        card = word[:-1].upper().replace("10", "T") + word[-1].lower()
        if card not in _CARD_NAMES:
            raise BadHand(f"not a card: {word!r}")
        found.append(card)
    return tuple(found)


def money(text: str, cash: bool) -> int:
    """``"$1,234.5"``, ``"1.50€"``, ``"(0.10)"``, ``"1 200"`` -> cents (``cash``) or chips."""
    seen = _MONEY_SEEN[cash]
    found = seen.get(text)
    if found is None:
        found = _parse_money(text, cash)
        if len(seen) < _CACHE_SIZE:
            seen[text] = found
    return found


def _parse_money(text: str, cash: bool) -> int:
    clean = text.strip().strip("()[]").replace(",", "").replace("\u00a0", "").replace(" ", "")
    for code in ("USD", "EUR", "GBP"):
        clean = clean.replace(code, "")
    clean = clean.strip("$€£ ")
    whole, _, frac = clean.partition(".")
    if not whole:
        whole = "0"
    if not (whole.isdecimal() and whole.isascii()) or \
            (frac and not (frac.isdecimal() and frac.isascii())):   # (int() takes any digit)
        raise BadHand(f"not an amount: {text!r}")
    if not cash:
        if frac.strip("0"):
            raise BadHand(f"a fraction of a chip: {text!r}")
        return int(whole)
    if len(frac) > 2:
        if frac[2:].strip("0"):
            raise BadHand(f"a fraction of a cent: {text!r}")
        frac = frac[:2]
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def reason_of(exc: Exception) -> str:
    """Why a hand is unreadable: a BadHand's words, else the exception named."""
    return str(exc) if isinstance(exc, BadHand) else f"{type(exc).__name__}: {exc}"


def seated(name_of: dict[str, str], seat: str, what: str) -> str:
    """The player in ``seat`` (for a site that names players by seat), or BadHand."""
    name = name_of.get(seat)
    if name is None:
        raise BadHand(f"{what} by seat {seat}, where nobody sits")
    return name


_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "USD": "USD", "EUR": "EUR", "GBP": "GBP"}


def currency_of(text: str) -> str | None:
    """The currency an amount or a stakes text is written in (None: chips)."""
    for mark, code in _CURRENCIES.items():
        if mark in text:
            return code
    return None


_NUMBERS = re.compile(r"\d+")


def date_of(text: str, day_first: bool = False) -> datetime | None:
    """The date of ``"2020/01/02 10:00:00"`` (any separators; ``day_first``:
    ``"02 01 2020 ..."``), or None when it is no date (faster than strptime)."""
    numbers = [int(n) for n in _NUMBERS.findall(text)[:6]]
    if len(numbers) < 6:
        return None
    if day_first:
        numbers[0], numbers[2] = numbers[2], numbers[0]
    try:
        return datetime(*numbers)   # type: ignore[arg-type]
    except ValueError:
        return None


_MONTHS = {name: k for k, name in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
_D2, _MON = r"(\d\d)", r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
#: format -> (its common form as a pattern, the datetime fields' groups in order)
_DATE_FORMS: dict[str, tuple[re.Pattern[str], tuple[int, ...]]] = {
    fmt: (re.compile(pattern, re.ASCII), order) for fmt, pattern, order in (
        ("%Y-%m-%d %H:%M:%S", rf"(\d{{4}})-{_D2}-{_D2} {_D2}:{_D2}:{_D2}", (1, 2, 3, 4, 5, 6)),
        ("%Y/%m/%d - %H:%M:%S", rf"(\d{{4}})/{_D2}/{_D2} - {_D2}:{_D2}:{_D2}",
         (1, 2, 3, 4, 5, 6)),
        ("%Y%m%d%H%M%S", rf"(\d{{4}}){_D2}{_D2}{_D2}{_D2}{_D2}", (1, 2, 3, 4, 5, 6)),
        ("%d %b %Y %H:%M:%S", rf"{_D2} {_MON} (\d{{4}}) {_D2}:{_D2}:{_D2}", (3, 2, 1, 4, 5, 6)),
        ("%b %d %H:%M:%S %Y", rf"{_MON} {_D2} {_D2}:{_D2}:{_D2} (\d{{4}})", (6, 1, 2, 3, 4, 5)),
    )}


def strptime(text: str, fmt: str) -> datetime:
    """``datetime.strptime(text, fmt)``, the same answer (or error), but a text in the
    plain form of one of the formats the sites use is read without strptime's slow
    general parser (a hand a few microseconds)."""
    form = _DATE_FORMS.get(fmt)
    if form is not None and (found := form[0].fullmatch(text)) is not None:
        parts = found.groups()
        fields = [int(parts[k - 1]) if parts[k - 1] not in _MONTHS else _MONTHS[parts[k - 1]]
                  for k in form[1]]
        try:
            return datetime(*fields)   # type: ignore[arg-type]
        except ValueError:
            pass   # (strptime's own error)
    return datetime.strptime(text, fmt)


#: ``_action((street, player, kind, amount, to, all_in))``: an HHAction made without
#: the named tuple's Python ``__new__`` (the same tuple; a hand makes dozens);
#: ``_seat_info`` and ``_post`` alike (every field given).
_action: Callable[[tuple[str, str, str, int, int, bool]], HHAction] = \
    functools.partial(tuple.__new__, HHAction)
_seat_info: Callable[[tuple[int, str, int, bool, None]], SeatInfo] = \
    functools.partial(tuple.__new__, SeatInfo)
_post: Callable[[tuple[str, str, int, bool]], Post] = functools.partial(tuple.__new__, Post)


class HandBuilder:
    """One hand being read; :meth:`finish` makes its :class:`HandHistory`."""

    def __init__(self, site: str, hand_id: str, line: int) -> None:
        self.site, self.hand_id, self.line = site, hand_id, line
        self.game = "Omaha Hi/Lo"
        self.hole_count = 4
        self.limit = Limit.POT
        self.stakes = (0, 0)
        self.currency: str | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.button = 0
        self.date: datetime | None = None
        self.time_zone = ""
        self.tournament_id: str | None = None
        self.buy_in: str | None = None
        self.level: str | None = None
        self.hero: str | None = None
        self.seats: list[SeatInfo] = []
        self.stack: dict[str, int] = {}
        self.posts: list[Post] = []
        self.actions: list[HHAction] = []
        self.board: list[str] = []
        self.holes: dict[str, tuple[str, ...]] = {}
        self.shown: list[str] = []
        self.mucked: list[str] = []
        self.collections: list[tuple[int, str, int]] = []
        self.street = "preflop"
        self.bet: dict[str, int] = {}      # chips in on this street
        self.put: dict[str, int] = {}      # chips in on every street (returns taken off)
        self.active: set[str] = set()      # players who posted, acted or showed
        self.returned: dict[str, int] = {}
        self.dead: set[str] = set()        # players who posted a dead blind
        self.mixed_game: str | None = None
        self.chip_unit = 1   # (HandHistory.chip_unit)
        #: calls that do not make the bet to match (a site's amounts read the wrong way)
        self.odd_calls = 0
        #: True: at a showdown, a player still in who did not show mucked
        self.show_rule = False

    # ---- the table ----
    def seat(self, number: int, name: str, stack: int, sitting_out: bool = False) -> None:
        if name in self.stack:
            raise BadHand(f"{name!r} sits twice")
        self.seats.append(_seat_info((number, name, stack, sitting_out, None)))
        self.stack[name] = stack

    def seat_number(self, name: str) -> int:
        for seat in self.seats:
            if seat.name == name:
                return seat.seat
        raise BadHand(f"{name!r} is not seated")

    def _known(self, name: str) -> None:
        if name not in self.stack:
            raise BadHand(f"{name!r} is not seated")
        self.active.add(name)

    def _add(self, name: str, chips: int) -> bool:
        """Put ``chips`` of ``name``'s in; True when that is the player's last chip."""
        bet = self.bet
        bet[name] = bet.get(name, 0) + chips
        put = self.put
        put[name] = now = put.get(name, 0) + chips
        left = self.stack[name] - now
        if left < 0:
            raise BadHand(f"{name} puts in {chips} with {left + chips} behind")
        return left == 0

    # ---- forced bets ----
    def post(self, name: str, kind: str, amount: int) -> None:
        """``kind``: "small blind", "big blind", "ante", "small & big blinds" (a dead
        small and a live big blind together), "straddle", or "dead small blind"."""
        if kind == "dead small blind":
            self.post_dead(name, amount)
            return
        self._known(name)
        all_in = self._add(name, amount)
        if kind == "ante":   # (dead money: not part of the player's bet on the street)
            self.bet[name] -= amount
        self.posts.append(_post((name, kind, amount, all_in)))

    def post_dead(self, name: str, amount: int) -> None:
        """A dead blind (not part of the player's bet): kept as a dead "small blind"."""
        self._known(name)
        all_in = self._add(name, amount)
        self.bet[name] -= amount
        self.posts.append(_post((name, "small blind", amount, all_in)))

    # ---- betting ----
    def new_street(self, street: str, dealt: tuple[str, ...]) -> None:
        self.street = street
        self.bet = {}
        self.board.extend(dealt)

    def street_cards(self, street: str, cards: tuple[str, ...]) -> None:
        """:meth:`new_street` for a site that writes the whole board so far (or
        only the new cards: either is taken)."""
        board = tuple(self.board)
        self.new_street(street, cards[len(board):] if cards[:len(board)] == board else cards)

    @property
    def current(self) -> int:
        """The bet to call on this street."""
        return max(self.bet.values(), default=0)

    # (fold, check and call, the most common lines, check the name inline)
    def fold(self, name: str) -> None:
        if name not in self.stack:
            raise BadHand(f"{name!r} is not seated")
        self.active.add(name)
        self.actions.append(_action((self.street, name, "fold", 0, 0, False)))

    def check(self, name: str) -> None:
        if name not in self.stack:
            raise BadHand(f"{name!r} is not seated")
        self.active.add(name)
        self.actions.append(_action((self.street, name, "check", 0, 0, False)))

    def call(self, name: str, added: int) -> None:
        if name not in self.stack:
            raise BadHand(f"{name!r} is not seated")
        self.active.add(name)
        current = max(self.bet.values(), default=0)
        all_in = self._add(name, added)
        bet = self.bet[name]
        if bet > current or (bet < current and not all_in):
            self.odd_calls += 1   # past the bet, or short of it with chips left
        self.actions.append(_action((self.street, name, "call", added, 0, all_in)))

    def call_to(self, name: str, to: int) -> None:
        """A call named by the player's street total."""
        self.call(name, to - self.bet.get(name, 0))

    def bet_(self, name: str, added: int) -> None:
        self._known(name)
        all_in = self._add(name, added)
        self.actions.append(_action((self.street, name, "bet", added, 0, all_in)))

    def raise_to(self, name: str, to: int) -> None:
        """A raise making ``name``'s bet on this street ``to``: a bet when there
        is none to raise, a call when ``to`` does not top the bet (an all-in)."""
        self._known(name)
        current = max(self.bet.values(), default=0)
        mine = self.bet.get(name, 0)
        if to <= current:
            self.call(name, to - mine)
            return
        if current == 0:
            self.bet_(name, to - mine)
            return
        all_in = self._add(name, to - mine)
        self.actions.append(_action((self.street, name, "raise", to - current, to, all_in)))

    def raise_by_added(self, name: str, added: int) -> None:
        """A raise named by the chips it puts in."""
        self.raise_to(name, self.bet.get(name, 0) + added)

    def wager_added(self, name: str, added: int) -> None:
        """Chips put in with no word of what it is (an "all-in"): a bet, call or
        raise as the street's bets make it."""
        current = max(self.bet.values(), default=0)
        mine = self.bet.get(name, 0)
        if mine + added <= current:
            self.call(name, added)
        elif current == 0:
            self.bet_(name, added)
        else:
            self.raise_by_added(name, added)

    def returns(self, name: str, amount: int) -> None:
        self._known(name)
        if amount > self.put.get(name, 0):
            raise BadHand(f"{amount} returned to {name}, who put in {self.put.get(name, 0)}")
        self.put[name] -= amount
        self.bet[name] = self.bet.get(name, 0) - amount
        self.returned[name] = self.returned.get(name, 0) + amount
        self.actions.append(HHAction(self.street, name, "return", amount))

    # ---- the end ----
    def hole(self, name: str, hole: tuple[str, ...]) -> None:
        """``name``'s hole cards, seen (dealt to the hero, or shown later)."""
        self._known(name)
        self.holes[name] = hole

    def deal_board(self, dealt: tuple[str, ...] | list[str]) -> None:
        """Board cards with no street named: the new ones, or the whole board so far."""
        dealt = list(dealt)
        if dealt[:len(self.board)] == self.board and len(dealt) > len(self.board):
            self.board = dealt
        elif dealt != self.board[-len(dealt):]:
            self.board += dealt
        if len(self.board) > 5:
            raise BadHand(f"{len(self.board)} board cards")

    def show(self, name: str, hole: tuple[str, ...] | None = None) -> None:
        """``name`` shows (``hole``, or the cards :meth:`hole` gave)."""
        self._known(name)
        if hole is not None:
            self.holes[name] = hole
        if name not in self.shown:
            self.shown.append(name)

    def muck(self, name: str, hole: tuple[str, ...] = ()) -> None:
        self._known(name)
        if hole:
            self.holes[name] = hole
        if name not in self.mucked:
            self.mucked.append(name)

    def collect(self, name: str, amount: int, pot: int = 0) -> None:
        """``name`` collected ``amount`` from pot ``pot`` (0 main, k side pot k);
        a line that collects nothing is no collection."""
        self._known(name)
        if amount:
            self.collections.append((pot, name, amount))

    def uncalled(self) -> tuple[str, int] | None:
        """The bet nobody called, not yet given back in the history: (player, chips)."""
        if len(self.put) < 1:
            return None
        ranked = sorted(self.put.items(), key=lambda item: -item[1])
        top, chips = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        return (top, chips - second) if chips > second else None

    def absorb_uncalled(self, total: int) -> int:
        """For a site whose pot total and winnings count a bet nobody called (no
        "returned" line): when ``total`` (gross) holds it, make it the return it is
        (taken off the bettor's collections) and give the total without it."""
        extra = self.uncalled()
        if extra is None or total != sum(self.put.values()):
            return total
        name, chips = extra
        self.returns(name, chips)
        for index, (pot, who, amount) in enumerate(self.collections):
            if (who, amount) == (name, chips) and pot > 0:   # paid back as its own pot
                del self.collections[index]
                return total - chips
        left = chips
        for index in range(len(self.collections) - 1, -1, -1):
            pot, who, amount = self.collections[index]
            if who == name and left:
                take = min(left, amount)
                left -= take
                self.collections[index] = (pot, who, amount - take)
        self.collections = [c for c in self.collections if c[2]]
        return total - chips

    def gross_pot(self) -> int:
        """The chips put in, less the bet nobody called."""
        extra = self.uncalled()
        return sum(self.put.values()) - (extra[1] if extra else 0)

    @property
    def collected(self) -> dict[str, int]:
        """name -> what the history says the player collected, so far."""
        found: dict[str, int] = {}
        for _, name, amount in self.collections:
            found[name] = found.get(name, 0) + amount
        return found

    def finish(self, total_pot: int | None = None, rake: int | None = None,
               pots: tuple[int, ...] = (), cancelled: bool = False,
               dealt_in: tuple[str, ...] | None = None, **header: object) -> HandHistory:
        """The hand; ``total_pot`` (gross, rake in) defaults to the chips put in
        less the bet nobody called, ``rake`` to that less what was collected;
        ``dealt_in`` to the players who posted, acted or showed. ``header``: the
        header fields (``game``, ``stakes``, ``table``...) not set on the builder."""
        for key, value in header.items():
            if not hasattr(self, key):
                raise TypeError(f"finish() got an unexpected field {key!r}")
            setattr(self, key, value)
        if not self.seats:
            raise BadHand("no seats")
        if len(self.board) > 5:
            raise BadHand(f"{len(self.board)} board cards: {' '.join(self.board)}")
        for name, hole in self.holes.items():
            if name not in self.stack:   # (cards dealt to a name no seat line gave)
                raise BadHand(f"{name!r} is not seated")
            if len(hole) != self.hole_count:
                raise BadHand(f"{name} holds {len(hole)} cards, the game deals "
                              f"{self.hole_count}")
        collected: dict[str, int] = {}
        for _, name, amount in self.collections:
            collected[name] = collected.get(name, 0) + amount
        total = self.gross_pot() if total_pot is None else total_pot
        if self.stakes == (0, 0):   # a header with no stakes: the blinds as first posted
            posted = {post.kind: post.amount for post in reversed(self.posts)}
            big = posted.get("big blind", 0)
            self.stakes = (big, 2 * big) if self.limit == Limit.FIXED else \
                (posted.get("small blind", 0), big)
        if rake is None:
            rake = total - sum(collected.values())
        active = self.active
        dealt = tuple([s.name for s in sorted(self.seats) if s.name in active]) \
            if dealt_in is None else dealt_in
        mucked = list(self.mucked)
        if self.show_rule:   # a player still in who did not show mucked (a hand not tabled)
            folded = {a.player for a in self.actions if a.kind == "fold"}
            live = [n for n in dealt if n not in folded]
            if len(live) > 1:
                shown = [n for n in self.shown if n in self.holes]
                mucked += [n for n in live if n not in shown and n not in mucked]
        return HandHistory(
            hand_id=self.hand_id, site=self.site, game=self.game, hole_count=self.hole_count,
            limit=self.limit, stakes=self.stakes, currency=self.currency, table=self.table,
            max_seats=self.max_seats, button=self.button, seats=tuple(self.seats),
            posts=tuple(self.posts), actions=tuple(self.actions), board=tuple(self.board),
            hole_cards=self.holes, collected=collected,
            pot_collections=tuple(self.collections), total_pot=total, rake=rake, pots=pots,
            shown=tuple(self.shown), mucked=tuple(mucked), hero=self.hero,
            cancelled=cancelled, date=self.date, time_zone=self.time_zone,
            tournament_id=self.tournament_id, buy_in=self.buy_in, level=self.level,
            mixed_game=self.mixed_game, line=self.line, dealt_in=dealt,
            chip_unit=self.chip_unit)


#: What a line of play does to the hand, by the builder's name for it: each site
#: maps its own words to these (:func:`action_words`) and calls the one it reads
#: with the player and the amount the line gives (0 when it gives none).
BUILDER_ACTIONS: dict[str, Callable[[HandBuilder, str, int], None]] = {
    "small blind": lambda b, name, chips: b.post(name, "small blind", chips),
    "big blind": lambda b, name, chips: b.post(name, "big blind", chips),
    "ante": lambda b, name, chips: b.post(name, "ante", chips),
    "small & big blinds": lambda b, name, chips: b.post(name, "small & big blinds", chips),
    "fold": lambda b, name, chips: b.fold(name),
    "check": lambda b, name, chips: b.check(name),
    "call": HandBuilder.call,
    "call to": HandBuilder.call_to,            # the amount is the player's street total
    "bet": HandBuilder.bet_,
    "raise to": HandBuilder.raise_to,
    "raise by added": HandBuilder.raise_by_added,
    "wager": HandBuilder.wager_added,          # an all-in: call, bet or raise as it falls
    "return": HandBuilder.returns,
}


def action_words(words: dict[str, str]) -> dict[str, Callable[[HandBuilder, str, int], None]]:
    """A site's action words (``"posts small blind"``, ``"Raises"``...) -> what each
    does (``words`` maps them to the names of :data:`BUILDER_ACTIONS`)."""
    return {word: BUILDER_ACTIONS[kind] for word, kind in words.items()}


#: The action words the sites with "name: posts small blind 5"-like lines share.
POSTS_AND_BETS = {"posts small blind": "small blind", "posts big blind": "big blind",
                  "posts ante": "ante", "posts dead blind": "big blind", "posts": "big blind",
                  "folds": "fold", "checks": "check", "calls": "call", "bets": "bet"}


def c_loop(site: str) -> Callable[..., Any] | None:
    """The C twin of ``site``'s line loop (csrc/py/hhsites.c ``<site>_loop``): what
    the site's Python loop returns, made by the same calls on the same builder, or
    None ("read this hand again in Python"). None on the pure backend or for a
    site with no twin."""
    return fast.site_loop(site, money, cards, HandBuilder) if fast is not None else None


class OtherGame(Exception):
    """The hand is of another game (the message names it): counted, not read."""


class TextReader(SiteReader):
    """A text site's reader: the lines cut into hands at each header
    (:meth:`is_header`), each hand read by :meth:`parse` (a :class:`BadHand`
    is an unreadable hand, an :class:`OtherGame` a skipped one). A file whose
    first lines hold no header is no history of this site: a ValueError."""

    #: What the message of a file that is not this site's says it lacks.
    header_text: ClassVar[str] = ""
    #: Every header line starts with one of these (only those are asked is_header).
    header_prefixes: ClassVar[tuple[str, ...] | None] = None

    def is_header(self, line: str) -> bool:
        raise NotImplementedError

    def parse(self, lines: list[str], start: int) -> HandHistory:
        raise NotImplementedError

    def ours(self, lines: list[str]) -> bool:
        """True when the first hand's lines are this site's (a header another site
        shares, e.g. "#Game No", is not enough): else the file is no history of it."""
        return True

    def preamble(self, lines: list[str]) -> bool:
        """True when text before the first header is the file's own (not garbage)."""
        return False

    def hand_id(self, lines: list[str]) -> str:
        """The id the hand's first lines give (for the error of a hand that cannot be read)."""
        return ""

    def _hands(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        garbage_at = 0   # the line of text before the first header, if any
        preamble = False
        seen = False
        for block in blocks(lines, self.is_header, self.header_prefixes):
            header = block.lines[0]
            if not seen and not self.is_header(header):
                if block.cut:   # (LEADING_LINES lines and no header: not this site's file)
                    raise ValueError(f"{self.name} is not a {self.site} hand history: no "
                                     f"{self.header_text!r} header in its first "
                                     f"{LEADING_LINES} lines")
                garbage_at = block.start
                preamble = self.preamble(block.lines)
                continue
            if not seen and not self.ours(block.lines):
                raise ValueError(f"{self.name} is not a {self.site} hand history: its "
                                 f"first hand is not one ({block.lines[:2]!r:.80})")
            if not seen and garbage_at and not preamble:
                self._error("", garbage_at, "text before the first hand is not a hand")
            seen = True
            # (the id is asked for an error only: parse reads the header itself)
            if block.cut:
                self._error(self.hand_id(block.lines), block.start,
                            f"more than {MAX_HAND_LINES} lines: not a hand")
                continue
            try:
                yield self.parse(block.lines, block.start)
            except OtherGame as other:
                self._skip(str(other))
            except BadHand as bad:
                self._error(self.hand_id(block.lines), block.start, str(bad))
            except (ValueError, KeyError, IndexError) as exc:   # a line not as expected
                self._error(self.hand_id(block.lines), block.start, f"cannot read: {exc}")
        if not seen and garbage_at:
            raise ValueError(f"{self.name} is not a {self.site} hand history: no "
                             f"{self.header_text!r} header in it")
