"""Running a PQL query: the from clause made a deal, the expressions checked
and compiled, the deals enumerated or sampled chunk by chunk (on threads or an
executor), the aggregates summed (aggregates.py: each answer with its
standard error).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...cards import card_str, check_distinct, parse_card, parse_cards
from ...core.game import Game
from ...core.split import pull
from ...ranges.language import Range
from .aggregates import AGGREGATE_KINDS, Aggregate, Compiled, PQLColumn, Tally
from .deal import DEFAULT_SAMPLES, EXACT_LIMIT, Deals, Spot, exact_deals
from .functions import (
    FUNCTIONS,
    HAND_TYPE_ALIASES,
    HAND_TYPES,
    STREET_NAMES,
    STREETS,
    BoardPattern,
    Context,
    hi_rating_literal,
    lo_rating_literal,
)
from .parser import (
    MAX_SAMPLES,
    Binary,
    Call,
    Expr,
    Name,
    Number,
    Query,
    Text,
    Unary,
    parse_query,
    position_error,
)

__all__ = ["PQLColumn", "PQLResult", "run"]

PQL_GAMES = ("omaha8", "omahahi", "omaha85", "omahahi5")
_NUMERIC = ("num", "int")
#: Chunks per task sent to an executor (about 200,000 deals), and tasks
#: submitted and not yet finished, at most.
EXECUTOR_CHUNKS = 10
IN_FLIGHT = 16



@dataclass(frozen=True)
class PQLResult:
    """The answer of :func:`hilo_fast.pql`: a column per selected item.

    ``trials``: deals run (every deal once when ``exact``); ``matched``: those
    that passed ``where``; ``seed``: the Monte Carlo seed (None when exact).
    """

    columns: tuple[PQLColumn, ...]
    trials: int
    matched: int
    exact: bool
    seed: int | None
    game: str
    #: what made an answer less than exact (equity() against ranges sampled inside)
    notes: tuple[str, ...] = ()

    def __getitem__(self, name: str) -> PQLColumn:
        for column in self.columns:
            if column.name == name:
                return column
        raise KeyError(f"no column {name!r}; columns: {', '.join(c.name for c in self.columns)}")

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        lines = [f"{self.game}: {self.trials:,} deals ({how}), {self.matched:,} passed where",
                 *(f"note: {note}" for note in self.notes)]
        for c in self.columns:
            error = "" if self.exact else f" ± {c.std_error:.4f}"
            if c.histogram is not None:
                lines.append(f"{c.name}:")
                lines += [f"  {label:<28} {fraction:8.4%}"
                          + ("" if self.exact else f" ± {se:.4%}")
                          for label, fraction, se in c.histogram]
            elif c.value is None:
                lines.append(f"{c.name} = (no deal passed where)")
            elif c.aggregate == "count":
                assert isinstance(c.value, float)
                lines.append(f"{c.name} = {c.value:.4%}"
                             + ("" if self.exact else f" ± {c.std_error:.4%}"))
            elif isinstance(c.value, float):
                lines.append(f"{c.name} = {c.value:.6g}{error}")
            else:
                lines.append(f"{c.name} = {c.value}")
        return "\n".join(lines)


# ---- the from clause ----

@dataclass
class _Setup:
    game: Game
    game_name: str
    players: list[str]
    spot: Spot


def _setup(query: Query) -> _Setup:
    seen: dict[str, int] = {}
    values: dict[str, tuple[str, int]] = {}
    players: list[tuple[str, str, int]] = []
    for b in query.bindings:
        if b.name in seen:
            raise position_error(query.text, b.pos, f"{b.name} is given twice")
        seen[b.name] = b.pos
        if b.name in ("game", "board", "dead", "syntax"):
            values[b.name] = (b.value, b.value_pos)
        else:
            players.append((b.name, b.value, b.value_pos))
    game_name, game_pos = values.get("game", ("omaha8", 0))
    if game_name.strip().lower() not in PQL_GAMES:
        raise position_error(query.text, game_pos, f"unknown game {game_name!r}; PQL for "
                             f"Omaha knows {', '.join(PQL_GAMES)}")
    game_name = game_name.strip().lower()
    game = Game.named(game_name)
    if "syntax" in values:
        syntax, pos = values["syntax"]
        if syntax.strip().lower() != "generic":
            raise position_error(query.text, pos, f"syntax {syntax!r}: only 'generic' is read "
                                 "(the range language of hilo_fast.Range)")
    if not players:
        raise position_error(query.text, len(query.text), "no player in FROM: give at least "
                             "one, like hero='A2**'")
    if len(players) > 10:
        raise position_error(query.text, players[10][2], "at most 10 players")
    board: list[int] = []
    dead: list[int] = []
    for name, target in (("board", board), ("dead", dead)):
        if name in values:
            text, pos = values[name]
            try:
                target.extend(parse_cards(text))
            except ValueError as err:
                raise position_error(query.text, pos, f"{name}: {err}") from None
    if len(board) not in (0, 3, 4, 5):
        raise position_error(query.text, values["board"][1],
                             f"board: 0, 3, 4 or 5 cards, got {len(board)}")
    try:
        check_distinct(board=board, dead=dead)
    except ValueError as err:
        raise position_error(query.text, values.get("dead", values.get("board", ("", 0)))[1],
                             str(err)) from None
    removed = [*board, *dead]
    combos, weights = [], []
    for name, text, pos in players:
        rows, w = _player_hands(query.text, name, text, pos, game.hole_cards, removed)
        combos.append(rows)
        weights.append(w)
    spot = Spot(tuple(combos), tuple(weights), tuple(board), tuple(dead), game.hole_cards)
    if spot.left < spot.to_deal:
        raise position_error(query.text, players[-1][2], "too many players for the deck")
    return _Setup(game, game_name, [name for name, _, _ in players], spot)


def _player_hands(query: str, name: str, text: str, pos: int, hole: int,
                  removed: list[int]) -> tuple[Any, Any]:
    """A player's hands (rows of card ids) and weights, cut by the board and the dead."""
    try:
        cards = parse_cards(text)
    except ValueError:
        cards = None
    if cards is not None and len(cards) == hole:
        if len(set(cards)) != hole:
            raise position_error(query, pos, f"player {name}: a card twice in {text!r}")
        clash = set(cards) & set(removed)
        if clash:
            raise position_error(query, pos, f"player {name}: {card_str(min(clash))} is also "
                                 "on the board or dead")
        return np.array([sorted(cards)], dtype=np.int32), np.ones(1)
    try:
        hands = Range(text, hole_count=hole)
    except ValueError as err:
        raise position_error(query, pos, f"player {name}: {err}") from None
    if removed:
        hands = hands.without(removed)
    if not len(hands):
        raise position_error(query, pos, f"player {name}: the range {text!r} is empty "
                             "(after the board and the dead cards)")
    return np.asarray(hands.combos, dtype=np.int32), np.asarray(hands.weights, dtype=float)


