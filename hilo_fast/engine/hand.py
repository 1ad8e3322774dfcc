"""The game engine: one Omaha Hi-Lo hand as a state machine, and a table of hands.

It is one cohesive module: the public façade of the hand (its checks, deal,
refusals, views, bot loop, runs and settlement) over the two machines that
play it, kept whole so that every public read and write of a hand is here.

A :class:`Hand` is dealt from a seeded shuffle (or from cards the caller gives),
posts antes and blinds, and then asks the seat in :attr:`Hand.actor` to act
until the hand is over (``docs/rules.md`` §3-§5). At every decision
:meth:`Hand.legal_actions` says which of fold / check / call / bet / raise are
legal and the minimum and maximum "to" amount of a bet or raise (the total the
seat will have in front of it this round); :meth:`Hand.act` applies one action.
An illegal action raises ``ValueError`` naming what is legal and changes nothing.

>>> from hilo_fast.engine.structures import Structure
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

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NoReturn

from ..cards import CardsLike
from ..core.game import Game
from ..core.showdown import ShowdownResult, showdown
from . import _py_backend, _py_hand
from ._backend import backend
from .actions import (
    _BET,
    _CALL,
    _NO_AMOUNT,
    _OVER,
    _STREETS,
    Action,
    ActionLike,
    LegalActions,
    Street,
    _parse_action,
)
from .deal import _check_stacks, _deal, game_of
from .structures import Structure


class HandView:
    """What one seat may know of a hand, the object to hand a bot: its own
    hole cards, the board dealt so far, every seat's stack, bet and
    contribution, the pot, the action history, whose turn it is and the
    actor's options (``current_bet``, ``call_amount``, ``min_to``,
    ``max_to``, :meth:`legal_actions`), and once the hand is over the cards
    shown at showdown. Never another seat's hidden cards. The names are the
    :class:`Hand`'s, so a bot reads either; the lists are copies.

    >>> from hilo_fast.engine.structures import Structure
    >>> hand = Hand(Structure.pot_limit(1, 2), [200, 200, 200], button=0, seed=7)
    >>> view = hand.view(1)
    >>> view.hole == hand.holes[1], view.board, view.actor, view.shown
    (True, [], 0, {})
    >>> hasattr(view, "holes")   # nobody else's cards
    False
    """

    __slots__ = ("_legal", "actions", "actor", "bets", "big_blind_seat", "board", "boards",
                 "button", "call_amount", "contributions", "current_bet", "folded", "game",
                 "hole", "max_to", "min_to", "n_seats", "pot", "seat", "shown",
                 "small_blind_seat", "stacks", "street", "structure")

    def __init__(self, hand: Hand, seat: int) -> None:
        self.seat = seat
        hole = hand.holes[seat]
        self.hole = None if hole is None else list(hole)
        self.board = hand.board
        self.game = hand.game
        #: every board dealt so far (double board's two; the runs once run)
        self.boards = hand.boards if hand.game.boards > 1 or hand.runs > 1 else [self.board]
        self.stacks = list(hand.stacks)
        self.bets = list(hand.bets)
        self.contributions = list(hand.contributions)
        self.pot = hand.pot
        self.street = hand.street
        self.actor = hand.actor
        self.button = hand.button
        self.small_blind_seat = hand.small_blind_seat
        self.big_blind_seat = hand.big_blind_seat
        self.current_bet = hand.current_bet
        self.call_amount, self.min_to, self.max_to = hand.call_amount, hand.min_to, hand.max_to
        self.actions = list(hand.actions)
        self.structure = hand.structure
        self.n_seats = hand.n_seats
        self.folded = hand.folded
        self.shown = {s: list(hand.holes[s] or ()) for s in hand.showdown_order}
        self._legal = hand.legal_actions()

    @property
    def is_over(self) -> bool:
        return self.street == _OVER

    def legal_actions(self) -> LegalActions:
        """The actor's legal actions (as :meth:`Hand.legal_actions`)."""
        return self._legal

    def __repr__(self) -> str:
        return (f"<HandView seat {self.seat}, {self.street.name.lower()}, "
                f"seat {self.actor} to act, pot {self.pot}>")


