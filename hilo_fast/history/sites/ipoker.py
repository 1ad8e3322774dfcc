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
from typing import Any, NamedTuple
from xml.etree.ElementTree import Element

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder
from ._xml import XmlSiteReader

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


_MONEY: tuple[dict[str, int], dict[str, int]] = ({}, {})   # amounts repeat: each read once


def _money(text: str, cash: bool) -> int:
    """``€1,000``, ``€0.50``, ``€0,50``, ``€1.000,50`` in cents (or chips)."""
    cache = _MONEY[cash]
    found = cache.get(text)
    if found is None:
        found = _parse_money(text, cash)
        if len(cache) < 10_000:
            cache[text] = found
    return found


def _parse_money(text: str, cash: bool) -> int:
    digits = text.strip().lstrip("$€£").strip()
    if "," in digits:   # a decimal comma (two digits after the last one, no dot after it)
        comma = digits.rfind(",")
        if comma > digits.rfind(".") and len(digits) - comma == 3:
            digits = digits.replace(".", "").replace(",", ".")
        else:
            digits = digits.replace(",", "")
    whole, _, frac = digits.partition(".")
    if not whole.isdecimal() or not whole.isascii() or (frac and not frac.isdecimal()):
        raise BadHand(f"bad amount {text!r}")
    if not cash:
        if frac.strip("0"):
            raise BadHand(f"fractional chips {text!r}")
        return int(whole)
    if len(frac) > 2:
        raise BadHand(f"bad amount {text!r} (more than two decimals)")
    return int(whole) * 100 + int(frac.ljust(2, "0") or "0")


#: iPoker's card words (suit first, ten as 10: ``S10``) -> cards (``Ts``).
_CARD_WORDS = {suit.upper() + ("10" if rank == "T" else rank): rank + suit
               for rank in "23456789TJQKA" for suit in "cdhs"}


def _cards(text: str) -> tuple[str, ...] | None:
    """``"CJ S6 D2 C10"`` (suit first) as cards; None when hidden (``X``)."""
    words = text.split()
    if not words or "X" in words:
        return None
    try:
        return tuple(map(_CARD_WORDS.__getitem__, words))
    except KeyError:
        bad = next(word for word in words if word not in _CARD_WORDS)
        raise BadHand(f"bad card {bad!r}") from None


def _date(text: str | None) -> datetime | None:
    """``2023-08-12 23:07:42`` (None when absent or not that)."""
    text = (text or "").strip()
    try:
        return datetime(int(text[0:4]), int(text[5:7]), int(text[8:10]), int(text[11:13]),
                         int(text[14:16]), int(text[17:19]))
    except ValueError:
        return None


class _Session(NamedTuple):
    """What a session's ``<general>`` says of its hands."""

    game: str | None    # None: not Omaha Hi/Lo
    kind: str
    limit: Limit
    cash: bool
    currency: str | None
    stakes: tuple[int, int]
    hole_count: int
    table: str
    max_seats: int | None
    hero: str | None
    tournament: str | None


