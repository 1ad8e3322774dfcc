"""Omaha Hi-Lo equity: exhaustive or Monte Carlo, with hi/lo/scoop breakdowns.

The work is cut into chunks of deals (ranges of deal numbers when
exhaustive, blocks of samples with their own seeds for Monte Carlo). Each
chunk runs in C (the GIL is released) or its pure-Python twin and returns
integer tallies; tallies add up, so the answer is the same whether the
chunks run in one thread, in many, or on a cluster through any
:class:`concurrent.futures.Executor` (such as Dask's
``Client.get_executor()``). Chunks are made as they are needed and at most
``IN_FLIGHT`` wait in a pool at a time, so memory stays flat whatever the
number of samples (up to ``MAX_SAMPLES``).

Pot shares are counted in 1/5040 of a pot, which every split of a half
among up to 10 tied players divides evenly, so exact results are exact
fractions. Odd chips do not arise: equity is the expected share of the pot.

It is one cohesive module: every kind of spot :func:`equity` takes (one
board, several boards and runs, ranges on either) shares its parsing, its
chunks and their runner, and its result types; the kernels live apart
(the backends, range_spots.py, range_boards.py).

>>> result = equity(["AsAhKsKd", "QsQhJsJd"], board="KhQd9c9s2h")
>>> [p.equity for p in result.players]  # no low possible: high takes all
[1.0, 0.0]
>>> result.exact, result.boards, result.no_low
(True, 1, 1.0)
"""

from __future__ import annotations

import math
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from fractions import Fraction

from ..cards import CardsLike, card_str, check_count, check_distinct, parse_cards
from ..core.game import Game
from ..core.split import PARALLEL, pull
from ..progress import Progress
from ..ranges.language import Range
from ._backend import backend
from .range_boards import (
    EXACT_TUPLES,
    BoardsRangeSpot,
    boards_range_chunk,
    deals_per_tuple,
    full_range,
    tuple_count,
)
from .range_spots import RangeSpot, prepare_ranges, range_chunk
from .two_ranges import player_fields, settle_two

__all__ = ["BoardEquity", "EquityResult", "PlayerEquity", "equity"]

HOLE_SIZES = (4, 5, 6)
BOARD_SIZES = (0, 3, 4, 5)
MAX_PLAYERS = 10
#: Pot shares are tallied in units of 1/POT of a pot (HF_EQUITY_POT).
POT: int = backend.EQUITY_POT
#: With random hands and no ``samples``, enumerate when the deals are at most
#: this many, else run Monte Carlo with DEFAULT_SAMPLES.
EXACT_LIMIT = 2_000_000
DEFAULT_SAMPLES = 100_000
#: The most Monte Carlo samples one call takes: a trillion, days of work on
#: one core, with a standard error far below anything a pot can tell apart.
MAX_SAMPLES = 10**12
#: Chunks submitted to a pool or executor and not yet finished, at most.
IN_FLIGHT = 64
#: Two players, a range and a flop, turn or river: settled exactly by
#: :mod:`.two_ranges` when its rule allows (False: the general enumeration).
TWO_RANGES_EXACT = True
#: Fixed chunk sizes: the chunks (and so the Monte Carlo streams) do not
#: depend on the number of threads or on the executor.
CHUNK_DEALS = 1 << 15
CHUNK_SAMPLES = 10_000
#: With every hand known, exact equity settles groups of boards (one per rank
#: multiset and flush pattern, hf_equity_exact): heads-up preflop takes about a
#: millisecond, less than a thread pool costs, so the spot is one chunk.

_MASK64 = (1 << 64) - 1
_FIELDS = len(backend.EQUITY_TALLY_FIELDS)  # per player in a flat tally

#: Spots on several boards (double board, run it twice, Omaha high) are
#: enumerated when they have at most this many deals (a deal: a completion of
#: every board), else sampled (DEFAULT_SAMPLES): about 20 ns a deal heads-up in C.
BOARDS_EXACT_LIMIT = 50_000_000
#: Hand tuples per chunk of an exact enumeration on several boards with ranges.
RANGE_CHUNK_TUPLES = 256
#: The most runs equity takes: the boards in all (boards x runs) are at
#: most the backend's BOARDS_MAX (8: run it 8 times, double board 4 times).
MAX_RUNS = 8

#: A spot on several boards: each board's known cards, and high only.
BoardsSpot = tuple[tuple[tuple[int, ...], ...], bool]

