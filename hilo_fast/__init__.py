"""hilo-fast: Omaha Hi-Lo (Omaha 8-or-better) evaluation, fast and correct.

Cards are ids ``0..51 = rank * 4 + suit`` (the ids phevaluator uses) or
strings like ``"As"``; see :mod:`hilo_fast.cards`. Every value is lower is
better: high 1..7462 (Cactus Kev classes), low 1..56 or None.

>>> import hilo_fast
>>> hand = hilo_fast.evaluate("As2dKh9c", "3s4h5dKd8c")
>>> hand.high_description, hand.low_description
('Straight, Five high', '5-4-3-2-A low')
"""

from typing import TYPE_CHECKING, Any

from . import _moved
from ._native.choice import BACKEND
from ._version import __version__
from .analysis.classes import HandClass, classify
from .analysis.range_classes import RangeClasses, classify_range
from .analysis.range_vs_range import RangeVsRange, range_vs_range
from .analysis.runouts import RunoutChunk, Runouts, runouts
from .analysis.streets import NextStreet, StreetEquity, Unroll, next_street, unroll
from .cards import CardLike, CardsLike, card_str, format_cards, parse_card, parse_cards
from .core.batch import evaluate_batch
from .core.evaluation import (
    HandValue,
    describe_high,
    describe_low,
    evaluate,
    evaluate_high5,
    evaluate_low5,
    high_category,
    omaha_high,
    omaha_low,
)
from .core.evaluation import fast_omaha_hilo as omaha_hilo
from .core.game import Game
from .core.showdown import OddChip, Pot, ShowdownResult, rank_hands, showdown
from .engine.actions import Action, LegalActions, Street
from .engine.hand import Hand, HandView
from .engine.selfplay import Bot, SimulationSummary, simulate
from .engine.structures import Limit, MixedGame, Structure
from .engine.table import Table
from .equity.compute import BoardEquity, EquityResult, PlayerEquity, equity
from .history.phh import parse_phh, read_phh, to_phh, to_phhs
from .ranges.language import Range
from .solver import (
    Solution,
    SolverBot,
    Subgame,
    best_response,
    plot_strategy,
    solve,
    strategy_by_class,
)

__all__ = [
    "BACKEND",
    "Action",
    "BoardEquity",
    "Bot",
    "CardLike",
    "CardsLike",
    "EquityResult",
    "Game",
    "Hand",
    "HandClass",
    "HandHistory",
    "HandValue",
    "HandView",
    "LegalActions",
    "Limit",
    "MixedGame",
    "NextStreet",
    "OddChip",
    "PQLResult",
    "PlayerEquity",
    "PokerStarsReader",
    "Pot",
    "Range",
    "RangeClasses",
    "RangeVsRange",
    "Replay",
    "RunoutChunk",
    "Runouts",
    "ShowdownResult",
    "SimulationSummary",
    "Solution",
    "SolverBot",
    "Street",
    "StreetEquity",
    "Structure",
    "Subgame",
    "Table",
    "UnreadableHand",
    "Unroll",
    "__version__",
    "best_response",
    "card_str",
    "classify",
    "classify_range",
    "describe_high",
    "describe_low",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_high5",
    "evaluate_low5",
    "format_cards",
    "high_category",
    "next_street",
    "omaha_high",
    "omaha_hilo",
    "omaha_low",
    "parse_card",
    "parse_cards",
    "parse_phh",
    "parse_pokerstars",
    "percentile",
    "plot_strategy",
    "pql",
    "range_vs_range",
    "rank_hands",
    "read_history",
    "read_phh",
    "read_pokerstars",
    "runouts",
    "showdown",
    "simulate",
    "solve",
    "strategy_by_class",
    "to_phh",
    "to_phhs",
    "unroll",
]

_moved.install()   # the module paths from before the subpackages, as aliases

# The hand-history reader and replay load on first use: most programs never read
# a history, and their regular expressions would add a fifth to the import time.
_LAZY = {"PQLResult": "analysis.pql", "pql": "analysis.pql",   # (PQL needs numpy)
         "percentile": "analysis.rankings",                      # (so do rankings)
         "HandHistory": "history.model", "PokerStarsReader": "history.sites.pokerstars",
         "UnreadableHand": "history.sites.pokerstars",
         "parse_pokerstars": "history.sites.pokerstars",
         "read_pokerstars": "history.sites.pokerstars", "Replay": "history.replay",
         "read_history": "history.read"}

if TYPE_CHECKING:
    from .analysis.pql import PQLResult, pql
    from .analysis.rankings import percentile
    from .history.model import HandHistory
    from .history.read import read_history
    from .history.replay import Replay
    from .history.sites.pokerstars import (
        PokerStarsReader,
        UnreadableHand,
        parse_pokerstars,
        read_pokerstars,
    )


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

