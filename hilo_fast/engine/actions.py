"""The engine's vocabulary: the actions (:class:`Action`, and the names and codes
``act`` also takes), the streets (:class:`Street`), and what a seat may do now
(:class:`LegalActions`). The codes are csrc/hilo_fast.h's, read through the
backend, so the C machine and the Python one speak the same numbers."""

from __future__ import annotations

from enum import IntEnum

from ._backend import backend


class Action(IntEnum):
    """What a seat can do when it is to act."""

    FOLD = backend.FOLD       # the codes of csrc/hilo_fast.h
    CHECK = backend.CHECK
    CALL = backend.CALL
    BET = backend.BET
    RAISE = backend.RAISE


class Street(IntEnum):
    """Betting rounds; ``OVER`` once the hand is finished."""

    PREFLOP = backend.PREFLOP
    FLOP = backend.FLOP
    TURN = backend.TURN
    RIVER = backend.RIVER
    OVER = backend.OVER


ActionLike = Action | str | int

_ACTION_NAMES = {a.name.lower(): a for a in Action}
_STREETS = tuple(Street)   # Street by number
_OVER = Street.OVER
_CALL, _BET = Action.CALL, Action.BET
_NO_AMOUNT = backend.NO_AMOUNT


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
