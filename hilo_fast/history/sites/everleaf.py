"""Everleaf Gaming hand histories (a network closed in 2011).

A hand starts ``Everleaf Gaming Game #149107406``, then ``***** Hand history for game
#... *****``, ``Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19``, ``Table
NAME``, ``Seat 5 is the button``, the seats ``Seat 5: Villain (  $ 10 USD )``.
Amounts are written ``[$ 0.05 USD]``; a raise says the chips it adds (``raises [$
0.20 USD]``: the big blind of 0.10 raises to 0.30); winners ``Villain wins  high ($
1.71 USD) from main pot``, ``wins  low ($0.09)``, or ``wins $ 0.19 USD`` for a
whole pot. No total pot or rake line: the total is what was put in, the rake
what was not paid out.
"""

from __future__ import annotations

import re
from typing import cast

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

SITE = "everleaf"

_HEADER = re.compile(r"Everleaf Gaming Game #(?P<id>\d+)")
_GAME = re.compile(r"Blinds (?P<sb>[^/ ]+)/(?P<bb>\S+) (?P<limit>PL|NL|FL|L|Pot Limit|No "
                   r"Limit|Fixed Limit|Limit)? ?(?P<game>.+?) - (?P<date>\d{4}/\d\d/\d\d - "
                   r"\d\d:\d\d:\d\d)")
_GAMES = {"Omaha Hi/Lo": 4, "5 Card Omaha Hi/Lo": 5}
_LIMITS = {"PL": Limit.POT, "Pot Limit": Limit.POT, "NL": Limit.NO, "No Limit": Limit.NO,
           "FL": Limit.FIXED, "L": Limit.FIXED, "Fixed Limit": Limit.FIXED,
           "Limit": Limit.FIXED, None: Limit.FIXED}
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>.+?)\s*\)"
                   r"(?P<out> is sitting out)?")
_AMOUNT = r"\[?\(?\s*(?P<amount>[$€£]?\s*[\d,]+(?:\.\d+)?(?: [A-Z]{3})?)\s*\)?\]?"
_ACTION = re.compile(r"(?P<name>.+?):? (?P<what>posts small blind|posts big blind|posts ante|"
                     r"posts dead blind|posts|calls|bets|raises|checks|folds|is all-in|"
                     r"goes all-in)\s*(?:" + _AMOUNT + r")?.*")
_STREET = re.compile(r"\*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]")
_WINS = re.compile(r"(?P<name>.+?) wins\s+(?:(?P<half>high|low)\s+)?" + _AMOUNT +
                   r" from (?:main pot|side pot(?: (?P<pot>\d+))?).*")
_SHOWS = re.compile(r"(?P<name>.+?) shows \[(?P<cards>[^\]]*)\].*")
_MUCKS = re.compile(r"(?P<name>.+?) (?:does not show cards|mucks.*)")
_NOISE = re.compile(r".+ (?:has disconnected.*|has reconnected.*|"
                    r"is sitting out|has joined the table|has left the table|"
                    r"timed out.*|sits out|returns to the table)")


# ("is all-in", "goes all-in": a call, bet or raise as the bets make it)
_ACTS = action_words({**POSTS_AND_BETS, "raises": "raise by added", "is all-in": "wager",
                      "goes all-in": "wager"})


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text.replace(",", " ").split())


def sniff(head: str) -> bool:
    """True when ``head`` starts like an Everleaf history."""
    return any(_HEADER.match(line.strip().lstrip("\ufeff")) for line in head.splitlines()[:5])


class EverleafReader(TextReader):
    """The Omaha Hi/Lo hands of an Everleaf history (see the module doc)."""

    site = SITE
    header_text = 'Everleaf Gaming Game #'
    header_prefixes = ("Everleaf Gaming Game #",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Everleaf Gaming Game #")

    def hand_id(self, lines: list[str]) -> str:
        header = lines[0]
        found = _HEADER.match(header)
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        head = _HEADER.match(lines[0])
        game = next((m for line in lines[1:4] if (m := _GAME.match(line))), None)
        b, cash, currency = _begin(start, head, game)
        found = cast("tuple[str, int] | None",
                     _c_loop(lines, b, cash) if _c_loop is not None else None)
        if found is None:
            if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
                b, cash, currency = _begin(start, head, game)
            found = _loop(lines, b, cash)
        assert game is not None
        table, button = found
        date = strptime(game["date"], "%Y/%m/%d - %H:%M:%S")
        sb, bb = money(game["sb"], cash), money(game["bb"], cash)
        limit = _LIMITS[game["limit"]]
        b.game, b.hole_count, b.limit = game["game"], _GAMES[game["game"]], limit
        b.stakes = (bb, 2 * bb) if limit == Limit.FIXED else (sb, bb)
        b.currency, b.table, b.max_seats, b.button, b.date = (currency, table, None,
                                                              button, date)
        return b.finish()


def _begin(start: int, head: re.Match[str] | None, game: re.Match[str] | None
           ) -> tuple[HandBuilder, bool, str | None]:
    """The builder of a hand, whether it is cash, and its currency."""
    if head is None or game is None:
        raise BadHand("no game line")
    if game["game"] not in _GAMES:
        raise OtherGame(game["game"])
    currency = currency_of(game["bb"])
    return HandBuilder(SITE, head["id"], start), currency is not None, currency


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> tuple[str, int]:
    """The lines after the header, into ``b``: the table's name and the button's
    seat (csrc/py/hhsite_everleaf.c: its twin)."""
    table, button = "", 0
    for line in lines[1:]:
        if line.startswith(("*****", "Blinds ", "Total number of players")):
            continue
        if line.startswith("Table "):
            table = line[len("Table "):].strip()
            continue
        if line.startswith("Seat ") and line.endswith(" is the button"):
            button = int(line.split()[1])
            continue
        # (each pattern tried only on a line starting or holding the words it needs)
        seat = _SEAT.fullmatch(line) if line.startswith("Seat ") else None
        if seat:
            b.seat(int(seat["seat"]), seat["name"], money(seat["stack"], cash),
                   bool(seat["out"]))
            continue
        if line.startswith("** Dealing down cards"):
            continue
        street = _STREET.fullmatch(line) if line.startswith("** Dealing ") else None
        if street:
            b.street_cards(street["street"].lower(), tuple(_cards(street["cards"])))
            continue
        if line.startswith("Dealt to "):
            name, _, rest = line[len("Dealt to "):].partition(" [")
            b.hero = name
            b.holes[name] = _cards(rest.rstrip("]"))
            continue
        wins = _WINS.fullmatch(line) if " wins" in line else None
        if wins:
            b.collect(wins["name"], money(wins["amount"], cash), int(wins["pot"] or 0))
            continue
        shows = _SHOWS.fullmatch(line) if " shows [" in line else None
        if shows:
            b.show(shows["name"], _cards(shows["cards"]))
            continue
        mucks = _MUCKS.fullmatch(line) if " mucks" in line or " does not show cards" in line \
            else None
        if mucks:
            b.muck(mucks["name"])
            continue
        if _NOISE.fullmatch(line):
            continue
        act = _ACTION.fullmatch(line)
        if act is None:
            raise BadHand(f"line not understood: {line[:80]!r}")
        name, what = act["name"], act["what"]
        chips = money(act["amount"], cash) if act["amount"] else 0
        _ACTS[what](b, name, chips)
    return table, button


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_everleaf = reader_function(EverleafReader)


def parse_everleaf(text: str) -> EverleafReader:
    """The Omaha Hi/Lo hands of an Everleaf history given as a string."""
    return EverleafReader(iter(text.splitlines()), "<text>")
