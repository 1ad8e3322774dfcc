"""A :class:`HandHistory` built event by event, for the sites that log each action
with the chips it put in (or the total it raised to) rather than in PokerStars'
words: the XML sites, Full Tilt, KingsClub.

:class:`HandBuilder` keeps what the chips need (each player's chips behind,
bets on the street, the bet to match) so that each action becomes an
:class:`HHAction` as the PokerStars reader fills it: a call's chips, a bet's
chips, a raise's increment and its "to" total, "all-in" when it took the last
chip. A site's "all-in" action becomes the bet, call or raise it was.
"""

from __future__ import annotations

from datetime import datetime

from ...engine.structures import Limit
from ..model import STREETS, HandHistory, HHAction, Post, SeatInfo

__all__ = ["HandBuilder", "Unreadable", "parse_money", "reason_of", "seated"]


_new = tuple.__new__   # a named tuple made from a tuple: no Python-level __new__ call


class Unreadable(Exception):
    """Raised while building a hand; the reader reports it as an UnreadableHand."""


def parse_money(text: str, cash: bool = True) -> int:
    """``"$1,234.50"``, ``"€0.5"``, ``"12"`` in cents (cash) or whole chips."""
    digits = text.strip().lstrip("$€£").replace(",", "").strip()
    whole, _, frac = digits.partition(".")
    if not (whole.isdigit() and whole.isascii()) and not (whole == "" and frac.isdigit()):
        raise Unreadable(f"bad amount {text!r}")
    if not cash:
        if frac.strip("0"):
            raise Unreadable(f"fractional chips {text!r}")
        return int(whole or "0")
    if len(frac) > 2 or (frac and not (frac.isdigit() and frac.isascii())):
        raise Unreadable(f"bad amount {text!r} (more than two decimals)")
    return int(whole or "0") * 100 + int(frac.ljust(2, "0") or "0")


def reason_of(exc: Exception) -> str:
    """Why a hand is unreadable: an Unreadable's words, else the exception named."""
    return str(exc) if isinstance(exc, Unreadable) else f"{type(exc).__name__}: {exc}"


def seated(name_of: dict[str, str], seat: str, what: str) -> str:
    """The player in ``seat`` (a site that names players by seat), or Unreadable."""
    name = name_of.get(seat)
    if name is None:
        raise Unreadable(f"{what} by seat {seat}, where nobody sits")
    return name