class _HandFields:
    """Hand's hot reads on the pure backend's machine (the native backend's
    base of Hand, ``HandCore`` in csrc/py/handplay.c, reads them from the C
    hand with the same names and answers)."""

    __slots__ = ()
    _m: Any

    actor: int = property(attrgetter("_m.game.actor"),  # type: ignore[assignment]
                         doc="The seat to act, -1 when nobody is.")

    current_bet: int = property(attrgetter("_m.game.current_bet"),  # type: ignore[assignment]
                         doc="The largest bet of this round.")

    call_amount: int = property(attrgetter("_m.game.call_amount"),  # type: ignore[assignment]
                         doc="The chips a call adds for the actor (its stack when that is all in).")

    min_to: int = property(attrgetter("_m.game.min_to"),  # type: ignore[assignment]
                         doc="The smallest 'to' amount of the actor's bet or raise (0: not legal).")

    max_to: int = property(attrgetter("_m.game.max_to"),  # type: ignore[assignment]
                         doc="The largest 'to' amount of the actor's bet or raise (0: not legal).")

    stacks: list[int] = property(attrgetter("_m.stacks_now"),  # type: ignore[assignment]
                                 doc="Chips behind each seat (the final stacks once over).")

    bets: list[int] = property(attrgetter("_m.bets_now"),  # type: ignore[assignment]
                               doc="Chips in front of each seat this round.")

    contributions: list[int] = property(  # type: ignore[assignment]
        attrgetter("_m.contributions_now"),
        doc="Chips each seat put in this hand (uncalled chips given back excluded).")

    folded: list[bool] = property(attrgetter("_m.folded_now"),  # type: ignore[assignment]
                                  doc="Per seat: folded this hand.")

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far (antes, blinds, bets)."""
        return int(self._m.game.total)

    @property
    def is_over(self) -> bool:
        """True once the pots are settled (or the hand ended with one seat left)."""
        return self._m.game.street == _OVER  # type: ignore[no-any-return]

    def _bind_core(self, address: int, keep: Any) -> None:
        """HandCore's: read the C hand at ``address``; nothing to bind here."""


# Hand's base: HandCore on the native backend (where it was built), else _HandFields.
if TYPE_CHECKING:
    _HandBase = _HandFields
else:
    _HandBase = getattr(backend, "builtin_hand_core", lambda: None)() or _HandFields


