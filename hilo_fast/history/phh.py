"""Export a finished hand as a PHH file (the Poker Hand History format pokerkit reads).

It is one cohesive module: PHH written and read back, for every game and forced bet
the engine plays, kept together so that the writer and the reader of each
field (and each variant's dealing order) stay one beside the other.

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

The variants (issue 26; docs/engine.md, Variants). Omaha high is written
``PO`` (the specification's code: pokerkit reads it), ``FO`` or ``NO``. A
straddle or a single blind is in ``blinds_or_straddles`` as posted. A bomb
pot's antes are ``antes`` and its pre-flop round every player checking (what
pokerkit plays with antes and no blinds). Two boards (double board) are dealt
as pokerkit's state deals them: at each street one ``d db`` for the first
board, then one for the second. The runs of run-it-N follow the shared board
cards, run after run, each run's streets in order. Courchevel's exposed card is
the first ``d db``, before the pre-flop actions. What PHH has no field for is
written in user-defined fields (the specification's ``_`` prefix):
``_boards = 2``, ``_exposed``, ``_runs`` (the runs dealt), ``_runs_offered``,
``_bomb_pot``, ``_straddle``, ``_big_blind`` (the player whose post is the big
blind, when another posted as much out of position); :func:`parse_phh` reads
them back.

Reading: :func:`read_phh` (a path or an open file) and :func:`parse_phh` (text)
replay PHH hands, written here or elsewhere, with every shape of forced bet
the specification allows, and compare them with their ``finishing_stacks``
(docs/hand-histories.md, "PHH as others write it").

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
from typing import IO, TYPE_CHECKING, Any

from ..cards import format_cards, parse_cards
from ..core.game import Game
from ..engine.actions import Action, Street
from ..engine.hand import Hand
from ..engine.structures import Limit, Structure

if TYPE_CHECKING:
    from .model import HandHistory
    from .replay import Replay

#: The variant code written for each structure (see the module doc).
VARIANT_CODES = {Limit.FIXED: "FO/8", Limit.POT: "PO/8", Limit.NO: "NO/8"}
#: Omaha high's codes: the specification's ``PO`` (pokerkit reads it), and
#: ``FO``/``NO`` built alike.
HIGH_CODES = {Limit.FIXED: "FO", Limit.POT: "PO", Limit.NO: "NO"}

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


def _bomb_checkers(stacks: list[int], bomb_pot: int, players: list[int]) -> list[int]:
    """The players who check a bomb pot's pre-flop round as pokerkit plays it (no
    blinds): those with chips after the ante, when at least two have."""
    with_chips = [p for p, chips in zip(players, stacks, strict=True) if chips > bomb_pot]
    return with_chips if len(with_chips) >= 2 else []


def _toml_list(values: list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def phh_actions(hand: Hand) -> list[str]:
    """The hand's deals and actions as PHH action strings (see the module doc).
    Several boards are dealt as pokerkit deals them: double board street by
    street, the first board's cards then the second's (one ``d db`` each); the
    runs of run-it-N after the shared cards, run by run. Courchevel's exposed
    card is the first ``d db``, before the pre-flop actions; a bomb pot's
    pre-flop round is every player checking (what pokerkit plays with no blinds)."""
    order = player_order(hand)
    name = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    lines = [f"d dh {name[seat]} {format_cards(hand.holes[seat] or [])}" for seat in order]
    street = Street.PREFLOP
    boards = hand.boards
    double = hand.game.boards == 2
    exposed = hand.game.exposed
    runs = hand._m.state()["n_runs"] if not double else 1
    shared = hand._m.state()["run_from"] if runs > 1 else 5
    for board in (boards if double else boards[:1]) if exposed else ():
        lines.append(f"d db {format_cards(board[:exposed])}")
    if hand.structure.bomb_pot:
        lines += [f"{name[seat]} cc" for seat in order if seat in _bomb_checkers(
            [hand.starting_stacks[s] for s in order], hand.structure.bomb_pot, order)]

    def deal_through(target: int) -> None:
        nonlocal street
        while street < target and street < Street.RIVER and len(boards[0]) >= _BOARD_SLICES[
                Street(street + 1)][1]:
            street = Street(street + 1)
            lo, hi = _BOARD_SLICES[street]
            if hi <= shared:
                lo = max(lo, exposed)
                for board in boards if double else boards[:1]:
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
    if runs > 1:   # each run's own cards, street by street, run after run
        for board in boards:
            for lo, hi in _BOARD_SLICES.values():
                if lo >= shared or hi > shared:
                    lines.append(f"d db {format_cards(board[max(lo, shared):hi])}")
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
    game = hand.game
    if not game.exposed and any(hole is not None and len(hole) != 4 for hole in hand.holes):
        raise ValueError("PHH has variant codes for 4-card Omaha only; this hand dealt "
                         f"{max(len(h) for h in hand.holes if h is not None)} hole cards")
    s = hand.structure
    order = player_order(hand)
    forced = getattr(hand._m, "forced", None)   # a hand read with PHH's own forced bets
    if forced is not None:
        antes, blinds = [forced[0][i] for i in order], [forced[1][i] for i in order]
    else:   # the posts due, seat by seat (a short stack posts what it has)
        posts = {hand.small_blind_seat: s.small_blind, hand.big_blind_seat: s.big_blind,
                 hand._m.game.straddle_seat: s.straddle}
        blinds = [posts.get(seat, 0) for seat in order]
        antes = [s.bomb_pot or s.ante] * len(order)
    if len(order) == 2:   # the specification reverses them heads-up
        antes, blinds = antes[::-1], blinds[::-1]
    codes = VARIANT_CODES if game.split == "hilo" else HIGH_CODES
    lines = [f'variant = "{codes[s.limit]}"',
             f"antes = {_toml_list(antes)}",
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
    # hilo-fast's own fields (user-defined, as the specification allows) for what
    # PHH has no field for; a reader without them still plays the chips right
    # where it deals as pokerkit does (bomb pot, straddles).
    extra = {"_boards": game.boards, "_exposed": game.exposed,
             "_runs": int(hand._m.state()["n_runs"]) if hand.runs > 1 else 0,
             "_runs_offered": hand.runs if hand.runs > 1 else 0,
             "_bomb_pot": s.bomb_pot, "_straddle": s.straddle,
             # (the big blind beside a live post of as much: the player, from 1)
             "_big_blind": order.index(forced[2]) + 1 if forced is not None and
             len(forced) > 2 and forced[2] >= 0 else 0}
    lines += [f"{key} = {value}" for key, value in extra.items()
              if value and not (key == "_boards" and value == 1)]
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
_HIGH_VARIANTS = {code: limit for limit, code in HIGH_CODES.items()}


def read_phh(source: str | os.PathLike[str] | IO[str] | IO[bytes], *,
             check_finishing_stacks: bool = True) -> list[Hand]:
    """The hands of a PHH file (``.phh``, or ``.phhs`` with ``[k]`` tables) replayed
    into finished :class:`~hilo_fast.engine.Hand` objects.

    ``source``: a path (``str`` or ``os.PathLike``) or an open file (text or
    binary, UTF-8). PHH *text* goes to :func:`parse_phh`: a string is always a
    path here, and one that is not a file is a ValueError saying so. See
    :func:`parse_phh` for what is read; every error names the file and the hand.
    """
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        if not isinstance(name, str) or not os.path.isfile(name):
            shown = repr(name if len(name) <= 60 else name[:57] + "...")
            raise ValueError(f"not PHH: {shown} is not a file (read_phh reads a path or an "
                             "open file; parse_phh reads PHH text)")
        with open(name, "rb") as stream:
            data: str | bytes = stream.read()
    elif isinstance(source, (bytes, bytearray)) or not hasattr(source, "read"):
        raise TypeError(f"source must be a path or an open file, got {type(source).__name__} "
                        "(parse_phh reads PHH text)")
    else:
        name = str(getattr(source, "name", "<file>"))
        data = source.read()
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{name}: not PHH (not UTF-8 text: {exc.reason} at byte "
                             f"{exc.start})") from None
    if not isinstance(data, str):
        raise TypeError(f"{name}: read() gave {type(data).__name__}, not text")
    return parse_phh(data, name=name, check_finishing_stacks=check_finishing_stacks)


def parse_phh(text: str, *, name: str = "<text>",
              check_finishing_stacks: bool = True) -> list[Hand]:
    """The hands of PHH text (one hand, or ``.phhs`` text of ``[k]`` tables)
    replayed into finished :class:`~hilo_fast.engine.Hand` objects.

    What is read, as the PHH specification writes it: the variant (``FO/8``,
    the specification's fixed-limit Omaha Hi-Lo, and this module's ``PO/8``
    and ``NO/8``); ``antes`` (one per player, uniform or not: a big-blind or
    button ante; left out means none); ``blinds_or_straddles`` (one per
    player: two blinds, one blind, straddles, zeros); ``small_bet``/``big_bet``
    or ``min_bet``; ``starting_stacks``; ``actions``. Heads-up the antes and
    blinds are reversed, as the specification says. Players are ``p1..pN``
    from the first seat left of the button to the button (``seats`` and
    ``seat_count`` place them at a table when given); unknown cards (``??``)
    are those a player shows later (``pK sm cards``), else dealt from the rest
    of the deck. The engine settles the pots itself (``sm`` lines are not
    needed), and the stacks it ends with are compared with the hand's
    ``finishing_stacks`` when it has them (``check_finishing_stacks``).

    Forced bets the engine's blinds do not describe (one blind, straddles,
    uneven antes) are posted on the engine's Python machine on both backends
    (``Hand._with_forced_bets``); the first to act pre-flop is the player after
    the largest post, as in pokerkit.

    Raises ValueError naming ``name`` (the file), the hand (``hand [k]`` of a
    ``.phhs``) and the problem: not TOML, not PHH, a variant that is not Omaha
    Hi-Lo, an action the rules refuse, or finishing stacks that differ from
    the replay's (each player that differs, and what may explain it).

    >>> from hilo_fast.engine import Hand
    >>> from hilo_fast.engine.structures import Structure
    >>> hand = Hand(Structure.pot_limit(1, 2), [50, 80, 0, 60], button=3, seed=2)
    >>> while not hand.is_over:
    ...     hand.act("call" if hand.legal_actions().call else "check")
    >>> back, = parse_phh(to_phh(hand))
    >>> back.stacks == hand.stacks, back.holes == hand.holes, back.button
    (True, True, 3)
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__} "
                        "(read_phh reads a path or an open file)")
    try:
        import tomllib
    except ImportError:  # Python 3.10
        raise ValueError("reading PHH needs Python 3.11 or later (tomllib)") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{name}: not PHH (TOML: {exc})") from None
    tables: list[tuple[str | None, Any]] = (
        [(None, data)] if "variant" in data else list(data.items()))
    if not tables or any(not isinstance(table, dict) or "variant" not in table
                         for _, table in tables):
        raise ValueError(f"{name}: not PHH (no 'variant' field, nor [k] tables of hands)")
    hands = []
    for key, table in tables:
        where = name if key is None else f"{name}, hand [{key}]"
        try:
            hand, seats = _phh_hand(table)
        except KeyError as exc:
            raise ValueError(f"{where}: missing field {exc}") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}: {exc}") from None
        if check_finishing_stacks and "finishing_stacks" in table:
            problem = _finishing_problem(table, hand, seats)
            if problem:
                raise ValueError(f"{where}: {problem}")
        hands.append(hand)
    return hands