# A chunk: (mode, holes, n_hole, board, dead, first deal or seed, count),
# then the ranges for a range spot, or the boards for a spot on several boards.
Chunk = (tuple[str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int]
         | tuple[str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int,
                 RangeSpot | BoardsSpot | BoardsRangeSpot])


@dataclass(frozen=True)
class BoardEquity:
    """One player's results on one board of a spot on several boards (a
    board of double board, or a run of run-it-twice), as fractions of the
    deals: ``scoop`` that board's share won whole and alone; ``win_high`` /
    ``tie_high``: that board's best high alone / shared; ``win_low`` /
    ``tie_low``: its best qualifying low alone / shared (0 in a high-only game)."""

    scoop: float
    win_high: float
    tie_high: float
    win_low: float
    tie_low: float


@dataclass(frozen=True)
class PlayerEquity:
    """One player's results; every field is a fraction of the deals.

    ``equity`` is the expected share of the pot (hi/lo halves and ties split
    as at showdown); ``equity_fraction`` is the same as an exact fraction (the
    sample mean when Monte Carlo); ``std_error`` its standard error (0 when
    exact). ``scoop``: wins the whole pot alone. ``win_high``/``tie_high``:
    best high alone/shared; ``win_low``/``tie_low``: best qualifying low
    alone/shared. ``hole`` is None for a random hand or a range (whose text
    is in :attr:`EquityResult.ranges`).

    On several boards (a :class:`~hilo_fast.Game` with two boards, ``runs=2``
    or a high-only game; see :func:`equity`): ``scoop`` is every board won
    whole and alone, ``scoop_one`` exactly one of two boards, the hi/lo
    fields are the mean over the boards and ``boards`` holds each board's
    (:class:`BoardEquity`). ``std_dev``: the standard deviation of the
    player's share of the pot over the deals, the spread of one hand's result
    (None for spots range equity settles: ranges, and random hands in Omaha
    high; their exact tallies do not carry it): run it twice and the mean
    stays, the spread shrinks.
    """

    hole: tuple[str, ...] | None
    equity: float
    equity_fraction: Fraction
    std_error: float
    scoop: float
    win_high: float
    tie_high: float
    win_low: float
    tie_low: float
    std_dev: float | None = None
    scoop_one: float | None = None
    boards: tuple[BoardEquity, ...] = ()


@dataclass(frozen=True)
class EquityResult:
    """The answer of :func:`equity`.

    ``boards``: deals evaluated (every board exactly once when ``exact``,
    else the number of samples); ``no_low``: fraction of them where nobody
    made a qualifying low; ``seed``: the Monte Carlo seed (None when exact);
    ``ranges``: per player, the text of the range it was dealt from, or None
    (a hand or a random hand). With ranges, ``boards`` counts the deals
    settled and the other fractions are weighted. ``game``: the game given
    (None: Omaha Hi-Lo, one board); ``runs``: the times the board is run;
    ``board_cards``: each board's known cards when there are several
    (``board`` is then the first's); ``no_low`` is then the mean over the boards.
    """

    players: tuple[PlayerEquity, ...]
    board: tuple[str, ...]
    dead: tuple[str, ...]
    no_low: float
    boards: int
    exact: bool
    seed: int | None
    ranges: tuple[str | None, ...] = ()
    game: Game | None = None
    runs: int = 1
    board_cards: tuple[tuple[str, ...], ...] = ()


def _run_chunk(chunk: Chunk) -> list[int]:
    """Run one chunk on this process's backend (module level: executors pickle it)."""
    mode, holes, n_hole, board, dead, start, count = chunk[:7]
    if mode == "groups":  # part `start` of `count` of the grouped enumeration
        tally = backend.equity_exact(holes, n_hole, board, dead, start, count)
    elif mode == "enumerate":
        tally = backend.equity_enumerate(holes, n_hole, board, dead, start, count)
    elif mode == "sample":
        tally = backend.equity_sample(holes, n_hole, board, dead, start, count)
    elif mode.startswith("boards-range-"):  # several boards, ranges: range_boards.py
        tally = boards_range_chunk(mode.removeprefix("boards-range-"), holes, n_hole,
                                   chunk[7], dead, start, count)  # type: ignore[misc, arg-type]
    elif mode.startswith("boards-"):  # several boards or high only: (boards, high_only) last
        rows, high_only = chunk[7]  # type: ignore[misc]
        run = backend.boards_enumerate if mode == "boards-enumerate" else backend.boards_sample
        tally = run(holes, n_hole, rows, dead, high_only, start, count)
    else:  # a range spot (hilo_fast.equity.range_spots), its ranges last in the chunk
        tally = range_chunk(mode.removesuffix("-high"), chunk[7],  # type: ignore[misc, arg-type]
                            holes, n_hole, board, dead, start, count, mode.endswith("-high"))
    if isinstance(tally, int):  # the spot was validated before chunking
        raise RuntimeError(f"equity backend error {tally} on chunk {chunk!r}")
    return list(tally)


