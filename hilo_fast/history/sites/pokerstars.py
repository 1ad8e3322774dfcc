"""Read PokerStars hand-history files: every Omaha Hi/Lo hand as a :class:`HandHistory`.

:func:`read_pokerstars` takes a path or an open file (text or binary),
:func:`parse_pokerstars` a string (or bytes); both return a
:class:`PokerStarsReader`, an iterator of
:class:`~hilo_fast.history.model.HandHistory` that reads one hand at a time
(memory stays flat whatever the file size). Longer than most modules, it is
one cohesive thing: one site's dialect, line by line, and the fast paths of
csrc/py/hhlines.c that are its twins. What it reads:

- old (``PokerStars Game #``), new (``PokerStars Hand #``), Zoom and home-game
  (``PokerStars Home Game #``, ``{Club #...}``, ``{Name's Room}``) headers; a byte-order mark;
  CRLF or LF line ends;
- Omaha Hi/Lo in fixed, pot and no limit, with 4, 5 or 6 hole cards
  (``Omaha Hi/Lo``, ``5 Card Omaha Hi/Lo``); cash games (amounts in cents),
  tournaments and play money (chips); mixed games (``HORSE (Omaha Hi/Lo
  Limit, ...)``, ``8-Game (7 Card Stud Hi/Lo Limit, ...)``, home-game
  tournaments of them): hands of other games are counted in
  :attr:`PokerStarsReader.skipped` and not yielded;
- a partial show (``shows [Qs]``) as a muck, as the site settles it.

A hand it cannot read (cut short, a line it does not know, an unknown game
variant, bytes that are not UTF-8) is recorded in
:attr:`PokerStarsReader.errors` with its id (or line) and the reason, and
reading goes on with the next hand. The only exception the iterator raises
is ``ValueError`` for a source that is no hand history at all (no PokerStars
header in its first lines).

>>> text = '''PokerStars Hand #7: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2024/01/02 3:04:05 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: ann ($1 in chips)
... Seat 2: bob ($2.50 in chips)
... ann: posts small blind $0.01
... bob: posts big blind $0.02
... *** HOLE CARDS ***
... ann: folds
... Uncalled bet ($0.01) returned to bob
... bob collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0
... Seat 1: ann (button) (small blind) folded before Flop
... Seat 2: bob (big blind) collected ($0.02)
... '''
>>> [(h.hand_id, h.seats[1].stack, h.collected) for h in parse_pokerstars(text)]
[('7', 250, {'bob': 2})]
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime, timedelta
from typing import IO, Any

from ...engine.structures import Limit
from .._backend import fast
from ..model import HandHistory, HHAction, Post, SeatInfo, UnreadableHand
from ._base import SiteReader

__all__ = ["SITE", "PokerStarsReader", "UnreadableHand", "parse_pokerstars", "read_pokerstars",
           "sniff"]

#: The site's name in hilo_fast.history.sites.SITES (HandHistory.site stays "PokerStars").
SITE = "pokerstars"

#: A source with no hand header among its first this many non-blank lines is no hand history.
SNIFF_LINES = 50
#: A "hand" longer than this many lines is garbage, not a hand: skipped to the next header.
MAX_HAND_LINES = 2000

_HEADER = re.compile(
    r"(?:\ufeff)?PokerStars (?P<kind>Zoom Hand|Hand|Game|Home Game Hand|Home Game) "
    r"#(?P<id>\d+): +(?P<rest>.*)")
_DATE = re.compile(r" - (?P<date>\d{4}/\d{1,2}/\d{1,2}.*)$")
_DATE_PARTS = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2})[ -]+(\d{1,2}):(\d{2}):(\d{2})\s*\(?(?P<tz>[A-Z]{2,4})?")
_TOURNAMENT = re.compile(
    r"Tournament #(?P<tid>\d+), (?P<buyin>Freeroll|\S+(?: (?:[A-Z]{3}|FPP|SC))?) (?P<game>.*)")
_MIXED = re.compile(r"(?P<mixed>[^()]+?) \((?P<inner>[^(),]+)"
                    r"(?:, (?P<stakes>(?:[^()]|\([^()]*\))+))?\)")
_PLAIN = re.compile(r"(?P<inner>[^()]+?)(?: \((?P<stakes>[^()]+)\))?")
_HILO = re.compile(r"(?:(?P<cards>[456]) Card )?(?P<name>Omaha|Courchevel) Hi/Lo "
                   r"(?P<limit>Pot Limit|No Limit|Limit)")
# Other games PokerStars deals (skipped, counted); a game neither these nor Omaha Hi/Lo
# is unknown: its hand is reported unreadable.
_OTHER_GAME = re.compile(
    r"(?:Hold'em|6\+ Hold'em|(?:[56] Card )?Omaha|Courchevel|Razz|7 Card Stud"
    r"(?: Hi/Lo)?|5 Card Draw|(?:Triple|Single) Draw 2-7 Lowball|Badugi|Fusion)"
    r" (?:Limit|Pot Limit|No Limit|Fixed Limit)")
_LIMITS = {"Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO}
_STAKES = re.compile(
    r"(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)(?: (?P<code>[A-Z]{3}))?")
_LEVEL = re.compile(r"Level (?P<level>\S+) \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)")
# What starts stakes in parentheses ("$0.01/...", "10/20"), unlike a mix's game ("5 Card ...").
_STAKES_START = re.compile(r"[$€£]|[\d.,]+/")
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}

_TABLE = re.compile(r"Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?.*?Seat #(?P<button>\d+) "
                    r"is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>[^()]*?) in chips"
                   r"(?:, (?P<bounty>[^()]*?) bounty)?\)(?P<rest>.*)")
_POST = re.compile(r"posts (?P<kind>small blind|big blind|small & big blinds|the ante|straddle) "
                   r"(?P<amount>\S+)(?P<allin> and is all-in)?")
_BET = re.compile(r"(?P<kind>calls|bets) (?P<amount>\S+)(?P<allin> and is all-in)?")
_RAISE = re.compile(r"raises (?P<amount>\S+) to (?P<to>\S+)(?P<allin> and is all-in)?")
_CARDS = re.compile(r"\[([^\]]*)\]")
_STREET = re.compile(r"\*\*\* (?P<name>[A-Z -]+?) \*\*\*(?P<cards>.*)")
_UNCALLED = re.compile(r"Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.+)")
_COLLECTED = re.compile(r"(?P<name>.+) collected (?P<amount>\S+) from "
                        r"(?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?P<pots>.*?)\s*\|(?P<tail>.*)")
_SIDE_POTS = re.compile(r"(?:Main|Side) pot(?:-\d+)? (?P<amount>[^ ]+?)\.(?: |$)")
_RAKE = re.compile(r"Rake (?P<rake>\S+)")
# Lines about a player that change nothing in the hand (chat, table traffic, results).
_NOISE = re.compile(
    r".+? (?:said, \".*|joins the table at seat #\d+|leaves the table|is sitting out|sits out"
    r"|has timed out(?: while disconnected| while being disconnected)?|is disconnected"
    r"|is connected|has returned|will be allowed to play after the button"
    r"|was removed from the table.*|finished the tournament.*|wins the tournament.*"
    r"|re-buys and receives.*|takes the add-on.*|wins .*bounty.*|wins \S+ for eliminating.*"
    r"|cashed out the hand.*|is away|has been disconnected.*)")
_COLON_NOISE = frozenset(("is sitting out", "sits out", "is disconnected", "has returned",
                          "has timed out", "is away", "sitting out"))
_ALL_IN = ["and", "is", "all-in"]   # the last words of an action that puts a player all in
_NO_WORDS = [""]   # the words of an action the split path does not read
_new = tuple.__new__   # a named tuple made from a tuple: no Python-level __new__ call
_NOT_UTF8 = re.compile("[\udc80-\udcff]")   # undecodable bytes, kept by surrogateescape
_STREET_NAMES = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_BOARD_SIZES = {"flop": 3, "turn": 4, "river": 5}   # board cards once the street is dealt
#: The runs of a hand run twice (or more): "*** FIRST FLOP ***", "*** SECOND SHOW DOWN ***".
_RUN_ORDINALS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}


class _Unreadable(Exception):
    """Raised inside the hand parser; the reader turns it into an :class:`UnreadableHand`."""


# Amounts repeat: parse each text once (one cache for chips, one for cash: no key tuples).
_MONEY_CACHE: tuple[dict[str, int], dict[str, int]] = ({}, {})
_CACHE_SIZE = 10_000   # entries a cache keeps at most (memory stays bounded)
# And the posts' ("posts small blind $0.05"): (kind, amount, all_in), a Post's after the player.
_POST_CACHE: tuple[dict[str, tuple[str, int, bool]], ...] = ({}, {})
# So do the actions' texts ("calls $0.10", "raises 40 to 60 and is all-in"): each read once,
# kept as (kind, amount, to, all_in), the fields of an HHAction after street and player.
_ACTION_CACHE: tuple[dict[str, tuple[str, int, int, bool]], ...] = tuple(
    {"folds": ("fold", 0, 0, False), "checks": ("check", 0, 0, False)} for _ in range(2))


def _money(text: str, cash: bool) -> int:
    """An amount as printed (``$0.85``, ``€2``, ``1,148``) in cents (cash) or chips."""
    cache = _MONEY_CACHE[cash]
    found = cache.get(text)
    if found is None:
        found = _parse_money(text, cash)
        if len(cache) < _CACHE_SIZE:
            cache[text] = found
    return found


def _parse_money(text: str, cash: bool) -> int:
    digits = text.lstrip("$€£").replace(",", "")
    whole, dot, frac = digits.partition(".")
    if not _is_digits(whole) and not (whole == "" and _is_digits(frac)):
        raise _Unreadable(f"bad amount {text!r}")
    if not cash:
        if dot and frac.strip("0"):
            raise _Unreadable(f"fractional chips {text!r}")
        return int(whole or "0")   # (".0": no chips)
    if len(frac) > 2 or (frac and not _is_digits(frac)):
        raise _Unreadable(f"bad amount {text!r} (more than two decimals)")
    return int(whole or "0") * 100 + int(frac.ljust(2, "0") or "0")


def _is_digits(text: str) -> bool:
    """Digits 0-9 only (str.isdigit alone takes "²", which int() refuses)."""
    return text.isdigit() and text.isascii()


_CARD_NAMES = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")


def _cards(text: str) -> tuple[str, ...]:
    cards = tuple(text.split())
    if not _CARD_NAMES.issuperset(cards):   # one set test for the common, good case
        bad = next(card for card in cards if card not in _CARD_NAMES)
        raise _Unreadable(f"bad card {bad!r}")
    return cards


#: The minutes of the dates read, by their text up to the minute ("2024/01/02 3:04"):
#: a file's hands are minutes apart, so most dates need only their seconds read.
_MINUTES: dict[str, datetime] = {}
_SECONDS = [timedelta(seconds=s) for s in range(60)]


def _date(date: str) -> tuple[datetime | None, str]:
    """The date and time zone of a header's date text (None, "" when not read)."""
    parts = _DATE_PARTS.match(date)
    if parts is None:
        return None, ""
    minute = _MINUTES.get(date[:parts.end(5)])
    seconds = int(parts[6])
    if minute is not None and seconds < 60:
        return minute + _SECONDS[seconds], parts["tz"] or ""
    try:
        y, mo, d, hh, mi, ss, tz = parts.groups()
        found = datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
    except ValueError:
        raise _Unreadable(f"bad date {date!r}") from None
    if len(_MINUTES) >= 1000:   # (memory stays bounded; the minutes to come are new ones)
        _MINUTES.clear()
    _MINUTES[date[:parts.end(5)]] = found.replace(second=0)
    return found, tz or ""