class IPokerReader(XmlSiteReader):
    """The Omaha Hi/Lo hands of an iPoker file (see the module doc)."""

    site = SITE
    HAND_TAG = "game"
    CONTEXT_TAGS = frozenset(("general",))
    HAND_START = re.compile(r"<(?:game|session)\b")   # (a session too: after an XML
    # error the reader starts again at either, so no session loses its <general>)
    ID_ATTRIBUTE = "gamecode"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.session: _Session | str = "no session <general> before the hand"

    def _context(self, element: Element) -> None:
        try:
            self.session = _session({child.tag: (child.text or "").strip()
                                     for child in element})
        except BadHand as exc:
            self.session = str(exc)

    def _hand(self, game: Element, line: int) -> HandHistory | None:
        session = self.session
        if isinstance(session, str):
            raise BadHand(session)
        if session.game is None:
            self._skip(session.kind or "unknown game")
            return None
        cash = session.cash
        b = HandBuilder(SITE, game.get("gamecode", ""), line)
        b.show_rule = True
        general = game.find("general")
        players = general.find("players") if general is not None else None
        if players is None or not len(players):
            raise BadHand("no players")
        money = _MONEY[cash]   # (the cache of _money, looked up here: most amounts repeat)
        for player in sorted(players, key=_seat_number):
            seat = int(player.get("seat", "0"))
            b.seat(seat, player.get("name", ""), _money(player.get("chips", "0"), cash))
            if player.get("dealer") == "1":
                b.button = seat
        actions = _ACTIONS
        for round_ in game:
            if round_.tag != "round":
                continue
            number = round_.get("no", "")
            if number in _STREETS:
                b.new_street(_STREETS[number], ())
            for item in round_:
                get = item.get
                tag = item.tag
                if tag == "action":
                    kind = get("type", "")
                    how = actions.get(kind)
                    if how is None:
                        raise BadHand(f"unknown action type {kind} of {get('player')}")
                    method, post = how
                    if method is None:
                        continue
                    if kind == "0" or kind == "4":
                        method(b, get("player", ""))
                        continue
                    text = get("sum", "0")
                    chips = money.get(text)
                    if chips is None:
                        chips = _money(text, cash)
                    if post:
                        method(b, get("player", ""), post, chips)
                    else:
                        method(b, get("player", ""), chips)
                elif tag == "cards":
                    cards = _cards(item.text or "")
                    if cards is None:
                        continue
                    if get("type") == "Pocket":
                        b.hole(get("player", ""), cards)
                        b.show(get("player", ""))
                    else:
                        b.deal_board(cards)
        for player in players:
            b.collect(player.get("name", ""), _money(player.get("win", "0"), cash))
        return b.finish(
            game=session.game, hole_count=session.hole_count, limit=session.limit,
            stakes=session.stakes, currency=session.currency, table=session.table,
            max_seats=session.max_seats, hero=session.hero,
            date=_date(general.findtext("startdate") if general is not None else None),
            tournament_id=session.tournament)


def _seat_number(player: Element) -> int:
    return int(player.get("seat", "0"))


def _session(general: dict[str, str]) -> _Session:
    kind = general.get("gametype", "")
    parts = _GAME.match(kind)
    tournament = general.get("tournamentcode") or None
    cash = tournament is None and general.get("mode", "real") == "real"
    currency = general.get("tablecurrency") or _SYMBOLS.get(general.get("smallblind", "")[:1])
    limit = _LIMITS[parts["limit"]] if parts is not None else Limit.POT
    hilo = _HILO.search(kind) is not None
    if hilo and parts is None:
        raise BadHand(f"game {kind!r} names no limit")
    small = _money(general.get("smallblind", "0"), cash) if hilo else 0
    big = _money(general.get("bigblind", "0"), cash) if hilo else 0
    size = general.get("tablesize", "")
    return _Session(
        game=(parts["game"] or kind) if hilo and parts is not None else None, kind=kind,
        limit=limit, cash=cash, currency=currency,
        stakes=(big, 2 * big) if limit == Limit.FIXED else (small, big),
        hole_count=5 if _FIVE.search(kind) else 4, table=general.get("tablename", ""),
        max_seats=int(size) if size.isdecimal() else None,
        hero=general.get("nickname") or None, tournament=tournament)


#: action type -> (the HandBuilder method, the post's kind or None); None: nothing to do.
_ACTIONS: dict[str, tuple[Any, str | None]] = {
    "0": (HandBuilder.fold, None), "1": (HandBuilder.post, "small blind"),
    "2": (HandBuilder.post, "big blind"), "15": (HandBuilder.post, "ante"),
    "3": (HandBuilder.call, None), "4": (HandBuilder.check, None),
    "5": (HandBuilder.wager_added, None), "7": (HandBuilder.wager_added, None),
    "23": (HandBuilder.raise_to, None), "9": (None, None),   # 9: sitting out
}


read_ipoker = reader_function(IPokerReader)


def parse_ipoker(text: str) -> IPokerReader:
    """The hands of an iPoker history given as a string."""
    return IPokerReader(text.splitlines(), "<text>")
