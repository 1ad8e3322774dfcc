"""Read iPoker hand histories (XML: ``<session>``, its ``<general>``, then one
``<game>`` per hand): every Omaha Hi/Lo hand as a :class:`HandHistory`.

What the format says (worked out from the site's files, see
docs/hand-histories.md): the session's ``<general>`` names the game
(``Omaha HiLow PL €5/€10``), the table, its currency and size and the hero;
each ``<game gamecode=...>`` lists its players (``chips`` at the start,
``dealer="1"`` on the button, ``win``: what the player collected) and its
rounds: round 0 the blinds, 1 the pre-flop (each player's ``Pocket`` cards,
``X`` when unseen), 2, 3, 4 the flop, turn and river. Action types: 0 fold,
1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7 all-in, 15 ante,
23 raise; ``sum`` is the chips the action put in, except for a raise, where
it is the total raised to. The file gives no rake: it is the pot less what
was collected. The XML is read by a hardened parser (:mod:`._xml`).

>>> text = '''<session sessioncode="1"><general><gametype>Omaha HiLow PL $0.01/$0.02</gametype>
... <tablename>T</tablename><smallblind>$0.01</smallblind><bigblind>$0.02</bigblind>
... <tablecurrency>USD</tablecurrency><tablesize>6</tablesize>
... </general><game gamecode="9"><general><players>
... <player seat="1" name="ann" chips="$1" dealer="1" win="$0"/>
... <player seat="2" name="bob" chips="$2" dealer="0" win="$0.02"/></players></general>
... <round no="0"><action no="1" player="ann" type="1" sum="$0.01"/>
... <action no="2" player="bob" type="2" sum="$0.02"/></round>
... <round no="1"><action no="3" player="ann" type="0" sum="$0"/></round></game></session>'''
>>> [(h.hand_id, h.collected, h.replay().exact) for h in parse_ipoker(text)]
[('9', {'bob': 2}, True)]
"""

from __future__ import annotations

import re
from datetime import datetime
from xml.etree.ElementTree import Element

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import HandBuilder, Unreadable
from ._xml import XmlSiteReader, card_of

__all__ = ["SITE", "IPokerReader", "parse_ipoker", "read_ipoker", "sniff"]

SITE = "ipoker"
_GAME = re.compile(r"(?P<game>.*?)\s*\b(?P<limit>PL|NL|FL|L)\b\s*(?P<stakes>.*)$")
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED, "L": Limit.FIXED}
_HILO = re.compile(r"omaha.*hi.?lo", re.IGNORECASE)
_FIVE = re.compile(r"\b5[ -]?card", re.IGNORECASE)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREETS = {"2": "flop", "3": "turn", "4": "river"}


def sniff(head: str) -> bool:
    """An iPoker session: ``<session sessioncode=`` near the top."""
    return "<session sessioncode=" in head or (
        "<session " in head and "<gametype>" in head and "<game gamecode=" in head)


def _money(text: str, cash: bool) -> int:
    """``€1,000``, ``€0.50``, ``€0,50`` (a decimal comma: two digits after it)."""
    digits = text.strip().lstrip("$€£").strip()
    if "," in digits and "." not in digits and len(digits.rpartition(",")[2]) == 2:
        digits = digits.replace(",", ".")
    digits = digits.replace(",", "")
    whole, _, frac = digits.partition(".")
    if not whole.isdigit() or not whole.isascii() or (frac and not frac.isdigit()):
        raise Unreadable(f"bad amount {text!r}")
    if not cash:
        if frac.strip("0"):
            raise Unreadable(f"fractional chips {text!r}")
        return int(whole)
    if len(frac) > 2:
        raise Unreadable(f"bad amount {text!r} (more than two decimals)")
    return int(whole) * 100 + int(frac.ljust(2, "0") or "0")


def _cards(text: str) -> tuple[str, ...] | None:
    """``"CJ S6 D2 C10"`` (suit first) as cards; None when hidden (``X``)."""
    words = text.split()
    if not words or any(word == "X" for word in words):
        return None
    return tuple(card_of(word[1:], word[0]) for word in words)


