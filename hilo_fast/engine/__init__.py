"""The rules engine: the actions and streets (:mod:`.actions`), one hand as a state
csrc/engine/hand.c, through :mod:`._c_backend`; its pure twin :mod:`._py_hand`), the
table that deals hand after hand (:class:`Table`, :mod:`.table`), the betting structures
(:mod:`.structures`), and bots and self-play (:mod:`.selfplay`). The rules
chosen are listed in :mod:`.hand`. Builds on the core (showdown, settlement).
"""

from .actions import Action, ActionLike, LegalActions, Street
from .deal import cards_needed
from .hand import Hand, HandView
from .table import Table

__all__ = ["Action", "ActionLike", "Hand", "HandView", "LegalActions", "Street", "Table",
           "cards_needed"]
