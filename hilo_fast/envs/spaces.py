"""The spaces of the Omaha Hi-Lo environments: the observation of one seat as a
flat numpy vector with its action mask, and the discrete actions.

Actions (``Discrete(6)``; ``Discrete(3)`` when every hand is fixed limit):

====  ===================  ====================================================
 0    fold                 always legal for the seat to act (house rules)
 1    check / call         check when nothing is to call, else call
 2    bet / raise minimum  the smallest legal "to" amount (fixed limit: the bet)
 3    half pot             to the current bet plus half the pot after calling
 4    pot                  to the current bet plus the pot after calling
 5    all in               every chip the seat has
====  ===================  ====================================================

Sizes 2-5 are legal whenever a bet or raise is, each clipped into the legal
range ``[min_to, max_to]`` (so in pot limit "all in" is at most the pot); in
a fixed-limit hand of a mixed game only 2 is. Masked actions are refused
with a ValueError naming the legal ones.

The observation (float32, chips in big blinds of the environment's
structure; "seat r" is the r-th seat clockwise from the observer, r = 0 being
itself; seats beyond the table's size are zeros):

==================  ====  ==================================================
field               size  meaning
==================  ====  ==================================================
hole                52    1 at the card ids of the seat's own hole cards
board               52    1 at the card ids of the board dealt so far
street              4     one-hot pre-flop, flop, turn, river (zeros: over)
limit               3     one-hot fixed, pot, no limit (this hand)
position            10    one-hot seats after the button (0: the button)
in_hand             10    seat r was dealt in and has not folded
folded              10    seat r folded
all_in              10    seat r is in the hand with no chips behind
stack               10    seat r's chips behind
bet                 10    seat r's bet this round
contributed         10    seat r's chips put in this hand
pot                 1     every chip put in this hand
to_call             1     chips the seat must add to call (when it is to act)
min_to, max_to      2     legal bet/raise "to" range (0: none; to act only)
to_act              1     1 when the seat is to act
high, low           2     the seat's best high hand now (1 = royal flush)
                          and best low (1 = the wheel; 0 none), on flop+
checks              40    per street x seat r: checks
calls               40    per street x seat r: calls
raises              40    per street x seat r: bets and raises
board2              52    double board: 1 at the second board's cards dealt
==================  ====  ==================================================

The game (``game=``) shows in these fields: Courchevel's exposed card is on
the board from the first decision; a double board's second board is
``board2`` (``high``/``low`` are on the first board); Omaha high has no low
(``low`` 0); a bomb pot's first observation is on the flop.
"""

from __future__ import annotations

import operator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..core.evaluation import omaha_high, omaha_low
from ..engine.actions import Action, Street
from ..engine.hand import Hand
from ..engine.structures import Limit
from ._backend import backend
from .view import SeatView, seat_view

if TYPE_CHECKING:
    from .session import Session

MAX_SEATS = 10
N_ACTIONS: int = backend.ENV_ACTIONS
#: Actions when every hand is fixed limit: fold, check/call, bet/raise.
N_FIXED_ACTIONS: int = backend.ENV_FIXED_ACTIONS
FOLD, CHECK_CALL, BET_MIN, BET_HALF_POT, BET_POT, ALL_IN = range(N_ACTIONS)
ACTION_NAMES = ("fold", "check/call", "bet/raise min", "bet/raise half pot", "bet/raise pot",
                "all in")

# The layout is csrc/hilo_fast.h's (HF_OBS_*), read through the backend: the
# C encoder of the vector environment writes the same vector.
#: Where each field starts in the observation vector (in order).
OFFSETS: dict[str, int] = dict(backend.OBS_OFFSETS)
#: Length of the observation vector.
OBS_SIZE: int = backend.OBS_SIZE
#: (name, size) of each field, in order.
FIELDS: tuple[tuple[str, int], ...] = tuple(
    (name, end - start) for (name, start), end in
    zip(OFFSETS.items(), [*list(OFFSETS.values())[1:], OBS_SIZE], strict=True))

_BOARD, _STREET, _LIMIT, _POS = OFFSETS["board"], OFFSETS["street"], OFFSETS["limit"], \
    OFFSETS["position"]
_IN, _FOLDED, _ALLIN = OFFSETS["in_hand"], OFFSETS["folded"], OFFSETS["all_in"]
_STACK, _BET, _CONTRIB = OFFSETS["stack"], OFFSETS["bet"], OFFSETS["contributed"]
_POT, _TO_ACT, _HIGH = OFFSETS["pot"], OFFSETS["to_act"], OFFSETS["high"]
_BOARD2 = OFFSETS["board2"]
# The history field of each kind of action, by Action value (fold: in `folded`);
# a tuple, as hashing an enum member for a dict runs Python code.
_HISTORY = (0, OFFSETS["checks"], OFFSETS["calls"], OFFSETS["raises"], OFFSETS["raises"])
_FIXED = Limit.FIXED
_OVER = Street.OVER
_HIGH_CLASSES, _LOW_CLASSES = 7462, 56
_native_observe = backend.env_observe