class Hand(_HandBase):
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
    ``settlement`` (the :func:`~hilo_fast.core.showdown.showdown` result, when the hand
    went to showdown).

    A façade: the hand is played by the backend's state machine (the C hand,
    ``csrc/engine/hand.c``, on the native backend while the chips fit its 64-bit
    bound; the Python one, :mod:`hilo_fast.engine._py_hand`, otherwise). This class
    parses and checks the input, deals, explains refusals and builds the
    settlement; both machines give the same answers action by action.
    """

    __slots__ = ("_board", "_m", "_settlement", "actions", "button", "game", "holes", "n_seats",
                 "runs", "starting_stacks", "structure")

    def __init__(self, structure: Structure, stacks: Sequence[int], button: int, *,
                 seed: int | None = None, rng: random.Random | None = None,
                 holes: Sequence[CardsLike | None] | None = None,
                 board: CardsLike | None = None, hole_count: int | None = None,
                 game: Game | str | None = None, runs: int = 1) -> None:
        if not isinstance(structure, Structure):
            raise TypeError(f"structure must be a Structure, got {structure!r}")
        self.structure = structure
        self.game = game = game_of(game, hole_count)
        hole_count = game.hole_cards
        self.runs = _check_runs(runs, game)
        plain = game == _OMAHA8 and runs == 1   # (the machines' default: no settings to pass)
        self.starting_stacks = _check_stacks(stacks)
        n = self.n_seats = len(self.starting_stacks)
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise ValueError(f"button must be a seat 0..{n - 1}, got {button!r}")
        if self.starting_stacks[button] == 0:
            raise ValueError(f"button seat {button} has no chips")
        self.button = button
        self._settlement: ShowdownResult | None = None
        self.actions: list[tuple[Street, int, Action, int]] = []
        dealt = None
        if holes is None and board is None and _c_deal_hand is not None and plain and (
                rng.__class__ is random.Random if rng is not None   # the common case: one C call
                else seed is None or seed.__class__ is int):   # (Random(seed) raises nothing)
            dealt = _c_deal_hand(structure, self.starting_stacks, button, hole_count,
                                 (rng if rng is not None else random.Random(seed)).random)
        if dealt is not None:
            m, self.holes, self._board = dealt
            if m.__class__ is int:   # beyond the C's chip bound: the Python machine
                m = _machine(structure, self.starting_stacks, button, game, 1, self.holes,
                             self._board, None)
            self._m = m
        else:
            self.holes, self._board, cards = _deal(self.starting_stacks, holes, board,
                                                   hole_count, seed, rng,
                                                   max(game.boards, self.runs))
            # The state machine; its ``game`` has the fields read below (hf_game's).
            m = self._m = _machine(structure, self.starting_stacks, button, game, self.runs,
                                   self.holes, self._board, cards)
        if m.__class__ is not _py_hand.HandState:   # the C hand: its reads in C too
            self._bind_core(m.address, m.game)

    @staticmethod
    def _deal_settings(structure: Structure, runs: int = 1) -> tuple[Any, int] | None:
        """For :mod:`hilo_fast.history.replay`'s whole replay in C: the C settings a
        hand of ``structure`` offering ``runs`` is dealt with (the cdata to keep,
        its address); None where the replay is not in C."""
        return _c_settings(structure, runs) if _c_settings is not None else None

    @classmethod
    def _given_deal(cls, structure: Structure, stacks: list[int], button: int,
                    holes: list[list[int] | None], board: list[int], hole_count: int) -> Hand:
        """``Hand(structure, stacks, button, holes=holes, board=board,
        hole_count=hole_count)`` for a deal built by the caller (the replay of a
        hand history: new lists of card ids), the same hand or the same error:
        on the native backend the C deal's own checks (ids, repeats, counts,
        stacks, button) stand in for the façade's, and whatever it refuses,
        like anything else, takes the constructor, which explains."""
        if _c_given_deal is not None and structure.__class__ is Structure and \
                stacks.__class__ is list and holes.__class__ is list and \
                board.__class__ is list and button.__class__ is int and \
                0 <= button < len(stacks) and hole_count in (4, 5, 6) and \
                hole_count.__class__ is int:
            m = _c_given_deal(structure, stacks, button, hole_count, holes, board)
            if m is not None and m.__class__ is not int:
                hand = cls.__new__(cls)
                hand.structure, hand.starting_stacks = structure, list(stacks)
                hand.n_seats = len(stacks)
                hand.button, hand._settlement, hand.actions = button, None, []
                hand.game, hand.runs = game_of(None, hole_count), 1
                hand.holes, hand._board, hand._m = holes, board, m
                hand._bind_core(m.address, m.game)
                return hand
        return cls(structure, stacks, button, holes=holes, board=board, hole_count=hole_count)

    @classmethod
    def _with_forced_bets(cls, structure: Structure, stacks: list[int], button: int, *,
                          antes: list[int], blinds: list[int],
                          holes: Sequence[CardsLike | None] | None,
                          board: CardsLike | None, hole_count: int | None = None,
                          game: Game | None = None, runs: int = 1,
                          big_blind: int = -1) -> Hand:
        """A hand whose seats post ``antes`` (dead) and ``blinds`` (live blinds or
        straddles, one entry per seat, 0 for none) in place of the structure's
        forced bets: PHH's ``antes``/``blinds_or_straddles`` (one blind,
        straddles, a button ante), which the C machine does not post.
        ``big_blind``: the seat pre-flop action starts after (default: the
        largest post's, the last of equal ones; see
        :meth:`~hilo_fast.engine._py_hand.HandState.post_given_forced_bets`). Cards as
        the constructor takes them. The posts are
        :meth:`hilo_fast.engine._py_hand.HandState.post_given_forced_bets`'s on the
        Python machine and its C twin's (``hf_hand_deal_forced``) where the hand
        is on the C one; the structure gives the bet sizes."""
        hand = cls(structure, stacks, button, holes=holes, board=board, hole_count=hole_count,
                   game=game, runs=runs)   # the deal's checks and cards
        for name, values in (("antes", antes), ("blinds", blinds)):
            if len(values) != hand.n_seats or any(
                    isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
                raise ValueError(f"{name} must be {hand.n_seats} chip counts (0 or more), "
                                 f"got {values!r}")
            if any(v and not hand.starting_stacks[k] for k, v in enumerate(values)):
                raise ValueError(f"{name} {values!r}: a seat sitting out posts nothing")
        if big_blind != -1 and not (type(big_blind) is int and 0 <= big_blind < hand.n_seats
                                    and blinds[big_blind]):
            raise ValueError(f"big_blind must be a seat that posts a blind, got {big_blind!r}")
        fresh = cls.__new__(cls)
        for name in cls.__slots__:
            setattr(fresh, name, getattr(hand, name))
        if _c_deal_forced is not None and hand._m.__class__ is not _py_hand.HandState:
            cards = [card for hole in hand.holes if hole is not None for card in hole]
            plain = hand.game == _OMAHA8 and hand.runs == 1
            m = _c_deal_forced(structure, list(hand.starting_stacks), button,
                               hand.game.hole_cards, cards + list(hand._board), list(antes),
                               list(blinds), big_blind, game=None if plain else hand.game,
                               runs=hand.runs)
            if m.__class__ is not int:   # (beyond the C's chip bound: the Python machine)
                fresh._m = m
                fresh._bind_core(m.address, m.game)
                return fresh
        # unbound: every read goes to the Python machine
        fresh._m = _py_machine(structure, fresh.starting_stacks, button, hand.game, hand.runs,
                               fresh.holes, fresh._board,
                               forced=(list(antes), list(blinds), big_blind))
        return fresh

    def _twin(self, copy_slot: Callable[[Any], Any]) -> Hand:
        """A copy with each slot copied by ``copy_slot``, bound to its own machine's
        C hand (HandCore's reads are not slots)."""
        twin = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(twin, name, copy_slot(getattr(self, name)))
        if twin._m.__class__ is not _py_hand.HandState:
            twin._bind_core(twin._m.address, twin._m.game)
        return twin

    def __copy__(self) -> Hand:
        return self._twin(lambda value: value)

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self._twin(lambda value: copy.deepcopy(value, memo))

    # ------------------------------------------------------------ the state

    @property
    def returned(self) -> list[int]:
        """Uncalled chips given back to each seat."""
        return list(self._m.game.returned[0:self.n_seats])

    @property
    def payouts(self) -> list[int]:
        """Chips each seat won, once the hand is over (else empty)."""
        return list(self._m.game.payouts[0:self.n_seats]) if self._m.game.street == _OVER else []

    @property
    def showdown_order(self) -> list[int]:
        """Seats in the order they show at showdown (empty without a showdown)."""
        g = self._m.game
        return list(g.showdown_order[0:g.n_shown]) if g.went_to_showdown else []

    @property
    def street(self) -> Street:
        street: Street = _STREETS[self._m.game.street]
        return street

    bet_count: int = property(attrgetter("_m.game.bet_count"),  # type: ignore[assignment]
                         doc="Full bets and raises this round (the big blind counts pre-flop).")

    last_aggressor: int = property(attrgetter("_m.game.last_aggressor"),  # type: ignore[assignment]
                         doc="The last seat to bet or raise in the last round with betting, or -1.")

    small_blind_seat: int = property(attrgetter("_m.game.small_blind_seat"))  # type: ignore[assignment]

    big_blind_seat: int = property(attrgetter("_m.game.big_blind_seat"))  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = ("over" if self.is_over
                 else f"{self.street.name.lower()}, seat {self.actor} to act")
        return (f"<Hand {self.structure.describe()}, {self.n_seats} seats, button "
                f"{self.button}, {where}, pot {self.pot}>")

    @property
    def board(self) -> list[int]:
        """The board cards dealt so far."""
        return self._board[:self._m.game.board_shown]

    @property
    def boards(self) -> list[list[int]]:
        """Every board as far as it is dealt: the one board, double board's two, or,
        once the players agreed to run it N times, the N runs (each run: the
        cards dealt before the runs, then its own)."""
        return [list(board) for board in self._m.state()["boards"]]

    @property
    def awaiting_runs(self) -> bool:
        """True while the hand waits for :meth:`run_it`: runs were offered
        (``runs=``) and every live seat but at most one is all in before the river."""
        return bool(self._m.game.awaiting_runs)

    def run_it(self, runs: int) -> None:
        """Deal the rest of the board ``runs`` times (1 up to the :attr:`runs`
        offered: what every live seat agreed to) and settle over the runs: each
        pot divided equally among them (odd chips to the first runs), each
        run's share split hi/lo among its winners. Raises ValueError, changing
        nothing, when the hand is not waiting for it or ``runs`` is out of range."""
        if isinstance(runs, bool) or not isinstance(runs, int):
            raise TypeError(f"runs must be an int, got {runs!r}")
        if not self.awaiting_runs:
            raise ValueError("the hand is not waiting for the players to agree on runs")
        if self._m.agree_runs(runs):
            raise ValueError(f"runs must be 1..{self.runs} (the runs offered), got {runs}")

    def _ask_runs(self, seat_bots: tuple[Any, ...]) -> None:
        """Hand.play's question at the all-in: each live seat's bot answers with
        its ``agree_runs(view, offered)`` (the runs it agrees to; a bot without
        one agrees to the offer); the hand runs the fewest answered."""
        agreed = self.runs
        for seat, bot in enumerate(seat_bots):
            answer = getattr(bot, "agree_runs", None)
            if answer is None or self.holes[seat] is None or self.folded[seat]:
                continue
            runs = answer(self.view(seat), self.runs)
            if isinstance(runs, bool) or not isinstance(runs, int) or \
                    not 1 <= runs <= self.runs:
                raise ValueError(f"seat {seat}'s bot {_bot_name(bot)} agreed to {runs!r} "
                                 f"runs: an int 1..{self.runs}")
            agreed = min(agreed, runs)
        self.run_it(agreed)

    @property
    def settlement(self) -> ShowdownResult | None:
        """The :func:`~hilo_fast.core.showdown.showdown` result when the hand went to
        showdown, else None. The chips were paid at once (the backend pays
        exactly what showdown() pays); this result, with its pots and hand
        values, is worked out when first asked for."""
        if self._settlement is None and self.showdown_order:
            folded = [i for i, f in enumerate(self.folded) if f]
            boards = self.boards
            if len(boards) == 1 and self.game.split == "hilo":
                self._settlement = showdown(self._board[:5], self.holes, self.contributions,
                                            folded=folded, button=self.button)
            else:
                self._settlement = showdown(None, self.holes, self.contributions,
                                            folded=folded, button=self.button, boards=boards,
                                            game=self.game)
        return self._settlement

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know now (:class:`HandView`): the object to hand its bot."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ValueError(f"seat must be 0..{self.n_seats - 1}, got {seat!r}")
        return HandView(self, seat)

    def legal_actions(self) -> LegalActions:
        """What :attr:`actor` may do now (all False/0 once the hand is over).

        >>> from hilo_fast.engine.structures import Structure
        >>> Hand(Structure.fixed_limit(2, 4), [50, 50, 50], 0, seed=1).legal_actions()
        LegalActions(fold, call 2, raise to 4)
        """
        g = self._m.game
        actor = g.actor
        if actor < 0:
            return LegalActions(False, False, 0, 0, 0, 0, 0)
        cur = g.current_bet
        to_call = cur - g.bets[actor]
        lo, hi = g.min_to, g.max_to
        call = g.call_amount if to_call else 0
        if cur:
            return LegalActions(True, to_call == 0, call, 0, 0, lo, hi)
        return LegalActions(True, to_call == 0, call, lo, hi, 0, 0)

    # ---------------------------------------------------------------- acting

    def play(self, bots: Callable[[Hand, Any], Any] | Sequence[Callable[[Hand, Any], Any]],
             rng: random.Random | None = None) -> None:
        """Play the hand to its end with Python bots: while a seat is to act, ask
        its bot ``bot(hand, rng)`` (a :class:`~hilo_fast.engine.selfplay.Bot`) and apply
        the answer as ``hand.act(*answer)`` does. ``bots``: one callable for
        every seat, or one per seat (``n_seats`` of them; seats sitting out are
        never asked); ``rng``: the stream the bots draw from (default a fresh
        ``random.Random()``). An error of a bot stops the hand at that decision,
        unchanged by it; so does a bad answer, with a TypeError (not an
        ``(action, amount)`` pair, or an amount of the wrong type) or a
        ValueError (an illegal action) naming the seat, the bot and the answer.

        The fast way to drive a hand with Python bots: on the native backend the
        loop runs in C (csrc/py/handplay.c), which calls each bot and applies
        its answer without a Python frame of its own; the answers are the same.

        >>> from hilo_fast.engine.structures import Structure
        >>> hand = Hand(Structure.pot_limit(1, 2), [200, 200, 200], button=0, seed=7)
        >>> hand.play(lambda hand, rng: ("call" if hand.call_amount else "check", None))
        >>> hand.is_over, len(hand.actions), sum(hand.stacks)
        (True, 12, 600)
        """
        seat_bots = _check_bots(bots, self.n_seats)
        rng = random.Random() if rng is None else rng
        g = self._m.game
        try:
            if _c_play is not None and self._m.__class__ is not _py_hand.HandState:
                _c_play(self._m, self, seat_bots, rng, self.actions)
                if g.awaiting_runs:   # every live seat all in: the runs, then the rest
                    self._ask_runs(seat_bots)
                    self.play(seat_bots, rng)
                return
            while g.actor >= 0 or g.awaiting_runs:
                if g.awaiting_runs:
                    self._ask_runs(seat_bots)
                    continue
                _act_on(self, seat_bots[g.actor](self, rng))
        except _BadAnswer as bad:
            # (the hand is unchanged by a refused answer: its actor is the bot's seat)
            seat = g.actor
            raise bad.explained(seat, seat_bots[seat] if seat >= 0 else None) from None

    def _replay_plain(self, actions: tuple[Any, ...], seat_of: dict[str, int], start: int,
                      kinds: tuple[str, ...], returned: dict[int, int]) -> int:
        """For :mod:`hilo_fast.history.replay`: apply a hand history's ``actions[start:]``
        (``HHAction`` tuples; ``kinds`` their kind names by Action code, then the
        uncalled bet's, whose chips go to ``returned[seat]``) for as long as each
        is one the replay's loop would apply with nothing to report, in C
        (csrc/py/hhreplay.c); the index of the first one left to that loop
        (``start`` where the loop is not in C: the pure backend, the Python machine)."""
        if _c_replay is None or self._m.__class__ is _py_hand.HandState:
            return start
        return int(_c_replay(self._m, actions, seat_of, self.actions, start, kinds, returned))

    def _showdown_pots(self, chips: list[int], showing: list[int], button: int
                       ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...],
                                       tuple[int, ...]]] | None:
        """For :mod:`hilo_fast.history.replay`: its pots with their winners in C on this
        hand's cards (csrc/py/hhreplay.c ``pots``, the twin of
        ``site_pots.showdown_pots``); None where that is not in C."""
        if _c_pots is None or self._m.__class__ is _py_hand.HandState:
            return None
        return _c_pots(self._m, chips, showing, button)  # type: ignore[no-any-return]

    def act(self, action: ActionLike, amount: int | None = None) -> None:
        """Apply ``action`` for :attr:`actor`. ``amount``: the "to" total of a bet or
        raise (required), the chips of a call (optional), nothing for fold/check.

        Raises ValueError (naming what is legal) and leaves the hand unchanged when
        the action is not legal now.
        """
        g = self._m.game
        seat, street = g.actor, g.street
        if seat < 0:
            raise ValueError("the hand is over: no seat is to act")
        if action.__class__ is not Action:
            action = _parse_action(action)
        if action >= _BET:
            if amount.__class__ is not int:
                self._check_amount(action, amount)
                amount = int(amount)  # type: ignore[arg-type]
            if not g.min_to <= amount <= g.max_to:   # (the machine takes int64 only)
                self._refuse(action, amount)
            given = logged = amount
        else:
            logged = g.call_amount if action == _CALL else 0
            # No amount, or a call's exact chips; anything else is refused (-2).
            given = _NO_AMOUNT if amount is None or (action == _CALL and amount == logged) \
                else -2
        if self._m.act(action, given):
            self._refuse(action, amount)
        self.actions.append((_STREETS[street], seat, action, logged))

    def _check_amount(self, action: Action, amount: object) -> None:
        """A bet or raise needs an int amount (checked after the kind of action is)."""
        g = self._m.game
        if (action == _BET) == (g.current_bet > 0) or not g.max_to:
            self._refuse(action, amount)
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise TypeError(f"{action.name.lower()} needs an int 'to' amount, got "
                            f"{amount!r}; legal: {self.legal_actions().describe()}")

    def _refuse(self, kind: Action, amount: object) -> NoReturn:
        """The ValueError for an action the machine refused (nothing changed)."""
        g = self._m.game
        cur, to_call = g.current_bet, g.current_bet - g.bets[g.actor]
        if kind >= _BET:
            why = ("there is a bet to raise" if cur else "there is no bet to raise")\
                if (kind == _BET) == (cur > 0) else "may not bet or raise now" \
                if not g.max_to else f"must be to {g.min_to}..{g.max_to}"
        elif kind == _CALL:
            why = "has nothing to call" if not to_call else f"adds exactly {g.call_amount}"
        elif amount is not None:
            why = "takes no amount"
        else:
            why = f"faces a bet of {to_call} to call"
        what = kind.name.lower() + ("" if amount is None else f" {amount}")
        raise ValueError(f"seat {g.actor} cannot {what} ({why}); "
                         f"legal: {self.legal_actions().describe()}")


