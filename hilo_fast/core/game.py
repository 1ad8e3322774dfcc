"""The game dealt: how many hole cards, how many boards, how the pot splits, and
how many board cards show before the first betting round.

One :class:`Game` value describes every variant the package plays, so that the
showdown, equity, ranges, the engine, PHH, the hand-history replay and the
environments all take the same thing::

    >>> from hilo_fast import Game
    >>> Game()                                   # Omaha Hi-Lo, 4 cards, one board
    Game(hole_cards=4, boards=1, split='hilo', exposed=0)
    >>> Game.named("courchevel")                 # 5 cards, the first flop card face up
    Game(hole_cards=5, boards=1, split='hilo', exposed=1)
    >>> Game.named("double-board").boards
    2

Today's keyword arguments (``hole_count=5``) keep working where they were taken;
a :class:`Game` is the general form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Split = Literal["hilo", "high"]

HOLE_CARDS = (4, 5, 6)   # Omaha deals 4; Big O and Courchevel 5; 6-card Omaha 6
MAX_BOARDS = 2           # double board; the runs of run-it-N are not boards of the deal
SPLITS = ("hilo", "high")


@dataclass(frozen=True, slots=True)
class Game:
    """The game dealt.

    ``hole_cards``: 4, 5 or 6 cards to each player (each hand still uses exactly
    two of them). ``boards``: 1, or 2 for double board (each pot is divided
    equally between the boards). ``split``: ``"hilo"`` (8-or-better low takes
    half when there is one) or ``"high"`` (Omaha high: the best high takes all).
    ``exposed``: board cards dealt face up before the first betting round (1 in
    Courchevel: the first card of the flop).
    """

    hole_cards: int = 4
    boards: int = 1
    split: Split = "hilo"
    exposed: int = 0

    def __post_init__(self) -> None:
        for field, value in (("hole_cards", self.hole_cards), ("boards", self.boards),
                             ("exposed", self.exposed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Game {field} must be an int, got {value!r}")
        if self.hole_cards not in HOLE_CARDS:
            raise ValueError(f"Game hole_cards must be 4, 5 or 6, got {self.hole_cards}")
        if not 1 <= self.boards <= MAX_BOARDS:
            raise ValueError(f"Game boards must be 1 or 2, got {self.boards}")
        if self.split not in SPLITS:
            raise ValueError(f"Game split must be 'hilo' or 'high', got {self.split!r}")
        if not 0 <= self.exposed <= 3:
            raise ValueError(f"Game exposed must be 0 to 3 (cards of the flop), "
                             f"got {self.exposed}")

    @property
    def hilo(self) -> bool:
        """True when the pot splits high/low (8-or-better)."""
        return self.split == "hilo"

    @classmethod
    def named(cls, name: str) -> Game:
        """The game of a name (case and ``_`` or space for ``-`` do not matter):
        see :data:`NAMED` for the names."""
        if not isinstance(name, str):
            raise TypeError(f"game name must be a str, got {type(name).__name__}")
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        try:
            return NAMED[key]
        except KeyError:
            raise ValueError(f"unknown game {name!r}; known: {', '.join(NAMED)}") from None


#: The games by name, as the CLI's ``--game`` and PQL's ``game=`` take them.
NAMED: dict[str, Game] = {
    "omaha8": Game(),
    "omaha85": Game(hole_cards=5),
    "omaha86": Game(hole_cards=6),
    "double-board": Game(boards=2),
    "courchevel": Game(hole_cards=5, exposed=1),
    "omahahi": Game(split="high"),
    "high": Game(split="high"),
    "omahahi5": Game(hole_cards=5, split="high"),
    "big-o-high": Game(hole_cards=5, split="high"),
    "double-board-high": Game(boards=2, split="high"),
}
