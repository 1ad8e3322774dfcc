"""Read Winamax hand histories: every Omaha Hi/Lo hand as a :class:`HandHistory`.

The format (UTF-8, PokerStars-like words)::

    Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha Hi/Lo pot limit
        (1€/2€) - 2016/11/11 14:30:00 UTC     (one line)
    Table: 'Name' 6-max (real money) Seat #1 is the button
    Seat 1: ann (138.36€)
    *** ANTE/BLINDS ***   posts small blind 1€ / posts big blind 2€ / posts ante 5
    *** PRE-FLOP ***      calls 1€ / raises 4€ to 6€ / bets 3.30€ / ... and is all-in
    *** FLOP *** [Ac 5s 4h]   *** TURN *** [Ac 5s 4h][5d]   *** RIVER *** [...][Qc]
    *** SHOW DOWN ***     shows [..] (...) / collected 4.96€ from pot(HI) | main pot | side pot 1
    *** SUMMARY ***       Total pot 9.91€ | Rake 0.69€

What the files show: ``Total pot`` is the pot *after* rake (collected add up
to it); a bet nobody called is not returned in a line but paid back as a
"side pot" its bettor alone "collected": the reader makes it the return it is.
Tournaments (``Tournament "name" buyIn: ... level: N``) count chips.
"""

from __future__ import annotations

import re
from datetime import datetime

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, cards, date_of, money

__all__ = ["SITE", "WinamaxReader", "parse_winamax", "read_winamax", "sniff"]

SITE = "winamax"

_HEADER = re.compile(r"Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[\d-]+) - "
                     r"(?P<game>.*?) \((?P<stakes>[^()]*)\) - (?P<date>[\d/]+ [\d:]+)"
                     r"(?: (?P<tz>\w+))?")
_GAME = re.compile(r"(?P<cards>[56] Card )?Omaha(?: Hi/Lo|8) (?P<limit>pot limit|no limit|"
                   r"fixed limit|limit)$", re.IGNORECASE)
_LIMITS = {"pot limit": Limit.POT, "no limit": Limit.NO, "fixed limit": Limit.FIXED,
           "limit": Limit.FIXED}
_TOURNAMENT = re.compile(r'Tournament "(?P<name>.*)" buyIn: (?P<buyin>.*?)(?: level: '
                         r"(?P<level>\d+))?$")
_TABLE = re.compile(r"Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?.*?Seat #(?P<button>\d+) "
                    r"is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>[^()]*)\)(?P<rest>.*)")
_ACTION = re.compile(
    r"(?P<name>.+?) (?:(?P<post>posts (?:small blind|big blind|ante)) (?P<pamount>\S+)"
    r"(?P<dead> out of position)?|(?P<kind>calls|bets) (?P<amount>\S+)|raises (?P<by>\S+) to "
    r"(?P<to>\S+)|(?P<simple>folds|checks))(?P<allin> and is all-in)?$")
_STREET = re.compile(r"\*\*\* (?P<name>[A-Z/ -]+?) \*\*\*(?P<cards>.*)")
_SHOWS = re.compile(r"(?P<name>.+?) (?P<what>shows|mucks) \[(?P<cards>[^\]]*)\]")
_COLLECTED = re.compile(r"(?P<name>.+) collected (?P<amount>\S+) from (?P<pot>pot(?:\((?:HI|LO)\))?"
                        r"|main pot|side pot(?: (?P<n>\d+))?)")
_TOTAL = re.compile(r"Total pot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))?")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r".+? (?:said, .*|joined the game.*|will be allowed to play.*|sits out"
                    r"|is sitting out|has returned|is disconnected|is connected|leaves.*"
                    r"|doesn't show|does not show.*)$")
_STREETS = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_PLAIN_DATE = re.compile(r"(\d{4})/(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d)")

_BRACKETS = re.compile(r"\[([^\]]*)\]")   # (the cards of a street line)


def sniff(head: str) -> bool:
    """True when ``head`` starts a Winamax hand history."""
    return "Winamax Poker - " in head and _HEADER.search(head) is not None


class WinamaxReader(TextReader):
    """The Omaha Hi/Lo hands of a Winamax history, one at a time (see the module doc)."""

    site = SITE
    header_text = "Winamax Poker - "
    header_prefixes = ("Winamax Poker - ",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Winamax Poker - ")

    def hand_id(self, lines: list[str]) -> str:
        found = _HEADER.match(lines[0])
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start, _HEADER.match(lines[0]))


def _date(text: str) -> datetime | None:
    """date_of(text), the plain form read without its general search."""
    plain = _PLAIN_DATE.fullmatch(text)
    if plain is None:
        return date_of(text)
    year, month, day, hour, minute, second = map(int, plain.groups())
    try:
        return datetime(year, month, day, hour, minute, second)
    except ValueError:
        return None


def _parse_hand(lines: list[str], start: int, head: re.Match[str] | None) -> HandHistory:
    b, cash = _begin(lines, start, head)
    found = _c_loop(lines, b, cash) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash = _begin(lines, start, head)
        found = _loop(lines, b, cash)
    section, total, rake, side_collections = found
    if section != "summary" or total < 0:
        raise BadHand("cut short: no summary")
    for pot, name, amount in side_collections:
        b.collect(name, amount, pot)
    # A bet nobody called comes back as a side pot its bettor alone "collects".
    return b.finish(total_pot=b.absorb_uncalled(total + rake), rake=rake)


