"""What one seat may know of a hand: :func:`seat_view`, the only door from a
:class:`~hilo_fast.engine.Hand` to an observation or an opponent bot.

The names are those of :class:`~hilo_fast.engine.Hand` (and of the coming
``hand.view(seat)``, issue 15), so the built-in bots read a view as they read
a hand, and switching :func:`seat_view` to ``hand.view(seat)`` changes nothing
else. Built from the hand's public attributes only; another seat's hole cards
appear nowhere (``shown`` holds the cards turned over at showdown, once the
hand is over).
"""

from __future__ import annotations

from ..engine import Action, Hand, LegalActions, Street
from ..structures import Structure

_FOLD = Action.FOLD
_OVER = Street.OVER


class SeatView:
    """The seat's own hole cards, the board dealt so far, every seat's stack,
    bet and contribution, the pot, the action log, whose turn it is and the
    actor's options (``current_bet``, ``call_amount``, ``min_to``, ``max_to``,
    :meth:`legal_actions`). The lists are copies."""

    __slots__ = ("_legal", "actions", "actor", "bets", "big_blind_seat", "board", "button",
                 "call_amount", "contributions", "current_bet", "folded", "hole", "max_to",
                 "min_to", "n_seats", "pot", "seat", "shown", "small_blind_seat", "stacks",
                 "street", "structure")

    seat: int
    hole: list[int] | None
    board: list[int]
    stacks: list[int]
    bets: list[int]
    contributions: list[int]
    pot: int
    street: Street
    actor: int
    button: int
    small_blind_seat: int
    big_blind_seat: int
    current_bet: int
    call_amount: int
    min_to: int
    max_to: int
    actions: list[tuple[int, int, Action, int]]
    structure: Structure
    n_seats: int
    folded: list[bool]
    shown: dict[int, list[int]]
    _legal: LegalActions

    @property
    def is_over(self) -> bool:
        """True once the hand is settled."""
        return self.street == _OVER

    def legal_actions(self) -> LegalActions:
        """The actor's legal actions (as :meth:`Hand.legal_actions`)."""
        return self._legal

    def __repr__(self) -> str:
        return (f"<SeatView seat {self.seat}, {self.street.name.lower()}, "
                f"seat {self.actor} to act, pot {self.pot}>")


def seat_view(hand: Hand, seat: int) -> SeatView:
    """What ``seat`` may know of ``hand`` now.

    >>> from hilo_fast import Hand, Structure
    >>> hand = Hand(Structure.pot_limit(1, 2), [200, 200, 200], button=0, seed=7)
    >>> view = seat_view(hand, 1)
    >>> view.hole == hand.holes[1], view.board, view.actor, view.bets
    (True, [], 0, [0, 1, 2])
    >>> hasattr(view, "holes")   # nobody else's cards
    False
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.n_seats:
        raise ValueError(f"seat must be 0..{hand.n_seats - 1}, got {seat!r}")
    view = SeatView.__new__(SeatView)
    view.seat = seat
    hole = hand.holes[seat]
    view.hole = None if hole is None else list(hole)
    view.board = hand.board
    view.stacks = list(hand.stacks)
    view.bets = list(hand.bets)
    view.contributions = list(hand.contributions)
    view.pot = hand.pot
    view.street = hand.street
    view.actor = hand.actor
    view.button = hand.button
    view.small_blind_seat = hand.small_blind_seat
    view.big_blind_seat = hand.big_blind_seat
    view.current_bet = hand.current_bet
    view.call_amount, view.min_to, view.max_to = hand.call_amount, hand.min_to, hand.max_to
    actions = view.actions = list(hand.actions)
    view.structure = hand.structure
    view.n_seats = hand.n_seats
    folded = [False] * hand.n_seats
    for _, who, kind, _ in actions:
        if kind == _FOLD:
            folded[who] = True
    view.folded = folded
    view.shown = {s: list(hand.holes[s] or ()) for s in hand.showdown_order}
    view._legal = hand.legal_actions()
    return view
