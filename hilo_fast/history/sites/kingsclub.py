"""Read KingsClub hand histories (text): every Omaha Hi/Lo hand, 4-card and 5-card
("Big O"), as a :class:`HandHistory`; hands of other games are counted and skipped.

What the format says (worked out from the site's files, see
docs/hand-histories.md): a header ``#37580598: Pot Limit Big O - 11/22``
(``Limit Omaha Hi-Lo``, ``Pot Limit Omaha Hi-Lo``; the stakes are the blinds
in pot limit, the small and big bet in fixed limit; amounts in dollars with
cents, no currency printed), a date line, ``Table 'T' Seat N is the button``,
``Seat N: name (chips)``; posts (``name: posts ante X``, ``posts the small
blind X``, ``posts the big blind X``); ``Dealt to name: [cards]`` (``X`` when
unseen); actions without a colon, a call and a raise naming the *total* the
player's bet goes to on the street (``calls 836, and is all in``), a bet its
chips; ``*** FLOP *** [..]``, ``*** TURN *** [..] [..]``; ``name shows
[..]``; a summary with ``Rake X`` and ``name wins (X) from pot`` or ``name wins
pot (X)``. A hand run twice gives each board's last street
(``*** BOARD 1 - RIVER *** [2h 5s Qd 8c] [Th]``, then ``*** BOARD 2 - RIVER ***
[- - - 5d] [3h]``: a ``-`` is a card both boards share) and what each player
won over both boards: the hand's ``runs``, replayed run by run.

>>> text = '''#7: Pot Limit Omaha Hi-Lo - 1/2
... 2021-01-02 15:45:10
... Table 'T' Seat 1 is the button
... Seat 1: ann (100)
... Seat 2: bob (250)
... ann: posts the small blind 1
... bob: posts the big blind 2
... ann folds
... *** SUMMARY ***
... Rake 0
... bob wins pot (2)'''
>>> [(h.hand_id, h.collected, h.replay().exact) for h in parse_kingsclub(text)]
[('7', {'bob': 200}, True)]
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ...engine.structures import Limit
from ..model import HandHistory
from ._base import reader_function
from ._builder import BadHand, HandBuilder, OtherGame, TextReader, c_loop, money, strptime

__all__ = ["SITE", "KingsClubReader", "parse_kingsclub", "read_kingsclub", "sniff"]

SITE = "kingsclub"
_HEADER = re.compile(r"#(?P<id>\d+): (?P<game>.+?) - (?P<low>[\d.,]+)/(?P<high>[\d.,]+)$")
_GAME = re.compile(r"(?P<limit>Pot Limit|No Limit|Limit) (?P<variant>Omaha Hi-Lo|Big O|"
                   r"5 Card Omaha Hi-Lo)$")
_LIMITS = {"Pot Limit": Limit.POT, "No Limit": Limit.NO, "Limit": Limit.FIXED}
_TABLE = re.compile(r"Table '(?P<table>.*)' Seat (?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<chips>[\d.,]+)\)$")
_POST = re.compile(r"(?P<name>.+?): posts (?P<kind>ante|the small blind|the big blind|"
                   r"small & big blinds|dead small blind) (?P<amount>[\d.,]+)$")
_DEALT = re.compile(r"Dealt to (?P<name>.+?): \[(?P<cards>[^\]]*)\]$")
_STREET = re.compile(r"\*\*\* (?P<name>FLOP|TURN|RIVER|HOLE CARDS|SUMMARY|SHOW ?DOWN) \*\*\*"
                     r"(?P<rest>.*)")
_CARDS = re.compile(r"\[([^\]]*)\]")
_WINS = re.compile(r"(?P<name>.+?) wins (?:\((?P<a>[\d.,]+)\) from (?P<pot>.+)|"
                   r"(?P<pot2>.+?) \((?P<b>[\d.,]+)\))$")
_RAKE = re.compile(r"Rake (?P<rake>[\d.,]+)$")
_POSTS = {"ante": "ante", "the small blind": "small blind", "the big blind": "big blind",
          "small & big blinds": "small & big blinds", "dead small blind": "dead small blind"}
_CARD_NAMES = frozenset(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")


def sniff(head: str) -> bool:
    """A KingsClub history: a ``#N: game - a/b`` header, a date, then ``Table '...'
    Seat N is the button``."""
    lines = head.lstrip("\ufeff").splitlines()[:3]
    return len(lines) == 3 and _HEADER.match(lines[0]) is not None and \
        _TABLE.match(lines[2]) is not None


def _cards(text: str) -> tuple[str, ...] | None:
    cards = tuple(text.split())
    if "X" in cards or not cards:
        return None
    for card in cards:
        if card not in _CARD_NAMES:
            raise BadHand(f"bad card {card!r}")
    return cards


class KingsClubReader(TextReader):
    """The Omaha Hi/Lo hands of a KingsClub file (see the module doc)."""

    site = SITE
    header_text = "#N: game - a/b"
    header_prefixes = ("#",)

    def is_header(self, line: str) -> bool:
        return _HEADER.match(line) is not None

    def hand_id(self, lines: list[str]) -> str:
        head = _HEADER.match(lines[0])
        return head["id"] if head else ""

    def parse(self, lines: list[str], start: int) -> HandHistory:
        head = _HEADER.match(lines[0])
        if head is None:
            raise BadHand(f"not a hand header: {lines[0][:80]!r}")
        game = _GAME.match(head["game"])
        if game is None:
            raise OtherGame(head["game"])
        hand_id = head["id"]
        limit = _LIMITS[game["limit"]]
        b = HandBuilder(SITE, hand_id, start)
        b.show_rule = True
        found_loop = _c_loop(lines, b, _date, _run_board) if _c_loop is not None else None
        if found_loop is None:
            if _c_loop is not None:   # (the C twin handed the hand back: a fresh start)
                b = HandBuilder(SITE, hand_id, start)
                b.show_rule = True
            found_loop = _loop(lines, b)
        date, table, rake, in_summary, runs = found_loop
        if not in_summary or rake is None:
            raise BadHand("no summary with the rake: the hand is cut short")
        variant = game["variant"]
        five = variant != "Omaha Hi-Lo"
        low, high = money(head["low"], True), money(head["high"], True)
        hand = b.finish(
            game="5 Card Omaha Hi/Lo" if five else "Omaha Hi/Lo", hole_count=5 if five else 4,
            limit=limit, stakes=(low, high), currency=None, table=table, max_seats=None,
            rake=rake, hero=b.hero, date=date)
        if runs:
            if sorted(runs) != list(range(1, len(runs) + 1)) or len(runs) < 2 \
                    or any(len(board) != 5 for board in runs.values()):
                raise BadHand(f"a hand run twice without whole boards 1 to {len(runs)}")
            hand.runs = tuple(tuple(runs[n]) for n in sorted(runs))
            hand.board = hand.runs[0]
        return hand


def _date(line: str) -> datetime:
    try:
        return strptime(line, "%Y-%m-%d %H:%M:%S")
    except ValueError as exc:
        raise BadHand(f"date {line!r}") from exc


def _loop(lines: list[str], b: HandBuilder) -> tuple[Any, ...]:
    """The lines after the header, into ``b`` (csrc/py/hhsite_kingsclub.c: its twin):
    the date, table, rake, whether the summary was read and the runs' boards."""
    date = None
    table = ""
    rake = None
    in_summary = False
    names: list[tuple[str, str]] = []   # (name + " ", name), the longest first
    seated = 0                          # the seats ``names`` holds
    runs: dict[int, list[str]] = {}     # a hand run twice: each board's cards
    for line in lines[1:]:
        if date is None and table == "" and line[:4].isdigit():
            date = _date(line)
            continue
        # (each pattern tried only on a line starting or holding the words it needs)
        found = _TABLE.match(line) if line.startswith("Table '") else None
        if found:
            table, b.button = found["table"], int(found["button"])
            continue
        if in_summary:
            found = _RAKE.match(line) if line.startswith("Rake ") else None
            if found:
                rake = money(found["rake"], True)
                continue
            found = _WINS.match(line) if " wins " in line else None
            if found:
                amount = found["a"] or found["b"]
                pot = found["pot"] or found["pot2"]
                index = int(re.sub(r"\D", "", pot) or 0) if "side" in pot else 0
                b.collect(found["name"], money(amount, True), index)
            continue   # the "Seat N: name (chips) +net" lines
        if line.startswith(("Seat ", "*** ")):   # (one test spares the other lines three)
            found = _SEAT.match(line) if line.startswith("Seat ") else None
            if found:
                b.seat(int(found["seat"]), found["name"], money(found["chips"], True))
                continue
            found = _STREET.match(line) if line.startswith("*** ") else None
            if found:
                name = found["name"]
                if name in ("FLOP", "TURN", "RIVER"):
                    b.new_street(name.lower(), ())
                    b.deal_board([c for group in _CARDS.findall(found["rest"])
                                  for c in group.split()])
                elif name == "SUMMARY":
                    in_summary = True
                continue
            if line.startswith("*** BOARD "):
                _run_board(line, b.board, runs)
                continue
        found = _POST.match(line) if ": posts " in line else None
        if found:
            b.post(found["name"], _POSTS[found["kind"]], money(found["amount"], True))
            continue
        found = _DEALT.match(line) if line.startswith("Dealt to ") else None
        if found:
            cards = _cards(found["cards"])
            if cards is not None:
                b.hole(found["name"], cards)
                b.hero = found["name"]
            continue
        if seated != len(b.stack):   # (made again only after new seat lines)
            names = [(n + " ", n) for n in sorted(b.stack, key=len, reverse=True)]
            seated = len(b.stack)
        player = None
        for spaced, seat_name in names:
            if line.startswith(spaced):
                player = seat_name
                break
        if player is None:
            if line.startswith("***"):
                raise BadHand(f"unknown line {line!r}")
            continue   # chat, table traffic
        _action(b, player, line[len(player) + 1:])
    return date, table, rake, in_summary, runs


