"""One Omaha Hi-Lo hand as a state machine, in Python: the twin of csrc/engine/hand.c.

The pure backend's engine (:mod:`hilo_fast.engine._py_backend` exposes it), and the
native backend's for chips beyond the C's 64-bit bound. The fields and the
functions have the C's names (``hf_game``, ``hf_hand_act``); the rules, and
the choices made where the rule book is silent, are listed in
:mod:`hilo_fast.engine`, whose :class:`~hilo_fast.engine.Hand` is the
public façade over either machine. Cards, stacks and settings are checked by
the caller; ``act`` checks legality and changes nothing when it refuses.
tests/engine/test_hand_native.py plays this machine and the C one side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

# The codes of csrc/hilo_fast.h (tests/native/test_constants.py checks the pure
# backend's copies; these are the same numbers, imported from nowhere so that
# either backend may use this module).
FIXED, POT = 0, 1
FLOP = 1
FOLD, CHECK, CALL, BET, RAISE = 0, 1, 2, 3, 4
PREFLOP, TURN, RIVER, OVER = 0, 2, 3, 4
OUT, FOLDED, ACTIVE, ALL_IN = 0, 1, 2, 3
NO_AMOUNT, ERR_ILLEGAL = -1, -6
BOARD_AFTER = (0, 3, 4, 5)   # board cards visible on each street
MAX_RUNS = 4                 # HF_MAX_RUNS: run it at most four times

#: settle(board, holes, live, contributions, button) -> payouts per seat
Settle = Callable[[list[int], list[Any], list[bool], list[int], int], list[int]]
#: settle_boards(boards, holes, live, contributions, button, high_only) -> payouts per seat:
#: several boards (double board, the runs), or a high-only game (as hf_settle_boards)
SettleBoards = Callable[[list[list[int]], list[Any], list[bool], list[int], int, bool], list[int]]
#: a backend's settle(board, holes, live, contributions, button, odd_chip, payouts) -> 0 or ERR
BackendSettle = Callable[[list[int], list[Any], list[bool], list[int], int, int, list[int]], int]


def settled_payouts(settle: BackendSettle, board: list[int], holes: list[Any],
                    live: list[bool], contributions: list[int], button: int) -> list[int] | None:
    """The payouts at showdown from a backend's ``settle`` (exactly showdown()'s
    payouts), or None when it refuses: the cards and chips are valid, so only a
    pot of 2**62 chips or more (beyond the backends' 64-bit sums) is refused,
    which the public engine settles with showdown() (no bound)."""
    payouts = [0] * len(holes)
    return None if settle(board, holes, live, contributions, button, 0, payouts) else payouts


class HandState:
    """One hand, from the forced bets to the payouts (as ``hf_game``)."""

    def __init__(self, structure: Any, stacks: Sequence[int], button: int, hole_count: int,
                 holes: list[list[int] | None], board: list[int], settle: Settle, *,
                 forced: tuple[list[int], list[int], int] | None = None, exposed: int = 0,
                 high_only: bool = False, double_board: bool = False, runs: int = 1,
                 extra_boards: list[list[int]] | None = None,
                 settle_boards: SettleBoards | None = None) -> None:
        #: (antes, blinds or straddles) per seat, posted in place of the structure's
        #: (a hand read from PHH, see post_forced_bets); None: the structure's.
        self.forced = forced
        n = self.n_seats = len(stacks)
        self.game = self   # what the façade reads (as the C's hf_game)
        self.structure, self.hole_count, self.button = structure, hole_count, button
        self.limit, self.max_bets = int(structure.limit), structure.max_bets
        self.holes, self.board, self.settle = holes, board, settle
        #: the game dealt and the runs offered (hf_structure's high_only, n_boards, runs)
        self.high_only, self.double_board, self.runs = high_only, double_board, runs
        #: double board's second board, or the cards of runs 2.. (as hf_game's)
        self.extra_boards = extra_boards or []
        self.settle_boards = settle_boards
        self.awaiting_runs = self.n_runs = self.run_from = 0
        self.stacks = list(stacks)
        self.status = [ACTIVE if chips else OUT for chips in stacks]
        self.bets, self.contributions = [0] * n, [0] * n
        self.payouts, self.returned = [0] * n, [0] * n
        self.pending, self.reopen = [False] * n, [False] * n
        self.n_live = self.n_active = n - self.status.count(OUT)
        self.total = self.current_bet = self.min_raise = self.short_sum = 0
        self.call_amount = self.min_to = self.max_to = 0
        self.bet_count, self.last_aggressor, self.n_pending = 0, -1, 0
        self.n_actions = self.went_to_showdown = 0
        self.board_shown = exposed   # Courchevel: the first flop card, face up
        self.showdown_order: list[int] = []
        self.n_actions = 0
        self.last = (-1, -1, -1, 0)   # the log's newest entry: (street, seat, action, amount)
        self.street, self.actor = PREFLOP, -1
        self.small_blind_seat = self.big_blind_seat = self.straddle_seat = -1
        self.post_forced_bets()
        if getattr(structure, "bomb_pot", 0) and forced is None:
            self.street, self.board_shown = FLOP, BOARD_AFTER[FLOP]   # no pre-flop betting
            self.start_round()
        else:
            self.start_round(preflop=True)

    @property
    def bets_now(self) -> list[int]:
        """A copy of ``bets`` (what the façade hands out)."""
        return list(self.bets)

    @property
    def stacks_now(self) -> list[int]:
        """A copy of ``stacks``."""
        return list(self.stacks)

    @property
    def contributions_now(self) -> list[int]:
        """A copy of ``contributions``."""
        return list(self.contributions)

    @property
    def folded_now(self) -> list[bool]:
        """Per seat: folded this hand."""
        return [st == FOLDED for st in self.status]

    @property
    def n_shown(self) -> int:
        return len(self.showdown_order)

    def state(self) -> dict[str, Any]:
        """The whole public state as plain values (as ``_cbackend.HandState.state``)."""
        n, over = self.n_seats, self.street == OVER
        return {
            "street": self.street, "actor": self.actor, "stacks": list(self.stacks),
            "bets": list(self.bets), "contributions": list(self.contributions),
            "returned": list(self.returned), "payouts": list(self.payouts) if over else [],
            "pot": self.total, "current_bet": self.current_bet, "bet_count": self.bet_count,
            "last_aggressor": self.last_aggressor, "call_amount": self.call_amount,
            "min_to": self.min_to, "max_to": self.max_to,
            "small_blind_seat": self.small_blind_seat, "big_blind_seat": self.big_blind_seat,
            "straddle_seat": self.straddle_seat,
            "board": self.board[:self.board_shown],
            "holes": [None if hole is None else list(hole) for hole in self.holes],
            "folded": [st == FOLDED for st in self.status[0:n]],
            "boards": self.boards_shown(), "awaiting_runs": self.awaiting_runs,
            "n_runs": self.n_runs, "run_from": self.run_from,
            "showdown_order": list(self.showdown_order), "actions": self.n_actions,
            "last": self.last,
        }

    def boards_shown(self) -> list[list[int]]:
        """Every board as far as it is dealt: double board's two, or the runs."""
        return [board[:self.board_shown] for board in self.settled_boards()]

    def settled_boards(self) -> list[list[int]]:
        """The boards of the showdown: the one board, double board's two, or the runs
        (run r: the shared cards, then its own)."""
        if self.double_board:
            return [self.board, self.extra_boards[0]]
        return [self.board] + [self.board[:self.run_from] + extra[self.run_from:]
                               for extra in self.extra_boards[:max(self.n_runs, 1) - 1]]

    def __eq__(self, other: object) -> bool:
        """Equal states (tests compare a hand before and after a refused action)."""
        if not isinstance(other, HandState):
            return NotImplemented
        mine = {k: v for k, v in vars(self).items() if k != "game"}
        return mine == {k: v for k, v in vars(other).items() if k != "game"}

    __hash__ = None  # type: ignore[assignment]

    # ---- seats and chips

    def next_seat(self, seat: int) -> int:
        return seat + 1 if seat + 1 < self.n_seats else 0

    def next_in(self, seat: int) -> int:
        """The first seat clockwise after ``seat`` that was dealt in."""
        seat = self.next_seat(seat)
        while self.status[seat] == OUT:
            seat = self.next_seat(seat)
        return seat

    def next_pending(self, seat: int) -> int:
        seat = self.next_seat(seat)
        while not self.pending[seat]:
            seat = self.next_seat(seat)
        return seat

    def put(self, seat: int, chips: int) -> int:
        """Move up to ``chips`` from the seat's stack in front of it; the amount moved."""
        stack = self.stacks[seat]
        if chips >= stack:
            chips = stack
            if self.status[seat] == ACTIVE:
                self.status[seat] = ALL_IN
                self.n_active -= 1
        self.stacks[seat] = stack - chips
        self.contributions[seat] += chips
        self.total += chips
        return chips

    # ---- the hand's course

    def post_forced_bets(self) -> None:
        """Antes (dead, not part of the round's bets), then the blinds. Heads-up the
        button posts the small blind. A bomb pot's antes replace the antes and
        blinds; a single blind is the big blind posted left of the button; a
        straddle is posted left of the big blind (3+ seats dealt in)."""
        s = self.structure
        if self.forced is not None:
            self.post_given_forced_bets(*self.forced)
            return
        bomb_pot = s.bomb_pot
        ante = bomb_pot or s.ante
        if ante:
            for seat in range(self.n_seats):
                if self.status[seat] != OUT:
                    self.put(seat, ante)
        if bomb_pot:
            return
        if s.single_blind:
            bb = self.big_blind_seat = self.next_in(self.button)
        else:
            sb = self.button if self.n_live == 2 else self.next_in(self.button)
            bb = self.next_in(sb)
            self.small_blind_seat, self.big_blind_seat = sb, bb
            self.bets[sb] = self.put(sb, s.small_blind)
        self.bets[bb] = self.put(bb, s.big_blind)
        self.bet_count = 1   # the big blind is the first bet
        if s.straddle and self.n_live >= 3:
            st = self.straddle_seat = self.next_in(bb)
            self.bets[st] = self.put(st, s.straddle)
            self.bet_count += self.bets[st] == s.straddle   # a full straddle: the second bet
        self.current_bet = max(self.bets)
        if not self.current_bet:
            self.bet_count = 0

    def post_given_forced_bets(self, antes: list[int], blinds: list[int],
                               big_blind: int = -1) -> None:
        """Each seat's own ante (dead) and blind or straddle (live), as PHH writes
        them: one blind, two, straddles, none. The first to act pre-flop is the
        seat after the largest post due (the last of equal ones, going round
        from the button's left; heads-up the first): :attr:`big_blind_seat`;
        ``big_blind`` (a seat that posts) names it instead (a hand history's
        big blind, beside a live post of as much made out of position).
        :attr:`small_blind_seat` is the other poster of the smallest post (-1
        when nobody else posted). The posts count as one bet (as the big blind
        does); the minimum raise stays the structure's (pokerkit's rule: the
        largest post plus the minimum bet)."""
        n = self.n_seats
        order = [seat for seat in ((self.button + k) % n for k in range(1, n + 1))
                 if self.status[seat] != OUT]
        for seat in order:
            if antes[seat]:
                self.put(seat, antes[seat])
        for seat in order:
            if blinds[seat]:
                self.bets[seat] = self.put(seat, blinds[seat])
        # By the posts due, not those made: a blind all in for less keeps its
        # place, as the engine's big blind does; heads-up equal blinds leave the
        # button (the small blind) to act first, as the engine's do.
        last = -1 if len(order) == 2 else 1
        top = order.index(big_blind) if big_blind >= 0 else \
            max(range(len(order)), key=lambda k: (blinds[order[k]], last * k))
        self.big_blind_seat = order[top]
        others = [(blinds[seat], k) for k, seat in enumerate(order)
                  if blinds[seat] and k != top]
        self.small_blind_seat = order[min(others)[1]] if others else -1
        self.current_bet = max(self.bets)
        self.bet_count = 1 if self.current_bet else 0

    def start_round(self, *, preflop: bool = False) -> None:
        """Open a betting round; run out the board while nobody can bet."""
        s = self.structure
        while True:
            if not preflop:
                self.current_bet = self.bet_count = 0
            self.min_raise = s.big_bet if self.street >= TURN else s.small_bet
            if preflop and self.straddle_seat >= 0 and self.limit != FIXED:
                self.min_raise = s.straddle   # the pre-flop round's big blind: raises are by it
            self.short_sum = 0
            self.reopen = [True] * self.n_seats
            # With one seat left with chips, it acts only to answer a bet.
            self.pending = [st == ACTIVE and (self.n_active >= 2 or bet < self.current_bet)
                            for st, bet in zip(self.status, self.bets, strict=True)]
            self.n_pending = self.pending.count(True)
            if self.n_pending:
                self.last_aggressor = -1   # the showing order looks at the last round with betting
                self.actor = self.next_pending(
                    self.button if not preflop else self.straddle_seat
                    if self.straddle_seat >= 0 else self.big_blind_seat)
                self.prepare_decision()
                return
            self.end_round()
            if self.street == OVER or self.awaiting_runs:
                return
            preflop = False

    def prepare_decision(self) -> None:
        """The actor's call amount and bet/raise bounds ("to" amounts; 0 = not legal)."""
        seat, cur = self.actor, self.current_bet
        stack, to_call = self.stacks[seat], cur - self.bets[seat]
        self.min_to = self.max_to = 0
        if to_call >= stack:           # calling puts the seat all in: no raise
            self.call_amount = stack
            return
        self.call_amount = to_call
        if not self.reopen[seat] or (self.max_bets and self.bet_count >= self.max_bets):
            return
        for k in range(1, self.n_seats):   # somebody must be able to answer a raise
            other = (seat + k) % self.n_seats
            if self.status[other] == ACTIVE and self.stacks[other] + self.bets[other] > cur:
                break
        else:
            return
        all_in, lo = self.bets[seat] + stack, cur + self.min_raise
        if self.limit == POT:
            # The pot after calling, on top of the call; never below a full
            # minimum raise (a pot of short-posted blinds can be smaller).
            hi = max(cur + self.total + to_call, lo)
        elif self.limit == FIXED:
            hi = lo
        else:
            hi = all_in
        self.min_to, self.max_to = min(lo, all_in), min(hi, all_in)

    def legal(self, action: int, amount: int) -> bool:
        """Whether the actor may take ``action`` with ``amount`` (hf_hand_act's checks)."""
        if self.actor < 0 or not FOLD <= action <= RAISE:
            return False
        to_call = self.current_bet - self.bets[self.actor]
        if action >= BET:
            return (action == BET) != (self.current_bet > 0) and bool(self.max_to) \
                and self.min_to <= amount <= self.max_to
        if action == CALL:
            return bool(to_call) and amount in (NO_AMOUNT, self.call_amount)
        return amount == NO_AMOUNT and not (action == CHECK and to_call)

    def act(self, action: int, amount: int = NO_AMOUNT) -> int:
        """Apply the actor's action if it is legal: 0, else ERR_ILLEGAL (nothing changed)."""
        if not self.legal(action, amount):
            return ERR_ILLEGAL
        seat = self.actor
        logged = amount if action >= BET else self.call_amount if action == CALL else 0
        self.last = (self.street, seat, action, logged)
        if action >= BET:
            self.bet_to(seat, amount)
        elif action == CALL:
            self.put(seat, self.call_amount)
            self.bets[seat] += self.call_amount
        elif action == FOLD:
            if self.status[seat] == ACTIVE:
                self.n_active -= 1
            self.status[seat] = FOLDED
            self.n_live -= 1
        self.n_actions += 1
        if self.pending[seat]:
            self.pending[seat] = False
            self.n_pending -= 1
        self.reopen[seat] = False
        if self.n_active == 1 and self.n_pending:
            self.drop_idle_pending()
        if self.n_live == 1:
            self.win_uncontested()
        elif self.n_pending:
            self.actor = self.next_pending(seat)
            self.prepare_decision()
        else:
            self.end_round()
            if self.street != OVER and not self.awaiting_runs:
                self.start_round()
        return 0

    def bet_to(self, seat: int, to: int) -> None:
        """A bet or raise to ``to``; a short all-in does not reopen the betting unless
        several of them add up to a full raise."""
        self.put(seat, to - self.bets[seat])
        self.bets[seat] = to
        size = to - self.current_bet
        full = size >= self.min_raise
        if full:
            if self.limit != FIXED:
                self.min_raise = size
            self.short_sum = 0
        else:
            self.short_sum += size
            if self.short_sum >= self.min_raise:
                full, self.short_sum = True, 0
        if full:
            self.bet_count += 1
        # Every other seat with chips must answer; a full bet also lets it raise again.
        for other in range(self.n_seats):
            if other != seat and self.status[other] == ACTIVE:
                if not self.pending[other]:
                    self.pending[other] = True
                    self.n_pending += 1
                if full:
                    self.reopen[other] = True
        self.current_bet = to
        self.last_aggressor = seat

    def drop_idle_pending(self) -> None:
        """With one seat left with chips, it acts only to answer a bet."""
        for seat in range(self.n_seats):
            if self.pending[seat] and self.status[seat] == ACTIVE \
                    and self.bets[seat] >= self.current_bet:
                self.pending[seat] = False
                self.n_pending -= 1

    # ---- the end

    def return_uncalled(self) -> None:
        """Give back the part of the largest bet of the round that nobody matched."""
        bets = self.bets
        top = max(bets)
        if not top:
            return
        owner = bets.index(top)
        excess = top - sorted(bets)[-2]   # over the largest bet of the others
        if excess:
            bets[owner] -= excess
            self.stacks[owner] += excess
            self.contributions[owner] -= excess
            self.returned[owner] += excess
            self.total -= excess
            if self.status[owner] == ALL_IN:
                self.status[owner] = ACTIVE
                self.n_active += 1

    def end_round(self) -> None:
        """The round's end; with runs offered and every live seat but at most one
        all in before the river, the hand stops for :meth:`agree_runs`."""
        self.return_uncalled()
        self.bets = [0] * self.n_seats
        if self.runs > 1 and not self.n_runs and self.n_live >= 2 and self.n_active <= 1 \
                and self.street < RIVER:
            self.awaiting_runs, self.actor = 1, -1
            return
        self.next_street()

    def agree_runs(self, runs: int) -> int:
        """Run the rest of the board ``runs`` times (1..the runs offered) when the
        hand stopped for it: 0, else ERR_ILLEGAL with nothing changed (hf_hand_runs)."""
        if not self.awaiting_runs or not 1 <= runs <= self.runs:
            return ERR_ILLEGAL
        self.awaiting_runs, self.n_runs, self.run_from = 0, runs, self.board_shown
        self.next_street()
        if self.street != OVER:
            self.start_round()
        return 0

    def next_street(self) -> None:
        """Deal the next street's cards, or settle after the river."""
        self.street += 1
        self.actor = -1
        if self.street == OVER:
            self.showdown()
        else:
            self.board_shown = BOARD_AFTER[self.street]

    def close(self) -> None:
        """Pay out and end the hand."""
        for seat, won in enumerate(self.payouts):
            self.stacks[seat] += won
        self.street, self.actor = OVER, -1
        self.call_amount = self.min_to = self.max_to = 0

    def win_uncontested(self) -> None:
        self.return_uncalled()
        winner = next(seat for seat, st in enumerate(self.status) if st >= ACTIVE)
        self.payouts = [0] * self.n_seats
        self.payouts[winner] = self.total
        self.close()

    def showdown(self) -> None:
        """The showing order (the last aggressor of the last round with betting, else
        the first live seat clockwise from the button; then clockwise), and the pots
        paid exactly as hilo_fast.core.showdown.showdown pays them."""
        first = self.last_aggressor
        if first < 0 or self.status[first] < ACTIVE:
            first = self.next_seat(self.button)
            while self.status[first] < ACTIVE:
                first = self.next_seat(first)
        n = self.n_seats
        self.showdown_order = [(first + k) % n for k in range(n)
                               if self.status[(first + k) % n] >= ACTIVE]
        live = [st >= ACTIVE for st in self.status]
        boards = self.settled_boards()
        if len(boards) == 1 and not self.high_only:
            self.payouts = self.settle(self.board, self.holes, live, list(self.contributions),
                                       self.button)
        else:
            assert self.settle_boards is not None, "a game of several boards needs settle_boards"
            self.payouts = self.settle_boards(boards, self.holes, live,
                                              list(self.contributions), self.button,
                                              self.high_only)
        self.went_to_showdown = 1
        self.close()
