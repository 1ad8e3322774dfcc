"""The engine's native twin: one hand as csrc/engine/hand.c's state machine, the
CPython builtins of Hand.play's loop and the deal (csrc/py/handplay.c), the
replay's action loop (csrc/py/hhreplay.c), and self-play sessions
(csrc/engine/selfplay.c).

Same functions as :mod:`hilo_fast.engine._py_backend` (self-play is native
only: its pure twin is the engine itself).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .._native._core import ffi, lib
from ..core._c_backend import ERR_COUNT as ERR_COUNT
from ..core._c_backend import MAX_CHIPS as MAX_CHIPS
from ..core._c_backend import _card_ids
from ..core._c_backend import settle as settle
from ..core._c_backend import splitmix64 as splitmix64

NAME = "native"

# ---- the constants of csrc/hilo_fast.h, read from it (the pure twin's copies
# are checked against the header by tests/native/test_constants.py) ----

LIMIT_FIXED, LIMIT_POT, LIMIT_NO = lib.HF_FIXED, lib.HF_POT, lib.HF_NO
FOLD, CHECK, CALL, BET, RAISE = lib.HF_FOLD, lib.HF_CHECK, lib.HF_CALL, lib.HF_BET, lib.HF_RAISE
PREFLOP, FLOP, TURN, RIVER, OVER = (lib.HF_PREFLOP, lib.HF_FLOP, lib.HF_TURN, lib.HF_RIVER,
                                    lib.HF_OVER)
SEAT_OUT, SEAT_FOLDED, SEAT_ACTIVE, SEAT_ALL_IN = (lib.HF_OUT, lib.HF_FOLDED, lib.HF_ACTIVE,
                                                   lib.HF_ALL_IN)
BOT_RANDOM, BOT_CALL, BOT_POT = lib.HF_BOT_RANDOM, lib.HF_BOT_CALL, lib.HF_BOT_POT

# Self-play in C (csrc/engine/selfplay.c). Native only: its pure-Python twin is the
# engine itself (hilo_fast.engine), which hilo_fast.engine.selfplay runs when this
# backend is not in use; tests compare the two hand by hand.

_SELFPLAY_ERRORS = {
    lib.HF_ERR_COUNT: "a self-play setting out of range",
    lib.HF_ERR_TOO_MANY_CHIPS: f"{MAX_CHIPS} chips or more at the table",
    lib.HF_ERR_CHIPS_NOT_CONSERVED: "a hand created or lost chips",
}

#: One game's settings: hf_structure's fields by name (settings_fields), or the
#: first seven of them as a tuple (limit, max_bets, small_blind, big_blind,
#: ante, small_bet, big_bet).
GameSettings = dict[str, int] | tuple[int, int, int, int, int, int, int]
_FIRST_FIELDS = ("limit", "max_bets", "small_blind", "big_blind", "ante", "small_bet", "big_bet")


def fill_structure(target: Any, settings: GameSettings) -> None:
    """Write one game's settings into an hf_structure (the rest stays zero)."""
    fields = settings if isinstance(settings, dict) else dict(zip(_FIRST_FIELDS, settings,
                                                                  strict=True))
    for name, value in fields.items():
        setattr(target, name, value)
#: random.Random().getstate()
RandomState = tuple[Any, ...]