#: Parsed headers by their text less the date: the hands of a file share a few.
#: Emptied when full, as _TABLES (a tournament's levels each make one).
_HEADERS: dict[tuple[str, str], _Header] = {}


def _header(kind: str, rest: str) -> tuple[_Header, datetime | None, str]:
    """The header's game part (parsed once per distinct text), date and time zone."""
    found = _DATE.search(rest)
    date, tz = (None, "")
    if found:
        rest = rest[:found.start()]
        date, tz = _date(found["date"])
    key = (kind, rest)
    header = _HEADERS.get(key)
    if header is None:
        header = _Header(kind, rest)
        if len(_HEADERS) >= _CACHE_SIZE:   # (memory stays bounded)
            _HEADERS.clear()
        _HEADERS[key] = header
    return header, date, tz


class _Header:
    """The first line of a hand less its date, parsed: game, stakes, tournament
    (read-only once made: shared by every hand with the same header text)."""

    __slots__ = ("buy_in", "cash", "currency", "exposed", "game", "head", "hole_count", "home",
                 "level", "limit", "mixed", "stakes", "tail", "tournament")

    def __init__(self, kind: str, rest: str) -> None:
        self.home = kind.startswith("Home")
        if rest.startswith("{") and "} " in rest:   # "{Club #1234} ", "{Dazzle's Room} "
            self.home = True
            rest = rest.partition("} ")[2]
        segments = rest.split(" - ")
        game = segments[0]
        self.tournament = self.buy_in = self.level = None
        self.mixed: str | None = None
        tournament = _TOURNAMENT.fullmatch(game)
        if tournament:
            self.tournament, self.buy_in, game = (tournament["tid"], tournament["buyin"],
                                                  tournament["game"])
        wrapped = _MIXED.fullmatch(game)
        if wrapped and _STAKES_START.match(wrapped["inner"]):
            wrapped = None   # "Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)": stakes, not a mix
        plain = None if wrapped else _PLAIN.fullmatch(game)
        if wrapped:
            self.mixed, inner, stakes = wrapped["mixed"], wrapped["inner"], wrapped["stakes"]
        elif plain:
            inner, stakes = plain["inner"], plain["stakes"]
        else:
            raise _Unreadable(f"unknown game {game!r}")
        self.game = inner
        hilo = _HILO.fullmatch(inner)
        if hilo is None and _OTHER_GAME.fullmatch(inner) is None:
            raise _Unreadable(f"unknown game {inner!r}")
        self.limit = _LIMITS[hilo["limit"]] if hilo else Limit.POT
        courchevel = hilo is not None and hilo["name"] == "Courchevel"
        # (Courchevel: five cards, the first flop card dealt face up before the betting)
        self.hole_count = (5 if courchevel else int(hilo["cards"] or 4)) if hilo else 0
        self.exposed = 1 if courchevel else 0
        self.cash = self.tournament is None and stakes is not None and \
            stakes[:1] in _CURRENCIES
        self.currency: str | None = None
        self.stakes = (0, 0)
        if not hilo:
            return
        if stakes is not None and stakes.startswith("Level "):   # "8-Game (..., Level I (10/20))"
            segments.append(stakes)
            stakes = None
        for segment in segments[1:]:
            level = _LEVEL.search(segment)
            if level:
                self.level = level["level"]
                if stakes is None:
                    stakes = f"{level['sb']}/{level['bb']}"
        if stakes is None:
            raise _Unreadable("no stakes in the header")
        found_stakes = _STAKES.fullmatch(stakes.strip())
        if found_stakes is None:
            raise _Unreadable(f"bad stakes {stakes!r}")
        if self.cash:
            self.currency = found_stakes["code"] or _CURRENCIES[found_stakes["cur"]]
        self.stakes = (_money(found_stakes["sb"], self.cash), _money(found_stakes["bb"],
                                                                      self.cash))
        # A HandHistory's fields from the header, in its order: before the table, after the date.
        self.head: tuple[Any, ...] = ("PokerStars", self.game, self.hole_count, self.limit,
                                      self.stakes, self.currency)
        self.tail: tuple[Any, ...] = (self.tournament, self.buy_in, self.level, self.mixed,
                                      self.home)