def _chips_of(value: object, what: str) -> int:
    """A PHH number as chips: an int, or a float with no fraction."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, got {value!r}")
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{what} is {value} (unknown): hilo-fast replays known chips only")
        if not value.is_integer():
            raise ValueError(f"{what} {value} is not a whole number of chips")
    if value < 0:
        raise ValueError(f"{what} is negative: {value}")
    return int(value)


def _chip_list(phh: dict[str, Any], field: str, count: int, default: int | None = None
               ) -> list[int]:
    """The per-player list ``field`` (``default`` each when it is left out)."""
    if field not in phh and default is not None:
        return [default] * count
    values = phh[field]
    if not isinstance(values, list) or len(values) != count:
        raise ValueError(f"{field} {values!r} needs one entry per player ({count}, as "
                         "starting_stacks)")
    return [_chips_of(v, f"{field}[{k}]") for k, v in enumerate(values)]


def _player(token: str, count: int, action: str) -> int:
    """The 0-based index of the player ``pK`` in ``action``."""
    if not (token[:1] == "p" and token[1:].isdigit() and 1 <= int(token[1:]) <= count):
        raise ValueError(f"action {action!r}: {token!r} is not a player p1..p{count}")
    return int(token[1:]) - 1


def _card_slots(text: str, action: str) -> list[int | None]:
    """Cards of an action, ``None`` for each unknown ``??``."""
    if len(text) % 2:
        raise ValueError(f"action {action!r}: {text!r} is not a run of two-character cards")
    return [None if text[k:k + 2] == "??" else parse_cards(text[k:k + 2])[0]
            for k in range(0, len(text), 2)]


def _phh_hand(phh: dict[str, Any]) -> tuple[Hand, list[int]]:
    """The replayed hand of one PHH table, and each player's engine seat."""
    variant = phh["variant"]
    if variant not in _VARIANTS and variant not in _HIGH_VARIANTS:
        raise ValueError(f"variant {variant!r} is not one of "
                         f"{', '.join([*_VARIANTS, *_HIGH_VARIANTS])} "
                         "(hilo-fast replays Omaha Hi-Lo and Omaha high only)")
    extra = {key: _chips_of(phh.get(key, 0), key) for key in
             ("_boards", "_exposed", "_runs", "_runs_offered", "_bomb_pot", "_straddle",
              "_big_blind")}
    if phh.get("bring_in"):
        raise ValueError(f"bring_in {phh['bring_in']!r}: a stud forced bet; {variant} has "
                         "blinds")
    if not isinstance(phh["starting_stacks"], list):
        raise ValueError(f"starting_stacks {phh['starting_stacks']!r} is not a list")
    count = len(phh["starting_stacks"])
    if not 2 <= count <= 10:
        raise ValueError(f"starting_stacks has {count} players; hilo-fast plays 2..10")
    stacks = _chip_list(phh, "starting_stacks", count)
    seats = [int(s) - 1 for s in phh.get("seats", range(1, count + 1))]
    table_size = int(phh.get("seat_count", max(seats) + 1))
    if len(seats) != count or len(set(seats)) != count or not min(seats) >= 0 \
            or max(seats) >= table_size:
        raise ValueError(f"seats {phh.get('seats')} do not place {count} players")
    blinds = _chip_list(phh, "blinds_or_straddles", count, 0)
    antes = _chip_list(phh, "antes", count, 0)
    if count == 2:   # heads-up the forced bets are reversed (the specification's rule)
        blinds, antes = blinds[::-1], antes[::-1]
    if extra["_big_blind"] > count or (extra["_big_blind"] and not blinds[extra["_big_blind"] - 1]):
        raise ValueError(f"_big_blind = {extra['_big_blind']}: not a player who posts a blind")
    limit = _VARIANTS.get(variant, _HIGH_VARIANTS.get(variant))
    if limit == Limit.FIXED:
        small_bet = _chips_of(phh["small_bet"], "small_bet")
        big_bet = _chips_of(phh["big_bet"], "big_bet")
        big_blind = small_bet
    else:
        big_blind = _chips_of(phh["min_bet"] if "min_bet" in phh else max(blinds), "min_bet")
    if not big_blind:
        raise ValueError("the minimum bet (small_bet or min_bet) must be positive")
    # The engine's own blinds: the first player left of the button posts the small
    # blind, the next the big (heads-up the button the small one), antes alike.
    sb_player, bb_player = (1, 0) if count == 2 else (0, 1)
    small_blind = blinds[sb_player]
    plain = (blinds[bb_player] == big_blind and small_blind <= big_blind and len(set(antes)) == 1
             and not any(b for k, b in enumerate(blinds) if k not in (sb_player, bb_player)))
    options: dict[str, Any] = {}
    straddle, bomb_pot = extra["_straddle"], extra["_bomb_pot"]
    if straddle and count >= 3 and blinds[:3] == [small_blind, big_blind, straddle] \
            and not any(blinds[3:]) and len(set(antes)) == 1:
        plain, options["straddle"] = True, straddle   # hilo-fast's own straddle
    elif straddle and count == 2 and plain:
        options["straddle"] = straddle   # (heads-up nobody straddles)
    if bomb_pot and not any(blinds) and set(antes) == {bomb_pot}:
        plain, options["bomb_pot"], small_blind, antes = True, bomb_pot, 0, [0] * count
    if not plain:
        small_blind = min([b for b in blinds if 0 < b <= big_blind], default=0)
    ante = antes[0] if len(set(antes)) == 1 else 0
    if limit == Limit.FIXED:
        structure = Structure.fixed_limit(small_bet, big_bet, small_blind=small_blind, ante=ante,
                                          **options)
    elif limit == Limit.POT:
        structure = Structure.pot_limit(small_blind, big_blind, ante=ante, **options)
    else:
        structure = Structure.no_limit(small_blind, big_blind, ante=ante, **options)
    table_stacks = [0] * table_size
    for seat, chips in zip(seats, stacks, strict=True):
        table_stacks[seat] = chips
    slots: list[list[int | None] | None] = [None] * table_size
    deals: list[list[int]] = []   # each d db's known cards
    plays: list[tuple[int, str, int | None, str]] = []
    shown: dict[int, list[int | None]] = {}
    hole_count = 4
    for action in phh["actions"]:
        if not isinstance(action, str):
            raise TypeError(f"action {action!r} is not a string")
        parts = action.split("#", 1)[0].split()   # "# ..." is commentary
        if not parts:
            continue
        if parts[0] == "d" and len(parts) >= 3 and parts[1] == "dh":
            player = _player(parts[2], count, action)
            cards = _card_slots(parts[3] if len(parts) > 3 else "", action)
            if cards:
                hole_count = len(cards)
            slots[seats[player]] = cards
        elif parts[0] == "d" and len(parts) == 3 and parts[1] == "db":
            deals.append([c for c in _card_slots(parts[2], action) if c is not None])
        elif len(parts) >= 2 and parts[1] in ("f", "cc", "cbr", "sm") and parts[0] != "d":
            player = _player(parts[0], count, action)
            if parts[1] == "sm":
                if len(parts) > 2:
                    shown[seats[player]] = _card_slots(parts[2], action)
                continue
            if (parts[1] == "cbr") != (len(parts) == 3):
                raise ValueError(f"action {action!r}: cbr takes one amount, f and cc none")
            amount = None
            if parts[1] == "cbr":
                try:
                    number: float = float(parts[2])
                except ValueError:
                    raise ValueError(f"action {action!r}: {parts[2]!r} is not an amount"
                                     ) from None
                amount = _chips_of(int(number) if number.is_integer() else number,
                                   f"action {action!r}: the amount")
            plays.append((seats[player], parts[1], amount, action))
        else:
            raise ValueError(f"action {action!r} is not one hilo-fast replays "
                             "(d dh, d db, pK f|cc|cbr|sm)")
    for seat, cards in shown.items():   # a show tells the cards a deal left unknown
        dealt = slots[seat]
        if dealt is not None and len(cards) == len(dealt):
            slots[seat] = [d if d is not None else c for d, c in zip(dealt, cards, strict=True)]
    if bomb_pot and "bomb_pot" in options:   # the pre-flop round pokerkit plays: checks
        checkers = len(_bomb_checkers(stacks, bomb_pot, list(range(count))))
        if [kind for _, kind, _, _ in plays[:checkers]] != ["cc"] * checkers:
            raise ValueError("a bomb pot's pre-flop actions must be every player checking")
        plays = plays[checkers:]
    runs, offered = extra["_runs"], max(extra["_runs_offered"], 1)
    if extra["_boards"] == 2:   # double board: the d db lines take turns, board by board
        board = [c for deal in deals[0::2] for c in deal]
        second = [c for deal in deals[1::2] for c in deal]
    else:
        board, second = [c for deal in deals for c in deal], []
    used = set(board) | set(second) | {c for cards in slots if cards for c in cards
                                       if c is not None}
    rest = sorted(set(range(52)) - used)
    random.Random(repr(phh.get("hand", stacks))).shuffle(rest)
    holes: list[list[int] | None] = [None] * table_size
    for seat in seats:
        cards = slots[seat] or [None] * hole_count
        filled = []
        for card in cards:
            if card is None:
                card, rest = rest[0], rest[1:]
            filled.append(card)
        holes[seat] = filled
    def full_board(cards: list[int]) -> list[int]:
        """A 5-card board: the cards known, then unused ones."""
        nonlocal rest
        need = 5 - len(cards)
        cards, rest = cards + rest[:need], rest[need:]
        return cards

    runs_boards: list[list[int]] = []
    if runs > 1:   # the shared cards, then each run's own, run after run
        if not 2 <= runs <= offered or len(board) < 5 or (5 * runs - len(board)) % (runs - 1):
            raise ValueError(f"_runs = {runs}: {len(board)} board cards are not {runs} runs")
        shared = (5 * runs - len(board)) // (runs - 1)
        for r in range(runs - 1):   # a run's deal: its shared places filled by unused cards
            own = board[5 + (5 - shared) * r:5 + (5 - shared) * (r + 1)]
            runs_boards.append(rest[:shared] + own)
            rest = rest[shared:]
        board = board[:5]
    board = full_board(board[:5])
    if extra["_boards"] == 2:
        board += full_board(second)
    for run_board in runs_boards:
        board += run_board
    while len(board) < 5 * offered:   # the runs offered and not run
        board += full_board([])
    game = Game(hole_cards=hole_count, boards=2 if extra["_boards"] == 2 else 1,
                split="hilo" if variant in _VARIANTS else "high", exposed=extra["_exposed"])
    if plain:
        hand = Hand(structure, table_stacks, seats[-1], holes=holes, board=board, game=game,
                    runs=offered)
    else:
        seat_antes, seat_blinds = [0] * table_size, [0] * table_size
        for seat, a, b in zip(seats, antes, blinds, strict=True):
            seat_antes[seat], seat_blinds[seat] = a, b
        player = extra["_big_blind"]   # (0: the largest post's, as pokerkit plays it)
        hand = Hand._with_forced_bets(structure, table_stacks, seats[-1], antes=seat_antes,
                                      blinds=seat_blinds, holes=holes, board=board,
                                      game=game, runs=offered,
                                      big_blind=seats[player - 1] if player else -1)
    for seat, kind, amount, action in plays:
        if hand.awaiting_runs:
            hand.run_it(max(runs, 1))
        if hand.actor != seat:
            due = ("nobody is: the hand is over" if hand.actor < 0
                   else f"p{seats.index(hand.actor) + 1} is to act")
            raise ValueError(f"action {action!r}: p{seats.index(seat) + 1} acts out of turn "
                             f"({due})")
        facing = max(hand.bets) > hand.bets[seat]   # public state: is there a bet to call?
        try:
            if kind == "f":
                hand.act(Action.FOLD)
            elif kind == "cc":
                hand.act(Action.CALL if facing else Action.CHECK)
            else:
                hand.act(Action.RAISE if max(hand.bets) else Action.BET, amount)
        except ValueError as exc:
            raise ValueError(f"action {action!r}: {exc}") from None
    if hand.awaiting_runs:
        hand.run_it(max(runs, 1))
    if not hand.is_over:
        raise ValueError("the actions end before the hand is over (hilo-fast reads "
                         "finished hands)")
    return hand, seats


