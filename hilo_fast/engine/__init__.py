"""The rules engine: one hand as a state machine behind :class:`Hand` (C,
csrc/engine/hand.c, through :mod:`._c_backend`; its pure twin :mod:`._py_hand`), the
table that deals hand after hand (:class:`Table`), the betting structures
(:mod:`.structures`), and bots and self-play (:mod:`.selfplay`). The rules
chosen are listed in :mod:`.hand`. Builds on the core (showdown, settlement).
"""

from .hand import (
    Action,
    ActionLike,
    Hand,
    HandView,
    LegalActions,
    Street,
    Table,
    cards_needed,
)

__all__ = ["Action", "ActionLike", "Hand", "HandView", "LegalActions", "Street", "Table",
           "cards_needed"]