#: Table lines read, by their text (the hands at a table share a few, one a
#: button seat): name, max seats, button. Emptied when full: an import of many
#: files meets new tables all along, and a cache that stopped taking them
#: would miss on every later table's lines (each miss a regex: 2.5 us).
_TABLES: dict[str, tuple[str, int | None, int]] = {}


def _table(line: str) -> tuple[str, int | None, int] | None:
    """The table name, max seats (None if not said) and button seat of a table line."""
    found = _TABLES.get(line)
    if found is None:
        table = _TABLE.match(line)
        if table is None:
            return None
        found = (table["table"], int(table["max"]) if table["max"] else None,
                 int(table["button"]))
        if len(_TABLES) >= _CACHE_SIZE:   # (memory stays bounded)
            _TABLES.clear()
        _TABLES[line] = found
    return found


#: What :meth:`_HandParser.read_lines` finds: section, seats, posts, actions, board,
#: holes, shown, mucked, pot_collections, total, rake, pots, summary_seats, hero, cancelled.
_Lines = tuple[str, list[SeatInfo], list[Post], list[HHAction], list[str],
               dict[str, tuple[str, ...]], list[str], list[str], list[tuple[int, str, int]],
               int, int, tuple[int, ...], list[str], str | None, bool]


#: csrc/py/hhlines.c's twin of :meth:`_HandParser.read_lines` (None on the pure
#: backend, on PyPy, or when it did not build): its result, or None to leave the
#: hand to read_lines.
_c_lines: Callable[[list[str], bool], _Lines | None] | None = getattr(
    fast, "builtin_hh_lines", lambda *_: None)(SeatInfo, Post, HHAction)
#: Its twin of the whole of :meth:`PokerStarsReader._finish` after the header, for
#: a hand's raw lines (the header first, stripped), ``_c_hand(block, cash)``, or for
#: those of an ASCII ``text[start:stop]``, ``_c_span(text, start, stop, cash)``: the
#: table line stripped, then the HandHistory fields from ``seats`` to ``cancelled``
#: and ``dealt_in``, as :meth:`_HandParser.parse` makes them; or None to leave the
#: hand to Python. ``_c_stars(text, start, stop, _HEADERS, _MINUTES, _SECONDS)``
#: (csrc/py/hhlines_header.c) reads the span's header line too, as
#: :meth:`PokerStarsReader._finish_span` does: (hand id, the parsed header, the
#: date, or its text when _MINUTES lacks its minute, the time zone, _c_span's
#: answer), or None; given ``line, _TABLES, HandHistory, _tabled`` after them,
#: the HandHistory itself where it can (as :func:`_c_history` makes it).
#: ``_c_next(text, pos, start, end)``: for an ASCII text (None for any other: it
#: is given only ASCII ones), ``at = _next_header(text, start, end)`` and
#: ``text.count("\n", pos, at)`` (0 when at is -1).
_c_hand: Callable[[list[str], bool], tuple[Any, ...] | None] | None
_c_span: Callable[[str, int, int, bool], tuple[Any, ...] | None] | None
_c_stars: Callable[..., Any] | None
_c_next: Callable[[str, int, int, int], tuple[int, int]] | None
_c_hand, _c_span, _c_stars, _c_next = getattr(fast, "builtin_hh_hand", lambda *_: None)(
    SeatInfo, Post, HHAction) or (None, None, None, None)