def _begin(lines: list[str], start: int, head: re.Match[str] | None
           ) -> tuple[HandBuilder, bool]:
    """The builder of a hand with its header and table line read, and whether it is cash."""
    if head is None:
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    game = _GAME.match(head["game"])
    if game is None:
        raise OtherGame(head["game"])
    b = HandBuilder(SITE, head["id"], start)
    b.game = head["game"]
    b.hole_count = 5 if game["cards"] else 4
    b.limit = _LIMITS[game["limit"].lower()]
    tournament = _TOURNAMENT.match(head["kind"])
    cash = tournament is None
    if tournament is not None:
        b.tournament_id, b.buy_in, b.level = tournament["name"], tournament["buyin"], \
            tournament["level"]
    stakes = head["stakes"].split("/")
    if len(stakes) < 2:
        raise BadHand(f"no stakes in {head['stakes']!r}")
    b.stakes = (money(stakes[-2], cash), money(stakes[-1], cash))
    if cash:
        b.currency = "EUR" if "€" in head["stakes"] else "USD" if "$" in head["stakes"] else None
    b.date = _date(head["date"])
    b.time_zone = head["tz"] or ""
    if len(lines) < 2 or (table := _TABLE.match(lines[1])) is None:
        raise BadHand("cut short: no table line")
    b.table, b.button = table["table"], int(table["button"])
    b.max_seats = int(table["max"]) if table["max"] else None
    return b, cash


def _loop(lines: list[str], b: HandBuilder, cash: bool
          ) -> tuple[str, int, int, list[tuple[int, str, int]]]:
    """The lines after the table line, into ``b``: the section reached, the total
    pot and rake (-1: none read) and the side pots' collections (csrc/py/hhsite_winamax.c:
    its twin)."""
    section = "seats"
    total = rake = -1
    side_collections: list[tuple[int, str, int]] = []
    for line in lines[2:]:
        if line.startswith("*** "):
            street = _STREET.match(line)
            if street is None:
                raise BadHand(f"not a street line: {line[:80]!r}")
            name = street["name"]
            if name in _STREETS:
                new = _BRACKETS.findall(street["cards"])
                if not new:
                    raise BadHand(f"no cards on the {name.lower()}")
                b.new_street(_STREETS[name], cards(new[-1]))
                section = "play"
            elif name == "SUMMARY":
                section = "summary"
            elif name in ("ANTE/BLINDS", "PRE-FLOP", "PRE FLOP"):
                section = "play"
            elif name == "SHOW DOWN":
                section = "showdown"
            else:
                raise OtherGame(f"{b.game} ({name.lower()})")
            continue
        if section == "seats":
            seat = _SEAT.match(line)
            if seat is None:
                raise BadHand(f"not a seat line: {line[:80]!r}")
            b.seat(int(seat["seat"]), seat["name"], money(seat["chips"], cash),
                   "out" in seat["rest"])
        elif section == "summary":
            if line.startswith("Total pot ") and (found := _TOTAL.match(line)) is not None:
                total = money(found["total"], cash)
                rake = money(found["rake"], cash) if found["rake"] else 0
        elif (action := _ACTION.match(line)) is not None:
            who, post, simple, kind = action.group("name", "post", "simple", "kind")
            if post:
                kind = post[6:]
                b.post(who, "ante" if kind == "ante" else kind, money(action["pamount"], cash))
            elif simple:
                (b.fold if simple == "folds" else b.check)(who)
            elif kind == "calls":
                b.call(who, money(action["amount"], cash))
            elif kind == "bets":
                b.bet_(who, money(action["amount"], cash))
            else:
                b.raise_to(who, money(action["to"], cash))
            if action["allin"] and not b.actions[-1].all_in and not post:
                raise BadHand(f"{who} is all-in with chips behind")
        # (each pattern tried only on a line starting or holding the words it needs)
        elif line.startswith("Dealt to ") and (dealt := _DEALT.match(line)) is not None:
            b.hero = dealt["name"]
            b.holes[dealt["name"]] = cards(dealt["cards"])
        elif (" shows [" in line or " mucks [" in line) and \
                (shows := _SHOWS.match(line)) is not None:
            hole = cards(shows["cards"])
            if shows["what"] == "shows":
                b.show(shows["name"], hole)
            else:
                b.muck(shows["name"], hole)
        elif " collected " in line and (collected := _COLLECTED.match(line)) is not None:
            pot = int(collected["n"] or 1) if collected["pot"].startswith("side") else 0
            side_collections.append((pot, collected["name"], money(collected["amount"], cash)))
        elif _NOISE.match(line) is None:
            raise BadHand(f"a line not understood: {line[:80]!r}")
    return section, total, rake, side_collections


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_winamax = reader_function(WinamaxReader)


def parse_winamax(text: str) -> WinamaxReader:
    """The Omaha Hi/Lo hands of a Winamax history given as a string."""
    return WinamaxReader(iter(text.splitlines()), "<text>")