def _finishing_problem(phh: dict[str, Any], hand: Hand, seats: list[int]) -> str:
    """What differs between ``finishing_stacks`` and the replay (empty: nothing),
    with what may explain it: cards nobody saw, which were dealt at random, a
    player who mucked at showdown, whom PHH counts out and the engine does not,
    a short ante, chips missing (a rake). A file of hilo-fast's own with a rake
    (``_rake``, the stacks the site paid) is compared on the total only."""
    count = len(seats)
    want = _chip_list(phh, "finishing_stacks", count)
    got = [hand.stacks[seat] for seat in seats]
    rake = phh.get("_rake", 0)   # hilo-fast's own field (replay_to_phh): the site's rake
    if isinstance(rake, (int, float)) and rake > 0 and sum(got) - sum(want) == rake:
        return ""   # the site's stacks after its rake: no per-player comparison is exact
    differ = [k for k in range(count) if want[k] != got[k]]
    if not differ:
        return ""
    text = "; ".join(f"p{k + 1} (seat {seats[k] + 1}) {want[k]} in the file, {got[k]} "
                     "replayed" for k in differ)
    at_showdown = set(hand.showdown_order)
    reasons = []
    unseen = [k for k in range(count) if seats[k] in at_showdown
              and not _cards_known(phh, k)]
    if unseen:
        reasons.append(", ".join(f"p{k + 1}" for k in unseen)
                       + " reached showdown with cards nobody saw (dealt at random here)")
    mucked = [k for k in range(count) if seats[k] in at_showdown and _mucked(phh, k)]
    if mucked:
        reasons.append(", ".join(f"p{k + 1}" for k in mucked)
                       + " mucked at showdown (PHH counts them out; the engine settles "
                       "every live hand)")
    short = [k for k in range(count) if phh["antes"][k] and hand.starting_stacks[seats[k]]
             < phh["antes"][k]] if count > 2 and "antes" in phh else []
    if short and not phh.get("ante_trimming_status", False):
        reasons.append(", ".join(f"p{k + 1}" for k in short) + " could not pay the full ante "
                       "(ante_trimming_status false: PHH lets them win every ante; the "
                       "engine's pots follow what each put in)")
    if sum(want) != sum(got):
        gone = sum(got) - sum(want)
        reasons.append(f"the file's stacks add up to {sum(want)}, {abs(gone)} chips "
                       + ("fewer (a rake?)" if gone > 0 else "more") + " than the replay's")
    return (f"finishing_stacks disagree with the replay: {text}"
            + (f" ({'; '.join(reasons)})" if reasons else ""))


def _actions_of(phh: dict[str, Any], player: int) -> list[list[str]]:
    token = f"p{player + 1}"
    return [parts for parts in (a.split("#", 1)[0].split() for a in phh["actions"])
            if parts and (parts[0] == token or parts[:3] == ["d", "dh", token])]


def _cards_known(phh: dict[str, Any], player: int) -> bool:
    """The player's cards were dealt face up or shown."""
    for parts in _actions_of(phh, player):
        cards = parts[3] if parts[0] == "d" and len(parts) > 3 else \
            parts[2] if parts[0] != "d" and parts[1] == "sm" and len(parts) > 2 else ""
        if cards and "?" not in cards:
            return True
    return False


def _mucked(phh: dict[str, Any], player: int) -> bool:
    """The player has a ``pK sm`` line with no cards (a muck)."""
    return any(parts[1:] == ["sm"] for parts in _actions_of(phh, player))
