"""Read Full Tilt Poker hand histories (text, often UTF-16): every Omaha Hi/Lo hand
as a :class:`HandHistory`; hands of other games (a 10-Game or 8-Game file
mixes them) are counted and skipped.

What the format says (worked out from the site's files, see
docs/hand-histories.md): a header ``Full Tilt Poker Game #N: Table T (6 max)
- FL Omaha H/L - $0.50/$1 - 20:31:38 ET - 2014/01/05`` (older files: ``-
$2.50/$5 - Limit Omaha H/L -``; the stakes are the blinds in pot and no limit,
the small and big bet in fixed limit); ``Seat N: name ($X)`` (``, is sitting
out``: not dealt in); posts (``posts the small blind of $X``, ``posts the big
blind of $X``, ``posts a dead small blind of $X``, ``posts $X``: a big blind
posted out of turn, ``antes $X``); ``The button is in seat #N``; actions with
the chips a call or bet puts in and the total a raise goes ``to``; ``Uncalled
bet of $X returned to name``; ``name wins the (high |low )?(pot|main pot|side
pot #k) ($X)`` and ``ties for ...``: what each collected; ``Total pot $X ... |
Rake $Y``. Table traffic and chat between the actions is ignored.

>>> text = '''Full Tilt Poker Game #7: Table T - PL Omaha H/L - $0.01/$0.02 - 1:02:03 ET - 2014/1/5
... Seat 1: ann ($1)
... Seat 2: bob ($2.50)
... ann posts the small blind of $0.01
... bob posts the big blind of $0.02
... The button is in seat #1
... *** HOLE CARDS ***
... ann folds
... Uncalled bet of $0.01 returned to bob
... bob mucks
... bob wins the pot ($0.02)
... *** SUMMARY ***
... Total pot $0.02 | Rake $0'''
>>> [(h.hand_id, h.collected, h.replay().exact) for h in parse_fulltilt(text)]
[('7', {'bob': 2}, True)]
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, cast

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, money

__all__ = ["SITE", "FullTiltReader", "parse_fulltilt", "read_fulltilt", "sniff"]

SITE = "fulltilt"
_HEADER = re.compile(r"Full Tilt Poker Game #(?P<id>\d+): (?P<rest>.*)")
_TABLE = re.compile(r"(?:(?P<tournament>.*?), )?Table (?P<table>.+?)(?: \((?P<info>[^()]*)\))?"
                    r" - (?P<rest>.*)")
_GAME = re.compile(r"(?P<limit>FL|PL|NL|Limit|Pot Limit|No Limit) (?P<game>.+)")
_STAKES = re.compile(r"(?P<cur>[$€£]?)(?P<low>[\d.,]+)/[$€£]?(?P<high>[\d.,]+)"
                     r"(?: Ante [$€£]?(?P<ante>[\d.,]+))?$")
_DATE = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) (\w+) - (\d{4})/(\d{1,2})/(\d{1,2})")
_LIMITS = {"FL": Limit.FIXED, "Limit": Limit.FIXED, "PL": Limit.POT, "Pot Limit": Limit.POT,
           "NL": Limit.NO, "No Limit": Limit.NO}
_HILO = re.compile(r"^(?:(?P<cards>5) Card )?Omaha (?:H/L|Hi/Lo|Hi-Lo)$")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<chips>[^()]+)\)(?P<rest>.*)$")
_BUTTON = re.compile(r"The button is in seat #(?P<seat>\d+)")
_STREET = re.compile(r"\*\*\* (?P<name>FLOP|TURN|RIVER|HOLE CARDS|SHOW DOWN|SUMMARY) \*\*\*"
                     r"(?P<rest>.*)")
_CARDS = re.compile(r"\[([^\]]*)\]")
_UNCALLED = re.compile(r"Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)")
_WINS = re.compile(r"(?P<name>.+?) (?:wins|ties for) the (?:(?:high|low) )?"
                   r"(?P<pot>pot|main pot|side pot(?: #?(?P<n>\d+))?) \((?P<amount>[^()]+)\)")
_TOTAL = re.compile(r"Total pot (?P<total>\S+).*\| Rake (?P<rake>\S+)")
_ACTIONS = (
    ("posts the small blind of ", "small blind"), ("posts the big blind of ", "big blind"),
    ("posts a dead small blind of ", "dead small blind"), ("antes ", "ante"),
    ("posts ", "big blind"),
)
_CARD_NAMES = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
#: the starts of the lines a player's name does not start (read before the players')
_NOT_PLAYERS = ("*** ", "The button ", "Uncalled bet of ", "Dealt to ")


def sniff(head: str) -> bool:
    """A Full Tilt history: ``Full Tilt Poker Game #`` at the start of a line."""
    return head.lstrip("\ufeff").startswith("Full Tilt Poker Game #") or \
        "\nFull Tilt Poker Game #" in head