def observation_space(n_actions: int, chip_high: float) -> spaces.Dict:
    """The ``Dict`` space of one seat's observations: ``observation`` (the
    vector above; chip and count fields at most ``chip_high``) and
    ``action_mask`` (int8, 1 = legal)."""
    high = np.ones(OBS_SIZE, np.float32)
    high[_STACK:_TO_ACT] = chip_high
    high[OFFSETS["checks"]:] = chip_high
    return spaces.Dict({
        "observation": spaces.Box(0.0, high, (OBS_SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
    })


@lru_cache(maxsize=8192)
def _strength(hole: tuple[int, ...], board: tuple[int, ...],
              high_only: bool = False) -> tuple[float, float]:
    """(high, low) in 0..1 for the seat's best hands on this board (cached:
    they change once a street; no low in Omaha high)."""
    high = 1.0 - (omaha_high(hole, board) - 1) / _HIGH_CLASSES
    low = None if high_only else omaha_low(hole, board)
    return high, (0.0 if low is None else 1.0 - (low - 1) / _LOW_CLASSES)


def encode(view: SeatView, big_blind: int) -> npt.NDArray[np.float32]:
    """The observation vector of ``view.seat`` (fields in the module docstring)."""
    # One element at a time: a numpy scalar store costs far less than a
    # slice or fancy-index store of a few elements, and most fields are 0.
    obs = np.zeros(OBS_SIZE, np.float32)
    seat, n, unit = view.seat, view.n_seats, 1.0 / big_blind
    hole, board = view.hole, view.board
    if hole:
        for card in hole:
            obs[card] = 1.0
    for card in board:
        obs[_BOARD + card] = 1.0
    game = view.game
    if game.boards == 2:
        for card in view.boards[1]:
            obs[_BOARD2 + card] = 1.0
    street = int(view.street)
    if street < 4:
        obs[_STREET + street] = 1.0
    obs[_LIMIT + int(view.structure.limit)] = 1.0
    obs[_POS + (seat - view.button) % n] = 1.0
    stacks, bets, contrib, folded = view.stacks, view.bets, view.contributions, view.folded
    for r in range(n):
        s = seat + r if seat + r < n else seat + r - n
        stack = stacks[s]
        if folded[s]:
            obs[_FOLDED + r] = 1.0
        elif stack or contrib[s]:       # dealt in (a seat sitting out has neither)
            obs[_IN + r] = 1.0
            if not stack:
                obs[_ALLIN + r] = 1.0
        if stack:
            obs[_STACK + r] = stack * unit
        if bets[s]:
            obs[_BET + r] = bets[s] * unit
        if contrib[s]:
            obs[_CONTRIB + r] = contrib[s] * unit
    obs[_POT] = view.pot * unit
    if view.actor == seat:
        obs[_POT + 1] = view.call_amount * unit
        obs[_POT + 2] = view.min_to * unit
        obs[_POT + 3] = view.max_to * unit
        obs[_TO_ACT] = 1.0
    history = _HISTORY
    for street_, who, kind, _ in view.actions:
        field = history[kind]
        if field:
            obs[field + street_ * MAX_SEATS + (who - seat) % n] += 1.0
    if hole and len(board) >= 3:
        obs[_HIGH], obs[_HIGH + 1] = _strength(tuple(hole), tuple(board),
                                               game.split == "high")
    return obs


def observation(session: Session, seat: int, n_actions: int) -> dict[str, npt.NDArray[Any]]:
    """The observation of ``seat`` at the session's hand: one call of the C
    encoder (``hf_env_observe``) when the C hand plays it, else
    :func:`encode` of its :func:`~hilo_fast.envs.view.seat_view` (the twin,
    tests/envs/test_vector_env.py compares them)."""
    hand = session.hand
    obs, mask = np.empty(OBS_SIZE, np.float32), np.empty(n_actions, np.int8)
    if _native_observe(getattr(hand, "_m", None), session.history, seat, session.big_blind,
                       n_actions, obs, mask):
        return {"observation": obs, "action_mask": mask}
    return {"observation": encode(seat_view(hand, seat), session.big_blind),
            "action_mask": action_mask(hand, seat, n_actions)}


def action_mask(state: Hand | SeatView, seat: int, n_actions: int) -> npt.NDArray[np.int8]:
    """1 for each action ``seat`` may take now (all 0 unless it is to act)."""
    mask = np.zeros(n_actions, np.int8)
    if state.actor == seat:
        if state.max_to:
            if n_actions == N_FIXED_ACTIONS or state.structure.limit == _FIXED:
                mask[:3] = 1
            else:
                mask[:] = 1
        else:
            mask[:2] = 1
    return mask


def decode(state: Hand | SeatView, action: object,
           n_actions: int) -> tuple[Action, int | None]:
    """The engine action ``(kind, amount)`` for action index ``action`` of the
    seat to act; a ValueError naming the legal actions when it is masked."""
    try:
        index = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"action must be an int 0..{n_actions - 1}, got {action!r}") from None
    if isinstance(action, bool) or not 0 <= index < n_actions:
        raise ValueError(f"action must be an int 0..{n_actions - 1}, got {action!r}")
    actor = state.actor
    if actor < 0:
        raise ValueError("no seat is to act: the hand is over")
    current, to_call = state.current_bet, state.current_bet - state.bets[actor]
    if index == FOLD:
        return Action.FOLD, None
    if index == CHECK_CALL:
        return (Action.CALL if to_call else Action.CHECK), None
    lo, hi = state.min_to, state.max_to
    if not hi or (index > BET_MIN and state.structure.limit == _FIXED):
        legal = [ACTION_NAMES[i] for i, ok in enumerate(action_mask(state, actor, n_actions))
                 if ok]
        raise ValueError(f"action {index} ({ACTION_NAMES[index]}) is not legal now for seat "
                         f"{actor}; legal: {', '.join(legal)} "
                         f"({state.legal_actions().describe()})")
    if index == BET_MIN:
        to = lo
    elif index == ALL_IN:
        to = hi
    else:
        after_call = state.pot + to_call
        to = current + (after_call // 2 if index == BET_HALF_POT else after_call)
        to = lo if to < lo else hi if to > hi else to
    return (Action.RAISE if current else Action.BET), to