class _BadAnswer(Exception):
    """A bot's answer Hand.act refused, on its way to Hand.play, which knows the bot:
    kept apart from an error raised inside a bot, which goes out as it is."""

    def __init__(self, answer: object, error: TypeError | ValueError | None) -> None:
        super().__init__(answer, error)
        self.answer, self.error = answer, error

    def explained(self, seat: int, bot: object) -> TypeError | ValueError:
        """The error for the bot of ``seat``: TypeError for an answer that is not an
        action at all, else act's own error, both naming the seat, bot and answer."""
        what = f"seat {seat}'s bot {_bot_name(bot)} answered {self.answer!r}" if seat >= 0 \
            else f"a bot answered {self.answer!r}"   # (after acting on the hand itself)
        if self.error is None:
            return TypeError(f"{what}: a bot returns (action, amount), like ('call', None) "
                             "or ('raise', 40) (amount: the 'to' total of a bet or raise, "
                             "else None)")
        return type(self.error)(f"{what}: {self.error}")


def _bot_name(bot: object) -> str:
    """A bot as a person would name it: its function's name, else its class's,
    after its module's (but for a script's, the built-ins' and hilo_fast's)."""
    name = getattr(bot, "__qualname__", None) or getattr(bot, "__name__", None)
    if not isinstance(name, str):
        name = type(bot).__qualname__ + " object"
    module = getattr(bot, "__module__", None)
    if not isinstance(module, str) or module in ("__main__", "builtins") \
            or module.startswith("hilo_fast."):
        return name
    return f"{module}.{name}"


