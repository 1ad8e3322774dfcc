"""OnGame network hand histories (bwin, PartyPoker's later OnGame skins).

A hand runs from ``***** History for hand R5-174523451-25 *****`` to ``***** End of
hand ... *****``: ``Start hand: Sun Sep 11 17:58:25 EEST 2011``, ``Table: Setif
[174523451] (POT_LIMIT OMAHA_HI_LO $0.50/$0.50, Real money)``, ``Button: seat 8``,
the seats ``Seat 1: Player2 ($64.95)``. A raise says its total last (``raises
$2.50 to $2.50``; the first amount is not the increment at every stake), a call
the chips it adds. At stakes whose two blinds are equal both blinds are written
``posts big blind``: the first is the small blind. The summary lists each pot
with its winners and what they took: ``Main pot: $6 won by Player1 ($5.70)``
(``Side pot 1: ...``), then ``Rake taken: $0.30``.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import NamedTuple

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import (
    BUILDER_ACTIONS,
    POSTS_AND_BETS,
    BadHand,
    HandBuilder,
    OtherGame,
    TextReader,
    c_loop,
    currency_of,
    money,
    strptime,
)

SITE = "ongame"

_HEADER = re.compile(r"\*\*\*\*\* History for hand (?P<id>\S+) \*\*\*\*\*")
_TABLE = re.compile(r"Table: (?P<table>.+?) \[\d+\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z_0-9]+) "
                    r"(?P<sb>[^/ ]+)/(?P<bb>[^,]+), (?P<money>[^)]+)\)")
_GAMES = {"OMAHA_HI_LO": 4, "OMAHA_HI_LO_5": 5, "FIVE_CARD_OMAHA_HI_LO": 5}
_LIMITS = {"POT_LIMIT": Limit.POT, "NO_LIMIT": Limit.NO, "LIMIT": Limit.FIXED,
           "FIXED_LIMIT": Limit.FIXED}
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^)]+)\)")
_AMOUNT = r"\(?(?P<amount>[$€£]?[\d,]+(?:\.\d+)?)\)?"
_ACTION_WORDS = (r"(?P<what>posts small blind|posts big blind|posts ante|posts dead blind|posts|"
                 r"calls|bets|raises|checks|folds)(?: " + _AMOUNT + r")?"
                 r"(?: to (?P<to>[$€£]?[\d,.]+))?(?P<all_in>,? and is all[- ]in)?")
_ACTION = re.compile(r"(?P<name>.+?) " + _ACTION_WORDS)
#: _ACTION after the line's first word: the answer _ACTION gives when this matches (its
#: name, the shortest first, is tried as the first word first), found without the name
_ACTION_WORDS_ONLY = re.compile(_ACTION_WORDS)
#: the starts of the lines read before the players' (one test for the other lines)
_TABLE_LINES = ("***** End of hand", "Start hand: ", "Table: ", "User: ", "Players in round",
                "---", "Dealing pocket cards", "Button: seat ", "Summary:")
_STREET = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]")
_POT = re.compile(r"(?:Main pot|Side pot (?P<pot>\d+)): (?P<amount>\S+) won by (?P<winners>.+)")
_WINNER = re.compile(r"(?P<name>.+?) \((?P<amount>[^)]+)\)")
_SHOWS = re.compile(r"(?P<name>.+?) shows \[(?P<cards>[^\]]*)\].*")
_MUCKS = re.compile(r"(?P<name>.+?) (?:mucks|doesn't show).*")


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text.replace(",", " ").split())


def sniff(head: str) -> bool:
    """True when ``head`` starts like an OnGame history."""
    return any(_HEADER.fullmatch(line.strip().lstrip("\ufeff"))
               for line in head.splitlines()[:5])


class OnGameReader(TextReader):
    """The Omaha Hi/Lo hands of an OnGame history (see the module doc)."""

    site = SITE
    header_text = '***** History for hand '
    header_prefixes = ("***** History for hand ",)

    def is_header(self, line: str) -> bool:
        return line.startswith("***** History for hand ")

    def hand_id(self, lines: list[str]) -> str:
        header = lines[0]
        found = _HEADER.match(header)
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)


def _parse_hand(lines: list[str], start: int) -> HandHistory:
    b, cash, table = _begin(lines, start)
    sb, bb = table.stakes
    found = _c_loop(lines, b, cash, sb == bb, _date) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash, table = _begin(lines, start)
        found = _loop(lines, b, cash, sb == bb)
    ended, button, date, rake, pots = found
    if not ended:
        raise BadHand("cut short: no 'End of hand' line")
    b.hole_count, b.limit = _GAMES[table.game], table.limit
    b.stakes = (sb, bb) if table.limit != Limit.FIXED else (bb, 2 * bb)
    b.currency, b.table, b.button, b.date = table.currency, table.name, button, date
    return b.finish(total_pot=sum(pots) if pots else None, rake=rake)


class _Table(NamedTuple):
    """What the table line says (given to the builder after the loop)."""

    name: str
    game: str
    limit: Limit
    currency: str | None
    stakes: tuple[int, int]


def _begin(lines: list[str], start: int) -> tuple[HandBuilder, bool, _Table]:
    """The builder of a hand with its header read, whether it is cash, and its table line."""
    head = _HEADER.fullmatch(lines[0])
    table = next((m for line in lines[1:4] if (m := _TABLE.fullmatch(line))), None)
    if head is None or table is None:
        raise BadHand("no table line")
    if table["game"] not in _GAMES:
        raise OtherGame(table["game"])
    limit = _LIMITS.get(table["limit"])
    if limit is None:
        raise BadHand(f"unknown limit {table['limit']!r}")
    currency = currency_of(table["bb"])
    cash = currency is not None
    sb, bb = money(table["sb"], cash), money(table["bb"], cash)
    b = HandBuilder(SITE, head["id"], start)
    return b, cash, _Table(table["table"], table["game"], limit, currency, (sb, bb))


def _loop(lines: list[str], b: HandBuilder, cash: bool, same: bool
          ) -> tuple[bool, int, datetime | None, int, list[int]]:
    """The lines after the header, into ``b`` (``same``: the two blinds are equal):
    whether the end line was reached, the button, the date, the rake and each pot
    as the summary lists it, before rake (csrc/py/hhsite_ongame.c: its twin, given
    _date as a last argument)."""
    button, date, rake, ended = 0, None, 0, False
    summary = seating = False
    blinds_seen = 0
    pots: list[int] = []   # each pot as the summary lists it, before rake
    for line in lines[1:]:
        if line.startswith(_TABLE_LINES):
            if line.startswith("***** End of hand"):
                ended = True
                break
            if line.startswith("Start hand: "):
                date = _date(line[len("Start hand: "):])
                continue
            if line.startswith(("Table: ", "User: ", "Players in round", "---",
                                "Dealing pocket cards")):
                if line.startswith("User: "):
                    b.hero = line[len("User: "):].strip()
                street = _STREET.fullmatch(line)
                if street:
                    b.street_cards(street["street"], tuple(_cards(street["cards"])))
                continue
            if line.startswith("Button: seat "):
                button = int(line.rsplit(" ", 1)[1])
                seating = True
                continue
            if line == "Summary:":
                summary = True
                continue
        if summary:
            pot = _POT.fullmatch(line)
            if pot:
                pots.append(money(pot["amount"], cash))
                for winner in pot["winners"].split(", "):
                    found = _WINNER.fullmatch(winner)
                    if found is None:
                        raise BadHand(f"winner not understood: {winner!r}")
                    b.collect(found["name"], money(found["amount"], cash),
                              int(pot["pot"] or 0))
            elif line.startswith("Rake taken: "):
                rake = money(line[len("Rake taken: "):], cash)
            continue   # (the seat lines of the summary: stacks after the hand)
        if seating:
            seat = _SEAT.fullmatch(line)
            if seat:
                b.seat(int(seat["seat"]), seat["name"], money(seat["stack"], cash))
                continue
            seating = False
        if line.startswith("Dealing to "):
            name, _, cards = line[len("Dealing to "):].partition(": [")
            b.holes[name] = _cards(cards.rstrip("]"))
            continue
        shows = _SHOWS.fullmatch(line) if " shows [" in line else None
        if shows:
            b.show(shows["name"], _cards(shows["cards"]))
            continue
        name, space, rest = line.partition(" ")
        act = _ACTION_WORDS_ONLY.fullmatch(rest) if space else None
        if act is None:   # (a name of several words, or no action)
            act = _ACTION.fullmatch(line)
            if act is None:
                mucks = _MUCKS.fullmatch(line)
                if mucks:
                    b.muck(mucks["name"])
                    continue
                raise BadHand(f"line not understood: {line[:80]!r}")
            name = act["name"]
        what = act["what"]
        chips = money(act["amount"], cash) if act["amount"] else 0
        if what in ("posts small blind", "posts big blind"):
            blinds_seen += 1
            small = what == "posts small blind" or (blinds_seen == 1 and same)
            b.post(name, "small blind" if small else "big blind", chips)
        elif what in POSTS_AND_BETS:
            BUILDER_ACTIONS[POSTS_AND_BETS[what]](b, name, chips)
        else:
            b.raise_to(name, money(act["to"], cash) if act["to"] else b.current + chips)
    return ended, button, date, rake, pots


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)


def _date(text: str) -> datetime | None:
    """``Sun Sep 11 17:58:25 EEST 2011`` (the zone dropped)."""
    parts = text.split()
    try:
        return strptime(" ".join(parts[1:4] + parts[-1:]), "%b %d %H:%M:%S %Y")
    except ValueError:
        return None


read_ongame = reader_function(OnGameReader)


def parse_ongame(text: str) -> OnGameReader:
    """The Omaha Hi/Lo hands of an OnGame history given as a string."""
    return OnGameReader(iter(text.splitlines()), "<text>")
