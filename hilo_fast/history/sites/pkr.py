"""PKR hand histories (a 3D poker site closed in 2016).

A hand starts ``Table #45061966 - Tournament #25865515 Table #21`` then ``Starting
Hand #2087122526``, one ``Key: value`` line each for the start time, ``Game Type:
OMAHA HI/LO``, ``Limit Type: POT LIMIT``, ``Money Type``, ``Blinds are now 10 /
20``, ``Button is at seat 8`` (``Moving Button to seat 9`` moves it for this hand),
the seats ``Seat 1: Player0 - 1,200``. Cards are written ``[9 s][7 s]``; raises
and calls say the street's total (``raises to 1,090 (all-in)``, ``calls 110``);
winners ``Player6 wins 2,470 with high hand: ...`` or ``wins 135 from side pot
#1 with low hand: ...``. The seat lines after the showdown are the stacks after
the hand. Players chat and emote in the history (``Player6 yawns.``): a line of
a seated player that is no action is not read. No rake line: the total is what
was put in, the rake what was not paid out.
"""

from __future__ import annotations

import re
from datetime import datetime
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
    money,
    strptime,
)

SITE = "pkr"

_TABLE = re.compile(r"Table #(?P<table>\d+)(?: - Tournament #(?P<tid>\d+) Table #\d+)?.*")
_HAND = re.compile(r"Starting Hand #(?P<id>\d+)")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) - (?P<stack>[$€£]?[\d,.]+)"
                   r"(?P<out> \(sitting out\))?")
_GAMES = {"OMAHA HI/LO": 4, "5 CARD OMAHA HI/LO": 5}
_LIMITS = {"POT LIMIT": Limit.POT, "NO LIMIT": Limit.NO, "FIXED LIMIT": Limit.FIXED,
           "LIMIT": Limit.FIXED}
_AMOUNT = r"(?P<amount>[$€£]?[\d,]+(?:\.\d+)?)"
_ACTION_WORDS = (r"(?P<what>posts small blind|posts big blind|posts ante|posts dead blind|posts|"
                 r"calls|bets|raises to|checks|folds)(?: \(?" + _AMOUNT + r"\)?)?"
                 r"(?P<all_in> \(all-in\))?")
_ACTION = re.compile(r"(?P<name>.+?) " + _ACTION_WORDS)
_ACTION_WORDS_ONLY = re.compile(_ACTION_WORDS)   # (what follows a known player's name)
_WINS = re.compile(r"(?P<name>.+?) wins " + _AMOUNT + r"(?: from side pot #(?P<pot>\d+))?"
                   r"(?: with .*)?")
_SHOWS = re.compile(r"(?P<name>.+?) shows (?P<cards>(?:\[[^\]]*\])+)")
_STREET = re.compile(r"Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)")
_DEALT = re.compile(r"Dealing (?P<cards>(?:\[[^\]]*\])+) to (?P<name>.+)")
_MUCKS = re.compile(r"(?P<name>.+?) mucks")
_RETURN = re.compile(r"Returning " + _AMOUNT + r" to (?P<name>.+?) uncalled")
_DEALER_WORDS = frozenset(("Pot", "Dealing", "End", "Seat"))
_CARD = re.compile(r"\[\s*([2-9TJQKA])\s*([cdhs])\s*\]")


# (a call says the player's street total)
_ACTS = action_words({**POSTS_AND_BETS, "calls": "call to", "raises to": "raise to"})


def _cards(text: str) -> tuple[str, ...]:
    return tuple(map("".join, _CARD.findall(text)))   # ("A", "s") -> "As"


def sniff(head: str) -> bool:
    """True when ``head`` starts like a PKR history."""
    lines = [line.strip().lstrip("\ufeff") for line in head.splitlines()[:6]]
    return any(_HAND.match(line) for line in lines) and any(
        _TABLE.fullmatch(line) for line in lines)


class PKRReader(TextReader):
    """The Omaha Hi/Lo hands of a PKR history (see the module doc)."""

    site = SITE
    header_text = 'Starting Hand #'
    header_prefixes = ("Table #",)

    def is_header(self, line: str) -> bool:
        return line.startswith("Table #")

    def hand_id(self, lines: list[str]) -> str:
        found = _HAND.match(lines[1]) if len(lines) > 1 else None
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)


def _parse_hand(lines: list[str], start: int) -> HandHistory:
    begun = _begin(lines, start)
    b, cash = begun[0], begun[1]
    found = cast("tuple[int, tuple[int, int]] | None",
                 _c_loop(lines, b, cash) if _c_loop is not None else None)
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            begun = _begin(lines, start)
            b, cash = begun[0], begun[1]
        found = _loop(lines, b, cash)
    button, blinds = found
    _, _, table, keys, game, limit = begun
    try:   # (not contextlib.suppress: a context manager made a hand costs more)
        date: datetime | None = strptime(keys.get("Start time of hand", ""),
                                         "%d %b %Y %H:%M:%S")
    except ValueError:
        date = None
    b.hole_count, b.limit = _GAMES[game], limit
    b.stakes = blinds if limit != Limit.FIXED else (blinds[1], 2 * blinds[1])
    b.table, b.button, b.date, b.tournament_id = table["table"], button, date, table["tid"]
    return b.finish()