def _act_on(hand: Hand, answer: Any) -> None:
    """Apply a bot's answer ``(action, amount)`` (or ``(action,)``) as hand.act does;
    what it refuses goes to Hand.play as a _BadAnswer. The C loop of Hand.play
    leaves here what it did not apply itself; the Python loop sends everything."""
    items = answer
    if items.__class__ is not tuple:
        if isinstance(answer, (str, bytes, bytearray)) or not isinstance(answer, Iterable):
            raise _BadAnswer(answer, None)
        items = tuple(answer)
    if not 1 <= len(items) <= 2:
        raise _BadAnswer(answer, None)
    try:
        hand.act(*items)
    except (TypeError, ValueError) as error:
        raise _BadAnswer(answer, error) from None


_OMAHA8 = Game()
_MAX_CHIPS = backend.MAX_CHIPS   # the bound of the backend's machine (the C's 64-bit sums)
# The backend's deal for cards the façade checked (no conversion on native).
_hand_deal = getattr(backend, "hand_deal_plain", backend.hand_deal)
# Hand._given_deal's deal in C, checked there (None: the constructor's checks).
_c_given_deal = getattr(backend, "hand_deal_given", None)
# Hand.play's loop in C on the native backend (None: the Python loop).
_c_play = getattr(backend, "builtin_hand_play", lambda *_: None)(_STREETS, tuple(Action), _act_on)
# The replay's action loop in C (bound with _c_play; None: the Python loop only).
_c_replay = getattr(backend, "replay_actions", None)
_c_pots = getattr(backend, "replay_pots", None)
# Hand._with_forced_bets's C hand (None: the Python machine's posts).
_c_deal_forced = getattr(backend, "hand_deal_forced", None)
_c_settings = getattr(backend, "hand_settings", None) if _c_replay is not None else None


