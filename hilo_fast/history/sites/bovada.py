"""Read Bovada (Ignition, Bodog) hand histories: every Omaha Hi/Lo hand as a
:class:`HandHistory`. The format names players by their place at the table
(``Dealer``, ``Small Blind``, ``UTG+1``: anonymous tables), the hero with ``[ME]``::

    Bovada Hand #4304661864 TBL#26953916 OMAHA HiLo Pot Limit - 2022-06-26 16:46:42
    Bovada Hand #4561202298: OMAHA HiLo Tournament #47895702 TBL#2, Normal- Level 10 (200/400) - ...
    Seat 4: Dealer [ME] ($25.60 in chips)
    Dealer [ME] : Set dealer [4]
    Dealer [ME] : Small Blind $0.10 / Ante/Small Blind $0.02 / Big blind $0.25 /
        Big blind/Bring in $0.05 / Posts chip $0.05 (a big blind out of position) /
        Posts dead chip $0.02 / Ante chip 40
    *** HOLE CARDS ***   Big Blind : Card dealt to a spot [Kh Kc Ks Th]   (every player's)
    Calls $0.50 / Call 400 / Bets $1.43 / Raises $0.65 to $0.75 / All-in $0.30 (chips put in)
    All-in(raise) 2160 to 2160 / Checks / Folds / Folds (timeout) / Fold(Blind Disconnected)
    Return uncalled portion of bet $4.06
    *** FLOP *** [9d 2c 6h]  *** TURN *** [9d 2c 6h] [3h]  *** RIVER *** [9d 2c 6h 3h] [3c]
    Showdown [..] (Two pair) / Mucks [..] / Does not show [..]
    Hand result $13.18 / Hand result-Side pot $0.40 / Hand Result 6400
    *** SUMMARY ***   Total Pot($13.68)

``Total Pot`` is the pot before rake (uncalled bets given back); what each
player won is the sum of the ``Hand result`` lines; the rake is the
difference (5% of the pot, rounded down to the cent, capped; none without a
flop, in the files). Tournament seat numbers are table-wide ids (``Seat 86``):
the seats are numbered 1.. in the order listed, which is the order round the table.
"""

from __future__ import annotations

import re

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, cards, date_of, money

__all__ = ["SITE", "BovadaReader", "parse_bovada", "read_bovada", "sniff"]

SITE = "bovada"

_HEADER = re.compile(r"(?P<brand>Bovada|Ignition|Bodog) Hand #(?P<id>\d+)(?:: (?P<tgame>.*?) "
                     r"Tournament #(?P<tid>\d+) TBL#(?P<ttable>\d+),?(?P<rest>.*?)| TBL#"
                     r"(?P<table>\d+) (?P<game>.*?)) - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")
_GAME = re.compile(r"OMAHA HiLo(?: (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit))?$")
_LIMITS = {"Pot Limit": Limit.POT, "No Limit": Limit.NO, "Fixed Limit": Limit.FIXED,
           "Limit": Limit.FIXED}
_LEVEL = re.compile(r"Level (?P<level>\d+) \((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<chips>[^()]*) in chips\)")
_STREET = re.compile(r"\*\*\* (?P<name>[A-Z ]+?) \*\*\*(?P<cards>.*)")
_AMOUNT = re.compile(r"(?P<amount>[$€£]?[\d.,]+)")
_RAISE = re.compile(r"(?P<by>[$€£]?[\d.,]+) to (?P<to>[$€£]?[\d.,]+)")
_TOTAL = re.compile(r"Total Pot\((?P<total>[^()]*)\)")
_STREETS = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_NOISE = ("Seat sit out", "Seat stand", "Table leave user", "Table enter user", "Seat sit down",
          "Table deposit", "Sit out", "Re-join", "Seat re-join", "Table enter",
          "Set dealer")   # (a "Set dealer" line that lost its player: the Dealer is known)

_BRACKETS = re.compile(r"\[([^\]]*)\]")   # (the cards of a street line)


def sniff(head: str) -> bool:
    """True when ``head`` starts a Bovada (Ignition, Bodog) hand history."""
    return _HEADER.search(head) is not None


def _player(text: str) -> tuple[str, bool]:
    """The player's name (a place at the table) and whether it is the hero."""
    if "[ME]" not in text:
        return text.strip(), False
    return " ".join(text.replace("[ME]", " ").split()), True


class BovadaReader(TextReader):
    """The Omaha Hi/Lo hands of a Bovada history, one at a time (see the module doc)."""

    site = SITE
    header_text = "Bovada Hand #"
    header_prefixes = ("Bovada Hand #", "Ignition Hand #", "Bodog Hand #")

    def is_header(self, line: str) -> bool:
        return line.startswith(("Bovada Hand #", "Ignition Hand #", "Bodog Hand #"))

    def hand_id(self, lines: list[str]) -> str:
        found = _HEADER.match(lines[0])
        return found["id"] if found else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        return _parse_hand(lines, start, _HEADER.match(lines[0]))


def _parse_hand(lines: list[str], start: int, head: re.Match[str] | None) -> HandHistory:
    b, cash = _begin(lines, start, head)
    found = _c_loop(lines, b, cash) if _c_loop is not None else None
    if found is None:
        if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
            b, cash = _begin(lines, start, head)
        found = _loop(lines, b, cash)
    section, total = found
    if section != "summary" or total < 0:
        raise BadHand("cut short: no summary")
    # What was paid from the main pot and from the side pot, after rake: the pots
    # as the site made them (each gives up its own part of the rake).
    paid = [sum(a for pot, _, a in b.collections if pot == k) for k in (0, 1)]
    return b.finish(total_pot=total, pots=tuple(paid) if paid[1] else ())