def _cards(text: str) -> tuple[str, ...]:
    cards = tuple(text.split())
    for card in cards:
        if card not in _CARD_NAMES:
            raise BadHand(f"bad card {card!r}")
    return cards


class FullTiltReader(TextReader):
    """The Omaha Hi/Lo hands of a Full Tilt file (see the module doc)."""

    site = SITE
    header_text = "Full Tilt Poker Game #"
    header_prefixes = ("Full Tilt Poker Game #",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Full Tilt Poker Game #")

    def hand_id(self, lines: list[str]) -> str:
        head = _HEADER.match(lines[0])
        return head["id"] if head else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)


#: the header read: (hand_id, rest, table, stakes, variant, tournament, cash, limit, low, high)
_Head = tuple[Any, ...]


def _parse_hand(lines: list[str], start: int) -> HandHistory:
    head = _head(lines)
    _, rest, table, stakes, variant, tournament, cash, limit, low, high = head
    b, body, sitting_out = _begin(lines, start, head)
    found = cast("tuple[int | None, int | None] | None",
                 _c_loop(lines, b, cash, body) if _c_loop is not None else None)
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, body, sitting_out = _begin(lines, start, head)
        found = _loop(lines, b, cash, body)
    total, rake = found
    if total is None or rake is None:
        raise BadHand("no summary (Total pot ... | Rake ...): the hand is cut short")
    date = None
    found_date = _DATE.search(rest)
    if found_date:
        hour, minute, second, _, year, month, day = found_date.groups()
        date = datetime(int(year), int(month), int(day), int(hour), int(minute),
                        int(second))
    info = table["info"] or ""
    max_seats = int(info.split()[0]) if info[:2].strip().isdecimal() else None
    acted = {a.player for a in b.actions}
    dealt = tuple(s.name for s in b.seats if s.name not in sitting_out and s.stack > 0
                  and (b.put.get(s.name, 0) or s.name in acted))
    return b.finish(
        game=variant.group(0), hole_count=5 if variant["cards"] else 4, limit=limit,
        stakes=(low, high), currency=_currency(stakes["cur"]) if cash else None,
        table=table["table"], max_seats=max_seats, rake=rake, total_pot=total,
        hero=b.hero, date=date, tournament_id=tournament, dealt_in=dealt,
        chip_unit=_chip_unit(cash, low, high))


def _head(lines: list[str]) -> _Head:
    """The header line read (no builder yet): what _begin and the end need."""
    head = _HEADER.match(lines[0])
    if head is None:
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    hand_id, rest = head["id"], head["rest"]
    table = _TABLE.match(rest)
    if table is None:
        raise BadHand(f"header {rest!r}")
    parts = table["rest"].split(" - ")
    stakes = game = None
    for i, part in enumerate(parts):
        stakes = _STAKES.match(part)
        if stakes:
            # the game is the part just before or after the stakes
            for other in (parts[i + 1] if i + 1 < len(parts) else "",
                          parts[i - 1] if i > 0 else ""):
                game = _GAME.match(other)
                if game:
                    break
            break
    if stakes is None or game is None:
        raise BadHand(f"no game or stakes in the header {rest!r}")
    variant = _HILO.match(game["game"])
    if variant is None:
        raise OtherGame(game.group(0))
    tournament = table["tournament"]
    cash = stakes["cur"] != "" and tournament is None
    limit = _LIMITS[game["limit"]]
    low = money(stakes["low"], cash)
    high = money(stakes["high"], cash)
    return hand_id, rest, table, stakes, variant, tournament, cash, limit, low, high


def _begin(lines: list[str], start: int, head: _Head
           ) -> tuple[HandBuilder, int, set[str]]:
    """The builder of a hand with its seats read: the builder, the index of the
    first line after the seats, and the names sitting out."""
    cash = head[6]
    b = HandBuilder(SITE, head[0], start)
    b.show_rule = True
    sitting_out: set[str] = set()
    body = 1
    while body < len(lines):
        seat = _SEAT.match(lines[body])
        if seat is None:
            break
        body += 1
        out = "sitting out" in seat["rest"]
        if out:
            sitting_out.add(seat["name"])
        b.seat(int(seat["seat"]), seat["name"], money(seat["chips"], cash), out)
    if not b.seats:
        raise BadHand("no seats")
    return b, body, sitting_out