# ---- expressions ----

@dataclass
class _Compiler:
    query: Query
    setup: _Setup
    hole: int
    notes: list[str] = field(default_factory=list)

    def fail(self, pos: int, message: str) -> ValueError:
        return position_error(self.query.text, pos, message)

    def player(self, node: Expr) -> int:
        if not isinstance(node, Name):
            raise self.fail(_pos(node), "expected a player name")
        if node.name not in self.setup.players:
            raise self.fail(node.pos, f"unknown player {node.name!r}; the players are "
                            f"{', '.join(self.setup.players)}")
        return self.setup.players.index(node.name)

    def street(self, node: Expr, allowed: tuple[int, ...], function: str) -> int:
        if not isinstance(node, Name) or node.name not in STREETS:
            raise self.fail(_pos(node), "expected a street (flop, turn or river)")
        street = STREETS[node.name]
        if street not in allowed:
            names = ", ".join(STREET_NAMES[s] for s in allowed)
            raise self.fail(node.pos, f"{function} takes the street {names}, not {node.name}")
        return street

    def hand_type(self, node: Expr) -> int:
        name = node.name if isinstance(node, Name) else None
        name = HAND_TYPE_ALIASES.get(name or "", name)
        if name not in HAND_TYPES:
            raise self.fail(_pos(node), f"expected a hand type ({', '.join(HAND_TYPES)})")
        return HAND_TYPES.index(name)

    def text(self, node: Expr) -> str:
        if not isinstance(node, Text):
            raise self.fail(_pos(node), "expected a quoted range")
        return node.value

    # -- kinds: (kind, compiled) --
    def compile(self, node: Expr) -> tuple[str, Compiled]:
        if isinstance(node, Number):
            value = node.value
            return "num", lambda ctx: np.full(ctx.n, value)
        if isinstance(node, Text):
            raise self.fail(node.pos, f"'{node.value}' alone has no value here: compare it "
                            "with a rating, a card or a hand type")
        if isinstance(node, Name):
            raise self.fail(node.pos, f"{node.name!r} alone has no value here (a player, a "
                            "street or a hand type is a function's argument)")
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Unary):
            kind, inner = self.compile(node.operand)
            if node.op == "not":
                self.expect(kind, ("bool",), node.operand, "NOT")
                return "bool", lambda ctx: ~inner(ctx)
            self.expect(kind, _NUMERIC, node.operand, "'-'")
            return kind, lambda ctx: -inner(ctx)
        return self.binary(node)

    def expect(self, kind: str, kinds: tuple[str, ...], node: Expr, where: str) -> None:
        if kind not in kinds:
            raise self.fail(_pos(node), f"{where} needs {' or '.join(kinds)}, got {kind}")

    def binary(self, node: Binary) -> tuple[str, Compiled]:
        op = node.op
        if op in ("and", "or"):
            lk, left = self.compile(node.left)
            rk, right = self.compile(node.right)
            self.expect(lk, ("bool",), node.left, op.upper())
            self.expect(rk, ("bool",), node.right, op.upper())
            if op == "and":
                return "bool", lambda ctx: left(ctx) & right(ctx)
            return "bool", lambda ctx: left(ctx) | right(ctx)
        if op in ("+", "-", "*", "/"):
            lk, left = self.compile(node.left)
            rk, right = self.compile(node.right)
            self.expect(lk, _NUMERIC, node.left, f"'{op}'")
            self.expect(rk, _NUMERIC, node.right, f"'{op}'")
            kind = "int" if lk == rk == "int" and op != "/" else "num"
            ops: dict[str, Callable[[Any, Any], Any]] = {
                "+": np.add, "-": np.subtract, "*": np.multiply,
                "/": lambda a, b: np.divide(a, b, out=np.full(len(a), np.nan),
                                            where=b != 0)}
            fn = ops[op]
            return kind, lambda ctx: fn(left(ctx), right(ctx))
        return self.comparison(node)

    def comparison(self, node: Binary) -> tuple[str, Compiled]:
        sides: list[tuple[str, Compiled] | None] = []
        for side in (node.left, node.right):
            sides.append(None if isinstance(side, (Text, Name)) else self.compile(side))
        if sides[0] is None and sides[1] is None:
            raise self.fail(node.pos, "compare a function's value, not two literals")
        known = sides[0] or sides[1]
        assert known is not None
        kind = known[0]
        compiled: list[Compiled] = []
        for side, done in zip((node.left, node.right), sides, strict=True):
            if done is None:
                compiled.append(_constant(self.literal(side, kind)))
            else:
                if done[0] != kind and not (done[0] in _NUMERIC and kind in _NUMERIC):
                    raise self.fail(node.pos, f"cannot compare {sides[0] and sides[0][0]} "
                                    f"with {sides[1] and sides[1][0]}")
                compiled.append(done[1])
        op = node.op
        if kind in ("card", "bool") and op not in ("=", "<>"):
            raise self.fail(node.pos, f"a {kind} is compared with = or <> only")
        fns: dict[str, Callable[[Any, Any], Any]] = {
            "=": np.equal, "<>": np.not_equal, "<": np.less, "<=": np.less_equal,
            ">": np.greater, ">=": np.greater_equal}
        fn, left, right = fns[op], compiled[0], compiled[1]
        return "bool", lambda ctx: fn(left(ctx), right(ctx))

    def literal(self, node: Expr, kind: str) -> Any:
        try:
            if kind == "handtype":
                return self.hand_type(node)
            if not isinstance(node, Text):
                raise ValueError(f"{getattr(node, 'name', '?')!r} is no {kind} value")
            if kind == "hirating":
                return hi_rating_literal(node.value)
            if kind == "lorating":
                return lo_rating_literal(node.value)
            if kind == "card":
                return parse_card(node.value)
            raise ValueError(f"a {kind} is not compared with '{node.value}'")
        except ValueError as err:
            if str(err).startswith(("col ", "line ")):
                raise
            raise self.fail(_pos(node), str(err)) from None

    def call(self, node: Call) -> tuple[str, Compiled]:
        spec = FUNCTIONS.get(node.name)
        if spec is None:
            raise self.fail(node.pos, f"unknown function {node.name!r}")
        if len(node.args) != len(spec.params):
            raise self.fail(node.pos, f"{spec.name} takes {len(spec.params)} argument(s) "
                            f"({', '.join(spec.params) or 'none'}), got {len(node.args)}")
        args: list[Any] = []
        for param, arg in zip(spec.params, node.args, strict=True):
            if param == "player":
                args.append(self.player(arg))
            elif param == "street":
                args.append(self.street(arg, spec.streets, spec.name))
            elif param == "handtype":
                args.append(self.hand_type(arg))
            elif param == "range":
                try:
                    args.append(Range(self.text(arg), hole_count=self.hole))
                except ValueError as err:
                    raise self.fail(_pos(arg), f"{spec.name}: {err}") from None
            else:
                try:
                    args.append(BoardPattern.read(self.text(arg)))
                except ValueError as err:
                    raise self.fail(_pos(arg), f"{spec.name}: {err}") from None
        compute = spec.compute
        return spec.returns, lambda ctx: compute(ctx, *args)


