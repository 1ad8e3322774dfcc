"""Read partypoker hand histories: every Omaha Hi/Lo hand as a :class:`HandHistory`.
Two dialects, told apart line by line:

- the classic one (to 2014; a ``#Game No : N`` line may stand before the title)::

    ***** Hand History for Game 13550515602 *****
    $10 USD PL Omaha Hi-Lo - Monday, January 06, 07:05:47 EST 2014
        (tournaments: PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) - ...)
    Table Manila (Real Money)
    Seat 1 is the button
    Total number of players : 2/9
    Seat 3: ann ( $2.06 USD )                 (tournament chips: ( 2,910 ))
    bob posts small blind [$0.05 USD].
    ** Dealing down cards **   Dealt to ann [  Ac 2c 5d 5c ]
    bob calls [$0.05 USD] / bets [...] / raises [...] / checks / folds   (the chips put in)
    ** Dealing Flop ** [ 9c, 5h, 6h ] ... ** Dealing Turn ** [ Jd ] ... ** Dealing River ** [ 8h ]
    bob shows [ 2d, Jd, Qs, Ah ]a pair of Queens. / does not show cards.
    bob wins $2.21 USD / wins 640 chips from the main pot ...
    bob wins Lo (640 chips) from the main pot

  No pot total, rake or uncalled bet is written; what a player "wins" holds
  the bet nobody called: the reader gives that back as the return it is, and the
  rake is the pot less what was won.

- the current one (2023)::

    ***** Hand History For Game 1676832422659jxi26omnah *****
    0.05/0.10 Omaha Hi/Lo Game Table (PL) - Sun Feb 19 13:45:49 EST 2023
    Table Fremont 14 (Real Money) -- Seat 1 is the button
    Seat 1: ann ($4.99)
    bob posts small blind (0.05) / calls (0.10) / bets (0.57) / raises 0.35 to 0.40
    ** Dealing Flop ** :  [ 6h, Kc, 3h ]
    ** Summary **   Main Pot: $2.23 Rake: $0.11   Board: [ ... ]
    bob balance $14.91, bet $0.97, collected $2.23, net +$1.26[ Ad, 5c, 4s, Th ] [ ... ]
    ann balance $19.11, lost $0.97[ 4h, 7s, Kd, 4c ] [ ... ]     (the cards shown)

  ``Main Pot`` is after rake; ``collected`` is what the player was paid.
"""

from __future__ import annotations

import re

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, cards, money

__all__ = ["SITE", "PartyReader", "parse_partypoker", "read_partypoker", "sniff"]

SITE = "partypoker"

_TITLE = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}")
_LIMIT_WORDS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED, "Pot Limit": Limit.POT,
                "No Limit": Limit.NO, "Fixed Limit": Limit.FIXED}
_OLD_GAME = re.compile(r"(?P<pre>.*?)\b(?P<limit>PL|NL|FL)? ?(?P<game>Omaha Hi-Lo|Omaha Hi/Lo|"
                       r"Omaha Hi Lo)\b(?P<post>.*?) - (?P<date>.*)$")
_NEW_GAME = re.compile(r"(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<game>Omaha Hi/Lo|Omaha Hi-Lo) "
                       r"Game Table \((?P<limit>PL|NL|FL)\) - (?P<date>.*)$")
_TRNY = re.compile(r"Trny: (?P<id>\d+) Level: (?P<level>\d+)\s+Blinds\((?P<sb>[\d,]+)/"
                   r"(?P<bb>[\d,]+)\)")
_TABLE = re.compile(r"Table (?P<table>.*?)(?: \((?:Real|Play) Money\))?(?: -- Seat "
                    r"(?P<button>\d+) is the button)?$")
#: What ends a table line after the table's name (see _table).
_TABLE_END = re.compile(r"(?: \((?:Real|Play) Money\))?(?: -- Seat (?P<button>\d+) is the "
                        r"button)?$")