def _begin(lines: list[str], start: int, head: re.Match[str] | None
           ) -> tuple[HandBuilder, bool]:
    """The builder of a hand with its header read, and whether it is cash."""
    if head is None:
        raise BadHand(f"not a hand header: {lines[0][:80]!r}")
    game_name = head["game"] or head["tgame"]
    game = _GAME.match(game_name)
    if game is None:
        raise OtherGame(game_name)
    b = HandBuilder(SITE, head["id"], start)
    b.game = game_name
    cash = head["tid"] is None
    b.limit = _LIMITS[game["limit"]] if game["limit"] else Limit.POT   # (tournaments: pot limit)
    b.table = head["table"] or head["ttable"]
    b.date = date_of(head["date"])
    if not cash:
        b.tournament_id = head["tid"]
        level = _LEVEL.search(head["rest"])
        if level is not None:
            b.level = level["level"]
            b.stakes = (money(level["sb"], False), money(level["bb"], False))
    else:
        b.currency = "USD"
    return b, cash


def _loop(lines: list[str], b: HandBuilder, cash: bool) -> tuple[str, int]:
    """The lines after the header, into ``b``: the section reached and the total pot
    (-1: none read) (csrc/py/hhsite_bovada.c: its twin)."""
    seats: list[tuple[int, str, int]] = []
    players: dict[str, tuple[str, bool]] = {}   # "Big Blind  [ME]" -> _player's answer
    section = "seats"
    total = -1
    for line in lines[1:]:
        if section == "seats" and line.startswith("Seat ") and (seat := _SEAT.match(line)):
            name, hero = _player(seat["name"])
            seats.append((int(seat["seat"]), name, money(seat["chips"], cash)))
            if hero:
                b.hero = name
            continue
        if section == "seats":   # the seats are listed: number them
            renumber = any(number > 10 for number, _, _ in seats)
            for k, (number, name, chips) in enumerate(seats):
                b.seat(k + 1 if renumber else number, name, chips)
            if "Dealer" in b.stack:
                b.button = b.seat_number("Dealer")
            section = "play"
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
            elif name == "SUMMARY":
                section = "summary"
            elif name != "HOLE CARDS":
                raise OtherGame(f"{b.game} ({name.lower()})")
            continue
        if section == "summary":
            if line.startswith("Total Pot(") and (found := _TOTAL.match(line)) is not None:
                total = money(found["total"], cash)
            continue   # (the seat lines say again what the play said)
        who, colon, what = line.partition(" : ")
        if not colon:
            if line.startswith(_NOISE):
                continue
            raise BadHand(f"a line not understood: {line[:80]!r}")
        player = players.get(who)
        if player is None:
            player = players[who] = _player(who)
        name, hero = player
        if hero:
            b.hero = name
        _action(b, name, what, cash)
    return section, total


def _action(b: HandBuilder, who: str, what: str, cash: bool) -> None:
    """One ``player : what`` line."""
    verb = what.partition(" ")[0].partition("(")[0]
    if verb in ("Folds", "Fold"):
        b.fold(who)
        return
    if verb == "Checks":
        b.check(who)
        return
    if what.startswith("Card dealt to a spot"):
        b.holes[who] = cards(what.partition("[")[2].partition("]")[0])
        b.active.add(who)
        return
    if verb == "Showdown":
        b.show(who, b.holes.get(who, ()))
        return
    if verb == "Mucks":
        b.muck(who, b.holes.get(who, ()))
        return
    if what.startswith(("Set dealer", "Seat ", "Table ", "Sit out", "Re-join", "Does not show")):
        return
    amount = _AMOUNT.search(what)
    chips = money(amount["amount"], cash) if amount else 0
    if verb in ("Calls", "Call"):
        b.call(who, chips)
    elif verb == "Bets":
        b.bet_(who, chips)
    elif verb in ("Raises", "All-in") and (raised := _RAISE.search(what)) is not None:
        b.raise_to(who, money(raised["to"], cash))
    elif verb == "All-in":
        b.wager_added(who, chips)
    elif what.startswith(("Small Blind ", "Ante/Small Blind ", "Small blind ")):
        b.post(who, "small blind", chips)
    elif what.startswith(("Big blind", "Big Blind", "Posts chip")):   # (a posted chip is live)
        b.post(who, "big blind", chips)
    elif what.startswith("Posts dead chip"):
        b.post_dead(who, chips)
    elif what.startswith("Ante chip"):
        b.post(who, "ante", chips)
    elif what.startswith("Return uncalled portion of bet"):
        b.returns(who, chips)
    elif what.startswith(("Hand result", "Hand Result")):
        b.collect(who, chips, 1 if "Side pot" in what else 0)
    else:
        raise BadHand(f"a line not understood: {who} : {what[:60]}")


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_bovada = reader_function(BovadaReader)


def parse_bovada(text: str) -> BovadaReader:
    """The Omaha Hi/Lo hands of a Bovada history given as a string."""
    return BovadaReader(iter(text.splitlines()), "<text>")
