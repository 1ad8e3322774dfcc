"""Read Boss Media hand histories (XML: ``<HISTORY>`` elements, one per hand, with
or without a ``<ROOT>`` around them): every Omaha Hi/Lo hand as a :class:`HandHistory`.

What the format says (worked out from the site's files, see
docs/hand-histories.md): ``<HISTORY ID GAME="GAME_OMAHL" LIMIT="PL"
STAKES="2.50/5.00" TABLECURRENCY GAMEKIND DATE>`` (GAME_OMAHL is Omaha Hi/Lo;
STAKES are the blinds); ``<PLAYER NAME SEAT AMOUNT STATE DEALER>`` (AMOUNT: the
chips at the start; STATE_EMPTY: nobody); then ``<ACTION>`` elements in order:
HAND_BLINDS (KIND HAND_SB, HAND_BB, HAND_DEAD), HAND_ANTE, HAND_DEAL (a
player's cards, ``b`` when unseen), ACTION_FOLD, _CHECK, _CALL, _BET, _RAISE,
_ALLIN (VALUE: the chips the action put in; a raise's VALUE is what the player
put in with it, a call's is what it added, except in some older files where a
call's VALUE is the total called to: each hand is read both ways and the one
that matches the file's own pot totals is kept), HAND_BOARD (the board so far,
with POT and RAKE: the pot *after* the rake taken so far, and that rake);
``<SHOWDOWN POT RAKE>`` and one ``<RESULT PLAYER WIN>`` per player (WIN: what
the player collected; its cards when shown). Cards are numbers: 0-12 the
diamonds A, 2, ..., K, then clubs, hearts, spades.

>>> text = '''<HISTORY ID="7" GAME="GAME_OMAHL" LIMIT="PL" STAKES="0.01/0.02"
... TABLECURRENCY="EUR" GAMEKIND="GAMEKIND_CASH" TABLE="T" DATE="1341335256">
... <PLAYER NAME="ann" SEAT="1" AMOUNT="1.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
... <PLAYER NAME="bob" SEAT="2" AMOUNT="2.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
... <ACTION TYPE="HAND_BLINDS" PLAYER="ann" KIND="HAND_SB" VALUE="0.01"></ACTION>
... <ACTION TYPE="HAND_BLINDS" PLAYER="bob" KIND="HAND_BB" VALUE="0.02"></ACTION>
... <ACTION TYPE="ACTION_FOLD" PLAYER="ann"></ACTION>
... <SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.02" RAKE="0.00">
... <RESULT PLAYER="bob" WIN="0.02"></RESULT></SHOWDOWN></HISTORY>'''
>>> [(h.hand_id, h.collected, h.replay().exact) for h in parse_boss(text)]
[('7', {'bob': 2}, True)]
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import cast
from xml.etree.ElementTree import Element

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, money
from ._xml import XmlSiteReader

__all__ = ["SITE", "BossReader", "parse_boss", "read_boss", "sniff"]

SITE = "boss"
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED}
_STREETS = {"BOARD_FLOP": "flop", "BOARD_TURN": "turn", "BOARD_RIVER": "river"}
_BLINDS = {"HAND_SB": "small blind", "HAND_BB": "big blind", "HAND_DEAD": "dead small blind"}
_SUITS = "dchs"
_RANKS = "A23456789TJQK"


def sniff(head: str) -> bool:
    """A Boss Media history: ``<HISTORY ID=`` with ``GAMEKIND=``."""
    return "<HISTORY ID=" in head and "GAMEKIND=" in head


def _card(link: str) -> str | None:
    """Card number 0-51 as a card; None for an unseen card (``b``)."""
    if link == "b":
        return None
    if not link.isdecimal() or int(link) > 51:
        raise BadHand(f"bad card number {link!r}")
    number = int(link)
    return _RANKS[number % 13] + _SUITS[number // 13]


#: Card number (``"0"``..``"51"``) -> card; ``"b"``: unseen (read once, by _card).
_CARD_OF: dict[str, str | None] = {link: _card(link) for link in [*map(str, range(52)), "b"]}


def _cards(element: Element) -> tuple[str, ...] | None:
    try:   # (the numbers as the site writes them, looked up; any other, read by _card)
        cards = [_CARD_OF[card.get("LINK", "")] for card in element.iter("CARD")]
    except KeyError:
        cards = [_card(card.get("LINK", "")) for card in element.iter("CARD")]
    if not cards or None in cards:
        return None
    return cast("tuple[str, ...]", tuple(cards))


class _PotMismatch(Exception):
    """The file's pot total at a street does not match the chips read."""