def _chunk_seed(seed: int, index: int) -> int:
    """Seed of Monte Carlo chunk ``index``: output ``index`` of the splitmix64
    stream seeded by ``seed``, so chunks draw from unrelated streams."""
    return int(backend.splitmix64(seed, index))


# Range syntax a string of cards cannot hold but for its comma separators.
_RANGE_SYNTAX = re.compile(r"[,:!()@%$*\[\]]")


def _parse_players(holes: Iterable[CardsLike | Range | None]
                   ) -> tuple[list[list[int] | None], int, list[Range | None]]:
    """Each player's known cards (None for a random hand or a range), the
    hand size, and each player's range. A string that reads as cards is a
    hand (a string of cards with range syntax and a count no hand has, like
    ``"AsAd2s3d,AsAd2s4d"``, is a range); any other string is a range."""
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Iterable):
        raise TypeError(f"holes must be a sequence of hands (one per player), not {holes!r}")
    entries = list(holes)
    players: list[list[int] | None] = []
    texts: dict[int, tuple[str, ValueError]] = {}  # not cards: ranges, unless bad
    for i, hand in enumerate(entries):
        if hand is None or isinstance(hand, Range):
            players.append(None)
        elif isinstance(hand, str):
            try:
                cards = parse_cards(hand)
                if len(cards) not in HOLE_SIZES and _RANGE_SYNTAX.search(hand):
                    raise ValueError(f"{len(cards)} cards")  # "AsKsQsJs,AsKsQsJd": a range
                players.append(cards)
            except ValueError as card_error:
                players.append(None)
                texts[i] = (hand, card_error)
        else:
            players.append(parse_cards(hand))
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(players)}")
    sizes = {len(hand) for hand in players if hand is not None}
    sizes |= {hand.hole_count for hand in entries if isinstance(hand, Range)}
    for i, hand in enumerate(players):
        if hand is not None:
            check_count(hand, HOLE_SIZES, f"player {i + 1}'s hole")
    if len(sizes) > 1:
        raise ValueError(f"every player must hold the same number of cards, got {sorted(sizes)}")
    n_hole = sizes.pop() if sizes else 4
    ranges: list[Range | None] = [hand if isinstance(hand, Range) else None for hand in entries]
    for i, (text, not_cards) in texts.items():
        try:
            ranges[i] = Range(text, hole_count=n_hole)
        except ValueError as range_error:
            raise ValueError(f"player {i + 1}'s {text!r} is neither cards ({not_cards}) "
                             f"nor a range ({range_error})") from None
    return players, n_hole, ranges


def _check_int(value: object, name: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"{name} must be {bound}, got {value}")
    return value


def _chunks(mode: str, spot: tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]],
            total: int, seed: int) -> Iterator[Chunk]:
    """The chunks of a run, one at a time (a list of 10**8 chunks would not fit)."""
    holes, n_hole, board, dead = spot
    if mode == "groups":  # the whole spot, part 0 of 1: a few milliseconds at most
        yield (mode, holes, n_hole, board, dead, 0, 1)
        return
    size = CHUNK_DEALS if mode == "enumerate" else CHUNK_SAMPLES
    for index, start in enumerate(range(0, total, size)):
        first = start if mode == "enumerate" else _chunk_seed(seed, index)
        yield (mode, holes, n_hole, board, dead, first, min(size, total - start))