# _deal's shuffled deal and _machine's C hand in one call on the native backend (or None).
_c_deal_hand: Callable[[Structure, list[int], int, int, Callable[[], float]],
                       tuple[Any, list[list[int] | None], list[int]] | None] | None = getattr(
    backend, "hand_deal_shuffled", None)


def _machine(structure: Structure, stacks: list[int], button: int, game: Game, runs: int,
             holes: list[list[int] | None], board: list[int], cards: list[int] | None) -> Any:
    """The backend's hand for these (checked) settings, game and cards (``cards``:
    the same in dealing order, when known): the C one when the backend has it
    and the chips fit its bound, else the Python one."""
    amounts = (structure.small_blind, structure.big_blind, structure.ante,
               structure.small_bet, structure.big_bet, structure.straddle, structure.bomb_pot)
    hole_count = game.hole_cards
    if sum(stacks) < _MAX_CHIPS and max(amounts) < _MAX_CHIPS:
        if cards is None:
            cards = [card for hole in holes if hole is not None for card in hole] + board
        if game == _OMAHA8 and runs == 1:
            state = _hand_deal(structure, stacks, button, hole_count, cards)
        else:
            state = _hand_deal(structure, stacks, button, hole_count, cards, game=game,
                               runs=runs)
        assert not isinstance(state, int), f"the C refused a checked deal: {state}"
        return state
    return _py_machine(structure, stacks, button, game, runs, holes, board)


