"""The game engine: one Omaha Hi-Lo hand as a state machine, and a table of hands.

A :class:`Hand` is dealt from a seeded shuffle (or from cards the caller gives),
posts antes and blinds, and then asks the seat in :attr:`Hand.actor` to act
until the hand is over (``docs/rules.md`` §3-§5). At every decision
:meth:`Hand.legal_actions` says which of fold / check / call / bet / raise are
legal and the minimum and maximum "to" amount of a bet or raise (the total the
seat will have in front of it this round); :meth:`Hand.act` applies one action.
An illegal action raises ``ValueError`` naming what is legal and changes nothing.

>>> from hilo_fast.structures import Structure
>>> hand = Hand(Structure.pot_limit(1, 2), [200, 200, 200], button=0, seed=7)
>>> hand
<Hand pot limit 1/2, 3 seats, button 0, preflop, seat 0 to act, pot 3>
>>> hand.legal_actions()   # seat 1 posted 1, seat 2 posted 2
LegalActions(fold, call 2, raise to 4..7)
>>> hand.act("raise", 7)
>>> hand.legal_actions()
LegalActions(fold, call 6, raise to 12..23)
>>> hand.act("fold"); hand.act("fold")
>>> hand.is_over, hand.returned, hand.payouts, hand.stacks   # 5 uncalled back, pot 5
(True, [5, 0, 0], [5, 0, 0], [203, 199, 198])

A :class:`Table` plays hands one after another: it moves the button one seat
clockwise, lets seats with no chips sit out, and follows a :class:`MixedGame`
schedule.

Rules chosen where the house rules are silent (standard casino practice, Robert's
Rules / Poker TDA; marked "(practice)" in ``docs/rules.md``):

- Heads-up the button posts the small blind, acts first pre-flop, last after.
- A blind or ante a seat cannot cover is posted all in; the amount to call is
  the largest bet on the table.
- A seat may fold at any time, also when it could check (the house rules:
  "玩家隨時可以選擇蓋牌"); built-in bots never fold when they can check.
- An all-in bet or raise short of a full one (the minimum bet, or the last full
  raise; in fixed limit the full unit) does not reopen the betting for seats
  that already acted, unless several such all-ins add up to a full raise; it
  does not count toward the fixed-limit cap. The next full raise is to the
  current bet plus the last full raise (fixed limit: plus the unit).
- Fixed limit: the posted big blind counts as the first of the four bets
  pre-flop; the cap applies heads-up too.
- Nobody may bet or raise when no other live seat could call more (every other
  seat folded, all in, or covered).
- An uncalled bet (the part of the largest bet nobody matched) goes back to
  its owner before the pots are settled.
- Showing order at showdown: the last seat to bet or raise in the last betting
  round played shows first (when players are all in before the river, that is
  the last round anyone could bet in, as pokerkit does), else the first live
  seat clockwise from the button; then clockwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import IntEnum
from typing import NoReturn

from ._backend import backend
from .cards import CardsLike, check_count, check_distinct, format_cards, parse_cards
from .showdown import ShowdownResult, showdown
from .structures import Limit, MixedGame, Structure


class Action(IntEnum):
    """What a seat can do when it is to act."""

    FOLD = 0
    CHECK = 1
    CALL = 2
    BET = 3
    RAISE = 4


class Street(IntEnum):
    """Betting rounds; ``OVER`` once the hand is finished."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    OVER = 4


ActionLike = Action | str | int

_ACTION_NAMES = {a.name.lower(): a for a in Action}
_STREETS = tuple(Street)   # Street by number: a tuple index, cheaper than Street(n)
_PREFLOP, _TURN, _OVER = Street.PREFLOP, Street.TURN, Street.OVER  # Street.X: a slow lookup
_BOARD_AFTER = (0, 3, 4, 5, 5)  # board cards visible on each street

