"""Entraction hand histories (a network closed in 2012).

A hand starts ``Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 -
Table "Portland"``; the lines are columns: ``Ballyhoo (EUR 3,999.25 in seat 1)``,
``Dealer: Ballyhoo``, ``Big Blind: YoOyYo (100.00)``, then one action per line,
``Ballyhoo Raise (150.00)``: every amount is the chips the action *adds* (a
small blind of 50 that raises to 200 says ``Raise (150.00)``). Boards are written
``4h - 7h - 6c``; ``YoOyYo wins: EUR 799.25`` once per half won; ``Rake: EUR 1.50``;
a player who does not show is printed ``didn't show hand (Jd - Qh - 6s - Ac)``.
"""

from __future__ import annotations

import contextlib
import re
from typing import cast

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import (
    BadHand,
    HandBuilder,
    OtherGame,
    TextReader,
    c_loop,
    currency_of,
    money,
    strptime,
)

SITE = "entraction"

_HEADER = re.compile(r"Game # (?P<id>\d+) - (?P<game>.+?) (?P<limit>Fixed Limit|Pot Limit|"
                     r"No Limit) (?P<stakes>(?:[A-Z]{3} )?[\d.,]+/[\d.,]+)(?: - Table "
                     r'"(?P<table>[^"]*)")?')
