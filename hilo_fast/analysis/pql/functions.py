"""The PQL functions, each computed for a whole chunk of deals at once.

:data:`FUNCTIONS` maps a name (lower case) to its :class:`Spec`: the kinds of
its arguments, the kind of its value and how to compute it over a
:class:`Context` (one chunk of deals). Values are numpy arrays, one item per
deal, of a kind:

- ``bool``; ``num`` (a float: equities); ``int`` (counts);
- ``handtype``: 0 high card .. 8 straight flush (higher is better);
- ``hirating``: 7463 - the high value (higher is better); ``lorating``:
  57 - the low value, 0 for no low (higher is better);
- ``card``: a card id.

Streets are the board as it stands after the flop (3 cards), the turn (4)
or the river (5); ``preflop`` (0) only where it means something
(``equity``, ``HvHequity``). "Unseen" cards, for the nut questions, are the
cards that are not the player's, not on the board of the street and not
dead: an opponent's holding is unknown to the player.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from ...cards import RANKS, parse_card, parse_cards
from ...core.batch import evaluate_batch
from ...core.evaluation import evaluate_high5, evaluate_low5
from ...core.game import Game
from ...equity._backend import backend as equity_backend
from ...ranges.language import Range
from ...ranges.preflop import hand_keys
from .._backend import backend as classify_backend
from .deal import EXACT_LIMIT, Chunk, Spot, exact_deals, iter_exact, iter_samples
from .five import makeable_highs

__all__ = ["FUNCTIONS", "HAND_TYPES", "STREETS", "Context", "Spec"]

STREETS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
STREET_NAMES = {v: k for k, v in STREETS.items()}
#: Hand types, worst first (the code is the index); other spellings PQL users write.
HAND_TYPES = ("highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse",
              "quads", "straightflush")
HAND_TYPE_ALIASES = {"threeofakind": "trips", "set": "trips", "fourofakind": "quads",
                     "onepair": "pair", "nopair": "highcard"}
# The worst value of each category, best category first (Cactus Kev numbering).
_CATEGORY_ENDS = np.array([10, 166, 322, 1599, 1609, 2467, 3325, 6185])
_CATEGORY_FIRST = np.array([6186, 3326, 2468, 1610, 1600, 323, 167, 11, 1])  # by hand type

#: equity(p, street) against the others' ranges: exact when the deals of the
#: sub-spot number at most this (deal.EXACT_LIMIT), else this many Monte Carlo deals.
INNER_EXACT_LIMIT = EXACT_LIMIT
INNER_SAMPLES = 2_000
#: Rows (deals x completions) evaluated at once for HvHequity.
HVH_ROWS = 400_000


def hand_type_of(high: Any) -> Any:
    """Hand type codes of high values (arrays)."""
    return 8 - np.searchsorted(_CATEGORY_ENDS, high, side="left")


@dataclass(frozen=True)
class Spec:
    name: str                      # as PQL writes it
    params: tuple[str, ...]        # player, street, handtype, range, boardrange
    returns: str
    compute: Callable[..., Any]
    #: the streets a street argument may name (board cards: 0 preflop .. 5 river)
    streets: tuple[int, ...] = (3, 4, 5)


@dataclass
class Context:
    """One chunk of deals and what has been computed on it."""

    chunk: Chunk
    spot: Spot
    game: Game
    seed: int
    cache: dict[Any, Any] = field(default_factory=dict)
    #: what made an answer less than exact, for the result
    notes: set[str] = field(default_factory=set)

    @property
    def n(self) -> int:
        return len(self.chunk)

    def board(self, street: int) -> Any:
        return np.ascontiguousarray(self.chunk.board[:, :street])

    def hilo(self, player: int, street: int) -> tuple[Any, Any]:
        key = ("hilo", player, street)
        if key not in self.cache:
            holes = np.ascontiguousarray(self.chunk.holes[player])
            high, low = evaluate_batch(holes, self.board(street))
            if not self.game.hilo:
                low = np.zeros_like(low)
            self.cache[key] = (high, low)
        return self.cache[key]  # type: ignore[no-any-return]

    def showdown(self) -> dict[str, Any]:
        if "showdown" not in self.cache:
            players = range(self.spot.n_players)
            highs = np.stack([self.hilo(p, 5)[0] for p in players])
            lows = np.stack([self.hilo(p, 5)[1] for p in players])
            self.cache["showdown"] = settle(highs, lows)
        return self.cache["showdown"]  # type: ignore[no-any-return]


def settle(highs: Any, lows: Any) -> dict[str, Any]:
    """Who wins what at showdown: highs and lows are (players, deals), low 0 = none."""
    best_high = highs.min(axis=0)
    high_win = highs == best_high
    n_high = high_win.sum(axis=0)
    low_key = np.where(lows > 0, lows, 99)
    best_low = low_key.min(axis=0)
    has_low = best_low < 99
    low_win = (low_key == best_low) & has_low
    n_low = np.maximum(low_win.sum(axis=0), 1)
    share = np.where(has_low, 0.5 * high_win / n_high + 0.5 * low_win / n_low,
                     high_win / n_high)
    return {"share": share, "high_win": high_win, "n_high": n_high, "low_win": low_win,
            "n_low": low_win.sum(axis=0), "has_low": has_low, "best_high": best_high}


# ---- outcomes at the river ----

def _river_equity(ctx: Context, p: int) -> Any:
    return ctx.showdown()["share"][p]


def _wins_hi(ctx: Context, p: int) -> Any:
    s = ctx.showdown()
    return s["high_win"][p] & (s["n_high"] == 1)


def _ties_hi(ctx: Context, p: int) -> Any:
    s = ctx.showdown()
    return s["high_win"][p] & (s["n_high"] > 1)


def _wins_lo(ctx: Context, p: int) -> Any:
    s = ctx.showdown()
    return s["low_win"][p] & (s["n_low"] == 1)


def _ties_lo(ctx: Context, p: int) -> Any:
    s = ctx.showdown()
    return s["low_win"][p] & (s["n_low"] > 1)


def _scoops(ctx: Context, p: int) -> Any:
    s = ctx.showdown()
    alone_high = s["high_win"][p] & (s["n_high"] == 1)
    return alone_high & (~s["has_low"] | (s["low_win"][p] & (s["n_low"] == 1)))


def _winning_hand_type(ctx: Context) -> Any:
    return hand_type_of(ctx.showdown()["best_high"])


# ---- equities on a street ----

def _hvh_equity(ctx: Context, p: int, street: int) -> Any:
    if street == 5:
        return _river_equity(ctx, p)
    key = ("hvh", street)
    if key not in ctx.cache:
        ctx.cache[key] = _hvh_preflop(ctx) if street == 0 else _hvh_all(ctx, street)
    return ctx.cache[key][p]


def _left_after(ctx: Context, rows: Any, street: int) -> Any:
    """Per deal of ``rows``, the cards not in any hand, not on the street's board, not dead."""
    n = len(rows)
    used = np.zeros((n, 52), dtype=bool)
    at = np.arange(n)[:, None]
    for hand in ctx.chunk.holes:
        used[at, hand[rows]] = True
    used[at, ctx.chunk.board[rows, :street]] = True
    used[:, list(ctx.spot.dead)] = True
    left = 52 - ctx.spot.n_players * ctx.spot.hole - street - len(ctx.spot.dead)
    return np.nonzero(~used)[1].reshape(n, left).astype(np.int32)