def _py_machine(structure: Structure, stacks: list[int], button: int, game: Game, runs: int,
                holes: list[list[int] | None], board: list[int], *,
                forced: tuple[list[int], list[int], int] | None = None
                ) -> _py_hand.HandState:
    """The Python machine for these settings (``board``: every board card dealt,
    5 a board: the first board, then double board's second or the runs')."""
    return _py_hand.HandState(
        structure, stacks, button, game.hole_cards, holes, board[:5], _settle_payouts,
        forced=forced, exposed=game.exposed, high_only=game.split == "high",
        double_board=game.boards == 2, runs=runs,
        extra_boards=[board[k:k + 5] for k in range(5, len(board), 5)],
        settle_boards=_py_backend.settle_boards_payouts)


def _check_runs(runs: object, game: Game) -> int:
    """The runs offered: an int 1..4; more than one only on one board."""
    if isinstance(runs, bool) or not isinstance(runs, int):
        raise TypeError(f"runs must be an int, got {runs!r}")
    if not 1 <= runs <= _py_hand.MAX_RUNS:
        raise ValueError(f"runs must be 1..{_py_hand.MAX_RUNS}, got {runs}")
    if runs > 1 and game.boards > 1:
        raise ValueError("run it more than once on one board only (not double board)")
    return runs


