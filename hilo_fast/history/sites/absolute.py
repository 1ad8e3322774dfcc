"""Absolute Poker (and UltimateBet, the same network and format) hand histories.

A hand starts ``Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31
18:23:36.005 (ET) [...]``: ``Normal`` is fixed limit (the stakes are the small and
the big bet), ``Pot Limit`` and ``No Limit`` the others. Players act as ``Name -
Raises $45 to $60``; ``Name Collects $119.25 from main pot``; the summary gives
``Total Pot($120) | Rake ($0.75)``.
"""

from __future__ import annotations

import re
from datetime import datetime

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import Block, reader_function
from ._builder import BuildError, HandBuilder, currency_of, money
from ._text import OtherGame, TextSiteReader

SITE = "Absolute"

_HEADER = re.compile(r"Stage #(?P<id>\d+):\s+(?P<game>.+?)\s+(?P<limit>Normal|Pot Limit|"
                     r"No Limit)\s+(?P<stakes>\S+/\S+)\s+-\s+"
                     r"(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")
_GAME = re.compile(r"(?:(?P<cards>5) Card )?Omaha Hi/Lo(?: \(.*\))?")
_TABLE = re.compile(r"Table: (?P<table>.+?)(?: \((?:Real|Play) Money\))? Seat #(?P<button>\d+) "
                    r"is the dealer")
_SEAT = re.compile(r"Seat (?P<seat>\d+) - (?P<name>.+) \((?P<stack>[^ ]+) in chips\)"
                   r"(?P<out> - sitting out)?")
_ACTION = re.compile(r"(?P<name>.+?) - (?P<what>Posts small blind|Posts big blind|Posts dead "
                     r"blind|Posts|Raises|Calls|Bets|Checks|Folds|All-In(?: \(Raise\))?|"
                     r"returned|Shows|Mucks|Does not show)(?P<rest>.*)")
_COLLECT = re.compile(r"(?P<name>.+?) Collects (?P<amount>\S+) from (?:main pot|side pot"
                      r"(?: #?(?P<pot>\d+))?)")
_STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)")
_TOTAL = re.compile(r"Total Pot\((?P<total>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?")
_CARDS = re.compile(r"\[([^\]]*)\]")
_LIMITS = {"Normal": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO}


def sniff(head: str) -> bool:
    """True when ``head`` starts like an Absolute history."""
    return any(_HEADER.match(line.strip().lstrip("\ufeff")) for line in head.splitlines()[:5])


class AbsoluteReader(TextSiteReader):
    """The Omaha Hi/Lo hands of an Absolute Poker history (see the module doc)."""

    site = SITE

    @staticmethod
    def is_header(line: str) -> bool:
        return line.startswith("Stage #")

    @staticmethod
    def hand_id(header: str) -> str:
        found = _HEADER.match(header)
        return found["id"] if found else ""

    def parse(self, block: Block) -> HandHistory:
        lines = block.lines
        head = _HEADER.match(lines[0])
        if head is None:
            raise BuildError(f"not a hand header: {lines[0][:80]!r}")
        game = _GAME.fullmatch(head["game"])
        if game is None:
            raise OtherGame(head["game"])
        cash = currency_of(head["stakes"]) is not None
        low, _, high = head["stakes"].partition("/")
        table = _TABLE.match(lines[1]) if len(lines) > 1 else None
        if table is None:
            raise BuildError("no table line")
        b = HandBuilder()
        total = rake = None
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
                    b.new_street(street["street"].lower(), cards)
                continue
            if line.startswith("Dealt to "):
                name, _, rest = line[len("Dealt to "):].partition(" [")
                b.hero = name
                b.holes[name] = tuple(rest.rstrip("]").split())
                continue
            collect = _COLLECT.match(line)
            if collect:
                b.collect(collect["name"], money(collect["amount"], cash),
                          int(collect["pot"] or 0))
                continue
            act = _ACTION.match(line)
            if act is None:
                raise BuildError(f"line not understood: {line[:80]!r}")
            self._action(b, act["name"], act["what"], act["rest"].strip(), cash)
        if total is None:
            raise BuildError("cut short: no 'Total Pot' line in the summary")
        date = datetime.strptime(head["date"], "%Y-%m-%d %H:%M:%S")
        limit = _LIMITS[head["limit"]]
        return b.build(
            total_pot=total, rake=rake, hand_id=head["id"], site=SITE, game="Omaha Hi/Lo",
            hole_count=int(game["cards"] or 4), limit=limit,
            stakes=(money(low, cash), money(high, cash)), currency=currency_of(head["stakes"]),
            table=table["table"], max_seats=None, button=int(table["button"]), date=date,
            time_zone="ET", line=block.start)

    @staticmethod
    def _action(b: HandBuilder, name: str, what: str, rest: str, cash: bool) -> None:
        amounts = re.findall(r"[$€£]?[\d,]+(?:\.\d+)?", rest)
        if what == "Posts small blind":
            b.post(name, "small blind", money(amounts[0], cash))
        elif what == "Posts big blind":
            b.post(name, "big blind", money(amounts[0], cash))
        elif what in ("Posts dead blind", "Posts"):
            b.post(name, "small & big blinds" if len(amounts) > 1 else "big blind",
                   sum(money(a, cash) for a in amounts))
        elif what == "Folds":
            b.fold(name)
        elif what == "Checks":
            b.check(name)
        elif what == "Calls":
            b.call(name, money(amounts[0], cash))
        elif what == "Bets":
            b.bet_chips(name, money(amounts[0], cash))
        elif what == "Raises":
            b.raise_to(name, money(amounts[-1], cash))
        elif what.startswith("All-In"):
            b.put_in(name, money(amounts[0], cash)) if "Raise" in what or b.current == 0 \
                else b.call(name, money(amounts[0], cash))
        elif what == "returned":
            b.returned(name, money(amounts[0], cash))
        elif what == "Shows":
            b.show(name, tuple(_CARDS.findall(rest)[0].split()))
        elif what in ("Mucks", "Does not show"):
            b.mucked.append(name) if what == "Mucks" else None


read_absolute = reader_function(AbsoluteReader)


def parse_absolute(text: str) -> AbsoluteReader:
    """The Omaha Hi/Lo hands of an Absolute history given as a string."""
    return AbsoluteReader(iter(text.splitlines()), "<text>")