def _hvh_all(ctx: Context, street: int) -> Any:
    """Every player's equity with every hand known, over every completion of the
    street's board (flop or turn): (players, deals). Deals that share their hands
    and the street's board (every deal of an exact run from the flop, say) are
    settled once."""
    keys = np.concatenate([*ctx.chunk.holes, np.sort(ctx.chunk.board[:, :street], axis=1)],
                          axis=1)
    unique, first, which = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    if len(unique) < ctx.n:
        sub = Chunk([h[first] for h in ctx.chunk.holes], ctx.chunk.board[first],
                    ctx.chunk.weight[first])
        inner = Context(sub, ctx.spot, ctx.game, ctx.seed, notes=ctx.notes)
        return _hvh_settle(inner, street)[:, which.reshape(-1)]
    return _hvh_settle(ctx, street)


def _hvh_settle(ctx: Context, street: int) -> Any:
    m = 5 - street
    left = 52 - ctx.spot.n_players * ctx.spot.hole - street - len(ctx.spot.dead)
    completions = np.array(list(combinations(range(left), m)), dtype=np.int64)
    per = len(completions)
    out = np.empty((ctx.spot.n_players, ctx.n))
    step = max(1, HVH_ROWS // per)
    for start in range(0, ctx.n, step):
        rows = np.arange(start, min(start + step, ctx.n))
        cards = _left_after(ctx, rows, street)[:, completions].reshape(-1, m)
        boards = np.empty((len(cards), 5), dtype=np.int32)
        boards[:, :street] = np.repeat(ctx.chunk.board[rows, :street], per, axis=0)
        boards[:, street:] = cards
        highs, lows = [], []
        for hand in ctx.chunk.holes:
            high, low = evaluate_batch(np.repeat(hand[rows], per, axis=0), boards)
            highs.append(high)
            lows.append(low if ctx.game.hilo else np.zeros_like(low))
        share = settle(np.stack(highs), np.stack(lows))["share"]
        out[:, rows] = share.reshape(ctx.spot.n_players, len(rows), per).mean(axis=2)
    return out


def _hvh_preflop(ctx: Context) -> Any:
    """Preflop, every hand known: the C grouped enumeration, one call a deal."""
    if not ctx.game.hilo:
        raise ValueError("HvHequity(player, preflop) is computed for the hi/lo games only "
                         "(omaha8, omaha85)")
    pot = equity_backend.EQUITY_POT
    fields = len(equity_backend.EQUITY_TALLY_FIELDS)
    out = np.empty((ctx.spot.n_players, ctx.n))
    memo: dict[tuple[int, ...], list[float]] = {}
    holes = np.concatenate(ctx.chunk.holes, axis=1)
    for i, row in enumerate(holes.tolist()):
        key = tuple(row)
        if key not in memo:
            tally = equity_backend.equity_exact(key, ctx.spot.hole, (), ctx.spot.dead, 0, 1)
            memo[key] = [tally[2 + fields * p] / (pot * tally[0])
                         for p in range(ctx.spot.n_players)]
        out[:, i] = memo[key]
    return out


def _equity(ctx: Context, p: int, street: int) -> Any:
    """p's expected share against the other players' ranges (not their hands),
    on the street's board: the same deal model, p's hand and the board fixed."""
    key_all = ("equity", p, street)
    if key_all in ctx.cache:
        return ctx.cache[key_all]
    out = np.empty(ctx.n)
    memo: dict[tuple[int, ...], float] = ctx.cache.setdefault(("equity-memo", p, street), {})
    hands = ctx.chunk.holes[p]
    for i in range(ctx.n):
        key = (*hands[i].tolist(), -1, *ctx.chunk.board[i, :street].tolist())
        if key not in memo:
            memo[key] = _expected_share(ctx, p, hands[i], ctx.chunk.board[i, :street])
        out[i] = memo[key]
    ctx.cache[key_all] = out
    return out


def _expected_share(ctx: Context, p: int, hand: Any, board: Any) -> float:
    spot = ctx.spot
    removed = np.array([*hand.tolist(), *board.tolist()], dtype=np.int32)
    combos, weights = [], []
    for q in range(spot.n_players):
        if q == p:
            combos.append(hand.reshape(1, -1))
            weights.append(np.ones(1))
            continue
        keep = ~np.isin(spot.combos[q], removed).any(axis=1)
        if not keep.any():
            return math.nan
        combos.append(spot.combos[q][keep])
        weights.append(spot.weights[q][keep])
    sub = Spot(tuple(combos), tuple(weights), tuple(board.tolist()), spot.dead, spot.hole)
    deals = exact_deals(sub)
    if deals is not None and deals <= INNER_EXACT_LIMIT:
        chunks = iter_exact(sub)
    else:
        ctx.notes.add(f"equity() against ranges too large to enumerate was sampled: "
                      f"{INNER_SAMPLES:,} deals per hand and board")
        seed = hash((ctx.seed, *hand.tolist(), *board.tolist())) & ((1 << 63) - 1)
        chunks = iter_samples(sub, INNER_SAMPLES, seed)
    total = weight = 0.0
    for chunk in chunks:
        share = Context(chunk, sub, ctx.game, ctx.seed).showdown()["share"][p]
        total += float(share @ chunk.weight)
        weight += float(chunk.weight.sum())
    return total / weight if weight else math.nan


# ---- ratings and hand types ----

def _hi_rating(ctx: Context, p: int, street: int) -> Any:
    return 7463 - ctx.hilo(p, street)[0]


def _lo_rating(ctx: Context, p: int, street: int) -> Any:
    low = ctx.hilo(p, street)[1]
    return np.where(low > 0, 57 - low, 0)


def _hand_type(ctx: Context, p: int, street: int) -> Any:
    return hand_type_of(ctx.hilo(p, street)[0])


def _min_hand_type(ctx: Context, p: int, street: int, kind: int) -> Any:
    return _hand_type(ctx, p, street) >= kind


def _best_hi_rating(ctx: Context, p: int, street: int) -> Any:
    mine = ctx.hilo(p, street)[0]
    others = [ctx.hilo(q, street)[0] for q in range(ctx.spot.n_players) if q != p]
    return mine <= np.min(others, axis=0) if others else np.ones(ctx.n, dtype=bool)


def _best_lo_rating(ctx: Context, p: int, street: int) -> Any:
    mine = ctx.hilo(p, street)[1]
    others = [np.where(low > 0, low, 99) for q in range(ctx.spot.n_players) if q != p
              for low in (ctx.hilo(q, street)[1],)]
    if not others:
        return mine > 0
    return (mine > 0) & (mine <= np.min(others, axis=0))


# ---- the nuts and the outs (unseen: not the player's, not the board's, not dead) ----

def _unseen(ctx: Context, hand: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...]:
    gone = set(hand) | set(board) | set(ctx.spot.dead)
    return tuple(c for c in range(52) if c not in gone)


def _per_deal(ctx: Context, name: str, p: int, street: int,
              one: Callable[[tuple[int, ...], tuple[int, ...]], Any], dtype: Any) -> Any:
    """``one(hand, board)`` for each deal, memoised on (hand, board)."""
    key = (name, p, street)
    if key not in ctx.cache:
        memo: dict[tuple[tuple[int, ...], tuple[int, ...]], Any] = {}
        out = np.empty(ctx.n, dtype=dtype)
        hands = ctx.chunk.holes[p].tolist()
        boards = ctx.chunk.board[:, :street].tolist()
        for i in range(ctx.n):
            item = (tuple(hands[i]), tuple(sorted(boards[i])))
            if item not in memo:
                memo[item] = one(*item)
            out[i] = memo[item]
        ctx.cache[key] = out
    return ctx.cache[key]


def _hand_high(hand: tuple[int, ...], board: tuple[int, ...]) -> int:
    return int(evaluate_batch(np.array([hand], dtype=np.int32),
                              np.array([board], dtype=np.int32))[0][0])


_FIELD = {name: i for i, name in enumerate(classify_backend.CLASS_FIELDS)}


def _classify_rows(holes: Any, board: tuple[int, ...], dead: tuple[int, ...]) -> Any:
    """hf.classify's fields (hilo_fast.analysis.classes) of hands on one board: (rows, fields)."""
    rows = np.ascontiguousarray(holes, dtype=np.int32)
    out = np.empty((len(rows), len(classify_backend.CLASS_FIELDS)), dtype=np.int32)
    err, bad = classify_backend.classify_many(rows.reshape(-1), rows.shape[1], list(board),
                                              list(dead), out.reshape(-1))
    if err:
        raise RuntimeError(f"classify error {err} at row {bad}")  # the deal was checked
    return out


def _classified(ctx: Context, p: int, street: int) -> Any:
    """hf.classify of player p's hand on the street's board, per deal: one C call
    per distinct board."""
    key = ("classified", p, street)
    if key not in ctx.cache:
        boards = np.sort(ctx.chunk.board[:, :street], axis=1)
        unique, which = np.unique(boards, axis=0, return_inverse=True)
        which = which.reshape(-1)
        out = np.empty((ctx.n, len(classify_backend.CLASS_FIELDS)), dtype=np.int32)
        order = np.argsort(which, kind="stable")
        bounds = np.searchsorted(which[order], np.arange(len(unique) + 1))
        for u in range(len(unique)):
            rows = order[bounds[u]:bounds[u + 1]]
            out[rows] = _classify_rows(ctx.chunk.holes[p][rows], tuple(unique[u].tolist()),
                                       ctx.spot.dead)
        ctx.cache[key] = out
    return ctx.cache[key]


def _nut_hi(ctx: Context, p: int, street: int) -> Any:
    return _classified(ctx, p, street)[:, _FIELD["high_rank"]] == 1


def _nut_lo(ctx: Context, p: int, street: int) -> Any:
    if not ctx.game.hilo:
        return np.zeros(ctx.n, dtype=bool)
    fields = _classified(ctx, p, street)
    return (fields[:, _FIELD["low"]] > 0) & (fields[:, _FIELD["low_rank"]] == 1)


def _nut_hi_for_hand_type(ctx: Context, p: int, street: int) -> Any:
    def one(hand: tuple[int, ...], board: tuple[int, ...]) -> bool:
        mine = _hand_high(hand, board)
        kind = int(hand_type_of(np.array([mine]))[0])
        makeable = makeable_highs(board, _unseen(ctx, hand, board))
        same = makeable[(makeable >= _CATEGORY_FIRST[kind]) & (makeable < mine)]
        return not len(same)
    return _per_deal(ctx, "nutHiForHandType", p, street, one, bool)


def _outs_to_hand_type(ctx: Context, p: int, street: int, kind: int) -> Any:
    def one(hand: tuple[int, ...], board: tuple[int, ...]) -> int:
        mine = _hand_high(hand, board)
        cards = _unseen(ctx, hand, board)
        boards = np.array([(*board, c) for c in cards], dtype=np.int32)
        high = evaluate_batch(np.repeat(np.array([hand], dtype=np.int32), len(cards), axis=0),
                              boards)[0]
        return int(((hand_type_of(high) == kind) & (high < mine)).sum())
    return _per_deal(ctx, f"outsToHandType{kind}", p, street, one, np.int64)


def _nut_hi_outs(ctx: Context, p: int, street: int) -> Any:
    def one(hand: tuple[int, ...], board: tuple[int, ...]) -> int:
        rank = _FIELD["high_rank"]
        return sum(int(_classify_rows(np.array([hand]), (*board, card), ctx.spot.dead)[0, rank]
                       == 1) for card in _unseen(ctx, hand, board))
    return _per_deal(ctx, "nutHiOuts", p, street, one, np.int64)


# ---- the board ----

def _low_ranks(ctx: Context, street: int) -> Any:
    """(deals, 8) bools: which low ranks (ace .. eight) the street's board holds."""
    ranks = ctx.chunk.board[:, :street] // 4
    low = np.where(ranks == 12, 0, ranks + 1)
    seen = np.zeros((ctx.n, 9), dtype=bool)
    seen[np.arange(ctx.n)[:, None], np.where(low <= 7, low, 8)] = True
    return seen[:, :8]


def _board_lo_card_count(ctx: Context, street: int) -> Any:
    return _low_ranks(ctx, street).sum(axis=1)


def _board_allows_made_lo(ctx: Context, street: int) -> Any:
    if not ctx.game.hilo:
        return np.zeros(ctx.n, dtype=bool)
    return _board_lo_card_count(ctx, street) >= 3


def _suit_counts(ctx: Context, street: int) -> Any:
    suits = ctx.chunk.board[:, :street] % 4
    return np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)