def _constant(value: Any) -> Compiled:
    return lambda ctx: np.full(ctx.n, value)


def _pos(node: Expr) -> int:
    return node.pos


@dataclass
class _Part:
    """What one chunk of deals gave: plain data, merged in chunk order."""
    trials: int
    matched: int
    tallies: list[Tally]
    notes: set[str]


@dataclass
class _Plan:
    """A checked, compiled query and its deals, ready to run chunk by chunk."""
    setup: _Setup
    aggregates: list[Aggregate]
    where: Compiled | None
    deals: Deals
    exact: bool
    seed: int | None

    def part(self, k: int) -> _Part:
        chunk = self.deals.chunk(k)
        notes: set[str] = set()
        ctx = Context(chunk, self.setup.spot, self.setup.game, self.seed or 0, notes=notes)
        g = self.where(ctx) if self.where is not None else np.ones(len(chunk), dtype=bool)
        return _Part(len(chunk), int(g.sum()),
                     [a.tally(ctx, g, chunk.weight) for a in self.aggregates], notes)


def _plan(query: Query, samples: int | None, seed: int | None) -> _Plan:
    setup = _setup(query)
    compiler = _Compiler(query, setup, setup.game.hole_cards)
    aggregates = []
    for item in query.items:
        kind, compiled = compiler.compile(item.expr)
        if kind not in AGGREGATE_KINDS[item.aggregate]:
            raise position_error(query.text, item.pos, f"{item.aggregate} takes "
                                 f"{' or '.join(AGGREGATE_KINDS[item.aggregate])}, got {kind}")
        aggregates.append(Aggregate(item, kind, compiled))
    where: Compiled | None = None
    if query.where is not None:
        kind, where = compiler.compile(query.where)
        if kind != "bool":
            raise position_error(query.text, _pos(query.where),
                                 f"WHERE needs a true/false condition, got {kind}")
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, int):
            raise TypeError(f"samples must be an int, not {type(samples).__name__}")
        if not 1 <= samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be 1..{MAX_SAMPLES:,}, got {samples:,}")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be 0..2**64-1, got {seed}")
    spot = setup.spot
    count = exact_deals(spot) if samples is None else None
    if count == 0:
        raise ValueError("the players' ranges can never be dealt together: every choice of "
                         "their hands shares a card")
    if count is not None and count <= EXACT_LIMIT:
        return _Plan(setup, aggregates, where, Deals(spot, None), True, None)
    used_seed = secrets.randbits(63) if seed is None else seed
    return _Plan(setup, aggregates, where, Deals(spot, samples or DEFAULT_SAMPLES, used_seed),
                 False, used_seed)