# Seat status codes (plain ints on the hot path).
_FOLD, _CHECK, _CALL, _BET, _RAISE = Action     # module constants: fast to load
_FIXED, _POT, _NO = int(Limit.FIXED), int(Limit.POT), int(Limit.NO)

_OUT = 0      # sitting out: no chips at the start of the hand, not dealt in
_FOLDED = 1
_ACTIVE = 2   # in the hand with chips behind
_ALL_IN = 3   # in the hand with no chips behind


class LegalActions:
    """What the seat to act may do now. ``call`` is the chips a call adds (0 when
    calling is not legal); bet/raise bounds are "to" amounts (0 when not legal).

    >>> LegalActions(True, False, 6, 0, 0, 12, 23)
    LegalActions(fold, call 6, raise to 12..23)
    """

    __slots__ = ("bet_max", "bet_min", "call", "check", "fold", "raise_max", "raise_min")

    def __init__(self, fold: bool, check: bool, call: int, bet_min: int, bet_max: int,
                 raise_min: int, raise_max: int) -> None:
        self.fold = fold
        self.check = check
        self.call = call
        self.bet_min = bet_min
        self.bet_max = bet_max
        self.raise_min = raise_min
        self.raise_max = raise_max

    @property
    def actions(self) -> list[Action]:
        """The legal kinds of action, in :class:`Action` order."""
        legal = [Action.FOLD] if self.fold else []
        if self.check:
            legal.append(Action.CHECK)
        if self.call:
            legal.append(Action.CALL)
        if self.bet_max:
            legal.append(Action.BET)
        if self.raise_max:
            legal.append(Action.RAISE)
        return legal

    def describe(self) -> str:
        """The legal actions in words, e.g. ``'fold, call 6, raise to 12..23'``."""
        parts = ["fold"] if self.fold else []
        if self.check:
            parts.append("check")
        if self.call:
            parts.append(f"call {self.call}")
        for name, lo, hi in (("bet", self.bet_min, self.bet_max),
                             ("raise to", self.raise_min, self.raise_max)):
            if hi:
                parts.append(f"{name} {lo}" if lo == hi else f"{name} {lo}..{hi}")
        return ", ".join(parts) or "nothing (no seat is to act)"

    def __repr__(self) -> str:
        return f"LegalActions({self.describe()})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]


def _parse_action(action: ActionLike) -> Action:
    if isinstance(action, str):
        found = _ACTION_NAMES.get(action.strip().lower())
        if found is None:
            raise ValueError(f"unknown action {action!r}: expected one of "
                             f"{', '.join(_ACTION_NAMES)}")
        return found
    if isinstance(action, bool) or not isinstance(action, int):
        raise TypeError(f"action must be an Action or its name, got {action!r}")
    try:
        return Action(action)
    except ValueError:
        raise ValueError(f"unknown action {action!r}: expected 0..4") from None