class SelfPlay:
    """A self-play session at one table, played by ``hf_selfplay_run``.

    ``games``: one structure, or two alternating every ``hands_per_game``
    hands; ``bots``: HF_BOT_* per seat; ``deal_state`` / ``bot_state``: the
    ``getstate()`` of the Random that shuffles and of the one the bots draw
    from. The first hand is dealt at ``button``; stacks and rebuys carry on.
    """

    __slots__ = ("_session",)
    _session: Any

    def __init__(self, games: Sequence[GameSettings], hands_per_game: int,
                 stacks: Sequence[int], hole_count: int, bots: Sequence[int], rebuy_to: int,
                 deal_state: RandomState, bot_state: RandomState, button: int = 0) -> None:
        # Any: the struct's fields are cffi attributes that no stub can list.
        session: Any = ffi.new("hf_selfplay *")
        for k, fields in enumerate(games):
            fill_structure(session.games[k], fields)
        session.n_games = len(games)
        session.hands_per_game = hands_per_game
        session.n_seats = len(stacks)
        session.hole_count = hole_count
        session.rebuy_to = rebuy_to
        session.button = button
        for seat, (chips, bot) in enumerate(zip(stacks, bots, strict=True)):
            session.stacks[seat] = chips
            session.bots[seat] = bot
        for target, state in ((session.deal_rng, deal_state), (session.bot_rng, bot_state)):
            words = state[1]          # (version, 624 words + position, gauss_next)
            target.key = words[:624]
            target.pos = words[624]
        self._session = session

    def run(self, hands: int, *, log: bool = False) -> list[list[int]] | None:
        """Play ``hands`` more hands; with ``log``, each hand's final stacks."""
        session = self._session
        n = session.n_seats
        buffer = ffi.new("int64_t[]", hands * n) if log else ffi.NULL
        err = lib.hf_selfplay_run(session, hands, buffer)
        if err:
            raise RuntimeError(f"native self-play stopped after {session.hands_played} hands: "
                               f"{_SELFPLAY_ERRORS.get(err, err)}")
        if not log:
            return None
        return [list(buffer[h * n:(h + 1) * n]) for h in range(hands)]

    @property
    def stacks(self) -> list[int]:
        return list(self._session.stacks[0:self._session.n_seats])

    @property
    def rebuys(self) -> list[int]:
        return list(self._session.rebuys[0:self._session.n_seats])

    @property
    def actions(self) -> int:
        return int(self._session.actions)

    @property
    def showdowns(self) -> int:
        return int(self._session.showdowns)


# ---- the hand in C (csrc/engine/hand.c): one hand as a state machine ----

NO_AMOUNT: int = lib.HF_NO_AMOUNT
ERR_ILLEGAL: int = lib.HF_ERR_ILLEGAL
MAX_RUNS: int = lib.HF_MAX_RUNS