class IPokerReader(XmlSiteReader):
    """The Omaha Hi/Lo hands of an iPoker file (see the module doc)."""

    site = SITE
    HAND_TAG = "game"
    CONTEXT_TAGS = frozenset(("general",))
    HAND_START = re.compile(r"<game\b")
    ID_ATTRIBUTE = "gamecode"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.session: dict[str, str] = {}

    def _context(self, element: Element) -> None:
        self.session = {child.tag: (child.text or "").strip() for child in element}

    def _hand(self, game: Element, line: int) -> HandHistory | None:
        session = self.session
        kind = session.get("gametype", "")
        if not _HILO.search(kind):
            self._skip(kind or "unknown game")
            return None
        parts = _GAME.match(kind)
        if parts is None:
            raise Unreadable(f"game {kind!r} names no limit")
        tournament = bool(session.get("tournamentcode"))
        cash = not tournament and session.get("mode", "real") == "real"
        currency = session.get("tablecurrency") or None
        if currency is None:
            symbol = session.get("smallblind", "")[:1]
            currency = _SYMBOLS.get(symbol)
        limit = _LIMITS[parts["limit"]]
        small = _money(session.get("smallblind", "0"), cash)
        big = _money(session.get("bigblind", "0"), cash)
        stakes = (big, 2 * big) if limit == Limit.FIXED else (small, big)
        hand_id = game.get("gamecode", "")
        b = HandBuilder(SITE, hand_id, line)
        players = game.findall("./general/players/player")
        if not players:
            raise Unreadable("no players")
        for player in sorted(players, key=lambda p: int(p.get("seat", "0"))):
            name = player.get("name", "")
            b.seat(int(player.get("seat", "0")), name, _money(player.get("chips", "0"), cash))
            if player.get("dealer") == "1":
                b.button = int(player.get("seat", "0"))
        hole_count = 5 if _FIVE.search(kind) else 4
        for round_ in game.iter("round"):
            number = round_.get("no", "")
            if number in _STREETS:
                b.new_street(_STREETS[number])
            for item in round_:
                if item.tag == "cards":
                    cards = _cards(item.text or "")
                    if item.get("type") == "Pocket":
                        if cards is not None:
                            b.hole(item.get("player", ""), cards)
                            b.show(item.get("player", ""))
                    elif cards is not None:
                        b.deal_board(cards)
                elif item.tag == "action":
                    self._action(b, item, cash)
        for player in players:
            b.win(player.get("name", ""), _money(player.get("win", "0"), cash))
        date = None
        start = game.findtext("./general/startdate")
        if start:
            try:
                date = datetime.strptime(start.strip(), "%Y-%m-%d %H:%M:%S")
            except ValueError:
                date = None
        return b.finish(
            game=parts["game"] or kind, hole_count=hole_count, limit=limit, stakes=stakes,
            currency=currency, table=session.get("tablename", ""),
            max_seats=int(session["tablesize"]) if session.get("tablesize", "").isdigit()
            else None, hero=session.get("nickname") or None, date=date,
            tournament_id=session.get("tournamentcode") or None)

    @staticmethod
    def _action(b: HandBuilder, item: Element, cash: bool) -> None:
        name = item.get("player", "")
        kind = item.get("type", "")
        chips = _money(item.get("sum", "0"), cash)
        if kind == "0":
            b.fold(name)
        elif kind == "1":
            b.post(name, "small blind", chips)
        elif kind == "2":
            b.post(name, "big blind", chips)
        elif kind == "15":
            b.post(name, "ante", chips)
        elif kind == "3":
            b.call(name, chips)
        elif kind == "4":
            b.check(name)
        elif kind in ("5", "7"):
            b.bet_added(name, chips)
        elif kind == "23":
            b.raise_to(name, chips)
        elif kind == "9":   # sitting out: dealt nothing
            pass
        else:
            raise Unreadable(f"unknown action type {kind} of {name}")


read_ipoker = reader_function(IPokerReader)


def parse_ipoker(text: str) -> IPokerReader:
    """The hands of an iPoker history given as a string."""
    return IPokerReader(text.splitlines(), "<text>")