def _board_suit_count(ctx: Context, street: int) -> Any:
    return (_suit_counts(ctx, street) > 0).sum(axis=1)


def _flushing_board(ctx: Context, street: int) -> Any:
    return _suit_counts(ctx, street).max(axis=1) >= 3


def _rank_counts(ctx: Context, street: int) -> Any:
    ranks = ctx.chunk.board[:, :street] // 4
    return np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)


def _paired_board(ctx: Context, street: int) -> Any:
    return _rank_counts(ctx, street).max(axis=1) >= 2


def _straight_board(ctx: Context, street: int) -> Any:
    """Some two hole cards make a straight with three of the board: three board
    ranks inside one of the ten straights."""
    present = _rank_counts(ctx, street) > 0
    windows = [[12, 0, 1, 2, 3]] + [list(range(low, low + 5)) for low in range(9)]
    return np.any([present[:, w].sum(axis=1) >= 3 for w in windows], axis=0)


def _turn_card(ctx: Context) -> Any:
    return ctx.chunk.board[:, 3]


def _river_card(ctx: Context) -> Any:
    return ctx.chunk.board[:, 4]


# ---- ranges ----

@dataclass(frozen=True)
class BoardPattern:
    """A board range as boardInRange reads it: one item per board card, each a
    rank (``K``), a card (``Ks``) or ``*``; the first three match the flop in
    any order, the fourth the turn, the fifth the river."""
    items: tuple[tuple[str, int], ...]   # ("rank", r) | ("card", id) | ("any", 0)

    @classmethod
    def read(cls, text: str) -> BoardPattern:
        items: list[tuple[str, int]] = []
        at = 0
        body = text.replace(" ", "")
        while at < len(body):
            c = body[at]
            if c == "*":
                items.append(("any", 0))
                at += 1
            elif c.upper() in RANKS and at + 1 < len(body) and body[at + 1].lower() in "cdhs":
                items.append(("card", parse_card(body[at:at + 2])))
                at += 2
            elif c.upper() in RANKS:
                items.append(("rank", RANKS.index(c.upper())))
                at += 1
            else:
                raise ValueError(f"a board range is ranks, cards or *, not {c!r}")
        if not 1 <= len(items) <= 5:
            raise ValueError(f"a board range has 1 to 5 cards, got {len(items)}")
        return cls(tuple(items))


