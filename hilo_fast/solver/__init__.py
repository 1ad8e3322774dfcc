"""Solving river and turn spots of Omaha Hi-Lo: :class:`Subgame`, Discounted CFR in C
with a pure-Python twin, exact exploitability (docs/solving.md)."""

from .bot import SolverBot
from .chart import ClassRow, ClassStrategy, plot_strategy, strategy_by_class
from .solve import BestResponse, Solution, best_response, estimate_memory, solve
from .subgame import Subgame

__all__ = ["BestResponse", "ClassRow", "ClassStrategy", "Solution", "SolverBot", "Subgame",
           "best_response", "estimate_memory", "plot_strategy", "solve", "strategy_by_class"]