_RUN_BOARD = re.compile(r"\*\*\* BOARD (?P<run>\d+) - (?:FLOP|TURN|RIVER) \*\*\* "
                        r"\[(?P<before>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?$")


def _run_board(line: str, shared: list[str], runs: dict[int, list[str]]) -> None:
    """One board's street of a hand run twice: the cards before (``-`` for a
    card of the board both runs share) and the card dealt."""
    found = _RUN_BOARD.match(line)
    if found is None:
        raise BadHand(f"unknown line {line!r}")
    before = found["before"].split()
    board = [shared[k] if card == "-" and k < len(shared) else card
             for k, card in enumerate(before)]
    board += (found["new"] or "").split()
    if "-" in board or len(board) > 5 or board[:len(shared)] != shared[:len(board)]:
        raise BadHand(f"board {found['run']}: {line!r} does not follow the board "
                      f"{' '.join(shared)}")
    runs[int(found["run"])] = board


def _action(b: HandBuilder, player: str, what: str) -> None:
    if what.endswith(", and is all in"):
        what = what[:-len(", and is all in")]
    if what == "folds":
        b.fold(player)
    elif what == "checks":
        b.check(player)
    elif what.startswith("calls "):
        b.call_to(player, money(what[6:], True))
    elif what.startswith("bets "):
        b.wager_added(player, money(what[5:], True))
    elif what.startswith("raises to "):
        b.raise_to(player, money(what[10:], True))
    elif what.startswith("shows ["):
        cards = _cards(what[7:what.index("]")])
        if cards is not None:
            b.hole(player, cards)
            b.show(player)
    elif what.startswith("mucks"):
        b.muck(player)
    elif what.split()[0] in ("calls", "bets", "raises", "posts"):
        raise BadHand(f"unknown action {what!r} of {player}")


#: the C twin of _loop, or None
_c_loop = c_loop(SITE)

read_kingsclub = reader_function(KingsClubReader)


def parse_kingsclub(text: str) -> KingsClubReader:
    """The hands of a KingsClub history given as a string."""
    return KingsClubReader(text.splitlines(), "<text>")