def _matches(item: tuple[str, int], cards: Any) -> Any:
    kind, value = item
    if kind == "any":
        return np.ones(len(cards), dtype=bool)
    if kind == "card":
        return cards == value
    return cards // 4 == value


def _board_in_range(ctx: Context, pattern: BoardPattern) -> Any:
    board = ctx.chunk.board
    flop = pattern.items[:3]
    orders = {tuple(o) for o in __import__("itertools").permutations(range(3), len(flop))}
    ok = np.zeros(ctx.n, dtype=bool)
    for order in orders:
        hit = np.ones(ctx.n, dtype=bool)
        for item, column in zip(flop, order, strict=True):
            hit &= _matches(item, board[:, column])
        ok |= hit
    for column, item in enumerate(pattern.items[3:], start=3):
        ok &= _matches(item, board[:, column])
    return ok


def _in_range(ctx: Context, p: int, where: Range) -> Any:
    hands = np.sort(ctx.chunk.holes[p], axis=1)
    keys = hand_keys(hands)
    range_keys = hand_keys(np.sort(where.combos, axis=1))
    range_keys.sort()
    at = np.minimum(np.searchsorted(range_keys, keys), len(range_keys) - 1)
    return range_keys[at] == keys if len(range_keys) else np.zeros(ctx.n, dtype=bool)