def _run_parts(text: str, samples: int | None, seed: int | None, first: int,
               last: int) -> list[_Part]:
    """Chunks ``first`` to ``last - 1`` of a query (module level: an executor,
    e.g. a Dask cluster, pickles it and plans the query again on its worker)."""
    plan = _plan(parse_query(text), samples, seed)
    return [plan.part(k) for k in range(first, last)]


def run(query: Query, *, samples: int | None = None, seed: int | None = None,
        threads: int | None = None, executor: Executor | None = None) -> PQLResult:
    """Run a parsed query (see :func:`hilo_fast.pql`)."""
    n_threads = _check_parallel(threads, executor)
    plan = _plan(query, samples, seed)
    n = len(plan.deals)
    parts: list[_Part | None] = [None] * n
    if executor is not None:
        tasks = [(k, min(n, k + EXECUTOR_CHUNKS)) for k in range(0, n, EXECUTOR_CHUNKS)]
        _on_executor(executor, tasks, query.text, plan.deals.samples, plan.seed, parts)
    elif n_threads > 1:
        def keep(k: int, part: _Part) -> None:
            parts[k] = part
        pull(range(n), plan.part, keep, n_threads)
    else:
        parts = [plan.part(k) for k in range(n)]
    # merged in chunk order: the same sums (to the last bit) on any threads or executor
    tallies = [Tally() for _ in plan.aggregates]
    trials = matched = 0
    notes: set[str] = set()
    for part in parts:
        assert part is not None
        trials += part.trials
        matched += part.matched
        notes |= part.notes
        for tally, more, a in zip(tallies, part.tallies, plan.aggregates, strict=True):
            tally.merge(more, a.item.aggregate)
    exact = plan.exact and not notes
    return PQLResult(tuple(a.column(t, exact) for a, t in zip(plan.aggregates, tallies,
                                                               strict=True)),
                     trials, matched, exact, plan.seed, plan.setup.game_name,
                     tuple(sorted(notes)))


