"""Betting structures: fixed limit, pot limit, no limit, and the mixed-game schedule.

A :class:`Structure` holds the forced bets and the sizing rule of one hand
(``docs/rules.md`` §3-§4). All amounts are plain ints (chips); "to" amounts are the
total a seat has in front of it in the current betting round after acting.

- Fixed limit, named by small bet / big bet: bets and raises are exactly the
  small bet pre-flop and on the flop, the big bet on turn and river; at most
  ``max_bets`` (4: bet, raise, re-raise, cap) per round, the posted big blind
  counting as the first bet pre-flop.
- Pot limit, named by the blinds: minimum bet the big blind, minimum raise the
  last full bet or raise of the round, maximum the pot after calling.
- No limit: minimum as pot limit, maximum every chip the seat has.

>>> Structure.fixed_limit(2, 4)
Structure.fixed_limit(small_bet=2, big_bet=4, small_blind=1, big_blind=2, ante=0)
>>> Structure.fixed_limit(15, 30, small_blind=10).describe()
'fixed limit 15/30 (blinds 10/15)'
>>> Structure.pot_limit(1, 2).describe()
'pot limit 1/2'

The table's options (``docs/engine.md``, Variants): ``straddle`` (a live
straddle by the seat left of the big blind, acting last pre-flop),
``single_blind`` (only the big blind is posted, by the seat left of the
button) and ``bomb_pot`` (every seat antes, no pre-flop betting):

>>> Structure.pot_limit(1, 2, straddle=4).describe()
'pot limit 1/2 straddle 4'
>>> Structure.pot_limit(1, 2, bomb_pot=10).describe()
'pot limit 1/2 bomb pot 10'
>>> Structure.no_limit(1, 2, single_blind=True).describe()
'no limit blind 2'

The mixed game alternates fixed limit and pot limit; see :class:`MixedGame`.
"""

from __future__ import annotations

import operator
from enum import IntEnum

from ._backend import backend


class Limit(IntEnum):
    """How bets are sized."""

    FIXED = backend.LIMIT_FIXED   # the codes of csrc/hilo_fast.h
    POT = backend.LIMIT_POT
    NO = backend.LIMIT_NO


_LIMIT_NAMES = {Limit.FIXED: "fixed limit", Limit.POT: "pot limit", Limit.NO: "no limit"}