class _HandParser:
    """Parses the lines of one hand (header first) into a HandHistory."""

    def __init__(self, hand_id: str, header: _Header, date: datetime | None, tz: str,
                 lines: list[str], start: int, ascii: bool = False) -> None:
        self.id, self.h, self.lines, self.start = hand_id, header, lines, start
        self.date, self.tz = date, tz
        self.ascii = ascii   # every line ASCII: the only hands the C twin reads
        # A hand run twice: each run's board (the shared cards, then its own) and
        # what each run's showdown paid; ``run`` is the run whose showdown is read.
        self.run_boards: list[list[str]] = []
        self.run_collected: list[dict[str, int]] = []
        self.run = -1

    def money(self, text: str) -> int:
        return _money(text, self.h.cash)

    def parse(self) -> HandHistory:
        h, lines = self.h, self.lines
        if len(lines) < 3:
            raise _Unreadable("cut short: no table and seat lines")
        table = _table(lines[1])
        if table is None:
            raise _Unreadable(f"line 2 is not a table line: {lines[1][:80]!r}")
        # The C twin of read_lines answers a hand it reads exactly as read_lines
        # would; None (anything it is not sure of) leaves the hand to read_lines.
        found = _c_lines(lines, h.cash) if _c_lines is not None and self.ascii else None
        (section, seats, posts, actions, board, holes, shown, mucked, pot_collections, total,
         rake, pots, summary_seats, hero, cancelled) = found or self.read_lines()
        if section != "summary":
            raise _Unreadable("cut short: no summary")
        if total < 0 and not cancelled:
            raise _Unreadable("cut short: no 'Total pot' line in the summary")
        if not seats:
            raise _Unreadable("no seats")
        table_name, max_seats, button = table
        collected: dict[str, int] = {}
        for _, name, amount in pot_collections:
            collected[name] = collected.get(name, 0) + amount
        runs: tuple[tuple[str, ...], ...] = ()
        if self.run_boards:
            runs = tuple(map(tuple, self.run_boards))
            if any(len(run) != 5 for run in runs):
                raise _Unreadable("a run's board is not five cards")
            board = list(runs[0])
        in_summary = set(summary_seats)
        dealt = tuple([s.name for s in seats if s.name in in_summary]) or \
            tuple(s.name for s in seats if not s.sitting_out)
        return HandHistory(
            hand_id=self.id, site="PokerStars", game=h.game, hole_count=h.hole_count,
            limit=h.limit, stakes=h.stakes, currency=h.currency, table=table_name,
            max_seats=max_seats, button=button,
            seats=tuple(seats), posts=tuple(posts), actions=tuple(actions), board=tuple(board),
            hole_cards=holes, collected=collected, pot_collections=tuple(pot_collections),
            total_pot=max(total, 0), rake=max(rake, 0), pots=pots, shown=tuple(shown),
            mucked=tuple(mucked), hero=hero, cancelled=cancelled, date=self.date,
            time_zone=self.tz, tournament_id=h.tournament, buy_in=h.buy_in, level=h.level,
            mixed_game=h.mixed, home_game=h.home, line=self.start, dealt_in=dealt, runs=runs,
            run_collected=tuple(self.run_collected) if runs else (), exposed=h.exposed)

    def read_lines(self) -> _Lines:
        """What the lines after the table line say, as :meth:`parse` takes it (the
        reference: csrc/py/hhlines.c is its twin, and the only wording of errors)."""
        h, lines, money = self.h, self.lines, self.money
        seats: list[SeatInfo] = []
        names: dict[str, SeatInfo] = {}
        taken: set[int] = set()   # seat numbers
        posts: list[Post] = []
        actions: list[HHAction] = []
        board: list[str] = []
        holes: dict[str, tuple[str, ...]] = {}
        shown: list[str] = []
        mucked: list[str] = []
        pot_collections: list[tuple[int, str, int]] = []
        street = "preflop"
        section = "seats"      # seats, hand, summary
        hero: str | None = None
        cancelled = False
        total = rake = -1
        pots: tuple[int, ...] = ()
        summary_seats: list[str] = []
        by_seat: dict[int, str] = {}
        whats = _ACTION_CACHE[h.cash]
        cash_cache = _MONEY_CACHE[h.cash]
        add = actions.append
        for offset, line in enumerate(lines[2:], 3):
            if not line:
                continue
            try:
                if line[:3] == "***":
                    marker = _STREET.fullmatch(line)
                    if marker is None:
                        raise _Unreadable("bad section line")
                    name = marker["name"]
                    if name == "HOLE CARDS":
                        section = "hand"
                    elif name in _STREET_NAMES:
                        section = "hand"
                        street = _STREET_NAMES[name]
                        groups = _CARDS.findall(marker["cards"])
                        new = _cards(groups[-1]) if groups else ()
                        if not new or len(board) + len(new) != _BOARD_SIZES[street]:
                            raise _Unreadable(f"bad {street} cards")
                        board.extend(new)
                    elif name in ("SHOW DOWN", "SHOWDOWN"):
                        section = "hand"
                        street = "showdown"
                    elif name == "PRE-FLOP":   # Courchevel's card face up before the betting
                        groups = _CARDS.findall(marker["cards"])
                        new = _cards(groups[-1]) if groups else ()
                        if board or len(new) != h.exposed:
                            raise _Unreadable("bad exposed card before the pre-flop betting")
                        board.extend(new)
                        section = "hand"
                    elif name.partition(" ")[0] in _RUN_ORDINALS:
                        section = "hand"
                        self.run_line(name, marker["cards"], board)
                    elif name == "SUMMARY":
                        section = "summary"
                        by_seat = {info.seat: info.name for info in seats}
                    else:
                        raise _Unreadable(f"unsupported section {name!r} (run it twice?)")
                    continue
                if line[:5] == "Seat ":   # the seat list, and the summary's
                    if section == "summary":
                        number, _, rest = line[5:].partition(": ")
                        name = by_seat.get(int(number)) if number.isdecimal() and \
                            number.isascii() else None
                        if name is not None and "[" not in rest and rest.startswith(name):
                            summary_seats.append(name)   # (no cards: nothing more in it)
                        else:
                            self.summary_seat(line, by_seat, holes, summary_seats)
                        continue
                    seat = _SEAT.fullmatch(line) if section == "seats" else None
                    if seat:
                        number, name, chips, bounty, rest = seat.group(
                            "seat", "name", "chips", "bounty", "rest")
                        amount = cash_cache.get(chips)
                        info = _new(SeatInfo, (int(number), name,
                                               money(chips) if amount is None else amount,
                                               "sitting out" in rest, bounty))
                        if info.name in names or info.seat in taken:
                            raise _Unreadable(f"seat {info.seat} or {info.name!r} "
                                              "listed twice")
                        seats.append(info)
                        names[info.name] = info
                        taken.add(info.seat)
                        continue
                who, sep, what = line.partition(": ")
                if sep and who not in names and ": " in what:
                    for name in names:   # a name with ": " in it (rare): the longest prefix
                        if line.startswith(name + ": ") and len(name) > len(who):
                            who, what = name, line[len(name) + 2:]
                if sep and who in names:
                    # The common actions first: each distinct text ("calls $0.10") is
                    # read once (below, with str methods) and then found in a cache.
                    known = whats.get(what)
                    if known is not None:
                        add(_new(HHAction, (street, who, *known)))
                        continue
                    words = what.split(" ") if what[:1] in "cbr" else _NO_WORDS
                    size = len(words)
                    verb = words[0]
                    all_in = size > 3 and words[-3:] == _ALL_IN
                    if all_in:
                        size -= 3
                    if size == 2 and (verb == "calls" or verb == "bets"):
                        known = ("call" if verb == "calls" else "bet", money(words[1]), 0,
                                 all_in)
                    elif size == 4 and verb == "raises" and words[2] == "to":
                        known = ("raise", money(words[1]), money(words[3]), all_in)
                    if known is not None:
                        if len(whats) < _CACHE_SIZE:
                            whats[what] = known
                        add(_new(HHAction, (street, who, *known)))
                        continue
                    self.player_line(who, what, street, section, posts, actions, holes,
                                     shown, mucked)
                    if section == "seats" and what.startswith("posts"):
                        section = "posts"
                    continue
                if line.startswith("Seat ") and section != "hand":
                    raise _Unreadable("bad seat line")
                if section == "summary":
                    self.summary_line(line, board)
                    if line.startswith("Total pot"):
                        total, pots, rake = self.total_line(line)
                    continue
                if line.startswith("Dealt to "):
                    rest = line[9:]
                    groups = _CARDS.findall(rest)
                    name = rest.partition(" [")[0]
                    if groups:
                        if name not in names:
                            raise _Unreadable(f"cards dealt to {name!r}, who is not seated")
                        holes[name] = _cards(groups[-1])
                        hero = name
                    continue
                if line.startswith("Uncalled bet ("):
                    found = _UNCALLED.fullmatch(line)
                    if found is None or found["name"] not in names:
                        raise _Unreadable("bad uncalled-bet line")
                    actions.append(HHAction(street, found["name"], "return",
                                            money(found["amount"])))
                    continue
                if " collected " in line:
                    got = _COLLECTED.fullmatch(line)
                    if got and got["name"] in names:
                        pot = got["pot"]
                        index = 0 if pot in ("pot", "main pot") else int(got["n"] or 1)
                        pot_collections.append((index, got["name"], money(got["amount"])))
                        if self.run >= 0:
                            paid = self.run_collected[self.run]
                            paid[got["name"]] = paid.get(got["name"], 0) + pot_collections[-1][2]
                        continue
                if line == "Hand cancelled":
                    cancelled = True
                    continue
                if line in ("No low hand qualified", "Betting is capped") or \
                        _NOISE.fullmatch(line):
                    continue
                if sep and who not in names and section != "seats":
                    raise _Unreadable(f"{who!r} acts but is not seated")
                raise _Unreadable("line not understood")
            except _Unreadable as exc:
                raise _Unreadable(f"line {self.start + offset - 1}: {exc}: "
                                  f"{line[:80]!r}") from None
        return (section, seats, posts, actions, board, holes, shown, mucked, pot_collections,
                total, rake, pots, summary_seats, hero, cancelled)

    def run_line(self, name: str, cards: str, board: list[str]) -> None:
        """A street or showdown line of one run of a hand run twice ("FIRST TURN",
        "SECOND SHOW DOWN"): its new cards go on that run's board, which starts
        as the cards dealt before the runs (``board``)."""
        ordinal, _, what = name.partition(" ")
        run = _RUN_ORDINALS[ordinal]
        if run > len(self.run_boards):
            raise _Unreadable(f"{ordinal.lower()} run before the one ahead of it")
        if run == len(self.run_boards):
            self.run_boards.append(list(board))
            self.run_collected.append({})
        if what in ("SHOW DOWN", "SHOWDOWN"):
            self.run = run
            return
        street = _STREET_NAMES.get(what)
        if street is None:
            raise _Unreadable(f"unsupported section {name!r}")
        groups = _CARDS.findall(cards)
        new = _cards(groups[-1]) if groups else ()
        run_board = self.run_boards[run]
        if not new or len(run_board) + len(new) != _BOARD_SIZES[street]:
            raise _Unreadable(f"bad {street} cards of the {ordinal.lower()} run")
        run_board.extend(new)

    def player_line(self, who: str, what: str, street: str, section: str, posts: list[Post],
                    actions: list[HHAction], holes: dict[str, tuple[str, ...]],
                    shown: list[str], mucked: list[str]) -> None:
        money = self.money
        if what.startswith("posts "):
            if section == "hand":
                raise _Unreadable("bad post")
            cache = _POST_CACHE[self.h.cash]
            known = cache.get(what)
            if known is None:
                post = _POST.fullmatch(what)
                if post is None:
                    raise _Unreadable("bad post")
                kind = "ante" if post["kind"] == "the ante" else post["kind"]
                known = (kind, money(post["amount"]), bool(post["allin"]))
                if len(cache) < _CACHE_SIZE:
                    cache[what] = known
            posts.append(_new(Post, (who, *known)))
        elif what == "folds" or what.startswith("folds ["):
            actions.append(HHAction(street, who, "fold"))
        elif what == "checks":
            actions.append(HHAction(street, who, "check"))
        elif what.startswith(("calls ", "bets ")):
            bet = _BET.fullmatch(what)
            if bet is None:
                raise _Unreadable("bad call or bet")
            actions.append(HHAction(street, who, "call" if bet["kind"] == "calls" else "bet",
                                    money(bet["amount"]), 0, bool(bet["allin"])))
        elif what.startswith("raises "):
            raised = _RAISE.fullmatch(what)
            if raised is None:
                raise _Unreadable("bad raise")
            actions.append(HHAction(street, who, "raise", money(raised["amount"]),
                                    money(raised["to"]), bool(raised["allin"])))
        elif what.startswith("shows ["):
            groups = _CARDS.findall(what)
            if not groups:
                raise _Unreadable("bad shows line: no cards")
            holes[who] = _cards(groups[0])
            if who not in shown:
                shown.append(who)
        elif what.startswith("mucks"):
            groups = _CARDS.findall(what)
            if groups:
                holes[who] = _cards(groups[0])
            mucked.append(who)
        elif what in ("doesn't show hand", "does not show hand") or what in _COLON_NOISE:
            pass
        else:
            raise _Unreadable("unknown action")

    def summary_seat(self, line: str, by_seat: dict[int, str],
                     holes: dict[str, tuple[str, ...]], summary_seats: list[str]) -> None:
        number, _, rest = line[5:].partition(": ")
        if not (number.isdigit() and number.isascii()):
            raise _Unreadable("bad summary seat line")
        name = by_seat.get(int(number))
        if name is None or not rest.startswith(name):
            raise _Unreadable("summary names a player who is not seated")
        summary_seats.append(name)
        if "[" not in rest:
            return
        for verb in (" showed [", " mucked ["):
            at = rest.find(verb)
            if at >= 0:
                cards = _CARDS.search(rest, at)
                if cards:
                    holes[name] = _cards(cards[1])

    def summary_line(self, line: str, board: list[str]) -> None:
        if line.startswith("Board ["):
            cards = _cards(line[7:].rstrip("]"))
            if tuple(board) != cards[:len(board)] or len(cards) != len(board):
                raise _Unreadable("summary board differs from the streets' cards")
        elif line.partition(" ")[0] in _RUN_ORDINALS and line.partition(" ")[2][:7] == "Board [":
            ordinal, _, rest = line.partition(" ")
            run = _RUN_ORDINALS[ordinal]
            cards = _cards(rest[7:].rstrip("]"))
            if run >= len(self.run_boards) or tuple(self.run_boards[run]) != cards:
                raise _Unreadable("summary board differs from the run's cards")
        elif not line.startswith(("Total pot", "Hand was run", "with HI:", "with LO:")):
            # ("with HI: ...; LO: ...": the 2005 format's hand names, on a line of their own)
            raise _Unreadable("line not understood in the summary")

    def total_line(self, line: str) -> tuple[int, tuple[int, ...], int]:
        found = _TOTAL.fullmatch(line)
        if found is None:
            raise _Unreadable("bad 'Total pot' line")
        rake = _RAKE.search(found["tail"])
        pots = tuple(self.money(p) for p in _SIDE_POTS.findall(found["pots"] + " "))
        return self.money(found["total"]), pots, self.money(rake["rake"]) if rake else 0