def _check_parallel(threads: int | None, executor: Executor | None) -> int:
    if threads is not None:
        if isinstance(threads, bool) or not isinstance(threads, int):
            raise TypeError(f"threads must be an int, not {type(threads).__name__}")
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads}")
        if executor is not None:
            raise ValueError("give threads or executor, not both")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not "
                        f"{type(executor).__name__}")
    return threads or 1


def _on_executor(executor: Executor, tasks: list[tuple[int, int]], text: str,
                 samples: int | None, seed: int | None, parts: list[_Part | None]) -> None:
    """Run the tasks on the executor, at most IN_FLIGHT submitted at a time."""
    pending: dict[Future[list[_Part]], int] = {}

    def collect(done: set[Future[list[_Part]]]) -> None:
        for future in done:
            first = pending.pop(future)
            for i, part in enumerate(future.result()):
                parts[first + i] = part

    try:
        for first, last in tasks:
            if len(pending) >= IN_FLIGHT:
                collect(wait(pending, return_when=FIRST_COMPLETED)[0])
            pending[executor.submit(_run_parts, text, samples, seed, first, last)] = first
        while pending:
            collect(wait(pending, return_when=FIRST_COMPLETED)[0])
    finally:
        for future in pending:   # interrupted or failed: drop the work not yet started
            future.cancel()