# ---- literals compared with ratings and cards ----

def hi_rating_literal(text: str) -> int:
    """The hirating of a hand written as five cards (``AsKsQsJsTs``) or five
    ranks (``KKK22``: suits that make no flush)."""
    body = text.replace(" ", "")
    if len(body) == 5:
        ranks = [RANKS.index(c.upper()) for c in body if c.upper() in RANKS]
        if len(ranks) != 5:
            raise ValueError(f"a hand is five ranks or five cards, not {text!r}")
        if max(ranks.count(r) for r in ranks) > 4:
            raise ValueError(f"{text!r} holds a rank five times")
        # five distinct ranks: suits 0,1,2,3,0; a repeated rank: suits by occurrence;
        # either way never a flush
        cards = [r * 4 + (i % 4 if len(set(ranks)) == 5 else ranks[:i].count(r))
                 for i, r in enumerate(ranks)]
        return 7463 - evaluate_high5(cards)
    try:
        return 7463 - evaluate_high5(parse_cards(body))
    except ValueError:
        raise ValueError(f"a hand is five ranks or five cards, not {text!r}") from None


def lo_rating_literal(text: str) -> int:
    """The lorating of a low written as five ranks (``5432A``, ``87654``)."""
    body = text.replace(" ", "")
    ranks = [RANKS.index(c.upper()) for c in body if c.upper() in RANKS]
    if len(ranks) != 5 or len(body) != 5:
        raise ValueError(f"a low is five ranks, like '5432A', not {text!r}")
    value = evaluate_low5([r * 4 + i % 4 for i, r in enumerate(ranks)])
    if value is None:
        raise ValueError(f"{text!r} is no 8-or-better low")
    return 57 - value


