"""hilo-fast: Omaha Hi-Lo (Omaha 8-or-better) evaluation, fast and correct.

Cards are ids ``0..51 = rank * 4 + suit`` (the ids phevaluator uses) or
strings like ``"As"``; see :mod:`hilo_fast.cards`. Every value is lower is
better: high 1..7462 (Cactus Kev classes), low 1..56 or None.

>>> import hilo_fast
>>> hand = hilo_fast.evaluate("As2dKh9c", "3s4h5dKd8c")
>>> hand.high_description, hand.low_description
('Straight, Five high', '5-4-3-2-A low')
"""

from ._backend import BACKEND
from ._version import __version__
from .cards import card_str, format_cards, parse_card, parse_cards
from .equity import EquityResult, PlayerEquity, equity
from .evaluation import (
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
from .showdown import OddChip, Pot, ShowdownResult, rank_hands, showdown

__all__ = [
    "BACKEND",
    "EquityResult",
    "HandValue",
    "OddChip",
    "PlayerEquity",
    "Pot",
    "ShowdownResult",
    "__version__",
    "card_str",
    "describe_high",
    "describe_low",
    "equity",
    "evaluate",
    "evaluate_high5",
    "evaluate_low5",
    "format_cards",
    "high_category",
    "omaha_high",
    "omaha_low",
    "parse_card",
    "parse_cards",
    "rank_hands",
    "showdown",
]
