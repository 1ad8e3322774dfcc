"""Read Merge Network (Carbon Poker) hand histories (XML, ``.txt`` or ``.xml``: a
``<description>`` then ``<game>`` elements one after the other, with no root):
every Omaha Hi/Lo hand as a :class:`HandHistory`.

What the format says (worked out from the site's files, see
docs/hand-histories.md): ``<description type="Omaha H/L8" stakes="Limit
$0.25/$0.50"/>`` names the game (``... Tournament`` for a tournament, whose
stakes name only the limit); each ``<game id=... numholecards=...>`` lists its
players (``seat`` from 0, ``balance``: the chips behind *after* the blinds were
posted, ``dealtin``) and the dealer's seat, then rounds of events whose
``player`` is a seat number: SMALL_BLIND, BIG_BLIND, ANTE, CALL, BET, RAISE,
ALL_IN (``amount``: the chips the action put in), CHECK, FOLD, SHOW, MUCK,
CHAT (ignored); cards HOLE (the hero's), COMMUNITY (the board so far), SHOWN;
``<winner amount potnumber player>`` what each collected from each pot (1 =
main). The file gives no rake: it is the pot less what was collected.

>>> text = '''<description type="Omaha H/L8" stakes="Pot Limit $0.01/$0.02"/>
... <game id="5-1" numholecards="4" data="20110908|T (5)|5|5-1|false">
... <players dealer="0"><player seat="0" nickname="ann" balance="$0.99" dealtin="true"/>
... <player seat="1" nickname="bob" balance="$1.98" dealtin="true"/></players>
... <round id="BLINDS"><event type="SMALL_BLIND" player="0" amount="0.01"/>
... <event type="BIG_BLIND" player="1" amount="0.02"/></round>
... <round id="PREFLOP"><event type="FOLD" player="0"/></round>
... <round id="END_OF_GAME"><winner amount="0.02" potnumber="1" player="1"/></round>
... </game>'''
>>> [(h.hand_id, h.seats[0].stack, h.collected, h.replay().exact) for h in parse_merge(text)]
[('5-1', 100, {'bob': 2}, True)]
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, money, seated, strptime
from ._xml import XmlSiteReader, card_of

__all__ = ["SITE", "MergeReader", "parse_merge", "read_merge", "sniff"]

SITE = "merge"
_STAKES = re.compile(r"(?P<limit>Pot Limit|No Limit|Limit)\s*"
                     r"(?:(?P<cur>[$€£]?)(?P<low>[\d.,]+)/[$€£]?(?P<high>[\d.,]+))?")
_LIMITS = {"Pot Limit": Limit.POT, "No Limit": Limit.NO, "Limit": Limit.FIXED}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREETS = {"POSTFLOP": "flop", "POSTTURN": "turn", "POSTRIVER": "river"}
_BLINDS = {"SMALL_BLIND": "small blind", "BIG_BLIND": "big blind", "ANTE": "ante",
           "DEAD_SMALL_BLIND": "dead small blind"}
_IGNORED = frozenset(("CHAT", "PLAYER_OUT", "SIT_OUT", "SIT_IN", "DISCONNECT", "RECONNECT",
                      "TIMEOUT", "SHOW", "MUCK", "JOIN", "LEAVE"))


def sniff(head: str) -> bool:
    """A Merge history: a ``<description type=...>`` or a ``<game id=...`` with
    ``numholecards``."""
    return "<description type=" in head or ("<game id=" in head and "numholecards=" in head)


def _cards(text: str) -> tuple[str, ...]:
    return tuple(card_of(card[:-1], card[-1]) for card in text.split(",") if card)


class MergeReader(XmlSiteReader):
    """The Omaha Hi/Lo hands of a Merge file (see the module doc)."""

    site = SITE
    HAND_TAG = "game"
    CONTEXT_TAGS = frozenset(("description",))
    HAND_START = re.compile(r"<game\b")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.description: dict[str, str] = {}

    def _context(self, element: Element) -> None:
        self.description = dict(element.attrib)

    def _hand(self, game: Element, line: int) -> HandHistory | None:
        kind = self.description.get("type", "")
        if "H/L" not in kind or "Omaha" not in kind:
            self._skip(kind or "unknown game")
            return None
        stakes_text = self.description.get("stakes", "")
        parts = _STAKES.match(stakes_text)
        if parts is None:
            raise BadHand(f"stakes {stakes_text!r}")
        tournament = "Tournament" in kind or "Tourney" in kind
        cash = not tournament
        limit = _LIMITS[parts["limit"]]
        hand_id = game.get("id", "")
        b = HandBuilder(SITE, hand_id, line)
        b.show_rule = True
        players = game.find("players")
        if players is None:
            raise BadHand("no players")
        name_of: dict[str, str] = {}
        posted: dict[str, int] = {}
        blinds = [e for round_ in game if round_.tag == "round" and round_.get("id") == "BLINDS"
                  for e in round_ if e.tag == "event" and e.get("type") in _BLINDS]
        for event in blinds:
            seat = event.get("player", "")
            posted[seat] = posted.get(seat, 0) + money(event.get("amount", "0"), cash)
        for player in players:
            seat = player.get("seat", "")
            name = player.get("nickname", "")
            name_of[seat] = name
            # the balance is after the blinds (checked on all-in hands): add them back
            stack = money(player.get("balance", "0"), cash) + posted.get(seat, 0)
            b.seat(int(seat) + 1, name, stack, player.get("dealtin") == "false")
        b.button = int(players.get("dealer", "0")) + 1
        blind_amounts: list[int] = []
        for round_ in game.iter("round"):
            street = _STREETS.get(round_.get("id", ""))
            if street:
                b.new_street(street, ())
            for item in round_:
                if item.tag == "event":
                    kind_ = item.get("type", "")
                    if kind_ in _IGNORED:
                        continue
                    name = seated(name_of, item.get("player", ""), kind_)
                    chips = money(item.get("amount", "0"), cash)
                    if kind_ in _BLINDS:
                        b.post(name, _BLINDS[kind_], chips)
                        blind_amounts.append(chips)
                    elif kind_ == "FOLD":
                        b.fold(name)
                    elif kind_ == "CHECK":
                        b.check(name)
                    elif kind_ == "CALL":
                        b.call(name, chips)
                    elif kind_ in ("BET", "RAISE", "ALL_IN"):
                        b.wager_added(name, chips)
                    else:
                        raise BadHand(f"unknown event {kind_}")
                elif item.tag == "cards":
                    what = item.get("type")
                    cards = _cards(item.get("cards", ""))
                    if what == "COMMUNITY":
                        b.deal_board(cards)
                    elif what in ("HOLE", "SHOWN") and cards:
                        name = seated(name_of, item.get("player", ""), "cards")
                        b.hole(name, cards)
                        if what == "SHOWN":
                            b.show(name)
                elif item.tag == "winner" and item.get("uncalled") != "true":
                    name = seated(name_of, item.get("player", ""), "a win")
                    b.collect(name, money(item.get("amount", "0"), cash),
                          max(int(item.get("potnumber", "1") or 1) - 1, 0))
        if parts["low"]:
            low, high = money(parts["low"], cash), money(parts["high"], cash)
        else:   # a tournament's stakes name no amounts: the blinds posted
            high = max(blind_amounts, default=0)
            low = min(blind_amounts, default=0)
            if limit == Limit.FIXED:
                low, high = high, 2 * high
        data = game.get("data", "").split("|")
        date = None
        with_time = game.get("starttime", "")
        if len(with_time) == 14 and with_time.isdecimal():
            date = strptime(with_time, "%Y%m%d%H%M%S")
        hero = next((name_of[c.get("player", "")] for c in game.iter("cards")
                     if c.get("type") == "HOLE" and c.get("player") in name_of), None)
        seats = game.get("seats", "")
        return b.finish(
            game=kind.replace(" Tournament", ""), hole_count=int(game.get("numholecards", "4")),
            limit=limit, stakes=(low, high),
            currency=_SYMBOLS.get(parts["cur"] or "") if cash else None,
            table=data[1] if len(data) > 1 else "", max_seats=int(seats) if seats.isdecimal()
            else None, hero=hero, date=date,
            tournament_id=(data[2] if len(data) > 2 else hand_id) if tournament else None)


read_merge = reader_function(MergeReader)


def parse_merge(text: str) -> MergeReader:
    """The hands of a Merge history given as a string."""
    return MergeReader(text.splitlines(), "<text>")