_BUTTON = re.compile(r"Seat (?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \( ?(?P<chips>[^()]*?) ?\)$")
_POST = re.compile(r"(?P<name>.+?) posts (?P<kind>small blind|big blind|ante|dead blind) "
                   r"[\[(](?P<amount>[^\])]+)[\])]\.?$")
_ACT = re.compile(r"(?P<name>.+?) (?:raises (?P<by>[\d.,]+) to (?P<to>[\d.,]+)|(?P<kind>calls|"
                  r"bets|raises|is all-In|all-In) [\[(]?(?P<amount>[^\])]+?)[\])]?"
                  r"|(?P<simple>folds|checks))\s*$")
#: The usual post or action, by a name without spaces and its amount in brackets: read
#: as _POST and _ACT (lazy names) read it, at its first space (no backtracking).
_QUICK = re.compile(r"(?P<name>[^ \n]+) (?:(?P<simple>folds|checks)|(?P<kind>calls|bets|raises) "
                    r"[\[(](?P<amount>[^\][()]+)[\])]|posts (?P<post>small blind|big blind|ante|"
                    r"dead blind) [\[(](?P<pamount>[^\][()]+)[\])]\.?)")
#: What every line _ACT reads holds (a cheap test before its slow search for the name).
_ACT_WORD = re.compile(r" (?:raises |calls |bets |all-In |folds|checks)")
_STREET = re.compile(r"\*\* Dealing (?P<name>down cards|Flop|Turn|River) \*\*(?P<cards>.*)")
_SHOWS = re.compile(r"(?P<name>.+?) shows \[(?P<cards>[^\]]*)\].*")
_WINS = re.compile(r"(?P<name>.+?) wins (?:Lo \()?(?P<amount>[$€£]?[\d.,]+(?: USD| EUR| GBP)?"
                   r"(?: chips)?)\)?(?: from the (?P<pot>main pot|side pot(?: (?P<n>\d+))?))?.*")
_BALANCE = re.compile(r"(?P<name>.+?) balance (?P<balance>\S+), (?P<rest>.*)")
_COLLECTED = re.compile(r"collected (?P<amount>[$€£]?[\d.,]+)")
_HOLE = re.compile(r"\[ (?P<cards>[2-9TJQKA][cdhs](?:, [2-9TJQKA][cdhs])+) \]")
_MAIN = re.compile(r"Main Pot: (?P<pot>\S+)(?: Rake: (?P<rake>\S+))?")
_NO_SHOW = re.compile(r"(?P<name>.+?) does not show cards\.")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_NOISE = re.compile(r"#Game No : .*|Game #\w+ starts\.|Trny: .*|Blinds\(.*\)|Board: .*"
                    r"|Total number of players : .*|[^:]+: .*|.+? (?:shows.* for low\."
                    r"|is sitting out|has joined the table\.?|has left the table\.?"
                    r"|will be using .*|has been reconnected.*|is disconnected.*"
                    r"|finished in .*|doesn't show \[.*|mucks? .*)")


def sniff(head: str) -> bool:
    """True when ``head`` starts a partypoker hand history."""
    return _TITLE.search(head) is not None


class PartyReader(TextReader):
    """The Omaha Hi/Lo hands of a partypoker history, one at a time (see the module doc)."""

    site = SITE
    header_text = "***** Hand History for Game"
    header_prefixes = ("***** Hand History",)

    def is_header(self, line: str) -> bool:
        return line.startswith("***** Hand History")

    def preamble(self, lines: list[str]) -> bool:
        # (a "#Game No : N" line stands before each title: the first one before the first)
        return all(line.startswith("#Game No") for line in lines)

    def hand_id(self, lines: list[str]) -> str:
        for line in lines[:2]:
            if (title := _TITLE.match(line)) is not None:
                return title["id"]
        return ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start)


