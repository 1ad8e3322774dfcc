"""Ranges: the language of Omaha hands (ProPokerTools-style syntax, weights) in
:mod:`.language`, and the preflop ranking its ``%`` ranges take, with its CSVs,
in :mod:`.preflop`. What a range wins is :mod:`hilo_fast.equity`'s business.
Imports only :mod:`hilo_fast.cards`.
"""

from .language import RANK_MACROS, SHAPE_MACROS, Range
from .preflop import PreflopRanking, all_hands, hand_classes, hand_keys, preflop_ranking

__all__ = ["RANK_MACROS", "SHAPE_MACROS", "PreflopRanking", "Range", "all_hands",
           "hand_classes", "hand_keys", "preflop_ranking"]