def _settle_payouts(board: list[int], holes: list[Any], live: list[bool],
                    contributions: list[int], button: int) -> list[int]:
    """A Python machine's showdown (the pure backend, or chips beyond the C's
    bound), settled by the backend, or by showdown() for a pot beyond its bound."""
    payouts = _py_hand.settled_payouts(backend.settle, board, holes, live, contributions, button)
    if payouts is None:
        result = showdown(board, [h if live[i] else None for i, h in enumerate(holes)],
                          contributions, folded=[i for i, f in enumerate(live)
                                                 if not f and holes[i] is not None],
                          button=button)
        payouts = list(result.payouts)
    return payouts


# -------------------------------------------------------------------- helpers

def _check_bots(bots: object, n_seats: int) -> tuple[Any, ...]:
    """Hand.play's bots as a tuple of one callable per seat."""
    if isinstance(bots, tuple) and len(bots) == n_seats and all(map(callable, bots)):
        return bots   # what simulate passes at every hand: nothing to convert
    if callable(bots):
        return (bots,) * n_seats
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a callable bot(hand, rng) or one per seat, got {bots!r}")
    if len(bots) != n_seats:
        raise ValueError(f"bots must have one bot per seat ({n_seats}), got {len(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(bot):
            raise TypeError(f"bots[{seat}] must be a callable bot(hand, rng), got {bot!r}")
    return tuple(bots)