def _loop(lines: list[str], b: HandBuilder, cash: bool, body: int
          ) -> tuple[int | None, int | None]:
    """The lines after the seats, into ``b``: the total pot and the rake (None: no
    summary line read) (csrc/py/hhsite_fulltilt.c: its twin)."""
    stack = b.stack
    # (name + " ", name), the longest first: "a b" before "a"; when no name holds a
    # space, a line's player can only be its first word (one dict look-up a line)
    one_word = not any(" " in n for n in stack)
    names = [] if one_word else [(n + " ", n) for n in sorted(stack, key=len, reverse=True)]
    total = rake = None
    in_summary = False
    for line in lines[body:]:
        if in_summary:
            found = _TOTAL.match(line) if line.startswith("Total pot ") else None
            if found:
                total = money(found["total"], cash)
                rake = money(found["rake"], cash)
            continue
        # (the few lines that are not a player's, told apart with one test first)
        if line.startswith(_NOT_PLAYERS):
            street = _STREET.match(line) if line.startswith("*** ") else None
            if street:
                name = street["name"]
                if name in ("FLOP", "TURN", "RIVER"):
                    b.new_street(name.lower(), ())
                    b.deal_board(_cards(" ".join(_CARDS.findall(street["rest"]))))
                elif name == "SUMMARY":
                    in_summary = True
                continue
            button = _BUTTON.match(line) if line.startswith("The button ") else None
            if button:
                b.button = int(button["seat"])
                continue
            if line.startswith("Uncalled bet of "):
                continue   # (the builder gives it back; checked by the replay's totals)
            if line.startswith("Dealt to "):
                who, _, cards = line[len("Dealt to "):].rpartition(" [")
                if who in stack:
                    b.hole(who, _cards(cards.rstrip("]")))
                    b.hero = who
                continue
        if " wins the " in line or " ties for the " in line:
            won = _WINS.match(line)
            if won and won["name"] in stack:
                pot = 0 if won["pot"] in ("pot", "main pot") else int(won["n"] or 1)
                b.collect(won["name"], money(won["amount"], cash), pot)
                continue
        if one_word:
            player, space, _ = line.partition(" ")
            if not space or player not in stack:
                continue   # table traffic, chat ("name: ..."), a player not seated
        else:
            found_player = next((n for spaced, n in names if line.startswith(spaced)), None)
            if found_player is None:
                continue
            player = found_player
        _action(b, player, line[len(player) + 1:], cash)
    return total, rake


def _action(b: HandBuilder, player: str, what: str, cash: bool) -> None:
    if what.endswith(", and is all in"):
        what = what[:-len(", and is all in")]
    # (told apart by the first word: one split, then comparisons)
    verb, space, rest = what.partition(" ")
    if not space:
        if what == "folds":
            b.fold(player)
        elif what == "checks":
            b.check(player)
        elif what == "mucks":
            b.muck(player)
    elif verb == "calls":
        b.call(player, money(rest, cash))
    elif verb == "bets":
        b.wager_added(player, money(rest, cash))
    elif verb == "raises":
        if rest.startswith("to "):
            b.raise_to(player, money(rest[3:], cash))
    elif verb == "shows":
        if rest.startswith("["):
            b.hole(player, _cards(rest[1:rest.index("]")]))
            b.show(player)
    elif verb == "mucks":
        b.muck(player)
    elif verb in ("posts", "antes"):
        for prefix, kind in _ACTIONS:
            if what.startswith(prefix):
                b.post(player, kind, money(what[len(prefix):], cash))
                return
    # anything else about a player (adds chips, sits down, has 15 seconds...) changes
    # nothing in the hand


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)


def _currency(symbol: str) -> str | None:
    return {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol)


read_fulltilt = reader_function(FullTiltReader)


def parse_fulltilt(text: str) -> FullTiltReader:
    """The hands of a Full Tilt history given as a string."""
    return FullTiltReader(text.splitlines(), "<text>")


def _chip_unit(cash: bool, low: int, high: int) -> int:
    """The amount Full Tilt splits a pot in: 5 cents in a cash game whose stakes
    are quarters (the one split hand of the files, at $0.50/$1, pays $3.90 and
    $3.85 of 775 cents), else the cent or the chip (docs/hand-histories.md)."""
    return 5 if cash and low % 25 == 0 and high % 25 == 0 else 1
