"""Read 888poker (Pacific Poker, Cassava) hand histories: every Omaha Hi/Lo hand
as a :class:`HandHistory`. The format::

    #Game No : 441698247
    ***** 888poker Hand History for Game 441698247 *****     (or "Cassava", "Pacific Poker")
    $0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:15:35     (Fix Limit, No Limit)
    Table Fortaleza 9 Max (Real Money)                     (Practice Play: play money, in cents too)
    Seat 5 is the button
    Total number of players : 3
    Seat 5: ann ( $51.43 )
    bob posts small blind [$0.50] / posts big blind [$1] / posts ante [$0.10]
    ** Dealing down cards **   Dealt to ann [ 7c, 6d, 5h, 2s ]
    ann raises [$2] / calls [$1] / bets [$2] / checks / folds   (each: the chips put in)
    ** Dealing flop ** [ Ks, Js, 6s ]   ** Dealing turn ** [ 8h ]   ** Dealing river ** [ As ]
    ** Summary **   ann shows [ ... ] / bob mucks [ ... ] / (Hi: ...) / (Lo: ...)
    ann collected [ $8.08 ]       (one line per half won)

No pot total, no rake and no uncalled bet are written: the pot is the chips put
in less the bet nobody called (the engine gives it back), and the rake is that
less what was collected (5% of the pot, rounded down to the cent, in the files).
A player who folds before the cards are dealt was not dealt in.
"""

from __future__ import annotations

import re

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, cards, date_of, money

__all__ = ["SITE", "PacificReader", "parse_pacific888", "read_pacific888", "sniff"]

SITE = "888pacific"

_TITLE = re.compile(r"\*{5} (?P<brand>888poker|Cassava|Pacific Poker|888\.\w+) Hand History "
                    r"for Game (?P<id>\d+) \*{5}")
_GAME = re.compile(r"(?P<stakes>\S+) Blinds (?P<limit>Pot Limit|No Limit|Fix Limit|Fixed Limit)"
                   r" (?P<game>.+?) - \*\*\* (?P<date>\d\d \d\d \d{4} \d\d:\d\d:\d\d)")
_GAMES = {"OmahaHL": 4, "Omaha HiLo": 4, "Omaha Hi/Lo": 4}
_LIMITS = {"Pot Limit": Limit.POT, "No Limit": Limit.NO, "Fix Limit": Limit.FIXED,
           "Fixed Limit": Limit.FIXED}
_TABLE = re.compile(r"Table (?P<table>.*?)(?: (?P<max>\d+) Max)? \((?P<kind>[^()]*)\)")
_BUTTON = re.compile(r"Seat (?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \( (?P<chips>[^()]*) \)$")
_PLAY = (r" (?:posts (?P<post>small blind|big blind|ante|dead big blind|dead small blind) "
         r"\[(?P<pamount>[^\]]+)\]|(?P<kind>calls|bets|raises) \[(?P<amount>[^\]]+)\]"
         r"|(?P<simple>folds|checks))$")
_ACTION = re.compile(r"(?P<name>.+?)" + _PLAY)
#: _ACTION for a name without spaces (nearly every line): read at the first space, where
#: _ACTION (a lazy name) reads first, without its search for the name's end.
_QUICK = re.compile(r"(?P<name>[^ \n]+)" + _PLAY)
#: What every line _ACTION reads holds (a cheap test before its slow search).
_ACTION_WORD = re.compile(r" (?:posts |calls \[|bets \[|raises \[|folds|checks)")
_STREET = re.compile(r"\*\* Dealing (?P<name>down cards|flop|turn|river) \*\*(?P<cards>.*)")
_SHOWS = re.compile(r"(?P<name>.+?) (?P<what>shows|mucks) \[(?P<cards>[^\]]*)\]")
_COLLECTED = re.compile(r"(?P<name>.+?) collected \[ (?P<amount>[^\]]+) \]")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r"\((?:Hi|Lo): .*\)|Total number of players : .*|.+? (?:did not show his hand"
                    r"|has left the table|has joined the table|is sitting out|will be using his "
                    r"time bank.*|has been disconnected.*|has reconnected.*)")
_STREETS = {"flop": "flop", "turn": "turn", "river": "river"}


def sniff(head: str) -> bool:
    """True when ``head`` starts an 888 hand history."""
    return _TITLE.search(head) is not None


class PacificReader(TextReader):
    """The Omaha Hi/Lo hands of an 888 history, one at a time (see the module doc)."""

    site = SITE
    header_text = "#Game No"
    header_prefixes = ("#Game No",)

    def is_header(self, line: str) -> bool:
        return line.startswith("#Game No")

    def hand_id(self, lines: list[str]) -> str:
        return lines[0].partition(":")[2].strip()

    def ours(self, lines: list[str]) -> bool:
        # (partypoker writes "#Game No" lines too: the title line tells)
        return len(lines) < 2 or _TITLE.match(lines[1]) is not None

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)