class HandState:
    """One hand played by ``hf_hand_deal`` / ``hf_hand_act`` (the C's ``hf_game``).

    Build with :func:`hand_deal`. ``act(action, amount)`` is ``hf_hand_act``
    itself (0, or ERR_ILLEGAL with nothing changed; amounts must fit int64);
    ``game`` is the ``hf_game``, whose fields Python reads directly.
    ``state()`` is the whole public state as plain values, in the same shape
    as the pure backend's twin (``last``: the newest entry of the log)."""

    __slots__ = ("act", "address", "forced", "game")
    game: Any
    address: int
    act: Callable[[int, int], int]
    #: (antes, blinds, big blind) posted in place of the structure's (as the
    #: Python machine's ``forced``: PHH writes them back), or None.
    forced: tuple[list[int], list[int], int] | None

    def __init__(self, game: Any, address: int | None = None,
                 forced: tuple[list[int], list[int], int] | None = None) -> None:
        self.game = game
        self.forced = forced
        # What engine.Hand's HandCore reads (given when the caller has it already).
        self.address = int(ffi.cast("uintptr_t", game)) if address is None else address
        self.act = partial(lib.hf_hand_act, game)   # a C-level callable: no Python frame

    @property
    def bets_now(self) -> list[int]:
        """A copy of the bets (engine.Hand reads them through HandCore, in C)."""
        return ffi.unpack(self.game.bets, self.game.n_seats)  # type: ignore[return-value]

    @property
    def stacks_now(self) -> list[int]:
        """A copy of the stacks."""
        return ffi.unpack(self.game.stacks, self.game.n_seats)  # type: ignore[return-value]

    @property
    def contributions_now(self) -> list[int]:
        """A copy of the chips each seat put in."""
        return ffi.unpack(self.game.contributions, self.game.n_seats)  # type: ignore[return-value]

    @property
    def folded_now(self) -> list[bool]:
        """Per seat: folded this hand."""
        return [st == SEAT_FOLDED for st in self.game.status[0:self.game.n_seats]]

    @property
    def awaiting_runs(self) -> int:
        """1 while the hand waits for the runs agreed (:meth:`agree_runs`)."""
        return int(self.game.awaiting_runs)

    def agree_runs(self, runs: int) -> int:
        """``hf_hand_runs``: run the rest of the board ``runs`` times (0, or ERR_ILLEGAL)."""
        return int(lib.hf_hand_runs(self.game, runs))

    def settled_boards(self) -> list[list[int]]:
        """The boards of the showdown, whole: the one board, double board's two, or
        the runs (run r: the shared cards, then its own), as hand.c settles them."""
        g = self.game
        board = list(g.board)
        if g.structure.n_boards == 2:
            return [board, list(g.extra_boards[0])]
        shared = g.run_from
        return [board] + [board[:shared] + list(g.extra_boards[r])[shared:]
                          for r in range(max(g.n_runs, 1) - 1)]

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        game = ffi.new("hf_game *")
        ffi.memmove(game, self.game, ffi.sizeof("hf_game"))
        return HandState(game, forced=copy.deepcopy(self.forced, memo))

    def __eq__(self, other: object) -> bool:
        """Equal states, byte for byte (tests compare a hand before and after)."""
        if not isinstance(other, HandState):
            return NotImplemented
        return bytes(ffi.buffer(self.game)) == bytes(ffi.buffer(other.game))

    __hash__ = None  # type: ignore[assignment]

    def state(self) -> dict[str, Any]:
        g = self.game
        n = g.n_seats
        over = g.street == lib.HF_OVER
        last = g.last
        return {
            "street": int(g.street), "actor": int(g.actor),
            "stacks": list(g.stacks[0:n]), "bets": list(g.bets[0:n]),
            "contributions": list(g.contributions[0:n]), "returned": list(g.returned[0:n]),
            "payouts": list(g.payouts[0:n]) if over else [],
            "pot": int(g.total), "current_bet": int(g.current_bet),
            "bet_count": int(g.bet_count), "last_aggressor": int(g.last_aggressor),
            "call_amount": int(g.call_amount), "min_to": int(g.min_to),
            "max_to": int(g.max_to),
            "small_blind_seat": int(g.small_blind_seat),
            "big_blind_seat": int(g.big_blind_seat),
            "straddle_seat": int(g.straddle_seat),
            "board": list(g.board[0:g.board_shown]),
            "holes": [list(g.holes[s][0:g.hole_count]) if g.status[s] != lib.HF_OUT else None
                      for s in range(n)],
            "folded": [g.status[s] == lib.HF_FOLDED for s in range(n)],
            "boards": [board[:g.board_shown] for board in self.settled_boards()],
            "awaiting_runs": int(g.awaiting_runs), "n_runs": int(g.n_runs),
            "run_from": int(g.run_from),
            "showdown_order": list(g.showdown_order[0:g.n_shown]),
            "actions": int(g.n_actions),
            "last": (int(last.street), int(last.seat), int(last.action), int(last.amount)),
        }


def builtin_hand_play(streets: tuple[Any, ...], actions: tuple[Any, ...],
                      act_on: Callable[[Any, Any], None]
                      ) -> Callable[[HandState, Any, tuple[Any, ...], Any, list[Any]], None] | None:
    """``play(state, hand, bots, rng, log)``: Hand.play's decision loop over the
    C hand of ``state`` (a :class:`HandState`) as a CPython builtin
    (csrc/py/handplay.c) bound to this module's ``hf_hand_act``, the façade's
    ``streets`` and ``actions`` (engine.Street and Action by code) and
    ``act_on(hand, answer)``, which
    applies the answers the loop leaves to the façade; None where it was not
    built."""
    try:
        from .._native import _handplay
    except ImportError:
        return None
    global _c_deal, _c_deal_hand
    act, deal, omaha, runs, forced = (int(ffi.cast("uintptr_t", ffi.addressof(lib, name)))  # type: ignore[call-overload]
                                      for name in ("hf_hand_act", "hf_hand_deal", "hf_omaha",
                                                   "hf_hand_runs", "hf_hand_deal_forced"))
    _handplay.bind(act, deal, streets, actions, act_on)
    _c_deal = _handplay.deal
    global _c_deal_given
    _c_deal_given = _handplay.deal_given
    _c_deal_hand = _handplay.deal_hand
    _bind_replay(act, omaha, deal, runs, forced, streets, actions)
    loop = _handplay.play

    def play(state: HandState, hand: Any, bots: tuple[Any, ...], rng: Any,
             log: list[Any]) -> None:
        loop(state.address, state.game, hand, bots, rng, log)
    return play


