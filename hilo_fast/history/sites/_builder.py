"""A hand as a reader meets it, line by line, turned into a :class:`HandHistory`.

Sites word the same actions in different ways: a raise is "raises 40 to 60"
(PokerStars), "raises to 60" (Cake), "Raise (200.00)" (Entraction: the total
bet), "raises [$0.20]" (Everleaf: the chips added); few say when a player is all
in, and some never print the pot or the rake. :class:`HandBuilder` keeps the
bets of the street and what each player has behind, so a reader only says what
the line says (:meth:`raise_to`, :meth:`raise_by`, :meth:`put_in`) and gets the
model's actions (the call's chips, a raise's increment and total, all-in when
the chips put in were the last). The total pot, when the site does not print
it, is what was put in less what was given back; the rake, the total less what
was collected.
"""

from __future__ import annotations

from typing import Any

from ..model import STREETS, HandHistory, HHAction, Post, SeatInfo


class BuildError(ValueError):
    """The lines do not make a hand (the reader reports the hand as unreadable)."""


class HandBuilder:
    """Collects one hand's seats, posts, actions, cards and payouts (see the module doc)."""

    def __init__(self) -> None:
        self.seats: list[SeatInfo] = []
        self.posts: list[Post] = []
        self.actions: list[HHAction] = []
        self.board: list[str] = []
        self.holes: dict[str, tuple[str, ...]] = {}
        self.shown: list[str] = []
        self.mucked: list[str] = []
        self.pot_collections: list[tuple[int, str, int]] = []
        self.hero: str | None = None
        self.street = "preflop"
        self.behind: dict[str, int] = {}     # chips not yet put in
        self.bet: dict[str, int] = {}        # live chips in front of each player this street
        self.current = 0                     # the bet to call on this street
        self.put = 0                         # chips put in, less what came back

    # ---- the table ----
    def seat(self, number: int, name: str, stack: int, sitting_out: bool = False) -> None:
        if name in self.behind:
            raise BuildError(f"{name!r} is seated twice")
        if stack < 0:
            raise BuildError(f"{name!r} has a negative stack")
        self.seats.append(SeatInfo(number, name, stack, sitting_out))
        self.behind[name] = stack
        self.bet[name] = 0

    def _known(self, name: str) -> None:
        if name not in self.behind:
            raise BuildError(f"{name!r} acts but has no seat")

    def _take(self, name: str, chips: int) -> bool:
        """Put ``chips`` of ``name``'s in (True when they were the last)."""
        self._known(name)
        if chips < 0:
            raise BuildError(f"{name!r} puts in a negative amount")
        if chips > self.behind[name]:
            raise BuildError(f"{name!r} puts in {chips} with {self.behind[name]} behind")
        self.behind[name] -= chips
        self.put += chips
        return self.behind[name] == 0 and chips > 0

    # ---- forced bets ----
    def post(self, name: str, kind: str, amount: int, *, live: bool = True) -> None:
        """A blind, straddle or ante; ``live`` chips count toward the bet to call
        (a blind's do, an ante's and a dead small blind's do not)."""
        all_in = self._take(name, amount)
        self.posts.append(Post(name, kind, amount, all_in))
        if live and kind != "ante":
            self.bet[name] += amount
            self.current = max(self.current, self.bet[name])

    # ---- streets ----
    def new_street(self, street: str, cards: list[str]) -> None:
        """The next street with the board cards it adds (or the whole board so far)."""
        if street not in STREETS[1:]:
            raise BuildError(f"unknown street {street!r}")
        size = {"flop": 3, "turn": 4, "river": 5}[street]
        if len(cards) == size:
            self.board = list(cards)
        elif len(self.board) + len(cards) == size:
            self.board.extend(cards)
        else:
            raise BuildError(f"the {street} has {len(cards)} cards")
        self.street = street
        self.current = 0
        for name in self.bet:
            self.bet[name] = 0

    # ---- actions ----
    def _act(self, name: str, kind: str, amount: int = 0, to: int = 0,
             all_in: bool = False) -> None:
        self.actions.append(HHAction(self.street, name, kind, amount, to, all_in))

    def fold(self, name: str) -> None:
        self._known(name)
        self._act(name, "fold")

    def check(self, name: str) -> None:
        self._known(name)
        self._act(name, "check")

    def call(self, name: str, chips: int | None = None) -> None:
        """A call of ``chips`` (None: of what the bet to call asks, or all behind)."""
        self._known(name)
        if chips is None:
            chips = min(self.current - self.bet[name], self.behind[name])
        all_in = self._take(name, chips)
        self.bet[name] += chips
        self._act(name, "call", chips, 0, all_in)

    def bet_chips(self, name: str, chips: int) -> None:
        """A bet of ``chips`` (the first of the street)."""
        if self.current and self.current > self.bet.get(name, 0):
            self.raise_to(name, self.bet[name] + chips)
            return
        all_in = self._take(name, chips)
        self.bet[name] += chips
        self.current = max(self.current, self.bet[name])
        self._act(name, "bet", chips, 0, all_in)

    def raise_to(self, name: str, to: int) -> None:
        """A raise to a total bet of ``to`` this street."""
        self._known(name)
        if self.current == 0 and self.street != "preflop":
            self.bet_chips(name, to - self.bet[name])
            return
        added = to - self.bet[name]
        all_in = self._take(name, added)
        self.bet[name] = to
        increment = to - self.current
        self.current = max(self.current, to)
        self._act(name, "raise", increment, to, all_in)

    def raise_by(self, name: str, by: int) -> None:
        """A raise of ``by`` over the bet to call."""
        self.raise_to(name, self.current + by)

    def put_in(self, name: str, chips: int) -> None:
        """A raise (or bet) said by the chips it adds."""
        self._known(name)
        self.raise_to(name, self.bet[name] + chips)

    def returned(self, name: str, chips: int) -> None:
        """An uncalled bet given back."""
        self._known(name)
        self.behind[name] += chips
        self.put -= chips
        self.bet[name] -= chips
        self._act(name, "return", chips)

    # ---- the end ----
    def collect(self, name: str, chips: int, pot: int = 0) -> None:
        self._known(name)
        self.pot_collections.append((pot, name, chips))

    def show(self, name: str, cards: tuple[str, ...]) -> None:
        self._known(name)
        self.holes[name] = cards
        if name not in self.shown:
            self.shown.append(name)

    def uncalled(self) -> int:
        """The part of the last street's largest bet that nobody matched (given
        back by the engine; sites that print no "returned" line leave it in the
        chips put in)."""
        bets = sorted(self.bet.values(), reverse=True)
        return bets[0] - bets[1] if len(bets) > 1 else 0

    def build(self, *, total_pot: int | None = None, rake: int | None = None,
              dealt_in: tuple[str, ...] | None = None, **header: Any) -> HandHistory:
        """The hand; ``header`` gives the fields the header lines said (hand_id,
        site, game, hole_count, limit, stakes, currency, table, max_seats, button,
        date, ...). The total and the rake are worked out when not given."""
        if not self.seats:
            raise BuildError("no seats")
        collected: dict[str, int] = {}
        for _, name, chips in self.pot_collections:
            collected[name] = collected.get(name, 0) + chips
        total = self.put - self.uncalled() if total_pot is None else total_pot
        if rake is None:
            rake = total - sum(collected.values())
            if rake < 0:
                raise BuildError(f"the players collect {sum(collected.values())}, "
                                 f"more than the {total} put in")
        if dealt_in is None:
            dealt_in = tuple(s.name for s in self.seats if not s.sitting_out)
        return HandHistory(
            seats=tuple(self.seats), posts=tuple(self.posts), actions=tuple(self.actions),
            board=tuple(self.board), hole_cards=self.holes, collected=collected,
            pot_collections=tuple(self.pot_collections), total_pot=total, rake=rake,
            shown=tuple(self.shown), mucked=tuple(self.mucked), hero=self.hero,
            dealt_in=dealt_in, **header)