_GAMES = {"Omaha Hi/Lo": 4, "5 Card Omaha Hi/Lo": 5}
_LIMITS = {"Fixed Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO}
_SEAT = re.compile(r"(?P<name>.+?)\s+\((?P<stack>.+) in seat (?P<seat>\d+)\)")
_GAP = re.compile(r"\s{2,}")   # between the name column and the action column
_ACTION = re.compile(r"(?P<what>[A-Za-z]+(?: [A-Za-z]+)?)(?:\s+\((?P<amount>[^)]*)\))?")
_STREET = re.compile(r"(?P<street>Flop|Turn|River)\s+(?P<cards>.+)")
_SHOWS = re.compile(r"(?P<name>.+?) (?:shows:\s+(?P<shown>.+)|didn't show hand "
                    r"\((?P<hidden>[^)]*)\)|didn't show hand)")
_WINS = re.compile(r"(?P<name>.+?) wins:\s+(?P<amount>.+)")


def _cards(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(" - ") if part.strip())


def sniff(head: str) -> bool:
    """True when ``head`` starts like an Entraction history."""
    return any(_HEADER.match(line.strip().lstrip("\ufeff")) for line in head.splitlines()[:5])


class EntractionReader(TextReader):
    """The Omaha Hi/Lo hands of an Entraction history (see the module doc)."""

    site = SITE
    header_text = 'Game # '
    header_prefixes = ("Game # ",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Game # ")

    def hand_id(self, lines: list[str]) -> str:
        found = _HEADER.match(lines[0])
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start, _HEADER.match(lines[0]))


#: what _loop gives: max_seats, button_name, the "Game ended" texts, blinds and order
_Found = tuple[int | None, str | None, list[str], dict[str, tuple[str, int]], list[str]]


def _parse_hand(lines: list[str], start: int, head: re.Match[str] | None) -> HandHistory:
    b, cash, currency = _begin(lines, start, head)
    found = cast("_Found | None", _c_loop(lines, b, cash) if _c_loop is not None else None)
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash, currency = _begin(lines, start, head)
        found = _loop(lines, b, cash)
    assert head is not None
    max_seats, button_name, ended, blinds, order = found
    date = None
    for text in ended:
        with contextlib.suppress(ValueError):
            date = strptime(text, "%Y-%m-%d %H:%M:%S")
    _post_blinds(b, blinds, order)
    if button_name is None:
        raise BadHand("no dealer line")
    button = next((s.seat for s in b.seats if s.name == button_name), None)
    if button is None:
        raise BadHand(f"the dealer {button_name!r} has no seat")
    low, _, high = head["stakes"].split()[-1].partition("/")
    b.game, b.hole_count = head["game"], _GAMES[head["game"]]
    b.limit, b.stakes = _LIMITS[head["limit"]], (money(low, cash), money(high, cash))
    b.currency, b.table, b.max_seats = currency, head["table"] or "", max_seats
    b.button, b.date = button, date
    return b.finish()


def _begin(lines: list[str], start: int, head: re.Match[str] | None
           ) -> tuple[HandBuilder, bool, str | None]:
    """The builder of a hand with its header read, whether it is cash, and its currency."""
    if head is None:
        if lines[0].startswith("Game # ") and " - " in lines[0]:
            raise OtherGame(lines[0].split(" - ", 2)[1])
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    if head["game"] not in _GAMES:
        raise OtherGame(head["game"])
    currency = currency_of(head["stakes"])
    return HandBuilder(SITE, head["id"], start), currency is not None, currency


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> _Found:
    """The lines after the header, into ``b``: the table's seats (None: not said),
    the dealer's name (None: no dealer line), the date texts of the "Game ended"
    lines, and the blinds not posted yet with their names in order
    (csrc/py/hhsite_entraction.c: its twin)."""
    max_seats: int | None = None
    button_name: str | None = None
    ended: list[str] = []
    blinds: dict[str, tuple[str, int]] = {}
    order: list[str] = []
    for line in lines[1:]:
        if line.startswith("Players(max "):
            max_seats = int(line[len("Players(max "):].rstrip("):"))
            continue
        seat = _SEAT.fullmatch(line) if " in seat " in line else None
        if seat:
            b.seat(int(seat["seat"]), seat["name"], money(seat["stack"], cash))
            continue
        if line.startswith("Dealer:"):
            button_name = line.split(":", 1)[1].strip()
            continue
        if line.startswith(("Big Blind:", "Small Blind:")):
            kind, _, rest = line.partition(":")
            name, _, amount = rest.strip().rpartition("(")
            blinds[name.strip()] = (kind.lower(), money(amount.rstrip(")"), cash))
            order.append(name.strip())
            continue
        if line.startswith("Game ended "):
            ended.append(line[len("Game ended "):][:19])   # (read after the loop)
            continue
        if line.startswith("Rake:"):
            continue
        street = _STREET.fullmatch(line)
        if street:
            if blinds:
                _post_blinds(b, blinds, order)
            b.street_cards(street["street"].lower(), tuple(_cards(street["cards"])))
            continue
        shows = _SHOWS.fullmatch(line) if " show" in line else None
        if shows:
            if shows["shown"]:
                b.show(shows["name"], _cards(shows["shown"]))
            else:
                b.muck(shows["name"], _cards(shows["hidden"] or ""))
            continue
        wins = _WINS.fullmatch(line) if " wins:" in line else None
        if wins:
            b.collect(wins["name"], money(wins["amount"], cash))
            continue
        columns = _GAP.split(line, maxsplit=1)
        act = _ACTION.fullmatch(columns[1]) if len(columns) == 2 else None
        if act is None:
            raise BadHand(f"line not understood: {line[:80]!r}")
        if blinds:   # (posted at the first action)
            _post_blinds(b, blinds, order)
        name, what = columns[0], act["what"]
        chips = money(act["amount"], cash) if act["amount"] else 0
        if what == "Fold":
            b.fold(name)
        elif what == "Check":
            b.check(name)
        elif what in ("Sitout", "Sit out"):
            continue
        elif what == "Call":
            b.call(name, chips)
        elif what == "Bet":
            b.bet_(name, chips)
        elif what == "Raise":
            b.raise_by_added(name, chips)
        elif what in ("Allin", "All-in", "All in"):
            b.wager_added(name, chips)
        elif what in ("Return", "Returned", "Uncalled"):
            b.returns(name, chips)
        else:
            raise BadHand(f"unknown action {what!r}")
    return max_seats, button_name, ended, blinds, order


def _post_blinds(b: HandBuilder, blinds: dict[str, tuple[str, int]], order: list[str]) -> None:
    """Post the blinds (listed big blind first) small blind first, once."""
    if not blinds:
        return
    for name in sorted(order, key=lambda n: blinds[n][0] != "small blind"):
        kind, amount = blinds[name]
        b.post(name, kind, amount)
    blinds.clear()


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_entraction = reader_function(EntractionReader)


def parse_entraction(text: str) -> EntractionReader:
    """The Omaha Hi/Lo hands of an Entraction history given as a string."""
    return EntractionReader(iter(text.splitlines()), "<text>")