def _bind_replay(act: int, omaha: int, deal: int, runs: int, forced: int,
                 streets: tuple[Any, ...], actions: tuple[Any, ...]) -> None:
    """Bind csrc/py/hhreplay.c (the replay's builtins) to the core's hf_hand_act,
    hf_omaha, hf_hand_deal, hf_hand_runs and hf_hand_deal_forced and set
    replay_deal, replay_actions, replay_pots (left None where it was not built)."""
    try:
        from .._native import _hhreplay
    except ImportError:
        return
    global replay_deal, replay_actions, replay_pots
    _hhreplay.bind(act, omaha, deal, runs, forced, streets, actions)
    c_replay, c_pots = _hhreplay.replay, _hhreplay.pots

    def bound_replay(state: HandState, actions: tuple[Any, ...], seat_of: dict[str, int],
                     log: list[Any], start: int, kinds: tuple[str, ...],
                     returned: dict[int, int]) -> int:
        return c_replay(state.address, state.game, actions, seat_of, log, start, kinds,
                        returned)

    def bound_pots(state: HandState, chips: list[int], showing: list[int], button: int
                   ) -> list[ReplayPot]:
        return c_pots(state.address, state.game, chips, showing, button)
    replay_deal, replay_actions, replay_pots = _hhreplay.deal_history, bound_replay, bound_pots


#: ``replay_deal(board, hole_cards, seat_of, dealt, n_seats, hole_count, card_ids, deck)``:
#: hilo_fast.history.replay._deal's (holes, board) or None (csrc/py/hhreplay.c ``deal_history``);
#: None where it was not built.
replay_deal: Callable[..., tuple[list[list[int] | None], list[int]] | None] | None = None
#: A pot of the replay: (level, amount, eligible, high winners, low winners).
ReplayPot = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: ``replay_pots(state, chips, showing, button)``: hilo_fast.history.replay's pots with their
#: winners on the C hand of ``state`` (csrc/py/hhreplay.c ``pots``, the twin of
#: site_pots.showdown_pots); None where it was not built.
replay_pots: Callable[[HandState, list[int], list[int], int], list[ReplayPot]] | None = None
#: ``replay_actions(state, actions, seat_of, log, start, kinds, returned)``:
#: hilo_fast.history.replay's action loop over the C hand of ``state`` as far as each action
#: is plain (csrc/py/hhreplay.c ``replay``), the index it stopped at; None where it
#: was not built.
replay_actions: Callable[[HandState, tuple[Any, ...], dict[str, int], list[Any], int,
                          tuple[str, ...], dict[int, int]], int] | None = None


def builtin_hand_core() -> type | None:
    """``HandCore`` (csrc/py/handplay.c): the base class of engine.Hand whose
    getters read a bound C hand (``_bind_core(HandState.address, game)``)
    directly; None where it was not built."""
    try:
        from .._native import _handplay
    except ImportError:
        return None
    return _handplay.HandCore


def builtin_deal_cards() -> Callable[[Callable[[], float], list[int], int],
                                     tuple[list[list[int] | None], list[int], list[int]]] | None:
    """``deal_cards(rng.random, dealt_in, hole_count)``: engine._deal's shuffled
    ``(holes, board, cards in dealing order)`` from the same draws of a
    ``random.Random``, as a CPython builtin (csrc/py/handplay.c); None where it
    was not built."""
    try:
        from .._native import _handplay
    except ImportError:
        return None
    return _handplay.deal_cards


