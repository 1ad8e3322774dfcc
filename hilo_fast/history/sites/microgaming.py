"""Read Microgaming (MPN) hand histories (XML ``<Game>`` elements, one per hand,
between lines of plain text such as ``----PRIMA.DAT----``): every Omaha Hi/Lo
hand as a :class:`HandHistory`.

What the format says (worked out from the site's files, see
docs/hand-histories.md): ``<Game id gametype="Omaha H/L" betlimit="PL"
stakes="1|2" realmoney istournament currencysymbol rake playerseat>``
(``stakes``: the blinds; ``rake`` in cents; ``currencysymbol``: the symbol in
base64 UTF-16); ``<Seat num alias balance endbalance dealer>`` (the chips
before and after the hand); then ``<Action seq type seat value>`` in order:
SmallBlind, BigBlind, Ante, DealCards (the hero's cards), Fold, Check, Call,
Bet, Raise, AllIn (``value``: the chips the action put in), DealFlop,
DealTurn, DealRiver, ShowCards, MuckCards, and a last ``Win`` with one
``<Seat num amount pot>`` per pot won. Each seat's ``endbalance`` is checked:
a hand whose chips do not end where the file says is read as "a raise's
value is the total raised to" instead, and flagged if neither adds up.
"""

from __future__ import annotations

import base64
import binascii
import re
from xml.etree.ElementTree import Element

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, money, seated, strptime
from ._xml import XmlSiteReader, card_of

__all__ = ["SITE", "MicrogamingReader", "parse_microgaming", "read_microgaming", "sniff"]

SITE = "microgaming"
_LIMITS = {"PL": Limit.POT, "NL": Limit.NO, "FL": Limit.FIXED, "L": Limit.FIXED}
_STREETS = {"DealFlop": "flop", "DealTurn": "turn", "DealRiver": "river"}
_POSTS = {"SmallBlind": "small blind", "BigBlind": "big blind", "Ante": "ante",
          "DeadBlind": "dead small blind"}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_IGNORED = frozenset(("MuckCards", "SitOut", "SitIn", "Chat", "Timeout", "Disconnect"))


def sniff(head: str) -> bool:
    """A Microgaming history: ``<Game hhversion=``."""
    return "<Game hhversion=" in head or ("<Game " in head and "<Gameplay>" in head)


def _currency(symbol64: str) -> str | None:
    try:
        symbol = base64.b64decode(symbol64).decode("utf-16-le")
    except (binascii.Error, ValueError):
        return None
    return _CURRENCIES.get(symbol, symbol or None)


class _EndMismatch(Exception):
    """The chips read do not end where the file's endbalance says."""