FUNCTIONS: dict[str, Spec] = {spec.name.lower(): spec for spec in (
    Spec("equity", ("player", "street"), "num", _equity, streets=(0, 3, 4, 5)),
    Spec("riverEquity", ("player",), "num", _river_equity),
    Spec("HvHequity", ("player", "street"), "num", _hvh_equity, streets=(0, 3, 4, 5)),
    Spec("winsHi", ("player",), "bool", _wins_hi),
    Spec("tiesHi", ("player",), "bool", _ties_hi),
    Spec("winsLo", ("player",), "bool", _wins_lo),
    Spec("tiesLo", ("player",), "bool", _ties_lo),
    Spec("scoops", ("player",), "bool", _scoops),
    Spec("nutHi", ("player", "street"), "bool", _nut_hi),
    Spec("nutLo", ("player", "street"), "bool", _nut_lo),
    Spec("nutHiForHandType", ("player", "street"), "bool", _nut_hi_for_hand_type),
    Spec("bestHiRating", ("player", "street"), "bool", _best_hi_rating),
    Spec("bestLoRating", ("player", "street"), "bool", _best_lo_rating),
    Spec("hiRating", ("player", "street"), "hirating", _hi_rating),
    Spec("loRating", ("player", "street"), "lorating", _lo_rating),
    Spec("handType", ("player", "street"), "handtype", _hand_type),
    Spec("minHandType", ("player", "street", "handtype"), "bool", _min_hand_type),
    Spec("winningHandType", (), "handtype", _winning_hand_type),
    Spec("outsToHandType", ("player", "street", "handtype"), "int", _outs_to_hand_type,
         streets=(3, 4)),
    Spec("nutHiOuts", ("player", "street"), "int", _nut_hi_outs, streets=(3, 4)),
    Spec("boardAllowsMadeLo", ("street",), "bool", _board_allows_made_lo),
    Spec("boardLoCardCount", ("street",), "int", _board_lo_card_count),
    Spec("boardSuitCount", ("street",), "int", _board_suit_count),
    Spec("boardInRange", ("boardrange",), "bool", _board_in_range),
    Spec("inRange", ("player", "range"), "bool", _in_range),
    Spec("turnCard", (), "card", _turn_card),
    Spec("riverCard", (), "card", _river_card),
    Spec("flushingBoard", ("street",), "bool", _flushing_board),
    Spec("pairedBoard", ("street",), "bool", _paired_board),
    Spec("straightBoard", ("street",), "bool", _straight_board),
)}