#: csrc/py/handplay.c's deal, once builtin_hand_play bound it (engine's import).
_c_deal: Callable[[int, int, list[int], int, int, list[int]], int | None] | None = None


#: csrc/py/handplay.c's deal_given, bound with _c_deal.
_c_deal_given: Callable[..., int | None] | None = None


def hand_deal_given(structure: Any, stacks: list[int], button: int, hole_count: int,
                    holes: list[list[int] | None], board: list[int], game: Any = None
                    ) -> HandState | int | None:
    """The hand of a deal given seat by seat (engine.Hand._given_deal), the C
    checking it: its state, the C's error code, or None when the builtin is not
    bound or the input is not plain lists of ints (a hole for exactly the seats
    with chips)."""
    if _c_deal_given is None:
        return None
    _alive, settings_address = _settings(structure, game)   # held: the cache may drop it
    hand = ffi.new("hf_game *")
    address = int(ffi.cast("uintptr_t", hand))
    err = _c_deal_given(address, settings_address, stacks, button, hole_count, holes, board)
    return HandState(hand, address) if err == 0 else err


def hand_deal_plain(structure: Any, stacks: list[int], button: int, hole_count: int,
                    cards: list[int], game: Any = None, runs: int = 1) -> HandState | int:
    """:func:`hand_deal` for the façade's checked lists of ints (stacks, and
    cards 0..51): converted by the builtin deal where it is bound (anything
    else it leaves to hand_deal), else given to cffi as they are."""
    if _c_deal is not None:
        _alive, settings_address = _settings(structure, game, runs)   # held: the cache may drop it
        hand = ffi.new("hf_game *")
        address = int(ffi.cast("uintptr_t", hand))
        err = _c_deal(address, settings_address, stacks, button, hole_count, cards)
        if err is not None:
            return err or HandState(hand, address)
        return hand_deal(structure, stacks, button, hole_count, cards,
                         game=game, runs=runs)   # not plain lists
    return hand_deal(structure, stacks, button, hole_count, cards, plain=True, game=game,
                     runs=runs)


#: csrc/py/handplay.c's deal_hand, bound with _c_deal.
_c_deal_hand: Callable[[int, int, Callable[[], float], list[int], int, int],
                       tuple[list[list[int] | None], list[int], int] | None] | None = None
_GAME = ffi.typeof("hf_game *")


def hand_deal_shuffled(structure: Any, stacks: list[int], button: int, hole_count: int,
                       random: Callable[[], float], game: Any = None
                       ) -> tuple[HandState | int, list[list[int] | None], list[int]] | None:
    """engine._deal's shuffled deal and :func:`hand_deal_plain` in one builtin
    call, for the façade's checked plain stacks: (the HandState or the C's
    ERR_*, holes, board) from the same draws of ``random``; None where the
    builtin is not bound or the stacks are not a plain list of int64s (then
    nothing was drawn)."""
    if _c_deal_hand is None or (game is not None and game.boards != 1):
        return None   # (the builtin deals one board)
    _alive, settings_address = _settings(structure, game)   # held: the cache may drop it
    game = ffi.new(_GAME)
    address = int(ffi.cast("uintptr_t", game))
    dealt = _c_deal_hand(address, settings_address, random, stacks, button, hole_count)
    if dealt is None:
        return None
    holes, board, err = dealt
    return err or HandState(game, address), holes, board


def settings_fields(s: Any, game: Any = None, runs: int = 1) -> dict[str, int]:
    """The hf_structure fields of a structure's settings, the game dealt
    (``game``: a :class:`hilo_fast.Game`, None for Omaha Hi-Lo on one board)
    and the runs offered."""
    fields = {
        "limit": int(s.limit), "max_bets": _clamp(s.max_bets),
        "small_blind": _clamp(s.small_blind), "big_blind": _clamp(s.big_blind),
        "ante": _clamp(s.ante), "small_bet": _clamp(s.small_bet), "big_bet": _clamp(s.big_bet),
        "straddle": _clamp(s.straddle), "bomb_pot": _clamp(s.bomb_pot),
        "single_blind": int(s.single_blind)}
    if game is not None:
        fields.update(high_only=int(game.split == "high"), exposed=game.exposed,
                      n_boards=game.boards)
    if runs != 1:
        fields["runs"] = runs
    return fields