class MicrogamingReader(XmlSiteReader):
    """The Omaha Hi/Lo hands of a Microgaming file (see the module doc)."""

    site = SITE
    HAND_TAG = "Game"
    HAND_START = re.compile(r"<Game\b")

    def _hand(self, game: Element, line: int) -> HandHistory | None:
        kind = game.get("gametype", "")
        if "Omaha" not in kind or ("H/L" not in kind and "Hi/Lo" not in kind
                                   and "HiLo" not in kind):
            self._skip(kind or "unknown game")
            return None
        try:
            return self._read(game, line, raises_to_total=False, check=True)
        except _EndMismatch:
            pass
        try:
            return self._read(game, line, raises_to_total=True, check=True)
        except _EndMismatch:
            return self._read(game, line, raises_to_total=False, check=False)

    def _read(self, game: Element, line: int, raises_to_total: bool,
              check: bool) -> HandHistory:
        cash = game.get("istournament", "0") in ("0", "false") and \
            game.get("realmoney", "true") == "true"
        limit_text = game.get("betlimit", "")
        if limit_text not in _LIMITS:
            raise BadHand(f"unknown limit {limit_text!r}")
        limit = _LIMITS[limit_text]
        low_text, _, high_text = game.get("stakes", "").partition("|")
        small, big = money(low_text, cash), money(high_text, cash)
        b = HandBuilder(SITE, game.get("id", ""), line)
        b.show_rule = True
        name_of: dict[str, str] = {}
        end_of: dict[str, int] = {}
        for seat in _children(game, "Seats", "Seat"):
            number = seat.get("num", "")
            name = seat.get("alias", "")
            name_of[number] = name
            b.seat(int(number), name, money(seat.get("balance", "0"), cash))
            if seat.get("endbalance"):
                end_of[name] = money(seat.get("endbalance", "0"), cash)
            if seat.get("dealer") == "true":
                b.button = int(number)
        hero = name_of.get(game.get("playerseat", ""))
        for action in _children(game, "Gameplay", "Action"):
            kind = action.get("type", "")
            if kind in _IGNORED:
                continue
            if kind in _STREETS:
                b.new_street(_STREETS[kind], ())
                b.deal_board([card_of(c.get("value", ""), c.get("suit", ""))
                              for c in action.iterfind("Card")])
                continue
            if kind == "Win":
                for seat in action.iterfind("Seat"):
                    name = seated(name_of, seat.get("num", ""), "a win")
                    b.collect(name, money(seat.get("amount", "0"), cash),
                          int(seat.get("pot", "0") or 0))
                continue
            name = seated(name_of, action.get("seat", ""), kind)
            value = money(action.get("value", "0"), cash)
            if kind in _POSTS:
                b.post(name, _POSTS[kind], value)
            elif kind in ("DealCards", "ShowCards"):
                cards = tuple(card_of(c.get("value", ""), c.get("suit", ""))
                              for c in action.iterfind("Card"))
                if cards:
                    b.hole(name, cards)
                if kind == "ShowCards":
                    b.show(name)
            elif kind == "Fold":
                b.fold(name)
            elif kind == "Check":
                b.check(name)
            elif kind == "Call":
                b.call(name, value)
            elif kind == "Raise" and raises_to_total:
                b.raise_to(name, value)
            elif kind in ("Bet", "Raise", "AllIn"):
                b.wager_added(name, value)
            else:
                raise BadHand(f"unknown action {kind!r}")
        if check and b.odd_calls:
            raise _EndMismatch
        if check and end_of:
            returned_to, returned = b.uncalled() or (None, 0)
            for info in b.seats:
                end = info.stack - b.put.get(info.name, 0) + b.collected.get(info.name, 0) + (
                    returned if info.name == returned_to else 0)
                if info.name in end_of and end != end_of[info.name]:
                    raise _EndMismatch
        rake_text = game.get("rake", "")
        rake = int(rake_text) if rake_text.isdecimal() else None
        if rake is not None and not cash:
            rake = 0
        date = None
        with_time = game.get("date", "")
        try:
            date = strptime(with_time, "%Y-%m-%d %H:%M:%S")
        except ValueError:
            date = None
        size = game.get("tablesize", "")
        return b.finish(
            game=kind_name(game.get("gametype", "")),
            hole_count=5 if "5" in game.get("gametype", "") else 4, limit=limit,
            stakes=(big, 2 * big) if limit == Limit.FIXED else (small, big),
            currency=_currency(game.get("currencysymbol", "")) if cash else None,
            table=game.get("tablename", ""), max_seats=int(size) if size.isdecimal() else None,
            rake=rake, hero=hero, date=date,
            tournament_id=None if cash else game.get("tournamentid") or game.get("id"))


def _children(game: Element, parent: str, tag: str) -> list[Element]:
    """``game.findall(f"./{parent}/{tag}")`` without ElementPath's Python steps."""
    return [child for group in game if group.tag == parent for child in group
            if child.tag == tag]


def kind_name(gametype: str) -> str:
    """The game as hilo-fast names it from Microgaming's ``gametype``."""
    return "5 Card Omaha Hi/Lo" if "5" in gametype else "Omaha Hi/Lo"


read_microgaming = reader_function(MicrogamingReader)


def parse_microgaming(text: str) -> MicrogamingReader:
    """The hands of a Microgaming history given as a string."""
    return MicrogamingReader(text.splitlines(), "<text>")