def _begin(lines: list[str], start: int
           ) -> tuple[HandBuilder, bool, re.Match[str], dict[str, str], str, Limit]:
    """The builder of a hand with its header read: (builder, cash, table line's
    match, the ``Key: value`` lines, game, limit); an OtherGame for another game."""
    table = _TABLE.fullmatch(lines[0])
    hand = _HAND.match(lines[1]) if len(lines) > 1 else None
    if table is None or hand is None:
        raise BadHand("no 'Starting Hand #' line")
    keys: dict[str, str] = {}
    for line in lines[2:12]:
        key, colon, value = line.partition(": ")
        if colon and not key.startswith("Seat "):
            keys[key] = value.strip()
    game = keys.get("Game Type", "")
    if game not in _GAMES:
        raise OtherGame(game.title() or "unknown")
    limit = _LIMITS.get(keys.get("Limit Type", ""))
    if limit is None:
        raise BadHand(f"unknown limit {keys.get('Limit Type')!r}")
    cash = "TOURNAMENT" not in keys.get("Money Type", "TOURNAMENT")
    b = HandBuilder(SITE, hand["id"], start)
    return b, cash, table, keys, game, limit


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> tuple[int, tuple[int, int]]:
    """The lines after the hand's number, into ``b``: the button's seat and the
    blinds (csrc/py/hhsite_pkr.c: its twin)."""
    button = 0
    blinds: tuple[int, int] = (0, 0)
    acting = one_word = False
    stack = b.stack
    for line in lines[2:]:
        if not acting:
            seat = _SEAT.fullmatch(line)
            if seat:
                b.seat(int(seat["seat"]), seat["name"], money(seat["stack"], cash),
                       bool(seat["out"]))
                continue
            if line.startswith(("Button is at seat ", "Moving Button to seat ")):
                button = int(line.rsplit(" ", 1)[1])
                continue
            if line.startswith("Blinds are now "):
                low, _, high = line[len("Blinds are now "):].partition(" / ")
                blinds = (money(low, cash), money(high, cash))
                continue
            if line.startswith(("Start time", "Last Hand", "Game Type", "Limit Type",
                                "Table Type", "Money Type", "Shuffling Deck")):
                continue
            acting = True   # (the seats are known: no seat line is read after this)
            # when no name holds a space, a player's line starts with the name and
            # a space: one dict look-up, and the action's words matched alone
            one_word = not any(" " in n for n in stack)
        # (the line's first word tells the dealer's lines: a compare, not a startswith)
        first, space, what = line.partition(" ")
        if first in _DEALER_WORDS and line.startswith(
                ("Pot sizes:", "Dealing Cards", "End of Hand", "Seat ")):
            continue
        # (each pattern tried only on a line holding the words it needs: a line is
        # tried against one or two patterns, not seven)
        if space and first == "Dealing":
            street = _STREET.fullmatch(line)
            if street:
                b.street_cards(street["street"].lower(), tuple(_cards(street["cards"])))
                continue
            dealt = _DEALT.fullmatch(line)
            if dealt:
                b.hero = dealt["name"]
                b.holes[dealt["name"]] = _cards(dealt["cards"])
                continue
        if " wins " in line:
            wins = _WINS.fullmatch(line)
            if wins and wins["name"] in b.stack:
                b.collect(wins["name"], money(wins["amount"], cash), int(wins["pot"] or 0))
                continue
        if " shows [" in line:
            shows = _SHOWS.fullmatch(line)
            if shows and shows["name"] in b.stack:
                b.show(shows["name"], _cards(shows["cards"]))
                continue
        if line.endswith(" mucks"):
            mucks = _MUCKS.fullmatch(line)
            if mucks and mucks["name"] in b.stack:
                b.muck(mucks["name"])
                continue
        if space and first == "Returning":
            returned = _RETURN.fullmatch(line)
            if returned:
                b.returns(returned["name"], money(returned["amount"], cash))
                continue
        if one_word:
            name = first
            act = _ACTION_WORDS_ONLY.fullmatch(what) if space and name in stack else None
        else:
            act = _ACTION.fullmatch(line)
            name = act["name"] if act else ""
        if act is None or name not in stack:
            continue   # chat, emotes, players joining: not the hand
        _ACTS[act["what"]](b, name, money(act["amount"], cash) if act["amount"] else 0)
    return button, blinds


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_pkr = reader_function(PKRReader)


def parse_pkr(text: str) -> PKRReader:
    """The Omaha Hi/Lo hands of a PKR history given as a string."""
    return PKRReader(iter(text.splitlines()), "<text>")