def hand_settings(structure: Any, runs: int = 1) -> tuple[Any, int]:
    """The hf_structure a Hand of ``structure`` is dealt with (Omaha Hi-Lo on one
    board, ``runs`` offered) and its address: the cdata to keep while the
    address is used."""
    return _settings(structure, None, runs)


def _settings(s: Any, game: Any = None, runs: int = 1) -> tuple[Any, int]:
    """The hf_structure of a structure's settings, the game dealt and the runs
    offered, and its address (cached)."""
    key = (int(s.limit), s.max_bets, s.small_blind, s.big_blind, s.ante, s.small_bet, s.big_bet,
           s.straddle, s.bomb_pot, s.single_blind, game, runs)
    found = _SETTINGS.get(key)
    if found is None:
        if len(_SETTINGS) >= 64:   # a handful in use at a time: keep the cache small
            _SETTINGS.clear()
        settings = ffi.new("hf_structure *", settings_fields(s, game, runs))
        found = _SETTINGS[key] = (settings, int(ffi.cast("uintptr_t", settings)))
    return found


def hand_deal(structure: Any, stacks: Sequence[int], button: int, hole_count: int,
              cards: Sequence[int], *, plain: bool = False, game: Any = None, runs: int = 1
              ) -> HandState | int:
    """A new hand of ``structure`` (a :class:`~hilo_fast.engine.structures.Structure`):
    ``cards`` in dealing order (each seat with chips its hole cards, then the
    board). The HandState, or ERR_* (ERR_TOO_MANY_CHIPS beyond MAX_CHIPS)."""
    settings = _settings(structure, game, runs)[0]
    if not stacks or not (min(stacks) >= 0 and max(stacks) < MAX_CHIPS):
        stacks = [_clamp(chips) for chips in stacks]
    hand = ffi.new("hf_game *")
    err = int(lib.hf_hand_deal(hand, settings, len(stacks), hole_count, stacks,
                               button if 0 <= button < len(stacks) else -1,
                               cards if plain else _card_ids(cards), len(cards)))
    return err or HandState(hand)


def hand_deal_forced(structure: Any, stacks: list[int], button: int, hole_count: int,
                     cards: list[int], antes: list[int], blinds: list[int], big_blind: int,
                     game: Any = None, runs: int = 1) -> HandState | int:
    """:func:`hand_deal` with each seat's own antes and blinds posted in place of
    the structure's (``hf_hand_deal_forced``; Hand._with_forced_bets): the
    HandState, or ERR_* (ERR_COUNT for posts not one per seat)."""
    n = len(stacks)
    if len(antes) != n or len(blinds) != n or not -1 <= big_blind < max(n, 1):
        return int(lib.HF_ERR_COUNT)
    settings = _settings(structure, game, runs)[0]
    stacks, antes, blinds = ([_clamp(chips) for chips in values]
                             for values in (stacks, antes, blinds))
    hand = ffi.new("hf_game *")
    err = int(lib.hf_hand_deal_forced(hand, settings, len(stacks), hole_count, stacks, button,
                                      cards, len(cards), antes, blinds, big_blind))
    return err or HandState(hand, forced=(list(antes), list(blinds), big_blind))


#: (hf_structure, its address) per structure's settings (hf_hand_deal copies it).
_SETTINGS: dict[tuple[int, ...], tuple[Any, int]] = {}


def _clamp(chips: int) -> int:
    """An amount beyond what the C is passed as one it refuses alike (too many
    chips, or negative)."""
    return chips if 0 <= chips < MAX_CHIPS else MAX_CHIPS if chips > 0 else -1