def _parse_hand(lines: list[str], start: int) -> HandHistory:
    b, cash, first = _begin(lines, start)
    found = _c_loop(lines, b, cash, first) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash, first = _begin(lines, start)
        found = _loop(lines, b, cash, first)
    summary, won, main_pot, rake = found
    if not won:
        raise BadHand("cut short: nobody won")
    for name, amount, pot in won:
        b.collect(name, amount, pot)
    # (the classic cash header names the buy-in, not the blinds: finish takes them as posted)
    if summary and main_pot < 0:
        raise BadHand("cut short: no 'Main Pot' line in the summary")
    if main_pot >= 0:   # the current dialect: the pot after rake, and the rake
        return b.finish(total_pot=b.absorb_uncalled(main_pot + rake), rake=rake)
    return b.finish(total_pot=b.absorb_uncalled(sum(b.put.values())))


def _begin(lines: list[str], start: int) -> tuple[HandBuilder, bool, int]:
    """The builder of a hand with its title, game, table and button lines read,
    whether it is cash, and the index of the first line of play."""
    if len(lines) < 5 or (title := _TITLE.match(lines[0])) is None:
        raise BadHand("cut short: no title and game lines")
    b = HandBuilder(SITE, title["id"], start)
    new = _NEW_GAME.match(lines[1])
    if new is not None:
        b.limit = _LIMIT_WORDS[new["limit"]]
        b.game = f"{new['game']} {new['limit']}"
        b.stakes = (money(new["sb"], True), money(new["bb"], True))
        b.currency = "USD"
        cash = True
    else:
        old = _OLD_GAME.match(lines[1])
        if old is None or old["limit"] is None:
            raise OtherGame(lines[1].partition(" - ")[0][:60])
        b.limit = _LIMIT_WORDS[old["limit"]]
        b.game = f"{old['game']} {old['limit']}"
        trny = _TRNY.search(old["post"])
        cash = trny is None
        if trny is not None:
            b.tournament_id, b.level = trny["id"], trny["level"]
            b.buy_in = old["post"].partition(" Buy-in")[0].strip() or None
            b.stakes = (money(trny["sb"], False), money(trny["bb"], False))
        else:
            b.currency = "EUR" if "€" in old["pre"] or "EUR" in old["pre"] else "USD"
            b.buy_in = old["pre"].strip() or None   # (the table's buy-in, not its blinds)
    table = _table(lines[2])
    if table is None:
        raise BadHand(f"not a table line: {lines[2][:80]!r}")
    b.table, table_button = table
    first = 3
    if table_button:
        b.button = int(table_button)
    else:
        button = _BUTTON.match(lines[3])
        if button is None:
            raise BadHand(f"not a button line: {lines[3][:80]!r}")
        b.button = int(button["button"])
        first = 4
    return b, cash, first


