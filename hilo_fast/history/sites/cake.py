"""Cake Poker network hand histories.

A hand starts ``Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 --
CASH -- $5 + $0.25 -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 -
10:38:40``: the ``--`` fields are the name, the kind, the buy-in, the table size,
the table, ``ANTE/SB/BB LIMIT GAME`` and the date. A ``T<digits>`` in the name is a
tournament (amounts in chips). Cards are written ``[5s,3c,4s,5c]``; a raise says
its total (``raises to 60``); winners ``Player0 wins high pot 327 with ...`` /
``wins low pot``; an uncalled bet ``returns uncalled bet 10``. No total pot or
rake line: the total is what was put in, the rake what was not paid out.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import (
    POSTS_AND_BETS,
    BadHand,
    HandBuilder,
    OtherGame,
    TextReader,
    action_words,
    c_loop,
    currency_of,
    money,
    strptime,
)

SITE = "cake"

_HEADER = re.compile(r"Hand#(?P<id>[0-9A-F]+) - (?P<rest>.*)")
_STAKES = re.compile(r"(?P<ante>[^/ ]+)/(?P<sb>[^/ ]+)/(?P<bb>[^/ ]+) (?P<limit>PL|NL|FL|L) "
                     r"(?P<game>\S+)")
_TOURNAMENT = re.compile(r"\bT(?P<tid>\d+)\b")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^ ]+) in chips\)"
                   r"(?P<out> is sitting out)?")
_ACTION = re.compile(r"(?P<name>.+?): (?P<what>posts small blind|posts big blind|posts ante|"
                     r"posts dead blind|posts|raises to|calls|bets|checks|folds|returns "
                     r"uncalled bet|shows|mucks|is all in)(?P<rest>.*)")
_WINS = re.compile(r"(?P<name>.+?) wins (?:(?P<half>high|low) )?(?:main |side )?pot "
                   r"(?P<amount>[^ ]+)")
_STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]")
_GAMES = {"OmahaHiLo": 4, "OmahaHiLo5": 5, "5CardOmahaHiLo": 5}
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED, "L": Limit.FIXED}


_ACTS = action_words({**POSTS_AND_BETS, "raises to": "raise to", "is all in": "wager",
                      "returns uncalled bet": "return"})


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text.replace(",", " ").split())


def sniff(head: str) -> bool:
    """True when ``head`` starts like a Cake history."""
    return any(_HEADER.match(line.strip().lstrip("\ufeff")) and " -- " in line
               for line in head.splitlines()[:5])


class CakeReader(TextReader):
    """The Omaha Hi/Lo hands of a Cake history (see the module doc)."""

    site = SITE
    header_text = 'Hand#'
    header_prefixes = ("Hand#",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Hand#")

    def hand_id(self, lines: list[str]) -> str:
        header = lines[0]
        found = _HEADER.match(header)
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)


def _parse_hand(lines: list[str], start: int) -> HandHistory:
    b, cash, head = _begin(lines, start)
    found = _c_loop(lines, b, cash) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash, head = _begin(lines, start)
        _loop(lines, b, cash)
    stakes, fields, tournament, table, max_seats, button, date = head
    ante = money(stakes["ante"], cash)
    b.hole_count, b.limit = _GAMES[stakes["game"]], _LIMITS[stakes["limit"]]
    b.stakes = (money(stakes["sb"], cash), money(stakes["bb"], cash))
    b.currency = currency_of(stakes["bb"]) if cash else None
    b.table, b.max_seats, b.button, b.date = table, max_seats, button, date
    if tournament:
        b.tournament_id = tournament["tid"]
        b.buy_in = fields[2] if len(fields) > 2 else None
    if ante:
        b.level = f"ante {ante}"
    return b.finish()


def _begin(lines: list[str], start: int) -> tuple[HandBuilder, bool, tuple[Any, ...]]:
    """The builder of a hand with its header and dealer line read, whether it is
    cash, and what the end of the hand needs of the header."""
    head = _HEADER.match(lines[0])
    if head is None:
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    fields = [part.strip() for part in head["rest"].split(" -- ")]
    stakes = next((m for f in fields if (m := _STAKES.fullmatch(f))), None)
    if stakes is None:
        raise BadHand("no stakes field in the header")
    if stakes["game"] not in _GAMES:
        raise OtherGame(stakes["game"])
    tournament = _TOURNAMENT.search(fields[0])
    cash = tournament is None and currency_of(stakes["sb"] + stakes["bb"]) is not None
    max_seats = next((int(f.split()[0]) for f in fields if f.endswith(" Max")), None)
    table = next((f for f in fields if f.startswith("Table ")), "")
    date = None
    with contextlib.suppress(ValueError):
        date = strptime(fields[-1], "%Y/%m/%d - %H:%M:%S")
    if len(lines) < 2 or not lines[1].startswith("Dealer: Seat "):
        raise BadHand("no dealer line")
    button = int(lines[1].rsplit(" ", 1)[1])
    b = HandBuilder(SITE, head["id"], start)
    return b, cash, (stakes, fields, tournament, table, max_seats, button, date)


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> bool:
    """The lines after the dealer line, into ``b`` (csrc/py/hhsite_cake.c: its twin;
    True, as the twin answers)."""
    seating = True
    for line in lines[2:]:
        if seating:
            seat = _SEAT.fullmatch(line)
            if seat:
                b.seat(int(seat["seat"]), seat["name"], money(seat["stack"], cash),
                       bool(seat["out"]))
                continue
            seating = False
        if line.startswith("***"):
            street = _STREET.match(line)
            if street:
                b.street_cards(street["street"].lower(), tuple(_cards(street["cards"])))
            continue
        if line.startswith("Dealt to "):
            name, _, rest = line[len("Dealt to "):].partition(" [")
            b.hero = name
            b.holes[name] = _cards(rest.rstrip("]"))
            continue
        if line == "There is no low hand":
            continue
        wins = _WINS.match(line) if " wins " in line else None
        if wins:
            b.collect(wins["name"], money(wins["amount"], cash))
            continue
        act = _ACTION.match(line)
        if act is None:
            raise BadHand(f"line not understood: {line[:80]!r}")
        _action(b, act["name"], act["what"], act["rest"].strip(), cash)
    return True


def _action(b: HandBuilder, name: str, what: str, rest: str, cash: bool) -> None:
    first = rest.split()[0] if rest else ""
    amount = money(first, cash) if first[:1].isdigit() or first[:1] in ("$", "€", "£") \
        else 0
    act = _ACTS.get(what)
    if act is not None:
        act(b, name, amount)
    elif what == "shows":
        b.show(name, _cards(rest.partition("[")[2].partition("]")[0]))
    elif what == "mucks":
        b.muck(name)


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_cake = reader_function(CakeReader)


def parse_cake(text: str) -> CakeReader:
    """The Omaha Hi/Lo hands of a Cake history given as a string."""
    return CakeReader(iter(text.splitlines()), "<text>")