_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "USD": "USD", "EUR": "EUR", "GBP": "GBP"}


def money(text: str, cash: bool) -> int:
    """An amount as the smallest unit: ``"$1,195.50"`` -> 119550 in a cash game,
    ``"1,640"`` -> 1640 in a tournament (chips). Currency signs and codes, commas
    and spaces are dropped; an amount that is not a whole number of cents (or of
    chips) is a :class:`BuildError`."""
    cleaned = text.strip()
    for mark in ("USD", "EUR", "GBP", "$", "€", "£", ",", " ", "\u00a0"):
        cleaned = cleaned.replace(mark, "")
    whole, dot, part = cleaned.partition(".")
    if not whole.isdigit() and not (whole == "" and part.isdigit()):
        raise BuildError(f"not an amount: {text!r}")
    if not dot or not part.strip("0"):
        return int(whole or 0) * (100 if cash else 1)
    if not part.isdigit() or not cash or len(part.rstrip("0")) > 2:
        raise BuildError(f"not an amount in {'cents' if cash else 'chips'}: {text!r}")
    return int(whole or 0) * 100 + int(part.rstrip("0").ljust(2, "0"))


def currency_of(text: str) -> str | None:
    """The currency an amount or a stakes text is written in (None: chips)."""
    for mark, code in _CURRENCIES.items():
        if mark in text:
            return code
    return None