def _parse_hand(lines: list[str], start: int) -> HandHistory:
    b, cash = _begin(lines, start)
    summary = _c_loop(lines, b, cash) if _c_loop is not None else None
    if summary is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash = _begin(lines, start)
        summary = _loop(lines, b, cash)
    if not summary:
        raise BadHand("cut short: no summary")
    if not b.collections:
        raise BadHand("cut short: nobody collected")
    return b.finish()


def _begin(lines: list[str], start: int) -> tuple[HandBuilder, bool]:
    """The builder of a hand with its title, game, table and button lines read, and
    whether it is cash."""
    if len(lines) < 6:
        raise BadHand("cut short: no seats")
    title, game = _TITLE.match(lines[1]), _GAME.match(lines[2])
    if title is None:
        raise BadHand(f"not an 888 title line: {lines[1][:80]!r}")
    if game is None:
        raise OtherGame(lines[2].partition(" - ")[0][:60])
    if game["game"] not in _GAMES:
        raise OtherGame(f"{game['game']} {game['limit']}")
    b = HandBuilder(SITE, title["id"], start)
    b.game = f"{game['game']} {game['limit']}"
    b.hole_count = _GAMES[game["game"]]
    b.limit = _LIMITS[game["limit"]]
    table = _TABLE.match(lines[3])
    if table is None:
        raise BadHand(f"not a table line: {lines[3][:80]!r}")
    b.table = table["table"]
    b.max_seats = int(table["max"]) if table["max"] else None
    # Play money has cents too ("1,459.13"): every amount is in hundredths.
    cash = True
    symbol = next((c for c in "$€£" if c in game["stakes"]), "")
    b.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol)
    small, _, big = game["stakes"].partition("/")
    blinds = (money(small, cash), money(big, cash))
    b.stakes = (blinds[1], 2 * blinds[1]) if b.limit == Limit.FIXED else blinds
    b.date = date_of(game["date"], day_first=True)
    button = _BUTTON.match(lines[4])
    if button is None:
        raise BadHand(f"not a button line: {lines[4][:80]!r}")
    b.button = int(button["button"])
    return b, cash


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> bool:
    """The lines of play (lines[5:]) into ``b``: whether a summary was reached
    (csrc/py/hhsite_pacific888.c: its twin)."""
    dealt = False
    summary = False
    for line in lines[5:]:
        # The usual action first (_QUICK: no seat or "** " line reads as one); then each
        # pattern tried only on a line starting or holding the words it needs.
        if (action := _QUICK.match(line)) is not None:
            _play(b, action, cash, dealt)
        elif line.startswith("Seat ") and (seat := _SEAT.match(line)) is not None \
                and not b.actions and not b.posts:
            b.seat(int(seat["seat"]), seat["name"], money(seat["chips"], cash))
        elif line.startswith("** Dealing ") and (street := _STREET.match(line)) is not None:
            if street["name"] == "down cards":
                dealt = True
            else:
                b.new_street(_STREETS[street["name"]], cards(street["cards"]))
        elif line.startswith("** Summary **"):
            summary = True
        elif _ACTION_WORD.search(line) is not None and \
                (action := _ACTION.match(line)) is not None:
            _play(b, action, cash, dealt)
        elif (" shows [" in line or " mucks [" in line) and \
                (shows := _SHOWS.match(line)) is not None:
            (b.show if shows["what"] == "shows" else b.muck)(shows["name"],
                                                             cards(shows["cards"]))
        elif " collected [" in line and (collected := _COLLECTED.match(line)) is not None:
            b.collect(collected["name"], money(collected["amount"], cash))
        elif line.startswith("Dealt to ") and (hero := _DEALT.match(line)) is not None:
            b.hero = hero["name"]
            b.holes[hero["name"]] = cards(hero["cards"])
        elif _NOISE.fullmatch(line) is None:
            raise BadHand(f"a line not understood: {line[:80]!r}")
    return summary


def _play(b: HandBuilder, action: re.Match[str], cash: bool, dealt: bool) -> None:
    """A post or an action (``dealt``: the down cards are dealt)."""
    who = action["name"]
    if action["post"]:
        amount = money(action["pamount"], cash)
        if action["post"].startswith("dead small"):
            b.post_dead(who, amount)
        else:
            b.post(who, action["post"].removeprefix("dead "), amount)
    elif action["simple"] == "folds":
        if dealt:
            b.fold(who)   # (a fold before the deal: not dealt in)
    elif action["simple"] == "checks":
        b.check(who)
    elif action["kind"] == "calls":
        b.call(who, money(action["amount"], cash))
    elif action["kind"] == "bets":
        b.bet_(who, money(action["amount"], cash))
    else:
        b.raise_by_added(who, money(action["amount"], cash))


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_pacific888 = reader_function(PacificReader)


def parse_pacific888(text: str) -> PacificReader:
    """The Omaha Hi/Lo hands of an 888 history given as a string."""
    return PacificReader(iter(text.splitlines()), "<text>")
