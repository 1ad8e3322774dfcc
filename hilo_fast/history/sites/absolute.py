"""Absolute Poker (and UltimateBet, the same network and format) hand histories.

A hand starts ``Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31
18:23:36.005 (ET) [...]``: ``Normal`` is fixed limit (the stakes are the small and
the big bet), ``Pot Limit`` and ``No Limit`` the others. Players act as ``Name -
Raises $45 to $60``; ``Name Collects $119.25 from main pot``; the summary gives
``Total Pot($120) | Rake ($0.75)``.
"""

from __future__ import annotations

import re
from typing import Any

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import (
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

SITE = "absolute"

_HEADER = re.compile(r"Stage #(?P<id>\d+):\s+(?P<game>.+?)\s+(?P<limit>Normal|Pot Limit|"
                     r"No Limit)\s+(?P<stakes>\S+/\S+)\s+-\s+"
                     r"(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")
_GAME = re.compile(r"(?:(?P<cards>5) Card )?Omaha Hi/Lo(?: \(.*\))?")
_TABLE = re.compile(r"Table: (?P<table>.+?)(?: \((?:Real|Play) Money\))? Seat #(?P<button>\d+) "
                    r"is the dealer")
_SEAT = re.compile(r"Seat (?P<seat>\d+) - (?P<name>.+) \((?P<stack>[^ ]+) in chips\)"
                   r"(?P<out> - sitting out)?")
_DOES = (r" - (?P<what>Posts small blind|Posts big blind|Posts dead blind|Posts|Raises|Calls|Bets|"
         r"Checks|Folds|All-In(?: \(Raise\))?|returned|Shows|Mucks|Does not show)(?P<rest>.*)")
_ACTION = re.compile(r"(?P<name>.+?)" + _DOES)
#: _ACTION for a name without spaces (nearly every line): what _ACTION (a lazy name) reads
#: first, at the first space, without its search for the name's end.
_QUICK = re.compile(r"(?P<name>[^ \n]+)" + _DOES)
_COLLECT = re.compile(r"(?P<name>.+?) Collects (?P<amount>\S+) from (?:main pot|side pot"
                      r"(?: #?(?P<pot>\d+))?)")
_STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)")
_TOTAL = re.compile(r"Total Pot\((?P<total>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?")
_CARDS = re.compile(r"\[([^\]]*)\]")
_AMOUNTS = re.compile(r"[$€£]?[\d,]+(?:\.\d+)?")
_LIMITS = {"Normal": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO}


_ACTS = action_words({"Posts small blind": "small blind", "Posts big blind": "big blind",
                      "Folds": "fold", "Checks": "check", "Calls": "call", "Bets": "bet",
                      "Raises": "raise to", "All-In": "wager", "All-In (Raise)": "wager",
                      "returned": "return"})


def sniff(head: str) -> bool:
    """True when ``head`` starts like an Absolute history."""
    return any(_HEADER.match(line.strip().lstrip("\ufeff")) for line in head.splitlines()[:5])


class AbsoluteReader(TextReader):
    """The Omaha Hi/Lo hands of an Absolute Poker history (see the module doc)."""

    site = SITE
    header_text = 'Stage #'
    header_prefixes = ("Stage #",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Stage #")

    def hand_id(self, lines: list[str]) -> str:
        found = _HEADER.match(lines[0])
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)

def _parse_hand(lines: list[str], start: int) -> HandHistory:
    b, cash, head = _begin(lines, start)
    found: Any = _c_loop(lines, b, cash) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash, head = _begin(lines, start)
        found = _loop(lines, b, cash)
    total, rake = found
    top, game, low, high, table = head
    if total is None:
        raise BadHand("cut short: no 'Total Pot' line in the summary")
    b.date = strptime(top["date"], "%Y-%m-%d %H:%M:%S")
    b.time_zone = "ET"
    b.hole_count = int(game["cards"] or 4)
    b.limit = _LIMITS[top["limit"]]
    b.stakes = (money(low, cash), money(high, cash))
    b.currency = currency_of(top["stakes"])
    b.table, b.button = table["table"], int(table["button"])
    return b.finish(total_pot=total, rake=rake)


def _begin(lines: list[str], start: int) -> tuple[HandBuilder, bool, tuple[Any, ...]]:
    """The builder of a hand with its header and table line read, whether it is
    cash, and what the end of the hand needs of them."""
    head = _HEADER.match(lines[0])
    if head is None:
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    game = _GAME.fullmatch(head["game"])
    if game is None:
        raise OtherGame(head["game"])
    cash = currency_of(head["stakes"]) is not None
    low, _, high = head["stakes"].partition("/")
    table = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise BadHand("no table line")
    b = HandBuilder(SITE, head["id"], start)
    return b, cash, (head, game, low, high, table)


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> tuple[int | None, int | None]:
    """The lines after the table line, into ``b``: the total pot and rake of the
    summary (None: not read) (csrc/py/hhsite_absolute.c: its twin)."""
    total: int | None = None
    rake: int | None = None
    section = "seats"
    for line in lines[2:]:
        if section == "seats":
            seat = _SEAT.fullmatch(line)
            if seat:
                b.seat(int(seat["seat"]), seat["name"], money(seat["stack"], cash),
                       bool(seat["out"]))
                continue
            section = "hand"
        if line.startswith("*** SUMMARY"):
            section = "summary"
            continue
        if section == "summary":
            found = _TOTAL.match(line)
            if found:
                total = money(found["total"], cash)
                rake = money(found["rake"], cash) if found["rake"] else 0
            continue
        if line.startswith("***"):
            street = _STREET.match(line)
            if street:
                groups = _CARDS.findall(street["cards"])
                cards = groups[-1].split() if groups else []
                b.street_cards(street["street"].lower(), tuple(cards))
            continue
        if line.startswith("Dealt to "):
            name, _, rest = line[len("Dealt to "):].partition(" [")
            b.hero = name
            b.holes[name] = tuple(rest.rstrip("]").split())
            continue
        collect = _COLLECT.match(line) if " Collects " in line else None
        if collect:
            b.collect(collect["name"], money(collect["amount"], cash),
                      int(collect["pot"] or 0))
            continue
        act = _QUICK.match(line) or _ACTION.match(line)
        if act is None:
            raise BadHand(f"line not understood: {line[:80]!r}")
        _action(b, act["name"], act["what"], act["rest"].strip(), cash)
    return total, rake


def _action(b: HandBuilder, name: str, what: str, rest: str, cash: bool) -> None:
    if what == "Folds":
        b.fold(name)
        return
    if what == "Checks":
        b.check(name)
        return
    amounts = _AMOUNTS.findall(rest)
    act = _ACTS.get(what)
    if act is not None:   # (a raise says "by X to Y": the last amount is its total)
        act(b, name, 0 if what in ("Folds", "Checks") else
            money(amounts[-1 if what == "Raises" else 0], cash))
    elif what in ("Posts dead blind", "Posts"):
        b.post(name, "small & big blinds" if len(amounts) > 1 else "big blind",
               sum(money(a, cash) for a in amounts))
    elif what == "Shows":
        b.show(name, tuple(_CARDS.findall(rest)[0].split()))
    elif what == "Mucks":
        b.muck(name)


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)


read_absolute = reader_function(AbsoluteReader)


def parse_absolute(text: str) -> AbsoluteReader:
    """The Omaha Hi/Lo hands of an Absolute history given as a string."""
    return AbsoluteReader(iter(text.splitlines()), "<text>")
