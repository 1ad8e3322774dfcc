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
from ..core.split import PARALLEL, pull
from ..progress import Progress
from ..ranges.language import Range
from ._backend import backend
from .range_spots import RangeSpot, prepare_ranges, range_chunk

__all__ = ["EquityResult", "PlayerEquity", "equity"]

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
#: Fixed chunk sizes: the chunks (and so the Monte Carlo streams) do not
#: depend on the number of threads or on the executor.
CHUNK_DEALS = 1 << 15
CHUNK_SAMPLES = 10_000
#: With every hand known, exact equity settles groups of boards (one per rank
#: multiset and flush pattern, hf_equity_exact): heads-up preflop takes about a
#: millisecond, less than a thread pool costs, so the spot is one chunk.

_MASK64 = (1 << 64) - 1
_FIELDS = len(backend.EQUITY_TALLY_FIELDS)  # per player in a flat tally

# A chunk: (mode, holes, n_hole, board, dead, first deal or seed, count),
# then the ranges for a range spot.
Chunk = (tuple[str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int]
         | tuple[str, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int, RangeSpot])


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


@dataclass(frozen=True)
class EquityResult:
    """The answer of :func:`equity`.

    ``boards``: deals evaluated (every board exactly once when ``exact``,
    else the number of samples); ``no_low``: fraction of them where nobody
    made a qualifying low; ``seed``: the Monte Carlo seed (None when exact);
    ``ranges``: per player, the text of the range it was dealt from, or None
    (a hand or a random hand). With ranges, ``boards`` counts the deals
    settled and the other fractions are weighted.
    """

    players: tuple[PlayerEquity, ...]
    board: tuple[str, ...]
    dead: tuple[str, ...]
    no_low: float
    boards: int
    exact: bool
    seed: int | None
    ranges: tuple[str | None, ...] = ()


def _run_chunk(chunk: Chunk) -> list[int]:
    """Run one chunk on this process's backend (module level: executors pickle it)."""
    mode, holes, n_hole, board, dead, start, count = chunk[:7]
    if mode == "groups":  # part `start` of `count` of the grouped enumeration
        tally = backend.equity_exact(holes, n_hole, board, dead, start, count)
    elif mode == "enumerate":
        tally = backend.equity_enumerate(holes, n_hole, board, dead, start, count)
    elif mode == "sample":
        tally = backend.equity_sample(holes, n_hole, board, dead, start, count)
    else:  # a range spot (hilo_fast.equity.range_spots), its ranges last in the chunk
        tally = range_chunk(mode, chunk[7], holes, n_hole, board, dead, start,  # type: ignore[misc]
                            count)
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
            on_done(tally[0] if chunk[0] == "groups" else chunk[6])

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
    """
    players, n_hole, ranges = _parse_players(holes)
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

    flat = tuple(card for hand in players
                 for card in (hand if hand is not None else [-1] * n_hole))
    spot = (flat, n_hole, tuple(board_ids), tuple(dead_ids))
    dealt: RangeSpot | None = None
    if any(r is not None for r in ranges):  # see hilo_fast.equity.range_spots for the rule
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
        chunks = ((f"range-{mode}", *chunk[1:7], dealt) for chunk in chunks)
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
    return _result(tally, players, board_ids, dead_ids, exact, seed, ranges)


def _result(tally: list[int], players: list[list[int] | None], board: list[int],
            dead: list[int], exact: bool, seed: int | None,
            ranges: Sequence[Range | None] = ()) -> EquityResult:
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
        out.append(PlayerEquity(
            hole=None if hand is None else tuple(card_str(c) for c in hand),
            equity=float(mean), equity_fraction=mean, std_error=error,
            scoop=scoop / deals, win_high=win_high / deals, tie_high=tie_high / deals,
            win_low=win_low / deals, tie_low=tie_low / deals))
    return EquityResult(
        players=tuple(out), board=tuple(card_str(c) for c in board),
        dead=tuple(card_str(c) for c in dead), no_low=no_low / deals, boards=boards,
        exact=exact, seed=seed,
        ranges=tuple(None if r is None else str(r) for r in ranges))
