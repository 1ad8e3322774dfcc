"""What one seat may know of a hand: :func:`seat_view`, the only door from a
:class:`~hilo_fast.engine.Hand` to a Python observation or an opponent bot.

It is the engine's own ``hand.view(seat)``: a
:class:`~hilo_fast.engine.HandView` (``SeatView`` here) with the
:class:`~hilo_fast.engine.Hand`'s names, so the built-in bots read a view as
they read a hand. Another seat's hole cards appear nowhere (``shown`` holds
the cards turned over at showdown, once the hand is over).
"""

from __future__ import annotations

from ..engine.hand import Hand, HandView

#: The type of :func:`seat_view`'s answer (the engine's view of one seat).
SeatView = HandView


def seat_view(hand: Hand, seat: int) -> HandView:
    """What ``seat`` may know of ``hand`` now (``hand.view(seat)``).

    >>> from hilo_fast import Hand, Structure
    >>> hand = Hand(Structure.pot_limit(1, 2), [200, 200, 200], button=0, seed=7)
    >>> view = seat_view(hand, 1)
    >>> view.hole == hand.holes[1], view.board, view.actor, view.bets
    (True, [], 0, [0, 1, 2])
    >>> hasattr(view, "holes")   # nobody else's cards
    False
    """
    return hand.view(seat)