def _threads_used(mode: str, total: int, threads: int) -> int:
    """The threads a run uses: ``threads`` at most, and one when a split
    cannot pay: a backend whose calls keep the GIL, the grouped enumeration
    (one chunk of about a millisecond), or fewer than two full chunks (a
    thread takes tens of microseconds to start; a full chunk, 0.3 ms or
    more of C). Threads are never given more than one full chunk each."""
    if not PARALLEL or mode == "groups" or threads == 1:
        return 1
    size = CHUNK_DEALS if mode.endswith("enumerate") else CHUNK_SAMPLES
    return max(1, min(threads, total // size))


def _run(chunks: Iterable[Chunk], threads: int, executor: Executor | None,
         on_done: Callable[[int], None] | None) -> list[int]:
    """Run the chunks and add up their tallies (integers: any order gives the same sum).

    On threads, each takes the next chunk when it is free (hilo_fast.core.split:
    no future per chunk, and this thread works too), so at most ``threads``
    chunks exist at once; an executor gets at most IN_FLIGHT at a time."""
    total: list[int] | None = None

    def merge(tally: list[int], chunk: Chunk) -> None:
        nonlocal total
        total = tally if total is None else [a + b for a, b in zip(total, tally, strict=True)]
        if on_done is not None:  # a groups chunk counts parts, the bar counts its deals
            on_done(tally[0] if chunk[0] in ("groups", "boards-enumerate") else chunk[6])

    if executor is None and threads == 1:
        for chunk in chunks:
            merge(_run_chunk(chunk), chunk)
    elif executor is None:
        pull(chunks, _run_chunk, lambda chunk, tally: merge(tally, chunk), threads)
    else:
        pending: dict[Future[list[int]], Chunk] = {}
        try:
            for chunk in chunks:
                if len(pending) >= IN_FLIGHT:  # wait for room: the pool never holds more
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        merge(future.result(), pending.pop(future))
                pending[executor.submit(_run_chunk, chunk)] = chunk
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    merge(future.result(), pending.pop(future))
        finally:
            for future in pending:  # interrupted or failed: drop the work not yet started
                future.cancel()
    assert total is not None
    return total


def equity(
    holes: Sequence[CardsLike | Range | None],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool | Progress = False,
    game: Game | None = None,
    boards: Sequence[CardsLike] | None = None,
    runs: int = 1,
) -> EquityResult:
    """Each player's share of an Omaha Hi-Lo pot, high, low and scoop.

    ``holes``: 2 to 10 hands of 4, 5 or 6 cards (all the same size); None for
    a random hand; a :class:`~hilo_fast.Range` or a range string (a string
    that reads as cards is a hand) for a player dealt from a range, with
    exact card removal and ranges dealt jointly, weights included
    (docs/ranges.md has the exactness rule). ``board``: 0, 3, 4 or 5 known
    cards; ``dead``: cards out of the deck. With ``samples=None`` every deal
    is settled (exact) unless random hands make more than ``EXACT_LIMIT``
    (2,000,000) deals, in which case ``DEFAULT_SAMPLES`` (100,000) Monte
    Carlo samples are drawn and ``exact`` is False; ``samples=N`` draws N
    (1..``MAX_SAMPLES``).
    Monte Carlo is reproducible for a ``seed`` (a random one is chosen and
    reported when None), on both backends and for any ``threads`` or
    ``executor``. ``threads`` (default 1) runs chunks on that many threads
    (one where a split cannot pay: fewer than two full chunks of work, the
    grouped exact enumeration, or the pure backend under a GIL);
    ``executor`` runs them on any :class:`concurrent.futures.Executor`
    instead. ``progress=True`` draws a bar on stderr when it is a terminal
    (see :class:`~hilo_fast.progress.Progress`); a ``Progress`` given here
    is sized to the run and counts it, drawn or not.

    Both make the wheel straight and the wheel low: each half is shared.

    >>> r = equity(["As2sKhKd", "Ad2dQcJc"], board="3h4c5dKsQh")
    >>> [(p.equity, p.tie_high, p.tie_low) for p in r.players]
    [(0.5, 1.0, 1.0), (0.5, 1.0, 1.0)]

    On the turn, each of the 40 unknown cards is a river:

    >>> r = equity(["As2sKhKd", "Ad2dQcJc"], board="3h4c5dKs")
    >>> r.exact, r.boards
    (True, 40)

    ``game``: a :class:`~hilo_fast.Game`: its ``hole_cards`` must be every
    hand's size; ``split="high"`` is Omaha high (the best high takes all);
    ``boards=2`` is double board, each board's known cards in ``boards=[b1,
    b2]`` (both unknown when not given), the two boards dealt jointly from one
    deck, half the pot each. ``runs=2``: the rest of the board is run twice
    (the runs share the known cards, half the pot each): the same equity, a
    smaller ``std_dev``; ``runs`` 1 to ``MAX_RUNS``, boards x runs at most 8.
    With every hand known, several boards and runs are enumerated when the
    deals (a completion of every board) are at most ``BOARDS_EXACT_LIMIT``
    and every board after the first is known from the flop on, else sampled.
    Ranges and random hands on several boards: exact over every tuple of
    hands when few enough (hilo_fast.equity.range_boards), else sampled. A
    high-only game on one board takes ranges and random hands as range
    equity (its rules for exact or sampled).

    >>> r = equity(["AsAhKsKd", "QsQhJsJd"], game=Game(boards=2),
    ...            boards=["Kh9c2d", "Qd8c3h"])
    >>> r.exact, r.boards, [round(p.equity, 3) for p in r.players]
    (True, 442890, [0.503, 0.497])
    """
    if game is not None and not isinstance(game, Game):
        raise TypeError(f"game must be a hilo_fast.Game, got {game!r}")
    _check_int(runs, "runs", 1, MAX_RUNS)
    high_only = game is not None and not game.hilo
    if boards is not None or runs > 1 or (game is not None and game.boards > 1):
        return _boards_equity(holes, board, dead, boards, game, runs, samples, seed,
                              threads, executor, progress)
    players, n_hole, ranges = _parse_players(holes)
    _check_game_holes(game, n_hole)
    if high_only and all(hand is not None for hand in players):  # boards.c: exact, fast
        return _boards_equity(holes, board, dead, boards, game, runs, samples, seed,
                              threads, executor, progress)
    board_ids, dead_ids = parse_cards(board), parse_cards(dead)
    check_count(board_ids, BOARD_SIZES, "board")
    named = {f"player {i + 1}": hand for i, hand in enumerate(players) if hand is not None}
    check_distinct(**named, board=board_ids, dead=dead_ids)
    n_random = sum(hand is None for hand in players)  # random hands and ranges
    unknown = 52 - sum(len(hand) for hand in named.values()) - len(board_ids) - len(dead_ids)
    needed = n_random * n_hole + 5 - len(board_ids)
    if needed > unknown:
        raise ValueError(f"too many players for the deck: the deal needs {needed} more cards, "
                         f"only {unknown} are left")
    n_threads = _check_run_options(samples, seed, threads, executor, progress)
    if samples is None and not high_only and TWO_RANGES_EXACT:
        sums = settle_two(players, ranges, n_hole, board_ids, dead_ids)
        if sums is not None:  # two players, a range, a flop: exact in one C call
            return _two_ranges_result(sums, players, board_ids, dead_ids, ranges, game,
                                      progress)

    flat = tuple(card for hand in players
                 for card in (hand if hand is not None else [-1] * n_hole))
    spot = (flat, n_hole, tuple(board_ids), tuple(dead_ids))
    dealt: RangeSpot | None = None
    # Ranges (see hilo_fast.equity.range_spots for the rule), and random hands in
    # Omaha high: range_equity.c settles both.
    if high_only or any(r is not None for r in ranges):
        removed = [*board_ids, *dead_ids, *(c for hand in named.values() for c in hand)]
        dealt, exact_weights = prepare_ranges(ranges, removed)
        deals = int(backend.range_deals(*spot, dealt))
        exact = samples is None and exact_weights and 0 <= deals <= EXACT_LIMIT
    else:
        deals = int(backend.equity_deals(*spot))
        exact = samples is None and deals >= 0 and (n_random == 0 or deals <= EXACT_LIMIT)
    if exact:
        # groups of boards only when every hand is known (no range, no random hand)
        grouped = n_random == 0 and dealt is None
        total, mode, seed = deals, "groups" if grouped else "enumerate", None
    else:
        total, mode = samples or DEFAULT_SAMPLES, "sample"
        seed = secrets.randbits(64) if seed is None else seed
    chunks = _chunks(mode, spot, total, seed or 0)
    if dealt is not None:
        kind = f"range-{mode}-high" if high_only else f"range-{mode}"
        chunks = ((kind, *chunk[1:7], dealt) for chunk in chunks)
    unit = "boards" if exact else "samples"
    if isinstance(progress, Progress):
        bar, progress.total, progress.unit = progress, total, unit
    else:
        bar = Progress(total, unit, show=progress)
    with bar:
        tally = _run(chunks, _threads_used(mode, total, n_threads), executor, bar.update)
    if not tally[0]:
        raise ValueError("the ranges can never be dealt together: every choice of their hands "
                         "shares a card")
    return _result(tally, players, board_ids, dead_ids, exact, seed, ranges, game)


def _check_game_holes(game: Game | None, n_hole: int) -> None:
    if game is not None and n_hole != game.hole_cards:
        raise ValueError(f"the hands hold {n_hole} cards but the game deals {game.hole_cards}")


def _check_run_options(samples: int | None, seed: int | None, threads: int | None,
                       executor: Executor | None, progress: bool | Progress) -> int:
    """Check the options every run takes; the number of threads."""
    if samples is not None:
        _check_int(samples, "samples", 1)
        if samples > MAX_SAMPLES:
            raise ValueError(f"samples must be at most {MAX_SAMPLES:,} (equity.MAX_SAMPLES), "
                             f"got {samples:,}")
    if seed is not None:
        _check_int(seed, "seed", 0, _MASK64)
    n_threads = 1 if threads is None else _check_int(threads, "threads", 1)
    if executor is not None and threads is not None:
        raise ValueError("give threads or executor, not both")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not "
                        f"{type(executor).__name__}")
    if not isinstance(progress, (bool, Progress)):
        raise TypeError(f"progress must be a bool or a Progress, not {type(progress).__name__}")
    return n_threads


def _boards_equity(holes: Sequence[CardsLike | Range | None], board: CardsLike,
                   dead: CardsLike, boards: Sequence[CardsLike] | None, game: Game | None,
                   runs: int, samples: int | None, seed: int | None, threads: int | None,
                   executor: Executor | None, progress: bool | Progress) -> EquityResult:
    """Equity on several boards or in a high-only game (csrc/equity/boards.c)."""
    players, n_hole, ranges = _parse_players(holes)
    _check_game_holes(game, n_hole)
    n_boards = game.boards if game is not None else 1 if boards is None else len(boards)
    if boards is not None:
        if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
            raise TypeError(f"boards must be a list of boards, got {boards!r}")
        if parse_cards(board):
            raise TypeError("give the board or boards=[...], not both")
        if len(boards) != n_boards or not 1 <= n_boards <= backend.BOARDS_MAX:
            raise ValueError(f"boards must hold {n_boards} board(s) (the game's), "
                             f"got {len(boards)}")
        rows = [parse_cards(cards) for cards in boards]
    elif n_boards > 1 and parse_cards(board):
        raise ValueError("a double board's known cards go in boards=[first, second]")
    else:
        rows = [parse_cards(board)] * n_boards
    if n_boards * runs > backend.BOARDS_MAX:
        raise ValueError(f"at most {backend.BOARDS_MAX} boards in all: {n_boards} board(s) "
                         f"run {runs} times is too many")
    dead_ids = parse_cards(dead)
    for number, row in enumerate(rows):
        check_count(row, BOARD_SIZES, "board" if n_boards == 1 else f"board {number}")
    named = {f"player {i + 1}": hand for i, hand in enumerate(players) if hand is not None}
    check_distinct(**named, **{f"board {b}": row for b, row in enumerate(rows)}, dead=dead_ids)
    rows = rows * runs   # the runs share the known cards
    n_threads = _check_run_options(samples, seed, threads, executor, progress)
    flat = tuple(card for hand in players for card in (hand or [-1] * n_hole))
    high_only = game is not None and not game.hilo
    missing = [5 - len(row) for row in rows]
    n_drawn = sum(hand is None for hand in players)   # ranges and random hands
    unknown = (52 - sum(len(hand) for hand in players if hand is not None)
               - len({c for row in rows for c in row}) - len(dead_ids))
    if sum(missing) + n_drawn * n_hole > unknown:
        raise ValueError(f"too many cards: the boards need {sum(missing)} and the hands dealt "
                         f"{n_drawn * n_hole}, only {unknown} are left")
    spot: BoardsSpot = (tuple(tuple(row) for row in rows), high_only)
    if n_drawn:
        return _boards_range_equity(players, n_hole, ranges, rows, dead_ids, spot, unknown,
                                    samples, seed, n_threads, executor, progress, game, runs)
    deals = int(backend.boards_deals(flat, n_hole, spot[0], tuple(dead_ids)))
    enumerable = all(m <= 2 for m in missing[1:])
    exact = samples is None and enumerable and 0 <= deals <= BOARDS_EXACT_LIMIT
    chunks: list[Chunk] | Iterator[Chunk]
    if exact:
        parts = n_threads if PARALLEL and executor is None else 1
        chunks = [("boards-enumerate", flat, n_hole, (), tuple(dead_ids), part, parts, spot)
                  for part in range(parts)]
        total, used, seed = deals, parts, None
    else:
        total = samples or DEFAULT_SAMPLES
        seed = secrets.randbits(64) if seed is None else seed
        chunks = (("boards-sample", flat, n_hole, (), tuple(dead_ids),
                   _chunk_seed(seed, index), min(CHUNK_SAMPLES, total - start), spot)
                  for index, start in enumerate(range(0, total, CHUNK_SAMPLES)))
        used = _threads_used("sample", total, n_threads)
    if isinstance(progress, Progress):
        bar, progress.total, progress.unit = progress, total, "boards" if exact else "samples"
    else:
        bar = Progress(total, "boards" if exact else "samples", show=progress)
    with bar:
        tally = _run(chunks, used, executor, bar.update)
    return _boards_result(tally, players, rows, dead_ids, exact, seed, game, runs)


def _boards_range_equity(players: list[list[int] | None], n_hole: int,
                         ranges: list[Range | None], rows: list[list[int]], dead: list[int],
                         spot: BoardsSpot, unknown: int, samples: int | None,
                         seed: int | None, n_threads: int, executor: Executor | None,
                         progress: bool | Progress, game: Game | None,
                         runs: int) -> EquityResult:
    """Several boards with players dealt from ranges or random hands
    (hilo_fast.equity.range_boards has the rule for exact)."""
    removed = [*(c for hand in players if hand is not None for c in hand),
               *{c for row in rows for c in row}, *dead]
    dealt, exact_weights = prepare_ranges(ranges, removed)
    n_random = sum(hand is None and r is None for hand, r in zip(players, ranges, strict=True))
    tuples = tuple_count(dealt) * math.comb(52 - len(removed), n_hole) ** n_random
    per_tuple = deals_per_tuple(rows, unknown - sum(hand is None for hand in players) * n_hole)
    exact = (samples is None and exact_weights and all(5 - len(row) <= 2 for row in rows[1:])
             and tuples <= EXACT_TUPLES and tuples * per_tuple <= BOARDS_EXACT_LIMIT)
    flat = tuple(card for hand in players for card in (hand or [-1] * n_hole))
    chunk_spot: BoardsRangeSpot
    chunks: list[Chunk] | Iterator[Chunk]
    if exact:
        full = (tuple(full_range(n_hole, removed) if hand is None and r is None else entry
                      for hand, r, entry in zip(players, ranges, dealt, strict=True)))
        chunk_spot = (spot[0], spot[1], full, tuple(removed))
        size = max(1, min(RANGE_CHUNK_TUPLES, -(-tuples // max(1, n_threads))))
        chunks = [("boards-range-enumerate", flat, n_hole, (), tuple(dead), start,
                   min(size, tuples - start), chunk_spot) for start in range(0, tuples, size)]
        total, seed, used = tuples, None, len(chunks)
    else:
        chunk_spot = (spot[0], spot[1], dealt, tuple(removed))
        total = samples or DEFAULT_SAMPLES
        seed = secrets.randbits(64) if seed is None else seed
        chunks = (("boards-range-sample", flat, n_hole, (), tuple(dead),
                   _chunk_seed(seed, index), min(CHUNK_SAMPLES, total - start), chunk_spot)
                  for index, start in enumerate(range(0, total, CHUNK_SAMPLES)))
        used = -(-total // CHUNK_SAMPLES)
    used = max(1, min(n_threads, used)) if PARALLEL else 1
    unit = "hand tuples" if exact else "samples"
    if isinstance(progress, Progress):
        bar, progress.total, progress.unit = progress, total, unit
    else:
        bar = Progress(total, unit, show=progress)
    with bar:
        tally = _run(chunks, used, executor, bar.update)
    if not tally[0]:
        raise ValueError("the ranges can never be dealt together: every choice of their hands "
                         "shares a card")
    return _boards_result(tally[:-1], players, rows, dead, exact, seed, game, runs,
                          ranges, tally[-1])


def _boards_result(tally: list[int], players: list[list[int] | None], rows: list[list[int]],
                   dead: list[int], exact: bool, seed: int | None, game: Game | None,
                   runs: int, ranges: Sequence[Range | None] = (),
                   settled: int | None = None) -> EquityResult:
    """The answer from a tally of hf_boards_tally's flat form (weighted by
    the hands' weights with ranges: ``settled`` is then the deals settled)."""
    deals, n_boards, pot = tally[0], len(rows), backend.boards_pot(len(rows))
    width = len(backend.BOARD_FIELDS)
    per_player = 3 + width * backend.BOARDS_MAX
    out = []
    for p, hand in enumerate(players):
        at = 1 + backend.BOARDS_MAX + per_player * p
        share, share_sq, scoop = tally[at:at + 3]
        per_board = [BoardEquity(*(count / deals for count in
                                   tally[at + 3 + width * b:at + 3 + width * (b + 1)]))
                     for b in range(n_boards)]
        mean = Fraction(share, pot * deals)
        spread = max(Fraction(share_sq, deals) - Fraction(share, deals) ** 2, Fraction(0))
        error = 0.0
        if not exact and deals > 1:
            error = math.sqrt(spread * deals / (deals - 1) / deals) / pot
        scoop_one = None
        if n_boards == 2:
            both = scoop
            counts = [tally[at + 3 + width * b] for b in range(2)]
            scoop_one = (counts[0] + counts[1] - 2 * both) / deals
        out.append(PlayerEquity(
            hole=None if hand is None else tuple(card_str(c) for c in hand),
            equity=float(mean), equity_fraction=mean, std_error=error,
            scoop=scoop / deals,
            win_high=sum(b.win_high for b in per_board) / n_boards,
            tie_high=sum(b.tie_high for b in per_board) / n_boards,
            win_low=sum(b.win_low for b in per_board) / n_boards,
            tie_low=sum(b.tie_low for b in per_board) / n_boards,
            std_dev=math.sqrt(spread) / pot, scoop_one=scoop_one, boards=tuple(per_board)))
    return EquityResult(
        players=tuple(out), board=tuple(card_str(c) for c in rows[0]),
        dead=tuple(card_str(c) for c in dead),
        no_low=sum(tally[1:1 + n_boards]) / n_boards / deals,
        boards=deals if settled is None else settled, exact=exact, seed=seed,
        ranges=tuple(None if r is None else str(r) for r in ranges) or (None,) * len(players),
        game=game, runs=runs,
        board_cards=tuple(tuple(card_str(c) for c in row) for row in rows))


def _result(tally: list[int], players: list[list[int] | None], board: list[int],
            dead: list[int], exact: bool, seed: int | None,
            ranges: Sequence[Range | None] = (), game: Game | None = None) -> EquityResult:
    """The answer from a tally; a range spot's tally ends with the deals
    settled (its other sums are weighted when exact)."""
    deals, no_low = tally[0], tally[1]
    boards = tally[-1] if len(tally) > 2 + _FIELDS * len(players) else deals
    out = []
    for p, hand in enumerate(players):
        share, share_sq, scoop, win_high, tie_high, win_low, tie_low = (
            tally[2 + _FIELDS * p: 2 + _FIELDS * (p + 1)])
        mean = Fraction(share, POT * deals)
        error = 0.0
        if not exact and deals > 1:
            variance = (share_sq - Fraction(share * share, deals)) / (deals - 1)
            error = math.sqrt(variance / deals) / POT
        spread = None   # a range spot's tally (one more item) leaves share_sq 0 when exact
        if len(tally) == 2 + _FIELDS * len(players):
            spread = math.sqrt(float(max(Fraction(share_sq, deals) - mean * mean * POT * POT,
                                         Fraction(0)))) / POT
        out.append(PlayerEquity(
            hole=None if hand is None else tuple(card_str(c) for c in hand),
            equity=float(mean), equity_fraction=mean, std_error=error,
            scoop=scoop / deals, win_high=win_high / deals, tie_high=tie_high / deals,
            win_low=win_low / deals, tie_low=tie_low / deals, std_dev=spread))
    return EquityResult(
        players=tuple(out), board=tuple(card_str(c) for c in board),
        dead=tuple(card_str(c) for c in dead), no_low=no_low / deals, boards=boards,
        exact=exact, seed=seed,
        ranges=tuple(None if r is None else str(r) for r in ranges), game=game)


def _two_ranges_result(sums: list[Fraction], players: list[list[int] | None], board: list[int],
                       dead: list[int], ranges: Sequence[Range | None], game: Game | None,
                       progress: bool | Progress) -> EquityResult:
    """The answer from :func:`.two_ranges.settle_two`'s sums."""
    deals, no_low, fields = player_fields(sums)
    bar = progress if isinstance(progress, Progress) else Progress(deals, "boards",
                                                                   show=progress)
    bar.total, bar.unit = deals, "boards"
    with bar:
        bar.update(deals)
    out = [PlayerEquity(hole=None if hand is None else tuple(card_str(c) for c in hand),
                        equity=float(f["equity"]), equity_fraction=f["equity"], std_error=0.0,
                        scoop=float(f["scoop"]), win_high=float(f["win_high"]),
                        tie_high=float(f["tie_high"]), win_low=float(f["win_low"]),
                        tie_low=float(f["tie_low"]))
           for hand, f in zip(players, fields, strict=True)]
    return EquityResult(
        players=tuple(out), board=tuple(card_str(c) for c in board),
        dead=tuple(card_str(c) for c in dead), no_low=float(no_low), boards=deals, exact=True,
        seed=None, ranges=tuple(None if r is None else str(r) for r in ranges), game=game)