class PokerStarsReader(SiteReader):
    """An iterator of the Omaha Hi/Lo hands of a PokerStars history, read lazily.

    While (and after) iterating: ``hands`` counts the hands yielded,
    ``skipped`` the hands of other games (``skipped_games`` by game name),
    ``errors`` lists the unreadable hands (:class:`UnreadableHand`, at most
    ``MAX_ERRORS``; ``error_count`` counts them all): :class:`SiteReader`'s.
    """

    site = SITE

    def _guarded(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        """SiteReader's, but a file this reader opened is read in chunks (its text
        searched for headers, not cut into lines first), and ``hands`` is counted
        where each hand is made (no work per hand here: the C path is that fast)."""
        try:
            if self._closing is not None and lines is self._closing:
                yield from self._hands_of_file(self._closing)  # type: ignore[arg-type]
            else:
                yield from self._hands(lines)
        finally:
            self.close()

    def _hands_of_file(self, stream: IO[str]) -> Iterator[HandHistory]:
        """What :meth:`_hands` yields, for a file this reader opened (so its line
        ends are "\\n" only: universal newlines): read in chunks, each hand's
        lines found with one search for the next header, no step per line."""
        buffer = ""
        number = 1          # the line number of buffer[0]
        started = cut = False
        garbage = [0, 0]    # before the first header: lines not blank, the first one's number
        while True:
            chunk = stream.read(_CHUNK)
            eof = not chunk
            buffer += chunk
            end = len(buffer) if eof else buffer.rfind("\n") + 1   # whole lines only
            pos, after = 0, started and not cut   # (buffer[0] is the header of a hand)
            ascii = _c_span is not None and buffer.isascii()   # (isascii: a flag, no scan)
            next_hand = _c_next if ascii else None
            while True:
                if next_hand is not None:
                    at, ends = next_hand(buffer, pos, pos + after, end)
                else:
                    at = _next_header(buffer, pos + after, end)
                    ends = buffer.count("\n", pos, at) if at >= 0 else 0
                if at < 0:
                    break
                if not started:
                    self._garbage(buffer[:at], number, garbage)
                    if garbage[0]:
                        self._error("", garbage[1], "text before the first hand is not a hand")
                    started = True
                elif not cut:
                    if ends < MAX_HAND_LINES or not self._too_many(self._block(buffer, pos, at),
                                                                   number):
                        hand = self._finish_span(buffer, pos, at, number) if ascii else \
                            self._finish(self._block(buffer, pos, at), number)
                        if hand is not None:
                            yield hand
                    number += ends
                    pos, cut, after = at, False, True
                    continue
                number += ends
                pos, cut, after = at, False, True
            if not started:   # no header yet: count what is not blank, drop the rest
                self._garbage(buffer[:end], number, garbage)
                if eof:
                    if garbage[0]:
                        raise ValueError(f"{self.name} is not a PokerStars hand history: no "
                                         "'PokerStars Hand #' header in it")
                    return
            elif eof:
                break
            elif not cut and buffer.count("\n", pos, end) > MAX_HAND_LINES:
                cut = self._too_long(buffer, pos, end, number)
            if cut or not started:   # (the rest of an over-long hand: up to the next header)
                number += buffer.count("\n", pos, end)
                pos = end
            buffer = buffer[pos:]
        if not cut and not self._too_long(buffer, pos, len(buffer), number):
            hand = self._finish(self._block(buffer, pos, len(buffer)), number)
            if hand is not None:
                yield hand

    def _finish_span(self, buffer: str, start: int, stop: int, number: int
                     ) -> HandHistory | None:
        """:meth:`_finish` for the hand at ``buffer[start:stop]`` (an ASCII buffer),
        read by ``_c_span`` where it can (no list of its lines made)."""
        assert _c_span is not None and _c_stars is not None
        got = _c_stars(buffer, start, stop, _HEADERS, _MINUTES, _SECONDS, number, _TABLES,
                       HandHistory, _tabled)
        if got.__class__ is HandHistory:   # (read whole in C, its HandHistory made there)
            self.hands += 1
            return got
        if got is not None:   # (else: a header or minute not cached yet, or Python's hand)
            hand_id, parsed, date, tz, found = got
            try:
                if date.__class__ is str:   # (a minute not cached: _date reads it)
                    date, tz = _date(date)
                hand = _c_history(found, hand_id, number, parsed, date, tz)
            except _Unreadable:   # (a bad date: the Python below words it)
                hand = None
            if hand is not None:
                self.hands += 1
                return hand
        first = buffer.find("\n", start, stop)   # (ASCII: no BOM, so strip is _stripped)
        header = _HEADER.match(buffer[start:stop if first < 0 else first].strip())
        got = _c_header(header["kind"], header["rest"]) if header else None
        hand = _c_history(_c_span(buffer, start, stop, got[0].cash), header["id"], number,
                          *got) if got and header else None
        if hand is None:   # (C tried: Python reads it, or words why not)
            return self._finish(self._block(buffer, start, stop), number, c_tried=True)
        self.hands += 1
        return hand

    def _garbage(self, text: str, number: int, garbage: list[int]) -> None:
        """Count the lines of ``text`` (from line ``number``) that are not blank into
        ``garbage`` (count, first line), as :meth:`_hands` does before a header."""
        for k, line in enumerate(text.split("\n"), number):
            if _stripped(line):
                garbage[0] += 1
                garbage[1] = garbage[1] or k
                if garbage[0] >= SNIFF_LINES:
                    raise ValueError(f"{self.name} is not a PokerStars hand history: no "
                                     f"'PokerStars Hand #' header in its first {SNIFF_LINES} "
                                     "lines")

    @staticmethod
    def _block(buffer: str, start: int, stop: int) -> list[str]:
        """A hand's lines as :meth:`_hands` gathers them: the header stripped, the rest raw."""
        lines = buffer[start:stop].split("\n")
        lines[0] = _stripped(lines[0])
        return lines

    def _too_long(self, buffer: str, start: int, stop: int, number: int) -> bool:
        """True (and the hand reported) when the hand at ``buffer[start:stop]`` has more
        than MAX_HAND_LINES lines that are not blank."""
        if buffer.count("\n", start, stop) < MAX_HAND_LINES:
            return False
        return self._too_many(self._block(buffer, start, stop), number)

    def _too_many(self, lines: list[str], number: int) -> bool:
        """:meth:`_too_long` for a hand's lines (its :meth:`_block`) from line ``number``."""
        if len([1 for line in lines if _stripped(line)]) <= MAX_HAND_LINES:
            return False
        self._error(_HEADER.match(lines[0])["id"], number,   # type: ignore[index]
                    f"more than {MAX_HAND_LINES} lines: not a hand")
        return True

    def _hands(self, lines: Iterator[str]) -> Iterator[HandHistory]:
        # Up to the first header every line is looked at: is this a hand history at all?
        number = nonblank = garbage_at = 0
        for raw in lines:
            number += 1
            line = _stripped(raw)
            if not line:
                continue
            if line.startswith("PokerStars ") and _HEADER.match(line):
                break
            nonblank += 1
            garbage_at = garbage_at or number
            if nonblank >= SNIFF_LINES:
                raise ValueError(f"{self.name} is not a PokerStars hand history: no "
                                 f"'PokerStars Hand #' header in its first {SNIFF_LINES} "
                                 "lines")
        else:
            if garbage_at:
                raise ValueError(f"{self.name} is not a PokerStars hand history: no "
                                 "'PokerStars Hand #' header in it")
            return
        if garbage_at:
            self._error("", garbage_at, "text before the first hand is not a hand")
        # Then the lines of a hand are gathered as they come (stripped, blank ones
        # dropped, once the hand is whole); only a line that may be a header (it
        # starts with "PokerStars " or a space or BOM) is looked at one by one.
        block, start, dropped, cut, limit = [line], number, 0, False, MAX_HAND_LINES
        lead = _LEAD
        for raw in lines:
            if raw.startswith("PokerStars ") or raw[:1] in lead:
                line = _stripped(raw)
                if line.startswith("PokerStars ") and _HEADER.match(line):
                    if not cut:
                        hand = self._finish(block, start)
                        if hand is not None:
                            yield hand
                    start += dropped + len(block)
                    block, dropped, cut, limit = [line], 0, False, MAX_HAND_LINES
                    continue
            block.append(raw)
            if len(block) > limit:   # (blank lines count only here, when it matters)
                if not cut:
                    count = len([1 for text in block if _stripped(text)])
                    if count <= MAX_HAND_LINES:
                        limit = len(block) + MAX_HAND_LINES - count
                        continue
                    self._error(_HEADER.match(block[0])["id"], start,   # type: ignore[index]
                                f"more than {MAX_HAND_LINES} lines: not a hand")
                    cut, limit = True, MAX_HAND_LINES
                dropped += len(block)   # the rest of an over-long block: skip to the next header
                block.clear()
        if not cut:
            hand = self._finish(block, start)
            if hand is not None:
                yield hand

    def _finish(self, block: list[str], start: int, c_tried: bool = False
                ) -> HandHistory | None:
        header = _HEADER.match(block[0])
        assert header is not None
        hand_id = header["id"]
        if _c_hand is not None and not c_tried:
            got = _c_header(header["kind"], header["rest"])
            hand = _c_history(_c_hand(block, got[0].cash), hand_id, start,
                              *got) if got else None
            if hand is not None:
                self.hands += 1
                return hand
        try:
            lines = list(filter(None, map(str.strip, block)))   # (not blank, stripped)
            joined = "".join(lines)
            ascii = joined.isascii()
            if not ascii:
                if _NOT_UTF8.search(joined):
                    raise _Unreadable("bytes that are not UTF-8")
                if "\ufeff" in joined:
                    lines = list(filter(None, map(_stripped, lines)))
            parsed, date, tz = _header(header["kind"], header["rest"])
            if not parsed.hole_count:
                self._skip(parsed.game)
                return None
            hand = _tabled(_HandParser(hand_id, parsed, date, tz, lines, start, ascii).parse())
        except _Unreadable as exc:
            self._error(hand_id, start, str(exc))
            return None
        self.hands += 1
        return hand


def _c_header(kind: str, rest: str) -> tuple[_Header, datetime | None, str] | None:
    """:func:`_header` for an Omaha Hi/Lo hand, or None (for anything else, and for an
    error: then :meth:`PokerStarsReader._finish` reads the hand, or words why not)."""
    try:
        parsed, date, tz = _header(kind, rest)
    except _Unreadable:
        return None
    return (parsed, date, tz) if parsed.hole_count else None


def _c_history(found: tuple[Any, ...] | None, hand_id: str, start: int, parsed: _Header,
               date: datetime | None, tz: str) -> HandHistory | None:
    """The hand of ``_c_hand``'s or ``_c_span``'s answer, or None (no answer, or no
    table line: Python reads the hand, or words why not)."""
    if found is None or parsed.exposed:   # (Courchevel's exposed card: read in Python)
        return None
    table = _TABLES.get(found[0]) or _table(found[0])
    if table is None:
        return None
    # Positional, far faster than 33 keywords, in HandHistory's order of fields
    # (mypy miscounts star arguments here).
    return _tabled(HandHistory(hand_id, *parsed.head, *table,  # type: ignore[call-arg]
                               *found[1:15], date, tz, *parsed.tail, start, found[15]))


def _tabled(hand: HandHistory) -> HandHistory:
    """``hand`` with every partial show (``shows [Qs]`` of four cards; its summary's
    ``mucked [Qs]``) made a muck, as the site settles it: a hand not fully tabled
    forfeits at showdown (its cards leave ``hole_cards`` and ``shown`` for ``mucked``).
    Done on the finished hand, after both the C and the Python read (twins still)."""
    count = hand.hole_count
    holes = hand.hole_cards
    for cards in holes.values():
        if len(cards) < count:
            break
    else:
        return hand
    partial = [name for name, cards in holes.items() if len(cards) < count]
    hand.hole_cards = {name: cards for name, cards in holes.items() if name not in partial}
    hand.shown = tuple([name for name in hand.shown if name not in partial])
    hand.mucked = hand.mucked + tuple([name for name in partial if name not in hand.mucked])
    return hand


def _stripped(raw: str) -> str:
    """A line less its line end, spaces and a byte-order mark (not whitespace) at its start."""
    line = raw.strip()
    if line[:1] == "\ufeff":
        line = line[1:].strip()
    return line


#: A header line in a file's text (as ``_stripped`` then ``_HEADER`` see it: spaces and
#: one BOM before it, something not blank after "#id: ").
_HEADER_LINE = re.compile(
    r"^[^\S\n]*(?:\ufeff[^\S\n]*)?PokerStars (?:Zoom Hand|Hand|Game|Home Game Hand|Home Game) "
    r"#\d+: [^\n]*\S", re.MULTILINE)
_CHUNK = 1 << 16   # characters read at a time from a file
_LINE_LEAD = re.compile(r"[^\S\n]*(?:\ufeff[^\S\n]*)?")   # what may stand before a header


def _next_header(text: str, start: int, end: int) -> int:
    """Where the first header line starting in ``text[start:end]`` starts, or -1
    (a search for "PokerStars ", then the line checked: faster than a regex search)."""
    find = text.find
    at = find("PokerStars ", start, end)
    while at >= 0:
        line = text.rfind("\n", 0, at) + 1
        if line >= start and (line == at or _LINE_LEAD.fullmatch(text, line, at)) and \
                _HEADER_LINE.match(text, line, end):
            return line
        at = find("PokerStars ", at + 1, end)
    return -1

#: The first characters of a line that may be a header once stripped (spaces, a BOM).
_LEAD = frozenset(c for c in map(chr, range(0x3001)) if c.isspace()) | {"\ufeff"}


_SNIFF = re.compile(r"^[^\S\n]*\ufeff?[^\S\n]*PokerStars (?:Zoom Hand|Hand|Game|Home Game Hand|"
                    r"Home Game) #\d+: ", re.MULTILINE)


def sniff(head: str) -> bool:
    """True when ``head`` (the first few KB of a decoded file) holds a PokerStars hand header."""
    return _SNIFF.search(head) is not None


def read_pokerstars(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> PokerStarsReader:
    """The Omaha Hi/Lo hands of a PokerStars hand-history file, one at a time.

    ``source``: a path (``str`` or ``os.PathLike``) or an open file, text or
    binary (``open(path, "rb")``, ``io.BytesIO``, ``gzip.open(path)``: its
    bytes are decoded as a path's are, UTF-8 with any line ends; the file is
    left open). See the module doc for what is read and how unreadable hands
    are reported.
    """
    if isinstance(source, (str, os.PathLike)):
        # UTF-8 (a BOM is dropped by the reader); bytes that are not UTF-8 are kept
        # as surrogates so that only their hand is refused; any line ends.
        stream = open(source, encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
        return PokerStarsReader(stream, os.fspath(source), stream)
    if isinstance(source, (bytes, bytearray)) or not hasattr(source, "read"):
        hint = (" (a history's contents as bytes: parse_pokerstars(data))"
                if isinstance(source, (bytes, bytearray)) else "")
        raise TypeError(f"source must be a path or an open text file, got "
                        f"{_short(source)}{hint}")
    name = getattr(source, "name", "<file>")
    name = name if isinstance(name, str) else os.fsdecode(name) \
        if isinstance(name, bytes) else "<file>"
    if isinstance(source, io.TextIOBase):
        return PokerStarsReader(source, name)
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)):
        return PokerStarsReader(_decoded_file(source), name)
    return PokerStarsReader(_text_lines(source, name), name)


def parse_pokerstars(text: str | bytes) -> PokerStarsReader:
    """The Omaha Hi/Lo hands of a PokerStars hand history given as a string (or
    as ``bytes``, decoded as :func:`read_pokerstars` decodes a file)."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "surrogateescape")
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__} (or bytes, decoded "
                        "as UTF-8)")
    return PokerStarsReader(iter(text.splitlines()), "<text>")


def _short(value: object) -> str:
    """``repr(value)``, cut to a length an error message can carry."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _decoded_file(binary: IO[bytes]) -> Iterator[str]:
    """The lines of an open binary file decoded as read_pokerstars opens a path
    (UTF-8, not-UTF-8 bytes kept as surrogates, universal newlines); the file is
    left open (detached from its decoder when the lines end or are dropped)."""
    text = io.TextIOWrapper(binary, encoding="utf-8",
                            errors="surrogateescape")
    try:
        yield from text
    finally:
        with contextlib.suppress(ValueError):   # (closed by its owner meanwhile)
            text.detach()


def _text_lines(source: Iterable[str | bytes], name: str) -> Iterator[str]:
    """The lines of an open file of no io class: text as it is, bytes decoded as
    :func:`_decoded_file` decodes them (line by line); anything else a TypeError."""
    lines = iter(source)
    for first in lines:
        if isinstance(first, str):
            yield first
            yield from lines   # type: ignore[misc]
        elif isinstance(first, (bytes, bytearray)):
            for line in itertools.chain([first], lines):
                yield bytes(line).decode("utf-8", "surrogateescape")   # type: ignore[arg-type]
        else:
            raise TypeError(f"source must be a path or an open text file: {name} gave "
                            f"{type(first).__name__} lines")
        return