class HandBuilder:
    """One hand, event by event (see the module doc); :meth:`finish` gives the
    :class:`HandHistory`."""

    def __init__(self, site: str, hand_id: str, line: int) -> None:
        self.site = site
        self.hand_id = hand_id
        self.line = line
        self.seats: list[SeatInfo] = []
        self.behind: dict[str, int] = {}    # chips each player has left
        self.total: dict[str, int] = {}     # chips each put in (all streets, posts)
        self.street = "preflop"
        self.bets: dict[str, int] = {}      # live chips on this street
        self.current = 0                    # the bet to match on this street
        self.posts: list[Post] = []
        self.actions: list[HHAction] = []
        self.board: list[str] = []
        self.holes: dict[str, tuple[str, ...]] = {}
        self.shown: list[str] = []
        self.mucked: list[str] = []
        self.collected: dict[str, int] = {}
        self.pot_collections: list[tuple[int, str, int]] = []
        self.button = 0
        self.hero: str | None = None
        #: calls that do not make the bet to match (a site's amounts read the wrong way)
        self.odd_calls = 0
        #: True: at a showdown, whoever did not :meth:`show` mucked
        self.show_rule = True

    # ---- the table ----
    def seat(self, number: int, name: str, stack: int, sitting_out: bool = False) -> None:
        if name in self.behind:
            raise Unreadable(f"{name} is seated twice")
        self.seats.append(SeatInfo(number, name, stack, sitting_out))
        self.behind[name] = 0 if sitting_out else stack
        self.total[name] = 0

    def _known(self, name: str) -> None:
        if name not in self.behind:
            raise Unreadable(f"{name!r} acts but has no seat")

    def _put(self, name: str, chips: int, live: bool) -> bool:
        """Take ``chips`` from ``name``'s stack; True when that was its last chip."""
        if chips < 0:
            raise Unreadable(f"{name} puts in a negative amount")
        self.behind[name] -= chips
        self.total[name] += chips
        if live:
            bet = self.bets[name] = self.bets.get(name, 0) + chips
            self.current = max(self.current, bet)
        return self.behind[name] == 0 and chips > 0

    # ---- forced bets ----
    def post(self, name: str, kind: str, amount: int) -> None:
        """``kind``: "small blind", "big blind", "ante", "small & big blinds" (dead
        small with live big: ``amount`` is both), "straddle", or "dead small blind"."""
        self._known(name)
        if kind == "dead small blind":
            all_in = self._put(name, amount, live=False)
            self.posts.append(Post(name, "small blind", amount, all_in))
            return
        live = kind != "ante"
        all_in = self._put(name, amount, live)
        self.posts.append(Post(name, kind, amount, all_in))

    # ---- betting (the hot path: checks and chips inline) ----
    def new_street(self, street: str) -> None:
        if street not in STREETS or STREETS.index(street) <= STREETS.index(self.street):
            if street == self.street:
                return
            raise Unreadable(f"street {street} after {self.street}")
        self.street = street
        self.bets = {}
        self.current = 0

    def fold(self, name: str) -> None:
        if name not in self.behind:
            raise Unreadable(f"{name!r} acts but has no seat")
        self.actions.append(_new(HHAction, (self.street, name, "fold", 0, 0, False)))

    def check(self, name: str) -> None:
        if name not in self.behind:
            raise Unreadable(f"{name!r} acts but has no seat")
        self.actions.append(_new(HHAction, (self.street, name, "check", 0, 0, False)))

    def call(self, name: str, added: int) -> None:
        behind = self.behind
        if name not in behind:
            raise Unreadable(f"{name!r} acts but has no seat")
        if added < 0:
            raise Unreadable(f"{name} puts in a negative amount")
        current = self.current
        left = behind[name] = behind[name] - added
        self.total[name] += added
        bet = self.bets[name] = self.bets.get(name, 0) + added
        all_in = left == 0 and added > 0
        if bet != current:
            if bet > current:
                self.current = bet
                self.odd_calls += 1   # a call past the bet: a site's amount read wrong
            elif not all_in:
                self.odd_calls += 1   # short of the bet with chips left
        self.actions.append(_new(HHAction, (self.street, name, "call", added, 0, all_in)))

    def call_to(self, name: str, to: int) -> None:
        self.call(name, to - self.bets.get(name, 0))

    def raise_to(self, name: str, to: int) -> None:
        """A bet or raise making ``name``'s bet on this street ``to``."""
        behind = self.behind
        if name not in behind:
            raise Unreadable(f"{name!r} acts but has no seat")
        mine = self.bets.get(name, 0)
        current = self.current
        if to <= current:   # (a short all-in "raise" that only calls)
            self.call(name, to - mine)
            return
        added = to - mine
        left = behind[name] = behind[name] - added
        self.total[name] += added
        self.bets[name] = self.current = to
        all_in = left == 0
        if current == 0:
            self.actions.append(_new(HHAction, (self.street, name, "bet", to, 0, all_in)))
        else:
            self.actions.append(_new(HHAction, (self.street, name, "raise", to - current, to,
                                               all_in)))

    def bet_added(self, name: str, added: int) -> None:
        """A bet, raise or call (an "all-in") of ``added`` chips more."""
        self.raise_to(name, self.bets.get(name, 0) + added)

    # ---- cards and results ----
    def deal_board(self, cards: list[str] | tuple[str, ...]) -> None:
        """Board cards: the new ones, or the whole board so far."""
        cards = list(cards)
        if cards[:len(self.board)] == self.board and len(cards) > len(self.board):
            self.board = cards
        elif cards != self.board[-len(cards):]:
            self.board += cards
        if len(self.board) > 5:
            raise Unreadable(f"{len(self.board)} board cards")

    def hole(self, name: str, cards: tuple[str, ...]) -> None:
        self._known(name)
        self.holes[name] = cards

    def show(self, name: str) -> None:
        if name not in self.shown:
            self.shown.append(name)

    def muck(self, name: str) -> None:
        if name not in self.mucked:
            self.mucked.append(name)

    def win(self, name: str, amount: int, pot: int = 0) -> None:
        self._known(name)
        if amount:
            self.collected[name] = self.collected.get(name, 0) + amount
            self.pot_collections.append((pot, name, amount))

    def uncalled(self) -> tuple[str | None, int]:
        """Who gets an uncalled bet back, and how much (the chips beyond what anyone
        else put in)."""
        ranked = sorted(self.total.items(), key=lambda item: -item[1])
        if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
            return None, 0
        return ranked[0][0], ranked[0][1] - ranked[1][1]

    def finish(self, *, game: str, hole_count: int, limit: Limit, stakes: tuple[int, int],
               currency: str | None, table: str, max_seats: int | None,
               rake: int | None = None, total_pot: int | None = None,
               hero: str | None = None, date: datetime | None = None,
               tournament_id: str | None = None, mixed_game: str | None = None,
               dealt_in: tuple[str, ...] | None = None) -> HandHistory:
        """The hand: ``total_pot`` (after any uncalled bet came back) is the chips
        put in unless the site says; ``rake`` is the pot less what was collected
        unless the site says."""
        if not self.seats:
            raise Unreadable("no seats")
        _, returned = self.uncalled()
        chips_in = sum(self.total.values()) - returned
        if total_pot is None:
            total_pot = chips_in
        if rake is None:
            rake = max(total_pot - sum(self.collected.values()), 0)
        if dealt_in is None:
            dealt_in = tuple(s.name for s in self.seats if not s.sitting_out and s.stack > 0)
        shown = [name for name in self.shown if name in self.holes]
        mucked = list(self.mucked)
        if self.show_rule:   # a player still in who did not show mucked (a hand not tabled)
            folded = {a.player for a in self.actions if a.kind == "fold"}
            live = [n for n in dealt_in if n not in folded]
            if len(live) > 1:
                mucked += [n for n in live if n not in shown and n not in mucked]
        return HandHistory(
            hand_id=self.hand_id, site=self.site, game=game, hole_count=hole_count,
            limit=limit, stakes=stakes, currency=currency, table=table, max_seats=max_seats,
            button=self.button, seats=tuple(self.seats), posts=tuple(self.posts),
            actions=tuple(self.actions), board=tuple(self.board), hole_cards=dict(self.holes),
            collected=dict(self.collected), pot_collections=tuple(self.pot_collections),
            total_pot=total_pot, rake=rake, shown=tuple(shown), mucked=tuple(mucked),
            hero=hero, date=date, tournament_id=tournament_id, mixed_game=mixed_game,
            line=self.line, dealt_in=dealt_in)