def _loop(lines: list[str], b: HandBuilder, cash: bool, first: int
          ) -> tuple[bool, list[tuple[str, int, int]], int, int]:
    """The lines of play (from ``first``), into ``b``: whether a summary was reached,
    what was won (name, chips, pot), the main pot and rake (-1: none read)
    (csrc/py/hhsite_partypoker.c: its twin)."""
    summary = False
    won: list[tuple[str, int, int]] = []
    main_pot = rake = -1
    for line in lines[first:]:
        # The usual post or action first: _QUICK reads it as the chain below would (no
        # seat or "** " line reads as one; an action line must not be a post's).
        if (quick := _QUICK.fullmatch(line)) is not None and \
                (quick["kind"] is None or " posts " not in line):
            who, simple, kind = quick["name"], quick["simple"], quick["kind"]
            if simple == "folds":
                b.fold(who)
            elif simple == "checks":
                b.check(who)
            elif kind == "calls":
                b.call(who, money(quick["amount"], cash))
            elif kind == "bets":
                b.bet_(who, money(quick["amount"], cash))
            elif kind == "raises":
                b.raise_by_added(who, money(quick["amount"], cash))
            else:
                _post(b, who, quick["post"], quick["pamount"], cash)
        elif line.startswith("Seat ") and (seat := _SEAT.match(line)) is not None \
                and not b.posts:
            b.seat(int(seat["seat"]), seat["name"], money(seat["chips"], cash))
        # (each pattern tried only on a line starting or holding the words it needs)
        elif line.startswith("** Dealing ") and (street := _STREET.match(line)) is not None:
            if street["name"] != "down cards":
                b.new_street(street["name"].lower(), cards(street["cards"].strip(" :")))
        elif line.startswith("** Summary **"):
            summary = True
        elif " posts " in line and (post := _POST.match(line)) is not None:
            _post(b, post["name"], post["kind"], post["amount"], cash)
        elif _ACT_WORD.search(line) is not None and (act := _ACT.match(line)) is not None:
            who = act["name"]
            if act["simple"] == "folds":
                b.fold(who)
            elif act["simple"] == "checks":
                b.check(who)
            elif act["to"]:
                b.raise_to(who, money(act["to"], cash))
            elif act["kind"] == "calls":
                b.call(who, money(act["amount"], cash))
            elif act["kind"] == "bets":
                b.bet_(who, money(act["amount"], cash))
            elif act["kind"] == "raises":
                b.raise_by_added(who, money(act["amount"], cash))
            else:
                b.wager_added(who, money(act["amount"], cash))
        elif line.startswith("Dealt to ") and (dealt := _DEALT.match(line)) is not None:
            b.hero = dealt["name"]
            b.holes[dealt["name"]] = cards(dealt["cards"])
        elif " shows [" in line and (shows := _SHOWS.match(line)) is not None:
            b.show(shows["name"], cards(shows["cards"]))
        elif line.endswith(" does not show cards.") and \
                (no_show := _NO_SHOW.fullmatch(line)) is not None:
            b.muck(no_show["name"])   # (at a showdown: gives the pot up)
        elif " wins " in line and (wins := _WINS.match(line)) is not None:
            pot = int(wins["n"] or 1) if wins["pot"] and wins["pot"].startswith("side") else 0
            won.append((wins["name"], money(wins["amount"].removesuffix(" chips"), cash), pot))
        elif line.startswith("Main Pot: ") and (main := _MAIN.match(line)) is not None:
            main_pot = money(main["pot"], cash)
            rake = money(main["rake"], cash) if main["rake"] else 0
        elif " balance " in line and (balance := _BALANCE.match(line)) is not None:
            name, what = balance["name"], balance["rest"]
            if (collected := _COLLECTED.search(what)) is not None:
                won.append((name, money(collected["amount"], cash), 0))
            if (hole := _HOLE.search(what)) is not None:
                b.show(name, cards(hole["cards"]))
        elif _NOISE.fullmatch(line) is None:
            raise BadHand(f"a line not understood: {line[:80]!r}")
    return summary, won, main_pot, rake


def _table(line: str) -> tuple[str, str | None] | None:
    """_TABLE's table and button. Its lazy table ends where _TABLE_END first matches,
    which can only be at a space or the end: only those places are tried."""
    if "\n" in line:   # (where "$" and the lazy "." differ: the pattern itself)
        found = _TABLE.match(line)
        return None if found is None else (found["table"], found["button"])
    if not line.startswith("Table "):
        return None
    at = line.find(" ", 6)
    while at >= 0:
        if (end := _TABLE_END.match(line, at)) is not None:
            return line[6:at], end["button"]
        at = line.find(" ", at + 1)
    return line[6:], None


def _post(b: HandBuilder, name: str, kind: str, amount: str, cash: bool) -> None:
    chips = money(amount, cash)
    if kind == "dead blind":
        b.post_dead(name, chips)
    else:
        b.post(name, kind, chips)


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_partypoker = reader_function(PartyReader)


def parse_partypoker(text: str) -> PartyReader:
    """The Omaha Hi/Lo hands of a partypoker history given as a string."""
    return PartyReader(iter(text.splitlines()), "<text>")