class Hand:
    """One hand of Omaha Hi-Lo, from the forced bets to the settlement.

    ``stacks`` has one entry per seat (2..10 seats); a seat with 0 chips sits
    out. ``button`` must be a seat with chips. Cards come from ``holes`` (one
    list per seat, None for seats sitting out) and ``board`` (5 cards) when
    given, else from a shuffle seeded by ``seed`` (or drawn from ``rng``).

    Public state, read-only for callers: ``stacks`` (chips behind; the final
    stacks once over), ``bets`` (this round), ``contributions`` (this hand),
    ``street``, ``actor`` (-1 when nobody is to act), ``holes``, ``board``,
    ``actions`` (the log: ``(street, seat, Action, amount)``, amount being the
    chips a call added or the "to" amount of a bet or raise), ``payouts``,
    ``returned`` (uncalled chips given back per seat), ``showdown_order``,
    ``settlement`` (the :func:`~hilo_fast.showdown.showdown` result, when the hand
    went to showdown).
    """

    __slots__ = (
        "_board",
        "_limit",
        "_max_bets",
        "_min_raise",
        "_n_active",
        "_n_live",
        "_n_pending",
        "_pending",
        "_reopen",
        "_settled_chips",
        "_settlement",
        "_short_sum",
        "_shown",
        "_status",
        "_total",
        "actions",
        "actor",
        "bet_count",
        "bets",
        "big_blind_seat",
        "button",
        "call_amount",
        "contributions",
        "current_bet",
        "holes",
        "last_aggressor",
        "max_to",
        "min_to",
        "n_seats",
        "payouts",
        "returned",
        "showdown_order",
        "small_blind_seat",
        "stacks",
        "starting_stacks",
        "street",
        "structure",
    )

    def __init__(self, structure: Structure, stacks: Sequence[int], button: int, *,
                 seed: int | None = None, rng: random.Random | None = None,
                 holes: Sequence[CardsLike | None] | None = None,
                 board: CardsLike | None = None, hole_count: int = 4) -> None:
        if not isinstance(structure, Structure):
            raise TypeError(f"structure must be a Structure, got {structure!r}")
        self.structure = structure
        self._limit = int(structure.limit)
        self._max_bets = structure.max_bets
        self.starting_stacks = _check_stacks(stacks)
        n = self.n_seats = len(self.starting_stacks)
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise ValueError(f"button must be a seat 0..{n - 1}, got {button!r}")
        if self.starting_stacks[button] == 0:
            raise ValueError(f"button seat {button} has no chips")
        self.button = button
        self._status = [_ACTIVE if s else _OUT for s in self.starting_stacks]
        self.holes, self._board = _deal(self._status, holes, board, hole_count, seed, rng)
        self.stacks = list(self.starting_stacks)
        self.bets = [0] * n
        self.contributions = [0] * n
        self.returned = [0] * n
        self.payouts: list[int] = []
        self.showdown_order: list[int] = []
        self._settlement: ShowdownResult | None = None
        self._settled_chips: list[int] | None = None
        self.actions: list[tuple[int, int, Action, int]] = []
        self._n_live = self._n_active = n - self._status.count(_OUT)
        self._total = 0
        self._shown = 0
        self.street = _PREFLOP
        self.actor = -1
        self.call_amount = self.min_to = self.max_to = 0
        self._post_forced_bets()
        self._start_round(preflop=True)

    # ----------------------------------------------------------------- setup

    def _next_in(self, seat: int) -> int:
        """The first seat clockwise after ``seat`` that was dealt in."""
        status, n = self._status, self.n_seats
        seat = (seat + 1) % n
        while status[seat] == _OUT:
            seat = (seat + 1) % n
        return seat

    def _put(self, seat: int, chips: int) -> int:
        """Move up to ``chips`` from the seat's stack in front of it; the amount moved."""
        stack = self.stacks[seat]
        if chips >= stack:
            chips = stack
            if self._status[seat] == _ACTIVE:
                self._status[seat] = _ALL_IN
                self._n_active -= 1
        self.stacks[seat] = stack - chips
        self.contributions[seat] += chips
        self._total += chips
        return chips

    def _post_forced_bets(self) -> None:
        s = self.structure
        if s.ante:
            for seat in range(self.n_seats):
                if self._status[seat] != _OUT:
                    self._put(seat, s.ante)   # antes are dead: not part of the round's bets
        heads_up = self._n_live == 2
        sb_seat = self.small_blind_seat = self.button if heads_up else self._next_in(self.button)
        bb_seat = self.big_blind_seat = self._next_in(sb_seat)
        self.bets[sb_seat] = self._put(sb_seat, s.small_blind)
        self.bets[bb_seat] = self._put(bb_seat, s.big_blind)
        self.current_bet = max(self.bets)
        self.bet_count = 1 if self.current_bet else 0   # the big blind is the first bet
        self.last_aggressor = -1

    def _start_round(self, *, preflop: bool = False) -> None:
        """Open a betting round; run out the board while nobody can bet."""
        s = self.structure
        while True:
            if not preflop:
                self.current_bet = 0
                self.bet_count = 0
            self._min_raise = s.big_bet if self.street >= _TURN else s.small_bet
            self._short_sum = 0
            self._reopen = [True] * self.n_seats
            if self._n_active >= 2:
                pending = [st == _ACTIVE for st in self._status]
            else:   # one seat left with chips: it acts only to answer a bet
                cur = self.current_bet
                pending = [st == _ACTIVE and bet < cur
                           for st, bet in zip(self._status, self.bets, strict=True)]
            self._pending = pending
            count = self._n_pending = pending.count(True)
            if count:
                # The showing order looks at the last round that had betting.
                self.last_aggressor = -1
                start = self.big_blind_seat if preflop else self.button
                self.actor = self._next_pending(start)
                self._prepare_decision()
                return
            self._end_round()
            if self.street == _OVER:
                return
            preflop = False

    def _next_pending(self, seat: int) -> int:
        pending, n = self._pending, self.n_seats
        seat = (seat + 1) % n
        while not pending[seat]:
            seat = (seat + 1) % n
        return seat

    # -------------------------------------------------------------- deciding

    def _prepare_decision(self) -> None:
        """Cache the actor's call amount and bet/raise bounds (0 = not allowed).

        This runs once per decision, so it sticks to plain ints and lists.
        """
        seat, stacks, bets = self.actor, self.stacks, self.bets
        stack, cur = stacks[seat], self.current_bet
        to_call = cur - bets[seat]
        if to_call >= stack:               # calling puts the seat all in: no raise
            self.call_amount = stack
            self.min_to = self.max_to = 0
            return
        self.call_amount = to_call
        if not self._reopen[seat] or (self._max_bets and self.bet_count >= self._max_bets):
            self.min_to = self.max_to = 0
            return
        status, n = self._status, self.n_seats
        other = seat
        for _ in range(n - 1):             # somebody must be able to answer a raise
            other = other + 1 if other + 1 < n else 0
            if status[other] == _ACTIVE and stacks[other] + bets[other] > cur:
                break
        else:
            self.min_to = self.max_to = 0
            return
        all_in = bets[seat] + stack
        lo = cur + self._min_raise
        limit = self._limit
        if limit == _POT:
            # The pot after calling, on top of the call; never below a full
            # minimum raise (a pot of short-posted blinds can be smaller).
            hi = cur + self._total + to_call
            if hi < lo:
                hi = lo
        elif limit == _FIXED:
            hi = lo
        else:
            hi = all_in
        self.min_to = lo if lo < all_in else all_in
        self.max_to = hi if hi < all_in else all_in

    def __repr__(self) -> str:
        where = ("over" if self.street == Street.OVER
                 else f"{self.street.name.lower()}, seat {self.actor} to act")
        return (f"<Hand {self.structure.describe()}, {self.n_seats} seats, button "
                f"{self.button}, {where}, pot {self._total}>")

    @property
    def is_over(self) -> bool:
        """True once the pots are settled (or the hand ended with one seat left)."""
        return self.street == _OVER

    @property
    def board(self) -> list[int]:
        """The board cards dealt so far."""
        return self._board[:self._shown]

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far (antes, blinds, bets)."""
        return self._total

    @property
    def settlement(self) -> ShowdownResult | None:
        """The :func:`~hilo_fast.showdown.showdown` result when the hand went to
        showdown, else None. The chips were paid at once (the backend's
        ``settle`` pays exactly what showdown() pays); this result, with its
        pots and hand values, is worked out when first asked for."""
        if self._settlement is None and self._settled_chips is not None:
            status = self._status
            self._settlement = showdown(
                self._board, [h if status[i] != _OUT else None for i, h in enumerate(self.holes)],
                self._settled_chips, folded=[i for i, st in enumerate(status) if st == _FOLDED],
                button=self.button)
        return self._settlement

    def legal_actions(self) -> LegalActions:
        """What :attr:`actor` may do now (all False/0 once the hand is over).

        >>> from hilo_fast.structures import Structure
        >>> Hand(Structure.fixed_limit(2, 4), [50, 50, 50], 0, seed=1).legal_actions()
        LegalActions(fold, call 2, raise to 4)
        """
        if self.actor < 0:
            return LegalActions(False, False, 0, 0, 0, 0, 0)
        to_call = self.current_bet - self.bets[self.actor]
        lo, hi = self.min_to, self.max_to
        if self.current_bet:
            return LegalActions(True, to_call == 0, self.call_amount if to_call else 0,
                                0, 0, lo, hi)
        return LegalActions(True, to_call == 0, self.call_amount if to_call else 0,
                            lo, hi, 0, 0)

    # ---------------------------------------------------------------- acting

    def act(self, action: ActionLike, amount: int | None = None) -> None:
        """Apply ``action`` for :attr:`actor`. ``amount``: the "to" total of a bet or
        raise (required), the chips of a call (optional), nothing for fold/check.

        Raises ValueError (naming what is legal) and leaves the hand unchanged when
        the action is not legal now.
        """
        seat = self.actor
        if seat < 0:
            raise ValueError("the hand is over: no seat is to act")
        if action.__class__ is not Action:
            action = _parse_action(action)
        if action >= _BET:
            if (action == _BET) == (self.current_bet > 0):
                self._refuse(action, amount, "there is a bet to raise" if self.current_bet
                             else "there is no bet to raise")
            if not self.max_to:
                self._refuse(action, amount, "may not bet or raise now")
            if amount.__class__ is not int:
                if isinstance(amount, bool) or not isinstance(amount, int):
                    raise TypeError(f"{action.name.lower()} needs an int 'to' amount, got "
                                    f"{amount!r}; legal: {self.legal_actions().describe()}")
                amount = int(amount)
            if not self.min_to <= amount <= self.max_to:
                self._refuse(action, amount, f"must be to {self.min_to}..{self.max_to}")
            self._bet_to(seat, action, amount)
        else:
            to_call = self.current_bet - self.bets[seat]
            if action == _CALL:
                added = self.call_amount
                if not to_call:
                    self._refuse(action, amount, "has nothing to call")
                if amount is not None and amount != added:
                    self._refuse(action, amount, f"adds exactly {added}")
                stack = self.stacks[seat] - added     # _put, inlined: calls are common
                self.stacks[seat] = stack
                if not stack:
                    self._status[seat] = _ALL_IN
                    self._n_active -= 1
                self.contributions[seat] += added
                self._total += added
                self.bets[seat] += added
                self.actions.append((self.street, seat, _CALL, added))
            else:
                if amount is not None:
                    self._refuse(action, amount, "takes no amount")
                if action == _CHECK:
                    if to_call:
                        self._refuse(action, amount, f"faces a bet of {to_call} to call")
                    self.actions.append((self.street, seat, _CHECK, 0))
                else:
                    if self._status[seat] == _ACTIVE:
                        self._n_active -= 1
                    self._status[seat] = _FOLDED
                    self._n_live -= 1
                    self.actions.append((self.street, seat, _FOLD, 0))
        # The seat has acted: the round goes on, ends, or the hand ends.
        pending = self._pending
        if pending[seat]:
            pending[seat] = False
            self._n_pending -= 1
        self._reopen[seat] = False
        if self._n_active == 1 and self._n_pending:
            self._drop_idle_pending()
        if self._n_live == 1:
            self._win_uncontested()
        elif self._n_pending:
            n = self.n_seats
            seat = seat + 1 if seat + 1 < n else 0
            while not pending[seat]:
                seat = seat + 1 if seat + 1 < n else 0
            self.actor = seat
            self._prepare_decision()
        else:
            self._end_round()
            if self.street != _OVER:
                self._start_round()

    def _refuse(self, kind: Action, amount: object, why: str) -> NoReturn:
        what = kind.name.lower() + ("" if amount is None else f" {amount}")
        raise ValueError(f"seat {self.actor} cannot {what} ({why}); "
                         f"legal: {self.legal_actions().describe()}")

    def _bet_to(self, seat: int, kind: Action, to: int) -> None:
        self._put(seat, to - self.bets[seat])
        self.bets[seat] = to
        size = to - self.current_bet
        full = size >= self._min_raise
        if full:
            if self._limit != _FIXED:
                self._min_raise = size
            self._short_sum = 0
        else:   # a short all-in; several of them together may make a full raise
            self._short_sum += size
            if self._short_sum >= self._min_raise:
                full = True
                self._short_sum = 0
        # Every other seat with chips must answer the bet; a full bet or raise
        # also lets them raise again. (Only seats with chips are ever pending or
        # asked about reopening, so the lists are rebuilt whole.)
        pending = [st == _ACTIVE for st in self._status]
        pending[seat] = False
        self._pending = pending
        self._n_pending = pending.count(True)
        if full:
            self.bet_count += 1
            self._reopen = [True] * self.n_seats   # act() then closes it for `seat`
        self.current_bet = to
        self.last_aggressor = seat
        self.actions.append((self.street, seat, kind, to))

    def _drop_idle_pending(self) -> None:
        """With one seat left with chips, it acts only to answer a bet (the round
        is over once every live seat has matched the bet or is all in)."""
        status, pending, bets, cur = self._status, self._pending, self.bets, self.current_bet
        for seat in range(self.n_seats):
            if pending[seat] and status[seat] == _ACTIVE and bets[seat] >= cur:
                pending[seat] = False
                self._n_pending -= 1

    # ------------------------------------------------------------ settlement

    def _return_uncalled(self) -> None:
        """Give back the part of the largest bet of the round that nobody matched."""
        bets = self.bets
        top = max(bets)
        if not top:
            return
        owner = bets.index(top)
        second = sorted(bets)[-2]   # the largest bet of the others
        excess = top - second
        if excess:
            bets[owner] = second
            self.stacks[owner] += excess
            self.contributions[owner] -= excess
            self.returned[owner] += excess
            self._total -= excess
            if self._status[owner] == _ALL_IN:
                self._status[owner] = _ACTIVE
                self._n_active += 1

    def _end_round(self) -> None:
        self._return_uncalled()
        self.bets = [0] * self.n_seats
        street = self.street = _STREETS[self.street + 1]
        self.actor = -1
        if street == _OVER:
            self._showdown()
        else:
            self._shown = _BOARD_AFTER[street]

    def _close(self, payouts: list[int]) -> None:
        self.payouts = payouts
        for seat, won in enumerate(payouts):
            self.stacks[seat] += won
        self.street = _OVER
        self.actor = -1
        self.call_amount = self.min_to = self.max_to = 0

    def _win_uncontested(self) -> None:
        self._return_uncalled()
        winner = next(i for i, st in enumerate(self._status) if st >= _ACTIVE)
        payouts = [0] * self.n_seats
        payouts[winner] = self._total
        self._close(payouts)

    def _showdown(self) -> None:
        status, n = self._status, self.n_seats
        first = self.last_aggressor
        if first < 0 or status[first] < _ACTIVE:
            first = (self.button + 1) % n
            while status[first] < _ACTIVE:
                first = (first + 1) % n
        self.showdown_order = [(first + k) % n for k in range(n)
                               if status[(first + k) % n] >= _ACTIVE]
        # The payouts now, from the backend (exactly showdown()'s payouts); the
        # full ShowdownResult only if someone asks for hand.settlement.
        chips = self._settled_chips = list(self.contributions)
        payouts = [0] * n
        if backend.settle(self._board, self.holes, [st >= _ACTIVE for st in status], chips,
                          self.button, 0, payouts):
            # The engine's cards and chips are valid, so only a pot of 2**62 chips
            # or more (beyond the backends' 64-bit sums) gets here: showdown()
            # has no bound.
            settlement = self.settlement
            assert settlement is not None
            payouts = list(settlement.payouts)
        self._close(payouts)


# -------------------------------------------------------------------- helpers

def _check_stacks(stacks: Sequence[int]) -> list[int]:
    if stacks.__class__ in (list, tuple) and 2 <= len(stacks) <= 10 \
            and set(map(type, stacks)) == {int} and min(stacks) >= 0:
        checked = list(stacks)   # plain ints (what Table passes): whole-list checks
    else:
        checked = _check_stacks_one_by_one(stacks)
    if len(checked) - checked.count(0) < 2:
        raise ValueError(f"a hand needs at least 2 seats with chips, stacks are {checked}")
    return checked


def _check_stacks_one_by_one(stacks: Sequence[int]) -> list[int]:
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
        raise TypeError(f"stacks must be a sequence of ints, got {stacks!r}")
    if not 2 <= len(stacks) <= 10:
        raise ValueError(f"a table has 2..10 seats, got {len(stacks)}")
    checked = []
    for seat, chips in enumerate(stacks):
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise TypeError(f"stack of seat {seat} must be an int, got {chips!r}")
        if chips < 0:
            raise ValueError(f"stack of seat {seat} is negative: {chips}")
        checked.append(int(chips))
    return checked


def _shuffled(need: int, rng: random.Random) -> list[int]:
    """The first ``need`` cards of a uniformly shuffled deck (partial Fisher-Yates)."""
    deck = list(range(52))
    rnd = rng.random
    for i in range(need):
        j = i + int(rnd() * (52 - i))
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:need]


def cards_needed(hole_count: int, seats: int) -> int:
    """The cards a deal of ``seats`` hands of ``hole_count`` cards and a board takes.

    Raises ValueError unless ``hole_count`` is the int 4, 5 or 6 and the deck
    holds them all.

    >>> cards_needed(5, 9)
    50
    """
    if isinstance(hole_count, bool) or not isinstance(hole_count, int) or \
            hole_count not in (4, 5, 6):
        raise ValueError(f"hole_count must be 4, 5 or 6, got {hole_count!r}")
    need = hole_count * seats + 5
    if need > 52:
        raise ValueError(f"{seats} seats x {hole_count} hole cards + 5 board cards need "
                         f"{need} cards, the deck has 52")
    return need


def _deal(status: list[int], holes: Sequence[CardsLike | None] | None,
          board: CardsLike | None, hole_count: int, seed: int | None,
          rng: random.Random | None) -> tuple[list[list[int] | None], list[int]]:
    n = len(status)
    dealt = [seat for seat in range(n) if status[seat] != _OUT]
    need = cards_needed(hole_count, len(dealt))
    if holes is None and board is None:
        deck = _shuffled(need, rng if rng is not None else random.Random(seed))
        hands: list[list[int] | None] = [None] * n
        for k, seat in enumerate(dealt):
            hands[seat] = deck[k * hole_count:(k + 1) * hole_count]
        return hands, deck[-5:]
    if holes is None or board is None:
        raise ValueError("give both holes and board, or neither (to shuffle)")
    if isinstance(holes, str) or len(holes) != n:
        raise ValueError(f"holes must have one entry per seat ({n}), got {holes!r}")
    board_cards = parse_cards(board)
    check_count(board_cards, (5,), "board")
    hands = [None] * n
    groups = {"board": board_cards}
    for seat in dealt:
        cards = holes[seat]
        if cards is None:
            raise ValueError(f"seat {seat} has chips but no hole cards")
        hands[seat] = parsed = parse_cards(cards)
        check_count(parsed, (hole_count,), f"hole cards of seat {seat}")
        groups[f"seat_{seat}"] = parsed
    for seat in range(n):
        given = holes[seat]
        if status[seat] == _OUT and given is not None:
            raise ValueError(f"seat {seat} sits out (no chips) but was given hole cards "
                             f"{format_cards(parse_cards(given), ' ')}")
    check_distinct(**groups)
    return hands, board_cards


def _next_with_chips(stacks: list[int], seat: int) -> int:
    """The first seat clockwise after ``seat`` that has chips."""
    n = len(stacks)
    for step in range(1, n + 1):
        if stacks[(seat + step) % n]:
            return (seat + step) % n
    raise ValueError("no seat has chips")


class Table:
    """Hands one after another at one table: stacks carry over, the button moves one
    seat clockwise (skipping seats with no chips, which sit out), and the
    structure follows ``structure`` (a :class:`Structure`, or a
    :class:`MixedGame` schedule).

    >>> from hilo_fast.structures import Structure
    >>> table = Table([100, 100, 0, 100], Structure.no_limit(1, 2), seed=3)
    >>> hand = table.next_hand()
    >>> hand.button, hand.small_blind_seat, hand.big_blind_seat
    (0, 1, 3)
    >>> while not hand.is_over:
    ...     hand.act("fold" if hand.call_amount else "check")
    >>> table.next_hand().button   # seat 2 has no chips: it sits out
    1
    """

    __slots__ = ("_rng", "button", "hand", "hand_number", "hole_count", "rebuys", "schedule",
                 "stacks")

    def __init__(self, stacks: Sequence[int], structure: Structure | MixedGame, *,
                 button: int = 0, seed: int | None = None, hole_count: int = 4) -> None:
        if not isinstance(structure, (Structure, MixedGame)):
            raise TypeError(f"structure must be a Structure or MixedGame, got {structure!r}")
        self.stacks = _check_stacks(stacks)
        if isinstance(button, bool) or not isinstance(button, int) or \
                not 0 <= button < len(self.stacks):
            raise ValueError(f"button must be a seat 0..{len(self.stacks) - 1}, got {button!r}")
        self.schedule = structure
        self.button = button if self.stacks[button] else _next_with_chips(self.stacks, button)
        self.hand: Hand | None = None
        self.hand_number = 0
        self.rebuys = [0] * len(self.stacks)
        self.hole_count = hole_count
        self._rng = random.Random(seed)

    def structure_for(self, hand_number: int) -> Structure:
        """The structure of hand ``hand_number`` (0-based)."""
        if isinstance(self.schedule, MixedGame):
            return self.schedule.structure_for(hand_number)
        return self.schedule

    def next_hand(self, *, holes: Sequence[CardsLike | None] | None = None,
                  board: CardsLike | None = None, rebuy_to: int = 0) -> Hand:
        """Deal the next hand (after the previous one is over), moving the button.

        ``rebuy_to``: a seat left with no chips buys back in to this many chips
        first (a cash game's automatic rebuy, counted in :attr:`rebuys`); with
        the default 0 it sits out. Raises ValueError, changing nothing, when the
        previous hand is still on or fewer than two seats have chips.
        """
        stacks, number, button = self.stacks, self.hand_number, self.button
        rebuys = list(self.rebuys)
        if self.hand is not None:
            if not self.hand.is_over:
                raise ValueError(f"hand {self.hand_number} is not over yet")
            stacks, number = list(self.hand.stacks), number + 1
            if rebuy_to > 0 and 0 in stacks:
                for seat, chips in enumerate(stacks):
                    if not chips:
                        stacks[seat] = rebuy_to
                        rebuys[seat] += 1
            if len(stacks) - stacks.count(0) < 2:
                raise ValueError(f"fewer than 2 seats have chips: {stacks}")
            button = _next_with_chips(stacks, button)
        hand = Hand(self.structure_for(number), stacks, button, rng=self._rng,
                    holes=holes, board=board, hole_count=self.hole_count)
        self.stacks, self.hand_number, self.button, self.hand = stacks, number, button, hand
        self.rebuys = rebuys
        return hand
