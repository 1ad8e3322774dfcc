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
>>> from hilo_fast.engine.structures import Structure
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

import os
import random
from typing import TYPE_CHECKING, Any

from ..cards import format_cards, parse_cards
from ..engine.hand import Action, Hand, Street
from ..engine.structures import Limit, Structure

if TYPE_CHECKING:
    from .model import HandHistory
    from .replay import Replay

#: The variant code written for each structure (see the module doc).
VARIANT_CODES = {Limit.FIXED: "FO/8", Limit.POT: "PO/8", Limit.NO: "NO/8"}

_BOARD_SLICES = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}


def player_order(hand: Hand) -> list[int]:
    """Seats dealt in, in PHH order: from the first seat left of the button to the button.

    >>> from hilo_fast.engine import Hand
    >>> from hilo_fast.engine.structures import Structure
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


def to_phh(hand: Hand | HandHistory) -> str:
    """The finished ``hand`` as PHH (TOML) text. Raises ValueError if it is not over.
    A :class:`~hilo_fast.history.model.HandHistory` is written through its replay
    (:func:`replay_to_phh`)."""
    if not isinstance(hand, Hand):
        if hasattr(hand, "to_phh"):   # a HandHistory: through its replay
            return hand.to_phh()
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


# ------------------------------------------------------------ hand histories

def replay_to_phh(replay: Replay) -> str:
    """A replayed site hand history as PHH: :func:`to_phh` of the engine's hand,
    with the cards nobody saw written unknown (``????????``), the players who
    mucked at showdown mucking (``pK sm``), and the site's facts added:
    ``players``, ``hand``, ``currency``, the date, ``finishing_stacks`` and
    ``winnings`` as the site paid them (after rake, mucks forfeiting) and the
    rake as the user-defined field ``_rake``. Raises ValueError for a hand the
    replay could not finish.
    """
    h, hand = replay.history, replay.hand
    if hand is None or not replay.settled:
        raise ValueError(f"hand #{h.hand_id} did not replay to the end: "
                         f"{'; '.join(replay.discrepancies) or 'cancelled'}")
    order = player_order(hand)
    name_of = {seat: name for name, seat in replay.seat_of.items()}
    known = {replay.seat_of[name] for name in h.hole_cards}
    forfeits = {replay.seat_of[name] for name in h.mucked}
    code = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    lines = []
    for line in to_phh(hand).splitlines():
        parts = line.strip().strip('",').split()
        if line.startswith("  \"d dh"):
            seat = order[int(parts[2][1:]) - 1]
            if seat not in known:
                line = f'  "d dh {code[seat]} {"??" * h.hole_count}",'
        elif len(parts) == 3 and parts[1] == "sm":
            seat = order[int(parts[0][1:]) - 1]
            if seat in forfeits or seat not in known:
                line = f'  "{code[seat]} sm",'
        elif line.startswith("finishing_stacks"):
            paid = [hand.starting_stacks[s] - replay.contributions.get(name_of[s], 0)
                    + replay.collected.get(name_of[s], 0) for s in order]
            line = f"finishing_stacks = {_toml_list(paid)}"
            won = [replay.collected.get(name_of[s], 0) for s in order]
            lines.append(f"winnings = {_toml_list(won)}")
        lines.append(line)
    lines.append("players = [" + ", ".join(_toml_str(name_of[s]) for s in order) + "]")
    if h.hand_id.isdigit():
        lines.append(f"hand = {int(h.hand_id)}")
    if h.currency:
        lines.append(f"currency = {_toml_str(h.currency)}")
    if h.date is not None:
        lines += [f"year = {h.date.year}", f"month = {h.date.month}", f"day = {h.date.day}"]
    lines.append(f"_rake = {h.rake}")
    lines.append(f"_site = {_toml_str(h.site)}")
    return "\n".join(lines) + "\n"


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_VARIANTS = {code: limit for limit, code in VARIANT_CODES.items()}


def read_phh(source: str | os.PathLike[str]) -> list[Hand]:
    """The hands of a PHH file (``.phh``, or ``.phhs`` with ``[k]`` tables) replayed
    into finished :class:`~hilo_fast.engine.Hand` objects.

    ``source``: a path, or PHH text itself (a string holding a newline). The
    variants are the Omaha Hi-Lo codes this module writes (``FO/8``, ``PO/8``,
    ``NO/8``); players are ``p1..pN`` from the first seat left of the button
    to the button (``seats``/``seat_count`` place them at a table when
    given); unknown cards (``??``) are dealt from the rest of the deck. The
    engine settles the pots itself: ``sm`` lines are not needed. Raises
    ValueError naming the hand and the problem for anything else.

    >>> from hilo_fast.engine import Hand
    >>> from hilo_fast.engine.structures import Structure
    >>> hand = Hand(Structure.pot_limit(1, 2), [50, 80, 0, 60], button=3, seed=2)
    >>> while not hand.is_over:
    ...     hand.act("call" if hand.legal_actions().call else "check")
    >>> back, = read_phh(to_phh(hand))
    >>> back.stacks == hand.stacks, back.holes == hand.holes, back.button
    (True, True, 3)
    """
    if isinstance(source, str) and "\n" in source:
        text = source
    else:
        with open(source, encoding="utf-8") as stream:
            text = stream.read()
    try:
        import tomllib
    except ImportError:  # Python 3.10
        raise ValueError("reading PHH needs Python 3.11 or later (tomllib)") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not PHH (TOML): {exc}") from None
    tables = [(None, data)] if "variant" in data else list(data.items())
    hands = []
    for key, table in tables:
        if not isinstance(table, dict):
            raise ValueError(f"PHH table {key!r} is not a hand")
        try:
            hands.append(_phh_hand(table))
        except (KeyError, TypeError, ValueError) as exc:
            where = "the hand" if key is None else f"hand [{key}]"
            raise ValueError(f"{where}: {exc}") from None
    return hands


def _phh_hand(phh: dict[str, Any]) -> Hand:
    variant = phh["variant"]
    if variant not in _VARIANTS:
        raise ValueError(f"variant {variant!r} is not one of {', '.join(_VARIANTS)}")
    stacks = [int(s) for s in phh["starting_stacks"]]
    count = len(stacks)
    seats = [int(s) - 1 for s in phh.get("seats", range(1, count + 1))]
    table_size = int(phh.get("seat_count", max(seats) + 1))
    if len(seats) != count or len(set(seats)) != count or not min(seats) >= 0 \
            or max(seats) >= table_size:
        raise ValueError(f"seats {phh.get('seats')} do not place {count} players")
    blinds = [int(b) for b in phh["blinds_or_straddles"]]
    antes = [int(a) for a in phh["antes"]]
    if len(blinds) != count or len(antes) != count or len(set(antes)) > 1:
        raise ValueError("blinds and antes need one entry per player, antes all equal")
    sb, bb = blinds[0], blinds[1]
    if any(blinds[2:]):
        raise ValueError(f"blinds {blinds}: only a small and a big blind (no straddle)")
    limit = _VARIANTS[variant]
    if limit == Limit.FIXED:
        structure = Structure.fixed_limit(int(phh["small_bet"]), int(phh["big_bet"]),
                                          small_blind=sb, ante=antes[0])
    elif limit == Limit.POT:
        structure = Structure.pot_limit(sb, bb, ante=antes[0])
    else:
        structure = Structure.no_limit(sb, bb, ante=antes[0])
    table_stacks = [0] * table_size
    for seat, chips in zip(seats, stacks, strict=True):
        table_stacks[seat] = chips
    holes: list[list[int] | None] = [None] * table_size
    board: list[int] = []
    plays: list[tuple[int, str, int | None]] = []
    hole_count = 4
    for action in phh["actions"]:
        parts = action.split()
        if parts[:2] == ["d", "dh"]:
            player = int(parts[2][1:]) - 1
            cards = parts[3] if len(parts) > 3 else ""
            hole_count = len(cards) // 2
            holes[seats[player]] = [] if "?" in cards else parse_cards(cards)
        elif parts[:2] == ["d", "db"]:
            board += parse_cards(parts[2])
        elif parts[0].startswith("p") and len(parts) >= 2 and parts[1] in ("f", "cc", "cbr"):
            amount = int(parts[2]) if parts[1] == "cbr" else None
            plays.append((seats[int(parts[0][1:]) - 1], parts[1], amount))
        elif not (len(parts) >= 2 and parts[1] == "sm"):
            raise ValueError(f"action {action!r} is not one hilo-fast replays")
    used = set(board) | {c for hole in holes if hole for c in hole}
    rest = sorted(set(range(52)) - used)
    random.Random(repr(phh.get("hand", stacks))).shuffle(rest)
    for seat in seats:
        if not holes[seat]:
            holes[seat], rest = rest[:hole_count], rest[hole_count:]
    board += rest[:5 - len(board)]
    hand = Hand(structure, table_stacks, seats[-1], holes=holes, board=board,
                hole_count=hole_count)
    for seat, kind, amount in plays:
        if hand.actor != seat:
            raise ValueError(f"p{seats.index(seat) + 1} acts out of turn")
        facing = max(hand.bets) > hand.bets[seat]   # public state: is there a bet to call?
        if kind == "f":
            hand.act(Action.FOLD)
        elif kind == "cc":
            hand.act(Action.CALL if facing else Action.CHECK)
        else:
            hand.act(Action.RAISE if max(hand.bets) else Action.BET, amount)
    if not hand.is_over:
        raise ValueError("the actions end before the hand is over")
    return hand
