"""Export a finished hand as a PHH file (the Poker Hand History format pokerkit reads).

PHH (https://phh.readthedocs.io) is TOML. Players are numbered ``p1..pN`` in
dealing order: ``p1`` is the first seat dealt in to the left of the button and
``pN`` the button (heads-up: ``p1`` the big blind, ``p2`` the button, who posts
the small blind; pokerkit reverses the blinds itself when there are two).
Seats sitting out are left out; the optional ``seats`` field keeps each
player's seat number (1-based) and ``seat_count`` the table size.

Variant codes. The PHH specification has a code for **fixed-limit** Omaha
Hi-Lo only: ``FO/8`` (with ``small_bet``/``big_bet``), which pokerkit reads
directly. It has none for pot-limit or no-limit Omaha Hi-Lo, so this module
writes ``PO/8`` and ``NO/8`` (built like the spec's own codes: ``PO`` is
pot-limit Omaha high, ``/8`` the eight-or-better low split) with the field
``min_bet`` (the big blind) as in ``PO``/``NT``. pokerkit's ``HandHistory``
does not know these two codes; the test suite replays them through a
pokerkit ``State`` built with the same betting structure and hi-lo hands.

Actions use the spec's grammar: ``d dh p1 AcKd2h3s`` (hole cards), ``d db
Ah7c2d`` (board), ``p2 f`` (fold), ``p2 cc`` (check or call), ``p2 cbr 60``
(bet or raise *to* 60), ``p2 sm AcKd2h3s`` (show, in the recorded showing
order).

>>> from hilo_fast.engine import Hand
>>> from hilo_fast.structures import Structure
>>> hand = Hand(Structure.fixed_limit(2, 4), [40, 40],  button=0,
...             holes=["AsKsQsJs", "2c3c4c5c"], board="Ah7c2d9h8s")
>>> hand.act("call"); hand.act("check")                 # pre-flop
>>> for _ in range(3): hand.act("check"); hand.act("check")
>>> print(to_phh(hand), end="")   # aces win the high half, 7-4-3-2-A the low
variant = "FO/8"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [40, 40]
actions = [
  "d dh p1 2c3c4c5c",
  "d dh p2 AsKsQsJs",
  "p2 cc",
  "p1 cc",
  "d db Ah7c2d",
  "p1 cc",
  "p2 cc",
  "d db 9h",
  "p1 cc",
  "p2 cc",
  "d db 8s",
  "p1 cc",
  "p2 cc",
  "p1 sm 2c3c4c5c",
  "p2 sm AsKsQsJs",
]
seats = [2, 1]
seat_count = 2
finishing_stacks = [40, 40]
"""

from __future__ import annotations

from .cards import format_cards
from .engine import Action, Hand, Street
from .structures import Limit

#: The variant code written for each structure (see the module doc).
VARIANT_CODES = {Limit.FIXED: "FO/8", Limit.POT: "PO/8", Limit.NO: "NO/8"}

_BOARD_SLICES = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}


def player_order(hand: Hand) -> list[int]:
    """Seats dealt in, in PHH order: from the first seat left of the button to the button.

    >>> from hilo_fast.engine import Hand
    >>> from hilo_fast.structures import Structure
    >>> player_order(Hand(Structure.pot_limit(1, 2), [10, 0, 10, 10], button=2, seed=1))
    [3, 0, 2]
    """
    n = hand.n_seats
    return [(hand.button + k) % n for k in range(1, n + 1)
            if hand.holes[(hand.button + k) % n] is not None]


def _toml_list(values: list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def phh_actions(hand: Hand) -> list[str]:
    """The hand's deals and actions as PHH action strings (see the module doc)."""
    order = player_order(hand)
    name = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    lines = [f"d dh {name[seat]} {format_cards(hand.holes[seat] or [])}" for seat in order]
    street = Street.PREFLOP
    board = hand.board

    def deal_through(target: int) -> None:
        nonlocal street
        while street < target and street < Street.RIVER and len(board) >= _BOARD_SLICES[
                Street(street + 1)][1]:
            street = Street(street + 1)
            lo, hi = _BOARD_SLICES[street]
            lines.append(f"d db {format_cards(board[lo:hi])}")

    for action_street, seat, kind, amount in hand.actions:
        deal_through(action_street)
        if kind == Action.FOLD:
            lines.append(f"{name[seat]} f")
        elif kind in (Action.CHECK, Action.CALL):
            lines.append(f"{name[seat]} cc")
        else:
            lines.append(f"{name[seat]} cbr {amount}")
    # Hands are shown as soon as the betting is over: before the rest of the
    # board when the players were all in (as pokerkit expects), else after it.
    for seat in hand.showdown_order:
        lines.append(f"{name[seat]} sm {format_cards(hand.holes[seat] or [])}")
    deal_through(Street.RIVER)
    return lines


def to_phh(hand: Hand) -> str:
    """The finished ``hand`` as PHH (TOML) text. Raises ValueError if it is not over."""
    if not isinstance(hand, Hand):
        raise TypeError(f"to_phh needs a Hand, not {type(hand).__name__}")
    if not hand.is_over:
        raise ValueError("only a finished hand can be exported (hand.is_over is False)")
    if any(hole is not None and len(hole) != 4 for hole in hand.holes):
        raise ValueError("PHH has variant codes for 4-card Omaha only; this hand dealt "
                         f"{max(len(h) for h in hand.holes if h is not None)} hole cards")
    s = hand.structure
    order = player_order(hand)
    blinds = [0] * len(order)
    if len(order) == 2:
        blinds = [s.small_blind, s.big_blind]   # pokerkit reverses them heads-up
    else:
        blinds[order.index(hand.small_blind_seat)] = s.small_blind
        blinds[order.index(hand.big_blind_seat)] = s.big_blind
    lines = [f'variant = "{VARIANT_CODES[s.limit]}"',
             f"antes = {_toml_list([s.ante] * len(order))}",
             f"blinds_or_straddles = {_toml_list(blinds)}"]
    if s.limit == Limit.FIXED:
        lines += [f"small_bet = {s.small_bet}", f"big_bet = {s.big_bet}"]
    else:
        lines.append(f"min_bet = {s.big_blind}")
    lines.append(f"starting_stacks = {_toml_list([hand.starting_stacks[i] for i in order])}")
    lines.append("actions = [")
    lines += [f'  "{line}",' for line in phh_actions(hand)]
    lines.append("]")
    lines.append(f"seats = {_toml_list([i + 1 for i in order])}")
    lines.append(f"seat_count = {hand.n_seats}")
    lines.append(f"finishing_stacks = {_toml_list([hand.stacks[i] for i in order])}")
    return "\n".join(lines) + "\n"


def to_phhs(hands: list[Hand] | tuple[Hand, ...]) -> str:
    """Several finished hands as one ``.phhs`` text: each hand's PHH under a ``[k]``
    table header, k counting from 1 (what pokerkit's ``HandHistory.loads_all`` reads).
    """
    return "\n".join(f"[{k}]\n{to_phh(hand)}" for k, hand in enumerate(hands, 1))