class BossReader(XmlSiteReader):
    """The Omaha Hi/Lo hands of a Boss Media file (see the module doc)."""

    site = SITE
    HAND_TAG = "HISTORY"
    HAND_START = re.compile(r"<HISTORY\b")
    ID_ATTRIBUTE = "ID"

    def _hand(self, history: Element, line: int) -> HandHistory | None:
        game = history.get("GAME", "")
        if not (game.startswith("GAME_OMA") and game.endswith("HL")):
            self._skip(game or "unknown game")
            return None
        try:
            return self._read(history, line, calls_to_total=False, check=True)
        except _PotMismatch:
            pass
        try:
            return self._read(history, line, calls_to_total=True, check=True)
        except _PotMismatch:   # neither way adds up: read as the newer files are, flagged
            return self._read(history, line, calls_to_total=False, check=False)

    def _read(self, history: Element, line: int, calls_to_total: bool,
              check: bool) -> HandHistory:
        cash = history.get("GAMEKIND") == "GAMEKIND_CASH"
        limit_text = history.get("LIMIT", "")
        if limit_text not in _LIMITS:
            raise BadHand(f"unknown limit {limit_text!r}")
        limit = _LIMITS[limit_text]
        low_text, _, high_text = history.get("STAKES", "").partition("/")
        small, big = money(low_text, cash), money(high_text, cash)
        b = HandBuilder(SITE, history.get("ID", ""), line)
        b.show_rule = True
        dealt: list[str] = []
        hero = None
        for player in history.iterfind("PLAYER"):
            state = player.get("STATE", "")
            if state == "STATE_EMPTY":
                continue
            name = player.get("NAME", "")
            b.seat(int(player.get("SEAT", "0")), name, money(player.get("AMOUNT", "0"), cash),
                   sitting_out=state not in ("STATE_PLAYING", ""))
            if player.get("DEALER") == "Y":
                b.button = int(player.get("SEAT", "0"))
        pot_total = None
        for item in history:
            tag = item.tag
            if tag == "ACTION":
                kind = item.get("TYPE", "")
                name = item.get("PLAYER", "")
                value = money(item.get("VALUE", "0"), cash) \
                    if kind.startswith("ACTION_") or kind in ("HAND_BLINDS", "HAND_ANTE") else 0
                if kind == "HAND_BLINDS":
                    b.post(name, _BLINDS.get(item.get("KIND", ""), "big blind"), value)
                elif kind == "HAND_ANTE":
                    b.post(name, "ante", value)
                elif kind == "HAND_DEAL":
                    dealt.append(name)
                    cards = _cards(item)
                    if cards is not None:
                        b.hole(name, cards)
                        hero = hero or name
                elif kind == "ACTION_FOLD":
                    b.fold(name)
                elif kind == "ACTION_CHECK":
                    b.check(name)
                elif kind == "ACTION_CALL":
                    b.call(name, value - b.bet.get(name, 0) if calls_to_total else value)
                    if check and b.odd_calls:
                        raise _PotMismatch   # a call past the bet: not this reading
                elif kind in ("ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"):
                    b.wager_added(name, value)
                elif kind == "HAND_BOARD":
                    if check:
                        self._check_pot(b, item, cash, street_over=True)
                    street = _STREETS.get(item.get("VALUE", ""))
                    if street is None:
                        raise BadHand(f"unknown board {item.get('VALUE')!r}")
                    b.new_street(street, ())
                    cards = _cards(item)
                    if cards is None:
                        raise BadHand("a board card unseen")
                    b.deal_board(cards)
                else:
                    raise BadHand(f"unknown action {kind!r}")
            elif tag == "SHOWDOWN":
                if check:
                    self._check_pot(b, item, cash, street_over=True)
                pot_total = money(item.get("POT", "0") or "0", cash) + \
                    money(item.get("RAKE", "0") or "0", cash)
                rake = money(item.get("RAKE", "0") or "0", cash)
                for result in item.iterfind("RESULT"):
                    name = result.get("PLAYER", "")
                    b.collect(name, money(result.get("WIN", "0"), cash))
                    cards = _cards(result)
                    if cards is not None:
                        b.hole(name, cards)
                        b.show(name)
        if pot_total is None:
            raise BadHand("no SHOWDOWN: the hand is cut short")
        stakes = (big, 2 * big) if limit == Limit.FIXED else (small, big)
        date = None
        stamp = history.get("DATE", "")
        if stamp.isdecimal():
            date = datetime.fromtimestamp(int(stamp), timezone.utc).replace(tzinfo=None)
        return b.finish(
            game="Omaha Hi/Lo", hole_count=5 if "5" in history.get("GAME", "") else 4,
            limit=limit, stakes=stakes, currency=history.get("TABLECURRENCY") if cash else None,
            table=history.get("TABLE", ""), max_seats=None, rake=rake, total_pot=pot_total,
            hero=hero, date=date,
            tournament_id=history.get("TABLETOURNEYID") or None if not cash else None,
            dealt_in=tuple(dealt) or None)

    @staticmethod
    def _check_pot(b: HandBuilder, item: Element, cash: bool, street_over: bool) -> None:
        """The pot the file gives (after rake) plus its rake against the chips read
        (an uncalled bet back to its owner)."""
        pot = item.get("POT", "")
        if not pot:
            return
        total = money(pot, cash) + money(item.get("RAKE", "0") or "0", cash)
        returned = (b.uncalled() or ("", 0))[1]
        if sum(b.put.values()) - returned != total:
            raise _PotMismatch


read_boss = reader_function(BossReader)


def parse_boss(text: str) -> BossReader:
    """The hands of a Boss Media history given as a string."""
    return BossReader(text.splitlines(), "<text>")