def _chips(name: str, value: object, *, positive: bool) -> int:
    """``value`` as a chip count, or a TypeError/ValueError naming ``name``."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")
    try:
        chips = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, got {value!r}") from None
    if chips < 0 or (positive and chips == 0):
        bound = "positive" if positive else "zero or more"
        raise ValueError(f"{name} must be {bound}, got {chips}")
    return int(chips)


class Structure:
    """The forced bets and sizing rule of one hand. Build with the class methods.

    >>> s = Structure.no_limit(5, 10, ante=1)
    >>> s.limit, s.small_blind, s.big_blind, s.ante
    (<Limit.NO: 2>, 5, 10, 1)
    """

    __slots__ = ("ante", "big_bet", "big_blind", "bomb_pot", "limit", "max_bets", "single_blind",
                 "small_bet", "small_blind", "straddle")

    limit: Limit
    small_blind: int
    big_blind: int
    ante: int
    small_bet: int
    big_bet: int
    max_bets: int
    straddle: int
    bomb_pot: int
    single_blind: bool

    def __init__(self, limit: Limit, small_blind: int, big_blind: int, *, ante: int = 0,
                 small_bet: int | None = None, big_bet: int | None = None,
                 max_bets: int = 4, straddle: int = 0, bomb_pot: int = 0,
                 single_blind: bool = False) -> None:
        self.limit = Limit(limit)
        if not isinstance(single_blind, bool):
            raise TypeError(f"single_blind must be a bool, got {single_blind!r}")
        self.single_blind = single_blind
        # A single blind: the small blind is not posted.
        self.small_blind = 0 if single_blind else _chips("small_blind", small_blind,
                                                         positive=False)
        self.big_blind = _chips("big_blind", big_blind, positive=True)
        self.ante = _chips("ante", ante, positive=False)
        if self.small_blind > self.big_blind:
            raise ValueError(f"small_blind {self.small_blind} is larger than "
                             f"big_blind {self.big_blind}")
        if self.limit is Limit.FIXED:
            sb = _chips("small_bet", self.big_blind if small_bet is None else small_bet,
                        positive=True)
            if sb != self.big_blind:
                raise ValueError(f"fixed limit: the big blind ({self.big_blind}) must equal "
                                 f"the small bet ({sb})")
            self.small_bet = sb
            self.big_bet = _chips("big_bet", 2 * sb if big_bet is None else big_bet,
                                  positive=True)
            self.max_bets = _chips("max_bets", max_bets, positive=True)
        else:
            if small_bet is not None or big_bet is not None:
                raise ValueError("small_bet/big_bet only apply to fixed limit")
            # Unlimited raises; the small bet is the minimum bet (the big blind).
            self.small_bet = self.big_blind
            self.big_bet = self.big_blind
            self.max_bets = 0
        self.straddle = _chips("straddle", straddle, positive=False)
        self.bomb_pot = _chips("bomb_pot", bomb_pot, positive=False)
        self._check_options()

    def _check_options(self) -> None:
        """The table's options fit together (the straddle is a full raise of the
        big blind: exactly twice it in fixed limit and pot limit, at least
        twice it in no limit; a bomb pot has no blinds, antes or straddle)."""
        if self.straddle:
            double = 2 * self.big_blind
            if self.straddle < double or (self.limit is not Limit.NO and self.straddle != double):
                rule = "at least" if self.limit is Limit.NO else "exactly"
                raise ValueError(f"straddle must be {rule} twice the big blind ({double}) in "
                                 f"{_LIMIT_NAMES[self.limit]}, got {self.straddle}")
        if self.bomb_pot and (self.ante or self.straddle or self.single_blind):
            raise ValueError("a bomb pot's ante replaces the blinds: no ante, straddle or "
                             "single_blind with bomb_pot")

    @classmethod
    def fixed_limit(cls, small_bet: int, big_bet: int | None = None, *,
                    small_blind: int | None = None, ante: int = 0,
                    max_bets: int = 4, straddle: int = 0, bomb_pot: int = 0,
                    single_blind: bool = False) -> Structure:
        """Fixed limit ``small_bet/big_bet``; big blind = small bet, small blind half of it
        (rounded down, at least 1 chip) unless given ($15/$30 tables post $10/$15).

        >>> Structure.fixed_limit(15, 30, small_blind=10).small_blind
        10
        >>> Structure.fixed_limit(1).small_blind   # never 0 unless asked for
        1
        """
        small_bet = _chips("small_bet", small_bet, positive=True)
        sb = max(1, small_bet // 2) if small_blind is None else small_blind
        return cls(Limit.FIXED, sb, small_bet, ante=ante, small_bet=small_bet,
                   big_bet=big_bet, max_bets=max_bets, straddle=straddle, bomb_pot=bomb_pot,
                   single_blind=single_blind)

    @classmethod
    def pot_limit(cls, small_blind: int, big_blind: int, *, ante: int = 0, straddle: int = 0,
                  bomb_pot: int = 0, single_blind: bool = False) -> Structure:
        """Pot limit, named by the blinds."""
        return cls(Limit.POT, small_blind, big_blind, ante=ante, straddle=straddle,
                   bomb_pot=bomb_pot, single_blind=single_blind)

    @classmethod
    def no_limit(cls, small_blind: int, big_blind: int, *, ante: int = 0, straddle: int = 0,
                 bomb_pot: int = 0, single_blind: bool = False) -> Structure:
        """No limit, named by the blinds."""
        return cls(Limit.NO, small_blind, big_blind, ante=ante, straddle=straddle,
                   bomb_pot=bomb_pot, single_blind=single_blind)

    def describe(self) -> str:
        """A short human name, e.g. ``'pot limit 1/2'``."""
        name = _LIMIT_NAMES[self.limit]
        if self.limit is Limit.FIXED:
            text = f"{name} {self.small_bet}/{self.big_bet}"
            if self.single_blind:
                text += f" (blind {self.big_blind})"
            elif self.small_blind * 2 != self.big_blind:
                text += f" (blinds {self.small_blind}/{self.big_blind})"
        elif self.single_blind:
            text = f"{name} blind {self.big_blind}"
        else:
            text = f"{name} {self.small_blind}/{self.big_blind}"
        return text + (f" ante {self.ante}" if self.ante else "") + (
            f" straddle {self.straddle}" if self.straddle else "") + (
            f" bomb pot {self.bomb_pot}" if self.bomb_pot else "")

    def _options_repr(self) -> str:
        """The table's options as keyword arguments (empty when none is set)."""
        return "".join(f", {name}={value!r}" for name, value in (
            ("straddle", self.straddle), ("bomb_pot", self.bomb_pot),
            ("single_blind", self.single_blind)) if value)

    def __repr__(self) -> str:
        if self.limit is Limit.FIXED:
            return (f"Structure.fixed_limit(small_bet={self.small_bet}, big_bet={self.big_bet}, "
                    f"small_blind={self.small_blind}, big_blind={self.big_blind}, "
                    f"ante={self.ante}{self._options_repr()})")
        kind = "pot_limit" if self.limit is Limit.POT else "no_limit"
        return (f"Structure.{kind}({self.small_blind}, {self.big_blind}, ante={self.ante}"
                f"{self._options_repr()})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Structure):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[int, ...]:
        return (self.limit, self.small_blind, self.big_blind, self.ante, self.small_bet,
                self.big_bet, self.max_bets, self.straddle, self.bomb_pot, int(self.single_blind))


#: Default mixed-game blind ratio: the fixed-limit blinds are this many times the
#: pot-limit blinds (pot limit 1/2 alternates with fixed limit 4/8, blinds 2/4).
MIXED_BLIND_RATIO = 2


class MixedGame:
    """A schedule alternating pot limit and fixed limit (``docs/rules.md`` §4, mixed game).

    It starts with pot limit and switches every ``hands_per_game`` hands (pass the
    number of seats for "every orbit"). Going from pot limit to fixed limit the
    blinds go up by ``blind_ratio``: the fixed-limit blinds are ``blind_ratio``
    times the pot-limit blinds, the small bet equals the fixed-limit big blind
    and the big bet is twice it. The default ratio 2 is this project's choice
    (the house rules only say the blinds rise "so the betting stays balanced"): a pot
    limit 1/2 game alternates with fixed limit 4/8 (blinds 2/4).

    >>> mixed = MixedGame(Structure.pot_limit(1, 2), hands_per_game=6)
    >>> mixed.structure_for(0).describe(), mixed.structure_for(6).describe()
    ('pot limit 1/2', 'fixed limit 4/8')
    >>> mixed.structure_for(12).describe()
    'pot limit 1/2'
    """

    __slots__ = ("blind_ratio", "fixed", "hands_per_game", "pot")

    def __init__(self, pot_limit: Structure, *, hands_per_game: int,
                 blind_ratio: int = MIXED_BLIND_RATIO) -> None:
        if not isinstance(pot_limit, Structure) or pot_limit.limit is not Limit.POT:
            raise TypeError(f"pot_limit must be a pot-limit Structure, got {pot_limit!r}")
        self.hands_per_game = _chips("hands_per_game", hands_per_game, positive=True)
        self.blind_ratio = _chips("blind_ratio", blind_ratio, positive=True)
        self.pot = pot_limit
        small_bet = pot_limit.big_blind * self.blind_ratio
        self.fixed = Structure.fixed_limit(small_bet, 2 * small_bet,
                                           small_blind=pot_limit.small_blind * self.blind_ratio,
                                           ante=pot_limit.ante * self.blind_ratio,
                                           straddle=pot_limit.straddle * self.blind_ratio,
                                           bomb_pot=pot_limit.bomb_pot * self.blind_ratio,
                                           single_blind=pot_limit.single_blind)

    def structure_for(self, hand_number: int) -> Structure:
        """The structure of hand ``hand_number`` (0-based) of the session."""
        game = _chips("hand_number", hand_number, positive=False) // self.hands_per_game
        return self.pot if game % 2 == 0 else self.fixed

    def __repr__(self) -> str:
        return (f"MixedGame({self.pot!r}, hands_per_game={self.hands_per_game}, "
                f"blind_ratio={self.blind_ratio})")
